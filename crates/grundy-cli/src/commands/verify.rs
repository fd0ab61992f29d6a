//! `grundy verify CLAIM [--param value ...] --to N`.

use std::io::Write;

use serde_json::json;

use super::{number, unsupported, write_json, Failure, Outcome};
use crate::cli::VerifyArgs;
use grundy::registry;
use grundy::verify::Params;
use grundy::Error;

pub fn run(args: VerifyArgs, out: &mut dyn Write) -> Outcome {
    if args.list || args.claim.is_none() {
        for claim in registry::claims() {
            let params: Vec<String> = claim
                .params
                .iter()
                .map(|(n, d)| format!("--{n}: {d}"))
                .collect();
            writeln!(
                out,
                "{}\n  {}\n  source: {}\n  --to: {}",
                claim.name, claim.statement, claim.source, claim.range
            )?;
            if !params.is_empty() {
                writeln!(out, "  {}", params.join("; "))?;
            }
        }
        return Ok(());
    }
    let claim = registry::find_claim(args.claim.as_deref().unwrap_or_default())?;
    let (mut to, mut json_out, mut pairs) = (None, false, Vec::new());
    let mut rest = args.args.iter();
    while let Some(arg) = rest.next() {
        let key = arg.strip_prefix("--").ok_or_else(|| {
            Error::Invalid(format!(
                "unexpected argument '{arg}' (parameters look like --t 3)"
            ))
        })?;
        if key == "json" {
            json_out = true;
            continue;
        }
        let name = key.split_once('=').map_or(key, |(k, _)| k);
        if !["to", "format"].contains(&name) && !claim.params.iter().any(|(n, _)| *n == name) {
            let known: Vec<String> = claim.params.iter().map(|(n, _)| format!("--{n}")).collect();
            return Err(Error::Invalid(format!(
                "claim '{}' has no parameter --{name}; it takes {}--to N, --json and --format F",
                claim.name,
                known.iter().map(|k| format!("{k}, ")).collect::<String>()
            ))
            .into());
        }
        let (key, value) = match key.split_once('=') {
            Some((k, v)) => (k.to_string(), v.to_string()),
            None => {
                let value = rest
                    .next()
                    .ok_or_else(|| Error::Invalid(format!("--{key} needs a value")))?;
                (key.to_string(), value.clone())
            }
        };
        match key.as_str() {
            "to" => to = Some(number(&value)?),
            "format" if value == "json" => json_out = true,
            "format" if value == "text" => {}
            "format" => return Err(unsupported_format(&value)),
            _ => pairs.push((key, value)),
        }
    }
    let to = to.ok_or_else(|| Error::Invalid("verify needs --to N".into()))?;
    let params = Params::new(claim, pairs)?;
    let bar = crate::progress::bar(1000, claim.name);
    let verdict = (claim.check)(&params, to, &mut |fraction| {
        bar.set_position((fraction * 1000.0) as u64)
    })?;
    bar.finish_and_clear();
    if json_out {
        return write_json(out, &json!(verdict));
    }
    let given: Vec<String> = verdict
        .params
        .iter()
        .map(|(k, v)| format!("--{k} {v}"))
        .collect();
    writeln!(
        out,
        "{} {}: {}",
        claim.name,
        given.join(" "),
        claim.statement
    )?;
    writeln!(out, "source: {}", claim.source)?;
    writeln!(
        out,
        "checked: {} up to {} ({} cases)",
        claim.range, verdict.checked_to, verdict.cases
    )?;
    match &verdict.counterexample {
        None => writeln!(out, "holds")?,
        Some(c) => writeln!(out, "COUNTEREXAMPLE: {c}")?,
    }
    for note in &verdict.notes {
        writeln!(out, "note: {note}")?;
    }
    Ok(())
}

fn unsupported_format(value: &str) -> Failure {
    match value {
        "csv" => unsupported(crate::cli::Format::Csv, "verify"),
        "bfile" => unsupported(crate::cli::Format::Bfile, "verify"),
        other => Failure::Grundy(Error::Invalid(format!(
            "unknown format '{other}' (text, json)"
        ))),
    }
}
