//! Enumeration: counts of Nim P-positions, Nim as a cellular automaton, and the generations of
//! any impartial game (Khovanova and Xiong, *Nim Fractals*).
//!
//! - [`nim`]: the four counts `a_k, d_k, A_k, D_k` of k-pile Nim P-positions, by the paper's
//!   closed forms and recursions, exact (big integers) at any size.
//! - [`reference`]: their brute-force twins (an enumerator and digit DPs).

pub mod automaton;
pub mod nim;
pub mod reference;
