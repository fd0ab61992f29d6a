//! Moore's Nim_k: piles; a move takes any positive number of tokens from each of at least one
//! and at most `k` piles (E. H. Moore 1910; Winning Ways ch. 15). Nim_1 is Nim.
//!
//! **Outcomes** are Moore's theorem ([`theory`]): a P-position exactly when every bit column
//! of the piles holds a multiple of `k + 1` ones; a winning move is built bit by bit from the
//! proof, for positions of any size.
//!
//! **SG values** have no known closed form for `k >= 2`: [`MooreSolver`] searches them by the
//! definition (memoised over sorted piles, empty piles dropped) where the search is small,
//! gives 0 at every P-position by the theorem, and otherwise the outcome alone (`value` is then
//! null). For `k = 1`, Bouton's nim-sum.

pub mod spec;
pub mod theory;

use crate::ruleset::{check_listing, Arity, Evaluation, Move, OutcomeEvaluation, Ruleset, Solver};
use crate::solve::MemoSolver;
use crate::{Error, Game, Outcome, Result};

/// Moore's Nim_k.
#[derive(Debug, Clone, Copy)]
pub struct Moore {
    k: u64,
}

impl Moore {
    /// Nim_k, `k >= 1`.
    pub fn new(k: u64) -> Self {
        Moore { k: k.max(1) }
    }

    /// The most piles a move takes from.
    pub fn k(&self) -> u64 {
        self.k
    }
}

/// Positions with more moves than this are refused by `moves` (a winning move then comes from
/// the theorem).
pub const MAX_LISTED_MOVES: u128 = 1_000_000;

/// The most option visits the search of one value may make (a few seconds).
pub const MAX_SEARCH_WORK: u128 = 20_000_000;

/// The number of moves of `piles`: the sum over sets `T` of 1 to `k` piles of the product of
/// their sizes (the elementary symmetric sums `e_1 + ... + e_k`), saturating.
pub fn move_count(piles: &[u64], k: u64) -> u128 {
    let k = k.min(piles.len() as u64) as usize;
    // e[j]: the sum over sets of j piles among those seen of the product of their sizes.
    let mut e = vec![0u128; k + 1];
    e[0] = 1;
    for &p in piles {
        for j in (1..=k).rev() {
            e[j] = e[j].saturating_add(e[j - 1].saturating_mul(u128::from(p)));
        }
    }
    e[1..].iter().fold(0u128, |acc, &x| acc.saturating_add(x))
}

/// Receives an option and the piles changed (as `(pile, new size)`).
type OptionSink<'a> = dyn FnMut(&[u64], &[(usize, u64)]) + 'a;

/// Calls `f` with every option of `piles` and the piles changed.
fn each_option(piles: &[u64], k: u64, f: &mut OptionSink) {
    fn go(
        i: usize,
        piles: &[u64],
        left: u64,
        to: &mut Vec<u64>,
        changed: &mut Vec<(usize, u64)>,
        f: &mut OptionSink,
    ) {
        if i == piles.len() {
            if !changed.is_empty() {
                f(to, changed);
            }
            return;
        }
        go(i + 1, piles, left, to, changed, f);
        if left > 0 {
            for v in (0..piles[i]).rev() {
                to[i] = v;
                changed.push((i, v));
                go(i + 1, piles, left - 1, to, changed, f);
                changed.pop();
            }
            to[i] = piles[i];
        }
    }
    go(0, piles, k, &mut piles.to_vec(), &mut Vec::new(), f);
}

fn describe(piles: &[u64], changed: &[(usize, u64)]) -> String {
    let parts: Vec<String> = changed
        .iter()
        .map(|&(i, v)| format!("{} from pile {}", piles[i] - v, i + 1))
        .collect();
    match parts.as_slice() {
        [one] => format!("take {one}"),
        [rest @ .., last] => format!("take {} and {last}", rest.join(", ")),
        [] => String::new(),
    }
}

/// Nim_k as a typed game for the memoised search: piles sorted, empty ones dropped.
#[derive(Debug, Clone, Copy)]
pub struct MooreGame {
    k: u64,
}

