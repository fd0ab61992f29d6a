//! `grundy survey`: formats, shards and their merge, agreement with `grundy period` and `grundy
//! seq --analyze`, checkpoints (resumed after Ctrl-C), refusals, and the README section.

use crate::common;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use common::{fails, grundy, json, stdout};

/// CSV lines without the `seconds` column (the 8th), the only one that differs between runs.
fn without_seconds(csv: &str) -> Vec<String> {
    csv.lines()
        .map(|line| {
            // The first eight fields never hold a comma (numbers, a game spec, true/false).
            let fields: Vec<&str> = line.splitn(9, ',').collect();
            let mut kept = fields[..7].to_vec();
            kept.extend(&fields[8..]);
            kept.join(",")
        })
        .collect()
}

/// A fresh scratch directory (removed when dropped).
fn dir(_name: &str) -> common::Scratch {
    common::scratch_dir()
}

#[test]
fn csv_starts_with_the_contract_columns_and_has_one_row_per_member() {
    let csv = stdout(&["survey", "octal:0.??", "--to", "2^10", "--format", "csv"]);
    let mut lines = csv.lines();
    let header = lines.next().unwrap();
    assert!(
        header.starts_with("game,period,preperiod,last_exception,proven,max,computed,seconds,"),
        "{header}"
    );
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), 64);
    assert!(rows[0].starts_with("octal:0.0,"));
    assert!(rows[63].starts_with("octal:0.77,"));
    // Kayles (Guy and Smith 1956; OEIS A002186): period 12, last exception 70, largest value
    // 8 first at 27 (the table agrees: tczajka's TrivialGames lists 0.77).
    let kayles = rows[63];
    assert!(
        kayles.starts_with("octal:0.77,12,71,70,true,8,168,"),
        "{kayles}"
    );
    assert!(kayles.contains(",agrees,"), "{kayles}");
}

#[test]
fn json_is_an_array_of_rows_with_the_contract_keys() {
    let v = json(&["survey", "octal:4.?", "--to", "2^10"]);
    let rows = v.as_array().unwrap();
    assert_eq!(rows.len(), 8);
    for row in rows {
        for key in [
            "game",
            "period",
            "preperiod",
            "last_exception",
            "proven",
            "max",
            "computed",
            "seconds",
            "same_as",
            "published",
        ] {
            assert!(row.get(key).is_some(), "{key} in {row}");
        }
    }
    assert_eq!(rows[0]["game"], "octal:4.0");
    // 4.0 (split a heap in two): G(n) = 0 for odd n, 1 for even n >= 2 (every split of an
    // even heap has parts of one parity, so value 0; an odd heap splits into odd + even).
    assert_eq!(rows[0]["period"], 2);
    assert_eq!(rows[0]["preperiod"], 1);
}

