//! `grundy generations GAME POS [--list]`.

use std::io::Write;

use serde_json::json;

use super::{unsupported, write_json, Outcome};
use crate::cli::{Format, GenerationsArgs};
use grundy::solve::evolution;
use grundy::solve::DEFAULT_GRAPH_LIMIT;
use grundy::spec;

pub fn run(args: GenerationsArgs, out: &mut dyn Write) -> Outcome {
    let game = spec::parse_game(&args.game)?;
    let position = game.parse_position(&args.position)?;
    let spinner = crate::progress::spinner("exploring the game graph");
    let report = evolution::generations(
        game.as_ref(),
        &position,
        DEFAULT_GRAPH_LIMIT,
        &mut crate::progress::exploring(&spinner),
    );
    spinner.finish_and_clear();
    let report = report?;
    match args.output.format() {
        Format::Json => {
            let mut doc = json!({
                "game": report.game,
                "position": report.position,
                "generation": report.generation,
                "remoteness": report.remoteness,
                "positions": report.positions,
                "p_positions": report.p_positions,
                "born": report.born,
            });
            if args.list {
                doc["cells"] = json!(report.cells);
            }
            write_json(out, &doc)
        }
        Format::Text => {
            let what = match report.generation {
                Some(g) => format!("a P-position born in generation {g}"),
                None => "an N-position".to_string(),
            };
            writeln!(
                out,
                "{} {}: {what} (remoteness {})",
                report.game,
                game.show_position(&report.position),
                report.remoteness
            )?;
            writeln!(
                out,
                "reachable: {} positions, {} P-positions",
                report.positions, report.p_positions
            )?;
            let born: Vec<String> = report.born.iter().map(u64::to_string).collect();
            writeln!(out, "born per generation (0, 1, ...): {}", born.join(" "))?;
            if args.list {
                for c in &report.cells {
                    writeln!(out, "{}: {}", c.generation, game.show_position(&c.position))?;
                }
            }
            Ok(())
        }
        format => Err(unsupported(format, "generations (use text or json)")),
    }
}
