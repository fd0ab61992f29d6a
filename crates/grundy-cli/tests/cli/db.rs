//! The database of solved parts (`--db FILE`, `grundy db info`, `grundy db merge`): what a run
//! keeps is read by the next, of the same position or another, and never changes an answer;
//! a file that is not one of the game's is refused untouched.

use crate::common;
use common::{fails, json, stdout};

fn path(dir: &tempfile::TempDir, name: &str) -> String {
    dir.path().join(name).to_str().unwrap().to_string()
}

#[test]
fn a_second_run_answers_from_the_database_and_answers_alike() {
    let dir = tempfile::tempdir().unwrap();
    let db = path(&dir, "cram.db");
    // The answers with a database are those without one (whose values `boards.rs` checks
    // against Beling's table).
    let plain = json(&["value", "cram:5x6"]);
    let first = json(&["value", "cram:5x6", "--db", &db]);
    let second = json(&["value", "cram:5x6", "--db", &db]);
    assert_eq!(first, plain);
    assert_eq!(second, plain);
    let info = json(&["db", "info", &db]);
    assert_eq!(info["game"], "cram regions");
    assert_eq!(info["format"], 1);
    assert!(info["parts"].as_u64().unwrap() > 0, "{info}");
    assert!(info["values"].as_u64().unwrap() <= info["parts"].as_u64().unwrap());
    assert!(info["bytes"].as_u64().unwrap() > 0);
    // Another board of the same game reads and grows the same file; moves too.
    for args in [
        vec!["value", "cram:4x8", "..#...../......../......../........"],
        vec!["moves", "cram:3x5"],
        vec!["seq", "cram:3x_", "--to", "6"],
    ] {
        let mut with = args.clone();
        with.extend(["--db", db.as_str()]);
        assert_eq!(stdout(&with), stdout(&args), "{args:?}");
    }
    assert!(json(&["db", "info", &db])["parts"].as_u64() >= info["parts"].as_u64());
    let text = stdout(&["db", "info", &db]);
    assert!(text.starts_with("game cram regions, format 1: "), "{text}");
}

#[test]
fn databases_merge_and_foreign_files_are_refused_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b, out, kayles) = (
        path(&dir, "a.db"),
        path(&dir, "b.db"),
        path(&dir, "out.db"),
        path(&dir, "kayles.db"),
    );
    stdout(&["value", "cram:5x6", "--db", &a]);
    // (A 4x8 board: the regions of a 4x7 box are valued by the endgame table, never searched.)
    stdout(&[
        "value",
        "cram:4x8",
        "#......./......../......../........",
        "--db",
        &b,
    ]);
    let (pa, pb) = (
        json(&["db", "info", &a])["parts"].as_u64().unwrap(),
        json(&["db", "info", &b])["parts"].as_u64().unwrap(),
    );
    let merged = json(&["db", "merge", &out, &a, &b]);
    let parts = merged["parts"].as_u64().unwrap();
    assert!(parts >= pa.max(pb) && parts <= pa + pb, "{merged}");
    // Merging again changes nothing.
    assert_eq!(json(&["db", "merge", &out, &a, &b])["parts"], parts);
    assert_eq!(
        json(&["value", "cram:5x6", "--db", &out]),
        json(&["value", "cram:5x6"])
    );

    // Another game's database.
    stdout(&["value", "node-kayles:graph=petersen", "--db", &kayles]);
    let before = std::fs::read(&kayles).unwrap();
    fails(
        &["value", "cram:5x6", "--db", &kayles],
        "holds the parts of 'node-kayles:graph=petersen', not of 'cram regions'",
    );
    fails(&["db", "merge", &out, &kayles], "not of 'node-kayles");
    assert_eq!(std::fs::read(&kayles).unwrap(), before);
    fails(&["db", "merge", &a, &a], "both the output and an input");

    // Not a database, truncated, a directory, missing.
    let text = path(&dir, "text.db");
    std::fs::write(&text, "a shopping list\n").unwrap();
    fails(&["value", "cram:5x6", "--db", &text], "not a database");
    fails(&["db", "info", &text], "not a database");
    assert_eq!(std::fs::read(&text).unwrap(), b"a shopping list\n");
    let whole = std::fs::read(&a).unwrap();
    let cut = path(&dir, "cut.db");
    std::fs::write(&cut, &whole[..whole.len() / 2]).unwrap();
    let output = common::grundy(&["value", "cram:5x6", "--db", &cut])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert_eq!(std::fs::read(&cut).unwrap(), &whole[..whole.len() / 2]);
    fails(
        &["value", "cram:5x6", "--db", dir.path().to_str().unwrap()],
        "directory",
    );
    fails(&["db", "info", &path(&dir, "missing.db")], "no such file");

    // Where no board search runs, the flag is refused.
    fails(
        &["value", "nim", "3,4", "--db", &a],
        "--db has no meaning for nim",
    );
    fails(
        &["value", "cram:3x3", "--misere", "--db", &a],
        "--db has no meaning",
    );
    fails(
        &["sum", "cram:3x3", ".../.../...", "nim", "3", "--db", &a],
        "--db has no meaning for nim",
    );
}

/// A run killed (SIGKILL) between two of its writes leaves a file the next run reads, and the
/// answer is the one of a run without a database.
#[test]
fn a_killed_run_leaves_a_database_the_next_run_uses() {
    let dir = tempfile::tempdir().unwrap();
    let db = path(&dir, "killed.db");
    let bin = assert_cmd::cargo::cargo_bin("grundy");
    // `moves` asks one question per option and writes after each: some are written before
    // the kill.
    let mut child = std::process::Command::new(&bin)
        .args(["moves", "cram:5x6", "--db", &db, "--threads", "1"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while start.elapsed() < std::time::Duration::from_secs(60) {
        let size = std::fs::metadata(&db).map(|m| m.len()).unwrap_or(0);
        if size > 0 && start.elapsed() > std::time::Duration::from_millis(1500) {
            break;
        }
        if child.try_wait().unwrap().is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let _ = child.kill();
    child.wait().unwrap();
    assert_eq!(
        json(&["value", "cram:5x6", "--db", &db]),
        json(&["value", "cram:5x6"])
    );
    assert_eq!(json(&["db", "info", &db])["game"], "cram regions");
}
