//! Boards and graphs: Beling's table of Cram values recomputed cell by cell with the time each
//! search took; Node-Kayles and Arc-Kayles on paths and cycles against the octal engine; and the
//! values the stored literature publishes for Chomp and Node-Kayles (and Dawson's Kayles, which
//! is Arc-Kayles on a path), each with its source.
//!
//! Every value computed here comes from the board search alone ([`crate::solve::search`]): the
//! symmetry theorem of Cram and Gale's theorem on Chomp rectangles, which `grundy value` uses to
//! answer or to prune, are not told to it, so a searched cell is an independent check of them.
//! An even x even Cram cell beyond the mode's range is shown with the theorem's value and says
//! so.

use std::time::Instant;

use super::{cells, check, claim_rows, grid, Grid, Mode, PaperSection, Row, Steps, Table};
use crate::games::chomp::{self, Diagrams};
use crate::games::cram::{
    self, region, theory::PUBLISHED, theory::UNKNOWN, Cram, Regions, WordRegions,
};
use crate::games::graph_kayles::{theory as kayles, Rule};
use crate::reproduce::Paper;
use crate::ruleset::Ruleset;
use crate::solve::search::{Search, Splittable};
use crate::Result;

/// Three tables (Cram, the Kayles against the octal engine, the literature); no figures.
pub(crate) const TABLES_AND_FIGURES: usize = 3;

/// The Cram cells searched: every published board of at most this many cells. The times on the
/// 2-core VM (release build, shared with other work) are in the report; the quick range keeps
/// the debug build of the tests within seconds.
fn cram_cells(mode: Mode) -> u32 {
    mode.pick(25, 40)
}

/// Paths and cycles of `n = 1..=kayles_to(mode)` vertices.
fn kayles_to(mode: Mode) -> u64 {
    mode.pick(30, 60)
}

pub(crate) fn rows(mode: Mode) -> Vec<Row> {
    vec![
        check(
            "Node-Kayles on a path is Dawson's Chess (0.137); on a cycle, one move to a path",
            "node-kayles-path",
            &[],
            kayles_to(mode),
        ),
        check(
            "Arc-Kayles on a path is Dawson's Kayles (0.07); on a cycle, one move to a path",
            "arc-kayles-path",
            &[],
            kayles_to(mode),
        ),
        check(
            "Cram: the symmetry strategies (Winning Ways ch. 22)",
            "cram-symmetry",
            &[],
            mode.pick(20, 30),
        ),
        check(
            "Chomp: strategy stealing (Gale 1974)",
            "chomp-strategy-stealing",
            &[],
            mode.pick(20, 30),
        ),
        check(
            "Chomp: an L is two Nim heaps",
            "chomp-l",
            &[],
            mode.pick(8, 20),
        ),
    ]
}

pub(crate) fn section(mode: Mode, steps: &mut Steps) -> Result<PaperSection> {
    let claims = claim_rows(rows(mode), steps)?;
    steps.start("Beling's Cram table");
    let cram = cram_table(mode, steps)?;
    steps.finish();
    steps.start("Node-Kayles and Arc-Kayles against the octal engine");
    let kayles = kayles_table(mode)?;
    steps.finish();
    steps.start("Chomp and Node-Kayles values of the literature");
    let literature = literature_table(mode)?;
    steps.finish();
    Ok(PaperSection {
        paper: Paper::Boards,
        claims,
        tables: vec![cram, kayles, literature],
        figures: Vec::new(),
    })
}

/// How one cell of the Cram table was filled.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum CramCell {
    /// Searched: the value, the wall time in seconds and the positions searched.
    Searched {
        value: u64,
        seconds: f64,
        nodes: u64,
    },
    /// Both sides even and beyond the range: 0 by the symmetry theorem, not searched.
    Theorem,
    /// Beyond the mode's range.
    NotRecomputed,
    /// The published table marks it unknown; not attempted.
    Unknown,
}

