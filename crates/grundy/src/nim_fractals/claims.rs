//! The statements of *Nim Fractals* (Khovanova and Xiong) that `grundy verify` checks against
//! brute force, and Smith's rule for conjunctive compounds.

use super::automaton::{self, UlamWarburton, MAX_UW_GENERATIONS, TABLE_1};
use super::{nim, reference};
use crate::ruleset::Ruleset;
use crate::solve::evolution;
use crate::solve::{self, solver_for, Conjunctive, GameGraph, Layer, MemoSolver, Outcome};
use crate::spec::{parse_game, parse_template};
use crate::verify::{param, verdict, Claim, Param, Params, Tally, Verdict};
use crate::{Error, Game, Result};

/// The most tuples a counting claim enumerates.
const MAX_TUPLES: u64 = 200_000_000;
/// The most positions a game claim explores.
const MAX_POSITIONS: usize = 2_000_000;
/// The most positions of a game whose every partition `nim-theorem1` tries (2^20 partitions).
const MAX_PARTITIONED: usize = 20;
/// How far `nim-theorem1` explores before counting the positions.
const EXPLORED: usize = 10_000;

const GAME_PARAMS: &[Param] = &[
    param("game", "game spec", "nim"),
    param("position", "start position, '_' standing for --to", "_,_,_"),
];

/// The claims `grundy verify` checks for *Nim Fractals*.
pub const CLAIMS: &[Claim] = &[
    Claim {
        name: "nim-theorem1",
        source: "Khovanova-Xiong, Nim Fractals, Theorem 1",
        statement: "if the positions of a finite impartial game split into A and B with every move from A into B, a move from every position of B into A, and the terminal positions in A, then A = P and B = N",
        params: &[
            param("game", "game spec", "nim"),
            param(
                "position",
                "start position, '_' standing for --to (at most 20 positions reachable)",
                "_,_",
            ),
        ],
        range: "every partition (A, B) of the positions reachable from the start, against the P-positions of the game's engine",
        default_to: None,
        check: check_theorem1,
    },
    Claim {
        name: "nim-max-counts",
        source: "Khovanova-Xiong, Nim Fractals, Lemma 6, Theorems 9-16",
        statement: "a_k(n) and d_k(n) (P-positions with every pile <= n, largest pile = n) are given by the closed forms",
        params: &[param("piles", "number of piles k, 1 to 12", "3")],
        range: "every n <= to, against an enumeration of all tuples",
        default_to: None,
        check: check_max_counts,
    },
    Claim {
        name: "nim-total-counts",
        source: "Khovanova-Xiong, Nim Fractals, Theorems 17, 27, 28, Lemmas 24-26",
        statement: "A_k(n) and D_k(n) (P-positions with total <= 2n, = 2n) satisfy the recursions",
        params: &[param("piles", "number of piles k, 1 to 12", "3")],
        range: "every n <= to, against an enumeration of all tuples",
        default_to: None,
        check: check_total_counts,
    },
    Claim {
        name: "nim-d3-recursion",
        source: "Khovanova-Xiong, Nim Fractals, Section 5.1 (after Theorem 17)",
        statement: "D_3(2n) = 3 D_3(n) and D_3(2n+1) = D_3(n+1) for n >= 1, as printed (3^wt(n) satisfies D(2n) = D(n), D(2n+1) = 3 D(n) instead)",
        params: &[],
        range: "every n with 1 <= n <= to, against an enumeration",
        default_to: None,
        check: check_d3_recursion,
    },
    Claim {
        name: "nim-a3-recursion",
        source: "Khovanova-Xiong, Nim Fractals, Section 5.1 (after Theorem 17)",
        statement: "A_3(2n) = 3 A_3(n-1) + A_3(n) (n >= 1) and A_3(2n+1) = 4 A_3(n)",
        params: &[],
        range: "every n <= to, against an enumeration",
        default_to: None,
        check: check_a3_recursion,
    },
    Claim {
        name: "nim-lemma18",
        source: "Khovanova-Xiong, Nim Fractals, Lemma 18",
        statement: "a parent of a P-position can be reached from it in a game (two moves: one counter from each of the two piles)",
        params: &[param("piles", "number of piles, 2 to 6", "3")],
        range: "every P-position with piles <= to and each of its parents (by the definition), against the positions two moves away by the rules of Nim",
        default_to: None,
        check: check_lemma18,
    },
    Claim {
        name: "nim-parents",
        source: "Khovanova-Xiong, Nim Fractals, Lemmas 19 and 21, Corollary 20, Section 5.5",
        statement: "parents subtract 1 from two non-empty piles with equal trailing zeros, children add 1 to two piles with equal trailing ones; 3 piles: 1 parent, 0, 1 or 3 children; 4 piles: 1, 2 or 6 of each",
        params: &[param("piles", "number of piles, 2 to 6", "4")],
        range: "every P-position with piles <= to, against the definition",
        default_to: None,
        check: check_parents,
    },
    Claim {
        name: "nim-table1",
        source: "Khovanova-Xiong, Nim Fractals, Table 1",
        statement: "the nine four-pile P-positions of Table 1 have the numbers of parents and children of their row and column",
        params: &[],
        range: "the nine positions; --to bounds the generations searched for a correct example (default 16)",
        default_to: Some(16),
        check: check_table1,
    },
    Claim {
        name: "nim-ulam-warburton",
        source: "Khovanova-Xiong, Nim Fractals, Theorem 23",
        statement: "three-pile P-positions of total 2n correspond one to one to the cells born at step n in three branches of the Ulam-Warburton automaton, parent to parent",
        params: &[],
        range: "every three-pile P-position of total <= 2 to (to <= 4096), against a simulation of the automaton",
        default_to: None,
        check: check_ulam_warburton,
    },
    Claim {
        name: "nim-uw-turns",
        source: "Khovanova-Xiong, Nim Fractals, Theorem 23 (its list of turns and its example)",
        statement: "with the left and right turns as listed, the walk of (14,11,5) ends at (10,-3), as in the worked example",
        params: &[],
        range: "the one position of the example; --to is not used (default 1)",
        default_to: Some(1),
        check: check_uw_turns,
    },
    Claim {
        name: "remoteness-generation",
        source: "Khovanova-Xiong, Nim Fractals, Section 5.3, Lemma 22; Smith's remoteness",
        statement: "the layered algorithm finds each P-position at step remoteness/2, and remoteness is even exactly on P-positions",
        params: GAME_PARAMS,
        range: "every position reachable from the start",
        default_to: None,
        check: check_remoteness_generation,
    },
    Claim {
        name: "lemma-22",
        source: "Khovanova-Xiong, Nim Fractals, Section 5.3, Lemma 22",
        statement: "a P-position found at step i of the layered algorithm has a longest optimal game (moving to a P-position whenever possible) of exactly 2i moves",
        params: GAME_PARAMS,
        range: "every position reachable from the start",
        default_to: None,
        check: check_lemma_22,
    },
    Claim {
        name: "conjunctive",
        source: "Smith (1966); Winning Ways, ch. 9 (conjunctive compounds)",
        statement: "the remoteness of a conjunctive compound is the least remoteness of its components, so it is a P-position exactly when that least remoteness is even",
        params: &[
            param("game", "first component's game", "subtraction:s=1,3,4"),
            param("position", "its start, '_' standing for --to", "_"),
            param("other", "second component's game", "subtraction:s=2,5"),
            param("other-position", "its start, '_' standing for --to", "_"),
        ],
        range: "every position of the compound reachable from the two starts, against the compound built explicitly",
        default_to: None,
        check: check_conjunctive,
    },
    Claim {
        name: "nim-bounds",
        source: "Khovanova-Xiong, Nim Fractals, Lemma 4, Corollaries 5 and 7",
        statement: "2 max(P) <= #(P) <= k max(P) for every P-position; a_k(floor(2n/k)) <= A_k(n) <= a_k(n), bounded by 2^((k-1) floor(log2(floor(2n/k)+1))) and 2^((k-1) ceil(log2(n+1)))",
        params: &[param("piles", "number of piles k, 2 to 8", "3")],
        range: "every P-position with piles <= to, every n <= to, against an enumeration of all tuples",
        default_to: None,
        check: check_bounds,
    },
];

