//! The game model.
//!
//! An impartial game is a set of positions with, for each position, its options (the positions
//! one move reaches); both players have the same options. Under normal play the player who cannot
//! move loses. The Sprague–Grundy value is `SG(p) = mex { SG(q) : q an option of p }` (the least
//! natural number not among the options' values), and `p` is a P-position (a loss for the player
//! to move) exactly when `SG(p) = 0`. The engines of this trait take a game to be finite and
//! acyclic, and report a cycle when they meet one instead of looping; games with cycles (and
//! draws) are valued by the loopy analysis, [`crate::solve::loopy`].
//!
//! The words every layer above shares live here too: a position's [`Outcome`] (P, N, or D in a
//! game with cycles) and the play [`Convention`] (normal or misère) the engines take.

use std::hash::Hash;

use serde::Serialize;

/// An impartial game: positions and their options.
pub trait Game {
    /// A position. Engines hash positions, so equal positions must hash equally.
    type Position: Clone + Eq + Hash;

    /// Appends every option of `position` to `out` (which the caller has cleared).
    fn options(&self, position: &Self::Position, out: &mut Vec<Self::Position>);

    /// A representative of the positions with the same value as `position` (for example piles
    /// sorted). The default is the identity; any override must preserve the SG value.
    fn canonical(&self, position: &Self::Position) -> Self::Position {
        position.clone()
    }
}

/// The disjunctive sum `G_1 + ... + G_k` of games of one type: a move is a move in exactly one
/// component. Its SG value is the nim-sum (XOR) of the components' values (Sprague–Grundy
/// theorem); [`crate::solve::sum_winning_moves`] uses that to find winning moves.
#[derive(Debug, Clone)]
pub struct Sum<G> {
    /// The component games, in order; a position has one component position for each.
    pub components: Vec<G>,
}

impl<G: Game> Game for Sum<G> {
    type Position = Vec<G::Position>;

    fn options(&self, position: &Self::Position, out: &mut Vec<Self::Position>) {
        let mut buffer = Vec::new();
        for (i, (game, part)) in self.components.iter().zip(position).enumerate() {
            buffer.clear();
            game.options(part, &mut buffer);
            for option in buffer.drain(..) {
                let mut next = position.clone();
                next[i] = option;
                out.push(next);
            }
        }
    }

    fn canonical(&self, position: &Self::Position) -> Self::Position {
        self.components
            .iter()
            .zip(position)
            .map(|(game, part)| game.canonical(part))
            .collect()
    }
}

/// The outcome class of a position under normal play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Outcome {
    /// The previous player (who just moved) wins: SG value 0.
    P,
    /// The next player (to move) wins: SG value > 0.
    N,
    /// Neither player can force a win: with best play the game goes on for ever (only in games
    /// with cycles, [`crate::solve::loopy`]).
    D,
}

impl Outcome {
    /// The outcome of a position with SG value `value`.
    pub fn of(value: u64) -> Self {
        if value == 0 {
            Outcome::P
        } else {
            Outcome::N
        }
    }
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Outcome::P => "P",
            Outcome::N => "N",
            Outcome::D => "D",
        })
    }
}

/// Who wins when no move is left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Convention {
    /// The player who cannot move loses (the last player to move wins).
    #[default]
    Normal,
    /// The player who cannot move wins (the last player to move loses).
    Misere,
}

impl Convention {
    /// "normal play" or "misère play".
    pub fn name(self) -> &'static str {
        match self {
            Convention::Normal => "normal play",
            Convention::Misere => "misère play",
        }
    }
}