/// The empty `rows x cols` board by the board search alone (without the symmetry theorem), from
/// an empty table: its value, the seconds it took and the positions searched.
fn search_cram(rows: u32, cols: u32) -> Result<(u64, f64, u64)> {
    let started = Instant::now();
    let game = Cram::new(
        rows,
        cols,
        region::full(rows, cols),
        format!("cram:{rows}x{cols}"),
    )?;
    let start = game.start().expect("a Cram game starts from its board");
    let parts = game.regions(&start);
    // The regions' keys as `value` takes them (one word on boards of at most 58 cells).
    fn run<G: Splittable<Part = region::Region>>(
        game: &G,
        parts: &[region::Region],
    ) -> Result<(u64, u64)> {
        let mut search = Search::new(game, "cram regions")?;
        let value = search.value(parts)?;
        Ok((value, search.stats().nodes))
    }
    let (value, nodes) = match rows * cols <= region::WORD_KEY_CELLS {
        true => run(&WordRegions::WITH_TABLE, &parts)?,
        false => run(&Regions::WITH_TABLE, &parts)?,
    };
    Ok((value, started.elapsed().as_secs_f64(), nodes))
}

/// A cell of Beling's table: rows, columns, the published value (None: unknown) and how this
/// run fills it.
pub(crate) type CramRow = (u32, u32, Option<u64>, CramCell);

/// Every cell of Beling's table (`rows <= cols`, 4 to 7 rows by 4 to 15 columns) as filled in
/// `mode`.
pub(crate) fn cram_cells_of(mode: Mode, steps: &mut Steps) -> Result<Vec<CramRow>> {
    let mut out = Vec::new();
    for rows in 4..=7u32 {
        for cols in rows..=15u32 {
            let published = PUBLISHED
                .iter()
                .find(|&&(r, c, _)| (r, c) == (rows, cols))
                .map(|&(_, _, v)| v);
            let how = match published {
                None => {
                    debug_assert!(UNKNOWN.contains(&(rows, cols)));
                    CramCell::Unknown
                }
                Some(_) if rows * cols <= cram_cells(mode) => {
                    steps.start(&format!("Cram {rows}x{cols}"));
                    let (value, seconds, nodes) = search_cram(rows, cols)?;
                    CramCell::Searched {
                        value,
                        seconds,
                        nodes,
                    }
                }
                Some(_) if cram::theory::symmetry(rows, cols) == Some(true) => CramCell::Theorem,
                Some(_) => CramCell::NotRecomputed,
            };
            out.push((rows, cols, published, how));
        }
    }
    Ok(out)
}

fn cram_table(mode: Mode, steps: &mut Steps) -> Result<Table> {
    let all = cram_cells_of(mode, steps)?;
    let limit = cram_cells(mode);
    let mut layout: Vec<Vec<String>> = (4..=7u32)
        .map(|r| {
            let mut row = vec![format!("{r} rows")];
            row.extend((4..=15u32).map(|_| String::new()));
            row
        })
        .collect();
    let (mut data, mut marked) = (Vec::new(), Vec::new());
    let (mut searched, mut disagree, mut theorem, mut skipped, mut unknown) = (0, 0, 0, 0, 0);
    let mut total_seconds = 0.0;
    for (rows, cols, published, how) in &all {
        let (rows, cols) = (*rows, *cols);
        let shown = published.map_or("unknown".to_string(), |v| v.to_string());
        let (computed, method, agrees, seconds, nodes, text) = match how {
            CramCell::Searched {
                value,
                seconds,
                nodes,
            } => {
                searched += 1;
                total_seconds += seconds;
                let ok = Some(*value) == *published;
                if !ok {
                    disagree += 1;
                    marked.push(((rows - 4) as usize, (cols - 4 + 1) as usize));
                }
                (
                    value.to_string(),
                    "searched (the board search alone, without the symmetry theorem)",
                    if ok { "yes" } else { "NO" },
                    format!("{seconds:.3}"),
                    nodes.to_string(),
                    format!(
                        "{shown}; searched: {value}{}, {seconds:.2} s",
                        if ok { "" } else { " (DIFFERS)" }
                    ),
                )
            }
            CramCell::Theorem => {
                theorem += 1;
                (
                    "0".to_string(),
                    "the symmetry theorem (both sides even), not searched",
                    if *published == Some(0) {
                        "yes (by the theorem)"
                    } else {
                        "NO"
                    },
                    String::new(),
                    String::new(),
                    format!("{shown}; 0 by the symmetry theorem, not searched"),
                )
            }
            CramCell::NotRecomputed => {
                skipped += 1;
                (
                    String::new(),
                    "not recomputed (beyond this mode's range)",
                    "",
                    String::new(),
                    String::new(),
                    format!("{shown}; not recomputed (beyond this mode's range)"),
                )
            }
            CramCell::Unknown => {
                unknown += 1;
                (
                    String::new(),
                    "unknown in the published table; not attempted",
                    "",
                    String::new(),
                    String::new(),
                    "unknown".to_string(),
                )
            }
        };
        layout[(rows - 4) as usize][(cols - 4 + 1) as usize] = text;
        data.push(vec![
            rows.to_string(),
            cols.to_string(),
            (rows * cols).to_string(),
            shown,
            computed,
            method.to_string(),
            agrees.to_string(),
            seconds,
            nodes,
        ]);
    }
    let mut header = vec!["".to_string()];
    header.extend((4..=15).map(|c| format!("{c} columns")));
    let published_cells = PUBLISHED.len();
    let agrees = if disagree > 0 {
        Some(false)
    } else if searched == published_cells {
        Some(true)
    } else {
        None
    };
    Ok(Table {
        id: "boards-cram-beling".into(),
        title: "Cram on the empty board: Beling's table, recomputed".into(),
        note: format!(
            "The nimbers of the empty R x C Cram board published in the README of J. Beling's impartial-games repository (igs; 4 to 7 rows by 4 to 15 columns, R <= C, a board and its transpose being the same game; the smaller cells first computed by Lemoine and Viennot's Glop). Each cell gives the published value, then how this run got its own: every published board of at most {limit} cells is searched here by the board search alone (without the symmetry theorem; regions valued apart, outcome searches of G + *k), each from an empty transposition table, with its wall time on this machine ({searched} cells, {total_seconds:.1} s in all; {disagree} differ). {theorem} even x even boards beyond that are shown with the value 0 of the symmetry theorem (the second player copies each move by the half-turn), not searched; {skipped} other published cells are not recomputed in this mode{}; {unknown} cells the table lists as unknown are not attempted. `grundy value cram:RxC` answers the same boards, using the symmetry theorem where it applies.",
            if mode == Mode::Quick {
                format!(" (the full report searches boards of up to {} cells)", cram_cells(Mode::Full))
            } else {
                String::new()
            }
        ),
        layout: Grid {
            header,
            rows: layout,
        },
        data: grid(
            &[
                "rows",
                "columns",
                "cells",
                "published",
                "computed",
                "how",
                "agrees",
                "seconds",
                "positions searched",
            ],
            data,
        ),
        agrees,
        marked,
    })
}

