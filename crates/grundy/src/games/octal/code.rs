//! The code of a heap game: `d0.d1d2d3...`, one digit per number of tokens taken.
//!
//! Digit `d_t` says what removing `t` tokens from a heap may leave, as a sum of powers of two
//! (Guy and Smith 1956; *Winning Ways*, ch. 4): 1 nothing (only when the heap had exactly `t`
//! tokens), 2 one non-empty heap, 4 two non-empty heaps, 8 three non-empty heaps (hexadecimal
//! codes only). `d_0` may only split (4 or 8): taking nothing without splitting would be a pass.
//! Octal digits are `0..=7`, hexadecimal digits `0..=9, A..=F`. Trailing zero digits mean nothing
//! and are dropped from the canonical code.

use crate::{Error, Result};

/// The most digits a code may have (the largest number of tokens a move takes, plus one).
pub const MAX_DIGITS: usize = 1 << 16;

/// Octal (digits below 8, at most two heaps after a move) or hexadecimal (up to three).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Base {
    /// Digits `0..=7`.
    Octal,
    /// Digits `0..=F`.
    Hexadecimal,
}

/// The rules of a heap game given by a code, plus Grundy's game (split into two unequal heaps),
/// which has the code `4.` with the extra rule that the two heaps differ.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rules {
    /// `digits[t]` for `t = 0..=k`; the last one is non-zero unless the game has no move.
    digits: Vec<u8>,
    base: Base,
    /// Two-heap splits must leave unequal heaps (Grundy's game).
    unequal: bool,
}

/// A move class: take `take` tokens and leave `heaps` non-empty heaps (0, 1, 2 or 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveKind {
    /// Tokens removed.
    pub take: usize,
    /// Non-empty heaps left (0 only when the heap had exactly `take` tokens).
    pub heaps: u8,
}

impl Rules {
    /// Parses a code such as `0.137`, `.07`, `4.7` or (hexadecimal) `0.F8`.
    pub fn parse(text: &str, base: Base) -> Result<Self> {
        let bad = |why: String| Error::Spec(format!("'{text}' is not a game code: {why}"));
        let text = text.trim();
        let (whole, fraction) = match text.split_once('.') {
            Some((w, f)) => (w, f),
            None => (text, ""),
        };
        let d0 = match whole {
            "" => 0,
            w if w.len() == 1 => digit(w.as_bytes()[0], base)
                .ok_or_else(|| bad(format!("'{w}' is not a {} digit", base.name())))?,
            w => return Err(bad(format!("'{w}' before the point must be one digit"))),
        };
        if d0 & 3 != 0 {
            return Err(bad(format!(
                "d0 = {d0} would let a move take nothing and leave the heap (only 4{} may stand before the point: split without taking)",
                if base == Base::Hexadecimal { ", 8 or C" } else { "" }
            )));
        }
        let mut digits = vec![d0];
        for c in fraction.bytes() {
            let d = digit(c, base)
                .ok_or_else(|| bad(format!("'{}' is not a {} digit", c as char, base.name())))?;
            digits.push(d);
        }
        if digits.len() > MAX_DIGITS {
            return Err(Error::TooLarge(format!(
                "a code may have at most {} digits after the point",
                MAX_DIGITS - 1
            )));
        }
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        Ok(Rules {
            digits,
            base,
            unequal: false,
        })
    }

    /// Grundy's game: split a heap into two unequal non-empty heaps.
    pub fn grundy_game() -> Self {
        Rules {
            digits: vec![4],
            base: Base::Octal,
            unequal: true,
        }
    }

    /// The canonical code, e.g. `0.137` (Grundy's game: `4.` with unequal heaps, shown as `4!`).
    pub fn code(&self) -> String {
        let mut s = String::new();
        s.push(show_digit(self.digits[0]));
        if self.unequal {
            s.push('!');
            return s;
        }
        s.push('.');
        if self.digits.len() == 1 {
            s.push('0');
        }
        s.extend(self.digits[1..].iter().map(|&d| show_digit(d)));
        s
    }

