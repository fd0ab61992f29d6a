//! Nim: any number of piles; a move takes any positive number of tokens from one pile.
//!
//! Bouton's theorem (1901): the SG value of a Nim position is the nim-sum (XOR) of its piles, so a
//! position is a P-position exactly when the nim-sum is 0, and a winning move reduces a pile `p`
//! with `p XOR x < p` to `p XOR x`, where `x` is the nim-sum. [`theory`] implements the theorem;
//! the memoised engine on [`Nim`] is its brute-force twin in the tests. [`misere`] is Bouton's
//! rule for misère play, which [`Ruleset::misere_closed_form`] answers with. [`product`] is
//! nim multiplication, which with XOR makes the nimbers a field (Conway).

pub mod misere;
pub mod product;
pub mod spec;
pub mod theory;

use crate::analysis::Periodicity;
use crate::ruleset::{Arity, Evaluation, MisereAnswer, Move, Ruleset, Solver};
use crate::{Game, Result};

/// Nim on any number of piles. Positions are pile sizes in order; the canonical form sorts them.
#[derive(Debug, Clone, Copy, Default)]
pub struct Nim;

impl Game for Nim {
    type Position = Vec<u64>;

    fn options(&self, piles: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (i, &pile) in piles.iter().enumerate() {
            for smaller in 0..pile {
                let mut next = piles.clone();
                next[i] = smaller;
                out.push(next);
            }
        }
    }

    fn canonical(&self, piles: &Vec<u64>) -> Vec<u64> {
        let mut sorted = piles.clone();
        sorted.sort_unstable();
        sorted
    }
}

/// Positions with more options than this are refused by `moves` (the list would not be read).
pub const MAX_LISTED_MOVES: u64 = 1_000_000;

impl Ruleset for Nim {
    fn spec(&self) -> String {
        "nim".into()
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
        Arity::AtLeast(1)
    }

    fn position_hint(&self) -> String {
        "pile sizes, like 3,5,6".into()
    }

    fn moves(&self, piles: &[u64]) -> Result<Vec<Move>> {
        let total = piles.iter().try_fold(0u64, |acc, &p| acc.checked_add(p));
        if total.is_none_or(|t| t > MAX_LISTED_MOVES) {
            return Err(crate::Error::TooLarge(format!(
                "this position has more than {MAX_LISTED_MOVES} moves to list"
            )));
        }
        crate::ruleset::check_listing(u128::from(total.unwrap_or(0)), piles.len())?;
        let mut moves = Vec::new();
        for (i, &pile) in piles.iter().enumerate() {
            for take in 1..=pile {
                let mut to = piles.to_vec();
                to[i] = pile - take;
                moves.push(Move {
                    to,
                    description: format!("take {take} from pile {}", i + 1),
                });
            }
        }
        Ok(moves)
    }

    fn canonical(&self, piles: &[u64]) -> Vec<u64> {
        Game::canonical(self, &piles.to_vec())
    }

    fn options(&self, piles: &[u64]) -> Result<Vec<Vec<u64>>> {
        let mut out = Vec::new();
        Game::options(self, &piles.to_vec(), &mut out);
        Ok(out)
    }

    /// A pile of `n` is a heap whose options are the piles below it.
    fn heap_options(&self, heap: u64) -> Option<Result<Vec<Vec<u64>>>> {
        if heap > MAX_LISTED_MOVES {
            return Some(Err(crate::Error::TooLarge(format!(
                "a pile of {heap} has more than {MAX_LISTED_MOVES} moves to list"
            ))));
        }
        Some(Ok((0..heap)
            .map(|k| if k == 0 { vec![] } else { vec![k] })
            .collect()))
    }

    /// Bouton's misère rule (proven for every position).
    fn misere_closed_form(&self, piles: &[u64]) -> Option<MisereAnswer> {
        Some(MisereAnswer {
            outcome: misere::outcome(piles),
            winning_moves: misere::winning_moves(piles),
            method: misere::SOURCE.into(),
        })
    }

    /// Every position with each pile at most as large is reachable: the product of `p + 1`.
    fn reachable_at_least(&self, piles: &[u64]) -> u128 {
        piles
            .iter()
            .fold(1u128, |acc, &p| acc.saturating_mul(u128::from(p) + 1))
    }

