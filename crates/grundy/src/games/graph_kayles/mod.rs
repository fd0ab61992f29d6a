//! Node-Kayles and Arc-Kayles on a graph (Schaefer 1978; Winning Ways ch. 4 for their octal
//! cousins). Node-Kayles: a move chooses a vertex and removes it with its neighbours. Arc-Kayles:
//! a move chooses an edge and removes its two ends (so every edge touching them goes too). Who
//! cannot move loses.
//!
//! A position is the set of vertices left (the whole graph at the start). The board search
//! ([`crate::solve::search`]) values it: the graph left falls apart into connected pieces, each
//! valued apart (XOR), moved to a standard place by a symmetry of the graph where it has an
//! obvious one ([`graph::Graph::canonical`]). A piece of `n` vertices is done within `n` moves of
//! Node-Kayles and `n / 2` of Arc-Kayles, which bounds its value.
//!
//! On a path they are octal games ([`theory`]): Node-Kayles on `n` vertices is 0.137 (Dawson's
//! Chess) with a heap of `n`, Arc-Kayles is 0.07 (Dawson's Kayles) with a heap of `n`.

pub mod graph;
pub mod spec;
pub mod theory;

use graph::Graph;

use crate::games::board::{
    below_at_least, cancel_pairs, for_each_bit, parse_bit_set, Below, Board, BoardSolver, Removal,
};
use crate::ruleset::{Arity, Move, Position};
use crate::solve::search::Splittable;
use crate::{Error, Result, Ruleset, Solver};

/// Which game is played on the graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// Remove a vertex and its neighbours.
    Node,
    /// Remove the two ends of an edge.
    Arc,
}

/// Node-Kayles or Arc-Kayles on one graph.
#[derive(Debug, Clone)]
pub struct GraphKayles {
    rule: Rule,
    graph: Graph,
    /// The graph as written in the spec.
    graph_spec: String,
}

impl GraphKayles {
    /// The game `rule` on the graph `graph_spec` (see [`Graph::parse`]).
    pub fn new(rule: Rule, graph_spec: &str) -> Result<Self> {
        Ok(GraphKayles {
            rule,
            graph: Graph::parse(graph_spec)?,
            graph_spec: graph_spec.to_string(),
        })
    }

    fn set(position: &[u64]) -> u128 {
        u128::from(position[0]) | u128::from(position[1]) << 64
    }

    fn position(set: u128) -> Position {
        vec![set as u64, (set >> 64) as u64]
    }

    /// Whether a piece has a move (a single vertex has one in Node-Kayles, none in Arc-Kayles).
    fn playable(&self, piece: u128) -> bool {
        match self.rule {
            Rule::Node => piece != 0,
            Rule::Arc => piece.count_ones() >= 2,
        }
    }

    /// The playable pieces of `set` in canonical form, pairs of equal pieces cancelled (G + G
    /// = 0).
    fn split(&self, set: u128, out: &mut Vec<u128>) {
        let start = out.len();
        self.graph.pieces(set, |piece| {
            if self.playable(piece) {
                out.push(self.graph.canonical(piece));
            }
        });
        cancel_pairs(out, start);
    }

    /// The pieces of a position, for the search.
    pub fn pieces(&self, position: &[u64]) -> Vec<u128> {
        let mut out = Vec::new();
        self.split(Self::set(position), &mut out);
        out
    }

    /// What lies below a position, at least ([`below_at_least`], windows of consecutive
    /// vertices).
    fn below(&self, position: &[u64]) -> Below {
        let removal = match self.rule {
            Rule::Node => Removal::Neighbourhoods,
            Rule::Arc => Removal::Pairs,
        };
        let order: Vec<u32> = (0..self.graph.len() as u32).collect();
        below_at_least(Self::set(position), &self.graph.adjacent, removal, &order)
    }

    fn name(&self, v: u32) -> &str {
        &self.graph.names[v as usize]
    }
}

impl Splittable for GraphKayles {
    type Part = u128;

    /// The table keeps the part itself.
    type Key = u128;

    fn key(&self, part: &u128) -> u128 {
        *part
    }

    fn part_of(&self, key: &u128) -> u128 {
        *key
    }

    /// The vertices a move leaves.
    type Move = u128;

