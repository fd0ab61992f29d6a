//! Work lost or refused late (issue 22, section 2): `period` stopped with Ctrl-C keeps its
//! checkpoint and prints what is known; refusals come before the work; `moves` on huge heaps.

use crate::common;

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{grundy, json};

/// A fresh scratch directory for one test.
fn scratch(_name: &str) -> common::Scratch {
    common::scratch_dir()
}

/// Starts `grundy args`, waits until `ready` exists (or a short moment without one), sends
/// SIGINT and returns stdout, stderr and the exit code.
fn interrupt(args: &[&str], ready: Option<&std::path::Path>) -> (String, String, Option<i32>) {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let start = Instant::now();
    match ready {
        Some(path) => {
            while !path.exists() {
                assert!(start.elapsed() < Duration::from_secs(60), "no checkpoint");
                assert!(child.try_wait().unwrap().is_none(), "ended before SIGINT");
                std::thread::sleep(Duration::from_millis(10));
            }
        }
        None => std::thread::sleep(Duration::from_millis(500)),
    }
    std::thread::sleep(Duration::from_millis(200));
    assert!(child.try_wait().unwrap().is_none(), "ended before SIGINT");
    // SAFETY: signalling our own child.
    assert_eq!(unsafe { libc::kill(child.id() as i32, libc::SIGINT) }, 0);
    let (mut out, mut err) = (String::new(), String::new());
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    (out, err, status.code())
}

/// octal:0.6 has no known period: 600000 values take seconds even in release builds.
const SLOW: [&str; 5] = ["period", "octal:0.6", "--to", "600000", "--no-stop"];

