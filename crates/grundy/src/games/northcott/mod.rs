//! Northcott's game, impartial: a board whose every row holds a white and a black checker; a
//! move slides one checker along its row toward the other, any number of squares, without
//! jumping over it. Who cannot move loses.
//!
//! A position lists each row's checkers as `white:black` columns (from 1). Every row is a Nim
//! heap, its gap (the empty squares between the checkers), so a board is worth the Nim sum of
//! its gaps ([`theory`]), at any size. **Which version:** the two-player game usually played
//! lets each player move only his own colour, also away from the other checker; that game is
//! partizan and can go round in circles, but its winner is the same (the Nim sum of the gaps is
//! not 0 for the player to move), since every retreat can be answered by an advance of the same
//! length in the same row: [`theory`] gives the argument. grundy plays the impartial version,
//! whose moves (toward the other checker only) are the same for both players.

pub mod spec;
pub mod theory;

use crate::ruleset::{check_listing, Arity, Evaluation, Move, Position, Ruleset, Solver};
use crate::{Error, Result};

/// Northcott's game, moves toward the other checker only.
#[derive(Debug, Clone, Copy, Default)]
pub struct Northcott;

/// Positions with more moves than this are refused by `moves`.
pub const MAX_LISTED_MOVES: u128 = 1_000_000;

/// The number of moves of `rows`: twice the sum of the gaps.
pub fn move_count(rows: &[u64]) -> u128 {
    rows.chunks(2)
        .map(|r| 2 * u128::from(theory::gap(r[0], r[1])))
        .sum()
}

fn colour(index: usize) -> &'static str {
    ["white", "black"][index % 2]
}

fn describe(rows: &[u64], to: &[u64]) -> String {
    let i = (0..rows.len())
        .find(|&i| rows[i] != to[i])
        .expect("a move slides a checker");
    format!(
        "slide the {} checker of row {} from {} to {}",
        colour(i),
        i / 2 + 1,
        rows[i],
        to[i]
    )
}

fn make_move(rows: &[u64], to: Position) -> Move {
    Move {
        description: describe(rows, &to),
        to,
    }
}

impl Ruleset for Northcott {
    fn spec(&self) -> String {
        "northcott".into()
    }

    fn arity(&self) -> Arity {
        Arity::AtLeast(2)
    }

    fn position_hint(&self) -> String {
        "the white and black checkers of each row as white:black columns from 1, like 1:6,3:4"
            .into()
    }

    fn coordinate_name(&self, index: usize, _count: usize) -> String {
        format!("{} checker of row {}", colour(index), index / 2 + 1)
    }

    fn min_coordinate(&self, _index: usize) -> u64 {
        1
    }

    fn validate(&self, rows: &[u64]) -> Result<()> {
        crate::ruleset::check_arity_of(self, rows)?;
        if rows.len() % 2 == 1 {
            return Err(Error::Position(format!(
                "{} numbers: a position is a list of rows white:black (as numbers, pairs)",
                rows.len()
            )));
        }
        for (r, row) in rows.chunks(2).enumerate() {
            if row[0] == 0 || row[1] == 0 {
                return Err(Error::Position(format!(
                    "row {}: columns are numbered from 1",
                    r + 1
                )));
            }
            if row[0] == row[1] {
                return Err(Error::Position(format!(
                    "row {}: both checkers on column {} (each row holds two checkers on different squares)",
                    r + 1,
                    row[0]
                )));
            }
        }
        Ok(())
    }

    /// `white:black` rows joined by commas, or the flat list of numbers.
    fn parse_position(&self, text: &str) -> Result<Position> {
        let text = text.trim();
        if !text.contains(':') {
            return crate::number::parse_position(text);
        }
        let mut out = Vec::new();
        for part in text.split(',') {
            let (w, b) = part.split_once(':').ok_or_else(|| {
                Error::Position(format!(
                    "'{part}' is not a row white:black (write every row so, like 1:6,3:4)"
                ))
            })?;
            out.push(crate::number::parse_u64(w.trim())?);
            out.push(crate::number::parse_u64(b.trim())?);
        }
        Ok(out)
    }

    fn show_position(&self, rows: &[u64]) -> String {
        rows.chunks(2)
            .map(|r| match r {
                [w, b] => format!("{w}:{b}"),
                [w] => w.to_string(),
                _ => String::new(),
            })
            .collect::<Vec<_>>()
            .join(",")
    }

    fn moves(&self, rows: &[u64]) -> Result<Vec<Move>> {
        self.validate(rows)?;
        let count = move_count(rows);
        if count > MAX_LISTED_MOVES {
            return Err(Error::TooLarge(format!(
                "this position has {count} moves, more than the {MAX_LISTED_MOVES} that are listed"
            )));
        }
        check_listing(count, rows.len())?;
        let mut moves = Vec::with_capacity(count as usize);
        for r in 0..rows.len() / 2 {
            for i in [2 * r, 2 * r + 1] {
                let (from, other) = (rows[i], rows[i ^ 1]);
                let squares: Vec<u64> = if from < other {
                    (from + 1..other).collect()
                } else {
                    (other + 1..from).rev().collect()
                };
                for square in squares {
                    let mut to = rows.to_vec();
                    to[i] = square;
                    moves.push(make_move(rows, to));
                }
            }
        }
        Ok(moves)
    }