impl Game for MooreGame {
    type Position = Vec<u64>;

    fn options(&self, piles: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        each_option(piles, self.k, &mut |to, _| out.push(to.to_vec()));
    }

    fn canonical(&self, piles: &Vec<u64>) -> Vec<u64> {
        let mut sorted: Vec<u64> = piles.iter().copied().filter(|&p| p > 0).collect();
        sorted.sort_unstable();
        sorted
    }
}

/// The memoised search of Nim_k by the definition (no theorem used).
pub fn search(k: u64) -> MemoSolver<MooreGame> {
    MemoSolver::new(MooreGame { k })
}

impl Ruleset for Moore {
    fn spec(&self) -> String {
        format!("moore:k={}", self.k)
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
        let count = move_count(piles, self.k);
        if count > MAX_LISTED_MOVES {
            return Err(Error::TooLarge(format!(
                "this position has {count} moves, more than the {MAX_LISTED_MOVES} that are listed"
            )));
        }
        check_listing(count, piles.len())?;
        let mut moves = Vec::with_capacity(count as usize);
        each_option(piles, self.k, &mut |to, changed| {
            moves.push(Move {
                to: to.to_vec(),
                description: describe(piles, changed),
            })
        });
        Ok(moves)
    }

    fn options(&self, piles: &[u64]) -> Result<Vec<Vec<u64>>> {
        let count = move_count(piles, self.k);
        if count > MAX_LISTED_MOVES {
            return Err(Error::TooLarge(format!(
                "this position has {count} moves, more than the {MAX_LISTED_MOVES} that are explored"
            )));
        }
        let mut out = Vec::new();
        each_option(piles, self.k, &mut |to, _| out.push(to.to_vec()));
        Ok(out)
    }

    fn canonical(&self, piles: &[u64]) -> Vec<u64> {
        let mut sorted = piles.to_vec();
        sorted.sort_unstable();
        sorted
    }

    /// Explorations store positions as they are: every `q <= p` coordinate by coordinate is
    /// reachable (one pile at a time), and nothing else.
    fn reachable_at_least(&self, piles: &[u64]) -> u128 {
        piles
            .iter()
            .fold(1u128, |acc, &p| acc.saturating_mul(u128::from(p) + 1))
    }

    fn reachable_at_most(&self, piles: &[u64]) -> Option<u128> {
        Some(self.reachable_at_least(piles))
    }

    /// Over the box `q <= p`, the moves of the piles of a set `T` number
    /// `prod(p + 1) * prod_{i in T} p_i / 2`: at least `prod(p + 1) * move_count(p) / 2^k`.
    fn moves_below_at_least(&self, piles: &[u64]) -> u128 {
        let k = self.k.min(piles.len() as u64).min(127) as u32;
        self.reachable_at_least(piles)
            .saturating_mul(move_count(piles, self.k))
            >> k
    }

    fn solver(&self) -> Option<Box<dyn Solver + '_>> {
        Some(Box::new(MooreSolver::new(self.k)))
    }

    fn explain_move(&self, piles: &[u64], to: &[u64]) -> Option<String> {
        (theory::is_p_position(to, self.k) && !theory::is_p_position(piles, self.k)).then(|| {
            format!(
                "in binary every bit column of {} has a number of ones divisible by k + 1 = {}: a P-position by Moore's theorem (1910)",
                self.show_position(to),
                u128::from(self.k) + 1
            )
        })
    }

    /// One winning move, built by the proof of Moore's theorem.
    fn theory_winning_moves(&self, piles: &[u64]) -> Option<Vec<Move>> {
        let to = theory::winning_move(piles, self.k);
        Some(
            to.into_iter()
                .map(|to| {
                    let changed: Vec<(usize, u64)> = (0..piles.len())
                        .filter(|&i| to[i] != piles[i])
                        .map(|i| (i, to[i]))
                        .collect();
                    Move {
                        description: describe(piles, &changed),
                        to,
                    }
                })
                .collect(),
        )
    }
}

