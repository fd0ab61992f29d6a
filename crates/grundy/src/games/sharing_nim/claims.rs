//! The Sharing Nim and Graph Nim claims of `grundy verify` ([`CLAIMS`]) and their checks: each
//! compares a statement of Ho's paper (its closed forms are in [`super::theory`]) with brute
//! force (the dense table of [`super::table`] or the memoised search) and reports the first
//! counterexample, plus notes with the evidence the paper quotes.

use super::theory;
use super::{complete_arcs, options_along, GraphNim, Reduction, SharingNim, Table};
use crate::solve::{GameGraph, MemoSolver};
use crate::verify::{optional, param, Claim, Params, Tally, Verdict};
use crate::{Error, Result};

/// The claims `grundy verify` checks for Sharing Nim and Graph Nim.
pub const CLAIMS: &[Claim] = &[
    Claim {
        name: "sharing-engines",
        source: "the dense table against the memoised search (no paper)",
        statement: "the parallel table G(0,a,b) equals the memoised search on the rules",
        params: &[],
        range: "every (0,a,b) with a <= b <= to",
        default_to: None,
        check: engines,
    },
    Claim {
        name: "sharing-lemma1",
        source: "Ho, Lemma 1 (stated for three piles)",
        statement: "G(p) = G(p - min p): subtracting the smallest pile keeps the value",
        params: &[
            param("piles", "number of piles, 2 to 6", "3"),
            optional("edges", "a Graph Nim edge list like 0>1,1-2, instead of Sharing Nim"),
        ],
        range: "every position with all piles <= to",
        default_to: None,
        check: lemma1,
    },
    Claim {
        name: "sharing-theorem1",
        source: "Ho, Theorem 1 and Corollary 2",
        statement: "G(0,a,b) = G(0,b-a,b): every column of Table 1 is a palindrome",
        params: &[],
        range: "every column b <= to",
        default_to: None,
        check: theorem1,
    },
    Claim {
        name: "sharing-corollary1",
        source: "Ho, Corollary 1",
        statement: "(0,a,b) and (0,b-a,b) are isomorphic games: p -> (b-p3, b-p2, b-p1) maps the positions reachable from one onto those reachable from the other, and moves onto moves",
        params: &[],
        range: "every a <= b <= to, on the game graphs built from the rules (piles as given, not sorted)",
        default_to: None,
        check: corollary1,
    },
    Claim {
        name: "sharing-corollary3",
        source: "Ho, Corollary 3",
        statement: "the row from (a,2a) equals the diagonal from it: G(0,a,2a+i) = G(0,a+i,2a+i)",
        params: &[],
        range: "every 2a + i <= to",
        default_to: None,
        check: corollary3,
    },
    Claim {
        name: "sharing-complement",
        source: "Ho, Theorem 1 and Section 7 (more than three piles, Graph Nim)",
        statement: "G(p) = G(N - p) for N >= max p (on a digraph: G_D(p) = G_reversed(D)(N - p))",
        params: &[
            param("piles", "number of piles, 2 to 6", "4"),
            optional("edges", "a Graph Nim edge list like 0>1,1-2, instead of Sharing Nim"),
        ],
        range: "every position with all piles <= to and every N from max p to to",
        default_to: None,
        check: complement,
    },
    Claim {
        name: "sharing-theorem2",
        source: "Ho, Theorem 2",
        statement: "the P-positions are (0,0,0), (0,0,d), (0,d,d) with d = 2^{2k}(2l+1)",
        params: &[],
        range: "every (0,a,b) with a <= b <= to",
        default_to: None,
        check: theorem2,
    },
    Claim {
        name: "sharing-winning-move",
        source: "Ho, Remarks 4-6 and the proof of Theorem 2",
        statement: "from every N-position, the closed-form move (largest pile to smallest, equalizing two piles) wins",
        params: &[],
        range: "every (0,a,b) with a <= b <= to",
        default_to: None,
        check: winning_move,
    },
    Claim {
        name: "sharing-remark5",
        source: "Ho, Remark 5, read literally",
        statement: "from every N-position exactly one of: (b-a)/2 from b to a, (c-b)/2 from c to b, (c-a)/2 from c to a wins",
        params: &[],
        range: "every (0,a,b) with a <= b <= to",
        default_to: None,
        check: remark5,
    },
    Claim {
        name: "sharing-theorem4",
        source: "Ho, Theorem 4",
        statement: "the 1-positions are (0,0,4k+2), (0,4k+2,4k+2), (0,2,4k+1), (0,4l-1,4l+1), l >= 1",
        params: &[],
        range: "every (0,a,b) with a <= b <= to",
        default_to: None,
        check: theorem4,
    },
    Claim {
        name: "sharing-proposition1",
        source: "Ho, Proposition 1",
        statement: "exactly floor(n/3) P-positions have n tokens in three non-empty piles",
        params: &[],
        range: "every n <= to",
        default_to: None,
        check: proposition1,
    },
    Claim {
        name: "sharing-proposition2",
        source: "Ho, Proposition 2",
        statement: "(0,0,n), n >= 3, is P for n odd or n mod 32 in {4,12,16,20,28}, N for n mod 32 in {2,6,8,10,14,18,22,24,26,30}",
        params: &[],
        range: "every n <= to",
        default_to: None,
        check: proposition2,
    },
    Claim {
        name: "sharing-row-maxima",
        source: "Ho, Conjecture 1 (evidence: Table 2, Section 4, Figures 4-5)",
        statement: "row maxima as reported: row 0 to b=489 and b=999: 12; row 2, b=2..501: 41; row 6, b=6..805: 72",
        params: &[param("rows", "also list the maxima of rows 0..=rows up to to", "14")],
        range: "b <= to (a reported maximum whose range ends beyond to is not compared: the verdict is then evidence)",
        default_to: None,
        check: row_maxima,
    },
    Claim {
        name: "sharing-section6",
        source: "Ho, Section 6 (the lists of 2- and 3-positions)",
        statement: "the 2- and 3-positions (0,a,b), a <= b/2, a <= 3, b <= 300 are the paper's lists (all listed up to to)",
        params: &[],
        range: "b <= to (the lists are compared up to min(to, 300); below 300 the verdict is evidence)",
        default_to: None,
        check: section6,
    },
    Claim {
        name: "sharing-section6-rows",
        source: "Ho, Section 6 (\"2-positions (0,a,b) has a <= 3\", the same for 3-positions)",
        statement: "every 2- or 3-position (0,a,b) with a <= b/2 has a <= 3",
        params: &[],
        range: "every (0,a,b) with 2a <= b <= to",
        default_to: None,
        check: section6_rows,
    },
    Claim {
        name: "sharing-conjecture3",
        source: "Ho, Conjecture 3",
        statement: "if a <= b/2 and G(0,a,b) = g >= 2 then a <= 2g - 1",
        params: &[],
        range: "every (0,a,b) with 2a <= b <= to",
        default_to: None,
        check: conjecture3,
    },
];

