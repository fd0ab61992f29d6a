//! Ho, *Three-pile Sharing Nim and the quadratic time winning strategy*: Tables 1-3, the lists
//! and bounds of Section 6, Figures 4-5 and a heat map of Table 1, from one three-pile table.

use super::{
    cells, check, claim_rows, evidence, grid, not_checkable, Axes, FigureData, Grid, Mode,
    PaperSection, Plot, Row, Series, Steps, Table,
};
use crate::games::sharing_nim::table::Table as SharingTable;
use crate::games::sharing_nim::theory::{
    PAPER_ROW_BOUNDS, PAPER_TABLE_1, PAPER_TABLE_2, PAPER_TABLE_3, PAPER_THREE_POSITIONS,
    PAPER_TWO_POSITIONS,
};
use crate::reproduce::Paper;
use crate::Result;

/// Tables 1, 2, 3, the Section 6 lists and bounds; the heat map and Figures 4, 5.
pub(crate) const TABLES_AND_FIGURES: usize = 8;

/// The table goes to column 806: Figure 5 is `G(1, 7, n)` for `n = 7..=806`, i.e.
/// `G(0, 6, b)` for `b = 6..=805`.
const TABLE_B: u64 = 806;

/// The side of the heat map.
fn heat_side(mode: Mode) -> u64 {
    mode.pick(64, 128)
}

pub(crate) fn rows(mode: Mode) -> Vec<Row> {
    let (small, big) = (mode.pick(200, 1000), mode.pick(60, 300));
    vec![
        check("Lemma 1", "sharing-lemma1", &[], mode.pick(16, 24)),
        not_checkable(
            "Remark 1",
            "(0, a, b) denotes the class of positions (c, a + c, b + c)",
            "notation (its content is Lemma 1)",
        ),
        check("Theorem 1, Corollary 2", "sharing-theorem1", &[], small),
        check("Theorem 1 (complement)", "sharing-complement", &[("piles", "3")], mode.pick(12, 20)),
        not_checkable(
            "Remark 2",
            "Theorem 1 can also be proved by induction on c - a (Figure 3)",
            "a remark on a proof method",
        ),
        check("Corollary 1", "sharing-corollary1", &[], mode.pick(12, 24)),
        not_checkable(
            "Remark 3",
            "it suffices to analyse (0, a, b) with a <= b/2",
            "a reduction, not a statement about values (it follows from Theorem 1)",
        ),
        check("Corollary 3", "sharing-corollary3", &[], small),
        check("Theorem 2", "sharing-theorem2", &[], small),
        not_checkable(
            "Remark 4",
            "deciding P-positions takes linear time (three subtractions, repeated division by 4)",
            "a running-time statement",
        ),
        check("Remark 5 (read literally)", "sharing-remark5", &[], big),
        check("Remarks 5-6 (the move of Theorem 2's proof)", "sharing-winning-move", &[], big),
        not_checkable(
            "Remark 6",
            "a winning move from an N-position is found in quadratic time",
            "a running-time statement (the move itself is the Remarks 5-6 row)",
        ),
        check("Proposition 1", "sharing-proposition1", &[], small),
        evidence(
            "Conjecture 1",
            "the nim-values of each row of Table 1 are bounded",
            "boundedness itself: no finite range shows that an infinite row is bounded; the claim compares the maxima the paper reports as evidence (Table 2, Section 4, Figures 4-5)",
            "sharing-row-maxima",
            &[],
            mode.pick(806, 1000),
        ),
        check("Proposition 2", "sharing-proposition2", &[], mode.pick(300, 1000)),
        not_checkable(
            "Theorem 3",
            "the sequence f(n) (0 when (0,0,n) is P, else 1) is not ultimately periodic",
            "no finite range can show that a sequence is not ultimately periodic; the proof rests on Proposition 2 and Theorem 2, both checked",
        ),
        not_checkable(
            "Remark 7",
            "if the bottom row of Table 1 is ultimately periodic, so is f(n)",
            "an implication between periodicity statements about infinite sequences",
        ),
        not_checkable(
            "Conjecture 2",
            "rows of Table 1 are not ultimately periodic",
            "no finite range can show that a sequence is not ultimately periodic",
        ),
        not_checkable(
            "Corollary 4",
            "the P-positions on the bottom row are not periodic",
            "a consequence of Theorem 3 (same reason)",
        ),
        check("Theorem 4", "sharing-theorem4", &[], small),
        not_checkable(
            "Corollary 5",
            "the 1-positions on the bottom and third rows are periodic",
            "periodicity of an infinite set: no finite range shows it; it is read off Theorem 4's formula (period 4 on both rows), and that formula is the Theorem 4 row",
        ),
        check("Section 6 (lists of 2- and 3-positions)", "sharing-section6", &[], 300),
        check("Section 6 (\"a <= 3\" for 2- and 3-positions)", "sharing-section6-rows", &[], small),
        check("Conjecture 3", "sharing-conjecture3", &[], small),
        check(
            "Section 7 (Lemma 1 for four piles)",
            "sharing-lemma1",
            &[("piles", "4")],
            mode.pick(8, 12),
        ),
        check(
            "Section 7 (Theorem 1 for four piles)",
            "sharing-complement",
            &[("piles", "4")],
            mode.pick(8, 12),
        ),
        check(
            "Section 7 (Graph Nim, complement on the reversed graph)",
            "sharing-complement",
            &[("edges", "0>1,1-2,2>0")],
            mode.pick(6, 10),
        ),
        check("Engines (no paper)", "sharing-engines", &[], mode.pick(40, 120)),
    ]
}

