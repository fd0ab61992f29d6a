//! Regions of a Cram board as bit sets: connected pieces, their bounding boxes and their
//! canonical form under the eight symmetries of the square.
//!
//! A region of `rows x cols` cells (at most [`MAX_CELLS`]) is a bit set whose bit
//! `r * cols + c` is set when cell `(r, c)` is empty. Shifting the whole set by one moves every
//! cell to a neighbour; the masks of the first and last columns stop a shift from wrapping a
//! row's end onto the next row. The operations are generic over the word ([`Bits`]): a box of
//! at most 64 cells (most regions of the boards searched) is worked on as a `u64`, where a
//! variable shift is one instruction, larger ones as a `u128`; a [`Region`] stores either as
//! a `u128`.

use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Shl, Shr, Sub};
use std::sync::OnceLock;

pub use crate::games::board::for_each_bit;

/// The most cells a board may have: one bit per cell in a `u128`.
pub const MAX_CELLS: u32 = 128;

/// A word of bits, one per cell of a box: `u64` (boxes of at most 64 cells) or `u128`.
pub trait Bits:
    Copy
    + Eq
    + Ord
    + Default
    + Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + Sub<Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    /// Bits in the word.
    const BITS: u32;
    /// No bit.
    const ZERO: Self;
    /// Bit 0.
    const ONE: Self;
    /// Every bit.
    const MAX: Self;
    /// Every other bit, from bit 0.
    const EVEN: Self;
    fn count_ones(self) -> u32;
    fn trailing_zeros(self) -> u32;
    fn leading_zeros(self) -> u32;
    fn reverse_bits(self) -> Self;
    fn wrapping_neg(self) -> Self;
    fn wrapping_add(self, other: Self) -> Self;
    /// The low bits of a `u128` (the caller knows the others are 0).
    fn from_u128(x: u128) -> Self;
    fn to_u128(self) -> u128;
    /// The geometry of every box that fits the word, `[(rows - 1) * BITS + cols - 1]`, each
    /// made on first use (making all 16,384 of `u128` at once took about a millisecond).
    fn geometries() -> &'static [OnceLock<Geometry<Self>>];
    /// Bit `b` of the byte `byte` moved to bit `b * stride` (those that fit the word).
    fn spread(byte: u32, stride: u32) -> Self {
        let mut out = Self::ZERO;
        for b in 0..8 {
            if byte >> b & 1 == 1 && b * stride < Self::BITS {
                out |= Self::ONE << (b * stride);
            }
        }
        out
    }
}

macro_rules! bits {
    ($t:ty) => {
        impl Bits for $t {
            const BITS: u32 = <$t>::BITS;
            const ZERO: Self = 0;
            const ONE: Self = 1;
            const MAX: Self = <$t>::MAX;
            const EVEN: Self = <$t>::MAX / 3;
            fn count_ones(self) -> u32 {
                <$t>::count_ones(self)
            }
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }
            fn leading_zeros(self) -> u32 {
                <$t>::leading_zeros(self)
            }
            fn reverse_bits(self) -> Self {
                <$t>::reverse_bits(self)
            }
            fn wrapping_neg(self) -> Self {
                <$t>::wrapping_neg(self)
            }
            fn wrapping_add(self, other: Self) -> Self {
                <$t>::wrapping_add(self, other)
            }
            fn from_u128(x: u128) -> Self {
                x as $t
            }
            fn to_u128(self) -> u128 {
                self as u128
            }
            fn geometries() -> &'static [OnceLock<Geometry<Self>>] {
                static ALL: [OnceLock<Geometry<$t>>; (<$t>::BITS * <$t>::BITS) as usize] =
                    [const { OnceLock::new() }; (<$t>::BITS * <$t>::BITS) as usize];
                &ALL
            }
        }
    };
}
bits!(u128);

impl Bits for u64 {
    const BITS: u32 = u64::BITS;
    const ZERO: Self = 0;
    const ONE: Self = 1;
    const MAX: Self = u64::MAX;
    const EVEN: Self = u64::MAX / 3;
    fn count_ones(self) -> u32 {
        u64::count_ones(self)
    }
    fn trailing_zeros(self) -> u32 {
        u64::trailing_zeros(self)
    }
    fn leading_zeros(self) -> u32 {
        u64::leading_zeros(self)
    }
    fn reverse_bits(self) -> Self {
        u64::reverse_bits(self)
    }
    fn wrapping_neg(self) -> Self {
        u64::wrapping_neg(self)
    }
    fn wrapping_add(self, other: Self) -> Self {
        u64::wrapping_add(self, other)
    }
    fn from_u128(x: u128) -> Self {
        x as u64
    }
    fn to_u128(self) -> u128 {
        self as u128
    }
    fn geometries() -> &'static [OnceLock<Geometry<Self>>] {
        static ALL: [OnceLock<Geometry<u64>>; 64 * 64] = [const { OnceLock::new() }; 64 * 64];
        &ALL
    }
    /// From a table made when grundy is compiled (a transpose is a few lookups a row). Made
    /// at run time on first use, it cost `value cram:5x5` 116 of its 361 page faults.
    fn spread(byte: u32, stride: u32) -> Self {
        SPREAD_U64[stride as usize][byte as usize]
    }
}

/// `SPREAD_U64[stride][byte]`: bit `b` of `byte` moved to bit `b * stride`, for the strides
/// of a `u64` (those bits that fit).
static SPREAD_U64: [[u64; 256]; 65] = {
    let mut table = [[0u64; 256]; 65];
    let mut stride = 0;
    while stride <= 64 {
        let mut byte = 0;
        while byte < 256 {
            let mut b = 0;
            while b < 8 {
                if byte >> b & 1 == 1 && b * stride < 64 {
                    table[stride][byte] |= 1 << (b * stride);
                }
                b += 1;
            }
            byte += 1;
        }
        stride += 1;
    }
    table
};

/// A set of empty cells inside a `rows x cols` box. Packed (18 bytes, no padding) to keep the
/// search's table slots small.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord)]
#[repr(C, packed)]
pub struct Region {
    /// Rows of the box.
    pub rows: u8,
    /// Columns of the box.
    pub cols: u8,
    /// Bit `r * cols + c`: cell `(r, c)` is empty.
    pub cells: u128,
}

impl std::hash::Hash for Region {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        // One word (the table's hasher spreads it): the box and the cells folded together.
        let cells = self.cells;
        let (lo, hi) = (cells as u64, (cells >> 64) as u64);
        state.write_u64(
            lo ^ hi.rotate_left(23)
                ^ (u64::from(self.rows) << 8 | u64::from(self.cols))
                    .wrapping_mul(0x9e37_79b9_7f4a_7c15),
        );
    }
}

impl Region {
    /// Whether the box has at most 64 cells (its cells fit a `u64`).
    pub fn is_small(&self) -> bool {
        u32::from(self.rows) * u32::from(self.cols) <= 64
    }
}

