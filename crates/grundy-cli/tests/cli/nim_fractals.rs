//! CLI tests for Nim Fractals: count, evolve, uw, remoteness, generations, conjunctive, and the
//! verify claims of the paper.

use crate::common;
use common::{fails, json, stdout};
use serde_json::json;

/// 3^wt(n) (Theorem 17), computed here.
fn three_to_weight(n: u64) -> u64 {
    3u64.pow(n.count_ones())
}

#[test]
fn three_piles_by_total_is_three_to_the_binary_weight() {
    let v = json(&[
        "count", "nim", "--piles", "3", "--by", "total", "--exact", "--to", "40",
    ]);
    let expected: Vec<u64> = (0..=40).map(three_to_weight).collect();
    assert_eq!(v["values"], json!(expected));
    assert_eq!(v["sequence"], "D_3");
    assert_eq!(v["oeis"], "A048883");
    // The text form starts 1, 3, 3, 9, 3, 9, 9, 27 as in the paper.
    let text = stdout(&[
        "count", "nim", "--piles", "3", "--by", "total", "--exact", "--to", "7",
    ]);
    let values: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split_whitespace().nth(1).unwrap())
        .collect();
    assert_eq!(values, ["1", "3", "3", "9", "3", "9", "9", "27"]);
}

#[test]
fn the_papers_other_sequences() {
    let cases: [(&str, &str, bool, &[u64]); 6] = [
        ("3", "max", true, &[1, 3, 3, 9, 3, 9, 15, 21, 3, 9]),
        ("3", "max", false, &[1, 4, 7, 16, 19, 28, 43, 64, 67, 76]),
        (
            "4",
            "max",
            false,
            &[1, 8, 21, 64, 89, 168, 301, 512, 561, 712],
        ),
        ("4", "total", true, &[1, 6, 7, 36, 13, 42, 43, 216, 49, 78]),
        (
            "4",
            "total",
            false,
            &[1, 7, 14, 50, 63, 105, 148, 364, 413, 491],
        ),
        (
            "5",
            "total",
            false,
            &[1, 11, 26, 126, 191, 341, 516, 1516, 2081],
        ),
    ];
    for (piles, by, exact, expected) in cases {
        let to = (expected.len() - 1).to_string();
        let mut args = vec!["count", "nim", "--piles", piles, "--by", by, "--to", &to];
        if exact {
            args.push("--exact");
        }
        assert_eq!(json(&args)["values"], json!(expected), "{args:?}");
    }
}

#[test]
fn bfile_and_from() {
    let text = stdout(&[
        "count", "nim", "--piles", "2", "--by", "max", "--from", "5", "--to", "8", "--format",
        "bfile",
    ]);
    assert_eq!(text, "5 6\n6 7\n7 8\n8 9\n");
    let csv = stdout(&[
        "count", "nim", "--piles", "1", "--by", "total", "--exact", "--to", "2", "--format", "csv",
    ]);
    assert_eq!(csv, "n,D_1\n0,1\n1,0\n2,0\n");
}

#[test]
fn huge_indices_are_exact() {
    // D_3(10^18) = 3^wt(10^18).
    let n = 10u64.pow(18);
    let v = json(&[
        "count", "nim", "--piles", "3", "--by", "total", "--exact", "--from", "10^18", "--to",
        "10^18",
    ]);
    assert_eq!(v["values"], json!([three_to_weight(n)]));
    // Lemma 6: a_3(2^60 - 1) = 2^120, beyond 64 bits, so given as a string.
    let v = json(&[
        "count", "nim", "--piles", "3", "--by", "max", "--from", "2^60-1", "--to", "2^60-1",
    ]);
    assert_eq!(v["values"], json!([(1u128 << 120).to_string()]));
    // Ten piles at 10^18 answer at once.
    let v = json(&[
        "count", "nim", "--piles", "10", "--by", "total", "--from", "10^18", "--to", "10^18+1",
    ]);
    assert_eq!(v["values"].as_array().unwrap().len(), 2);
}

