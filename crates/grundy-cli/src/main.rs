//! The `grundy` command line: parses arguments, asks the library, formats the answers.
//! No game logic lives here. Errors print one line `error: ...` on stderr and exit with code 2.

mod cli;
mod commands;
mod failure;
mod progress;
mod report;

use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match cli::parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
                print!("{e}");
                return ExitCode::SUCCESS;
            }
            // clap's message starts with "error: "; keep its first line only.
            let text = e.to_string();
            let line = text.lines().next().unwrap_or("error: invalid arguments");
            eprintln!("{line}");
            return ExitCode::from(2);
        }
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let result = commands::run(cli, &mut out);
    let result =
        result.and_then(|()| std::io::Write::flush(&mut out).map_err(failure::Failure::Io));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // A closed pipe (e.g. `| head`) is not an error worth reporting.
        Err(failure::Failure::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => {
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {}", e.to_string().replace('\n', " "));
            ExitCode::from(2)
        }
    }
}
