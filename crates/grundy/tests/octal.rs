//! Heap games (octal, hexadecimal, Grundy's game): the engine against the rule as written, and
//! against sequences published by others (each expected sequence is typed from its source, named
//! beside it; none comes from this program).
//!
//! The exhaustive comparison over every octal code of up to four digits is `#[ignore]`d (it is
//! long in a debug build); run it with
//! `cargo test --release -p grundy --test octal -- --ignored`.

use grundy::games::octal::code::{Base, Rules};
use grundy::games::octal::engine::{definition, Engine, Run};
use grundy::games::octal::theory::all_codes;
use proptest::prelude::*;

fn values(rules: &Rules, len: usize) -> Vec<u32> {
    let mut engine = Engine::new(rules.clone());
    engine
        .extend(len as u64, &Run::default(), &mut |_| {})
        .unwrap();
    (0..len as u64).map(|n| engine.get(n)).collect()
}

fn octal(code: &str) -> Rules {
    Rules::parse(code, Base::Octal).unwrap()
}

/// OEIS A002186, Sprague-Grundy values for the game of Kayles (octal games .77 and .771),
/// offset 0: the terms shown on the entry (n = 0..104), from Guy and Smith (1956).
const A002186: [u32; 105] = [
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2,
    1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8,
    1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7,
    4, 1, 2, 8, 1, 4, 7, 2, 1,
];

/// OEIS A002187, Sprague-Grundy values for Dawson's Chess (octal game .137), offset 0: the terms
/// shown on the entry (n = 0..131). The entry notes that .07 (Dawson's Kayles) has values a(n-1).
const A002187: [u32; 132] = [
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2,
    7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
    5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1,
    0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2,
    1, 1, 0, 4,
];

/// OEIS A002188, Sprague-Grundy values for Grundy's game, offset 0: the terms shown on the entry
/// (n = 0..104).
const A002188: [u32; 105] = [
    0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1,
    2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2,
    4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3,
    5, 2, 3, 5, 2, 3, 5, 2, 3,
];

/// OEIS A071464, Sprague-Grundy values for octal games .127 and .1271, offset 1 (a(1) = G(1)):
/// the terms shown on the entry (n = 1..87). Its comment, after Gangolli and Plambeck (1989):
/// period 4, last exception at n = 46577.
const A071464: [u32; 87] = [
    1, 0, 2, 2, 1, 0, 4, 4, 1, 2, 2, 0, 1, 4, 4, 6, 1, 7, 7, 0, 1, 2, 2, 6, 1, 4, 4, 8, 1, 2, 7, 8,
    1, 0, 7, 2, 6, 8, 1, 4, 9, 8, 1, 2, 6, 0, 1, 4, 6, 2, 1, 8, 9, 0, 1, 6, 2, 2, 7, 0, 1, 8, 3, 2,
    1, 4, 4, 8, 9, 2, 7, 8, 1, 0, 9, 2, 2, 6, 4, 4, 1, 8, 3, 2, 1, 0, 4,
];

/// OEIS A071074, Double Kayles (octal game .7777), offset 0: the terms shown on the entry
/// (n = 0..89).
const A071074: [u32; 90] = [
    0, 1, 2, 3, 4, 5, 6, 7, 3, 2, 8, 9, 7, 6, 5, 4, 3, 2, 8, 9, 4, 5, 12, 13, 9, 8, 2, 3, 4, 5, 15,
    14, 3, 2, 8, 9, 7, 6, 5, 4, 3, 2, 8, 9, 13, 12, 15, 14, 9, 8, 2, 3, 4, 5, 16, 17, 10, 11, 8, 9,
    14, 15, 5, 4, 3, 2, 16, 17, 13, 12, 15, 14, 9, 8, 2, 3, 4, 5, 6, 7, 3, 2, 8, 9, 14, 15, 5, 4,
    3, 2,
];

/// OEIS A071436, Sprague-Grundy values for octal games .560-.563, offset 1: the terms shown on
/// the entry (n = 1..92). Its comment, after Gangolli and Plambeck (1989): period 144, last
/// exception at n = 326637.
const A071436: [u32; 92] = [
    1, 0, 2, 2, 4, 1, 1, 3, 2, 4, 4, 6, 6, 2, 1, 1, 7, 6, 8, 4, 1, 1, 6, 5, 4, 8, 1, 1, 12, 4, 5,
    6, 1, 1, 3, 12, 6, 6, 8, 9, 2, 11, 6, 6, 4, 2, 1, 1, 12, 13, 4, 10, 8, 1, 12, 12, 5, 11, 1, 16,
    2, 2, 12, 6, 1, 1, 2, 13, 12, 6, 6, 8, 1, 1, 7, 6, 11, 4, 16, 16, 6, 5, 5, 19, 1, 1, 12, 4, 14,
    16, 1, 1,
];

