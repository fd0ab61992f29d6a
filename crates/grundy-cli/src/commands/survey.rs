//! `grundy survey PATTERN --to N [--shard I/K] [--checkpoint FILE] [--merge FILE...]`.
//!
//! The library lists the members and computes the rows (`grundy::survey`); this file writes
//! them as they come, in member order: text (a fixed-width table without the times, so that the
//! same command prints the same table), CSV (the library's columns)
//! or JSON (an array with one object a line, every field of `survey::Row`; closed also when
//! interrupted). Each row is written and flushed as soon as it and every earlier row are
//! computed, so a long survey can be watched or piped. On a terminal, a bar on stderr counts
//! the values computed (within a member too) and the rows written. Errors of the request
//! (pattern, bound, shard, checkpoint) come before the first byte.

use std::collections::BTreeMap;
use std::io::Write;
use std::time::Instant;

use super::{number, unsupported, Outcome};
use crate::cli::{Format, SurveyArgs};
use crate::failure::Failure;
use grundy::survey::{self, rows, Ended, Event, Member, Row};
use grundy::Error;

/// The largest shard output `--merge` reads (each row is a few hundred bytes).
const MAX_SHARD_BYTES: u64 = 1 << 30;

pub fn run(args: SurveyArgs, out: &mut dyn Write) -> Outcome {
    let format = args.output.format();
    if format == Format::Bfile {
        return Err(unsupported(format, "survey (use text, csv or json)"));
    }
    let to = number(&args.to)?;
    survey::check_to(to)?;
    if args.checkpoint_every.is_nan() || args.checkpoint_every < 0.0 {
        return Err(Error::Invalid(
            "--checkpoint-every must be a number of seconds, at least 0".into(),
        )
        .into());
    }
    let members = survey::members(&args.pattern)?;
    let shard = args.shard.as_deref().map(survey::parse_shard).transpose()?;
    let mut writer = Writer::new(format, &members);
    if !args.merge.is_empty() {
        let mut all = Vec::new();
        for path in &args.merge {
            all.extend(read_shard(path)?);
        }
        let merged = survey::merge(all, &members, to)?;
        writer.header(out)?;
        for row in &merged {
            writer.row(out, row)?;
        }
        writer.finish(out)?;
        return Ok(());
    }
    let done = match &args.checkpoint {
        Some(path) => {
            grundy::files::check_checkpoint_writable(path)?;
            survey::load_checkpoint(path, &args.pattern, to, shard, &members)?
        }
        None => BTreeMap::new(),
    };
    let groups: Vec<Vec<Member>> = survey::groups(&members)
        .into_iter()
        .filter(|g| shard.is_none_or(|(i, k)| survey::in_shard(g[0].group, i, k)))
        .collect();
    let total: u64 = groups.iter().map(|g| g.len() as u64).sum();
    let resumed = done
        .keys()
        .filter(|&&i| shard.is_none_or(|(s, k)| survey::in_shard(members[i].group, s, k)))
        .count();
    // The bar counts values computed, out of `to` a member less what finished members did not
    // need, so it moves within a long member and its time left follows the real rate; its
    // message counts the rows written.
    let bar = crate::progress::bar(0, &format!("survey: 0 of {total} rows"));
    crate::stream::watch_interrupt();
    writer.header(out)?;
    out.flush()?;
    let mut finished = done.clone();
    let mut last_save = Instant::now();
    let mut save_error: Option<String> = None;
    let mut write_error: Option<std::io::Error> = None;
    let mut written = 0u64;
    let save = |finished: &BTreeMap<usize, Row>| -> Option<String> {
        let path = args.checkpoint.as_deref()?;
        survey::save_checkpoint(path, &args.pattern, to, shard, &members, finished)
            .err()
            .map(|e| e.to_string())
    };
    let ended = survey::run_all(
        groups,
        to,
        &done,
        &mut |event| {
            match event {
                Event::Computed(rows) => {
                    for row in rows {
                        finished.insert(row.member, row.clone());
                    }
                    if save_error.is_none()
                        && last_save.elapsed().as_secs_f64() >= args.checkpoint_every
                    {
                        save_error = save(&finished);
                        last_save = Instant::now();
                    }
                }
                Event::Ready(row) => {
                    if let Err(e) = writer.row(out, row).and_then(|()| out.flush()) {
                        write_error = Some(e);
                        return Err(Error::Invalid("the output cannot be written".into()));
                    }
                    written += 1;
                    bar.set_message(format!("survey: {written} of {total} rows"));
                }
                Event::Progress {
                    done,
                    total: values,
                } => {
                    if bar.length() != Some(values) {
                        bar.set_length(values);
                    }
                    bar.set_position(done);
                }
            }
            Ok(())
        },
        &crate::stream::interrupted,
    );
    bar.finish_and_clear();
    if save_error.is_none() {
        save_error = save(&finished);
    }
    if let Some(e) = write_error {
        return Err(Failure::Io(e));
    }
    writer.finish(out)?;
    let ended = ended?;
    if let Some(e) = &save_error {
        crate::failure::say(&format!("warning: the checkpoint was not saved: {e}"));
    }
    if ended == Ended::Stopped {
        let kept = match &args.checkpoint {
            Some(path) if save_error.is_none() => format!(
                "the checkpoint {} holds {} finished member(s) ({resumed} from before); the same command resumes",
                path.display(),
                finished.len()
            ),
            _ => "without a saved --checkpoint a rerun starts over".to_string(),
        };
        return Err(Failure::Interrupted(format!(
            "interrupted: {written} of {total} rows written; {kept}"
        )));
    }
    Ok(())
}

