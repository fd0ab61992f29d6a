//! The engine: `G(0), G(1), ...` of a heap game, to as far as memory allows.
//!
//! `G(n)` is the mex of the values of the moves from a heap of `n`: `0` for emptying it (when
//! `n = t` and the digit allows), `G(n - t)`, `G(a) XOR G(b)` over splits `a + b = n - t`, and
//! for hexadecimal codes `G(a) XOR G(b) XOR G(c)`. The two-heap splits are the expensive part
//! (`n/2` of them per `t`); the engine visits them by the sparse-space method of [`super::sparse`]:
//!
//! 1. every pair with a rare part: the rare positions below [`BLOCK`] and those found in the
//!    current block one value at a time; the other rare positions, for all `n` of a block at once
//!    and in parallel (their partner `n - t - x` lies before the block, and for a fixed rare `x`
//!    the partners of consecutive `n` are consecutive, so the reads stream);
//! 2. the mex `g` of what was found; if common-common pairs cannot give `g`'s parity, `g` is the
//!    value;
//! 3. otherwise the pairs `(a, n - t - a)` for `a = 1, 2, ...`, all `t` interleaved, until the mex
//!    has a parity they cannot give (usually within a few steps), or all of them (rarely: when
//!    the value itself is rare).
//!
//! Step 3 is almost always a confirmation: the value is the least value `g1` of the parity
//! common-common pairs cannot give, once the values missing below it are found. So the engine
//! takes `g1` and computes the next positions from it (a window of them), then runs their
//! checks in parallel, and with two threads or more computes the window after it meanwhile
//! (steps 1-2 are the serial part: each value needs the one before); a failed check gives that
//! position its true value, and every position after it is computed again. The window doubles
//! while checks hold and shrinks to where one failed, so games whose rare values keep coming
//! run nearly in order. (Grossman's Officers program speculates the same way; see issue 30.) Games like Treblecross
//! (0.007), with no period and a check at almost every position, spend most of their time
//! there.
//!
//! While the sparse structure has not appeared yet (more than one position in
//! `STRIKE_RARE_RATIO` rare: Treblecross has a quarter rare at 5 x 10^4), visiting the rare
//! pairs costs about as much as visiting all of them; then *strike mode* visits every pair, the
//! first few into a bitset and the others only testing whether they give a value still missing
//! (a SIMD set lookup, [`kernel::strike`]), which is several times cheaper a pair than marking.
//!
//! The split is chosen again each time the table doubles (the one with the fewest rare positions
//! among the latest values). Games with three-heap moves use the plain rule, with the set of
//! two-heap split values of every heap kept as a bitset (`P(m)`), so a three-heap split of `m`
//! is the union of `G(a) XOR P(m - a)`. [`definition`] is the rule as written, the tests'
//! reference.

use std::sync::atomic::{AtomicUsize, Ordering};

use rayon::prelude::*;

use super::code::Rules;
use super::kernel;
use super::period::{Proof, Watch};
use super::sparse::{self, Split};
use super::values::{Table, Value};
use crate::ruleset::HeapShape;
use crate::{Error, Result};

/// Values are computed in blocks of this many; rare positions below it are visited one value
/// at a time, the others for a whole block at once.
pub const BLOCK: usize = 1 << 9;
/// Positions per parallel task in a block.
const CHUNK: usize = 1 << 8;
/// Pair evaluations per block below which the block is not split among threads.
const PARALLEL_WORK: usize = 1 << 18;
/// The most values the engine computes (16 GiB of one-byte values).
pub const MAX_LEN: u64 = 1 << 34;
/// The most values of a game with three-heap moves (plain rule, quadratic).
pub const MAX_LEN_THREE_HEAPS: u64 = 1 << 16;
/// Strike mode: the pairs `(a, m - a)` with `a` below this are marked in a bitset; the values
/// still missing are then struck by the others. Treblecross to 10^5, one thread, with the
/// buffered strike kernel: 0.36 s with 2^6 or 2^7, 0.37 s with 2^8, 0.41 s with 2^10.
const STRIKE_PREFIX: usize = 1 << 7;
/// Strike mode is used while more than one position in this many is rare (below, the sparse
/// block step, about this many times slower a pair, visits few enough pairs). Treblecross to
/// 2 x 10^5 on one thread: 2.65 s with 4, 2.22 s with 8, 2.11 s with 16 or 32.
const STRIKE_RARE_RATIO: usize = 16;
/// The first table length at which the split is chosen (then at every doubling).
const FIRST_CHOICE: usize = 1 << 10;
/// The first window of positions computed ahead of their checks.
const FIRST_WINDOW: usize = 16;
/// The longest window: short enough that a block holds several, so that the next window is
/// computed while the checks of one run.
const WINDOW: usize = 64;
/// Pairs per check from which the checks of a window run in parallel (shorter ones do not pay
/// for the tasks).
#[cfg(not(test))]
const PARALLEL_CHECK_PAIRS: u64 = 1 << 8;
/// In unit tests, any window of two checks or more (after the first checks) runs them in
/// parallel (on the tests' thread pool), so that short runs take the parallel path too.
#[cfg(test)]
const PARALLEL_CHECK_PAIRS: u64 = 1;

/// The moves of a heap, by kind.
#[derive(Debug, Clone, Default)]
struct Moves {
    take_all: Vec<usize>,
    take_one: Vec<usize>,
    split2: Vec<usize>,
    split3: Vec<usize>,
    unequal: bool,
}

/// Counts of the work done, for benchmarks and budgets.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Pairs visited one value at a time (rare parts, and the scans of step 3).
    pub pairs: u64,
    /// Pairs visited a block at a time.
    pub block_pairs: u64,
    /// How many values needed step 3.
    pub scans: u64,
    /// Pairs of step 3 visited before the values looked for were few.
    pub presence_pairs: u64,
    /// Positions computed ahead of a check that failed, and so computed again.
    pub redone: u64,
    /// Positions computed in strike mode (every pair, by SIMD strikes).
    pub struck: u64,
    /// Checks that failed (a new rare value, or a window computed again).
    pub failures: u64,
    /// Positions computed beside the checks of the window before them (two threads or more).
    pub led: u64,
}

impl Stats {
    /// All pair evaluations.
    pub fn total(&self) -> u64 {
        self.pairs + self.block_pairs
    }
}

/// How far to go and when to stop.
#[derive(Debug, Clone, Copy)]
pub struct Run {
    /// Stop as soon as a period is proven (before the requested length).
    pub stop_at_proof: bool,
    /// Refuse to go on once this many pair evaluations have been spent in total.
    pub budget: u64,
}

impl Default for Run {
    fn default() -> Self {
        Run {
            stop_at_proof: false,
            budget: u64::MAX,
        }
    }
}

/// The values of one heap game, growing on request.
#[derive(Debug, Clone)]
pub struct Engine {
    rules: Rules,
    table: Table,
    core: Core,
}

#[derive(Debug, Clone)]
struct Core {
    moves: Moves,
    split: Split,
    /// Rare positions `x >= 1`, ascending.
    rare: Vec<usize>,
    max_value: u32,
    next_choice: usize,
    /// Three-heap games: `P(m)` for every computed `m`, `pair_words` words each.
    pairs: Vec<u64>,
    pair_words: usize,
    /// Scratch space of step 3 when it runs on this thread.
    scratch: Scratch,
    /// Lists of missing values to reuse.
    spare: Vec<Vec<u32>>,
    /// One byte per value, scratch space of [`Core::candidate`].
    marks: Vec<u8>,
    /// Strike mode with two-byte values: `G(k)` at `mirror[mirror.len() - 1 - k]` for
    /// `k < mirrored` ([`kernel::strike_mirrored`] reads partners forward from it).
    mirror: Vec<u16>,
    mirrored: usize,
    /// Pairs per check in the last window that ran checks.
    check_pairs: u64,
    /// How many positions are computed ahead before their checks (step 3) run: doubled after
    /// a window whose checks all held, cut back to where the first failed otherwise.
    window: usize,

