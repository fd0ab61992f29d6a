//! Lasker's Nim: heaps; a move takes any positive number of tokens from one heap, or splits a
//! heap into two non-empty heaps (Emanuel Lasker, *Brettspiele der Völker*, 1931; Winning Ways
//! ch. 4). It is the take-and-break game `tbreak:4.[3]` (digit 4 at `d_0`: take none and leave
//! two heaps; 3 for every `t >= 1`: take `t`, leave at most one heap).
//!
//! [`theory`] proves `G(4k+1) = 4k+1`, `G(4k+2) = 4k+2`, `G(4k+3) = 4k+4`, `G(4k+4) = 4k+3`, so
//! values, outcomes and winning moves of every position of 64-bit heaps come from the formula;
//! the mex definition ([`theory::by_definition`]) and the take-and-break engine on
//! `tbreak:4.[3]` are its twins in the tests.

pub mod spec;
pub mod theory;

use crate::analysis::Periodicity;
use crate::ruleset::{check_listing, Arity, Evaluation, Move, OutcomeEvaluation, Ruleset, Solver};
use crate::{Error, Outcome, Result};

/// Lasker's Nim. A position is a list of heaps; a move that empties a heap removes it (the
/// position `0` when nothing is left), a split puts the two parts in its place.
#[derive(Debug, Clone, Copy, Default)]
pub struct Lasker;

/// Positions with more moves than this are refused by `moves`; the winning moves then come
/// from the formula.
pub const MAX_LISTED_MOVES: u128 = 1_000_000;

/// The method of every value.
pub const METHOD: &str = "closed form: Lasker's Nim (Winning Ways ch. 4), G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3, XOR over the heaps";

/// The number of moves of a position: `h + floor(h / 2)` for each heap `h`.
pub fn move_count(heaps: &[u64]) -> u128 {
    heaps
        .iter()
        .map(|&h| u128::from(h) + u128::from(h / 2))
        .sum()
}

/// The position with heap `i` replaced by `parts`.
fn replace(heaps: &[u64], i: usize, parts: &[u64]) -> Vec<u64> {
    let mut to = heaps[..i].to_vec();
    to.extend_from_slice(parts);
    to.extend_from_slice(&heaps[i + 1..]);
    if to.is_empty() {
        to.push(0);
    }
    to
}

/// Heap `i` (from 0) becomes `m < h` tokens.
fn take_move(heaps: &[u64], i: usize, m: u64) -> Move {
    let h = heaps[i];
    let (parts, description) = if m == 0 {
        (vec![], format!("take all {h} from heap {}", i + 1))
    } else {
        (vec![m], format!("take {} from heap {}", h - m, i + 1))
    };
    Move {
        to: replace(heaps, i, &parts),
        description,
    }
}

/// Heap `i` splits into `a` and `h - a`.
fn split_move(heaps: &[u64], i: usize, a: u64) -> Move {
    let b = heaps[i] - a;
    Move {
        to: replace(heaps, i, &[a, b]),
        description: format!("split heap {} into {a} and {b}", i + 1),
    }
}

impl Ruleset for Lasker {
    fn spec(&self) -> String {
        "lasker".into()
    }

    /// `validate` checks only the arity and the smallest coordinates: the first position of a
    /// line decides.
    fn first_invalid(
        &self,
        template: &[Option<u64>],
        range: std::ops::RangeInclusive<u64>,
    ) -> Option<(u64, crate::Error)> {
        crate::ruleset::first_invalid_by_bounds(self, template, range)
    }

    fn arity(&self) -> Arity {
        Arity::AtLeast(1)
    }

    fn position_hint(&self) -> String {
        "heap sizes, like 3,5,6".into()
    }

    fn coordinate_name(&self, index: usize, count: usize) -> String {
        if count == 1 {
            "heap size".into()
        } else {
            format!("heap {}", index + 1)
        }
    }

