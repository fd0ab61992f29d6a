//! Green Hackenbush (Winning Ways ch. 7): a graph whose edges hang from the ground; a move cuts
//! one edge, and every edge no longer joined to the ground by a path falls. Who cannot move
//! loses. Repeated edges and loops are allowed.
//!
//! A position is the set of edges left (numbered from 0 in the order they were given). Its value
//! comes from two theorems of Winning Ways ch. 7, computed in time linear in the edges
//! ([`theory`]):
//!
//! - the **fusion principle**: the vertices of a cycle may be fused into one without changing
//!   the value, the cycle's edges becoming loops; fusing every 2-edge-connected piece leaves a
//!   tree of bridges with loops on its vertices;
//! - the **colon principle**: a loop is a stalk of one edge (value 1), an edge topped by a tree
//!   of value `v` is worth `v + 1`, and the branches at a vertex add up as a Nim sum.
//!
//! A bamboo stalk of `n` edges is therefore a Nim heap of `n` (`hackenbush:stalks=3,5,6` is
//! Nim). The tests and `grundy verify hackenbush-fusion` compare the theorems with the
//! definition (the mex over every cut) on every small multigraph.

pub mod spec;
pub mod theory;

use crate::games::board::{for_each_bit, parse_bit_set};
use crate::ruleset::{Arity, Evaluation, Move, Position};
use crate::{Error, Result, Ruleset, Solver};

/// The most edges (one bit each in a position) and vertices.
pub const MAX_EDGES: usize = 128;

/// The name of the ground.
pub const GROUND: &str = "0";

/// A Green Hackenbush picture: its edges and the names of its vertices (vertex 0, named `0`,
/// is the ground).
#[derive(Debug, Clone)]
pub struct Hackenbush {
    /// The two ends of each edge (equal for a loop).
    edges: Vec<(u32, u32)>,
    /// The edges at each vertex.
    incident: Vec<u128>,
    /// Vertex names; `names[0]` is the ground.
    names: Vec<String>,
    /// How the spec was written.
    spec: String,
}

impl Hackenbush {
    /// A picture with the edges `edges` between named vertices; the vertex named `0` is the
    /// ground. A picture with no edge on the ground is accepted: by the rules every edge of it
    /// has fallen, and its value is 0 (issue 50).
    pub fn new(edges: &[(String, String)], spec: String) -> Result<Self> {
        if edges.len() > MAX_EDGES {
            return Err(Error::TooLarge(format!(
                "a Hackenbush picture has at most {MAX_EDGES} edges (one bit each in a position); this one has {}",
                edges.len()
            )));
        }
        let mut names = vec![GROUND.to_string()];
        let mut index = |name: &str| -> Result<u32> {
            let i = match names.iter().position(|n| n == name) {
                Some(i) => i,
                None => {
                    names.push(name.to_string());
                    names.len() - 1
                }
            };
            if i >= MAX_EDGES {
                return Err(Error::TooLarge(format!(
                    "a Hackenbush picture has at most {MAX_EDGES} vertices"
                )));
            }
            Ok(i as u32)
        };
        let mut ends = Vec::with_capacity(edges.len());
        for (u, v) in edges {
            ends.push((index(u)?, index(v)?));
        }
        let mut incident = vec![0u128; names.len()];
        for (e, &(u, v)) in ends.iter().enumerate() {
            incident[u as usize] |= 1 << e;
            incident[v as usize] |= 1 << e;
        }
        Ok(Hackenbush {
            edges: ends,
            incident,
            names,
            spec,
        })
    }

    /// Bamboo stalks of the given lengths, each from the ground.
    pub fn stalks(lengths: &[u64], spec: String) -> Result<Self> {
        let total: u64 = lengths.iter().sum();
        if total > MAX_EDGES as u64 {
            return Err(Error::TooLarge(format!(
                "a Hackenbush picture has at most {MAX_EDGES} edges; these stalks have {total}"
            )));
        }
        let mut edges = Vec::new();
        for (i, &n) in lengths.iter().enumerate() {
            let node = |k: u64| match k {
                0 => GROUND.to_string(),
                _ => format!("s{}.{k}", i + 1),
            };
            edges.extend((0..n).map(|k| (node(k), node(k + 1))));
        }
        Self::new(&edges, spec)
    }

