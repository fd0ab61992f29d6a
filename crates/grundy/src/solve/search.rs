//! The nimber of one position too large to enumerate: boards and graphs (Cram, Chomp,
//! Node-Kayles, Arc-Kayles) and any game that says how its positions split.
//!
//! **Components.** A position that falls apart into independent parts (the empty regions of a
//! Cram board, the connected pieces of a graph) is their disjunctive sum, so its value is the
//! XOR of the parts' values (Sprague–Grundy). A game implements [`Splittable`]: its positions
//! are lists of *parts*, each in a canonical form (a Cram region up to rotation and reflection),
//! and the table below stores parts, never whole positions.
//!
//! **One value at a time** (Lemoine and Viennot, "Nimbers are inevitable", TCS 462, 2012):
//! "is the value of `G` equal to `k`?" is the outcome of `G + *k`, and it needs far less search
//! than the value itself, since one option of value `k` refutes it. So a part is asked for
//! `k = 0, 1, ...` in turn and its value is the first `k` answered yes ([`Search::nimber`];
//! asking for the whole range at once searched a hundred times more positions on Cram 4x9).
//!
//! **Set searches** (Beling and Rogalski, "On pruning search trees of impartial games", AI 283,
//! 2020). Each question is "is the value in `want`?" (`Search::sum_in_set`). The mex of `n`
//! options lies in `P = {0, ..., n}`; each option, once valued, takes one candidate out of `P`
//! (its value if still there, else the largest), and after the last one `P` is the mex alone. So
//! an option is only asked whether its value is in `P` but the largest, and the question ends,
//! answered no, as soon as `P` misses `want`. An option that is a sum of parts is asked as one
//! question about its largest part: the other parts are valued first (they are small) and their
//! XOR folded into the set.
//!
//! **Pruning and order.** A game in which every play ends within `L` moves has value at most `L`
//! (a mex of values at most `L - 1`), so `want` is cut to `{0, ..., L}` ([`Splittable::bound`]),
//! and a sum's to the sum of its parts' bounds. Moves are listed cheaply and their options made
//! one by one ([`Splittable::moves`], [`Splittable::play`]): those whose parts are all in the
//! table take their candidates first and may end the question before any other option is made;
//! the others are searched easiest first (the least sum of the squared bounds of their unknown
//! parts).
//!
//! **Known parts.** A part whose value the game knows without a search (an endgame table of
//! small Cram regions, [`Splittable::exact`]) is answered at once and never stored.
//!
//! **The transposition table** ([`Table`]) holds, per part, its exact value when known and
//! otherwise the values `k < 64` it is known not to have (when finding that cost 256 search
//! nodes or more). It starts small and doubles (when three quarters of it are used, or a bucket
//! is full at half load) up to a memory bound; then,
//! when a bucket is full, the entry that cost the least work to find is replaced, so a search
//! never fails for lack of room, it only repeats work. Its entries can be
//! saved to a checkpoint and loaded back ([`Search::save`], [`Search::load`]): a resumed search
//! gives the same values, only faster.

use std::hash::Hash;
use std::path::Path;
use std::time::{Duration, Instant};

use super::nim_set::{NimSet, LIMIT};
use crate::{Error, Result};

/// A game whose positions are sums of independent parts, each in a canonical form.
pub trait Splittable {
    /// A part in canonical form: two equal parts are the same game.
    type Part: Copy + Eq + Hash + Default + std::fmt::Debug;

    /// A move of a part. Listing the moves is cheap; the option a move leads to is made by
    /// [`Splittable::play`] only when the search needs it (a search often stops after a few).
    type Move: Copy;

    /// Every move of `part`, pushed to `out` (the order is the order options are looked up in
    /// the table; put first the moves likely to decide, e.g. near the centre of a board).
    fn moves(&self, part: &Self::Part, out: &mut Vec<Self::Move>);

    /// The parts of the option `mv` of `part`, pushed to `out` (canonical; parts without moves
    /// may be left out).
    fn play(&self, part: &Self::Part, mv: Self::Move, out: &mut Vec<Self::Part>);

