//! `grundy verify CLAIM [--param value ...] --to N`, `grundy verify CLAIM --help`,
//! `grundy verify --list`.

use std::io::Write;

use serde_json::json;

use super::{number, unsupported, write_json, Failure, Outcome};
use crate::cli::VerifyArgs;
use grundy::claims;
use grundy::verify::{self, Claim, Params, Status, Verdict};
use grundy::Error;

/// What a `verify CLAIM ...` command line asks, once parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    /// The bound (`--to`, or the claim's default).
    pub to: u64,
    /// JSON output.
    pub json: bool,
    /// The claim's parameters as given.
    pub pairs: Vec<(String, String)>,
}

pub fn run(args: VerifyArgs, out: &mut dyn Write) -> Outcome {
    let asks_help = args.help || args.args.iter().any(|a| a == "--help" || a == "-h");
    let Some(name) = args.claim.as_deref().filter(|_| !args.list) else {
        if asks_help && !args.list {
            write!(out, "{}", crate::cli::verify_help())?;
        } else {
            list(out)?;
        }
        return Ok(());
    };
    let claim = claims::find(name)?;
    if asks_help {
        return claim_help(claim, out);
    }
    let request = parse(claim, &args.args)?;
    let params = Params::new(claim, request.pairs)?;
    let bar = crate::progress::bar(1000, claim.name);
    let verdict = (claim.check)(&params, request.to, &mut |fraction| {
        bar.set_position((fraction.clamp(0.0, 1.0) * 1000.0) as u64)
    })?;
    bar.finish_and_clear();
    if request.json {
        return write_json(out, &json!(verdict));
    }
    write_verdict(claim, &verdict, out)
}

/// Parses a claim's arguments: its parameters (`--name value` or `--name=value`), `--to N`,
/// `--json` and `--format F`. An unknown name is refused before its value is looked for.
pub fn parse(claim: &Claim, args: &[String]) -> Result<Request, Failure> {
    let (mut to, mut json_out, mut pairs) = (None, false, Vec::new());
    let mut rest = args.iter();
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
        let (key, inline) = match key.split_once('=') {
            Some((k, v)) => (k, Some(v.to_string())),
            None => (key, None),
        };
        if !matches!(key, "to" | "format") && !claim.params.iter().any(|p| p.name == key) {
            let known: String = claim
                .params
                .iter()
                .map(|p| format!("--{}, ", p.name))
                .collect();
            return Err(Error::Invalid(format!(
                "claim '{}' has no parameter --{key}; it takes {known}--to N, --json and --format F",
                claim.name
            ))
            .into());
        }
        let value = match inline {
            Some(v) => v,
            None => rest
                .next()
                .ok_or_else(|| Error::Invalid(format!("--{key} needs a value")))?
                .clone(),
        };
        match key {
            "to" => to = Some(number(&value)?),
            "format" if value == "json" => json_out = true,
            "format" if value == "text" => {}
            "format" => return Err(unsupported_format(&value)),
            _ => pairs.push((key.to_string(), value)),
        }
    }
    let to = to.or(claim.default_to).ok_or_else(|| {
        Error::Invalid(format!(
            "verify {} needs --to N ({}); `grundy verify {} --help` describes it",
            claim.name, claim.range, claim.name
        ))
    })?;
    Ok(Request {
        to,
        json: json_out,
        pairs,
    })
}

/// `grundy verify --list`: every claim with its source, parameters and range.
fn list(out: &mut dyn Write) -> Outcome {
    for entry in claims::papers() {
        writeln!(out, "== {} ==", entry.title)?;
        for claim in entry.claims {
            list_claim(claim, out)?;
        }
    }
    Ok(())
}

fn list_claim(claim: &Claim, out: &mut dyn Write) -> Outcome {
    {
        writeln!(
            out,
            "{}\n  {}\n  source: {}\n  --to: {}",
            claim.name, claim.statement, claim.source, claim.range
        )?;
        if !claim.params.is_empty() {
            let params: Vec<String> = claim.params.iter().map(describe_param).collect();
            writeln!(out, "  {}", params.join("; "))?;
        }
    }
    Ok(())
}

fn describe_param(p: &verify::Param) -> String {
    match p.default {
        Some(d) => format!("--{}: {} (default {d})", p.name, p.meaning),
        None => format!("--{}: {} (no default)", p.name, p.meaning),
    }
}

