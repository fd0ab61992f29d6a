//! Board games against `igsolve` 0.1.2 (P. Beling's command-line front end of `igs` 0.1.4):
//! the nimber of the empty Cram board and of the full Chomp rectangle, each program run as a
//! child process. Every run's nimber is parsed and checked (grundy against igsolve, and Cram
//! against the table published in the impartial-games README); wall time, CPU time (user +
//! system, from `wait4`) and peak resident memory (`ru_maxrss`) are kept, and the table gives
//! the medians over RUNS rounds, the two programs taking turns to go first. A case that both
//! answer in less than 10 ms of CPU in the first round gets at least 300 rounds: it measures
//! mostly the programs' start, whose CPU time moves by a tenth from run to run; times below
//! 0.1 s are shown in milliseconds.
//!
//! ```text
//! boards GRUNDY_BIN IGSOLVE_BIN [RUNS] [CASES] [TIMEOUT_SECONDS]
//! ```
//!
//! grundy is run as `GRUNDY_BIN FLAGS value SPEC --json` (SPEC is the case as written, e.g.
//! `cram:4x9`; the empty board is the default position) and its JSON key `"value"` read.
//! FLAGS come from the environment variable `GRUNDY_FLAGS` (none by default; `--threads 1`
//! compares one core with igsolve's one).
//! igsolve is run as `IGSOLVE_BIN FLAGS cram -r ROWS -c COLS` (or `chomp`) and its line
//! `Nimber of initial position: N` read. FLAGS come from the environment variable
//! `IGSOLVE_FLAGS`, default `--tt hash-map`: igsolve's own default for boards of more than 40
//! cells is a succinct table of 8 GB, allocated and filled up front, which is slower than its
//! hash map at these sizes and costs 8 GB of resident memory; `IGSOLVE_FLAGS=` (empty) runs
//! igsolve exactly as shipped. Its pruning method is its default: `br-asp-set` for Cram and
//! plain `def` (mex with a transposition table) for Chomp.

use std::io::Read;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::median;

/// The cases measured when none are given: sizes igsolve solves in under a minute or so.
pub const DEFAULT_CASES: &str =
    "cram:4x9,cram:4x11,cram:5x7,cram:5x8,cram:5x9,cram:6x7,cram:7x7,chomp:9x10,chomp:10x11,chomp:11x12,chomp:12x13";

/// The flags igsolve gets before its game subcommand unless `IGSOLVE_FLAGS` says otherwise.
pub const DEFAULT_IGSOLVE_FLAGS: &str = "--tt hash-map";

/// Cram nimbers of empty boards published in the impartial-games README (rows <= columns;
/// the even-by-even boards, all 0, are included where the table shows them).
const PUBLISHED_CRAM: &[(u32, u32, u32)] = &[
    (4, 4, 0),
    (4, 5, 2),
    (4, 6, 0),
    (4, 7, 3),
    (4, 8, 0),
    (4, 9, 1),
    (4, 10, 0),
    (4, 11, 1),
    (4, 12, 0),
    (4, 13, 3),
    (4, 14, 0),
    (4, 15, 4),
    (5, 5, 0),
    (5, 6, 2),
    (5, 7, 1),
    (5, 8, 1),
    (5, 9, 1),
    (5, 10, 2),
    (5, 11, 0),
    (5, 12, 3),
    (6, 6, 0),
    (6, 7, 5),
    (6, 8, 0),
    (6, 9, 1),
    (6, 10, 0),
    (6, 12, 0),
    (6, 14, 0),
    (7, 7, 1),
    (7, 8, 3),
    (7, 9, 1),
];

/// The published Cram nimber of the empty `rows` x `cols` board, if there is one.
pub fn published_cram(rows: u32, cols: u32) -> Option<u32> {
    let (r, c) = (rows.min(cols), rows.max(cols));
    PUBLISHED_CRAM
        .iter()
        .find(|&&(pr, pc, _)| (pr, pc) == (r, c))
        .map(|&(_, _, v)| v)
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Board {
    Cram,
    Chomp,
}

/// One case: a game and the size of its board, as written on the command line.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Case {
    pub spec: String,
    pub board: Board,
    pub rows: u32,
    pub cols: u32,
}

