//! Build script: the endgame tables of small Cram boxes (`src/games/cram/small.rs`), made by
//! `src/games/cram/tables.rs` (shared with the library) and written to
//! `$OUT_DIR/cram_small.bin`. A release build puts the file in the program; a debug build reads
//! it when first needed (see `small.rs`).

use std::path::PathBuf;

#[path = "src/games/cram/tables.rs"]
mod tables;

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=src/games/cram/tables.rs");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join("cram_small.bin"), tables::make()).expect("OUT_DIR is writable");
}
