//! Finding a period in the computed values and proving it with the periodicity theorem (stated
//! and proved in [`super::theory`]).
//!
//! The engine asks [`Watch::observe`] after every new value. Now and then (each time the table
//! grew by an eighth, unless the candidate it has still holds) the watch looks for the smallest
//! `p` for which the last quarter of the values repeats `p` earlier, and walks back to the first `n0` from which `G(n + p) = G(n)`
//! holds up to the end. From then on each new value is compared with the one `p` before it
//! (a mismatch at `n` moves `n0` to `n - p + 1`), and as soon as the values reach the theorem's
//! bound the period is proven, at the exact first length where the theorem applies to this
//! candidate.

use serde::Serialize;

use super::values::Value;
use crate::ruleset::HeapShape;

/// A period proven by the periodicity theorem.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Proof {
    /// The period `p`.
    pub period: u64,
    /// The preperiod `n0`: `G(n + p) = G(n)` for every `n >= n0`, and not for `n0 - 1`.
    pub preperiod: u64,
    /// The values `G(0..checked_to)` the proof used (the theorem's range plus one period).
    pub checked_to: u64,
}

impl Proof {
    /// The last `n` with `G(n) != G(n + p)` (none when the sequence is periodic from 0).
    pub fn last_exception(&self) -> Option<u64> {
        self.preperiod.checked_sub(1)
    }

    /// The `n'` in the preperiod or the first period with `G(n') = G(n)`.
    pub fn reduce(&self, n: u64) -> u64 {
        let (e, p) = (self.preperiod, self.period);
        if n < e + p {
            n
        } else {
            e + (n - e) % p
        }
    }
}

/// The smallest `p` for which the last quarter of `values` repeats `p` earlier, and the first
/// `n0` from which `values[n + p] = values[n]` holds to the end.
pub fn tail_period<V: Value>(values: &[V]) -> Option<(usize, usize)> {
    let len = values.len();
    let window = (len / 4).max(4);
    if len < window + 1 {
        return None;
    }
    'period: for p in 1..=len - window {
        for j in 1..=window {
            if values[len - j] != values[len - j - p] {
                continue 'period;
            }
        }
        let mut n0 = len - window - p;
        while n0 > 0 && values[n0 - 1] == values[n0 - 1 + p] {
            n0 -= 1;
        }
        return Some((p, n0));
    }
    None
}

/// Watches the values as they are computed; see the module documentation.
#[derive(Debug, Clone)]
pub struct Watch {
    shape: Option<HeapShape>,
    candidate: Option<(usize, usize)>,
    /// Whether the candidate failed since the last scan.
    failed: bool,
    next_scan: usize,
    proof: Option<Proof>,
}

impl Watch {
    /// A watch for a game the theorem covers (`Some(shape)`), or one that never proves.
    pub fn new(shape: Option<HeapShape>) -> Self {
        Watch {
            shape,
            candidate: None,
            failed: false,
            next_scan: 8,
            proof: None,
        }
    }

    /// The proof, once found.
    pub fn proof(&self) -> Option<Proof> {
        self.proof
    }

    /// Looks at the newest value (the last of `values`).
    #[inline]
    pub fn observe<V: Value>(&mut self, values: &[V]) {
        let Some(shape) = self.shape else { return };
        if self.proof.is_some() {
            return;
        }
        let len = values.len();
        if let Some((p, n0)) = &mut self.candidate {
            let x = len - 1;
            if x >= *p && values[x] != values[x - *p] {
                *n0 = x - *p + 1;
                self.failed = true;
            }
        }
        if len >= self.next_scan {
            self.next_scan = len + len / 8 + 1;
            if self.candidate.is_none() || self.failed {
                self.failed = false;
                if let Some(found) = tail_period(values) {
                    self.candidate = Some(found);
                }
            }
        }
        if let Some((p, n0)) = self.candidate {
            if shape
                .needed(n0 as u64, p as u64)
                .is_some_and(|needed| len as u64 >= needed)
            {
                self.proof = Some(Proof {
                    period: smallest_period(values, n0, p) as u64,
                    preperiod: n0 as u64,
                    checked_to: shape.needed(n0 as u64, p as u64).expect("checked"),
                });
            }
        }
    }

