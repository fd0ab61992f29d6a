//! `grundy uw P1,P2,P3` and `grundy uw --cell X,Y`: the bijection of Theorem 23.

use std::io::Write;

use serde_json::json;

use super::{show_position, unsupported, write_json, Outcome};
use crate::cli::{Format, UwArgs};
use grundy::nim_fractals::automaton::{self, Cell};
use grundy::{spec, Error};

pub fn run(args: UwArgs, out: &mut dyn Write) -> Outcome {
    let format = args.output.format();
    if matches!(format, Format::Csv | Format::Bfile) {
        return Err(unsupported(format, "uw (use text or json)"));
    }
    let (position, cell) = match (&args.position, &args.cell) {
        (Some(text), None) => {
            let p = spec::parse_position(text)?;
            let piles: [u64; 3] = p.as_slice().try_into().map_err(|_| {
                Error::Position(format!(
                    "'{text}' has {} piles; Theorem 23 is about three-pile Nim",
                    p.len()
                ))
            })?;
            (Some(piles), automaton::to_cell(piles)?)
        }
        (None, Some(text)) => {
            let cell = parse_cell(text)?;
            (automaton::from_cell(cell)?, cell)
        }
        _ => return Err(Error::Invalid(
            "give either a three-pile P-position (e.g. 14,11,5) or --cell X,Y (e.g. --cell 10,-3)"
                .into(),
        )
        .into()),
    };
    let walk = match position {
        Some(p) => automaton::walk_of(p)?,
        None => Vec::new(),
    };
    let generation = position.map(|p| automaton::total(&p) / 2);
    match format {
        Format::Json => write_json(
            out,
            &json!({
                "position": position,
                "cell": [cell.0.to_string().parse::<i64>().map_or_else(|_| json!(cell.0.to_string()), |x| json!(x)),
                         cell.1.to_string().parse::<i64>().map_or_else(|_| json!(cell.1.to_string()), |x| json!(x))],
                "generation": generation.map(|g| g.to_string().parse::<u64>().map_or_else(|_| json!(g.to_string()), |x| json!(x))),
                "walk": walk,
            }),
        ),
        _ => {
            let Some(p) = position else {
                writeln!(
                    out,
                    "({}, {}) is not a cell of the three branches (N, E, W) of the Ulam-Warburton automaton",
                    cell.0, cell.1
                )?;
                return Ok(());
            };
            writeln!(out, "({}) <-> ({}, {})", show_position(&p), cell.0, cell.1)?;
            writeln!(
                out,
                "generation {}; walk: {}",
                generation.unwrap_or(0),
                walk.iter()
                    .map(|l| format!("{} {} (piles {})", l.steps, l.direction, pair(l.piles)))
                    .collect::<Vec<_>>()
                    .join(", ")
            )?;
            Ok(())
        }
    }
}

fn pair(piles: [u8; 3]) -> String {
    let names: Vec<String> = (0..3)
        .filter(|&i| piles[i] == 1)
        .map(|i| (i + 1).to_string())
        .collect();
    names.join("+")
}

fn parse_cell(text: &str) -> Result<Cell, Error> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    let bad = || {
        Error::Position(format!(
            "'{text}' is not a cell x,y of integers (e.g. 10,-3)"
        ))
    };
    if parts.len() != 2 {
        return Err(bad());
    }
    let x = parts[0].parse::<i128>().map_err(|_| bad())?;
    let y = parts[1].parse::<i128>().map_err(|_| bad())?;
    const LIMIT: i128 = 1 << 100;
    if x.abs() > LIMIT || y.abs() > LIMIT {
        return Err(Error::TooLarge(format!(
            "cell coordinates are at most 2^100 in absolute value (got {text})"
        )));
    }
    Ok((x, y))
}
