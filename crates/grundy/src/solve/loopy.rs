//! Games whose graph has cycles: Smith's generalised Sprague–Grundy function.
//!
//! In a finite game graph with cycles a play may go on for ever (a draw, outcome D). C. A. B.
//! Smith (*Graphs and composite games*, J. Combin. Theory 1 (1966)) extended the SG function to
//! such graphs: a position gets a finite value `m`, or `∞(K)` where `K` is the set of finite
//! values among its options. `γ(u) = m` exactly when
//!
//! 1. no option of `u` has value `m`;
//! 2. every `j < m` is the value of some option;
//! 3. every option `v` with value `∞` or above `m` has an option `w` of value `m` that is "older"
//!    than `u` (a counter `c(w) < c(u)`, which is what makes the winner's play end).
//!
//! The outcome follows: `0` is P, a finite `m > 0` is N, `∞(K)` is N when `0 ∈ K` (move to the
//! 0) and D otherwise. For sums, `γ(G + H) = γ(G) ⊕ γ(H)` with `a ⊕ ∞(K) = ∞(K ⊕ a)` and
//! `∞(K) ⊕ ∞(L) = ∞(∅)` (Smith 1966; Fraenkel and Yesha, *The generalized Sprague–Grundy
//! function and its invariance under certain mappings*, J. Combin. Theory A 43 (1986)).
//!
//! [`analyse`] computes γ by retrograde analysis in rounds `m = 0, 1, 2, ...` (Fraenkel–Yesha):
//! in round `m`, a position not yet valued, with no option valued `m`, and whose every option
//! still unvalued or `∞` already has an option valued `m`, gets the value `m` (a queue releases
//! positions as their blockers get such an option); at the end of the round every unvalued
//! position with no option valued `m` is `∞` for good. The counter of a finite value is the
//! order in which it was assigned. Each round costs `O(edges)`, and there are at most (largest
//! out-degree + 1) rounds. An acyclic graph gets its ordinary SG values, so tests compare with
//! the mex recursion there, and with a brute-force fixpoint of the three conditions everywhere.

use std::collections::VecDeque;
use std::fmt;
use std::ops::Range;

use serde::Serialize;

use crate::ruleset::{
    sequence_by_position, BlockSink, Evaluation, OutcomeEvaluation, Position, Ruleset, Solver,
};
use crate::solve::{GameGraph, Outcome, DEFAULT_GRAPH_LIMIT};
use crate::{Error, Result};

/// A generalised SG value: finite, or infinite with the finite values among the options.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(untagged)]
pub enum LoopyValue {
    /// An ordinary value `m`: the position behaves like a nim-heap of size `m` in sums.
    Finite(u64),
    /// `∞(K)`: `K` (sorted) are the finite values of the options.
    Infinite(Vec<u64>),
}

impl LoopyValue {
    /// P (value 0), N (finite above 0, or `∞(K)` with `0 ∈ K`) or D (`∞(K)`, `0 ∉ K`).
    pub fn outcome(&self) -> Outcome {
        match self {
            LoopyValue::Finite(0) => Outcome::P,
            LoopyValue::Finite(_) => Outcome::N,
            LoopyValue::Infinite(k) if k.contains(&0) => Outcome::N,
            LoopyValue::Infinite(_) => Outcome::D,
        }
    }

    /// The finite value, if there is one.
    pub fn finite(&self) -> Option<u64> {
        match self {
            LoopyValue::Finite(m) => Some(*m),
            LoopyValue::Infinite(_) => None,
        }
    }

    /// The value of a disjunctive sum (Smith's rule).
    pub fn sum(&self, other: &LoopyValue) -> LoopyValue {
        use LoopyValue::{Finite, Infinite};
        match (self, other) {
            (Finite(a), Finite(b)) => Finite(a ^ b),
            (Finite(a), Infinite(k)) | (Infinite(k), Finite(a)) => {
                let mut shifted: Vec<u64> = k.iter().map(|x| x ^ a).collect();
                shifted.sort_unstable();
                Infinite(shifted)
            }
            (Infinite(_), Infinite(_)) => Infinite(Vec::new()),
        }
    }
}

