//! `grundy seq GAME [POS] --to N [--from M] [--analyze]`.

use std::io::Write;

use serde_json::{json, Value};

use super::{number, unsupported, Outcome};
use crate::cli::{Format, SeqArgs};
use crate::failure::Failure;
use crate::stream::{JsonHead, SequenceWriter};
use grundy::query::{self, SequenceReport};
use grundy::spec;

pub fn run(args: SeqArgs, out: &mut dyn Write) -> Outcome {
    // `--memory` is checked before a path is chosen; the bound goes to the engines through the
    // search settings.
    let bound = crate::cli::SearchArgs {
        memory: args.memory.clone(),
        checkpoint: None,
        db: args.db.clone(),
    };
    let settings = super::search_settings(&bound)?;
    if args.genus {
        super::refuse_search_flags(&bound, "seq --genus")?;
    }
    match bound.memory.is_some() || bound.db.is_some() {
        true => super::with_search(&settings, None, || run_in(args, out)),
        false => run_in(args, out),
    }
}

fn run_in(args: SeqArgs, out: &mut dyn Write) -> Outcome {
    if args.genus {
        return super::genus::run(args, out);
    }
    if args.position.is_none() && !args.misere && query::spec_hole(&args.game).is_some() {
        return along_the_spec(args, out);
    }
    let played = grundy::misere::play::parse_game(&args.game, args.misere)?;
    let game = played.ruleset();
    super::refuse_db(game.as_ref(), args.db.as_deref())?;
    let to = match &args.to {
        Some(to) => number(to)?,
        None => proof_end(&args, game.as_ref())?,
    };
    let given_from = args.from.as_deref().map(number).transpose()?;
    let format = args.output.format();
    if args.analyze && matches!(format, Format::Csv | Format::Bfile) {
        return Err(unsupported(format, "--analyze (use text or json)"));
    }
    if let Some(path) = &args.plot {
        crate::picture::check_path(path)?;
    }
    let bar = crate::progress::bar(
        to.saturating_sub(given_from.unwrap_or(0)).saturating_add(1),
        "seq",
    );
    // Without a position, a game may give the sequence its theory singles out (takeaway: g(N)).
    let singled_out = match &args.position {
        None => game
            .default_sequence(given_from, to, &mut |done| bar.set_position(done))
            .transpose()?,
        Some(_) => None,
    };
    let (template, name, from, collected) = match singled_out {
        Some(s) => (Vec::new(), Some(s.name), s.from, Some(s.values)),
        None => {
            let template = match &args.position {
                Some(text) => spec::parse_template(text)?,
                None => query::default_template(game.as_ref())?,
            };
            let from = given_from.unwrap_or_else(|| query::default_from(game.as_ref(), &template));
            (template, None, from, None)
        }
    };
    let mut picture = args.plot.as_ref().map(|_| {
        let x = match template.iter().position(Option::is_none) {
            _ if name.is_some() => "N".to_string(),
            Some(i) => game.coordinate_name(i, template.len()),
            None => "n".to_string(),
        };
        let y = name.as_deref().map_or("SG value", |_| "g(N)");
        let what = match &name {
            Some(n) => n.clone(),
            None if template.len() == 1 => "SG values".to_string(),
            None => format!("SG values of {}", query::show_template(&template)),
        };
        crate::picture::SequencePicture::new(from, to, &x, y)
            .titled(format!("{}: {what}", game.spec()))
    });
    let spec = game.spec();
    let shown = grundy::ruleset::TemplateJson::new(game.as_ref(), &template);
    let head = JsonHead {
        game: &spec,
        position: name.is_none().then_some(&shown),
        sequence: name.as_deref(),
        from,
        to,
    };
    // The analysis needs every value; otherwise they are written as the engine computes them
    // (any length, in bounded memory) and Ctrl-C ends the output at a block boundary.
    let values = match collected {
        Some(values) => values,
        None if args.analyze => query::sequence(game.as_ref(), &template, from, to, &mut |done| {
            bar.set_position(done)
        })?,
        None => {
            let mut writer = SequenceWriter::new(out, format, &head);
            crate::stream::watch_interrupt();
            let mut write_error = None;
            // Work the engines report between blocks (an octal table built up to `--from`)
            // shows in the bar's message until the next values come; being watched, it has no
            // work budget.
            let working = bar.clone();
            let watcher = Box::new(move |done: u64, total: u64| {
                working.set_message(format!("seq (working: {done}/{total})"))
            });
            let result = grundy::progress::watched(watcher, || {
                query::sequence_blocks(game.as_ref(), &template, from, to, &mut |block| {
                    if !block.is_empty() {
                        bar.set_message("seq");
                    }
                    if let Err(e) = writer.push(block) {
                        write_error = Some(e);
                        return Err(grundy::Error::Invalid("output failed".into()));
                    }
                    if let Some(picture) = &mut picture {
                        picture.push(block);
                    }
                    bar.set_position(writer.written());
                    if crate::stream::interrupted() {
                        return Err(grundy::Error::Invalid("interrupted".into()));
                    }
                    Ok(())
                })
            });
            bar.finish_and_clear();
            if let Some(e) = write_error {
                return Err(e.into());
            }
            let stopped = crate::stream::interrupted();
            match result {
                // A record run that stopped short after values were out: they stay a valid
                // output, ended as such, and the run says why it stopped (exit code 3).
                Err(e @ grundy::Error::Stopped(_)) if !stopped && writer.written() > 0 => {
                    let done = writer.written();
                    writer.finish(false, &[])?;
                    return Err(Failure::Incomplete(format!(
                        "{e} (the output holds the values at {from}..{})",
                        from + done - 1
                    )));
                }
                // Any other error is a refusal: the values not yet handed on (all of them below
                // a mebibyte) are dropped with the writer, so stdout stays empty (exit code 2).
                Err(e) if !stopped => return Err(e.into()),
                _ => {}
            }
            if let (Some(path), Some(picture)) = (&args.plot, picture) {
                picture.finish(path)?;
            }
            let done = writer.written();
            writer.finish(!stopped, &[])?;
            if stopped {
                return Err(Failure::Interrupted(match done {
                    0 => "interrupted before the first value".to_string(),
                    _ => format!(
                        "interrupted: the output holds the values at {from}..{}",
                        from + done - 1
                    ),
                }));
            }
            return Ok(());
        }
    };
    bar.finish_and_clear();
    if let (Some(path), Some(picture)) = (&args.plot, &mut picture) {
        picture.push(&values);
        let picture =
            std::mem::replace(picture, crate::picture::SequencePicture::new(0, 0, "", ""));
        picture.finish(path)?;
    }
    let report = match args.analyze {
        true => Some(query::analyze(game.as_ref(), &template, from, &values)?),
        false => None,
    };
    write_values(out, format, &head, &values, report.as_ref())
}

