//! The evolution of any impartial game chosen at run time (Section 5.3 of *Nim Fractals*), its
//! remoteness, and conjunctive compounds decided from their components.
//!
//! Each function explores every position reachable from the given one (a finite game, so this
//! is the whole game below it) into a [`GameGraph`] and runs the engines of
//! [`crate::solve`] on it: [`remoteness`], [`generations`] (the layered algorithm of Lemma 22)
//! and [`conjunctive`] (Smith's rule: the compound's remoteness is the least of its
//! components'). Nothing here builds a compound game.

use serde::Serialize;

use crate::ruleset::{PositionJson, Ruleset};
use crate::solve::{self, GameGraph, Layer, Outcome};
use crate::Result;

/// The most memory an exploration may take for its positions (each stored twice, in the list
/// and in the index): 1 GiB.
pub const MAX_EXPLORED_BYTES: usize = 1 << 30;

/// Validates `start` and refuses at once an exploration the game's own bounds show is too
/// large; the position limit that applies (lower for long positions) when it is not.
pub fn check_explorable(ruleset: &dyn Ruleset, start: &[u64], limit: usize) -> Result<usize> {
    ruleset.validate(start)?;
    ruleset.check_whole_exploration(start)?;
    let per_position = 96 + 16 * start.len();
    let limit = limit.min(MAX_EXPLORED_BYTES / per_position);
    let at_least = ruleset.reachable_at_least(start);
    if at_least > limit as u128 {
        return Err(crate::Error::TooLarge(format!(
            "at least {at_least} positions are reachable from this position, more than the {limit} that are explored (for positions of {} coordinates); use a smaller position",
            start.len()
        )));
    }
    if let Some(at_most) = ruleset
        .reachable_at_most(start)
        .filter(|&n| n > limit as u128)
    {
        return Err(crate::Error::TooLarge(format!(
            "up to {at_most} positions may be reachable from this position (an upper bound from the game's rules), more than the {limit} that are explored; use a smaller position"
        )));
    }
    let moves = ruleset.moves_below_at_least(start);
    if moves > crate::solve::MAX_GRAPH_EDGES as u128 {
        return Err(crate::Error::TooLarge(format!(
            "at least {moves} moves lie below this position, more than the {} that are explored; use a smaller position",
            crate::solve::MAX_GRAPH_EDGES
        )));
    }
    Ok(limit)
}

/// Explores every position reachable from `start` (validated) through the ruleset's moves, at
/// most `limit` positions and fewer when positions are long (at most [`MAX_EXPLORED_BYTES`]).
/// A start from which the game itself knows more positions are reachable is refused at once.
pub fn explore(
    ruleset: &dyn Ruleset,
    start: &[u64],
    limit: usize,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<GameGraph<Vec<u64>>> {
    let limit = check_explorable(ruleset, start, limit)?;
    GameGraph::explore_with_progress(
        ruleset.explored_form(start),
        limit,
        |p| ruleset.explored_options(p),
        progress,
    )
}

/// A move with the remoteness of the position it reaches.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RemoteMove {
    /// The position after the move.
    pub to: PositionJson,
    /// Its remoteness.
    pub remoteness: u32,
    /// Whether it is a remote-optimal move (to remoteness one less: the quickest win or the
    /// slowest loss).
    pub best: bool,
    /// The move in words.
    pub description: String,
}

/// The remoteness of a position and of its options.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RemotenessReport {
    /// The game's canonical spec.
    pub game: String,
    /// The position asked about.
    pub position: PositionJson,
    /// Its remoteness.
    pub remoteness: u32,
    /// P when the remoteness is even.
    pub outcome: Outcome,
    /// How many positions were explored.
    pub positions: usize,
    /// Every move, with the remoteness it reaches.
    pub moves: Vec<RemoteMove>,
}

