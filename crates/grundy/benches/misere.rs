//! Misère play: outcomes of many-heap positions from the quotient against the definition (a
//! memoised search over multisets of heaps, the baseline a researcher would write), and the
//! construction of published quotients.
//!
//! Run: `cargo bench -p grundy --bench misere`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use grundy::misere::claims::Definition;
use grundy::misere::quotient::{quotient, MAX_ORDER};
use grundy::spec::parse_game;
use std::hint::black_box;

/// Twenty heaps of 1..=max from a fixed xorshift sequence.
fn position(max: u64, seed: u64) -> Vec<u64> {
    let mut x = seed;
    (0..20)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            1 + x % max
        })
        .collect()
}

fn outcomes(c: &mut Criterion) {
    let mut group = c.benchmark_group("misère outcome of 20 heaps");
    group.sample_size(10);
    for (spec, max) in [("kayles", 5), ("octal:0.75", 5)] {
        let game = parse_game(spec).unwrap();
        let (q, _) = quotient(
            game.as_ref(),
            max,
            game.heap_shape(),
            MAX_ORDER,
            &mut |_| {},
        )
        .unwrap();
        let heaps = position(max, 7);
        // The same answer before timing.
        let truth = Definition::new(game.as_ref()).is_p(&heaps).unwrap();
        assert_eq!(q.is_p_position(&heaps).unwrap(), truth);
        group.bench_function(BenchmarkId::new("quotient", spec), |b| {
            b.iter(|| black_box(q.is_p_position(black_box(&heaps)).unwrap()))
        });
        group.bench_function(BenchmarkId::new("definition", spec), |b| {
            b.iter(|| {
                let mut definition = Definition::new(game.as_ref());
                black_box(definition.is_p(black_box(&heaps)).unwrap())
            })
        });
    }
    group.finish();
}

fn construction(c: &mut Criterion) {
    let mut group = c.benchmark_group("misère quotient");
    group.sample_size(10);
    for (spec, heaps) in [
        ("octal:0.75", 30),
        ("octal:0.123", 20),
        ("grundy-game", 18),
        ("octal:0.07", 26),
        ("octal:0.07", 30),
    ] {
        let game = parse_game(spec).unwrap();
        group.bench_function(BenchmarkId::new(spec, heaps), |b| {
            b.iter(|| {
                let (q, _) = quotient(
                    game.as_ref(),
                    heaps,
                    game.heap_shape(),
                    MAX_ORDER,
                    &mut |_| {},
                )
                .unwrap();
                black_box(q.order())
            })
        });
    }
    group.finish();
}

criterion_group!(benches, outcomes, construction);
criterion_main!(benches);
