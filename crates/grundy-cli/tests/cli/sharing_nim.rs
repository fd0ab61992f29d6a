//! CLI tests for Sharing Nim and Graph Nim: Ho's Table 1, Table 2 and Section 6 lists, values
//! and moves within and beyond the table, the verify claims, and bad input.

use crate::common;
use common::{fails, json, stdout};

/// Ho's Table 1, rows a = 0..=16, each from b = a to 16.
const TABLE_1: [&[u64]; 17] = [
    &[0, 0, 1, 0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 1, 0, 0],
    &[0, 1, 2, 3, 3, 4, 4, 5, 6, 6, 7, 7, 2, 9, 10, 11],
    &[1, 2, 2, 1, 2, 2, 5, 1, 6, 2, 8, 1, 9, 10, 10],
    &[0, 3, 1, 4, 3, 5, 4, 3, 7, 8, 8, 7, 8, 11],
    &[0, 3, 2, 3, 3, 6, 4, 7, 6, 9, 4, 5, 9],
    &[0, 4, 2, 5, 6, 6, 5, 8, 9, 9, 5, 11],
    &[1, 4, 5, 4, 4, 5, 5, 4, 7, 5, 11],
    &[0, 5, 1, 3, 7, 8, 4, 10, 10, 6],
    &[3, 6, 6, 7, 6, 9, 7, 10, 7],
    &[0, 6, 2, 8, 9, 9, 5, 6],
    &[1, 7, 8, 8, 4, 5, 11],
    &[0, 7, 1, 7, 5, 11],
    &[0, 2, 9, 8, 9],
    &[0, 9, 10, 11],
    &[1, 10, 10],
    &[0, 11],
    &[0],
];

/// Ho's Table 2: G(0, 0, n), n = 0..=489.
const TABLE_2: [u64; 490] = [
    0, 0, 1, 0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 12, 0, 1, 0, 0, 0, 1,
    0, 2, 0, 1, 0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 4, 0, 1, 0, 0, 0, 1,
    0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 1,
    0, 3, 0, 1, 0, 0, 0, 1, 0, 2, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 0, 1, 0, 0, 0, 1,
    0, 2, 0, 1, 0, 0, 0, 1, 0, 2, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 4, 0, 1, 0, 0, 0, 1,
    0, 3, 0, 1, 0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 1,
    0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 0, 1, 0, 0, 0, 1,
    0, 5, 0, 1, 0, 0, 0, 1, 0, 2, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 0, 1, 0, 0, 0, 1,
    0, 0, 0, 1, 0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 1,
    0, 2, 0, 1, 0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 1,
    0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 0, 1, 0, 0, 0, 1,
    0, 3, 0, 1, 0, 0, 0, 1, 0, 2, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 1,
    0, 3, 0, 1, 0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 0, 1, 0, 0, 0, 1,
    0, 2, 0, 1, 0, 0, 0, 1, 0, 2, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 0, 1, 0, 0, 0, 1,
    0, 0, 0, 1, 0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 0, 1, 0, 0, 0, 1,
    0, 2, 0, 1, 0, 0, 0, 1, 0, 3, 0,
];

