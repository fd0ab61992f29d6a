//! Build script: the endgame tables of small Cram boxes (`src/games/cram/small.rs`).
//!
//! For every box with a table (see [`has_table`]), the value of every set of its cells (bit
//! `r * cols + c`: cell `(r, c)` empty) by the definition alone: the mex of the values of the
//! sets a domino leaves. Those are smaller numbers than the set, so one pass in increasing
//! order finds every value from values already found. No value exceeds half the cells (the
//! dominoes that fit), at most 14, so a set takes four bits: two sets a byte, the even one in
//! the low half. Written to `$OUT_DIR/cram_small.bin`, with `$OUT_DIR/cram_small.rs` giving
//! each box's first byte in it.

use std::fmt::Write as _;
use std::path::PathBuf;

/// The longest side of a box with a table.
const SIDE: u32 = 24;

/// Whether the `rows x cols` box has a table: every box of at most 20 cells, 3x7 and 3x8 (the
/// pieces of the three-row boards), the 4x6 box both ways and 4x7 (of the four-row boards) and
/// the 5x5 box (of the five-row boards; `small::has_table`, tested to agree). A region of a box
/// turned the other way is looked up turned (the search's canonical form).
fn has_table(rows: u32, cols: u32) -> bool {
    rows * cols <= 20
        || matches!(
            (rows, cols),
            (4, 6) | (6, 4) | (5, 5) | (3, 7) | (3, 8) | (4, 7)
        )
}

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let mut bytes = Vec::new();
    let mut code = String::new();
    writeln!(code, "/// The longest side of a box with a table.").unwrap();
    writeln!(code, "const TABLE_SIDE: usize = {SIDE};").unwrap();
    writeln!(
        code,
        "/// The first byte of box `[rows - 1][cols - 1]`'s table in [`TABLES`] ([`NONE`]: no table)."
    )
    .unwrap();
    writeln!(code, "static OFFSETS: [[u32; TABLE_SIDE]; TABLE_SIDE] = [").unwrap();
    for rows in 1..=SIDE {
        let mut row = Vec::new();
        for cols in 1..=SIDE {
            if !has_table(rows, cols) {
                row.push("NONE".to_string());
                continue;
            }
            row.push(bytes.len().to_string());
            let values = box_values(rows, cols);
            bytes.extend(values.chunks(2).map(|pair| match *pair {
                [even, odd] => even | odd << 4,
                [even] => even,
                _ => unreachable!("chunks of two"),
            }));
        }
        writeln!(code, "    [{}],", row.join(", ")).unwrap();
    }
    writeln!(code, "];").unwrap();
    writeln!(
        code,
        "/// Every box's table, four bits a set (see the build script)."
    )
    .unwrap();
    writeln!(
        code,
        "static TABLES: &[u8; {}] = include_bytes!(concat!(env!(\"OUT_DIR\"), \"/cram_small.bin\"));",
        bytes.len()
    )
    .unwrap();
    assert!(bytes.len() < u32::MAX as usize, "offsets fit in a u32");
    std::fs::write(out.join("cram_small.bin"), &bytes).expect("OUT_DIR is writable");
    std::fs::write(out.join("cram_small.rs"), code).expect("OUT_DIR is writable");
}

/// The value of every set of cells of the `rows x cols` box, by the definition.
fn box_values(rows: u32, cols: u32) -> Vec<u8> {
    let last_column = (0..rows).fold(0u32, |m, r| m | 1 << (r * cols + cols - 1));
    let sets = 1usize << (rows * cols);
    let mut values = vec![0u8; sets];
    for set in 1..sets as u32 {
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
