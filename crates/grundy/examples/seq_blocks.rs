//! The library's own time for what `grundy.Game("subtraction:s=1,3,4").seq(N - 1)` returns in
//! Python: the values `0..N` from `query::sequence_blocks`, narrowed into one byte each, as the
//! Python package does (BENCHMARKS.md compares the two).
//!
//! `cargo run --release -p grundy --example seq_blocks -- 100000000 [blocks|engine]`
//! (`engine`: the dense engine's table alone, `DenseSolver::extend_to`, no values handed out).

use std::time::Instant;

use grundy::games::subtraction::Subtraction;
use grundy::solve::DenseSolver;
use grundy::{query, spec};

fn main() {
    let mut args = std::env::args().skip(1);
    let n: u64 = args
        .next()
        .map_or(100_000_000, |a| a.parse().expect("a count"));
    let what = args.next().unwrap_or_else(|| "blocks".into());
    let start = Instant::now();
    let checksum = match what.as_str() {
        "blocks" => {
            let game = spec::parse_game("subtraction:s=1,3,4").expect("a spec");
            let mut values: Vec<u8> = Vec::with_capacity(n as usize);
            query::sequence_blocks(game.as_ref(), &[None], 0, n - 1, &mut |block| {
                values.extend(block.iter().map(|&v| v as u8));
                Ok(())
            })
            .expect("values");
            values.iter().map(|&v| u64::from(v)).sum::<u64>()
        }
        "engine" => {
            let game = Subtraction::new(vec![1, 3, 4]).expect("a set");
            let mut dense = DenseSolver::new(&game);
            dense.extend_to(n).expect("values");
            dense.values().get(n as usize - 1)
        }
        other => panic!("unknown mode {other}"),
    };
    println!(
        "{what} n={n} checksum={checksum} seconds={:.3}",
        start.elapsed().as_secs_f64()
    );
}
