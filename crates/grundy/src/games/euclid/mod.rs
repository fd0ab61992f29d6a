//! Euclid's game (Cole and Davie 1969): two numbers; a move subtracts a positive multiple of
//! the smaller from the larger, leaving it non-negative; whoever makes a number 0 wins (a
//! position with a 0 has no move). From `(a, a)` either number may be taken to 0.
//!
//! [`theory`] gives the outcomes (Cole and Davie: `(a, b)`, `a > b`, loses for the player to
//! move exactly when `a / b < phi`) and proves a recursion for the SG value along Euclid's
//! algorithm, exact for every pair of 64-bit numbers in `O(log min(a, b))` steps; the winning
//! moves (at most one, two from `(a, a)`) come from it. The mex over the moves ([`theory::by_definition`])
//! is its twin in the tests and in `grundy verify euclid-recursion`.

pub mod spec;
pub mod theory;

use crate::ruleset::{check_listing, Arity, Evaluation, Move, Ruleset, Solver};
use crate::{Error, Result};

/// Euclid's game on `(a, b)`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Euclid;

/// Positions with more moves than this are refused by `moves` (the winning move then comes
/// from the theory).
pub const MAX_LISTED_MOVES: u64 = 1_000_000;

/// The method of every value.
pub const METHOD: &str = "recursion along Euclid's algorithm: G(qb + r, b) = q - 1 if q <= G(b, r), else q (proven in games/euclid/theory.rs)";

/// The number of moves of `(a, b)`: `max / min` (two when `a = b`), none with a 0.
pub fn move_count(a: u64, b: u64) -> u64 {
    match (a.min(b), a.max(b)) {
        (0, _) => 0,
        (s, l) if s == l => 2,
        (s, l) => l / s,
    }
}

/// `(a, q)` with `b = q a + r` for the smaller number `a` (positive) and the larger `b` of a
/// position; `None` when a number is 0 (no move).
fn chain(position: &[u64]) -> Option<(u64, u64)> {
    let (a, b) = (position[0].min(position[1]), position[0].max(position[1]));
    (a > 0).then(|| (a, b / a))
}

/// The move that leaves `to` from `(a, b)`, described.
fn make_move(a: u64, b: u64, to: [u64; 2]) -> Move {
    let (pile, from, left, by) = if to[0] != a {
        (1, a, to[0], b)
    } else {
        (2, b, to[1], a)
    };
    let k = (from - left) / by;
    let times = if k == 1 {
        format!("{by}")
    } else {
        format!("{k} x {by} = {}", from - left)
    };
    Move {
        to: to.to_vec(),
        description: format!("subtract {times} from number {pile}, leaving {left}"),
    }
}

impl Ruleset for Euclid {
    fn spec(&self) -> String {
        "euclid".into()
    }

    /// `validate` checks only the arity and the smallest coordinates: the first position of a
    /// line decides.
    fn first_invalid(
        &self,
        template: &[Option<u64>],
        range: std::ops::RangeInclusive<u64>,
    ) -> Option<(u64, crate::Error)> {
        crate::ruleset::first_invalid_by_bounds(self, template, range)
    }

    fn arity(&self) -> Arity {
        Arity::Exactly(2)
    }

    fn position_hint(&self) -> String {
        "two numbers, like 5,3".into()
    }

    fn coordinate_name(&self, index: usize, _count: usize) -> String {
        ["a", "b"][index.min(1)].into()
    }

    fn moves(&self, position: &[u64]) -> Result<Vec<Move>> {
        let (a, b) = (position[0], position[1]);
        let count = move_count(a, b);
        if count > MAX_LISTED_MOVES {
            return Err(Error::TooLarge(format!(
                "this position has {count} moves, more than the {MAX_LISTED_MOVES} that are listed"
            )));
        }
        check_listing(u128::from(count), 2)?;
        let mut moves = Vec::with_capacity(count as usize);
        if b > 0 && a >= b {
            moves.extend((1..=a / b).map(|k| make_move(a, b, [a - k * b, b])));
        }
        if a > 0 && b >= a {
            moves.extend((1..=b / a).map(|k| make_move(a, b, [a, b - k * a])));
        }
        Ok(moves)
    }

