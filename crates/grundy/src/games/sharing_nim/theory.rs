//! The closed forms of N. B. Ho, *Three-pile Sharing Nim and the quadratic time winning strategy*
//! (cited below as "Ho"), for three piles, each with its brute-force twin in the tests and a
//! `grundy verify` claim (listed with its check in `claims.rs`).
//!
//! By Lemma 1 a three-pile position `(x, y, z)` is `(0, a, b)` with `a = mid - min`,
//! `b = max - min`. Then:
//!
//! - **Theorem 2** ([`is_p_position`]): the P-positions are `(0, 0, 0)`, `(0, 0, d)` and
//!   `(0, d, d)` with `d = 2^{2k}(2l + 1)`: two piles equal and the third differing from them by
//!   a number whose power of two is even.
//! - **Remarks 4–6** ([`winning_move`]): from an N-position a winning move equalises two piles.
//!   Following the proof of Theorem 2, it always moves tokens from the largest pile to the
//!   smallest: with `lo = mid - min`, `hi = max - mid` and `d = |hi - lo|`, either the pile
//!   nearer to the middle one is made equal to it (when `d` has an even power of two, or
//!   `d = 0`), or the smallest and largest meet half way (odd power of two). The test costs
//!   divisions by 4, so the move is found in time quadratic in the number of digits (Remark 6)
//!   — here, linear with a trailing-zeros count. It works for `u64` and, through [`Pile`], for
//!   [`BigUint`] piles of any size.
//! - **Theorem 4** ([`is_one_position`]): the 1-positions are `(0, 0, 4k + 2)`,
//!   `(0, 4k + 2, 4k + 2)`, `(0, 2, 4k + 1)` (`k >= 0`; `k = 0` is `(0, 1, 2)` once sorted) and
//!   `(0, 4l - 1, 4l + 1)` (`l >= 1`). Brute force confirms it with `(0, 1, 2)` included (its
//!   value is 1); Section 6's "except for the position (0, 1, 2)" refers to that one position
//!   lying off the rows 0 and 2.
//! - **Proposition 1** ([`p_positions_with_tokens`]): `floor(n / 3)` P-positions have exactly
//!   `n` tokens *in three non-empty piles* (the proof counts smallest piles `1..=n/3`); with
//!   empty piles allowed there is one more, `(0, 0, n)` or `(0, n/2, n/2)`.
//! - **Proposition 2** ([`proposition2`]): for `n >= 3`, `(0, 0, n)` is a P-position when `n` is
//!   odd or `n mod 32` is in `{4, 12, 16, 20, 28}`, an N-position when `n mod 32` is in
//!   `{2, 6, 8, 10, 14, 18, 22, 24, 26, 30}`; `n mod 32 = 0` is where periodicity dies
//!   (Theorem 3).
//! - Two piles (not in the paper): `G(a, b) = floor(|a - b| / 2)` ([`two_pile_value`]), since
//!   the only moves take `k <= d / 2` from the larger pile, lowering `d = |a - b|` by `2k`.

use num_bigint::BigUint;

/// Pile sizes the closed forms work on: `u64` and [`BigUint`].
pub trait Pile: Clone + Ord + std::fmt::Display {
    /// The pile size `v`.
    fn from_u64(v: u64) -> Self;
    /// Whether the pile is empty.
    fn is_zero(&self) -> bool;
    /// `self - other`, for `self >= other`.
    fn minus(&self, other: &Self) -> Self;
    /// `self + other` (only used where the sum is at most an existing pile).
    fn plus(&self, other: &Self) -> Self;
    /// `floor(self / 2)`.
    fn half(&self) -> Self;
    /// The exponent of 2 in a non-zero `self`.
    fn twos(&self) -> u64;
    /// `self mod 4`.
    fn rem4(&self) -> u8;
}

impl Pile for u64 {
    fn from_u64(v: u64) -> Self {
        v
    }
    fn is_zero(&self) -> bool {
        *self == 0
    }
    fn minus(&self, other: &Self) -> Self {
        self - other
    }
    fn plus(&self, other: &Self) -> Self {
        self + other
    }
    fn half(&self) -> Self {
        self / 2
    }
    fn twos(&self) -> u64 {
        u64::from(self.trailing_zeros())
    }
    fn rem4(&self) -> u8 {
        (self % 4) as u8
    }
}

