//! Games defined by a Python function, solved by the library's engines.
//!
//! - [`OptionsGame`] (`Game.from_options(fn)`): `fn(position)` returns the options of any
//!   position (an int or a tuple of ints); the memoised engine solves it with its own stack, so
//!   a line of play of a million moves needs no recursion, a cycle is an error, and a play that
//!   never ends stops at the engine's limit on positions.
//! - [`HeapGame`] (`Game.heap(fn)`): one heap, `fn(n)` returns smaller heaps; the dense engine
//!   computes the values in increasing order into a table, narrow (values below 64, no
//!   allocation per position) until a heap has more than 63 options, then wide. Per position the
//!   package adds little to the call of `fn` itself ([`Rules::heap_options`]).
//!
//! Both are [`Ruleset`]s, so every question the library answers (moves, sequences, tables,
//! analyses, sums with built-in games) works on them. Their engine is kept between calls (a
//! value computed once is not computed again), behind a mutex: a function that asks its own game
//! for a value while that game is being solved gets an error instead of a deadlock. When the
//! function raises, the exception is kept for the caller ([`compute::keep`]) and the engine is
//! replaced by a fresh one, since values computed after the failure are wrong.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, TryLockError};

use grundy::ruleset::{Arity, BlockSink, Evaluation, Move, Ruleset, Solver};
use grundy::solve::{DenseGame, DenseSolver, MemoSolver};
use grundy::{Error, Game, Result};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};
use pyo3::{ffi, Borrowed};

use crate::compute;
use crate::position::{self, Shape};

/// The Python function of a game and the shape of its positions (fixed by the first position
/// the game is asked about; a heap's are ints from the start).
pub struct Rules {
    function: Py<PyAny>,
    shape: OnceLock<Shape>,
}

impl Rules {
    pub fn new(function: Py<PyAny>, shape: Option<Shape>) -> Arc<Self> {
        let rules = Rules {
            function,
            shape: OnceLock::new(),
        };
        if let Some(shape) = shape {
            rules.shape.get_or_init(|| shape);
        }
        Arc::new(rules)
    }

    /// The shape of the positions, once known.
    pub fn shape(&self) -> Option<Shape> {
        self.shape.get().copied()
    }

    /// Fixes the shape on first use; a position of the other shape later is an error.
    pub fn fix_shape(&self, shape: Shape) -> PyResult<()> {
        let fixed = *self.shape.get_or_init(|| shape);
        if fixed == shape {
            return Ok(());
        }
        let (is, given) = match fixed {
            Shape::Int => ("ints", "a tuple"),
            Shape::Tuple => ("tuples of ints", "an int"),
        };
        Err(PyValueError::new_err(format!(
            "this game's positions are {is} (as in its first use), not {given}"
        )))
    }

    fn shape_or_tuple(&self) -> Shape {
        self.shape().unwrap_or(Shape::Tuple)
    }

