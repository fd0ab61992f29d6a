//! The move function `f`: an integer expression in `k` ([`super::expr`]) or a table of values
//! `f(1), f(2), ...` read from a file.
//!
//! `f(k)` must be a positive integer for every `k` the computation uses; a zero or negative
//! value, a failed evaluation (division by zero, overflow, negative exponent) or a `k` beyond the
//! table is an [`Error`] naming `k`.

use super::expr::{EvalError, Expr};
use crate::{Error, Result};

/// The most values a table file may hold.
pub const MAX_TABLE_LEN: usize = 1 << 28;

/// `f`, as an expression or a table.
#[derive(Debug, Clone)]
pub enum MoveFunction {
    /// An expression in `k`.
    Expr(Expr),
    /// `values[k - 1] = f(k)`, all positive; `name` says where they came from.
    Table {
        /// The file name (or another label) for messages and the spec.
        name: String,
        /// The values.
        values: Vec<u64>,
        /// Block minima for range lower bounds.
        mins: BlockMins,
    },
}

impl MoveFunction {
    /// `f` given by an expression in `k`.
    pub fn expression(text: &str) -> Result<Self> {
        Expr::parse(text)
            .map(MoveFunction::Expr)
            .map_err(|e| Error::Spec(format!("f: {e} (in '{}')", text.trim())))
    }

    /// `f(k) = values[k - 1]`; every value must be positive.
    pub fn table(name: &str, values: Vec<u64>) -> Result<Self> {
        if values.is_empty() {
            return Err(Error::Spec(format!("the table {name} has no values")));
        }
        if let Some(i) = values.iter().position(|&v| v == 0) {
            return Err(Error::Invalid(format!(
                "f({}) = 0 in the table {name}: f(k) must be a positive integer",
                i + 1
            )));
        }
        let mins = BlockMins::new(&values);
        Ok(MoveFunction::Table {
            name: name.to_string(),
            values,
            mins,
        })
    }

    /// `f` read from a file of values `f(1) f(2) ...`, separated by whitespace or commas.
    pub fn table_file(path: &str) -> Result<Self> {
        // Each value takes at least two bytes (digits and a separator) and at most 21.
        let limit = 21 * MAX_TABLE_LEN as u64;
        let text = crate::files::read_text(std::path::Path::new(path), limit, "table")
            .map_err(|e| Error::Spec(format!("table: {e}")))?;
        Self::table(path, parse_table(&text, path)?)
    }

    /// How many values a table holds (`f(1..=len)`); `None` for an expression.
    pub fn table_len(&self) -> Option<u64> {
        match self {
            MoveFunction::Expr(_) => None,
            MoveFunction::Table { values, .. } => Some(values.len() as u64),
        }
    }

    /// The spec parameter that gives this function: `f=EXPR` or `table=FILE`.
    pub fn spec_param(&self) -> String {
        match self {
            MoveFunction::Expr(e) => format!("f={e}"),
            MoveFunction::Table { name, .. } => format!("table={name}"),
        }
    }

    /// How `f` reads in messages: `f = 2*k` or `f from the table FILE`.
    pub fn describe(&self) -> String {
        match self {
            MoveFunction::Expr(e) => format!("f = {e}"),
            MoveFunction::Table { name, .. } => format!("f from the table {name}"),
        }
    }

    /// `f(k)` for `k >= 1`.
    pub fn eval(&self, k: u128) -> Result<u128> {
        match self {
            MoveFunction::Expr(e) => {
                let at = i128::try_from(k)
                    .map_err(|_| Error::Overflow(format!("f({k}): k does not fit 127 bits")))?;
                let value = e.eval(at).map_err(|why| {
                    let text = format!("f({k}) cannot be evaluated: {why} ({})", self.describe());
                    match why {
                        EvalError::Overflow => Error::Overflow(text),
                        _ => Error::Invalid(text),
                    }
                })?;
                if value <= 0 {
                    return Err(Error::Invalid(format!(
                        "f({k}) = {value} is not a positive integer ({})",
                        self.describe()
                    )));
                }
                Ok(value as u128)
            }
            MoveFunction::Table { name, values, .. } => usize::try_from(k)
                .ok()
                .and_then(|i| i.checked_sub(1))
                .and_then(|i| values.get(i))
                .map(|&v| u128::from(v))
                .ok_or_else(|| {
                    Error::Invalid(format!(
                        "f({k}) is needed but the table {name} has only {} values",
                        values.len()
                    ))
                }),
        }
    }

    /// A lower bound on `f(k)` valid for every `k` in `lo..=hi` (`1 <= lo <= hi`), or `None` when
    /// some `f(k)` there may fail (then evaluating each `k` finds which).
    pub fn lower_bound(&self, lo: u128, hi: u128) -> Option<u128> {
        match self {
            MoveFunction::Expr(e) => {
                let (a, _) = e.bounds(i128::try_from(lo).ok()?, i128::try_from(hi).ok()?)?;
                (a > 0).then_some(a as u128)
            }
            MoveFunction::Table { values, mins, .. } => {
                let hi = usize::try_from(hi).ok()?;
                if hi > values.len() {
                    return None;
                }
                Some(u128::from(mins.min(values, lo as usize - 1, hi)))
            }
        }
    }

    /// `f(1), ..., f(n)` at index `1..=n` (index 0 holds 0), each capped at `u32::MAX`: enough
    /// wherever `f(k)` is only compared with numbers below `2^32 - 1`.
    pub fn values_u32(&self, n: u64) -> Result<Vec<u32>> {
        let len = usize::try_from(n)
            .ok()
            .and_then(|n| n.checked_add(1))
            .ok_or_else(|| Error::TooLarge(format!("{n} values of f do not fit in memory")))?;
        let mut out = Vec::new();
        out.try_reserve_exact(len)
            .map_err(|_| Error::TooLarge(format!("cannot allocate {n} values of f")))?;
        out.push(0);
        for k in 1..=n {
            out.push(self.eval(u128::from(k))?.min(u128::from(u32::MAX)) as u32);
        }
        Ok(out)
    }
}