impl Pile for BigUint {
    fn from_u64(v: u64) -> Self {
        BigUint::from(v)
    }
    fn is_zero(&self) -> bool {
        num_traits::Zero::is_zero(self)
    }
    fn minus(&self, other: &Self) -> Self {
        self - other
    }
    fn plus(&self, other: &Self) -> Self {
        self + other
    }
    fn half(&self) -> Self {
        self >> 1u32
    }
    fn twos(&self) -> u64 {
        self.trailing_zeros().unwrap_or(0)
    }
    fn rem4(&self) -> u8 {
        (self.iter_u64_digits().next().unwrap_or(0) % 4) as u8
    }
}

/// The indices of the piles from smallest to largest (ties by index).
fn order<T: Pile>(piles: &[T; 3]) -> [usize; 3] {
    let mut idx = [0, 1, 2];
    idx.sort_by(|&i, &j| piles[i].cmp(&piles[j]));
    idx
}

/// Whether `d > 0` is `2^{2k}(2l + 1)`: an even power of two.
fn even_twos<T: Pile>(d: &T) -> bool {
    d.twos().is_multiple_of(2)
}

/// Theorem 2 (Ho): whether a three-pile position is a P-position.
///
/// ```
/// use grundy::games::sharing_nim::theory::is_p_position;
/// assert!(is_p_position(&[3u64, 3, 4]));   // 4 - 3 = 1 = 4^0 * 1
/// assert!(!is_p_position(&[0u64, 2, 2]));  // 2 = 2 * 1: an odd power of two
/// assert!(is_p_position(&[5u64, 21, 21])); // 16 = 4^2 * 1
/// ```
pub fn is_p_position<T: Pile>(piles: &[T; 3]) -> bool {
    let [s, m, l] = order(piles).map(|i| &piles[i]);
    let d = if s == m {
        l.minus(s)
    } else if m == l {
        m.minus(s)
    } else {
        return false;
    };
    d.is_zero() || even_twos(&d)
}

/// Theorem 4 (Ho): whether a three-pile position has value 1.
///
/// ```
/// use grundy::games::sharing_nim::theory::is_one_position;
/// assert!(is_one_position(&[0u64, 0, 6]));
/// assert!(is_one_position(&[4u64, 5, 6])); // (0, 1, 2)
/// assert!(is_one_position(&[1u64, 4, 6])); // (0, 3, 5)
/// assert!(!is_one_position(&[0u64, 0, 4]));
/// ```
pub fn is_one_position<T: Pile>(piles: &[T; 3]) -> bool {
    let [s, m, l] = order(piles).map(|i| &piles[i]);
    let (a, b) = (m.minus(s), l.minus(s));
    let small = |v: u64| T::from_u64(v);
    (a.is_zero() && b.rem4() == 2)
        || (a == b && b.rem4() == 2)
        || (a == small(1) && b == small(2))
        || (a == small(2) && b.rem4() == 1)
        || (a.rem4() == 3 && b.minus(&a) == small(2))
}

/// Which two piles a winning move makes equal (Remark 5), by their sizes before the move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Equalized {
    /// All three piles end equal (from `(0, a, 2a)`): no move is left.
    AllThree,
    /// The smallest pile grows to the middle one.
    SmallestWithMiddle,
    /// The largest pile shrinks to the middle one.
    LargestWithMiddle,
    /// The smallest and the largest meet half way.
    SmallestWithLargest,
}

/// A winning move: `amount` tokens from pile `from` to pile `to` (0-based), reaching `result`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WinningMove<T> {
    /// The pile tokens leave (the largest).
    pub from: usize,
    /// The pile tokens join (the smallest).
    pub to: usize,
    /// How many tokens move.
    pub amount: T,
    /// The position after the move, piles in their original places.
    pub result: [T; 3],
    /// Which piles end equal.
    pub equalized: Equalized,
}

