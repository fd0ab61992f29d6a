//! The value of Northcott's game (the impartial version of [`super`]), and the claim that
//! compares it with the definition.
//!
//! **Theorem.** A board is worth the Nim sum of its gaps (the empty squares between the two
//! checkers of each row). *Proof.* A row with gap `g` has exactly the moves to gaps `0..g`
//! (the white checker or the black one slides `g - h` squares toward the other, leaving `h`),
//! and no other row changes: each row is the Nim heap `g` (twice over, which the mex does not
//! see), and a board is their disjunctive sum (Sprague–Grundy; Bouton).
//!
//! **The game with retreats.** In the usual two-player game each player slides only his own
//! checkers, toward or away from the other one (A. Bogomolny, *Northcott's game*,
//! cut-the-knot.org): a partizan game in which a gap can grow. Its outcome is the same: a
//! player facing a Nim sum 0 who retreats by `d` squares is answered by the opponent's advance of
//! `d` in the same row, which restores every gap; each such pair pushes the row toward the
//! retreating player's edge, so retreats run out and play ends (the reversible moves of
//! Poker-Nim, Winning Ways). The values of that partizan, loopy game are outside grundy's
//! impartial theory, so the family plays the version above.
//!
//! [`by_definition`] is the brute force: the mex over the moves of the rows, memoised.

use std::collections::HashMap;

use crate::verify::{param, Claim, Params, Tally, Verdict};
use crate::{Error, Result};

/// The gap of a row: the empty squares between its checkers.
pub fn gap(white: u64, black: u64) -> u64 {
    white.abs_diff(black) - 1
}

/// The value of a board of rows `(white, black)` (flat): the Nim sum of the gaps.
pub fn value(rows: &[u64]) -> u64 {
    rows.chunks(2).fold(0, |v, r| v ^ gap(r[0], r[1]))
}

/// How `value` says it found a value.
pub const METHOD: &str = "theorem: the Nim sum of the gaps between the checkers of each row (proven in games/northcott/theory.rs)";

/// The value of a board (flat rows `white, black`) by the definition: the mex over every slide
/// of a checker toward the other of its row, memoised.
pub fn by_definition(rows: &[u64], memo: &mut HashMap<Vec<u64>, u64>) -> u64 {
    if let Some(&v) = memo.get(rows) {
        return v;
    }
    let mut seen = Vec::new();
    for r in 0..rows.len() / 2 {
        let (w, b) = (rows[2 * r], rows[2 * r + 1]);
        let (low, high) = (w.min(b), w.max(b));
        // Either checker to any square strictly between the two.
        for square in low + 1..high {
            for moved in [2 * r, 2 * r + 1] {
                let mut to = rows.to_vec();
                to[moved] = square;
                seen.push(by_definition(&to, memo));
            }
        }
    }
    let v = crate::solve::mex(seen);
    memo.insert(rows.to_vec(), v);
    v
}

/// The claims `grundy verify` checks for Northcott's game.
pub const CLAIMS: &[Claim] = &[Claim {
    name: "northcott-gaps",
    source: "Northcott's game (A. Bogomolny, cut-the-knot.org); the value proven in games/northcott/theory.rs",
    statement: "a board of Northcott's game (each checker slides toward the other of its row) is worth the Nim sum of the gaps between the checkers of its rows",
    params: &[param("rows", "rows of the board, 1 to 3", "2")],
    range: "every placement of the checkers on a board of `to` columns, against the definition",
    default_to: Some(7),
    check: check_theorem,
}];

/// The most placements `verify northcott-gaps` values.
const MAX_CLAIM_BOARDS: u128 = 2_000_000;

fn check_theorem(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let rows = params.number("rows")?;
    if !(1..=3).contains(&rows) {
        return Err(Error::Invalid("--rows must be between 1 and 3".into()));
    }
    let per_row = u128::from(to) * u128::from(to.saturating_sub(1));
    let total = per_row.saturating_pow(rows as u32);
    if total > MAX_CLAIM_BOARDS {
        return Err(Error::TooLarge(format!(
            "northcott-gaps: {total} placements on {rows} rows of {to} columns are more than {MAX_CLAIM_BOARDS}"
        )));
    }
    progress(0.0);
    let placements: Vec<(u64, u64)> = (1..=to)
        .flat_map(|w| (1..=to).filter(move |&b| b != w).map(move |b| (w, b)))
        .collect();
    let mut memo = HashMap::new();
    let mut tally = Tally::new();
    let mut board = vec![0u64; 2 * rows as usize];
    for case in 0..total {
        let mut rest = case;
        for r in 0..rows as usize {
            let (w, b) = placements[(rest % per_row) as usize];
            rest /= per_row;
            board[2 * r] = w;
            board[2 * r + 1] = b;
        }
        let definition = by_definition(&board, &mut memo);
        let theorem = value(&board);
        tally.check(definition == theorem, || {
            format!("{board:?}: the theorem gives {theorem}, the definition {definition}")
        });
        if case % 1024 == 0 {
            progress(case as f64 / total as f64);
        }
    }
    Ok(tally.verdict(&CLAIMS[0], params, to))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_claim_holds_with_its_defaults() {
        let params = Params::new(&CLAIMS[0], []).unwrap();
        let v = (CLAIMS[0].check)(&params, 6, &mut |_| {}).unwrap();
        // 30 placements a row, two rows.
        assert!(v.holds && v.cases == 900, "{v:?}");
    }

    #[test]
    fn small_boards_by_hand() {
        // Adjacent checkers: no move. One square between: one move each way, to gap 0.
        assert_eq!(by_definition(&[3, 4], &mut HashMap::new()), 0);
        assert_eq!(by_definition(&[4, 2], &mut HashMap::new()), 1);
        // Gaps 4 and 0 (rows 1:6 and 3:4): value 4.
        assert_eq!(value(&[1, 6, 3, 4]), 4);
    }
}
