//! Games defined in Python whose positions split into independent components
//! (`Game.from_options(fn, components=..., canonical=..., bound=...)`), valued by the library's
//! search for one large position ([`grundy::solve::search`]).
//!
//! A position is any hashable Python object. [`Parts`] numbers the objects it meets (a Python
//! dict from object to id, the objects kept by id): the library's position of a game is `[id]`,
//! and the search's parts are the ids of canonical components. The options of a part are
//! `options(object)`, each split by `components` and each component mapped by `canonical`; they
//! are kept by id ([`MAX_KEPT_OPTIONS_BYTES`]), since the search asks for the options of a part
//! once per value it tries. The search itself lives as long as the game, so what one question
//! learns serves the next.
//!
//! The search prunes with a bound on each part's value: the user's `bound`, checked on every
//! part the search expands (it must exceed the bounds of the components of each option, so that
//! it bounds every play, and the search always ends: a cycle is found at once; a part of bound 0
//! is checked once to have no move, then left out of options), or [`DEFAULT_BOUND`], checked
//! against the number of options (a value is at most that); without a bound, a cycle is found
//! by [`MAX_EXPANSIONS`]. A Python exception stops the search at once (the part being expanded
//! gets no options, and the search's stop function says stop); the search, whose table may then
//! hold wrong values, is dropped. The ids of a run are not those of another, so there are no
//! checkpoints: [`Splittable::read_part`] accepts nothing, and the search is made without one.

use std::sync::{Arc, Mutex, MutexGuard};

use grundy::ruleset::{Arity, Evaluation, Move, Ruleset, Solver};
use grundy::solve::search::{Search, Settings, Splittable};
use grundy::{Error, Result};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::compute;
use crate::user::lock;
use crate::TooLarge;

/// The bound on a part's value when the game gives none: a value is at most the number of
/// options, so a part with more options than this is an error that asks for `bound=`.
pub const DEFAULT_BOUND: u64 = 1 << 20;

/// The largest bound `bound` may return (the search adds bounds up).
pub const MAX_BOUND: u64 = 1 << 32;

/// The most bytes of options kept by id; beyond it the kept options are dropped (and computed
/// again when asked for).
pub const MAX_KEPT_OPTIONS_BYTES: usize = 256 << 20;

/// The most times the search may ask for the options of one part when the game gives no
/// `bound`. It asks once per value it tries for the part (and again if its table dropped the
/// answer), so only a game with values in the hundreds needs more; a game with a cycle, where
/// the search would recurse without end, is stopped here, after about this many rounds of the
/// cycle (some 500 bytes of recursion each per part of the cycle). With `bound`, a cycle is
/// found at once: the bound cannot decrease along it.
pub const MAX_EXPANSIONS: u32 = 1 << 10;

/// No bound computed yet (the object has only been a position, not a part).
const UNSET: u64 = u64::MAX;

/// What is known of one object.
struct Entry {
    object: Py<PyAny>,
    /// The bound of the object as a part, or [`UNSET`].
    bound: u64,
    /// Its options as parts, each a run of `parts` ending at `ends[i]`, once computed.
    options: Option<Box<Kept>>,
    /// How many times the search has asked for its options (see [`MAX_EXPANSIONS`]).
    expansions: u32,
}

struct Kept {
    parts: Vec<u64>,
    ends: Vec<usize>,
}

impl Kept {
    fn bytes(&self) -> usize {
        8 * (self.parts.len() + self.ends.len()) + std::mem::size_of::<Self>()
    }
}

struct Entries {
    entries: Vec<Entry>,
    kept_bytes: usize,
}

/// The Python functions of a game with components, and the objects met so far.
pub struct Parts {
    options: Py<PyAny>,
    components: Option<Py<PyAny>>,
    canonical: Option<Py<PyAny>>,
    bound: Option<Py<PyAny>>,
    /// Object to id.
    ids: Py<PyDict>,
    entries: Mutex<Entries>,
    /// The most objects kept (`max_positions`).
    limit: usize,
}

fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map_or_else(|_| "?".into(), |n| n.to_string())
}

fn repr(value: &Bound<'_, PyAny>) -> String {
    value
        .repr()
        .map_or_else(|_| format!("<{}>", type_name(value)), |r| r.to_string())
}

impl Parts {
    pub fn new(
        py: Python<'_>,
        options: Py<PyAny>,
        components: Option<Py<PyAny>>,
        canonical: Option<Py<PyAny>>,
        bound: Option<Py<PyAny>>,
        limit: usize,
    ) -> PyResult<Arc<Self>> {
        for (name, function) in [
            ("options", Some(&options)),
            ("components", components.as_ref()),
            ("canonical", canonical.as_ref()),
            ("bound", bound.as_ref()),
        ] {
            if let Some(function) = function {
                if !function.bind(py).is_callable() {
                    return Err(PyTypeError::new_err(format!(
                        "{name} must be a function, not {}",
                        type_name(function.bind(py))
                    )));
                }
            }
        }
        Ok(Arc::new(Parts {
            options,
            components,
            canonical,
            bound,
            ids: PyDict::new(py).unbind(),
            entries: Mutex::new(Entries {
                entries: Vec::new(),
                kept_bytes: 0,
            }),
            limit,
        }))
    }

