//! `grundy period GAME [--to N] [--no-stop] [--checkpoint FILE]`.

use std::io::Write;

use serde_json::json;

use super::{number, unsupported, write_json, Outcome};
use crate::cli::{Format, PeriodArgs};
use crate::failure::Failure;
use grundy::games::octal::{self, SearchOptions};
use grundy::Error;

pub fn run(args: PeriodArgs, out: &mut dyn Write) -> Outcome {
    let game = octal::spec::parse(&args.game)?.ok_or_else(|| {
        Error::Invalid(format!(
            "period is for heap games (octal:CODE, hex:CODE, grundy-game, kayles, dawson-kayles, dawson-chess, double-kayles); '{}' is not one",
            args.game
        ))
    })?;
    let to = number(&args.to)?;
    let format = args.output.format();
    if matches!(format, Format::Csv | Format::Bfile) {
        return Err(unsupported(format, "period (use text or json)"));
    }
    if args.checkpoint_every.is_nan() || args.checkpoint_every < 0.0 {
        return Err(Error::Invalid(
            "--checkpoint-every must be a number of seconds, at least 0".into(),
        )
        .into());
    }
    let memory = args
        .memory
        .as_deref()
        .map(super::parse_memory)
        .transpose()?;
    let bar = crate::progress::bar(to, "period");
    let options = SearchOptions {
        to,
        stop_at_proof: !args.no_stop,
        checkpoint: args
            .checkpoint
            .as_deref()
            .map(|path| (path, args.checkpoint_every)),
    };
    // Ctrl-C ends the search where it stands: the checkpoint is saved and what is known printed.
    crate::stream::watch_interrupt();
    let mut first = true;
    let mut progress = |done, _| {
        if first {
            // The first report is what a checkpoint brought: the estimate of the time left
            // counts only the values computed from here.
            crate::progress::rebase(&bar, done);
            first = false;
        } else {
            bar.set_position(done);
        }
    };
    let report = match memory {
        Some(memory) => octal::period_search_past_memory(
            &game,
            &options,
            memory,
            &mut progress,
            &crate::stream::interrupted,
        )?,
        None => {
            octal::period_search_until(&game, &options, &mut progress, &crate::stream::interrupted)?
        }
    };
    bar.finish_and_clear();
    write_report(&report, to, format, out)?;
    if report.interrupted {
        let kept = match (&args.checkpoint, &report.save_error) {
            (Some(path), None) => format!(
                "the checkpoint {} holds them; the same command resumes",
                path.display()
            ),
            _ => "without a saved --checkpoint a rerun starts over".into(),
        };
        let proven = match report.proof {
            Some(_) => "",
            None => ", before a period was proven",
        };
        return Err(Failure::Interrupted(format!(
            "interrupted after {} values, G(0), ..., G({}){proven}; {kept}",
            report.computed,
            report.computed.saturating_sub(1)
        )));
    }
    Ok(())
}

/// The report in text or JSON.
fn write_report(
    report: &octal::PeriodReport,
    to: u64,
    format: Format,
    out: &mut dyn Write,
) -> Outcome {
    if format == Format::Json {
        let p = report.proof;
        return write_json(
            out,
            &json!({
                "game": report.game,
                "code": report.code,
                "computed": report.computed,
                "resumed_from": report.resumed_from,
                "proven": p.is_some(),
                "period": p.map(|p| p.period).or(report.observed.map(|o| o.0)),
                "preperiod": p.map(|p| p.preperiod).or(report.observed.map(|o| o.1)),
                "preperiod_exact": report.preperiod_exact,
                "last_exception": p.filter(|_| report.preperiod_exact).and_then(|p| p.last_exception()),
                "proof": report.proof_text,
                "checked_to": p.map(|p| p.checked_to),
                "not_covered": report.not_covered,
                "max_value": report.max_value,
                "max_at": report.max_at,
                "split": report.split,
                "rare_count": report.rare_count,
                "rare": report.rare.iter().map(|(n, v)| json!({"n": n, "value": v})).collect::<Vec<_>>(),
                "save_error": report.save_error,
                "complete": !report.interrupted,
            }),
        );
    }
    let title = if report.game == report.code {
        report.game.clone()
    } else {
        format!("{} ({})", report.game, report.code)
    };
    match (report.proof, &report.proof_text) {
        (Some(p), Some(text)) => {
            match report.preperiod_exact {
                true => {
                    let last = p
                        .last_exception()
                        .map_or("no exception".into(), |e| format!("last exception at {e}"));
                    writeln!(
                        out,
                        "{title}: period {}, preperiod {}, {last}",
                        p.period, p.preperiod
                    )?
                }
                false => writeln!(
                    out,
                    "{title}: period {}, preperiod at most {} (the values before it were not kept)",
                    p.period, p.preperiod
                )?,
            }
            writeln!(out, "{text}")?;
        }
        _ => {
            let yet = if report.interrupted {
                " yet (interrupted)"
            } else {
                ""
            };
            writeln!(
                out,
                "{title}: no period proven in G(0), ..., G({}){yet}",
                report.computed.saturating_sub(1)
            )?;
            match report.observed {
                Some((p, n0)) => writeln!(
                    out,
                    "observed only: the last quarter of the values repeats with period {p} from n = {n0}"
                )?,
                None => writeln!(out, "observed: no period in the last quarter of the values")?,
            }
            if let Some(why) = &report.not_covered {
                writeln!(out, "{why}")?;
            }
        }
    }
    let stopped = if report.interrupted {
        format!(" (interrupted before {to})")
    } else if report.proof.is_some() && report.computed < to {
        " (stopped at the proof; --no-stop goes on to --to)".into()
    } else {
        String::new()
    };
    writeln!(
        out,
        "computed: {} values, G(0), ..., G({}){stopped}",
        report.computed,
        report.computed.saturating_sub(1)
    )?;
    if report.resumed_from > 0 {
        writeln!(
            out,
            "resumed from the checkpoint's {} values",
            report.resumed_from
        )?;
    }
    write_largest_and_rare(
        out,
        (report.max_value, report.max_at),
        &report.split,
        report.rare_count,
        &report.rare,
    )?;
    if let Some(e) = &report.save_error {
        writeln!(out, "warning: the checkpoint was not saved: {e}")?;
    }
    Ok(())
}

/// The text lines `grundy period` and `grundy record` share: the largest value and where it
/// first occurs, and the rare positions (the first 60 shown, then the last).
pub(super) fn write_largest_and_rare(
    out: &mut dyn Write,
    (max_value, max_at): (u64, u64),
    split: &str,
    rare_count: u64,
    rare: &[(u64, u64)],
) -> std::io::Result<()> {
    writeln!(out, "largest value: {max_value} (first at n = {max_at})")?;
    let shown: Vec<String> = rare
        .iter()
        .take(60)
        .map(|(n, v)| format!("{v}@{n}"))
        .collect();
    let more = if rare_count as usize > shown.len() {
        let (n, v) = rare.last().expect("not empty");
        format!(
            " ... (last {v}@{n}; --json lists the first {})",
            octal::RARE_LISTED
        )
    } else {
        String::new()
    };
    writeln!(
        out,
        "sparse space ({split}): {rare_count} rare position(s) (value@n): {}{more}",
        shown.join(" ")
    )
}
