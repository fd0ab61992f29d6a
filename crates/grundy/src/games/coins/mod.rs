//! Coin-turning games (Winning Ways ch. 14, "Turn and Turn About"): a row of coins, some
//! heads; a move turns over a set of coins allowed by the rule, the rightmost of which must go
//! from heads to tails. Who cannot move loses.
//!
//! - `turning-turtles`: turn one or two coins (coins numbered from 1);
//! - `mock-turtles`: turn one, two or three coins (coins numbered from 0);
//! - `ruler`: turn any run of consecutive coins (coins numbered from 1).
//!
//! A position is the list of coins showing heads. Every move ends at a smaller number read in
//! binary (coin `k` as bit `k`), so play ends. The theorem of ch. 14: a position is worth the
//! Nim sum of its heads' values, as if each head were a game alone (turning a coin that shows
//! heads to tails is the same, in normal play, as adding a second copy of its one-head game).
//! The one-head values have closed forms ([`theory`]): Turning Turtles is Nim (coin `n` is
//! worth `n`), Mock Turtles's coin `n` is worth the `n`-th odious number (`2n` or `2n + 1`,
//! whichever has an odd number of ones in binary), Ruler's coin `n` is worth the largest power
//! of 2 dividing `n`. Misère play has no such theorem: the engines search the positions.

pub mod spec;
pub mod theory;
pub mod walk;

use crate::ruleset::{check_listing, Arity, Evaluation, Move, Position};
use crate::{Error, Result, Ruleset, Solver};

/// Which coins a move may turn over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// One or two coins.
    TurningTurtles,
    /// One, two or three coins.
    MockTurtles,
    /// A run of consecutive coins.
    Ruler,
}

impl Rule {
    /// The name in specs.
    pub fn name(self) -> &'static str {
        match self {
            Rule::TurningTurtles => "turning-turtles",
            Rule::MockTurtles => "mock-turtles",
            Rule::Ruler => "ruler",
        }
    }

    /// The first coin's number.
    pub fn first_coin(self) -> u64 {
        match self {
            Rule::MockTurtles => 0,
            _ => 1,
        }
    }

    /// The number of moves whose largest coin is `n` and whose coins are all at least `low`
    /// (`low <= n`; every move of `n` when `low` is the first coin).
    pub fn move_count_from(self, n: u64, low: u64) -> u128 {
        let below = u128::from(n - low);
        match self {
            Rule::TurningTurtles | Rule::Ruler => 1 + below,
            Rule::MockTurtles => 1 + below + below * below.saturating_sub(1) / 2,
        }
    }

    /// Those moves, each as the coins it turns (increasing).
    pub fn moves_from(self, n: u64, low: u64) -> Vec<Vec<u64>> {
        let mut out = vec![vec![n]];
        match self {
            Rule::TurningTurtles => out.extend((low..n).map(|m| vec![m, n])),
            Rule::MockTurtles => {
                for m in low..n {
                    out.push(vec![m, n]);
                    out.extend((low..m).map(|l| vec![l, m, n]));
                }
            }
            Rule::Ruler => out.extend((low..n).rev().map(|m| (m..=n).collect())),
        }
        out
    }
}

/// A coin-turning game.
#[derive(Debug, Clone, Copy)]
pub struct Coins {
    rule: Rule,
}

impl Coins {
    /// The game of `rule`.
    pub fn new(rule: Rule) -> Self {
        Coins { rule }
    }

    /// The number of moves from `heads` (sorted, distinct), in `u128`.
    fn count_moves(&self, heads: &[u64]) -> u128 {
        heads
            .iter()
            .map(|&n| self.rule.move_count_from(n, self.rule.first_coin()))
            .sum()
    }

    /// The walk of [`walk`] below `heads` (sorted, distinct): in the box of the last 128 coins
    /// up to the last head, with the moves that turn only coins of the box (the positions
    /// they reach are reachable and distinct, so every count stays a lower bound).
    fn walk_below(&self, heads: &[u64], budget: walk::Budget) -> walk::Walk {
        let last = heads.last().copied().unwrap_or(self.rule.first_coin());
        let low = last.saturating_sub(127).max(self.rule.first_coin());
        let row = Row {
            rule: self.rule,
            low,
            outside: heads.iter().filter(|&&h| h < low).count() as u128,
        };
        let start = heads
            .iter()
            .filter(|&&h| h >= low)
            .fold(0u128, |set, &h| set | 1u128 << (h - low));
        walk::walk(&row, start, budget)
    }

