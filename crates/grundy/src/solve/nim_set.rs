//! Small sets of nimbers (values below 256) as bit sets: the candidate and requested sets of
//! the board search ([`super::search`]).

/// The largest value a [`NimSet`] holds, plus one.
pub const LIMIT: u64 = 256;

/// A set of values below [`LIMIT`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NimSet([u64; 4]);

impl NimSet {
    /// The empty set.
    pub const EMPTY: NimSet = NimSet([0; 4]);

    /// `{0, 1, ..., top}` (cut at [`LIMIT`] - 1).
    #[inline(always)]
    pub fn up_to(top: u64) -> NimSet {
        let mut set = NimSet::EMPTY;
        for (i, word) in set.0.iter_mut().enumerate() {
            let low = 64 * i as u64;
            if top >= low + 63 {
                *word = u64::MAX;
            } else if top >= low {
                *word = (1u64 << (top - low + 1)) - 1;
            }
        }
        set
    }

    /// The values `k < 64` whose bit `k` is set in `mask`.
    #[inline(always)]
    pub fn from_low_word(mask: u64) -> NimSet {
        NimSet([mask, 0, 0, 0])
    }

    /// `{value}`, if `value` is below [`LIMIT`].
    #[inline(always)]
    pub fn single(value: u64) -> Option<NimSet> {
        let mut set = NimSet::EMPTY;
        set.insert(value).then_some(set)
    }

    /// Adds `value`; false (and nothing added) if it is not below [`LIMIT`].
    pub fn insert(&mut self, value: u64) -> bool {
        if value >= LIMIT {
            return false;
        }
        self.0[(value / 64) as usize] |= 1 << (value % 64);
        true
    }

    /// Removes `value` (a no-op if absent).
    pub fn remove(&mut self, value: u64) {
        if value < LIMIT {
            self.0[(value / 64) as usize] &= !(1 << (value % 64));
        }
    }

    /// Whether `value` is in the set.
    #[inline(always)]
    pub fn contains(&self, value: u64) -> bool {
        value < LIMIT && self.0[(value / 64) as usize] >> (value % 64) & 1 == 1
    }

    /// Whether the set is empty.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    /// The largest value, if any.
    #[inline(always)]
    pub fn max(&self) -> Option<u64> {
        (0..4)
            .rev()
            .find(|&i| self.0[i] != 0)
            .map(|i| 64 * i as u64 + 63 - u64::from(self.0[i].leading_zeros()))
    }

    /// The values in both sets.
    #[inline(always)]
    pub fn and(self, other: NimSet) -> NimSet {
        NimSet(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    /// The values of `self` or `other`.
    #[inline(always)]
    pub fn or(self, other: NimSet) -> NimSet {
        NimSet(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    /// The values of `self` not in `other`.
    #[inline(always)]
    pub fn minus(self, other: NimSet) -> NimSet {
        NimSet(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }

    /// The values below 64, as a mask (bit `k` for value `k`).
    #[inline(always)]
    pub fn low_word(&self) -> u64 {
        self.0[0]
    }

    /// `{v ^ x : v in self}`, if every such value is below [`LIMIT`].
    #[inline(always)]
    pub fn xor(self, x: u64) -> Option<NimSet> {
        if x == 0 {
            return Some(self);
        }
        let mut out = NimSet::EMPTY;
        for v in self.iter() {
            if !out.insert(v ^ x) {
                return None;
            }
        }
        Some(out)
    }

    /// The values, smallest first.
    pub fn iter(&self) -> impl Iterator<Item = u64> + '_ {
        (0..4).flat_map(move |i| {
            let mut word = self.0[i];
            std::iter::from_fn(move || {
                (word != 0).then(|| {
                    let bit = word.trailing_zeros();
                    word &= word - 1;
                    64 * i as u64 + u64::from(bit)
                })
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::BTreeSet;

    fn model(set: &NimSet) -> BTreeSet<u64> {
        (0..LIMIT).filter(|&v| set.contains(v)).collect()
    }

    proptest! {
        #[test]
        fn operations_agree_with_a_btreeset(a in proptest::collection::vec(0u64..300, 0..20),
                                            b in proptest::collection::vec(0u64..300, 0..20),
                                            x in 0u64..300, top in 0u64..300) {
            let make = |values: &[u64]| {
                let mut set = NimSet::EMPTY;
                for &v in values {
                    prop_assert_eq!(set.insert(v), v < LIMIT);
                }
                Ok(set)
            };
            let (sa, sb) = (make(&a)?, make(&b)?);
            let ma: BTreeSet<u64> = a.iter().copied().filter(|&v| v < LIMIT).collect();
            let mb: BTreeSet<u64> = b.iter().copied().filter(|&v| v < LIMIT).collect();
            prop_assert_eq!(model(&sa), ma.clone());
            prop_assert_eq!(sa.iter().collect::<Vec<_>>(), ma.iter().copied().collect::<Vec<_>>());
            prop_assert_eq!(sa.max(), ma.iter().next_back().copied());
            prop_assert_eq!(sa.is_empty(), ma.is_empty());
            prop_assert_eq!(model(&sa.and(sb)), ma.intersection(&mb).copied().collect());
            prop_assert_eq!(model(&sa.minus(sb)), ma.difference(&mb).copied().collect());
            prop_assert_eq!(model(&sa.or(sb)), ma.union(&mb).copied().collect());
            let shifted: BTreeSet<u64> = ma.iter().map(|v| v ^ x).collect();
            match sa.xor(x) {
                Some(s) => prop_assert_eq!(model(&s), shifted),
                None => prop_assert!(shifted.iter().any(|&v| v >= LIMIT)),
            }
            prop_assert_eq!(model(&NimSet::up_to(top)), (0..=top.min(LIMIT - 1)).collect());
            let mut removed = sa;
            removed.remove(x);
            let mut expected = ma.clone();
            expected.remove(&x);
            prop_assert_eq!(model(&removed), expected);
        }
    }
}
