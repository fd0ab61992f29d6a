//! What the sources state of Nimstring values, the plain recursion of the rules the values are
//! checked against, and the folder's claim.
//!
//! **Stated by the sources** (A. Medworth, "The Dots-and-Boxes Game", github.com/amdw/
//! dotsandboxes, section "Complimenting moves and loony values", from Winning Ways ch. 16 and
//! Berlekamp's book):
//!
//! - an independent long chain (three coins or more, the ground at both ends) and a long loop
//!   (four coins or more) have value 0: every move on them is loony;
//! - opening a long chain or a long loop, or a 2-chain by a string at its end (a *half-hearted
//!   handout*), is a loony move: it leaves a loony position;
//! - Berlekamp's figure of a 4 x 5 Dots-and-Boxes position with two unresolved regions (The
//!   Dots-and-Boxes Game, p. 50): its top area has value 1 (seven of its moves lead to 0, the
//!   others are loony), the square of 2 x 2 boxes in the bottom right value 2, the 3 x 2 area in
//!   the bottom left value 4, so the whole has value 7 and the winning moves turn the 3 x 2 area
//!   into a 3. The areas are written here as Medworth's engine encodes them (its file
//!   `engine/src/nimstring.rs`, tests `paper_example`, `paper_example2`, `paper_example3`).
//!
//! **Derived here by hand from the definition** (the stored literature does not hold Winning
//! Ways' figures): the independent short chains of 1 and 2 coins have value 1 (their only
//! non-loony moves, a cut of the 1-chain and the hard-hearted handout of the 2-chain, leave
//! coins that are simply captured: 0); the 2-loop and the 3-loop have value 1 (a cut leaves
//! coins all captured, 0, and no double-dealing move); the *dipper* read as a long loop hung
//! from the ground by one string, and the *earmuffs* read as two long loops joined by one
//! string, have value 1: cutting the handle (the joining string) leaves long loops, value 0, and
//! every other cut opens a loop with a double-dealing move (loony).

use std::collections::HashMap;

use super::{Ends, Nimstring, NimstringSolver, Value};
use crate::verify::{Claim, Params, Tally, Verdict};
use crate::{Outcome, Result};

/// The folder's claims.
pub const CLAIMS: &[Claim] = &[Claim {
    name: "nimstring-rules",
    source: "Nimstring values with loony (Winning Ways ch. 16; Berlekamp, The Dots-and-Boxes Game; as stated by Medworth, The Dots-and-Boxes Game)",
    statement: "the outcome of a Nimstring picture alone, and beside a Nim heap of 0 to 3, is the one its value gives (loony + anything wins for the player to move; nimbers add by XOR)",
    params: &[],
    range: "every picture of at most `to` strings (coins numbered in order), against a plain recursion of the rules: cut a string, a coin cut free means moving again, no move loses",
    default_to: Some(6),
    check: check_rules,
}];

/// A picture of `strings` between numbered vertices (0 the ground), as the tests and claims
/// build it.
pub fn picture(strings: &[(u32, u32)]) -> Nimstring {
    let pairs: Vec<(String, String)> = strings
        .iter()
        .map(|&(u, v)| (u.to_string(), v.to_string()))
        .collect();
    Nimstring::new(&pairs, "nimstring".into()).expect("a picture of at most 128 strings")
}

/// The value of the whole picture `strings`.
pub fn value_of(strings: &[(u32, u32)]) -> Result<Value> {
    let game = picture(strings);
    NimstringSolver::new(&game).nimstring_value(game.all())
}

/// Whether the player to move wins the picture `strings` with the strings `set` left beside a
/// Nim heap of `heap`, by the rules alone: cut a string or take from the heap; a player who
/// cuts a coin free moves again; a player with no move loses. No values, no captures taken
/// first, no parts.
pub fn wins_by_rules(
    strings: &[(u32, u32)],
    set: u128,
    heap: u64,
    memo: &mut HashMap<(u128, u64), bool>,
) -> bool {
    if let Some(&w) = memo.get(&(set, heap)) {
        return w;
    }
    let held = |s: u128, v: u32| {
        (0..strings.len())
            .filter(|&e| s >> e & 1 == 1 && (strings[e].0 == v || strings[e].1 == v))
            .count()
    };
    let mut win = (0..heap).any(|smaller| !wins_by_rules(strings, set, smaller, memo));
    for e in 0..strings.len() {
        if win {
            break;
        }
        if set >> e & 1 == 0 {
            continue;
        }
        let after = set & !(1u128 << e);
        let (u, v) = strings[e];
        let freed = [u, v].iter().any(|&c| c != 0 && held(after, c) == 0);
        win = if freed {
            // The same player moves again.
            wins_by_rules(strings, after, heap, memo)
        } else {
            !wins_by_rules(strings, after, heap, memo)
        };
    }
    memo.insert((set, heap), win);
    win
}