    /// With `b = q a + r` (`0 < a <= b`), the positions `(a, r + j a)`, `0 <= j <= q`, are
    /// reached by subtracting `(q - j) a`: `q + 1` of them, distinct.
    fn reachable_at_least(&self, position: &[u64]) -> u128 {
        match chain(position) {
            Some((_, q)) => u128::from(q) + 1,
            None => 1,
        }
    }

    /// The positions of [`Ruleset::reachable_at_least`] with `j >= 1` have `j` moves each (two
    /// at `(a, a)`): `q (q + 1) / 2` at least.
    fn moves_below_at_least(&self, position: &[u64]) -> u128 {
        match chain(position) {
            Some((_, q)) => u128::from(q) * (u128::from(q) + 1) / 2,
            None => 0,
        }
    }

    /// `(a, b)` and `(b, a)` are the same game.
    fn canonical(&self, position: &[u64]) -> Vec<u64> {
        vec![position[0].max(position[1]), position[0].min(position[1])]
    }

    fn solver(&self) -> Option<Box<dyn Solver + '_>> {
        Some(Box::new(EuclidSolver))
    }

    fn explain_move(&self, _position: &[u64], to: &[u64]) -> Option<String> {
        let (big, small) = (to[0].max(to[1]), to[0].min(to[1]));
        theory::is_p_position(big, small).then(|| {
            if small == 0 {
                "a number is 0: the game is over and you made the last move".into()
            } else {
                format!(
                    "{big} / {small} is below the golden ratio phi, so ({}, {}) is a P-position (Cole and Davie 1969): the next move is forced and leaves a ratio above phi",
                    to[0], to[1]
                )
            }
        })
    }

    fn theory_winning_moves(&self, position: &[u64]) -> Option<Vec<Move>> {
        let (a, b) = (position[0], position[1]);
        Some(
            theory::winning_moves(a, b)
                .into_iter()
                .map(|to| make_move(a, b, to))
                .collect(),
        )
    }
}

/// Values by the recursion, for any position.
struct EuclidSolver;

impl Solver for EuclidSolver {
    fn value(&mut self, position: &[u64]) -> Result<u64> {
        Ok(theory::value(position[0], position[1]))
    }