/// SG values by the definition where the search is small (Bouton's nim-sum for `k = 1`), 0 at
/// the P-positions of Moore's theorem, otherwise the outcome alone.
pub struct MooreSolver {
    k: u64,
    memo: MemoSolver<MooreGame>,
}

impl MooreSolver {
    /// A solver for Nim_k.
    pub fn new(k: u64) -> Self {
        MooreSolver { k, memo: search(k) }
    }

    /// Refuses a search whose work bound (positions below times the moves of the top) is
    /// beyond [`MAX_SEARCH_WORK`].
    fn check_search(&self, piles: &[u64]) -> Result<()> {
        let positions = Moore::new(self.k).reachable_at_least(piles);
        let work = positions.saturating_mul(move_count(piles, self.k).saturating_add(1));
        if work > MAX_SEARCH_WORK {
            return Err(Error::TooLarge(format!(
                "the search of the SG value may visit more than {MAX_SEARCH_WORK} options (no closed form is known for the values of Nim_k, k >= 2)"
            )));
        }
        Ok(())
    }

    /// Refuses a position whose value [`Solver::value`] would refuse: beyond the search's work
    /// limit, unless Moore's theorem makes it a P-position (value 0).
    fn check(&self, piles: &[u64]) -> Result<()> {
        match self.check_search(piles) {
            Err(_) if self.k == 1 || theory::is_p_position(piles, self.k) => Ok(()),
            other => other,
        }
    }

    fn p_method(&self) -> String {
        format!(
            "Moore's theorem (1910): every bit column has a number of ones divisible by k + 1 = {}, a P-position (value 0)",
            u128::from(self.k) + 1
        )
    }
}

impl Solver for MooreSolver {
    fn value(&mut self, piles: &[u64]) -> Result<u64> {
        if self.k == 1 {
            return Ok(crate::games::nim::theory::bouton_value(piles));
        }
        if let Some(v) = self.memo.known(&piles.to_vec()) {
            return Ok(v);
        }
        match self.check_search(piles) {
            Ok(()) => self.memo.value(&piles.to_vec()),
            Err(_) => self.check(piles).map(|()| 0),
        }
    }

    /// A sequence whose last position is beyond the search's limit (and no P-position) is
    /// refused before its first value (issue 50).
    fn sequence_blocks(
        &mut self,
        template: &[Option<u64>],
        range: std::ops::Range<u64>,
        sink: &mut crate::ruleset::BlockSink,
    ) -> Result<()> {
        crate::ruleset::sequence_checked(self, template, range, sink, Self::check)
    }

    fn evaluate(&mut self, piles: &[u64]) -> Result<Evaluation> {
        if self.k == 1 {
            return Ok(Evaluation {
                value: self.value(piles)?,
                method: "closed form: Nim_1 is Nim, Bouton's theorem (nim-sum)".into(),
            });
        }
        let searched =
            self.check_search(piles).is_ok() || self.memo.known(&piles.to_vec()).is_some();
        let value = self.value(piles)?;
        Ok(Evaluation {
            value,
            method: if searched {
                "memoised search (no closed form is known for the SG values of Nim_k, k >= 2)"
                    .into()
            } else {
                self.p_method()
            },
        })
    }

