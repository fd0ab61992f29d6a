//! The engine for general take-and-break codes: `G(0), G(1), ...` by the mex rule, with the
//! splits' values kept as bitsets.
//!
//! `G(n)` is the mex of the values of the options of a heap of `n`: for each `t` whose digit
//! allows `j` heaps, the splits of `T = n - t` into `j` non-empty heaps (their values XORed).
//! The split values are built from smaller heaps:
//!
//! - two heaps: `G(a) XOR G(T - a)` over `a <= T - a` (`a < T - a` for `!` and `?`);
//! - all equal (`=`): `j` heaps of `T / j`, value `G(T / j)` for odd `j`, 0 for even `j`;
//! - any sizes, `j >= 3` heaps: `C_k(T)`, the values of the *compositions* (ordered splits) of
//!   `T` into `k` parts, which have the values of the splits: `C_k(T) = U_a G(a) XOR
//!   C_{k-1}(T - a)`; `k` parts or more: the same with `M_1(T) = {G(T)} U M_2(T)`;
//! - not all equal (`?`): a composition `(a, rest)` is not all equal when `rest` is not, or
//!   `rest` is all equal to a size other than `a`: `N_k(T) = U_a G(a) XOR (N_{k-1}(T - a) U
//!   {e_{k-1}(T - a) : size != a})`, `e_m(R)` the value of `R` cut into `m` equal parts;
//! - pairwise unequal (`!`), `j >= 3`: by the largest part, `D_k(R, <b)` the values of splits of
//!   `R` into `k` distinct parts below `b`: `D_k(R, <b) = D_k(R, <b-1) U G(b-1) XOR
//!   D_{k-1}(R - b + 1, <b - 1)`, a table of `R^2 / 2` sets per level.
//!
//! A repeating tail (`0.[3]`, `0.7[03]`) allows every `t >= s` in a residue class mod `q`: the
//! splits of every `T <= n - s - i` with `T = n - s - i (mod q)`, a union kept per class and
//! grown by one set per `n`. Costs: two-heap and equal splits `O(n)` per value; three heaps and
//! more `O(n)` bitset operations per value and level; the distinct-parts table `O(n^2)` sets;
//! each kind of code has its length limit ([`Engine::limit`]).

#![allow(clippy::needless_range_loop)] // heap sizes index the value table: the loops read as the recurrences

use super::code::{Code, Constraint};
use crate::{Error, Result};

/// Length limit of codes whose splits leave two heaps or equal heaps (quadratic work).
pub const LEN_PAIRS: u64 = 1 << 16;
/// Length limit of codes with splits into three or more heaps of any sizes, or not all equal,
/// or with splits in a repeating tail (quadratic bitset work and memory).
pub const LEN_LEVELS: u64 = 1 << 13;
/// Length limit of codes with splits into three or more pairwise unequal heaps (a table of
/// `n^2 / 2` sets per level).
pub const LEN_DISTINCT: u64 = 1 << 11;
/// The most 64-bit words of stored sets (512 MiB).
pub const MAX_WORDS: u64 = 1 << 26;
/// The most word operations on sets a run may spend (about a minute on one core).
pub const MAX_WORK: u64 = 1 << 36;
/// What one word of a stored set costs when a step reads it, in units of [`MAX_WORK`] (a
/// word operation).
pub const WORD_COST: u64 = 1;
/// What one operation on a stored set costs beyond its words, in the same units. Measured on
/// the 2-core VM (BENCHMARKS.md, issue 29): a code splitting into 63 heaps, sets of 8 words,
/// took about 90 ns a set to heap 1024, where a code of 3 levels and sets of 64 words took
/// about 1.2 ns a word; 96 units a set (2^36 units being about a minute) fits the first and
/// overcounts the second about 2.5 times.
pub const SET_COST: u64 = 96;

/// How the values of one kind of move are found, for `T` tokens left.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Atom {
    /// Leave nothing: only when `T = 0`.
    Empty,
    /// Leave one heap of `T`.
    One,
    /// Two heaps (unequal ones, for `!` and `?`).
    Pairs { unequal: bool },
    /// `j` equal heaps (or `j` and more).
    Equal { j: u64, more: bool },
    /// Through a stored family of sets (`Store::top`).
    Stored(usize),
}

