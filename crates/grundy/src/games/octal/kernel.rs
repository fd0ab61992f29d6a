//! The innermost loop: the set `{G(a) XOR G(m - a) : lo <= a < hi}` ORed into a bitset.
//!
//! Most of the time of a game without a sparse space goes here. The portable loop handles any
//! width; for one-byte values below 64 (so XORs below 64), processors with AVX2 take 32 pairs
//! per step: the 32 partners `G(m - a)` are one load reversed in the register, the XOR gives 32
//! option values `v`, and `1 << v` is looked up with a byte shuffle (`1 << (v & 7)`) and placed
//! in one of up to eight byte accumulators by comparing `v >> 3` (values below 16 need no
//! comparison: two shuffles give the two bytes directly). Decision: this is the one place of
//! the engine with `unsafe` code (the intrinsics, behind a run-time feature check); the tests
//! compare it with the portable loop on random inputs.

use super::values::Value;

/// ORs `g[a] ^ g[m - a]` for `lo <= a < hi` into `seen` (a bitset; `lo >= 1`, `hi <= m`, every
/// XOR below `64 * seen.len()`). `xor_bits` bounds the XORs: they are below `2^xor_bits`.
#[inline]
pub fn pairs<V: Value>(g: &[V], m: usize, lo: usize, hi: usize, seen: &mut [u64], xor_bits: u32) {
    if lo >= hi {
        return;
    }
    #[cfg(target_arch = "x86_64")]
    {
        if xor_bits <= 6 && hi - lo >= 64 {
            if let Some(bytes) = V::as_bytes(g) {
                if avx2() {
                    // SAFETY: AVX2 is present (checked at run time); the function reads only
                    // g[lo..hi] and g[m - hi + 1..=m - lo], which the caller's bounds keep in `g`.
                    let found = unsafe { simd::pairs_avx2(bytes, m, lo, hi, xor_bits) };
                    seen[0] |= found;
                    return;
                }
            }
        }
    }
    portable(g, m, lo, hi, seen);
}

/// The plain loop.
#[inline]
pub fn portable<V: Value>(g: &[V], m: usize, lo: usize, hi: usize, seen: &mut [u64]) {
    let left = &g[lo..hi];
    let right = &g[m + 1 - hi..=m - lo];
    for (x, y) in left.iter().zip(right.iter().rev()) {
        let v = x.get() ^ y.get();
        seen[(v >> 6) as usize] |= 1 << (v & 63);
    }
}

/// Sets `present[g[a] ^ g[m - a]] = 1` for `lo <= a < hi` (one plain store per pair: faster
/// than updating bitset words when the values are wide). Give two-byte values a `present` of
/// at least 2^16 bytes for the fast loop.
#[inline]
pub fn pairs_bytes<V: Value>(g: &[V], m: usize, lo: usize, hi: usize, present: &mut [u8]) {
    if lo >= hi {
        return;
    }
    pairs_bytes_in(&g[lo..hi], &g[m + 1 - hi..=m - lo], present);
}

/// [`pairs_bytes`] over the pairs `(left[k], right[len - 1 - k])` of two slices of one length.
#[inline]
pub fn pairs_bytes_in<V: Value>(left: &[V], right: &[V], present: &mut [u8]) {
    assert_eq!(left.len(), right.len());
    if let (Some(left), Some(right), Some(table)) = (
        V::as_words(left),
        V::as_words(right),
        present.get_mut(..1 << 16),
    ) {
        // Two-byte values: a 2^16-byte table takes every XOR without a bounds check.
        let table: &mut [u8; 1 << 16] = table.try_into().expect("2^16 bytes");
        // Sixteen XORs at a time into a small buffer (vectorised), then sixteen plain stores.
        let mut xors = [0u16; 16];
        let (lc, rc) = (left.chunks_exact(16), right.rchunks_exact(16));
        let (l_rest, r_rest) = (lc.remainder(), rc.remainder());
        for (l, r) in lc.zip(rc) {
            for (i, x) in xors.iter_mut().enumerate() {
                *x = l[i] ^ r[15 - i];
            }
            for &x in &xors {
                table[usize::from(x)] = 1;
            }
        }
        for (x, y) in l_rest.iter().zip(r_rest.iter().rev()) {
            table[usize::from(x ^ y)] = 1;
        }
        return;
    }
    for (x, y) in left.iter().zip(right.iter().rev()) {
        present[(x.get() ^ y.get()) as usize] = 1;
    }
}

/// Sets byte `(x ^ src[i]) & mask` of row `i` of `rows` (rows of `stride` bytes) for every
/// `i`: the block step for wide values, one rare position against consecutive partners. The
/// mask (below `stride`) keeps every store in its row, which lets the loop go without bounds
/// checks; it is meant to cover every XOR.
#[inline]
pub fn mark_rows<V: Value>(src: &[V], x: u32, rows: &mut [u8], stride: usize, mask: u32) {
    assert!((mask as usize) < stride && rows.len() >= src.len() * stride);
    let base = rows.as_mut_ptr();
    let mark = |at: usize, s: V| {
        let v = ((x ^ s.get()) & mask) as usize;
        // SAFETY: `at = i * stride` with `i < src.len()`, and `v <= mask < stride`, so the
        // byte lies in row `i`, inside `rows` (asserted above).
        unsafe { *base.add(at + v) = 1 };
    };
    // Four rows a step: fewer loop instructions per store.
    let quads = src.chunks_exact(4);
    let rest = quads.remainder();
    let mut at = 0;
    for q in quads {
        mark(at, q[0]);
        mark(at + stride, q[1]);
        mark(at + 2 * stride, q[2]);
        mark(at + 3 * stride, q[3]);
        at += 4 * stride;
    }
    for &s in rest {
        mark(at, s);
        at += stride;
    }
}

/// Rows in a tile of [`mark_tile`].
pub const TILE: usize = 32;