/// The mex of one value: 1 when it is 0, else 0.
fn mex_of(v: u64) -> u64 {
    u64::from(v == 0)
}

fn kayles_table(mode: Mode) -> Result<Table> {
    let to = kayles_to(mode);
    let dawson_chess = kayles::octal_values("0.137", to)?;
    let dawson_kayles = kayles::octal_values("0.07", to)?;
    let (mut rows, mut marked) = (Vec::new(), Vec::new());
    let (mut all_agree, mut compared) = (true, 0);
    for n in 1..=to {
        let i = n as usize;
        let node_path = kayles::searched(Rule::Node, &format!("path:{n}"))?;
        let arc_path = kayles::searched(Rule::Arc, &format!("path:{n}"))?;
        let mut row = vec![n.to_string()];
        let mut pairs = vec![(node_path, dawson_chess[i], 1)];
        let (node_cycle, arc_cycle) = if n >= 3 {
            let node = kayles::searched(Rule::Node, &format!("cycle:{n}"))?;
            let arc = kayles::searched(Rule::Arc, &format!("cycle:{n}"))?;
            (Some(node), Some(arc))
        } else {
            (None, None)
        };
        if let Some(v) = node_cycle {
            pairs.push((v, mex_of(dawson_chess[i - 3]), 3));
        }
        pairs.push((arc_path, dawson_kayles[i], 5));
        if let Some(v) = arc_cycle {
            pairs.push((v, mex_of(dawson_kayles[i - 2]), 7));
        }
        let show = |v: Option<u64>| v.map_or(String::new(), |v| v.to_string());
        row.extend([
            node_path.to_string(),
            dawson_chess[i].to_string(),
            show(node_cycle),
            show(node_cycle.map(|_| mex_of(dawson_chess[i - 3]))),
            arc_path.to_string(),
            dawson_kayles[i].to_string(),
            show(arc_cycle),
            show(arc_cycle.map(|_| mex_of(dawson_kayles[i - 2]))),
        ]);
        let mut ok = true;
        for (searched, expected, column) in pairs {
            compared += 1;
            if searched != expected {
                ok = false;
                marked.push((rows.len(), column));
            }
        }
        all_agree &= ok;
        row.push(if ok { "yes" } else { "NO" }.to_string());
        rows.push(row);
    }
    let header = [
        "n",
        "Node-Kayles path:n (searched)",
        "0.137 heap n (octal engine)",
        "Node-Kayles cycle:n (searched)",
        "mex{G_0.137(n - 3)}",
        "Arc-Kayles path:n (searched)",
        "0.07 heap n (octal engine)",
        "Arc-Kayles cycle:n (searched)",
        "mex{G_0.07(n - 2)}",
        "agrees",
    ];
    Ok(Table {
        id: "boards-kayles-octal".into(),
        title: "Node-Kayles and Arc-Kayles on paths and cycles, against the octal engine".into(),
        note: format!(
            "{}For n = 1..{to}: the value of the whole graph by the board search, beside the octal engine's value of the game it equals. On a path, Node-Kayles takes an end vertex alone (n = 1), an end with its neighbour, or an inner vertex with both neighbours: 0.137 (Dawson's Chess) at heap n; Arc-Kayles takes two adjacent vertices: 0.07 (Dawson's Kayles) at heap n. On a cycle of n >= 3 vertices every move leaves a path, of n - 3 vertices (Node-Kayles) or n - 2 (Arc-Kayles), so the cycle's value is the mex of that one value: 1 when it is 0, else 0. The claims node-kayles-path and arc-kayles-path above make the same comparison (their rows give the command).",
            if all_agree {
                format!("All {compared} comparisons agree. ")
            } else {
                format!("{} of {compared} comparisons differ (marked). ", marked.len())
            }
        ),
        layout: grid(&header, rows.clone()),
        data: grid(&header, rows),
        // Nothing is printed here to agree with: only a disagreement is a verdict.
        agrees: (!all_agree).then_some(false),
        marked,
    })
}

