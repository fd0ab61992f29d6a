//! The dense, parallel engine for three-pile Sharing Nim: the table `G(0, a, b)`,
//! `0 <= a <= b <= B` (Ho's Table 1 is the corner `B = 16`).
//!
//! **Order.** By Lemma 1 every three-pile position is some `(0, a, b)`, `a <= b`. Every move
//! lowers `b` (the largest pile minus the smallest): from `(0, a, b)` the options are
//!
//! | move | `k` | option | its column `c` |
//! | --- | --- | --- | --- |
//! | middle -> empty | `2k <= a` | `(0, a - 2k, b - k)` | `b - k` |
//! | largest -> middle | `a + 2k <= b` | `(0, a + k, b - k)` | `b - k` |
//! | largest -> empty, `k <= a <= b - k` | `2k <= b` | `(0, a - k, b - 2k)` | `b - 2k` |
//! | largest -> empty, `b - k < a`, `k <= a` | `2k <= b` | `(0, b - 2k, a - k)` | `a - k` |
//! | largest -> empty, `a < k` | `2k <= b` | `(0, k - a, b - k - a)` | `b - k - a` |
//!
//! and every column `c` is below `b`. So column `b` depends only on earlier columns, and its
//! `b + 1` cells are independent: they are computed in parallel (rayon) over chunks of rows.
//!
//! **Locality.** For a fixed source column `c`, each of the five families reaches rows that are
//! affine in `a` (slope `+1` for the first three, `-2` for the last two). A task takes 64
//! consecutive rows `a` of column `b` and loops over the source columns outside and the rows
//! inside, reading each source column sequentially. The option values are collected
//! transposed: `mask[v]` is a 64-bit word whose bit `i` says that row `a0 + i` has an option of
//! value `v` (the masks, one word per value, stay in the L1 cache); the mex of every row is then
//! read off by one pass over `v`. Looking the options up cell by cell would instead touch `b`
//! different columns per cell, a cache miss each once the table outgrows the cache.
//!
//! **Storage.** Column-major triangle: cell `(a, b)` at `b(b + 1)/2 + a`. One byte per cell while
//! every value is below 256, two bytes from the first column that needs more (this happens
//! before `b = 400`: the largest value up to `B` is about `0.66 B`, e.g. 1315 for `B = 2000`; a
//! value is at most the number of options, `<= b`, so two bytes always suffice below
//! `B = 65536`). The
//! table refuses a `B` whose two-byte table would exceed [`MAX_TABLE_BYTES`] (2 GiB, so
//! `B <= 46339`); `B = 10000` takes 100 MB.

use rayon::prelude::*;

use crate::{Error, Result};

/// The largest table the engine builds, in bytes (two bytes per cell, the worst case).
pub const MAX_TABLE_BYTES: u64 = 2 << 30;

/// The number of cells `(a, b)`, `0 <= a <= b <= max_b`.
pub fn cells(max_b: u64) -> u128 {
    (u128::from(max_b) + 1).saturating_mul(u128::from(max_b) + 2) / 2
}

/// The bytes the table up to `max_b` needs when its values need two bytes (an upper bound; a
/// table whose values stay below 256 uses half).
pub fn bytes_needed(max_b: u64) -> u128 {
    cells(max_b).saturating_mul(2)
}

/// The largest `B` within [`MAX_TABLE_BYTES`].
pub fn max_b_within_limit() -> u64 {
    let mut b = ((MAX_TABLE_BYTES as f64).sqrt()) as u64;
    while bytes_needed(b + 1) <= u128::from(MAX_TABLE_BYTES) {
        b += 1;
    }
    while bytes_needed(b) > u128::from(MAX_TABLE_BYTES) {
        b -= 1;
    }
    b
}

/// Errors unless the table up to `max_b` fits [`MAX_TABLE_BYTES`].
pub fn check_size(max_b: u64) -> Result<()> {
    if bytes_needed(max_b) > u128::from(MAX_TABLE_BYTES) {
        return Err(Error::TooLarge(format!(
            "the three-pile table up to b = {max_b} needs {} bytes (2 per cell), more than the limit of {MAX_TABLE_BYTES} bytes (2 GiB): the largest b is {}",
            bytes_needed(max_b),
            max_b_within_limit()
        )));
    }
    Ok(())
}

