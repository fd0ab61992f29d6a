//! Periodicity seen in a finite range.
//!
//! A sequence is *arithmetic-periodic* with preperiod `e`, period `p` and saltus `s` when
//! `a(i + p) = a(i) + s` for every `i >= e`; it is *periodic* when `s = 0`. From finitely many
//! terms we can only say what is *observed*: [`find_periodicity`] returns the smallest period
//! (and, for it, the smallest preperiod) for which the relation holds over the rest of the range,
//! provided the periodic part is long enough to mean something: at least two full periods and at
//! least half of the range. A longer preperiod needs a longer range. Whether the periodicity is
//! *proven* depends on the game (for a subtraction game with finite S, one repetition of
//! `max(S)` values after the preperiod proves it); that is not decided here.

use serde::Serialize;

/// An observed (arithmetic) periodicity.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Periodicity {
    /// The first index of the periodic part.
    pub preperiod: u64,
    /// The period.
    pub period: u64,
    /// `a(i + period) - a(i)` in the periodic part (0 for ordinary periodicity).
    pub saltus: i128,
}

/// The smallest period seen in `values` (indices from 0), with its smallest preperiod and its
/// saltus; see the module documentation for what counts as seen.
///
/// ```
/// use grundy::analysis::find_periodicity;
/// let p = find_periodicity(&[5, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0]).unwrap();
/// assert_eq!((p.preperiod, p.period, p.saltus), (1, 3, 0));
/// ```
pub fn find_periodicity(values: &[u64]) -> Option<Periodicity> {
    let len = values.len();
    let diff = |i: usize, p: usize| i128::from(values[i + p]) - i128::from(values[i]);
    for p in 1..=len / 2 {
        let saltus = diff(len - 1 - p, p);
        // Walk back from the end while the relation holds; `start` is then the preperiod.
        let mut start = len - p;
        while start > 0 && diff(start - 1, p) == saltus {
            start -= 1;
        }
        let tail = len - start;
        if tail >= 2 * p && 2 * tail >= len {
            return Some(Periodicity {
                preperiod: start as u64,
                period: p as u64,
                saltus,
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn examples() {
        let nim: Vec<u64> = (0..20).collect();
        assert_eq!(
            find_periodicity(&nim),
            Some(Periodicity {
                preperiod: 0,
                period: 1,
                saltus: 1
            })
        );
        let constant = [7u64; 10];
        assert_eq!(
            find_periodicity(&constant),
            Some(Periodicity {
                preperiod: 0,
                period: 1,
                saltus: 0
            })
        );
        assert_eq!(find_periodicity(&[0, 1, 2, 3, 0, 4]), None);
        assert_eq!(find_periodicity(&[]), None);
        // A repetition near the end is not enough.
        assert_eq!(
            find_periodicity(&[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 5, 5]),
            None
        );
    }

    proptest! {
        /// A sequence built with preperiod e and period p is found with period <= p (and
        /// preperiod <= e when the period is p), and the relation holds from the reported preperiod on.
        #[test]
        fn finds_constructed_periodicity(
            pre in prop::collection::vec(0u64..4, 0..10),
            cycle in prop::collection::vec(0u64..4, 1..8),
            repeats in 4usize..8,
        ) {
            let mut values = pre.clone();
            let repeats = repeats.max(pre.len().div_ceil(cycle.len()));
            for _ in 0..repeats { values.extend(&cycle); }
            let found = find_periodicity(&values).expect("periodicity is seen");
            prop_assert!(found.period as usize <= cycle.len());
            if found.period as usize == cycle.len() {
                prop_assert!(found.preperiod as usize <= pre.len());
            }
            let (e, p) = (found.preperiod as usize, found.period as usize);
            for i in e..values.len() - p {
                prop_assert_eq!(i128::from(values[i + p]) - i128::from(values[i]), found.saltus);
            }
        }
    }
}
