//! The dense engine: `g(a, b)` for `a <= rows`, `a <= b <= cols`, row by row.
//!
//! The options of `(i, j)`, `i <= j`, are the cells to its left in row `i`, below it in column
//! `j`, and down-left on its diagonal `d = j - i`; the mirror cells `(j', i)`, `j' < i`, have
//! been computed in the earlier rows `j'` (symmetry), so only `i <= j` is computed. Each of the
//! three lines keeps the set of values met so far as a bitset, and the value of a cell is the
//! first zero bit of their union, found a word at a time.
//!
//! **Windows.** For `a <= b`, `b - 2a <= g(a, b) <= b + 2a` (the docs of [`super`] prove both),
//! so the values of column `j` (rows `<= R`) lie in `[j - 2R, j + 2R]` and those of diagonal `d`
//! in `[d - R, d + 3R]`: each column and each diagonal keeps a window of `4R + 1` bits (rounded
//! to whole words), which is what lets a strip of a few rows run along millions of columns. The
//! row's own bitset is complete (one row at a time), and all its values below `j - 2i` are
//! present (same lemma), so the search for the first zero starts at the row's own mex.

use crate::{Error, Result};

/// The most memory a table may take (values, windows and row), in bytes: 2 GiB.
pub const MAX_TABLE_BYTES: u128 = 1 << 31;

/// `g(a, b)` for every `a <= rows`, `a <= b <= cols` (and, by symmetry, its mirror image).
#[derive(Debug, Clone)]
pub struct Table {
    rows: u64,
    cols: u64,
    values: Vec<u32>,
}

/// The words of a column's or a diagonal's window for tables of `rows` rows.
fn window_words(rows: u128) -> u128 {
    (4 * rows + 64) / 64 + 1
}

/// The cells `(i, j)`, `i <= rows`, `i <= j <= cols` (`rows <= cols`).
fn cell_count(rows: u128, cols: u128) -> u128 {
    (rows + 1) * (cols + 1) - rows * (rows + 1) / 2
}

impl Table {
    /// The memory a table of `rows` and `cols` takes, in bytes (`rows <= cols`).
    pub fn bytes(rows: u64, cols: u64) -> u128 {
        // Piles near 2^64 overflow even u128: saturate (such a table is refused anyway).
        let (r, c) = (u128::from(rows), u128::from(cols));
        let sets = (2 * (c + 1)).saturating_mul(window_words(r) * 8);
        (r + 1)
            .saturating_mul(c + 1)
            .saturating_mul(4)
            .saturating_add(sets)
            .saturating_add((c + 2 * r) / 8 + 16)
    }

    /// Refuses a table beyond [`MAX_TABLE_BYTES`], naming the limit.
    pub fn check_size(rows: u64, cols: u64) -> Result<()> {
        let bytes = Self::bytes(rows, cols);
        if bytes > MAX_TABLE_BYTES {
            return Err(Error::TooLarge(format!(
                "the SG values of Wythoff's game with the smaller pile <= {rows} and the larger <= {cols} need a table of {} MiB, more than the limit of {} MiB",
                bytes >> 20,
                MAX_TABLE_BYTES >> 20
            )));
        }
        Ok(())
    }

    /// Computes the table (`rows <= cols`; `progress` gets each row done), refused before any
    /// work beyond [`MAX_TABLE_BYTES`].
    pub fn compute(rows: u64, cols: u64, progress: &mut dyn FnMut(u64)) -> Result<Table> {
        if rows > cols {
            return Err(Error::Invalid(format!(
                "a Wythoff table needs rows <= columns, got {rows} > {cols}"
            )));
        }
        Self::check_size(rows, cols)?;
        // Below the memory limit every count fits `usize` and every value (at most
        // cols + 2 rows) fits `u32`.
        let (r, c) = (rows as usize, cols as usize);
        let width = window_words(rows as u128) as usize;
        let mut values = vec![0u32; cell_count(rows as u128, cols as u128) as usize];
        let mut columns = vec![0u64; (c + 1) * width];
        let mut diagonals = vec![0u64; (c + 1) * width];
        let mut row = vec![0u64; (c + 2 * r) / 64 + 2];
        let offset = |i: usize| i * (c + 1) - (i * i - i) / 2;
        for i in 0..=r {
            row.fill(0);
            for j in 0..i {
                let v = values[offset(j) + (i - j)] as usize;
                row[v / 64] |= 1 << (v % 64);
            }
            let mut mex = 0usize;
            while row[mex / 64] >> (mex % 64) & 1 == 1 {
                mex += 1;
            }
            let base = offset(i) - i;
            for j in i..=c {
                let d = j - i;
                let col_base = j.saturating_sub(2 * r) / 64;
                let diag_base = d.saturating_sub(r) / 64;
                let col = &columns[j * width..(j + 1) * width];
                let diag = &diagonals[d * width..(d + 1) * width];
                // Words below a window's base hold none of its values (the lemma).
                let word = |w: usize| {
                    row[w]
                        | col.get(w.wrapping_sub(col_base)).copied().unwrap_or(0)
                        | diag.get(w.wrapping_sub(diag_base)).copied().unwrap_or(0)
                };
                let mut w = mex / 64;
                let mut bits = word(w);
                while bits == u64::MAX {
                    w += 1;
                    bits = word(w);
                }
                let v = w * 64 + bits.trailing_ones() as usize;
                values[base + j] = v as u32;
                row[v / 64] |= 1 << (v % 64);
                let (cv, dv) = (v - col_base * 64, v - diag_base * 64);
                columns[j * width + cv / 64] |= 1 << (cv % 64);
                diagonals[d * width + dv / 64] |= 1 << (dv % 64);
                while row[mex / 64] >> (mex % 64) & 1 == 1 {
                    mex += 1;
                }
            }
            progress(i as u64);
        }
        Ok(Table { rows, cols, values })
    }