/// Dawson's Chess, 0.137: a(0), a(1), ... as printed in OEIS A002187 (oeis.org/A002187, offset
/// 0), whose comments say that Node-Kayles on the 1 x n lattice (the path) gives this sequence
/// (A316632) and that 0.07, Dawson's Kayles, has the values a(n - 1).
#[rustfmt::skip]
const A002187: [u64; 120] = [
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3,
    0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4, 0, 1, 1, 2, 0, 3,
    1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2,
    1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2,
    2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3,
    7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9,
];

/// Node-Kayles on the 3 x n grid, n = 1..16, as printed in OEIS A316632 (oeis.org/A316632;
/// Brown, Daugherty, Fiorini et al., Nimber Sequences of Node-Kayles Games, J. Integer Seq. 23
/// (2020), Article 20.3.5).
const A316632: [u64; 16] = [2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4, 1, 3];

const OEIS_A002187: &str = "OEIS A002187 (Sprague-Grundy values of Dawson's Chess, 0.137), oeis.org/A002187; Guy and Smith 1956";
const OEIS_A316632: &str = "OEIS A316632, oeis.org/A316632 (from Brown, Daugherty, Fiorini, Maldonado, Manzano-Ruiz, Rainville, Waechter, Wong, Nimber Sequences of Node-Kayles Games, J. Integer Seq. 23 (2020), Article 20.3.5)";
const BROUWER: &str = "A. E. Brouwer, The game of Chomp (web page), as quoted in OEIS A147983, oeis.org/A147983; see also Brouwer, Horvath, Molnar-Saska, Szabo, On three-rowed Chomp, Integers 5 (2005) #G07";

/// One line of the literature table: the game, the positions, what the source says, the
/// source, what was computed, and whether they agree.
struct Line {
    game: &'static str,
    positions: String,
    published: String,
    source: &'static str,
    computed: String,
    agrees: bool,
}

/// A sequence of values against a published one: `computed` in words and whether they agree.
fn compare_sequence(first: u64, published: &[u64], computed: &[u64]) -> (String, bool) {
    let wrong: Vec<String> = published
        .iter()
        .zip(computed)
        .enumerate()
        .filter(|(_, (p, c))| p != c)
        .map(|(i, (p, c))| format!("n = {}: {c}, published {p}", first + i as u64))
        .collect();
    if wrong.is_empty() {
        (format!("the same {} values", computed.len()), true)
    } else {
        (format!("differs at {}", wrong.join("; ")), false)
    }
}

