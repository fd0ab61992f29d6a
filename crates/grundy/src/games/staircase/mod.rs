//! Staircase Nim: coins on the steps of a staircase; a move sends any positive number of coins
//! from one step down to the step below (from step 1, onto the ground, out of play). Who cannot
//! move loses.
//!
//! A position lists the coins on steps 1, 2, 3, ... (the ground, step 0, is not written). The
//! coins on the even steps do not count: a move from an even step to an odd one can be undone
//! by moving the same coins one step further, so the game is Nim played on the odd steps, and
//! [`theory`] proves that the SG value is the Nim sum of the odd steps (T. S. Ferguson, *Game
//! Theory*, Part I, §2.6, Staircase Nim). Positions of any size are answered at once.

pub mod spec;
pub mod theory;

use crate::ruleset::{check_listing, Arity, Evaluation, Move, Position, Ruleset, Solver};
use crate::{Error, Result};

/// Staircase Nim.
#[derive(Debug, Clone, Copy, Default)]
pub struct Staircase;

/// Positions with more moves than this are refused by `moves` (the winning moves then come
/// from the theorem).
pub const MAX_LISTED_MOVES: u128 = 1_000_000;

/// The number of moves of `steps`: the number of coins, in `u128`.
pub fn move_count(steps: &[u64]) -> u128 {
    steps.iter().map(|&c| u128::from(c)).sum()
}

/// The move that leaves `to`, described.
fn describe(steps: &[u64], to: &[u64]) -> String {
    let i = (0..steps.len())
        .rev()
        .find(|&i| to[i] < steps[i])
        .expect("a move sends coins down from some step");
    let moved = steps[i] - to[i];
    let coins = if moved == 1 { "coin" } else { "coins" };
    match i {
        0 => format!("move {moved} {coins} from step 1 to the ground"),
        _ => format!("move {moved} {coins} from step {} to step {i}", i + 1),
    }
}

impl Staircase {
    fn make_move(steps: &[u64], to: Position) -> Move {
        Move {
            description: describe(steps, &to),
            to,
        }
    }
}

impl Ruleset for Staircase {
    fn spec(&self) -> String {
        "staircase".into()
    }

    fn arity(&self) -> Arity {
        Arity::AtLeast(1)
    }

    fn position_hint(&self) -> String {
        "the coins on steps 1, 2, 3, ..., like 3,0,5".into()
    }

    fn coordinate_name(&self, index: usize, _count: usize) -> String {
        format!("step {}", index + 1)
    }

    fn moves(&self, steps: &[u64]) -> Result<Vec<Move>> {
        let count = move_count(steps);
        if count > MAX_LISTED_MOVES {
            return Err(Error::TooLarge(format!(
                "this position has {count} moves, more than the {MAX_LISTED_MOVES} that are listed"
            )));
        }
        check_listing(count, steps.len())?;
        let mut moves = Vec::with_capacity(count as usize);
        for i in 0..steps.len() {
            for moved in 1..=steps[i] {
                let mut to = steps.to_vec();
                to[i] -= moved;
                if i > 0 {
                    // At most the coins of the position: no overflow.
                    to[i - 1] += moved;
                }
                moves.push(Self::make_move(steps, to));
            }
        }
        Ok(moves)
    }

    fn validate(&self, steps: &[u64]) -> Result<()> {
        crate::ruleset::check_arity_of(self, steps)?;
        // A move adds the coins of one step to the step below: their sum must fit.
        for i in 1..steps.len() {
            if steps[i].checked_add(steps[i - 1]).is_none() {
                return Err(Error::Overflow(format!(
                    "steps {i} and {} hold {} and {} coins: moving them together would pass 2^64 - 1",
                    i + 1,
                    steps[i - 1],
                    steps[i]
                )));
            }
        }
        Ok(())
    }

    /// Every position below is fixed by how many coins stand on step `j` or higher, for each
    /// `j`, which can only fall: at most `prod_j (S_j + 1)` of them.
    fn reachable_at_most(&self, steps: &[u64]) -> Option<u128> {
        let mut suffix = 0u128;
        let mut product = 1u128;
        for &c in steps.iter().rev() {
            suffix += u128::from(c);
            product = product.saturating_mul(suffix + 1);
        }
        Some(product)
    }

