//! All-but subtraction games: subtract any positive number except the members of a finite set
//! `X` (the code `0.` with 0 at the positions of `X`, 3 elsewhere, and the tail `[3]`).
//!
//! From `n` every smaller heap `m` is an option except `m = n - x`, `x` in `X`. So the value is
//! the least `v` that no `m < n` has, or a value all of whose holders below `n` are excluded:
//! with `count[v]` the number of `m < n` with `G(m) = v`, `G(n)` is the least of `mex_all` (the
//! least value no `m < n` has, which only grows) and the values `v = G(n - x)` with
//! `count[v] = #{x in X : G(n - x) = v}`. That is `O(|X|)` work per value.
//!
//! Equal values lie within `max X` of each other (two heaps with the same value cannot be an
//! option of each other), so values grow linearly and the sequence is arithmetic-periodic
//! (A. Siegel, *Finite excluded subtraction sets and infinite modular Nim*, M.Sc. thesis,
//! Dalhousie University, 2005; see also Sleator and Slusky, *Subtraction games with FES sets of
//! size 3*, arXiv:1201.3299). [`prove`] checks a period with saltus by the lemma in
//! [`super::theory`], after which a heap of any size is answered at once.

use crate::{Error, Result};

/// Heaps below this are computed directly.
pub const DIRECT_LIMIT: u64 = 1 << 28;

/// An arithmetic periodicity proven by the lemma of [`super::theory`]: `G(n + period) = G(n) +
/// saltus` for every `n >= preperiod`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct ArithmeticProof {
    /// `n0`.
    pub preperiod: u64,
    /// `p`.
    pub period: u64,
    /// `s`.
    pub saltus: u64,
    /// The values `G(0..checked_to)` the proof read.
    pub checked_to: u64,
}

impl ArithmeticProof {
    /// `G(n)` from the values `G(0..preperiod + period)`.
    pub fn value(&self, n: u64, values: &[u64]) -> Result<u64> {
        let (n0, p, s) = (self.preperiod, self.period, self.saltus);
        if n < n0 + p {
            return Ok(values[n as usize]);
        }
        let (q, r) = ((n - n0) / p, (n - n0) % p);
        q.checked_mul(s)
            .and_then(|shift| values[(n0 + r) as usize].checked_add(shift))
            .ok_or_else(|| Error::TooLarge(format!("G({n}) is beyond 2^64")))
    }
}

/// The values of an all-but subtraction game, growing on request.
#[derive(Debug, Clone)]
pub struct AllBut {
    excluded: Vec<u64>,
    g: Vec<u64>,
    count: Vec<u32>,
    mex_all: u64,
}

impl AllBut {
    /// The game `S = {1, 2, ...} \ excluded` (0 in `excluded` is ignored).
    pub fn new(excluded: &[u64]) -> Self {
        let mut excluded: Vec<u64> = excluded.iter().copied().filter(|&x| x > 0).collect();
        excluded.sort_unstable();
        excluded.dedup();
        AllBut {
            excluded,
            g: Vec::new(),
            count: Vec::new(),
            mex_all: 0,
        }
    }

    /// The excluded set.
    pub fn excluded(&self) -> &[u64] {
        &self.excluded
    }

    /// The values computed.
    pub fn values(&self) -> &[u64] {
        &self.g
    }

    /// How many values are computed.
    pub fn len(&self) -> u64 {
        self.g.len() as u64
    }

    /// Whether no value is computed.
    pub fn is_empty(&self) -> bool {
        self.g.is_empty()
    }

