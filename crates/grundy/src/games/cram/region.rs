//! Regions of a Cram board as bit sets: connected pieces, their bounding boxes and their
//! canonical form under the eight symmetries of the square.
//!
//! A region of `rows x cols` cells (at most [`MAX_CELLS`]) is a `u128` whose bit `r * cols + c`
//! is set when cell `(r, c)` is empty. Shifting the whole set by one moves every cell to a
//! neighbour; the masks of the first and last columns stop a shift from wrapping a row's end
//! onto the next row.

pub use crate::games::board::for_each_bit;

/// The most cells a board may have: one bit per cell in a `u128`.
pub const MAX_CELLS: u32 = 128;

/// A set of empty cells inside a `rows x cols` box.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Region {
    /// Rows of the box.
    pub rows: u8,
    /// Columns of the box.
    pub cols: u8,
    /// Bit `r * cols + c`: cell `(r, c)` is empty.
    pub cells: u128,
}

/// The cells of column `c` of a `rows x cols` box.
fn column(rows: u32, cols: u32, c: u32) -> u128 {
    (0..rows).fold(0, |m, r| m | 1u128 << (r * cols + c))
}

/// The cells of a `rows x cols` box.
pub fn full(rows: u32, cols: u32) -> u128 {
    let n = rows * cols;
    if n == 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

/// Shifts that stay inside a box: what each needs to know of it.
#[derive(Debug, Clone, Copy)]
pub struct Geometry {
    rows: u32,
    cols: u32,
    all: u128,
    not_first: u128,
    not_last: u128,
}

impl Geometry {
    /// The geometry of a `rows x cols` box (at most [`MAX_CELLS`] cells).
    pub fn new(rows: u32, cols: u32) -> Self {
        let all = full(rows, cols);
        Geometry {
            rows,
            cols,
            all,
            not_first: all & !column(rows, cols, 0),
            not_last: all & !column(rows, cols, cols - 1),
        }
    }

    /// The cells of `set` and their neighbours, inside the box.
    fn grow(&self, set: u128) -> u128 {
        let c = self.cols;
        (set | (set << 1) & self.not_first | (set >> 1) & self.not_last | set << c | set >> c)
            & self.all
    }

    /// The empty cells whose right neighbour is empty too (left halves of horizontal dominoes).
    pub fn horizontal(&self, cells: u128) -> u128 {
        cells & self.not_last & (cells >> 1)
    }

    /// The empty cells whose lower neighbour is empty too (upper halves of vertical dominoes).
    pub fn vertical(&self, cells: u128) -> u128 {
        cells & (cells >> self.cols)
    }

    /// Splits `cells` into connected pieces (neighbours share a side) and hands each to `f`.
    pub fn pieces(&self, mut cells: u128, mut f: impl FnMut(u128)) {
        while cells != 0 {
            let mut piece = cells & cells.wrapping_neg();
            loop {
                let grown = self.grow(piece) & cells;
                if grown == piece {
                    break;
                }
                piece = grown;
            }
            cells &= !piece;
            f(piece);
        }
    }

    /// The piece `cells` (of this box) in its own bounding box, in canonical form.
    pub fn region(&self, cells: u128) -> Region {
        let (mut r0, mut r1, mut c0, mut c1) = (u32::MAX, 0, u32::MAX, 0);
        for_each_bit(cells, |i| {
            let (r, c) = (i / self.cols, i % self.cols);
            r0 = r0.min(r);
            r1 = r1.max(r);
            c0 = c0.min(c);
            c1 = c1.max(c);
        });
        let (rows, cols) = (r1 - r0 + 1, c1 - c0 + 1);
        let mut trimmed = 0u128;
        for r in 0..rows {
            let row = (cells >> ((r + r0) * self.cols + c0)) & ((1u128 << cols) - 1);
            trimmed |= row << (r * cols);
        }
        canonical(rows, cols, trimmed)
    }

    /// Rows and columns of the box.
    pub fn size(&self) -> (u32, u32) {
        (self.rows, self.cols)
    }
}

/// The rows of a `rows x cols` set, top first (bit `c` of a row: column `c`).
fn split_rows(rows: u32, cols: u32, cells: u128, out: &mut [u128; 128]) {
    let mask = if cols == 128 {
        u128::MAX
    } else {
        (1u128 << cols) - 1
    };
    for r in 0..rows {
        out[r as usize] = (cells >> (r * cols)) & mask;
    }
}

/// The set with these rows, in the given order (`reversed`: bottom first), each row mirrored
/// left to right when `mirrored`.
fn join_rows(rows: &[u128], cols: u32, reversed: bool, mirrored: bool) -> u128 {
    let n = rows.len();
    let mut out = 0u128;
    for i in 0..n {
        let mut row = rows[if reversed { n - 1 - i } else { i }];
        if mirrored {
            row = row.reverse_bits() >> (128 - cols);
        }
        out |= row << (i as u32 * cols);
    }
    out
}

/// The transpose of a `rows x cols` set (a `cols x rows` set).
fn transpose(rows: u32, cols: u32, cells: u128) -> u128 {
    let mut out = 0u128;
    for_each_bit(cells, |i| {
        let (r, c) = (i / cols, i % cols);
        out |= 1u128 << (c * rows + r);
    });
    out
}

/// The least of the images of a set under the symmetries of the square, with no more rows than
/// columns: equal for two regions exactly when one is a rotation or reflection of the other.
pub fn canonical(rows: u32, cols: u32, cells: u128) -> Region {
    // The four images that keep the box (identity, mirrored, upside down, half-turn) of the set
    // in the wide orientation, and of its transpose too when the box is square.
    let (wide_rows, wide_cols, wide) = if rows > cols {
        (cols, rows, transpose(rows, cols, cells))
    } else {
        (rows, cols, cells)
    };
    let mut buffer = [0u128; 128];
    let mut best = u128::MAX;
    let mut consider = |set: u128, buffer: &mut [u128; 128]| {
        split_rows(wide_rows, wide_cols, set, buffer);
        let rows = &buffer[..wide_rows as usize];
        for (reversed, mirrored) in [(false, false), (false, true), (true, false), (true, true)] {
            best = best.min(join_rows(rows, wide_cols, reversed, mirrored));
        }
    };
    consider(wide, &mut buffer);
    if rows == cols {
        consider(transpose(rows, cols, cells), &mut buffer);
    }
    Region {
        rows: wide_rows as u8,
        cols: wide_cols as u8,
        cells: best,
    }
}

/// Checkerboard colouring: the cells `(r, c)` with `r + c` even in a box `cols` wide.
pub fn even_cells(rows: u32, cols: u32) -> u128 {
    let mut mask = 0u128;
    for r in 0..rows {
        for c in 0..cols {
            if (r + c) % 2 == 0 {
                mask |= 1u128 << (r * cols + c);
            }
        }
    }
    mask
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_do_not_join_across_a_row_end() {
        // 2 x 3: cells (0,2) and (1,0) are consecutive bits but not neighbours.
        let g = Geometry::new(2, 3);
        let mut found = Vec::new();
        g.pieces(0b001_100, |p| found.push(p));
        assert_eq!(found, vec![0b000_100, 0b001_000]);
    }

    #[test]
    fn the_eight_images_of_an_l_share_one_canonical_form() {
        // An L of three cells in a 2 x 2 box, in each of its four orientations.
        let forms: Vec<Region> = [0b0111u128, 0b1011, 0b1101, 0b1110]
            .iter()
            .map(|&c| canonical(2, 2, c))
            .collect();
        assert!(forms.iter().all(|f| *f == forms[0]));
        // A 1 x 3 bar and a 3 x 1 bar are the same region.
        assert_eq!(canonical(1, 3, 0b111), canonical(3, 1, 0b111));
        // A 2 x 3 box with one corner filled, in its four positions.
        let corners = [0b111_110u128, 0b111_011, 0b110_111, 0b011_111];
        let forms: Vec<Region> = corners.iter().map(|&c| canonical(2, 3, c)).collect();
        assert!(forms.iter().all(|f| *f == forms[0]));
        // ... but not the same as the middle cell filled.
        assert_ne!(canonical(2, 3, 0b111_101), forms[0]);
    }

    #[test]
    fn a_piece_is_trimmed_to_its_box() {
        let g = Geometry::new(3, 4);
        // Cells (1,1) and (1,2): a horizontal domino.
        let piece = (1u128 << 5) | (1u128 << 6);
        assert_eq!(
            g.region(piece),
            Region {
                rows: 1,
                cols: 2,
                cells: 0b11
            }
        );
    }
}