    /// Octal or hexadecimal.
    pub fn base(&self) -> Base {
        self.base
    }

    /// Whether two-heap splits must leave unequal heaps (Grundy's game).
    pub fn unequal(&self) -> bool {
        self.unequal
    }

    /// The position `k` of the last non-zero digit (0 for a game with no digit after the point).
    pub fn last_digit(&self) -> usize {
        self.digits.len() - 1
    }

    /// The digit for taking `t` tokens (0 beyond the code).
    pub fn digit(&self, t: usize) -> u8 {
        self.digits.get(t).copied().unwrap_or(0)
    }

    /// Every move class, by number of tokens taken, then heaps left.
    pub fn kinds(&self) -> impl Iterator<Item = MoveKind> + '_ {
        self.digits.iter().enumerate().flat_map(|(take, &d)| {
            (0..4u8)
                .filter(move |h| d >> h & 1 == 1)
                .map(move |heaps| MoveKind { take, heaps })
        })
    }

    /// The numbers of tokens a move may take leaving `heaps` heaps.
    pub fn takes(&self, heaps: u8) -> Vec<usize> {
        self.kinds()
            .filter(|k| k.heaps == heaps)
            .map(|k| k.take)
            .collect()
    }

    /// The most heaps a move leaves (0 when there is no move).
    pub fn max_heaps(&self) -> u8 {
        self.kinds().map(|k| k.heaps).max().unwrap_or(0)
    }
}

impl Base {
    fn name(self) -> &'static str {
        match self {
            Base::Octal => "octal",
            Base::Hexadecimal => "hexadecimal",
        }
    }
}

fn digit(c: u8, base: Base) -> Option<u8> {
    let d = (c as char).to_digit(16)? as u8;
    (base == Base::Hexadecimal || d < 8).then_some(d)
}

fn show_digit(d: u8) -> char {
    char::from_digit(u32::from(d), 16)
        .expect("a digit below 16")
        .to_ascii_uppercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_parse_and_print_canonically() {
        let code = |t: &str| Rules::parse(t, Base::Octal).unwrap().code();
        assert_eq!(code("0.137"), "0.137");
        assert_eq!(code(".07"), "0.07");
        assert_eq!(code("0.0700"), "0.07");
        assert_eq!(code("4.7"), "4.7");
        assert_eq!(code("4"), "4.0");
        assert_eq!(code("0.0"), "0.0");
        let hex = Rules::parse("0.f8", Base::Hexadecimal).unwrap();
        assert_eq!(hex.code(), "0.F8");
        assert_eq!(hex.max_heaps(), 3);
        assert_eq!(Rules::grundy_game().code(), "4!");
    }

    #[test]
    fn bad_codes_are_refused_with_the_reason() {
        let err = |t: &str, b| Rules::parse(t, b).unwrap_err().to_string();
        assert!(err("0.8", Base::Octal).contains("not a octal digit"));
        assert!(err("0.G", Base::Hexadecimal).contains("not a hexadecimal digit"));
        assert!(err("1.7", Base::Octal).contains("d0 = 1"));
        assert!(err("12.7", Base::Octal).contains("one digit"));
        assert!(err("0.7x", Base::Octal).contains("'x'"));
        let long = format!("0.{}", "7".repeat(MAX_DIGITS));
        assert!(err(&long, Base::Octal).contains("at most"));
    }

    #[test]
    fn move_kinds_follow_the_bits() {
        let kayles = Rules::parse("0.77", Base::Octal).unwrap();
        assert_eq!(kayles.takes(0), vec![1, 2]);
        assert_eq!(kayles.takes(1), vec![1, 2]);
        assert_eq!(kayles.takes(2), vec![1, 2]);
        assert_eq!(kayles.last_digit(), 2);
        let split = Rules::parse("4.", Base::Octal).unwrap();
        assert_eq!(split.takes(2), vec![0]);
        assert_eq!(split.last_digit(), 0);
    }
}