impl fmt::Display for LoopyValue {
    /// `3`, or `∞(0,2)` (`∞()` when no option is finite).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoopyValue::Finite(m) => write!(f, "{m}"),
            LoopyValue::Infinite(k) => {
                let k: Vec<String> = k.iter().map(u64::to_string).collect();
                write!(f, "∞({})", k.join(","))
            }
        }
    }
}

/// The generalised values of every position of a graph, with the counters of the finite ones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Loopy {
    /// `values[i]`: the value of position `i`.
    pub values: Vec<LoopyValue>,
    /// `counters[i]`: the order in which a finite value was assigned (`u64::MAX` for `∞`).
    /// Condition 3 holds with these counters, so a winner who always moves to a value-0
    /// option of least counter makes the play end.
    pub counters: Vec<u64>,
}

impl Loopy {
    /// Among the options of position `i`, the one of value 0 with the least counter: the
    /// winning move that makes progress (`None` when no option has value 0).
    pub fn progress_move(&self, graph_options: &[u32]) -> Option<usize> {
        graph_options
            .iter()
            .map(|&o| o as usize)
            .filter(|&o| self.values[o] == LoopyValue::Finite(0))
            .min_by_key(|&o| self.counters[o])
    }
}

/// Not yet valued, `∞` for good, or valued (the value is in `finite`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Open,
    Infinite,
    Valued,
}

/// Smith's generalised SG values of every position of `graph` (see the module docs).
pub fn analyse<P: Clone + Eq + std::hash::Hash>(graph: &GameGraph<P>) -> Loopy {
    let n = graph.len();
    let (offsets, sources) = graph.predecessors();
    let predecessors = |v: usize| &sources[offsets[v]..offsets[v + 1]];
    let mut state = vec![State::Open; n];
    let mut finite = vec![0u64; n];
    let mut counters = vec![u64::MAX; n];
    let mut clock = 0u64;
    let mut open: Vec<usize> = (0..n).collect();
    // Per round: whether a position has an option valued m, and for each open position the
    // number of its options (edges) that are open or ∞ and have no option valued m yet.
    let mut has_m = vec![false; n];
    let mut blockers = vec![0usize; n];
    let mut m = 0u64;
    while !open.is_empty() {
        for &u in &open {
            has_m[u] = false;
            blockers[u] = 0;
        }
        for u in 0..n {
            if state[u] == State::Infinite {
                has_m[u] = false;
            }
        }
        for &u in &open {
            blockers[u] = graph
                .options(u)
                .iter()
                .filter(|&&o| state[o as usize] != State::Valued)
                .count();
        }
        let mut queue: VecDeque<usize> =
            open.iter().copied().filter(|&u| blockers[u] == 0).collect();
        while let Some(u) = queue.pop_front() {
            if state[u] != State::Open || has_m[u] || blockers[u] != 0 {
                continue;
            }
            state[u] = State::Valued;
            finite[u] = m;
            counters[u] = clock;
            clock += 1;
            for &p in predecessors(u) {
                let p = p as usize;
                if has_m[p] || state[p] == State::Valued {
                    continue;
                }
                // p (open or ∞) now has an option valued m: it stops blocking its
                // predecessors, once per edge into it.
                has_m[p] = true;
                for &q in predecessors(p) {
                    let q = q as usize;
                    if state[q] == State::Open {
                        blockers[q] -= 1;
                        if blockers[q] == 0 && !has_m[q] {
                            queue.push_back(q);
                        }
                    }
                }
            }
        }
        // An open position with no option valued m can never reach a value above m.
        open.retain(|&u| {
            if state[u] == State::Valued {
                return false;
            }
            if !has_m[u] {
                state[u] = State::Infinite;
                return false;
            }
            true
        });
        m += 1;
    }
    let values = (0..n)
        .map(|u| match state[u] {
            State::Valued => LoopyValue::Finite(finite[u]),
            _ => {
                let mut k: Vec<u64> = graph
                    .options(u)
                    .iter()
                    .filter(|&&o| state[o as usize] == State::Valued)
                    .map(|&o| finite[o as usize])
                    .collect();
                k.sort_unstable();
                k.dedup();
                LoopyValue::Infinite(k)
            }
        })
        .collect();
    Loopy { values, counters }
}