    /// The value of `part` when it is known without a search (an endgame table, a theorem); such
    /// parts are never searched nor kept in the transposition table.
    fn exact(&self, _part: &Self::Part) -> Option<u64> {
        None
    }

    /// How [`Splittable::exact`] knows its values, for a method line (`None`: it never does).
    fn exact_method(&self) -> Option<&'static str> {
        None
    }

    /// An upper bound on the number of moves of any play from `part` (so on its value), and its
    /// size: the largest part of a sum is the one searched last.
    fn bound(&self, part: &Self::Part) -> u64;

    /// The part's bytes in a checkpoint ([`Splittable::PART_BYTES`] of them).
    fn write_part(part: &Self::Part, out: &mut Vec<u8>);

    /// A part read back from [`Splittable::write_part`]'s bytes; `None` if they cannot be one.
    fn read_part(bytes: &[u8]) -> Option<Self::Part>;

    /// The length of [`Splittable::write_part`]'s output.
    const PART_BYTES: usize;

    /// Whether every part is better valued whole (the mex of all its options' values, each
    /// stored) than by outcome searches: games that do not split and whose values are large
    /// (Chomp), where a search of `G + *k` would be repeated for each `k` below the value.
    fn values_whole(&self) -> bool {
        false
    }
}

/// Options kept for a search: each a run of parts in one buffer.
#[derive(Debug)]
struct Options<P> {
    parts: Vec<P>,
    ends: Vec<usize>,
}

impl<P: Copy> Options<P> {
    /// How many options.
    fn len(&self) -> usize {
        self.ends.len()
    }

    /// The parts of option `i`.
    fn get(&self, i: usize) -> &[P] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.parts[start..self.ends[i]]
    }

    fn clear(&mut self) {
        self.parts.clear();
        self.ends.clear();
    }
}

/// No exact value in a slot.
const UNKNOWN: u32 = u32::MAX;

#[derive(Debug, Clone, Copy, Default)]
struct Slot<P> {
    part: P,
    /// The value, or [`UNKNOWN`].
    value: u32,
    /// Bit `k`: the value is known not to be `k` (k < 64).
    not: u64,
    /// 1 + log2 of the search nodes it cost: the cheapest is replaced first; 0 marks an empty
    /// slot.
    work: u8,
}

/// Slots per bucket: a part is kept in one of the eight slots after its hash.
const WAYS: usize = 8;

/// The slots a table starts with; it doubles when three quarters are in use, until its
/// memory bound.
const FIRST_SLOTS: usize = 1 << 12;

/// The transposition table: eight-way set-associative, growing to a memory bound and then
/// replacing the entry that was cheapest to find. Beside each slot a 16-bit tag from the
/// part's hash (0: empty) lets a lookup read one cache line of tags and touch only the slot
/// whose tag matches.
pub struct Table<P> {
    slots: Vec<Slot<P>>,
    tags: Vec<u16>,
    /// The most slots the memory bound allows (a power of two).
    most: usize,
    filled: usize,
}

impl<P: Copy + Eq + Hash + Default> Table<P> {
    /// A table of at most `bytes` bytes (at least one bucket); it starts small and grows.
    pub fn with_memory(bytes: u64) -> Self {
        let per_slot = std::mem::size_of::<Slot<P>>() as u64 + 2;
        let want = (bytes / per_slot).max(WAYS as u64);
        // A power of two at most `want` (and at most 2^40 slots).
        let most = 1usize << (63 - want.leading_zeros()).min(40);
        let first = most.min(FIRST_SLOTS);
        Table {
            slots: vec![Slot::default(); first],
            tags: vec![0; first],
            most,
            filled: 0,
        }
    }

    /// Slots the table may grow to.
    pub fn capacity(&self) -> usize {
        self.most
    }

    /// Slots in use.
    pub fn filled(&self) -> usize {
        self.filled
    }

    /// Bytes the table takes now.
    pub fn bytes(&self) -> u64 {
        (self.slots.len() * (std::mem::size_of::<Slot<P>>() + 2)) as u64
    }