    fn moves(&self, heaps: &[u64]) -> Result<Vec<Move>> {
        let count = move_count(heaps);
        if count > MAX_LISTED_MOVES {
            return Err(Error::TooLarge(format!(
                "this position has {count} moves, more than the {MAX_LISTED_MOVES} that are listed"
            )));
        }
        check_listing(count, heaps.len() + 1)?;
        let mut moves = Vec::with_capacity(count as usize);
        for (i, &h) in heaps.iter().enumerate() {
            for m in (0..h).rev() {
                moves.push(take_move(heaps, i, m));
            }
            for a in 1..=h / 2 {
                moves.push(split_move(heaps, i, a));
            }
        }
        Ok(moves)
    }

    /// The positions of [`Ruleset::moves`], in its order, without the descriptions (an
    /// exploration asks this millions of times).
    fn options(&self, heaps: &[u64]) -> Result<Vec<Vec<u64>>> {
        let count = move_count(heaps);
        check_listing(count, heaps.len() + 1)?;
        let mut out = Vec::with_capacity(count as usize);
        for (i, &h) in heaps.iter().enumerate() {
            for m in (0..h).rev() {
                let taken = [m];
                out.push(replace(heaps, i, if m == 0 { &[] } else { &taken }));
            }
            for a in 1..=h / 2 {
                out.push(replace(heaps, i, &[a, h - a]));
            }
        }
        Ok(out)
    }

    /// The options in [`Ruleset::explored_form`], each once: equal heaps move alike, so one
    /// heap of each size is moved.
    fn explored_options(&self, heaps: &[u64]) -> Result<Vec<Vec<u64>>> {
        let form = self.explored_form(heaps);
        check_listing(move_count(&form), form.len() + 1)?;
        let mut out = Vec::new();
        for (i, &h) in form.iter().enumerate() {
            if i > 0 && form[i - 1] == h {
                continue;
            }
            let parts = (0..h)
                .rev()
                .map(|m| if m == 0 { vec![] } else { vec![m] })
                .chain((1..=h / 2).map(|a| vec![a, h - a]));
            for parts in parts {
                let mut next = Vec::with_capacity(form.len() + 1);
                next.extend_from_slice(&form[..i]);
                next.extend_from_slice(&form[i + 1..]);
                next.extend_from_slice(&parts);
                next.sort_unstable();
                if next.is_empty() {
                    next.push(0);
                }
                out.push(next);
            }
        }
        Ok(out)
    }

    /// `seq lasker` with no position: one heap.
    fn default_template(&self) -> Option<Vec<Option<u64>>> {
        Some(vec![None])
    }

    /// Heaps in any order, empty heaps dropped: the same sum.
    fn canonical(&self, heaps: &[u64]) -> Vec<u64> {
        let mut sorted: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
        sorted.sort_unstable();
        if sorted.is_empty() {
            sorted.push(0);
        }
        sorted
    }

    fn explored_form(&self, heaps: &[u64]) -> Vec<u64> {
        self.canonical(heaps)
    }

    /// A heap of `n`: every smaller heap (nothing for 0) and every split.
    fn heap_options(&self, heap: u64) -> Option<Result<Vec<Vec<u64>>>> {
        if u128::from(heap) + u128::from(heap / 2) > MAX_LISTED_MOVES {
            return Some(Err(Error::TooLarge(format!(
                "a heap of {heap} has more than {MAX_LISTED_MOVES} moves to list"
            ))));
        }
        let takes = (0..heap).map(|m| if m == 0 { vec![] } else { vec![m] });
        let splits = (1..=heap / 2).map(|a| vec![a, heap - a]);
        Some(Ok(takes.chain(splits).collect()))
    }

