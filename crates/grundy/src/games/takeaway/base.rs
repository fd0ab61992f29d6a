//! The g-base `B_f` and `g0` on it (A. Holshouser and H. Reiter, *One Pile Nim with Arbitrary
//! Move Function*, Electron. J. Combin. 10 (2003) #N7), the base representations of Lemmas 1
//! and 2, and the main theorem `g(N) = g0(N)`.
//!
//! **g-bases.** A strictly increasing sequence `B = (b_0 = 1, b_1, ...)` with `b_{k+1} <= 2 b_k`.
//! *Lemma 1*: every `N >= 1` is a sum of distinct members of an infinite g-base, found greedily:
//! take the largest `b_j <= N` and represent `N - b_j < b_j` the same way. *Lemma 2*: for a finite
//! g-base ending at `b_t`, write `N = r + theta * b_t` with `0 <= r < b_t` and represent `r` greedily.
//! *Definition 3*: the smallest part of `N` is the smallest member in that representation, and
//! `b_t` when `N = theta * b_t`.
//!
//! **The construction of `B_f` and `g0`.** `b_0 = 1`, `g0(1) = 1`, `b_1 = 2`, `g0(2) = 2`. Given
//! `b_0, ..., b_k`: let `b_i` be the smallest member with `g0(b_i) = b_i` and `f(b_i) >= g0(b_k)`;
//! if there is none, the base is finite and ends at `b_k`. Otherwise `b_{k+1} = b_k + b_i` and
//!
//! ```text
//! g0(b_{k+1}) = min({b_{k+1}} ∪ {b_i + x : 1 <= x < b_k, f(b_i + x) < g0(b_k - x)}),
//! ```
//!
//! where `g0(M)` for a non-member `M` means `g0(smallest part of M)` (Definition 4). This is the
//! direct rule at `N = b_{k+1}` once one knows that `g(b_k + t) = g(t)` for `t < b_i` (statement 3
//! of the proof): the moves `k < b_i` then fail as they fail at `b_i`, `k = b_i` fails because
//! `f(b_i) >= g(b_k)`, and `k = b_i + x` wins exactly when `f(b_i + x) < g(b_k - x)`.
//!
//! **Main theorem.** `g(N) = g0(smallest part of N)` for every `N >= 1`, whether `B_f` is finite
//! or infinite (the paper proves the infinite case and leaves the finite one to the reader; the
//! tests and `grundy verify takeaway-main-theorem` check both against the direct rule). So
//! `(N, x)` is a win for the player to move exactly when `x >= g0(N)`, and the winning move takes
//! `g0(N)`: `(N, x) -> (N - g0(N), f(g0(N)))`.
//!
//! **Computing `g0(b_{k+1})` for huge bases.** The minimum runs over `x < b_k`, up to `10^18`
//! values. [`GBase`] splits `1..b_k` into intervals and discards an interval when a lower bound
//! of `f` on it (interval arithmetic on the expression, block minima of a table) is at least an
//! upper bound of `g0(b_k - x)` there (`g(M) <= M`, and `g(M) <= max g0` over members `<= M`);
//! what cannot be discarded is halved, and short intervals are evaluated point by point, leftmost
//! first, so the first `x` found is the least. For `f(k) = 2k` the first interval is discarded at
//! once. The point evaluations are counted and limited ([`MAX_EVALUATIONS`]).

use serde::Serialize;

use super::function::MoveFunction;
use crate::{Error, Result};

/// The most members a base may have (16 bytes each, four arrays).
pub const MAX_BASE_LEN: usize = 1 << 22;
/// The most point evaluations of `f` one extension of the base may use.
pub const MAX_EVALUATIONS: u64 = 50_000_000;
/// Intervals of `x` this short are evaluated point by point.
const LEAF: u128 = 32;

