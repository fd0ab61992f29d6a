//! Friman and Nivasch, *Some i-Mark games*: Table 1 (maximum gaps of i-Mark({1},{2,3}) from the
//! streaming engine, with a finished longer run cited when given), Table 2 (options by `n mod 6`
//! and the largest value seen), Figure 1 (three SG sequences) and the distribution of gaps.

use super::{
    cells, check, claim_rows, grid, not_checkable, Axes, FigureData, Mode, Options, PaperSection,
    Plot, Row, Series, Steps, Table,
};
use crate::games::subdivision::{gaps, SubDivision};
use crate::reproduce::Paper;
use crate::solve::DenseSolver;
use crate::Result;

/// Tables 1 and 2; Figure 1 (i), (ii), (iii) and the gap distribution.
pub(crate) const TABLES_AND_FIGURES: usize = 6;

/// Table 1 of the paper: the maximum gap of each value for `n <= 2^31 - 1`.
pub const PAPER_TABLE_1: [(u64, u64); 4] = [(0, 4), (1, 8), (2, 19), (3, 240)];
/// The bound of Table 1.
pub const PAPER_TABLE_1_TO: u64 = (1 << 31) - 1;
/// Table 2 of the paper: `(n mod 6, options, largest possible SG)`.
pub const PAPER_TABLE_2: [(u64, &str, u64); 6] = [
    (0, "n-1, n/2, n/3", 3),
    (1, "n-1", 1),
    (2, "n-1, n/2", 2),
    (3, "n-1, n/3", 2),
    (4, "n-1, n/2", 2),
    (5, "n-1", 1),
];

/// Table 2's options are listed by the rules for every n from 3 to this.
pub const OPTIONS_TO: u64 = 6000;

/// How far Table 1 counts gaps.
pub fn table1_to(mode: Mode) -> u64 {
    mode.pick(10_000_000, PAPER_TABLE_1_TO)
}

/// How far the dense sequence behind Table 2 and the gap distribution goes.
pub fn dense_to(mode: Mode) -> u64 {
    mode.pick(1_000_000, 100_000_000)
}

pub(crate) fn rows(mode: Mode) -> Vec<Row> {
    let n = mode.pick(100_000, 10_000_000);
    let window = mode.pick(10_000_000, PAPER_TABLE_1_TO);
    vec![
        check("Section 1.4 (Sopena), t = 3, d = 2", "imark-sopena", &[("t", "3"), ("d", "2")], n),
        check("Section 1.4 (Sopena), t = 4, d = 3", "imark-sopena", &[("t", "4"), ("d", "3")], n),
        check("Theorem 1, t = 3, d = 4", "imark-theorem1", &[("t", "3"), ("d", "4")], n),
        check("Theorem 1, t = 5, d = 6 (the game of our Figure 1 (i))", "imark-theorem1", &[("t", "5"), ("d", "6")], n),
        check("Theorem 1, t = 2, d = 3", "imark-theorem1", &[("t", "2"), ("d", "3")], n),
        check("Theorem 2, k = 3", "imark-theorem2", &[("k", "3")], n),
        check("Theorem 2, k = 7 (the game of our Figure 1 (ii))", "imark-theorem2", &[("k", "7")], n),
        check("Theorem 3, k = 5 (the game of our Figure 1 (iii))", "imark-theorem3", &[("k", "5")], n),
        check("Theorem 3, k = 9", "imark-theorem3", &[("k", "9")], n),
        check("Conjecture 4, s = 2, d = 3", "imark-conjecture4", &[("s", "2"), ("d", "3")], n),
        check("Conjecture 4, s = 3, d = 2", "imark-conjecture4", &[("s", "3"), ("d", "2")], n),
        check("Conjecture 4, s = 3, d = 4", "imark-conjecture4", &[("s", "3"), ("d", "4")], n),
        check("Conjecture 4, s = 3, d = 5", "imark-conjecture4", &[("s", "3"), ("d", "5")], n),
        check("Conjecture 4, s = 4, d = 3", "imark-conjecture4", &[("s", "4"), ("d", "3")], n),
        check("Theorem 5", "imark-theorem5", &[], window),
        check("Theorem 6", "imark-theorem6", &[], window),
        check("Theorem 7", "imark-theorem7", &[], window),
        check("Lemma 8", "imark-lemma8", &[], mode.pick(1_000_000, 100_000_000)),
        not_checkable(
            "Open problem (Section 4)",
            "there is a constant c_3 such that every n + 1..n + c_3 contains a position of value 3",
            "an existence statement over all n; Table 1 reports the largest gap seen (240 to 2^31 - 1)",
        ),
    ]
}