    watch: Watch,
    stats: Stats,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Rare pairs, then a scan only when needed.
    Sparse,
    /// Every pair.
    Full,
    /// Three-heap moves: the plain rule over pair sets.
    Three,
    /// Every pair, one position at a time: the first [`STRIKE_PREFIX`] pairs of each move
    /// into a bitset, then the values still missing struck by the other pairs
    /// ([`kernel::strike`]); for two-byte values below 2^11 on processors where that is fast.
    Strike,
}

/// What the block step found: one row of `wb` words per `n`, and (sparse mode) the range of
/// rare positions it covered.
struct Block {
    lo: usize,
    hi: usize,
    rows: Vec<u64>,
    wb: usize,
}

impl Block {
    fn none() -> Self {
        Block {
            lo: 0,
            hi: 0,
            rows: Vec::new(),
            wb: 0,
        }
    }

    fn row(&self, i: usize) -> &[u64] {
        if self.wb == 0 {
            &[]
        } else {
            &self.rows[i * self.wb..(i + 1) * self.wb]
        }
    }
}

/// Scratch space of step 3, one per thread.
#[derive(Debug, Clone, Default)]
struct Scratch {
    /// One byte per value (wide values).
    present: Vec<u8>,
    /// One bit per value (narrow values).
    found: Vec<u64>,
}

/// Values read by position: one slice (the table), or the table's checked part and the
/// values computed after it while its checks run ([`Core::lead`]).
trait Read {
    fn at(&self, i: usize) -> u32;
}

impl<V: Value> Read for [V] {
    #[inline(always)]
    fn at(&self, i: usize) -> u32 {
        self[i].get()
    }
}

/// `head` followed by `tail`.
struct Parts<'a, V> {
    head: &'a [V],
    tail: &'a [V],
}

impl<V: Value> Read for Parts<'_, V> {
    #[inline(always)]
    fn at(&self, i: usize) -> u32 {
        match i.checked_sub(self.head.len()) {
            None => self.head[i].get(),
            Some(k) => self.tail[k].get(),
        }
    }
}

thread_local! {
    /// Scratch space of the checks that run on a thread of the pool.
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::default();
}

/// What the rare pairs decide for a position.
enum Candidate {
    /// The value.
    Value(u32),
    /// The value is `g1` once every value of `missing` is found among the split pairs (step 3);
    /// otherwise it is the least value of `missing` not found.
    Check { g1: u32 },
}

/// A position whose value waits for step 3.
struct Check {
    n: usize,
    missing: Vec<u32>,
}

/// The sparse block step for wide values: the pairs of the rare positions as one byte per
/// value (plain stores), then packed into the rows' bits. The rows are taken a tile of
/// [`TILE`] at a time, and within a tile one rare position `x` at a time: the partners
/// `n - t - x` of the tile's `n` are consecutive (one or two cache lines), and the tile's bytes
/// stay in the first-level cache.
fn fill_wide<V: Value>(
    g: &[V],
    moves: &Moves,
    rare: &[usize],
    n_lo: usize,
    rows: &mut [u64],
    wb: usize,
    bits: u32,
) -> u64 {
    const TILE: usize = kernel::TILE;
    let stride = wb * 64;
    // Every value, and so every XOR, is below 2^bits (and 2^bits < stride).
    let mask = (1u32 << bits) - 1;
    let values: Vec<u32> = rare.iter().map(|&x| g[x].get()).collect();
    let mut bytes = vec![0u8; TILE * stride];
    let mut visited = 0u64;
    for (tile_index, tile_rows) in rows.chunks_mut(TILE * wb).enumerate() {
        let lo = n_lo + tile_index * TILE;
        let count = tile_rows.len() / wb;
        let hi = lo + count;
        bytes[..count * stride].fill(0);
        // Whole tiles of games without Grundy's rule: the rare positions whose partners are
        // all at least 1 take the tile kernel, the others the loop below.
        let mut whole = vec![0usize; moves.split2.len()];
        if count == TILE && !moves.unequal {
            for (&t, whole) in moves.split2.iter().zip(whole.iter_mut()) {
                if lo > t {
                    *whole = rare.partition_point(|&x| x < lo - t);
                    kernel::mark_tile(
                        g,
                        lo - t,
                        &rare[..*whole],
                        &values,
                        &mut bytes,
                        stride,
                        mask,
                    );
                    visited += (*whole * TILE) as u64;
                }
            }
        }
        for (k, (&x, &gx)) in rare.iter().zip(&values).enumerate() {
            for (&t, &whole) in moves.split2.iter().zip(&whole) {
                if k < whole {
                    continue;
                }
                // n in lo..hi with a partner n - t - x >= 1.
                let first = lo.max(x + t + 1);
                if first >= hi {
                    continue;
                }
                let src = &g[first - t - x..hi - t - x];
                kernel::mark_rows(src, gx, &mut bytes[(first - lo) * stride..], stride, mask);
                visited += (hi - first) as u64;
                // Grundy's game: the equal split (x, x) of n = 2x + t is not a move.
                if moves.unequal && (first..hi).contains(&(2 * x + t)) {
                    let n = 2 * x + t;
                    let row = &mut bytes[(n - lo) * stride..(n - lo + 1) * stride];
                    unequal_fix(g, moves, rare, &values, n, row);
                }
            }
        }
        for (row, bytes) in tile_rows
            .chunks_exact_mut(wb)
            .zip(bytes.chunks_exact(stride))
        {
            kernel::pack_bytes(bytes, row);
        }
    }
    visited
}

/// Grundy's game: the row of `n` without the forbidden equal split, recomputed from scratch.
fn unequal_fix<V: Value>(
    g: &[V],
    moves: &Moves,
    rare: &[usize],
    values: &[u32],
    n: usize,
    row: &mut [u8],
) {
    row.fill(0);
    for &t in &moves.split2 {
        if n < t + 2 {
            break;
        }
        let m = n - t;
        for (&x, &gx) in rare.iter().zip(values) {
            if x >= m {
                break;
            }
            if 2 * x != m {
                row[(gx ^ g[m - x].get()) as usize] = 1;
            }
        }
    }
}

/// Step 3 for `n`: the split pairs `(a, n - t - a)`, in order of their smaller part and all `t`
/// interleaved, are visited in growing chunks, and the values they give are struck from
/// `missing` (values below `64 * words(max_value)`): first by filling a bitset (or one byte per
/// value when values are wide), and once few are left by looking for those values only
/// ([`kernel::find`]). It stops when `missing` is empty; otherwise every pair is seen and
/// the least value left is `G(n)`. Returns the pairs visited, and how many of them filled the
/// bitset. `mirror`, if given, mirrors `g` as [`Core::sync_mirror`] keeps it.
fn confirm<V: Value>(
    g: &[V],
    mirror: Option<&[u16]>,
    moves: &Moves,
    n: usize,
    max_value: u32,
    missing: &mut Vec<u32>,
    scratch: &mut Scratch,
) -> (u64, u64) {
    let bits = 32 - max_value.leading_zeros();
    if kernel::strike_is_fast::<V>(bits) {
        return (confirm_by_strikes(g, mirror, moves, n, missing), 0);
    }
    let limit = 64 * words(max_value);
    let wide = bits > 6;
    let Scratch { present, found } = scratch;
    if wide {
        // At least 2^16 bytes (the kernel's fast loop); only the values below `limit` occur,
        // so only they are cleared.
        let size = limit.max(1 << 16);
        if present.len() < size {
            present.resize(size, 0);
        }
        present[..limit].fill(0);
    } else {
        found.clear();
        found.resize(limit / 64, 0);
    }
    let (mut visited, mut presence) = (0u64, 0u64);
    // Growing chunks: the kernel of the targeted phase ends as soon as every value looked for
    // is found, so only the marking phase reads pairs past the point where it could stop.
    let (mut a, mut chunk) = (1, 256);
    while !missing.is_empty() {
        let targeted = missing.len() <= kernel::TARGETS;
        let mut any = false;
        let mut hits = 0u32;
        for &t in &moves.split2 {
            if n < t + 2 {
                break;
            }
            let m = n - t;
            let top = (last_part(m, moves.unequal) + 1).min(a + chunk);
            if a >= top {
                continue;
            }
            any = true;
            if targeted {
                if hits.count_ones() as usize == missing.len() {
                    break;
                }
                let (found, read) = kernel::find(g, m, a, top, missing);
                hits |= found;
                visited += read as u64;
            } else {
                visited += (top - a) as u64;
                presence += (top - a) as u64;
                if wide {
                    kernel::pairs_bytes(g, m, a, top, present);
                } else {
                    kernel::pairs(g, m, a, top, found, bits);
                }
            }
        }
        if targeted {
            let mut j = 0;
            missing.retain(|_| {
                j += 1;
                hits >> (j - 1) & 1 == 0
            });
        } else if wide {
            missing.retain(|&v| present[v as usize] == 0);
        } else {
            missing.retain(|&v| found[(v >> 6) as usize] >> (v & 63) & 1 == 0);
        }
        if !any {
            break;
        }
        a += chunk;
        chunk = (chunk * 2).min(1 << 14);
    }
    (visited, presence)
}

