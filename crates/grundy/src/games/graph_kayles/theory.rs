//! Node-Kayles and Arc-Kayles on paths and cycles are octal games, and their claims.
//!
//! - **Paths.** In Node-Kayles on a path of `n` vertices a move takes an end vertex alone (a
//!   path of 1), an end and its neighbour, or an inner vertex with both neighbours, leaving zero,
//!   one or two shorter paths: the octal game 0.137 (Dawson's Chess) on a heap of `n`. In
//!   Arc-Kayles an edge takes two adjacent vertices, leaving zero, one or two paths: 0.07
//!   (Dawson's Kayles) on a heap of `n` (Winning Ways ch. 4).
//! - **Cycles.** Every move on a cycle of `n >= 3` vertices leaves a path, of `n - 3` vertices
//!   (Node-Kayles) or `n - 2` (Arc-Kayles), so the cycle's value is `mex` of that one value: 1
//!   when the path is a P-position, else 0.

use super::{GraphKayles, Rule};
use crate::games::octal::{code::Base, code::Rules, HeapGame};
use crate::verify::{Claim, Params, Tally, Verdict};
use crate::Result;

/// The claims of the folder.
pub const CLAIMS: &[Claim] = &[
    Claim {
        name: "node-kayles-path",
        source: "Node-Kayles on a path is the octal game 0.137, Dawson's Chess (Winning Ways ch. 4); the argument is in the docs of games/graph_kayles/theory.rs",
        statement: "Node-Kayles on path:n has the value of a heap of n in 0.137, and on cycle:n (n >= 3) the value mex{G_0.137(n - 3)}",
        params: &[],
        range: "every n <= to (board search against the octal engine)",
        default_to: Some(60),
        check: check_node,
    },
    Claim {
        name: "arc-kayles-path",
        source: "Arc-Kayles on a path is the octal game 0.07, Dawson's Kayles (Winning Ways ch. 4); the argument is in the docs of games/graph_kayles/theory.rs",
        statement: "Arc-Kayles on path:n has the value of a heap of n in 0.07, and on cycle:n (n >= 3) the value mex{G_0.07(n - 2)}",
        params: &[],
        range: "every n <= to (board search against the octal engine)",
        default_to: Some(60),
        check: check_arc,
    },
];

/// The values `G(0..=to)` of an octal code by the octal engine.
pub fn octal_values(code: &str, to: u64) -> Result<Vec<u64>> {
    let game = HeapGame::new(Rules::parse(code, Base::Octal)?, format!("octal:{code}"));
    let mut solver = crate::solve::solver_for(&game);
    (0..=to).map(|n| solver.value(&[n])).collect()
}

/// The value of the whole graph `graph` under `rule`, by the board search.
pub fn searched(rule: Rule, graph: &str) -> Result<u64> {
    let game = GraphKayles::new(rule, graph)?;
    let start = GraphKayles::position(game.graph.all());
    let value = crate::solve::solver_for(&game).value(&start);
    value
}

fn check(
    rule: Rule,
    code: &str,
    removed: u64,
    claim: &Claim,
    params: &Params,
    to: u64,
    progress: &mut dyn FnMut(f64),
) -> Result<Verdict> {
    if to > super::graph::MAX_VERTICES as u64 {
        return Err(crate::Error::TooLarge(format!(
            "{}: a graph has at most {} vertices in the board search; --to {to} is refused",
            claim.name,
            super::graph::MAX_VERTICES
        )));
    }
    let octal = octal_values(code, to)?;
    let mut tally = Tally::new();
    for n in 0..=to {
        progress(n as f64 / (to + 1) as f64);
        let path = searched(rule, &format!("path:{n}"))?;
        tally.check(path == octal[n as usize], || {
            format!(
                "path:{n} has value {path}; a heap of {n} in {code} has {}",
                octal[n as usize]
            )
        });
        if n >= 3 {
            let cycle = searched(rule, &format!("cycle:{n}"))?;
            let expected = u64::from(octal[(n - removed) as usize] == 0);
            tally.check(cycle == expected, || {
                format!(
                    "cycle:{n} has value {cycle}; mex of G({}) = {} is {expected}",
                    n - removed,
                    octal[(n - removed) as usize]
                )
            });
        }
    }
    Ok(tally.verdict(claim, params, to))
}

fn check_node(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    check(Rule::Node, "0.137", 3, &CLAIMS[0], params, to, progress)
}

fn check_arc(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    check(Rule::Arc, "0.07", 2, &CLAIMS[1], params, to, progress)
}
