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
//! `f(k) < g(N - k)` only if `f(k) < N - k` and `f(k) < max g(1..N-1)`. Both bounds grow with
//! `N`, so each `k` becomes a candidate once and stays one; the candidates sit in a hierarchical
//! bitset that is scanned in increasing order. [`g_values_naive`] is the rule as written.

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
    const NONE: u32 = u32::MAX;
    let n_max = f.len().saturating_sub(1);
    let mut g = vec![0u32; n_max + 1];
    g[0] = NONE;
    // Stage 1: k waits until N > k + f(k); `head[t]` lists (through `link`) the k due at N = t.
    let mut head = vec![NONE; n_max + 1];
    let mut link = vec![NONE; n_max + 1];
    // Stage 2: k waits in a min-heap by f(k) until f(k) < max g so far.
    let mut waiting = std::collections::BinaryHeap::new();
    let mut active = ActiveSet::new(n_max + 1);
    let mut max_g = 0u32;
    for n in 1..=n_max {
        let born = n - 1;
        if born >= 1 {
            let due = born as u64 + u64::from(f[born]) + 1;
            if due <= n_max as u64 {
                link[born] = head[due as usize];
                head[due as usize] = born as u32;
            }
        }
        let mut k = head[n];
        while k != NONE {
            if f[k as usize] < max_g {
                active.insert(k as usize);
            } else {
                waiting.push(std::cmp::Reverse((f[k as usize], k)));
            }
            k = link[k as usize];
        }
        let mut found = n as u32;
        let mut at = active.next(1);
        while let Some(k) = at {
            if k >= n {
                break;
            }
            if f[k] < g[n - k] {
                found = k as u32;
                break;
            }
            at = active.next(k + 1);
        }
        g[n] = found;
        if found > max_g {
            max_g = found;
            while let Some(&std::cmp::Reverse((fk, k))) = waiting.peek() {
                if fk >= max_g {
                    break;
                }
                waiting.pop();
                active.insert(k as usize);
            }
        }
        if n % (1 << 20) == 0 {
            progress(n as u64);
        }
    }
    progress(n_max as u64);
    g
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

/// A set of integers below a fixed bound: bits, plus one bit per non-zero word above them,
/// and so on, so the next element is found in a few word operations however sparse the set.
pub struct ActiveSet {
    levels: Vec<Vec<u64>>,
}

impl ActiveSet {
    /// An empty set of integers `< len`.
    pub fn new(len: usize) -> Self {
        let mut levels = Vec::new();
        let mut words = len.div_ceil(64).max(1);
        loop {
            levels.push(vec![0u64; words]);
            if words == 1 {
                break;
            }
            words = words.div_ceil(64);
        }
        ActiveSet { levels }
    }

    /// Adds `i`.
    pub fn insert(&mut self, i: usize) {
        let mut i = i;
        for level in &mut self.levels {
            let (word, bit) = (i / 64, i % 64);
            let was = level[word];
            level[word] = was | (1 << bit);
            if was != 0 {
                break;
            }
            i = word;
        }
    }

    /// The smallest element `>= i`.
    #[inline]
    pub fn next(&self, i: usize) -> Option<usize> {
        self.next_at(0, i)
    }

    fn next_at(&self, level: usize, i: usize) -> Option<usize> {
        let words = self.levels.get(level)?;
        let (word, bit) = (i / 64, i % 64);
        let here = words.get(word)? & (u64::MAX << bit);
        if here != 0 {
            return Some(word * 64 + here.trailing_zeros() as usize);
        }
        let next_word = self.next_at(level + 1, word + 1)?;
        Some(next_word * 64 + words[next_word].trailing_zeros() as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn active_set_finds_next_elements() {
        let mut set = ActiveSet::new(300_000);
        for i in [5usize, 64, 4095, 4096, 262_143, 299_999] {
            set.insert(i);
        }
        assert_eq!(set.next(0), Some(5));
        assert_eq!(set.next(6), Some(64));
        assert_eq!(set.next(65), Some(4095));
        assert_eq!(set.next(4097), Some(262_143));
        assert_eq!(set.next(262_144), Some(299_999));
        assert_eq!(set.next(300_000), None);
    }

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
