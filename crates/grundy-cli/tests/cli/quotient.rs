//! CLI tests for `grundy quotient`: the misère quotient of a heap game, its formats, outcomes
//! read from it (compared with the definition) and its refusals.

use crate::common;
use common::{fails, json, stdout};
use grundy::misere::claims::Definition;
use grundy::spec::parse_game;

#[test]
fn the_quotient_of_0_75_has_the_order_siegel_proves_unique() {
    // Siegel, The structure and classification of misère quotients: exactly one quotient of
    // order 8; Plambeck and Siegel (2008): 0.75 realises it.
    let v = json(&["quotient", "octal:0.75", "--heaps", "30"]);
    assert_eq!(v["order"], 8);
    assert_eq!(v["proven"], true);
    for key in [
        "generators",
        "relations",
        "p_portion",
        "heaps",
        "table",
        "stable_from",
    ] {
        assert!(!v[key].is_null(), "missing {key}");
    }
    assert_eq!(v["heaps"].as_array().unwrap().len(), 31);
    // The table is a commutative monoid with identity 0.
    let table: Vec<Vec<u64>> = serde_json::from_value(v["table"].clone()).unwrap();
    for x in 0..8 {
        assert_eq!(table[0][x], x as u64);
        for y in 0..8 {
            assert_eq!(table[x][y], table[y][x]);
            for z in 0..8 {
                let (xy, yz) = (table[x][y] as usize, table[y][z] as usize);
                assert_eq!(table[xy][z], table[x][yz]);
            }
        }
    }
    let text = stdout(&["quotient", "octal:0.75", "--heaps", "30"]);
    assert!(text.starts_with(
        "octal:0.75, heaps up to 30: misère quotient of order 8, P-portion of 2\nproven:"
    ));
}

#[test]
fn outcomes_from_the_quotient_are_those_of_the_definition() {
    let positions = ["1", "1,1", "2,3,5", "4,7,9", "3,3,6,10", "1,2,3,4,5,6"];
    for game in ["octal:0.75", "dawson-kayles", "kayles", "octal:0.123"] {
        let mut args = vec!["quotient", game, "--heaps", "12"];
        for p in positions {
            args.extend(["--position", p]);
        }
        let v = json(&args);
        let ruleset = parse_game(game).unwrap();
        let mut definition = Definition::new(ruleset.as_ref());
        for (i, p) in positions.iter().enumerate() {
            let heaps: Vec<u64> = p.split(',').map(|h| h.parse().unwrap()).collect();
            let expected = if definition.is_p(&heaps).unwrap() {
                "P"
            } else {
                "N"
            };
            assert_eq!(v["positions"][i]["outcome"], expected, "{game} {p}");
        }
    }
}

#[test]
fn a_proven_quotient_answers_heaps_past_its_bound_and_an_observed_one_refuses() {
    // 0.75's classes have period 2 from heap 8, proven at heap 21.
    let v = json(&[
        "quotient",
        "octal:0.75",
        "--heaps",
        "30",
        "--position",
        "1000001,3",
    ]);
    let short = json(&[
        "quotient",
        "octal:0.75",
        "--heaps",
        "30",
        "--position",
        "29,3",
    ]);
    assert_eq!(
        v["positions"][0]["element"],
        short["positions"][0]["element"]
    );
    fails(
        &[
            "quotient",
            "octal:0.75",
            "--heaps",
            "12",
            "--position",
            "13",
        ],
        "not proven to stay the same",
    );
}

#[test]
fn csv_gives_the_table_or_the_heap_map() {
    let table = stdout(&["quotient", "octal:0.33", "--heaps", "9", "--format", "csv"]);
    let mut lines = table.lines();
    assert_eq!(lines.next(), Some("element,name,p,1,a,b,ab,b^2,ab^2"));
    assert_eq!(table.lines().count(), 7);
    let map = stdout(&[
        "quotient",
        "octal:0.33",
        "--heaps",
        "9",
        "--format",
        "csv",
        "--heap-map",
    ]);
    // T_2 for 0.33: heaps 0, 1, 2 repeat as 1, a, b (a in P).
    assert!(
        map.starts_with("heap,element,name,p\n0,0,1,0\n1,1,a,1\n2,2,b,0\n3,0,1,0\n"),
        "{map}"
    );
}

