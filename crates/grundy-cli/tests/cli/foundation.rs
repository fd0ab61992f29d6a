//! CLI tests for the foundation: value, moves, seq, table, verify and play on nim and subtraction
//! games, the output formats, the number syntax, and the error contract for bad input.

use crate::common;
use common::{fails, grundy, json, stdout, with_input};
use serde_json::json;

#[test]
fn value_of_a_nim_p_position() {
    let v = json(&["value", "nim", "3,5,6"]);
    assert_eq!(v["value"], 0);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["game"], "nim");
    assert_eq!(v["position"], json!([3, 5, 6]));
    assert!(stdout(&["value", "nim", "3,5,6"]).starts_with("0\n"));
    // 1 XOR 2 XOR 4 = 7, computed by hand.
    assert_eq!(json(&["value", "nim", "1,2,4"])["outcome"], "N");
    assert_eq!(json(&["value", "nim", "1,2,4"])["value"], 7);
}

#[test]
fn moves_of_nim_3_5_7_marks_exactly_three_winning() {
    let v = json(&["moves", "nim", "3,5,7"]);
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 15);
    let winning: Vec<&serde_json::Value> = moves.iter().filter(|m| m["winning"] == true).collect();
    let targets: Vec<&serde_json::Value> = winning.iter().map(|m| &m["to"]).collect();
    // 3 XOR 5 XOR 7 = 1: each pile p goes to p XOR 1.
    assert_eq!(
        targets,
        [&json!([2, 5, 7]), &json!([3, 4, 7]), &json!([3, 5, 6])]
    );
    assert!(winning.iter().all(|m| m["value"] == 0));
    assert_eq!(winning[0]["description"], "take 1 from pile 1");
    let text = stdout(&["moves", "nim", "3,5,7"]);
    assert_eq!(text.matches("<- winning").count(), 3);
    assert!(text.contains("take 7 from pile 3"));
}

#[test]
fn seq_subtraction_1_3_4_is_proven_periodic_with_period_7() {
    let v = json(&["seq", "subtraction:s=1,3,4", "--to", "100", "--analyze"]);
    let a = &v["analysis"];
    assert_eq!(a["period"], 7);
    assert_eq!(a["preperiod"], 0);
    assert_eq!(a["proven"], true);
    assert_eq!(v["from"], 0);
    assert_eq!(v["to"], 100);
    assert_eq!(v["values"].as_array().unwrap().len(), 101);
    // By hand: SG = 0 1 0 1 2 3 2, repeated.
    assert_eq!(
        v["values"].as_array().unwrap()[..7],
        [0, 1, 0, 1, 2, 3, 2].map(|x| json!(x))
    );
    assert_eq!(a["max"], 3);
    let text = stdout(&["seq", "subtraction:s=1,3,4", "--to", "100", "--analyze"]);
    assert!(text.contains("period 7, preperiod 0"), "{text}");
    assert!(text.contains("proven"));
}

#[test]
fn an_observed_period_is_not_called_proven() {
    // i-Mark([1,2],{2}): periodic in 0..300 as far as seen, but no theorem gives its values.
    let v = json(&["seq", "imark:s=1,2:d=2", "--to", "300", "--analyze"]);
    assert_eq!(v["analysis"]["period"], 24);
    assert_eq!(v["analysis"]["proven"], false);
    // Too short a range for the period of s=1,3,4 (7) to show twice: no periodicity claimed.
    let v = json(&["seq", "subtraction:s=5,9", "--to", "12", "--analyze"]);
    assert_eq!(v["analysis"]["proven"], false);
}

#[test]
fn nim_along_one_pile_is_proven_arithmetic_periodic() {
    // SG(3, n) = 3 XOR n: (n + 4) XOR 3 = (n XOR 3) + 4, period 4 and saltus 4 (Bouton).
    let v = json(&["seq", "nim", "3,_", "--to", "63", "--analyze"]);
    let a = &v["analysis"];
    assert_eq!(
        (a["period"].as_u64(), a["saltus"].as_i64()),
        (Some(4), Some(4))
    );
    assert_eq!(a["proven"], true);
    for (n, value) in v["values"].as_array().unwrap().iter().enumerate() {
        assert_eq!(value.as_u64(), Some(3 ^ n as u64));
    }
}