/// [`mark_rows`] for a whole tile of [`TILE`] rows and many sources: for each `k`, sets byte
/// `(values[k] ^ g[base - rare[k] + i]) & mask` of row `i` for `i < TILE` (rare positions
/// ascending and below `base`).
#[inline]
pub fn mark_tile<V: Value>(
    g: &[V],
    base: usize,
    rare: &[usize],
    values: &[u32],
    rows: &mut [u8],
    stride: usize,
    mask: u32,
) {
    assert!((mask as usize) < stride && rows.len() >= TILE * stride);
    let Some(&least) = rare.first() else {
        return;
    };
    assert!(base > *rare.last().expect("not empty") && base - least + TILE <= g.len());
    #[cfg(target_arch = "x86_64")]
    {
        if rows.len() <= u32::MAX as usize && avx512() {
            if let Some(words) = V::as_words(g) {
                // SAFETY: AVX-512 F and BW are present; the reads are g[base - x..][..TILE]
                // for rare x in least..base (asserted in `g`), every store at
                // `i * stride + v` with `i < TILE`, `v <= mask < stride`, in `rows`.
                unsafe { simd::mark_tile_u16(words, base, rare, values, rows, stride, mask) };
                return;
            }
        }
        if rows.len() <= u32::MAX as usize && avx2() {
            // SAFETY: AVX2 is present; the same reads and stores as above (asserted).
            if let Some(words) = V::as_words(g) {
                let bytes = words_as_bytes(words);
                unsafe {
                    simd::mark_tile_avx2::<true>(bytes, base, rare, values, rows, stride, mask)
                };
                return;
            }
            let narrow = values.iter().all(|&v| v <= u32::from(u8::MAX));
            if let (Some(bytes), true) = (V::as_bytes(g), narrow) {
                unsafe {
                    simd::mark_tile_avx2::<false>(bytes, base, rare, values, rows, stride, mask)
                };
                return;
            }
        }
    }
    for (&x, &v) in rare.iter().zip(values) {
        mark_rows(&g[base - x..base - x + TILE], v, rows, stride, mask);
    }
}

/// ORs into `words` the bits of `bytes` (bit `j` of word `i` is set when byte `64 i + j` is
/// not zero): the rows of the block step packed into bitsets.
#[inline]
pub fn pack_bytes(bytes: &[u8], words: &mut [u64]) {
    assert_eq!(bytes.len(), 64 * words.len());
    #[cfg(target_arch = "x86_64")]
    {
        if avx512() {
            // SAFETY: AVX-512 F and BW are present; the lengths are checked above.
            unsafe { simd::pack_bytes(bytes, words) };
            return;
        }
        if avx2() {
            // SAFETY: AVX2 is present; the lengths are checked above.
            unsafe { simd::pack_bytes_avx2(bytes, words) };
            return;
        }
    }
    pack_bytes_portable(bytes, words);
}

/// The plain loop of [`pack_bytes`].
pub fn pack_bytes_portable(bytes: &[u8], words: &mut [u64]) {
    for (word, bytes) in words.iter_mut().zip(bytes.chunks_exact(64)) {
        *word |= bytes
            .iter()
            .enumerate()
            .fold(0u64, |w, (j, &b)| w | (u64::from(b != 0) << j));
    }
}

/// Values below this bound fit a [`Targets`] set.
pub const TARGET_VALUES: u32 = 1 << 11;

/// A set of values below [`TARGET_VALUES`], one bit each.
pub type Targets = [u64; (TARGET_VALUES / 64) as usize];

/// Strikes from `targets` every `g[a] ^ g[m - a]` for `lo <= a < hi` (XORs at or above
/// [`TARGET_VALUES`] are ignored), stopping once the set is empty. Returns the pairs visited.
#[inline]
pub fn strike<V: Value>(g: &[V], m: usize, lo: usize, hi: usize, targets: &mut Targets) -> usize {
    if lo >= hi {
        return 0;
    }
    #[cfg(target_arch = "x86_64")]
    {
        if hi - lo >= 64 && avx512() {
            if let Some(words) = V::as_words(g) {
                // SAFETY: AVX-512 F and BW are present; the reads stay in g[lo..hi] and
                // g[m-hi+1..=m-lo].
                return unsafe { simd::strike_u16(words, m, lo, hi, targets) };
            }
        }
    }
    strike_portable(g, m, lo, hi, targets)
}

/// [`strike`] for two-byte values with a mirror of them: `mirror[mirror.len() - 1 - k] ==
/// g[k]` for every `k <= m`, so that the partners `g[m - a]` of consecutive `a` are consecutive
/// in the mirror (a plain load instead of a load and a reversing permute). The caller keeps the
/// mirror; the result is [`strike`]'s.
#[inline]
pub fn strike_mirrored(
    g: &[u16],
    mirror: &[u16],
    m: usize,
    lo: usize,
    hi: usize,
    targets: &mut Targets,
) -> usize {
    if lo >= hi {
        return 0;
    }
    // Codes that split without taking (t = 0) have m = n, one past the last value: only
    // g[..=m - lo] is read.
    assert!(lo >= 1 && hi <= m && m - lo < g.len() && m < mirror.len());
    #[cfg(target_arch = "x86_64")]
    {
        if hi - lo >= 64 && avx512() && vbmi2() {
            let narrow = targets[16..].iter().all(|&w| w == 0);
            let y = mirror.len() - 1 - m;
            // SAFETY: AVX-512 F, BW, VL and VBMI2 are present; the reads stay in g[lo..hi]
            // and mirror[y + lo..y + hi] (m < mirror.len(), hi <= m).
            return unsafe {
                if narrow {
                    simd::strike_u16_buffered::<false, true>(g, mirror, y, m, lo, hi, targets)
                } else {
                    simd::strike_u16_buffered::<true, true>(g, mirror, y, m, lo, hi, targets)
                }
            };
        }
    }
    strike(g, m, lo, hi, targets)
}

/// Whether [`strike`] has a fast loop for values of type `V` below `2^bits`.
pub fn strike_is_fast<V: Value>(bits: u32) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        V::BYTES == 2 && bits <= TARGET_VALUES.trailing_zeros() && avx512()
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = bits;
        false
    }
}

/// The plain loop of [`strike`].
pub fn strike_portable<V: Value>(
    g: &[V],
    m: usize,
    lo: usize,
    hi: usize,
    targets: &mut Targets,
) -> usize {
    let mut left = targets.iter().filter(|&&w| w != 0).count();
    for a in lo..hi {
        let v = g[a].get() ^ g[m - a].get();
        if v >= TARGET_VALUES {
            continue;
        }
        let word = &mut targets[(v >> 6) as usize];
        if *word >> (v & 63) & 1 == 1 {
            *word &= !(1 << (v & 63));
            if *word == 0 {
                left -= 1;
                if left == 0 {
                    return a + 1 - lo;
                }
            }
        }
    }
    hi - lo
}

/// The most values [`find`] looks for at once.
pub const TARGETS: usize = 16;

/// Which of `targets` (at most [`TARGETS`]) occur among `g[a] ^ g[m - a]`, `lo <= a < hi`: bit
/// `j` is set when `targets[j]` does; and how many pairs were read (the search stops once
/// every target is found).
#[inline]
pub fn find<V: Value>(g: &[V], m: usize, lo: usize, hi: usize, targets: &[u32]) -> (u32, usize) {
    if lo >= hi {
        return (0, 0);
    }
    find_counted(&g[lo..hi], &g[m + 1 - hi..=m - lo], targets)
}

/// [`find`] over the pairs `(left[k], right[len - 1 - k])` of two slices of one length (the
/// record mode reads the smaller parts from its prefix and the larger from its window).
#[inline]
pub fn find_in<V: Value>(left: &[V], right: &[V], targets: &[u32]) -> u32 {
    find_counted(left, right, targets).0
}

