//! The module's functions: what the command line's `sum`, `verify`, `gaps`, `count`, `base` and
//! `nim-product` compute, returned as dicts with the keys of the command line's JSON.

use grundy::analysis::GapStats;
use grundy::games::{subdivision, takeaway};
use grundy::nim_fractals::nim::{self, By, NimCount};
use grundy::query;
use grundy::registry;
use grundy::verify::Params;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

use crate::compute::{compute, to_python};
use crate::game::{number, Game};

/// One value's gap statistics as a dict.
pub fn gap_dict<'py>(py: Python<'py>, g: &GapStats) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("value", g.value)?;
    dict.set_item("count", g.count)?;
    dict.set_item("first", g.first)?;
    dict.set_item("last", g.last)?;
    dict.set_item("max_gap", g.max_gap)?;
    dict.set_item("max_gap_from", g.max_gap_from)?;
    Ok(dict)
}

/// A number given as an int or a string in the command line's syntax, up to 128 bits.
fn number_u128(value: &Bound<'_, PyAny>) -> PyResult<u128> {
    match value.cast::<PyString>() {
        Ok(text) => grundy::number::parse_u128(&text.to_cow()?).map_err(to_python),
        Err(_) => value.extract::<u128>().map_err(|_| {
            PyValueError::new_err(format!(
                "expected an integer from 0 to 2^128-1 or a string like '10^18', not {value}"
            ))
        }),
    }
}

/// The disjunctive sum of `(game, position)` components.
#[pyfunction]
pub fn sum<'py>(
    py: Python<'py>,
    components: Vec<(Bound<'py, Game>, Bound<'py, PyAny>)>,
) -> PyResult<Bound<'py, PyDict>> {
    let mut positions = Vec::new();
    for (game, position) in &components {
        positions.push(game.get().position(position)?);
    }
    if components.iter().any(|(g, _)| {
        g.get()
            .ruleset()
            .spec()
            .starts_with(grundy::misere::play::PREFIX)
    }) {
        return Err(to_python(grundy::Error::Invalid(
            "grundy.sum adds values under normal play (Sprague-Grundy); a misère sum is not decided by its parts' values (the command line's `grundy sum ... --misere` searches the whole sum)".into(),
        )));
    }
    let calls_python = components.iter().any(|(g, _)| g.get().calls_python());
    let parts: Vec<(&dyn grundy::Ruleset, &[u64])> = components
        .iter()
        .zip(&positions)
        .map(|((game, _), position)| (game.get().ruleset(), position.as_slice()))
        .collect();
    let report = compute(py, !calls_python, |_| query::sum(&parts))?;
    let dict = PyDict::new(py);
    dict.set_item("value", report.value)?;
    if let Some(finite) = &report.infinite {
        // Smith's ∞(K) (games with cycles): the finite values K of the options.
        dict.set_item("infinite", finite)?;
    }
    dict.set_item("outcome", report.outcome.to_string())?;
    let parts = PyList::empty(py);
    for ((_, position), c) in components.iter().zip(&report.components) {
        let part = PyDict::new(py);
        part.set_item("game", &c.game)?;
        part.set_item("position", position)?;
        part.set_item("value", c.value)?;
        if let Some(finite) = &c.infinite {
            part.set_item("infinite", finite)?;
        }
        part.set_item("method", &c.method)?;
        parts.append(part)?;
    }
    dict.set_item("components", parts)?;
    let moves = PyList::empty(py);
    for m in &report.winning_moves {
        let game = components[m.component].0.get();
        let entry = PyDict::new(py);
        entry.set_item("component", m.component)?;
        entry.set_item("to", game.to_python(py, &m.to)?)?;
        entry.set_item("value", m.value)?;
        entry.set_item("description", &m.description)?;
        moves.append(entry)?;
    }
    dict.set_item("winning_moves", moves)?;
    dict.set_item("unlisted", &report.unlisted)?;
    Ok(dict)
}

/// Checks a claim against brute force up to `to`.
#[pyfunction]
#[pyo3(signature = (claim, to, params))]
pub fn verify<'py>(
    py: Python<'py>,
    claim: &str,
    to: &Bound<'py, PyAny>,
    params: Vec<(String, Bound<'py, PyAny>)>,
) -> PyResult<Bound<'py, PyDict>> {
    let claim = grundy::claims::find(claim).map_err(to_python)?;
    let to = number(to)?;
    let pairs = params
        .iter()
        .map(|(key, value)| Ok((key.clone(), value.str()?.to_string())))
        .collect::<PyResult<Vec<_>>>()?;
    let verdict = compute(py, true, |signals| {
        let params = Params::new(claim, pairs)?;
        (claim.check)(&params, to, &mut |_| signals.check_or_unwind())
    })?;
    let dict = PyDict::new(py);
    dict.set_item("claim", &verdict.claim)?;
    dict.set_item("source", claim.source)?;
    dict.set_item("statement", claim.statement)?;
    dict.set_item("range", claim.range)?;
    dict.set_item("params", &verdict.params)?;
    dict.set_item("checked_to", verdict.checked_to)?;
    dict.set_item("holds", verdict.holds)?;
    dict.set_item("counterexample", &verdict.counterexample)?;
    dict.set_item("cases", verdict.cases)?;
    dict.set_item("notes", &verdict.notes)?;
    Ok(dict)
}