/// [`confirm`] with the missing values as one set struck by each pair ([`kernel::strike`]),
/// when the processor does that fast: no phase filling a bitset first. Values at or above
/// 2^11 cannot be struck (no XOR reaches them) and stay missing. Returns the pairs visited.
fn confirm_by_strikes<V: Value>(
    g: &[V],
    mirror: Option<&[u16]>,
    moves: &Moves,
    n: usize,
    missing: &mut Vec<u32>,
) -> u64 {
    // A word at a time in a register (`missing` is ascending), not an update in memory
    // per value, which makes a chain of dependent stores.
    let mut targets: kernel::Targets = [0; 32];
    let (mut index, mut word) = (0usize, 0u64);
    for &v in missing.iter().filter(|&&v| v < kernel::TARGET_VALUES) {
        if (v >> 6) as usize != index {
            targets[index] |= word;
            (index, word) = ((v >> 6) as usize, 0);
        }
        word |= 1 << (v & 63);
    }
    targets[index] |= word;
    let mut visited = 0u64;
    // One kind of split (most codes): one call over all the pairs, which the kernel ends as
    // soon as every value is found. Several: in growing chunks, all kinds interleaved.
    let (mut a, mut chunk) = if moves.split2.len() == 1 {
        (1, usize::MAX / 2)
    } else {
        (1, 256)
    };
    'chunks: loop {
        let mut any = false;
        for &t in &moves.split2 {
            if targets.iter().all(|&w| w == 0) {
                break 'chunks;
            }
            if n < t + 2 {
                break;
            }
            let m = n - t;
            let top = (last_part(m, moves.unequal) + 1).min(a + chunk);
            if a < top {
                any = true;
                visited += match (V::as_words(g), mirror) {
                    (Some(words), Some(mirror)) => {
                        kernel::strike_mirrored(words, mirror, m, a, top, &mut targets)
                    }
                    _ => kernel::strike(g, m, a, top, &mut targets),
                } as u64;
            }
        }
        if !any {
            break;
        }
        a += chunk;
        chunk = (chunk * 2).min(1 << 14);
    }
    missing
        .retain(|&v| v >= kernel::TARGET_VALUES || targets[(v >> 6) as usize] >> (v & 63) & 1 == 1);
    visited
}

/// What the checks of a window found: the first that failed (its position and true value),
/// and the pairs each check that ran visited (with those that filled a set).
struct Report {
    failed: Option<(usize, u32)>,
    counts: Vec<(u64, u64)>,
}

/// Runs `checks` (ascending positions, every one below `g.len()`), in parallel on the pool's
/// threads (each with its own scratch space): checks after a known failure are skipped.
fn check_window<V: Value>(
    g: &[V],
    mirror: Option<&[u16]>,
    moves: &Moves,
    checks: &mut [Check],
    max: u32,
) -> Report {
    let first_failure = AtomicUsize::new(usize::MAX);
    let counts: Vec<Option<(u64, u64)>> = checks
        .par_iter_mut()
        .enumerate()
        .map(|(i, check)| {
            if i > first_failure.load(Ordering::Relaxed) {
                return None;
            }
            let counts = SCRATCH.with_borrow_mut(|scratch| {
                confirm(g, mirror, moves, check.n, max, &mut check.missing, scratch)
            });
            if !check.missing.is_empty() {
                first_failure.fetch_min(i, Ordering::Relaxed);
            }
            Some(counts)
        })
        .collect();
    Report {
        failed: checks
            .iter()
            .find_map(|check| check.missing.first().map(|&v| (check.n, v))),
        counts: counts.into_iter().flatten().collect(),
    }
}

/// [`check_window`] in order on this thread: the first failure ends it.
fn check_window_with<V: Value>(
    g: &[V],
    mirror: Option<&[u16]>,
    moves: &Moves,
    checks: &mut [Check],
    max: u32,
    scratch: &mut Scratch,
) -> Report {
    let mut counts = Vec::with_capacity(checks.len());
    for check in checks {
        counts.push(confirm(
            g,
            mirror,
            moves,
            check.n,
            max,
            &mut check.missing,
            scratch,
        ));
        if let Some(&v) = check.missing.first() {
            return Report {
                failed: Some((check.n, v)),
                counts,
            };
        }
    }
    Report {
        failed: None,
        counts,
    }
}

/// The largest smaller part `a` of a two-heap split of `m` (`a <= m - a`; `a < m - a` for
/// Grundy's game).
#[inline]
fn last_part(m: usize, unequal: bool) -> usize {
    if unequal {
        (m - 1) / 2
    } else {
        m / 2
    }
}

enum Stop {
    /// The requested length is reached.
    Done,
    /// A value does not fit the table's width.
    Widen,
    /// A period is proven (and the run stops there).
    Proven,
}

impl Engine {
    /// An engine for `rules`, with no value computed yet.
    pub fn new(rules: Rules) -> Self {
        let moves = Moves {
            take_all: rules.takes(0),
            take_one: rules.takes(1),
            split2: rules.takes(2),
            split3: rules.takes(3),
            unequal: rules.unequal(),
        };
        let watch = Watch::new(shape(&rules));
        Engine {
            rules,
            table: Table::default(),
            core: Core {
                moves,
                split: Split::DEFAULT,
                rare: Vec::new(),
                max_value: 0,
                next_choice: FIRST_CHOICE,
                pairs: Vec::new(),
                pair_words: 1,
                scratch: Scratch::default(),
                spare: Vec::new(),
                marks: Vec::new(),
                mirror: Vec::new(),
                mirrored: 0,
                check_pairs: 0,
                window: FIRST_WINDOW,
                watch,
                stats: Stats::default(),
            },
        }
    }