/// Parses the values of a table file; a bad entry is an error naming its `k`.
fn parse_table(text: &str, path: &str) -> Result<Vec<u64>> {
    let mut values = Vec::new();
    for (i, item) in text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|s| !s.is_empty())
        .enumerate()
    {
        let k = i + 1;
        if k > MAX_TABLE_LEN {
            return Err(Error::TooLarge(format!(
                "the table {path} has more than {MAX_TABLE_LEN} values"
            )));
        }
        let value: i128 = item.parse().map_err(|_| {
            Error::Invalid(format!(
                "f({k}) = '{item}' in the table {path} is not an integer"
            ))
        })?;
        if value <= 0 {
            return Err(Error::Invalid(format!(
                "f({k}) = {value} in the table {path}: f(k) must be a positive integer"
            )));
        }
        let value = u64::try_from(value).map_err(|_| {
            Error::Invalid(format!(
                "f({k}) = {value} in the table {path} is larger than 2^64-1"
            ))
        })?;
        values.push(value);
    }
    Ok(values)
}

/// Minima of blocks of 64 values, of blocks of 64 of those, and so on: a range minimum reads at
/// most 2 * 64 values per level.
#[derive(Debug, Clone, Default)]
pub struct BlockMins {
    levels: Vec<Vec<u64>>,
}

const BLOCK: usize = 64;

impl BlockMins {
    fn new(values: &[u64]) -> Self {
        let mut levels: Vec<Vec<u64>> = Vec::new();
        let mut len = values.len();
        while len > BLOCK {
            let below: &[u64] = levels.last().map_or(values, Vec::as_slice);
            let next: Vec<u64> = below
                .chunks(BLOCK)
                .map(|c| *c.iter().min().expect("chunks are not empty"))
                .collect();
            len = next.len();
            levels.push(next);
        }
        BlockMins { levels }
    }

    /// The minimum of `values[lo..hi]` (`lo < hi`).
    fn min(&self, values: &[u64], lo: usize, hi: usize) -> u64 {
        fn go(levels: &[Vec<u64>], values: &[u64], lo: usize, hi: usize) -> u64 {
            if hi - lo <= 2 * BLOCK || levels.is_empty() {
                return *values[lo..hi].iter().min().expect("non-empty range");
            }
            let (first, last) = (lo.div_ceil(BLOCK), hi / BLOCK);
            let mut m = u64::MAX;
            if lo < first * BLOCK {
                m = m.min(*values[lo..first * BLOCK].iter().min().expect("non-empty"));
            }
            if last * BLOCK < hi {
                m = m.min(*values[last * BLOCK..hi].iter().min().expect("non-empty"));
            }
            if first < last {
                m = m.min(go(&levels[1..], &levels[0], first, last));
            }
            m
        }
        go(&self.levels, values, lo, hi)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn expression_values_and_errors_name_k() {
        let f = MoveFunction::expression("2*k").unwrap();
        assert_eq!(f.eval(5).unwrap(), 10);
        assert_eq!(f.spec_param(), "f=2*k");
        let err = |text: &str, k: u128| {
            MoveFunction::expression(text)
                .unwrap()
                .eval(k)
                .unwrap_err()
                .to_string()
        };
        assert!(err("k - 3", 3).contains("f(3) = 0 is not a positive integer"));
        assert!(err("k - 5", 2).contains("f(2) = -3"));
        assert!(err("10 / (k - 4)", 4).contains("f(4) cannot be evaluated: division by zero"));
        assert!(err("k^40", 10).starts_with("overflow: f(10)"));
        assert!(MoveFunction::expression("2*").is_err());
    }

    #[test]
    fn tables_name_the_bad_k() {
        let f = MoveFunction::table("t", vec![3, 1, 4]).unwrap();
        assert_eq!(f.eval(3).unwrap(), 4);
        assert!(f
            .eval(4)
            .unwrap_err()
            .to_string()
            .contains("f(4) is needed"));
        assert!(MoveFunction::table("t", vec![3, 0, 4])
            .unwrap_err()
            .to_string()
            .contains("f(2) = 0"));
        assert_eq!(
            parse_table("1, 2\n3  4,5", "t").unwrap(),
            vec![1, 2, 3, 4, 5]
        );
        let bad = |text: &str| parse_table(text, "t").unwrap_err().to_string();
        assert!(bad("1 2 -3").contains("f(3) = -3"));
        assert!(bad("1 2 x").contains("f(3) = 'x'"));
        assert!(bad("5 0").contains("f(2) = 0"));
        assert!(bad("1 99999999999999999999").contains("f(2)"));
    }

    proptest! {
        #[test]
        fn table_lower_bounds_are_range_minima(values in prop::collection::vec(1u64..1000, 1..700), a in 0usize..700, b in 0usize..700) {
            let f = MoveFunction::table("t", values.clone()).unwrap();
            let (lo, hi) = (a.min(b) % values.len() + 1, a.max(b) % values.len() + 1);
            let (lo, hi) = (lo.min(hi), lo.max(hi));
            let expected = *values[lo - 1..hi].iter().min().unwrap();
            prop_assert_eq!(f.lower_bound(lo as u128, hi as u128), Some(u128::from(expected)));
            prop_assert_eq!(f.lower_bound(1, values.len() as u128 + 1), None);
        }
    }
}
