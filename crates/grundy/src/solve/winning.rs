//! Winning moves: moves to positions of value 0.

use super::{nim_sum, MemoSolver};
use crate::{Game, Result};

/// Every option of `position` whose SG value is 0 (empty when `position` is a P-position).
pub fn winning_moves<G: Game>(
    solver: &mut MemoSolver<G>,
    position: &G::Position,
) -> Result<Vec<G::Position>> {
    let mut options = Vec::new();
    solver.game().options(position, &mut options);
    let mut winning = Vec::new();
    for option in options {
        if solver.value(&option)? == 0 {
            winning.push(option);
        }
    }
    Ok(winning)
}

/// A move in a disjunctive sum: option number `option` of component number `component`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SumMove {
    /// Which component the move is made in.
    pub component: usize,
    /// Which of that component's options it moves to (an index into its option list).
    pub option: usize,
}

/// The winning moves of a disjunctive sum, from the components alone.
///
/// `values[i]` is the SG value of component `i` and `option_values[i][j]` the value of its
/// option `j`. With `x` the nim-sum of all values, moving component `i` to an option of value
/// `values[i] ^ x` makes the nim-sum 0, and these are exactly the winning moves (none when
/// `x = 0`).
pub fn sum_winning_moves(values: &[u64], option_values: &[Vec<u64>]) -> Vec<SumMove> {
    let x = nim_sum(values.iter().copied());
    if x == 0 {
        return Vec::new();
    }
    let mut moves = Vec::new();
    for (component, (value, options)) in values.iter().zip(option_values).enumerate() {
        let target = value ^ x;
        for (option, &w) in options.iter().enumerate() {
            if w == target {
                moves.push(SumMove { component, option });
            }
        }
    }
    moves
}
