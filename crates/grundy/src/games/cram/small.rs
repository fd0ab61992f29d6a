//! Small regions valued once by table (an endgame database), so the board search never
//! searches them nor keeps them in its transposition table.
//!
//! For a box of `rows x cols` cells with `rows * cols <= SMALL_CELLS`, every set of empty cells
//! is valued by the definition: its value is the mex of the values of the sets a domino leaves.
//! Taking a domino's two bits out of a set lowers it as a number, so valuing the sets in
//! increasing order values every option first; a set is its own index (bit `r * cols + c`, as in
//! a [`Region`]), and one byte holds its value (at most `SMALL_CELLS / 2` dominoes fit, so no
//! value is larger). A table is made on the first lookup in its box shape and shared by every
//! search of the process: the largest, `4 x 5`, `2 x 10` and `1 x 20`, have `2^20` sets each
//! and take a few milliseconds. (igs builds a compressed endgame database of whole Cram
//! positions, optionally; this table is the plain version of that idea for the regions the
//! search meets most often.)

use std::sync::OnceLock;

use super::region::{for_each_bit, full, Region};

/// The most cells of a box whose regions are valued by table.
pub const SMALL_CELLS: u32 = 20;

const SIDE: usize = SMALL_CELLS as usize;

type Values = OnceLock<Box<[u8]>>;

/// One table per box shape, `[rows - 1][cols - 1]`, made on first use. Both orientations of a
/// box have one (a region is looked up as it lies, without its canonical form).
static TABLES: [[Values; SIDE]; SIDE] = {
    const NONE: Values = OnceLock::new();
    const ROW: [Values; SIDE] = [NONE; SIDE];
    [ROW; SIDE]
};

/// The value of a region whose box has at most [`SMALL_CELLS`] cells; `None` for larger ones.
pub fn value(region: &Region) -> Option<u64> {
    let (rows, cols) = (u32::from(region.rows), u32::from(region.cols));
    if rows * cols > SMALL_CELLS || rows == 0 {
        return None;
    }
    let table = TABLES[rows as usize - 1][cols as usize - 1].get_or_init(|| values(rows, cols));
    let cells = region.cells;
    Some(table[cells as usize].into())
}

/// The value of every set of cells of a `rows x cols` box, indexed by the set.
fn values(rows: u32, cols: u32) -> Box<[u8]> {
    let n = rows * cols;
    let last_column = (0..rows).fold(0u64, |m, r| m | 1 << (r * cols + cols - 1));
    let not_last_column = full(rows, cols) as u64 & !last_column;
    let mut value = vec![0u8; 1 << n];
    for set in 1..1u64 << n {
        // Bit i of `across`: cells i and i + 1 are empty, in one row; of `down`: i and i + cols.
        let across = set & set >> 1 & not_last_column;
        let down = set & set >> cols;
        let mut seen = 0u32;
        for_each_bit(across.into(), |i| {
            seen |= 1 << value[(set ^ 3 << i) as usize];
        });
        for_each_bit(down.into(), |i| {
            seen |= 1 << value[(set ^ (1 << i | 1 << (i + cols))) as usize];
        });
        value[set as usize] = (!seen).trailing_zeros() as u8;
    }
    value.into_boxed_slice()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::cram::tests::by_definition;
    use std::collections::HashMap;

    /// Every set of every box of at most 12 cells against the plain recursion over the rules.
    #[test]
    fn every_set_of_small_boxes_is_valued_by_the_definition() {
        for rows in 1..=12u32 {
            for cols in 1..=12 / rows {
                let table = values(rows, cols);
                let mut memo = HashMap::new();
                for set in 0..1u128 << (rows * cols) {
                    assert_eq!(
                        u64::from(table[set as usize]),
                        by_definition(rows, cols, set, &mut memo),
                        "{rows}x{cols} set {set:#b}"
                    );
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
                let set = u128::from(random()) & full(rows, cols);
                let region = Region {
                    rows: rows as u8,
                    cols: cols as u8,
                    cells: set,
                };
                assert_eq!(
                    value(&region),
                    Some(by_definition(rows, cols, set, &mut memo)),
                    "{rows}x{cols} set {set:#b}"
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
