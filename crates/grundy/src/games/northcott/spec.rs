//! `northcott` (no keys).

use super::Northcott;
use crate::family::{Family, SpecArgs};
use crate::{Result, Ruleset};

/// The folder's registry entries, in the order `--help` lists them.
pub const FAMILIES: &[Family] = &[FAMILY];

/// The registry entry.
pub const FAMILY: Family = Family {
    name: "northcott",
    keys: &[],
    summary: "northcott: Northcott's game as an impartial game, a white and a black checker on each row of a board; slide either checker of a row toward the other, no jumping (positions: white:black columns from 1 per row, like 1:6,3:4)",
    build,
};

fn build(_: &mut SpecArgs) -> Result<Box<dyn Ruleset>> {
    Ok(Box::new(Northcott))
}
