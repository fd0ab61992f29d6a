//! The theorems of Holshouser and Reiter, *One Pile Nim with Arbitrary Move Function* (2003), as
//! `grundy verify` claims, and the known cases the paper builds on.
//!
//! - **Main theorem**: `g(N) = g0(N)`, i.e. `g0` of the smallest part of `N` in the g-base `B_f`
//!   (see [`super::base`]), for every `f`; checked against the direct rule ([`super::direct`]).
//! - **The direct rule** itself (`g(N) = min { k : f(k) < g(N - k) }`) is checked against the
//!   SG values computed from the rules: `g(N)` must be the least `x` with `G(N, x) > 0`.
//! - **Known cases** (for non-decreasing `f`, `g0` is the identity and `B_f` comes from the simple
//!   rule `b_{k+1} = b_k + min { b_i : f(b_i) >= b_k }`): `f(k) = k` gives the powers of 2, so
//!   `g(N)` is the largest power of 2 dividing `N`; `f(k) = 2k` (Fibonacci Nim) gives the
//!   Fibonacci numbers 1, 2, 3, 5, 8, ..., so `g(N)` is the smallest term of the Zeckendorf
//!   representation of `N`. Either way `(N, x)` is a loss for the player to move exactly when
//!   `x < g(N)`.

use super::direct::{self, MAX_DIRECT_N};
use super::function::MoveFunction;
use super::sg::{SgRows, MAX_SG_N};
use super::GBase;
use crate::verify::{verdict, Claim, Params, Verdict};
use crate::{Error, Result};

/// The largest power of 2 dividing `n >= 1`.
pub fn largest_power_of_two_dividing(n: u64) -> u64 {
    n & n.wrapping_neg()
}

/// The Fibonacci numbers `1, 2, 3, 5, 8, ...` up to `limit`.
pub fn fibonacci_up_to(limit: u128) -> Vec<u128> {
    let mut fib = vec![1u128, 2];
    while let Some(next) = fib[fib.len() - 1].checked_add(fib[fib.len() - 2]) {
        if next > limit {
            break;
        }
        fib.push(next);
    }
    fib.retain(|&b| b <= limit.max(2));
    fib
}

/// The smallest term of the Zeckendorf representation of `n >= 1` (greedy: subtract the largest
/// Fibonacci number that fits, until nothing is left).
pub fn smallest_zeckendorf_term(n: u64, fibonacci: &[u128]) -> u64 {
    let mut rest = u128::from(n);
    let mut smallest = 0;
    for &b in fibonacci.iter().rev() {
        if b <= rest {
            rest -= b;
            smallest = b;
        }
    }
    smallest as u64
}

/// The claims `grundy verify` checks for this family.
pub const CLAIMS: &[Claim] = &[
    Claim {
        name: "takeaway-main-theorem",
        source: "Holshouser and Reiter (2003), main theorem",
        statement: "g(N) = g0(smallest part of N in the g-base B_f) for every N",
        params: &[
            ("f", "the move function, an expression in k (default 2*k)"),
            ("table", "a file of values f(1) f(2) ..., instead of --f"),
        ],
        range: "every N from 1: the theorem against the direct rule (to at most 2^28)",
        check: check_main_theorem,
    },
    Claim {
        name: "takeaway-direct-rule",
        source: "Holshouser and Reiter (2003), the direct algorithm for g(N)",
        statement: "g(N) = min {k : f(k) < g(N - k)}, g(0) = infinity, is the least x with (N, x) an N-position",
        params: &[
            ("f", "the move function, an expression in k (default 2*k)"),
            ("table", "a file of values f(1) f(2) ..., instead of --f"),
        ],
        range: "every N from 1: the direct rule against the SG values G(N, x) (to at most 20000)",
        check: check_direct_rule,
    },
    Claim {
        name: "takeaway-powers-of-two",
        source: "Holshouser and Reiter (2003), known case f(k) = k",
        statement: "f(k) = k: B_f is 1, 2, 4, 8, ... and g(N) is the largest power of 2 dividing N",
        params: &[],
        range: "the base members and g(N) by the direct rule (N at most 2^28)",
        check: check_powers_of_two,
    },
    Claim {
        name: "takeaway-fibonacci",
        source: "Holshouser and Reiter (2003), known case f(k) = 2k (Fibonacci Nim)",
        statement: "f(k) = 2k: B_f is 1, 2, 3, 5, 8, ... and g(N) is the smallest Zeckendorf term of N",
        params: &[],
        range: "the base members and g(N) by the direct rule (N at most 2^28)",
        check: check_fibonacci,
    },
    Claim {
        name: "takeaway-lemmas-1-2",
        source: "Holshouser and Reiter (2003), Lemmas 1 and 2 (and the definition of a g-base)",
        statement: "B_f is a g-base (b_0 = 1, b_{k+1} <= 2 b_k), and the greedy algorithm writes every N as distinct members (plus theta b_t for a finite base) summing to N",
        params: &[
            ("f", "the move function, an expression in k (default 2*k)"),
            ("table", "a file of values f(1) f(2) ..., instead of --f"),
        ],
        range: "every N from 1 (to at most 2^28)",
        check: check_lemmas_1_2,
    },
];