/// OEIS A071509, Sprague-Grundy values for octal games .1777 and .17771, offset 1: the terms
/// shown on the entry (n = 1..85).
const A071509: [u32; 85] = [
    1, 1, 2, 2, 3, 4, 1, 1, 6, 6, 3, 2, 2, 1, 1, 6, 6, 8, 4, 4, 5, 10, 1, 1, 8, 3, 3, 4, 4, 7, 6,
    6, 8, 8, 4, 1, 1, 6, 7, 8, 4, 4, 5, 10, 8, 1, 1, 15, 5, 4, 4, 7, 6, 6, 1, 1, 4, 3, 3, 6, 1, 1,
    4, 4, 3, 8, 8, 1, 1, 10, 14, 8, 4, 13, 6, 6, 1, 1, 8, 3, 3, 13, 1, 1, 6,
];

#[test]
fn published_sequences() {
    assert_eq!(values(&octal("0.77"), 105), A002186, "Kayles, A002186");
    assert_eq!(
        values(&octal("0.137"), 132),
        A002187,
        "Dawson's Chess, A002187"
    );
    // Dawson's Kayles is A002187 shifted by one: G(n) = a(n - 1) for n >= 1.
    let dawson_kayles = values(&octal("0.07"), 133);
    assert_eq!(dawson_kayles[0], 0);
    assert_eq!(
        dawson_kayles[1..],
        A002187,
        "Dawson's Kayles, A002187 shifted"
    );
    assert_eq!(
        values(&Rules::grundy_game(), 105),
        A002188,
        "Grundy's game, A002188"
    );
    assert_eq!(values(&octal("0.127"), 88)[1..], A071464, "0.127, A071464");
    assert_eq!(
        values(&octal("0.7777"), 90),
        A071074,
        "Double Kayles, A071074"
    );
    assert_eq!(values(&octal("0.56"), 93)[1..], A071436, "0.56, A071436");
    assert_eq!(
        values(&octal("0.1777"), 86)[1..],
        A071509,
        "0.1777, A071509"
    );
}

#[test]
fn kayles_is_periodic_from_71_as_published() {
    // A002186: "From n=71 on, the sequence is periodic with period 12. The only exceptions are
    // n = 0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57 and 70."
    let g = values(&octal("0.77"), 2000);
    let periodic = |n: usize| g[71 + (n as isize - 71).rem_euclid(12) as usize];
    let exceptions: Vec<usize> = (0..2000).filter(|&n| g[n] != periodic(n)).collect();
    assert_eq!(
        exceptions,
        vec![0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57, 70]
    );
}

#[test]
fn every_code_of_up_to_two_digits_agrees_with_the_definition() {
    for rules in all_codes(2, Base::Octal) {
        assert_eq!(
            values(&rules, 301),
            definition(&rules, 301),
            "{}",
            rules.code()
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A seeded sample of octal codes of three and four digits (the exhaustive run is below).
    #[test]
    fn octal_codes_of_up_to_four_digits_agree_with_the_definition(
        head in prop::sample::select(vec![0u8, 4]),
        digits in prop::collection::vec(0u8..8, 3..=4),
    ) {
        let mut code = format!("{head}.");
        for d in &digits {
            code.push(char::from(b'0' + d));
        }
        let rules = octal(&code);
        prop_assert_eq!(values(&rules, 301), definition(&rules, 301), "{}", rules.code());
    }

    /// Hexadecimal codes (moves leaving up to three heaps) of up to three digits.
    #[test]
    fn hexadecimal_codes_agree_with_the_definition(
        head in prop::sample::select(vec![0u8, 4, 8, 12]),
        digits in prop::collection::vec(0u8..16, 1..=3),
    ) {
        let mut code = format!("{head:X}.");
        for d in &digits {
            code.push_str(&format!("{d:X}"));
        }
        let rules = Rules::parse(&code, Base::Hexadecimal).unwrap();
        prop_assert_eq!(values(&rules, 121), definition(&rules, 121), "{}", rules.code());
    }
}

/// Every octal code with up to four digits after the point (8190 codes, d0 = 0 or 4), n <= 300.
#[test]
#[ignore = "long in a debug build: cargo test --release -p grundy --test octal -- --ignored"]
fn every_code_of_up_to_four_digits_agrees_with_the_definition() {
    let codes = all_codes(4, Base::Octal);
    assert_eq!(codes.len(), 2 * (7 + 7 * 8 + 7 * 64 + 7 * 512));
    for rules in codes {
        assert_eq!(
            values(&rules, 301),
            definition(&rules, 301),
            "{}",
            rules.code()
        );
    }
}

#[test]
fn a_run_cut_in_pieces_gives_the_same_values() {
    // The engine grows on request: many small extensions equal one long one, across blocks.
    let rules = octal("0.165");
    let whole = values(&rules, 40_000);
    let mut engine = Engine::new(rules);
    let mut len = 0;
    while len < 40_000 {
        len = (len * 3 / 2 + 7).min(40_000);
        engine.extend(len, &Run::default(), &mut |_| {}).unwrap();
    }
    let pieces: Vec<u32> = (0..40_000).map(|n| engine.get(n)).collect();
    assert_eq!(pieces, whole);
}

#[test]
fn wide_valued_games_agree_with_the_definition_past_the_first_blocks() {
    // 0.007's values pass 255 (two-byte table, wide scans, targeted search); 4000 values cross
    // the first blocks and split choices.
    let rules = octal("0.007");
    let fast = values(&rules, 4000);
    assert!(fast.iter().any(|&v| v > 64));
    assert_eq!(fast, definition(&rules, 4000));
}
