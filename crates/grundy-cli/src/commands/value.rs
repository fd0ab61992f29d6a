//! `grundy value GAME POS`. Where a game's theory knows the outcome but its SG value is out of
//! reach (e.g. takeaway games with a huge pile), the value is `null` in JSON and the text gives
//! the outcome. With `--outcome` only the outcome is asked for ([`query::outcome_alone`]).

use std::io::Write;

use serde_json::json;

use super::{unsupported, write_json, Outcome};
use crate::cli::{Format, ValueArgs};
use grundy::misere::{canonical, play};
use grundy::query;

pub fn run(args: ValueArgs, out: &mut dyn Write) -> Outcome {
    let ValueArgs {
        position: args,
        search,
        canonical,
        outcome: alone,
    } = args;
    // Every flag is checked before a path is chosen.
    let settings = super::search_settings(&search)?;
    let format = args.output.format();
    if format == Format::Bfile {
        return Err(unsupported(format, "value (b-files are for sequences)"));
    }
    if canonical {
        super::refuse_search_flags(&search, "value --canonical (the misère canonical form)")?;
        if format == Format::Csv {
            return Err(unsupported(format, "value --canonical (use text or json)"));
        }
    }
    let played = play::parse_game(&args.game, args.misere)?;
    let misere = played.convention() == grundy::misere::Convention::Misere;
    let game = played.ruleset();
    super::refuse_db(game.as_ref(), search.db.as_deref())?;
    let position = super::position_or_start(game.as_ref(), args.position.as_deref())?;
    if canonical {
        if !misere {
            return Err(grundy::Error::Invalid(
                "--canonical gives the misère canonical form: add --misere (or the misere- prefix)"
                    .into(),
            )
            .into());
        }
        return canonical_form(game.as_ref(), &position, format, out);
    }
    let report = {
        let working = crate::progress::delayed("computing");
        super::with_search(&settings, Some(&working), || {
            working.watch(|| match alone {
                true => query::outcome_alone(game.as_ref(), &position),
                false => query::outcome(game.as_ref(), &position),
            })
        })?
    };
    match format {
        Format::Json => {
            let mut answer = json!({
                "game": report.game,
                "position": report.position,
                "value": report.value,
                "outcome": report.outcome,
                "method": report.method,
            });
            if misere {
                // The value is G- of the position as one game; the outcome is the misère one.
                answer["play"] = json!(played.convention());
            }
            if report.loony {
                // CLI.md: a loony position's value is "loony".
                answer["value"] = json!("loony");
                answer["loony"] = json!(true);
            }
            if let Some(finite) = &report.infinite {
                // Smith's ∞(K): no finite value; K, the finite values of the options.
                answer["infinite"] = json!(true);
                answer["finite_options"] = json!(finite);
            }
            write_json(out, &answer)
        }
        Format::Text => {
            let meaning = super::meaning(report.outcome);
            let value = match report.value {
                None if report.loony => {
                    writeln!(out, "loony")?;
                    "value loony, ".to_string()
                }
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
                match report.loony {
                    true => "loony".to_string(),
                    false => report.value.map_or(String::new(), |v| v.to_string()),
                },
                report.outcome,
                report.method
            )?;
            Ok(())
        }
        format @ Format::Bfile => Err(unsupported(format, "value (b-files are for sequences)")),
    }
}

/// `value --misere --canonical`: the misère canonical form and what CGSuite says of it.
fn canonical_form(
    game: &dyn grundy::Ruleset,
    position: &[u64],
    format: Format,
    out: &mut dyn Write,
) -> Outcome {
    let report = {
        let working = crate::progress::delayed("computing the misère canonical form");
        working.watch(|| canonical::Forms::new(game).report(position))?
    };
    let shown = game.show_position(position);
    match format {
        Format::Json => {
            let answer = json!({
                "game": game.spec(),
                "position": grundy::ruleset::PositionJson::new(game, position.to_vec()),
                "play": grundy::misere::Convention::Misere,
                "canonical": report,
                "notation": canonical::NOTATION,
                "is_tame": canonical::CGSUITE_TAMENESS,
            });
            write_json(out, &answer)
        }
        Format::Text => {
            match (&report.form, &report.form_omitted) {
                (Some(form), _) => writeln!(out, "{form}")?,
                (None, why) => writeln!(
                    out,
                    "(form not printed: {})",
                    why.as_deref().unwrap_or("a limit")
                )?,
            }
            writeln!(
                out,
                "{} {shown}: misère canonical form (CGSuite's notation), birthday {}, {} canonical games interned, G+ {}, G- {}",
                game.spec(),
                report.birthday,
                report.interned,
                report.nim_value,
                report.misere_value
            )?;
            writeln!(
                out,
                "genus {} (Conway), {} (CGSuite)",
                report.genus, report.genus_cgsuite
            )?;
            writeln!(
                out,
                "CGSuite IsTame: {} (phylum: {})",
                report.cgsuite_tame,
                report.phylum.name()
            )?;
            Ok(())
        }
        format => Err(unsupported(format, "value --canonical (use text or json)")),
    }
}
