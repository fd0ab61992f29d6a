//! `grundy table GAME POS --max N`: rows are the first `_`, printed with the largest at the top
//! (as in Ho's Table 1), columns the second `_`.

use std::io::Write;

use super::{number, unsupported, Outcome};
use crate::cli::{Format, TableArgs};
use grundy::query::show_template;
use grundy::ruleset::{PositionJson, Ruleset, TemplateJson};
use grundy::{query, spec};

pub fn run(args: TableArgs, out: &mut dyn Write) -> Outcome {
    let played = grundy::misere::play::parse_game(&args.game, args.misere)?;
    let game = played.ruleset();
    let template = spec::parse_template(&args.position)?;
    let max = number(&args.max)?;
    let format = args.output.format();
    if args.matrix && format != Format::Csv {
        return Err(grundy::Error::Invalid("--matrix is a layout of --format csv".into()).into());
    }
    if format == Format::Bfile {
        return Err(unsupported(format, "table (b-files are for sequences)"));
    }
    if let Some(path) = &args.plot {
        crate::picture::check_path(path)?;
    }
    let (rows, cols) = query::table_size(game.as_ref(), &template, max)?;
    let total = rows.saturating_mul(cols).min(u128::from(u64::MAX)) as u64;
    let blanks: Vec<usize> = template
        .iter()
        .enumerate()
        .filter(|(_, c)| c.is_none())
        .map(|(i, _)| i)
        .collect();
    let (r, c) = (blanks[0], blanks[1]);
    let (lo_row, lo_col) = (game.min_coordinate(r), game.min_coordinate(c));
    let mut picture = args.plot.as_ref().map(|_| {
        crate::picture::TablePicture::new(
            lo_row..=max.max(lo_row),
            lo_col..=max.max(lo_col),
            (
                game.coordinate_name(r, template.len()),
                game.coordinate_name(c, template.len()),
            ),
        )
        .titled(format!(
            "{}: SG values of {}",
            game.spec(),
            show_template(&template)
        ))
    });
    let bar = crate::progress::bar(total, "table");
    if format != Format::Text {
        // JSON and CSV are written a row at a time as the rows are computed.
        let mut writer = TableWriter::new(
            out,
            format,
            args.matrix,
            game.as_ref(),
            &template,
            max,
            (r, c),
            lo_col,
        );
        let mut write_error = None;
        let mut cells = 0u64;
        let result = query::table_rows(game.as_ref(), &template, max, &mut |row, first, values| {
            if let Err(e) = writer.row(row, first, values) {
                write_error = Some(e);
                return Err(grundy::Error::Invalid("output failed".into()));
            }
            if let Some(picture) = &mut picture {
                picture.push_row(row, first, values);
            }
            cells += values.len() as u64;
            bar.set_position(cells);
            Ok(())
        });
        bar.finish_and_clear();
        if let Some(e) = write_error {
            return Err(e.into());
        }
        result?;
        if let (Some(path), Some(picture)) = (&args.plot, picture) {
            picture.finish(path)?;
        }
        writer.finish()?;
        return Ok(());
    }
    let cells = query::table(game.as_ref(), &template, max, &mut |done| {
        bar.set_position(done)
    })?;
    bar.finish_and_clear();
    if let (Some(path), Some(mut picture)) = (&args.plot, picture) {
        for cell in &cells {
            picture.push_row(cell.row, cell.col, &[Some(cell.value)]);
        }
        picture.finish(path)?;
    }
    match format {
        Format::Text => {
            // A game may leave cells out (e.g. Sharing Nim shows row <= column, as in Ho's
            // Table 1): place every cell by its column and leave the others blank.
            let mut cols: Vec<u64> = cells.iter().map(|cell| cell.col).collect();
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
            let rows = cells.chunk_by(|x, y| x.row == y.row);
            for row in rows.collect::<Vec<_>>().into_iter().rev() {
                let mut line = vec![" ".repeat(width); cols.len()];
                for cell in row {
                    let at = cols.binary_search(&cell.col).expect("a column");
                    line[at] = format!("{:>width$}", cell.value);
                }
                writeln!(
                    out,
                    "{:>width$} | {}",
                    row[0].row,
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
        _ => unreachable!("JSON and CSV are streamed above, b-files refused"),
    }
}

/// JSON (one cell object per shown cell) or CSV (one line per cell, or per row with
/// `--matrix`), written a row at a time, flushed a mebibyte at a time.
struct TableWriter<'a> {
    pending: crate::stream::Pending<'a>,
    format: Format,
    matrix: bool,
    game: &'a dyn Ruleset,
    /// Whether the game writes its positions as their numbers (then written here directly),
    /// else as [`PositionJson`] (JSON) or [`Ruleset::show_position`] (CSV) say.
    numbers: bool,
    template: Vec<Option<u64>>,
    blanks: (usize, usize),
    first_cell: bool,
}

impl<'a> TableWriter<'a> {
    #[allow(clippy::too_many_arguments)]
    fn new(
        out: &'a mut dyn Write,
        format: Format,
        matrix: bool,
        game: &'a dyn Ruleset,
        template: &[Option<u64>],
        max: u64,
        blanks: (usize, usize),
        lo_col: u64,
    ) -> Self {
        let mut pending = crate::stream::Pending::new(out);
        let head = match (format, matrix) {
            (Format::Json, _) => format!(
                "{{\"game\":{}{},\"position\":{},\"max\":{max},\"cells\":[",
                serde_json::to_string(&game.spec()).expect("a string"),
                crate::stream::play_key(&game.spec()),
                serde_json::to_string(&TemplateJson::new(game, template)).expect("numbers")
            ),
            (_, true) => {
                let columns: Vec<String> = (lo_col..=max).map(|c| c.to_string()).collect();
                format!(
                    "coordinate {}\\coordinate {},{}\n",
                    blanks.0 + 1,
                    blanks.1 + 1,
                    columns.join(",")
                )
            }
            _ => "position,value\n".to_string(),
        };
        pending.buffer.extend_from_slice(head.as_bytes());
        TableWriter {
            pending,
            format,
            matrix,
            game,
            numbers: PositionJson::writes_numbers(game, &[]),
            template: template.to_vec(),
            blanks,
            first_cell: true,
        }
    }

    fn row(&mut self, row: u64, first: u64, values: &[Option<u64>]) -> std::io::Result<()> {
        let buffer = &mut self.pending.buffer;
        if self.matrix {
            buffer.extend_from_slice(itoa::Buffer::new().format(row).as_bytes());
            for value in values {
                buffer.push(b',');
                if let Some(v) = value {
                    buffer.extend_from_slice(itoa::Buffer::new().format(*v).as_bytes());
                }
            }
            buffer.push(b'\n');
            return self.pending.maybe_flush();
        }
        // No allocation per cell: the coordinates and value go through one itoa buffer.
        let mut digits = itoa::Buffer::new();
        for (i, value) in values.iter().enumerate() {
            let Some(v) = value else { continue };
            let (json, first_cell) = (self.format == Format::Json, self.first_cell);
            if json && !first_cell {
                buffer.push(b',');
            }
            self.first_cell = false;
            if !self.numbers {
                // A position written as the game writes it (text, names): the library's form.
                let position = grundy::query::template_position(
                    self.game,
                    &self.template,
                    &[row, first + i as u64],
                )
                .map_err(|e| std::io::Error::other(e.to_string()))?;
                if json {
                    buffer.extend_from_slice(b"{\"position\":");
                    let shown = PositionJson::new(self.game, position);
                    serde_json::to_writer(&mut *buffer, &shown).map_err(std::io::Error::other)?;
                    buffer.extend_from_slice(b",\"value\":");
                } else {
                    // As `value --format csv` writes it: the game's text, quoted.
                    buffer.push(b'"');
                    buffer.extend_from_slice(self.game.show_position(&position).as_bytes());
                    buffer.extend_from_slice(b"\",");
                }
                buffer.extend_from_slice(digits.format(*v).as_bytes());
                buffer.extend_from_slice(if json { b"}" } else { b"\n" });
                continue;
            }
            if json {
                buffer.extend_from_slice(b"{\"position\":[");
            } else {
                buffer.push(b'"');
            }
            for (k, c) in self.template.iter().enumerate() {
                if k > 0 {
                    buffer.push(b',');
                }
                let coordinate = if k == self.blanks.0 {
                    row
                } else if k == self.blanks.1 {
                    first + i as u64
                } else {
                    c.unwrap_or(0)
                };
                buffer.extend_from_slice(digits.format(coordinate).as_bytes());
            }
            buffer.extend_from_slice(if json { b"],\"value\":" } else { b"\"," });
            buffer.extend_from_slice(digits.format(*v).as_bytes());
            buffer.extend_from_slice(if json { b"}" } else { b"\n" });
        }
        self.pending.maybe_flush()
    }

    fn finish(mut self) -> std::io::Result<()> {
        if self.format == Format::Json {
            self.pending
                .buffer
                .extend_from_slice(b"],\"complete\":true}\n");
        }
        self.pending.finish()
    }
}
