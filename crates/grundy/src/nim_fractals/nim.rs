//! The four counts of k-pile Nim P-positions (Khovanova and Xiong, *Nim Fractals*), exact at any
//! size.
//!
//! Piles may be empty and their order matters, so a P-position is a k-tuple of non-negative
//! integers with nim-sum 0 (Bouton). Indexed by the largest pile:
//!
//! - `a_k(n)`: every pile `<= n` ([`max_at_most`]);
//! - `d_k(n)`: the largest pile is exactly `n` ([`max_exactly`]), the first differences of `a_k`.
//!
//! Indexed by the total (which is always even):
//!
//! - `A_k(n)`: total `<= 2n` ([`total_at_most`]);
//! - `D_k(n)`: total exactly `2n` ([`total_exactly`]), the first differences of `A_k`.
//!
//! **By maximum.** Write `n = 2^b - 1 + c` with `b = floor(log2 n)` and `1 <= c <= 2^b`. A
//! P-position with every pile `<= n` has an even number `2i` of piles in `[2^b, n]` (the bit `b`
//! must cancel); choosing them, their `c` possible values each, and all but one of the other
//! piles freely below `2^b` (the last is forced) gives `C(k,2i) 2^{b(k-2i-1)} c^{2i}`. Summed, this
//! is Theorem 13 for odd `k`: `a_k(n) = ((2^b+c)^k + (2^b-c)^k) / 2^{b+1}`. For even `k` the term
//! `2i = k` (every pile `>= 2^b`) is instead `a_k(c-1)` (subtract `2^b` from every pile), which is
//! Theorem 15; Theorems 14 and 16 are the differences. Lemma 6 (`a_k(2^m - 1) = 2^{m(k-1)}`) is the
//! case `c = 0` of the same expression, which is why the difference formulas also hold at
//! `n = 2^b`. The even recursion drops the leading bit of `n`, so it has at most `log2 n` levels,
//! each a few `k`-th powers: `O(log n)` big-integer products per level for odd `k` and even `k`.
//!
//! **By total.** A P-position whose total is `2N` has, in each bit column, an even number `2m`
//! of ones; removing the ones of the lowest column and halving leaves a P-position of total
//! `N - m`. So `D_k(N) = sum_{m = N mod 2} C(k,2m) D_k((N-m)/2)`, which is Theorem 27 (`N` odd:
//! the terms `C(k,2), C(k,6), ...`; `N` even: `C(k,0), C(k,4), ...`), and summing over totals
//! gives Theorem 28 for `A_k`. [`total_exactly`] and [`total_at_most`] evaluate these recursions
//! literally on a sliding window of arguments: level `j` needs the arguments near `N / 2^j`, a
//! window of about `k/2 + 2` values, each a sum of about `k/4` products by a binomial
//! coefficient. That is `O(k^2 log N)` big-integer-by-binomial products, with no table of all the
//! smaller terms.
//!
//! The brute-force twins are in [`super::reference`]: an enumerator of all tuples (the reference
//! in the tests) and digit DPs over the binary digits of `n` (independent checks at any size).

use num_bigint::{BigInt, BigUint};
use serde::Serialize;

use crate::{Error, Result};

/// The most piles a count accepts (the work grows like `k^2` big-integer products per level).
pub const MAX_PILES: usize = 256;

/// The most terms one call to [`sequence`] returns.
pub const MAX_TERMS: u128 = 1 << 20;

/// Which way P-positions are indexed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum By {
    /// By the largest pile: `a_k` and `d_k`.
    Max,
    /// By the total number of counters, `2n`: `A_k` and `D_k`.
    Total,
}

/// One of the four sequences of the paper, for a fixed number of piles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct NimCount {
    /// The number of piles `k >= 1`.
    pub piles: usize,
    /// How positions are indexed.
    pub by: By,
    /// `true` for `d_k` / `D_k` (largest pile exactly `n`, total exactly `2n`), `false` for `a_k`
    /// / `A_k` (largest pile at most `n`, total at most `2n`).
    pub exact: bool,
}

