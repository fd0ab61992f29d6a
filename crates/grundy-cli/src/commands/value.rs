//! `grundy value GAME POS`. Where a game's theory knows the outcome but its SG value is out of
//! reach (e.g. takeaway games with a huge pile), the value is `null` in JSON and the text gives
//! the outcome.

use std::io::Write;

use serde_json::json;

use super::{unsupported, write_json_named, Outcome};
use crate::cli::{Format, ValueArgs};
use grundy::misere::play;
use grundy::query;

pub fn run(args: ValueArgs, out: &mut dyn Write) -> Outcome {
    let ValueArgs {
        position: args,
        search,
    } = args;
    let played = play::parse_game(&args.game, args.misere)?;
    let misere = played.convention() == grundy::misere::Convention::Misere;
    let game = played.ruleset();
    let position = super::position_or_start(game.as_ref(), args.position.as_deref())?;
    let report = {
        let working = crate::progress::delayed("computing");
        super::with_search(&search, Some(&working), || {
            working.watch(|| query::outcome(game.as_ref(), &position))
        })??
    };
    match args.output.format() {
        Format::Json => {
            let mut answer = json!({
                "game": report.game,
                "position": super::position_json(game.as_ref(), &report.position),
                "value": report.value,
                "outcome": report.outcome,
                "method": report.method,
            });
            if misere {
                // The value is G- of the position as one game; the outcome is the misère one.
                answer["play"] = json!(played.convention());
            }
            if let Some(finite) = &report.infinite {
                // Smith's ∞(K): no finite value; K, the finite values of the options.
                answer["infinite"] = json!(true);
                answer["finite_options"] = json!(finite);
            }
            write_json_named(out, &answer, game.as_ref())
        }
        Format::Text => {
            let meaning = super::meaning(report.outcome);
            let value = match report.value {
                Some(v) => {
                    writeln!(out, "{v}")?;
                    if misere {
                        format!("misère value G- {v}, ")
                    } else {
                        format!("value {v}, ")
                    }
                }
                None => match &report.infinite {
                    Some(finite) => {
                        let value = grundy::solve::loopy::LoopyValue::Infinite(finite.clone());
                        writeln!(out, "{value}")?;
                        format!("generalised value {value}, ")
                    }
                    None => {
                        writeln!(out, "{}", report.outcome)?;
                        String::new()
                    }
                },
            };
            writeln!(
                out,
                "{} {}: {value}{}-position ({meaning})",
                report.game,
                game.show_position(&report.position),
                report.outcome
            )?;
            writeln!(out, "method: {}", report.method)?;
            Ok(())
        }
        Format::Csv => {
            writeln!(out, "game,position,value,outcome,method")?;
            writeln!(
                out,
                "\"{}\",\"{}\",{},{},\"{}\"",
                report.game,
                game.show_position(&report.position),
                report.value.map_or(String::new(), |v| v.to_string()),
                report.outcome,
                report.method
            )?;
            Ok(())
        }
        format @ Format::Bfile => Err(unsupported(format, "value (b-files are for sequences)")),
    }
}