/// [`find_in`], with the pairs read.
#[inline]
pub fn find_counted<V: Value>(left: &[V], right: &[V], targets: &[u32]) -> (u32, usize) {
    debug_assert!(targets.len() <= TARGETS);
    assert_eq!(left.len(), right.len());
    #[cfg(target_arch = "x86_64")]
    {
        if left.len() >= 64 && avx2() {
            if let (Some(l), Some(r)) = (V::as_bytes(left), V::as_bytes(right)) {
                // SAFETY: AVX2 is present; the slices have one length.
                return unsafe { simd::find_avx2::<false>(l, r, targets) };
            }
            if let (Some(l), Some(r)) = (V::as_words(left), V::as_words(right)) {
                // SAFETY: as above.
                let (l, r) = (words_as_bytes(l), words_as_bytes(r));
                return unsafe { simd::find_avx2::<true>(l, r, targets) };
            }
        }
    }
    (find_portable(left, right, targets), left.len())
}

/// Two-byte values as their bytes (little-endian lanes: the SIMD loads read them back).
#[cfg(target_arch = "x86_64")]
fn words_as_bytes(words: &[u16]) -> &[u8] {
    // SAFETY: u8 has alignment 1 and no invalid values; the length is in bytes.
    unsafe { std::slice::from_raw_parts(words.as_ptr() as *const u8, 2 * words.len()) }
}

/// The plain loop of [`find_in`].
pub fn find_portable<V: Value>(left: &[V], right: &[V], targets: &[u32]) -> u32 {
    let mut hits = 0u32;
    for (x, y) in left.iter().zip(right.iter().rev()) {
        let v = x.get() ^ y.get();
        for (j, &t) in targets.iter().enumerate() {
            hits |= u32::from(v == t) << j;
        }
    }
    hits
}

#[cfg(target_arch = "x86_64")]
fn avx2() -> bool {
    use std::sync::OnceLock;
    static AVX2: OnceLock<bool> = OnceLock::new();
    *AVX2.get_or_init(|| std::arch::is_x86_feature_detected!("avx2"))
}

#[cfg(target_arch = "x86_64")]
fn vbmi2() -> bool {
    use std::sync::OnceLock;
    static VBMI2: OnceLock<bool> = OnceLock::new();
    *VBMI2.get_or_init(|| {
        std::arch::is_x86_feature_detected!("avx512vbmi2")
            && std::arch::is_x86_feature_detected!("avx512vl")
            && std::arch::is_x86_feature_detected!("popcnt")
    })
}

#[cfg(target_arch = "x86_64")]
fn avx512() -> bool {
    use std::sync::OnceLock;
    static AVX512: OnceLock<bool> = OnceLock::new();
    *AVX512.get_or_init(|| {
        std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512bw")
    })
}

#[cfg(target_arch = "x86_64")]
mod simd {
    use std::arch::x86_64::*;

    /// Lane indices 31, 30, ..., 0: the permute that reverses 32 two-byte lanes.
    const REVERSE: [u16; 32] = {
        let mut r = [0u16; 32];
        let mut i = 0;
        while i < 32 {
            r[i] = 31 - i as u16;
            i += 1;
        }
        r
    };

    /// [`super::mark_tile`] for two-byte values: the 32 byte offsets `i * stride + v` of a
    /// source are computed in registers (XOR, mask, widen, add the rows' offsets), then each
    /// is one plain byte store (the compiler takes the offsets out lane by lane; a store to a
    /// buffer read back was slower, as the loads wait for the wide store).
    ///
    /// # Safety
    /// AVX-512 F and BW must be available, and the bounds of [`super::mark_tile`] hold.
    #[target_feature(enable = "avx512f,avx512bw")]
    pub unsafe fn mark_tile_u16(
        g: &[u16],
        base: usize,
        rare: &[usize],
        values: &[u32],
        rows: &mut [u8],
        stride: usize,
        mask: u32,
    ) {
        let out = rows.as_mut_ptr();
        let keep = _mm512_set1_epi16(mask as u16 as i16);
        let stride32 = stride as u32;
        let lanes: [u32; 16] = std::array::from_fn(|i| i as u32 * stride32);
        let first = _mm512_loadu_si512(lanes.as_ptr() as *const __m512i);
        let second = _mm512_add_epi32(first, _mm512_set1_epi32((16 * stride32) as i32));
        let mut offsets = [0u32; 32];
        for (&x, &gx) in rare.iter().zip(values) {
            let s = _mm512_loadu_si512(g.as_ptr().add(base - x) as *const __m512i);
            let key = _mm512_set1_epi16(gx as u16 as i16);
            let v = _mm512_and_si512(_mm512_xor_si512(s, key), keep);
            let low = _mm512_cvtepu16_epi32(_mm512_castsi512_si256(v));
            let high = _mm512_cvtepu16_epi32(_mm512_extracti64x4_epi64::<1>(v));
            let p = offsets.as_mut_ptr() as *mut __m512i;
            _mm512_storeu_si512(p, _mm512_add_epi32(low, first));
            _mm512_storeu_si512(p.add(1), _mm512_add_epi32(high, second));
            for &at in &offsets {
                *out.add(at as usize) = 1;
            }
        }
    }

    /// [`super::pack_bytes`]: 64 bytes to 64 bits in one test.
    ///
    /// # Safety
    /// AVX-512 F and BW must be available and `bytes.len() == 64 * words.len()`.
    #[target_feature(enable = "avx512f,avx512bw")]
    pub unsafe fn pack_bytes(bytes: &[u8], words: &mut [u64]) {
        debug_assert_eq!(bytes.len(), 64 * words.len());
        for (i, word) in words.iter_mut().enumerate() {
            let b = _mm512_loadu_si512(bytes.as_ptr().add(64 * i) as *const __m512i);
            *word |= _mm512_test_epi8_mask(b, b);
        }
    }

