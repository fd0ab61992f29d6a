//! `grundy sum`: disjunctive sums from their components, checked against the whole game.

use crate::common;
use common::{fails, json, stdout};

#[test]
fn a_nim_position_split_into_components_is_the_same_game() {
    // nim 3,5 + nim 7 is nim 3,5,7: the same value and as many winning moves.
    let sum = json(&["sum", "nim", "3,5", "nim", "7"]);
    let whole = json(&["value", "nim", "3,5,7"]);
    assert_eq!(sum["value"], whole["value"]);
    assert_eq!(sum["outcome"], "N");
    let moves = json(&["moves", "nim", "3,5,7"]);
    let winning = sum["winning_moves"].as_array().unwrap();
    assert_eq!(winning.len() as u64, moves["winning"].as_u64().unwrap());
    // Each winning move makes the nim-sum 0: 3 ^ 5 = 6 with 7, so component 1 goes to value 7
    // or component 2 to value 6.
    for m in winning {
        let expected = if m["component"] == 0 { 7 } else { 6 };
        assert_eq!(m["value"], expected);
    }
}

#[test]
fn a_game_plus_itself_is_a_p_position() {
    // Tweedledum and Tweedledee: G + G = 0, whatever G is.
    for (game, pos) in [
        ("subtraction:s=1,3,4", "10"),
        ("takeaway:f=2*k", "20,40"),
        ("sharing-nim", "1,4,9"),
        ("imark:s=1:d=2,3", "1000"),
    ] {
        let sum = json(&["sum", game, pos, game, pos]);
        assert_eq!(sum["value"], 0, "{game} {pos}");
        assert_eq!(sum["outcome"], "P");
        assert!(sum["winning_moves"].as_array().unwrap().is_empty());
    }
}

#[test]
fn the_text_names_the_components_and_the_moves() {
    let text = stdout(&["sum", "subtraction:s=1,3,4", "10", "nim", "2"]);
    // SG(10) of S = {1,3,4} is 1 (period 0101232); 1 ^ 2 = 3.
    assert!(text.contains("value 1"), "{text}");
    assert!(text.contains("value 3 (the nim-sum), N-position"), "{text}");
    // Winning: nim 2 -> 1 (value 1), or the subtraction game to a value 2 option.
    assert!(
        text.contains("in component 2, take 1 from pile 1 -> 1 (value 1)"),
        "{text}"
    );
}

#[test]
fn bad_sums_are_refused() {
    fails(&["sum", "nim", "3", "nim"], "pairs");
    fails(&["sum", "nim"], "");
    fails(&["sum", "nom", "3"], "");
    fails(&["sum", "nim", "3,x"], "");
    fails(&["sum", "nim", "3", "--format", "csv"], "not available");
}
