//! Chomp (Gale 1974; Winning Ways ch. 18 as "the poisoned chocolate bar"): a move takes a
//! square of the bar and every square above and to the right of it; the poisoned square, the
//! bottom-left one, is never taken, so a player left with it alone cannot move and loses.
//!
//! A position is the heights of the columns from left to right, non-increasing, the first at
//! least 1 (the poisoned square): `4,4,3,1`. Where every diagram of the position's box fits a
//! table of two bytes each ([`dense`]), they are all valued in an order where options come
//! first, each option found by arithmetic on ranks. Otherwise (and with `--checkpoint`) its
//! value is found by the board search ([`crate::solve::search`]) valuing each position whole,
//! as the mex of its options (Chomp's values are large, 28 on 6x7, so searches of `G + *k`
//! for each `k` would repeat the same work); Chomp does not split, so a part is the whole position, stored as
//! the boundary of its Young diagram and identified with its mirror image in the diagonal
//! through the poisoned square (rows and columns swapped), which is the same game. A position of
//! `s` squares ends within `s - 1` moves, so its value is at most `s - 1`.
//!
//! Theorems ([`theory`]): a rectangle other than `1 x 1` is won by the first player (Gale's
//! strategy-stealing argument); an "L" (one row and one column through the poisoned square) is
//! two Nim heaps.

pub mod dense;
pub mod spec;
pub mod theory;

use crate::game::Convention;
use crate::games::board::{Board, BoardSolver, Theorem};
use crate::ruleset::{Arity, Evaluation, Move, Position};
use crate::solve::search::{current_settings, Splittable};
use crate::{Error, Result, Ruleset, Solver};
use dense::Dense;

/// The most rows plus columns of a position: its boundary, one bit a step, fits a `u128`.
pub const MAX_ROWS_PLUS_COLUMNS: u64 = 126;

/// A Young diagram as the steps of its boundary, with a leading 1 (so its length is known):
/// from the top of the first column, a 0 a step down and a 1 a step to the next column, then
/// down to the floor.
pub type Diagram = u128;

/// The boundary of the diagram with column heights `heights` (non-increasing, positive).
pub fn encode(heights: &[u32]) -> Diagram {
    encode_heights(heights.iter().copied())
}

/// [`encode`] of heights given one by one.
fn encode_heights(heights: impl IntoIterator<Item = u32>) -> Diagram {
    let mut key: u128 = 1;
    let mut current = None;
    for h in heights {
        let down = current.map_or(0, |c: u32| c - h);
        key = (key << down) << 1 | 1;
        current = Some(h);
    }
    key << current.unwrap_or(0)
}

/// The boundary of the mirror image in the diagonal: the same steps read backwards, a step
/// down becoming a step to the next column and the other way round.
pub fn transposed(key: Diagram) -> Diagram {
    let len = 127 - key.leading_zeros();
    let steps = !key & ((1u128 << len) - 1);
    let reversed = match len {
        0 => 0,
        _ => steps.reverse_bits() >> (128 - len),
    };
    1u128 << len | reversed
}

/// The column heights of a diagram (the inverse of [`encode`]).
pub fn decode(key: Diagram, heights: &mut Vec<u32>) {
    heights.clear();
    let len = 127 - key.leading_zeros();
    let steps = key & ((1u128 << len) - 1);
    let mut current = len - steps.count_ones();
    for i in (0..len).rev() {
        if steps >> i & 1 == 1 {
            heights.push(current);
        } else {
            current -= 1;
        }
    }
}

/// The heights of the mirror image in the diagonal: row lengths become column heights.
pub fn transpose(heights: &[u32]) -> Vec<u32> {
    let top = heights.first().copied().unwrap_or(0);
    (0..top)
        .map(|row| heights.iter().take_while(|&&h| h > row).count() as u32)
        .collect()
}

/// The canonical form: the lesser of a diagram and its mirror image.
pub fn canonical(heights: &[u32]) -> Diagram {
    let key = encode(heights);
    key.min(transposed(key))
}

