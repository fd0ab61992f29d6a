//! The engines as a [`Ruleset`] reaches them: [`solver_for`] gives a game's own solver or the
//! memoised search over its moves ([`SearchSolver`], through the [`RulesetGame`] adapter), and
//! turns to Smith's generalised values if either meets a cycle.

use std::cell::RefCell;

use super::loopy::CycleAware;
use super::{MemoSolver, DEFAULT_MEMO_LIMIT};
use crate::ruleset::{Position, Ruleset, Solver};
use crate::{Error, Game, Result};

/// The ruleset's own solver, or the memoised search over its moves; either turns to Smith's
/// generalised values ([`super::loopy`]) if it meets a cycle.
pub fn solver_for(ruleset: &dyn Ruleset) -> Box<dyn Solver + '_> {
    let own = ruleset
        .solver()
        .unwrap_or_else(|| Box::new(SearchSolver::new(ruleset)));
    Box::new(CycleAware::new(ruleset, own))
}

/// The memoised engine driven through a [`Ruleset`]'s moves.
pub struct SearchSolver<'a> {
    memo: MemoSolver<RulesetGame<'a>>,
}

impl<'a> SearchSolver<'a> {
    /// A memoised search over `ruleset`'s moves.
    pub fn new(ruleset: &'a dyn Ruleset) -> Self {
        SearchSolver {
            memo: MemoSolver::new(RulesetGame {
                ruleset,
                error: RefCell::new(None),
            }),
        }
    }
}

/// The most memory the memoised search of a [`SearchSolver`] may take for its stored positions
/// (2 GiB): positions of many coordinates get a lower limit than
/// [`DEFAULT_MEMO_LIMIT`].
pub const MAX_SEARCH_BYTES: usize = 1 << 31;

impl Solver for SearchSolver<'_> {
    fn value(&mut self, position: &[u64]) -> Result<u64> {
        if self.memo.is_empty() {
            // A stored position is its vector (24 bytes and 8 per coordinate) and its slot.
            let per_position = 64 + 8 * position.len();
            self.memo
                .set_limit(DEFAULT_MEMO_LIMIT.min(MAX_SEARCH_BYTES / per_position));
        }
        let result = self.memo.value(&position.to_vec());
        if let Some(error) = self.memo.game().error.borrow_mut().take() {
            return Err(error);
        }
        result
    }
}

/// A [`Ruleset`] seen as a [`Game`]. A failing move generator cannot return its error through
/// [`Game::options`], so the first error is kept here and reported by [`SearchSolver`].
pub struct RulesetGame<'a> {
    ruleset: &'a dyn Ruleset,
    error: RefCell<Option<Error>>,
}

impl Game for RulesetGame<'_> {
    type Position = Position;

    fn options(&self, position: &Position, out: &mut Vec<Position>) {
        match self.ruleset.moves(position) {
            Ok(moves) => out.extend(moves.into_iter().map(|m| m.to)),
            Err(e) => {
                self.error.borrow_mut().get_or_insert(e);
            }
        }
    }

    fn canonical(&self, position: &Position) -> Position {
        self.ruleset.canonical(position)
    }
}
