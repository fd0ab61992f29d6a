//! What is proven about take-and-break games, and the words the answers use.
//!
//! **Periodicity of finite unconstrained codes** (Guy and Smith 1956; *Winning Ways*, ch. 4).
//! If a finite code (last non-zero digit `d_k`) only allows splits into at most `j` heaps of any
//! sizes (no `!`, `?`, `=` on two heaps or more, no unbounded count such as `{2+}`), and `G(n +
//! p) = G(n)` for `n0 <= n < j n0 + (j - 1) p + k` (`n0 >= 1`), then for every `n >= n0`. The
//! argument is the one written out in `games/octal/theory.rs` for `j <= 3`: in a split of
//! `m + p - t` into at most `j` heaps the largest has at least `n0 + p` tokens once `m >= j n0 +
//! (j - 1) p + k`, and taking `p` from it pairs the splits of `m + p - t` with those of `m - t`,
//! value for value. A constraint on the sizes breaks the pairing (taking `p` from the largest
//! heap can make two heaps equal, or unequal), so constrained codes, unbounded counts and
//! repeating tails other than all-but games are reported as *observed* only.
//!
//! **Lemma (arithmetic periodicity of all-but games)**, ours, proven here. Let `X` be finite,
//! `x = max X` (0 if `X` is empty), and `G` the values of the all-but game `S = {1, 2, ...} \ X`.
//! Suppose that for some `n0 >= 0`, `p >= 1`, `s >= 0`:
//! (a) `G(n + p) = G(n) + s` for `n0 <= n < n0 + x`;
//! (b) with `A = {G(m) : m < n0}` and `B = {G(m) : m < n0 + p}`: every value below `s` is in
//! `B`, and `{b - s : b in B, b >= s} = A`.
//! Then `G(n + p) = G(n) + s` for every `n >= n0`.
//!
//! *Proof*, by induction on `n >= n0 + x` (smaller `n` are (a)). The options of `n` are the `m <
//! n` with `n - m` not in `X`. Every `m < n0` is one (`n - m > x`), and so is every `m < n0 + p`
//! for `n + p`. The others are `m' in [n0, n)` for `n`, and `m = m' + p` for `n + p`, excluded
//! for one exactly when for the other (`n + p - m = n - m'`), with `G(m' + p) = G(m') + s` by
//! induction. With `W` the values of the allowed `m'`, the options of `n` have the values `A U
//! W` and those of `n + p` the values `B U (W + s) = {0..s-1} U ((A U W) + s)` by (b), whose mex
//! is `s + mex(A U W) = G(n) + s`. Every all-but game is arithmetic-periodic (A. Siegel, *Finite
//! excluded subtraction sets and infinite modular Nim*, M.Sc. thesis, Dalhousie, 2005); the lemma
//! is a finite check that certifies a given period, saltus and start.

use super::allbut::ArithmeticProof;
use crate::games::octal::period::Proof;
use crate::ruleset::HeapShape;

/// The words of a proven period of a finite unconstrained code.
pub fn periodic_text(shape: HeapShape, proof: &Proof) -> String {
    let bound = proof.checked_to - proof.period;
    let last = match proof.last_exception() {
        Some(e) => format!(", last exception at {e}"),
        None => ", no exception".into(),
    };
    format!(
        "proven period {}, preperiod {}{last}: G(n + {}) = G(n) checked for {} <= n < {bound}, which the periodicity theorem for codes whose moves leave at most {} heaps (the Guy-Smith argument, see games/takebreak/theory.rs) extends to every n >= {}",
        proof.period,
        proof.preperiod,
        proof.period,
        proof.preperiod.max(1),
        shape.heaps.max(1),
        proof.preperiod,
    )
}

/// The words of a proven arithmetic period of an all-but game.
pub fn all_but_text(excluded: &[u64], proof: &ArithmeticProof) -> String {
    let x = excluded.iter().copied().max().unwrap_or(0);
    let (n0, p, s) = (proof.preperiod, proof.period, proof.saltus);
    let base = if x == 0 {
        "no base case needed (nothing excluded)".to_string()
    } else {
        format!("G(n + {p}) = G(n) + {s} checked for {n0} <= n < {}", n0 + x)
    };
    format!(
        "proven arithmetic period {p} with saltus {s} from n = {n0}: {base}, and the values of the heaps below {} are those of the heaps below {n0} raised by {s} together with every value below {s}, which the arithmetic-periodicity lemma for all-but subtraction games (games/takebreak/theory.rs; Siegel 2005 proves every such game arithmetic-periodic) extends to every n >= {n0}",
        n0 + p,
    )
}
