//! The value of a Green Hackenbush picture by the fusion and colon principles (Berlekamp,
//! Conway and Guy, *Winning Ways*, ch. 7), and the claims that compare them with the definition.
//!
//! - A **bridge** is an edge on no cycle. Removing the bridges splits the standing picture into
//!   2-edge-connected pieces; the fusion principle fuses each piece into one vertex, its edges
//!   (loops included) becoming loops there. What is left is a tree of bridges hanging from the
//!   ground's piece.
//! - The colon principle then values that tree from the leaves: a piece with `k` loops and
//!   child bridges leading to pieces of values `v_1, ..., v_j` is worth
//!   `(k mod 2) xor (v_1 + 1) xor ... xor (v_j + 1)` (a loop is a stalk of one edge, value 1).
//!
//! Bridges come from one depth-first search (Tarjan's low points, by edge so that repeated
//! edges count as a cycle), so a value costs time linear in the edges.

use std::collections::HashMap;

use super::Hackenbush;
use crate::games::board::for_each_bit;
use crate::verify::{Claim, Params, Tally, Verdict};
use crate::Result;

/// How the value was found, as `value` reports it.
pub const METHOD: &str = "theorem: the fusion principle (cycles fused into loops) and the colon principle, Winning Ways ch. 7";

/// The value of the edges `set` of `game` (edges not joined to the ground have fallen).
pub fn value(game: &Hackenbush, set: u128) -> u64 {
    let standing = game.grounded(set);
    if standing == 0 {
        return 0;
    }
    let n = game.vertices();
    let mut search = Bridges {
        game,
        standing,
        found: vec![u32::MAX; n],
        low: vec![0; n],
        time: 0,
        bridges: 0,
    };
    search.visit(0, u32::MAX);
    let bridges = search.bridges;
    // The pieces: vertices joined by edges that are not bridges.
    let mut piece = vec![u32::MAX; n];
    let mut loops = Vec::new();
    for start in 0..n as u32 {
        if piece[start as usize] != u32::MAX || game.incident(start) & standing == 0 {
            continue;
        }
        let id = loops.len() as u32;
        let mut inside = 0u128;
        piece[start as usize] = id;
        let mut stack = vec![start];
        while let Some(v) = stack.pop() {
            let edges = game.incident(v) & standing & !bridges;
            inside |= edges;
            for_each_bit(edges, |e| {
                let (a, b) = game.ends(e);
                let w = if a == v { b } else { a };
                if piece[w as usize] == u32::MAX {
                    piece[w as usize] = id;
                    stack.push(w);
                }
            });
        }
        loops.push(inside.count_ones());
    }
    let tree = Tree {
        game,
        bridges,
        piece: &piece,
        loops: &loops,
    };
    tree.value(0, u32::MAX)
}

/// Tarjan's depth-first search for bridges.
struct Bridges<'a> {
    game: &'a Hackenbush,
    standing: u128,
    /// When each vertex was first reached (`u32::MAX`: not yet).
    found: Vec<u32>,
    /// The earliest vertex reachable from its subtree by one edge other than the tree's.
    low: Vec<u32>,
    time: u32,
    bridges: u128,
}

impl Bridges<'_> {
    /// Visits `v`, entered by edge `from` (`u32::MAX` at the ground). The depth is at most the
    /// number of vertices (128).
    fn visit(&mut self, v: u32, from: u32) {
        self.found[v as usize] = self.time;
        self.low[v as usize] = self.time;
        self.time += 1;
        for_each_bit(self.game.incident(v) & self.standing, |e| {
            let (a, b) = self.game.ends(e);
            if e == from || a == b {
                return;
            }
            let w = if a == v { b } else { a };
            if self.found[w as usize] == u32::MAX {
                self.visit(w, e);
                self.low[v as usize] = self.low[v as usize].min(self.low[w as usize]);
                if self.low[w as usize] > self.found[v as usize] {
                    self.bridges |= 1 << e;
                }
            } else {
                self.low[v as usize] = self.low[v as usize].min(self.found[w as usize]);
            }
        });
    }
}

/// The tree of bridges between fused pieces.
struct Tree<'a> {
    game: &'a Hackenbush,
    bridges: u128,
    piece: &'a [u32],
    loops: &'a [u32],
}

impl Tree<'_> {
    /// The value of the piece of vertex `v` with what hangs from it, entered by bridge `from`.
    fn value(&self, v: u32, from: u32) -> u64 {
        let id = self.piece[v as usize];
        let mut value = u64::from(self.loops[id as usize] % 2);
        for w in 0..self.piece.len() as u32 {
            if self.piece[w as usize] != id {
                continue;
            }
            for_each_bit(self.game.incident(w) & self.bridges, |e| {
                if e == from {
                    return;
                }
                let (a, b) = self.game.ends(e);
                let child = if a == w { b } else { a };
                value ^= self.value(child, e) + 1;
            });
        }
        value
    }
}

