//! X-only tic-tac-toe and Notakto (Bob Koca's game; Plambeck and Whitehead, "The Secrets of
//! Notakto: Winning at X-only Tic-Tac-Toe", arXiv:1301.1672, 2013).
//!
//! **Rules.** Play is on one or more `N x N` boards. A move puts an X on an empty cell of a
//! board that is still live; a board with `N` X's in a row (a row, a column or one of the two
//! diagonals) is *dead* and takes no more X's. Both players put X's, so the game is impartial.
//! `xonly:n=N` is normal play: who cannot move (every board dead) loses, so who kills the last
//! board wins. `notakto:n=N` is its misère play, the game people play: who kills the last board
//! loses. `N = 3` by default.
//!
//! **Positions** are the live boards, a multiset: a dead board is out of play and dropped. Each
//! board is one coordinate, its X's as a bit set (bit `r * N + c`), and is written as rows of
//! `x` and `.` separated by `/` (`x../.x./...`), boards separated by `,`; a bare number `k` is
//! `k` empty boards (`0`: no board). Boards are independent games, the *parts* of the board
//! search ([`crate::solve::search`]), each in a canonical form up to the 8 symmetries of the
//! square (rotations and reflections map lines to lines, so a board and its images are the
//! same game).
//!
//! **Normal play** values each board by the board search, and a position by the XOR of its
//! boards (Sprague–Grundy). **Misère play** (Notakto) is not decided by the boards' values:
//! small positions go by the definition over whole positions, and any number of boards by the
//! misère quotient of the boards ([`crate::misere::quotient`], Plambeck and Siegel): Plambeck
//! and Whitehead found for `3 x 3` boards a commutative monoid of 18 elements with 4
//! P-elements,
//!
//! `Q = <a, b, c, d | a^2 = 1, b^3 = b, b^2 c = c, c^3 = a c^2, b^2 d = d, c d = a d, d^2 = c^2>`,
//! `P = {a, b^2, b c, c^2}`,
//!
//! with the empty board worth `c`: one empty board is a first-player win (`c` is not in `P`; the
//! winning move is the centre, which leaves `a`), two are a second-player win (`c^2` is in `P`),
//! three a first-player win again (`c^3 = a c^2`). `grundy quotient notakto` recomputes the
//! quotient from the rules, and [`theory`] holds the paper's presentation for the tests and
//! `reproduce`.
//!
//! **Size.** Boards are at most `4 x 4` ([`MAX_N`]): a board is a 16-bit part, and a `4 x 4`
//! board has 2^16 cell sets below it, where a `5 x 5` one has 2^25 (too many for the whole
//! explorations misère play needs).

pub mod spec;
pub mod theory;

use std::collections::{HashMap, HashSet};

use crate::game::Convention;
use crate::games::board::{cancel_pairs, Board, BoardSolver};
use crate::ruleset::{Arity, DefaultSequence, Move, NumberedPositions, Position, TemplateNumbers};
use crate::solve::search::Splittable;
use crate::{Error, Result, Ruleset, Solver};

/// The largest board side.
pub const MAX_N: u32 = 4;

/// The most boards a position written as a number may have.
pub const MAX_BOARDS: u64 = 1 << 12;

/// The most positions (an upper bound counted before exploring) that whole explorations of the
/// game (misère play by the definition, remoteness, generations) accept.
pub const MAX_EXPLORED: u128 = 1 << 21;

/// A symmetry of the square on cells: `(last index, row, column)` to `(row, column)`.
type CellMap = fn(u32, u32, u32) -> (u32, u32);

/// X-only tic-tac-toe on `n x n` boards, under its own name (`xonly`) or as Notakto.
#[derive(Debug, Clone)]
pub struct XOnly {
    n: u32,
    /// Named `notakto`: the misère play of the game.
    notakto: bool,
    /// Each line (row, column, diagonal) as a bit set of cells.
    lines: Vec<u16>,
    /// For each of the 8 symmetries of the square, the image of each cell.
    symmetries: Vec<Vec<u8>>,
}

