//! `grundy._grundy`, the native half of the Python package `grundy`.
//!
//! Every answer is computed by the Rust library (`crates/grundy`); this crate only converts
//! between Python and Rust and decides how a computation runs:
//!
//! - [`compute`]: the one way into the library. Games defined by the library run without the
//!   interpreter (other Python threads go on) and check for Ctrl-C through the library's progress
//!   callbacks; games defined by Python functions run attached, and an exception raised by the
//!   function comes back to Python as it was raised, traceback included.
//! - [`game`]: the `Game` class (values, moves, sequences, tables, analyses).
//! - [`user`]: games whose moves are a Python function, on the memoised and the dense engines.
//! - [`split`]: games whose moves are a Python function and whose positions split into
//!   components, on the search for one large position.
//! - [`arrays`]: values gathered into the narrowest NumPy integer type, handed over without a copy.
//! - [`functions`]: sums, claims, gap statistics, counts and g-bases, as on the command line.
//! - [`quotient`]: misère quotients of heap games, their tables as NumPy arrays.
//! - [`survey`]: the groups of a survey and the rows of a batch of groups, as JSON text.
//!
//! The Python modules of the package (`grundy/*.py`) give names and shapes to the results.

mod arrays;
mod compute;
mod functions;
mod game;
mod position;
mod quotient;
mod split;
mod survey;
mod user;

use pyo3::prelude::*;

pyo3::create_exception!(
    grundy,
    TooLarge,
    pyo3::exceptions::PyValueError,
    "A request beyond a stated limit of the library (the message names the limit)."
);

/// The native half of `grundy`; use the package `grundy`, not this module.
#[pymodule]
fn _grundy(m: &Bound<'_, PyModule>) -> PyResult<()> {
    compute::install_panic_hook();
    m.add("TooLarge", m.py().get_type::<TooLarge>())?;
    m.add_class::<game::Game>()?;
    m.add_function(wrap_pyfunction!(functions::sum, m)?)?;
    m.add_function(wrap_pyfunction!(functions::verify, m)?)?;
    m.add_function(wrap_pyfunction!(functions::claims, m)?)?;
    m.add_function(wrap_pyfunction!(functions::families, m)?)?;
    m.add_function(wrap_pyfunction!(functions::gaps, m)?)?;
    m.add_function(wrap_pyfunction!(functions::count, m)?)?;
    m.add_function(wrap_pyfunction!(functions::base, m)?)?;
    m.add_function(wrap_pyfunction!(functions::nim_product, m)?)?;
    m.add_function(wrap_pyfunction!(functions::db_info, m)?)?;
    m.add_function(wrap_pyfunction!(functions::db_merge, m)?)?;
    m.add_function(wrap_pyfunction!(quotient::quotient, m)?)?;
    m.add_function(wrap_pyfunction!(survey::survey_groups, m)?)?;
    m.add_function(wrap_pyfunction!(survey::survey_rows, m)?)?;
    m.add_function(wrap_pyfunction!(survey::survey_columns, m)?)?;
    Ok(())
}
