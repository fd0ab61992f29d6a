//! `grundy games`: every family of the registry, with an example spec and position each.

use std::io::Write;

use serde_json::json;

use super::{unsupported, write_json, Outcome};
use crate::cli::{Format, GamesArgs};

pub fn run(args: GamesArgs, out: &mut dyn Write) -> Outcome {
    let families: Vec<_> = grundy::registry::families().collect();
    match args.output.format() {
        Format::Json => {
            let list: Vec<_> = families
                .iter()
                .map(|f| json!({"name": f.name, "keys": f.keys, "summary": f.summary}))
                .collect();
            write_json(out, &json!({ "games": list }))
        }
        Format::Text => {
            for family in &families {
                writeln!(out, "{}", family.summary)?;
            }
            writeln!(
                out,
                "{} families; names are read in any case (Kayles is kayles); try `grundy value nim 3,5,6`.",
                families.len()
            )?;
            Ok(())
        }
        format => Err(unsupported(format, "games (use text or json)")),
    }
}
