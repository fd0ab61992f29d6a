//! Sharing Nim and Graph Nim (N. B. Ho, *Three-pile Sharing Nim and the quadratic time winning
//! strategy*; Graph Nim is its Section 7).
//!
//! A move takes `k >= 1` tokens from pile `i` and puts them on pile `j` provided the receiving
//! pile is still no larger than the giving one: `p_j + k <= p_i - k`. Tokens are never removed,
//! only shared. In Graph Nim the piles sit on the vertices of a directed graph and tokens move
//! only along arcs; Sharing Nim on `n` piles is Graph Nim on the complete graph `K_n`.
//!
//! Two facts hold for **every** number of piles and **every** graph, by the same one-line
//! argument, and both are checked by brute force (`grundy verify sharing-lemma1`,
//! `grundy verify sharing-complement`):
//!
//! - **Lemma 1 (shift).** The rule depends only on differences of piles, and a move never takes
//!   a pile below the current smallest one (`p_i - k >= p_j + k > p_j`). So subtracting the
//!   smallest pile from every pile maps the positions reachable from `p` one-to-one onto those
//!   reachable from `p - min(p)`, moves onto moves: `G(p) = G(p - min(p))`. Ho states it for
//!   three piles; nothing in the argument uses the number of piles or which arcs exist.
//! - **Theorem 1 (complement).** With `N >= max(p)`, the map `p -> N - p` turns a move of `k`
//!   from `i` to `j` into a move of `k` from `j` to `i` (`p_j + k <= p_i - k` is the same
//!   inequality), and never leaves the range since the largest pile never grows. So
//!   `G(p) = G(N - p)` for Sharing Nim on any number of piles (as Ho's Section 7 suggests), and
//!   for Graph Nim `G_D(p) = G_{D'}(N - p)` where `D'` is `D` with every arc reversed (the same
//!   graph when every arc goes both ways).
//!
//! The canonical form is therefore "sort, then subtract the smallest pile" for Sharing Nim and
//! "subtract the smallest pile" for Graph Nim (no graph automorphisms are used). Three piles
//! are handled by the dense parallel table of [`table`] and the closed forms of [`theory`];
//! two piles are a Nim heap of `floor(|a - b| / 2)` ([`theory::two_pile_value`]); four or more
//! piles and Graph Nim go to the memoised search, refused up front when the number of
//! positions it could meet is above [`MAX_SEARCH_POSITIONS`].

pub mod claims;
pub mod graph;
pub mod spec;
pub mod table;
pub mod theory;

use crate::ruleset::{Arity, Evaluation, Move, Ruleset, Solver};
use crate::solve::SearchSolver;
use crate::{Error, Game, Result};

pub use graph::GraphNim;
pub use table::Table;

/// Which value-preserving reduction a [`Game`] view applies before the memoised engine stores a
/// position. The brute-force checks of Lemma 1 and Theorem 1 use weaker reductions than the
/// solver, so that they do not assume what they check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Reduction {
    /// Positions as they are.
    None,
    /// Piles sorted (only for Sharing Nim, where every pair of piles is connected).
    Sort,
    /// Piles sorted (Sharing Nim only), then the smallest subtracted from all (Lemma 1).
    #[default]
    SortAndShift,
}

/// Sharing Nim on any number (at least two) of piles.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SharingNim {
    /// The canonical form used by the [`Game`] view.
    pub reduction: Reduction,
}

/// Subtracts the smallest pile from every pile (Lemma 1).
pub fn shift(piles: &mut [u64]) {
    if let Some(&min) = piles.iter().min() {
        piles.iter_mut().for_each(|p| *p -= min);
    }
}

/// Sorts the piles and subtracts the smallest: the canonical Sharing Nim position.
pub fn canonical(piles: &[u64]) -> Vec<u64> {
    let mut sorted = piles.to_vec();
    sorted.sort_unstable();
    shift(&mut sorted);
    sorted
}

/// The three-pile canonical pair `(a, b)` with `(x, y, z) ≡ (0, a, b)`, `a <= b` (Lemma 1).
pub fn canonical3(piles: &[u64]) -> (u64, u64) {
    let c = canonical(piles);
    (c[1], c[2])
}

/// Every option reached along the arcs `(i, j)` (tokens go from `i` to `j`), in arc order and
/// increasing `k`.
pub(crate) fn options_along(
    piles: &[u64],
    arcs: impl Iterator<Item = (usize, usize)>,
    out: &mut Vec<Vec<u64>>,
) {
    for (i, j) in arcs {
        if piles[i] > piles[j] {
            for k in 1..=(piles[i] - piles[j]) / 2 {
                let mut next = piles.to_vec();
                next[i] -= k;
                next[j] += k;
                out.push(next);
            }
        }
    }
}