/// The outcome of the whole picture beside a Nim heap, by the rules.
pub fn outcome_by_rules(strings: &[(u32, u32)], heap: u64) -> Outcome {
    let all = if strings.len() == 128 {
        u128::MAX
    } else {
        (1u128 << strings.len()) - 1
    };
    if wins_by_rules(strings, all, heap, &mut HashMap::new()) {
        Outcome::N
    } else {
        Outcome::P
    }
}

/// Every picture of `n` strings up to renaming coins and reordering strings: strings `(u, v)`,
/// `u < v`, in increasing order, each new coin the next number.
pub fn pictures(n: usize, f: &mut dyn FnMut(&[Ends])) {
    fn extend(n: usize, strings: &mut Vec<(u32, u32)>, coins: u32, f: &mut dyn FnMut(&[Ends])) {
        if strings.len() == n {
            f(strings);
            return;
        }
        let last = strings.last().copied().unwrap_or((0, 0));
        for u in 0..=coins + 1 {
            for v in u + 1..=coins + 2 {
                // New coins are numbered in order: v is the second new coin only if u is new.
                if (v > coins + 1 && u != coins + 1) || (u, v) < last {
                    continue;
                }
                strings.push((u, v));
                extend(n, strings, coins.max(v), f);
                strings.pop();
            }
        }
    }
    extend(n, &mut Vec::new(), 0, f);
}

fn check_rules(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    if to > 7 {
        return Err(crate::Error::TooLarge(format!(
            "nimstring-rules: --to {to} is refused: at most 7 strings (every picture of 7 strings is about a second)"
        )));
    }
    let mut tally = Tally::new();
    for n in 0..=to as usize {
        progress(n as f64 / (to + 1) as f64);
        let mut error = None;
        pictures(n, &mut |strings| {
            let value = match value_of(strings) {
                Ok(v) => v,
                Err(e) => {
                    error.get_or_insert(e);
                    return;
                }
            };
            for heap in 0..4 {
                let (by_value, by_rules) = (
                    value.plus(Value::Nimber(heap)).outcome(),
                    outcome_by_rules(strings, heap),
                );
                tally.check(by_value == by_rules, || {
                    format!("strings {strings:?} beside a heap of {heap}: value {value} gives {by_value}, the rules {by_rules}")
                });
            }
        });
        if let Some(e) = error {
            return Err(e);
        }
    }
    Ok(tally.verdict(&CLAIMS[0], params, to))
}

/// A position whose value a source states or that is derived by hand above.
pub struct Reference {
    /// Its name.
    pub name: &'static str,
    /// Where the value comes from.
    pub source: &'static str,
    /// The game's spec.
    pub spec: &'static str,
    /// The position (empty: the whole picture).
    pub position: &'static str,
    /// The value.
    pub value: Value,
}

const MEDWORTH: &str =
    "Medworth, The Dots-and-Boxes Game, section \"Complimenting moves and loony values\"";
const FIGURE: &str = "Berlekamp, The Dots-and-Boxes Game, p. 50 (via Medworth, section \"Complimenting moves and loony values\"; areas as encoded in Medworth's engine tests)";
const BY_HAND: &str = "derived by hand from the definition (module nimstring::theory)";