    fn moves(&self, part: &u128, out: &mut Vec<u128>) -> Result<()> {
        let set = *part;
        match self.rule {
            Rule::Node => for_each_bit(set, |v| {
                out.push(set & !(self.graph.adjacent[v as usize] | 1u128 << v));
            }),
            Rule::Arc => for_each_bit(set, |u| {
                for_each_bit(
                    self.graph.adjacent[u as usize] & set & !((2u128 << u) - 1),
                    |v| out.push(set & !(1u128 << u | 1u128 << v)),
                )
            }),
        }
        Ok(())
    }

    fn play(&self, _: &u128, rest: u128, out: &mut Vec<u128>) -> Result<()> {
        self.split(rest, out);
        Ok(())
    }

    fn bound(&self, part: &u128) -> u64 {
        let n = u64::from(part.count_ones());
        match self.rule {
            Rule::Node => n,
            Rule::Arc => n / 2,
        }
    }

    fn write_part(part: &u128, out: &mut Vec<u8>) {
        out.extend_from_slice(&part.to_le_bytes());
    }

    fn read_part(bytes: &[u8]) -> Option<u128> {
        Some(u128::from_le_bytes(bytes.try_into().ok()?))
    }

    const PART_BYTES: usize = 16;
}

impl Ruleset for GraphKayles {
    fn spec(&self) -> String {
        let family = match self.rule {
            Rule::Node => "node-kayles",
            Rule::Arc => "arc-kayles",
        };
        format!("{family}:graph={}", self.graph_spec)
    }

    fn arity(&self) -> Arity {
        Arity::Exactly(2)
    }

    fn position_hint(&self) -> String {
        format!(
            "the vertices left, like {} (names from the graph; 'none' for no vertex)",
            self.graph
                .names
                .iter()
                .take(3)
                .cloned()
                .collect::<Vec<_>>()
                .join(",")
        )
    }

    fn validate(&self, position: &[u64]) -> Result<()> {
        crate::ruleset::check_arity_of(self, position)?;
        if Self::set(position) & !self.graph.all() != 0 {
            return Err(Error::Position(format!(
                "a vertex beyond the graph's {}",
                self.graph.len()
            )));
        }
        Ok(())
    }

