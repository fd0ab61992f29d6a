//! CLI tests for the foundation: value, moves, seq, table, verify on nim and subtraction games.

mod common;
use common::{fails, json, stdout};

#[test]
fn value_of_a_nim_p_position() {
    let v = json(&["value", "nim", "3,5,6"]);
    assert_eq!(v["value"], 0);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["game"], "nim");
    assert_eq!(v["position"], serde_json::json!([3, 5, 6]));
    assert!(stdout(&["value", "nim", "3,5,6"]).starts_with("0\n"));
}