    fn evaluate_outcome(&mut self, piles: &[u64]) -> Result<OutcomeEvaluation> {
        match self.evaluate(piles) {
            Ok(e) => Ok(OutcomeEvaluation {
                infinite: None,
                value: Some(e.value),
                outcome: Outcome::of(e.value),
                method: e.method,
            }),
            Err(Error::TooLarge(why)) => {
                let (bit, ones) = theory::unbalanced_column(piles, self.k)
                    .expect("P-positions are answered by the theorem");
                Ok(OutcomeEvaluation {
                    infinite: None,
                    value: None,
                    outcome: Outcome::N,
                    method: format!(
                        "Moore's theorem (1910): bit column 2^{bit} has {ones} ones, not a multiple of k + 1 = {}, an N-position; SG value out of reach ({why})",
                        u128::from(self.k) + 1
                    ),
                })
            }
            Err(e) => Err(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query;
    use proptest::prelude::*;

    #[test]
    fn theorem_agrees_with_the_search() {
        for k in 1..=3u64 {
            let mut memo = search(k);
            for a in 0..10u64 {
                for b in 0..10 {
                    for c in 0..10 {
                        let piles = vec![a, b, c];
                        let g = memo.value(&piles).unwrap();
                        assert_eq!(g == 0, theory::is_p_position(&piles, k), "k={k} {piles:?}");
                    }
                }
            }
        }
        // Four piles, k = 2 and 3.
        for k in 2..=3u64 {
            let mut memo = search(k);
            for code in 0..6u64.pow(4) {
                let piles: Vec<u64> = (0..4).map(|i| code / 6u64.pow(i) % 6).collect();
                let g = memo.value(&piles).unwrap();
                assert_eq!(g == 0, theory::is_p_position(&piles, k), "k={k} {piles:?}");
            }
        }
    }

    #[test]
    fn k_one_is_nim() {
        let mut memo = search(1);
        for piles in [vec![3, 5, 6], vec![1, 2, 4], vec![7, 7]] {
            assert_eq!(
                memo.value(&piles).unwrap(),
                crate::solve::nim_sum(piles.iter().copied())
            );
        }
    }

    #[test]
    fn move_counts_and_descriptions() {
        let moore = Moore::new(2);
        // e1 + e2 of (1, 2, 3): 6 + (2 + 3 + 6) = 17.
        assert_eq!(move_count(&[1, 2, 3], 2), 17);
        let moves = moore.moves(&[1, 2, 3]).unwrap();
        assert_eq!(moves.len(), 17);
        assert!(moves
            .iter()
            .any(|m| m.to == [0, 2, 1] && m.description == "take 1 from pile 1 and 2 from pile 3"));
        // k = 3 on three piles adds e3 = 6.
        assert_eq!(move_count(&[1, 2, 3], 3), 23);
    }

    #[test]
    fn huge_positions_answer_by_the_theorem() {
        let moore = Moore::new(2);
        let big = 1u64 << 62;
        // Three equal piles: every column has 0 or 3 ones: a P-position, value 0.
        let e = query::outcome(&moore, &[big + 7, big + 7, big + 7]).unwrap();
        assert_eq!((e.value, e.outcome), (Some(0), Outcome::P));
        let e = query::outcome(&moore, &[big + 7, big + 7, big + 6]).unwrap();
        assert_eq!((e.value, e.outcome), (None, Outcome::N));
        assert!(
            e.method.contains("bit column 2^0 has 2 ones"),
            "{}",
            e.method
        );
        let piles = [big + 7, 12345, big + 6];
        let moves = moore.theory_winning_moves(&piles).unwrap();
        assert_eq!(moves.len(), 1);
        assert!(theory::is_p_position(&moves[0].to, 2));
        assert!(moore.moves(&piles).is_err());
        // Small positions are searched.
        let e = query::outcome(&moore, &[1, 2, 3]).unwrap();
        assert!(e.method.starts_with("memoised search"), "{}", e.method);
    }

    proptest! {
        #[test]
        fn the_constructed_move_is_legal_and_wins(
            piles in prop::collection::vec(any::<u64>(), 1..7),
            k in 1u64..6,
        ) {
            match theory::winning_move(&piles, k) {
                None => prop_assert!(theory::is_p_position(&piles, k)),
                Some(to) => {
                    prop_assert!(theory::is_p_position(&to, k));
                    let changed = piles.iter().zip(&to).filter(|(p, t)| p != t).count() as u64;
                    prop_assert!((1..=k).contains(&changed));
                    prop_assert!(piles.iter().zip(&to).all(|(p, t)| t <= p));
                }
            }
        }

        #[test]
        fn theorem_agrees_with_the_search_on_random_positions(
            piles in prop::collection::vec(0u64..8, 1..5),
            k in 1u64..4,
        ) {
            let g = search(k).value(&piles).unwrap();
            prop_assert_eq!(g == 0, theory::is_p_position(&piles, k));
        }
    }
}
