//! Record runs: `G(0), G(1), ...` of a heap game far beyond what fits in memory, as the record
//! computations do (Rogalski's solver, rogalski-wmii-uni-lodz-pl/octal, keeps the rare values
//! and a window of the latest ones; Grossman, *Searching for periodicity in Officers*, Games of
//! No Chance 5, keeps one byte a value).
//!
//! The sparse-space rule ([`super::sparse`]) computes `G(n)` from the pairs `(x, n - t - x)`
//! with `x` rare, then (step 3) confirms the candidate with the pairs `(a, n - t - a)` for
//! `a = 1, 2, ...` until the values it must exclude are found. When the rare positions are few
//! and early, every value these pairs read lies in one of three places: the *prefix*
//! `G(0..P)`, the *window* of the latest `W` values, or the list of rare positions. A record run
//! keeps only those: one byte a value while the values are below 256, two after (the prefix
//! and the window then keep half as many values, so the memory stays within the bound).
//!
//! **The assumption**, checked at every read: every value a position needs is kept. When one is
//! not (a rare position whose partner has left the window and is not rare, or a check that has
//! used every kept pair without confirming the candidate: the value may be a new rare value,
//! which only all the pairs can prove), the run stops at that `n`, says why, and reports
//! `G(0..n)`: never a wrong value.
//!
//! Below `P` the values come from the [`Engine`] (all in memory, every thread); the split is
//! then chosen once from the prefix ([`sparse::choose`]) and kept. A run publishes the count of
//! each value among `G(0..2^k)` for every power of two reached (the form of Rogalski's results
//! files), the rare positions, the largest value and where it first occurs, and a checksum of
//! the values: FNV-1a (64-bit) with each value one symbol, `h = 0xcbf29ce484222325`, then for
//! `n = 0, 1, ...`: `h = (h XOR G(n)) * 0x100000001b3 mod 2^64`.

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::Path;

use serde::Serialize;

use super::checkpoint::{io, temporary, Checksum};
use super::engine::{Engine, Run, BLOCK, MAX_LEN};
use super::sparse::{self, Split};
use super::values::{Table, Value};
use super::{kernel, HeapGame, RARE_LISTED};
use crate::{Error, Result};

/// The least `--memory` a record run accepts, in bytes.
pub const MIN_MEMORY: u64 = 64;
/// The largest `to` of a record run (positions are counted in 64-bit words with room to spare).
pub const MAX_TO: u64 = 1 << 56;
/// The FNV-1a offset basis and prime (64-bit).
const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;
/// Positions between two looks at the clock and at Ctrl-C in the windowed phase.
const POLL: usize = 1 << 14;

/// The checksum of a run's values: FNV-1a over `values`, continuing from `h`.
pub fn checksum(mut h: u64, values: impl IntoIterator<Item = u32>) -> u64 {
    for v in values {
        h = (h ^ u64::from(v)).wrapping_mul(FNV_PRIME);
    }
    h
}

/// The checksum of no value.
pub const CHECKSUM_START: u64 = FNV_OFFSET;

/// How a record run goes.
#[derive(Debug, Clone, Copy)]
pub struct RecordOptions<'a> {
    /// Compute `G(0..to)`.
    pub to: u64,
    /// Bytes for the values and the rare positions.
    pub memory: u64,
    /// A checkpoint file and the seconds between saves.
    pub checkpoint: Option<(&'a Path, f64)>,
}

/// The count of each value among `G(0..upto)`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PowerCounts {
    /// How many values are counted.
    pub upto: u64,
    /// `counts[v]`: how many of them are `v` (up to the largest value seen).
    pub counts: Vec<u64>,
}

/// What a record run found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RecordReport {
    /// The game as named.
    pub game: String,
    /// Its code spec.
    pub code: String,
    /// `G(0..computed)` are known.
    pub computed: u64,
    /// The values a checkpoint brought (0 without one).
    pub resumed_from: u64,
    /// Values kept from the start, values in the window, bytes a value.
    pub prefix: u64,
    /// Values in the window (a power of two).
    pub window: u64,
    /// Bytes a value.
    pub width: u8,
    /// Counts among `G(0..2^k)` for every power of two reached, then among `G(0..computed)`
    /// when `computed` is not one.
    pub counts: Vec<PowerCounts>,
    /// The largest value.
    pub max_value: u64,
    /// Where it first occurs.
    pub max_at: u64,
    /// The last value, `G(computed - 1)` (`None` when nothing is computed).
    pub last: Option<u64>,
    /// FNV-1a over the values (see the module documentation).
    pub checksum: u64,
    /// The rare/common split in use.
    pub split: String,
    /// How many rare positions there are among `1..computed`.
    pub rare_count: u64,
    /// The rare positions `(n, G(n))`: the first [`RARE_LISTED`] (and the last one).
    pub rare: Vec<(u64, u64)>,
    /// Why the run stopped before `to`: the assumption of record mode failed there.
    pub stopped: Option<String>,
    /// Whether Ctrl-C stopped it.
    pub interrupted: bool,
    /// Why the last checkpoint save failed, if it did.
    pub save_error: Option<String>,
}

/// Counts, largest value and checksum of `G(0..n)`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Summary {
    n: u64,
    counts: Vec<u64>,
    powers: Vec<PowerCounts>,
    max_value: u32,
    max_at: u64,
    hash: u64,
}

impl Summary {
    fn new() -> Self {
        Summary {
            n: 0,
            counts: Vec::new(),
            powers: Vec::new(),
            max_value: 0,
            max_at: 0,
            hash: FNV_OFFSET,
        }
    }

    #[inline]
    fn push(&mut self, v: u32) {
        let i = v as usize;
        if i >= self.counts.len() {
            self.counts.resize(i + 1, 0);
        }
        self.counts[i] += 1;
        if v > self.max_value {
            (self.max_value, self.max_at) = (v, self.n);
        }
        self.hash = (self.hash ^ u64::from(v)).wrapping_mul(FNV_PRIME);
        self.n += 1;
        if self.n.is_power_of_two() {
            self.powers.push(PowerCounts {
                upto: self.n,
                counts: self.counts.clone(),
            });
        }
    }
}

/// The kept values: the prefix `G(0..prefix.len())` and the window, `G(y)` at
/// `ring[y % ring.len()]` for the latest `ring.len()` positions (empty before the windowed
/// phase).
#[derive(Debug, Clone)]
struct Store<V> {
    prefix: Vec<V>,
    ring: Vec<V>,
}

impl<V: Value> Store<V> {
    /// `G(y)` for the `y` in `range`, all among the latest values in the window.
    fn latest(&self, range: std::ops::Range<u64>) -> Vec<u32> {
        let mask = self.ring.len() as u64 - 1;
        range
            .map(|y| self.ring[(y & mask) as usize].get())
            .collect()
    }
}

#[derive(Debug, Clone)]
enum Values {
    U8(Store<u8>),
    U16(Store<u16>),
}

impl Values {
    fn empty() -> Self {
        Values::U8(Store {
            prefix: Vec::new(),
            ring: Vec::new(),
        })
    }

    fn width(&self) -> u8 {
        match self {
            Values::U8(_) => 1,
            Values::U16(_) => 2,
        }
    }
}

/// The windowed phase's rules and rare positions.
#[derive(Debug, Clone)]
struct Windowed {
    take_all: Vec<usize>,
    take_one: Vec<usize>,
    split2: Vec<usize>,
    unequal: bool,
    split: Split,
    /// Rare positions and their values, ascending.
    rare: Vec<(u64, u32)>,
    /// Scratch: the values the options give (a bitset), the values step 3 must find, the
    /// values a chunk of step 3 gives (one byte each), and the block's rows.
    seen: Vec<u64>,
    wanted: Vec<u32>,
    present: Vec<u8>,
    rows: Vec<u64>,
}

/// What steps 1 and 2 decide for a position.
enum Guess {
    /// The value.
    Value(u32),
    /// The value is this candidate if step 3 finds the values wanted.
    Check(u32),
}

/// Positions computed as one block in the windowed phase.
const WINDOW_BLOCK: usize = 512;
/// Pair visits of a block below which its rows are not split among threads.
const PARALLEL_PAIRS: usize = 1 << 15;
/// Rows one thread fills at a time.
const ROWS_PER_TASK: usize = 64;

/// Bits of the values up to `max_value`: every value and every XOR of two is below `2^bits`.
#[inline]
fn bits_of(max_value: u32) -> u32 {
    32 - max_value.leading_zeros()
}

/// Words of a bitset of the values below `2^bits` and one more (the mex may be `2^bits`).
#[inline]
fn words_for(bits: u32) -> usize {
    (1usize << bits) / 64 + 1
}

#[inline(always)]
fn set_bit(words: &mut [u64], v: u32) {
    words[(v >> 6) as usize] |= 1 << (v & 63);
}

#[inline(always)]
fn has_bit(words: &[u64], v: u32) -> bool {
    words
        .get((v >> 6) as usize)
        .is_some_and(|w| w >> (v & 63) & 1 == 1)
}

