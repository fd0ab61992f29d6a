//! The native `Game`: a ruleset of the library (from a spec string, or defined by a Python
//! function) and the questions the library answers about it.

use std::sync::Arc;

use grundy::query;
use grundy::ruleset::{Arity, Ruleset};
use numpy::PyArrayMethods;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};

use crate::arrays::Narrow;
use crate::compute::{compute, to_python, Reporter};
use crate::position::{self, Shape};
use crate::split::{Parts, SplitGame};
use crate::user::{HeapGame, OptionsGame, Rules};

/// A game: a ruleset of the library with its parameters fixed.
#[pyclass(module = "grundy._grundy", frozen)]
pub struct Game {
    ruleset: Box<dyn Ruleset>,
    /// The Python function of a game defined in Python (its engine then calls Python, so the
    /// interpreter stays attached).
    rules: Option<Arc<Rules>>,
    /// The objects of a Python-defined game with components (its positions are any hashable
    /// objects, numbered there).
    split: Option<Arc<Parts>>,
}

/// A number argument: an int, or a string in the command line's syntax (`"10^6"`).
pub fn number(value: &Bound<'_, PyAny>) -> PyResult<u64> {
    match value.cast::<PyString>() {
        Ok(text) => grundy::number::parse_u64(&text.to_cow()?).map_err(to_python),
        Err(_) => position::coordinate(value),
    }
}

impl Game {
    pub fn ruleset(&self) -> &dyn Ruleset {
        self.ruleset.as_ref()
    }

    /// Whether computing on this game calls Python.
    pub fn calls_python(&self) -> bool {
        self.rules.is_some() || self.split.is_some()
    }

    /// How this game's positions look in Python.
    pub fn shape(&self) -> Shape {
        match &self.rules {
            Some(rules) => rules.shape().unwrap_or(Shape::Tuple),
            None if self.ruleset.arity() == Arity::Exactly(1) => Shape::Int,
            None => Shape::Tuple,
        }
    }

    /// A position of this game given in Python (fixing the shape of a Python-defined game's
    /// positions on first use).
    pub fn position(&self, value: &Bound<'_, PyAny>) -> PyResult<Vec<u64>> {
        if let Some(parts) = &self.split {
            // Any hashable object, a string included.
            return Ok(vec![parts.intern(value)?]);
        }
        if let Ok(text) = value.cast::<pyo3::types::PyString>() {
            // Text is read by the game (a digraph's vertices have names).
            let position = self
                .ruleset
                .parse_position(&text.to_cow()?)
                .map_err(crate::compute::to_python)?;
            if let Some(rules) = &self.rules {
                if rules.shape().is_none() {
                    rules.fix_shape(if position.len() == 1 {
                        Shape::Int
                    } else {
                        Shape::Tuple
                    })?;
                }
            }
            return Ok(position);
        }
        if self.ruleset.position_names(&[0]).is_some() {
            // Numbers would be read as the game's internal numbering of its named vertices.
            return Err(crate::compute::to_python(grundy::Error::Position(
                "the positions of this game are vertex names: give them as a string, e.g. \"a\" or \"a,b\"".into(),
            )));
        }
        let (position, shape) = position::position(value)?;
        if let Some(rules) = &self.rules {
            match shape {
                // A heap game (`Game.heap`) takes a tuple of heaps too: their sum.
                Some(Shape::Tuple)
                    if rules.shape() == Some(Shape::Int)
                        && self.ruleset.arity() == Arity::AtLeast(1) => {}
                Some(shape) => rules.fix_shape(shape)?,
                None if rules.shape().is_none() => rules.fix_shape(if position.len() == 1 {
                    Shape::Int
                } else {
                    Shape::Tuple
                })?,
                None => {}
            }
        }
        Ok(position)
    }