fn claim(name: &str) -> &'static Claim {
    CLAIMS
        .iter()
        .find(|c| c.name == name)
        .expect("the claim is in the table")
}

fn piles(params: &Params, range: std::ops::RangeInclusive<u64>) -> Result<usize> {
    let k = params.number("piles")?;
    if !range.contains(&k) {
        return Err(Error::Invalid(format!(
            "--piles must be between {} and {} (got {k})",
            range.start(),
            range.end()
        )));
    }
    Ok(k as usize)
}

/// Enumerates every k-pile tuple with piles <= max, within [`MAX_TUPLES`].
fn tally_tuples(k: usize, max: u64) -> Result<reference::Tally> {
    let tuples = max
        .checked_add(1)
        .and_then(|side| side.checked_pow(k as u32 - 1))
        .filter(|&t| t <= MAX_TUPLES);
    if tuples.is_none() {
        return Err(Error::TooLarge(format!(
            "enumerating (max + 1)^(k - 1) = ({}+1)^{} tuples is more than {MAX_TUPLES}; lower --to",
            max,
            k - 1
        )));
    }
    reference::enumerate(k, max)
}

/// Every partition (A, B) of the positions reachable from the start: those with the three
/// properties of Theorem 1 must have A = P (the engine's P-positions).
fn check_theorem1(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let game = parse_game(&params.text("game").unwrap_or_default())?;
    let position = start(params, "position", to)?;
    // Explored within a wider bound (the game's own estimate of what is reachable may be loose),
    // then refused when more than MAX_PARTITIONED positions are there.
    let graph = evolution::explore(game.as_ref(), &position, EXPLORED, &mut |_, _| {})?;
    if graph.len() > MAX_PARTITIONED {
        return Err(Error::TooLarge(format!(
            "{} positions are reachable from {position:?}; every partition is tried, so at most {MAX_PARTITIONED} may be (lower --to)",
            graph.len()
        )));
    }
    let n = graph.len();
    let moves: Vec<u32> = (0..n)
        .map(|i| graph.options(i).iter().fold(0, |m, &j| m | 1 << j))
        .collect();
    let mut solver = solver_for(game.as_ref());
    let mut p_set = 0u32;
    for (i, p) in graph.positions().iter().enumerate() {
        if solver.value(p)? == 0 {
            p_set |= 1 << i;
        }
    }
    let name = |set: u32| -> String {
        let items: Vec<String> = (0..n)
            .filter(|&i| set >> i & 1 == 1)
            .map(|i| format!("{:?}", graph.position(i)))
            .collect();
        format!("{{{}}}", items.join(", "))
    };
    let mut tally = Tally::new();
    let mut with_properties = 0u64;
    let total = 1u64 << n;
    for a in 0..total as u32 {
        let in_a = |i: usize| a >> i & 1 == 1;
        let properties = (0..n).all(|i| {
            let into_a = moves[i] & a != 0;
            if in_a(i) {
                !into_a
            } else {
                into_a && moves[i] != 0
            }
        });
        with_properties += u64::from(properties);
        tally.check(!properties || a == p_set, || {
            format!(
                "A = {} has the three properties, but the P-positions are {}",
                name(a),
                name(p_set)
            )
        });
        if a % 65_536 == 0 {
            progress(f64::from(a) / total as f64);
        }
    }
    Ok(tally.verdict(claim("nim-theorem1"), params, to).with_notes(vec![format!(
        "{n} positions, {total} partitions, {with_properties} with the three properties; P-positions: {}",
        name(p_set)
    )]))
}