impl NimCount {
    /// The sequence, checking the number of piles.
    pub fn new(piles: usize, by: By, exact: bool) -> Result<Self> {
        check_piles(piles)?;
        Ok(NimCount { piles, by, exact })
    }

    /// The paper's name, e.g. `D_3`.
    pub fn name(&self) -> String {
        let letter = match (self.by, self.exact) {
            (By::Max, false) => 'a',
            (By::Max, true) => 'd',
            (By::Total, false) => 'A',
            (By::Total, true) => 'D',
        };
        format!("{letter}_{}", self.piles)
    }

    /// What the `n`-th term counts, in words.
    pub fn meaning(&self) -> String {
        let what = match (self.by, self.exact) {
            (By::Max, false) => "every pile <= n",
            (By::Max, true) => "largest pile exactly n",
            (By::Total, false) => "total <= 2n",
            (By::Total, true) => "total exactly 2n",
        };
        format!(
            "P-positions of {}-pile Nim (ordered, empty piles allowed) with {what}",
            self.piles
        )
    }

    /// The OEIS number the paper gives for this sequence (offset 0), if any.
    pub fn oeis(&self) -> Option<&'static str> {
        let table: [[&str; 4]; 5] = [
            // a_k, d_k, A_k, D_k
            ["A000012", "A000007", "A000012", "A000007"],
            ["A000027", "A000012", "A000027", "A000012"],
            ["A236305", "A241717", "A130665", "A048883"],
            ["A241522", "A241718", "A237686", "A237711"],
            ["A241523", "A241731", "A238147", "A238759"],
        ];
        let column = match (self.by, self.exact) {
            (By::Max, false) => 0,
            (By::Max, true) => 1,
            (By::Total, false) => 2,
            (By::Total, true) => 3,
        };
        table.get(self.piles.checked_sub(1)?).map(|row| row[column])
    }

    /// The `n`-th term.
    pub fn term(&self, n: u128) -> BigUint {
        let k = self.piles;
        match (self.by, self.exact) {
            (By::Max, false) => a(k, n),
            (By::Max, true) => d(k, n),
            (By::Total, false) => by_total(k, n, true),
            (By::Total, true) => by_total(k, n, false),
        }
    }
}

/// Errors unless `1 <= piles <= MAX_PILES`.
pub fn check_piles(piles: usize) -> Result<()> {
    if piles == 0 {
        return Err(Error::Invalid(
            "the number of piles must be at least 1".into(),
        ));
    }
    if piles > MAX_PILES {
        return Err(Error::TooLarge(format!(
            "at most {MAX_PILES} piles (got {piles})"
        )));
    }
    Ok(())
}

/// `a_k(n)`: P-positions with every pile `<= n` (Theorems 13 and 15; Theorems 10 and 11 are the
/// cases `k = 3, 4`).
///
/// ```
/// use grundy::nim_fractals::nim::max_at_most;
/// // A236305: 1, 4, 7, 16, 19, 28, 43, 64, ...
/// let a3: Vec<u64> = (0..8).map(|n| max_at_most(3, n).unwrap().try_into().unwrap()).collect();
/// assert_eq!(a3, [1, 4, 7, 16, 19, 28, 43, 64]);
/// ```
pub fn max_at_most(piles: usize, n: u128) -> Result<BigUint> {
    check_piles(piles)?;
    Ok(a(piles, n))
}

/// `d_k(n)`: P-positions whose largest pile is exactly `n` (Theorems 14 and 16; Theorem 9 and
/// Corollary 12 are the cases `k = 3, 4`).
pub fn max_exactly(piles: usize, n: u128) -> Result<BigUint> {
    check_piles(piles)?;
    Ok(d(piles, n))
}

