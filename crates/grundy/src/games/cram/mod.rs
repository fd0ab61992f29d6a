//! Cram (Gardner 1974; Winning Ways ch. 22, "impartial Domineering"): a move places a domino on
//! two adjacent empty cells of a board, across or down; who cannot move loses.
//!
//! A position is a board: rows of `.` (empty) and `#` (filled), separated by `/`. Its value is
//! found by the board search ([`crate::solve::search`]): a board falls apart into regions of
//! empty cells that no domino joins, each a game of its own, valued separately (the XOR of their
//! values) and stored in canonical form under the eight symmetries of the square
//! ([`region::canonical`]). A region of `b` cells of one colour and `w` of the other of a
//! checkerboard holds at most `min(b, w)` dominoes, so no play is longer and its value is at
//! most that ([`Splittable::bound`]). Regions whose box has at most 20 cells, or is 3x7, 3x8,
//! 4x6, 4x7 or 5x5 (either way round), are not searched: [`small`] holds the value of every set of cells
//! of such a box, found by the definition when grundy is built, and the search looks them up
//! ([`Splittable::exact`]).
//!
//! Known theorems ([`theory`]): on an empty board with both sides even the second player wins,
//! and with one side even and one odd the first player wins (the symmetry strategies of Winning
//! Ways ch. 22).

pub mod region;
pub mod small;
pub mod spec;
pub mod tables;
pub mod theory;

use region::{for_each_bit, Bits, Geometry, Region, RegionKey, MAX_CELLS};

use crate::games::board::{below_at_least, Below, Board, BoardSolver, Removal, Theorem};
use crate::ruleset::{Arity, Move, Position};
#[cfg(test)]
use crate::solve::search::Search;
use crate::solve::search::{Fact, Splittable};
use crate::{Error, Result, Ruleset, Solver};

/// The regions of a board as a [`Splittable`] game, kept in the table under keys of kind `K`
/// ([`RegionKey`]): the same for every board, so one table (and one checkpoint, which holds
/// regions) serves them all.
#[derive(Debug, Clone, Copy)]
pub struct RegionsKeyed<K> {
    /// Whether regions of small boxes are valued by [`small`]'s table.
    by_table: bool,
    /// Whether regions that are their own half-turn are valued by the symmetry strategy
    /// ([`region::half_turn_outcome`]).
    by_symmetry: bool,
    key: std::marker::PhantomData<K>,
}

/// Regions of any board, the region itself the key.
pub type Regions = RegionsKeyed<Region>;

/// Regions of boards of at most [`region::WORD_KEY_CELLS`] cells, keyed by one word (a 12-byte
/// table slot instead of 24).
pub type WordRegions = RegionsKeyed<u64>;

impl<K> RegionsKeyed<K> {
    /// Regions of the boxes with endgame tables ([`small::has_table`]) valued by table, those
    /// that are their own half-turn by the symmetry strategy where it decides, the others
    /// searched.
    pub const WITH_TABLE: Self = RegionsKeyed {
        by_table: true,
        by_symmetry: true,
        key: std::marker::PhantomData,
    };

    /// As [`RegionsKeyed::WITH_TABLE`] without the symmetry strategy (to check that theorem
    /// by the search).
    pub const WITHOUT_SYMMETRY: Self = RegionsKeyed {
        by_table: true,
        by_symmetry: false,
        key: std::marker::PhantomData,
    };

    /// Every region searched (to test the search itself on small boards).
    pub const SEARCH_ONLY: Self = RegionsKeyed {
        by_table: false,
        by_symmetry: false,
        key: std::marker::PhantomData,
    };

    /// The regions of `cells` in the box `g` that have a move (a region without two adjacent
    /// cells has value 0 and is left out), pairs of equal regions cancelled (G + G = 0). Each
    /// region is in canonical form, but those the table values when `self.by_table` (their
    /// boxes have tables, [`small::has_table`]) are left as they lie: a lookup needs no
    /// symmetry, and they never enter the transposition table.
    ///
    /// Spare cells go first ([`Geometry::without_spare_cells`]) with the cells that have no
    /// empty neighbour, then the edges that [`Geometry::cut_right`] may cut: a piece split off
    /// by a cut is worked on again alone (it may have spare cells and cuts of its own). An
    /// option of a part ([`Splittable::play`]) is split knowing that each of its pieces holds
    /// a cell next to the domino, so a piece stops growing once it holds them all
    /// ([`Geometry::pieces_cut`]).
    #[inline(always)]
    pub fn split<W: Bits>(&self, g: &Geometry<W>, cells: W, out: &mut Vec<Region>) {
        self.split_marked(g, cells, cells, out);
    }

    /// [`RegionsKeyed::split`], given `marks`: cells such that every piece of `cells` holds
    /// one (see [`Geometry::pieces_cut`]), e.g. the cells next to a domino taken from a piece.
    #[inline(always)]
    fn split_marked<W: Bits>(&self, g: &Geometry<W>, cells: W, marks: W, out: &mut Vec<Region>) {
        let start = out.len();
        self.split_into(g, cells, marks, out);
        crate::games::board::cancel_pairs(out, start);
    }

