//! Closed forms of Wythoff's game, in exact integer arithmetic, and the `verify` claims.
//!
//! **Wythoff's theorem** (W. A. Wythoff, *A modification of the game of Nim*, Nieuw Archief voor
//! Wiskunde 7 (1907) 199-202): the P-positions are the pairs `(A_k, B_k)` and `(B_k, A_k)`,
//! `k >= 0`, with `A_k = floor(k phi)`, `B_k = floor(k phi^2) = A_k + k`, `phi = (1 + sqrt 5) / 2`.
//! Since `k phi = (k + sqrt(5 k^2)) / 2` and `sqrt(5 k^2)` is irrational for `k > 0`,
//! `A_k = (k + floor(k sqrt 5)) / 2` (integer division): if `k + floor(k sqrt 5)` is odd, the
//! half of `k + k sqrt 5` lies strictly between `m + 1/2` and `m + 1`. `floor(k sqrt 5)` is the
//! integer square root of `5 k^2`, a number of up to 131 bits for `k < 2^64`, so it is found by
//! bisection with 256-bit squares ([`floor_sqrt5_times`]): no floating point anywhere.
//!
//! The sequences `A` and `B` (`k >= 1`) partition the positive integers (Beatty's theorem,
//! `1/phi + 1/phi^2 = 1`), so every pile size `n` has exactly one *partner* `m` with `(n, m)` a
//! P-position ([`partner`]): `n = A_k` gives `m = n + k`, `n = B_k` gives `m = A_k`. The winning
//! moves of a position follow ([`winning_moves`]): take pile 1 down to the partner of pile 2, or
//! pile 2 down to the partner of pile 1, or both piles down to `(A_k, B_k)` with `k` their
//! difference, whichever is smaller than what is there (at most three moves).
//!
//! **Rows 0 and 1** (proven here): `g(0, b) = b` (the only options of `(0, b)` are `(0, b')`,
//! `b' < b`: Nim). `g(1, b) = b + 1` for `b mod 3` in `{0, 1}` and `b - 2` for `b mod 3 = 2`,
//! by induction on `b`: the options of `(1, b)` are `(1, j)`, `j < b` (by induction their values
//! are `{0, ..., 3m - 1}` for `b = 3m`, that set and `3m + 1` for `b = 3m + 1`, and also
//! `3m + 2` for `b = 3m + 2`), `(0, b)` of value `b` and `(0, b - 1)` of value `b - 1`. The mex
//! is `3m + 1` for `b = 3m` (the set is `{0, ..., 3m}`), `3m + 2` for `b = 3m + 1` (the set is
//! `{0, ..., 3m + 1}`), and `3m` for `b = 3m + 2` (the set is `{0, ..., 3m + 2}` without `3m`).
//! So row 1 is additively periodic with period 3 and saltus 3 from `b = 0` (the values
//! `1, 2, 0, 4, 5, 3, 7, 8, 6, ...` of G. Nivasch's table of the SG function, *Wythoff's game*,
//! after his M.Sc. thesis).

use crate::analysis::find_periodicity;
use crate::verify::{param, Claim, Params, Tally, Verdict};
use crate::{Error, Result};

use super::table::Table;

/// `(hi, lo)`: the 256-bit product `a * b`.
fn mul_wide(a: u128, b: u128) -> (u128, u128) {
    const M: u128 = u64::MAX as u128;
    let (a1, a0, b1, b0) = (a >> 64, a & M, b >> 64, b & M);
    let (p00, p01, p10, p11) = (a0 * b0, a0 * b1, a1 * b0, a1 * b1);
    let mid = (p00 >> 64) + (p01 & M) + (p10 & M);
    let lo = (p00 & M) | (mid << 64);
    let hi = p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64);
    (hi, lo)
}

