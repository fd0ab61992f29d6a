//! Every family of the registry (issue 50): its closed forms at the largest numbers it accepts
//! (an exact answer or an error, never a wrapped value), `seq` and `table` over a template against
//! `value` position by position (the template's numbers as the docs say a position is written,
//! every position one `value` accepts, or the whole command refused), and one way of writing a
//! position in the JSON of every command.
//!
//! A family added to the registry without a line in [`CASES`] fails
//! `every_family_has_a_case`.

use crate::common;
use common::{grundy, json};

use std::path::PathBuf;

use grundy::query;
use grundy::spec::parse_game;
use grundy::{Outcome, Ruleset};
use serde_json::Value;

/// A template's sequence: the template and the range of its `_`.
type Line = (&'static str, u64, u64);

/// One family: an example spec, a small position (for `value`, `moves`, `sum`, `remoteness`,
/// `generations`), a sequence all of whose positions are positions of the game, a table (two
/// `_`) up to a bound, and, where the game has them, a sequence and a table reaching a position
/// the game refuses.
struct Case {
    spec: &'static str,
    position: &'static str,
    seq: Option<Line>,
    table: Option<(&'static str, u64)>,
    bad_seq: Option<Line>,
    bad_table: Option<(&'static str, u64)>,
    /// Whether `remoteness` and `generations` answer: a game whose player moves again after
    /// some moves (Nimstring) refuses them, its moves alone not being its game.
    explores: bool,
}

const fn case(spec: &'static str, position: &'static str, seq: Line) -> Case {
    Case {
        spec,
        position,
        seq: Some(seq),
        table: None,
        bad_seq: None,
        bad_table: None,
        explores: true,
    }
}

impl Case {
    const fn table(mut self, template: &'static str, max: u64) -> Self {
        self.table = Some((template, max));
        self
    }

    const fn bad(mut self, seq: Line) -> Self {
        self.bad_seq = Some(seq);
        self
    }

    const fn bad_table(mut self, template: &'static str, max: u64) -> Self {
        self.bad_table = Some((template, max));
        self
    }
}

/// The digraphs: vertices named by numbers (5 is missing), and by letters.
const NUMBERED: &str = "@numbered";
const NAMED: &str = "@named";

const CASES: &[Case] = &[
    case("nim", "3,5", ("3,_", 0, 8)).table("_,_,1", 3),
    case("subtraction:s=1,3,4", "10", ("_", 0, 20)),
    case("takeaway:f=2*k", "10,3", ("_,3", 0, 10)).table("_,_", 4),
    case("imark:s=1:d=2,3", "12", ("_", 0, 20)),
    case("sd:s=1:d=2:round=floor", "12", ("_", 0, 20)),
    case("mark", "12", ("_", 0, 20)),
    case("upmark", "12", ("_", 0, 20)),
    case("mark-t:t=3", "12", ("_", 0, 20)),
    case("kupin:s=1:d=2", "12", ("_", 1, 20)),
    case("sharing-nim", "3,8", ("3,_", 0, 10)).table("0,_,_", 5),
    case("graph-nim:edges=0>1,1-2", "3,1,2", ("1,0,_", 0, 6)).table("_,_,1", 3),
    case("octal:0.137", "5,6", ("_", 0, 20)).table("_,_", 4),
    case("hex:0.F8", "7", ("_", 0, 20)).table("_,_", 3),
    case("grundy-game", "7,9", ("_", 0, 20)).table("_,_", 4),
    case("kayles", "3,5", ("_", 0, 20)).table("_,_", 4),
    case("dawson-kayles", "3,5", ("_", 0, 20)),
    case("dawson-chess", "3,5", ("_", 0, 20)),
    case("double-kayles", "3,5", ("_", 0, 20)),
    case("tbreak:0.[37]", "5", ("_", 0, 20)).table("_,_", 3),
    case("allbut:s=2,3,7", "10", ("_", 0, 20)).table("_,_", 3),
    case(NUMBERED, "3", ("_", 0, 4))
        .table("_,_", 2)
        .bad(("_", 0, 6))
        .bad_table("_,_", 6),
    Case {
        spec: NAMED,
        position: "a",
        seq: None,
        table: None,
        bad_seq: Some(("_", 0, 2)),
        bad_table: Some(("_,_", 2)),
        explores: true,
    },
    case("wythoff", "3,5", ("3,_", 0, 10)).table("_,_", 4),
    case("moore:k=2", "3,5,6", ("3,5,_", 0, 8)).table("_,_,1", 3),
    case("staircase", "3,0,5", ("3,_", 0, 8)).table("_,_", 3),
    case("fibonacci-nim", "20,7", ("20,_", 0, 8)).table("_,_", 3),
    case("northcott", "1:6,3:4", ("3,_", 4, 9))
        .table("_,9,5,_", 4)
        .bad(("3,_", 1, 5))
        .bad_table("_,_", 3),
    case("lasker", "3,5", ("_", 0, 20)).table("_,_", 4),
    case("euclid", "5,3", ("5,_", 0, 10)).table("_,_", 4),
    Case {
        spec: "cram:2x3",
        position: "..#/...",
        seq: None,
        table: None,
        bad_seq: Some(("_,0", 0, 3)),
        bad_table: Some(("_,_", 2)),
        explores: true,
    },
    // Sprouts positions are drawings: a template has no number to vary (a number alone is a
    // start, so `_,0` is the template that must be refused).
    Case {
        spec: "sprouts",
        position: "0.0.AB.}AB.}]!",
        seq: None,
        table: None,
        bad_seq: Some(("_,0", 0, 2)),
        bad_table: Some(("_,_", 2)),
        explores: true,
    },
    // Nimstring: a position lists the strings left (a loony one has no nimber, so the line
    // varies one string alone); Dots-and-Boxes positions are boards.
    Case {
        spec: "nimstring:strings=0-a,a-b,b-0,b-c,c-0",
        position: "0,1,3",
        seq: Some(("_", 0, 4)),
        table: None,
        bad_seq: Some(("_", 0, 7)),
        bad_table: Some(("_,_", 2)),
        explores: false,
    },
    Case {
        spec: "dots:1x2",
        position: "+-+.+/.o.o./+.+.+",
        seq: None,
        table: None,
        bad_seq: Some(("_,0", 0, 2)),
        bad_table: Some(("_,_", 2)),
        explores: false,
    },
    // X-only tic-tac-toe and Notakto: positions are boards written as rows (a number alone is
    // that many empty boards, so `_,0` is the template that must be refused).
    Case {
        spec: "xonly",
        position: "x../.x./...,.../.x./...",
        seq: None,
        table: None,
        bad_seq: Some(("_,0", 0, 2)),
        bad_table: Some(("_,_", 2)),
        explores: true,
    },
    Case {
        spec: "notakto",
        position: "x../.x./...,.../.x./...",
        seq: None,
        table: None,
        bad_seq: Some(("_,0", 0, 2)),
        bad_table: Some(("_,_", 2)),
        explores: true,
    },
    case("chomp:3x4", "3,3,2,1", ("3,_,1,0", 1, 3))
        .bad(("2,_,1,0", 0, 3))
        .bad_table("3,3,_,_", 3),
    case("node-kayles:graph=petersen", "0,1,4", ("0,_", 1, 9))
        .bad_table("_,_", 3)
        .bad(("0,_", 0, 12)),
    case("arc-kayles:graph=cycle:9", "0,1,2,3", ("2,_", 3, 8))
        .bad_table("_,_", 3)
        .bad(("0,_", 0, 10)),
    case("hackenbush:stalks=3,2", "0,1,3", ("1,_", 2, 4))
        .bad_table("_,_", 2)
        .bad(("1,_", 0, 7)),
    case("turning-turtles", "3,5", ("3,_", 4, 10))
        .bad(("3,_", 1, 5))
        .bad_table("_,_", 3),
    case("mock-turtles", "0,4", ("2,_", 3, 10))
        .bad(("2,_", 0, 5))
        .bad_table("_,_", 2),
    case("ruler", "6,12", ("2,_", 3, 10))
        .bad(("2,_,7,38", 5, 8))
        .bad_table("_,_", 3),
    case("turning-corners", "1:1,2:3", ("1,1,_,1", 2, 6))
        .table("_,1,5,_", 3)
        .bad(("1,1,_,1", 0, 3)),
    case("tartan:rulerxmock-turtles", "1:0,2:3", ("1,1,_,1", 2, 6))
        .table("_,1,5,_", 3)
        .bad(("1,1,_,1", 1, 3)),
];

/// The spec of a case, with the digraphs' files written in `dir`.
fn spec_of(case: &Case, dir: &std::path::Path) -> String {
    let graph = |name: &str, text: &str| -> PathBuf {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path
    };
    match case.spec {
        NUMBERED => format!(
            "digraph:file={}",
            graph("numbered.txt", "1 0\n2 1\n3 2\n3 0\n4 3\n6 4\n").display()
        ),
        NAMED => format!(
            "digraph:file={}",
            graph("named.txt", "a b\nb c\na c\n").display()
        ),
        spec => spec.to_string(),
    }
}

#[test]
fn every_family_has_a_case() {
    for family in grundy::registry::families() {
        assert!(
            CASES.iter().any(|c| {
                let name = c.spec.split(':').next().unwrap();
                name == family.name || (family.name == "digraph" && c.spec == NUMBERED)
            }),
            "no case for the family {}",
            family.name
        );
    }
}

/// The template with its `_` replaced, in order, by `values`: a position as it is typed.
fn typed(template: &str, values: &[u64]) -> String {
    let mut values = values.iter();
    template
        .split(',')
        .map(|c| match c {
            "_" => values.next().expect("a value per '_'").to_string(),
            c => c.to_string(),
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// What `value` says of a position typed as `text`: its value, or the refusal.
fn value_of(game: &dyn Ruleset, text: &str) -> Result<u64, grundy::Error> {
    let position = game.parse_position(text)?;
    let report = query::outcome(game, &position)?;
    Ok(report.value.expect("a small position has a value"))
}

/// How a JSON answer writes a position.
#[derive(Debug, PartialEq, Eq)]
enum Form {
    Numbers,
    Text,
    Names,
}

fn form(v: &Value) -> Form {
    match v {
        Value::String(_) => Form::Text,
        Value::Array(items) if items.iter().all(|x| x.is_u64() || x.is_null()) => Form::Numbers,
        Value::Array(items) if items.iter().all(Value::is_string) => Form::Names,
        other => panic!("not a position: {other}"),
    }
}

/// The position a JSON answer writes, read back as the game reads a typed position.
fn read_back(game: &dyn Ruleset, v: &Value) -> Vec<u64> {
    match v {
        Value::String(text) => game.parse_position(text).unwrap(),
        Value::Array(items) if items.iter().all(Value::is_u64) => {
            items.iter().map(|x| x.as_u64().unwrap()).collect()
        }
        Value::Array(items) => {
            let names: Vec<&str> = items.iter().map(|x| x.as_str().unwrap()).collect();
            game.parse_position(&names.join(",")).unwrap()
        }
        other => panic!("not a position: {other}"),
    }
}

/// Runs `grundy args --json`: the parsed answer, or the one `error:` line (exit code 2, nothing
/// on stdout).
fn run(args: &[&str]) -> Result<Value, String> {
    let mut all = args.to_vec();
    all.push("--json");
    let output = grundy(&all).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).to_string();
    if output.status.success() {
        return Ok(serde_json::from_slice(&output.stdout).expect("stdout is JSON"));
    }
    assert_eq!(output.status.code(), Some(2), "grundy {all:?}: {stderr}");
    assert!(output.stdout.is_empty(), "grundy {all:?} wrote on error");
    assert_eq!(stderr.lines().count(), 1, "grundy {all:?}: {stderr}");
    assert!(stderr.starts_with("error: "), "grundy {all:?}: {stderr}");
    Err(stderr)
}

/// `seq` along a line: the values `value` gives position by position, or, when one of the
/// positions is refused by `value`, the whole sequence refused, naming that position.
fn check_seq(game: &dyn Ruleset, spec: &str, (template, from, to): Line, valid: bool) {
    let expected: Vec<Result<u64, grundy::Error>> = (from..=to)
        .map(|n| value_of(game, &typed(template, &[n])))
        .collect();
    let (from_text, to_text) = (from.to_string(), to.to_string());
    let answer = run(&[
        "seq", spec, template, "--from", &from_text, "--to", &to_text,
    ]);
    match expected.iter().position(Result::is_err) {
        None => {
            assert!(valid, "{spec} {template}: every position is valid");
            let answer = answer.unwrap_or_else(|e| panic!("seq {spec} {template}: {e}"));
            let values: Vec<u64> = answer["values"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_u64().unwrap())
                .collect();
            let expected: Vec<u64> = expected.into_iter().map(Result::unwrap).collect();
            assert_eq!(values, expected, "seq {spec} {template} against value");
        }
        Some(i) => {
            assert!(!valid, "{spec} {template}: {:?}", expected[i]);
            let error = answer.expect_err("a sequence through a refused position is refused");
            // A position the game refuses is named (a game whose positions cannot carry a `_`
            // says so instead).
            let n = from + i as u64;
            let refused_whole = matches!(
                game.template_numbers(),
                grundy::ruleset::TemplateNumbers::Refused(_)
            );
            assert!(
                refused_whole || error.contains(&format!("(_ = {n})")),
                "seq {spec} {template}: {error} should name _ = {n}"
            );
        }
    }
}

/// `table` over a template: each cell shown has the value `value` gives its position, written
/// as `value` writes it; or, when a cell's position is refused by `value`, the table refused.
fn check_table(
    game: &dyn Ruleset,
    spec: &str,
    (template, max): (&str, u64),
    valid: bool,
    reference: &Form,
) {
    let parsed = grundy::spec::parse_template(template).unwrap();
    let blanks: Vec<usize> = (0..parsed.len()).filter(|&i| parsed[i].is_none()).collect();
    let (lo_row, lo_col) = (
        game.min_coordinate(blanks[0]),
        game.min_coordinate(blanks[1]),
    );
    let cells: Vec<(u64, u64)> = (lo_row..=max)
        .flat_map(|r| (lo_col..=max).map(move |c| (r, c)))
        .collect();
    let refused = cells
        .iter()
        .any(|&(r, c)| value_of(game, &typed(template, &[r, c])).is_err());
    let answer = run(&["table", spec, template, "--max", &max.to_string()]);
    if refused {
        assert!(!valid, "table {spec} {template} reaches a refused position");
        answer.expect_err("a table through a refused position is refused");
        return;
    }
    assert!(valid, "table {spec} {template}: every cell is valid");
    let answer = answer.unwrap_or_else(|e| panic!("table {spec} {template}: {e}"));
    let shown: Vec<(u64, u64)> = cells
        .into_iter()
        .filter(|&(r, c)| {
            let numbers = grundy::ruleset::fill(&parsed, &[r, c]);
            game.table_cell_shown(&parsed, &numbers)
        })
        .collect();
    let listed = answer["cells"].as_array().unwrap();
    assert_eq!(listed.len(), shown.len(), "table {spec} {template}");
    assert!(!listed.is_empty());
    for (cell, &(r, c)) in listed.iter().zip(&shown) {
        let text = typed(template, &[r, c]);
        assert_eq!(
            &form(&cell["position"]),
            reference,
            "table {spec} {template}"
        );
        assert_eq!(
            read_back(game, &cell["position"]),
            game.parse_position(&text).unwrap(),
            "table {spec} {template} at {text}"
        );
        assert_eq!(
            cell["value"].as_u64(),
            value_of(game, &text).ok(),
            "table {spec} {template} at {text}"
        );
    }
}

#[test]
fn seq_and_table_agree_with_value_position_by_position() {
    let scratch = common::scratch_dir();
    for case in CASES {
        let spec = spec_of(case, &scratch);
        let game = parse_game(&spec).unwrap();
        // How `value --json` writes a position: the form every cell follows.
        let reference = form(&run(&["value", &spec, case.position]).unwrap()["position"]);
        if let Some(line) = case.seq {
            check_seq(game.as_ref(), &spec, line, true);
        }
        if let Some(line) = case.bad_seq {
            check_seq(game.as_ref(), &spec, line, false);
        }
        if let Some(table) = case.table {
            check_table(game.as_ref(), &spec, table, true, &reference);
        }
        if let Some(table) = case.bad_table {
            check_table(game.as_ref(), &spec, table, false, &reference);
        }
    }
}

/// How a command's position is checked against `value`'s: what, the JSON, the expected position.
type Check<'a> = dyn Fn(&str, &Value, Option<&[u64]>) + 'a;

/// `remoteness` and `generations` of a case's position write its positions as `value` does.
fn check_explorations(
    game: &dyn Ruleset,
    spec: &str,
    text: &str,
    check: &Check,
    options: &[Vec<u64>],
) {
    let position = game.parse_position(text).unwrap();
    let remoteness = run(&["remoteness", spec, text]).unwrap();
    check("remoteness", &remoteness["position"], Some(&position));
    let listed = remoteness["moves"].as_array().unwrap();
    assert_eq!(listed.len(), options.len(), "remoteness of {spec}");
    for (m, to) in listed.iter().zip(options) {
        check("a move of remoteness", &m["to"], Some(to));
    }

    let generations = run(&["generations", spec, text, "--list"]).unwrap();
    check("generations", &generations["position"], Some(&position));
    for cell in generations["cells"].as_array().unwrap() {
        check("a P-position of generations", &cell["position"], None);
    }
}

/// A position is written one way in every command's JSON: the form `value --json` gives it
/// (numbers, the text of a board or of a list, vertex names), which reads back as the position.
#[test]
fn every_command_writes_a_position_as_value_does() {
    let scratch = common::scratch_dir();
    // The families whose positions JSON writes as text: those docs/src/commands.md names
    // ("In JSON, every answer writes a position ..."), issue 52.
    let mut texts = std::collections::BTreeSet::new();
    for case in CASES {
        let spec = spec_of(case, &scratch);
        let game = parse_game(&spec).unwrap();
        let game = game.as_ref();
        let position = game.parse_position(case.position).unwrap();
        let value = run(&["value", &spec, case.position]).unwrap();
        let reference = form(&value["position"]);
        if reference == Form::Text {
            texts.insert(spec.split(':').next().unwrap().to_string());
        }
        let check = |what: &str, v: &Value, expected: Option<&[u64]>| {
            assert_eq!(form(v), reference, "{what} of {spec}: {v}");
            let back = read_back(game, v);
            match expected {
                Some(expected) => assert_eq!(back, expected, "{what} of {spec}"),
                None => game.validate(&back).unwrap(),
            }
        };
        check("value", &value["position"], Some(&position));
        let options: Vec<Vec<u64>> = game
            .moves(&position)
            .unwrap()
            .into_iter()
            .map(|m| m.to)
            .collect();

        let moves = run(&["moves", &spec, case.position]).unwrap();
        check("moves", &moves["position"], Some(&position));
        let listed = moves["moves"].as_array().unwrap();
        assert_eq!(listed.len(), options.len(), "moves of {spec}");
        for (m, to) in listed.iter().zip(&options) {
            check("a move", &m["to"], Some(to));
        }

        let sum = run(&["sum", &spec, case.position, "nim", "1"]).unwrap();
        check("sum", &sum["components"][0]["position"], Some(&position));
        for m in sum["winning_moves"].as_array().unwrap() {
            if m["component"] == 0 {
                check("a winning move of a sum", &m["to"], None);
            }
        }

        if !case.explores {
            for command in ["remoteness", "generations"] {
                let refused = run(&[command, &spec, case.position]).unwrap_err();
                assert!(
                    refused.contains("moves again"),
                    "{command} {spec}: {refused}"
                );
            }
        } else {
            check_explorations(game, &spec, case.position, &check, &options);
        }

        if let Some((template, from, to)) = case.seq {
            let (from, to) = (from.to_string(), to.to_string());
            let seq = run(&["seq", &spec, template, "--from", &from, "--to", &to]).unwrap();
            assert_eq!(form(&seq["position"]), reference, "seq of {spec}");
        }
        if let Some((template, max)) = case.table {
            let table = run(&["table", &spec, template, "--max", &max.to_string()]).unwrap();
            assert_eq!(form(&table["position"]), reference, "table of {spec}");
        }
    }
    assert_eq!(
        texts.into_iter().collect::<Vec<_>>(),
        [
            "arc-kayles",
            "cram",
            "dots",
            "hackenbush",
            "nimstring",
            "node-kayles",
            "notakto",
            "sprouts",
            "xonly"
        ],
        "the families commands.md says write their positions as text"
    );
}

/// The Nim product `a ⊗ b` (Conway), written here from its definition on halves: with `F` the
/// Fermat 2-power splitting `a = a1 F + a0`, `F ⊗ F = F + F/2` (ordinary sum, a Nim sum here)
/// and `x ⊗ F = x F` for `x < F`.
fn nim_product(a: u64, b: u64, bits: u32) -> u64 {
    if bits == 1 {
        return a & b;
    }
    let half = bits / 2;
    let mask = (1u64 << half) - 1;
    let (a1, a0, b1, b0) = (a >> half, a & mask, b >> half, b & mask);
    let high = nim_product(a1, b1, half);
    let cross = nim_product(a1, b0, half) ^ nim_product(a0, b1, half);
    let low = nim_product(a0, b0, half) ^ nim_product(high, 1 << (half - 1), half);
    ((high ^ cross) << half) | low
}

/// The exact value of a position where the family's value is known in closed form (written here
/// from the rules' theorems, in `u128`), else `None`.
fn known_value(spec: &str, p: &[u64]) -> Option<u128> {
    let xor = |values: &mut dyn Iterator<Item = u128>| values.fold(0u128, |a, b| a ^ b);
    let ruler = |n: u64| u128::from(n & n.wrapping_neg());
    let mock = |n: u64| {
        let twice = 2 * u128::from(n);
        if twice.count_ones() % 2 == 1 {
            twice
        } else {
            twice + 1
        }
    };
    let lasker = |n: u64| {
        let n = u128::from(n);
        match n % 4 {
            0 if n > 0 => n - 1,
            3 => n + 1,
            _ => n,
        }
    };
    Some(match spec {
        "nim" => xor(&mut p.iter().map(|&h| u128::from(h))),
        "lasker" => xor(&mut p.iter().map(|&h| lasker(h))),
        "subtraction:s=1,3,4" => [0, 1, 0, 1, 2, 3, 2][(p[0] % 7) as usize],
        "turning-turtles" => xor(&mut p.iter().map(|&h| u128::from(h))),
        "ruler" => xor(&mut p.iter().map(|&h| ruler(h))),
        "mock-turtles" => xor(&mut p.iter().map(|&h| mock(h))),
        // (Two checkers on one square: no position.)
        "northcott" if p.chunks(2).all(|r| r[0] != r[1]) => {
            xor(&mut p.chunks(2).map(|r| u128::from(r[0].abs_diff(r[1]) - 1)))
        }
        "staircase" => xor(&mut p.iter().step_by(2).map(|&c| u128::from(c))),
        // Twins x Twins and Turning Turtles x Turning Turtles: a coin (x, y) is worth x ⊗ y; Mock
        // Turtles x Mock Turtles: mock(x) ⊗ mock(y) (the Tartan theorem).
        "turning-corners" | "tartan:turning-turtlesxturning-turtles" => {
            xor(&mut p.chunks(2).map(|h| u128::from(nim_product(h[0], h[1], 64))))
        }
        "tartan:mock-turtlesxmock-turtles" => {
            let mut v = 0u128;
            for h in p.chunks(2) {
                let (x, y) = (
                    u64::try_from(mock(h[0])).ok()?,
                    u64::try_from(mock(h[1])).ok()?,
                );
                v ^= u128::from(nim_product(x, y, 64));
            }
            v
        }
        "wythoff" if p[0] == 0 => u128::from(p[1]),
        _ => return None,
    })
}

/// The outcome where the family's theory gives it in closed form, else `None`.
fn known_outcome(spec: &str, p: &[u64]) -> Option<Outcome> {
    let p_if = |b: bool| if b { Outcome::P } else { Outcome::N };
    match spec {
        // Moore's theorem: P exactly when each binary digit is 1 in a multiple of k + 1 piles.
        "moore:k=2" => {
            Some(p_if((0..64).all(|bit| {
                p.iter().filter(|&&x| x >> bit & 1 == 1).count() % 3 == 0
            })))
        }
        // The P-positions of Wythoff's game with a pile of 1: (1, 2) only.
        "wythoff" if p[0] == 1 => Some(p_if(p[1] == 2)),
        _ => known_value(spec, p).map(|v| p_if(v == 0)),
    }
}

/// The numbers at the edge of 64 bits, and the largest coin Mock Turtles accepts.
const LARGE: &[u64] = &[
    u64::MAX,
    u64::MAX - 1,
    u64::MAX - 2,
    u64::MAX - 3,
    1 << 63,
    (1 << 63) + 1,
    (1 << 63) - 1,
    (1 << 62) - 1,
];

/// Specs whose parameters sit at the edge of 64 bits.
const LARGE_SPECS: &[(&str, &str)] = &[
    ("subtraction:s=18446744073709551615", "_"),
    ("subtraction:s=1,18446744073709551615", "_"),
    ("subtraction:s=9223372036854775808", "_"),
    ("moore:k=18446744073709551615", "_,_"),
    ("imark:s=18446744073709551615:d=2", "_"),
    ("imark:s=1:d=18446744073709551615", "_"),
    ("sd:s=1:d=18446744073709551615:round=ceil", "_"),
    ("kupin:s=1:d=18446744073709551615", "_"),
    ("takeaway:f=k+1", "_,_"),
    ("octal:0.7", "_"),
    ("octal:4.7", "_"),
    ("tartan:mock-turtlesxmock-turtles", "_,_"),
    ("tartan:turning-turtlesxturning-turtles", "_,_"),
    ("wythoff", "0,_"),
    ("wythoff", "1,_"),
    ("staircase", "_,0,_"),
];

/// Every family's closed forms at the largest numbers: each position with `_` (and then every
/// coordinate) at the edge of 64 bits is answered exactly (checked against the theorems written
/// above where the family has one; the outcome always agrees with the value) or refused with an
/// `overflow:`, `too large` or invalid-position error, never a panic or a wrapped value.
#[test]
fn closed_forms_at_the_largest_numbers_are_exact_or_refused() {
    let scratch = common::scratch_dir();
    let mut lines: Vec<(String, &str)> = CASES
        .iter()
        .filter_map(|c| {
            c.seq
                .map(|(template, _, _)| (spec_of(c, &scratch), template))
        })
        .collect();
    lines.extend(LARGE_SPECS.iter().map(|&(s, t)| (s.to_string(), t)));
    let mut failures = Vec::new();
    for (spec, template) in &lines {
        let game = parse_game(spec).unwrap();
        let template = grundy::spec::parse_template(template).unwrap();
        for &n in LARGE {
            let along: Vec<u64> = template.iter().map(|c| c.unwrap_or(n)).collect();
            let everywhere = vec![n; template.len()];
            for position in [along, everywhere] {
                let answer = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    query::outcome(game.as_ref(), &position)
                }));
                let known = known_value(spec, &position);
                match answer {
                    Err(_) => failures.push(format!("{spec} {position:?}: a panic")),
                    Ok(Ok(report)) => {
                        if let Some(v) = report.value {
                            if Outcome::of(v) != report.outcome {
                                failures.push(format!(
                                    "{spec} {position:?}: value {v} but {:?}",
                                    report.outcome
                                ));
                            }
                        }
                        if let Some(known) = known {
                            if report.value.map(u128::from)
                                != u64::try_from(known).ok().map(u128::from)
                            {
                                failures.push(format!(
                                    "{spec} {position:?}: value {:?}, the theorem gives {known}",
                                    report.value
                                ));
                            }
                        }
                        if let Some(outcome) = known_outcome(spec, &position) {
                            if report.outcome != outcome {
                                failures.push(format!(
                                    "{spec} {position:?}: {:?}, the theorem gives {outcome:?}",
                                    report.outcome
                                ));
                            }
                        }
                    }
                    Ok(Err(e)) => {
                        if !matches!(
                            e,
                            grundy::Error::Overflow(_)
                                | grundy::Error::TooLarge(_)
                                | grundy::Error::Position(_)
                        ) {
                            failures.push(format!("{spec} {position:?}: unexpected error {e}"));
                        }
                        if known.is_some_and(|v| v <= u128::from(u64::MAX))
                            && matches!(e, grundy::Error::TooLarge(_))
                        {
                            failures.push(format!("{spec} {position:?}: refused ({e}) though the theorem gives its value"));
                        }
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The case of issue 50: one heap of `2^64 - 1 = 4k+3` is worth `4k+4 = 2^64`, an N-position
/// whose winning move takes the whole heap (it was valued 0, a P-position with no winning move).
#[test]
fn the_largest_lasker_heap_is_an_n_position() {
    let value = json(&["value", "lasker", "18446744073709551615"]);
    assert_eq!(value["outcome"], "N");
    assert_eq!(value["value"], Value::Null);
    assert!(value["method"]
        .as_str()
        .unwrap()
        .contains("18446744073709551616"));
    let moves = json(&["moves", "lasker", "2^64-1", "--winning"]);
    let winning = moves["moves"].as_array().unwrap();
    assert_eq!(winning.len(), 1);
    assert_eq!(winning[0]["to"], serde_json::json!([0]));
    // A sequence through such a position is refused, not wrapped.
    common::fails(
        &["seq", "lasker", "2^64-1,_", "--from", "0", "--to", "3"],
        "overflow:",
    );
}
