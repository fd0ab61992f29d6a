//! Regions of a Cram board as bit sets: connected pieces, their bounding boxes and their
//! canonical form under the eight symmetries of the square.
//!
//! A region of `rows x cols` cells (at most [`MAX_CELLS`]) is a `u128` whose bit `r * cols + c`
//! is set when cell `(r, c)` is empty. Shifting the whole set by one moves every cell to a
//! neighbour; the masks of the first and last columns stop a shift from wrapping a row's end
//! onto the next row.

pub use crate::games::board::for_each_bit;

/// The most cells a board may have: one bit per cell in a `u128`.
pub const MAX_CELLS: u32 = 128;

/// A set of empty cells inside a `rows x cols` box.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Region {
    /// Rows of the box.
    pub rows: u8,
    /// Columns of the box.
    pub cols: u8,
    /// Bit `r * cols + c`: cell `(r, c)` is empty.
    pub cells: u128,
}

/// The cells of column `c` of a `rows x cols` box.
fn column(rows: u32, cols: u32, c: u32) -> u128 {
    (0..rows).fold(0, |m, r| m | 1u128 << (r * cols + c))
}

/// The cells of a `rows x cols` box.
pub fn full(rows: u32, cols: u32) -> u128 {
    let n = rows * cols;
    if n == 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

/// Shifts that stay inside a box: what each needs to know of it.
#[derive(Debug, Clone, Copy)]
pub struct Geometry {
    rows: u32,
    cols: u32,
    all: u128,
    not_first: u128,
    not_last: u128,
    first_column: u128,
}

/// The geometries of every box of at most [`MAX_CELLS`] cells, made once.
static GEOMETRIES: std::sync::OnceLock<Vec<Geometry>> = std::sync::OnceLock::new();

impl Geometry {
    /// The geometry of a `rows x cols` box (at most [`MAX_CELLS`] cells).
    pub fn new(rows: u32, cols: u32) -> Self {
        let all = full(rows, cols);
        Geometry {
            rows,
            cols,
            all,
            not_first: all & !column(rows, cols, 0),
            not_last: all & !column(rows, cols, cols - 1),
            first_column: column(rows, cols, 0),
        }
    }

    /// The geometry of a `rows x cols` box (at most [`MAX_CELLS`] cells), from a table made
    /// once.
    pub fn of(rows: u32, cols: u32) -> &'static Geometry {
        let all = GEOMETRIES.get_or_init(|| {
            (0..MAX_CELLS * MAX_CELLS)
                .map(|i| {
                    let (rows, cols) = (i / MAX_CELLS + 1, i % MAX_CELLS + 1);
                    match rows * cols <= MAX_CELLS {
                        true => Geometry::new(rows, cols),
                        false => Geometry::new(1, 1),
                    }
                })
                .collect()
        });
        let g = &all[((rows - 1) * MAX_CELLS + cols - 1) as usize];
        debug_assert_eq!((g.rows, g.cols), (rows, cols));
        g
    }

    /// The cells of column `c`.
    pub fn column(&self, c: u32) -> u128 {
        self.first_column << c
    }

    /// The cells of row `r`.
    pub fn row(&self, r: u32) -> u128 {
        low_bits(self.cols) << (r * self.cols)
    }

    /// The cells of `set` and their neighbours, inside the box.
    fn grow(&self, set: u128) -> u128 {
        let c = self.cols;
        (set | (set << 1) & self.not_first | (set >> 1) & self.not_last | set << c | set >> c)
            & self.all
    }

    /// The empty cells whose right neighbour is empty too (left halves of horizontal dominoes).
    pub fn horizontal(&self, cells: u128) -> u128 {
        cells & self.not_last & (cells >> 1)
    }

    /// The empty cells whose lower neighbour is empty too (upper halves of vertical dominoes).
    pub fn vertical(&self, cells: u128) -> u128 {
        cells & (cells >> self.cols)
    }

    /// `cells` without its spare tufts (igs's "star reduction"). A *tuft* is an empty cell with
    /// one empty neighbour, its *star*. Two tufts of one star are interchangeable: a domino on
    /// either and the star leaves the other isolated, and a move elsewhere leaves both tufts
    /// of the star or neither. So by induction over the game, a board and the board without one
    /// of the two have the same value, and a star keeps one tuft.
    pub fn without_spare_tufts(&self, mut cells: u128) -> u128 {
        let c = self.cols;
        loop {
            // Cells whose right, left, lower, upper neighbour is empty.
            let right = self.horizontal(cells);
            let left = right << 1;
            let down = self.vertical(cells);
            let up = down << c;
            let (one_or_three, two_or_more) = {
                let (s1, c1) = (right ^ left, right & left);
                let (s2, c2) = (s1 ^ down, s1 & down);
                (s2 ^ up, c1 | c2 | (s2 & up))
            };
            let tufts = cells & one_or_three & !two_or_more;
            if tufts == 0 {
                return cells;
            }
            // Each tuft's star, by the side it lies on; a star reached again is spare.
            let stars = [
                (tufts & right) << 1,
                (tufts & left) >> 1,
                (tufts & down) << c,
                (tufts & up) >> c,
            ];
            let (mut seen, mut spare) = (0u128, 0u128);
            for (side, star) in stars.into_iter().enumerate() {
                let again = star & seen;
                spare |= match side {
                    0 => again >> 1,
                    1 => again << 1,
                    2 => again >> c,
                    _ => again << c,
                };
                seen |= star;
            }
            if spare == 0 {
                return cells;
            }
            cells &= !spare;
        }
    }

    /// Splits `cells` into connected pieces (neighbours share a side) and hands each to `f`.
    pub fn pieces(&self, mut cells: u128, mut f: impl FnMut(u128)) {
        while cells != 0 {
            let mut piece = cells & cells.wrapping_neg();
            loop {
                let grown = self.grow(piece) & cells;
                if grown == piece {
                    break;
                }
                piece = grown;
            }
            cells &= !piece;
            f(piece);
        }
    }

    /// The piece `cells` (of this box) in its own bounding box, in canonical form.
    pub fn region(&self, cells: u128) -> Region {
        let row_mask = low_bits(self.cols);
        let (mut first, mut last, mut columns) = (u32::MAX, 0, 0u128);
        for r in 0..self.rows {
            let row = (cells >> (r * self.cols)) & row_mask;
            if row != 0 {
                first = first.min(r);
                last = r;
                columns |= row;
            }
        }
        let c0 = columns.trailing_zeros();
        let width = 128 - columns.leading_zeros() - c0;
        let height = last - first + 1;
        let mut trimmed = 0u128;
        for r in 0..height {
            let row = (cells >> ((r + first) * self.cols + c0)) & low_bits(width);
            trimmed |= row << (r * width);
        }
        canonical(height, width, trimmed)
    }

    /// Rows and columns of the box.
    pub fn size(&self) -> (u32, u32) {
        (self.rows, self.cols)
    }
}