/// Remarks 4–6 (Ho), from the proof of Theorem 2: a winning move of a three-pile position, or
/// `None` for a P-position. See the module documentation for the rule.
///
/// ```
/// use grundy::games::sharing_nim::theory::{winning_move, Equalized};
/// // (3, 8, 20): lo = 5, hi = 12, d = 7 (odd: an even power of two), so the smallest pile
/// // grows to the middle one: 5 tokens from pile 3 to pile 1 give (8, 8, 15), a P-position.
/// let m = winning_move(&[3u64, 8, 20]).unwrap();
/// assert_eq!((m.from, m.to, m.amount, m.result), (2, 0, 5, [8, 8, 15]));
/// assert_eq!(m.equalized, Equalized::SmallestWithMiddle);
/// ```
pub fn winning_move<T: Pile>(piles: &[T; 3]) -> Option<WinningMove<T>> {
    if is_p_position(piles) {
        return None;
    }
    let [si, mi, li] = order(piles);
    let (s, m, l) = (&piles[si], &piles[mi], &piles[li]);
    let (lo, hi) = (m.minus(s), l.minus(m));
    let (amount, equalized) = if lo <= hi {
        let d = hi.minus(&lo);
        if d.is_zero() {
            (lo, Equalized::AllThree)
        } else if even_twos(&d) {
            (lo, Equalized::SmallestWithMiddle)
        } else {
            (lo.plus(&d.half()), Equalized::SmallestWithLargest)
        }
    } else {
        let d = lo.minus(&hi);
        if even_twos(&d) {
            (hi, Equalized::LargestWithMiddle)
        } else {
            (lo.plus(&hi).half(), Equalized::SmallestWithLargest)
        }
    };
    let mut result = piles.clone();
    result[li] = l.minus(&amount);
    result[si] = s.plus(&amount);
    Some(WinningMove {
        from: li,
        to: si,
        amount,
        result,
        equalized,
    })
}

/// `d = 4^t * q` with `q` not divisible by 4 (Remark 4's repeated division by 4).
fn divide_by_four<T: Pile>(d: &T) -> (u64, String) {
    let t = d.twos() / 2;
    let mut q = d.clone();
    for _ in 0..2 * t {
        q = q.half();
    }
    (t, q.to_string())
}

/// The move from `position` to `to`, explained in the words of Remarks 4 and 5 when it is a
/// legal move to a P-position; `None` otherwise. Piles are numbered from 1.
pub fn explain(position: &[u64; 3], to: &[u64; 3]) -> Option<String> {
    let (from, onto, k) = single_move(position, to)?;
    if !is_p_position(to) {
        return None;
    }
    let show = |p: &[u64; 3]| format!("{},{},{}", p[0], p[1], p[2]);
    let moved = format!(
        "moving {k} token{} from pile {} to pile {}",
        if k == 1 { "" } else { "s" },
        from + 1,
        onto + 1
    );
    if to[0] == to[1] && to[1] == to[2] {
        return Some(format!(
            "Remark 5: equalize all three piles, {moved}: {} has no move left, so the opponent loses",
            show(to)
        ));
    }
    let (x, y, z) = if to[0] == to[1] {
        (0, 1, 2)
    } else if to[0] == to[2] {
        (0, 2, 1)
    } else {
        (1, 2, 0)
    };
    let d = to[x].abs_diff(to[z]);
    let (t, q) = divide_by_four(&d);
    Some(format!(
        "Remark 5: equalize piles {} and {}, {moved}, giving {}. Remark 4: the equal piles ({}) and pile {} ({}) differ by {d} = 4^{t} x {q}, and {q} is odd, so {} is a P-position (Theorem 2): every reply leaves a position from which you can equalize again",
        x + 1,
        y + 1,
        show(to),
        to[x],
        z + 1,
        to[z],
        show(to)
    ))
}

/// If `to` is one legal move from `from`: (giving pile, receiving pile, tokens).
fn single_move(from: &[u64; 3], to: &[u64; 3]) -> Option<(usize, usize, u64)> {
    let giver = (0..3).find(|&i| to[i] < from[i])?;
    let taker = (0..3).find(|&j| to[j] > from[j])?;
    let k = from[giver] - to[giver];
    let third = 3 - giver - taker;
    let legal = to[taker] - from[taker] == k
        && to[third] == from[third]
        && from[taker].checked_add(k)? <= from[giver] - k;
    legal.then_some((giver, taker, k))
}

/// Two-pile Sharing Nim: `G(a, b) = floor(|a - b| / 2)` (a Nim heap).
pub fn two_pile_value(a: u64, b: u64) -> u64 {
    a.abs_diff(b) / 2
}

