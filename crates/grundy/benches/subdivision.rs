//! i-Mark({1},{2,3}) gap statistics: the block engine against a byte-array loop, and the
//! generic cursor stream, on the same range. `cargo bench -p grundy --bench subdivision`.

use criterion::{criterion_group, criterion_main, Criterion};
use grundy::games::subdivision::{imark23, stream::Stream, SubDivision};

const N: u64 = 1 << 26;

/// One byte per position, then the gaps: the straightforward way (the `imark_baseline` example).
#[allow(dead_code)]
#[path = "../examples/imark_baseline.rs"]
mod imark_baseline;

fn baseline(n: usize) -> [usize; 4] {
    imark_baseline::byte_array_gaps(n).1
}

fn engine(n: u64) -> Vec<u64> {
    let config = imark23::Config {
        base: imark23::UNIT << 12,
        ..imark23::Config::default()
    };
    let run = imark23::gaps(n, config, &imark23::Options::default(), &mut |_, _| {}).unwrap();
    run.gaps.iter().map(|g| g.max_gap.unwrap()).collect()
}

fn cursor_stream(n: u64) -> u64 {
    let game = SubDivision::imark(vec![1], vec![2, 3]).unwrap();
    let mut zeros = 0;
    let mut stream = Stream::new(&game).unwrap();
    for _ in 0..n {
        zeros += u64::from(stream.next_value().unwrap().1 == 0);
    }
    zeros
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("imark_1_23_gaps_2^26");
    group.sample_size(10);
    group.bench_function("byte_array_loop", |b| b.iter(|| baseline(N as usize)));
    group.bench_function("block_engine", |b| b.iter(|| engine(N)));
    group.finish();
    // The generic engine is far slower: measured on 2^20 positions, against the loop there.
    let mut group = c.benchmark_group("imark_1_23_2^20");
    group.sample_size(10);
    group.bench_function("byte_array_loop", |b| b.iter(|| baseline(1 << 20)));
    group.bench_function("cursor_stream", |b| b.iter(|| cursor_stream(1 << 20)));
    group.finish();
    assert_eq!(baseline(1 << 20)[..3], [4, 8, 19]);
    assert_eq!(engine(1 << 20)[..3], [4, 8, 19]);
}

criterion_group!(benches, bench);
criterion_main!(benches);