/// `A_k(n)`: P-positions with total `<= 2n` (Theorem 28; Lemma 25 is `k = 4`).
pub fn total_at_most(piles: usize, n: u128) -> Result<BigUint> {
    check_piles(piles)?;
    Ok(by_total(piles, n, true))
}

/// `D_k(n)`: P-positions with total exactly `2n` (Theorem 27 with Lemma 26; Theorem 17 and
/// Lemma 24 are the cases `k = 3, 4`).
///
/// ```
/// use grundy::nim_fractals::nim::total_exactly;
/// // A048883 = 3^wt(n): 1, 3, 3, 9, 3, 9, 9, 27
/// let d3: Vec<u64> = (0..8).map(|n| total_exactly(3, n).unwrap().try_into().unwrap()).collect();
/// assert_eq!(d3, [1, 3, 3, 9, 3, 9, 9, 27]);
/// ```
pub fn total_exactly(piles: usize, n: u128) -> Result<BigUint> {
    check_piles(piles)?;
    Ok(by_total(piles, n, false))
}

/// The terms `from..=to` of a sequence; `progress` is told how many are done from time to time.
pub fn sequence(
    count: &NimCount,
    from: u128,
    to: u128,
    progress: &mut dyn FnMut(u64),
) -> Result<Vec<BigUint>> {
    check_piles(count.piles)?;
    if from > to {
        return Err(Error::Invalid(format!(
            "--from {from} is larger than --to {to}"
        )));
    }
    if to - from >= MAX_TERMS {
        return Err(Error::TooLarge(format!(
            "at most {MAX_TERMS} terms at once (asked for {from}..={to})"
        )));
    }
    let mut terms = Vec::with_capacity((to - from + 1) as usize);
    for n in from..=to {
        terms.push(count.term(n));
        if terms.len() % 4096 == 0 {
            progress(terms.len() as u64);
        }
    }
    progress(terms.len() as u64);
    Ok(terms)
}

/// `(b, c)` with `n = 2^b - 1 + c`, `b = floor(log2 n)`, `1 <= c <= 2^b` (needs `n >= 1`).
pub fn split(n: u128) -> (u32, u128) {
    debug_assert!(n >= 1);
    let b = 127 - n.leading_zeros();
    (b, n - (1u128 << b) + 1)
}

/// The row `C(k, 0), ..., C(k, k)` of Pascal's triangle.
pub fn binomial_row(k: usize) -> Vec<BigUint> {
    let mut row = Vec::with_capacity(k + 1);
    let mut c = BigUint::from(1u32);
    for i in 0..=k {
        row.push(c.clone());
        c = c * (k - i) / (i + 1);
    }
    row
}

fn pow(base: &BigInt, k: usize) -> BigInt {
    base.pow(k as u32)
}

/// Divides a numerator the theorems prove to be a non-negative multiple of `2^{b+1}`.
fn exact_quotient(numerator: BigInt, b: u32, theorem: &str) -> BigUint {
    let quotient = numerator >> (b + 1);
    quotient.to_biguint().unwrap_or_else(|| {
        // Unreachable by the theorem; the tests compare with brute force everywhere.
        panic!("{theorem}: the numerator is negative")
    })
}

/// Theorems 13 (odd `k`) and 15 (even `k`, recursing on `c - 1`).
fn a(k: usize, mut n: u128) -> BigUint {
    let mut total = BigUint::ZERO;
    loop {
        if n == 0 {
            return total + 1u32;
        }
        let (b, c) = split(n);
        let (p, c_big) = (BigInt::from(1u8) << b, BigInt::from(c));
        let mut numerator = pow(&(&p + &c_big), k) + pow(&(&p - &c_big), k);
        if k % 2 == 1 {
            return total + exact_quotient(numerator, b, "Theorem 13");
        }
        numerator -= pow(&c_big, k) * 2;
        total += exact_quotient(numerator, b, "Theorem 15");
        n = c - 1;
    }
}

