//! A specialised streaming engine for i-Mark({1},{2,3}) (Friman and Nivasch, Section 4): gap
//! statistics to 10^12 in bounded memory, in parallel, resumable from a checkpoint.
//!
//! **Blocks of six.** The options of `n` depend on `n mod 6` (the paper's Table 2), so the six
//! values at `6q .. 6q+5` are a function of twelve bits: the value at `6q - 1`, the values at
//! `3q, 3q+1, 3q+2` (halves of `6q, 6q+2, 6q+4`) and at `2q, 2q+1` (thirds of `6q, 6q+3`).
//! [`block_table`] tabulates it for all four incoming values at once, so the chain from one block
//! to the next is a shift and a mask.
//!
//! **Cursors.** The halves and thirds are the same sequence at rate 1/2 and 1/3, produced by
//! cursor nodes `m = 2^i 3^j` (node `m` computes positions up to about `N/m`; node 6 serves
//! both 2 and 3), which are fed in turn by nodes `2m` and `3m`. Positions below a base length
//! `L` come from a dense table. The run advances in batches; a node keeps only the values its
//! parents have not read yet (a few hundred), so the state between batches, and in a
//! checkpoint, is a few kilobytes: per node its range, its last value and those leftover words.
//!
//! **Parallel segments.** Inside a batch a node's range is cut into chunks. With `S = {1}` a
//! chunk is a map from the one incoming value (4 possibilities) to its values, and the four
//! lanes coalesce after a few blocks; each chunk finds the block where they agree, computes the
//! rest in parallel, and the short prefixes are filled in sequentially once the incoming values
//! are known.

use std::path::Path;

use rayon::prelude::*;

use crate::analysis::{GapStats, GapTracker};
use crate::{Error, Result};

/// Positions per unit: 16 blocks of 6, three 64-bit words of 2-bit values.
pub const UNIT: u64 = 96;

/// Sizes of a run (all multiples of [`UNIT`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Config {
    /// Positions taken from the dense base table (at least `4 * UNIT`).
    pub base: u64,
    /// Top-level positions per batch (between checkpoints).
    pub batch: u64,
    /// Positions per parallel chunk of a node.
    pub chunk: u64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            base: UNIT << 16,
            batch: UNIT << 20,
            chunk: UNIT << 13,
        }
    }
}

impl Config {
    /// The default sizes, with a base table no longer than needed for positions up to `to`.
    pub fn for_bound(to: u64) -> Self {
        let default = Config::default();
        Config {
            base: default
                .base
                .min(to.saturating_add(UNIT) / UNIT * UNIT)
                .max(4 * UNIT),
            ..default
        }
    }

    fn check(&self) -> Result<()> {
        let ok = |x: u64| x.is_multiple_of(UNIT) && x > 0;
        if !(ok(self.base) && ok(self.batch) && ok(self.chunk) && self.base >= 4 * UNIT) {
            return Err(Error::Invalid(format!(
                "engine sizes must be positive multiples of {UNIT} (base at least {})",
                4 * UNIT
            )));
        }
        Ok(())
    }
}

fn mex(values: &[u64]) -> u64 {
    let mask = values.iter().fold(0u64, |m, &v| m | 1 << v);
    u64::from((!mask).trailing_zeros())
}

/// The block table: entry `rest = b0 | b1<<2 | a0<<4 | a1<<6 | a2<<8` (the values at
/// `2q, 2q+1, 3q, 3q+1, 3q+2`) holds, in bits `16p .. 16p+11`, the six values at `6q .. 6q+5`
/// (2 bits each, `6q` lowest) when the value at `6q - 1` is `p` (valid for `q >= 1`).
pub fn block_table() -> Box<[u64; 1024]> {
    let mut table = Box::new([0u64; 1024]);
    for (rest, entry) in table.iter_mut().enumerate() {
        let f = |k: usize| ((rest >> (2 * k)) & 3) as u64;
        let (b0, b1, a0, a1, a2) = (f(0), f(1), f(2), f(3), f(4));
        for prev in 0..4u64 {
            let v0 = mex(&[prev, a0, b0]);
            let v1 = mex(&[v0]);
            let v2 = mex(&[v1, a1]);
            let v3 = mex(&[v2, b1]);
            let v4 = mex(&[v3, a2]);
            let v5 = mex(&[v4]);
            let out = v0 | v1 << 2 | v2 << 4 | v3 << 6 | v4 << 8 | v5 << 10;
            *entry |= out << (16 * prev);
        }
    }
    table
}

/// The first `len` values by the definition, packed 32 to a word (plus one zero word of padding).
fn base_values(len: u64) -> Vec<u64> {
    let mut values = vec![0u8; len as usize];
    for n in 1..len as usize {
        let mut options = [values[n - 1] as u64, 9, 9];
        if n % 2 == 0 {
            options[1] = u64::from(values[n / 2]);
        }
        if n % 3 == 0 {
            options[2] = u64::from(values[n / 3]);
        }
        values[n] = mex(&options) as u8;
    }
    let mut words = vec![0u64; len.div_ceil(32) as usize + 1];
    for (i, &v) in values.iter().enumerate() {
        words[i / 32] |= u64::from(v) << (2 * (i % 32));
    }
    words
}

/// A window of a cursor's values: position `lo + 32 k + j` is bits `2j..2j+1` of `words[k]`.
#[derive(Clone, Copy)]
struct View<'a> {
    lo: u64,
    words: &'a [u64],
}

/// Packed values as [`run`] hands them out (32 a word, 2 bits each), read one position at a
/// time.
pub struct WordsView<'a>(View<'a>);

impl<'a> WordsView<'a> {
    /// The values from position `lo` on, packed in `words`.
    pub fn new(lo: u64, words: &'a [u64]) -> Self {
        WordsView(View { lo, words })
    }