#[derive(Debug, Clone)]
enum Values {
    U8(Vec<u8>),
    U16(Vec<u16>),
}

/// The values `G(0, a, b)` for `0 <= a <= b <= B`, extensible column by column.
#[derive(Debug, Clone)]
pub struct Table {
    columns: usize,
    values: Values,
    max_value: u16,
}

impl Default for Table {
    fn default() -> Self {
        Self::new()
    }
}

#[inline]
fn start(b: usize) -> usize {
    b * (b + 1) / 2
}

impl Table {
    /// An empty table.
    pub fn new() -> Self {
        Table {
            columns: 0,
            values: Values::U8(Vec::new()),
            max_value: 0,
        }
    }

    /// The table up to `max_b`, reporting progress as a fraction of the work done.
    pub fn build(max_b: u64, progress: &mut dyn FnMut(f64)) -> Result<Self> {
        let mut table = Table::new();
        table.extend_to(max_b, progress)?;
        Ok(table)
    }

    /// The largest `b` computed, if any.
    pub fn max_b(&self) -> Option<u64> {
        (self.columns as u64).checked_sub(1)
    }

    /// The largest value in the table.
    pub fn max_value(&self) -> u64 {
        u64::from(self.max_value)
    }

    /// Bits per stored value: 8 or 16.
    pub fn bits_per_cell(&self) -> u32 {
        match self.values {
            Values::U8(_) => 8,
            Values::U16(_) => 16,
        }
    }

    /// Bytes used by the values.
    pub fn bytes(&self) -> usize {
        match &self.values {
            Values::U8(v) => v.len(),
            Values::U16(v) => 2 * v.len(),
        }
    }

    /// `G(0, a, b)`, if `a <= b` and column `b` is computed.
    pub fn get(&self, a: u64, b: u64) -> Option<u64> {
        if a > b || b >= self.columns as u64 {
            return None;
        }
        let i = start(b as usize) + a as usize;
        Some(match &self.values {
            Values::U8(v) => u64::from(v[i]),
            Values::U16(v) => u64::from(v[i]),
        })
    }

    /// The value of any three-pile position within the table (Lemma 1 and sorting).
    pub fn value(&self, piles: &[u64; 3]) -> Option<u64> {
        let (a, b) = super::canonical3(piles);
        self.get(a, b)
    }

    /// Column `b`: `G(0, a, b)` for `a = 0..=b`.
    pub fn column(&self, b: u64) -> Vec<u64> {
        (0..=b).map(|a| self.get(a, b).expect("computed")).collect()
    }

    /// Row `a`: `G(0, a, b)` for `b = a..=to`.
    pub fn row(&self, a: u64, to: u64) -> Vec<u64> {
        (a..=to)
            .map(|b| self.get(a, b).expect("computed"))
            .collect()
    }

    /// Computes the columns up to `max_b` (nothing if they are there), reporting progress as a
    /// fraction of the work (which grows like `b^3`).
    pub fn extend_to(&mut self, max_b: u64, progress: &mut dyn FnMut(f64)) -> Result<()> {
        if self.max_b().is_some_and(|m| m >= max_b) {
            return Ok(());
        }
        check_size(max_b)?;
        let last = max_b as usize;
        let total = start(last + 1);
        self.reserve(total)?;
        let first = self.columns;
        let work = |b: usize| (b as f64).powi(3);
        let (w0, w1) = (work(first), work(last + 1));
        let mut column: Vec<u16> = Vec::with_capacity(last + 1);
        for b in first..=last {
            column.clear();
            column.resize(b + 1, 0);
            let values = usize::from(self.max_value) + 1;
            match &self.values {
                Values::U8(v) => compute_column(v, b, values, &mut column),
                Values::U16(v) => compute_column(v, b, values, &mut column),
            }
            let column_max = column.iter().copied().max().unwrap_or(0);
            if column_max > 255 {
                if let Values::U8(v) = &self.values {
                    let mut wide = Vec::new();
                    wide.try_reserve_exact(total)
                        .map_err(|_| alloc_error(2 * total))?;
                    wide.extend(v.iter().map(|&x| u16::from(x)));
                    self.values = Values::U16(wide);
                }
            }
            match &mut self.values {
                Values::U8(v) => v.extend(column.iter().map(|&x| x as u8)),
                Values::U16(v) => v.extend_from_slice(&column),
            }
            self.max_value = self.max_value.max(column_max);
            self.columns = b + 1;
            if b % 64 == 0 || b == last {
                progress((work(b + 1) - w0) / (w1 - w0));
            }
        }
        Ok(())
    }

