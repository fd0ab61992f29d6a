//! The counts of k-pile Nim P-positions: the paper's recursions (Theorems 15-16, 27-28) at
//! n = 10^18 against the digit DPs, and against the brute-force enumerator where it reaches.
//!
//! Run: `cargo bench -p grundy --bench nim_counts`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use grundy::nim_fractals::nim::{max_at_most, max_exactly, total_at_most, total_exactly};
use grundy::nim_fractals::reference::{
    enumerate, max_at_most_digits, total_at_most_digits, total_exactly_digits,
};
use std::hint::black_box;

fn huge(c: &mut Criterion) {
    let n = 10u128.pow(18);
    let k = 10;
    // Same answers before timing.
    assert_eq!(total_exactly(k, n).unwrap(), total_exactly_digits(k, n));
    assert_eq!(total_at_most(k, n).unwrap(), total_at_most_digits(k, n));
    assert_eq!(max_at_most(k, n).unwrap(), max_at_most_digits(k, n));
    let mut group = c.benchmark_group("k=10, n=10^18");
    group.bench_function("D_k Theorem 27", |b| {
        b.iter(|| black_box(total_exactly(k, black_box(n)).unwrap()))
    });
    group.bench_function("A_k Theorem 28", |b| {
        b.iter(|| black_box(total_at_most(k, black_box(n)).unwrap()))
    });
    group.bench_function("D_k digit DP", |b| {
        b.iter(|| black_box(total_exactly_digits(k, black_box(n))))
    });
    group.bench_function("A_k digit DP", |b| {
        b.iter(|| black_box(total_at_most_digits(k, black_box(n))))
    });
    group.bench_function("a_k Theorem 15", |b| {
        b.iter(|| black_box(max_at_most(k, black_box(n)).unwrap()))
    });
    group.bench_function("d_k Theorem 16", |b| {
        b.iter(|| black_box(max_exactly(k, black_box(n)).unwrap()))
    });
    group.bench_function("a_k digit DP", |b| {
        b.iter(|| black_box(max_at_most_digits(k, black_box(n))))
    });
    group.finish();
}

fn against_brute_force(c: &mut Criterion) {
    let mut group = c.benchmark_group("where brute force reaches");
    group.sample_size(10);
    // The enumerator lists every tuple with piles <= 2n to count totals <= 2n.
    for (k, n) in [(10usize, 2u64), (4, 100), (3, 2000)] {
        let tally = enumerate(k, 2 * n).unwrap();
        let brute_d = tally.by_total[n as usize];
        let brute_a: u64 = tally.by_total[..=n as usize].iter().sum();
        assert_eq!(total_exactly(k, n.into()).unwrap(), brute_d.into());
        assert_eq!(total_at_most(k, n.into()).unwrap(), brute_a.into());
        let id = format!("k={k}, n={n}");
        group.bench_with_input(
            BenchmarkId::new("enumerator", &id),
            &(k, n),
            |b, &(k, n)| b.iter(|| black_box(enumerate(k, 2 * n).unwrap().by_total[n as usize])),
        );
        group.bench_with_input(
            BenchmarkId::new("D_k Theorem 27", &id),
            &(k, n),
            |b, &(k, n)| b.iter(|| black_box(total_exactly(k, n.into()).unwrap())),
        );
        group.bench_with_input(
            BenchmarkId::new("A_k Theorem 28", &id),
            &(k, n),
            |b, &(k, n)| b.iter(|| black_box(total_at_most(k, n.into()).unwrap())),
        );
    }
    group.finish();
}

criterion_group!(benches, huge, against_brute_force);
criterion_main!(benches);
