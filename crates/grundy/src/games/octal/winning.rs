//! The winning moves of a sum of heaps, without enumerating every move where the theory allows.
//!
//! A position `n_1 + ... + n_k` of value `X = G(n_1) ^ ... ^ G(n_k) != 0` is won by moving one heap
//! `n_i` to a position of value `G(n_i) ^ X` (Sprague–Grundy; Winning Ways, ch. 4), so only the
//! heaps' own moves matter. A move taking `t` and leaving two heaps `a + b = m = n - t` has value
//! `G(a) ^ G(m - a)`. Once a period `p` is proven from `n0` (`G(x + p) = G(x)` for every
//! `x >= n0`: the octal periodicity theorem, see [`super::theory`]), `G(a) ^ G(m - a)` for
//! `n0 <= a <= m - n0` depends only on `a mod p`; the splits of a huge heap are then `n0` single
//! splits and at most `p` residue classes, each of which wins entirely or not at all. Classes
//! are used when each has a few members (the range holds at least `2p` values of `a`);
//! otherwise, and without a proven period, the splits are enumerated (heaps below
//! [`super::DIRECT_LIMIT`]).

use super::engine::Engine;
use super::period::Proof;
use super::{make_move, HeapGame, HeapSolver, Source};
use crate::ruleset::Move;
use crate::{Error, Result};

/// Heaps up to this size are enumerated for moves leaving three heaps (`m^2 / 12` of them).
pub const THREE_HEAP_LIMIT: u64 = 1 << 12;

/// Every split `a + (rest - a)` of one move, for `a = first, first + modulus, ..., last`
/// (`a <= rest - a`), all winning.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct SplitClass {
    /// The heap moved (numbered from 1, as people count).
    pub heap: usize,
    /// Tokens taken (0: a split without taking).
    pub take: u64,
    /// What is split: the heap minus `take`.
    pub rest: u64,
    /// The period: the step between the `a` of the class.
    pub modulus: u64,
    /// The residue `a mod modulus`.
    pub residue: u64,
    /// The smallest `a`.
    pub first: u64,
    /// The largest `a`.
    pub last: u64,
    /// How many splits: `(last - first) / modulus + 1`.
    pub count: u64,
    /// In words.
    pub description: String,
}

/// The winning moves of a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WinningMoves {
    /// The position's value (0: no winning move).
    pub value: u64,
    /// Winning moves listed one by one (at most the `limit` asked for).
    pub moves: Vec<Move>,
    /// Classes of winning splits (at most the `limit` asked for).
    pub classes: Vec<SplitClass>,
    /// How many winning moves there are, listed, in classes or left out by the limit.
    pub total: u128,
    /// Whether every winning move is listed or in a listed class.
    pub complete: bool,
    /// The proven period the classes and large heaps' values come from, if any was used.
    pub proof: Option<Proof>,
}