    /// The first slot of the part's bucket, and its tag.
    fn place(&self, part: &P) -> (usize, u16) {
        let mut hasher = FoldHasher(0);
        part.hash(&mut hasher);
        // Finish: spread the high bits down (a multiplicative hash is weak in its low bits).
        let h = hasher.0;
        let h = (h ^ (h >> 29)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        let h = h ^ (h >> 32);
        let bucket = (h as usize) & (self.slots.len() - 1) & !(WAYS - 1);
        (bucket, ((h >> 48) as u16).max(1))
    }

    /// The index of the part's slot, if it has one.
    fn index(&self, b: usize, tag: u16, part: &P) -> Option<usize> {
        (b..b + WAYS).find(|&i| self.tags[i] == tag && self.slots[i].part == *part)
    }

    fn find(&self, part: &P) -> Option<&Slot<P>> {
        let (b, tag) = self.place(part);
        self.index(b, tag, part).map(|i| &self.slots[i])
    }

    /// Doubles the slots in place: the vectors are grown (a large one by remapping its pages,
    /// not copying them, so the old and new tables are never both held), and an entry of
    /// bucket `b` stays there or moves to bucket `b + old length`, as the next bit of its hash
    /// says.
    fn grow(&mut self) {
        let old = self.slots.len();
        self.slots.resize(2 * old, Slot::default());
        self.tags.resize(2 * old, 0);
        for bucket in (0..old).step_by(WAYS) {
            for i in bucket..bucket + WAYS {
                if self.tags[i] == 0 {
                    continue;
                }
                let (b, _) = self.place(&self.slots[i].part);
                if b != bucket {
                    debug_assert_eq!(b, bucket + old);
                    let free = (b..b + WAYS)
                        .find(|&j| self.tags[j] == 0)
                        .expect("the new bucket takes at most the old one's entries");
                    self.tags[free] = self.tags[i];
                    self.slots[free] = self.slots[i];
                    self.tags[i] = 0;
                }
            }
        }
    }

    fn entry(&mut self, part: &P, work: u8) -> &mut Slot<P> {
        if self.filled >= self.slots.len() / 4 * 3 && self.slots.len() < self.most {
            self.grow();
        }
        let (b, tag) = self.place(part);
        let index = match self.index(b, tag, part) {
            Some(i) => i,
            None => {
                let empty = (b..b + WAYS).find(|&i| self.tags[i] == 0);
                // A full bucket in a table that may still grow: grow rather than drop an entry
                // (a lost entry is recomputed, and so are the entries below it).
                if empty.is_none()
                    && self.slots.len() < self.most
                    && self.filled >= self.slots.len() / 2
                {
                    self.grow();
                    return self.entry(part, work);
                }
                let i = match empty {
                    Some(i) => {
                        self.filled += 1;
                        i
                    }
                    None => (b..b + WAYS)
                        .min_by_key(|&i| self.slots[i].work)
                        .expect("a bucket has slots"),
                };
                self.tags[i] = tag;
                self.slots[i] = Slot {
                    part: *part,
                    value: UNKNOWN,
                    not: 0,
                    work: 1,
                };
                i
            }
        };
        let slot = &mut self.slots[index];
        slot.work = slot.work.max(work.max(1));
        slot
    }
}

/// A small fast hasher for the table's buckets (parts are a few machine words).
struct FoldHasher(u64);

impl std::hash::Hasher for FoldHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
    fn write_u128(&mut self, n: u128) {
        self.write_u64(n as u64);
        self.write_u64((n >> 64) as u64);
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(n.into());
    }
    fn write_u16(&mut self, n: u16) {
        self.write_u64(n.into());
    }
    fn write_u8(&mut self, n: u8) {
        self.write_u64(n.into());
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

/// How a search runs: its memory, where its checkpoint goes, and who may stop it.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Bytes for the transposition table.
    pub memory: u64,
    /// Saved on interruption and every `save_every`, loaded at the start if present.
    pub checkpoint: Option<std::path::PathBuf>,
    /// How often the checkpoint is saved during a search.
    pub save_every: Duration,
    /// Asked now and then whether to stop (Ctrl-C): the search then saves its checkpoint and
    /// returns [`Error::Interrupted`].
    pub stop: Option<fn() -> bool>,
}

/// The default memory of a search's table: 1 GiB.
pub const DEFAULT_MEMORY: u64 = 1 << 30;

impl Default for Settings {
    fn default() -> Self {
        Settings {
            memory: DEFAULT_MEMORY,
            checkpoint: None,
            save_every: Duration::from_secs(300),
            stop: None,
        }
    }
}

thread_local! {
    static SETTINGS: std::cell::RefCell<Option<Settings>> = const { std::cell::RefCell::new(None) };
}

/// Runs `work` with searches started on this thread using `settings` (the command line's
/// `--memory`, `--checkpoint` and Ctrl-C), restoring the previous settings after.
pub fn with_settings<T>(settings: Settings, work: impl FnOnce() -> T) -> T {
    struct Restore(Option<Settings>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let previous = self.0.take();
            SETTINGS.with(|s| *s.borrow_mut() = previous);
        }
    }
    let previous = SETTINGS.with(|s| s.borrow_mut().replace(settings));
    let _restore = Restore(previous);
    work()
}

