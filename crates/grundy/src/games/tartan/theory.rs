//! The Tartan theorem (Berlekamp, Conway and Guy, *Winning Ways*, ch. 14; T. S. Ferguson,
//! *Game Theory*, Part I, §5.4), and the claim that compares it with the definition.
//!
//! **Theorem.** If the coin `x` of a coin-turning game `A` is worth `a(x)` and the coin `y` of
//! `B` is worth `b(y)`, the coin `(x, y)` of the product `A x B` is worth `a(x) ⊗ b(y)` (nim
//! multiplication), and a position is worth the Nim sum of its heads. The hypotheses: `A` and
//! `B` are coin-turning games in a row (a move turns a set of coins whose largest goes from
//! heads to tails), which each factor here is. Turning Corners, Twins x Twins, gives `x ⊗ y`.
//!
//! [`by_definition`] is the brute force: every set of heads in a box of coins, valued by the
//! mex over the product moves in increasing order of the set read in binary.

use super::Factor;
use crate::games::nim::product::nim_product;
use crate::verify::{param, Claim, Params, Tally, Verdict};
use crate::{Error, Result};

/// The moves of factor `f` in a row of coins `0..`, as offsets from its first coin, whose
/// largest coin is `top` (written from the rules, independently of [`Factor::moves`]).
fn row_moves(f: Factor, top: usize) -> Vec<Vec<usize>> {
    use crate::games::coins::Rule;
    let mut out = Vec::new();
    for low in 0..=top {
        for mid in low..=top {
            let set: Vec<usize> = match f {
                // Sets {low, mid, top} with low < mid < top, {mid, top}, {top}.
                Factor::Twins if low == mid && mid < top => vec![mid, top],
                Factor::Coins(Rule::TurningTurtles) if low == mid => {
                    if mid == top {
                        vec![top]
                    } else {
                        vec![mid, top]
                    }
                }
                Factor::Coins(Rule::MockTurtles) if low == mid => {
                    if mid == top {
                        vec![top]
                    } else {
                        vec![mid, top]
                    }
                }
                Factor::Coins(Rule::MockTurtles) if low < mid && mid < top => vec![low, mid, top],
                Factor::Coins(Rule::Ruler) if low == mid => (low..=top).collect(),
                _ => continue,
            };
            out.push(set);
        }
    }
    out
}

/// The values of every set of heads among the coins of the first `columns` columns and `rows`
/// rows of `a x b` by the definition: entry `s` is the set whose coin `(first_a + i, first_b +
/// j)` is bit `i * rows + j` of `s`. A move's coins all lie at or before its largest in both
/// directions, so every move makes `s` smaller.
pub fn by_definition(a: Factor, b: Factor, columns: usize, rows: usize) -> Vec<u64> {
    let coins = columns * rows;
    let moves: Vec<Vec<usize>> = (0..coins)
        .map(|top| {
            let (x, y) = (top / rows, top % rows);
            let mut masks = Vec::new();
            for s in row_moves(a, x) {
                for t in row_moves(b, y) {
                    masks.push(
                        s.iter()
                            .flat_map(|&i| t.iter().map(move |&j| i * rows + j))
                            .fold(0usize, |m, bit| m | 1 << bit),
                    );
                }
            }
            masks
        })
        .collect();
    let mut values = vec![0u64; 1 << coins];
    for state in 1usize..1 << coins {
        let seen: Vec<u64> = (0..coins)
            .filter(|&top| state >> top & 1 == 1)
            .flat_map(|top| moves[top].iter().map(|&m| values[state ^ m]))
            .collect();
        values[state] = crate::solve::mex(seen);
    }
    values
}

/// The claims of the folder.
pub const CLAIMS: &[Claim] = &[Claim {
    name: "tartan-theorem",
    source: "Berlekamp, Conway and Guy, Winning Ways, ch. 14 (the Tartan theorem; Turning Corners)",
    statement: "the coin (x, y) of a product A x B of coin-turning games is worth a(x) ⊗ b(y), and a position the Nim sum of its heads",
    params: &[
        param("a", "the first game: twins, turning-turtles, mock-turtles or ruler", "twins"),
        param("b", "the second game", "twins"),
        param("rows", "rows of the box, 1 to 5", "3"),
    ],
    range: "every set of heads among the coins of the first `to` columns and `rows` rows, against the definition",
    default_to: Some(5),
    check: check_theorem,
}];

/// The most coins in a claim's box (2^20 positions).
const MAX_CLAIM_COINS: u64 = 20;

fn check_theorem(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let a = Factor::parse(&params.text("a").unwrap_or_default())?;
    let b = Factor::parse(&params.text("b").unwrap_or_default())?;
    let rows = params.number("rows")?;
    if !(1..=5).contains(&rows) {
        return Err(Error::Invalid("--rows must be between 1 and 5".into()));
    }
    if to.saturating_mul(rows) > MAX_CLAIM_COINS {
        return Err(Error::TooLarge(format!(
            "tartan-theorem: the definition values all 2^(to x rows) positions; {to} x {rows} coins are more than {MAX_CLAIM_COINS}"
        )));
    }
    progress(0.0);
    let (columns, rows) = (to as usize, rows as usize);
    let values = by_definition(a, b, columns, rows);
    let mut tally = Tally::new();
    for (state, &definition) in values.iter().enumerate() {
        let heads: Vec<(u64, u64)> = (0..columns * rows)
            .filter(|k| state >> k & 1 == 1)
            .map(|k| (a.first() + (k / rows) as u64, b.first() + (k % rows) as u64))
            .collect();
        let theorem = heads
            .iter()
            .fold(0, |v, &(x, y)| v ^ nim_product(a.value(x), b.value(y)));
        tally.check(theorem == definition, || {
            let shown: Vec<String> = heads.iter().map(|(x, y)| format!("{x}:{y}")).collect();
            format!(
                "heads {}: the theorem gives {theorem}, the definition {definition}",
                shown.join(",")
            )
        });
    }
    Ok(tally.verdict(&CLAIMS[0], params, to))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_theorem_holds_for_every_pair_of_factors() {
        for a in Factor::ALL {
            for b in Factor::ALL {
                let pairs =
                    [("a", a.name()), ("b", b.name())].map(|(k, v)| (k.to_string(), v.to_string()));
                let params = Params::new(&CLAIMS[0], pairs).unwrap();
                let v = (CLAIMS[0].check)(&params, 4, &mut |_| {}).unwrap();
                assert!(
                    v.holds && v.cases == 4096,
                    "{} x {}: {v:?}",
                    a.name(),
                    b.name()
                );
            }
        }
    }

    #[test]
    fn corners_by_hand() {
        // Turning Corners on the 3 x 3 box from 0: the coin (1, 1) has one move, turning the
        // four coins of the unit square, which leaves (0,0), (0,1), (1,0): each worth 0.
        let values = by_definition(Factor::Twins, Factor::Twins, 3, 3);
        assert_eq!(values[1 << 4], 1);
        // (2, 2) is worth 2 ⊗ 2 = 3 (Winning Ways's table).
        assert_eq!(values[1 << 8], 3);
        // The moves of one row, from the rules.
        assert_eq!(row_moves(Factor::Twins, 2), [vec![0, 2], vec![1, 2]]);
        assert_eq!(
            row_moves(Factor::Coins(crate::games::coins::Rule::Ruler), 2),
            [vec![0, 1, 2], vec![1, 2], vec![2]]
        );
    }
}