impl Case {
    /// Reads `cram:RxC` or `chomp:RxC`.
    pub fn parse(text: &str) -> Result<Case, String> {
        let text = text.trim();
        let (game, size) = text
            .split_once(':')
            .ok_or_else(|| format!("{text}: a case is GAME:ROWSxCOLS, e.g. cram:4x9"))?;
        let board = match game {
            "cram" => Board::Cram,
            "chomp" => Board::Chomp,
            _ => return Err(format!("{text}: the game is cram or chomp, not {game}")),
        };
        let (rows, cols) = size
            .split_once('x')
            .ok_or_else(|| format!("{text}: the size is ROWSxCOLS"))?;
        let number = |s: &str| {
            s.parse::<u32>()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| format!("{text}: {s} is not a positive number"))
        };
        Ok(Case {
            spec: text.to_string(),
            board,
            rows: number(rows)?,
            cols: number(cols)?,
        })
    }

    fn grundy_command(&self, grundy: &str, flags: &[String]) -> Vec<String> {
        let mut command = vec![grundy.to_string()];
        command.extend(flags.iter().cloned());
        command.extend(["value".into(), self.spec.clone(), "--json".into()]);
        command
    }

    fn igsolve_command(&self, igsolve: &str, flags: &[String]) -> Vec<String> {
        let game = match self.board {
            Board::Cram => "cram",
            Board::Chomp => "chomp",
        };
        let mut command = vec![igsolve.to_string()];
        command.extend(flags.iter().cloned());
        command.extend([
            game.into(),
            "-r".into(),
            self.rows.to_string(),
            "-c".into(),
            self.cols.to_string(),
        ]);
        command
    }

    /// The published nimber of this case, if any.
    pub fn published(&self) -> Option<u32> {
        match self.board {
            Board::Cram => published_cram(self.rows, self.cols),
            Board::Chomp => None,
        }
    }
}

/// The nimber in grundy's JSON output: the number after the key `"value"`.
pub fn grundy_nimber(output: &str) -> Option<u32> {
    let after = &output[output.find("\"value\"")? + "\"value\"".len()..];
    let after = after.trim_start().strip_prefix(':')?.trim_start();
    let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// The nimber in igsolve's output: its line `Nimber of initial position: N`.
pub fn igsolve_nimber(output: &str) -> Option<u32> {
    output.lines().find_map(|line| {
        line.trim()
            .strip_prefix("Nimber of initial position:")
            .and_then(|rest| rest.trim().parse().ok())
    })
}

/// How one run of a child process ended, with what `wait4` said about it.
#[derive(Clone, Debug)]
pub struct Run {
    pub output: String,
    /// `None` when the child was killed at the time limit.
    pub exit: Option<i32>,
    pub wall: f64,
    pub cpu: f64,
    pub peak_mib: f64,
}

/// Runs `command` with stdout captured (stderr goes to ours), killing it after `limit`.
pub fn run(command: &[String], limit: Duration) -> Run {
    let start = Instant::now();
    let child = Command::new(&command[0])
        .args(&command[1..])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", command[0]));
    reap(child, start, limit)
}

/// Waits for `child` with `wait4` (polling, so that it can be killed at `limit`), reading its
/// stdout on another thread.
#[allow(clippy::zombie_processes)] // wait4 below reaps the child
fn reap(mut child: Child, start: Instant, limit: Duration) -> Run {
    let mut stdout = child.stdout.take().expect("piped");
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        stdout.read_to_string(&mut text).map(|_| text)
    });
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: a zeroed rusage is valid; wait4 fills it for the child we spawned.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let mut killed = false;
    loop {
        let flags = if killed { 0 } else { libc::WNOHANG };
        let waited = unsafe { libc::wait4(pid, &mut status, flags, &mut usage) };
        if waited == pid {
            break;
        }
        assert_eq!(waited, 0, "wait4");
        if start.elapsed() >= limit {
            // SAFETY: the child is ours and not reaped yet, so the pid is still its own.
            unsafe { libc::kill(pid, libc::SIGKILL) };
            killed = true;
        } else {
            std::thread::sleep(Duration::from_millis(2));
        }
    }
    let wall = start.elapsed().as_secs_f64();
    let output = reader.join().expect("reader").unwrap_or_default();
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    Run {
        output,
        exit: (!killed && libc::WIFEXITED(status)).then(|| libc::WEXITSTATUS(status)),
        wall,
        cpu: seconds(usage.ru_utime) + seconds(usage.ru_stime),
        peak_mib: usage.ru_maxrss as f64 / 1024.0,
    }
}

