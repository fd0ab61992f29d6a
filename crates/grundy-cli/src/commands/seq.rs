//! `grundy seq GAME [POS] --to N [--from M] [--analyze]`.

use std::io::Write;

use serde_json::{json, Value};

use super::{number, show_template, unsupported, write_json, Outcome};
use crate::cli::{Format, SeqArgs};
use grundy::query::{self, SequenceReport};
use grundy::spec;

pub fn run(args: SeqArgs, out: &mut dyn Write) -> Outcome {
    let game = spec::parse_game(&args.game)?;
    let to = number(&args.to)?;
    let given_from = args.from.as_deref().map(number).transpose()?;
    let format = args.output.format();
    if args.analyze && matches!(format, Format::Csv | Format::Bfile) {
        return Err(unsupported(format, "--analyze (use text or json)"));
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
    let (template, name, from, values) = match singled_out {
        Some(s) => (Vec::new(), Some(s.name), s.from, s.values),
        None => {
            let template = match &args.position {
                Some(text) => spec::parse_template(text)?,
                None => query::default_template(game.as_ref())?,
            };
            let from = given_from.unwrap_or_else(|| query::default_from(game.as_ref(), &template));
            let values = query::sequence(game.as_ref(), &template, from, to, &mut |done| {
                bar.set_position(done)
            })?;
            (template, None, from, values)
        }
    };
    bar.finish_and_clear();
    let report = match args.analyze {
        true => Some(query::analyze(game.as_ref(), &template, from, &values)?),
        false => None,
    };
    match format {
        Format::Json => {
            let mut doc = json!({
                "game": game.spec(),
                "position": name.is_none().then(|| show_template(&template)),
                "from": from,
                "to": to,
                "values": values,
            });
            if let Some(name) = &name {
                doc["sequence"] = json!(name);
            }
            if let Some(report) = &report {
                doc["analysis"] = analysis_json(report);
            }
            write_json(out, &doc)
        }
        Format::Text => {
            if let Some(name) = &name {
                writeln!(out, "{name}:")?;
            }
            let width = to.to_string().len();
            for (row, chunk) in values.chunks(10).enumerate() {
                let line: Vec<String> = chunk.iter().map(u64::to_string).collect();
                writeln!(
                    out,
                    "{:>width$}: {}",
                    from + 10 * row as u64,
                    line.join(" ")
                )?;
            }
            if let Some(report) = &report {
                write_analysis(out, report)?;
            }
            Ok(())
        }
        Format::Csv => {
            writeln!(out, "n,value")?;
            for (i, v) in values.iter().enumerate() {
                writeln!(out, "{},{v}", from + i as u64)?;
            }
            Ok(())
        }
        Format::Bfile => {
            for (i, v) in values.iter().enumerate() {
                writeln!(out, "{} {v}", from + i as u64)?;
            }
            Ok(())
        }
    }
}

/// The analysis in JSON, with the keys CLI.md names.
pub fn analysis_json(report: &SequenceReport) -> Value {
    let a = &report.analysis;
    let p = a.periodicity.as_ref();
    json!({
        "max": a.max,
        "records": a.records.iter().map(|(n, v)| json!({"n": n, "value": v})).collect::<Vec<_>>(),
        "counts": a.counts.iter().map(|(v, c)| json!({"value": v, "count": c})).collect::<Vec<_>>(),
        "gaps": a.gaps,
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
            writeln!(out, "max: {max}   records (value@n): {}", records.join(" "))?;
        }
        None => writeln!(out, "max: none (empty sequence)")?,
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
