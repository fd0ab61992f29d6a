//! # grundy
//!
//! Sprague–Grundy values, outcomes, winning moves, sequences, tables and their analyses for
//! impartial combinatorial games: heap and pile games, games on boards and graphs, and tokens on
//! a directed graph; under normal play (the player who cannot move loses) or misère play (the
//! player who cannot move wins: [`misere`]); games with cycles get Smith's generalised values,
//! with draws ([`solve::loopy`]). The command line `grundy` (crate `grundy-cli`) and the Python package
//! are thin layers over this crate; the user guide (`docs/`, built with `mdbook build docs`)
//! describes them, and this documentation describes the library.
//!
//! A game is a [`Game`] (typed positions and options, for the engines) and, to be chosen at run
//! time from a spec string, a [`Ruleset`] (positions are tuples of non-negative integers). Values
//! come from the engines in [`solve`] or from a family's closed forms in [`games`]; [`analysis`]
//! works on the resulting sequences; [`query`] answers the questions the command line asks.
//!
//! ```
//! use grundy::{query, spec};
//!
//! // Bouton: 3 XOR 5 XOR 6 = 0, a P-position.
//! let nim = spec::parse_game("nim").unwrap();
//! assert_eq!(query::value(nim.as_ref(), &[3, 5, 6]).unwrap().value, 0);
//!
//! // The subtraction game S = {1, 3, 4} has period 7, proven by the periodicity lemma.
//! let game = spec::parse_game("subtraction:s=1,3,4").unwrap();
//! let values = query::sequence(game.as_ref(), &[None], 0, 100, &mut |_| {}).unwrap();
//! let report = query::analyze(game.as_ref(), &[None], 0, &values).unwrap();
//! let p = report.analysis.periodicity.unwrap();
//! assert_eq!((p.period, p.preperiod, report.proven), (7, 0, true));
//! ```
//!
//! A game defined by its rules alone, valued by the memoised search (here two-pile Nim, whose
//! positions are pairs):
//!
//! ```
//! use grundy::solve::MemoSolver;
//! use grundy::Game;
//!
//! struct TwoPiles;
//! impl Game for TwoPiles {
//!     type Position = (u32, u32);
//!     fn options(&self, &(a, b): &(u32, u32), out: &mut Vec<(u32, u32)>) {
//!         out.extend((0..a).map(|x| (x, b)));
//!         out.extend((0..b).map(|y| (a, y)));
//!     }
//! }
//! let value = MemoSolver::new(TwoPiles).value(&(5, 3)).unwrap();
//! assert_eq!(value, 5 ^ 3);
//! ```
//!
//! The engines compute exactly: values are integers, arithmetic that could overflow is checked,
//! and a request beyond a stated limit is an [`Error`], never a wrong answer.
//!
//! The modules are layered, each using only its own layer and those before it: the core
//! ([`game`], [`ruleset`], [`family`], [`verify`], [`number`], [`files`], [`progress`],
//! [`analysis`], [`Error`]); the engines ([`solve`]); the families ([`games`]); their
//! [`registry`] and [`spec`]; the conventions and surveys ([`misere`], [`nim_fractals`],
//! [`survey`]); the questions ([`query`], [`claims`], [`reproduce`]). ARCHITECTURE.md
//! ("Layers") says why, and the test `tests/layers.rs` keeps it so.

pub mod analysis;
pub mod claims;
pub mod cpu;
mod error;
pub mod family;
pub mod files;
pub mod game;
pub mod games;
pub mod misere;
pub mod nim_fractals;
pub mod number;
pub mod progress;
pub mod query;
pub mod registry;
pub mod reproduce;
pub mod ruleset;
pub mod solve;
pub mod spec;
pub mod survey;
pub mod verify;

pub use error::{Error, Result};
pub use game::{Game, Outcome, Sum};
pub use ruleset::{Ruleset, Solver};