fn check_bounds(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let claim = claim("nim-bounds");
    let k = piles(params, 2..=8)?;
    let max = to
        .checked_mul(2)
        .ok_or_else(|| Error::TooLarge("--to is too large".into()))?;
    let t = tally_tuples(k, max)?;
    progress(0.5);
    let mut tally = Tally::new();
    // Lemma 4, position by position: the first k - 1 piles run over 0..=to like an odometer.
    let mut piles = vec![0u64; k - 1];
    loop {
        let last = piles.iter().fold(0, |x, &p| x ^ p);
        if last <= to {
            let largest = piles.iter().copied().fold(last, u64::max);
            let total: u64 = piles.iter().sum::<u64>() + last;
            tally.check(2 * largest <= total && total <= k as u64 * largest, || {
                let mut p = piles.clone();
                p.push(last);
                format!(
                    "{p:?}: total {total}, largest pile {largest}, outside 2 max <= total <= {k} max"
                )
            });
        }
        let Some(i) = piles.iter().position(|&p| p < to) else {
            break;
        };
        piles[i] += 1;
        piles[..i].iter_mut().for_each(|p| *p = 0);
    }
    progress(0.75);
    // Corollaries 5 and 7, from the enumerated counts.
    let a = |n: u64| -> u128 { t.by_max[..=n as usize].iter().map(|&c| u128::from(c)).sum() };
    let power = |e: u64| -> Result<u128> {
        u32::try_from(e)
            .ok()
            .and_then(|e| 1u128.checked_shl(e))
            .ok_or_else(|| Error::TooLarge(format!("2^{e} does not fit in 128 bits; lower --to")))
    };
    let log2_floor = |x: u64| u64::from(63 - x.leading_zeros());
    let log2_ceil = |x: u64| if x <= 1 { 0 } else { log2_floor(x - 1) + 1 };
    let mut big_a = 0u128;
    for n in 0..=to {
        big_a += u128::from(t.by_total[n as usize]);
        let m = 2 * n / k as u64;
        let lower = power((k as u64 - 1) * log2_floor(m + 1))?;
        let upper = power((k as u64 - 1) * log2_ceil(n + 1))?;
        let chain = [lower, a(m), big_a, a(n), upper];
        tally.check(chain.windows(2).all(|w| w[0] <= w[1]), || {
            format!(
                "n = {n}: 2^.. = {lower}, a_{k}({m}) = {}, A_{k}({n}) = {big_a}, a_{k}({n}) = {}, 2^.. = {upper} are not in increasing order",
                a(m),
                a(n)
            )
        });
    }
    Ok(tally.verdict(claim, params, to))
}

fn check_max_counts(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let k = piles(params, 1..=12)?;
    let t = tally_tuples(k, to)?;
    progress(0.5);
    let mut running = 0u64;
    let mut tally = Tally::new();
    for n in 0..=to {
        running += t.by_max[n as usize];
        let (d, a) = (
            nim::max_exactly(k, n.into())?,
            nim::max_at_most(k, n.into())?,
        );
        tally.case(if d != t.by_max[n as usize].into() {
            Some(format!(
                "d_{k}({n}): the formula gives {d}, the enumeration {}",
                t.by_max[n as usize]
            ))
        } else if a != running.into() {
            Some(format!(
                "a_{k}({n}): the formula gives {a}, the enumeration {running}"
            ))
        } else {
            None
        });
    }
    Ok(tally.verdict(claim("nim-max-counts"), params, to))
}

