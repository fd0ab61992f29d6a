//! Khovanova and Xiong, *Nim Fractals*: Table 1 (four-pile P-positions by numbers of parents and
//! children, with the paper's wrong example flagged), the counts `a_k, d_k, A_k, D_k`, the
//! Ulam–Warburton picture (Theorem 23) and the counts on a logarithmic scale.

use super::{
    cells, check, claim_rows, grid, Axes, FigureData, Grid, Mode, PaperSection, Plot, Row, Series,
    Steps, Table,
};
use crate::nim_fractals::automaton::{self, Layout, TABLE_1};
use crate::nim_fractals::claims::by_definition;
use crate::nim_fractals::nim;
use crate::reproduce::Paper;
use crate::Result;

/// Table 1 and the counts table; the Ulam–Warburton picture and the counts plot.
pub(crate) const TABLES_AND_FIGURES: usize = 4;

/// The counts table covers `n = 0..=COUNTS_N`.
pub const COUNTS_N: u64 = 32;

/// The generations searched for Table 1's examples.
pub fn table1_generations(mode: Mode) -> u64 {
    mode.pick(16, 32)
}

pub(crate) fn rows(mode: Mode) -> Vec<Row> {
    vec![
        check(
            "Theorem 1, Nim (3,3)",
            "nim-theorem1",
            &[("position", "_,_")],
            3,
        ),
        check(
            "Theorem 1, subtraction:s=1,3,4 from 19",
            "nim-theorem1",
            &[("game", "subtraction:s=1,3,4"), ("position", "_")],
            19,
        ),
        check(
            "Theorem 1, Sharing Nim (0,2,6)",
            "nim-theorem1",
            &[("game", "sharing-nim"), ("position", "0,2,_")],
            6,
        ),
        check(
            "Theorem 2 (Bouton), 3 piles",
            "bouton",
            &[("piles", "3")],
            mode.pick(12, 24),
        ),
        check(
            "Theorem 2 (Bouton), 4 piles",
            "bouton",
            &[("piles", "4")],
            mode.pick(6, 10),
        ),
        check(
            "Corollary 3 (5 piles)",
            "bouton",
            &[("piles", "5")],
            mode.pick(3, 5),
        ),
        check(
            "Lemma 4, Corollaries 5 and 7 (3 piles)",
            "nim-bounds",
            &[("piles", "3")],
            mode.pick(30, 100),
        ),
        check(
            "Lemma 4, Corollaries 5 and 7 (4 piles)",
            "nim-bounds",
            &[("piles", "4")],
            mode.pick(8, 20),
        ),
        check(
            "Lemma 6, Theorems 9 and 10 (3 piles)",
            "nim-max-counts",
            &[("piles", "3")],
            mode.pick(200, 1000),
        ),
        check(
            "Lemma 8 (2 piles)",
            "bouton",
            &[("piles", "2")],
            mode.pick(50, 200),
        ),
        check(
            "Theorem 11, Corollary 12 (4 piles)",
            "nim-max-counts",
            &[("piles", "4")],
            mode.pick(40, 200),
        ),
        check(
            "Theorems 13 and 14 (k = 5, odd)",
            "nim-max-counts",
            &[("piles", "5")],
            mode.pick(15, 40),
        ),
        check(
            "Theorems 15 and 16 (k = 6, even)",
            "nim-max-counts",
            &[("piles", "6")],
            mode.pick(10, 28),
        ),
        check(
            "Theorem 17 (3 piles)",
            "nim-total-counts",
            &[("piles", "3")],
            mode.pick(100, 500),
        ),
        check(
            "Section 5.1: recursion for D_3 (as printed)",
            "nim-d3-recursion",
            &[],
            mode.pick(100, 500),
        ),
        check(
            "Section 5.1: recursion for A_3",
            "nim-a3-recursion",
            &[],
            mode.pick(100, 500),
        ),
        check(
            "Lemma 18 (3 piles)",
            "nim-lemma18",
            &[("piles", "3")],
            mode.pick(20, 40),
        ),
        check(
            "Lemma 18 (4 piles)",
            "nim-lemma18",
            &[("piles", "4")],
            mode.pick(7, 12),
        ),
        check(
            "Lemma 19, Corollary 20, Lemma 21 (3 piles)",
            "nim-parents",
            &[("piles", "3")],
            mode.pick(20, 60),
        ),
        check(
            "Lemmas 19, 21 and Section 5.5 (4 piles)",
            "nim-parents",
            &[("piles", "4")],
            mode.pick(10, 20),
        ),
        check(
            "Lemma 22 (layered algorithm and remoteness)",
            "remoteness-generation",
            &[],
            mode.pick(8, 12),
        ),
        check(
            "Lemma 22 (longest optimal game), Nim",
            "lemma-22",
            &[],
            mode.pick(8, 12),
        ),
        // Section 5.3 states it for any impartial game: a subtraction game separates the readings.
        check(
            "Lemma 22 (longest optimal game), subtraction:s=3,4,9,10",
            "lemma-22",
            &[("game", "subtraction:s=3,4,9,10"), ("position", "_")],
            mode.pick(40, 200),
        ),
        check(
            "Lemma 22 (layered algorithm and remoteness), subtraction:s=3,4,9,10",
            "remoteness-generation",
            &[("game", "subtraction:s=3,4,9,10"), ("position", "_")],
            mode.pick(40, 200),
        ),
        check(
            "Theorem 23 (bijection with the Ulam-Warburton automaton)",
            "nim-ulam-warburton",
            &[],
            mode.pick(128, 1024),
        ),
        check(
            "Theorem 23 (the turns as listed, and its example)",
            "nim-uw-turns",
            &[],
            1,
        ),
        check("Table 1", "nim-table1", &[], table1_generations(mode)),
        check(
            "Lemmas 24 and 25 (4 piles)",
            "nim-total-counts",
            &[("piles", "4")],
            mode.pick(30, 200),
        ),
        check(
            "Lemma 26, Theorems 27 and 28 (5 piles)",
            "nim-total-counts",
            &[("piles", "5")],
            mode.pick(12, 30),
        ),
        check(
            "Lemma 26, Theorems 27 and 28 (6 piles)",
            "nim-total-counts",
            &[("piles", "6")],
            mode.pick(6, 12),
        ),
    ]
}