    /// Calls the function on `position` and hands each option to `visit`. A Python exception
    /// (or an option that is not a position) is kept and the call returns the placeholder error;
    /// once one is kept, the function is not called again in this computation.
    fn each_option(
        &self,
        position: &[u64],
        mut visit: impl FnMut(Python<'_>, Vec<u64>) -> PyResult<()>,
    ) -> Result<()> {
        if compute::pending() {
            return Err(Error::Invalid("stopped by a Python exception".into()));
        }
        let shape = self.shape_or_tuple();
        Python::attach(|py| {
            let argument = position::to_python_position(py, shape, position)?;
            let result = self.function.bind(py).call1((argument,))?;
            let items = result.try_iter().map_err(|_| {
                PyTypeError::new_err(format!(
                    "the options function returned {} for {}; it must return an iterable of positions",
                    result.get_type().name().map_or_else(|_| "?".into(), |n| n.to_string()),
                    position::show(shape, position)
                ))
            })?;
            for item in items {
                visit(py, position::option(&item?, shape)?)?;
            }
            Ok(())
        })
        .map_err(compute::keep)
    }

    fn options(&self, position: &[u64]) -> Result<Vec<Vec<u64>>> {
        let mut options = Vec::new();
        self.each_option(position, |_, option| {
            options.push(option);
            Ok(())
        })?;
        Ok(options)
    }

    /// The options of heap `n`, each a smaller heap or a split into smaller heaps: the lean
    /// path of `Game.heap`, where the function's call is most of the cost. The int argument is
    /// made directly, the call goes through `PyObject_CallFunctionObjArgs` (no argument tuple;
    /// CPython makes it a vectorcall), a returned `list` or `tuple` is read by index, and every
    /// option that is an `int` is read straight into a `u64` (a `tuple` of ints likewise);
    /// anything else goes the generic way.
    fn heap_options(&self, n: u64, mut visit: impl FnMut(HeapOption<'_>)) -> Result<()> {
        if compute::pending() {
            return Err(Error::Invalid("stopped by a Python exception".into()));
        }
        Python::attach(|py| self.heap_options_attached(py, n, &mut visit)).map_err(compute::keep)
    }

    /// [`Rules::heap_options`] on a thread already attached, the failure not yet kept.
    fn heap_options_attached(
        &self,
        py: Python<'_>,
        n: u64,
        visit: &mut impl FnMut(HeapOption<'_>),
    ) -> PyResult<()> {
        let smaller = |m: u64| {
            if m >= n {
                return Err(PyValueError::new_err(format!(
                    "the options of heap {n} must be smaller heaps, but one is {m} (Game.heap needs every option of n below n; Game.from_options takes any game)"
                )));
            }
            Ok(m)
        };
        let mut parts: Vec<u64> = Vec::new();
        // One option: an int (a smaller heap) or a tuple of ints (the heaps a split leaves).
        let mut take = |item: Borrowed<'_, '_, PyAny>| -> PyResult<()> {
            if let Some(m) = exact_int(item) {
                visit(HeapOption::Heap(smaller(m)?));
                return Ok(());
            }
            // Owned: reading it may run Python code (`__index__`) that drops its container.
            let item = item.to_owned();
            if let Ok(tuple) = item.cast_exact::<PyTuple>() {
                parts.clear();
                for part in tuple.iter_borrowed() {
                    parts.push(smaller(heap_option(part)?)?);
                }
                visit(HeapOption::Split(&parts));
                return Ok(());
            }
            visit(HeapOption::Heap(smaller(heap_option(item.as_borrowed())?)?));
            Ok(())
        };
        let argument = n.into_pyobject(py)?;
        // SAFETY: both pointers are live objects and the argument list ends with a null pointer;
        // the call returns a new reference or null with an exception set.
        let result = unsafe {
            Bound::from_owned_ptr_or_err(
                py,
                ffi::PyObject_CallFunctionObjArgs(
                    self.function.as_ptr(),
                    argument.as_ptr(),
                    std::ptr::null_mut::<ffi::PyObject>(),
                ),
            )?
        };
        drop(argument);
        if let Ok(list) = result.cast_exact::<PyList>() {
            // Reading an option that is not an int can run Python code (`__index__`), which may
            // change the list: the length is read again after each option.
            let mut i = 0;
            while i < list.len() {
                // SAFETY: `i` is below the list's length, so the item is a live (borrowed)
                // reference; `take` reads an int at once and owns anything else before any
                // Python code runs.
                let item = unsafe {
                    Borrowed::from_ptr(py, ffi::PyList_GetItem(list.as_ptr(), i as ffi::Py_ssize_t))
                };
                take(item)?;
                i += 1;
            }
        } else if let Ok(tuple) = result.cast_exact::<PyTuple>() {
            for item in tuple.iter_borrowed() {
                take(item)?;
            }
        } else {
            let items = result.try_iter().map_err(|_| {
                PyTypeError::new_err(format!(
                    "the options function returned {} for {n}; it must return an iterable of positions",
                    result.get_type().name().map_or_else(|_| "?".into(), |n| n.to_string()),
                ))
            })?;
            for item in items {
                take(item?.as_borrowed())?;
            }
        }
        Ok(())
    }

    fn moves(&self, position: &[u64]) -> Result<Vec<Move>> {
        let shape = self.shape_or_tuple();
        Ok(self
            .options(position)?
            .into_iter()
            .map(|to| Move {
                description: format!("to {}", position::show(shape, &to)),
                to,
            })
            .collect())
    }

    fn arity(&self) -> Arity {
        match self.shape() {
            Some(Shape::Int) => Arity::Exactly(1),
            _ => Arity::AtLeast(0),
        }
    }

    fn position_hint(&self) -> String {
        match self.shape() {
            Some(Shape::Int) => "an int".into(),
            _ => "a tuple of ints".into(),
        }
    }
}

/// One option of a heap in `Game.heap`: a smaller heap, or the smaller heaps a split leaves
/// (the option is their sum; `()` leaves nothing).
pub enum HeapOption<'a> {
    /// One heap (`0`: nothing left).
    Heap(u64),
    /// Several heaps.
    Split(&'a [u64]),
}

/// A heap of a heap game's option as a `u64`: an exact `int` read directly, anything else
/// (and any failure, for its message) through [`position::coordinate`].
fn heap_option(item: Borrowed<'_, '_, PyAny>) -> PyResult<u64> {
    match exact_int(item) {
        Some(m) => Ok(m),
        // Owned, since `__index__` may drop the container's reference.
        None => position::coordinate(&item.to_owned()).map_err(|error| {
            if !error.is_instance_of::<PyTypeError>(item.py()) {
                return error; // an int out of range says so itself
            }
            PyTypeError::new_err(format!(
                "an option of Game.heap is an int (one smaller heap) or a tuple of ints (the smaller heaps a split leaves), not {}",
                item.get_type().name().map_or_else(|_| "?".into(), |n| n.to_string())
            ))
        }),
    }
}

/// An exact `int` from 0 to 2^64-1, read without running Python code; `None` for anything else.
fn exact_int(item: Borrowed<'_, '_, PyAny>) -> Option<u64> {
    // SAFETY: `item` is a live reference; reading an exact int runs no Python code, and an
    // error it sets (a negative or too large int) is cleared here.
    unsafe {
        let ptr = item.as_ptr();
        if ffi::Py_TYPE(ptr) != &raw mut ffi::PyLong_Type {
            return None;
        }
        let m = ffi::PyLong_AsUnsignedLongLong(ptr);
        if m != u64::MAX || ffi::PyErr_Occurred().is_null() {
            return Some(m);
        }
        ffi::PyErr_Clear();
        None
    }
}

/// Locks a game's engine; a lock already held on this thread means the game's own function
/// asked it for a value. A lock left poisoned (by an interruption) gives a fresh engine.
pub fn lock<'a, T>(engine: &'a Mutex<T>, fresh: impl FnOnce() -> T) -> Result<MutexGuard<'a, T>> {
    match engine.try_lock() {
        Ok(guard) => Ok(guard),
        Err(TryLockError::Poisoned(poisoned)) => {
            let mut guard = poisoned.into_inner();
            *guard = fresh();
            engine.clear_poison();
            Ok(guard)
        }
        Err(TryLockError::WouldBlock) => Err(Error::Invalid(
            "this game is being solved already: its options function may not ask the same game for values".into(),
        )),
    }
}

/// The library's view of a user's game for the memoised engine.
pub struct SearchGame(Arc<Rules>);

impl Game for SearchGame {
    type Position = Vec<u64>;