/// `grundy verify CLAIM --help`.
fn claim_help(claim: &Claim, out: &mut dyn Write) -> Outcome {
    let mut usage = format!("grundy verify {}", claim.name);
    for p in claim.params {
        usage.push_str(&format!(" [--{} VALUE]", p.name));
    }
    usage.push_str(match claim.default_to {
        Some(_) => " [--to N]",
        None => " --to N",
    });
    writeln!(out, "Usage: {usage} [--json]\n")?;
    writeln!(out, "{}\n", claim.statement)?;
    writeln!(out, "Source: {}", claim.source)?;
    match claim.default_to {
        Some(d) => writeln!(out, "--to N: {} (default {d})", claim.range)?,
        None => writeln!(out, "--to N: {} (required)", claim.range)?,
    }
    if claim.params.is_empty() {
        writeln!(out, "Parameters: none")?;
    } else {
        writeln!(out, "Parameters:")?;
        for p in claim.params {
            writeln!(out, "  {}", describe_param(p))?;
        }
    }
    writeln!(
        out,
        "\nThe verdict is `holds` (the whole statement compared with brute force on every case of the range), `counterexample` (the first failing case, and how many fail where counted) or `evidence` (only part of the statement compared; the verdict names the part not compared). `--json` gives the verdict as JSON."
    )?;
    Ok(())
}

/// The verdict as text: the statement with every parameter used, the source, what was checked,
/// the status, and the notes.
fn write_verdict(claim: &Claim, verdict: &Verdict, out: &mut dyn Write) -> Outcome {
    // In the claim's order of parameters.
    let used: Vec<String> = claim
        .params
        .iter()
        .filter_map(|p| {
            verdict
                .params
                .get(p.name)
                .map(|v| format!(" --{} {v}", p.name))
        })
        .collect();
    writeln!(out, "{}{}: {}", claim.name, used.concat(), claim.statement)?;
    writeln!(out, "source: {}", claim.source)?;
    writeln!(
        out,
        "checked: {}; to = {}: {}",
        claim.range,
        verdict.checked_to,
        verdict.cases_in_words()
    )?;
    match verdict.status {
        Status::Holds => writeln!(out, "holds")?,
        Status::Counterexample => writeln!(
            out,
            "counterexample: {}",
            verdict.counterexample.as_deref().unwrap_or_default()
        )?,
        Status::Evidence => writeln!(
            out,
            "evidence: no counterexample in what was compared; not compared: {}",
            verdict.unchecked.as_deref().unwrap_or_default()
        )?,
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

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::reproduce::{commands, Mode, Paper};

    /// Shell words, with single quotes as `ClaimRow::command` writes them.
    fn words(line: &str) -> Vec<String> {
        let (mut out, mut word, mut quoted) = (Vec::new(), String::new(), false);
        for c in line.chars() {
            match c {
                '\'' => quoted = !quoted,
                ' ' if !quoted => out.push(std::mem::take(&mut word)),
                c => word.push(c),
            }
        }
        out.push(word);
        out
    }

    #[test]
    fn every_command_of_the_report_reads_back_as_its_check() {
        // The report runs each row's claim through the library and prints the command that
        // checks it alone: that command must reach the same claim, parameters and bound.
        for mode in [Mode::Quick, Mode::Full] {
            for line in commands(&Paper::ALL, mode) {
                let w = words(&line);
                assert_eq!(&w[..2], ["grundy", "verify"], "{line}");
                let claim = claims::find(&w[2]).unwrap();
                let request = parse(claim, &w[3..]).unwrap_or_else(|e| panic!("{line}: {e}"));
                let to = w.iter().position(|x| x == "--to").map(|i| &w[i + 1]);
                assert_eq!(Some(request.to.to_string()).as_ref(), to, "{line}");
                Params::new(claim, request.pairs).unwrap_or_else(|e| panic!("{line}: {e}"));
            }
        }
    }

    #[test]
    fn arguments_parse() {
        let claim = claims::find("imark-theorem1").unwrap();
        let args: Vec<String> = ["--t=5", "--d", "6", "--to", "10^3", "--format", "json"]
            .map(String::from)
            .to_vec();
        let r = parse(claim, &args).unwrap();
        assert_eq!(
            r,
            Request {
                to: 1000,
                json: true,
                pairs: vec![("t".into(), "5".into()), ("d".into(), "6".into())],
            }
        );
        let claim = claims::find("nim-uw-turns").unwrap();
        assert_eq!(parse(claim, &[]).unwrap().to, 1);
    }
}
