//! Graph Nim (Ho, Section 7): Sharing Nim along the arcs of a directed graph.
//!
//! `graph-nim:edges=0>1,1>2,2-0` has vertices `0, 1, 2` (numbered from 0) and arcs `0 -> 1`,
//! `1 -> 2`, `2 -> 0` and `0 -> 2`: `a>b` is one arc, `a-b` both. Tokens move only along arcs:
//! `k` from vertex `i` to vertex `j` when `i -> j` is an arc and `p_j + k <= p_i - k`. The number
//! of vertices is one more than the largest vertex named, or `n=N` to add isolated vertices.
//!
//! Lemma 1 holds on every graph (see the parent module), so the canonical form subtracts the
//! smallest pile; no graph automorphism is used.

use super::{check_search_size, count_moves, options_along, Reduction, MAX_LISTED_MOVES};
use crate::number::parse_u64;
use crate::ruleset::{Arity, Evaluation, Move, Ruleset, Solver};
use crate::solve::SearchSolver;
use crate::{Error, Game, Result};

/// The most vertices a graph may have.
pub const MAX_VERTICES: u64 = 64;

/// Graph Nim on a fixed directed graph.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GraphNim {
    vertices: usize,
    /// The arcs `(from, to)`, sorted, without repetitions.
    arcs: Vec<(usize, usize)>,
    /// The canonical form used by the [`Game`] view (`Sort` is treated as `None`: the vertices
    /// are not interchangeable).
    pub reduction: Reduction,
}

impl GraphNim {
    /// The game on `vertices` vertices with the given arcs. Errors on an empty arc list, a
    /// self-loop, or a vertex `>= vertices`.
    pub fn new(vertices: usize, arcs: &[(usize, usize)]) -> Result<Self> {
        if arcs.is_empty() {
            return Err(Error::Spec("graph-nim needs at least one edge".into()));
        }
        if vertices as u64 > MAX_VERTICES {
            return Err(Error::Spec(format!(
                "a graph may have at most {MAX_VERTICES} vertices, got {vertices}"
            )));
        }
        for &(i, j) in arcs {
            if i == j {
                return Err(Error::Spec(format!(
                    "the edge {i}>{i} is a self-loop (tokens must move to another vertex)"
                )));
            }
            if i.max(j) >= vertices {
                return Err(Error::Spec(format!(
                    "vertex {} in the edge {i}>{j} is out of range: the graph has {vertices} vertices, 0..{}",
                    i.max(j),
                    vertices - 1
                )));
            }
        }
        let mut arcs = arcs.to_vec();
        arcs.sort_unstable();
        arcs.dedup();
        Ok(GraphNim {
            vertices,
            arcs,
            reduction: Reduction::SortAndShift,
        })
    }

    /// Parses `0>1,1>2,2-0` (and the optional vertex count `n`) into a graph.
    pub fn parse(edges: &str, vertices: Option<u64>) -> Result<Self> {
        if edges.trim().is_empty() {
            return Err(Error::Spec(
                "the edge list is empty: graph-nim needs at least one edge, e.g. edges=0>1".into(),
            ));
        }
        let mut arcs = Vec::new();
        let mut largest = 0u64;
        for item in edges.split(',').map(str::trim) {
            if item.is_empty() {
                return Err(Error::Spec(format!(
                    "'{edges}' has an empty edge (edges look like 0>1,1-2)"
                )));
            }
            let (a, b, both) = if let Some((a, b)) = item.split_once('>') {
                (a, b, false)
            } else if let Some((a, b)) = item.split_once('-') {
                (a, b, true)
            } else {
                return Err(Error::Spec(format!(
                    "the edge '{item}' is neither a>b (one way) nor a-b (both ways)"
                )));
            };
            let vertex = |t: &str| {
                parse_u64(t.trim())
                    .map_err(|e| Error::Spec(format!("the edge '{item}': {e}")))
                    .and_then(|v| {
                        if v >= MAX_VERTICES {
                            Err(Error::Spec(format!(
                                "vertex {v} in the edge '{item}' is out of range: vertices are numbered 0..{}",
                                MAX_VERTICES - 1
                            )))
                        } else {
                            Ok(v)
                        }
                    })
            };
            let (a, b) = (vertex(a)?, vertex(b)?);
            largest = largest.max(a).max(b);
            arcs.push((a as usize, b as usize));
            if both {
                arcs.push((b as usize, a as usize));
            }
        }
        let n = vertices.unwrap_or(largest + 1);
        if n > MAX_VERTICES {
            return Err(Error::Spec(format!(
                "a graph may have at most {MAX_VERTICES} vertices, got n={n}"
            )));
        }
        Self::new(n as usize, &arcs)
    }

