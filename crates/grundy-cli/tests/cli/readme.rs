//! Every command README.md shows with its output runs, and prints what the README shows.
//!
//! The README's ```` ```console ```` blocks are read by `trycmd`: a line `$ grundy ...` is a
//! command (split as a shell would, quotes and `#` comments included), the lines under it up to
//! the next `$ ` or the end of the block are its stdout and stderr together (ended by a blank
//! line: trycmd drops the last newline), `? 2` under the command expects that exit code
//! (default 0), a line `...` stands for any number of lines and `[..]` for any part of a line. A block marked ```` ```console,ignore ```` is not run (the
//! README's Tests section lists those and why). A changed output fails here until the README
//! follows: `TRYCMD=overwrite cargo test -p grundy-cli --test cli -- readme` writes the new
//! output into README.md (elisions kept where they still match) for review.

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

/// The README's examples, run by trycmd in a sandbox. trycmd takes the working directory of a
/// Markdown file `X.md` from a directory `X.in/` beside it, and runs in a fresh copy of it when
/// `X.out/` exists: so README.md is linked into a scratch directory holding `README.in/` (the
/// files the examples read: `examples/`) and an empty `README.out/`. The examples that write
/// files (`evolve --out`, `reproduce --out`) write them into the copy, not into the repository.
#[test]
fn readme_examples() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let scratch =
        Scratch(std::env::temp_dir().join(format!("grundy-readme-test-{}", std::process::id())));
    let _ = std::fs::remove_dir_all(&scratch.0);
    copy_dir(
        &root.join("examples"),
        &scratch.0.join("README.in/examples"),
    );
    std::fs::create_dir_all(scratch.0.join("README.out")).expect("create README.out");
    let readme = scratch.0.join("README.md");
    #[cfg(unix)]
    std::os::unix::fs::symlink(
        root.join("README.md").canonicalize().expect("README.md"),
        &readme,
    )
    .expect("link README.md");
    #[cfg(not(unix))]
    std::fs::copy(root.join("README.md"), &readme).expect("copy README.md");

    trycmd::TestCases::new()
        .register_bin("grundy", Path::new(env!("CARGO_BIN_EXE_grundy")))
        .timeout(Duration::from_secs(300))
        .case(&readme)
        .run();
}