    fn entries(&self) -> MutexGuard<'_, Entries> {
        // Nothing panics while the lock is held; a poisoned lock still holds whole entries.
        self.entries
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// How many objects are numbered.
    pub fn len(&self) -> usize {
        self.entries().entries.len()
    }

    /// The id of `object`, numbering it if new.
    pub fn intern(&self, object: &Bound<'_, PyAny>) -> PyResult<u64> {
        let ids = self.ids.bind(object.py());
        let found = ids.get_item(object).map_err(|error| {
            if error.is_instance_of::<PyTypeError>(object.py()) {
                PyTypeError::new_err(format!(
                    "the positions of a game with components must be hashable (a tuple or a frozenset, not a list or a set): got {} ({error})",
                    type_name(object)
                ))
            } else {
                error
            }
        })?;
        if let Some(id) = found {
            return id.extract();
        }
        let id = {
            let mut entries = self.entries();
            if entries.entries.len() >= self.limit {
                return Err(TooLarge::new_err(format!(
                    "more than max_positions = {} positions and components met: raise max_positions, or check that every play of the game ends",
                    self.limit
                )));
            }
            entries.entries.push(Entry {
                object: object.clone().unbind(),
                bound: UNSET,
                options: None,
                expansions: 0,
            });
            (entries.entries.len() - 1) as u64
        };
        ids.set_item(object, id)?;
        Ok(id)
    }

    /// The object numbered `id`.
    pub fn object<'py>(&self, py: Python<'py>, id: u64) -> Bound<'py, PyAny> {
        self.entries().entries[id as usize].object.bind(py).clone()
    }

    /// Whether `id` numbers an object.
    pub fn has(&self, id: u64) -> bool {
        (id as usize) < self.len()
    }

    /// The part of a component: the id of its canonical form, with its bound.
    fn part(&self, component: &Bound<'_, PyAny>) -> PyResult<u64> {
        let py = component.py();
        let canonical = match &self.canonical {
            Some(function) => function.bind(py).call1((component,))?,
            None => component.clone(),
        };
        let id = self.intern(&canonical)?;
        if self.entries().entries[id as usize].bound == UNSET {
            let bound = match &self.bound {
                None => DEFAULT_BOUND,
                Some(function) => {
                    let given = function.bind(py).call1((&canonical,))?;
                    match given.extract::<u64>() {
                        Ok(b) if b <= MAX_BOUND => b,
                        _ => {
                            return Err(PyValueError::new_err(format!(
                                "bound must return an int from 0 to 2^32 (an upper bound on the number of moves of any play), but bound({}) returned {}",
                                repr(&canonical),
                                repr(&given)
                            )))
                        }
                    }
                }
            };
            if bound == 0 {
                // Left out of every option from now on: checked once that it has no move.
                if let Some(option) = self.option_objects(&canonical)?.first() {
                    return Err(PyValueError::new_err(format!(
                        "bound({}) is 0, but it has a move (to {}): bound must be at least the number of moves of any play",
                        repr(&canonical),
                        repr(option)
                    )));
                }
            }
            self.entries().entries[id as usize].bound = bound;
        }
        Ok(id)
    }

    /// The parts of a position (or of an option): its components in canonical form, pairs of
    /// equal parts cancelled (G + G = 0), and parts without moves (bound 0) left out. Also
    /// returns the sum of the bounds of all its components.
    fn split(&self, position: &Bound<'_, PyAny>) -> PyResult<(Vec<u64>, u64)> {
        let py = position.py();
        let mut parts = Vec::new();
        match &self.components {
            None => parts.push(self.part(position)?),
            Some(function) => {
                let given = function.bind(py).call1((position,))?;
                let items = given.try_iter().map_err(|_| {
                    PyTypeError::new_err(format!(
                        "components must return an iterable of positions, but components({}) returned {}",
                        repr(position),
                        type_name(&given)
                    ))
                })?;
                for item in items {
                    parts.push(self.part(&item?)?);
                }
            }
        }
        let total = {
            let entries = self.entries();
            parts.iter().fold(0u64, |s, &p| {
                s.saturating_add(entries.entries[p as usize].bound)
            })
        };
        if self.bound.is_some() {
            let entries = self.entries();
            parts.retain(|&p| entries.entries[p as usize].bound > 0);
        }
        grundy::games::board::cancel_pairs(&mut parts, 0);
        Ok((parts, total))
    }

    /// Forgets how often the options of each part were asked for (the search that asked is
    /// gone).
    fn forget_expansions(&self) {
        for entry in &mut self.entries().entries {
            entry.expansions = 0;
        }
    }

    /// The parts of the position numbered `id`.
    pub fn parts_of(&self, py: Python<'_>, id: u64) -> PyResult<Vec<u64>> {
        Ok(self.split(&self.object(py, id))?.0)
    }

    /// The options of `object` (a position).
    pub fn option_objects<'py>(
        &self,
        object: &Bound<'py, PyAny>,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let given = self.options.bind(object.py()).call1((object,))?;
        let items = given.try_iter().map_err(|_| {
            PyTypeError::new_err(format!(
                "the options function must return an iterable of positions, but options({}) returned {}",
                repr(object),
                type_name(&given)
            ))
        })?;
        items.collect()
    }

    /// Computes the options of part `id` as parts, checking its bound against them.
    fn expand(&self, py: Python<'_>, id: u64) -> PyResult<Kept> {
        let object = self.object(py, id);
        let bound = self.entries().entries[id as usize].bound;
        let mut kept = Kept {
            parts: Vec::new(),
            ends: Vec::new(),
        };
        for option in self.option_objects(&object)? {
            let (parts, total) = self.split(&option)?;
            if self.bound.is_some() && total >= bound {
                return Err(PyValueError::new_err(format!(
                    "bound({}) is {bound}, but its option {} has components whose bounds add up to {total}: bound must be more than that for every option (the number of cells or vertices left usually is; a game with a cycle has no such bound)",
                    repr(&object),
                    repr(&option)
                )));
            }
            kept.parts.extend(parts);
            kept.ends.push(kept.parts.len());
        }
        if self.bound.is_none() && kept.ends.len() as u64 > DEFAULT_BOUND {
            return Err(PyValueError::new_err(format!(
                "{} has {} options, more than the {DEFAULT_BOUND} the search assumes without a bound: give bound=",
                repr(&object),
                kept.ends.len()
            )));
        }
        Ok(kept)
    }
}

