//! grundy next to its peers, one module per comparison; each computes the same values with both,
//! checks that they are equal, then times them in alternating runs.
//!
//! ```text
//! cargo run --release --manifest-path peers/Cargo.toml -- octal [N] [RUNS] [CODES]
//! cargo run --release --manifest-path peers/Cargo.toml -- octal-calibrate [N] [CODES]
//! cargo run --release --manifest-path peers/Cargo.toml -- octal-command GRUNDY_BIN [N] [RUNS] [CODES] [SOLVERS]
//! cargo run --release --manifest-path peers/Cargo.toml -- subtraction GRUNDY_BIN [N] [RUNS] [SETS]
//! cargo run --release --manifest-path peers/Cargo.toml -- octal-period CODE PERIOD PREPERIOD
//! cargo run --release --manifest-path peers/Cargo.toml -- boards GRUNDY_BIN IGSOLVE_BIN [RUNS] [CASES] [TIMEOUT_SECONDS]
//! ```
//!
//! `subtraction` times the whole `grundy seq` command (a release binary, e.g.
//! `target/release/grundy`) against plain loops over the peers writing the same output; SETS
//! are separated by `;`, e.g. `1,3,4;7,8,15,21,33,36,39,40,42,58`.
//!
//! `boards` runs `grundy value cram:RxC --json` (or `chomp:RxC`) against `igsolve` 0.1.2
//! (`cargo install igsolve --version 0.1.2 --root DIR`), both as child processes; CASES are
//! separated by `,` (default [`boards::DEFAULT_CASES`]), flags for igsolve come from
//! `IGSOLVE_FLAGS` (default `--tt hash-map`), and it exits 1 if any nimbers disagree.

mod boards;
mod octal;
mod subtraction;

use std::time::Instant;

/// Wall and CPU seconds of `f` (CPU: this process, all threads, from /proc/self/stat).
pub fn measure<T>(f: impl FnOnce() -> T) -> (T, f64, f64) {
    let (wall, cpu) = (Instant::now(), cpu_seconds());
    let out = f();
    (out, wall.elapsed().as_secs_f64(), cpu_seconds() - cpu)
}

/// User + system CPU seconds of this process so far.
pub fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields after the command name (which ends with ')'): utime is the 12th, stime the 13th.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (ticks(11) + ticks(12)) / 100.0
}

/// The median of a few numbers.
pub fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(|a, b| a.partial_cmp(b).expect("numbers"));
    xs[xs.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: &str| args.get(i).cloned().unwrap_or_else(|| default.into());
    let number = |s: String| grundy::number::parse_u64(&s).expect("a number") as usize;
    match arg(0, "").as_str() {
        "octal" => octal::compare(
            number(arg(1, "10^6")),
            number(arg(2, "3")),
            &arg(3, "0.77,0.007,0.137"),
        ),
        "octal-calibrate" => octal::calibrate(number(arg(1, "10^5")), &arg(2, "0.77,0.007,0.137")),
        "subtraction" => subtraction::compare(
            &arg(1, "target/release/grundy"),
            number(arg(2, "10^8")) as u64,
            number(arg(3, "3")),
            &arg(4, "1,3,4;7,8,15,21,33,36,39,40,42,58"),
        ),
        "octal-command" => octal::command(
            &arg(1, "target/release/grundy"),
            number(arg(2, "5*10^4")),
            number(arg(3, "3")),
            &arg(4, "0.007,0.137,0.6"),
            &arg(5, "naive,rc,rc2"),
        ),
        "octal-period" => octal::period_check(
            &arg(1, "4.406"),
            number(arg(2, "44")),
            number(arg(3, "294097")),
        ),
        "boards" => {
            let mismatches = boards::compare(
                &arg(1, "target/release/grundy"),
                &arg(2, "igsolve"),
                number(arg(3, "3")),
                &arg(4, boards::DEFAULT_CASES),
                std::time::Duration::from_secs(number(arg(5, "900")) as u64),
            );
            if mismatches > 0 {
                std::process::exit(1);
            }
        }
        "count-octal" => octal::count(&arg(1, ""), number(arg(2, "0"))),
        "run-octal" => octal::run(&arg(1, ""), number(arg(2, "0")), &arg(3, "naive")),
        "run" => subtraction::run(&arg(1, ""), &arg(2, ""), number(arg(3, "0")) as u64, &arg(4, "bfile")),
        _ => eprintln!("usage: grundy-peers octal [N] [RUNS] [CODES] | octal-calibrate [N] [CODES] | octal-command GRUNDY_BIN [N] [RUNS] [CODES] [SOLVERS] | subtraction GRUNDY_BIN [N] [RUNS] [SETS] | octal-period CODE PERIOD PREPERIOD | boards GRUNDY_BIN IGSOLVE_BIN [RUNS] [CASES] [TIMEOUT_SECONDS] | run-octal CODE N SOLVER | count-octal CODE N"),
    }
}
