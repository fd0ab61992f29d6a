//! Codes with the same Grundy values at every heap, recognised before anything is computed.
//!
//! Two codes are grouped when they reach the same *saturated* code: the code with every move
//! added that gives no option value the game does not already have at that heap. Adding such a
//! move changes no value (by induction on the heap: the options' values are the same set, so
//! the mex is), so every code of a group has the values of the saturated code, hence of each
//! other, for every heap and so every position (a position is a sum of heaps). Three kinds of
//! move are added, digit by digit, at take counts `t <= L` (`L` the survey's longest code):
//!
//! 1. *Taking all `t` tokens* (bit 1 of `d_t`, possible only from a heap of exactly `t`): its
//!    option has value 0, which is already an option of heap `t` when `G(t) != 0`. `G(0..=L)`
//!    comes from the definition ([`crate::games::octal::engine::definition`]); the additions
//!    change no value, so it is computed once.
//! 2. When `G(1) = 0` (`d_1` does not take a lone token), a heap of 1 is worth nothing, and
//!    *splitting off a heap of 1* is worth what leaving the rest alone is. So taking `t - 1` and
//!    leaving two heaps (bit 4 of `d_{t-1}`, including `d_0 = 4`: split without taking) already
//!    gives, at every heap `n > t`, the option `{1, n - t}`, of value `G(n - t)`: *taking `t` and
//!    leaving one heap* (bit 2 of `d_t`, also possible exactly when `n > t`) adds nothing.
//! 3. Likewise (hexadecimal codes) a three-heap move of `t - 1` (bit 8 of `d_{t-1}`) gives `{1,
//!    a, b}` for every split `a + b = n - t`: *taking `t` and leaving two heaps* (bit 4 of
//!    `d_t`) adds nothing.
//!
//! Example: `0.6`, `0.61`, `0.62` and `0.63` all saturate to `0.631` (`L = 3`), so they have
//! the same values; so do `0.22` and `0.23` (`G(2) = 1`). Codes whose values agree only after a
//! shift of the heap sizes (tczajka's lookup tables group `0.07` with `0.4`) are not grouped:
//! their preperiods differ. The grouping is sound but not complete: two codes outside one group
//! may still have equal values.

use crate::games::octal::code::Rules;
use crate::games::octal::engine::definition;
use crate::Result;

/// The saturated digits of `rules` with take counts up to `max_take` (see the module docs),
/// the last digit non-zero.
pub fn saturate(rules: &Rules, max_take: usize) -> Vec<u8> {
    let values = definition(rules, max_take + 1);
    let mut digits: Vec<u8> = (0..=max_take).map(|t| rules.digit(t)).collect();
    let g1_zero = digits.get(1).is_none_or(|d| d & 1 == 0);
    // Each pass only adds bits; a bit added at t may enable one at t + 1, so pass until stable.
    loop {
        let before = digits.clone();
        for t in 1..=max_take {
            if values[t] != 0 {
                digits[t] |= 1;
            }
            if g1_zero && digits[t - 1] & 4 != 0 {
                digits[t] |= 2;
            }
            if g1_zero && digits[t - 1] & 8 != 0 {
                digits[t] |= 4;
            }
        }
        if digits == before {
            break;
        }
    }
    while digits.len() > 1 && digits.last() == Some(&0) {
        digits.pop();
    }
    digits
}

/// The code of `digits` (`d0.d1d2...`), as [`Rules::code`] writes it.
pub fn code_text(digits: &[u8]) -> String {
    let show = |d: &u8| {
        char::from_digit(u32::from(*d), 16)
            .expect("a digit below 16")
            .to_ascii_uppercase()
    };
    let mut s = String::new();
    s.push(show(&digits[0]));
    s.push('.');
    if digits.len() == 1 {
        s.push('0');
    }
    s.extend(digits[1..].iter().map(show));
    s
}

/// The saturated code of `rules` as rules (octal digits can saturate above 7 only through bit
/// 8, which octal codes lack, so the base is kept).
pub fn saturated_rules(rules: &Rules, max_take: usize) -> Result<Rules> {
    let base = rules.base();
    Rules::parse(&code_text(&saturate(rules, max_take)), base)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::octal::code::Base;
    use crate::games::octal::theory::all_codes;

    fn octal(code: &str) -> Rules {
        Rules::parse(code, Base::Octal).unwrap()
    }

    #[test]
    fn the_examples_of_the_docs_saturate_together() {
        for code in ["0.6", "0.61", "0.62", "0.63"] {
            assert_eq!(code_text(&saturate(&octal(code), 3)), "0.631", "{code}");
        }
        assert_eq!(
            code_text(&saturate(&octal("0.22"), 2)),
            code_text(&saturate(&octal("0.23"), 2))
        );
        // Kayles: G(3) = 3, so taking a whole heap of 3 adds nothing; G(1) = 1 blocks the rest.
        assert_eq!(code_text(&saturate(&octal("0.77"), 3)), "0.771");
        assert_eq!(code_text(&saturate(&octal("0.77"), 2)), "0.77");
    }

    /// The soundness of the grouping, against the definition: every pair of codes of up to
    /// three digits (octal) and two (hexadecimal) with the same saturated code has the same
    /// values, far beyond the digits looked at (the values of 0..400 by the plain rule).
    #[test]
    fn codes_saturating_alike_have_the_same_values() {
        for (digits, base, len) in [(3, Base::Octal, 400), (2, Base::Hexadecimal, 120)] {
            let codes = all_codes(digits, base);
            let mut by_key: std::collections::HashMap<Vec<u8>, Vec<u32>> = Default::default();
            let mut grouped = 0;
            for rules in &codes {
                let key = saturate(rules, digits as usize);
                let values = definition(rules, len);
                match by_key.get(&key) {
                    Some(first) => {
                        grouped += 1;
                        assert_eq!(first, &values, "{} ({})", rules.code(), code_text(&key));
                    }
                    None => {
                        by_key.insert(key, values);
                    }
                }
            }
            assert!(grouped > 0, "some codes are grouped");
        }
    }

    #[test]
    fn saturation_only_adds_moves() {
        for rules in all_codes(3, Base::Octal) {
            let saturated = saturate(&rules, 3);
            for t in 0..=3 {
                let d = rules.digit(t);
                assert_eq!(saturated.get(t).copied().unwrap_or(0) & d, d);
            }
        }
    }
}
