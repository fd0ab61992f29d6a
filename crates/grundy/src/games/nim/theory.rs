//! Bouton's theorem (C. L. Bouton, *Nim, a game with a complete mathematical theory*, Annals of
//! Mathematics 3 (1901)): `SG(p_1, ..., p_k) = p_1 XOR ... XOR p_k`.

/// The SG value of a Nim position: the nim-sum of the piles.
pub fn bouton_value(piles: &[u64]) -> u64 {
    crate::solve::nim_sum(piles.iter().copied())
}

/// The winning moves of a Nim position, by pile order: pile `i` goes to `p_i XOR x` whenever that
/// is smaller, `x` being the nim-sum (none when `x = 0`).
pub fn winning_moves(piles: &[u64]) -> Vec<Vec<u64>> {
    let x = bouton_value(piles);
    let mut moves = Vec::new();
    for (i, &pile) in piles.iter().enumerate() {
        if pile ^ x < pile {
            let mut to = piles.to_vec();
            to[i] = pile ^ x;
            moves.push(to);
        }
    }
    moves
}

use crate::solve::MemoSolver;
use crate::verify::{param, Claim, Params, Tally, Verdict};
use crate::Result;

/// The claims `grundy verify` checks for Nim.
pub const CLAIMS: &[Claim] = &[
    Claim {
        name: "bouton",
        source: "Bouton (1901), the theorem of Nim",
        statement: "the SG value of a Nim position is the XOR of its piles",
        params: &[param("piles", "number of piles, 1 to 8", "3")],
        range: "every position with all piles <= to",
        default_to: None,
        check: check_bouton,
    },
    Claim {
        name: "nim-product-field",
        source: "Conway, On Numbers and Games ch. 6; Winning Ways ch. 14",
        statement: "the nim product by Fermat 2-power splitting (F x F = F XOR F/2, x x F = xF for x < F) equals the mex definition, and the definition makes the numbers below each Fermat 2-power a field under XOR",
        params: &[],
        range: "a, b <= to (at most 255) against the definition; the field laws on the numbers below the largest Fermat 2-power 2^(2^k) <= to + 1",
        default_to: Some(63),
        check: check_nim_product,
    },
];

/// The largest `to` of `verify nim-product-field` (the definition is quartic: 2^30 steps).
pub const MAX_NIM_PRODUCT_TO: u64 = 255;

/// Compares [`super::product::nim_product`] with the mex definition on `[0, to]^2`, then checks
/// the field laws on the definition's table of the largest subfield inside the range.
fn check_nim_product(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    use super::product::{by_definition, nim_product};
    if to > MAX_NIM_PRODUCT_TO {
        return Err(crate::Error::TooLarge(format!(
            "--to {to} is above {MAX_NIM_PRODUCT_TO} (the definition takes (to + 1)^4 / 4 steps)"
        )));
    }
    let n = to as usize + 1;
    let table = by_definition(n, &mut |f| progress(f * 0.9));
    let mut tally = Tally::new();
    for (a, row) in table.iter().enumerate() {
        for (b, &defined) in row.iter().enumerate() {
            let fast = nim_product(a as u64, b as u64);
            tally.check(fast == defined, || {
                format!("{a} x {b}: the recursion gives {fast}, the definition {defined}")
            });
        }
    }
    // The subfield: the numbers below the largest Fermat 2-power F <= n (2, 4, 16 or 256).
    let field = [256usize, 16, 4, 2]
        .into_iter()
        .find(|&f| f <= n)
        .unwrap_or(1);
    let at = |a: u64, b: u64| table[a as usize][b as usize];
    let f = field as u64;
    for a in 0..f {
        let inverse = (0..f).find(|&b| at(a, b) == 1);
        tally.check(a == 0 || inverse.is_some(), || {
            format!("{a} has no inverse below {f}")
        });
        tally.check(at(a, 1) == a, || format!("{a} x 1 = {}", at(a, 1)));
        for b in 0..f {
            tally.check(at(a, b) < f && at(a, b) == at(b, a), || {
                format!("{a} x {b} = {}, {b} x {a} = {}", at(a, b), at(b, a))
            });
            for c in 0..f {
                tally.check(at(at(a, b), c) == at(a, at(b, c)), || {
                    format!("({a} x {b}) x {c} != {a} x ({b} x {c})")
                });
                tally.check(at(a, b ^ c) == at(a, b) ^ at(a, c), || {
                    format!("{a} x ({b} XOR {c}) != {a} x {b} XOR {a} x {c}")
                });
            }
        }
        progress(0.9 + 0.1 * (a + 1) as f64 / f as f64);
    }
    Ok(tally.verdict(&CLAIMS[1], params, to))
}

/// The most option visits `verify bouton` makes (a few seconds).
pub const MAX_BOUTON_WORK: u64 = 200_000_000;

/// Compares the memoised search with the nim-sum on every position with piles `<= to`.
fn check_bouton(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let piles = params.number("piles")?;
    if piles == 0 || piles > 8 {
        return Err(crate::Error::Invalid(
            "--piles must be between 1 and 8".into(),
        ));
    }
    let side = to.checked_add(1).ok_or_else(|| {
        crate::Error::TooLarge(format!("--to {to} leaves no room for the pile sizes"))
    })?;
    // The search looks at every option of every position: about piles * to / 2 each.
    let total = side.checked_pow(piles as u32);
    let work = total.and_then(|t| t.checked_mul(piles * side / 2 + 1));
    let total = match (total, work) {
        (Some(total), Some(work)) if work <= MAX_BOUTON_WORK => total,
        _ => {
            return Err(crate::Error::TooLarge(format!(
                "(to + 1)^piles = {side}^{piles} positions with about {} options each are more than the {MAX_BOUTON_WORK} option visits allowed",
                piles * side / 2 + 1
            )))
        }
    };
    let mut memo = MemoSolver::new(super::Nim);
    let mut position = vec![0u64; piles as usize];
    let mut tally = Tally::new();
    for case in 0..total {
        let mut rest = case;
        for pile in position.iter_mut() {
            *pile = rest % side;
            rest /= side;
        }
        let (searched, closed) = (memo.value(&position)?, bouton_value(&position));
        tally.check(searched == closed, || {
            format!("{position:?}: search gives {searched}, the nim-sum is {closed}")
        });
        if case % 4096 == 0 {
            progress(case as f64 / total as f64);
        }
    }
    Ok(tally.verdict(&CLAIMS[0], params, to))
}