#[test]
fn refusals_name_the_reason() {
    fails(
        &["quotient", "sharing-nim", "--heaps", "3"],
        "not played on heaps",
    );
    fails(
        &["quotient", "kayles", "--heaps", "10^9"],
        "heaps up to 65536",
    );
    fails(
        &["quotient", "kayles", "--heaps", "5", "--format", "bfile"],
        "not available",
    );
    fails(
        &["quotient", "kayles", "--heaps", "5", "--heap-map"],
        "--format csv",
    );
    fails(
        &["quotient", "kayles", "--heaps", "5", "--max-order", "5000"],
        "at most 4096",
    );
    // Weimerskirch (Games of No Chance 4): the quotient of 0.3122 to heap 7 is infinite.
    fails(
        &[
            "quotient",
            "octal:0.3122",
            "--heaps",
            "7",
            "--max-order",
            "256",
            "--json",
        ],
        "order 52 for heaps up to 6",
    );
}

/// Past a short search, `value --misere`, `moves --misere` and `sum --misere` of a heap game
/// read the outcome from its quotient; checked against the definition.
#[test]
fn misere_commands_use_the_quotient_beyond_the_search() {
    let game = parse_game("octal:0.75").unwrap();
    let mut definition = Definition::new(game.as_ref());
    // 151,824 positions below it: beyond the short search of 100,000.
    let p_position = [2u64, 5, 3, 4, 5, 2, 1, 7, 5, 7, 7, 1, 3, 6];
    let text: Vec<String> = p_position.iter().map(u64::to_string).collect();
    let v = json(&["value", "octal:0.75", &text.join(","), "--misere"]);
    assert_eq!(v["outcome"], "P");
    assert!(v["value"].is_null());
    assert!(v["method"].as_str().unwrap().contains("misère quotient"));
    assert!(definition.is_p(&p_position).unwrap());
    // The same position split into two components of a sum.
    let (a, b) = text.split_at(7);
    let s = json(&[
        "sum",
        "octal:0.75",
        &a.join(","),
        "octal:0.75",
        &b.join(","),
        "--misere",
    ]);
    assert_eq!(s["outcome"], "P");
    assert_eq!(s["winning_moves"].as_array().unwrap().len(), 0);
    // An N-position: every winning move listed leads to a P-position by the definition.
    let n_position = [3u64, 2, 7, 3, 7, 7, 6, 6, 3, 3, 3, 5, 6, 6];
    let text: Vec<String> = n_position.iter().map(u64::to_string).collect();
    let m = json(&["moves", "octal:0.75", &text.join(","), "--misere"]);
    let winning: Vec<Vec<u64>> = m["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["winning"] == true)
        .map(|m| serde_json::from_value(m["to"].clone()).unwrap())
        .collect();
    assert!(!winning.is_empty());
    assert!(definition.is_p(&winning[0]).unwrap());
    assert!(!definition.is_p(&n_position).unwrap());
}

/// An observed quotient names the heap bound that proves it (the periodicity argument's bound
/// for the period its classes show), and that bound does prove it.
#[test]
fn an_observed_quotient_names_the_heap_bound_that_proves_it() {
    let observed = json(&["quotient", "kayles", "--heaps", "100"]);
    assert_eq!(observed["proven"], false);
    let bound = observed["proof_heaps"].as_u64().expect("a bound");
    let status = observed["status"].as_str().unwrap();
    assert!(status.contains(&format!("--heaps {bound}")), "{status}");
    // Kayles: period 12 from heap 71, so 2 * 71 + 12 + 2 + 12 heap values: heaps up to 167.
    assert_eq!(bound, 167);
    let text = stdout(&["quotient", "kayles", "--heaps", "100"]);
    assert!(text.contains("--heaps 167 proves it"), "{text}");
    let proven = json(&["quotient", "kayles", "--heaps", &bound.to_string()]);
    assert_eq!(proven["proven"], true, "{}", proven["status"]);
    assert_eq!(proven["proof_heaps"], bound);
    let below = json(&["quotient", "kayles", "--heaps", &(bound - 1).to_string()]);
    assert_eq!(below["proven"], false, "{}", below["status"]);
}