    /// The value at `pos` (at least `lo`, within the words).
    pub fn value(&self, pos: u64) -> u64 {
        self.0.value(pos)
    }
}

impl View<'_> {
    #[inline]
    fn value(&self, pos: u64) -> u64 {
        let i = pos - self.lo;
        (self.words[(i / 32) as usize] >> (2 * (i % 32))) & 3
    }
}

/// Computes `units` units of a node from block `q0` (a multiple of 16) with incoming state `sh`
/// (16 times the value at `6 q0 - 1`), writing 3 words per unit to `out`; returns the final state.
#[inline(always)]
fn run_units(
    table: &[u64; 1024],
    q0: u64,
    units: usize,
    half: View,
    third: View,
    mut sh: u64,
    out: &mut [u64],
) -> u64 {
    let out = &mut out[..3 * units];
    let w3_first = ((2 * q0 - third.lo) / 32) as usize;
    let thirds = &third.words[w3_first..w3_first + units];
    let off2_first = 2 * (3 * q0 - half.lo);
    for (u, (dst, &w3)) in out.chunks_exact_mut(3).zip(thirds).enumerate() {
        // Positions 3q.. of the half cursor: 96 bits from a multiple of 32.
        let off2 = off2_first + 96 * u as u64;
        let i2 = (off2 / 64) as usize;
        let pair = &half.words[i2..i2 + 2];
        let x2 = ((pair[0] as u128) | ((pair[1] as u128) << 64)) >> (off2 % 64);
        let (lo2, hi2) = (x2 as u64, (x2 >> 64) as u64);
        // The unit's 192 output bits (one spare word keeps every index in bounds).
        let mut acc = [0u64; 4];
        macro_rules! block {
            ($i:expr, $a:expr) => {{
                let rest = ($a << 4) as usize & 0x3F0 | (w3 >> (4 * $i)) as usize & 15;
                let e = table[rest];
                let o = (e >> sh) & 0xFFF;
                sh = (e >> (sh + 6)) & 0x30;
                // Bits 12i .. 12i+11 of the unit's 192 output bits.
                acc[12 * $i / 64] |= o << (12 * $i % 64);
                if 12 * $i % 64 > 52 {
                    acc[12 * $i / 64 + 1] |= o >> (64 - 12 * $i % 64);
                }
            }};
        }
        block!(0, lo2);
        block!(1, lo2 >> 6);
        block!(2, lo2 >> 12);
        block!(3, lo2 >> 18);
        block!(4, lo2 >> 24);
        block!(5, lo2 >> 30);
        block!(6, lo2 >> 36);
        block!(7, lo2 >> 42);
        block!(8, lo2 >> 48);
        block!(9, lo2 >> 54);
        block!(10, lo2 >> 60 | hi2 << 4);
        block!(11, hi2 >> 2);
        block!(12, hi2 >> 8);
        block!(13, hi2 >> 14);
        block!(14, hi2 >> 20);
        block!(15, hi2 >> 26);
        dst.copy_from_slice(&acc[..3]);
    }
    sh
}

/// The number of units after which the four incoming values give the same state, and that state.
#[inline(always)]
fn coalesce(
    table: &[u64; 1024],
    q0: u64,
    units: usize,
    half: View,
    third: View,
) -> Option<(usize, u64)> {
    let mut lanes = [0u64, 16, 32, 48];
    let mut scratch = [0u64; 3];
    for u in 0..units {
        let q = q0 + 16 * u as u64;
        for lane in lanes.iter_mut() {
            *lane = run_units(table, q, 1, half, third, *lane, &mut scratch);
        }
        if lanes.iter().all(|&l| l == lanes[0]) {
            return Some((u + 1, lanes[0]));
        }
    }
    None
}

/// One cursor node `m = 2^i 3^j`.
#[derive(Debug, Clone)]
struct Node {
    m: u64,
    /// (parent index, divisor): this node holds the parent's positions divided by the divisor.
    parents: Vec<(usize, u64)>,
    /// The nodes for `2m` and `3m` (None: beyond the run, always served by the base table).
    children: [Option<usize>; 2],
    /// Computing (true) or served by the base table (false).
    active: bool,
    /// The values held are those at `lo .. hi` (`lo` a multiple of 32, `hi` of [`UNIT`]).
    lo: u64,
    hi: u64,
    /// 16 times the value at `hi - 1`.
    sh: u64,
    /// The values at `lo .. hi`, packed, plus one zero word of padding.
    words: Words,
}

/// A growable run of packed words that a batch writes in place: `buf[..len]` holds the words,
/// the rest of `buf` is storage kept from earlier batches (stale, overwritten before it is read),
/// so that a batch neither allocates, zeroes nor copies its output.
#[derive(Debug, Clone, Default)]
struct Words {
    buf: Vec<u64>,
    len: usize,
}

impl Words {
    fn from_vec(buf: Vec<u64>) -> Self {
        let len = buf.len();
        Words { buf, len }
    }

    fn as_slice(&self) -> &[u64] {
        &self.buf[..self.len]
    }

    /// `n` more words written by `fill` in place of the padding word and after it; then a new
    /// padding word.
    fn append(&mut self, n: usize, fill: impl FnOnce(&mut [u64])) {
        let at = self.len - 1;
        if self.buf.len() < at + n + 1 {
            self.buf.resize(at + n + 1, 0);
        }
        fill(&mut self.buf[at..at + n]);
        self.buf[at + n] = 0;
        self.len = at + n + 1;
    }

    /// Forgets the first `k` words.
    fn drop_front(&mut self, k: usize) {
        self.buf.copy_within(k..self.len, 0);
        self.len -= k;
    }
}

