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

    /// Appends small values (each must fit the width, which is at most 8 bits here), a whole
    /// word at a time once the last word is full.
    pub fn extend_from_bytes(&mut self, values: &[u8]) {
        assert!(
            self.width <= 8,
            "extend_from_bytes needs a width of at most 8 bits"
        );
        let per_word = (64 / self.width) as usize;
        let head = ((per_word - self.len % per_word) % per_word).min(values.len());
        for &v in &values[..head] {
            self.push(u64::from(v));
        }
        let mut chunks = values[head..].chunks_exact(per_word);
        for chunk in &mut chunks {
            let mut word = 0u64;
            for (i, &v) in chunk.iter().enumerate() {
                debug_assert!(u64::from(v) <= self.mask);
                word |= u64::from(v) << (i << self.shift);
            }
            self.words.push(word);
        }
        self.len += values.len() - head - chunks.remainder().len();
        for &v in chunks.remainder() {
            self.push(u64::from(v));
        }
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
        if bit.is_multiple_of(64) {
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

    /// Appends the values in `range` to `out`, decoding a word at a time. Panics if the range
    /// goes past `len` (a programming error).
    pub fn extend_vec(&self, range: std::ops::Range<usize>, out: &mut Vec<u64>) {
        assert!(range.end <= self.len, "range {range:?} out of {}", self.len);
        let per_word = (64 / self.width) as usize;
        let mut i = range.start;
        out.reserve(range.len());
        while i < range.end {
            let stop = ((i / per_word + 1) * per_word).min(range.end);
            let mut word = self.words[i / per_word] >> ((i << self.shift) % 64);
            for _ in i..stop {
                out.push(word & self.mask);
                // At width 64 a word holds one value and the shift (by 0) is never used again.
                word = word.wrapping_shr(self.width);
            }
            i = stop;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Appending bytes a word at a time stores the same as pushing them one by one, from
        /// any fill level of the last word.
        #[test]
        fn bytes_extend_like_pushes(
            bound in 0u64..256,
            before in prop::collection::vec(any::<u8>(), 0..70),
            bytes in prop::collection::vec(any::<u8>(), 0..300),
        ) {
            let fit = |v: &u8| (u64::from(*v) % (bound + 1)) as u8;
            let (before, bytes): (Vec<u8>, Vec<u8>) =
                (before.iter().map(fit).collect(), bytes.iter().map(fit).collect());
            let (mut a, mut b) = (PackedValues::for_bound(bound), PackedValues::for_bound(bound));
            for &v in &before {
                a.push(u64::from(v));
                b.push(u64::from(v));
            }
            a.extend_from_bytes(&bytes);
            for &v in &bytes {
                b.push(u64::from(v));
            }
            prop_assert_eq!(a.len(), b.len());
            prop_assert_eq!(a.to_vec(0..a.len()), b.to_vec(0..b.len()));
        }
    }

    proptest! {
        #[test]
        fn stores_and_returns_values(
            bound in prop_oneof![0u64..100_000, Just(u64::MAX)],
            raw in prop::collection::vec(any::<u64>(), 0..300),
            start in 0usize..300,
            end in 0usize..300,
        ) {
            let values: Vec<u64> = raw.iter().map(|v| bound.checked_add(1).map_or(*v, |m| v % m)).collect();
            let mut packed = PackedValues::for_bound(bound);
            for &v in &values {
                packed.push(v);
            }
            prop_assert_eq!(packed.len(), values.len());
            prop_assert_eq!(packed.iter().collect::<Vec<_>>(), values.clone());
            let (a, b) = (start.min(values.len()), end.min(values.len()));
            let (a, b) = (a.min(b), a.max(b));
            let mut decoded = vec![7];
            packed.extend_vec(a..b, &mut decoded);
            prop_assert_eq!(&decoded[1..], &values[a..b]);
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