fn check_total_counts(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let k = piles(params, 1..=12)?;
    let max = to
        .checked_mul(2)
        .ok_or_else(|| Error::TooLarge("--to is too large".into()))?;
    let t = tally_tuples(k, max)?;
    progress(0.5);
    let mut running = 0u64;
    let mut tally = Tally::new();
    for n in 0..=to {
        let exact = t.by_total[n as usize];
        running += exact;
        let (big_d, big_a) = (
            nim::total_exactly(k, n.into())?,
            nim::total_at_most(k, n.into())?,
        );
        tally.case(if big_d != exact.into() {
            Some(format!(
                "D_{k}({n}): the recursion gives {big_d}, the enumeration {exact}"
            ))
        } else if big_a != running.into() {
            Some(format!(
                "A_{k}({n}): the recursion gives {big_a}, the enumeration {running}"
            ))
        } else {
            None
        });
    }
    Ok(tally.verdict(claim("nim-total-counts"), params, to))
}

/// `D_3(0..=2 to + 2)` and `A_3` by enumeration.
fn three_pile_totals(to: u64) -> Result<(Vec<u64>, Vec<u64>)> {
    let last = to
        .checked_mul(2)
        .and_then(|m| m.checked_add(2))
        .and_then(|m| m.checked_mul(2))
        .ok_or_else(|| Error::TooLarge("--to is too large".into()))?;
    let t = tally_tuples(3, last)?;
    let mut sums = Vec::with_capacity(t.by_total.len());
    let mut running = 0;
    for &d in &t.by_total {
        running += d;
        sums.push(running);
    }
    Ok((t.by_total, sums))
}

fn check_d3_recursion(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let (d, _) = three_pile_totals(to)?;
    progress(0.5);
    let mut tally = Tally::new();
    for n in 1..=to as usize {
        tally.case(if d[2 * n] != 3 * d[n] {
            Some(format!(
                "n = {n}: D_3({}) = {} but 3 D_3({n}) = {}",
                2 * n,
                d[2 * n],
                3 * d[n]
            ))
        } else if d[2 * n + 1] != d[n + 1] {
            Some(format!(
                "n = {n}: D_3({}) = {} but D_3({}) = {}",
                2 * n + 1,
                d[2 * n + 1],
                n + 1,
                d[n + 1]
            ))
        } else {
            None
        });
    }
    Ok(tally.verdict(claim("nim-d3-recursion"), params, to))
}

fn check_a3_recursion(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let (_, a) = three_pile_totals(to)?;
    progress(0.5);
    let mut tally = Tally::new();
    for n in 0..=to as usize {
        tally.case(if n >= 1 && a[2 * n] != 3 * a[n - 1] + a[n] {
            Some(format!(
                "n = {n}: A_3({}) = {} but 3 A_3({}) + A_3({n}) = {}",
                2 * n,
                a[2 * n],
                n - 1,
                3 * a[n - 1] + a[n]
            ))
        } else if a[2 * n + 1] != 4 * a[n] {
            Some(format!(
                "n = {n}: A_3({}) = {} but 4 A_3({n}) = {}",
                2 * n + 1,
                a[2 * n + 1],
                4 * a[n]
            ))
        } else {
            None
        });
    }
    Ok(tally.verdict(claim("nim-a3-recursion"), params, to))
}

/// Pairs of piles changed by one in the same direction that keep the nim-sum 0 (the definition
/// of parents, `delta = -1`, and children, `delta = +1`).
pub(crate) fn by_definition(p: &[u64], up: bool) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for i in 0..p.len() {
        for j in i + 1..p.len() {
            let step = |x: u64| {
                if up {
                    x.checked_add(1)
                } else {
                    x.checked_sub(1)
                }
            };
            if let (Some(a), Some(b)) = (step(p[i]), step(p[j])) {
                let mut q = p.to_vec();
                q[i] = a;
                q[j] = b;
                if automaton::is_p_position(&q) {
                    out.push(q);
                }
            }
        }
    }
    out
}

/// Every P-position with `k` piles `<= to`, the first `k - 1` piles in mixed-radix order and the
/// last their nim-sum; within [`MAX_TUPLES`].
fn p_positions(k: usize, to: u64) -> Result<impl Iterator<Item = Vec<u64>>> {
    let side = to
        .checked_add(1)
        .filter(|s| s.checked_pow(k as u32 - 1).is_some_and(|t| t <= MAX_TUPLES))
        .ok_or_else(|| {
            Error::TooLarge(format!(
                "(to + 1)^(piles - 1) tuples is more than {MAX_TUPLES}"
            ))
        })?;
    let total = side.pow(k as u32 - 1);
    Ok((0..total).filter_map(move |case| {
        let mut piles = vec![0u64; k];
        let mut rest = case;
        for pile in piles.iter_mut().take(k - 1) {
            *pile = rest % side;
            rest /= side;
        }
        piles[k - 1] = piles[..k - 1].iter().fold(0, |x, &p| x ^ p);
        (piles[k - 1] <= to).then_some(piles)
    }))
}

