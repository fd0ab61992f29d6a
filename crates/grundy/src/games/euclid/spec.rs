//! `euclid` (no keys).

use super::Euclid;
use crate::family::{Family, SpecArgs};
use crate::{Result, Ruleset};

/// The folder's registry entries, in the order `--help` lists them.
pub const FAMILIES: &[Family] = &[FAMILY];

/// The registry entry.
pub const FAMILY: Family = Family {
    name: "euclid",
    keys: &[],
    summary: "euclid: Euclid's game (Cole and Davie 1969), subtract a positive multiple of the smaller number from the larger, leaving it non-negative; a 0 ends the game (positions: 5,3)",
    build,
};

fn build(_: &mut SpecArgs) -> Result<Box<dyn Ruleset>> {
    Ok(Box::new(Euclid))
}
