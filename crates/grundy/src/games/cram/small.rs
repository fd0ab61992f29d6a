//! Small regions valued by table (an endgame database), so the board search never searches
//! them nor keeps them in its transposition table.
//!
//! For a box of `rows x cols` cells with `rows * cols <= SMALL_CELLS`, a set of empty cells is
//! valued by the definition: its value is the mex of the values of the sets a domino leaves, each
//! found the same way; a set with spare cells ([`Geometry::without_spare_cells`]) has the value of
//! the set without them, and a set of several pieces the XOR of theirs (each a set of the same box,
//! so looked up in the same table). A set is its own index in its shape's table (bit
//! `r * cols + c`, as in a [`Region`]), one byte a set (0 while unknown, else 1 + the value; at most
//! `SMALL_CELLS / 2` dominoes fit, so no value is larger). Entries are filled on demand, so a small
//! board pays only for the sets its play reaches, and kept for the life of the process: every
//! search shares them. A set valued by its options gives its value to its seven images under the
//! symmetries of the square too (in its box's table and the transposed box's). The largest tables
//! (`4 x 5`, `2 x 10`, `1 x 20` and their transposes) hold `2^20` bytes each. (igs offers a
//! compressed endgame database of whole Cram positions; this is the plain version of that idea for
//! the regions a search meets most.)

use std::sync::atomic::{AtomicU8, Ordering::Relaxed};
use std::sync::OnceLock;

use super::region::{for_each_bit, full, half_turn, transpose, upside_down, Geometry, Region};

/// The most cells of a box whose regions are valued by table.
pub const SMALL_CELLS: u32 = 20;

const SIDE: usize = SMALL_CELLS as usize;

/// The table of one box shape.
struct Shape {
    rows: u32,
    cols: u32,
    /// The cells of every column but the last (a domino across starts there).
    not_last_column: u64,
    /// Per set of cells: 0 while unknown, else 1 + its value. (Atomic only so that searches
    /// on several threads may share it: two threads filling an entry write the same byte.)
    known: Box<[AtomicU8]>,
}

impl Shape {
    fn new(rows: u32, cols: u32) -> Self {
        let last_column = (0..rows).fold(0u64, |m, r| m | 1 << (r * cols + cols - 1));
        Shape {
            rows,
            cols,
            not_last_column: full(rows, cols) as u64 & !last_column,
            known: zeroed(1 << (rows * cols)),
        }
    }

    /// The value of a set of cells: that of the set less its spare cells, else the XOR of its
    /// connected pieces' values, else the mex over its dominoes (each call on fewer cells, so
    /// the depth is at most `SMALL_CELLS`).
    fn value(&self, set: u64) -> u8 {
        let known = self.known[set as usize].load(Relaxed);
        if known != 0 {
            return known - 1;
        }
        let g = Geometry::<u64>::of(self.rows, self.cols);
        let kept = g.without_spare_cells(set);
        let value = if kept != set {
            self.value(kept)
        } else {
            let mut pieces = [0u64; SIDE];
            let mut n = 0;
            g.pieces(set, |p| {
                pieces[n] = p;
                n += 1;
            });
            match n {
                0 => 0,
                1 => {
                    let value = self.mex(set);
                    self.store_images(set, value);
                    value
                }
                _ => pieces[..n].iter().fold(0, |x, &p| x ^ self.value(p)),
            }
        };
        self.known[set as usize].store(value + 1, Relaxed);
        value
    }

    /// Gives `value` to the images of `set` under the symmetries of the square too: a rotated
    /// or reflected board is the same game. Three keep the box (upside down, the half-turn,
    /// and the mirror image, the half-turn of upside down); the four others are those of the
    /// transpose, in the table of the transposed box. Done once per connected set valued by its
    /// options (the costly case), this spares the mex of up to seven sets the search or the
    /// recursion would reach later: on the small boards it fills 2-3x fewer sets.
    fn store_images(&self, set: u64, value: u8) {
        let (rows, cols) = (self.rows, self.cols);
        let flipped = upside_down(rows, cols, set);
        for image in [
            flipped,
            half_turn(rows, cols, set),
            half_turn(rows, cols, flipped),
        ] {
            self.known[image as usize].store(value + 1, Relaxed);
        }
        let transposed = transpose(rows, cols, set);
        let flipped = upside_down(cols, rows, transposed);
        let images = [
            transposed,
            flipped,
            half_turn(cols, rows, transposed),
            half_turn(cols, rows, flipped),
        ];
        let shape = table(cols, rows);
        for image in images {
            shape.known[image as usize].store(value + 1, Relaxed);
        }
    }

