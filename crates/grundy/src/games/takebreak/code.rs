//! General take-and-break codes, in CGSuite's notation (`game.heap.TakeAndBreak`, A. Siegel's
//! CGSuite; its documentation and `TBCode.scala` are the reference read for this grammar).
//!
//! A code is `d0.d1d2...dk`, optionally ending in a repeating part `[...]`. Digit `d_t` says
//! what removing `t` tokens from a heap may leave: bit `j` of its value allows leaving exactly
//! `j` non-empty heaps (1 = nothing, only when the heap had `t` tokens; 2 = one heap; 4 = two
//! heaps; 8 = three; 16 = four...). A digit is written
//!
//! - `0`-`9`, `A`-`V` (case-insensitive): the values 0 to 31 (up to four heaps);
//! - `&N;`: the value `N` in decimal (bits up to 63), e.g. `&64;` = leave exactly six heaps;
//! - `{2,3}`: the heap counts listed (here `C`); `{2+}`: two or more heaps; `{0,2!,3?}`: each
//!   count with its own modifier;
//! - `*`: any number of heaps (`{0+}`).
//!
//! A digit may carry a modifier for the heaps it leaves: `!` all pairwise unequal, `?` not all
//! equal, `=` all equal. Grundy's game is `4!.0`; `0.[3]` is Nim (the bracketed digits repeat
//! for ever); `{2+}=.0` splits a heap into two or more equal heaps.
//!
//! Where grundy differs from CGSuite:
//! - only one digit may stand before the point once leading zeros are dropped (CGSuite reads
//!   further digits as moves that *add* tokens, whose play need not end);
//! - `d0` may not allow leaving nothing or one heap (taking nothing and leaving the heap would
//!   be a pass);
//! - a modifier constrains the moves leaving two or more heaps only: with one heap there is
//!   nothing to compare (CGSuite's traversal refuses the one-heap move to a heap of 1 under
//!   `?`, and no other one-heap move; we allow it);
//! - the code may omit the point (`4!` = `4!.0`), as octal codes may.

use crate::{Error, Result};

/// The most digits a code may have before its repeating part ends.
pub const MAX_DIGITS: usize = 1 << 12;
/// The largest heap count a digit may name (bits of a 64-bit value).
pub const MAX_COUNT: usize = 63;

/// A constraint on the heaps a move leaves (moves leaving two or more heaps).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Constraint {
    /// Any sizes.
    Free,
    /// `!`: pairwise unequal.
    Unequal,
    /// `?`: not all equal.
    NotAllEqual,
    /// `=`: all equal.
    Equal,
}

impl Constraint {
    fn symbol(self) -> &'static str {
        match self {
            Constraint::Free => "",
            Constraint::Unequal => "!",
            Constraint::NotAllEqual => "?",
            Constraint::Equal => "=",
        }
    }

    /// Whether the heaps `parts` (sorted ascending, at least two) satisfy the constraint.
    pub fn allows(self, parts: &[u64]) -> bool {
        match self {
            Constraint::Free => true,
            Constraint::Unequal => parts.windows(2).all(|w| w[0] != w[1]),
            Constraint::NotAllEqual => parts.first() != parts.last(),
            Constraint::Equal => parts.first() == parts.last(),
        }
    }
}

/// One digit: which heap counts a move may leave, each with its constraint.
#[derive(Debug, Clone, PartialEq, Eq, Default, Hash)]
pub struct Digit {
    /// `counts[j]`: leaving exactly `j` heaps is allowed, with this constraint.
    counts: Vec<Option<Constraint>>,
    /// Every count beyond the last listed is allowed too, with the last one's constraint.
    more: bool,
}

impl Digit {
    /// The digit of value `bits` (bit `j`: leave `j` heaps), all with `constraint`.
    pub fn from_bits(bits: u64, constraint: Constraint) -> Self {
        let counts = (0..64)
            .map(|j| (bits >> j & 1 == 1).then_some(constraint))
            .collect();
        Digit {
            counts,
            more: false,
        }
        .normalized()
    }