/// The settings in force on this thread ([`with_settings`]), or the defaults.
pub fn current_settings() -> Settings {
    SETTINGS.with(|s| s.borrow().clone()).unwrap_or_default()
}

/// What a search has done so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stats {
    /// Questions "is the value of this part `k`?" that were not answered by the table.
    pub nodes: u64,
    /// Slots in use.
    pub filled: u64,
    /// Slots in all.
    pub capacity: u64,
}

/// The search engine over one [`Splittable`] game; its table lives as long as it does, so a
/// series of questions (the moves of a position) shares what was learnt.
pub struct Search<'g, G: Splittable> {
    game: &'g G,
    table: Table<G::Part>,
    nodes: u64,
    settings: Settings,
    /// Buffers, one per level of the recursion.
    pool: Vec<Frame<G>>,
    started: Instant,
    last_report: Instant,
    last_save: Instant,
    /// The parameters a checkpoint must match (the game's spec).
    identity: String,
}

/// The candidates for a mex in [`Search::mex_in_set`]: those up to the largest wanted value as a
/// set, those above it only counted.
struct Candidates {
    low: NimSet,
    above: u64,
}

impl Candidates {
    /// `{0, ..., options}` for a question about the values in `want` (not empty).
    fn new(options: u64, want: NimSet) -> Self {
        let top = want.max().expect("a non-empty set");
        Candidates {
            low: NimSet::up_to(options.min(top)),
            above: options.saturating_sub(top),
        }
    }

    /// Takes out the candidate of an option of value `value` (`None`: not one of
    /// [`Candidates::worth_asking`]): that value if it is a candidate, otherwise the largest.
    fn take(&mut self, value: Option<u64>) {
        match value {
            Some(v) if self.low.contains(v) => self.low.remove(v),
            _ if self.above > 0 => self.above -= 1,
            _ => {
                let largest = self
                    .low
                    .max()
                    .expect("a candidate is left while options are");
                self.low.remove(largest);
            }
        }
    }

    /// The values an option is worth asking about: the candidates but the largest (which is
    /// taken out whether the option has it or not).
    fn worth_asking(&self) -> NimSet {
        let mut ask = self.low;
        if self.above == 0 {
            if let Some(largest) = ask.max() {
                ask.remove(largest);
            }
        }
        ask
    }

    /// Whether a candidate is in `want`.
    fn meet(&self, want: NimSet) -> bool {
        !self.low.and(want).is_empty()
    }

    /// The mex once every option took its candidate, if it is not above the wanted values.
    fn last(&self) -> Option<u64> {
        match self.above {
            0 => self.low.max(),
            _ => None,
        }
    }
}

/// The buffers of one level of the recursion: the moves of a part, the parts of the options
/// still open and the order they are searched in.
struct Frame<G: Splittable> {
    moves: Vec<G::Move>,
    open: Options<G::Part>,
    order: Vec<(u64, usize)>,
}

