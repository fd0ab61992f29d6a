//! Brute-force twins of the counts in [`super::nim`]: what the formulas are checked against.
//!
//! - [`enumerate`] lists every tuple (the first `k - 1` piles freely, the last forced to their
//!   nim-sum by Bouton's theorem) and tallies the P-positions by largest pile and by total. It
//!   knows nothing of the paper and is the reference in the tests, for small `k` and `n`.
//! - The digit DPs count the same sets at any size straight from the definition, by the binary
//!   digits of `n`: [`max_at_most_digits`] walks from the top bit remembering how many piles
//!   still equal the prefix of `n`; [`total_exactly_digits`] and [`total_at_most_digits`] walk
//!   from the bottom bit with the carry of the column sums. In every column the number of ones
//!   is even (nim-sum 0). They share no step with the paper's formulas, so agreement at
//!   `n = 10^18` is an independent check.

use num_bigint::BigUint;

use crate::{Error, Result};

/// The most tuples [`enumerate`] visits.
pub const MAX_ENUMERATION: u64 = 1 << 32;

/// P-positions tallied by largest pile and by total.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tally {
    /// `by_max[n]` = `d_k(n)`, for every `n <= max`.
    pub by_max: Vec<u64>,
    /// `by_total[n]` = `D_k(n)`, for every `n` with `2n <= max` (such positions have every pile
    /// `<= max`, so none is missed).
    pub by_total: Vec<u64>,
}

/// Every k-pile P-position with piles `<= max`, tallied. Visits `(max + 1)^(k - 1)` tuples.
pub fn enumerate(k: usize, max: u64) -> Result<Tally> {
    let side = max
        .checked_add(1)
        .ok_or_else(|| Error::TooLarge("max is too large".into()))?;
    let visits = u32::try_from(k.saturating_sub(1))
        .ok()
        .and_then(|e| side.checked_pow(e))
        .filter(|&v| v <= MAX_ENUMERATION)
        .ok_or_else(|| {
            Error::TooLarge(format!(
                "enumerating ({side})^{} tuples is more than {MAX_ENUMERATION}",
                k.saturating_sub(1)
            ))
        })?;
    if k == 0 {
        return Err(Error::Invalid(
            "the number of piles must be at least 1".into(),
        ));
    }
    let mut tally = Tally {
        by_max: vec![0; side as usize],
        by_total: vec![0; (max / 2 + 1) as usize],
    };
    let mut piles = vec![0u64; k - 1];
    for _ in 0..visits {
        let last = piles.iter().fold(0, |x, &p| x ^ p);
        if last <= max {
            let largest = piles.iter().copied().fold(last, u64::max);
            let total: u64 = piles.iter().sum::<u64>() + last;
            tally.by_max[largest as usize] += 1;
            if total <= max {
                tally.by_total[(total / 2) as usize] += 1;
            }
        }
        // The next tuple, as an odometer in base max + 1.
        for p in piles.iter_mut() {
            *p += 1;
            if *p <= max {
                break;
            }
            *p = 0;
        }
    }
    Ok(tally)
}

fn pascal(k: usize) -> Vec<Vec<BigUint>> {
    let mut rows: Vec<Vec<BigUint>> = vec![vec![BigUint::from(1u8)]];
    for t in 1..=k {
        let prev = &rows[t - 1];
        let row = (0..=t)
            .map(|j| {
                let left = if j > 0 {
                    prev[j - 1].clone()
                } else {
                    BigUint::ZERO
                };
                left + prev.get(j).cloned().unwrap_or(BigUint::ZERO)
            })
            .collect();
        rows.push(row);
    }
    rows
}

/// The number of subsets of `u` items with size of parity `parity`.
fn subsets_of_parity(u: usize, parity: usize) -> BigUint {
    if u == 0 {
        BigUint::from(u8::from(parity == 0))
    } else {
        BigUint::from(1u8) << (u - 1)
    }
}

/// `a_k(n)` by a digit DP from the top bit: the state is how many piles still equal the prefix
/// of `n` read so far ("tight"); the others are already smaller and free.
pub fn max_at_most_digits(k: usize, n: u128) -> BigUint {
    let binomial = pascal(k);
    // ways[t]: assignments of the bits read so far with t tight piles (the piles are labelled, so
    // the count includes the choice of which piles are tight).
    let mut ways = vec![BigUint::ZERO; k + 1];
    ways[k] = BigUint::from(1u8);
    for bit in (0..128 - n.leading_zeros()).rev() {
        let mut next = vec![BigUint::ZERO; k + 1];
        for (t, w) in ways.iter().enumerate() {
            if *w == BigUint::ZERO {
                continue;
            }
            let loose = k - t;
            if n >> bit & 1 == 1 {
                // j tight piles put a 1 (and stay tight), the other tight ones put 0 and become
                // loose; the loose piles put ones of the parity that makes the column even.
                for j in 0..=t {
                    next[j] += w * &binomial[t][j] * subsets_of_parity(loose, j % 2);
                }
            } else {
                // Tight piles must put 0; the loose ones an even number of ones.
                next[t] += w * subsets_of_parity(loose, 0);
            }
        }
        ways = next;
    }
    ways.into_iter().sum()
}

