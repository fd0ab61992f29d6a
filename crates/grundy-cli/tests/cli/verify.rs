//! CLI tests for `grundy verify`: defaults shown, per-claim help, failures counted, statuses, and
//! every `grundy verify` command printed in README.md and the user guide run as written.

use crate::common;
use common::{fails, grundy, json, shell_words, stdout};

/// README.md and the chapters of the user guide (`docs/src/*.md`), as one text.
fn documentation() -> String {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let mut files = vec![std::path::PathBuf::from(format!("{root}/README.md"))];
    let mut chapters: Vec<_> = std::fs::read_dir(format!("{root}/docs/src"))
        .expect("docs/src")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    chapters.sort();
    files.extend(chapters);
    files
        .iter()
        .map(|path| std::fs::read_to_string(path).expect("read a Markdown file") + "\n")
        .collect()
}

/// Every `grundy verify ...` command printed in README.md and the guide (in code blocks after
/// `$ `, in backticks, or as a line of printed output), as the arguments after `grundy`, with the
/// error line printed after it when the text shows one. Usage patterns with a placeholder
/// (`CLAIM`) are left out.
fn readme_commands() -> Vec<(Vec<String>, Option<String>)> {
    let readme = documentation();
    let lines: Vec<&str> = readme.lines().collect();
    let mut commands = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let mut rest = *line;
        while let Some(at) = rest.find("grundy verify") {
            let tail = &rest[at + "grundy ".len()..];
            let end = tail.find(['`', '#', '|']).unwrap_or(tail.len());
            let command = tail[..end].trim_end_matches([' ', ',', '.', ':', ')']);
            // The output starts on the next line, or after an exit code line `? 2`.
            let first = match lines.get(i + 1) {
                Some(next) if next.starts_with("? ") => i + 2,
                _ => i + 1,
            };
            let error = lines
                .get(first)
                .filter(|next| line.starts_with("$ ") && next.starts_with("error: "))
                .map(|next| next["error: ".len()..].to_string());
            if !command.contains("CLAIM") {
                commands.push((shell_words(command), error));
            }
            rest = &tail[end..];
        }
    }
    commands.sort();
    commands.dedup();
    commands
}

/// Commands too long for the default (debug) suite, with the bound they run to there; the
/// ignored test below runs them as written.
const LONG: [(&str, &str); 7] = [
    ("imark-theorem7", "10^6"),
    ("sharing-conjecture3", "300"),
    ("sharing-row-maxima", "300"),
    ("sprouts-normal-outcomes", "4"),
    ("takeaway-growth-conjecture", "10^6"),
    ("takeaway-winning-move", "2000"),
    ("wythoff-p-positions", "2000"),
];

/// Runs a README command: it succeeds with some output, or fails with the error line printed
/// after it.
fn run_as_printed(args: &[String], error: &Option<String>) {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match error {
        Some(line) => fails(&args, line),
        None => {
            let output = grundy(&args).output().expect("the binary runs");
            assert!(
                output.status.success() && !output.stdout.is_empty(),
                "grundy {args:?} failed: {}",
                String::from_utf8_lossy(&output.stderr)
            );
        }
    }
}

#[test]
fn every_verify_command_of_the_readme_works() {
    let commands = readme_commands();
    assert!(commands.len() >= 20, "{commands:?}");
    // The command that once failed with "needs --to" is among them, as printed.
    let uw = vec!["verify".to_string(), "nim-uw-turns".to_string()];
    assert!(commands.contains(&(uw, None)));
    for (mut args, error) in commands {
        if let Some((_, to)) = LONG
            .iter()
            .find(|(c, _)| args.get(1).map(String::as_str) == Some(c))
        {
            let at = args.iter().position(|a| a == "--to").expect("--to") + 1;
            args[at] = to.to_string();
        }
        run_as_printed(&args, &error);
    }
}

