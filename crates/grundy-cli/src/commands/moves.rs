//! `grundy moves GAME POS`.

use std::io::Write;

use serde_json::json;

use super::{show_position, unsupported, write_json, Outcome};
use crate::cli::{Format, PositionArgs};
use grundy::{query, spec};

pub fn run(args: PositionArgs, out: &mut dyn Write) -> Outcome {
    let game = spec::parse_game(&args.game)?;
    let position = spec::parse_position(&args.position)?;
    let moves = query::move_outcomes(game.as_ref(), &position)?;
    let winning = moves.iter().filter(|m| m.winning).count();
    match args.output.format() {
        Format::Json => write_json(
            out,
            &json!({
                "game": game.spec(),
                "position": position,
                "moves": moves,
                "winning": winning,
            }),
        ),
        Format::Text => {
            let width = moves.iter().map(|m| m.description.len()).max().unwrap_or(0);
            let to_width = moves
                .iter()
                .map(|m| show_position(&m.to).len())
                .max()
                .unwrap_or(0);
            for m in &moves {
                let mark = if m.winning { "  <- winning" } else { "" };
                // where only the outcome is known, say which
                let value = match m.value {
                    Some(v) => format!("value {v}"),
                    None => format!("{}-position", if m.winning { "P" } else { "N" }),
                };
                writeln!(
                    out,
                    "{:<width$}  -> {:<to_width$}  {value}{mark}",
                    m.description,
                    show_position(&m.to),
                )?;
            }
            let verdict = match (moves.len(), winning) {
                (0, _) => "no moves: the player to move has lost".to_string(),
                (n, 0) => format!("{n} moves, none winning: a P-position"),
                (n, w) => format!("{n} moves, {w} winning"),
            };
            writeln!(out, "{verdict}")?;
            Ok(())
        }
        Format::Csv => {
            writeln!(out, "description,to,value,winning")?;
            for m in &moves {
                writeln!(
                    out,
                    "\"{}\",\"{}\",{},{}",
                    m.description,
                    show_position(&m.to),
                    m.value.map_or(String::new(), |v| v.to_string()),
                    m.winning
                )?;
            }
            Ok(())
        }
        format @ Format::Bfile => Err(unsupported(format, "moves (b-files are for sequences)")),
    }
}