    /// An engine whose first values are `table` (from a checkpoint): every derived state (the
    /// split, the rare positions, the period search) is rebuilt from the values.
    pub fn from_table(rules: Rules, table: Table) -> Result<Self> {
        let mut engine = Engine::new(rules);
        let len = table.len();
        if engine.core.moves.split3.is_empty() {
            engine.core.max_value = (0..len).map(|n| table.get(n)).max().unwrap_or(0);
            engine.table = table;
            let core = &mut engine.core;
            if len >= FIRST_CHOICE {
                core.choose_split(&engine.table);
            }
            core.rare = (1..len)
                .filter(|&n| core.split.is_rare(n, engine.table.get(n)))
                .collect();
        } else {
            // Three-heap games keep the pair sets, which only a recomputation rebuilds.
            engine.extend(len as u64, &Run::default(), &mut |_| {})?;
            if engine.table.to_vec(0, len) != table.to_vec(0, len) {
                return Err(Error::Invalid(
                    "the stored values are not the game's values".into(),
                ));
            }
        }
        match &engine.table {
            Table::U8(v) => engine.core.watch.restart(v),
            Table::U16(v) => engine.core.watch.restart(v),
            Table::U32(v) => engine.core.watch.restart(v),
        }
        Ok(engine)
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The values computed so far.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// Lends the table out (to be written somewhere without a copy) and takes it back: `f`
    /// must return it unchanged.
    pub fn lend_table<T>(&mut self, f: impl FnOnce(Table) -> (Table, T)) -> T {
        let (table, result) = f(std::mem::take(&mut self.table));
        self.table = table;
        result
    }

    /// How many values are computed (`G(0..len)`).
    pub fn len(&self) -> u64 {
        self.table.len() as u64
    }

    /// Whether no value is computed.
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    /// The largest value computed.
    pub fn max_value(&self) -> u32 {
        self.core.max_value
    }

    /// The split in use.
    pub fn split(&self) -> Split {
        self.core.split
    }

    /// The rare positions under the split in use.
    pub fn rare_positions(&self) -> &[usize] {
        &self.core.rare
    }

    /// The period proven so far, if any.
    pub fn proof(&self) -> Option<Proof> {
        self.core.watch.proof()
    }

    /// The period the last quarter of the values shows and where it starts (observed only).
    pub fn observed_period(&self) -> Option<(u64, u64)> {
        let found = match &self.table {
            Table::U8(v) => super::period::tail_period(v),
            Table::U16(v) => super::period::tail_period(v),
            Table::U32(v) => super::period::tail_period(v),
        };
        found.map(|(p, n0)| (p as u64, n0 as u64))
    }

    /// The work done.
    pub fn stats(&self) -> Stats {
        self.core.stats
    }

    /// `G(n)` for a computed `n`.
    pub fn get(&self, n: u64) -> u32 {
        self.table.get(n as usize)
    }

    /// Computes until `len` values are known (or a period is proven, if `run` says so).
    /// `progress` is told the number of values known after every block.
    pub fn extend(&mut self, len: u64, run: &Run, progress: &mut dyn FnMut(u64)) -> Result<()> {
        let limit = if self.core.moves.split3.is_empty() {
            MAX_LEN
        } else {
            MAX_LEN_THREE_HEAPS
        };
        if len > limit {
            return Err(Error::TooLarge(format!(
                "the engine computes at most {limit} values of {} (asked for {len})",
                self.rules.code()
            )));
        }
        let len = len as usize;
        loop {
            if self.table.len() >= len || (run.stop_at_proof && self.proof().is_some()) {
                return Ok(());
            }
            let stop = match &mut self.table {
                Table::U8(v) => self.core.run(v, len, run, progress)?,
                Table::U16(v) => self.core.run(v, len, run, progress)?,
                Table::U32(v) => self.core.run(v, len, run, progress)?,
            };
            match stop {
                Stop::Done | Stop::Proven => return Ok(()),
                Stop::Widen => self.table.widen()?,
            }
        }
    }
}

/// What the periodicity theorem needs of these rules, or `None` for Grundy's game (two-heap
/// splits restricted to unequal heaps: the theorem's pairing of splits does not apply).
pub fn shape(rules: &Rules) -> Option<HeapShape> {
    (!rules.unequal()).then(|| HeapShape {
        last_digit: rules.last_digit() as u64,
        heaps: u64::from(rules.max_heaps()),
    })
}

/// Words of a bitset holding every mex of values below `2^bits(max)`: `2^bits + 1` bits.
#[inline]
fn words(max_value: u32) -> usize {
    let bits = 32 - max_value.leading_zeros();
    if bits < 6 {
        1
    } else {
        (1usize << (bits - 6)) + 1
    }
}

#[inline(always)]
fn set(seen: &mut [u64], v: u32) {
    seen[(v >> 6) as usize] |= 1 << (v & 63);
}

#[inline]
fn mex(seen: &[u64]) -> u32 {
    for (i, &w) in seen.iter().enumerate() {
        if w != u64::MAX {
            return (i as u32) * 64 + w.trailing_ones();
        }
    }
    seen.len() as u32 * 64
}

impl Core {
    /// Computes values into `g` up to `end` (or the first stop).
    fn run<V: Value>(
        &mut self,
        g: &mut Vec<V>,
        end: usize,
        run: &Run,
        progress: &mut dyn FnMut(u64),
    ) -> Result<Stop> {
        let mut seen: Vec<u64> = Vec::new();
        while g.len() < end {
            let start = g.len();
            if start >= self.next_choice {
                self.next_choice = start.saturating_mul(2);
                self.choose_split_in(g);
            }
            let block_end = end.min(start + BLOCK).min(self.next_choice.max(start + 1));
            let additional = block_end - start;
            if g.try_reserve(additional.max(g.len() / 8)).is_err() {
                g.try_reserve_exact(additional).map_err(|_| {
                    Error::TooLarge(format!(
                        "memory ran out after {start} values ({} byte(s) each)",
                        V::BYTES
                    ))
                })?;
            }
            let three = !self.moves.split3.is_empty();
            let mode = if three {
                Mode::Three
            } else if self.strike_pays::<V>(start) {
                Mode::Strike
            } else if self.sparse_pays::<V>(start) {
                Mode::Sparse
            } else {
                Mode::Full
            };
            if mode == Mode::Sparse {
                let mut sparse_block = || {
                    let block = self.precompute_rare(g, start, block_end);
                    self.sparse_values(g, start, block_end, &block, run)
                };
                // On a thread of the pool, so that the tasks of each window (its checks, the
                // next window) start there, not from a thread that must be woken each time.
                let outside = rayon::current_thread_index().is_none();
                let stop = if outside && rayon::current_num_threads() > 1 {
                    rayon::scope(|_| sparse_block())
                } else {
                    sparse_block()
                };
                if let Some(stop) = stop {
                    progress(g.len() as u64);
                    return Ok(stop);
                }
            } else {
                let block = match mode {
                    Mode::Full => self.precompute_full(g, start, block_end),
                    _ => Block::none(),
                };
                for n in start..block_end {
                    let v = match mode {
                        Mode::Three => self.value_three(g, n, &mut seen),
                        Mode::Strike => self.value_strike(g, n, &mut seen),
                        _ => self.value_full(g, n, block.row(n - start), &mut seen),
                    };
                    if v > V::MAX {
                        if three {
                            self.pairs.truncate(n * self.pair_words);
                        }
                        return Ok(Stop::Widen);
                    }
                    self.push(g, n, v);
                    self.watch.observe(g);
                    if run.stop_at_proof && self.watch.proof().is_some() {
                        progress(g.len() as u64);
                        return Ok(Stop::Proven);
                    }
                }
            }
            progress(g.len() as u64);
            if self.stats.total() > run.budget {
                return Err(Error::TooLarge(format!(
                    "computing the values of this game beyond n = {} needs more than {} pair evaluations, the limit of a single query (`grundy seq` has none: it streams the values with progress)",
                    g.len(),
                    run.budget
                )));
            }
        }
        Ok(Stop::Done)
    }

    /// Whether visiting the pairs of rare positions (and scanning only when needed) is cheaper
    /// than visiting every pair: rare positions must be few, fewer still when the fast kernel
    /// would visit every pair.
    fn sparse_pays<V: Value>(&self, start: usize) -> bool {
        if start < 2 * BLOCK {
            return true;
        }
        let fast = V::BYTES == 1 && self.max_value < 64;
        let ratio = if fast { 32 } else { 2 };
        self.rare.len().saturating_mul(ratio) <= start
    }

    /// Whether strike mode (every pair, struck by SIMD) is cheaper than the sparse method: the
    /// values fit [`kernel::strike`]'s fast loop, and rare positions are not few yet (more than
    /// one in [`STRIKE_RARE_RATIO`]; the block step costs about that many times more a pair).
    fn strike_pays<V: Value>(&self, start: usize) -> bool {
        let bits = 32 - self.max_value.leading_zeros();
        start >= 2 * BLOCK
            && !self.moves.split2.is_empty()
            && kernel::strike_is_fast::<V>(bits)
            && self.rare.len().saturating_mul(STRIKE_RARE_RATIO) > start
    }

