//! `grundy count nim --piles K --by max|total [--exact] --to N [--from M]`.

use std::io::Write;

use serde_json::{json, Value};

use super::{write_json, Outcome};
use crate::cli::{CountArgs, CountBy, Format};
use grundy::nim_fractals::nim::{self, By, NimCount};
use grundy::number::{parse_u128, parse_u64};
use grundy::Error;

pub fn run(args: CountArgs, out: &mut dyn Write) -> Outcome {
    if args.what != "nim" {
        return Err(Error::Invalid(format!(
            "count knows 'nim' only (P-positions of k-pile Nim), not '{}'",
            args.what
        ))
        .into());
    }
    let piles = parse_u64(&args.piles).map_err(|e| Error::Invalid(format!("--piles: {e}")))?;
    let piles = usize::try_from(piles)
        .map_err(|_| Error::TooLarge(format!("--piles {piles} is too large")))?;
    let by = match args.by {
        CountBy::Max => By::Max,
        CountBy::Total => By::Total,
    };
    let count = NimCount::new(piles, by, args.exact)?;
    let to = parse_u128(&args.to).map_err(|e| Error::Invalid(format!("--to: {e}")))?;
    let from = match &args.from {
        Some(text) => parse_u128(text).map_err(|e| Error::Invalid(format!("--from: {e}")))?,
        None => 0,
    };
    let len = to.saturating_sub(from).saturating_add(1);
    let bar = crate::progress::bar(u64::try_from(len).unwrap_or(u64::MAX), "count");
    let values = nim::sequence(&count, from, to, &mut |done| bar.set_position(done))?;
    bar.finish_and_clear();
    let indices = (from..=to).zip(&values);
    match args.output.format() {
        Format::Json => {
            let values: Vec<Value> = values
                .iter()
                .map(|v| u64::try_from(v).map_or_else(|_| json!(v.to_string()), |x| json!(x)))
                .collect();
            write_json(
                out,
                &json!({
                    "sequence": count.name(),
                    "meaning": count.meaning(),
                    "oeis": count.oeis(),
                    "piles": piles,
                    "by": count.by,
                    "exact": count.exact,
                    "from": number(from),
                    "to": number(to),
                    "values": values,
                }),
            )
        }
        Format::Text => {
            let oeis = count
                .oeis()
                .map_or_else(String::new, |a| format!(" (OEIS {a})"));
            writeln!(out, "# {}(n): {}{oeis}", count.name(), count.meaning())?;
            let width = to.to_string().len();
            for (n, v) in indices {
                writeln!(out, "{n:>width$} {v}")?;
            }
            Ok(())
        }
        Format::Csv => {
            writeln!(out, "n,{}", count.name())?;
            for (n, v) in indices {
                writeln!(out, "{n},{v}")?;
            }
            Ok(())
        }
        Format::Bfile => {
            for (n, v) in indices {
                writeln!(out, "{n} {v}")?;
            }
            Ok(())
        }
    }
}

/// An index as a JSON number when it fits in 64 bits, as a string otherwise.
fn number(n: u128) -> Value {
    u64::try_from(n).map_or_else(|_| json!(n.to_string()), |x| json!(x))
}
