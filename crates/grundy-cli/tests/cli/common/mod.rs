//! Helpers shared by the CLI test files (`mod common;` in each).
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

/// Runs every `$ grundy ...` command in the code blocks of README.md's section `heading` (a
/// line such as `## Misère play`; the section ends at the next heading of the same or a higher
/// level), from the workspace root, and checks that its output (stdout, or stderr for a failing
/// command) is exactly the lines printed under it. Words are split at spaces, single quotes
/// around a word dropped (as a shell would). Returns the number of commands checked.
pub fn readme_section_runs(heading: &str) -> usize {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let readme = std::fs::read_to_string(format!("{root}/README.md")).expect("README.md");
    let start = readme
        .find(&format!("\n{heading}\n"))
        .unwrap_or_else(|| panic!("README.md has no section '{heading}'"));
    let level = heading.split(' ').next().unwrap_or("##").len();
    let section = &readme[start + 1..];
    // The next heading line of the same or a higher level (fewer or as many `#`), outside code.
    let mut end = section.len();
    let mut offset = 0;
    let mut in_code = false;
    for (i, line) in section.lines().enumerate() {
        if line.starts_with("```") {
            in_code = !in_code;
        }
        let hashes = line.len() - line.trim_start_matches('#').len();
        if i > 0 && !in_code && hashes > 0 && hashes <= level && line[hashes..].starts_with(' ') {
            end = offset;
            break;
        }
        offset += line.len() + 1;
    }
    let section = &section[..end];
    let mut checked = 0;
    let mut in_block = false;
    let mut current: Option<(Vec<String>, Vec<String>)> = None;
    let mut run = |(args, expected): (Vec<String>, Vec<String>)| {
        let output = grundy(&args.iter().map(String::as_str).collect::<Vec<_>>())
            .current_dir(root)
            .output()
            .unwrap();
        let shown = if output.status.success() {
            String::from_utf8(output.stdout).unwrap()
        } else {
            String::from_utf8(output.stderr).unwrap()
        };
        let shown: Vec<&str> = shown.lines().collect();
        assert_eq!(shown, expected, "grundy {}", args.join(" "));
        checked += 1;
    };
    for line in section.lines() {
        if line.starts_with("```") {
            if in_block {
                if let Some(c) = current.take() {
                    run(c);
                }
            }
            in_block = !in_block;
            continue;
        }
        if !in_block {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ grundy ") {
            if let Some(c) = current.take() {
                run(c);
            }
            current = Some((
                command
                    .split_whitespace()
                    .map(|w| w.trim_matches('\'').to_string())
                    .collect(),
                Vec::new(),
            ));
        } else if let Some((_, expected)) = &mut current {
            expected.push(line.to_string());
        }
    }
    checked
}
