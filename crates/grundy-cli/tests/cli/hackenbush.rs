//! Green Hackenbush: the commands on pictures whose values are worked out by hand from Winning
//! Ways ch. 7 (each test says how), and the refusals.

use crate::common;
use common::{fails, json, stdout};

#[test]
fn pictures_have_the_values_of_the_fusion_and_colon_principles() {
    for (spec, value, why) in [
        // Bamboo stalks are Nim heaps: 3 xor 5 xor 6 = 0.
        ("hackenbush:stalks=3,5,6", 0, "Nim"),
        ("hackenbush:stalks=1,2", 3, "Nim"),
        // A triangle through the ground fuses into it: three loops, 1.
        ("hackenbush:edges=0-1,1-2,2-0", 1, "three loops"),
        // The same with an edge hanging from vertex 2: 1 xor (0 + 1) = 0.
        ("hackenbush:edges=0-1,1-2,2-0,2-3", 0, "loops and a pendant"),
        // A stalk of two topped by a loop: the loop is a stalk of one, so a stalk of three.
        ("hackenbush:edges=0-1,1-2,2-2", 3, "a loop on a stalk"),
        // A square hanging from one edge: the square fuses to a vertex with four loops (0),
        // so the edge is worth 0 + 1 = 1.
        (
            "hackenbush:edges=0-a,a-b,b-c,c-d,d-a",
            1,
            "a square on a stalk",
        ),
    ] {
        let answer = json(&["value", spec]);
        assert_eq!(answer["value"], value, "{spec}: {why}");
        assert!(answer["method"]
            .as_str()
            .unwrap()
            .contains("fusion principle"));
    }
}

#[test]
fn moves_cut_edges_and_what_falls_goes_with_them() {
    // Stalks of 1 and 2 (edges 0; 1, 2): value 1 xor 2 = 3. The winning move leaves 1 + 1:
    // cutting the top edge of the stalk of two (edge 2).
    let answer = json(&["moves", "hackenbush:stalks=1,2"]);
    let moves = answer["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 3);
    let winning: Vec<&str> = moves
        .iter()
        .filter(|m| m["winning"] == true)
        .map(|m| m["to"].as_str().unwrap())
        .collect();
    assert_eq!(winning, ["0,1"]);
    // Cutting edge 1 (the bottom of the stalk of two) drops edge 2 too.
    let text = stdout(&["moves", "hackenbush:stalks=1,2"]);
    assert!(
        text.contains("cut edge 1 (0-s2.1); 1 more edge falls"),
        "{text}"
    );
    // From a position: edges 0 and 2 left, edge 2 no longer touches the ground: only edge 0
    // stands, value 1.
    assert_eq!(json(&["value", "hackenbush:stalks=1,2", "0,2"])["value"], 1);
}

#[test]
fn sums_and_misere_play_use_the_generic_engines() {
    // Stalk of 3 + Nim heap of 3 = 0.
    let answer = json(&["sum", "hackenbush:stalks=3", "0,1,2", "nim", "3"]);
    assert_eq!(answer["value"], 0);
    // Misère: two stalks of one edge are two misère heaps of 1: the player to move wins
    // (misère Nim with all heaps 1: wins when the number of heaps is even).
    let answer = json(&["value", "hackenbush:stalks=1,1", "--misere"]);
    assert_eq!(answer["outcome"], "N");
}

#[test]
fn bad_pictures_and_positions_are_refused() {
    fails(&["value", "hackenbush:edges=0-1", "5"], "edges are 0 to 0");
    fails(
        &["value", "hackenbush:edges=0-1:stalks=2"],
        "exactly one of",
    );
    fails(
        &["value", "hackenbush:edges=01"],
        "two vertex names joined by '-'",
    );
    fails(&["value", "hackenbush:stalks=100,100"], "at most 128 edges");
}

#[test]
fn a_picture_file_is_read_like_a_graph_file() {
    // A triangle through the ground with a comment and a blank line: three loops, value 1.
    let dir_scratch = tempfile::tempdir().unwrap();
    let dir = dir_scratch
        .path()
        .join(format!("grundy-hackenbush-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("triangle.txt");
    std::fs::write(&file, "0 1\n1 2 # the top\n\n2 0\n").unwrap();
    let spec = format!("hackenbush:file={}", file.display());
    assert_eq!(json(&["value", &spec])["value"], 1);
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "0 1 2\n").unwrap();
    let spec = format!("hackenbush:file={}", bad.display());
    fails(&["value", &spec], "line 1: an edge is two vertex names");
}

/// Issue 50, item 16: a picture with no edge on the ground is answered, not refused: by the
/// rules every edge has fallen, so there is no move and the value is 0.
#[test]
fn a_picture_off_the_ground_is_worth_0() {
    let answer = json(&["value", "hackenbush:edges=1-2,2-3"]);
    assert_eq!(
        (answer["value"].clone(), answer["outcome"].clone()),
        (0.into(), "P".into())
    );
    assert!(
        answer["method"]
            .as_str()
            .unwrap()
            .contains("every edge has fallen"),
        "{answer}"
    );
    assert_eq!(
        json(&["moves", "hackenbush:edges=1-2,2-3"])["moves"],
        serde_json::json!([])
    );
}