    fn options(&self, position: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        // A failure is kept by `each_option`; the solver sees it and discards the results.
        if let Ok(options) = self.0.options(position) {
            out.extend(options);
        }
    }
}

/// `Game.from_options(fn)`: any game, positions ints or tuples of ints.
pub struct OptionsGame {
    name: String,
    rules: Arc<Rules>,
    limit: usize,
    memo: Mutex<MemoSolver<SearchGame>>,
}

impl OptionsGame {
    pub fn new(name: String, rules: Arc<Rules>, limit: usize) -> Self {
        let memo = Mutex::new(MemoSolver::with_limit(SearchGame(rules.clone()), limit));
        OptionsGame {
            name,
            rules,
            limit,
            memo,
        }
    }

    fn fresh(&self) -> MemoSolver<SearchGame> {
        MemoSolver::with_limit(SearchGame(self.rules.clone()), self.limit)
    }
}

impl Ruleset for OptionsGame {
    fn spec(&self) -> String {
        self.name.clone()
    }

    fn arity(&self) -> Arity {
        self.rules.arity()
    }

    fn position_hint(&self) -> String {
        self.rules.position_hint()
    }

    fn moves(&self, position: &[u64]) -> Result<Vec<Move>> {
        self.rules.moves(position)
    }

    fn solver(&self) -> Option<Box<dyn Solver + '_>> {
        Some(Box::new(KeptSearch { game: self }))
    }
}

