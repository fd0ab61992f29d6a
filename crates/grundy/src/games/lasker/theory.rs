//! The SG values of Lasker's Nim (Berlekamp, Conway and Guy, *Winning Ways*, ch. 4, "Lasker's
//! Nim"; T. S. Ferguson, *Game Theory*, Part I, §4): `G(0) = 0` and, for `k >= 0`,
//!
//! `G(4k+1) = 4k+1`, `G(4k+2) = 4k+2`, `G(4k+3) = 4k+4`, `G(4k+4) = 4k+3`;
//!
//! a position of several heaps is their sum, so its value is the XOR of theirs.
//!
//! *Proof*, by induction on the heap `n >= 1`. Modulo 4, `G(m)` of a heap `m >= 1` is `1, 2, 0,
//! 3` for `m ≡ 1, 2, 3, 0`. Taking leaves a heap `m < n`, and by induction those values are
//! `{0, ..., n-1}` for `n ≡ 1, 2, 3 (mod 4)` and `{0, ..., n-2} ∪ {n}` for `n ≡ 0` (the last
//! heap `n - 1 = 4k+3` has value `4k+4`). A split `a + b = n` into non-empty heaps has value
//! `G(a) XOR G(b)`, whose residue mod 4 follows from the residues of `a` and `b`:
//!
//! - `n ≡ 1`: `(a, b) ≡ (0, 1), (2, 3)` up to order give `3 XOR 1 = 2 XOR 0 = 2`;
//! - `n ≡ 2`: `(1, 1), (3, 3), (0, 2)` give `0, 0, 1`;
//! - `n ≡ 3`: `(0, 3), (1, 2)` give `3`;
//! - `n ≡ 0`: `(1, 3), (2, 2), (0, 0)` give `1, 0, 0`.
//!
//! So for `n ≡ 1, 2` no split reaches `n` and `G(n) = n`; for `n = 4k+3` the split `1 + (4k+2)`
//! reaches `1 XOR (4k+2) = 4k+3` and none reaches `4k+4 ≡ 0`, so `G(n) = 4k+4`; for `n = 4k+4`
//! none reaches `4k+3 ≡ 3`, so `G(n) = 4k+3`. ∎
//!
//! [`by_definition`] is the brute-force twin (the mex over every take and split), compared with
//! [`heap_value`] in the tests and by `grundy verify lasker-formula`.

use crate::verify::{Claim, Params, Tally, Verdict};
use crate::Result;

/// The formula above on any number: it swaps `4k+3` and `4k+4` and keeps the others.
fn swap(n: u128) -> u128 {
    match n % 4 {
        0 if n > 0 => n - 1,
        3 => n + 1,
        _ => n,
    }
}

/// The SG value of one heap of `n` (the formula above), in `u128`: the largest heap, `2^64 - 1 =
/// 4k+3`, is worth `2^64`, one more than a `u64` holds.
pub fn heap_value(n: u64) -> u128 {
    swap(u128::from(n))
}

/// The SG value of a position: the XOR of its heaps' values (at most `2^65 - 1`).
pub fn value(heaps: &[u64]) -> u128 {
    heaps.iter().fold(0, |acc, &h| acc ^ heap_value(h))
}

/// The heap whose value is `v`, if it is a heap of at most `2^64 - 1` tokens: the formula is an
/// involution (value `2^64 - 1 = 4k+3` is the heap `2^64`, too large).
pub fn heap_of_value(v: u128) -> Option<u64> {
    u64::try_from(swap(v)).ok()
}

/// `G(0), ..., G(n - 1)` by the definition: the mex of every take (to a heap `m < h`) and every
/// split (`a + b = h`, both non-empty). Quadratic in `n`.
pub fn by_definition(n: usize, progress: &mut dyn FnMut(f64)) -> Vec<u64> {
    let mut values: Vec<u64> = Vec::with_capacity(n);
    let mut seen = Vec::new();
    for h in 0..n {
        if h % 256 == 0 {
            progress(h as f64 / n as f64);
        }
        seen.clear();
        seen.resize(2 * h + 2, false);
        for &v in &values {
            seen[v as usize] = true;
        }
        for a in 1..=h / 2 {
            let v = (values[a] ^ values[h - a]) as usize;
            if v < seen.len() {
                seen[v] = true;
            }
        }
        values.push(seen.iter().position(|&s| !s).expect("a free value") as u64);
    }
    values
}

/// The claims `grundy verify` checks for Lasker's Nim.
pub const CLAIMS: &[Claim] = &[Claim {
    name: "lasker-formula",
    source: "Winning Ways ch. 4, Lasker's Nim",
    statement: "a heap of n >= 1 has SG value n for n = 1, 2 (mod 4), n + 1 for n = 3 and n - 1 for n = 0 (mod 4)",
    params: &[],
    range: "every heap n <= to (at most 2^16, the definition being quadratic)",
    default_to: Some(4096),
    check: check_formula,
}];

/// The largest `to` of `verify lasker-formula`.
pub const MAX_FORMULA_TO: u64 = 1 << 16;

fn check_formula(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    if to > MAX_FORMULA_TO {
        return Err(crate::Error::TooLarge(format!(
            "--to {to} is above {MAX_FORMULA_TO} (the definition is quadratic in the heap)"
        )));
    }
    let values = by_definition(to as usize + 1, progress);
    let mut tally = Tally::new();
    for (n, &defined) in values.iter().enumerate() {
        let formula = heap_value(n as u64);
        tally.check(formula == u128::from(defined), || {
            format!("heap {n}: the definition gives {defined}, the formula {formula}")
        });
    }
    progress(1.0);
    Ok(tally.verdict(&CLAIMS[0], params, to))
}
