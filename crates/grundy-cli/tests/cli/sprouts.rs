//! Sprouts: the commands on starts and on positions in Glop's notation, against the published
//! outcomes (Applegate, Jacobson and Sleator 1991: the first player wins from 3, 4, 5 spots and
//! loses from 1, 2 and 6; misère play: OEIS A164950) and the rules.

use crate::common;
use common::{fails, json, stdout, with_input};

#[test]
fn starts_have_the_published_outcomes() {
    // AJS 1991: the first player loses from 1 and 2 spots, wins from 3 and 4.
    for (spots, first_player_wins) in [("1", false), ("2", false), ("3", true), ("4", true)] {
        let answer = json(&["value", "sprouts", spots]);
        let outcome = if first_player_wins { "N" } else { "P" };
        assert_eq!(answer["outcome"], outcome, "{spots} spots");
        assert_eq!(answer["value"] != 0, first_player_wins, "{spots} spots");
    }
    // Glop's notation: two spots in one region is the start of 2 spots.
    let answer = json(&["value", "sprouts", "0.0.}]!"]);
    assert_eq!(answer["outcome"], "P");
    assert_eq!(answer["position"], "0.0.}]!");
    let text = stdout(&["value", "sprouts", "0.0.}]"]);
    assert!(text.contains("P-position"), "{text}");
}

#[test]
fn the_outcome_alone_is_the_published_one_without_a_value() {
    // AJS 1991: the first player loses from 1, 2 and 6 spots and wins from 3, 4 and 5.
    for (spots, outcome) in [
        ("1", "P"),
        ("2", "P"),
        ("3", "N"),
        ("4", "N"),
        ("5", "N"),
        ("6", "P"),
    ] {
        let answer = json(&["value", "sprouts", spots, "--outcome"]);
        assert_eq!(answer["outcome"], outcome, "{spots} spots");
        assert!(answer["value"].is_null(), "{spots} spots: {answer}");
        assert!(
            answer["method"].as_str().unwrap().contains("outcome alone"),
            "{answer}"
        );
    }
    let text = stdout(&["value", "sprouts", "5", "--outcome"]);
    assert!(text.starts_with("N\n"), "{text}");
    assert!(text.contains("N-position"), "{text}");
    // Boards: Cram 3x10 (odd by even: the first player wins by the central domino and the
    // half-turn symmetry, Winning Ways ch. 22) and 3x11 are searched, so their values are not
    // given (3x11's outcome is the one its whole value says); 2x4 (both sides even: the second
    // player wins by symmetry) has its value from the theorem anyway, and 5x5 (0 in Beling's
    // table) from the endgame table.
    let answer = json(&["value", "cram:3x10", "--outcome"]);
    assert_eq!(answer["outcome"], "N", "{answer}");
    assert!(answer["value"].is_null(), "{answer}");
    let whole = json(&["value", "cram:3x11"]);
    let answer = json(&["value", "cram:3x11", "--outcome"]);
    assert_eq!(answer["outcome"], whole["outcome"], "{answer}");
    assert!(answer["value"].is_null(), "{answer}");
    for (spec, method) in [("cram:2x4", "theorem"), ("cram:5x5", "endgame table")] {
        let answer = json(&["value", spec, "--outcome"]);
        assert_eq!(answer["outcome"], "P", "{answer}");
        assert_eq!(answer["value"], 0, "{answer}");
        assert!(
            answer["method"].as_str().unwrap().starts_with(method),
            "{answer}"
        );
    }
    // A game that is not searched gives its value anyway.
    let answer = json(&["value", "nim", "1,2,3", "--outcome"]);
    assert_eq!(answer["outcome"], "P");
    assert_eq!(answer["value"], 0);
    // --outcome is for the value as a whole, not for its canonical form.
    fails(
        &[
            "value",
            "nim",
            "1,2",
            "--misere",
            "--canonical",
            "--outcome",
        ],
        "cannot be used with",
    );
}