    /// A template given in Python; `None` is the game's default (`_` for one coordinate).
    fn template(&self, value: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<Option<u64>>> {
        if self.split.is_some() {
            return Err(pyo3::exceptions::PyValueError::new_err(
                "a game with components has positions of any kind, not numbered along a coordinate: seq, table and analyze do not apply (ask value for each position)",
            ));
        }
        let Some(value) = value.filter(|v| !v.is_none()) else {
            if let Some(rules) = &self.rules {
                if rules.shape().is_none() {
                    rules.fix_shape(Shape::Int)?;
                }
            }
            return query::default_template(self.ruleset()).map_err(to_python);
        };
        let (template, shape) = position::template(value)?;
        if let (Some(rules), Some(shape)) = (&self.rules, shape) {
            rules.fix_shape(shape)?;
        }
        Ok(template)
    }

    /// A position as Python gets it: its numbers, or, as the CLI's JSON shows them, a board's
    /// text or a digraph's vertex names.
    pub fn to_python<'py>(&self, py: Python<'py>, position: &[u64]) -> PyResult<Bound<'py, PyAny>> {
        if let (Some(parts), [id]) = (&self.split, position) {
            return Ok(parts.object(py, *id));
        }
        let game = self.ruleset();
        if game.position_is_text() {
            return Ok(game.show_position(position).into_pyobject(py)?.into_any());
        }
        match game.position_names(position) {
            Some(names) if names.len() == 1 && self.shape() == Shape::Int => {
                Ok(names[0].clone().into_pyobject(py)?.into_any())
            }
            Some(names) => Ok(PyTuple::new(py, names)?.into_any()),
            None => position::to_python_position(py, self.shape(), position),
        }
    }

    /// Values along a template (or the game's own default sequence), without a copy per value
    /// into the array.
    fn values(
        &self,
        py: Python<'_>,
        to: u64,
        frm: Option<u64>,
        position: Option<&Bound<'_, PyAny>>,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<Values> {
        let mut reporter = Reporter::new(progress);
        let no_position = position.is_none_or(|p| p.is_none());
        let ruleset = self.ruleset();
        if no_position && self.rules.is_none() {
            // A game whose theory singles out a sequence (takeaway: g(N)) gives it here.
            let singled_out = compute(py, true, |signals| {
                ruleset
                    .default_sequence(frm, to, &mut |done| {
                        signals.check_or_unwind();
                        reporter.report_or_unwind(done, 0);
                    })
                    .transpose()
            })?;
            if let Some(sequence) = singled_out {
                let mut values =
                    Narrow::with_capacity(sequence.values.len() as u64).map_err(to_python)?;
                values.extend(&sequence.values).map_err(to_python)?;
                return Ok(Values {
                    values,
                    frm: sequence.from,
                    template: Vec::new(),
                    name: Some(sequence.name),
                });
            }
        }
        let template = self.template(position)?;
        let frm = frm.unwrap_or_else(|| query::default_from(ruleset, &template));
        let total = to.saturating_sub(frm).saturating_add(1);
        let values = compute(py, !self.calls_python(), |signals| {
            let mut values = Narrow::with_capacity(total)?;
            query::sequence_blocks(ruleset, &template, frm, to, &mut |block| {
                values.extend(block)?;
                signals.check()?;
                reporter.report(values.len() as u64, total)
            })?;
            Ok(values)
        })?;
        Ok(Values {
            values,
            frm,
            template,
            name: None,
        })
    }
}

/// A sequence computed for Python: the values, the first index, the template (empty for a
/// game's own default sequence) and the name of a default sequence.
struct Values {
    values: Narrow,
    frm: u64,
    template: Vec<Option<u64>>,
    name: Option<String>,
}

/// A template as the command line writes it: `0,2,_`.
fn show_template(template: &[Option<u64>]) -> String {
    let parts: Vec<String> = template
        .iter()
        .map(|c| c.map_or("_".into(), |v| v.to_string()))
        .collect();
    parts.join(",")
}