/// The references, in the order `reproduce` shows them.
#[rustfmt::skip]
pub const REFERENCES: &[Reference] = &[
    Reference { name: "independent 1-chain", source: BY_HAND, spec: "nimstring:strings=0-a,a-0", position: "", value: Value::Nimber(1) },
    Reference { name: "independent 2-chain", source: BY_HAND, spec: "nimstring:strings=0-a,a-b,b-0", position: "", value: Value::Nimber(1) },
    Reference { name: "independent 3-chain (long)", source: MEDWORTH, spec: "nimstring:strings=0-a,a-b,b-c,c-0", position: "", value: Value::Nimber(0) },
    Reference { name: "independent 5-chain (long)", source: MEDWORTH, spec: "nimstring:strings=0-a,a-b,b-c,c-d,d-e,e-0", position: "", value: Value::Nimber(0) },
    Reference { name: "opened long chain", source: MEDWORTH, spec: "nimstring:strings=0-a,a-b,b-c,c-0", position: "1,2,3", value: Value::Loony },
    Reference { name: "half-hearted handout of a 2-chain", source: MEDWORTH, spec: "nimstring:strings=0-a,a-b,b-0", position: "1,2", value: Value::Loony },
    Reference { name: "hard-hearted handout of a 2-chain", source: MEDWORTH, spec: "nimstring:strings=0-a,a-b,b-0", position: "0,2", value: Value::Nimber(0) },
    Reference { name: "2-loop", source: BY_HAND, spec: "nimstring:strings=a-b,b-a", position: "", value: Value::Nimber(1) },
    Reference { name: "3-loop", source: BY_HAND, spec: "nimstring:strings=a-b,b-c,c-a", position: "", value: Value::Nimber(1) },
    Reference { name: "4-loop (long)", source: MEDWORTH, spec: "nimstring:strings=a-b,b-c,c-d,d-a", position: "", value: Value::Nimber(0) },
    Reference { name: "opened long loop", source: MEDWORTH, spec: "nimstring:strings=a-b,b-c,c-d,d-a", position: "1,2,3", value: Value::Loony },
    Reference { name: "dipper (a long loop hung from the ground)", source: BY_HAND, spec: "nimstring:strings=0-a,a-b,b-c,c-d,d-a", position: "", value: Value::Nimber(1) },
    Reference { name: "earmuffs (two long loops joined)", source: BY_HAND, spec: "nimstring:strings=a-b,b-c,c-d,d-a,a-e,e-f,f-g,g-h,h-e", position: "", value: Value::Nimber(1) },
    Reference { name: "Berlekamp p. 50: the top area", source: FIGURE, spec: "dots:2x5", position: "+-+-+.+.+.+/|o.o.o.o|o./+.+-+-+-+.+/|o.o.o.o.o./+-+-+-+-+-+", value: Value::Nimber(1) },
    Reference { name: "Berlekamp p. 50: the 2x2 square", source: FIGURE, spec: "dots:2x2", position: "+-+-+/|o.o./+.+.+/|o.o./+.+.+", value: Value::Nimber(2) },
    Reference { name: "Berlekamp p. 50: the 3x2 area", source: FIGURE, spec: "dots:2x3", position: "+-+-+-+/.o.o.o|/+.+-+.+/.o.o.o|/+.+.+.+", value: Value::Nimber(4) },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Ruleset;

    fn reference_value(r: &Reference) -> Value {
        let game = super::super::spec::build_text(r.spec).unwrap();
        let position = if r.position.is_empty() {
            game.start().unwrap()
        } else {
            game.parse_position(r.position).unwrap()
        };
        NimstringSolver::new(&game)
            .nimstring_value(Nimstring::set(&position))
            .unwrap()
    }

    #[test]
    fn the_values_the_sources_state() {
        for r in REFERENCES {
            assert_eq!(reference_value(r), r.value, "{} ({})", r.name, r.spec);
        }
    }

    /// Berlekamp p. 50 (via Medworth): seven moves of the top area lead to 0, the others are
    /// loony; in the 2x2 square, drawing the middle line of the bottom row gives 3.
    #[test]
    fn the_moves_the_figure_describes() {
        let top = &REFERENCES[13];
        let game = super::super::spec::build_text(top.spec).unwrap();
        let mut solver = NimstringSolver::new(&game);
        let moves = game
            .moves(&game.parse_position(top.position).unwrap())
            .unwrap();
        let values: Vec<Value> = moves
            .iter()
            .map(|m| solver.nimstring_value(Nimstring::set(&m.to)).unwrap())
            .collect();
        assert_eq!(values.iter().filter(|v| **v == Value::Nimber(0)).count(), 7);
        assert!(values
            .iter()
            .all(|v| matches!(v, Value::Nimber(0) | Value::Loony)));
        let square = super::super::spec::build_text("dots:2x2").unwrap();
        let after = square
            .parse_position("+-+-+/|o.o./+.+.+/|o|o./+.+.+")
            .unwrap();
        assert_eq!(
            NimstringSolver::new(&square)
                .nimstring_value(Nimstring::set(&after))
                .unwrap(),
            Value::Nimber(3)
        );
    }

    /// Whole boards against the rules: 1xN for N up to 4 and 2x2, 2x3.
    #[test]
    fn dots_boards_against_the_rules() {
        for (r, c) in [(1, 1), (1, 2), (1, 3), (1, 4), (2, 2), (2, 3)] {
            let game = Nimstring::dots(r, c).unwrap();
            let strings: Vec<(u32, u32)> = (0..game.len() as u32).map(|e| game.ends(e)).collect();
            let value = NimstringSolver::new(&game)
                .nimstring_value(game.all())
                .unwrap();
            assert_eq!(
                value.outcome(),
                outcome_by_rules(&strings, 0),
                "dots:{r}x{c}"
            );
        }
    }

    #[test]
    fn the_claim_holds() {
        let params = Params::new(&CLAIMS[0], []).unwrap();
        let verdict = (CLAIMS[0].check)(&params, 5, &mut |_| {}).unwrap();
        assert!(verdict.holds, "{verdict:?}");
    }
}