/// The g-base `B_f` with `g0`, built member by member as far as asked.
#[derive(Debug, Clone)]
pub struct GBase {
    members: Vec<u128>,
    /// The members below 2^64 again, as `u64` (for faster representations of such numbers).
    small: Vec<u64>,
    g0: Vec<u128>,
    /// `max g0(b_0..=b_j)`.
    max_g0: Vec<u128>,
    /// `max f(b)` over the members `b <= b_j` with `g0(b) = b` (0 if none): the candidates `b_i`.
    max_candidate_f: Vec<u128>,
    /// The member after the last one, when it is known (its `g0` is computed on demand).
    next: Next,
    /// The most members ([`MAX_BASE_LEN`] unless set by [`GBase::with_limits`]).
    max_len: usize,
    /// The most point evaluations per extension ([`MAX_EVALUATIONS`] by default).
    max_evaluations: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Next {
    /// Not computed yet.
    Unknown,
    /// `b_{k+1} = b_k + b_i` with `i` the index of `b_i`.
    Member(u128, usize),
    /// The base ends at the last member.
    End,
}

/// How a number is written in the base (Lemmas 1 and 2): `N = parts + theta * b_t`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Representation {
    /// The distinct members, increasing.
    pub parts: Vec<u128>,
    /// The multiple of the last member `b_t` of a finite base (0 for an infinite base).
    pub theta: u128,
    /// The member whose `g0` is `g(N)`: the smallest part, or `b_t` when `N = theta * b_t`.
    pub smallest: u128,
}

impl Default for GBase {
    fn default() -> Self {
        Self::new()
    }
}

impl GBase {
    /// The members `b_0 = 1`, `b_1 = 2` (the same for every `f`).
    pub fn new() -> Self {
        Self::with_limits(MAX_BASE_LEN, MAX_EVALUATIONS)
    }

    /// An empty base that refuses to grow past `max_len` members or to spend more than
    /// `max_evaluations` point evaluations of `f` in one extension.
    pub fn with_limits(max_len: usize, max_evaluations: u64) -> Self {
        GBase {
            members: vec![1, 2],
            small: vec![1, 2],
            g0: vec![1, 2],
            max_g0: vec![1, 2],
            max_candidate_f: Vec::new(),
            next: Next::Unknown,
            max_len,
            max_evaluations,
        }
    }

    /// The members computed so far.
    pub fn members(&self) -> &[u128] {
        &self.members
    }

    /// `g0` of each member computed so far.
    pub fn g0(&self) -> &[u128] {
        &self.g0
    }

    /// `Some(true)` if the base is known to end at its last member, `Some(false)` if a further
    /// member is known, `None` if that is not computed yet.
    pub fn finite(&self) -> Option<bool> {
        match self.next {
            Next::End => Some(true),
            Next::Member(..) => Some(false),
            Next::Unknown => None,
        }
    }

    /// The member after the last one computed, when it is known.
    pub fn next_member(&self) -> Option<u128> {
        match self.next {
            Next::Member(b, _) => Some(b),
            _ => None,
        }
    }

    /// Whether every member `<= n` is computed (so representations of numbers `<= n` are final).
    pub fn covers(&self, n: u128) -> bool {
        match self.next {
            Next::End => true,
            Next::Member(b, _) => b > n,
            Next::Unknown => false,
        }
    }

    fn last(&self) -> u128 {
        *self.members.last().expect("b_0 and b_1 always exist")
    }

    /// Computes every member `<= n` with its `g0`, and whether a further member exists (and its
    /// value). Uses `f(k)` for `k <= n` only.
    pub fn extend_to(&mut self, f: &MoveFunction, n: u128) -> Result<()> {
        let mut budget = self.max_evaluations;
        loop {
            if self.next == Next::Unknown {
                self.next = self.find_next(f)?;
            }
            match self.next {
                Next::Member(b, i) if b <= n => self.push_next(f, b, i, &mut budget)?,
                _ => return Ok(()),
            }
        }
    }

    /// The next member from the rule: the smallest `b_i` with `g0(b_i) = b_i` and
    /// `f(b_i) >= g0(b_k)`.
    fn find_next(&mut self, f: &MoveFunction) -> Result<Next> {
        // Members become candidates once their f is known; f(b) is needed only here, for b <= b_k.
        while self.max_candidate_f.len() < self.members.len() {
            let j = self.max_candidate_f.len();
            let b = self.members[j];
            let fb = if self.g0[j] == b { f.eval(b)? } else { 0 };
            let before = self.max_candidate_f.last().copied().unwrap_or(0);
            self.max_candidate_f.push(before.max(fb));
        }
        let target = *self.g0.last().expect("non-empty");
        let i = self.max_candidate_f.partition_point(|&m| m < target);
        if i == self.members.len() {
            return Ok(Next::End);
        }
        let b = self.last().checked_add(self.members[i]).ok_or_else(|| {
            Error::Overflow("the next member of the g-base does not fit 128 bits".into())
        })?;
        Ok(Next::Member(b, i))
    }