/// The most moves `nim-lemma18` looks through (two moves from each P-position).
const MAX_TWO_MOVES: u64 = 50_000_000;

fn check_lemma18(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let k = piles(params, 2..=6)?;
    let work = to
        .checked_add(1)
        .and_then(|s| s.checked_pow(k as u32 - 1))
        .and_then(|t| t.checked_mul((k as u64 * to).pow(2)))
        .filter(|&w| w <= MAX_TWO_MOVES);
    if work.is_none() {
        return Err(Error::TooLarge(format!(
            "(to + 1)^(piles - 1) P-positions times (piles * to)^2 pairs of moves is more than {MAX_TWO_MOVES}; lower --to"
        )));
    }
    let nim = crate::games::nim::Nim;
    let total = (to + 1).pow(k as u32 - 1) as f64;
    let mut tally = Tally::new();
    let mut options = Vec::new();
    let mut second = Vec::new();
    for (i, p) in p_positions(k, to)?.enumerate() {
        if i % 1024 == 0 {
            progress(i as f64 / total);
        }
        let parents = by_definition(&p, false);
        if parents.is_empty() {
            continue;
        }
        // Every position two moves away, by the rules.
        options.clear();
        Game::options(&nim, &p, &mut options);
        let mut reached = Vec::new();
        for q in &options {
            second.clear();
            Game::options(&nim, q, &mut second);
            reached.append(&mut second);
        }
        for parent in parents {
            tally.check(reached.contains(&parent), || {
                format!("{p:?}: its parent {parent:?} is not two moves away")
            });
        }
    }
    Ok(tally.verdict(claim("nim-lemma18"), params, to))
}

/// The most pile-pair visits `nim-parents` makes (tuples times k^2, a minute or so).
const MAX_PARENT_WORK: u128 = 1_000_000_000;

fn check_parents(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let k = piles(params, 2..=6)?;
    let tuples = (u128::from(to) + 1).saturating_pow(k as u32 - 1);
    if tuples.saturating_mul((k * k) as u128) > MAX_PARENT_WORK {
        return Err(Error::TooLarge(format!(
            "(to + 1)^(piles - 1) = {tuples} tuples, each compared pair by pair ({k}^2), is more than {MAX_PARENT_WORK} steps; lower --to"
        )));
    }
    let total = to.saturating_add(1).saturating_pow(k as u32 - 1) as f64;
    let mut tally = Tally::new();
    for (i, piles) in p_positions(k, to)?.enumerate() {
        let (parents, children) = (automaton::parents(&piles), automaton::children(&piles)?);
        let zero = piles.iter().all(|&p| p == 0);
        tally.case(if parents != by_definition(&piles, false) {
            Some(format!(
                "{piles:?}: Lemma 19 gives the parents {parents:?}, the definition {:?}",
                by_definition(&piles, false)
            ))
        } else if children != by_definition(&piles, true) {
            Some(format!(
                "{piles:?}: Lemma 21 gives the children {children:?}, the definition {:?}",
                by_definition(&piles, true)
            ))
        } else if k == 3 && !zero && parents.len() != 1 {
            Some(format!(
                "{piles:?} has {} parents (Corollary 20 says 1)",
                parents.len()
            ))
        } else if k == 3 && ![0, 1, 3].contains(&children.len()) {
            Some(format!(
                "{piles:?} has {} children (0, 1 or 3 expected)",
                children.len()
            ))
        } else if k == 4 && !zero && ![1, 2, 6].contains(&parents.len()) {
            Some(format!(
                "{piles:?} has {} parents (1, 2 or 6 expected)",
                parents.len()
            ))
        } else if k == 4 && ![1, 2, 6].contains(&children.len()) {
            Some(format!(
                "{piles:?} has {} children (1, 2 or 6 expected)",
                children.len()
            ))
        } else {
            None
        });
        if i % 4096 == 0 {
            progress(i as f64 / total);
        }
    }
    Ok(tally.verdict(claim("nim-parents"), params, to))
}