/// The remoteness of `position` (Smith): the number of moves left when the winner hurries and
/// the loser delays.
pub fn remoteness(
    ruleset: &dyn Ruleset,
    position: &[u64],
    limit: usize,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<RemotenessReport> {
    remoteness_under(
        ruleset,
        position,
        limit,
        progress,
        crate::game::Convention::Normal,
    )
}

/// [`remoteness`] under either play convention (see [`solve::remoteness_under`]).
pub fn remoteness_under(
    ruleset: &dyn Ruleset,
    position: &[u64],
    limit: usize,
    progress: &mut dyn FnMut(usize, usize),
    convention: crate::game::Convention,
) -> Result<RemotenessReport> {
    let graph = explore(ruleset, position, limit, progress)?;
    let r = solve::remoteness_under(&graph, convention)?;
    let mut moves = Vec::new();
    for m in ruleset.moves(position)? {
        let remote = r[graph
            .index_of(&ruleset.explored_form(&m.to))
            .expect("every option was explored")];
        moves.push(RemoteMove {
            best: remote + 1 == r[0],
            to: PositionJson::new(ruleset, m.to),
            remoteness: remote,
            description: m.description,
        });
    }
    Ok(RemotenessReport {
        game: ruleset.spec(),
        position: PositionJson::new(ruleset, position.to_vec()),
        remoteness: r[0],
        outcome: solve::outcome_of_remoteness_under(r[0], convention),
        positions: graph.len(),
        moves,
    })
}

/// A P-position with its generation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Born {
    /// The P-position.
    pub position: PositionJson,
    /// The step of the layered algorithm that finds it.
    pub generation: u32,
}

/// The generations of the P-positions below a position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GenerationsReport {
    /// The game's canonical spec.
    pub game: String,
    /// The start position.
    pub position: PositionJson,
    /// The start's generation when it is a P-position.
    pub generation: Option<u32>,
    /// The start's remoteness (twice its generation for a P-position).
    pub remoteness: u32,
    /// How many positions are reachable (the start included).
    pub positions: usize,
    /// How many of them are P-positions.
    pub p_positions: u64,
    /// `born[i]`: how many of them are born in generation `i`.
    pub born: Vec<u64>,
    /// Every reachable P-position, by generation, then position.
    pub cells: Vec<Born>,
}

/// The generation of every P-position reachable from `position`, by the layered algorithm of
/// Lemma 22.
pub fn generations(
    ruleset: &dyn Ruleset,
    position: &[u64],
    limit: usize,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<GenerationsReport> {
    let graph = explore(ruleset, position, limit, progress)?;
    let layers = solve::layered_generations(&graph)?;
    let r = solve::remoteness(&graph)?;
    let mut cells: Vec<Born> = layers
        .iter()
        .enumerate()
        .filter_map(|(i, layer)| {
            layer.generation().map(|generation| Born {
                position: PositionJson::new(ruleset, graph.position(i).clone()),
                generation,
            })
        })
        .collect();
    cells.sort_by(|a, b| (a.generation, &*a.position).cmp(&(b.generation, &*b.position)));
    let mut born = Vec::new();
    for c in &cells {
        let g = c.generation as usize;
        if born.len() <= g {
            born.resize(g + 1, 0);
        }
        born[g] += 1;
    }
    Ok(GenerationsReport {
        game: ruleset.spec(),
        position: PositionJson::new(ruleset, position.to_vec()),
        generation: layers[0].generation(),
        remoteness: r[0],
        positions: graph.len(),
        p_positions: cells.len() as u64,
        born,
        cells,
    })
}

/// One component of a conjunctive compound.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Component {
    /// The game's canonical spec.
    pub game: String,
    /// Its position.
    pub position: PositionJson,
    /// Its remoteness.
    pub remoteness: u32,
    /// Its outcome alone.
    pub outcome: Outcome,
    /// A remote-optimal move (to remoteness one less), if it has a move.
    pub best: Option<PositionJson>,
    /// How many positions were explored.
    pub positions: usize,
}

/// A conjunctive compound decided from its components.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ConjunctiveReport {
    /// The components.
    pub components: Vec<Component>,
    /// The compound's remoteness: the least of the components'.
    pub remoteness: u32,
    /// P when that remoteness is even.
    pub outcome: Outcome,
    /// The (first) component whose remoteness is the least: it decides the game.
    pub deciding: usize,
    /// A best move of the compound (every component to remoteness one less), unless the
    /// compound is over.
    pub best: Option<Vec<PositionJson>>,
}