/// Answers any [`Ruleset`] whose game graph has cycles: the graph reachable from a position is
/// explored (at most [`DEFAULT_GRAPH_LIMIT`] positions) and [`analyse`]d; positions inside the
/// last graph explored are answered from it. The value of a position depends only on the
/// positions reachable from it, so a graph explored from any start gives the right values.
pub struct LoopySolver<'a> {
    ruleset: &'a dyn Ruleset,
    explored: Option<(GameGraph<Position>, Loopy)>,
}

impl<'a> LoopySolver<'a> {
    /// A solver that has explored nothing yet.
    pub fn new(ruleset: &'a dyn Ruleset) -> Self {
        LoopySolver {
            ruleset,
            explored: None,
        }
    }

    /// The generalised value of a (validated) position and its counter.
    pub fn generalised(&mut self, position: &[u64]) -> Result<(LoopyValue, u64)> {
        let form = self.ruleset.explored_form(position);
        let known = matches!(&self.explored, Some((graph, _)) if graph.index_of(&form).is_some());
        if !known {
            let ruleset = self.ruleset;
            let graph = GameGraph::explore(form.clone(), DEFAULT_GRAPH_LIMIT, |p| {
                ruleset.explored_options(p)
            })?;
            let loopy = analyse(&graph);
            self.explored = Some((graph, loopy));
        }
        let (graph, loopy) = self.explored.as_ref().expect("explored above");
        let i = graph.index_of(&form).expect("the start of the graph");
        Ok((loopy.values[i].clone(), loopy.counters[i]))
    }
}

/// How a position with the generalised value `value` is reported.
pub fn evaluation(value: LoopyValue, method: &str) -> OutcomeEvaluation {
    OutcomeEvaluation {
        outcome: value.outcome(),
        value: value.finite(),
        infinite: match value {
            LoopyValue::Finite(_) => None,
            LoopyValue::Infinite(k) => Some(k),
        },
        method: method.into(),
    }
}

/// The error for the SG value of a position whose generalised value is infinite.
pub fn no_finite_value(position: &[u64], value: &LoopyValue) -> Error {
    let shown: Vec<String> = position.iter().map(u64::to_string).collect();
    no_finite_value_shown(&shown.join(","), value)
}

/// [`no_finite_value`] for a position shown as the user writes it (a digraph's vertex names).
pub fn no_finite_value_shown(shown: &str, value: &LoopyValue) -> Error {
    Error::Invalid(format!(
        "position {shown} has no finite SG value: its generalised value is {value} (outcome {}); `grundy value` or `grundy moves` (Python: Game.evaluate, Game.moves) give it",
        value.outcome()
    ))
}

const LOOPY_METHOD: &str =
    "Smith's generalised SG function (retrograde analysis of the graph reachable from the position: it has cycles)";