    /// Computes until `len` values are known.
    pub fn extend(&mut self, len: u64, progress: &mut dyn FnMut(u64)) -> Result<()> {
        if len > DIRECT_LIMIT {
            return Err(Error::TooLarge(format!(
                "the all-but engine computes at most {DIRECT_LIMIT} values directly (asked for {len}); larger heaps are answered through a proven arithmetic period"
            )));
        }
        self.g
            .try_reserve((len as usize).saturating_sub(self.g.len()))
            .map_err(|_| Error::TooLarge(format!("memory ran out for {len} values")))?;
        while (self.g.len() as u64) < len {
            let n = self.g.len() as u64;
            let mut v = self.mex_all;
            for &x in self.excluded.iter().take_while(|&&x| x <= n) {
                let candidate = self.g[(n - x) as usize];
                if candidate >= v {
                    continue;
                }
                let holders = self
                    .excluded
                    .iter()
                    .take_while(|&&y| y <= n)
                    .filter(|&&y| self.g[(n - y) as usize] == candidate)
                    .count() as u32;
                if self.count[candidate as usize] == holders {
                    v = candidate;
                }
            }
            self.g.push(v);
            if self.count.len() <= v as usize {
                self.count.resize(v as usize + 1, 0);
            }
            self.count[v as usize] += 1;
            while (self.mex_all as usize) < self.count.len()
                && self.count[self.mex_all as usize] > 0
            {
                self.mex_all += 1;
            }
            if n.is_multiple_of(1 << 16) {
                progress(n);
            }
        }
        progress(self.g.len() as u64);
        Ok(())
    }
}

/// The lemma's check (see [`super::theory`]) for period `p` and saltus `s` from `n0`, on the
/// values `g` of the game excluding `excluded` (`x` its largest member, 0 if none):
/// (a) `G(n + p) = G(n) + s` for `n0 <= n < n0 + x`, (b) the values of `0..n0 + p` include
/// every value below `s`, and those `>= s`, less `s`, are the values of `0..n0`. Needs `g` to
/// reach `n0 + x + p`.
pub fn check(excluded: &[u64], g: &[u64], n0: u64, p: u64, s: u64) -> Option<ArithmeticProof> {
    let x = excluded.iter().copied().max().unwrap_or(0);
    let needed = n0.checked_add(x)?.checked_add(p)?;
    if p == 0 || (g.len() as u64) < needed {
        return None;
    }
    let (n0u, pu) = (n0 as usize, p as usize);
    if !(n0u..n0u + x as usize).all(|n| g[n + pu] == g[n].wrapping_add(s)) {
        return None;
    }
    let mut a: Vec<u64> = g[..n0u].to_vec();
    a.sort_unstable();
    a.dedup();
    let mut b: Vec<u64> = g[..n0u + pu].to_vec();
    b.sort_unstable();
    b.dedup();
    let low = b.partition_point(|&v| v < s);
    if low as u64 != s {
        return None;
    }
    let shifted: Vec<u64> = b[low..].iter().map(|&v| v - s).collect();
    (shifted == a).then_some(ArithmeticProof {
        preperiod: n0,
        period: p,
        saltus: s,
        checked_to: needed,
    })
}

/// Looks for a proven arithmetic periodicity in `g`: the periodicity the values show (the
/// smallest period whose relation holds over the last half), then [`prove_with`].
pub fn prove(excluded: &[u64], g: &[u64]) -> Option<ArithmeticProof> {
    let found = crate::analysis::find_periodicity(g)?;
    let s = u64::try_from(found.saltus).ok()?;
    prove_with(excluded, g, found.preperiod, found.period, s)
}

/// How many starting points [`prove_with`] tries after the one it is given.
pub const TRIES: u64 = 512;

/// The smallest `n0` in `start..start + TRIES` (within the values) at which the lemma's check
/// passes for period `p` and saltus `s`.
pub fn prove_with(
    excluded: &[u64],
    g: &[u64],
    start: u64,
    p: u64,
    s: u64,
) -> Option<ArithmeticProof> {
    let x = excluded.iter().copied().max().unwrap_or(0);
    let mut n0 = start;
    while n0 < start + TRIES && n0.checked_add(x)?.checked_add(p)? <= g.len() as u64 {
        if let Some(proof) = check(excluded, g, n0, p, s) {
            return Some(proof);
        }
        n0 += 1;
    }
    None
}