/// The number of moves along the arcs, saturating (for the listing limit).
pub(crate) fn count_moves(piles: &[u64], arcs: impl Iterator<Item = (usize, usize)>) -> u128 {
    arcs.map(|(i, j)| u128::from(piles[i].saturating_sub(piles[j]) / 2))
        .sum()
}

/// Every ordered pair of distinct piles: the arcs of the complete graph.
pub(crate) fn complete_arcs(n: usize) -> impl Iterator<Item = (usize, usize)> {
    (0..n).flat_map(move |i| (0..n).filter(move |&j| j != i).map(move |j| (i, j)))
}

impl Game for SharingNim {
    type Position = Vec<u64>;

    fn options(&self, piles: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        options_along(piles, complete_arcs(piles.len()), out);
    }

    fn canonical(&self, piles: &Vec<u64>) -> Vec<u64> {
        match self.reduction {
            Reduction::None => piles.clone(),
            Reduction::Sort => {
                let mut sorted = piles.clone();
                sorted.sort_unstable();
                sorted
            }
            Reduction::SortAndShift => canonical(piles),
        }
    }
}

/// Positions with more moves than this are refused by `moves` (the list would not be read).
pub const MAX_LISTED_MOVES: u128 = 1_000_000;

/// The largest number of positions the memoised search may meet (four or more piles, Graph
/// Nim), estimated before it starts; see [`search_bound`].
pub const MAX_SEARCH_POSITIONS: u128 = 5_000_000;

/// An upper bound on the canonical positions reachable from `piles`: all piles stay between the
/// smallest and the largest, so after the shift they lie in `[0, D]`, `D = max - min`, with one of
/// them 0: at most `C(D + n - 1, n - 1)` sorted tuples, or `(D + 1)^(n - 1) * n` unsorted ones.
pub fn search_bound(piles: &[u64], sorted: bool) -> u128 {
    let n = piles.len() as u128;
    let d = u128::from(piles.iter().max().copied().unwrap_or(0))
        - u128::from(piles.iter().min().copied().unwrap_or(0));
    let mut bound: u128 = 1;
    for i in 1..n {
        bound = if sorted {
            // C(D + i, i) from C(D + i - 1, i - 1); exact at every step.
            bound.saturating_mul(d + i) / i
        } else {
            bound.saturating_mul(d + 1)
        };
    }
    if sorted {
        bound
    } else {
        bound.saturating_mul(n)
    }
}

/// An upper bound on the positions (as they are, not canonical) reachable from `piles` in
/// Sharing Nim or Graph Nim: no move lowers the smallest pile or raises the largest, and the
/// total is kept, so the first `n - 1` piles lie in `[min, max]` and fix the last:
/// `(D + 1)^(n - 1)`, `D = max - min`.
pub fn reachable_bound(piles: &[u64]) -> u128 {
    let d = u128::from(piles.iter().max().copied().unwrap_or(0))
        - u128::from(piles.iter().min().copied().unwrap_or(0));
    (1..piles.len()).fold(1u128, |acc, _| acc.saturating_mul(d + 1))
}

/// Refuses a memoised search whose [`search_bound`] is above [`MAX_SEARCH_POSITIONS`].
pub(crate) fn check_search_size(piles: &[u64], sorted: bool) -> Result<()> {
    let bound = search_bound(piles, sorted);
    if bound > MAX_SEARCH_POSITIONS {
        let d = piles.iter().max().unwrap_or(&0) - piles.iter().min().unwrap_or(&0);
        return Err(Error::TooLarge(format!(
            "{} piles with largest minus smallest {d} may lead to about {bound} positions; the memoised search is limited to {MAX_SEARCH_POSITIONS} (use fewer piles or smaller differences)",
            piles.len()
        )));
    }
    Ok(())
}

fn describe(from: usize, to: usize, k: u64) -> String {
    format!("move {k} from pile {} to pile {}", from + 1, to + 1)
}

impl Ruleset for SharingNim {
    fn spec(&self) -> String {
        "sharing-nim".into()
    }

    /// `validate` checks only the arity and the smallest coordinates: the first position of a
    /// line decides.
    fn first_invalid(
        &self,
        template: &[Option<u64>],
        range: std::ops::RangeInclusive<u64>,
    ) -> Option<(u64, crate::Error)> {
        crate::ruleset::first_invalid_by_bounds(self, template, range)
    }

    fn arity(&self) -> Arity {
        Arity::AtLeast(2)
    }