impl Solver for LoopySolver<'_> {
    fn value(&mut self, position: &[u64]) -> Result<u64> {
        let (value, _) = self.generalised(position)?;
        value
            .finite()
            .ok_or_else(|| no_finite_value(position, &value))
    }

    fn evaluate(&mut self, position: &[u64]) -> Result<Evaluation> {
        Ok(Evaluation {
            value: self.value(position)?,
            method: LOOPY_METHOD.into(),
        })
    }

    fn evaluate_outcome(&mut self, position: &[u64]) -> Result<OutcomeEvaluation> {
        Ok(evaluation(self.generalised(position)?.0, LOOPY_METHOD))
    }

    fn reserve(&mut self, corner: &[u64]) -> Result<()> {
        // Best effort: a graph too large is refused by the question itself.
        let _ = self.generalised(corner);
        Ok(())
    }

    fn progress(&mut self, position: &[u64]) -> Result<Option<u64>> {
        Ok(Some(self.generalised(position)?.1))
    }
}

/// A game's own solver that turns to a [`LoopySolver`] for good when it meets a cycle, so that
/// games whose graphs have cycles are answered and acyclic games never pay for it.
pub struct CycleAware<'a> {
    inner: Box<dyn Solver + 'a>,
    loopy: Option<LoopySolver<'a>>,
    ruleset: &'a dyn Ruleset,
    /// The position whose options are about to be asked (see [`Solver::reserve`]): the
    /// graph is explored from it when the cycle is met, so that one graph serves all options.
    expected: Option<Position>,
}

impl<'a> CycleAware<'a> {
    /// Wraps `inner`, the solver of `ruleset`.
    pub fn new(ruleset: &'a dyn Ruleset, inner: Box<dyn Solver + 'a>) -> Self {
        CycleAware {
            inner,
            loopy: None,
            ruleset,
            expected: None,
        }
    }

    /// Runs `ask` on the loopy solver once a cycle has been met, else on the game's own, and
    /// on the loopy solver if the game's own meets a cycle.
    fn ask<T>(&mut self, mut ask: impl FnMut(&mut dyn Solver) -> Result<T>) -> Result<T> {
        if let Some(loopy) = &mut self.loopy {
            return ask(loopy);
        }
        match ask(self.inner.as_mut()) {
            Err(Error::Cycle(_)) if !self.ruleset.normal_play() => Err(Error::Cycle(
                "the game has a cycle: a position can be reached from itself, and misère play of games with cycles is not supported (normal play is: drop --misere)".into(),
            )),
            Err(Error::Cycle(_)) => {
                let mut loopy = LoopySolver::new(self.ruleset);
                if let Some(expected) = self.expected.take() {
                    loopy.generalised(&expected)?;
                }
                ask(self.loopy.insert(loopy))
            }
            other => other,
        }
    }
}

impl Solver for CycleAware<'_> {
    fn value(&mut self, position: &[u64]) -> Result<u64> {
        self.ask(|s| s.value(position))
    }

    fn evaluate(&mut self, position: &[u64]) -> Result<Evaluation> {
        self.ask(|s| s.evaluate(position))
    }

    fn evaluate_outcome(&mut self, position: &[u64]) -> Result<OutcomeEvaluation> {
        self.ask(|s| s.evaluate_outcome(position))
    }

    fn outcome_alone(&mut self, position: &[u64]) -> Result<OutcomeEvaluation> {
        self.ask(|s| s.outcome_alone(position))
    }

    fn loony(&mut self, position: &[u64]) -> Result<bool> {
        self.ask(|s| s.loony(position))
    }

    fn sequence_blocks(
        &mut self,
        template: &[Option<u64>],
        range: Range<u64>,
        sink: &mut BlockSink,
    ) -> Result<()> {
        match &mut self.loopy {
            Some(loopy) => sequence_by_position(loopy, template, range, sink),
            None => self.inner.sequence_blocks(template, range, sink),
        }
    }

    fn reserve(&mut self, corner: &[u64]) -> Result<()> {
        self.expected = Some(corner.to_vec());
        match &mut self.loopy {
            Some(loopy) => loopy.reserve(corner),
            None => self.inner.reserve(corner),
        }
    }

    fn progress(&mut self, position: &[u64]) -> Result<Option<u64>> {
        match &mut self.loopy {
            Some(loopy) => loopy.progress(position),
            None => self.inner.progress(position),
        }
    }
}

