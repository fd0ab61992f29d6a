//! `subtraction:s=SET`.

use super::Subtraction;
use crate::family::{Family, SpecArgs};
use crate::{Result, Ruleset};

/// The folder's registry entries, in the order `--help` lists them.
pub const FAMILIES: &[Family] = &[FAMILY];

/// The registry entry.
pub const FAMILY: Family = Family {
    name: "subtraction",
    keys: &["s"],
    summary: "subtraction:s=1,3,4: one pile, subtract an element of S (positions: 10)",
    build,
};

fn build(args: &mut SpecArgs) -> Result<Box<dyn Ruleset>> {
    Ok(Box::new(Subtraction::new(args.required_set("s")?)?))
}
