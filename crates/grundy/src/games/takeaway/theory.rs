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
use crate::verify::{optional, param, verdict, Claim, Param, Params, Tally, Verdict};
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
        params: F_PARAMS,
        range: "every N from 1 to to: the theorem against the direct rule (to at most 2^28)",
        default_to: None,
        check: check_main_theorem,
    },
    Claim {
        name: "takeaway-direct-rule",
        source: "Holshouser and Reiter (2003), the direct algorithm for g(N)",
        statement: "g(N) = min {k : f(k) < g(N - k)}, g(0) = infinity, is the least x with (N, x) an N-position",
        params: F_PARAMS,
        range: "every N from 1 to to: the direct rule against the SG values G(N, x) (to at most 20000)",
        default_to: None,
        check: check_direct_rule,
    },
    Claim {
        name: "takeaway-powers-of-two",
        source: "Holshouser and Reiter (2003), known case f(k) = k",
        statement: "f(k) = k: B_f is 1, 2, 4, 8, ... and g(N) is the largest power of 2 dividing N",
        params: &[],
        range: "the base members <= to and g(N) by the direct rule for every N <= to (to at most 2^28)",
        default_to: None,
        check: check_powers_of_two,
    },
    Claim {
        name: "takeaway-fibonacci",
        source: "Holshouser and Reiter (2003), known case f(k) = 2k (Fibonacci Nim)",
        statement: "f(k) = 2k: B_f is 1, 2, 3, 5, 8, ... and g(N) is the smallest Zeckendorf term of N",
        params: &[],
        range: "the base members <= to and g(N) by the direct rule for every N <= to (to at most 2^28)",
        default_to: None,
        check: check_fibonacci,
    },
    Claim {
        name: "takeaway-lemmas-1-2",
        source: "Holshouser and Reiter (2003), Lemmas 1 and 2 (and the definition of a g-base)",
        statement: "B_f is a g-base (b_0 = 1, b_{k+1} <= 2 b_k), and the greedy algorithm writes every N as distinct members (plus theta b_t for a finite base) summing to N",
        params: F_PARAMS,
        range: "every N from 1 to to (to at most 2^28)",
        default_to: None,
        check: check_lemmas_1_2,
    },
    Claim {
        name: "takeaway-simple-base",
        source: "Holshouser and Reiter (2003), p. 3 (f non-decreasing, or f(n+1) - f(n) >= -1)",
        statement: "if f(n+1) - f(n) >= -1 for every n, g0 is the identity on B_f and B_f comes from b_0 = 1, b_1 = 2, b_{k+1} = b_k + (the smallest b_i with f(b_i) >= b_k)",
        params: &[param(
            "f",
            "the move function, an expression in k with f(n+1) - f(n) >= -1",
            "k%3+k/3",
        )],
        range: "the members <= to, and g(N) by the direct rule for every N <= to (to at most 2^24); the hypothesis is checked for f(1..=to), all the range depends on",
        default_to: None,
        check: check_simple_base,
    },
    Claim {
        name: "takeaway-winning-move",
        source: "Holshouser and Reiter (2003), after the main theorem",
        statement: "(N, x) is a win for the player to move exactly when x >= g0(N), and then (N, x) -> (N - g0(N), f(g0(N))) is a winning move",
        params: F_PARAMS,
        range: "every N from 1 to to and every x, against the SG values G(N, x) computed from the rules (to at most 20000)",
        default_to: None,
        check: check_winning_move,
    },
    Claim {
        name: "takeaway-growth-conjecture",
        source: "Holshouser and Reiter (2003), conjecture on p. 3",
        statement: "if g is unbounded, the members of B_f grow exponentially (tried on f(k) = k^2)",
        params: &[],
        range: "the members of B_f for f(k) = k^2 up to to (to at most 10^12), with g(b) = b by the direct rule for the members up to min(to, 2^20)",
        default_to: None,
        check: check_growth_conjecture,
    },
];

/// `--f` or `--table`.
const F_PARAMS: &[Param] = &[
    param("f", "the move function, an expression in k", "2*k"),
    optional("table", "a file of values f(1) f(2) ..., instead of --f"),
];

