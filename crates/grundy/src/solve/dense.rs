//! The dense engine: games on `0, 1, 2, ...` where every option of `n` is smaller than `n`.
//!
//! Values are computed in increasing order into [`PackedValues`]; the mex of a position is read
//! off a bitset of the option values (one word when the game's value bound is below 64). When
//! every option lies within a short distance (`reach`, e.g. `max(S)` for a subtraction game),
//! values are computed in blocks one byte each (after the `reach` values before the block), so
//! that reading an option is one load from the first-level cache instead of a packed-array
//! decode, and each block is packed a word at a time.

use std::ops::Range;

use super::PackedValues;
use crate::ruleset::BlockSink;
use crate::Result;

/// A game whose positions are the integers `0, 1, 2, ...` and whose options are smaller.
pub trait DenseGame {
    /// An upper bound on every SG value (the number of options is always one).
    fn value_bound(&self) -> u64;

    /// Calls `visit` with each option of `n`; each option must be `< n`.
    fn for_each_option(&self, n: u64, visit: impl FnMut(u64));

    /// A distance `r` with every option of every `n` at least `n - r`, if there is one.
    fn reach(&self) -> Option<u64> {
        None
    }

    /// Calls `visit` with the value of each option of `n`, given `value(m)` for every `m < n`.
    /// The default gives the values of [`DenseGame::for_each_option`]'s options; a heap game
    /// whose options may leave several smaller heaps (a heap that splits) overrides it with
    /// the nim-sum of their values (Sprague–Grundy), and then has no [`DenseGame::reach`].
    fn for_each_option_value(
        &self,
        n: u64,
        value: impl Fn(u64) -> u64,
        mut visit: impl FnMut(u64),
    ) {
        self.for_each_option(n, |m| visit(value(m)));
    }
}

/// The longest reach served by the byte blocks of recent values.
const MAX_REACH: u64 = 1 << 16;

/// How many values [`DenseSolver::for_each_block`] computes and hands out at a time.
pub const SEQUENCE_BLOCK: u64 = 1 << 16;

/// Progress is reported ([`crate::progress`]) every `REPORT_MASK + 1` positions.
const REPORT_MASK: u64 = (1 << 12) - 1;

/// Computes and keeps the values `SG(0), SG(1), ..., SG(len - 1)` of a [`DenseGame`]; the table
/// grows on request.
pub struct DenseSolver<G> {
    game: G,
    values: PackedValues,
    seen: Vec<u64>,
}

