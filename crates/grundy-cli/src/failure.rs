//! The error type shared by the commands and the report writer: the library's refusal or a
//! failed write. `main` prints it as one `error: ...` line.

/// Why a command failed.
#[derive(Debug)]
pub enum Failure {
    /// The library refused the request.
    Grundy(grundy::Error),
    /// Writing the output failed.
    Io(std::io::Error),
    /// Ctrl-C stopped a command whose output stays valid (what it wrote is whole).
    Interrupted(String),
    /// A run stopped short of what was asked, its output whole and valid for what it covers
    /// (a record run whose assumption failed, `seq --genus` at a heap past a limit): said on
    /// stderr, exit code 3. Every other refusal leaves stdout empty (exit code 2).
    Incomplete(String),
}

/// Writes `line` and a newline on stderr, where `eprintln!` would panic if stderr cannot be
/// written (`2>/dev/full`, a closed descriptor): the line is then lost, and the exit code
/// still tells what happened.
pub fn say(line: &str) {
    use std::io::Write;
    let mut stderr = std::io::stderr().lock();
    let _ = stderr
        .write_all(line.as_bytes())
        .and_then(|()| stderr.write_all(b"\n"));
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Grundy(e) => e.fmt(f),
            Failure::Io(e) => write!(f, "cannot write the output: {e}"),
            Failure::Interrupted(what) | Failure::Incomplete(what) => f.write_str(what),
        }
    }
}

impl From<grundy::Error> for Failure {
    fn from(e: grundy::Error) -> Self {
        match e {
            grundy::Error::Interrupted(what) => Failure::Interrupted(what),
            e => Failure::Grundy(e),
        }
    }
}

impl From<std::io::Error> for Failure {
    fn from(e: std::io::Error) -> Self {
        Failure::Io(e)
    }
}
