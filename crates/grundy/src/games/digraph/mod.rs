//! Games on a directed graph: a token sits on a vertex and a move carries it along an edge; the
//! player who cannot move loses. Several tokens are a disjunctive sum (a move carries one).
//!
//! Every impartial game is one of these (its positions are the vertices, its moves the edges),
//! which is why the graph is the textbook's first model (*Winning Ways*, ch. 11; Fraenkel,
//! *Complexity, appeal and challenges of combinatorial games*, 2004). The graph may have cycles:
//! then a play may go on for ever and a vertex is a draw (D) when neither player can force a
//! win. Values are Smith's generalised SG function ([`crate::solve::loopy`]): finite values
//! where the graph is acyclic below the vertex (ordinary SG values) and also on many vertices
//! of cycles, `∞(K)` elsewhere; a position of several tokens has the sum of their values by
//! Smith's rule. The whole graph is analysed once, in time proportional to its edges times the
//! number of rounds (at most the largest out-degree plus one).
//!
//! The file ([`parse`]): one edge `u v` a line (from `u` to `v`), or one vertex alone (a vertex
//! with no edge, or to fix the numbering); `#` starts a comment. Vertices are named by
//! non-negative integers (a position is then the integer itself) or by words (a position may
//! be given by the names, e.g. `a,b`; the vertices are numbered from 0 in order of first
//! appearance, and that number is what JSON output shows).

pub mod spec;
pub mod theory;

use std::collections::HashMap;
use std::path::Path;
use std::sync::OnceLock;

use crate::ruleset::{Arity, Evaluation, Move, OutcomeEvaluation, Position, Ruleset, Solver};
use crate::solve::loopy::{self, Loopy, LoopyValue};
use crate::solve::GameGraph;
use crate::{Error, Result};

/// The largest digraph file read (bytes).
pub const MAX_FILE_BYTES: u64 = 256 << 20;
/// The most vertices a digraph may have.
pub const MAX_VERTICES: usize = 1 << 24;
/// The most edges a digraph may have.
pub const MAX_EDGES: usize = 1 << 26;
/// The most tokens a position may hold (moves list each token's edges).
pub const MAX_TOKENS: usize = 1 << 16;

/// A digraph: its vertices' names and edges.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Graph {
    /// The name of vertex `i` as written in the file.
    pub names: Vec<String>,
    /// Whether every name is a number (positions are then the names themselves).
    pub numeric: bool,
    /// `out[i]`: the vertices an edge leads to from vertex `i`, in file order.
    pub out: Vec<Vec<usize>>,
}

/// Parses a digraph's text (see the module docs); a bad line is named by its number.
pub fn parse(text: &str) -> Result<Graph> {
    let mut index: HashMap<String, usize> = HashMap::new();
    let mut graph = Graph {
        names: Vec::new(),
        numeric: true,
        out: Vec::new(),
    };
    let mut edges = 0usize;
    let mut vertex = |name: &str, graph: &mut Graph, line: usize| -> Result<usize> {
        if let Some(&i) = index.get(name) {
            return Ok(i);
        }
        if graph.names.len() >= MAX_VERTICES {
            return Err(Error::TooLarge(format!(
                "line {line}: a digraph may have at most {MAX_VERTICES} vertices"
            )));
        }
        if !name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"_-.'".contains(&b))
        {
            return Err(Error::Spec(format!(
                "line {line}: '{name}' is not a vertex name (letters, digits, _ - . ' only)"
            )));
        }
        graph.numeric &= name.bytes().all(|b| b.is_ascii_digit());
        index.insert(name.to_string(), graph.names.len());
        graph.names.push(name.to_string());
        graph.out.push(Vec::new());
        Ok(graph.names.len() - 1)
    };
    for (i, line) in text.lines().enumerate() {
        let number = i + 1;
        let content = line.split('#').next().unwrap_or("");
        let words: Vec<&str> = content.split_whitespace().collect();
        match words[..] {
            [] => {}
            [v] => {
                vertex(v, &mut graph, number)?;
            }
            [u, v] => {
                let (u, v) = (
                    vertex(u, &mut graph, number)?,
                    vertex(v, &mut graph, number)?,
                );
                edges += 1;
                if edges > MAX_EDGES {
                    return Err(Error::TooLarge(format!(
                        "line {number}: a digraph may have at most {MAX_EDGES} edges"
                    )));
                }
                graph.out[u].push(v);
            }
            _ => {
                return Err(Error::Spec(format!(
                    "line {number}: '{}' is not an edge 'u v' (two vertex names) or a vertex",
                    line.trim()
                )))
            }
        }
    }
    if graph.names.is_empty() {
        return Err(Error::Spec("the digraph has no vertex".into()));
    }
    if graph.numeric {
        // Names are numbers: positions are the numbers themselves, so they must fit a u64.
        let mut seen = std::collections::HashSet::new();
        for name in &graph.names {
            let number = crate::number::parse_u64(name)
                .map_err(|e| Error::Spec(format!("vertex '{name}': {e}")))?;
            // `3` and `03` are two vertices but one number: then the names are names.
            if !seen.insert(number) {
                graph.numeric = false;
                break;
            }
        }
    }
    Ok(graph)
}