    /// [`super::pack_bytes`] with AVX2: 64 bytes to 64 bits in two compares with zero.
    ///
    /// # Safety
    /// AVX2 must be available and `bytes.len() == 64 * words.len()`.
    #[target_feature(enable = "avx2")]
    pub unsafe fn pack_bytes_avx2(bytes: &[u8], words: &mut [u64]) {
        debug_assert_eq!(bytes.len(), 64 * words.len());
        let zero = _mm256_setzero_si256();
        for (i, word) in words.iter_mut().enumerate() {
            let p = bytes.as_ptr().add(64 * i) as *const __m256i;
            let low = _mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_loadu_si256(p), zero));
            let high = _mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_loadu_si256(p.add(1)), zero));
            *word |= !(u64::from(low as u32) | u64::from(high as u32) << 32);
        }
    }

    /// The offsets of the rows of a tile, eight lanes at a time: `i * stride` for `i` in
    /// `8 k .. 8 k + 8`.
    #[target_feature(enable = "avx2")]
    unsafe fn row_offsets(stride: usize) -> [__m256i; 4] {
        let s = stride as i32;
        let first = _mm256_setr_epi32(0, s, 2 * s, 3 * s, 4 * s, 5 * s, 6 * s, 7 * s);
        std::array::from_fn(|k| _mm256_add_epi32(first, _mm256_set1_epi32(8 * k as i32 * s)))
    }

    /// Stores a one in `out` at each of the 32 offsets `rows[k] + v[8 k + j]`.
    #[target_feature(enable = "avx2")]
    unsafe fn store_marks(out: *mut u8, widened: [__m256i; 4], rows: &[__m256i; 4]) {
        let mut offsets = [0u32; 32];
        let p = offsets.as_mut_ptr() as *mut __m256i;
        for k in 0..4 {
            _mm256_storeu_si256(p.add(k), _mm256_add_epi32(widened[k], rows[k]));
        }
        for &at in &offsets {
            *out.add(at as usize) = 1;
        }
    }

    /// [`super::mark_tile`] with AVX2 over the table's bytes (`WIDE`: two-byte values): the
    /// 32 offsets `i * stride + v` of a source computed in registers (XOR, mask, widen to 32
    /// bits, add the rows' offsets), then 32 plain byte stores.
    ///
    /// # Safety
    /// AVX2 must be available, the bounds of [`super::mark_tile`] hold (in values, not bytes),
    /// and for one-byte values every `values[k]` is below 256.
    #[target_feature(enable = "avx2")]
    #[allow(clippy::too_many_arguments)]
    pub unsafe fn mark_tile_avx2<const WIDE: bool>(
        g: &[u8],
        base: usize,
        rare: &[usize],
        values: &[u32],
        rows: &mut [u8],
        stride: usize,
        mask: u32,
    ) {
        let out = rows.as_mut_ptr();
        let offsets = row_offsets(stride);
        let (keep, lane) = if WIDE {
            (_mm256_set1_epi16(mask as u16 as i16), 2)
        } else {
            (_mm256_set1_epi8(mask as u8 as i8), 1)
        };
        for (&x, &gx) in rare.iter().zip(values) {
            let p = g.as_ptr().add(lane * (base - x)) as *const __m256i;
            let widened = if WIDE {
                let key = _mm256_set1_epi16(gx as u16 as i16);
                let a = _mm256_and_si256(_mm256_xor_si256(_mm256_loadu_si256(p), key), keep);
                let b = _mm256_and_si256(_mm256_xor_si256(_mm256_loadu_si256(p.add(1)), key), keep);
                [
                    _mm256_cvtepu16_epi32(_mm256_castsi256_si128(a)),
                    _mm256_cvtepu16_epi32(_mm256_extracti128_si256::<1>(a)),
                    _mm256_cvtepu16_epi32(_mm256_castsi256_si128(b)),
                    _mm256_cvtepu16_epi32(_mm256_extracti128_si256::<1>(b)),
                ]
            } else {
                let key = _mm256_set1_epi8(gx as u8 as i8);
                let v = _mm256_and_si256(_mm256_xor_si256(_mm256_loadu_si256(p), key), keep);
                let (low, high) = (_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
                [
                    _mm256_cvtepu8_epi32(low),
                    _mm256_cvtepu8_epi32(_mm_srli_si128::<8>(low)),
                    _mm256_cvtepu8_epi32(high),
                    _mm256_cvtepu8_epi32(_mm_srli_si128::<8>(high)),
                ]
            };
            store_marks(out, widened, &offsets);
        }
    }

    /// Steps of [`strike_u16`] between reloads of its set (Treblecross to 2 x 10^5 in strike
    /// mode, one thread: 1.8 s with 8, 1.5 s with 32; Officers to 10^6, mostly checks: equal).
    const ROUND: usize = 32;
    /// Steps of the first round of [`strike_u16_buffered`] (then doubled up to [`ROUND`]).
    const FIRST_ROUND: usize = 2;

    /// [`super::strike`] for two-byte values, 32 pairs a step. The set is 128 words of 16
    /// bits in four registers; the word of each XOR `v` is picked by two two-table word
    /// permutes (`v >> 4` has seven bits: the sixth chooses the table, the seventh the permute)
    /// and its bit `v & 15` tested. A hit strikes its value in memory at once; the registers
    /// are reloaded (and the set tested for empty) only at the end of a round of [`ROUND`]
    /// steps with a hit, so a value hit again within the round is struck again (harmless), and
    /// games with many hits per scan (Treblecross at small n: hundreds) do not pay a reload,
    /// which waits for the stores, per hit. With AVX-512 VBMI2 the hits are compressed into a
    /// buffer instead, with no branch per step ([`strike_u16_buffered`]).
    ///
    /// # Safety
    /// AVX-512 F and BW must be available, and `1 <= lo < hi <= m` with `m - lo < g.len()`.
    #[target_feature(enable = "avx512f,avx512bw")]
    pub unsafe fn strike_u16(
        g: &[u16],
        m: usize,
        lo: usize,
        hi: usize,
        targets: &mut super::Targets,
    ) -> usize {
        // With no value at or above 1024 in the set (the usual case: values below 2^10), one
        // two-table permute picks the word; the set only shrinks, so this stays true.
        let narrow = targets[16..].iter().all(|&w| w == 0);
        if super::vbmi2() {
            return if narrow {
                strike_u16_buffered::<false, false>(g, g, 0, m, lo, hi, targets)
            } else {
                strike_u16_buffered::<true, false>(g, g, 0, m, lo, hi, targets)
            };
        }
        if narrow {
            strike_u16_in::<false>(g, m, lo, hi, targets)
        } else {
            strike_u16_in::<true>(g, m, lo, hi, targets)
        }
    }

    /// [`strike_u16_in`] without a branch per step: the hit lanes of each step are compressed
    /// into a buffer (AVX-512 VBMI2), which strikes them from the set at the end of each round.
    /// A step with a hit is a random event, so the branch of the other loop mispredicts about
    /// once per hit when hits are many (Treblecross: hundreds per position). The rounds grow
    /// from [`FIRST_ROUND`] steps to [`ROUND`]: at the start of a scan most values of the set
    /// are hit within a few steps, and a long first round would strike each of them many times.
    /// The buffer is not cleared (only what the round wrote is read), and the counts use the
    /// `popcnt` instruction (every processor with AVX-512 has it).
    ///
    /// `MIRRORED`: the partners are read forward from `mirror[y + a..]` (which holds
    /// `g[m - a], g[m - a - 1], ...`) instead of backward from `g` with a reversing permute.
    ///
    /// # Safety
    /// AVX-512 F, BW, VL and VBMI2 must be available, `1 <= lo < hi <= m` with
    /// `m - lo < g.len()`, and when `MIRRORED`, `y + hi <= mirror.len()`.
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi2,popcnt")]
    pub(super) unsafe fn strike_u16_buffered<const WIDE: bool, const MIRRORED: bool>(
        g: &[u16],
        mirror: &[u16],
        y: usize,
        m: usize,
        lo: usize,
        hi: usize,
        targets: &mut super::Targets,
    ) -> usize {
        debug_assert!(lo >= 1 && lo < hi && hi <= m && m - lo < g.len());
        debug_assert!(!MIRRORED || y + hi <= mirror.len());
        let mirror_base = mirror.as_ptr().add(y);
        let load = |targets: &super::Targets| {
            let p = targets.as_ptr() as *const __m512i;
            [
                _mm512_loadu_si512(p),
                _mm512_loadu_si512(p.add(1)),
                _mm512_loadu_si512(p.add(2)),
                _mm512_loadu_si512(p.add(3)),
            ]
        };
        let base = g.as_ptr();
        let reverse = _mm512_loadu_si512(REVERSE.as_ptr() as *const __m512i);
        let low4 = _mm512_set1_epi16(15);
        let high = _mm512_set1_epi16(64);
        let limit = if WIDE {
            super::TARGET_VALUES
        } else {
            super::TARGET_VALUES / 2
        };
        let out = _mm512_set1_epi16(!(limit as i16 - 1));
        let one = _mm512_set1_epi16(1);
        // Room for a round of hits and one whole register stored past them; never read
        // beyond what the round wrote.
        let mut buffer = std::mem::MaybeUninit::<[u16; 32 * (ROUND + 1)]>::uninit();
        let buffer = buffer.as_mut_ptr() as *mut u16;
        let mut set = load(targets);
        // Values in the set: a round also ends once it has as many hits (then it may have
        // found them all, and a check should stop there rather than at the round's end).
        let mut left = targets
            .iter()
            .map(|w| w.count_ones() as usize)
            .sum::<usize>();
        if left == 0 {
            // Nothing to strike (and no round could make progress).
            return 0;
        }
        let mut a = lo;
        let mut round = FIRST_ROUND;
        while a + 32 <= hi {
            let mut filled = 0usize;
            let mut step = 0;
            while step < round && filled < left && a + 32 <= hi {
                let x = _mm512_loadu_si512(base.add(a) as *const __m512i);
                let partners = if MIRRORED {
                    _mm512_loadu_si512(mirror_base.add(a) as *const __m512i)
                } else {
                    let y = _mm512_loadu_si512(base.add(m - a - 31) as *const __m512i);
                    _mm512_permutexvar_epi16(reverse, y)
                };
                let v = _mm512_xor_si512(x, partners);
                let word_index = _mm512_srli_epi16(v, 4);
                let low = _mm512_permutex2var_epi16(set[0], word_index, set[1]);
                let word = if WIDE {
                    let upper = _mm512_permutex2var_epi16(set[2], word_index, set[3]);
                    _mm512_mask_blend_epi16(_mm512_test_epi16_mask(word_index, high), low, upper)
                } else {
                    low
                };
                let bit = _mm512_srlv_epi16(word, _mm512_and_si512(v, low4));
                let hits = _mm512_mask_test_epi16_mask(_mm512_testn_epi16_mask(v, out), bit, one);
                // filled <= 32 * step, so the store stays in the buffer.
                _mm512_storeu_si512(
                    buffer.add(filled) as *mut __m512i,
                    _mm512_maskz_compress_epi16(hits, v),
                );
                filled += hits.count_ones() as usize;
                a += 32;
                step += 1;
            }
            if filled > 0 {
                for i in 0..filled {
                    let v = u32::from(*buffer.add(i));
                    targets[(v >> 6) as usize] &= !(1u64 << (v & 63));
                }
                left = targets
                    .iter()
                    .map(|w| w.count_ones() as usize)
                    .sum::<usize>();
                if left == 0 {
                    return a - lo;
                }
                set = load(targets);
            }
            round = (2 * round).min(ROUND);
        }
        (a - lo) + super::strike_portable(g, m, a, hi, targets)
    }

    /// [`strike_u16`] for a set of values below 2048 (`WIDE`) or below 1024.
    #[target_feature(enable = "avx512f,avx512bw")]
    pub(super) unsafe fn strike_u16_in<const WIDE: bool>(
        g: &[u16],
        m: usize,
        lo: usize,
        hi: usize,
        targets: &mut super::Targets,
    ) -> usize {
        debug_assert!(lo >= 1 && lo < hi && hi <= m && m - lo < g.len());
        let load = |targets: &super::Targets| {
            let p = targets.as_ptr() as *const __m512i;
            [
                _mm512_loadu_si512(p),
                _mm512_loadu_si512(p.add(1)),
                _mm512_loadu_si512(p.add(2)),
                _mm512_loadu_si512(p.add(3)),
            ]
        };
        let base = g.as_ptr();
        let reverse = _mm512_loadu_si512(REVERSE.as_ptr() as *const __m512i);
        let low4 = _mm512_set1_epi16(15);
        let high = _mm512_set1_epi16(64);
        let limit = if WIDE {
            super::TARGET_VALUES
        } else {
            super::TARGET_VALUES / 2
        };
        let out = _mm512_set1_epi16(!(limit as i16 - 1));
        let one = _mm512_set1_epi16(1);
        let mut set = load(targets);
        let mut a = lo;
        let mut stale = false;
        let mut round = 0;
        while a + 32 <= hi {
            if round == ROUND {
                round = 0;
                if stale {
                    stale = false;
                    if targets.iter().all(|&w| w == 0) {
                        return a - lo;
                    }
                    set = load(targets);
                }
            }
            round += 1;
            let x = _mm512_loadu_si512(base.add(a) as *const __m512i);
            // g[m - a - 31 ..= m - a], reversed so that lane i holds g[m - a - i].
            let y = _mm512_loadu_si512(base.add(m - a - 31) as *const __m512i);
            let v = _mm512_xor_si512(x, _mm512_permutexvar_epi16(reverse, y));
            let word_index = _mm512_srli_epi16(v, 4);
            let low = _mm512_permutex2var_epi16(set[0], word_index, set[1]);
            let word = if WIDE {
                let upper = _mm512_permutex2var_epi16(set[2], word_index, set[3]);
                _mm512_mask_blend_epi16(_mm512_test_epi16_mask(word_index, high), low, upper)
            } else {
                low
            };
            let bit = _mm512_srlv_epi16(word, _mm512_and_si512(v, low4));
            // Lanes whose bit is set, among XORs below the set's limit.
            let hits = _mm512_mask_test_epi16_mask(_mm512_testn_epi16_mask(v, out), bit, one);
            if hits != 0 {
                let mut lanes = [0u16; 32];
                _mm512_storeu_si512(lanes.as_mut_ptr() as *mut __m512i, v);
                let mut h = hits;
                while h != 0 {
                    let v = u32::from(lanes[h.trailing_zeros() as usize]);
                    targets[(v >> 6) as usize] &= !(1u64 << (v & 63));
                    h &= h - 1;
                }
                stale = true;
            }
            a += 32;
        }
        (a - lo) + super::strike_portable(g, m, a, hi, targets)
    }

    /// Pairs read between looks at which targets are found.
    const ROUND_PAIRS: usize = 256;

    /// [`super::find_counted`] over bytes (`WIDE`: two-byte lanes), 32 bytes a step: a round
    /// of [`ROUND_PAIRS`] pairs compares every XOR with each target still wanted (at most
    /// [`super::TARGETS`]; kept in registers, the count rounded up to 4, 8 or 16), then the
    /// targets found leave the list and the search ends when none is left.
    ///
    /// # Safety
    /// AVX2 must be available, and the slices must have one length (even when `WIDE`).
    #[target_feature(enable = "avx2")]
    pub unsafe fn find_avx2<const WIDE: bool>(
        left: &[u8],
        right: &[u8],
        targets: &[u32],
    ) -> (u32, usize) {
        debug_assert_eq!(left.len(), right.len());
        let lane = if WIDE { 2 } else { 1 };
        let (xs, ys, len) = (left.as_ptr(), right.as_ptr(), left.len());
        // The targets still wanted (those wider than a lane never occur) and their bits.
        let bits = 8 * lane as u32;
        let mut wanted = [0u32; super::TARGETS];
        let mut index = [0u8; super::TARGETS];
        let mut count = 0;
        for (j, &t) in targets.iter().enumerate() {
            if t >> bits == 0 {
                (wanted[count], index[count]) = (t, j as u8);
                count += 1;
            }
        }
        let mut hits = 0u32;
        let mut k = 0;
        while count > 0 && k + 32 <= len {
            let end = len.min(k + ROUND_PAIRS * lane) / 32 * 32;
            let found = match count {
                1..=4 => round::<WIDE, 4>(xs, ys, len, k, end, &wanted, count),
                5..=8 => round::<WIDE, 8>(xs, ys, len, k, end, &wanted, count),
                _ => round::<WIDE, 16>(xs, ys, len, k, end, &wanted, count),
            };
            k = end;
            if found != 0 {
                let mut kept = 0;
                for j in 0..count {
                    if found >> j & 1 == 1 {
                        hits |= 1 << index[j];
                    } else {
                        (wanted[kept], index[kept]) = (wanted[j], index[j]);
                        kept += 1;
                    }
                }
                count = kept;
            }
        }
        if count == 0 {
            return (hits, k / lane);
        }
        // The last pairs (fewer than a step) one at a time.
        let pair = |i: usize| -> u32 {
            let (x, y) = if WIDE {
                let x = u16::from_le_bytes([left[2 * i], left[2 * i + 1]]);
                let y = len / 2 - 1 - i;
                (
                    u32::from(x),
                    u32::from(u16::from_le_bytes([right[2 * y], right[2 * y + 1]])),
                )
            } else {
                (u32::from(left[i]), u32::from(right[len - 1 - i]))
            };
            x ^ y
        };
        for i in k / lane..len / lane {
            let v = pair(i);
            for j in 0..count {
                if wanted[j] == v {
                    hits |= 1 << index[j];
                }
            }
        }
        (hits, len / lane)
    }

    /// One round of [`find_avx2`] over bytes `k..end` of the left slice (and the mirrored bytes
    /// of the right one) with `N` accumulators for the first `count <= N` wanted targets:
    /// bit `j` of the result is set when `wanted[j]` occurs.
    #[target_feature(enable = "avx2")]
    #[allow(clippy::too_many_arguments)]
    unsafe fn round<const WIDE: bool, const N: usize>(
        xs: *const u8,
        ys: *const u8,
        len: usize,
        mut k: usize,
        end: usize,
        wanted: &[u32; super::TARGETS],
        count: usize,
    ) -> u32 {
        // Reverses the lanes of each 128-bit half (two-byte lanes keep their byte order).
        let reverse = if WIDE {
            _mm256_setr_epi8(
                14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1, 14, 15, 12, 13, 10, 11, 8, 9,
                6, 7, 4, 5, 2, 3, 0, 1,
            )
        } else {
            _mm256_setr_epi8(
                15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8,
                7, 6, 5, 4, 3, 2, 1, 0,
            )
        };
        // Unused accumulators look for the first target again (their hits are dropped).
        let want: [__m256i; N] = std::array::from_fn(|j| {
            let t = wanted[if j < count { j } else { 0 }];
            if WIDE {
                _mm256_set1_epi16(t as u16 as i16)
            } else {
                _mm256_set1_epi8(t as u8 as i8)
            }
        });
        let mut acc = [_mm256_setzero_si256(); N];
        while k < end {
            let x = _mm256_loadu_si256(xs.add(k) as *const __m256i);
            let y = _mm256_loadu_si256(ys.add(len - k - 32) as *const __m256i);
            let y = _mm256_permute4x64_epi64(_mm256_shuffle_epi8(y, reverse), 0b01_00_11_10);
            let v = _mm256_xor_si256(x, y);
            for j in 0..N {
                let eq = if WIDE {
                    _mm256_cmpeq_epi16(v, want[j])
                } else {
                    _mm256_cmpeq_epi8(v, want[j])
                };
                acc[j] = _mm256_or_si256(acc[j], eq);
            }
            k += 32;
        }
        let mut found = 0u32;
        for (j, acc) in acc.iter().enumerate().take(count) {
            if _mm256_testz_si256(*acc, *acc) == 0 {
                found |= 1 << j;
            }
        }
        found
    }

    /// The bits `1 << (g[a] ^ g[m - a])` for `lo <= a < hi`, all XORs below `2^xor_bits <= 64`.
    ///
    /// # Safety
    /// AVX2 must be available, and `1 <= lo < hi <= m` with `m - lo < g.len()`.
    #[target_feature(enable = "avx2")]
    pub unsafe fn pairs_avx2(g: &[u8], m: usize, lo: usize, hi: usize, xor_bits: u32) -> u64 {
        debug_assert!(lo >= 1 && lo < hi && hi <= m && m - lo < g.len());
        let groups = match xor_bits {
            0..=3 => 1,
            4 => 2,
            5 => 4,
            _ => 8,
        };
        let base = g.as_ptr();
        // Byte i of `reverse` picks byte 15 - i within each 128-bit half.
        let reverse = _mm256_setr_epi8(
            15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8, 7,
            6, 5, 4, 3, 2, 1, 0,
        );
        // 1 << (v & 7) for v < 8, and for v in 8..16 the same bit of the next byte.
        let low_bits = _mm256_setr_epi8(
            1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, -128, 0,
            0, 0, 0, 0, 0, 0, 0,
        );
        let high_bits = _mm256_setr_epi8(
            0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4,
            8, 16, 32, 64, -128,
        );
        let seven = _mm256_set1_epi8(7);
        let mut acc = [_mm256_setzero_si256(); 8];
        let mut a = lo;
        while a + 32 <= hi {
            let x = _mm256_loadu_si256(base.add(a) as *const __m256i);
            // g[m - a - 31 ..= m - a], reversed so that lane i holds g[m - a - i].
            let y = _mm256_loadu_si256(base.add(m - a - 31) as *const __m256i);
            let y = _mm256_permute4x64_epi64(_mm256_shuffle_epi8(y, reverse), 0b01_00_11_10);
            let v = _mm256_xor_si256(x, y);
            if groups <= 2 {
                acc[0] = _mm256_or_si256(acc[0], _mm256_shuffle_epi8(low_bits, v));
                acc[1] = _mm256_or_si256(acc[1], _mm256_shuffle_epi8(high_bits, v));
            } else {
                let bit = _mm256_shuffle_epi8(low_bits, _mm256_and_si256(v, seven));
                let group = _mm256_and_si256(_mm256_srli_epi16(v, 3), seven);
                for (k, acc) in acc.iter_mut().enumerate().take(groups) {
                    let here = _mm256_cmpeq_epi8(group, _mm256_set1_epi8(k as i8));
                    *acc = _mm256_or_si256(*acc, _mm256_and_si256(bit, here));
                }
            }
            a += 32;
        }
        let mut found = 0u64;
        for (k, acc) in acc.iter().enumerate().take(groups.max(2)) {
            let mut bytes = [0u8; 32];
            _mm256_storeu_si256(bytes.as_mut_ptr() as *mut __m256i, *acc);
            let byte = bytes.iter().fold(0u8, |x, &b| x | b);
            found |= u64::from(byte) << (8 * k);
        }
        while a < hi {
            found |= 1u64 << (g[a] ^ g[m - a]);
            a += 1;
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The target search agrees with the plain loop, for both widths.
        #[test]
        fn find_agrees_with_the_plain_loop(
            values in prop::collection::vec(0u16..300, 200..3000),
            targets in prop::collection::vec(0u32..300, 1..=TARGETS),
            lo in 1usize..40,
            span in 0usize..1500,
        ) {
            let m = values.len() - 1;
            let hi = (lo + span).min(m / 2 + 1).max(lo);
            let plain_to = |g: &[u16], hi: usize| -> u32 {
                // The definition: bit j when some pair gives targets[j].
                let mut hits = 0;
                for a in lo..hi {
                    let v = u32::from(g[a] ^ g[m - a]);
                    for (j, &t) in targets.iter().enumerate() {
                        if v == t {
                            hits |= 1 << j;
                        }
                    }
                }
                hits
            };
            // The targets a width can give (one-byte XORs are below 256).
            let possible = |limit: u32| -> u32 {
                targets.iter().enumerate().filter(|&(_, &t)| t < limit).map(|(j, _)| 1 << j).sum()
            };
            let bytes: Vec<u8> = values.iter().map(|&v| v as u8).collect();
            // Targets above 255 never occur among one-byte XORs.
            let widened: Vec<u16> = bytes.iter().map(|&v| u16::from(v)).collect();
            for (hits, read, g, all) in [
                {
                    let (hits, read) = find(&values, m, lo, hi, &targets);
                    (hits, read, &values, possible(1 << 16))
                },
                {
                    let (hits, read) = find(&bytes, m, lo, hi, &targets);
                    (hits, read, &widened, possible(1 << 8))
                },
            ] {
                prop_assert_eq!(hits, plain_to(g, hi));
                // It stops only once every target is found, and the pairs it read hold them.
                prop_assert!(read <= hi - lo);
                prop_assert!(hits == all || read == hi - lo);
                prop_assert_eq!(plain_to(g, lo + read), hits);
            }
        }

        /// The fast strike leaves the same set as the plain loop: sets with values above 1024
        /// and below only, few and many targets (many hits, rounds that reload the set), short
        /// and long ranges.
        #[test]
        fn strike_agrees_with_the_plain_loop(
            values in prop::collection::vec(0u16..2200, 200..2800),
            wanted in prop::collection::vec(0u32..TARGET_VALUES, 0..400),
            narrow in any::<bool>(),
            lo in 1usize..40,
            span in 0usize..1400,
        ) {
            let (values, wanted): (Vec<u16>, Vec<u32>) = if narrow {
                (values.iter().map(|v| v & 1023).collect(), wanted.iter().map(|v| v & 1023).collect())
            } else {
                (values, wanted)
            };
            let m = values.len() - 1;
            let hi = (lo + span).min(m / 2 + 1).max(lo);
            let mut targets: Targets = [0; 32];
            for &v in &wanted {
                targets[(v / 64) as usize] |= 1 << (v % 64);
            }
            let mut plain = targets;
            let mut fast = targets;
            strike_portable(&values, m, lo, hi, &mut plain);
            strike(&values, m, lo, hi, &mut fast);
            prop_assert_eq!(fast, plain);
            // The loop with a branch per step (used without AVX-512 VBMI2), both widths.
            #[cfg(target_arch = "x86_64")]
            if avx512() && hi > lo {
                let (mut narrow_set, mut wide_set) = (targets, targets);
                // SAFETY: AVX-512 F and BW are present; 1 <= lo < hi <= m, m < values.len().
                unsafe {
                    simd::strike_u16_in::<true>(&values, m, lo, hi, &mut wide_set);
                    if targets[16..].iter().all(|&w| w == 0) {
                        simd::strike_u16_in::<false>(&values, m, lo, hi, &mut narrow_set);
                        prop_assert_eq!(narrow_set, plain);
                    }
                }
                prop_assert_eq!(wide_set, plain);
            }
            // The plain loop strikes exactly the values the pairs give.
            let mut expected = targets;
            for a in lo..hi {
                let v = u32::from(values[a] ^ values[m - a]);
                if v < TARGET_VALUES {
                    expected[(v / 64) as usize] &= !(1 << (v % 64));
                }
            }
            prop_assert_eq!(plain, expected);
        }

        /// The strike reading the partners from a mirror agrees with the plain loop.
        #[test]
        fn mirrored_strike_agrees_with_the_plain_loop(
            values in prop::collection::vec(0u16..2200, 200..2800),
            wanted in prop::collection::vec(0u32..TARGET_VALUES, 0..400),
            narrow in any::<bool>(),
            lo in 1usize..40,
            span in 0usize..1400,
            spare in 1usize..100,
            past in any::<bool>(),
        ) {
            let (values, wanted): (Vec<u16>, Vec<u32>) = if narrow {
                (values.iter().map(|v| v & 1023).collect(), wanted.iter().map(|v| v & 1023).collect())
            } else {
                (values, wanted)
            };
            // `past`: m one past the last value, as for a split that takes nothing.
            let m = values.len() - usize::from(!past);
            let hi = (lo + span).min(m / 2 + 1).max(lo);
            let mut targets: Targets = [0; 32];
            for &v in &wanted {
                targets[(v / 64) as usize] |= 1 << (v % 64);
            }
            // mirror[len - 1 - k] = values[k], with `spare` unused entries in front.
            let len = values.len() + spare;
            let mut mirror = vec![0u16; len];
            for (k, &v) in values.iter().enumerate() {
                mirror[len - 1 - k] = v;
            }
            let mut plain = targets;
            let mut fast = targets;
            let visited = strike_portable(&values, m, lo, hi, &mut plain);
            let fast_visited = strike_mirrored(&values, &mirror, m, lo, hi, &mut fast);
            prop_assert_eq!(fast, plain);
            prop_assert!(fast_visited <= hi - lo && (plain.iter().any(|&w| w != 0) || visited <= hi - lo));
        }

        /// The tile kernel sets exactly the bytes the definition gives (and so agrees with
        /// the plain loop, which is checked against the same definition).
        #[test]
        fn tile_marks_agree_with_the_definition(
            values in prop::collection::vec(0u16..2048, 600..900),
            rare in prop::collection::btree_set(1usize..500, 0..60),
            extra in 0usize..40,
            bits in 1u32..=11,
        ) {
            let rare: Vec<usize> = rare.into_iter().collect();
            let mask = (1u32 << bits) - 1;
            let stride = 64 * ((mask as usize + 1).div_ceil(64) + 1);
            let base = 500 + extra;
            let gx: Vec<u32> = rare.iter().map(|&x| u32::from(values[x])).collect();
            let mut fast = vec![0u8; TILE * stride];
            mark_tile(&values, base, &rare, &gx, &mut fast, stride, mask);
            let mut plain = vec![0u8; TILE * stride];
            for (&x, &v) in rare.iter().zip(&gx) {
                mark_rows(&values[base - x..base - x + TILE], v, &mut plain, stride, mask);
            }
            let mut expected = vec![0u8; TILE * stride];
            for (&x, &v) in rare.iter().zip(&gx) {
                for i in 0..TILE {
                    let value = (v ^ u32::from(values[base - x + i])) & mask;
                    expected[i * stride + value as usize] = 1;
                }
            }
            prop_assert_eq!(&fast, &expected);
            prop_assert_eq!(&plain, &expected);
            // The AVX2 twin too, where the dispatch above took AVX-512.
            #[cfg(target_arch = "x86_64")]
            if avx2() {
                let mut twin = vec![0u8; TILE * stride];
                // SAFETY: AVX2 is present; the bounds of `mark_tile` hold (it ran above).
                unsafe {
                    let bytes = words_as_bytes(&values);
                    simd::mark_tile_avx2::<true>(bytes, base, &rare, &gx, &mut twin, stride, mask)
                };
                prop_assert_eq!(&twin, &expected);
            }
        }

        /// The tile kernel for one-byte values sets exactly the bytes the definition gives.
        #[test]
        fn narrow_tile_marks_agree_with_the_definition(
            values in prop::collection::vec(any::<u8>(), 600..900),
            rare in prop::collection::btree_set(1usize..500, 0..60),
            extra in 0usize..40,
            bits in 1u32..=8,
        ) {
            let rare: Vec<usize> = rare.into_iter().collect();
            let mask = (1u32 << bits) - 1;
            let stride = 64 * ((mask as usize + 1).div_ceil(64) + 1);
            let base = 500 + extra;
            let gx: Vec<u32> = rare.iter().map(|&x| u32::from(values[x])).collect();
            let mut fast = vec![0u8; TILE * stride];
            mark_tile(&values, base, &rare, &gx, &mut fast, stride, mask);
            let mut expected = vec![0u8; TILE * stride];
            for (&x, &v) in rare.iter().zip(&gx) {
                for i in 0..TILE {
                    let value = (v ^ u32::from(values[base - x + i])) & mask;
                    expected[i * stride + value as usize] = 1;
                }
            }
            prop_assert_eq!(&fast, &expected);
        }

        /// Packing bytes into bits agrees with the plain loop and with the definition.
        #[test]
        fn packed_bytes_agree_with_the_plain_loop(
            bytes in prop::collection::vec(prop_oneof![Just(0u8), any::<u8>()], 64..=64 * 20),
            start in any::<u64>(),
        ) {
            let bytes = &bytes[..bytes.len() / 64 * 64];
            let words = bytes.len() / 64;
            let mut fast = vec![start; words];
            pack_bytes(bytes, &mut fast);
            let mut plain = vec![start; words];
            pack_bytes_portable(bytes, &mut plain);
            prop_assert_eq!(&fast, &plain);
            #[cfg(target_arch = "x86_64")]
            if avx2() {
                let mut twin = vec![start; words];
                // SAFETY: AVX2 is present; the lengths agree.
                unsafe { simd::pack_bytes_avx2(bytes, &mut twin) };
                prop_assert_eq!(&twin, &plain);
            }
            for (i, b) in bytes.iter().enumerate() {
                prop_assert_eq!(plain[i / 64] >> (i % 64) & 1 == 1, *b != 0 || start >> (i % 64) & 1 == 1);
            }
        }

        /// The byte kernel marks the same values as the plain loop.
        #[test]
        fn bytes_agree_with_the_plain_loop(
            values in prop::collection::vec(0u16..3000, 200..600),
            lo in 1usize..40,
            span in 0usize..250,
        ) {
            let m = values.len() - 1;
            let hi = (lo + span).min(m / 2 + 1).max(lo);
            let mut present = vec![0u8; 1 << 16];
            pairs_bytes(&values, m, lo, hi, &mut present);
            let mut plain = [0u64; 64];
            portable(&values, m, lo, hi, &mut plain);
            for v in 0..4096usize {
                prop_assert_eq!(present[v] == 1, plain[v / 64] >> (v % 64) & 1 == 1, "v = {}", v);
            }
        }

        /// The fast path and the plain loop find the same set.
        #[test]
        fn fast_and_portable_agree(
            values in prop::collection::vec(0u8..64, 200..600),
            bits in 1u32..=6,
            lo in 1usize..40,
            span in 0usize..250,
        ) {
            let g: Vec<u8> = values.iter().map(|v| v & ((1u8 << bits) - 1)).collect();
            let m = g.len() - 1;
            let hi = (lo + span).min(m / 2 + 1).max(lo);
            let mut fast = [0u64; 2];
            pairs(&g, m, lo, hi, &mut fast, bits);
            let mut plain = [0u64; 2];
            portable(&g, m, lo, hi, &mut plain);
            prop_assert_eq!(fast, plain);
        }
    }
}