fn claim(name: &str) -> &'static crate::verify::Claim {
    CLAIMS
        .iter()
        .find(|c| c.name == name)
        .expect("the claim exists")
}

/// Builds the table to `to`, reporting progress on the first `share` of the bar.
fn table(to: u64, share: f64, progress: &mut dyn FnMut(f64)) -> Result<Table> {
    Table::build(to, &mut |f| progress(f * share))
}

fn done(name: &str, params: &Params, to: u64, tally: Tally, notes: Vec<String>) -> Result<Verdict> {
    Ok(tally.verdict(claim(name), params, to).with_notes(notes))
}

/// Every cell `(a, b)`, `a <= b <= to`, with its value, in column order: `visit` describes the
/// cell's failure, if it fails.
fn every_cell(t: &Table, to: u64, mut visit: impl FnMut(u64, u64, u64) -> Option<String>) -> Tally {
    let mut tally = Tally::new();
    for b in 0..=to {
        for a in 0..=b {
            tally.case(visit(a, b, t.get(a, b).expect("computed")));
        }
    }
    tally
}

pub(super) fn engines(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    // About 30 s at the limit on 2 cores (the search visits b^3/6 options in all).
    const MAX: u64 = 600;
    if to > MAX {
        return Err(Error::TooLarge(format!(
            "sharing-engines runs the memoised search on every cell; --to is limited to {MAX}"
        )));
    }
    let t = table(to, 0.5, progress)?;
    let mut memo = MemoSolver::new(SharingNim::default());
    let mut result = Ok(());
    let tally = every_cell(&t, to, |a, b, v| {
        if a == 0 {
            progress(0.5 + 0.5 * (b as f64 / (to as f64 + 1.0)).powi(3));
        }
        match memo.value(&vec![0, a, b]) {
            Ok(w) if w == v => None,
            Ok(w) => Some(format!("(0,{a},{b}): table {v}, search {w}")),
            Err(e) => {
                if result.is_ok() {
                    result = Err(e);
                }
                Some(String::new())
            }
        }
    });
    result?;
    done("sharing-engines", params, to, tally, Vec::new())
}

/// The game the position checks run on: Sharing Nim on `--piles` piles, or Graph Nim on
/// `--edges`; with the given reduction.
enum Board {
    Sharing(usize),
    Graph(GraphNim),
}

fn board(params: &Params) -> Result<Board> {
    match params.given("edges") {
        Some(edges) => {
            if params.given("piles").is_some() {
                return Err(Error::Invalid(
                    "give --piles or --edges, not both (a graph has one pile per vertex)".into(),
                ));
            }
            Ok(Board::Graph(GraphNim::parse(edges, None)?))
        }
        None => {
            let piles = params.number("piles")?;
            if !(2..=6).contains(&piles) {
                return Err(Error::Invalid(format!(
                    "--piles must be between 2 and 6, got {piles}"
                )));
            }
            Ok(Board::Sharing(piles as usize))
        }
    }
}

impl Board {
    fn piles(&self) -> usize {
        match self {
            Board::Sharing(n) => *n,
            Board::Graph(g) => g.vertices(),
        }
    }
}