/// What one contestant gave over the rounds of a case.
#[derive(Default)]
struct Tally {
    wall: Vec<f64>,
    cpu: Vec<f64>,
    peak: Vec<f64>,
    /// Every nimber it answered (normally the same one each round).
    nimbers: Vec<u32>,
    /// Why it stopped being run, if it did: a time-out, a failure, no nimber in its output.
    broken: Option<String>,
}

impl Tally {
    fn add(&mut self, name: &str, spec: &str, got: Run, parse: fn(&str) -> Option<u32>) {
        match (got.exit, parse(&got.output)) {
            (None, _) => self.broken = Some(format!("killed after {:.0} s", got.wall)),
            (Some(0), Some(v)) => {
                self.wall.push(got.wall);
                self.cpu.push(got.cpu);
                self.peak.push(got.peak_mib);
                self.nimbers.push(v);
            }
            (Some(0), None) => {
                let tail: String = got.output.chars().rev().take(300).collect();
                let tail: String = tail.chars().rev().collect();
                eprintln!("{spec}: {name} printed no nimber; its output ends with:\n{tail}");
                self.broken = Some("no nimber in its output".into());
            }
            (Some(code), _) => self.broken = Some(format!("exit status {code}")),
        }
    }

    /// The nimber if it answered one, and the same one every time.
    fn nimber(&self) -> Option<u32> {
        let first = *self.nimbers.first()?;
        self.nimbers.iter().all(|&v| v == first).then_some(first)
    }

    fn cell(&self) -> String {
        match &self.broken {
            Some(why) if self.wall.is_empty() => why.clone(),
            _ => format!(
                "{} / {} / {:.0} MiB",
                seconds(median(self.wall.clone())),
                seconds(median(self.cpu.clone())),
                median(self.peak.clone())
            ),
        }
    }

    fn nimber_cell(&self) -> String {
        match (self.nimber(), self.nimbers.is_empty()) {
            (Some(v), _) => v.to_string(),
            (None, true) => "-".into(),
            (None, false) => format!("varies {:?}", self.nimbers),
        }
    }
}

/// What a case's nimbers say.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Verdict {
    /// grundy and igsolve both answered, the same nimber (and the published one, if any).
    Equal,
    /// Some answer is missing (a time-out, a failure), and those given agree.
    NotCompared,
    /// Two of grundy, igsolve and the published table disagree, or a program changed its
    /// answer from one round to the next.
    Mismatch,
}

impl Verdict {
    fn cell(self) -> &'static str {
        match self {
            Verdict::Equal => "equal",
            Verdict::NotCompared => "not compared",
            Verdict::Mismatch => "**MISMATCH**",
        }
    }
}

fn verdict(grundy: &Tally, igsolve: &Tally, published: Option<u32>) -> Verdict {
    let answers = [grundy.nimber(), igsolve.nimber(), published];
    let known: Vec<u32> = answers.iter().flatten().copied().collect();
    let varies = [grundy, igsolve]
        .iter()
        .any(|t| t.nimber().is_none() && !t.nimbers.is_empty());
    if varies || known.iter().any(|&v| v != known[0]) {
        Verdict::Mismatch
    } else if grundy.nimber().is_some() && igsolve.nimber().is_some() {
        Verdict::Equal
    } else {
        Verdict::NotCompared
    }
}

/// Seconds with three significant figures or so (milliseconds below ten seconds).
/// CPU time below which a case is short ([`SHORT_ROUNDS`]).
const SHORT: f64 = 0.01;

/// The rounds of a short case, at least.
const SHORT_ROUNDS: usize = 300;

fn seconds(s: f64) -> String {
    if s < 0.1 {
        format!("{:.3} ms", s * 1e3)
    } else if s < 10.0 {
        format!("{s:.3} s")
    } else {
        format!("{s:.1} s")
    }
}