    /// Constraints on 0 or 1 heap mean nothing; trailing disallowed counts are dropped; an
    /// unbounded tail of counts is written from its first count with that constraint.
    fn normalized(mut self) -> Self {
        if self.more {
            let last = *self.counts.last().expect("more has a last count");
            while self.counts.len() < 3 {
                self.counts.push(last);
            }
        }
        for c in self.counts.iter_mut().take(2).flatten() {
            *c = Constraint::Free;
        }
        // Two heaps "not all equal" is "unequal" (unless it stands for 2 and more heaps).
        if !(self.more && self.counts.len() == 3) {
            if let Some(Some(c @ Constraint::NotAllEqual)) = self.counts.get_mut(2) {
                *c = Constraint::Unequal;
            }
        }
        while self.counts.last() == Some(&None) {
            self.counts.pop();
        }
        // `{..., 3, 4+}` with the same constraint is `{..., 3+}`.
        while self.more && self.counts.len() > 3 {
            let n = self.counts.len();
            if self.counts[n - 2] == self.counts[n - 1] {
                self.counts.pop();
            } else {
                break;
            }
        }
        self
    }

    /// The constraint for leaving `j` heaps, `None` when that is not allowed.
    pub fn allows(&self, j: u64) -> Option<Constraint> {
        let n = self.counts.len() as u64;
        if j < n {
            self.counts[j as usize]
        } else if self.more {
            *self.counts.last().expect("more has a last count")
        } else {
            None
        }
    }

    /// Whether the digit allows no move.
    pub fn is_zero(&self) -> bool {
        self.counts.is_empty()
    }

    /// The largest heap count allowed, `None` when unbounded.
    pub fn max_heaps(&self) -> Option<u64> {
        (!self.more).then(|| self.counts.len().saturating_sub(1) as u64)
    }

    /// Whether every count of two or more heaps is unconstrained.
    pub fn is_free(&self) -> bool {
        self.counts.iter().flatten().all(|&c| c == Constraint::Free)
    }

    /// The value as bits (counts up to 63), when the digit is a finite set of counts.
    pub fn bits(&self) -> Option<u64> {
        if self.more {
            return None;
        }
        Some(
            self.counts
                .iter()
                .enumerate()
                .filter(|(_, c)| c.is_some())
                .fold(0u64, |b, (j, _)| b | 1 << j),
        )
    }

    /// The move classes: `(first count, unbounded, constraint)`, counts ascending; a class
    /// `(j, true, c)` allows every count `>= j`.
    pub fn atoms(&self) -> Vec<(u64, bool, Constraint)> {
        let n = self.counts.len();
        let mut atoms = Vec::new();
        for (j, c) in self.counts.iter().enumerate() {
            if let Some(c) = *c {
                atoms.push((j as u64, self.more && j == n - 1, c));
            }
        }
        atoms
    }

    fn show(&self) -> String {
        if self.counts.is_empty() {
            return "0".into();
        }
        // The one constraint of the counts >= 2, if they share one.
        let split: Vec<Constraint> = self.counts.iter().skip(2).flatten().copied().collect();
        let shared = match split.first() {
            None => Some(Constraint::Free),
            Some(&c) => split.iter().all(|&d| d == c).then_some(c),
        };
        match (shared, self.more) {
            (Some(c), false) => {
                let bits = self.bits().expect("finite");
                let base = if bits < 32 {
                    char::from_digit(bits as u32, 32)
                        .expect("below 32")
                        .to_ascii_uppercase()
                        .to_string()
                } else {
                    format!("&{bits};")
                };
                format!("{base}{}", c.symbol())
            }
            (Some(c), true) => {
                if self.counts.iter().all(Option::is_some) {
                    // Every count from 0 (`*`).
                    return format!("*{}", c.symbol());
                }
                let list: Vec<String> = self
                    .counts
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| c.is_some())
                    .map(|(j, _)| j.to_string())
                    .collect();
                format!("{{{}+}}{}", list.join(","), c.symbol())
            }
            (None, more) => {
                let list: Vec<String> = self
                    .counts
                    .iter()
                    .enumerate()
                    .filter_map(|(j, c)| c.map(|c| format!("{j}{}", c.symbol())))
                    .collect();
                format!("{{{}{}}}", list.join(","), if more { "+" } else { "" })
            }
        }
    }
}