/// The memoised engine kept in an [`OptionsGame`].
struct KeptSearch<'a> {
    game: &'a OptionsGame,
}

impl Solver for KeptSearch<'_> {
    fn value(&mut self, position: &[u64]) -> Result<u64> {
        let mut memo = lock(&self.game.memo, || self.game.fresh())?;
        let value = memo.value(&position.to_vec());
        if compute::pending() {
            *memo = self.game.fresh();
            return Err(Error::Invalid("stopped by a Python exception".into()));
        }
        value
    }

    fn evaluate(&mut self, position: &[u64]) -> Result<Evaluation> {
        Ok(Evaluation {
            value: self.value(position)?,
            method: "memoised search over the options function".into(),
        })
    }
}

/// The most heaps [`HeapGame`] computes: its table keeps up to 8 bytes a value (the values of a
/// function's game have no bound known in advance).
pub const MAX_HEAP: u64 = 1 << 28;

/// The most options a position may have for [`HeapGame`]'s first table: the mex of at most 63
/// values is at most 63, so the values fit the engine's narrow path (a 64-bit mask, no
/// allocation per position, 6 bits a value).
const NARROW_OPTIONS: u64 = 63;

/// The library's view of a user's heap game for the dense engine. A game is first computed on a
/// narrow table (value bound 63); the first position with more than [`NARROW_OPTIONS`] options
/// sets `too_many`, after which the narrow table is wrong from that position on and the
/// function is no longer called for it; [`KeptTable`] then moves to a wide table (no bound),
/// computed again from the start.
///
/// Its options are only asked for by the engine kept in [`HeapGame`], which only runs inside
/// [`KeptTable::with_table`], attached to the interpreter: so the calls use the thread's
/// attachment instead of attaching again for every position.
pub struct DenseCalls {
    rules: Arc<Rules>,
    narrow: bool,
    too_many: Arc<AtomicBool>,
    /// Set by the first Python exception (kept by [`compute::keep`]): the function is not
    /// called again by this engine, which [`KeptTable::with_table`] then discards.
    stopped: AtomicBool,
}

impl DenseCalls {
    fn new(rules: Arc<Rules>, narrow: bool) -> Self {
        DenseCalls {
            rules,
            narrow,
            too_many: Arc::new(AtomicBool::new(false)),
            stopped: AtomicBool::new(false),
        }
    }
}

impl DenseGame for DenseCalls {
    fn value_bound(&self) -> u64 {
        if self.narrow {
            NARROW_OPTIONS
        } else {
            u64::MAX
        }
    }

    /// Not used: the engine asks [`DenseGame::for_each_option_value`] of a game without a
    /// reach, since an option here may be a split, which no single smaller heap stands for.
    /// (Called, it would pass a one-heap option as itself and a split as the XOR of its heaps.)
    fn for_each_option(&self, n: u64, visit: impl FnMut(u64)) {
        self.for_each_option_value(n, |m| m, visit);
    }

