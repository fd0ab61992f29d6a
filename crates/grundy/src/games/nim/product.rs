//! Nim multiplication: Conway's field of characteristic 2 on the nimbers.
//!
//! Nim addition is XOR. Nim multiplication is defined by the mex (Conway, *On Numbers and
//! Games*, ch. 6; Winning Ways ch. 14, "Nim multiplication"):
//!
//! `a ⊗ b = mex { a' ⊗ b ⊕ a ⊗ b' ⊕ a' ⊗ b' : a' < a, b' < b }`,
//!
//! and with XOR it makes the non-negative integers a field (ONAG ch. 6); the numbers below
//! `2^(2^k)` form a subfield of order `2^(2^k)`, so the product of two 64-bit numbers is a 64-bit
//! number. The *Fermat 2-powers* `F = 2^(2^k)` rule it (ONAG ch. 6; Winning Ways ch. 14):
//!
//! - `x ⊗ F = x · F` (the ordinary product) when `x < F`;
//! - `F ⊗ F = F ⊕ F/2` (that is, `3F/2`).
//!
//! So writing `a = a1·F ⊕ a0` and `b = b1·F ⊕ b0` with halves below `F`,
//!
//! `a ⊗ b = (a1⊗b1 ⊕ a1⊗b0 ⊕ a0⊗b1)·F ⊕ a0⊗b0 ⊕ (a1⊗b1) ⊗ F/2`,
//!
//! four products of half the width (three by Karatsuba's trick:
//! `a1⊗b0 ⊕ a0⊗b1 = (a1⊕a0)⊗(b1⊕b0) ⊕ a1⊗b1 ⊕ a0⊗b0`) and one by `F/2`. [`nim_product`] recurses
//! on this down to single bits; [`by_definition`] is its brute-force twin, the mex itself.
//! Conway's values: `2 ⊗ 2 = 3`, `4 ⊗ 4 = 6`, `8 ⊗ 8 = 13`, `16 ⊗ 16 = 24`.

/// The nim product of `a` and `b`, both below `2^bits` (`bits` a power of two, at most 128).
fn product(a: u128, b: u128, bits: u32) -> u128 {
    if bits == 1 {
        return a & b;
    }
    if a <= 1 || b <= 1 {
        // 0 and 1 are the field's zero and one.
        return a * b;
    }
    let half = bits / 2;
    let mask = (1u128 << half) - 1;
    let (a1, a0, b1, b0) = (a >> half, a & mask, b >> half, b & mask);
    let high = product(a1, b1, half);
    let low = product(a0, b0, half);
    let cross = product(a1 ^ a0, b1 ^ b0, half) ^ high ^ low;
    // (a1⊗b1)·(F ⊕ F/2) ⊕ cross·F ⊕ low, with F = 2^half.
    ((high ^ cross) << half) ^ low ^ product(high, 1 << (half - 1), half)
}

/// The nim product `a ⊗ b` of two 64-bit numbers (a 64-bit number: the numbers below `2^64`
/// are a subfield).
pub fn nim_product(a: u64, b: u64) -> u64 {
    product(u128::from(a), u128::from(b), 64) as u64
}

/// The nim product of two 128-bit numbers.
pub fn nim_product_u128(a: u128, b: u128) -> u128 {
    product(a, b, 128)
}

/// `a` to the nim power `n` (repeated nim multiplication; `a^0 = 1`).
pub fn nim_power(a: u64, mut n: u64) -> u64 {
    let (mut base, mut result) = (a, 1);
    while n > 0 {
        if n & 1 == 1 {
            result = nim_product(result, base);
        }
        base = nim_product(base, base);
        n >>= 1;
    }
    result
}

/// The nim inverse of `a != 0`: `a^(2^64 - 2)`, since the multiplicative group of the field of
/// the numbers below `2^64` has order `2^64 - 1`. `None` for 0.
pub fn nim_inverse(a: u64) -> Option<u64> {
    (a != 0).then(|| nim_power(a, u64::MAX - 1))
}

