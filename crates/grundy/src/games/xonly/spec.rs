//! `xonly:n=N` (X-only tic-tac-toe, normal play) and `notakto:n=N` (its misère play), `N = 3`
//! by default.

use super::XOnly;
use crate::family::{Family, SpecArgs};
use crate::{Result, Ruleset};

/// The folder's registry entries, in the order `--help` lists them.
pub const FAMILIES: &[Family] = &[XONLY, NOTAKTO];

/// X-only tic-tac-toe under normal play.
pub const XONLY: Family = Family {
    name: "xonly",
    keys: &["n"],
    summary: "xonly (or xonly:n=4): X-only tic-tac-toe on N x N boards, N = 3 by default: put an X on a live board; a board with N in a row is dead; who kills the last board wins (positions: a number of empty boards like 2, or boards as rows like x../.x./...,.../.../...)",
    build: build_xonly,
};

/// Notakto: the misère play of X-only tic-tac-toe.
pub const NOTAKTO: Family = Family {
    name: "notakto",
    keys: &["n"],
    summary: "notakto (or notakto:n=4): Notakto, the misère play of xonly: who kills the last board loses (positions as for xonly; grundy quotient notakto gives its misère quotient)",
    build: build_notakto,
};

fn build(args: &mut SpecArgs, notakto: bool) -> Result<Box<dyn Ruleset>> {
    let n = args.number("n")?.unwrap_or(3);
    let n = u32::try_from(n).unwrap_or(u32::MAX);
    Ok(Box::new(XOnly::new(n, notakto)?))
}

fn build_xonly(args: &mut SpecArgs) -> Result<Box<dyn Ruleset>> {
    build(args, false)
}

fn build_notakto(args: &mut SpecArgs) -> Result<Box<dyn Ruleset>> {
    build(args, true)
}
