//! Octal and hexadecimal games (take-and-break games on heaps) and Grundy's game.
//!
//! A position is one or more heaps; a move takes `t` tokens from one heap and leaves what the
//! code's digit `d_t` allows: nothing, one heap, two heaps or (hexadecimal) three non-empty heaps
//! ([`code`]). Kayles is `0.77` (take one or two adjacent pins from a row, possibly splitting
//! it), Dawson's Kayles `0.07`, Dawson's Chess `0.137`, every subtraction game with finite `S` a
//! code of 3s (`S = {1, 3, 4}` is `0.3033`); Grundy's game splits a heap into two unequal heaps
//! (Guy and Smith, *The G-values of various games*, Proc. Cambridge Philos. Soc. 52 (1956);
//! Berlekamp, Conway and Guy, *Winning Ways*, ch. 4).
//!
//! A position's value is the XOR of its heaps' values (Sprague–Grundy), so everything rests on
//! the sequence `G(n)` of one heap: [`engine`] computes it with the sparse-space method
//! ([`sparse`]), the narrowest value width ([`values`]) and, for long runs, checkpoints
//! ([`checkpoint`]); [`period`] finds periods and [`theory`] proves them with the periodicity
//! theorem, after which a heap of any size is answered at once.

pub mod checkpoint;
pub mod code;
pub mod engine;
pub mod kernel;
pub mod period;
pub mod record;
pub mod sparse;
pub mod spec;
pub mod theory;
pub mod values;
pub mod winning;

use crate::analysis::Periodicity;
use std::ops::Range;

use crate::ruleset::{sequence_by_position, Arity, BlockSink, Evaluation, Move, Ruleset, Solver};
use crate::{Error, Result};
use code::Rules;
use engine::{Engine, Run};

/// Positions with more moves than this are refused by `moves` (the list would not be read).
pub const MAX_LISTED_MOVES: u128 = 1_000_000;
/// Heaps below this are computed directly by unwatched library calls (watched ones and `seq` go
/// to [`engine::MAX_LEN`]); larger ones need a proven period.
pub const DIRECT_LIMIT: u64 = 1 << 26;
/// How many values a query computes while looking for a proven period.
pub const PERIOD_SEARCH_LIMIT: u64 = 1 << 26;
/// Pair evaluations an unwatched query may spend (tens of seconds); a watched one (see
/// [`crate::progress`]: the command line, Python) and `grundy period` have no such limit.
pub const QUERY_BUDGET: u64 = 1 << 35;
/// Pair evaluations a query for a heap beyond [`DIRECT_LIMIT`] spends looking for a proven
/// period when the literature ([`theory::KNOWN`]) gives none within reach (a fraction of a
/// second): past it the query is refused, since the search may never succeed.
pub const QUICK_SEARCH_BUDGET: u64 = 1 << 28;

/// A heap game: its rules and the name it was given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeapGame {
    rules: Rules,
    name: String,
}

impl HeapGame {
    /// The game with these rules, called `name` in specs and output.
    pub fn new(rules: Rules, name: impl Into<String>) -> Self {
        HeapGame {
            rules,
            name: name.into(),
        }
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// What the game's sequence is called: the name and, for an alias, its code.
    pub fn title(&self) -> String {
        let code = self.code_spec();
        if code == self.name {
            code
        } else {
            format!("{} ({code})", self.name)
        }
    }

    /// `octal:CODE`, `hex:CODE` or `grundy-game`.
    pub fn code_spec(&self) -> String {
        if self.rules.unequal() {
            "grundy-game".into()
        } else {
            match self.rules.base() {
                code::Base::Octal => format!("octal:{}", self.rules.code()),
                code::Base::Hexadecimal => format!("hex:{}", self.rules.code()),
            }
        }
    }

    /// How many moves `position` has (an upper bound for splits), in `u128`.
    pub fn move_count(&self, position: &[u64]) -> u128 {
        let mut count = 0u128;
        for &n in position {
            let n = u128::from(n);
            for kind in self.rules.kinds() {
                let t = kind.take as u128;
                count += match kind.heaps {
                    0 | 1 => 1,
                    2 => n.saturating_sub(t) / 2,
                    _ => {
                        let m = n.saturating_sub(t);
                        m * m / 12 + m
                    }
                };
            }
        }
        count
    }
}

/// The move taking `t` from heap `i` (from 0) of `position` and leaving `parts`, described.
fn make_move(position: &[u64], i: usize, t: u64, parts: &[u64]) -> Move {
    let heap = i + 1;
    let description = match (t, parts.len()) {
        (_, 0) => format!("take all {t} from heap {heap}"),
        (0, _) => format!("split heap {heap} into {}", heaps_text(parts)),
        _ => format!("take {t} from heap {heap}, leaving {}", heaps_text(parts)),
    };
    Move {
        to: replace(position, i, parts),
        description,
    }
}

/// The position with heap `i` replaced by `parts` (no heap left: the position `0`).
fn replace(position: &[u64], i: usize, parts: &[u64]) -> Vec<u64> {
    let mut to: Vec<u64> = position[..i].to_vec();
    to.extend_from_slice(parts);
    to.extend_from_slice(&position[i + 1..]);
    if to.is_empty() {
        to.push(0);
    }
    to
}

/// "heaps of 1 and 4", "heaps of 1, 2 and 4".
fn heaps_text(parts: &[u64]) -> String {
    match parts {
        [a] => format!("a heap of {a}"),
        [rest @ .., last] => {
            let rest: Vec<String> = rest.iter().map(u64::to_string).collect();
            format!("heaps of {} and {last}", rest.join(", "))
        }
        [] => "nothing".into(),
    }
}

impl HeapGame {
    /// Refuses a list of moves longer than [`MAX_LISTED_MOVES`] or holding more numbers than
    /// [`crate::ruleset::MAX_LISTED_COORDINATES`] (each option has up to two heaps more).
    fn check_listing(&self, position: &[u64]) -> Result<()> {
        let count = self.move_count(position);
        if count > MAX_LISTED_MOVES {
            return Err(Error::TooLarge(format!(
                "this position has more than {MAX_LISTED_MOVES} moves to list"
            )));
        }
        crate::ruleset::check_listing(count, position.len() + 2)
    }