/// Chomp positions as a [`Splittable`] game of one part each.
#[derive(Debug, Clone, Copy, Default)]
pub struct Diagrams;

impl Splittable for Diagrams {
    type Part = Diagram;

    /// The table keeps the part itself.
    type Key = Diagram;

    fn key(&self, part: &Diagram) -> Diagram {
        *part
    }

    fn part_of(&self, key: &Diagram) -> Diagram {
        *key
    }

    /// The diagram a move leaves (canonical).
    type Move = Diagram;

    fn play(&self, _: &Diagram, next: Diagram, out: &mut Vec<Diagram>) -> Result<()> {
        out.push(next);
        Ok(())
    }

    fn moves(&self, part: &Diagram, out: &mut Vec<Diagram>) -> Result<()> {
        let mut heights = Vec::new();
        decode(*part, &mut heights);
        for column in 0..heights.len() {
            for row in 0..heights[column] {
                if column == 0 && row == 0 {
                    continue;
                }
                let key = encode_heights(
                    heights
                        .iter()
                        .enumerate()
                        .map(|(k, &h)| if k >= column { h.min(row) } else { h })
                        .filter(|&h| h > 0),
                );
                out.push(key.min(transposed(key)));
            }
        }
        Ok(())
    }

    fn bound(&self, part: &Diagram) -> u64 {
        let mut heights = Vec::new();
        decode(*part, &mut heights);
        heights
            .iter()
            .map(|&h| u64::from(h))
            .sum::<u64>()
            .saturating_sub(1)
    }

    fn write_part(part: &Diagram, out: &mut Vec<u8>) {
        out.extend_from_slice(&part.to_le_bytes());
    }

    fn read_part(bytes: &[u8]) -> Option<Diagram> {
        let key = u128::from_le_bytes(bytes.try_into().ok()?);
        // A diagram has its marker bit, at least one column, and a first column of height >= 1.
        let mut heights = Vec::new();
        (key > 1 && u64::from(127 - key.leading_zeros()) <= MAX_ROWS_PLUS_COLUMNS)
            .then(|| decode(key, &mut heights))
            .filter(|_| heights.first().is_some_and(|&h| h >= 1))
            .map(|_| key)
    }

    const PART_BYTES: usize = 16;

    fn values_whole(&self) -> bool {
        // Chomp never splits and its values grow with the bar (28 on 6x7): each position is
        // valued once, as the mex of its options.
        true
    }
}

/// Chomp inside an `R x C` rectangle, starting from the full rectangle.
#[derive(Debug, Clone)]
pub struct Chomp {
    rows: u32,
    cols: u32,
}

impl Chomp {
    /// Chomp on `rows x cols` (rows + columns at most [`MAX_ROWS_PLUS_COLUMNS`]).
    pub fn new(rows: u32, cols: u32) -> Result<Self> {
        if rows == 0 || cols == 0 || u64::from(rows) + u64::from(cols) > MAX_ROWS_PLUS_COLUMNS {
            return Err(Error::TooLarge(format!(
                "a Chomp bar has at least one row and column and at most {MAX_ROWS_PLUS_COLUMNS} rows plus columns (its boundary is one bit a step in the board search); {rows}x{cols} is refused"
            )));
        }
        Ok(Chomp { rows, cols })
    }

    /// The diagram of a (validated) position.
    pub fn diagram(position: &[u64]) -> Diagram {
        let heights: Vec<u32> = position
            .iter()
            .map(|&h| h as u32)
            .filter(|&h| h > 0)
            .collect();
        canonical(&heights)
    }
}

impl Ruleset for Chomp {
    fn spec(&self) -> String {
        format!("chomp:{}x{}", self.rows, self.cols)
    }

    fn arity(&self) -> Arity {
        Arity::Exactly(self.cols as usize)
    }

    fn position_hint(&self) -> String {
        format!(
            "{} column heights, non-increasing, each at most {}, the first at least 1 (the poisoned square), like {}",
            self.cols,
            self.rows,
            vec![self.rows.to_string(); self.cols as usize].join(",")
        )
    }