    /// Forgets the candidate and proof and looks again from `values` (after loading a table).
    pub fn restart<V: Value>(&mut self, values: &[V]) {
        self.candidate = None;
        self.failed = false;
        self.proof = None;
        self.next_scan = values.len();
        if !values.is_empty() {
            self.observe(values);
        }
    }
}

/// A watch for runs that keep only a window of the latest values (record mode): a period
/// shorter than half the window, proven from the first position `n0` of the window from which
/// the values repeat. When the values before the window are gone, `n0` is only an upper bound
/// on the preperiod, which the theorem accepts: `G(n + p) = G(n)` for `n0 <= n < 2 n0 + p + k`
/// (each value compared as it comes) proves the period from `n0` on.
#[derive(Debug, Clone)]
pub struct WindowWatch {
    shape: HeapShape,
    /// `G(y)` at `ring[y % ring.len()]` for the latest values seen.
    ring: Vec<u16>,
    /// The first value this watch saw (a resumed run starts past 0) and how many it has.
    first: u64,
    len: u64,
    /// The period candidate, its start, and whether the start is exact (a mismatch before it
    /// was seen, or it is the first value of all).
    candidate: Option<(u64, u64, bool)>,
    failed: bool,
    next_scan: u64,
    proof: Option<(Proof, bool)>,
}

impl WindowWatch {
    /// A watch keeping `window` values (a power of two, at least 8), seeing values from
    /// `G(first)` on.
    pub fn new(shape: HeapShape, window: usize, first: u64) -> Self {
        debug_assert!(window.is_power_of_two() && window >= 8);
        WindowWatch {
            shape,
            ring: vec![0; window],
            first,
            len: first,
            candidate: None,
            failed: false,
            next_scan: first + 8,
            proof: None,
        }
    }

    /// The proof, once found, and whether its preperiod is exact (else an upper bound).
    pub fn proof(&self) -> Option<(Proof, bool)> {
        self.proof
    }

    /// The period the window shows without a proof yet, and its start.
    pub fn observed(&self) -> Option<(u64, u64)> {
        self.candidate.map(|(p, n0, _)| (p, n0))
    }

    fn at(&self, y: u64) -> u16 {
        self.ring[(y & (self.ring.len() as u64 - 1)) as usize]
    }

    /// The first value still kept.
    fn kept_from(&self) -> u64 {
        self.first
            .max(self.len.saturating_sub(self.ring.len() as u64))
    }

    /// Looks at the next values, `G(n), G(n + 1), ...` (`n` is the count seen so far).
    pub fn push(&mut self, n: u64, values: &[u32]) {
        debug_assert_eq!(n, self.len);
        for &v in values {
            if self.proof.is_some() {
                break;
            }
            let v = v as u16;
            let x = self.len;
            if let Some((p, n0, exact)) = &mut self.candidate {
                if x >= *p && self.ring[((x - *p) & (self.ring.len() as u64 - 1)) as usize] != v {
                    (*n0, *exact) = (x - *p + 1, true);
                    self.failed = true;
                }
            }
            let mask = self.ring.len() as u64 - 1;
            self.ring[(x & mask) as usize] = v;
            self.len += 1;
            if self.len >= self.next_scan {
                // An eighth more values each time, as the engine's watch, once the window is full
                // an eighth of it.
                self.next_scan = self.len + (self.len - self.kept_from()) / 8 + 1;
                if self.candidate.is_none() || self.failed {
                    self.failed = false;
                    if let Some(found) = self.scan() {
                        self.candidate = Some(found);
                    }
                }
            }
            if let Some((p, n0, exact)) = self.candidate {
                if let Some(needed) = self.shape.needed(n0, p).filter(|&k| self.len >= k) {
                    let period = (1..p)
                        .filter(|d| p.is_multiple_of(*d))
                        .find(|&d| (self.len - p..self.len).all(|y| self.at(y) == self.at(y - d)))
                        .unwrap_or(p);
                    let proof = Proof {
                        period,
                        preperiod: n0,
                        checked_to: needed,
                    };
                    self.proof = Some((proof, exact));
                }
            }
        }
        // After a proof the values are only counted.
        self.len = n + values.len() as u64;
    }