/// `cargo test --release -p grundy-cli --test cli -- --ignored verify::` (a few minutes).
#[test]
#[ignore]
fn every_verify_command_of_the_readme_works_as_written() {
    for (args, error) in readme_commands() {
        run_as_printed(&args, &error);
    }
}

#[test]
fn defaults_are_shown_in_text_and_json() {
    // Three piles by default: said in the text and in JSON params.
    let text = stdout(&["verify", "bouton", "--to", "3"]);
    assert!(text.starts_with("bouton --piles 3: the SG value"), "{text}");
    let v = json(&["verify", "bouton", "--to", "3"]);
    assert_eq!(v["params"]["piles"], "3");
    assert_eq!(v["cases"], 64);
    assert_eq!(
        (v["status"].as_str(), v["complete"].as_bool()),
        (Some("holds"), Some(true))
    );
    // Given values and defaults together.
    let v = json(&["verify", "imark-theorem1", "--d", "7", "--to", "100"]);
    assert_eq!(v["params"]["t"], "3");
    assert_eq!(v["params"]["d"], "7");
    let text = stdout(&["verify", "sharing-complement", "--to", "3"]);
    assert!(text.starts_with("sharing-complement --piles 4:"), "{text}");
    // An alternative parameter without a default is not shown unless given.
    let v = json(&["verify", "takeaway-main-theorem", "--to", "50"]);
    assert_eq!(v["params"], serde_json::json!({"f": "2*k"}));
    // The CLI.md keys stay.
    for key in ["claim", "checked_to", "holds", "counterexample"] {
        assert!(v.get(key).is_some(), "{key}: {v}");
    }
}

#[test]
fn per_claim_help() {
    let help = stdout(&["verify", "imark-theorem1", "--help"]);
    assert!(help.starts_with("Usage: grundy verify imark-theorem1 [--t VALUE] [--d VALUE] --to N"));
    for part in [
        "SG = t exactly at alpha_m",
        "Source: Friman-Nivasch, Theorem 1",
        "--to N: every n <= to (required)",
        "--t: max(S) + 1, from 2 to 65536 (default 3)",
        "--d: the divisor, d = 1 mod t (default 4)",
    ] {
        assert!(help.contains(part), "{part}: {help}");
    }
    // Also after other arguments, with -h, and for a claim with a default bound.
    assert!(stdout(&["verify", "bouton", "--to", "3", "-h"]).contains("--piles: number of piles"));
    assert!(stdout(&["verify", "nim-uw-turns", "--help"]).contains("(default 1)"));
    // `verify --help` and `--list` keep working.
    let general = stdout(&["verify", "--help"]);
    assert!(general.contains("Usage: grundy verify") && general.contains("imark-conjecture4"));
    assert!(general.contains("--piles (3)"), "{general}");
    let list = stdout(&["verify", "--list"]);
    assert!(
        list.contains("--piles: number of piles, 1 to 8 (default 3)"),
        "{list}"
    );
    assert!(stdout(&["verify"]).contains("nim-theorem1"));
}

#[test]
fn failures_are_counted_or_the_stop_is_said() {
    // Theorem 1 with t = 2 fails first at 12 and again later: every n is compared.
    let v = json(&[
        "verify",
        "imark-theorem1",
        "--t",
        "2",
        "--d",
        "3",
        "--to",
        "1000",
    ]);
    assert_eq!(v["status"], "counterexample");
    assert_eq!(v["holds"], false);
    assert_eq!(
        v["counterexample"],
        "n = 12: the theorem gives 2, brute force 1"
    );
    assert_eq!(
        (v["cases"].as_u64(), v["complete"].as_bool()),
        (Some(1001), Some(true))
    );
    assert!(v["failures"].as_u64().unwrap() > 1, "{v}");
    let text = stdout(&[
        "verify",
        "imark-theorem1",
        "--t",
        "2",
        "--d",
        "3",
        "--to",
        "1000",
    ]);
    let failures = v["failures"].as_u64().unwrap();
    assert!(
        text.contains(&format!("to = 1000: 1001 cases, {failures} of them fail"))
            && text.contains("\ncounterexample: n = 12"),
        "{text}"
    );
    // A check that cannot count says so.
    let text = stdout(&["verify", "nim-d3-recursion", "--to", "20"]);
    assert!(text.contains("20 cases, "), "{text}");
}

