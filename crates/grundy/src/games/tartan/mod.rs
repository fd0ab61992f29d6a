//! Two-dimensional coin-turning games (Winning Ways ch. 14, "Tartan" games): a grid of coins,
//! some heads. The *product* `A x B` of two coin-turning games in a row: a move picks a move
//! `S` of `A` and a move `T` of `B` and turns over every coin `(x, y)` with `x` in `S` and `y`
//! in `T`; the coin at the largest `x` and `y` must go from heads to tails.
//!
//! The *Tartan theorem* ([`theory`]): the coin at `(x, y)` is worth `a(x) ⊗ b(y)`, the nim
//! product of its values in the two games, and a position the Nim sum of its heads. Turning
//! Corners is Twins x Twins (Twins: turn exactly two coins, numbered from 0, coin `n` worth
//! `n`): a move turns the four corners of a rectangle, and the coin at `(x, y)` is worth
//! `x ⊗ y`. Any position is answered at once; misère play searches the positions.
//!
//! A position lists the heads as `column:row` (`none` for all tails); as numbers it is the flat
//! list `x1,y1,x2,y2,...`, which `seq` and `table` read (`table turning-corners _,_` is the nim
//! multiplication table).

pub mod below;
pub mod spec;
pub mod theory;

use crate::games::coins::{theory as coin_theory, Rule};
use crate::games::nim::product::nim_product;
use crate::ruleset::{check_listing, Arity, Evaluation, Move, Position, Ruleset, Solver};
use crate::{Error, Result};

/// A coin-turning game in a row, a factor of a product.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Factor {
    /// Turn exactly two coins (numbered from 0): coin `n` is worth `n`.
    Twins,
    /// One of the coin games of `games/coins`.
    Coins(Rule),
}

impl Factor {
    /// Every factor, for the claims.
    pub const ALL: [Factor; 4] = [
        Factor::Twins,
        Factor::Coins(Rule::TurningTurtles),
        Factor::Coins(Rule::MockTurtles),
        Factor::Coins(Rule::Ruler),
    ];

    /// Reads a factor by name.
    pub fn parse(text: &str) -> Result<Factor> {
        Factor::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(text))
            .ok_or_else(|| {
                Error::Spec(format!(
                    "'{text}' is not a coin game of a tartan product; known: twins, turning-turtles, mock-turtles, ruler"
                ))
            })
    }

    /// The name in specs.
    pub fn name(self) -> &'static str {
        match self {
            Factor::Twins => "twins",
            Factor::Coins(rule) => rule.name(),
        }
    }

    /// The first coin's number.
    pub fn first(self) -> u64 {
        match self {
            Factor::Twins => 0,
            Factor::Coins(rule) => rule.first_coin(),
        }
    }

    /// The largest coin whose value fits 64 bits.
    pub fn max_coin(self) -> u64 {
        match self {
            Factor::Coins(Rule::MockTurtles) => coin_theory::MAX_MOCK_COIN,
            _ => u64::MAX,
        }
    }

    /// The value of coin `n` alone in the row.
    pub fn value(self, n: u64) -> u64 {
        match self {
            Factor::Twins => n,
            Factor::Coins(rule) => coin_theory::coin_value(rule, n),
        }
    }

    /// The number of moves whose largest coin is `n`.
    pub fn move_count(self, n: u64) -> u128 {
        match self {
            Factor::Twins => u128::from(n - self.first()),
            Factor::Coins(rule) => rule.move_count_from(n, rule.first_coin()),
        }
    }

    /// Every move whose largest coin is `n`, as the coins it turns (increasing).
    pub fn moves(self, n: u64) -> Vec<Vec<u64>> {
        match self {
            Factor::Twins => (self.first()..n).map(|m| vec![m, n]).collect(),
            Factor::Coins(rule) => rule.moves_from(n, rule.first_coin()),
        }
    }
}

/// Receives a move: `S`, `T` and the heads after turning the coins of `S x T`.
type Turned<'a> = dyn FnMut(&[u64], &[u64], &[(u64, u64)]) + 'a;

/// The product `a x b` of two coin-turning games.
#[derive(Debug, Clone, Copy)]
pub struct Tartan {
    a: Factor,
    b: Factor,
}

/// Positions with more moves than this are refused by `moves`.
pub const MAX_LISTED_MOVES: u128 = 1_000_000;