/// `G(0..len)` by the definition: the mex of `G(n - k)` over `1 <= k <= n`, `k` not excluded.
pub fn definition(excluded: &[u64], len: usize) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::with_capacity(len);
    for n in 0..len {
        let options: std::collections::BTreeSet<u64> = (1..=n)
            .filter(|k| !excluded.contains(&(*k as u64)))
            .map(|k| g[n - k])
            .collect();
        g.push((0..).find(|v| !options.contains(v)).expect("a mex"));
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn values(excluded: &[u64], len: u64) -> Vec<u64> {
        let mut game = AllBut::new(excluded);
        game.extend(len, &mut |_| {}).unwrap();
        game.values().to_vec()
    }

    #[test]
    fn nim_and_small_sets_follow_the_definition() {
        // X empty is Nim: G(n) = n.
        assert_eq!(values(&[], 50), (0..50).collect::<Vec<u64>>());
        // X = {1}: no single token may be taken, G(n) = floor(n / 2).
        assert_eq!(
            values(&[1], 40),
            (0..40).map(|n| n / 2).collect::<Vec<u64>>()
        );
        for x in [
            vec![2],
            vec![1, 2],
            vec![2, 5],
            vec![1, 3, 4],
            vec![3, 5, 9, 10],
        ] {
            assert_eq!(values(&x, 400), definition(&x, 400), "{x:?}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn the_count_engine_is_the_definition(x in proptest::collection::vec(1u64..12, 0..5)) {
            prop_assert_eq!(values(&x, 300), definition(&x, 300));
        }

        /// A proven periodicity predicts every value computed past what it read.
        #[test]
        fn proofs_predict_later_values(x in proptest::collection::vec(1u64..10, 0..4)) {
            let long = values(&x, 6000);
            if let Some(proof) = prove(&x, &long[..1500]) {
                for n in 0..6000u64 {
                    prop_assert_eq!(proof.value(n, &long[..1500]).unwrap(), long[n as usize]);
                }
            }
        }
    }

    #[test]
    fn small_excluded_sets_are_proven() {
        // Siegel: every all-but game is arithmetic-periodic; the lemma's check finds it for
        // these (sets of sizes 0 to 3 are purely arithmetic-periodic: Siegel; Sleator-Slusky).
        for x in [
            vec![],
            vec![1],
            vec![2],
            vec![1, 2],
            vec![2, 3],
            vec![1, 3, 4],
        ] {
            let g = values(&x, 4000);
            let proof = prove(&x, &g).unwrap_or_else(|| panic!("{x:?} not proven"));
            assert!(proof.checked_to <= 4000);
            let seen = crate::analysis::find_periodicity(&g).unwrap();
            assert_eq!(seen.preperiod, 0, "{x:?}: purely arithmetic-periodic");
        }
        // The check refuses a relation that fails within its range.
        let g = values(&[2], 100);
        assert!(check(&[2], &g, 0, 1, 1).is_none());
    }
}

/// For BENCHMARKS.md: the count engine against the general engine on the same game.
/// `cargo test --release -p grundy --lib games::takebreak::allbut::timing -- --ignored --nocapture`
#[cfg(test)]
mod timing {
    #[test]
    #[ignore]
    fn count_engine_against_the_general_engine() {
        let code = super::super::code::Code::parse("0.3003330[3]").unwrap();
        for run in 0..3 {
            let t = std::time::Instant::now();
            let mut general = super::super::engine::Engine::new(&code);
            general.extend(1 << 16, &mut |_| {}).unwrap();
            let tg = t.elapsed().as_secs_f64();
            let t = std::time::Instant::now();
            let mut count = super::AllBut::new(&[2, 3, 7]);
            count.extend(1 << 16, &mut |_| {}).unwrap();
            let tc = t.elapsed().as_secs_f64();
            let same = general
                .values()
                .iter()
                .zip(count.values())
                .all(|(&a, &b)| u64::from(a) == b);
            eprintln!("run {run}: 2^16 values: general {tg:.4} s, count {tc:.6} s, ratio {:.0}, same {same}", tg / tc);
        }
    }
}
