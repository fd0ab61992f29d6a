//! `g(N)` by the direct rule (Holshouser and Reiter, the algorithm stated before the proof of the
//! main theorem).
//!
//! A position `(N, x)` is a win for the player to move exactly when `x >= g(N)`: the moves from
//! `(N, x)` are `(N - k, f(k))` for `k <= min(N, x)`, so the set of moves only grows with `x`, and
//! `g(N)` is the least `k` whose move reaches a P-position. `(M, y)` is a P-position exactly when
//! `y < g(M)`, and `(0, y)` always is (no move), so
//!
//! ```text
//! g(N) = the least k in 1..=N with f(k) < g(N - k),   where g(0) = infinity.
//! ```
//!
//! `k = N` always qualifies (taking the whole pile wins), so `1 <= g(N) <= N`, with `g(1) = 1`
//! and `g(2) = 2` for every `f` (since `f(1) >= 1 = g(1)`). The comparison is strict: `(M, y)`
//! with `y = g(M)` is already a win for the player to move.
//!
//! [`g_values`] skips the `k` that cannot qualify: `g(M) <= M` and `g(M) <= max g(1..N-1)` give
//! `f(k) < g(N - k)` only if `k + f(k) < N` and `f(k) < max g(1..N-1)`. The minima of `k + f(k)`
//! and of `f(k)` over aligned blocks of 64, 64^2, ... values of `k` (computed once) let the scan
//! jump over whole blocks where no `k` can qualify, and the blocks it enters are scanned like
//! the rule as written, in increasing `k`, so the first `k` found is the least. Where `g` is
//! small (most `f`) this costs what the plain scan costs; where the plain scan is quadratic
//! (`f` large, `g(N)` close to `N`) the blocks are skipped. [`g_values_naive`] is the rule as
//! written.

use crate::Result;

use super::function::MoveFunction;

/// The largest `N` the direct rule computes to (about 13 bytes per position).
pub const MAX_DIRECT_N: u64 = 1 << 28;

/// `g(0..=n)` by the direct rule, with `g(0)` given as `u32::MAX` (infinity). `progress` is told
/// the number of positions done from time to time.
pub fn g_values(f: &MoveFunction, n: u64, progress: &mut dyn FnMut(u64)) -> Result<Vec<u32>> {
    if n > MAX_DIRECT_N {
        return Err(crate::Error::TooLarge(format!(
            "the direct rule computes g(N) for N <= {MAX_DIRECT_N}"
        )));
    }
    let values = f.values_u32(n)?;
    Ok(g_from_values_with_progress(&values, progress))
}

/// `g(0..=n)` for `f(k) = f_values[k]` (`n = f_values.len() - 1`; `f_values[0]` is unused).
/// Every `f(k)` must be at least 1; values are compared with numbers `<= n`, so any cap above `n`
/// is harmless.
pub fn g_from_values(f_values: &[u32]) -> Vec<u32> {
    g_from_values_with_progress(f_values, &mut |_| {})
}

fn g_from_values_with_progress(f: &[u32], progress: &mut dyn FnMut(u64)) -> Vec<u32> {
    let n_max = f.len().saturating_sub(1);
    let mut g = vec![0u32; n_max + 1];
    g[0] = u32::MAX;
    let blocks = BlockMinima::new(f);
    let mut max_g = 0u32;
    for n in 1..=n_max {
        let mut found = n as u32;
        let mut block = 0;
        'scan: while let Some(b) = blocks.next_block(block, n as u32, max_g) {
            let lo = (b * BLOCK).max(1);
            if lo >= n {
                break;
            }
            for k in lo..((b + 1) * BLOCK).min(n) {
                if f[k] < g[n - k] {
                    found = k as u32;
                    break 'scan;
                }
            }
            block = b + 1;
        }
        g[n] = found;
        max_g = max_g.max(found);
        if n % (1 << 20) == 0 {
            progress(n as u64);
        }
    }
    progress(n_max as u64);
    g
}

const BLOCK: usize = 64;

/// For aligned blocks of `64^j` values of `k` (`j = 1, 2, ...`): the minimum of `k + f(k)` and
/// the minimum of `f(k)`. A block whose minimum of `k + f(k)` is `>= N`, or whose minimum of
/// `f(k)` is `>= max g`, holds no `k` that can qualify at `N`.
struct BlockMinima {
    /// `levels[j][b] = (min k + f(k), min f(k))` over block `b` of level `j` (`64^(j+1)` values).
    levels: Vec<Vec<(u32, u32)>>,
}