/// A take-and-break code: digits `d_0, d_1, ...` and the length of the repeating tail.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Code {
    digits: Vec<Digit>,
    /// The last `repeat` digits repeat for ever (0: the code is finite).
    repeat: usize,
}

impl Code {
    /// Parses a code in CGSuite's notation (see the module documentation).
    pub fn parse(text: &str) -> Result<Self> {
        let text = text.trim();
        let bad =
            |why: String| Error::Spec(format!("'{text}' is not a take-and-break code: {why}"));
        let chars: Vec<char> = text.chars().collect();
        let mut i = 0;
        let mut whole: Vec<Digit> = Vec::new();
        let mut digits: Vec<Digit> = Vec::new();
        let mut point = false;
        let mut repeat_start = None;
        let mut closed = false;
        while i < chars.len() {
            let c = chars[i];
            match c {
                '.' if !point => {
                    point = true;
                    i += 1;
                    continue;
                }
                '.' => return Err(bad("a second '.'".into())),
                '[' if !point => {
                    return Err(bad(
                        "a repeating part '[...]' must come after the point".into()
                    ))
                }
                '[' if repeat_start.is_some() => {
                    return Err(bad("only one repeating part '[...]' may be given".into()))
                }
                '[' => {
                    repeat_start = Some(digits.len());
                    i += 1;
                    continue;
                }
                ']' if repeat_start.is_none() || closed => {
                    return Err(bad("a ']' without its '['".into()))
                }
                ']' => {
                    if i + 1 != chars.len() {
                        return Err(bad("the repeating part '[...]' must end the code".into()));
                    }
                    if repeat_start == Some(digits.len()) {
                        return Err(bad("the repeating part '[]' is empty".into()));
                    }
                    closed = true;
                    i += 1;
                    continue;
                }
                _ => {}
            }
            let (digit, next) = parse_digit(&chars, i).map_err(bad)?;
            i = next;
            if point {
                digits.push(digit);
                if digits.len() > MAX_DIGITS {
                    return Err(Error::TooLarge(format!(
                        "a take-and-break code may have at most {MAX_DIGITS} digits after the point"
                    )));
                }
            } else {
                whole.push(digit);
            }
        }
        if repeat_start.is_some() && !closed {
            return Err(bad("the repeating part '[' is not closed by ']'".into()));
        }
        let Some(d0) = whole.pop() else {
            return Err(bad("it needs a digit before the point, e.g. 0.77".into()));
        };
        if whole.iter().any(|d| !d.is_zero()) {
            return Err(bad(
                "only one digit may stand before the point (CGSuite's further digits add tokens to a heap, which grundy does not support: play could go on for ever)"
                    .into(),
            ));
        }
        if d0.allows(0).is_some() || d0.allows(1).is_some() {
            return Err(bad(format!(
                "d0 = {} lets a move take nothing and leave nothing or the heap itself (d0 may only split: 4, 8, {{2+}}, ...)",
                d0.show()
            )));
        }
        let repeat = repeat_start.map_or(0, |s| digits.len() - s);
        let mut all = vec![d0];
        all.extend(digits);
        Ok(Code {
            digits: all,
            repeat,
        }
        .normalized())
    }

    /// A code from its digits `d_0..` and the length of its repeating tail.
    pub fn from_digits(digits: Vec<Digit>, repeat: usize) -> Self {
        assert!(!digits.is_empty() && repeat < digits.len());
        Code { digits, repeat }.normalized()
    }