/// Stored sets for one kind of split with three or more heaps (or unbounded counts).
#[derive(Debug, Clone)]
struct Store {
    kind: Kind,
    /// 1D levels: `sets[T]` holds `levels` sets of `width[T]` words each.
    sets: Vec<Vec<u64>>,
    /// 2D levels (distinct parts): `rows[R]` holds `levels * (R + 2)` sets of `width[R]` words.
    rows: Vec<Vec<u64>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// `C_2..C_j` (exactly `j` parts, any sizes); top = `C_j`.
    Free { j: u64 },
    /// `M_1..M_j` (`j` parts or more, any sizes); top = `M_j`.
    FreeMore { j: u64 },
    /// `N_2..N_j`; top = `N_j`.
    NotAllEqual { j: u64 },
    /// `NM_2..NM_j` (`j` or more, not all equal); top = `NM_j`.
    NotAllEqualMore { j: u64 },
    /// 2D `D_2..D_{j-1}` and the top `D_j` as one 1D set (exactly `j` distinct parts, `j >= 3`).
    Distinct { j: u64 },
    /// 2D `DM_0..DM_{j-1}` and the top `DM_j` (`j` or more distinct parts, `j >= 2`).
    DistinctMore { j: u64 },
}

impl Kind {
    /// Sets per `T` in `Store::sets`.
    fn levels_1d(self) -> usize {
        match self {
            Kind::Free { j } | Kind::NotAllEqual { j } => j as usize - 1,
            Kind::FreeMore { j } => j as usize,
            Kind::NotAllEqualMore { j } => j as usize - 1,
            Kind::Distinct { .. } | Kind::DistinctMore { .. } => 1,
        }
    }

    /// Levels per `R` in `Store::rows`.
    fn levels_2d(self) -> usize {
        match self {
            Kind::Distinct { j } => j as usize - 2,
            Kind::DistinctMore { j } => j as usize,
            _ => 0,
        }
    }

    /// Index of the top level in `Store::sets`.
    fn top(self) -> usize {
        self.levels_1d() - 1
    }
}

/// One term of a repeating tail: digit `s + i`'s atom, with a union per residue class.
#[derive(Debug, Clone)]
struct TailTerm {
    /// `s + i`: the smallest `t` of the term.
    first: u64,
    atom: Atom,
    unions: Vec<Vec<u64>>,
}

/// The values of one general code, growing on request.
#[derive(Debug, Clone)]
pub struct Engine {
    code: Code,
    limit: u64,
    g: Vec<u32>,
    /// Every value is below `2^bits`.
    bits: u32,
    /// Words of the sets stored at each `T` (the width when `G(T)` was known).
    width: Vec<usize>,
    /// `finite[t]`: the atoms of `d_t` for `t` below the tail.
    finite: Vec<Vec<Atom>>,
    tail: Vec<TailTerm>,
    period: u64,
    stores: Vec<Store>,
    divisors: Vec<Vec<u32>>,
    words: u64,
    /// Word operations on sets so far (bounded by [`MAX_WORK`]).
    work: u64,
}

/// Words of a set holding values below `2^bits` (a power of two).
fn words_for(bits: u32) -> usize {
    1 << bits.saturating_sub(6)
}

#[inline]
fn set(bs: &mut [u64], v: u32) {
    bs[(v >> 6) as usize] |= 1 << (v & 63);
}

#[inline]
fn or_into(dst: &mut [u64], src: &[u64]) {
    for (d, s) in dst.iter_mut().zip(src) {
        *d |= s;
    }
}

