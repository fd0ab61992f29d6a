//! CLI tests for heap games: octal:CODE, hex:CODE, grundy-game and the named games, through
//! value, moves, seq, table, sum, play, verify, period (with checkpoints) and the errors.

use crate::common;
use common::{fails, grundy, json, stdout};

#[test]
fn kayles_at_ten_to_the_eighteen_is_answered_by_the_proven_period() {
    let text = stdout(&["value", "kayles", "10^18"]);
    // 10^18 = 71 + 12q + 5, and G(76) = G(64) = 1 (A002186: ..., 2, 8, 1, 4, ...).
    assert!(text.starts_with("1\n"), "{text}");
    assert!(text.contains("proven period 12"), "{text}");
    assert!(text.contains("last exception at 70"), "{text}");
    assert!(text.contains("Guy and Smith"), "{text}");
    let v = json(&["value", "kayles", "10^18"]);
    assert_eq!(v["value"], 1);
    assert_eq!(v["outcome"], "N");
}

#[test]
fn seq_analyze_proves_the_period_of_0_127() {
    // The theorem needs 2 * 46578 + 2 * 4 + 3 = 93167 values (n0 = 46578, p = 4, k = 3).
    let text = stdout(&["seq", "octal:0.127", "--to", "93166", "--analyze"]);
    assert!(
        text.contains("periodicity: period 4, preperiod 46578; proven: proven period 4"),
        "{}",
        text.lines().rev().take(4).collect::<Vec<_>>().join("\n")
    );
    assert!(text.contains("last exception: n = 46577"));
    assert!(text.contains("sparse space (mask"));
    // One value fewer and the theorem does not apply: observed only.
    let short = json(&["seq", "octal:0.127", "--to", "93165", "--analyze"]);
    assert_eq!(short["analysis"]["proven"], false);
    assert_eq!(short["analysis"]["period"], 4);
    let notes = short["analysis"]["notes"].as_array().unwrap();
    assert!(notes.iter().any(|n| n.as_str().unwrap().contains("46577")));
}

/// Without `--to`, `seq --analyze` of a heap game runs to where the period is proven: the
/// issue's command, `grundy seq octal:0.127 --analyze`.
#[test]
fn seq_analyze_without_to_stops_at_the_proof() {
    let v = json(&["seq", "octal:0.127", "--analyze"]);
    assert_eq!(v["to"], 93166);
    assert_eq!(v["analysis"]["proven"], true);
    assert_eq!(v["analysis"]["period"], 4);
    assert_eq!(v["analysis"]["preperiod"], 46578);
    let kayles = json(&["seq", "kayles", "--analyze"]);
    assert_eq!(kayles["analysis"]["proven"], true);
    assert_eq!(kayles["analysis"]["period"], 12);
    assert_eq!(kayles["analysis"]["preperiod"], 71);
    fails(&["seq", "kayles"], "seq needs --to N");
    fails(&["seq", "nim", "3,_"], "seq needs --to N");
    fails(
        &["seq", "grundy-game", "--analyze"],
        "no theorem proves one for grundy-game",
    );
}

#[test]
fn period_reports_the_proof_and_the_rare_values() {
    let v = json(&["period", "dawson-kayles"]);
    assert_eq!(v["proven"], true);
    assert_eq!(v["period"], 34);
    assert_eq!(v["last_exception"], 52);
    assert_eq!(v["code"], "octal:0.07");
    // n0 = 53, p = 34, k = 2: the theorem's range ends at 2 * 53 + 34 + 2 = 142, plus a period.
    assert_eq!(v["computed"], 176);
    let text = stdout(&["period", "octal:0.137"]);
    assert!(
        text.starts_with("octal:0.137: period 34, preperiod 52, last exception at 51"),
        "{text}"
    );
    assert!(text.contains("stopped at the proof"));
    let go_on = json(&["period", "octal:0.137", "--to", "1000", "--no-stop"]);
    assert_eq!(go_on["computed"], 1000);
    assert_eq!(go_on["period"], 34);
    // Grundy's game: not covered by the theorem, so never proven.
    let grundy_game = json(&["period", "grundy-game", "--to", "3000"]);
    assert_eq!(grundy_game["proven"], false);
    assert!(grundy_game["not_covered"]
        .as_str()
        .unwrap()
        .contains("unequal"));
    // Its rare values start as Flammenkamp lists them (mask ...1110): G(1) = 0, G(2) = 0,
    // G(3) = 1, G(4) = 0, G(6) = 1, G(7) = 0, G(9) = 1, G(10) = 0, ...
    let rare: Vec<(u64, u64)> = grundy_game["rare"]
        .as_array()
        .unwrap()
        .iter()
        .take(8)
        .map(|r| (r["n"].as_u64().unwrap(), r["value"].as_u64().unwrap()))
        .collect();
    assert_eq!(
        rare,
        vec![
            (1, 0),
            (2, 0),
            (3, 1),
            (4, 0),
            (6, 1),
            (7, 0),
            (9, 1),
            (10, 0)
        ]
    );
    assert!(grundy_game["split"].as_str().unwrap().contains("...1110"));
}

