//! Enumeration: counts of Nim P-positions, Nim as a cellular automaton, and the generations of
//! any impartial game (Khovanova and Xiong, *Nim Fractals*).
//!
//! - [`nim`]: the four counts `a_k, d_k, A_k, D_k` of k-pile Nim P-positions, by the paper's
//!   closed forms and recursions, exact (big integers) at any size.
//! - [`reference`]: their brute-force twins (an enumerator and digit DPs).
//! - [`automaton`]: Nim as a cellular automaton (parents, children, generations, Table 1) and the
//!   bijection of Theorem 23 with three branches of the Ulam–Warburton automaton.
//! - [`evolution`]: the generations (Lemma 22) and remoteness of any game given by a spec, and
//!   conjunctive compounds decided from their components (the engines are in [`crate::solve`]).
//! - [`claims`]: what `grundy verify` checks for all of the above, including the places where
//!   the paper and brute force disagree (`nim-d3-recursion`, `nim-table1`, `lemma-22`).

pub mod automaton;
pub mod claims;
pub mod evolution;
pub mod nim;
pub mod reference;