#[test]
fn ctrl_c_of_period_saves_the_checkpoint_and_the_resume_ends_as_a_whole_run() {
    let dir = scratch("period");
    let checkpoint = dir.join("ck");
    let ck = checkpoint.to_str().unwrap();
    let mut args = SLOW.to_vec();
    args.extend(["--checkpoint", ck, "--checkpoint-every", "0"]);
    let (out, err, code) = interrupt(&[&args[..], &["--json"]].concat(), Some(&checkpoint));
    assert_eq!(code, Some(130), "stderr: {err}");
    assert!(
        err.contains("interrupted after ") && err.contains(" values, G(0), ..., G("),
        "{err}"
    );
    assert!(err.contains("the same command resumes"), "{err}");
    let partial: serde_json::Value = serde_json::from_str(&out).expect("the report is JSON");
    assert_eq!(partial["complete"], false);
    assert_eq!(partial["proven"], false);
    let computed = partial["computed"].as_u64().unwrap();
    assert!(computed > 0 && computed < 600_000, "{computed}");
    assert!(checkpoint.exists());

    // What is known is the truth about G(0..computed): the largest value and where it first
    // occurs, as the sequence of those values says.
    let to = (computed - 1).to_string();
    let analysis = json(&["seq", "octal:0.6", "--to", &to, "--analyze"]);
    assert_eq!(partial["max_value"], analysis["analysis"]["max"]);
    let records = analysis["analysis"]["records"].as_array().unwrap();
    assert_eq!(partial["max_at"], records.last().unwrap()["n"]);

    // The same command resumes from there and ends as an uninterrupted run does.
    let mut resumed = json(&args);
    assert_eq!(resumed["resumed_from"].as_u64(), Some(computed));
    let mut whole = json(&SLOW);
    assert_eq!(whole["complete"], true);
    resumed.as_object_mut().unwrap().remove("resumed_from");
    whole.as_object_mut().unwrap().remove("resumed_from");
    assert_eq!(resumed, whole);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn ctrl_c_of_period_without_a_checkpoint_prints_what_is_known() {
    let (out, err, code) = interrupt(&SLOW, None);
    assert_eq!(code, Some(130), "stderr: {err}");
    assert!(out.contains("no period proven in G(0), ..., G("), "{out}");
    assert!(out.contains("yet (interrupted)"), "{out}");
    assert!(out.contains("(interrupted before 600000)"), "{out}");
    assert!(out.contains("largest value: "), "{out}");
    assert!(
        err.contains("without a saved --checkpoint a rerun starts over"),
        "{err}"
    );
    assert!(!err.contains("error:"), "{err}");
}

/// A board search stopped by Ctrl-C saves its table and says how far the rounds at the root
/// got; the empty 5 x 9 board has 4 * 9 + 5 * 8 = 76 dominoes, and its first round asks
/// whether the value is 0 (both sides odd: no theorem settles it).
#[test]
fn ctrl_c_of_a_board_search_says_how_far_the_root_got() {
    let dir = scratch("board");
    let checkpoint = dir.join("ck");
    let ck = checkpoint.to_str().unwrap();
    let (out, err, code) = interrupt(&["value", "cram:5x9", "--checkpoint", ck], None);
    assert_eq!(code, Some(130), "stderr: {err}");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("the search was interrupted after "), "{err}");
    assert!(
        err.contains("at the root, round 0 (is the value 0?): option "),
        "{err}"
    );
    assert!(err.contains(" of 76 options valued"), "{err}");
    assert!(checkpoint.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Runs a command that must be refused (exit 2, one `error:` line containing every fragment)
/// within `seconds` (debug build).
fn refused_within(seconds: f64, args: &[&str], fragments: &[&str]) {
    let start = Instant::now();
    let output = grundy(args).output().expect("the binary runs");
    let took = start.elapsed().as_secs_f64();
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {err}");
    assert!(output.stdout.is_empty());
    assert!(
        err.starts_with("error: ") && err.trim_end().lines().count() == 1,
        "{err}"
    );
    for fragment in fragments {
        assert!(err.contains(fragment), "{args:?}: {err} lacks {fragment}");
    }
    assert!(took < seconds, "{args:?} took {took:.2} s before refusing");
}

#[test]
fn huge_heaps_without_a_known_period_are_refused_at_once_with_the_way_to_go_on() {
    // Below the engine's limit (2^34) `value` computes as `seq` does (with a bar); beyond it,
    // octal:0.6 has no known period: the quick search gives up within a fraction of a second.
    refused_within(
        2.0,
        &["value", "octal:0.6", "10^11"],
        &[
            "beyond 17179869184",
            "268435456 pair evaluations",
            "grundy period octal:0.6 --to N --checkpoint FILE",
            "`grundy value octal:0.6 N --memory SIZE --checkpoint FILE` computes it in record mode",
        ],
    );
    // Grundy's game: the periodicity theorem does not apply; seq reaches the same limit.
    refused_within(
        2.0,
        &["value", "grundy-game", "10^11"],
        &[
            "beyond 17179869184",
            "grundy seq grundy-game --to N` streams the values below 17179869184",
        ],
    );
    refused_within(
        2.0,
        &["seq", "grundy-game", "--from", "10^11", "--to", "10^11"],
        &["beyond 17179869184"],
    );
}

/// G(0..len) of Kayles by the definition: take 1 or 2 adjacent pins from a row, leaving 0, 1 or
/// 2 rows.
fn kayles(len: usize) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::with_capacity(len);
    for n in 0..len {
        let mut seen = vec![false; n + 2];
        for take in 1..=2.min(n) {
            for a in 0..=n - take {
                seen[(g[a] ^ g[n - take - a]) as usize] = true;
            }
        }
        g.push(seen.iter().position(|s| !s).unwrap() as u64);
    }
    g
}

#[test]
fn huge_heaps_with_a_period_are_answered_through_it() {
    // Kayles has period 12 from n = 71 (Guy and Smith 1956; OEIS A002186).
    let g = kayles(200);
    let n: u64 = 1_000_000_000_000_000_000;
    let v = json(&["value", "kayles", "10^18"]);
    assert_eq!(v["value"], g[(72 + (n - 72) % 12) as usize]);
}

/// G(0..len) of the octal game with digits `d[1], d[2], ...` (`d[0]` unused) by the definition:
/// taking `t` may leave no heap (bit 1 of `d[t]`), one heap (bit 2) or two heaps (bit 4).
fn octal(d: &[u8], len: usize) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::with_capacity(len);
    for n in 0..len {
        let mut seen = vec![false; n + 2];
        for (t, &digit) in d.iter().enumerate().skip(1).filter(|&(t, _)| t <= n) {
            if digit & 1 != 0 && t == n {
                seen[0] = true;
            }
            if digit & 2 != 0 && t < n {
                seen[g[n - t] as usize] = true;
            }
            if digit & 4 != 0 && n >= t + 2 {
                for a in 1..n - t {
                    seen[(g[a] ^ g[n - t - a]) as usize] = true;
                }
            }
        }
        g.push(seen.iter().position(|s| !s).unwrap() as u64);
    }
    g
}