/// The move function named by `--f` or `--table`.
fn move_function(params: &Params) -> Result<MoveFunction> {
    match (params.given("f"), params.given("table")) {
        (Some(_), Some(_)) => Err(Error::Invalid("give --f or --table, not both".into())),
        (_, Some(path)) => MoveFunction::table_file(path),
        (_, None) => MoveFunction::expression(&params.text("f").unwrap_or_default()),
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
    let mut tally = Tally::new();
    for n in 1..=to {
        let fast = base.g(u128::from(n))?;
        let slow = u128::from(g[n as usize]);
        let describe = || -> Result<String> {
            let r = base.representation(u128::from(n))?;
            Ok(format!(
                "N = {n} ({} = {}): the direct rule gives g(N) = {slow}, the theorem g0({}) = {fast}",
                f.describe(),
                super::show_representation(&r, base.members().last().copied()),
                r.smallest
            ))
        };
        let found = if fast == slow {
            None
        } else {
            Some(describe()?)
        };
        tally.case(found);
        if n % 65_536 == 0 {
            progress(0.5 + 0.5 * n as f64 / total);
        }
    }
    Ok(tally.verdict(&CLAIMS[0], params, to))
}

fn check_direct_rule(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    check_limit(to, MAX_SG_N, "the direct rule against SG values")?;
    let f = move_function(params)?;
    let g = direct::g_values(&f, to, &mut |_| {})?;
    let mut rows = SgRows::new();
    rows.extend_to(&f, to)?;
    let mut tally = Tally::new();
    for n in 1..=to {
        // the least x with G(N, x) > 0 is the first threshold of row N
        let least = u64::from(rows.row(n)[0]);
        tally.check(least == u64::from(g[n as usize]), || {
            format!(
                "N = {n} ({}): the direct rule gives g(N) = {}, the SG values give {least}",
                f.describe(),
                g[n as usize]
            )
        });
        if n % 256 == 1 {
            progress(n as f64 / to as f64);
        }
    }
    Ok(tally.verdict(&CLAIMS[1], params, to))
}

/// Checks a known case: the base against `expected` members, `g0` the identity, and the direct
/// rule against `g_of`, for every `N <= to`.
fn check_known_case(
    claim: &Claim,
    params: &Params,
    f: &str,
    to: u64,
    expected: &[u128],
    g_of: &dyn Fn(u64) -> u64,
    progress: &mut dyn FnMut(f64),
) -> Result<Verdict> {
    check_limit(to, MAX_DIRECT_N, "this known case")?;
    let f = MoveFunction::expression(f)?;
    let mut base = GBase::new();
    base.extend_to(&f, u128::from(to.max(2)))?;
    let members: Vec<u128> = base
        .members()
        .iter()
        .copied()
        .filter(|&b| b <= u128::from(to.max(2)))
        .collect();
    let mut tally = Tally::new();
    for (i, (&b, &g0)) in members.iter().zip(base.g0()).enumerate() {
        tally.check(expected.get(i) == Some(&b) && g0 == b, || {
            format!(
                "b_{i} = {b} with g0 = {g0}, expected {} with g0 the identity",
                expected.get(i).map_or("no member".into(), u128::to_string)
            )
        });
    }
    if members.len() < expected.len() {
        tally.case(Some(format!(
            "the base stops at {} members, expected {}",
            members.len(),
            expected[members.len()]
        )));
    }
    let total = to.max(1) as f64;
    let g = direct::g_values(&f, to, &mut |done| progress(done as f64 / total))?;
    for n in 1..=to {
        tally.check(u64::from(g[n as usize]) == g_of(n), || {
            format!(
                "N = {n}: the direct rule gives g(N) = {}, expected {}",
                g[n as usize],
                g_of(n)
            )
        });
    }
    Ok(tally.verdict(claim, params, to))
}

fn check_lemmas_1_2(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    check_limit(to, MAX_DIRECT_N, "Lemmas 1 and 2")?;
    progress(0.0);
    let claim = &CLAIMS[4];
    let f = move_function(params)?;
    let mut base = GBase::new();
    base.extend_to(&f, u128::from(to.max(2)))?;
    let members = base.members();
    let mut tally = Tally::new();
    tally.check(members[0] == 1, || format!("b_0 = {}, not 1", members[0]));
    for (k, w) in members.windows(2).enumerate() {
        tally.check(w[1] > w[0] && w[1] <= 2 * w[0], || {
            format!(
                "b_{} = {} and b_{} = {}: not strictly increasing with b_(k+1) <= 2 b_k",
                k,
                w[0],
                k + 1,
                w[1]
            )
        });
    }
    let last = *members.last().expect("b_0 and b_1 always exist");
    let finite = base.finite() == Some(true);
    for n in 1..=u128::from(to) {
        let r = base.representation(n)?;
        let increasing = r.parts.windows(2).all(|w| w[0] < w[1]);
        let in_base = r.parts.iter().all(|b| members.binary_search(b).is_ok());
        let below_last = !finite || r.parts.iter().all(|&b| b < last);
        let sum: u128 = r.parts.iter().sum::<u128>() + r.theta * last;
        let ok = increasing && in_base && below_last && sum == n && (finite || r.theta == 0);
        tally.check(ok, || {
            format!(
                "N = {n}: the representation {} (theta = {}) is not a sum of distinct members equal to N",
                r.parts.iter().map(u128::to_string).collect::<Vec<_>>().join(" + "),
                r.theta
            )
        });
        if n % 65_536 == 0 {
            progress(n as f64 / to as f64);
        }
    }
    Ok(tally.verdict(claim, params, to))
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

/// The base of the simple rule: `b_0 = 1`, `b_1 = 2`, `b_{k+1} = b_k + b_i` with `b_i` the
/// smallest member such that `f(b_i) >= b_k`; the members `<= to`, and whether it ended there.
fn simple_base(f: &[u32], to: u64) -> (Vec<u64>, bool) {
    let mut base = vec![1u64, 2];
    loop {
        let last = *base.last().expect("non-empty");
        let Some(&step) = base.iter().find(|&&b| u64::from(f[b as usize]) >= last) else {
            return (base, true);
        };
        if last + step > to {
            return (base, false);
        }
        base.push(last + step);
    }
}

/// The largest `to` of the simple base's check (three arrays of `to` 32-bit values).
const SIMPLE_BASE_N: u64 = 1 << 24;

fn check_simple_base(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    check_limit(to, SIMPLE_BASE_N, "the simple base")?;
    let claim = &CLAIMS[5];
    let f = move_function(params)?;
    let to = to.max(2);
    // f(1..=to), capped at u32::MAX: enough for the rule, which compares f with members <= to.
    let values = f.values_u32(to)?;
    // The hypothesis, on all that the range depends on: f(n+1) - f(n) >= -1 for n < to (f
    // extended beyond to by its value at to keeps it, so the statement covers this range). A
    // capped pair is evaluated exactly.
    let exact = |n: usize| -> Result<u128> {
        match values[n] {
            u32::MAX => f.eval(n as u128),
            v => Ok(u128::from(v)),
        }
    };
    for n in 1..to as usize {
        let (here, next) = (values[n], values[n + 1]);
        if u64::from(next) + 1 >= u64::from(here) && here != u32::MAX {
            continue;
        }
        let (here, next) = (exact(n)?, exact(n + 1)?);
        if next + 1 < here {
            return Err(Error::Invalid(format!(
                "{}: f({}) - f({n}) = {next} - {here} < -1, so the hypothesis fails and the statement says nothing about this f",
                f.describe(),
                n + 1,
            )));
        }
    }
    let (simple, ended) = simple_base(&values, to);
    let mut base = GBase::new();
    base.extend_to(&f, u128::from(to))?;
    let mut tally = Tally::new();
    let members: Vec<u128> = base
        .members()
        .iter()
        .copied()
        .filter(|&b| b <= u128::from(to))
        .collect();
    for i in 0..members.len().max(simple.len()) {
        let (b, s) = (members.get(i), simple.get(i).map(|&s| u128::from(s)));
        let g0 = base.g0().get(i).copied();
        tally.check(b == s.as_ref() && g0 == b.copied(), || {
            format!(
                "b_{i}: the construction gives {} with g0 = {}, the simple rule {}",
                b.map_or("no member".into(), u128::to_string),
                g0.map_or("-".into(), |g| g.to_string()),
                s.map_or("no member".into(), |s| s.to_string())
            )
        });
    }
    let ends = base.finite() == Some(true);
    tally.check(ended == ends, || {
        format!(
            "the simple rule {} the base at {}, the construction {}",
            if ended { "ends" } else { "does not end" },
            simple.last().expect("non-empty"),
            if ends { "ends it" } else { "goes on" }
        )
    });
    // g(N) by the direct rule is the smallest part of N in the simple base (g0 the identity).
    let total = to as f64;
    let g = direct::g_values(&f, to, &mut |done| progress(done as f64 / total))?;
    let last = *simple.last().expect("non-empty");
    for n in 1..=to {
        let mut rest = if ended { n % last } else { n };
        let mut smallest = last;
        for &b in simple.iter().rev() {
            if b <= rest {
                rest -= b;
                smallest = b;
            }
        }
        tally.check(u64::from(g[n as usize]) == smallest, || {
            format!(
                "N = {n}: the direct rule gives g(N) = {}, the smallest part in the simple base is {smallest}",
                g[n as usize]
            )
        });
    }
    Ok(tally.verdict(claim, params, to))
}

fn check_winning_move(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    check_limit(to, MAX_SG_N, "the winning move against SG values")?;
    let claim = &CLAIMS[6];
    let f = move_function(params)?;
    let mut rows = SgRows::new();
    rows.extend_to(&f, to)?;
    progress(0.5);
    let mut base = GBase::new();
    base.extend_to(&f, u128::from(to))?;
    let mut tally = Tally::new();
    for n in 1..=to {
        let g0 = base.g(u128::from(n))? as u64;
        // G(N, x) grows with x (the options only grow), so (N, x) is a win exactly from the
        // first threshold of row N on: one comparison covers every x.
        let least = u64::from(rows.row(n)[0]);
        tally.check(least == g0, || {
            format!(
                "N = {n} ({}): (N, x) is a win from x = {least} on (SG values), the theorem says from g0(N) = {g0}",
                f.describe()
            )
        });
        let rest = n - g0.min(n);
        let next = f.eval(u128::from(g0))?.min(u128::from(rest)) as u64;
        let lands = rest == 0 || rows.get(rest as usize, next) == 0;
        tally.check(g0 <= n && lands, || {
            format!(
                "N = {n} ({}): the move to (N - g0, f(g0)) = ({rest}, {next}) does not reach a P-position",
                f.describe()
            )
        });
        if n % 256 == 0 {
            progress(0.5 + 0.5 * n as f64 / to as f64);
        }
    }
    Ok(tally.verdict(claim, params, to))
}

/// The limit of the direct-rule part of the growth conjecture's check.
const GROWTH_DIRECT_N: u64 = 1 << 20;

/// The largest `to` of the growth conjecture's check (about 2 * 10^6 members).
const GROWTH_MAX_TO: u64 = 1_000_000_000_000;

fn check_growth_conjecture(
    params: &Params,
    to: u64,
    progress: &mut dyn FnMut(f64),
) -> Result<Verdict> {
    let claim = &CLAIMS[7];
    check_limit(to, GROWTH_MAX_TO, "the growth of B_f for f(k) = k^2")?;
    let f = MoveFunction::expression("k^2")?;
    let mut base = GBase::new();
    base.extend_to(&f, u128::from(to.max(2)))?;
    progress(0.5);
    let direct_to = to.min(GROWTH_DIRECT_N);
    let g = direct::g_values(&f, direct_to, &mut |_| {})?;
    let mut count = 0u64;
    let mut largest = (0, 1);
    for (k, (&b, &g0)) in base.members().iter().zip(base.g0()).enumerate() {
        if b > u128::from(to.max(2)) {
            break;
        }
        let bound = (k as u128 + 1) * (k as u128 + 1);
        let by_rule = (b <= u128::from(direct_to)).then(|| u128::from(g[b as usize]));
        if g0 != b || by_rule.is_some_and(|g| g != b) || b > bound {
            return Err(Error::Invalid(format!(
                "f(k) = k^2: b_{k} = {b} with g0 = {g0} (direct rule: {by_rule:?}) contradicts the argument that refutes the conjecture (g0 the identity, b_k <= (k+1)^2); this is a bug, please report it"
            )));
        }
        count += 1;
        largest = (k, b);
    }
    let (k, b) = largest;
    let found = format!(
        "f(k) = k^2: g is unbounded, yet B_f grows like k^2, not exponentially. f is non-decreasing, so g0 is the identity and g(b_k) = b_k for every member; and b_k <= (k+1)^2 for every k, since the smallest member b_i with b_i^2 >= b_k lies below 2 sqrt(b_k) (members at most double), so b_(k+1) < b_k + 2 sqrt(b_k) < (sqrt(b_k) + 1)^2. Computed: the {count} members up to {to} (b_{k} = {b} <= (k+1)^2 = {}), with g(b) = b by the direct rule for those up to {direct_to}",
        (k as u128 + 1) * (k as u128 + 1)
    );
    let mut v = verdict(claim, params, to, 1, Some(found));
    v.complete = true;
    v.failures = Some(1);
    Ok(v)
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

    /// `(N, x)` lost for the player to move, by the memoised search on the rules.
    fn losing(memo: &mut MemoSolver<super::super::Takeaway>, n: u64, x: u64) -> bool {
        memo.value(&(n, x)).unwrap() == 0
    }

    /// `g(N)` by the definition: the least `x` with `(N, x)` won by the player to move.
    fn g_by_search(memo: &mut MemoSolver<super::super::Takeaway>, n: u64) -> u64 {
        (1..=n).find(|&x| !losing(memo, n, x)).unwrap()
    }

    fn memo(f: &str) -> MemoSolver<super::super::Takeaway> {
        MemoSolver::new(super::super::Takeaway::new(
            MoveFunction::expression(f).unwrap(),
        ))
    }

    #[test]
    fn the_simple_base_matches_a_search_on_the_rules() {
        // f(n+1) - f(n) >= -1: non-decreasing ones, and k mod 3 + floor(k/3) (drops of 1).
        for f in ["k", "2*k", "k^2+1", "k%3+k/3", "max(1,k-1)", "k/2+1"] {
            let v = check("takeaway-simple-base", &[("f", f)], 3000);
            assert!(v.holds && v.complete, "{f}: {v:?}");
            // By hand: the simple rule from f's values, and g(N) as the smallest part, against
            // the least winning x found by searching the game.
            let fv = |k: u64| MoveFunction::expression(f).unwrap().eval(k.into()).unwrap() as u64;
            let mut base = vec![1u64, 2];
            loop {
                let last = *base.last().unwrap();
                match base.iter().find(|&&b| fv(b) >= last) {
                    Some(&b) if last + b <= 30 => base.push(last + b),
                    _ => break,
                }
            }
            let mut m = memo(f);
            for n in 1..=30u64 {
                let mut rest = n;
                let mut smallest = 0;
                for &b in base.iter().rev() {
                    if b <= rest {
                        rest -= b;
                        smallest = b;
                    }
                }
                if rest == 0 {
                    assert_eq!(g_by_search(&mut m, n), smallest, "f = {f}, N = {n}");
                }
            }
        }
        // k mod 3 + 1 drops by 2 (f(3) = 1 < f(2) - 1): the statement does not apply.
        let claim = CLAIMS
            .iter()
            .find(|c| c.name == "takeaway-simple-base")
            .unwrap();
        let params = Params::new(claim, [("f".into(), "k%3+1".into())]).unwrap();
        let e = (claim.check)(&params, 100, &mut |_| {})
            .unwrap_err()
            .to_string();
        assert!(e.contains("f(3) - f(2) = 1 - 3 < -1"), "{e}");
    }

    #[test]
    fn the_winning_move_matches_a_search_on_the_rules() {
        for f in ["2*k", "k", "k*k%7+1", "k%3+1", "max(1,30-k)"] {
            let v = check("takeaway-winning-move", &[("f", f)], 300);
            assert!(v.holds && v.cases == 600, "{f}: {v:?}");
            // (N, x) is a win exactly for x >= g0(N), and the move to (N - g0, f(g0)) reaches a
            // loss for the player to move, by the memoised search.
            let function = MoveFunction::expression(f).unwrap();
            let mut base = GBase::new();
            base.extend_to(&function, 40).unwrap();
            let mut m = memo(f);
            for n in 1..=40u64 {
                let g0 = base.g(n.into()).unwrap() as u64;
                for x in 1..=45u64 {
                    assert_eq!(losing(&mut m, n, x), x < g0, "f = {f}, ({n}, {x})");
                }
                let next = function.eval(g0.into()).unwrap() as u64;
                assert!(n == g0 || losing(&mut m, n - g0, next), "f = {f}, N = {n}");
            }
        }
    }

    #[test]
    fn k_squared_refutes_the_growth_conjecture() {
        let v = check("takeaway-growth-conjecture", &[], 100_000);
        assert_eq!(v.status, crate::verify::Status::Counterexample);
        assert!(v
            .counterexample
            .unwrap()
            .starts_with("f(k) = k^2: g is unbounded"));
        // By hand: the simple rule for k^2 gives 1, 2, 4 (= 2 + 2, as 2^2 >= 2), 6, 10 (4^2 >=
        // 6 > 2^2), 14, 18, 24, 30, each at most (k+1)^2, and g(b) = b by the search on the
        // rules.
        let mut base = GBase::new();
        base.extend_to(&MoveFunction::expression("k^2").unwrap(), 30)
            .unwrap();
        assert_eq!(base.members(), &[1, 2, 4, 6, 10, 14, 18, 24, 30]);
        let mut m = memo("k^2");
        for &b in &base.members()[..8] {
            assert_eq!(g_by_search(&mut m, b as u64), b as u64);
        }
    }

    #[test]
    fn known_cases_are_refused_beyond_the_direct_rule() {
        // checked_to must be the range checked: beyond 2^28 the claim refuses.
        let claim = CLAIMS
            .iter()
            .find(|c| c.name == "takeaway-fibonacci")
            .unwrap();
        let params = Params::new(claim, []).unwrap();
        let e = (claim.check)(&params, (1 << 28) + 1, &mut |_| {}).unwrap_err();
        assert!(e.to_string().contains("268435456"), "{e}");
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
