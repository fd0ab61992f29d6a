//! Periodicity of subtraction games (Berlekamp, Conway and Guy, *Winning Ways*, ch. 4; the
//! argument is the one for octal games).
//!
//! Let `k = max(S)`. If `SG(i + p) = SG(i)` for all `i` with `e <= i < e + k`, then it holds for
//! every `i >= e`: for `n >= e + k` every `s` in `S` is a legal move at `n` and at `n + p`, the
//! options `n - s` lie in `[n - k, n)` and `n + p - s` in `[n + p - k, n + p)`, and by induction
//! those values agree, so the two mex values agree too.

use crate::analysis::Periodicity;

/// The reason given when the lemma applies.
pub const PROOF: &str =
    "subtraction game with finite S: max(S) consecutive values repeat after the preperiod, which determines all later values";

/// Whether values computed for `0..checked_to` prove the observed `periodicity` by the lemma:
/// the relation holds from the preperiod to the end (as `find_periodicity` checked), and that
/// stretch covers one period plus `max_subtraction` values.
pub fn proves_periodicity(
    max_subtraction: u64,
    periodicity: &Periodicity,
    checked_to: u64,
) -> bool {
    // In u128: `max(S)` may be as large as 2^64 - 1.
    let covered = u128::from(periodicity.preperiod)
        + u128::from(periodicity.period)
        + u128::from(max_subtraction);
    periodicity.saltus == 0 && covered <= u128::from(checked_to)
}

/// The index in the preperiod or first period with the same value as `n`.
pub fn periodic_index(periodicity: &Periodicity, n: u64) -> u64 {
    let (e, p) = (periodicity.preperiod, periodicity.period);
    if n < e + p {
        n
    } else {
        e + (n - e) % p
    }
}