/// ORs `{v XOR x : v in src}` into `dst` (`src` a power-of-two number of words, `x` and every
/// value below `64 * dst.len()` rounded down to a power of two): the high bits of `x` permute
/// words, the low six bits permute the bits of a word by swapping blocks of 1, 2, ..., 32.
fn xor_translate(src: &[u64], x: u32, dst: &mut [u64]) {
    const HALVES: [u64; 6] = [
        0x5555_5555_5555_5555,
        0x3333_3333_3333_3333,
        0x0F0F_0F0F_0F0F_0F0F,
        0x00FF_00FF_00FF_00FF,
        0x0000_FFFF_0000_FFFF,
        0x0000_0000_FFFF_FFFF,
    ];
    let high = (x >> 6) as usize;
    // The swaps the low six bits of `x` ask for, chosen once: the loop over the words then
    // has no branch that depends on the data (an empty word is permuted like any other).
    let mut swaps = [(0u64, 0u32); 6];
    let mut count = 0;
    for (k, &half) in HALVES.iter().enumerate() {
        if x >> k & 1 == 1 {
            swaps[count] = (half, 1 << k);
            count += 1;
        }
    }
    let swaps = &swaps[..count];
    for (j, &word) in src.iter().enumerate() {
        let mut w = word;
        for &(half, s) in swaps {
            w = ((w & half) << s) | ((w >> s) & half);
        }
        dst[j ^ high] |= w;
    }
}

fn mex(seen: &[u64]) -> u32 {
    for (i, &w) in seen.iter().enumerate() {
        if w != u64::MAX {
            return i as u32 * 64 + w.trailing_ones();
        }
    }
    seen.len() as u32 * 64
}

impl Engine {
    /// An engine for `code`, with no value computed yet.
    pub fn new(code: &Code) -> Self {
        let mut stores: Vec<Store> = Vec::new();
        let mut store = |kind: Kind| -> Atom {
            let index = stores
                .iter()
                .position(|s| s.kind == kind)
                .unwrap_or_else(|| {
                    stores.push(Store {
                        kind,
                        sets: Vec::new(),
                        rows: Vec::new(),
                    });
                    stores.len() - 1
                });
            Atom::Stored(index)
        };
        let mut atoms_of = |t: usize| -> Vec<Atom> {
            code.digits()[t]
                .atoms()
                .into_iter()
                .map(|(j, more, c)| match (j, more, c) {
                    (0, false, _) => Atom::Empty,
                    (1, false, _) => Atom::One,
                    (0 | 1, true, _) => unreachable!("an unbounded tail starts at 2 heaps"),
                    (j, more, Constraint::Equal) => Atom::Equal { j, more },
                    (2, false, c) => Atom::Pairs {
                        unequal: c != Constraint::Free,
                    },
                    (j, false, Constraint::Free) => store(Kind::Free { j }),
                    (j, true, Constraint::Free) => store(Kind::FreeMore { j }),
                    (j, false, Constraint::NotAllEqual) => store(Kind::NotAllEqual { j }),
                    (j, true, Constraint::NotAllEqual) => store(Kind::NotAllEqualMore { j }),
                    (j, false, Constraint::Unequal) => store(Kind::Distinct { j }),
                    (j, true, Constraint::Unequal) => store(Kind::DistinctMore { j }),
                })
                .collect()
        };
        let s = code.tail_start();
        let finite: Vec<Vec<Atom>> = (0..s).map(&mut atoms_of).collect();
        let q = code.repeat() as u64;
        let mut tail = Vec::new();
        for i in s..code.digits().len() {
            for atom in atoms_of(i) {
                tail.push(TailTerm {
                    first: i as u64,
                    atom,
                    unions: vec![Vec::new(); q as usize],
                });
            }
        }
        let distinct = stores
            .iter()
            .any(|s| matches!(s.kind, Kind::Distinct { .. } | Kind::DistinctMore { .. }));
        let tail_splits = tail
            .iter()
            .any(|term| matches!(term.atom, Atom::Pairs { .. } | Atom::Stored(_)));
        let limit = if distinct {
            LEN_DISTINCT
        } else if !stores.is_empty() || tail_splits {
            LEN_LEVELS
        } else {
            LEN_PAIRS
        };
        Engine {
            code: code.clone(),
            limit,
            g: Vec::new(),
            bits: 0,
            width: Vec::new(),
            finite,
            tail,
            period: q,
            stores,
            divisors: Vec::new(),
            words: 0,
            work: 0,
        }
    }

    /// The most values this code's engine computes.
    pub fn limit(&self) -> u64 {
        self.limit
    }

