//! Helpers shared by the CLI test modules (`use crate::common;` in each).
#![allow(dead_code)]

use assert_cmd::Command;

/// The `grundy` binary with arguments.
pub fn grundy(args: &[&str]) -> Command {
    let mut cmd = Command::cargo_bin("grundy").expect("the binary is built");
    cmd.args(args);
    cmd
}

/// Runs a command that must succeed and returns its stdout.
pub fn stdout(args: &[&str]) -> String {
    let output = grundy(args).output().expect("the binary runs");
    assert!(
        output.status.success(),
        "grundy {args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("stdout is UTF-8")
}

/// Runs a command that must succeed with `input` on its stdin (a `play` session) and returns
/// its stdout.
pub fn with_input(args: &[&str], input: &str) -> String {
    let output = grundy(args)
        .write_stdin(input)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8(output).expect("stdout is UTF-8")
}

/// Runs a command with `--json` appended and parses its stdout.
pub fn json(args: &[&str]) -> serde_json::Value {
    let mut all = args.to_vec();
    all.push("--json");
    serde_json::from_str(&stdout(&all)).expect("stdout is JSON")
}

/// Runs a command that must fail the documented way: exit code 2, nothing on stdout, one line on
/// stderr starting with `error:` and containing `fragment`.
pub fn fails(args: &[&str], fragment: &str) {
    let output = grundy(args).output().expect("the binary runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        output.status.code(),
        Some(2),
        "grundy {args:?} should exit 2; stderr: {stderr}"
    );
    assert!(
        output.stdout.is_empty(),
        "grundy {args:?} printed to stdout on error"
    );
    assert_eq!(
        stderr.lines().count(),
        1,
        "grundy {args:?}: stderr should be one line: {stderr}"
    );
    assert!(stderr.starts_with("error: "), "grundy {args:?}: {stderr}");
    assert!(
        stderr.contains(fragment),
        "grundy {args:?}: '{stderr}' should mention '{fragment}'"
    );
}

/// [`fails`], and quickly: a request beyond a limit is refused from a count made before any
/// work, not after the work (within 10 seconds on a loaded test machine; well under a second
/// in a release build).
pub fn fails_at_once(args: &[&str], fragment: &str) {
    let start = std::time::Instant::now();
    fails(args, fragment);
    let took = start.elapsed();
    assert!(took.as_secs() < 10, "grundy {args:?} took {took:?}");
}

/// Splits a command line the way a POSIX shell would for what the README and the help texts
/// use: words separated by spaces, single quotes keeping the rest literal.
pub fn shell_words(line: &str) -> Vec<String> {
    let (mut words, mut word, mut quoted, mut any) = (Vec::new(), String::new(), false, false);
    for c in line.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                any = true;
            }
            ' ' if !quoted => {
                if any {
                    words.push(std::mem::take(&mut word));
                    any = false;
                }
            }
            c => {
                word.push(c);
                any = true;
            }
        }
    }
    if any {
        words.push(word);
    }
    words
}

/// A scratch directory (or a file in one) that is removed with everything in it when dropped,
/// so that the tests leave nothing in the temporary directory (issue 52); it derefs to its
/// path.
pub struct Scratch {
    _dir: tempfile::TempDir,
    path: std::path::PathBuf,
}

impl std::ops::Deref for Scratch {
    type Target = std::path::Path;

    fn deref(&self) -> &std::path::Path {
        &self.path
    }
}

impl AsRef<std::path::Path> for Scratch {
    fn as_ref(&self) -> &std::path::Path {
        &self.path
    }
}

/// A fresh scratch directory.
pub fn scratch_dir() -> Scratch {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().to_path_buf();
    Scratch { _dir: dir, path }
}

/// A file `name` holding `text`, alone in a fresh scratch directory.
pub fn scratch_file(name: &str, text: &str) -> Scratch {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join(name);
    std::fs::write(&path, text).expect("write the scratch file");
    Scratch { _dir: dir, path }
}
