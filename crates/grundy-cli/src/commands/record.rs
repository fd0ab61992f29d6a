//! `grundy record GAME --to N [--memory SIZE] [--checkpoint FILE]`: a record run of a heap
//! game in bounded memory (the library's `games::octal::record`).

use std::io::Write;
use std::time::Instant;

use serde_json::json;

use super::{number, parse_memory, unsupported, write_json, Outcome};
use crate::cli::{Format, RecordArgs};
use crate::failure::Failure;
use grundy::games::octal::{self, record};
use grundy::Error;

pub fn run(args: RecordArgs, out: &mut dyn Write) -> Outcome {
    let game = octal::spec::parse(&args.game)?.ok_or_else(|| {
        Error::Invalid(format!(
            "record is for heap games (octal:CODE, grundy-game, kayles, dawson-kayles, dawson-chess, ...); '{}' is not one",
            args.game
        ))
    })?;
    let to = number(&args.to)?;
    let memory = parse_memory(&args.memory)?;
    let format = args.output.format();
    if matches!(format, Format::Csv | Format::Bfile) {
        return Err(unsupported(format, "record (use text or json)"));
    }
    if args.checkpoint_every.is_nan() || args.checkpoint_every < 0.0 {
        return Err(Error::Invalid(
            "--checkpoint-every must be a number of seconds, at least 0".into(),
        )
        .into());
    }
    let options = record::RecordOptions {
        to,
        memory,
        checkpoint: args
            .checkpoint
            .as_deref()
            .map(|path| (path, args.checkpoint_every)),
    };
    let bar = crate::progress::bar(to, "record");
    crate::stream::watch_interrupt();
    // The progress line: the rate of this run and the time to the next power of two.
    let mut start: Option<(Instant, u64)> = None;
    let report = record::record(
        &game,
        &options,
        &mut |done| {
            let (t0, n0) = *start.get_or_insert((Instant::now(), done));
            bar.set_position(done);
            let seconds = t0.elapsed().as_secs_f64();
            if seconds > 0.5 && done > n0 {
                let rate = (done - n0) as f64 / seconds;
                let next = (done + 1).next_power_of_two();
                let eta = (next - done) as f64 / rate;
                bar.set_message(format!(
                    "record: {:.3e} values/s, 2^{} in {}",
                    rate,
                    next.trailing_zeros(),
                    indicatif::HumanDuration(std::time::Duration::from_secs_f64(eta))
                ));
            }
        },
        &crate::stream::interrupted,
    )?;
    bar.finish_and_clear();
    if report.resumed_from > 0 {
        crate::failure::say(&format!(
            "resumed from the checkpoint's {} values",
            report.resumed_from
        ));
    }
    write_report(&report, format, out)?;
    if let Some(e) = &report.save_error {
        crate::failure::say(&format!("warning: the checkpoint was not saved: {e}"));
    }
    if report.interrupted {
        let kept = match (&args.checkpoint, &report.save_error) {
            (Some(path), None) => format!(
                "the checkpoint {} holds them; the same command resumes",
                path.display()
            ),
            _ => "without a saved --checkpoint a rerun starts over".into(),
        };
        return Err(Failure::Interrupted(format!(
            "interrupted after {} values; {kept}",
            report.computed
        )));
    }
    if let Some(why) = &report.stopped {
        out.flush()?;
        return Err(Failure::Incomplete(format!(
            "{why} (the output describes G(0), ..., G({}); more --memory keeps more values)",
            report.computed.saturating_sub(1)
        )));
    }
    Ok(())
}

/// `v:count` for every value that occurs.
fn counts_text(counts: &[u64]) -> String {
    counts
        .iter()
        .enumerate()
        .filter(|(_, &c)| c > 0)
        .map(|(v, c)| format!("{v}:{c}"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn write_report(report: &record::RecordReport, format: Format, out: &mut dyn Write) -> Outcome {
    if format == Format::Json {
        return write_json(
            out,
            &json!({
                "game": report.game,
                "code": report.code,
                "computed": report.computed,
                "prefix": report.prefix,
                "window": report.window,
                "width": report.width,
                "counts": report.counts.iter().map(|p| json!({"upto": p.upto, "counts": p.counts})).collect::<Vec<_>>(),
                "max_value": report.max_value,
                "max_at": report.max_at,
                "checksum": format!("{:016x}", report.checksum),
                "split": report.split,
                "rare_count": report.rare_count,
                "rare": report.rare.iter().map(|(n, v)| json!({"n": n, "value": v})).collect::<Vec<_>>(),
                "stopped": report.stopped,
                "complete": !report.interrupted && report.stopped.is_none(),
            }),
        );
    }
    let title = if report.game == report.code {
        report.game.clone()
    } else {
        format!("{} ({})", report.game, report.code)
    };
    let yet = if report.interrupted {
        " (interrupted)"
    } else if report.stopped.is_some() {
        " (stopped)"
    } else {
        ""
    };
    writeln!(
        out,
        "{title}: G(0), ..., G({}) in record mode{yet}",
        report.computed.saturating_sub(1)
    )?;
    writeln!(
        out,
        "kept: the first {} values and a window of {}, {} byte(s) a value, and the rare positions",
        report.prefix, report.window, report.width
    )?;
    writeln!(
        out,
        "checksum: {:016x} (FNV-1a over the values)",
        report.checksum
    )?;
    super::period::write_largest_and_rare(
        out,
        (report.max_value, report.max_at),
        &report.split,
        report.rare_count,
        &report.rare,
    )?;
    writeln!(
        out,
        "count of each value (value:count) among G(0), ..., G(N - 1):"
    )?;
    for p in &report.counts {
        let label = if p.upto.is_power_of_two() {
            format!("2^{}", p.upto.trailing_zeros())
        } else {
            p.upto.to_string()
        };
        writeln!(out, "N = {label}: {}", counts_text(&p.counts))?;
    }
    if let Some(why) = &report.stopped {
        writeln!(out, "stopped: {why}")?;
    }
    Ok(())
}