    fn reserve(&mut self, total: usize) -> Result<()> {
        match &mut self.values {
            Values::U8(v) => v
                .try_reserve_exact(total - v.len())
                .map_err(|_| alloc_error(total)),
            Values::U16(v) => v
                .try_reserve_exact(total - v.len())
                .map_err(|_| alloc_error(2 * total)),
        }
    }
}

fn alloc_error(bytes: usize) -> Error {
    Error::TooLarge(format!("cannot allocate {bytes} bytes for the table"))
}

/// Rows reached in a source column, as a function of the target row `a`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Rows {
    /// `r = a + shift`.
    Up(isize),
    /// `r = top - 2a`.
    Down2(usize),
}

/// The target rows `a` in `lo..hi` of column `b` that have an option in column `c`, and which
/// row of column `c` that option is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Family {
    lo: usize,
    hi: usize,
    rows: Rows,
}

/// The five families of options of column `b` that lie in column `c < b` (see the module
/// table); empty ones have `lo >= hi`.
#[inline]
fn families(b: usize, c: usize) -> [Family; 5] {
    let k = b - c;
    let none = Family {
        lo: 0,
        hi: 0,
        rows: Rows::Up(0),
    };
    // Middle -> empty, k = b - c: a >= 2k, row a - 2k.
    let f1 = Family {
        lo: 2 * k,
        hi: b + 1,
        rows: Rows::Up(-2 * k as isize),
    };
    // Largest -> middle, k = b - c: a <= 2c - b, row a + k.
    let f2 = if 2 * c >= b {
        Family {
            lo: 0,
            hi: 2 * c - b + 1,
            rows: Rows::Up(k as isize),
        }
    } else {
        none
    };
    // Largest -> empty with k <= a <= b - k: c = b - 2k, row a - k.
    let f3 = if k.is_multiple_of(2) {
        let h = k / 2;
        Family {
            lo: h,
            hi: c + h + 1,
            rows: Rows::Up(-(h as isize)),
        }
    } else {
        none
    };
    // Largest -> empty with b - k < a, k <= a: k = a - c, 2a > b + c, 2(a - c) <= b;
    // row b - 2k = b + 2c - 2a.
    let f4 = Family {
        lo: (c + 1).max((b + c) / 2 + 1),
        hi: b.min(c + b / 2) + 1,
        rows: Rows::Down2(b + 2 * c),
    };
    // Largest -> empty with a < k: k = b - c - a, 2a <= b - c - 1, 2a >= b - 2c;
    // row k - a = b - c - 2a.
    let f5 = Family {
        lo: if b > 2 * c {
            (b - 2 * c).div_ceil(2)
        } else {
            0
        },
        hi: (b - c - 1) / 2 + 1,
        rows: Rows::Down2(b - c),
    };
    [f1, f2, f3, f4, f5]
}

/// Rows per parallel task: one bit of a 64-bit word per row.
const CHUNK: usize = 64;

fn compute_column<T: Copy + Into<u16> + Sync>(
    done: &[T],
    b: usize,
    values: usize,
    out: &mut [u16],
) {
    if out.len() <= 4 * CHUNK {
        let mut masks = Vec::new();
        for (i, chunk) in out.chunks_mut(CHUNK).enumerate() {
            compute_chunk(done, b, i * CHUNK, chunk, values, &mut masks);
        }
    } else {
        out.par_chunks_mut(CHUNK)
            .enumerate()
            .for_each_init(Vec::new, |masks, (i, chunk)| {
                compute_chunk(done, b, i * CHUNK, chunk, values, masks)
            });
    }
}

