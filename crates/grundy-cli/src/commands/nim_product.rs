//! `grundy nim-product A B`: the nim product of *A and *B (Conway's field on the nimbers).

use std::io::Write;

use serde_json::json;

use super::{unsupported, write_json, Outcome};
use crate::cli::{Format, NimProductArgs};
use grundy::number::parse_u64;
use grundy::{query, Error};

pub fn run(args: NimProductArgs, out: &mut dyn Write) -> Outcome {
    let factor = |name: &str, text: &str| {
        parse_u64(text).map_err(|e| Error::Invalid(format!("{name}: {e}")))
    };
    let a = factor("A", &args.a)?;
    let b = factor("B", &args.b)?;
    let value = query::nim_product(a, b);
    match args.output.format() {
        Format::Json => write_json(out, &json!({ "a": a, "b": b, "value": value })),
        Format::Text => {
            writeln!(out, "{value}")?;
            writeln!(
                out,
                "*{a} x *{b} = *{value} (nim product: Conway, On Numbers and Games ch. 6)"
            )?;
            Ok(())
        }
        Format::Csv => {
            writeln!(out, "a,b,value")?;
            writeln!(out, "{a},{b},{value}")?;
            Ok(())
        }
        format @ Format::Bfile => Err(unsupported(
            format,
            "nim-product (b-files are for sequences)",
        )),
    }
}