    /// Sparse mode: the pairs with a rare part `x` in `[BLOCK, start)` for every `n` of the
    /// block, as one bitset of `wb` words per `n`.
    fn precompute_rare<V: Value>(&mut self, g: &[V], start: usize, block_end: usize) -> Block {
        let lo = self.rare.partition_point(|&x| x < BLOCK);
        let hi = self.rare.len();
        if lo == hi || self.moves.split2.is_empty() {
            return Block {
                lo: hi,
                hi,
                ..Block::none()
            };
        }
        let wb = words(self.max_value);
        let bits = 32 - self.max_value.leading_zeros();
        let len = block_end - start;
        let mut rows = vec![0u64; len * wb];
        let (rare, moves) = (&self.rare[lo..hi], &self.moves);
        let fill = |(chunk_index, chunk): (usize, &mut [u64])| -> u64 {
            let n_lo = start + chunk_index * CHUNK;
            let n_hi = (n_lo + CHUNK).min(block_end);
            if bits > 6 {
                return fill_wide(g, moves, rare, n_lo, chunk, wb, bits);
            }
            let mut visited = 0u64;
            for &x in rare {
                let gx = g[x].get();
                for &t in &moves.split2 {
                    // n with a partner n - t - x >= 1; x >= BLOCK keeps the partner before `start`.
                    let first = n_lo.max(x + t + 1);
                    if first >= n_hi {
                        continue;
                    }
                    // Grundy's game: the equal split (x, x) of n = 2x + t is not a move.
                    let skip = moves.unequal.then_some(2 * x + t);
                    let mut range = |a: usize, b: usize| {
                        if a >= b {
                            return;
                        }
                        let src = &g[a - t - x..b - t - x];
                        let dst = &mut chunk[(a - n_lo) * wb..(b - n_lo) * wb];
                        if wb == 1 {
                            for (d, s) in dst.iter_mut().zip(src) {
                                *d |= 1u64 << (gx ^ s.get());
                            }
                        } else {
                            for (d, s) in dst.chunks_exact_mut(wb).zip(src) {
                                set(d, gx ^ s.get());
                            }
                        }
                        visited += (b - a) as u64;
                    };
                    match skip {
                        Some(e) if e >= first && e < n_hi => {
                            range(first, e);
                            range(e + 1, n_hi);
                        }
                        _ => range(first, n_hi),
                    }
                }
            }
            visited
        };
        let work = (hi - lo) * moves.split2.len() * len;
        let visited: u64 = if work >= PARALLEL_WORK {
            rows.par_chunks_mut(CHUNK * wb).enumerate().map(fill).sum()
        } else {
            rows.chunks_mut(CHUNK * wb).enumerate().map(fill).sum()
        };
        self.stats.block_pairs += visited;
        Block { lo, hi, rows, wb }
    }

    /// Full mode: every pair `(a, n - t - a)` with `a >= BLOCK` for every `n` of the block (the
    /// partner lies before the block), in parallel; the value step adds the pairs with
    /// `a < BLOCK`.
    fn precompute_full<V: Value>(&mut self, g: &[V], start: usize, block_end: usize) -> Block {
        let wb = words(self.max_value);
        let len = block_end - start;
        let bits = 32 - self.max_value.leading_zeros();
        let mut rows = vec![0u64; len * wb];
        let moves = &self.moves;
        let fill = |(i, row): (usize, &mut [u64])| -> u64 {
            let n = start + i;
            let mut visited = 0;
            for &t in &moves.split2 {
                if n < t + 2 {
                    break;
                }
                let m = n - t;
                let top = last_part(m, moves.unequal) + 1;
                if top > BLOCK {
                    kernel::pairs(g, m, BLOCK, top, row, bits);
                    visited += (top - BLOCK) as u64;
                }
            }
            visited
        };
        let work = (start / 2) * moves.split2.len() * len;
        let visited: u64 = if work >= PARALLEL_WORK {
            rows.par_chunks_mut(wb).enumerate().map(fill).sum()
        } else {
            rows.chunks_mut(wb).enumerate().map(fill).sum()
        };
        self.stats.block_pairs += visited;
        Block {
            lo: 0,
            hi: 0,
            rows,
            wb,
        }
    }

    /// Appends `G(n) = v`, with what follows from it.
    fn push<V: Value>(&mut self, g: &mut Vec<V>, n: usize, v: u32) {
        g.push(V::new(v));
        self.max_value = self.max_value.max(v);
        if n >= 1 && self.split.is_rare(n, v) {
            self.rare.push(n);
        }
    }

    /// Forgets the values from `len` on (computed ahead and found wrong, or past a proof):
    /// `max_value` was `max_before` before position `pos`.
    fn truncate<V: Value>(&mut self, g: &mut Vec<V>, len: usize, pos: usize, max_before: u32) {
        g.truncate(len);
        self.mirrored = self.mirrored.min(len);
        let keep = self.rare.partition_point(|&x| x < len);
        self.rare.truncate(keep);
        self.max_value = g[pos.min(len)..]
            .iter()
            .map(|v| v.get())
            .fold(max_before, u32::max);
    }

    /// The options of one-heap moves, and what the block step found (`pre`), into `seen`.
    fn start_options<R: Read + ?Sized>(
        &mut self,
        g: &R,
        n: usize,
        pre: &[u64],
        seen: &mut Vec<u64>,
    ) {
        let w = words(self.max_value);
        seen.clear();
        seen.resize(w, 0);
        for (s, p) in seen.iter_mut().zip(pre) {
            *s |= p;
        }
        let moves = &self.moves;
        if moves.take_all.contains(&n) {
            set(seen, 0);
        }
        let mut takes = 0u64;
        for &t in &moves.take_one {
            if t >= n {
                break;
            }
            set(seen, g.at(n - t));
            takes += 1;
        }
        // Long codes make many one-heap options: they count towards the budget like pairs.
        self.stats.pairs += takes;
    }

    /// Full mode: `G(n)` from what the block step found (`pre`, the pairs with `a >= BLOCK`)
    /// and the pairs with `a < BLOCK`.
    fn value_full<V: Value>(&mut self, g: &[V], n: usize, pre: &[u64], seen: &mut Vec<u64>) -> u32 {
        self.start_options(g, n, pre, seen);
        let moves = &self.moves;
        let bits = 32 - self.max_value.leading_zeros();
        let mut visited = 0;
        for &t in &moves.split2 {
            if n < t + 2 {
                break;
            }
            let m = n - t;
            let top = (last_part(m, moves.unequal) + 1).min(BLOCK);
            kernel::pairs(g, m, 1, top, seen, bits);
            visited += top.saturating_sub(1) as u64;
        }
        self.stats.pairs += visited;
        mex(seen)
    }

    /// Mirrors `words` (all of `G(0..len)`) into `self.mirror`, growing it when full.
    fn sync_mirror(&mut self, words: &[u16]) {
        let len = words.len();
        if self.mirror.len() <= len {
            let size = (2 * len).max(1 << 12);
            self.mirror = vec![0; size];
            self.mirrored = 0;
        }
        let last = self.mirror.len() - 1;
        for (k, &v) in words.iter().enumerate().skip(self.mirrored) {
            self.mirror[last - k] = v;
        }
        self.mirrored = len;
    }

    /// Strike mode: `G(n)` from every pair, the first [`STRIKE_PREFIX`] of each move marked in
    /// `seen`, the rest striking the values still missing. Every value so far is below
    /// `2^bits`, so are the XORs, and the mex is at most `2^bits`; when a new value has made
    /// `2^bits` larger than 2^11 (the strike set), every pair is marked instead.
    fn value_strike<V: Value>(&mut self, g: &[V], n: usize, seen: &mut Vec<u64>) -> u32 {
        self.stats.struck += 1;
        if let Some(words) = V::as_words(g) {
            self.sync_mirror(words);
        }
        self.start_options(g, n, &[], seen);
        let moves = &self.moves;
        let bits = 32 - self.max_value.leading_zeros();
        let strike = kernel::strike_is_fast::<V>(bits);
        let prefix = if strike { STRIKE_PREFIX } else { usize::MAX };
        let mut visited = 0u64;
        for &t in &moves.split2 {
            if n < t + 2 {
                break;
            }
            let m = n - t;
            let top = (last_part(m, moves.unequal) + 1).min(prefix);
            kernel::pairs(g, m, 1, top, seen, bits);
            visited += top.saturating_sub(1) as u64;
        }
        if !strike {
            self.stats.pairs += visited;
            return mex(seen);
        }
        // The values below 2^11 not yet found (`seen` has 2^(bits - 6) + 1 <= 33 words; its
        // 33rd, values 2048.., is never reached with bits <= 11).
        let words = seen.len().min(kernel::TARGET_VALUES as usize / 64);
        let mut missing: kernel::Targets = [0; 32];
        for (target, &word) in missing.iter_mut().zip(&seen[..words]) {
            *target = !word;
        }
        // First the values up to `max + 1` only (`G(n)` is there unless it is a new record by
        // more than one; the values above would only cost hits); then, if all of those are
        // found, the others.
        let cap = self.max_value as usize + 2;
        let mut low = missing;
        for (i, word) in low.iter_mut().enumerate() {
            let from = i * 64;
            if from >= cap {
                *word = 0;
            } else if cap - from < 64 {
                *word &= (1u64 << (cap - from)) - 1;
            }
        }
        let high: kernel::Targets = std::array::from_fn(|i| missing[i] & !low[i]);
        for mut targets in [low, high] {
            if targets.iter().all(|&w| w == 0) {
                continue;
            }
            for &t in &moves.split2 {
                if n < t + 2 {
                    break;
                }
                let m = n - t;
                let top = last_part(m, moves.unequal) + 1;
                if top > prefix {
                    visited += match V::as_words(g) {
                        Some(words) => kernel::strike_mirrored(
                            words,
                            &self.mirror,
                            m,
                            prefix,
                            top,
                            &mut targets,
                        ),
                        None => kernel::strike(g, m, prefix, top, &mut targets),
                    } as u64;
                }
            }
            if let Some(i) = targets[..words].iter().position(|&w| w != 0) {
                self.stats.pairs += visited;
                return i as u32 * 64 + targets[i].trailing_zeros();
            }
        }
        self.stats.pairs += visited;
        // Every value below 64 * words is found; none above is reached.
        words as u32 * 64
    }