impl XOnly {
    /// X-only tic-tac-toe on `n x n` boards (`notakto`: under the name of its misère play).
    pub fn new(n: u32, notakto: bool) -> Result<Self> {
        if n == 0 || n > MAX_N {
            return Err(Error::TooLarge(format!(
                "boards of side 1 to {MAX_N}, not {n} (a {MAX_N}x{MAX_N} board has 2^16 sets of cells below it, a 5x5 one 2^25: too many for the whole explorations of misère play)"
            )));
        }
        let cell = |r: u32, c: u32| 1u16 << (r * n + c);
        let mut lines = Vec::new();
        for i in 0..n {
            lines.push((0..n).map(|j| cell(i, j)).fold(0, |a, b| a | b));
            lines.push((0..n).map(|j| cell(j, i)).fold(0, |a, b| a | b));
        }
        lines.push((0..n).map(|i| cell(i, i)).fold(0, |a, b| a | b));
        lines.push((0..n).map(|i| cell(i, n - 1 - i)).fold(0, |a, b| a | b));
        let last = n - 1;
        let maps: [CellMap; 8] = [
            |_, r, c| (r, c),
            |l, r, c| (c, l - r),
            |l, r, c| (l - r, l - c),
            |l, r, c| (l - c, r),
            |l, r, c| (r, l - c),
            |l, r, c| (l - r, c),
            |_, r, c| (c, r),
            |l, r, c| (l - c, l - r),
        ];
        let symmetries = maps
            .iter()
            .map(|f| {
                (0..n * n)
                    .map(|i| {
                        let (r, c) = f(last, i / n, i % n);
                        (r * n + c) as u8
                    })
                    .collect()
            })
            .collect();
        Ok(XOnly {
            n,
            notakto,
            lines,
            symmetries,
        })
    }

    /// The board side.
    pub fn side(&self) -> u32 {
        self.n
    }

    /// The cells of a board, as a mask.
    fn full(&self) -> u16 {
        (((1u32 << (self.n * self.n)) - 1) & 0xffff) as u16
    }

    /// Whether a board has `n` X's in a row.
    pub fn dead(&self, board: u16) -> bool {
        for &line in &self.lines {
            if board & line == line {
                return true;
            }
        }
        false
    }

    /// The least image of a board under the 8 symmetries of the square.
    pub fn canonical_board(&self, board: u16) -> u16 {
        self.symmetries
            .iter()
            .map(|map| {
                let mut image = 0u16;
                let mut rest = board;
                while rest != 0 {
                    let i = rest.trailing_zeros() as usize;
                    image |= 1 << map[i];
                    rest &= rest - 1;
                }
                image
            })
            .min()
            .expect("8 symmetries")
    }

    /// The options of one live board: the board after an X on each empty cell, `None` where
    /// that X kills it.
    pub fn board_options(&self, board: u16) -> Vec<(u32, Option<u16>)> {
        let empty = self.full() & !board;
        (0..self.n * self.n)
            .filter(|&i| empty >> i & 1 == 1)
            .map(|i| {
                let next = board | 1 << i;
                (i, (!self.dead(next)).then_some(next))
            })
            .collect()
    }

