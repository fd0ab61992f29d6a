//! `grundy reproduce [--paper NAME]... [--quick] --out DIR [--gaps-result FILE]`: computes the
//! report with the library, then writes it with [`crate::report`].

use std::io::Write;
use std::path::Path;

use super::Outcome;
use crate::cli::ReproduceArgs;
use grundy::analysis::GapStats;
use grundy::reproduce::{self, CitedGaps, Mode, Options, Paper, NOT_CHECKABLE};
use grundy::Error;

pub fn run(args: ReproduceArgs, out: &mut dyn Write) -> Outcome {
    let mut papers = Vec::new();
    for name in &args.paper {
        let paper = Paper::from_name(name)?;
        if !papers.contains(&paper) {
            papers.push(paper);
        }
    }
    if papers.is_empty() {
        papers = Paper::ALL.to_vec();
    }
    // Report order, whatever the order of --paper.
    papers.sort_by_key(|p| Paper::ALL.iter().position(|q| q == p));
    let mode = if args.quick { Mode::Quick } else { Mode::Full };
    let dir = args.out;
    if dir.exists() && !dir.is_dir() {
        return Err(Error::Invalid(format!(
            "--out {} exists and is not a directory",
            dir.display()
        ))
        .into());
    }
    let options = Options {
        cited_gaps: match &args.gaps_result {
            Some(path) => Some(read_gaps_result(path)?),
            None => None,
        },
    };
    std::fs::create_dir_all(&dir)
        .map_err(|e| Error::Invalid(format!("cannot create --out {}: {e}", dir.display())))?;

    let started = std::time::Instant::now();
    let bar = crate::progress::bar(reproduce::steps(&papers, mode), "reproduce");
    let report = reproduce::run(&papers, mode, &options, &mut |done, _, what| {
        bar.set_position(done);
        if !what.is_empty() {
            bar.set_message(what.to_string());
        }
    })?;
    bar.set_message("writing the report");
    let written = crate::report::write(&report, &dir)?;
    bar.finish_and_clear();

    let rows: Vec<_> = report.rows().collect();
    let count = |o: &str| rows.iter().filter(|r| r.outcome() == o).count();
    writeln!(
        out,
        "{} mode, {} paper(s): {} statements: {} hold, {} counterexample(s), {} evidence, {} not checkable",
        match mode {
            Mode::Quick => "quick",
            Mode::Full => "full",
        },
        report.papers.len(),
        rows.len(),
        count("holds"),
        count("counterexample"),
        count("evidence"),
        count(NOT_CHECKABLE)
    )?;
    for section in &report.papers {
        let disagree: Vec<&str> = section
            .tables
            .iter()
            .filter(|t| t.agrees == Some(false))
            .map(|t| t.title.split(':').next().unwrap_or(&t.title))
            .collect();
        writeln!(
            out,
            "  {}: {}, {}{}, {}",
            section.paper.name(),
            plural(section.claims.len(), "statement"),
            plural(section.tables.len(), "table"),
            if disagree.is_empty() {
                String::new()
            } else {
                format!(" ({} differs from the paper)", disagree.join(", "))
            },
            plural(section.figures.len(), "figure")
        )?;
    }
    for row in rows.iter().filter(|r| r.outcome() == "counterexample") {
        writeln!(
            out,
            "  counterexample: {}: {}",
            row.label,
            row.command().unwrap_or_default()
        )?;
    }
    writeln!(
        out,
        "wrote {} files to {} in {:.1} s; open {}",
        written,
        dir.display(),
        started.elapsed().as_secs_f64(),
        dir.join("index.html").display()
    )?;
    Ok(())
}

/// Reads the JSON line of a finished `grundy gaps imark:s=1:d=2,3 ... --json` run from a result
/// file (other lines are commentary); the library checks that what it cites is consistent.
fn read_gaps_result(path: &Path) -> Result<CitedGaps, Error> {
    let name = format!("--gaps-result {}", path.display());
    let bad = |why: &str| Error::Invalid(format!("{name}: {why}"));
    let text = grundy::files::read_text(path, MAX_RESULT_BYTES, "gaps result")
        .map_err(|e| bad(&e.to_string()))?;
    let line = text
        .lines()
        .find(|l| l.trim_start().starts_with('{'))
        .ok_or_else(|| bad("no JSON line (the output of `grundy gaps ... --json`)"))?;
    let doc: serde_json::Value =
        serde_json::from_str(line.trim()).map_err(|e| bad(&format!("invalid JSON: {e}")))?;
    let game = doc["game"].as_str().ok_or_else(|| bad("no \"game\""))?;
    let to = doc["to"].as_u64().ok_or_else(|| bad("no \"to\""))?;
    let mut gaps = Vec::new();
    for g in doc["gaps"].as_array().ok_or_else(|| bad("no \"gaps\""))? {
        let field = |k: &str| {
            g[k].as_u64()
                .ok_or_else(|| bad(&format!("a gap without a number \"{k}\"")))
        };
        let optional = |k: &str| match &g[k] {
            serde_json::Value::Null => Ok(None),
            v => v
                .as_u64()
                .map(Some)
                .ok_or_else(|| bad(&format!("\"{k}\" is not a number"))),
        };
        gaps.push(GapStats {
            value: field("value")?,
            count: field("count")?,
            first: field("first")?,
            last: field("last")?,
            max_gap: optional("max_gap")?,
            max_gap_from: optional("max_gap_from")?,
        });
    }
    CitedGaps::new(&name, game, to, gaps)
}

/// A result file is one JSON line and some commentary: more than this is not one.
const MAX_RESULT_BYTES: u64 = 1 << 20;

/// `1 table`, `2 tables`.
fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}
