//! `fibonacci-nim` (no keys).

use super::FibonacciNim;
use crate::family::{Family, SpecArgs};
use crate::{Result, Ruleset};

/// The folder's registry entries, in the order `--help` lists them.
pub const FAMILIES: &[Family] = &[FAMILY];

/// The registry entry.
pub const FAMILY: Family = Family {
    name: "fibonacci-nim",
    keys: &[],
    summary: "fibonacci-nim: Fibonacci Nim (Whinihan 1963), one pile; the first move takes 1 to n - 1, then at most twice the previous take (positions: the pile and the most the next take may be, like 20,7; the pile alone, like 20, is the start)",
    build,
};

fn build(_: &mut SpecArgs) -> Result<Box<dyn Ruleset>> {
    Ok(Box::new(FibonacciNim))
}
