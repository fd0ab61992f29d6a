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
//! At the root the rounds go over the options instead, as igs's do
//! (`Search::nimber_together`): in round `r` each option not yet valued is asked "is your
//! value `r`?", and the values options answer with are kept for the later rounds.
//!
//! **Set searches** (Beling and Rogalski, "On pruning search trees of impartial games", AI 283,
//! 2020). Each question is "is the value in `want`?" (`Search::sum_in_set`). The mex of `n`
//! options lies in `P = {0, ..., n}`; each option, once valued, takes one candidate out of `P`
//! (its value if still there, else the largest), and after the last one `P` is the mex alone. So
//! an option is only asked whether its value is in `P` but the largest, and the question ends,
//! answered no, as soon as `P` misses `want` while options are left (after the last one the
//! mex is known, and it is the answer whenever it is at most `max(want)`, wanted or not). An
//! option that is a sum of parts is asked as one question about its largest part: the other
//! parts are valued first (they are small) and their XOR folded into the set.
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
//! small Cram regions, [`Splittable::exact`]) is answered at once and never stored. What a
//! theorem says of a part about to be searched ([`Splittable::fact`]: a value, or values it does
//! not have) is asked after its table lookup; a value found so is stored like a searched one.
//! An option's part missing from the table is asked too, for a value only, in the pass over
//! the options whose parts are all known (Cram 4x11: 2.6 % fewer positions, 2.7 % less CPU).
//!
//! **The transposition table** ([`Table`]) holds, per part, its exact value when known and
//! otherwise the values `k < 24` it is known not to have (every answer, even one found from the
//! options' entries alone without a search below: such a part is asked the same question again and
//! again). A "no" keeps, beside the values asked about, the values of the options the question met
//! on its way, which the part cannot have either (8-9 % fewer positions on Cram, where a part asked
//! about 0 is often asked about 1 later). It starts small and doubles when three fifths of it are
//! used, up to a memory bound; a bucket that is full meanwhile (or at the bound) gives up the entry
//! that cost the least work to find, so a search never fails for lack of room, it only repeats
//! work. A node looks each option's parts up only after making the next option, having asked the
//! processor for their buckets first (a prefetch): a lookup in a table larger than the cache waits
//! on memory, and so the wait overlaps work. Its entries can be saved to a checkpoint and loaded
//! back ([`Search::save`], [`Search::load`]): a resumed search gives the same values, only faster.
//!
//! **Bit instructions** ([`crate::cpu`]). The recursion (a question, its options, their
//! questions) and the game's moves, options and lookups it calls are compiled as one function
//! (`#[inline(always)]` down to the game's bit operations), twice: for the baseline x86-64
//! target and for processors with POPCNT, LZCNT, BMI1 and BMI2, chosen at the start of a
//! search. Cram 4x11, one thread: 12 % less CPU than the baseline build before this split
//! (BMI2's shifts by a register amount, among the many a Cram region's geometry takes, are
//! most of it).
//!
//! **Threads** ([`Settings::threads`]). Several searches ask the same question at once and
//! share the table ([`Table`]: a spin lock per bucket, growth and saves at a safe point where
//! every search is parked). Near the root each marks the part it is searching, and a search
//! about to ask an option that another is in puts it off to the end of its list (ABDADA:
//! J.-C. Weill, "The ABDADA distributed minimax search algorithm", ICCA Journal 19, 1996), by
//! when the table often has its answer; so the searches split the work instead of repeating
//! it. The first to answer stops the others. Every answer is the value, so the output does not
//! depend on the threads; only the count of positions searched (and the time) does.

use std::cell::UnsafeCell;
use std::hash::Hash;
use std::path::Path;

use super::db::{Known, PartDb};
use std::sync::atomic::{
    AtomicBool, AtomicU32, AtomicU64, AtomicUsize,
    Ordering::{Acquire, Relaxed, Release},
};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use super::nim_set::{NimSet, LIMIT};
use crate::{Error, Result};

/// A game whose positions are sums of independent parts, each in a canonical form.
pub trait Splittable: Sync {
    /// A part in canonical form: two equal parts are the same game.
    type Part: Copy + Eq + Hash + Default + std::fmt::Debug + Send + Sync;

    /// A part as the transposition table keeps it: the part itself, or a shorter form of the
    /// parts a search of this game meets (a Cram region of a small box in one word). A smaller
    /// key makes a smaller slot: more entries in the same memory.
    type Key: Copy + Eq + Hash + Default + std::fmt::Debug + Send + Sync;

    /// The key of a part (one of those a search of this game meets, see [`Splittable::keeps`]).
    fn key(&self, part: &Self::Part) -> Self::Key;

    /// The part of a key made by [`Splittable::key`].
    fn part_of(&self, key: &Self::Key) -> Self::Part;

    /// Whether [`Splittable::key`] is defined for `part` (a checkpoint of another game sharing
    /// the same parts may hold parts this one never meets; they are not loaded).
    fn keeps(&self, _part: &Self::Part) -> bool {
        true
    }

    /// A move of a part. Listing the moves is cheap; the option a move leads to is made by
    /// [`Splittable::play`] only when the search needs it (a search often stops after a few).
    type Move: Copy + Send;

    /// Every move of `part`, pushed to `out` (the order is the order options are looked up in
    /// the table; put first the moves likely to decide, e.g. near the centre of a board).
    fn moves(&self, part: &Self::Part, out: &mut Vec<Self::Move>) -> Result<()>;

    /// The parts of the option `mv` of `part`, pushed to `out` (canonical; parts without moves
    /// may be left out).
    ///
    /// Either fails only where a game's parts have a limit of their own (a Sprouts land whose
    /// code no longer fits a part): the search stops with that error.
    fn play(&self, part: &Self::Part, mv: Self::Move, out: &mut Vec<Self::Part>) -> Result<()>;

    /// The value of `part` when it is known without a search (an endgame table, a theorem); such
    /// parts are never searched nor kept in the transposition table.
    fn exact(&self, _part: &Self::Part) -> Option<u64> {
        None
    }

    /// Whether [`Splittable::exact`] values `part`, known cheaply; if so, the memory it will read
    /// is asked for now (a prefetch: a hint that changes nothing). The search then does not ask
    /// for the part's bucket of its own table, which [`Splittable::exact`]'s parts never enter.
    fn prefetch_exact(&self, _part: &Self::Part) -> bool {
        false
    }

    /// How [`Splittable::exact`] knows its values, for a method line (`None`: it never does).
    fn exact_method(&self) -> Option<&'static str> {
        None
    }

    /// What a theorem says of `part` (its value, or values it does not have), asked when the
    /// part is about to be searched; a value found so is then kept in the table.
    fn fact(&self, _part: &Self::Part) -> Option<Fact> {
        None
    }

    /// How [`Splittable::fact`] knows, for a method line (`None`: it never does).
    fn fact_method(&self) -> Option<&'static str> {
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

    /// How hard a part looks, for the order in which a search tries the options (the least sum
    /// of its unknown parts' difficulties first): by default the square of its bound, so that
    /// an option split into small parts comes before one large part (igs's "smaller
    /// components first").
    #[inline(always)]
    fn difficulty(&self, part: &Self::Part) -> u64 {
        self.bound(part).saturating_pow(2)
    }

    /// The difficulty of a part that was asked about before (the table holds values it does
    /// not have, not its value), given its [`Splittable::difficulty`]: the positions below it
    /// are in the table, so a new question about it may cost less than one about a part never
    /// seen. By default the same.
    fn difficulty_seen(&self, difficulty: u64) -> u64 {
        difficulty
    }

    /// Whether every part is better valued whole (the mex of all its options' values, each
    /// stored) than by outcome searches: games that do not split and whose values are large
    /// (Chomp), where a search of `G + *k` would be repeated for each `k` below the value.
    fn values_whole(&self) -> bool {
        false
    }
}

/// What a theorem says of a part ([`Splittable::fact`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fact {
    /// Its value.
    Value(u64),
    /// Values it does not have: bit `k` of the mask, not `k` (for `k < 64`).
    Not(u64),
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

/// Values a slot keeps exactly: those below 2^24 (larger ones are not kept; they are found
/// again when needed).
const SLOT_VALUES: u64 = 1 << Facts::PAYLOAD_BITS;

/// Values a slot's "not" mask covers: bit `k` for `k < 24` (a part's value is known not to be
/// `k`); facts about larger values are not kept, as for values beyond the mask before.
const NOT_BITS: u64 = Facts::PAYLOAD_BITS as u64;

/// What a slot knows of its part, in one word: bits 0-23 hold the exact value when bit 24 is
/// set, else the mask of values (below 24) the part is known not to have (an exact value says
/// every other value is excluded, so no mask is needed beside it); bits 25-30 the work (1 +
/// log2 of the search nodes it cost, at most 63: the cheapest is replaced first; 0 marks an
/// empty slot); bit 31 "dirty" (changed since the database of solved parts was last written).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Facts(u32);

impl Facts {
    const PAYLOAD_BITS: u32 = 24;
    const PAYLOAD: u32 = (1 << Self::PAYLOAD_BITS) - 1;
    const EXACT: u32 = 1 << Self::PAYLOAD_BITS;
    const WORK_SHIFT: u32 = Self::PAYLOAD_BITS + 1;
    const WORK_MAX: u8 = 63;
    const DIRTY: u32 = 1 << 31;

    /// The exact value, if known.
    fn value(self) -> Option<u64> {
        (self.0 & Self::EXACT != 0).then_some(u64::from(self.0 & Self::PAYLOAD))
    }

    /// Bit `k`: the value is known not to be `k` (`k <` [`NOT_BITS`]; none when the value is
    /// known).
    fn not(self) -> u32 {
        match self.0 & Self::EXACT {
            0 => self.0 & Self::PAYLOAD,
            _ => 0,
        }
    }

    /// Whether it holds a value or an excluded one.
    fn is_known(self) -> bool {
        self.0 & (Self::EXACT | Self::PAYLOAD) != 0
    }

    /// Records the exact value, if it fits (below [`SLOT_VALUES`]; a larger one is not kept).
    fn set_value(&mut self, value: u64) {
        if value < SLOT_VALUES {
            debug_assert!(value >= NOT_BITS || self.not() >> value & 1 == 0);
            self.0 = (self.0 & !Self::PAYLOAD) | Self::EXACT | value as u32;
        }
    }

    /// Records that the value is none of `not`'s bits (those below [`NOT_BITS`] are kept;
    /// nothing is needed once the value is known).
    fn add_not(&mut self, not: u64) {
        if self.0 & Self::EXACT == 0 {
            self.0 |= not as u32 & Self::PAYLOAD;
        }
    }

    fn work(self) -> u8 {
        (self.0 >> Self::WORK_SHIFT) as u8 & Self::WORK_MAX
    }

    /// Raises the work to `work` (at most 63, more is kept as 63).
    fn raise_work(&mut self, work: u8) {
        let work = work.min(Self::WORK_MAX).max(self.work());
        self.0 = (self.0 & !(u32::from(Self::WORK_MAX) << Self::WORK_SHIFT))
            | u32::from(work) << Self::WORK_SHIFT;
    }

    fn dirty(self) -> bool {
        self.0 & Self::DIRTY != 0
    }

    fn set_dirty(&mut self, dirty: bool) {
        self.0 = (self.0 & !Self::DIRTY) | if dirty { Self::DIRTY } else { 0 };
    }
}

/// An entry of the table: the key and its [`Facts`], packed to 4-byte alignment so that a
/// one-word key makes a 12-byte slot (not 16: a `u64` would pad it to 8-byte alignment).
/// The key is read by copy, never by reference (it may be unaligned).
#[derive(Clone, Copy, Default)]
#[repr(C, packed(4))]
struct Slot<K> {
    key: K,
    facts: Facts,
}

const _: () = assert!(std::mem::size_of::<Slot<u64>>() == 12);