    /// The values of the options of `n`: a heap's value, or a split's nim-sum.
    fn for_each_option_value(
        &self,
        n: u64,
        value: impl Fn(u64) -> u64,
        mut visit: impl FnMut(u64),
    ) {
        if self.stopped.load(Ordering::Relaxed) || self.too_many.load(Ordering::Relaxed) {
            return;
        }
        // SAFETY: this engine only runs inside `KeptTable::with_table`, which holds the thread
        // attached for the whole computation (the user's function may detach and attach again
        // inside, but it returns attached); the token does not outlive this call.
        let py = unsafe { Python::assume_attached() };
        let mut count = 0;
        let limit = if self.narrow {
            NARROW_OPTIONS
        } else {
            u64::MAX
        };
        let result = self.rules.heap_options_attached(py, n, &mut |option| {
            count += 1;
            if count <= limit {
                visit(match option {
                    HeapOption::Heap(m) => value(m),
                    HeapOption::Split(parts) => parts.iter().fold(0, |x, &m| x ^ value(m)),
                });
            }
        });
        if count > limit {
            self.too_many.store(true, Ordering::Relaxed);
        }
        // The solver cannot see the failure; `with_table` does, and discards the table.
        if let Err(error) = result {
            compute::keep(error);
            self.stopped.store(true, Ordering::Relaxed);
        }
    }
}

/// `Game.heap(fn)`: a heap game, every option of a heap one smaller heap or several (a split).
/// A position is one heap or several (their disjunctive sum, valued by the nim-sum).
pub struct HeapGame {
    name: String,
    rules: Arc<Rules>,
    dense: Mutex<DenseSolver<DenseCalls>>,
}

impl HeapGame {
    pub fn new(name: String, rules: Arc<Rules>) -> Self {
        let dense = Mutex::new(DenseSolver::new(DenseCalls::new(rules.clone(), true)));
        HeapGame { name, rules, dense }
    }

    fn fresh(&self, narrow: bool) -> DenseSolver<DenseCalls> {
        DenseSolver::new(DenseCalls::new(self.rules.clone(), narrow))
    }
}

impl Ruleset for HeapGame {
    fn spec(&self) -> String {
        self.name.clone()
    }

    fn arity(&self) -> Arity {
        Arity::AtLeast(1)
    }

    fn position_hint(&self) -> String {
        "a heap, an int (or a tuple of heaps: their sum)".into()
    }

    /// A move replaces one heap by its option: a smaller heap, or the heaps of a split (a
    /// position left with no heap is `0`).
    fn moves(&self, position: &[u64]) -> Result<Vec<Move>> {
        let mut moves = Vec::new();
        for (i, &heap) in position.iter().enumerate() {
            self.rules.heap_options(heap, |option| {
                let replaced: &[u64] = match &option {
                    HeapOption::Heap(m) => std::slice::from_ref(m),
                    HeapOption::Split(parts) => parts,
                };
                let mut to: Vec<u64> = position[..i].to_vec();
                to.extend(
                    replaced
                        .iter()
                        .copied()
                        .filter(|&m| m > 0 || replaced.len() == 1),
                );
                to.extend_from_slice(&position[i + 1..]);
                if to.is_empty() {
                    to.push(0);
                }
                let shown: Vec<String> = replaced.iter().map(u64::to_string).collect();
                let description = match (position.len(), &option) {
                    (1, HeapOption::Heap(m)) => format!("to {m}"),
                    (1, HeapOption::Split(_)) => format!("to ({})", shown.join(", ")),
                    (_, _) => format!("heap {} ({heap}) to ({})", i + 1, shown.join(", ")),
                };
                moves.push(Move { to, description });
            })?;
        }
        Ok(moves)
    }

    /// Sequences run along one heap.
    fn default_template(&self) -> Option<Vec<Option<u64>>> {
        Some(vec![None])
    }