#[test]
fn text_is_a_table_with_a_header() {
    let text = stdout(&["survey", "octal:0.6?", "--to", "2^10"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1 + 8);
    assert!(lines[0].starts_with("game"));
    assert!(lines[0].contains("published"));
    // 0.61, 0.62 and 0.63 have the values of 0.6 (equivalence by saturation).
    assert!(
        lines[2].contains("same values as octal:0.6"),
        "{}",
        lines[2]
    );
    assert!(
        lines[1].contains("open"),
        "0.6 is on tczajka's unsolved list: {}",
        lines[1]
    );
}

/// The done-when of issue 21: two shards hold exactly the rows of the whole run (apart from
/// `seconds`), and `--merge` of the two gives the whole table.
#[test]
fn shards_together_are_the_whole_run_and_merge_into_it() {
    let base = ["survey", "octal:0.??", "--to", "2^14", "--format", "csv"];
    let whole = stdout(&base);
    let run_shard = |shard: &str| {
        let mut args = base.to_vec();
        args.extend(["--shard", shard]);
        stdout(&args)
    };
    let (one, two) = (run_shard("1/2"), run_shard("2/2"));
    let mut together: Vec<String> = without_seconds(&one)[1..].to_vec();
    together.extend(without_seconds(&two)[1..].iter().cloned());
    together.sort();
    let mut expected = without_seconds(&whole)[1..].to_vec();
    expected.sort();
    assert_eq!(together, expected);
    assert!(!one.is_empty() && !two.is_empty());

    let d = dir("merge");
    let (a, b) = (d.join("1.csv"), d.join("2.json"));
    std::fs::write(&a, &one).unwrap();
    // The second shard as JSON: merge reads both formats.
    let mut args = base[..4].to_vec();
    args.extend(["--json", "--shard", "2/2"]);
    std::fs::write(&b, stdout(&args)).unwrap();
    let mut merge = base.to_vec();
    merge.extend(["--merge", a.to_str().unwrap(), b.to_str().unwrap()]);
    assert_eq!(without_seconds(&stdout(&merge)), without_seconds(&whole));
    // One shard alone is not the whole survey.
    let mut partial = base.to_vec();
    partial.extend(["--merge", a.to_str().unwrap()]);
    fails(&partial, "missing");
    // The same shard twice is refused.
    let mut twice = base.to_vec();
    twice.extend(["--merge", a.to_str().unwrap(), a.to_str().unwrap()]);
    fails(&twice, "twice");
    // Rows of another bound are refused.
    let mut other = base.to_vec();
    other[3] = "2^13";
    other.extend(["--merge", a.to_str().unwrap(), b.to_str().unwrap()]);
    fails(&other, "--to");
}

/// The period column is `grundy period`'s: the same values computed the same way.
#[test]
fn the_period_column_agrees_with_grundy_period() {
    let codes = ["0.137", "0.45", "0.6", "0.56", "4.05", "0.007", "0.376"];
    for code in codes {
        let spec = format!("octal:{code}");
        let row = &json(&["survey", &spec, "--to", "2^15"])[0];
        let period = json(&["period", &spec, "--to", "2^15"]);
        for key in [
            "period",
            "preperiod",
            "last_exception",
            "proven",
            "computed",
        ] {
            assert_eq!(row[key], period[key], "{code} {key}");
        }
        assert_eq!(row["max"], period["max_value"], "{code}");
        assert_eq!(row["max_at"], period["max_at"], "{code}");
    }
}

/// A subtraction survey runs each set as its octal code of 3s; its periods are those of
/// `grundy seq subtraction:s=... --analyze` (the subtraction family's own dense engine).
#[test]
fn subtraction_surveys_agree_with_the_subtraction_family() {
    let rows = json(&["survey", "subtraction:size=2:max=6", "--to", "2^12"]);
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 15);
    for row in rows {
        let game = row["game"].as_str().unwrap();
        let seq = json(&["seq", game, "--to", "2000", "--analyze"]);
        let analysis = &seq["analysis"];
        assert_eq!(row["proven"], true, "{game}");
        assert_eq!(row["period"], analysis["period"], "{game}");
        assert_eq!(row["preperiod"], analysis["preperiod"], "{game}");
    }
}

#[test]
fn a_finished_checkpoint_gives_the_same_table_without_computing() {
    let d = dir("done");
    let ck = d.join("ck");
    let args = [
        "survey",
        "octal:0.??",
        "--to",
        "2^12",
        "--format",
        "csv",
        "--checkpoint",
        ck.to_str().unwrap(),
    ];
    let first = stdout(&args);
    assert!(ck.exists());
    let second = stdout(&args);
    // Every row comes from the checkpoint, `seconds` included.
    assert_eq!(second, first);
    // The checkpoint belongs to this survey only.
    fails(
        &[
            "survey",
            "octal:0.?",
            "--to",
            "2^12",
            "--checkpoint",
            ck.to_str().unwrap(),
        ],
        "another run",
    );
}

/// Ctrl-C saves the finished rows and exits 130; the same command then resumes and prints the
/// whole table, equal to an uninterrupted run.
#[test]
fn an_interrupted_survey_resumes() {
    let d = dir("interrupt");
    let ck = d.join("ck");
    let args = [
        "survey",
        "octal:0.??",
        "--to",
        "2^16",
        "--format",
        "csv",
        "--checkpoint",
        ck.to_str().unwrap(),
        "--checkpoint-every",
        "0",
    ];
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    // The header and the first rows (0.0 ... 0.03 are settled at once; 0.04 is not).
    for _ in 0..4 {
        lines.next().unwrap().unwrap();
    }
    // SAFETY: signalling our own child.
    assert_eq!(unsafe { libc::kill(child.id() as i32, libc::SIGINT) }, 0);
    let written: Vec<String> = lines.map(Result::unwrap).collect();
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(130));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("interrupted"), "{stderr}");
    assert!(stderr.contains("resumes"), "{stderr}");
    assert!(written.len() < 64, "the survey was not interrupted");
    let resumed = stdout(&args);
    let fresh = stdout(&args[..6]);
    assert_eq!(without_seconds(&resumed), without_seconds(&fresh));
}