    fn coordinate_name(&self, index: usize, _count: usize) -> String {
        format!("column {}", index + 1)
    }

    fn validate(&self, position: &[u64]) -> Result<()> {
        crate::ruleset::check_arity_of(self, position)?;
        if position[0] == 0 {
            return Err(Error::Position(
                "the first column holds the poisoned square: its height is at least 1".into(),
            ));
        }
        if let Some(&h) = position.iter().find(|&&h| h > u64::from(self.rows)) {
            return Err(Error::Position(format!(
                "a column of height {h} does not fit the {} rows",
                self.rows
            )));
        }
        if position.windows(2).any(|w| w[1] > w[0]) {
            return Err(Error::Position(
                "column heights must not increase from left to right".into(),
            ));
        }
        Ok(())
    }

    fn parse_position(&self, text: &str) -> Result<Position> {
        // Trailing empty columns may be left out: 2,1 in chomp:3x4 is 2,1,0,0.
        let mut position = crate::family::parse_position(text)?;
        if position.len() < self.cols as usize {
            position.resize(self.cols as usize, 0);
        }
        Ok(position)
    }

    fn start(&self) -> Option<Position> {
        Some(vec![u64::from(self.rows); self.cols as usize])
    }

    fn moves(&self, position: &[u64]) -> Result<Vec<Move>> {
        self.validate(position)?;
        let mut moves = Vec::new();
        for (column, &height) in position.iter().enumerate() {
            for row in 0..height {
                if column == 0 && row == 0 {
                    continue;
                }
                let to: Position = position
                    .iter()
                    .enumerate()
                    .map(|(k, &h)| if k >= column { h.min(row) } else { h })
                    .collect();
                moves.push(Move {
                    to,
                    description: format!(
                        "bite at column {}, row {} (and every square above and to the right)",
                        column + 1,
                        row + 1
                    ),
                });
            }
        }
        Ok(moves)
    }

    fn uses_board_search(&self) -> bool {
        true
    }

    fn solver(&self) -> Option<Box<dyn Solver + '_>> {
        Some(Box::new(ChompSolver {
            chomp: self,
            dense: None,
            convention: Convention::Normal,
            search: BoardSolver::new(self),
        }))
    }

    /// The dense table with misère play's base case (the board search is for normal play).
    fn misere_solver(&self) -> Option<Box<dyn Solver + '_>> {
        Some(Box::new(ChompSolver {
            chomp: self,
            dense: None,
            convention: Convention::Misere,
            search: BoardSolver::new(self),
        }))
    }
}

/// Misère Chomp beyond the dense table: refused, naming the bound.
fn misere_refusal(rows: u32, cols: u32, memory: u64) -> Error {
    let count = dense::diagrams(rows, cols).map_or("more than 2^64".into(), |n| n.to_string());
    Error::TooLarge(format!(
        "misère Chomp is valued by the dense table alone, which holds at most {} diagrams (MOST_DIAGRAMS, two bytes each within --memory {memory} bytes); the {rows}x{cols} box has {count}",
        dense::MOST_DIAGRAMS
    ))
}

/// Values from a dense table of the position's box where it fits ([`dense`]), otherwise by the
/// board search (normal play only: misère values come from the table alone).
struct ChompSolver<'a> {
    chomp: &'a Chomp,
    dense: Option<Dense>,
    convention: Convention,
    search: BoardSolver<'a, Chomp>,
}

