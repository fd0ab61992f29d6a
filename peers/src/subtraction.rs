//! The whole user path: `grundy seq subtraction:s=S --to N` writing a b-file or JSON, against
//! a plain loop over each peer writing the same bytes: `cgt` 0.11 (`Sub::grundy_sequence`, a
//! ring buffer of max(S) values) and `ogs` 0.0.6 (`NaiveSolver` on the game's octal code, the
//! solver for games without splitting moves; it keeps every value). Each contestant is a child
//! process writing to /dev/null, measured by `wait4` (user + system CPU, peak resident memory);
//! before timing, the three outputs are hashed through a pipe and must be equal.

use std::hash::Hasher;
use std::io::{BufWriter, Read, Write};
use std::process::{Command, Stdio};

use cgt::short::impartial::games::subtraction::Sub;
use ogs::{Game, NaiveSolver, Solver};

use crate::median;

/// The output formats compared (grundy's `--format bfile` and `--json`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Bfile,
    Json,
}

impl Format {
    fn parse(text: &str) -> Format {
        match text {
            "bfile" => Format::Bfile,
            "json" => Format::Json,
            _ => panic!("format bfile or json, not {text}"),
        }
    }

    fn name(self) -> &'static str {
        match self {
            Format::Bfile => "bfile",
            Format::Json => "json",
        }
    }

    fn grundy_args(self) -> &'static [&'static str] {
        match self {
            Format::Bfile => &["--format", "bfile"],
            Format::Json => &["--json"],
        }
    }
}

fn parse_set(text: &str) -> Vec<u32> {
    text.split(',')
        .map(|s| s.parse().expect("a subtraction set like 1,3,4"))
        .collect()
}

/// The octal code of the subtraction game `set`: digit 3 at each element.
fn octal_code(set: &[u32]) -> String {
    let top = *set.iter().max().expect("a non-empty set") as usize;
    let mut digits = vec![b'0'; top];
    for &s in set {
        digits[s as usize - 1] = b'3';
    }
    format!("0.{}", String::from_utf8(digits).expect("ascii"))
}

/// Writes values `0..=to` as the peer's plain loop would, in grundy's format.
fn write_values(
    out: &mut impl Write,
    format: Format,
    spec: &str,
    to: u64,
    values: impl Iterator<Item = u32>,
) -> std::io::Result<()> {
    if format == Format::Json {
        write!(
            out,
            "{{\"game\":\"{spec}\",\"position\":[null],\"from\":0,\"to\":{to},\"values\":["
        )?;
    }
    for (n, v) in values.take(to as usize + 1).enumerate() {
        match format {
            Format::Bfile => writeln!(out, "{n} {v}")?,
            Format::Json if n == 0 => write!(out, "{v}")?,
            Format::Json => write!(out, ",{v}")?,
        }
    }
    if format == Format::Json {
        writeln!(out, "],\"complete\":true}}")?;
    }
    Ok(())
}

/// `run PEER SET N FORMAT`: the peer's loop, to stdout (the child process of `compare`).
pub fn run(peer: &str, set: &str, to: u64, format: &str) {
    let set = parse_set(set);
    let spec = spec(&set);
    let format = Format::parse(format);
    let mut out = BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    match peer {
        "cgt" => {
            let values = Sub::new(set).grundy_sequence().map(|v| v.value());
            write_values(&mut out, format, &spec, to, values)
        }
        "ogs" => {
            let game: Game = octal_code(&set).parse().expect("ogs reads the code");
            let solver = NaiveSolver::<()>::with_capacity(game, to as usize + 1);
            write_values(&mut out, format, &spec, to, solver.map(u32::from))
        }
        _ => panic!("peer cgt or ogs, not {peer}"),
    }
    .and_then(|()| out.flush())
    .expect("stdout");
}

fn spec(set: &[u32]) -> String {
    let mut sorted = set.to_vec();
    sorted.sort_unstable();
    let items: Vec<String> = sorted.iter().map(u32::to_string).collect();
    format!("subtraction:s={}", items.join(","))
}

/// One contestant: the command line of its child process.
pub struct Contestant {
    pub name: &'static str,
    pub command: Vec<String>,
}

impl Contestant {
    fn command(&self) -> Command {
        let mut command = Command::new(&self.command[0]);
        command.args(&self.command[1..]);
        command
    }