    /// The smallest `p` (at most half the window) for which the last quarter of the kept
    /// values repeats `p` earlier, and the first kept `n0` from which the repetition holds.
    fn scan(&self) -> Option<(u64, u64, bool)> {
        let from = self.kept_from();
        let kept = self.len - from;
        let quarter = kept / 4;
        if quarter < 2 {
            return None;
        }
        let most = (kept - quarter).min(self.ring.len() as u64 / 2);
        'period: for p in 1..=most {
            for y in self.len - quarter..self.len {
                if self.at(y) != self.at(y - p) {
                    continue 'period;
                }
            }
            let mut n0 = self.len - quarter - p;
            while n0 > from && self.at(n0 - 1) == self.at(n0 - 1 + p) {
                n0 -= 1;
            }
            return Some((p, n0, n0 > from || from == 0));
        }
        None
    }
}

/// The smallest divisor `d` of `p` with `values[n + d] = values[n]` for `n0 <= n < n0 + p`,
/// given that `p` is a period from `n0` on: then `d` is one too, from the same `n0` (a value
/// before `n0` that repeated `d` later would repeat `p` later as well).
fn smallest_period<V: Value>(values: &[V], n0: usize, p: usize) -> usize {
    (1..p)
        .filter(|d| p.is_multiple_of(*d))
        .find(|&d| (n0..n0 + p).all(|n| values[n] == values[n + d]))
        .unwrap_or(p)
}