/// Slots per bucket: a part is kept in one of the five slots of the bucket its hash names.
const WAYS: usize = 5;

/// The buckets a table starts with; it doubles when three fifths of its slots are in use
/// ([`Table::grows_at`]), until its memory bound.
const FIRST_BUCKETS: usize = 1 << 10;

/// A bucket: its lock word and its slots, aligned to a cache line. With one-word keys (12-byte
/// slots) a bucket is exactly one 64-byte line, so a probe reads one line; larger keys take two
/// or more lines.
#[repr(C, align(64))]
struct Bucket<P> {
    /// [`LOCK`] while a search holds the bucket (only while searches share the table); below
    /// it, the marks of the bucket's keys ([`mark`]): a probe whose mark is absent is a miss,
    /// found without the lock and without reading the slots.
    lock: AtomicU32,
    slots: [UnsafeCell<Slot<P>>; WAYS],
}

const _: () = assert!(std::mem::size_of::<Bucket<u64>>() == 64);

/// The bit of a bucket's word that locks it.
const LOCK: u32 = 1 << 31;

/// The mark of a key of hash `h` in its bucket's word: one of the 31 bits below [`LOCK`], from
/// the hash's high half (the bucket comes from its low bits).
fn mark(h: u64) -> u32 {
    1 << (((h >> 32) * 31) >> 32)
}

impl<P: Copy + Hash> Bucket<P> {
    /// The marks of the keys in the bucket (which it holds, or has to itself).
    fn marks(&self) -> u32 {
        self.slots.iter().fold(0, |marks, slot| {
            // SAFETY: the bucket is held.
            let slot = unsafe { *slot.get() };
            match slot.facts.work() {
                0 => marks,
                _ => marks | mark(hash(&{ slot.key })),
            }
        })
    }

    /// Sets the marks to `marks`, the lock bit kept (the bucket held: no other search writes
    /// its word meanwhile).
    fn set_marks(&self, marks: u32) {
        let word = self.lock.load(Relaxed);
        self.lock.store(word & LOCK | marks, Relaxed);
    }
}

impl<P: Default> Default for Bucket<P> {
    fn default() -> Self {
        Bucket {
            lock: AtomicU32::new(0),
            slots: std::array::from_fn(|_| UnsafeCell::new(Slot::default())),
        }
    }
}

/// The buckets; the vector changes only when the table grows.
struct Storage<P> {
    buckets: Vec<Bucket<P>>,
}

impl<P: Default> Storage<P> {
    /// Grows the vector to `len` empty buckets (the existing ones kept in place). Its memory is
    /// asked to be backed by huge pages (Linux, where transparent huge pages are given on
    /// request): a probe of a table of hundreds of megabytes misses the cache anyway, and with
    /// 4 KiB pages it also misses the cache of address translations. The new memory is advised
    /// before it is written; the part the old vector had (moved by the allocator, or remapped in
    /// 4 KiB pages) is collapsed into huge pages after. Without the collapse about half of Cram
    /// 5x9's table stayed in small pages, and Cram 4x11's search was 1.12x slower
    /// (BENCHMARKS.md, "Huge pages for the whole table").
    ///
    /// A table made by [`Storage::reserving`] has its whole bound reserved (address space only:
    /// a page is backed when first written) and advised at once, so growing it moves nothing
    /// and there is nothing to collapse: on Cram 4x11 the copies and the collapse were 5 % of
    /// the run.
    fn resize(&mut self, len: usize) {
        let (at, capacity) = (self.buckets.as_ptr(), self.buckets.capacity());
        self.buckets.reserve_exact(len - self.buckets.len());
        let moved = (at, capacity) != (self.buckets.as_ptr(), self.buckets.capacity());
        if moved {
            huge_pages(&self.buckets, Pages::Advise);
        }
        self.buckets.resize_with(len, Default::default);
        if moved {
            huge_pages(&self.buckets, Pages::Collapse);
        }
    }

    /// Storage for up to `most` buckets, that address space reserved now if the system gives
    /// it (else the vector grows as it fills, moved by the allocator), with `first` buckets.
    fn reserving(most: usize, first: usize) -> Self {
        let mut buckets = Vec::new();
        if buckets.try_reserve_exact(most).is_ok() {
            huge_pages(&buckets, Pages::Advise);
        }
        let mut storage = Storage { buckets };
        storage.resize(first);
        storage
    }
}

/// What [`huge_pages`] asks of the kernel.
#[derive(Clone, Copy)]
enum Pages {
    /// Back pages with huge pages when they are first touched (`MADV_HUGEPAGE`).
    Advise,
    /// Move pages already touched into huge pages now (`MADV_COLLAPSE`, Linux 6.1 and later;
    /// an older kernel declines).
    Collapse,
}

/// See [`Storage::resize`]: the advice for the whole huge pages (2 MiB) within the allocation
/// of `items` (its capacity to be advised, its items to be collapsed: memory beyond them is not
/// made resident). Only advice: nothing changes if the kernel declines.
fn huge_pages<T>(items: &Vec<T>, what: Pages) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let start = items.as_ptr() as usize;
        let items_in = match what {
            Pages::Advise => items.capacity(),
            Pages::Collapse => items.len(),
        };
        let end = start + items_in * std::mem::size_of::<T>();
        let first = start.next_multiple_of(HUGE);
        if end.saturating_sub(first) >= HUGE {
            let len = (end - first) / HUGE * HUGE;
            let advice = match what {
                Pages::Advise => libc::MADV_HUGEPAGE,
                // Linux's value (include/uapi/asm-generic/mman-common.h); the libc crate
                // names it for glibc only.
                Pages::Collapse => 25,
            };
            // SAFETY: the range lies within the vector's allocation, and neither advice changes
            // the contents of those pages, only how the kernel backs them.
            unsafe { libc::madvise(first as *mut libc::c_void, len, advice) };
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (items, what);
}

/// Who is at the table's safe point ([`Table::exclusive`]).
#[derive(Default)]
struct Gate {
    /// Searches using the table.
    active: usize,
    /// Searches parked, waiting for the leader.
    parked: usize,
    /// A search is waiting for the others to park, to have the table to itself.
    leader: bool,
    /// Counts the leader's turns: a parked search goes on when it changes.
    generation: u64,
}

/// The transposition table: five-way set-associative, growing to a memory bound and then
/// replacing the entry that was cheapest to find. A bucket is one cache line (with one-word
/// keys): a probe reads that line and nothing else.
///
/// **Shared by several searches** (threads): while it is shared (`Table::share`), a probe or a
/// store locks its bucket (a spin lock in the bucket's first word, on the line the probe reads
/// anyway) and copies a whole slot in or out, so every entry is a correct entry for its part
/// whatever the interleaving (a lost update only costs work). Growth (and a checkpoint's save)
/// moves every slot, so it waits for a safe point: the search that wants it raises `pause`,
/// every other search parks at its next node (`Table::park`, a relaxed load of the flag per
/// node), the leader grows the table alone and wakes them. No search holds a bucket or a
/// reference into the table across a node, so parking never waits for a lock.
pub struct Table<P> {
    data: UnsafeCell<Storage<P>>,
    /// The most slots the memory bound allows (a power of two).
    most: usize,
    /// Slots in use, counted by each search on a line of its own (their sum): one counter
    /// written by every search moved its cache line between the cores at nearly every store.
    filled: Box<[Counter]>,
    /// Several searches use the table now: buckets are locked and growth waits for the gate.
    shared: AtomicBool,
    /// A search waits at the gate for the table to itself: the others park.
    pause: AtomicBool,
    gate: Mutex<Gate>,
    wake: Condvar,
    /// The hashes of parts some search is searching now, near the root (0: none), at the
    /// place the hash says: another search takes other options first (ABDADA).
    busy: Box<[AtomicU64]>,
}

/// Places for marks of parts being searched.
const BUSY_PLACES: usize = 1 << 12;

/// Counters of [`Table::filled`]: search `i` counts in `i % COUNTERS`.
const COUNTERS: usize = 8;

/// A count on a cache line of its own (128 bytes: two lines, which some processors fetch
/// together).
#[derive(Default)]
#[repr(align(128))]
struct Counter(AtomicUsize);

/// Stores a search makes between looks at the whole count while the table is shared (to see
/// whether it must grow): the table grows at most this many stores per search late.
const COUNT_EVERY: usize = 64;

// SAFETY: slots are read and written only under their bucket's lock while the table is shared
// (and by one thread otherwise), and the vectors change only when every other search is parked
// at the gate ([`Table::exclusive`]).
unsafe impl<P: Send> Sync for Table<P> {}
unsafe impl<P: Send> Send for Table<P> {}

impl<P> Table<P> {
    /// Marks a part (by its hash `h`, not 0) as being searched, unless its place is taken;
    /// whether it was marked (then [`Table::unmark`] it after).
    fn mark(&self, h: u64) -> bool {
        self.busy[h as usize % BUSY_PLACES]
            .compare_exchange(0, h, Relaxed, Relaxed)
            .is_ok()
    }

    fn unmark(&self, h: u64) {
        self.busy[h as usize % BUSY_PLACES].store(0, Relaxed);
    }

    /// Whether a part of hash `h` is being searched by some search.
    fn is_busy(&self, h: u64) -> bool {
        self.busy[h as usize % BUSY_PLACES].load(Relaxed) == h
    }

    /// A search is done with the shared table (no longer parks).
    fn leave(&self) {
        let mut gate = self.gate.lock().unwrap_or_else(|e| e.into_inner());
        gate.active -= 1;
        self.wake.notify_all();
    }
}

impl<P: Copy + Eq + Hash + Default> Table<P> {
    /// A table of at most `bytes` bytes (at least one bucket); it starts small and grows.
    pub fn with_memory(bytes: u64) -> Self {
        let per_bucket = std::mem::size_of::<Bucket<P>>() as u64;
        let want = (bytes / per_bucket).max(1);
        // A power of two at most `want` (and at most 2^38 buckets).
        let most = 1usize << (63 - want.leading_zeros()).min(38);
        Table {
            data: UnsafeCell::new(Storage::reserving(most, most.min(FIRST_BUCKETS))),
            most,
            filled: std::iter::repeat_with(Counter::default)
                .take(COUNTERS)
                .collect(),
            shared: AtomicBool::new(false),
            pause: AtomicBool::new(false),
            gate: Mutex::new(Gate::default()),
            wake: Condvar::new(),
            busy: std::iter::repeat_with(Default::default)
                .take(BUSY_PLACES)
                .collect(),
        }
    }

    /// The buckets, for reading (and for writing slots under their bucket's lock).
    fn data(&self) -> &Storage<P> {
        // SAFETY: the vector is replaced only under `exclusive`, when no other search runs and
        // the caller holds no reference into it.
        unsafe { &*self.data.get() }
    }

    /// Slots the table may grow to.
    pub fn capacity(&self) -> usize {
        self.most * WAYS
    }

    /// Slots in use.
    pub fn filled(&self) -> usize {
        self.filled.iter().map(|c| c.0.load(Relaxed)).sum()
    }

    /// Buckets now.
    fn buckets(&self) -> usize {
        self.data().buckets.len()
    }

