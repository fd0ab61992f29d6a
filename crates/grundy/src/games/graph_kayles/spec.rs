//! `node-kayles:graph=G` and `arc-kayles:graph=G`, G one of `path:N`, `cycle:N`, `grid:RxC`,
//! `complete:N`, `petersen`, `file=FILE`.

use super::{GraphKayles, Rule};
use crate::family::{Family, SpecArgs};
use crate::{Result, Ruleset};

/// The folder's registry entries, in the order `--help` lists them.
pub const FAMILIES: &[Family] = &[NODE, ARC];

/// Node-Kayles.
pub const NODE: Family = Family {
    name: "node-kayles",
    keys: &["graph"],
    summary: "node-kayles:graph=petersen (or path:N, cycle:N, grid:RxC, complete:N, file=G.txt): remove a vertex and its neighbours (positions: the vertices left, like 0,1,4; the whole graph by default)",
    build: build_node,
};

/// Arc-Kayles.
pub const ARC: Family = Family {
    name: "arc-kayles",
    keys: &["graph"],
    summary: "arc-kayles:graph=cycle:9 (graphs as for node-kayles): remove the two ends of an edge (positions: the vertices left; the whole graph by default)",
    build: build_arc,
};

/// The graph of a spec: `graph=path` with the bare part `5` was written `graph=path:5` (the
/// spec's own `:` split it).
fn graph(args: &mut SpecArgs) -> Result<String> {
    let kind = args.require("graph")?;
    Ok(match args.take_bare() {
        Some(size) => format!("{kind}:{size}"),
        None => kind,
    })
}

fn build_node(args: &mut SpecArgs) -> Result<Box<dyn Ruleset>> {
    Ok(Box::new(GraphKayles::new(Rule::Node, &graph(args)?)?))
}

fn build_arc(args: &mut SpecArgs) -> Result<Box<dyn Ruleset>> {
    Ok(Box::new(GraphKayles::new(Rule::Arc, &graph(args)?)?))
}
