//! Small regions valued by table (an endgame database), so the board search never searches
//! them nor keeps them in its transposition table.
//!
//! Every box of at most [`SMALL_CELLS`] cells and the boxes 3x7, 3x8, 4x6 (both ways), 4x7 and
//! 5x5 have a table ([`has_table`]) holding the value of every set of its empty cells, computed
//! when grundy is built (`build.rs`, by [`super::tables`]) by the definition alone: the mex of
//! the values of the sets a domino leaves, which are smaller numbers than the set, so one pass in
//! increasing order values them all. A set is its own index in its box's table (bit
//! `r * cols + c`, as in a [`Region`]) and takes four bits (at most 14 dominoes fit, so no value
//! is larger): 4.65 MiB for the 66 boxes of at most 20 cells, 1 MiB for 3x7, 8 MiB for 3x8,
//! 16 MiB for 4x6 and 6x4, 128 MiB for 4x7 and 16 MiB for 5x5, 174 MiB in all.
//!
//! A release build holds them in the program's read-only data: the kernel reads a page of it
//! only when a lookup first reaches it, so a board pays for the pages its play touches, not for
//! the tables. A debug build (the tests) reads the build's file when a table is first needed,
//! and remakes the tables if it cannot (a debug program moved away from its build): carried in
//! every test program, its metadata and its incremental cache, the tables took 10 GB of disk
//! in CI's builds and filled its disk (ARCHITECTURE.md, "The endgame tables in debug builds").
//! A region of a box turned the other way (7x4, 7x3, 8x3) is put in canonical form, no more rows
//! than columns, and looked up in the table of its turned box.
//!
//! The tables were first filled at run time, on demand (a set valued when first reached, with
//! its seven images under the symmetries of the square), for boxes of at most 20 cells only.
//! That cost a third of Cram 4x7's search and all of 4x5's beyond the start-up; filled so, the
//! 4x6 box cost more than it saved (BENCHMARKS.md, "Endgame tables built with grundy"). (igs
//! offers a compressed endgame database of whole Cram positions; this is the plain version of
//! that idea for the regions a search meets most.) The 4x7 box (2026-12-03) takes the pieces
//! of the four-row boards one column further: 9 % less CPU on Cram 4x11 (taking turns with
//! the build before), 39 % fewer positions on 4x9 (BENCHMARKS.md, "A 4x7 endgame table").

use super::region::Region;
pub use super::tables::{has_table, SMALL_CELLS};
use super::tables::{NONE, OFFSETS, TABLES_LEN};

/// Every box's table, four bits a set, in the program (a release build).
#[cfg(not(debug_assertions))]
static TABLES: &[u8; TABLES_LEN] = include_bytes!(concat!(env!("OUT_DIR"), "/cram_small.bin"));

/// Every box's table, four bits a set.
#[cfg(not(debug_assertions))]
#[inline(always)]
fn tables() -> &'static [u8; TABLES_LEN] {
    TABLES
}

/// Every box's table, four bits a set: the build's file, read when first needed (a debug
/// build), or the tables remade where it cannot be read.
#[cfg(debug_assertions)]
fn tables() -> &'static [u8] {
    static TABLES: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    TABLES.get_or_init(|| {
        std::fs::read(concat!(env!("OUT_DIR"), "/cram_small.bin"))
            .ok()
            .filter(|bytes| bytes.len() == TABLES_LEN)
            .unwrap_or_else(super::tables::make)
    })
}

/// The value of a region whose box has a table ([`has_table`]); `None` for other boxes.
#[inline(always)]
pub fn value(region: &Region) -> Option<u64> {
    let (byte, half) = place(region)?;
    Some(u64::from(tables()[byte] >> (half * 4) & 0xf))
}

/// Whether [`value`] values the region; if so, the byte it will read is asked for now (a
/// prefetch, a hint only).
#[inline(always)]
pub fn prefetch(region: &Region) -> bool {
    let Some((byte, _)) = place(region) else {
        return false;
    };
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: the byte lies in the table of the region's box, and a prefetch neither reads
        // nor writes memory as far as the program can tell.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(tables().as_ptr().add(byte).cast()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = byte;
    true
}