/// `0..n` from the centre outwards (`2, 1, 3, 0, 4` for 5; `1, 2, 0, 3` for 4).
pub fn centre_out(n: u32) -> impl Iterator<Item = u32> {
    let mid = (n - 1) / 2;
    (0..n).map(move |k| match (n % 2, k % 2) {
        (1, 1) | (0, 0) => mid - k.div_ceil(2),
        _ => mid + k.div_ceil(2),
    })
}

/// The `n` lowest bits.
fn low_bits(n: u32) -> u128 {
    match n {
        128.. => u128::MAX,
        _ => (1u128 << n) - 1,
    }
}

/// The set with its rows in the opposite order (upside down).
fn upside_down(rows: u32, cols: u32, cells: u128) -> u128 {
    let mask = low_bits(cols);
    (0..rows).fold(0, |out, r| {
        out | ((cells >> (r * cols)) & mask) << ((rows - 1 - r) * cols)
    })
}

/// The set turned by a half-turn: every bit in the opposite place.
fn half_turn(rows: u32, cols: u32, cells: u128) -> u128 {
    cells.reverse_bits() >> (128 - rows * cols)
}

/// The transpose of a `rows x cols` set (a `cols x rows` set).
fn transpose(rows: u32, cols: u32, cells: u128) -> u128 {
    let mask = low_bits(cols);
    let mut out = 0u128;
    for r in 0..rows {
        let mut row = (cells >> (r * cols)) & mask;
        while row != 0 {
            let c = row.trailing_zeros();
            row &= row - 1;
            out |= 1u128 << (c * rows + r);
        }
    }
    out
}

