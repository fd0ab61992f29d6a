//! The memoised engine: depth-first search with an explicit stack and a hash map of values.

use std::collections::{HashMap, HashSet};

use crate::{Error, Game, Result};

/// The default bound on the number of positions a [`MemoSolver`] stores (about 2–4 GiB for
/// small positions). Past it the solver returns [`Error::TooLarge`] instead of exhausting memory.
pub const DEFAULT_MEMO_LIMIT: usize = 50_000_000;

/// Computes SG values of any [`Game`] by search, remembering every value it finds.
///
/// The search keeps its own stack of frames (position, options, next option to visit), so its
/// depth is limited by memory, not by the call stack. Positions pass through
/// [`Game::canonical`] before they are looked up or stored.
pub struct MemoSolver<G: Game> {
    game: G,
    values: HashMap<G::Position, u64>,
    limit: usize,
}

struct Frame<P> {
    position: P,
    options: Vec<P>,
    next: usize,
}

impl<G: Game> MemoSolver<G> {
    /// A solver with the [`DEFAULT_MEMO_LIMIT`].
    pub fn new(game: G) -> Self {
        Self::with_limit(game, DEFAULT_MEMO_LIMIT)
    }

    /// A solver that stores at most `limit` positions.
    pub fn with_limit(game: G, limit: usize) -> Self {
        MemoSolver {
            game,
            values: HashMap::new(),
            limit,
        }
    }

    /// Changes the most positions stored (those already stored stay).
    pub fn set_limit(&mut self, limit: usize) {
        self.limit = limit;
    }

    /// The game being solved.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The number of positions whose value is stored.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether no value is stored yet.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The stored value of a position, if it has been computed.
    pub fn known(&self, position: &G::Position) -> Option<u64> {
        self.values.get(&self.game.canonical(position)).copied()
    }

    /// The SG value of `position`.
    ///
    /// Errors if more than the limit of positions would be stored, or if the game has a cycle
    /// through this position (it is then not a finite game).
    pub fn value(&mut self, position: &G::Position) -> Result<u64> {
        let root = self.game.canonical(position);
        if let Some(&v) = self.values.get(&root) {
            return Ok(v);
        }
        let mut on_stack: HashSet<G::Position> = HashSet::new();
        let mut stack = vec![self.frame(root.clone())];
        on_stack.insert(root.clone());
        while let Some(top) = stack.last_mut() {
            while top.next < top.options.len() && self.values.contains_key(&top.options[top.next]) {
                top.next += 1;
            }
            if top.next < top.options.len() {
                let child = top.options[top.next].clone();
                if !on_stack.insert(child.clone()) {
                    return Err(Error::Cycle(
                        "the game has a cycle: a position can be reached from itself".into(),
                    ));
                }
                if self.values.len() + stack.len() >= self.limit {
                    // A line of play that never ends (new positions forever) stops here too.
                    return Err(Error::TooLarge(format!(
                        "the search needs more than {} positions, stored or on the line of play being explored (does every play of the game end?); use a smaller position",
                        self.limit
                    )));
                }
                let frame = self.frame(child);
                stack.push(frame);
                continue;
            }
            let value = crate::solve::mex(top.options.iter().map(|o| self.values[o]));
            if self.values.len() >= self.limit {
                return Err(Error::TooLarge(format!(
                    "the search needs more than {} stored positions; use a smaller position",
                    self.limit
                )));
            }
            let frame = stack.pop().expect("the stack is not empty");
            on_stack.remove(&frame.position);
            self.values.insert(frame.position, value);
        }
        Ok(self.values[&root])
    }

    fn frame(&self, position: G::Position) -> Frame<G::Position> {
        let mut options = Vec::new();
        self.game.options(&position, &mut options);
        for option in options.iter_mut() {
            *option = self.game.canonical(option);
        }
        Frame {
            position,
            options,
            next: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One pile; a move takes 1 token: a chain as long as the pile.
    struct Chain;
    impl Game for Chain {
        type Position = u64;
        fn options(&self, n: &u64, out: &mut Vec<u64>) {
            if *n > 0 {
                out.push(n - 1);
            }
        }
    }

    #[test]
    fn a_chain_of_a_million_moves_does_not_overflow_the_stack() {
        let mut solver = MemoSolver::new(Chain);
        assert_eq!(solver.value(&1_000_000).unwrap(), 0);
        assert_eq!(solver.value(&999_999).unwrap(), 1);
        assert_eq!(solver.len(), 1_000_001);
    }

    #[test]
    fn the_limit_is_an_error_not_a_crash() {
        let mut solver = MemoSolver::with_limit(Chain, 100);
        assert!(matches!(solver.value(&1000), Err(Error::TooLarge(_))));
    }

    struct Loop;
    impl Game for Loop {
        type Position = u8;
        fn options(&self, p: &u8, out: &mut Vec<u8>) {
            out.push((p + 1) % 3);
        }
    }

    /// A move always leads to a new, larger position: no cycle, but no end either.
    struct Endless;
    impl Game for Endless {
        type Position = u64;
        fn options(&self, n: &u64, out: &mut Vec<u64>) {
            out.push(n + 1);
        }
    }

    #[test]
    fn a_play_that_never_ends_hits_the_limit() {
        let mut solver = MemoSolver::with_limit(Endless, 10_000);
        assert!(matches!(solver.value(&0), Err(Error::TooLarge(_))));
    }

    #[test]
    fn a_cycle_is_reported() {
        let mut solver = MemoSolver::new(Loop);
        assert!(solver.value(&0).is_err());
    }
}