/// Writes the values of a sequence computed whole, then its analysis when asked.
fn write_values(
    out: &mut dyn Write,
    format: Format,
    head: &JsonHead,
    values: &[u64],
    report: Option<&SequenceReport>,
) -> Outcome {
    let mut writer = SequenceWriter::new(out, format, head);
    writer.push(values)?;
    match (format, report) {
        (Format::Json, Some(report)) => {
            writer.finish(true, &[("analysis", analysis_json(report))])?
        }
        (Format::Text, Some(report)) => {
            writer.finish(true, &[])?;
            write_analysis(out, report)?;
        }
        _ => writer.finish(true, &[])?,
    }
    Ok(())
}

/// The analysis in JSON, with the keys CLI.md names.
pub fn analysis_json(report: &SequenceReport) -> Value {
    let a = &report.analysis;
    let p = a.periodicity.as_ref();
    json!({
        "max": a.max,
        "records": a.records.iter().map(|(n, v)| json!({"n": n, "value": v})).collect::<Vec<_>>(),
        "records_total": a.records_total,
        "counts": a.counts.iter().map(|(v, c)| json!({"value": v, "count": c})).collect::<Vec<_>>(),
        "gaps": a.gaps,
        "all_values_listed": a.all_values_listed,
        "period": p.map(|p| p.period),
        "preperiod": p.map(|p| p.preperiod),
        "saltus": p.map(|p| p.saltus.to_string().parse::<i64>().map_or_else(|_| json!(p.saltus.to_string()), |s| json!(s))),
        "periodicity_from": report.periodicity_from,
        "preperiod_exact": report.from_first_position,
        "proven": report.proven,
        "proof": report.proof,
        "palindrome": a.palindrome,
        "notes": report.notes,
    })
}

