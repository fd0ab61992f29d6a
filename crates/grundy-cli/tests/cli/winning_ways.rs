//! CLI tests for nim multiplication and the Nim variants of Winning Ways: Moore's Nim_k,
//! Lasker's Nim and Euclid's game. Expected values come from the mathematics (Conway's table,
//! the formulas and hand computations in the comments), not from the code's own output.

use crate::common;
use common::{fails, json, stdout, with_input};

#[test]
fn nim_products_are_conways() {
    // On Numbers and Games ch. 6, Winning Ways ch. 14: 2x2 = 3, 4x4 = 6, 8x8 = 13, 16x16 = 24;
    // 3x5 = (2+1)(4+1) = 8 + 2 + 4 + 1 = 15.
    for (a, b, p) in [
        (2, 2, 3),
        (4, 4, 6),
        (8, 8, 13),
        (16, 16, 24),
        (3, 5, 15),
        (0, 9, 0),
        (1, 9, 9),
    ] {
        let answer = json(&["nim-product", &a.to_string(), &b.to_string()]);
        assert_eq!(answer["value"], p, "{a} x {b}");
    }
    // A Fermat 2-power F = 2^32: F x F = 3F/2, and x x F = xF for x < F.
    assert_eq!(json(&["nim-product", "2^32", "2^32"])["value"], 3u64 << 31);
    assert_eq!(
        json(&["nim-product", "12345", "2^32"])["value"],
        12345u64 << 32
    );
    // 2 x 3 = 1: 3 is the inverse of 2 (2 x 3 = 2 x 2 + 2 = 3 XOR 2).
    assert_eq!(json(&["nim-product", "2", "3"])["value"], 1);
    let text = stdout(&["nim-product", "3", "5"]);
    assert!(text.starts_with("15\n"), "{text}");
    fails(&["nim-product", "2^64", "1"], "larger than 2^64-1");
    fails(&["nim-product", "1", "-3"], "");
}