    fn position_hint(&self) -> String {
        "two or more pile sizes, like 3,8,20".into()
    }

    fn moves(&self, piles: &[u64]) -> Result<Vec<Move>> {
        let count = count_moves(piles, complete_arcs(piles.len()));
        if count > MAX_LISTED_MOVES {
            return Err(Error::TooLarge(format!(
                "this position has {count} moves, more than the {MAX_LISTED_MOVES} that are listed"
            )));
        }
        crate::ruleset::check_listing(count, piles.len())?;
        let mut moves = Vec::with_capacity(count as usize);
        for (i, j) in complete_arcs(piles.len()) {
            if piles[i] > piles[j] {
                for k in 1..=(piles[i] - piles[j]) / 2 {
                    let mut to = piles.to_vec();
                    to[i] -= k;
                    to[j] += k;
                    moves.push(Move {
                        to,
                        description: describe(i, j, k),
                    });
                }
            }
        }
        Ok(moves)
    }

    fn canonical(&self, piles: &[u64]) -> Vec<u64> {
        canonical(piles)
    }

    fn options(&self, piles: &[u64]) -> Result<Vec<Vec<u64>>> {
        let mut out = Vec::new();
        options_along(piles, complete_arcs(piles.len()), &mut out);
        Ok(out)
    }

    fn reachable_at_most(&self, piles: &[u64]) -> Option<u128> {
        Some(reachable_bound(piles))
    }

    /// Every option keeps the number of piles: the moves times that number plus one.
    fn explored_option_numbers(&self, piles: &[u64]) -> Result<u64> {
        let moves = count_moves(piles, complete_arcs(piles.len()));
        u64::try_from(moves.saturating_mul(piles.len() as u128 + 1))
            .map_err(|_| Error::TooLarge("too many options to count".into()))
    }

    fn check_size(&self, piles: &[u64]) -> Result<()> {
        if piles.len() >= 4 {
            check_search_size(piles, true)?;
        }
        Ok(())
    }

    fn solver(&self) -> Option<Box<dyn Solver + '_>> {
        Some(Box::new(SharingSolver {
            ruleset: self,
            table: Table::new(),
            search: None,
        }))
    }

    fn explain_move(&self, position: &[u64], to: &[u64]) -> Option<String> {
        let (from, to) = (
            <[u64; 3]>::try_from(position).ok()?,
            <[u64; 3]>::try_from(to).ok()?,
        );
        theory::explain(&from, &to)
    }

    fn theory_winning_moves(&self, position: &[u64]) -> Option<Vec<Move>> {
        let piles = <[u64; 3]>::try_from(position).ok()?;
        Some(
            theory::winning_move(&piles)
                .into_iter()
                .map(|m| Move {
                    to: m.result.to_vec(),
                    description: describe(m.from, m.to, m.amount),
                })
                .collect(),
        )
    }

    fn table_cell_shown(&self, template: &[Option<u64>], position: &[u64]) -> bool {
        // Ho's Table 1 shows each position once: row <= column (the rest are permutations).
        let blanks: Vec<usize> = (0..template.len())
            .filter(|&i| template[i].is_none())
            .collect();
        blanks.len() != 2 || position[blanks[0]] <= position[blanks[1]]
    }
}

/// The table is built on demand to the largest `b` asked; below this `b` (about a second in a
/// release build) it is built even for positions the theorems answer, so that the values
/// around a first query come from one table.
pub const QUERY_TABLE_LIMIT: u64 = 2048;

/// Values of Sharing Nim: the closed form for two piles, the table and the closed forms for
/// three, the memoised search for more.
struct SharingSolver<'a> {
    ruleset: &'a SharingNim,
    table: Table,
    search: Option<SearchSolver<'a>>,
}

impl Solver for SharingSolver<'_> {
    fn value(&mut self, position: &[u64]) -> Result<u64> {
        Ok(self.evaluate(position)?.value)
    }

    fn evaluate(&mut self, piles: &[u64]) -> Result<Evaluation> {
        match piles.len() {
            2 => Ok(Evaluation {
                value: theory::two_pile_value(piles[0], piles[1]),
                method: "closed form: two piles are a Nim heap of floor(|a - b| / 2)".into(),
            }),
            3 => three_pile_value(&mut self.table, piles),
            _ => {
                check_search_size(piles, true)?;
                let ruleset = self.ruleset;
                let search = self
                    .search
                    .get_or_insert_with(|| SearchSolver::new(ruleset));
                Ok(Evaluation {
                    value: search.value(piles)?,
                    method: "memoised search (piles sorted, smallest subtracted: Lemma 1)".into(),
                })
            }
        }
    }
}

