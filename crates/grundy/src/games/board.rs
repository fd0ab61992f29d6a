//! What the board and graph families (Cram, Chomp, Node-Kayles, Arc-Kayles) share: their
//! [`Solver`], which hands a position's parts to the board search
//! ([`crate::solve::search`]), and small helpers on bit sets and sizes.

use crate::game::Outcome;
use crate::ruleset::{Evaluation, OutcomeEvaluation};
use crate::solve::search::{Search, Splittable};
use crate::{Error, Result, Ruleset, Solver};

/// What a theorem says of a position before any search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Theorem {
    /// Its value, and why.
    Value(u64, &'static str),
    /// A value it does not have (the position is one part), and why.
    Not(u64, &'static str),
}

/// A ruleset whose positions the board search values.
pub trait Board: Ruleset {
    /// The game of parts the search runs on.
    type Game: Splittable;

    /// That game.
    fn game(&self) -> &Self::Game;

    /// The parts of a (validated) position.
    fn parts(&self, position: &[u64]) -> Vec<<Self::Game as Splittable>::Part>;

    /// What the parts are called in the method line (`region`, `piece`, `diagram`).
    fn part_name(&self) -> &'static str;

    /// The name of the table in a checkpoint: rulesets with the same parts share it (every
    /// Cram board), others do not (a graph's pieces are vertex sets of that graph).
    fn identity(&self) -> String;

    /// What a theorem says of `position`, if anything.
    fn theorem(&self, _position: &[u64]) -> Option<Theorem> {
        None
    }
}

/// The parts of a board's positions.
type PartOf<B> = <<B as Board>::Game as Splittable>::Part;

/// Values by the board search, one table for every question asked of the solver. The search
/// runs on the board's game or on another game of the same parts (a Cram board of few cells
/// keys its regions by one word: [`crate::games::cram::WordRegions`]).
pub struct BoardSolver<'a, B: Board, G: Splittable<Part = PartOf<B>> = <B as Board>::Game> {
    board: &'a B,
    game: &'a G,
    search: Option<Search<'a, G>>,
}

impl<'a, B: Board> BoardSolver<'a, B> {
    /// The solver of `board`; its table is made (or loaded) at the first question.
    pub fn new(board: &'a B) -> Self {
        BoardSolver::with_game(board, board.game())
    }
}

/// What a board solver knows of a position before any search: its value (a theorem, an
/// endgame table), or the parts to search and what a theorem said of them.
enum Before<P> {
    Known(Evaluation),
    Search { parts: Vec<P>, because: String },
}

impl<'a, B: Board, G: Splittable<Part = PartOf<B>>> BoardSolver<'a, B, G> {
    /// The solver of `board` searching `game`.
    pub fn with_game(board: &'a B, game: &'a G) -> Self {
        BoardSolver {
            board,
            game,
            search: None,
        }
    }

    fn search(&mut self) -> Result<&mut Search<'a, G>> {
        if self.search.is_none() {
            self.search = Some(Search::new(self.game, &self.board.identity())?);
        }
        Ok(self.search.as_mut().expect("just made"))
    }

    /// The value where a theorem or the game's endgame table gives it; otherwise the parts
    /// to search, a theorem's "not k" recorded in the table first.
    fn before(&mut self, position: &[u64]) -> Result<Before<PartOf<B>>> {
        self.board.validate(position)?;
        let parts = self.board.parts(position);
        let theorem = self.board.theorem(position);
        if let Some(Theorem::Value(value, why)) = theorem {
            return Ok(Before::Known(Evaluation {
                value,
                method: format!("theorem: {why}"),
            }));
        }
        let game = self.game;
        if let Some(table) = game.exact_method() {
            let known: Option<Vec<u64>> = parts.iter().map(|p| game.exact(p)).collect();
            if let Some(values) = known {
                return Ok(Before::Known(Evaluation {
                    value: values.iter().fold(0, |x, v| x ^ v),
                    method: format!(
                        "endgame table: {} {}(s) valued apart (XOR), {table}",
                        parts.len(),
                        self.board.part_name()
                    ),
                }));
            }
        }
        let mut because = String::new();
        match theorem {
            Some(Theorem::Not(k, why)) if parts.len() == 1 => {
                self.search()?.assume_not(&parts[0], k);
                because = format!("; not {k} by a theorem: {why}");
            }
            _ => {}
        }
        Ok(Before::Search { parts, because })
    }

    /// The method line of a search of `parts` that asked `how`.
    fn method(&self, parts: &[PartOf<B>], how: &str, because: &str) -> String {
        format!(
            "board search: {} {}(s) valued apart (XOR), {how}, with a transposition table{}{}{because}",
            parts.len(),
            self.board.part_name(),
            self.game.exact_method().map_or(String::new(), |t| format!("; {t}")),
            self.game.fact_method().map_or(String::new(), |t| format!("; {t}")),
        )
    }
}