#[test]
fn misere_starts_have_the_published_outcomes() {
    // OEIS A164950: 1, 0, 0, 0, 1, 1, 0 for p = 1..7 (1: the first player wins). To 4 spots
    // (12 lives) the misère value G- comes with the outcome; beyond, the outcome alone.
    for (spots, first_player_wins) in [
        ("1", true),
        ("2", false),
        ("3", false),
        ("4", false),
        ("5", true),
        ("6", true),
        ("7", false),
    ] {
        let answer = json(&["value", "sprouts", spots, "--misere"]);
        let outcome = if first_player_wins { "N" } else { "P" };
        assert_eq!(answer["outcome"], outcome, "{spots} spots, misère");
        let small = spots.parse::<u32>().unwrap() <= 4;
        assert_eq!(answer["value"].is_u64(), small, "{spots} spots: {answer}");
    }
    // The winning moves from 5 spots (N) lead to misère P-positions, which the search
    // confirms one by one; a losing move leads to an N-position.
    let moves = json(&["moves", "sprouts", "5", "--misere"]);
    for m in moves["moves"].as_array().unwrap() {
        let to = m["to"].as_str().unwrap();
        let answer = json(&["value", "sprouts", to, "--misere"]);
        let expected = if m["winning"] == true { "P" } else { "N" };
        assert_eq!(answer["outcome"], expected, "{to}");
    }
    assert!(moves["moves"]
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m["winning"] == true));
    // Only outcomes are shown there, so the text does not speak of values; from 4 spots it
    // shows G-.
    let text = stdout(&["moves", "sprouts", "5", "--misere"]);
    assert!(text.trim_end().ends_with("under misère play"), "{text}");
    let text = stdout(&["moves", "sprouts", "4", "--misere"]);
    assert!(text.trim_end().ends_with("(values are G-)"), "{text}");
}

#[test]
fn moves_of_three_spots_are_the_three_drawings() {
    // On the sphere a first move from three spots is a loop around no other spot (the same as
    // around both), a loop around one, or a join of two spots: three options. Three spots are
    // an N-position (AJS), so at least one of them is winning.
    let answer = json(&["moves", "sprouts", "3"]);
    let moves = answer["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 3);
    let described: Vec<&str> = moves
        .iter()
        .map(|m| m["description"].as_str().unwrap())
        .collect();
    assert_eq!(
        described.iter().filter(|d| d.starts_with("loop")).count(),
        2
    );
    assert_eq!(
        described.iter().filter(|d| d.starts_with("join")).count(),
        1
    );
    assert!(moves.iter().any(|m| m["winning"] == true));
    // Every move's position reads back as the position it is.
    for m in moves {
        let to = m["to"].as_str().unwrap();
        assert_eq!(json(&["value", "sprouts", to])["position"], to);
    }
}

#[test]
fn a_sum_with_nim_is_the_xor() {
    // Two spots are a P-position (value 0), so the sum with a heap of 1 is worth 1.
    let answer = json(&["sum", "sprouts", "2", "nim", "1"]);
    assert_eq!(answer["value"], 1);
}

#[test]
fn seq_runs_over_the_number_of_spots() {
    let answer = json(&["seq", "sprouts", "--from", "1", "--to", "4"]);
    let values: Vec<u64> = answer["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    let wins: Vec<bool> = values.iter().map(|&v| v != 0).collect();
    // p = 1..4 (AJS 1991).
    assert_eq!(wins, [false, false, true, true]);
}

#[test]
fn play_offers_the_moves_and_a_hint() {
    let text = with_input(&["play", "sprouts", "4"], "hint\nquit\n");
    assert!(text.contains("position 0.0.0.0.}]!"), "{text}");
    assert!(text.contains("hint:"), "{text}");
    assert!(text.contains("P-position"), "{text}");
}

#[test]
fn malformed_positions_are_refused_in_one_line() {
    fails(&["value", "sprouts", "0.0.}]x"], "ends inside a boundary");
    fails(&["value", "sprouts", "100"], "at most 63");
    fails(&["value", "sprouts", "0.a.}]!"], "letter a appears once");
    fails(&["value", "sprouts", "3.}]!"], "character 1");
}
