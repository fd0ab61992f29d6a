//! Every command README.md and the user guide (`docs/src/*.md`) show with their output runs,
//! and prints what they show; and the guide's table of contents (`docs/src/SUMMARY.md`) lists
//! every chapter, each of which exists.
//!
//! The ```` ```console ```` blocks are read by `trycmd`: a line `$ grundy ...` is a
//! command (split as a shell would, quotes and `#` comments included), the lines under it up to
//! the next `$ ` or the end of the block are its stdout and stderr together (ended by a blank
//! line: trycmd drops the last newline), `? 2` under the command expects that exit code
//! (default 0), a line `...` stands for any number of lines and `[..]` for any part of a line. A block marked ```` ```console,ignore ```` is not run (the
//! guide's chapter "Tests" lists those and why). A changed output fails here until the text
//! follows: `TRYCMD=overwrite cargo test -p grundy-cli --test cli -- readme` writes the new
//! output into README.md and the chapters (elisions kept where they still match) for review.

use std::path::{Path, PathBuf};
use std::time::Duration;

/// A scratch directory, removed when dropped.
struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Copies the directory `from` to `to`, files and subdirectories.
fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create the copy's directory");
    for entry in std::fs::read_dir(from).expect("read the directory") {
        let entry = entry.expect("a directory entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("its type").is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("copy a file");
        }
    }
}

/// The Markdown files whose console examples are run: README.md and every chapter of the guide
/// that has one.
fn documents(root: &Path) -> Vec<PathBuf> {
    let mut files = vec![root.join("README.md")];
    let mut chapters: Vec<PathBuf> = std::fs::read_dir(root.join("docs/src"))
        .expect("read docs/src")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .filter(|path| {
            std::fs::read_to_string(path)
                .expect("read a chapter")
                .contains("```console")
        })
        .collect();
    chapters.sort();
    files.extend(chapters);
    files
}

/// The examples, run by trycmd in a sandbox. trycmd takes the working directory of a Markdown
/// file `X.md` from a directory `X.in/` beside it, and runs in a fresh copy of it when `X.out/`
/// exists: so each file is linked into a scratch directory holding `X.in/` (the files the
/// examples read: `examples/`) and an empty `X.out/`. The examples that write files
/// (`evolve --out`, `reproduce --out`) write them into the copy, not into the repository.
#[test]
fn readme_examples() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let scratch =
        Scratch(std::env::temp_dir().join(format!("grundy-readme-test-{}", std::process::id())));
    let _ = std::fs::remove_dir_all(&scratch.0);
    let cases = trycmd::TestCases::new();
    cases
        .register_bin("grundy", Path::new(env!("CARGO_BIN_EXE_grundy")))
        .timeout(Duration::from_secs(300));
    for document in documents(&root) {
        let stem = document
            .file_stem()
            .and_then(|stem| stem.to_str())
            .expect("a file name");
        copy_dir(
            &root.join("examples"),
            &scratch.0.join(format!("{stem}.in/examples")),
        );
        std::fs::create_dir_all(scratch.0.join(format!("{stem}.out"))).expect("create X.out");
        let linked = scratch.0.join(format!("{stem}.md"));
        #[cfg(unix)]
        std::os::unix::fs::symlink(document.canonicalize().expect("the file"), &linked)
            .expect("link the file");
        #[cfg(not(unix))]
        std::fs::copy(&document, &linked).expect("copy the file");
        cases.case(&linked);
    }
    cases.run();
}

/// The guide's table of contents links only to chapters that exist, and every chapter
/// (`docs/src/*.md` but SUMMARY.md) is linked from it: what `mdbook build docs` needs, checked
/// without mdbook.
#[test]
fn guide_summary_lists_every_chapter() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/src");
    let summary = std::fs::read_to_string(src.join("SUMMARY.md")).expect("read SUMMARY.md");
    let mut listed = std::collections::BTreeSet::new();
    for (at, _) in summary.match_indices("](") {
        let rest = &summary[at + 2..];
        let target = &rest[..rest.find(')').expect("a link ends with )")];
        assert!(
            src.join(target).is_file(),
            "SUMMARY.md links to {target}, which is not in docs/src"
        );
        listed.insert(target.to_string());
    }
    for entry in std::fs::read_dir(&src).expect("read docs/src") {
        let name = entry
            .expect("a directory entry")
            .file_name()
            .into_string()
            .expect("a UTF-8 name");
        if name.ends_with(".md") && name != "SUMMARY.md" {
            assert!(
                listed.contains(&name),
                "docs/src/{name} is not listed in SUMMARY.md"
            );
        }
    }
}
