//! Positions between Python and the library. The library's positions are tuples of
//! non-negative integers (`Vec<u64>`); in Python a position is an `int` (a game with one
//! coordinate), a tuple or list of ints, or a string in the command line's syntax (`"3,5,6"`,
//! `"10^6"`). Templates (for sequences and tables) mark the varying coordinates with `None` or
//! `_`.

use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyString, PyTuple};

use crate::compute::to_python;

/// How a game's positions look in Python.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// An `int` (games with exactly one coordinate).
    Int,
    /// A tuple of ints.
    Tuple,
}

/// One non-negative integer below 2^64 (an `int`, or anything with `__index__`, like NumPy's
/// integers).
pub fn coordinate(item: &Bound<'_, PyAny>) -> PyResult<u64> {
    item.extract::<u64>().map_err(|error| {
        if error.is_instance_of::<PyOverflowError>(item.py()) {
            PyValueError::new_err(format!(
                "coordinates are integers from 0 to 2^64-1, not {item}"
            ))
        } else {
            PyTypeError::new_err(format!(
                "a coordinate must be an int, not {}",
                type_name(item)
            ))
        }
    })
}

fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map_or_else(|_| "?".into(), |n| n.to_string())
}

/// A position given in Python, with the shape it was given in (`None` for a string, which
/// says nothing about it).
pub fn position(value: &Bound<'_, PyAny>) -> PyResult<(Vec<u64>, Option<Shape>)> {
    if let Ok(text) = value.cast::<PyString>() {
        let position = grundy::spec::parse_position(&text.to_cow()?).map_err(to_python)?;
        return Ok((position, None));
    }
    match value.try_iter() {
        Ok(items) => {
            let position = items
                .map(|item| coordinate(&item?))
                .collect::<PyResult<_>>()?;
            Ok((position, Some(Shape::Tuple)))
        }
        Err(_) if value.is_instance_of::<PyInt>() || value.hasattr("__index__")? => {
            Ok((vec![coordinate(value)?], Some(Shape::Int)))
        }
        Err(_) => Err(PyTypeError::new_err(format!(
            "a position is an int, a tuple of ints or a string like '3,5,6', not {}",
            type_name(value)
        ))),
    }
}

/// The coordinates of an option returned by a user's function: an int for games on ints, a
/// tuple (or any iterable) of ints for games on tuples.
pub fn option(value: &Bound<'_, PyAny>, shape: Shape) -> PyResult<Vec<u64>> {
    match shape {
        Shape::Int => Ok(vec![coordinate(value)?]),
        Shape::Tuple => {
            let items = value.try_iter().map_err(|_| {
                PyTypeError::new_err(format!(
                    "the positions of this game are tuples of ints; an option was {} ({value})",
                    type_name(value)
                ))
            })?;
            items.map(|item| coordinate(&item?)).collect()
        }
    }
}

/// A template: `None` or `_` where a coordinate varies.
pub fn template(value: &Bound<'_, PyAny>) -> PyResult<(Vec<Option<u64>>, Option<Shape>)> {
    if let Ok(text) = value.cast::<PyString>() {
        let template = grundy::spec::parse_template(&text.to_cow()?).map_err(to_python)?;
        return Ok((template, None));
    }
    let items = value.try_iter().map_err(|_| {
        PyTypeError::new_err(
            "a template is a tuple with None where a coordinate varies, e.g. (0, 2, None), or a string like '0,2,_'",
        )
    })?;
    let template = items
        .map(|item| {
            let item = item?;
            if item.is_none() {
                Ok(None)
            } else {
                coordinate(&item).map(Some)
            }
        })
        .collect::<PyResult<_>>()?;
    Ok((template, Some(Shape::Tuple)))
}

/// A position as Python sees it in a game of this shape.
pub fn to_python_position<'py>(
    py: Python<'py>,
    shape: Shape,
    position: &[u64],
) -> PyResult<Bound<'py, PyAny>> {
    match (shape, position) {
        (Shape::Int, [n]) => Ok(n.into_pyobject(py)?.into_any()),
        _ => Ok(PyTuple::new(py, position)?.into_any()),
    }
}

/// A position in words, as Python writes it: `7` or `(3, 5)`.
pub fn show(shape: Shape, position: &[u64]) -> String {
    match (shape, position) {
        (Shape::Int, [n]) => n.to_string(),
        (_, [one]) => format!("({one},)"),
        _ => {
            let parts: Vec<String> = position.iter().map(u64::to_string).collect();
            format!("({})", parts.join(", "))
        }
    }
}