impl<B: Board, G: Splittable<Part = PartOf<B>>> Solver for BoardSolver<'_, B, G> {
    fn value(&mut self, position: &[u64]) -> Result<u64> {
        Ok(self.evaluate(position)?.value)
    }

    fn evaluate(&mut self, position: &[u64]) -> Result<Evaluation> {
        let (parts, because) = match self.before(position)? {
            Before::Known(evaluation) => return Ok(evaluation),
            Before::Search { parts, because } => (parts, because),
        };
        let value = self.search()?.value(&parts)?;
        let how = if self.game.values_whole() {
            "each position valued as the mex of its options"
        } else {
            "set searches with pruning (is the value in S?, S = {k} for k = 0, 1, ...)"
        };
        Ok(Evaluation {
            value,
            method: self.method(&parts, how, &because),
        })
    }

    /// Only "is the value 0?": one search of `G + *0`, all but the largest part valued first
    /// (their XOR is the value the largest must have for a P-position).
    fn outcome_alone(&mut self, position: &[u64]) -> Result<OutcomeEvaluation> {
        let (parts, because) = match self.before(position)? {
            Before::Known(e) => {
                return Ok(OutcomeEvaluation {
                    value: Some(e.value),
                    outcome: Outcome::of(e.value),
                    infinite: None,
                    method: e.method,
                })
            }
            Before::Search { parts, because } => (parts, because),
        };
        let zero = self.search()?.value_is(&parts, 0)?;
        let how = "the outcome alone (is the value 0?, the search of G + *0)";
        Ok(OutcomeEvaluation {
            value: None,
            outcome: if zero { Outcome::P } else { Outcome::N },
            infinite: None,
            method: self.method(&parts, how, &because),
        })
    }
}

/// A set of at most 128 items written as a comma list, as a bit set: `{...}` around it is
/// allowed, `none` or nothing is the empty set, and `bit` gives each word's bit (or why it is
/// not an item). An item listed twice is refused: a set lists each once, and `0,0,1` is a
/// typo rather than `0,1` said differently (issue 50).
pub fn parse_bit_set(text: &str, what: &str, bit: impl Fn(&str) -> Result<u32>) -> Result<u128> {
    let text = text
        .trim()
        .trim_start_matches('{')
        .trim_end_matches('}')
        .trim();
    let mut set = 0u128;
    if text == "none" || text.is_empty() {
        return Ok(set);
    }
    for word in text.split(',').map(str::trim) {
        let b = bit(word)?;
        if set >> b & 1 == 1 {
            return Err(Error::Position(format!(
                "'{word}' is listed twice: a position lists each {what} once"
            )));
        }
        set |= 1u128 << b;
    }
    Ok(set)
}

/// How a move of a game on a set of cells (a board's empty cells, a graph's vertices) removes
/// cells: two adjacent ones (Cram, Arc-Kayles), or one with its neighbours (Node-Kayles).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Removal {
    /// A move removes two adjacent cells.
    Pairs,
    /// A move removes a cell and every neighbour still there.
    Neighbourhoods,
}

/// What lies below a position, at least ([`below_at_least`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Below {
    /// Positions reachable (the position itself included).
    pub positions: u128,
    /// Moves of those positions, in all.
    pub moves: u128,
}

/// The most cells of one window of [`below_at_least`] (its positions are walked whole: at
/// most 2^16 of them, a few milliseconds).
pub const WINDOW_CELLS: usize = 16;

