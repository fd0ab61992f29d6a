//! `grundy quotient GAME --heaps N [--position POS ...] [--heap-map]`.

use std::io::Write;

use serde::Serialize;

use super::{number, show_position, unsupported, write_json, Outcome};
use crate::cli::{Format, QuotientArgs};
use grundy::misere::quotient::QuotientReport;
use grundy::{query, spec};

/// The misère outcome of one position, from the quotient.
#[derive(Serialize)]
struct PositionOutcome {
    position: Vec<u64>,
    element: String,
    outcome: &'static str,
}

pub fn run(args: QuotientArgs, out: &mut dyn Write) -> Outcome {
    let game = spec::parse_game(&args.game)?;
    let heaps = number(&args.heaps)?;
    let max_order = usize::try_from(number(&args.max_order)?).unwrap_or(usize::MAX);
    let format = args.output.format();
    if format == Format::Bfile {
        return Err(unsupported(format, "quotient (use text, csv or json)"));
    }
    if args.heap_map && format != Format::Csv {
        return Err(grundy::Error::Invalid("--heap-map goes with --format csv".into()).into());
    }
    let positions = args
        .position
        .iter()
        .map(|p| spec::parse_position(p))
        .collect::<Result<Vec<_>, _>>()?;
    for position in &positions {
        game.validate(position)?;
    }
    let bar = crate::progress::bar(heaps, "quotient");
    let (quotient, report) = query::quotient(game.as_ref(), heaps, max_order, &mut |h| {
        bar.set_position(h)
    })?;
    bar.finish_and_clear();
    let outcomes = positions
        .into_iter()
        .map(|position| {
            let x = quotient.class_of(&position)?;
            Ok(PositionOutcome {
                element: report.elements[x as usize].clone(),
                outcome: if quotient.is_p(x) { "P" } else { "N" },
                position,
            })
        })
        .collect::<Result<Vec<_>, grundy::Error>>()?;
    match format {
        Format::Json => {
            #[derive(Serialize)]
            struct Json<'r> {
                #[serde(flatten)]
                report: &'r QuotientReport,
                positions: &'r [PositionOutcome],
            }
            write_json(
                out,
                &Json {
                    report: &report,
                    positions: &outcomes,
                },
            )
        }
        Format::Csv if args.heap_map => {
            writeln!(out, "heap,element,name,p")?;
            for (h, &x) in report.heaps.iter().enumerate() {
                let p = u8::from(quotient.is_p(x));
                writeln!(out, "{h},{x},{},{p}", report.elements[x as usize])?;
            }
            Ok(())
        }
        Format::Csv => {
            write!(out, "element,name,p")?;
            for name in &report.elements {
                write!(out, ",{name}")?;
            }
            writeln!(out)?;
            for (x, row) in report.table.iter().enumerate() {
                let p = u8::from(quotient.is_p(x as u32));
                write!(out, "{x},{},{p}", report.elements[x])?;
                for &y in row {
                    write!(out, ",{}", report.elements[y as usize])?;
                }
                writeln!(out)?;
            }
            Ok(())
        }
        _ => text(&report, &outcomes, out),
    }
}

fn text(report: &QuotientReport, outcomes: &[PositionOutcome], out: &mut dyn Write) -> Outcome {
    writeln!(
        out,
        "{}, heaps up to {}: misère quotient of order {}, P-portion of {}",
        report.game, report.heaps_to, report.order, report.p_count
    )?;
    writeln!(out, "{}", report.status)?;
    match &report.tame_counterexample {
        None => writeln!(
            out,
            "tame: every position of heaps up to {} has the misère outcome of the Nim position of its heaps' values",
            report.heaps_to
        )?,
        Some(w) => writeln!(
            out,
            "not tame: {w} has another misère outcome than the Nim position of its heaps' values"
        )?,
    }
    let generators: Vec<String> = report
        .generators
        .iter()
        .map(|g| format!("{} = heap {}", g.name, g.heap))
        .collect();
    writeln!(
        out,
        "generators: {}",
        if generators.is_empty() {
            "none".into()
        } else {
            generators.join(", ")
        }
    )?;
    // Long lists only in JSON and CSV.
    let list = |items: &[String], separator: &str| {
        if items.is_empty() {
            "none".to_string()
        } else if items.len() <= 40 {
            items.join(separator)
        } else {
            format!("{} (listed by --json)", items.len())
        }
    };
    writeln!(out, "relations: {}", list(&report.relations, ", "))?;
    writeln!(out, "P-portion: {}", list(&report.p_portion, ", "))?;
    if report.order <= 32 {
        writeln!(out, "elements: {}", report.elements.join(" "))?;
    }
    let heaps: Vec<String> = report
        .heaps
        .iter()
        .map(|&x| report.elements[x as usize].clone())
        .collect();
    writeln!(out, "heaps 0..{}: {}", report.heaps_to, heaps.join(" "))?;
    let orders: Vec<String> = report.orders.iter().map(usize::to_string).collect();
    writeln!(out, "order by heap bound: {}", orders.join(" "))?;
    if report.order <= 32 {
        let width = report.elements.iter().map(String::len).max().unwrap_or(1);
        write!(out, "{:>width$} |", "")?;
        for name in &report.elements {
            write!(out, " {name:>width$}")?;
        }
        writeln!(out)?;
        writeln!(out, "{}", "-".repeat((width + 1) * (report.order + 1) + 1))?;
        for (x, row) in report.table.iter().enumerate() {
            write!(out, "{:>width$} |", report.elements[x])?;
            for &y in row {
                write!(out, " {:>width$}", report.elements[y as usize])?;
            }
            writeln!(out)?;
        }
    } else {
        writeln!(
            out,
            "(the {} elements and their multiplication table: --json or --format csv)",
            report.order
        )?;
    }
    for o in outcomes {
        writeln!(
            out,
            "position {}: element {}, misère outcome {}",
            show_position(&o.position),
            o.element,
            o.outcome
        )?;
    }
    Ok(())
}
