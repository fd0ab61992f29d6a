//! Octal games against `ogs` 0.0.6 (P. Beling), whose solvers are `NaiveSolver` (every split),
//! `RCSolver` (rare/common split of the values) and `RC2Solver` (the split by value and parity
//! of the position). Which one is fastest depends on the game, so `calibrate` times all three;
//! `compare` runs the fastest one against grundy's engine, both computing every value from
//! G(0) to G(N - 1) without stopping at a period (the same work).

use grundy::games::octal::code::{Base, Rules};
use grundy::games::octal::engine::{Engine, Run};
use ogs::{Game, NaiveSolver, RC2Solver, RCSolver, Solver};

use crate::{measure, median};

/// ogs's values of G(0..n) with the solver named `which`.
fn ogs_values(code: &str, n: usize, which: &str) -> Vec<u16> {
    fn run<S: Solver>(game: Game, n: usize) -> Vec<u16>
    where
        S::Stats: Default,
    {
        let mut solver = S::with_capacity(game, n);
        for _ in 0..n {
            solver.next();
        }
        solver.nimbers().to_vec()
    }
    let game: Game = code.parse().expect("an octal code ogs reads");
    match which {
        "naive" => run::<NaiveSolver>(game, n),
        "rc" => run::<RCSolver>(game, n),
        "rc2" => run::<RC2Solver>(game, n),
        _ => unreachable!(),
    }
}

/// grundy's values of G(0..n), every one computed (no stop at a proven period).
fn grundy_values(code: &str, n: usize) -> Vec<u32> {
    let mut engine = Engine::new(Rules::parse(code, Base::Octal).expect("a code"));
    engine
        .extend(n as u64, &Run::default(), &mut |_| {})
        .expect("within the engine's limits");
    (0..n as u64).map(|i| engine.get(i)).collect()
}

fn equal(code: &str, ours: &[u32], theirs: &[u16]) {
    assert_eq!(ours.len(), theirs.len());
    if let Some(i) = (0..ours.len()).find(|&i| ours[i] != u32::from(theirs[i])) {
        panic!(
            "{code}: G({i}) is {} for grundy, {} for ogs",
            ours[i], theirs[i]
        );
    }
}

/// Times every ogs solver once at `n` (checking each against grundy) and names the fastest.
pub fn calibrate(n: usize, codes: &str) {
    println!("| game | ogs NaiveSolver | ogs RCSolver | ogs RC2Solver | fastest | grundy |");
    println!("| --- | --- | --- | --- | --- | --- |");
    for code in codes.split(',') {
        let (ours, wall, _) = measure(|| grundy_values(code, n));
        let mut row = vec![format!("{code}, n = {n}")];
        let mut best = ("", f64::MAX);
        for which in ["naive", "rc", "rc2"] {
            let (theirs, t, _) = measure(|| ogs_values(code, n, which));
            equal(code, &ours, &theirs);
            row.push(format!("{t:.2} s"));
            if t < best.1 {
                best = (which, t);
            }
        }
        row.push(best.0.to_string());
        row.push(format!("{wall:.3} s"));
        println!("| {} |", row.join(" | "));
    }
}

/// The fastest ogs solver for `code` in `compare` (by `calibrate` on this machine: at n = 10^5
/// for 0.77, 0.007 and 0.137; at 5 x 10^4 and 2 x 10^5 for 0.6). It depends on the size: at
/// 10^6 RC2 beats the naive solver on 0.007 (69.8 s against 226 s), so `command` times every
/// solver at the size it runs instead.
fn fastest(code: &str) -> &'static str {
    match code {
        "0.77" | "0.6" => "rc2",
        _ => "naive",
    }
}

/// `run-octal CODE N SOLVER`: ogs's values G(0..=N) as a b-file on stdout (lines `n G(n)`, as
/// `grundy seq --format bfile` writes them); the child process of `command`.
pub fn run(code: &str, to: usize, which: &str) {
    use std::io::Write;
    let values = ogs_values(code, to + 1, which);
    let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    for (n, v) in values.iter().enumerate() {
        writeln!(out, "{n} {v}").expect("stdout");
    }
    out.flush().expect("stdout");
}

