//! The theory of Euclid's game (A. J. Cole and A. J. T. Davie, *A game based on the Euclidean
//! algorithm and a winning strategy for it*, Math. Gazette 53 (1969) 354-357): a position is a
//! pair `(a, b)` of non-negative integers; a move subtracts a positive multiple of the smaller
//! from the larger, leaving it non-negative; a position with a 0 has no move, so whoever makes
//! a number 0 wins.
//!
//! **Outcomes** (Cole and Davie 1969): for `a > b >= 1`, `(a, b)` is a P-position exactly when
//! `a / b < phi = (1 + sqrt 5) / 2`; `(a, a)` is an N-position (take `a` to 0) and a position
//! with a 0 is a P-position. In exact integers ([`is_p_position`]): with `d = a - b`,
//! `a < b phi` iff `d phi < b` (as `phi - 1 = 1/phi`) iff `floor(d phi) < b`, `d phi` being
//! irrational.
//!
//! **Values** by a recursion along Euclid's algorithm ([`value`]), proven here. Let `a >= b >=
//! 1`, `a = qb + r` with `0 <= r < b`, and write `v_j` for the value of `(r + jb, b)`. From
//! `(r + jb, b)` with `j >= 1` the moves reach exactly the `(r + ib, b)`, `0 <= i < j`, so
//! `v_j = mex {v_0, ..., v_(j-1)}`, and `v_0` is the value `c` of `(b, r)` (0 when `r = 0`).
//! The mex of a prefix that starts with `c` and then takes the least values not yet used is
//! `v_j = j - 1` for `1 <= j <= c` and `v_j = j` for `j > c`. Hence
//!
//! `G(a, b) = q - 1` if `q <= c`, else `q`, with `c = G(b, a mod b)`,
//!
//! the pair of the next step of Euclid's algorithm: `O(log min(a, b))` steps for any 64-bit
//! position. (Nivasch, Discrete Math. 306 (2006), proved the closed form `floor(|a/b - b/a|)`
//! for Grossman's variant, which stops at `(d, d)`; Cairns, Ho and Lengyel, Discrete Math. 311
//! (2011), give an explicit formula for this game. Neither is used: the recursion is exact.)
//!
//! The winning moves follow: from `(qb + r, b)`, to `(r, b)` when `c = 0`, else to `(r + b, b)`
//! when `q >= 2` (value `v_1 = 0`); with `q = 1` and `c > 0` the position is a P-position.
//! [`by_definition`] (the mex over every move) is the brute-force twin.

use crate::verify::{Claim, Params, Tally, Verdict};
use crate::Result;

/// The SG value of `(a, b)` by the recursion along Euclid's algorithm.
pub fn value(a: u64, b: u64) -> u64 {
    // The quotients of Euclid's algorithm on (max, min), then the values from the last step
    // back (the last step has remainder 0, so c = 0 there).
    let (mut x, mut y) = (a.max(b), a.min(b));
    let mut quotients = Vec::new();
    while y > 0 {
        quotients.push(x / y);
        (x, y) = (y, x % y);
    }
    quotients
        .iter()
        .rev()
        .fold(0, |c, &q| if q <= c { q - 1 } else { q })
}

/// Whether `(a, b)` is a P-position by Cole and Davie's theorem (see the module docs).
pub fn is_p_position(a: u64, b: u64) -> bool {
    let (big, small) = (a.max(b), a.min(b));
    if small == 0 {
        return true;
    }
    big != small && crate::games::wythoff::theory::lower(big - small) < u128::from(small)
}

/// The winning moves of `(a, b)` by the recursion, as the positions reached: at most one
/// (see the module docs), except from `(a, a)`, where either number may be taken to 0.
pub fn winning_moves(a: u64, b: u64) -> Vec<[u64; 2]> {
    let (big, small) = (a.max(b), a.min(b));
    if small == 0 {
        return Vec::new();
    }
    if a == b {
        return vec![[0, b], [a, 0]];
    }
    let (q, r) = (big / small, big % small);
    let to = if value(small, r) == 0 {
        r
    } else if q >= 2 {
        r + small
    } else {
        return Vec::new();
    };
    vec![if a > b { [to, b] } else { [a, to] }]
}

