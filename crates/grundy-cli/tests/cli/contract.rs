//! The contract every command keeps (issue 50, items 6-8): a refusal is one `error:` line,
//! exit code 2 and nothing on stdout, whatever the path; a valid but incomplete answer (a
//! record run stopped short) is exit code 3; an output that cannot be written ends the command
//! without a panic.

use crate::common::{fails, stdout};

/// Item 6: `seq` past a limit known from its arguments is refused before its first value, and
/// a limit met inside the range leaves stdout empty too (exit code 2, not 3 with the values
/// below the limit): exit code 3 is for record runs only (`octal::value_and_seq_say_where_a_record_run_stopped`).
#[test]
fn seq_past_a_limit_writes_nothing() {
    // Fibonacci Nim's values are computed by the definition up to 3000 counters; 3001 =
    // 2584 + 377 + 34 + 5 + 1 is an N-position (its smallest Zeckendorf term, 1, may be taken),
    // so its value is out of reach.
    fails(&["seq", "fibonacci-nim", "--to", "3001"], "up to 3000");
    fails(
        &["seq", "fibonacci-nim", "--to", "3001", "--json"],
        "up to 3000",
    );
    // 4181 is a Fibonacci number, a P-position (value 0) at any size, so both ends pass; the
    // N-position 3001 inside the range is refused and the values below it are not written.
    fails(&["seq", "fibonacci-nim", "--to", "4181"], "pile 3001");
    // Moore's Nim_2 at 10^4,3 (bit 0 has one 1, not a multiple of k + 1 = 3: an N-position)
    // needs a search past its work limit.
    for format in ["text", "json", "csv", "bfile"] {
        fails(
            &[
                "seq",
                "moore:k=2",
                "_,3",
                "--to",
                "10^4",
                "--format",
                format,
            ],
            "20000000",
        );
    }
}

/// Item 7: `--memory` and `--checkpoint` are checked the same way on every path of `value`,
/// `moves`, `play` and `seq`, and a path that uses neither refuses them rather than ignoring
/// them.
#[test]
fn search_flags_are_checked_on_every_path() {
    let paths: [&[&str]; 7] = [
        &["value", "kayles", "5", "--misere", "--canonical"],
        &["value", "nim", "3"],
        &["value", "cram:2x2"],
        &["moves", "kayles", "5", "--winning"],
        &["moves", "nim", "3"],
        &["play", "nim", "3"],
        &["seq", "kayles", "--genus", "--to", "3"],
    ];
    for path in paths {
        let mut bad = vec![
            ("--memory", "xyz", "not a memory size"),
            ("--memory", "2^70", "larger than 2^64-1"),
        ];
        if path[0] != "seq" {
            bad.push((
                "--checkpoint",
                "/nonexistent/x",
                "cannot write the checkpoint /nonexistent/x",
            ));
        }
        for (flag, value, fragment) in bad {
            fails(&[path, &[flag, value]].concat(), fragment);
        }
    }
    // Well-formed, on a path that uses neither: refused, not ignored.
    let checkpoint_scratch = tempfile::tempdir().unwrap();
    let checkpoint = checkpoint_scratch
        .path()
        .join(format!("grundy-contract-{}.ck", std::process::id()));
    let checkpoint = checkpoint.to_str().unwrap();
    for (path, named) in [
        (paths[0], "value --canonical"),
        (paths[3], "the winning moves of a heap game"),
    ] {
        fails(&[path, &["--memory", "1G"]].concat(), named);
        fails(&[path, &["--checkpoint", checkpoint]].concat(), named);
    }
    fails(&[paths[6], &["--memory", "1G"]].concat(), "seq --genus");
    assert!(!std::path::Path::new(checkpoint).exists());
    // Where they have a meaning they are taken. Cram 2x2: the second player answers a domino
    // with the parallel one, the last move: value 0.
    let answer = stdout(&[
        "value",
        "cram:2x2",
        "--memory",
        "1M",
        "--checkpoint",
        checkpoint,
    ]);
    assert!(answer.starts_with("0\n"), "{answer}");
    let _ = std::fs::remove_file(checkpoint);
}

/// `/dev/full`: every write fails with "no space left on device".
#[cfg(target_os = "linux")]
fn full() -> std::fs::File {
    std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full")
}

/// Item 8: an output that cannot be written ends the command with exit code 2 (141 for a closed
/// pipe), never a panic (exit code 101): stderr full, stdout full, or both.
#[cfg(target_os = "linux")]
#[test]
fn an_unwritable_output_is_an_exit_code_never_a_panic() {
    use std::process::{Command, Stdio};
    let grundy = |args: &[&str]| {
        let mut command = Command::new(assert_cmd::cargo::cargo_bin("grundy"));
        command
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        command
    };
    let code = |args: &[&str], stdout: bool, stderr: bool| {
        let mut command = grundy(args);
        if stdout {
            command.stdout(full());
        }
        if stderr {
            command.stderr(full());
        }
        command.output().expect("the binary runs").status.code()
    };
    // Errors whose line stderr cannot take: the library's, clap's, the misère refusal's.
    for args in [
        &["value", "nim", "x"][..],
        &["valeu", "nim", "3"],
        &["period", "nim", "--misere"],
        &["value", "nim", "3", "--threads", "0"],
    ] {
        assert_eq!(code(args, false, true), Some(2), "{args:?}");
    }
    // Answers and help that stdout cannot take, with stderr writable or not.
    for args in [
        &["value", "nim", "3"][..],
        &["seq", "nim", "--to", "10^5"],
        &["--help"],
        &["value", "--help"],
        &["--version"],
    ] {
        assert_eq!(code(args, true, false), Some(2), "{args:?}");
        assert_eq!(code(args, true, true), Some(2), "{args:?}");
    }
    let output = grundy(&["value", "nim", "3"])
        .stdout(full())
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with("error: cannot write the output"),
        "{stderr}"
    );
    // A reader that goes away: the shell's code for SIGPIPE, and no message.
    let mut child = grundy(&["seq", "subtraction:s=1,3,4", "--to", "10^7"])
        .spawn()
        .unwrap();
    let mut first = [0u8; 16];
    std::io::Read::read_exact(child.stdout.as_mut().unwrap(), &mut first).unwrap();
    drop(child.stdout.take());
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(141));
    assert!(
        output.stderr.is_empty(),
        "{:?}",
        String::from_utf8_lossy(&output.stderr)
    );
}