    /// Every piece of `cells` holds a cell of `marks`, or `marks` is empty and `cells` is one
    /// piece. Cells without an empty neighbour (no move, value 0) go with the spare ones; a
    /// piece of what is left holds a mark, a cell next to one gone or an end of a cut edge
    /// (a path from it to a mark leaves its piece there).
    ///
    /// A piece split off by a cut is worked on again alone, from a list of such pieces rather
    /// than by a call to itself: the whole split is then one function, which the search
    /// compiles into its own ([`crate::solve::search`], "bit instructions").
    #[inline(always)]
    fn split_into<W: Bits>(&self, g: &Geometry<W>, cells: W, marks: W, out: &mut Vec<Region>) {
        let kept = g.without_spare_cells(cells);
        let kept = kept & g.next_to(kept);
        let cut = g.cut_right(kept);
        let marks = (marks | g.next_to(cells & !kept) | cut | (cut << 1)) & kept;
        if cut == W::ZERO {
            for piece in g.pieces_cut(kept, W::ZERO, marks) {
                self.push_piece(g, piece, out);
            }
            return;
        }
        // Cut pieces with a move, still to split: disjoint, of two cells or more, so at most
        // 64. Not zeroed first (a call to `memset` at every cut).
        let mut todo = [const { std::mem::MaybeUninit::<W>::uninit() }; 64];
        let mut left = 0;
        let (mut kept, mut cut, mut marks) = (kept, cut, marks);
        loop {
            for piece in g.pieces_cut(kept, cut, marks) {
                match piece == kept {
                    true => self.push_piece(g, piece, out),
                    // One piece (joined by its cut edges too): no marks needed.
                    false if g.horizontal(piece) | g.vertical(piece) != W::ZERO => {
                        todo[left].write(piece);
                        left += 1;
                    }
                    false => {}
                }
            }
            let Some(next) = left.checked_sub(1) else {
                return;
            };
            left = next;
            // SAFETY: the slots below the count were written just above, at this level or
            // an earlier one.
            let cells = unsafe { todo[left].assume_init() };
            kept = g.without_spare_cells(cells);
            kept &= g.next_to(kept);
            cut = g.cut_right(kept);
            marks = (g.next_to(cells & !kept) | cut | (cut << 1)) & kept;
        }
    }

    /// The region of a piece, if it has a move: in canonical form, or as it lies when the
    /// table values it.
    #[inline(always)]
    fn push_piece<W: Bits>(&self, g: &Geometry<W>, piece: W, out: &mut Vec<Region>) {
        if g.horizontal(piece) | g.vertical(piece) != W::ZERO {
            let (rows, cols, trimmed) = g.trimmed(piece);
            let (rows, cols, cells) = match self.by_table && small::is_tabled(rows, cols) {
                true => (rows, cols, trimmed),
                false => (
                    rows.min(cols),
                    rows.max(cols),
                    region::canonical_cells(rows, cols, trimmed),
                ),
            };
            out.push(Region {
                rows: rows as u8,
                cols: cols as u8,
                cells: cells.to_u128(),
            });
        }
    }

    /// The dominoes of a region, nearest the centre of its box first
    /// ([`region::dominoes_from_centre`]; see [`Splittable::moves`]).
    #[inline(always)]
    fn moves_in<W: Bits>(part: &Region, out: &mut Vec<u128>) {
        let cells = W::from_u128(part.cells);
        let dominoes = region::dominoes_from_centre(part.rows.into(), part.cols.into());
        // Every domino is written, and kept when both its cells are empty: no branch to guess.
        // The room is not zeroed first (a call to `memset`, slow in musl for a few hundred
        // bytes).
        let start = out.len();
        out.reserve(dominoes.len());
        let room = &mut out.spare_capacity_mut()[..dominoes.len()];
        let mut kept = 0;
        for &domino in dominoes {
            let d = W::from_u128(domino);
            room[kept].write(domino);
            kept += usize::from(cells & d == d);
        }
        // SAFETY: the first `kept` slots of the spare capacity were written just above, and
        // `kept <= dominoes.len()`, which `reserve` made room for.
        unsafe { out.set_len(start + kept) };
    }
}

impl<K: RegionKey> Splittable for RegionsKeyed<K> {
    type Part = Region;

    type Key = K;

    #[inline(always)]
    fn key(&self, part: &Region) -> K {
        K::of(part)
    }

    fn part_of(&self, key: &K) -> Region {
        key.region()
    }

    fn keeps(&self, part: &Region) -> bool {
        K::fits(part)
    }

    /// A domino, as the mask of its two cells.
    type Move = u128;

    #[inline(always)]
    fn moves(&self, part: &Region, out: &mut Vec<u128>) -> Result<()> {
        match part.is_small() {
            true => Self::moves_in::<u64>(part, out),
            false => Self::moves_in::<u128>(part, out),
        }
        Ok(())
    }

    #[inline(always)]
    fn play(&self, part: &Region, domino: u128, out: &mut Vec<Region>) -> Result<()> {
        let (rows, cols) = (part.rows.into(), part.cols.into());
        let left = part.cells & !domino;
        // A part is one piece, so each piece of what is left holds a cell next to the domino.
        match part.is_small() {
            true => {
                let g = Geometry::<u64>::of(rows, cols);
                debug_assert!(g.is_one_piece(part.cells as u64), "{part:?} is one piece");
                self.split_marked(g, left as u64, g.next_to(domino as u64), out)
            }
            false => {
                let g = Geometry::<u128>::of(rows, cols);
                debug_assert!(g.is_one_piece(part.cells), "{part:?} is one piece");
                self.split_marked(g, left, g.next_to(domino), out)
            }
        }
        Ok(())
    }

    #[inline(always)]
    fn exact(&self, part: &Region) -> Option<u64> {
        match self.by_table {
            true => small::value(part),
            false => None,
        }
    }

    #[inline(always)]
    fn prefetch_exact(&self, part: &Region) -> bool {
        self.by_table && small::prefetch(part)
    }