/// Every option of `position` by the definition, as positions (heaps in the order the moved
/// heap's parts replace it, as grundy writes them; no heap left: `[0]`).
fn options(d: &[u8], position: &[u64]) -> Vec<Vec<u64>> {
    let mut all = Vec::new();
    for (i, &n) in position.iter().enumerate() {
        let with = |parts: &[u64]| {
            let mut to = position[..i].to_vec();
            to.extend_from_slice(parts);
            to.extend_from_slice(&position[i + 1..]);
            if to.is_empty() {
                to.push(0);
            }
            to
        };
        for (t, &digit) in d.iter().enumerate().skip(1) {
            let t = t as u64;
            if digit & 1 != 0 && t == n {
                all.push(with(&[]));
            }
            if digit & 2 != 0 && t < n {
                all.push(with(&[n - t]));
            }
            if digit & 4 != 0 && n >= t + 2 {
                for a in 1..=(n - t) / 2 {
                    all.push(with(&[a, n - t - a]));
                }
            }
        }
    }
    all
}

/// The winning moves `moves --winning --json` gives, classes expanded, sorted.
fn listed_winning(report: &serde_json::Value) -> Vec<Vec<u64>> {
    let position: Vec<u64> = serde_json::from_value(report["position"].clone()).unwrap();
    let mut all: Vec<Vec<u64>> = report["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| serde_json::from_value(m["to"].clone()).unwrap())
        .collect();
    for class in report["classes"].as_array().unwrap() {
        let field = |k: &str| class[k].as_u64().unwrap();
        let (heap, rest, step) = (field("heap") as usize - 1, field("rest"), field("modulus"));
        let mut a = field("first");
        let mut count = 0;
        while a <= field("last") {
            let mut to = position[..heap].to_vec();
            to.extend([a, rest - a]);
            to.extend_from_slice(&position[heap + 1..]);
            all.push(to);
            a += step;
            count += 1;
        }
        assert_eq!(count, field("count"));
    }
    all.sort();
    all
}

#[test]
fn winning_moves_match_brute_force_with_classes_of_splits() {
    // Kayles 0.77, Dawson's Kayles 0.07, Dawson's Chess 0.137 (periods 12, 34, 34 proven from
    // n = 71, 53, 52: Guy and Smith 1956), on heaps where the splits form residue classes.
    for (code, d) in [
        ("kayles", &[0u8, 7, 7][..]),
        ("octal:0.07", &[0, 0, 7][..]),
        ("octal:0.137", &[0, 1, 3, 7][..]),
    ] {
        let g = octal(d, 1300);
        let value = |p: &[u64]| p.iter().fold(0, |x, &n| x ^ g[n as usize]);
        let positions: [&[u64]; 7] = [
            &[1001],
            &[1200],
            &[777],
            &[400, 9],
            &[1000, 37, 5],
            &[250, 250],
            &[12],
        ];
        let mut with_classes = 0;
        for position in positions {
            let text: Vec<String> = position.iter().map(u64::to_string).collect();
            let report = json(&["moves", code, &text.join(","), "--winning"]);
            assert_eq!(report["value"], value(position), "{code} {position:?}");
            let mut expected: Vec<Vec<u64>> = options(d, position)
                .into_iter()
                .filter(|to| value(to) == 0)
                .collect();
            expected.sort();
            assert_eq!(listed_winning(&report), expected, "{code} {position:?}");
            assert_eq!(report["winning"], expected.len(), "{code} {position:?}");
            assert_eq!(report["winning_complete"], true);
            with_classes += report["classes"].as_array().unwrap().len();
        }
        assert!(with_classes > 0, "{code}: no class was exercised");
    }
}

#[test]
fn the_winning_moves_of_a_huge_heap_come_at_once() {
    // Kayles, period 12 from n = 71 (Guy and Smith 1956; OEIS A002186).
    let g = kayles(200);
    let big = |n: u64| g[if n < 83 { n } else { 71 + (n - 71) % 12 } as usize];
    let n: u64 = 1_000_000_000_000_000_000;
    let start = Instant::now();
    let report = json(&["moves", "kayles", "10^18"]);
    assert!(
        start.elapsed() < Duration::from_secs(2),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(report["value"], big(n));
    assert_eq!(report["complete"], false);
    assert!(report["why"]
        .as_str()
        .unwrap()
        .contains("more than 1000000 moves"));
    // Every listed move and class member wins (checked at both ends and in the middle of each
    // class); every split of the periodic range not in a class loses.
    let mut covered = std::collections::BTreeSet::new();
    let mut total = report["moves"].as_array().unwrap().len() as u64;
    for m in report["moves"].as_array().unwrap() {
        let to: Vec<u64> = serde_json::from_value(m["to"].clone()).unwrap();
        assert_eq!(to.iter().fold(0, |x, &h| x ^ big(h)), 0, "{to:?}");
    }
    for class in report["classes"].as_array().unwrap() {
        let field = |k: &str| class[k].as_u64().unwrap();
        let (rest, p) = (field("rest"), field("modulus"));
        assert_eq!(p, 12);
        for a in [field("first"), field("first") + 12 * 1000, field("last")] {
            assert_eq!(big(a) ^ big(rest - a), 0, "a = {a}");
        }
        covered.insert((field("take"), field("residue")));
        total += field("count");
    }
    assert_eq!(report["winning"], total);
    for take in [1u64, 2] {
        for r in 0..12 {
            let a = 71 + (r + 12 - 71 % 12) % 12 + 12 * 5;
            let wins = big(a) ^ big(n - take - a) == 0;
            assert_eq!(
                wins,
                covered.contains(&(take, a % 12)),
                "take {take}, a = {a}"
            );
        }
    }
}

#[test]
fn winning_alone_for_any_game_and_for_a_p_position() {
    // Nim 3,5,7: nim-sum 1, so the winning moves take 1 from a pile with its lowest bit set
    // (Bouton): every pile (3, 5 and 7 are odd).
    let report = json(&["moves", "nim", "3,5,7", "--winning"]);
    let to: Vec<Vec<u64>> = report["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| serde_json::from_value(m["to"].clone()).unwrap())
        .collect();
    assert_eq!(to, vec![vec![2, 5, 7], vec![3, 4, 7], vec![3, 5, 6]]);
    assert_eq!(report["complete"], false);
    // Kayles 4,4 is a P-position (a symmetric pair): no winning move.
    let report = json(&["moves", "kayles", "4,4", "--winning"]);
    assert_eq!(report["value"], 0);
    assert_eq!(report["winning"], 0);
    assert!(report["moves"].as_array().unwrap().is_empty());
}

#[test]
fn ctrl_c_of_record_resumes_to_the_same_output_byte_for_byte() {
    let dir = scratch("record");
    let checkpoint = dir.join("ck");
    let ck = checkpoint.to_str().unwrap();
    // Kayles in 64K bytes: the window computes from 2^15 on, saving every 2^14 values.
    let run = ["record", "kayles", "--to", "4*10^6", "--memory", "64K"];
    let args = [&run[..], &["--checkpoint", ck, "--checkpoint-every", "0"]].concat();
    let (out, err, code) = interrupt(&args, Some(&checkpoint));
    assert_eq!(code, Some(130), "stderr: {err}");
    assert!(
        err.contains("interrupted after ") && err.contains("the same command resumes"),
        "{err}"
    );
    assert!(out.contains("(interrupted)"), "{out}");
    let resumed = grundy(&args).output().unwrap();
    assert!(resumed.status.success());
    assert!(String::from_utf8_lossy(&resumed.stderr).contains("resumed from the checkpoint's"));
    let whole = grundy(&run).output().unwrap();
    assert!(whole.status.success());
    assert_eq!(
        String::from_utf8(resumed.stdout).unwrap(),
        String::from_utf8(whole.stdout).unwrap()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn ctrl_c_of_value_in_record_mode_keeps_its_checkpoint_and_a_rerun_resumes() {
    let dir = scratch("value-record");
    let checkpoint = dir.join("ck");
    let ck = checkpoint.to_str().unwrap();
    // 1M bytes cannot hold G(0..10^6) (two bytes a value): a record run, saved on Ctrl-C.
    let args = [
        "value",
        "octal:0.6",
        "10^6",
        "--memory",
        "1M",
        "--checkpoint",
        ck,
    ];
    let (out, err, code) = interrupt(&args, None);
    assert_eq!(code, Some(130), "stderr: {err}");
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains("interrupted in record mode after ") && err.contains("keeps G(0.."),
        "{err}"
    );
    assert!(checkpoint.exists());
    let resumed = json(&args);
    // Grossman, "Searching for periodicity in Officers" (Games of No Chance 5): G(10^6) = 180.
    assert_eq!(resumed["value"], 180, "{resumed}");
    assert!(resumed["method"].as_str().unwrap().contains("record mode"));
    std::fs::remove_dir_all(&dir).unwrap();
}
