//! Build script: the endgame tables of small Cram boxes (`src/games/cram/small.rs`).
//!
//! For every box of `rows x cols <= CELLS` cells, the value of every set of its cells (bit
//! `r * cols + c`: cell `(r, c)` empty) by the definition alone: the mex of the values of the
//! sets a domino leaves. Those are smaller numbers than the set, so one pass in increasing
//! order finds every value from values already found. No value exceeds `CELLS / 2` (the
//! dominoes that fit), so a set takes four bits: two sets a byte, the even one in the low half.
//! Written to `$OUT_DIR/cram_small.bin`, with `$OUT_DIR/cram_small.rs` giving each box's first
//! byte in it.

use std::fmt::Write as _;
use std::path::PathBuf;

/// The most cells of a box with a table (`small::SMALL_CELLS`, which checks that they agree).
const CELLS: u32 = 20;

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let side = CELLS as usize;
    let mut bytes = Vec::new();
    let mut offsets = vec![vec![0usize; side]; side];
    for rows in 1..=CELLS {
        for cols in 1..=CELLS / rows {
            offsets[rows as usize - 1][cols as usize - 1] = bytes.len();
            let values = box_values(rows, cols);
            bytes.extend(values.chunks(2).map(|pair| match *pair {
                [even, odd] => even | odd << 4,
                [even] => even,
                _ => unreachable!("chunks of two"),
            }));
        }
    }
    let mut code = String::new();
    writeln!(
        code,
        "/// The most cells of a box with a table (from the build script)."
    )
    .unwrap();
    writeln!(code, "const TABLE_CELLS: u32 = {CELLS};").unwrap();
    writeln!(
        code,
        "/// The first byte of box `[rows - 1][cols - 1]`'s table in [`TABLES`] (0 for boxes of \
         more than `TABLE_CELLS` cells, which have none)."
    )
    .unwrap();
    writeln!(code, "static OFFSETS: [[u32; {side}]; {side}] = [").unwrap();
    for row in &offsets {
        let row: Vec<String> = row.iter().map(usize::to_string).collect();
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
    std::fs::write(out.join("cram_small.bin"), &bytes).expect("OUT_DIR is writable");
    std::fs::write(out.join("cram_small.rs"), code).expect("OUT_DIR is writable");
}

/// The value of every set of cells of the `rows x cols` box, by the definition.
fn box_values(rows: u32, cols: u32) -> Vec<u8> {
    let cell = |r: u32, c: u32| 1u32 << (r * cols + c);
    let mut dominoes = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            if c + 1 < cols {
                dominoes.push(cell(r, c) | cell(r, c + 1));
            }
            if r + 1 < rows {
                dominoes.push(cell(r, c) | cell(r + 1, c));
            }
        }
    }
    let sets = 1usize << (rows * cols);
    let mut values = vec![0u8; sets];
    for set in 1..sets as u32 {
        let mut seen = 0u32;
        for &d in &dominoes {
            if set & d == d {
                seen |= 1 << values[(set ^ d) as usize];
            }
        }
        let value = (!seen).trailing_zeros() as u8;
        assert!(u32::from(value) <= CELLS / 2, "a value fits in four bits");
        values[set as usize] = value;
    }
    values
}