impl Windowed {
    fn new(game: &HeapGame, split: Split, rare: Vec<(u64, u32)>) -> Self {
        let rules = &game.rules;
        Windowed {
            take_all: rules.takes(0),
            take_one: rules.takes(1),
            split2: rules.takes(2),
            unequal: rules.unequal(),
            split,
            rare,
            seen: Vec::new(),
            wanted: Vec::new(),
            present: Vec::new(),
            rows: Vec::new(),
        }
    }

    /// `G(y)` if it is kept, the window holding `G(written - r..written)`.
    #[inline(always)]
    fn get<V: Value>(&self, s: &Store<V>, written: usize, y: usize) -> Option<u32> {
        let r = s.ring.len();
        if y + r >= written {
            Some(s.ring[y & (r - 1)].get())
        } else if y < s.prefix.len() {
            Some(s.prefix[y].get())
        } else {
            let i = self.rare.binary_search_by_key(&(y as u64), |r| r.0).ok()?;
            Some(self.rare[i].1)
        }
    }

    /// How many positions the next block holds, and how many rare positions are visited one
    /// position at a time (the first ones): a block of `len` visits the pairs of the rare
    /// positions `x >= len` for all its positions at once, which needs every partner
    /// `n - t - x` before the block (`x >= len`) and still in the window (`x + t` at most the
    /// window). Otherwise blocks of one position, every rare pair read one at a time.
    /// A block is at most half the window, so that its positions have distinct slots (undoing
    /// part of it restores each slot's value from before the block).
    fn block<V: Value>(&self, s: &Store<V>, left: usize) -> (usize, usize) {
        let len = WINDOW_BLOCK.min(left).min(s.ring.len() / 2);
        let largest_t = self.split2.iter().copied().max().unwrap_or(0);
        let largest_x = self.rare.last().map_or(0, |r| r.0 as usize);
        if len < 2 || largest_x + largest_t > s.ring.len() {
            return (1, self.rare.len());
        }
        (len, self.rare.partition_point(|r| (r.0 as usize) < len))
    }

    /// For each `n` of `start..start + len`, the values `G(x) XOR G(n - t - x)` of the split
    /// pairs whose rare part `x` is one of `far` (each `x` at least `len` and below `start`, its
    /// partners in the window: see [`Windowed::block`]), as a row of `wb` words of bits.
    fn fill_rows<V: Value>(
        &mut self,
        s: &Store<V>,
        start: usize,
        len: usize,
        far: std::ops::Range<usize>,
        wb: usize,
    ) {
        let mut rows = std::mem::take(&mut self.rows);
        rows.clear();
        rows.resize(len * wb, 0);
        let far = &self.rare[far];
        let (split2, unequal, ring) = (&self.split2, self.unequal, &s.ring);
        let mask = ring.len() - 1;
        let fill = |(task, rows): (usize, &mut [u64])| {
            let first = task * ROWS_PER_TASK;
            let count = rows.len() / wb;
            for &(x, gx) in far {
                let x = x as usize;
                for &t in split2 {
                    // n - t - x > 0 from n > x + t; Grundy's game skips the equal split.
                    let lo = (x + t + 1).saturating_sub(start).max(first);
                    let skip = (unequal && 2 * x + t >= start).then(|| 2 * x + t - start);
                    for i in lo..first + count {
                        if skip == Some(i) {
                            continue;
                        }
                        let y = start + i - t - x;
                        let v = gx ^ ring[y & mask].get();
                        set_bit(&mut rows[(i - first) * wb..(i - first + 1) * wb], v);
                    }
                }
            }
        };
        if len * far.len() * split2.len() >= PARALLEL_PAIRS && rayon::current_num_threads() > 1 {
            use rayon::prelude::*;
            rows.par_chunks_mut(ROWS_PER_TASK * wb)
                .enumerate()
                .for_each(fill);
        } else {
            rows.chunks_mut(ROWS_PER_TASK * wb)
                .enumerate()
                .for_each(fill);
        }
        self.rows = rows;
    }

    /// `G(n)` from the kept values (every value below `n` known and the window holding the
    /// latest), or why it cannot be. `row`: the bits the block's far rare pairs gave; `serial`:
    /// the rare positions to visit here (the near ones, and those found since the block
    /// started).
    fn value<V: Value>(
        &mut self,
        s: &Store<V>,
        n: usize,
        max_value: u32,
        row: std::ops::Range<usize>,
        serial: [std::ops::Range<usize>; 2],
    ) -> std::result::Result<u32, String> {
        let bits = bits_of(max_value);
        match self.guess(s, n, bits, row, serial)? {
            Guess::Value(v) => Ok(v),
            Guess::Check(g1) => self.check(s, n, g1, bits),
        }
    }

    /// Step 3 for `n` on this thread (the window holding the latest values), with the values
    /// [`Windowed::guess`] left in `self.wanted`.
    fn check<V: Value>(
        &mut self,
        s: &Store<V>,
        n: usize,
        g1: u32,
        bits: u32,
    ) -> std::result::Result<u32, String> {
        let mut wanted = std::mem::take(&mut self.wanted);
        let mut present = std::mem::take(&mut self.present);
        let result = self.confirm(s, n, n, g1, &mut wanted, &mut present, bits);
        (self.wanted, self.present) = (wanted, present);
        result
    }

    /// Steps 1 and 2 for `n` (see [`Windowed::value`]): the value, or the candidate `g1` with
    /// the values step 3 must find left in `self.wanted`.
    fn guess<V: Value>(
        &mut self,
        s: &Store<V>,
        n: usize,
        bits: u32,
        row: std::ops::Range<usize>,
        serial: [std::ops::Range<usize>; 2],
    ) -> std::result::Result<Guess, String> {
        let mut seen = std::mem::take(&mut self.seen);
        let mut wanted = std::mem::take(&mut self.wanted);
        let [a, b] = serial;
        let rare = [&self.rare[a], &self.rare[b]];
        let result = self.guess_with(
            n,
            bits,
            row,
            rare,
            |y| self.get(s, n, y),
            &mut seen,
            &mut wanted,
        );
        (self.seen, self.wanted) = (seen, wanted);
        result
    }

    /// Steps 1 and 2 for `n`, reading `G(y)` with `read` (`None`: not kept): the bits of `row`
    /// (the block's far rare pairs), then the pairs of the rare positions of `serial` one at a
    /// time. `seen` and `wanted` are scratch; `wanted` is left with the values step 3 must find.
    #[allow(clippy::too_many_arguments)]
    fn guess_with(
        &self,
        n: usize,
        bits: u32,
        row: std::ops::Range<usize>,
        serial: [&[(u64, u32)]; 2],
        read: impl Fn(usize) -> Option<u32>,
        seen: &mut Vec<u64>,
        wanted: &mut Vec<u32>,
    ) -> std::result::Result<Guess, String> {
        seen.clear();
        seen.resize(words_for(bits), 0);
        seen[..row.len()].copy_from_slice(&self.rows[row]);
        let outside = |y: usize| format!("G({y}) is needed and is not kept");
        for &t in &self.take_all {
            if n == t {
                set_bit(seen, 0);
            }
        }
        for &t in &self.take_one {
            if n > t {
                set_bit(seen, read(n - t).ok_or_else(|| outside(n - t))?);
            }
        }
        let mut reachable = 0u32;
        for &t in &self.split2 {
            if n < t + 2 {
                continue;
            }
            let m = n - t;
            reachable |= 1 << self.split.common_pair_parity(m);
            for rare in serial {
                for &(x, gx) in rare {
                    let x = x as usize;
                    if x >= m || (self.unequal && 2 * x == m) {
                        continue;
                    }
                    let gy = read(m - x).ok_or_else(|| {
                        format!(
                            "the rare position {x} pairs with {}, which has left the window and is not rare",
                            m - x
                        )
                    })?;
                    set_bit(seen, gx ^ gy);
                }
            }
        }
        let split = self.split;
        let safe = |v: u32| reachable >> split.parity(v) & 1 == 0;
        // Every option is below 2^bits, so the values up to 2^bits + 1 decide.
        let size = (2u32 << bits) + 1;
        let candidate = (0..size).find(|&v| !has_bit(seen, v)).unwrap_or(size);
        if safe(candidate) {
            return Ok(Guess::Value(candidate));
        }
        // g1: the least absent value common-common pairs cannot give; `wanted`: the absent
        // values below it (ascending), which the other pairs must give for G(n) = g1.
        wanted.clear();
        let mut g1 = size;
        for v in candidate..size {
            if !has_bit(seen, v) {
                if safe(v) {
                    g1 = v;
                    break;
                }
                wanted.push(v);
            }
        }
        Ok(Guess::Check(g1))
    }

