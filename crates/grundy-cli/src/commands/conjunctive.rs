//! `grundy conjunctive GAME POS [GAME POS ...]`.

use std::io::Write;

use super::{unsupported, write_json, Outcome};
use crate::cli::{ComponentsArgs, Format};
use grundy::solve::evolution;
use grundy::solve::DEFAULT_GRAPH_LIMIT;
use grundy::Ruleset;

pub fn run(args: ComponentsArgs, out: &mut dyn Write) -> Outcome {
    let games = super::parse_components(&args.components)?;
    let components: Vec<(&dyn Ruleset, Vec<u64>)> =
        games.iter().map(|(g, p)| (g.as_ref(), p.clone())).collect();
    let spinner = crate::progress::spinner("exploring the game graph");
    let report = evolution::conjunctive(
        &components,
        DEFAULT_GRAPH_LIMIT,
        &mut crate::progress::exploring(&spinner),
    );
    spinner.finish_and_clear();
    let report = report?;
    match args.output.format() {
        Format::Json => {
            // Through a JSON value: its keys sorted, as ever.
            write_json(out, &serde_json::json!(report))
        }
        Format::Text => {
            writeln!(out, "{}", report.outcome)?;
            let meaning = super::meaning(report.outcome);
            writeln!(
                out,
                "conjunctive compound of {} components: remoteness {}, {}-position ({meaning})",
                report.components.len(),
                report.remoteness,
                report.outcome
            )?;
            for (i, c) in report.components.iter().enumerate() {
                let best = c.best.as_ref().map_or_else(
                    || "over".to_string(),
                    |b| format!("-> {}", games[i].0.show_position(b)),
                );
                writeln!(
                    out,
                    "  {}{} {} {}: remoteness {} ({}), best move {best}",
                    i + 1,
                    if i == report.deciding { "*" } else { " " },
                    c.game,
                    games[i].0.show_position(&c.position),
                    c.remoteness,
                    c.outcome
                )?;
            }
            writeln!(
                out,
                "* decides: the least remoteness (Smith); a best move plays every component to one less"
            )?;
            Ok(())
        }
        format => Err(unsupported(format, "conjunctive (use text or json)")),
    }
}
