//! What lies below a position of a product `A x B`, counted before any search, so that a search
//! by the definition (misère play) too large to finish is refused at once.
//!
//! - **Exactly, in a box of at most 128 coins** ([`box_work`]): the positions below are sets of
//!   coins of the box up to the last column and row of a head, one bit each, and a move is an
//!   XOR with the set `S x T`. A walk over them counts what the search lists: every option of
//!   every position below, each as its heads (two numbers) and one more number. The walk stops
//!   once the count passes the budget, so it takes a fraction of a second.
//! - **From below, in any box** ([`chain_positions`]): a chain of moves that carries one head
//!   along its row. From a head at `(x, b)`, the move `S = {c, x}` (a move of `A` with largest
//!   `x`) times a move `T` of `B` with largest `b` turns `(x, b)` off, `(c, b)` on, and the
//!   coins of `T \ {b}` in columns `c` and `x`. Repeating it along columns `x > c_1 > ... > c_j`
//!   with row patterns `p_i = T_i \ {b}`, `p_{i+1} != p_i`, leaves `p_1` in column `x`,
//!   `p_i + p_{i+1}` (not empty) in column `c_i`, and the head and `p_j` in column `c_j`: the
//!   chain and its patterns can be read back, so these positions are distinct. With `P`
//!   patterns (the moves of `B` at `b`) and `n` columns below `x` open to the chain, they
//!   number `sum_j C(n, j) P (P - 1)^(j - 1) = P (P^n - 1) / (P - 1)`. A column whose coin on
//!   row `b` already shows heads is not open (the head would be turned off); a Ruler factor
//!   pairs only neighbouring coins, so its chains run through consecutive columns. The same
//!   holds with rows and columns exchanged.

use super::{Factor, Tartan};
use crate::games::coins::walk::{walk, Budget, CoinBox, Walk};
use crate::games::coins::Rule;

/// The coins of a box of at most 128 coins of a product: coin `(x, y)` is bit
/// `(x - first_a) * rows + (y - first_b)`, and an option lists two numbers a head.
struct BoxOf<'a> {
    game: &'a Tartan,
    rows: u64,
}

impl BoxOf<'_> {
    fn coin(&self, i: usize) -> (u64, u64) {
        let i = i as u64;
        (
            self.game.a.first() + i / self.rows,
            self.game.b.first() + i % self.rows,
        )
    }

    fn bit(&self, x: u64, y: u64) -> u128 {
        1u128 << ((x - self.game.a.first()) * self.rows + (y - self.game.b.first()))
    }
}

impl CoinBox for BoxOf<'_> {
    fn moves_of(&self, coin: usize) -> Vec<u128> {
        let (x, y) = self.coin(coin);
        let (columns, rows) = (self.game.a.moves(x), self.game.b.moves(y));
        let mut out = Vec::with_capacity(columns.len() * rows.len());
        for s in &columns {
            for t in &rows {
                out.push(
                    s.iter()
                        .flat_map(|&cx| t.iter().map(move |&cy| (cx, cy)))
                        .fold(0u128, |m, (cx, cy)| m | self.bit(cx, cy)),
                );
            }
        }
        out
    }

    fn count_of(&self, coin: usize) -> u128 {
        let (x, y) = self.coin(coin);
        self.game
            .a
            .move_count(x)
            .saturating_mul(self.game.b.move_count(y))
    }

    fn numbers_of(&self, option: u128) -> u128 {
        2 * u128::from(option.count_ones()) + 1
    }
}

/// Walks the positions below `heads` (sorted, distinct) in a box of at most 128 coins, adding
/// the numbers of every option listed, until they pass `budget` (see
/// [`crate::games::coins::walk`]); `None` when the box has more than 128 coins.
pub fn box_work(game: &Tartan, heads: &[(u64, u64)], budget: u128) -> Option<Walk> {
    let (fa, fb) = (game.a.first(), game.b.first());
    let columns = heads.iter().map(|&(x, _)| x - fa + 1).max().unwrap_or(0);
    let rows = heads.iter().map(|&(_, y)| y - fb + 1).max().unwrap_or(0);
    columns.checked_mul(rows).filter(|&c| c <= 128)?;
    // No head: no coin is read (one row keeps the numbering defined).
    let coins = BoxOf {
        game,
        rows: rows.max(1),
    };
    let start = heads
        .iter()
        .fold(0u128, |set, &(x, y)| set | coins.bit(x, y));
    Some(walk(&coins, start, Budget::numbers(budget)))
}

/// Whether `{c, n}` is a move of `factor` for every `c` below `n` (a Ruler move is a run of
/// coins, so it pairs only `n - 1` with `n`).
fn pairs_any(factor: Factor) -> bool {
    factor != Factor::Coins(Rule::Ruler)
}