    /// Step 3: the pairs `(a, n - t - a)` for `a = 1, 2, ...`, all `t` interleaved in growing
    /// chunks, strike the values of `wanted`; `G(n) = g1` once all are struck, or the least
    /// value left if every pair is seen. As in the engine, a chunk first marks the values it
    /// gives ([`kernel::pairs_bytes_in`]), and once few values are left looks for those only
    /// ([`kernel::find_in`]), reading `G(a)` from the prefix and `G(n - t - a)` from the window
    /// as two slices. Past them a pair is read one at a time, and a pair not kept stops the
    /// check.
    #[allow(clippy::too_many_arguments)]
    fn confirm<V: Value>(
        &self,
        s: &Store<V>,
        n: usize,
        written: usize,
        g1: u32,
        wanted: &mut Vec<u32>,
        present: &mut Vec<u8>,
        bits: u32,
    ) -> std::result::Result<u32, String> {
        let (prefix, ring) = (&s.prefix, &s.ring);
        let mask = ring.len() - 1;
        let size = (2usize << bits).max(1 << 16);
        if present.len() < size {
            present.resize(size, 0);
        }
        let (mut a, mut chunk) = (1usize, 256usize);
        loop {
            let targeted = wanted.len() <= kernel::TARGETS;
            present[..2usize << bits].fill(0);
            let (mut any, mut hits) = (false, 0u32);
            for &t in &self.split2 {
                if n < t + 2 {
                    continue;
                }
                let m = n - t;
                let last = if self.unequal { (m - 1) / 2 } else { m / 2 };
                let top = (last + 1).min(a + chunk);
                if a >= top {
                    continue;
                }
                any = true;
                // G(k) in the prefix and G(m - k) in the window: k < prefix and
                // m - k >= written - r.
                let fast = top
                    .min(prefix.len())
                    .min((m + ring.len() + 1).saturating_sub(written));
                let mut k = a;
                while k < fast {
                    // The window's slots for m - end + 1 ..= m - k, without wrapping.
                    let high = (m - k) & mask;
                    let end = fast.min(k + high + 1);
                    let left = &prefix[k..end];
                    let right = &ring[high + 1 - (end - k)..=high];
                    if targeted {
                        hits |= kernel::find_in(left, right, wanted);
                    } else {
                        kernel::pairs_bytes_in(left, right, present);
                    }
                    k = end;
                }
                for k in k..top {
                    let (Some(ga), Some(gb)) =
                        (self.get(s, written, k), self.get(s, written, m - k))
                    else {
                        return Err(format!(
                            "confirming the candidate {g1} needs the pair ({k}, {}), which is not kept (the value may be a new rare value)",
                            m - k
                        ));
                    };
                    present[(ga ^ gb) as usize] = 1;
                }
            }
            let mut j = 0;
            wanted.retain(|&v| {
                j += 1;
                present[v as usize] == 0 && !(targeted && hits >> (j - 1) & 1 == 1)
            });
            if wanted.is_empty() {
                return Ok(g1);
            }
            if !any {
                // Every pair seen: the least value still wanted is absent from all options.
                return Ok(wanted[0]);
            }
            a += chunk;
            chunk = (chunk * 2).min(1 << 14);
        }
    }
}

/// The memory plan: values in the prefix and in the window for one-byte values; the rare
/// positions get the rest (16 bytes each).
fn plan(memory: u64) -> (usize, usize) {
    let values = memory / 4 * 3;
    let window = 1u64 << (63 - (values / 2).max(1).leading_zeros());
    let prefix = (values - window).min(MAX_LEN);
    (prefix as usize, window as usize)
}

/// Everything a checkpoint holds.
#[derive(Debug, Clone)]
struct State {
    summary: Summary,
    values: Values,
    windowed: Option<(Split, Vec<(u64, u32)>)>,
}

/// Computes `G(0..options.to)` of `game` in the memory `options.memory` (see the module
/// documentation), resuming from and saving to a checkpoint if one is given; `progress` gets
/// the number of values known, first with what a checkpoint brought. `stop` is asked every
/// fraction of a second; when it says so the run ends where it stands (the checkpoint saved).
pub fn record(
    game: &HeapGame,
    options: &RecordOptions,
    progress: &mut dyn FnMut(u64),
    stop: &dyn Fn() -> bool,
) -> Result<RecordReport> {
    record_in(
        game,
        options,
        plan(options.memory),
        progress,
        stop,
        &mut |_, _| Ok(()),
    )
}

/// [`record`] that also hands `each` the values as they are computed, in order and in runs:
/// `each(n, values)` gets `G(n), G(n + 1), ...` (those a checkpoint brought are not handed
/// out again). An error from `each` ends the run with that error (no checkpoint is saved).
/// `grundy seq` and `value` use it past the memory.
pub fn record_each(
    game: &HeapGame,
    options: &RecordOptions,
    progress: &mut dyn FnMut(u64),
    stop: &dyn Fn() -> bool,
    each: &mut dyn FnMut(u64, &[u32]) -> Result<()>,
) -> Result<RecordReport> {
    record_in(game, options, plan(options.memory), progress, stop, each)
}

/// [`record_each`] with the prefix's bytes and the window's values for one-byte values given.
fn record_in(
    game: &HeapGame,
    options: &RecordOptions,
    (prefix_len, window): (usize, usize),
    progress: &mut dyn FnMut(u64),
    stop: &dyn Fn() -> bool,
    each: &mut dyn FnMut(u64, &[u32]) -> Result<()>,
) -> Result<RecordReport> {
    let rules = &game.rules;
    let code = game.code_spec();
    if rules.max_heaps() >= 3 {
        return Err(Error::Invalid(format!(
            "record mode is for games whose moves leave at most two heaps; {code} has three-heap moves"
        )));
    }
    if options.to > MAX_TO {
        return Err(Error::TooLarge(format!(
            "--to {} is beyond record mode's limit of {MAX_TO} values",
            options.to
        )));
    }
    if options.memory < MIN_MEMORY {
        return Err(Error::Invalid(format!(
            "record mode needs at least {MIN_MEMORY} bytes of memory"
        )));
    }
    let largest_take = rules.kinds().map(|k| k.take).max().unwrap_or(0);
    if window / 2 <= largest_take + 1 {
        return Err(Error::Invalid(format!(
            "--memory {} is too small for {code}: the window must hold more than {} values",
            options.memory,
            2 * (largest_take + 1)
        )));
    }
    let to = options.to;
    let mut state = match options.checkpoint {
        Some((path, _)) => {
            super::checkpoint::check_writable(path)?;
            load(path, game, &code, options.memory)?
        }
        None => None,
    }
    .unwrap_or(State {
        summary: Summary::new(),
        values: Values::U8(Store {
            prefix: Vec::new(),
            ring: Vec::new(),
        }),
        windowed: None,
    });
    let resumed_from = state.summary.n;
    progress(resumed_from);
    let mut saver = Saver {
        checkpoint: options.checkpoint,
        last: std::time::Instant::now(),
        error: None,
    };
    let mut interrupted = false;
    let mut stopped = None;
    // Phase 1: the engine, to the end of the prefix: `prefix_len` bytes, so half as many
    // values once they take two bytes.
    let phase1_end = |width: u64| (prefix_len as u64 / width).min(to);
    if state.windowed.is_none() && state.summary.n < phase1_end(u64::from(state.values.width())) {
        let table = match std::mem::replace(&mut state.values, Values::empty()) {
            Values::U8(s) => Table::U8(s.prefix),
            Values::U16(s) => Table::U16(s.prefix),
        };
        let mut engine = Engine::from_table(rules.clone(), table)?;
        let mut step = BLOCK as u64 * 8;
        loop {
            let width = engine.table().width();
            if width > 2 {
                return Err(Error::TooLarge(format!(
                    "{code} has values above 65535, beyond record mode's two-byte values"
                )));
            }
            let end = phase1_end(width as u64);
            if engine.len() >= end {
                break;
            }
            if stop() {
                interrupted = true;
                break;
            }
            let target = end.min(engine.len() + step);
            let started = std::time::Instant::now();
            engine.extend(target, &Run::default(), &mut |n| progress(n))?;
            let first = state.summary.n;
            let fresh: Vec<u32> = (first..engine.len()).map(|n| engine.get(n)).collect();
            for &v in &fresh {
                state.summary.push(v);
            }
            each(first, &fresh)?;
            if started.elapsed().as_secs_f64() < 0.1 {
                step = step.saturating_mul(2);
            } else if step > BLOCK as u64 {
                step /= 2;
            }
            if saver.due() {
                // The table is lent to the checkpoint, not copied.
                engine.lend_table(|table| {
                    state.values = values_of(table);
                    saver.save(&code, options.memory, &state);
                    let values = std::mem::replace(&mut state.values, Values::empty());
                    (table_of(values), ())
                });
            }
        }
        state.values = engine.lend_table(|table| (Table::default(), values_of(table)));
    }
    // Phase 2: the window.
    if !interrupted && state.summary.n < to && state.windowed.is_none() {
        start_window(game, &mut state, prefix_len, window);
    }
    if !interrupted && state.summary.n < to {
        let (split, rare) = state
            .windowed
            .take()
            .expect("the windowed phase has started");
        let mut w = Windowed::new(game, split, rare);
        let room = rare_room(prefix_len, window);
        loop {
            if w.rare.len() > room {
                stopped = Some(format!(
                    "G({}) is not computed: {} rare positions below it, more than the {room} this --memory keeps (the game shows little sparse space there)",
                    state.summary.n,
                    w.rare.len()
                ));
                break;
            }
            let first = state.summary.n;
            let result = match &mut state.values {
                Values::U8(s) => run_window(&mut w, s, &mut state.summary, to),
                Values::U16(s) => run_window(&mut w, s, &mut state.summary, to),
            };
            // A call computes at most half the window, so the new values are all in it.
            let fresh: Vec<u32> = match &state.values {
                Values::U8(s) => s.latest(first..state.summary.n),
                Values::U16(s) => s.latest(first..state.summary.n),
            };
            each(first, &fresh)?;
            progress(state.summary.n);
            match result {
                Pause::Done => break,
                Pause::Poll => {
                    if stop() {
                        interrupted = true;
                        break;
                    }
                    if saver.due() {
                        state.windowed = Some((w.split, std::mem::take(&mut w.rare)));
                        saver.save(&code, options.memory, &state);
                        w.rare = state.windowed.take().expect("just set").1;
                    }
                }
                Pause::Widen => {
                    let Values::U8(s) = &state.values else {
                        stopped = Some(format!(
                            "G({}) is at least 65536, beyond record mode's two-byte values",
                            state.summary.n
                        ));
                        break;
                    };
                    match widen(s, state.summary.n as usize, largest_take) {
                        Some(wide) => state.values = Values::U16(wide),
                        None => {
                            stopped = Some(format!(
                                "G({}) is at least 256, and the window of two-byte values would be too small",
                                state.summary.n
                            ));
                            break;
                        }
                    }
                }
                Pause::Outside(why) => {
                    stopped = Some(format!(
                        "G({}) cannot be computed from the kept values: {why}",
                        state.summary.n
                    ));
                    break;
                }
            }
        }
        state.windowed = Some((w.split, w.rare));
    }
    if saver.error.is_none() {
        saver.save(&code, options.memory, &state);
    }
    let save_error = saver.error;
    Ok(report(
        game,
        &code,
        state,
        resumed_from,
        interrupted,
        stopped,
        save_error,
        prefix_len,
        window,
    ))
}

