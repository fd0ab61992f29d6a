//! Fibonacci Nim's theorem (M. J. Whinihan, *Fibonacci Nim*, Fibonacci Quarterly 1 (1963),
//! no. 4, 9-13), and the claim that compares it with the definition.
//!
//! Every `n >= 1` is a sum of non-consecutive Fibonacci numbers (1, 2, 3, 5, 8, ...) in one
//! way (Zeckendorf); let `z(n)` be the smallest term. **Theorem.** The position `(n, x)` (`n`
//! counters, at most `x` may be taken now) is an N-position exactly when `n >= 1` and
//! `min(x, n) >= z(n)`, and taking `z(n)` wins. *Proof sketch (Whinihan).* After taking `z`,
//! the next term of the representation is at least the Fibonacci number two places above `z`,
//! which exceeds `2z`: the opponent cannot reach it. A take `k < z(n)` leaves `n - k`, whose
//! smallest term is at most `2k` (the terms of `n` below `z(n)` rewrite `z(n) - k`), so the
//! opponent can answer again. In particular the start `(n, n - 1)` loses exactly when `n` is
//! a Fibonacci number.
//!
//! No closed form is known for the SG values: [`super::FibonacciSolver`] computes them by the
//! definition up to [`MAX_SG_N`] counters, and answers larger positions with the outcome alone
//! (value 0 at the P-positions, by the theorem).

use crate::verify::{Claim, Params, Tally, Verdict};
use crate::Result;

/// The largest pile whose SG values are computed (a table of `n^2 / 2` values below it).
pub const MAX_SG_N: u64 = 3000;

/// The Fibonacci numbers 1, 2, 3, 5, ... below 2^64.
fn fibonacci_numbers() -> Vec<u64> {
    let mut fibs = vec![1u64, 2];
    while let Some(next) = fibs[fibs.len() - 1].checked_add(fibs[fibs.len() - 2]) {
        fibs.push(next);
    }
    fibs
}

/// The Zeckendorf representation of `n`, largest term first (the greedy rule: take the largest
/// Fibonacci number that fits, which never leaves room for the next one down).
pub fn zeckendorf(mut n: u64) -> Vec<u64> {
    let mut terms = Vec::new();
    for &f in fibonacci_numbers().iter().rev() {
        if f <= n {
            n -= f;
            terms.push(f);
        }
    }
    terms
}

/// The smallest term of the Zeckendorf representation of `n >= 1`.
pub fn smallest_term(n: u64) -> u64 {
    zeckendorf(n).last().copied().unwrap_or(0)
}

/// Whether `n` is a Fibonacci number (1, 2, 3, 5, ...).
pub fn is_fibonacci(n: u64) -> bool {
    n >= 1 && smallest_term(n) == n
}

/// Whether `(n, x)` is a P-position (Whinihan's theorem).
pub fn is_p_position(n: u64, x: u64) -> bool {
    n == 0 || x.min(n) < smallest_term(n)
}

/// Every take `k <= min(x, n)` that leaves a P-position, by the theorem (checking each `k`, at
/// most `limit` of them; `None` beyond).
pub fn winning_takes(n: u64, x: u64, limit: u64) -> Option<Vec<u64>> {
    let most = x.min(n);
    if most > limit {
        return None;
    }
    Some(
        (1..=most)
            .filter(|&k| is_p_position(n - k, k.saturating_mul(2)))
            .collect(),
    )
}

/// The SG values `G(n, x)` for `n <= max`, `x <= n`, by the definition (the mex over the takes,
/// no theorem used): entry `[n][x]`.
pub fn by_definition(max: usize) -> Vec<Vec<u64>> {
    let mut g: Vec<Vec<u64>> = Vec::with_capacity(max + 1);
    for n in 0..=max {
        let row: Vec<u64> = (0..=n)
            .map(|x| {
                let options = (1..=x).map(|k| g[n - k][(2 * k).min(n - k)]);
                crate::solve::mex(options)
            })
            .collect();
        g.push(row);
    }
    g
}

/// The claims of the folder.
pub const CLAIMS: &[Claim] = &[Claim {
    name: "fibonacci-nim-zeckendorf",
    source: "M. J. Whinihan, Fibonacci Nim, Fibonacci Quarterly 1 (1963) 9-13",
    statement: "(n, x) is an N-position of Fibonacci Nim exactly when n >= 1 and min(x, n) is at least the smallest term of n's Zeckendorf representation, and taking that term wins",
    params: &[],
    range: "every (n, x) with x <= n <= to, against the definition",
    default_to: Some(300),
    check: check_theorem,
}];

/// The largest `--to` of the claim (the definition takes `to^3 / 6` steps).
const MAX_CLAIM_N: u64 = 1000;

fn check_theorem(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    if to > MAX_CLAIM_N {
        return Err(crate::Error::TooLarge(format!(
            "fibonacci-nim-zeckendorf: the definition values every (n, x) below --to, at most {MAX_CLAIM_N}"
        )));
    }
    progress(0.0);
    let g = by_definition(to as usize);
    let mut tally = Tally::new();
    for (n, row) in g.iter().enumerate() {
        for (x, &value) in row.iter().enumerate() {
            let (n, x) = (n as u64, x as u64);
            let theorem = is_p_position(n, x);
            let wins = n == 0 || theorem || {
                let z = smallest_term(n);
                g[(n - z) as usize][(2 * z).min(n - z) as usize] == 0
            };
            tally.check((value == 0) == theorem && wins, || {
                format!(
                    "({n}, {x}): the definition gives value {value}, the theorem says {}",
                    if theorem {
                        "P"
                    } else {
                        "N, taking the smallest Zeckendorf term"
                    }
                )
            });
        }
        progress(n as f64 / g.len() as f64);
    }
    Ok(tally.verdict(&CLAIMS[0], params, to))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_claim_holds_to_200() {
        let params = Params::new(&CLAIMS[0], []).unwrap();
        let v = (CLAIMS[0].check)(&params, 200, &mut |_| {}).unwrap();
        assert!(v.holds && v.cases == 201 * 202 / 2, "{v:?}");
    }

    #[test]
    fn zeckendorf_by_hand() {
        // 20 = 13 + 5 + 2, 12 = 8 + 3 + 1, 100 = 89 + 8 + 3.
        assert_eq!(smallest_term(20), 2);
        assert_eq!(smallest_term(12), 1);
        assert_eq!(smallest_term(100), 3);
        let fibs: Vec<u64> = (1..=60).filter(|&n| is_fibonacci(n)).collect();
        assert_eq!(fibs, [1, 2, 3, 5, 8, 13, 21, 34, 55]);
        // F(93) = 12200160415121876738, the largest Fibonacci number below 2^64.
        assert!(is_fibonacci(12_200_160_415_121_876_738));
        assert_eq!(zeckendorf(100), [89, 8, 3]);
    }

    proptest::proptest! {
        #[test]
        fn representations_are_sums_of_non_consecutive_fibonacci_numbers(n in 1u64..) {
            let terms = zeckendorf(n);
            proptest::prop_assert_eq!(terms.iter().map(|&t| u128::from(t)).sum::<u128>(), u128::from(n));
            let fibs = fibonacci_numbers();
            let index = |t: u64| fibs.iter().position(|&f| f == t).unwrap();
            for w in terms.windows(2) {
                proptest::prop_assert!(index(w[0]) >= index(w[1]) + 2, "{terms:?}");
            }
        }
    }
}