/// A digraph game read from a file.
pub struct Digraph {
    file: String,
    graph: Graph,
    /// Vertex number of each numeric name (numeric graphs only).
    by_number: HashMap<u64, usize>,
    /// Vertex number of each name.
    by_name: HashMap<String, usize>,
    analysis: OnceLock<Loopy>,
}

impl Digraph {
    /// Reads `file` (at most [`MAX_FILE_BYTES`]).
    pub fn read(file: &str) -> Result<Self> {
        let bytes = crate::files::read_bounded(Path::new(file), MAX_FILE_BYTES, "digraph file")?;
        let text = String::from_utf8(bytes)
            .map_err(|_| Error::Spec(format!("the digraph file {file} is not UTF-8 text")))?;
        let graph = parse(&text).map_err(|e| match e {
            Error::Spec(m) => Error::Spec(format!("{file}, {m}")),
            Error::TooLarge(m) => Error::TooLarge(format!("{file}, {m}")),
            other => other,
        })?;
        Ok(Self::new(file.to_string(), graph))
    }

    /// The game on `graph`, called `digraph:file=FILE`.
    pub fn new(file: String, graph: Graph) -> Self {
        let by_name = (0..graph.names.len())
            .map(|i| (graph.names[i].clone(), i))
            .collect();
        let by_number = if graph.numeric {
            (0..graph.names.len())
                .map(|i| (graph.names[i].parse().expect("checked by parse"), i))
                .collect()
        } else {
            HashMap::new()
        };
        Digraph {
            file,
            graph,
            by_number,
            by_name,
            analysis: OnceLock::new(),
        }
    }

    /// The graph.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The vertex a coordinate stands for. Coordinates are the numbers themselves when every
    /// name is a number, else the vertices' numbers in order of first appearance: an internal
    /// numbering that positions never show ([`Ruleset::position_names`]) nor read.
    fn vertex(&self, coordinate: u64) -> Result<usize> {
        let found = if self.graph.numeric {
            self.by_number.get(&coordinate).copied()
        } else {
            usize::try_from(coordinate)
                .ok()
                .filter(|&v| v < self.graph.names.len())
        };
        found.ok_or_else(|| {
            if self.graph.numeric {
                self.unknown(&coordinate.to_string())
            } else {
                Error::Position(format!(
                    "vertex number {coordinate} is out of range: {} has {} vertices",
                    self.file,
                    self.graph.names.len()
                ))
            }
        })
    }

    /// The error for a name that is no vertex.
    fn unknown(&self, name: &str) -> Error {
        const SHOWN: usize = 8;
        let names = &self.graph.names;
        let mut some: Vec<&str> = names.iter().take(SHOWN).map(String::as_str).collect();
        if names.len() > SHOWN {
            some.push("...");
        }
        Error::Position(format!(
            "'{name}' is not a vertex of {} (its {} vertices: {})",
            self.file,
            names.len(),
            some.join(" ")
        ))
    }

    /// The coordinate that stands for vertex `v`.
    fn coordinate(&self, v: usize) -> u64 {
        if self.graph.numeric {
            self.graph.names[v].parse().expect("checked by parse")
        } else {
            v as u64
        }
    }

    /// Smith's values of every vertex, computed on first use.
    pub fn analysis(&self) -> &Loopy {
        self.analysis
            .get_or_init(|| loopy::analyse(&GameGraph::from_adjacency(&self.graph.out)))
    }

    /// Whether the graph has a cycle (some vertex is `∞`, or a finite value sits on a cycle).
    pub fn has_cycle(&self) -> bool {
        GameGraph::from_adjacency(&self.graph.out).order().is_err()
    }

