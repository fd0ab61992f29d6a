//! Takeaway games (one-pile Nim with a move function f):
//!
//! - the g-base for f(k) = 2k up to 10^18, and against the paper's construction as written
//!   (every x scanned for g0) at 10^6, where that is feasible;
//! - 10^6 random queries (N <= 10^18, x <= 100): outcome and winning move by the main theorem,
//!   against a straightforward greedy representation (linear scan of the members);
//! - g(N) by the direct rule to 10^7 for random tables f, against the rule as written.
//!
//! Run: `cargo bench -p grundy --bench takeaway` (`GRUNDY_BENCH_N` changes the direct-rule
//! length; the figures in BENCHMARKS.md use 10^7).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use grundy::games::takeaway::{direct, GBase, MoveFunction};
use std::hint::black_box;

/// xorshift64: a reproducible stream of pseudo-random numbers.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// The paper's construction as one first writes it: g0(b_{k+1}) by scanning every x in
/// 1..b_k, g(m) by a greedy representation scanning the members from the top.
fn construction_as_written(f: impl Fn(u128) -> u128, to: u128) -> Vec<(u128, u128)> {
    let mut base: Vec<(u128, u128)> = vec![(1, 1), (2, 2)];
    let g = |base: &[(u128, u128)], m: u128| {
        let (mut rest, mut smallest) = (m, 0);
        for &(b, g0) in base.iter().rev() {
            if b <= rest {
                rest -= b;
                smallest = g0;
            }
        }
        smallest
    };
    loop {
        let &(bk, gk) = base.last().unwrap();
        let Some(&(bi, _)) = base.iter().find(|&&(b, g0)| g0 == b && f(b) >= gk) else {
            return base;
        };
        if bk + bi > to {
            return base;
        }
        let g0 = (1..bk)
            .find(|&x| f(bi + x) < g(&base, bk - x))
            .map_or(bk + bi, |x| bi + x);
        base.push((bk + bi, g0));
    }
}

/// The query by a straightforward greedy representation: the outcome and the winning move.
fn query_straightforward(base: &[(u128, u128)], n: u128, x: u128) -> Option<(u128, u128)> {
    let (mut rest, mut g) = (n, 0);
    for &(b, g0) in base.iter().rev() {
        if b <= rest {
            rest -= b;
            g = g0;
        }
    }
    (x >= g).then(|| (n - g, 2 * g))
}

fn bench_base(c: &mut Criterion) {
    let f = MoveFunction::expression("2*k").unwrap();
    let mut group = c.benchmark_group("takeaway base f=2k");
    group.sample_size(10);
    let build = |to: u128| {
        let mut base = GBase::new();
        base.extend_to(&f, to).unwrap();
        base
    };
    // Both compute the same base where the construction as written is feasible.
    let ours: Vec<(u128, u128)> = {
        let b = build(1_000_000);
        b.members()
            .iter()
            .copied()
            .zip(b.g0().iter().copied())
            .collect()
    };
    assert_eq!(ours, construction_as_written(|k| 2 * k, 1_000_000));
    group.bench_function("g-base to 10^18 (interval-skipping construction)", |b| {
        b.iter(|| black_box(build(1_000_000_000_000_000_000).members().len()))
    });
    group.bench_function("g-base to 10^6 (interval-skipping construction)", |b| {
        b.iter(|| black_box(build(1_000_000).members().len()))
    });
    group.bench_function("g-base to 10^6 (construction as written)", |b| {
        b.iter(|| black_box(construction_as_written(|k| 2 * k, 1_000_000).len()))
    });

    let base = build(1_000_000_000_000_000_000);
    let pairs: Vec<(u128, u128)> = base
        .members()
        .iter()
        .copied()
        .zip(base.g0().iter().copied())
        .collect();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let queries: Vec<(u128, u128)> = (0..1_000_000)
        .map(|_| {
            (
                u128::from(1 + rng.next() % 1_000_000_000_000_000_000),
                u128::from(1 + rng.next() % 100),
            )
        })
        .collect();
    let fast = |&(n, x): &(u128, u128)| {
        let g = base.g(n).unwrap();
        (x >= g).then(|| (n - g, f.eval(g).unwrap()))
    };
    for q in queries.iter().take(10_000) {
        assert_eq!(fast(q), query_straightforward(&pairs, q.0, q.1));
    }
    group.bench_function("10^6 queries N <= 10^18 (main theorem, GBase::g)", |b| {
        b.iter(|| black_box(queries.iter().filter_map(fast).count()))
    });
    group.bench_function("10^6 queries N <= 10^18 (straightforward greedy)", |b| {
        b.iter(|| {
            black_box(
                queries
                    .iter()
                    .filter_map(|&(n, x)| query_straightforward(&pairs, n, x))
                    .count(),
            )
        })
    });
    group.finish();
}

/// The direct rule as one first writes it, with f read from the table.
fn direct_straightforward(f: &[u32]) -> Vec<u32> {
    let n = f.len() - 1;
    let mut g = vec![u32::MAX; n + 1];
    for m in 1..=n {
        let mut k = 1;
        while k < m && f[k] >= g[m - k] {
            k += 1;
        }
        g[m] = k as u32;
    }
    g
}

fn bench_direct(c: &mut Criterion) {
    let len: usize = std::env::var("GRUNDY_BENCH_N")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000_000);
    let mut group = c.benchmark_group(format!("takeaway direct rule to {len}"));
    group.sample_size(10);
    for (name, top) in [
        ("random f in 1..=8", 8u64),
        ("random f in 1..=10^6", 1_000_000),
    ] {
        let mut rng = Rng(0x2545_F491_4F6C_DD1D ^ top);
        let f: Vec<u32> = std::iter::once(0)
            .chain((1..=len).map(|_| (1 + rng.next() % top) as u32))
            .collect();
        assert_eq!(
            direct::g_from_values(&f[..100_001]),
            direct_straightforward(&f[..100_001])
        );
        group.bench_with_input(BenchmarkId::new("block skipping", name), &f, |b, f| {
            b.iter(|| black_box(direct::g_from_values(f)[len]))
        });
        group.bench_with_input(BenchmarkId::new("straightforward", name), &f, |b, f| {
            b.iter(|| black_box(direct_straightforward(f)[len]))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_base, bench_direct);
criterion_main!(benches);
