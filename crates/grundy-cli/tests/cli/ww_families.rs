//! CLI tests for Turning Corners and the Tartan products, Staircase Nim, Northcott's game and
//! Fibonacci Nim. Expected values come from the mathematics (Conway's nim multiplication table,
//! the Nim sums and Zeckendorf representations worked out in the comments), not from the
//! code's own output.

use crate::common;
use common::{fails, json, stdout, with_input};

#[test]
fn turning_corners_is_nim_multiplication() {
    // Conway's table (On Numbers and Games ch. 6): rows x = 0..3, columns y = 0..3.
    let table = [[0, 0, 0, 0], [0, 1, 2, 3], [0, 2, 3, 1], [0, 3, 1, 2]];
    let answer = json(&["table", "turning-corners", "_,_", "--max", "3"]);
    let cells = answer["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 16);
    for cell in cells {
        let (x, y) = (
            cell["position"][0].as_u64().unwrap() as usize,
            cell["position"][1].as_u64().unwrap() as usize,
        );
        assert_eq!(cell["value"], table[x][y], "{x}:{y}");
    }
    // 2 ⊗ 3 = 1 = 3 ⊗ 2: the two heads cancel.
    let answer = json(&["value", "turning-corners", "2:3,3:2"]);
    assert_eq!(
        (answer["value"].as_u64(), answer["outcome"].as_str()),
        (Some(0), Some("P"))
    );
    // A Fermat 2-power F = 2^32: F ⊗ F = 3F/2.
    assert_eq!(
        json(&["value", "turning-corners", "2^32:2^32"])["value"],
        3u64 << 31
    );
    // The coin (1, 1) has one move, the unit square, to three heads of value 0.
    let moves = json(&["moves", "turning-corners", "1:1"]);
    let moves = moves["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0]["description"], "turn coins 0:0, 0:1, 1:0, 1:1");
    assert_eq!(moves[0]["winning"], true);
    let text = stdout(&["value", "turning-corners", "2:2"]);
    assert!(
        text.starts_with("3\n") && text.contains("nim product"),
        "{text}"
    );
}

#[test]
fn tartan_products_multiply_the_factors_values() {
    // Ruler's coin 4 is worth 4, Mock Turtles's coin 1 is worth 2: 4 ⊗ 2 = 8 (2 < 4, a Fermat
    // 2-power). Turning Turtles's coin 3 with Twins's coin 3: 3 ⊗ 3 = 2.
    assert_eq!(
        json(&["value", "tartan:rulerxmock-turtles", "4:1"])["value"],
        8
    );
    assert_eq!(
        json(&["value", "tartan:turning-turtlesxtwins", "3:3"])["value"],
        2
    );
    fails(&["value", "tartan:rulerxnim", "1:1"], "not a coin game");
    fails(&["value", "tartan", "1:1"], "two coin games");
    fails(&["value", "tartan:ruler", "1:1"], "two coin games");
    fails(&["value", "tartan:rulerxruler", "0:1"], "numbered from 1");
}

#[test]
fn bad_coin_grids_are_refused() {
    fails(&["value", "turning-corners", "2:2,2:2"], "listed twice");
    fails(&["value", "turning-corners", "1,2,3"], "pairs");
    fails(&["value", "turning-corners", "1:2:3"], "");
    fails(&["moves", "turning-corners", "10^6:10^6"], "moves");
}

#[test]
fn staircase_nim_is_nim_on_the_odd_steps() {
    // Odd steps 3 and 5: 3 XOR 5 = 6; the coins of step 2 do not count.
    assert_eq!(json(&["value", "staircase", "3,0,5"])["value"], 6);
    assert_eq!(json(&["value", "staircase", "0,7"])["outcome"], "P");
    // 1,3 (value 1): only step 1 to the ground wins (a coin from step 2 makes step 1 hold 2).
    let moves = json(&["moves", "staircase", "1,3", "--winning"]);
    let moves = moves["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0]["to"], serde_json::json!([0, 3]));
    assert_eq!(
        moves[0]["description"],
        "move 1 coin from step 1 to the ground"
    );
    // Any size: (2^62 + 5) XOR (2^62 + 3) = 6; its winning move comes from the theorem.
    let big = "4611686018427387909,4611686018427387904,4611686018427387907";
    assert_eq!(json(&["value", "staircase", big])["value"], 6);
    let text = stdout(&["moves", "staircase", big]);
    assert!(
        text.contains("move 2 coins from step 1 to the ground"),
        "{text}"
    );
    fails(&["value", "staircase", "2^64-1,1"], "2^64 - 1");
}

#[test]
fn northcott_is_nim_on_the_gaps() {
    // Gaps 4 (1:6) and 0 (3:4).
    assert_eq!(json(&["value", "northcott", "1:6,3:4"])["value"], 4);
    // 1:4 (gap 2): either checker closes the gap.
    let moves = json(&["moves", "northcott", "1:4", "--winning"]);
    let to: Vec<_> = moves["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["to"].clone())
        .collect();
    assert_eq!(to, [serde_json::json!([3, 4]), serde_json::json!([1, 2])]);
    fails(&["value", "northcott", "2:2"], "both checkers");
    fails(&["value", "northcott", "0:2"], "from 1");
}

#[test]
fn fibonacci_nim_starts_lose_on_fibonacci_numbers() {
    let answer = json(&["seq", "fibonacci-nim", "_", "--from", "1", "--to", "30"]);
    let zeros: Vec<u64> = answer["values"]
        .as_array()
        .unwrap()
        .iter()
        .zip(1u64..)
        .filter(|(v, _)| v.as_u64() == Some(0))
        .map(|(_, n)| n)
        .collect();
    assert_eq!(zeros, [1, 2, 3, 5, 8, 13, 21]);
    // 20 = 13 + 5 + 2: the only winning take is 2, leaving 18 = 13 + 5 (5 > 4).
    let moves = json(&["moves", "fibonacci-nim", "20", "--winning"]);
    let moves = moves["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0]["to"], serde_json::json!([18, 4]));
    // F(92): a P-position at the start. 10^18 + 1 = ... + 55 + 21 + 3 (Zeckendorf, worked out
    // greedily): an N-position whose SG value is out of reach; the winning take is 3.
    let answer = json(&["value", "fibonacci-nim", "7540113804746346429"]);
    assert_eq!(
        (answer["value"].as_u64(), answer["outcome"].as_str()),
        (Some(0), Some("P"))
    );
    let answer = json(&["value", "fibonacci-nim", "10^18+1"]);
    assert!(answer["value"].is_null(), "{answer}");
    assert_eq!(answer["outcome"], "N");
    assert!(answer["method"].as_str().unwrap().contains("Whinihan"));
    let text = stdout(&["moves", "fibonacci-nim", "10^18+1"]);
    assert!(
        text.contains("take 3 counters, leaving 999999999999999998"),
        "{text}"
    );
    fails(&["value", "fibonacci-nim", "1,2,3"], "1 or 2 coordinates");
    fails(
        &["sum", "fibonacci-nim", "10^18+1", "nim", "1"],
        "no closed form",
    );
}

#[test]
fn sums_and_claims() {
    // fibonacci-nim 13 (P, 0) + northcott 1:3 (gap 1) + staircase 0,9 (0) = 1: among the
    // winning moves (other components may reach value 1), both ways to close the gap.
    let answer = json(&[
        "sum",
        "fibonacci-nim",
        "13",
        "northcott",
        "1:3",
        "staircase",
        "0,9",
    ]);
    assert_eq!(answer["value"], 1);
    let closing: Vec<_> = answer["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["component"] == 1)
        .map(|m| m["to"].clone())
        .collect();
    assert_eq!(
        closing,
        [serde_json::json!([2, 3]), serde_json::json!([1, 2])]
    );
    for args in [
        vec!["verify", "staircase-odd-steps", "--to", "3"],
        vec!["verify", "tartan-theorem", "--to", "3"],
        vec![
            "verify",
            "tartan-theorem",
            "--a",
            "ruler",
            "--b",
            "mock-turtles",
            "--to",
            "3",
        ],
        vec!["verify", "northcott-gaps", "--to", "5"],
        vec!["verify", "fibonacci-nim-zeckendorf", "--to", "60"],
    ] {
        let answer = json(&args);
        assert_eq!(answer["status"], "holds", "{args:?}: {answer}");
    }
    let games = stdout(&["games"]);
    for name in [
        "turning-corners",
        "tartan",
        "staircase",
        "northcott",
        "fibonacci-nim",
    ] {
        assert!(
            games.lines().any(|l| l.starts_with(name)),
            "{name}: {games}"
        );
    }
    // Staircase 1: the computer sends the coin to the ground and wins.
    let out = with_input(&["play", "staircase", "1", "--computer-first"], "");
    assert!(out.contains("to the ground"), "{out}");
}
