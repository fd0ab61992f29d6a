//! `grundy remoteness GAME POS`.

use std::io::Write;

use serde_json::json;

use super::{unsupported, write_json, Outcome};
use crate::cli::{Format, PositionArgs};
use grundy::solve::evolution;
use grundy::solve::{Outcome as Class, DEFAULT_GRAPH_LIMIT};

pub fn run(args: PositionArgs, out: &mut dyn Write) -> Outcome {
    let played = grundy::misere::play::parse_game(&args.game, args.misere)?;
    let misere = played.convention() == grundy::misere::Convention::Misere;
    let game = played.ruleset();
    let position = super::position_or_start(game.as_ref(), args.position.as_deref())?;
    let spinner = crate::progress::spinner("exploring the game graph");
    let report = evolution::remoteness_under(
        game.as_ref(),
        &position,
        DEFAULT_GRAPH_LIMIT,
        &mut crate::progress::exploring(&spinner),
        played.convention(),
    );
    spinner.finish_and_clear();
    let report = report?;
    match args.output.format() {
        Format::Json => {
            let mut answer = json!(report);
            if misere {
                answer["play"] = json!(played.convention());
            }
            write_json(out, &answer)
        }
        Format::Text => {
            let meaning = match (report.outcome, report.remoteness) {
                (Class::N, 0) if misere => {
                    "the game is over: the player to move has won (misère play)".to_string()
                }
                (Class::P, 0) => "the game is over: the player to move has lost".to_string(),
                (Class::P, r) => format!("the player to move loses, holding out for {r} moves"),
                (Class::N, r) => format!("the player to move wins in {r} moves"),
                // Remoteness is computed on acyclic games only, where no play draws.
                (Class::D, _) => "a draw".to_string(),
            };
            writeln!(out, "{}", report.remoteness)?;
            writeln!(
                out,
                "{} {}: remoteness {}, {}-position ({meaning})",
                report.game,
                game.show_position(&report.position),
                report.remoteness,
                report.outcome
            )?;
            if !report.moves.is_empty() {
                writeln!(
                    out,
                    "moves (remoteness after the move; * = quickest win or slowest loss):"
                )?;
                for m in &report.moves {
                    writeln!(
                        out,
                        "  {} {} -> {}: {}",
                        if m.best { "*" } else { " " },
                        m.description,
                        game.show_position(&m.to),
                        m.remoteness
                    )?;
                }
            }
            writeln!(out, "explored {} positions", report.positions)?;
            Ok(())
        }
        format => Err(unsupported(format, "remoteness (use text or json)")),
    }
}