impl ChompSolver<'_> {
    /// The dense table holding `position`, made (for the box of it and of the table so far) if
    /// it fits the memory bound and no checkpoint is asked for (under misère play, whatever
    /// the checkpoint: the search does not apply); `None`: use the search. Under misère play
    /// a box that does not fit is refused, naming the bound.
    fn dense_for(&mut self, position: &[u64]) -> Result<Option<&Dense>> {
        if !self.dense.as_ref().is_some_and(|d| d.holds(position)) {
            let (old_rows, old_cols) = self.dense.as_ref().map_or((0, 0), Dense::size);
            let rows = old_rows.max(position[0] as u32);
            let cols = old_cols.max(position.iter().filter(|&&h| h > 0).count() as u32);
            let settings = current_settings();
            let fits = dense::diagrams(rows, cols).is_some_and(|n| {
                n <= dense::MOST_DIAGRAMS && n.saturating_mul(2) <= settings.memory
            });
            let misere = self.convention == Convention::Misere;
            if !fits && misere {
                return Err(misere_refusal(rows, cols, settings.memory));
            }
            if !fits || (settings.checkpoint.is_some() && !misere) {
                return Ok(None);
            }
            let table = Dense::build(rows, cols, self.convention, settings.stop, |done, total| {
                crate::progress::status(&format!(
                    "valuing every diagram of the {rows}x{cols} box: {done} of {total} ({:.0}%)",
                    100.0 * done as f64 / total as f64
                ))
            })?;
            self.dense = Some(table);
        }
        Ok(self.dense.as_ref())
    }
}

impl Solver for ChompSolver<'_> {
    fn value(&mut self, position: &[u64]) -> Result<u64> {
        Ok(self.evaluate(position)?.value)
    }

    fn evaluate(&mut self, position: &[u64]) -> Result<Evaluation> {
        self.chomp.validate(position)?;
        match self.dense_for(position)? {
            Some(table) => {
                let (rows, cols) = table.size();
                Ok(Evaluation {
                    value: table.value(position),
                    method: format!(
                        "dense table: all {} diagrams of the {rows}x{cols} box valued in rank order, each as the mex of its options{}",
                        table.len(),
                        match self.convention {
                            Convention::Normal => "",
                            Convention::Misere => " (misère G-: the poisoned square alone, no bite left, is worth 1)",
                        }
                    ),
                })
            }
            None => self.search.evaluate(position),
        }
    }
}

impl Board for Chomp {
    type Game = Diagrams;

    fn game(&self) -> &Diagrams {
        &Diagrams
    }

    fn parts(&self, position: &[u64]) -> Vec<Diagram> {
        vec![Chomp::diagram(position)]
    }