pub(crate) fn section(mode: Mode, options: &Options, steps: &mut Steps) -> Result<PaperSection> {
    let claims = claim_rows(rows(mode), steps)?;
    let game = SubDivision::imark(vec![1], vec![2, 3])?;

    steps.start("i-Mark({1},{2,3}) gaps (Table 1)");
    let to = table1_to(mode);
    let report = gaps(&game, to, None, &mut |_, _| {})?;
    let mut tables = vec![table1(&report.gaps, to, &report.engine, options)];
    steps.finish();

    steps.start("i-Mark({1},{2,3}) dense values (Table 2)");
    let len = dense_to(mode);
    let mut dense = DenseSolver::new(&game);
    dense.extend_to(len + 1)?;
    let values = dense.values();
    tables.push(table2(&game, |n| values.get(n as usize), len));
    steps.finish();

    let mut figures = Vec::new();
    steps.start("Figure 1");
    // The paper gives t = 5 for (i) and only the residues of d and k: the divisors and the
    // range are ours.
    for (part, s, d, what, chosen) in [
        (
            "i",
            vec![1, 2, 3, 4],
            vec![6],
            "i-Mark([1,4],{6}) (t = 5, d = 6 = 1 mod 5)",
            ("i-Mark([1,t-1],{d}), d = 1 mod t, with t = 5", "d = 6"),
        ),
        (
            "ii",
            vec![2],
            vec![7],
            "i-Mark({2},{7}) (k = 7 = 3 mod 4)",
            ("i-Mark({2},{k}), k = 3 mod 4 (no k given)", "k = 7"),
        ),
        (
            "iii",
            vec![2],
            vec![5],
            "i-Mark({2},{5}) (k = 5 = 1 mod 4)",
            ("i-Mark({2},{k}), k = 1 mod 4 (no k given)", "k = 5"),
        ),
    ] {
        let g = SubDivision::imark(s, d)?;
        let mut solver = DenseSolver::new(&g);
        solver.extend_to(FIGURE1_TO + 1)?;
        let seq: Vec<u64> = (0..=FIGURE1_TO)
            .map(|n| solver.values().get(n as usize))
            .collect();
        figures.push(sequence_figure(part, what, chosen, &seq));
        steps.finish();
    }

    steps.start("gap distribution");
    figures.push(gap_distribution(|n| values.get(n as usize), len));
    steps.finish();
    Ok(PaperSection {
        paper: Paper::Imark,
        claims,
        tables,
        figures,
    })
}

