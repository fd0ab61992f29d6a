//! Boards and graphs (Cram, Chomp, Node-Kayles, Arc-Kayles): the commands on their starting
//! positions, against values from the sources named at each test and against the definition.

use crate::common;
use common::{fails, json, stdout, with_input};

#[test]
fn cram_empty_boards_have_the_published_values() {
    // Beling's table of Cram values (README of beling/impartial-games): 4x5 = 2, 5x5 = 0,
    // 4x7 = 3; even x even boards are 0 by the symmetry strategy (Winning Ways ch. 22).
    for (spec, value) in [
        ("cram:4x5", 2),
        ("cram:5x5", 0),
        ("cram:4x7", 3),
        ("cram:6x6", 0),
    ] {
        let answer = json(&["value", spec]);
        assert_eq!(answer["value"], value, "{spec}");
        assert_eq!(answer["outcome"], if value == 0 { "P" } else { "N" });
        assert_eq!(
            answer["position"].as_str().unwrap().matches('/').count() + 1,
            spec[5..6].parse::<usize>().unwrap()
        );
    }
    let text = stdout(&["value", "cram:6x6"]);
    assert!(text.contains("theorem"), "{text}");
}

/// A board whose empty cells are their own half-turn (Winning Ways ch. 22's symmetry strategy,
/// which holds for any such set of cells): 5x5 without its centre cell is won by the second
/// player, who copies each domino by its image; 5x6 without two opposite corners by the first,
/// who takes the central domino of the middle row and then copies.
#[test]
fn cram_boards_that_are_their_own_half_turn_follow_the_symmetry_strategy() {
    let valued = |board: &str| {
        let answer = json(&["value", &format!("cram:board={board}")]);
        let method = answer["method"].as_str().unwrap().to_string();
        (answer["value"].as_u64().unwrap(), method)
    };
    let (value, method) = valued("...../...../..#../...../.....");
    assert_eq!(value, 0);
    assert!(
        method.starts_with("theorem: the empty cells are their own half-turn"),
        "{method}"
    );
    let (value, method) = valued("#...../....../....../....../.....#");
    assert_ne!(value, 0);
    assert!(
        method.contains("not 0 by a theorem: the empty cells are their own half-turn"),
        "{method}"
    );
    // One cell more filled, and the board is no longer its own half-turn: searched.
    let (_, method) = valued("#...../....../....../....../....##");
    assert!(
        method.starts_with("board search") && !method.contains("by a theorem"),
        "{method}"
    );
}