    /// The number of vertices.
    pub fn vertices(&self) -> usize {
        self.vertices
    }

    /// The arcs, sorted.
    pub fn arcs(&self) -> &[(usize, usize)] {
        &self.arcs
    }

    /// The same graph with every arc reversed (the complement symmetry maps `D` to it).
    pub fn reversed(&self) -> GraphNim {
        let arcs: Vec<(usize, usize)> = self.arcs.iter().map(|&(i, j)| (j, i)).collect();
        let mut g = GraphNim::new(self.vertices, &arcs).expect("reversing keeps the graph valid");
        g.reduction = self.reduction;
        g
    }

    /// Whether every arc goes both ways.
    pub fn is_symmetric(&self) -> bool {
        self.arcs
            .iter()
            .all(|&(i, j)| self.arcs.binary_search(&(j, i)).is_ok())
    }

    /// The edges as written in a spec: `a-b` for both ways (a < b), `a>b` otherwise.
    pub fn edges_text(&self) -> String {
        let mut items = Vec::new();
        for &(i, j) in &self.arcs {
            let back = self.arcs.binary_search(&(j, i)).is_ok();
            if !back {
                items.push(format!("{i}>{j}"));
            } else if i < j {
                items.push(format!("{i}-{j}"));
            }
        }
        items.join(",")
    }

    fn arc_iter(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.arcs.iter().copied()
    }
}

impl Game for GraphNim {
    type Position = Vec<u64>;

    fn options(&self, piles: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        options_along(piles, self.arc_iter(), out);
    }

    fn canonical(&self, piles: &Vec<u64>) -> Vec<u64> {
        let mut c = piles.clone();
        if self.reduction == Reduction::SortAndShift {
            super::shift(&mut c);
        }
        c
    }
}

impl Ruleset for GraphNim {
    fn spec(&self) -> String {
        let largest = self.arcs.iter().map(|&(i, j)| i.max(j)).max().unwrap_or(0);
        if self.vertices > largest + 1 {
            format!("graph-nim:edges={}:n={}", self.edges_text(), self.vertices)
        } else {
            format!("graph-nim:edges={}", self.edges_text())
        }
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
        Arity::Exactly(self.vertices)
    }

    fn position_hint(&self) -> String {
        format!(
            "one pile size per vertex 0..{}, like {}",
            self.vertices - 1,
            vec!["3"; self.vertices].join(",")
        )
    }

    fn coordinate_name(&self, index: usize, _count: usize) -> String {
        format!("pile at vertex {index}")
    }

    fn options(&self, piles: &[u64]) -> Result<Vec<Vec<u64>>> {
        let mut out = Vec::new();
        super::options_along(piles, self.arc_iter(), &mut out);
        Ok(out)
    }

    fn reachable_at_most(&self, piles: &[u64]) -> Option<u128> {
        Some(super::reachable_bound(piles))
    }

    fn check_size(&self, piles: &[u64]) -> Result<()> {
        check_search_size(piles, false)
    }

