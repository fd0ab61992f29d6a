//! CLI tests for `grundy reproduce`: the quick report is written once, then its files are checked
//! and its tables' data compared with slow references written here from the games' definitions
//! (or with numbers printed in the papers), never with the report code.

use crate::common;
use common::{fails, grundy, stdout};

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The quick report, written once for every test here; returns (directory, stdout).
fn quick_report() -> &'static (PathBuf, String) {
    static REPORT: OnceLock<(PathBuf, String)> = OnceLock::new();
    REPORT.get_or_init(|| {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("reproduce-quick");
        let _ = std::fs::remove_dir_all(&dir);
        let out = stdout(&["reproduce", "--quick", "--out", dir.to_str().unwrap()]);
        (dir, out)
    })
}

/// A CSV file as (header, rows), with quoted fields.
fn read_csv(name: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let path = quick_report().0.join("csv").join(format!("{name}.csv"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let mut lines = text.lines().map(|line| {
        let (mut fields, mut field, mut quoted) = (Vec::new(), String::new(), false);
        let mut chars = line.chars().peekable();
        while let Some(c) = chars.next() {
            match (c, quoted) {
                ('"', true) if chars.peek() == Some(&'"') => {
                    field.push('"');
                    chars.next();
                }
                ('"', _) => quoted = !quoted,
                (',', false) => fields.push(std::mem::take(&mut field)),
                (c, _) => field.push(c),
            }
        }
        fields.push(field);
        fields
    });
    let header = lines.next().expect("a header line");
    (header, lines.collect())
}

fn num(s: &str) -> u64 {
    s.parse().unwrap_or_else(|_| panic!("not a number: '{s}'"))
}

/// The column called `name`.
fn column(header: &[String], name: &str) -> usize {
    header
        .iter()
        .position(|h| h == name)
        .unwrap_or_else(|| panic!("no column {name} in {header:?}"))
}

#[test]
fn every_file_is_written_and_not_empty() {
    let (dir, _) = quick_report();
    let mut expected = vec!["index.html".to_string(), "report.md".to_string()];
    for table in [
        "sharing-nim-table1",
        "sharing-nim-table2",
        "sharing-nim-table3",
        "sharing-nim-section6-lists",
        "sharing-nim-section6-bounds",
        "takeaway-base-k",
        "takeaway-base-2k",
        "takeaway-base-example",
        "takeaway-g",
        "imark-table1",
        "imark-table2",
        "nim-fractals-table1",
        "nim-fractals-counts",
        "octal-known-periods",
        "octal-survey-published",
        "octal-records-rare",
        "octal-records-rogalski",
        "misere-quotients",
        "boards-cram-beling",
        "boards-kayles-octal",
        "boards-literature",
    ] {
        expected.push(format!("csv/{table}.csv"));
    }
    for figure in [
        "sharing-nim-heatmap",
        "sharing-nim-figure4",
        "sharing-nim-figure5",
        "imark-figure1-i",
        "imark-figure1-ii",
        "imark-figure1-iii",
        "imark-gap-distribution",
        "nim-fractals-ulam-warburton",
        "nim-fractals-counts-plot",
    ] {
        expected.push(format!("csv/{figure}.csv"));
        expected.push(format!("figures/{figure}.svg"));
        expected.push(format!("figures/{figure}.png"));
    }
    for file in &expected {
        let meta = std::fs::metadata(dir.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert!(meta.len() > 0, "{file} is empty");
    }
    let png = std::fs::read(dir.join("figures/sharing-nim-heatmap.png")).unwrap();
    assert_eq!(&png[1..4], b"PNG");
    let svg = std::fs::read_to_string(dir.join("figures/sharing-nim-figure4.svg")).unwrap();
    assert!(svg.contains("<svg"));
    // The page references every picture by a relative path and has its CSS inline.
    let html = std::fs::read_to_string(dir.join("index.html")).unwrap();
    assert!(html.contains("<style>") && !html.contains("<link"));
    assert!(html.contains("src=\"figures/sharing-nim-figure5.svg\""));
    assert!(!html.contains("file://") && !html.contains("http://"));
}

/// Sharing Nim by its definition: move k tokens from pile i to pile j when the destination does
/// not exceed the source afterwards. Positions are stored sorted; shifting all piles by the
/// minimum is not used.
struct SharingNim(HashMap<[u64; 3], u64>);

impl SharingNim {
    fn value(&mut self, mut p: [u64; 3]) -> u64 {
        p.sort();
        if let Some(&v) = self.0.get(&p) {
            return v;
        }
        let mut seen = Vec::new();
        for i in 0..3 {
            for j in 0..3 {
                if i == j {
                    continue;
                }
                let mut k = 1;
                while k <= p[i] && p[j] + k <= p[i] - k {
                    let mut q = p;
                    q[i] -= k;
                    q[j] += k;
                    seen.push(self.value(q));
                    k += 1;
                }
            }
        }
        let v = (0..).find(|v| !seen.contains(v)).unwrap();
        self.0.insert(p, v);
        v
    }
}

/// The paper's Table 2 (Ho), the first 490 values of G(0, 0, n), as printed.
const HO_TABLE_2: &str = "0,0,1,0,0,0,1,0,3,0,1,0,0,0,1,0,0,0,1,0,0,0,1,0,12,0,1,0,0,0,1,0,2,0,1,0,0,0,1,0,3,0,1,0,0,0,1,0,0,0,1,0,0,0,1,0,4,0,1,0,0,0,1,0,0,0,1,0,0,0,1,0,2,0,1,0,0,0,1,0,0,0,1,0,0,0,1,0,3,0,1,0,0,0,1,0,3,0,1,0,0,0,1,0,2,0,1,0,0,0,1,0,0,0,1,0,0,0,1,0,2,0,1,0,0,0,1,0,2,0,1,0,0,0,1,0,2,0,1,0,0,0,1,0,0,0,1,0,0,0,1,0,4,0,1,0,0,0,1,0,3,0,1,0,0,0,1,0,3,0,1,0,0,0,1,0,0,0,1,0,0,0,1,0,3,0,1,0,0,0,1,0,0,0,1,0,0,0,1,0,2,0,1,0,0,0,1,0,0,0,1,0,0,0,1,0,2,0,1,0,0,0,1,0,5,0,1,0,0,0,1,0,2,0,1,0,0,0,1,0,0,0,1,0,0,0,1,0,2,0,1,0,0,0,1,0,0,0,1,0,0,0,1,0,3,0,1,0,0,0,1,0,0,0,1,0,0,0,1,0,3,0,1,0,0,0,1,0,2,0,1,0,0,0,1,0,3,0,1,0,0,0,1,0,0,0,1,0,0,0,1,0,3,0,1,0,0,0,1,0,0,0,1,0,0,0,1,0,2,0,1,0,0,0,1,0,0,0,1,0,0,0,1,0,2,0,1,0,0,0,1,0,3,0,1,0,0,0,1,0,2,0,1,0,0,0,1,0,0,0,1,0,0,0,1,0,3,0,1,0,0,0,1,0,3,0,1,0,0,0,1,0,3,0,1,0,0,0,1,0,0,0,1,0,0,0,1,0,2,0,1,0,0,0,1,0,2,0,1,0,0,0,1,0,2,0,1,0,0,0,1,0,0,0,1,0,0,0,1,0,2,0,1,0,0,0,1,0,0,0,1,0,0,0,1,0,3,0,1,0,0,0,1,0,0,0,1,0,0,0,1,0,2,0,1,0,0,0,1,0,2,0,1,0,0,0,1,0,3,0";

/// The paper's Table 1 (Ho), rows a = 16 down to 0 as printed, each from b = a to 16 (typed
/// from `papers/000`, whose extraction of the bottom row is clean).
const HO_TABLE_1: [&str; 17] = [
    "0",
    "0 11",
    "1 10 10",
    "0 9 10 11",
    "0 2 9 8 9",
    "0 7 1 7 5 11",
    "1 7 8 8 4 5 11",
    "0 6 2 8 9 9 5 6",
    "3 6 6 7 6 9 7 10 7",
    "0 5 1 3 7 8 4 10 10 6",
    "1 4 5 4 4 5 5 4 7 5 11",
    "0 4 2 5 6 6 5 8 9 9 5 11",
    "0 3 2 3 3 6 4 7 6 9 4 5 9",
    "0 3 1 4 3 5 4 3 7 8 8 7 8 11",
    "1 2 2 1 2 2 5 1 6 2 8 1 9 10 10",
    "0 1 2 3 3 4 4 5 6 6 7 7 2 9 10 11",
    "0 0 1 0 0 0 1 0 3 0 1 0 0 0 1 0 0",
];

/// The paper's Table 3 (Ho), 32 values a line (typed from `papers/000`).
const HO_TABLE_3: [&str; 16] = [
    "00100010101000100010001010100010",
    "10100010101000100010001010100010",
    "00100010101000100010001010100010",
    "10100010101000100010001010100010",
    "10100010101000100010001010100010",
    "10100010101000100010001010100010",
    "00100010101000100010001010100010",
    "10100010101000100010001010100010",
    "00100010101000100010001010100010",
    "10100010101000100010001010100010",
    "00100010101000100010001010100010",
    "10100010101000100010001010100010",
    "10100010101000100010001010100010",
    "10100010101000100010001010100010",
    "00100010101000100010001010100010",
    "1010001010",
];

/// The Markdown paragraph after a table's heading (its label and note).
fn table_note(title_start: &str) -> String {
    let md = std::fs::read_to_string(quick_report().0.join("report.md")).unwrap();
    let mut lines = md
        .lines()
        .skip_while(|l| !l.starts_with(&format!("### {title_start}")));
    lines
        .nth(2)
        .unwrap_or_else(|| panic!("no table {title_start}"))
        .to_string()
}

#[test]
fn sharing_nim_tables_match_the_definition_and_the_paper() {
    let mut game = SharingNim(HashMap::new());
    // Table 1: every cell a <= b <= 16, against the definition and the printed table.
    let (h, rows) = read_csv("sharing-nim-table1");
    assert_eq!(rows.len(), 17 * 18 / 2);
    for r in &rows {
        let (a, b, g) = (num(&r[0]), num(&r[1]), num(&r[2]));
        assert_eq!(g, game.value([0, a, b]), "G(0,{a},{b}) ({h:?})");
        let printed: Vec<u64> = HO_TABLE_1[16 - a as usize].split(' ').map(num).collect();
        assert_eq!(
            num(&r[3]),
            printed[(b - a) as usize],
            "G(0,{a},{b}) as printed"
        );
        assert_eq!(
            g,
            printed[(b - a) as usize],
            "G(0,{a},{b}) against the paper"
        );
    }
    // Every printed cell agrees, so the three tables say so, and say that all were compared.
    for table in ["Table 1:", "Table 2:", "Table 3:"] {
        let note = table_note(table);
        assert!(
            note.starts_with("Agrees with the paper (every printed cell compared).")
                && note.contains("all equal"),
            "{note}"
        );
    }
    // Table 2: 490 values; the definition for n <= 160, the paper's printed table for all.
    let (_, rows) = read_csv("sharing-nim-table2");
    let printed: Vec<u64> = HO_TABLE_2.split(',').map(num).collect();
    assert_eq!(printed.len(), 490);
    assert_eq!(rows.len(), 490);
    for (n, r) in rows.iter().enumerate() {
        assert_eq!(num(&r[0]), n as u64);
        assert_eq!(num(&r[1]), printed[n], "G(0,0,{n}) against the paper");
        assert_eq!(num(&r[2]), printed[n], "G(0,0,{n}) as printed");
        if n <= 160 {
            assert_eq!(num(&r[1]), game.value([0, 0, n as u64]), "G(0,0,{n})");
        }
    }
    // Table 3 is Table 2 with positive values replaced by 1, printed for n = 0..489 like it.
    let (_, rows) = read_csv("sharing-nim-table3");
    assert_eq!(rows.len(), 490);
    let printed_f: String = HO_TABLE_3.concat();
    for (n, r) in rows.iter().enumerate() {
        assert_eq!(num(&r[0]), n as u64);
        assert_eq!(num(&r[1]), u64::from(printed[n] != 0), "f({n})");
        assert_eq!(r[2], printed_f[n..n + 1], "f({n}) as printed");
    }
    // Figures 4 and 5: 500 values of G(1,3,n) from n = 3 and 800 of G(1,7,n) from n = 7, with
    // the maxima the paper reports (41 and 72); the first values by the definition.
    for (name, r, count, max) in [
        ("sharing-nim-figure4", 3, 500, 41),
        ("sharing-nim-figure5", 7, 800, 72),
    ] {
        let (_, rows) = read_csv(name);
        assert_eq!(rows.len(), count);
        assert_eq!(num(&rows[0][0]), r);
        assert_eq!(rows.iter().map(|x| num(&x[1])).max(), Some(max), "{name}");
        for x in rows.iter().take(120) {
            let n = num(&x[0]);
            assert_eq!(num(&x[1]), game.value([1, r, n]), "G(1,{r},{n})");
        }
    }
    // The heat map's cells.
    let (_, rows) = read_csv("sharing-nim-heatmap");
    for x in rows.iter().filter(|x| num(&x[1]) <= 40) {
        assert_eq!(num(&x[2]), game.value([0, num(&x[0]), num(&x[1])]));
    }
}

/// SG values of i-Mark({1},{2,3}) in a plain byte array.
fn imark23(to: usize) -> Vec<u8> {
    let mut sg = vec![0u8; to + 1];
    for n in 1..=to {
        let mut seen = [false; 5];
        seen[sg[n - 1] as usize] = true;
        if n % 2 == 0 {
            seen[sg[n / 2] as usize] = true;
        }
        if n % 3 == 0 {
            seen[sg[n / 3] as usize] = true;
        }
        sg[n] = seen.iter().position(|s| !s).unwrap() as u8;
    }
    sg
}

#[test]
fn imark_tables_match_a_plain_loop() {
    // Quick mode counts gaps to 10^7 (Table 1) and tabulates n <= 10^6 (Table 2).
    let to = 10_000_000;
    let sg = imark23(to);
    let (mut last, mut best, mut count) = ([None::<usize>; 4], [(0, 0); 4], [0u64; 4]);
    for (n, &v) in sg.iter().enumerate() {
        let v = v as usize;
        count[v] += 1;
        if let Some(p) = last[v] {
            if n - p > best[v].0 {
                best[v] = (n - p, p);
            }
        }
        last[v] = Some(n);
    }
    let (h, rows) = read_csv("imark-table1");
    let (gap, from, occurrences) = (
        column(&h, "maximum gap (computed)"),
        column(&h, "first such gap"),
        column(&h, "occurrences"),
    );
    assert_eq!(rows.len(), 4);
    for (v, r) in rows.iter().enumerate() {
        assert_eq!(num(&r[0]), v as u64);
        assert_eq!(num(&r[gap]), best[v].0 as u64, "value {v}");
        assert_eq!(
            r[from],
            format!("{}..{}", best[v].1, best[v].1 + best[v].0),
            "value {v}"
        );
        assert_eq!(num(&r[occurrences]), count[v], "value {v}");
    }
    // The paper's Table 1 column.
    let paper: Vec<u64> = rows.iter().map(|r| num(&r[1])).collect();
    assert_eq!(paper, [4, 8, 19, 240]);

    let (_, rows) = read_csv("imark-table2");
    for r in &rows {
        let residue = num(&r[0]) as usize;
        let values: Vec<u8> = (residue..=1_000_000).step_by(6).map(|n| sg[n]).collect();
        assert_eq!(num(&r[3]), u64::from(*values.iter().max().unwrap()));
        let counts: Vec<String> = (0..4)
            .map(|v| values.iter().filter(|&&x| x == v).count().to_string())
            .collect();
        assert_eq!(r[4], counts.join(" / "));
    }
    // Figure 1: which parameters are the paper's and which are ours.
    let md = std::fs::read_to_string(quick_report().0.join("report.md")).unwrap();
    assert!(md.contains(
        "The paper's parameters: i-Mark([1,t-1],{d}), d = 1 mod t, with t = 5; ours: d = 6 and the range n = 0..800."
    ));
    assert!(md.contains(
        "The paper's parameters: i-Mark({2},{k}), k = 3 mod 4 (no k given); ours: k = 7 and the range n = 0..800."
    ));
    // Table 2: both printed columns compared, options for every n from 3 on.
    let note = table_note("Table 2: options");
    assert!(note.starts_with("Agrees with the paper"), "{note}");
    // Figure 1 (iii): i-Mark({2},{5}) by its definition.
    let (_, rows) = read_csv("imark-figure1-iii");
    let mut seq: Vec<u64> = Vec::new();
    for n in 0..rows.len() {
        let mut opts = Vec::new();
        if n >= 2 {
            opts.push(seq[n - 2]);
        }
        if n % 5 == 0 && n > 0 {
            opts.push(seq[n / 5]);
        }
        seq.push((0..).find(|v| !opts.contains(v)).unwrap());
    }
    let got: Vec<u64> = rows.iter().map(|r| num(&r[1])).collect();
    assert_eq!(got, seq);
}

/// The four counts of k-pile Nim P-positions by enumerating every tuple with piles <= max.
fn nim_counts(k: usize, max: u64) -> (Vec<u64>, Vec<u64>) {
    let (mut by_max, mut by_total) = (vec![0u64; max as usize + 1], vec![0u64; max as usize + 1]);
    let mut piles = vec![0u64; k];
    loop {
        if piles.iter().fold(0, |x, &p| x ^ p) == 0 {
            by_max[*piles.iter().max().unwrap() as usize] += 1;
            let total: u64 = piles.iter().sum();
            if total <= max {
                by_total[total as usize / 2] += 1;
            }
        }
        let Some(i) = piles.iter().position(|&p| p < max) else {
            break;
        };
        piles[i] += 1;
        piles[..i].iter_mut().for_each(|p| *p = 0);
    }
    (by_max, by_total)
}

#[test]
fn nim_counts_match_an_enumeration_of_tuples() {
    let (h, rows) = read_csv("nim-fractals-counts");
    assert_eq!(rows.len(), 33);
    for k in [3usize, 4] {
        // Every pile <= 64 covers the largest piles <= 32 and the totals <= 64.
        let (by_max, by_total) = nim_counts(k, if k == 3 { 64 } else { 32 });
        let (mut a, mut big_a) = (0, 0);
        for (n, r) in rows.iter().enumerate() {
            a += by_max[n];
            assert_eq!(
                num(&r[column(&h, &format!("d_{k}"))]),
                by_max[n],
                "d_{k}({n})"
            );
            assert_eq!(num(&r[column(&h, &format!("a_{k}"))]), a, "a_{k}({n})");
            if 2 * n < by_total.len() {
                big_a += by_total[n];
                assert_eq!(
                    num(&r[column(&h, &format!("D_{k}"))]),
                    by_total[n],
                    "D_{k}({n})"
                );
                assert_eq!(num(&r[column(&h, &format!("A_{k}"))]), big_a, "A_{k}({n})");
            }
        }
    }
    // The paper's OEIS terms: a_5 = A241523 starts 1, 16, 61, 256, 421, 976; D_4 = A237711
    // 1, 6, 7, 36, 13, 42, 43, 216, 49, 78, 55, 252, 85. The table compares all it prints.
    let terms = |name: &str, n: usize| -> Vec<u64> {
        rows.iter()
            .take(n)
            .map(|r| num(&r[column(&h, name)]))
            .collect()
    };
    assert_eq!(terms("a_5", 6), [1, 16, 61, 256, 421, 976]);
    assert_eq!(
        terms("D_4", 13),
        [1, 6, 7, 36, 13, 42, 43, 216, 49, 78, 55, 252, 85]
    );
    let note = table_note("The counts a_k");
    assert!(
        note.starts_with("Agrees with the paper") && note.contains("The 147 initial terms"),
        "{note}"
    );
}

/// Parents and children of a Nim P-position by the definition: P-positions of total two less
/// (more) differing by one counter in exactly two piles.
fn kin(p: &[u64]) -> (usize, usize) {
    let p_pos = |q: &[u64]| q.iter().fold(0, |x, &y| x ^ y) == 0;
    let (mut parents, mut children) = (0, 0);
    for i in 0..p.len() {
        for j in i + 1..p.len() {
            let mut q = p.to_vec();
            q[i] += 1;
            q[j] += 1;
            children += usize::from(p_pos(&q));
            if p[i] > 0 && p[j] > 0 {
                let mut q = p.to_vec();
                q[i] -= 1;
                q[j] -= 1;
                parents += usize::from(p_pos(&q));
            }
        }
    }
    (parents, children)
}

#[test]
fn nim_fractals_table1_flags_the_wrong_example() {
    let (h, rows) = read_csv("nim-fractals-table1");
    assert_eq!(rows.len(), 9);
    let parse = |s: &str| -> Vec<u64> {
        s.trim_matches(|c| c == '(' || c == ')')
            .split(',')
            .map(num)
            .collect()
    };
    for r in &rows {
        let (parents, children) = (num(&r[0]) as usize, num(&r[1]) as usize);
        let example = parse(&r[column(&h, "paper_example")]);
        let (p, c) = kin(&example);
        assert_eq!(num(&r[column(&h, "its_parents")]), p as u64);
        assert_eq!(num(&r[column(&h, "its_children")]), c as u64);
        let first = parse(&r[column(&h, "first_computed")]);
        assert_eq!(kin(&first), (parents, children), "{first:?}");
        if example == [0, 1, 4, 5] {
            // Printed as 2 parents and 1 child; it has 1 parent and 2 children.
            assert_eq!((parents, children, p, c), (2, 1, 1, 2));
        }
    }
    let (_, out) = quick_report();
    assert!(
        out.contains("counterexample: Table 1: grundy verify nim-table1 --to 16"),
        "{out}"
    );
    let md = std::fs::read_to_string(quick_report().0.join("report.md")).unwrap();
    let row = md
        .lines()
        .find(|l| l.contains("`grundy verify nim-table1"))
        .expect("a row for Table 1");
    assert!(
        row.contains("**counterexample**")
            && row.contains("[0, 1, 4, 5]")
            && row.contains("9 cases, 1 of them fail"),
        "{row}"
    );
}

/// `g(N)` by the definition: the least `x` such that `(N, x)` is unsafe (a win for the player to
/// move), where `(N, x)` is unsafe when some `k <= min(N, x)` leads to a safe `(N - k, f(k))`.
fn takeaway_g(f: impl Fn(u64) -> u64, to: u64) -> Vec<u64> {
    let to = to as usize;
    // unsafe_[n][x] for x <= n (larger x behave like x = n).
    let mut unsafe_: Vec<Vec<bool>> = vec![vec![false]];
    for n in 1..=to {
        let row = (0..=n)
            .map(|x| {
                (1..=x.min(n)).any(|k| {
                    let next = (f(k as u64) as usize).min(n - k);
                    !unsafe_[n - k][next]
                })
            })
            .collect();
        unsafe_.push(row);
    }
    (1..=to)
        .map(|n| (1..=n).find(|&x| unsafe_[n][x]).unwrap() as u64)
        .collect()
}

#[test]
fn takeaway_tables_match_the_definition() {
    let (_, rows) = read_csv("takeaway-g");
    let expected = [
        takeaway_g(|k| k, 64),
        takeaway_g(|k| 2 * k, 64),
        takeaway_g(|k| k % 3 + 1, 64),
    ];
    assert_eq!(rows.len(), 64);
    for (i, r) in rows.iter().enumerate() {
        assert_eq!(num(&r[0]), i as u64 + 1);
        for (j, g) in expected.iter().enumerate() {
            assert_eq!(num(&r[j + 1]), g[i], "N = {}, function {j}", i + 1);
        }
    }
    // The known cases: powers of two and the Fibonacci numbers (paper).
    let members =
        |name: &str| -> Vec<u64> { read_csv(name).1.iter().map(|r| num(&r[1])).collect() };
    let powers: Vec<u64> = (0..20).map(|i| 1 << i).collect();
    assert_eq!(members("takeaway-base-k"), powers);
    let fib = members("takeaway-base-2k");
    assert_eq!(&fib[..8], &[1, 2, 3, 5, 8, 13, 21, 34]);
    assert!(fib.windows(3).all(|w| w[2] == w[0] + w[1]));
}

#[test]
fn every_statement_row_has_a_status_and_a_command() {
    let (dir, out) = quick_report();
    assert!(out.starts_with("quick mode, 10 paper(s): "), "{out}");
    let md = std::fs::read_to_string(dir.join("report.md")).unwrap();
    let rows: Vec<&str> = md
        .lines()
        .filter(|l| {
            l.contains("| holds |")
                || l.contains("| **counterexample** |")
                || l.contains("| evidence |")
                || l.contains("| not checkable |")
        })
        .collect();
    assert!(rows.len() >= 90, "{} rows", rows.len());
    for row in rows.iter().filter(|r| !r.contains("| not checkable |")) {
        assert!(row.contains("`grundy verify "), "{row}");
    }
    // The statuses, as decided: an evidence row says what it leaves out.
    let row = |label: &str| -> &str {
        rows.iter()
            .find(|r| r.starts_with(&format!("| {label} |")))
            .unwrap_or_else(|| panic!("no row {label}"))
    };
    let conjecture1 = row("Conjecture 1");
    assert!(
        conjecture1.contains("| evidence |")
            && conjecture1.contains("not compared: ")
            && conjecture1.contains("boundedness itself"),
        "{conjecture1}"
    );
    // Rows that were "not checkable" and are checked on finite instances now.
    for label in [
        "Corollary 1",
        "Theorem 1, Nim (3,3)",
        "Lemma 18 (3 piles)",
        "Simple base (p. 3): f non-decreasing, f = k^2 + 1",
        "The winning move (N, x) -> (N - g0(N), f(g0(N))) (p. 3)",
    ] {
        assert!(row(label).contains("| holds |"), "{}", row(label));
    }
    // The growth conjecture is refuted by f = k^2: a counterexample, not "not checkable".
    let growth = row("Conjecture (p. 3, unnumbered)");
    assert!(
        growth.contains("| **counterexample** |") && growth.contains("f(k) = k^2: g is unbounded"),
        "{growth}"
    );
    // Every statement row that is not checked gives a reason, and says it is not checkable.
    assert!(md.contains("A statement's status is one of: holds"));
    // Known disagreements with the papers are reported as counterexamples.
    for claim in [
        "sharing-remark5",
        "nim-d3-recursion",
        "nim-uw-turns",
        "imark-conjecture4 --s 3 --d 2",
        "imark-conjecture4 --s 4 --d 3",
        "takeaway-growth-conjecture",
    ] {
        assert!(
            out.lines()
                .any(|l| l.starts_with("  counterexample:") && l.contains(claim)),
            "{claim}: {out}"
        );
    }
}

#[test]
fn one_paper_with_a_cited_gaps_result() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("reproduce-imark");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let result = dir.join("result.txt");
    // i-Mark({1},{2,3}) for n <= 10 is 0 1 0 2 1 0 1 0 2 0 1 (SG(3) = mex{SG(2), SG(1)} = 2,
    // SG(8) = mex{SG(7), SG(4)} = 2): zeros at 0, 2, 5, 7, 9 (largest gap 3, from 2), ones at
    // 1, 4, 6, 10 (4, from 6), twos at 3, 8 (5, from 3).
    let gaps = |zeros: u64| {
        format!(
            "{{\"engine\":\"e\",\"game\":\"imark:s=1:d=2,3\",\"gaps\":[{{\"count\":{zeros},\"first\":0,\"last\":9,\"max_gap\":3,\"max_gap_from\":2,\"value\":0}},{{\"count\":4,\"first\":1,\"last\":10,\"max_gap\":4,\"max_gap_from\":6,\"value\":1}},{{\"count\":2,\"first\":3,\"last\":8,\"max_gap\":5,\"max_gap_from\":3,\"value\":2}}],\"to\":10}}"
        )
    };
    std::fs::write(
        &result,
        format!(
            "grundy gaps imark:s=1:d=2,3 --to 10 --json\nResult:\n{}\n",
            gaps(5)
        ),
    )
    .unwrap();
    let out_dir = dir.join("report");
    let out = stdout(&[
        "reproduce",
        "--paper",
        "imark",
        "--quick",
        "--out",
        out_dir.to_str().unwrap(),
        "--gaps-result",
        result.to_str().unwrap(),
    ]);
    assert!(out.starts_with("quick mode, 1 paper(s)"), "{out}");
    assert!(!out_dir.join("csv/sharing-nim-table1.csv").exists());
    let table = std::fs::read_to_string(out_dir.join("csv/imark-table1.csv")).unwrap();
    assert!(table.lines().next().unwrap().contains("cited n <= 10"));
    assert!(table.contains("4 (from 6)"), "{table}");
    // What is cited must add up: one zero too many is refused, as is another game.
    std::fs::write(&result, gaps(6)).unwrap();
    let args = |file: &Path| {
        vec![
            "reproduce".to_string(),
            "--paper".into(),
            "imark".into(),
            "--quick".into(),
            "--out".into(),
            out_dir.to_str().unwrap().into(),
            "--gaps-result".into(),
            file.to_str().unwrap().into(),
        ]
    };
    let run = |file: &Path, why: &str| {
        let a = args(file);
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        fails(&a, why);
    };
    run(
        &result,
        "the counts add up to 12, but 0..=10 has 11 positions",
    );
    std::fs::write(&result, gaps(5).replace("d=2,3", "d=2")).unwrap();
    run(&result, "a run of imark:s=1:d=2, not of imark:s=1:d=2,3");
    std::fs::write(&result, gaps(5).replace("\"max_gap\":5", "\"max_gap\":6")).unwrap();
    run(&result, "value 2: the largest gap");
    run(Path::new("/dev/zero"), "not a regular file");
}

#[test]
fn bad_input_is_one_error_line() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("reproduce-bad");
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("out");
    let out = out.to_str().unwrap();
    fails(
        &["reproduce", "--paper", "wythoff", "--out", out],
        "unknown paper 'wythoff'",
    );
    fails(&["reproduce", "--quick"], "--out");
    let file = dir.join("a-file");
    std::fs::write(&file, "x").unwrap();
    fails(
        &["reproduce", "--quick", "--out", file.to_str().unwrap()],
        "is not a directory",
    );
    fails(
        &[
            "reproduce",
            "--quick",
            "--out",
            out,
            "--gaps-result",
            file.to_str().unwrap(),
        ],
        "no JSON line",
    );
    fails(
        &[
            "reproduce",
            "--quick",
            "--out",
            out,
            "--gaps-result",
            "/nonexistent/result.txt",
        ],
        "--gaps-result",
    );
    // Nothing was computed or written for the failed runs.
    assert!(!Path::new(out).join("index.html").exists());
    assert!(grundy(&["reproduce", "--help"])
        .output()
        .unwrap()
        .status
        .success());
}

#[test]
fn octal_periods_are_recomputed_and_proven() {
    let (header, rows) = read_csv("octal-known-periods");
    assert_eq!(header[5], "period (proven here)");
    let row = |code: &str| rows.iter().find(|r| r[0] == code).unwrap().clone();
    // Published figures (OEIS A002186, A002187, A071464; Gangolli and Plambeck 1989).
    for (code, period, last) in [
        ("0.77", "12", "70"),
        ("0.07", "34", "52"),
        ("0.137", "34", "51"),
        ("0.127", "4", "46577"),
    ] {
        let r = row(code);
        assert_eq!(
            (r[5].as_str(), r[6].as_str(), r[8].as_str()),
            (period, last, "yes"),
            "{code}"
        );
    }
    // Beyond the quick mode's 10^5 values: listed, not recomputed, so the table does not say
    // that every row was compared; its note counts the rows that were.
    assert_eq!(row("0.1777")[5], "not recomputed here");
    let skipped = rows
        .iter()
        .filter(|r| r[5] == "not recomputed here")
        .count();
    let note = table_note("Known periods");
    assert!(!note.contains("every printed cell compared"), "{note}");
    assert!(
        note.contains(&format!(
            "The {} games recomputed here agree with the published periods and last exceptions; {skipped} are not recomputed",
            rows.len() - skipped
        )),
        "{note}"
    );
}

#[test]
fn belings_cram_table_is_recomputed_cell_by_cell() {
    let (header, rows) = read_csv("boards-cram-beling");
    let (r, c, published, computed, how, agrees, seconds) = (
        column(&header, "rows"),
        column(&header, "columns"),
        column(&header, "published"),
        column(&header, "computed"),
        column(&header, "how"),
        column(&header, "agrees"),
        column(&header, "seconds"),
    );
    let cell = |rows_: u64, cols: u64| {
        rows.iter()
            .find(|row| num(&row[r]) == rows_ && num(&row[c]) == cols)
            .unwrap_or_else(|| panic!("no cell {rows_}x{cols}"))
            .clone()
    };
    // Beling's table (README of beling/impartial-games): the quick report searches the boards
    // of at most 25 cells and finds the published values.
    for (rows_, cols, value) in [(4, 4, 0), (4, 5, 2), (4, 6, 0), (5, 5, 0)] {
        let row = cell(rows_, cols);
        assert_eq!(num(&row[published]), value, "{rows_}x{cols}");
        assert_eq!(num(&row[computed]), value, "{rows_}x{cols}");
        assert!(row[how].starts_with("searched"), "{row:?}");
        assert_eq!(row[agrees], "yes");
        assert!(row[seconds].parse::<f64>().unwrap() >= 0.0);
    }
    // Larger boards: even x even by the symmetry theorem (and said so), others not recomputed,
    // the unknown ones unknown.
    let row = cell(4, 8);
    assert_eq!(
        (row[published].as_str(), row[computed].as_str()),
        ("0", "0")
    );
    assert!(row[how].contains("symmetry theorem") && row[how].contains("not searched"));
    assert!(row[seconds].is_empty());
    let row = cell(5, 7);
    assert_eq!(row[published], "1");
    assert!(row[computed].is_empty() && row[how].starts_with("not recomputed"));
    let row = cell(7, 10);
    assert_eq!(row[published], "unknown");
    assert!(row[computed].is_empty());
    // 4 to 7 rows by 4 to 15 columns, rows <= columns: 42 cells, 30 published.
    assert_eq!(rows.len(), 42);
    assert_eq!(
        rows.iter()
            .filter(|row| row[published] != "unknown")
            .count(),
        30
    );
    let note = table_note("Cram on the empty board");
    assert!(!note.contains("every printed cell compared"), "{note}");
}

#[test]
fn node_kayles_and_arc_kayles_match_the_octal_games_and_the_literature() {
    // Dawson's Chess (0.137) by its rule, for the paths: a move takes one end (n = 1 only),
    // two at an end, or three anywhere, leaving at most two heaps.
    let mut chess = vec![0u64];
    for n in 1..=30usize {
        let mut seen = Vec::new();
        if n == 1 {
            seen.push(0);
        }
        if n >= 2 {
            seen.push(chess[n - 2]);
        }
        if n >= 3 {
            for left in 0..=n - 3 {
                seen.push(chess[left] ^ chess[n - 3 - left]);
            }
        }
        chess.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    let (header, rows) = read_csv("boards-kayles-octal");
    assert_eq!(rows.len(), 30);
    let path = column(&header, "Node-Kayles path:n (searched)");
    let cycle = column(&header, "Node-Kayles cycle:n (searched)");
    let arc_path = column(&header, "Arc-Kayles path:n (searched)");
    for row in &rows {
        let n = num(&row[0]) as usize;
        assert_eq!(num(&row[path]), chess[n], "path:{n}");
        // Arc-Kayles on n vertices is Dawson's Kayles, whose values are Dawson's Chess shifted
        // by one (OEIS A002187).
        assert_eq!(num(&row[arc_path]), chess[n - 1], "arc path:{n}");
        if n >= 3 {
            assert_eq!(num(&row[cycle]), u64::from(chess[n - 3] == 0), "cycle:{n}");
        }
        assert_eq!(row.last().unwrap(), "yes");
    }
    let (header, rows) = read_csv("boards-literature");
    let agrees = column(&header, "agrees");
    assert!(rows.len() >= 14);
    for row in &rows {
        assert_eq!(row[agrees], "yes", "{row:?}");
        assert!(!row[column(&header, "source")].is_empty());
    }
    let petersen = rows.iter().find(|row| row[0].contains("Petersen")).unwrap();
    assert_eq!(petersen[column(&header, "computed here")], "1");
}

#[test]
fn the_boards_section_alone() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("reproduce-boards");
    let _ = std::fs::remove_dir_all(&dir);
    let out = stdout(&[
        "reproduce",
        "--paper",
        "boards",
        "--quick",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(
        out.starts_with("quick mode, 1 paper(s): 5 statements: 5 hold, 0 counterexample(s)"),
        "{out}"
    );
    assert!(
        out.contains("  boards: 5 statements, 3 tables, 0 figures\n"),
        "{out}"
    );
    for table in [
        "boards-cram-beling",
        "boards-kayles-octal",
        "boards-literature",
    ] {
        assert!(dir.join(format!("csv/{table}.csv")).exists(), "{table}");
    }
    assert!(!dir.join("csv/sharing-nim-table1.csv").exists());
    let md = std::fs::read_to_string(dir.join("report.md")).unwrap();
    assert!(md.contains("## Boards and graphs: Cram, Chomp, Node-Kayles, Arc-Kayles"));
}