/// `G(a, b)` for `0 <= a, b < n` by the definition, `table[a][b]`: the mex over every move.
/// Cubic-ish in `n` (the moves of `(a, b)` are `max / min`).
pub fn by_definition(n: usize, progress: &mut dyn FnMut(f64)) -> Vec<Vec<u64>> {
    let mut table = vec![vec![0u64; n]; n];
    // In order of a + b: every option has a smaller sum.
    for sum in 0..2 * n.saturating_sub(1) + 1 {
        if sum % 64 == 0 {
            progress(sum as f64 / (2 * n) as f64);
        }
        for a in sum.saturating_sub(n - 1)..=sum.min(n - 1) {
            let b = sum - a;
            if a == 0 || b == 0 {
                continue;
            }
            let mut seen = vec![false; a.max(b) / a.min(b) + 2];
            let mut mark = |v: u64| {
                if let Some(s) = seen.get_mut(v as usize) {
                    *s = true;
                }
            };
            if a >= b {
                (1..=a / b).for_each(|k| mark(table[a - k * b][b]));
            }
            if b >= a {
                (1..=b / a).for_each(|k| mark(table[a][b - k * a]));
            }
            table[a][b] = seen.iter().position(|&s| !s).expect("a free value") as u64;
        }
    }
    table
}

/// The claims `grundy verify` checks for Euclid's game.
pub const CLAIMS: &[Claim] = &[
    Claim {
        name: "euclid-outcomes",
        source: "Cole and Davie (1969), Math. Gazette 53",
        statement: "for a > b >= 1, (a, b) is a P-position exactly when a/b < phi (the golden ratio); (a, a) is an N-position",
        params: &[],
        range: "every position with a, b <= to (at most 4096)",
        default_to: Some(300),
        check: check_outcomes,
    },
    Claim {
        name: "euclid-recursion",
        source: "games/euclid/theory.rs (the options of (r + jb, b) are the (r + ib, b), i < j)",
        statement: "G(a, b) = q - 1 if q <= c, else q, where a >= b >= 1, q = floor(a/b) and c = G(b, a mod b)",
        params: &[],
        range: "every position with a, b <= to (at most 4096)",
        default_to: Some(300),
        check: check_recursion,
    },
];

/// The largest `to` of the claims (the definition's table has `(to + 1)^2` cells).
pub const MAX_CLAIM_TO: u64 = 4096;

fn definition(to: u64, progress: &mut dyn FnMut(f64)) -> Result<Vec<Vec<u64>>> {
    if to > MAX_CLAIM_TO {
        return Err(crate::Error::TooLarge(format!(
            "--to {to} is above {MAX_CLAIM_TO} (the definition's table has (to + 1)^2 cells)"
        )));
    }
    Ok(by_definition(to as usize + 1, progress))
}

fn check_outcomes(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let table = definition(to, progress)?;
    let mut tally = Tally::new();
    for (a, row) in table.iter().enumerate() {
        for (b, &g) in row.iter().enumerate() {
            let p = is_p_position(a as u64, b as u64);
            tally.check((g == 0) == p, || {
                format!(
                    "({a}, {b}): value {g} by the definition, but the theorem says {}",
                    if p { "P" } else { "N" }
                )
            });
        }
    }
    progress(1.0);
    Ok(tally.verdict(&CLAIMS[0], params, to))
}

fn check_recursion(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let table = definition(to, progress)?;
    let mut tally = Tally::new();
    for (a, row) in table.iter().enumerate() {
        for (b, &g) in row.iter().enumerate() {
            let r = value(a as u64, b as u64);
            tally.check(g == r, || {
                format!("({a}, {b}): the definition gives {g}, the recursion {r}")
            });
        }
    }
    progress(1.0);
    Ok(tally.verdict(&CLAIMS[1], params, to))
}
