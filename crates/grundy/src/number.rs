//! Parsing of the numbers users type: `1000000`, `1_000_000`, `10^6`, `1e6`, `2^31-1`.
//!
//! The grammar is a sum of terms, `term (('+' | '-') term)*`, where a term is a product of powers,
//! `power ('*' power)*`, and a power is `int ('^' int)?`, a decimal `int '.' int` or a decimal in
//! scientific notation `dec 'e' ['+' | '-'] int` (meaning dec * 10^int, e.g. `2.9e9`). Decimals
//! are accepted when their value is an exact integer (`2.0`, `1.5e3`); otherwise the error says the
//! number is not an integer. Evaluation is exact in `u128` and checked: an overflow or a negative
//! result is an error, never a wrapped value.
//!
//! Lists of numbers are read here too: SETs (`1,3,4`, `1..4`), positions (`3,5,6`) and
//! templates (`0,2,_`), which [`crate::family`] re-exports for the families' spec parsers and
//! [`crate::Ruleset::parse_position`] uses by default.

use crate::{Error, Result};

/// Parses a non-negative integer in the syntax above into a `u64`.
///
/// ```
/// assert_eq!(grundy::number::parse_u64("2^31-1").unwrap(), 2_147_483_647);
/// assert_eq!(grundy::number::parse_u64("1e6").unwrap(), 1_000_000);
/// assert!(grundy::number::parse_u64("-3").is_err());
/// ```
pub fn parse_u64(text: &str) -> Result<u64> {
    let value = parse_u128(text)?;
    u64::try_from(value)
        .map_err(|_| Error::Number(format!("'{text}' is larger than 2^64-1 = {}", u64::MAX)))
}

/// Parses a non-negative integer in the syntax above into a `u128`.
pub fn parse_u128(text: &str) -> Result<u128> {
    let bad = |why: &str| Error::Number(format!("'{text}': {why}"));
    let s: String = text
        .chars()
        .filter(|c| *c != '_' && !c.is_whitespace())
        .collect();
    if s.is_empty() {
        return Err(bad("empty"));
    }
    if s.starts_with('-') {
        return Err(bad("negative numbers are not allowed"));
    }
    let mut total: i128 = 0;
    let mut sign = 1i128;
    for (i, term) in split_keep(&s, &['+', '-']).into_iter().enumerate() {
        let (op, body) = term;
        if i > 0 {
            sign = if op == '-' { -1 } else { 1 };
        }
        if body.is_empty() {
            return Err(bad("missing number"));
        }
        let mut product: u128 = 1;
        for factor in body.split('*') {
            let value = parse_power(factor).map_err(|why| bad(&why))?;
            product = product
                .checked_mul(value)
                .ok_or_else(|| bad("overflows 128 bits"))?;
        }
        let product = i128::try_from(product).map_err(|_| bad("overflows 128 bits"))?;
        total = total
            .checked_add(sign * product)
            .ok_or_else(|| bad("overflows 128 bits"))?;
    }
    u128::try_from(total).map_err(|_| bad("the result is negative"))
}

/// Splits `s` at the given operator characters, returning (preceding operator, piece) pairs;
/// the first piece has the operator ' '.
fn split_keep<'a>(s: &'a str, ops: &[char]) -> Vec<(char, &'a str)> {
    let mut pieces = Vec::new();
    let mut start = 0;
    let mut op = ' ';
    let mut previous = ' ';
    for (i, c) in s.char_indices() {
        // A sign right after an exponent's 'e' belongs to the exponent (`1.5e+3`, `1e-3`).
        if ops.contains(&c) && !matches!(previous, 'e' | 'E') {
            pieces.push((op, &s[start..i]));
            op = c;
            start = i + 1;
        }
        previous = c;
    }
    pieces.push((op, &s[start..]));
    pieces
}

fn digits(t: &str) -> std::result::Result<u128, String> {
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("'{t}' is not a non-negative integer"));
    }
    t.parse::<u128>()
        .map_err(|_| "overflows 128 bits".to_string())
}

