//! `grundy.quotient`: the misère quotient of a heap game, its tables as NumPy arrays.

use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::compute::compute;
use crate::game::{number, Game};
use grundy::query;

/// The misère quotient of `game` for heaps up to `heaps`: the presentation as lists, the
/// multiplication table (`order x order`, uint32), each heap's element (uint32) and the
/// P-portion (bool, per element) as NumPy arrays.
#[pyfunction]
pub fn quotient<'py>(
    py: Python<'py>,
    game: Bound<'py, Game>,
    heaps: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyDict>> {
    let heaps = number(heaps)?;
    let game = game.get();
    let (q, report) = compute(py, !game.calls_python(), |signals| {
        query::quotient(
            game.ruleset(),
            heaps,
            grundy::misere::quotient::MAX_ORDER,
            &mut |_| signals.check_or_unwind(),
        )
    })?;
    let dict = PyDict::new(py);
    dict.set_item("game", &report.game)?;
    dict.set_item("heaps_to", report.heaps_to)?;
    dict.set_item("order", report.order)?;
    dict.set_item("elements", &report.elements)?;
    let generators = PyList::empty(py);
    for g in &report.generators {
        generators.append((g.name.as_str(), g.heap))?;
    }
    dict.set_item("generators", generators)?;
    dict.set_item("relations", &report.relations)?;
    dict.set_item("p_portion", &report.p_portion)?;
    dict.set_item("orders", &report.orders)?;
    dict.set_item("stable_from", report.stable_from)?;
    dict.set_item("proven", report.proven)?;
    dict.set_item("period", report.period)?;
    dict.set_item("preperiod", report.preperiod)?;
    dict.set_item("status", &report.status)?;
    let order = q.order();
    let table: Vec<u32> = (0..order as u32)
        .flat_map(|x| (0..order as u32).map(move |y| (x, y)))
        .map(|(x, y)| q.monoid().mul(x, y))
        .collect();
    dict.set_item(
        "table",
        PyArray1::from_vec(py, table).reshape([order, order])?,
    )?;
    dict.set_item("heap_elements", PyArray1::from_vec(py, q.phi().to_vec()))?;
    let is_p: Vec<bool> = (0..order as u32).map(|x| q.is_p(x)).collect();
    dict.set_item("is_p", PyArray1::from_vec(py, is_p))?;
    Ok(dict)
}