    /// A board as rows (`x../.x./...`).
    pub fn show_board(&self, board: u16) -> String {
        let n = self.n;
        (0..n)
            .map(|r| {
                (0..n)
                    .map(|c| match board >> (r * n + c) & 1 {
                        1 => 'x',
                        _ => '.',
                    })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("/")
    }

    /// A board from rows of `x` (or `X`) and `.`.
    fn parse_board(&self, text: &str, index: usize) -> Result<u16> {
        let n = self.n as usize;
        let rows: Vec<&str> = text.trim().split('/').map(str::trim).collect();
        let bad = |why: String| {
            Error::Position(format!(
                "board {} ('{}'): {why}; a board is {n} rows of {n} cells, x for an X and . for an empty cell, separated by / (like {})",
                index + 1,
                text.trim(),
                self.show_board(0)
            ))
        };
        if rows.len() != n {
            return Err(bad(format!("{} rows", rows.len())));
        }
        let mut board = 0u16;
        for (r, row) in rows.iter().enumerate() {
            let cells: Vec<char> = row.chars().collect();
            if cells.len() != n {
                return Err(bad(format!("row {} has {} cells", r + 1, cells.len())));
            }
            for (c, &ch) in cells.iter().enumerate() {
                match ch {
                    'x' | 'X' => board |= 1 << (r * n + c),
                    '.' => {}
                    other => return Err(bad(format!("'{other}' is not x or ."))),
                }
            }
        }
        Ok(board)
    }

    /// The position of `k` empty boards.
    pub fn empty_boards(k: u64) -> Position {
        vec![0; k as usize]
    }

    /// A cell in words: `row 2, column 3`, and `the centre` on an odd board.
    fn cell_name(&self, cell: u32) -> String {
        let (r, c) = (cell / self.n, cell % self.n);
        let centre = self.n % 2 == 1 && r == self.n / 2 && c == self.n / 2;
        format!(
            "row {}, column {}{}",
            r + 1,
            c + 1,
            if centre { " (the centre)" } else { "" }
        )
    }

    /// How many positions lie below a board at most (itself and the dead board included):
    /// its canonical live boards below, counted by a walk.
    fn below(&self, board: u16, memo: &mut HashMap<u16, u128>) -> u128 {
        let start = self.canonical_board(board);
        if let Some(&count) = memo.get(&start) {
            return count;
        }
        let mut seen = HashSet::from([start]);
        let mut todo = vec![start];
        while let Some(b) = todo.pop() {
            for (_, next) in self.board_options(b) {
                if let Some(next) = next {
                    let next = self.canonical_board(next);
                    if seen.insert(next) {
                        todo.push(next);
                    }
                }
            }
        }
        let count = seen.len() as u128 + 1;
        memo.insert(start, count);
        count
    }

    /// An upper bound on the whole positions below `position`: the product of each board's
    /// count ([`XOnly::below`]), saturating.
    fn whole_positions_at_most(&self, position: &[u64]) -> u128 {
        let mut memo = HashMap::new();
        position.iter().fold(1u128, |acc, &b| {
            acc.saturating_mul(self.below(b as u16, &mut memo))
        })
    }
}

impl Splittable for XOnly {
    /// A live board in canonical form.
    type Part = u16;
    type Key = u16;

    fn key(&self, part: &u16) -> u16 {
        *part
    }

    fn part_of(&self, key: &u16) -> u16 {
        *key
    }

    fn keeps(&self, part: &u16) -> bool {
        *part & !self.full() == 0 && !self.dead(*part) && self.canonical_board(*part) == *part
    }

    /// The cell an X goes on.
    type Move = u8;

    fn moves(&self, part: &u16, out: &mut Vec<u8>) -> Result<()> {
        let empty = self.full() & !*part;
        out.extend(
            (0..self.n * self.n)
                .filter(|&i| empty >> i & 1 == 1)
                .map(|i| i as u8),
        );
        Ok(())
    }

    fn play(&self, part: &u16, mv: u8, out: &mut Vec<u16>) -> Result<()> {
        let next = *part | 1 << mv;
        if !self.dead(next) {
            out.push(self.canonical_board(next));
        }
        Ok(())
    }

    /// No play on a board is longer than its empty cells.
    fn bound(&self, part: &u16) -> u64 {
        u64::from((self.full() & !*part).count_ones())
    }

    fn write_part(part: &u16, out: &mut Vec<u8>) {
        out.extend_from_slice(&part.to_le_bytes());
    }

    fn read_part(bytes: &[u8]) -> Option<u16> {
        Some(u16::from_le_bytes(bytes.try_into().ok()?))
    }

    const PART_BYTES: usize = 2;
}

impl Ruleset for XOnly {
    fn spec(&self) -> String {
        let name = if self.notakto { "notakto" } else { "xonly" };
        match self.n {
            3 => name.into(),
            n => format!("{name}:n={n}"),
        }
    }

    fn played_as(&self) -> Convention {
        match self.notakto {
            true => Convention::Misere,
            false => Convention::Normal,
        }
    }

    fn arity(&self) -> Arity {
        Arity::AtLeast(0)
    }

    fn position_hint(&self) -> String {
        format!(
            "a number of empty boards (2) or boards as rows, x for an X (like {},{})",
            self.show_board(1 | 1 << (self.n + 1)),
            self.show_board(0)
        )
    }

    fn coordinate_name(&self, _index: usize, _count: usize) -> String {
        "board".into()
    }

    fn validate(&self, position: &[u64]) -> Result<()> {
        for (i, &b) in position.iter().enumerate() {
            if b > u64::from(self.full()) {
                return Err(Error::Position(format!(
                    "board {}: {b} is not a set of cells of a {n}x{n} board (at most {})",
                    i + 1,
                    self.full(),
                    n = self.n
                )));
            }
            if self.dead(b as u16) {
                return Err(Error::Position(format!(
                    "board {} ({}) has {} in a row: a dead board is out of play, not part of a position",
                    i + 1,
                    self.show_board(b as u16),
                    self.n
                )));
            }
        }
        Ok(())
    }

    fn parse_position(&self, text: &str) -> Result<Position> {
        let text = text.trim();
        if !text.contains(['/', '.', 'x', 'X']) {
            let k = crate::number::parse_u64(text).map_err(|_| {
                Error::Position(format!(
                    "'{text}' is neither a number of empty boards nor boards as rows ({})",
                    self.position_hint()
                ))
            })?;
            if k > MAX_BOARDS {
                return Err(Error::TooLarge(format!("{k} boards: at most {MAX_BOARDS}")));
            }
            return Ok(Self::empty_boards(k));
        }
        let mut boards = Vec::new();
        for (i, board) in text.split(',').enumerate() {
            let board = self.parse_board(board, i)?;
            if !self.dead(board) {
                boards.push(u64::from(board));
            }
        }
        Ok(boards)
    }

    fn show_position(&self, position: &[u64]) -> String {
        if position.is_empty() {
            return "0".into();
        }
        position
            .iter()
            .map(|&b| self.show_board(b as u16))
            .collect::<Vec<_>>()
            .join(",")
    }

    fn position_is_text(&self) -> bool {
        true
    }

    fn start(&self) -> Option<Position> {
        Some(Self::empty_boards(1))
    }

    fn template_numbers(&self) -> TemplateNumbers {
        TemplateNumbers::Refused(format!(
            "a position of {} is boards written as rows, with no number for '_' to stand for; `grundy seq {} --to K` goes over 0 to K empty boards",
            self.spec(),
            self.spec()
        ))
    }

    fn moves(&self, position: &[u64]) -> Result<Vec<Move>> {
        self.validate(position)?;
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        let several = position.len() > 1;
        for (i, &b) in position.iter().enumerate() {
            for (cell, next) in self.board_options(b as u16) {
                let mut to: Position = position.to_vec();
                match next {
                    Some(next) => to[i] = u64::from(next),
                    None => {
                        to.remove(i);
                    }
                }
                // Two moves leave the same position (up to symmetry) when they turn boards
                // alike into boards alike.
                let canonical = self.canonical_board(b as u16);
                let after = next.map(|n| self.canonical_board(n));
                if !seen.insert((canonical, after)) {
                    continue;
                }
                let board = match several {
                    true => format!("board {}: ", i + 1),
                    false => String::new(),
                };
                let kills = match next {
                    None => format!(" ({} in a row: the board dies)", self.n),
                    Some(_) => String::new(),
                };
                out.push(Move {
                    description: format!("{board}X at {}{kills}", self.cell_name(cell)),
                    to,
                });
            }
        }
        Ok(out)
    }

    /// The boards in canonical form, sorted: the same game under either convention.
    fn explored_form(&self, position: &[u64]) -> Position {
        let mut boards: Position = position
            .iter()
            .map(|&b| u64::from(self.canonical_board(b as u16)))
            .collect();
        boards.sort_unstable();
        boards
    }

    fn game_parts(&self, position: &[u64]) -> Option<Vec<Position>> {
        let mut parts: Vec<Position> = position
            .iter()
            .map(|&b| vec![u64::from(self.canonical_board(b as u16))])
            .collect();
        parts.sort_unstable();
        Some(parts)
    }

    fn solver(&self) -> Option<Box<dyn Solver + '_>> {
        Some(Box::new(BoardSolver::new(self)))
    }

    /// X-only's values come from the board search; Notakto's (misère play) do not.
    fn uses_board_search(&self) -> bool {
        !self.notakto
    }

    fn reachable_at_least(&self, position: &[u64]) -> u128 {
        let mut memo = HashMap::new();
        position
            .iter()
            .map(|&b| self.below(b as u16, &mut memo))
            .max()
            .unwrap_or(1)
    }

    fn reachable_at_most(&self, position: &[u64]) -> Option<u128> {
        Some(self.whole_positions_at_most(position))
    }

    /// Whole positions are explored (misère play by the definition, remoteness, generations)
    /// when at most [`MAX_EXPLORED`] lie below, by the product of the boards' counts.
    fn check_whole_exploration(&self, position: &[u64]) -> Result<()> {
        let bound = self.whole_positions_at_most(position);
        if bound > MAX_EXPLORED {
            return Err(Error::TooLarge(format!(
                "{} explored whole (misère play by the definition, remoteness, generations): at most {MAX_EXPLORED} positions below, and these {} boards may have {} (the product of each board's positions below); the misère quotient answers any number of boards: grundy quotient {} --position POS",
                self.show_position(position),
                position.len(),
                if bound == u128::MAX { "2^128 or more".to_string() } else { bound.to_string() },
                match self.notakto {
                    true => self.spec(),
                    false => format!("{} --misere", self.spec()),
                }
            )));
        }
        Ok(())
    }

    fn numbered_positions(&self, from: u64, to: u64) -> Option<Result<NumberedPositions>> {
        Some(if to > MAX_BOARDS {
            Err(Error::TooLarge(format!(
                "{to} boards: at most {MAX_BOARDS}"
            )))
        } else {
            Ok(NumberedPositions {
                name: format!("k empty {n}x{n} boards", n = self.n),
                positions: (from..=to).map(Self::empty_boards).collect(),
            })
        })
    }

    fn default_sequence_start(&self) -> Option<u64> {
        Some(0)
    }

    fn default_sequence(
        &self,
        from: Option<u64>,
        to: u64,
        progress: &mut dyn FnMut(u64),
    ) -> Option<Result<DefaultSequence>> {
        let from = from.unwrap_or(0);
        let numbered = self.numbered_positions(from, to)?;
        Some((|| {
            let numbered = numbered?;
            let mut solver = BoardSolver::new(self);
            let mut values = Vec::new();
            for (i, position) in numbered.positions.iter().enumerate() {
                values.push(solver.value(position)?);
                progress(i as u64 + 1);
            }
            Ok(DefaultSequence {
                name: format!("the value of {}", numbered.name),
                from,
                values,
            })
        })())
    }
}

impl Board for XOnly {
    type Game = XOnly;