    /// How many values are computed.
    pub fn len(&self) -> u64 {
        self.g.len() as u64
    }

    /// Whether no value is computed.
    pub fn is_empty(&self) -> bool {
        self.g.is_empty()
    }

    /// `G(n)` for a computed `n`.
    pub fn get(&self, n: u64) -> u32 {
        self.g[n as usize]
    }

    /// The values computed.
    pub fn values(&self) -> &[u32] {
        &self.g
    }

    /// Computes until `len` values are known; `progress` hears the count now and then.
    pub fn extend(&mut self, len: u64, progress: &mut dyn FnMut(u64)) -> Result<()> {
        if len > self.limit {
            return Err(Error::TooLarge(format!(
                "the take-and-break engine computes at most {} values of tbreak:{} (asked for {len}); the limit depends on the kind of splits the code allows",
                self.limit,
                self.code.show()
            )));
        }
        let ahead = self.work_ahead(len);
        if u128::from(self.work) + ahead > u128::from(MAX_WORK) {
            return Err(Error::TooLarge(format!(
                "computing tbreak:{} to heap {len} needs at least {ahead} operations on sets of values (counted before computing: {} sets per heap size and smaller heap), more than the engine's work limit of 2^36 (about a minute)",
                self.code.show(),
                self.levels()
            )));
        }
        while (self.g.len() as u64) < len {
            self.step()?;
            if self.g.len().is_multiple_of(64) {
                progress(self.g.len() as u64);
            }
        }
        progress(self.g.len() as u64);
        Ok(())
    }

    /// The stored sets a step builds per smaller heap (every level of every store).
    fn levels(&self) -> usize {
        self.stores
            .iter()
            .map(|s| s.kind.levels_1d() + s.kind.levels_2d())
            .sum()
    }

    /// A lower bound on the work of the steps from the values known to `len` (what
    /// [`Engine::step`] counts): the widths of the sets never shrink, so each step `n` costs at
    /// least `levels * n * (w + SET_COST)` with today's width `w`.
    fn work_ahead(&self, len: u64) -> u128 {
        let from = self.g.len() as u128;
        let len = u128::from(len);
        if len <= from {
            return 0;
        }
        let sizes = (from + len - 1) * (len - from) / 2;
        let per = self.levels() as u128
            * (u128::from(WORD_COST) * self.width_now() as u128 + u128::from(SET_COST));
        sizes.saturating_mul(per)
    }

    /// Refuses at once to go on looking for a period up to the engine's limit when the next
    /// step (computing to `next`) alone takes more than about a second and the work to the limit
    /// is beyond [`MAX_WORK`] (`Engine::work_ahead`: a lower bound): a period not found by then
    /// would be refused by the work limit anyway, after minutes.
    pub fn check_period_search(&self, next: u64) -> Result<()> {
        let to_limit = self.work_ahead(self.limit);
        let step = self.work_ahead(next);
        if u128::from(self.work) + to_limit > u128::from(MAX_WORK)
            && step > u128::from(MAX_WORK / 64)
        {
            return Err(Error::TooLarge(format!(
                "no period of tbreak:{} is proven in its first {} values, and computing on to the engine's limit of {} values would take at least {} operations on sets of values (counted before computing, with today's width of {} words a set), more than its work limit of 2^36 (about a minute); heaps below {} are answered by computing up to them, within that limit",
                self.code.show(),
                self.g.len(),
                self.limit,
                u128::from(self.work) + to_limit,
                self.width_now(),
                self.limit
            )));
        }
        Ok(())
    }

    fn width_now(&self) -> usize {
        words_for(self.bits)
    }

    /// The divisors of `r`, ascending (cached).
    fn divisors(&mut self, r: usize) -> &[u32] {
        while self.divisors.len() <= r {
            let m = self.divisors.len();
            let mut d: Vec<u32> = (1..=m)
                .filter(|k| m.is_multiple_of(*k))
                .map(|k| k as u32)
                .collect();
            d.shrink_to_fit();
            self.divisors.push(d);
        }
        &self.divisors[r]
    }