/// Proposition 1 (Ho): the number of P-positions with exactly `n` tokens in three non-empty
/// piles, `floor(n / 3)`.
pub fn p_positions_with_tokens(n: u64) -> u64 {
    n / 3
}

/// The P-positions `x <= y <= z` with `x + y + z = n` (and `x >= 1` when `nonempty`), counted
/// by trying every position against `is_p` (the brute-force side of Proposition 1).
pub fn count_p_positions(n: u64, nonempty: bool, mut is_p: impl FnMut(&[u64; 3]) -> bool) -> u64 {
    let mut count = 0;
    for x in u64::from(nonempty)..=n / 3 {
        for y in x..=(n - x) / 2 {
            if is_p(&[x, y, n - x - y]) {
                count += 1;
            }
        }
    }
    count
}

/// Proposition 2 (Ho): for `n >= 3`, `Some(true)` if `(0, 0, n)` is a P-position by the rule of
/// `n` odd or `n mod 32` in `{4, 12, 16, 20, 28}`, `Some(false)` if `n mod 32` is in
/// `{2, 6, 8, 10, 14, 18, 22, 24, 26, 30}`, `None` when `n < 3` or `n mod 32 = 0`.
pub fn proposition2(n: u64) -> Option<bool> {
    if n < 3 {
        return None;
    }
    match n % 32 {
        r if r % 2 == 1 => Some(true),
        4 | 12 | 16 | 20 | 28 => Some(true),
        2 | 6 | 8 | 10 | 14 | 18 | 22 | 24 | 26 | 30 => Some(false),
        _ => None,
    }
}

/// Section 6 (Ho): the 2-positions `(0, a, b)`, `a <= b/2`, for `a = 0, 1, 2, 3`, `b <= 300`.
pub const PAPER_TWO_POSITIONS: [&[u64]; 4] = [
    &[32, 72, 104, 120, 128, 136, 200, 216, 232, 248, 288],
    &[
        3, 13, 17, 18, 23, 29, 33, 38, 39, 40, 46, 48, 53, 55, 57, 61, 62, 68, 70, 80, 85, 86, 87,
        91, 95, 96, 100, 101, 102, 109, 110, 116, 117, 118, 124, 126, 128, 132, 136, 144, 145, 150,
        151, 159, 165, 166, 167, 174, 176, 181, 182, 187, 189, 195, 196, 197, 204, 206, 208, 212,
        213, 214, 222, 223, 224, 228, 229, 238, 240, 244, 256, 263, 278, 279, 284, 285, 294, 295,
        296,
    ],
    &[
        4, 6, 7, 11, 26, 27, 46, 71, 78, 80, 110, 136, 151, 159, 160, 174, 182, 190, 232, 247, 248,
        256, 263, 264, 271, 272, 279, 288,
    ],
    &[23, 67, 147, 243, 259, 275],
];

/// Section 6 (Ho): the 3-positions `(0, a, b)`, `a <= b/2`, for `a = 0, 1, 2, 3`, `b <= 300`.
pub const PAPER_THREE_POSITIONS: [&[u64]; 4] = [
    &[8, 40, 88, 96, 160, 168, 184, 264, 280, 296],
    &[
        4, 5, 21, 25, 27, 31, 37, 45, 47, 54, 69, 76, 77, 78, 83, 84, 89, 111, 115, 125, 130, 131,
        141, 146, 147, 156, 160, 161, 173, 192, 193, 198, 199, 207, 216, 221, 227, 237, 242, 253,
        257, 259, 267, 269, 274, 289, 299,
    ],
    &[
        18, 19, 22, 31, 35, 48, 55, 62, 63, 70, 95, 102, 103, 104, 118, 119, 123, 134, 138, 139,
        147, 150, 154, 167, 168, 170, 183, 184, 187, 199, 207, 214, 216, 224, 231, 235, 246, 250,
        251, 260, 267, 275, 282, 283, 287, 292,
    ],
    &[
        7, 10, 36, 53, 60, 68, 89, 92, 107, 108, 124, 179, 184, 204, 221, 229, 236, 247, 279, 292,
    ],
];