/// When and where checkpoints are saved, and the first failure.
struct Saver<'a> {
    checkpoint: Option<(&'a Path, f64)>,
    last: std::time::Instant,
    error: Option<String>,
}

impl Saver<'_> {
    /// Whether a save is due (a checkpoint is given, none failed, and its time has come).
    fn due(&self) -> bool {
        self.checkpoint.is_some_and(|(_, every)| {
            self.error.is_none() && self.last.elapsed().as_secs_f64() >= every
        })
    }

    fn save(&mut self, code: &str, memory: u64, state: &State) {
        if let Some((path, _)) = self.checkpoint {
            if let Err(e) = write(path, code, memory, state) {
                self.error = Some(e.to_string());
            }
        }
        self.last = std::time::Instant::now();
    }
}

/// The values of a finished or interrupted first phase (at most two bytes each: checked by
/// the caller).
fn values_of(table: Table) -> Values {
    match table {
        Table::U8(v) => Values::U8(Store {
            prefix: v,
            ring: Vec::new(),
        }),
        Table::U16(v) => Values::U16(Store {
            prefix: v,
            ring: Vec::new(),
        }),
        Table::U32(_) => unreachable!("record mode keeps at most two bytes a value"),
    }
}

/// The table of a first phase's values.
fn table_of(values: Values) -> Table {
    match values {
        Values::U8(s) => Table::U8(s.prefix),
        Values::U16(s) => Table::U16(s.prefix),
    }
}

/// Starts the windowed phase where the first one ended: the split from the prefix, its rare
/// positions, the window filled from the prefix; two-byte values keep half as many values in
/// the prefix and in the window.
fn start_window(game: &HeapGame, state: &mut State, prefix_len: usize, window: usize) {
    let n = state.summary.n as usize;
    fn fill<V: Value>(s: &mut Store<V>, n: usize, keep: usize, window: usize) {
        s.ring = vec![V::default(); window];
        for y in n.saturating_sub(window)..n {
            s.ring[y & (window - 1)] = s.prefix[y];
        }
        s.prefix.truncate(keep);
        s.prefix.shrink_to_fit();
    }
    let takes = game.rules.takes(2);
    let (split, rare) = match &mut state.values {
        Values::U8(s) => {
            let split = sparse::choose(&takes, n, |y| s.prefix[y].get(), Split::DEFAULT);
            let rare = rare_of(&s.prefix, split);
            fill(s, n, n.min(prefix_len), window);
            (split, rare)
        }
        Values::U16(s) => {
            let split = sparse::choose(&takes, n, |y| s.prefix[y].get(), Split::DEFAULT);
            let rare = rare_of(&s.prefix, split);
            fill(s, n, n.min(prefix_len / 2), window / 2);
            (split, rare)
        }
    };
    state.windowed = Some((split, rare));
}

/// How many rare positions are kept: the plan gives the values three quarters of the memory,
/// and the rare positions (16 bytes each) the rest, a third as much.
fn rare_room(prefix_len: usize, window: usize) -> usize {
    (prefix_len + window) / 3 / 16
}

fn rare_of<V: Value>(values: &[V], split: Split) -> Vec<(u64, u32)> {
    (1..values.len())
        .filter(|&y| split.is_rare(y, values[y].get()))
        .map(|y| (y as u64, values[y].get()))
        .collect()
}

/// One-byte values widened: half the prefix and half the window, in the same bytes; `None`
/// when that window is too small for the moves.
fn widen(s: &Store<u8>, n: usize, largest_take: usize) -> Option<Store<u16>> {
    let window = s.ring.len() / 2;
    if window / 2 <= largest_take + 1 {
        return None;
    }
    let mut ring = vec![0u16; window];
    for y in n.saturating_sub(window)..n {
        ring[y & (window - 1)] = u16::from(s.ring[y & (s.ring.len() - 1)]);
    }
    let prefix = s.prefix[..s.prefix.len() / 2]
        .iter()
        .map(|&v| u16::from(v))
        .collect();
    Some(Store { prefix, ring })
}

enum Pause {
    Done,
    Poll,
    Widen,
    Outside(String),
}

/// Computes in the window until `to`, a poll, a value too wide for `V`, or a failed read: a
/// block of positions at a time ([`Windowed::block`]), the pairs of far rare positions for the
/// whole block first ([`Windowed::fill_rows`]), then each position in order. With more than one
/// thread, see [`run_pipeline`].
fn run_window<V: Value>(
    w: &mut Windowed,
    s: &mut Store<V>,
    summary: &mut Summary,
    to: u64,
) -> Pause {
    let end = to.min(summary.n + POLL.min(s.ring.len() / 2) as u64);
    if rayon::current_num_threads() > 1 {
        if let Some(pause) = run_pipeline(w, s, summary, end as usize) {
            return pause;
        }
    }
    while summary.n < end {
        let start = summary.n as usize;
        let (len, near) = w.block(s, (end - summary.n) as usize);
        let known = w.rare.len();
        let wb = match near < known {
            true => words_for(bits_of(summary.max_value)),
            false => 0,
        };
        if near < known {
            w.fill_rows(s, start, len, near..known, wb);
        }
        for i in 0..len {
            let serial = [0..near, known..w.rare.len()];
            if let Err(pause) = one_value(w, s, summary, i * wb..(i + 1) * wb, serial) {
                return pause;
            }
        }
    }
    if summary.n >= to {
        Pause::Done
    } else {
        Pause::Poll
    }
}

/// `G(summary.n)` by steps 1 to 3 on this thread, written to the window and the summary; why
/// the phase pauses if it cannot be.
fn one_value<V: Value>(
    w: &mut Windowed,
    s: &mut Store<V>,
    summary: &mut Summary,
    row: std::ops::Range<usize>,
    serial: [std::ops::Range<usize>; 2],
) -> std::result::Result<(), Pause> {
    let n = summary.n as usize;
    let v = w
        .value(s, n, summary.max_value, row, serial)
        .map_err(Pause::Outside)?;
    if v > V::MAX {
        return Err(Pause::Widen);
    }
    let mask = s.ring.len() - 1;
    s.ring[n & mask] = V::new(v);
    if w.split.is_rare(n, v) {
        w.rare.push((n as u64, v));
    }
    summary.push(v);
    Ok(())
}

/// A candidate of steps 1 and 2 that step 3 must confirm: the position's place in its block,
/// the candidate, the bits of the values then, and the values step 3 must find.
struct Check {
    i: usize,
    g1: u32,
    bits: u32,
    wanted: Vec<u32>,
}

/// A block's steps 1 and 2, each candidate taken as the value.
struct Guessed<V> {
    start: usize,
    values: Vec<V>,
    checks: Vec<Check>,
    /// The rare positions among them.
    rare: Vec<(u64, u32)>,
    /// The largest value up to the block's end.
    max: u32,
}