    fn exact_method(&self) -> Option<&'static str> {
        const _: () = assert!(
            small::SMALL_CELLS == 20
                && small::has_table(4, 6)
                && small::has_table(5, 5)
                && small::has_table(4, 7)
                && small::has_table(3, 7)
                && small::has_table(3, 8)
                && !small::has_table(3, 9)
                && !small::has_table(5, 6),
            "the text below names the boxes"
        );
        self.by_table.then_some(
            "regions of at most 20 cells or of a 3x7, 3x8, 4x6, 4x7 or 5x5 box looked up in an endgame table (every set of cells of their box, valued by the definition)",
        )
    }

    #[inline(always)]
    fn fact(&self, part: &Region) -> Option<Fact> {
        match self.by_symmetry {
            true => region::half_turn_outcome(part).map(|zero| match zero {
                true => Fact::Value(0),
                false => Fact::Not(1),
            }),
            false => None,
        }
    }

    fn fact_method(&self) -> Option<&'static str> {
        self.by_symmetry.then_some(
            "a region that is its own half-turn has value 0 when no domino meets its image, and not 0 when one side is odd and its central domino is free (the symmetry strategy of Winning Ways ch. 22)",
        )
    }

    #[inline(always)]
    fn bound(&self, part: &Region) -> u64 {
        let (rows, cols) = (part.rows.into(), part.cols.into());
        let most = match part.is_small() {
            true => Geometry::<u64>::of(rows, cols).dominoes_at_most(part.cells as u64),
            false => Geometry::<u128>::of(rows, cols).dominoes_at_most(part.cells),
        };
        most.into()
    }

    /// Seven eighths: among options of about the same size, one whose part was asked about
    /// before goes first (its positions below are in the table). One thread, positions
    /// searched (`cram_stats`): 5x9 7.60 M against 9.51 M, 5x8 0.856 M against 0.938 M, 3x14
    /// 0.521 M against 0.702 M, 4x11 3.25 M against 3.28 M (BENCHMARKS.md, 2026-12-02).
    #[inline(always)]
    fn difficulty_seen(&self, difficulty: u64) -> u64 {
        difficulty - difficulty / 8
    }

    fn write_part(part: &Region, out: &mut Vec<u8>) {
        out.push(part.rows);
        out.push(part.cols);
        let cells = part.cells;
        out.extend_from_slice(&cells.to_le_bytes());
    }

    fn read_part(bytes: &[u8]) -> Option<Region> {
        let (rows, cols) = (bytes[0], bytes[1]);
        let cells = u128::from_le_bytes(bytes[2..18].try_into().ok()?);
        let box_cells = u32::from(rows) * u32::from(cols);
        (rows >= 1
            && cols >= 1
            && box_cells <= MAX_CELLS
            && cells & !region::full(rows.into(), cols.into()) == 0)
            .then_some(Region { rows, cols, cells })
    }

    const PART_BYTES: usize = 18;
}

/// Cram on a board of fixed size, starting from a given board.
#[derive(Debug, Clone)]
pub struct Cram {
    rows: u32,
    cols: u32,
    /// The empty cells of the starting board.
    start: u128,
    /// How the spec was written.
    spec: String,
}

impl Cram {
    /// Cram on `rows x cols` with the empty cells `start` (bit `r * cols + c`).
    pub fn new(rows: u32, cols: u32, start: u128, spec: String) -> Result<Self> {
        if rows == 0 || cols == 0 || u64::from(rows) * u64::from(cols) > u64::from(MAX_CELLS) {
            return Err(Error::TooLarge(format!(
                "a Cram board has at most {MAX_CELLS} cells (one bit each in the board search); {rows}x{cols} has {}",
                u64::from(rows) * u64::from(cols)
            )));
        }
        Ok(Cram {
            rows,
            cols,
            start,
            spec,
        })
    }

    /// The empty cells of a board typed as rows of `.` and `#` separated by `/` (or new lines),
    /// with its number of rows and columns. Every row is written: an empty one (`..//..`, a
    /// `/` at either end) is refused rather than dropped (issue 50).
    pub fn parse_board(text: &str) -> Result<(u32, u32, u128)> {
        let bad = |why: String| {
            Error::Position(format!("board '{text}': {why} (rows of '.' empty and '#' filled, separated by '/', like ../.#)"))
        };
        let text = text.trim();
        if text.is_empty() {
            return Err(bad("no rows".into()));
        }
        let rows: Vec<&str> = text.split(['/', '\n']).map(str::trim).collect();
        if rows.iter().any(|r| r.is_empty()) {
            return Err(bad(
                "an empty row (rows are separated by one '/' or one new line, none at either end)"
                    .into(),
            ));
        }
        let cols = rows[0].chars().count();
        if rows.iter().any(|r| r.chars().count() != cols) {
            return Err(bad("rows of different lengths".into()));
        }
        let (r, c) = (rows.len() as u64, cols as u64);
        if r * c > u64::from(MAX_CELLS) {
            return Err(Error::TooLarge(format!(
                "a Cram board has at most {MAX_CELLS} cells (one bit each in the board search); this one has {}",
                r * c
            )));
        }
        let mut cells = 0u128;
        for (i, row) in rows.iter().enumerate() {
            for (j, ch) in row.chars().enumerate() {
                match ch {
                    '.' => cells |= 1u128 << (i * cols + j),
                    '#' => {}
                    other => return Err(bad(format!("'{other}' is neither '.' nor '#'"))),
                }
            }
        }
        Ok((r as u32, c as u32, cells))
    }

    fn geometry(&self) -> Geometry {
        Geometry::new(self.rows, self.cols)
    }

    fn cells(position: &[u64]) -> u128 {
        u128::from(position[0]) | u128::from(position[1]) << 64
    }

    fn position(cells: u128) -> Position {
        vec![cells as u64, (cells >> 64) as u64]
    }

    /// The name of cell `i`: row and column from 1, e.g. `r2c3`.
    fn cell_name(&self, i: u32) -> String {
        format!("r{}c{}", i / self.cols + 1, i % self.cols + 1)
    }

    /// What lies below a position, at least ([`below_at_least`]): windows of cells taken
    /// along the shorter side (column after column on a wide board), so that each is a
    /// compact block.
    fn below(&self, position: &[u64]) -> Below {
        let (rows, cols) = (self.rows, self.cols);
        let adjacent: Vec<u128> = (0..rows * cols)
            .map(|i| {
                let (r, c) = (i / cols, i % cols);
                let mut near = 0u128;
                if c > 0 {
                    near |= 1 << (i - 1);
                }
                if c + 1 < cols {
                    near |= 1 << (i + 1);
                }
                if r > 0 {
                    near |= 1 << (i - cols);
                }
                if r + 1 < rows {
                    near |= 1 << (i + cols);
                }
                near
            })
            .collect();
        let order: Vec<u32> = match rows <= cols {
            true => (0..cols)
                .flat_map(|c| (0..rows).map(move |r| r * cols + c))
                .collect(),
            false => (0..rows * cols).collect(),
        };
        below_at_least(Self::cells(position), &adjacent, Removal::Pairs, &order)
    }

    /// The regions of a position, for the search.
    pub fn regions(&self, position: &[u64]) -> Vec<Region> {
        let mut parts = Vec::new();
        REGIONS.split(&self.geometry(), Self::cells(position), &mut parts);
        parts
    }
}

impl Ruleset for Cram {
    fn spec(&self) -> String {
        self.spec.clone()
    }

    fn arity(&self) -> Arity {
        Arity::Exactly(2)
    }