/// The value by the definition: the mex of the values of the positions one cut leaves,
/// memoised on the edges still standing.
pub fn by_definition(game: &Hackenbush, set: u128, memo: &mut HashMap<u128, u64>) -> u64 {
    let standing = game.grounded(set);
    if let Some(&v) = memo.get(&standing) {
        return v;
    }
    let mut seen = Vec::new();
    for_each_bit(standing, |e| {
        seen.push(by_definition(game, standing & !(1u128 << e), memo));
    });
    let v = crate::solve::mex(seen);
    memo.insert(standing, v);
    v
}

/// The claims of the folder.
pub const CLAIMS: &[Claim] = &[
    Claim {
        name: "hackenbush-fusion",
        source: "the fusion and colon principles of Green Hackenbush (Berlekamp, Conway and Guy, Winning Ways, ch. 7)",
        statement: "the value of a Green Hackenbush picture is that of the tree of bridges left when every 2-edge-connected piece is fused into one vertex with loops, valued by the colon principle",
        params: &[],
        range: "every multigraph (loops and repeated edges included) of at most `to` edges on the ground and three other vertices, and every position of each, against the definition",
        default_to: Some(6),
        check: check_fusion,
    },
    Claim {
        name: "hackenbush-stalks",
        source: "bamboo stalks are Nim heaps (Winning Ways, ch. 2 and 7)",
        statement: "three bamboo stalks of a, b and c edges have the value a xor b xor c",
        params: &[],
        range: "every a <= b <= c <= to, against the definition",
        default_to: Some(10),
        check: check_stalks,
    },
];

/// The vertex pairs (loops included) of the ground `0` and the vertices `1`, `2`, `3`.
fn pairs() -> Vec<(String, String)> {
    (0..4)
        .flat_map(|u| (u..4).map(move |v| (u.to_string(), v.to_string())))
        .collect()
}

/// Calls `f` with every multiset of at most `size` items from `0..kinds`, as a sorted list.
fn multisets(kinds: usize, size: usize, f: &mut dyn FnMut(&[usize])) {
    fn extend(kinds: usize, size: usize, list: &mut Vec<usize>, f: &mut dyn FnMut(&[usize])) {
        f(list);
        if list.len() == size {
            return;
        }
        let from = list.last().copied().unwrap_or(0);
        for k in from..kinds {
            list.push(k);
            extend(kinds, size, list, f);
            list.pop();
        }
    }
    extend(kinds, size, &mut Vec::new(), f);
}

fn check_fusion(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    if to > 9 {
        let count = match binomial(10 + u128::from(to), u128::from(to)) {
            Some(count) => count.to_string(),
            None => "more than 2^128".into(),
        };
        return Err(crate::Error::TooLarge(format!(
            "hackenbush-fusion: --to {to} would list {count} multigraphs; at most 9 edges (48620 graphs)"
        )));
    }
    let pairs = pairs();
    let total = binomial(10 + u128::from(to), u128::from(to)).expect("at most 48620") as f64;
    let mut tally = Tally::new();
    let mut done = 0u64;
    multisets(pairs.len(), to as usize, &mut |kinds| {
        done += 1;
        progress(done as f64 / total);
        let edges: Vec<(String, String)> = kinds.iter().map(|&k| pairs[k].clone()).collect();
        let game = Hackenbush::new(&edges, "hackenbush".into()).expect("at most 9 edges");
        if !game.is_empty() && game.incident(0) == 0 {
            // No edge touches the ground: the picture has fallen whole (value 0 by the rules,
            // no principle applies), nothing to compare.
            return;
        }
        let mut memo = HashMap::new();
        // Every position of the picture: every subset of its edges.
        for set in 0..=game.all() {
            let (theorem, definition) = (value(&game, set), by_definition(&game, set, &mut memo));
            tally.check(theorem == definition, || {
                format!(
                    "edges {} with {set:#b} standing: the principles give {theorem}, the definition {definition}",
                    edges.iter().map(|(u, v)| format!("{u}-{v}")).collect::<Vec<_>>().join(",")
                )
            });
        }
    });
    Ok(tally.verdict(&CLAIMS[0], params, to))
}