    fn moves(&self, piles: &[u64]) -> Result<Vec<Move>> {
        let count = count_moves(piles, self.arc_iter());
        if count > MAX_LISTED_MOVES {
            return Err(Error::TooLarge(format!(
                "this position has {count} moves, more than the {MAX_LISTED_MOVES} that are listed"
            )));
        }
        crate::ruleset::check_listing(count, piles.len())?;
        let mut moves = Vec::new();
        for (i, j) in self.arc_iter() {
            if piles[i] > piles[j] {
                for k in 1..=(piles[i] - piles[j]) / 2 {
                    let mut to = piles.to_vec();
                    to[i] -= k;
                    to[j] += k;
                    moves.push(Move {
                        to,
                        description: format!("move {k} from vertex {i} to vertex {j}"),
                    });
                }
            }
        }
        Ok(moves)
    }

    fn canonical(&self, piles: &[u64]) -> Vec<u64> {
        let mut c = piles.to_vec();
        super::shift(&mut c);
        c
    }

    fn solver(&self) -> Option<Box<dyn Solver + '_>> {
        Some(Box::new(GraphSolver {
            search: SearchSolver::new(self),
        }))
    }
}

/// The memoised search, refused up front for positions that could reach too many positions.
struct GraphSolver<'a> {
    search: SearchSolver<'a>,
}

impl Solver for GraphSolver<'_> {
    fn value(&mut self, piles: &[u64]) -> Result<u64> {
        check_search_size(piles, false)?;
        self.search.value(piles)
    }

    fn evaluate(&mut self, piles: &[u64]) -> Result<Evaluation> {
        Ok(Evaluation {
            value: self.value(piles)?,
            method: "memoised search (smallest pile subtracted: Lemma 1 holds on every graph)"
                .into(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sharing_nim::SharingNim;
    use crate::solve::MemoSolver;

    #[test]
    fn parses_and_prints_edges() {
        let g = GraphNim::parse("0>1, 1>2, 2-0", None).unwrap();
        assert_eq!(g.vertices(), 3);
        assert_eq!(g.arcs(), &[(0, 1), (0, 2), (1, 2), (2, 0)]);
        assert_eq!(g.spec(), "graph-nim:edges=0>1,0-2,1>2");
        assert_eq!(
            GraphNim::parse("0-1", Some(3)).unwrap().spec(),
            "graph-nim:edges=0-1:n=3"
        );
        assert!(!g.is_symmetric());
        assert_eq!(g.reversed().arcs(), &[(0, 2), (1, 0), (2, 0), (2, 1)]);
    }

    #[test]
    fn malformed_graphs_are_errors() {
        let err = |e: &str, n: Option<u64>| GraphNim::parse(e, n).unwrap_err().to_string();
        assert!(err("", None).contains("edge list is empty"));
        assert!(err("0>1,,1>2", None).contains("empty edge"));
        assert!(err("1>1", None).contains("self-loop"));
        assert!(err("0>5", Some(3)).contains("out of range"));
        assert!(err("0>64", None).contains("out of range"));
        assert!(err("0=1", None).contains("neither"));
        assert!(err("0>x", None).contains("0>x"));
        assert!(GraphNim::new(2, &[]).is_err());
    }

    #[test]
    fn the_complete_graph_is_sharing_nim() {
        let k4 = GraphNim::parse("0-1,0-2,0-3,1-2,1-3,2-3", None).unwrap();
        let mut on_graph = MemoSolver::new(k4);
        let mut sharing = MemoSolver::new(SharingNim::default());
        for p in [[0, 1, 2, 7], [3, 3, 0, 8], [1, 6, 2, 5]] {
            assert_eq!(
                on_graph.value(&p.to_vec()).unwrap(),
                sharing.value(&p.to_vec()).unwrap()
            );
        }
    }

    #[test]
    fn one_arc_by_hand() {
        // Only 0 -> 1: from (x, y), x > y, the moves reach differences x - y - 2k >= 0, a Nim
        // heap of floor((x - y) / 2); nothing moves when x <= y.
        let g = GraphNim::parse("0>1", None).unwrap();
        let mut solver = g.solver().unwrap();
        assert_eq!(solver.value(&[4, 0]).unwrap(), 2);
        assert_eq!(solver.value(&[0, 4]).unwrap(), 0);
        assert_eq!(solver.value(&[9, 2]).unwrap(), 3);
    }
}