/// The value of a three-pile position: from the table when it already covers `b` (or `b` is
/// small); else from Theorem 2 (P-positions) or Theorem 4 (1-positions) when one applies, both
/// proven; else from the table grown to `b`, which is refused only when it would pass its memory
/// limit ([`table::MAX_TABLE_BYTES`], `b <= 46339`). The cost of growing is about `b^3`: minutes
/// at `b = 5000`, hours beyond `b = 20000` (BENCHMARKS.md).
pub(crate) fn three_pile_value(table: &mut Table, piles: &[u64]) -> Result<Evaluation> {
    let (a, b) = canonical3(piles);
    let from_table = |table: &mut Table| -> Result<Evaluation> {
        table.extend_to(b, &mut |_| {})?;
        Ok(Evaluation {
            value: table.get(a, b).expect("the table covers b"),
            method: format!("dense table of G(0, a, b), here (0,{a},{b}) by Lemma 1"),
        })
    };
    if b <= QUERY_TABLE_LIMIT || table.max_b().is_some_and(|max| b <= max) {
        return from_table(table);
    }
    let position = [0, a, b];
    if theory::is_p_position(&position) {
        return Ok(Evaluation {
            value: 0,
            method: "closed form: Theorem 2 (Ho), the P-positions".into(),
        });
    }
    if theory::is_one_position(&position) {
        return Ok(Evaluation {
            value: 1,
            method: "closed form: Theorem 4 (Ho), the 1-positions".into(),
        });
    }
    table::check_size(b).map_err(|e| {
        Error::TooLarge(format!(
            "({}) has value at least 2 (Theorem 2: not a P-position; Theorem 4: not a 1-position) and no closed form gives larger values; {}",
            piles.iter().map(u64::to_string).collect::<Vec<_>>().join(","),
            e.to_string().trim_start_matches("too large: ")
        ))
    })?;
    from_table(table)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::MemoSolver;

    #[test]
    fn option_numbers_are_those_of_the_listed_options() {
        let game = SharingNim::default();
        for piles in [
            vec![1, 2, 7],
            vec![0, 0, 9],
            vec![5, 5, 5],
            vec![3, 8, 1, 12],
            vec![4],
        ] {
            let listed: u64 = game
                .explored_options(&piles)
                .unwrap()
                .iter()
                .map(|o| o.len() as u64 + 1)
                .sum();
            assert_eq!(
                game.explored_option_numbers(&piles).unwrap(),
                listed,
                "{piles:?}"
            );
        }
    }

    #[test]
    fn moves_follow_the_rule() {
        // From (1, 2, 7): 7 -> 1 with k <= 3, 7 -> 2 with k <= 2, 2 -> 1 none.
        let moves = SharingNim::default().moves(&[1, 2, 7]).unwrap();
        let to: Vec<Vec<u64>> = moves.iter().map(|m| m.to.clone()).collect();
        assert_eq!(
            to,
            vec![
                vec![2, 2, 6],
                vec![3, 2, 5],
                vec![4, 2, 4],
                vec![1, 3, 6],
                vec![1, 4, 5]
            ]
        );
        assert_eq!(moves[0].description, "move 1 from pile 3 to pile 1");
        assert!(SharingNim::default().moves(&[0, 1, 1]).unwrap().is_empty());
    }

    #[test]
    fn the_solver_answers_by_table_and_closed_forms() {
        let game = SharingNim::default();
        let mut solver = game.solver().unwrap();
        // Table 1: G(0, 2, 8) = 5, G(1, 2, 7) = G(0, 1, 6) = 4.
        assert_eq!(solver.value(&[0, 2, 8]).unwrap(), 5);
        assert_eq!(solver.value(&[7, 1, 2]).unwrap(), 4);
        // Far beyond the table: (0, 0, 4^20 * 3) is P by Theorem 2; (5, 5, 5 + 4k + 2) is 1.
        let far = solver.evaluate(&[0, 0, 3 << 40]).unwrap();
        assert_eq!((far.value, far.method.contains("Theorem 2")), (0, true));
        let one = solver.evaluate(&[5, 5, 5 + 4_000_000_002]).unwrap();
        assert_eq!((one.value, one.method.contains("Theorem 4")), (1, true));
        let err = solver.evaluate(&[0, 1, 1 << 40]).unwrap_err().to_string();
        assert!(err.contains("the largest b is 46339"), "{err}");
        // Two piles: a Nim heap of floor(d / 2).
        assert_eq!(solver.value(&[3, 10]).unwrap(), 3);
    }

    #[test]
    fn four_piles_go_to_the_search_and_huge_ones_are_refused() {
        let game = SharingNim::default();
        let mut solver = game.solver().unwrap();
        let mut memo = MemoSolver::new(SharingNim {
            reduction: Reduction::None,
        });
        for p in [[0, 1, 2, 3], [5, 1, 4, 9], [2, 2, 2, 9]] {
            assert_eq!(
                solver.value(&p).unwrap(),
                memo.value(&p.to_vec()).unwrap(),
                "{p:?}"
            );
        }
        let err = solver.value(&[0, 0, 0, 1_000_000]).unwrap_err().to_string();
        assert!(err.contains("limited to 5000000"), "{err}");
    }

    /// `cargo test --release -p grundy -- --ignored sharing_nim_seq_to_5000` (a few minutes):
    /// issue 12's `seq sharing-nim 0,0,_ --to 5000`. The sequence the query path gives (the
    /// table grown past 2048) is checked against the definition one level deep: every value
    /// along (0, 0, b), and at a seeded sample of (0, a, b), is the mex of its options' values
    /// (read from the same table after Lemma 1's reduction, so an error anywhere in the table
    /// shows as a broken mex somewhere); Theorems 2 and 4 agree wherever they answer.
    #[test]
    #[ignore]
    fn sharing_nim_seq_to_5000() {
        const TO: u64 = 5000;
        let game = SharingNim::default();
        let seq =
            crate::query::sequence(&game, &[Some(0), Some(0), None], 0, TO, &mut |_| {}).unwrap();
        assert_eq!(seq.len() as u64, TO + 1);
        let mut table = Table::new();
        table.extend_to(TO, &mut |_| {}).unwrap();
        let mex_of_options = |piles: &[u64]| {
            let mut options = Vec::new();
            options_along(piles, complete_arcs(3), &mut options);
            let mut seen = vec![false; options.len() + 1];
            for o in &options {
                let v = table.value(&[o[0], o[1], o[2]]).unwrap() as usize;
                if v < seen.len() {
                    seen[v] = true;
                }
            }
            seen.iter().position(|s| !s).unwrap() as u64
        };
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut sample = (0..=TO).map(|b| (0, b)).collect::<Vec<_>>();
        for _ in 0..3000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let b = state % (TO + 1);
            sample.push(((state >> 20) % (b + 1), b));
        }
        for (a, b) in sample {
            let value = table.get(a, b).unwrap();
            if a == 0 {
                assert_eq!(seq[b as usize], value, "seq at (0,0,{b})");
            }
            assert_eq!(value, mex_of_options(&[0, a, b]), "(0,{a},{b})");
            let piles = [0, a, b];
            assert_eq!(theory::is_p_position(&piles), value == 0, "(0,{a},{b})");
            assert_eq!(theory::is_one_position(&piles), value == 1, "(0,{a},{b})");
        }
    }

    #[test]
    fn search_bound_counts_sorted_tuples() {
        // Sorted 3-tuples from [0, 2] with a 0: (0,0,0..2), (0,1,1..2), (0,2,2) = 6 = C(4, 2).
        assert_eq!(search_bound(&[5, 6, 7], true), 6);
        assert_eq!(search_bound(&[5, 6, 7], false), 27);
    }

    #[test]
    fn too_many_moves_are_refused() {
        let err = SharingNim::default().moves(&[0, 0, 1 << 40]).unwrap_err();
        assert!(err.to_string().contains("more than the 1000000"));
    }

    /// Beyond the table built so far the solver answers by Theorems 2 and 4 (proven) before it
    /// grows the table: for every (0, a, b) with 2048 < b <= 2200 the theorems' answers are the
    /// table's values, and every 0 or 1 the table holds is one of theirs.
    #[test]
    fn beyond_the_table_the_theorems_agree_with_it() {
        let mut table = Table::new();
        table.extend_to(2200, &mut |_| {}).unwrap();
        let mut answered = 0;
        for b in QUERY_TABLE_LIMIT + 1..=2200 {
            for a in 0..=b {
                let brute = table.get(a, b).unwrap();
                let (p, one) = (
                    theory::is_p_position(&[0, a, b]),
                    theory::is_one_position(&[0, a, b]),
                );
                assert_eq!(
                    (p, one),
                    (brute == 0, brute == 1),
                    "(0,{a},{b}) has value {brute}"
                );
                answered += u64::from(p || one);
            }
        }
        assert!(answered > 300, "{answered}");
        // And the solver says which answered: a theorem at once, the table otherwise.
        let at = three_pile_value(&mut Table::new(), &[0, 0, 3001]).unwrap();
        assert!(at.method.contains("Theorem"), "{}", at.method);
    }
}