    /// The value of `r` cut into `m` equal parts.
    fn equal_value(&self, r: usize, m: usize) -> u32 {
        if m % 2 == 1 {
            self.g[r / m]
        } else {
            0
        }
    }

    /// ORs the values of `atom` for `t_left` tokens into `dst` (width at least the current).
    fn atom_into(&mut self, atom: Atom, t_left: usize, dst: &mut [u64]) {
        match atom {
            Atom::Empty => {
                if t_left == 0 {
                    set(dst, 0);
                }
            }
            Atom::One => {
                if t_left >= 1 {
                    set(dst, self.g[t_left]);
                }
            }
            Atom::Pairs { unequal } => {
                let g = &self.g;
                for a in 1..=t_left / 2 {
                    if !(unequal && 2 * a == t_left) {
                        set(dst, g[a] ^ g[t_left - a]);
                    }
                }
            }
            Atom::Equal { j, more } => {
                let j = j as usize;
                if t_left < j {
                    return;
                }
                if more {
                    let divisors = self.divisors(t_left).to_vec();
                    for m in divisors.into_iter().map(|m| m as usize).filter(|&m| m >= j) {
                        set(dst, self.equal_value(t_left, m));
                    }
                } else if t_left.is_multiple_of(j) {
                    set(dst, self.equal_value(t_left, j));
                }
            }
            Atom::Stored(i) => {
                let store = &self.stores[i];
                let w = self.width[t_left];
                let top = store.kind.top();
                or_into(dst, &store.sets[t_left][top * w..(top + 1) * w]);
            }
        }
    }

    /// Computes the next value.
    fn step(&mut self) -> Result<()> {
        let n = self.g.len();
        let w = self.width_now();
        // The work of this step, in units of MAX_WORK: each set read costs WORD_COST a word
        // and SET_COST more.
        let levels = self.levels();
        let cost = |atom: &Atom| match atom {
            Atom::Pairs { .. } => n / 2 + 1,
            Atom::Stored(_) => w,
            _ => 1,
        };
        let finite: usize = self.finite.iter().flatten().map(cost).sum();
        let tail: usize = self.tail.iter().map(|term| cost(&term.atom) + w + 1).sum();
        self.work +=
            (levels * n * (WORD_COST as usize * w + SET_COST as usize) + finite + tail) as u64;
        if self.work > MAX_WORK {
            return Err(Error::TooLarge(format!(
                "computing tbreak:{} beyond n = {n} needs more than 2^36 operations on sets of values, the engine's work limit",
                self.code.show()
            )));
        }
        // 1. The stored sets at T = n that need only smaller heaps.
        let mut pending: Vec<Vec<u64>> = Vec::with_capacity(self.stores.len());
        for i in 0..self.stores.len() {
            pending.push(self.sets_before(i, n, w));
        }
        for (i, sets) in pending.into_iter().enumerate() {
            self.stores[i].sets.push(sets);
        }
        // Sets at n are of width w for now (the width is fixed once G(n) is known).
        self.width.push(w);
        // 2. The options.
        let mut seen = vec![0u64; w + 1];
        for t in 0..self.finite.len().min(n + 1) {
            for k in 0..self.finite[t].len() {
                let atom = self.finite[t][k];
                self.atom_into(atom, n - t, &mut seen);
            }
        }
        let q = self.period as usize;
        for k in 0..self.tail.len() {
            let first = self.tail[k].first as usize;
            if n < first {
                continue;
            }
            let t_left = n - first;
            let class = t_left % q;
            let atom = self.tail[k].atom;
            let mut union = std::mem::take(&mut self.tail[k].unions[class]);
            union.resize(w, 0);
            self.atom_into(atom, t_left, &mut union);
            or_into(&mut seen, &union);
            self.tail[k].unions[class] = union;
        }
        let v = mex(&seen);
        self.g.push(v);
        while v >> self.bits != 0 {
            self.bits += 1;
        }
        // 3. Widen what was stored at n, then the sets that need G(n).
        let w_new = self.width_now();
        if w_new != w {
            for store in &mut self.stores {
                let levels = store.kind.levels_1d();
                let old = std::mem::take(&mut store.sets[n]);
                let mut wide = vec![0u64; levels * w_new];
                for l in 0..levels {
                    wide[l * w_new..l * w_new + w].copy_from_slice(&old[l * w..(l + 1) * w]);
                }
                store.sets[n] = wide;
            }
            self.width[n] = w_new;
        }
        for i in 0..self.stores.len() {
            self.sets_after(i, n, w_new);
        }
        self.words += (self
            .stores
            .iter()
            .map(|s| s.sets[n].len() + s.rows.get(n).map_or(0, Vec::len))
            .sum::<usize>()) as u64;
        if self.words > MAX_WORDS {
            return Err(Error::TooLarge(format!(
                "the split sets of tbreak:{} beyond n = {n} need more than {} MiB",
                self.code.show(),
                (MAX_WORDS * 8) >> 20
            )));
        }
        Ok(())
    }

