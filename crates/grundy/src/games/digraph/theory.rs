//! What is proven about games on digraphs, as checks of the engine.
//!
//! - Smith (1966), *Graphs and composite games*: the generalised SG function exists, is unique,
//!   decides the outcome (P, N, D) and adds over disjunctive sums by `a ⊕ ∞(K) = ∞(K ⊕ a)`,
//!   `∞(K) ⊕ ∞(L) = ∞(∅)`.
//!
//! Both claims below go through *every* digraph on at most `to` vertices (loops allowed: each
//! of the `to²` possible edges present or not), so `holds` means holds on all of them.

use crate::solve::loopy::{analyse, retrograde_outcomes, LoopyValue};
use crate::solve::GameGraph;
use crate::verify::{Claim, Params, Tally, Verdict};
use crate::{Error, Result};

/// The folder's claims.
pub const CLAIMS: &[Claim] = &[
    Claim {
        name: "digraph-outcomes",
        source: "Smith (1966), Graphs and composite games, J. Combin. Theory 1",
        statement: "the generalised SG value's outcome (0: P; finite > 0 or ∞(K) with 0 in K: N; otherwise D) is the outcome of plain retrograde analysis",
        params: &[],
        range: "every digraph on 1..=to vertices, loops allowed (to <= 4)",
        default_to: Some(3),
        check: check_outcomes,
    },
    Claim {
        name: "digraph-smith-sums",
        source: "Smith (1966), Graphs and composite games, J. Combin. Theory 1",
        statement: "the generalised value of two tokens is Smith's sum of their values (a ⊕ ∞(K) = ∞(K ⊕ a), ∞ ⊕ ∞ = ∞())",
        params: &[],
        range: "every digraph on 1..=to vertices, loops allowed, every pair of tokens, against the analysis of the two-token graph (to <= 4)",
        default_to: Some(3),
        check: check_sums,
    },
];

/// The most vertices the exhaustive checks take (2^16 digraphs on 4 vertices).
pub const MAX_EXHAUSTIVE_VERTICES: u64 = 4;

/// Calls `each` with every digraph on `1..=to` vertices (as adjacency lists).
fn each_digraph(
    to: u64,
    progress: &mut dyn FnMut(f64),
    mut each: impl FnMut(&[Vec<usize>]),
) -> Result<()> {
    if to == 0 || to > MAX_EXHAUSTIVE_VERTICES {
        return Err(Error::TooLarge(format!(
            "--to is the number of vertices, 1 to {MAX_EXHAUSTIVE_VERTICES} (every digraph on 5 vertices is 2^25 graphs)"
        )));
    }
    let total: u64 = (1..=to).map(|n| 1u64 << (n * n)).sum();
    let mut done = 0u64;
    for n in 1..=to as usize {
        for mask in 0u64..1 << (n * n) {
            let out: Vec<Vec<usize>> = (0..n)
                .map(|u| (0..n).filter(|v| mask >> (u * n + v) & 1 == 1).collect())
                .collect();
            each(&out);
            done += 1;
            if done.is_multiple_of(4096) {
                progress(done as f64 / total as f64);
            }
        }
    }
    progress(1.0);
    Ok(())
}

fn check_outcomes(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let mut tally = Tally::new();
    each_digraph(to, progress, |out| {
        let values = analyse(&GameGraph::from_adjacency(out)).values;
        let plain = retrograde_outcomes(out);
        let failure = (0..out.len()).find(|&u| values[u].outcome() != plain[u]);
        tally.case(failure.map(|u| {
            format!(
                "digraph {out:?}, vertex {u}: value {} gives {}, retrograde analysis {}",
                values[u],
                values[u].outcome(),
                plain[u]
            )
        }));
    })?;
    Ok(tally.verdict(&CLAIMS[0], params, to))
}

fn check_sums(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let mut tally = Tally::new();
    each_digraph(to, progress, |out| {
        let n = out.len();
        let single = analyse(&GameGraph::from_adjacency(out)).values;
        // Two tokens (x, y): move either along its edges.
        let product: Vec<Vec<usize>> = (0..n * n)
            .map(|p| {
                let (x, y) = (p / n, p % n);
                let first = out[x].iter().map(move |&v| v * n + y);
                first
                    .chain(out[y].iter().map(move |&w| x * n + w))
                    .collect()
            })
            .collect();
        let pair = analyse(&GameGraph::from_adjacency(&product)).values;
        let failure = (0..n * n).find(|&p| pair[p] != single[p / n].sum(&single[p % n]));
        tally.case(failure.map(|p| {
            let rule: LoopyValue = single[p / n].sum(&single[p % n]);
            format!(
                "digraph {out:?}, tokens on {} and {}: the two-token graph gives {}, Smith's rule {rule}",
                p / n,
                p % n,
                pair[p]
            )
        }));
    })?;
    Ok(tally.verdict(&CLAIMS[1], params, to))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_claims_hold_on_every_digraph_of_three_vertices() {
        for claim in CLAIMS {
            let params = Params::new(claim, []).unwrap();
            let verdict = (claim.check)(&params, 3, &mut |_| {}).unwrap();
            assert_eq!(
                verdict.status,
                crate::verify::Status::Holds,
                "{}",
                claim.name
            );
        }
        assert!(check_sums(&Params::new(&CLAIMS[1], []).unwrap(), 5, &mut |_| {}).is_err());
    }
}
