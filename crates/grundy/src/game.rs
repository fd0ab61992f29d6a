//! The game model.
//!
//! An impartial game is a set of positions with, for each position, its options (the positions
//! one move reaches); both players have the same options. Under normal play the player who cannot
//! move loses. The Sprague–Grundy value is `SG(p) = mex { SG(q) : q an option of p }` (the least
//! natural number not among the options' values), and `p` is a P-position (a loss for the player
//! to move) exactly when `SG(p) = 0`. Every game here is assumed finite and acyclic; the engines
//! detect a cycle and report it instead of looping.

use std::hash::Hash;

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