    fn game(&self) -> &XOnly {
        self
    }

    fn parts(&self, position: &[u64]) -> Vec<u16> {
        let mut boards: Vec<u16> = position
            .iter()
            .map(|&b| self.canonical_board(b as u16))
            .collect();
        cancel_pairs(&mut boards, 0);
        boards
    }

    fn part_name(&self) -> &'static str {
        "board"
    }

    fn identity(&self) -> String {
        format!("xonly:n={}", self.n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 8 lines of a 3x3 board, written out.
    const LINES: [u16; 8] = [
        0b000_000_111,
        0b000_111_000,
        0b111_000_000,
        0b001_001_001,
        0b010_010_010,
        0b100_100_100,
        0b100_010_001,
        0b001_010_100,
    ];

    fn dead(board: u16) -> bool {
        for line in LINES {
            if board & line == line {
                return true;
            }
        }
        false
    }

    /// The plain recursion over whole positions of at most three 3x3 boards (boards as 9-bit
    /// masks, no symmetry, no parts): whether the player to move wins, under normal play (who
    /// cannot move loses) or misère play (who cannot move wins). A position is three slots,
    /// each a live board's number or 0 for no board; its memo is dense.
    struct Recursion {
        misere: bool,
        /// A live board's number (1..), 0 for a dead one.
        number: Vec<usize>,
        /// The live boards by number (`boards[0]` unused).
        boards: Vec<u16>,
        /// 0 unknown, 1 won, 2 lost.
        memo: Vec<u8>,
    }

    impl Recursion {
        fn new(misere: bool) -> Self {
            let mut number = vec![0; 512];
            let mut boards = vec![0];
            for b in 0..512u16 {
                if !dead(b) {
                    number[b as usize] = boards.len();
                    boards.push(b);
                }
            }
            let n = boards.len();
            Recursion {
                misere,
                number,
                boards,
                memo: vec![0; n * n * n],
            }
        }

        /// Whether the player to move wins the boards given (at most three, live).
        fn wins(&mut self, boards: &[u16]) -> bool {
            let mut slots = [0usize; 3];
            for (i, &b) in boards.iter().enumerate() {
                slots[i] = self.number[b as usize];
                assert!(slots[i] > 0, "a live board");
            }
            self.slots(slots)
        }

        fn slots(&mut self, mut t: [usize; 3]) -> bool {
            t.sort_unstable();
            let n = self.boards.len();
            let key = (t[0] * n + t[1]) * n + t[2];
            if self.memo[key] != 0 {
                return self.memo[key] == 1;
            }
            let mut moved = false;
            let mut win = false;
            'moves: for slot in 0..3 {
                if t[slot] == 0 {
                    continue;
                }
                let b = self.boards[t[slot]];
                for cell in 0..9 {
                    if b >> cell & 1 == 0 {
                        moved = true;
                        let mut u = t;
                        u[slot] = self.number[(b | 1 << cell) as usize];
                        if !self.slots(u) {
                            win = true;
                            break 'moves;
                        }
                    }
                }
            }
            if !moved {
                win = self.misere;
            }
            self.memo[key] = if win { 1 } else { 2 };
            win
        }
    }

    /// Every live 3x3 board.
    fn live() -> Vec<u16> {
        (0..512u16).filter(|&b| !dead(b)).collect()
    }

    fn game() -> XOnly {
        XOnly::new(3, false).unwrap()
    }

    #[test]
    fn lines_and_symmetries_are_those_of_the_square() {
        let g = game();
        let mut lines = g.lines.clone();
        lines.sort_unstable();
        let mut expected = LINES.to_vec();
        expected.sort_unstable();
        assert_eq!(lines, expected);
        // Every symmetry maps lines to lines, and the 8 are distinct.
        let images: HashSet<Vec<u8>> = g.symmetries.iter().cloned().collect();
        assert_eq!(images.len(), 8);
        for board in 0..512u16 {
            assert_eq!(g.dead(board), dead(board));
            assert_eq!(dead(g.canonical_board(board)), dead(board));
        }
    }

    #[test]
    fn normal_values_give_the_outcomes_of_the_plain_recursion_on_up_to_three_boards() {
        let g = game();
        let mut solver = BoardSolver::new(&g);
        let mut reference = Recursion::new(false);
        let live = live();
        let value = |solver: &mut BoardSolver<XOnly>, boards: &[u16]| {
            let position: Vec<u64> = boards.iter().map(|&b| u64::from(b)).collect();
            solver.value(&position).unwrap()
        };
        for (i, &a) in live.iter().enumerate() {
            assert_eq!(value(&mut solver, &[a]) != 0, reference.wins(&[a]), "{a}");
            for &b in &live[i..] {
                assert_eq!(value(&mut solver, &[a, b]) != 0, reference.wins(&[a, b]));
            }
        }
        let mut rng = 12345u64;
        let mut next = || {
            rng = rng
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            live[(rng >> 33) as usize % live.len()]
        };
        let mut triples = vec![[0, 0, 0]];
        triples.extend((0..3000).map(|_| [next(), next(), next()]));
        for t in triples {
            assert_eq!(value(&mut solver, &t) != 0, reference.wins(&t), "{t:?}");
        }
    }

    /// Notakto (misère play) by the definition: every board alone, pairs and triples drawn,
    /// and 1, 2 and 3 empty boards, against the plain recursion.
    #[test]
    fn misere_outcomes_by_the_definition_are_those_of_the_plain_recursion() {
        let played = crate::misere::play::parse_game("notakto", false).unwrap();
        let notakto = played.ruleset();
        let mut solver = notakto.solver().unwrap();
        let mut reference = Recursion::new(true);
        let live = live();
        let mut rng = 777u64;
        let mut next = || {
            rng = rng
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            live[(rng >> 33) as usize % live.len()]
        };
        let mut cases: Vec<Vec<u16>> = vec![vec![0], vec![0, 0], vec![0, 0, 0]];
        cases.extend(live.iter().map(|&b| vec![b]));
        cases.extend((0..300).map(|_| vec![next(), next()]));
        cases.extend((0..100).map(|_| vec![next(), next(), next()]));
        for boards in cases {
            let position: Vec<u64> = boards.iter().map(|&b| u64::from(b)).collect();
            let p = solver.value(&position).unwrap() == 0;
            assert_eq!(!p, reference.wins(&boards), "{boards:?}");
        }
        // The paper: one board won by the first player, two by the second.
        assert!(reference.wins(&[0]));
        assert!(!reference.wins(&[0, 0]));
    }

    /// The misère quotient of the boards gives every position of at most three boards the
    /// outcome of the plain recursion (all 2 million of them).
    #[test]
    fn the_quotients_outcomes_are_those_of_the_plain_recursion_on_up_to_three_boards() {
        use crate::misere::quotient::{part_quotient, MAX_ORDER};
        let notakto = XOnly::new(3, true).unwrap();
        let (q, parts, report) =
            part_quotient(&notakto, &[vec![0]], MAX_ORDER, &mut |_| {}).unwrap();
        assert_eq!((report.order, report.p_count), (18, 4));
        let live = live();
        let element: Vec<u32> = live
            .iter()
            .map(|&b| {
                q.class_of(&parts.numbers(&notakto, &[u64::from(b)]).unwrap())
                    .unwrap()
            })
            .collect();
        let mut reference = Recursion::new(true);
        let m = q.monoid();
        assert!(!q.is_p(0));
        for i in 0..live.len() {
            assert_eq!(q.is_p(element[i]), !reference.wins(&[live[i]]));
            for j in i..live.len() {
                let x = m.mul(element[i], element[j]);
                assert_eq!(q.is_p(x), !reference.wins(&[live[i], live[j]]));
                for k in j..live.len() {
                    let y = m.mul(x, element[k]);
                    assert_eq!(
                        q.is_p(y),
                        !reference.wins(&[live[i], live[j], live[k]]),
                        "{:?}",
                        [live[i], live[j], live[k]]
                    );
                }
            }
        }
    }

    #[test]
    fn positions_are_read_and_written_as_rows_and_dead_boards_dropped() {
        let g = game();
        assert_eq!(g.parse_position("2").unwrap(), vec![0, 0]);
        assert_eq!(g.parse_position("0").unwrap(), Vec::<u64>::new());
        let p = g.parse_position("x../.x./..., xxx/.../...").unwrap();
        assert_eq!(p, vec![1 | 1 << 4]);
        assert_eq!(g.show_position(&p), "x../.x./...");
        assert_eq!(g.show_position(&[]), "0");
        for bad in ["x../...", "xo./.../...", "2,3", "-1"] {
            assert!(g.parse_position(bad).is_err(), "{bad}");
        }
        assert!(g.validate(&[7]).is_err());
        assert!(g.validate(&[512]).is_err());
    }

    #[test]
    fn moves_name_the_board_and_the_cell_and_list_each_option_once() {
        let g = game();
        let moves = Ruleset::moves(&g, &[0]).unwrap();
        // The empty board has three kinds of cell: corner, edge, centre.
        assert_eq!(moves.len(), 3);
        assert!(moves
            .iter()
            .any(|m| m.description == "X at row 2, column 2 (the centre)"));
        let moves = Ruleset::moves(&g, &[0b000_000_011, 0]).unwrap();
        assert!(moves.iter().any(|m| m.description
            == "board 1: X at row 1, column 3 (3 in a row: the board dies)"
            && m.to == vec![0]));
    }
}
