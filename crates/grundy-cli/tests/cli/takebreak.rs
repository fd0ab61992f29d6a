//! CLI tests for general take-and-break codes (`tbreak:CODE`, CGSuite's notation) and all-but
//! subtraction games (`allbut:s=SET`): value, seq, period analysis, misère play, quotient, errors,
//! and the README's commands.

use crate::common;
use common::{fails, json, stdout};

/// CGSuite's GameHeapTest (A. Siegel): G(1..20) of the all-but game excluding {2, 3, 7}, its
/// misère values G-(0..20), and the hexadecimal code 0.3F.
const ALL_BUT_237: [u64; 20] = [1, 0, 1, 2, 3, 2, 3, 4, 5, 4, 5, 6, 7, 6, 7, 8, 9, 8, 9, 10];
const ALL_BUT_237_MISERE: [u64; 21] = [
    1, 0, 1, 0, 2, 3, 2, 3, 4, 5, 4, 5, 6, 7, 6, 7, 8, 9, 8, 9, 10,
];
const HEX_3F: [u64; 20] = [1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5, 6, 7, 8, 6, 7, 8, 9, 10, 11];

fn values(v: &serde_json::Value) -> Vec<u64> {
    v["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect()
}

#[test]
fn sequences_match_cgsuite() {
    let all_but = json(&["seq", "allbut:s=2,3,7", "--from", "1", "--to", "20"]);
    assert_eq!(values(&all_but), ALL_BUT_237);
    // The same game as a code: routed to the same engine.
    let code = json(&["seq", "tbreak:0.3003330[3]", "--from", "1", "--to", "20"]);
    assert_eq!(values(&code), ALL_BUT_237);
    let misere = json(&["seq", "allbut:s=2,3,7", "--to", "20", "--misere"]);
    assert_eq!(values(&misere), ALL_BUT_237_MISERE);
    let hex = json(&["seq", "tbreak:0.3F", "--from", "1", "--to", "20"]);
    assert_eq!(values(&hex), HEX_3F);
    // Options of a heap of 20 (CGSuite: 17 for the all-but game, 9 for Grundy's game, 38 for
    // 0.3F).
    for (game, count) in [
        ("allbut:s=2,3,7", 17),
        ("tbreak:4!.0", 9),
        ("tbreak:0.3F", 38),
    ] {
        let moves = json(&["moves", game, "20"]);
        assert_eq!(moves["moves"].as_array().unwrap().len(), count, "{game}");
    }
}

#[test]
fn all_but_games_far_away_are_answered_by_the_proven_arithmetic_period() {
    // G(n + 4) = G(n) + 2 from n = 0, with G(0..4) = 0, 1, 0, 1: G(10^18) = G(0) + 2 * 25 * 10^16.
    let text = stdout(&["value", "allbut:s=2,3,7", "10^18"]);
    assert!(text.starts_with("500000000000000000\n"), "{text}");
    assert!(
        text.contains("proven arithmetic period 4 with saltus 2"),
        "{text}"
    );
    let nim = json(&["value", "tbreak:0.[3]", "10^12"]);
    assert_eq!(nim["value"], 1_000_000_000_000u64);
    let seq = json(&["seq", "allbut:s=2,3,7", "--to", "60", "--analyze"]);
    assert_eq!(seq["analysis"]["proven"], true);
    assert_eq!(seq["analysis"]["saltus"], 2);
}

#[test]
fn new_codes_answer_and_say_what_is_observed() {
    // 4=.0: split into two equal heaps (value 0 always) or nothing else: G(n) = 1 for even n.
    let equal = json(&["seq", "tbreak:code=4=.0", "--to", "6"]);
    assert_eq!(values(&equal), [0, 0, 1, 0, 1, 0, 1]);
    // The bare form reads the same.
    assert_eq!(json(&["value", "tbreak:4=.0", "8"])["game"], "tbreak:4=.0");
    let text = stdout(&["seq", "tbreak:0.G", "--to", "400", "--analyze"]);
    assert!(text.contains("saltus 1"), "{text}");
    assert!(text.contains("observed only"), "{text}");
    let moves = stdout(&["moves", "tbreak:0.G", "6"]);
    assert!(
        moves.contains("take 1 from heap 1, leaving heaps of 1, 1, 1 and 2"),
        "{moves}"
    );
}

#[test]
fn finite_unconstrained_codes_are_proven_by_the_periodicity_theorem() {
    // 0.&19;: take one token, leaving nothing, one heap or four heaps (bits 0, 1, 4): period 2,
    // proven by the Guy-Smith argument for moves leaving at most four heaps.
    let v = json(&["seq", "tbreak:0.&19;", "--analyze"]);
    assert_eq!(v["analysis"]["proven"], true, "{v}");
    assert_eq!(v["analysis"]["period"], 2);
    let text = stdout(&["value", "tbreak:0.&19;", "10^15"]);
    assert!(text.contains("at most 4 heaps"), "{text}");
    // Most codes with four-heap splits are arithmetic-periodic: observed, never proven.
    let v = json(&["seq", "tbreak:0.3&16;", "--to", "300", "--analyze"]);
    assert_eq!(v["analysis"]["proven"], false);
}

#[test]
fn misere_quotients_of_new_codes() {
    let text = stdout(&["quotient", "allbut:s=2,3,7", "--heaps", "12"]);
    assert!(text.contains("misère quotient of order"), "{text}");
    let text = stdout(&["quotient", "tbreak:code=4=.3", "--heaps", "20"]);
    assert!(text.contains("misère quotient of order 6"), "{text}");
}

#[test]
fn bad_codes_say_why() {
    fails(&["value", "tbreak:0.x", "3"], "'x' is not a digit");
    fails(&["value", "tbreak:0.[3", "3"], "not closed");
    fails(&["value", "tbreak:20.017", "3"], "add tokens");
    fails(&["value", "tbreak:1.7", "3"], "d0");
    fails(&["value", "tbreak", "3"], "needs a code");
    fails(&["value", "allbut:s=0,2", "3"], "0 is never a move");
    fails(&["seq", "tbreak:0.[*]", "--to", "100000"], "limit");
    fails(&["value", "tbreak:8!.0", "5000"], "out of reach");
    fails(
        &["seq", "tbreak:8!.0", "--analyze"],
        "no theorem proves one",
    );
}

/// The partitions of `total` into exactly `parts` positive parts of at most `largest`, each
/// handed to `each` (largest part first).
fn partitions(
    total: u64,
    parts: u64,
    largest: u64,
    part: &mut Vec<u64>,
    each: &mut dyn FnMut(&[u64]),
) {
    if parts == 0 {
        if total == 0 {
            each(part);
        }
        return;
    }
    if total < parts {
        return;
    }
    for p in (1..=largest.min(total - (parts - 1))).rev() {
        part.push(p);
        partitions(total - p, parts - 1, p, part, each);
        part.pop();
    }
}

/// Issue 29: `tbreak:{2}.3&2^63;5` (split into two heaps; take 1 leaving 0 or 1 heap; take 2
/// leaving 63 heaps; take 3 leaving 0 or 2 heaps) with a heap of 2^63 - 1 needs a proven
/// period; finding one could mean computing to the engine's limit of 8192 values, hours of
/// work, so the question is refused before it, and small heaps still answer, as the
/// definition gives them.
#[test]
fn a_period_search_past_the_work_limit_is_refused_up_front() {
    let code = "tbreak:{2}.3&9223372036854775808;5";
    for command in ["sum", "value"] {
        let start = std::time::Instant::now();
        fails(
            &[command, code, "31,2^63-1"],
            "no period of tbreak:4.3&9223372036854775808;5 is proven in its first 512 values, and computing on to the engine's limit of 8192 values would take at least",
        );
        assert!(start.elapsed().as_secs() < 20, "{:?}", start.elapsed());
    }
    // G(n) by the definition, for n up to 70 (the 63-heap splits start at 65).
    let mut g: Vec<u64> = Vec::new();
    for n in 0..=70u64 {
        let mut seen = std::collections::HashSet::new();
        let mut add = |t: u64, heaps: u64, g: &[u64]| {
            if n < t {
                return;
            }
            let left = n - t;
            if heaps == 0 {
                if left == 0 {
                    seen.insert(0);
                }
                return;
            }
            partitions(left, heaps, left, &mut Vec::new(), &mut |p| {
                seen.insert(p.iter().fold(0, |x, &h| x ^ g[h as usize]));
            });
        };
        add(0, 2, &g);
        add(1, 0, &g);
        add(1, 1, &g);
        add(2, 63, &g);
        add(3, 0, &g);
        add(3, 2, &g);
        g.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    let answer = json(&["seq", code, "--to", "70"]);
    assert_eq!(values(&answer), g);
}
