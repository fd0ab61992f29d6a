//! Writes a [`Report`] computed by the library: `index.html` (self-contained: inline CSS,
//! pictures by relative path), `report.md`, `csv/<id>.csv` for every table and figure, and
//! `figures/<id>.svg` and `.png`.

mod html;
mod markdown;
pub(crate) mod plot;
pub(crate) mod png;

use std::path::Path;

use crate::failure::Failure;
use grundy::reproduce::{ClaimRow, Grid, Paper, Report, Status};

/// Writes every file of the report into `dir` (which exists); returns how many were written.
pub fn write(report: &Report, dir: &Path) -> Result<usize, Failure> {
    let (csv_dir, fig_dir) = (dir.join("csv"), dir.join("figures"));
    std::fs::create_dir_all(&csv_dir)?;
    std::fs::create_dir_all(&fig_dir)?;
    let mut written = 0;
    for section in &report.papers {
        for table in &section.tables {
            std::fs::write(csv_dir.join(format!("{}.csv", table.id)), csv(&table.data))?;
            written += 1;
        }
        for figure in &section.figures {
            std::fs::write(
                csv_dir.join(format!("{}.csv", figure.id)),
                csv(&figure.data),
            )?;
            plot::draw(figure, &fig_dir.join(format!("{}.svg", figure.id)))?;
            plot::draw(figure, &fig_dir.join(format!("{}.png", figure.id)))?;
            written += 3;
        }
    }
    std::fs::write(dir.join("report.md"), markdown::render(report))?;
    std::fs::write(dir.join("index.html"), html::render(report))?;
    Ok(written + 2)
}

/// RFC 4180 CSV: fields with a comma, quote or newline are quoted.
pub fn csv(grid: &Grid) -> String {
    let field = |f: &String| {
        if f.contains([',', '"', '\n']) {
            format!("\"{}\"", f.replace('"', "\"\""))
        } else {
            f.clone()
        }
    };
    let mut text = String::new();
    for row in std::iter::once(&grid.header).chain(&grid.rows) {
        text.push_str(&row.iter().map(field).collect::<Vec<_>>().join(","));
        text.push('\n');
    }
    text
}

/// The paper's heading.
fn heading(paper: Paper) -> &'static str {
    match paper {
        Paper::SharingNim => "Sharing Nim",
        Paper::Takeaway => "One-pile Nim with a move function",
        Paper::Imark => "i-Mark games",
        Paper::NimFractals => "Nim Fractals",
        Paper::Octal => "Octal games: known periods and record computations",
        Paper::Misere => "Misère play: quotients",
        Paper::Boards => "Boards and graphs: Cram, Chomp, Node-Kayles, Arc-Kayles",
        Paper::Sprouts => "Sprouts: the outcomes of the starts",
        Paper::Notakto => "Notakto: the misère quotient of 3x3 boards",
        Paper::Nimstring => "Nimstring and Dots-and-Boxes: values with loony",
    }
}

/// The range a row was checked over, in words.
fn range(row: &ClaimRow) -> String {
    match &row.status {
        Status::Checked {
            params, to, range, ..
        } => {
            let given: Vec<String> = params.iter().map(|(k, v)| format!("{k} = {v}")).collect();
            let given = if given.is_empty() {
                String::new()
            } else {
                format!(" ({})", given.join(", "))
            };
            format!("to = {to}{given}: {range}")
        }
        Status::NotCheckable { .. } => "-".into(),
    }
}

/// How a row's status is decided, for the top of the report.
const STATUSES: &str = "A statement's status is one of: holds (the whole statement compared with brute force on every case of the stated finite range, with no failure; evidence for an infinite statement, not a proof), counterexample (a case where it fails: the first is shown, with the number of failures where the claim counts them), evidence (only part of the statement compared, e.g. the figures a conjecture rests on or a finite part of it; the row says what was not compared), not checkable (no finite computation decides it; the row gives the reason).";

/// The details of a row: the counterexample, what was compared and what not, the cases and
/// notes; or why it is not checked.
fn details(row: &ClaimRow) -> Vec<String> {
    match &row.status {
        Status::Checked {
            verdict, compares, ..
        } => {
            let mut lines = Vec::new();
            if let Some(c) = &verdict.counterexample {
                lines.push(format!("counterexample: {c}"));
            }
            if let Some(c) = compares {
                lines.push(format!("compared: {c}"));
            }
            if let Some(u) = &verdict.unchecked {
                lines.push(format!("not compared: {u}"));
            }
            lines.push(verdict.cases_in_words());
            lines.extend(verdict.notes.iter().cloned());
            lines
        }
        Status::NotCheckable { reason } => vec![reason.clone()],
    }
}

/// How many rows have each status.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct Tally {
    statements: usize,
    hold: usize,
    counterexamples: usize,
    evidence: usize,
    not_checkable: usize,
}

fn tally<'a>(rows: impl Iterator<Item = &'a ClaimRow>) -> Tally {
    let mut t = Tally::default();
    for row in rows {
        t.statements += 1;
        match row.outcome() {
            "holds" => t.hold += 1,
            "counterexample" => t.counterexamples += 1,
            "evidence" => t.evidence += 1,
            _ => t.not_checkable += 1,
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_quotes_what_needs_it() {
        let grid = Grid {
            header: vec!["a".into(), "b".into()],
            rows: vec![vec!["1, 2".into(), "say \"x\"".into()]],
        };
        assert_eq!(csv(&grid), "a,b\n\"1, 2\",\"say \"\"x\"\"\"\n");
    }
}