    fn position_hint(&self) -> String {
        format!(
            "a {}x{} board, rows of '.' (empty) and '#' (filled) separated by '/'",
            self.rows, self.cols
        )
    }

    fn validate(&self, position: &[u64]) -> Result<()> {
        crate::ruleset::check_arity_of(self, position)?;
        if Self::cells(position) & !region::full(self.rows, self.cols) != 0 {
            return Err(Error::Position(format!(
                "cells outside the {}x{} board",
                self.rows, self.cols
            )));
        }
        Ok(())
    }

    fn parse_position(&self, text: &str) -> Result<Position> {
        let (rows, cols, cells) = Cram::parse_board(text)?;
        if (rows, cols) != (self.rows, self.cols) {
            return Err(Error::Position(format!(
                "board '{text}' is {rows}x{cols}; this game's board is {}x{}",
                self.rows, self.cols
            )));
        }
        Ok(Self::position(cells))
    }

    fn show_position(&self, position: &[u64]) -> String {
        let cells = Self::cells(position);
        let rows: Vec<String> = (0..self.rows)
            .map(|r| {
                (0..self.cols)
                    .map(|c| {
                        if cells >> (r * self.cols + c) & 1 == 1 {
                            '.'
                        } else {
                            '#'
                        }
                    })
                    .collect()
            })
            .collect();
        rows.join("/")
    }

    /// A board is text (rows of `.` and `#`), with no number for `_` to stand for.
    fn template_numbers(&self) -> crate::ruleset::TemplateNumbers {
        crate::ruleset::TemplateNumbers::Refused(format!(
            "a position of {} is a board written as text (rows of '.' and '#'), with no number for '_' to stand for; `grundy seq cram:{}x_` varies the board's width, and `grundy value` takes a board",
            self.spec, self.rows
        ))
    }

    fn position_is_text(&self) -> bool {
        true
    }

    fn start(&self) -> Option<Position> {
        Some(Self::position(self.start))
    }

    fn moves(&self, position: &[u64]) -> Result<Vec<Move>> {
        self.validate(position)?;
        let cells = Self::cells(position);
        let g = self.geometry();
        let mut moves = Vec::new();
        let mut place = |a: u32, b: u32| {
            moves.push(Move {
                to: Self::position(cells & !(1u128 << a | 1u128 << b)),
                description: format!("domino on {}-{}", self.cell_name(a), self.cell_name(b)),
            })
        };
        for_each_bit(g.horizontal(cells), |i| place(i, i + 1));
        for_each_bit(g.vertical(cells), |i| place(i, i + self.cols));
        Ok(moves)
    }

    /// The options without their descriptions (the misère search lists millions).
    fn options(&self, position: &[u64]) -> Result<Vec<Position>> {
        self.validate(position)?;
        let cells = Self::cells(position);
        let g = self.geometry();
        let mut options = Vec::new();
        for_each_bit(g.horizontal(cells), |i| {
            options.push(Self::position(cells & !(3u128 << i)))
        });
        for_each_bit(g.vertical(cells), |i| {
            options.push(Self::position(
                cells & !(1u128 << i | 1u128 << (i + self.cols)),
            ))
        });
        Ok(options)
    }

    /// The sets of dominoes placed in disjoint windows of the board ([`below_at_least`]).
    fn reachable_at_least(&self, position: &[u64]) -> u128 {
        self.below(position).positions
    }

    /// The moves of [`Ruleset::reachable_at_least`]'s positions, each option two numbers and
    /// one more.
    fn option_numbers_below_at_least(&self, position: &[u64], _budget: u64) -> u128 {
        self.below(position).moves.saturating_mul(3)
    }

    fn moves_below_at_least(&self, position: &[u64]) -> u128 {
        self.below(position).moves
    }

    fn uses_board_search(&self) -> bool {
        true
    }

    fn solver(&self) -> Option<Box<dyn Solver + '_>> {
        Some(match self.rows * self.cols <= region::WORD_KEY_CELLS {
            true => Box::new(BoardSolver::with_game(self, &WORD_REGIONS)),
            false => Box::new(BoardSolver::new(self)),
        })
    }
}

/// The regions' game: the same for every board.
static REGIONS: Regions = Regions::WITH_TABLE;

/// The regions' game of boards whose regions have one-word keys.
static WORD_REGIONS: WordRegions = WordRegions::WITH_TABLE;

impl Board for Cram {
    type Game = Regions;

    fn game(&self) -> &Regions {
        &REGIONS
    }

    fn parts(&self, position: &[u64]) -> Vec<Region> {
        self.regions(position)
    }

