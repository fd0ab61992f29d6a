//! `digraph:file=G.txt`: games on a directed graph, cycles and draws included, through the
//! commands; the values are checked against a retrograde analysis written here from the rules.

use crate::common;
use common::{fails, grundy, json, stdout};

use std::path::Path;

/// Writes `text` to a fresh file and returns its path (removed when dropped).
fn graph_file(name: &str, text: &str) -> common::Scratch {
    common::scratch_file(name, text)
}

fn spec(path: &Path) -> String {
    format!("digraph:file={}", path.display())
}

/// Outcomes of the vertices `0..n` by plain retrograde analysis (no SG theory): no move is P;
/// a P option makes N; all options N makes P; the rest is D.
fn retrograde(out: &[Vec<usize>]) -> Vec<&'static str> {
    let mut outcome: Vec<Option<&str>> = vec![None; out.len()];
    loop {
        let mut changed = false;
        for u in 0..out.len() {
            if outcome[u].is_none() {
                if out[u].iter().any(|&v| outcome[v] == Some("P")) {
                    outcome[u] = Some("N");
                    changed = true;
                } else if out[u].iter().all(|&v| outcome[v] == Some("N")) {
                    outcome[u] = Some("P");
                    changed = true;
                }
            }
        }
        if !changed {
            return outcome.into_iter().map(|o| o.unwrap_or("D")).collect();
        }
    }
}

#[test]
fn outcomes_on_graphs_with_draws_match_retrograde_analysis() {
    // A few graphs with cycles, self-loops and draws, vertices numbered 0..n.
    let graphs: [&[(usize, usize)]; 4] = [
        &[(0, 1), (1, 2), (2, 0), (2, 3)],
        &[(0, 0), (0, 1), (1, 2), (2, 1), (3, 2), (3, 4)],
        &[(0, 1), (1, 0), (1, 2), (2, 3), (3, 2), (4, 0), (4, 3)],
        &[(0, 1), (1, 2), (2, 3), (3, 0), (0, 4), (2, 4), (5, 5)],
    ];
    for (g, edges) in graphs.iter().enumerate() {
        let n = 1 + edges.iter().map(|&(a, b)| a.max(b)).max().unwrap();
        let mut out = vec![Vec::new(); n];
        let mut text = String::new();
        for v in 0..n {
            text.push_str(&format!("{v}\n"));
        }
        for &(a, b) in edges.iter() {
            out[a].push(b);
            text.push_str(&format!("{a} {b}\n"));
        }
        let path = graph_file(&format!("g{g}.txt"), &text);
        let expected = retrograde(&out);
        for (v, &expected) in expected.iter().enumerate() {
            let answer = json(&["value", &spec(&path), &v.to_string()]);
            assert_eq!(answer["outcome"], expected, "graph {g}, vertex {v}");
            // A D vertex has no finite value; its JSON says so.
            if expected == "D" {
                assert_eq!(answer["value"], serde_json::Value::Null);
                assert_eq!(answer["infinite"], true);
                assert!(answer["finite_options"].is_array());
            }
        }
    }
}

#[test]
fn named_vertices_values_moves_and_sums() {
    let path = graph_file(
        "named.txt",
        "# a three-cycle with an exit, and a vertex that loops\na b\nb c\nc a\nc d\ne e\ne a\n",
    );
    let game = spec(&path);
    // d has no move: 0. c can reach d: 2 (it also reaches a, of value 1). b's only move is to c.
    assert_eq!(json(&["value", &game, "d"])["value"], 0);
    assert_eq!(json(&["value", &game, "b"])["value"], 0);
    assert_eq!(json(&["value", &game, "a"])["value"], 1);
    assert_eq!(json(&["value", &game, "c"])["value"], 2);
    // e: its options are itself and a (value 1), none of value 0: ∞(1), a draw.
    let text = stdout(&["value", &game, "e"]);
    assert!(text.starts_with("∞(1)\n"), "{text}");
    assert!(text.contains("D-position"), "{text}");
    // Two tokens: ∞(1) + 1 = ∞(0), which wins by moving e to a.
    let both = json(&["value", &game, "a,e"]);
    assert_eq!(both["outcome"], "N");
    assert_eq!(both["finite_options"], serde_json::json!([0]));
    let moves = json(&["moves", &game, "e"]);
    let list = moves["moves"].as_array().unwrap();
    assert_eq!(list.len(), 2);
    assert_eq!(moves["winning"], 0);
    assert!(list.iter().any(|m| m["outcome"] == "D"));
    // The same sum through `grundy sum`, with a nim heap of value 1 standing for the token on a.
    let sum = json(&["sum", &game, "e", "nim", "1"]);
    assert_eq!(sum["outcome"], "N");
    assert_eq!(
        sum["winning_moves"][0]["description"],
        "move the token from e to a"
    );
    assert_eq!(json(&["sum", &game, "e", "nim", "2"])["outcome"], "D");
}

