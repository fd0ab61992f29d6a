//! `grundy base takeaway:f=EXPR --to N`: the g-base B_f and g0 (Holshouser and Reiter).

use std::io::Write;

use super::{unsupported, Failure, Outcome};
use crate::cli::{BaseArgs, Format};
use grundy::games::takeaway;

pub fn run(args: BaseArgs, out: &mut dyn Write) -> Outcome {
    let to = grundy::number::parse_u128(&args.to)?;
    let report = takeaway::base_report(&args.game, to)?;
    match args.output.format() {
        Format::Json => {
            // written straight from the report: members may exceed 64 bits
            serde_json::to_writer(&mut *out, &report).map_err(|e| Failure::Io(e.into()))?;
            writeln!(out)?;
            Ok(())
        }
        Format::Text => {
            writeln!(
                out,
                "{}: the g-base B_f and g0 up to {} (Holshouser-Reiter)",
                report.game, report.to
            )?;
            let width = report.base.last().map_or(1, |b| b.to_string().len()).max(7);
            let iw = report.base.len().to_string().len().max(2);
            writeln!(
                out,
                "{:>iw$}  {:>width$}  {:>width$}",
                "i", "b_i", "g0(b_i)"
            )?;
            for (i, (b, g0)) in report.base.iter().zip(&report.g0).enumerate() {
                writeln!(out, "{i:>iw$}  {b:>width$}  {g0:>width$}")?;
            }
            // An empty base (`--to 0`: b_0 = 1 lies beyond it) has no last member.
            let Some(last) = report.base.len().checked_sub(1) else {
                if let Some(next) = report.next {
                    writeln!(
                        out,
                        "no member of the base is at most {}: the first is b_0 = {next}",
                        report.to
                    )?;
                }
                return Ok(());
            };
            if report.finite {
                writeln!(
                    out,
                    "the base is finite: it ends at b_{last} = {}, so g(N) depends on N mod {} only",
                    report.base[last], report.base[last]
                )?;
            } else if let Some(next) = report.next {
                writeln!(
                    out,
                    "the base does not end below {}: the next member is b_{} = {next}",
                    report.to,
                    last + 1
                )?;
            }
            Ok(())
        }
        Format::Csv => {
            writeln!(out, "i,b,g0")?;
            for (i, (b, g0)) in report.base.iter().zip(&report.g0).enumerate() {
                writeln!(out, "{i},{b},{g0}")?;
            }
            Ok(())
        }
        format @ Format::Bfile => Err(unsupported(format, "base (b-files are for sequences)")),
    }
}