fn pow(base: u128, exp: u128) -> std::result::Result<u128, String> {
    let exp = u32::try_from(exp).map_err(|_| "exponent too large".to_string())?;
    base.checked_pow(exp)
        .ok_or_else(|| "overflows 128 bits".to_string())
}

/// `mantissa * 10^exponent` for a decimal mantissa (`2.9`) and a signed exponent, when it is an
/// integer.
fn decimal(mantissa: &str, exponent: i128) -> std::result::Result<u128, String> {
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    if whole.is_empty() && fraction.is_empty() {
        return Err(format!("'{mantissa}' is not a number"));
    }
    for part in [whole, fraction] {
        if !part.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!("'{mantissa}' is not a number"));
        }
    }
    // The digits without the point, scaled by 10^(exponent - digits after the point).
    let all = format!("{whole}{fraction}");
    let all = all.trim_start_matches('0');
    let scale = exponent - fraction.len() as i128;
    if scale >= 0 {
        let value = if all.is_empty() { 0 } else { digits(all)? };
        return value
            .checked_mul(pow(10, scale as u128)?)
            .ok_or_else(|| "overflows 128 bits".to_string());
    }
    // Negative scale: the last -scale digits must be zeros.
    let drop = (-scale) as usize;
    let (kept, dropped) = all.split_at(all.len().saturating_sub(drop));
    if !dropped.bytes().all(|b| b == b'0') {
        return Err("is not an integer".to_string());
    }
    if kept.is_empty() {
        Ok(0)
    } else {
        digits(kept)
    }
}

fn parse_power(factor: &str) -> std::result::Result<u128, String> {
    if let Some((base, exp)) = factor.split_once('^') {
        pow(digits(base)?, digits(exp)?)
    } else if let Some((mantissa, exp)) = factor.split_once(['e', 'E']) {
        let (negative, exp) = match exp.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, exp.strip_prefix('+').unwrap_or(exp)),
        };
        let exp = i128::try_from(digits(exp)?).map_err(|_| "exponent too large".to_string())?;
        if exp > 1000 {
            return Err("exponent too large".to_string());
        }
        decimal(mantissa, if negative { -exp } else { exp })
    } else if factor.contains('.') {
        decimal(factor, 0)
    } else {
        digits(factor)
    }
}

/// The message of an error without its category prefix (to nest it in another message).
pub(crate) fn strip(error: &Error) -> String {
    match error {
        Error::Spec(m) | Error::Position(m) | Error::Number(m) | Error::TooLarge(m) => m.clone(),
        Error::Overflow(m) | Error::Invalid(m) | Error::Cycle(m) | Error::Interrupted(m) => {
            m.clone()
        }
        Error::Stopped(_) => error.to_string(),
    }
}

/// The most elements a SET may have.
pub const MAX_SET_LEN: u64 = 1 << 20;

/// Parses a SET: a comma list of numbers and ranges `a..b` (inclusive), e.g. `1,3,4` or `1..4,7`.
/// The result is sorted without repetitions; an empty set is an error.
pub fn parse_set(text: &str) -> Result<Vec<u64>> {
    let mut set = Vec::new();
    for item in text.split(',') {
        let item = item.trim();
        if item.is_empty() {
            return Err(Error::Spec(format!(
                "'{text}' has an empty element (sets look like 1,3,4 or 1..4)"
            )));
        }
        if let Some((a, b)) = item.split_once("..") {
            let (a, b) = (parse_u64(a)?, parse_u64(b)?);
            if a > b {
                return Err(Error::Spec(format!("the range {item} is empty")));
            }
            if b - a >= MAX_SET_LEN {
                return Err(Error::TooLarge(format!(
                    "the range {item} has more than {MAX_SET_LEN} elements"
                )));
            }
            set.extend(a..=b);
        } else {
            set.push(parse_u64(item)?);
        }
        if set.len() as u64 > MAX_SET_LEN {
            return Err(Error::TooLarge(format!(
                "a set may have at most {MAX_SET_LEN} elements"
            )));
        }
    }
    set.sort_unstable();
    set.dedup();
    Ok(set)
}

