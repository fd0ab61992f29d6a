//! Chomp valued by a dense table: every diagram inside an `R x C` box, each valued once as the
//! mex of its options, in an order where every option comes first.
//!
//! **Ranking.** Column heights `h_0 >= ... >= h_{C-1}` in `0..=R`, read from the right, are a
//! non-decreasing sequence `a_k = h_{C-1-k}`, and `b_k = a_k + k` is a `C`-subset of
//! `{0, ..., R + C - 1}`. Its rank in the combinatorial number system, `sum_k binom(b_k, k + 1)`,
//! numbers the `binom(R + C, C)` diagrams of the box without gaps; it is a sum of one term per
//! column, `weight[j][h_j]`, each increasing in the height. So a bite, which lowers some
//! heights, always leads to a smaller rank: valuing the ranks in increasing order values every
//! option before its position, and the next diagram in rank order is the colex successor of the
//! subset (raise the last column that is lower than the one before it, empty those after it).
//!
//! **Options in constant time.** A bite at row `i` of column `j` lowers the columns `j..=m` to
//! `i`, where `m` is the last column higher than `i`; the option's rank is the position's minus
//! `sum_{k=j}^{m} (weight[k][h_k] - weight[k][i])`, two differences of prefix sums (one over the
//! position's heights, one over a constant height `i`, made once for the box).
//!
//! The table holds two bytes a diagram (a value is at most the squares less one), so
//! `binom(R + C, C)` of them must fit the search's memory bound; larger boxes go to the board
//! search ([`crate::solve::search`]), which values only the diagrams it reaches.

use crate::game::Convention;
use crate::{Error, Result};

/// The most diagrams a dense table holds (2^26: 128 MiB, under a minute of work).
pub const MOST_DIAGRAMS: u64 = 1 << 26;

/// Every diagram of an `R x C` box with its value.
#[derive(Debug, Clone)]
pub struct Dense {
    rows: usize,
    cols: usize,
    /// `weight[j][h]`: the rank's term of column `j` at height `h`.
    weight: Vec<Vec<u64>>,
    values: Vec<u16>,
}

/// `binom(n, k)`, or `None` beyond `u64`.
fn binomial(n: u64, k: u64) -> Option<u64> {
    if k > n {
        return Some(0);
    }
    let k = k.min(n - k);
    let mut result: u128 = 1;
    for i in 0..k {
        result = result * u128::from(n - i) / u128::from(i + 1);
        if result > u128::from(u64::MAX) {
            return None;
        }
    }
    u64::try_from(result).ok()
}

/// The number of diagrams in a `rows x cols` box (the empty one included), if it fits `u64`.
pub fn diagrams(rows: u32, cols: u32) -> Option<u64> {
    binomial(u64::from(rows) + u64::from(cols), u64::from(cols))
}