/// Whether `values` (from `G(0)`) prove period `p` from `n0` by the theorem: `G(n + p) = G(n)`
/// for every `n0 <= n < bound` with every such value present. Returns the proof.
pub fn check(shape: HeapShape, values: &[u64], n0: u64, p: u64) -> Option<Proof> {
    if p == 0 {
        return None;
    }
    let needed = shape.needed(n0, p)?;
    if (values.len() as u64) < needed {
        return None;
    }
    let bound = (needed - p) as usize;
    let (n0, p) = (n0 as usize, p as usize);
    (n0..bound)
        .all(|n| values[n] == values[n + p])
        .then_some(Proof {
            period: p as u64,
            preperiod: n0 as u64,
            checked_to: needed,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bound_is_the_theorem_s_range() {
        let octal = HeapShape {
            last_digit: 2,
            heaps: 2,
        };
        // Kayles: n0 = 71, p = 12, k = 2: check n < 2 * 71 + 12 + 2 = 156, needing G(0..168).
        assert_eq!(octal.bound(71, 12), Some(156));
        assert_eq!(octal.needed(71, 12), Some(168));
        // n0 = 0 is used as 1 (a part of size n0 - p... must stay a heap).
        assert_eq!(octal.bound(0, 3), Some(2 + 3 + 2));
        let hex = HeapShape {
            last_digit: 1,
            heaps: 3,
        };
        assert_eq!(hex.bound(10, 4), Some(30 + 8 + 1));
        let subtraction = HeapShape {
            last_digit: 5,
            heaps: 1,
        };
        assert_eq!(subtraction.bound(0, 7), Some(6));
        assert_eq!(octal.bound(u64::MAX, 1), None);
    }

    #[test]
    fn tail_period_finds_the_smallest_period_and_its_start() {
        let mut values: Vec<u8> = vec![9, 8, 7];
        for _ in 0..20 {
            values.extend([1, 2, 1, 3]);
        }
        assert_eq!(tail_period(&values), Some((4, 3)));
        let check_values: Vec<u64> = values.iter().map(|&v| u64::from(v)).collect();
        let shape = HeapShape {
            last_digit: 1,
            heaps: 2,
        };
        let proof = check(shape, &check_values, 3, 4).unwrap();
        assert_eq!(
            (proof.period, proof.preperiod, proof.checked_to),
            (4, 3, 15)
        );
        assert_eq!(proof.last_exception(), Some(2));
        assert_eq!(
            proof.reduce(1_000_000_000_000),
            3 + (1_000_000_000_000 - 3) % 4
        );
        assert!(check(shape, &check_values, 2, 4).is_none());
        assert_eq!(tail_period(&[1u8, 2, 3]), None);
    }

    /// The window watch proves the period the whole table proves (or a divisor the engine's
    /// watch also takes), from a preperiod at least the true one and equal to it when it says
    /// so, and the theorem's checks hold over all the values for what it claims; in windows
    /// from a few periods to all the values, fed in runs of any length.
    #[test]
    fn the_window_watch_proves_what_the_whole_table_proves() {
        use super::super::code::{Base, Rules};
        use super::super::engine::{self, Engine, Run};
        for (code, len) in [
            ("0.77", 400u64),
            ("0.137", 1000),
            ("0.07", 1000),
            ("0.16", 520_000),
        ] {
            let rules = Rules::parse(code, Base::Octal).unwrap();
            let shape = engine::shape(&rules).unwrap();
            let mut table = Engine::new(rules);
            table.extend(len, &Run::default(), &mut |_| {}).unwrap();
            let truth = table.proof().expect("a known period");
            let values: Vec<u32> = (0..len).map(|n| table.get(n)).collect();
            let wide: Vec<u64> = values.iter().map(|&v| u64::from(v)).collect();
            for window in [64usize, 256, 1 << 19, 1 << 20] {
                let mut watch = WindowWatch::new(shape, window, 0);
                for (i, run) in values.chunks(1 + window / 7).enumerate() {
                    watch.push((i * (1 + window / 7)) as u64, run);
                }
                let Some((proof, exact)) = watch.proof() else {
                    assert!(
                        window < 2 * truth.period as usize,
                        "{code}: none in {window}"
                    );
                    continue;
                };
                assert_eq!(proof.period, truth.period, "{code} in {window}");
                assert!(proof.preperiod >= truth.preperiod, "{code} in {window}");
                assert!(
                    !exact || proof.preperiod == truth.preperiod,
                    "{code} in {window}"
                );
                assert!(
                    exact || window < proof.checked_to as usize,
                    "{code} in {window}"
                );
                assert!(check(shape, &wide, proof.preperiod, proof.period).is_some());
            }
        }
        // A run resumed at 100 (values before it never seen) of a sequence of period 3: proven
        // from 100, the first value seen, an upper bound; the theorem's range for n0 = 100,
        // p = 3, k = 1 is n < 2 * 100 + 3 + 1 = 204, so 207 values.
        let mut watch = WindowWatch::new(
            HeapShape {
                last_digit: 1,
                heaps: 2,
            },
            64,
            100,
        );
        let tail: Vec<u32> = (100..400).map(|n| [0, 1, 2][n % 3]).collect();
        watch.push(100, &tail);
        let (proof, exact) = watch.proof().unwrap();
        assert_eq!((proof.period, proof.preperiod, exact), (3, 100, false));
        assert_eq!(proof.checked_to, 207);
    }

    #[test]
    fn the_watch_proves_at_the_first_length_the_theorem_allows() {
        let shape = HeapShape {
            last_digit: 1,
            heaps: 2,
        };
        let mut watch = Watch::new(Some(shape));
        let mut values: Vec<u8> = vec![5, 6];
        for n in 0..200 {
            values.push([0, 1, 2][n % 3]);
            watch.observe(&values);
            if watch.proof().is_some() {
                break;
            }
        }
        let proof = watch.proof().unwrap();
        assert_eq!((proof.period, proof.preperiod), (3, 2));
        // n0 = 2, p = 3, k = 1: bound 2 * 2 + 3 + 1 = 8, needed 11 values.
        assert_eq!(values.len(), 11);
        assert_eq!(proof.checked_to, 11);
    }
}
