//! Writes a [`Report`] computed by the library: `index.html` (self-contained: inline CSS,
//! pictures by relative path), `report.md`, `csv/<id>.csv` for every table and figure, and
//! `figures/<id>.svg` and `.png`.

mod html;
mod markdown;
mod plot;

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
        Paper::Octal => "Octal games: known periods",
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

/// The details of a row: the counterexample and notes, or why it is not checked.
fn details(row: &ClaimRow) -> Vec<String> {
    match &row.status {
        Status::Checked { verdict, .. } => {
            let mut lines = vec![format!("{} cases", verdict.cases)];
            if let Some(c) = &verdict.counterexample {
                lines.insert(0, format!("counterexample: {c}"));
            }
            lines.extend(verdict.notes.iter().cloned());
            lines
        }
        Status::NotCheckable { reason } => vec![reason.clone()],
    }
}

/// `(statements, hold, counterexamples, not checkable)` over some rows.
fn tally<'a>(rows: impl Iterator<Item = &'a ClaimRow>) -> (usize, usize, usize, usize) {
    let mut t = (0, 0, 0, 0);
    for row in rows {
        t.0 += 1;
        match row.outcome() {
            "holds" => t.1 += 1,
            "counterexample found" => t.2 += 1,
            _ => t.3 += 1,
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