/// How the search's table keeps a region ([`crate::solve::search::Splittable::Key`]): the
/// region itself, for any box, or one word for boxes of at most [`WORD_KEY_CELLS`] cells.
pub trait RegionKey: Copy + Eq + std::hash::Hash + Default + Debug + Send + Sync + 'static {
    /// The key of a (trimmed) region that [`RegionKey::fits`].
    fn of(region: &Region) -> Self;
    /// The region of a key.
    fn region(self) -> Region;
    /// Whether the region has a key of this kind.
    fn fits(region: &Region) -> bool;
}

impl RegionKey for Region {
    fn of(region: &Region) -> Self {
        *region
    }
    fn region(self) -> Region {
        self
    }
    fn fits(_: &Region) -> bool {
        true
    }
}

/// The most cells of a box whose regions have a one-word key: the cells, then `cols - 1` in
/// the top six bits.
pub const WORD_KEY_CELLS: u32 = 58;

/// A region of a box of at most [`WORD_KEY_CELLS`] cells in one word: its cells in bits
/// `0..rows * cols` and `cols - 1` in bits 58 to 63. The rows are read back from the highest
/// cell, since a region touches the last row of its box (regions are trimmed to their box).
impl RegionKey for u64 {
    #[inline(always)]
    fn of(region: &Region) -> Self {
        debug_assert!(Self::fits(region));
        region.cells as u64 | u64::from(region.cols - 1) << WORD_KEY_CELLS
    }
    fn region(self) -> Region {
        let cols = (self >> WORD_KEY_CELLS) as u32 + 1;
        let cells = self & ((1 << WORD_KEY_CELLS) - 1);
        let rows = (63 - cells.leading_zeros().min(63)) / cols + 1;
        Region {
            rows: rows as u8,
            cols: cols as u8,
            cells: cells.into(),
        }
    }
    fn fits(region: &Region) -> bool {
        let cells = region.cells;
        u32::from(region.rows) * u32::from(region.cols) <= WORD_KEY_CELLS
            && cells != 0
            && 127 - cells.leading_zeros() >= (u32::from(region.rows) - 1) * u32::from(region.cols)
    }
}

/// The cells of column `c` of a `rows x cols` box.
fn column<W: Bits>(rows: u32, cols: u32, c: u32) -> W {
    (0..rows).fold(W::ZERO, |m, r| m | W::ONE << (r * cols + c))
}

/// The cells of a `rows x cols` box.
pub fn full(rows: u32, cols: u32) -> u128 {
    full_in(rows, cols)
}

/// The cells of a `rows x cols` box, in a word of `W`.
pub fn full_in<W: Bits>(rows: u32, cols: u32) -> W {
    low_bits(rows * cols)
}

/// Shifts that stay inside a box: what each needs to know of it.
#[derive(Debug, Clone, Copy)]
pub struct Geometry<W = u128> {
    rows: u32,
    cols: u32,
    not_first: W,
    not_last: W,
    first_column: W,
    row_mask: W,
    /// The cells `(r, c)` with `r + c` even (a checkerboard colour).
    even: W,
    /// `ceil(2^16 / cols)`: the row of bit `i < 128` is `i * by_cols >> 16` (exact, since
    /// `i * (by_cols * cols - 2^16) < 2^16`), a multiplication instead of a division.
    by_cols: u32,
}

impl<W: Bits> Geometry<W> {
    /// The geometry of a `rows x cols` box (at most `W::BITS` cells).
    pub fn new(rows: u32, cols: u32) -> Self {
        let all = full_in::<W>(rows, cols);
        Geometry {
            rows,
            cols,
            not_first: all & !column::<W>(rows, cols, 0),
            not_last: all & !column::<W>(rows, cols, cols - 1),
            first_column: column(rows, cols, 0),
            row_mask: low_bits(cols),
            even: even_cells(rows, cols),
            by_cols: (1u32 << 16).div_ceil(cols),
        }
    }