    /// The heads after turning over `coins` (the last of them a head going to tails).
    fn turned(heads: &[u64], coins: &[u64]) -> Position {
        let mut out: Vec<u64> = heads.to_vec();
        for &c in coins {
            match out.binary_search(&c) {
                Ok(i) => {
                    out.remove(i);
                }
                Err(i) => out.insert(i, c),
            }
        }
        out
    }
}

impl Ruleset for Coins {
    fn spec(&self) -> String {
        self.rule.name().into()
    }

    fn arity(&self) -> Arity {
        Arity::AtLeast(0)
    }

    fn position_hint(&self) -> String {
        format!(
            "the coins showing heads, numbered from {}, like 2,5,9 ('none' for all tails)",
            self.rule.first_coin()
        )
    }

    fn validate(&self, position: &[u64]) -> Result<()> {
        if let Some(&c) = position.iter().find(|&&c| c < self.rule.first_coin()) {
            return Err(Error::Position(format!(
                "coin {c}: the coins of {} are numbered from {}",
                self.rule.name(),
                self.rule.first_coin()
            )));
        }
        if self.rule == Rule::MockTurtles {
            if let Some(&c) = position.iter().find(|&&c| c > theory::MAX_MOCK_COIN) {
                return Err(Error::Overflow(format!(
                    "coin {c}: a Mock Turtles coin is worth 2n or 2n + 1, which fits 64 bits only for n <= {}",
                    theory::MAX_MOCK_COIN
                )));
            }
        }
        let mut sorted = position.to_vec();
        sorted.sort_unstable();
        if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
            return Err(Error::Position(format!(
                "coin {} is listed twice (a position lists the coins showing heads)",
                w[0]
            )));
        }
        Ok(())
    }

    /// Along a line only one head varies: its position is refused exactly at a number below the
    /// first coin, at a fixed head (listed twice), past the largest Mock Turtles coin, or
    /// everywhere when the fixed heads are refused. So the first refused one is among the start
    /// of the range, the fixed heads in it and the first coin past the largest: a few positions
    /// checked, not the whole range.
    fn first_invalid(
        &self,
        template: &[Option<u64>],
        range: std::ops::RangeInclusive<u64>,
    ) -> Option<(u64, Error)> {
        let (start, end) = (*range.start(), *range.end());
        if start > end {
            return None;
        }
        let mut candidates: Vec<u64> = template
            .iter()
            .flatten()
            .copied()
            .filter(|c| range.contains(c))
            .collect();
        candidates.push(start);
        if self.rule == Rule::MockTurtles {
            candidates.push(start.max(theory::MAX_MOCK_COIN.saturating_add(1)));
        }
        candidates.sort_unstable();
        candidates
            .into_iter()
            .filter(|c| range.contains(c))
            .find_map(|n| {
                let position = crate::ruleset::fill(template, &[n]);
                self.validate(&position).err().map(|e| (n, e))
            })
    }

    fn parse_position(&self, text: &str) -> Result<Position> {
        match text.trim() {
            "none" | "" => Ok(Vec::new()),
            text => crate::number::parse_position(text),
        }
    }

    fn show_position(&self, position: &[u64]) -> String {
        match position {
            [] => "none".into(),
            heads => heads
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(","),
        }
    }

    /// The heads in increasing order.
    fn canonical(&self, position: &[u64]) -> Position {
        let mut heads = position.to_vec();
        heads.sort_unstable();
        heads
    }

    fn explored_form(&self, position: &[u64]) -> Position {
        self.canonical(position)
    }

    fn moves(&self, position: &[u64]) -> Result<Vec<Move>> {
        self.validate(position)?;
        let heads = self.canonical(position);
        check_listing(self.count_moves(&heads), heads.len() + 2)?;
        let first = self.rule.first_coin();
        let mut moves = Vec::new();
        let mut push = |coins: &[u64]| {
            let shown: Vec<String> = coins.iter().map(u64::to_string).collect();
            moves.push(Move {
                to: Self::turned(&heads, coins),
                description: match coins.len() {
                    1 => format!("turn coin {}", shown[0]),
                    _ => format!("turn coins {}", shown.join(", ")),
                },
            });
        };
        for &n in &heads {
            for coins in self.rule.moves_from(n, first) {
                push(&coins);
            }
        }
        Ok(moves)
    }

    /// Every position below is a set of coins up to the last head: at most `2^(last - first +
    /// 1)` of them (explorations refuse at once beyond their limit).
    fn reachable_at_most(&self, position: &[u64]) -> Option<u128> {
        let last = position
            .iter()
            .max()
            .map_or(0, |&n| n - self.rule.first_coin() + 1);
        Some(if last >= 127 {
            u128::MAX
        } else {
            1u128 << last
        })
    }

    /// The options without their descriptions (the misère search lists millions).
    fn options(&self, position: &[u64]) -> Result<Vec<Position>> {
        self.validate(position)?;
        let heads = self.canonical(position);
        check_listing(self.count_moves(&heads), heads.len() + 2)?;
        let first = self.rule.first_coin();
        Ok(heads
            .iter()
            .flat_map(|&n| self.rule.moves_from(n, first))
            .map(|coins| Self::turned(&heads, &coins))
            .collect())
    }

    /// Counted by a walk over the positions below ([`walk`]), until past `budget`.
    fn option_numbers_below_at_least(&self, position: &[u64], budget: u64) -> u128 {
        self.walk_below(
            &self.canonical(position),
            walk::Budget::numbers(budget.into()),
        )
        .numbers
    }

    /// Counted by the same walk, until past the moves an exploration takes.
    fn moves_below_at_least(&self, position: &[u64]) -> u128 {
        let budget = crate::solve::MAX_GRAPH_EDGES as u128;
        self.walk_below(&self.canonical(position), walk::Budget::moves(budget))
            .moves
    }

    /// `seq` without a position runs along one head: the one-head values.
    fn default_template(&self) -> Option<Vec<Option<u64>>> {
        Some(vec![None])
    }

    fn min_coordinate(&self, _index: usize) -> u64 {
        self.rule.first_coin()
    }

    fn solver(&self) -> Option<Box<dyn Solver + '_>> {
        Some(Box::new(CoinSolver { rule: self.rule }))
    }
}

