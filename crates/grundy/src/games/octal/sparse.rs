//! The rare/common split of the sparse-space method (Berlekamp, Conway and Guy, *Winning Ways*,
//! ch. 4, "Sparse space spells speed"; Flammenkamp's tables choose one split per game).
//!
//! Fix a mask `m`. Call `sigma(n) = parity(G(n) & m)`, or, for a split "in the domain",
//! `parity(G(n) & m) XOR (n mod 2)`. A position is *rare* when `sigma(n) = c` and *common*
//! otherwise. The parity of `(G(a) XOR G(b)) & m` is `sigma(a) XOR sigma(b)`, corrected by
//! `(a + b) mod 2` in the domain case. So when both parts of a split of `a + b = n - t` are
//! common, the option's value has the parity `s * ((n - t) mod 2)` (`s` = 1 in the domain case):
//! common-common pairs can only produce values of that parity. The engine therefore visits
//! every pair with a rare part (few, when the split is good), takes the mex, and only when the
//! candidate has a parity common-common pairs can produce does it look at the other pairs.
//! Any split gives correct values; a good one (few rare positions) gives speed. [`choose`]
//! picks, among masks over the low bits and their complements (Flammenkamp's masks are
//! infinite bit strings, e.g. `...11110` for Grundy's game), the split with the fewest rare
//! positions in a window of computed values.

use serde::Serialize;

/// A rare/common split.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Split {
    /// The mask `m` (bits above 31 do not occur in values).
    pub mask: u32,
    /// Whether the parity of `n` enters (a split in the domain).
    pub domain: bool,
    /// The `sigma` of rare positions.
    pub rare_sigma: bool,
}

impl Split {
    /// The split used before any value is known: all ones in the range.
    pub const DEFAULT: Split = Split {
        mask: u32::MAX,
        domain: false,
        rare_sigma: false,
    };

    /// Whether position `n` with value `v` is rare.
    #[inline(always)]
    pub fn is_rare(&self, n: usize, v: u32) -> bool {
        self.sigma(n, v) == self.rare_sigma
    }

    #[inline(always)]
    fn sigma(&self, n: usize, v: u32) -> bool {
        ((v & self.mask).count_ones() & 1 == 1) ^ (self.domain && n & 1 == 1)
    }

    /// The parity `parity(v & mask)` common-common pairs of a split of `m = n - t` can give.
    #[inline(always)]
    pub fn common_pair_parity(&self, m: usize) -> u32 {
        u32::from(self.domain && m & 1 == 1)
    }

    /// `parity(v & mask)`.
    #[inline(always)]
    pub fn parity(&self, v: u32) -> u32 {
        (v & self.mask).count_ones() & 1
    }

    /// The split in words, e.g. `mask ...1110; n is rare when parity(G(n) & mask) = 0`. A mask
    /// with all high bits set is written `...111` followed by its low bits.
    pub fn describe(&self) -> String {
        let mask = if self.mask.count_ones() > 16 {
            let width = 32 - (!self.mask).leading_zeros();
            let low: String = (0..width)
                .rev()
                .map(|i| if self.mask >> i & 1 == 1 { '1' } else { '0' })
                .collect();
            format!("...111{low}")
        } else {
            format!("{:b}", self.mask)
        };
        let sigma = if self.domain {
            "parity(G(n) & mask) XOR (n mod 2)"
        } else {
            "parity(G(n) & mask)"
        };
        format!(
            "mask {mask}; n is rare when {sigma} = {}",
            u8::from(self.rare_sigma)
        )
    }
}

/// The splits allowed for a game whose two-heap moves take the numbers in `split_takes`: in the
/// range always; in the domain only when all those numbers have one parity `q`, with rare
/// `sigma = q` (then common values are exactly the ones common-common pairs cannot produce).
fn allowed(split_takes: &[usize]) -> Vec<(bool, bool)> {
    let mut kinds = vec![(false, false)];
    if let Some(&first) = split_takes.first() {
        if split_takes.iter().all(|t| t % 2 == first % 2) {
            kinds.push((true, first % 2 == 1));
        }
    }
    kinds
}