    /// The geometry of a `rows x cols` box (at most `W::BITS` cells), made once.
    #[inline(always)]
    pub fn of(rows: u32, cols: u32) -> &'static Geometry<W> {
        debug_assert!(rows >= 1 && cols >= 1 && rows * cols <= W::BITS);
        W::geometries()[((rows - 1) * W::BITS + cols - 1) as usize]
            .get_or_init(|| Geometry::new(rows, cols))
    }

    /// The cells of column `c`.
    pub fn column(&self, c: u32) -> W {
        self.first_column << c
    }

    /// The cells of row `r`.
    pub fn row(&self, r: u32) -> W {
        self.row_mask << (r * self.cols)
    }

    /// The empty cells whose right neighbour is empty too (left halves of horizontal dominoes).
    #[inline(always)]
    pub fn horizontal(&self, cells: W) -> W {
        cells & self.not_last & (cells >> 1)
    }

    /// The empty cells whose lower neighbour is empty too (upper halves of vertical dominoes).
    #[inline(always)]
    pub fn vertical(&self, cells: W) -> W {
        cells & self.up(cells)
    }

    /// `set` one row up (bit `i + cols` to bit `i`). Two shifts, as a shift by the whole width
    /// of `W` (a box of one row of `W::BITS` cells) would overflow: this one gives no cells,
    /// as there is no row below.
    #[inline(always)]
    fn up(&self, set: W) -> W {
        (set >> (self.cols - 1)) >> 1
    }

    /// `set` one row down (bit `i` to bit `i + cols`), as [`Geometry::up`].
    #[inline(always)]
    fn down(&self, set: W) -> W {
        (set << (self.cols - 1)) << 1
    }

    /// The most dominoes that fit in `cells`: at most one per cell of the rarer colour of a
    /// checkerboard.
    #[inline(always)]
    pub fn dominoes_at_most(&self, cells: W) -> u32 {
        let black = (cells & self.even).count_ones();
        let white = (cells & !self.even).count_ones();
        black.min(white)
    }

    /// `cells` without cells that do not change its value, by two rules of igs (Beling's
    /// "star reduction" and its bridges), both cases of one lemma of Arc-Kayles, which Cram is
    /// on the graph of empty cells (a domino takes two neighbours away).
    ///
    /// A *tuft* is an empty cell with one empty neighbour, its *star*. **Lemma:** a cell `x`
    /// each of whose neighbours has a tuft other than `x` may be taken away. Proof, by
    /// induction on the number of cells: a domino `D` not on `x` cannot take a tuft `t` of a
    /// neighbour `n` of `x` without taking `n` (`t`'s only neighbour), so the position less `D`
    /// still meets the lemma's condition, and by induction it and the position less `x` and
    /// `D` have one value; a domino on `x` and a neighbour `n` leaves `n`'s tuft isolated, so
    /// its value is that of the position less `x` with the domino on `n` and its tuft. So the
    /// options of the position and of the position less `x` have the same values, hence the
    /// same mex.
    ///
    /// The rules: of two tufts of one star, one goes (the lemma with `x` a tuft); and a
    /// *bridge* goes, a cell that is neither a tuft nor a star and whose neighbours are all
    /// stars (each has a tuft, not the bridge).
    ///
    /// **One round is enough**: after it, neither rule applies. A cell that goes (a spare tuft,
    /// a bridge) has only stars for neighbours, so only stars lose neighbours. A star keeps one
    /// tuft, so it stays a star; it becomes a tuft itself only when that tuft is all it has
    /// left, and then the two are a piece of two cells, where no rule applies. Every other cell
    /// keeps its neighbours, so the tufts, the stars and the bridges elsewhere are those the
    /// round saw, and it took them all. (A test checks this on every set of the boxes of at
    /// most 20 cells.)
    #[inline(always)]
    pub fn without_spare_cells(&self, cells: W) -> W {
        // Cells whose right, left, lower, upper neighbour is empty.
        let right = self.horizontal(cells);
        let left = right << 1;
        let down = self.vertical(cells);
        let up = self.down(down);
        let (one_or_three, two_or_more) = {
            let (s1, c1) = (right ^ left, right & left);
            let (s2, c2) = (s1 ^ down, s1 & down);
            (s2 ^ up, c1 | c2 | (s2 & up))
        };
        let tufts = cells & one_or_three & !two_or_more;
        if tufts == W::ZERO {
            return cells;
        }
        // Each tuft's star, by the side it lies on; a star reached again is spare.
        let stars = [
            (tufts & right) << 1,
            (tufts & left) >> 1,
            self.down(tufts & down),
            self.up(tufts & up),
        ];
        let (mut seen, mut spare) = (W::ZERO, W::ZERO);
        for (side, star) in stars.into_iter().enumerate() {
            let again = star & seen;
            spare |= match side {
                0 => again >> 1,
                1 => again << 1,
                2 => self.up(again),
                _ => self.down(again),
            };
            seen |= star;
        }
        // Bridges: neither tufts nor stars, with no neighbour but stars.
        let others = cells & !tufts & !seen;
        let bridges = others & !self.neighbours(others);
        cells & !(spare | bridges)
    }

    /// The cells whose edge to their right neighbour may be cut without changing the value
    /// (igs's `forbidden_horizontal_moves`, which it uses to split components): the two
    /// horizontal edges of a full 2 x 2 square whose opposite corners `x` and `j` have no
    /// other empty neighbour.
    ///
    /// **Lemma** (on any graph, Arc-Kayles): let `x` and `j` be twins, `N(x) = N(j) = {a,
    /// b}`. Then `G` and `G'`, `G` less the edges `xa` and `jb`, have the same value.
    /// Proof, by induction on the number of vertices. Swapping `x` and `j` is an automorphism
    /// of `G`, so its options by `xa` and `ja` are isomorphic, and so are those by `xb` and
    /// `jb`: its options' values are those of the moves `ja`, `xb` and the edges away from
    /// `x` and `j`. `G'` has exactly those moves. The moves `ja` and `xb` leave the same graph
    /// in both (each cut edge meets a vertex taken). An edge that meets neither `a` nor `b`
    /// leaves the twins as they were, equal by induction. An edge on `a` (not to `x` or `j`)
    /// leaves `x` and `j` two tufts of `b` in `G`, and only `x` in `G'` (`j` is isolated):
    /// equal by the tuft lemma of [`Geometry::without_spare_cells`]; likewise an edge on `b`
    /// (and an edge `ab` leaves the same graph in both).
    ///
    /// In a square with top left `x` (no empty neighbour above or to the left) and bottom
    /// right `j` (none below or to the right), the cut edges are the two horizontal ones; in
    /// its mirror image (the twins top right and bottom left), the same two. A twin of one
    /// such square is never a cell of another (its blocked sides forbid it) unless both are the
    /// same isolated square, which cuts the same edges either way, so the lemma applies to
    /// each square in turn and all of them may be cut at once.
    #[inline(always)]
    pub fn cut_right(&self, cells: W) -> W {
        let c = self.cols;
        let right = self.horizontal(cells);
        let left = right << 1;
        let down = self.vertical(cells);
        let up = self.down(down);
        // Corners: top left, bottom right, top right, bottom left.
        let top_left = right & down & !left & !up;
        let bottom_right = left & up & !right & !down;
        let top_right = left & down & !right & !up;
        let bottom_left = right & up & !left & !down;
        // Squares by their top left cell.
        let falling = top_left & (self.up(bottom_right) >> 1);
        let rising = (top_right & (bottom_left >> (c - 1))) >> 1;
        let squares = falling | rising;
        squares | self.down(squares)
    }

    /// The cells of the box next to a cell of `set`.
    #[inline(always)]
    fn neighbours(&self, set: W) -> W {
        (set << 1) & self.not_first | (set >> 1) & self.not_last | self.down(set) | self.up(set)
    }

    /// The cells of the box next to a cell of `set`.
    #[inline(always)]
    pub fn next_to(&self, set: W) -> W {
        self.neighbours(set)
    }

    /// Whether `cells` is one piece (not empty).
    pub fn is_one_piece(&self, cells: W) -> bool {
        self.pieces(cells).count() == 1
    }

    /// The connected pieces of `cells` (neighbours share a side), in no particular order.
    pub fn pieces(&self, cells: W) -> Pieces<'_, W> {
        self.pieces_cut(cells, W::ZERO, cells)
    }

    /// The connected pieces of `cells`, as [`Geometry::pieces`], with the edges from the cells
    /// of `cut` to their right neighbours taken away, given `marks`: cells such that every
    /// piece holds one (all of `cells` will do), or none when `cells` is one piece.
    ///
    /// A piece grows from a mark by whole runs of its rows and a step up and down at a time. In
    /// `joined`, the cells joined to their right neighbour, a run of a row is a run of set bits:
    /// adding a seed's bit to it carries through the run to the bit of its last cell (the first
    /// one not set), so the bits the sum changes are the cells from the seed to the run's end.
    /// To the left a carry cannot go; the seeds are moved 1, 2, 4 and 8 cells (a parallel
    /// prefix: `reach[k]` holds the cells joined to the next `2^k` to their right), which fills
    /// runs of up to 16 cells at once, and longer ones over several steps. A piece that has
    /// reached every mark left is all that is left (every other piece would hold one): after a
    /// domino, the marks are the cells around it, joined again a few steps from it, while
    /// growing over the whole region would take as many steps as it is long.
    #[inline(always)]
    pub fn pieces_cut(&self, cells: W, cut: W, marks: W) -> Pieces<'_, W> {
        let joined = cells & self.not_last & !cut & (cells >> 1);
        let mut reach = [joined; 4];
        for k in 1..4 {
            reach[k] = reach[k - 1] & (reach[k - 1] >> (1 << (k - 1)));
        }
        Pieces {
            g: self,
            cells,
            marks,
            joined,
            reach,
            carried: W::ZERO,
        }
    }

    /// The piece `cells` (of this box) in its own bounding box, in canonical form.
    pub fn region(&self, cells: W) -> Region {
        let (height, width, trimmed) = self.trimmed(cells);
        canonical(height, width, trimmed)
    }

    /// The piece `cells` (of this box) moved to its own bounding box, as it lies: the box's
    /// rows, columns and the cells (bit `r * width + c`).
    #[inline(always)]
    pub fn trimmed(&self, cells: W) -> (u32, u32, W) {
        let row_of = |bit: u32| (bit * self.by_cols) >> 16;
        let first = row_of(cells.trailing_zeros());
        let last = row_of(W::BITS - 1 - cells.leading_zeros());
        let height = last - first + 1;
        // The rows folded onto the first: twice as many rows at each step.
        let mut columns = cells >> (first * self.cols);
        let mut span = self.cols;
        while span < height * self.cols {
            columns |= columns >> span;
            span <<= 1;
        }
        let columns = columns & self.row_mask;
        let c0 = columns.trailing_zeros();
        let width = W::BITS - columns.leading_zeros() - c0;
        let shifted = cells >> (first * self.cols + c0);
        let trimmed = match width == self.cols {
            true => shifted,
            false => {
                let mask = low_bits::<W>(width);
                (0..height).fold(W::ZERO, |out, r| {
                    out | ((shifted >> (r * self.cols)) & mask) << (r * width)
                })
            }
        };
        (height, width, trimmed)
    }

    /// Rows and columns of the box.
    pub fn size(&self) -> (u32, u32) {
        (self.rows, self.cols)
    }
}