    fn solver(&self) -> Option<Box<dyn Solver + '_>> {
        Some(Box::new(StaircaseSolver))
    }

    fn explain_move(&self, steps: &[u64], to: &[u64]) -> Option<String> {
        (theory::value(to) == 0 && theory::value(steps) != 0).then(|| {
            let odd: Vec<String> = to.iter().step_by(2).map(u64::to_string).collect();
            format!(
                "the odd steps of {} hold {} coins, whose Nim sum is 0: a P-position (Staircase Nim is Nim on the odd steps)",
                self.show_position(to),
                odd.join(", ")
            )
        })
    }

    /// Every winning move, by the theorem; on a staircase so long that they would hold more than
    /// [`MAX_LISTED_COORDINATES`](crate::ruleset::MAX_LISTED_COORDINATES) numbers, the first
    /// ones only (at least one).
    fn theory_winning_moves(&self, steps: &[u64]) -> Option<Vec<Move>> {
        let most = (crate::ruleset::MAX_LISTED_COORDINATES / steps.len().max(1) as u128).max(1);
        Some(
            theory::winning_moves(steps, most as usize)
                .into_iter()
                .map(|to| Self::make_move(steps, to))
                .collect(),
        )
    }
}

/// Values by the theorem, for any position.
struct StaircaseSolver;

impl Solver for StaircaseSolver {
    fn value(&mut self, steps: &[u64]) -> Result<u64> {
        Ok(theory::value(steps))
    }

    fn evaluate(&mut self, steps: &[u64]) -> Result<Evaluation> {
        Ok(Evaluation {
            value: theory::value(steps),
            method: theory::METHOD.into(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query;
    use proptest::prelude::*;
    use std::collections::HashMap;

    #[test]
    fn the_theorem_agrees_with_the_definition_over_a_range() {
        let mut memo = HashMap::new();
        for code in 0..6u64.pow(4) {
            let steps: Vec<u64> = (0..4).map(|i| code / 6u64.pow(i) % 6).collect();
            assert_eq!(
                theory::by_definition(&steps, &mut memo),
                theory::value(&steps),
                "{steps:?}"
            );
        }
    }

    #[test]
    fn moves_are_described() {
        let moves = Staircase.moves(&[1, 2]).unwrap();
        let described: Vec<(&str, Vec<u64>)> = moves
            .iter()
            .map(|m| (m.description.as_str(), m.to.clone()))
            .collect();
        assert_eq!(
            described,
            [
                ("move 1 coin from step 1 to the ground", vec![0, 2]),
                ("move 1 coin from step 2 to step 1", vec![2, 1]),
                ("move 2 coins from step 2 to step 1", vec![3, 0]),
            ]
        );
        assert!(Staircase.validate(&[u64::MAX, 1]).is_err());
        assert!(Staircase.validate(&[]).is_err());
    }

    #[test]
    fn huge_positions_answer_by_the_theorem() {
        let big = 1u64 << 62;
        let steps = [big + 5, big, big + 3];
        // Odd steps: (2^62 + 5) xor (2^62 + 3) = 6.
        let e = query::outcome(&Staircase, &steps).unwrap();
        assert_eq!(e.value, Some(6));
        assert!(Staircase.moves(&steps).is_err());
        let moves = Staircase.theory_winning_moves(&steps).unwrap();
        // Step 1 drops to (2^62 + 5) xor 6 = 2^62 + 3; step 3 would have to rise, and step 2
        // could only raise step 1, which must fall.
        assert_eq!(moves.len(), 1, "{moves:?}");
        assert_eq!(moves[0].to, [big + 3, big, big + 3]);
        assert_eq!(
            moves[0].description,
            "move 2 coins from step 1 to the ground"
        );
        // 1,3 (value 1): only step 1 to the ground; a coin from step 2 would make step 1 hold 2.
        assert_eq!(theory::winning_moves(&[1, 3], usize::MAX), [vec![0, 3]]);
        // 0,5,2 (value 2): send step 3 down to step 2, or 2 coins from step 2 to raise step 1 to 2.
        let mut moves = theory::winning_moves(&[0, 5, 2], usize::MAX);
        moves.sort();
        assert_eq!(moves, [vec![0, 7, 0], vec![2, 3, 2]]);
    }

    proptest! {
        #[test]
        fn theorem_agrees_with_the_definition_on_random_positions(
            steps in prop::collection::vec(0u64..7, 1..6),
        ) {
            let definition = theory::by_definition(&steps, &mut HashMap::new());
            prop_assert_eq!(definition, theory::value(&steps));
        }

        #[test]
        fn the_theorem_lists_exactly_the_winning_moves(
            steps in prop::collection::vec(0u64..9, 1..5),
        ) {
            // The moves to a position of value 0, found by listing every move.
            let mut by_listing: Vec<Vec<u64>> = Staircase.moves(&steps).unwrap().into_iter()
                .map(|m| m.to).filter(|to| theory::value(to) == 0).collect();
            let mut by_theorem = theory::winning_moves(&steps, usize::MAX);
            by_listing.sort();
            by_theorem.sort();
            prop_assert_eq!(by_listing, by_theorem);
        }
    }
}