/// The winning moves of `position` (validated heaps of `game`): at most `limit` listed moves
/// and `limit` classes, the rest counted.
pub fn winning_moves(game: &HeapGame, position: &[u64], limit: usize) -> Result<WinningMoves> {
    let mut solver = HeapSolver {
        game,
        engine: Engine::new(game.rules.clone()),
        records: false,
    };
    let mut used = None;
    let mut value = 0;
    let mut values = Vec::with_capacity(position.len());
    for &n in position {
        let (v, source) = solver.heap(n)?;
        if let Source::Period(proof) = source {
            used = used.or(Some(proof));
        }
        value ^= v;
        values.push(v);
    }
    let mut found = WinningMoves {
        value,
        moves: Vec::new(),
        classes: Vec::new(),
        total: 0,
        complete: true,
        proof: used,
    };
    if value == 0 {
        return Ok(found);
    }
    let list = |found: &mut WinningMoves, m: Move| {
        found.total += 1;
        if found.moves.len() < limit {
            found.moves.push(m);
        } else {
            found.complete = false;
        }
    };
    for (i, &n) in position.iter().enumerate() {
        let target = values[i] ^ value;
        for kind in game.rules.kinds() {
            let t = kind.take as u64;
            match kind.heaps {
                0 if n == t && target == 0 => list(&mut found, make_move(position, i, t, &[])),
                1 if n > t && solver.heap(n - t)?.0 == target => {
                    list(&mut found, make_move(position, i, t, &[n - t]))
                }
                2 if n >= t + 2 => {
                    let m = n - t;
                    let last = if game.rules.unequal() {
                        (m - 1) / 2
                    } else {
                        m / 2
                    };
                    let proof = solver.engine.proof();
                    // The periodic range of `a`: both `a` and `m - a >= a` at least `n0`.
                    let periodic = proof.and_then(|p| {
                        let from = p.preperiod.max(1);
                        (last >= from && last - from + 1 >= 2 * p.period).then_some((p, from))
                    });
                    let single_end = periodic.map_or(last, |(_, from)| from - 1);
                    if single_end >= DIRECT_SPLITS && periodic.is_none() {
                        return Err(Error::TooLarge(format!(
                            "the winning splits of a heap of {m} are listed through a proven period, and none is known for {}",
                            game.name
                        )));
                    }
                    for a in 1..=single_end {
                        if solver.heap(a)?.0 ^ solver.heap(m - a)?.0 == target {
                            used = used.or(proof);
                            list(&mut found, make_move(position, i, t, &[a, m - a]));
                        }
                    }
                    if let Some((proof, from)) = periodic {
                        used = Some(proof);
                        let p = proof.period;
                        for first in from..from + p {
                            let ga = u64::from(solver.engine.get(proof.reduce(first)));
                            let gb = u64::from(solver.engine.get(proof.reduce(m - first)));
                            if ga ^ gb != target {
                                continue;
                            }
                            let count = (last - first) / p + 1;
                            found.total += u128::from(count);
                            if found.classes.len() >= limit {
                                found.complete = false;
                                continue;
                            }
                            let last = first + (count - 1) * p;
                            let (verb, heap) = match t {
                                0 => ("split".to_string(), i + 1),
                                t => (format!("take {t} from"), i + 1),
                            };
                            let leaving = if t == 0 { " into" } else { ", leaving" };
                            found.classes.push(SplitClass {
                                heap: i + 1,
                                take: t,
                                rest: m,
                                modulus: p,
                                residue: first % p,
                                first,
                                last,
                                count,
                                description: format!(
                                    "{verb} heap {heap}{leaving} heaps of a and {m} - a, for every a ≡ {} (mod {p}) with {first} <= a <= {last} ({count} moves)",
                                    first % p
                                ),
                            });
                        }
                    }
                }
                3 if n >= t + 3 => {
                    let m = n - t;
                    if m > THREE_HEAP_LIMIT {
                        return Err(Error::TooLarge(format!(
                            "the winning moves leaving three heaps are listed for heaps up to {THREE_HEAP_LIMIT} taken away (this one leaves {m})"
                        )));
                    }
                    for a in 1..=m / 3 {
                        for b in a..=(m - a) / 2 {
                            let c = m - a - b;
                            let v = solver.heap(a)?.0 ^ solver.heap(b)?.0 ^ solver.heap(c)?.0;
                            if v == target {
                                list(&mut found, make_move(position, i, t, &[a, b, c]));
                            }
                        }
                    }
                }
                _ => {}
            }
        }
    }
    found.proof = used.or(found.proof);
    Ok(found)
}

/// Splits enumerated one by one without a proven period (heaps below this size).
pub const DIRECT_SPLITS: u64 = super::DIRECT_LIMIT;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::octal::code::{Base, Rules};
    use crate::ruleset::Ruleset;

    /// The winning moves found (classes expanded) against every move whose position has value
    /// 0, valued by the engine one option at a time (the CLI tests compare with the rules'
    /// definition for Kayles, Dawson's Kayles and Dawson's Chess).
    #[test]
    fn classes_and_single_moves_are_exactly_the_winning_moves() {
        for code in ["0.77", "0.07", "0.137", "4.7", "0.4", "0.26"] {
            let game = HeapGame::new(Rules::parse(code, Base::Octal).unwrap(), code);
            for position in [
                vec![300],
                vec![301, 4],
                vec![550],
                vec![97, 97],
                vec![5, 6, 7],
            ] {
                let found = winning_moves(&game, &position, usize::MAX).unwrap();
                let mut listed: Vec<Vec<u64>> = found.moves.iter().map(|m| m.to.clone()).collect();
                for c in &found.classes {
                    let i = c.heap - 1;
                    let mut a = c.first;
                    while a <= c.last {
                        let mut to = position[..i].to_vec();
                        to.extend([a, c.rest - a]);
                        to.extend_from_slice(&position[i + 1..]);
                        listed.push(to);
                        a += c.modulus;
                    }
                }
                listed.sort();
                let mut solver = game.solver().unwrap();
                let mut expected: Vec<Vec<u64>> = Vec::new();
                for m in game.moves(&position).unwrap() {
                    if solver.value(&m.to).unwrap() == 0 {
                        expected.push(m.to);
                    }
                }
                expected.sort();
                assert_eq!(listed, expected, "{code} {position:?}");
                assert_eq!(found.total, expected.len() as u128);
                assert_eq!(found.value, solver.value(&position).unwrap());
            }
        }
    }
}