/// Ho's Table 1 as printed (typed from the paper's text, not computed): `G(0, a, b)` for rows
/// `a = 0..=16`, each from `b = a` to 16. The cleaner extraction (`papers/003`) garbles the
/// bottom row; it is typed from the other one (`papers/000`), where it reads as Table 2's start.
pub const PAPER_TABLE_1: [&[u64]; 17] = [
    &[0, 0, 1, 0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 1, 0, 0],
    &[0, 1, 2, 3, 3, 4, 4, 5, 6, 6, 7, 7, 2, 9, 10, 11],
    &[1, 2, 2, 1, 2, 2, 5, 1, 6, 2, 8, 1, 9, 10, 10],
    &[0, 3, 1, 4, 3, 5, 4, 3, 7, 8, 8, 7, 8, 11],
    &[0, 3, 2, 3, 3, 6, 4, 7, 6, 9, 4, 5, 9],
    &[0, 4, 2, 5, 6, 6, 5, 8, 9, 9, 5, 11],
    &[1, 4, 5, 4, 4, 5, 5, 4, 7, 5, 11],
    &[0, 5, 1, 3, 7, 8, 4, 10, 10, 6],
    &[3, 6, 6, 7, 6, 9, 7, 10, 7],
    &[0, 6, 2, 8, 9, 9, 5, 6],
    &[1, 7, 8, 8, 4, 5, 11],
    &[0, 7, 1, 7, 5, 11],
    &[0, 2, 9, 8, 9],
    &[0, 9, 10, 11],
    &[1, 10, 10],
    &[0, 11],
    &[0],
];

/// Ho's Table 2 as printed: `G(0, 0, n)` for `n = 0..=489` (the caption says `n >= 1`, but the
/// entries start at `n = 0`: the third is `G(0, 0, 2) = 1`, the 25th `G(0, 0, 24) = 12`).
pub const PAPER_TABLE_2: [u64; 490] = [
    0, 0, 1, 0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 12, 0, 1, 0, 0, 0, 1,
    0, 2, 0, 1, 0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 4, 0, 1, 0, 0, 0, 1,
    0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 1,
    0, 3, 0, 1, 0, 0, 0, 1, 0, 2, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 0, 1, 0, 0, 0, 1,
    0, 2, 0, 1, 0, 0, 0, 1, 0, 2, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 4, 0, 1, 0, 0, 0, 1,
    0, 3, 0, 1, 0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 1,
    0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 0, 1, 0, 0, 0, 1,
    0, 5, 0, 1, 0, 0, 0, 1, 0, 2, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 0, 1, 0, 0, 0, 1,
    0, 0, 0, 1, 0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 1,
    0, 2, 0, 1, 0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 1,
    0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 0, 1, 0, 0, 0, 1,
    0, 3, 0, 1, 0, 0, 0, 1, 0, 2, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 1,
    0, 3, 0, 1, 0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 0, 1, 0, 0, 0, 1,
    0, 2, 0, 1, 0, 0, 0, 1, 0, 2, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 0, 1, 0, 0, 0, 1,
    0, 0, 0, 1, 0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 0, 1, 0, 0, 0, 1,
    0, 2, 0, 1, 0, 0, 0, 1, 0, 3, 0,
];

/// Ho's Table 3 as printed (`papers/000`; the other extraction loses four columns): `f(n)`, 0
/// when `(0, 0, n)` is a P-position and 1 otherwise, 32 values a line. As in Table 2, the
/// entries start at `n = 0` although the caption says `n >= 1`: line `i` holds `n = 32i..`, and
/// its bold first column is `n mod 32 = 0`, the case Proposition 2 leaves open.
pub const PAPER_TABLE_3: [&str; 16] = [
    "00100010101000100010001010100010",
    "10100010101000100010001010100010",
    "00100010101000100010001010100010",
    "10100010101000100010001010100010",
    "10100010101000100010001010100010",
    "10100010101000100010001010100010",
    "00100010101000100010001010100010",
    "10100010101000100010001010100010",
    "00100010101000100010001010100010",
    "10100010101000100010001010100010",
    "00100010101000100010001010100010",
    "10100010101000100010001010100010",
    "10100010101000100010001010100010",
    "10100010101000100010001010100010",
    "00100010101000100010001010100010",
    "1010001010",
];

/// Section 6 (Ho): up to `b = 200`, the largest row `a <= b/2` holding a `g`-position, as
/// `(g, a)`.
pub const PAPER_ROW_BOUNDS: [(u64, u64); 7] =
    [(4, 6), (5, 6), (6, 7), (7, 9), (8, 12), (9, 11), (10, 13)];

