//! What is known of Cram on the empty rectangle, and its claims.
//!
//! - **Symmetry** (Winning Ways ch. 22; Gardner 1974). On an `R x C` board with `R` and `C` both
//!   even the second player wins: every domino has its image under the half-turn about the
//!   centre, disjoint from it and still free after it is placed, so copying each move keeps a
//!   reply. With `R` even and `C` odd the first player wins: a first domino across the centre
//!   of the middle column (covering the two central cells, which the half-turn swaps) leaves a
//!   board symmetric under the half-turn, and then she copies. So even x even is `*0` and even
//!   x odd has a value of at least 1. Odd x odd: no theorem.
//! - **Published values** ([`PUBLISHED`]): the values of empty boards computed by Lemoine and
//!   Viennot's Glop and by Beling's `igs` (table in the README of beling/impartial-games).
//!
//! The claim `cram-symmetry` compares the symmetry theorem with the board search.

use crate::verify::{Claim, Params, Tally, Verdict};
use crate::Result;

/// The empty-board values `(rows, cols, value)` published in the README of Beling's
/// impartial-games repository (its Cram table, 4 to 7 rows by 4 to 15 columns; the smaller
/// ones first computed by Lemoine and Viennot's Glop), with `rows <= cols`. Cells the table
/// lists as unknown are not here: 5x13, 5x14, 5x15, 6x11, 6x13, 6x15 and 7x10 to 7x15.
#[rustfmt::skip]
pub const PUBLISHED: &[(u32, u32, u64)] = &[
    (4, 4, 0), (4, 5, 2), (4, 6, 0), (4, 7, 3), (4, 8, 0), (4, 9, 1), (4, 10, 0), (4, 11, 1),
    (4, 12, 0), (4, 13, 3), (4, 14, 0), (4, 15, 4),
    (5, 5, 0), (5, 6, 2), (5, 7, 1), (5, 8, 1), (5, 9, 1), (5, 10, 2), (5, 11, 0), (5, 12, 3),
    (6, 6, 0), (6, 7, 5), (6, 8, 0), (6, 9, 1), (6, 10, 0), (6, 12, 0), (6, 14, 0),
    (7, 7, 1), (7, 8, 3), (7, 9, 1),
];

/// The cells of Beling's table marked unknown, `(rows, cols)`.
pub const UNKNOWN: &[(u32, u32)] = &[
    (5, 13),
    (5, 14),
    (5, 15),
    (6, 11),
    (6, 13),
    (6, 15),
    (7, 10),
    (7, 11),
    (7, 12),
    (7, 13),
    (7, 14),
    (7, 15),
];

/// What the symmetry theorem says of the empty `rows x cols` board: `Some(true)` "value 0",
/// `Some(false)` "value at least 1", `None` nothing (both odd).
pub fn symmetry(rows: u32, cols: u32) -> Option<bool> {
    match (rows.is_multiple_of(2), cols.is_multiple_of(2)) {
        (true, true) => Some(true),
        (true, false) | (false, true) => Some(false),
        (false, false) => None,
    }
}

/// The claims of the folder.
pub const CLAIMS: &[Claim] = &[Claim {
    name: "cram-symmetry",
    source: "Winning Ways ch. 22 (the symmetry strategies of Cram); Gardner, Mathematical Games (1974)",
    statement: "the empty R x C Cram board has value 0 when R and C are both even, and a value of at least 1 when one is even and the other odd",
    params: &[],
    range: "every board with R <= C and R * C <= to (values by the board search, which does not use the theorem)",
    default_to: Some(30),
    check: check_symmetry,
}];

/// The largest `to` of `cram-symmetry`.
pub const MAX_CHECKED_CELLS: u64 = 36;

/// The value of the empty `rows x cols` board by the search alone (without the symmetry
/// strategy for regions that are their own half-turn, which is the theorem checked).
pub fn searched(rows: u32, cols: u32) -> Result<u64> {
    let cram = super::Cram::new(rows, cols, super::region::full(rows, cols), String::new())?;
    let parts = cram.regions(&super::Cram::position(super::region::full(rows, cols)));
    crate::solve::search::Search::new(&super::Regions::WITHOUT_SYMMETRY, "cram regions")?
        .value(&parts)
}

fn check_symmetry(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let claim = &CLAIMS[0];
    if to > MAX_CHECKED_CELLS {
        return Err(crate::Error::TooLarge(format!(
            "cram-symmetry searches every board of at most {MAX_CHECKED_CELLS} cells (larger ones take minutes to hours each); --to {to} is refused"
        )));
    }
    let boards: Vec<(u32, u32)> = (1..=to as u32)
        .flat_map(|r| (r..=to as u32).map(move |c| (r, c)))
        .filter(|&(r, c)| u64::from(r * c) <= to)
        .collect();
    let mut tally = Tally::new();
    for (i, &(r, c)) in boards.iter().enumerate() {
        progress(i as f64 / boards.len() as f64);
        let Some(zero) = symmetry(r, c) else { continue };
        let v = searched(r, c)?;
        tally.check((v == 0) == zero, || {
            format!(
                "{r}x{c} has value {v}; the theorem says {}",
                if zero { "0" } else { "at least 1" }
            )
        });
    }
    Ok(tally.verdict(claim, params, to))
}
