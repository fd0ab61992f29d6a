//! Nimstring against a plain recursion of its rules.

use proptest::prelude::*;

use super::theory::{outcome_by_rules, picture, pictures};
use super::*;

fn value_of(strings: &[(u32, u32)]) -> Value {
    theory::value_of(strings).unwrap()
}

/// Issue 51: every picture of up to 7 strings, its outcome from its value against the rules.
#[test]
fn outcomes_agree_with_the_rules_on_every_picture_of_up_to_7_strings() {
    let mut checked = 0;
    for n in 0..=7 {
        pictures(n, &mut |strings| {
            let value = value_of(strings);
            assert_eq!(
                value.outcome(),
                outcome_by_rules(strings, 0),
                "{strings:?}: value {value}"
            );
            checked += 1;
        });
    }
    assert!(checked > 10_000, "{checked} pictures");
}

/// A loony position wins in any sum; otherwise values add as nimbers: on every pair of pictures
/// of up to 3 strings each (the sum is the picture of both) and beside Nim heaps.
#[test]
fn sums_follow_the_loony_and_nimber_rule() {
    let mut small = Vec::new();
    for n in 0..=3 {
        pictures(n, &mut |s| small.push(s.to_vec()));
    }
    for p in &small {
        let vp = value_of(p);
        for heap in 0..4 {
            assert_eq!(
                vp.plus(Value::Nimber(heap)).outcome(),
                outcome_by_rules(p, heap),
                "{p:?} + *{heap}"
            );
        }
        for q in &small {
            let sum = disjoint(p, q);
            assert_eq!(
                vp.plus(value_of(q)).outcome(),
                outcome_by_rules(&sum, 0),
                "{p:?} + {q:?}"
            );
        }
    }
}

/// The picture of `p` and `q` side by side (`q`'s coins renumbered after `p`'s).
fn disjoint(p: &[(u32, u32)], q: &[(u32, u32)]) -> Vec<(u32, u32)> {
    let shift = p.iter().map(|&(u, v)| u.max(v)).max().unwrap_or(0);
    let moved = |w: u32| if w == 0 { 0 } else { w + shift };
    p.iter()
        .copied()
        .chain(q.iter().map(|&(u, v)| (moved(u), moved(v))))
        .collect()
}

fn random_picture() -> impl Strategy<Value = Vec<(u32, u32)>> {
    proptest::collection::vec((0u32..6, 0u32..6), 0..10).prop_map(|pairs| {
        pairs
            .into_iter()
            .filter(|(u, v)| u != v)
            .collect::<Vec<_>>()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random pictures: a position with no capturable coin has the mex of its non-loony cuts;
    /// its outcome is the rules'; its sum with another picture and with a heap follows ☾ + G =
    /// ☾ and the XOR of nimbers.
    #[test]
    fn random_pictures_follow_the_definition_and_the_sum_rule(
        p in random_picture(),
        q in random_picture(),
        heap in 0u64..4,
    ) {
        let game = picture(&p);
        let mut solver = NimstringSolver::new(&game);
        let value = solver.nimstring_value(game.all()).unwrap();
        let capturable = (1..game.vertices() as u32).any(|c| game.valency(game.all(), c) == 1);
        if !capturable {
            let mut seen = Vec::new();
            for_each_bit(game.all(), |e| {
                if let Value::Nimber(n) = solver.nimstring_value(game.all() & !(1u128 << e)).unwrap() {
                    seen.push(n);
                }
            });
            let mex = (0..).find(|n| !seen.contains(n)).unwrap();
            prop_assert_eq!(value, Value::Nimber(mex));
        }
        if p.len() + q.len() <= 12 {
            prop_assert_eq!(value.plus(value_of(&q)).outcome(), outcome_by_rules(&disjoint(&p, &q), 0));
        }
        prop_assert_eq!(value.plus(Value::Nimber(heap)).outcome(), outcome_by_rules(&p, heap));
    }
}

#[test]
fn the_details_the_sources_leave_open() {
    // A coin holding two capturable coins and a string to the ground: loony after one capture
    // (taking both at once would give 0).
    assert_eq!(value_of(&[(1, 2), (1, 3), (0, 1)]), Value::Loony);
    // An isolated chain of three coins, both ends capturable: every cut cuts a coin free, no
    // double-dealing move; alone a loss for the player to move.
    assert_eq!(value_of(&[(1, 2), (2, 3)]), Value::Nimber(0));
    // Opened chains of two coins and more on the ground are loony.
    assert_eq!(value_of(&[(1, 2), (0, 2)]), Value::Loony);
    assert_eq!(value_of(&[(1, 2), (2, 3), (3, 0)]), Value::Loony);
}

#[test]
fn strings_from_a_vertex_to_itself_are_refused() {
    for pairs in [[("1", "1")], [("0", "0")]] {
        let pairs: Vec<(String, String)> = pairs
            .iter()
            .map(|(u, v)| (u.to_string(), v.to_string()))
            .collect();
        let refused = Nimstring::new(&pairs, "t".into()).unwrap_err().to_string();
        assert!(refused.contains("joins a vertex to itself"), "{refused}");
    }
}

#[test]
fn a_cut_that_frees_a_coin_moves_again() {
    let game = picture(&[(0, 1), (1, 2)]);
    let all = Nimstring::position(game.all());
    let moves = game.moves(&all).unwrap();
    assert_eq!(moves.len(), 2);
    // Cutting 0-1 frees nothing; cutting 1-2 frees coin 2.
    assert!(!game.moves_again(&all, &moves[0].to));
    assert!(game.moves_again(&all, &moves[1].to));
    assert_eq!(
        moves[1].description,
        "cut string 1 (1 2); coin 2 is cut free: move again"
    );
}