    /// Exactly: a position `q` has `sum(q)` moves, and over the box `q <= p` pile `i` averages
    /// `p_i / 2`, so the moves number `prod(p + 1) * sum(p) / 2`.
    fn moves_below_at_least(&self, piles: &[u64]) -> u128 {
        let total = piles.iter().map(|&p| u128::from(p)).sum::<u128>();
        self.reachable_at_least(piles).saturating_mul(total) / 2
    }

    fn solver(&self) -> Option<Box<dyn Solver + '_>> {
        Some(Box::new(BoutonSolver))
    }

    fn explain_move(&self, piles: &[u64], to: &[u64]) -> Option<String> {
        let x = theory::bouton_value(piles);
        let i = piles.iter().zip(to).position(|(a, b)| a != b)?;
        (to[i] == piles[i] ^ x && x != 0).then(|| {
            format!(
                "the nim-sum is {x}; pile {} goes from {} to {} XOR {x} = {}, which makes the nim-sum 0",
                i + 1,
                piles[i],
                piles[i],
                to[i]
            )
        })
    }

    /// Along one pile, with the others' nim-sum `c` fixed, the values are `x XOR c`; for any
    /// power of two `p > c`, adding `p` to `x` leaves the bits below `p` alone and adds `p` above
    /// them, so `(x + p) XOR c = (x XOR c) + p` for every `x` (Bouton): arithmetic periodicity
    /// with period `p`, saltus `p`, from the first position on.
    fn periodicity_proof(
        &self,
        template: &[Option<u64>],
        _from: u64,
        _values: &[u64],
        periodicity: &Periodicity,
    ) -> Option<String> {
        if template.iter().filter(|c| c.is_none()).count() != 1 {
            return None;
        }
        let c = template.iter().flatten().fold(0, |acc, &pile| acc ^ pile);
        let p = periodicity.period;
        (p.is_power_of_two() && p > c && periodicity.saltus == i128::from(p)).then(|| {
            format!(
                "Bouton: the values are x XOR {c}, and (x + {p}) XOR {c} = (x XOR {c}) + {p} for every x since {p} is a power of two above {c}"
            )
        })
    }
}

/// Values by Bouton's theorem, in time linear in the number of piles.
struct BoutonSolver;

impl Solver for BoutonSolver {
    fn value(&mut self, piles: &[u64]) -> Result<u64> {
        Ok(theory::bouton_value(piles))
    }

    fn evaluate(&mut self, piles: &[u64]) -> Result<Evaluation> {
        Ok(Evaluation {
            value: self.value(piles)?,
            method: "closed form: Bouton's theorem (nim-sum)".into(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{sum_winning_moves, MemoSolver};
    use proptest::prelude::*;

    #[test]
    fn bouton_agrees_with_search_on_every_small_position() {
        let mut memo = MemoSolver::new(Nim);
        for a in 0..8 {
            for b in 0..8 {
                for c in 0..8 {
                    let piles = vec![a, b, c];
                    assert_eq!(
                        memo.value(&piles).unwrap(),
                        theory::bouton_value(&piles),
                        "{piles:?}"
                    );
                }
            }
        }
    }

    proptest! {
        #[test]
        fn bouton_agrees_with_search_on_random_positions(piles in prop::collection::vec(0u64..7, 1..5)) {
            let mut memo = MemoSolver::new(Nim);
            prop_assert_eq!(memo.value(&piles).unwrap(), theory::bouton_value(&piles));
        }

        #[test]
        fn winning_moves_are_the_moves_to_zero(piles in prop::collection::vec(0u64..9, 1..5)) {
            let moves = Ruleset::moves(&Nim, &piles).unwrap();
            let brute: Vec<Vec<u64>> = moves.iter().map(|m| m.to.clone())
                .filter(|to| theory::bouton_value(to) == 0).collect();
            prop_assert_eq!(theory::winning_moves(&piles), brute.clone());
            // Nim is a sum of one-pile games: the sum rule finds the same moves.
            let option_values: Vec<Vec<u64>> = piles.iter().map(|&p| (0..p).rev().collect()).collect();
            let by_sum: Vec<Vec<u64>> = sum_winning_moves(&piles, &option_values).into_iter()
                .map(|m| { let mut to = piles.clone(); to[m.component] = option_values[m.component][m.option]; to })
                .collect();
            prop_assert_eq!(by_sum, brute);
        }
    }
}