/// Lower bounds on the positions reachable from the cells `present` of a game whose moves
/// remove cells as `removal` says (`adjacent[c]`: the neighbours of cell `c`), and on their
/// moves, counted before any search.
///
/// The present cells are cut into windows of at most [`WINDOW_CELLS`], in the order `order`
/// (cells not present are skipped). In a window only the moves that read and remove cells
/// of that window alone are played: a pair inside it, or a cell whose present neighbours all
/// lie inside it (whatever is removed elsewhere, its move then removes the same cells). So
/// moves in different windows commute and never touch each other's cells, every choice of one
/// position reached in each window is a position reached from `present`, and different
/// choices are different sets of cells. With `c_w` positions in window `w` and `o_w` moves
/// among them, the choices number `prod c_w`, and each of their positions has at least the
/// moves of its windows: `sum_w o_w prod_{v != w} c_v` moves in all. Saturating.
pub fn below_at_least(present: u128, adjacent: &[u128], removal: Removal, order: &[u32]) -> Below {
    let cells: Vec<u32> = order
        .iter()
        .copied()
        .filter(|&c| present >> c & 1 == 1)
        .collect();
    let mut below = Below {
        positions: 1,
        moves: 0,
    };
    for window in cells.chunks(WINDOW_CELLS) {
        let (count, moves) = window_walk(window, present, adjacent, removal);
        below.moves = below
            .moves
            .saturating_mul(count)
            .saturating_add(moves.saturating_mul(below.positions));
        below.positions = below.positions.saturating_mul(count);
    }
    below
}

/// The positions of one window reached by its own moves from all its cells, and their moves.
fn window_walk(window: &[u32], present: u128, adjacent: &[u128], removal: Removal) -> (u128, u128) {
    let mask = window.iter().fold(0u128, |m, &c| m | 1u128 << c);
    // Cell `window[i]` is bit `i` of a state.
    let local = |set: u128| -> u32 {
        window
            .iter()
            .enumerate()
            .filter(|&(_, &c)| set >> c & 1 == 1)
            .fold(0u32, |m, (i, _)| m | 1 << i)
    };
    // Each move as (cells it needs, cells it removes).
    let mut moves: Vec<(u32, u32)> = Vec::new();
    for &c in window {
        let near = adjacent[c as usize] & present;
        match removal {
            Removal::Pairs => for_each_bit(near & mask & !(u128::MAX >> (127 - c)), |d| {
                let pair = local(1u128 << c | 1u128 << d);
                moves.push((pair, pair));
            }),
            Removal::Neighbourhoods if near & !mask == 0 => {
                moves.push((local(1u128 << c), local(near | 1u128 << c)));
            }
            Removal::Neighbourhoods => {}
        }
    }
    let full = (1u32 << window.len()) - 1;
    let mut seen = vec![0u64; (1usize << window.len()).div_ceil(64)];
    seen[full as usize / 64] |= 1 << (full % 64);
    let mut todo = vec![full];
    let (mut count, mut listed) = (1u128, 0u128);
    while let Some(state) = todo.pop() {
        for &(needs, removes) in &moves {
            if state & needs == needs {
                listed += 1;
                let next = state & !removes;
                let (word, bit) = (next as usize / 64, next % 64);
                if seen[word] >> bit & 1 == 0 {
                    seen[word] |= 1 << bit;
                    count += 1;
                    todo.push(next);
                }
            }
        }
    }
    (count, listed)
}

/// Calls `f` with the index of every set bit, lowest first.
pub fn for_each_bit(mut bits: u128, mut f: impl FnMut(u32)) {
    while bits != 0 {
        f(bits.trailing_zeros());
        bits &= bits - 1;
    }
}

/// Removes pairs of equal parts from `parts[start..]` (a game plus itself is 0).
#[inline(always)]
pub fn cancel_pairs<P: Ord + Copy>(parts: &mut Vec<P>, start: usize) {
    match parts.len() - start {
        0 | 1 => return,
        2 => {
            // The common case, without a sort.
            if parts[start] == parts[start + 1] {
                parts.truncate(start);
            }
            return;
        }
        _ => parts[start..].sort_unstable(),
    }
    let mut kept = start;
    let mut i = start;
    while i < parts.len() {
        if i + 1 < parts.len() && parts[i] == parts[i + 1] {
            i += 2;
        } else {
            parts[kept] = parts[i];
            kept += 1;
            i += 1;
        }
    }
    parts.truncate(kept);
}