/// The analysis for people.
pub fn write_analysis(out: &mut dyn Write, report: &SequenceReport) -> Outcome {
    let a = &report.analysis;
    writeln!(out)?;
    match a.max {
        Some(max) => {
            let records: Vec<String> = a.records.iter().map(|(n, v)| format!("{v}@{n}")).collect();
            let first = match a.records_total > a.records.len() as u64 {
                true => format!("the first {} of {} ", a.records.len(), a.records_total),
                false => String::new(),
            };
            writeln!(
                out,
                "max: {max}   {first}records (value@n): {}",
                records.join(" ")
            )?;
        }
        None => writeln!(out, "max: none (empty sequence)")?,
    }
    if !a.all_values_listed {
        writeln!(
            out,
            "(more than {} distinct values: counts and gaps list the {} smallest)",
            a.counts.len(),
            a.counts.len()
        )?;
    }
    let counts: Vec<String> = a.counts.iter().map(|(v, c)| format!("{v}:{c}")).collect();
    writeln!(out, "counts (value:count): {}", counts.join(" "))?;
    writeln!(out, "gaps between equal values:")?;
    writeln!(
        out,
        "  {:>8} {:>10} {:>10} {:>10} {:>10} {:>12}",
        "value", "count", "first", "last", "max gap", "max gap at"
    )?;
    for g in &a.gaps {
        let (gap, at) = match (g.max_gap, g.max_gap_from) {
            (Some(gap), Some(at)) => (gap.to_string(), format!("{at}..{}", at + gap)),
            _ => ("-".into(), "-".into()),
        };
        writeln!(
            out,
            "  {:>8} {:>10} {:>10} {:>10} {:>10} {:>12}",
            g.value, g.count, g.first, g.last, gap, at
        )?;
    }
    match (&a.periodicity, &report.proof) {
        (Some(p), proof) => {
            let kind = if p.saltus == 0 {
                String::new()
            } else {
                format!(", saltus {} (arithmetic periodicity)", p.saltus)
            };
            let status = match proof {
                Some(reason) => format!("proven: {reason}"),
                None => format!(
                    "observed only in {}..{}, not proven",
                    report.periodicity_from,
                    a.from + a.len.saturating_sub(1)
                ),
            };
            let preperiod = if report.from_first_position {
                format!("preperiod {}", p.preperiod)
            } else {
                format!(
                    "preperiod at most {} (values before {} not examined)",
                    p.preperiod, report.periodicity_from
                )
            };
            writeln!(
                out,
                "periodicity: period {}, {preperiod}{kind}; {status}",
                p.period
            )?;
        }
        (None, _) => writeln!(
            out,
            "periodicity: none seen (a period must cover two repetitions and half the range)"
        )?,
    }
    writeln!(
        out,
        "palindrome: {}",
        if a.palindrome { "yes" } else { "no" }
    )?;
    for note in &report.notes {
        writeln!(out, "{note}")?;
    }
    Ok(())
}

/// `seq --analyze` without `--to`: the end of the values the game's theory needs to prove the
/// period, when the game has such a search (heap games).
fn proof_end(args: &SeqArgs, game: &dyn grundy::ruleset::Ruleset) -> Result<u64, Failure> {
    let missing = || {
        grundy::Error::Invalid(
            "seq needs --to N (or, for a heap game such as octal:0.127, --analyze alone: the values up to where a period is proven)".into(),
        )
    };
    if !args.analyze {
        return Err(missing().into());
    }
    let template = match &args.position {
        Some(text) => spec::parse_template(text)?,
        None => query::default_template(game)?,
    };
    let spinner = crate::progress::bar(0, "seq: looking for a proven period");
    let end = game.proof_end(&template, &mut |done| spinner.set_position(done));
    spinner.finish_and_clear();
    Ok(end.ok_or_else(missing)??)
}

/// `seq` along a size in the spec (`node-kayles:graph=cycle:_`): the value of each game's
/// starting position, each game searched on its own; `--analyze` and `--plot` as for any
/// sequence (a period is only observed there: no theorem applies).
fn along_the_spec(args: SeqArgs, out: &mut dyn Write) -> Outcome {
    let format = args.output.format();
    if args.analyze && matches!(format, Format::Csv | Format::Bfile) {
        return Err(unsupported(format, "--analyze (use text or json)"));
    }
    if let Some(path) = &args.plot {
        crate::picture::check_path(path)?;
    }
    let to = number(args.to.as_deref().ok_or_else(|| {
        grundy::Error::Invalid("a sequence along a size in the spec needs --to".into())
    })?)?;
    let from = match &args.from {
        Some(from) => number(from)?,
        None => query::spec_sequence_start(&args.game)?,
    };
    let bar = crate::progress::bar(to.saturating_sub(from).saturating_add(1), "seq");
    let values = query::spec_sequence(&args.game, from, to, &mut |done| bar.set_position(done))?;
    bar.finish_and_clear();
    if let Some(path) = &args.plot {
        let mut picture = crate::picture::SequencePicture::new(from, to, "size", "SG value")
            .titled(format!(
                "{}: the value of the starting position at each size",
                args.game
            ));
        picture.push(&values);
        picture.finish(path)?;
    }
    let report = match args.analyze {
        true => Some(query::analyze_spec_sequence(&args.game, from, &values)?),
        false => None,
    };
    let head = JsonHead {
        game: &args.game,
        position: None,
        sequence: Some("the value of the starting position at each size"),
        from,
        to,
    };
    write_values(out, format, &head, &values, report.as_ref())
}