/// Decides the conjunctive compound of `components` (a move moves every component; the
/// compound ends when one of them ends) by Smith's rule, from each component alone.
pub fn conjunctive(
    components: &[(&dyn Ruleset, Vec<u64>)],
    limit: usize,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<ConjunctiveReport> {
    if components.is_empty() {
        return Err(crate::Error::Invalid(
            "a conjunctive compound needs at least one component".into(),
        ));
    }
    // Every component is checked before any is explored: a bad last one fails at once.
    for (ruleset, position) in components {
        check_explorable(*ruleset, position, limit)?;
    }
    let mut parts = Vec::new();
    for (ruleset, position) in components {
        let graph = explore(*ruleset, position, limit, progress)?;
        let r = solve::remoteness(&graph)?;
        let best = graph
            .options(0)
            .iter()
            .find(|&&o| r[o as usize] + 1 == r[0])
            .map(|&o| PositionJson::new(*ruleset, graph.position(o as usize).clone()));
        parts.push(Component {
            game: ruleset.spec(),
            position: PositionJson::new(*ruleset, position.clone()),
            remoteness: r[0],
            outcome: solve::outcome_of_remoteness(r[0]),
            best,
            positions: graph.len(),
        });
    }
    let remotenesses: Vec<u32> = parts.iter().map(|c| c.remoteness).collect();
    let least = solve::conjunctive_remoteness(&remotenesses).expect("not empty");
    let deciding = remotenesses
        .iter()
        .position(|&r| r == least)
        .expect("the least is one of them");
    let best = parts.iter().map(|c| c.best.clone()).collect();
    Ok(ConjunctiveReport {
        components: parts,
        remoteness: least,
        outcome: solve::outcome_of_remoteness(least),
        deciding,
        best,
    })
}

/// The layered generations, remoteness and P-flags of a graph (shared by the claims).
pub(crate) fn layers_and_remoteness(graph: &GameGraph<Vec<u64>>) -> Result<(Vec<Layer>, Vec<u32>)> {
    Ok((
        solve::layered_generations(graph)?,
        solve::remoteness(graph)?,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::parse_game;

    #[test]
    fn remoteness_of_a_subtraction_position() {
        // S = {1, 2}: 7 = 3*2 + 1 wins by taking 1 to 6, which loses in 4 moves.
        let game = parse_game("subtraction:s=1,2").unwrap();
        let report = remoteness(game.as_ref(), &[7], 1000, &mut |_, _| {}).unwrap();
        assert_eq!((report.remoteness, report.outcome), (5, Outcome::N));
        let best: Vec<&Vec<u64>> = report
            .moves
            .iter()
            .filter(|m| m.best)
            .map(|m| &*m.to)
            .collect();
        assert_eq!(best, vec![&vec![6]]);
        assert_eq!(report.positions, 8);
    }

    #[test]
    fn generations_of_nim_below_a_position() {
        let nim = parse_game("nim").unwrap();
        let report = generations(nim.as_ref(), &[3, 5, 6], 1 << 20, &mut |_, _| {}).unwrap();
        // (3,5,6) has total 14: generation 7; below it, generations 0..=7.
        assert_eq!(report.generation, Some(7));
        assert_eq!(report.remoteness, 14);
        assert_eq!(report.positions, 4 * 6 * 7);
        for c in &report.cells {
            assert_eq!(u64::from(c.generation) * 2, c.position.iter().sum::<u64>());
        }
        // Generations 0..=3 are complete below (3,5,6) (piles <= 3 suffice): 1, 3, 3, 9.
        assert_eq!(&report.born[..4], &[1, 3, 3, 9]);
    }

    #[test]
    fn conjunctive_from_components() {
        let s12 = parse_game("subtraction:s=1,2").unwrap();
        let nim = parse_game("nim").unwrap();
        // Remoteness: subtraction 6 -> 4 (P), nim (1,1) -> 2 (P), subtraction 4 -> 3 (N).
        let report = conjunctive(
            &[
                (s12.as_ref(), vec![6]),
                (nim.as_ref(), vec![1, 1]),
                (s12.as_ref(), vec![4]),
            ],
            1000,
            &mut |_, _| {},
        )
        .unwrap();
        assert_eq!(report.remoteness, 2);
        assert_eq!(report.outcome, Outcome::P);
        assert_eq!(report.deciding, 1);
        assert_eq!(report.components[2].remoteness, 3);
        assert!(conjunctive(&[], 10, &mut |_, _| {}).is_err());
    }
}
