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
    /// The template as a list, `null` where a coordinate varies.
    position: &'a [Option<u64>],
    max: u64,
    cells: &'a [query::Cell],
}

pub fn run(args: TableArgs, out: &mut dyn Write) -> Outcome {
    let game = spec::parse_game(&args.game)?;
    let template = spec::parse_template(&args.position)?;
    let max = number(&args.max)?;
    let format = args.output.format();
    if args.matrix && format != Format::Csv {
        return Err(grundy::Error::Invalid("--matrix is a layout of --format csv".into()).into());
    }
    if let Some(path) = &args.plot {
        crate::picture::check_path(path)?;
    }
    let bar = crate::progress::bar(0, "table");
    let cells = query::table(game.as_ref(), &template, max, &mut |done| {
        bar.set_position(done)
    })?;
    bar.finish_and_clear();
    let blanks: Vec<usize> = template
        .iter()
        .enumerate()
        .filter(|(_, c)| c.is_none())
        .map(|(i, _)| i)
        .collect();
    let (r, c) = (blanks[0], blanks[1]);
    // The cells by (row, column); rows and columns run from their smallest legal values.
    let (lo_row, lo_col) = (game.min_coordinate(r), game.min_coordinate(c));
    let at = |row: u64, col: u64| -> Option<u64> {
        cells
            .binary_search_by(|cell| (cell.position[r], cell.position[c]).cmp(&(row, col)))
            .ok()
            .map(|i| cells[i].value)
    };
    if let Some(path) = &args.plot {
        crate::picture::table(
            path,
            lo_row..=max.max(lo_row),
            lo_col..=max.max(lo_col),
            at,
            (
                &format!("coordinate {}", r + 1),
                &format!("coordinate {}", c + 1),
            ),
        )?;
    }
    match format {
        // Serialised from the cells as they are (a `serde_json::Value` per cell took ~850 bytes).
        Format::Json => write_json(
            out,
            &TableJson {
                game: game.spec(),
                position: &template,
                max,
                cells: &cells,
            },
        ),
        Format::Csv if args.matrix => {
            // A header of column coordinates, then each row: its coordinate and its cells
            // (empty where the game shows no cell).
            let columns: Vec<u64> = (lo_col..=max).collect();
            let header: Vec<String> = columns.iter().map(u64::to_string).collect();
            writeln!(
                out,
                "coordinate {}\\coordinate {},{}",
                r + 1,
                c + 1,
                header.join(",")
            )?;
            for row in lo_row..=max {
                let line: Vec<String> = columns
                    .iter()
                    .map(|&col| at(row, col).map_or(String::new(), |v| v.to_string()))
                    .collect();
                writeln!(out, "{row},{}", line.join(","))?;
            }
            Ok(())
        }
        Format::Csv => {
            writeln!(out, "position,value")?;
            for cell in &cells {
                writeln!(out, "\"{}\",{}", show_position(&cell.position), cell.value)?;
            }
            Ok(())
        }
        Format::Text => {
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