/// Section 4 and the Appendix (Ho): row maxima as `(row a, first b, last b, maximum)`. Row 0
/// over Table 2 (`b = 0..=489`) and over the "first 1000 values"; row 2 and row 6 over the
/// ranges of Figures 4 and 5 (`G(1, 3, n)` for 500 values from `n = 3`, `G(1, 7, n)` for 800
/// values from `n = 7`, i.e. `G(0, 2, b)` for `b = 2..=501` and `G(0, 6, b)` for `b = 6..=805`).
pub const PAPER_ROW_MAXIMA: [(u64, u64, u64, u64); 4] = [
    (0, 0, 489, 12),
    (0, 0, 999, 12),
    (2, 2, 501, 41),
    (6, 6, 805, 72),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sharing_nim::{canonical3, complete_arcs, SharingNim, Table};
    use crate::solve::MemoSolver;
    use proptest::prelude::*;

    #[test]
    fn table_1_of_the_paper() {
        let t = Table::build(16, &mut |_| {}).unwrap();
        for (a, row) in PAPER_TABLE_1.iter().enumerate() {
            assert_eq!(t.row(a as u64, 16), row.to_vec(), "row {a}");
        }
        // "the 5th column in Table 1 is (0, 3, 1, 1, 3, 0)".
        assert_eq!(t.column(5), vec![0, 3, 1, 1, 3, 0]);
    }

    #[test]
    fn table_2_of_the_paper() {
        let t = Table::build(489, &mut |_| {}).unwrap();
        assert_eq!(t.row(0, 489), PAPER_TABLE_2.to_vec());
    }

    /// Table, memoised search and closed forms on every (0, a, b), b <= max_b.
    fn engines_and_closed_forms_agree(max_b: u64) {
        let t = Table::build(max_b, &mut |_| {}).unwrap();
        let mut memo = MemoSolver::new(SharingNim::default());
        for b in 0..=max_b {
            for a in 0..=b {
                let v = t.get(a, b).unwrap();
                let p = [0, a, b];
                assert_eq!(memo.value(&p.to_vec()).unwrap(), v, "(0,{a},{b})");
                assert_eq!(is_p_position(&p), v == 0, "Theorem 2 at (0,{a},{b})");
                assert_eq!(is_one_position(&p), v == 1, "Theorem 4 at (0,{a},{b})");
                match winning_move(&p) {
                    None => assert_eq!(v, 0),
                    Some(m) => {
                        assert!(single_move(&p, &m.result).is_some(), "(0,{a},{b})");
                        assert_eq!(t.value(&m.result), Some(0), "(0,{a},{b})");
                    }
                }
            }
        }
    }

    #[test]
    fn engines_and_closed_forms_agree_to_60() {
        engines_and_closed_forms_agree(60);
    }

    /// `cargo test --release -p grundy -- --ignored engines_and_closed_forms_agree_to_200`
    #[test]
    #[ignore]
    fn engines_and_closed_forms_agree_to_200() {
        engines_and_closed_forms_agree(200);
    }

    #[test]
    fn remark_5_examples_by_hand() {
        // (0, 0, 6): d = 6 = 2 * 3, odd power of two: meet half way, 3 from 6 to 0.
        let m = winning_move(&[0u64, 0, 6]).unwrap();
        assert_eq!(
            (m.result, m.equalized),
            ([3, 0, 3], Equalized::SmallestWithLargest)
        );
        // (0, 5, 7): lo = 5 > hi = 2, d = 3: the largest shrinks to the middle, 2 from 7 to 0.
        let m = winning_move(&[0u64, 5, 7]).unwrap();
        assert_eq!(
            (m.result, m.equalized),
            ([2, 5, 5], Equalized::LargestWithMiddle)
        );
        // (4, 8, 12): lo = hi: all three equal.
        assert_eq!(winning_move(&[4u64, 8, 12]).unwrap().result, [8, 8, 8]);
        assert_eq!(winning_move(&[3u64, 3, 4]), None);
    }

    #[test]
    fn explanations_use_remarks_4_and_5() {
        let text = explain(&[3, 8, 20], &[8, 8, 15]).unwrap();
        assert!(text.starts_with("Remark 5: equalize piles 1 and 2, moving 5 tokens from pile 3 to pile 1, giving 8,8,15"), "{text}");
        assert!(text.contains("differ by 7 = 4^0 x 7"), "{text}");
        let text = explain(&[3, 8, 20], &[3, 14, 14]).unwrap();
        assert!(
            text.contains("equalize piles 2 and 3") && text.contains("11 = 4^0 x 11"),
            "{text}"
        );
        let text = explain(&[0, 0, 20], &[0, 10, 10]).unwrap_or_default();
        assert!(text.is_empty(), "10 = 2 * 5 is not P: {text}");
        let text = explain(&[0, 0, 32], &[8, 0, 24]).unwrap_or_default();
        assert!(text.is_empty(), "(8,0,24) has no equal piles: {text}");
        assert!(explain(&[0, 0, 32], &[16, 0, 16])
            .unwrap()
            .contains("16 = 4^2 x 1"));
        assert!(explain(&[0, 0, 40], &[20, 0, 20])
            .unwrap()
            .contains("20 = 4^1 x 5"));
        assert!(explain(&[0, 4, 8], &[4, 4, 4])
            .unwrap()
            .contains("all three"));
        assert_eq!(explain(&[0, 4, 8], &[2, 4, 4]), None, "not a legal move");
    }

    #[test]
    fn two_piles_are_a_nim_heap() {
        let mut memo = MemoSolver::new(SharingNim::default());
        for a in 0..30 {
            for b in 0..30 {
                assert_eq!(memo.value(&vec![a, b]).unwrap(), two_pile_value(a, b));
            }
        }
    }

    #[test]
    fn proposition_1_by_theorem_2_far_out() {
        for n in (0..400).chain([1000, 1001, 1002, 2999]) {
            let count = count_p_positions(n, true, is_p_position);
            assert_eq!(count, p_positions_with_tokens(n), "n = {n}");
            assert_eq!(
                count_p_positions(n, false, is_p_position),
                n / 3 + 1,
                "n = {n}"
            );
        }
    }

    #[test]
    fn proposition_2_against_theorem_2() {
        for n in (3..100_000).chain((1u64 << 60)..(1 << 60) + 1000) {
            if let Some(p) = proposition2(n) {
                assert_eq!(p, is_p_position(&[0, 0, n]), "n = {n}");
            }
        }
        assert_eq!(proposition2(64), None);
        assert_eq!(proposition2(2), None);
    }

    /// The local conditions that characterise the P-positions (no move between two of them,
    /// a move into them from every other position) and the 1-positions (not P, a move to P, no
    /// move to a 1-position), checked on every option of `p`.
    fn check_locally(p: [u64; 3]) -> Result<(), TestCaseError> {
        let (mut to_p, mut to_one, mut reaches_move) = (false, false, false);
        let m = winning_move(&p);
        for (i, j) in complete_arcs(3) {
            for k in 1..=p[i].saturating_sub(p[j]) / 2 {
                let mut o = p;
                o[i] -= k;
                o[j] += k;
                to_p |= is_p_position(&o);
                to_one |= is_one_position(&o);
                reaches_move |= m.as_ref().is_some_and(|m| m.result == o);
            }
        }
        prop_assert_eq!(is_p_position(&p), !to_p, "P-positions at {:?}", p);
        if is_p_position(&p) {
            prop_assert!(!is_one_position(&p));
            prop_assert!(m.is_none());
        } else {
            prop_assert_eq!(is_one_position(&p), !to_one, "1-positions at {:?}", p);
            prop_assert!(reaches_move, "the winning move of {:?} is not a move", p);
            prop_assert!(is_p_position(&m.unwrap().result));
        }
        Ok(())
    }

    /// Positions with up to 10^6 tokens, half of them near the sparse P- and 1-families.
    fn big_position() -> impl Strategy<Value = [u64; 3]> {
        let free = (0u64..333_333, 0u64..333_333, 0u64..333_333).prop_map(|(x, y, z)| [x, y, z]);
        let near = (0u64..300_000, 0u64..300_000, 0u64..8, 0u64..4, 0u64..3).prop_map(
            |(base, d, jiggle, twos, kind)| {
                let d = (d << (2 * (twos % 3))) + jiggle;
                match kind {
                    0 => [base, base, base + d],
                    1 => [base + d, base, base + d],
                    _ => [base, base + d, base + d + 2],
                }
            },
        );
        prop_oneof![free, near]
    }

    /// 16 cases by default (each enumerates up to 10^6 options); more with `PROPTEST_CASES=1000
    /// cargo test --release -p grundy theorems_2_and_4`.
    fn local_cases() -> ProptestConfig {
        let cases = std::env::var("PROPTEST_CASES")
            .ok()
            .and_then(|v| v.parse().ok());
        ProptestConfig::with_cases(cases.unwrap_or(16))
    }

    proptest! {
        #![proptest_config(local_cases())]

        #[test]
        fn theorems_2_and_4_hold_locally_up_to_a_million_tokens(p in big_position()) {
            check_locally(p)?;
        }
    }

    proptest! {

        /// Big integers agree with u64, also after scaling by 4^40 (which keeps P-positions:
        /// it adds 80 to the power of two of every difference).
        #[test]
        fn big_integers_agree(p in (0u64..1 << 40, 0u64..1 << 40, 0u64..1 << 40), shift in 0u64..4) {
            let small = [p.0 >> shift, p.1 >> shift, p.2];
            let big = small.map(BigUint::from);
            prop_assert_eq!(is_p_position(&big), is_p_position(&small));
            prop_assert_eq!(is_one_position(&big), is_one_position(&small));
            let scale = BigUint::from(4u32).pow(40);
            let scaled = small.map(|x| BigUint::from(x) * &scale);
            prop_assert_eq!(is_p_position(&scaled), is_p_position(&small));
            match (winning_move(&small), winning_move(&scaled)) {
                (None, None) => {}
                (Some(m), Some(w)) => {
                    prop_assert_eq!((m.from, m.to), (w.from, w.to));
                    prop_assert_eq!(BigUint::from(m.amount) * &scale, w.amount.clone());
                    prop_assert!(is_p_position(&w.result));
                }
                (m, w) => prop_assert!(false, "{:?} vs {:?}", m, w),
            }
        }

        #[test]
        fn canonical_forms_keep_the_value(p in prop::collection::vec(0u64..7, 2..5)) {
            let mut raw = MemoSolver::new(SharingNim { reduction: crate::games::sharing_nim::Reduction::None });
            let c = crate::games::sharing_nim::canonical(&p);
            prop_assert_eq!(raw.value(&p).unwrap(), raw.value(&c).unwrap());
        }
    }

    #[test]
    fn extreme_u64_positions_do_not_overflow() {
        let max = u64::MAX;
        for p in [
            [0, max, max],
            [0, max - 2, max],
            [0, 1, max],
            [max, 0, 3],
            [5, max - 1, max],
        ] {
            let big = p.map(BigUint::from);
            assert_eq!(is_p_position(&p), is_p_position(&big), "{p:?}");
            assert_eq!(is_one_position(&p), is_one_position(&big), "{p:?}");
            let (m, w) = (winning_move(&p), winning_move(&big));
            assert_eq!(
                m.map(|m| m.result.map(BigUint::from)),
                w.map(|w| w.result),
                "{p:?}"
            );
        }
        // (0, 4l - 1, 4l + 1) with 4l = 2^64 - 4; and u64::MAX = 3 mod 4 with b - a = 0.
        assert!(is_one_position(&[0, max - 4, max - 2]));
        assert!(!is_one_position(&[0, max, max]));
    }

    #[test]
    fn a_winning_move_from_a_position_beyond_u64() {
        // (0, 2^200, 3 * 2^200 + 7): lo = 2^200, hi = 2^201 + 7, d = 2^200 + 7 (odd): the
        // smallest pile grows to the middle one.
        let x = BigUint::from(1u32) << 200u32;
        let p = [BigUint::from(0u32), x.clone(), &x * 3u32 + 7u32];
        let m = winning_move(&p).unwrap();
        assert_eq!(m.equalized, Equalized::SmallestWithMiddle);
        assert_eq!(m.amount, x);
        assert!(is_p_position(&m.result));
        assert!(!is_p_position(&p));
        assert!(is_one_position(&[
            BigUint::from(0u32),
            x.clone() + 2u32,
            x + 2u32
        ]));
        let _ = canonical3(&[1, 2, 3]);
    }
}