impl Dense {
    /// Values every diagram of the `rows x cols` box under `convention` (misère play differs
    /// only in the base case: a diagram with no bite, the poisoned square alone, is worth 1,
    /// a win for the player to move); `stop` is asked now and then whether to give up
    /// (Ctrl-C), and `status` told how far the work is.
    pub fn build(
        rows: u32,
        cols: u32,
        convention: Convention,
        stop: Option<fn() -> bool>,
        mut status: impl FnMut(u64, u64),
    ) -> Result<Self> {
        let total = diagrams(rows, cols)
            .filter(|&n| n <= MOST_DIAGRAMS)
            .ok_or_else(|| {
                Error::TooLarge(format!(
                    "a dense Chomp table holds at most {MOST_DIAGRAMS} diagrams; the {rows}x{cols} box has more"
                ))
            })?;
        if u64::from(rows) * u64::from(cols) > u64::from(u16::MAX) {
            return Err(Error::TooLarge(format!(
                "a dense Chomp table holds values below {}; the {rows}x{cols} box has more squares",
                u16::MAX
            )));
        }
        let (r, c) = (rows as usize, cols as usize);
        let weight: Vec<Vec<u64>> = (0..c)
            .map(|j| {
                let k = (c - 1 - j) as u64;
                (0..=r as u64)
                    .map(|h| binomial(h + k, k + 1).expect("below the box's count"))
                    .collect()
            })
            .collect();
        // `flat[i * (c + 1) + j]`: the sum of `weight[k][i]` over the columns `k < j`.
        let mut flat = vec![0u64; (r + 1) * (c + 1)];
        for i in 0..=r {
            for j in 0..c {
                flat[i * (c + 1) + j + 1] = flat[i * (c + 1) + j] + weight[j][i];
            }
        }
        let mut values = vec![0u16; total as usize];
        let mut heights = vec![0usize; c];
        let mut prefix = vec![0u64; c + 1];
        // Values from 128 on (words 2 and up; the first two stay unused).
        let mut seen = vec![0u64; ((r * c) / 64 + 1).max(2)];
        for rank in 0..total {
            if rank & 0xffff == 0 && rank > 0 {
                if stop.is_some_and(|s| s()) {
                    return Err(Error::Interrupted(format!(
                        "the dense Chomp table was interrupted after {rank} of {total} diagrams (nothing is saved; a rerun starts again)"
                    )));
                }
                status(rank, total);
            }
            for j in 0..c {
                prefix[j + 1] = prefix[j] + weight[j][heights[j]];
            }
            debug_assert_eq!(prefix[c], rank);
            seen.iter_mut().for_each(|w| *w = 0);
            let mut low = 0u128;
            // A bite at row `i` of column `j < end` (the columns higher than `i`) lowers the
            // columns `j..end` to `i`: the option's rank is the position's less
            // `(prefix[end] - prefix[j]) - (flat[i][end] - flat[i][j])`, which is
            // `base - (prefix[j] - flat[i][j])` with `base` fixed for the row.
            let mut end = c;
            for i in 0..r {
                while end > 0 && heights[end - 1] <= i {
                    end -= 1;
                }
                if end == 0 {
                    break;
                }
                let flat = &flat[i * (c + 1)..=i * (c + 1) + end];
                let base = rank - (prefix[end] - flat[end]);
                // The square at row 0 of column 0 is the poisoned one: no bite there.
                let first = usize::from(i == 0);
                for (&p, &f) in prefix[first..end].iter().zip(&flat[first..end]) {
                    let v = usize::from(values[(base + (p - f)) as usize]);
                    // Values below 128 (nearly all) are marked in a register.
                    match v < 128 {
                        true => low |= 1 << v,
                        false => seen[v / 64] |= 1 << (v % 64),
                    }
                }
            }
            // No bite: at most one square (the poisoned one; the empty diagram is no position).
            let last = heights[0] <= 1 && heights.get(1).is_none_or(|&h| h == 0);
            let mex = match low != u128::MAX {
                true => low.trailing_ones() as usize,
                false => seen
                    .iter()
                    .enumerate()
                    .skip(2)
                    .find(|(_, w)| **w != u64::MAX)
                    .map(|(i, w)| i * 64 + w.trailing_ones() as usize)
                    .expect("more words than options"),
            };
            values[rank as usize] = match (last, convention) {
                (true, Convention::Misere) => 1,
                _ => mex as u16,
            };
            // The next diagram: raise the last column lower than the one before it (the first
            // column's "before" is the box's top), and empty the columns after it.
            if let Some(j) = (0..c)
                .rev()
                .find(|&j| heights[j] < if j == 0 { r } else { heights[j - 1] })
            {
                heights[j] += 1;
                heights[j + 1..].iter_mut().for_each(|h| *h = 0);
            }
        }
        Ok(Dense {
            rows: r,
            cols: c,
            weight,
            values,
        })
    }