fn check_table1(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let mut tally = Tally::new();
    for (i, (p, parents_claimed, children_claimed)) in TABLE_1.into_iter().enumerate() {
        progress(i as f64 / TABLE_1.len() as f64);
        // Counted by the definition (P-positions one counter away in two piles).
        let (parents, children) = (
            by_definition(&p, false).len(),
            by_definition(&p, true).len(),
        );
        if (parents, children) == (parents_claimed, children_claimed) {
            tally.case(None);
            continue;
        }
        let correct = if tally.failures() > 0 {
            String::new()
        } else {
            let generations = automaton::evolve(4, to, 5_000_000)?;
            let table = automaton::kinship_table(&generations)?;
            let example = table
                .iter()
                .find(|k| (k.parents, k.children) == (parents_claimed, children_claimed))
                .and_then(|k| k.example.clone());
            match example {
                Some(e) => format!(
                    "; the first P-position with {parents_claimed} parent(s) and {children_claimed} child(ren) is {e:?}"
                ),
                None => format!("; none with {parents_claimed} parent(s) and {children_claimed} child(ren) up to generation {to}"),
            }
        };
        tally.case(Some(format!(
            "{p:?} is listed with {parents_claimed} parent(s) and {children_claimed} child(ren) but has {parents} and {children}{correct}"
        )));
    }
    Ok(tally.verdict(claim("nim-table1"), params, to))
}

fn check_ulam_warburton(
    params: &Params,
    to: u64,
    progress: &mut dyn FnMut(f64),
) -> Result<Verdict> {
    if to > u64::from(MAX_UW_GENERATIONS) {
        return Err(Error::TooLarge(format!(
            "--to is at most {MAX_UW_GENERATIONS} (generations of the automaton)"
        )));
    }
    let uw = UlamWarburton::run(to as u32, true)?;
    let limit = 2 * to;
    let mut per_generation = vec![0u64; to as usize + 1];
    let mut tally = Tally::new();
    for p0 in 0..=limit {
        for p1 in 0..=limit - p0 {
            let p = [p0, p1, p0 ^ p1];
            let n = (p0 + p1 + p[2]) / 2;
            if n > to {
                continue;
            }
            let cell = automaton::to_cell(p)?;
            tally.case(if uw.birth(cell) != Some(n as u32) {
                Some(format!(
                    "{p:?} (generation {n}) maps to {cell:?}, born at step {:?}",
                    uw.birth(cell)
                ))
            } else if automaton::from_cell(cell)? != Some(p) {
                Some(format!(
                    "{cell:?} maps back to {:?}, not {p:?}",
                    automaton::from_cell(cell)?
                ))
            } else if n > 0 {
                let parent = automaton::parents(&p).swap_remove(0);
                let parent_cell = automaton::to_cell([parent[0], parent[1], parent[2]])?;
                (uw.parent(cell) != Some(parent_cell)).then(|| {
                    format!(
                        "the parent {parent:?} of {p:?} maps to {parent_cell:?}, but the parent of {cell:?} is {:?}",
                        uw.parent(cell)
                    )
                })
            } else {
                None
            });
            per_generation[n as usize] += 1;
        }
        if p0 % 64 == 0 {
            progress(p0 as f64 / (limit + 1) as f64);
        }
    }
    for (n, &count) in per_generation.iter().enumerate() {
        let cells = uw.born_count(n as u32) as u64;
        tally.check(cells == count, || {
            format!("generation {n}: {count} P-positions but {cells} cells (the map is not onto)")
        });
    }
    Ok(tally.verdict(claim("nim-ulam-warburton"), params, to))
}

fn check_uw_turns(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    progress(0.0);
    let listed = automaton::to_cell_with([14, 11, 5], automaton::Turns::AsListed)?;
    let mut tally = Tally::new();
    tally.check(listed == (10, -3), || {
        format!(
            "turning as listed, (14,11,5) walks 8 East, 4 North, 2 East, 1 South to {listed:?}; the example turns the other way (8 East, 4 South, 2 East, 1 North) to (10, -3)"
        )
    });
    Ok(tally.verdict(claim("nim-uw-turns"), params, to))
}

/// The start position of a game claim: the template `params[key]` with every `_` replaced by
/// `to`.
fn start(params: &Params, key: &str, to: u64) -> Result<Vec<u64>> {
    let template = parse_template(&params.text(key).unwrap_or_default())?;
    Ok(template.into_iter().map(|c| c.unwrap_or(to)).collect())
}

type Explored = (Box<dyn Ruleset>, GameGraph<Vec<u64>>);

fn game_and_graph(params: &Params, to: u64) -> Result<Explored> {
    let game = parse_game(&params.text("game").unwrap_or_default())?;
    let position = start(params, "position", to)?;
    let graph = evolution::explore(game.as_ref(), &position, MAX_POSITIONS, &mut |_, _| {})?;
    Ok((game, graph))
}

fn check_remoteness_generation(
    params: &Params,
    to: u64,
    progress: &mut dyn FnMut(f64),
) -> Result<Verdict> {
    let (game, graph) = game_and_graph(params, to)?;
    progress(0.3);
    let (layers, r) = evolution::layers_and_remoteness(&graph)?;
    progress(0.6);
    let mut solver = solver_for(game.as_ref());
    let mut tally = Tally::new();
    for (i, p) in graph.positions().iter().enumerate() {
        let outcome = Outcome::of(solver.value(p)?);
        tally.case(match layers[i] {
            Layer::P(g) if r[i] != 2 * g => Some(format!(
                "{p:?} is found at step {g} but its remoteness is {}",
                r[i]
            )),
            _ if solve::outcome_of_remoteness(r[i]) != outcome => Some(format!(
                "{p:?} has remoteness {} but is an {outcome}-position",
                r[i]
            )),
            Layer::N(_) if outcome == Outcome::P => {
                Some(format!("{p:?} is a P-position the layers call N"))
            }
            _ => None,
        });
    }
    Ok(tally.verdict(claim("remoteness-generation"), params, to))
}

