//! Misère outcomes of many-heap positions: read from the quotient against the definition.
//!
//! `cargo run --release -p grundy --example misere_sums -- GAME HEAPS MAX POSITIONS [SEED]`
//! draws POSITIONS positions of HEAPS heaps, each of 1..=MAX tokens, computes the quotient for
//! heaps <= MAX once, and times each position's outcome from the quotient (median of repeated
//! runs) and by the definition alone (a fresh memoised search per position, the baseline a
//! researcher would write), checking that they agree.

use std::time::Instant;

use grundy::misere::claims::Definition;
use grundy::misere::quotient::{quotient, MAX_ORDER};
use grundy::spec::parse_game;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [game, heaps, max, positions] = &args[..4] else {
        panic!("usage: GAME HEAPS MAX POSITIONS [SEED]");
    };
    let (heaps, max, positions): (usize, u64, usize) = (
        heaps.parse().unwrap(),
        max.parse().unwrap(),
        positions.parse().unwrap(),
    );
    let mut seed: u64 = args.get(4).map_or(1, |s| s.parse().unwrap());
    let game = parse_game(game).unwrap();
    let start = Instant::now();
    let (q, _) = quotient(
        game.as_ref(),
        max,
        game.heap_shape(),
        MAX_ORDER,
        &mut |_| {},
    )
    .unwrap();
    println!(
        "quotient of {} for heaps <= {max}: order {}, {:.3} s",
        game.spec(),
        q.order(),
        start.elapsed().as_secs_f64()
    );
    for _ in 0..positions {
        let position: Vec<u64> = (0..heaps)
            .map(|_| {
                // xorshift64
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                1 + seed % max
            })
            .collect();
        let mut times = Vec::new();
        let mut from_quotient = false;
        for _ in 0..1001 {
            let t = Instant::now();
            from_quotient = std::hint::black_box(q.is_p_position(&position).unwrap());
            times.push(t.elapsed().as_secs_f64());
        }
        times.sort_by(f64::total_cmp);
        let t = Instant::now();
        let mut definition = Definition::new(game.as_ref());
        let truth = definition.is_p(&position).unwrap();
        let brute = t.elapsed().as_secs_f64();
        assert_eq!(from_quotient, truth, "{position:?}");
        println!(
            "{position:?}: {} | quotient {:.2} us (median of 1001) | definition {:.3} s ({} positions) | ratio {:.0}",
            if truth { "P" } else { "N" },
            times[500] * 1e6,
            brute,
            definition.len(),
            brute / times[500]
        );
    }
}
