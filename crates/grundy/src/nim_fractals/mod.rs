//! Enumeration: counts of Nim P-positions and Nim as a cellular automaton (Khovanova and Xiong,
//! *Nim Fractals*). The generations and remoteness of any game are in
//! [`crate::solve::evolution`].
//!
//! - [`nim`]: the four counts `a_k, d_k, A_k, D_k` of k-pile Nim P-positions, by the paper's
//!   closed forms and recursions, exact (big integers) at any size.
//! - [`reference`](mod@reference): their brute-force twins (an enumerator and digit DPs).
//! - [`automaton`]: Nim as a cellular automaton (parents, children, generations, Table 1) and the
//!   bijection of Theorem 23 with three branches of the Ulam–Warburton automaton.
//! - [`claims`]: what `grundy verify` checks for all of the above, including the places where
//!   the paper and brute force disagree (`nim-d3-recursion`, `nim-table1`, `lemma-22`).

pub mod automaton;
pub mod claims;
pub mod nim;
pub mod reference;