    /// Each checker stays between its start and the other checker's: at most the product over
    /// the rows of `(gap + 1)^2` boards.
    fn reachable_at_most(&self, rows: &[u64]) -> Option<u128> {
        Some(rows.chunks(2).fold(1u128, |acc, r| {
            let g = u128::from(theory::gap(r[0], r[1])) + 1;
            acc.saturating_mul(g.saturating_mul(g))
        }))
    }

    fn solver(&self) -> Option<Box<dyn Solver + '_>> {
        Some(Box::new(NorthcottSolver))
    }

    fn explain_move(&self, rows: &[u64], to: &[u64]) -> Option<String> {
        (theory::value(to) == 0 && theory::value(rows) != 0).then(|| {
            let gaps: Vec<String> = to
                .chunks(2)
                .map(|r| theory::gap(r[0], r[1]).to_string())
                .collect();
            format!(
                "the gaps are now {}, whose Nim sum is 0: a P-position (each row is a Nim heap, its gap)",
                gaps.join(", ")
            )
        })
    }

    /// The winning moves by the theorem: in a row whose gap `g` exceeds `g ⊕ v`, either checker
    /// slides to leave the gap `g ⊕ v` (the first ones only on a board too long to list them).
    fn theory_winning_moves(&self, rows: &[u64]) -> Option<Vec<Move>> {
        let v = theory::value(rows);
        if v == 0 {
            return Some(Vec::new());
        }
        // A board so long that its winning moves would hold more than the numbers a list of
        // moves may hold: the first ones only.
        let most = (crate::ruleset::MAX_LISTED_COORDINATES / rows.len().max(1) as u128).max(2);
        let mut out = Vec::new();
        for r in 0..rows.len() / 2 {
            if out.len() as u128 >= most {
                break;
            }
            let (w, b) = (rows[2 * r], rows[2 * r + 1]);
            let g = theory::gap(w, b);
            let left = g ^ v;
            if left < g {
                let by = g - left;
                for i in [2 * r, 2 * r + 1] {
                    let mut to = rows.to_vec();
                    to[i] = if rows[i] < rows[i ^ 1] {
                        rows[i] + by
                    } else {
                        rows[i] - by
                    };
                    out.push(make_move(rows, to));
                }
            }
        }
        Some(out)
    }
}

/// Values by the theorem, for any board.
struct NorthcottSolver;

impl Solver for NorthcottSolver {
    fn value(&mut self, rows: &[u64]) -> Result<u64> {
        Ok(theory::value(rows))
    }

    fn evaluate(&mut self, rows: &[u64]) -> Result<Evaluation> {
        Ok(Evaluation {
            value: theory::value(rows),
            method: theory::METHOD.into(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::HashMap;

    #[test]
    fn moves_slide_toward_the_other_checker() {
        let moves = Northcott.moves(&[1, 4]).unwrap();
        let described: Vec<&str> = moves.iter().map(|m| m.description.as_str()).collect();
        assert_eq!(
            described,
            [
                "slide the white checker of row 1 from 1 to 2",
                "slide the white checker of row 1 from 1 to 3",
                "slide the black checker of row 1 from 4 to 3",
                "slide the black checker of row 1 from 4 to 2",
            ]
        );
        assert_eq!(Northcott.parse_position("1:6,3:4").unwrap(), [1, 6, 3, 4]);
        assert_eq!(Northcott.show_position(&[1, 6, 3, 4]), "1:6,3:4");
        assert!(Northcott.validate(&[2, 2]).is_err());
        assert!(Northcott.validate(&[1, 2, 3]).is_err());
        assert!(Northcott.validate(&[0, 2]).is_err());
    }

    #[test]
    fn huge_boards_answer_by_the_theorem() {
        let rows = [1, u64::MAX, 5, 2];
        // Gaps 2^64 - 3 and 2.
        assert_eq!(theory::value(&rows), (u64::MAX - 2) ^ 2);
        assert!(Northcott.moves(&rows).is_err());
        let winning = Northcott.theory_winning_moves(&rows).unwrap();
        assert_eq!(winning.len(), 2);
        assert!(winning.iter().all(|m| theory::value(&m.to) == 0));
    }

    proptest! {
        #[test]
        fn theorem_agrees_with_the_definition_on_random_boards(
            rows in prop::collection::vec((1u64..9, 1u64..9), 1..4),
        ) {
            prop_assume!(rows.iter().all(|(w, b)| w != b));
            let flat: Vec<u64> = rows.iter().flat_map(|&(w, b)| [w, b]).collect();
            prop_assert_eq!(theory::by_definition(&flat, &mut HashMap::new()), theory::value(&flat));
            // The theorem's winning moves are exactly the listed moves to value 0.
            let mut listed: Vec<Vec<u64>> = Northcott.moves(&flat).unwrap().into_iter()
                .map(|m| m.to).filter(|to| theory::value(to) == 0).collect();
            let mut theorem: Vec<Vec<u64>> = Northcott.theory_winning_moves(&flat).unwrap()
                .into_iter().map(|m| m.to).collect();
            listed.sort();
            theorem.sort();
            prop_assert_eq!(listed, theorem);
        }
    }
}