/// Theorems 14 (odd `k`) and 16 (even `k`, recursing on `c - 1`); `d_k(0) = 1`.
fn d(k: usize, mut n: u128) -> BigUint {
    let mut total = BigUint::ZERO;
    loop {
        if n == 0 {
            return total + 1u32;
        }
        let (b, c) = split(n);
        let (p, c_big, one) = (BigInt::from(1u8) << b, BigInt::from(c), BigInt::from(1u8));
        let mut numerator = pow(&(&p + &c_big), k) + pow(&(&p - &c_big), k)
            - pow(&(&p + &c_big - &one), k)
            - pow(&(&p - &c_big + &one), k);
        if k % 2 == 1 {
            return total + exact_quotient(numerator, b, "Theorem 14");
        }
        numerator += pow(&(&c_big - &one), k) * 2 - pow(&c_big, k) * 2;
        total += exact_quotient(numerator, b, "Theorem 16");
        n = c - 1;
    }
}

/// `D_k(n)` (Theorem 27) or, with `cumulative`, `A_k(n)` (Theorem 28), on a sliding window.
fn by_total(k: usize, n: u128, cumulative: bool) -> BigUint {
    let c = binomial_row(k);
    let zero = BigUint::ZERO;
    let binom = |i: usize| c.get(i).unwrap_or(&zero);
    // The weights of the terms f(m - j): for x = 2m + 1, Theorem 27 has C(k, 4j+2) and Theorem
    // 28 pairs C(k, 4j+2) + C(k, 4j); for x = 2m + 2, Theorem 27 has C(k, 4j) times D(m+1-j) and
    // Theorem 28 has A(m+1) plus (C(k, 4j+2) + C(k, 4j+4)) times A(m-j).
    let odd_weights: Vec<BigUint> = (0..=k / 4)
        .map(|j| {
            if cumulative {
                binom(4 * j + 2) + binom(4 * j)
            } else {
                binom(4 * j + 2).clone()
            }
        })
        .collect();
    let even_weights: Vec<BigUint> = (0..=k / 4)
        .map(|j| {
            if cumulative {
                binom(4 * j + 2) + binom(4 * j + 4)
            } else {
                binom(4 * j).clone()
            }
        })
        .collect();
    let reach = (k / 4) as u128 + 1;
    // How many terms f(top), f(top - 1), ... have a non-negative argument.
    let terms = |top: u128| usize::try_from(top).map_or(usize::MAX, |t| t.saturating_add(1));

    // windows[j] holds the arguments needed at level j; level 0 is n alone, the last is 0 alone.
    let mut windows = vec![(n, n)];
    while let Some(&(lo, hi)) = windows.last().filter(|w| w.1 > 0) {
        windows.push(((lo / 2).saturating_sub(reach), hi / 2));
    }
    let mut below: Vec<BigUint> = vec![BigUint::from(1u32)];
    let mut below_lo = 0u128;
    for &(lo, hi) in windows.iter().rev().skip(1) {
        let at = |x: u128| &below[(x - below_lo) as usize];
        let mut level = Vec::with_capacity((hi - lo + 1) as usize);
        for x in lo..=hi {
            let mut sum = BigUint::ZERO;
            if x == 0 {
                sum += 1u32;
            } else if x % 2 == 1 {
                // x = 2m + 1: the terms f(m), f(m-1), ... while the argument is >= 0.
                let m = (x - 1) / 2;
                for (j, w) in odd_weights.iter().enumerate().take(terms(m)) {
                    sum += w * at(m - j as u128);
                }
            } else if cumulative {
                // x = 2m + 2: A(m+1) + sum_j (C(k,4j+2) + C(k,4j+4)) A(m-j).
                let m = x / 2 - 1;
                sum += at(m + 1);
                for (j, w) in even_weights.iter().enumerate().take(terms(m)) {
                    sum += w * at(m - j as u128);
                }
            } else {
                // x = 2m + 2: sum_j C(k,4j) D(m+1-j).
                let m1 = x / 2;
                for (j, w) in even_weights.iter().enumerate().take(terms(m1)) {
                    sum += w * at(m1 - j as u128);
                }
            }
            level.push(sum);
        }
        below = level;
        below_lo = lo;
    }
    below.swap_remove((n - below_lo) as usize)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nim_fractals::reference;
    use proptest::prelude::*;

    fn small(v: BigUint) -> u64 {
        u64::try_from(v).expect("fits")
    }

    #[test]
    fn split_matches_the_paper() {
        // n = 2^b - 1 + c: 1 = 2^0 - 1 + 1, 6 = 2^2 - 1 + 3, 7 = 2^2 - 1 + 4.
        assert_eq!(split(1), (0, 1));
        assert_eq!(split(6), (2, 3));
        assert_eq!(split(7), (2, 4));
        assert_eq!(split(8), (3, 1));
    }

    #[test]
    fn the_papers_listed_terms() {
        // Each list is printed in the paper (offset 0).
        let cases: [(usize, By, bool, &[u64]); 11] = [
            (
                3,
                By::Max,
                true,
                &[1, 3, 3, 9, 3, 9, 15, 21, 3, 9, 15, 21, 27, 33, 39, 45, 3, 9],
            ),
            (
                3,
                By::Max,
                false,
                &[1, 4, 7, 16, 19, 28, 43, 64, 67, 76, 91, 112],
            ),
            (
                4,
                By::Max,
                false,
                &[1, 8, 21, 64, 89, 168, 301, 512, 561, 712],
            ),
            (
                4,
                By::Max,
                true,
                &[1, 7, 13, 43, 25, 79, 133, 211, 49, 151, 253],
            ),
            (
                5,
                By::Max,
                false,
                &[1, 16, 61, 256, 421, 976, 2101, 4096, 4741],
            ),
            (
                5,
                By::Max,
                true,
                &[1, 15, 45, 195, 165, 555, 1125, 1995, 645],
            ),
            (
                3,
                By::Total,
                true,
                &[1, 3, 3, 9, 3, 9, 9, 27, 3, 9, 9, 27, 9, 27, 27, 81, 3, 9],
            ),
            (
                3,
                By::Total,
                false,
                &[1, 4, 7, 16, 19, 28, 37, 64, 67, 76, 85, 112, 121, 148, 175],
            ),
            (
                4,
                By::Total,
                true,
                &[1, 6, 7, 36, 13, 42, 43, 216, 49, 78, 55, 252, 85],
            ),
            (
                4,
                By::Total,
                false,
                &[
                    1, 7, 14, 50, 63, 105, 148, 364, 413, 491, 546, 798, 883, 1141,
                ],
            ),
            (
                5,
                By::Total,
                true,
                &[1, 10, 15, 100, 65, 150, 175, 1000, 565],
            ),
        ];
        for (k, by, exact, expected) in cases {
            let count = NimCount::new(k, by, exact).unwrap();
            let got: Vec<u64> = (0..expected.len() as u128)
                .map(|n| small(count.term(n)))
                .collect();
            assert_eq!(got, expected, "{}", count.name());
        }
        let a5 = NimCount::new(5, By::Total, false).unwrap();
        let got: Vec<u64> = (0..9).map(|n| small(a5.term(n))).collect();
        assert_eq!(got, [1, 11, 26, 126, 191, 341, 516, 1516, 2081]);
    }

    #[test]
    fn one_and_two_piles() {
        // Section 3.2: a_1 = A_1 = 1; d_1 = D_1 = [n = 0]; a_2 = A_2 = n + 1; d_2 = D_2 = 1.
        for n in [0u128, 1, 2, 5, 1 << 70, u128::MAX] {
            let zero = u64::from(n == 0);
            assert_eq!(small(a(1, n)), 1);
            assert_eq!(small(by_total(1, n, true)), 1);
            assert_eq!(small(d(1, n)), zero);
            assert_eq!(small(by_total(1, n, false)), zero);
            assert_eq!(a(2, n), BigUint::from(n) + 1u32);
            assert_eq!(by_total(2, n, true), BigUint::from(n) + 1u32);
            assert_eq!(small(d(2, n)), 1);
            assert_eq!(small(by_total(2, n, false)), 1);
        }
    }

    /// The four formulas against the enumerator's tallies for k piles, every pile <= max.
    fn compare_with_enumeration(k: usize, max: u64) {
        let tally = reference::enumerate(k, max).unwrap();
        let mut running = 0u64;
        for n in 0..=max {
            running += tally.by_max[n as usize];
            assert_eq!(
                small(d(k, n as u128)),
                tally.by_max[n as usize],
                "d_{k}({n})"
            );
            assert_eq!(small(a(k, n as u128)), running, "a_{k}({n})");
        }
        let mut running = 0u64;
        for (n, &count) in tally.by_total.iter().enumerate() {
            running += count;
            assert_eq!(small(by_total(k, n as u128, false)), count, "D_{k}({n})");
            assert_eq!(small(by_total(k, n as u128, true)), running, "A_{k}({n})");
        }
    }

    #[test]
    fn formulas_equal_brute_force_for_one_to_six_piles() {
        // The largest pile the enumerator reaches in about a second (debug build) per k.
        for (k, max) in [(1, 5000), (2, 5000), (3, 1000), (4, 100), (5, 31), (6, 17)] {
            compare_with_enumeration(k, max);
        }
    }

    /// Run: `cargo test --release -p grundy -- --ignored formulas_equal_brute_force_further`.
    #[test]
    #[ignore]
    fn formulas_equal_brute_force_further() {
        for (k, max) in [(3, 20_000), (4, 800), (5, 120), (6, 48), (7, 24), (8, 14)] {
            compare_with_enumeration(k, max);
        }
    }

    #[test]
    fn theorems_27_and_28_are_partial_sums_and_differences_of_each_other() {
        for k in 1..=12 {
            let mut sum = BigUint::ZERO;
            for n in 0..300u128 {
                let (big_d, big_a) = (by_total(k, n, false), by_total(k, n, true));
                sum += &big_d;
                assert_eq!(big_a, sum, "A_{k}({n}) is the partial sum of D_{k}");
                if n > 0 {
                    let diff = BigInt::from(big_a) - BigInt::from(by_total(k, n - 1, true));
                    assert_eq!(
                        diff,
                        BigInt::from(big_d),
                        "D_{k}({n}) = A_{k}({n}) - A_{k}({})",
                        n - 1
                    );
                }
            }
            // Far out too.
            for n in [1u128 << 40, (1 << 61) - 3, 10u128.pow(18)] {
                assert_eq!(
                    by_total(k, n, true) - by_total(k, n - 1, true),
                    by_total(k, n, false)
                );
                assert_eq!(a(k, n) - a(k, n - 1), d(k, n));
            }
        }
    }

    #[test]
    fn lemma_6_and_lemma_26() {
        for k in 1..=9 {
            for m in 0..20u32 {
                assert_eq!(
                    a(k, (1u128 << m) - 1),
                    BigUint::from(1u8) << (m as usize * (k - 1))
                );
            }
            assert_eq!(small(by_total(k, 0, false)), 1);
            assert_eq!(small(by_total(k, 1, false)), (k * (k - 1) / 2) as u64);
        }
    }

    #[test]
    fn the_three_and_four_pile_theorems() {
        for n in 1..2000u128 {
            let (b, c) = split(n);
            let (p, c64) = (1u64 << b, c as u64);
            // Theorem 9, Theorem 10.
            assert_eq!(small(d(3, n)), 6 * c64 - 3);
            assert_eq!(small(a(3, n)), p * p + 3 * c64 * c64);
            // Theorem 11, Corollary 12.
            assert_eq!(
                small(a(4, n)),
                p * p * p + 6 * c64 * c64 * p + small(a(4, c - 1))
            );
            assert_eq!(small(d(4, n)), (12 * c64 - 6) * p + small(d(4, c - 1)));
            // The k = 5 examples after Theorems 13 and 14.
            assert_eq!(
                small(a(5, n)),
                p.pow(4) + 10 * p * p * c64 * c64 + 5 * c64.pow(4)
            );
            assert_eq!(
                small(d(5, n)) as i128,
                10 * (p * p) as i128 * (2 * c as i128 - 1) + 20 * (c as i128).pow(3)
                    - 30 * (c as i128).pow(2)
                    + 20 * c as i128
                    - 5
            );
            // Theorem 17.
            assert_eq!(small(by_total(3, n, false)), 3u64.pow(n.count_ones()));
        }
    }

    #[test]
    fn lemmas_24_and_25() {
        let big_d = |n: u128| small(by_total(4, n, false));
        let big_a = |n: u128| small(by_total(4, n, true));
        assert_eq!((big_d(0), big_d(1), big_a(0), big_a(1)), (1, 6, 1, 7));
        for n in 0..500u128 {
            assert_eq!(big_d(2 * n + 1), 6 * big_d(n));
            assert_eq!(big_d(2 * n + 2), big_d(n + 1) + big_d(n));
            if n >= 1 {
                assert_eq!(big_a(2 * n + 1), 7 * big_a(n) + big_a(n - 1));
                assert_eq!(big_a(2 * n + 2), 7 * big_a(n) + big_a(n + 1));
            }
        }
    }

    #[test]
    fn corollary_5_bounds() {
        for k in 1..=7usize {
            for n in 0..200u128 {
                let total = by_total(k, n, true);
                assert!(a(k, 2 * n / k as u128) <= total, "k={k} n={n}");
                assert!(total <= a(k, n), "k={k} n={n}");
            }
        }
    }

    #[test]
    fn huge_arguments_are_exact() {
        // a_k(2^m - 1) = 2^{m(k-1)} near the top of u128, and the digit DPs agree at 10^18.
        assert_eq!(a(10, u128::MAX), BigUint::from(1u8) << (128 * 9));
        let n = 10u128.pow(18);
        for k in [3, 4, 10] {
            assert_eq!(by_total(k, n, false), reference::total_exactly_digits(k, n));
            assert_eq!(by_total(k, n, true), reference::total_at_most_digits(k, n));
            assert_eq!(a(k, n), reference::max_at_most_digits(k, n));
        }
        assert_eq!(small(by_total(3, n, false)), 3u64.pow(n.count_ones()));
    }

    #[test]
    fn bad_pile_counts_are_errors() {
        assert!(max_at_most(0, 5).is_err());
        assert!(total_exactly(MAX_PILES + 1, 5).is_err());
        assert!(NimCount::new(0, By::Max, false).is_err());
        let count = NimCount::new(3, By::Max, false).unwrap();
        assert!(sequence(&count, 5, 4, &mut |_| {}).is_err());
        assert!(sequence(&count, 0, MAX_TERMS, &mut |_| {}).is_err());
    }

    proptest! {
        #[test]
        fn formulas_equal_digit_dps_at_random_sizes(k in 1usize..=14, n in any::<u128>(), shift in 0u32..128) {
            let n = n >> shift;
            prop_assert_eq!(a(k, n), reference::max_at_most_digits(k, n));
            prop_assert_eq!(by_total(k, n, false), reference::total_exactly_digits(k, n));
            prop_assert_eq!(by_total(k, n, true), reference::total_at_most_digits(k, n));
            if n > 0 {
                let below = reference::max_at_most_digits(k, n - 1);
                prop_assert_eq!(d(k, n), reference::max_at_most_digits(k, n) - below);
            }
        }
    }
}