    fn normalized(mut self) -> Self {
        if self.repeat > 0 {
            let n = self.digits.len();
            // The smallest period of the tail.
            let tail = &self.digits[n - self.repeat..];
            let q = (1..=tail.len())
                .find(|&q| {
                    tail.len().is_multiple_of(q) && (q..tail.len()).all(|i| tail[i] == tail[i - q])
                })
                .expect("the tail is its own period");
            self.digits.truncate(n - self.repeat + q);
            self.repeat = q;
            // Roll the tail back over equal digits before it (`0.3[3]` = `0.[3]`), not onto d0.
            while self.digits.len() - self.repeat > 1 {
                let n = self.digits.len();
                if self.digits[n - self.repeat - 1] == self.digits[n - 1] {
                    self.digits.pop();
                } else {
                    break;
                }
            }
            let n = self.digits.len();
            if self.digits[n - self.repeat..].iter().all(Digit::is_zero) {
                self.digits.truncate(n - self.repeat);
                self.repeat = 0;
            }
        }
        if self.repeat == 0 {
            while self.digits.len() > 1 && self.digits.last().is_some_and(Digit::is_zero) {
                self.digits.pop();
            }
        }
        self
    }

    /// The canonical code, e.g. `0.77`, `4!.0`, `0.[3]`, `0.{2+}=`.
    pub fn show(&self) -> String {
        let n = self.digits.len();
        let fixed = n - self.repeat;
        let mut s = self.digits[0].show();
        s.push('.');
        if fixed == 1 && self.repeat == 0 {
            s.push('0');
        }
        for d in &self.digits[1..fixed] {
            s.push_str(&d.show());
        }
        if self.repeat > 0 {
            s.push('[');
            for d in &self.digits[fixed..] {
                s.push_str(&d.show());
            }
            s.push(']');
        }
        s
    }

    /// The digit for taking `t` tokens.
    pub fn digit(&self, t: u64) -> &Digit {
        static ZERO: Digit = Digit {
            counts: Vec::new(),
            more: false,
        };
        let n = self.digits.len() as u64;
        if t < n {
            &self.digits[t as usize]
        } else if self.repeat > 0 {
            let q = self.repeat as u64;
            let s = n - q;
            &self.digits[(s + (t - s) % q) as usize]
        } else {
            &ZERO
        }
    }

    /// The digits written out (`d_0..`, the repeating tail once).
    pub fn digits(&self) -> &[Digit] {
        &self.digits
    }

    /// The length of the repeating tail (0 for a finite code).
    pub fn repeat(&self) -> usize {
        self.repeat
    }

    /// The index of the first repeating digit (the number of digits for a finite code).
    pub fn tail_start(&self) -> usize {
        self.digits.len() - self.repeat
    }

    /// `k`, the last non-zero digit of a finite code (`None` with a repeating tail).
    pub fn last_digit(&self) -> Option<u64> {
        (self.repeat == 0).then(|| self.digits.len() as u64 - 1)
    }

    /// The most heaps a move leaves, `None` when unbounded.
    pub fn max_heaps(&self) -> Option<u64> {
        self.digits
            .iter()
            .map(Digit::max_heaps)
            .try_fold(0, |m, h| h.map(|h| m.max(h)))
    }

    /// Whether no digit constrains its splits.
    pub fn is_free(&self) -> bool {
        self.digits.iter().all(Digit::is_free)
    }

    /// The code as an octal or hexadecimal code, when it is one: finite, unconstrained, at
    /// most three heaps (or Grundy's game, `4!.0`). `(code, hexadecimal)`.
    pub fn as_octal(&self) -> Option<(String, bool)> {
        if self.repeat != 0 || !self.is_free() {
            return None;
        }
        let bits: Vec<u64> = self.digits.iter().map(Digit::bits).collect::<Option<_>>()?;
        if bits.iter().any(|&b| b > 15) {
            return None;
        }
        let hex = bits.iter().any(|&b| b > 7);
        Some((self.show(), hex))
    }

    /// Whether the code is Grundy's game, `4!.0`.
    pub fn is_grundy_game(&self) -> bool {
        self.repeat == 0
            && self.digits.len() == 1
            && self.digits[0] == Digit::from_bits(4, Constraint::Unequal)
    }

