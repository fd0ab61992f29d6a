//! Values gathered in the narrowest unsigned integer type that holds them, then handed to NumPy
//! as they are: the array's memory is the Rust vector's (`PyArray1::from_vec`), so nothing is
//! copied per value on the Python side. Values arrive in blocks; a block with a value too large
//! for the current type widens what was gathered so far once (u8, then u16, u32, u64).

use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;

/// Values in one of four widths.
pub enum Narrow {
    U8(Vec<u8>),
    U16(Vec<u16>),
    U32(Vec<u32>),
    U64(Vec<u64>),
}

fn widen<A: Copy, B: From<A>>(values: &[A], capacity: usize) -> grundy::Result<Vec<B>> {
    let mut wider = Vec::new();
    reserve(&mut wider, capacity)?;
    wider.extend(values.iter().map(|&v| B::from(v)));
    Ok(wider)
}

fn reserve<T>(values: &mut Vec<T>, capacity: usize) -> grundy::Result<()> {
    values
        .try_reserve_exact(capacity.saturating_sub(values.len()))
        .map_err(|_| {
            grundy::Error::TooLarge(format!(
                "cannot allocate {} values of {} bytes",
                capacity,
                std::mem::size_of::<T>()
            ))
        })
}

impl Narrow {
    /// An empty buffer with room for `capacity` one-byte values (more are taken if needed).
    pub fn with_capacity(capacity: u64) -> grundy::Result<Self> {
        let capacity = usize::try_from(capacity).map_err(|_| {
            grundy::Error::TooLarge(format!("{capacity} values do not fit in memory"))
        })?;
        let mut values = Vec::new();
        reserve(&mut values, capacity)?;
        Ok(Narrow::U8(values))
    }

    pub fn len(&self) -> usize {
        match self {
            Narrow::U8(v) => v.len(),
            Narrow::U16(v) => v.len(),
            Narrow::U32(v) => v.len(),
            Narrow::U64(v) => v.len(),
        }
    }

    fn capacity(&self) -> usize {
        match self {
            Narrow::U8(v) => v.capacity(),
            Narrow::U16(v) => v.capacity(),
            Narrow::U32(v) => v.capacity(),
            Narrow::U64(v) => v.capacity(),
        }
    }

    /// Appends a block of values, widening first if one of them does not fit.
    pub fn extend(&mut self, block: &[u64]) -> grundy::Result<()> {
        let max = block.iter().copied().max().unwrap_or(0);
        let capacity = self.capacity().max(self.len() + block.len());
        *self = match std::mem::replace(self, Narrow::U8(Vec::new())) {
            Narrow::U8(v) if max > u64::from(u8::MAX) => Narrow::U16(widen(&v, capacity)?),
            Narrow::U16(v) if max > u64::from(u16::MAX) => Narrow::U32(widen(&v, capacity)?),
            Narrow::U32(v) if max > u64::from(u32::MAX) => Narrow::U64(widen(&v, capacity)?),
            same => same,
        };
        // Narrowing casts below are exact: `max` fits the type by now (the match above may
        // need a second step, taken by the recursion).
        match self {
            Narrow::U8(v) if max <= u64::from(u8::MAX) => {
                reserve(v, capacity)?;
                v.extend(block.iter().map(|&x| x as u8));
            }
            Narrow::U16(v) if max <= u64::from(u16::MAX) => {
                reserve(v, capacity)?;
                v.extend(block.iter().map(|&x| x as u16));
            }
            Narrow::U32(v) if max <= u64::from(u32::MAX) => {
                reserve(v, capacity)?;
                v.extend(block.iter().map(|&x| x as u32));
            }
            Narrow::U64(v) => {
                reserve(v, capacity)?;
                v.extend_from_slice(block);
            }
            _ => return self.extend(block),
        }
        Ok(())
    }

    /// The values as a one-dimensional NumPy array that owns this buffer.
    pub fn into_array(self, py: Python<'_>) -> Bound<'_, PyAny> {
        match self {
            Narrow::U8(v) => PyArray1::from_vec(py, v).into_any(),
            Narrow::U16(v) => PyArray1::from_vec(py, v).into_any(),
            Narrow::U32(v) => PyArray1::from_vec(py, v).into_any(),
            Narrow::U64(v) => PyArray1::from_vec(py, v).into_any(),
        }
    }

    /// The values as a `rows` x `cols` NumPy array (row-major) over this buffer.
    pub fn into_matrix(
        self,
        py: Python<'_>,
        rows: usize,
        cols: usize,
    ) -> PyResult<Bound<'_, PyAny>> {
        fn shape<T: numpy::Element>(
            array: Bound<'_, PyArray1<T>>,
            rows: usize,
            cols: usize,
        ) -> PyResult<Bound<'_, PyAny>> {
            Ok(array.reshape([rows, cols])?.into_any())
        }
        match self {
            Narrow::U8(v) => shape(PyArray1::from_vec(py, v), rows, cols),
            Narrow::U16(v) => shape(PyArray1::from_vec(py, v), rows, cols),
            Narrow::U32(v) => shape(PyArray1::from_vec(py, v), rows, cols),
            Narrow::U64(v) => shape(PyArray1::from_vec(py, v), rows, cols),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(narrow: &Narrow) -> (usize, Vec<u64>) {
        match narrow {
            Narrow::U8(v) => (1, v.iter().map(|&x| u64::from(x)).collect()),
            Narrow::U16(v) => (2, v.iter().map(|&x| u64::from(x)).collect()),
            Narrow::U32(v) => (4, v.iter().map(|&x| u64::from(x)).collect()),
            Narrow::U64(v) => (8, v.clone()),
        }
    }

    #[test]
    fn blocks_widen_only_as_far_as_needed() {
        let mut narrow = Narrow::with_capacity(4).unwrap();
        narrow.extend(&[1, 2]).unwrap();
        assert_eq!(values(&narrow), (1, vec![1, 2]));
        narrow.extend(&[70_000]).unwrap(); // two steps at once: u8 -> u16 -> u32
        assert_eq!(values(&narrow), (4, vec![1, 2, 70_000]));
        narrow.extend(&[3, 1 << 40]).unwrap();
        assert_eq!(values(&narrow), (8, vec![1, 2, 70_000, 3, 1 << 40]));
        let mut small = Narrow::with_capacity(0).unwrap();
        small.extend(&[]).unwrap();
        small.extend(&[255, 256]).unwrap();
        assert_eq!(values(&small), (2, vec![255, 256]));
    }
}
