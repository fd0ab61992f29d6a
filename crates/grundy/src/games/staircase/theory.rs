//! The value of Staircase Nim, and the claim that compares it with the definition.
//!
//! **Theorem.** A position `(c_1, c_2, ..., c_k)` (`c_i` coins on step `i`; step 0, the ground,
//! takes no part) is worth the Nim sum `c_1 ⊕ c_3 ⊕ c_5 ⊕ ...` of its odd steps; so it is a
//! P-position exactly when that sum is 0. The outcome rule is classical (T. S. Ferguson, *Game
//! Theory*, Part I, §2.6, exercise "Staircase Nim"); the value follows from the same
//! reasoning:
//!
//! *Proof.* Let `v` be the Nim sum of the odd steps. A move from an odd step `i` to the even
//! step `i - 1` (or the ground) lowers `c_i` and no other odd step: these moves reach exactly
//! the Nim positions below the odd steps, so every value `w < v` is reached (Bouton's argument)
//! and `v` is not. A move from an even step `i >= 2` raises `c_{i-1}`, an odd step, and no other:
//! its value differs from `v`. By induction on the positions below (every move sends a coin
//! down, so play ends), the value is the mex of a set holding every `w < v` and not `v`: `v`.
//!
//! [`by_definition`] is the brute force: the mex over the moves, memoised, no theorem used.

use std::collections::HashMap;

use crate::verify::{param, Claim, Params, Tally, Verdict};
use crate::Result;

/// The value of `steps` (the coins on steps 1, 2, ...): the Nim sum of the odd steps.
pub fn value(steps: &[u64]) -> u64 {
    steps.iter().step_by(2).fold(0, |v, &c| v ^ c)
}

/// How `value` says it found a value.
pub const METHOD: &str =
    "theorem: the Nim sum of the coins on the odd steps 1, 3, 5, ... (proven in games/staircase/theory.rs)";

/// Every winning move by the theorem, as the position it leaves: from an odd step `i`, leave
/// `c_i ⊕ v` coins when that is fewer (the rest go down to the even step below); from an even
/// step `i`, send down the coins that raise `c_{i-1}` to `c_{i-1} ⊕ v` when there are that many.
/// None at a P-position; at most `most` of them (the first steps').
pub fn winning_moves(steps: &[u64], most: usize) -> Vec<Vec<u64>> {
    let v = value(steps);
    if v == 0 {
        return Vec::new();
    }
    let mut out = Vec::new();
    for i in 0..steps.len() {
        if out.len() >= most {
            break;
        }
        if i % 2 == 0 {
            // Step i + 1 is odd.
            let target = steps[i] ^ v;
            if target < steps[i] {
                let mut to = steps.to_vec();
                to[i] = target;
                if i > 0 {
                    // The coins land on the even step below (validated: no overflow).
                    to[i - 1] += steps[i] - target;
                }
                out.push(to);
            }
        } else {
            let target = steps[i - 1] ^ v;
            if target > steps[i - 1] && target - steps[i - 1] <= steps[i] {
                let mut to = steps.to_vec();
                to[i] -= target - steps[i - 1];
                to[i - 1] = target;
                out.push(to);
            }
        }
    }
    out
}

/// The value of `steps` by the definition (mex over every move), memoised in `memo`.
pub fn by_definition(steps: &[u64], memo: &mut HashMap<Vec<u64>, u64>) -> u64 {
    if let Some(&v) = memo.get(steps) {
        return v;
    }
    let mut seen = Vec::new();
    for i in 0..steps.len() {
        for moved in 1..=steps[i] {
            let mut to = steps.to_vec();
            to[i] -= moved;
            if i > 0 {
                to[i - 1] += moved;
            }
            seen.push(by_definition(&to, memo));
        }
    }
    let v = crate::solve::mex(seen);
    memo.insert(steps.to_vec(), v);
    v
}

/// The claims `grundy verify` checks for Staircase Nim.
pub const CLAIMS: &[Claim] = &[Claim {
    name: "staircase-odd-steps",
    source: "T. S. Ferguson, Game Theory, Part I, §2.6 (Staircase Nim); the value proven in games/staircase/theory.rs",
    statement: "a position of Staircase Nim is worth the Nim sum of the coins on its odd steps 1, 3, 5, ...",
    params: &[param("steps", "number of steps, 1 to 6", "4")],
    range: "every position with at most `to` coins on each step, against the definition",
    default_to: Some(6),
    check: check_theorem,
}];

/// The most positions `verify staircase-odd-steps` values.
pub const MAX_CLAIM_POSITIONS: u128 = 2_000_000;

fn check_theorem(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let steps = params.number("steps")?;
    if !(1..=6).contains(&steps) {
        return Err(crate::Error::Invalid(
            "--steps must be between 1 and 6".into(),
        ));
    }
    let side = u128::from(to) + 1;
    let total = side.saturating_pow(steps as u32);
    // The positions below hold up to `steps * to` coins on a step: the definition visits more.
    let below = (side * u128::from(steps)).saturating_pow(steps as u32);
    if below > MAX_CLAIM_POSITIONS {
        return Err(crate::Error::TooLarge(format!(
            "staircase-odd-steps: the definition may value {below} positions for --steps {steps} --to {to}, more than {MAX_CLAIM_POSITIONS}"
        )));
    }
    let mut memo = HashMap::new();
    let mut tally = Tally::new();
    let side = side as u64;
    let mut position = vec![0u64; steps as usize];
    for case in 0..total as u64 {
        let mut rest = case;
        for c in position.iter_mut() {
            *c = rest % side;
            rest /= side;
        }
        let definition = by_definition(&position, &mut memo);
        let theorem = value(&position);
        tally.check(definition == theorem, || {
            format!("{position:?}: the theorem gives {theorem}, the definition {definition}")
        });
        if case % 256 == 0 {
            progress(case as f64 / total as f64);
        }
    }
    Ok(tally.verdict(&CLAIMS[0], params, to))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_claim_holds_with_its_defaults() {
        let params = Params::new(&CLAIMS[0], []).unwrap();
        let v = (CLAIMS[0].check)(&params, 4, &mut |_| {}).unwrap();
        assert!(v.holds && v.cases == 625, "{v:?}");
    }

    #[test]
    fn small_positions_by_hand() {
        // One coin on step 2: its only move leaves one coin on step 1 (value 1), so value 0.
        assert_eq!(by_definition(&[0, 1], &mut HashMap::new()), 0);
        assert_eq!(value(&[0, 1]), 0);
        // Coins on step 2 alone never matter; step 1 is a Nim heap.
        assert_eq!(value(&[3, 7]), 3);
        assert_eq!(value(&[3, 0, 5]), 6);
    }
}
