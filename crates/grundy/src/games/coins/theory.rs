//! The values of coin-turning games (Berlekamp, Conway and Guy, *Winning Ways*, ch. 14), and
//! the claims that compare them with the definition.
//!
//! - **The sum theorem.** A position is worth the Nim sum of the one-head positions of its
//!   heads. (A move turns the rightmost coin of its set from heads to tails and the others
//!   either way; turning a tail to heads adds that coin's one-head game, turning a head to
//!   tails adds a second copy, and `G + G = 0` in normal play.)
//! - **Turning Turtles** (one or two coins, from 1): coin `n` is worth `n`, the game is Nim.
//! - **Mock Turtles** (one, two or three coins, from 0): coin `n` is worth the `n`-th odious
//!   number (odious: an odd number of ones in binary): `2n` if that is odious, else `2n + 1`.
//! - **Ruler** (a run of consecutive coins, from 1): coin `n` is worth the largest power of 2
//!   that divides `n` (the marks of a ruler: 1, 2, 1, 4, 1, 2, 1, 8, ...).
//!
//! The brute force ([`by_definition`]) values every set of the first coins by the mex over the
//! moves, in increasing order of the set read in binary (every move makes it smaller: its rightmost
//! coin goes from heads to tails, and only coins to its left change besides).

use super::Rule;
use crate::verify::{Claim, Params, Tally, Verdict};
use crate::Result;

/// The largest Mock Turtles coin whose value fits in 64 bits.
pub const MAX_MOCK_COIN: u64 = u64::MAX / 2;

/// The value of the position with the one head `n`.
pub fn coin_value(rule: Rule, n: u64) -> u64 {
    match rule {
        Rule::TurningTurtles => n,
        Rule::MockTurtles => 2 * n + u64::from(n.count_ones().is_multiple_of(2)),
        Rule::Ruler => n & n.wrapping_neg(),
    }
}

/// How `value` says it found a value.
pub fn method(rule: Rule) -> &'static str {
    match rule {
        Rule::TurningTurtles => "theorem: the sum of the heads' values, coin n worth n (Turning Turtles is Nim), Winning Ways ch. 14",
        Rule::MockTurtles => "theorem: the sum of the heads' values, coin n worth the n-th odious number (Mock Turtles), Winning Ways ch. 14",
        Rule::Ruler => "theorem: the sum of the heads' values, coin n worth the largest power of 2 dividing n (Ruler), Winning Ways ch. 14",
    }
}

/// The values of every position of the first `coins` coins by the definition: entry `s` is
/// the value of the heads at the set bits `k` of `s` (coin `first + k`).
pub fn by_definition(rule: Rule, coins: u32) -> Vec<u64> {
    let mut values = vec![0u64; 1 << coins];
    for state in 1usize..1 << coins {
        let mut seen = Vec::new();
        // Each head may be the rightmost coin turned (from heads to tails).
        for top in (0..coins as usize).filter(|&t| state >> t & 1 == 1) {
            let without = state & !(1 << top);
            seen.push(values[without]);
            match rule {
                Rule::TurningTurtles => {
                    (0..top).for_each(|m| seen.push(values[without ^ 1 << m]));
                }
                Rule::MockTurtles => {
                    for m in 0..top {
                        seen.push(values[without ^ 1 << m]);
                        (0..m).for_each(|l| seen.push(values[without ^ 1 << m ^ 1 << l]));
                    }
                }
                Rule::Ruler => {
                    let mut run = without;
                    for m in (0..top).rev() {
                        run ^= 1 << m;
                        seen.push(values[run]);
                    }
                }
            }
        }
        values[state] = crate::solve::mex(seen);
    }
    values
}

/// The claims of the folder.
pub const CLAIMS: &[Claim] = &[
    claim(
        "turning-turtles-nim",
        "Turning Turtles is Nim: coin n (from 1) is worth n, and a position the Nim sum of its heads (Winning Ways ch. 14)",
        check_turtles,
    ),
    claim(
        "mock-turtles-odious",
        "Mock Turtles: coin n (from 0) is worth the n-th odious number, and a position the Nim sum of its heads (Winning Ways ch. 14)",
        check_mock,
    ),
    claim(
        "ruler-values",
        "Ruler: coin n (from 1) is worth the largest power of 2 dividing n, and a position the Nim sum of its heads (Winning Ways ch. 14)",
        check_ruler,
    ),
];

const fn claim(name: &'static str, statement: &'static str, check: crate::verify::Check) -> Claim {
    Claim {
        name,
        source: "Berlekamp, Conway and Guy, Winning Ways, ch. 14 (coin-turning games)",
        statement,
        params: &[],
        range: "every set of heads among the first `to` coins, against the definition",
        default_to: Some(12),
        check,
    }
}

/// The most coins a claim's brute force takes (2^20 positions).
const MAX_CLAIM_COINS: u64 = 20;

fn check(rule: Rule, claim: &Claim, params: &Params, to: u64) -> Result<Verdict> {
    if to > MAX_CLAIM_COINS {
        return Err(crate::Error::TooLarge(format!(
            "{}: the definition values all 2^to positions of the first `to` coins; --to {to} is refused (at most {MAX_CLAIM_COINS})",
            claim.name
        )));
    }
    let values = by_definition(rule, to as u32);
    let first = rule.first_coin();
    let mut tally = Tally::new();
    for (state, &definition) in values.iter().enumerate() {
        let theorem = (0..to)
            .filter(|k| state >> k & 1 == 1)
            .fold(0, |v, k| v ^ coin_value(rule, first + k));
        tally.check(theorem == definition, || {
            let heads: Vec<String> = (0..to)
                .filter(|k| state >> k & 1 == 1)
                .map(|k| (first + k).to_string())
                .collect();
            format!(
                "heads {}: the theorem gives {theorem}, the definition {definition}",
                heads.join(",")
            )
        });
    }
    Ok(tally.verdict(claim, params, to))
}

fn check_turtles(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    progress(0.0);
    check(Rule::TurningTurtles, &CLAIMS[0], params, to)
}

fn check_mock(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    progress(0.0);
    check(Rule::MockTurtles, &CLAIMS[1], params, to)
}

fn check_ruler(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    progress(0.0);
    check(Rule::Ruler, &CLAIMS[2], params, to)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_closed_forms_hold_on_every_position_of_twelve_coins() {
        for claim in CLAIMS {
            let params = Params::new(claim, []).unwrap();
            let v = (claim.check)(&params, 12, &mut |_| {}).unwrap();
            assert!(v.holds && v.cases == 4096, "{v:?}");
        }
    }

    #[test]
    fn the_published_first_values() {
        // Odious numbers (OEIS A000069) and the ruler function (A006519).
        let mock: Vec<u64> = (0..10).map(|n| coin_value(Rule::MockTurtles, n)).collect();
        assert_eq!(mock, [1, 2, 4, 7, 8, 11, 13, 14, 16, 19]);
        let ruler: Vec<u64> = (1..=8).map(|n| coin_value(Rule::Ruler, n)).collect();
        assert_eq!(ruler, [1, 2, 1, 4, 1, 2, 1, 8]);
        // The largest coin still fits.
        assert_eq!(
            coin_value(Rule::MockTurtles, MAX_MOCK_COIN),
            2 * MAX_MOCK_COIN + u64::from(MAX_MOCK_COIN.count_ones().is_multiple_of(2))
        );
    }
}