/// `game` as played: itself, or under misère play.
fn played(game: Box<dyn Ruleset>, misere: bool) -> Box<dyn Ruleset> {
    if misere {
        Box::new(grundy::misere::play::Played::new(
            game,
            grundy::misere::Convention::Misere,
        ))
    } else {
        game
    }
}

#[pymethods]
impl Game {
    /// The game of a spec string; `misere` (or a `misere-` prefix): under misère play.
    #[new]
    #[pyo3(signature = (spec, misere=false))]
    fn new(spec: &str, misere: bool) -> PyResult<Self> {
        let played = grundy::misere::play::parse_game(spec, misere).map_err(to_python)?;
        Ok(Game {
            ruleset: Box::new(played),
            rules: None,
            split: None,
        })
    }

    /// A game whose options are `function(position)`, on the memoised engine; with
    /// `components`, `canonical` or `bound`, on the search for one large position.
    #[allow(clippy::too_many_arguments)]
    #[staticmethod]
    #[pyo3(signature = (function, name, max_positions, misere=false, components=None, canonical=None, bound=None))]
    fn from_options(
        py: Python<'_>,
        function: Py<PyAny>,
        name: String,
        max_positions: usize,
        misere: bool,
        components: Option<Py<PyAny>>,
        canonical: Option<Py<PyAny>>,
        bound: Option<Py<PyAny>>,
    ) -> PyResult<Self> {
        if components.is_some() || canonical.is_some() || bound.is_some() {
            if misere {
                return Err(pyo3::exceptions::PyValueError::new_err(
                    "components, canonical and bound are for normal play: a position is valued as the sum of its components (Sprague-Grundy), which misère play does not allow",
                ));
            }
            let parts = Parts::new(py, function, components, canonical, bound, max_positions)?;
            return Ok(Game {
                ruleset: Box::new(SplitGame::new(name, parts.clone())),
                rules: None,
                split: Some(parts),
            });
        }
        let rules = Rules::new(function, None);
        Ok(Game {
            ruleset: played(
                Box::new(OptionsGame::new(name, rules.clone(), max_positions)),
                misere,
            ),
            rules: Some(rules),
            split: None,
        })
    }

    /// A one-heap game whose options are `function(n)` (all below `n`), on the dense engine
    /// (under misère play, on the misère search).
    #[staticmethod]
    #[pyo3(signature = (function, name, misere=false))]
    fn heap(function: Py<PyAny>, name: String, misere: bool) -> Self {
        let rules = Rules::new(function, Some(Shape::Int));
        Game {
            ruleset: played(Box::new(HeapGame::new(name, rules.clone())), misere),
            rules: Some(rules),
            split: None,
        }
    }

    /// Whether the game is played under misère play (the last player to move loses).
    #[getter]
    fn misere(&self) -> bool {
        self.ruleset
            .spec()
            .starts_with(grundy::misere::play::PREFIX)
    }

    #[getter]
    fn spec(&self) -> String {
        self.ruleset.spec()
    }

    #[getter]
    fn positions(&self) -> String {
        self.ruleset.position_hint()
    }

    /// `(value or None, "P", "N" or "D", method, the finite option values of an infinite
    /// value or None)`; with `alone`, only the outcome is asked for (a search asks only
    /// whether the value is 0, and the value is None unless known anyway).
    #[allow(clippy::type_complexity)]
    #[pyo3(signature = (position, progress=None, alone=false))]
    fn evaluate(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        progress: Option<Py<PyAny>>,
        alone: bool,
    ) -> PyResult<(Option<u64>, String, String, Option<Vec<u64>>)> {
        let position = self.position(position)?;
        let ruleset = self.ruleset();
        let report = compute(py, !self.calls_python(), |_| {
            let watcher = Reporter::new(progress).watcher();
            grundy::progress::watched(watcher, || match alone {
                true => query::outcome_alone(ruleset, &position),
                false => query::outcome(ruleset, &position),
            })
        })?;
        Ok((
            report.value,
            report.outcome.to_string(),
            report.method,
            report.infinite,
        ))
    }