    /// Sparse mode, steps 1 and 2 for `n`: the rare positions `rare[block.lo..block.hi]` are
    /// in `pre` already; the others (below [`BLOCK`], and those of this block) are visited here.
    /// Then the mex of what was found is the value, or step 3 must decide (and `missing` holds
    /// the values it looks for).
    fn candidate<R: Read + ?Sized>(
        &mut self,
        g: &R,
        n: usize,
        pre: &[u64],
        block: &Block,
        seen: &mut Vec<u64>,
        missing: &mut Vec<u32>,
    ) -> Candidate {
        self.start_options(g, n, pre, seen);
        let moves = &self.moves;
        // Parities of the values common-common pairs can give, one bit each.
        let mut reachable = 0u32;
        let mut visited = 0u64;
        // Values below 2^12: one byte per value (plain stores), packed into `seen` after;
        // updating the bitset's few words in place makes chains of dependent stores.
        let bytes = seen.len() <= 64;
        let marks = &mut self.marks;
        if bytes {
            marks.clear();
            marks.resize(seen.len() * 64, 0);
        }
        // Locals, so that the byte stores are not thought to change them.
        let (marks, unequal) = (&mut marks[..], moves.unequal);
        for &t in &moves.split2 {
            if n < t + 2 {
                break;
            }
            let m = n - t;
            reachable |= 1 << self.split.common_pair_parity(m);
            // The rare positions below BLOCK, then those found in this block (each ascending).
            for part in [&self.rare[..block.lo], &self.rare[block.hi..]] {
                for &x in part {
                    if x >= m {
                        break;
                    }
                    if unequal && 2 * x == m {
                        continue;
                    }
                    let v = g.at(x) ^ g.at(m - x);
                    if bytes {
                        marks[v as usize] = 1;
                    } else {
                        set(seen, v);
                    }
                    visited += 1;
                }
            }
        }
        if bytes {
            kernel::pack_bytes(marks, seen);
        }
        self.stats.pairs += visited;
        let candidate = mex(seen);
        let split = self.split;
        let safe = |v: u32| reachable >> split.parity(v) & 1 == 0;
        if safe(candidate) {
            return Candidate::Value(candidate);
        }
        // g1: the least value missing so far whose parity common-common pairs cannot give (none
        // of the pairs left can give it); `missing`: the values missing below it.
        missing.clear();
        let mut g1 = (seen.len() * 64) as u32;
        'values: for (i, &word) in seen.iter().enumerate() {
            let mut absent = !word;
            while absent != 0 {
                let v = i as u32 * 64 + absent.trailing_zeros();
                if safe(v) {
                    g1 = v;
                    break 'values;
                }
                missing.push(v);
                absent &= absent - 1;
            }
        }
        Candidate::Check { g1 }
    }

    /// Sparse mode: `G(start..end)`, with step 3 run ahead. A position whose candidate needs
    /// step 3 is first given `g1`, its value whenever every missing value is found (almost
    /// always), and the next positions are computed from it (a window); the window's checks
    /// then run, in parallel, while the next window is computed from the values the checks are
    /// confirming ([`Core::lead`] beside [`check_window`]). If a check fails, that position
    /// takes its true value (the least value never found) and every position after it is
    /// computed again. The result is the sequential one. Returns a stop before `end` (a value
    /// too wide for the table, or a proof).
    fn sparse_values<V: Value>(
        &mut self,
        g: &mut Vec<V>,
        start: usize,
        end: usize,
        block: &Block,
        run: &Run,
    ) -> Option<Stop> {
        let moves = self.moves.clone();
        let mut seen = Vec::new();
        // Invariant: G(..pos) are checked; G(pos..g.len()) wait for `checks`; `max_before` is
        // the largest value before `pos`; `widen`: G(g.len()) does not fit the table.
        let mut pos = start;
        let mut checks: Vec<Check> = Vec::new();
        let mut max_before = self.max_value;
        let mut widen = false;
        loop {
            // With no window waiting, the next one is computed first, alone.
            if checks.is_empty() && g.len() == pos && pos < end && !widen {
                let to = end.min(pos + self.window.min(WINDOW));
                widen = self.lead_into(g, to, start, block, &mut seen, &mut checks);
            }
            let ahead = g.len();
            if checks.is_empty() {
                // Every position computed is decided (no check), and G(pos..ahead) hold.
                if let Some(stop) = self.observe(g, pos, ahead, max_before, run) {
                    return Some(stop);
                }
                if widen {
                    return Some(Stop::Widen);
                }
                if ahead >= end {
                    return None;
                }
                pos = ahead;
                max_before = self.max_value;
                continue;
            }
            // The checks of G(pos..ahead), and beside them (with two threads or more, when the
            // checks are long enough to share) the next window.
            let bits = 32 - self.max_value.leading_zeros();
            if let (Some(words), true) = (V::as_words(g), kernel::strike_is_fast::<V>(bits)) {
                self.sync_mirror(words);
            }
            let parallel = rayon::current_num_threads() > 1
                && self.check_pairs >= PARALLEL_CHECK_PAIRS
                && checks.len() >= 2;
            let next_to = if widen || !parallel {
                ahead
            } else {
                end.min(ahead + self.window.min(WINDOW))
            };
            let max_now = self.max_value;
            let mirror = std::mem::take(&mut self.mirror);
            let mirrored = (V::BYTES == 2 && self.mirrored == ahead && mirror.len() > ahead)
                .then_some(&mirror[..]);
            let mut next = Vec::new();
            let (report, next_widen) = if next_to > ahead {
                g.resize(next_to, V::new(0));
                let (head, tail) = g.split_at_mut(ahead);
                let head: &[V] = head;
                let (report, (reached, next_widen)) = rayon::join(
                    || check_window(head, mirrored, &moves, &mut checks, max_now),
                    || self.lead(head, tail, ahead, start, block, &mut seen, &mut next),
                );
                g.truncate(reached);
                self.stats.led += (reached - ahead) as u64;
                (report, next_widen)
            } else {
                let report = if parallel {
                    check_window(g, mirrored, &moves, &mut checks, max_now)
                } else {
                    let scratch = &mut self.scratch;
                    check_window_with(g, mirrored, &moves, &mut checks, max_now, scratch)
                };
                (report, widen)
            };
            self.mirror = mirror;
            for &(pairs, presence) in &report.counts {
                self.count_check(pairs, presence);
            }
            if !report.counts.is_empty() {
                let pairs: u64 = report.counts.iter().map(|&(pairs, _)| pairs).sum();
                self.check_pairs = pairs / report.counts.len() as u64;
            }
            self.spare
                .extend(checks.drain(..).map(|check| check.missing));
            match report.failed {
                Some((n, v)) => {
                    // G(n) is v; everything computed after it goes.
                    self.stats.failures += 1;
                    self.stats.redone += (g.len() - n - 1) as u64;
                    self.spare.extend(next.drain(..).map(|check| check.missing));
                    self.truncate(g, n, pos, max_before);
                    self.push(g, n, v);
                    self.window = (n - pos).max(1);
                    widen = false;
                    if let Some(stop) = self.observe(g, pos, n + 1, max_before, run) {
                        return Some(stop);
                    }
                    pos = n + 1;
                    max_before = self.max_value;
                }
                None => {
                    if let Some(stop) = self.observe(g, pos, ahead, max_before, run) {
                        return Some(stop);
                    }
                    self.window = (2 * self.window).min(BLOCK);
                    pos = ahead;
                    max_before = max_now;
                    checks = next;
                    widen = next_widen;
                }
            }
        }
    }