    fn evaluate(&mut self, position: &[u64]) -> Result<Evaluation> {
        Ok(Evaluation {
            value: self.value(position)?,
            method: METHOD.into(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query;
    use crate::solve::SearchSolver;
    use crate::Outcome;
    use proptest::prelude::*;

    #[test]
    fn recursion_and_outcomes_agree_with_the_definition() {
        let table = theory::by_definition(400, &mut |_| {});
        for (a, row) in table.iter().enumerate() {
            for (b, &g) in row.iter().enumerate() {
                let (a, b) = (a as u64, b as u64);
                assert_eq!(theory::value(a, b), g, "({a}, {b})");
                assert_eq!(theory::is_p_position(a, b), g == 0, "({a}, {b})");
            }
        }
        // Values computed by hand: (2, 1) has options (1, 1) -> 1 and (0, 1) -> 0, so 2; (5, 2)
        // has (3, 2) -> 0 (forced to (1, 2), value 2) and (1, 2) -> 2, so 1.
        assert_eq!(table[2][1], 2);
        assert_eq!(table[3][2], 0);
        assert_eq!(table[5][2], 1);
    }

    #[test]
    fn the_generic_search_agrees() {
        // The memoised search over the listed moves (no theory involved).
        let mut search = SearchSolver::new(&Euclid);
        for a in 0..60u64 {
            for b in 0..60u64 {
                assert_eq!(
                    search.value(&[a, b]).unwrap(),
                    theory::value(a, b),
                    "({a}, {b})"
                );
            }
        }
    }

    #[test]
    fn huge_positions_answer_by_the_recursion() {
        // Consecutive Fibonacci numbers: every quotient is 1 until the end, a P-position when
        // the ratio is below phi. F(92) and F(91).
        let (f91, f92) = (4_660_046_610_375_530_309u64, 7_540_113_804_746_346_429u64);
        let e = query::outcome(&Euclid, &[f92, f91]).unwrap();
        assert_eq!((e.value, e.outcome), (Some(0), Outcome::P));
        assert_eq!(e.method, METHOD);
        assert!(theory::is_p_position(f92, f91));
        // (F(91) + 1, 1): quotient F(91) + 1, remainder 0: value F(91) + 1.
        assert_eq!(theory::value(f91 + 1, 1), f91 + 1);
        // (2^63 + 5, 5): about 1.8 * 10^18 moves, one of them winning.
        let big = (1u64 << 63) + 5;
        let moves = Euclid.theory_winning_moves(&[big, 5]).unwrap();
        assert_eq!(moves.len(), 1);
        assert_eq!(theory::value(moves[0].to[0], moves[0].to[1]), 0);
        assert!(Euclid.moves(&[big, 5]).is_err());
    }

    #[test]
    fn the_counts_below_stay_below_the_game_graph() {
        // Every position and move below, by a plain walk over the listed moves.
        for position in [
            [7u64, 3],
            [3, 7],
            [4, 4],
            [0, 5],
            [1, 30],
            [13, 100],
            [21, 34],
        ] {
            let mut seen = std::collections::HashSet::from([position.to_vec()]);
            let mut todo = vec![position.to_vec()];
            let mut moves = 0u128;
            while let Some(p) = todo.pop() {
                for m in Euclid.moves(&p).unwrap() {
                    moves += 1;
                    if seen.insert(m.to.clone()) {
                        todo.push(m.to);
                    }
                }
            }
            let at_least = Euclid.reachable_at_least(&position);
            assert!(at_least <= seen.len() as u128, "{position:?}");
            assert!(
                Euclid.moves_below_at_least(&position) <= moves,
                "{position:?}"
            );
        }
        // (1, 30): the chain (1, 0..=30) is 31 of the 32 positions below ((0, 1) is the 32nd),
        // with 1 + 2 + ... + 30 of the 466 moves ((1, 1) has two).
        assert_eq!(Euclid.reachable_at_least(&[1, 30]), 31);
        assert_eq!(Euclid.moves_below_at_least(&[1, 30]), 465);
        // The position: about 1.2 * 10^10 moves below, refused before exploring.
        let e =
            crate::solve::evolution::check_explorable(&Euclid, &[13657, (1 << 31) - 1], 1 << 20)
                .unwrap_err()
                .to_string();
        assert!(e.contains("moves lie below"), "{e}");
    }

    #[test]
    fn moves_are_described() {
        let described: Vec<String> = Euclid
            .moves(&[7, 3])
            .unwrap()
            .into_iter()
            .map(|m| m.description)
            .collect();
        assert_eq!(
            described,
            [
                "subtract 3 from number 1, leaving 4",
                "subtract 2 x 3 = 6 from number 1, leaving 1"
            ]
        );
        assert_eq!(Euclid.moves(&[4, 4]).unwrap().len(), 2);
        assert!(Euclid.moves(&[0, 4]).unwrap().is_empty());
    }

    proptest! {
        #[test]
        fn winning_moves_are_the_moves_to_zero(a in 0u64..300, b in 0u64..300) {
            let by_values: Vec<Vec<u64>> = query::moves(&Euclid, &[a, b]).unwrap().into_iter()
                .filter(|m| m.winning).map(|m| m.to.into_position()).collect();
            let theory: Vec<Vec<u64>> = Euclid.theory_winning_moves(&[a, b]).unwrap()
                .into_iter().map(|m| m.to).collect();
            prop_assert_eq!(by_values, theory);
        }

        #[test]
        fn recursion_matches_the_search_on_random_large_pairs(a in 1u64..1 << 40, b in 1u64..1 << 40) {
            // One step of the recursion, checked against the mex of the options' values.
            let (big, small) = (a.max(b), a.min(b));
            let (q, r) = (big / small, big % small);
            prop_assume!(q < 5000);
            let values: Vec<u64> = (1..=q).map(|k| theory::value(big - k * small, small)).collect();
            let mex = (0..).find(|v| !values.contains(v)).unwrap();
            prop_assert_eq!(theory::value(a, b), mex);
            prop_assert_eq!(theory::value(small, r) == 0 || q >= 2, theory::value(a, b) != 0);
        }
    }
}