/// The move function named by `--f` or `--table`.
fn move_function(params: &Params) -> Result<MoveFunction> {
    match (params.text("f"), params.text("table")) {
        (Some(_), Some(_)) => Err(Error::Invalid("give --f or --table, not both".into())),
        (_, Some(path)) => MoveFunction::table_file(path),
        (f, None) => MoveFunction::expression(f.unwrap_or("2*k")),
    }
}

fn check_limit(to: u64, limit: u64, what: &str) -> Result<()> {
    if to > limit {
        return Err(Error::TooLarge(format!(
            "{what} is checked for N <= {limit}"
        )));
    }
    Ok(())
}

fn check_main_theorem(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    check_limit(to, MAX_DIRECT_N, "the main theorem")?;
    let f = move_function(params)?;
    let total = to.max(1) as f64;
    let g = direct::g_values(&f, to, &mut |done| progress(0.5 * done as f64 / total))?;
    let mut base = GBase::new();
    base.extend_to(&f, u128::from(to))?;
    for n in 1..=to {
        let fast = base.g(u128::from(n))?;
        let slow = u128::from(g[n as usize]);
        if fast != slow {
            let r = base.representation(u128::from(n))?;
            let found = format!(
                "N = {n} ({} = {}): the direct rule gives g(N) = {slow}, the theorem g0({}) = {fast}",
                f.describe(),
                super::show_representation(&r, base.members().last().copied()),
                r.smallest
            );
            return Ok(verdict(&CLAIMS[0], params, to, n, Some(found)));
        }
        if n % 65_536 == 0 {
            progress(0.5 + 0.5 * n as f64 / total);
        }
    }
    Ok(verdict(&CLAIMS[0], params, to, to, None))
}

fn check_direct_rule(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    check_limit(to, MAX_SG_N, "the direct rule against SG values")?;
    let f = move_function(params)?;
    let g = direct::g_values(&f, to, &mut |_| {})?;
    let mut rows = SgRows::new();
    rows.extend_to(&f, to)?;
    for n in 1..=to {
        // the least x with G(N, x) > 0 is the first threshold of row N
        let least = u64::from(rows.row(n)[0]);
        if least != u64::from(g[n as usize]) {
            let found = format!(
                "N = {n} ({}): the direct rule gives g(N) = {}, the SG values give {least}",
                f.describe(),
                g[n as usize]
            );
            return Ok(verdict(&CLAIMS[1], params, to, n, Some(found)));
        }
        if n % 256 == 0 {
            progress(n as f64 / to as f64);
        }
    }
    Ok(verdict(&CLAIMS[1], params, to, to, None))
}