/// The most positions a position-by-position check enumerates.
const MAX_POSITIONS: u128 = 2_000_000;

/// Every position with `n` piles `<= to`, in mixed-radix order.
fn positions(n: usize, to: u64) -> Result<impl Iterator<Item = Vec<u64>>> {
    let side = u128::from(to) + 1;
    let total = side.checked_pow(n as u32).filter(|&t| t <= MAX_POSITIONS);
    let total = total.ok_or_else(|| {
        Error::TooLarge(format!(
            "(to + 1)^piles = {side}^{n} positions is more than {MAX_POSITIONS}"
        ))
    })?;
    let side = side as u64;
    Ok((0..total as u64).map(move |mut i| {
        (0..n)
            .map(|_| {
                let c = i % side;
                i /= side;
                c
            })
            .collect()
    }))
}

fn show(p: &[u64]) -> String {
    let items: Vec<String> = p.iter().map(u64::to_string).collect();
    format!("({})", items.join(","))
}

pub(super) fn lemma1(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let board = board(params)?;
    let n = board.piles();
    let total = to.saturating_add(1).saturating_pow(n as u32) as f64;
    progress(0.0);
    let mut check = |value: &mut dyn FnMut(&Vec<u64>) -> Result<u64>| -> Result<Tally> {
        let mut tally = Tally::new();
        for p in positions(n, to)? {
            let mut q = p.clone();
            super::shift(&mut q);
            let (x, y) = (value(&p)?, value(&q)?);
            tally.check(x == y, || {
                format!("{} has value {x} but {} has {y}", show(&p), show(&q))
            });
            if tally.cases().is_multiple_of(4096) {
                progress(tally.cases() as f64 / total);
            }
        }
        Ok(tally)
    };
    let tally = match board {
        Board::Sharing(_) => {
            let mut memo = MemoSolver::new(SharingNim {
                reduction: Reduction::None,
            });
            check(&mut |p| memo.value(p))?
        }
        Board::Graph(mut g) => {
            g.reduction = Reduction::None;
            let mut memo = MemoSolver::new(g);
            check(&mut |p| memo.value(p))?
        }
    };
    done("sharing-lemma1", params, to, tally, Vec::new())
}

pub(super) fn complement(
    params: &Params,
    to: u64,
    progress: &mut dyn FnMut(f64),
) -> Result<Verdict> {
    let board = board(params)?;
    let n = board.piles();
    let mut notes = Vec::new();
    let tally = match board {
        Board::Sharing(_) => {
            let mut memo = MemoSolver::new(SharingNim {
                reduction: Reduction::Sort,
            });
            complements(n, to, progress, |p, q, big| {
                let (x, y) = (memo.value(p)?, memo.value(q)?);
                Ok((x != y).then(|| {
                    format!(
                        "{} has value {x} but its complement {} (N = {big}) has {y}",
                        show(p),
                        show(q)
                    )
                }))
            })?
        }
        Board::Graph(mut g) => {
            g.reduction = Reduction::None;
            let symmetric = g.is_symmetric();
            let mut forward = MemoSolver::new(g.clone());
            let mut backward = MemoSolver::new(g.reversed());
            let mut same_graph = None;
            let result = complements(n, to, progress, |p, q, _| {
                let x = forward.value(p)?;
                let (y, z) = (backward.value(q)?, forward.value(q)?);
                if same_graph.is_none() && x != z {
                    same_graph = Some(format!(
                        "on the same graph the complement changes the value: {} has {x}, {} has {z}",
                        show(p),
                        show(q)
                    ));
                }
                Ok((x != y).then(|| {
                    format!(
                        "{} has value {x} but {} on the reversed graph has {y}",
                        show(p),
                        show(q)
                    )
                }))
            })?;
            notes.push(match (symmetric, same_graph) {
                (true, _) => "every arc goes both ways: the reversed graph is the graph itself".into(),
                (false, Some(s)) => s,
                (false, None) => "the graph is directed, yet the complement kept the value on the same graph everywhere checked".into(),
            });
            result
        }
    };
    done("sharing-complement", params, to, tally, notes)
}

/// Calls `check(p, q, N)` for every position `p` with piles `<= to` and every `N` from `max p` to
/// `to`, with `q = N - p` its complement; `check` describes the pair's failure, if it fails.
fn complements(
    n: usize,
    to: u64,
    progress: &mut dyn FnMut(f64),
    mut check: impl FnMut(&Vec<u64>, &Vec<u64>, u64) -> Result<Option<String>>,
) -> Result<Tally> {
    let total = to.saturating_add(1).saturating_pow(n as u32) as f64;
    let mut tally = Tally::new();
    for (i, p) in positions(n, to)?.enumerate() {
        let max = *p.iter().max().expect("piles");
        for big in max..=to {
            let q: Vec<u64> = p.iter().map(|x| big - x).collect();
            tally.case(check(&p, &q, big)?);
        }
        if i % 4096 == 0 {
            progress(i as f64 / total);
        }
    }
    Ok(tally)
}