#[test]
fn period_resumes_from_a_checkpoint() {
    let dir_scratch = tempfile::tempdir().unwrap();
    let dir = dir_scratch
        .path()
        .join(format!("grundy-cli-octal-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ck = dir.join("ck.bin");
    let ck = ck.to_str().unwrap();
    // 0.177: period 20, last exception 496 (A071435); the proof needs 2 * 497 + 40 + 3 values.
    let first = json(&["period", "octal:0.177", "--to", "600", "--checkpoint", ck]);
    assert_eq!(first["computed"], 600);
    assert_eq!(first["resumed_from"], 0);
    let second = json(&["period", "octal:0.177", "--to", "2^20", "--checkpoint", ck]);
    assert_eq!(second["resumed_from"], 600);
    assert_eq!(second["last_exception"], 496);
    let straight = json(&["period", "octal:0.177", "--to", "2^20"]);
    for key in [
        "computed",
        "period",
        "preperiod",
        "max_value",
        "max_at",
        "rare_count",
    ] {
        assert_eq!(second[key], straight[key], "{key}");
    }
    // Another game's checkpoint is refused; so is a damaged one.
    fails(
        &["period", "kayles", "--checkpoint", ck],
        "made for octal:0.177",
    );
    let mut bytes = std::fs::read(ck).unwrap();
    let last = bytes.len() - 20;
    bytes[last] ^= 1;
    std::fs::write(ck, &bytes).unwrap();
    fails(&["period", "octal:0.177", "--checkpoint", ck], "checksum");
    // Only the checkpoint itself is in the directory (no temporary file left behind).
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
    fails(
        &["period", "kayles", "--checkpoint", "/nonexistent-dir/ck"],
        "cannot write the checkpoint",
    );
}

#[test]
fn moves_read_like_sentences_and_find_the_winning_ones() {
    let text = stdout(&["moves", "kayles", "3,4"]);
    assert!(
        text.contains("take 1 from heap 2, leaving heaps of 1 and 2  -> 3,1,2"),
        "{text}"
    );
    // G(3) XOR G(4) = 3 XOR 1 = 2 (A002186): the moves to value 0 win.
    let v = json(&["moves", "kayles", "3,4"]);
    for m in v["moves"].as_array().unwrap() {
        assert_eq!(m["winning"], m["value"] == 0);
    }
    assert!(v["winning"].as_u64().unwrap() > 0);
    let split = stdout(&["moves", "grundy-game", "7"]);
    assert!(
        split.contains("split heap 1 into heaps of 1 and 6"),
        "{split}"
    );
    assert!(
        split.contains("split heap 1 into heaps of 3 and 4"),
        "{split}"
    );
    let hex = stdout(&["moves", "hex:0.8", "4"]);
    assert!(
        hex.contains("take 1 from heap 1, leaving heaps of 1, 1 and 1"),
        "{hex}"
    );
}

#[test]
fn sums_tables_and_play_go_through_the_common_machinery() {
    // A heap game plus itself is a P-position.
    let sum = json(&["sum", "kayles", "5,9", "kayles", "5,9"]);
    assert_eq!(sum["value"], 0);
    // A002187: G(10) = 3 for Dawson's Chess; 3 XOR 3 = 0.
    let sum = json(&["sum", "dawson-chess", "10", "nim", "3"]);
    assert_eq!(sum["value"], 0);
    let table = json(&["table", "kayles", "_,_", "--max", "4"]);
    // G(a) XOR G(b) with A002186: G(0..=4) = 0 1 2 3 1.
    let g = [0u64, 1, 2, 3, 1];
    for c in table["cells"].as_array().unwrap() {
        let p = c["position"].as_array().unwrap();
        let (a, b) = (
            p[0].as_u64().unwrap() as usize,
            p[1].as_u64().unwrap() as usize,
        );
        assert_eq!(c["value"].as_u64().unwrap(), g[a] ^ g[b]);
    }
    let output = grundy(&["play", "kayles", "4"])
        .write_stdin("hint\n1\n1\n1\n1\n")
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    // G(4) = 1: the winning move leaves 1,1 (values 1 XOR 1 = 0).
    assert!(
        text.contains("hint: take 2 from heap 1, leaving heaps of 1 and 1 -> 1,1"),
        "{text}"
    );
    assert!(text.contains("whose nim-sum is 0"), "{text}");
}

#[test]
fn verify_the_known_periods_and_the_engine() {
    let v = json(&["verify", "octal-known-periods", "--to", "2000"]);
    assert_eq!(v["holds"], true);
    assert!(v["cases"].as_u64().unwrap() >= 10);
    fails(
        &[
            "verify",
            "octal-known-periods",
            "--game",
            "0.127",
            "--to",
            "1000",
        ],
        "needs 93167 values",
    );
    let engine = json(&["verify", "octal-engine", "--digits", "1", "--to", "200"]);
    assert_eq!(engine["holds"], true);
    let theorem = json(&[
        "verify",
        "octal-periodicity-theorem",
        "--digits",
        "2",
        "--to",
        "600",
    ]);
    assert_eq!(theorem["holds"], true);
}

#[test]
fn bad_heap_game_input_is_refused() {
    fails(&["value", "octal:0.8", "3"], "not a octal digit");
    fails(&["value", "octal", "3"], "needs a code");
    fails(&["value", "hex:1.F", "3"], "d0 = 1");
    fails(&["value", "kayles:0.7", "3"], "key=value");
    fails(&["period", "nim"], "heap games");
    fails(
        &["period", "kayles", "--to", "2^40"],
        "beyond the engine's limit",
    );
    fails(&["period", "kayles", "--format", "csv"], "not available");
    fails(
        &["value", "grundy-game", "10^18"],
        "no period of this game can be proven",
    );
}

/// Many heaps: the list of moves is refused when it would hold more than 2^24 numbers (the
/// 100,000-case fuzz run found `moves`, `play` and explorations of thousands of heaps running
/// out of memory).
#[test]
fn move_lists_of_many_heaps_are_bounded() {
    let heaps = vec!["3"; 6000].join(",");
    fails(
        &["moves", "double-kayles", &heaps],
        "numbers a list of moves may hold",
    );
    // Explorations take one heap of each size (equal heaps give the same options up to order)
    // and stop at the position limit for positions this long.
    fails(&["remoteness", "kayles", &heaps], "positions are reachable");
}

/// FNV-1a (64-bit), each value one symbol: the checksum `grundy record` prints.
fn fnv1a(values: &[u64]) -> u64 {
    values.iter().fold(0xcbf2_9ce4_8422_2325, |h, &v| {
        (h ^ v).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[test]
fn record_counts_values_per_power_of_two_as_seq_computes_them() {
    // 64K bytes: a prefix of 2^15 values and a window of 2^14; Kayles' rare positions are
    // early, so the window computes G(2^15), ..., G(99999).
    let report = json(&["record", "kayles", "--to", "10^5", "--memory", "64K"]);
    assert_eq!(report["complete"], true, "{report}");
    assert_eq!(
        (report["prefix"].as_u64(), report["window"].as_u64()),
        (Some(32768), Some(16384))
    );
    let seq = json(&["seq", "kayles", "--to", "99999"]);
    let values: Vec<u64> = seq["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(report["checksum"], format!("{:016x}", fnv1a(&values)));
    let counts = report["counts"].as_array().unwrap();
    let mut uptos: Vec<u64> = (0..17).map(|k| 1 << k).collect();
    uptos.push(100_000);
    assert_eq!(
        counts
            .iter()
            .map(|c| c["upto"].as_u64().unwrap())
            .collect::<Vec<_>>(),
        uptos
    );
    for c in counts {
        let upto = c["upto"].as_u64().unwrap() as usize;
        let listed: Vec<u64> = c["counts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_u64().unwrap())
            .collect();
        let mut expected = vec![0u64; listed.len()];
        for &v in &values[..upto] {
            expected[v as usize] += 1;
        }
        assert_eq!(listed, expected, "to {upto}");
    }
    let max = *values.iter().max().unwrap();
    assert_eq!(report["max_value"], max);
    assert_eq!(values[report["max_at"].as_u64().unwrap() as usize], max);
    let text = stdout(&["record", "kayles", "--to", "10^5", "--memory", "64K"]);
    assert!(text.contains("N = 2^16: "), "{text}");
    assert!(
        text.contains(&format!("checksum: {:016x}", fnv1a(&values))),
        "{text}"
    );
}

#[test]
fn record_stops_with_what_is_known_when_a_needed_value_is_not_kept() {
    // Grundy's game's rare positions go on to 82860: in 64K bytes (rare list: 1024) the run
    // stops, prints what it computed, and says why on stderr with exit code 3 (an incomplete
    // answer, not an error: stdout is a valid report of what was computed).
    let out = grundy(&["record", "grundy-game", "--to", "10^5", "--memory", "64K"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let text = String::from_utf8(out.stdout).unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        text.contains("(stopped)") && text.contains("stopped: G("),
        "{text}"
    );
    assert!(
        err.starts_with("stopped: G(") && err.contains("more --memory"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn record_refusals() {
    fails(&["record", "hex:0.8", "--to", "100"], "three-heap moves");
    fails(
        &["record", "nim", "--to", "100"],
        "record is for heap games",
    );
    fails(
        &["record", "kayles", "--to", "100", "--memory", "1K"],
        "memory",
    );
    fails(&["record", "kayles", "--to", "2^60"], "limit");
    fails(
        &["seq", "kayles", "--to", "10", "--threads", "0"],
        "--threads must be between 1 and 1024",
    );
    fails(
        &["seq", "kayles", "--to", "10", "--threads", "x"],
        "--threads",
    );
}

#[test]
fn outputs_are_the_same_with_one_and_two_threads() {
    for args in [
        vec!["seq", "octal:0.007", "--to", "30000"],
        vec![
            "period",
            "octal:0.6",
            "--to",
            "300000",
            "--no-stop",
            "--json",
        ],
        vec!["record", "grundy-game", "--to", "300000", "--memory", "1M"],
        vec!["value", "octal:0.6", "123456"],
    ] {
        let one = stdout(&[&args[..], &["--threads", "1"]].concat());
        let two = stdout(&[&args[..], &["--threads", "2"]].concat());
        assert_eq!(one, two, "{args:?}");
    }
}

/// `value` and `seq` given a `--memory` that G(0..n) would not fit (two bytes a value) compute
/// in record mode, and agree with the engine, which keeps every value (issue 30).
#[test]
fn value_and_seq_past_the_memory_agree_with_the_engine() {
    for game in ["octal:0.6", "grundy-game"] {
        let engine = json(&["value", game, "150000"]);
        let record = json(&["value", game, "150000", "--memory", "256K"]);
        assert_eq!(record["value"], engine["value"], "{game}");
        let method = record["method"].as_str().unwrap();
        assert!(
            method.contains("record mode") && method.contains("256K"),
            "{method}"
        );
        assert!(engine["method"].as_str().unwrap().contains("engine"));
        let range = ["seq", game, "5,_", "--from", "147000", "--to", "150000"];
        let record = stdout(&[&range[..], &["--memory", "256K"]].concat());
        assert_eq!(record, stdout(&range), "{game}");
    }
    // A memory that fits: the engine answers.
    let fits = json(&["value", "octal:0.6", "150000", "--memory", "1M"]);
    assert!(fits["method"].as_str().unwrap().contains("engine"));
}

#[test]
fn value_and_seq_say_where_a_record_run_stopped() {
    // Grundy's game in 64K bytes stops at G(32768) (more rare positions than it keeps).
    fails(
        &["value", "grundy-game", "10^5", "--memory", "64K"],
        "record mode stopped: G(32768) is not computed",
    );
    // `seq` has written G(0..32768) by then: they stay a valid output, exit code 3.
    let out = grundy(&[
        "seq",
        "grundy-game",
        "--to",
        "10^5",
        "--memory",
        "64K",
        "--json",
    ])
    .output()
    .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let partial: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(partial["complete"], false);
    assert_eq!(partial["values"].as_array().unwrap().len(), 32768);
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("stopped: ") && err.contains("the output holds the values at 0..32767"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    // Before any value is out, the same stop is an error.
    fails(
        &[
            "seq",
            "grundy-game",
            "--from",
            "50000",
            "--to",
            "10^5",
            "--memory",
            "64K",
        ],
        "record mode stopped",
    );
}

#[test]
fn period_past_the_memory_proves_the_period_of_the_literature() {
    // 0.16: period 149459, last exception 105350 (Gangolli and Plambeck 1989).
    let report = json(&["period", "octal:0.16", "--to", "2^40", "--memory", "8M"]);
    assert_eq!(report["proven"], true, "{report}");
    assert_eq!(report["period"], 149_459);
    assert_eq!(report["last_exception"], 105_350);
    assert_eq!(report["preperiod_exact"], true);
    let text = stdout(&["period", "octal:0.16", "--to", "2^40", "--memory", "8M"]);
    assert!(
        text.starts_with("octal:0.16: period 149459, preperiod 105351"),
        "{text}"
    );
    // Grundy's game: no proof can come; the values go on past what the engine would keep.
    let report = json(&["period", "grundy-game", "--to", "300000", "--memory", "1M"]);
    assert_eq!(
        (report["proven"].clone(), report["computed"].clone()),
        (false.into(), 300_000.into())
    );
    assert!(report["not_covered"].as_str().unwrap().contains("unequal"));
    fails(
        &["period", "grundy-game", "--to", "10^5", "--memory", "64K"],
        "record mode stopped",
    );
}
