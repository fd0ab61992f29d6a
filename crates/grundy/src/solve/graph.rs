//! An explicit finite game graph: every position reachable from a start, numbered, with the
//! options of each position stored as numbers. Engines that need the whole graph at once
//! (remoteness, the layered generations of Lemma 22 in *Nim Fractals*) run on it.

use std::collections::HashMap;
use std::hash::Hash;

use crate::{Error, Game, Result};

/// The default bound on the number of positions a [`GameGraph`] explores.
pub const DEFAULT_GRAPH_LIMIT: usize = 5_000_000;

/// The most moves (edges) a [`GameGraph`] stores (4 bytes each).
pub const MAX_GRAPH_EDGES: usize = 50_000_000;

/// Every position reachable from a start, in breadth-first order (the start is number 0).
#[derive(Debug, Clone)]
pub struct GameGraph<P> {
    positions: Vec<P>,
    index: HashMap<P, u32>,
    /// The options of position `i` are `targets[offsets[i]..offsets[i + 1]]`.
    offsets: Vec<usize>,
    targets: Vec<u32>,
}

impl GameGraph<usize> {
    /// The graph on positions `0..out.len()` whose position `u` has the options `out[u]` (each
    /// below `out.len()`); for graphs given whole, such as a digraph read from a file.
    pub fn from_adjacency(out: &[Vec<usize>]) -> Self {
        let mut offsets = Vec::with_capacity(out.len() + 1);
        offsets.push(0);
        let mut targets = Vec::new();
        for options in out {
            targets.extend(options.iter().map(|&v| v as u32));
            offsets.push(targets.len());
        }
        GameGraph {
            positions: (0..out.len()).collect(),
            index: (0..out.len()).map(|u| (u, u as u32)).collect(),
            offsets,
            targets,
        }
    }
}

impl<P: Clone + Eq + Hash> GameGraph<P> {
    /// Explores from `start`, asking `options` for the options of each position; errors past
    /// `limit` positions or when `options` does.
    pub fn explore(
        start: P,
        limit: usize,
        options: impl FnMut(&P) -> Result<Vec<P>>,
    ) -> Result<Self> {
        Self::explore_with_progress(start, limit, options, &mut |_, _| {})
    }

    /// [`GameGraph::explore`], telling `progress(positions, moves)` how far it has got from
    /// time to time.
    pub fn explore_with_progress(
        start: P,
        limit: usize,
        mut options: impl FnMut(&P) -> Result<Vec<P>>,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<Self> {
        let limit = limit.min(u32::MAX as usize);
        let mut graph = GameGraph {
            positions: vec![start.clone()],
            index: HashMap::from([(start, 0)]),
            offsets: vec![0],
            targets: Vec::new(),
        };
        let mut next = 0;
        while next < graph.positions.len() {
            for option in options(&graph.positions[next])? {
                let id = match graph.index.get(&option) {
                    Some(&id) => id,
                    None => {
                        if graph.positions.len() >= limit {
                            return Err(Error::TooLarge(format!(
                                "more than {limit} positions are reachable; use a smaller position"
                            )));
                        }
                        let id = graph.positions.len() as u32;
                        graph.index.insert(option.clone(), id);
                        graph.positions.push(option);
                        id
                    }
                };
                if graph.targets.len() >= MAX_GRAPH_EDGES {
                    return Err(Error::TooLarge(format!(
                        "more than {MAX_GRAPH_EDGES} moves between reachable positions; use a smaller position"
                    )));
                }
                graph.targets.push(id);
            }
            graph.offsets.push(graph.targets.len());
            next += 1;
            if next % 16_384 == 0 {
                progress(graph.positions.len(), graph.targets.len());
            }
        }
        Ok(graph)
    }

    /// Explores a typed [`Game`] (positions as the game gives them, without canonicalising: a
    /// canonical form preserves SG values but need not preserve the length of play).
    pub fn from_game<G: Game<Position = P>>(game: &G, start: P, limit: usize) -> Result<Self> {
        Self::explore(start, limit, |p| {
            let mut out = Vec::new();
            game.options(p, &mut out);
            Ok(out)
        })
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether the graph is empty (never: it holds at least its start).
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// Position number `i`.
    pub fn position(&self, i: usize) -> &P {
        &self.positions[i]
    }

    /// All positions, by number.
    pub fn positions(&self) -> &[P] {
        &self.positions
    }

    /// The number of a position, if it was reached.
    pub fn index_of(&self, position: &P) -> Option<usize> {
        self.index.get(position).map(|&i| i as usize)
    }

    /// The options of position `i`, as numbers.
    pub fn options(&self, i: usize) -> &[u32] {
        &self.targets[self.offsets[i]..self.offsets[i + 1]]
    }

    /// The number of edges (moves).
    pub fn edges(&self) -> usize {
        self.targets.len()
    }

    /// For each position, the positions that have it as an option, in the same compact form:
    /// `(offsets, sources)`.
    pub fn predecessors(&self) -> (Vec<usize>, Vec<u32>) {
        let mut count = vec![0usize; self.len() + 1];
        for &t in &self.targets {
            count[t as usize + 1] += 1;
        }
        for i in 0..self.len() {
            count[i + 1] += count[i];
        }
        let offsets = count.clone();
        let mut fill = count;
        let mut sources = vec![0u32; self.targets.len()];
        for i in 0..self.len() {
            for &t in self.options(i) {
                sources[fill[t as usize]] = i as u32;
                fill[t as usize] += 1;
            }
        }
        (offsets, sources)
    }

    /// The positions ordered so that every position comes after all of its options (terminal
    /// positions first). Errors if the graph has a cycle.
    pub fn order(&self) -> Result<Vec<u32>> {
        let (offsets, sources) = self.predecessors();
        let mut remaining: Vec<usize> = (0..self.len()).map(|i| self.options(i).len()).collect();
        let mut order: Vec<u32> = (0..self.len() as u32)
            .filter(|&i| remaining[i as usize] == 0)
            .collect();
        let mut next = 0;
        while next < order.len() {
            let v = order[next] as usize;
            next += 1;
            for &u in &sources[offsets[v]..offsets[v + 1]] {
                remaining[u as usize] -= 1;
                if remaining[u as usize] == 0 {
                    order.push(u);
                }
            }
        }
        if order.len() < self.len() {
            return Err(Error::Cycle(
                "the game has a cycle: a position can be reached from itself".into(),
            ));
        }
        Ok(order)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn explores_breadth_first_and_orders_options_first() {
        // One pile, take 1 or 2.
        let graph = GameGraph::explore(5u64, 100, |&n| {
            Ok([1, 2].iter().filter(|&&s| s <= n).map(|s| n - s).collect())
        })
        .unwrap();
        assert_eq!(graph.len(), 6);
        assert_eq!(graph.positions(), &[5, 4, 3, 2, 1, 0]);
        assert_eq!(graph.options(0), &[1, 2]);
        assert_eq!(graph.edges(), 9);
        let order = graph.order().unwrap();
        let rank: Vec<usize> = (0..6)
            .map(|i| order.iter().position(|&o| o as usize == i).unwrap())
            .collect();
        for i in 0..6 {
            for &o in graph.options(i) {
                assert!(rank[o as usize] < rank[i]);
            }
        }
        assert!(
            GameGraph::explore(5u64, 3, |&n| Ok(if n > 0 { vec![n - 1] } else { vec![] })).is_err()
        );
        let cycle = GameGraph::explore(0u8, 10, |&p| Ok(vec![(p + 1) % 3])).unwrap();
        assert!(cycle.order().is_err());
    }
}