/// Positions below `heads` (sorted, distinct) other than the position itself, at least: the
/// largest count of the chains of the module docs over the heads and both directions.
pub fn chain_positions(game: &Tartan, heads: &[(u64, u64)]) -> u128 {
    let mut best = 0u128;
    for &(x, y) in heads {
        // Along the row: columns of A, patterns from B's moves at y; then along the column.
        for (along, at, chain, patterns, lying) in
            [(x, y, game.a, game.b, false), (y, x, game.b, game.a, true)]
        {
            let open = |c: u64| {
                let coin = if lying { (at, c) } else { (c, at) };
                heads.binary_search(&coin).is_err()
            };
            let p = patterns.move_count(at);
            let first = chain.first();
            let count = if pairs_any(chain) {
                let n = (first..along).filter(|&c| open(c)).count() as u32;
                spread(p, n)
            } else {
                let n = (first..along).rev().take_while(|&c| open(c)).count() as u32;
                runs(p, n)
            };
            best = best.max(count);
        }
    }
    best
}

/// `sum_{j=1..n} C(n, j) p (p - 1)^(j - 1)`, saturating.
fn spread(p: u128, n: u32) -> u128 {
    match p {
        0 => 0,
        1 => u128::from(n),
        _ => match p.checked_pow(n) {
            // p (p^n - 1) / (p - 1), exact: p - 1 divides p^n - 1.
            Some(power) => ((power - 1) / (p - 1)).saturating_mul(p),
            None => u128::MAX,
        },
    }
}

/// `sum_{j=1..n} p (p - 1)^(j - 1)`, saturating (chains through consecutive columns).
fn runs(p: u128, n: u32) -> u128 {
    let (mut total, mut term) = (0u128, p);
    for _ in 0..n {
        if term == 0 {
            break;
        }
        total = total.saturating_add(term);
        term = term.saturating_mul(p - 1);
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::Ruleset;
    use proptest::prelude::*;

    /// The positions below by a plain walk over the ruleset's moves, and the numbers of their
    /// options in the explored form (the search's count, by its definition).
    fn by_moves(game: &Tartan, position: &[u64]) -> (u64, u128) {
        let mut seen = std::collections::HashSet::new();
        let root = game.explored_form(position);
        seen.insert(root.clone());
        let mut todo = vec![root];
        let mut numbers = 0u128;
        while let Some(p) = todo.pop() {
            for m in game.moves(&p).unwrap() {
                let o = game.explored_form(&m.to);
                numbers += o.len() as u128 + 1;
                if seen.insert(o.clone()) {
                    todo.push(o);
                }
            }
        }
        (seen.len() as u64, numbers)
    }

    fn game(a: usize, b: usize) -> Tartan {
        Tartan::new(Factor::ALL[a], Factor::ALL[b])
    }

    #[test]
    fn one_head_of_turtles_by_twins() {
        // Counted by a separate walk over bit sets: 144 and 3468 positions below (2, 5) and
        // (3, 5), with 1536 and 85728 moves among them.
        let g = game(1, 0);
        for (x, positions) in [(2, 144), (3, 3468)] {
            let walk = box_work(&g, &[(x, 5)], u128::MAX).unwrap();
            assert!(walk.complete);
            assert_eq!(walk.positions, positions);
            assert_eq!((walk.positions, walk.numbers), by_moves(&g, &[x, 5]));
        }
        // (5, 5) lists more than 10^8 numbers; the walk stops soon after.
        let walk = box_work(&g, &[(5, 5)], 100_000_000).unwrap();
        assert!(!walk.complete && walk.numbers > 100_000_000);
        // Past 128 coins the box is not walked.
        assert!(box_work(&g, &[(22, 5)], 1).is_none());
    }

    #[test]
    fn chain_counts() {
        assert_eq!(spread(5, 2), 5 * 2 + 5 * 4);
        assert_eq!(spread(1, 7), 7);
        assert_eq!(spread(0, 7), 0);
        assert_eq!(spread(5, 200), u128::MAX);
        assert_eq!(runs(3, 3), 3 + 6 + 12);
        assert_eq!(runs(1, 3), 1);
        // One head at (179, 5) of Turning Turtles x Twins: 5 (5^178 - 1) / 4, past 2^128.
        assert_eq!(chain_positions(&game(1, 0), &[(179, 5)]), u128::MAX);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn the_walk_counts_what_the_moves_reach_and_the_chains_stay_below(
            a in 0usize..4, b in 0usize..4,
            heads in proptest::collection::btree_set((0u64..3, 0u64..3), 1..4),
        ) {
            let g = game(a, b);
            let (fa, fb) = (g.a.first(), g.b.first());
            let mut heads: Vec<(u64, u64)> = heads.into_iter().map(|(x, y)| (x + fa, y + fb)).collect();
            heads.sort_unstable();
            let position = Tartan::flat(&heads);
            let (positions, numbers) = by_moves(&g, &position);
            let walk = box_work(&g, &heads, u128::MAX).unwrap();
            prop_assert!(walk.complete);
            prop_assert_eq!((walk.positions, walk.numbers), (positions, numbers));
            prop_assert!(chain_positions(&g, &heads) < u128::from(positions));
            // A walk stopped at a budget never counts more than the whole.
            let cut = box_work(&g, &heads, numbers / 3).unwrap();
            prop_assert!(cut.numbers <= numbers && cut.positions <= positions);
        }
    }
}