impl Kept {
    /// The parts of option `i`.
    fn option(&self, i: usize) -> &[u64] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.parts[start..self.ends[i]]
    }
}

impl Parts {
    /// Keeps the options of `part` (asking Python for them unless they are kept already) and
    /// hands them to `f`; nothing after a Python exception. `moves` counts the expansions, to
    /// catch a cycle when no bound is given.
    fn with_options(&self, part: u64, moves: bool, f: impl FnOnce(&Kept)) {
        // After a Python exception every part is left without options: the search ends soon
        // (its stop function says so too) and is then dropped.
        if compute::pending() {
            return;
        }
        {
            let mut entries = self.entries();
            let entry = &mut entries.entries[part as usize];
            if moves {
                entry.expansions += 1;
            }
            if entry.expansions > MAX_EXPANSIONS && self.bound.is_none() {
                drop(entries);
                compute::keep(Python::attach(|py| {
                    PyValueError::new_err(format!(
                        "the search has asked for the options of {} more than {MAX_EXPANSIONS} times: the game seems to have a cycle (with components, every play must end), or values in the hundreds; give bound=, which finds a cycle at once and lifts this limit",
                        repr(&self.object(py, part))
                    ))
                }));
                return;
            }
            if let Some(kept) = &entry.options {
                f(kept);
                return;
            }
        }
        match Python::attach(|py| self.expand(py, part)) {
            Ok(kept) => {
                f(&kept);
                let mut entries = self.entries();
                if entries.kept_bytes + kept.bytes() > MAX_KEPT_OPTIONS_BYTES {
                    for entry in &mut entries.entries {
                        entry.options = None;
                    }
                    entries.kept_bytes = 0;
                }
                entries.kept_bytes += kept.bytes();
                entries.entries[part as usize].options = Some(Box::new(kept));
            }
            Err(error) => {
                compute::keep(error);
            }
        }
    }
}

impl Splittable for Parts {
    type Part = u64;

    /// The table keeps the part itself.
    type Key = u64;

    fn key(&self, part: &u64) -> u64 {
        *part
    }

    fn part_of(&self, key: &u64) -> u64 {
        *key
    }

    /// The index of an option in the list Python gave.
    type Move = u32;

    fn moves(&self, part: &u64, out: &mut Vec<u32>) -> Result<()> {
        self.with_options(*part, true, |kept| out.extend(0..kept.ends.len() as u32));
        Ok(())
    }

    fn play(&self, part: &u64, i: u32, out: &mut Vec<u64>) -> Result<()> {
        // The options may have been dropped (to bound memory) since `moves`: made again then.
        self.with_options(*part, false, |kept| {
            if (i as usize) < kept.ends.len() {
                out.extend_from_slice(kept.option(i as usize));
            }
        });
        Ok(())
    }