fn check_lemma_22(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let (_, graph) = game_and_graph(params, to)?;
    progress(0.3);
    let (layers, _) = evolution::layers_and_remoteness(&graph)?;
    let p: Vec<bool> = layers.iter().map(|l| l.generation().is_some()).collect();
    progress(0.6);
    let longest = solve::longest_optimal_game(&graph, &p)?;
    // Report the smallest counterexample (by step, then position), and count them all.
    let (mut worst, mut cases, mut failures): (Option<(u32, usize)>, u64, u64) = (None, 0, 0);
    for (i, layer) in layers.iter().enumerate() {
        if let Layer::P(g) = *layer {
            cases += 1;
            let smaller =
                |(wg, wi): (u32, usize)| (g, graph.position(i)) < (wg, graph.position(wi));
            if longest[i] != 2 * g {
                failures += 1;
                if worst.is_none_or(smaller) {
                    worst = Some((g, i));
                }
            }
        }
    }
    let found = worst.map(|(g, i)| {
        format!(
            "{:?} is found at step {g} (remoteness {}), but its longest optimal game has {} moves",
            graph.position(i),
            2 * g,
            longest[i]
        )
    });
    let mut v = verdict(claim("lemma-22"), params, to, cases, found);
    v.complete = true;
    v.failures = Some(failures);
    Ok(v)
}

/// A ruleset as a typed game, for building the compound explicitly. Its positions were all
/// explored through the same `moves` first, so `moves` does not fail here.
#[derive(Clone, Copy)]
struct Moves<'a>(&'a dyn Ruleset);

impl Game for Moves<'_> {
    type Position = Vec<u64>;

    fn options(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        if let Ok(moves) = self.0.moves(p) {
            out.extend(moves.into_iter().map(|m| m.to));
        }
    }
}

