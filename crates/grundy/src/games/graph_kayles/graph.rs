//! Undirected graphs of at most 128 vertices as bit sets: the named families of the specs
//! (`path:N`, `cycle:N`, `grid:RxC`, `complete:N`, `petersen`) and graphs read from a file.
//!
//! A set of vertices is a `u128` (bit `v` for vertex `v`). Where the graph has an obvious
//! symmetry, [`Graph::canonical`] moves a connected set to a standard place (a piece of a path
//! to its start, a piece of a grid to its top-left corner), so that the board search stores
//! equal pieces once.

use crate::{Error, Result};

/// The most vertices a graph may have: one bit each in a `u128`.
pub const MAX_VERTICES: usize = 128;

/// Which family a graph comes from: what [`Graph::canonical`] may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// Vertices `0..n` in a row.
    Path,
    /// A path closed into a cycle (`n >= 3`).
    Cycle,
    /// `rows x cols`, vertex `r * cols + c`.
    Grid { rows: u32, cols: u32 },
    /// Every pair joined.
    Complete,
    /// No symmetry used.
    Other,
}

/// An undirected graph without loops.
#[derive(Debug, Clone)]
pub struct Graph {
    /// Neighbours of each vertex.
    pub adjacent: Vec<u128>,
    /// The vertices' names (numbers for the named families).
    pub names: Vec<String>,
    /// How the graph was made.
    pub shape: Shape,
    /// Grid only: the vertices of each column.
    columns: Vec<u128>,
}

impl Graph {
    pub(crate) fn with_edges(
        n: usize,
        edges: impl IntoIterator<Item = (usize, usize)>,
        shape: Shape,
    ) -> Result<Self> {
        if n > MAX_VERTICES {
            return Err(Error::TooLarge(format!(
                "a graph has at most {MAX_VERTICES} vertices in the board search (one bit each); this one has {n}"
            )));
        }
        let mut adjacent = vec![0u128; n];
        for (u, v) in edges {
            if u != v {
                adjacent[u] |= 1 << v;
                adjacent[v] |= 1 << u;
            }
        }
        let columns = match shape {
            Shape::Grid { rows, cols } => (0..cols)
                .map(|c| (0..rows).fold(0u128, |m, r| m | 1 << (r * cols + c)))
                .collect(),
            _ => Vec::new(),
        };
        Ok(Graph {
            adjacent,
            names: (0..n).map(|v| v.to_string()).collect(),
            shape,
            columns,
        })
    }

    /// Parses `path:N`, `cycle:N`, `grid:RxC`, `complete:N`, `petersen` or `file=FILE` (the
    /// digraph file format, one edge `u v` a line, `#` comments, read as undirected).
    pub fn parse(text: &str) -> Result<Self> {
        let bad = |why: &str| {
            Error::Spec(format!("graph '{text}': {why} (graphs: path:N, cycle:N, grid:RxC, complete:N, petersen, file=FILE)"))
        };
        let (kind, arg) = text.split_once([':', '=']).unwrap_or((text, ""));
        let number = |s: &str| {
            crate::number::parse_u64(s)
                .ok()
                .filter(|&n| n <= MAX_VERTICES as u64)
                .map(|n| n as usize)
                .ok_or_else(|| {
                    Error::TooLarge(format!(
                        "graph '{text}': a graph has at most {MAX_VERTICES} vertices in the board search (one bit each)"
                    ))
                })
        };
        match kind.trim() {
            "path" => {
                let n = number(arg)?;
                Graph::with_edges(n, (1..n).map(|v| (v - 1, v)), Shape::Path)
            }
            "cycle" => {
                let n = number(arg)?;
                if n < 3 {
                    return Err(bad("a cycle has at least 3 vertices"));
                }
                Graph::with_edges(n, (0..n).map(|v| (v, (v + 1) % n)), Shape::Cycle)
            }
            "complete" => {
                let n = number(arg)?;
                Graph::with_edges(
                    n,
                    (0..n).flat_map(|u| (u + 1..n).map(move |v| (u, v))),
                    Shape::Complete,
                )
            }
            "grid" => {
                let (r, c) =
                    crate::games::board::parse_size(arg).map_err(|_| bad("a grid is grid:RxC"))?;
                let n = u64::from(r) * u64::from(c);
                if n > MAX_VERTICES as u64 {
                    return Err(Error::TooLarge(format!(
                        "graph '{text}' has {n} vertices; a graph has at most {MAX_VERTICES} in the board search (one bit each)"
                    )));
                }
                let (r, c) = (r as usize, c as usize);
                let edges = (0..r * c).flat_map(move |v| {
                    let right = (v % c + 1 < c).then_some((v, v + 1));
                    let down = (v + c < r * c).then_some((v, v + c));
                    right.into_iter().chain(down)
                });
                Graph::with_edges(
                    r * c,
                    edges,
                    Shape::Grid {
                        rows: r as u32,
                        cols: c as u32,
                    },
                )
            }
            "petersen" if arg.is_empty() => {
                // Outer 5-cycle 0..5, spokes v -> v + 5, inner pentagram 5..10.
                let edges =
                    (0..5).flat_map(|v| [(v, (v + 1) % 5), (v, v + 5), (v + 5, (v + 2) % 5 + 5)]);
                Graph::with_edges(10, edges, Shape::Other)
            }
            "file" => Graph::read(arg),
            _ => Err(bad("unknown graph")),
        }
    }

