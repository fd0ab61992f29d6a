//! `chomp:RxC`: the full rectangle of R rows and C columns.

use super::Chomp;
use crate::family::{Family, SpecArgs};
use crate::{Error, Result, Ruleset};

/// The folder's registry entries, in the order `--help` lists them.
pub const FAMILIES: &[Family] = &[FAMILY];

/// The registry entry.
pub const FAMILY: Family = Family {
    name: "chomp",
    keys: &[],
    summary: "chomp:4x7: take a square and every square above and to the right; the poisoned bottom-left square is never taken (positions: column heights like 4,4,3,1; the full bar by default)",
    build,
};

fn build(args: &mut SpecArgs) -> Result<Box<dyn Ruleset>> {
    let size = args
        .take_bare()
        .ok_or_else(|| Error::Spec("chomp needs a size RxC, like chomp:4x7".into()))?;
    let (rows, cols) = crate::games::board::parse_size(&size)?;
    Ok(Box::new(Chomp::new(rows, cols)?))
}