/// Corollary 1: the map `p -> (b - p3, b - p2, b - p1)` is an isomorphism from the game graph of
/// `(0, a, b)` onto that of `(0, b - a, b)`, both built from the rules with positions as they
/// are (not sorted, not shifted).
pub(super) fn corollary1(
    params: &Params,
    to: u64,
    progress: &mut dyn FnMut(f64),
) -> Result<Verdict> {
    const MAX: u64 = 40;
    if to > MAX {
        return Err(Error::TooLarge(format!(
            "sharing-corollary1 builds two game graphs for every a <= b <= to; --to is limited to {MAX}"
        )));
    }
    let game = SharingNim {
        reduction: Reduction::None,
    };
    let mut tally = Tally::new();
    for b in 0..=to {
        progress((b as f64 / (to as f64 + 1.0)).powi(4));
        for a in 0..=b {
            let from = GameGraph::from_game(&game, vec![0, a, b], MAX_POSITIONS as usize)?;
            let onto = GameGraph::from_game(&game, vec![0, b - a, b], MAX_POSITIONS as usize)?;
            let map = |p: &Vec<u64>| vec![b - p[2], b - p[1], b - p[0]];
            tally.case(
                isomorphism_failure(&from, &onto, map)
                    .map(|why| format!("(0,{a},{b}) and (0,{},{b}): {why}", b - a)),
            );
        }
    }
    done("sharing-corollary1", params, to, tally, Vec::new())
}

/// Why `map` is not an isomorphism from `from` onto `onto` (same number of positions, each
/// mapped into `onto`, and the options of each mapped exactly onto the options of its image).
fn isomorphism_failure(
    from: &GameGraph<Vec<u64>>,
    onto: &GameGraph<Vec<u64>>,
    map: impl Fn(&Vec<u64>) -> Vec<u64>,
) -> Option<String> {
    if from.len() != onto.len() {
        return Some(format!(
            "{} positions are reachable from one, {} from the other",
            from.len(),
            onto.len()
        ));
    }
    for i in 0..from.len() {
        let p = from.position(i);
        let Some(j) = onto.index_of(&map(p)) else {
            return Some(format!(
                "{} maps to {}, not reachable",
                show(p),
                show(&map(p))
            ));
        };
        let mut mapped: Vec<Vec<u64>> = from
            .options(i)
            .iter()
            .map(|&o| map(from.position(o as usize)))
            .collect();
        let mut image: Vec<Vec<u64>> = onto
            .options(j)
            .iter()
            .map(|&o| onto.position(o as usize).clone())
            .collect();
        mapped.sort_unstable();
        image.sort_unstable();
        if mapped != image {
            return Some(format!(
                "the moves from {} do not map onto the moves from {}",
                show(p),
                show(&map(p))
            ));
        }
    }
    None
}

pub(super) fn theorem1(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let t = table(to, 1.0, progress)?;
    let tally = every_cell(&t, to, |a, b, v| {
        let w = t.get(b - a, b).expect("computed");
        (v != w).then(|| format!("G(0,{a},{b}) = {v} but G(0,{},{b}) = {w}", b - a))
    });
    done("sharing-theorem1", params, to, tally, Vec::new())
}

pub(super) fn corollary3(
    params: &Params,
    to: u64,
    progress: &mut dyn FnMut(f64),
) -> Result<Verdict> {
    let t = table(to, 1.0, progress)?;
    let mut tally = Tally::new();
    for a in 0..=to / 2 {
        for i in 0..=to - 2 * a {
            let (row, diagonal) = (t.get(a, 2 * a + i), t.get(a + i, 2 * a + i));
            tally.check(row == diagonal, || {
                format!(
                    "G(0,{a},{}) = {} but G(0,{},{}) = {}",
                    2 * a + i,
                    row.expect("computed"),
                    a + i,
                    2 * a + i,
                    diagonal.expect("computed")
                )
            });
        }
    }
    done("sharing-corollary3", params, to, tally, Vec::new())
}

pub(super) fn theorem2(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let t = table(to, 1.0, progress)?;
    let tally = every_cell(&t, to, |a, b, v| {
        let formula = theory::is_p_position(&[0, a, b]);
        ((v == 0) != formula).then(|| {
            format!(
                "(0,{a},{b}) has value {v}, but Theorem 2 says it is {}a P-position",
                if formula { "" } else { "not " }
            )
        })
    });
    done("sharing-theorem2", params, to, tally, Vec::new())
}

/// The values of every option of `(0, a, b)`, from the table.
fn option_values(t: &Table, a: u64, b: u64, out: &mut Vec<Vec<u64>>) -> Vec<(Vec<u64>, u64)> {
    out.clear();
    options_along(&[0, a, b], complete_arcs(3), out);
    out.iter()
        .map(|o| {
            let p = [o[0], o[1], o[2]];
            (
                o.clone(),
                t.value(&p).expect("options lie in earlier columns"),
            )
        })
        .collect()
}