/// The flags grundy gets before its subcommand: `GRUNDY_FLAGS` (e.g. `--threads 1`, to
/// compare one core with igsolve's one), none by default.
pub fn grundy_flags() -> Vec<String> {
    std::env::var("GRUNDY_FLAGS")
        .unwrap_or_default()
        .split_whitespace()
        .map(String::from)
        .collect()
}

/// The flags igsolve gets before its subcommand: `IGSOLVE_FLAGS` or the default.
pub fn igsolve_flags() -> Vec<String> {
    std::env::var("IGSOLVE_FLAGS")
        .unwrap_or_else(|_| DEFAULT_IGSOLVE_FLAGS.into())
        .split_whitespace()
        .map(String::from)
        .collect()
}

/// `boards GRUNDY_BIN IGSOLVE_BIN [RUNS] [CASES] [TIMEOUT_SECONDS]`: one Markdown row per
/// case, with both nimbers, the published one, and medians of wall / CPU / peak memory.
/// Returns the number of cases whose nimbers disagree (grundy, igsolve, published).
pub fn compare(grundy: &str, igsolve: &str, runs: usize, cases: &str, limit: Duration) -> usize {
    let cases: Vec<Case> = cases
        .split(',')
        .map(|c| Case::parse(c).unwrap_or_else(|e| panic!("{e}")))
        .collect();
    let flags = igsolve_flags();
    eprintln!(
        "igsolve flags: {:?}; {runs} rounds; time limit {} s per run",
        flags,
        limit.as_secs()
    );
    println!("| case | published | grundy | igsolve | grundy wall / CPU / peak | igsolve wall / CPU / peak | igsolve / grundy wall | CPU | check |");
    println!("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    let mut mismatches = 0;
    for case in &cases {
        let commands = [
            (
                "grundy",
                case.grundy_command(grundy, &grundy_flags()),
                grundy_nimber as fn(&str) -> Option<u32>,
            ),
            (
                "igsolve",
                case.igsolve_command(igsolve, &flags),
                igsolve_nimber,
            ),
        ];
        let mut tallies = [Tally::default(), Tally::default()];
        let mut rounds = runs.max(1);
        let mut round = 0;
        while round < rounds {
            // The two take turns to go first, so neither always runs on a warmer machine.
            let order = if round % 2 == 0 { [0, 1] } else { [1, 0] };
            for i in order {
                if tallies[i].broken.is_some() {
                    continue;
                }
                let (name, command, parse) = &commands[i];
                let got = run(command, limit);
                eprintln!(
                    "{} round {round}: {name} {:.2} s wall {:.2} s CPU {:.0} MiB -> {}",
                    case.spec,
                    got.wall,
                    got.cpu,
                    got.peak_mib,
                    parse(&got.output).map_or("no nimber".into(), |v| v.to_string())
                );
                tallies[i].add(name, &case.spec, got, *parse);
            }
            // A case both programs answer within a few milliseconds measures their start more
            // than their search, and a few rounds of it say little: it gets many more.
            if round == 0
                && tallies
                    .iter()
                    .all(|t| t.cpu.first().is_some_and(|&c| c < SHORT))
            {
                rounds = rounds.max(SHORT_ROUNDS);
            }
            round += 1;
        }
        let [ours, theirs] = &tallies;
        let check = verdict(ours, theirs, case.published());
        if check == Verdict::Mismatch {
            mismatches += 1;
            eprintln!(
                "\n*** MISMATCH on {}: grundy {}, igsolve {}, published {} ***\n",
                case.spec,
                ours.nimber_cell(),
                theirs.nimber_cell(),
                case.published().map_or("-".into(), |v| v.to_string())
            );
        }
        let ratio = |xs: &Vec<f64>, ys: &Vec<f64>| {
            // `wait4`'s CPU times count microseconds; wall times, the 2 ms of the poll.
            if xs.is_empty() || ys.is_empty() || median(xs.clone()) <= 0.0 {
                "-".to_string()
            } else {
                format!("{:.2}x", median(ys.clone()) / median(xs.clone()))
            }
        };
        println!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            case.spec,
            case.published().map_or("-".into(), |v| v.to_string()),
            ours.nimber_cell(),
            theirs.nimber_cell(),
            ours.cell(),
            theirs.cell(),
            ratio(&ours.wall, &theirs.wall),
            ratio(&ours.cpu, &theirs.cpu),
            check.cell()
        );
    }
    if mismatches > 0 {
        eprintln!("*** {mismatches} case(s) with disagreeing nimbers ***");
    }
    mismatches
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_shown_in_their_unit() {
        assert_eq!(seconds(0.000844), "0.844 ms");
        assert_eq!(seconds(0.0995), "99.500 ms");
        assert_eq!(seconds(0.138), "0.138 s");
        assert_eq!(seconds(12.34), "12.3 s");
    }

    #[test]
    fn cases_parse() {
        let case = Case::parse("cram:4x9").unwrap();
        assert_eq!((case.board, case.rows, case.cols), (Board::Cram, 4, 9));
        assert_eq!(Case::parse(" chomp:11x12").unwrap().board, Board::Chomp);
        assert!(Case::parse("cram:4").is_err());
        assert!(Case::parse("domino:4x4").is_err());
        assert!(Case::parse("cram:0x4").is_err());
        for case in DEFAULT_CASES.split(',') {
            Case::parse(case).unwrap();
        }
    }

    #[test]
    fn commands() {
        let case = Case::parse("chomp:8x9").unwrap();
        assert_eq!(
            case.igsolve_command("igsolve", &["--tt".into(), "hash-map".into()]),
            ["igsolve", "--tt", "hash-map", "chomp", "-r", "8", "-c", "9"]
        );
        assert_eq!(
            case.grundy_command("grundy", &[]),
            ["grundy", "value", "chomp:8x9", "--json"]
        );
        assert_eq!(
            case.grundy_command("grundy", &["--threads".into(), "1".into()]),
            ["grundy", "--threads", "1", "value", "chomp:8x9", "--json"]
        );
    }

    #[test]
    fn nimbers_parse() {
        assert_eq!(grundy_nimber(r#"{"game":"cram:4x9","value":1}"#), Some(1));
        assert_eq!(grundy_nimber(r#"{"values":[3], "value" : 12 }"#), Some(12));
        assert_eq!(grundy_nimber(r#"{"values":[3]}"#), None);
        let out = "---=== Cram 9x4 BrAspSet ===---\nSearching (max 59):\n DONE\nNimber of initial position: 1\nCalculation time: 687ms\n";
        assert_eq!(igsolve_nimber(out), Some(1));
        assert_eq!(igsolve_nimber("TT size: 5\n"), None);
    }

    #[test]
    fn verdicts() {
        let said = |nimbers: &[u32]| Tally {
            nimbers: nimbers.to_vec(),
            ..Tally::default()
        };
        let v = |g: &[u32], i: &[u32], p| verdict(&said(g), &said(i), p);
        assert_eq!(v(&[1, 1], &[1, 1], Some(1)), Verdict::Equal);
        assert_eq!(v(&[3], &[3], None), Verdict::Equal);
        assert_eq!(v(&[2], &[1], None), Verdict::Mismatch);
        assert_eq!(v(&[1], &[1], Some(5)), Verdict::Mismatch);
        assert_eq!(v(&[1, 2], &[1], None), Verdict::Mismatch);
        // igsolve timed out: grundy is still held to the published value.
        assert_eq!(v(&[5], &[], Some(5)), Verdict::NotCompared);
        assert_eq!(v(&[4], &[], Some(5)), Verdict::Mismatch);
        assert_eq!(v(&[], &[], None), Verdict::NotCompared);
    }

    #[test]
    fn published_table() {
        assert_eq!(published_cram(9, 7), Some(1));
        assert_eq!(published_cram(7, 6), Some(5));
        assert_eq!(published_cram(4, 15), Some(4));
        assert_eq!(published_cram(13, 5), None);
    }

    #[test]
    fn runs_are_timed_and_killed() {
        let sh = |script: &str| vec!["sh".to_string(), "-c".into(), script.into()];
        let got = run(&sh("echo '{\"value\": 7}'"), Duration::from_secs(10));
        assert_eq!((got.exit, grundy_nimber(&got.output)), (Some(0), Some(7)));
        let got = run(&sh("exit 3"), Duration::from_secs(10));
        assert_eq!(got.exit, Some(3));
        let got = run(&sh("exec sleep 5"), Duration::from_millis(200));
        assert_eq!(got.exit, None);
        assert!(got.wall < 4.0);
    }
}