fn join(values: &[u64]) -> String {
    values
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Chomp values by the board search alone (Gale's theorem on rectangles is not used), one table
/// for every position asked.
struct ChompSearch<'a> {
    search: Search<'a, Diagrams>,
}

impl ChompSearch<'_> {
    /// The value of the position with row lengths `rows` (non-increasing; the first row holds
    /// the poisoned square), as the literature writes it.
    fn value(&mut self, rows: &[u32]) -> Result<u64> {
        let heights = chomp::transpose(rows);
        self.search.value(&[chomp::canonical(&heights)])
    }
}

/// The row lengths `(p, q, r)` written as the literature does.
fn triple(p: u32, q: u32, r: u32) -> String {
    format!("({p},{q},{r})")
}

/// Brouwer's P-positions of three-rowed Chomp with third row `r`, for `p <= max_p`.
fn brouwer_p_positions(r: u32, max_p: u32) -> Vec<(u32, u32, u32)> {
    let listed: Vec<(u32, u32, u32)> = match r {
        0 => (0..max_p).map(|q| (q + 1, q, 0)).collect(),
        1 => vec![(3, 1, 1), (2, 2, 1)],
        2 => (2..max_p).map(|q| (q + 2, q, 2)).collect(),
        3 => vec![(6, 3, 3), (7, 4, 3), (5, 5, 3)],
        4 => vec![(8, 4, 4), (9, 5, 4), (10, 6, 4), (7, 7, 4)],
        5 => {
            let mut v = vec![(10, 5, 5), (9, 6, 5)];
            v.extend((0..max_p).map(|a| (a + 11, a + 7, 5)));
            v
        }
        _ => unreachable!("Brouwer's list covers r <= 5"),
    };
    listed.into_iter().filter(|&(p, _, _)| p <= max_p).collect()
}

/// Brouwer's statement for third row `r` in words.
fn brouwer_statement(r: u32) -> &'static str {
    match r {
        0 => "r = 0 (two rows): the P-positions are those with p = q + 1",
        1 => "r = 1: the only P-positions are (3,1,1) and (2,2,1)",
        2 => "r = 2: the P-positions are those with p = q + 2",
        3 => "r = 3: the P-positions are (6,3,3), (7,4,3) and (5,5,3)",
        4 => "r = 4: the P-positions are (8,4,4), (9,5,4), (10,6,4) and (7,7,4)",
        5 => "r = 5: the P-positions are (10,5,5), (9,6,5) and (a+11,a+7,5) for a >= 0",
        _ => unreachable!("Brouwer's list covers r <= 5"),
    }
}