    /// The value; with `db`, the board search reads and keeps its database of solved parts
    /// there (as `grundy value --db FILE`).
    #[pyo3(signature = (position, progress=None, db=None))]
    fn value(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        progress: Option<Py<PyAny>>,
        db: Option<std::path::PathBuf>,
    ) -> PyResult<u64> {
        let position = self.position(position)?;
        let ruleset = self.ruleset();
        if let Some(path) = &db {
            if !ruleset.uses_board_search() {
                return Err(to_python(grundy::Error::Invalid(format!(
                    "db= has no meaning for {}: it keeps what the board search proves (boards, graphs and Sprouts given by their spec, in normal play)",
                    ruleset.spec()
                ))));
            }
            grundy::solve::db::check(path).map_err(to_python)?;
        }
        let report = compute(py, !self.calls_python(), |_| {
            let watcher = Reporter::new(progress).watcher();
            let settings = grundy::solve::search::Settings {
                db: db.clone(),
                ..grundy::solve::search::current_settings()
            };
            grundy::solve::search::with_settings(settings, || {
                grundy::progress::watched(watcher, || query::value(ruleset, &position))
            })
        })?;
        Ok(report.value)
    }

    /// The options of a position, each written as the game writes positions (distinct ones,
    /// in the order of the moves): what a distributed search hands out as tasks.
    fn option_texts(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
        let position = self.position(position)?;
        let ruleset = self.ruleset();
        compute(py, !self.calls_python(), |_| {
            let mut seen = std::collections::HashSet::new();
            Ok(ruleset
                .options(&position)?
                .into_iter()
                .filter(|o| seen.insert(o.clone()))
                .map(|o| ruleset.show_position(&o))
                .collect())
        })
    }

    /// `(form, birthday, nim_value, misere_value, genus, genus_cgsuite, phylum, tame)`: the
    /// misère canonical form of the position and what CGSuite says of it.
    #[allow(clippy::type_complexity)]
    fn misere_canonical(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
    ) -> PyResult<(Option<String>, u32, u32, u32, String, String, String, bool)> {
        let position = self.position(position)?;
        let ruleset = self.ruleset();
        let report = compute(py, !self.calls_python(), |_| {
            grundy::misere::canonical::Forms::new(ruleset).report(&position)
        })?;
        Ok((
            report.form,
            report.birthday,
            report.nim_value,
            report.misere_value,
            report.genus,
            report.genus_cgsuite,
            report.phylum.name().to_string(),
            report.cgsuite_tame,
        ))
    }

