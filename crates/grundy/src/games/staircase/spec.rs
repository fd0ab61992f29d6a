//! `staircase` (no keys).

use super::Staircase;
use crate::family::{Family, SpecArgs};
use crate::{Result, Ruleset};

/// The folder's registry entries, in the order `--help` lists them.
pub const FAMILIES: &[Family] = &[FAMILY];

/// The registry entry.
pub const FAMILY: Family = Family {
    name: "staircase",
    keys: &[],
    summary: "staircase: Staircase Nim, move any number of coins from a step down one step (step 1 to the ground) (positions: the coins on steps 1, 2, 3, ..., like 3,0,5)",
    build,
};

fn build(_: &mut SpecArgs) -> Result<Box<dyn Ruleset>> {
    Ok(Box::new(Staircase))
}
