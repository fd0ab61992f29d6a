//! Engines that compute Sprague–Grundy values.
//!
//! - [`mex`], [`nim_sum`] and [`Outcome`]: the arithmetic of impartial games.
//! - [`MemoSolver`]: any [`Game`](crate::Game) with hashable positions, depth-first with an explicit
//!   stack (no recursion, so a chain of millions of moves is fine) and a hash map of values.
//! - [`DenseSolver`]: games on the integers `0, 1, 2, ...` whose options are smaller integers;
//!   values are bit-packed in [`PackedValues`] and the mex is taken on a bitset.
//! - [`GameGraph`]: every position reachable from a start, numbered; [`remoteness`] (Smith),
//!   [`layered_generations`] (Lemma 22 of *Nim Fractals*) and conjunctive compounds run on it;
//!   [`evolution`] explores any [`Ruleset`](crate::Ruleset) into one and answers the
//!   `remoteness`, `generations` and `conjunctive` commands.
//! - [`winning_moves`] and [`sum_winning_moves`]: the moves to P-positions, for one game and for a
//!   disjunctive sum (where only the components' values are needed).
//! - [`solver_for`]: how a [`Ruleset`](crate::Ruleset) is answered: its own solver or the
//!   memoised search over its moves ([`SearchSolver`]), turning to [`loopy`] on a cycle. It is
//!   here, not beside the trait, because the core trait sits below the engines.

pub mod db;
mod dense;
pub mod evolution;
mod for_ruleset;
mod graph;
pub mod loopy;
mod memo;
mod nim_set;
mod packed;
mod remoteness;
pub mod search;
mod winning;

pub use dense::{DenseGame, DenseSolver, SEQUENCE_BLOCK};
pub use for_ruleset::{solver_for, RulesetGame, SearchSolver, MAX_SEARCH_BYTES};
pub use graph::{GameGraph, DEFAULT_GRAPH_LIMIT, MAX_GRAPH_EDGES};
pub use memo::{MemoSolver, DEFAULT_MEMO_LIMIT};
pub use packed::PackedValues;
pub use remoteness::{
    conjunctive_remoteness, layered_generations, longest_optimal_game, outcome_of_remoteness,
    outcome_of_remoteness_under, remoteness, remoteness_under, Conjunctive, Layer,
};
pub use winning::{sum_winning_moves, winning_moves, SumMove};

pub use crate::game::Outcome;

/// The minimum excludant: the least natural number not in `values`.
///
/// ```
/// assert_eq!(grundy::solve::mex([0, 1, 3]), 2);
/// assert_eq!(grundy::solve::mex([]), 0);
/// ```
pub fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    // A value v > len cannot matter, so a bitset of len + 1 bits decides the mex.
    let values: Vec<u64> = values.into_iter().collect();
    let mut seen = vec![false; values.len() + 1];
    for v in values {
        if let Some(slot) = usize::try_from(v).ok().and_then(|i| seen.get_mut(i)) {
            *slot = true;
        }
    }
    seen.iter().position(|s| !s).unwrap_or(seen.len()) as u64
}

/// The nim-sum (bitwise XOR) of values: the SG value of a disjunctive sum.
pub fn nim_sum(values: impl IntoIterator<Item = u64>) -> u64 {
    values.into_iter().fold(0, |acc, v| acc ^ v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mex_is_the_least_missing_value() {
        assert_eq!(mex([]), 0);
        assert_eq!(mex([1, 2]), 0);
        assert_eq!(mex([0, 0, 2]), 1);
        assert_eq!(mex([3, 0, 1, 2]), 4);
        assert_eq!(mex([u64::MAX, 0]), 1);
    }

    #[test]
    fn nim_sum_is_xor() {
        assert_eq!(nim_sum([3, 5, 6]), 0);
        assert_eq!(nim_sum([3, 5, 7]), 1);
        assert_eq!(Outcome::of(0), Outcome::P);
        assert_eq!(Outcome::of(4), Outcome::N);
    }
}