pub(crate) fn section(mode: Mode, steps: &mut Steps) -> Result<PaperSection> {
    let claims = claim_rows(rows(mode), steps)?;
    steps.start("Sharing Nim table");
    let table = SharingTable::build(TABLE_B, &mut |_| {})?;
    let g = |a: u64, b: u64| table.get(a, b).expect("within the table");

    let mut tables = Vec::new();
    tables.push(table1(&g));
    steps.finish();
    tables.push(table2(&g));
    steps.finish();
    tables.push(table3(&g));
    steps.finish();
    tables.push(section6_lists(&g));
    steps.finish();
    tables.push(section6_bounds(&g));
    steps.finish();

    let mut figures = Vec::new();
    steps.start("Sharing Nim heat map");
    figures.push(heat_map(&g, heat_side(mode)));
    steps.finish();
    figures.push(row_figure(&g, 4, 3, 500, 41));
    steps.finish();
    figures.push(row_figure(&g, 5, 7, 800, 72));
    steps.finish();
    Ok(PaperSection {
        paper: Paper::SharingNim,
        claims,
        tables,
        figures,
    })
}

/// Table 1: `G(0, a, b)` for `a <= b <= 16`, rows from `a = 16` at the top to `a = 0`; every
/// cell compared with the printed table.
fn table1(g: &dyn Fn(u64, u64) -> u64) -> Table {
    let mut header = vec!["a \\ b".to_string()];
    header.extend(cells(0..=16));
    let mut marked = Vec::new();
    let rows = (0..=16u64)
        .rev()
        .enumerate()
        .map(|(r, a)| {
            let mut row = vec![a.to_string()];
            row.extend((0..=16).map(|b| {
                if a > b {
                    return String::new();
                }
                if g(a, b) != PAPER_TABLE_1[a as usize][(b - a) as usize] {
                    marked.push((r, b as usize + 1));
                }
                g(a, b).to_string()
            }));
            row
        })
        .collect();
    let data = (0..=16u64)
        .flat_map(|b| (0..=b).map(move |a| (a, b)))
        .map(|(a, b)| cells([a, b, g(a, b), PAPER_TABLE_1[a as usize][(b - a) as usize]]))
        .collect();
    let differ = marked.len();
    Table {
        id: "sharing-nim-table1".into(),
        title: "Table 1: nim-values G(0, a, b) for 0 <= a <= b <= 16".into(),
        note: format!(
            "Computed by the three-pile table engine (every cell, Theorem 1 not used), and each of the 153 cells compared with the printed table: {}. Each column reads the same both ways (Theorem 1); the paper's example column b = 5 is (0, 3, 1, 1, 3, 0).",
            if differ == 0 {
                "all equal".to_string()
            } else {
                format!("{differ} differ (marked)")
            }
        ),
        layout: Grid { header, rows },
        data: grid(&["a", "b", "G(0,a,b)", "paper"], data),
        agrees: Some(differ == 0),
        marked,
    }
}

/// Table 2: `G(0, 0, n)` for `n = 0..=489`, 32 to a line; every cell compared with the printed
/// table.
fn table2(g: &dyn Fn(u64, u64) -> u64) -> Table {
    let values: Vec<u64> = (0..490).map(|n| g(0, n)).collect();
    let max = values.iter().max().copied().unwrap_or(0);
    let differ: Vec<usize> = (0..490)
        .filter(|&n| values[n] != PAPER_TABLE_2[n])
        .collect();
    Table {
        id: "sharing-nim-table2".into(),
        title: "Table 2: the first 490 values of G(0, 0, n) (the bottom row of Table 1)".into(),
        note: format!(
            "n = 0..489, 32 values a line (line i holds n = 32i..32i+31); as printed, the list starts with G(0,0,0) = 0. Each of the 490 values compared with the printed table: {}. Maximum: {max} (the paper: bounded by 12).",
            if differ.is_empty() {
                "all equal".to_string()
            } else {
                format!("{} differ (marked)", differ.len())
            }
        ),
        layout: lines_of_32(&values, 0),
        data: grid(
            &["n", "G(0,0,n)", "paper"],
            values
                .iter()
                .enumerate()
                .map(|(n, v)| cells([n as u64, *v, PAPER_TABLE_2[n]]))
                .collect(),
        ),
        agrees: Some(differ.is_empty()),
        marked: differ.iter().map(|&n| (n / 32, n % 32 + 1)).collect(),
    }
}

