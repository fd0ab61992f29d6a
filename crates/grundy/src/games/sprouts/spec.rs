//! `sprouts`: the game has no parameters; a position is a number of spots or Glop's notation.

use super::Sprouts;
use crate::family::{Family, SpecArgs};
use crate::{Result, Ruleset};

/// The folder's registry entries, in the order `--help` lists them.
pub const FAMILIES: &[Family] = &[FAMILY];

/// The registry entry.
pub const FAMILY: Family = Family {
    name: "sprouts",
    keys: &[],
    summary: "sprouts: join two spots, or a spot to itself, by a curve that crosses nothing, and put a new spot on it; a spot takes at most 3 curves (positions: a number of spots like 5, or Glop's notation like 0.0.}]!)",
    build,
};

fn build(_: &mut SpecArgs) -> Result<Box<dyn Ruleset>> {
    Ok(Box::new(Sprouts))
}