    /// The generalised value of a position (the sum of its tokens' values).
    pub fn value_of(&self, position: &[u64]) -> Result<LoopyValue> {
        let analysis = self.analysis();
        let mut total = LoopyValue::Finite(0);
        for &c in position {
            total = total.sum(&analysis.values[self.vertex(c)?]);
        }
        Ok(total)
    }
}

impl Ruleset for Digraph {
    fn spec(&self) -> String {
        format!("digraph:file={}", self.file)
    }

    fn arity(&self) -> Arity {
        Arity::AtLeast(1)
    }

    fn position_hint(&self) -> String {
        "a vertex, or several (one token on each), like a or a,b".into()
    }

    fn validate(&self, position: &[u64]) -> Result<()> {
        crate::ruleset::check_arity_of(self, position)?;
        if position.len() > MAX_TOKENS {
            return Err(Error::TooLarge(format!(
                "a position may hold at most {MAX_TOKENS} tokens"
            )));
        }
        position
            .iter()
            .try_for_each(|&c| self.vertex(c).map(|_| ()))
    }

    /// Vertices named by numbers are coordinates; other names are not numbers `_` could vary.
    fn template_numbers(&self) -> crate::ruleset::TemplateNumbers {
        if self.graph.numeric {
            crate::ruleset::TemplateNumbers::Coordinates
        } else {
            crate::ruleset::TemplateNumbers::Refused(format!(
                "the positions of {} are vertex names, which `seq` and `table` cannot vary as numbers; ask `grundy value` or `grundy moves` about the vertices",
                self.spec()
            ))
        }
    }

    fn parse_position(&self, text: &str) -> Result<Position> {
        if text.trim().is_empty() {
            return Err(Error::Position("empty position".into()));
        }
        // A position is vertex names, nothing else: a number is a name like any other (`7`
        // and `007` are the vertex 7 when every name is a number).
        text.split(',')
            .map(|name| {
                let name = name.trim();
                if let Some(&v) = self.by_name.get(name) {
                    return Ok(self.coordinate(v));
                }
                match crate::number::parse_u64(name) {
                    Ok(n) if self.graph.numeric && self.by_number.contains_key(&n) => Ok(n),
                    _ => Err(self.unknown(name)),
                }
            })
            .collect()
    }

    fn show_position(&self, position: &[u64]) -> String {
        let names: Vec<&str> = position
            .iter()
            .map(|&c| self.vertex(c).map_or("?", |v| self.graph.names[v].as_str()))
            .collect();
        names.join(",")
    }

    fn position_names(&self, position: &[u64]) -> Option<Vec<String>> {
        if self.graph.numeric {
            return None;
        }
        position
            .iter()
            .map(|&c| self.vertex(c).ok().map(|v| self.graph.names[v].clone()))
            .collect()
    }

    fn moves(&self, position: &[u64]) -> Result<Vec<Move>> {
        let mut moves = Vec::new();
        for (i, &c) in position.iter().enumerate() {
            let from = self.vertex(c)?;
            for &to in &self.graph.out[from] {
                let mut next = position.to_vec();
                next[i] = self.coordinate(to);
                let description = if position.len() == 1 {
                    format!(
                        "move the token from {} to {}",
                        self.graph.names[from], self.graph.names[to]
                    )
                } else {
                    format!(
                        "move token {} from {} to {}",
                        i + 1,
                        self.graph.names[from],
                        self.graph.names[to]
                    )
                };
                moves.push(Move {
                    to: next,
                    description,
                });
            }
        }
        Ok(moves)
    }

    fn explored_form(&self, position: &[u64]) -> Position {
        let mut sorted = position.to_vec();
        sorted.sort_unstable();
        sorted
    }

    fn canonical(&self, position: &[u64]) -> Position {
        self.explored_form(position)
    }

    fn solver(&self) -> Option<Box<dyn Solver + '_>> {
        Some(Box::new(DigraphSolver { game: self }))
    }

    fn explain_move(&self, position: &[u64], to: &[u64]) -> Option<String> {
        let before = self.value_of(position).ok()?;
        let after = self.value_of(to).ok()?;
        Some(format!(
            "the generalised value goes from {before} to {after} (Smith's sum rule over the tokens)"
        ))
    }
}

/// The values of a digraph game, from the analysis of its whole graph.
struct DigraphSolver<'a> {
    game: &'a Digraph,
}