/// Table 3: `f(n)` (0 when `(0, 0, n)` is a P-position, else 1) for `n = 0..=489` as printed, 32
/// to a line by `n mod 32`; every cell compared with the printed table. The column
/// `n mod 32 = 0` (bold in the paper) is the one Proposition 2 leaves open.
fn table3(g: &dyn Fn(u64, u64) -> u64) -> Table {
    let f: Vec<u64> = (0..490).map(|n| u64::from(g(0, n) != 0)).collect();
    let paper: Vec<u64> = PAPER_TABLE_3
        .concat()
        .bytes()
        .map(|c| u64::from(c - b'0'))
        .collect();
    let differ: Vec<usize> = (0..490).filter(|&n| f[n] != paper[n]).collect();
    let layout = lines_of_32(&f, 0);
    let marked = differ.iter().map(|&n| (n / 32, n % 32 + 1)).collect();
    Table {
        id: "sharing-nim-table3".into(),
        title: "Table 3: the first 490 values of f(n) (0 if (0, 0, n) is a P-position, 1 otherwise)"
            .into(),
        note: format!(
            "n = 0..489, columns by n mod 32: as printed, the entries start at n = 0 (line i holds n = 32i..32i+31), although the caption says n >= 1. Each of the 490 values compared with the printed table: {}. The column +0 (n mod 32 = 0, bold in the paper) is the case Proposition 2 does not decide; Theorem 3 shows that f is not ultimately periodic because of it.",
            if differ.is_empty() {
                "all equal".to_string()
            } else {
                format!("{} differ (marked)", differ.len())
            }
        ),
        layout,
        data: grid(
            &["n", "f(n)", "paper"],
            f.iter()
                .enumerate()
                .map(|(n, v)| cells([n as u64, *v, paper[n]]))
                .collect(),
        ),
        agrees: Some(differ.is_empty()),
        marked,
    }
}

/// `values[i]` is the value at `first + i`; lines of 32 by `n mod 32`, the first cell naming
/// the line's first `n`.
fn lines_of_32(values: &[u64], first: u64) -> Grid {
    let mut header = vec!["n".to_string()];
    header.extend((0..32).map(|c| format!("+{c}")));
    let last = first + values.len() as u64 - 1;
    let rows = (first / 32..=last / 32)
        .map(|line| {
            let mut row = vec![(line * 32).to_string()];
            row.extend((0..32).map(|c| {
                let n = line * 32 + c;
                if n < first || n > last {
                    String::new()
                } else {
                    values[(n - first) as usize].to_string()
                }
            }));
            row
        })
        .collect();
    Grid { header, rows }
}

/// Section 6: the 2- and 3-positions `(0, a, b)` with `a <= 3`, `2a <= b <= 300`.
fn section6_lists(g: &dyn Fn(u64, u64) -> u64) -> Table {
    let mut rows = Vec::new();
    let mut data = Vec::new();
    let mut agrees = true;
    let mut marked = Vec::new();
    for (value, paper) in [(2, PAPER_TWO_POSITIONS), (3, PAPER_THREE_POSITIONS)] {
        for a in 0..4u64 {
            let bs: Vec<u64> = (2 * a.max(1)..=300).filter(|&b| g(a, b) == value).collect();
            for &b in &bs {
                data.push(cells([value, a, b]));
            }
            let same = bs == paper[a as usize];
            if !same {
                marked.push((rows.len(), 2));
            }
            agrees &= same;
            rows.push(vec![
                value.to_string(),
                a.to_string(),
                bs.iter().map(u64::to_string).collect::<Vec<_>>().join(", "),
                if same {
                    "same".into()
                } else {
                    "differs".into()
                },
            ]);
        }
    }
    Table {
        id: "sharing-nim-section6-lists".into(),
        title: "Section 6: the 2- and 3-positions (0, a, b), a <= 3, a <= b/2, b <= 300".into(),
        note: "Computed values of b for each row a, compared with the lists printed in Section 6."
            .into(),
        layout: grid(&["value", "a", "b (computed)", "paper"], rows),
        data: grid(&["value", "a", "b"], data),
        agrees: Some(agrees),
        marked,
    }
}

