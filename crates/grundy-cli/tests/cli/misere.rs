//! `--misere`: every command that evaluates positions, checked against the definition of misère
//! play written here from the rules alone (a position with no move is won by the player to
//! move; otherwise it is lost exactly when every move reaches a won position), and the
//! refusals of the commands where misère play has no meaning.

use crate::common;
use common::{fails, grundy, json, stdout};
use std::collections::HashMap;

/// The moves of a heap game given by the rules of its code digits `d1 d2 ...` (octal): taking
/// `k` tokens from a heap may leave 0, 1 or 2 heaps as digit `k` allows (bit 1: none left,
/// bit 2: one heap, bit 4: two heaps). Positions are sorted heaps without zeros.
fn octal_options(code: &[u8], heaps: &[u64]) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for (i, &n) in heaps.iter().enumerate() {
        let rest: Vec<u64> = heaps
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, &h)| h)
            .collect();
        for (k, &digit) in code.iter().enumerate() {
            let k = k as u64 + 1;
            if k > n {
                break;
            }
            let left = n - k;
            let mut leaves: Vec<Vec<u64>> = Vec::new();
            if digit & 1 != 0 && left == 0 {
                leaves.push(vec![]);
            }
            if digit & 2 != 0 && left > 0 {
                leaves.push(vec![left]);
            }
            if digit & 4 != 0 && left >= 2 {
                for a in 1..=left / 2 {
                    leaves.push(vec![a, left - a]);
                }
            }
            for parts in leaves {
                let mut next = rest.clone();
                next.extend(parts);
                next.sort_unstable();
                out.push(next);
            }
        }
    }
    out
}

/// Whether the player to move wins `heaps` under misère play (memoised definition).
fn misere_wins(code: &[u8], heaps: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    let mut key: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
    key.sort_unstable();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let options = octal_options(code, &key);
    let w = options.is_empty() || options.iter().any(|o| !misere_wins(code, o, memo));
    memo.insert(key, w);
    w
}

const KAYLES: &[u8] = &[7, 7];
const DAWSON_KAYLES: &[u8] = &[0, 7];

/// Nim's misère outcome by the definition.
fn nim_wins(piles: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    let mut key = piles.to_vec();
    key.sort_unstable();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut options = Vec::new();
    for i in 0..key.len() {
        for t in 0..key[i] {
            let mut o = key.clone();
            o[i] = t;
            options.push(o);
        }
    }
    let w = options.is_empty() || options.iter().any(|o| !nim_wins(o, memo));
    memo.insert(key, w);
    w
}

fn outcome(wins: bool) -> &'static str {
    if wins {
        "N"
    } else {
        "P"
    }
}

#[test]
fn value_nim_3_5_6_misere() {
    let answer = json(&["value", "nim", "3,5,6", "--misere"]);
    let want = outcome(nim_wins(&[3, 5, 6], &mut HashMap::new()));
    assert_eq!(answer["outcome"], want);
    assert_eq!(answer["outcome"], "P");
    assert_eq!(answer["play"], "misere");
    assert_eq!(answer["game"], "misere-nim");
    // G- of a P-position is 0.
    assert_eq!(answer["value"], 0);
    let text = stdout(&["value", "nim", "3,5,6", "--misere"]);
    assert!(text.contains("P-position"), "{text}");
}

#[test]
fn value_agrees_with_the_definition_on_small_nim_and_kayles() {
    let mut memo = HashMap::new();
    for piles in [
        [1, 1, 1],
        [1, 1, 0],
        [2, 2, 0],
        [2, 3, 1],
        [1, 4, 5],
        [7, 7, 1],
    ] {
        let pos = format!("{},{},{}", piles[0], piles[1], piles[2]);
        let answer = json(&["value", "nim", &pos, "--misere"]);
        assert_eq!(
            answer["outcome"],
            outcome(nim_wins(&piles, &mut memo)),
            "{pos}"
        );
    }
    let mut memo = HashMap::new();
    for heaps in [
        vec![1],
        vec![2],
        vec![4],
        vec![5],
        vec![3, 3],
        vec![1, 4, 6],
        vec![9],
    ] {
        let pos: Vec<String> = heaps.iter().map(u64::to_string).collect();
        let answer = json(&["value", "kayles", &pos.join(","), "--misere"]);
        assert_eq!(
            answer["outcome"],
            outcome(misere_wins(KAYLES, &heaps, &mut memo)),
            "{heaps:?}"
        );
    }
}

