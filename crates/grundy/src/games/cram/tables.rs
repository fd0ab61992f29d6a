//! How the endgame tables of [`super::small`] are laid out and made, shared by the build script
//! (which makes them when grundy is built) and the library (which reads them, and in a debug
//! build remakes them if the build's file cannot be read).
//!
//! A box with a table ([`has_table`]) has the value of every set of its cells (bit
//! `r * cols + c`: cell `(r, c)` empty), found by the definition alone: the mex of the values of
//! the sets a domino leaves. Those are smaller numbers than the set, so one pass in increasing
//! order finds every value from values already found ([`box_values`]). No value exceeds half the
//! cells (the dominoes that fit), at most 14, so a set takes four bits: two sets a byte, the
//! even one in the low half. The boxes' tables follow one another, rows then columns
//! increasing ([`OFFSETS`], [`make`]).

/// Every box of at most this many cells has a table (and so do 3x7, 3x8, 4x6, 6x4, 4x7 and 5x5).
pub const SMALL_CELLS: u32 = 20;

/// The longest side of a box with a table.
pub const SIDE: usize = 24;

/// [`OFFSETS`] of a box without a table.
pub const NONE: u32 = u32::MAX;

/// Whether regions of the `rows x cols` box are valued by table: every box of at most
/// [`SMALL_CELLS`] cells, 3x7 and 3x8 (the pieces of the three-row boards), the 4x6 box both
/// ways and 4x7 (of the four-row boards) and the 5x5 box (of the five-row boards). A region of a
/// box turned the other way (7x4, 7x3, 8x3) is looked up turned (the search's canonical form).
pub const fn has_table(rows: u32, cols: u32) -> bool {
    rows * cols <= SMALL_CELLS
        || matches!(
            (rows, cols),
            (4, 6) | (6, 4) | (5, 5) | (3, 7) | (3, 8) | (4, 7)
        )
}

/// The bytes of the `rows x cols` box's table: one per two sets of its cells.
const fn table_bytes(rows: u32, cols: u32) -> usize {
    (1usize << (rows * cols)).div_ceil(2)
}

/// The first byte of box `[rows - 1][cols - 1]`'s table among all the tables ([`NONE`]: no
/// table), computed when grundy is compiled.
pub const OFFSETS: [[u32; SIDE]; SIDE] = offsets().0;

/// The bytes of all the tables (174 MiB).
pub const TABLES_LEN: usize = offsets().1;

/// [`OFFSETS`] and [`TABLES_LEN`].
const fn offsets() -> ([[u32; SIDE]; SIDE], usize) {
    let mut offsets = [[NONE; SIDE]; SIDE];
    let mut next = 0;
    let mut rows = 1;
    while rows <= SIDE {
        let mut cols = 1;
        while cols <= SIDE {
            if has_table(rows as u32, cols as u32) {
                assert!(next < NONE as usize, "offsets fit in a u32");
                offsets[rows - 1][cols - 1] = next as u32;
                next += table_bytes(rows as u32, cols as u32);
            }
            cols += 1;
        }
        rows += 1;
    }
    (offsets, next)
}

/// Every box's table, in the order of [`OFFSETS`]: [`TABLES_LEN`] bytes.
pub fn make() -> Vec<u8> {
    let mut bytes = Vec::with_capacity(TABLES_LEN);
    for rows in 1..=SIDE as u32 {
        for cols in 1..=SIDE as u32 {
            if has_table(rows, cols) {
                debug_assert_eq!(
                    bytes.len(),
                    OFFSETS[rows as usize - 1][cols as usize - 1] as usize
                );
                bytes.extend(box_values(rows, cols).chunks(2).map(|pair| match *pair {
                    [even, odd] => even | odd << 4,
                    [even] => even,
                    _ => unreachable!("chunks of two"),
                }));
            }
        }
    }
    assert_eq!(bytes.len(), TABLES_LEN, "the tables fill their offsets");
    bytes
}

/// The value of every set of cells of the `rows x cols` box (at most 32 cells), by the
/// definition.
pub fn box_values(rows: u32, cols: u32) -> Vec<u8> {
    assert!(rows * cols <= 32, "a set of the box is a u32");
    let last_column = (0..rows).fold(0u32, |m, r| m | 1 << (r * cols + cols - 1));
    let sets = 1u64 << (rows * cols);
    let mut values = vec![0u8; sets as usize];
    for set in 1..sets {
        let set = set as u32;
        // Bit i of `across`: cells i and i + 1 are empty, in one row; of `down`: i and i + cols.
        let mut across = set & (set >> 1) & !last_column;
        let mut down = set & (set >> cols);
        let mut seen = 0u32;
        while across != 0 {
            let i = across.trailing_zeros();
            seen |= 1 << values[(set ^ (3 << i)) as usize];
            across &= across - 1;
        }
        while down != 0 {
            let i = down.trailing_zeros();
            seen |= 1 << values[(set ^ (1 << i | 1 << (i + cols))) as usize];
            down &= down - 1;
        }
        let value = (!seen).trailing_zeros() as u8;
        assert!(value < 16, "a value fits in four bits");
        values[set as usize] = value;
    }
    values
}