    /// A hash and the length of the whole output (read through a pipe), with the child's CPU
    /// seconds and peak MiB as [`Contestant::measure`] gives them.
    pub fn fingerprint(&self) -> ((u64, u64), f64, f64) {
        let mut child = self
            .command()
            .stdout(Stdio::piped())
            .spawn()
            .expect("spawn");
        let mut stdout = child.stdout.take().expect("piped");
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        let (mut buffer, mut len) = (vec![0u8; 1 << 20], 0u64);
        loop {
            let got = stdout.read(&mut buffer).expect("read");
            if got == 0 {
                break;
            }
            hasher.write(&buffer[..got]);
            len += got as u64;
        }
        let (seconds, mib) = self.reap(child);
        ((hasher.finish(), len), seconds, mib)
    }

    /// CPU seconds (user + system) and peak resident memory (MiB) of one run to /dev/null.
    pub fn measure(&self) -> (f64, f64) {
        let null = std::fs::File::create("/dev/null").expect("/dev/null");
        let child = self.command().stdout(null).spawn().expect("spawn");
        self.reap(child)
    }

    /// Waits for `child` with `wait4` (which reaps it) and returns its CPU seconds (user +
    /// system) and peak resident MiB.
    #[allow(clippy::zombie_processes)] // wait4 below reaps the child
    fn reap(&self, child: std::process::Child) -> (f64, f64) {
        let pid = child.id() as libc::pid_t;
        let mut status = 0;
        // SAFETY: a zeroed rusage is valid; wait4 fills it for the child we spawned.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        assert_eq!(waited, pid, "wait4");
        assert!(
            libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0,
            "{} failed",
            self.name
        );
        let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
        (
            seconds(usage.ru_utime) + seconds(usage.ru_stime),
            usage.ru_maxrss as f64 / 1024.0,
        )
    }
}

/// `subtraction GRUNDY_BIN N RUNS SET;SET...`: for each set and format, checks the three
/// outputs equal, then times `runs` alternating rounds and prints a Markdown row of medians.
pub fn compare(grundy: &str, to: u64, runs: usize, sets: &str) {
    let me = std::env::current_exe()
        .expect("this program")
        .display()
        .to_string();
    println!("| S, format | grundy CPU / peak | cgt loop CPU / peak | ogs loop CPU / peak | cgt / grundy | ogs / grundy |");
    println!("| --- | --- | --- | --- | --- | --- |");
    for set in sets.split(';') {
        for format in [Format::Bfile, Format::Json] {
            let mut grundy_command = vec![
                grundy.to_string(),
                "seq".into(),
                spec(&parse_set(set)),
                "--to".into(),
                to.to_string(),
            ];
            grundy_command.extend(format.grundy_args().iter().map(|s| s.to_string()));
            let peer = |name: &'static str| Contestant {
                name,
                command: vec![
                    me.clone(),
                    "run".into(),
                    name.into(),
                    set.into(),
                    to.to_string(),
                    format.name().into(),
                ],
            };
            let contestants = [
                Contestant {
                    name: "grundy",
                    command: grundy_command,
                },
                peer("cgt"),
                peer("ogs"),
            ];
            let prints: Vec<(u64, u64)> = contestants.iter().map(|c| c.fingerprint().0).collect();
            assert!(
                prints.iter().all(|p| *p == prints[0]),
                "S = {set}, {}: outputs differ {prints:?}",
                format.name()
            );
            let mut cpu = vec![Vec::new(); 3];
            let mut peak = vec![Vec::new(); 3];
            for round in 0..runs {
                for (i, c) in contestants.iter().enumerate() {
                    let (seconds, mib) = c.measure();
                    cpu[i].push(seconds);
                    peak[i].push(mib);
                    eprintln!(
                        "S = {set} {} round {round}: {} {seconds:.2} s {mib:.0} MiB",
                        format.name(),
                        c.name
                    );
                }
            }
            let cpu: Vec<f64> = cpu.into_iter().map(median).collect();
            let peak: Vec<f64> = peak.into_iter().map(median).collect();
            let cell = |i: usize| format!("{:.2} s / {:.0} MiB", cpu[i], peak[i]);
            println!(
                "| {{{set}}}, {} ({} bytes) | {} | {} | {} | {:.1}x | {:.1}x |",
                format.name(),
                prints[0].1,
                cell(0),
                cell(1),
                cell(2),
                cpu[1] / cpu[0],
                cpu[2] / cpu[0]
            );
        }
    }
}