pub(super) fn winning_move(
    params: &Params,
    to: u64,
    progress: &mut dyn FnMut(f64),
) -> Result<Verdict> {
    let t = table(to, 0.5, progress)?;
    let mut buffer = Vec::new();
    let (mut unique, mut several, mut example) = (0u64, 0u64, None);
    let tally = every_cell(&t, to, |a, b, v| {
        if a == 0 {
            progress(0.5 + 0.5 * (b as f64 / (to as f64 + 1.0)).powi(3));
        }
        let position = [0, a, b];
        let closed = theory::winning_move(&position);
        if v == 0 {
            return closed.map(|m| {
                format!(
                    "(0,{a},{b}) has value 0 but the closed form moves to {}",
                    show(&m.result)
                )
            });
        }
        let Some(m) = closed else {
            return Some(format!(
                "(0,{a},{b}) has value {v} but the closed form finds no move"
            ));
        };
        let options = option_values(&t, a, b, &mut buffer);
        let winners: Vec<&Vec<u64>> = options
            .iter()
            .filter(|(_, w)| *w == 0)
            .map(|(o, _)| o)
            .collect();
        // Count winning moves up to symmetry (moves to the same position once sorted and
        // shifted, e.g. from either of two equal piles, count once).
        let mut distinct: Vec<Vec<u64>> = winners.iter().map(|o| super::canonical(o)).collect();
        distinct.sort_unstable();
        distinct.dedup();
        if distinct.len() == 1 {
            unique += 1;
        } else {
            several += 1;
            if example.is_none() {
                let list: Vec<String> = distinct.iter().map(|o| show(o)).collect();
                example = Some(format!("(0,{a},{b}) -> {}", list.join(" or ")));
            }
        }
        if !winners.contains(&&m.result.to_vec()) {
            return Some(format!(
                "from (0,{a},{b}) the closed form moves to {}, which is not a move to a P-position",
                show(&m.result)
            ));
        }
        None
    });
    let mut notes = vec![format!(
        "N-positions with exactly one winning move (up to symmetry): {unique}; with more than one: {several}"
    )];
    if let Some(e) = example {
        notes.push(format!("first with more than one: {e}"));
    }
    done("sharing-winning-move", params, to, tally, notes)
}

pub(super) fn remark5(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let t = table(to, 1.0, progress)?;
    let mut counts = [0u64; 4];
    let mut first: [Option<String>; 4] = [None, None, None, None];
    let tally = every_cell(&t, to, |a, b, v| {
        if v == 0 {
            return None;
        }
        let piles = [0, a, b];
        let mut winning = Vec::new();
        for (i, j) in [(0usize, 1usize), (1, 2), (0, 2)] {
            let gap = piles[j] - piles[i];
            if gap >= 2 && gap % 2 == 0 {
                let mut to = piles;
                to[j] -= gap / 2;
                to[i] += gap / 2;
                let reached = show(&super::canonical(&to));
                if t.value(&to) == Some(0) && !winning.contains(&reached) {
                    winning.push(reached);
                }
            }
        }
        let n = winning.len().min(3);
        counts[n] += 1;
        if first[n].is_none() {
            first[n] = Some(format!(
                "(0,{a},{b}){}",
                if winning.is_empty() {
                    String::new()
                } else {
                    format!(" -> {}", winning.join(" and "))
                }
            ));
        }
        (n != 1).then(|| {
            format!(
                "from (0,{a},{b}) (value {v}) {} of the three half-difference moves win{}",
                if n == 0 {
                    "none".to_string()
                } else {
                    n.to_string()
                },
                if winning.is_empty() {
                    String::new()
                } else {
                    format!(": {}", winning.join(", "))
                }
            )
        })
    });
    let mut notes = Vec::new();
    if tally.failures() > 0 {
        notes.push("the winning move always exists (see sharing-winning-move) but need not move half the difference between the two piles it equalizes: e.g. from (0,1,3) it moves 1 from the largest pile to the smallest, giving (1,1,2)".into());
    }
    for (n, example) in first.iter().enumerate().take(3) {
        if let Some(e) = example {
            notes.push(format!(
                "N-positions where {n} of the three win: {}, first {e}",
                counts[n]
            ));
        }
    }
    done("sharing-remark5", params, to, tally, notes)
}

pub(super) fn theorem4(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let t = table(to, 1.0, progress)?;
    let tally = every_cell(&t, to, |a, b, v| {
        let formula = theory::is_one_position(&[0, a, b]);
        ((v == 1) != formula).then(|| {
            format!(
                "(0,{a},{b}) has value {v}, but Theorem 4 says it is {}a 1-position",
                if formula { "" } else { "not " }
            )
        })
    });
    let mut notes = Vec::new();
    if to >= 2 {
        notes.push(format!(
            "boundary case: G(0,1,2) = {} (the family (0,2,4k+1) with k = 0, sorted), so (0,1,2) belongs to the formula",
            t.get(1, 2).expect("computed")
        ));
    }
    done("sharing-theorem4", params, to, tally, notes)
}