#[test]
fn evidence_names_what_was_not_compared() {
    let text = stdout(&["verify", "sharing-row-maxima", "--to", "600", "--rows", "0"]);
    assert!(
        text.contains("\nevidence: no counterexample in what was compared; not compared: the reported maxima of row 0, b = 0..999 (needs --to 999) and row 6, b = 6..805 (needs --to 805)"),
        "{text}"
    );
    let v = json(&["verify", "sharing-row-maxima", "--to", "600", "--rows", "0"]);
    assert_eq!(
        (v["status"].as_str(), v["holds"].as_bool()),
        (Some("evidence"), Some(true))
    );
    assert!(v["unchecked"].as_str().unwrap().contains("row 6"));
    let v = json(&["verify", "sharing-section6", "--to", "100"]);
    assert_eq!(v["status"], "evidence");
}

#[test]
fn the_checked_range_is_the_range_asked_or_a_refusal() {
    // g(N) is compared up to 2^28 only: beyond, the claim refuses rather than report 2^29.
    fails(
        &["verify", "takeaway-fibonacci", "--to", "2^29", "--json"],
        "268435456",
    );
    let v = json(&["verify", "takeaway-fibonacci", "--to", "1000"]);
    assert_eq!(v["checked_to"], 1000);
    // The claim that needs no bound runs without one.
    let v = json(&["verify", "nim-uw-turns"]);
    assert_eq!(
        (v["status"].as_str(), v["checked_to"].as_u64()),
        (Some("counterexample"), Some(1))
    );
}

#[test]
fn bad_verify_arguments_are_one_error_line() {
    // An unknown parameter is named as such, not as "needs a value".
    fails(
        &["verify", "nim-table1", "--to", "3", "--jsn"],
        "claim 'nim-table1' has no parameter --jsn; it takes --to N, --json and --format F",
    );
    fails(&["verify", "bouton", "--to"], "--to needs a value");
    fails(&["verify", "bouton"], "verify bouton needs --to N");
    fails(
        &[
            "verify",
            "takeaway-simple-base",
            "--f",
            "k%3+1",
            "--to",
            "50",
        ],
        "hypothesis fails",
    );
    fails(
        &["verify", "nim-theorem1", "--to", "5"],
        "every partition is tried",
    );
    fails(
        &["verify", "sharing-corollary1", "--to", "41"],
        "limited to 40",
    );
}

#[test]
fn new_claims_against_brute_force_run_from_the_command_line() {
    for (args, cases) in [
        (vec!["verify", "nim-theorem1", "--to", "3"], 65_536),
        (vec!["verify", "nim-lemma18", "--to", "3"], 15),
        (vec!["verify", "sharing-corollary1", "--to", "6"], 28),
        (vec!["verify", "takeaway-winning-move", "--to", "100"], 200),
    ] {
        let v = json(&args);
        assert_eq!(v["status"], "holds", "{args:?}: {v}");
        assert_eq!(v["cases"], cases, "{args:?}");
    }
    let v = json(&[
        "verify",
        "takeaway-simple-base",
        "--f",
        "k^2+1",
        "--to",
        "1000",
    ]);
    assert_eq!(v["status"], "holds");
    let v = json(&["verify", "takeaway-growth-conjecture", "--to", "10^4"]);
    assert_eq!(v["status"], "counterexample");
    let v = json(&[
        "verify",
        "imark-conjecture4",
        "--s",
        "4",
        "--d",
        "3",
        "--to",
        "300",
    ]);
    assert!(v["counterexample"]
        .as_str()
        .unwrap()
        .contains("(the second sentence)"));
}