impl Tartan {
    /// The product `a x b`.
    pub fn new(a: Factor, b: Factor) -> Self {
        Tartan { a, b }
    }

    /// The two factors.
    pub fn factors(&self) -> (Factor, Factor) {
        (self.a, self.b)
    }

    fn is_corners(&self) -> bool {
        self.a == Factor::Twins && self.b == Factor::Twins
    }

    /// The heads of a flat position, as sorted pairs.
    fn heads(position: &[u64]) -> Vec<(u64, u64)> {
        let mut heads: Vec<(u64, u64)> = position.chunks(2).map(|p| (p[0], p[1])).collect();
        heads.sort_unstable();
        heads
    }

    fn flat(heads: &[(u64, u64)]) -> Position {
        heads.iter().flat_map(|&(x, y)| [x, y]).collect()
    }

    /// The value of one head.
    pub fn coin_value(&self, x: u64, y: u64) -> u64 {
        nim_product(self.a.value(x), self.b.value(y))
    }

    /// The heads of a position whose moves may be listed (validated; at most
    /// [`MAX_LISTED_MOVES`] moves).
    fn listable(&self, position: &[u64]) -> Result<Vec<(u64, u64)>> {
        self.validate(position)?;
        let heads = Self::heads(position);
        let count = self.count_moves(&heads);
        if count > MAX_LISTED_MOVES {
            return Err(Error::TooLarge(format!(
                "this position has {count} moves, more than the {MAX_LISTED_MOVES} that are listed"
            )));
        }
        check_listing(count, position.len() + 8)?;
        Ok(heads)
    }

    /// Every move of the heads (sorted): `each(S, T, heads after)`, the coins of `S x T`
    /// turned.
    fn each_move(&self, heads: &[(u64, u64)], each: &mut Turned) {
        for &(x, y) in heads {
            let columns = self.a.moves(x);
            let rows = self.b.moves(y);
            for s in &columns {
                for t in &rows {
                    let mut to = heads.to_vec();
                    for &cx in s {
                        for &cy in t {
                            match to.binary_search(&(cx, cy)) {
                                Ok(i) => {
                                    to.remove(i);
                                }
                                Err(i) => to.insert(i, (cx, cy)),
                            }
                        }
                    }
                    each(s, t, &to);
                }
            }
        }
    }

    fn count_moves(&self, heads: &[(u64, u64)]) -> u128 {
        heads.iter().fold(0u128, |acc, &(x, y)| {
            acc.saturating_add(self.a.move_count(x).saturating_mul(self.b.move_count(y)))
        })
    }
}

fn show_coin((x, y): (u64, u64)) -> String {
    format!("{x}:{y}")
}

impl Ruleset for Tartan {
    fn spec(&self) -> String {
        if self.is_corners() {
            "turning-corners".into()
        } else {
            format!("tartan:{}x{}", self.a.name(), self.b.name())
        }
    }

    fn arity(&self) -> Arity {
        Arity::AtLeast(0)
    }

    fn position_hint(&self) -> String {
        format!(
            "the coins showing heads as column:row, columns from {} and rows from {}, like 2:3,5:1 ('none' for all tails)",
            self.a.first(),
            self.b.first()
        )
    }

    fn coordinate_name(&self, index: usize, _count: usize) -> String {
        let head = index / 2 + 1;
        match index % 2 {
            0 => format!("column of head {head}"),
            _ => format!("row of head {head}"),
        }
    }

    fn min_coordinate(&self, index: usize) -> u64 {
        match index % 2 {
            0 => self.a.first(),
            _ => self.b.first(),
        }
    }

    fn validate(&self, position: &[u64]) -> Result<()> {
        if position.len() % 2 == 1 {
            return Err(Error::Position(format!(
                "{} numbers: a position is a list of heads column:row (as numbers, pairs x,y)",
                position.len()
            )));
        }
        for (x, y) in Self::heads(position) {
            for (c, factor, what) in [(x, self.a, "column"), (y, self.b, "row")] {
                if c < factor.first() {
                    return Err(Error::Position(format!(
                        "coin {}: the {what}s of {} are numbered from {}",
                        show_coin((x, y)),
                        self.spec(),
                        factor.first()
                    )));
                }
                if c > factor.max_coin() {
                    return Err(Error::Overflow(format!(
                        "coin {}: a Mock Turtles coin is worth 2n or 2n + 1, which fits 64 bits only for n <= {}",
                        show_coin((x, y)),
                        factor.max_coin()
                    )));
                }
            }
        }
        let heads = Self::heads(position);
        if let Some(w) = heads.windows(2).find(|w| w[0] == w[1]) {
            return Err(Error::Position(format!(
                "coin {} is listed twice (a position lists the coins showing heads)",
                show_coin(w[0])
            )));
        }
        Ok(())
    }