impl DigraphSolver<'_> {
    fn method(&self, position: &[u64]) -> &'static str {
        match (position.len(), self.game.has_cycle()) {
            (1, false) => "SG value (retrograde analysis of the acyclic digraph)",
            (_, false) => "nim-sum of the tokens' SG values (the digraph is acyclic)",
            (1, true) => "Smith's generalised SG function (retrograde analysis of the digraph, which has cycles)",
            (_, true) => "Smith's generalised SG function of each token, added by Smith's sum rule",
        }
    }
}

impl Solver for DigraphSolver<'_> {
    fn value(&mut self, position: &[u64]) -> Result<u64> {
        let value = self.game.value_of(position)?;
        value
            .finite()
            .ok_or_else(|| loopy::no_finite_value_shown(&self.game.show_position(position), &value))
    }

    fn evaluate(&mut self, position: &[u64]) -> Result<Evaluation> {
        Ok(Evaluation {
            value: self.value(position)?,
            method: self.method(position).into(),
        })
    }

    fn evaluate_outcome(&mut self, position: &[u64]) -> Result<OutcomeEvaluation> {
        Ok(loopy::evaluation(
            self.game.value_of(position)?,
            self.method(position),
        ))
    }

    fn progress(&mut self, position: &[u64]) -> Result<Option<u64>> {
        if !self.game.has_cycle() {
            return Ok(None);
        }
        if let [c] = position {
            return Ok(Some(self.game.analysis().counters[self.game.vertex(*c)?]));
        }
        // Several tokens: the counters of the sum's own graph (the tokens' counters do not
        // add up to one), explored from the position within the graph limit.
        loopy::LoopySolver::new(self.game).progress(position)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Outcome;

    fn game(text: &str) -> Digraph {
        Digraph::new("test.txt".into(), parse(text).unwrap())
    }

    #[test]
    fn parses_names_numbers_comments_and_names_bad_lines() {
        let g = parse("# a cycle\na b\nb c # comment\nc a\nd\n").unwrap();
        assert_eq!(g.names, ["a", "b", "c", "d"]);
        assert!(!g.numeric);
        assert_eq!(g.out, vec![vec![1], vec![2], vec![0], vec![]]);
        let g = parse("10 3\n3 0\n").unwrap();
        assert!(g.numeric);
        for (bad, line) in [("a b\na b c\n", "line 2"), ("x y\n\nb@d c\n", "line 3")] {
            let message = parse(bad).unwrap_err().to_string();
            assert!(message.contains(line), "{message}");
        }
        assert!(parse("# nothing\n").is_err());
        assert!(parse("99999999999999999999999 1\n").is_err());
    }

    /// Outcomes of every vertex by plain retrograde analysis (no SG theory): no move is P, a
    /// P option makes N, all options N makes P, the rest draws.
    fn retrograde(out: &[Vec<usize>]) -> Vec<Outcome> {
        let mut outcome = vec![None; out.len()];
        loop {
            let mut changed = false;
            for u in 0..out.len() {
                if outcome[u].is_none() {
                    if out[u].iter().any(|&v| outcome[v] == Some(Outcome::P)) {
                        outcome[u] = Some(Outcome::N);
                        changed = true;
                    } else if out[u].iter().all(|&v| outcome[v] == Some(Outcome::N)) {
                        outcome[u] = Some(Outcome::P);
                        changed = true;
                    }
                }
            }
            if !changed {
                return outcome
                    .into_iter()
                    .map(|o| o.unwrap_or(Outcome::D))
                    .collect();
            }
        }
    }

    /// Random digraphs of a few vertices (a fixed LCG, so the run is the same every time).
    fn random_graphs(count: usize) -> Vec<String> {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: u64| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) % n
        };
        (0..count)
            .map(|_| {
                let n = 2 + next(6);
                let mut text: String = (0..n).map(|v| format!("{v}\n")).collect();
                for _ in 0..next(2 * n + 1) {
                    text.push_str(&format!("{} {}\n", next(n), next(n)));
                }
                text
            })
            .collect()
    }

    #[test]
    fn two_token_sums_agree_with_retrograde_analysis_of_the_product() {
        // The sum of two one-token components is the game on the product graph: a move
        // carries one of the two tokens. Its outcomes are found here without SG theory.
        let mut finite_with_infinite_option = 0;
        for text in random_graphs(400) {
            let g = game(&text);
            let n = g.graph().names.len();
            let out = &g.graph().out;
            let mut product = vec![Vec::new(); n * n];
            for a in 0..n {
                for b in 0..n {
                    product[a * n + b].extend(out[a].iter().map(|&x| x * n + b));
                    product[a * n + b].extend(out[b].iter().map(|&y| a * n + y));
                }
            }
            let want = retrograde(&product);
            for a in 0..n {
                for b in 0..n {
                    let (pa, pb) = ([g.coordinate(a)], [g.coordinate(b)]);
                    let sum = crate::query::sum(&[(&g, &pa[..]), (&g, &pb[..])])
                        .unwrap_or_else(|e| panic!("{text}: sum of {a} and {b}: {e}"));
                    assert_eq!(sum.outcome, want[a * n + b], "{text}: {a} + {b}");
                    let value = g.value_of(&[pa[0], pb[0]]).unwrap();
                    assert_eq!(value.outcome(), want[a * n + b], "{text}: {a},{b}");
                    for m in &sum.winning_moves {
                        let to = g.vertex(m.to[0]).unwrap();
                        let after = if m.component == 0 {
                            to * n + b
                        } else {
                            a * n + to
                        };
                        assert_eq!(want[after], Outcome::P, "{text}: {a} + {b}: {m:?}");
                    }
                    let analysis = g.analysis();
                    if analysis.values[a].finite().is_some()
                        && out[a]
                            .iter()
                            .any(|&x| analysis.values[x].finite().is_none())
                    {
                        finite_with_infinite_option += 1;
                    }
                }
            }
        }
        // The case the sum once refused: a finite token with an infinite option.
        assert!(finite_with_infinite_option > 0);
    }

    #[test]
    fn a_number_that_names_no_vertex_is_an_error_and_names_go_out_as_names() {
        // `-1` is not a number, so the names are names: `1` was once read as the index of `2`.
        let g = game("-1 2\n");
        let err = g.parse_position("1").unwrap_err().to_string();
        assert!(err.contains("'1' is not a vertex"), "{err}");
        let two = g.parse_position("2").unwrap();
        assert_eq!(g.show_position(&two), "2");
        assert_eq!(g.position_names(&two), Some(vec!["2".to_string()]));
        assert_eq!(g.value_of(&two).unwrap(), LoopyValue::Finite(0));
        let minus = g.parse_position("-1").unwrap();
        assert_eq!(g.value_of(&minus).unwrap(), LoopyValue::Finite(1));
        let g = game("a b\nb c\n");
        for number in ["0", "1", "2", "3"] {
            assert!(g.parse_position(number).is_err(), "{number}");
        }
        // Every name a number: positions are the numbers, shown as numbers.
        let g = game("10 3\n3 0\n");
        assert_eq!(g.parse_position("10,0").unwrap(), [10, 0]);
        assert_eq!(g.parse_position("010").unwrap(), [10]);
        assert_eq!(g.position_names(&[10]), None);
        assert!(g.parse_position("1").is_err());
        // `3` and `03` are two vertices: names again.
        let g = game("3 03\n");
        let p = g.parse_position("03").unwrap();
        assert_eq!(g.position_names(&p), Some(vec!["03".to_string()]));
        assert_eq!(g.value_of(&p).unwrap(), LoopyValue::Finite(0));
    }

    #[test]
    fn values_outcomes_and_moves() {
        // a -> b -> c (terminal), and d <-> e a 2-cycle with e -> c.
        let g = game("a b\nb c\nd e\ne d\ne c\n");
        let at = |names: &str| {
            let p = g.parse_position(names).unwrap();
            g.validate(&p).unwrap();
            g.value_of(&p).unwrap()
        };
        assert_eq!(at("c"), LoopyValue::Finite(0));
        assert_eq!(at("b"), LoopyValue::Finite(1));
        assert_eq!(at("a"), LoopyValue::Finite(0));
        // e moves to c (0) or d; d's only move is to e, which has a 0 option: d is 0, e is 1.
        assert_eq!(at("d"), LoopyValue::Finite(0));
        assert_eq!(at("e"), LoopyValue::Finite(1));
        assert_eq!(at("b,e"), LoopyValue::Finite(0));
        let p = g.parse_position("a,e").unwrap();
        assert_eq!(g.show_position(&p), "a,e");
        let moves = g.moves(&p).unwrap();
        assert_eq!(moves.len(), 3);
        assert_eq!(moves[0].description, "move token 1 from a to b");
        // A pure 2-cycle draws; with a token elsewhere the sum is ∞(K ⊕ a) = ∞().
        let g = game("x y\ny x\nz\n");
        let p = g.parse_position("x").unwrap();
        assert_eq!(g.value_of(&p).unwrap().outcome(), Outcome::D);
        assert!(g.parse_position("w").is_err());
        assert!(g.validate(&[7]).is_err());
    }
}
