//! `nim`: no parameters.

use super::Nim;
use crate::family::{Family, SpecArgs};
use crate::{Result, Ruleset};

/// The folder's registry entries, in the order `--help` lists them.
pub const FAMILIES: &[Family] = &[FAMILY];

/// The registry entry.
pub const FAMILY: Family = Family {
    name: "nim",
    keys: &[],
    summary: "nim: any number of piles, take any number from one pile (positions: 3,5,6)",
    build,
};

fn build(_: &mut SpecArgs) -> Result<Box<dyn Ruleset>> {
    Ok(Box::new(Nim))
}
