//! `turning-corners` (no keys) and `tartan:AxB`, A and B among `twins`, `turning-turtles`,
//! `mock-turtles`, `ruler`.

use super::{Factor, Tartan};
use crate::family::{Family, SpecArgs};
use crate::{Error, Result, Ruleset};

/// The folder's registry entries, in the order `--help` lists them.
pub const FAMILIES: &[Family] = &[CORNERS, TARTAN];

/// Turning Corners.
pub const CORNERS: Family = Family {
    name: "turning-corners",
    keys: &[],
    summary: "turning-corners: a grid of coins; turn the four corners of a rectangle, the bottom-right one from heads to tails (positions: the heads as column:row from 0, like 2:3,5:1)",
    build: |_: &mut SpecArgs| -> Result<Box<dyn Ruleset>> {
        Ok(Box::new(Tartan::new(Factor::Twins, Factor::Twins)))
    },
};

/// The product of two coin-turning games.
pub const TARTAN: Family = Family {
    name: "tartan",
    keys: &[],
    summary: "tartan:rulerxmock-turtles: the product of two coin-turning games (twins, turning-turtles, mock-turtles, ruler): turn the coins of A x B for a move A of the first and B of the second (positions: heads as column:row, like 2:3,5:1)",
    build,
};

fn build(args: &mut SpecArgs) -> Result<Box<dyn Ruleset>> {
    let text = args.take_bare().ok_or_else(|| {
        Error::Spec(
            "tartan needs two coin games joined by x, like tartan:rulerxmock-turtles".into(),
        )
    })?;
    let parts: Vec<&str> = text.split('x').map(str::trim).collect();
    let [a, b] = parts.as_slice() else {
        return Err(Error::Spec(format!(
            "tartan:{text}: expected two coin games joined by one x, like tartan:rulerxmock-turtles"
        )));
    };
    Ok(Box::new(Tartan::new(Factor::parse(a)?, Factor::parse(b)?)))
}
