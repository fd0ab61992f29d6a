//! `grundy gaps GAME --to N [--checkpoint FILE]`.

use std::io::Write;

use serde_json::json;

use super::{number, unsupported, write_json, Outcome};
use crate::cli::{Format, GapsArgs};
use grundy::games::subdivision;
use grundy::Error;

pub fn run(args: GapsArgs, out: &mut dyn Write) -> Outcome {
    let game = subdivision::spec::parse(&args.game)?.ok_or_else(|| {
        Error::Invalid(format!(
            "gaps streams the subtraction-division games (imark, sd, mark, upmark, mark-t, kupin); '{}' is not one",
            args.game
        ))
    })?;
    let to = number(&args.to)?;
    let format = args.output.format();
    if matches!(format, Format::Csv | Format::Bfile) {
        return Err(unsupported(format, "gaps (use text or json)"));
    }
    if let Some(path) = &args.plot {
        crate::picture::check_path(path)?;
    }
    let bar = crate::progress::bar(to.saturating_add(1), "gaps");
    if args.checkpoint_every.is_nan() || args.checkpoint_every < 0.0 {
        return Err(Error::Invalid(
            "--checkpoint-every must be a number of seconds, at least 0".into(),
        )
        .into());
    }
    let checkpoint = args
        .checkpoint
        .as_deref()
        .map(|path| (path, args.checkpoint_every));
    let report = subdivision::gaps(&game, to, checkpoint, &mut |done, total| {
        bar.set_length(total);
        bar.set_position(done)
    })?;
    bar.finish_and_clear();
    if let Some(path) = &args.plot {
        crate::picture::gaps(
            path,
            &report.gaps,
            &format!(
                "{}: largest gap and count of each value, n <= {}",
                report.game, report.to
            ),
        )?;
    }
    if let Some(why) = &report.checkpoint_error {
        crate::failure::say(&format!(
            "warning: the result below is complete, but its final checkpoint was not saved: {why}"
        ));
    }
    if format == Format::Json {
        return write_json(
            out,
            &json!({
                "game": report.game,
                "to": report.to,
                "gaps": report.gaps,
                "engine": report.engine,
            }),
        );
    }
    writeln!(
        out,
        "{}: gaps between equal values for n <= {}",
        report.game, report.to
    )?;
    writeln!(
        out,
        "  {:>6} {:>14} {:>6} {:>14} {:>8} {:>28}",
        "value", "count", "first", "last", "max gap", "first max gap at"
    )?;
    for g in &report.gaps {
        let (gap, at) = match (g.max_gap, g.max_gap_from) {
            (Some(gap), Some(at)) => (gap.to_string(), format!("{at}..{}", at + gap)),
            _ => ("-".into(), "-".into()),
        };
        writeln!(
            out,
            "  {:>6} {:>14} {:>6} {:>14} {:>8} {:>28}",
            g.value, g.count, g.first, g.last, gap, at
        )?;
    }
    writeln!(out, "engine: {}", report.engine)?;
    Ok(())
}
