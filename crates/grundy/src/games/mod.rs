//! The game families, one folder each with the same shape:
//!
//! - `mod.rs`: the rules (the ruleset and, where it fits, a typed game for the engines);
//! - `theory.rs`: closed forms and theorems, each citing its source, each with a brute-force twin
//!   in the tests;
//! - `spec.rs`: the [`Family`](crate::spec::Family) entry that parses the spec string.

pub mod board;
pub mod chomp;
pub mod coins;
pub mod cram;
pub mod digraph;
pub mod euclid;
pub mod fibonacci;
pub mod graph_kayles;
pub mod hackenbush;
pub mod lasker;
pub mod moore;
pub mod nim;
pub mod nimstring;
pub mod northcott;
pub mod octal;
pub mod sharing_nim;
pub mod sprouts;
pub mod staircase;
pub mod subdivision;
pub mod subtraction;
pub mod takeaway;
pub mod takebreak;
pub mod tartan;
pub mod wythoff;
pub mod xonly;