#[test]
fn play_keeps_a_draw_and_wins_where_it_can() {
    let path = graph_file("play.txt", "a b\nb a\nb c\nx y\ny x\n");
    // From a the computer (moving first) cannot win: a -> b, and b -> c wins for the mover
    // of b. x is a pure draw: the computer keeps it and the user quits.
    let output = grundy(&["play", &spec(&path), "x", "--computer-first"])
        .write_stdin("quit\n")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("keeps the draw"), "{text}");
    let output = grundy(&["play", &spec(&path), "b", "--computer-first"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("computer: move the token from b to c"),
        "{text}"
    );
    assert!(
        text.contains("you win") || text.contains("computer wins"),
        "{text}"
    );
}

#[test]
fn bad_files_and_positions_are_one_line_errors() {
    let path = graph_file("bad.txt", "a b\nb c d\n");
    fails(&["value", &spec(&path), "a"], "line 2");
    let path = graph_file("ok.txt", "a b\n");
    fails(&["value", &spec(&path), "z"], "not a vertex");
    fails(
        &["value", "digraph:file=/nonexistent/g.txt", "a"],
        "cannot read",
    );
    fails(&["value", "digraph", "a"], "needs the key 'file'");
    fails(
        &["value", "digraph:file=/dev/null", "a"],
        "not a regular file",
    );
    fails(
        &["value", &spec(&graph_file("empty.txt", "# nothing\n")), "a"],
        "no vertex",
    );
    fails(
        &[
            "seq",
            &spec(&graph_file("loop.txt", "0 0\n")),
            "_",
            "--to",
            "0",
        ],
        "no finite SG value",
    );
    let loop2 = graph_file("loop2.txt", "0 0\n");
    fails(
        &["value", &format!("misere-{}", spec(&loop2)), "0"],
        "misère play of games with cycles",
    );
}