    /// Slots now.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.buckets() * WAYS
    }

    /// The slots in use at which a table of `buckets` buckets doubles (below its bound): three
    /// fifths of its slots. (At three quarters, the load at which a table of eight-slot buckets
    /// doubled, five-slot buckets are full more often, and Cram 4x11 searched 3 % more
    /// positions.)
    fn grows_at(buckets: usize) -> usize {
        buckets * WAYS / 5 * 3
    }

    /// Bytes the table takes now.
    pub fn bytes(&self) -> u64 {
        (self.buckets() * std::mem::size_of::<Bucket<P>>()) as u64
    }

    /// The part's bucket in a table of `buckets` buckets.
    fn place_in(buckets: usize, part: &P) -> usize {
        (hash(part) as usize) & (buckets - 1)
    }

    /// The part's bucket, and the part's mark in it.
    #[inline(always)]
    fn place(&self, part: &P) -> (&Bucket<P>, u32) {
        let buckets = &self.data().buckets;
        let h = hash(part);
        (&buckets[(h as usize) & (buckets.len() - 1)], mark(h))
    }

    /// Runs `f` with the bucket locked when the table is shared.
    #[inline(always)]
    fn locked<T>(&self, bucket: &Bucket<P>, f: impl FnOnce() -> T) -> T {
        if !self.shared.load(Relaxed) {
            return f();
        }
        loop {
            let word = bucket.lock.load(Relaxed);
            if word & LOCK == 0
                && bucket
                    .lock
                    .compare_exchange_weak(word, word | LOCK, Acquire, Relaxed)
                    .is_ok()
            {
                break;
            }
            std::hint::spin_loop();
        }
        let result = f();
        // Only the holder writes the word.
        let word = bucket.lock.load(Relaxed);
        bucket.lock.store(word & !LOCK, Release);
        result
    }

    /// The part's slot in the bucket, if it has one (the bucket held). A slot is empty when
    /// its work is 0 (a stored entry has work at least 1).
    #[inline(always)]
    fn index(bucket: &Bucket<P>, part: &P) -> Option<usize> {
        // SAFETY: the bucket is held (or the table not shared).
        (0..WAYS).find(|&i| {
            let slot = unsafe { *bucket.slots[i].get() };
            slot.facts.work() != 0 && { slot.key } == *part
        })
    }

    /// Asks the processor to start loading the part's bucket into its cache: a hint only,
    /// nothing changes. A [`Table::find`] of the part soon after then does not wait on memory.
    #[inline(always)]
    fn prefetch(&self, part: &P) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let bucket: *const Bucket<P> = self.place(part).0;
            let lines = std::mem::size_of::<Bucket<P>>() / 64;
            for line in 0..lines {
                // SAFETY: the line lies within the bucket, and a prefetch neither reads nor
                // writes memory as far as the program can tell.
                unsafe { _mm_prefetch::<_MM_HINT_T0>(bucket.cast::<i8>().add(64 * line)) };
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = part;
    }

    /// What the part's slot knows, if it has one. Most probes miss: a bucket without the
    /// part's mark is a miss, read without its lock (an entry stored meanwhile by another
    /// search is only missed, which costs work, not answers).
    #[inline(always)]
    fn find(&self, part: &P) -> Option<Facts> {
        let (bucket, mark) = self.place(part);
        if bucket.lock.load(Relaxed) & mark == 0 {
            return None;
        }
        self.locked(bucket, || {
            // SAFETY: the bucket is held.
            Self::index(bucket, part).map(|i| unsafe { (*bucket.slots[i].get()).facts })
        })
    }

    /// Doubles the buckets in place (the caller has the table to itself): the vector is grown
    /// (glibc's allocator remaps a large one's pages, so the old and new tables are never both
    /// held; mimalloc, the CLI's, copies it, and for a moment holds both), and an entry of
    /// bucket `b` stays there or moves to bucket `b + old length`, as the next bit of its hash
    /// says (the new bucket takes at most the old one's entries).
    fn grow(data: &mut Storage<P>) {
        let old = data.buckets.len();
        data.resize(2 * old);
        let (low, high) = data.buckets.split_at_mut(old);
        for (b, bucket) in low.iter_mut().enumerate() {
            let mut free = 0;
            for slot in &mut bucket.slots {
                let slot = slot.get_mut();
                if slot.facts.work() == 0 || Self::place_in(2 * old, &{ slot.key }) == b {
                    continue;
                }
                *high[b].slots[free].get_mut() = *slot;
                free += 1;
                *slot = Slot::default();
            }
            bucket.set_marks(bucket.marks());
            high[b].set_marks(high[b].marks());
        }
    }

    /// Doubles the table unless it is at its bound or another search doubled it since the
    /// caller saw `buckets` buckets.
    fn grow_from(&self, buckets: usize) {
        self.exclusive(|data| {
            if data.buckets.len() == buckets && buckets < self.most {
                Self::grow(data);
            }
        });
    }

    /// Runs `f` with the table to itself: at once if no other search shares it, else at a
    /// safe point, every other search parked at the gate (see [`Table`]). The caller holds no
    /// bucket.
    fn exclusive<T>(&self, f: impl FnOnce(&mut Storage<P>) -> T) -> T {
        if !self.shared.load(Relaxed) {
            // SAFETY: one search uses the table.
            return f(unsafe { &mut *self.data.get() });
        }
        let mut gate = self.gate.lock().expect("the gate is never poisoned");
        while gate.leader {
            gate = self.follow(gate);
        }
        gate.leader = true;
        self.pause.store(true, Relaxed);
        while gate.parked + 1 < gate.active {
            gate = self.wake.wait(gate).expect("the gate is never poisoned");
        }
        // SAFETY: every other search is parked (waiting for the gate's mutex, which is held
        // until `f` returns) or has left.
        let result = f(unsafe { &mut *self.data.get() });
        self.pause.store(false, Relaxed);
        gate.leader = false;
        gate.generation += 1;
        self.wake.notify_all();
        result
    }

    /// Parks a search at the gate until the leader's turn is over.
    fn follow<'a>(&self, mut gate: MutexGuard<'a, Gate>) -> MutexGuard<'a, Gate> {
        gate.parked += 1;
        self.wake.notify_all();
        let generation = gate.generation;
        while gate.generation == generation {
            gate = self.wake.wait(gate).expect("the gate is never poisoned");
        }
        gate.parked -= 1;
        gate
    }

    /// Called by every search at every node: parks it if another wants the table to itself.
    fn park(&self) {
        if self.pause.load(Relaxed) {
            let gate = self.gate.lock().expect("the gate is never poisoned");
            if gate.leader {
                drop(self.follow(gate));
            }
        }
    }

    /// `searches` searches share the table from now on (until [`Table::unshare`]); each calls
    /// [`Table::leave`] when it is done.
    fn share(&self, searches: usize) {
        let mut gate = self.gate.lock().expect("the gate is never poisoned");
        *gate = Gate {
            active: searches,
            ..Gate::default()
        };
        self.shared.store(searches > 1, Relaxed);
    }

    /// One search uses the table again (every other has left and been joined).
    fn unshare(&self) {
        self.shared.store(false, Relaxed);
    }

    /// Updates the part's slot (made if it has none) under its bucket's lock, growing the
    /// table first when it is full to [`Table::grows_at`]. A full bucket below that load gives up its
    /// cheapest entry, as at the memory bound: growing at the first full bucket (at half load,
    /// as this table once did) doubled Cram 5x9's table to 75 MB for 3.8% fewer positions
    /// searched (BENCHMARKS.md, eleventh measurement).
    ///
    /// `by` is the index of the search storing (its count of filled slots); while the table is
    /// shared, its load is looked at once every [`COUNT_EVERY`] slots this search fills.
    #[inline(always)]
    fn update(&self, part: &P, work: u8, by: usize, f: impl FnOnce(&mut Facts)) {
        let mine = &self.filled[by % COUNTERS].0;
        if !self.shared.load(Relaxed) || mine.load(Relaxed).is_multiple_of(COUNT_EVERY) {
            let mut buckets = self.buckets();
            while buckets < self.most && self.filled() >= Self::grows_at(buckets) {
                self.grow_from(buckets);
                buckets = self.buckets();
            }
        }
        let (bucket, mark) = self.place(part);
        // SAFETY (here and below): the bucket is held.
        let work_of = |i: usize| unsafe { (*bucket.slots[i].get()).facts.work() };
        self.locked(bucket, || {
            let index = match Self::index(bucket, part) {
                Some(i) => i,
                None => {
                    let (i, replaced) = match (0..WAYS).find(|&i| work_of(i) == 0) {
                        Some(i) => {
                            mine.fetch_add(1, Relaxed);
                            (i, false)
                        }
                        None => (
                            (0..WAYS)
                                .min_by_key(|&i| work_of(i))
                                .expect("a bucket has slots"),
                            true,
                        ),
                    };
                    unsafe {
                        *bucket.slots[i].get() = Slot {
                            key: *part,
                            facts: Facts::default(),
                        }
                    };
                    // A replaced key takes its mark away, unless another key shares it (the new
                    // slot's work is still 0: its mark is added by hand).
                    bucket.set_marks(
                        match replaced {
                            true => bucket.marks(),
                            false => bucket.lock.load(Relaxed) & !LOCK,
                        } | mark,
                    );
                    i
                }
            };
            let facts = unsafe { &mut (*bucket.slots[index].get()).facts };
            facts.raise_work(work.max(1));
            facts.set_dirty(true);
            f(facts);
        });
    }

    /// Every entry, in slot order, to change (the caller has the table to itself).
    fn entries_mut(data: &mut Storage<P>) -> impl Iterator<Item = &mut Slot<P>> {
        data.buckets
            .iter_mut()
            .flat_map(|bucket| bucket.slots.iter_mut())
            .map(UnsafeCell::get_mut)
            .filter(|slot| slot.facts.work() != 0)
    }

    /// Every entry, in slot order (the caller has the table to itself).
    fn entries(data: &mut Storage<P>) -> impl Iterator<Item = &Slot<P>> {
        Self::entries_mut(data).map(|slot| &*slot)
    }
}

/// The part's hash for the table's buckets and the marks of parts being searched.
#[inline(always)]
fn hash<P: Hash>(part: &P) -> u64 {
    let mut hasher = FoldHasher(0);
    part.hash(&mut hasher);
    // Finish: spread the high bits down (a multiplicative hash is weak in its low bits).
    let h = hasher.0;
    let h = (h ^ (h >> 29)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h ^ (h >> 32)
}

/// A small fast hasher for the table's buckets (parts are a few machine words).
struct FoldHasher(u64);

impl std::hash::Hasher for FoldHasher {
    #[inline(always)]
    fn finish(&self) -> u64 {
        self.0
    }
    #[inline(always)]
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }
    #[inline(always)]
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
    #[inline(always)]
    fn write_u128(&mut self, n: u128) {
        self.write_u64(n as u64);
        self.write_u64((n >> 64) as u64);
    }
    #[inline(always)]
    fn write_u32(&mut self, n: u32) {
        self.write_u64(n.into());
    }
    #[inline(always)]
    fn write_u16(&mut self, n: u16) {
        self.write_u64(n.into());
    }
    #[inline(always)]
    fn write_u8(&mut self, n: u8) {
        self.write_u64(n.into());
    }
    #[inline(always)]
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

/// How a search runs: its memory, where its checkpoint goes, and who may stop it.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Bytes for the transposition table.
    pub memory: u64,
    /// Whether the caller chose `memory` (`--memory`): heap games then also keep their values
    /// within it, in a record run where the engine's table would not fit
    /// (`games::octal`).
    pub memory_set: bool,
    /// Saved on interruption and every `save_every`, loaded at the start if present.
    pub checkpoint: Option<std::path::PathBuf>,
    /// The database of solved parts ([`super::db`]): read into the table at the start,
    /// written (merged) after each question, on interruption and every `save_every`.
    pub db: Option<std::path::PathBuf>,
    /// How often the checkpoint is saved during a search.
    pub save_every: Duration,
    /// Asked now and then whether to stop (Ctrl-C): the search then saves its checkpoint and
    /// returns [`Error::Interrupted`].
    pub stop: Option<fn() -> bool>,
    /// Searches of each question run at once, sharing the table (threads; 1: one search).
    pub threads: usize,
    /// Whether to search with the baseline instructions only, even on a processor with the
    /// bit instructions the search is also compiled for ([`crate::cpu`]): to test that path.
    pub baseline_instructions: bool,
}

/// The default memory of a search's table: 1 GiB.
pub const DEFAULT_MEMORY: u64 = 1 << 30;