/// The least work (search nodes below) for which a "not in the set" answer is kept. Cheaper
/// ones are searched again when needed: keeping them all (as before) doubled the table
/// (less of it in the processor's cache) and made Cram 5x8 25 % slower, for 4 % fewer nodes.
const MIN_WORK_KEPT: u64 = 256;

/// The class of a table entry's work (`1 + log2` of the search nodes it cost), never 0.
fn work_class(work: u64) -> u8 {
    1 + (64 - work.leading_zeros()) as u8
}

/// The recursion is a few frames per move of the longest play, times the values tried: the
/// stack grows by this much whenever less than [`RED_ZONE`] is left ([`stacker`]).
const STACK_GROWTH: usize = 16 << 20;
const RED_ZONE: usize = 256 << 10;

impl<'g, G: Splittable> Search<'g, G> {
    /// A search of `game` (named `identity` in checkpoints) with the settings in force on this
    /// thread; a checkpoint named there is loaded if it exists.
    pub fn new(game: &'g G, identity: &str) -> Result<Self> {
        Self::with(game, identity, current_settings())
    }

    /// A search with explicit settings.
    pub fn with(game: &'g G, identity: &str, settings: Settings) -> Result<Self> {
        let now = Instant::now();
        let mut search = Search {
            game,
            table: Table::with_memory(settings.memory),
            nodes: 0,
            settings,
            pool: Vec::new(),
            started: now,
            last_report: now,
            last_save: now,
            identity: identity.to_string(),
        };
        if let Some(path) = search.settings.checkpoint.clone() {
            if path.exists() {
                search.load(&path)?;
            } else {
                crate::files::check_checkpoint_writable(&path)?;
            }
        }
        Ok(search)
    }

    /// What the search has done so far.
    pub fn stats(&self) -> Stats {
        Stats {
            nodes: self.nodes,
            filled: self.table.filled() as u64,
            capacity: self.table.capacity() as u64,
        }
    }

    /// The value of a sum of parts: the XOR of their values.
    pub fn value(&mut self, parts: &[G::Part]) -> Result<u64> {
        let mut result = Ok(0);
        for part in parts {
            result = self.nimber(part).map(|v| v ^ result.unwrap_or(0));
            if let Err(Error::Interrupted(why)) = &result {
                // Say how far the part being valued got: the values it was shown not to have.
                let not = self.table.find(part).map_or(0, |s| s.not);
                if not != 0 {
                    let values: Vec<String> = NimSet::from_low_word(not)
                        .iter()
                        .map(|v| v.to_string())
                        .collect();
                    result = Err(Error::Interrupted(format!(
                        "{why}; so far the part being valued is shown not to have the value{} {}",
                        if values.len() > 1 { "s" } else { "" },
                        values.join(", ")
                    )));
                }
            }
            if result.is_err() {
                break;
            }
        }
        self.finish(result)
    }

    /// Whether a sum of parts has value `k`, without valuing its largest part when it is not
    /// needed.
    pub fn value_is(&mut self, parts: &[G::Part], k: u64) -> Result<bool> {
        let result = match NimSet::single(k) {
            Some(want) => self.sum_in_set(parts, want).map(|v| v == Some(k)),
            None => self.sum_value(parts).map(|v| v == k),
        };
        self.finish(result)
    }

    /// Saves the checkpoint after an interruption; passes other results on.
    fn finish<T>(&mut self, result: Result<T>) -> Result<T> {
        if let Err(Error::Interrupted(_)) = &result {
            if let Some(path) = self.settings.checkpoint.clone() {
                self.save(&path)?;
            }
        }
        result
    }

    /// Records that a part's value is not `k` (a theorem's word, e.g. a symmetry strategy that
    /// wins for the player to move: not 0).
    pub fn assume_not(&mut self, part: &G::Part, k: u64) {
        if k < 64 {
            self.table.entry(part, u8::MAX).not |= 1 << k;
        }
    }

    /// The value of one part: asked for each candidate in turn, 0 first ("aspiration" at the
    /// root, as igs does for Cram), each question a set search of its own.
    pub fn nimber(&mut self, part: &G::Part) -> Result<u64> {
        if let Some(v) = self.known(part) {
            return Ok(v);
        }
        if self.game.values_whole() {
            return self.whole(part);
        }
        for r in 0..=self.game.bound(part).min(LIMIT - 1) {
            let want = NimSet::single(r).expect("below the limit");
            if let Some(v) = self.in_set(part, want)? {
                return Ok(v);
            }
        }
        self.by_mex(part)
    }