fn literature_table(mode: Mode) -> Result<Table> {
    let mut lines = Vec::new();
    let mut chomp = ChompSearch {
        search: Search::new(&Diagrams, "chomp diagrams")?,
    };

    // Three-rowed Chomp (Brouwer): every (p, q, r) with p <= max_p, for r = 0..5.
    let max_p = mode.pick(14, 40);
    for r in 0..=5u32 {
        let listed = brouwer_p_positions(r, max_p);
        let mut found_p = Vec::new();
        let mut count = 0;
        for p in r.max(1)..=max_p {
            for q in r..=p {
                count += 1;
                if chomp.value(&[p, q, r])? == 0 {
                    found_p.push((p, q, r));
                }
            }
        }
        let show = |v: &[(u32, u32, u32)]| {
            v.iter()
                .map(|&(p, q, r)| triple(p, q, r))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let agrees = found_p == {
            let mut sorted = listed.clone();
            sorted.sort();
            sorted
        };
        lines.push(Line {
            game: "Chomp, three rows",
            positions: format!(
                "every (p,q,{r}) with p >= q >= {r}, p <= {max_p} (row lengths, the first row holding the poisoned square): {count} positions"
            ),
            published: format!(
                "{}; so within range exactly {} P-position(s): {}",
                brouwer_statement(r),
                listed.len(),
                show(&listed)
            ),
            source: BROUWER,
            computed: if agrees {
                format!(
                    "value 0 exactly at the {} listed, every other of the {count} at least 1",
                    found_p.len()
                )
            } else {
                format!("value 0 at: {}", show(&found_p))
            },
            agrees,
        });
    }

    // Two rows and rectangles (Sun 2002).
    let max_side = mode.pick(6, 10);
    let squares: Vec<u32> = (2..=max_side).collect();
    let mut square_values = Vec::new();
    for &n in &squares {
        square_values.push(chomp.value(&vec![n; n as usize])?);
    }
    let agrees = square_values.iter().all(|&v| v >= 1);
    lines.push(Line {
        game: "Chomp, squares",
        positions: format!("n x n, n = 2..{max_side}"),
        published: "any rectangular position is an N-position (value at least 1); compared here on every square from 2 x 2".into(),
        source: "X. Sun, Improvements on Chomp, Integers 2 (2002) #G01, section 2 (stored copy: studylib.net/doc/10956870); Gale's strategy stealing",
        computed: format!("values {} (searched, the theorem not used)", join(&square_values)),
        agrees,
    });

    // Three rows: one winning opening move from every 3 x n rectangle (Gale; Sheiner).
    let max_n = mode.pick(12, 40);
    let mut counts = Vec::new();
    for n in 1..=max_n {
        let mut winning = 0;
        // A bite at row i (from 0, the poisoned row) and column j leaves rows of lengths
        // n, then j where i <= row, which is every row from i on cut to length j.
        for i in 0..3usize {
            for j in 0..n {
                if (i, j) == (0, 0) {
                    continue;
                }
                let rows: Vec<u32> = (0..3).map(|k| if k >= i { j } else { n }).collect();
                let rows: Vec<u32> = rows.into_iter().filter(|&l| l > 0).collect();
                if chomp.value(&rows)? == 0 {
                    winning += 1;
                }
            }
        }
        counts.push(winning);
    }
    let agrees = counts.iter().all(|&c| c == 1);
    lines.push(Line {
        game: "Chomp, 3 x n rectangles",
        positions: format!("3 x n, n = 1..{max_n}: the opening moves (bites) to a P-position"),
        published: "exactly one winning opening move from every 3 x n rectangle (Gale 1974 found it for n <= 100; Sheiner proves it for every n)".into(),
        source: "E. Sheiner, Unique Winning Opening Move in Three-Row Chomp, arXiv:2605.23837 (2026), citing D. Gale, A curious Nim-type game, Amer. Math. Monthly 81 (1974)",
        computed: if agrees {
            format!("one for each n = 1..{max_n}")
        } else {
            format!("winning moves per n: {}", join(&counts))
        },
        agrees,
    });

    // Four rows (OEIS A395126): the first ten P-positions in lexicographic order.
    let listed4: [[u32; 4]; 10] = [
        [1, 0, 0, 0],
        [2, 1, 0, 0],
        [2, 2, 1, 0],
        [2, 2, 2, 1],
        [3, 1, 1, 0],
        [3, 2, 0, 0],
        [3, 3, 1, 1],
        [4, 1, 1, 1],
        [4, 2, 2, 0],
        [4, 3, 0, 0],
    ];
    let mut found4 = Vec::new();
    let mut count4 = 0;
    for a in 1..=4u32 {
        for b in 0..=a {
            for c in 0..=b {
                for d in 0..=c {
                    if (a, b, c) > (4, 3, 0) {
                        continue;
                    }
                    count4 += 1;
                    if chomp.value(&[a, b, c, d])? == 0 {
                        found4.push([a, b, c, d]);
                    }
                }
            }
        }
    }
    let show4 = |v: &[[u32; 4]]| {
        v.iter()
            .map(|p| format!("({},{},{},{})", p[0], p[1], p[2], p[3]))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let agrees = found4 == listed4;
    lines.push(Line {
        game: "Chomp, four rows",
        positions: format!(
            "every (a,b,c,d), a >= b >= c >= d >= 0, a >= 1, with (a,b,c) up to (4,3,0) in lexicographic order: {count4} positions"
        ),
        published: format!(
            "the first ten P-positions in lexicographic order are {}, so no other position in range is a P-position",
            show4(&listed4)
        ),
        source: "OEIS A395126 (comments), oeis.org/A395126",
        computed: if agrees {
            format!("value 0 exactly at those ten, every other of the {count4} at least 1")
        } else {
            format!("value 0 at: {}", show4(&found4))
        },
        agrees,
    });

    // Node-Kayles and Dawson's Kayles on paths (A002187).
    let paths = mode.pick(40, 100) as usize;
    let mut node = Vec::new();
    let mut arc = Vec::new();
    for n in 1..=paths {
        node.push(kayles::searched(Rule::Node, &format!("path:{n}"))?);
        arc.push(kayles::searched(Rule::Arc, &format!("path:{n}"))?);
    }
    let (computed, agrees) = compare_sequence(1, &A002187[1..=paths], &node);
    lines.push(Line {
        game: "Node-Kayles, paths",
        positions: format!("path:n, n = 1..{paths}"),
        published: format!("a(n) of A002187 (Dawson's Chess; A316632's comments: Node-Kayles on the 1 x n lattice, the path, gives A002187): {}", join(&A002187[1..=paths])),
        source: OEIS_A002187,
        computed,
        agrees,
    });
    let (computed, agrees) = compare_sequence(1, &A002187[..paths], &arc);
    lines.push(Line {
        game: "Arc-Kayles, paths (Dawson's Kayles)",
        positions: format!("path:n, n = 1..{paths}"),
        published: format!("a(n - 1) of A002187 (its comments: 0.07, Dawson's Kayles, has the values a(n - 1); a row of n pins where a ball knocks down two adjacent pins is Arc-Kayles on path:n): {}", join(&A002187[..paths])),
        source: OEIS_A002187,
        computed,
        agrees,
    });

    // Node-Kayles on grids (A316632 and its comments).
    let three = mode.pick(8, 16);
    let values = (1..=three)
        .map(|n| kayles::searched(Rule::Node, &format!("grid:3x{n}")))
        .collect::<Result<Vec<_>>>()?;
    let (computed, agrees) = compare_sequence(1, &A316632[..three], &values);
    lines.push(Line {
        game: "Node-Kayles, 3 x n grids",
        positions: format!("grid:3xn, n = 1..{three}"),
        published: join(&A316632[..three]),
        source: OEIS_A316632,
        computed,
        agrees,
    });
    let two = mode.pick(16, 40);
    let values = (1..=two)
        .map(|n| kayles::searched(Rule::Node, &format!("grid:2x{n}")))
        .collect::<Result<Vec<_>>>()?;
    let published: Vec<u64> = (1..=two as u64).map(|n| n % 2).collect();
    let (computed, agrees) = compare_sequence(1, &published, &values);
    lines.push(Line {
        game: "Node-Kayles, 2 x n grids (ladders)",
        positions: format!("grid:2xn, n = 1..{two}"),
        published: "1, 0, 1, 0, ...: periodic with period 2 (A316632's comments)".into(),
        source: OEIS_A316632,
        computed,
        agrees,
    });
    let four = mode.pick(6, 12);
    let values = (1..=four)
        .map(|n| kayles::searched(Rule::Node, &format!("grid:4x{n}")))
        .collect::<Result<Vec<_>>>()?;
    let (computed, agrees) = compare_sequence(1, &vec![0; four], &values);
    lines.push(Line {
        game: "Node-Kayles, 4 x n grids",
        positions: format!("grid:4xn, n = 1..{four}"),
        published: "0, 0, 0, ...: constantly 0 (A316632's comments)".into(),
        source: OEIS_A316632,
        computed,
        agrees,
    });

    // The Petersen graph: the first term of A316533.
    let petersen = kayles::searched(Rule::Node, "petersen")?;
    lines.push(Line {
        game: "Node-Kayles, the Petersen graph",
        positions: "petersen (the generalized Petersen graph P(5,2))".into(),
        published: "1 (the first term of A316533, Node-Kayles on P(n,2) from n = 5)".into(),
        source: "OEIS A316533, as reproduced in the README of InnovativeInventor/node-kayles (GitHub: \"Sequence (where the first term is P(5,2)): 1, 0, 1, ...\")",
        computed: petersen.to_string(),
        agrees: petersen == 1,
    });

    let header = [
        "game",
        "positions",
        "published",
        "source",
        "computed here",
        "agrees",
    ];
    let mut marked = Vec::new();
    let rows: Vec<Vec<String>> = lines
        .into_iter()
        .enumerate()
        .map(|(i, l)| {
            if !l.agrees {
                marked.push((i, 5));
            }
            let mut row = cells([
                l.game,
                l.positions.as_str(),
                l.published.as_str(),
                l.source,
                l.computed.as_str(),
            ]);
            row.push(if l.agrees { "yes" } else { "NO" }.to_string());
            row
        })
        .collect();
    let all_agree = marked.is_empty();
    Ok(Table {
        id: "boards-literature".into(),
        title: "Chomp and Node-Kayles values of the literature, recomputed".into(),
        note: "Values and statements found in the stored sources named in each row, compared with the board search over every position the row names (Chomp without Gale's theorem, so the rectangles are searched too). Chomp positions are written as the sources write them, by row lengths from the row holding the poisoned square; `grundy value` takes column heights, and the same numbers read as column heights give the mirror image in the diagonal, the same game: the three-row position (7,4,3) is `grundy value chomp:7x3 7,4,3`. A P-position is one of value 0.".into(),
        layout: grid(&header, rows.clone()),
        data: grid(&header, rows),
        agrees: Some(all_agree),
        marked,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn no_progress(run: impl FnOnce(&mut Steps) -> Result<()>) {
        let mut steps = Steps {
            done: 0,
            total: 1,
            report: &mut |_, _, _| {},
        };
        run(&mut steps).unwrap();
    }

    #[test]
    fn the_quick_cram_cells_agree_with_belings_table() {
        // Beling's table (README of beling/impartial-games), the cells of at most 25 squares:
        // 4x4 = 0, 4x5 = 2, 4x6 = 0, 5x5 = 0.
        let expected = [(4, 4, 0), (4, 5, 2), (4, 6, 0), (5, 5, 0)];
        no_progress(|steps| {
            let all = cram_cells_of(Mode::Quick, steps)?;
            assert_eq!(
                all.len(),
                12 + 11 + 10 + 9,
                "every cell with rows <= columns"
            );
            let searched: Vec<(u32, u32, u64)> = all
                .iter()
                .filter_map(|(r, c, _, how)| match how {
                    CramCell::Searched { value, .. } => Some((*r, *c, *value)),
                    _ => None,
                })
                .collect();
            assert_eq!(searched, expected);
            for (r, c, published, how) in &all {
                match how {
                    CramCell::Unknown => assert_eq!(*published, None, "{r}x{c}"),
                    CramCell::Theorem => {
                        assert!(r % 2 == 0 && c % 2 == 0 && r * c > 25, "{r}x{c}");
                        assert_eq!(*published, Some(0), "{r}x{c}");
                    }
                    CramCell::NotRecomputed => assert!(
                        published.is_some()
                            && r * c > 25
                            && cram::theory::symmetry(*r, *c) != Some(true),
                        "{r}x{c}"
                    ),
                    CramCell::Searched { .. } => assert!(r * c <= 25),
                }
            }
            let unknown = all.iter().filter(|c| c.3 == CramCell::Unknown).count();
            assert_eq!(unknown, 12);
            Ok(())
        });
    }

    #[test]
    fn the_quick_section_agrees_everywhere_it_compares() {
        no_progress(|steps| {
            let section = section(Mode::Quick, steps)?;
            assert!(section.claims.iter().all(|c| c.outcome() == "holds"));
            let [cram, kayles, literature] = &section.tables[..] else {
                panic!("three tables")
            };
            // Some cells are not recomputed in quick mode: no verdict on the whole table, and
            // none marked.
            assert_eq!(cram.agrees, None);
            assert!(cram.marked.is_empty());
            assert!(cram.note.contains("4 cells"), "{}", cram.note);
            // The 4 x 5 cell: published 2, searched 2.
            assert!(
                cram.layout.rows[0][2].starts_with("2; searched: 2, "),
                "{}",
                cram.layout.rows[0][2]
            );
            assert_eq!(kayles.agrees, None);
            assert!(kayles.marked.is_empty());
            // n = 1..30: 30 paths and 28 cycles of each game.
            assert!(
                kayles.note.starts_with("All 116 comparisons agree."),
                "{}",
                kayles.note
            );
            assert_eq!(literature.agrees, Some(true));
            assert!(literature.data.rows.iter().all(|r| r[5] == "yes"));
            Ok(())
        });
    }

    #[test]
    fn brouwers_lists_as_written() {
        assert_eq!(
            brouwer_p_positions(5, 13),
            vec![(10, 5, 5), (9, 6, 5), (11, 7, 5), (12, 8, 5), (13, 9, 5)]
        );
        assert_eq!(
            brouwer_p_positions(0, 3),
            vec![(1, 0, 0), (2, 1, 0), (3, 2, 0)]
        );
        assert_eq!(brouwer_p_positions(2, 5), vec![(4, 2, 2), (5, 3, 2)]);
        assert_eq!(
            brouwer_p_positions(4, 9),
            vec![(8, 4, 4), (9, 5, 4), (7, 7, 4)]
        );
    }
}