/// Steps 1 and 2 for the block of `len` positions from `start`, kept apart from the window
/// (which step 3 of the block before may be reading): its own values are read from the block
/// itself. Stops before a position these steps cannot settle on their own (a read outside
/// what is kept, a value or candidate too wide for `V`), which is left to [`one_value`].
#[allow(clippy::too_many_arguments)]
fn guess_block<V: Value>(
    w: &Windowed,
    s: &Store<V>,
    start: usize,
    len: usize,
    near: usize,
    row_words: usize,
    max: u32,
    (seen, wanted): (&mut Vec<u64>, &mut Vec<u32>),
) -> Guessed<V> {
    let mut block: Guessed<V> = Guessed {
        start,
        values: Vec::with_capacity(len),
        checks: Vec::new(),
        rare: Vec::new(),
        max,
    };
    for i in 0..len {
        let n = start + i;
        let bits = bits_of(block.max);
        let values = &block.values;
        let read = |y: usize| match y.checked_sub(start) {
            Some(j) => Some(values[j].get()),
            None => w.get(s, n, y),
        };
        let row = i * row_words..(i + 1) * row_words;
        let serial = [&w.rare[..near], &block.rare[..]];
        let (v, check) = match w.guess_with(n, bits, row, serial, read, seen, wanted) {
            Ok(Guess::Value(v)) => (v, false),
            Ok(Guess::Check(g1)) => (g1, true),
            Err(_) => break,
        };
        if v > V::MAX {
            break;
        }
        if check {
            let wanted = wanted.clone();
            block.checks.push(Check {
                i,
                g1: v,
                bits,
                wanted,
            });
        }
        block.values.push(V::new(v));
        if w.split.is_rare(n, v) {
            block.rare.push((n as u64, v));
        }
        block.max = block.max.max(v);
    }
    block
}

/// A block whose values are in the window and its rare positions in the list, step 3 of its
/// candidates not yet run.
struct Pending<V> {
    block: Guessed<V>,
    /// The window's slots the block overwrote.
    saved: Vec<V>,
}

impl<V: Value> Pending<V> {
    /// Writes a guessed block to the window and its rare positions to the list.
    fn write(w: &mut Windowed, s: &mut Store<V>, block: Guessed<V>) -> Self {
        let mask = s.ring.len() - 1;
        let start = block.start;
        let saved = (start..start + block.values.len())
            .map(|n| s.ring[n & mask])
            .collect();
        for (i, &v) in block.values.iter().enumerate() {
            s.ring[(start + i) & mask] = v;
        }
        w.rare.extend_from_slice(&block.rare);
        Pending { block, saved }
    }

    fn end(&self) -> usize {
        self.block.start + self.block.values.len()
    }

    /// Step 3 of every candidate, in parallel (each reads only positions before its own).
    fn check(&self, w: &Windowed, s: &Store<V>) -> Vec<std::result::Result<u32, String>> {
        use rayon::prelude::*;
        let (start, written) = (self.block.start, self.end());
        self.block
            .checks
            .par_iter()
            .map_init(Vec::new, |present, c| {
                let mut wanted = c.wanted.clone();
                w.confirm(s, start + c.i, written, c.g1, &mut wanted, present, c.bits)
            })
            .collect()
    }

    /// Takes the values up to the first candidate step 3 did not confirm into the summary;
    /// from there on the block is undone (window slots and rare positions). A candidate that
    /// was wrong gets the value step 3 found; one whose step 3 needed a value no longer kept
    /// (the window as it stands at the block's end starts later than it does for the position
    /// alone) is left to [`one_value`], so the run stops exactly where one thread would.
    fn settle(
        self,
        results: Vec<std::result::Result<u32, String>>,
        w: &mut Windowed,
        s: &mut Store<V>,
        summary: &mut Summary,
    ) -> Settled {
        let Pending { block, saved } = self;
        let start = block.start;
        let mut values: Vec<u32> = block.values.iter().map(|v| v.get()).collect();
        let mut broken = None;
        for (c, result) in block.checks.iter().zip(results) {
            match result {
                Ok(v) if v == c.g1 => {}
                Ok(v) => {
                    broken = Some((c.i, Some(v)));
                    break;
                }
                Err(_) => {
                    broken = Some((c.i, None));
                    break;
                }
            }
        }
        if let Some((i, found)) = broken {
            let mask = s.ring.len() - 1;
            for (j, &v) in saved.iter().enumerate().skip(i) {
                s.ring[(start + j) & mask] = v;
            }
            w.rare.retain(|r| (r.0 as usize) < start + i);
            values.truncate(i);
            if let Some(v) = found {
                // At most the candidate, so it fits `V`.
                let n = start + i;
                s.ring[n & mask] = V::new(v);
                if w.split.is_rare(n, v) {
                    w.rare.push((n as u64, v));
                }
                values.push(v);
            }
        }
        for v in values {
            summary.push(v);
        }
        match broken {
            None => Settled::Confirmed,
            Some((_, Some(_))) => Settled::Corrected,
            Some((_, None)) => Settled::Alone,
        }
    }
}

/// How a block settled: every candidate confirmed; one corrected (the positions after it
/// undone); or one left to [`one_value`] (it and the positions after it undone).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Settled {
    Confirmed,
    Corrected,
    Alone,
}

/// The windowed phase with more than one thread, to `end`: while step 3 of one block's
/// candidates runs in parallel, steps 1 and 2 of the next block run beside it (they are
/// serial, each position reading the one before), taking the candidates of the block before
/// as its values. A candidate step 3 does not confirm undoes the positions after it, and the
/// next block is guessed again from there. A position steps 1 and 2 cannot settle alone, and
/// one whose step 3 read too far back, is computed by [`one_value`] after the block before it
/// is settled, so that pauses happen where they do with one thread. Returns why the phase
/// pauses, if it does; `None` when it reached `end`.
fn run_pipeline<V: Value>(
    w: &mut Windowed,
    s: &mut Store<V>,
    summary: &mut Summary,
    end: usize,
) -> Option<Pause> {
    let mut pending: Option<Pending<V>> = None;
    let mut alone = false;
    let (mut seen, mut wanted) = (Vec::new(), Vec::new());
    loop {
        let start = pending.as_ref().map_or(summary.n as usize, Pending::end);
        let (len, near) = w.block(s, end.saturating_sub(start).max(1));
        if alone || start >= end || len < 2 {
            // Settle the block in flight, then one position on this thread (or stop).
            if let Some(p) = pending.take() {
                let results = p.check(w, s);
                if p.settle(results, w, s, summary) == Settled::Alone {
                    alone = true;
                }
                continue;
            }
            if summary.n as usize >= end {
                return None;
            }
            alone = false;
            let serial = [0..w.rare.len(), 0..0];
            if let Err(pause) = one_value(w, s, summary, 0..0, serial) {
                return Some(pause);
            }
            continue;
        }
        let known = w.rare.len();
        let max = pending.as_ref().map_or(summary.max_value, |p| p.block.max);
        let row_words = if near < known {
            let wb = words_for(bits_of(max));
            w.fill_rows(s, start, len, near..known, wb);
            wb
        } else {
            0
        };
        let scratch = (&mut seen, &mut wanted);
        let (shared_w, shared_s): (&Windowed, &Store<V>) = (w, s);
        let guess = || {
            guess_block(
                shared_w, shared_s, start, len, near, row_words, max, scratch,
            )
        };
        let (results, block) = match &pending {
            Some(p) => {
                let (results, block) = rayon::join(|| p.check(shared_w, shared_s), guess);
                (Some(results), block)
            }
            None => (None, guess()),
        };
        if let (Some(p), Some(results)) = (pending.take(), results) {
            match p.settle(results, w, s, summary) {
                Settled::Confirmed => {}
                // The block just guessed may have read an undone value: it is dropped.
                Settled::Corrected => continue,
                Settled::Alone => {
                    alone = true;
                    continue;
                }
            }
        }
        if block.values.is_empty() {
            alone = true;
            continue;
        }
        pending = Some(Pending::write(w, s, block));
    }
}