    /// The value of a sum of parts: the XOR of their values.
    fn sum_value(&mut self, parts: &[G::Part]) -> Result<u64> {
        let mut x = 0;
        for part in parts {
            x ^= self.nimber(part)?;
        }
        Ok(x)
    }

    /// The exact value of a part, if the game or the table has it.
    fn known(&self, part: &G::Part) -> Option<u64> {
        self.game.exact(part).or_else(|| {
            self.table
                .find(part)
                .and_then(|s| (s.value != UNKNOWN).then_some(u64::from(s.value)))
        })
    }

    /// Stores a part's exact value.
    fn record_value(&mut self, part: &G::Part, value: u64, work: u64) {
        let slot = self.table.entry(part, work_class(work));
        slot.value = u32::try_from(value).unwrap_or(UNKNOWN);
    }

    /// Stores that a part's value is none of `values` (those below 64 are kept).
    fn record_not(&mut self, part: &G::Part, values: NimSet, work: u64) {
        let slot = self.table.entry(part, work_class(work));
        slot.not |= values.low_word();
    }

    /// The value of a sum of parts if it is in `want`: `Some(value)` (exact, possibly outside
    /// `want` when it came cheaply) or `None` (the value is not in `want`). The parts but the
    /// largest are valued, and the question goes to the largest with their XOR folded in.
    fn sum_in_set(&mut self, parts: &[G::Part], want: NimSet) -> Result<Option<u64>> {
        match parts {
            [] => Ok(Some(0)),
            [one] => self.in_set(one, want),
            _ => {
                // A XOR is at most the sum of its terms.
                let bounds = parts
                    .iter()
                    .fold(0u64, |s, p| s.saturating_add(self.game.bound(p)));
                let want = want.and(NimSet::up_to(bounds));
                if want.is_empty() {
                    return Ok(None);
                }
                let largest = (0..parts.len())
                    .max_by_key(|&i| self.game.bound(&parts[i]))
                    .expect("two parts or more");
                let mut x = 0;
                for (i, part) in parts.iter().enumerate() {
                    if i != largest {
                        x ^= self.nimber(part)?;
                    }
                }
                match want.xor(x) {
                    Some(shifted) => Ok(self.in_set(&parts[largest], shifted)?.map(|v| v ^ x)),
                    None => Ok(Some(self.nimber(&parts[largest])? ^ x)),
                }
            }
        }
    }

    /// The value of one part if it is in `want` (see [`Search::sum_in_set`]).
    fn in_set(&mut self, part: &G::Part, want: NimSet) -> Result<Option<u64>> {
        stacker::maybe_grow(RED_ZONE, STACK_GROWTH, || self.in_set_here(part, want))
    }

    fn in_set_here(&mut self, part: &G::Part, want: NimSet) -> Result<Option<u64>> {
        if self.game.values_whole() {
            return self.whole(part).map(Some);
        }
        if let Some(v) = self.game.exact(part) {
            return Ok(Some(v));
        }
        let mut want = want.and(NimSet::up_to(self.game.bound(part)));
        if let Some(slot) = self.table.find(part) {
            if slot.value != UNKNOWN {
                return Ok(Some(u64::from(slot.value)));
            }
            want = want.minus(NimSet::from_low_word(slot.not));
        }
        if want.is_empty() {
            return Ok(None);
        }
        self.tick()?;
        let before = self.nodes;
        let mut frame = self.frame();
        let found = self.mex_in_set(part, want, &mut frame);
        self.pool.push(frame);
        let found = found?;
        let work = self.nodes - before;
        match found {
            Some(v) => self.record_value(part, v, work),
            None if work >= MIN_WORK_KEPT => self.record_not(part, want, work),
            None => {}
        }
        Ok(found)
    }

