//! The table of values `G(0), G(1), ...` in the narrowest width that holds them: one byte per
//! value while every value is below 256, then two, then four bytes (the table is widened in
//! place the first time a value does not fit).

use crate::{Error, Result};

/// A value width: `u8`, `u16` or `u32`.
pub trait Value: Copy + Default + Eq + Send + Sync + std::fmt::Debug + 'static {
    /// The largest value this width holds.
    const MAX: u32;
    /// Bytes per value.
    const BYTES: usize;
    /// The value as `u32`.
    fn get(self) -> u32;
    /// `v` in this width (`v <= MAX`).
    fn new(v: u32) -> Self;
    /// The values as bytes, for one-byte values (the fast kernels read them directly).
    fn as_bytes(values: &[Self]) -> Option<&[u8]>;
    /// The values as `u16`, for two-byte values.
    fn as_words(values: &[Self]) -> Option<&[u16]>;
}

macro_rules! value {
    ($t:ty, $bytes:expr, $words:expr) => {
        impl Value for $t {
            const MAX: u32 = <$t>::MAX as u32;
            const BYTES: usize = std::mem::size_of::<$t>();
            #[inline(always)]
            fn get(self) -> u32 {
                self as u32
            }
            #[inline(always)]
            fn new(v: u32) -> Self {
                debug_assert!(v <= <Self as Value>::MAX);
                v as $t
            }
            #[inline(always)]
            fn as_bytes(values: &[Self]) -> Option<&[u8]> {
                let bytes: fn(&[Self]) -> Option<&[u8]> = $bytes;
                bytes(values)
            }
            #[inline(always)]
            fn as_words(values: &[Self]) -> Option<&[u16]> {
                let words: fn(&[Self]) -> Option<&[u16]> = $words;
                words(values)
            }
        }
    };
}
value!(u8, |v| Some(v), |_| None);
value!(u16, |_| None, |v| Some(v));
value!(u32, |_| None, |_| None);

/// The values computed so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Table {
    /// Every value below 256.
    U8(Vec<u8>),
    /// Every value below 65536.
    U16(Vec<u16>),
    /// Any value.
    U32(Vec<u32>),
}

impl Default for Table {
    fn default() -> Self {
        Table::U8(Vec::new())
    }
}

impl Table {
    /// How many values are stored.
    pub fn len(&self) -> usize {
        match self {
            Table::U8(v) => v.len(),
            Table::U16(v) => v.len(),
            Table::U32(v) => v.len(),
        }
    }

    /// Whether no value is stored.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `G(n)` (`n < len`).
    pub fn get(&self, n: usize) -> u32 {
        match self {
            Table::U8(v) => u32::from(v[n]),
            Table::U16(v) => u32::from(v[n]),
            Table::U32(v) => v[n],
        }
    }

    /// Bytes per value.
    pub fn width(&self) -> usize {
        match self {
            Table::U8(_) => 1,
            Table::U16(_) => 2,
            Table::U32(_) => 4,
        }
    }

    /// The table one width wider (`u8` to `u16`, `u16` to `u32`); an error if memory runs out.
    pub fn widen(&mut self) -> Result<()> {
        let wider = match self {
            Table::U8(v) => Table::U16(copy_wide(v)?),
            Table::U16(v) => Table::U32(copy_wide(v)?),
            Table::U32(_) => unreachable!("u32 values are never widened"),
        };
        *self = wider;
        Ok(())
    }

    /// Makes room for `additional` more values, or says that memory is out of reach.
    pub fn reserve(&mut self, additional: usize) -> Result<()> {
        let width = self.width();
        let result = match self {
            Table::U8(v) => v.try_reserve(additional),
            Table::U16(v) => v.try_reserve(additional),
            Table::U32(v) => v.try_reserve(additional),
        };
        result.map_err(|_| {
            Error::TooLarge(format!(
                "cannot allocate {} more values of {width} byte(s) each",
                additional
            ))
        })
    }

    /// Keeps the first `len` values.
    pub fn truncate(&mut self, len: usize) {
        match self {
            Table::U8(v) => v.truncate(len),
            Table::U16(v) => v.truncate(len),
            Table::U32(v) => v.truncate(len),
        }
    }

    /// The values as `u64`, from `from` (for queries and tests).
    pub fn to_vec(&self, from: usize, to: usize) -> Vec<u64> {
        (from..to).map(|n| u64::from(self.get(n))).collect()
    }
}

fn copy_wide<A: Value, B: Value>(values: &[A]) -> Result<Vec<B>> {
    let mut wide = Vec::new();
    wide.try_reserve_exact(values.len() + values.len() / 4)
        .map_err(|_| Error::TooLarge("cannot allocate the wider value table".into()))?;
    wide.extend(values.iter().map(|v| B::new(v.get())));
    Ok(wide)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widening_keeps_the_values() {
        let mut table = Table::U8(vec![0, 1, 255]);
        table.widen().unwrap();
        assert_eq!(table, Table::U16(vec![0, 1, 255]));
        table.widen().unwrap();
        assert_eq!(table.to_vec(0, 3), vec![0, 1, 255]);
        assert_eq!(table.width(), 4);
    }
}