pub(super) fn proposition1(
    params: &Params,
    to: u64,
    progress: &mut dyn FnMut(f64),
) -> Result<Verdict> {
    let t = table(to, 0.5, progress)?;
    let is_p = |p: &[u64; 3]| t.value(p) == Some(0);
    let mut tally = Tally::new();
    let mut with_empty = None;
    for n in 0..=to {
        let count = theory::count_p_positions(n, true, is_p);
        tally.check(count == theory::p_positions_with_tokens(n), || {
            format!(
                "{count} P-positions have {n} tokens in three non-empty piles, floor(n/3) = {}",
                n / 3
            )
        });
        let all = theory::count_p_positions(n, false, is_p);
        if with_empty.is_none() && all != n / 3 + 1 {
            with_empty = Some(format!("with empty piles allowed, n = {n} has {all}"));
        }
        progress(0.5 + 0.5 * n as f64 / (to as f64 + 1.0));
    }
    let notes = vec![with_empty.unwrap_or_else(|| {
        "with empty piles allowed there are floor(n/3) + 1 (the extra one is (0,0,n) or (0,n/2,n/2)), for every n checked".into()
    })];
    done("sharing-proposition1", params, to, tally, notes)
}

pub(super) fn proposition2(
    params: &Params,
    to: u64,
    progress: &mut dyn FnMut(f64),
) -> Result<Verdict> {
    let t = table(to, 1.0, progress)?;
    let mut tally = Tally::new();
    let (mut p_at_0, mut n_at_0) = (Vec::new(), Vec::new());
    for n in 0..=to {
        let is_p = t.get(0, n) == Some(0);
        match theory::proposition2(n) {
            Some(predicted) => {
                tally.check(predicted == is_p, || {
                    format!(
                        "(0,0,{n}) is {}a P-position, Proposition 2 says {}",
                        if is_p { "" } else { "not " },
                        if predicted { "P" } else { "N" }
                    )
                });
            }
            None if n >= 3 => {
                if is_p {
                    p_at_0.push(n)
                } else {
                    n_at_0.push(n)
                }
            }
            None => {}
        }
    }
    let list = |v: &[u64]| {
        let items: Vec<String> = v.iter().take(12).map(u64::to_string).collect();
        format!(
            "{}{}",
            items.join(", "),
            if v.len() > 12 { ", ..." } else { "" }
        )
    };
    let notes = vec![format!(
        "n mod 32 = 0 (not covered; Theorem 3): P at n = [{}]; N at n = [{}]",
        list(&p_at_0),
        list(&n_at_0)
    )];
    done("sharing-proposition2", params, to, tally, notes)
}

pub(super) fn row_maxima(
    params: &Params,
    to: u64,
    progress: &mut dyn FnMut(f64),
) -> Result<Verdict> {
    let rows = params.number("rows")?.min(to);
    let t = table(to, 1.0, progress)?;
    let (mut tally, mut notes, mut skipped) = (Tally::new(), Vec::new(), Vec::new());
    for (row, first, last, paper) in theory::PAPER_ROW_MAXIMA {
        if last > to {
            skipped.push(format!(
                "row {row}, b = {first}..{last} (needs --to {last})"
            ));
            continue;
        }
        let max = t
            .row(row, last)
            .into_iter()
            .skip((first - row) as usize)
            .max();
        let max = max.expect("a non-empty range");
        notes.push(format!(
            "row {row}, b = {first}..{last}: maximum {max} (paper: {paper})"
        ));
        tally.check(max == paper, || {
            format!("row {row}, b = {first}..{last} has maximum {max}, the paper reports {paper}")
        });
    }
    for a in 0..=rows {
        let values = t.row(a, to);
        let max = values.iter().copied().max().expect("a <= to");
        let at = values.iter().position(|&v| v == max).expect("present") as u64 + a;
        notes.push(format!(
            "row {a}: max {max} over b = {a}..{to}, first reached at b = {at}"
        ));
    }
    let verdict = tally.verdict(claim("sharing-row-maxima"), params, to);
    Ok(if skipped.is_empty() {
        verdict
    } else {
        verdict.evidence(format!("the reported maxima of {}", skipped.join(" and ")))
    }
    .with_notes(notes))
}

fn join(values: &[u64]) -> String {
    let items: Vec<String> = values.iter().map(u64::to_string).collect();
    items.join(", ")
}

pub(super) fn section6(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let t = table(to, 1.0, progress)?;
    let compare_to = to.min(300);
    let (mut tally, mut notes) = (Tally::new(), Vec::new());
    for (g, paper) in [
        (2, theory::PAPER_TWO_POSITIONS),
        (3, theory::PAPER_THREE_POSITIONS),
    ] {
        for (a, listed) in paper.iter().enumerate() {
            let a = a as u64;
            let computed: Vec<u64> = (2 * a..=to).filter(|&b| t.get(a, b) == Some(g)).collect();
            notes.push(format!("g = {g}, a = {a}: {}", join(&computed)));
            let mine: Vec<u64> = computed
                .iter()
                .copied()
                .filter(|&b| b <= compare_to)
                .collect();
            let theirs: Vec<u64> = listed
                .iter()
                .copied()
                .filter(|&b| b <= compare_to)
                .collect();
            tally.check(mine == theirs, || {
                let extra: Vec<u64> = mine
                    .iter()
                    .copied()
                    .filter(|b| !theirs.contains(b))
                    .collect();
                let missing: Vec<u64> = theirs
                    .iter()
                    .copied()
                    .filter(|b| !mine.contains(b))
                    .collect();
                format!(
                    "g = {g}, a = {a}, b <= {compare_to}: computed but not listed: [{}]; listed but not computed: [{}]",
                    join(&extra),
                    join(&missing)
                )
            });
        }
    }
    let verdict = tally.verdict(claim("sharing-section6"), params, to);
    Ok(if to < 300 {
        verdict.evidence(format!(
            "the listed values of b from {} to 300 (needs --to 300)",
            to + 1
        ))
    } else {
        verdict
    }
    .with_notes(notes))
}

