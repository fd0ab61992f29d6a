//! `lasker` (no keys).

use super::Lasker;
use crate::family::{Family, SpecArgs};
use crate::{Result, Ruleset};

/// The folder's registry entries, in the order `--help` lists them.
pub const FAMILIES: &[Family] = &[FAMILY];

/// The registry entry.
pub const FAMILY: Family = Family {
    name: "lasker",
    keys: &[],
    summary: "lasker: Lasker's Nim, take any number from one heap or split a heap into two non-empty heaps (positions: 3,5,6)",
    build,
};

fn build(_: &mut SpecArgs) -> Result<Box<dyn Ruleset>> {
    Ok(Box::new(Lasker))
}