/// The pieces of a set, one at a time ([`Geometry::pieces_cut`]): an iterator, so that the
/// caller's work on each piece is compiled in the same function as the growing.
pub struct Pieces<'g, W> {
    g: &'g Geometry<W>,
    /// What is left to split.
    cells: W,
    marks: W,
    /// The cells joined to their right neighbour, and `reach[k]`: those joined to the next
    /// `2^k` to their right.
    joined: W,
    reach: [W; 4],
    /// Part of a piece grown already (when another finished first), or nothing.
    carried: W,
}

impl<W: Bits> Pieces<'_, W> {
    /// `set` grown by whole runs of its rows, then a row up and down.
    #[inline(always)]
    fn grow(&self, set: W) -> W {
        let joined = self.joined;
        let mut run = (joined.wrapping_add(set & joined) ^ joined) | set;
        for (k, &reach) in self.reach.iter().enumerate() {
            run |= reach & (run >> (1 << k));
        }
        run | self.g.down(run) | self.g.up(run)
    }

    /// `piece` (within one piece of `cells`) grown to its whole piece; one that has reached
    /// every mark of `left` is all of `cells`.
    #[inline(always)]
    fn whole(&self, mut piece: W, cells: W, left: W) -> W {
        loop {
            if piece & left == left {
                return cells;
            }
            let next = self.grow(piece) & cells;
            if next == piece {
                return piece;
            }
            piece = next;
        }
    }
}

impl<W: Bits> Iterator for Pieces<'_, W> {
    type Item = W;

    #[inline(always)]
    fn next(&mut self) -> Option<W> {
        let cells = self.cells;
        if cells == W::ZERO {
            return None;
        }
        let left = self.marks & cells;
        if left == W::ZERO {
            // No mark left: what is left is one piece.
            self.cells = W::ZERO;
            return Some(cells);
        }
        let mut a = match self.carried == W::ZERO {
            true => left & left.wrapping_neg(),
            false => self.carried,
        };
        self.carried = W::ZERO;
        let others = left & !a;
        // Two pieces grow at once, from the first mark and from the last, which keeps two
        // chains of work in flight; once they meet, one grows on.
        let piece = match others == W::ZERO {
            true => cells,
            false => {
                let mut b = W::ONE << (W::BITS - 1 - others.leading_zeros());
                loop {
                    let (next_a, next_b) = (self.grow(a) & cells, self.grow(b) & cells);
                    if next_a & next_b != W::ZERO {
                        break self.whole(next_a | next_b, cells, left);
                    }
                    if next_a == a {
                        self.carried = next_b;
                        break a;
                    }
                    if next_b == b {
                        self.carried = next_a;
                        break b;
                    }
                    (a, b) = (next_a, next_b);
                }
            }
        };
        self.cells = cells & !piece;
        Some(piece)
    }
}

/// `0..n` from the centre outwards (`2, 1, 3, 0, 4` for 5; `1, 2, 0, 3` for 4), `n <= 128`.
pub fn centre_out(n: u32) -> impl Iterator<Item = u32> {
    CENTRE_OUT[n as usize][..n as usize]
        .iter()
        .map(|&i| u32::from(i))
}

/// Every domino of a `rows x cols` box (`rows * cols <= 128`), as the mask of its two cells,
/// nearest the centre first: by the taxicab distance from the box's centre to the domino's
/// centre, then vertical before horizontal, then vertical ones by column and horizontal ones by
/// row from the centre outwards ([`centre_out`]), then in the order of their bits. Made once per
/// box, on first use. In a long box, at least 4 cells across and 2.5 times as long, every
/// domino across it comes first (each kind still by that distance).
///
/// A central domino is the likeliest to split a region (a split region is the quickest to
/// value) and to answer a question early. igs's order, all vertical dominoes by column and
/// then all horizontal ones by row, searched 1.35x more positions on Cram 5x9 (22.7 M against
/// 16.9 M) and 2x more on 5x7, but fewer on 4x11: hence the long boxes' order, with which
/// 4x11 searches 1.20x fewer positions than with the distance alone, and the boards with no
/// such box as many (BENCHMARKS.md, issue 49).
pub fn dominoes_from_centre(rows: u32, cols: u32) -> &'static [u128] {
    const SIDE: usize = 128;
    static ORDERS: [OnceLock<Box<[u128]>>; SIDE * SIDE] = [const { OnceLock::new() }; SIDE * SIDE];
    debug_assert!(rows >= 1 && cols >= 1 && rows * cols <= 128);
    ORDERS[(rows as usize - 1) * SIDE + cols as usize - 1].get_or_init(|| {
        let mut dominoes = Vec::new();
        for c in centre_out(cols) {
            for r in 0..rows.saturating_sub(1) {
                dominoes.push(1u128 << (r * cols + c) | 1u128 << ((r + 1) * cols + c));
            }
        }
        for r in centre_out(rows) {
            for c in 0..cols.saturating_sub(1) {
                dominoes.push(3u128 << (r * cols + c));
            }
        }
        // Twice the distance, to stay in integers: a domino's centre is at half a cell.
        let distance = |d: u128| {
            let (a, b) = (d.trailing_zeros(), 127 - d.leading_zeros());
            let (y, x) = (a / cols + b / cols, a % cols + b % cols);
            y.abs_diff(rows - 1) + x.abs_diff(cols - 1)
        };
        let horizontal = |d: u128| d.trailing_zeros() / cols == (127 - d.leading_zeros()) / cols;
        let (short, long) = (rows.min(cols), rows.max(cols));
        match short >= 4 && 2 * long >= 5 * short {
            // A long box: every domino across it first.
            true => dominoes.sort_by_key(|&d| (horizontal(d) == (cols >= rows), distance(d))),
            false => dominoes.sort_by_key(|&d| (distance(d), horizontal(d))),
        }
        dominoes.into_boxed_slice()
    })
}

