//! CLI tests for the subtraction-division family: imark, sd, mark, upmark, mark-t, kupin; the
//! `gaps` command; the i-Mark claims of `verify`.

use crate::common;
use common::{fails, json, stdout};

#[test]
fn imark_values_by_hand() {
    // i-Mark({1},{2,3}): 0:0 1:1 2:0 3:2 4:1 5:0 6:1 (see the paper's proof of Theorem 7: SG(3) = 2).
    let v = json(&["seq", "imark:s=1:d=2,3", "--to", "6"]);
    assert_eq!(v["values"], serde_json::json!([0, 1, 0, 2, 1, 0, 1]));
    assert_eq!(v["game"], "imark:s=1:d=2,3");
    let v = json(&["value", "imark:s=1:d=2,3", "3"]);
    assert_eq!(
        (v["value"].as_u64(), v["outcome"].as_str()),
        (Some(2), Some("N"))
    );
}

#[test]
fn mark_and_upmark_by_hand() {
    // Mark: n -> n-1 or floor(n/2). 0:0 1:{0}->1 2:{1,1}->0 3:{0,1}->2 4:{2,0}->1 5:{1,0}->2.
    let v = json(&["seq", "mark", "--to", "5"]);
    assert_eq!(v["values"], serde_json::json!([0, 1, 0, 2, 1, 2]));
    assert_eq!(v["game"], "mark");
    // UpMark: ceil(n/2) only when smaller. 1:{0}->1 2:{1,1}->0 3:{0,ceil 2 -> 0}->1 4:{1,0}->2.
    let v = json(&["seq", "upmark", "--to", "4"]);
    assert_eq!(v["values"], serde_json::json!([0, 1, 0, 1, 2]));
    // Same game under its general name.
    let v = json(&["seq", "sd:s=1:d=2:round=floor", "--to", "5"]);
    assert_eq!(v["values"], serde_json::json!([0, 1, 0, 2, 1, 2]));
}

#[test]
fn mark_t_and_kupin() {
    // Mark-3: subtract 1 or 2, or floor(n/3). 0:0 1:1 2:{1,0}->2 3:{2,1,SG(1)=1}->0.
    let v = json(&["seq", "mark-t:t=3", "--to", "3"]);
    assert_eq!(v["values"], serde_json::json!([0, 1, 2, 0]));
    // Kupin starts at 1 (terminal): 1:0 2:{s:1, ceil(2/2)=1}->1 3:{2, ceil(3/2)=2}->0.
    let v = json(&["seq", "kupin:s=1:d=2", "--to", "3"]);
    assert_eq!(v["from"], 1);
    assert_eq!(v["values"], serde_json::json!([0, 1, 0]));
    fails(&["value", "kupin:s=1:d=2", "0"], "below the minimum 1");
}

#[test]
fn moves_are_described() {
    let v = json(&["moves", "imark:s=1:d=2,3", "6"]);
    let descriptions: Vec<&str> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["description"].as_str().unwrap())
        .collect();
    assert_eq!(descriptions, ["subtract 1", "divide by 2", "divide by 3"]);
}

