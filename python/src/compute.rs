//! How a call into the library runs: with or without the interpreter, interruptible by Ctrl-C,
//! and with the library's errors and the user's Python exceptions turned into Python exceptions.
//!
//! Ctrl-C sets a flag in the interpreter that only `PyErr_CheckSignals` acts on. A computation
//! that does not call Python checks it from the library's progress callbacks, at most every
//! [`CHECK_EVERY`]: where the callback can return an error (the sinks of
//! `query::sequence_blocks`) it returns one; where it cannot (`FnMut(u64)` progress) it unwinds
//! with an [`Interrupted`] payload, which [`compute`] catches. The library keeps nothing half
//! done when it unwinds: its solvers are dropped with the call, and its caches store only
//! finished values. A game defined in Python calls Python anyway, and the interpreter raises
//! `KeyboardInterrupt` inside the user's function like any other exception.
//!
//! Exceptions raised by Python code called from inside the library (a user's options function,
//! a signal handler) cannot travel through the library's `Result`s, so the first one is kept in
//! [`PENDING`] while the library gets a placeholder error; [`compute`] raises the kept one.

use std::cell::RefCell;
use std::panic::{self, AssertUnwindSafe};
use std::time::{Duration, Instant};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::TooLarge;

/// The longest time between two checks for Ctrl-C.
pub const CHECK_EVERY: Duration = Duration::from_millis(50);

/// The panic payload that carries an interruption out of a progress callback.
pub struct Interrupted;

thread_local! {
    /// The first Python exception raised inside the current library call on this thread.
    static PENDING: RefCell<Option<PyErr>> = const { RefCell::new(None) };
}

/// Keeps `error` (unless an earlier one is kept) and returns the placeholder the library passes
/// up in its place.
pub fn keep(error: PyErr) -> grundy::Error {
    PENDING.with(|pending| {
        pending.borrow_mut().get_or_insert(error);
    });
    grundy::Error::Invalid("a Python exception stopped the computation".into())
}

/// Whether an exception is kept (then Python functions are not called again in this call).
pub fn pending() -> bool {
    PENDING.with(|pending| pending.borrow().is_some())
}

fn take_pending() -> Option<PyErr> {
    PENDING.with(|pending| pending.borrow_mut().take())
}

/// Checks for Ctrl-C from inside a computation.
pub struct Signals {
    last: Instant,
}

impl Signals {
    fn new() -> Self {
        Signals {
            last: Instant::now(),
        }
    }

    /// Runs the interpreter's signal handlers if [`CHECK_EVERY`] has passed; an exception they
    /// raise (`KeyboardInterrupt`) is kept and becomes an error.
    pub fn check(&mut self) -> grundy::Result<()> {
        if self.last.elapsed() < CHECK_EVERY {
            return Ok(());
        }
        self.last = Instant::now();
        Python::attach(|py| py.check_signals()).map_err(keep)
    }

    /// [`Signals::check`] for callbacks that cannot return an error: unwinds instead.
    pub fn check_or_unwind(&mut self) {
        if self.check().is_err() {
            panic::panic_any(Interrupted);
        }
    }
}

/// The shortest time between two calls of a Python progress callback.
pub const REPORT_EVERY: Duration = Duration::from_millis(250);

/// Tells a Python callable `progress(done, total)` how far a computation is: at the first report
/// and then at most every [`REPORT_EVERY`], attached to the interpreter only for the call (the
/// library reports every few thousand positions; most reports return at once).
pub struct Reporter {
    callback: Option<Py<PyAny>>,
    last: Option<Instant>,
}

impl Reporter {
    /// Reports to `callback` (none: reports are dropped).
    pub fn new(callback: Option<Py<PyAny>>) -> Self {
        Reporter {
            callback,
            last: None,
        }
    }

    /// Calls the callback if it is time; an exception it raises is kept and becomes an error.
    pub fn report(&mut self, done: u64, total: u64) -> grundy::Result<()> {
        let Some(callback) = &self.callback else {
            return Ok(());
        };
        if self.last.is_some_and(|last| last.elapsed() < REPORT_EVERY) {
            return Ok(());
        }
        self.last = Some(Instant::now());
        Python::attach(|py| callback.call1(py, (done, total)).map(drop)).map_err(keep)
    }

    /// [`Reporter::report`] for callbacks that cannot return an error: unwinds instead.
    pub fn report_or_unwind(&mut self, done: u64, total: u64) {
        if self.report(done, total).is_err() {
            panic::panic_any(Interrupted);
        }
    }

    /// A watcher of the library's single questions ([`grundy::progress`]): Ctrl-C and the
    /// callback, as a computation's own progress callbacks do.
    pub fn watcher(mut self) -> grundy::progress::Watcher {
        let mut signals = Signals::new();
        Box::new(move |done, total| {
            signals.check_or_unwind();
            self.report_or_unwind(done, total);
        })
    }
}

/// Runs `work` on the library: detached from the interpreter when `detach` (nothing in it calls
/// Python), attached otherwise. Kept Python exceptions win over the library's error.
pub fn compute<T: Send>(
    py: Python<'_>,
    detach: bool,
    work: impl FnOnce(&mut Signals) -> grundy::Result<T> + Send,
) -> PyResult<T> {
    drop(take_pending());
    let run = move || {
        let mut signals = Signals::new();
        panic::catch_unwind(AssertUnwindSafe(|| work(&mut signals)))
    };
    let outcome = if detach { py.detach(run) } else { run() };
    let kept = take_pending();
    match outcome {
        Ok(Ok(value)) => match kept {
            // An exception the library did not see as an error (it was raised after the last
            // value was needed) still stops the call.
            Some(error) => Err(error),
            None => Ok(value),
        },
        Ok(Err(error)) => Err(kept.unwrap_or_else(|| to_python(error))),
        Err(payload) if payload.is::<Interrupted>() => {
            Err(kept
                .unwrap_or_else(|| pyo3::exceptions::PyKeyboardInterrupt::new_err("interrupted")))
        }
        Err(payload) => panic::resume_unwind(payload),
    }
}

/// The library's errors as Python exceptions: `grundy.TooLarge` for a request beyond a limit,
/// `ValueError` for everything else (a bad spec, position, number or request; an overflow).
pub fn to_python(error: grundy::Error) -> PyErr {
    match error {
        grundy::Error::TooLarge(_) | grundy::Error::Stopped(_) => {
            TooLarge::new_err(error.to_string())
        }
        _ => PyValueError::new_err(error.to_string()),
    }
}

/// Silences the default panic message for [`Interrupted`] (it is not a failure); other panics
/// are reported as before and become `pyo3_runtime.PanicException`.
pub fn install_panic_hook() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if !info.payload().is::<Interrupted>() {
                previous(info);
            }
        }));
    });
}