/// Whether the `rows x cols` box has a table, read from the built tables' offsets ([`has_table`]
/// without its comparisons: the search asks for every piece it makes).
#[inline(always)]
pub fn is_tabled(rows: u32, cols: u32) -> bool {
    first_byte(rows, cols).is_some()
}

/// The first byte of the `rows x cols` box's table among the tables, if it has one.
#[inline(always)]
fn first_byte(rows: u32, cols: u32) -> Option<usize> {
    let row = OFFSETS.get((rows as usize).wrapping_sub(1))?;
    let first = *row.get((cols as usize).wrapping_sub(1))?;
    (first != NONE).then_some(first as usize)
}

/// Where the region's value lies among the tables: its byte, and which half of it (a set is its
/// own index in its box's table, two sets a byte); `None` for a box without a table.
#[inline(always)]
fn place(region: &Region) -> Option<(usize, usize)> {
    let first = first_byte(region.rows.into(), region.cols.into())?;
    let set = region.cells as usize;
    debug_assert!(
        region.cells >> (u32::from(region.rows) * u32::from(region.cols)) == 0,
        "a region lies in its box"
    );
    Some((first + (set >> 1), set & 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::cram::region::full;
    use crate::games::cram::tables::{box_values, SIDE};
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
        let mut random = crate::games::cram::tests::random_words(20);
        for (rows, cols) in [
            (4, 5),
            (5, 4),
            (2, 10),
            (1, 20),
            (20, 1),
            (6, 3),
            (4, 6),
            (6, 4),
            (5, 5),
            (3, 7),
            (3, 8),
            (4, 7),
        ] {
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

    /// The tables have a place for exactly the boxes [`has_table`] names, one after another.
    #[test]
    fn the_tables_are_those_of_the_boxes_named() {
        let mut next = 0;
        for rows in 1..=SIDE as u32 {
            for cols in 1..=SIDE as u32 {
                let first = OFFSETS[rows as usize - 1][cols as usize - 1];
                assert_eq!(first != NONE, has_table(rows, cols), "{rows}x{cols}");
                if first != NONE {
                    assert_eq!(first as usize, next, "{rows}x{cols}");
                    next += 1 << (rows * cols - 1);
                }
            }
        }
        assert_eq!(next, TABLES_LEN);
        assert!(!has_table(1, 25) && !has_table(25, 1) && !has_table(3, 9));
        // A box turned the other way is valued through its canonical form (no more rows).
        assert!(!has_table(7, 4) && !has_table(8, 3) && !has_table(7, 3));
    }

    /// A debug build reads the build's file (it does not remake the tables), and every box of
    /// at most 20 cells made again here has the same table in it.
    #[test]
    fn the_build_file_is_read_and_agrees_with_tables_made_again() {
        let built = std::fs::read(concat!(env!("OUT_DIR"), "/cram_small.bin")).unwrap();
        assert_eq!(built.len(), TABLES_LEN);
        assert!(tables()[..] == built[..]);
        for rows in 1..=SMALL_CELLS {
            for cols in 1..=SMALL_CELLS / rows {
                let first = OFFSETS[rows as usize - 1][cols as usize - 1] as usize;
                let values = box_values(rows, cols);
                for (set, value) in values.iter().enumerate() {
                    let byte = built[first + set / 2];
                    assert_eq!(
                        byte >> (set % 2 * 4) & 0xf,
                        *value,
                        "{rows}x{cols} set {set}"
                    );
                }
            }
        }
    }

    /// A prefetch says yes exactly for the regions the table values.
    #[test]
    fn the_prefetch_answers_for_the_boxes_with_tables() {
        for rows in 1..=8u8 {
            for cols in 1..=8u8 {
                let region = Region {
                    rows,
                    cols,
                    cells: full(rows.into(), cols.into()),
                };
                assert_eq!(prefetch(&region), value(&region).is_some(), "{rows}x{cols}");
            }
        }
    }

    #[test]
    fn larger_boxes_are_left_to_the_search() {
        let region = Region {
            rows: 3,
            cols: 9,
            cells: 1,
        };
        assert_eq!(value(&region), None);
    }
}