/// The coins `low..low + 128` of a row, for [`walk`]: coin `c` is bit `c - low`, and an
/// option lists its heads (those below `low`, `outside`, included) and one more number.
struct Row {
    rule: Rule,
    low: u64,
    outside: u128,
}

impl walk::CoinBox for Row {
    fn moves_of(&self, coin: usize) -> Vec<u128> {
        self.rule
            .moves_from(self.low + coin as u64, self.low)
            .iter()
            .map(|coins| {
                coins
                    .iter()
                    .fold(0u128, |m, &c| m | 1u128 << (c - self.low))
            })
            .collect()
    }

    fn count_of(&self, coin: usize) -> u128 {
        self.rule.move_count_from(self.low + coin as u64, self.low)
    }

    fn numbers_of(&self, option: u128) -> u128 {
        u128::from(option.count_ones()) + self.outside + 1
    }
}

/// Values as the Nim sum of the heads' closed forms.
struct CoinSolver {
    rule: Rule,
}

impl Solver for CoinSolver {
    fn value(&mut self, position: &[u64]) -> Result<u64> {
        Ok(position
            .iter()
            .fold(0, |v, &n| v ^ theory::coin_value(self.rule, n)))
    }

    fn evaluate(&mut self, position: &[u64]) -> Result<Evaluation> {
        Ok(Evaluation {
            value: self.value(position)?,
            method: theory::method(self.rule).into(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The few candidates of `first_invalid` find what checking every position finds.
    #[test]
    fn the_first_refused_head_of_a_line_is_found_from_the_fixed_heads() {
        let mut seed = 7u64;
        let mut next = |n: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % n
        };
        for rule in [Rule::TurningTurtles, Rule::MockTurtles, Rule::Ruler] {
            let game = Coins::new(rule);
            for _ in 0..2000 {
                let len = 1 + next(4) as usize;
                let blank = next(len as u64) as usize;
                let template: Vec<Option<u64>> =
                    (0..len).map(|i| (i != blank).then(|| next(12))).collect();
                let (a, b) = (next(14), next(14));
                let range = a.min(b)..=a.max(b);
                let each = crate::ruleset::first_invalid_each(&game, &template, range.clone());
                let fast = game.first_invalid(&template, range);
                assert_eq!(
                    fast.map(|(n, _)| n),
                    each.map(|(n, _)| n),
                    "{rule:?} {template:?}"
                );
            }
            // Past the largest Mock Turtles coin.
            let max = theory::MAX_MOCK_COIN;
            let line = game.first_invalid(&[Some(1), None], max - 2..=max + 5);
            let expected = (rule == Rule::MockTurtles).then_some(max + 1);
            assert_eq!(line.map(|(n, _)| n), expected);
        }
    }

    #[test]
    fn moves_turn_the_allowed_coins() {
        let g = Coins::new(Rule::TurningTurtles);
        let moves = g.moves(&[3, 5]).unwrap();
        // Coin 3: alone or with 1, 2; coin 5: alone or with 1..4.
        assert_eq!(moves.len(), 3 + 5);
        assert!(moves
            .iter()
            .any(|m| m.to == [5] && m.description == "turn coin 3"));
        assert!(moves
            .iter()
            .any(|m| m.to.is_empty() && m.description == "turn coins 3, 5"));
        assert!(moves
            .iter()
            .any(|m| m.to == [3, 4] && m.description == "turn coins 4, 5"));
        let g = Coins::new(Rule::Ruler);
        let moves = g.moves(&[4]).unwrap();
        assert_eq!(moves.len(), 4);
        assert!(moves.iter().any(|m| m.to == [1, 2, 3]));
        let g = Coins::new(Rule::MockTurtles);
        // Coin 2 with coins 0, 1 below: alone, 2 pairs, 1 triple.
        assert_eq!(g.moves(&[2]).unwrap().len(), 4);
        assert!(g.validate(&[2, 2]).is_err());
        assert!(Coins::new(Rule::Ruler).validate(&[0]).is_err());
    }

    /// Positions below, numbers of their options (the explored form's length plus one) and
    /// moves, by a plain walk over the ruleset's moves.
    fn by_moves(game: &Coins, position: &[u64]) -> (u64, u128, u128) {
        let mut seen = std::collections::HashSet::new();
        let root = game.explored_form(position);
        seen.insert(root.clone());
        let mut todo = vec![root];
        let (mut numbers, mut moves) = (0u128, 0u128);
        while let Some(p) = todo.pop() {
            for m in game.moves(&p).unwrap() {
                let o = game.explored_form(&m.to);
                numbers += o.len() as u128 + 1;
                moves += 1;
                if seen.insert(o.clone()) {
                    todo.push(o);
                }
            }
        }
        (seen.len() as u64, numbers, moves)
    }

    #[test]
    fn the_walk_counts_what_the_moves_reach() {
        for rule in [Rule::TurningTurtles, Rule::MockTurtles, Rule::Ruler] {
            let g = Coins::new(rule);
            let first = rule.first_coin();
            for heads in [
                vec![first],
                vec![first + 7],
                vec![first + 2, first + 6, first + 9],
            ] {
                let all = walk::Budget {
                    numbers: Some(u128::MAX),
                    moves: u128::MAX,
                };
                let w = g.walk_below(&heads, all);
                assert!(w.complete, "{rule:?} {heads:?}");
                assert_eq!(
                    (w.positions, w.numbers, w.moves),
                    by_moves(&g, &heads),
                    "{rule:?} {heads:?}"
                );
                assert_eq!(g.option_numbers_below_at_least(&heads, u64::MAX), w.numbers);
                assert_eq!(g.moves_below_at_least(&heads), w.moves);
                // Stopped at a budget, never more than the whole.
                let cut = g.walk_below(&heads, walk::Budget::numbers(w.numbers / 3));
                assert!(cut.numbers <= w.numbers && cut.positions <= w.positions);
            }
        }
    }

    #[test]
    fn a_box_of_the_last_coins_counts_less_than_the_whole() {
        // The box from `low` sees only the moves inside it: every count stays below the
        // whole game's (the case of a head past coin 127, here on a small row).
        for rule in [Rule::TurningTurtles, Rule::MockTurtles, Rule::Ruler] {
            let g = Coins::new(rule);
            let heads = [2u64, 5, 9];
            let (positions, numbers, moves) = by_moves(&g, &heads);
            let row = Row {
                rule,
                low: 4,
                outside: 1,
            };
            let start = (1u128 << 1) | (1 << 5);
            let w = walk::walk(&row, start, walk::Budget::numbers(u128::MAX));
            assert!(w.complete);
            assert!(
                w.positions < positions && w.numbers < numbers && w.moves < moves,
                "{rule:?}: {w:?} against {positions}, {numbers}, {moves}"
            );
        }
        // A head past 127: the box is the last 128 coins, and the walk stops at its budget.
        let g = Coins::new(Rule::MockTurtles);
        assert!(g.option_numbers_below_at_least(&[3, 1000], 1_000_000) > 1_000_000);
        assert!(g.moves_below_at_least(&[10u64.pow(15)]) > crate::solve::MAX_GRAPH_EDGES as u128);
    }
}
