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

/// The fastest ogs solver for `code` (by `calibrate` on this machine at n = 10^5).
fn fastest(code: &str) -> &'static str {
    match code {
        "0.77" => "rc2",
        _ => "naive",
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