    /// The heaps in increasing order, without empty ones (`0` when none is left).
    fn explored_form(&self, position: &[u64]) -> Vec<u64> {
        let mut heaps: Vec<u64> = position.iter().copied().filter(|&h| h > 0).collect();
        heaps.sort_unstable();
        if heaps.is_empty() {
            heaps.push(0);
        }
        heaps
    }

    fn solver(&self) -> Option<Box<dyn Solver + '_>> {
        Some(Box::new(KeptTable { game: self }))
    }

    /// A heap's options as the non-empty heaps each leaves, for misère quotients.
    fn heap_options(&self, heap: u64) -> Option<Result<Vec<Vec<u64>>>> {
        let mut options = Vec::new();
        Some(
            self.rules
                .heap_options(heap, |option| {
                    options.push(match option {
                        HeapOption::Heap(m) => [m].into_iter().filter(|&m| m > 0).collect(),
                        HeapOption::Split(parts) => {
                            parts.iter().copied().filter(|&m| m > 0).collect()
                        }
                    })
                })
                .map(|()| options),
        )
    }
}

/// The dense engine kept in a [`HeapGame`].
struct KeptTable<'a> {
    game: &'a HeapGame,
}

impl KeptTable<'_> {
    fn check(&self, end: u64) -> Result<()> {
        if end > MAX_HEAP {
            return Err(Error::TooLarge(format!(
                "Game.heap computes heaps below 2^28 = {MAX_HEAP} (its table keeps 8 bytes a value)"
            )));
        }
        Ok(())
    }

    /// Runs `work` on the engine (with the flag its narrow table sets when a position has too
    /// many options); when the narrow table turns out too narrow, the engine becomes a wide one
    /// and `work` runs again. A kept Python exception discards the engine's table.
    fn with_table<T>(
        &self,
        mut work: impl FnMut(&mut DenseSolver<DenseCalls>, &AtomicBool) -> Result<T>,
    ) -> Result<T> {
        let mut dense = lock(&self.game.dense, || self.game.fresh(true))?;
        // Attached for the whole computation: `DenseCalls` relies on it.
        Python::attach(|_| {
            let too_many = dense.game().too_many.clone();
            let mut result = work(&mut dense, &too_many);
            if too_many.load(Ordering::Relaxed) && !compute::pending() {
                *dense = self.game.fresh(false);
                result = work(&mut dense, &AtomicBool::new(false));
            }
            if compute::pending() {
                *dense = self.game.fresh(true);
                return Err(Error::Invalid("stopped by a Python exception".into()));
            }
            result
        })
    }
}

impl Solver for KeptTable<'_> {
    /// The nim-sum of the heaps' values (one heap: its value).
    fn value(&mut self, position: &[u64]) -> Result<u64> {
        let largest = position.iter().copied().max().unwrap_or(0);
        self.check(largest.saturating_add(1))?;
        self.with_table(|dense, _| {
            position
                .iter()
                .try_fold(0, |x, &heap| Ok(x ^ dense.value(heap)?))
        })
    }

    fn evaluate(&mut self, position: &[u64]) -> Result<Evaluation> {
        Ok(Evaluation {
            value: self.value(position)?,
            method: "dense table over the options function".into(),
        })
    }

    fn sequence_blocks(
        &mut self,
        _template: &[Option<u64>],
        range: std::ops::Range<u64>,
        sink: &mut BlockSink,
    ) -> Result<()> {
        self.check(range.end)?;
        // The blocks handed out before the narrow table failed are right: the wide table goes
        // on from the first block not handed out.
        let mut done = range.start;
        self.with_table(|dense, too_many| {
            dense.for_each_block(done..range.end, &mut |block| {
                if compute::pending() {
                    return Err(Error::Invalid("stopped by a Python exception".into()));
                }
                if too_many.load(Ordering::Relaxed) {
                    return Err(Error::Invalid(
                        "too many options for the narrow table".into(),
                    ));
                }
                sink(block)?;
                done += block.len() as u64;
                Ok(())
            })
        })
    }
}