/// The least of the images of a set under the symmetries of the square, with no more rows than
/// columns: equal for two regions exactly when one is a rotation or reflection of the other.
pub fn canonical(rows: u32, cols: u32, cells: u128) -> Region {
    // The four images that keep the box (identity, upside down, half-turn, and mirrored: the
    // half-turn of upside down) of the set in the wide orientation, and of its transpose too
    // when the box is square.
    let (wide_rows, wide_cols, wide) = if rows > cols {
        (cols, rows, transpose(rows, cols, cells))
    } else {
        (rows, cols, cells)
    };
    let least_of_four = |set: u128| {
        let flipped = upside_down(wide_rows, wide_cols, set);
        set.min(flipped)
            .min(half_turn(wide_rows, wide_cols, set))
            .min(half_turn(wide_rows, wide_cols, flipped))
    };
    let mut best = least_of_four(wide);
    if rows == cols {
        best = best.min(least_of_four(transpose(rows, cols, cells)));
    }
    Region {
        rows: wide_rows as u8,
        cols: wide_cols as u8,
        cells: best,
    }
}

/// Checkerboard colouring: the cells `(r, c)` with `r + c` even in a box `cols` wide.
pub fn even_cells(rows: u32, cols: u32) -> u128 {
    const EVEN_COLUMNS: u128 = 0x5555_5555_5555_5555_5555_5555_5555_5555;
    let mask = low_bits(cols);
    (0..rows).fold(0, |out, r| {
        let row = if r % 2 == 0 {
            EVEN_COLUMNS
        } else {
            EVEN_COLUMNS << 1
        };
        out | (row & mask) << (r * cols)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let g = Geometry::new(3, 3);
        let plus = 0b010_111_010u128;
        let kept = g.without_spare_tufts(plus);
        assert_eq!(kept.count_ones(), 2);
        assert_eq!(kept & 1 << 4, 1 << 4);
        // A 2 x 2 square has no tuft; a row of three is a tuft, a star and a tuft: one goes.
        assert_eq!(g.without_spare_tufts(0b000_011_011), 0b000_011_011);
        assert_eq!(g.without_spare_tufts(0b111).count_ones(), 2);
        // A tuft at a row's end is not joined to the next row's first cell.
        let g = Geometry::new(2, 3);
        assert_eq!(g.without_spare_tufts(0b001_100), 0b001_100);
    }

    #[test]
    fn pieces_do_not_join_across_a_row_end() {
        // 2 x 3: cells (0,2) and (1,0) are consecutive bits but not neighbours.
        let g = Geometry::new(2, 3);
        let mut found = Vec::new();
        g.pieces(0b001_100, |p| found.push(p));
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
        assert_eq!(canonical(1, 3, 0b111), canonical(3, 1, 0b111));
        // A 2 x 3 box with one corner filled, in its four positions.
        let corners = [0b111_110u128, 0b111_011, 0b110_111, 0b011_111];
        let forms: Vec<Region> = corners.iter().map(|&c| canonical(2, 3, c)).collect();
        assert!(forms.iter().all(|f| *f == forms[0]));
        // ... but not the same as the middle cell filled.
        assert_ne!(canonical(2, 3, 0b111_101), forms[0]);
    }

    #[test]
    fn a_piece_is_trimmed_to_its_box() {
        let g = Geometry::new(3, 4);
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