#[test]
fn lasker_values_follow_the_formula() {
    // Winning Ways ch. 4: G(0..9) = 0, 1, 2, 4, 3, 5, 6, 8, 7, 9.
    let answer = json(&["seq", "lasker", "--to", "9"]);
    assert_eq!(
        answer["values"],
        serde_json::json!([0, 1, 2, 4, 3, 5, 6, 8, 7, 9])
    );
    // 3 + 7: 4 XOR 8 = 12; the winning move takes 7 down to the heap of value 4, the heap 3.
    let answer = json(&["value", "lasker", "3,7"]);
    assert_eq!(
        (answer["value"].as_u64(), answer["outcome"].as_str()),
        (Some(12), Some("N"))
    );
    assert!(answer["method"].as_str().unwrap().contains("Lasker"));
    let moves = json(&["moves", "lasker", "3,7", "--winning"]);
    let to: Vec<_> = moves["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["to"].clone())
        .collect();
    assert_eq!(to, [serde_json::json!([3, 3])]);
    // A heap of 4 * 10^18 + 3 has value 4 * 10^18 + 4.
    let answer = json(&["value", "lasker", "4000000000000000003"]);
    assert_eq!(answer["value"], 4_000_000_000_000_000_004u64);
    // Two equal heaps: a P-position, whatever their size.
    assert_eq!(json(&["value", "lasker", "10^18,10^18"])["outcome"], "P");
    // Its many moves are not listed; the formula's winning take is.
    let moves = json(&["moves", "lasker", "10^18,5"]);
    assert_eq!(moves["complete"], false);
}

#[test]
fn moore_outcomes_follow_moores_theorem() {
    // k = 2: (1, 1) has options (0, 1), (1, 0) of value 1 and (0, 0) of value 0: value 2.
    assert_eq!(json(&["value", "moore:k=2", "1,1"])["value"], 2);
    // One pile is Nim: value 5.
    assert_eq!(json(&["value", "moore:k=2", "5"])["value"], 5);
    // 1,2,3: bit columns 2^0 and 2^1 each hold two ones, not a multiple of 3: N. 1,1,1: three.
    assert_eq!(json(&["value", "moore:k=2", "1,2,3"])["outcome"], "N");
    assert_eq!(json(&["value", "moore:k=2", "1,1,1"])["value"], 0);
    // k = 1 is Nim: 3 XOR 5 XOR 6 = 0.
    assert_eq!(json(&["value", "moore:k=1", "3,5,6"])["value"], 0);
    // Huge piles: three equal piles are a P-position (every column 0 or 3 ones).
    let p = "4611686018427387911,4611686018427387911,4611686018427387911";
    let answer = json(&["value", "moore:k=2", p]);
    assert_eq!(
        (answer["value"].as_u64(), answer["outcome"].as_str()),
        (Some(0), Some("P"))
    );
    let n = "4611686018427387911,4611686018427387911,4611686018427387910";
    let answer = json(&["value", "moore:k=2", n]);
    assert!(answer["value"].is_null());
    assert_eq!(answer["outcome"], "N");
    // The winning move from there: take 1 from pile 1 and 1 from pile 2 (column 2^0: 2 ones
    // outside S with k = 2 -> both drop), leaving three equal piles.
    let moves = json(&["moves", "moore:k=2", n]);
    assert_eq!(moves["complete"], false);
    let m = &moves["moves"][0];
    assert_eq!(
        m["to"],
        serde_json::json!([
            4611686018427387910u64,
            4611686018427387910u64,
            4611686018427387910u64
        ])
    );
    fails(&["value", "moore:k=0", "1,2"], "at least 1");
    fails(&["value", "moore", "1,2"], "k=K");
}

#[test]
fn euclid_values_and_outcomes() {
    // Hand computations: (2, 1) -> options (1, 1) [value 1] and (0, 1) [0]: 2. (3, 2) -> only
    // (1, 2), of value 2: 0. (5, 2) -> (3, 2) [0] and (1, 2) [2]: 1. A 0 ends the game.
    for (position, value) in [("2,1", 2), ("3,2", 0), ("5,2", 1), ("0,7", 0), ("4,4", 1)] {
        assert_eq!(
            json(&["value", "euclid", position])["value"],
            value,
            "{position}"
        );
    }
    // Cole and Davie: a > b is a P-position exactly when a / b < phi (and a != b).
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    let table = json(&["table", "euclid", "_,_", "--max", "30"]);
    for cell in table["cells"].as_array().unwrap() {
        let (a, b) = (
            cell["position"][0].as_u64().unwrap(),
            cell["position"][1].as_u64().unwrap(),
        );
        let (big, small) = (a.max(b) as f64, a.min(b) as f64);
        let p = small == 0.0 || (big != small && big / small < phi);
        assert_eq!(cell["value"] == 0, p, "({a}, {b})");
    }
    // Consecutive Fibonacci numbers F(92), F(91): every quotient 1, a ratio below phi.
    let answer = json(&["value", "euclid", "7540113804746346429,4660046610375530309"]);
    assert_eq!(
        (answer["value"].as_u64(), answer["outcome"].as_str()),
        (Some(0), Some("P"))
    );
    // (2^63, 3): too many moves to list; the one winning move comes from the recursion.
    let moves = json(&["moves", "euclid", "2^63,3"]);
    assert_eq!(moves["complete"], false);
    assert_eq!(moves["moves"].as_array().unwrap().len(), 1);
}

#[test]
fn sums_mix_the_families() {
    // lasker 3 (4) + euclid 5,2 (1) + moore:k=2 1,1 (2) = 4 XOR 1 XOR 2 = 7.
    let answer = json(&["sum", "lasker", "3", "euclid", "5,2", "moore:k=2", "1,1"]);
    assert_eq!(answer["value"], 7);
    assert_eq!(answer["outcome"], "N");
}

#[test]
fn claims_hold() {
    for args in [
        vec!["verify", "nim-product-field", "--to", "63"],
        vec!["verify", "moore-theorem", "--k", "2", "--to", "7"],
        vec![
            "verify",
            "moore-theorem",
            "--k",
            "3",
            "--piles",
            "4",
            "--to",
            "4",
        ],
        vec!["verify", "lasker-formula", "--to", "2000"],
        vec!["verify", "euclid-outcomes", "--to", "200"],
        vec!["verify", "euclid-recursion", "--to", "200"],
    ] {
        let answer = json(&args);
        assert_eq!(answer["status"], "holds", "{args:?}: {answer}");
    }
    fails(&["verify", "nim-product-field", "--to", "256"], "255");
}

#[test]
fn the_families_are_listed_and_played() {
    let games = stdout(&["games"]);
    for name in ["moore:k=2", "lasker", "euclid"] {
        assert!(
            games.lines().any(|l| l.starts_with(name)),
            "{name}: {games}"
        );
    }
    // Euclid from (2, 1), the computer first: it takes 2 to 0 and wins.
    let out = with_input(&["play", "euclid", "2,1", "--computer-first"], "");
    assert!(out.contains("leaving 0"), "{out}");
}

/// The console examples of docs/src/winning-ways.md print what the chapter shows (trycmd, as
/// `readme.rs` runs README.md; `TRYCMD=overwrite` writes the new outputs into the chapter).
#[test]
fn the_chapter_examples_run() {
    let chapter =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/src/winning-ways.md");
    trycmd::TestCases::new()
        .register_bin("grundy", std::path::Path::new(env!("CARGO_BIN_EXE_grundy")))
        .timeout(std::time::Duration::from_secs(120))
        .case(&chapter)
        .run();
}