/// Checks a known case: the base against `expected` members, `g0` the identity, and the direct
/// rule against `g_of`.
fn check_known_case(
    claim: &Claim,
    params: &Params,
    f: &str,
    to: u64,
    expected: &[u128],
    g_of: &dyn Fn(u64) -> u64,
    progress: &mut dyn FnMut(f64),
) -> Result<Verdict> {
    let f = MoveFunction::expression(f)?;
    let mut base = GBase::new();
    base.extend_to(&f, u128::from(to.max(2)))?;
    let members: Vec<u128> = base
        .members()
        .iter()
        .copied()
        .filter(|&b| b <= u128::from(to.max(2)))
        .collect();
    let mut cases = 0;
    for (i, (&b, &g0)) in members.iter().zip(base.g0()).enumerate() {
        cases += 1;
        if expected.get(i) != Some(&b) || g0 != b {
            let found = format!(
                "b_{i} = {b} with g0 = {g0}, expected {} with g0 the identity",
                expected.get(i).map_or("no member".into(), u128::to_string)
            );
            return Ok(verdict(claim, params, to, cases, Some(found)));
        }
    }
    if members.len() < expected.len() {
        let found = format!(
            "the base stops at {} members, expected {}",
            members.len(),
            expected[members.len()]
        );
        return Ok(verdict(claim, params, to, cases, Some(found)));
    }
    let n_max = to.min(MAX_DIRECT_N);
    let total = n_max.max(1) as f64;
    let g = direct::g_values(&f, n_max, &mut |done| progress(done as f64 / total))?;
    for n in 1..=n_max {
        cases += 1;
        if u64::from(g[n as usize]) != g_of(n) {
            let found = format!(
                "N = {n}: the direct rule gives g(N) = {}, expected {}",
                g[n as usize],
                g_of(n)
            );
            return Ok(verdict(claim, params, to, cases, Some(found)));
        }
    }
    Ok(verdict(claim, params, to, cases, None))
}

fn check_lemmas_1_2(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    check_limit(to, MAX_DIRECT_N, "Lemmas 1 and 2")?;
    let claim = &CLAIMS[4];
    let f = move_function(params)?;
    let mut base = GBase::new();
    base.extend_to(&f, u128::from(to.max(2)))?;
    let members = base.members();
    let mut cases = 0;
    if members[0] != 1 {
        let found = format!("b_0 = {}, not 1", members[0]);
        return Ok(verdict(claim, params, to, 1, Some(found)));
    }
    for (k, w) in members.windows(2).enumerate() {
        cases += 1;
        if w[1] <= w[0] || w[1] > 2 * w[0] {
            let found = format!(
                "b_{} = {} and b_{} = {}: not strictly increasing with b_(k+1) <= 2 b_k",
                k,
                w[0],
                k + 1,
                w[1]
            );
            return Ok(verdict(claim, params, to, cases, Some(found)));
        }
    }
    let last = *members.last().expect("b_0 and b_1 always exist");
    let finite = base.finite() == Some(true);
    for n in 1..=u128::from(to) {
        cases += 1;
        let r = base.representation(n)?;
        let increasing = r.parts.windows(2).all(|w| w[0] < w[1]);
        let in_base = r.parts.iter().all(|b| members.binary_search(b).is_ok());
        let below_last = !finite || r.parts.iter().all(|&b| b < last);
        let sum: u128 = r.parts.iter().sum::<u128>() + r.theta * last;
        if !(increasing && in_base && below_last && sum == n && (finite || r.theta == 0)) {
            let found = format!(
                "N = {n}: the representation {} (theta = {}) is not a sum of distinct members equal to N",
                r.parts.iter().map(u128::to_string).collect::<Vec<_>>().join(" + "),
                r.theta
            );
            return Ok(verdict(claim, params, to, cases, Some(found)));
        }
        if n % 65_536 == 0 {
            progress(n as f64 / to as f64);
        }
    }
    Ok(verdict(claim, params, to, cases, None))
}

fn check_powers_of_two(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let powers: Vec<u128> = (0..64)
        .map(|i| 1u128 << i)
        .filter(|&p| p <= u128::from(to.max(2)))
        .collect();
    check_known_case(
        &CLAIMS[2],
        params,
        "k",
        to,
        &powers,
        &largest_power_of_two_dividing,
        progress,
    )
}