    /// `column:row` pairs joined by commas, or the flat list of numbers, or `none`.
    fn parse_position(&self, text: &str) -> Result<Position> {
        let text = text.trim();
        if text == "none" || text.is_empty() {
            return Ok(Vec::new());
        }
        if !text.contains(':') {
            return crate::number::parse_position(text);
        }
        let mut out = Vec::new();
        for part in text.split(',') {
            let (x, y) = part.split_once(':').ok_or_else(|| {
                Error::Position(format!(
                    "'{part}' is not a coin column:row (write every head so, like 2:3,5:1)"
                ))
            })?;
            out.push(crate::number::parse_u64(x.trim())?);
            out.push(crate::number::parse_u64(y.trim())?);
        }
        Ok(out)
    }

    fn show_position(&self, position: &[u64]) -> String {
        match position {
            [] => "none".into(),
            _ => position
                .chunks(2)
                .map(|p| match p {
                    [x, y] => show_coin((*x, *y)),
                    [x] => x.to_string(),
                    _ => String::new(),
                })
                .collect::<Vec<_>>()
                .join(","),
        }
    }

    /// The heads sorted.
    fn canonical(&self, position: &[u64]) -> Position {
        Self::flat(&Self::heads(position))
    }

    fn explored_form(&self, position: &[u64]) -> Position {
        self.canonical(position)
    }

    /// The positions the moves reach, heads sorted, without the moves' descriptions (what
    /// the misère search by the definition lists millions of times).
    fn options(&self, position: &[u64]) -> Result<Vec<Position>> {
        let heads = self.listable(position)?;
        let mut options = Vec::new();
        self.each_move(&heads, &mut |_, _, to| options.push(Self::flat(to)));
        Ok(options)
    }

    /// The options, already in the explored form (heads sorted).
    fn explored_options(&self, position: &[u64]) -> Result<Vec<Position>> {
        self.options(position)
    }

    fn moves(&self, position: &[u64]) -> Result<Vec<Move>> {
        let heads = self.listable(position)?;
        let mut moves = Vec::new();
        self.each_move(&heads, &mut |s, t, to| {
            let turned: Vec<String> = s
                .iter()
                .flat_map(|&cx| t.iter().map(move |&cy| show_coin((cx, cy))))
                .collect();
            moves.push(Move {
                to: Self::flat(to),
                description: match turned.len() {
                    1 => format!("turn coin {}", turned[0]),
                    _ => format!("turn coins {}", turned.join(", ")),
                },
            });
        });
        Ok(moves)
    }

    /// Every position below is a set of coins in the box up to the last column and row of a
    /// head: at most `2^(columns x rows)`.
    fn reachable_at_most(&self, position: &[u64]) -> Option<u128> {
        let heads = Self::heads(position);
        let columns = heads
            .iter()
            .map(|&(x, _)| x - self.a.first() + 1)
            .max()
            .unwrap_or(0);
        let rows = heads
            .iter()
            .map(|&(_, y)| y - self.b.first() + 1)
            .max()
            .unwrap_or(0);
        Some(match columns.checked_mul(rows) {
            Some(coins) if coins < 127 => 1u128 << coins,
            _ => u128::MAX,
        })
    }

    /// The position and the chains of moves of [`below`] that carry a head along its row or
    /// column.
    fn reachable_at_least(&self, position: &[u64]) -> u128 {
        below::chain_positions(self, &Self::heads(position)).saturating_add(1)
    }

    /// Counted exactly in a box of at most 128 coins (until past `budget`), else from the
    /// chains of [`below`] (each position below listed at least once, as one number or more).
    fn option_numbers_below_at_least(&self, position: &[u64], budget: u64) -> u128 {
        let heads = Self::heads(position);
        match below::box_work(self, &heads, u128::from(budget)) {
            Some(walk) => walk.numbers,
            None => below::chain_positions(self, &heads),
        }
    }