    /// The finite set `X` when the code is the all-but subtraction game `S = N \ X` (digits 0
    /// and 3 only, unconstrained, the tail `[3]`, `d0 = 0`).
    pub fn as_all_but(&self) -> Option<Vec<u64>> {
        let three = Digit::from_bits(3, Constraint::Free);
        if self.repeat != 1 || !self.digits[0].is_zero() || *self.digits.last()? != three {
            return None;
        }
        let mut excluded = Vec::new();
        for (t, d) in self.digits.iter().enumerate().skip(1) {
            if d.is_zero() {
                excluded.push(t as u64);
            } else if *d != three {
                return None;
            }
        }
        Some(excluded)
    }
}

/// Parses one digit at `chars[i]` with its modifier; returns it and the index after it.
fn parse_digit(chars: &[char], i: usize) -> std::result::Result<(Digit, usize), String> {
    let c = chars[i];
    let (digit, next) = match c {
        '&' => {
            let end = (i + 1..chars.len())
                .find(|&k| chars[k] == ';')
                .ok_or("'&' must be followed by a decimal value and ';', e.g. &64;")?;
            let number: String = chars[i + 1..end].iter().collect();
            let bits: u64 = number
                .parse()
                .map_err(|_| format!("'&{number};' is not a digit value (a decimal below 2^64)"))?;
            let (m, next) = modifier(chars, end + 1);
            (Digit::from_bits(bits, m), next)
        }
        '*' => {
            let (m, next) = modifier(chars, i + 1);
            (
                Digit {
                    counts: vec![Some(m)],
                    more: true,
                }
                .normalized(),
                next,
            )
        }
        '{' => {
            let end = (i + 1..chars.len())
                .find(|&k| chars[k] == '}')
                .ok_or("a '{' is not closed by '}'")?;
            let inner: String = chars[i + 1..end].iter().collect();
            let (global, next) = modifier(chars, end + 1);
            let has_global = next > end + 1;
            (count_list(&inner, global, has_global)?, next)
        }
        c => {
            let value = c
                .to_digit(32)
                .ok_or_else(|| format!("'{c}' is not a digit (0-9, A-V, &N;, {{...}} or *)"))?;
            let (m, next) = modifier(chars, i + 1);
            (Digit::from_bits(u64::from(value), m), next)
        }
    };
    Ok((digit, next))
}

fn modifier(chars: &[char], i: usize) -> (Constraint, usize) {
    match chars.get(i) {
        Some('!') => (Constraint::Unequal, i + 1),
        Some('?') => (Constraint::NotAllEqual, i + 1),
        Some('=') => (Constraint::Equal, i + 1),
        _ => (Constraint::Free, i),
    }
}

