//! `turning-turtles`, `mock-turtles`, `ruler` (no keys).

use super::{Coins, Rule};
use crate::family::{Family, SpecArgs};
use crate::{Result, Ruleset};

/// The folder's registry entries, in the order `--help` lists them.
pub const FAMILIES: &[Family] = &[TURTLES, MOCK, RULER];

/// Turning Turtles.
pub const TURTLES: Family = Family {
    name: "turning-turtles",
    keys: &[],
    summary: "turning-turtles: coins in a row; turn one or two, the rightmost from heads to tails (positions: the heads, numbered from 1, like 3,5,6)",
    build: |_: &mut SpecArgs| -> Result<Box<dyn Ruleset>> {
        Ok(Box::new(Coins::new(Rule::TurningTurtles)))
    },
};

/// Mock Turtles.
pub const MOCK: Family = Family {
    name: "mock-turtles",
    keys: &[],
    summary: "mock-turtles: turn one, two or three coins, the rightmost from heads to tails (positions: the heads, numbered from 0, like 0,4,9)",
    build: |_: &mut SpecArgs| -> Result<Box<dyn Ruleset>> {
        Ok(Box::new(Coins::new(Rule::MockTurtles)))
    },
};

/// Ruler.
pub const RULER: Family = Family {
    name: "ruler",
    keys: &[],
    summary: "ruler: turn a run of consecutive coins, the rightmost from heads to tails (positions: the heads, numbered from 1, like 6,12)",
    build: |_: &mut SpecArgs| -> Result<Box<dyn Ruleset>> { Ok(Box::new(Coins::new(Rule::Ruler))) },
};