    fn part_name(&self) -> &'static str {
        "region"
    }

    fn identity(&self) -> String {
        "cram regions".into()
    }

    fn theorem(&self, position: &[u64]) -> Option<Theorem> {
        let cells = Cram::cells(position);
        if cells != region::full(self.rows, self.cols) {
            let board = Region {
                rows: self.rows as u8,
                cols: self.cols as u8,
                cells,
            };
            return Some(match region::half_turn_outcome(&board)? {
                true => Theorem::Value(0, "the empty cells are their own half-turn and no domino meets its image, so the second player wins by copying each domino by its image (the symmetry strategy, Winning Ways ch. 22)"),
                false => Theorem::Not(0, "the empty cells are their own half-turn and the central domino is free, so the first player wins by taking it and then copying (the symmetry strategy, Winning Ways ch. 22)"),
            });
        }
        Some(match theory::symmetry(self.rows, self.cols)? {
            true => Theorem::Value(0, "an empty board with both sides even is won by the second player (the half-turn symmetry strategy, Winning Ways ch. 22)"),
            false => Theorem::Not(0, "an empty board with one side even is won by the first player (a domino across the centre, then the half-turn symmetry, Winning Ways ch. 22)"),
        })
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::solve::search::Settings;
    use proptest::prelude::*;
    use std::collections::HashMap;

    #[test]
    fn the_counts_below_are_exact_in_one_window_and_below_in_several() {
        use crate::games::board::walked_below;
        let cram = |spec: &str| crate::spec::parse_game(spec).unwrap();
        // Tileable subsets of a 4 x 4 board: 5700 (and 550 of 3 x 4), counted by a separate
        // enumeration of cell sets; every other board is counted by the walk.
        for (spec, positions) in [("cram:4x4", Some(5700)), ("cram:3x4", Some(550))] {
            let game = cram(spec);
            let start = game.start().unwrap();
            let walked = walked_below(game.as_ref(), &start);
            assert_eq!(Some(walked.0), positions);
            let below = (
                game.reachable_at_least(&start),
                game.moves_below_at_least(&start),
            );
            assert_eq!(below, walked, "{spec}");
        }
        for spec in [
            "cram:4x5",
            "cram:5x4",
            "cram:3x7",
            "cram:board=.#../..../...#/.#..",
        ] {
            let game = cram(spec);
            let start = game.start().unwrap();
            let (positions, moves) = walked_below(game.as_ref(), &start);
            let below = (
                game.reachable_at_least(&start),
                game.moves_below_at_least(&start),
            );
            assert!(below.0 > 1 && below.0 <= positions, "{spec}: {below:?}");
            assert!(below.1 > 0 && below.1 <= moves, "{spec}: {below:?}");
            assert_eq!(game.option_numbers_below_at_least(&start, 0), 3 * below.1);
        }
        // The boards: more positions below than the misère search stores.
        for spec in ["cram:5x6", "cram:6x6"] {
            let game = cram(spec);
            assert!(
                game.reachable_at_least(&game.start().unwrap()) > 5_000_000,
                "{spec}"
            );
        }
    }

    #[test]
    fn options_are_the_moves_targets() {
        let game = crate::spec::parse_game("cram:3x4").unwrap();
        let position = game.parse_position(".#../..../..#.").unwrap();
        let targets: Vec<Position> = game
            .moves(&position)
            .unwrap()
            .into_iter()
            .map(|m| m.to)
            .collect();
        assert_eq!(game.options(&position).unwrap(), targets);
    }

    /// A fixed stream of random words from `seed` (splitmix64), for random sets in tests.
    pub(crate) fn random_words(seed: u64) -> impl FnMut() -> u64 {
        let mut state = seed;
        move || {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let z = (state ^ state >> 30).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            let z = (z ^ z >> 27).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ z >> 31
        }
    }

    /// The value of a board by the definition: mex over every domino, whole boards memoised,
    /// no regions, no symmetry.
    pub(crate) fn by_definition(
        rows: u32,
        cols: u32,
        cells: u128,
        memo: &mut HashMap<u128, u64>,
    ) -> u64 {
        if let Some(&v) = memo.get(&cells) {
            return v;
        }
        let mut seen = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                let a = 1u128 << (r * cols + c);
                let right = (c + 1 < cols).then_some(a << 1);
                let down = (r + 1 < rows).then_some(a << cols);
                for b in [right, down].into_iter().flatten() {
                    if cells & a != 0 && cells & b != 0 {
                        seen.push(by_definition(rows, cols, cells & !(a | b), memo));
                    }
                }
            }
        }
        let v = crate::solve::mex(seen);
        memo.insert(cells, v);
        v
    }

    fn game(rows: u32, cols: u32) -> Cram {
        Cram::new(
            rows,
            cols,
            region::full(rows, cols),
            format!("cram:{rows}x{cols}"),
        )
        .unwrap()
    }

    #[test]
    fn every_sub_board_of_the_4x4_board_has_the_value_of_the_definition() {
        let cram = game(4, 4);
        let mut memo = HashMap::new();
        // The search alone: the small regions' table would answer every region of this board.
        let mut search = Search::new(&Regions::SEARCH_ONLY, "cram regions").unwrap();
        for cells in 0u128..1 << 16 {
            let expected = by_definition(4, 4, cells, &mut memo);
            let parts = cram.regions(&Cram::position(cells));
            assert_eq!(
                search.value(&parts).unwrap(),
                expected,
                "{}",
                cram.show_position(&Cram::position(cells))
            );
        }
    }

    /// A board one row high is the octal game 0.07 (a domino takes two adjacent cells of a
    /// row, leaving the cells on either side): `g(n) = mex { g(a) XOR g(n - 2 - a) }`. The
    /// lengths include 64 and 128, where a row fills the whole word of the search's sets (a
    /// shift by the row's length once overflowed there and gave 1x64 the value 8 instead of
    /// 4, and 1x128 6 instead of 2).
    #[test]
    fn a_board_one_row_high_is_the_octal_game_0_07() {
        let g = octal_0_07(128);
        for n in [2u32, 20, 21, 40, 63, 64, 65, 66, 100, 127, 128] {
            for (rows, cols) in [(1, n), (n, 1)] {
                let cram = game(rows, cols);
                let full = region::full(rows, cols);
                let parts = cram.regions(&Cram::position(full));
                let mut search = Search::new(&Regions::WITH_TABLE, "cram regions").unwrap();
                assert_eq!(
                    search.value(&parts).unwrap(),
                    g[n as usize],
                    "{rows}x{cols}"
                );
            }
        }
    }

    /// The values of octal 0.07 (a row of `n` cells, a domino takes two adjacent ones) for
    /// `0..=most`, by its recursion: a domino leaves rows of `a` and `n - 2 - a` cells.
    fn octal_0_07(most: usize) -> Vec<u64> {
        let mut g = vec![0u64; most + 1];
        for n in 2..=most {
            let seen: Vec<u64> = (0..=n - 2).map(|a| g[a] ^ g[n - 2 - a]).collect();
            g[n] = (0..).find(|v| !seen.contains(v)).unwrap();
        }
        g
    }

    /// A question answered from the options' values alone (no search node below: every
    /// option of a strip of 21 cells is two strips of the endgame table) is kept in the table
    /// all the same: asked again, it costs no node.
    #[test]
    fn an_answer_from_the_options_alone_is_kept() {
        let g = octal_0_07(21);
        let cram = game(1, 21);
        let parts = cram.regions(&Cram::position(region::full(1, 21)));
        let mut search = Search::new(&Regions::WITH_TABLE, "cram regions").unwrap();
        let not_its_value = g[21] + 1;
        assert!(!search.value_is(&parts, not_its_value).unwrap());
        assert_eq!(search.stats().nodes, 1, "one node: the strip itself");
        assert!(!search.value_is(&parts, not_its_value).unwrap());
        assert_eq!(search.stats().nodes, 1, "the second answer is the table's");
        assert!(search.value_is(&parts, g[21]).unwrap());
    }

    /// The database of solved parts takes a "not" answer only when it cost 256 nodes or more:
    /// the strip's answer of one node stays out of the file, and its value goes in.
    #[test]
    fn a_cheap_answer_stays_out_of_the_database() {
        let g = octal_0_07(21);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("strip.db");
        let settings = crate::solve::search::Settings {
            db: Some(path.clone()),
            ..Default::default()
        };
        let cram = game(1, 21);
        let parts = cram.regions(&Cram::position(region::full(1, 21)));
        let mut search =
            Search::with(&Regions::WITH_TABLE, "cram regions", settings.clone()).unwrap();
        assert!(!search.value_is(&parts, g[21] + 1).unwrap());
        drop(search);
        assert_eq!(crate::solve::db::info(&path).unwrap().parts, 0);
        let mut search = Search::with(&Regions::WITH_TABLE, "cram regions", settings).unwrap();
        assert!(search.value_is(&parts, g[21]).unwrap());
        drop(search);
        let written = crate::solve::db::info(&path).unwrap();
        assert_eq!((written.parts, written.values), (1, 1));
    }

    /// The lemma of [`Geometry::without_spare_cells`]: taking away spare tufts and bridges
    /// keeps the value, on every set of every box of at most 16 cells.
    #[test]
    fn spare_cells_do_not_change_the_value() {
        for rows in 1..=16u32 {
            for cols in 1..=16 / rows {
                let g = Geometry::<u64>::new(rows, cols);
                let mut memo = HashMap::new();
                for cells in 0u64..1 << (rows * cols) {
                    let kept = g.without_spare_cells(cells);
                    assert_eq!(kept & !cells, 0);
                    assert_eq!(
                        by_definition(rows, cols, kept.into(), &mut memo),
                        by_definition(rows, cols, cells.into(), &mut memo),
                        "{rows}x{cols} {cells:#b}"
                    );
                }
            }
        }
    }

    /// The lemma of [`Geometry::cut_right`] with that of spare cells, as the search uses them:
    /// the XOR of the values of the regions a set splits into (each valued by the definition
    /// in its own box) is the value of the set, on every set of every box of at most 16 cells.
    #[test]
    fn a_split_keeps_the_value() {
        let mut memos: HashMap<(u8, u8), HashMap<u128, u64>> = HashMap::new();
        let mut cuts = 0;
        for rows in 1..=16u32 {
            for cols in 1..=16 / rows {
                let g = Geometry::<u64>::new(rows, cols);
                for cells in 0u64..1 << (rows * cols) {
                    cuts += usize::from(g.cut_right(g.without_spare_cells(cells)) != 0);
                    let mut parts = Vec::new();
                    Regions::SEARCH_ONLY.split(&g, cells, &mut parts);
                    let xor = parts.iter().fold(0, |x, p| {
                        let memo = memos.entry((p.rows, p.cols)).or_default();
                        x ^ by_definition(p.rows.into(), p.cols.into(), p.cells, memo)
                    });
                    let whole = memos.entry((rows as u8, cols as u8)).or_default();
                    assert_eq!(
                        xor,
                        by_definition(rows, cols, cells.into(), whole),
                        "{rows}x{cols} {cells:#b}"
                    );
                }
            }
        }
        // The cuts were met, not only the boards without them.
        assert!(cuts > 1000, "{cuts}");
    }

    #[test]
    fn a_square_with_two_closed_corners_is_cut_in_two() {
        // ..../..##/.###/.### : the square at the top left has a top left cell with no
        // neighbour above or to the left and a bottom right cell with none below or to the
        // right, so its two horizontal edges are cut and the board falls into two L-shaped
        // pieces of four cells (no cell of it is spare: the arms are too long).
        let (rows, cols, cells) = Cram::parse_board("..../..##/.###/.###").unwrap();
        let g = Geometry::<u64>::new(rows, cols);
        let cells = cells as u64;
        assert_eq!(g.without_spare_cells(cells), cells);
        assert_eq!(g.cut_right(cells), 1 | 1 << 4);
        let pieces: Vec<u64> = g.pieces_cut(cells, g.cut_right(cells), cells).collect();
        assert_eq!(
            pieces,
            [1 | 1 << 4 | 1 << 8 | 1 << 12, 0b1111 & !1 | 1 << 5]
        );
        // The mirror image (the twins top right and bottom left) cuts its two horizontal
        // edges, from the square's left column.
        let (_, _, mirrored) = Cram::parse_board("..../##../###./###.").unwrap();
        assert_eq!(g.cut_right(mirrored as u64), 1 << 2 | 1 << 6);
        // With the bottom right cell open to the right, the square stays whole.
        let (_, _, open) = Cram::parse_board("..../...#/.###/.###").unwrap();
        assert_eq!(g.cut_right(g.without_spare_cells(open as u64)), 0);
    }

    #[test]
    fn the_small_published_empty_boards_are_reproduced() {
        // Beling's table (theory::PUBLISHED), the cells a debug test can afford.
        for &(r, c, v) in theory::PUBLISHED.iter().filter(|(r, c, _)| r * c <= 25) {
            assert_eq!(theory::searched(r, c).unwrap(), v, "{r}x{c}");
        }
        // Winning Ways ch. 22 (and the definition): the 3x3 board is a P-position.
        let mut memo = HashMap::new();
        assert_eq!(by_definition(3, 3, region::full(3, 3), &mut memo), 0);
        assert_eq!(theory::searched(3, 3).unwrap(), 0);
    }

    #[test]
    fn the_even_boards_answer_by_the_theorem_and_the_search_agrees() {
        let cram = game(4, 6);
        let mut solver = cram.solver().unwrap();
        let start = cram.start().unwrap();
        let e = solver.evaluate(&start).unwrap();
        assert_eq!(e.value, 0);
        assert!(e.method.contains("theorem"), "{}", e.method);
        assert_eq!(theory::searched(4, 6).unwrap(), 0);
    }

    #[test]
    fn boards_parse_and_show_back() {
        let cram = game(2, 3);
        let p = cram.parse_position("..#/#..").unwrap();
        assert_eq!(cram.show_position(&p), "..#/#..");
        for bad in ["...", "../..", "..x/...", "", "..#/...."] {
            assert!(cram.parse_position(bad).is_err(), "{bad}");
        }
        assert!(Cram::new(12, 11, 0, String::new()).is_err());
    }

    static CALLS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

    /// Asks to stop at the third time it is asked (a few thousand positions in).
    fn stop_soon() -> bool {
        CALLS.fetch_add(1, std::sync::atomic::Ordering::SeqCst) >= 2
    }

    #[test]
    fn an_interrupted_search_resumes_from_its_checkpoint_to_the_same_value() {
        let dir_scratch = tempfile::tempdir().unwrap();
        let dir = dir_scratch
            .path()
            .join(format!("grundy-cram-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("table");
        let _ = std::fs::remove_file(&path);
        // (4x9: 5x6 has too few positions since the 5x5 table to reach the third stop check)
        let cram = game(4, 9);
        let parts = cram.regions(&cram.start().unwrap());
        let settings = Settings {
            checkpoint: Some(path.clone()),
            stop: Some(stop_soon),
            ..Settings::default()
        };
        let mut first = Search::with(&REGIONS, "cram regions", settings.clone()).unwrap();
        let stopped = first.value(&parts);
        assert!(
            matches!(stopped, Err(crate::Error::Interrupted(_))),
            "{stopped:?}"
        );
        assert!(path.exists());
        let saved = first.stats();
        // Resumed: the table comes back, and the value is the uninterrupted one.
        let resumed_settings = Settings {
            stop: None,
            ..settings
        };
        let mut resumed = Search::with(&REGIONS, "cram regions", resumed_settings).unwrap();
        // (a few entries may collide in a bucket of the table they are loaded into)
        assert!(resumed.stats().filled * 10 >= saved.filled * 9 && saved.filled > 0);
        let mut fresh = Search::with(&REGIONS, "cram regions", Settings::default()).unwrap();
        assert_eq!(resumed.value(&parts).unwrap(), fresh.value(&parts).unwrap());
        assert!(resumed.stats().nodes < fresh.stats().nodes);
        // Another game's checkpoint is refused.
        let other = Settings {
            checkpoint: Some(path.clone()),
            ..Settings::default()
        };
        assert!(Search::with(
            &super::super::chomp::Diagrams,
            "chomp diagrams",
            other.clone()
        )
        .is_err());
        // The checkpoint holds regions, so a search keyed by one word loads it too.
        let mut word = Search::with(&WORD_REGIONS, "cram regions", other).unwrap();
        assert!(word.stats().filled * 10 >= saved.filled * 9);
        assert_eq!(word.value(&parts).unwrap(), fresh.value(&parts).unwrap());
        assert!(word.stats().nodes < fresh.stats().nodes);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// The set made of `half` (cells of the box's first `n / 2` bits), its image under the
    /// half-turn, and the centre cell when `centre` and the box has one.
    fn symmetric_set(rows: u32, cols: u32, half: u128, centre: bool) -> u128 {
        let n = rows * cols;
        let half = half & region::full(1, n / 2);
        let image = half.reverse_bits() >> (128 - n);
        let middle = match n % 2 == 1 && centre {
            true => 1u128 << (n / 2),
            false => 0,
        };
        half | image | middle
    }

    /// The half-turn strategy against the definition: every set of every box of at most 16
    /// cells that is its own half-turn, by the definition; those of 17 to 20 cells by the
    /// endgame table (itself checked against the definition in `small`). Each of the three
    /// answers occurs.
    #[test]
    fn the_half_turn_strategy_agrees_with_the_definition() {
        let mut seen = [0usize; 3];
        for rows in 1..=20u32 {
            for cols in 1..=20 / rows {
                let n = rows * cols;
                let mut memo = HashMap::new();
                for half in 0u128..1 << (n / 2) {
                    for centre in [false, true] {
                        let cells = symmetric_set(rows, cols, half, centre);
                        let region = Region {
                            rows: rows as u8,
                            cols: cols as u8,
                            cells,
                        };
                        let value = match n <= 16 {
                            true => by_definition(rows, cols, cells, &mut memo),
                            false => small::value(&region).unwrap(),
                        };
                        let said = region::half_turn_outcome(&region);
                        match said {
                            Some(true) => assert_eq!(value, 0, "{rows}x{cols} {cells:#b}"),
                            Some(false) => assert_ne!(value, 0, "{rows}x{cols} {cells:#b}"),
                            // Nothing said only with both sides odd and the centre cell empty.
                            None => assert!(
                                n % 2 == 1 && cells >> (n / 2) & 1 == 1,
                                "{rows}x{cols} {cells:#b}"
                            ),
                        }
                        seen[said.map_or(2, usize::from)] += 1;
                    }
                }
                // A set that is not its own half-turn: nothing said.
                if n >= 2 {
                    let region = Region {
                        rows: rows as u8,
                        cols: cols as u8,
                        cells: 1,
                    };
                    assert_eq!(region::half_turn_outcome(&region), None);
                }
            }
        }
        assert!(seen.iter().all(|&k| k > 1000), "{seen:?}");
    }

    /// A region of a box turned the other way (7x4, 7x3, 8x3) takes the canonical form of the
    /// search, which turns it into a box with a table: random sets of those boxes are valued
    /// with no position searched, as the search without tables values them.
    #[test]
    fn a_region_of_a_turned_box_is_looked_up_in_the_table_of_its_turn() {
        let mut random = random_words(49);
        for (rows, cols) in [(7, 4), (7, 3), (8, 3)] {
            assert!(!small::has_table(rows, cols) && small::has_table(cols, rows));
            for dense in [false, true] {
                let mut cells = u128::from(random()) & region::full(rows, cols);
                if dense {
                    cells |= u128::from(random()) & region::full(rows, cols);
                }
                let cram = Cram::new(rows, cols, cells, String::new()).unwrap();
                let parts = cram.regions(&Cram::position(cells));
                let mut tables = Search::new(&Regions::WITH_TABLE, "cram regions").unwrap();
                let mut search = Search::new(&Regions::SEARCH_ONLY, "cram regions").unwrap();
                assert_eq!(
                    tables.value(&parts).unwrap(),
                    search.value(&parts).unwrap(),
                    "{rows}x{cols} {cells:#b}"
                );
                assert_eq!(tables.stats().nodes, 0, "{rows}x{cols} {cells:#b}");
            }
        }
    }

    /// A part the strategy values is not searched, also at the root: 3x9 without its centre
    /// cell (value 0 by the search without the strategy too; a box without an endgame table).
    #[test]
    fn a_region_that_is_its_own_half_turn_is_not_searched() {
        assert!(!small::has_table(3, 9));
        let cells = region::full(3, 9) & !(1 << 13);
        let cram = Cram::new(3, 9, cells, String::new()).unwrap();
        let parts = cram.regions(&Cram::position(cells));
        let mut with = Search::new(&Regions::WITH_TABLE, "cram regions").unwrap();
        assert_eq!(with.value(&parts).unwrap(), 0);
        assert_eq!(with.stats().nodes, 0);
        let mut without = Search::new(&Regions::WITHOUT_SYMMETRY, "cram regions").unwrap();
        assert_eq!(without.value(&parts).unwrap(), 0);
        assert!(without.stats().nodes > 0);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Boards of 21 to 35 cells, most of them their own half-turn: the search with the
        /// symmetry strategy gives the value it gives without (the table alone).
        #[test]
        fn the_half_turn_strategy_changes_no_value(rows in 3u32..=5, cols in 5u32..=7, half in any::<u128>(), centre: bool, filled in 0u32..=50) {
            prop_assume!(!small::has_table(rows, cols));
            let mut cells = symmetric_set(rows, cols, half | half.rotate_left(29), centre);
            // Sometimes one cell more filled: not symmetric any more.
            if filled < rows * cols {
                cells &= !(1u128 << filled);
            }
            let cram = Cram::new(rows, cols, cells, String::new()).unwrap();
            let parts = cram.regions(&Cram::position(cells));
            let mut with = Search::new(&Regions::WITH_TABLE, "cram regions").unwrap();
            let mut without = Search::new(&Regions::WITHOUT_SYMMETRY, "cram regions").unwrap();
            prop_assert_eq!(with.value(&parts).unwrap(), without.value(&parts).unwrap());
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// A table of 64 KiB (a few hundred slots: replacements all the time) and regions
        /// change no answer: random boards up to 5x5 against the definition, by the search
        /// alone (the small regions' table would answer most of them).
        #[test]
        fn a_tiny_table_changes_no_value(rows in 1u32..=5, cols in 1u32..=5, seed in any::<u128>()) {
            let cells = seed & region::full(rows, cols);
            let cram = Cram::new(rows, cols, cells, String::new()).unwrap();
            let tiny = Settings { memory: 1 << 16, ..Settings::default() };
            let parts = cram.regions(&Cram::position(cells));
            let expected = by_definition(rows, cols, cells, &mut HashMap::new());
            let mut search = Search::with(&Regions::SEARCH_ONLY, "cram regions", tiny.clone()).unwrap();
            prop_assert_eq!(search.value(&parts).unwrap(), expected);
            // Keyed by one word, as `value` does on boards of at most 58 cells.
            let mut search = Search::with(&WordRegions::SEARCH_ONLY, "cram regions", tiny).unwrap();
            prop_assert_eq!(search.value(&parts).unwrap(), expected);
        }

        /// An option split knowing that each of its pieces touches the domino (`play`) is
        /// the option split without that knowledge (every cell a mark), as a set of parts:
        /// every domino of random regions (first pieces of random sets) of boxes of up to 64
        /// cells, and up to 128 (the two-word geometry).
        #[test]
        fn an_option_split_from_the_cells_by_the_domino_is_the_whole_split(rows in 1u32..=12, cols in 1u32..=12, seed in any::<u128>(), dense: bool) {
            prop_assume!(rows * cols <= 128);
            let mut cells = seed & region::full(rows, cols);
            if dense {
                cells |= seed.rotate_left(41) & seed.rotate_left(83) & region::full(rows, cols);
            }
            let g = Geometry::<u128>::new(rows, cols);
            let first = g
                .pieces(g.without_spare_cells(cells))
                .find(|&p| g.horizontal(p) | g.vertical(p) != 0);
            let Some(piece) = first else { return Ok(()) };
            let (height, width, trimmed) = g.trimmed(piece);
            let part = Region { rows: height as u8, cols: width as u8, cells: trimmed };
            let mut dominoes = Vec::new();
            Regions::WITH_TABLE.moves(&part, &mut dominoes).unwrap();
            let g = Geometry::<u128>::new(height, width);
            for domino in dominoes {
                let mut marked = Vec::new();
                Regions::WITH_TABLE.play(&part, domino, &mut marked).unwrap();
                let mut whole = Vec::new();
                Regions::WITH_TABLE.split(&g, trimmed & !domino, &mut whole);
                if height * width <= 64 {
                    let mut small = Vec::new();
                    Regions::WITH_TABLE.split(Geometry::<u64>::of(height, width), (trimmed & !domino) as u64, &mut small);
                    small.sort_unstable();
                    let mut sorted = whole.clone();
                    sorted.sort_unstable();
                    prop_assert_eq!(small, sorted);
                }
                marked.sort_unstable();
                whole.sort_unstable();
                prop_assert_eq!(marked, whole);
            }
        }

        /// A one-word key gives its region back, so no two regions share a key: the regions
        /// of random sets of random boxes of at most 58 cells, as the search splits them.
        #[test]
        fn word_keys_give_their_regions_back(rows in 1u32..=58, cols in 1u32..=58, seed in any::<u128>()) {
            prop_assume!(rows * cols <= region::WORD_KEY_CELLS);
            let cells = seed & region::full(rows, cols);
            let mut parts = Vec::new();
            let g = Geometry::<u64>::new(rows, cols);
            Regions::SEARCH_ONLY.split(&g, cells as u64, &mut parts);
            for part in parts {
                prop_assert!(<u64 as RegionKey>::fits(&part));
                let key = <u64 as RegionKey>::of(&part);
                prop_assert_eq!(key.region(), part);
            }
        }
    }
}