pub(super) fn section6_rows(
    params: &Params,
    to: u64,
    progress: &mut dyn FnMut(f64),
) -> Result<Verdict> {
    let t = table(to, 1.0, progress)?;
    let (mut tally, mut beyond) = (Tally::new(), Vec::new());
    for b in 0..=to {
        for a in 0..=b / 2 {
            let v = t.get(a, b).expect("computed");
            if v == 2 || v == 3 {
                tally.check(a <= 3, || {
                    format!("(0,{a},{b}) has value {v} and a = {a} > 3")
                });
                if a > 3 {
                    beyond.push((a, b, v));
                }
            }
        }
    }
    let mut notes = Vec::new();
    if !beyond.is_empty() {
        let items: Vec<String> = beyond
            .iter()
            .take(40)
            .map(|(a, b, v)| format!("(0,{a},{b})={v}"))
            .collect();
        notes.push(format!(
            "all {} such positions with b <= {to}: {}{}",
            beyond.len(),
            items.join(" "),
            if beyond.len() > 40 { " ..." } else { "" }
        ));
        let strict = beyond.iter().filter(|(a, b, _)| 2 * a < *b).count();
        notes.push(format!(
            "{strict} of them have a < b/2 strictly; the paper's lists include a = b/2 (e.g. (0,2,4) for g = 2)"
        ));
    }
    done("sharing-section6-rows", params, to, tally, notes)
}