    /// The mex of the options' values if it is in `want` (Beling and Rogalski, "On pruning
    /// search trees of impartial games", AI 283, 2020).
    ///
    /// The mex of `n` values lies in `P = {0, ..., n}`. Each option, once valued, takes one
    /// candidate out of `P`: its own value if that is still in `P`, otherwise the largest; after
    /// the last option `P` holds the mex alone. So an option need only say whether its value is
    /// one of `P` but its largest (otherwise the largest goes either way), and the search stops as
    /// soon as `P` no longer meets `want`. Candidates above `max(want)` are alike for this
    /// purpose and are only counted (`above`).
    fn mex_in_set(
        &mut self,
        part: &G::Part,
        want: NimSet,
        frame: &mut Frame<G>,
    ) -> Result<Option<u64>> {
        self.game.moves(part, &mut frame.moves);
        let mut candidates = Candidates::new(frame.moves.len() as u64, want);
        // Options whose parts are all valued take their candidates first (and may settle the
        // question); the others are searched easiest first (the least sum of the squared
        // bounds of their unknown parts, as igs's "smaller components first").
        for &mv in &frame.moves {
            let start = frame.open.parts.len();
            self.game.play(part, mv, &mut frame.open.parts);
            let mut x = 0;
            let mut cost = 0u64;
            for part in &frame.open.parts[start..] {
                match self.known(part) {
                    Some(v) => x ^= v,
                    None => cost = cost.saturating_add(self.game.bound(part).saturating_pow(2)),
                }
            }
            if cost == 0 {
                frame.open.parts.truncate(start);
                candidates.take(Some(x));
                if !candidates.meet(want) {
                    return Ok(None);
                }
            } else {
                frame.order.push((cost, frame.open.len()));
                frame.open.ends.push(frame.open.parts.len());
            }
        }
        frame.order.sort_unstable();
        for &(_, i) in &frame.order {
            let ask = candidates.worth_asking();
            let value = match ask.is_empty() {
                true => None,
                false => self.sum_in_set(frame.open.get(i), ask)?,
            };
            candidates.take(value);
            if !candidates.meet(want) {
                return Ok(None);
            }
        }
        Ok(candidates.last())
    }

    /// Empty buffers for one level of the recursion.
    fn frame(&mut self) -> Frame<G> {
        let mut frame = self.pool.pop().unwrap_or_else(|| Frame {
            moves: Vec::new(),
            open: Options {
                parts: Vec::new(),
                ends: Vec::new(),
            },
            order: Vec::new(),
        });
        frame.moves.clear();
        frame.open.clear();
        frame.order.clear();
        frame
    }

    /// Each option of `part` in turn, as its parts.
    fn each_option(
        &mut self,
        part: &G::Part,
        mut f: impl FnMut(&mut Self, &[G::Part]) -> Result<()>,
    ) -> Result<()> {
        let mut frame = self.frame();
        self.game.moves(part, &mut frame.moves);
        let mut result = Ok(());
        for &mv in &frame.moves {
            frame.open.parts.clear();
            self.game.play(part, mv, &mut frame.open.parts);
            result = f(self, &frame.open.parts);
            if result.is_err() {
                break;
            }
        }
        self.pool.push(frame);
        result
    }

    /// The value of a part as the mex of its options' values, each found in full: where a value
    /// reaches [`LIMIT`], beyond the sets of [`Search::mex_in_set`].
    fn by_mex(&mut self, part: &G::Part) -> Result<u64> {
        stacker::maybe_grow(RED_ZONE, STACK_GROWTH, || {
            self.tick()?;
            let before = self.nodes;
            // The options' values; the mex is the first gap once they are sorted.
            let mut seen = Vec::new();
            self.each_option(part, |search, parts| {
                let x = search.sum_value(parts)?;
                seen.push(x);
                Ok(())
            })?;
            seen.sort_unstable();
            let value = seen
                .iter()
                .try_fold(0, |mex, &v| match v.cmp(&mex) {
                    std::cmp::Ordering::Less => Ok(mex),
                    std::cmp::Ordering::Equal => Ok(mex + 1),
                    std::cmp::Ordering::Greater => Err(mex),
                })
                .unwrap_or_else(|mex| mex);
            self.record_value(part, value, self.nodes - before);
            Ok(value)
        })
    }

