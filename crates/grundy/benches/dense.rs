//! The dense engine against a straightforward loop, on subtraction:s=1,3,4 and s=2,5,7,11,13.
//!
//! Run: `cargo bench -p grundy --bench dense` (set `GRUNDY_BENCH_N` to change the length; the
//! figure in BENCHMARKS.md uses 10^8).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use grundy::games::subtraction::Subtraction;
use grundy::solve::DenseSolver;
use std::hint::black_box;

/// What one writes in an afternoon: a `u32` per value and a fresh `seen` vector per position.
fn straightforward(set: &[u64], len: usize) -> Vec<u32> {
    let mut values = vec![0u32; len];
    for n in 0..len {
        let mut seen = vec![false; set.len() + 1];
        for &s in set {
            if s as usize <= n {
                let v = values[n - s as usize] as usize;
                if v < seen.len() {
                    seen[v] = true;
                }
            }
        }
        values[n] = seen.iter().position(|s| !s).unwrap() as u32;
    }
    values
}

fn dense(set: &[u64], len: u64) -> u64 {
    let game = Subtraction::new(set.to_vec()).unwrap();
    let mut solver = DenseSolver::new(&game);
    solver.extend_to(len).unwrap();
    solver.values().get(len as usize - 1)
}

fn bench(c: &mut Criterion) {
    let len: u64 = std::env::var("GRUNDY_BENCH_N")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000_000);
    let mut group = c.benchmark_group(format!("subtraction to {len}"));
    group.sample_size(10);
    for set in [vec![1u64, 3, 4], vec![2, 5, 7, 11, 13]] {
        let name = format!("{set:?}");
        // Both must compute the same thing before they are timed.
        assert_eq!(
            u64::from(*straightforward(&set, 100_000).last().unwrap()),
            dense(&set, 100_000)
        );
        group.bench_with_input(BenchmarkId::new("dense engine", &name), &set, |b, set| {
            b.iter(|| black_box(dense(set, len)))
        });
        group.bench_with_input(
            BenchmarkId::new("straightforward", &name),
            &set,
            |b, set| b.iter(|| black_box(straightforward(set, len as usize).last().copied())),
        );
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