    fn push_next(&mut self, f: &MoveFunction, b: u128, i: usize, budget: &mut u64) -> Result<()> {
        if self.members.len() >= self.max_len {
            return Err(Error::TooLarge(format!(
                "the g-base has more than {} members below {b} (it grows too slowly for this N)",
                self.max_len
            )));
        }
        let (bi, bk) = (self.members[i], self.last());
        let g0 = match self.first_winning_x(f, bi, bk, budget)? {
            Some(x) => bi + x,
            None => b,
        };
        self.members.push(b);
        if let Ok(b) = u64::try_from(b) {
            self.small.push(b);
        }
        self.g0.push(g0);
        let top = *self.max_g0.last().expect("non-empty");
        self.max_g0.push(top.max(g0));
        self.next = Next::Unknown;
        Ok(())
    }

    /// The least `x` in `1..b_k` with `f(b_i + x) < g(b_k - x)`, if any.
    fn first_winning_x(
        &self,
        f: &MoveFunction,
        bi: u128,
        bk: u128,
        budget: &mut u64,
    ) -> Result<Option<u128>> {
        if bk < 2 {
            return Ok(None);
        }
        // Intervals still to look at, the leftmost on top.
        let mut stack = vec![(1u128, bk - 1)];
        while let Some((lo, hi)) = stack.pop() {
            if hi - lo < LEAF {
                for x in lo..=hi {
                    if *budget == 0 {
                        return Err(Error::TooLarge(format!(
                            "computing g0({}) needs more than {} evaluations of f (no range of k could be skipped); the base is known up to {bk}",
                            bk + bi,
                            self.max_evaluations
                        )));
                    }
                    *budget -= 1;
                    if f.eval(bi + x)? < self.g_below(bk - x) {
                        return Ok(Some(x));
                    }
                }
                continue;
            }
            // g(b_k - x) for x in lo..=hi is at most min(b_k - lo, max g0 of members <= b_k - lo).
            let top = bk - lo;
            let g_bound = top.min(self.max_g0_upto(top));
            match f.lower_bound(bi + lo, bi + hi) {
                Some(low) if low >= g_bound => {}
                _ => {
                    let mid = lo + (hi - lo) / 2;
                    stack.push((mid + 1, hi));
                    stack.push((lo, mid));
                }
            }
        }
        Ok(None)
    }

    /// `max g0(b)` over the members `b <= m`.
    fn max_g0_upto(&self, m: u128) -> u128 {
        let j = self.members.partition_point(|&b| b <= m);
        self.max_g0[j - 1]
    }

    /// `g(m)` by the theorem for `1 <= m` below the last member (during construction).
    fn g_below(&self, m: u128) -> u128 {
        self.g0[self.smallest_index(m, self.members.len())]
    }

    /// The index of the smallest part of `m >= 1` in the greedy representation (Lemma 1) using
    /// the members with index `< end` (`m` below the sum of those, as Lemma 1 needs).
    fn smallest_index(&self, m: u128, end: usize) -> usize {
        match u64::try_from(m) {
            Ok(m) => smallest_index_in(&self.small[..end.min(self.small.len())], m),
            Err(_) => smallest_index_in(&self.members[..end], m),
        }
    }

    /// The representation of `n >= 1` (Lemma 1, or Lemma 2 for a finite base). Errors if the
    /// base is not computed up to `n` ([`GBase::extend_to`]).
    pub fn representation(&self, n: u128) -> Result<Representation> {
        self.check_covers(n)?;
        let (mut rest, theta) = match self.next {
            Next::End => (n % self.last(), n / self.last()),
            _ => (n, 0),
        };
        if rest == 0 {
            return Ok(Representation {
                parts: Vec::new(),
                theta,
                smallest: self.last(),
            });
        }
        let mut parts = Vec::new();
        let mut end = self.members.len();
        while rest > 0 {
            let j = self.members[..end].partition_point(|&b| b <= rest) - 1;
            parts.push(self.members[j]);
            rest -= self.members[j];
            end = j;
        }
        parts.reverse();
        let smallest = parts[0];
        Ok(Representation {
            parts,
            theta,
            smallest,
        })
    }