    /// `seq` without a position runs along the first row of one head.
    fn default_template(&self) -> Option<Vec<Option<u64>>> {
        Some(vec![None, Some(self.b.first() + 1)])
    }

    fn solver(&self) -> Option<Box<dyn Solver + '_>> {
        Some(Box::new(TartanSolver { game: *self }))
    }
}

/// Values by the Tartan theorem.
struct TartanSolver {
    game: Tartan,
}

impl Solver for TartanSolver {
    fn value(&mut self, position: &[u64]) -> Result<u64> {
        Ok(position
            .chunks(2)
            .fold(0, |v, p| v ^ self.game.coin_value(p[0], p[1])))
    }

    fn evaluate(&mut self, position: &[u64]) -> Result<Evaluation> {
        Ok(Evaluation {
            value: self.value(position)?,
            method: if self.game.is_corners() {
                "Tartan theorem: the coin at (x, y) is worth the nim product x ⊗ y, a position the Nim sum of its heads (Turning Corners, Winning Ways ch. 14)".into()
            } else {
                format!(
                    "Tartan theorem: the coin at (x, y) is worth {}(x) ⊗ {}(y), the nim product of its values in the two games, a position the Nim sum of its heads (Winning Ways ch. 14)",
                    self.game.a.name(),
                    self.game.b.name()
                )
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn corners_moves_turn_rectangles() {
        let g = Tartan::new(Factor::Twins, Factor::Twins);
        let moves = g.moves(&[2, 1]).unwrap();
        // Columns 0 or 1 with row 0: two rectangles.
        assert_eq!(moves.len(), 2);
        assert_eq!(moves[0].description, "turn coins 0:0, 0:1, 2:0, 2:1");
        let mut to = moves[0].to.clone();
        to.sort_unstable();
        assert_eq!(g.canonical(&moves[0].to), [0, 0, 0, 1, 2, 0]);
        // A head on row 0 or column 0 has no move: it is worth 0.
        assert!(g.moves(&[0, 5, 5, 0]).unwrap().is_empty());
        assert_eq!(g.parse_position("2:3,5:1").unwrap(), [2, 3, 5, 1]);
        assert_eq!(g.show_position(&[2, 3, 5, 1]), "2:3,5:1");
        assert!(g.validate(&[1, 1, 1, 1]).is_err());
        assert!(g.validate(&[1]).is_err());
    }

    #[test]
    fn corners_values_are_conways_products() {
        // Winning Ways ch. 14: 2 ⊗ 2 = 3, 2 ⊗ 3 = 1, 3 ⊗ 3 = 2, 4 ⊗ 4 = 6.
        let g = Tartan::new(Factor::Twins, Factor::Twins);
        for (x, y, v) in [
            (2, 2, 3),
            (2, 3, 1),
            (3, 3, 2),
            (4, 4, 6),
            (1, 7, 7),
            (0, 9, 0),
        ] {
            assert_eq!(g.coin_value(x, y), v, "{x}:{y}");
        }
    }

    proptest! {
        #[test]
        fn listed_moves_agree_with_the_definition(
            a in 0usize..4, b in 0usize..4, bits in 0u32..1 << 12,
        ) {
            // The moves of the ruleset reach the same values as the brute force's.
            let (fa, fb) = (Factor::ALL[a], Factor::ALL[b]);
            let g = Tartan::new(fa, fb);
            let values = theory::by_definition(fa, fb, 4, 3);
            let heads: Vec<u64> = (0..12u64).filter(|k| bits >> k & 1 == 1)
                .flat_map(|k| [fa.first() + k / 3, fb.first() + k % 3]).collect();
            let index = |p: &[u64]| p.chunks(2)
                .map(|c| 1usize << ((c[0] - fa.first()) * 3 + c[1] - fb.first()))
                .sum::<usize>();
            let options: Vec<u64> = g.moves(&heads).unwrap().iter()
                .map(|m| values[index(&m.to)]).collect();
            prop_assert_eq!(crate::solve::mex(options), values[bits as usize]);
            let mut solver = TartanSolver { game: g };
            prop_assert_eq!(solver.value(&heads).unwrap(), values[bits as usize]);
        }
    }
}