/// `{2,3}`, `{2+}`, `{0,2!,3?+}`: heap counts with optional modifiers, `+` at the end.
fn count_list(
    inner: &str,
    global: Constraint,
    has_global: bool,
) -> std::result::Result<Digit, String> {
    let (more, list) = match inner.strip_suffix('+') {
        Some(rest) => (true, rest),
        None => (false, inner),
    };
    let mut counts: Vec<Option<Constraint>> = Vec::new();
    let mut last = None;
    for item in list.split(',') {
        let item = item.trim();
        let chars: Vec<char> = item.chars().collect();
        let number_len = chars.iter().take_while(|c| c.is_ascii_digit()).count();
        if number_len == 0 {
            return Err(format!(
                "'{{{inner}}}' must list heap counts, like {{2,3}} or {{2+}}"
            ));
        }
        let (own, end) = modifier(&chars, number_len);
        if end != chars.len() {
            return Err(format!("'{item}' in '{{{inner}}}' is not a heap count"));
        }
        if end > number_len && has_global {
            return Err(format!(
                "'{{{inner}}}' has modifiers inside and after the braces; give one or the other"
            ));
        }
        let number: String = chars[..number_len].iter().collect();
        let j: usize = number
            .parse()
            .ok()
            .filter(|&j| j <= MAX_COUNT)
            .ok_or_else(|| format!("the heap count {number} is above {MAX_COUNT}"))?;
        if counts.len() <= j {
            counts.resize(j + 1, None);
        }
        let c = if end > number_len { own } else { global };
        counts[j] = Some(c);
        last = Some(j);
    }
    if more && last != Some(counts.len() - 1) {
        return Err(format!(
            "in '{{{inner}}}' the '+' applies to the largest count, which must come last"
        ));
    }
    Ok(Digit { counts, more }.normalized())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(text: &str) -> String {
        Code::parse(text).unwrap().show()
    }

    #[test]
    fn codes_print_canonically() {
        // CGSuite's normalisations (TBCodeTest) where our rules agree.
        assert_eq!(show("04.30"), "4.3");
        assert_eq!(show("04.00[30]"), "4.0[03]"); // CGSuite prints 4.00[30]
        assert_eq!(show("04.00[00]"), "4.0");
        assert_eq!(show("0.{1,2!}"), "0.6!");
        assert_eq!(show("0.{0,2!,3}"), "0.{0,2!,3}");
        assert_eq!(show("0.{0!,2!,3!+}"), "0.{0,2+}!");
        assert_eq!(show("0.{0,1,2,3,4+}"), "0.*");
        assert_eq!(show("0.{0,1,2!,3!,4!+}"), "0.*!");
        // Ours: the tail's smallest period, rolled back.
        assert_eq!(show("0.3[33]"), "0.[3]");
        assert_eq!(show("0.7[03]"), "0.7[03]");
        assert_eq!(show("0.37[37]"), "0.[37]");
        assert_eq!(show("4!"), "4!.0");
        assert_eq!(show("0.77"), "0.77");
        assert_eq!(show("0.&16;"), "0.G");
        assert_eq!(show("0.&64;"), "0.&64;");
        assert_eq!(show("0.{6}"), "0.&64;");
        assert_eq!(show("{2+}=.0"), "{2+}=.0");
        assert_eq!(show("0.[{0+}=]"), "0.[*=]");
        assert_eq!(show("0.6?"), "0.6!");
        assert_eq!(show("8?.0"), "8?.0");
        assert_eq!(show("0.{2,3?+}"), "0.{2,3?+}");
    }

    #[test]
    fn digits_mean_their_heap_counts() {
        let code = Code::parse("0.[37]").unwrap();
        assert_eq!(code.digit(1).bits(), Some(3));
        assert_eq!(code.digit(2).bits(), Some(7));
        assert_eq!(code.digit(101).bits(), Some(3));
        let plus = Code::parse("{2+}.0").unwrap();
        assert_eq!(plus.digit(0).allows(40), Some(Constraint::Free));
        assert_eq!(plus.digit(0).allows(1), None);
        assert_eq!(plus.max_heaps(), None);
        assert_eq!(
            Code::parse("0.77").unwrap().as_octal(),
            Some(("0.77".into(), false))
        );
        assert_eq!(
            Code::parse("0.F").unwrap().as_octal(),
            Some(("0.F".into(), true))
        );
        assert_eq!(Code::parse("0.G").unwrap().as_octal(), None);
        assert!(Code::parse("4!.0").unwrap().is_grundy_game());
        assert_eq!(Code::parse("0.303[3]").unwrap().as_all_but(), Some(vec![2]));
        assert_eq!(Code::parse("0.[3]").unwrap().as_all_but(), Some(vec![]));
        assert_eq!(Code::parse("0.[7]").unwrap().as_all_but(), None);
    }

    #[test]
    fn bad_codes_say_why() {
        let err = |t: &str| Code::parse(t).unwrap_err().to_string();
        assert!(err("0.W").contains("not a digit"));
        assert!(err("20.017").contains("add tokens"));
        assert!(err("1.7").contains("d0"));
        assert!(err("2.7").contains("d0"));
        assert!(err("0.[3").contains("not closed"));
        assert!(err("0.[3]7").contains("must end"));
        assert!(err("0.[]").contains("empty"));
        assert!(err("[3].0").contains("after the point"));
        assert!(err("0.{64}").contains("above 63"));
        assert!(err("0.{2!,3}!").contains("inside and after"));
        assert!(err("0.{a}").contains("heap counts"));
        assert!(err("0.&x;").contains("not a digit value"));
        assert!(err("0.&3").contains("';'"));
        assert!(err(".7").contains("before the point"));
        assert!(err("0.7.7").contains("second"));
    }
}