#[test]
fn the_misere_prefix_is_the_flag() {
    assert_eq!(
        json(&["value", "misere-kayles", "5"]),
        json(&["value", "kayles", "5", "--misere"])
    );
    fails(&["value", "misere-misere-kayles", "5"], "once");
}

#[test]
fn huge_nim_positions_get_bouton_s_rule() {
    // Beyond the search: the outcome from the closed form, the value unknown.
    let answer = json(&["value", "nim", "1000000000,3,1000000003", "--misere"]);
    assert_eq!(answer["outcome"], "P");
    assert!(answer["value"].is_null());
    assert!(answer["method"].as_str().unwrap().contains("Bouton"));
    let answer = json(&["value", "nim", "1,1,1,1", "--misere"]);
    assert_eq!(answer["outcome"], "N");
}

#[test]
fn moves_kayles_4_7_misere() {
    let answer = json(&["moves", "kayles", "4,7", "--misere"]);
    assert_eq!(answer["play"], "misere");
    let mut memo = HashMap::new();
    let moves = answer["moves"].as_array().unwrap();
    let options = octal_options(KAYLES, &[4, 7]);
    assert_eq!(moves.len(), options.len());
    let mut winning = 0;
    for m in moves {
        let to: Vec<u64> = m["to"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect();
        let want = !misere_wins(KAYLES, &to, &mut memo);
        assert_eq!(m["winning"], want, "{to:?}");
        assert_eq!(m["value"] == 0, want);
        winning += usize::from(want);
    }
    assert_eq!(answer["winning"], winning);
    assert!(winning > 0, "kayles 4,7 is a misère N-position");
    assert!(misere_wins(KAYLES, &[4, 7], &mut memo));
}

#[test]
fn moves_of_a_finished_game_say_the_mover_has_won() {
    let text = stdout(&["moves", "nim", "0,0", "--misere"]);
    assert!(text.contains("has won"), "{text}");
}

#[test]
fn seq_and_table_give_misere_values() {
    // G- of a Nim heap: 1, 0, 2, 3, 4, ... (0 and 1 swap).
    let seq = json(&["seq", "nim", "_", "--to", "6", "--misere"]);
    assert_eq!(seq["play"], "misere");
    assert_eq!(seq["values"], serde_json::json!([1, 0, 2, 3, 4, 5, 6]));
    // Kayles heaps: P exactly where the definition says.
    let seq = json(&["seq", "kayles", "--to", "20", "--misere"]);
    let mut memo = HashMap::new();
    for (n, v) in seq["values"].as_array().unwrap().iter().enumerate() {
        assert_eq!(
            v == 0,
            !misere_wins(KAYLES, &[n as u64], &mut memo),
            "kayles {n}"
        );
    }
    let analyzed = json(&["seq", "kayles", "--to", "30", "--misere", "--analyze"]);
    assert_eq!(analyzed["analysis"]["proven"], false);
    let table = json(&["table", "nim", "_,_", "--max", "3", "--misere"]);
    assert_eq!(table["play"], "misere");
    assert!(json(&["table", "nim", "_,_", "--max", "3"])
        .get("play")
        .is_none());
    assert!(json(&["seq", "nim", "_", "--to", "3"])
        .get("play")
        .is_none());
    let mut memo = HashMap::new();
    for cell in table["cells"].as_array().unwrap() {
        let p: Vec<u64> = cell["position"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect();
        assert_eq!(cell["value"] == 0, !nim_wins(&p, &mut memo), "{p:?}");
    }
}

#[test]
fn a_misere_sum_is_decided_as_a_whole() {
    // kayles 3 + kayles 4,2 is the position 2,3,4 of kayles.
    let mut memo = HashMap::new();
    let sum = json(&["sum", "kayles", "3", "kayles", "4,2", "--misere"]);
    assert_eq!(sum["play"], "misere");
    assert_eq!(
        sum["outcome"],
        outcome(misere_wins(KAYLES, &[2, 3, 4], &mut memo))
    );
    // Different games: nim 3 + kayles 4, by the definition over both.
    fn wins(nim: u64, kayles: &[u64], memo: &mut HashMap<(u64, Vec<u64>), bool>) -> bool {
        let key = (nim, kayles.to_vec());
        if let Some(&w) = memo.get(&key) {
            return w;
        }
        let mut any_move = nim > 0;
        let mut w = (0..nim).any(|t| !wins(t, kayles, memo));
        for o in octal_options(KAYLES, kayles) {
            any_move = true;
            w |= !wins(nim, &o, memo);
        }
        let w = w || !any_move;
        memo.insert(key, w);
        w
    }
    let mut memo = HashMap::new();
    for (n, k) in [(3u64, 4u64), (1, 1), (2, 2), (0, 5), (4, 6)] {
        let sum = json(&[
            "sum",
            "nim",
            &n.to_string(),
            "kayles",
            &k.to_string(),
            "--misere",
        ]);
        let want = wins(n, &[k], &mut memo);
        assert_eq!(sum["outcome"], outcome(want), "nim {n} + kayles {k}");
        let winning = sum["winning_moves"].as_array().unwrap();
        assert_eq!(winning.is_empty(), !want);
        for m in winning {
            let to: Vec<u64> = m["to"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_u64().unwrap())
                .collect();
            let after = if m["component"] == 0 {
                wins(to[0], &[k], &mut memo)
            } else {
                wins(n, &to, &mut memo)
            };
            assert!(!after, "a winning move reaches a P-position");
        }
    }
    // Nim beyond the search: Bouton's rule on all the piles.
    let sum = json(&[
        "sum",
        "nim",
        "1000000000",
        "nim",
        "1000000000,1",
        "--misere",
    ]);
    assert_eq!(sum["outcome"], "N");
}

#[test]
fn the_misere_prefix_works_in_sum() {
    // misere-nim 3 + misere-kayles 4 is the sum above under misère play; the prefix on every
    // component is the flag.
    fn wins(nim: u64, kayles: &[u64], memo: &mut HashMap<(u64, Vec<u64>), bool>) -> bool {
        if let Some(&w) = memo.get(&(nim, kayles.to_vec())) {
            return w;
        }
        let options = octal_options(KAYLES, kayles);
        let w = (nim == 0 && options.is_empty())
            || (0..nim).any(|t| !wins(t, kayles, memo))
            || options.iter().any(|o| !wins(nim, o, memo));
        memo.insert((nim, kayles.to_vec()), w);
        w
    }
    let want = outcome(wins(3, &[4], &mut HashMap::new()));
    let prefixed = json(&["sum", "misere-nim", "3", "misere-kayles", "4"]);
    assert_eq!(prefixed["play"], "misere");
    assert_eq!(prefixed["outcome"], want);
    let flagged = json(&["sum", "nim", "3", "kayles", "4", "--misere"]);
    assert_eq!(prefixed, flagged);
    let both = json(&["sum", "misere-nim", "3", "kayles", "4", "--misere"]);
    assert_eq!(both, flagged);
    // One convention per sum: a prefix on some components only is refused.
    fails(&["sum", "misere-nim", "3", "kayles", "4"], "one convention");
}

#[test]
fn a_few_large_heaps_get_their_misere_outcome() {
    // Once refused after seconds ("more than 100000000 numbers of positions"): G- needs every
    // option's value, the outcome stops at the first P option.
    let mut memo = HashMap::new();
    // 7,35,38 and 33,33,37 are in BENCHMARKS.md (too slow for a debug test build).
    let heaps = [32u64, 38];
    let answer = json(&["value", "dawson-kayles", "32,38", "--misere"]);
    let want = outcome(misere_wins(DAWSON_KAYLES, &heaps, &mut memo));
    assert_eq!(answer["outcome"], want);
    match answer["value"].as_u64() {
        Some(v) => assert_eq!(v == 0, want == "P"),
        None => assert!(answer["method"]
            .as_str()
            .unwrap()
            .contains("first P option")),
    }
    // The sum of the same heaps as components, with its winning moves.
    let sum = json(&[
        "sum",
        "dawson-kayles",
        "32",
        "dawson-kayles",
        "38",
        "--misere",
    ]);
    assert_eq!(
        sum["outcome"],
        outcome(misere_wins(DAWSON_KAYLES, &[32, 38], &mut memo))
    );
    for m in sum["winning_moves"].as_array().unwrap() {
        let mut heaps: Vec<u64> = m["to"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect();
        heaps.push(if m["component"] == 0 { 38 } else { 32 });
        assert!(!misere_wins(DAWSON_KAYLES, &heaps, &mut memo), "{m}");
    }
}

#[test]
fn play_dawson_kayles_9_misere() {
    // Dawson's Kayles heap 9 under misère play, by the definition.
    let mut memo = HashMap::new();
    let first_wins = misere_wins(DAWSON_KAYLES, &[9], &mut memo);
    // The computer moves first and must win exactly when heap 9 is an N-position: it always
    // moves to a P-position, so whatever the user answers, the computer ends the game.
    let output = grundy(&["play", "dawson-kayles", "9", "--misere", "--computer-first"])
        .write_stdin("1\n1\n1\n1\n1\n")
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("misère play"), "{text}");
    assert!(first_wins, "heap 9 is a misère N-position");
    assert!(text.contains("no moves left: the computer wins."), "{text}");
    // Every position the computer moved to is a misère P-position.
    for line in text.lines().filter(|l| l.starts_with("computer: ")) {
        let to = line
            .split(" -> ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap();
        let heaps: Vec<u64> = to.split(',').map(|h| h.parse().unwrap()).collect();
        assert!(!misere_wins(DAWSON_KAYLES, &heaps, &mut memo), "{line}");
    }
}

#[test]
fn remoteness_under_misere_play() {
    // Misère Nim 1,1: take one, the opponent must take the last: N in 2 moves.
    let r = json(&["remoteness", "nim", "1,1", "--misere"]);
    assert_eq!(r["play"], "misere");
    assert_eq!(r["outcome"], "N");
    assert_eq!(r["remoteness"], 2);
    // A finished game is won by the player to move, in 0 moves.
    let r = json(&["remoteness", "nim", "0", "--misere"]);
    assert_eq!(r["outcome"], "N");
    assert_eq!(r["remoteness"], 0);
    // Outcomes agree with the definition.
    let mut memo = HashMap::new();
    for piles in [[1u64, 1, 1], [2, 2, 0], [2, 3, 1], [1, 4, 5]] {
        let pos = format!("{},{},{}", piles[0], piles[1], piles[2]);
        let r = json(&["remoteness", "nim", &pos, "--misere"]);
        assert_eq!(r["outcome"], outcome(nim_wins(&piles, &mut memo)), "{pos}");
    }
}

#[test]
fn genus_of_heap_games() {
    let nim = json(&["seq", "nim", "--genus", "--to", "4"]);
    let notations: Vec<&str> = nim["heaps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["notation"].as_str().unwrap())
        .collect();
    assert_eq!(
        notations,
        ["0^{120}", "1^{031}", "2^{20}", "3^{31}", "4^{46}"]
    );
    let kayles = json(&["seq", "kayles", "--genus", "--to", "6"]);
    for h in kayles["heaps"].as_array().unwrap() {
        let heap = h["heap"].as_u64().unwrap();
        // γ0 = G-(heap): 0 exactly at the misère P-positions.
        let gamma0 = h["genus"][0].as_u64().unwrap();
        assert_eq!(
            gamma0 == 0,
            !misere_wins(KAYLES, &[heap], &mut HashMap::new())
        );
    }
    // Every superscript proven; Kayles is tame up to heap 4 and wild at 5, where the normal
    // value is 4 and G- is 1 (no tame genus has both).
    let heaps = kayles["heaps"].as_array().unwrap();
    assert!(heaps.iter().all(|h| h["proven"] == true));
    assert_eq!(heaps[4]["tame"], true);
    assert_eq!(heaps[5]["tame"], false);
    assert_eq!(heaps[5]["value"], 4);
    assert_eq!(heaps[5]["genus"][0], 1);
    // The label says which tameness: Conway's over every reachable position (heap 6 is
    // genus-wild, its follower 5 being wild), not CGSuite's IsTame on canonical forms.
    let tameness = kayles["tameness"].as_str().unwrap();
    assert!(tameness.contains("every position reachable"), "{tameness}");
    assert!(tameness.contains("Not CGSuite's IsTame"), "{tameness}");
    let text = stdout(&["seq", "kayles", "--genus", "--from", "6", "--to", "6"]);
    assert!(text.contains("genus-wild (the position 5"), "{text}");
    assert!(
        text.contains("genus-tame: every position reachable"),
        "{text}"
    );
    let help = stdout(&["seq", "--help"]);
    assert!(help.contains("not CGSuite's IsTame"), "{help}");
    let csv = stdout(&["seq", "kayles", "--genus", "--to", "3", "--format", "csv"]);
    assert!(
        csv.starts_with("heap,value,genus,notation,tame,genus_cgsuite,is_tame_cgsuite\n"),
        "{csv}"
    );
    fails(
        &["seq", "subtraction:s=1,2", "--genus", "--to", "3"],
        "heap games",
    );
    fails(
        &["seq", "kayles", "--genus", "--to", "3", "--misere"],
        "--misere",
    );
}

#[test]
fn commands_without_misere_play_refuse_the_flag_in_one_line() {
    for args in [
        vec!["base", "takeaway:f=2*k", "--to", "10", "--misere"],
        vec!["gaps", "imark:s=1:d=2,3", "--to", "10", "--misere"],
        vec![
            "count", "nim", "--piles", "3", "--by", "max", "--to", "5", "--misere",
        ],
        vec![
            "evolve",
            "nim",
            "--piles",
            "3",
            "--generations",
            "2",
            "--misere",
        ],
        vec!["uw", "1,2,3", "--misere"],
        vec!["verify", "nim-bounds", "--misere"],
        vec!["reproduce", "--quick", "--misere"],
        vec!["period", "kayles", "--misere"],
        vec!["generations", "nim", "1,2", "--misere"],
        vec!["conjunctive", "nim", "1", "nim", "2", "--misere"],
        // The command is found past the value of `--threads`.
        vec!["--threads", "2", "period", "kayles", "--misere"],
    ] {
        fails(&args, "misère play has no meaning");
        let output = grundy(&args).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.contains("-- --misere"), "{stderr}");
    }
}

#[test]
fn normal_play_is_unchanged() {
    // The flag off: the same answers as before (a value, no "play" key).
    let answer = json(&["value", "nim", "3,5,6"]);
    assert_eq!(answer["value"], 0);
    assert!(answer.get("play").is_none());
    assert_eq!(answer["game"], "nim");
}

#[test]
fn huge_nim_moves_come_from_bouton_s_rule() {
    // Too many moves to list: the closed form's winning moves only, each to a position with a
    // pile of 2 or more and nim-sum 0 (Bouton's misère P-positions there).
    let answer = json(&["moves", "nim", "1000000000000,5,1000000000004", "--misere"]);
    assert_eq!(answer["complete"], false);
    assert_eq!(answer["play"], "misere");
    let moves = answer["moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    for m in moves {
        let to: Vec<u64> = m["to"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect();
        assert!(to.iter().any(|&p| p >= 2));
        assert_eq!(to.iter().fold(0, |x, p| x ^ p), 0, "{to:?}");
    }
}

/// Heaps far beyond any search: `value`, `moves` and `sum` answer from Kayles's misère quotient,
/// proven the same for every heap size (what `grundy quotient kayles --heaps 167` proves).
#[test]
fn huge_heaps_are_answered_from_a_proven_quotient() {
    for (position, outcome) in [("10^18,3", "N"), ("10^18,1", "P"), ("10^18,4", "P")] {
        let v = json(&["value", "kayles", position, "--misere"]);
        assert_eq!(v["outcome"], outcome, "{position}: {v}");
        assert!(v["value"].is_null(), "{v}");
        let method = v["method"].as_str().unwrap();
        assert!(method.contains("misère quotient (proven"), "{method}");
        // The quotient command agrees.
        let q = stdout(&[
            "quotient",
            "kayles",
            "--heaps",
            "167",
            "--position",
            position,
        ]);
        assert!(q.contains(&format!("misère outcome {outcome}")), "{q}");
    }
    let text = stdout(&["value", "kayles", "10^18,3", "--misere"]);
    assert!(text.contains('N'), "{text}");
    // A sum that is a P-position has no winning move to list; an N-position's moves are too
    // many, and the refusal names the command that gives its outcome.
    let sum = json(&["sum", "kayles", "10^18", "kayles", "1", "--misere"]);
    assert_eq!(sum["outcome"], "P", "{sum}");
    fails(
        &["sum", "kayles", "10^18", "kayles", "3", "--misere"],
        "grundy value kayles 1000000000000000000,3 --misere",
    );
    // Moves of a position with a heap past the search, each option from the quotient.
    let moves = json(&["moves", "kayles", "400,3", "--misere"]);
    let winning: Vec<&serde_json::Value> = moves["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["winning"] == true)
        .collect();
    assert!(!winning.is_empty(), "{moves}");
    for m in winning {
        let to: Vec<String> = m["to"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h.to_string())
            .collect();
        let q = stdout(&[
            "quotient",
            "kayles",
            "--heaps",
            "167",
            "--position",
            &to.join(","),
        ]);
        assert!(q.contains("misère outcome P"), "{to:?}: {q}");
    }
}

/// Where no quotient answers (0.6's grows past the 1024 elements tried), the refusal names
/// the `grundy quotient` command: with the heap bound when it is within the command's reach.
#[test]
fn a_refusal_of_the_misere_search_names_the_quotient_command() {
    fails(
        &["value", "octal:0.6", "3000,3000,3000", "--misere"],
        "grundy quotient octal:0.6 --heaps 3000 --position 3000,3000,3000",
    );
    fails(
        &["value", "octal:0.6", "10^18,3", "--misere"],
        "grundy quotient octal:0.6 --heaps N",
    );
}

/// `seq --genus` writes each heap's row as it is done: the first rows of Kayles are on stdout
/// while the larger heaps still compute (a heap below 40 meets the search's limit, after
/// minutes; the library's `heaps_come_one_by_one_and_a_limit_names_its_heap` meets one
/// quickly).
#[test]
fn genus_rows_are_written_as_each_heap_is_done() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
        .args(["seq", "kayles", "--genus", "--to", "40", "--format", "csv"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    assert_eq!(
        lines.next().unwrap().unwrap(),
        "heap,value,genus,notation,tame,genus_cgsuite,is_tame_cgsuite"
    );
    for heap in 0..5 {
        let row = lines.next().unwrap().unwrap();
        assert!(row.starts_with(&format!("{heap},")), "{row}");
    }
    let running = child.try_wait().unwrap().is_none();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(running, "the genus ended before its first rows were read");
}

/// Issue 29: `seq --genus` names both tameness notions; CGSuite's IsTame (from the misère
/// canonical form) calls Kayles 6 and 8 tame where genus-tameness calls them wild.
#[test]
fn genus_rows_carry_cgsuites_tameness_beside_genus_tameness() {
    let kayles = json(&["seq", "kayles", "--genus", "--to", "9"]);
    let heaps = kayles["heaps"].as_array().unwrap();
    let is_tame: Vec<bool> = heaps
        .iter()
        .map(|h| h["cgsuite"]["is_tame"].as_bool().unwrap())
        .collect();
    // 0..4 are Nim heaps; 5 (restless, genus 4^146), 7 (through the wild 5) and 9 are not
    // hereditarily tame; 6 is *3 and 8 is *2 + *3 (CGSuite's GameHeapTest: genus "3", "1^1").
    assert_eq!(
        is_tame,
        [true, true, true, true, true, false, true, false, true, false]
    );
    assert_eq!(heaps[6]["tame"], false);
    assert_eq!(heaps[6]["cgsuite"]["genus"], "3");
    assert_eq!(heaps[8]["cgsuite"]["genus"], "1^1");
    assert!(kayles["cgsuite_tameness"]
        .as_str()
        .unwrap()
        .starts_with("IsTame: CGSuite's"));
    let text = stdout(&["seq", "kayles", "--genus", "--from", "6", "--to", "6"]);
    assert!(text.contains("IsTame     genus-wild"), "{text}");
}

#[test]
fn misere_canonical_forms() {
    // Kayles 6 is misère-equal to *3 (CGSuite's GameHeapTest: genus "3", a Nim heap).
    let text = stdout(&["value", "kayles", "6", "--misere", "--canonical"]);
    assert!(text.starts_with("*[3]\n"), "{text}");
    assert!(text.contains("birthday 3"), "{text}");
    assert!(
        text.contains("genus 3^{31} (Conway), 3 (CGSuite)"),
        "{text}"
    );
    assert!(
        text.contains("CGSuite IsTame: true (phylum: nim heap)"),
        "{text}"
    );
    let five = json(&["value", "misere-kayles", "5", "--canonical"]);
    let c = &five["canonical"];
    assert_eq!(c["genus_cgsuite"], "4^146");
    assert_eq!(c["genus"], "4^{146}");
    assert_eq!(c["cgsuite_tame"], false);
    assert_eq!(
        (c["nim_value"].as_u64(), c["misere_value"].as_u64()),
        (Some(4), Some(1))
    );
    // A sum: Kayles 6 + 6 = *3 + *3 = *2 + *2, since *3 = *2 + * and * + * = 0 in misère
    // play (ONAG ch. 12); CGSuite writes *2 + *2 as 2[2] (MisereCanonicalGameTestCase.scala).
    let sum = json(&["value", "kayles", "6,6", "--misere", "--canonical"]);
    assert_eq!(sum["canonical"]["form"], "*[2[2]]");
    // A game without heaps is built from its game tree. CGSuite's GameGridTest.scala
    // (aaron-siegel/cgsuite): Cram(".........|##.######").MisereCanonicalForm = *[2[2]321].
    let cram = json(&[
        "value",
        "cram:board=........./##.######",
        "--misere",
        "--canonical",
    ]);
    assert_eq!(cram["canonical"]["form"], "*[2[2]321]");
    let sub = json(&["value", "subtraction:s=1,2", "7", "--misere", "--canonical"]);
    assert_eq!(sub["canonical"]["nim_value"], 1);
    fails(&["value", "kayles", "6", "--canonical"], "--misere");
    // A form too long to print is omitted with its limit named; the rest is still given.
    let big = json(&["value", "kayles", "20", "--misere", "--canonical"]);
    assert!(big["canonical"]["form"].is_null());
    assert!(big["canonical"]["form_omitted"]
        .as_str()
        .unwrap()
        .contains("MAX_FORM_CHARS"));
    assert_eq!(big["canonical"]["genus_cgsuite"], "1^031");
}

/// Runs a command that must be refused the documented way ([`fails`]) within `seconds`: an
/// up-front refusal, counted before any search (a debug build, so a generous bound).
fn refused_at_once(args: &[&str], fragment: &str, seconds: u64) {
    let start = std::time::Instant::now();
    fails(args, fragment);
    let took = start.elapsed();
    assert!(
        took < std::time::Duration::from_secs(seconds),
        "grundy {args:?} took {took:?}: not refused up front"
    );
}

/// Issue 29's slow cases, refused from a count of the work before searching: the all-but
/// position from the heaps each heap reaches alone, the Sharing Nim table from its cells' own
/// options, Lasker's Nim from the moves below the position.
#[test]
fn work_past_the_limits_is_refused_up_front() {
    for command in ["value", "moves"] {
        refused_at_once(
            &[command, "--misere", "allbut:s=3,12", "0,2941,27"],
            "would list at least 235",
            20,
        );
    }
    refused_at_once(
        &["table", "sharing-nim", "_,_,5", "--max", "618", "--misere"],
        "numbers of positions for the options of the first",
        20,
    );
    // The quotient proof it tries first (heaps above 256) is built to heap 256 in a fraction
    // of a second: 3.7 s in all before, about 1 s now (release).
    refused_at_once(
        &["moves", "misere-hex:0.8EE", "7,38,1988,1"],
        "numbers of positions (counted before searching, from the heaps each heap reaches alone), more than its limit of 100000000; use smaller heaps",
        20,
    );
    refused_at_once(
        &["generations", "lasker", "37,15"],
        "at least 78337903 moves lie below this position",
        20,
    );
}

#[test]
fn the_options_of_a_position_answered_by_a_quotient_are_answered_by_it_too() {
    // Issue 29: the computer's first move here took minutes, each of the position's options
    // trying the short searches before the small quotient that had answered the position.
    let game = "tbreak:4?.2{1,3,5}=[{0,2,3}{1}7]";
    let started = std::time::Instant::now();
    let moves = json(&["moves", game, "39,37", "--misere"]);
    assert!(started.elapsed().as_secs() < 60, "{:?}", started.elapsed());
    let all = moves["moves"].as_array().unwrap();
    let winning: Vec<&serde_json::Value> = all.iter().filter(|m| m["winning"] == true).collect();
    // 39,37 is an N-position (`value` says so): at least one move wins, and `value` agrees on
    // where each winning move and the first listed moves go.
    assert_eq!(json(&["value", game, "39,37", "--misere"])["outcome"], "N");
    assert!(!winning.is_empty());
    for m in winning.iter().copied().chain(all.iter().take(3)) {
        let to: Vec<String> = m["to"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h.to_string())
            .collect();
        let answer = json(&["value", game, &to.join(","), "--misere"]);
        assert_eq!(answer["outcome"], m["outcome"], "{to:?}");
    }
}

/// `G-` of a set of heads (bit `(x - 1) * 6 + y`, rows 0..=5) of Turning Turtles x Twins, by
/// the definition: a move turns `S x T` for `S = {x}` or `{m, x}` (`m >= 1`) and `T = {k, y}`,
/// the coin `(x, y)` going from heads to tails; 1 with no move, else the mex of the options.
fn turtles_by_twins(set: u64, memo: &mut HashMap<u64, u64>) -> u64 {
    if let Some(&v) = memo.get(&set) {
        return v;
    }
    let bit = |x: u64, y: u64| 1u64 << ((x - 1) * 6 + y);
    let mut seen = Vec::new();
    for i in 0..64 {
        if set >> i & 1 == 0 {
            continue;
        }
        let (x, y) = (i / 6 + 1, i % 6);
        for m in 0..x {
            for k in 0..y {
                let mut turned = bit(x, y) | bit(x, k);
                if m > 0 {
                    turned |= bit(m, y) | bit(m, k);
                }
                seen.push(turtles_by_twins(set ^ turned, memo));
            }
        }
    }
    let value = if seen.is_empty() {
        1
    } else {
        (0..).find(|v| !seen.contains(v)).unwrap()
    };
    memo.insert(set, value);
    value
}

/// Issue 29: a misère sequence of a Tartan product is refused before searching when the
/// positions below a head would make the search list more than its limit (counted exactly in
/// a box of at most 128 coins, from chains of moves beyond), and small heads still answer.
#[test]
fn tartan_products_past_the_search_are_refused_up_front() {
    refused_at_once(
        &[
            "seq",
            "misere-tartan:turning-turtlesxtwins",
            "_,5",
            "--to",
            "179",
            "--from",
            "8",
        ],
        "numbers of positions below 8:5 (counted before searching), more than its limit of 100000000; misère play answers positions with fewer positions below them",
        20,
    );
    refused_at_once(
        &[
            "seq",
            "misere-tartan:turning-turtlesxtwins",
            "_,5",
            "--to",
            "20",
        ],
        "positions are reachable, more than the 5000000",
        20,
    );
    refused_at_once(
        &["value", "misere-turning-corners", "5:5"],
        "would list at least",
        20,
    );
    let answer = json(&[
        "seq",
        "misere-tartan:turning-turtlesxtwins",
        "_,5",
        "--to",
        "3",
    ]);
    let mut memo = HashMap::new();
    let expected: Vec<u64> = (1..=3u64)
        .map(|x| turtles_by_twins(1 << ((x - 1) * 6 + 5), &mut memo))
        .collect();
    assert_eq!(answer["values"], serde_json::json!(expected));
}
