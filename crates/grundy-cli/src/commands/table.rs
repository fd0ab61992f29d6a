//! `grundy table GAME POS --max N`: rows are the first `_`, printed with the largest at the top
//! (as in Ho's Table 1), columns the second `_`.

use std::io::Write;

use serde_json::json;

use super::{number, show_position, show_template, unsupported, write_json, Outcome};
use crate::cli::{Format, TableArgs};
use grundy::{query, spec};

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
        Format::Json => write_json(
            out,
            &json!({"game": game.spec(), "position": show_template(&template), "max": max, "cells": cells}),
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
            let cols: Vec<u64> = {
                let first_row = cells.first().map(|cell| cell.position[r]);
                cells
                    .iter()
                    .take_while(|cell| Some(cell.position[r]) == first_row)
                    .map(|cell| cell.position[c])
                    .collect()
            };
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
            for row in cells.chunks(cols.len().max(1)).rev() {
                let line: Vec<String> = row
                    .iter()
                    .map(|cell| format!("{:>width$}", cell.value))
                    .collect();
                writeln!(out, "{:>width$} | {}", row[0].position[r], line.join(" "))?;
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