/// `RxC`, e.g. `4x5`: rows and columns, each at least 1.
pub fn parse_size(text: &str) -> Result<(u32, u32)> {
    let bad = || Error::Spec(format!("'{text}' is not a board size RxC, like 4x5"));
    let (r, c) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let number = |s: &str| {
        crate::number::parse_u64(s)
            .ok()
            .and_then(|n| u32::try_from(n).ok())
            .filter(|n| *n >= 1)
            .ok_or_else(bad)
    };
    Ok((number(r)?, number(c)?))
}

/// The positions below a position (itself included) and their moves, by a plain walk over
/// the ruleset's moves: what [`below_at_least`] bounds, for the families' tests.
#[cfg(test)]
pub(crate) fn walked_below(game: &dyn Ruleset, position: &[u64]) -> (u128, u128) {
    let mut seen = std::collections::HashSet::from([position.to_vec()]);
    let mut todo = vec![position.to_vec()];
    let mut moves = 0u128;
    while let Some(p) = todo.pop() {
        for m in game.moves(&p).unwrap() {
            moves += 1;
            if seen.insert(m.to.clone()) {
                todo.push(m.to);
            }
        }
    }
    (seen.len() as u128, moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_cancel_and_sizes_parse() {
        let mut parts = vec![9, 3, 5, 3, 5, 5];
        cancel_pairs(&mut parts, 1);
        assert_eq!(parts, vec![9, 5]);
        assert_eq!(parse_size("4x5").unwrap(), (4, 5));
        for bad in ["4", "0x3", "x3", "4x-1"] {
            assert!(parse_size(bad).is_err(), "{bad}");
        }
        let mut bits = Vec::new();
        for_each_bit(0b1010_0001, |i| bits.push(i));
        assert_eq!(bits, vec![0, 5, 7]);
    }

    /// `outcome_alone` (one search of `G + *0`) against the outcome of the value, each from a
    /// fresh solver: boards, graphs and Sprouts, positions of several parts included.
    #[test]
    fn the_outcome_alone_is_the_outcome_of_the_value() {
        let cases: &[(&str, &[&str])] = &[
            ("cram:1x1", &[]),
            ("cram:2x3", &[]),
            ("cram:3x3", &[]),
            ("cram:3x4", &[]),
            ("cram:3x5", &[]),
            ("cram:4x4", &[]),
            ("chomp:3x4", &[]),
            ("node-kayles:graph=path:7", &[]),
            ("node-kayles:graph=cycle:9", &[]),
            ("node-kayles:graph=petersen", &[]),
            (
                "sprouts",
                &[
                    "1",
                    "2",
                    "3",
                    "4",
                    "5",
                    "6",
                    "0.0.}]0.}]!",
                    "0.AB.}AB.}]!",
                    "0.}]0.}]0.0.0.}]!",
                ],
            ),
        ];
        for (spec, positions) in cases {
            let game = crate::spec::parse_game(spec).unwrap();
            let positions: Vec<Vec<u64>> = match positions.is_empty() {
                true => vec![game.start().unwrap()],
                false => positions
                    .iter()
                    .map(|p| game.parse_position(p).unwrap())
                    .collect(),
            };
            for position in positions {
                let value = game.solver().unwrap().value(&position).unwrap();
                let alone = game.solver().unwrap().outcome_alone(&position).unwrap();
                assert_eq!(alone.outcome, Outcome::of(value), "{spec} {position:?}");
                assert!(
                    alone.value.is_none_or(|v| v == value),
                    "{spec} {position:?}"
                );
            }
        }
    }

    /// Issue 50, item 17: `0,0,1` read as `0,1`.
    #[test]
    fn a_set_lists_each_item_once() {
        let digit = |w: &str| {
            w.parse::<u32>()
                .map_err(|_| Error::Position(format!("'{w}'?")))
        };
        assert_eq!(parse_bit_set("{0, 2}", "item", digit).unwrap(), 0b101);
        assert_eq!(parse_bit_set(" none ", "item", digit).unwrap(), 0);
        assert_eq!(parse_bit_set("", "item", digit).unwrap(), 0);
        let twice = parse_bit_set("0,0,1", "item", digit)
            .unwrap_err()
            .to_string();
        assert!(twice.contains("'0' is listed twice"), "{twice}");
        assert!(parse_bit_set("0,x", "item", digit).is_err());
    }
}