    /// The rows covered (the smaller pile).
    pub fn rows(&self) -> u64 {
        self.rows
    }

    /// The columns covered (the larger pile).
    pub fn cols(&self) -> u64 {
        self.cols
    }

    /// Whether `(a, b)` (either order) is in the table.
    pub fn covers(&self, a: u64, b: u64) -> bool {
        a.min(b) <= self.rows && a.max(b) <= self.cols
    }

    /// `g(a, b)` (either order), when in the table.
    pub fn get(&self, a: u64, b: u64) -> Option<u64> {
        if !self.covers(a, b) {
            return None;
        }
        let (i, j) = (a.min(b) as usize, a.max(b) as usize);
        let c = self.cols as usize;
        let offset = i * (c + 1) - (i * i - i) / 2;
        Some(u64::from(self.values[offset + j - i]))
    }

    /// The values `g(a, b)` for `b` in `from..end` (all covered).
    pub fn row_values(&self, a: u64, from: u64, end: u64, out: &mut Vec<u64>) {
        out.extend((from..end).map(|b| self.get(a, b).expect("covered")));
    }
}

/// The SG values on `[0, n]^2` by the definition: the mex of the values of every option, the
/// options listed from the rules (the tests' reference, `O(n^3)`).
pub fn by_definition(n: usize) -> Vec<Vec<u64>> {
    let mut g = vec![vec![0u64; n + 1]; n + 1];
    for a in 0..=n {
        for b in 0..=n {
            let mut seen = vec![false; 3 * (a + b) + 2];
            for x in 0..a {
                seen[g[x][b] as usize] = true;
            }
            for y in 0..b {
                seen[g[a][y] as usize] = true;
            }
            for t in 1..=a.min(b) {
                seen[g[a - t][b - t] as usize] = true;
            }
            g[a][b] = seen.iter().position(|s| !s).unwrap_or(seen.len()) as u64;
        }
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_engine_agrees_with_the_definition_on_300_squared() {
        let n = 300;
        let reference = by_definition(n);
        let table = Table::compute(n as u64, n as u64, &mut |_| {}).unwrap();
        for (a, row) in reference.iter().enumerate() {
            for (b, &g) in row.iter().enumerate() {
                assert_eq!(table.get(a as u64, b as u64), Some(g), "({a}, {b})");
            }
        }
    }

    #[test]
    fn strips_agree_with_the_square() {
        // A strip has narrower windows than the square: same values.
        let square = Table::compute(400, 400, &mut |_| {}).unwrap();
        for rows in [0, 1, 2, 5, 17, 64, 100] {
            let strip = Table::compute(rows, 400, &mut |_| {}).unwrap();
            for a in 0..=rows {
                for b in 0..=400 {
                    assert_eq!(strip.get(a, b), square.get(a, b), "rows {rows}: ({a}, {b})");
                }
            }
        }
    }

    #[test]
    fn nivasch_table_rows() {
        // G. Nivasch, "Wythoff's game" (after his M.Sc. thesis): rows 2, 5 and 13 of the table
        // of the SG function, columns 0 to 13.
        let table = Table::compute(13, 13, &mut |_| {}).unwrap();
        let row = |a: u64| {
            (0..14)
                .map(|b| table.get(a, b).unwrap())
                .collect::<Vec<_>>()
        };
        assert_eq!(row(2), [2, 0, 1, 5, 3, 4, 8, 6, 7, 11, 9, 10, 14, 12]);
        assert_eq!(row(5), [5, 3, 4, 0, 6, 8, 10, 1, 2, 7, 12, 14, 9, 15]);
        assert_eq!(row(13), [13, 14, 12, 11, 16, 15, 17, 2, 0, 5, 6, 19, 20, 9]);
    }

    #[test]
    fn the_diagonal_is_oeis_a047708() {
        // OEIS A047708, the diagonal g(n, n) of Wythoff's game.
        let table = Table::compute(24, 24, &mut |_| {}).unwrap();
        let diagonal: Vec<u64> = (0..25).map(|n| table.get(n, n).unwrap()).collect();
        assert_eq!(
            diagonal,
            [
                0, 2, 1, 6, 7, 8, 3, 5, 4, 16, 14, 15, 10, 9, 11, 20, 13, 21, 12, 25, 17, 18, 19,
                30, 31
            ]
        );
    }

    #[test]
    fn limits_are_named_before_work() {
        let e = Table::compute(100_000, 100_000, &mut |_| panic!("no work")).unwrap_err();
        assert!(e.to_string().contains("2048 MiB"), "{e}");
        assert!(Table::compute(3, 2, &mut |_| {}).is_err());
    }
}