    /// Tells the watch `G(pos..to)` (checked); on a proof (when the run stops there) forgets
    /// every value after it and stops.
    fn observe<V: Value>(
        &mut self,
        g: &mut Vec<V>,
        pos: usize,
        to: usize,
        max_before: u32,
        run: &Run,
    ) -> Option<Stop> {
        for n in pos..to {
            self.watch.observe(&g[..=n]);
            if run.stop_at_proof && self.watch.proof().is_some() {
                self.truncate(g, n + 1, pos, max_before);
                return Some(Stop::Proven);
            }
        }
        None
    }

    /// [`Core::lead`] at the end of `g`, up to `to`; returns whether it stopped before a value
    /// too wide for the table.
    fn lead_into<V: Value>(
        &mut self,
        g: &mut Vec<V>,
        to: usize,
        start: usize,
        block: &Block,
        seen: &mut Vec<u64>,
        checks: &mut Vec<Check>,
    ) -> bool {
        let from = g.len();
        g.resize(to, V::new(0));
        let (head, tail) = g.split_at_mut(from);
        let (reached, widen) = self.lead(head, tail, from, start, block, seen, checks);
        g.truncate(reached);
        widen
    }

    /// Steps 1 and 2 for the positions `from..from + tail.len()` (`head` is `G(..from)`): the
    /// values into `tail`, each candidate `g1` taken as the value and its check pushed on
    /// `checks`. Stops before a value too wide for the table (returning `true`), and before a
    /// position whose check must run now (its `g1` too wide) unless it is the first. Returns
    /// the end of the values computed.
    #[allow(clippy::too_many_arguments)]
    fn lead<V: Value>(
        &mut self,
        head: &[V],
        tail: &mut [V],
        from: usize,
        start: usize,
        block: &Block,
        seen: &mut Vec<u64>,
        checks: &mut Vec<Check>,
    ) -> (usize, bool) {
        for k in 0..tail.len() {
            let n = from + k;
            let mut missing = self.spare.pop().unwrap_or_default();
            let pre = block.row(n - start);
            let parts = Parts {
                head,
                tail: &tail[..k],
            };
            let v = match self.candidate(&parts, n, pre, block, seen, &mut missing) {
                Candidate::Value(v) => v,
                // Too wide for the table unless a missing value is never found: decided now,
                // when G(..n) is one slice.
                Candidate::Check { g1 } if g1 > V::MAX => {
                    if k > 0 {
                        self.spare.push(missing);
                        return (n, false);
                    }
                    let scratch = &mut self.scratch;
                    let (pairs, presence) = confirm(
                        head,
                        None,
                        &self.moves,
                        n,
                        self.max_value,
                        &mut missing,
                        scratch,
                    );
                    self.count_check(pairs, presence);
                    let v = missing.first().copied().unwrap_or(g1);
                    self.spare.push(missing);
                    v
                }
                Candidate::Check { g1 } => {
                    checks.push(Check { n, missing });
                    g1
                }
            };
            if v > V::MAX {
                return (n, true);
            }
            tail[k] = V::new(v);
            self.max_value = self.max_value.max(v);
            if n >= 1 && self.split.is_rare(n, v) {
                self.rare.push(n);
            }
        }
        (from + tail.len(), false)
    }

    fn count_check(&mut self, pairs: u64, presence: u64) {
        self.stats.scans += 1;
        self.stats.pairs += pairs;
        self.stats.presence_pairs += presence;
    }

    /// `G(n)` for a game with three-heap moves, by the plain rule over the pair sets.
    fn value_three<V: Value>(&mut self, g: &[V], n: usize, seen: &mut Vec<u64>) -> u32 {
        // Pair sets hold values below 2^bits(max): a power-of-two number of words, so that
        // XOR by a value permutes whole words.
        let bits = 32 - self.max_value.leading_zeros();
        let pw = 1usize << bits.saturating_sub(6);
        if pw != self.pair_words {
            let old = std::mem::take(&mut self.pairs);
            let count = old.len() / self.pair_words;
            self.pairs = vec![0; count * pw];
            for m in 0..count {
                self.pairs[m * pw..m * pw + self.pair_words]
                    .copy_from_slice(&old[m * self.pair_words..(m + 1) * self.pair_words]);
            }
            self.pair_words = pw;
        }
        debug_assert_eq!(self.pairs.len(), n * pw);
        // P(n): the values of the two-heap splits of n.
        self.pairs.resize((n + 1) * pw, 0);
        let mut visited = 0u64;
        for a in 1..=n / 2 {
            let v = g[a].get() ^ g[n - a].get();
            self.pairs[n * pw + (v >> 6) as usize] |= 1 << (v & 63);
            visited += 1;
        }
        let w = words(self.max_value).max(pw);
        seen.clear();
        seen.resize(w, 0);
        let moves = &self.moves;
        if moves.take_all.contains(&n) {
            set(seen, 0);
        }
        for &t in &moves.take_one {
            if t < n {
                set(seen, g[n - t].get());
            }
        }
        for &t in &moves.split2 {
            if n >= t + 2 {
                let p = &self.pairs[(n - t) * pw..(n - t + 1) * pw];
                for (s, &word) in seen.iter_mut().zip(p) {
                    *s |= word;
                }
            }
        }
        for &t in &moves.split3 {
            if n < t + 3 {
                continue;
            }
            let m = n - t;
            for (a, ga) in g.iter().enumerate().take(m - 1).skip(1) {
                let p = &self.pairs[(m - a) * pw..(m - a + 1) * pw];
                xor_translate(p, ga.get(), seen);
                visited += pw as u64;
            }
        }
        self.stats.pairs += visited;
        mex(seen)
    }

    /// Chooses the split again from the latest values and rebuilds the rare positions.
    fn choose_split_in<V: Value>(&mut self, g: &[V]) {
        if self.moves.split2.is_empty() || !self.moves.split3.is_empty() {
            return;
        }
        let len = g.len();
        let split = sparse::choose(&self.moves.split2, len, |n| g[n].get(), self.split);
        if split != self.split {
            self.split = split;
            self.rare = (1..len).filter(|&n| split.is_rare(n, g[n].get())).collect();
        }
    }

    /// Chooses the split for a loaded table (the rare positions are rebuilt by the caller).
    fn choose_split(&mut self, table: &Table) {
        match table {
            Table::U8(v) => self.choose_split_in(v),
            Table::U16(v) => self.choose_split_in(v),
            Table::U32(v) => self.choose_split_in(v),
        }
        self.next_choice = table.len().saturating_mul(2);
    }
}

/// ORs `{v XOR x : v in set}` into `dst` (`set` a power-of-two number of words, `x` below
/// `64 * set.len()`): the high bits of `x` permute words, the low six bits permute the bits of
/// each word by swapping blocks of 1, 2, 4, 8, 16 and 32 bits.
fn xor_translate(set: &[u64], x: u32, dst: &mut [u64]) {
    const HALVES: [u64; 6] = [
        0x5555_5555_5555_5555,
        0x3333_3333_3333_3333,
        0x0F0F_0F0F_0F0F_0F0F,
        0x00FF_00FF_00FF_00FF,
        0x0000_FFFF_0000_FFFF,
        0x0000_0000_FFFF_FFFF,
    ];
    let high = (x >> 6) as usize;
    for (j, &word) in set.iter().enumerate() {
        if word == 0 {
            continue;
        }
        let mut w = word;
        for (k, half) in HALVES.iter().enumerate() {
            if x >> k & 1 == 1 {
                let s = 1 << k;
                w = ((w & half) << s) | ((w >> s) & half);
            }
        }
        dst[j ^ high] |= w;
    }
}

