//! CLI tests for takeaway games (one-pile Nim with a move function): base, value, moves, seq,
//! table, verify, and the errors of bad move functions.

use crate::common;
use common::{fails, json, stdout};

/// The Fibonacci numbers 1, 2, 3, 5, ... up to `limit`, generated here.
fn fibonacci(limit: u128) -> Vec<u128> {
    let mut fib = vec![1u128, 2];
    while fib[fib.len() - 1] + fib[fib.len() - 2] <= limit {
        fib.push(fib[fib.len() - 1] + fib[fib.len() - 2]);
    }
    fib
}

/// The smallest Zeckendorf term of n.
fn zeckendorf_smallest(n: u128) -> u128 {
    let (mut rest, mut smallest) = (n, 0);
    for &b in fibonacci(n.max(2)).iter().rev() {
        if b <= rest {
            rest -= b;
            smallest = b;
        }
    }
    smallest
}

fn numbers(value: &serde_json::Value) -> Vec<u128> {
    value
        .as_array()
        .expect("an array")
        .iter()
        .map(|v| v.to_string().parse().expect("a number"))
        .collect()
}

#[test]
fn base_of_f_2k_is_fibonacci_and_of_f_k_powers_of_two() {
    let v = json(&["base", "takeaway:f=2*k", "--to", "10^18"]);
    let fib = fibonacci(1_000_000_000_000_000_000);
    assert_eq!(numbers(&v["base"]), fib);
    assert_eq!(numbers(&v["g0"]), fib);
    assert_eq!(v["finite"], false);
    let v = json(&["base", "takeaway:f=k", "--to", "2^62"]);
    let powers: Vec<u128> = (0..=62).map(|i| 1u128 << i).collect();
    assert_eq!(numbers(&v["base"]), powers);
    assert_eq!(v["next"].to_string(), (1u128 << 63).to_string());
    // Past 64 bits (JSON numbers there do not fit serde_json's Value; CSV is read as text).
    let csv = stdout(&["base", "takeaway:f=k", "--to", "2^100", "--format", "csv"]);
    let expected: Vec<String> = (0..=100)
        .map(|i| format!("{i},{},{}", 1u128 << i, 1u128 << i))
        .collect();
    assert_eq!(csv.lines().skip(1).collect::<Vec<_>>(), expected);
    let text = stdout(&["base", "takeaway:f=2*k", "--to", "100"]);
    assert!(text.contains("the next member is b_10 = 144"), "{text}");
}

#[test]
fn a_finite_base_says_so() {
    // f(k) = k mod 3 + 1: by hand, b = 1, 2 (g0 = 1, 2); f(2) = 3 >= 2 gives 2 + 1... the
    // construction ends once no b with g0(b) = b has f(b) >= g0(last); f <= 3 forces an end.
    let v = json(&["base", "takeaway:f=k%3+1", "--to", "1000"]);
    assert_eq!(v["finite"], true);
    assert!(v["next"].is_null());
    let base = numbers(&v["base"]);
    assert!(base.len() < 10 && base[..2] == [1, 2]);
    let text = stdout(&["base", "takeaway:f=k%3+1", "--to", "1000"]);
    assert!(text.contains("the base is finite"), "{text}");
}

/// `--to 0`: b_0 = 1 is beyond the bound, so the base shown is empty (a debug build panicked on
/// it, found by the fuzz test with seed 7).
#[test]
fn an_empty_base_is_said_in_words() {
    let text = stdout(&["base", "takeaway:f=4*k+5", "--to", "0"]);
    assert!(
        text.contains("no member of the base is at most 0: the first is b_0 = 1"),
        "{text}"
    );
}

