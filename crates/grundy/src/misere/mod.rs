//! Misère play: the player who makes the last move *loses*.
//!
//! Under normal play a position with no move is lost by the player to move; under misère play it
//! is won. Everything else is the same recursion (a position is a P-position when every option
//! is an N-position), so outcomes of any game follow from its moves by the definition: the play
//! [`Convention`] is a parameter of the engines, not a copy of each family.
//!
//! What does *not* carry over is the Sprague–Grundy theorem: a misère sum is not decided by the
//! nim-sum of its parts. The theory has three levels, each used here only where it is proven:
//!
//! - **Bouton** (1901): misère Nim is won like normal Nim, except when every pile has at most
//!   one token, where the parity of the piles decides (Winning Ways, ch. 13):
//!   [`crate::games::nim::misere`], in the Nim family's own folder.
//! - **Genus** (Conway, *On Numbers and Games*, ch. 12): the normal value of a game and the
//!   misère Grundy values of the game plus 0, 1, 2, ... copies of `*2`. Tame games (genus that
//!   of a Nim position) play like misère Nim: [`genus`].
//! - **Misère quotients** (Plambeck, *Taming the wild in impartial combinatorial games*, 2005;
//!   Plambeck and Siegel, *Misère quotients for impartial games*, JCTA 2008): the positions of a
//!   heap game with heaps up to `n`, modulo indistinguishability, form a commutative monoid `Q`
//!   with a P-portion; where `Q` is finite, the outcome of any sum is a product in `Q`.
//!
//! **Where misère play reduces to normal play**, each used only as proven:
//!
//! - Nim with a pile of 2 or more: the normal rule (nim-sum 0) decides (Bouton 1901); only
//!   positions of piles 0 and 1 go by parity ([`crate::games::nim::misere`], claim
//!   `misere-bouton`).
//! - Tame games (Conway, *On Numbers and Games* ch. 12; *Winning Ways* ch. 13): a position
//!   whose followers all have the genus of a Nim position has the misère outcome of the Nim
//!   position of its normal value ([`genus`] decides tameness heap by heap).
//! - A heap game whose quotient is tame (Plambeck and Siegel): every position of heaps `<= n`
//!   has the misère outcome of the Nim position of its heaps' normal values; the quotient
//!   decides this exactly ([`quotient::nim_counterexample`]). Every finite subtraction game is
//!   of this kind by *Winning Ways* ch. 13 (claim `misere-subtraction-tame` checks the sets
//!   within `1..=k` through their quotients, proven final).
//!
//! Here: [`outcome`] (the one search, either convention: `G-` of any position by the
//! definition, sums searched as one game), [`play`] (a game under misère play as a
//! [`crate::Ruleset`], so every query works on it; the `misere-` spec prefix), [`genus`];
//! [`quotient`] (misère quotients, verified exactly), [`published`] (the quotients
//! of the literature, compared check by check) and [`claims`] (their `verify` claims and the
//! plain definition every test compares with). Misère sums are decided in one place,
//! [`crate::query::misere_sum`]. The [`Convention`] itself is a word of the core
//! ([`crate::game`]), since the engines below the families take it.

pub mod canonical;
pub mod canonical_tree;
pub mod claims;
pub mod genus;
pub mod outcome;
pub mod play;
pub mod published;
pub mod quotient;

pub use crate::game::Convention;