    /// The 1D sets of store `i` at `T = n` that need only heaps below `n`, `w` words each.
    fn sets_before(&mut self, i: usize, n: usize, w: usize) -> Vec<u64> {
        let kind = self.stores[i].kind;
        let levels = kind.levels_1d();
        let mut out = vec![0u64; levels * w];
        let g = &self.g;
        match kind {
            Kind::Free { j } => {
                // Level l holds C_{l+2}. The stored sets of each `r` are read in one pass
                // (all levels), in memory order.
                for a in 1..n {
                    set(&mut out[..w], g[a] ^ g[n - a]);
                }
                for a in 1..n {
                    let r = n - a;
                    let wr = self.width[r];
                    let stored = &self.stores[i].sets[r];
                    for k in 3..=j as usize {
                        let src = &stored[(k - 3) * wr..(k - 2) * wr];
                        xor_translate(src, g[a], &mut out[(k - 2) * w..(k - 1) * w]);
                    }
                }
            }
            Kind::FreeMore { j } => {
                // Level l holds M_{l+1}; M_1 is completed after G(n).
                for a in 1..n {
                    let r = n - a;
                    let wr = self.width[r];
                    let stored = &self.stores[i].sets[r];
                    for k in 2..=j as usize {
                        let src = &stored[(k - 2) * wr..(k - 1) * wr];
                        xor_translate(src, g[a], &mut out[(k - 1) * w..k * w]);
                    }
                }
            }
            Kind::NotAllEqual { j } => {
                // Level l holds N_{l+2}.
                for a in 1..n {
                    if 2 * a != n {
                        set(&mut out[..w], g[a] ^ g[n - a]);
                    }
                }
                for k in 3..=j as usize {
                    let dst = &mut out[(k - 2) * w..(k - 1) * w];
                    for a in 1..n {
                        let r = n - a;
                        let wr = self.width[r];
                        let src = &self.stores[i].sets[r][(k - 3) * wr..(k - 2) * wr];
                        xor_translate(src, g[a], dst);
                        // The rest all equal, of a size other than a.
                        let m = k - 1;
                        if r.is_multiple_of(m) && r / m != a {
                            let e = if m % 2 == 1 { g[r / m] } else { 0 };
                            set(dst, g[a] ^ e);
                        }
                    }
                }
            }
            Kind::NotAllEqualMore { j } => {
                // Level l holds NM_{l+2} (NM_1 = NM_2).
                for k in 2..=j as usize {
                    for a in 1..n {
                        let r = n - a;
                        let wr = self.width[r];
                        let below = k.saturating_sub(3); // NM_{max(k-1, 2)}
                        let divisors = self.divisors(r).to_vec();
                        let g = &self.g;
                        let dst = &mut out[(k - 2) * w..(k - 1) * w];
                        let src = &self.stores[i].sets[r][below * wr..(below + 1) * wr];
                        xor_translate(src, g[a], dst);
                        for m in divisors.into_iter().map(|m| m as usize) {
                            if m >= (k - 1).max(1) && r / m != a {
                                let e = if m % 2 == 1 { g[r / m] } else { 0 };
                                set(dst, g[a] ^ e);
                            }
                        }
                    }
                }
            }
            Kind::Distinct { j } => {
                // Top: the largest part c, the others j - 1 distinct parts below c (D_{j-1},
                // level j - 3 of the table).
                let level = j as usize - 3;
                for c in 1..n {
                    let src = self.row_set(i, n - c, level, c);
                    xor_translate(src, g[c], &mut out);
                }
            }
            Kind::DistinctMore { j } => {
                let below = j as usize - 1;
                for c in 1..n {
                    let r = n - c;
                    let src = self.row_set(i, r, below, c);
                    xor_translate(src, g[c], &mut out);
                }
            }
        }
        out
    }