/// `floor(n sqrt 5)`, exactly, for every `n < 2^64`: the largest `x` with `x^2 <= 5 n^2`, found
/// by bisection in `[2n, 3n]` with 256-bit squares.
pub fn floor_sqrt5_times(n: u64) -> u128 {
    let n = u128::from(n);
    if n < 1 << 62 {
        // 5 n^2 < 2^127.
        return (5 * n * n).isqrt();
    }
    let target = mul_wide(5 * n, n);
    let (mut lo, mut hi) = (2 * n, 3 * n); // lo^2 <= 5 n^2 < hi^2
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if mul_wide(mid, mid) <= target {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// `A_k = floor(k phi)`, exactly.
pub fn lower(k: u64) -> u128 {
    (u128::from(k) + floor_sqrt5_times(k)) / 2
}

/// `B_k = floor(k phi^2) = A_k + k`, exactly.
pub fn upper(k: u64) -> u128 {
    lower(k) + u128::from(k)
}

/// Whether `(a, b)` is a P-position (Wythoff 1907): with `x <= y` its piles and `k = y - x`,
/// `x = A_k`.
pub fn is_p_position(a: u64, b: u64) -> bool {
    let (x, y) = (a.min(b), a.max(b));
    lower(y - x) == u128::from(x)
}

/// The pile `m` with `(n, m)` a P-position (unique, by Beatty's theorem; it may exceed `u64`):
/// `n = A_k` gives `n + k`, `n = B_k` gives `A_k`. With `n/phi = n phi - n`, `n = A_k` needs
/// `k = floor(n / phi) + 1 = A_n - n + 1`, and `n = B_k` needs `k = floor(n / phi^2) + 1 =
/// 2n - A_n` (`n / phi^2 = 2n - n phi`). `None` never happens (tested), but is not assumed.
pub fn partner(n: u64) -> Option<u128> {
    if n == 0 {
        return Some(0);
    }
    let a_n = lower(n);
    let n128 = u128::from(n);
    let k = a_n - n128 + 1;
    if let Ok(k) = u64::try_from(k) {
        if lower(k) == n128 {
            return Some(n128 + u128::from(k));
        }
    }
    let k = 2 * n128 - a_n;
    if let Ok(k) = u64::try_from(k) {
        if upper(k) == n128 {
            return Some(lower(k));
        }
    }
    None
}

/// One winning move: where it goes and what it takes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WinningMove {
    /// The position after the move.
    pub to: [u64; 2],
    /// Which pile (0 or 1), or `None` for both.
    pub pile: Option<usize>,
    /// How many tokens are taken (from each pile, for both).
    pub take: u64,
}

/// Every winning move of `(a, b)` (none from a P-position), in the order of
/// [`Ruleset::moves`](crate::Ruleset::moves): pile 1, pile 2, both.
pub fn winning_moves(a: u64, b: u64) -> Vec<WinningMove> {
    let mut moves = Vec::new();
    if let Some(m) = partner(b).and_then(|m| u64::try_from(m).ok()) {
        if m < a {
            moves.push(WinningMove {
                to: [m, b],
                pile: Some(0),
                take: a - m,
            });
        }
    }
    if let Some(m) = partner(a).and_then(|m| u64::try_from(m).ok()) {
        if m < b {
            moves.push(WinningMove {
                to: [a, m],
                pile: Some(1),
                take: b - m,
            });
        }
    }
    let (x, y) = (a.min(b), a.max(b));
    let target = lower(y - x);
    if target < u128::from(x) {
        let take = x - target as u64;
        moves.push(WinningMove {
            to: [a - take, b - take],
            pile: None,
            take,
        });
    }
    moves
}

/// `g(0, b) = b` and the row-1 formula of the module docs; `None` for rows 2 and above.
/// `Err` when the value (`2^64` for `(1, 2^64 - 1)`) does not fit.
pub fn row_value(a: u64, b: u64) -> Option<Result<u64>> {
    let (x, y) = (a.min(b), a.max(b));
    match x {
        0 => Some(Ok(y)),
        1 => Some(if y % 3 == 2 {
            Ok(y - 2)
        } else {
            y.checked_add(1).ok_or_else(|| {
                Error::TooLarge(format!(
                    "the SG value of (1, {y}) is {y} + 1 = 2^64, beyond 64 bits"
                ))
            })
        }),
        _ => None,
    }
}

/// The claims `grundy verify` checks for Wythoff's game.
pub const CLAIMS: &[Claim] = &[
    Claim {
        name: "wythoff-p-positions",
        source: "Wythoff (1907), the P-positions of Wythoff's game",
        statement: "the zeros of the SG function are exactly (floor(k phi), floor(k phi) + k) and its mirror image, k >= 0",
        params: &[],
        range: "every position with both piles <= to (values by the dense engine, the mex over every option)",
        default_to: Some(2000),
        check: check_p_positions,
    },
    Claim {
        name: "wythoff-rows-0-1",
        source: "g(0, b) = b (Nim) and g(1, b) = b + 1, b + 1, b - 2 as b mod 3 = 0, 1, 2 (proven in the docs of games/wythoff/theory.rs; Nivasch's table of the SG function shows row 1 as 1, 2, 0, 4, 5, 3, ...)",
        statement: "rows 0 and 1 of the SG function follow their closed forms",
        params: &[],
        range: "every b <= to",
        default_to: Some(100_000),
        check: check_rows,
    },
    Claim {
        name: "wythoff-bounds",
        source: "lower bound: proven in the docs of games/wythoff/mod.rs (each value v appears in row a by column v + 2a); upper bound a + b: stated by H. A. Landman in OEIS A047708",
        statement: "b - 2a <= g(a, b) <= a + b for a <= b",
        params: &[],
        range: "every position with both piles <= to",
        default_to: Some(2000),
        check: check_bounds,
    },
    Claim {
        name: "wythoff-row-periodicity",
        source: "Dress, Flammenkamp and Pink, Additive periodicity of the Sprague-Grundy function of certain Nim games, Adv. Appl. Math. 22 (1999); Landman, A simple FSM-based proof of the additive periodicity of the Sprague-Grundy function of Wythoff's game, More Games of No Chance (2002)",
        statement: "every row g(a, .) is additively periodic: g(a, b + p) = g(a, b) + p for b >= some preperiod",
        params: &[param("rows", "the rows 0..=rows looked at", "10")],
        range: "columns 0..=to of each row",
        default_to: Some(5000),
        check: check_row_periodicity,
    },
];

/// The most cells the claims' table may hold (the engine's own limit applies too).
fn square(to: u64) -> Result<Table> {
    Table::compute(to, to, &mut |_| {})
}

fn check_p_positions(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let table = Table::compute(to, to, &mut |row| {
        progress(0.5 * row as f64 / (to + 1) as f64)
    })?;
    let mut tally = Tally::new();
    let mut zeros = 0u64;
    for a in 0..=to {
        for b in a..=to {
            let g = table.get(a, b).expect("inside the table");
            let closed = is_p_position(a, b);
            zeros += u64::from(g == 0);
            tally.check((g == 0) == closed, || {
                format!(
                    "({a}, {b}): the engine gives {g}, the closed form says {}",
                    if closed { "P" } else { "N" }
                )
            });
        }
        if a % 64 == 0 {
            progress(0.5 + 0.5 * a as f64 / (to + 1) as f64);
        }
    }
    Ok(tally
        .verdict(&CLAIMS[0], params, to)
        .with_notes(vec![format!(
            "{zeros} P-positions with a <= b <= {to} (each with its mirror image)"
        )]))
}

fn check_rows(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let table = Table::compute(1, to.max(1), &mut |_| {})?;
    progress(0.5);
    let mut tally = Tally::new();
    for a in 0..=1u64 {
        for b in 0..=to {
            let g = table.get(a, b).expect("inside the table");
            let closed = row_value(a, b).expect("rows 0 and 1")?;
            tally.check(g == closed, || {
                format!("({a}, {b}): the engine gives {g}, the closed form {closed}")
            });
        }
    }
    progress(1.0);
    Ok(tally.verdict(&CLAIMS[1], params, to))
}

fn check_bounds(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let table = square(to)?;
    progress(0.5);
    let mut tally = Tally::new();
    for a in 0..=to {
        for b in a..=to {
            let g = table.get(a, b).expect("inside the table");
            tally.check(g + 2 * a >= b && g <= a + b, || {
                format!("({a}, {b}): g = {g} is outside [b - 2a, a + b]")
            });
        }
    }
    progress(1.0);
    Ok(tally.verdict(&CLAIMS[2], params, to))
}

fn check_row_periodicity(
    params: &Params,
    to: u64,
    progress: &mut dyn FnMut(f64),
) -> Result<Verdict> {
    let rows = params.number("rows")?;
    if rows > to {
        return Err(Error::Invalid(format!(
            "--rows {rows} is larger than --to {to}"
        )));
    }
    let table = Table::compute(rows, to, &mut |_| {})?;
    progress(0.5);
    let mut notes = Vec::new();
    let mut tally = Tally::new();
    for a in 0..=rows {
        let row: Vec<u64> = (0..=to)
            .map(|b| table.get(a, b).expect("inside the table"))
            .collect();
        // Only an observation: the theorem says some additive period exists, not which one.
        tally.check(true, String::new);
        notes.push(match find_periodicity(&row) {
            Some(p) if p.saltus == i128::from(p.period) => format!(
                "row {a}: additively periodic from b = {} with period {} (saltus {}) in 0..={to}",
                p.preperiod, p.period, p.saltus
            ),
            Some(p) => format!(
                "row {a}: periodic from b = {} with period {} and saltus {} in 0..={to} (not yet the additive period)",
                p.preperiod, p.period, p.saltus
            ),
            None => format!("row {a}: no periodicity seen in 0..={to} (a longer range is needed)"),
        });
        progress(0.5 + 0.5 * (a + 1) as f64 / (rows + 1) as f64);
    }
    Ok(tally
        .verdict(&CLAIMS[3], params, to)
        .evidence("the periods and preperiods are observed in the range only; the theorem proves that each row has some additive period, and a finite range cannot confirm which")
        .with_notes(notes))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_first_p_positions_are_wythoffs() {
        // Wythoff (1907); OEIS A000201 (lower) and A001950 (upper) Wythoff sequences.
        let a: Vec<u128> = (1..=12).map(lower).collect();
        let b: Vec<u128> = (1..=12).map(upper).collect();
        assert_eq!(a, [1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17, 19]);
        assert_eq!(b, [2, 5, 7, 10, 13, 15, 18, 20, 23, 26, 28, 31]);
    }

    #[test]
    fn square_roots_are_exact_at_the_top_of_u64() {
        for n in [
            (1u64 << 62) - 1,
            1 << 62,
            (1 << 62) + 1,
            1 << 63,
            u64::MAX / 5 * 2,
            u64::MAX - 1,
            u64::MAX,
        ] {
            let x = floor_sqrt5_times(n);
            let five = mul_wide(5 * u128::from(n), u128::from(n));
            assert!(
                mul_wide(x, x) <= five && mul_wide(x + 1, x + 1) > five,
                "{n}"
            );
        }
        // The bisection agrees with the u128 square root where both apply.
        for n in [(1u64 << 62) - 3, 123_456_789_012_345] {
            let x = (5 * u128::from(n) * u128::from(n)).isqrt();
            assert_eq!(floor_sqrt5_times(n), x);
        }
        assert_eq!(mul_wide(u128::MAX, u128::MAX), (u128::MAX - 1, 1));
    }

    #[test]
    fn partners_cover_every_pile_up_to_ten_thousand() {
        // Beatty: A and B partition the positive integers; the partner is the other member.
        let mut partner_of = vec![None; 10_001];
        partner_of[0] = Some(0u128);
        for k in 1..10_000u64 {
            let (a, b) = (lower(k) as usize, upper(k) as usize);
            if a <= 10_000 {
                partner_of[a] = Some(b as u128);
            }
            if b <= 10_000 {
                partner_of[b] = Some(a as u128);
            }
        }
        for (n, p) in partner_of.iter().enumerate() {
            assert_eq!(partner(n as u64), *p, "{n}");
            assert!(p.is_some());
        }
    }

    #[test]
    fn rows_zero_and_one() {
        let row1: Vec<u64> = (0..12).map(|b| row_value(1, b).unwrap().unwrap()).collect();
        // Nivasch's table of Wythoff's SG function, row 1.
        assert_eq!(row1, [1, 2, 0, 4, 5, 3, 7, 8, 6, 10, 11, 9]);
        assert!(row_value(1, u64::MAX).unwrap().is_err());
        assert_eq!(row_value(u64::MAX, 0).unwrap().unwrap(), u64::MAX);
        assert!(row_value(2, 5).is_none());
    }

    proptest! {
        #[test]
        fn partners_are_p_positions_everywhere(n in any::<u64>()) {
            let m = partner(n).unwrap();
            prop_assert!(m != u128::from(n) || n == 0);
            if let Ok(m) = u64::try_from(m) {
                prop_assert!(is_p_position(n, m));
                prop_assert_eq!(partner(m), Some(u128::from(n)));
            }
        }

        #[test]
        fn winning_moves_reach_p_positions(a in any::<u64>(), b in any::<u64>()) {
            let moves = winning_moves(a, b);
            prop_assert_eq!(moves.is_empty(), is_p_position(a, b));
            for m in &moves {
                prop_assert!(is_p_position(m.to[0], m.to[1]));
                let expect = match m.pile {
                    Some(0) => [a - m.take, b],
                    Some(_) => [a, b - m.take],
                    None => [a - m.take, b - m.take],
                };
                prop_assert_eq!(m.to, expect);
                prop_assert!(m.take > 0);
            }
        }
    }
}