    /// Explorations store positions as multisets of heaps. From a heap `h`, taking and then
    /// splitting again and again reaches every partition of every `m <= h`, the others kept:
    /// at least `P(h) = p(0) + ... + p(h)` positions (`p` the partition numbers).
    fn reachable_at_least(&self, heaps: &[u64]) -> u128 {
        // P grows with h; beyond the table, P(999) is still a lower bound.
        let bound = |h: u64| partitions_up_to(h.min(999)).expect("in the table");
        heaps.iter().map(|&h| bound(h)).max().unwrap_or(1)
    }

    /// The moves counted position by position over the positions reachable from the two
    /// largest heaps `a >= b` (the others kept): exactly the multisets `ν` of total at most
    /// `a + b` that split into a part of total at most `a` and one of total at most `b` (a
    /// heap reaches every partition of every smaller total by taking and splitting, and the
    /// heaps are played apart), each with `h + floor(h / 2)` distinct options for each distinct
    /// part `h` (takes leave distinct heaps, splits distinct pairs, and options of different
    /// parts differ). Enumerated when `P(a + b)` is at most [`MOVE_BOUND_PARTITIONS`] and
    /// `b < 128`; else 0 (the position bounds refuse such positions first).
    fn moves_below_at_least(&self, heaps: &[u64]) -> u128 {
        moves_below_two_heaps(heaps).unwrap_or(0)
    }

    /// Every reachable position is a multiset of heaps of total at most the position's total
    /// `S`: at most `P(S)` positions.
    fn reachable_at_most(&self, heaps: &[u64]) -> Option<u128> {
        let total = heaps.iter().try_fold(0u64, |acc, &h| acc.checked_add(h));
        Some(total.and_then(partitions_up_to).unwrap_or(u128::MAX))
    }

    fn solver(&self) -> Option<Box<dyn Solver + '_>> {
        Some(Box::new(LaskerSolver))
    }

    fn explain_move(&self, heaps: &[u64], to: &[u64]) -> Option<String> {
        (theory::value(to) == 0 && theory::value(heaps) != 0).then(|| {
            let shown: Vec<String> = to
                .iter()
                .map(|&h| format!("G({h}) = {}", theory::heap_value(h)))
                .collect();
            format!(
                "by Lasker's formula {}, whose XOR is 0: a P-position",
                shown.join(", ")
            )
        })
    }

    /// The winning moves the formula gives at once: for each heap `h`, with `x` the total, the
    /// take to the heap of value `G(h) XOR x` when that heap is smaller, or, when `G(h) XOR x =
    /// h = 4k+3`, the split `1 + (4k+2)` of value `1 XOR (4k+2) = 4k+3`. Every N-position has
    /// one: for the heap `h` holding the highest bit of `x`, `G(h) XOR x < G(h)`, and the heap
    /// of a value below `G(h)` is below `h` except in that case. Other winning splits are listed
    /// by `moves` when the position's moves can be listed.
    fn theory_winning_moves(&self, heaps: &[u64]) -> Option<Vec<Move>> {
        let x = theory::value(heaps);
        let mut moves = Vec::new();
        if x == 0 {
            return Some(moves);
        }
        for (i, &h) in heaps.iter().enumerate() {
            let target = theory::heap_value(h) ^ x;
            match theory::heap_of_value(target) {
                Some(m) if m < h => moves.push(take_move(heaps, i, m)),
                _ if target == u128::from(h) && h % 4 == 3 => moves.push(split_move(heaps, i, 1)),
                _ => {}
            }
        }
        Some(moves)
    }

    /// Along one heap with the other heaps' XOR `c` fixed, the values are `G(n) XOR c`. For
    /// `n >= 1`, `G(n + p) = G(n) + p` whenever 4 divides `p`; when `p` is moreover a power of
    /// two above `c`, adding `p` leaves the bits of `c` alone, so
    /// `G(n + p) XOR c = (G(n) XOR c) + p`: arithmetic periodicity with period and saltus `p`
    /// from `n = 1`.
    fn periodicity_proof(
        &self,
        template: &[Option<u64>],
        from: u64,
        _values: &[u64],
        periodicity: &Periodicity,
    ) -> Option<String> {
        if template.iter().filter(|c| c.is_none()).count() != 1 {
            return None;
        }
        let c = theory::value(&template.iter().flatten().copied().collect::<Vec<_>>());
        let p = periodicity.period;
        let start = from.checked_add(periodicity.preperiod)?;
        (p.is_power_of_two()
            && p >= 4
            && u128::from(p) > c
            && periodicity.saltus == i128::from(p)
            && start >= 1)
            .then(|| {
                format!(
                    "Lasker's formula: G(n + {p}) = G(n) + {p} for n >= 1 (4 divides {p}), and (v + {p}) XOR {c} = (v XOR {c}) + {p} since {p} is a power of two above {c}"
                )
            })
    }
}

