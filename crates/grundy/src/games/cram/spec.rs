//! `cram:RxC` (the empty board), `cram:board=ROWS`, `cram:file=FILE`.

use super::Cram;
use crate::family::{Family, SpecArgs};
use crate::games::board::parse_size;
use crate::{Error, Result, Ruleset};

/// The folder's registry entries, in the order `--help` lists them.
pub const FAMILIES: &[Family] = &[FAMILY];

/// The registry entry.
pub const FAMILY: Family = Family {
    name: "cram",
    keys: &["board", "file"],
    summary: "cram:4x5 (or cram:board=..#/..../...., cram:file=B.txt): place a domino on two adjacent empty cells (positions: boards like ..../..../....; the empty board by default)",
    build,
};

/// The most bytes of a board file.
const MAX_BOARD_FILE: u64 = 1 << 16;

fn build(args: &mut SpecArgs) -> Result<Box<dyn Ruleset>> {
    let size = args.take_bare();
    let board = args.take("board");
    let file = args.take("file");
    let given = [size.is_some(), board.is_some(), file.is_some()];
    match given.iter().filter(|g| **g).count() {
        1 => {}
        0 => {
            // The spec names the board; a board typed as the position alone does not
            // (issue 52: `grundy value cram '.../...'`).
            return Err(Error::Spec(
                "cram needs its board in the spec: a size RxC (cram:2x3, then a position like ..#/... or none for the empty board), board=ROWS (cram:board=..#/..., '#' a covered cell, no position) or file=FILE".into(),
            ));
        }
        _ => {
            return Err(Error::Spec(
                "cram takes one of: a size RxC (cram:4x5), board=ROWS (cram:board=..#/...) or file=FILE".into(),
            ));
        }
    }
    if let Some(size) = size {
        let (rows, cols) = parse_size(&size)?;
        // The size is checked before the full board is made (a box of more than 128 cells).
        Cram::new(rows, cols, 0, String::new())?;
        let empty = super::region::full(rows, cols);
        return Ok(Box::new(Cram::new(
            rows,
            cols,
            empty,
            format!("cram:{rows}x{cols}"),
        )?));
    }
    let (text, spec) = match (board, file) {
        (Some(board), _) => (board.clone(), format!("cram:board={board}")),
        (None, Some(file)) => (
            crate::files::read_text(std::path::Path::new(&file), MAX_BOARD_FILE, "board file")?,
            format!("cram:file={file}"),
        ),
        (None, None) => unreachable!("one of the three is given"),
    };
    let (rows, cols, cells) = Cram::parse_board(&text).map_err(|e| match e {
        Error::Position(m) => Error::Spec(m),
        e => e,
    })?;
    Ok(Box::new(Cram::new(rows, cols, cells, spec)?))
}