/// `count-octal CODE N`: the options each program evaluates for G(0..N), counted (not timed:
/// the counting slows ogs down): ogs RC2's `SolverIterations` (taking and breaking options)
/// and grundy's engine `Stats::total` (pairs of two heaps; one-heap options are not counted
/// by grundy), so that a pair throughput is each program's own count over its own time.
pub fn count(code: &str, n: usize) {
    let game: Game = code.parse().expect("an octal code ogs reads");
    let mut solver =
        RC2Solver::<true, _>::with_capacity_stats(game, n, ogs::SolverIterations::default());
    for _ in 0..n {
        solver.next();
    }
    let theirs = *solver.stats();
    let mut engine = Engine::new(Rules::parse(code, Base::Octal).expect("a code"));
    engine
        .extend(n as u64, &Run::default(), &mut |_| {})
        .expect("within the engine's limits");
    let ours = engine.stats();
    println!(
        "{code} G(0..{n}): ogs RC2 taking {} breaking {}; grundy pairs {} (one at a time {}, in blocks {}; checks {}, positions redone {})",
        theirs.taking,
        theirs.breaking,
        ours.total(),
        ours.pairs,
        ours.block_pairs,
        ours.scans,
        ours.redone
    );
}

/// `octal-command GRUNDY_BIN N RUNS CODES [SOLVERS]`: the whole command `grundy seq octal:CODE
/// --to N --format bfile` against a child process running ogs and writing the same b-file (both
/// to /dev/null, CPU time by `wait4`), after checking that the outputs are equal. ogs's solver
/// is chosen *at this size and in this run*: each of SOLVERS (default `naive,rc,rc2`) runs once
/// (its output read through a pipe and compared, its CPU time taken), the fastest is the peer,
/// and that run counts as its first round. Then `runs`
/// alternating rounds (`runs - 1` more for the peer); medians. The ratio is ogs / grundy CPU.
pub fn command(grundy: &str, to: usize, runs: usize, codes: &str, solvers: &str) {
    use crate::subtraction::Contestant;
    let me = std::env::current_exe()
        .expect("this program")
        .display()
        .to_string();
    let ogs = |code: &str, which: &str| Contestant {
        name: "ogs",
        command: [me.as_str(), "run-octal", code, &to.to_string(), which]
            .into_iter()
            .map(String::from)
            .collect(),
    };
    println!("| game, n | ogs solvers timed once (CPU) | fastest | grundy CPU (runs) | ogs CPU (runs) | grundy median CPU / peak | ogs median CPU / peak | ogs / grundy |");
    println!("| --- | --- | --- | --- | --- | --- | --- | --- |");
    for code in codes.split(',') {
        let ours = Contestant {
            name: "grundy",
            command: [
                grundy,
                "seq",
                &format!("octal:{code}"),
                "--to",
                &to.to_string(),
            ]
            .into_iter()
            .chain(["--format", "bfile"])
            .map(String::from)
            .collect(),
        };
        let print = ours.fingerprint().0;
        // Every solver once (output read through a pipe and checked against grundy's, CPU
        // of that run); the fastest is the peer.
        let mut timed = Vec::new();
        for which in solvers.split(',') {
            let (theirs, seconds, mib) = ogs(code, which).fingerprint();
            assert_eq!(theirs, print, "{code} to {to}: {which} differs");
            eprintln!("{code} to {to}: ogs {which} {seconds:.3} s {mib:.0} MiB");
            timed.push((which, seconds, mib));
        }
        let &(which, first, first_mib) = timed
            .iter()
            .min_by(|x, y| x.1.total_cmp(&y.1))
            .expect("a solver");
        let peer = ogs(code, which);
        let (mut cpu, mut peak) = ([Vec::new(), vec![first]], [Vec::new(), vec![first_mib]]);
        for round in 0..runs {
            for (i, c) in [&ours, &peer].into_iter().enumerate() {
                if i == 1 && round == 0 {
                    continue; // the calibration run is the peer's first round
                }
                let (seconds, mib) = c.measure();
                cpu[i].push(seconds);
                peak[i].push(mib);
                eprintln!(
                    "{code} to {to} round {round}: {} {seconds:.3} s {mib:.0} MiB",
                    c.name
                );
            }
        }
        let list = |xs: &[f64]| {
            xs.iter()
                .map(|x| format!("{x:.3}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let solvers = timed
            .iter()
            .map(|(w, s, _)| format!("{w} {s:.3}"))
            .collect::<Vec<_>>()
            .join(", ");
        let (gc, oc) = (median(cpu[0].clone()), median(cpu[1].clone()));
        println!(
            "| {code}, n = {to} | {solvers} | {which} | {} | {} | {gc:.3} s / {:.0} MiB | {oc:.3} s / {:.0} MiB | **{:.1}x** |",
            list(&cpu[0]),
            list(&cpu[1]),
            median(peak[0].clone()),
            median(peak[1].clone()),
            oc / gc
        );
    }
}

/// Alternating runs of ogs's fastest solver and grundy's engine on G(0..n), after checking that
/// they agree; medians of wall and CPU time, and the ratios.
pub fn compare(n: usize, runs: usize, codes: &str) {
    println!("| game | ogs solver | ogs wall (runs) | grundy wall (runs) | ogs median wall / CPU | grundy median wall / CPU | ratio wall / CPU |");
    println!("| --- | --- | --- | --- | --- | --- | --- |");
    for code in codes.split(',') {
        let which = fastest(code);
        let (mut ogs_wall, mut ogs_cpu, mut our_wall, mut our_cpu) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for run in 0..runs {
            let (theirs, w, c) = measure(|| ogs_values(code, n, which));
            ogs_wall.push(w);
            ogs_cpu.push(c);
            let (ours, w, c) = measure(|| grundy_values(code, n));
            our_wall.push(w);
            our_cpu.push(c);
            if run == 0 {
                equal(code, &ours, &theirs);
            }
            eprintln!(
                "{code} run {run}: ogs {:.2} s, grundy {:.2} s",
                ogs_wall[run], our_wall[run]
            );
        }
        let list = |xs: &[f64]| {
            xs.iter()
                .map(|x| format!("{x:.2}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let (ow, oc, gw, gc) = (
            median(ogs_wall.clone()),
            median(ogs_cpu),
            median(our_wall.clone()),
            median(our_cpu),
        );
        println!(
            "| {code}, n = {n} | {which} | {} | {} | {ow:.2} s / {oc:.2} s | {gw:.2} s / {gc:.2} s | {:.0}x / {:.0}x |",
            list(&ogs_wall),
            list(&our_wall),
            ow / gw,
            oc / gc
        );
    }
}

/// `octal-period CODE PERIOD PREPERIOD`: an independent check of a period grundy proved. ogs's
/// RC2 solver computes `2 n0 + 2p + t` values (`t`: the most tokens a move takes), and on
/// *its* values this checks the hypothesis of the octal periodicity theorem (Guy and Smith
/// 1956; Winning Ways ch. 4), `G(n + p) = G(n)` for `n0 <= n < 2 n0 + p + t`, that `n0` is the
/// least preperiod for `p` and that no proper divisor of `p` is a period from `n0`; then that
/// grundy's engine gives the same values.
pub fn period_check(code: &str, p: usize, n0: usize) {
    let digits = code.split_once('.').map_or("", |(_, d)| d);
    let t = digits.trim_end_matches('0').len();
    let end = 2 * n0 + p + t;
    let len = end + p;
    let theirs = ogs_values(code, len, "rc2");
    let holds = |q: usize| (n0..end).all(|n| theirs[n + q] == theirs[n]);
    let divisors: Vec<usize> = (1..p)
        .filter(|&d| p.is_multiple_of(d) && holds(d))
        .collect();
    let least = n0 == 0 || theirs[n0 - 1 + p] != theirs[n0 - 1];
    let ours = grundy_values(code, len);
    equal(code, &ours, &theirs);
    println!(
        "{code}: ogs RC2, {len} values (t = {t}): G(n + {p}) = G(n) for {n0} <= n < {end}: {}; preperiod {n0} least: {least}; proper divisors of {p} that are periods from {n0}: {divisors:?}; grundy's engine gives the same {len} values",
        holds(p)
    );
}