/// The most partitions [`Ruleset::moves_below_at_least`] of Lasker's Nim enumerates (about a
/// tenth of a second).
pub const MOVE_BOUND_PARTITIONS: u128 = 6_000_000;

/// The moves among the positions reachable from the two largest heaps (see
/// [`Ruleset::moves_below_at_least`] of [`Lasker`]); `None` when not enumerated.
fn moves_below_two_heaps(heaps: &[u64]) -> Option<u128> {
    let mut sorted: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
    sorted.sort_unstable_by(|x, y| y.cmp(x));
    let a = *sorted.first()?;
    let b = sorted.get(1).copied().unwrap_or(0);
    if b >= 128 || partitions_up_to(a.checked_add(b)?)? > MOVE_BOUND_PARTITIONS {
        return None;
    }
    // Partitions as non-increasing parts; `sums` has bit s when some sub-multiset sums to s
    // (s <= b), `moves` the options of the distinct parts so far.
    fn walk(a: u64, b: u64, total: u64, largest: u64, sums: u128, moves: u128, out: &mut u128) {
        let low = total.saturating_sub(a);
        if low <= b && (sums >> low) != 0 {
            *out += moves;
        }
        for part in (1..=largest.min(a + b - total)).rev() {
            let new_part = part != largest || total == 0;
            let mask = if b == 127 {
                u128::MAX
            } else {
                (1u128 << (b + 1)) - 1
            };
            let shifted = if part > b { 0 } else { (sums << part) & mask };
            let added = if new_part {
                u128::from(part + part / 2)
            } else {
                0
            };
            walk(a, b, total + part, part, sums | shifted, moves + added, out);
        }
    }
    let mut out = 0u128;
    walk(a, b, 0, a.max(b), 1, 0, &mut out);
    Some(out)
}

/// `p(0) + ... + p(n)`, the partitions of the numbers up to `n`, by Euler's pentagonal
/// recurrence; `None` from `n = 1000` on (`p(1000)` is about `2.4 * 10^31`; the table stops
/// well before `i128` overflows).
pub fn partitions_up_to(n: u64) -> Option<u128> {
    const LAST: u64 = 1000;
    if n >= LAST {
        return None;
    }
    let n = n as usize;
    // p(m) = sum over k >= 1 of (-1)^(k+1) (p(m - k(3k-1)/2) + p(m - k(3k+1)/2)).
    let mut p = vec![0i128; n + 1];
    p[0] = 1;
    for m in 1..=n {
        let mut sum = 0i128;
        for k in 1.. {
            let first = k * (3 * k - 1) / 2;
            if first > m {
                break;
            }
            let second = k * (3 * k + 1) / 2;
            let term = p[m - first] + if second <= m { p[m - second] } else { 0 };
            sum += if k % 2 == 1 { term } else { -term };
        }
        p[m] = sum;
    }
    Some(p.iter().map(|&x| x as u128).sum())
}

/// Values by the formula, in time linear in the number of heaps.
struct LaskerSolver;