fn table1(
    computed: &[crate::analysis::GapStats],
    to: u64,
    engine: &str,
    options: &Options,
) -> Table {
    let mut header = vec![
        "SG value",
        "maximum gap (paper, n <= 2^31-1)",
        "maximum gap (computed)",
        "first such gap",
        "occurrences",
    ];
    let cited = options.cited_gaps.as_ref();
    let cited_header = cited.map(|c| format!("maximum gap (cited, n <= {})", c.to));
    if let Some(h) = &cited_header {
        header.push(h);
    }
    let mut rows = Vec::new();
    let mut agrees = true;
    let mut marked = Vec::new();
    for &(value, paper) in &PAPER_TABLE_1 {
        let g = computed.iter().find(|g| g.value == value);
        let gap = g.and_then(|g| g.max_gap);
        if gap != Some(paper) {
            agrees = false;
            marked.push((rows.len(), 2));
        }
        let mut row = vec![
            value.to_string(),
            paper.to_string(),
            gap.map_or("-".into(), |x| x.to_string()),
            g.and_then(|g| g.max_gap_from)
                .map_or("-".into(), |a| format!("{a}..{}", a + gap.unwrap_or(0))),
            g.map_or("0".into(), |g| g.count.to_string()),
        ];
        if let Some(c) = cited {
            row.push(
                c.max_gap(value)
                    .map_or("-".into(), |(gap, from)| format!("{gap} (from {from})")),
            );
        }
        rows.push(row);
    }
    let full = to >= PAPER_TABLE_1_TO;
    let mut note = format!(
        "Computed for every n <= {to} by the {engine}; a gap is the distance between consecutive positions with the same value."
    );
    if !full {
        note.push_str(" This run stops before the paper's 2^31 - 1 (the largest gap of value 3 starts at 147707580), so differences from the paper are expected; the full run reaches 2^31 - 1.");
    }
    if let Some(c) = cited {
        note.push_str(&format!(
            " The last column is cited from {} (a finished run of `grundy gaps imark:s=1:d=2,3 --to {}`, checked for consistency: counts adding up to the range, gaps fitting their occurrences), not computed in this run nor compared with the paper.",
            c.source, c.to
        ));
    }
    Table {
        id: "imark-table1".into(),
        title: "Table 1: maximum gap for each SG value, i-Mark({1},{2,3})".into(),
        note,
        layout: grid(&header, rows.clone()),
        data: grid(
            &header
                .iter()
                .map(|h| h.replace(',', ""))
                .collect::<Vec<_>>()
                .iter()
                .map(String::as_str)
                .collect::<Vec<_>>(),
            rows,
        ),
        agrees: full.then_some(agrees),
        marked: if full { marked } else { Vec::new() },
    }
}

fn table2(game: &SubDivision, sg: impl Fn(u64) -> u64, to: u64) -> Table {
    let mut rows = Vec::new();
    let mut agrees = true;
    let mut marked = Vec::new();
    for &(r, paper_options, paper_max) in &PAPER_TABLE_2 {
        // The options of every n = r mod 6 from 3 to OPTIONS_TO, written in terms of n (below
        // 3 some coincide or do not exist); they must all read as the paper's.
        let mut readings: Vec<String> = (3..=OPTIONS_TO)
            .filter(|n| n % 6 == r)
            .map(|n| {
                let mut options: Vec<String> = game
                    .options(n)
                    .into_iter()
                    .map(|o| match o {
                        o if o + 1 == n => "n-1".to_string(),
                        o if 2 * o == n => "n/2".to_string(),
                        o if 3 * o == n => "n/3".to_string(),
                        o => o.to_string(),
                    })
                    .collect();
                options.sort();
                options.join(", ")
            })
            .collect();
        readings.sort();
        readings.dedup();
        let options = readings.join(" | ");
        let (mut max, mut count) = (0, [0u64; 4]);
        for n in (r..=to).step_by(6) {
            let v = sg(n);
            max = max.max(v);
            count[v.min(3) as usize] += 1;
        }
        let same = options == paper_options && max == paper_max;
        if !same {
            agrees = false;
            marked.push((rows.len(), 3));
        }
        rows.push(vec![
            r.to_string(),
            options,
            paper_max.to_string(),
            max.to_string(),
            count
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(" / "),
        ]);
    }
    Table {
        id: "imark-table2".into(),
        title: "Table 2: options for each position in i-Mark({1},{2,3})".into(),
        note: format!(
            "Options listed by the game's rules for every n from 3 to {OPTIONS_TO} (each class reads the same for all of them); the largest SG value and the number of positions with value 0 / 1 / 2 / 3 over n <= {to}. The paper's column is the bound SG(n) <= |opt(n)|; both of its columns are compared: {}.",
            if agrees {
                "the options are the paper's and the computed maximum equals the bound in every class"
            } else {
                "marked cells differ from the paper"
            }
        ),
        layout: grid(
            &["n mod 6", "options", "max SG(n) (paper)", "max SG(n) (computed)", "values 0/1/2/3"],
            rows.clone(),
        ),
        data: grid(&["n_mod_6", "options", "paper_max", "computed_max", "counts_0_1_2_3"], rows),
        agrees: Some(agrees),
        marked,
    }
}