#[test]
fn count_errors() {
    let base = ["count", "nim", "--by", "max", "--to", "5"];
    let with = |extra: &[&'static str]| {
        let mut a = base.to_vec();
        a.extend_from_slice(extra);
        a
    };
    fails(&with(&["--piles", "0"]), "at least 1");
    fails(&with(&["--piles", "-1"]), "negative");
    fails(&with(&["--piles", "257"]), "at most 256 piles");
    fails(
        &["count", "nim", "--piles", "3", "--by", "sum", "--to", "5"],
        "invalid value 'sum'",
    );
    fails(
        &[
            "count", "nim", "--piles", "3", "--by", "max", "--to", "2^129",
        ],
        "overflows",
    );
    fails(
        &["count", "nim", "--piles", "3", "--by", "max", "--to", "-4"],
        "negative",
    );
    fails(
        &[
            "count", "nim", "--piles", "3", "--by", "max", "--from", "9", "--to", "5",
        ],
        "larger than --to",
    );
    fails(
        &[
            "count", "nim", "--piles", "3", "--by", "max", "--to", "2^21",
        ],
        "at most",
    );
    fails(
        &["count", "chess", "--piles", "3", "--by", "max", "--to", "5"],
        "knows 'nim' only",
    );
}

#[test]
fn evolve_reports_generations_and_table_1() {
    let v = json(&["evolve", "nim", "--piles", "3", "--generations", "8"]);
    assert_eq!(v["born"], json!([1, 3, 3, 9, 3, 9, 9, 27, 3]));
    // Three piles: 67 positions, one parent each but the zero position (a tree).
    assert_eq!(v["positions"], json!(67));
    assert_eq!(v["links"], json!(66));
    let v = json(&["evolve", "nim", "--piles", "4", "--generations", "12"]);
    let cells: Vec<(u64, u64)> = v["kinship"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| {
            (
                k["parents"].as_u64().unwrap(),
                k["children"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        cells,
        [
            (1, 1),
            (1, 2),
            (1, 6),
            (2, 1),
            (2, 2),
            (2, 6),
            (6, 1),
            (6, 2),
            (6, 6)
        ]
    );
    let example = |p: u64, c: u64| {
        v["kinship"]
            .as_array()
            .unwrap()
            .iter()
            .find(|k| k["parents"] == p && k["children"] == c)
            .unwrap()["example"]
            .clone()
    };
    // Smallest examples, each checked by hand from trailing zeros and ones.
    assert_eq!(example(1, 1), json!([0, 1, 2, 3]));
    assert_eq!(example(2, 1), json!([2, 3, 6, 7]));
    assert_eq!(example(6, 6), json!([1, 1, 1, 1]));
}

#[test]
fn evolve_draws_svg_and_png() {
    let dir_scratch = tempfile::tempdir().unwrap();
    let dir = dir_scratch
        .path()
        .join(format!("grundy-evolve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("uw.svg");
    let png = dir.join("uw.png");
    let text = stdout(&[
        "evolve",
        "nim",
        "--piles",
        "3",
        "--generations",
        "6",
        "--out",
        svg.to_str().unwrap(),
    ]);
    assert!(text.contains("wrote"), "{text}");
    let content = std::fs::read_to_string(&svg).unwrap();
    assert!(content.starts_with("<svg"));
    assert_eq!(
        content.matches("<circle").count(),
        37,
        "one dot per P-position"
    );
    assert_eq!(
        content.matches("<polyline").count(),
        36,
        "one link per child"
    );
    stdout(&[
        "evolve",
        "nim",
        "--piles",
        "4",
        "--generations",
        "5",
        "--out",
        png.to_str().unwrap(),
        "--size",
        "300",
    ]);
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn evolve_errors() {
    fails(
        &[
            "evolve",
            "nim",
            "--piles",
            "3",
            "--generations",
            "4",
            "--out",
            "x.txt",
        ],
        "must end in .svg or .png",
    );
    fails(
        &["evolve", "chess", "--piles", "3", "--generations", "4"],
        "Nim only",
    );
    fails(
        &[
            "evolve",
            "nim",
            "--piles",
            "4",
            "--generations",
            "4",
            "--layout",
            "uw",
        ],
        "needs --piles 3",
    );
    fails(
        &["evolve", "nim", "--piles", "0", "--generations", "4"],
        "at least 1",
    );
    fails(
        &["evolve", "nim", "--piles", "6", "--generations", "1000"],
        "more than",
    );
    fails(
        &[
            "evolve",
            "nim",
            "--piles",
            "3",
            "--generations",
            "4",
            "--size",
            "10",
        ],
        "--size",
    );
    fails(
        &[
            "evolve",
            "nim",
            "--piles",
            "3",
            "--generations",
            "4",
            "--format",
            "csv",
        ],
        "not available",
    );
    fails(
        &[
            "evolve",
            "nim",
            "--piles",
            "3",
            "--generations",
            "4",
            "--out",
            "/nonexistent-dir/x.svg",
        ],
        "nonexistent-dir",
    );
}

#[test]
fn ulam_warburton_bijection() {
    let v = json(&["uw", "14,11,5"]);
    assert_eq!(v["cell"], json!([10, -3]));
    assert_eq!(v["generation"], 15);
    let v = json(&["uw", "--cell", "10,-3"]);
    assert_eq!(v["position"], json!([14, 11, 5]));
    let v = json(&["uw", "--cell", "1,1"]);
    assert_eq!(v["position"], json!(null));
    fails(&["uw", "1,2,4"], "not a P-position");
    fails(&["uw", "1,1"], "three-pile");
    fails(&["uw"], "either");
    fails(&["uw", "--cell", "1,x"], "not a cell");
}

#[test]
fn remoteness_generations_conjunctive() {
    // Take 1 or 2 from 7: move to 6 (a loss for the opponent in 4 moves), remoteness 5.
    let v = json(&["remoteness", "subtraction:s=1,2", "7"]);
    assert_eq!(v["remoteness"], 5);
    assert_eq!(v["outcome"], "N");
    // Nim P-positions: remoteness = total.
    assert_eq!(json(&["remoteness", "nim", "1,2,3"])["remoteness"], 6);
    let v = json(&["generations", "nim", "3,5,6"]);
    assert_eq!(v["generation"], 7);
    assert_eq!(v["remoteness"], 14);
    assert_eq!(v["positions"], 4 * 6 * 7);
    assert_eq!(v["born"][3], 9);
    // Remotenesses 7, 7, 2: the least is 2, even, so a P-position.
    let v = json(&[
        "conjunctive",
        "nim",
        "3,5",
        "subtraction:s=1,2",
        "10",
        "nim",
        "1,1",
    ]);
    assert_eq!(v["remoteness"], 2);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["deciding"], 2);
    fails(&["conjunctive", "nim", "3,5", "nim"], "pairs");
    fails(&["remoteness", "chess", "1"], "unknown game");
    fails(&["generations", "nim", "1,x"], "invalid position");
    fails(
        &["conjunctive", "nim", "3,5", "subtraction:s=1", "-1"],
        "unexpected argument",
    );
    fails(
        &["conjunctive", "nim", "3,5", "subtraction:s=1", "1,x"],
        "invalid position",
    );
}

#[test]
fn verify_reports_the_papers_disagreements() {
    let v = json(&["verify", "nim-d3-recursion", "--to", "20"]);
    assert_eq!(v["holds"], false);
    assert_eq!(v["counterexample"], "n = 1: D_3(2) = 3 but 3 D_3(1) = 9");
    let v = json(&["verify", "nim-table1", "--to", "16"]);
    assert_eq!(v["holds"], false);
    let v = json(&[
        "verify",
        "lemma-22",
        "--game",
        "subtraction:s=3,4,9,10",
        "--position",
        "_",
        "--to",
        "30",
    ]);
    assert_eq!(v["holds"], false);
    assert!(
        json(&["verify", "nim-total-counts", "--piles", "4", "--to", "30"])["holds"]
            .as_bool()
            .unwrap()
    );
    assert!(json(&["verify", "conjunctive", "--to", "12"])["holds"]
        .as_bool()
        .unwrap());
}