    /// The 2D set of store `i`: level `l` at `R = r`, parts below `b` (clamped to `r + 1`).
    fn row_set(&self, i: usize, r: usize, l: usize, b: usize) -> &[u64] {
        let b = b.min(r + 1);
        let wr = self.width[r];
        let per = r + 2;
        let at = (l * per + b) * wr;
        &self.stores[i].rows[r][at..at + wr]
    }

    /// The sets of store `i` at `n` that need `G(n)`: `M_1(n)`, and the 2D rows at `R = n`.
    fn sets_after(&mut self, i: usize, n: usize, w: usize) {
        let kind = self.stores[i].kind;
        if let Kind::FreeMore { .. } = kind {
            // M_1(n) = {G(n)} U M_2(n).
            let v = self.g[n];
            let sets = &mut self.stores[i].sets[n];
            let (m1, rest) = sets.split_at_mut(w);
            or_into(m1, &rest[..w]);
            if n >= 1 {
                set(m1, v);
            }
        }
        let levels = kind.levels_2d();
        if levels == 0 {
            return;
        }
        let per = n + 2;
        let mut row = vec![0u64; levels * per * w];
        let g = &self.g;
        let (distinct_more, lowest) = match kind {
            Kind::DistinctMore { .. } => (true, 1),
            _ => (false, 0),
        };
        // Row layout: level l (D_{l+2} or DM_l), then b = 0..=n+1.
        for l in lowest..levels {
            for b in 2..per {
                // D(n, <b) = D(n, <b-1) U G(b-1) XOR D_{lower}(n - b + 1, <b - 1).
                let at = (l * per + b) * w;
                let (before, after) = row.split_at_mut(at);
                let dst = &mut after[..w];
                dst.copy_from_slice(&before[at - w..at]);
                let part = b - 1;
                let r = n - part;
                if distinct_more {
                    // DM_l with l >= 1: the rest has >= l - 1 distinct parts below `part`.
                    if r == 0 {
                        if l == 1 {
                            set(dst, g[part]);
                        }
                    } else if part >= 1 {
                        let src = self.row_set(i, r, l - 1, part);
                        xor_translate(src, g[part], dst);
                    }
                } else if l == 0 {
                    // D_2: the rest one part below `part`.
                    if r >= 1 && r < part {
                        set(dst, g[part] ^ g[r]);
                    }
                } else if r >= 1 {
                    let src = self.row_set(i, r, l - 1, part);
                    xor_translate(src, g[part], dst);
                }
            }
        }
        if distinct_more {
            // DM_0 = DM_1, plus the empty split when n = 0.
            for b in 0..per {
                let (low, high) = row.split_at_mut(per * w);
                let dst = &mut low[b * w..(b + 1) * w];
                dst.copy_from_slice(&high[b * w..(b + 1) * w]);
                if n == 0 {
                    set(dst, 0);
                }
            }
        }
        self.stores[i].rows.push(row);
    }
}

#[cfg(test)]
mod tests {
    use super::super::reference::{definition, literal};
    use super::*;

    fn engine_values(code: &Code, len: usize) -> Vec<u32> {
        let mut engine = Engine::new(code);
        engine.extend(len as u64, &mut |_| {}).unwrap();
        engine.values().to_vec()
    }

    /// A deterministic generator of codes: digits of every form, modifiers, repeating tails.
    struct Codes(u64);

    impl Codes {
        fn next(&mut self, below: u64) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (self.0 >> 33) % below
        }

