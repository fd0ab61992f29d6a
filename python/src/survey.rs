//! Surveys from Python: the members of a pattern in groups (members with the same values share
//! one computation), and the rows of a batch of groups. Both go through JSON text, so that a
//! batch is a picklable task any executor can ship to another process or machine (the
//! `grundy.survey` function hands batches to a local process pool or a Dask client).

use grundy::survey::{self, Member};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::compute::to_python;

/// The groups of `pattern` (each a JSON list of members), in order; with `shard = (i, k)`, only
/// the groups of that shard (as `grundy survey --shard I/K`).
#[pyfunction]
#[pyo3(signature = (pattern, shard=None))]
pub fn survey_groups(pattern: &str, shard: Option<(u64, u64)>) -> PyResult<Vec<String>> {
    if let Some((i, k)) = shard {
        if i == 0 || i > k {
            return Err(PyValueError::new_err(format!(
                "shard must be (i, k) with 1 <= i <= k, not ({i}, {k})"
            )));
        }
    }
    let members = survey::members(pattern).map_err(to_python)?;
    survey::groups(&members)
        .into_iter()
        .enumerate()
        .filter(|(g, _)| shard.is_none_or(|(i, k)| survey::in_shard(*g, i, k)))
        .map(|(_, group)| {
            serde_json::to_string(&group).map_err(|e| PyValueError::new_err(e.to_string()))
        })
        .collect()
}

/// The rows (a JSON list) of each group given (JSON lists of members from `survey_groups`),
/// computed to `to` values, without holding the interpreter.
#[pyfunction]
pub fn survey_rows(py: Python<'_>, groups: Vec<String>, to: u64) -> PyResult<Vec<String>> {
    survey::check_to(to).map_err(to_python)?;
    let groups: Vec<Vec<Member>> = groups
        .iter()
        .map(|g| {
            serde_json::from_str(g)
                .map_err(|e| PyValueError::new_err(format!("not a group of survey members: {e}")))
        })
        .collect::<PyResult<_>>()?;
    if groups.iter().any(Vec::is_empty) {
        return Err(PyValueError::new_err("a survey group has no member"));
    }
    let rows: Vec<Vec<survey::Row>> =
        py.detach(|| groups.iter().map(|g| survey::run_group(g, to)).collect());
    rows.iter()
        .map(|r| serde_json::to_string(r).map_err(|e| PyValueError::new_err(e.to_string())))
        .collect()
}

/// The columns of a survey row, in the order of the command line's CSV (the library's list,
/// without its format-version column).
#[pyfunction]
pub fn survey_columns() -> Vec<&'static str> {
    survey::rows::COLUMNS
        .iter()
        .copied()
        .filter(|&c| c != "version")
        .collect()
}