    /// Whether a position (column heights) fits the box.
    pub fn holds(&self, heights: &[u64]) -> bool {
        let used = heights.iter().take_while(|&&h| h > 0).count();
        used <= self.cols && heights.first().is_none_or(|&h| h as usize <= self.rows)
    }

    /// The value of a position inside the box (non-increasing heights).
    pub fn value(&self, heights: &[u64]) -> u64 {
        let rank: u64 = heights
            .iter()
            .take_while(|&&h| h > 0)
            .enumerate()
            .map(|(j, &h)| self.weight[j][h as usize])
            .sum();
        u64::from(self.values[rank as usize])
    }

    /// Diagrams in the table.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether the table is empty (never: the box holds the empty diagram).
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// Rows and columns of the box.
    pub fn size(&self) -> (u32, u32) {
        (self.rows as u32, self.cols as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chomp::tests::by_definition;
    use std::collections::HashMap;

    /// Every non-increasing height vector of `cols` columns at most `rows` high.
    fn positions(rows: u64, cols: usize) -> Vec<Vec<u64>> {
        let mut all = vec![vec![]];
        for _ in 0..cols {
            all = all
                .into_iter()
                .flat_map(|p: Vec<u64>| {
                    let top = p.last().copied().unwrap_or(rows);
                    (0..=top).map(move |h| {
                        let mut q = p.clone();
                        q.push(h);
                        q
                    })
                })
                .collect();
        }
        all
    }

    #[test]
    fn binomials_and_counts() {
        assert_eq!(binomial(5, 2), Some(10));
        assert_eq!(binomial(2, 5), Some(0));
        assert_eq!(binomial(64, 32), Some(1_832_624_140_942_590_534));
        assert_eq!(binomial(70, 35), None);
        assert_eq!(diagrams(4, 5), Some(126));
        assert_eq!(diagrams(10, 11), Some(352_716));
    }

    #[test]
    fn every_diagram_of_several_boxes_has_the_value_of_the_definition() {
        for (rows, cols) in [
            (1, 1),
            (1, 6),
            (6, 1),
            (2, 5),
            (4, 5),
            (5, 4),
            (3, 7),
            (6, 6),
            // Values of 128 and more (marked apart from the smaller ones).
            (1, 150),
            (150, 1),
        ] {
            let dense = Dense::build(rows, cols, Convention::Normal, None, |_, _| {}).unwrap();
            let all = positions(rows.into(), cols as usize);
            assert_eq!(dense.len(), all.len(), "{rows}x{cols}");
            let mut memo = HashMap::new();
            let mut largest = 0;
            for p in all {
                if p[0] >= 1 {
                    let value = by_definition(&p, &mut memo);
                    assert_eq!(dense.value(&p), value, "{p:?}");
                    largest = largest.max(value);
                }
            }
            if rows * cols >= 150 {
                assert!(largest >= 128, "{rows}x{cols}: largest value {largest}");
            }
        }
    }

    #[test]
    fn a_smaller_position_is_read_from_a_larger_box() {
        let dense = Dense::build(5, 6, Convention::Normal, None, |_, _| {}).unwrap();
        let mut memo = HashMap::new();
        for p in [vec![3, 1], vec![5, 5, 2, 2, 2, 1], vec![1, 1, 1]] {
            assert!(dense.holds(&p));
            assert_eq!(dense.value(&p), by_definition(&p, &mut memo));
        }
        assert!(!dense.holds(&[6]));
        assert!(!dense.holds(&[1; 7]));
    }

    #[test]
    fn a_stop_interrupts_and_the_limits_are_named() {
        let err = Dense::build(10, 12, Convention::Normal, Some(|| true), |_, _| {}).unwrap_err();
        assert!(matches!(err, Error::Interrupted(_)), "{err}");
        let err = Dense::build(20, 20, Convention::Normal, None, |_, _| {}).unwrap_err();
        assert!(
            err.to_string().contains("at most 67108864 diagrams"),
            "{err}"
        );
    }
}