impl BlockMinima {
    fn new(f: &[u32]) -> Self {
        // k = 0 is never a move: give it keys that never qualify
        let leaf: Vec<(u32, u32)> = f
            .chunks(BLOCK)
            .enumerate()
            .map(|(b, chunk)| {
                chunk
                    .iter()
                    .enumerate()
                    .fold((u32::MAX, u32::MAX), |(h, m), (i, &fk)| {
                        let k = b * BLOCK + i;
                        if k == 0 {
                            return (h, m);
                        }
                        let reach = (k as u64 + u64::from(fk)).min(u64::from(u32::MAX)) as u32;
                        (h.min(reach), m.min(fk))
                    })
            })
            .collect();
        let mut levels = vec![leaf];
        while levels.last().expect("non-empty").len() > 1 {
            let up: Vec<(u32, u32)> = levels
                .last()
                .expect("non-empty")
                .chunks(BLOCK)
                .map(|c| {
                    c.iter()
                        .fold((u32::MAX, u32::MAX), |(h, m), &(a, b)| (h.min(a), m.min(b)))
                })
                .collect();
            levels.push(up);
        }
        BlockMinima { levels }
    }

    #[inline]
    fn skippable(&self, level: usize, index: usize, n: u32, max_g: u32) -> bool {
        let (reach, min_f) = self.levels[level][index];
        reach >= n || min_f >= max_g
    }

    /// The first block `>= from` (of 64 values of `k`) that may hold a qualifying `k` at `N = n`.
    #[inline]
    fn next_block(&self, from: usize, n: u32, max_g: u32) -> Option<usize> {
        let len = self.levels[0].len();
        let mut b = from;
        while b < len {
            if !self.skippable(0, b, n, max_g) {
                return Some(b);
            }
            // skip the largest aligned skippable block that starts at b
            let (mut index, mut level, mut span) = (b, 0, 1);
            while index % BLOCK == 0
                && level + 1 < self.levels.len()
                && self.skippable(level + 1, index / BLOCK, n, max_g)
            {
                index /= BLOCK;
                level += 1;
                span *= BLOCK;
            }
            b += span;
        }
        None
    }
}

/// The direct rule as written: for each `N`, try `k = 1, 2, ...` until `f(k) < g(N - k)`.
pub fn g_values_naive(f: &[u32]) -> Vec<u32> {
    let n_max = f.len().saturating_sub(1);
    let mut g = vec![u32::MAX; n_max + 1];
    for n in 1..=n_max {
        g[n] = (1..=n)
            .find(|&k| k == n || f[k] < g[n - k])
            .expect("k = n qualifies") as u32;
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn first_values_by_hand() {
        // f(k) = k: g(N) is the largest power of 2 dividing N (worked by hand for N <= 8:
        // g(3): f(1) = 1 < g(2) = 2, so 1; g(6): f(1) = 1 < g(5) = 1? no; f(2) = 2 < g(4) = 4: 2).
        let f: Vec<u32> = (0..=8).collect();
        assert_eq!(&g_from_values(&f)[1..], &[1, 2, 1, 4, 1, 2, 1, 8]);
        // f = 1 everywhere: after the first move only 1 may be taken; g alternates 1, 2.
        let f = vec![1u32; 9];
        assert_eq!(&g_from_values(&f)[1..], &[1, 2, 1, 2, 1, 2, 1, 2]);
        // f huge: the opponent takes everything, so one must take all: g(N) = N.
        let f = vec![u32::MAX; 9];
        assert_eq!(&g_from_values(&f)[1..], &[1, 2, 3, 4, 5, 6, 7, 8]);
    }

    /// The game straight from the rules, for the memoised engine.
    struct Rules(Vec<u32>);
    impl crate::Game for Rules {
        type Position = (u64, u64);
        fn options(&self, &(n, x): &(u64, u64), out: &mut Vec<(u64, u64)>) {
            for k in 1..=n.min(x) {
                out.push((n - k, u64::from(self.0[k as usize])));
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// (N, x) is a win for the player to move, by the memoised engine on the rules, exactly
        /// when x >= g(N) by the direct rule.
        #[test]
        fn g_is_the_least_winning_x(values in prop::collection::vec(1u32..20, 36..37)) {
            let f: Vec<u32> = std::iter::once(0).chain(values).collect();
            let g = g_from_values(&f);
            let mut memo = crate::solve::MemoSolver::new(Rules(f.clone()));
            for n in 1..=35u64 {
                for x in 1..=36u64 {
                    let wins = memo.value(&(n, x)).unwrap() != 0;
                    prop_assert_eq!(wins, x >= u64::from(g[n as usize]), "({}, {})", n, x);
                }
            }
        }
    }

    proptest! {
        #[test]
        fn skipping_matches_the_rule_as_written(f in prop::collection::vec(1u32..60, 2..400)) {
            prop_assert_eq!(g_from_values(&f), g_values_naive(&f));
        }

        #[test]
        fn skipping_matches_for_wide_values(f in prop::collection::vec(prop_oneof![1u32..5, 1u32..300, Just(u32::MAX)], 2..400)) {
            prop_assert_eq!(g_from_values(&f), g_values_naive(&f));
        }
    }
}
