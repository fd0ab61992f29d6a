//! `wythoff` (no keys).

use super::Wythoff;
use crate::family::{Family, SpecArgs};
use crate::{Result, Ruleset};

/// The folder's registry entries, in the order `--help` lists them.
pub const FAMILIES: &[Family] = &[FAMILY];

/// The registry entry.
pub const FAMILY: Family = Family {
    name: "wythoff",
    keys: &[],
    summary: "wythoff: two piles, take any number from one pile or the same number from both (positions: 3,5)",
    build,
};

fn build(_: &mut SpecArgs) -> Result<Box<dyn Ruleset>> {
    Ok(Box::new(Wythoff))
}
