//! `grundy db info FILE` and `grundy db merge OUT IN...`: the database of solved parts that
//! `--db FILE` keeps ([`grundy::solve::db`]).

use std::io::Write;

use super::{unsupported, write_json, Outcome};
use crate::cli::{DbCommand, Format, OutputArgs};
use grundy::solve::db::{self, Info};

pub fn run(command: DbCommand, out: &mut dyn Write) -> Outcome {
    match command {
        DbCommand::Info { file, output } => {
            check_format(&output)?;
            show(&db::info(&file)?, &output, out)
        }
        DbCommand::Merge {
            out: target,
            inputs,
            output,
        } => {
            check_format(&output)?;
            let info = {
                let working = crate::progress::delayed("merging");
                working.watch(|| db::merge(&target, &inputs))?
            };
            show(&info, &output, out)
        }
    }
}

fn check_format(output: &OutputArgs) -> Outcome {
    match output.format() {
        Format::Text | Format::Json => Ok(()),
        other => Err(unsupported(other, "db")),
    }
}

fn show(info: &Info, output: &OutputArgs, out: &mut dyn Write) -> Outcome {
    match output.format() {
        Format::Json => write_json(out, info),
        _ => {
            writeln!(
                out,
                "game {}, format {}: {} parts ({} with their exact value), {} bytes",
                info.game, info.format, info.parts, info.values, info.bytes
            )?;
            Ok(())
        }
    }
}