/// Section 6: up to `b = 200`, the largest `a <= b/2` holding a `g`-position, `g = 2..=10`.
fn section6_bounds(g: &dyn Fn(u64, u64) -> u64) -> Table {
    let mut rows = Vec::new();
    let mut agrees = true;
    let mut marked = Vec::new();
    for value in 2..=10u64 {
        let largest = (0..=200u64)
            .flat_map(|b| (0..=b / 2).map(move |a| (a, b)))
            .filter(|&(a, b)| g(a, b) == value)
            .map(|(a, _)| a)
            .max();
        // Section 6 says "2-positions (0,a,b) has a <= 3", and the same for 3-positions.
        let paper = PAPER_ROW_BOUNDS
            .iter()
            .chain(&[(2, 3), (3, 3)])
            .find(|(v, _)| *v == value)
            .map(|(_, a)| *a);
        if let (Some(p), Some(l)) = (paper, largest) {
            if p != l {
                agrees = false;
                marked.push((rows.len(), 1));
            }
        }
        rows.push(vec![
            value.to_string(),
            largest.map_or("-".into(), |a| a.to_string()),
            paper.map_or("-".into(), |a| a.to_string()),
            (2 * value - 1).to_string(),
        ]);
    }
    Table {
        id: "sharing-nim-section6-bounds".into(),
        title: "Section 6: up to b = 200, the largest a <= b/2 with G(0, a, b) = g".into(),
        note: "The paper lists g = 4..10 up to b = 200, and says a <= 3 for g = 2 and 3; Conjecture 3 bounds a by 2g - 1.".into(),
        layout: grid(&["g", "largest a (computed)", "paper", "2g - 1"], rows.clone()),
        data: grid(&["g", "largest_a", "paper", "bound_2g_minus_1"], rows),
        agrees: Some(agrees),
        marked,
    }
}

/// The heat map of `G(0, a, b)`, `a <= b < side`.
fn heat_map(g: &dyn Fn(u64, u64) -> u64, side: u64) -> FigureData {
    let cells_: Vec<Vec<Option<u64>>> = (0..side)
        .map(|a| (0..side).map(|b| (a <= b).then(|| g(a, b))).collect())
        .collect();
    let max = (0..side)
        .flat_map(|b| (0..=b).map(move |a| (a, b)))
        .map(|(a, b)| g(a, b))
        .max()
        .unwrap_or(0);
    let data = (0..side)
        .flat_map(|b| (0..=b).map(move |a| (a, b)))
        .map(|(a, b)| cells([a, b, g(a, b)]))
        .collect();
    FigureData {
        id: "sharing-nim-heatmap".into(),
        title: format!("Table 1 extended: G(0, a, b) for a <= b < {side} as a heat map"),
        note: format!(
            "b from left to right, a from bottom (a = 0) to top; white: a > b. Colour by value from dark purple (0) through blue and green to yellow (the maximum, {max}). Every column is a palindrome (Theorem 1): the colours of a column mirror around its middle a = b/2, the line from the bottom-left corner at half the slope of the diagonal."
        ),
        plot: Plot::Heatmap {
            cells: cells_,
            origin: (0, 0),
            step: 1,
        },
        axes: Axes::new("b", "a", "G(0, a, b)"),
        data: grid(&["a", "b", "G(0,a,b)"], data),
    }
}

/// Figure 4 or 5: `G(1, r, n)` for `count` values from `n = r`, i.e. `G(0, r - 1, n - 1)`.
fn row_figure(
    g: &dyn Fn(u64, u64) -> u64,
    number: u32,
    r: u64,
    count: u64,
    paper_max: u64,
) -> FigureData {
    let points: Vec<(u64, u64)> = (r..r + count).map(|n| (n, g(r - 1, n - 1))).collect();
    let max = points.iter().map(|p| p.1).max().unwrap_or(0);
    FigureData {
        id: format!("sharing-nim-figure{number}"),
        title: format!("Figure {number}: the first {count} nim-values of G(1, {r}, n), n >= {r}"),
        note: format!(
            "x: n from {r} to {}; y: G(1, {r}, n) = G(0, {}, n - 1) (Lemma 1), from 0 to {max}; dots joined by lines. Maximum {max} (the paper: bounded by {paper_max}).",
            r + count - 1,
            r - 1
        ),
        plot: Plot::Points {
            series: vec![Series {
                label: format!("G(1,{r},n)"),
                points: points.iter().map(|&(n, v)| (n as f64, v as f64)).collect(),
            }],
            lines: true,
            log_x: false,
            log_y: false,
        },
        axes: Axes::new("n", &format!("G(1, {r}, n)"), ""),
        data: grid(
            &["n", &format!("G(1,{r},n)")],
            points.iter().map(|&(n, v)| cells([n, v])).collect(),
        ),
    }
}