#[test]
fn table_1_in_the_papers_layout() {
    let text = stdout(&["table", "sharing-nim", "0,_,_", "--max", "16"]);
    let lines: Vec<&str> = text.lines().collect();
    // A title, rows 16 down to 0, a rule, the column labels 0..16.
    assert_eq!(lines.len(), 20, "{text}");
    for (i, line) in lines[1..18].iter().enumerate() {
        let a = 16 - i;
        let (label, cells) = line.split_once(" | ").expect("a row");
        assert_eq!(label.trim(), a.to_string());
        let values: Vec<u64> = cells
            .split_whitespace()
            .map(|v| v.parse().unwrap())
            .collect();
        assert_eq!(values, TABLE_1[a].to_vec(), "row {a}");
        // Cells of row a start in column b = a: 3 characters per column (values right-aligned
        // in width 2, then a space), so the first value ends at 3a + 2.
        let first = cells.split_whitespace().next().unwrap();
        let end = cells.len() - cells.trim_start().len() + first.len();
        assert_eq!(end, 3 * a + 2, "row {a}: {line}");
    }
    let labels: Vec<&str> = lines[19].split_whitespace().collect();
    assert_eq!(labels.len(), 17);
    assert_eq!(labels[16], "16");
    let doc = json(&["table", "sharing-nim", "0,_,_", "--max", "16"]);
    let cells = doc["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 153, "only a <= b is shown");
    assert_eq!(cells[1]["position"], serde_json::json!([0, 0, 1]));
}

#[test]
fn table_2_by_seq() {
    let doc = json(&["seq", "sharing-nim", "0,0,_", "--to", "489"]);
    let values: Vec<u64> = doc["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(values, TABLE_2.to_vec());
    assert_eq!(doc["from"], 0);
}

/// Section 6's lists of 2- and 3-positions, as printed by the paper.
const LISTS: [&str; 8] = [
    "g = 2, a = 0: 32, 72, 104, 120, 128, 136, 200, 216, 232, 248, 288",
    "g = 2, a = 1: 3, 13, 17, 18, 23, 29, 33, 38, 39, 40, 46, 48, 53, 55, 57, 61, 62, 68, 70, 80, 85, 86, 87, 91, 95, 96, 100, 101, 102, 109, 110, 116, 117, 118, 124, 126, 128, 132, 136, 144, 145, 150, 151, 159, 165, 166, 167, 174, 176, 181, 182, 187, 189, 195, 196, 197, 204, 206, 208, 212, 213, 214, 222, 223, 224, 228, 229, 238, 240, 244, 256, 263, 278, 279, 284, 285, 294, 295, 296",
    "g = 2, a = 2: 4, 6, 7, 11, 26, 27, 46, 71, 78, 80, 110, 136, 151, 159, 160, 174, 182, 190, 232, 247, 248, 256, 263, 264, 271, 272, 279, 288",
    "g = 2, a = 3: 23, 67, 147, 243, 259, 275",
    "g = 3, a = 0: 8, 40, 88, 96, 160, 168, 184, 264, 280, 296",
    "g = 3, a = 1: 4, 5, 21, 25, 27, 31, 37, 45, 47, 54, 69, 76, 77, 78, 83, 84, 89, 111, 115, 125, 130, 131, 141, 146, 147, 156, 160, 161, 173, 192, 193, 198, 199, 207, 216, 221, 227, 237, 242, 253, 257, 259, 267, 269, 274, 289, 299",
    "g = 3, a = 2: 18, 19, 22, 31, 35, 48, 55, 62, 63, 70, 95, 102, 103, 104, 118, 119, 123, 134, 138, 139, 147, 150, 154, 167, 168, 170, 183, 184, 187, 199, 207, 214, 216, 224, 231, 235, 246, 250, 251, 260, 267, 275, 282, 283, 287, 292",
    "g = 3, a = 3: 7, 10, 36, 53, 60, 68, 89, 92, 107, 108, 124, 179, 184, 204, 221, 229, 236, 247, 279, 292",
];

#[test]
fn section_6_lists_by_verify() {
    let text = stdout(&["verify", "sharing-section6", "--to", "300"]);
    assert!(text.contains("\nholds\n"), "{text}");
    let notes: Vec<&str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("note: "))
        .collect();
    assert_eq!(notes, LISTS.to_vec());
    // The paper says these positions have a <= 3; (0,4,8) (in its own Table 1) has value 3.
    let doc = json(&["verify", "sharing-section6-rows", "--to", "300"]);
    assert_eq!(doc["holds"], false);
    assert_eq!(doc["counterexample"], "(0,4,8) has value 3 and a = 4 > 3");
}

#[test]
fn values_by_table_and_by_closed_forms() {
    // Table 1: G(1, 2, 7) = G(0, 1, 6) = 4.
    let v = json(&["value", "sharing-nim", "1,2,7"]);
    assert_eq!(
        (v["value"].as_u64(), v["outcome"].as_str()),
        (Some(4), Some("N"))
    );
    assert!(v["method"].as_str().unwrap().contains("table"));
    // Beyond the table: (5, 5, 5 + 3 * 4^20) ≡ (0, 0, 3 * 4^20) is P by Theorem 2.
    let far = json(&["value", "sharing-nim", "5,5,5+3*4^20"]);
    assert_eq!(far["value"], 0);
    assert!(far["method"].as_str().unwrap().contains("Theorem 2"));
    // (7, 9, 7 + 4 * 10^11 + 1) ≡ (0, 2, 4 * 10^11 + 1): the family (0, 2, 4k + 1).
    let one = json(&["value", "sharing-nim", "7,9,7+4*10^11+1"]);
    assert_eq!(one["value"], 1);
    assert!(one["method"].as_str().unwrap().contains("Theorem 4"));
    fails(
        &["value", "sharing-nim", "0,1,10^12"],
        "the largest b is 46339",
    );
    // Two piles: a Nim heap of floor(|a - b| / 2); four piles: the memoised search.
    assert_eq!(json(&["value", "sharing-nim", "3,10"])["value"], 3);
    assert!(json(&["value", "sharing-nim", "0,1,2,3"])["method"]
        .as_str()
        .unwrap()
        .contains("memoised"));
}

#[test]
fn moves_within_and_beyond_the_table() {
    // From (3, 8, 20) exactly two moves leave two piles equal with a P-difference (by hand):
    // 5 from pile 3 to pile 1 -> (8, 8, 15), d = 7; 6 from pile 3 to pile 2 -> (3, 14, 14), d = 11.
    let doc = json(&["moves", "sharing-nim", "3,8,20"]);
    assert_eq!(doc["winning"], 2);
    assert_eq!(doc["complete"], true);
    let winners: Vec<&serde_json::Value> = doc["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["winning"] == true)
        .map(|m| &m["to"])
        .collect();
    assert_eq!(
        winners,
        vec![
            &serde_json::json!([8, 8, 15]),
            &serde_json::json!([3, 14, 14])
        ]
    );
    // Far beyond: only the closed-form winning move (lo = 5, hi = 2*10^10 - 8, d odd).
    let far = json(&["moves", "sharing-nim", "3,8,2*10^10"]);
    assert_eq!(far["complete"], false);
    assert_eq!(
        far["moves"][0]["to"],
        serde_json::json!([8, 8, 19_999_999_995u64])
    );
    assert_eq!(
        far["moves"][0]["description"],
        "move 5 from pile 3 to pile 1"
    );
    let text = stdout(&["moves", "sharing-nim", "3,8,2*10^10"]);
    assert!(
        text.contains("only the winning move is listed (closed form)"),
        "{text}"
    );
    let p = stdout(&["moves", "sharing-nim", "0,0,3*4^20"]);
    assert!(p.contains("no winning move: a P-position"), "{p}");
}

#[test]
fn graph_nim() {
    // One arc 0 -> 1: a Nim heap of floor((x - y) / 2) when x > y (by hand).
    assert_eq!(json(&["value", "graph-nim:edges=0>1", "9,2"])["value"], 3);
    assert_eq!(json(&["value", "graph-nim:edges=0>1", "2,9"])["value"], 0);
    let v = json(&["value", "graph-nim:edges=0-1,1-2,0-2", "1,2,7"]);
    assert_eq!(
        v["value"], 4,
        "K3 is three-pile Sharing Nim (Table 1: G(0,1,6) = 4)"
    );
    assert_eq!(v["game"], "graph-nim:edges=0-1,0-2,1-2");
    let moves = json(&["moves", "graph-nim:edges=0>1,1>2", "4,0,0"]);
    assert_eq!(
        moves["moves"][0]["description"],
        "move 1 from vertex 0 to vertex 1"
    );
}

#[test]
fn verify_claims() {
    for claim in [
        "sharing-engines",
        "sharing-theorem1",
        "sharing-corollary3",
        "sharing-theorem2",
        "sharing-winning-move",
        "sharing-theorem4",
        "sharing-proposition1",
        "sharing-proposition2",
        "sharing-conjecture3",
    ] {
        let doc = json(&["verify", claim, "--to", "30"]);
        assert_eq!(doc["holds"], true, "{claim}: {doc}");
    }
    let r5 = json(&["verify", "sharing-remark5", "--to", "30"]);
    assert_eq!(r5["holds"], false);
    assert!(r5["counterexample"]
        .as_str()
        .unwrap()
        .starts_with("from (0,1,3)"));
    let four = json(&["verify", "sharing-complement", "--piles", "4", "--to", "6"]);
    assert_eq!(four["holds"], true);
    let digraph = json(&[
        "verify",
        "sharing-complement",
        "--edges",
        "0>1,1>2",
        "--to",
        "5",
    ]);
    assert_eq!(digraph["holds"], true);
    assert!(digraph["notes"][0]
        .as_str()
        .unwrap()
        .contains("changes the value"));
    assert_eq!(
        json(&["verify", "sharing-lemma1", "--piles", "4", "--to", "5"])["holds"],
        true
    );
    let help = stdout(&["verify", "--help"]);
    assert!(help.contains("sharing-theorem2") && help.contains("sharing-section6-rows"));
}

#[test]
fn bad_input() {
    fails(&["value", "graph-nim:edges=0>1,1>1", "1,2"], "self-loop");
    fails(
        &["value", "graph-nim:edges=0>4:n=3", "1,2,3"],
        "out of range",
    );
    fails(&["value", "graph-nim:edges=", "1,2"], "edge list is empty");
    fails(
        &["value", "graph-nim:edges=0>1,,1>2", "1,2,3"],
        "empty edge",
    );
    fails(&["value", "graph-nim:edges=0~1", "1,2"], "neither");
    fails(&["value", "graph-nim", "1,2"], "needs the key 'edges'");
    fails(&["value", "graph-nim:edges=0>1", "1,2,3"], "exactly 2");
    fails(&["value", "sharing-nim", "5"], "at least 2");
    fails(&["value", "sharing-nim:k=2", "5,6"], "takes no keys");
    fails(&["value", "sharing-nim", "0,0,0,10^6"], "limited to");
    fails(&["verify", "sharing-theorem1", "--to", "10^5"], "2 GiB");
    fails(
        &["verify", "sharing-complement", "--to", "60"],
        "positions is more than",
    );
    fails(
        &["verify", "sharing-lemma1", "--piles", "9", "--to", "3"],
        "between 2 and 6",
    );
    fails(
        &[
            "seq",
            "sharing-nim",
            "0,1,_",
            "--from",
            "10^6",
            "--to",
            "10^6+5",
        ],
        "the largest b is 46339",
    );
}
