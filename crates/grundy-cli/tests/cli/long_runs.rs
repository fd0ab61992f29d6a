//! Runs that neither answered nor refused (issue 50, items 10-15): each is now refused at once
//! from a count made before any work, with the limit named, or answered; positions just
//! inside the limits are answered, and their values checked against a plain recursion over the
//! rules written here.

use std::collections::HashMap;
use std::hash::Hash;

use crate::common::{self, fails_at_once};

/// `G-`, the misère Grundy value (a position with no option is worth 1), of `position` by the
/// definition, the options given by `options`.
fn g_minus<K: Hash + Eq + Clone>(
    position: &K,
    options: &dyn Fn(&K) -> Vec<K>,
    memo: &mut HashMap<K, u64>,
) -> u64 {
    if let Some(&v) = memo.get(position) {
        return v;
    }
    let seen: Vec<u64> = options(position)
        .iter()
        .map(|o| g_minus(o, options, memo))
        .collect();
    let v = match seen.is_empty() {
        true => 1,
        false => (0..).find(|v| !seen.contains(v)).unwrap(),
    };
    memo.insert(position.clone(), v);
    v
}

/// The options of a set of heads of Mock Turtles (turn one, two or three coins from coin 0,
/// the rightmost from heads to tails).
fn mock_turtles(set: &u32) -> Vec<u32> {
    let mut out = Vec::new();
    for top in (0..32).filter(|t| set >> t & 1 == 1) {
        let off = set & !(1 << top);
        out.push(off);
        for m in 0..top {
            out.push(off ^ 1 << m);
            out.extend((0..m).map(|l| off ^ 1 << m ^ 1 << l));
        }
    }
    out
}

/// The value `grundy value ... --misere --json` gives.
fn misere_value(game: &str, position: &str) -> u64 {
    common::json(&["value", game, position, "--misere"])["value"]
        .as_u64()
        .expect("a value")
}

#[test]
fn misere_canonical_forms_of_coin_games_are_refused_before_exploring() {
    for (game, position) in [
        ("mock-turtles", "25"),
        ("ruler", "28"),
        ("tartan:rulerxmock-turtles", "4:10"),
    ] {
        fails_at_once(
            &["value", game, position, "--misere", "--canonical"],
            "counted before exploring",
        );
    }
    // Inside: Mock Turtles with one head at 9, G- by the definition.
    let answer = common::json(&["value", "mock-turtles", "9", "--misere", "--canonical"]);
    let expected = g_minus(&(1u32 << 9), &mock_turtles, &mut HashMap::new());
    assert_eq!(answer["canonical"]["misere_value"], expected);
}

/// Whether `heaps` of Nim is a misère P-position, by Bouton's misère rule (Winning Ways ch. 13):
/// with a heap of two or more, exactly when the nim-sum is 0; otherwise exactly when an odd
/// number of heaps hold one counter.
fn bouton_misere_p(heaps: &[u64]) -> bool {
    match heaps.iter().any(|&h| h >= 2) {
        true => heaps.iter().fold(0, |x, &h| x ^ h) == 0,
        false => heaps.iter().filter(|&&h| h == 1).count() % 2 == 1,
    }
}

#[test]
fn misere_nim_moves_come_from_bouton_s_rule_past_the_search() {
    let answer = common::json(&["moves", "nim", "27,2172", "--misere"]);
    let moves = answer["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 27 + 2172);
    for m in moves {
        let to: Vec<u64> = m["to"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_u64().unwrap())
            .collect();
        assert_eq!(m["winning"], bouton_misere_p(&to), "{to:?}");
    }
    let winning: Vec<&serde_json::Value> = moves.iter().filter(|m| m["winning"] == true).collect();
    assert_eq!(winning.len(), 1);
    assert_eq!(winning[0]["to"], serde_json::json!([27, 27]));
    // Against a brute force where it can run: every move of 3,4,6 and of 1,1,5.
    let mut memo = HashMap::new();
    let options = |heaps: &Vec<u64>| -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for i in 0..heaps.len() {
            for smaller in 0..heaps[i] {
                let mut next = heaps.clone();
                next[i] = smaller;
                out.push(next);
            }
        }
        out
    };
    for position in ["3,4,6", "1,1,5"] {
        for m in common::json(&["moves", "nim", position, "--misere"])["moves"]
            .as_array()
            .unwrap()
        {
            let to: Vec<u64> = serde_json::from_value(m["to"].clone()).unwrap();
            assert_eq!(m["winning"], g_minus(&to, &options, &mut memo) == 0);
        }
    }
    // Play: the computer's first move is the winning one, at once.
    let played = common::with_input(
        &["play", "nim", "27,2172", "--misere", "--computer-first"],
        "quit\n",
    );
    assert!(played.contains("-> 27,27"), "{played}");
}