#[test]
fn cram_moves_show_boards_and_mark_the_winning_ones() {
    // On 2x3, a vertical domino at an end leaves a 2x2 board (second player wins by symmetry)
    // and so does the middle one (two columns of two cells: *1 + *1 = 0); each horizontal
    // domino leaves an L of four cells whose three moves leave *1, 0 and *1: value 2.
    let answer = json(&["moves", "cram:2x3"]);
    let moves = answer["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 7);
    let winning: Vec<&str> = moves
        .iter()
        .filter(|m| m["winning"] == true)
        .map(|m| m["to"].as_str().unwrap())
        .collect();
    assert_eq!(winning, vec!["#../#..", ".#./.#.", "..#/..#"]);
    assert_eq!(answer["position"], ".../...");
    let text = stdout(&["moves", "cram:board=..#/...", "..#/..."]);
    assert!(text.contains("domino on r1c1-r1c2"), "{text}");
}

/// `moves cram:4x5` (the example): 4 * 4 + 3 * 5 = 31 dominoes; the mex of the
/// options' values is Beling's published 2; the winning moves are those to value 0; a move and
/// its half-turn image leave the same value.
#[test]
fn cram_4x5_moves_and_play_from_the_empty_board() {
    let answer = json(&["moves", "cram:4x5"]);
    let moves = answer["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 31);
    let value_of = |to: &str| {
        moves
            .iter()
            .find(|m| m["to"] == to)
            .unwrap_or_else(|| panic!("{to}"))["value"]
            .as_u64()
            .unwrap()
    };
    let mut values: Vec<u64> = moves.iter().map(|m| m["value"].as_u64().unwrap()).collect();
    values.sort_unstable();
    values.dedup();
    let mex = (0..).find(|v| !values.contains(v)).unwrap();
    assert_eq!(mex, 2);
    for m in moves {
        assert_eq!(m["winning"] == true, m["value"] == 0, "{m}");
        let to = m["to"].as_str().unwrap();
        let half_turn: String = to.chars().rev().collect();
        assert_eq!(value_of(&half_turn), m["value"].as_u64().unwrap(), "{to}");
    }
    assert!(moves.iter().any(|m| m["winning"] == true));
    let out = with_input(&["play", "cram:4x5"], "hint\nquit\n");
    assert!(
        out.contains("position ...../...../...../..... (value 2)"),
        "{out}"
    );
    assert!(out.contains("it moves to a P-position (value 0)"), "{out}");
}

#[test]
fn cram_boards_are_typed_as_rows() {
    assert_eq!(json(&["value", "cram:2x3", "#../#.."])["value"], 0);
    fails(
        &["value", "cram:2x3", "..../...."],
        "this game's board is 2x3",
    );
    fails(&["value", "cram:2x3", "3,5"], "invalid position");
    fails(&["value", "cram:12x11"], "at most 128 cells");
    fails(&["value", "cram"], "cram needs its board in the spec");
    // A board typed as the position alone: the error says how to write it (issue 52).
    fails(
        &["value", "cram", ".../..."],
        "a size RxC (cram:2x3, then a position like ..#/...",
    );
    // 2x3 has an even side: the first player wins (a central domino, then point symmetry).
    assert_eq!(json(&["value", "cram:board=.../..."])["outcome"], "N");
    fails(&["value", "cram:2x3:board=.../..."], "cram takes one of");
    fails(&["value", "nim"], "give a position");
}

#[test]
fn play_cram_to_the_end() {
    // 1x4 is a heap of 4 in Dawson's Kayles (0.07), value 2: the middle domino wins.
    let out = with_input(&["play", "cram:1x4"], "2\n");
    assert!(out.contains("position .... (value 2)"), "{out}");
    assert!(out.contains("you win"), "{out}");
}

#[test]
fn chomp_rectangles_and_positions() {
    // Gale: every rectangle but 1x1 is an N-position; an L of a column of 3 and a row of 4 is
    // the Nim heaps 2 and 3, value 1; a single row of 5 is a Nim heap of 4.
    for spec in ["chomp:2x3", "chomp:3x3", "chomp:4x7"] {
        assert_eq!(json(&["value", spec])["outcome"], "N", "{spec}");
    }
    assert_eq!(json(&["value", "chomp:3x4", "3,1,1,1"])["value"], 1);
    assert_eq!(json(&["value", "chomp:1x5"])["value"], 4);
    assert_eq!(json(&["value", "chomp:1x1"])["outcome"], "P");
    fails(&["value", "chomp:3x4", "1,2"], "must not increase");
    fails(&["value", "chomp:3x4", "0"], "poisoned square");
    let moves = json(&["moves", "chomp:2x2"]);
    // 2x2: bites at (1,2), (2,1), (2,2); taking the top-right leaves an L of heaps 1 and 1.
    assert_eq!(moves["moves"].as_array().unwrap().len(), 3);
    assert_eq!(moves["winning"], 1);
    // A bar's box fits the dense table; with --checkpoint (which a dense table does not keep)
    // the board search answers, and the two agree: the L of heaps 3 and 2 (column of 4, row
    // of 3) is 3 xor 2 = 1.
    let dense = json(&["value", "chomp:4x3", "4,1,1"]);
    assert_eq!(dense["value"], 1);
    assert!(dense["method"].as_str().unwrap().starts_with("dense table"));
    let dir_scratch = tempfile::tempdir().unwrap();
    let dir = dir_scratch
        .path()
        .join(format!("grundy-chomp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("chomp.ck");
    let searched = json(&[
        "value",
        "chomp:4x3",
        "4,1,1",
        "--checkpoint",
        file.to_str().unwrap(),
    ]);
    assert_eq!(searched["value"], 1);
    assert!(searched["method"]
        .as_str()
        .unwrap()
        .starts_with("board search"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn kayles_on_paths_are_the_octal_games() {
    // Node-Kayles on a path is 0.137 and Arc-Kayles 0.07 (Winning Ways ch. 4): the board
    // search along the size against the octal engine.
    let along = |spec: &str| json(&["seq", spec, "--to", "30"])["values"].clone();
    let octal = |code: &str| json(&["seq", code, "--to", "30"])["values"].clone();
    assert_eq!(along("node-kayles:graph=path:_"), octal("octal:0.137"));
    assert_eq!(along("arc-kayles:graph=path:_"), octal("octal:0.07"));
    // Cycles: one move leaves a path of n - 3 (Node) or n - 2 (Arc): value mex{G(path)}.
    let dawson = octal("octal:0.07");
    let cycles = json(&["seq", "arc-kayles:graph=cycle:_", "--to", "30"]);
    assert_eq!(cycles["from"], 3);
    for (i, v) in cycles["values"].as_array().unwrap().iter().enumerate() {
        let n = i + 3;
        assert_eq!(*v, u64::from(dawson[n - 2] == 0), "cycle:{n}");
    }
}

/// Issue 52: `--analyze` and `--plot` along a graph size, like any sequence; the period is only
/// observed (no theorem speaks of these sequences).
#[test]
fn sequences_along_a_graph_size_are_analysed_and_drawn() {
    let dawson = json(&["seq", "octal:0.07", "--to", "40"])["values"].clone();
    let seq = json(&["seq", "arc-kayles:graph=cycle:_", "--to", "40", "--analyze"]);
    let values: Vec<u64> = seq["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    for (i, &v) in values.iter().enumerate() {
        assert_eq!(v, u64::from(dawson[i + 1] == 0), "cycle:{}", i + 3);
    }
    let a = &seq["analysis"];
    assert_eq!(a["proven"], false);
    assert_eq!(a["max"], 1);
    assert!(a["notes"][0].as_str().unwrap().contains("observed"), "{a}");
    // To 40 it sees no period (Dawson's Kayles, whose P-positions these are, has period 34
    // only from heap 52 on).
    assert_eq!(a["period"], serde_json::Value::Null);
    // Arc-Kayles on K_n: a move leaves K_(n-2), so the values go 0, 0, 1, 1, 0, 0, ... from
    // n = 0 (the empty graph): period 4 from the start, observed, not proven.
    let complete = json(&[
        "seq",
        "arc-kayles:graph=complete:_",
        "--to",
        "30",
        "--analyze",
    ]);
    for (n, v) in complete["values"].as_array().unwrap().iter().enumerate() {
        assert_eq!(*v, u64::from(n / 2 % 2 == 1), "K_{n}");
    }
    assert_eq!(complete["analysis"]["period"], 4);
    assert_eq!(complete["analysis"]["preperiod"], 0);
    assert_eq!(complete["analysis"]["proven"], false);
    let text = stdout(&["seq", "arc-kayles:graph=cycle:_", "--to", "20", "--analyze"]);
    assert!(text.contains("max: 1"), "{text}");
    let scratch = common::scratch_dir();
    let svg = scratch.join("cycles.svg");
    stdout(&[
        "seq",
        "node-kayles:graph=cycle:_",
        "--to",
        "12",
        "--plot",
        svg.to_str().unwrap(),
    ]);
    let drawn = std::fs::read_to_string(&svg).unwrap();
    assert!(
        drawn.contains("node-kayles:graph=cycle:_"),
        "the title names the spec"
    );
    fails(
        &[
            "seq",
            "arc-kayles:graph=cycle:_",
            "--to",
            "9",
            "--analyze",
            "--format",
            "csv",
        ],
        "--analyze",
    );
}

#[test]
fn node_kayles_on_named_graphs() {
    // K_5: any vertex takes everything (value 1). Petersen: value from the definition in the
    // library's tests; here its outcome and the shape of its answer.
    assert_eq!(json(&["value", "node-kayles:graph=complete:5"])["value"], 1);
    let petersen = json(&["value", "node-kayles:graph=petersen"]);
    assert_eq!(petersen["position"], "0,1,2,3,4,5,6,7,8,9");
    let moves = json(&["moves", "node-kayles:graph=petersen", "0,1,2"]);
    // 0-1-2 is a path of three: the middle vertex takes all (value 0 left), so it wins.
    let winning: Vec<&str> = moves["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["winning"] == true)
        .map(|m| m["to"].as_str().unwrap())
        .collect();
    assert_eq!(winning, vec!["none"]);
    fails(
        &["value", "node-kayles:graph=petersen", "10"],
        "not a vertex",
    );
    fails(&["value", "arc-kayles:graph=star:3"], "unknown graph");
    let dir = tempfile_dir();
    let file = dir.join("square.txt");
    std::fs::write(&file, "# a 4-cycle with names\na b\nb c\nc d\nd a\n").unwrap();
    let spec = format!("arc-kayles:graph=file={}", file.display());
    // C_4 in Arc-Kayles: an edge leaves the opposite edge, value 1, so C_4 is 0.
    let answer = json(&["value", &spec]);
    assert_eq!(answer["value"], 0);
    assert_eq!(answer["position"], "a,b,c,d");
    assert_eq!(json(&["value", &spec, "a,b"])["value"], 1);
}

#[test]
fn the_search_keeps_its_table_in_a_checkpoint_and_a_rerun_reads_it() {
    let dir = tempfile_dir();
    let path = dir.join("cram.table");
    let args = [
        "value",
        "cram:5x6",
        "--checkpoint",
        path.to_str().unwrap(),
        "--memory",
        "16M",
    ];
    let first = stdout(&args);
    assert!(path.exists() || first.contains("value 2"), "{first}");
    // A checkpoint is written at the end of an interrupted run; a finished run leaves the file
    // it loaded (none here). The value is the same with a tiny table.
    let tiny = json(&["value", "cram:5x6", "--memory", "64K"]);
    assert_eq!(tiny["value"], 2);
    // 5x6 is searched (4x5 or 5x5 would be one region of the endgame tables).
    assert!(tiny["method"].as_str().unwrap().starts_with("board search"));
    fails(
        &["value", "cram:5x6", "--memory", "12Q"],
        "not a memory size",
    );
}

#[test]
fn the_output_is_the_same_whatever_the_threads() {
    // Several searches share the table and the first answer is taken: stdout, text and JSON,
    // must not depend on how many (the positions searched, which do, are not printed there).
    // 4x6 is answered by the symmetry theorem and 4x7 (3 in Beling's table) by the endgame
    // table; 5x6 (2), 3x9 and the moves of 3x9 (options of 25 cells, a box without an
    // endgame table) are searched.
    for args in [
        &["value", "cram:4x6"][..],
        &["value", "cram:4x7"],
        &["value", "cram:5x6"],
        &["value", "cram:3x9", "--memory", "64K"],
        &["moves", "cram:3x9"],
        &["value", "node-kayles:graph=grid:4x5"],
    ] {
        for format in [&[][..], &["--json"]] {
            let with = |threads: &str| {
                let mut all = vec!["--threads", threads];
                all.extend_from_slice(args);
                all.extend_from_slice(format);
                stdout(&all)
            };
            let one = with("1");
            assert!(!one.contains("positions searched"), "{one}");
            assert_eq!(one, with("2"), "{args:?} {format:?}");
            assert_eq!(one, with("3"), "{args:?} {format:?}");
        }
    }
    assert!(stdout(&["--threads", "2", "value", "cram:5x6"]).starts_with("2\n"));
    assert!(stdout(&["--threads", "2", "value", "cram:4x7"]).starts_with("3\n"));
}

fn tempfile_dir() -> common::Scratch {
    common::scratch_dir()
}

/// Issue 50, item 17: a board with an empty row (`...//...`, a `/` at an end) had it dropped,
/// and a set of vertices or edges listing one twice read as the set without the repeat: one
/// `error:` line each.
#[test]
fn boards_and_sets_are_read_as_written_or_refused() {
    for board in ["...//...", ".../.../", "/.../...", "../", "/"] {
        fails(&["value", &format!("cram:board={board}")], "an empty row");
        fails(&["value", "cram:2x3", board], "an empty row");
    }
    fails(&["value", "cram:board="], "no rows");
    fails(
        &["value", "node-kayles:graph=petersen", "0,0,1"],
        "'0' is listed twice",
    );
    fails(
        &["value", "arc-kayles:graph=path:4", "1,2,2"],
        "'2' is listed twice",
    );
    fails(
        &["value", "hackenbush:stalks=3", "0,1,1"],
        "'1' is listed twice",
    );
    // As written, they still read: two rows of three; vertices 0 and 1 of the Petersen graph
    // (adjacent: one move takes both, value 1); stalk edges 0 and 1 (a stalk of two, Nim 2).
    assert_eq!(
        json(&["value", "cram:board=.../..#"])["position"],
        ".../..#"
    );
    assert_eq!(
        json(&["value", "node-kayles:graph=petersen", "0,1"])["value"],
        1
    );
    assert_eq!(json(&["value", "hackenbush:stalks=3", "0,1"])["value"], 2);
}
