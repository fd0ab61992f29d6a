//! The three-pile Sharing Nim table G(0, a, b), b <= B, by the parallel dense engine against a
//! straightforward single-threaded triple loop, in the same run.
//!
//! Run: `cargo bench -p grundy --bench sharing_nim` (B = 2000; set `GRUNDY_BENCH_B` to change
//! it). Set `RAYON_NUM_THREADS=1` to time the engine on one thread.

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode};
use grundy::games::sharing_nim::Table;
use std::hint::black_box;
use std::time::Duration;

/// What one writes in an afternoon: a square `Vec<Vec<u16>>` indexed `[a][b]`, the options of
/// each cell generated from the rules (take k from pile i to pile j, sort, subtract the
/// smallest), a fresh `seen` vector per cell.
fn straightforward(max_b: usize) -> Vec<Vec<u16>> {
    let n = max_b + 1;
    let mut g = vec![vec![0u16; n]; n];
    for b in 0..n {
        for a in 0..=b {
            let piles = [0, a, b];
            let mut seen = vec![false; b + 2];
            for i in 0..3 {
                for j in 0..3 {
                    if i == j || piles[i] <= piles[j] {
                        continue;
                    }
                    for k in 1..=(piles[i] - piles[j]) / 2 {
                        let mut p = piles;
                        p[i] -= k;
                        p[j] += k;
                        p.sort_unstable();
                        let v = g[p[1] - p[0]][p[2] - p[0]] as usize;
                        if v < seen.len() {
                            seen[v] = true;
                        }
                    }
                }
            }
            g[a][b] = seen.iter().position(|s| !s).expect("a false slot") as u16;
        }
    }
    g
}

fn engine(max_b: u64) -> Table {
    Table::build(max_b, &mut |_| {}).expect("the table fits")
}

fn bench(c: &mut Criterion) {
    let max_b: u64 = std::env::var("GRUNDY_BENCH_B")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000);
    // Both compute the same table before they are timed.
    let (small, reference) = (engine(150), straightforward(150));
    for b in 0..=150u64 {
        for a in 0..=b {
            assert_eq!(
                small.get(a, b),
                Some(u64::from(reference[a as usize][b as usize]))
            );
        }
    }
    let mut group = c.benchmark_group(format!("sharing-nim table to b = {max_b}"));
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_millis(1))
        .measurement_time(Duration::from_secs(1));
    group.bench_function("parallel dense engine", |bench| {
        bench.iter(|| black_box(engine(max_b).max_value()))
    });
    group.bench_function("straightforward triple loop", |bench| {
        bench.iter(|| black_box(straightforward(max_b as usize)[0][max_b as usize]))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