fn check_fibonacci(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let fib = fibonacci_up_to(u128::from(to.max(2)));
    let zeckendorf = |n: u64| smallest_zeckendorf_term(n, &fib);
    check_known_case(&CLAIMS[3], params, "2*k", to, &fib, &zeckendorf, progress)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::MemoSolver;

    #[test]
    fn references_by_hand() {
        assert_eq!(largest_power_of_two_dividing(12), 4);
        assert_eq!(largest_power_of_two_dividing(7), 1);
        assert_eq!(
            fibonacci_up_to(100),
            vec![1, 2, 3, 5, 8, 13, 21, 34, 55, 89]
        );
        let fib = fibonacci_up_to(1000);
        // 100 = 89 + 8 + 3; 12 = 8 + 3 + 1; 13 = 13
        assert_eq!(smallest_zeckendorf_term(100, &fib), 3);
        assert_eq!(smallest_zeckendorf_term(12, &fib), 1);
        assert_eq!(smallest_zeckendorf_term(13, &fib), 13);
    }

    fn check(name: &str, pairs: &[(&str, &str)], to: u64) -> Verdict {
        let claim = CLAIMS.iter().find(|c| c.name == name).unwrap();
        let params = Params::new(
            claim,
            pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())),
        )
        .unwrap();
        (claim.check)(&params, to, &mut |_| {}).unwrap()
    }

    #[test]
    fn lemmas_1_2_hold_and_representations_match_hand_computations() {
        for f in ["2*k", "k", "k%3+1", "k*k%7+1", "3*k"] {
            let v = check("takeaway-lemmas-1-2", &[("f", f)], 3000);
            assert!(v.holds, "{f}: {:?}", v.counterexample);
        }
        // f(k) = 2k: Zeckendorf, 100 = 3 + 8 + 89.
        let mut base = GBase::new();
        base.extend_to(&MoveFunction::expression("2*k").unwrap(), 100)
            .unwrap();
        assert_eq!(base.representation(100).unwrap().parts, vec![3, 8, 89]);
        // f(k) = k mod 3 + 1: the base 1, 2, 3, 5, 7 ends; 20 = 1 + 5 + 2 * 7 (Lemma 2).
        let mut base = GBase::new();
        base.extend_to(&MoveFunction::expression("k%3+1").unwrap(), 100)
            .unwrap();
        assert_eq!(base.members(), &[1, 2, 3, 5, 7]);
        let r = base.representation(20).unwrap();
        assert_eq!((r.parts, r.theta), (vec![1, 5], 2));
    }

    #[test]
    fn known_cases_hold_against_the_direct_rule() {
        let v = check("takeaway-powers-of-two", &[], 100_000);
        assert!(v.holds, "{v:?}");
        let v = check("takeaway-fibonacci", &[], 100_000);
        assert!(v.holds, "{v:?}");
    }

    #[test]
    fn losing_positions_of_the_known_cases_from_the_engine() {
        // (N, x) is a loss for the player to move exactly when x < g(N): checked on the rules
        // with the memoised engine, independently of the direct rule and the base.
        for (text, g_of) in [
            ("k", &largest_power_of_two_dividing as &dyn Fn(u64) -> u64),
            ("2*k", &|n| {
                smallest_zeckendorf_term(n, &fibonacci_up_to(1000))
            }),
        ] {
            let game = super::super::Takeaway::new(MoveFunction::expression(text).unwrap());
            let mut memo = MemoSolver::new(game);
            for n in 1..=40u64 {
                for x in 1..=45u64 {
                    let p = memo.value(&(n, x)).unwrap() == 0;
                    assert_eq!(p, x < g_of(n), "f = {text}, ({n}, {x})");
                }
            }
        }
    }

    #[test]
    fn the_main_theorem_and_direct_rule_claims_hold() {
        for f in ["2*k", "k^2 + 1", "max(1, 300 - k)", "k % 4 + 1"] {
            let v = check("takeaway-main-theorem", &[("f", f)], 3000);
            assert!(v.holds, "{v:?}");
            let v = check("takeaway-direct-rule", &[("f", f)], 150);
            assert!(v.holds, "{v:?}");
        }
    }

    #[test]
    fn a_wrong_theorem_would_be_reported() {
        // The verdict machinery reports the first disagreement: feed it a wrong expectation.
        let claim = &CLAIMS[2];
        let params = Params::new(claim, []).unwrap();
        let wrong = |n: u64| {
            if n == 24 {
                1
            } else {
                largest_power_of_two_dividing(n)
            }
        };
        let powers: Vec<u128> = (0..10).map(|i| 1u128 << i).collect();
        let v =
            check_known_case(claim, &params, "k", 500, &powers[..9], &wrong, &mut |_| {}).unwrap();
        assert!(!v.holds);
        assert_eq!(
            v.counterexample.unwrap(),
            "N = 24: the direct rule gives g(N) = 8, expected 1"
        );
    }
}