/// Past the dense table (2^28) `value` streams: the example, 3*10^8. Its value is checked
/// against the byte loop in the ignored `value_past_the_dense_table` library test; here, that
/// the answer comes and agrees with its own winning move (value 2 with a move to a 0).
#[test]
fn value_streams_past_the_dense_table() {
    let v = json(&["value", "imark:s=1:d=2,3", "300000000"]);
    assert!(
        v["method"].as_str().unwrap().contains("block engine"),
        "{v}"
    );
    let moves = json(&["moves", "imark:s=1:d=2,3", "300000000"]);
    let values: Vec<u64> = moves["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["value"].as_u64().unwrap())
        .collect();
    let mex = (0..).find(|x| !values.contains(x)).unwrap();
    assert_eq!(v["value"], mex, "{moves}");
}

#[test]
fn value_uses_a_proven_closed_form_for_huge_piles() {
    let v = json(&["value", "imark:s=1,2:d=4", "10^18"]);
    assert!(v["method"].as_str().unwrap().contains("Theorem 1"), "{v}");
    // Theorem 1 fails for t = 2, so i-Mark({1},{3}) is not answered by it.
    fails(
        &["value", "imark:s=1:d=3", "10^18"],
        "no proven closed form",
    );
}

/// Theorem 1 with t = 2 first fails at d + d^2 = 263682 for d = 513, beyond any small check
/// bound: the value there is 1 by brute force (the options 263681 and 263682 / 513 = 514 both
/// have the value 0, computed below by the dense engine through `seq`).
#[test]
fn a_closed_form_refuted_far_out_is_not_used() {
    let v = json(&["value", "imark:s=1:d=513", "263682"]);
    assert_eq!(v["value"], 1, "{v}");
    assert!(!v["method"].as_str().unwrap().contains("Theorem"), "{v}");
    let options = json(&[
        "seq",
        "imark:s=1:d=513",
        "--from",
        "263681",
        "--to",
        "263681",
    ]);
    assert_eq!(options["values"][0], 0);
    let options = json(&["seq", "imark:s=1:d=513", "--from", "514", "--to", "514"]);
    assert_eq!(options["values"][0], 0);
    // The sum with a Nim heap of 2 is an N-position (1 XOR 2 = 3).
    let sum = json(&["sum", "imark:s=1:d=513", "263682", "nim", "2"]);
    assert_eq!(
        (sum["value"].as_u64(), sum["outcome"].as_str()),
        (Some(3), Some("N")),
        "{sum}"
    );
}

/// A hint's reason must be a true statement: i-Mark({1},{3}) is a t = 2 case of Theorem 1, which
/// is refuted, so the winning move from 14 is not explained by it (i-Mark([1,2],{2}), t = 3 and
/// d = 2, is a case of Sopena's theorem, which is).
#[test]
fn hints_do_not_cite_a_refuted_theorem() {
    let hint = |game: &str, position: &str| {
        let output = common::grundy(&["play", game, position])
            .write_stdin("hint\nquit\n")
            .output()
            .unwrap();
        assert!(output.status.success());
        let text = String::from_utf8(output.stdout).unwrap();
        text.lines()
            .find_map(|l| l.split_once("hint: ").map(|(_, h)| h.to_string()))
            .unwrap_or_else(|| panic!("no hint in {text}"))
    };
    let refuted = hint("imark:s=1:d=3", "14");
    assert!(refuted.starts_with("subtract 1 -> 13"), "{refuted}");
    assert!(!refuted.contains("Theorem"), "{refuted}");
    let proven = hint("imark:s=1,2:d=2", "8");
    assert!(proven.contains("Sopena"), "{proven}");
}

#[test]
fn gaps_reproduce_the_start_of_table_1() {
    let v = json(&["gaps", "imark:s=1:d=2,3", "--to", "10^6"]);
    assert_eq!(v["to"], 1_000_000);
    let max_gaps: Vec<u64> = v["gaps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["max_gap"].as_u64().unwrap())
        .collect();
    // Table 1 (n <= 2^31-1): 4, 8, 19, 240; by 10^6 the first three are reached.
    assert_eq!(max_gaps[..3], [4, 8, 19]);
    let total: u64 = v["gaps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["count"].as_u64().unwrap())
        .sum();
    assert_eq!(total, 1_000_001);
    assert!(stdout(&["gaps", "mark", "--to", "1000"]).contains("max gap"));
}

#[test]
fn gaps_resume_from_a_checkpoint() {
    let dir_scratch = tempfile::tempdir().unwrap();
    let dir = dir_scratch
        .path()
        .join(format!("grundy-cli-subdivision-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("run.ckpt");
    let path = path.to_str().unwrap();
    let first = json(&[
        "gaps",
        "imark:s=1:d=2,3",
        "--to",
        "3*10^7",
        "--checkpoint",
        path,
    ]);
    // The finished state is saved; running again resumes from it and reports the same.
    let again = json(&[
        "gaps",
        "imark:s=1:d=2,3",
        "--to",
        "3*10^7",
        "--checkpoint",
        path,
    ]);
    assert_eq!(first, again);
    fails(
        &[
            "gaps",
            "imark:s=1:d=2,3",
            "--to",
            "10^6",
            "--checkpoint",
            path,
        ],
        "checkpoint",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_killed_run_resumes_to_the_same_result() {
    let dir_scratch = tempfile::tempdir().unwrap();
    let dir = dir_scratch
        .path()
        .join(format!("grundy-cli-kill-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("run.ckpt");
    let p = path.to_str().unwrap();
    let args = ["gaps", "imark:s=1:d=2,3", "--to", "6*10^7", "--json"];
    let whole = json(&args[..4]);
    // Start with a checkpoint after every batch, kill it once the first one is written.
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(args)
        .args(["--checkpoint", p, "--checkpoint-every", "0"])
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while !path.exists() && start.elapsed().as_secs() < 120 {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let killed = child.try_wait().unwrap().is_none();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(path.exists());
    let resumed = json(&[
        "gaps",
        "imark:s=1:d=2,3",
        "--to",
        "6*10^7",
        "--checkpoint",
        p,
    ]);
    assert_eq!(resumed, whole, "killed while running: {killed}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn other_games_resume_too() {
    let dir_scratch = tempfile::tempdir().unwrap();
    let dir = dir_scratch
        .path()
        .join(format!("grundy-cli-stream-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("mark.ckpt");
    let p = path.to_str().unwrap();
    let whole = json(&["gaps", "upmark", "--to", "10^6"]);
    let first = json(&["gaps", "upmark", "--to", "10^6", "--checkpoint", p]);
    let again = json(&["gaps", "upmark", "--to", "10^6", "--checkpoint", p]);
    assert_eq!((&first, &again), (&whole, &whole));
    fails(
        &["gaps", "mark", "--to", "10^6", "--checkpoint", p],
        "belongs to another run (game upmark to 1000000)",
    );
    // The block engine's checkpoint is not the stream's, and the other way round.
    let blocks = dir.join("blocks.ckpt");
    let b = blocks.to_str().unwrap();
    json(&["gaps", "imark:s=1:d=2,3", "--to", "10^6", "--checkpoint", b]);
    std::fs::copy(&blocks, &path).unwrap();
    fails(
        &["gaps", "upmark", "--to", "10^6", "--checkpoint", p],
        "written by the imark23-blocks engine, not the cursor-stream engine",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every edit of a text checkpoint's numbers is caught by its checksum (before the checksum,
/// changing one digit of a gap-statistics line gave a wrong result with exit 0).
#[test]
fn an_edited_checkpoint_is_refused() {
    let dir_scratch = tempfile::tempdir().unwrap();
    let dir = dir_scratch
        .path()
        .join(format!("grundy-cli-edit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("run.ckpt");
    let p = path.to_str().unwrap();
    json(&["gaps", "mark", "--to", "10^5", "--checkpoint", p]);
    let good = std::fs::read_to_string(&path).unwrap();
    let mut edits = 0;
    for (i, c) in good
        .char_indices()
        .filter(|(_, c)| c.is_ascii_digit())
        .step_by(7)
    {
        let digit = if c == '9' { '8' } else { (c as u8 + 1) as char };
        let edited = format!("{}{digit}{}", &good[..i], &good[i + 1..]);
        std::fs::write(&path, edited).unwrap();
        fails(
            &["gaps", "mark", "--to", "10^5", "--checkpoint", p],
            "checkpoint",
        );
        edits += 1;
    }
    assert!(edits > 10, "{edits} edits");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn checkpoint_files_are_checked_up_front_and_leave_other_files_alone() {
    let dir_scratch = tempfile::tempdir().unwrap();
    let dir = dir_scratch
        .path()
        .join(format!("grundy-cli-ckdir-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A directory that does not exist: refused before any computing.
    let missing = dir.join("no/such/dir/ck");
    fails(
        &[
            "gaps",
            "mark",
            "--to",
            "10^5",
            "--checkpoint",
            missing.to_str().unwrap(),
        ],
        "cannot write the checkpoint",
    );
    fails(
        &[
            "gaps",
            "imark:s=1:d=2,3",
            "--to",
            "10^5",
            "--checkpoint",
            dir.to_str().unwrap(),
        ],
        "is not a regular file",
    );
    // `notes.ck` saves through its own temporary name, never through `notes.tmp`.
    let notes = dir.join("notes.tmp");
    std::fs::write(&notes, "my notes").unwrap();
    for game in ["mark", "imark:s=1:d=2,3"] {
        let ck = dir.join(format!("notes.ck{}", game.len()));
        json(&[
            "gaps",
            game,
            "--to",
            "10^5",
            "--checkpoint",
            ck.to_str().unwrap(),
        ]);
        assert!(ck.exists());
    }
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my notes");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn verify_claims() {
    let v = json(&[
        "verify",
        "imark-theorem1",
        "--t",
        "3",
        "--d",
        "4",
        "--to",
        "10^5",
    ]);
    assert_eq!(v["holds"], true);
    let v = json(&[
        "verify",
        "imark-theorem1",
        "--t",
        "2",
        "--d",
        "3",
        "--to",
        "100",
    ]);
    assert_eq!(v["holds"], false);
    assert!(v["counterexample"].as_str().unwrap().starts_with("n = 12:"));
    for claim in ["imark-theorem5", "imark-theorem6", "imark-theorem7"] {
        assert_eq!(
            json(&["verify", claim, "--to", "10^6"])["holds"],
            true,
            "{claim}"
        );
    }
    assert_eq!(
        json(&["verify", "imark-theorem2", "--k", "7", "--to", "10^5"])["holds"],
        true
    );
    assert_eq!(
        json(&["verify", "imark-theorem3", "--k", "9", "--to", "10^5"])["holds"],
        true
    );
    assert_eq!(
        json(&[
            "verify",
            "imark-sopena",
            "--t",
            "4",
            "--d",
            "3",
            "--to",
            "10^5"
        ])["holds"],
        true
    );
    fails(
        &[
            "verify",
            "imark-theorem1",
            "--t",
            "3",
            "--d",
            "5",
            "--to",
            "100",
        ],
        "d = 1 mod t",
    );
    fails(
        &[
            "verify",
            "imark-conjecture4",
            "--s",
            "2",
            "--d",
            "4",
            "--to",
            "100",
        ],
        "gcd",
    );
}

#[test]
fn bad_games_and_numbers() {
    fails(&["seq", "imark:s=:d=2", "--to", "5"], "empty element");
    fails(&["seq", "imark:s=1:d=1", "--to", "5"], "at least 2");
    fails(&["seq", "imark:s=1:d=0,3", "--to", "5"], "at least 2");
    fails(&["seq", "imark:s=0:d=2", "--to", "5"], "positive");
    fails(&["seq", "imark:s=-1:d=2", "--to", "5"], "negative");
    fails(&["seq", "imark:s=1", "--to", "5"], "needs the key 'd'");
    fails(
        &["seq", "sd:s=1:d=2:round=up", "--to", "5"],
        "floor or ceil",
    );
    fails(&["seq", "mark-t:t=1", "--to", "5"], "t");
    fails(&["value", "imark:s=1:d=2,3", "-3"], "-3");
    fails(&["gaps", "imark:s=1:d=2,3", "--to", "-1"], "-1");
    fails(&["gaps", "nim", "--to", "10"], "subtraction-division");
    fails(
        &["gaps", "kupin:s=1:d=2", "--to", "0"],
        "below the smallest position",
    );
}