fn check_stalks(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    if to > 40 {
        return Err(crate::Error::TooLarge(format!(
            "hackenbush-stalks: three stalks have at most {} edges; --to {to} is refused (at most 40)",
            super::MAX_EDGES
        )));
    }
    let mut tally = Tally::new();
    for c in 0..=to {
        progress(c as f64 / (to + 1) as f64);
        for b in 0..=c {
            for a in 0..=b {
                let game = Hackenbush::stalks(&[a, b, c], "hackenbush".into())?;
                let definition = by_definition(&game, game.all(), &mut HashMap::new());
                tally.check(definition == a ^ b ^ c, || {
                    format!(
                        "stalks {a}, {b}, {c}: the definition gives {definition}, Nim {}",
                        a ^ b ^ c
                    )
                });
            }
        }
    }
    Ok(tally.verdict(&CLAIMS[1], params, to))
}

/// `C(n, k)`, or `None` when it does not fit a `u128` (each step `C(n, i) (n - i) / (i + 1)`
/// is exact; the running value only grows while `i < k <= n`, so an overflow ends it early).
fn binomial(n: u128, k: u128) -> Option<u128> {
    if k > n {
        return Some(0);
    }
    let k = k.min(n - k);
    (0..k).try_fold(1u128, |acc, i| Some(acc.checked_mul(n - i)? / (i + 1)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn verdict(claim: &Claim, to: u64) -> Verdict {
        let params = Params::new(claim, []).unwrap();
        (claim.check)(&params, to, &mut |_| {}).unwrap()
    }

    #[test]
    fn the_principles_agree_with_the_definition_on_every_small_multigraph() {
        let v = verdict(&CLAIMS[0], 5);
        assert!(v.holds && v.failures == Some(0), "{v:?}");
        // C(15, 5) multigraphs of at most 5 edges, each position of each.
        assert!(v.cases > 3003, "{}", v.cases);
        let v = verdict(&CLAIMS[1], 6);
        assert!(v.holds && v.cases == 84, "{v:?}");
        // Repeated lengths are separate stalks: 1 xor 1 = 0.
        let g = super::super::spec::build_text("hackenbush:stalks=1,1").unwrap();
        assert_eq!((g.len(), value(&g, g.all())), (2, 0));
    }

    #[test]
    fn winning_ways_pictures() {
        let value_of = |text: &str| {
            let g = super::super::spec::build_text(text).unwrap();
            (
                value(&g, g.all()),
                by_definition(&g, g.all(), &mut HashMap::new()),
            )
        };
        // A triangle through the ground fuses into the ground with three loops: 1.
        assert_eq!(value_of("hackenbush:edges=0-1,1-2,2-0"), (1, 1));
        // A stalk of two with a loop on top: the top fuses to a loop, (1 + 1) + 1 = 3.
        assert_eq!(value_of("hackenbush:edges=0-1,1-2,2-2"), (3, 3));
        // Two parallel edges from the ground form a cycle: two loops, value 0.
        assert_eq!(value_of("hackenbush:edges=0-1,0-1"), (0, 0));
        // A "Y": a stalk of one with two stalks of one on top: 1 + (1 xor 1) = 1.
        assert_eq!(value_of("hackenbush:edges=0-1,1-2,1-3"), (1, 1));
    }

    /// Issue 50, item 9: the count in the refusal of a large `--to` overflowed (0 in release
    /// builds, a panic in debug ones).
    #[test]
    fn a_large_to_is_refused_with_its_true_count() {
        let params = Params::new(&CLAIMS[0], []).unwrap();
        let refusal = |to: u64| {
            (CLAIMS[0].check)(&params, to, &mut |_| {})
                .unwrap_err()
                .to_string()
        };
        // C(20, 10) multigraphs of at most 10 edges on 10 vertex pairs.
        assert!(
            refusal(10).contains("would list 184756 multigraphs"),
            "{}",
            refusal(10)
        );
        // C(4106, 4096) = C(4106, 10), by the definition's product.
        let exact: u128 =
            (0..10u128).map(|i| 4106 - i).product::<u128>() / (1..=10u128).product::<u128>();
        assert!(
            refusal(4096).contains(&format!("would list {exact} multigraphs")),
            "{}",
            refusal(4096)
        );
        assert!(
            refusal(u64::MAX).contains("more than 2^128"),
            "{}",
            refusal(u64::MAX)
        );
        assert_eq!(binomial(5, 2), Some(10));
        assert_eq!(binomial(3, 5), Some(0));
    }

    proptest! {
        #[test]
        fn random_pictures_of_up_to_12_edges_match_the_definition(
            edges in proptest::collection::vec((0u8..6, 0u8..6), 1..12)
        ) {
            let mut named: Vec<(String, String)> =
                edges.iter().map(|(u, v)| (u.to_string(), v.to_string())).collect();
            named.push(("0".into(), "1".into()));
            let game = Hackenbush::new(&named, "hackenbush".into()).unwrap();
            let mut memo = HashMap::new();
            prop_assert_eq!(value(&game, game.all()), by_definition(&game, game.all(), &mut memo));
        }
    }
}