/// The last position of the Figure 1 sequences (our choice: the paper's axes are not labelled).
pub const FIGURE1_TO: u64 = 800;

fn sequence_figure(part: &str, what: &str, chosen: (&str, &str), seq: &[u64]) -> FigureData {
    let max = seq.iter().max().copied().unwrap_or(0);
    let top: Vec<String> = seq
        .iter()
        .enumerate()
        .filter(|(_, &v)| v == max)
        .map(|(n, _)| n.to_string())
        .collect();
    FigureData {
        id: format!("imark-figure1-{part}"),
        title: format!("Figure 1 ({part}): SG sequence of {what}"),
        note: format!(
            "The paper's parameters: {}; ours: {} and the range n = 0..{}. x: n; y: SG(n) from 0 to {max}, one dot per position. The value {max} occurs only at n = {}: sparse positions growing geometrically, with the small values repeating periodically between them.",
            chosen.0,
            chosen.1,
            seq.len() - 1,
            top.join(", ")
        ),
        plot: Plot::Points {
            series: vec![Series {
                label: "SG(n)".into(),
                points: seq
                    .iter()
                    .enumerate()
                    .map(|(n, &v)| (n as f64, v as f64))
                    .collect(),
            }],
            lines: false,
            log_x: false,
            log_y: false,
        },
        axes: Axes::new("n", "SG(n)", ""),
        data: grid(
            &["n", "SG(n)"],
            seq.iter()
                .enumerate()
                .map(|(n, &v)| cells([n as u64, v]))
                .collect(),
        ),
    }
}

/// How often each gap length occurs between consecutive positions of equal value, per value.
fn gap_distribution(sg: impl Fn(u64) -> u64, to: u64) -> FigureData {
    let mut last = [None::<u64>; 4];
    let mut histogram: [Vec<u64>; 4] = Default::default();
    for n in 0..=to {
        let v = sg(n).min(3) as usize;
        if let Some(prev) = last[v] {
            let gap = (n - prev) as usize;
            if histogram[v].len() <= gap {
                histogram[v].resize(gap + 1, 0);
            }
            histogram[v][gap] += 1;
        }
        last[v] = Some(n);
    }
    let mut data = Vec::new();
    let mut series = Vec::new();
    for (v, h) in histogram.iter().enumerate() {
        let mut points = Vec::new();
        for (gap, &count) in h.iter().enumerate() {
            if count > 0 {
                data.push(cells([v as u64, gap as u64, count]));
                points.push((gap as f64, count as f64));
            }
        }
        series.push(Series {
            label: format!("value {v}"),
            points,
        });
    }
    let longest: Vec<String> = histogram
        .iter()
        .enumerate()
        .map(|(v, h)| format!("{v}: {}", h.len().saturating_sub(1)))
        .collect();
    FigureData {
        id: "imark-gap-distribution".into(),
        title: format!("The distribution of gaps between equal SG values of i-Mark({{1}},{{2,3}}), n <= {to}"),
        note: format!(
            "x: gap length (distance to the next position with the same value), on a logarithmic scale; y: how many gaps of that length, on a logarithmic scale. Colours: value 0 blue, 1 red, 2 green, 3 orange. Longest gap per value: {}.",
            longest.join(", ")
        ),
        plot: Plot::Points {
            series,
            lines: true,
            // Values 0 and 1 have gaps of at most 4 and 8 against 240 for value 3: a linear
            // axis squeezes them against the left edge.
            log_x: true,
            log_y: true,
        },
        axes: Axes::new("gap length (log scale)", "number of gaps (log scale)", ""),
        data: grid(&["value", "gap", "count"], data),
    }
}