#[test]
fn value_at_huge_n_gives_outcome_and_winning_move() {
    let n: u128 = 1_000_000_000_000_000_000;
    let g = zeckendorf_smallest(n);
    let position = format!("10^18,{g}");
    let v = json(&["value", "takeaway:f=2*k", &position]);
    assert!(v["value"].is_null());
    assert_eq!(v["outcome"], "N");
    let method = v["method"].as_str().unwrap();
    let winning = format!("take {g} to ({},{})", n - g, 2 * g);
    assert!(method.contains(&winning), "{method}");
    let position = format!("10^18,{}", g - 1);
    let v = json(&["value", "takeaway:f=2*k", &position]);
    assert_eq!(v["outcome"], "P");
    let text = stdout(&["value", "takeaway:f=2*k", "10^18,5"]);
    assert!(text.starts_with("N\n"), "{text}");
}

#[test]
fn value_at_small_n_is_the_sg_value() {
    // f(k) = k, (6, 1): the only move is to (5, 1), then (4, 1), ...: a chain of 6 moves, value 0.
    let v = json(&["value", "takeaway:f=k", "6,1"]);
    assert_eq!(v["value"], 0);
    assert_eq!(v["outcome"], "P");
    // (6, 2): g(6) = 2 (6 = 4 + 2); taking 2 leaves (4, 2), a P-position.
    let v = json(&["value", "takeaway:f=k", "6,2"]);
    assert_eq!(v["outcome"], "N");
    assert!(v["value"].as_u64().unwrap() > 0);
}

#[test]
fn moves_mark_the_winning_one() {
    let v = json(&["moves", "takeaway:f=k", "6,3"]);
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 3);
    let winning: Vec<&serde_json::Value> = moves.iter().filter(|m| m["winning"] == true).collect();
    assert_eq!(winning.len(), 1);
    assert_eq!(winning[0]["to"], serde_json::json!([4, 2]));
    // Far away: only outcomes, and exactly the moves with f(k) < g(N - k) win.
    let v = json(&["moves", "takeaway:f=2*k", "10^18,3"]);
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 3);
    let n: u128 = 1_000_000_000_000_000_000;
    for m in moves {
        assert!(m["value"].is_null());
        let to: Vec<u128> = numbers(&m["to"]);
        let k = n - to[0];
        assert_eq!(to[1], 2 * k);
        assert_eq!(m["winning"], to[1] < zeckendorf_smallest(to[0]), "take {k}");
    }
}

#[test]
fn seq_without_position_prints_g() {
    let v = json(&["seq", "takeaway:f=k", "--to", "64"]);
    assert_eq!(v["from"], 1);
    let expected: Vec<u128> = (1..=64u128).map(|n| n & n.wrapping_neg()).collect();
    assert_eq!(numbers(&v["values"]), expected);
    assert!(v["sequence"].as_str().unwrap().starts_with("g(N)"));
    let v = json(&[
        "seq",
        "takeaway:f=2*k",
        "--from",
        "10^15",
        "--to",
        "10^15+50",
    ]);
    let expected: Vec<u128> = (1_000_000_000_000_000u128..=1_000_000_000_000_050)
        .map(zeckendorf_smallest)
        .collect();
    assert_eq!(numbers(&v["values"]), expected);
    let text = stdout(&["seq", "takeaway:f=k", "--to", "8"]);
    assert!(text.contains("1: 1 2 1 4 1 2 1 8"), "{text}");
}