fn check_conjunctive(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let first = parse_game(&params.text("game").unwrap_or_default())?;
    let second = parse_game(&params.text("other").unwrap_or_default())?;
    let starts = [
        start(params, "position", to)?,
        start(params, "other-position", to)?,
    ];
    let games = [first.as_ref(), second.as_ref()];
    let mut parts = Vec::new();
    for (game, position) in games.iter().zip(&starts) {
        let graph = evolution::explore(*game, position, MAX_POSITIONS, &mut |_, _| {})?;
        let r = solve::remoteness(&graph)?;
        parts.push((graph, r));
    }
    let compound = Conjunctive {
        components: vec![Moves(games[0]), Moves(games[1])],
    };
    let whole = GameGraph::from_game(&compound, starts.to_vec(), MAX_POSITIONS)?;
    let whole_r = solve::remoteness(&whole)?;
    let mut memo = MemoSolver::new(compound);
    let mut tally = Tally::new();
    for (i, position) in whole.positions().iter().enumerate() {
        let each: Vec<u32> = parts
            .iter()
            .zip(position)
            .map(|((graph, r), p)| r[graph.index_of(p).expect("explored")])
            .collect();
        let least = solve::conjunctive_remoteness(&each).expect("two components");
        let outcome = Outcome::of(memo.value(position)?);
        tally.case(if whole_r[i] != least {
            Some(format!(
                "{position:?}: the components' remotenesses are {each:?}, the compound's is {}",
                whole_r[i]
            ))
        } else if solve::outcome_of_remoteness(least) != outcome {
            Some(format!(
                "{position:?}: least remoteness {least}, but the compound is an {outcome}-position"
            ))
        } else {
            None
        });
        if i % 4096 == 0 {
            progress(i as f64 / whole.len() as f64);
        }
    }
    Ok(tally.verdict(claim("conjunctive"), params, to))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(name: &str, pairs: &[(&str, &str)], to: u64) -> Verdict {
        let c = claim(name);
        let params =
            Params::new(c, pairs.iter().map(|(k, v)| (k.to_string(), v.to_string()))).unwrap();
        (c.check)(&params, to, &mut |_| {}).unwrap()
    }

    #[test]
    fn the_bounds_hold_and_count_every_position() {
        for (k, to) in [("2", 200), ("3", 60), ("4", 15), ("5", 7)] {
            assert!(run("nim-bounds", &[("piles", k)], to).holds, "k={k}");
        }
        // Three piles <= 7: 8^2 = 64 P-positions (Lemma 6), then n = 0..=7.
        assert_eq!(run("nim-bounds", &[], 7).cases, 64 + 8);
    }

    #[test]
    fn theorem1_finds_exactly_the_p_positions() {
        // Subtraction S = {1, 2} from 5: positions 0..=5, P-positions the multiples of 3. By
        // hand over all 64 subsets A: only A = {0, 3} has the three properties.
        let options =
            |n: usize| -> Vec<usize> { (1..=2).filter(|&s| s <= n).map(|s| n - s).collect() };
        let with_properties: Vec<u32> = (0..64u32)
            .filter(|a| {
                (0..6).all(|n| {
                    let into_a = options(n).iter().any(|&o| a >> o & 1 == 1);
                    if a >> n & 1 == 1 {
                        !into_a
                    } else {
                        into_a
                    }
                })
            })
            .collect();
        assert_eq!(with_properties, [0b1001]);
        let v = run(
            "nim-theorem1",
            &[("game", "subtraction:s=1,2"), ("position", "_")],
            5,
        );
        assert!(v.holds && v.cases == 64, "{v:?}");
        assert!(v.notes[0].starts_with("6 positions, 64 partitions, 1 with the three properties"));
        // Nim (2,2): 9 positions, 512 partitions; and too large a game is refused.
        assert_eq!(run("nim-theorem1", &[], 2).cases, 512);
        let c = claim("nim-theorem1");
        let params = Params::new(c, []).unwrap();
        let e = (c.check)(&params, 4, &mut |_| {}).unwrap_err().to_string();
        assert!(e.contains("every partition is tried"), "{e}");
    }

    #[test]
    fn lemma18_covers_every_parent() {
        // By hand, the pairs (P-position, parent) with three piles <= 3: (0,1,1), (0,2,2),
        // (0,3,3) in their 3 orders each have one parent ((0,0,0), (0,1,1), (0,2,2)), and
        // (1,2,3) in its 6 orders has one ((0,2,2): 1 and 3 lose a counter): 9 + 6 = 15.
        let v = run("nim-lemma18", &[], 3);
        assert!(v.holds, "{v:?}");
        assert_eq!(v.cases, 15);
        assert!(run("nim-lemma18", &[("piles", "4")], 7).holds);
    }

    #[test]
    fn the_counting_theorems_hold() {
        for k in ["1", "2", "3", "4", "5", "6"] {
            let to = [1000, 1000, 300, 60, 20, 12][k.parse::<usize>().unwrap() - 1];
            assert!(run("nim-max-counts", &[("piles", k)], to).holds, "k={k}");
            assert!(
                run("nim-total-counts", &[("piles", k)], to / 2).holds,
                "k={k}"
            );
        }
        assert!(run("nim-a3-recursion", &[], 200).holds);
    }

    #[test]
    fn the_printed_d3_recursion_fails_at_n_1() {
        let v = run("nim-d3-recursion", &[], 100);
        assert!(!v.holds);
        assert_eq!(
            v.counterexample.unwrap(),
            "n = 1: D_3(2) = 3 but 3 D_3(1) = 9"
        );
    }

    #[test]
    fn parents_children_and_table_1() {
        assert!(run("nim-parents", &[("piles", "3")], 40).holds);
        assert!(run("nim-parents", &[("piles", "4")], 15).holds);
        assert!(!run("nim-uw-turns", &[], 0).holds);
        assert_eq!(claim("nim-uw-turns").default_to, Some(1));
        let v = run("nim-table1", &[], 16);
        assert!(!v.holds);
        let c = v.counterexample.unwrap();
        assert!(
            c.starts_with(
                "[0, 1, 4, 5] is listed with 2 parent(s) and 1 child(ren) but has 1 and 2"
            ),
            "{c}"
        );
    }

    #[test]
    fn ulam_warburton_and_generations() {
        assert!(run("nim-ulam-warburton", &[], 256).holds);
        assert!(run("remoteness-generation", &[], 6).holds);
        assert!(
            run(
                "remoteness-generation",
                &[("game", "subtraction:s=1,3,4"), ("position", "_")],
                200
            )
            .holds
        );
        assert!(run("lemma-22", &[("position", "_,_,_,_")], 4).holds);
        // S = {3,4,9,10}: 0, 1, 2 are terminal; 3..=6 and 9..=12 move to one of them; every
        // move from 13 goes to 10, 9, 4 or 3, so 13 is found at step 1. But 13 -> 10 -> 7 -> 4
        // -> 1 moves to a P-position whenever it can (7 is one: its moves go to 4 and 3) and
        // takes 4 moves.
        let v = run(
            "lemma-22",
            &[("game", "subtraction:s=3,4,9,10"), ("position", "_")],
            40,
        );
        assert_eq!(
            v.counterexample.as_deref(),
            Some(
                "[13] is found at step 1 (remoteness 2), but its longest optimal game has 4 moves"
            )
        );
        assert!(run("conjunctive", &[], 25).holds);
        assert!(
            run(
                "conjunctive",
                &[
                    ("game", "nim"),
                    ("position", "_,2"),
                    ("other", "subtraction:s=1,2"),
                    ("other-position", "7")
                ],
                4
            )
            .holds
        );
    }
}