/// The split with the fewest rare positions expected once the table has doubled: those of
/// `G(0..len)` plus as many again as in its later half (the block step pairs every rare position
/// with every later `n`, so all of them cost; the later half says how fast they keep coming).
/// Ties are broken by the later half; `current` unless a candidate does strictly better.
/// (Counting the later half only chose, for Treblecross at 2^15, a mask with fewer rare
/// positions in 2^14..2^15 but twice as many in all, and four times as many by 2 x 10^5.)
pub fn choose(
    split_takes: &[usize],
    len: usize,
    value: impl Fn(usize) -> u32,
    current: Split,
) -> Split {
    // Histograms of (value, n mod 2) for each half: every candidate is then counted in one
    // pass over them.
    let mut counts: [Vec<[u64; 2]>; 2] = [Vec::new(), Vec::new()];
    for n in 1..len {
        let half = usize::from(n >= len / 2);
        let v = value(n) as usize;
        let c = &mut counts[half];
        if v >= c.len() {
            c.resize(v + 1, [0, 0]);
        }
        c[v][n & 1] += 1;
    }
    let rare_count = |split: &Split| -> (u64, u64) {
        let count = |c: &Vec<[u64; 2]>| -> u64 {
            c.iter()
                .enumerate()
                .map(|(v, c)| {
                    (0..2)
                        .filter(|&par| split.is_rare(par, v as u32))
                        .map(|par| c[par])
                        .sum::<u64>()
                })
                .sum()
        };
        let (later, earlier) = (count(&counts[1]), count(&counts[0]));
        (2 * later + earlier, later)
    };
    let largest = counts[0].len().max(counts[1].len()) as u32;
    let bits = (32 - largest.leading_zeros()).min(10);
    let mut best = (rare_count(&current), current);
    for (domain, rare_sigma) in allowed(split_takes) {
        for low in 0..(1u32 << bits) {
            for mask in [low, !low] {
                if mask == 0 {
                    continue;
                }
                let split = Split {
                    mask,
                    domain,
                    rare_sigma,
                };
                let count = rare_count(&split);
                if count < best.0 {
                    best = (count, split);
                }
            }
        }
    }
    best.1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_pairs_give_the_stated_parity() {
        // For every split, every pair of common positions gives the announced parity.
        for split in [
            Split::DEFAULT,
            Split {
                mask: 0b110,
                domain: true,
                rare_sigma: true,
            },
            Split {
                mask: !1,
                domain: false,
                rare_sigma: false,
            },
        ] {
            for a in 1..20usize {
                for b in 1..20usize {
                    for va in 0..16u32 {
                        for vb in 0..16u32 {
                            if split.is_rare(a, va) || split.is_rare(b, vb) {
                                continue;
                            }
                            assert_eq!(
                                split.parity(va ^ vb),
                                split.common_pair_parity(a + b),
                                "{split:?} {a} {b} {va} {vb}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn kayles_values_choose_a_mask_with_few_rare_positions() {
        // Kayles' periodic part takes the values 1, 2, 4, 7, 8, all of odd weight.
        let cycle = [4u32, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7];
        let split = choose(&[1, 2], 1200, |n| cycle[n % 12], Split::DEFAULT);
        let rare = (0..1200)
            .filter(|&n| split.is_rare(n, cycle[n % 12]))
            .count();
        assert_eq!(rare, 0, "{split:?}");
        assert!(split.describe().contains("mask"));
        let grundy = Split {
            mask: !1,
            domain: false,
            rare_sigma: false,
        };
        assert_eq!(
            grundy.describe(),
            "mask ...1110; n is rare when parity(G(n) & mask) = 0"
        );
    }
}