/// Values of rows `a0 .. a0 + out.len()` (at most 64) of column `b`. `masks[v]` has bit `i`
/// set when row `a0 + i` has an option of value `v`; every value in `done` (the columns before
/// `b`) is below `values`.
fn compute_chunk<T: Copy + Into<u16>>(
    done: &[T],
    b: usize,
    a0: usize,
    out: &mut [u16],
    values: usize,
    masks: &mut Vec<u64>,
) {
    let a1 = a0 + out.len();
    masks.clear();
    masks.resize(values + 1, 0);
    let masks = &mut masks[..values];
    for c in 0..b {
        let col = &done[start(c)..start(c) + c + 1];
        for f in families(b, c) {
            let (lo, hi) = (f.lo.max(a0), f.hi.min(a1));
            if lo >= hi {
                continue;
            }
            let n = hi - lo;
            let mut bit = 1u64 << (lo - a0);
            match f.rows {
                Rows::Up(shift) => {
                    let r0 = (lo as isize + shift) as usize;
                    for &v in &col[r0..r0 + n] {
                        masks[usize::from(v.into())] |= bit;
                        bit <<= 1;
                    }
                }
                Rows::Down2(top) => {
                    let first = top - 2 * lo;
                    let last = first - 2 * (n - 1);
                    for &v in col[last..=first].iter().rev().step_by(2) {
                        masks[usize::from(v.into())] |= bit;
                        bit <<= 1;
                    }
                }
            }
        }
    }
    // Row i's mex is the first v whose mask lacks bit i.
    let mut undecided = if out.len() == 64 {
        u64::MAX
    } else {
        (1u64 << out.len()) - 1
    };
    let mut v = 0;
    while undecided != 0 {
        let has = masks.get(v).copied().unwrap_or(0);
        let mut decided = undecided & !has;
        undecided &= has;
        while decided != 0 {
            out[decided.trailing_zeros() as usize] = v as u16;
            decided &= decided - 1;
        }
        v += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sharing_nim::{canonical3, SharingNim};
    use crate::Game;

    /// The options of (0, a, b) by the five families, as canonical pairs, sorted.
    fn family_options(a: usize, b: usize) -> Vec<(u64, u64)> {
        let mut out = Vec::new();
        for c in 0..b {
            for f in families(b, c) {
                if f.lo <= a && a < f.hi {
                    let r = match f.rows {
                        Rows::Up(s) => (a as isize + s) as usize,
                        Rows::Down2(top) => top - 2 * a,
                    };
                    assert!(r <= c, "row {r} outside column {c} (a {a}, b {b})");
                    out.push((r as u64, c as u64));
                }
            }
        }
        out.sort_unstable();
        out
    }

    #[test]
    fn the_families_are_exactly_the_moves() {
        for b in 0..40u64 {
            for a in 0..=b {
                let mut options = Vec::new();
                SharingNim::default().options(&vec![0, a, b], &mut options);
                let mut expected: Vec<(u64, u64)> = options.iter().map(|o| canonical3(o)).collect();
                expected.sort_unstable();
                assert_eq!(
                    family_options(a as usize, b as usize),
                    expected,
                    "(0,{a},{b})"
                );
            }
        }
    }

    #[test]
    fn size_limits() {
        assert_eq!(cells(16), 153);
        let max = max_b_within_limit();
        assert_eq!(max, 46339);
        assert!(check_size(max).is_ok());
        let err = check_size(max + 1).unwrap_err().to_string();
        assert!(err.contains("2 GiB") && err.contains("46339"), "{err}");
        assert!(Table::new().extend_to(u64::MAX, &mut |_| {}).is_err());
    }

    #[test]
    fn extending_equals_building_at_once() {
        let whole = Table::build(90, &mut |_| {}).unwrap();
        let mut parts = Table::new();
        for b in [0, 1, 5, 33, 90] {
            parts.extend_to(b, &mut |_| {}).unwrap();
        }
        for b in 0..=90 {
            assert_eq!(whole.column(b), parts.column(b));
        }
        assert_eq!(whole.get(3, 2), None);
        assert_eq!(whole.get(0, 91), None);
    }

    #[test]
    fn values_are_promoted_to_two_bytes_when_needed() {
        // Values pass 255 before b = 400 (the largest values sit in the middle rows, around
        // 0.65 b); the earlier values must survive the promotion to two bytes.
        let narrow = Table::build(300, &mut |_| {}).unwrap();
        let wide = Table::build(400, &mut |_| {}).unwrap();
        assert_eq!(narrow.bits_per_cell(), 8);
        assert!(wide.max_value() > 255);
        assert_eq!(wide.bits_per_cell(), 16);
        for b in (0..=300).step_by(7) {
            assert_eq!(narrow.column(b), wide.column(b));
        }
    }
}
