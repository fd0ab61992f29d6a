//! The published outcomes of Sprouts starts, and the claims that recompute them.
//!
//! - **Normal play.** Applegate, Jacobson and Sleator (Computer Analysis of Sprouts,
//!   CMU-CS-91-144, 1991) computed `p = 1..11`: the first player wins for 3, 4, 5, 9, 10, 11 and
//!   loses for 1, 2, 6, 7, 8, and conjectured that the first player wins exactly when `p mod 6`
//!   is 3, 4 or 5. Lemoine and Viennot ("Computer analysis of Sprouts with nimbers", Games of No
//!   Chance 4, MSRI Publications 63, 2015) settled every `p` up to 32, all as the conjecture
//!   says; [`NORMAL_FIRST_PLAYER_WINS`] lists those 32.
//! - **Misère play.** OEIS A164950 (from Lemoine and Viennot, "Analysis of misère Sprouts game
//!   with reduced canonical trees", arXiv:0908.4407, 2009, and their SproutsWiki records to 20
//!   spots; Applegate, Jacobson and Sleator had reached 9, Jordan and Khorkov 12 in 2007):
//!   [`MISERE_FIRST_PLAYER_WINS`].
//!
//! A start's outcome only, never its value beyond "zero or not", is published for most `p`;
//! the claims compare the outcome the search finds with the table: `sprouts-normal-outcomes`
//! here, `sprouts-misere-outcomes` in `misere/claims.rs` (it runs the misère search, a layer
//! above the families).

use super::Sprouts;
use crate::verify::{Claim, Params, Tally, Verdict};
use crate::{Result, Ruleset};

/// Whether the first player wins the normal game of `p` spots, `p = 1..=32` (index `p - 1`):
/// AJS 1991 to 11, Lemoine and Viennot 2015 to 32.
pub const NORMAL_FIRST_PLAYER_WINS: [bool; 32] = {
    let mut wins = [false; 32];
    let mut p = 1;
    while p <= 32 {
        wins[p - 1] = matches!(p % 6, 3..=5);
        p += 1;
    }
    wins
};

/// Whether the first player wins the misère game of `p` spots, `p = 1..=20` (OEIS A164950:
/// 1, 0, 0, 0, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0).
pub const MISERE_FIRST_PLAYER_WINS: [bool; 20] = [
    true, false, false, false, true, true, false, false, false, true, true, true, false, false,
    false, true, true, true, false, false,
];

/// The claims of the folder.
pub const CLAIMS: &[Claim] = &[
    Claim {
        name: "sprouts-normal-outcomes",
        source: "Applegate, Jacobson and Sleator, Computer Analysis of Sprouts (CMU-CS-91-144, 1991) for p <= 11; Lemoine and Viennot, Computer analysis of Sprouts with nimbers (Games of No Chance 4, 2015) to 32",
        statement: "the first player wins normal Sprouts from p spots exactly when p mod 6 is 3, 4 or 5 (the published outcomes, p = 1..32)",
        params: &[],
        range: "every start of p = 1..to spots (to <= 32), its outcome by the board search (only: is the value 0?)",
        default_to: Some(6),
        check: check_normal,
    },
];

fn check_normal(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let claim = &CLAIMS[0];
    if to > NORMAL_FIRST_PLAYER_WINS.len() as u64 {
        return Err(crate::Error::TooLarge(format!(
            "{}: outcomes are published for p <= {}; --to {to} is refused",
            claim.name,
            NORMAL_FIRST_PLAYER_WINS.len()
        )));
    }
    let game = Sprouts;
    let mut solver = game.solver().expect("Sprouts has its solver");
    let mut tally = Tally::new();
    for p in 1..=to {
        progress((p - 1) as f64 / to as f64);
        // The outcome alone: only "is the value 0?" is searched.
        let start = Sprouts::start_position(p as usize)?;
        let wins = solver.outcome_alone(&start)?.outcome == crate::Outcome::N;
        let published = NORMAL_FIRST_PLAYER_WINS[p as usize - 1];
        tally.check(wins == published, || {
            format!(
                "{p} spots: the first player {}, but is published to {}",
                if wins { "wins" } else { "loses" },
                if published { "win" } else { "lose" }
            )
        });
    }
    Ok(tally.verdict(claim, params, to))
}