    /// Every move of `position`: `visit(heap index, tokens taken, heaps left)`, heap by heap,
    /// then by the code's move kinds.
    fn each_move(&self, position: &[u64], visit: &mut dyn FnMut(usize, u64, &[u64])) {
        for (i, &n) in position.iter().enumerate() {
            for kind in self.rules.kinds() {
                let t = kind.take as u64;
                match kind.heaps {
                    0 if n == t => visit(i, t, &[]),
                    1 if n > t => visit(i, t, &[n - t]),
                    2 if n >= t + 2 => {
                        let m = n - t;
                        for a in 1..=m / 2 {
                            if !(self.rules.unequal() && 2 * a == m) {
                                visit(i, t, &[a, m - a]);
                            }
                        }
                    }
                    3 if n >= t + 3 => {
                        let m = n - t;
                        for a in 1..=m / 3 {
                            for b in a..=(m - a) / 2 {
                                visit(i, t, &[a, b, m - a - b]);
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
    }
}

impl Ruleset for HeapGame {
    fn spec(&self) -> String {
        self.name.clone()
    }

    /// `validate` checks only the arity and the smallest coordinates: the first position of a
    /// line decides.
    fn first_invalid(
        &self,
        template: &[Option<u64>],
        range: std::ops::RangeInclusive<u64>,
    ) -> Option<(u64, crate::Error)> {
        crate::ruleset::first_invalid_by_bounds(self, template, range)
    }

    fn arity(&self) -> Arity {
        Arity::AtLeast(1)
    }

    fn position_hint(&self) -> String {
        "heap sizes, like 3,5,6".into()
    }

    fn coordinate_name(&self, index: usize, count: usize) -> String {
        if count == 1 {
            "heap size".into()
        } else {
            format!("heap {}", index + 1)
        }
    }

    fn moves(&self, position: &[u64]) -> Result<Vec<Move>> {
        self.check_listing(position)?;
        let mut moves = Vec::new();
        self.each_move(position, &mut |i, t, parts| {
            moves.push(make_move(position, i, t, parts))
        });
        Ok(moves)
    }

    fn options(&self, position: &[u64]) -> Result<Vec<Vec<u64>>> {
        self.check_listing(position)?;
        let mut options = Vec::new();
        self.each_move(position, &mut |i, _, parts| {
            options.push(replace(position, i, parts))
        });
        Ok(options)
    }

    fn default_template(&self) -> Option<Vec<Option<u64>>> {
        Some(vec![None])
    }

    /// When one token may be taken leaving one heap (`d_1` has 2), every heap can shrink one
    /// token at a time down to 1, so every choice of heaps `1 <= a_i <= h_i` is reachable: at
    /// least the product of the heaps `h`, divided by the orderings one multiset may stand for
    /// (`k!` for `k` heaps), positions being explored as multisets.
    fn reachable_at_least(&self, position: &[u64]) -> u128 {
        if self.rules.digit(1) & 2 == 0 {
            return 1;
        }
        let heaps = position.iter().filter(|&&h| h > 0);
        let (mut product, mut orderings) = (1u128, 1u128);
        for (i, &h) in heaps.enumerate() {
            product = product.saturating_mul(u128::from(h));
            orderings = orderings.saturating_mul(i as u128 + 1);
        }
        (product / orderings).max(1)
    }

    /// A position is a multiset of non-empty heaps: the same game tree in any order.
    fn explored_form(&self, position: &[u64]) -> Vec<u64> {
        self.canonical(position)
    }

    /// Equal heaps give the same options up to order: the moves of one heap of each size, each
    /// option as a multiset (a position of thousands of small heaps has a handful of them).
    fn explored_options(&self, position: &[u64]) -> Result<Vec<Vec<u64>>> {
        let heaps = self.canonical(position);
        let mut distinct = heaps.clone();
        distinct.dedup();
        let mut count = 0u128;
        let mut options = Vec::new();
        for &h in &distinct {
            count += self.move_count(&[h]);
            crate::ruleset::check_listing(count, heaps.len() + 2)?;
            let at = heaps.binary_search(&h).expect("a heap of the position");
            self.each_move(&[h], &mut |_, _, parts| {
                options.push(self.canonical(&replace(&heaps, at, parts)))
            });
        }
        Ok(options)
    }

    fn heap_shape(&self) -> Option<crate::ruleset::HeapShape> {
        engine::shape(&self.rules)
    }

    fn heap_options(&self, heap: u64) -> Option<Result<Vec<Vec<u64>>>> {
        Some(self.check_listing(&[heap]).map(|()| {
            let mut options = Vec::new();
            self.each_move(&[heap], &mut |_, _, parts| options.push(parts.to_vec()));
            options
        }))
    }

    fn canonical(&self, position: &[u64]) -> Vec<u64> {
        // The value is the XOR of the heaps' values: order does not matter, nor empty heaps.
        let mut heaps: Vec<u64> = position.iter().copied().filter(|&h| h > 0).collect();
        heaps.sort_unstable();
        if heaps.is_empty() {
            heaps.push(0);
        }
        heaps
    }

    fn solver(&self) -> Option<Box<dyn Solver + '_>> {
        Some(Box::new(HeapSolver {
            game: self,
            engine: Engine::new(self.rules.clone()),
            records: true,
        }))
    }

    fn explain_move(&self, _position: &[u64], to: &[u64]) -> Option<String> {
        let mut solver = HeapSolver {
            game: self,
            engine: Engine::new(self.rules.clone()),
            records: false,
        };
        let values: Vec<u64> = to
            .iter()
            .map(|&h| solver.heap(h).map(|(v, _)| v))
            .collect::<Result<_>>()
            .ok()?;
        let terms: Vec<String> = to
            .iter()
            .zip(&values)
            .map(|(h, v)| format!("G({h}) = {v}"))
            .collect();
        (values.iter().fold(0, |x, v| x ^ v) == 0).then(|| {
            format!(
                "after it the heaps' values are {}, whose nim-sum is 0",
                terms.join(", ")
            )
        })
    }

    fn periodicity_proof(
        &self,
        template: &[Option<u64>],
        from: u64,
        values: &[u64],
        periodicity: &Periodicity,
    ) -> Option<String> {
        // Along one heap with the others fixed, the values are G(n) XOR c: the same relation
        // G(n + p) = G(n), so the theorem applies when the values start at heap 0.
        if template.iter().filter(|c| c.is_none()).count() != 1 || from != 0 {
            return None;
        }
        if periodicity.saltus != 0 {
            return None;
        }
        let shape = engine::shape(&self.rules)?;
        let proof = period::check(shape, values, periodicity.preperiod, periodicity.period)?;
        Some(theory::proof_text(&self.rules, &proof))
    }

    fn proof_end(
        &self,
        template: &[Option<u64>],
        progress: &mut dyn FnMut(u64),
    ) -> Option<Result<u64>> {
        if template.iter().filter(|c| c.is_none()).count() != 1 {
            return None;
        }
        if engine::shape(&self.rules).is_none() {
            return Some(Err(Error::Invalid(format!(
                "seq --analyze without --to stops where a period is proven, and no theorem proves one for {}; give --to",
                self.spec()
            ))));
        }
        let options = SearchOptions {
            to: PROOF_SEARCH_LEN,
            stop_at_proof: true,
            checkpoint: None,
        };
        Some(
            period_search(self, &options, &mut |n, _| progress(n)).and_then(|report| {
                match report.proof {
                    Some(proof) => Ok(proof.checked_to - 1),
                    None => Err(Error::TooLarge(format!(
                        "no period proven within {} values (the limit of seq --analyze without --to); give --to, or use `grundy period` with a checkpoint",
                        report.computed
                    ))),
                }
            }),
        )
    }

    fn sequence_notes(
        &self,
        template: &[Option<u64>],
        from: u64,
        values: &[u64],
        periodicity: Option<&Periodicity>,
    ) -> Vec<String> {
        let mut notes = Vec::new();
        if let Some(p) = periodicity.filter(|p| p.saltus == 0 && p.preperiod > from) {
            notes.push(format!(
                "last exception: n = {} (the last n with G(n) != G(n + {}))",
                p.preperiod - 1,
                p.period
            ));
        }
        // Rare values are a property of G itself: only along a single heap from heap 0.
        if template.len() == 1 && from == 0 && values.len() > 1 {
            let takes = self.rules.takes(2);
            if !takes.is_empty() {
                let split = sparse::choose(
                    &takes,
                    values.len(),
                    |n| values[n] as u32,
                    sparse::Split::DEFAULT,
                );
                notes.push(theory::rare_note(&split, values));
            }
        }
        notes
    }
}

/// What a period search found.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct PeriodReport {
    /// The game as named (e.g. `kayles`).
    pub game: String,
    /// Its code spec (e.g. `octal:0.77`).
    pub code: String,
    /// How many values are computed: `G(0..computed)`.
    pub computed: u64,
    /// The values a checkpoint brought (0 without one).
    pub resumed_from: u64,
    /// The proven period, if any.
    pub proof: Option<period::Proof>,
    /// Whether the proof's preperiod is exact; else an upper bound (a run past the memory no
    /// longer had the values before it, [`period_search_past_memory`]).
    pub preperiod_exact: bool,
    /// The proof in words.
    pub proof_text: Option<String>,
    /// Without a proof: the period the last quarter of the values shows, and its start.
    pub observed: Option<(u64, u64)>,
    /// Why no proof can come, for games the theorem does not cover.
    pub not_covered: Option<String>,
    /// The largest value and the first `n` with it.
    pub max_value: u64,
    /// Where the largest value first occurs.
    pub max_at: u64,
    /// The rare/common split in use.
    pub split: String,
    /// How many rare positions there are among `1..computed`.
    pub rare_count: u64,
    /// The rare positions `(n, G(n))`: the first [`RARE_LISTED`] (and the last one).
    pub rare: Vec<(u64, u64)>,
    /// Why the last checkpoint save failed, if it did (the result is still printed).
    pub save_error: Option<String>,
    /// Whether the search was stopped (Ctrl-C) before `to` or a proof: the report then
    /// describes the values computed so far, and a checkpoint (if any) holds them.
    pub interrupted: bool,
}

/// How many rare positions a report lists.
pub const RARE_LISTED: usize = 1000;

/// Options of [`period_search`].
/// How far `seq --analyze` without `--to` computes looking for a proof (4 bytes a value at most:
/// 1 GiB).
pub const PROOF_SEARCH_LEN: u64 = 1 << 28;

/// How [`period_search`] runs.
#[derive(Debug, Clone, Copy)]
pub struct SearchOptions<'a> {
    /// Compute at most `G(0..to)`.
    pub to: u64,
    /// Stop once a period is proven.
    pub stop_at_proof: bool,
    /// A checkpoint file and the seconds between saves.
    pub checkpoint: Option<(&'a std::path::Path, f64)>,
}

/// Computes the values of `game`'s heaps until a period is proven (or to `options.to`),
/// resuming from and saving to a checkpoint if one is given; `progress` gets
/// `(values computed, to)`, first with the values a checkpoint brought (before any work).
pub fn period_search(
    game: &HeapGame,
    options: &SearchOptions,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<PeriodReport> {
    period_search_until(game, options, progress, &|| false)
}

/// Seconds one call of the engine aims at when the search can be stopped: `stop` is asked
/// between calls, so Ctrl-C is answered within about this time (a single block may take longer).
const STOP_LATENCY: f64 = 0.25;

/// [`period_search`] that asks `stop` every `STOP_LATENCY` seconds or so; when it says so,
/// the search ends where it stands (the checkpoint, if any, is saved) and the report, marked
/// `interrupted`, describes the values computed so far.
pub fn period_search_until(
    game: &HeapGame,
    options: &SearchOptions,
    progress: &mut dyn FnMut(u64, u64),
    stop: &dyn Fn() -> bool,
) -> Result<PeriodReport> {
    let code = game.code_spec();
    let to = options.to;
    if to > engine::MAX_LEN {
        return Err(Error::TooLarge(format!(
            "--to {to} is beyond the engine's limit of {} values",
            engine::MAX_LEN
        )));
    }
    let mut engine = match options.checkpoint {
        Some((path, _)) => {
            checkpoint::check_writable(path)?;
            checkpoint::load(path, &game.rules, &code)?
                .unwrap_or_else(|| Engine::new(game.rules.clone()))
        }
        None => Engine::new(game.rules.clone()),
    };
    let resumed_from = engine.len();
    progress(resumed_from, to);
    let run = Run {
        stop_at_proof: options.stop_at_proof,
        ..Run::default()
    };
    let mut last_save = std::time::Instant::now();
    let mut save_error = None;
    let mut interrupted = false;
    // Steps of the engine: a sixteenth of the values known, or less when a step takes longer
    // than STOP_LATENCY (the values do not depend on the steps: blocks end where the engine
    // chooses its split, whatever the target).
    let mut step = engine::BLOCK as u64 * 8;
    loop {
        let done = engine.len() >= to || (options.stop_at_proof && engine.proof().is_some());
        if done {
            break;
        }
        if stop() {
            interrupted = true;
            break;
        }
        let target = to.min(engine.len() + step);
        let started = std::time::Instant::now();
        engine.extend(target, &run, &mut |n| progress(n, to))?;
        let took = started.elapsed().as_secs_f64();
        step = if took > 2.0 * STOP_LATENCY {
            (step / 2).max(engine::BLOCK as u64)
        } else if took < STOP_LATENCY / 2.0 {
            step.saturating_mul(2)
        } else {
            step
        }
        .min((engine.len() / 16).max(engine::BLOCK as u64 * 8));
        if let Some((path, every)) = options.checkpoint {
            if save_error.is_none() && last_save.elapsed().as_secs_f64() >= every {
                if let Err(e) = checkpoint::save(path, &code, &engine) {
                    save_error = Some(e.to_string());
                }
                last_save = std::time::Instant::now();
            }
        }
    }
    if let Some((path, _)) = options.checkpoint {
        if save_error.is_none() {
            save_error = checkpoint::save(path, &code, &engine)
                .err()
                .map(|e| e.to_string());
        }
    }
    let computed = engine.len();
    let (mut max_value, mut max_at) = (0, 0);
    for n in 0..computed {
        let v = u64::from(engine.get(n));
        if v > max_value {
            (max_value, max_at) = (v, n);
        }
    }
    let rare_positions = engine.rare_positions();
    let mut rare: Vec<(u64, u64)> = rare_positions
        .iter()
        .take(RARE_LISTED)
        .map(|&n| (n as u64, u64::from(engine.get(n as u64))))
        .collect();
    if rare_positions.len() > RARE_LISTED {
        let n = *rare_positions.last().expect("not empty") as u64;
        rare.push((n, u64::from(engine.get(n))));
    }
    let proof = engine.proof();
    let not_covered = engine::shape(&game.rules)
        .is_none()
        .then(|| NOT_COVERED.to_string());
    Ok(PeriodReport {
        game: game.name.clone(),
        code,
        computed,
        resumed_from,
        proof_text: proof.map(|p| theory::proof_text(&game.rules, &p)),
        observed: if proof.is_none() {
            engine.observed_period()
        } else {
            None
        },
        proof,
        preperiod_exact: true,
        not_covered,
        max_value,
        max_at,
        split: engine.split().describe(),
        rare_count: rare_positions.len() as u64,
        rare,
        save_error,
        interrupted,
    })
}

/// What the report says of a game the periodicity theorem does not cover.
const NOT_COVERED: &str =
    "the periodicity theorem does not cover Grundy's game (its two-heap splits must be unequal)";

/// [`period_search_until`] in `memory` bytes: a record run ([`record`], three quarters of the
/// memory) hands its values to a watch over a window of the latest (a quarter, two bytes a
/// value, [`period::WindowWatch`]), so the search goes as far as record mode does (`to` up to
/// [`record::MAX_TO`]). A period is found if it is shorter than half that window; when the values
/// before the window are gone, the proof's preperiod is an upper bound (`preperiod_exact`
/// false). A run whose record-mode assumption fails is an error.
pub fn period_search_past_memory(
    game: &HeapGame,
    options: &SearchOptions,
    memory: u64,
    progress: &mut dyn FnMut(u64, u64),
    stop: &dyn Fn() -> bool,
) -> Result<PeriodReport> {
    let to = options.to;
    let watch_bytes = memory / 4;
    let window = 1usize << (63 - (watch_bytes / 2).max(8).leading_zeros());
    let shape = engine::shape(&game.rules);
    let mut watch: Option<period::WindowWatch> = None;
    let proven = std::cell::Cell::new(false);
    let user_stop = std::cell::Cell::new(false);
    let record_options = record::RecordOptions {
        to,
        memory: memory - watch_bytes,
        checkpoint: options.checkpoint,
    };
    let report = record::record_each(
        game,
        &record_options,
        &mut |done| progress(done, to),
        &|| {
            if options.stop_at_proof && proven.get() {
                return true;
            }
            let stopped = stop();
            user_stop.set(stopped);
            stopped
        },
        &mut |n, values| {
            if let Some(shape) = shape {
                let watch = watch.get_or_insert_with(|| period::WindowWatch::new(shape, window, n));
                watch.push(n, values);
                proven.set(watch.proof().is_some());
            }
            Ok(())
        },
    )?;
    if let Some(why) = &report.stopped {
        return Err(Error::Stopped(format!(
            "{why}; more --memory keeps more values"
        )));
    }
    let proof = watch.as_ref().and_then(period::WindowWatch::proof);
    Ok(PeriodReport {
        game: game.name.clone(),
        code: report.code,
        computed: report.computed,
        resumed_from: report.resumed_from,
        proof_text: proof.map(|(p, exact)| theory::proof_text_of(&game.rules, &p, exact)),
        observed: match proof {
            None => watch.as_ref().and_then(period::WindowWatch::observed),
            Some(_) => None,
        },
        proof: proof.map(|(p, _)| p),
        preperiod_exact: proof.is_none_or(|(_, exact)| exact),
        not_covered: shape.is_none().then(|| NOT_COVERED.to_string()),
        max_value: report.max_value,
        max_at: report.max_at,
        split: report.split,
        rare_count: report.rare_count,
        rare: report.rare,
        save_error: report.save_error,
        interrupted: report.interrupted && user_stop.get(),
    })
}

/// A memory size as `--memory` takes it: `1G`, `64M`, `512K` or bytes.
fn memory_text(bytes: u64) -> String {
    match bytes.trailing_zeros() {
        30.. => format!("{}G", bytes >> 30),
        20.. => format!("{}M", bytes >> 20),
        10.. => format!("{}K", bytes >> 10),
        _ => format!("{bytes} bytes"),
    }
}

/// Values of heaps from the engine, and of larger heaps through a proven period.
struct HeapSolver<'a> {
    game: &'a HeapGame,
    engine: Engine,
    /// Whether a record run may answer ([`HeapSolver::record_memory`]): only for single
    /// questions (`value`, `seq`), since a record run keeps too little to answer another heap
    /// and each would start again from 0.
    records: bool,
}

/// Where a heap's value came from.
enum Source {
    /// The engine's table.
    Engine,
    /// A proven period.
    Period(period::Proof),
    /// A record run in this many bytes.
    Record(u64),
}

impl HeapSolver<'_> {
    /// The values a period known from the literature ([`theory::KNOWN`]) needs to be proven,
    /// when that is within a query's reach.
    fn known_period_end(&self) -> Option<u64> {
        theory::KNOWN
            .iter()
            .find(|k| k.rules() == self.game.rules)
            .and_then(|k| k.values_needed())
            .filter(|&needed| needed <= PERIOD_SEARCH_LIMIT)
    }

    /// The memory of a record run ([`record`]) that computes `G(0..end)` instead of the
    /// engine, if one should: for a watched question with a memory the caller chose
    /// (`--memory`), on a game whose moves leave at most two heaps and whose period is not
    /// known to be near, when the engine's table (two bytes a value) would not fit that memory
    /// or `end` is past the engine's limit ([`engine::MAX_LEN`]). Without a chosen memory a
    /// heap past the limit is refused at once: a record run there takes hours or days.
    fn record_memory(&self, end: u64) -> Option<u64> {
        if !self.records
            || !crate::progress::is_watched()
            || self.game.rules.max_heaps() >= 3
            || self.engine.proof().is_some()
            || self.known_period_end().is_some()
        {
            return None;
        }
        let settings = crate::solve::search::current_settings();
        let fits = end <= engine::MAX_LEN && end.saturating_mul(2) <= settings.memory;
        (settings.memory_set && !fits).then_some(settings.memory)
    }

    /// [`HeapSolver::record_memory`] for the values up to heap `n`: none for the largest heap,
    /// whose record run would have 2^64 values.
    fn record_memory_to(&self, n: u64) -> Option<u64> {
        self.record_memory(n.checked_add(1)?)
    }

    /// A record run to `range.end` in `memory` bytes (with the settings' checkpoint and
    /// Ctrl-C), handing `each` the values from `range.start` on; an interrupted run or one
    /// whose assumption failed is an error.
    fn by_record(
        &self,
        range: Range<u64>,
        memory: u64,
        each: &mut dyn FnMut(u64, &[u32]) -> Result<()>,
    ) -> Result<record::RecordReport> {
        let settings = crate::solve::search::current_settings();
        let options = record::RecordOptions {
            to: range.end,
            memory,
            checkpoint: settings
                .checkpoint
                .as_deref()
                .map(|path| (path, settings.save_every.as_secs_f64())),
        };
        let stop = || settings.stop.is_some_and(|stop| stop());
        let report = record::record_each(
            self.game,
            &options,
            &mut |done| crate::progress::report(done, range.end),
            &stop,
            // Before `range.start`, `each` gets empty runs: its chance to stop the run.
            &mut |n, values| {
                let skip = range.start.saturating_sub(n).min(values.len() as u64) as usize;
                each(n + skip as u64, &values[skip..])
            },
        )?;
        if report.interrupted {
            let kept = match &settings.checkpoint {
                Some(path) => format!("; {} keeps G(0..{})", path.display(), report.computed),
                None => String::new(),
            };
            return Err(Error::Interrupted(format!(
                "interrupted in record mode after {} values{kept}",
                report.computed
            )));
        }
        if let Some(why) = &report.stopped {
            return Err(Error::Stopped(format!(
                "{why}; more --memory keeps more values"
            )));
        }
        Ok(report)
    }

    /// A sequence along one heap (`template`: the other heaps fixed) from a record run in
    /// `memory` bytes, handed to `sink` in blocks as the run computes it.
    fn sequence_by_record(
        &mut self,
        template: &[Option<u64>],
        range: Range<u64>,
        memory: u64,
        sink: &mut BlockSink,
    ) -> Result<()> {
        let mut fixed = 0;
        for &heap in template.iter().flatten() {
            fixed ^= self.heap(heap)?.0;
        }
        if range.is_empty() {
            return Ok(());
        }
        let mut block = Vec::with_capacity(crate::ruleset::POSITION_BLOCK);
        self.by_record(range, memory, &mut |_, values| {
            if values.is_empty() {
                return sink(&[]);
            }
            for chunk in values.chunks(crate::ruleset::POSITION_BLOCK) {
                block.clear();
                block.extend(chunk.iter().map(|&v| u64::from(v) ^ fixed));
                sink(&block)?;
            }
            Ok(())
        })?;
        Ok(())
    }

    /// `G(n)` by a record run in `memory` bytes.
    fn heap_by_record(&self, n: u64, memory: u64) -> Result<(u64, Source)> {
        let report = self.by_record(n + 1..n + 1, memory, &mut |_, _| Ok(()))?;
        match (report.computed == n + 1, report.last) {
            (true, Some(v)) => Ok((v, Source::Record(memory))),
            _ => Err(Error::Invalid(format!(
                "the checkpoint holds G(0..{}), past G({n}), which is no longer kept: give another --checkpoint file",
                report.computed
            ))),
        }
    }

    /// `G(n)` and where it came from. A watched question (the command line, Python: see
    /// [`crate::progress`]) is computed directly as far as the engine goes
    /// ([`engine::MAX_LEN`]), as `grundy seq` does, or by a record run where the engine's table
    /// would not fit ([`HeapSolver::record_memory`]); an unwatched one below [`DIRECT_LIMIT`],
    /// within [`QUERY_BUDGET`]. Beyond, only a proven period answers.
    fn heap(&mut self, n: u64) -> Result<(u64, Source)> {
        if n < self.engine.len() {
            return Ok((u64::from(self.engine.get(n)), Source::Engine));
        }
        if let Some(proof) = self.engine.proof() {
            return Ok((
                u64::from(self.engine.get(proof.reduce(n))),
                Source::Period(proof),
            ));
        }
        if n < engine::MAX_LEN {
            if let Some(memory) = self.record_memory_to(n) {
                return self.heap_by_record(n, memory);
            }
        }
        let watched = crate::progress::is_watched();
        let direct = if watched {
            engine::MAX_LEN
        } else {
            DIRECT_LIMIT
        };
        let name = &self.game.name;
        let provable = engine::shape(&self.game.rules).is_some();
        // What a refusal says: how to get the value anyway. Below the engine's limit (an
        // unwatched call), as `seq` does; beyond it, a longer period search where one can
        // succeed, else only the values below the limit.
        let mut way_on = match (n < engine::MAX_LEN, provable) {
            (true, _) => format!("`grundy seq {name} --from N --to N` computes it directly below {} (with progress, no work budget)", engine::MAX_LEN),
            (false, true) => format!("`grundy period {name} --to N --checkpoint FILE` looks for a period further (Ctrl-C keeps its work)"),
            (false, false) => format!("`grundy seq {name} --to N` streams the values below {}", engine::MAX_LEN),
        };
        if n >= engine::MAX_LEN && self.game.rules.max_heaps() < 3 {
            way_on.push_str(&format!(
                "; `grundy value {name} N --memory SIZE --checkpoint FILE` computes it in record mode (every value in turn from 0, in bounded memory: hours to days)"
            ));
        }
        if n >= direct && !provable {
            if let Some(memory) = self.record_memory_to(n) {
                return self.heap_by_record(n, memory);
            }
            return Err(Error::TooLarge(format!(
                "heaps of {name} beyond {direct} are only answered through a proven period, and no period of this game can be proven by the periodicity theorem (its two-heap splits must be unequal); {way_on}",
            )));
        }
        // Beyond `direct` only a proven period answers. Whether the search will find one is
        // known beforehand only from the literature; otherwise it gets a fraction of a second.
        let known = self.known_period_end();
        let budget = match (n < direct, known) {
            (false, None) => QUICK_SEARCH_BUDGET,
            _ if watched => u64::MAX,
            _ => QUERY_BUDGET,
        };
        let run = Run {
            stop_at_proof: true,
            budget,
        };
        let target = if n < direct {
            // Grow geometrically, so a sequence of queries costs what one long run costs.
            (n + 1).max(2 * self.engine.len()).min(direct)
        } else {
            known.unwrap_or(PERIOD_SEARCH_LIMIT)
        };
        let refused = |why: &str| {
            Error::TooLarge(format!(
                "heaps of {name} beyond {direct} are only answered through a proven period, and {why}; {way_on}"
            ))
        };
        match self.engine.extend(target, &run, &mut |done| {
            crate::progress::report(done, target)
        }) {
            Err(Error::TooLarge(_)) if budget == QUICK_SEARCH_BUDGET => {
                if let Some(memory) = self.record_memory_to(n) {
                    return self.heap_by_record(n, memory);
                }
                return Err(refused(&format!(
                    "none is known from the literature or found by a quick search ({QUICK_SEARCH_BUDGET} pair evaluations, up to n = {})",
                    self.engine.len()
                )));
            }
            result => result?,
        }
        if n < self.engine.len() {
            return Ok((u64::from(self.engine.get(n)), Source::Engine));
        }
        match self.engine.proof() {
            Some(proof) => Ok((
                u64::from(self.engine.get(proof.reduce(n))),
                Source::Period(proof),
            )),
            None if n < direct => unreachable!("the engine reached n or proved a period"),
            None => match self.record_memory_to(n) {
                Some(memory) => self.heap_by_record(n, memory),
                None => Err(refused(&format!(
                    "none is proven within the first {} values",
                    self.engine.len()
                ))),
            },
        }
    }
}

impl Solver for HeapSolver<'_> {
    fn value(&mut self, position: &[u64]) -> Result<u64> {
        Ok(self.evaluate(position)?.value)
    }

    /// Options are about to be valued, many heaps: no record runs from now on (each would
    /// start from 0), so heaps past the engine's reach are refused as before.
    fn reserve(&mut self, _corner: &[u64]) -> Result<()> {
        self.records = false;
        Ok(())
    }

    /// The table grows to the end of the range in steps (each step's values handed out as they
    /// come), rather than doubling past it as single queries do, and as far as the engine goes
    /// ([`engine::MAX_LEN`]; beyond, only a proven period answers). A sequence asks for its
    /// length explicitly and streams with progress, so no work budget applies. Before `from`,
    /// each step hands `sink` an empty block (its chance to stop the run) and reports to the
    /// watcher ([`crate::progress::report`]) how far the values below `from` are.
    fn sequence_blocks(
        &mut self,
        template: &[Option<u64>],
        range: Range<u64>,
        sink: &mut BlockSink,
    ) -> Result<()> {
        let run = Run {
            stop_at_proof: true,
            budget: u64::MAX,
        };
        if let Some(memory) = self.record_memory(range.end) {
            return self.sequence_by_record(template, range, memory, sink);
        }
        let step = |engine: &Engine| (engine.len() / 16).max(engine::BLOCK as u64 * 8);
        // Past the engine's limit, the heaps go to `heap` (a quick period search, or a refusal).
        while self.engine.proof().is_none()
            && self.engine.len() < range.start
            && range.start <= engine::MAX_LEN
        {
            let to = range.start.min(self.engine.len() + step(&self.engine));
            self.engine.extend(to, &run, &mut |_| {})?;
            crate::progress::report(self.engine.len(), range.start);
            sink(&[])?;
        }
        let mut from = range.start;
        while from < range.end {
            let to = range
                .end
                .min(from.max(self.engine.len()) + step(&self.engine));
            if self.engine.proof().is_none() && self.engine.len() < to && to <= engine::MAX_LEN {
                self.engine.extend(to, &run, &mut |_| {})?;
            }
            sequence_by_position(self, template, from..to, sink)?;
            from = to;
        }
        Ok(())
    }

    fn evaluate(&mut self, position: &[u64]) -> Result<Evaluation> {
        let mut value = 0;
        let mut reduced = Vec::new();
        let mut used = None;
        let mut record = None;
        for &n in position {
            let (v, source) = self.heap(n)?;
            value ^= v;
            match source {
                Source::Engine => {}
                Source::Period(proof) => {
                    reduced.push(format!("{n} -> {}", proof.reduce(n)));
                    used = Some(proof);
                }
                Source::Record(memory) => record = Some((n, memory)),
            }
        }
        let method = match (used, record) {
            (Some(proof), _) => format!(
                "{} (heap {} reduced by the period)",
                theory::proof_text(&self.game.rules, &proof),
                reduced.join(", ")
            ),
            (None, Some((n, memory))) => format!(
                "computed in record mode: G(0), ..., G({n}) in turn within {}, keeping the first values, a window of the latest and the rare positions (sparse-space rule)",
                memory_text(memory)
            ),
            (None, None) if position.len() == 1 => "computed value (sparse-space engine)".into(),
            (None, None) => "nim-sum of the heaps' computed values (sparse-space engine)".into(),
        };
        Ok(Evaluation { value, method })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{solver_for, SearchSolver};

    fn kayles() -> HeapGame {
        HeapGame::new(Rules::parse("0.77", code::Base::Octal).unwrap(), "kayles")
    }

    /// Explorations store multisets of heaps; the up-front lower bound never exceeds what an
    /// exploration finds, and remoteness is the same for any order of the heaps.
    #[test]
    fn explorations_merge_heap_orders_and_the_bound_is_below_the_count() {
        for code in ["0.77", "0.2", "0.137", "4.7", "0.6"] {
            let game = HeapGame::new(Rules::parse(code, code::Base::Octal).unwrap(), "g");
            for position in [vec![3, 5], vec![6, 2, 4], vec![1, 9], vec![7, 7, 3]] {
                let graph =
                    crate::solve::evolution::explore(&game, &position, 1 << 20, &mut |_, _| {})
                        .unwrap();
                assert!(
                    game.reachable_at_least(&position) <= graph.len() as u128,
                    "{code} {position:?}: bound {} > {}",
                    game.reachable_at_least(&position),
                    graph.len()
                );
                let mut reversed = position.clone();
                reversed.reverse();
                let r = |p: &[u64]| {
                    crate::solve::evolution::remoteness(&game, p, 1 << 20, &mut |_, _| {})
                        .unwrap()
                        .remoteness
                };
                assert_eq!(r(&position), r(&reversed), "{code} {position:?}");
                // The graph of ordered positions, unmerged, gives the same remoteness.
                let raw = crate::solve::GameGraph::explore_with_progress(
                    position.clone(),
                    1 << 20,
                    |p| game.options(p),
                    &mut |_, _| {},
                )
                .unwrap();
                assert_eq!(
                    crate::solve::remoteness(&raw).unwrap()[0],
                    r(&position),
                    "{code} {position:?}"
                );
            }
        }
    }

    #[test]
    fn moves_read_like_sentences() {
        let game = kayles();
        let moves = game.moves(&[3, 5]).unwrap();
        let texts: Vec<&str> = moves.iter().map(|m| m.description.as_str()).collect();
        assert!(texts.contains(&"take 1 from heap 1, leaving heaps of 1 and 1"));
        assert!(texts.contains(&"take 2 from heap 2, leaving a heap of 3"));
        assert!(texts.contains(&"take 2 from heap 2, leaving heaps of 1 and 2"));
        let m = moves
            .iter()
            .find(|m| m.description == "take 1 from heap 2, leaving heaps of 1 and 3")
            .unwrap();
        assert_eq!(m.to, vec![3, 1, 3]);
        let all = game.moves(&[2]).unwrap();
        let last = all
            .iter()
            .find(|m| m.description == "take all 2 from heap 1")
            .unwrap();
        assert_eq!(last.to, vec![0]);
        let grundy = HeapGame::new(Rules::grundy_game(), "grundy-game");
        let split: Vec<String> = grundy
            .moves(&[6])
            .unwrap()
            .into_iter()
            .map(|m| m.description)
            .collect();
        assert_eq!(
            split,
            vec![
                "split heap 1 into heaps of 1 and 5",
                "split heap 1 into heaps of 2 and 4"
            ]
        );
    }

    #[test]
    fn the_solver_agrees_with_the_search_over_moves() {
        for code in ["0.77", "0.137", "4.7", "0.F"] {
            let base = if code == "0.F" {
                code::Base::Hexadecimal
            } else {
                code::Base::Octal
            };
            let game = HeapGame::new(Rules::parse(code, base).unwrap(), code);
            let mut fast = solver_for(&game);
            let mut search = SearchSolver::new(&game);
            for position in [vec![7], vec![3, 4], vec![1, 2, 6], vec![9, 0, 2]] {
                assert_eq!(
                    fast.value(&position).unwrap(),
                    search.value(&position).unwrap(),
                    "{code} {position:?}"
                );
            }
        }
    }

    #[test]
    fn kayles_far_away_is_answered_by_the_proven_period() {
        let game = kayles();
        let mut solver = solver_for(&game);
        let far = solver.evaluate(&[1_000_000_000_000_000_000]).unwrap();
        // 10^18 = 71 + 12 q + r: 10^18 - 71 = 999999999999999929 = 12 * 83333333333333327 + 5.
        let mut engine = Engine::new(game.rules.clone());
        engine.extend(100, &Run::default(), &mut |_| {}).unwrap();
        assert_eq!(far.value, u64::from(engine.get(76)));
        assert!(far.method.contains("period 12"), "{}", far.method);
    }

    /// A sequence starting far out hands out empty blocks while it computes the values below
    /// its start (the sink may stop it there), then exactly the values of G by the definition.
    #[test]
    fn a_sequence_from_far_out_beats_before_its_first_value_and_can_stop_there() {
        // Treblecross: no period, so nothing short-cuts the table.
        let game = HeapGame::new(Rules::parse("0.007", code::Base::Octal).unwrap(), "0.007");
        let (from, to) = (20_000u64, 20_050u64);
        let (mut beats, mut values) = (0, Vec::new());
        crate::query::sequence_blocks(&game, &[None], from, to, &mut |block| {
            if block.is_empty() {
                assert!(values.is_empty(), "an empty block after the first value");
                beats += 1;
            }
            values.extend_from_slice(block);
            Ok(())
        })
        .unwrap();
        assert!(beats >= 2, "{beats} empty blocks");
        let mut g: Vec<u32> = Vec::new();
        for n in 0..=to as usize {
            let mut seen = vec![false; 1 << 11];
            if n >= 3 {
                for a in 0..=(n - 3) / 2 {
                    seen[(g[a] ^ g[n - 3 - a]) as usize] = true;
                }
            }
            g.push(seen.iter().position(|s| !s).unwrap() as u32);
        }
        let expected: Vec<u64> = g[from as usize..].iter().map(|&v| u64::from(v)).collect();
        assert_eq!(values, expected);
        // Stopped at the first empty block: an error, and no value handed out.
        let mut handed = 0;
        let stopped = crate::query::sequence_blocks(&game, &[None], from, to, &mut |block| {
            handed += block.len();
            Err(Error::Invalid("stop".into()))
        });
        assert!(stopped.is_err());
        assert_eq!(handed, 0);
    }

    /// An unwatched query beyond the direct limit says how to get the value anyway; a watched
    /// one beyond the engine's limit names the period search.
    #[test]
    fn refusals_name_the_way_on_for_who_is_asking() {
        let refusal =
            |game: &HeapGame, n: u64| solver_for(game).value(&[n]).unwrap_err().to_string();
        // Grundy's game has unequal splits: no period is ever proven.
        let grundy = HeapGame::new(Rules::grundy_game(), "grundy-game");
        let unwatched = refusal(&grundy, DIRECT_LIMIT);
        assert!(
            unwatched.contains("beyond 67108864")
                && unwatched.contains("`grundy seq grundy-game --from N --to N` computes it directly below 17179869184"),
            "{unwatched}"
        );
        let far = refusal(&grundy, engine::MAX_LEN);
        assert!(
            far.contains("beyond 67108864") && !far.contains("--from N"),
            "{far}"
        );
        assert!(far.contains("computes it in record mode"), "{far}");
        // Watched, with the options of a move about to be valued (no record runs): refused.
        let watched = crate::progress::watched(Box::new(|_, _| {}), || {
            let mut solver = solver_for(&grundy);
            solver.reserve(&[engine::MAX_LEN]).unwrap();
            solver.value(&[engine::MAX_LEN]).unwrap_err().to_string()
        });
        assert!(
            watched.contains("beyond 17179869184")
                && watched.contains(
                    "`grundy seq grundy-game --to N` streams the values below 17179869184"
                ),
            "{watched}"
        );
    }

    /// A period search past the memory finds what the whole table finds, from the same
    /// preperiod when its window holds the values the proof needs (0.16: period 149459, last
    /// exception 105350, Gangolli and Plambeck 1989); Grundy's game is not covered; a memory
    /// too small for record mode's assumption is an error.
    #[test]
    fn a_period_search_past_the_memory_finds_the_tables_period() {
        let options = SearchOptions {
            to: 1 << 20,
            stop_at_proof: true,
            checkpoint: None,
        };
        for (code, memory) in [
            ("0.77", 64u64 << 10),
            ("0.137", 64 << 10),
            ("0.16", 8 << 20),
        ] {
            let game = HeapGame::new(Rules::parse(code, code::Base::Octal).unwrap(), code);
            let whole = period_search(&game, &options, &mut |_, _| {}).unwrap();
            let windowed =
                period_search_past_memory(&game, &options, memory, &mut |_, _| {}, &|| false)
                    .unwrap();
            assert_eq!(
                windowed.proof.map(|p| (p.period, p.preperiod)),
                whole.proof.map(|p| (p.period, p.preperiod)),
                "{code}"
            );
            assert!(windowed.preperiod_exact && !windowed.interrupted, "{code}");
            if code == "0.16" {
                assert_eq!(
                    windowed.proof.map(|p| (p.period, p.last_exception())),
                    Some((149_459, Some(105_350)))
                );
            }
        }
        let grundy = HeapGame::new(Rules::grundy_game(), "grundy-game");
        let options = SearchOptions {
            to: 300_000,
            ..options
        };
        let report =
            period_search_past_memory(&grundy, &options, 1 << 20, &mut |_, _| {}, &|| false)
                .unwrap();
        assert!(report.proof.is_none() && report.not_covered.is_some());
        assert_eq!(report.computed, 300_000);
        let too_small =
            period_search_past_memory(&grundy, &options, 64 << 10, &mut |_, _| {}, &|| false);
        assert!(
            matches!(too_small, Err(e @ Error::Stopped(_)) if e.to_string().starts_with("record mode stopped"))
        );
    }

    /// Runs `work` watched, with `memory` bytes chosen by the caller.
    fn in_memory<T>(memory: u64, work: impl FnOnce() -> T) -> T {
        let settings = crate::solve::search::Settings {
            memory,
            memory_set: true,
            ..Default::default()
        };
        crate::solve::search::with_settings(settings, || {
            crate::progress::watched(Box::new(|_, _| {}), work)
        })
    }

    /// A value or a sequence whose values would not fit the memory chosen comes from a record
    /// run, and equals the engine's (which keeps every value); the method says which.
    #[test]
    fn values_past_the_memory_come_from_a_record_run_equal_to_the_engine() {
        for (game, n) in [
            (
                HeapGame::new(Rules::parse("0.6", code::Base::Octal).unwrap(), "0.6"),
                150_000,
            ),
            (HeapGame::new(Rules::grundy_game(), "grundy-game"), 150_000),
        ] {
            let mut engine = Engine::new(game.rules.clone());
            engine.extend(n + 1, &Run::default(), &mut |_| {}).unwrap();
            let expected: Vec<u64> = (0..=n).map(|y| u64::from(engine.get(y))).collect();
            // 256 KiB: 2 (n + 1) bytes do not fit; the record run's window starts at 2^16.
            let evaluation = in_memory(256 << 10, || solver_for(&game).evaluate(&[n])).unwrap();
            assert_eq!(evaluation.value, expected[n as usize], "{}", game.name);
            assert!(
                evaluation.method.contains("record mode"),
                "{}",
                evaluation.method
            );
            let from = n - 3000;
            let mut values = Vec::new();
            in_memory(256 << 10, || {
                crate::query::sequence_blocks(&game, &[Some(5), None], from, n, &mut |block| {
                    values.extend_from_slice(block);
                    Ok(())
                })
            })
            .unwrap();
            let shifted: Vec<u64> = expected[from as usize..]
                .iter()
                .map(|v| v ^ expected[5])
                .collect();
            assert_eq!(values, shifted, "{}", game.name);
            // Within a memory that fits, the engine answers.
            let evaluation = in_memory(1 << 20, || solver_for(&game).evaluate(&[n])).unwrap();
            assert_eq!(evaluation.value, expected[n as usize]);
            assert!(
                evaluation.method.contains("engine"),
                "{}",
                evaluation.method
            );
        }
    }
}
