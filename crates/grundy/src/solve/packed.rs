//! A growable array of small unsigned values, bit-packed at a fixed width.

use crate::{Error, Result};

/// Values below `2^width`, stored `64 / width` to a word. The width is a power of two (1, 2, 4,
/// 8, 16, 32 or 64 bits), so no value straddles two words and reads are a shift and a mask.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackedValues {
    words: Vec<u64>,
    len: usize,
    width: u32,
    /// `log2(width)`: index `i` starts at bit `i << shift`.
    shift: u32,
    /// `2^width - 1`.
    mask: u64,
}

impl PackedValues {
    /// An empty array able to hold every value `<= bound`.
    pub fn for_bound(bound: u64) -> Self {
        let width = (64 - bound.leading_zeros()).max(1).next_power_of_two();
        let mask = if width == 64 {
            u64::MAX
        } else {
            (1 << width) - 1
        };
        PackedValues {
            words: Vec::new(),
            len: 0,
            width,
            shift: width.trailing_zeros(),
            mask,
        }
    }

    /// Bits used per value.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// The number of values stored.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no value is stored.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Bytes needed to store `len` values of bound `bound` (for memory checks before a run).
    pub fn bytes_for(len: u64, bound: u64) -> u64 {
        let width = u64::from(Self::for_bound(bound).width);
        len.div_ceil(64 / width) * 8
    }

    /// Reserves room for `additional` more values, or errors if the memory cannot be had.
    pub fn try_reserve(&mut self, additional: usize) -> Result<()> {
        let per_word = (64 / self.width) as usize;
        let words = (self.len + additional).div_ceil(per_word);
        self.words
            .try_reserve(words.saturating_sub(self.words.len()))
            .map_err(|_| Error::TooLarge(format!("cannot allocate {} bytes of values", words * 8)))
    }

    /// The value at `index`. Panics if `index >= len` (a programming error).
    #[inline]
    pub fn get(&self, index: usize) -> u64 {
        assert!(index < self.len, "index {index} out of range {}", self.len);
        let bit = index << self.shift;
        (self.words[bit / 64] >> (bit % 64)) & self.mask
    }

    /// Appends a value. Panics if it does not fit the width (a programming error).
    #[inline]
    pub fn push(&mut self, value: u64) {
        assert!(
            value <= self.mask,
            "value {value} does not fit {} bits",
            self.width
        );
        let bit = self.len << self.shift;
        if bit % 64 == 0 {
            self.words.push(value);
        } else {
            *self.words.last_mut().expect("a partly filled word exists") |= value << (bit % 64);
        }
        self.len += 1;
    }

    /// All values, in order.
    pub fn iter(&self) -> impl Iterator<Item = u64> + '_ {
        (0..self.len).map(|i| self.get(i))
    }

    /// The values in `range` as a vector.
    pub fn to_vec(&self, range: std::ops::Range<usize>) -> Vec<u64> {
        range.map(|i| self.get(i)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn stores_and_returns_values(bound in 0u64..100_000, raw in prop::collection::vec(any::<u64>(), 0..300)) {
            let values: Vec<u64> = raw.iter().map(|v| v % (bound + 1)).collect();
            let mut packed = PackedValues::for_bound(bound);
            for &v in &values {
                packed.push(v);
            }
            prop_assert_eq!(packed.len(), values.len());
            prop_assert_eq!(packed.iter().collect::<Vec<_>>(), values);
        }
    }

    #[test]
    fn widths_are_powers_of_two() {
        assert_eq!(PackedValues::for_bound(0).width(), 1);
        assert_eq!(PackedValues::for_bound(3).width(), 2);
        assert_eq!(PackedValues::for_bound(4).width(), 4);
        assert_eq!(PackedValues::for_bound(255).width(), 8);
        assert_eq!(PackedValues::for_bound(u64::MAX).width(), 64);
        assert_eq!(PackedValues::bytes_for(1000, 3), 32 * 8); // 1000 values of 2 bits fill 32 words
    }
}