        fn modifier(&mut self) -> &'static str {
            ["", "", "!", "?", "="][self.next(5) as usize]
        }

        fn digit(&mut self, first: bool) -> String {
            let low = if first { 4 } else { 0 };
            match self.next(10) {
                0 => format!("&{};{}", (self.next(64) << 2 | low) + 64, self.modifier()),
                1 => format!("{{{}+}}{}", 2 + self.next(3), self.modifier()),
                2 if !first => format!("*{}", self.modifier()),
                3 => {
                    let mut counts: Vec<String> = Vec::new();
                    for j in if first { 2 } else { 0 }..6 {
                        if self.next(2) == 0 {
                            counts.push(format!("{j}{}", self.modifier()));
                        }
                    }
                    if counts.is_empty() {
                        "0".into()
                    } else {
                        format!("{{{}}}", counts.join(","))
                    }
                }
                _ => {
                    let value = if first {
                        self.next(8) << 2
                    } else {
                        self.next(32)
                    };
                    let c = char::from_digit(value as u32, 32)
                        .unwrap()
                        .to_ascii_uppercase();
                    format!("{c}{}", self.modifier())
                }
            }
        }

        fn code(&mut self) -> String {
            let mut text = self.digit(true);
            text.push('.');
            for _ in 0..1 + self.next(3) {
                text.push_str(&self.digit(false));
            }
            if self.next(3) == 0 {
                text.push('[');
                for _ in 0..1 + self.next(2) {
                    text.push_str(&self.digit(false));
                }
                text.push(']');
            }
            text
        }
    }

    #[test]
    fn generated_codes_agree_with_the_definition_to_300() {
        use rayon::prelude::*;
        let mut codes = Codes(20);
        let texts: Vec<String> = (0..300).map(|_| codes.code()).collect();
        let mut kinds = std::collections::BTreeSet::new();
        for text in &texts {
            let code = Code::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            for store in &Engine::new(&code).stores {
                let name = format!("{:?}", store.kind);
                kinds.insert(name.split(' ').next().unwrap().to_string());
            }
        }
        texts.par_iter().for_each(|text| {
            let code = Code::parse(text).unwrap();
            assert_eq!(engine_values(&code, 301), definition(&code, 301), "{text}");
        });
        // The sample exercised every stored kind of split.
        for kind in [
            "Free",
            "FreeMore",
            "NotAllEqual",
            "NotAllEqualMore",
            "Distinct",
            "DistinctMore",
        ] {
            assert!(kinds.contains(kind), "{kind} not sampled: {kinds:?}");
        }
    }

    #[test]
    fn the_definition_is_the_literal_rule_on_generated_codes() {
        let mut codes = Codes(7);
        for _ in 0..120 {
            let code = Code::parse(&codes.code()).unwrap();
            assert_eq!(definition(&code, 22), literal(&code, 22), "{}", code.show());
        }
    }

    #[test]
    fn hand_picked_codes_agree_with_the_definition() {
        for text in [
            "4=.0",
            "8!.0",
            "8?.0",
            "{2+}.0",
            "{2+}!.0",
            "{2+}?.0",
            "{2+}=.0",
            "0.[3]",
            "0.[7]",
            "0.[37]",
            "0.7[03]",
            "0.G",
            "0.&64;",
            "0.{2,3?+}",
            "0.*",
            "0.*!",
            "0.*?",
            "0.[*=]",
            "4.{3?,4+}",
            "0.{1,2,3,4,5,6}{6}",
            "0.3F!",
            "0.3F?",
            "4!.7",
        ] {
            let code = Code::parse(text).unwrap();
            assert_eq!(engine_values(&code, 301), definition(&code, 301), "{text}");
        }
    }

    #[test]
    fn limits_are_named() {
        let code = Code::parse("8!.0").unwrap();
        let mut engine = Engine::new(&code);
        let err = engine
            .extend(LEN_DISTINCT + 1, &mut |_| {})
            .unwrap_err()
            .to_string();
        assert!(err.contains(&LEN_DISTINCT.to_string()), "{err}");
        assert_eq!(
            Engine::new(&Code::parse("4=.3").unwrap()).limit(),
            LEN_PAIRS
        );
        assert_eq!(
            Engine::new(&Code::parse("0.G").unwrap()).limit(),
            LEN_LEVELS
        );
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
}