/// The whole state of a run between batches: what a checkpoint holds.
#[derive(Debug, Clone)]
struct State {
    to: u64,
    config: Config,
    nodes: Vec<Node>,
    gaps: Vec<GapStats>,
}

/// The result of [`gaps`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run {
    /// Gap statistics per value for positions `0..=to` (complete when `finished`).
    pub gaps: Vec<GapStats>,
    /// The last position counted so far.
    pub done_to: Option<u64>,
    /// Whether the run reached `to` (false when stopped by `max_batches`).
    pub finished: bool,
    /// Cursor nodes that were active at the end.
    pub active_nodes: usize,
    /// Why the final checkpoint could not be saved, if it could not (the result stands).
    pub checkpoint_error: Option<String>,
}

/// Options of a run besides its sizes.
pub struct Options<'a> {
    /// Where to save (and from where to resume) the state.
    pub checkpoint: Option<&'a Path>,
    /// Seconds between checkpoint saves.
    pub save_every: f64,
    /// Stop after this many batches (to test resuming).
    pub max_batches: Option<u64>,
}

impl Default for Options<'_> {
    fn default() -> Self {
        Options {
            checkpoint: None,
            save_every: 60.0,
            max_batches: None,
        }
    }
}

/// Gap statistics of i-Mark({1},{2,3}) for positions `0..=to`. `progress(done, total)` is called
/// after every batch. With a checkpoint file, the run resumes from it when it exists (it must be
/// for the same `to` and sizes) and saves to it periodically (write to a temporary file, then
/// rename).
pub fn gaps(
    to: u64,
    config: Config,
    options: &Options,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Run> {
    run(to, config, options, progress, &mut |_, _, _| {})
}

/// The values at positions `lo..=hi` (a window a caller keeps, e.g. for `value` past the dense
/// table), computed by a run to `hi` that keeps only them.
pub fn values_between(lo: u64, hi: u64, progress: &mut dyn FnMut(u64, u64)) -> Result<Vec<u64>> {
    let mut window = Vec::new();
    run(
        hi,
        Config::for_bound(hi),
        &Options::default(),
        progress,
        &mut |from, words, count| {
            let view = View { lo: from, words };
            let (start, end) = (lo.max(from), hi.min(from + count - 1));
            if start <= end {
                window.extend((start..=end).map(|p| view.value(p)));
            }
        },
    )?;
    Ok(window)
}

/// Like [`gaps`], also handing every value to `sink(first_position, words, count)` in order
/// (packed as in the engine: 32 values per word, 2 bits each). For tests and benchmarks.
pub fn run(
    to: u64,
    config: Config,
    options: &Options,
    progress: &mut dyn FnMut(u64, u64),
    sink: &mut dyn FnMut(u64, &[u64], u64),
) -> Result<Run> {
    config.check()?;
    if to > super::MAX_GAPS_BLOCK {
        return Err(Error::TooLarge(format!(
            "the i-Mark({{1}},{{2,3}}) block engine runs to at most {} (about 35 hours on 2 cores); {to} is beyond",
            super::MAX_GAPS_BLOCK
        )));
    }
    // The first multiple of UNIT above `to`.
    let end = to
        .checked_add(UNIT)
        .map(|e| e / UNIT * UNIT)
        .ok_or_else(|| Error::TooLarge(format!("--to {to} is too close to 2^64")))?;
    let table = block_table();
    let base = base_values(config.base);
    let resumed = match options.checkpoint {
        Some(path) if path.exists() => Some(load(path, to, config)?),
        Some(path) => {
            crate::files::check_checkpoint_writable(path)?;
            None
        }
        None => None,
    };
    let mut state = match resumed {
        Some(state) => state,
        None => fresh(to, config, &base, sink),
    };
    let mut last_save = std::time::Instant::now();
    let mut batches = 0u64;
    // The top node's values of one batch (reused: they are only scanned).
    let mut scratch = Vec::new();
    loop {
        let top_hi = state.nodes[0].hi;
        progress(top_hi.min(to + 1), to + 1);
        if top_hi >= end || !state.nodes[0].active && config.base > to {
            break;
        }
        if options.max_batches.is_some_and(|b| batches >= b) {
            if let Some(path) = options.checkpoint {
                save(path, &state)?;
            }
            return Ok(Run {
                gaps: state.gaps.clone(),
                done_to: top_hi.checked_sub(1),
                finished: false,
                active_nodes: state.nodes.iter().filter(|n| n.active).count(),
                checkpoint_error: None,
            });
        }
        let target = (top_hi + config.batch).min(end);
        batch(&mut state, target, &table, &base, &mut scratch, sink);
        batches += 1;
        if let Some(path) = options.checkpoint {
            if last_save.elapsed().as_secs_f64() >= options.save_every {
                save(path, &state)?;
                last_save = std::time::Instant::now();
            }
        }
    }
    // The result stands even when its final save fails; the caller reports the failure.
    let checkpoint_error = options
        .checkpoint
        .and_then(|path| save(path, &state).err())
        .map(|e| e.to_string());
    Ok(Run {
        gaps: state.gaps.clone(),
        done_to: Some(to),
        finished: true,
        active_nodes: state.nodes.iter().filter(|n| n.active).count(),
        checkpoint_error,
    })
}

/// The initial state: the nodes, and the base table's positions counted.
fn fresh(to: u64, config: Config, base: &[u64], sink: &mut dyn FnMut(u64, &[u64], u64)) -> State {
    let count = (to + 1).min(config.base);
    let mut tracker = GapTracker::new();
    scan(base, 0, count, &mut tracker);
    sink(0, base, count);
    State {
        to,
        config,
        nodes: graph(to, config),
        gaps: tracker.finish(),
    }
}

/// The cursor nodes `m = 2^i 3^j <= max(to, 1)`, ascending, none active yet.
fn graph(to: u64, config: Config) -> Vec<Node> {
    let mut ms = Vec::new();
    let mut p2 = 1u64;
    while p2 <= to.max(1) {
        let mut m = p2;
        while m <= to.max(1) {
            ms.push(m);
            m = match m.checked_mul(3) {
                Some(x) => x,
                None => break,
            };
        }
        p2 = match p2.checked_mul(2) {
            Some(x) => x,
            None => break,
        };
    }
    ms.sort_unstable();
    let index = |m: u64| ms.binary_search(&m).ok();
    let mut nodes: Vec<Node> = ms
        .iter()
        .map(|&m| Node {
            m,
            parents: Vec::new(),
            children: [
                m.checked_mul(2).and_then(index),
                m.checked_mul(3).and_then(index),
            ],
            active: false,
            lo: 0,
            hi: config.base,
            sh: 0,
            words: Words::default(),
        })
        .collect();
    for i in 0..nodes.len() {
        for (k, d) in [2u64, 3].into_iter().enumerate() {
            if let Some(c) = nodes[i].children[k] {
                nodes[c].parents.push((i, d));
            }
        }
    }
    nodes
}

fn round_up(x: u64) -> u64 {
    x.div_ceil(UNIT) * UNIT
}

/// Advances the top node to `target` (a multiple of [`UNIT`]).
fn batch(
    state: &mut State,
    target: u64,
    table: &[u64; 1024],
    base: &[u64],
    scratch: &mut Vec<u64>,
    sink: &mut dyn FnMut(u64, &[u64], u64),
) {
    let l = state.config.base;
    let n = state.nodes.len();
    // Targets, parents before children (ascending m).
    let mut targets = vec![0u64; n];
    targets[0] = target;
    for i in 1..n {
        let need = state.nodes[i]
            .parents
            .iter()
            .filter(|&&(p, _)| targets[p] > l)
            .map(|&(p, d)| round_up(targets[p].div_ceil(d)))
            .max()
            .unwrap_or(0);
        targets[i] = need;
    }
    // Activation: a node starts computing at position `l`, holding the base values its parents
    // will read first.
    for (i, &target) in targets.iter().enumerate() {
        if target > l && !state.nodes[i].active {
            let lo = state.nodes[i]
                .parents
                .iter()
                .map(|&(p, d)| state.nodes[p].hi.min(l) / d)
                .min()
                .unwrap_or(l)
                / 32
                * 32;
            let node = &mut state.nodes[i];
            node.active = true;
            node.lo = lo;
            node.hi = l;
            let mut words = base[(lo / 32) as usize..(l / 32) as usize].to_vec();
            words.push(0);
            node.words = Words::from_vec(words);
            node.sh = 16 * View { lo: 0, words: base }.value(l - 1);
        }
    }
    // Children before parents (descending m).
    for i in (0..n).rev() {
        let node = &state.nodes[i];
        if !node.active || targets[i] <= node.hi {
            continue;
        }
        let (from, to) = (node.hi, targets[i]);
        let n_words = ((to - from) / 32) as usize;
        // Node i's own words are taken out while its children are read.
        let mut own = std::mem::take(&mut state.nodes[i].words);
        let node = &state.nodes[i];
        let view = |c: Option<usize>| match c {
            Some(c) if state.nodes[c].active => View {
                lo: state.nodes[c].lo,
                words: state.nodes[c].words.as_slice(),
            },
            _ => View { lo: 0, words: base },
        };
        let (half, third) = (view(node.children[0]), view(node.children[1]));
        let chunk = state.config.chunk;
        let mut sh = node.sh;
        let mut fill = |out: &mut [u64]| sh = compute(table, from, sh, half, third, chunk, out);
        if i == 0 {
            if scratch.len() < n_words {
                scratch.resize(n_words, 0);
            }
            let out = &mut scratch[..n_words];
            fill(out);
            let count = (state.to + 1).min(to).saturating_sub(from);
            let mut tracker = GapTracker::from_stats(&state.gaps);
            scan(out, from, count, &mut tracker);
            state.gaps = tracker.finish();
            if count > 0 {
                sink(from, out, count);
            }
        } else {
            own.append(n_words, fill);
        }
        let node = &mut state.nodes[i];
        node.words = own;
        node.sh = sh;
        node.hi = to;
        if i == 0 {
            node.lo = to;
        }
    }
    // Drop what no parent will read again.
    for i in 1..n {
        if !state.nodes[i].active {
            continue;
        }
        let keep = state.nodes[i]
            .parents
            .iter()
            .map(|&(p, d)| {
                let parent = &state.nodes[p];
                (if parent.active { parent.hi } else { l }) / d
            })
            .min()
            .unwrap_or(state.nodes[i].hi)
            / 32
            * 32;
        let node = &mut state.nodes[i];
        if keep > node.lo {
            node.words.drop_front(((keep - node.lo) / 32) as usize);
            node.lo = keep;
        }
    }
}

/// Computes a node's positions `from .. from + 32 out.len()` in parallel chunks; returns the
/// final state.
fn compute(
    table: &[u64; 1024],
    from: u64,
    sh: u64,
    half: View,
    third: View,
    chunk: u64,
    out: &mut [u64],
) -> u64 {
    let chunk_words = (chunk / 32) as usize;
    let q_first = from / 6;
    // Each chunk: (units before the lanes agree, state after the chunk) or None.
    let results: Vec<Option<(usize, u64)>> = out
        .par_chunks_mut(chunk_words)
        .enumerate()
        .map(|(c, words)| {
            let q0 = q_first + (c * chunk_words / 3 * 16) as u64;
            compute_chunk(table, q0, half, third, words)
        })
        .collect();
    let mut sh = sh;
    for ((c, words), result) in out.chunks_mut(chunk_words).enumerate().zip(results) {
        let q0 = q_first + (c * chunk_words / 3 * 16) as u64;
        match result {
            Some((prefix, end)) => {
                run_units(table, q0, prefix, half, third, sh, &mut words[..3 * prefix]);
                sh = end;
            }
            None => sh = run_units(table, q0, words.len() / 3, half, third, sh, words),
        }
    }
    sh
}

/// One chunk of [`compute`] from block `q0`: finds where the four lanes agree, then computes the
/// rest into `words`; returns (units before that point, state after the chunk), or None.
fn compute_chunk(
    table: &[u64; 1024],
    q0: u64,
    half: View,
    third: View,
    words: &mut [u64],
) -> Option<(usize, u64)> {
    #[cfg(target_arch = "x86_64")]
    if native() {
        // SAFETY: the features the function is compiled for were detected at run time.
        return unsafe { compute_chunk_native(table, q0, half, third, words) };
    }
    compute_chunk_plain(table, q0, half, third, words)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2")]
unsafe fn compute_chunk_native(
    table: &[u64; 1024],
    q0: u64,
    half: View,
    third: View,
    words: &mut [u64],
) -> Option<(usize, u64)> {
    compute_chunk_plain(table, q0, half, third, words)
}

#[inline(always)]
fn compute_chunk_plain(
    table: &[u64; 1024],
    q0: u64,
    half: View,
    third: View,
    words: &mut [u64],
) -> Option<(usize, u64)> {
    let units = words.len() / 3;
    let (prefix, state) = coalesce(table, q0, units, half, third)?;
    let end = run_units(
        table,
        q0 + 16 * prefix as u64,
        units - prefix,
        half,
        third,
        state,
        &mut words[3 * prefix..],
    );
    Some((prefix, end))
}

/// Adds the first `count` values of `words` (positions `from ..`) to `tracker`, in parallel.
fn scan(words: &[u64], from: u64, count: u64, tracker: &mut GapTracker) {
    const CHUNK: usize = 1 << 16;
    let full = count.div_ceil(32) as usize;
    let parts: Vec<GapTracker> = words[..full]
        .par_chunks(CHUNK)
        .enumerate()
        .map(|(c, chunk)| {
            let start = from + (c * CHUNK * 32) as u64;
            GapTracker::from_stats(&scan_chunk(chunk, start, from + count).finish())
        })
        .collect();
    for part in &parts {
        tracker.merge(part);
    }
}

/// Whether the processor has the bit-manipulation instructions the hot loops are also compiled
/// for (they are not in the baseline x86-64 target): counting, and shifts by a register amount
/// that leave the flags alone (BMI2).
fn native() -> bool {
    crate::cpu::has_bit_instructions()
}

/// Scans the words of positions `start ..` (those below `end`).
fn scan_chunk(chunk: &[u64], start: u64, end: u64) -> Scanner {
    #[cfg(target_arch = "x86_64")]
    if native() {
        // SAFETY: the features the function is compiled for were detected at run time.
        return unsafe { scan_chunk_native(chunk, start, end) };
    }
    scan_chunk_plain(chunk, start, end)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2")]
unsafe fn scan_chunk_native(chunk: &[u64], start: u64, end: u64) -> Scanner {
    scan_chunk_plain(chunk, start, end)
}

#[inline(always)]
fn scan_chunk_plain(chunk: &[u64], start: u64, end: u64) -> Scanner {
    let mut scanner = Scanner::new(start);
    let full = (((end - start) / 32) as usize).min(chunk.len());
    for &w in &chunk[..full] {
        scanner.word(w);
    }
    if full < chunk.len() && end > scanner.end {
        scanner.partial_word(chunk[full], (end - scanner.end).min(32));
    }
    scanner
}

const EVEN: u64 = 0x5555_5555_5555_5555;

/// The occurrence masks of the values 0, 1, 2, 3 in a word: one even bit per 2-bit field.
#[inline(always)]
fn occurrences(w: u64) -> [u64; 4] {
    let (low, high) = (w & EVEN, (w >> 1) & EVEN);
    [!(low | high) & EVEN, low & !high, high & !low, low & high]
}

/// Gap statistics of values 0..3 from packed words, a word at a time: one [`Lane`] per value.
struct Scanner {
    /// The position after the last field scanned.
    end: u64,
    lanes: [Lane; 4],
}

impl Scanner {
    fn new(start: u64) -> Self {
        Scanner {
            end: start,
            lanes: [Lane::default(); 4],
        }
    }

    /// Adds the 32 values of `w`.
    #[inline(always)]
    fn word(&mut self, w: u64) {
        let hits = occurrences(w);
        for (lane, hits) in self.lanes.iter_mut().zip(hits) {
            lane.add(hits, self.end);
        }
        self.end += 32;
    }

    /// Adds the first `valid` values of `w`.
    fn partial_word(&mut self, w: u64, valid: u64) {
        let live = EVEN & (u64::MAX >> (64 - 2 * valid));
        for (lane, hits) in self.lanes.iter_mut().zip(occurrences(w)) {
            lane.exact(hits & live, self.end, valid);
        }
        self.end += valid;
    }

    fn finish(self) -> Vec<GapStats> {
        (0..4u64)
            .zip(self.lanes)
            .filter(|(_, lane)| lane.count > 0)
            .map(|(value, lane)| GapStats {
                value,
                count: lane.count,
                first: lane.first,
                last: self.end - 1 - lane.trail,
                max_gap: (lane.max_gap > 0).then_some(lane.max_gap),
                max_gap_from: (lane.max_gap > 0).then_some(lane.max_from),
            })
            .collect()
    }
}

/// The occurrences of one value so far (`max_gap == 0`: no gap yet).
///
/// A word costs a few bit operations in the common case: the occurrences form a mask with one
/// bit per field; the gap from the previous word is `trail + lead + 1` (empty fields after the
/// last occurrence so far, then before the first one here); and a gap inside the word, or one
/// that a run at its end will give, beats the record `g < 32` only if the word has a run of `g`
/// empty fields, found by shifting the empty mask onto itself (`plan`). Only when a record is
/// possible is the word redone exactly, occurrence by occurrence.
#[derive(Default, Clone, Copy)]
struct Lane {
    count: u64,
    first: u64,
    /// Empty fields after the last occurrence.
    trail: u64,
    max_gap: u64,
    max_from: u64,
    /// Shifts (in bits, zero when unused) that turn the empty mask into the starts of runs of
    /// `max_gap` empty fields, when `0 < max_gap < 32`.
    plan: [u32; 5],
}

impl Lane {
    /// Adds the occurrences `hits` of a whole word whose first field is position `pos`.
    #[inline(always)]
    fn add(&mut self, hits: u64, pos: u64) {
        let lead = u64::from(hits.trailing_zeros() / 2);
        let g = self.max_gap;
        if self.count == 0 || self.trail + lead >= g || g < 32 && self.has_long_run(hits) {
            self.exact(hits, pos, 32);
            return;
        }
        self.count += u64::from(hits.count_ones());
        self.trail = if hits == 0 {
            self.trail + 32
        } else {
            u64::from(hits.leading_zeros() / 2)
        };
    }

    /// Whether the word has a run of `max_gap` empty fields (`0 < max_gap < 32`).
    #[inline(always)]
    fn has_long_run(&self, hits: u64) -> bool {
        let mut run = !hits & EVEN;
        for shift in self.plan {
            run &= run >> shift;
        }
        run != 0
    }

    /// Adds the occurrences `hits` among the first `valid` fields from `pos`, exactly.
    #[cold]
    fn exact(&mut self, hits: u64, pos: u64, valid: u64) {
        if hits == 0 {
            self.trail += valid;
            return;
        }
        let record = self.max_gap;
        let mut prev = pos + u64::from(hits.trailing_zeros() / 2);
        if self.count == 0 {
            self.first = prev;
        } else {
            self.gap(pos - 1 - self.trail, prev);
        }
        let mut rest = hits & (hits - 1);
        while rest != 0 {
            let at = pos + u64::from(rest.trailing_zeros() / 2);
            self.gap(prev, at);
            prev = at;
            rest &= rest - 1;
        }
        self.count += u64::from(hits.count_ones());
        self.trail = pos + valid - 1 - prev;
        if self.max_gap != record {
            self.plan = run_plan(self.max_gap);
        }
    }

    #[inline]
    fn gap(&mut self, from: u64, to: u64) {
        if to - from > self.max_gap {
            self.max_gap = to - from;
            self.max_from = from;
        }
    }
}

/// The shifts for [`Lane::has_long_run`]: runs of `g` fields by doubling (1, 2, 4, ... fields),
/// then the rest.
fn run_plan(g: u64) -> [u32; 5] {
    let mut plan = [0; 5];
    if g == 0 || g >= 32 {
        return plan;
    }
    let (mut len, mut k) = (1, 0);
    while 2 * len <= g {
        plan[k] = 2 * len as u32;
        len *= 2;
        k += 1;
    }
    if g > len {
        plan[k] = 2 * (g - len) as u32;
    }
    plan
}

// ---- checkpoints -------------------------------------------------------------------------

/// The run a checkpoint belongs to, for [`crate::files`]: the bound and the engine sizes.
fn checkpoint_params(to: u64, config: Config) -> String {
    format!(
        "imark:s=1:d=2,3 to {to} base {} batch {} chunk {}",
        config.base, config.batch, config.chunk
    )
}

/// Saves the state as little-endian words in a checkpoint envelope ([`crate::files`]).
fn save(path: &Path, state: &State) -> Result<()> {
    let mut bytes = Vec::new();
    let mut put = |x: u64| bytes.extend_from_slice(&x.to_le_bytes());
    put(state.gaps.len() as u64);
    for g in &state.gaps {
        for x in [g.value, g.count, g.first, g.last] {
            put(x);
        }
        put(g.max_gap.map_or(u64::MAX, |x| x));
        put(g.max_gap_from.map_or(u64::MAX, |x| x));
    }
    put(state.nodes.len() as u64);
    for node in &state.nodes {
        for x in [node.m, u64::from(node.active), node.lo, node.hi, node.sh] {
            put(x);
        }
        put(node.words.as_slice().len() as u64);
        for &w in node.words.as_slice() {
            put(w);
        }
    }
    crate::files::save_checkpoint(
        path,
        "imark23-blocks",
        &checkpoint_params(state.to, state.config),
        &bytes,
    )
}

/// Reads a state saved by [`save`] for the run `(to, config)`, validating every field: the gap
/// statistics must fit the positions counted, and every node must hold the range its parents
/// will read, aligned and of the right length, with a state word of a real value.
fn load(path: &Path, to: u64, config: Config) -> Result<State> {
    let bad = |why: &str| Error::Invalid(format!("checkpoint {}: {why}", path.display()));
    let body =
        crate::files::load_checkpoint(path, "imark23-blocks", &checkpoint_params(to, config))?;
    let mut at = 0usize;
    let mut get = || -> Result<u64> {
        let chunk = body.get(at..at + 8).ok_or_else(|| bad("truncated"))?;
        at += 8;
        Ok(u64::from_le_bytes(chunk.try_into().expect("8 bytes")))
    };
    let mut gaps = Vec::new();
    let values = get()?;
    if values > 4 {
        return Err(bad("more values than i-Mark({1},{2,3}) has"));
    }
    for _ in 0..values {
        let (value, count, first, last) = (get()?, get()?, get()?, get()?);
        let opt = |x: u64| (x != u64::MAX).then_some(x);
        let (max_gap, max_gap_from) = (opt(get()?), opt(get()?));
        gaps.push(GapStats {
            value,
            count,
            first,
            last,
            max_gap,
            max_gap_from,
        });
    }
    // Rebuild the node graph for `to` and fill in the saved cursors.
    let mut nodes = graph(to, config);
    if get()? != nodes.len() as u64 {
        return Err(bad("its nodes do not match the run"));
    }
    for node in nodes.iter_mut() {
        let (m, active, lo, hi, sh) = (get()?, get()?, get()?, get()?, get()?);
        let len = get()?;
        let expected_len = hi.checked_sub(lo).map(|d| d / 32 + 1);
        let fits = if active == 1 {
            lo % 32 == 0 && hi % UNIT == 0 && hi >= config.base && expected_len == Some(len)
        } else {
            active == 0 && (lo, hi, len) == (0, config.base, 0)
        };
        if node.m != m || !fits || sh % 16 != 0 || sh > 48 {
            return Err(bad(&format!("the node for {m} is damaged")));
        }
        let words = (0..len).map(|_| get()).collect::<Result<Vec<u64>>>()?;
        node.active = active == 1;
        node.lo = lo;
        node.hi = hi;
        node.sh = sh;
        node.words = Words::from_vec(words);
    }
    if at != body.len() {
        return Err(bad("damaged (trailing data)"));
    }
    // The top node keeps no values; every active node holds what its parents read next.
    let top = &nodes[0];
    let end = to.div_ceil(UNIT).saturating_add(1).saturating_mul(UNIT);
    if !top.active && top.hi != config.base || top.active && (top.lo != top.hi || top.hi > end) {
        return Err(bad("the top node is damaged"));
    }
    for node in &nodes {
        for &(p, d) in &node.parents {
            let parent = &nodes[p];
            if node.active && parent.active && (node.lo > parent.hi / d || node.hi < parent.hi / d)
            {
                return Err(bad(&format!(
                    "the node for {} does not hold what the node for {} reads",
                    node.m, parent.m
                )));
            }
        }
    }
    let counted = if top.active {
        top.hi.min(to + 1)
    } else {
        (to + 1).min(config.base)
    };
    GapTracker::check_stats(&gaps, 0, counted, 3).map_err(|why| bad(&why))?;
    Ok(State {
        to,
        config,
        nodes,
        gaps,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::subdivision::SubDivision;
    use crate::solve::DenseSolver;
    use proptest::prelude::*;

    fn small() -> Config {
        Config {
            base: 4 * UNIT,
            batch: 7 * UNIT,
            chunk: 2 * UNIT,
        }
    }

    fn values(to: u64, config: Config) -> Vec<u64> {
        let mut all = Vec::new();
        run(
            to,
            config,
            &Options::default(),
            &mut |_, _| {},
            &mut |from, words, count| {
                assert_eq!(from, all.len() as u64);
                let view = View { lo: from, words };
                all.extend((from..from + count).map(|p| view.value(p)));
            },
        )
        .unwrap();
        all
    }

    fn dense(to: u64) -> Vec<u64> {
        let game = SubDivision::imark(vec![1], vec![2, 3]).unwrap();
        let mut solver = DenseSolver::new(&game);
        solver.extend_to(to + 1).unwrap();
        solver.values().to_vec(0..to as usize + 1)
    }

    #[test]
    fn the_block_table_follows_the_rules() {
        // q = 1: positions 6..11 with 5 -> 0, halves 3,4,5 = 2,1,0 and thirds 2,3 = 0,2.
        // 6: {0,2,0} -> 1; 7: {1} -> 0; 8: {0, SG(4)=1} -> 2; 9: {2, SG(3)=2} -> 0;
        // 10: {0, SG(5)=0} -> 1; 11: {1} -> 0.
        let rest = 2 << 2 | 2 << 4 | 1 << 6;
        let out = block_table()[rest] & 0xFFF; // incoming value 0: bits 0..11
        let got: Vec<u64> = (0..6).map(|k| (out >> (2 * k)) & 3).collect();
        assert_eq!(got, vec![1, 0, 2, 0, 1, 0]);
        assert_eq!(dense(11)[6..], [1, 0, 2, 0, 1, 0]);
    }

    #[test]
    fn small_runs_match_the_dense_engine() {
        let expected = dense(300_000);
        for to in [0, 1, 5, 383, 384, 385, 1000, 4321, 300_000] {
            assert_eq!(values(to, small()), expected[..=to as usize], "to = {to}");
        }
        let other = Config {
            base: 6 * UNIT,
            batch: 96 * UNIT,
            chunk: 5 * UNIT,
        };
        assert_eq!(values(300_000, other), expected);
    }

    #[test]
    fn gaps_match_the_tracker_and_resume_gives_the_same_result() {
        let to = 2_000_000;
        let expected = {
            let mut t = GapTracker::new();
            for (n, v) in dense(to).into_iter().enumerate() {
                t.push(n as u64, v);
            }
            t.finish()
        };
        let config = Config {
            base: 4 * UNIT,
            batch: 1000 * UNIT,
            chunk: 64 * UNIT,
        };
        let whole = gaps(to, config, &Options::default(), &mut |_, _| {}).unwrap();
        assert!(whole.finished);
        assert_eq!(whole.gaps, expected);
        // Stop twice, resume from the file each time.
        let dir_scratch = tempfile::tempdir().unwrap();
        let dir = dir_scratch
            .path()
            .join(format!("grundy-imark23-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("run.ckpt");
        let _ = std::fs::remove_file(&path);
        for _ in 0..2 {
            let options = Options {
                checkpoint: Some(&path),
                save_every: 0.0,
                max_batches: Some(7),
            };
            let part = gaps(to, config, &options, &mut |_, _| {}).unwrap();
            assert!(!part.finished);
        }
        let options = Options {
            checkpoint: Some(&path),
            ..Options::default()
        };
        let resumed = gaps(to, config, &options, &mut |_, _| {}).unwrap();
        assert_eq!(resumed, whole);
        // A checkpoint for another bound is refused.
        assert!(gaps(to + 1, config, &options, &mut |_, _| {}).is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// A checkpoint edited field by field, with its checksum recomputed (as someone crafting
        /// a file would), is refused or resumed; it never makes the engine panic.
        #[test]
        fn crafted_checkpoints_never_panic(slot in 0usize..4000, how in 0u64..6, seed in any::<u64>()) {
            let to = 300_000;
            let config = small();
            let dir_scratch = tempfile::tempdir().unwrap();
            let dir = dir_scratch.path().join(format!("grundy-crafted-{}", std::process::id()));
            std::fs::create_dir_all(&dir).unwrap();
            let path = dir.join(format!("ck-{slot}-{how}-{seed}"));
            let stop = Options { checkpoint: Some(&path), save_every: 0.0, max_batches: Some(3) };
            gaps(to, config, &stop, &mut |_, _| {}).unwrap();
            let params = checkpoint_params(to, config);
            let mut body = crate::files::load_checkpoint(&path, "imark23-blocks", &params).unwrap();
            let words = body.len() / 8;
            let at = 8 * (slot % words);
            let old = u64::from_le_bytes(body[at..at + 8].try_into().unwrap());
            let new = match how {
                0 => old.wrapping_add(1),
                1 => old.wrapping_sub(1),
                2 => old.wrapping_add(32),
                3 => old.wrapping_add(UNIT),
                4 => u64::MAX,
                _ => seed,
            };
            body[at..at + 8].copy_from_slice(&new.to_le_bytes());
            crate::files::save_checkpoint(&path, "imark23-blocks", &params, &body).unwrap();
            let resume = Options { checkpoint: Some(&path), save_every: 1e9, max_batches: None };
            let outcome = std::panic::catch_unwind(|| gaps(to, config, &resume, &mut |_, _| {}).map(|r| r.finished));
            let _ = std::fs::remove_file(&path);
            prop_assert!(outcome.is_ok(), "slot {} ({} -> {}) panicked", at / 8, old, new);
        }
    }

    #[test]
    fn runs_of_empty_fields() {
        let lane = |g: u64| Lane {
            max_gap: g,
            plan: run_plan(g),
            ..Lane::default()
        };
        // Fields: occurrences at 0, 5 and 31 (4 empty fields, then 25).
        let hits = 1 | 1 << 10 | 1 << 62;
        assert!(lane(4).has_long_run(hits));
        assert!(lane(25).has_long_run(hits));
        assert!(!lane(26).has_long_run(hits));
        // Occurrences at every other field: runs of one.
        assert!(lane(1).has_long_run(EVEN & 0x3333_3333_3333_3333));
        assert!(!lane(2).has_long_run(EVEN & 0x3333_3333_3333_3333));
        // A run up to the top of the word counts (its gap will be at least that long).
        assert!(lane(19).has_long_run(1 << 24));
        assert_eq!(run_plan(19), [2, 4, 8, 16, 6]);
    }

    proptest! {
        /// The word-at-a-time scanner against the one-value-at-a-time tracker, on random words
        /// (from a few patterns, so that long and short gaps both occur) and random bounds.
        #[test]
        fn the_scanner_matches_the_tracker(
            words in prop::collection::vec(
                prop_oneof![
                    any::<u64>(),
                    any::<u64>().prop_map(|w| w & (w >> 7) & (w >> 13)),
                    any::<u64>().prop_map(|w| w | (w >> 3)),
                ],
                1..40,
            ),
            start in 0u64..1000,
            cut in 0u64..1280,
        ) {
            let end = start + cut.min(32 * words.len() as u64);
            let mut tracker = GapTracker::new();
            let view = View { lo: start, words: &words };
            for p in start..end {
                tracker.push(p, view.value(p));
            }
            prop_assert_eq!(scan_chunk(&words, start, end).finish(), tracker.finish());
        }
    }

    /// `cargo test --release -p grundy -- --ignored imark23_table1`: the paper's Table 1 with the
    /// fast engine, checked against the straightforward loop to 2^31 - 1 (about a minute and 2
    /// GiB for the loop).
    #[test]
    #[ignore]
    fn imark23_table1() {
        let to = (1u64 << 31) - 1;
        let run = gaps(to, Config::default(), &Options::default(), &mut |_, _| {}).unwrap();
        let gaps: Vec<u64> = run.gaps.iter().map(|g| g.max_gap.unwrap()).collect();
        assert_eq!(gaps, vec![4, 8, 19, 240]);
        let mut values = vec![0u8; to as usize + 1];
        let mut tracker = GapTracker::new();
        tracker.push(0, 0);
        for n in 1..=to as usize {
            let mut mask = 1u8 << values[n - 1];
            if n % 2 == 0 {
                mask |= 1 << values[n / 2];
            }
            if n % 3 == 0 {
                mask |= 1 << values[n / 3];
            }
            values[n] = (!mask).trailing_zeros() as u8;
            tracker.push(n as u64, u64::from(values[n]));
        }
        assert_eq!(run.gaps, tracker.finish());
    }
}
