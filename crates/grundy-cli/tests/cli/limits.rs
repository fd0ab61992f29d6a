//! Requests beyond what memory or time allows are refused at once, with the limit named (the
//! reliability findings of 2026-11: each of these used to panic, exhaust memory, or run until
//! killed).

use crate::common;

/// A request that must be refused the documented way (exit 2, nothing on stdout, one
/// `error:` line containing the fragment), and quickly.
use common::fails_at_once as refused_at_once;

fn piles(count: usize, size: u64) -> String {
    vec![size.to_string(); count].join(",")
}

#[test]
fn sizes_are_counted_without_overflow() {
    refused_at_once(
        &["table", "nim", "_,_", "--max", "2^64-1"],
        "cells is more than the limit",
    );
    refused_at_once(
        &[
            "table",
            "sharing-nim",
            "_,_",
            "--max",
            "18446744073709551615",
            "--json",
        ],
        "cells is more than the limit",
    );
    refused_at_once(
        &["gaps", "mark", "--to", "2^64-1"],
        "its limit is 10000000000000",
    );
    refused_at_once(
        &["gaps", "imark:s=1:d=2,3", "--to", "2^63"],
        "its limit is 100000000000000",
    );
}

#[test]
fn engines_refuse_what_memory_cannot_hold() {
    refused_at_once(
        &["gaps", "imark:s=2^63:d=4,5,2,3", "--to", "971640", "--json"],
        "memory limit",
    );
    refused_at_once(&["gaps", "imark:s=2^40:d=2", "--to", "10"], "memory limit");
    refused_at_once(
        &["gaps", "kupin:s=9..10,6:d=2^20..2^21-1", "--to", "2"],
        "memory limit",
    );
    refused_at_once(
        &[
            "evolve",
            "nim",
            "--piles",
            "1",
            "--generations",
            "18446744073709551615",
        ],
        "generations",
    );
    refused_at_once(
        &["evolve", "nim", "--piles", "200", "--generations", "3"],
        "kept for 200 piles",
    );
    refused_at_once(
        &["moves", "nim", &piles(15_000, 3)],
        "numbers a list of moves may hold",
    );
    // 20001 piles of 3: the nim-sum is 3 and every pile has a winning move, 20001 moves of
    // 20001 piles each: the sum is valued, and its moves are said to be too many to list.
    let start = std::time::Instant::now();
    let text = common::stdout(&["sum", "nim", &piles(20_001, 3)]);
    assert!(start.elapsed().as_secs() < 10);
    assert!(text.contains("value 3 (the nim-sum)"));
    assert!(text.contains("too many moves to list"));
}

#[test]
fn explorations_refuse_what_the_position_shows_is_too_large() {
    refused_at_once(
        &["remoteness", "nim", &piles(100, 1)],
        "at least 1267650600228229401496703205376 positions",
    );
    refused_at_once(
        &["generations", "nim", &piles(3000, 1)],
        "positions are reachable",
    );
    refused_at_once(
        &["remoteness", "mark", "10^18"],
        "at least 1000000000000000001 positions",
    );
    refused_at_once(
        &["generations", "nim", "31,355,6,37"],
        "moves lie below this position",
    );
    refused_at_once(
        &["generations", "sharing-nim", "38,23,11,250"],
        "up to 13824000 positions may be reachable",
    );
    refused_at_once(
        &[
            "conjunctive",
            "sharing-nim",
            "36,25,6,255",
            "nim",
            "11,34,7",
        ],
        "may be reachable",
    );
}

#[test]
fn input_files_must_be_regular_and_bounded() {
    refused_at_once(
        &["seq", "takeaway:table=/dev/urandom", "--to", "7"],
        "not a regular file",
    );
    refused_at_once(
        &["seq", "takeaway:table=/dev/zero", "--to", "7"],
        "not a regular file",
    );
    let dir = std::env::temp_dir();
    refused_at_once(
        &[
            "seq",
            &format!("takeaway:table={}", dir.display()),
            "--to",
            "7",
        ],
        "not a regular file",
    );
}
