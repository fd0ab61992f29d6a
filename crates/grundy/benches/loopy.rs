//! Games with cycles: Smith's generalised values of a whole random digraph by the round-based
//! retrograde analysis (`solve::loopy::analyse`), against the baseline a researcher would write
//! first, the outcome fixpoint by repeated sweeps (`retrograde_outcomes`, outcomes only, no
//! values). Digraphs of n vertices, 3 out-edges each to random vertices (cycles everywhere).
//!
//! Run: `cargo bench -p grundy --bench loopy`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use grundy::solve::loopy::{analyse, retrograde_outcomes};
use grundy::solve::GameGraph;
use std::hint::black_box;

/// n vertices; vertex v has 0 to 3 edges (a quarter of them none, so there are P-positions)
/// to vertices from a fixed xorshift sequence.
fn digraph(n: usize) -> Vec<Vec<usize>> {
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    (0..n)
        .map(|_| {
            let degree = (next() % 4) as usize;
            (0..degree).map(|_| (next() % n as u64) as usize).collect()
        })
        .collect()
}

/// A chain whose moves go up: v -> v+1 and v -> v+2 (a subtraction game {1, 2} numbered
/// backwards), and a 2-cycle beside it; sweeps in vertex order settle about one vertex a pass,
/// the worst case of the baseline.
fn chain(n: usize) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = (0..n).map(|v| (v + 1..(v + 3).min(n)).collect()).collect();
    out.push(vec![n + 1]);
    out.push(vec![n]);
    out
}

fn whole_graph(c: &mut Criterion) {
    let mut group = c.benchmark_group("loopy digraph");
    group.sample_size(10);
    for n in [1_000usize, 10_000, 100_000] {
        let out = digraph(n);
        let graph = GameGraph::from_adjacency(&out);
        let outcomes: Vec<_> = analyse(&graph).values.iter().map(|v| v.outcome()).collect();
        assert_eq!(outcomes, retrograde_outcomes(&out));
        group.bench_with_input(
            BenchmarkId::new("generalised values (rounds)", n),
            &n,
            |b, _| b.iter(|| black_box(analyse(&graph))),
        );
        group.bench_with_input(
            BenchmarkId::new("outcomes by sweeps (baseline)", n),
            &n,
            |b, _| b.iter(|| black_box(retrograde_outcomes(&out))),
        );
    }
    group.finish();
    let mut group = c.benchmark_group("loopy chain");
    group.sample_size(10);
    for n in [1_000usize, 10_000] {
        let out = chain(n);
        let graph = GameGraph::from_adjacency(&out);
        group.bench_with_input(
            BenchmarkId::new("generalised values (rounds)", n),
            &n,
            |b, _| b.iter(|| black_box(analyse(&graph))),
        );
        group.bench_with_input(
            BenchmarkId::new("outcomes by sweeps (baseline)", n),
            &n,
            |b, _| b.iter(|| black_box(retrograde_outcomes(&out))),
        );
    }
    group.finish();
}

criterion_group!(benches, whole_graph);
criterion_main!(benches);