impl LaskerSolver {
    /// The value of `heaps` if it fits 64 bits, else the overflow error that names it.
    fn value_in_u64(heaps: &[u64]) -> Result<u64> {
        let value = theory::value(heaps);
        u64::try_from(value).map_err(|_| Error::Overflow(too_wide(value)))
    }
}

/// Why a value is not given: it passes the 64 bits of a value.
fn too_wide(value: u128) -> String {
    format!(
        "the SG value is {value} by Lasker's formula (a heap 4k+3 is worth 4k+4), more than 2^64 - 1, the largest value grundy gives"
    )
}

impl Solver for LaskerSolver {
    fn value(&mut self, heaps: &[u64]) -> Result<u64> {
        Self::value_in_u64(heaps)
    }

    fn evaluate(&mut self, heaps: &[u64]) -> Result<Evaluation> {
        Ok(Evaluation {
            value: Self::value_in_u64(heaps)?,
            method: METHOD.into(),
        })
    }

    /// A value past 64 bits (a heap of `2^64 - 1` is worth `2^64`) is not 0: the outcome N,
    /// with the value in the method.
    fn evaluate_outcome(&mut self, heaps: &[u64]) -> Result<OutcomeEvaluation> {
        let value = theory::value(heaps);
        let fits = u64::try_from(value).ok();
        Ok(OutcomeEvaluation {
            value: fits,
            outcome: if value == 0 { Outcome::P } else { Outcome::N },
            infinite: None,
            method: match fits {
                Some(_) => METHOD.into(),
                None => format!(
                    "{METHOD}; {}, so only the outcome is given",
                    too_wide(value)
                ),
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query;
    use crate::solve::MemoSolver;
    use crate::Game;
    use proptest::prelude::*;

    /// Lasker's Nim as a typed game on sorted heaps, valued by the memoised search: the
    /// definition on whole positions (the sum rule not assumed).
    struct ByMoves;

    impl Game for ByMoves {
        type Position = Vec<u64>;

        fn options(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
            out.extend(Lasker.options(heaps).unwrap());
        }

        fn canonical(&self, heaps: &Vec<u64>) -> Vec<u64> {
            Lasker.canonical(heaps)
        }
    }

    /// The moves below a position by the definition: every position reachable through
    /// `explored_options`, each counted with its options.
    fn moves_below_by_walking(heaps: &[u64]) -> u128 {
        let start = Lasker.explored_form(heaps);
        let mut seen = std::collections::HashSet::from([start.clone()]);
        let mut todo = vec![start];
        let mut moves = 0u128;
        while let Some(p) = todo.pop() {
            let options = Lasker.explored_options(&p).unwrap();
            moves += options.len() as u128;
            for o in options {
                if seen.insert(o.clone()) {
                    todo.push(o);
                }
            }
        }
        moves
    }

    #[test]
    fn moves_below_are_those_of_the_walk() {
        // Exact for one or two heaps, a lower bound with more.
        for a in 0..=10u64 {
            for b in 0..=a {
                assert_eq!(
                    Lasker.moves_below_at_least(&[a, b]),
                    moves_below_by_walking(&[a, b]),
                    "{a},{b}"
                );
            }
        }
        for heaps in [[3u64, 2, 1], [5, 5, 2], [6, 4, 4], [7, 1, 1]] {
            let bound = Lasker.moves_below_at_least(&heaps);
            assert!(
                bound > 0 && bound <= moves_below_by_walking(&heaps),
                "{heaps:?}"
            );
        }
        // generations lasker 37,15: refused at once, not after 50 million moves explored.
        assert!(Lasker.moves_below_at_least(&[37, 15]) > crate::solve::MAX_GRAPH_EDGES as u128);
    }

    proptest! {
        /// The options without descriptions are the moves' positions; explored, each option
        /// of the explored form once.
        #[test]
        fn options_are_the_moves_positions(heaps in prop::collection::vec(0u64..9, 1..4)) {
            let moves: Vec<Vec<u64>> =
                Lasker.moves(&heaps).unwrap().into_iter().map(|m| m.to).collect();
            prop_assert_eq!(Lasker.options(&heaps).unwrap(), moves.clone());
            let mut want: Vec<Vec<u64>> = moves.iter().map(|o| Lasker.explored_form(o)).collect();
            want.sort();
            want.dedup();
            let mut got = Lasker.explored_options(&heaps).unwrap();
            got.sort();
            let listed = got.len();
            got.dedup();
            prop_assert_eq!(listed, got.len());
            prop_assert_eq!(got, want);
        }
    }

    #[test]
    fn partition_counts() {
        // p(0..=10) = 1, 1, 2, 3, 5, 7, 11, 15, 22, 30, 42: sums 1, 2, 4, 7, 12, 19, 30, 45, 67,
        // 97, 139; p(100) = 190569292 (Hardy and Ramanujan's check of MacMahon's table).
        let sums = [1, 2, 4, 7, 12, 19, 30, 45, 67, 97, 139];
        for (n, &s) in sums.iter().enumerate() {
            assert_eq!(partitions_up_to(n as u64), Some(s));
        }
        let p100 = partitions_up_to(100).unwrap() - partitions_up_to(99).unwrap();
        assert_eq!(p100, 190_569_292);
        assert_eq!(partitions_up_to(1000), None);
        assert_eq!(Lasker.reachable_at_most(&[600, 600]), Some(u128::MAX));
        // 13 + 26 + 25 = 64: more positions than an exploration takes.
        assert!(Lasker.reachable_at_most(&[13, 26, 25]).unwrap() > 5_000_000);
    }

    #[test]
    fn formula_agrees_with_the_definition() {
        let values = theory::by_definition(3000, &mut |_| {});
        for (n, &v) in values.iter().enumerate() {
            assert_eq!(theory::heap_value(n as u64), u128::from(v), "heap {n}");
        }
        // Winning Ways' table: 0, 1, 2, 4, 3, 5, 6, 8, 7.
        assert_eq!(values[..9], [0, 1, 2, 4, 3, 5, 6, 8, 7]);
    }

    #[test]
    fn formula_agrees_with_the_take_and_break_code() {
        let tbreak = crate::spec::parse_game("tbreak:4.[3]").unwrap();
        let values = query::sequence(tbreak.as_ref(), &[None], 0, 2000, &mut |_| {}).unwrap();
        for (n, &v) in values.iter().enumerate() {
            assert_eq!(theory::heap_value(n as u64), u128::from(v), "heap {n}");
        }
    }

    #[test]
    fn huge_heaps_answer_by_the_formula() {
        let big = 4 * 10u64.pow(18) + 3;
        let e = query::value(&Lasker, &[big, 5]).unwrap();
        assert_eq!(e.value, (big + 1) ^ 5);
        assert_eq!(e.method, METHOD);
        assert!(Lasker.moves(&[big]).is_err());
        // (4k+3, 4k+4) has values 4k+4 and 4k+3, XOR x. Heap 1 wants value (4k+4) XOR x = 4k+3,
        // the heap 4k+4, not smaller: the split 1 + (4k+2). Heap 2 wants 4k+4, the heap 4k+3:
        // take 1.
        let moves = Lasker.theory_winning_moves(&[big, big + 1]).unwrap();
        let shown: Vec<_> = moves
            .iter()
            .map(|m| (m.to.clone(), m.description.as_str()))
            .collect();
        assert_eq!(
            shown,
            [
                (
                    vec![1, big - 1, big + 1],
                    "split heap 1 into 1 and 4000000000000000002"
                ),
                (vec![big, big], "take 1 from heap 2")
            ]
        );
        assert_eq!(theory::heap_of_value(u128::from(u64::MAX)), None);
        assert_eq!(theory::heap_of_value(1 << 64), Some(u64::MAX));
        assert_eq!(theory::heap_value(u64::MAX - 3), u128::from(u64::MAX - 4));
    }

    /// The largest heap, `2^64 - 1 = 4k+3`, is worth `4k+4 = 2^64`: no `u64` value, but an
    /// N-position whose winning move takes the whole heap (it used to wrap to value 0, P).
    #[test]
    fn the_largest_heap_is_worth_two_to_the_64() {
        let max = u64::MAX;
        let report = query::outcome(&Lasker, &[max]).unwrap();
        assert_eq!((report.value, report.outcome), (None, Outcome::N));
        assert!(
            report.method.contains("18446744073709551616"),
            "{}",
            report.method
        );
        assert!(matches!(
            query::value(&Lasker, &[max]),
            Err(Error::Overflow(_))
        ));
        let winning = Lasker.theory_winning_moves(&[max]).unwrap();
        assert_eq!(winning.len(), 1);
        assert_eq!(winning[0].to, [0]);
        // Two such heaps cancel; with a heap of 1 the value 2^64 + 1 is past 64 bits too.
        let twice = query::outcome(&Lasker, &[max, max]).unwrap();
        assert_eq!((twice.value, twice.outcome), (Some(0), Outcome::P));
        assert!(Lasker.theory_winning_moves(&[max, max]).unwrap().is_empty());
        let plus_one = query::outcome(&Lasker, &[max, 1]).unwrap();
        assert_eq!((plus_one.value, plus_one.outcome), (None, Outcome::N));
        // Below it every value fits: 2^64 - 2 = 4k+2 is worth itself.
        assert_eq!(query::value(&Lasker, &[max - 1]).unwrap().value, max - 1);
    }

    #[test]
    fn moves_and_winning_moves() {
        let described: Vec<String> = Lasker
            .moves(&[4])
            .unwrap()
            .into_iter()
            .map(|m| m.description)
            .collect();
        assert_eq!(
            described,
            [
                "take 1 from heap 1",
                "take 2 from heap 1",
                "take 3 from heap 1",
                "take all 4 from heap 1",
                "split heap 1 into 1 and 3",
                "split heap 1 into 2 and 2"
            ]
        );
        // 3 + 7: values 4 and 8, XOR 12: heap 1 to value 8 is not below; heap 2 (value 8) to
        // value 4, the heap 3: take 4. Splits of 7 with value 4: 3 + 4 -> 4 XOR 3 = 7, 2 + 5 -> 7,
        // 1 + 6 -> 7: none. Splits of 3: 1 + 2 -> 3, not 8.
        let winning: Vec<Vec<u64>> = query::moves(&Lasker, &[3, 7])
            .unwrap()
            .into_iter()
            .filter(|m| m.winning)
            .map(|m| m.to.into_position())
            .collect();
        assert_eq!(winning, [vec![3, 3]]);
    }

    proptest! {
        #[test]
        fn positions_agree_with_the_search(heaps in prop::collection::vec(0u64..9, 1..4)) {
            let mut memo = MemoSolver::new(ByMoves);
            prop_assert_eq!(u128::from(memo.value(&heaps).unwrap()), theory::value(&heaps));
        }

        #[test]
        fn theory_moves_are_winning_takes(heaps in prop::collection::vec(0u64..40, 1..4)) {
            let by_values: Vec<Vec<u64>> = query::moves(&Lasker, &heaps).unwrap().into_iter()
                .filter(|m| m.winning).map(|m| m.to.into_position()).collect();
            for m in Lasker.theory_winning_moves(&heaps).unwrap() {
                prop_assert!(by_values.contains(&m.to));
            }
            // A winning move exists exactly for N-positions, and the theory finds one.
            prop_assert_eq!(by_values.is_empty(), theory::value(&heaps) == 0);
            prop_assert_eq!(Lasker.theory_winning_moves(&heaps).unwrap().is_empty(), theory::value(&heaps) == 0);
        }
    }
}
