//! `digraph:file=FILE`.

use super::Digraph;
use crate::family::{Family, SpecArgs};
use crate::{Result, Ruleset};

/// The folder's registry entries, in the order `--help` lists them.
pub const FAMILIES: &[Family] = &[FAMILY];

/// The registry entry.
pub const FAMILY: Family = Family {
    name: "digraph",
    keys: &["file"],
    summary: "digraph:file=G.txt: a token moves along an edge of the digraph in G.txt (lines 'u v'); cycles allowed, outcome P, N or D (positions: a vertex, or several as a sum)",
    build,
};

fn build(args: &mut SpecArgs) -> Result<Box<dyn Ruleset>> {
    Ok(Box::new(Digraph::read(&args.require("file")?)?))
}