impl Default for Settings {
    fn default() -> Self {
        Settings {
            memory: DEFAULT_MEMORY,
            memory_set: false,
            checkpoint: None,
            db: None,
            save_every: Duration::from_secs(300),
            stop: None,
            threads: 1,
            baseline_instructions: false,
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
    /// Questions "is the value of this part `k`?" that were not answered by the table (by
    /// every thread, when several search: then it varies from run to run).
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
    table: Arc<Table<G::Key>>,
    /// Set when another search of the same question has answered it (helpers only see it).
    halt: Option<Arc<AtomicBool>>,
    /// 0 for the main search (the one that reports and saves), else a helper's index.
    helper: usize,
    /// Searches sharing the table (1: none).
    threads: usize,
    /// Levels of set searches below the question asked.
    depth: u32,
    nodes: u64,
    settings: Settings,
    /// Buffers, one per level of the recursion.
    pool: Vec<Frame<G>>,
    started: Instant,
    last_report: Instant,
    last_save: Instant,
    /// The parameters a checkpoint must match (the game's spec).
    identity: String,
    /// How far the rounds at the root have got, for the progress line and an interruption.
    root: RootProgress,
    /// The database of solved parts, if any (the main search's only).
    db: Option<PartDb>,
    /// Whether the questions are searched by the code compiled for the bit instructions
    /// ([`crate::cpu::has_bit_instructions`]).
    bit_instructions: bool,
}

/// How far [`Search::nimber_together`] has got: a long search's progress line and the message
/// of an interruption say it, as the only figure of how far a search that never ended got.
#[derive(Debug, Clone, Copy, Default)]
struct RootProgress {
    /// Whether rounds are running (the part at the root is being valued by them).
    active: bool,
    /// The question of the round: "is the value `round`?" (every smaller value is an option's).
    round: u64,
    /// The options of the part at the root (each a sum of parts), and those valued so far.
    options: usize,
    valued: usize,
    /// The options asked in this round (by the main search), of those it asks.
    asked: usize,
    in_round: usize,
}

impl RootProgress {
    /// "at the root, round 2 (is the value 2?): option 3 of 17; 9 of 25 options valued, so the
    /// value is at least 2".
    fn text(&self) -> String {
        format!(
            "at the root, round {r} (is the value {r}?): option {} of {}; {} of {} options valued{}",
            self.asked,
            self.in_round,
            self.valued,
            self.options,
            match self.round {
                0 => String::new(),
                r => format!(", so the value is at least {r}"),
            },
            r = self.round,
        )
    }
}

/// The candidates for a mex in [`Search::mex_in_set`]: those up to the largest wanted value as a
/// set, those above it only counted.
struct Candidates {
    low: NimSet,
    above: u64,
    /// The exact values of the options valued so far (those below 64): values the part does
    /// not have, whatever the question's answer.
    seen: u64,
}

impl Candidates {
    /// `{0, ..., options}` for a question about the values in `want` (not empty).
    #[inline(always)]
    fn new(options: u64, want: NimSet) -> Self {
        let top = want.max().expect("a non-empty set");
        Candidates {
            low: NimSet::up_to(options.min(top)),
            above: options.saturating_sub(top),
            seen: 0,
        }
    }

    /// Takes out the candidate of an option of value `value` (`None`: not one of
    /// [`Candidates::worth_asking`]): that value if it is a candidate, otherwise the largest.
    #[inline(always)]
    fn take(&mut self, value: Option<u64>) {
        if let Some(v) = value.filter(|&v| v < 64) {
            self.seen |= 1 << v;
        }
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
    #[inline(always)]
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
    #[inline(always)]
    fn meet(&self, want: NimSet) -> bool {
        !self.low.and(want).is_empty()
    }

    /// The mex once every option took its candidate, if it is not above the wanted values.
    #[inline(always)]
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
    /// Options put off because another search is in them.
    later: Vec<usize>,
}

/// The least work (search nodes below) for which a "not in the set" answer goes to the
/// database of solved parts (`--db`): the table keeps every answer, since a part settled by its
/// options' entries alone (no node below) is asked the same question again and again (Cram 5x8:
/// a third of the positions were such repeats), but on disk such entries would outnumber the
/// rest several times over for little.
const MIN_WORK_SAVED: u64 = 256;

/// The class of a table entry's work (`1 + log2` of the search nodes it cost), never 0.
fn work_class(work: u64) -> u8 {
    1 + (64 - work.leading_zeros()) as u8
}

/// The recursion is a few frames per move of the longest play, times the values tried: the
/// stack grows by this much whenever less than [`RED_ZONE`] is left ([`stacker`]).
/// The levels below the question whose parts are marked while being searched, so that other
/// searches put them off.
const BUSY_DEPTH: u32 = 8;

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
        let bit_instructions =
            !settings.baseline_instructions && crate::cpu::has_bit_instructions();
        let mut search = Search {
            game,
            table: Arc::new(Table::with_memory(settings.memory)),
            halt: None,
            helper: 0,
            // Games valued whole (Chomp) take no set searches, so no option is put off and
            // helpers would only repeat the work: one search.
            threads: match game.values_whole() {
                true => 1,
                false => settings.threads.max(1),
            },
            depth: 0,
            nodes: 0,
            settings,
            pool: Vec::new(),
            started: now,
            last_report: now,
            last_save: now,
            identity: identity.to_string(),
            root: RootProgress::default(),
            db: None,
            bit_instructions,
        };
        if let Some(path) = search.settings.checkpoint.clone() {
            if path.exists() {
                search.load(&path)?;
            } else {
                crate::files::check_checkpoint_writable(&path)?;
            }
        }
        if let Some(path) = search.settings.db.clone() {
            search.open_db(&path)?;
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

    /// The value of one part at the root, by igs's loop over its options (Beling's
    /// `nimber_of_component_br_aspset`): for `r = 0, 1, ...` each option not yet valued is
    /// asked "is your value `r`?"; an option that answers with its value (`r` or, when it came
    /// cheaply, another) is valued and leaves the list, and one of value `r` ends the round: `r`
    /// is not the mex. When no option has value `r`, every value below it having been met in an
    /// earlier round, `r` is the mex. Unlike asking the part "is your value `r`?" afresh for
    /// each `r` ([`Search::nimber`]), the values met in one round are not looked for again
    /// (Cram 5x6: 13 % fewer positions with one thread). With several threads each round is
    /// asked by all of them together ([`Search::together`]; the first answer stops the
    /// others), each putting off the options another is in ([`Search::round`]).
    fn nimber_together(&mut self, part: &G::Part) -> Result<u64> {
        if let Some(v) = self.known(part) {
            return Ok(v);
        }
        if self.game.values_whole() {
            return self.together(|search| search.whole(part));
        }
        let key = self.game.key(part);
        // The values the part is known not to have (by the table or a theorem), from the
        // bottom, are options' values.
        let mut not = u64::from(self.table.find(&key).map_or(0, Facts::not));
        match self.game.fact(part) {
            Some(Fact::Value(value)) => {
                self.record_value(&key, value, 0);
                return Ok(value);
            }
            Some(Fact::Not(mask)) => not |= mask,
            None => {}
        }
        let mut met: std::collections::BTreeSet<u64> =
            (0..u64::from(not.trailing_ones())).collect();
        // The options not valued yet: the XOR of their known parts and their other parts,
        // easiest first.
        let mut moves = Vec::new();
        self.game.moves(part, &mut moves)?;
        let mut options: Vec<(u64, u64, Vec<G::Part>)> = Vec::new();
        for &mv in &moves {
            let mut parts = Vec::new();
            self.game.play(part, mv, &mut parts)?;
            let (mut x, mut cost, mut unknown) = (0, 0u64, Vec::new());
            for p in parts {
                match self.known(&p) {
                    Some(v) => x ^= v,
                    None => {
                        cost = cost.saturating_add(self.game.difficulty(&p));
                        unknown.push(p);
                    }
                }
            }
            match unknown.is_empty() {
                true => {
                    met.insert(x);
                }
                false => options.push((cost, x, unknown)),
            }
        }
        options.sort_by_key(|&(cost, _, _)| cost);
        let mut options: Vec<(u64, Vec<G::Part>)> = options
            .into_iter()
            .map(|(_, x, parts)| (x, parts))
            .collect();
        let before = self.nodes;
        let mut r = 0;
        let total = moves.len();
        loop {
            while met.contains(&r) {
                r += 1;
            }
            self.root = RootProgress {
                active: true,
                round: r,
                options: total,
                valued: total - options.len(),
                asked: 0,
                in_round: options.len(),
            };
            // (An error leaves the progress for `value` to report.)
            let found = self.together(|search| search.round(&options, r))?;
            let ended = found.iter().any(|&(_, v)| v == r);
            let mut gone: Vec<usize> = found.iter().map(|&(i, _)| i).collect();
            gone.sort_unstable();
            for &i in gone.iter().rev() {
                options.remove(i);
            }
            met.extend(found.iter().map(|&(_, v)| v));
            if !ended {
                self.root.active = false;
                self.record_value(&key, r, self.nodes - before);
                return Ok(r);
            }
            // Kept, so that a resumed search (and an interruption's message) knows it.
            if let Some(set) = NimSet::single(r) {
                self.record_not(&key, set, u64::MAX);
            }
        }
    }

    /// One round of [`Search::nimber_together`]: each option `(x, parts)` (its value is the
    /// XOR of `x` and the parts' values) is asked "is your value `r`?"; the options that
    /// answered with their value and those values, up to the first of value `r`. While
    /// searches share the table an option another search is in is put off to the end, as in
    /// [`Search::mex_in_set`], so that they split the round.
    fn round(&mut self, options: &[(u64, Vec<G::Part>)], r: u64) -> Result<Vec<(usize, u64)>> {
        let mut found = Vec::new();
        let mut later = Vec::new();
        for (i, (_, parts)) in options.iter().enumerate() {
            // Whether another search is in the option is seen when its turn comes.
            let busy = self.halt.is_some()
                && parts
                    .iter()
                    .any(|p| self.table.is_busy(hash(&self.game.key(p)) | 1));
            if busy {
                later.push(i);
            } else if self.ask_into(options, i, r, &mut found)? {
                return Ok(found);
            }
        }
        for i in later {
            if self.ask_into(options, i, r, &mut found)? {
                return Ok(found);
            }
        }
        Ok(found)
    }

    /// Asks option `i` of [`Search::round`], keeps its value if it answered with one, and says
    /// whether that value is `r`.
    fn ask_into(
        &mut self,
        options: &[(u64, Vec<G::Part>)],
        i: usize,
        r: u64,
        found: &mut Vec<(usize, u64)>,
    ) -> Result<bool> {
        self.root.asked += 1;
        let value = self.ask_option(&options[i], r)?;
        if let Some(v) = value {
            found.push((i, v));
        }
        Ok(value == Some(r))
    }

    /// The value of an option `(x, parts)` if it is `r` or came cheaply, else `None`.
    fn ask_option(&mut self, (x, parts): &(u64, Vec<G::Part>), r: u64) -> Result<Option<u64>> {
        Ok(match NimSet::single(r ^ x) {
            Some(want) => self.sum_in_set(parts, want)?.map(|v| v ^ x),
            None => Some(self.sum_value(parts)? ^ x),
        })
    }

    /// The value of a sum of parts: the XOR of their values.
    pub fn value(&mut self, parts: &[G::Part]) -> Result<u64> {
        let mut result = Ok(0);
        for part in parts {
            result = self.nimber_together(part).map(|v| v ^ result.unwrap_or(0));
            if let (Err(Error::Interrupted(why)), true) = (&result, self.root.active) {
                result = Err(Error::Interrupted(format!("{why}; {}", self.root.text())));
            }
            self.root.active = false;
            if let Err(Error::Interrupted(why)) = &result {
                // Say how far the part being valued got: the values it was shown not to have.
                let not = self.table.find(&self.game.key(part)).map_or(0, Facts::not);
                if not != 0 {
                    let values: Vec<String> = NimSet::from_low_word(not.into())
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
        self.report_total();
        self.finish(result)
    }

    /// The status line of a finished question: the positions searched so far, by every thread
    /// (a count that varies with the threads' interleaving, so never part of an answer).
    fn report_total(&self) {
        let seconds = self.started.elapsed().as_secs_f64();
        crate::progress::status(&format!(
            "board search: {} positions searched in {seconds:.1} s ({} thread{}), table {:.1}% full",
            self.nodes,
            self.threads,
            if self.threads > 1 { "s" } else { "" },
            100.0 * self.table.filled() as f64 / self.table.capacity() as f64
        ));
    }

    /// Asks `question` of this search and, when the settings ask for several threads, at the
    /// same time of helper searches sharing its table (each puts off the options another is
    /// in, near the root); the first answer is the answer (every search's is correct), and
    /// the others stop at their next node.
    fn together<T: Send>(&mut self, question: impl Fn(&mut Self) -> Result<T> + Sync) -> Result<T> {
        if self.threads <= 1 {
            return question(self);
        }
        let halt = Arc::new(AtomicBool::new(false));
        self.table.share(self.threads);
        self.halt = Some(halt);
        let helpers: Vec<Self> = (1..self.threads).map(|i| self.helper(i)).collect();
        let question = &question;
        let (mine, theirs) = std::thread::scope(|scope| {
            let running: Vec<_> = helpers
                .into_iter()
                .map(|mut helper| {
                    scope.spawn(move || {
                        let answer = helper.answer(question);
                        (answer, helper.nodes)
                    })
                })
                .collect();
            let mine = self.answer(question);
            let theirs: Vec<_> = running
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .collect();
            (mine, theirs)
        });
        self.table.unshare();
        self.halt = None;
        let mut found = None;
        for (answer, nodes) in theirs {
            self.nodes += nodes;
            if found.is_none() && answer.is_ok() {
                found = Some(answer);
            }
        }
        match (mine, found) {
            (Ok(v), _) => Ok(v),
            (Err(_), Some(theirs)) => theirs,
            (Err(e), None) => Err(e),
        }
    }

    /// Asks `question` of one of the searches of [`Search::together`], and leaves the table
    /// (also when unwinding): after an answer, the others are told to stop.
    fn answer<T>(&mut self, question: &impl Fn(&mut Self) -> Result<T>) -> Result<T> {
        struct Leave<'t, P>(&'t Table<P>, &'t AtomicBool);
        impl<P> Drop for Leave<'_, P> {
            fn drop(&mut self) {
                if std::thread::panicking() {
                    self.1.store(true, Relaxed);
                }
                self.0.leave();
            }
        }
        let table = Arc::clone(&self.table);
        let halt = Arc::clone(self.halt.as_ref().expect("searches together"));
        let _leave = Leave(&table, &halt);
        let answer = question(self);
        if answer.is_ok() {
            halt.store(true, Relaxed);
        }
        answer
    }

    /// Helper search `index` of [`Search::together`]: the same game and table, no checkpoint
    /// of its own (the main search saves) and no status line.
    fn helper(&self, index: usize) -> Self {
        let now = Instant::now();
        Search {
            game: self.game,
            table: Arc::clone(&self.table),
            halt: self.halt.clone(),
            helper: index,
            threads: self.threads,
            depth: 0,
            nodes: 0,
            settings: Settings {
                checkpoint: None,
                db: None,
                ..self.settings.clone()
            },
            pool: Vec::new(),
            started: now,
            last_report: now,
            last_save: now,
            identity: self.identity.clone(),
            root: RootProgress::default(),
            db: None,
            bit_instructions: self.bit_instructions,
        }
    }

    /// Whether a sum of parts has value `k`, without valuing its largest part when it is not
    /// needed.
    pub fn value_is(&mut self, parts: &[G::Part], k: u64) -> Result<bool> {
        let result = self.together(|search| match NimSet::single(k) {
            Some(want) => search.sum_in_set(parts, want).map(|v| v == Some(k)),
            None => search.sum_value(parts).map(|v| v == k),
        });
        self.report_total();
        self.finish(result)
    }

    /// Saves the checkpoint after an interruption; passes other results on.
    fn finish<T>(&mut self, result: Result<T>) -> Result<T> {
        if let Err(Error::Interrupted(_)) = &result {
            if let Some(path) = self.settings.checkpoint.clone() {
                self.save(&path)?;
            }
        }
        // What was proven is kept whether the question was answered or interrupted.
        if result.is_ok() || matches!(result, Err(Error::Interrupted(_))) {
            self.write_db()?;
        }
        result
    }

    /// Records that a part's value is not `k` (a theorem's word, e.g. a symmetry strategy that
    /// wins for the player to move: not 0).
    pub fn assume_not(&mut self, part: &G::Part, k: u64) {
        if k < NOT_BITS {
            let key = self.game.key(part);
            self.table
                .update(&key, u8::MAX, self.helper, |facts| facts.add_not(1 << k));
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

    /// What the tables say of a part: its value if known, and otherwise whether the
    /// transposition table holds values it does not have (it was asked about before).
    #[inline(always)]
    fn look_up(&self, part: &G::Part) -> (Option<u64>, bool) {
        if let Some(v) = self.game.exact(part) {
            return (Some(v), false);
        }
        match self.table.find(&self.game.key(part)) {
            Some(facts) => (facts.value(), facts.not() != 0),
            // A value a theorem gives (a Cram region that is its own half-turn), before the
            // part is ever asked about.
            None => match self.game.fact(part) {
                Some(Fact::Value(v)) => (Some(v), false),
                _ => (None, false),
            },
        }
    }

    /// The exact value of a part, if the game or the table has it.
    fn known(&self, part: &G::Part) -> Option<u64> {
        self.look_up(part).0
    }

    /// Stores the exact value of the part of key `key`.
    #[inline(always)]
    fn record_value(&mut self, key: &G::Key, value: u64, work: u64) {
        // A value too large for a slot is not kept (it is found again when needed).
        if value < SLOT_VALUES {
            self.table
                .update(key, work_class(work), self.helper, |facts| {
                    facts.set_value(value)
                });
        }
    }

    /// Stores that the part of key `key` has none of `values` (those below [`NOT_BITS`] are
    /// kept).
    #[inline(always)]
    fn record_not(&mut self, key: &G::Key, values: NimSet, work: u64) {
        self.table
            .update(key, work_class(work), self.helper, |facts| {
                facts.add_not(values.low_word())
            });
    }

    /// The value of a sum of parts if it is in `want`: `Some(value)` (exact, possibly outside
    /// `want` when it came cheaply) or `None` (the value is not in `want`). The parts but the
    /// largest are valued, and the question goes to the largest with their XOR folded in.
    #[inline(always)]
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
        stacker::maybe_grow(RED_ZONE, STACK_GROWTH, || {
            #[cfg(target_arch = "x86_64")]
            if self.bit_instructions {
                // SAFETY: the processor has the instructions (`Search::with`).
                return unsafe { self.in_set_with_bit_instructions(part, want) };
            }
            self.in_set_here(part, want)
        })
    }

    /// [`Search::in_set_here`] and all it inlines, compiled for the bit instructions of
    /// [`crate::cpu`].
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2")]
    unsafe fn in_set_with_bit_instructions(
        &mut self,
        part: &G::Part,
        want: NimSet,
    ) -> Result<Option<u64>> {
        self.in_set_here(part, want)
    }

    #[inline(always)]
    fn in_set_here(&mut self, part: &G::Part, want: NimSet) -> Result<Option<u64>> {
        if self.game.values_whole() {
            return self.whole(part).map(Some);
        }
        if let Some(v) = self.game.exact(part) {
            return Ok(Some(v));
        }
        let mut want = want.and(NimSet::up_to(self.game.bound(part)));
        let key = self.game.key(part);
        if let Some(facts) = self.table.find(&key) {
            if let Some(value) = facts.value() {
                return Ok(Some(value));
            }
            want = want.minus(NimSet::from_low_word(facts.not().into()));
        }
        match self.game.fact(part) {
            Some(Fact::Value(value)) => {
                self.record_value(&key, value, 0);
                return Ok(Some(value));
            }
            Some(Fact::Not(mask)) => want = want.minus(NimSet::from_low_word(mask)),
            None => {}
        }
        if want.is_empty() {
            return Ok(None);
        }
        self.tick()?;
        let before = self.nodes;
        let mut frame = self.frame();
        // Near the root, while searches share the table, say that this part is being searched.
        let mark = match self.halt.is_some() && self.depth < BUSY_DEPTH {
            true => Some(hash(&key) | 1).filter(|&h| self.table.mark(h)),
            false => None,
        };
        self.depth += 1;
        let found = self.mex_in_set(part, want, &mut frame);
        self.depth -= 1;
        if let Some(h) = mark {
            self.table.unmark(h);
        }
        self.pool.push(frame);
        let (found, seen) = found?;
        let work = self.nodes - before;
        match found {
            Some(v) => self.record_value(&key, v, work),
            None => self.record_not(&key, want.or(NimSet::from_low_word(seen)), work),
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
    /// soon as `P` no longer meets `want` while options are left; after the last one `P` is the
    /// mex alone, returned whenever it is at most `max(want)`, wanted or not (igs does the same:
    /// a full search's value is never thrown away). Candidates above `max(want)` are alike for
    /// this purpose and are only counted (`above`).
    ///
    /// Also returns the values of the options found exact on the way (bit `k`, for `k < 64`):
    /// the part has none of them, whatever the answer. A part answered "not in `want`" keeps
    /// them as well, so that the next question about another value may be answered by the
    /// table (on Cram, each part is asked about 0, then 1, ... as the sets below it narrow).
    #[inline(always)]
    fn mex_in_set(
        &mut self,
        part: &G::Part,
        want: NimSet,
        frame: &mut Frame<G>,
    ) -> Result<(Option<u64>, u64)> {
        self.game.moves(part, &mut frame.moves)?;
        let mut candidates = Candidates::new(frame.moves.len() as u64, want);
        let mut taken = 0;
        // Options whose parts are all valued take their candidates first (and may settle the
        // question); the others are searched easiest first (the least sum of the squared
        // bounds of their unknown parts, as igs's "smaller components first").
        // Each option's parts are looked up in the table after the next option is made, their
        // buckets having been asked for first: in a table larger than the processor's cache a
        // lookup waits on memory, and this wait overlaps the making of the next option.
        let mut pending: Option<usize> = None;
        for next in 0..=frame.moves.len() {
            let start = frame.open.parts.len();
            if let Some(&mv) = frame.moves.get(next) {
                self.game.play(part, mv, &mut frame.open.parts)?;
                for p in &frame.open.parts[start..] {
                    if !self.game.prefetch_exact(p) {
                        self.table.prefetch(&self.game.key(p));
                    }
                }
            }
            let mut made = start;
            if let Some(first) = pending {
                let mut x = 0;
                let mut cost = 0u64;
                let mut all_known = true;
                for part in &frame.open.parts[first..start] {
                    match self.look_up(part) {
                        (Some(v), _) => x ^= v,
                        (None, seen) => {
                            all_known = false;
                            let difficulty = self.game.difficulty(part);
                            cost = cost.saturating_add(match seen {
                                true => self.game.difficulty_seen(difficulty),
                                false => difficulty,
                            });
                        }
                    }
                }
                if all_known {
                    // The option's parts go; the next option's few parts move down in their
                    // place, swapped one by one (a `drain` calls `memmove`, which musl's
                    // static build makes a slow call for a few bytes).
                    let parts = &mut frame.open.parts;
                    let next_parts = parts.len() - start;
                    for i in 0..next_parts {
                        parts.swap(first + i, start + i);
                    }
                    parts.truncate(first + next_parts);
                    made = first;
                    candidates.take(Some(x));
                    taken += 1;
                    // After the last option the mex is known, wanted or not: kept (as igs does).
                    if !candidates.meet(want) && taken < frame.moves.len() {
                        return Ok((None, candidates.seen));
                    }
                } else {
                    frame.order.push((cost, frame.open.len()));
                    frame.open.ends.push(start);
                }
            }
            pending = (next < frame.moves.len()).then_some(made);
        }
        frame.order.sort_unstable();
        // While searches share the table, an option another search is in is put off (ABDADA,
        // Weill 1996): by the time it is asked, the table may well have its answer.
        let defer = self.halt.is_some() && self.depth < BUSY_DEPTH;
        let n = frame.order.len();
        let mut j = 0;
        while j < n + frame.later.len() {
            let i = match j < n {
                true => frame.order[j].1,
                false => frame.later[j - n],
            };
            j += 1;
            if j <= n
                && defer
                && frame
                    .open
                    .get(i)
                    .iter()
                    .any(|p| self.table.is_busy(hash(&self.game.key(p)) | 1))
            {
                frame.later.push(i);
                continue;
            }
            let ask = candidates.worth_asking();
            let value = match ask.is_empty() {
                true => None,
                false => self.sum_in_set(frame.open.get(i), ask)?,
            };
            candidates.take(value);
            if !candidates.meet(want) && j < n + frame.later.len() {
                return Ok((None, candidates.seen));
            }
        }
        Ok((candidates.last(), candidates.seen))
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
            later: Vec::new(),
        });
        frame.moves.clear();
        frame.open.clear();
        frame.order.clear();
        frame.later.clear();
        frame
    }

    /// Each option of `part` in turn, as its parts.
    fn each_option(
        &mut self,
        part: &G::Part,
        mut f: impl FnMut(&mut Self, &[G::Part]) -> Result<()>,
    ) -> Result<()> {
        let mut frame = self.frame();
        self.game.moves(part, &mut frame.moves)?;
        let mut result = Ok(());
        for &mv in &frame.moves {
            frame.open.parts.clear();
            self.game.play(part, mv, &mut frame.open.parts)?;
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
            self.depth += 1;
            let all = self.each_option(part, |search, parts| {
                let x = search.sum_value(parts)?;
                seen.push(x);
                Ok(())
            });
            self.depth -= 1;
            all?;
            seen.sort_unstable();
            let value = seen
                .iter()
                .try_fold(0, |mex, &v| match v.cmp(&mex) {
                    std::cmp::Ordering::Less => Ok(mex),
                    std::cmp::Ordering::Equal => Ok(mex + 1),
                    std::cmp::Ordering::Greater => Err(mex),
                })
                .unwrap_or_else(|mex| mex);
            let key = self.game.key(part);
            self.record_value(&key, value, self.nodes - before);
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
        if let Some(halt) = &self.halt {
            // Searches share the table: park if one wants it to itself, stop if one answered.
            self.table.park();
            if halt.load(Relaxed) {
                return Err(Error::Interrupted("answered by another search".into()));
            }
        }
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
        if self.helper > 0 {
            return Ok(());
        }
        let now = Instant::now();
        if now.duration_since(self.last_report) >= Duration::from_millis(500) {
            self.last_report = now;
            let seconds = now.duration_since(self.started).as_secs_f64().max(1e-9);
            crate::progress::status(&format!(
                "searching: {} positions ({:.0}/s), table {:.1}% full{}",
                self.nodes,
                self.nodes as f64 / seconds,
                100.0 * self.table.filled() as f64 / self.table.capacity() as f64,
                match self.root.active {
                    true => format!("; {}", self.root.text()),
                    false => String::new(),
                }
            ));
        }
        if now.duration_since(self.last_save) >= self.settings.save_every {
            self.last_save = now;
            if let Some(path) = self.settings.checkpoint.clone() {
                self.save(&path)?;
            }
            self.write_db()?;
        }
        Ok(())
    }

    /// Saves every entry of the table to `path` (checkpoint kind `search`).
    /// While searches share the table, they are parked for the copy.
    pub fn save(&self, path: &Path) -> Result<()> {
        let payload = self.table.exclusive(|data| {
            let mut payload = Vec::new();
            for slot in Table::entries(data) {
                let (key, facts) = (slot.key, slot.facts);
                G::write_part(&self.game.part_of(&key), &mut payload);
                // Values below 2^24: never `u32::MAX`.
                let value = facts.value().map_or(u32::MAX, |v| v as u32);
                payload.extend_from_slice(&value.to_le_bytes());
                payload.extend_from_slice(&u64::from(facts.not()).to_le_bytes());
                payload.push(facts.work());
            }
            payload
        });
        crate::files::save_checkpoint(path, "search", &self.params(), &payload)
    }

    /// Puts one saved entry (a part's bytes, its value or `u32::MAX`, the values it does not
    /// have, its work) in the table; the error says why an entry is not one of this game's.
    fn take_entry(
        &self,
        bytes: &[u8],
        (value, not, work): (u32, u64, u8),
        dirty: bool,
    ) -> Result<(), String> {
        let part = G::read_part(bytes).ok_or("an entry is not a position of this game")?;
        if value != u32::MAX
            && (u64::from(value) > self.game.bound(&part) || (value < 64 && not >> value & 1 == 1))
        {
            return Err("an entry contradicts itself or the game's bounds".into());
        }
        if !self.game.keeps(&part) {
            return Ok(());
        }
        // Values and masks beyond a slot's width are dropped (only work is lost).
        self.table
            .update(&self.game.key(&part), work, self.helper, |facts| {
                facts.add_not(not);
                if value != u32::MAX {
                    facts.set_value(value.into());
                }
                facts.set_dirty(dirty);
            });
        Ok(())
    }

    /// Opens the database of solved parts ([`Settings::db`]) and puts its entries in the table.
    fn open_db(&mut self, path: &Path) -> Result<()> {
        let db = PartDb::open(path, &self.identity, G::PART_BYTES, |bytes, known| {
            let facts = (known.value.unwrap_or(u32::MAX), known.not, known.work);
            self.take_entry(bytes, facts, false)
                .map_err(|why| Error::Invalid(format!("database {}: {why}", path.display())))
        })?;
        self.db = Some(db);
        Ok(())
    }

    /// Writes what the table learnt since the last write to the database (one transaction).
    fn write_db(&mut self) -> Result<()> {
        let Some(db) = &self.db else {
            return Ok(());
        };
        let entries = self.table.exclusive(|data| {
            let mut entries = Vec::new();
            for slot in Table::entries_mut(data) {
                let facts = slot.facts;
                slot.facts.set_dirty(false);
                let cheap = facts.value().is_none() && facts.work() < work_class(MIN_WORK_SAVED);
                if !facts.dirty() || !facts.is_known() || cheap {
                    continue;
                }
                let key = slot.key;
                let mut bytes = Vec::with_capacity(G::PART_BYTES);
                G::write_part(&self.game.part_of(&key), &mut bytes);
                let known = Known {
                    value: facts.value().map(|v| v as u32),
                    not: u64::from(facts.not()),
                    work: facts.work(),
                };
                entries.push((bytes, known));
            }
            entries
        });
        if !entries.is_empty() {
            db.write(entries)?;
        }
        Ok(())
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
        while self.table.buckets() < self.table.most
            && Table::<G::Key>::grows_at(self.table.buckets()) < entries
        {
            self.table.grow_from(self.table.buckets());
        }
        for chunk in payload.chunks_exact(record) {
            let rest = &chunk[G::PART_BYTES..];
            let value = u32::from_le_bytes(rest[0..4].try_into().expect("4 bytes"));
            let not = u64::from_le_bytes(rest[4..12].try_into().expect("8 bytes"));
            self.take_entry(&chunk[..G::PART_BYTES], (value, not, rest[12]), true)
                .map_err(|why| Error::Invalid(format!("checkpoint {}: {why}", path.display())))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    //! Several searches sharing one table give the single search's values: against the
    //! definition (a plain memoised recursion over the rules, written here) on random graphs
    //! and Cram boards, with tiny tables, growth at the safe point, saves during the search and
    //! a resumed interruption.
    use super::*;
    use crate::games::cram::{Cram, Regions};
    use crate::Ruleset;
    use proptest::prelude::*;
    use std::collections::HashMap;

    /// Node-Kayles on a graph of at most 16 vertices (bit sets): a part is a connected set of
    /// vertices, a move a vertex, which goes with its neighbours.
    struct Kayles {
        adjacent: Vec<u32>,
    }

    impl Kayles {
        /// The connected pieces of `set`.
        fn pieces(&self, mut set: u32, out: &mut Vec<u32>) {
            while set != 0 {
                let mut piece = set & set.wrapping_neg();
                loop {
                    let mut grown = piece;
                    for v in 0..self.adjacent.len() {
                        if piece >> v & 1 == 1 {
                            grown |= self.adjacent[v] & set;
                        }
                    }
                    if grown == piece {
                        break;
                    }
                    piece = grown;
                }
                out.push(piece);
                set &= !piece;
            }
        }
    }

    impl Splittable for Kayles {
        type Part = u32;
        type Key = u32;
        type Move = u32;
        fn key(&self, part: &u32) -> u32 {
            *part
        }
        fn part_of(&self, key: &u32) -> u32 {
            *key
        }
        fn moves(&self, part: &u32, out: &mut Vec<u32>) -> Result<()> {
            out.extend((0..32).filter(|v| part >> v & 1 == 1));
            Ok(())
        }
        fn play(&self, part: &u32, v: u32, out: &mut Vec<u32>) -> Result<()> {
            self.pieces(part & !(self.adjacent[v as usize] | 1 << v), out);
            Ok(())
        }
        fn bound(&self, part: &u32) -> u64 {
            part.count_ones().into()
        }
        fn write_part(part: &u32, out: &mut Vec<u8>) {
            out.extend_from_slice(&part.to_le_bytes());
        }
        fn read_part(bytes: &[u8]) -> Option<u32> {
            Some(u32::from_le_bytes(bytes.try_into().ok()?))
        }
        const PART_BYTES: usize = 4;
    }

    /// Node-Kayles by the definition: the mex over every vertex of the whole set, memoised.
    fn kayles_by_definition(adjacent: &[u32], set: u32, memo: &mut HashMap<u32, u64>) -> u64 {
        if let Some(&v) = memo.get(&set) {
            return v;
        }
        let seen: Vec<u64> = (0..adjacent.len())
            .filter(|v| set >> v & 1 == 1)
            .map(|v| kayles_by_definition(adjacent, set & !(adjacent[v] | 1 << v), memo))
            .collect();
        let v = crate::solve::mex(seen);
        memo.insert(set, v);
        v
    }

    /// Node-Kayles on the graph of `n` vertices with `edges` (ends taken mod `n`, loops
    /// dropped): the game, the whole graph's parts and its value by the definition.
    fn random_kayles(n: usize, edges: &[(usize, usize)]) -> (Kayles, Vec<u32>, u64) {
        let mut adjacent = vec![0u32; n];
        for &(u, v) in edges {
            let (u, v) = (u % n, v % n);
            if u != v {
                adjacent[u] |= 1 << v;
                adjacent[v] |= 1 << u;
            }
        }
        let all = (1u32 << n) - 1;
        let expected = kayles_by_definition(&adjacent, all, &mut HashMap::new());
        let game = Kayles { adjacent };
        let mut parts = Vec::new();
        game.pieces(all, &mut parts);
        (game, parts, expected)
    }

    fn full(rows: u32, cols: u32) -> u128 {
        (1u128 << (rows * cols)) - 1
    }

    /// The regions of a Cram board with the empty cells `cells`.
    fn regions(rows: u32, cols: u32, cells: u128) -> Vec<crate::games::cram::region::Region> {
        let cram = Cram::new(rows, cols, cells, String::new()).unwrap();
        cram.regions(&cram.start().unwrap())
    }

    fn with_threads(threads: usize, memory: u64) -> Settings {
        Settings {
            threads,
            memory,
            ..Settings::default()
        }
    }

    /// A "no" keeps the values of the options the question met. On the path a - b - c
    /// (Node-Kayles), taking a leaves {c} (value 1), taking b leaves nothing (0), taking c
    /// leaves {a} (1): the path's value is mex{1, 0, 1} = 2. Asked "is it 0?" with the
    /// single vertices valued first, the question meets the options a (1) and b (0) and ends
    /// no: the path is then known not to be 0 nor 1.
    #[test]
    fn a_no_keeps_the_values_of_the_options_it_met() {
        let (game, parts, expected) = random_kayles(3, &[(0, 1), (1, 2)]);
        assert_eq!((parts.as_slice(), expected), (&[0b111][..], 2));
        let mut search = Search::new(&game, "node-kayles test").unwrap();
        for single in [0b001, 0b100] {
            assert_eq!(search.nimber(&single).unwrap(), 1);
        }
        let zero = NimSet::single(0).unwrap();
        assert_eq!(search.in_set(&0b111, zero).unwrap(), None);
        let facts = search
            .table
            .find(&0b111)
            .expect("the path's answer is kept");
        assert_eq!((facts.value(), facts.not()), (None, 0b11));
    }

    /// The first pass over a part's options sees, of each option's parts, the value or
    /// whether the part was asked about before (for [`Splittable::difficulty_seen`]): on the
    /// path a - b - c, nothing before any question, the value of a vertex once valued, and
    /// "asked before" once the path was answered "not 0".
    #[test]
    fn a_look_up_tells_a_part_asked_before_from_a_new_one() {
        let (game, _, _) = random_kayles(3, &[(0, 1), (1, 2)]);
        let mut search = Search::new(&game, "node-kayles test").unwrap();
        assert_eq!(search.look_up(&0b111), (None, false));
        assert_eq!(search.look_up(&0b001), (None, false));
        assert_eq!(search.nimber(&0b001).unwrap(), 1);
        assert_eq!(search.look_up(&0b001), (Some(1), false));
        let zero = NimSet::single(0).unwrap();
        assert_eq!(search.in_set(&0b111, zero).unwrap(), None);
        assert_eq!(search.look_up(&0b111), (None, true));
        assert_eq!(search.nimber(&0b111).unwrap(), 2);
        assert_eq!(search.look_up(&0b111), (Some(2), false));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(40))]

        /// Random graphs of up to 14 vertices (sums of pieces at every level): 1, 2 and 3
        /// searches, with a roomy and a tiny table (replacements all the time), give the
        /// definition's value.
        #[test]
        fn several_searches_give_the_value_of_the_definition_on_graphs(
            n in 1usize..=14,
            edges in proptest::collection::vec((0usize..14, 0usize..14), 0..30),
        ) {
            let (game, parts, expected) = random_kayles(n, &edges);
            for threads in [1, 2, 3] {
                for memory in [DEFAULT_MEMORY, 1 << 10] {
                    let mut search = Search::with(&game, "kayles", with_threads(threads, memory)).unwrap();
                    prop_assert_eq!(search.value(&parts).unwrap(), expected, "{} threads", threads);
                    for k in 0..3 {
                        prop_assert_eq!(search.value_is(&parts, k).unwrap(), expected == k);
                    }
                }
            }
        }

        /// With a database of solved parts: a first run gives the definition's value and
        /// fills the file; a second run of the same position answers from it without a node
        /// searched; a run fed only part of the entries (as a run killed between two writes
        /// leaves) gives the value too; and a database from other positions of the same
        /// graph serves a new one without changing its value.
        #[test]
        fn a_database_of_solved_parts_never_changes_a_value(
            n in 1usize..=13,
            edges in proptest::collection::vec((0usize..13, 0usize..13), 0..26),
            keep in any::<u64>(),
            threads in 1usize..=2,
        ) {
            let (game, parts, expected) = random_kayles(n, &edges);
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("parts.db");
            let settings = Settings { db: Some(path.clone()), ..with_threads(threads, 1 << 12) };
            let mut first = Search::with(&game, "kayles", settings.clone()).unwrap();
            prop_assert_eq!(first.value(&parts).unwrap(), expected);
            drop(first);
            let mut second = Search::with(&game, "kayles", settings.clone()).unwrap();
            prop_assert_eq!(second.value(&parts).unwrap(), expected);
            prop_assert_eq!(second.stats().nodes, 0);
            drop(second);
            // Part of the entries, chosen by `keep`'s bits.
            let partial = dir.path().join("partial.db");
            let mut entries = Vec::new();
            PartDb::open(&path, "kayles", 4, |bytes, known| {
                entries.push((bytes.to_vec(), known));
                Ok(())
            }).unwrap();
            let kept = entries.into_iter().enumerate().filter(|(i, _)| keep >> (i % 64) & 1 == 1).map(|(_, e)| e);
            PartDb::open(&partial, "kayles", 4, |_, _| Ok(())).unwrap().write(kept).unwrap();
            let fed = Settings { db: Some(partial), ..settings.clone() };
            prop_assert_eq!(Search::with(&game, "kayles", fed).unwrap().value(&parts).unwrap(), expected);
            // Every position one vertex smaller, with the database of the whole graph.
            for v in 0..n {
                let set = ((1u32 << n) - 1) & !(1 << v);
                let mut pieces = Vec::new();
                game.pieces(set, &mut pieces);
                let want = kayles_by_definition(&game.adjacent, set, &mut HashMap::new());
                let mut search = Search::with(&game, "kayles", settings.clone()).unwrap();
                prop_assert_eq!(search.value(&pieces).unwrap(), want);
            }
            // Another game's database is refused.
            let err = Search::with(&game, "another", settings).err().unwrap().to_string();
            prop_assert!(err.contains("not of 'another'"), "{}", err);
        }

        /// A set question answers as it says, on random graphs and random sets, one question
        /// after another on one table (so later ones meet the values and the "not" marks of
        /// earlier ones): `Some(v)` is the value (wanted or, found on the way, not), `None`
        /// means the value is not wanted.
        #[test]
        fn set_questions_answer_by_their_contract(
            n in 1usize..=12,
            edges in proptest::collection::vec((0usize..12, 0usize..12), 0..24),
            wants in proptest::collection::vec(1u64..256, 1..6),
            memory in prop_oneof![Just(DEFAULT_MEMORY), Just(1u64 << 10)],
        ) {
            let (game, parts, expected) = random_kayles(n, &edges);
            let mut search = Search::with(&game, "kayles", with_threads(1, memory)).unwrap();
            for bits in wants {
                let want = NimSet::from_low_word(bits);
                match search.sum_in_set(&parts, want).unwrap() {
                    Some(v) => prop_assert_eq!(v, expected, "asked {:#b}", bits),
                    None => prop_assert!(!want.contains(expected), "asked {:#b}", bits),
                }
            }
        }

        /// Random Cram boards up to 5x5 by the search alone (regions of up to 25 cells): 2 and
        /// 3 searches with a 64 KiB table give the definition's value.
        #[test]
        fn several_searches_give_the_value_of_the_definition_on_cram(
            rows in 1u32..=5, cols in 1u32..=5, seed in any::<u128>(), threads in 2usize..=3,
        ) {
            let cells = seed & full(rows, cols);
            let expected = crate::games::cram::tests::by_definition(rows, cols, cells, &mut HashMap::new());
            let mut search =
                Search::with(&Regions::SEARCH_ONLY, "cram regions", with_threads(threads, 1 << 16)).unwrap();
            prop_assert_eq!(search.value(&regions(rows, cols, cells)).unwrap(), expected);
        }

        /// The search compiled for the bit instructions ([`crate::cpu`]) and the baseline one
        /// ask the same questions (as many positions) and give the definition's value. (On a
        /// processor without those instructions both runs are the baseline.)
        #[test]
        fn the_bit_instruction_and_baseline_searches_search_alike(
            rows in 1u32..=5, cols in 1u32..=5, seed in any::<u128>(), dense: bool,
        ) {
            let cells = match dense {
                true => (seed | seed.rotate_left(43)) & full(rows, cols),
                false => seed & full(rows, cols),
            };
            let expected = crate::games::cram::tests::by_definition(rows, cols, cells, &mut HashMap::new());
            let mut runs = Vec::new();
            for baseline_instructions in [false, true] {
                let settings = Settings { baseline_instructions, ..with_threads(1, 1 << 16) };
                let mut search = Search::with(&Regions::SEARCH_ONLY, "cram regions", settings).unwrap();
                let value = search.value(&regions(rows, cols, cells)).unwrap();
                runs.push((value, search.stats().nodes));
            }
            prop_assert_eq!(runs[0].0, expected);
            prop_assert_eq!(runs[0], runs[1]);
        }
    }

    /// As above on a board the tables leave to the search (4x9), keyed by one word: the two
    /// compilations search the same positions, and give the published value.
    #[test]
    fn the_bit_instruction_and_baseline_searches_agree_on_cram_4x9() {
        use crate::games::cram::{theory, WordRegions};
        let mut runs = Vec::new();
        for baseline_instructions in [false, true] {
            let settings = Settings {
                baseline_instructions,
                ..with_threads(1, 1 << 24)
            };
            let mut search =
                Search::with(&WordRegions::WITH_TABLE, "cram regions", settings).unwrap();
            let value = search.value(&regions(4, 9, full(4, 9))).unwrap();
            runs.push((value, search.stats().nodes));
        }
        let published = theory::PUBLISHED
            .iter()
            .find(|&&(r, c, _)| (r, c) == (4, 9));
        assert_eq!(Some(runs[0].0), published.map(|&(_, _, v)| v));
        assert!(runs[0].1 > 0, "4x9 is searched, not looked up");
        assert_eq!(runs[0], runs[1]);
    }

    /// A slot's facts round-trip in their word: every work (0-63) and dirty flag with masks
    /// and exact values at the ends of their ranges; a value of 2^24 or more is not stored,
    /// mask bits from 24 up are dropped, and work above 63 is kept as 63.
    #[test]
    fn slot_facts_round_trip_and_keep_only_what_fits() {
        assert_eq!(std::mem::size_of::<Slot<u64>>(), 12);
        let all = (1u32 << 24) - 1;
        let masks = [0, 1, 0b1010, 1 << 23, all & !1, all];
        let values = [0, 1, 5, 23, 24, 255, 65_535, 65_536, (1 << 24) - 1];
        for work in 0..=63u8 {
            for dirty in [false, true] {
                let with_mask = |mask: u64| {
                    let mut facts = Facts::default();
                    facts.raise_work(work);
                    facts.set_dirty(dirty);
                    facts.add_not(mask);
                    facts
                };
                for mask in masks {
                    let facts = with_mask(mask.into());
                    assert_eq!((facts.value(), facts.not()), (None, mask));
                    assert_eq!((facts.work(), facts.dirty()), (work, dirty));
                    assert_eq!(facts.is_known(), mask != 0);
                    // Bits from 24 up are dropped, the rest kept.
                    let mut wide = facts;
                    wide.add_not(u64::MAX << 24);
                    assert_eq!(wide, facts);
                    for value in values {
                        // The mask without the value (excluding it would be a contradiction).
                        let others = u64::from(mask) & !1u64.checked_shl(value as u32).unwrap_or(0);
                        let mut facts = with_mask(others);
                        facts.set_value(value);
                        assert_eq!((facts.value(), facts.not()), (Some(value), 0));
                        assert_eq!((facts.work(), facts.dirty()), (work, dirty));
                        assert!(facts.is_known());
                        // Once the value is known, a mask adds nothing.
                        let mut more = facts;
                        more.add_not(others);
                        assert_eq!(more, facts);
                    }
                    // Too large for the word: nothing is stored.
                    for value in [1 << 24, u64::from(u32::MAX), u64::MAX] {
                        let mut large = facts;
                        large.set_value(value);
                        assert_eq!(large, facts);
                    }
                }
            }
        }
        // Work only rises, and from 63 up it is 63.
        let mut facts = Facts::default();
        facts.raise_work(9);
        facts.raise_work(2);
        assert_eq!(facts.work(), 9);
        for work in [64, 65, u8::MAX] {
            let mut high = facts;
            high.raise_work(work);
            assert_eq!((high.work(), high.value(), high.not()), (63, None, 0));
        }
    }

    /// The table doubles at three fifths load, not at its first full bucket: below that load
    /// a full bucket gives up its cheapest entry.
    #[test]
    fn the_table_doubles_at_three_fifths_load_and_replaces_in_a_full_bucket_before() {
        let table = Table::<u64>::with_memory(DEFAULT_MEMORY);
        assert_eq!(table.len(), FIRST_BUCKETS * WAYS);
        let store = |key: u64, work: u8| table.update(&key, work, 0, |facts| facts.set_value(0));
        // WAYS + 1 keys of one bucket, the first one the most costly.
        let bucket = |key: &u64| Table::place_in(FIRST_BUCKETS, key);
        let same: Vec<u64> = (1..)
            .filter(|key| bucket(key) == bucket(&1))
            .take(WAYS + 1)
            .collect();
        for (i, &key) in same.iter().enumerate() {
            store(key, if i == 0 { 9 } else { 2 });
        }
        assert_eq!(
            table.len(),
            FIRST_BUCKETS * WAYS,
            "a full bucket at low load grew the table"
        );
        assert_eq!(table.filled(), WAYS);
        assert!(
            table.find(&same[0]).is_some(),
            "the costly entry was replaced"
        );
        assert!(
            table.find(&same[WAYS]).is_some(),
            "the newest entry was not stored"
        );
        // Filled to three fifths (with keys of other buckets), it doubles on the next store,
        // keeping its entries.
        let mut others = (1u64 << 40..).filter(|key| bucket(key) != bucket(&1));
        while table.filled() < FIRST_BUCKETS * WAYS * 3 / 5 {
            store(others.next().unwrap(), 1);
        }
        assert_eq!(table.len(), FIRST_BUCKETS * WAYS);
        store(u64::MAX, 1);
        assert_eq!(table.len(), 2 * FIRST_BUCKETS * WAYS);
        assert!(table.find(&same[0]).is_some() && table.find(&u64::MAX).is_some());
    }

    /// A bucket's word marks exactly the keys it holds, through insertions, replacements and
    /// growth, so a probe that finds no mark is a true miss: every stored key is found.
    #[test]
    fn a_buckets_marks_are_the_marks_of_its_keys() {
        // A table of 64 buckets, at its bound from the start (most stores replace an entry),
        // and one that grows.
        for memory in [64 * 64, DEFAULT_MEMORY] {
            let table = Table::<u64>::with_memory(memory);
            for round in 0..20_000u64 {
                let key = round.wrapping_mul(0x9e37_79b9_7f4a_7c15) % 50_000;
                table.update(&key, (round % 7) as u8, 0, |facts| {
                    facts.set_value(round % 3)
                });
            }
            let stored: Vec<u64> = table.exclusive(|data| {
                for bucket in &data.buckets {
                    let word = bucket.lock.load(Relaxed);
                    // The marks by their definition: bit `floor(31 h / 2^32)` of the high
                    // half `h` of each key's hash.
                    let from_keys = bucket.slots.iter().fold(0, |marks, slot| {
                        let slot = unsafe { *slot.get() };
                        match slot.facts.work() {
                            0 => marks,
                            _ => marks | 1 << (((hash(&{ slot.key }) >> 32) * 31) >> 32),
                        }
                    });
                    assert_eq!(word, from_keys, "with {memory} bytes");
                }
                Table::entries(data).map(|slot| slot.key).collect()
            });
            if memory == 64 * 64 {
                assert_eq!(stored.len(), 64 * WAYS, "every bucket full");
            }
            for key in stored {
                assert!(table.find(&key).is_some(), "{key} stored but not found");
            }
        }
    }

    /// Cram 5x6 is 2 (Beling's table, `cram::theory::PUBLISHED`). Two searches in a table
    /// that starts at 5120 slots and must double while both run (growth at the safe point),
    /// and with a table of a few hundred slots, find it; the slots the two counted as filled
    /// are the slots in use.
    #[test]
    fn the_table_grows_at_the_safe_point_while_two_searches_share_it() {
        // Cram 5x6, 2 in Beling's table (a board small enough for a debug test whose search
        // still outgrows the first table).
        let (rows, cols, published) = (5, 6, 2);
        assert!(crate::games::cram::theory::PUBLISHED.contains(&(rows, cols, published)));
        let parts = regions(rows, cols, full(rows, cols));
        for memory in [DEFAULT_MEMORY, 1 << 14] {
            let mut search = Search::with(
                &Regions::SEARCH_ONLY,
                "cram regions",
                with_threads(2, memory),
            )
            .unwrap();
            assert_eq!(search.value(&parts).unwrap(), published);
            if memory == DEFAULT_MEMORY {
                // Every entry was stored while both searched: it grew then.
                assert!(
                    search.table.len() > FIRST_BUCKETS * WAYS,
                    "{}",
                    search.table.len()
                );
            }
            // Each search counted the slots it filled: together, the slots in use.
            let filled = search.table.filled();
            let in_use = search.table.exclusive(|data| Table::entries(data).count());
            assert_eq!(filled, in_use, "with {memory} bytes");
        }
    }

    static ROOT_CALLS: AtomicUsize = AtomicUsize::new(0);

    /// Asks to stop from the third time it is asked on.
    fn stop_at_third() -> bool {
        ROOT_CALLS.fetch_add(1, Relaxed) >= 2
    }

    /// An interrupted search says how far the rounds at the root got: the round, the options
    /// asked in it, and the options valued of all the root's (the empty 5 x 6 board has
    /// 4 * 6 + 5 * 5 = 49 dominoes).
    #[test]
    fn an_interruption_says_how_far_the_root_got() {
        let parts = regions(5, 6, full(5, 6));
        let settings = Settings {
            stop: Some(stop_at_third),
            ..Settings::default()
        };
        let mut search = Search::with(&Regions::SEARCH_ONLY, "cram regions", settings).unwrap();
        let Err(Error::Interrupted(why)) = search.value(&parts) else {
            panic!("not interrupted");
        };
        let at = why.find("at the root, round ").expect(&why);
        let numbers: Vec<u64> = why[at..]
            .split(|c: char| !c.is_ascii_digit())
            .filter_map(|w| w.parse().ok())
            .collect();
        // round r (is the value r?): option a of b; v of n options valued
        let [r, r_again, asked, in_round, valued, options, ..] = numbers[..] else {
            panic!("{why}");
        };
        assert_eq!(r, r_again, "{why}");
        assert_eq!(options, 49, "{why}");
        assert!(asked >= 1 && asked <= in_round, "{why}");
        assert_eq!(valued + in_round, options, "{why}");
        // Cram 5x6 has value 2 (Beling's table): the rounds never go past it.
        assert!(r <= 2, "{why}");
        assert!(!search.root.active);
    }

    static CALLS: AtomicUsize = AtomicUsize::new(0);

    /// Asks to stop from the fifth time it is asked on (by either search).
    fn stop_soon() -> bool {
        CALLS.fetch_add(1, Relaxed) >= 4
    }

    /// Checkpoints with two searches: saved at the safe point during the search (every 4096
    /// nodes here) and after an interruption; a resumed search (two searches, and one) gives
    /// the value of one that was never interrupted, the one with less work.
    #[test]
    fn two_searches_save_and_resume_their_checkpoint() {
        let dir_scratch = tempfile::tempdir().unwrap();
        let dir = dir_scratch
            .path()
            .join(format!("grundy-threads-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("table");
        let parts = regions(4, 9, full(4, 9));
        let game = &Regions::SEARCH_ONLY;
        let mut fresh = Search::with(game, "cram regions", Settings::default()).unwrap();
        let expected = fresh.value(&parts).unwrap();

        // Saved again and again while both search.
        let often = Settings {
            checkpoint: Some(path.clone()),
            save_every: Duration::ZERO,
            ..with_threads(2, DEFAULT_MEMORY)
        };
        let mut saving = Search::with(game, "cram regions", often).unwrap();
        assert_eq!(saving.value(&parts).unwrap(), expected);
        assert!(path.exists());
        std::fs::remove_file(&path).unwrap();

        // Interrupted, saved, resumed.
        let settings = Settings {
            checkpoint: Some(path.clone()),
            stop: Some(stop_soon),
            ..with_threads(2, DEFAULT_MEMORY)
        };
        let mut first = Search::with(game, "cram regions", settings.clone()).unwrap();
        let stopped = first.value(&parts);
        assert!(matches!(stopped, Err(Error::Interrupted(_))), "{stopped:?}");
        assert!(path.exists());
        let copy = dir.join("table-copy");
        std::fs::copy(&path, &copy).unwrap();
        let resumed_settings = Settings {
            stop: None,
            ..settings
        };
        let mut resumed = Search::with(game, "cram regions", resumed_settings).unwrap();
        assert!(resumed.stats().filled > 0);
        assert_eq!(resumed.value(&parts).unwrap(), expected);
        // Less work than a fresh search, counted with one thread: two searches' counts depend
        // on how they interleave (on a loaded machine they may repeat a sixth of the work).
        let one = Settings {
            checkpoint: Some(copy),
            ..with_threads(1, DEFAULT_MEMORY)
        };
        let mut resumed = Search::with(game, "cram regions", one).unwrap();
        assert!(resumed.stats().filled > 0);
        assert_eq!(resumed.value(&parts).unwrap(), expected);
        assert!(resumed.stats().nodes < fresh.stats().nodes);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Cram 4x9 with a database: written while two searches run, and after an interruption;
    /// a run fed the interrupted run's database gives the uninterrupted value (two searches,
    /// and one, the one with less work), and the next run answers without a node.
    #[test]
    fn cram_searches_keep_and_reuse_their_database() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("cram.db");
        let parts = regions(4, 9, full(4, 9));
        let game = &Regions::SEARCH_ONLY;
        let mut fresh = Search::with(game, "cram regions", Settings::default()).unwrap();
        let expected = fresh.value(&parts).unwrap();

        let interrupted = Settings {
            db: Some(path.clone()),
            stop: Some(stop_soon),
            save_every: Duration::ZERO,
            ..with_threads(2, DEFAULT_MEMORY)
        };
        let stopped = Search::with(game, "cram regions", interrupted.clone())
            .unwrap()
            .value(&parts);
        assert!(matches!(stopped, Err(Error::Interrupted(_))), "{stopped:?}");
        let written = super::super::db::info(&path).unwrap();
        assert!(written.parts > 0, "{written:?}");

        let copy = dir.path().join("cram-copy.db");
        std::fs::copy(&path, &copy).unwrap();
        let two = Settings {
            db: Some(copy),
            stop: None,
            ..interrupted.clone()
        };
        let mut resumed = Search::with(game, "cram regions", two).unwrap();
        assert_eq!(resumed.value(&parts).unwrap(), expected);
        drop(resumed);
        // Less work than a fresh search, counted with one thread: two searches' counts depend
        // on how they interleave (on a loaded machine they may repeat more than was saved).
        let one = Settings {
            db: Some(path.clone()),
            ..with_threads(1, DEFAULT_MEMORY)
        };
        let mut resumed = Search::with(game, "cram regions", one).unwrap();
        assert_eq!(resumed.value(&parts).unwrap(), expected);
        assert!(resumed.stats().nodes < fresh.stats().nodes);
        drop(resumed);
        let settings = Settings {
            stop: None,
            ..interrupted
        };
        let mut again = Search::with(game, "cram regions", settings).unwrap();
        assert_eq!(again.value(&parts).unwrap(), expected);
        assert_eq!(again.stats().nodes, 0);
    }
}
