//! Sprague–Grundy values `G(N, x)` (beyond the paper, which only needs outcomes), so that these
//! games can be added to others.
//!
//! `G(N, x) = mex { G(N - k, f(k)) : 1 <= k <= min(N, x) }`. The option set only grows with `x`,
//! so `G(N, x)` is non-decreasing in `x` and constant for `x >= N`. Row `N` is therefore stored as
//! its thresholds `t_N(v)`, the least `x` with `G(N, x) >= v` for `v = 1, ..., G(N, N)`; then
//! `G(N, x)` is the number of thresholds `<= x` (a binary search), and `t_N(1) = g(N)`, the least
//! winning `x`. Row `N` is built by one pass over `k = 1..=N`, keeping the mex of the option
//! values seen so far; each option value is a lookup in an earlier row.

use crate::{Error, Result};

use super::function::MoveFunction;

/// The largest `N` whose row is computed (all rows below it are needed: time grows as `N^2`).
pub const MAX_SG_N: u64 = 20_000;

/// The rows `G(0, .), ..., G(n - 1, .)` computed so far.
#[derive(Debug, Clone)]
pub struct SgRows {
    f: Vec<u32>,
    starts: Vec<usize>,
    thresholds: Vec<u32>,
    seen: Vec<bool>,
}

impl Default for SgRows {
    fn default() -> Self {
        Self::new()
    }
}

impl SgRows {
    /// Only row 0 (no moves: `G(0, x) = 0`).
    pub fn new() -> Self {
        SgRows {
            f: vec![0],
            starts: vec![0, 0],
            thresholds: Vec::new(),
            seen: Vec::new(),
        }
    }

    /// The number of rows computed.
    pub fn rows(&self) -> u64 {
        self.starts.len() as u64 - 1
    }

    /// The thresholds of row `n` (computed).
    pub fn row(&self, n: u64) -> &[u32] {
        let n = n as usize;
        &self.thresholds[self.starts[n]..self.starts[n + 1]]
    }

    /// `G(n, x)` from a computed row.
    #[inline]
    pub fn get(&self, n: usize, x: u64) -> u64 {
        let row = &self.thresholds[self.starts[n]..self.starts[n + 1]];
        match row.last() {
            Some(&last) if x >= u64::from(last) => row.len() as u64,
            _ => row.partition_point(|&t| u64::from(t) <= x) as u64,
        }
    }

    /// Computes the rows up to `n` inclusive with the values of `f`.
    pub fn extend_to(&mut self, f: &MoveFunction, n: u64) -> Result<()> {
        if n > MAX_SG_N {
            return Err(Error::TooLarge(format!(
                "SG values G(N, x) are computed for N <= {MAX_SG_N} (every row below N is needed); outcomes and g(N) are known for any N"
            )));
        }
        if n < self.rows() {
            return Ok(());
        }
        for k in self.f.len() as u64..=n {
            self.f
                .push(f.eval(u128::from(k))?.min(u128::from(u32::MAX)) as u32);
        }
        for row in self.rows()..=n {
            self.push_row(row as usize);
        }
        Ok(())
    }

    /// Builds row `n` from rows `0..n`.
    fn push_row(&mut self, n: usize) {
        if self.seen.len() < n + 2 {
            self.seen.resize(n + 2, false);
        }
        let mut touched = Vec::new();
        let mut mex = 0usize;
        for k in 1..=n {
            let m = n - k;
            let v = self.get(m, u64::from(self.f[k])) as usize;
            if !self.seen[v] {
                self.seen[v] = true;
                touched.push(v);
                while self.seen[mex] {
                    mex += 1;
                    self.thresholds.push(k as u32);
                }
            }
        }
        for v in touched {
            self.seen[v] = false;
        }
        self.starts.push(self.thresholds.len());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::takeaway::direct;
    use crate::solve::MemoSolver;
    use crate::Game;
    use proptest::prelude::*;

    /// The game with `f` from a table, straight from the rules, for the memoised engine.
    struct Rules(Vec<u64>);
    impl Game for Rules {
        type Position = (u64, u64);
        fn options(&self, &(n, x): &(u64, u64), out: &mut Vec<(u64, u64)>) {
            for k in 1..=n.min(x) {
                out.push((n - k, self.0[k as usize - 1]));
            }
        }
    }

    #[test]
    fn f_equal_k_rows_by_hand() {
        // f(k) = k. Row 1: G(1, x) = mex{G(0, 1)} = 1. Row 2: k=1 -> G(1, 1) = 1, k=2 -> G(0, 2) = 0:
        // G(2, 1) = mex{1} = 0, G(2, 2) = mex{1, 0} = 2; thresholds [2, 2].
        let f = MoveFunction::expression("k").unwrap();
        let mut rows = SgRows::new();
        rows.extend_to(&f, 2).unwrap();
        assert_eq!(rows.row(1), &[1]);
        assert_eq!(rows.row(2), &[2, 2]);
        assert_eq!((rows.get(2, 1), rows.get(2, 2), rows.get(2, 50)), (0, 2, 2));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(32))]
        /// Rows agree with the memoised engine on the rules, and row thresholds t_N(1) are g(N).
        #[test]
        fn rows_agree_with_search(values in prop::collection::vec(1u64..12, 40..41)) {
            let f = MoveFunction::table("random", values.clone()).unwrap();
            let mut rows = SgRows::new();
            rows.extend_to(&f, 40).unwrap();
            let mut memo = MemoSolver::new(Rules(values.clone()));
            for n in 0..=40u64 {
                for x in 1..=42u64 {
                    prop_assert_eq!(rows.get(n as usize, x), memo.value(&(n, x)).unwrap(), "G({}, {})", n, x);
                }
            }
            let fv: Vec<u32> = std::iter::once(0).chain(values.iter().map(|&v| v as u32)).collect();
            let g = direct::g_from_values(&fv);
            for n in 1..=40u64 {
                prop_assert_eq!(u64::from(rows.row(n)[0]), u64::from(g[n as usize]));
            }
        }
    }

    #[test]
    fn too_many_rows_is_an_error() {
        let f = MoveFunction::expression("k").unwrap();
        let err = SgRows::new().extend_to(&f, MAX_SG_N + 1).unwrap_err();
        assert!(err.to_string().contains("N <= 20000"));
    }
}