/// The table of `a ⊗ b` for `a, b < n` by the mex definition (the brute-force twin):
/// `table[a][b]`. Quartic in `n`; `progress` is told the fraction of rows done.
pub fn by_definition(n: usize, progress: &mut dyn FnMut(f64)) -> Vec<Vec<u64>> {
    let mut table = vec![vec![0u64; n]; n];
    let mut seen = Vec::new();
    for a in 0..n {
        progress(a as f64 / n as f64);
        for b in 0..n {
            seen.clear();
            seen.resize(a * b + 2, false);
            for a2 in 0..a {
                for b2 in 0..b {
                    let v = table[a2][b] ^ table[a][b2] ^ table[a2][b2];
                    if let Some(slot) = seen.get_mut(v as usize) {
                        *slot = true;
                    }
                }
            }
            table[a][b] = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u64;
        }
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn conways_values() {
        // ONAG ch. 6 and Winning Ways ch. 14.
        for (a, b, p) in [
            (2, 2, 3),
            (4, 4, 6),
            (8, 8, 13),
            (16, 16, 24),
            (2, 4, 8),
            (3, 5, 15),
        ] {
            assert_eq!(nim_product(a, b), p, "{a} x {b}");
        }
        // F ⊗ F = 3F/2 for every Fermat 2-power F below 2^64, and x ⊗ F = x·F for x < F.
        for k in 0..6 {
            let f = 1u64 << (1 << k);
            if f <= 2 {
                continue;
            }
            assert_eq!(nim_product(f, f), f + f / 2);
            assert_eq!(nim_product(f - 1, f), (f - 1) * f);
        }
        assert_eq!(nim_product_u128(1 << 64, 1 << 64), (1 << 64) + (1 << 63));
    }

    #[test]
    fn recursion_agrees_with_the_mex_definition_below_64() {
        let table = by_definition(64, &mut |_| {});
        for a in 0..64 {
            for b in 0..64 {
                assert_eq!(
                    nim_product(a, b),
                    table[a as usize][b as usize],
                    "{a} x {b}"
                );
            }
        }
    }

    #[test]
    fn inverses() {
        assert_eq!(nim_inverse(0), None);
        assert_eq!(nim_inverse(1), Some(1));
        // 2 ⊗ 3 = 1.
        assert_eq!(nim_inverse(2), Some(3));
        for a in 1..300u64 {
            assert_eq!(nim_product(a, nim_inverse(a).unwrap()), 1, "{a}");
        }
    }

    proptest! {
        #[test]
        fn field_laws(a in any::<u64>(), b in any::<u64>(), c in any::<u64>()) {
            prop_assert_eq!(nim_product(a, b), nim_product(b, a));
            prop_assert_eq!(nim_product(nim_product(a, b), c), nim_product(a, nim_product(b, c)));
            prop_assert_eq!(nim_product(a, b ^ c), nim_product(a, b) ^ nim_product(a, c));
            prop_assert_eq!(nim_product(a, 1), a);
            prop_assert_eq!(nim_product(a, 0), 0);
            if a != 0 {
                prop_assert_eq!(nim_product(a, nim_inverse(a).unwrap()), 1);
            }
            // The u64 field is a subfield of the u128 one.
            prop_assert_eq!(nim_product_u128(a.into(), b.into()), u128::from(nim_product(a, b)));
        }

        #[test]
        fn field_laws_u128(a in any::<u128>(), b in any::<u128>(), c in any::<u128>()) {
            prop_assert_eq!(nim_product_u128(a, b), nim_product_u128(b, a));
            prop_assert_eq!(
                nim_product_u128(nim_product_u128(a, b), c),
                nim_product_u128(a, nim_product_u128(b, c))
            );
            prop_assert_eq!(nim_product_u128(a, b ^ c), nim_product_u128(a, b) ^ nim_product_u128(a, c));
        }
    }
}