pub(crate) fn section(mode: Mode, steps: &mut Steps) -> Result<PaperSection> {
    let claims = claim_rows(rows(mode), steps)?;
    steps.start("Nim Fractals Table 1");
    let tables = vec![table1(table1_generations(mode))?, {
        steps.finish();
        steps.start("Nim counts");
        counts_table()?
    }];
    steps.finish();

    steps.start("Ulam-Warburton picture");
    let last = mode.pick(31, 63);
    let graph = automaton::evolution_graph(3, last, Layout::UlamWarburton, 1 << 20)?;
    let data = graph
        .nodes
        .iter()
        .map(|n| {
            let mut row = cells(&n.position);
            row.extend([n.generation.to_string(), n.x.to_string(), n.y.to_string()]);
            row
        })
        .collect();
    let figures = vec![
        FigureData {
            id: "nim-fractals-ulam-warburton".into(),
            title: format!("Theorem 23 and Figure 1: three-pile Nim P-positions of generations 0..{last} at their Ulam-Warburton cells"),
            note: format!(
                "Each P-position (p1, p2, p3) of total 2n (generation n) drawn at its cell of the Ulam-Warburton automaton without the South branch; grey segments join parent and child. Colour by generation from blue (old) to red (generation {last}); the zero position is black. {} P-positions.",
                graph.nodes.len()
            ),
            plot: Plot::Evolution(graph),
            axes: Axes::default(),
            data: grid(&["p1", "p2", "p3", "generation", "x", "y"], data),
        },
        {
            steps.finish();
            steps.start("counts plot");
            counts_figure(mode.pick(255, 1023))?
        },
    ];
    steps.finish();
    Ok(PaperSection {
        paper: Paper::NimFractals,
        claims,
        tables,
        figures,
    })
}

fn show(p: &[u64]) -> String {
    format!(
        "({})",
        p.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
    )
}