#[allow(clippy::too_many_arguments)]
fn report(
    game: &HeapGame,
    code: &str,
    state: State,
    resumed_from: u64,
    interrupted: bool,
    stopped: Option<String>,
    save_error: Option<String>,
    prefix_len: usize,
    window: usize,
) -> RecordReport {
    let summary = state.summary;
    let last = summary.n.checked_sub(1).map(|y| {
        let windowed = state.windowed.is_some();
        u64::from(match &state.values {
            Values::U8(s) if windowed => s.latest(y..y + 1)[0],
            Values::U16(s) if windowed => s.latest(y..y + 1)[0],
            Values::U8(s) => s.prefix[y as usize].get(),
            Values::U16(s) => s.prefix[y as usize].get(),
        })
    });
    let (split, rare) = match state.windowed {
        Some(w) => w,
        None => {
            // Everything is in the prefix: the split of all the values.
            let takes = game.rules.takes(2);
            match &state.values {
                Values::U8(s) => {
                    let split = sparse::choose(
                        &takes,
                        s.prefix.len(),
                        |y| s.prefix[y].get(),
                        Split::DEFAULT,
                    );
                    (split, rare_of(&s.prefix, split))
                }
                Values::U16(s) => {
                    let split = sparse::choose(
                        &takes,
                        s.prefix.len(),
                        |y| s.prefix[y].get(),
                        Split::DEFAULT,
                    );
                    (split, rare_of(&s.prefix, split))
                }
            }
        }
    };
    let mut counts = summary.powers.clone();
    if summary.n > 0 && !summary.n.is_power_of_two() {
        counts.push(PowerCounts {
            upto: summary.n,
            counts: summary.counts.clone(),
        });
    }
    let mut listed: Vec<(u64, u64)> = rare
        .iter()
        .take(RARE_LISTED)
        .map(|&(n, v)| (n, u64::from(v)))
        .collect();
    if rare.len() > RARE_LISTED {
        let (n, v) = *rare.last().expect("not empty");
        listed.push((n, u64::from(v)));
    }
    let width = state.values.width();
    RecordReport {
        game: game.name.clone(),
        code: code.to_string(),
        computed: summary.n,
        resumed_from,
        prefix: (prefix_len / width as usize) as u64,
        window: (window / width as usize) as u64,
        width,
        counts,
        max_value: u64::from(summary.max_value),
        max_at: summary.max_at,
        last,
        checksum: summary.hash,
        split: split.describe(),
        rare_count: rare.len() as u64,
        rare: listed,
        stopped,
        interrupted,
        save_error,
    }
}

const MAGIC: &[u8] = b"grundy octal record checkpoint\n";
const VERSION: u32 = 1;

/// Writes `state` to `path` (a temporary file renamed over it).
fn write(path: &Path, code: &str, memory: u64, state: &State) -> Result<()> {
    let tmp = temporary(path);
    let result = write_to(&tmp, code, memory, state)
        .and_then(|()| std::fs::rename(&tmp, path).map_err(io(path)));
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

struct Writer {
    out: BufWriter<File>,
    sum: Checksum,
}

impl Writer {
    fn bytes(&mut self, b: &[u8]) -> std::io::Result<()> {
        self.sum.update(b);
        self.out.write_all(b)
    }
    fn u64(&mut self, v: u64) -> std::io::Result<()> {
        self.bytes(&v.to_le_bytes())
    }
    fn u32(&mut self, v: u32) -> std::io::Result<()> {
        self.bytes(&v.to_le_bytes())
    }
    fn list(&mut self, v: &[u64]) -> std::io::Result<()> {
        self.u64(v.len() as u64)?;
        v.iter().try_for_each(|&x| self.u64(x))
    }
    fn values<V: Value>(&mut self, v: &[V]) -> std::io::Result<()> {
        self.u64(v.len() as u64)?;
        for piece in v.chunks(1 << 16) {
            let bytes: Vec<u8> = piece
                .iter()
                .flat_map(|x| x.get().to_le_bytes().into_iter().take(V::BYTES))
                .collect();
            self.bytes(&bytes)?;
        }
        Ok(())
    }
}

fn write_to(tmp: &Path, code: &str, memory: u64, state: &State) -> Result<()> {
    let file = File::create(tmp).map_err(io(tmp))?;
    let mut w = Writer {
        out: BufWriter::with_capacity(1 << 20, file),
        sum: Checksum::new(),
    };
    let s = &state.summary;
    (|| -> std::io::Result<()> {
        w.bytes(MAGIC)?;
        w.u32(VERSION)?;
        w.u32(code.len() as u32)?;
        w.bytes(code.as_bytes())?;
        w.u64(memory)?;
        w.u64(s.n)?;
        w.u32(s.max_value)?;
        w.u64(s.max_at)?;
        w.u64(s.hash)?;
        w.list(&s.counts)?;
        w.u64(s.powers.len() as u64)?;
        for p in &s.powers {
            w.u64(p.upto)?;
            w.list(&p.counts)?;
        }
        match &state.windowed {
            None => w.bytes(&[0])?,
            Some((split, rare)) => {
                w.bytes(&[1])?;
                w.u32(split.mask)?;
                w.bytes(&[u8::from(split.domain), u8::from(split.rare_sigma)])?;
                w.u64(rare.len() as u64)?;
                for &(x, v) in rare {
                    w.u64(x)?;
                    w.u32(v)?;
                }
            }
        }
        w.bytes(&[state.values.width()])?;
        match &state.values {
            Values::U8(st) => {
                w.values(&st.prefix)?;
                w.values(&st.ring)?;
            }
            Values::U16(st) => {
                w.values(&st.prefix)?;
                w.values(&st.ring)?;
            }
        }
        let sum = std::mem::replace(&mut w.sum, Checksum::new()).finish();
        w.out.write_all(&sum.to_le_bytes())?;
        w.out.flush()?;
        w.out.get_ref().sync_all()
    })()
    .map_err(io(tmp))
}

struct Reader {
    input: BufReader<File>,
    sum: Checksum,
    /// Bytes left in the file: no length read may ask for more.
    left: u64,
}

impl Reader {
    fn bytes(&mut self, n: u64) -> std::result::Result<Vec<u8>, String> {
        if n > self.left {
            return Err("damaged (a length runs past the end of the file)".into());
        }
        let mut buf = vec![0u8; n as usize];
        self.input
            .read_exact(&mut buf)
            .map_err(|e| format!("cannot be read: {e}"))?;
        self.sum.update(&buf);
        self.left -= n;
        Ok(buf)
    }
    fn u64(&mut self) -> std::result::Result<u64, String> {
        Ok(u64::from_le_bytes(
            self.bytes(8)?.try_into().expect("8 bytes"),
        ))
    }
    fn u32(&mut self) -> std::result::Result<u32, String> {
        Ok(u32::from_le_bytes(
            self.bytes(4)?.try_into().expect("4 bytes"),
        ))
    }
    fn u8(&mut self) -> std::result::Result<u8, String> {
        Ok(self.bytes(1)?[0])
    }
    fn list(&mut self) -> std::result::Result<Vec<u64>, String> {
        let len = self.u64()?;
        if len > self.left / 8 {
            return Err("damaged (a list is longer than the file)".into());
        }
        (0..len).map(|_| self.u64()).collect()
    }
    fn values<V: Value>(&mut self) -> std::result::Result<Vec<V>, String> {
        let len = self.u64()?;
        let bytes = len.checked_mul(V::BYTES as u64).ok_or("damaged")?;
        let mut out = Vec::new();
        out.try_reserve_exact(len as usize)
            .map_err(|_| "not enough memory for its values".to_string())?;
        let mut done = 0;
        while done < bytes {
            let piece = self.bytes((bytes - done).min(1 << 16))?;
            done += piece.len() as u64;
            out.extend(piece.chunks_exact(V::BYTES).map(|c| {
                let mut word = [0u8; 4];
                word[..V::BYTES].copy_from_slice(c);
                V::new(u32::from_le_bytes(word))
            }));
        }
        Ok(out)
    }
}

/// Loads the checkpoint at `path`, `None` when there is none.
fn load(path: &Path, game: &HeapGame, code: &str, memory: u64) -> Result<Option<State>> {
    let file = match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        _ => crate::files::open_regular(path, "checkpoint")?,
    };
    let size = file.metadata().map_err(io(path))?.len();
    let bad = |why: String| Error::Invalid(format!("checkpoint {}: {why}", path.display()));
    let mut r = Reader {
        input: BufReader::with_capacity(1 << 20, file),
        sum: Checksum::new(),
        left: size.saturating_sub(8),
    };
    let state = (|| -> std::result::Result<State, String> {
        if r.bytes(MAGIC.len() as u64)? != MAGIC {
            return Err(
                "not a grundy record checkpoint (`grundy period` checkpoints are another kind)"
                    .into(),
            );
        }
        let version = r.u32()?;
        if version != VERSION {
            return Err(format!(
                "version {version}, this program reads version {VERSION}"
            ));
        }
        let name_len = r.u32()?;
        let name = r.bytes(u64::from(name_len))?;
        if name != code.as_bytes() {
            return Err(format!(
                "it was made for {}, not {code}",
                String::from_utf8_lossy(&name)
            ));
        }
        let made = r.u64()?;
        if made != memory {
            return Err(format!(
                "it was made with --memory {made} (bytes), not {memory}: give the same to resume"
            ));
        }
        let mut summary = Summary::new();
        summary.n = r.u64()?;
        summary.max_value = r.u32()?;
        summary.max_at = r.u64()?;
        summary.hash = r.u64()?;
        summary.counts = r.list()?;
        let powers = r.u64()?;
        if powers > 64 {
            return Err("damaged (more than 64 powers of two)".into());
        }
        for _ in 0..powers {
            let upto = r.u64()?;
            let counts = r.list()?;
            summary.powers.push(PowerCounts { upto, counts });
        }
        let windowed = match r.u8()? {
            0 => None,
            1 => {
                let mask = r.u32()?;
                let flags = r.bytes(2)?;
                let split = Split {
                    mask,
                    domain: flags[0] == 1,
                    rare_sigma: flags[1] == 1,
                };
                let len = r.u64()?;
                if len > r.left / 12 {
                    return Err("damaged (the rare list is longer than the file)".into());
                }
                let rare = (0..len)
                    .map(|_| Ok((r.u64()?, r.u32()?)))
                    .collect::<std::result::Result<Vec<_>, String>>()?;
                Some((split, rare))
            }
            other => return Err(format!("damaged (phase {other})")),
        };
        let values = match r.u8()? {
            1 => Values::U8(Store {
                prefix: r.values()?,
                ring: r.values()?,
            }),
            2 => Values::U16(Store {
                prefix: r.values()?,
                ring: r.values()?,
            }),
            w => return Err(format!("value width {w} is not 1 or 2")),
        };
        let expected = std::mem::replace(&mut r.sum, Checksum::new()).finish();
        let mut stored = [0u8; 8];
        r.input
            .read_exact(&mut stored)
            .map_err(|_| "too short".to_string())?;
        if u64::from_le_bytes(stored) != expected {
            return Err("damaged (its checksum does not match)".into());
        }
        if r.input.read(&mut [0u8; 1]).map_err(|e| e.to_string())? != 0 {
            return Err("damaged (bytes after its end)".into());
        }
        Ok(State {
            summary,
            values,
            windowed,
        })
    })()
    .map_err(bad)?;
    // The first values again from the rules: a checkpoint of another game's values is refused.
    let head = match &state.values {
        Values::U8(s) => s
            .prefix
            .iter()
            .take(1024)
            .map(|v| v.get())
            .collect::<Vec<_>>(),
        Values::U16(s) => s.prefix.iter().take(1024).map(|v| v.get()).collect(),
    };
    let mut engine = Engine::new(game.rules.clone());
    engine.extend(head.len() as u64, &Run::default(), &mut |_| {})?;
    if (0..head.len()).any(|n| engine.get(n as u64) != head[n]) {
        return Err(bad("its values are not the game's values".into()));
    }
    Ok(Some(state))
}