/// Outcomes of the positions `0..out.len()` by repeated sweeps, with no SG theory (the slow
/// reference the tests and `verify digraph-outcomes` compare with): a position with no move is
/// P; one with a P option is N; one whose every option is N is P; what is never decided is D.
pub fn retrograde_outcomes(out: &[Vec<usize>]) -> Vec<Outcome> {
    let mut outcome: Vec<Option<Outcome>> = vec![None; out.len()];
    let mut changed = true;
    while changed {
        changed = false;
        for u in 0..out.len() {
            if outcome[u].is_some() {
                continue;
            }
            if out[u].iter().any(|&v| outcome[v] == Some(Outcome::P)) {
                outcome[u] = Some(Outcome::N);
                changed = true;
            } else if out[u].iter().all(|&v| outcome[v] == Some(Outcome::N)) {
                outcome[u] = Some(Outcome::P);
                changed = true;
            }
        }
    }
    outcome
        .into_iter()
        .map(|o| o.unwrap_or(Outcome::D))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A graph on vertices `0..n` from an edge list.
    fn graph(n: usize, edges: &[(usize, usize)]) -> GameGraph<usize> {
        let mut out = vec![Vec::new(); n];
        for &(a, b) in edges {
            out[a].push(b);
        }
        GameGraph::from_adjacency(&out)
    }

    /// Checks Smith's three conditions (with the counters) and the definition of `∞(K)`.
    fn satisfies_definition(out: &[Vec<usize>], loopy: &Loopy) -> bool {
        (0..out.len()).all(|u| match &loopy.values[u] {
            LoopyValue::Finite(m) => {
                let values: Vec<&LoopyValue> = out[u].iter().map(|&v| &loopy.values[v]).collect();
                !values.contains(&&LoopyValue::Finite(*m))
                    && (0..*m).all(|j| values.contains(&&LoopyValue::Finite(j)))
                    && out[u].iter().all(|&v| match &loopy.values[v] {
                        LoopyValue::Finite(x) if x < m => true,
                        _ => out[v].iter().any(|&w| {
                            loopy.values[w] == LoopyValue::Finite(*m)
                                && loopy.counters[w] < loopy.counters[u]
                        }),
                    })
            }
            LoopyValue::Infinite(k) => {
                let mut finite: Vec<u64> = out[u]
                    .iter()
                    .filter_map(|&v| loopy.values[v].finite())
                    .collect();
                finite.sort_unstable();
                finite.dedup();
                finite == *k
            }
        })
    }

    #[test]
    fn small_graphs_by_hand() {
        // A 2-cycle with no exit: both draw.
        let l = analyse(&graph(2, &[(0, 1), (1, 0)]));
        assert_eq!(l.values, vec![LoopyValue::Infinite(vec![]); 2]);
        // 0 -> 1 -> 2 (terminal), 1 -> 0: 2 is P, 1 is N (value 1), 0 is ∞? No: 0's only
        // option is 1 (value 1), so 0 has value 0 if 1 has an option valued 0 older than 0.
        let l = analyse(&graph(3, &[(0, 1), (1, 2), (1, 0)]));
        assert_eq!(l.values[2], LoopyValue::Finite(0));
        assert_eq!(l.values[1], LoopyValue::Finite(1));
        assert_eq!(l.values[0], LoopyValue::Finite(0));
        // A vertex with a loop to itself and an exit to a terminal: it moves to the terminal.
        let l = analyse(&graph(2, &[(0, 0), (0, 1)]));
        assert_eq!(l.values[0], LoopyValue::Infinite(vec![0]));
        assert_eq!(l.values[0].outcome(), Outcome::N);
    }

    #[test]
    fn sums_follow_smiths_rule() {
        use LoopyValue::{Finite, Infinite};
        assert_eq!(Finite(3).sum(&Finite(5)), Finite(6));
        assert_eq!(Finite(1).sum(&Infinite(vec![0, 3])), Infinite(vec![1, 2]));
        assert_eq!(Infinite(vec![0]).sum(&Infinite(vec![0])), Infinite(vec![]));
        assert_eq!(Infinite(vec![2]).outcome(), Outcome::D);
        assert_eq!(Finite(2).to_string(), "2");
        assert_eq!(Infinite(vec![0, 2]).to_string(), "∞(0,2)");
    }

    fn random_graph() -> impl Strategy<Value = Vec<Vec<usize>>> {
        (1usize..9)
            .prop_flat_map(|n| proptest::collection::vec(proptest::collection::vec(0..n, 0..4), n))
    }

    proptest! {
        /// On random graphs (cycles, loops, repeated edges), the values meet Smith's definition
        /// and give the outcomes of plain retrograde analysis.
        #[test]
        fn meets_the_definition_and_the_outcomes(out in random_graph()) {
            let loopy = analyse(&GameGraph::from_adjacency(&out));
            prop_assert!(satisfies_definition(&out, &loopy));
            let outcomes: Vec<Outcome> = loopy.values.iter().map(LoopyValue::outcome).collect();
            prop_assert_eq!(outcomes, retrograde_outcomes(&out));
        }

        /// On acyclic graphs (edges only to smaller vertices) the values are the mex recursion.
        #[test]
        fn acyclic_graphs_get_sg_values(out in random_graph()) {
            let out: Vec<Vec<usize>> = out
                .iter()
                .enumerate()
                .map(|(u, vs)| vs.iter().copied().filter(|&v| v < u).collect())
                .collect();
            let loopy = analyse(&GameGraph::from_adjacency(&out));
            let mut sg = vec![0u64; out.len()];
            for u in 0..out.len() {
                sg[u] = crate::solve::mex(out[u].iter().map(|&v| sg[v]));
            }
            prop_assert_eq!(loopy.values, sg.into_iter().map(LoopyValue::Finite).collect::<Vec<_>>());
        }

        /// Smith's sum rule agrees with the analysis of the sum's own graph (two tokens).
        #[test]
        fn the_sum_rule_matches_the_product_graph(a in random_graph(), b in random_graph()) {
            let (na, nb) = (a.len(), b.len());
            let mut product = vec![Vec::new(); na * nb];
            for x in 0..na {
                for y in 0..nb {
                    product[x * nb + y].extend(a[x].iter().map(|&v| v * nb + y));
                    product[x * nb + y].extend(b[y].iter().map(|&w| x * nb + w));
                }
            }
            let (la, lb) = (analyse(&GameGraph::from_adjacency(&a)), analyse(&GameGraph::from_adjacency(&b)));
            let lp = analyse(&GameGraph::from_adjacency(&product));
            for x in 0..na {
                for y in 0..nb {
                    prop_assert_eq!(&lp.values[x * nb + y], &la.values[x].sum(&lb.values[y]), "at ({}, {})", x, y);
                }
            }
        }

        /// Moving to the value-0 option of least counter always ends the play: from any N
        /// position, the winner following it against every reply reaches a terminal position.
        #[test]
        fn the_progress_strategy_ends_the_play(out in random_graph()) {
            let g = GameGraph::from_adjacency(&out);
            let loopy = analyse(&g);
            // The winner's positions (value 0 after the move) have strictly falling counters.
            for u in 0..out.len() {
                if loopy.values[u].outcome() != Outcome::N {
                    continue;
                }
                let Some(p) = loopy.progress_move(g.options(u)) else { continue };
                for &reply in g.options(p) {
                    if let Some(next) = loopy.progress_move(g.options(reply as usize)) {
                        prop_assert!(loopy.counters[next] < loopy.counters[p]);
                    } else {
                        prop_assert!(false, "a reply from a P-position left no winning move");
                    }
                }
            }
        }
    }
}