/// [`centre_out`] of every `n`, made at compile time.
static CENTRE_OUT: [[u8; 128]; 129] = {
    let mut table = [[0u8; 128]; 129];
    let mut n: usize = 1;
    while n <= 128 {
        let mid = (n - 1) / 2;
        let mut k = 0;
        while k < n {
            let step = k.div_ceil(2);
            table[n][k] = match (n % 2, k % 2) {
                (1, 1) | (0, 0) => mid - step,
                _ => mid + step,
            } as u8;
            k += 1;
        }
        n += 1;
    }
    table
};

/// The `n` lowest bits.
#[inline(always)]
fn low_bits<W: Bits>(n: u32) -> W {
    match n >= W::BITS {
        true => W::MAX,
        false => (W::ONE << n) - W::ONE,
    }
}

/// The set with its rows in the opposite order (upside down). Up to four rows without a loop:
/// neighbouring rows swapped, then pairs of rows (four), or the outer rows swapped (three).
#[inline(always)]
fn upside_down<W: Bits>(rows: u32, cols: u32, cells: W) -> W {
    let row = low_bits::<W>(cols);
    match rows {
        0 | 1 => cells,
        2 => (cells & row) << cols | cells >> cols,
        3 => (cells & row) << (2 * cols) | (cells & row << cols) | cells >> (2 * cols),
        4 => {
            let even = row | row << (2 * cols);
            let swapped = (cells & even) << cols | (cells >> cols) & even;
            let low = row | row << cols;
            (swapped & low) << (2 * cols) | swapped >> (2 * cols)
        }
        _ => (0..rows).fold(W::ZERO, |out, r| {
            out | ((cells >> (r * cols)) & row) << ((rows - 1 - r) * cols)
        }),
    }
}

/// The set turned by a half-turn: every bit in the opposite place.
#[inline(always)]
fn half_turn<W: Bits>(rows: u32, cols: u32, cells: W) -> W {
    cells.reverse_bits() >> (W::BITS - rows * cols)
}

/// What the half-turn strategy says of a region: `Some(true)` its value is 0, `Some(false)` it
/// is not 0, `None` nothing.
///
/// Winning Ways (ch. 22) gives the strategy for the empty board; the argument holds for any set
/// of cells `S` that is its own image under the half-turn `σ` about the centre of its box.
/// While the filled cells are symmetric, a domino `d` that can be placed has a free image
/// `σ(d)`, and `σ(d)` is still free after `d` unless the two meet. They meet only through the
/// centre: when it is a cell (both sides odd), on the dominoes that cover it; when it is the
/// middle of the edge between two cells (one side odd), on the domino of those two; when it is
/// a corner (both sides even), never. So if no domino of `S` meets its image, the second player
/// answers each `d` by `σ(d)` and wins: value 0. With one side odd and both central cells in
/// `S`, the first player covers them, leaving a symmetric board with no domino meeting its
/// image, and wins as second player from there: not 0.
#[inline(always)]
pub fn half_turn_outcome(region: &Region) -> Option<bool> {
    let (rows, cols) = (u32::from(region.rows), u32::from(region.cols));
    let cells = region.cells;
    match region.is_small() {
        true => half_turn_outcome_in(rows, cols, cells as u64),
        false => half_turn_outcome_in(rows, cols, cells),
    }
}

#[inline(always)]
fn half_turn_outcome_in<W: Bits>(rows: u32, cols: u32, cells: W) -> Option<bool> {
    let n = rows * cols;
    // A cheap necessary test first: the two halves of the box hold as many cells.
    let low = cells & low_bits::<W>(n / 2);
    if low.count_ones() != (cells >> n.div_ceil(2)).count_ones()
        || half_turn(rows, cols, cells) != cells
    {
        return None;
    }
    let centre = match (rows % 2, cols % 2) {
        (0, 0) => return Some(true),
        (1, 1) => return (cells >> (n / 2) & W::ONE == W::ZERO).then_some(true),
        // One row in the middle: its two middle cells, bits n/2 - 1 and n/2.
        (1, 0) => W::ONE << (n / 2 - 1) | W::ONE << (n / 2),
        // One column in the middle: its two middle cells, one row apart.
        _ => W::ONE << (n / 2 + cols / 2) | W::ONE << (n / 2 + cols / 2 - cols),
    };
    Some(cells & centre != centre)
}

/// The transpose of a `rows x cols` set (a `cols x rows` set): each row, a byte at a time,
/// spread into a column.
fn transpose<W: Bits>(rows: u32, cols: u32, cells: W) -> W {
    let mask = low_bits::<W>(cols);
    let mut out = W::ZERO;
    for r in 0..rows {
        let row = (cells >> (r * cols)) & mask;
        let mut k = 0;
        while k < cols {
            let byte = ((row >> k).to_u128() & 0xff) as u32;
            if byte != 0 {
                out |= W::spread(byte, rows) << (k * rows + r);
            }
            k += 8;
        }
    }
    out
}

/// The least of the images of a set under the symmetries of the square, with no more rows than
/// columns: equal for two regions exactly when one is a rotation or reflection of the other.
/// (The least as a `W`; the same set in a wider word has the same order.)
pub fn canonical<W: Bits>(rows: u32, cols: u32, cells: W) -> Region {
    Region {
        rows: rows.min(cols) as u8,
        cols: rows.max(cols) as u8,
        cells: canonical_cells(rows, cols, cells).to_u128(),
    }
}

/// The cells of [`canonical`] (its box is `min(rows, cols) x max(rows, cols)`): a word,
/// returned in registers, where a [`Region`] would go through memory.
#[inline(always)]
pub fn canonical_cells<W: Bits>(rows: u32, cols: u32, cells: W) -> W {
    // The four images that keep the box (identity, upside down, half-turn, and mirrored: the
    // half-turn of upside down) of the set in the wide orientation, and of its transpose too
    // when the box is square.
    let (wide_rows, wide_cols, wide) = if rows > cols {
        (cols, rows, transpose(rows, cols, cells))
    } else {
        (rows, cols, cells)
    };
    let best = least_of_four(wide_rows, wide_cols, wide);
    match rows == cols {
        true => best.min(least_of_four(rows, cols, transpose(rows, cols, cells))),
        false => best,
    }
}

/// The least of the four images of `set` that keep its `rows x cols` box.
#[inline(always)]
fn least_of_four<W: Bits>(rows: u32, cols: u32, set: W) -> W {
    let turned = half_turn(rows, cols, set);
    set.min(upside_down(rows, cols, set))
        .min(turned)
        .min(upside_down(rows, cols, turned))
}