/// Table 1: for each (parents, children), the paper's example with its true numbers, and the
/// first computed P-position with those numbers.
fn table1(generations: u64) -> Result<Table> {
    let evolved = automaton::evolve(4, generations, 4_000_000)?;
    let kinship = automaton::kinship_table(&evolved)?;
    let kinds = [1usize, 2, 6];
    let mut rows = Vec::new();
    let mut data = Vec::new();
    let mut marked = Vec::new();
    let mut agrees = true;
    for (r, &parents) in kinds.iter().enumerate() {
        let mut row = vec![format!(
            "{parents} parent{}",
            if parents == 1 { "" } else { "s" }
        )];
        for (c, &children) in kinds.iter().enumerate() {
            let (example, _, _) = TABLE_1
                .iter()
                .find(|(_, p, ch)| *p == parents && *ch == children)
                .expect("Table 1 has all nine cells");
            // Counted by the definition: P-positions one counter away in exactly two piles.
            let (has_p, has_c) = (
                by_definition(example, false).len(),
                by_definition(example, true).len(),
            );
            let computed = kinship
                .iter()
                .find(|k| k.parents == parents && k.children == children);
            let first = computed
                .and_then(|k| k.example.as_ref())
                .map_or("none found".to_string(), |e| show(e));
            let ok = (has_p, has_c) == (parents, children);
            let cell = if ok {
                format!("{} (confirmed)", show(example))
            } else {
                agrees = false;
                marked.push((r, c + 1));
                format!(
                    "paper: {} WRONG, it has {has_p} parent(s) and {has_c} children; computed: {first}",
                    show(example)
                )
            };
            row.push(cell);
            data.push(vec![
                parents.to_string(),
                children.to_string(),
                show(example),
                has_p.to_string(),
                has_c.to_string(),
                first,
                computed.map_or(0, |k| k.count).to_string(),
            ]);
        }
        rows.push(row);
    }
    Ok(Table {
        id: "nim-fractals-table1".into(),
        title: "Table 1: P-positions with different numbers of parents/children (four piles)".into(),
        note: format!(
            "Each of the nine printed examples checked by the definition (parents: P-positions with one counter less in exactly two piles; children: one more). Computed examples: the first P-position with piles in increasing order, by total, among generations 1..{generations}."
        ),
        layout: grid(&["", "1 child", "2 children", "6 children"], rows),
        data: grid(
            &["parents", "children", "paper_example", "its_parents", "its_children", "first_computed", "count"],
            data,
        ),
        agrees: Some(agrees),
        marked,
    })
}

/// The first terms of the counts the paper prints beside their OEIS numbers (typed from the
/// paper's text, from `n = 0`): `(count, terms)`.
pub const PAPER_TERMS: [(&str, &[u64]); 12] = [
    ("a_3", &[1, 4, 7, 16, 19, 28, 43, 64, 67, 76, 91, 112]),
    (
        "d_3",
        &[1, 3, 3, 9, 3, 9, 15, 21, 3, 9, 15, 21, 27, 33, 39, 45, 3, 9],
    ),
    (
        "A_3",
        &[1, 4, 7, 16, 19, 28, 37, 64, 67, 76, 85, 112, 121, 148, 175],
    ),
    (
        "D_3",
        &[1, 3, 3, 9, 3, 9, 9, 27, 3, 9, 9, 27, 9, 27, 27, 81, 3, 9],
    ),
    ("a_4", &[1, 8, 21, 64, 89, 168, 301, 512, 561, 712]),
    ("d_4", &[1, 7, 13, 43, 25, 79, 133, 211, 49, 151, 253]),
    (
        "A_4",
        &[
            1, 7, 14, 50, 63, 105, 148, 364, 413, 491, 546, 798, 883, 1141,
        ],
    ),
    ("D_4", &[1, 6, 7, 36, 13, 42, 43, 216, 49, 78, 55, 252, 85]),
    ("a_5", &[1, 16, 61, 256, 421, 976, 2101, 4096, 4741]),
    ("d_5", &[1, 15, 45, 195, 165, 555, 1125, 1995, 645]),
    ("A_5", &[1, 11, 26, 126, 191, 341, 516, 1516, 2081]),
    ("D_5", &[1, 10, 15, 100, 65, 150, 175, 1000, 565]),
];