#[test]
fn a_fifo_is_refused_at_once_as_a_digraph_or_a_table() {
    let dir_scratch = tempfile::tempdir().unwrap();
    let dir = dir_scratch
        .path()
        .join(format!("grundy-fifo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("f");
    let _ = std::fs::remove_file(&fifo);
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        return; // no mkfifo on this system
    }
    let shown = fifo.display().to_string();
    for args in [
        vec![
            "value".to_string(),
            format!("digraph:file={shown}"),
            "0".into(),
        ],
        vec![
            "value".into(),
            format!("takeaway:table={shown}"),
            "3,3".into(),
        ],
    ] {
        // Without a writer, opening the fifo would block for ever: a timeout is the failure.
        let output = grundy(&args.iter().map(String::as_str).collect::<Vec<_>>())
            .timeout(std::time::Duration::from_secs(20))
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains("not a regular file"), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
    }
    std::fs::remove_file(&fifo).unwrap();
}

#[test]
fn a_sum_with_a_finite_token_whose_option_is_infinite() {
    // 0 is terminal (0); 1 -> 0 (1); 2 has a self-loop and 1: ∞(1); 3 -> 0 and 3 -> 2: the
    // only finite option is 0, and 2 reverses through 1, so 3 has value 1.
    let reversible_file = graph_file("reversible.txt", "1 0\n2 2\n2 1\n3 0\n3 2\n");
    let game = spec(&reversible_file);
    let sum = json(&["sum", &game, "3", &game, "0"]);
    assert_eq!(sum["value"], 1);
    assert_eq!(sum["outcome"], "N");
    // The winning move takes the token from 3 to 0; 3 -> 2 reaches ∞(1) + 0, a draw.
    let winning = sum["winning_moves"].as_array().unwrap();
    assert_eq!(winning.len(), 1, "{sum}");
    assert_eq!(winning[0]["to"], serde_json::json!([0]));
    assert_eq!(json(&["value", &game, "3,0"])["outcome"], "N");
    // An infinite component: the same keys as `value`.
    let sum = json(&["sum", &game, "2", &game, "0"]);
    assert_eq!(sum["outcome"], "D");
    for part in [&sum, &sum["components"][0]] {
        assert_eq!(part["value"], serde_json::Value::Null);
        assert_eq!(part["infinite"], true);
        assert_eq!(part["finite_options"], serde_json::json!([1]));
    }
    let moves = json(&["moves", &game, "3"]);
    let to_two = &moves["moves"][1];
    assert_eq!(to_two["to"], serde_json::json!([2]));
    assert_eq!(to_two["infinite"], true);
    assert_eq!(to_two["finite_options"], serde_json::json!([1]));
    // Errors name the vertex.
    fails(
        &["seq", &game, "_", "--from", "2", "--to", "2"],
        "position 2 ",
    );
}

#[test]
fn positions_are_vertex_names_in_and_out() {
    // `-1` is not a number, so the names are names; `1` names no vertex.
    let minus_file = graph_file("minus.txt", "-1 2\n");
    let numbers = spec(&minus_file);
    fails(&["value", &numbers, "1"], "'1' is not a vertex");
    assert_eq!(json(&["value", &numbers, "2"])["outcome"], "P");
    let minus: serde_json::Value =
        serde_json::from_str(&stdout(&["value", "--json", &numbers, "--", "-1"])).unwrap();
    assert_eq!(minus["outcome"], "N");
    assert_eq!(minus["position"], serde_json::json!(["-1"]));
    // a -> b -> c: values 0, 1, 0.
    let abc_file = graph_file("abc.txt", "a b\nb c\n");
    let game = spec(&abc_file);
    for number in ["0", "1", "2", "3"] {
        fails(&["value", &game, number], "is not a vertex");
        fails(&["remoteness", &game, number], "is not a vertex");
    }
    let value = json(&["value", &game, "b"]);
    assert_eq!(value["position"], serde_json::json!(["b"]));
    assert_eq!(value["value"], 1);
    let moves = json(&["moves", &game, "a,b"]);
    assert_eq!(moves["position"], serde_json::json!(["a", "b"]));
    let tos: Vec<&serde_json::Value> = moves["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| &m["to"])
        .collect();
    assert_eq!(
        tos,
        [
            &serde_json::json!(["b", "b"]),
            &serde_json::json!(["a", "c"])
        ]
    );
    // Every `to` read back answers for the same vertices: b,b is 0, a,c is 0.
    for m in moves["moves"].as_array().unwrap() {
        let names: Vec<&str> = m["to"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_str().unwrap())
            .collect();
        assert_eq!(
            json(&["value", &game, &names.join(",")])["value"],
            m["value"]
        );
    }
    // remoteness and generations read names and write names: a -> b -> c is lost in 2.
    let remote = json(&["remoteness", &game, "a"]);
    assert_eq!(remote["position"], serde_json::json!(["a"]));
    assert_eq!(remote["remoteness"], 2);
    assert_eq!(remote["moves"][0]["to"], serde_json::json!(["b"]));
    let misere = json(&["remoteness", &game, "b", "--misere"]);
    assert_eq!(
        misere["outcome"],
        json(&["value", &game, "b", "--misere"])["outcome"]
    );
    let generations = json(&["generations", &game, "a"]);
    assert_eq!(generations["position"], serde_json::json!(["a"]));
    assert_eq!(generations["generation"], 1);
    let conjunctive = json(&["conjunctive", &game, "a", "nim", "1"]);
    assert_eq!(
        conjunctive["components"][0]["position"],
        serde_json::json!(["a"])
    );
    assert_eq!(
        conjunctive["components"][1]["position"],
        serde_json::json!([1])
    );
    let sum = json(&["sum", &game, "a", "nim", "1"]);
    assert_eq!(sum["components"][0]["position"], serde_json::json!(["a"]));
    assert_eq!(sum["winning_moves"][0]["to"], serde_json::json!(["b"]));
    assert_eq!(sum["winning_moves"][1]["to"], serde_json::json!([0]));
    let text = stdout(&["sum", &game, "a", &game, "b"]);
    assert!(
        text.contains(" a: value 0") && text.contains(" b: value 1"),
        "{text}"
    );
    // seq and table vary numbers, which these positions are not.
    fails(&["seq", &game, "_", "--to", "2"], "vertex names");
    fails(&["table", &game, "_,_", "--max", "2"], "vertex names");
}