    fn bound(&self, part: &u64) -> u64 {
        match self.entries().entries[*part as usize].bound {
            UNSET => DEFAULT_BOUND,
            bound => bound,
        }
    }

    fn write_part(part: &u64, out: &mut Vec<u8>) {
        out.extend_from_slice(&part.to_le_bytes());
    }

    /// Nothing: the ids of objects are those of one run.
    fn read_part(_bytes: &[u8]) -> Option<u64> {
        None
    }

    const PART_BYTES: usize = 8;
}

/// The search's stop function: a kept Python exception, or Ctrl-C (the interpreter's signal
/// handlers run here, every few thousand positions, since a search whose options are all kept
/// calls no Python code).
fn stop() -> bool {
    compute::pending()
        || Python::attach(|py| py.check_signals())
            .map_err(compute::keep)
            .is_err()
}

/// `Game.from_options(fn, components=...)`: the ruleset, positions `[id]`.
pub struct SplitGame {
    name: String,
    /// Declared before `parts`, which it borrows: dropped first.
    search: Mutex<Option<Search<'static, Parts>>>,
    parts: Arc<Parts>,
}

impl SplitGame {
    pub fn new(name: String, parts: Arc<Parts>) -> Self {
        SplitGame {
            name,
            search: Mutex::new(None),
            parts,
        }
    }

    fn show(&self, id: u64) -> String {
        Python::attach(|py| repr(&self.parts.object(py, id)))
    }
}

impl Ruleset for SplitGame {
    fn spec(&self) -> String {
        self.name.clone()
    }

    fn arity(&self) -> Arity {
        Arity::Exactly(1)
    }

    fn position_hint(&self) -> String {
        "any hashable Python object (a position of the options function)".into()
    }

    fn validate(&self, position: &[u64]) -> Result<()> {
        match position {
            [id] if self.parts.has(*id) => Ok(()),
            _ => Err(Error::Position(
                "not a position of this game (give the Python object)".into(),
            )),
        }
    }

    fn show_position(&self, position: &[u64]) -> String {
        match position {
            [id] if self.parts.has(*id) => self.show(*id),
            _ => format!("{position:?}"),
        }
    }

    fn moves(&self, position: &[u64]) -> Result<Vec<Move>> {
        self.validate(position)?;
        if compute::pending() {
            return Err(Error::Invalid("stopped by a Python exception".into()));
        }
        Python::attach(|py| {
            let object = self.parts.object(py, position[0]);
            self.parts
                .option_objects(&object)?
                .into_iter()
                .map(|option| {
                    Ok(Move {
                        to: vec![self.parts.intern(&option)?],
                        description: format!("to {}", repr(&option)),
                    })
                })
                .collect::<PyResult<Vec<Move>>>()
        })
        .map_err(compute::keep)
    }

    fn solver(&self) -> Option<Box<dyn Solver + '_>> {
        Some(Box::new(SplitSolver { game: self }))
    }
}

/// The search kept in a [`SplitGame`].
struct SplitSolver<'a> {
    game: &'a SplitGame,
}

impl Solver for SplitSolver<'_> {
    fn value(&mut self, position: &[u64]) -> Result<u64> {
        Ok(self.evaluate(position)?.value)
    }

    fn evaluate(&mut self, position: &[u64]) -> Result<Evaluation> {
        self.game.validate(position)?;
        if compute::pending() {
            return Err(Error::Invalid("stopped by a Python exception".into()));
        }
        let parts = Python::attach(|py| self.game.parts.parts_of(py, position[0]))
            .map_err(compute::keep)?;
        let mut kept = lock(&self.game.search, || None)?;
        if kept.is_none() {
            // SAFETY: the search borrows the game's `Parts`, which the `Arc` in the same
            // `SplitGame` keeps alive and in place; the search is dropped before it (field
            // order, and `Drop` of the mutex's contents), and never leaves the mutex.
            let parts: &'static Parts = unsafe { &*Arc::as_ptr(&self.game.parts) };
            let settings = Settings {
                checkpoint: None,
                stop: Some(stop),
                ..Settings::default()
            };
            *kept = Some(Search::with(parts, &self.game.name, settings)?);
        }
        let search = kept.as_mut().expect("just made");
        let before = search.stats().nodes;
        let value = search.value(&parts);
        if compute::pending() {
            // Values found after the failure are wrong: start again next time.
            *kept = None;
            self.game.parts.forget_expansions();
            return Err(Error::Invalid("stopped by a Python exception".into()));
        }
        let searched = search.stats().nodes - before;
        Ok(Evaluation {
            value: value?,
            method: format!(
                "search over components: {} component(s) valued apart (XOR), outcome searches of G + *k with a transposition table, {searched} positions searched",
                parts.len()
            ),
        })
    }
}