    fn parse_position(&self, text: &str) -> Result<Position> {
        let set = parse_bit_set(text, "vertex", |name| {
            let v = self.graph.names.iter().position(|n| n == name);
            v.map(|v| v as u32).ok_or_else(|| {
                Error::Position(format!(
                    "'{name}' is not a vertex of the graph {}",
                    self.graph_spec
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
        let mut names = Vec::new();
        for_each_bit(set, |v| names.push(self.name(v).to_string()));
        names.join(",")
    }

    /// A template lists vertices as a position does, when the vertices are named by numbers
    /// (every graph but a file's with other names): `0,_` varies the second vertex.
    fn template_numbers(&self) -> crate::ruleset::TemplateNumbers {
        if self.graph.names.iter().all(|n| n.parse::<u64>().is_ok()) {
            crate::ruleset::TemplateNumbers::Listed
        } else {
            crate::ruleset::TemplateNumbers::Refused(format!(
                "the vertices of {} have names, not numbers, so no `_` can stand for one; give `grundy value` or `grundy moves` the vertices left",
                self.spec()
            ))
        }
    }

    fn position_is_text(&self) -> bool {
        true
    }

    fn start(&self) -> Option<Position> {
        Some(Self::position(self.graph.all()))
    }

    /// The options without their descriptions (the misère search lists millions): the
    /// sets a move leaves, as the board search lists them.
    fn options(&self, position: &[u64]) -> Result<Vec<Position>> {
        self.validate(position)?;
        let mut left = Vec::new();
        Splittable::moves(self, &Self::set(position), &mut left)?;
        Ok(left.into_iter().map(Self::position).collect())
    }

    /// The positions left by moves in disjoint windows of the graph ([`below_at_least`]).
    fn reachable_at_least(&self, position: &[u64]) -> u128 {
        self.below(position).positions
    }

    /// The moves of [`Ruleset::reachable_at_least`]'s positions, each option two numbers and
    /// one more.
    fn option_numbers_below_at_least(&self, position: &[u64], _budget: u64) -> u128 {
        self.below(position).moves.saturating_mul(3)
    }

    fn moves_below_at_least(&self, position: &[u64]) -> u128 {
        self.below(position).moves
    }

    fn moves(&self, position: &[u64]) -> Result<Vec<Move>> {
        self.validate(position)?;
        let set = Self::set(position);
        let mut moves = Vec::new();
        match self.rule {
            Rule::Node => for_each_bit(set, |v| {
                let neighbours = self.graph.adjacent[v as usize] & set;
                let mut named = Vec::new();
                for_each_bit(neighbours, |u| named.push(self.name(u).to_string()));
                moves.push(Move {
                    to: Self::position(set & !(neighbours | 1u128 << v)),
                    description: if named.is_empty() {
                        format!("take vertex {}", self.name(v))
                    } else {
                        format!(
                            "take vertex {} and its neighbours {}",
                            self.name(v),
                            named.join(", ")
                        )
                    },
                });
            }),
            Rule::Arc => for_each_bit(set, |u| {
                for_each_bit(
                    self.graph.adjacent[u as usize] & set & !((2u128 << u) - 1),
                    |v| {
                        moves.push(Move {
                            to: Self::position(set & !(1u128 << u | 1u128 << v)),
                            description: format!("take edge {}-{}", self.name(u), self.name(v)),
                        });
                    },
                )
            }),
        }
        Ok(moves)
    }

    fn uses_board_search(&self) -> bool {
        true
    }

    fn solver(&self) -> Option<Box<dyn Solver + '_>> {
        Some(Box::new(BoardSolver::new(self)))
    }

    /// The connected pieces that have a move, each moved to its standard place (no pair
    /// cancelled: the parts of misère quotients).
    fn game_parts(&self, position: &[u64]) -> Option<Vec<Position>> {
        let mut pieces = Vec::new();
        self.graph.pieces(Self::set(position), |piece| {
            if self.playable(piece) {
                pieces.push(self.graph.canonical(piece));
            }
        });
        pieces.sort_unstable();
        Some(pieces.into_iter().map(Self::position).collect())
    }
}

impl Board for GraphKayles {
    type Game = GraphKayles;

    fn game(&self) -> &GraphKayles {
        self
    }

    fn parts(&self, position: &[u64]) -> Vec<u128> {
        self.pieces(position)
    }

    fn part_name(&self) -> &'static str {
        "connected piece"
    }

    fn identity(&self) -> String {
        self.spec()
    }
}

#[cfg(test)]
mod tests {
    use super::graph::{Graph, Shape};
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn the_counts_below_are_exact_in_one_window_and_below_in_several() {
        use crate::games::board::walked_below;
        for (rule, graph, exact) in [
            (Rule::Node, "path:12", true),
            (Rule::Arc, "cycle:14", true),
            (Rule::Node, "petersen", true),
            (Rule::Node, "path:26", false),
            (Rule::Node, "cycle:24", false),
            (Rule::Arc, "grid:4x5", false),
            (Rule::Node, "grid:3x7", false),
        ] {
            let game = GraphKayles::new(rule, graph).unwrap();
            let start = game.start().unwrap();
            let (positions, moves) = walked_below(&game, &start);
            let below = (
                game.reachable_at_least(&start),
                game.moves_below_at_least(&start),
            );
            assert!(below.0 >= 2 && below.1 >= 1, "{rule:?} {graph}");
            match exact {
                true => assert_eq!(below, (positions, moves), "{rule:?} {graph}"),
                false => assert!(
                    below.0 <= positions && below.1 <= moves,
                    "{rule:?} {graph}: {below:?} against {positions}, {moves}"
                ),
            }
            assert_eq!(game.option_numbers_below_at_least(&start, 0), 3 * below.1);
        }
        // The graphs: past the limits before any search (a path of 40 has about 5.8
        // * 10^7 positions below, by the growth of the counts above).
        let path = GraphKayles::new(Rule::Node, "path:40").unwrap();
        assert!(path.reachable_at_least(&path.start().unwrap()) > 5_000_000);
        let cycle = GraphKayles::new(Rule::Arc, "cycle:128").unwrap();
        assert!(cycle.reachable_at_least(&cycle.start().unwrap()) > 5_000_000);
    }

    /// The value by the definition, on whole vertex sets (no pieces, no symmetry).
    fn by_definition(
        rule: Rule,
        adjacent: &[u128],
        set: u128,
        memo: &mut HashMap<u128, u64>,
    ) -> u64 {
        if let Some(&v) = memo.get(&set) {
            return v;
        }
        let mut seen = Vec::new();
        for v in 0..adjacent.len() {
            if set >> v & 1 == 0 {
                continue;
            }
            match rule {
                Rule::Node => seen.push(by_definition(
                    rule,
                    adjacent,
                    set & !(adjacent[v] | 1 << v),
                    memo,
                )),
                Rule::Arc => {
                    for u in v + 1..adjacent.len() {
                        if set >> u & 1 == 1 && adjacent[v] >> u & 1 == 1 {
                            seen.push(by_definition(
                                rule,
                                adjacent,
                                set & !(1 << u | 1 << v),
                                memo,
                            ));
                        }
                    }
                }
            }
        }
        let v = crate::solve::mex(seen);
        memo.insert(set, v);
        v
    }

    fn game(rule: Rule, graph: Graph) -> GraphKayles {
        GraphKayles {
            rule,
            graph,
            graph_spec: "test".into(),
        }
    }

    #[test]
    fn every_graph_of_up_to_6_vertices_has_the_value_of_the_definition() {
        let mut checked = 0;
        for n in 0..=6usize {
            let pairs: Vec<(usize, usize)> = (0..n)
                .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
                .collect();
            for mask in 0u32..1 << pairs.len() {
                let edges = pairs
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| mask >> i & 1 == 1)
                    .map(|(_, &e)| e);
                let graph = Graph::with_edges(n, edges, Shape::Other).unwrap();
                for rule in [Rule::Node, Rule::Arc] {
                    let g = game(rule, graph.clone());
                    let start = g.start().unwrap();
                    let expected =
                        by_definition(rule, &graph.adjacent, graph.all(), &mut HashMap::new());
                    assert_eq!(
                        crate::solve::solver_for(&g).value(&start).unwrap(),
                        expected
                    );
                    checked += 1;
                }
            }
        }
        // 1 + 1 + 2 + 8 + 64 + 1024 + 32768 labelled graphs, two games each.
        assert_eq!(checked, 2 * 33868);
    }

    #[test]
    fn random_graphs_of_7_to_12_vertices_and_every_subset_of_the_petersen_graph() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..300 {
            let n = 7 + (next() % 6) as usize;
            let edges: Vec<(usize, usize)> = (0..n)
                .flat_map(|u| (u + 1..n).map(move |v| (u, v)))
                .collect::<Vec<_>>()
                .into_iter()
                .filter(|_| next() % 3 == 0)
                .collect();
            let graph = Graph::with_edges(n, edges, Shape::Other).unwrap();
            for rule in [Rule::Node, Rule::Arc] {
                let g = game(rule, graph.clone());
                let expected =
                    by_definition(rule, &graph.adjacent, graph.all(), &mut HashMap::new());
                assert_eq!(
                    crate::solve::solver_for(&g)
                        .value(&g.start().unwrap())
                        .unwrap(),
                    expected
                );
            }
        }
        for rule in [Rule::Node, Rule::Arc] {
            let g = GraphKayles::new(rule, "petersen").unwrap();
            let mut memo = HashMap::new();
            let mut solver = crate::solve::solver_for(&g);
            for set in 0u128..1 << 10 {
                let expected = by_definition(rule, &g.graph.adjacent, set, &mut memo);
                assert_eq!(solver.value(&GraphKayles::position(set)).unwrap(), expected);
            }
        }
    }

    #[test]
    fn paths_and_cycles_are_the_octal_games() {
        for claim in theory::CLAIMS {
            let params = crate::verify::Params::new(claim, []).unwrap();
            let verdict = (claim.check)(&params, 40, &mut |_| {}).unwrap();
            assert!(verdict.holds && verdict.failures == Some(0), "{verdict:?}");
            assert!(verdict.cases > 70);
        }
    }

    #[test]
    fn grids_use_translations_and_agree_with_the_definition() {
        for spec in ["grid:3x4", "grid:2x6", "complete:7", "cycle:11"] {
            for rule in [Rule::Node, Rule::Arc] {
                let g = GraphKayles::new(rule, spec).unwrap();
                let expected =
                    by_definition(rule, &g.graph.adjacent, g.graph.all(), &mut HashMap::new());
                assert_eq!(
                    crate::solve::solver_for(&g)
                        .value(&g.start().unwrap())
                        .unwrap(),
                    expected,
                    "{spec}"
                );
            }
        }
        let g = GraphKayles::new(Rule::Node, "grid:2x2").unwrap();
        assert_eq!(
            g.parse_position("0,3").unwrap(),
            GraphKayles::position(0b1001)
        );
        assert_eq!(g.show_position(&GraphKayles::position(0b1001)), "0,3");
        assert_eq!(g.show_position(&GraphKayles::position(0)), "none");
        assert!(g.parse_position("4").is_err());
    }
}