    /// Reads a graph file: one edge `u v` a line (names of any kind), `#` starts a comment.
    fn read(path: &str) -> Result<Self> {
        let mut names: Vec<String> = Vec::new();
        let mut edges = Vec::new();
        let index = |name: &str, names: &mut Vec<String>| match names.iter().position(|n| n == name)
        {
            Some(i) => i,
            None => {
                names.push(name.to_string());
                names.len() - 1
            }
        };
        for (u, v) in crate::files::read_edge_list(path, "graph file")? {
            let (u, v) = (index(&u, &mut names), index(&v, &mut names));
            if names.len() > MAX_VERTICES {
                return Err(Error::TooLarge(format!(
                    "graph file {path} has more than {MAX_VERTICES} vertices, the most the board search takes (one bit each)"
                )));
            }
            edges.push((u, v));
        }
        let mut graph = Graph::with_edges(names.len(), edges, Shape::Other)?;
        graph.names = names;
        Ok(graph)
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.adjacent.len()
    }

    /// Whether the graph has no vertex.
    pub fn is_empty(&self) -> bool {
        self.adjacent.is_empty()
    }

    /// Every vertex.
    pub fn all(&self) -> u128 {
        if self.len() == 128 {
            u128::MAX
        } else {
            (1u128 << self.len()) - 1
        }
    }

    /// Splits `set` into connected pieces and hands each to `f`.
    pub fn pieces(&self, mut set: u128, mut f: impl FnMut(u128)) {
        while set != 0 {
            let mut piece = set & set.wrapping_neg();
            let mut frontier = piece;
            while frontier != 0 {
                let mut reached = 0u128;
                crate::games::board::for_each_bit(frontier, |v| {
                    reached |= self.adjacent[v as usize]
                });
                frontier = reached & set & !piece;
                piece |= frontier;
            }
            set &= !piece;
            f(piece);
        }
    }

    /// A connected set moved to a standard place by a symmetry of the graph (the same set when
    /// none is used): equal results are isomorphic pieces.
    pub fn canonical(&self, piece: u128) -> u128 {
        let size = piece.count_ones();
        match self.shape {
            Shape::Path => piece >> piece.trailing_zeros(),
            Shape::Cycle | Shape::Complete if (size as usize) < self.len() => (1u128 << size) - 1,
            Shape::Grid { cols, .. } => {
                let row = piece.trailing_zeros() / cols;
                let col = self
                    .columns
                    .iter()
                    .position(|c| c & piece != 0)
                    .unwrap_or(0) as u32;
                piece >> (row * cols + col)
            }
            _ => piece,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_named_graphs_have_their_edges() {
        let degrees =
            |g: &Graph| -> Vec<u32> { g.adjacent.iter().map(|a| a.count_ones()).collect() };
        assert_eq!(degrees(&Graph::parse("path:4").unwrap()), vec![1, 2, 2, 1]);
        assert_eq!(degrees(&Graph::parse("cycle:5").unwrap()), vec![2; 5]);
        assert_eq!(degrees(&Graph::parse("complete:4").unwrap()), vec![3; 4]);
        assert_eq!(degrees(&Graph::parse("petersen").unwrap()), vec![3; 10]);
        assert_eq!(
            degrees(&Graph::parse("grid:2x3").unwrap()),
            vec![2, 3, 2, 2, 3, 2]
        );
        // The Petersen graph has girth 5: no two adjacent vertices share a neighbour.
        let p = Graph::parse("petersen").unwrap();
        for u in 0..10 {
            for v in 0..10 {
                if p.adjacent[u] >> v & 1 == 1 {
                    assert_eq!(p.adjacent[u] & p.adjacent[v], 0);
                }
            }
        }
        for bad in ["cycle:2", "path:129", "grid:3", "star:4", "petersen:3"] {
            assert!(Graph::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn canonical_pieces_induce_the_same_graph() {
        let grid = Graph::parse("grid:4x5").unwrap();
        // Cells (1,2),(2,2),(2,3) moved to (0,0),(1,0),(1,1).
        let piece = 1u128 << 7 | 1 << 12 | 1 << 13;
        assert_eq!(grid.canonical(piece), 1 | 1 << 5 | 1 << 6);
        let cycle = Graph::parse("cycle:6").unwrap();
        // The path 4-5-0 of the cycle is the path 0-1-2.
        assert_eq!(cycle.canonical(1 << 4 | 1 << 5 | 1), 0b111);
        assert_eq!(cycle.canonical(0b111111), 0b111111);
    }
}
