//! CLI tests for Wythoff's game: values small and near 2^63, moves, tables, rows analysed,
//! the verify claims, and bad input.

use crate::common;
use common::{fails, json, stdout};

/// G. Nivasch, "Wythoff's game" (after his M.Sc. thesis): the table of the SG function, rows
/// 0 to 5, columns 0 to 13.
const NIVASCH: [[u64; 14]; 6] = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13],
    [1, 2, 0, 4, 5, 3, 7, 8, 6, 10, 11, 9, 13, 14],
    [2, 0, 1, 5, 3, 4, 8, 6, 7, 11, 9, 10, 14, 12],
    [3, 4, 5, 6, 2, 0, 1, 9, 10, 12, 8, 7, 15, 11],
    [4, 5, 3, 2, 7, 6, 9, 0, 1, 8, 13, 12, 11, 16],
    [5, 3, 4, 0, 6, 8, 10, 1, 2, 7, 12, 14, 9, 15],
];

#[test]
fn small_values_are_nivaschs_table() {
    for (a, row) in NIVASCH.iter().enumerate() {
        for (b, &g) in row.iter().enumerate() {
            let answer = json(&["value", "wythoff", &format!("{a},{b}")]);
            assert_eq!(answer["value"], g, "({a}, {b})");
        }
    }
    let answer = json(&["value", "wythoff", "3,5"]);
    assert_eq!(answer["outcome"], "P");
    assert!(answer["method"].as_str().unwrap().contains("Wythoff"));
}

#[test]
fn positions_near_two_to_the_63_answer_at_once() {
    // Far past every table: the closed form decides, exactly.
    let answer = json(&[
        "value",
        "wythoff",
        "9223372036854775000,9223372036854775807",
    ]);
    assert_eq!(answer["outcome"], "N");
    assert!(answer["value"].is_null());
    // k = 2^62: A_k = floor(2^62 phi) = (2^62 + floor(2^62 sqrt 5)) / 2, B_k = A_k + 2^62, with
    // floor(2^62 sqrt 5) = 10312043428088987146 computed apart (Python's math.isqrt(5 * 4^62)).
    let a_k = (4_611_686_018_427_387_904u128 + 10_312_043_428_088_987_146) / 2;
    let b_k = a_k + 4_611_686_018_427_387_904;
    let p = format!("{b_k},{a_k}");
    let answer = json(&["value", "wythoff", &p]);
    assert_eq!(
        (answer["outcome"].as_str(), answer["value"].as_u64()),
        (Some("P"), Some(0))
    );
    let n = format!("{},{b_k}", a_k + 1);
    assert_eq!(json(&["value", "wythoff", &n])["outcome"], "N");
    // The winning move from there: both piles down by 1 (the difference is kept).
    let moves = json(&["moves", "wythoff", &n]);
    assert_eq!(moves["complete"], false);
    let winning: Vec<_> = moves["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["description"].clone())
        .collect();
    assert!(
        winning.contains(&serde_json::json!("take 1 from pile 1")),
        "{moves}"
    );
    // The largest piles: 2^64 - 1 on both is N (k = 0, A_0 = 0).
    let answer = json(&[
        "value",
        "wythoff",
        "18446744073709551615,18446744073709551615",
    ]);
    assert_eq!(answer["outcome"], "N");
}

#[test]
fn moves_are_described_and_winning_ones_marked() {
    let text = stdout(&["moves", "wythoff", "5,9"]);
    assert!(
        text.contains("take 6 from pile 2      -> 5,3  value 0  <- winning"),
        "{text}"
    );
    assert!(text.contains("take 5 from both piles"), "{text}");
    assert!(text.contains("19 moves, 1 winning"), "{text}");
}

#[test]
fn tables_agree_with_values_and_are_symmetric() {
    let text = stdout(&["table", "wythoff", "_,_", "--max", "13", "--format", "csv"]);
    let mut cells = 0;
    for line in text.lines().skip(1) {
        let (position, value) = line.rsplit_once(',').unwrap();
        let (a, b) = position.trim_matches('"').split_once(',').unwrap();
        let (a, b): (usize, usize) = (a.parse().unwrap(), b.parse().unwrap());
        let value: u64 = value.parse().unwrap();
        if a < 6 {
            assert_eq!(value, NIVASCH[a][b], "({a}, {b})");
        }
        if b < 6 {
            assert_eq!(value, NIVASCH[b][a], "({a}, {b})");
        }
        cells += 1;
    }
    assert_eq!(cells, 14 * 14);
}

#[test]
fn rows_are_analysed_with_honest_labels() {
    let text = stdout(&["seq", "wythoff", "1,_", "--to", "300", "--analyze"]);
    assert!(text.contains("period 3, preperiod 0, saltus 3"), "{text}");
    assert!(text.contains("proven: g(1, b)"), "{text}");
    let text = stdout(&["seq", "wythoff", "3,_", "--to", "2000", "--analyze"]);
    assert!(text.contains("saltus 6"), "{text}");
    assert!(text.contains("observed only"), "{text}");
    assert!(
        text.contains("not proven") && !text.contains("proven:"),
        "{text}"
    );
    // Row 3 read the other way round is the same sequence.
    assert_eq!(
        stdout(&["seq", "wythoff", "_,3", "--to", "100"]),
        stdout(&["seq", "wythoff", "3,_", "--to", "100"])
    );
}

#[test]
fn claims_hold_with_honest_statuses() {
    for (claim, status) in [
        ("wythoff-p-positions", "holds"),
        ("wythoff-rows-0-1", "holds"),
        ("wythoff-bounds", "holds"),
        ("wythoff-row-periodicity", "evidence"),
    ] {
        let answer = json(&["verify", claim, "--to", "600"]);
        assert_eq!(answer["status"], status, "{claim}: {answer}");
    }
}

#[test]
fn bad_positions_and_limits() {
    fails(&["value", "wythoff", "3"], "exactly 2 coordinate");
    fails(&["value", "wythoff", "3,5,6"], "exactly 2 coordinate");
    fails(&["value", "wythoff", "-1,5"], "");
    fails(&["value", "wythoff", "3,2^64"], "");
    fails(
        &[
            "table", "wythoff", "_,_", "--max", "100000", "--format", "csv",
        ],
        "2048 MiB",
    );
    fails(&["seq", "wythoff", "5000,_", "--to", "10^9"], "2048 MiB");
    // g(1, 2^64 - 1) = 2^64 does not fit: the outcome is still known.
    let answer = json(&["value", "wythoff", "1,18446744073709551615"]);
    assert_eq!(
        (answer["outcome"].as_str(), answer["value"].is_null()),
        (Some("N"), true)
    );
    assert!(answer["method"]
        .as_str()
        .unwrap()
        .contains("beyond 64 bits"));
}