#[test]
fn bad_requests_are_one_line_errors() {
    fails(
        &["survey", "octal:0.8?", "--to", "10"],
        "'8' is not an octal digit",
    );
    fails(&["survey", "nim:0.?", "--to", "10"], "unknown family");
    fails(&["survey", "octal", "--to", "10"], "expected");
    fails(&["survey", "subtraction:size=3", "--to", "10"], "max");
    fails(&["survey", "octal:0.?", "--to", "0"], "at least 1");
    fails(&["survey", "octal:0.?", "--to", "2^40"], "between 1 and");
    fails(
        &["survey", "octal:0.?", "--to", "10", "--shard", "0/2"],
        "--shard",
    );
    fails(
        &[
            "survey",
            "octal:0.?",
            "--to",
            "10",
            "--shard",
            "1/2",
            "--merge",
            "x",
        ],
        "cannot be used",
    );
    fails(
        &["survey", "octal:0.?", "--to", "10", "--format", "bfile"],
        "bfile",
    );
    fails(
        &["survey", "octal:0.?", "--to", "10", "--checkpoint-every=-1"],
        "seconds",
    );
    let d = dir("bad");
    let text = d.join("table.txt");
    std::fs::write(&text, stdout(&["survey", "octal:0.?", "--to", "10"])).unwrap();
    fails(
        &[
            "survey",
            "octal:0.?",
            "--to",
            "10",
            "--merge",
            text.to_str().unwrap(),
        ],
        "not the CSV or JSON",
    );
    fails(
        &[
            "survey",
            "octal:0.?",
            "--to",
            "10",
            "--merge",
            d.join("none").to_str().unwrap(),
        ],
        "cannot read",
    );
    // The help lists the command.
    let help = grundy(&["--help"]).output().unwrap();
    assert!(String::from_utf8_lossy(&help.stdout).contains("survey"));
}

#[test]
fn subtraction_division_surveys_check_each_member_as_verify_does() {
    // Every i-Mark({s},{d}) with s in 2..3, d in 2..5: Conjecture 4 applies where gcd = 1, and
    // Theorems 2/3 to s = 2 with d odd; each row's verdict is `grundy verify`'s on that member.
    let v = json(&["survey", "imark:s=?2..3:d=?2..5", "--to", "2000"]);
    let rows = v.as_array().unwrap();
    assert_eq!(rows.len(), 8);
    for row in rows {
        let game = row["game"].as_str().unwrap();
        let (s, d) = game
            .strip_prefix("imark:s=")
            .unwrap()
            .split_once(":d=")
            .unwrap();
        let (s, d): (u64, u64) = (s.parse().unwrap(), d.parse().unwrap());
        let detail = row["published_detail"].as_str().unwrap();
        let coprime = (1..=s.min(d)).rev().find(|g| s % g == 0 && d % g == 0) == Some(1);
        assert_eq!(
            detail.contains("imark-conjecture4"),
            coprime,
            "{game}: {detail}"
        );
        if coprime {
            let verdict = json(&[
                "verify",
                "imark-conjecture4",
                "--s",
                &s.to_string(),
                "--d",
                &d.to_string(),
                "--to",
                "1999",
                "--json",
            ]);
            let holds = verdict["holds"].as_bool().unwrap();
            let counterexample = detail.contains("imark-conjecture4 (Friman-Nivasch, Conjecture 4 (both of its sentences)): counterexample");
            assert_eq!(holds, !counterexample, "{game}: {detail}");
        }
        assert_eq!(row["computed"], 2000);
        assert_eq!(row["proven"], false);
    }
    // i-Mark([1,2],{4}): Theorem 1 with t = 3 is proven, so every value is by the theorem.
    let v = json(&["survey", "imark:t=3:d=4", "--to", "3000"]);
    assert_eq!(v[0]["status"], "closed form");
    assert_eq!(v[0]["published"], "agrees");
    fails(
        &["survey", "imark:s=?1..3", "--to", "10"],
        "d=?LIST is missing",
    );
}

/// Rows stream: the first members' rows are on stdout, flushed, while a later member (0.04,
/// no period in 2^24 values) still computes.
#[test]
fn rows_are_written_while_a_later_member_still_computes() {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(["survey", "octal:0.0?", "--to", "2^24", "--format", "csv"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let header = lines.next().unwrap().unwrap();
    assert!(header.starts_with("game,"), "{header}");
    for code in ["0.0", "0.01", "0.02", "0.03"] {
        let row = lines.next().unwrap().unwrap();
        assert!(row.starts_with(&format!("octal:{code},")), "{row}");
    }
    let running = child.try_wait().unwrap().is_none();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(running, "the survey ended before its first rows were read");
}
