//! What is known of Chomp, and its claims.
//!
//! - **Strategy stealing** (Gale 1974). A rectangle other than `1 x 1` is an N-position: if
//!   every first move lost, taking the top-right square would too, and its winning reply would
//!   have been a winning first move. (It says nothing of the winning move or of the value.)
//! - **An L is two Nim heaps.** A position whose squares all lie in the first row or the first
//!   column is a column of `a - 1` squares above the poisoned one and a row of `b - 1` to its
//!   right; a bite takes from one of the two, so the value is `(a - 1) XOR (b - 1)` (Bouton).

use crate::verify::{Claim, Params, Tally, Verdict};
use crate::Result;

/// The claims of the folder.
pub const CLAIMS: &[Claim] = &[
    Claim {
        name: "chomp-strategy-stealing",
        source: "Gale, A curious Nim-type game, Amer. Math. Monthly 81 (1974): the strategy-stealing argument",
        statement: "every R x C rectangle other than 1 x 1 has a value of at least 1 (the first player wins)",
        params: &[],
        range: "every rectangle with R * C <= to (values by the board search, which is not told the theorem)",
        default_to: Some(30),
        check: check_stealing,
    },
    Claim {
        name: "chomp-l",
        source: "the L of a Chomp bar is two Nim heaps (Bouton 1901); proven in the docs of games/chomp/theory.rs",
        statement: "the position of a first column of height a and a first row of length b (nothing else) has value (a - 1) XOR (b - 1)",
        params: &[],
        range: "every a, b <= to (values by the board search)",
        default_to: Some(20),
        check: check_l,
    },
];

/// The value of the position with column heights `heights` by the search alone.
pub fn searched(heights: &[u32]) -> Result<u64> {
    let part = super::canonical(heights);
    crate::solve::search::Search::new(&super::Diagrams, "chomp diagrams")?.value(&[part])
}

fn check_stealing(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    if to > 40 {
        return Err(crate::Error::TooLarge(format!(
            "chomp-strategy-stealing searches every rectangle of at most 40 squares; --to {to} is refused"
        )));
    }
    let mut tally = Tally::new();
    for r in 1..=to {
        progress(r as f64 / to as f64);
        for c in r..=to / r {
            if r * c == 1 {
                continue;
            }
            let v = searched(&vec![r as u32; c as usize])?;
            tally.check(v >= 1, || format!("the {r}x{c} rectangle has value 0"));
        }
    }
    Ok(tally.verdict(&CLAIMS[0], params, to))
}

fn check_l(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    if to > 30 {
        return Err(crate::Error::TooLarge(format!(
            "chomp-l searches every L with a, b <= 30 at most; --to {to} is refused"
        )));
    }
    let mut tally = Tally::new();
    for a in 1..=to {
        progress(a as f64 / to as f64);
        for b in 1..=to {
            let mut heights = vec![a as u32];
            heights.extend(std::iter::repeat_n(1, b as usize - 1));
            let v = searched(&heights)?;
            let expected = (a - 1) ^ (b - 1);
            tally.check(v == expected, || {
                format!("column {a} and row {b}: value {v}, the formula says {expected}")
            });
        }
    }
    Ok(tally.verdict(&CLAIMS[1], params, to))
}
