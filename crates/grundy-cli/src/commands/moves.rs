//! `grundy moves GAME POS`.

use std::io::Write;

use serde_json::json;

use super::{show_position, unsupported, write_json, Outcome};
use crate::cli::{Format, PositionArgs};
use grundy::misere::{play, Convention};
use grundy::query;
use grundy::query::MoveReport;

pub fn run(args: PositionArgs, out: &mut dyn Write) -> Outcome {
    let played = play::parse_game(&args.game, args.misere)?;
    let misere = played.convention() == Convention::Misere;
    let game = played.ruleset();
    let position = game.parse_position(&args.position)?;
    // Beyond what the engines reach, the game's theory may still give the winning moves.
    let working = crate::progress::delayed("computing");
    let moves = working.watch(|| query::move_outcomes(game.as_ref(), &position));
    drop(working);
    let moves = match moves {
        Ok(moves) => moves,
        Err(e @ grundy::Error::TooLarge(_)) => {
            return match query::theory_winning_moves(game.as_ref(), &position)? {
                Some(winning) => write_partial(
                    out,
                    args.output.format(),
                    &game.spec(),
                    &position,
                    &winning,
                    &e,
                    misere,
                ),
                None => Err(e.into()),
            };
        }
        Err(e) => return Err(e.into()),
    };
    let winning = moves.iter().filter(|m| m.winning).count();
    match args.output.format() {
        Format::Json => {
            let mut answer = json!({
                "game": game.spec(),
                "position": position,
                "moves": moves,
                "winning": winning,
                "complete": true,
            });
            if misere {
                answer["play"] = json!(Convention::Misere);
            }
            write_json(out, &answer)
        }
        Format::Text => {
            let width = moves.iter().map(|m| m.description.len()).max().unwrap_or(0);
            let to_width = moves
                .iter()
                .map(|m| game.show_position(&m.to).len())
                .max()
                .unwrap_or(0);
            for m in &moves {
                let mark = if m.winning { "  <- winning" } else { "" };
                // where only the outcome is known, say which
                let value = match (m.value, &m.infinite) {
                    (Some(v), _) => format!("value {v}"),
                    (None, Some(finite)) => format!(
                        "value {}, {}-position",
                        grundy::solve::loopy::LoopyValue::Infinite(finite.clone()),
                        m.outcome
                    ),
                    (None, None) => format!("{}-position", m.outcome),
                };
                writeln!(
                    out,
                    "{:<width$}  -> {:<to_width$}  {value}{mark}",
                    m.description,
                    game.show_position(&m.to),
                )?;
            }
            let drawing = moves
                .iter()
                .filter(|m| m.outcome == grundy::Outcome::D)
                .count();
            let verdict = match (moves.len(), winning) {
                (0, _) if misere => "no moves: the player to move has won".to_string(),
                (0, _) => "no moves: the player to move has lost".to_string(),
                (n, 0) if drawing > 0 => {
                    format!("{n} moves, none winning, {drawing} keeping the draw: a D-position")
                }
                (n, 0) => format!("{n} moves, none winning: a P-position"),
                (n, w) => format!("{n} moves, {w} winning"),
            };
            if misere {
                writeln!(out, "{verdict} under misère play (values are G-)")?;
            } else {
                writeln!(out, "{verdict}")?;
            }
            Ok(())
        }
        Format::Csv => {
            writeln!(out, "description,to,value,winning")?;
            for m in &moves {
                writeln!(
                    out,
                    "\"{}\",\"{}\",{},{}",
                    m.description,
                    game.show_position(&m.to),
                    m.value.map_or(String::new(), |v| v.to_string()),
                    m.winning
                )?;
            }
            Ok(())
        }
        format @ Format::Bfile => Err(unsupported(format, "moves (b-files are for sequences)")),
    }
}

/// Only the winning moves, from the game's theory, when not every option can be valued.
fn write_partial(
    out: &mut dyn Write,
    format: Format,
    game: &str,
    position: &[u64],
    moves: &[MoveReport],
    why: &grundy::Error,
    misere: bool,
) -> Outcome {
    match format {
        Format::Json => {
            let mut answer = json!({
                "game": game,
                "position": position,
                "moves": moves,
                "winning": moves.len(),
                "complete": false,
                "why": why.to_string(),
            });
            if misere {
                answer["play"] = json!(Convention::Misere);
            }
            write_json(out, &answer)
        }
        Format::Text => {
            for m in moves {
                writeln!(
                    out,
                    "{}  -> {}  value 0  <- winning",
                    m.description,
                    show_position(&m.to)
                )?;
            }
            let verdict = if moves.is_empty() {
                "no winning move: a P-position (closed form)"
            } else {
                "only the winning move is listed (closed form)"
            };
            writeln!(out, "{verdict}; the other moves are not valued: {why}")?;
            Ok(())
        }
        Format::Csv => {
            writeln!(out, "description,to,value,winning")?;
            for m in moves {
                writeln!(
                    out,
                    "\"{}\",\"{}\",0,true",
                    m.description,
                    show_position(&m.to)
                )?;
            }
            Ok(())
        }
        format @ Format::Bfile => Err(unsupported(format, "moves (b-files are for sequences)")),
    }
}