/// Parses a position: comma-separated numbers, e.g. `3,5,6`.
pub fn parse_position(text: &str) -> Result<Vec<u64>> {
    parse_template(text)?
        .into_iter()
        .map(|c| {
            c.ok_or_else(|| {
                Error::Position(format!(
                    "'{text}': '_' is only allowed where a coordinate varies (seq, table)"
                ))
            })
        })
        .collect()
}

/// Parses a position template: numbers and `_` for varying coordinates, e.g. `0,2,_`.
pub fn parse_template(text: &str) -> Result<Vec<Option<u64>>> {
    if text.trim().is_empty() {
        return Err(Error::Position("empty position".into()));
    }
    text.split(',')
        .map(|item| {
            let item = item.trim();
            if item == "_" {
                Ok(None)
            } else {
                parse_u64(item)
                    .map(Some)
                    .map_err(|e| Error::Position(strip(&e)))
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_every_documented_form() {
        assert_eq!(parse_u64("1000000").unwrap(), 1_000_000);
        assert_eq!(parse_u64("1_000_000").unwrap(), 1_000_000);
        assert_eq!(parse_u64("10^6").unwrap(), 1_000_000);
        assert_eq!(parse_u64("1e6").unwrap(), 1_000_000);
        assert_eq!(parse_u64("2^31-1").unwrap(), (1u64 << 31) - 1);
        assert_eq!(parse_u64("3*10^4+5").unwrap(), 30_005);
        assert_eq!(parse_u64("2^64-1").unwrap(), u64::MAX);
        assert_eq!(parse_u128("2^100").unwrap(), 1u128 << 100);
    }

    #[test]
    fn rejects_what_is_not_a_non_negative_integer() {
        for bad in [
            "", "-1", "abc", "1.5", "2^", "^3", "1e", "2^64", "1-2", "10^40", "3--1", "1e-3", ".",
            "1.2.3", "2.5^2", "1e1001", "e5", "1.5e0", "25e-1",
        ] {
            assert!(parse_u64(bad).is_err(), "{bad} should be rejected");
        }
        assert!(parse_u128("2^128").is_err());
        let why = parse_u64("1.5").unwrap_err().to_string();
        assert!(why.contains("not an integer"), "{why}");
    }

    #[test]
    fn decimals_that_are_exact_integers_parse() {
        assert_eq!(parse_u64("2.9e9").unwrap(), 2_900_000_000);
        assert_eq!(parse_u64("2.0").unwrap(), 2);
        assert_eq!(parse_u64("1.25E2").unwrap(), 125);
        assert_eq!(parse_u64("1.5e+3").unwrap(), 1500);
        assert_eq!(parse_u64("30e-1").unwrap(), 3);
        assert_eq!(parse_u64("0.0").unwrap(), 0);
        assert_eq!(parse_u64("1.8446744073709551615e19").unwrap(), u64::MAX);
        assert!(parse_u64("1.8446744073709551616e19").is_err());
        assert_eq!(parse_u64("1e6+2.5e1").unwrap(), 1_000_025);
    }

    #[test]
    fn sets() {
        assert_eq!(parse_set("1,3,4").unwrap(), vec![1, 3, 4]);
        assert_eq!(parse_set("4,1..3,3").unwrap(), vec![1, 2, 3, 4]);
        assert_eq!(parse_set("2^3").unwrap(), vec![8]);
        for bad in ["", "1,,2", "3..1", "a", "-1", "0..2^30"] {
            assert!(parse_set(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn positions_and_templates() {
        assert_eq!(parse_position("3, 5,6").unwrap(), vec![3, 5, 6]);
        assert_eq!(
            parse_template("0,_,1_000").unwrap(),
            vec![Some(0), None, Some(1000)]
        );
        for bad in ["", "1,,2", "-1", "x", "1,_"] {
            assert!(parse_position(bad).is_err(), "{bad}");
        }
    }
}
