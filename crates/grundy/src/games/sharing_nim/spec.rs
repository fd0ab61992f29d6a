//! `sharing-nim` (no keys) and `graph-nim:edges=EDGES[:n=N]`.

use super::{GraphNim, SharingNim};
use crate::family::{Family, SpecArgs};
use crate::{Result, Ruleset};

/// The folder's registry entries, in the order `--help` lists them.
pub const FAMILIES: &[Family] = &[FAMILY, GRAPH_FAMILY];

/// The registry entry of Sharing Nim.
pub const FAMILY: Family = Family {
    name: "sharing-nim",
    keys: &[],
    summary: "sharing-nim: move k from pile i to pile j when pile_j + k <= pile_i - k (positions: 3,8,20; two or more piles)",
    build,
};

/// The registry entry of Graph Nim.
pub const GRAPH_FAMILY: Family = Family {
    name: "graph-nim",
    keys: &["edges", "n"],
    summary: "graph-nim:edges=0>1,1-2: Sharing Nim along arcs, a>b one way, a-b both, vertices from 0; n=N adds vertices (positions: one pile per vertex)",
    build: build_graph,
};

fn build(_: &mut SpecArgs) -> Result<Box<dyn Ruleset>> {
    Ok(Box::new(SharingNim::default()))
}

fn build_graph(args: &mut SpecArgs) -> Result<Box<dyn Ruleset>> {
    let edges = args.require("edges")?;
    let n = args.number("n")?;
    Ok(Box::new(GraphNim::parse(&edges, n)?))
}
