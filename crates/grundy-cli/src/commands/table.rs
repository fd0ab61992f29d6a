//! `grundy table GAME POS --max N`: rows are the first `_`, printed with the largest at the top
//! (as in Ho's Table 1), columns the second `_`.

use std::io::Write;

use serde::Serialize;

use super::{number, show_position, show_template, unsupported, write_json, Outcome};
use crate::cli::{Format, TableArgs};
use grundy::{query, spec};

#[derive(Serialize)]
struct TableJson<'a> {
    game: String,
    position: String,
    max: u64,
    cells: &'a [query::Cell],
}

pub fn run(args: TableArgs, out: &mut dyn Write) -> Outcome {
    let game = spec::parse_game(&args.game)?;
    let template = spec::parse_template(&args.position)?;
    let max = number(&args.max)?;
    let bar = crate::progress::bar(0, "table");
    let cells = query::table(game.as_ref(), &template, max, &mut |done| {
        bar.set_position(done)
    })?;
    bar.finish_and_clear();
    match args.output.format() {
        // Serialised from the cells as they are (a `serde_json::Value` per cell took ~850 bytes).
        Format::Json => write_json(
            out,
            &TableJson {
                game: game.spec(),
                position: show_template(&template),
                max,
                cells: &cells,
            },
        ),
        Format::Csv => {
            writeln!(out, "position,value")?;
            for cell in &cells {
                writeln!(out, "\"{}\",{}", show_position(&cell.position), cell.value)?;
            }
            Ok(())
        }
        Format::Text => {
            let blanks: Vec<usize> = template
                .iter()
                .enumerate()
                .filter(|(_, c)| c.is_none())
                .map(|(i, _)| i)
                .collect();
            let (r, c) = (blanks[0], blanks[1]);
            // A game may leave cells out (e.g. Sharing Nim shows row <= column, as in Ho's
            // Table 1): place every cell by its column and leave the others blank.
            let mut cols: Vec<u64> = cells.iter().map(|cell| cell.position[c]).collect();
            cols.sort_unstable();
            cols.dedup();
            let width = cells
                .iter()
                .map(|cell| cell.value.to_string().len())
                .chain([max.to_string().len()])
                .max()
                .unwrap_or(1);
            let label = |i: usize| format!("coordinate {}", i + 1);
            writeln!(
                out,
                "{} {}: rows {} (top to bottom, descending), columns {}",
                game.spec(),
                show_template(&template),
                label(r),
                label(c)
            )?;
            let rows = cells.chunk_by(|x, y| x.position[r] == y.position[r]);
            for row in rows.collect::<Vec<_>>().into_iter().rev() {
                let mut line = vec![" ".repeat(width); cols.len()];
                for cell in row {
                    let at = cols.binary_search(&cell.position[c]).expect("a column");
                    line[at] = format!("{:>width$}", cell.value);
                }
                writeln!(
                    out,
                    "{:>width$} | {}",
                    row[0].position[r],
                    line.join(" ").trim_end()
                )?;
            }
            let header: Vec<String> = cols.iter().map(|v| format!("{v:>width$}")).collect();
            writeln!(
                out,
                "{:>width$}   {}",
                "",
                "-".repeat(header.join(" ").len())
            )?;
            writeln!(out, "{:>width$}   {}", "", header.join(" "))?;
            Ok(())
        }
        format @ Format::Bfile => Err(unsupported(format, "table (b-files are for sequences)")),
    }
}
