//! The example commands shown in `--help` texts run: every `` `grundy ...` `` of `grundy --help`
//! and of each command's `--help`, placeholders (GAME, POS, CLAIM, `...`) left out.

use crate::common::{shell_words, stdout};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Commands in backticks that name a command without being one: `reproduce --gaps-result` cites
/// "a finished `grundy gaps imark:s=1:d=2,3` result" (its --to is the result's own).
const NOT_EXAMPLES: [&str; 1] = ["grundy gaps imark:s=1:d=2,3"];

/// The words in backticks that start with `grundy `, whitespace runs read as one space.
fn examples(help: &str) -> Vec<String> {
    let text = help.split_whitespace().collect::<Vec<_>>().join(" ");
    text.split('`')
        .skip(1)
        .step_by(2)
        .filter(|span| span.starts_with("grundy ") && !NOT_EXAMPLES.contains(span))
        .filter(|span| {
            !span.contains("...")
                && !span
                    .split(' ')
                    .any(|w| ["GAME", "POS", "CLAIM"].contains(&w))
        })
        .map(str::to_string)
        .collect()
}

/// Every example of the help texts exits 0, or is still computing after a few seconds (a long
/// example: parsing and the checks of its arguments, which refuse at once, are behind it). Run
/// in a scratch directory, as `reproduce --out report` writes files.
#[test]
fn help_examples_run() {
    let top = stdout(&["--help"]);
    let commands: Vec<&str> = top
        .split("Commands:\n")
        .nth(1)
        .expect("a command list")
        .lines()
        .take_while(|line| !line.trim().is_empty())
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .collect();
    assert!(commands.len() >= 20, "{commands:?}");
    let mut found = examples(&top);
    for command in &commands {
        found.extend(examples(&stdout(&[command, "--help"])));
    }
    found.sort();
    found.dedup();
    assert!(found.len() >= 10, "{found:?}");
    let scratch_scratch = tempfile::tempdir().unwrap();
    let scratch = scratch_scratch
        .path()
        .join(format!("grundy-help-test-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).expect("a scratch directory");
    for example in &found {
        let words = shell_words(example);
        let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(&words[1..])
            .current_dir(&scratch)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let start = Instant::now();
        loop {
            if let Some(status) = child.try_wait().expect("wait") {
                let mut stderr = String::new();
                std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut stderr)
                    .expect("stderr");
                assert!(status.success(), "{example}: {status}: {stderr}");
                break;
            }
            if start.elapsed() > Duration::from_secs(3) {
                child.kill().expect("stop a long example");
                child.wait().expect("wait");
                break;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
}