#[test]
fn seq_and_table_of_sg_values() {
    // G(N, 1) for f = k: only 1 may ever be taken, so it alternates 0, 1, 0, 1, ...
    let v = json(&["seq", "takeaway:f=k", "_,1", "--to", "9"]);
    assert_eq!(numbers(&v["values"]), vec![0, 1, 0, 1, 0, 1, 0, 1, 0, 1]);
    let v = json(&["table", "takeaway:f=k", "_,_", "--max", "6"]);
    let cells = v["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 7 * 6);
    // G(N, x) is non-decreasing in x, zero exactly below g(N), the largest power of 2 in N.
    for cell in cells {
        let p = numbers(&cell["position"]);
        let value = cell["value"].as_u64().unwrap();
        if p[0] > 0 {
            assert_eq!(value == 0, p[1] < (p[0] & p[0].wrapping_neg()), "{p:?}");
        }
    }
}

#[test]
fn verify_claims() {
    let v = json(&[
        "verify",
        "takeaway-main-theorem",
        "--f",
        "k^2+1",
        "--to",
        "5000",
    ]);
    assert_eq!(v["holds"], true);
    assert_eq!(v["checked_to"], 5000);
    for claim in ["takeaway-fibonacci", "takeaway-powers-of-two"] {
        let v = json(&["verify", claim, "--to", "10^5"]);
        assert_eq!(v["holds"], true, "{claim}");
    }
    let v = json(&[
        "verify",
        "takeaway-direct-rule",
        "--f",
        "max(1,100-k)",
        "--to",
        "200",
    ]);
    assert_eq!(v["holds"], true);
    let list = stdout(&["verify", "--list"]);
    assert!(list.contains("takeaway-main-theorem"));
}

#[test]
fn tables_of_values_work() {
    let dir_scratch = tempfile::tempdir().unwrap();
    let dir = dir_scratch
        .path()
        .join(format!("grundy-takeaway-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("f.txt");
    // f(k) = 2k for k <= 30, written by hand as a table
    let values: Vec<String> = (1..=30).map(|k| (2 * k).to_string()).collect();
    std::fs::write(&good, values.join(", ")).unwrap();
    let spec = format!("takeaway:table={}", good.display());
    let v = json(&["base", &spec, "--to", "30"]);
    assert_eq!(numbers(&v["base"]), vec![1, 2, 3, 5, 8, 13, 21]);
    let short = dir.join("short.txt");
    std::fs::write(&short, "3 1 4").unwrap();
    fails(
        &[
            "value",
            &format!("takeaway:table={}", short.display()),
            "10,2",
        ],
        "f(4) is needed but the table",
    );
    let zero = dir.join("zero.txt");
    std::fs::write(&zero, "3 1 0 5").unwrap();
    fails(
        &[
            "value",
            &format!("takeaway:table={}", zero.display()),
            "2,2",
        ],
        "f(3) = 0",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_move_functions_are_errors() {
    fails(&["value", "takeaway:f=2*", "10,5"], "ends too early");
    fails(&["value", "takeaway:f=k+x", "10,5"], "unknown name 'x'");
    fails(&["value", "takeaway:f=1.5*k", "10,5"], "not an integer");
    fails(
        &["value", "takeaway:f=k/(k-1)", "10,5"],
        "f(1) cannot be evaluated: division by zero",
    );
    fails(
        &["value", "takeaway:f=k-2", "10,5"],
        "f(1) = -1 is not a positive integer",
    );
    fails(&["value", "takeaway:f=k-3", "10,5"], "f(1) = -2");
    fails(
        &["value", "takeaway:f=3-k", "10,5"],
        "f(3) = 0 is not a positive integer",
    );
    fails(
        &["value", "takeaway:f=k^100", "10,5"],
        "f(3) cannot be evaluated: overflow",
    );
    fails(&["base", "takeaway:f=k^40", "--to", "10^6"], "overflow");
    fails(
        &["value", "takeaway:f=2^(k-3)", "10,5"],
        "negative exponent",
    );
    fails(&["value", "takeaway", "10,5"], "needs f=EXPR");
    fails(
        &["value", "takeaway:table=/nonexistent/f.txt", "10,5"],
        "cannot read",
    );
    fails(&["value", "takeaway:f=k", "10,0"], "below the minimum 1");
    fails(&["value", "takeaway:f=k", "10"], "exactly 2 coordinate");
    fails(&["base", "nim", "--to", "5"], "takeaway games");
    fails(&["base", "takeaway:f=k", "--to=-1"], "negative");
    fails(
        &["base", "takeaway:f=k", "--to", "2^130"],
        "overflows 128 bits",
    );
    fails(
        &["moves", "takeaway:f=k", "10^18,10^18"],
        "more than the 1000000",
    );
    fails(
        &["seq", "takeaway:f=k", "--from", "0", "--to", "5"],
        "g(0) is infinite",
    );
}
