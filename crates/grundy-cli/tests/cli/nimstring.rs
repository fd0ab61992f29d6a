//! Nimstring and Dots-and-Boxes (issue 51): values with loony, winning moves, sums and play,
//! against the values Berlekamp's book states (p. 50, through Medworth's account) and the rules.

use crate::common;
use common::{fails, fails_at_once, json, stdout, with_input};

/// Berlekamp, The Dots-and-Boxes Game, p. 50: the 2 x 2 square with its top and left sides
/// drawn has value 2; drawing the middle line of its bottom row gives 3.
const SQUARE: &str = "+-+-+/|o.o./+.+.+/|o.o./+.+.+";

#[test]
fn the_square_of_berlekamps_figure_has_value_2() {
    let answer = json(&["value", "dots:2x2", SQUARE]);
    assert_eq!(answer["value"], 2);
    assert_eq!(answer["outcome"], "N");
    assert_eq!(answer["position"], SQUARE);
    let moves = json(&["moves", "dots:2x2", SQUARE]);
    let after = moves["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["to"] == "+-+-+/|o.o./+.+.+/|o|o./+.+.+")
        .unwrap();
    assert_eq!(after["value"], 3);
    // Value 2: the winning moves are those to 0.
    for m in moves["moves"].as_array().unwrap() {
        assert_eq!(m["winning"], m["value"] == 0, "{m}");
    }
}

#[test]
fn a_loony_position_is_loony_in_json_and_text() {
    // A long chain opened at one end (Medworth: opening a long chain is a loony move).
    let spec = "nimstring:strings=0-a,a-b,b-c,c-0";
    let answer = json(&["value", spec, "1,2,3"]);
    assert_eq!(answer["value"], "loony");
    assert_eq!(answer["loony"], true);
    assert_eq!(answer["outcome"], "N");
    let text = stdout(&["value", spec, "1,2,3"]);
    assert!(text.starts_with("loony\n"), "{text}");
    // The long chain itself: every move loony, value 0, no winning move.
    let moves = json(&["moves", spec]);
    assert_eq!(moves["winning"], 0);
    for m in moves["moves"].as_array().unwrap() {
        assert_eq!(m["value"], "loony", "{m}");
    }
}

#[test]
fn moves_from_a_file_picture_say_who_moves_again() {
    let dir = std::env::temp_dir().join(format!("grundy-nimstring-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("chain.txt");
    // A 2-chain on the ground at both ends, its first string cut: the half-hearted handout,
    // loony; then the same with the middle string cut (hard-hearted): 0.
    std::fs::write(&file, "# a 2-chain\n0 a\na b\nb 0\n").unwrap();
    let spec = format!("nimstring:file={}", file.display());
    let moves = json(&["moves", &spec]);
    let listed = moves["moves"].as_array().unwrap();
    assert_eq!(listed.len(), 3);
    // The 2-chain has value 1: the hard-hearted handout (the middle string) wins.
    let winning: Vec<&serde_json::Value> = listed.iter().filter(|m| m["winning"] == true).collect();
    assert_eq!(winning.len(), 1);
    assert_eq!(winning[0]["to"], "0,2");
    assert_eq!(winning[0]["value"], 0);
    assert_eq!(listed[0]["value"], "loony");
    // From the half-hearted handout (alone): taking coin a moves again into coin b alone
    // (value 0), whose capture ends the game with the same player to move: it loses. The
    // double-dealing move (string 2, b to the ground) declines both coins and wins.
    let moves = json(&["moves", &spec, "1,2"]);
    let take = &moves["moves"][0];
    assert_eq!(take["again"], true, "{take}");
    assert_eq!(take["value"], 0, "{take}");
    assert_eq!(take["winning"], false, "{take}");
    let decline = &moves["moves"][1];
    assert_eq!(decline["to"], "1", "{decline}");
    assert_eq!(decline["winning"], true, "{decline}");
    let text = stdout(&["moves", &spec, "1,2"]);
    assert!(text.contains("coin a is cut free: move again"), "{text}");
}

#[test]
fn a_loony_part_makes_any_sum_a_win() {
    let spec = "nimstring:strings=0-a,a-b,b-c,c-0";
    for heap in ["0", "1", "5"] {
        let answer = json(&["sum", spec, "1,2,3", "nim", heap]);
        assert_eq!(answer["value"], "loony", "nim {heap}");
        assert_eq!(answer["outcome"], "N");
        assert!(!answer["winning_moves"].as_array().unwrap().is_empty());
    }
    // Beside Nim 0 the double-dealing move wins: it declines the last two coins and leaves
    // the isolated pair for the opponent (value 0). Beside Nim 5 the player takes everything
    // and moves first.
    let zero = json(&["sum", spec, "1,2,3", "nim", "0"]);
    assert!(zero["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m["to"] == "1,2" && m["value"] == 0));
    // Nimbers add: the 2x2 square (2) beside Nim 2 is a P-position.
    let answer = json(&["sum", "dots:2x2", SQUARE, "nim", "2"]);
    assert_eq!(answer["value"], 0);
    assert_eq!(answer["outcome"], "P");
}

#[test]
fn boards_vary_by_size_and_refuse_templates() {
    // One box: four strings to the ground, value 1 (four moves, the last completes the box and
    // its player must move again: the first player wins).
    let seq = json(&["seq", "dots:1x_", "--from", "1", "--to", "3"]);
    assert_eq!(seq["values"][0], 1);
    fails(
        &["seq", "dots:2x2", "_,0", "--to", "3"],
        "vary the board's size",
    );
}

#[test]
fn refusals_name_the_limit() {
    fails(
        &["value", "nimstring:strings=0-1,1-1"],
        "joins a vertex to itself",
    );
    fails(
        &["value", "nimstring:strings=0-0"],
        "joins a vertex to itself",
    );
    fails(&["value", "dots:8x8"], "at most 128 lines");
    fails_at_once(&["value", "dots:3x4"], "at most 24 strings");
    fails(
        &["value", "dots:1x2", "+.+.+/.o.o."],
        "2 rows of text, where a board of 1x2 boxes has 3",
    );
    fails(&["remoteness", "dots:1x2"], "moves again");
    fails(&["value", "dots:1x2", "--misere"], "moves again");
}

#[test]
fn play_lets_the_player_who_completes_a_box_move_again() {
    // One box with three sides drawn: the computer, first, must complete it, then move again
    // with nothing left: it loses.
    let text = with_input(
        &["play", "dots:1x1", "+-+/|o./+-+", "--computer-first"],
        "quit\n",
    );
    assert!(text.contains("the computer moves again"), "{text}");
    assert!(text.contains("you win"), "{text}");
}