#[cfg(test)]
mod tests {
    use super::super::code::{Base, Rules};
    use super::super::engine::definition;
    use super::*;
    use proptest::prelude::*;

    fn game(code: &str) -> HeapGame {
        if code == "grundy-game" {
            return HeapGame::new(Rules::grundy_game(), code);
        }
        HeapGame::new(Rules::parse(code, Base::Octal).unwrap(), code)
    }

    /// `f`'s result in a pool of one thread, then in a pool of two.
    fn on_one_and_two_threads<T: Send>(f: impl Fn() -> T + Sync) -> [T; 2] {
        [1, 2].map(|threads| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap()
                .install(&f)
        })
    }

    /// `record_each` hands out every value once, in order: they are the engine's, on one and
    /// two threads, in windows from tiny to a few KiB, and the report's `last` is the last.
    #[test]
    fn each_value_is_handed_out_once_in_order() {
        for (code, to, memory) in [
            ("0.6", 100_000u64, 256u64 << 10),
            ("0.77", 30_000, 4 << 10),
            ("0.007", 20_000, 128 << 10),
        ] {
            let game = HeapGame::new(Rules::parse(code, Base::Octal).unwrap(), code);
            let mut engine = Engine::new(game.rules.clone());
            engine.extend(to, &Run::default(), &mut |_| {}).unwrap();
            let expected: Vec<u32> = (0..to).map(|y| engine.get(y)).collect();
            let options = RecordOptions {
                to,
                memory,
                checkpoint: None,
            };
            let runs = on_one_and_two_threads(|| {
                let mut handed: Vec<u32> = Vec::new();
                let report =
                    record_each(&game, &options, &mut |_| {}, &|| false, &mut |n, values| {
                        assert_eq!(n, handed.len() as u64, "{code}: a gap or a repeat");
                        handed.extend_from_slice(values);
                        Ok(())
                    })
                    .unwrap();
                (report, handed)
            });
            for (report, handed) in runs {
                let n = report.computed as usize;
                assert!(n > to as usize / 2, "{code}: stopped at {n}");
                assert_eq!(handed, expected[..n], "{code}");
                assert_eq!(
                    report.last,
                    n.checked_sub(1).map(|y| u64::from(expected[y]))
                );
            }
        }
    }

    fn run(game: &HeapGame, to: u64, memory: u64) -> RecordReport {
        let options = RecordOptions {
            to,
            memory,
            checkpoint: None,
        };
        record(game, &options, &mut |_| {}, &|| false).unwrap()
    }

    /// The report's counts, largest value and checksum are those of `values[..computed]`.
    fn assert_describes(report: &RecordReport, values: &[u32], what: &str) {
        let n = report.computed as usize;
        let g = &values[..n];
        assert_eq!(
            report.checksum,
            checksum(FNV_OFFSET, g.iter().copied()),
            "{what}"
        );
        for p in &report.counts {
            let mut counts = vec![0u64; p.counts.len()];
            for &v in &g[..p.upto as usize] {
                counts[v as usize] += 1;
            }
            assert_eq!(p.counts, counts, "{what}: counts to {}", p.upto);
        }
        let max = g.iter().copied().max().unwrap_or(0);
        assert_eq!(report.max_value, u64::from(max), "{what}");
        assert_eq!(g[report.max_at as usize], max, "{what}");
        assert!(
            g[..report.max_at as usize].iter().all(|&v| v < max),
            "{what}"
        );
        let powers: Vec<u64> = report.counts.iter().map(|p| p.upto).collect();
        let mut expected: Vec<u64> = (0..64)
            .map(|k| 1u64 << k)
            .take_while(|&p| p <= n as u64)
            .collect();
        if n > 0 && !n.is_power_of_two() {
            expected.push(n as u64);
        }
        assert_eq!(powers, expected, "{what}");
    }

    #[test]
    fn the_checksum_is_fnv1a_over_the_values() {
        // FNV-1a by hand for the symbols 0, 1, 1.
        let mut h: u64 = 0xcbf29ce484222325;
        for v in [0u64, 1, 1] {
            h ^= v;
            h = h.wrapping_mul(0x100000001b3);
        }
        assert_eq!(checksum(CHECKSUM_START, [0, 1, 1]), h);
    }

    #[test]
    fn record_runs_agree_with_the_definition() {
        let len = 3000;
        for code in [
            "0.77",
            "0.07",
            "0.137",
            "0.6",
            "4.7",
            "0.165",
            "0.3033",
            "grundy-game",
        ] {
            let game = game(code);
            let reference = definition(&game.rules, len);
            for memory in [64, 256, 1024, 1 << 20] {
                let report = run(&game, len as u64, memory);
                let what = format!("{code}, memory {memory}");
                assert_describes(&report, &reference, &what);
                match &report.stopped {
                    None => assert_eq!(report.computed, len as u64, "{what}"),
                    Some(why) => {
                        assert!(report.computed < len as u64, "{what}");
                        assert!(
                            why.starts_with(&format!("G({})", report.computed)),
                            "{what}: {why}"
                        );
                    }
                }
                let rare = report.rare.iter().map(|&(n, v)| (n as usize, v as u32));
                for (n, v) in rare {
                    assert_eq!(reference[n], v, "{what}: rare {n}");
                }
            }
        }
    }

    fn engine_values(game: &HeapGame, len: u64) -> Vec<u32> {
        let mut engine = Engine::new(game.rules.clone());
        engine.extend(len, &Run::default(), &mut |_| {}).unwrap();
        (0..len).map(|n| engine.get(n)).collect()
    }

    #[test]
    fn games_with_early_rare_positions_run_in_a_small_window() {
        // Kayles' rare positions all lie early: 4K bytes (a prefix of 2048 values, a window of
        // 1024) reach 40000, the window computing all but the first 2048. Grundy's game's
        // known rare positions end at 82860 (tczajka, Flammenkamp): a window of 2^17 values
        // holds all their partners.
        for (code, to, memory, kept) in [
            ("0.77", 40_000, 4096, (2048, 1024)),
            ("grundy-game", 200_000, 3 << 17, (163_840, 131_072)),
        ] {
            let game = game(code);
            let report = run(&game, to, memory);
            assert_eq!((report.computed, &report.stopped), (to, &None), "{code}");
            assert_eq!((report.prefix, report.window), kept);
            assert_describes(&report, &engine_values(&game, to), code);
        }
    }

    #[test]
    fn grundy_game_stops_where_its_window_is_too_small() {
        // With 128K bytes (a prefix of 2^16 values, a window of 2^15), the rare positions
        // past 2^15 pair with values no longer kept, or a new rare value needs every pair: the
        // run says where it stopped, and the values before are right.
        let game = game("grundy-game");
        let report = run(&game, 100_000, 1 << 17);
        let why = report.stopped.clone().expect("stopped");
        assert!(
            why.contains("not kept") || why.contains("left the window"),
            "{why}"
        );
        assert!(report.computed >= 1 << 16, "{why}");
        assert_describes(
            &report,
            &engine_values(&game, report.computed),
            "grundy-game",
        );
    }

    #[test]
    fn values_above_255_widen_the_kept_values() {
        // 0.33...3 with 300 digits: G(n) = n mod 301.
        let code = format!("0.{}", "3".repeat(300));
        let game = HeapGame::new(Rules::parse(&code, Base::Octal).unwrap(), "s");
        let reference: Vec<u32> = (0..5000).map(|n| n % 301).collect();
        for memory in [8192, 1 << 14, 1 << 15] {
            let report = run(&game, 5000, memory);
            assert_describes(&report, &reference, &format!("memory {memory}"));
        }
        // Widened in the first phase: a prefix of 2^14 bytes holds the 5000 values.
        let report = run(&game, 5000, 1 << 15);
        assert_eq!((report.computed, report.width), (5000, 2));
        // Widened in the window: a prefix of 256 bytes (G(0..256), all below 256), then a
        // window of 2^16 one-byte values, 2^15 two-byte ones. The game has no sparse space, so
        // the rare positions fill their room and stop the run, after the widening.
        let options = RecordOptions {
            to: 5000,
            memory: 1 << 20,
            checkpoint: None,
        };
        let report = record_in(
            &game,
            &options,
            (256, 1 << 16),
            &mut |_| {},
            &|| false,
            &mut |_, _| Ok(()),
        )
        .unwrap();
        assert_describes(&report, &reference, "widened in the window");
        assert_eq!(report.width, 2);
        assert!(report.computed > 1000, "{report:?}");
    }

    /// A block whose check failed to read (`Err`) is undone from that position on, the values
    /// before it taken, and the position left to one thread; one whose check found another
    /// value takes that value and is undone after it.
    #[test]
    fn a_settled_block_keeps_the_values_before_its_first_unconfirmed_candidate() {
        let game = game("0.6");
        let split = Split::DEFAULT;
        for (result, settled, kept) in [
            (Err("not kept".to_string()), Settled::Alone, 2),
            (Ok(7), Settled::Corrected, 3),
            (Ok(9), Settled::Confirmed, 5),
        ] {
            let mut w = Windowed::new(&game, split, vec![(1, 0)]);
            let mut s = Store {
                prefix: vec![0u8; 4],
                ring: (0..16).map(|y| y as u8).collect::<Vec<u8>>(),
            };
            let mut summary = Summary::new();
            for _ in 0..20 {
                summary.push(1);
            }
            let values = [3u32, 5, 9, 11, 13];
            let block = Guessed {
                start: 20,
                values: values.iter().map(|&v| v as u8).collect(),
                checks: vec![Check {
                    i: 2,
                    g1: 9,
                    bits: 4,
                    wanted: vec![],
                }],
                rare: (20..25).map(|n| (n as u64, values[n - 20])).collect(),
                max: 13,
            };
            let pending = Pending::write(&mut w, &mut s, block);
            assert_eq!(s.ring[(22 & 15) as usize], 9);
            let got = pending.settle(vec![result.clone()], &mut w, &mut s, &mut summary);
            assert_eq!(got, settled, "{result:?}");
            assert_eq!(summary.n, 20 + kept as u64, "{result:?}");
            let mut expected: Vec<u32> = values[..kept].to_vec();
            if let Ok(7) = result {
                expected[2] = 7;
            }
            for (i, v) in expected.iter().enumerate() {
                assert_eq!(u32::from(s.ring[(20 + i) & 15]), *v, "{result:?}");
            }
            // Slots past the kept values hold what they held before the block.
            for i in kept..5 {
                assert_eq!(s.ring[(20 + i) & 15], ((20 + i) & 15) as u8, "{result:?}");
            }
            // The block's rare positions (all five here) stay only before the first
            // unconfirmed candidate; a corrected one is rare if its new value says so.
            let rare_after: Vec<u64> = w.rare.iter().map(|r| r.0).filter(|&n| n >= 20).collect();
            let mut rare_expected: Vec<u64> = (20..20 + kept as u64).collect();
            if settled == Settled::Corrected && !split.is_rare(22, 7) {
                rare_expected.pop();
            }
            assert_eq!(rare_after, rare_expected, "{result:?}");
        }
    }

    #[test]
    fn one_and_two_threads_give_the_same_report() {
        // Small windows, so that most values come from the windowed phase, whose checks run in
        // parallel with two threads (and fail at times: 0.6 and Grundy's game find rare values
        // and values above a candidate there).
        for (code, to, plan) in [
            ("0.6", 60_000u64, (4096, 1 << 16)),
            ("grundy-game", 60_000, (4096, 1 << 17)),
            ("0.007", 6_000, (512, 1 << 14)),
            ("0.165", 20_000, (1024, 1 << 12)),
            // A window too small: the run stops where a value it needs is no longer kept.
            ("grundy-game", 100_000, (1 << 16, 1 << 15)),
        ] {
            let game = game(code);
            let options = RecordOptions {
                to,
                memory: 1 << 30,
                checkpoint: None,
            };
            let reports = on_one_and_two_threads(|| {
                record_in(
                    &game,
                    &options,
                    plan,
                    &mut |_| {},
                    &|| false,
                    &mut |_, _| Ok(()),
                )
                .unwrap()
            });
            assert_eq!(reports[0], reports[1], "{code}");
            let values = engine_values(&game, reports[0].computed);
            assert_describes(&reports[0], &values, code);
        }
    }

    #[test]
    fn an_interrupted_run_resumes_to_the_same_report() {
        let dir_scratch = tempfile::tempdir().unwrap();
        let dir = dir_scratch
            .path()
            .join(format!("grundy-record-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        // Interrupted in the engine's phase (memory 1M: a prefix of 2^19) and in the window's.
        for (code, to, memory, polls) in [
            ("0.77", 300_000u64, 1u64 << 20, 3),
            ("0.77", 100_000, 4096, 4),
        ] {
            let game = game(code);
            let whole = run(&game, to, memory);
            assert_eq!(whole.computed, to);
            let path = dir.join(format!("{code}-{memory}.ck"));
            let _ = std::fs::remove_file(&path);
            let options = RecordOptions {
                to,
                memory,
                checkpoint: Some((&path, 0.0)),
            };
            let calls = std::cell::Cell::new(0);
            let first = record(&game, &options, &mut |_| {}, &|| {
                calls.set(calls.get() + 1);
                calls.get() > polls
            })
            .unwrap();
            assert!(first.interrupted && first.computed < to, "{first:?}");
            let mut resumed = record(&game, &options, &mut |_| {}, &|| false).unwrap();
            assert_eq!(resumed.resumed_from, first.computed);
            resumed.resumed_from = 0;
            assert_eq!(resumed, whole, "{code}");
            // Another --memory is refused.
            let other = RecordOptions {
                memory: memory * 2,
                ..options
            };
            let refused = record(&game, &other, &mut |_| {}, &|| false).unwrap_err();
            assert!(refused.to_string().contains("--memory"), "{refused}");
            std::fs::remove_file(&path).unwrap();
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(40))]
        #[test]
        fn record_mode_agrees_with_the_engine(
            digits in proptest::collection::vec(0u8..8, 1..4),
            four in any::<bool>(),
            to in 1u64..3000,
            memory in 64u64..4096,
        ) {
            let code = format!(
                "{}.{}",
                if four { 4 } else { 0 },
                digits.iter().map(|d| d.to_string()).collect::<String>()
            );
            let rules = Rules::parse(&code, Base::Octal).unwrap();
            let game = HeapGame::new(rules.clone(), code.clone());
            let options = RecordOptions { to, memory, checkpoint: None };
            let report = match record(&game, &options, &mut |_| {}, &|| false) {
                Ok(report) => report,
                // A window too small for the code's moves is refused up front.
                Err(e) => {
                    prop_assert!(e.to_string().contains("too small"), "{}", e);
                    return Ok(());
                }
            };
            let mut engine = Engine::new(rules);
            engine.extend(to, &Run::default(), &mut |_| {}).unwrap();
            let values: Vec<u32> = (0..to).map(|n| engine.get(n)).collect();
            assert_describes(&report, &values, &code);
            prop_assert!(report.stopped.is_some() || report.computed == to);
        }

        /// One and two threads give the same report, stops included, on random codes in
        /// tiny windows.
        #[test]
        fn one_and_two_threads_agree_on_random_codes(
            digits in proptest::collection::vec(0u8..8, 1..4),
            to in 1u64..6000,
            memory in 64u64..8192,
        ) {
            let code = format!("0.{}", digits.iter().map(|d| d.to_string()).collect::<String>());
            let game = HeapGame::new(Rules::parse(&code, Base::Octal).unwrap(), code.clone());
            let options = RecordOptions { to, memory, checkpoint: None };
            let reports = on_one_and_two_threads(|| {
                record(&game, &options, &mut |_| {}, &|| false).map_err(|e| e.to_string())
            });
            prop_assert_eq!(&reports[0], &reports[1], "{}", code);
        }
    }
}