#[test]
fn misere_boards_are_refused_or_answered() {
    // More positions below than the search stores, counted from disjoint windows of cells.
    for board in ["cram:5x6", "cram:6x6"] {
        fails_at_once(&["value", board, "--misere"], "5000000");
    }
    // Cram 4 x 4 (5700 positions below): answered, G- by the definition over cell sets.
    let dominoes: Vec<u32> = (0..16)
        .flat_map(|i: u32| {
            let right = (i % 4 < 3).then(|| 1 << i | 1 << (i + 1));
            let down = (i < 12).then(|| 1 << i | 1 << (i + 4));
            right.into_iter().chain(down)
        })
        .collect();
    let options = |cells: &u32| -> Vec<u32> {
        dominoes
            .iter()
            .filter(|&&d| cells & d == d)
            .map(|d| cells & !d)
            .collect()
    };
    let expected = g_minus(&0xffffu32, &options, &mut HashMap::new());
    assert_eq!(misere_value("cram:4x4", "..../..../..../...."), expected);
    // Chomp: every option of the 5 x 6 bar, valued by the dense table with misère play's base
    // case, against the definition (the poisoned square is never taken).
    let bites = |heights: &Vec<u64>| -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for column in 0..heights.len() {
            for row in 0..heights[column] {
                if (column, row) != (0, 0) {
                    out.push(
                        heights
                            .iter()
                            .enumerate()
                            .map(|(k, &h)| if k >= column { h.min(row) } else { h })
                            .collect(),
                    );
                }
            }
        }
        out
    };
    let mut memo = HashMap::new();
    let answer = common::json(&["moves", "chomp:5x6", "--misere"]);
    for m in answer["moves"].as_array().unwrap() {
        let to: Vec<u64> = serde_json::from_value(m["to"].clone()).unwrap();
        assert_eq!(m["value"], g_minus(&to, &bites, &mut memo), "{to:?}");
    }
    // The bar: answered from the table.
    let answer = common::json(&["value", "chomp:11x11", "--misere"]);
    assert!(answer["value"].is_u64(), "{answer}");
}

#[test]
fn misere_searches_and_explorations_are_counted_before_they_start() {
    fails_at_once(&["value", "mock-turtles", "18", "--misere"], "100000000");
    fails_at_once(
        &["value", "node-kayles:graph=path:40", "--misere"],
        "5000000",
    );
    fails_at_once(&["generations", "ruler", "22"], "moves lie below");
    fails_at_once(
        &["remoteness", "arc-kayles:graph=cycle:128"],
        "positions are reachable",
    );
    fails_at_once(&["remoteness", "euclid", "13657,2^31-1"], "moves lie below");
    // Inside: Mock Turtles with a head at 8, Node-Kayles on a path of 12, by the definition.
    let expected = g_minus(&(1u32 << 8), &mock_turtles, &mut HashMap::new());
    assert_eq!(misere_value("mock-turtles", "8"), expected);
    let path = |set: &u32| -> Vec<u32> {
        (0..12)
            .filter(|v| set >> v & 1 == 1)
            .map(|v| set & !(0b111 << v >> 1))
            .collect()
    };
    let expected = g_minus(&0xfffu32, &path, &mut HashMap::new());
    let all: Vec<String> = (0..12).map(|v| v.to_string()).collect();
    assert_eq!(
        misere_value("node-kayles:graph=path:12", &all.join(",")),
        expected
    );
    assert!(common::stdout(&["generations", "ruler", "8"]).contains("ruler"));
}

#[test]
fn sequences_along_a_size_check_every_size_first() {
    fails_at_once(
        &["seq", "cram:3x_", "--from", "14", "--to", "43"],
        "--to 42",
    );
    fails_at_once(
        &["seq", "chomp:_x5", "--from", "7", "--to", "2^64-1"],
        "--to 121",
    );
}

#[test]
fn an_analysis_of_many_distinct_values_is_bounded() {
    // Turning Turtles: coin n is worth n, so 10^5 distinct values and as many records.
    let output = common::stdout(&[
        "seq",
        "turning-turtles",
        "--to",
        "10^5",
        "--analyze",
        "--json",
    ]);
    assert!(output.len() < 2_000_000, "{} bytes", output.len());
    let answer: serde_json::Value = serde_json::from_str(&output).unwrap();
    let analysis = &answer["analysis"];
    assert_eq!(analysis["all_values_listed"], false);
    assert_eq!(analysis["records_total"], 100_000);
    let counts = analysis["counts"].as_array().unwrap();
    assert_eq!(counts.len(), 1024);
    for (i, c) in counts.iter().enumerate() {
        assert_eq!(c["value"], i as u64 + 1);
        assert_eq!(c["count"], 1);
    }
    assert_eq!(analysis["gaps"].as_array().unwrap().len(), 1024);
    assert_eq!(analysis["records"].as_array().unwrap().len(), 1024);
    assert_eq!(answer["values"].as_array().unwrap().len(), 100_000);
}