/// Checkerboard colouring: the cells `(r, c)` with `r + c` even in a box `cols` wide.
pub fn even_cells<W: Bits>(rows: u32, cols: u32) -> W {
    let mask = low_bits::<W>(cols);
    (0..rows).fold(W::ZERO, |out, r| {
        let row = if r % 2 == 0 { W::EVEN } else { W::EVEN << 1 };
        out | (row & mask) << (r * cols)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The compiled table of `u64` spreads moves each bit of the byte where the definition
    /// (bit `b` to bit `b * stride`, if it fits) puts it.
    #[test]
    fn the_spread_table_moves_each_bit_by_the_stride() {
        for stride in 0..=64u32 {
            for byte in 0..256u32 {
                let by_definition = (0..8)
                    .filter(|&b| byte >> b & 1 == 1 && b * stride < 64)
                    .fold(0u64, |out, b| out | 1 << (b * stride));
                assert_eq!(
                    u64::spread(byte, stride),
                    by_definition,
                    "{byte} by {stride}"
                );
            }
        }
    }

    #[test]
    fn the_row_of_a_bit_by_multiplication_is_the_quotient() {
        for cols in 1..=128u32 {
            let g = Geometry::<u128>::new(1, cols);
            for bit in 0..128u32 {
                assert_eq!(
                    (bit * g.by_cols) >> 16,
                    bit / cols,
                    "bit {bit}, {cols} columns"
                );
            }
        }
    }

    /// Every domino of the box once, nearest the centre first, checked against the cells'
    /// coordinates directly.
    #[test]
    fn dominoes_from_centre_lists_each_domino_once_by_distance() {
        for rows in 1..=12u32 {
            for cols in 1..=128 / rows {
                let order = dominoes_from_centre(rows, cols);
                let g = Geometry::<u128>::new(rows, cols);
                let all = full(rows, cols);
                let expected =
                    (g.horizontal(all).count_ones() + g.vertical(all).count_ones()) as usize;
                assert_eq!(order.len(), expected, "{rows}x{cols}");
                let distinct: std::collections::HashSet<u128> = order.iter().copied().collect();
                assert_eq!(distinct.len(), expected, "{rows}x{cols}");
                // Twice the taxicab distance from the box's centre, by coordinates.
                let key = |d: u128| {
                    let cells: Vec<(u32, u32)> = (0..128)
                        .filter(|i| d >> i & 1 == 1)
                        .map(|i| (i / cols, i % cols))
                        .collect();
                    assert_eq!(cells.len(), 2);
                    let ((r0, c0), (r1, c1)) = (cells[0], cells[1]);
                    assert_eq!(r0.abs_diff(r1) + c0.abs_diff(c1), 1, "adjacent cells");
                    let twice = (r0 + r1).abs_diff(rows - 1) + (c0 + c1).abs_diff(cols - 1);
                    // In a long box (4 cells across or more, 2.5 times as long), the dominoes
                    // across it first.
                    let across = match cols >= rows {
                        true => r0 != r1,
                        false => r0 == r1,
                    };
                    match rows.min(cols) >= 4 && 2 * rows.max(cols) >= 5 * rows.min(cols) {
                        true => (u32::from(!across), twice),
                        false => (twice, u32::from(r0 == r1)),
                    }
                };
                assert!(
                    order.windows(2).all(|w| key(w[0]) <= key(w[1])),
                    "{rows}x{cols}: not nearest the centre first"
                );
            }
        }
        // A 3 x 4 box: the middle row's central horizontal domino lies on the centre, then
        // the vertical dominoes of the two middle columns, one cell away (taxicab), as are the
        // horizontal ones beside the first, which come after them.
        let order = dominoes_from_centre(3, 4);
        let cells = |d: u128| (d.trailing_zeros(), 127 - d.leading_zeros());
        assert_eq!(
            order[..5].iter().map(|&d| cells(d)).collect::<Vec<_>>(),
            [(5, 6), (1, 5), (5, 9), (2, 6), (6, 10)]
        );
        // A 4 x 10 box is long: its first dominoes are the vertical ones of the two middle
        // columns (4 and 5) across the middle rows, then those beside them in rows 0-1 and
        // 2-3; its first horizontal one (after all 30 vertical ones) lies on the centre.
        let order = dominoes_from_centre(4, 10);
        assert_eq!(
            order[..3].iter().map(|&d| cells(d)).collect::<Vec<_>>(),
            [(14, 24), (15, 25), (4, 14)]
        );
        assert!(order[..30].iter().all(|&d| cells(d).1 - cells(d).0 == 10));
        assert_eq!(cells(order[30]), (14, 15));
    }

    #[test]
    fn centre_out_visits_each_index_once_nearest_the_centre_first() {
        assert_eq!(centre_out(5).collect::<Vec<_>>(), [2, 1, 3, 0, 4]);
        assert_eq!(centre_out(4).collect::<Vec<_>>(), [1, 2, 0, 3]);
        for n in 1..=128 {
            let order: Vec<u32> = centre_out(n).collect();
            let mut sorted = order.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..n).collect::<Vec<_>>());
            let off = |i: u32| (2 * i).abs_diff(n - 1);
            assert!(order.windows(2).all(|w| off(w[0]) <= off(w[1])));
        }
    }

    #[test]
    fn a_star_keeps_one_tuft() {
        // 3 x 3, the centre and its four neighbours (a plus): the centre is the star of four
        // tufts, and keeps the first (its right neighbour, as the sides are scanned).
        let g = Geometry::<u128>::new(3, 3);
        let plus = 0b010_111_010u128;
        let kept = g.without_spare_cells(plus);
        assert_eq!(kept.count_ones(), 2);
        assert_eq!(kept & 1 << 4, 1 << 4);
        // A 2 x 2 square has no tuft; a row of three is a tuft, a star and a tuft: one goes.
        assert_eq!(g.without_spare_cells(0b000_011_011), 0b000_011_011);
        assert_eq!(g.without_spare_cells(0b111).count_ones(), 2);
        // A tuft at a row's end is not joined to the next row's first cell.
        let g = Geometry::<u128>::new(2, 3);
        assert_eq!(g.without_spare_cells(0b001_100), 0b001_100);
    }

    /// [`Geometry::without_spare_cells`] takes every spare cell in one round: a second round
    /// takes nothing more, on every set of every box of at most 20 cells (and, in a test
    /// build, at most 16 of them, with random sets of larger boxes).
    #[test]
    fn one_round_takes_every_spare_cell() {
        fn check<W: Bits>(g: &Geometry<W>, set: W) {
            let once = g.without_spare_cells(set);
            assert!(once & !set == W::ZERO);
            assert!(
                g.without_spare_cells(once) == once,
                "{:?} {set:?}",
                g.size()
            );
        }
        let most = if cfg!(debug_assertions) { 16 } else { 20 };
        for rows in 1..=most {
            for cols in 1..=most / rows {
                let g = Geometry::<u64>::new(rows, cols);
                for set in 0..1u64 << (rows * cols) {
                    check(&g, set);
                }
            }
        }
        // Random sets of larger boxes.
        let mut random = crate::games::cram::tests::random_words(49);
        for (rows, cols) in [(5, 10), (8, 8), (4, 11), (6, 7), (7, 9)] {
            let (g, all) = (Geometry::<u64>::new(rows, cols), full_in::<u64>(rows, cols));
            let g128 = Geometry::<u128>::new(rows, cols);
            for _ in 0..20_000 {
                // Sparse and dense sets: one, two or three random words and-ed or or-ed.
                let (a, b, c) = (random(), random(), random());
                for set in [a & b, a, a | b, a & b & c] {
                    check(&g, set & all);
                    check(&g128, u128::from(set & all));
                }
            }
        }
        let (g, all) = (Geometry::<u128>::new(11, 11), full(11, 11));
        for _ in 0..20_000 {
            let (a, b) = (
                u128::from(random()) << 64 | u128::from(random()),
                u128::from(random()),
            );
            for set in [a, a & (b << 64 | b)] {
                check(&g, set & all);
            }
        }
    }

    #[test]
    fn a_bridge_between_two_stars_goes() {
        // 1 x 5, tuft-star-bridge-star-tuft: the middle cell goes, two dominoes stay.
        let g = Geometry::<u64>::new(1, 5);
        assert_eq!(g.without_spare_cells(0b11111), 0b11011);
        // 5 x 5, a cross: the centre's four neighbours are stars, each with its tuft at an
        // end of the cross, so the centre goes.
        let g = Geometry::<u64>::new(5, 5);
        let cross = 0b00100_00100_11111_00100_00100u64;
        assert_eq!(g.without_spare_cells(cross), cross & !(1 << 12));
        // A cell with a neighbour that is no star stays.
        let g = Geometry::<u64>::new(1, 4);
        assert_eq!(g.without_spare_cells(0b1111), 0b1111);
    }

    /// The pieces of `cells` with the right edges of `cut` taken away, cell by cell.
    /// The pieces `pieces_cut` finds in a word of type `W`, sorted (it hands them out in no
    /// particular order).
    fn sorted_pieces<W: Bits>(
        rows: u32,
        cols: u32,
        cells: u128,
        cut: u128,
        marks: u128,
    ) -> Vec<u128> {
        let mut found: Vec<u128> = Geometry::<W>::new(rows, cols)
            .pieces_cut(W::from_u128(cells), W::from_u128(cut), W::from_u128(marks))
            .map(W::to_u128)
            .collect();
        found.sort_unstable();
        found
    }

    fn pieces_by_definition(rows: u32, cols: u32, cells: u128, cut: u128) -> Vec<u128> {
        let mut left = cells;
        let mut out = Vec::new();
        while left != 0 {
            let mut piece = left & left.wrapping_neg();
            let mut todo = vec![piece.trailing_zeros()];
            while let Some(i) = todo.pop() {
                let (r, c) = (i / cols, i % cols);
                let mut next = Vec::new();
                if c + 1 < cols && cut >> i & 1 == 0 {
                    next.push(i + 1);
                }
                if c > 0 && cut >> (i - 1) & 1 == 0 {
                    next.push(i - 1);
                }
                if r + 1 < rows {
                    next.push(i + cols);
                }
                if r > 0 {
                    next.push(i - cols);
                }
                for j in next {
                    if left >> j & 1 == 1 && piece >> j & 1 == 0 {
                        piece |= 1 << j;
                        todo.push(j);
                    }
                }
            }
            left &= !piece;
            out.push(piece);
        }
        out
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

        /// The flood fill by runs finds the pieces a search cell by cell finds, with and
        /// without cuts, in both words.
        #[test]
        fn pieces_are_those_of_the_definition(rows in 1u32..=16, cols in 1u32..=16, seed: u128, cut_seed: u128, dense: bool) {
            proptest::prop_assume!(rows * cols <= 128);
            let mut cells = seed & full(rows, cols);
            if dense {
                cells |= seed.rotate_left(37) & seed.rotate_left(71) & full(rows, cols);
            }
            let cut = cut_seed & cut_seed.rotate_left(53) & cells;
            let g = Geometry::<u128>::new(rows, cols);
            for cut in [0, cut] {
                let mut found: Vec<u128> = g.pieces_cut(cells, cut, cells).collect();
                found.sort_unstable();
                let mut want = pieces_by_definition(rows, cols, cells, cut);
                want.sort_unstable();
                proptest::prop_assert_eq!(&found, &want);
                if rows * cols <= 64 {
                    let small = sorted_pieces::<u64>(rows, cols, cells, cut, cells);
                    proptest::prop_assert_eq!(&small, &found);
                }
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

        /// Given marks (a cell of each piece by the definition, and random cells more), the
        /// pieces are those of the definition, whichever marks they grow from.
        #[test]
        fn pieces_from_marks_are_those_of_the_definition(rows in 1u32..=16, cols in 1u32..=16, seed: u128, cut_seed: u128, more: u128, pick: u32) {
            proptest::prop_assume!(rows * cols <= 128);
            let cells = seed & full(rows, cols);
            let cut = cut_seed & cut_seed.rotate_left(53) & cells;
            let want = pieces_by_definition(rows, cols, cells, cut);
            // One cell of each piece (the `pick`-th of its cells, round), and others.
            let mut marks = more & more.rotate_left(17) & cells;
            for &piece in &want {
                let nth = pick % piece.count_ones();
                let mut bits = piece;
                for _ in 0..nth {
                    bits &= bits - 1;
                }
                marks |= bits & bits.wrapping_neg();
            }
            // A single piece may go without marks.
            let marks = match want.len() == 1 && pick % 3 == 0 {
                true => 0,
                false => marks,
            };
            let mut found: Vec<u128> =
                Geometry::<u128>::new(rows, cols).pieces_cut(cells, cut, marks).collect();
            found.sort_unstable();
            let mut sorted = want.clone();
            sorted.sort_unstable();
            proptest::prop_assert_eq!(&found, &sorted);
            if rows * cols <= 64 {
                let small = sorted_pieces::<u64>(rows, cols, cells, cut, marks);
                proptest::prop_assert_eq!(&small, &sorted);
            }
        }
    }

    proptest::proptest! {
        /// Upside down (without a loop up to four rows) moves cell `(r, c)` to
        /// `(rows - 1 - r, c)`, in both words.
        #[test]
        fn upside_down_moves_each_cell_to_its_mirror_row(rows in 1u32..=12, cols in 1u32..=16, seed: u128) {
            proptest::prop_assume!(rows * cols <= 128);
            let cells = seed & full(rows, cols);
            let mut want = 0u128;
            for_each_bit(cells, |i| want |= 1 << ((rows - 1 - i / cols) * cols + i % cols));
            proptest::prop_assert_eq!(upside_down(rows, cols, cells), want);
            if rows * cols <= 64 {
                proptest::prop_assert_eq!(u128::from(upside_down(rows, cols, cells as u64)), want);
            }
        }
    }

    /// Runs longer than one step of the leftward fill (16 cells) are filled over several
    /// steps: whole long rows, rows with one cell taken or one edge cut anywhere, and a snake
    /// whose turns are reached only after a long run leftwards.
    #[test]
    fn long_runs_are_filled_whole() {
        /// The pieces, in both words where the box fits one, against the cell-by-cell search.
        fn check(rows: u32, cols: u32, cells: u128, cut: u128) -> Vec<u128> {
            let mut found: Vec<u128> = Geometry::<u128>::new(rows, cols)
                .pieces_cut(cells, cut, cells)
                .collect();
            found.sort_unstable();
            let mut want = pieces_by_definition(rows, cols, cells, cut);
            want.sort_unstable();
            assert_eq!(found, want, "{rows}x{cols} cells {cells:#x} cut {cut:#x}");
            if rows * cols <= 64 {
                let small = sorted_pieces::<u64>(rows, cols, cells, cut, cells);
                assert_eq!(small, found, "{rows}x{cols} in one word");
            }
            found
        }
        for (rows, cols) in [(1, 128), (2, 64), (1, 64), (3, 40), (4, 17)] {
            let all = full(rows, cols);
            check(rows, cols, all, 0);
            for i in 0..rows * cols {
                check(rows, cols, all & !(1 << i), 0);
                check(rows, cols, all, 1 << i);
            }
        }
        // The snake: full rows with an empty row between each two, crossed by one cell at
        // alternate ends, so that every other row is reached at its right end and filled
        // leftwards.
        for (rows, cols) in [(3, 40), (5, 21), (3, 21), (7, 18)] {
            let mut snake = 0u128;
            for r in (0..rows).step_by(2) {
                snake |= full(1, cols) << (r * cols);
            }
            for r in (1..rows).step_by(2) {
                let end = if r % 4 == 1 { cols - 1 } else { 0 };
                snake |= 1 << (r * cols + end);
            }
            assert_eq!(
                check(rows, cols, snake, 0),
                vec![snake],
                "the snake is one piece"
            );
            // With a cell taken or an edge cut anywhere, it breaks where the cell-by-cell
            // search says (often within a run filled leftwards).
            for i in 0..rows * cols {
                check(rows, cols, snake & !(1 << i), 0);
                check(rows, cols, snake, snake & 1 << i);
            }
        }
    }

    #[test]
    fn pieces_do_not_join_across_a_row_end() {
        // 2 x 3: cells (0,2) and (1,0) are consecutive bits but not neighbours.
        let g = Geometry::<u128>::new(2, 3);
        let found: Vec<u128> = g.pieces(0b001_100).collect();
        assert_eq!(found, vec![0b000_100, 0b001_000]);
    }

    #[test]
    fn the_eight_images_of_an_l_share_one_canonical_form() {
        // An L of three cells in a 2 x 2 box, in each of its four orientations.
        let forms: Vec<Region> = [0b0111u128, 0b1011, 0b1101, 0b1110]
            .iter()
            .map(|&c| canonical(2, 2, c))
            .collect();
        assert!(forms.iter().all(|f| *f == forms[0]));
        // A 1 x 3 bar and a 3 x 1 bar are the same region.
        assert_eq!(canonical(1, 3, 0b111u128), canonical(3, 1, 0b111u64));
        // A 2 x 3 box with one corner filled, in its four positions.
        let corners = [0b111_110u128, 0b111_011, 0b110_111, 0b011_111];
        let forms: Vec<Region> = corners.iter().map(|&c| canonical(2, 3, c)).collect();
        assert!(forms.iter().all(|f| *f == forms[0]));
        // ... but not the same as the middle cell filled.
        assert_ne!(canonical(2, 3, 0b111_101u128), forms[0]);
    }

    /// The regions of `cells` in a box, by the word `W`, as `u128` cells.
    fn regions_by<W: Bits>(rows: u32, cols: u32, cells: u128) -> Vec<(Region, u32)> {
        let g = Geometry::<W>::new(rows, cols);
        let cells = W::from_u128(cells);
        g.pieces(g.without_spare_cells(cells))
            .map(|p| (g.region(p), g.dominoes_at_most(p)))
            .collect()
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(400))]

        /// The `u64` and `u128` paths agree on every box of at most 64 cells: the same pieces,
        /// the same canonical forms, the same bounds, the same moves.
        #[test]
        fn the_u64_and_u128_words_agree(rows in 1u32..=16, cols in 1u32..=16, seed: u128, dense: bool) {
            proptest::prop_assume!(rows * cols <= 64);
            let mut cells = seed & full(rows, cols);
            if dense {
                // Mostly empty boards: big regions, like the boards searched.
                cells |= seed.rotate_left(37) & seed.rotate_left(71) & full(rows, cols);
            }
            proptest::prop_assert_eq!(regions_by::<u64>(rows, cols, cells), regions_by::<u128>(rows, cols, cells));
            let (g64, g128) = (Geometry::<u64>::of(rows, cols), Geometry::<u128>::of(rows, cols));
            proptest::prop_assert_eq!(u128::from(g64.horizontal(cells as u64)), g128.horizontal(cells));
            proptest::prop_assert_eq!(u128::from(g64.vertical(cells as u64)), g128.vertical(cells));
            // The canonical form is the least image under the eight symmetries, computed
            // here cell by cell.
            let form = canonical(rows, cols, cells as u64);
            let mut images = Vec::new();
            for t in 0..8u32 {
                let (mut r2, mut c2) = (rows, cols);
                if t & 4 != 0 {
                    (r2, c2) = (cols, rows);
                }
                let mut image = 0u128;
                for_each_bit(cells, |i| {
                    let (mut r, mut c) = (i / cols, i % cols);
                    if t & 4 != 0 {
                        (r, c) = (c, r);
                    }
                    if t & 1 != 0 {
                        r = r2 - 1 - r;
                    }
                    if t & 2 != 0 {
                        c = c2 - 1 - c;
                    }
                    image |= 1 << (r * c2 + c);
                });
                if r2 <= c2 {
                    images.push(Region { rows: r2 as u8, cols: c2 as u8, cells: image });
                }
            }
            proptest::prop_assert_eq!(Some(form), images.into_iter().min_by_key(|r| r.cells));
        }
    }

    #[test]
    fn a_piece_is_trimmed_to_its_box() {
        let g = Geometry::<u128>::new(3, 4);
        // Cells (1,1) and (1,2): a horizontal domino.
        let piece = (1u128 << 5) | (1u128 << 6);
        assert_eq!(
            g.region(piece),
            Region {
                rows: 1,
                cols: 2,
                cells: 0b11
            }
        );
    }
}