    /// `([(to, value or None, winning, description, outcome)], complete, why)`: every move, or where
    /// the options cannot all be valued, the theory's winning moves with the reason.
    #[allow(clippy::type_complexity)]
    fn moves<'py>(
        &self,
        py: Python<'py>,
        position: &Bound<'py, PyAny>,
    ) -> PyResult<(
        Vec<(Bound<'py, PyAny>, Option<u64>, bool, String, String)>,
        bool,
        Option<String>,
    )> {
        let position = self.position(position)?;
        let ruleset = self.ruleset();
        let moves = compute(py, !self.calls_python(), |_| {
            match query::move_outcomes(ruleset, &position) {
                Ok(moves) => Ok((moves, None)),
                Err(why @ grundy::Error::TooLarge(_)) => {
                    match query::theory_winning_moves(ruleset, &position)? {
                        Some(winning) => {
                            let winning = winning
                                .into_iter()
                                .map(|m| query::MoveOutcome {
                                    infinite: None,
                                    loony: false,
                                    again: false,
                                    outcome: grundy::Outcome::P,
                                    progress: None,
                                    to: m.to,
                                    value: Some(m.value),
                                    winning: true,
                                    description: m.description,
                                })
                                .collect();
                            Ok((winning, Some(why.to_string())))
                        }
                        None => Err(why),
                    }
                }
                Err(e) => Err(e),
            }
        })?;
        let (moves, why) = moves;
        let listed = moves
            .into_iter()
            .map(|m| {
                Ok((
                    self.to_python(py, &m.to)?,
                    m.value,
                    m.winning,
                    m.description,
                    m.outcome.to_string(),
                ))
            })
            .collect::<PyResult<_>>()?;
        Ok((listed, why.is_none(), why))
    }

    /// `[(to, description, why)]` for each winning move, in the words of the game's theory.
    fn hints<'py>(
        &self,
        py: Python<'py>,
        position: &Bound<'py, PyAny>,
    ) -> PyResult<Vec<(Bound<'py, PyAny>, String, String)>> {
        let (moves, _, _) = self.moves(py, position)?;
        let from = self.position(position)?;
        moves
            .into_iter()
            .filter(|(_, _, winning, _, _)| *winning)
            .map(|(to, _, _, description, _)| {
                let target = self.position(&to)?;
                let why = self
                    .ruleset
                    .explain_move(&from, &target)
                    .unwrap_or_else(|| "it moves to a P-position (value 0)".into());
                Ok((to, description, why))
            })
            .collect()
    }

    /// `(values, first index, template, name)`: the values as a NumPy array of the narrowest
    /// unsigned type, built from the library's buffer.
    #[pyo3(signature = (to, frm=None, position=None, progress=None))]
    fn seq<'py>(
        &self,
        py: Python<'py>,
        to: &Bound<'py, PyAny>,
        frm: Option<&Bound<'py, PyAny>>,
        position: Option<&Bound<'py, PyAny>>,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<(Bound<'py, PyAny>, u64, String, Option<String>)> {
        let to = number(to)?;
        let frm = frm.filter(|f| !f.is_none()).map(number).transpose()?;
        let v = self.values(py, to, frm, position, progress)?;
        Ok((
            v.values.into_array(py),
            v.frm,
            show_template(&v.template),
            v.name,
        ))
    }

    /// A table over the two `_` of `position`, each from its smallest legal value to `max`:
    /// `(values, shown or None, first row, first column, row coordinate, column coordinate,
    /// template)`; cells the game does not show are 0 in `values` and False in `shown`.
    #[allow(clippy::type_complexity)]
    #[pyo3(signature = (max, position=None, progress=None))]
    fn table<'py>(
        &self,
        py: Python<'py>,
        max: &Bound<'py, PyAny>,
        position: Option<&Bound<'py, PyAny>>,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<(
        Bound<'py, PyAny>,
        Option<Bound<'py, PyAny>>,
        u64,
        u64,
        usize,
        usize,
        String,
    )> {
        let max = number(max)?;
        let template = match position.filter(|p| !p.is_none()) {
            Some(p) => self.template(Some(p))?,
            None if self.ruleset.arity() == Arity::Exactly(2)
                || self.rules.is_some()
                || self.split.is_some() =>
            {
                self.template(Some(&PyString::new(py, "_,_").into_any()))?
            }
            None => {
                return Err(pyo3::exceptions::PyValueError::new_err(format!(
                    "give a position with two '_' (or None) where the coordinates vary ({})",
                    self.ruleset.position_hint()
                )))
            }
        };
        let ruleset = self.ruleset();
        let total = query::table_size(ruleset, &template, max)
            .map(|(rows, cols)| u64::try_from(rows.saturating_mul(cols)).unwrap_or(u64::MAX))
            .unwrap_or(0);
        let mut reporter = Reporter::new(progress);
        let cells = compute(py, !self.calls_python(), |signals| {
            query::table(ruleset, &template, max, &mut |done| {
                signals.check_or_unwind();
                reporter.report_or_unwind(done, total);
            })
        })?;
        let blanks: Vec<usize> = (0..template.len())
            .filter(|&i| template[i].is_none())
            .collect();
        let (r, c) = (blanks[0], blanks[1]);
        let (row0, col0) = (ruleset.min_coordinate(r), ruleset.min_coordinate(c));
        let rows = max.checked_sub(row0).map_or(0, |d| d + 1) as usize;
        let cols = max.checked_sub(col0).map_or(0, |d| d + 1) as usize;
        let mut grid = vec![0u64; rows * cols];
        let mut shown = vec![false; rows * cols];
        for cell in &cells {
            let at = (cell.row - row0) as usize * cols + (cell.col - col0) as usize;
            grid[at] = cell.value;
            shown[at] = true;
        }
        let mut values = Narrow::with_capacity(grid.len() as u64).map_err(to_python)?;
        values.extend(&grid).map_err(to_python)?;
        let mask = if shown.iter().all(|&s| s) {
            None
        } else {
            Some(
                numpy::PyArray1::from_vec(py, shown)
                    .reshape([rows, cols])?
                    .into_any(),
            )
        };
        Ok((
            values.into_matrix(py, rows, cols)?,
            mask,
            row0,
            col0,
            r,
            c,
            show_template(&template),
        ))
    }

    /// The analysis of the values along `position` from `frm` to `to`, as a dict.
    #[pyo3(signature = (to, frm=None, position=None, progress=None))]
    fn analyze<'py>(
        &self,
        py: Python<'py>,
        to: &Bound<'py, PyAny>,
        frm: Option<&Bound<'py, PyAny>>,
        position: Option<&Bound<'py, PyAny>>,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let mut reporter = Reporter::new(progress);
        let to = number(to)?;
        let frm = frm.filter(|f| !f.is_none()).map(number).transpose()?;
        let ruleset = self.ruleset();
        let mut singled_out = None;
        if position.is_none_or(|p| p.is_none()) && self.rules.is_none() {
            singled_out = compute(py, true, |signals| {
                ruleset
                    .default_sequence(frm, to, &mut |done| {
                        signals.check_or_unwind();
                        reporter.report_or_unwind(done, 0);
                    })
                    .transpose()
            })?;
        }
        let (template, from, values, name) = match singled_out {
            Some(s) => (Vec::new(), s.from, s.values, Some(s.name)),
            None => {
                let template = self.template(position)?;
                let from = frm.unwrap_or_else(|| query::default_from(ruleset, &template));
                let total = to.saturating_sub(from).saturating_add(1);
                let values = compute(py, !self.calls_python(), |signals| {
                    query::sequence(ruleset, &template, from, to, &mut |done| {
                        signals.check_or_unwind();
                        reporter.report_or_unwind(done, total);
                    })
                })?;
                (template, from, values, None)
            }
        };
        let report = compute(py, !self.calls_python(), |_| {
            query::analyze(ruleset, &template, from, &values)
        })?;
        let a = &report.analysis;
        let dict = PyDict::new(py);
        dict.set_item("game", ruleset.spec())?;
        dict.set_item("position", show_template(&template))?;
        dict.set_item("name", name)?;
        dict.set_item("frm", a.from)?;
        dict.set_item("len", a.len)?;
        dict.set_item("max", a.max)?;
        dict.set_item("records", &a.records)?;
        dict.set_item("records_total", a.records_total)?;
        dict.set_item("counts", &a.counts)?;
        dict.set_item("all_values_listed", a.all_values_listed)?;
        let gaps = PyList::empty(py);
        for g in &a.gaps {
            gaps.append(crate::functions::gap_dict(py, g)?)?;
        }
        dict.set_item("gaps", gaps)?;
        dict.set_item(
            "periodicity",
            a.periodicity.map(|p| (p.period, p.preperiod, p.saltus)),
        )?;
        dict.set_item("proven", report.proven)?;
        dict.set_item("proof", &report.proof)?;
        dict.set_item("palindrome", a.palindrome)?;
        Ok(dict)
    }

    fn __repr__(&self) -> String {
        format!("Game({:?})", self.ruleset.spec())
    }
}