    /// Every edge.
    pub fn all(&self) -> u128 {
        match self.edges.len() {
            MAX_EDGES => u128::MAX,
            n => (1u128 << n) - 1,
        }
    }

    /// The number of edges of the picture.
    pub fn len(&self) -> usize {
        self.edges.len()
    }

    /// Whether the picture has no edge.
    pub fn is_empty(&self) -> bool {
        self.edges.is_empty()
    }

    /// The ends of edge `e`.
    pub fn ends(&self, e: u32) -> (u32, u32) {
        self.edges[e as usize]
    }

    /// The edges at vertex `v`.
    pub fn incident(&self, v: u32) -> u128 {
        self.incident[v as usize]
    }

    /// The number of vertices.
    pub fn vertices(&self) -> usize {
        self.names.len()
    }

    /// The edges of `set` joined to the ground by a path of edges of `set`: what is still
    /// standing.
    pub fn grounded(&self, set: u128) -> u128 {
        let (mut reached, mut standing) = (1u128, 0u128);
        let mut frontier = vec![0u32];
        while let Some(v) = frontier.pop() {
            let new = self.incident[v as usize] & set & !standing;
            standing |= new;
            for_each_bit(new, |e| {
                let (a, b) = self.edges[e as usize];
                for w in [a, b] {
                    if reached >> w & 1 == 0 {
                        reached |= 1 << w;
                        frontier.push(w);
                    }
                }
            });
        }
        standing
    }

    fn set(position: &[u64]) -> u128 {
        u128::from(position[0]) | u128::from(position[1]) << 64
    }

    fn position(set: u128) -> Position {
        vec![set as u64, (set >> 64) as u64]
    }

    fn edge_name(&self, e: u32) -> String {
        let (u, v) = self.edges[e as usize];
        format!(
            "{e} ({}-{})",
            self.names[u as usize], self.names[v as usize]
        )
    }
}

impl Ruleset for Hackenbush {
    fn spec(&self) -> String {
        self.spec.clone()
    }

    fn arity(&self) -> Arity {
        Arity::Exactly(2)
    }

    fn position_hint(&self) -> String {
        "the edges left, by number from 0 in the order given, like 0,2,3 ('none' for no edge; all by default)".into()
    }

    fn validate(&self, position: &[u64]) -> Result<()> {
        crate::ruleset::check_arity_of(self, position)?;
        if Self::set(position) & !self.all() != 0 {
            return Err(Error::Position(format!(
                "an edge beyond the picture's {} (edges are numbered from 0)",
                self.edges.len()
            )));
        }
        Ok(())
    }

    fn parse_position(&self, text: &str) -> Result<Position> {
        let set = parse_bit_set(text, "edge", |word| {
            let e = crate::number::parse_u64(word).ok();
            e.filter(|&e| e < self.edges.len() as u64)
                .map(|e| e as u32)
                .ok_or_else(|| {
                    Error::Position(format!(
                        "'{word}' is not an edge of {} (its edges are 0 to {})",
                        self.spec,
                        self.edges.len().saturating_sub(1)
                    ))
                })
        })?;
        Ok(Self::position(set))
    }

    fn show_position(&self, position: &[u64]) -> String {
        let set = Self::set(position);
        if set == 0 {
            return "none".into();
        }
        let mut numbers = Vec::new();
        for_each_bit(set, |e| numbers.push(e.to_string()));
        numbers.join(",")
    }

    /// A template lists edges by number, as a position does: `1,_` varies the second edge.
    fn template_numbers(&self) -> crate::ruleset::TemplateNumbers {
        crate::ruleset::TemplateNumbers::Listed
    }

    fn position_is_text(&self) -> bool {
        true
    }

    fn start(&self) -> Option<Position> {
        Some(Self::position(self.all()))
    }

    /// What is still standing: the edges joined to the ground.
    fn canonical(&self, position: &[u64]) -> Position {
        Self::position(self.grounded(Self::set(position)))
    }

    fn explored_form(&self, position: &[u64]) -> Position {
        self.canonical(position)
    }

