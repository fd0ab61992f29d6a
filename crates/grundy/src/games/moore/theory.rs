//! Moore's theorem (E. H. Moore, *A generalization of the game called Nim*, Annals of
//! Mathematics 11 (1910) 93-94; Winning Ways ch. 15, "Moore's Nim_k"): a position of Nim_k (a
//! move takes from at least one and at most `k` piles) is a P-position exactly when, the piles
//! written in binary, every bit column holds a number of ones divisible by `k + 1`.
//!
//! *Proof.* From such a position, a move changes between 1 and `k` piles, each decreasing. Let
//! `j` be the highest bit at which some changed pile changes; every pile changing at `j` goes
//! from 1 to 0 there (its highest changed bit), and no pile gains a one at `j`, so column `j`
//! loses between 1 and `k` ones and is no longer divisible by `k + 1`. From any other position
//! [`winning_move`] builds a move to one: going down the bits, it keeps the set `S` of piles
//! already decreased (free below the bit where they dropped). At bit `j`, let `r` be the ones
//! outside `S`, mod `k + 1`. If `|S| + r <= k`, `r` of those piles drop their 1 and join `S`,
//! whose members take 0 at `j`; otherwise `|S| >= k + 1 - r` and that many members of `S` take
//! 1, the others 0. Either way the column becomes divisible by `k + 1` and `|S|` stays at most
//! `k`; the last bits end with a P-position reached from at most `k` decreased piles, at least
//! one of them since the position was not a P-position.
//!
//! SG values of Nim_k are not known in general for `k >= 2` (Jenkyns and Mayberry 1980 give
//! some cases); [`super::MooreSolver`] computes them by the definition where the search is
//! small, and answers larger positions with the outcome alone (value 0 at P-positions, by the
//! theorem).

use crate::verify::{param, Claim, Params, Tally, Verdict};
use crate::Result;

/// The first bit column whose count of ones is not divisible by `k + 1` (with the count), or
/// `None` for a P-position.
pub fn unbalanced_column(piles: &[u64], k: u64) -> Option<(u32, u64)> {
    (0..64).rev().find_map(|bit| {
        let ones = piles.iter().filter(|&&p| p >> bit & 1 == 1).count() as u64;
        (u128::from(ones) % (u128::from(k) + 1) != 0).then_some((bit, ones))
    })
}

/// Whether `piles` is a P-position of Nim_k (Moore's theorem).
pub fn is_p_position(piles: &[u64], k: u64) -> bool {
    unbalanced_column(piles, k).is_none()
}

/// A move from an N-position to a P-position (the construction of the proof above; it
/// prefers the first piles), or `None` at a P-position.
pub fn winning_move(piles: &[u64], k: u64) -> Option<Vec<u64>> {
    if is_p_position(piles, k) {
        return None;
    }
    // No more than `piles.len()` piles can be taken from: a larger k is the same game.
    let k = k.min(piles.len() as u64);
    let modulus = k + 1;
    let mut to = piles.to_vec();
    let mut free = vec![false; piles.len()];
    let mut in_set = 0u64;
    for bit in (0..64).rev() {
        let mask = 1u64 << bit;
        let ones: Vec<usize> = (0..piles.len())
            .filter(|&i| !free[i] && piles[i] & mask != 0)
            .collect();
        let r = ones.len() as u64 % modulus;
        // The members of S take 0 here unless chosen below.
        for (i, t) in to.iter_mut().enumerate() {
            if free[i] {
                *t &= !mask;
            }
        }
        if in_set + r <= k {
            for &i in ones.iter().take(r as usize) {
                // Drop the 1 at this bit; the lower bits become free (set as needed below).
                to[i] &= !mask;
                free[i] = true;
            }
            in_set += r;
        } else {
            let mut wanted = modulus - r;
            for (i, t) in to.iter_mut().enumerate() {
                if wanted > 0 && free[i] {
                    *t |= mask;
                    wanted -= 1;
                }
            }
        }
    }
    Some(to)
}

/// The claims `grundy verify` checks for Moore's Nim.
pub const CLAIMS: &[Claim] = &[Claim {
    name: "moore-theorem",
    source: "Moore (1910), Annals of Mathematics 11; Winning Ways ch. 15",
    statement: "a position of Nim_k is a P-position exactly when every bit column of the piles has a number of ones divisible by k + 1",
    params: &[
        param("k", "the most piles a move takes from, at least 1", "2"),
        param("piles", "number of piles, 1 to 6", "3"),
    ],
    range: "every position with all piles <= to",
    default_to: None,
    check: check_theorem,
}];

/// The most option visits `verify moore-theorem` makes.
pub const MAX_THEOREM_WORK: u128 = 300_000_000;

fn check_theorem(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let k = params.number("k")?;
    let piles = params.number("piles")?;
    if k == 0 {
        return Err(crate::Error::Invalid("--k must be at least 1".into()));
    }
    if piles == 0 || piles > 6 {
        return Err(crate::Error::Invalid(
            "--piles must be between 1 and 6".into(),
        ));
    }
    let top = vec![to; piles as usize];
    let side = u128::from(to) + 1;
    let total = side.saturating_pow(piles as u32);
    let work = total.saturating_mul(super::move_count(&top, k).saturating_add(1));
    if work > MAX_THEOREM_WORK {
        return Err(crate::Error::TooLarge(format!(
            "{side}^{piles} positions with up to {} moves each are more than the {MAX_THEOREM_WORK} option visits allowed",
            super::move_count(&top, k)
        )));
    }
    let mut search = super::search(k);
    let mut position = vec![0u64; piles as usize];
    let mut tally = Tally::new();
    let side = side as u64;
    for case in 0..total as u64 {
        let mut rest = case;
        for pile in position.iter_mut() {
            *pile = rest % side;
            rest /= side;
        }
        let value = search.value(&position)?;
        let theorem = is_p_position(&position, k);
        tally.check((value == 0) == theorem, || {
            format!(
                "{position:?}: the search gives value {value}, the theorem says {}",
                if theorem { "P" } else { "N" }
            )
        });
        if case % 1024 == 0 {
            progress(case as f64 / total as f64);
        }
    }
    Ok(tally.verdict(&CLAIMS[0], params, to))
}