    fn part_name(&self) -> &'static str {
        "diagram"
    }

    fn identity(&self) -> String {
        "chomp diagrams".into()
    }

    fn theorem(&self, position: &[u64]) -> Option<Theorem> {
        let rectangle =
            position.iter().all(|&h| h == position[0]) && position.len() as u64 * position[0] > 1;
        rectangle.then_some(Theorem::Not(
            0,
            "a rectangle other than 1 x 1 is won by the first player (Gale's strategy stealing)",
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// The value by the definition: every bite, positions as height vectors, memoised.
    pub(super) fn by_definition(heights: &[u64], memo: &mut HashMap<Vec<u64>, u64>) -> u64 {
        by_rules(heights, false, memo)
    }

    /// The same under either play: under misère play a position with no bite (the poisoned
    /// square alone) is won by the player to move, worth 1 (`G-`).
    fn by_rules(heights: &[u64], misere: bool, memo: &mut HashMap<Vec<u64>, u64>) -> u64 {
        if let Some(&v) = memo.get(heights) {
            return v;
        }
        let mut seen = Vec::new();
        for column in 0..heights.len() {
            for row in 0..heights[column] {
                if (column, row) != (0, 0) {
                    let next: Vec<u64> = heights
                        .iter()
                        .enumerate()
                        .map(|(k, &h)| if k >= column { h.min(row) } else { h })
                        .collect();
                    seen.push(by_rules(&next, misere, memo));
                }
            }
        }
        let v = match (seen.is_empty(), misere) {
            (true, true) => 1,
            _ => crate::solve::mex(seen),
        };
        memo.insert(heights.to_vec(), v);
        v
    }

    #[test]
    fn misere_values_come_from_the_dense_table() {
        let mut memo = HashMap::new();
        for (rows, cols) in [(1u64, 1usize), (1, 4), (3, 3), (4, 5), (5, 4)] {
            let played =
                crate::misere::play::parse_game(&format!("chomp:{rows}x{cols}"), true).unwrap();
            let game = played.ruleset();
            let mut solver = crate::solve::solver_for(game.as_ref());
            for p in positions(rows, cols) {
                let e = solver.evaluate(&p).unwrap();
                assert_eq!(
                    e.value,
                    by_rules(&p, true, &mut memo),
                    "{rows}x{cols} {p:?}"
                );
                assert!(e.method.contains("misère G-"), "{}", e.method);
            }
        }
        // The board is answered; a box past the table is refused, naming its bound.
        let played = crate::misere::play::parse_game("chomp:11x11", true).unwrap();
        let report = crate::query::outcome(played.ruleset().as_ref(), &[11; 11]).unwrap();
        assert!(report.value.is_some());
        let played = crate::misere::play::parse_game("chomp:20x20", true).unwrap();
        let e = crate::query::outcome(played.ruleset().as_ref(), &[20; 20])
            .unwrap_err()
            .to_string();
        assert!(e.contains("MOST_DIAGRAMS"), "{e}");
    }

    /// Every non-increasing height vector of `cols` columns at most `rows` high, first >= 1.
    fn positions(rows: u64, cols: usize) -> Vec<Vec<u64>> {
        let mut all = vec![vec![]];
        for _ in 0..cols {
            all = all
                .into_iter()
                .flat_map(|p: Vec<u64>| {
                    let top = p.last().copied().unwrap_or(rows);
                    (0..=top).map(move |h| {
                        let mut q = p.clone();
                        q.push(h);
                        q
                    })
                })
                .collect();
        }
        all.retain(|p| p[0] >= 1);
        all
    }

    #[test]
    fn every_position_inside_4x5_has_the_value_of_the_definition() {
        let chomp = Chomp::new(4, 5).unwrap();
        let mut solver = chomp.solver().unwrap();
        let mut memo = HashMap::new();
        let all = positions(4, 5);
        // C(9, 4) diagrams, less the empty one.
        assert_eq!(all.len(), 125);
        // The solver (a dense table of the box) and the board search (which the solver uses
        // for boxes too large for the table, or with a checkpoint) on every position.
        let mut search = crate::solve::search::Search::new(&Diagrams, "chomp diagrams").unwrap();
        for p in all {
            chomp.validate(&p).unwrap();
            let expected = by_definition(&p, &mut memo);
            assert_eq!(solver.value(&p).unwrap(), expected, "{p:?}");
            let parts = chomp.parts(&p);
            assert_eq!(search.value(&parts).unwrap(), expected, "{p:?}");
        }
    }

    #[test]
    fn diagrams_encode_decode_and_transpose() {
        let mut back = Vec::new();
        for p in positions(5, 6) {
            let heights: Vec<u32> = p.iter().map(|&h| h as u32).filter(|&h| h > 0).collect();
            decode(encode(&heights), &mut back);
            assert_eq!(back, heights);
            assert_eq!(transpose(&transpose(&heights)), heights);
            assert_eq!(canonical(&heights), canonical(&transpose(&heights)));
            let key = encode(&heights);
            assert_eq!(transposed(key), encode(&transpose(&heights)), "{heights:?}");
            assert_eq!(transposed(transposed(key)), key);
        }
        assert_eq!(transpose(&[3, 1]), vec![2, 1, 1]);
    }

    #[test]
    fn rectangles_by_the_search_match_the_definition_and_positions_are_checked() {
        for (r, c) in [(2, 6), (3, 5), (5, 5), (4, 7)] {
            let chomp = Chomp::new(r, c).unwrap();
            let start = chomp.start().unwrap();
            let e = chomp.solver().unwrap().evaluate(&start).unwrap();
            assert_eq!(
                e.value,
                by_definition(&start, &mut HashMap::new()),
                "{r}x{c}"
            );
        }
        let chomp = Chomp::new(3, 4).unwrap();
        assert_eq!(chomp.parse_position("2,1").unwrap(), vec![2, 1, 0, 0]);
        for bad in [vec![0, 0, 0, 0], vec![1, 2, 0, 0], vec![4, 0, 0, 0]] {
            assert!(chomp.validate(&bad).is_err(), "{bad:?}");
        }
    }
}
