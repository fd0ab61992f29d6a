//! Coin-turning games (Winning Ways ch. 14): values against the published sequences and Nim,
//! winning moves, positions of any size, and refusals.

use crate::common;
use common::{fails, json, stdout};

#[test]
fn one_head_values_are_the_published_sequences() {
    // Odious numbers, OEIS A000069: 1, 2, 4, 7, 8, 11, 13, 14 (Mock Turtles, coins from 0).
    let mock = json(&["seq", "mock-turtles", "_", "--from", "0", "--to", "7"]);
    assert_eq!(
        mock["values"],
        serde_json::json!([1, 2, 4, 7, 8, 11, 13, 14])
    );
    // The ruler function, OEIS A006519: 1, 2, 1, 4, 1, 2, 1, 8.
    let ruler = json(&["seq", "ruler", "_", "--from", "1", "--to", "8"]);
    assert_eq!(ruler["values"], serde_json::json!([1, 2, 1, 4, 1, 2, 1, 8]));
}

#[test]
fn positions_are_nim_sums_of_their_heads() {
    // Turning Turtles is Nim: 3 xor 5 xor 6 = 0.
    assert_eq!(json(&["value", "turning-turtles", "3,5,6"])["value"], 0);
    // Mock Turtles: coins 1 and 2 are worth 2 and 4.
    assert_eq!(json(&["value", "mock-turtles", "1,2"])["value"], 6);
    // Ruler: 6 and 12 are worth 2 and 4; 2^60 is worth itself.
    assert_eq!(json(&["value", "ruler", "6,12"])["value"], 6);
    assert_eq!(
        json(&["value", "ruler", "2^60"])["value"],
        serde_json::json!(1u64 << 60)
    );
    // Mock Turtles's coin 10^18 is worth 2 * 10^18 or one more, whichever is odious.
    let v = json(&["value", "mock-turtles", "10^18"])["value"]
        .as_u64()
        .unwrap();
    assert!(
        v / 2 == 1_000_000_000_000_000_000 && v.count_ones() % 2 == 1,
        "{v}"
    );
    let text = stdout(&["value", "mock-turtles", "1,2"]);
    assert!(text.contains("odious"), "{text}");
}

#[test]
fn the_winning_move_of_turning_turtles_is_nims() {
    // Heads 3 and 5 (Nim sum 6): the only move to 0 turns both coins over.
    let answer = json(&["moves", "turning-turtles", "3,5"]);
    let winning: Vec<&serde_json::Value> = answer["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["winning"] == true)
        .collect();
    assert_eq!(winning.len(), 1);
    assert_eq!(winning[0]["description"], "turn coins 3, 5");
}

#[test]
fn misere_play_searches_the_positions() {
    // Misère Turning Turtles with heads 1 and 2: turning coin 2 alone leaves coin 1, which the
    // opponent must turn last: the player to move wins.
    let answer = json(&["value", "turning-turtles", "1,2", "--misere"]);
    assert_eq!(answer["outcome"], "N");
}

#[test]
fn bad_positions_are_refused() {
    fails(&["value", "ruler", "0"], "numbered from 1");
    fails(&["value", "mock-turtles", "3,3"], "listed twice");
    fails(&["moves", "turning-turtles", "10^18"], "moves");
    fails(&["value", "mock-turtles", "2^63"], "fits 64 bits");
}
