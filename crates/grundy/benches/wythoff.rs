//! The Wythoff table engine against a straightforward loop.
//!
//! Run: `cargo bench -p grundy --bench wythoff`. The engine builds the `n x n` table (the
//! triangle `a <= b` and its mirror image) for n = 10^3, 2 x 10^3, 3 x 10^3 and 10^4; the straightforward
//! loop (every cell, a fresh `seen` vector filled from its row, column and diagonal) is timed at
//! n = 10^3 and 2 x 10^3 in the same run (it grows as n^3: 10^4 would take hours).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use grundy::games::wythoff::Table;
use std::hint::black_box;

/// What one writes in an afternoon: the whole square, each cell the mex of its options.
fn straightforward(n: usize) -> Vec<Vec<u32>> {
    let mut g = vec![vec![0u32; n]; n];
    for a in 0..n {
        for b in 0..n {
            let mut seen = vec![false; a + b + a.min(b) + 1];
            for x in 0..a {
                seen[g[x][b] as usize] = true;
            }
            for y in 0..b {
                seen[g[a][y] as usize] = true;
            }
            for t in 1..=a.min(b) {
                seen[g[a - t][b - t] as usize] = true;
            }
            g[a][b] = seen.iter().position(|s| !s).unwrap() as u32;
        }
    }
    g
}

fn engine(n: u64) -> u64 {
    let table = Table::compute(n - 1, n - 1, &mut |_| {}).unwrap();
    table.get(n - 2, n - 1).unwrap()
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("wythoff n x n table");
    group.sample_size(10);
    // Both compute the same values before they are timed.
    let reference = straightforward(300);
    let table = Table::compute(299, 299, &mut |_| {}).unwrap();
    for (a, row) in reference.iter().enumerate() {
        for (b, &g) in row.iter().enumerate() {
            assert_eq!(table.get(a as u64, b as u64), Some(u64::from(g)));
        }
    }
    for n in [1_000u64, 2_000, 3_000, 10_000] {
        group.bench_with_input(BenchmarkId::new("dense engine", n), &n, |b, &n| {
            b.iter(|| black_box(engine(n)))
        });
    }
    for n in [1_000usize, 2_000] {
        group.bench_with_input(BenchmarkId::new("straightforward", n), &n, |b, &n| {
            b.iter(|| black_box(straightforward(n)[n - 2][n - 1]))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
