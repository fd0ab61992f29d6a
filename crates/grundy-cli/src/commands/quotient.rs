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
    let max_order = usize::try_from(number(&args.max_order)?).unwrap_or(usize::MAX);
    let format = args.output.format();
    if format == Format::Bfile {
        return Err(unsupported(format, "quotient (use text, csv or json)"));
    }
    if args.heap_map && format != Format::Csv {
        return Err(grundy::Error::Invalid("--heap-map goes with --format csv".into()).into());
    }
    if game.heap_options(0).is_none() {
        return parts(game.as_ref(), &args, max_order, format, out);
    }
    let heaps = number(args.heaps.as_deref().ok_or_else(|| {
        grundy::Error::Invalid(format!(
            "{} is a heap game: give the heap bound, --heaps N",
            game.spec()
        ))
    })?)?;
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
        Format::Csv => table_csv(&report, &quotient, out),
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
    presentation_lines(report, out)?;
    let heaps: Vec<String> = report
        .heaps
        .iter()
        .map(|&x| report.elements[x as usize].clone())
        .collect();
    writeln!(out, "heaps 0..{}: {}", report.heaps_to, heaps.join(" "))?;
    let orders: Vec<String> = report.orders.iter().map(usize::to_string).collect();
    writeln!(out, "order by heap bound: {}", orders.join(" "))?;
    table_text(report, out)?;
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

/// `grundy quotient` of a game of parts: every part reachable from the start and the
/// positions asked.
fn parts(
    game: &dyn grundy::Ruleset,
    args: &QuotientArgs,
    max_order: usize,
    format: Format,
    out: &mut dyn Write,
) -> Outcome {
    if game.game_parts(&game.start().unwrap_or_default()).is_none() {
        return Err(grundy::Error::Invalid(format!(
            "{} is not played on heaps and does not split into parts: misère quotients are computed for heap games (octal, hexadecimal, nim, Game.heap) and games of parts (notakto, xonly, node-kayles, arc-kayles)",
            game.spec()
        ))
        .into());
    }
    if args.heaps.is_some() {
        return Err(grundy::Error::Invalid(format!(
            "--heaps is for heap games; the quotient of {} is that of every part reachable, with no bound to give",
            game.spec()
        ))
        .into());
    }
    let positions = args
        .position
        .iter()
        .map(|p| game.parse_position(p))
        .collect::<Result<Vec<_>, _>>()?;
    for position in &positions {
        game.validate(position)?;
    }
    let bar = crate::progress::bar(0, "quotient");
    let q = query::part_quotient(game, &positions, max_order, &mut |i| bar.set_position(i))?;
    bar.finish_and_clear();
    let answers = positions
        .iter()
        .map(|p| query::quotient_position(game, &q, p))
        .collect::<Result<Vec<_>, grundy::Error>>()?;
    let report = &q.report;
    let shown = report.parts.clone().unwrap_or_default();
    match format {
        Format::Json => {
            #[derive(Serialize)]
            struct Json<'r> {
                #[serde(flatten)]
                report: &'r QuotientReport,
                positions: &'r [query::QuotientPosition],
            }
            write_json(
                out,
                &Json {
                    report,
                    positions: &answers,
                },
            )
        }
        Format::Csv if args.heap_map => {
            writeln!(out, "part,position,element,name,p")?;
            for (i, &x) in report.heaps.iter().enumerate() {
                let p = u8::from(q.quotient.is_p(x));
                writeln!(
                    out,
                    "{i},{},{x},{},{p}",
                    shown[i].replace(',', " "),
                    report.elements[x as usize]
                )?;
            }
            Ok(())
        }
        Format::Csv => table_csv(report, &q.quotient, out),
        _ => {
            let count = shown.len().saturating_sub(1);
            writeln!(
                out,
                "{}: misère quotient of order {}, P-portion of {}, from the {count} parts reachable",
                report.game, report.order, report.p_count
            )?;
            writeln!(out, "{}", report.status)?;
            match &report.tame_counterexample {
                None => writeln!(
                    out,
                    "tame: every sum of these parts has the misère outcome of the Nim position of their values"
                )?,
                Some(w) => writeln!(
                    out,
                    "not tame: {w} has another misère outcome than the Nim position of its parts' values"
                )?,
            }
            let generators: Vec<String> = report
                .generators
                .iter()
                .map(|g| format!("{} = {}", g.name, g.part.as_deref().unwrap_or("?")))
                .collect();
            writeln!(out, "generators: {}", list(&generators, ", "))?;
            presentation_lines(report, out)?;
            writeln!(out, "parts by element:")?;
            for (x, name) in report.elements.iter().enumerate() {
                let mine: Vec<usize> = (1..report.heaps.len())
                    .filter(|&i| report.heaps[i] as usize == x)
                    .collect();
                if let Some(&first) = mine.first() {
                    writeln!(
                        out,
                        "  {name}: {} part{}, first {}",
                        mine.len(),
                        if mine.len() == 1 { "" } else { "s" },
                        shown[first]
                    )?;
                }
            }
            table_text(report, out)?;
            for a in &answers {
                writeln!(
                    out,
                    "position {}: element {}, misère outcome {}",
                    game.show_position(&a.position),
                    a.element,
                    a.outcome
                )?;
                for m in &a.winning_moves {
                    writeln!(
                        out,
                        "  winning move: {} (to {}, element {})",
                        m.description,
                        game.show_position(&m.to),
                        m.element
                    )?;
                }
            }
            Ok(())
        }
    }
}

/// The multiplication table as CSV.
fn table_csv(
    report: &QuotientReport,
    quotient: &grundy::misere::quotient::Quotient,
    out: &mut dyn Write,
) -> Outcome {
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

/// A list in text: `none`, the items, or their number when long (listed by --json).
fn list(items: &[String], separator: &str) -> String {
    if items.is_empty() {
        "none".to_string()
    } else if items.len() <= 40 {
        items.join(separator)
    } else {
        format!("{} (listed by --json)", items.len())
    }
}

/// The relations, the P-portion and the elements.
fn presentation_lines(report: &QuotientReport, out: &mut dyn Write) -> Outcome {
    writeln!(out, "relations: {}", list(&report.relations, ", "))?;
    writeln!(out, "P-portion: {}", list(&report.p_portion, ", "))?;
    if report.order <= 32 {
        writeln!(out, "elements: {}", report.elements.join(" "))?;
    }
    Ok(())
}

/// The multiplication table in text (small quotients), or where to find it.
fn table_text(report: &QuotientReport, out: &mut dyn Write) -> Outcome {
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
    Ok(())
}