    fn moves(&self, position: &[u64]) -> Result<Vec<Move>> {
        self.validate(position)?;
        let standing = self.grounded(Self::set(position));
        let mut moves = Vec::new();
        for_each_bit(standing, |e| {
            let left = self.grounded(standing & !(1u128 << e));
            let fallen = (standing & !left).count_ones() - 1;
            moves.push(Move {
                to: Self::position(left),
                description: match fallen {
                    0 => format!("cut edge {}", self.edge_name(e)),
                    1 => format!("cut edge {}; 1 more edge falls", self.edge_name(e)),
                    n => format!("cut edge {}; {n} more edges fall", self.edge_name(e)),
                },
            });
        });
        Ok(moves)
    }

    fn solver(&self) -> Option<Box<dyn Solver + '_>> {
        Some(Box::new(HackenbushSolver { game: self }))
    }
}

/// Values by the fusion and colon principles.
struct HackenbushSolver<'a> {
    game: &'a Hackenbush,
}

impl Solver for HackenbushSolver<'_> {
    fn value(&mut self, position: &[u64]) -> Result<u64> {
        Ok(theory::value(self.game, Hackenbush::set(position)))
    }

    fn evaluate(&mut self, position: &[u64]) -> Result<Evaluation> {
        let set = Hackenbush::set(position);
        let method = if set != 0 && self.game.grounded(set) == 0 {
            format!("the rules: no edge left is joined to the ground (the vertex named {GROUND}), so every edge has fallen and no move is left (value 0)")
        } else {
            theory::METHOD.into()
        };
        Ok(Evaluation {
            value: self.value(position)?,
            method,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picture(text: &str) -> Hackenbush {
        spec::build_text(text).unwrap()
    }

    #[test]
    fn edges_cut_from_the_ground_take_what_hangs_on_them() {
        // A stalk 0-1-2 and a triangle 0-3-4-0 with a pendant 4-5.
        let g = picture("hackenbush:edges=0-1,1-2,0-3,3-4,4-0,4-5");
        assert_eq!(g.grounded(g.all()), g.all());
        // Cutting edge 0 drops edge 1.
        assert_eq!(g.grounded(g.all() & !1), g.all() & !0b11);
        // Cutting one side of the triangle drops nothing.
        assert_eq!(g.grounded(g.all() & !(1 << 4)), g.all() & !(1 << 4));
        let moves = g.moves(&g.start().unwrap()).unwrap();
        assert_eq!(moves.len(), 6);
        assert_eq!(moves[0].description, "cut edge 0 (0-1); 1 more edge falls");
    }

    #[test]
    fn positions_name_edges_by_number() {
        let g = picture("hackenbush:edges=0-a,a-b");
        assert_eq!(g.parse_position("1").unwrap(), Hackenbush::position(0b10));
        assert_eq!(g.show_position(&Hackenbush::position(0b11)), "0,1");
        assert_eq!(g.show_position(&Hackenbush::position(0)), "none");
        let refused = g.parse_position("2").unwrap_err().to_string();
        assert!(refused.contains("edges are 0 to 1"), "{refused}");
    }

    /// Issue 50, item 16: a picture with no edge on the ground was refused as an invalid spec;
    /// by the rules every edge has fallen: no move, value 0, and the method says why.
    #[test]
    fn a_picture_off_the_ground_has_fallen_whole() {
        for text in ["hackenbush:edges=1-2", "hackenbush:edges=a-b,b-c,c-a,c-c"] {
            let g = picture(text);
            let start = g.start().unwrap();
            assert!(g.moves(&start).unwrap().is_empty(), "{text}");
            let evaluation = g.solver().unwrap().evaluate(&start).unwrap();
            assert_eq!(evaluation.value, 0, "{text}");
            assert!(
                evaluation.method.contains("every edge has fallen"),
                "{}",
                evaluation.method
            );
        }
        // Standing edges keep the theorems' method; an edge off the ground is simply gone.
        let g = picture("hackenbush:edges=0-1,2-3");
        let evaluation = g.solver().unwrap().evaluate(&g.start().unwrap()).unwrap();
        assert_eq!(evaluation.value, 1);
        assert_eq!(evaluation.method, theory::METHOD);
    }
}