/// The bits of `2n`, lowest first.
fn double_bits(n: u128) -> Vec<u8> {
    let mut bits = vec![0u8];
    bits.extend((0..128 - n.leading_zeros()).map(|i| (n >> i & 1) as u8));
    bits
}

/// `D_k(n)` by a digit DP from the bottom bit of `2n`: the state is the carry of the column sums.
pub fn total_exactly_digits(k: usize, n: u128) -> BigUint {
    let binomial = pascal(k);
    let mut ways = vec![BigUint::ZERO; k + 1];
    ways[0] = BigUint::from(1u8);
    for bit in double_bits(n) {
        let mut next = vec![BigUint::ZERO; k + 1];
        for (carry, w) in ways.iter().enumerate() {
            if *w == BigUint::ZERO {
                continue;
            }
            for ones in (0..=k).step_by(2) {
                let s = carry + ones;
                if (s & 1) as u8 == bit {
                    next[s >> 1] += w * &binomial[k][ones];
                }
            }
        }
        ways = next;
    }
    // No pile has a bit above the top bit of 2n, and nothing may carry out of it.
    ways.swap_remove(0)
}

/// `A_k(n)` by a digit DP from the bottom bit of `2n`: the state is the carry and whether the
/// low bits of the sum so far exceed the low bits of `2n`.
pub fn total_at_most_digits(k: usize, n: u128) -> BigUint {
    let binomial = pascal(k);
    // ways[carry][greater]
    let mut ways = vec![[BigUint::ZERO, BigUint::ZERO]; k + 1];
    ways[0][0] = BigUint::from(1u8);
    for bit in double_bits(n) {
        let mut next = vec![[BigUint::ZERO, BigUint::ZERO]; k + 1];
        for (carry, pair) in ways.iter().enumerate() {
            for (greater, w) in pair.iter().enumerate() {
                if *w == BigUint::ZERO {
                    continue;
                }
                for ones in (0..=k).step_by(2) {
                    let s = carry + ones;
                    let sum_bit = (s & 1) as u8;
                    let now_greater = match sum_bit.cmp(&bit) {
                        std::cmp::Ordering::Greater => 1,
                        std::cmp::Ordering::Less => 0,
                        std::cmp::Ordering::Equal => greater,
                    };
                    next[s >> 1][now_greater] += w * &binomial[k][ones];
                }
            }
        }
        ways = next;
    }
    // A carry out of the top bit of 2n makes the sum larger than 2n.
    let [not_greater, _] = ways.swap_remove(0);
    not_greater
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn enumerator_counts_by_hand() {
        // Three piles <= 1: (0,0,0) and the three arrangements of (1,1,0).
        let t = enumerate(3, 1).unwrap();
        assert_eq!(t.by_max, vec![1, 3]);
        assert_eq!(t.by_total, vec![1]);
        // Two piles <= 4: (x, x), totals 0, 2, 4.
        let t = enumerate(2, 4).unwrap();
        assert_eq!(t.by_max, vec![1; 5]);
        assert_eq!(t.by_total, vec![1, 1, 1]);
        assert_eq!(enumerate(1, 3).unwrap().by_max, vec![1, 0, 0, 0]);
        assert!(enumerate(9, 1 << 20).is_err());
    }

    #[test]
    fn digit_dps_agree_with_the_enumerator() {
        for (k, max) in [(1usize, 40u64), (2, 40), (3, 40), (4, 20), (5, 12), (7, 5)] {
            let t = enumerate(k, max).unwrap();
            let mut running = 0u64;
            for n in 0..=max {
                running += t.by_max[n as usize];
                assert_eq!(
                    max_at_most_digits(k, n as u128),
                    BigUint::from(running),
                    "k={k} n={n}"
                );
            }
            let mut running = 0u64;
            for (n, &c) in t.by_total.iter().enumerate() {
                running += c;
                assert_eq!(
                    total_exactly_digits(k, n as u128),
                    BigUint::from(c),
                    "k={k} n={n}"
                );
                assert_eq!(
                    total_at_most_digits(k, n as u128),
                    BigUint::from(running),
                    "k={k} n={n}"
                );
            }
        }
    }
}