/// Rows of a shard's output: CSV (its header first) or JSON (an array of rows).
fn read_shard(path: &std::path::Path) -> Result<Vec<Row>, Failure> {
    let text = grundy::files::read_text(path, MAX_SHARD_BYTES, "shard output")?;
    let what = |e: String| Error::Invalid(format!("{}: {e}", path.display()));
    if text.trim_start().starts_with('[') {
        serde_json::from_str::<Vec<Row>>(&text)
            .map_err(|e| what(format!("not an array of survey rows: {e}")).into())
    } else if text.starts_with("game,") {
        Ok(rows::read(&text).map_err(|e| what(e.to_string()))?)
    } else {
        Err(what(
            "not the CSV or JSON output of `grundy survey` (merge reads --format csv or json; text tables are for reading)"
                .into(),
        )
        .into())
    }
}

/// Writes rows in one format.
struct Writer {
    format: Format,
    /// Text: the width of the game column.
    width: usize,
    /// Rows written.
    rows: usize,
}

impl Writer {
    fn new(format: Format, members: &[Member]) -> Self {
        let width = members
            .iter()
            .map(|m| m.game.len())
            .max()
            .unwrap_or(4)
            .max(4);
        Writer {
            format,
            width,
            rows: 0,
        }
    }

    fn header(&self, out: &mut dyn Write) -> std::io::Result<()> {
        match self.format {
            Format::Csv => {
                let mut line = String::new();
                rows::write_header(&mut line);
                out.write_all(line.as_bytes())
            }
            Format::Text => writeln!(
                out,
                "{:<w$}  {:<10} {:>9} {:>9} {:>9} {:>6} {:>9} {:>10}  published",
                "game",
                "status",
                "period",
                "preperiod",
                "last_exc",
                "max",
                "max_at",
                "computed",
                w = self.width
            ),
            Format::Json => out.write_all(b"["),
            Format::Bfile => Ok(()),
        }
    }

    /// Closes a JSON array.
    fn finish(&self, out: &mut dyn Write) -> std::io::Result<()> {
        if self.format == Format::Json {
            out.write_all(b"\n]\n")?;
        }
        Ok(())
    }

    fn row(&mut self, out: &mut dyn Write, row: &Row) -> std::io::Result<()> {
        self.rows += 1;
        match self.format {
            Format::Csv => {
                let mut line = String::new();
                rows::write_row(&mut line, row);
                out.write_all(line.as_bytes())
            }
            Format::Json => {
                out.write_all(if self.rows == 1 { b"\n" } else { b",\n" })?;
                serde_json::to_writer(&mut *out, row)?;
                Ok(())
            }
            _ => {
                let show = |v: Option<u64>| v.map_or("-".to_string(), |v| v.to_string());
                let status = match row.saltus {
                    Some(s) => format!("arith {s:+}"),
                    None => row.status.clone(),
                };
                let mut extra = String::new();
                if let Some(first) = &row.same_as {
                    extra.push_str(&format!("  (same values as {first})"));
                }
                if let Some(note) = &row.note {
                    extra.push_str(&format!("  note: {note}"));
                }
                writeln!(
                    out,
                    "{:<w$}  {:<10} {:>9} {:>9} {:>9} {:>6} {:>9} {:>10}  {}{extra}",
                    row.game,
                    status,
                    show(row.period),
                    show(row.preperiod),
                    show(row.last_exception),
                    row.max,
                    row.max_at,
                    row.computed,
                    row.published,
                    w = self.width
                )
            }
        }
    }
}