/// `G(0..len)` by the rule as written: every move listed (splits with `a <= b <= c`), the mex
/// of their values. Quadratic (cubic with three-heap moves); the reference of the tests.
pub fn definition(rules: &Rules, len: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(len);
    for n in 0..len {
        let mut options = Vec::new();
        for kind in rules.kinds() {
            let t = kind.take;
            match kind.heaps {
                0 if n == t => options.push(0),
                1 if n > t => options.push(g[n - t]),
                2 if n >= t + 2 => {
                    let m = n - t;
                    for a in 1..=m / 2 {
                        if !(rules.unequal() && 2 * a == m) {
                            options.push(g[a] ^ g[m - a]);
                        }
                    }
                }
                3 if n >= t + 3 => {
                    let m = n - t;
                    for a in 1..=m / 3 {
                        for b in a..=(m - a) / 2 {
                            options.push(g[a] ^ g[b] ^ g[m - a - b]);
                        }
                    }
                }
                _ => {}
            }
        }
        options.sort_unstable();
        options.dedup();
        let value = options
            .iter()
            .enumerate()
            .find(|&(i, &v)| v != i as u32)
            .map_or(options.len() as u32, |(i, _)| i as u32);
        g.push(value);
    }
    g
}

#[cfg(test)]
mod tests {
    use super::super::code::Base;
    use super::*;

    fn engine_values(code: &str, base: Base, len: usize) -> Vec<u32> {
        let rules = Rules::parse(code, base).unwrap();
        let mut engine = Engine::new(rules);
        engine
            .extend(len as u64, &Run::default(), &mut |_| {})
            .unwrap();
        (0..len as u64).map(|n| engine.get(n)).collect()
    }

    #[test]
    fn xor_translate_permutes_by_xor() {
        for x in [0u32, 1, 5, 63, 64, 100, 127] {
            let set = [0b1011u64 | 1 << 40, 1 << 3];
            let mut dst = [0u64; 2];
            xor_translate(&set, x, &mut dst);
            let mut expected = [0u64; 2];
            for v in [0u32, 1, 3, 40, 67] {
                let y = v ^ x;
                expected[(y >> 6) as usize] |= 1 << (y & 63);
            }
            assert_eq!(dst, expected, "x = {x}");
        }
    }

    #[test]
    fn the_engine_agrees_with_the_definition_across_blocks() {
        // Long enough to cross several split choices and the first block with precomputed
        // rare pairs (Grundy's game keeps producing rare values).
        let len = 16 * BLOCK + 100;
        let rules = Rules::grundy_game();
        let mut engine = Engine::new(rules.clone());
        engine
            .extend(len as u64, &Run::default(), &mut |_| {})
            .unwrap();
        // The definition is quadratic: compare on a prefix, and the rest against the engine
        // run with the sparse method disabled by brute force on a sample of n.
        let reference = definition(&rules, 3000);
        for (n, &v) in reference.iter().enumerate() {
            assert_eq!(engine.get(n as u64), v, "n = {n}");
        }
        let g: Vec<u32> = (0..len as u64).map(|n| engine.get(n)).collect();
        for n in (len - 40)..len {
            let options: Vec<u32> = (1..n.div_ceil(2)).map(|a| g[a] ^ g[n - a]).collect();
            let mex = (0..).find(|v| !options.contains(v)).unwrap();
            assert_eq!(g[n], mex, "n = {n}");
        }
        assert!(engine.stats().block_pairs > 0, "the block path ran");
    }

    #[test]
    fn codes_agree_with_the_definition() {
        for (code, base) in [
            ("0.77", Base::Octal),
            ("0.07", Base::Octal),
            ("0.137", Base::Octal),
            ("4.7", Base::Octal),
            ("0.6", Base::Octal),
            ("0.3033", Base::Octal),
            ("0.165", Base::Octal),
            ("0.F", Base::Hexadecimal),
            ("0.8", Base::Hexadecimal),
            ("8.3", Base::Hexadecimal),
            ("0.0C1", Base::Hexadecimal),
        ] {
            let rules = Rules::parse(code, base).unwrap();
            assert_eq!(
                engine_values(code, base, 400),
                definition(&rules, 400),
                "{code}"
            );
        }
    }

    #[test]
    fn values_wider_than_a_byte_widen_the_table() {
        // 0.33...3 with 300 digits is the subtraction game S = {1, ..., 300}: G(n) = n mod 301.
        let code = format!("0.{}", "3".repeat(300));
        let rules = Rules::parse(&code, Base::Octal).unwrap();
        let mut engine = Engine::new(rules.clone());
        engine.extend(700, &Run::default(), &mut |_| {}).unwrap();
        assert_eq!(engine.max_value(), 300);
        assert_eq!(engine.table().width(), 2);
        for n in 0..700u64 {
            assert_eq!(u64::from(engine.get(n)), n % 301);
        }
    }

    #[test]
    fn values_computed_ahead_of_their_checks_are_the_sequential_values() {
        // Treblecross keeps finding rare values (its checks fail): the result on one thread
        // (checks in order) and two (checks in parallel) equals the definition.
        let len = 12 * BLOCK;
        let rules = Rules::parse("0.007", Base::Octal).unwrap();
        let reference = definition(&rules, len);
        for threads in [1, 2] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let mut engine = Engine::new(rules.clone());
            pool.install(|| engine.extend(len as u64, &Run::default(), &mut |_| {}))
                .unwrap();
            let values: Vec<u32> = (0..len as u64).map(|n| engine.get(n)).collect();
            assert_eq!(values, reference, "{threads} thread(s)");
            let stats = engine.stats();
            assert!(stats.scans > 0 && stats.redone > 0, "{stats:?}");
            if threads > 1 {
                assert!(stats.led > 0 && stats.failures > 0, "{stats:?}");
            }
        }
    }

    #[test]
    fn values_led_beside_the_checks_widen_the_table() {
        // Officers (0.6): the first value above 255 is G(10344), met while the next window is
        // computed beside the checks of one; two threads against the rule as written.
        let len = 10_600;
        let rules = Rules::parse("0.6", Base::Octal).unwrap();
        let reference = definition(&rules, len);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let mut engine = Engine::new(rules);
        pool.install(|| engine.extend(len as u64, &Run::default(), &mut |_| {}))
            .unwrap();
        let values: Vec<u32> = (0..len as u64).map(|n| engine.get(n)).collect();
        assert_eq!(values, reference);
        assert_eq!(engine.table().width(), 2);
        assert!(engine.stats().led > 0, "{:?}", engine.stats());
    }

    #[test]
    fn strike_mode_agrees_with_the_definition() {
        // Treblecross: two-byte values from n = 9168 on, and one position in 3-4 rare there,
        // so strike mode (where the processor has it) computes from then on; one and two
        // threads, against the rule as written.
        let len = 11_000;
        let rules = Rules::parse("0.007", Base::Octal).unwrap();
        let reference = definition(&rules, len);
        for threads in [1, 2] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let mut engine = Engine::new(rules.clone());
            pool.install(|| engine.extend(len as u64, &Run::default(), &mut |_| {}))
                .unwrap();
            let values: Vec<u32> = (0..len as u64).map(|n| engine.get(n)).collect();
            assert_eq!(values, reference, "{threads} thread(s)");
            assert_eq!(engine.table().width(), 2);
            if kernel::strike_is_fast::<u16>(10) {
                assert!(engine.stats().struck > 1000, "{:?}", engine.stats());
            }
        }
    }

    #[test]
    fn kayles_stops_at_its_proof() {
        let rules = Rules::parse("0.77", Base::Octal).unwrap();
        let mut engine = Engine::new(rules);
        let run = Run {
            stop_at_proof: true,
            ..Run::default()
        };
        engine.extend(1 << 20, &run, &mut |_| {}).unwrap();
        let proof = engine.proof().unwrap();
        assert_eq!((proof.period, proof.preperiod), (12, 71));
        // The theorem's range for n0 = 71, p = 12, k = 2 ends at 156; with one period, 168.
        assert_eq!(engine.len(), 168);
    }
}
