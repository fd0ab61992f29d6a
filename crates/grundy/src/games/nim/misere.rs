//! Misère Nim: Bouton's rule.
//!
//! Bouton (*Nim, a game with a complete mathematical theory*, Annals of Mathematics 3, 1901)
//! solved both conventions. Under misère play a Nim position is a P-position exactly when
//!
//! - some pile has at least 2 counters and the nim-sum of the piles is 0, or
//! - every pile has at most 1 counter and the number of piles of 1 is odd.
//!
//! Winning Ways (ch. 13, "Survival in the lost world") states it as "play as in normal Nim
//! until your move would leave only piles of 1; then leave an odd number of them". The proof is
//! short: from a position with two or more large piles every move keeps a large pile, so the
//! normal rule is safe; with exactly one large pile (nim-sum nonzero) the mover can always
//! reduce it to 0 or 1 to leave an odd number of 1s. The tests check the rule against the
//! definition on every position of up to 5 piles of up to 7 and random larger ones.

use crate::ruleset::Move;
use crate::Outcome;

/// The misère outcome of a Nim position by Bouton's rule.
pub fn outcome(piles: &[u64]) -> Outcome {
    let large = piles.iter().any(|&p| p >= 2);
    let p_position = if large {
        piles.iter().fold(0, |x, &p| x ^ p) == 0
    } else {
        piles.iter().filter(|&&p| p == 1).count() % 2 == 1
    };
    if p_position {
        Outcome::P
    } else {
        Outcome::N
    }
}

/// Where the rule comes from, for reports.
pub const SOURCE: &str =
    "Bouton's misère rule (Bouton 1901; Winning Ways ch. 13): with a pile >= 2, P iff the nim-sum is 0; with all piles <= 1, P iff the number of 1s is odd";

/// The winning moves of a misère Nim position by Bouton's rule (none for a P-position): every
/// reduction of one pile that reaches a P-position, found without valuing the other options.
/// The description numbers piles from 1, as `Nim::moves` does.
pub fn winning_moves(piles: &[u64]) -> Vec<Move> {
    if outcome(piles) == Outcome::P {
        return Vec::new();
    }
    let x = piles.iter().fold(0, |x, &p| x ^ p);
    let mut out = Vec::new();
    for (i, &p) in piles.iter().enumerate() {
        // Candidates: the normal-play reduction, and taking the pile to 0 or 1.
        let mut targets = vec![p ^ x, 0, 1];
        targets.sort_unstable();
        targets.dedup();
        for t in targets {
            if t >= p {
                continue;
            }
            let mut to = piles.to_vec();
            to[i] = t;
            if outcome(&to) == Outcome::P {
                out.push(Move {
                    description: format!("take {} from pile {}", p - t, i + 1),
                    to,
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::HashMap;

    /// Misère outcome from the definition, memoised over sorted positions.
    fn wins(piles: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
        let mut key = piles.to_vec();
        key.sort_unstable();
        if let Some(&w) = memo.get(&key) {
            return w;
        }
        let mut any = false;
        let mut has_move = false;
        for i in 0..key.len() {
            for t in 0..key[i] {
                has_move = true;
                let mut to = key.clone();
                to[i] = t;
                if !wins(&to, memo) {
                    any = true;
                }
            }
        }
        let w = !has_move || any;
        memo.insert(key, w);
        w
    }

    #[test]
    fn bouton_agrees_with_the_definition_on_every_small_position() {
        let mut memo = HashMap::new();
        for k in 1..=5u32 {
            for code in 0..8u64.pow(k) {
                let piles: Vec<u64> = (0..k).map(|j| (code >> (3 * j)) & 7).collect();
                let want = if wins(&piles, &mut memo) {
                    Outcome::N
                } else {
                    Outcome::P
                };
                assert_eq!(outcome(&piles), want, "{piles:?}");
            }
        }
    }

    #[test]
    fn winning_moves_are_exactly_the_moves_to_p_positions() {
        let mut memo = HashMap::new();
        for code in 0..8u64.pow(3) {
            let piles: Vec<u64> = (0..3).map(|j| (code >> (3 * j)) & 7).collect();
            let mut want = Vec::new();
            for i in 0..3 {
                for t in 0..piles[i] {
                    let mut to = piles.clone();
                    to[i] = t;
                    if !wins(&to, &mut memo) {
                        want.push(to);
                    }
                }
            }
            let mut got: Vec<Vec<u64>> = winning_moves(&piles).into_iter().map(|m| m.to).collect();
            got.sort();
            want.sort();
            assert_eq!(got, want, "{piles:?}");
        }
    }

    proptest! {
        #[test]
        fn bouton_agrees_with_the_definition_on_random_positions(
            piles in prop::collection::vec(0u64..40, 1..4),
        ) {
            let mut memo = HashMap::new();
            let want = if wins(&piles, &mut memo) { Outcome::N } else { Outcome::P };
            prop_assert_eq!(outcome(&piles), want);
        }
    }
}
