//! The command-line tests, one test binary (one `mod` per file, each file one command or game
//! family) so that the test build compiles and links once rather than once per file.
//!
//! Run one file's tests with its module name: `cargo test -p grundy-cli --test cli -- octal::`.

mod common;

mod boards;
mod coins;
mod contract;
mod db;
mod digraph;
mod foundation;
mod fuzz;
mod hackenbush;
mod help;
mod interrupts;
mod limits;
mod long_runs;
mod misere;
mod names;
mod nim_fractals;
mod nimstring;
mod notakto;
mod octal;
mod quotient;
mod readme;
mod registry;
mod reproduce;
mod serve;
mod sharing_nim;
mod sprouts;
mod streaming;
mod subdivision;
mod sums;
mod survey;
mod takeaway;
mod takebreak;
mod verify;
mod winning_ways;
mod ww_families;
mod wythoff;
