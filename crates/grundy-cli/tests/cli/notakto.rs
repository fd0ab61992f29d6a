//! X-only tic-tac-toe and Notakto: the commands against Plambeck and Whitehead ("The Secrets of
//! Notakto", arXiv:1301.1672: one empty board is won by the first player, by the centre only;
//! the quotient of 3x3 boards has 18 elements, 4 of them P) and against a plain recursion over
//! whole positions written here.

use crate::common;
use common::{fails, json};

use std::collections::HashMap;

const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

/// Whether a board has three in a row.
fn dead(board: u16) -> bool {
    for line in LINES {
        if board & line == line {
            return true;
        }
    }
    false
}

/// Boards as rows (`x../.x./...`) into 9-bit masks.
fn boards(text: &str) -> Vec<u16> {
    text.split(',')
        .map(|b| {
            b.chars()
                .filter(|&c| c != '/')
                .enumerate()
                .fold(0, |m, (i, c)| if c == 'x' { m | 1 << i } else { m })
        })
        .collect()
}

/// Whether the player to move wins misère play of the boards (a dead board is out of play).
fn wins(boards: &[u16], memo: &mut HashMap<Vec<u16>, bool>) -> bool {
    let mut key: Vec<u16> = boards.iter().copied().filter(|&b| !dead(b)).collect();
    key.sort_unstable();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut win = key.is_empty();
    'moves: for i in 0..key.len() {
        for cell in 0..9 {
            if key[i] >> cell & 1 == 0 {
                let mut next = key.clone();
                next[i] |= 1 << cell;
                if !wins(&next, memo) {
                    win = true;
                    break 'moves;
                }
            }
        }
    }
    memo.insert(key, win);
    win
}

#[test]
fn one_board_is_won_by_the_centre_and_two_are_lost() {
    // The paper's introduction: the first player wins one board by the centre, and only so.
    let one = json(&["value", "notakto", "1"]);
    assert_eq!(one["outcome"], "N");
    assert_eq!(one["game"], "notakto");
    let moves = json(&["moves", "notakto", "1"]);
    let winning: Vec<&serde_json::Value> = moves["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["winning"] == true)
        .collect();
    assert_eq!(winning.len(), 1);
    assert_eq!(winning[0]["to"], ".../.x./...");
    // Two boards: c^2 is in the P-portion.
    assert_eq!(json(&["value", "notakto", "2"])["outcome"], "P");
    // Normal play of the same boards: two equal boards cancel.
    assert_eq!(json(&["value", "xonly", "2"])["value"], 0);
}

#[test]
fn the_quotient_has_18_elements_and_4_p_elements() {
    let q = json(&["quotient", "notakto"]);
    assert_eq!(q["order"], 18);
    assert_eq!(q["p_count"], 4);
    assert_eq!(q["p_portion"].as_array().unwrap().len(), 4);
    // The same with xonly under misère play.
    let q = json(&["quotient", "xonly:n=3", "--misere"]);
    assert_eq!(q["order"], 18);
}

#[test]
fn the_quotients_winning_moves_are_the_moves_to_p_positions_of_the_recursion() {
    let mut memo = HashMap::new();
    for position in [
        "xx./.../...,.x./.../...",
        "3",
        ".../.x./...,x.x/.../...,x../..x/...",
        "x../.x./...,.../.../...",
    ] {
        let q = json(&["quotient", "notakto", "--position", position]);
        let answer = &q["positions"][0];
        let shown = answer["position"].as_str().unwrap();
        let p = !wins(&boards(shown), &mut memo);
        assert_eq!(answer["outcome"], if p { "P" } else { "N" }, "{position}");
        // Every move, with the recursion's outcome of where it goes.
        let moves = json(&["moves", "notakto", shown]);
        let mut expected: Vec<String> = moves["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["to"].as_str().unwrap().to_string())
            .filter(|to| !wins(&boards(to), &mut memo))
            .collect();
        let mut listed: Vec<String> = answer["winning_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["to"].as_str().unwrap().to_string())
            .collect();
        expected.sort();
        listed.sort();
        assert_eq!(listed, expected, "{position}");
    }
}

#[test]
fn many_boards_are_answered_from_the_quotient() {
    // Six empty boards: c^6 = (c^2)^3 = c^2 in the paper's quotient (c^2 c^2 = c^4 = c c^3 =
    // a c^3 = a a c^2 = c^2), a P-position.
    let six = json(&["value", "notakto", "6"]);
    assert_eq!(six["outcome"], "P");
    assert!(six["method"].as_str().unwrap().contains("quotient"));
}

#[test]
fn bad_input_is_one_error_line() {
    fails(&["value", "xonly:n=5", "1"], "side 1 to 4");
    fails(
        &["value", "notakto", "1", "--misere"],
        "misère play already",
    );
    fails(&["value", "notakto", "xo./.../..."], "not x or .");
    fails(&["value", "notakto", "x../..."], "2 rows");
    fails(
        &["quotient", "notakto", "--heaps", "4"],
        "--heaps is for heap games",
    );
    fails(&["quotient", "kayles"], "--heaps N");
    fails(&["seq", "notakto", "_,0", "--to", "3"], "no number for '_'");
}