    /// `g0(N)`: `g0` of the smallest part of `N >= 1` (Definition 4). By the main theorem this is
    /// `g(N)`, the least winning `x` at `(N, x)`.
    pub fn g(&self, n: u128) -> Result<u128> {
        self.check_covers(n)?;
        if n == 0 {
            return Err(Error::Invalid(
                "g(0) is infinite: (0, x) has no move".into(),
            ));
        }
        let rest = match self.next {
            Next::End => n % self.last(),
            _ => n,
        };
        if rest == 0 {
            return Ok(*self.g0.last().expect("non-empty"));
        }
        Ok(self.g0[self.smallest_index(rest, self.members.len())])
    }

    /// `g0` of a member (None if `b` is not a member).
    pub fn g0_of(&self, b: u128) -> Option<u128> {
        self.members.binary_search(&b).ok().map(|j| self.g0[j])
    }

    fn check_covers(&self, n: u128) -> Result<()> {
        if self.covers(n) {
            Ok(())
        } else {
            Err(Error::Invalid(format!(
                "the g-base is computed up to {} only; extend it to {n} first",
                self.last()
            )))
        }
    }
}

/// The index of the smallest part of `m >= 1` in the greedy representation (Lemma 1) by the
/// members `members` (`m` below the sum of those, as Lemma 1 needs).
fn smallest_index_in<T: Copy + Ord + std::ops::Sub<Output = T> + Default>(
    members: &[T],
    m: T,
) -> usize {
    let zero = T::default();
    let mut top = members.partition_point(|&b| b <= m) - 1;
    let mut rest = m - members[top];
    if top > 128 {
        // A slowly growing base: search for each further part (what is left is below the part
        // just taken, Lemma 1).
        while rest > zero {
            top = members[..top].partition_point(|&b| b <= rest) - 1;
            rest = rest - members[top];
        }
        return top;
    }
    // Below the first part, each member is taken when it fits (Lemma 1). Deciding each one
    // without a branch is faster than jumping to the next part: such jumps are unpredictable.
    let mut smallest = top;
    for (i, &b) in members[..top].iter().enumerate().rev() {
        let take = b <= rest;
        rest = rest - if take { b } else { zero };
        smallest = if take { i } else { smallest };
    }
    smallest
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::takeaway::direct;
    use proptest::prelude::*;

    fn base_for(text: &str, n: u128) -> GBase {
        let mut base = GBase::new();
        base.extend_to(&MoveFunction::expression(text).unwrap(), n)
            .unwrap();
        base
    }

    /// The main theorem against the direct rule for N <= n.
    fn theorem_holds(f: &MoveFunction, n: u64) -> std::result::Result<(), String> {
        let g = direct::g_values(f, n, &mut |_| {}).map_err(|e| e.to_string())?;
        let mut base = GBase::new();
        base.extend_to(f, u128::from(n))
            .map_err(|e| e.to_string())?;
        for m in 1..=n {
            let fast = base.g(u128::from(m)).map_err(|e| e.to_string())?;
            if fast != u128::from(g[m as usize]) {
                return Err(format!(
                    "{}: N = {m}: direct rule {}, theorem {fast} (base {:?})",
                    f.describe(),
                    g[m as usize],
                    &base.members()[..base.members().len().min(30)]
                ));
            }
        }
        Ok(())
    }

    #[test]
    fn f_k_gives_powers_of_two_and_f_2k_fibonacci() {
        // The paper's known cases; the lists are generated independently here.
        let powers: Vec<u128> = (0..60).map(|i| 1u128 << i).collect();
        let base = base_for("k", 1 << 59);
        assert_eq!(base.members(), &powers[..]);
        assert_eq!(base.g0(), &powers[..]);
        let mut fib = vec![1u128, 2];
        while fib[fib.len() - 1] + fib[fib.len() - 2] <= 1_000_000_000_000_000_000 {
            fib.push(fib[fib.len() - 1] + fib[fib.len() - 2]);
        }
        let base = base_for("2*k", 1_000_000_000_000_000_000);
        assert_eq!(base.members(), &fib[..]);
        assert_eq!(base.g0(), &fib[..]);
        assert_eq!(base.finite(), Some(false));
    }

    #[test]
    fn representations_follow_the_lemmas() {
        let base = base_for("2*k", 1000);
        // 100 = 89 + 8 + 3 (Zeckendorf), smallest part 3.
        let r = base.representation(100).unwrap();
        assert_eq!((r.parts, r.theta, r.smallest), (vec![3, 8, 89], 0, 3));
        assert_eq!(base.g(100).unwrap(), 3);
        // f = 1: base 1, 2 and it ends (f(1) = 1 < g0(2) = 2, f(2) = 1 < 2). 7 = 1 + 3*2.
        let base = base_for("1", 1000);
        assert_eq!(
            (base.members(), base.finite()),
            (&[1u128, 2][..], Some(true))
        );
        let r = base.representation(7).unwrap();
        assert_eq!((r.parts, r.theta, r.smallest), (vec![1], 3, 1));
        let r = base.representation(8).unwrap();
        assert_eq!((r.parts, r.theta, r.smallest), (vec![], 4, 2));
        assert!(base_for("k", 10).representation(100).is_err());
    }

    #[test]
    fn theorem_for_families_of_f() {
        let families = [
            "k",
            "2*k",
            "3*k",
            "k + 1",
            "2*k + 3",
            "k^2",
            "k^2 + k + 1",
            "(k + 1) / 2",
            "k / 3 + 1",
            "max(1, 1000 - k)",
            "max(1, 50 - 2*k)",
            "1",
            "2",
            "7",
            "10^9",
            "k % 3 + 1",
            "k % 7 + 2",
            "(k * 37) % 11 + 1",
            "if(k % 2 == 0, 2*k, k)",
            "if(k % 2 == 0, k / 2 + 1, 3*k)",
            "if(k < 20, 1, k)",
            "min(k, 5)",
            "min(2*k, 100)",
            "abs(k - 30) + 1",
            "k - k / 2",
            "3*k / 2",
        ];
        for text in families {
            let f = MoveFunction::expression(text).unwrap();
            if let Err(e) = theorem_holds(&f, 1500) {
                panic!("{e}");
            }
        }
    }

    #[test]
    fn theorem_to_ten_thousand_for_a_few_f() {
        for text in ["2*k", "(k * 37) % 101 + 1", "max(1, 5000 - k)"] {
            let f = MoveFunction::expression(text).unwrap();
            if let Err(e) = theorem_holds(&f, 10_000) {
                panic!("{e}");
            }
        }
    }

    #[test]
    #[ignore = "long: cargo test --release -p grundy -- --ignored theorem_to_a_hundred_thousand"]
    fn theorem_to_a_hundred_thousand() {
        for text in [
            "k",
            "2*k",
            "3*k + 2",
            "k^2",
            "max(1, 50000 - k)",
            "max(1, 1000 - 3*k)",
            "k % 5 + 1",
            "if(k % 2 == 0, 2*k, k)",
            "if(k % 2 == 0, k / 2 + 1, 3*k)",
            "(k * 37) % 101 + 1",
            "(k * 7919) % 1000 + 1",
            "k / 3 + 1",
            "abs(k - 3000) + 1",
        ] {
            let f = MoveFunction::expression(text).unwrap();
            if let Err(e) = theorem_holds(&f, 100_000) {
                panic!("{e}");
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        /// Hundreds of random tables f (small, mixed and wide values).
        #[test]
        fn theorem_for_random_tables(values in prop::collection::vec(prop_oneof![1u64..4, 1u64..40, 1u64..2000], 300..301)) {
            let f = MoveFunction::table("random", values).unwrap();
            if let Err(e) = theorem_holds(&f, 299) {
                prop_assert!(false, "{}", e);
            }
        }

    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn theorem_for_random_linear_and_quadratic_f(a in 0u64..5, b in 0u64..5, c in 1u64..20) {
            prop_assume!(a + b > 0);
            let f = MoveFunction::expression(&format!("{a}*k^2 + {b}*k + {c}")).unwrap();
            if let Err(e) = theorem_holds(&f, 600) {
                prop_assert!(false, "{}", e);
            }
        }

        #[test]
        fn theorem_for_random_periodic_and_decreasing_f(p in 1u64..12, s in 1u64..9, top in 1u64..500) {
            let f = MoveFunction::expression(&format!("(k * {s}) % {p} + 1")).unwrap();
            if let Err(e) = theorem_holds(&f, 600) {
                prop_assert!(false, "{}", e);
            }
            let f = MoveFunction::expression(&format!("max(1, {top} - {s}*k)")).unwrap();
            if let Err(e) = theorem_holds(&f, 400) {
                prop_assert!(false, "{}", e);
            }
        }

        /// Building the base by its rule agrees with reading g0 = g off the direct rule (the
        /// paper's remark "once g is computed, g0 = g, and we can easily compute B_f").
        #[test]
        fn base_from_g_agrees(values in prop::collection::vec(1u64..60, 400..401)) {
            let f = MoveFunction::table("random", values).unwrap();
            let g = direct::g_values(&f, 399, &mut |_| {}).unwrap();
            let mut base = GBase::new();
            base.extend_to(&f, 399).unwrap();
            // the same construction with g0 read from g
            let (mut members, mut ends) = (vec![1u64, 2], false);
            loop {
                let last = *members.last().unwrap();
                let target = u64::from(g[last as usize]);
                let pick = members.iter().copied().find(|&b| u64::from(g[b as usize]) == b && f.eval(u128::from(b)).unwrap() >= u128::from(target));
                match pick {
                    None => { ends = true; break; }
                    Some(bi) if last + bi <= 399 => members.push(last + bi),
                    Some(_) => break,
                }
            }
            let ours: Vec<u64> = base.members().iter().map(|&b| b as u64).collect();
            prop_assert_eq!(&ours, &members);
            prop_assert_eq!(base.finite() == Some(true), ends);
            for (&b, &g0) in base.members().iter().zip(base.g0()) {
                prop_assert_eq!(g0, u128::from(g[b as usize]));
            }
        }
    }

    #[test]
    fn huge_bases_are_fast_for_monotone_f() {
        for text in ["2*k", "k", "3*k", "k + 1", "2*k - 1"] {
            let base = base_for(text, 1_000_000_000_000_000_000);
            assert!(base.covers(1_000_000_000_000_000_000));
        }
        // k^2 grows the base by about sqrt(b_k) per member: fine to 10^9.
        assert!(base_for("k^2", 1_000_000_000).covers(1_000_000_000));
        // Beyond 64 bits, where u128 is cheap: 2^100 = 2 * 2^99 and g(2^100) = 2^100 for f = k.
        let base = base_for("k", 1u128 << 100);
        assert_eq!(base.g(1u128 << 100).unwrap(), 1u128 << 100);
    }

    /// The paper conjectures that the members of B_f grow exponentially whenever g is unbounded.
    /// For f(k) = k^2 (non-decreasing, so g0 is the identity and g(b) = b is unbounded) the
    /// construction adds the smallest member b_i with b_i^2 >= b_k, and b_i <= 2 b_{i-1} <
    /// 2 sqrt(b_k), so b_k = O(k^2): polynomial growth, against the conjecture as stated.
    #[test]
    fn f_k_squared_has_unbounded_g_and_a_polynomial_base() {
        let n = 1_000_000_000u128;
        let base = base_for("k^2", n);
        assert!(base.members().iter().zip(base.g0()).all(|(b, g0)| b == g0));
        // g(b) = b on the members, by the direct rule, for the members up to 20000
        let f = MoveFunction::expression("k^2").unwrap();
        let g = direct::g_values(&f, 20_000, &mut |_| {}).unwrap();
        for &b in base.members().iter().take_while(|&&b| b <= 20_000) {
            assert_eq!(u128::from(g[b as usize]), b);
        }
        for w in base.members().windows(2) {
            let (b, next) = (w[0], w[1]);
            assert!((next - b) * (next - b) < 4 * b + 4, "{b} -> {next}");
        }
        // an exponentially growing base would have O(log n) members below n = 10^9
        assert!(base.members().len() > 30_000, "{}", base.members().len());
    }

    #[test]
    fn slow_bases_and_bad_f_are_errors() {
        // f = 10^12: the opponent may take everything, g(N) = N, and the base is 1, 2, 3, ...
        let mut base = GBase::with_limits(1000, MAX_EVALUATIONS);
        let f = MoveFunction::expression("10^12").unwrap();
        let err = base.extend_to(&f, 1u128 << 40).unwrap_err().to_string();
        assert!(err.contains("more than 1000 members"), "{err}");
        assert_eq!(&base.members()[..5], &[1, 2, 3, 4, 5]);
        // An f that defeats the interval bounds: only point evaluations decide.
        let mut base = GBase::with_limits(MAX_BASE_LEN, 2000);
        let f = MoveFunction::expression("if(k % 2 == 0, 2*k, 1)").unwrap();
        let err = base.extend_to(&f, 1u128 << 40);
        if let Err(e) = err {
            assert!(e.to_string().contains("more than 2000 evaluations"), "{e}");
        }
        let mut base = GBase::new();
        let f = MoveFunction::expression("k - 3").unwrap();
        let err = base.extend_to(&f, 100).unwrap_err().to_string();
        assert!(err.contains("is not a positive integer"), "{err}");
    }
}