/// The four counts for k = 3, 4, 5 and n = 0..=COUNTS_N, with the OEIS numbers in the header;
/// every term the paper prints is compared.
fn counts_table() -> Result<Table> {
    let mut columns = Vec::new();
    for k in [3usize, 4, 5] {
        for (by, exact) in [
            (nim::By::Max, false),
            (nim::By::Max, true),
            (nim::By::Total, false),
            (nim::By::Total, true),
        ] {
            columns.push(nim::NimCount::new(k, by, exact)?);
        }
    }
    let mut header = vec!["n".to_string()];
    header.extend(columns.iter().map(|c| match c.oeis() {
        Some(a) => format!("{} ({a})", c.name()),
        None => c.name(),
    }));
    let rows: Vec<Vec<String>> = (0..=COUNTS_N)
        .map(|n| {
            let mut row = vec![n.to_string()];
            row.extend(columns.iter().map(|c| c.term(u128::from(n)).to_string()));
            row
        })
        .collect();
    let (mut compared, mut marked) = (0, Vec::new());
    for (name, terms) in PAPER_TERMS {
        let c = 1 + columns
            .iter()
            .position(|c| c.name() == name)
            .expect("every printed count is a column");
        for (n, term) in terms.iter().enumerate() {
            compared += 1;
            if rows[n][c] != term.to_string() {
                marked.push((n, c));
            }
        }
    }
    let mut data_header = vec!["n".to_string()];
    data_header.extend(columns.iter().map(|c| c.name()));
    Ok(Table {
        id: "nim-fractals-counts".into(),
        title: format!("The counts a_k, d_k (largest pile <= n, = n) and A_k, D_k (total <= 2n, = 2n) of k-pile P-positions, k = 3, 4, 5, n <= {COUNTS_N}"),
        note: format!(
            "From the theorems (Theorems 9-17, 27-28 with Lemmas 6 and 24-26); each formula is checked against an enumeration of all tuples in the rows above. OEIS numbers as given in the paper. The {compared} initial terms the paper prints beside them (9 to 18 per count) are compared: {}.",
            if marked.is_empty() {
                "all equal".to_string()
            } else {
                format!("{} differ (marked)", marked.len())
            }
        ),
        layout: Grid { header, rows: rows.clone() },
        data: Grid { header: data_header, rows },
        agrees: Some(marked.is_empty()),
        marked,
    })
}

/// `a_k(n)` and `A_k(n)` for k = 3, 4, 5, n = 1..=to, on a logarithmic scale.
fn counts_figure(to: u64) -> Result<FigureData> {
    let mut series = Vec::new();
    let mut data = Vec::new();
    let mut header = vec!["n".to_string()];
    let mut columns = Vec::new();
    for k in [3usize, 4, 5] {
        for by in [nim::By::Max, nim::By::Total] {
            let c = nim::NimCount::new(k, by, false)?;
            header.push(c.name());
            let terms = nim::sequence(&c, 1, u128::from(to), &mut |_| {})?;
            columns.push(terms.iter().map(|t| t.to_string()).collect::<Vec<_>>());
            series.push(Series {
                label: c.name(),
                points: terms
                    .iter()
                    .enumerate()
                    .map(|(i, t)| {
                        (
                            (i + 1) as f64,
                            t.to_string().parse::<f64>().unwrap_or(f64::MAX),
                        )
                    })
                    .collect(),
            });
        }
    }
    for i in 0..to as usize {
        let mut row = vec![(i + 1).to_string()];
        row.extend(columns.iter().map(|c| c[i].clone()));
        data.push(row);
    }
    let header_ref: Vec<&str> = header.iter().map(String::as_str).collect();
    Ok(FigureData {
        id: "nim-fractals-counts-plot".into(),
        title: format!("P-position counts a_k(n) and A_k(n), k = 3, 4, 5, n = 1..{to}, logarithmic scale"),
        note: "x: n; y: the count on a logarithmic scale. Colours: a_3 blue, A_3 red, a_4 green, A_4 orange, a_5 purple, A_5 brown. At n = 2^m - 1 the counts a_k are exact powers of two, a_k(2^m - 1) = 2^(m(k-1)) (Lemma 6); between these points the curves climb in self-similar steps (the fractal of the title).".into(),
        plot: Plot::Points {
            series,
            lines: true,
            log_x: false,
            log_y: true,
        },
        axes: Axes::new("n", "count (log scale)", ""),
        data: grid(&header_ref, data),
    })
}