pub(super) fn conjecture3(
    params: &Params,
    to: u64,
    progress: &mut dyn FnMut(f64),
) -> Result<Verdict> {
    let t = table(to, 1.0, progress)?;
    let mut tally = Tally::new();
    // The largest row a <= b/2 holding each value g, over b <= 200 and over b <= to.
    let mut rows_200: Vec<Option<u64>> = Vec::new();
    let mut rows_all: Vec<Option<u64>> = Vec::new();
    for b in 0..=to {
        for a in 0..=b / 2 {
            let g = t.get(a, b).expect("computed");
            let gi = g as usize;
            if rows_all.len() <= gi {
                rows_all.resize(gi + 1, None);
                rows_200.resize(gi + 1, None);
            }
            rows_all[gi] = rows_all[gi].max(Some(a));
            if b <= 200 {
                rows_200[gi] = rows_200[gi].max(Some(a));
            }
            if g >= 2 {
                tally.check(a < 2 * g, || {
                    format!("G(0,{a},{b}) = {g} but a = {a} > 2g - 1 = {}", 2 * g - 1)
                });
            }
        }
    }
    let mut notes = Vec::new();
    if to >= 200 {
        for (g, paper) in theory::PAPER_ROW_BOUNDS {
            let mine = rows_200.get(g as usize).copied().flatten();
            notes.push(format!(
                "g = {g}, b <= 200: largest a = {} (paper: a <= {paper}){}",
                mine.map_or("none".into(), |a| a.to_string()),
                if mine == Some(paper) {
                    ""
                } else {
                    "  <- differs"
                }
            ));
        }
    }
    let per_value: Vec<(u64, u64)> = rows_all
        .iter()
        .enumerate()
        .skip(2)
        .filter_map(|(g, a)| a.map(|a| (g as u64, a)))
        .collect();
    let summary: Vec<String> = per_value
        .iter()
        .take(30)
        .map(|(g, a)| format!("{g}:{a}"))
        .collect();
    notes.push(format!(
        "largest a <= b/2 per value g, b <= {to} (g:a): {}{}",
        summary.join(" "),
        if per_value.len() > 30 { " ..." } else { "" }
    ));
    if let Some((g, a)) = per_value
        .iter()
        .min_by_key(|(g, a)| (2 * g - 1).saturating_sub(*a))
    {
        notes.push(format!(
            "closest to the bound: g = {g} reaches a = {a} (2g - 1 = {})",
            2 * g - 1
        ));
    }
    done("sharing-conjecture3", params, to, tally, notes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(name: &str, to: u64, pairs: &[(&str, &str)]) -> Verdict {
        let claim = claim(name);
        let params = Params::new(
            claim,
            pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())),
        )
        .unwrap();
        (claim.check)(&params, to, &mut |_| {}).unwrap()
    }

    #[test]
    fn the_theorems_hold_on_a_small_table() {
        for name in [
            "sharing-engines",
            "sharing-theorem1",
            "sharing-corollary3",
            "sharing-theorem2",
            "sharing-winning-move",
            "sharing-theorem4",
            "sharing-proposition1",
            "sharing-proposition2",
        ] {
            let v = run(name, 40, &[]);
            assert!(v.holds, "{name}: {:?}", v.counterexample);
            assert!(v.cases > 0, "{name}");
        }
    }

    #[test]
    fn lemma1_and_the_complement_hold_for_more_piles_and_graphs() {
        assert!(run("sharing-lemma1", 7, &[("piles", "4")]).holds);
        assert!(run("sharing-lemma1", 6, &[("edges", "0>1,1>2,2>0,0>3")]).holds);
        assert!(run("sharing-complement", 6, &[]).holds);
        let directed = run("sharing-complement", 6, &[("edges", "0>1,1>2")]);
        assert!(directed.holds, "{:?}", directed.counterexample);
        // On a directed path the complement needs the reversed graph: (2,0,0) has a move
        // (0 -> 1) but its complement (0,2,2) has none.
        assert!(
            directed.notes[0].contains("changes the value"),
            "{:?}",
            directed.notes
        );
    }

    #[test]
    fn corollary1_is_an_isomorphism_and_a_wrong_map_is_caught() {
        let v = run("sharing-corollary1", 10, &[]);
        assert!(v.holds && v.cases == 11 * 12 / 2, "{v:?}");
        // By hand: from (0,1,3) the moves go to (1,1,2) and (0,2,2) (1 from the 3 to the 0 or
        // to the 1); from (0,2,3), its image (3-3, 3-2, 3-0), to (1,2,2) and (1,1,3), the images
        // of those two. The identity is no isomorphism between them; the claim's map is.
        let game = SharingNim {
            reduction: Reduction::None,
        };
        let from = GameGraph::from_game(&game, vec![0, 1, 3], 100).unwrap();
        let onto = GameGraph::from_game(&game, vec![0, 2, 3], 100).unwrap();
        let moves = |g: &GameGraph<Vec<u64>>, p: Vec<u64>| -> Vec<Vec<u64>> {
            let i = g.index_of(&p).unwrap();
            let mut m: Vec<Vec<u64>> = g
                .options(i)
                .iter()
                .map(|&o| g.position(o as usize).clone())
                .collect();
            m.sort();
            m
        };
        assert_eq!(moves(&from, vec![0, 1, 3]), [vec![0, 2, 2], vec![1, 1, 2]]);
        assert_eq!(moves(&onto, vec![0, 2, 3]), [vec![1, 1, 3], vec![1, 2, 2]]);
        assert!(isomorphism_failure(&from, &onto, |p| p.clone()).is_some());
        let reversed = |p: &Vec<u64>| vec![3 - p[2], 3 - p[1], 3 - p[0]];
        assert_eq!(isomorphism_failure(&from, &onto, reversed), None);
    }

    #[test]
    fn failures_are_counted_over_the_whole_range() {
        // Remark 5 read literally fails at (0,1,3) and again later: every N-position is a case.
        let v = run("sharing-remark5", 30, &[]);
        assert!(v.complete && v.failures.unwrap() > 1, "{v:?}");
        assert_eq!(v.cases, 31 * 32 / 2);
        // The row maxima with --to 510 leave two reported figures out: evidence, naming them
        // (with --to 1000 all four are compared: the README's command, run by the CLI tests).
        let v = run("sharing-row-maxima", 510, &[("rows", "0")]);
        assert_eq!(v.status, crate::verify::Status::Evidence);
        let unchecked = v.unchecked.unwrap();
        assert!(
            unchecked.contains("row 0, b = 0..999") && unchecked.contains("row 6, b = 6..805"),
            "{unchecked}"
        );
        assert_eq!(v.cases, 2);
    }

    #[test]
    fn remark5_read_literally_fails_at_0_1_3() {
        // By hand: from (0,1,3) the only half-difference move is 1 from 3 to 1, giving (0,2,2),
        // an N-position (2 = 2^1 * 1); the gaps 1 and 3 are odd. Yet (0,1,3) is an N-position:
        // 1 from 3 to 0 gives (1,1,2) ≡ (0,0,1), P by Theorem 2. Every earlier N-position,
        // (0,0,2), (0,1,2), (0,2,2), has exactly one (up to order).
        let v = run("sharing-remark5", 8, &[]);
        assert!(!v.holds);
        let c = v.counterexample.unwrap();
        assert!(c.starts_with("from (0,1,3) (value 2) none"), "{c}");
    }

    #[test]
    fn bad_parameters_are_errors() {
        let claim = claim("sharing-lemma1");
        let both = Params::new(
            claim,
            [("piles".into(), "3".into()), ("edges".into(), "0>1".into())],
        )
        .unwrap();
        assert!((claim.check)(&both, 3, &mut |_| {}).is_err());
        let many = Params::new(claim, [("piles".into(), "9".into())]).unwrap();
        assert!((claim.check)(&many, 3, &mut |_| {}).is_err());
        let huge = Params::new(claim, []).unwrap();
        assert!((claim.check)(&huge, 1000, &mut |_| {}).is_err());
    }
}