impl<G: DenseGame> DenseSolver<G> {
    /// A solver with no values computed yet.
    pub fn new(game: G) -> Self {
        DenseSolver {
            values: PackedValues::for_bound(game.value_bound()),
            seen: vec![0],
            game,
        }
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The values computed so far (`SG(0)` first).
    pub fn values(&self) -> &PackedValues {
        &self.values
    }

    /// The number of values computed.
    pub fn len(&self) -> u64 {
        self.values.len() as u64
    }

    /// Whether nothing is computed yet.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// Bytes the values for positions `0..len` need (to check memory before a run).
    pub fn bytes_needed(&self, len: u64) -> u64 {
        PackedValues::bytes_for(len, self.game.value_bound())
    }

    /// Ensures values for `0..len` are computed.
    pub fn extend_to(&mut self, len: u64) -> Result<()> {
        let current = self.len();
        if len <= current {
            return Ok(());
        }
        let additional = usize::try_from(len - current).map_err(|_| {
            crate::Error::TooLarge(format!(
                "{len} values do not fit this machine's address space"
            ))
        })?;
        self.values.try_reserve(additional)?;
        let reach = self.game.reach().filter(|&r| r < MAX_REACH);
        if let (true, Some(reach)) = (self.game.value_bound() < 64, reach) {
            // Blocks of values one byte each, after the `reach` values before them; each block
            // is then packed a word at a time.
            const BLOCK: u64 = 1 << 14;
            let mut start = current;
            while start < len {
                let end = (start + BLOCK).min(len);
                let base = start - start.min(reach);
                let mut bytes: Vec<u8> = (base..start)
                    .map(|m| self.values.get(m as usize) as u8)
                    .collect();
                for n in start..end {
                    let mut mask = 0u64;
                    self.game
                        .for_each_option(n, |m| mask |= 1 << bytes[(m - base) as usize]);
                    bytes.push((!mask).trailing_zeros() as u8);
                }
                self.values
                    .extend_from_bytes(&bytes[(start - base) as usize..]);
                start = end;
                crate::progress::report(start, len);
            }
        } else if self.game.value_bound() < 64 {
            for n in current..len {
                let mut mask = 0u64;
                let values = &self.values;
                // A nim-sum of values below 64 is below 64 too.
                self.game
                    .for_each_option_value(n, |m| values.get(m as usize), |v| mask |= 1 << v);
                self.values.push(u64::from((!mask).trailing_zeros()));
                if n & REPORT_MASK == 0 {
                    crate::progress::report(n, len);
                }
            }
        } else {
            for n in current..len {
                let value = self.mex_wide(n);
                self.values.push(value);
                if n & REPORT_MASK == 0 {
                    crate::progress::report(n, len);
                }
            }
        }
        Ok(())
    }

    /// Hands the values of the positions in `range` to `sink` in consecutive blocks of
    /// [`SEQUENCE_BLOCK`] values, computing the table as far as each block needs before handing
    /// it out (so a long range streams: the first block goes out before the last is computed).
    pub fn for_each_block(&mut self, range: Range<u64>, sink: &mut BlockSink) -> Result<()> {
        let mut block = Vec::with_capacity(SEQUENCE_BLOCK.min(range.end - range.start) as usize);
        let mut start = range.start;
        while start < range.end {
            let end = range.end.min(start + SEQUENCE_BLOCK);
            self.extend_to(end)?;
            block.clear();
            self.values
                .extend_vec(start as usize..end as usize, &mut block);
            sink(&block)?;
            start = end;
        }
        Ok(())
    }

    /// The value at `n`, computing the table up to `n` if needed.
    pub fn value(&mut self, n: u64) -> Result<u64> {
        self.extend_to(n.checked_add(1).ok_or_else(|| {
            crate::Error::TooLarge("position 2^64-1 is beyond the dense engine".into())
        })?)?;
        Ok(self.values.get(n as usize))
    }

    /// The mex for value bounds of 64 and more: a bitset as large as the number of options
    /// (values above it cannot matter), cleared through the bits that were set.
    fn mex_wide(&mut self, n: u64) -> u64 {
        let mut touched = Vec::new();
        let values = &self.values;
        let seen = &mut self.seen;
        self.game
            .for_each_option_value(n, |m| values.get(m as usize), |v| touched.push(v));
        let limit = touched.len() as u64;
        for &v in &touched {
            if v <= limit {
                let word = (v / 64) as usize;
                if word >= seen.len() {
                    seen.resize(word + 1, 0);
                }
                seen[word] |= 1 << (v % 64);
            }
        }
        let mut mex = seen.len() as u64 * 64;
        for (i, word) in seen.iter().enumerate() {
            if *word != u64::MAX {
                mex = i as u64 * 64 + u64::from(word.trailing_ones());
                break;
            }
        }
        for &v in &touched {
            if v <= limit {
                seen[(v / 64) as usize] = 0;
            }
        }
        mex
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Subtract any number of tokens: SG(n) = n, which exercises the wide mex.
    struct TakeAny;
    impl DenseGame for TakeAny {
        fn value_bound(&self) -> u64 {
            u64::MAX
        }
        fn for_each_option(&self, n: u64, mut visit: impl FnMut(u64)) {
            (0..n).for_each(&mut visit);
        }
    }

    #[test]
    fn one_pile_nim_has_value_n() {
        let mut solver = DenseSolver::new(TakeAny);
        solver.extend_to(300).unwrap();
        assert!((0..300).all(|n| solver.values().get(n) == n as u64));
    }

    /// A subtraction game, with or without telling the engine its reach.
    struct Subtract {
        set: Vec<u64>,
        tell_reach: bool,
    }
    impl DenseGame for Subtract {
        fn value_bound(&self) -> u64 {
            self.set.len() as u64
        }
        fn for_each_option(&self, n: u64, mut visit: impl FnMut(u64)) {
            self.set
                .iter()
                .filter(|&&s| s <= n)
                .for_each(|&s| visit(n - s));
        }
        fn reach(&self) -> Option<u64> {
            self.tell_reach.then(|| *self.set.iter().max().unwrap())
        }
    }

    /// Kayles as a dense game whose options split the row: knock down one or two adjacent
    /// pins, leaving two rows `a` and `b` (the option's value is `SG(a) XOR SG(b)`).
    struct Kayles;
    impl DenseGame for Kayles {
        fn value_bound(&self) -> u64 {
            u64::MAX
        }
        fn for_each_option(&self, _n: u64, _visit: impl FnMut(u64)) {
            unreachable!("the engine asks for the options' values")
        }
        fn for_each_option_value(
            &self,
            n: u64,
            value: impl Fn(u64) -> u64,
            mut visit: impl FnMut(u64),
        ) {
            for take in 1..=2.min(n) {
                for a in 0..=(n - take) {
                    visit(value(a) ^ value(n - take - a));
                }
            }
        }
    }

    #[test]
    fn options_that_split_are_valued_by_their_nim_sum() {
        // Kayles by the definition: the mex over every way to take 1 or 2 and split the rest.
        let mut reference = vec![0u64; 200];
        for n in 1..200 {
            let mut options = Vec::new();
            for take in 1..=2.min(n) {
                for a in 0..=(n - take) {
                    options.push(reference[a] ^ reference[n - take - a]);
                }
            }
            reference[n] = crate::solve::mex(options);
        }
        let mut solver = DenseSolver::new(Kayles);
        solver.extend_to(200).unwrap();
        assert_eq!(solver.values().to_vec(0..200), reference);
        // Guy and Smith's period: Kayles is periodic with period 12 from n = 71 on.
        assert!((71..188).all(|n| reference[n] == reference[n + 12]));
    }

    proptest::proptest! {
        /// The byte-block path (used when the reach is known) gives the same values as the
        /// packed path, also when the table grows in uneven steps across block boundaries.
        #[test]
        fn blocks_of_bytes_match_the_packed_path(
            set in proptest::collection::btree_set(1u64..300, 1..8),
            steps in proptest::collection::vec(1u64..40_000, 1..4),
        ) {
            let set: Vec<u64> = set.into_iter().collect();
            let mut fast = DenseSolver::new(Subtract { set: set.clone(), tell_reach: true });
            let mut plain = DenseSolver::new(Subtract { set, tell_reach: false });
            let mut len = 0;
            for step in steps {
                len += step;
                fast.extend_to(len).unwrap();
            }
            plain.extend_to(len).unwrap();
            proptest::prop_assert_eq!(fast.values().to_vec(0..len as usize), plain.values().to_vec(0..len as usize));
        }
    }

    proptest::proptest! {
        // Each case computes a few hundred thousand values: fewer cases keep debug tests quick.
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]

        /// Blocks hand out exactly the values of the range, in order, whatever was computed
        /// before; an error from the sink stops the run.
        #[test]
        fn blocks_hand_out_the_range(
            set in proptest::collection::btree_set(1u64..50, 1..5),
            before in 0u64..200_000,
            start in 0u64..200_000,
            len in 0u64..150_000,
        ) {
            let set: Vec<u64> = set.into_iter().collect();
            let mut reference = DenseSolver::new(Subtract { set: set.clone(), tell_reach: false });
            reference.extend_to(start + len).unwrap();
            let mut solver = DenseSolver::new(Subtract { set, tell_reach: true });
            solver.extend_to(before).unwrap();
            let mut got = Vec::new();
            solver.for_each_block(start..start + len, &mut |block| {
                assert!(block.len() as u64 <= SEQUENCE_BLOCK);
                got.extend_from_slice(block);
                Ok(())
            }).unwrap();
            proptest::prop_assert_eq!(got, reference.values().to_vec(start as usize..(start + len) as usize));
            let mut calls = 0;
            let stopped = solver.for_each_block(0..3 * SEQUENCE_BLOCK, &mut |_| {
                calls += 1;
                Err(crate::Error::Invalid("stop".into()))
            });
            proptest::prop_assert!(stopped.is_err() && calls == 1);
        }
    }
}