/// Every claim: `(name, statement, source, range, [(parameter, meaning)])`.
#[pyfunction]
#[allow(clippy::type_complexity)]
pub fn claims() -> Vec<(
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    Vec<(&'static str, &'static str)>,
)> {
    grundy::claims::all()
        .map(|c| {
            let params = c.params.iter().map(|p| (p.name, p.meaning)).collect();
            (c.name, c.statement, c.source, c.range, params)
        })
        .collect()
}

/// The nim product of `a` and `b` (ints or strings like '2^63', below 2^64).
#[pyfunction]
pub fn nim_product(a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<u64> {
    Ok(query::nim_product(number(a)?, number(b)?))
}

/// Every game family: `(name, keys, summary)`.
#[pyfunction]
pub fn families() -> Vec<(&'static str, Vec<&'static str>, &'static str)> {
    registry::families()
        .map(|f| (f.name, f.keys.to_vec(), f.summary))
        .collect()
}

/// Gap statistics of a subtraction-division game up to `to` (streaming engines; resumable
/// from a checkpoint file).
#[pyfunction]
#[pyo3(signature = (game, to, checkpoint=None, checkpoint_every=60.0))]
pub fn gaps<'py>(
    py: Python<'py>,
    game: &str,
    to: &Bound<'py, PyAny>,
    checkpoint: Option<std::path::PathBuf>,
    checkpoint_every: f64,
) -> PyResult<Bound<'py, PyDict>> {
    let parsed = subdivision::spec::parse(game)
        .map_err(to_python)?
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "gaps streams the subtraction-division games (imark, sd, mark, upmark, mark-t, kupin); '{game}' is not one"
            ))
        })?;
    if checkpoint_every.is_nan() || checkpoint_every < 0.0 {
        return Err(PyValueError::new_err(
            "checkpoint_every must be a number of seconds, at least 0",
        ));
    }
    let to = number(to)?;
    let report = compute(py, true, |signals| {
        let checkpoint = checkpoint.as_deref().map(|p| (p, checkpoint_every));
        subdivision::gaps(&parsed, to, checkpoint, &mut |_, _| {
            signals.check_or_unwind()
        })
    })?;
    let dict = PyDict::new(py);
    dict.set_item("game", &report.game)?;
    dict.set_item("to", report.to)?;
    let gaps = PyList::empty(py);
    for g in &report.gaps {
        gaps.append(gap_dict(py, g)?)?;
    }
    dict.set_item("gaps", gaps)?;
    dict.set_item("engine", &report.engine)?;
    Ok(dict)
}

/// The counts of P-positions of Nim on `piles` piles (Nim Fractals), from `frm` to `to`.
#[pyfunction]
#[pyo3(signature = (piles, to, by, exact, frm))]
pub fn count<'py>(
    py: Python<'py>,
    piles: usize,
    to: &Bound<'py, PyAny>,
    by: &str,
    exact: bool,
    frm: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyDict>> {
    let by = match by {
        "max" => By::Max,
        "total" => By::Total,
        other => {
            return Err(PyValueError::new_err(format!(
                "by is 'max' (the largest pile) or 'total' (the number of counters), not '{other}'"
            )))
        }
    };
    let count = NimCount::new(piles, by, exact).map_err(to_python)?;
    let (to, frm) = (number_u128(to)?, number_u128(frm)?);
    let values = compute(py, true, |signals| {
        nim::sequence(&count, frm, to, &mut |_| signals.check_or_unwind())
    })?;
    let dict = PyDict::new(py);
    dict.set_item("sequence", count.name())?;
    dict.set_item("meaning", count.meaning())?;
    dict.set_item("oeis", count.oeis())?;
    dict.set_item("piles", piles)?;
    dict.set_item(
        "by",
        match by {
            By::Max => "max",
            By::Total => "total",
        },
    )?;
    dict.set_item("exact", exact)?;
    dict.set_item("frm", frm)?;
    dict.set_item("to", to)?;
    dict.set_item("values", values)?;
    Ok(dict)
}

/// The g-base `B_f` and `g0` of a takeaway game, every member up to `to`.
#[pyfunction]
pub fn base<'py>(
    py: Python<'py>,
    game: &str,
    to: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyDict>> {
    let to = number_u128(to)?;
    let report = compute(py, true, |_| takeaway::base_report(game, to))?;
    let dict = PyDict::new(py);
    dict.set_item("game", &report.game)?;
    dict.set_item("to", report.to)?;
    dict.set_item("base", &report.base)?;
    dict.set_item("g0", &report.g0)?;
    dict.set_item("finite", report.finite)?;
    dict.set_item("next", report.next)?;
    Ok(dict)
}

/// `(game, format, parts, values, bytes)` of a database of solved parts (`grundy db info`).
#[pyfunction]
pub fn db_info(path: std::path::PathBuf) -> PyResult<(String, u32, u64, u64, u64)> {
    let info = grundy::solve::db::info(&path).map_err(to_python)?;
    Ok((info.game, info.format, info.parts, info.values, info.bytes))
}

/// Merges databases of one game into `out` (`grundy db merge`); what `out` then holds.
#[pyfunction]
pub fn db_merge(
    out: std::path::PathBuf,
    inputs: Vec<std::path::PathBuf>,
) -> PyResult<(String, u32, u64, u64, u64)> {
    let info = grundy::solve::db::merge(&out, &inputs).map_err(to_python)?;
    Ok((info.game, info.format, info.parts, info.values, info.bytes))
}