    /// The value of a part as the mex of all its options' values (each stored).
    fn whole(&mut self, part: &G::Part) -> Result<u64> {
        match self.known(part) {
            Some(v) => Ok(v),
            None => self.by_mex(part),
        }
    }

    /// Counts a node; reports progress, saves the checkpoint and obeys a stop now and then.
    fn tick(&mut self) -> Result<()> {
        self.nodes += 1;
        if self.nodes & 0xfff != 0 {
            return Ok(());
        }
        if let Some(stop) = &self.settings.stop {
            if stop() {
                return Err(Error::Interrupted(format!(
                    "the search was interrupted after {} positions{}",
                    self.nodes,
                    match &self.settings.checkpoint {
                        Some(p) => format!(
                            "; its table is saved in {} and a rerun with --checkpoint {} resumes",
                            p.display(),
                            p.display()
                        ),
                        None => String::new(),
                    }
                )));
            }
        }
        let now = Instant::now();
        if now.duration_since(self.last_report) >= Duration::from_millis(500) {
            self.last_report = now;
            let seconds = now.duration_since(self.started).as_secs_f64().max(1e-9);
            crate::progress::status(&format!(
                "searching: {} positions ({:.0}/s), table {:.1}% full",
                self.nodes,
                self.nodes as f64 / seconds,
                100.0 * self.table.filled() as f64 / self.table.capacity() as f64
            ));
        }
        if now.duration_since(self.last_save) >= self.settings.save_every {
            self.last_save = now;
            if let Some(path) = self.settings.checkpoint.clone() {
                self.save(&path)?;
            }
        }
        Ok(())
    }

    /// Saves every entry of the table to `path` (checkpoint kind `search`).
    pub fn save(&self, path: &Path) -> Result<()> {
        let mut payload = Vec::new();
        for (slot, _) in self
            .table
            .slots
            .iter()
            .zip(&self.table.tags)
            .filter(|(_, t)| **t != 0)
        {
            G::write_part(&slot.part, &mut payload);
            payload.extend_from_slice(&slot.value.to_le_bytes());
            payload.extend_from_slice(&slot.not.to_le_bytes());
            payload.push(slot.work);
        }
        crate::files::save_checkpoint(path, "search", &self.params(), &payload)
    }

    fn params(&self) -> String {
        format!("{} part-bytes {}", self.identity, G::PART_BYTES)
    }

    /// Loads the entries saved by [`Search::save`] for the same game (as many as the table
    /// keeps).
    pub fn load(&mut self, path: &Path) -> Result<()> {
        let payload = crate::files::load_checkpoint(path, "search", &self.params())?;
        let record = G::PART_BYTES + 13;
        if payload.len() % record != 0 {
            return Err(Error::Invalid(format!(
                "checkpoint {}: damaged (its entries do not have the size of this game's)",
                path.display()
            )));
        }
        let entries = payload.len() / record;
        while self.table.slots.len() < self.table.most && self.table.slots.len() / 4 * 3 < entries {
            self.table.grow();
        }
        for chunk in payload.chunks_exact(record) {
            let part = G::read_part(&chunk[..G::PART_BYTES]).ok_or_else(|| {
                Error::Invalid(format!(
                    "checkpoint {}: an entry is not a position of this game",
                    path.display()
                ))
            })?;
            let rest = &chunk[G::PART_BYTES..];
            let value = u32::from_le_bytes(rest[0..4].try_into().expect("4 bytes"));
            let not = u64::from_le_bytes(rest[4..12].try_into().expect("8 bytes"));
            if value != UNKNOWN
                && (u64::from(value) > self.game.bound(&part)
                    || (value < 64 && not >> value & 1 == 1))
            {
                return Err(Error::Invalid(format!(
                    "checkpoint {}: an entry contradicts itself or the game's bounds",
                    path.display()
                )));
            }
            let slot = self.table.entry(&part, rest[12]);
            slot.value = value;
            slot.not = not;
        }
        Ok(())
    }
}