    /// The mex of the values of the sets a domino leaves.
    fn mex(&self, set: u64) -> u8 {
        // Bit i of `across`: cells i and i + 1 are empty, in one row; of `down`: i and i + cols.
        let across = set & set >> 1 & self.not_last_column;
        let down = set & set >> self.cols;
        let mut seen = 0u32;
        for_each_bit(across.into(), |i| seen |= 1 << self.value(set ^ 3 << i));
        for_each_bit(down.into(), |i| {
            seen |= 1 << self.value(set ^ (1 << i | 1 << (i + self.cols)))
        });
        (!seen).trailing_zeros() as u8
    }
}

/// `len` atomic bytes, all 0, from zeroed memory: the allocator hands large blocks over as
/// fresh pages, which the kernel maps only when first touched, so a table costs memory only for
/// the pages its sets reach (a `4 x 9` search touches a small part of the `4 x 5` table), and
/// nothing is written up front.
fn zeroed(len: usize) -> Box<[AtomicU8]> {
    // `vec![0; len]` asks the allocator for zeroed memory rather than writing the zeros.
    let bytes = Box::into_raw(vec![0u8; len].into_boxed_slice());
    // SAFETY: `AtomicU8` has the size, alignment and bit validity of `u8`, so the boxed bytes
    // are `len` atomics holding 0, owned by the new box alone.
    unsafe { Box::from_raw(bytes as *mut [AtomicU8]) }
}

/// One table per box shape, `[rows - 1][cols - 1]`, made on first use. Both orientations of a
/// box have one (a region is looked up as it lies, without its canonical form).
static TABLES: [[OnceLock<Shape>; SIDE]; SIDE] =
    [const { [const { OnceLock::new() }; SIDE] }; SIDE];

/// The value of a region whose box has at most [`SMALL_CELLS`] cells; `None` for larger ones.
pub fn value(region: &Region) -> Option<u64> {
    let (rows, cols) = (u32::from(region.rows), u32::from(region.cols));
    if rows * cols > SMALL_CELLS || rows == 0 || cols == 0 {
        return None;
    }
    Some(table(rows, cols).value(region.cells as u64).into())
}

/// The table of the `rows x cols` box (made on first use).
fn table(rows: u32, cols: u32) -> &'static Shape {
    TABLES[rows as usize - 1][cols as usize - 1].get_or_init(|| Shape::new(rows, cols))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::cram::tests::by_definition;
    use std::collections::HashMap;

    /// The table's value of a set of a `rows x cols` box equals the definition's.
    fn check(rows: u32, cols: u32, set: u128, memo: &mut HashMap<u128, u64>) {
        let region = Region {
            rows: rows as u8,
            cols: cols as u8,
            cells: set,
        };
        assert_eq!(
            value(&region),
            Some(by_definition(rows, cols, set, memo)),
            "{rows}x{cols} set {set:#b}"
        );
    }

    /// Every set of every box of at most 12 cells against the plain recursion over the rules.
    #[test]
    fn every_set_of_small_boxes_is_valued_by_the_definition() {
        for rows in 1..=12u32 {
            for cols in 1..=12 / rows {
                let mut memo = HashMap::new();
                for set in 0..1u128 << (rows * cols) {
                    check(rows, cols, set, &mut memo);
                }
            }
        }
    }

    /// Random sets of the largest boxes against the definition.
    #[test]
    fn random_sets_of_the_largest_boxes_are_valued_by_the_definition() {
        // splitmix64: a fixed stream of random sets.
        let mut state = 20u64;
        let mut random = || {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let z = (state ^ state >> 30).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            let z = (z ^ z >> 27).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ z >> 31
        };
        for (rows, cols) in [(4, 5), (5, 4), (2, 10), (1, 20), (20, 1), (6, 3)] {
            let mut memo = HashMap::new();
            for _ in 0..10 {
                check(
                    rows,
                    cols,
                    u128::from(random()) & full(rows, cols),
                    &mut memo,
                );
            }
        }
    }

    #[test]
    fn larger_boxes_are_left_to_the_search() {
        let region = Region {
            rows: 3,
            cols: 7,
            cells: 1,
        };
        assert_eq!(value(&region), None);
    }
}