/// The preperiod is the game's, measured from its first position, whatever `--from` is:
/// S = {1,3,4} is purely periodic (values 0 1 0 1 2 3 2 from n = 0).
#[test]
fn the_preperiod_does_not_depend_on_from() {
    let v = json(&[
        "seq",
        "subtraction:s=1,3,4",
        "--from",
        "5",
        "--to",
        "40",
        "--analyze",
    ]);
    let a = &v["analysis"];
    assert_eq!(
        (a["period"].as_u64(), a["preperiod"].as_u64()),
        (Some(7), Some(0))
    );
    assert_eq!(a["proven"], true);
    assert_eq!(a["preperiod_exact"], true);
    // Counts are those of the range asked for: 36 values from 5 to 40.
    let total: u64 = a["counts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["count"].as_u64().unwrap())
        .sum();
    assert_eq!(total, 36);
    // When the values before --from are out of reach, the preperiod is an upper bound and says so.
    let text = stdout(&[
        "seq",
        "subtraction:s=1,3,4",
        "--from",
        "10^12",
        "--to",
        "10^12+100",
        "--analyze",
    ]);
    assert!(
        text.contains("preperiod at most 1000000000000 (values before 1000000000000 not examined)"),
        "{text}"
    );
}

#[test]
fn seq_gaps_match_the_definition() {
    let v = json(&["seq", "subtraction:s=1,3,4", "--to", "20", "--analyze"]);
    let values: Vec<u64> = v["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect();
    for g in v["analysis"]["gaps"].as_array().unwrap() {
        let value = g["value"].as_u64().unwrap();
        let at: Vec<u64> = (0..values.len() as u64)
            .filter(|&n| values[n as usize] == value)
            .collect();
        assert_eq!(g["count"], at.len());
        assert_eq!(g["first"], at[0]);
        assert_eq!(g["last"], *at.last().unwrap());
        let max_gap = at.windows(2).map(|w| w[1] - w[0]).max();
        assert_eq!(g["max_gap"], json!(max_gap));
    }
}

#[test]
fn seq_formats_and_from() {
    assert_eq!(
        stdout(&[
            "seq",
            "subtraction:s=1,2",
            "--from",
            "2",
            "--to",
            "4",
            "--format",
            "bfile"
        ]),
        "2 2\n3 0\n4 1\n"
    );
    assert_eq!(
        stdout(&["seq", "subtraction:s=1,2", "--to", "2", "--format", "csv"]),
        "n,value\n0,0\n1,1\n2,2\n"
    );
    assert_eq!(
        stdout(&["seq", "nim", "2,_", "--to", "3", "--format", "bfile"]),
        "0 2\n1 3\n2 0\n3 1\n"
    );
    let text = stdout(&["seq", "subtraction:s=1,2", "--to", "11"]);
    assert_eq!(text, " 0: 0 1 2 0 1 2 0 1 2 0\n10: 1 2\n");
}

#[test]
fn numbers_accept_the_documented_syntax() {
    for n in ["1000000", "1_000_000", "10^6", "1e6"] {
        assert_eq!(
            json(&["value", "subtraction:s=1,3,4", n])["value"],
            1,
            "{n}"
        ); // 10^6 = 7 * 142857 + 1
    }
    // 2^31-1 = 2147483647 = 7 * 306783378 + 1.
    assert_eq!(
        json(&["value", "subtraction:s=1,3,4", "2^31-1"])["value"],
        1
    );
    assert_eq!(
        stdout(&[
            "seq",
            "subtraction:s=1..3",
            "--from",
            "1e1",
            "--to",
            "2^4-5",
            "--format",
            "bfile"
        ]),
        "10 2\n11 3\n"
    );
}

#[test]
fn huge_subtraction_positions_use_the_proven_period() {
    let v = json(&["value", "subtraction:s=1,3,4", "10^18"]);
    assert_eq!(v["value"], 1); // 10^18 = 1 mod 7
    assert!(v["method"].as_str().unwrap().contains("period 7"));
}

#[test]
fn table_layout_and_cells() {
    let v = json(&["table", "nim", "_,_,5", "--max", "3"]);
    let cells = v["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 16);
    for cell in cells {
        let p: Vec<u64> = cell["position"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_u64().unwrap())
            .collect();
        assert_eq!(cell["value"], p[0] ^ p[1] ^ p[2]);
    }
    let text = stdout(&["table", "nim", "_,_,0", "--max", "2"]);
    let rows: Vec<&str> = text.lines().skip(1).take(3).collect();
    // Row a = 2 on top: 2^0, 2^1, 2^2.
    assert_eq!(rows, ["2 | 2 3 0", "1 | 1 0 3", "0 | 0 1 2"]);
    assert!(
        stdout(&["table", "nim", "_,_", "--max", "1", "--format", "csv"])
            .starts_with("position,value\n\"0,0\",0\n")
    );
}

#[test]
fn verify_bouton() {
    let v = json(&["verify", "bouton", "--to", "6"]);
    assert_eq!(v["claim"], "bouton");
    assert_eq!(v["holds"], true);
    assert_eq!(v["checked_to"], 6);
    assert_eq!(v["counterexample"], serde_json::Value::Null);
    assert_eq!(v["cases"], 343);
    assert_eq!(
        json(&["verify", "bouton", "--piles", "4", "--to", "3"])["cases"],
        256
    );
    assert!(stdout(&["verify", "--list"]).contains("bouton"));
    assert!(stdout(&["verify", "--help"]).contains("bouton"));
}

#[test]
fn play_against_the_perfect_strategy() {
    let output = grundy(&["play", "nim", "1,2"])
        .write_stdin("hint\n0,2\n")
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    // 1 XOR 2 = 3: the only winning move takes 1 from pile 2, to (1,1).
    assert!(text.contains("hint: take 1 from pile 2 -> 1,1"), "{text}");
    // The user errs to (0,2); the computer empties pile 2 and the user cannot move.
    assert!(
        text.contains("computer: take 2 from pile 2 -> 0,0"),
        "{text}"
    );
    assert!(text.contains("the computer wins"), "{text}");
    // Played well, the computer is left in a P-position and says so.
    let text = String::from_utf8(
        grundy(&["play", "nim", "1,2"])
            .write_stdin("2\n")
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    assert!(text.contains("no winning move exists"), "{text}");
    let output = grundy(&["play", "subtraction:s=1,2", "3", "--computer-first"])
        .write_stdin("")
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("computer: subtract"), "{text}");
}

/// Issue 52: `undo` takes back your last move and the computer's answer; the banner names the
/// winning moves (plural: `hint` lists all of them).
#[test]
fn play_undo_takes_back_a_move_and_its_answer() {
    // Nim 3,5 (nim-sum 6). The user errs to 2,5; the computer moves back to nim-sum 0
    // (2,2); undo returns to 3,5, where the user plays the winning 3,3.
    let text = with_input(&["play", "nim", "3,5"], "undo\n2,5\nundo\n3,3\nquit\n");
    assert!(
        text.contains("'undo' to take back your last move"),
        "{text}"
    );
    assert!(text.contains("'hint' for the winning moves"), "{text}");
    assert!(
        text.contains("nothing to undo: you have not moved yet."),
        "{text}"
    );
    assert!(
        text.contains("computer: take 3 from pile 2 -> 2,2"),
        "{text}"
    );
    assert!(text.contains("undone: back to 3,5, your move."), "{text}");
    let after = text.split("undone: back to 3,5").nth(1).unwrap();
    // From 3,3 (nim-sum 0) the computer has no winning move.
    assert!(after.contains("no winning move exists"), "{text}");
}

#[test]
fn bad_input_fails_with_one_error_line_and_exit_2() {
    // Unknown game, malformed specs.
    fails(&["value", "chess", "1"], "unknown game 'chess'");
    fails(&["value", "subtraction", "1"], "needs the key 's'");
    fails(&["value", "subtraction:s=", "1"], "empty element");
    fails(&["value", "subtraction:s=0,1", "1"], "must be positive");
    fails(&["value", "subtraction:s=1:x=2", "1"], "no key 'x'");
    fails(&["value", "subtraction:s=3..1", "1"], "empty");
    fails(
        &["value", "subtraction:s=a", "1"],
        "not a non-negative integer",
    );
    fails(&["value", "subtraction:s=1,-2", "1"], "invalid");
    fails(&["value", "nim:piles=3", "1"], "takes no keys");
    fails(&["value", ":s=1", "1"], "no game name");
    // Malformed positions.
    fails(&["value", "nim", "3,-5"], "negative");
    fails(&["value", "nim", "3,,5"], "invalid position");
    fails(&["value", "nim", "x"], "invalid position");
    fails(&["value", "nim", ""], "empty position");
    fails(&["value", "nim", "3,_"], "'_' is only allowed");
    fails(&["value", "subtraction:s=1", "1,2"], "exactly 1 coordinate");
    fails(&["moves", "nim", "1.5"], "invalid position");
    // Sizes that cannot fit.
    fails(&["value", "nim", "2^64"], "larger than 2^64-1");
    fails(&["value", "nim", "10^40"], "invalid");
    fails(&["moves", "nim", "10^9,1"], "more than");
    fails(
        &["seq", "subtraction:s=1", "--to", "2^64"],
        "larger than 2^64-1",
    );
    // The analysis keeps every value: its length is bounded.
    fails(
        &["seq", "subtraction:s=1", "--to", "2^40", "--analyze"],
        "at most",
    );
    fails(
        &["table", "nim", "_,_", "--max", "10^6"],
        "more than the limit of 16777216 cells",
    );
    // Bad command lines.
    fails(&["seq", "nim", "--to", "5"], "'_'");
    fails(&["seq", "nim", "1,2", "--to", "5"], "exactly one '_'");
    fails(&["table", "nim", "_,1", "--max", "5"], "exactly two '_'");
    fails(
        &["seq", "subtraction:s=1", "--from", "9", "--to", "5"],
        "larger than",
    );
    fails(&["seq", "subtraction:s=1", "--to", "-5"], "error");
    fails(
        &["value", "nim", "1,2", "--format", "bfile"],
        "not available",
    );
    fails(
        &[
            "seq",
            "subtraction:s=1",
            "--to",
            "5",
            "--analyze",
            "--format",
            "csv",
        ],
        "not available",
    );
    fails(&["frobnicate"], "unrecognized subcommand");
    fails(&["value", "nim"], "give a position");
    fails(&["verify", "no-such-claim", "--to", "5"], "unknown claim");
    fails(&["verify", "bouton"], "needs --to");
    fails(
        &["verify", "bouton", "--to", "5", "--colour", "red"],
        "no parameter --colour",
    );
    fails(&["verify", "bouton", "--to", "10^6"], "too large");
    fails(&["play", "nim", "1,-1"], "negative");
}

/// Every JSON answer gives a position the same way: a list of numbers, `null` where a
/// coordinate varies.
#[test]
fn positions_have_one_form_in_json() {
    let v = json(&["seq", "nim", "3,_", "--to", "3"]);
    assert_eq!(v["position"], json!([3, null]));
    let v = json(&["table", "nim", "_,_,1", "--max", "1"]);
    assert_eq!(v["position"], json!([null, null, 1]));
    assert_eq!(v["cells"][0]["position"], json!([0, 0, 1]));
    let v = json(&["value", "nim", "3,5"]);
    assert_eq!(v["position"], json!([3, 5]));
}

/// `--format csv --matrix`: the table as a spreadsheet, one line per row coordinate; Nim's
/// cells are the XOR of the row, the column and the fixed pile.
#[test]
fn tables_as_a_matrix() {
    let text = stdout(&[
        "table", "nim", "_,_,1", "--max", "3", "--format", "csv", "--matrix",
    ]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "coordinate 1\\coordinate 2,0,1,2,3");
    for (row, line) in lines[1..].iter().enumerate() {
        let expected: Vec<String> = (0..4).map(|col| (row ^ col ^ 1).to_string()).collect();
        assert_eq!(*line, format!("{row},{}", expected.join(",")));
    }
    // Cells a game does not show (Sharing Nim: row <= column) are empty. By hand: (0,2,2) moves
    // only to (1,1,2) ~ (0,0,1), which has no move, so G(0,2,2) = 1.
    let text = stdout(&[
        "table",
        "sharing-nim",
        "0,_,_",
        "--max",
        "2",
        "--format",
        "csv",
        "--matrix",
    ]);
    assert_eq!(text.lines().nth(3), Some("2,,,1"));
    fails(
        &["table", "nim", "_,_", "--max", "3", "--matrix"],
        "--matrix is a layout of --format csv",
    );
}

/// `--plot`: a picture next to the answer (PNG or SVG by the extension), the answer unchanged.
#[test]
fn plots_of_sequences_tables_and_gaps() {
    let dir_scratch = tempfile::tempdir().unwrap();
    let dir = dir_scratch
        .path()
        .join(format!("grundy-plot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = |name: &str| dir.join(name).display().to_string();
    let plain = stdout(&["seq", "subtraction:s=1,3,4", "--to", "50"]);
    let with = stdout(&[
        "seq",
        "subtraction:s=1,3,4",
        "--to",
        "50",
        "--plot",
        &file("s.png"),
    ]);
    assert_eq!(plain, with);
    stdout(&[
        "table",
        "nim",
        "_,_",
        "--max",
        "40",
        "--plot",
        &file("t.svg"),
    ]);
    stdout(&["gaps", "mark", "--to", "1000", "--plot", &file("g.png")]);
    assert!(std::fs::read(dir.join("s.png"))
        .unwrap()
        .starts_with(b"\x89PNG"));
    assert!(std::fs::read(dir.join("g.png"))
        .unwrap()
        .starts_with(b"\x89PNG"));
    let svg = std::fs::read_to_string(dir.join("t.svg")).unwrap();
    // The game in the title; the axes named by what they are.
    assert!(
        svg.starts_with("<svg")
            && svg.contains("nim: SG values of _,_")
            && svg.contains("pile 1")
            && svg.contains("pile 2")
            && !svg.contains("coordinate"),
        "{}",
        &svg[..200]
    );
    // No blank band under the heat map: 41 rows of square cells fill the height.
    let height: u32 = svg
        .split("height=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap()
        .parse()
        .unwrap();
    assert!(height < 720, "{height}");
    stdout(&["seq", "octal:0.137", "--to", "30", "--plot", &file("h.svg")]);
    let svg = std::fs::read_to_string(dir.join("h.svg")).unwrap();
    assert!(svg.contains("heap size") && svg.contains("octal:0.137: SG values\n"));
    fails(
        &["seq", "nim", "3,_", "--to", "5", "--plot", &file("x.gif")],
        "must end in .svg or .png",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The program segments of an ELF64 file (little-endian): each one's type.
fn segment_types(elf: &[u8]) -> Vec<u32> {
    let word = |at: usize, n: usize| {
        elf[at..at + n]
            .iter()
            .rev()
            .fold(0u64, |x, &b| x << 8 | u64::from(b))
    };
    assert_eq!(&elf[..5], b"\x7fELF\x02", "an ELF64 file");
    let (table, size, count) = (word(0x20, 8) as usize, word(0x36, 2), word(0x38, 2));
    (0..count as usize)
        .map(|i| word(table + i * size as usize, 4) as u32)
        .collect()
}

/// Where `build.rs` found glibc's static archives, or the target is musl, the program is
/// linked statically: it names no interpreter (the dynamic loader, segment type 3), so it loads
/// no shared library, and it has no dynamic section (type 2) unless it relocates itself; and
/// it runs (as every test here shows).
#[test]
fn the_program_is_linked_as_build_rs_says() {
    let elf = std::fs::read(env!("CARGO_BIN_EXE_grundy")).unwrap();
    let types = segment_types(&elf);
    assert!(types.contains(&1), "a loadable segment: {types:?}");
    let (interpreter, dynamic) = (types.contains(&3), types.contains(&2));
    match env!("GRUNDY_LINKED") {
        "static" => assert!(!interpreter && !dynamic, "segments {types:?}"),
        // musl's position-independent static program: its dynamic section lists the
        // addresses it relocates itself, and no library.
        "static-pie" => assert!(!interpreter && dynamic, "segments {types:?}"),
        _ => assert!(interpreter && dynamic, "segments {types:?}"),
    }
    assert!(stdout(&["value", "nim", "1,2"]).starts_with("3\n"));
}
