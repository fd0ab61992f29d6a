//! Games chosen at run time: the [`Ruleset`] trait, the interface between a spec string typed by a
//! user and the engines.
//!
//! Every position of every ruleset is a tuple of non-negative integers (`&[u64]`): piles, a pile
//! and a limit, sizes on the vertices of a graph. A ruleset lists moves with a description a
//! person can read, and may bring its own [`Solver`] (a closed form, a dense table, a periodicity
//! argument); otherwise [`crate::solve::solver_for`] falls back to the memoised search.

use std::ops::{Range, RangeInclusive};

use serde::Serialize;

use crate::analysis::Periodicity;
use crate::game::Convention;
use crate::{Error, Outcome, Result};

/// The positions a game numbers for `seq` ([`Ruleset::numbered_positions`]).
#[derive(Debug, Clone)]
pub struct NumberedPositions {
    /// What position `k` is, in words (`k empty boards`).
    pub name: String,
    /// The positions numbered `from`, `from + 1`, ...
    pub positions: Vec<Position>,
}

/// A position: one non-negative integer per coordinate.
pub type Position = Vec<u64>;

/// A move: the position it reaches and what it does, in words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Move {
    /// The position after the move.
    pub to: Position,
    /// For example "take 3 from pile 2".
    pub description: String,
}

/// How many coordinates a position has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arity {
    /// Exactly this many.
    Exactly(usize),
    /// At least this many.
    AtLeast(usize),
}

/// A value and how it was obtained.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Evaluation {
    /// The SG value.
    pub value: u64,
    /// The method, e.g. "memoised search" or "closed form: Bouton's theorem".
    pub method: String,
}

/// What is known of a position: always its outcome, and its SG value when it can be computed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OutcomeEvaluation {
    /// The SG value, or `None` where only the outcome is known.
    pub value: Option<u64>,
    /// P, N, or (in a game with cycles) D.
    pub outcome: Outcome,
    /// In a game with cycles, a position whose generalised value is `∞(K)`: the finite values
    /// `K` of its options (`value` is then `None`). See [`crate::solve::loopy`].
    #[serde(flatten, serialize_with = "serialize_infinite")]
    pub infinite: Option<Vec<u64>>,
    /// The method (and, where a theorem decides the outcome, the reason).
    pub method: String,
}

/// Serialises an infinite value `∞(K)` the one way JSON shows it everywhere (CLI.md): the keys
/// `"infinite": true` and `"finite_options": K`, none for a finite value. Used on a field
/// `infinite: Option<Vec<u64>>` with `#[serde(flatten, serialize_with = ...)]`.
pub fn serialize_infinite<S: serde::Serializer>(
    infinite: &Option<Vec<u64>>,
    serializer: S,
) -> std::result::Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut map = serializer.serialize_map(None)?;
    if let Some(finite) = infinite {
        map.serialize_entry("infinite", &true)?;
        map.serialize_entry("finite_options", finite)?;
    }
    map.end()
}

/// What the periodicity theorem of heap games (Guy and Smith; proved in
/// [`crate::games::octal::theory`]) needs of a game: the last non-zero digit `k` of its code (the most
/// tokens a move takes) and the most heaps `j` a move leaves. See [`Ruleset::heap_shape`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HeapShape {
    /// `k`, the position of the last non-zero digit.
    pub last_digit: u64,
    /// `j`, the most heaps a move leaves (at least 1 in the formula).
    pub heaps: u64,
}

impl HeapShape {
    /// The end `N` of the range `n0 <= n < N` on which `G(n + p) = G(n)` must be checked:
    /// `j * n0 + (j - 1) * p + k` with `n0` at least 1, and past every heap size `<= k` (a move
    /// that empties a heap of exactly `t` tokens exists at `t` only). `None` on overflow.
    pub fn bound(&self, n0: u64, p: u64) -> Option<u64> {
        let j = self.heaps.max(1);
        let n = j
            .checked_mul(n0.max(1))?
            .checked_add((j - 1).checked_mul(p)?)?
            .checked_add(self.last_digit)?;
        Some(n.max(self.last_digit + 1))
    }

    /// How many values `G(0..len)` the theorem needs for `(n0, p)`: `bound + p`.
    pub fn needed(&self, n0: u64, p: u64) -> Option<u64> {
        self.bound(n0, p)?.checked_add(p)
    }
}

/// What a game's theory proves about a position under misère play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MisereAnswer {
    /// P or N.
    pub outcome: Outcome,
    /// Every winning move (none for a P-position).
    pub winning_moves: Vec<Move>,
    /// The theorem, with its source.
    pub method: String,
}

/// A sequence a game's theory singles out, printed by `seq` when no position is given.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DefaultSequence {
    /// What the values are, e.g. "g(N), the least winning x".
    pub name: String,
    /// The index of the first value.
    pub from: u64,
    /// The values at `from, from + 1, ...`.
    pub values: Vec<u64>,
}

/// Receives the values of a sequence in consecutive blocks, in order (see
/// [`Solver::sequence_blocks`]); an error it returns stops the computation and is passed on. A
/// solver with long work before the first value may hand it empty blocks meanwhile, so that it
/// can stop the run.
pub type BlockSink<'a> = dyn FnMut(&[u64]) -> Result<()> + 'a;

/// The most values one sequence may have (8 bytes each): `query::sequence` and a game's own
/// [`Ruleset::default_sequence`] refuse longer ones.
pub const MAX_SEQUENCE_LEN: u64 = 1 << 27;

/// How many values [`sequence_by_position`] hands out at a time.
pub const POSITION_BLOCK: usize = 1024;

/// Computes values of one ruleset, keeping what it learns between calls.
/// A game's own search of misère outcomes ([`Ruleset::misere_outcomes`]): the outcome alone,
/// for the positions it covers.
pub trait MisereOutcomes {
    /// Whether the search answers `position` (otherwise the search by the definition does).
    fn covers(&self, position: &[u64]) -> bool;

    /// The misère outcome of a covered position.
    fn outcome(&mut self, position: &[u64]) -> Result<Outcome>;

    /// The method line of its answers.
    fn method(&self) -> String;

    /// Hands the search an algebra of misère canonical forms for its parts (the misère layer's,
    /// given by the misère solver before the first question); a search without a use for it
    /// ignores it (the default).
    fn use_forms(&mut self, _forms: Box<dyn MisereForms>) {}
}

/// Misère canonical forms, interned (`0` is the game `0`, `1` the game `*`): the algebra a
/// game's own misère search may value its small parts in, since a part may be replaced by any
/// game misère-equal to it (equality is a congruence for sums). Declared here so that a family
/// can use it; implemented by the misère layer.
pub trait MisereForms {
    /// The canonical form of the game whose options are these (each a canonical form).
    fn game(&mut self, options: Vec<u32>) -> Result<u32>;
    /// The canonical form of the sum of two.
    fn add(&mut self, a: u32, b: u32) -> Result<u32>;
    /// The options of a canonical form (each canonical).
    fn options(&self, g: u32) -> &[u32];
    /// `G-`, the misère Grundy value: 0 exactly for a misère P-position.
    fn misere_value(&self, g: u32) -> u32;
    /// The canonical form of `G + *`.
    fn plus_star(&self, g: u32) -> u32;
    /// The height of the canonical game tree.
    fn birthday(&self, g: u32) -> u32;
    /// How many forms are interned.
    fn len(&self) -> usize;
    /// Whether only `0` and `*` are interned.
    fn is_empty(&self) -> bool {
        self.len() <= 2
    }
}

pub trait Solver {
    /// The SG value of a (validated) position.
    fn value(&mut self, position: &[u64]) -> Result<u64>;

    /// The SG value and the method used.
    fn evaluate(&mut self, position: &[u64]) -> Result<Evaluation> {
        Ok(Evaluation {
            value: self.value(position)?,
            method: "memoised search".into(),
        })
    }

    /// The value where it can be computed, otherwise the outcome alone, for games whose theory
    /// decides outcomes far beyond the positions whose values are computed. The default is
    /// [`Solver::evaluate`].
    fn evaluate_outcome(&mut self, position: &[u64]) -> Result<OutcomeEvaluation> {
        let evaluation = self.evaluate(position)?;
        Ok(OutcomeEvaluation {
            infinite: None,
            value: Some(evaluation.value),
            outcome: Outcome::of(evaluation.value),
            method: evaluation.method,
        })
    }

    /// The outcome alone, asking no more than it needs: a solver that searches asks only "is
    /// the value 0?" (the outcome of `G + *0`, what Glop's Sprouts records are), which for an
    /// N-position needs one winning option instead of the value. `value` is then `None` unless
    /// the solver knew it anyway. The default is [`Solver::evaluate_outcome`].
    fn outcome_alone(&mut self, position: &[u64]) -> Result<OutcomeEvaluation> {
        self.evaluate_outcome(position)
    }

    /// Whether a (validated) position is *loony* (Winning Ways ch. 16): a win for the player to
    /// move alone and in any sum, with no nimber as its value (its `value` is then an error and
    /// `evaluate_outcome` gives no value). The default: no position is.
    fn loony(&mut self, _position: &[u64]) -> Result<bool> {
        Ok(false)
    }

    /// In a game whose graph has cycles, Smith's counter of a position of finite value: a
    /// winner who always moves to the P-position of least counter makes the play end (a move
    /// to any other P-position also keeps the win, but may loop if repeated). `None` (the
    /// default): the game has no cycles, and every move to a P-position brings the end nearer.
    fn progress(&mut self, _position: &[u64]) -> Result<Option<u64>> {
        Ok(None)
    }

    /// Told the largest position a batch of questions will reach (a table's far corner, the
    /// position whose options are about to be valued), so that a solver backed by a table can
    /// build it at once rather than grow it question by question, and a solver that explores
    /// the graph below a position (games with cycles) explores once from there. Best effort: a
    /// solver that cannot build it says nothing now (its questions will). The default does
    /// nothing.
    fn reserve(&mut self, _corner: &[u64]) -> Result<()> {
        Ok(())
    }

    /// The values at `template` (a position with one `_`) for the `_` running through `range`,
    /// handed to `sink` in consecutive blocks. The default asks [`Solver::value`] one position
    /// at a time ([`sequence_by_position`]); a solver backed by a table overrides it to hand
    /// out the table's values as the engine computes them.
    fn sequence_blocks(
        &mut self,
        template: &[Option<u64>],
        range: Range<u64>,
        sink: &mut BlockSink,
    ) -> Result<()> {
        sequence_by_position(self, template, range, sink)
    }
}

/// [`Solver::sequence_blocks`] by asking [`Solver::value`] one position at a time, in blocks of
/// [`POSITION_BLOCK`] values.
pub fn sequence_by_position<S: Solver + ?Sized>(
    solver: &mut S,
    template: &[Option<u64>],
    range: Range<u64>,
    sink: &mut BlockSink,
) -> Result<()> {
    let blank = template
        .iter()
        .position(Option::is_none)
        .ok_or_else(|| Error::Position("a sequence needs a '_' in the position".into()))?;
    let mut first = true;
    values_of_positions(
        solver,
        range,
        &mut |n, position| {
            if first {
                *position = fill(template, &[n]);
                first = false;
            }
            position[blank] = n;
            Ok(())
        },
        sink,
    )
}

/// The values of the positions `position_at(n, buffer)` writes into `buffer` (kept between
/// calls) for each `n` of `range`, one at a time by [`Solver::value`], handed to `sink` in
/// blocks of [`POSITION_BLOCK`] values.
pub fn values_of_positions<S: Solver + ?Sized>(
    solver: &mut S,
    range: Range<u64>,
    position_at: &mut dyn FnMut(u64, &mut Position) -> Result<()>,
    sink: &mut BlockSink,
) -> Result<()> {
    let mut position = Position::new();
    let mut block = Vec::with_capacity(POSITION_BLOCK);
    for n in range {
        position_at(n, &mut position)?;
        block.push(solver.value(&position)?);
        if block.len() == POSITION_BLOCK {
            sink(&block)?;
            block.clear();
        }
    }
    if !block.is_empty() {
        sink(&block)?;
    }
    Ok(())
}

/// [`sequence_by_position`] once `check` accepts the positions at both ends of the range: a
/// solver whose refusals are known without computing (a limit that grows with the coordinate)
/// refuses a sequence before its first value instead of after the values below the limit.
pub fn sequence_checked<S: Solver + ?Sized>(
    solver: &mut S,
    template: &[Option<u64>],
    range: Range<u64>,
    sink: &mut BlockSink,
    check: impl Fn(&S, &[u64]) -> Result<()>,
) -> Result<()> {
    if let Some(blank) = template.iter().position(Option::is_none) {
        let mut position: Position = template.iter().map(|c| c.unwrap_or(0)).collect();
        for end in [range.start, range.end.saturating_sub(1)] {
            if range.contains(&end) {
                position[blank] = end;
                check(solver, &position)?;
            }
        }
    }
    sequence_by_position(solver, template, range, sink)
}

/// An impartial game family with its parameters fixed, as parsed from a spec string.
pub trait Ruleset: Send + Sync {
    /// The canonical spec string, e.g. `subtraction:s=1,3,4`.
    fn spec(&self) -> String;

    /// How many coordinates a position has.
    fn arity(&self) -> Arity;

    /// What a position is, in words, for error messages (e.g. "pile sizes, like 3,5,6").
    fn position_hint(&self) -> String;

    /// What coordinate `index` of a position of `count` coordinates is, for axis titles
    /// (`pile 2`, `pile size`).
    fn coordinate_name(&self, index: usize, count: usize) -> String {
        if count == 1 {
            "pile size".into()
        } else {
            format!("pile {}", index + 1)
        }
    }

    /// The smallest legal value of coordinate `index` (used as the default start of `seq`).
    fn min_coordinate(&self, _index: usize) -> u64 {
        0
    }

    /// Checks that `position` is a position of this game. The default checks the arity and
    /// [`Ruleset::min_coordinate`].
    fn validate(&self, position: &[u64]) -> Result<()> {
        check_arity_of(self, position)?;
        for (i, &c) in position.iter().enumerate() {
            let min = self.min_coordinate(i);
            if c < min {
                return Err(Error::Position(format!(
                    "coordinate {} is {c}, below the minimum {min}",
                    i + 1
                )));
            }
        }
        Ok(())
    }

    /// Parses a position as the user types it. The default: numbers separated by commas
    /// ([`crate::number::parse_position`]); a game whose positions have names (the vertices of
    /// a digraph read from a file) reads its names.
    fn parse_position(&self, text: &str) -> Result<Position> {
        crate::number::parse_position(text)
    }

    /// A position as the user would type it (the inverse of [`Ruleset::parse_position`]).
    fn show_position(&self, position: &[u64]) -> String {
        let shown: Vec<String> = position.iter().map(u64::to_string).collect();
        shown.join(",")
    }

    /// What the numbers of a template stand for (`seq` and `table` fill in its `_`): the
    /// position's coordinates (the default), the numbers of a list the game reads as a typed
    /// position, or nothing (`_` refused, saying what to ask instead). See [`TemplateNumbers`].
    fn template_numbers(&self) -> TemplateNumbers {
        TemplateNumbers::Coordinates
    }

    /// The first value in `range` of the one `_` of `template` whose position (see
    /// [`template_position`]) is not one [`Ruleset::validate`] accepts, with the reason; `None`
    /// when every one is. `seq` and `table` ask it before computing anything, so an engine never
    /// sees a position `value` would refuse. The default reads and validates each position in
    /// turn ([`first_invalid_each`]); a game whose `validate` checks only the arity and
    /// [`Ruleset::min_coordinate`] (the default `validate`) answers from the first position
    /// ([`first_invalid_by_bounds`]).
    fn first_invalid(
        &self,
        template: &[Option<u64>],
        range: RangeInclusive<u64>,
    ) -> Option<(u64, Error)> {
        first_invalid_each(self, template, range)
    }

    /// The position play starts from (the empty board, the whole graph), used where a command
    /// is given no position; `None` for games with no single start (heaps of any size).
    fn start(&self) -> Option<Position> {
        None
    }

    /// Whether a position is shown as text (a board, a set of vertices) rather than as its
    /// numbers: JSON then carries [`Ruleset::show_position`]'s text.
    fn position_is_text(&self) -> bool {
        false
    }

    /// The names JSON shows for a position's coordinates, where a game's positions are named
    /// rather than numbered (a digraph whose vertex names are not all numbers); `None`, the
    /// default, where the numbers themselves are the positions. [`Ruleset::parse_position`]
    /// reads these names back.
    fn position_names(&self, position: &[u64]) -> Option<Vec<String>> {
        let _ = position;
        None
    }

    /// Whether values are normal-play SG values (false for the misère version of a game).
    /// Games with cycles are answered by Smith's generalised values only under normal play.
    fn normal_play(&self) -> bool {
        true
    }

    /// The convention the family's name stands for: a family named for the misère play of
    /// another game (Notakto, the misère play of X-only tic-tac-toe) answers
    /// [`Convention::Misere`], and `misere::play::parse_game` plays it so (its own rules, its
    /// own name, misère values). The default is normal play.
    fn played_as(&self) -> Convention {
        Convention::Normal
    }

    /// The parts of a (validated) position of a game whose positions are sums of independent
    /// parts (the boards of X-only tic-tac-toe), each written as a position of that one part
    /// in a canonical form: two parts that are the same game up to the game's symmetries are
    /// written alike, and a part is never the empty game. The position of no part is the
    /// empty game. Misère quotients of games of parts are built on it. `None` (the default):
    /// the game does not say how its positions split.
    fn game_parts(&self, _position: &[u64]) -> Option<Vec<Position>> {
        None
    }

    /// The positions `seq GAME --to N` values when no position is given, numbered `from..=to`
    /// (X-only tic-tac-toe: `k` empty boards), with the words for position `k`, for a game
    /// whose positions are not numbers; the misère version of the game values the same
    /// positions. `None` (the default): none.
    fn numbered_positions(&self, _from: u64, _to: u64) -> Option<Result<NumberedPositions>> {
        None
    }

    /// Every move from a (validated) position.
    fn moves(&self, position: &[u64]) -> Result<Vec<Move>>;

    /// Whether the player who moves from `position` to `to` (one of its moves) must move again:
    /// a *complimenting move* (Winning Ways ch. 12), as cutting a coin free in Nimstring. A game
    /// with such moves brings its own solver (the mex over its moves is not its value), and
    /// winning moves are judged by it: a move after which the same player moves again wins when
    /// it reaches an N-position. The default: never.
    fn moves_again(&self, _position: &[u64], _to: &[u64]) -> bool {
        false
    }

    /// The positions the moves reach, without their descriptions (what explorations of the
    /// whole game graph need, millions of times). The default takes them from
    /// [`Ruleset::moves`].
    fn options(&self, position: &[u64]) -> Result<Vec<Position>> {
        Ok(self.moves(position)?.into_iter().map(|m| m.to).collect())
    }

    /// The form in which explorations of the whole game graph (remoteness, generations,
    /// conjunctive compounds) store a position. The default is the position itself; a game may
    /// merge positions whose game trees are the same up to renaming (heap games: the order of
    /// the heaps and empty heaps), which [`Ruleset::canonical`] need not promise.
    fn explored_form(&self, position: &[u64]) -> Position {
        position.to_vec()
    }

    /// The options of a position in [`Ruleset::explored_form`], as explorations need them:
    /// each option once up to that form (the default maps every option).
    fn explored_options(&self, position: &[u64]) -> Result<Vec<Position>> {
        let options = self.options(position)?;
        Ok(options.iter().map(|o| self.explored_form(o)).collect())
    }

    /// The numbers [`Ruleset::explored_options`] hands out for `position` (each option's
    /// coordinates and one more), what the misère search by the definition counts against its
    /// work limit. The default lists the options; a game may count them without listing.
    fn explored_option_numbers(&self, position: &[u64]) -> Result<u64> {
        Ok(self
            .explored_options(position)?
            .iter()
            .map(|o| o.len() as u64 + 1)
            .sum())
    }

    /// For a game played on heaps (a position is the disjunctive sum of its coordinates, each a
    /// heap, and a move replaces one heap by smaller ones): the options of one heap of size
    /// `heap`, each as the list of non-empty heaps it leaves (`[]`: nothing left). Misère
    /// quotients and the genus are computed from these alone. `None` (the default): the game is
    /// not of this kind.
    fn heap_options(&self, _heap: u64) -> Option<Result<Vec<Vec<u64>>>> {
        None
    }

    /// For a heap game whose moves take at most `k` tokens and leave at most `j` heaps: `k` and
    /// `j`, which the periodicity theorems (of Grundy values and of misère quotients) need.
    /// `None` (the default): no such bound.
    fn heap_shape(&self) -> Option<HeapShape> {
        None
    }

    /// What the game's theory *proves* about `position` under misère play (outcome and
    /// winning moves, with the theorem), for positions the search by the definition cannot
    /// reach. `None` (the default): no closed form; misère play is then searched.
    fn misere_closed_form(&self, _position: &[u64]) -> Option<MisereAnswer> {
        None
    }

    /// A position with the same value, used to share work (the default is the position itself).
    fn canonical(&self, position: &[u64]) -> Position {
        position.to_vec()
    }

    /// A solver specialised for this game, if it has one.
    fn solver(&self) -> Option<Box<dyn Solver + '_>> {
        None
    }

    /// Whether this game's values come from the board search ([`crate::solve::search`]), whose
    /// database of solved parts `--db` names (boards, graphs, Sprouts; not misère play).
    fn uses_board_search(&self) -> bool {
        false
    }

    /// The game's own search of misère outcomes for the positions it covers (those the search
    /// by the definition refuses as too large), kept by the misère solver across questions;
    /// `None` (the default): misère play is the search by the definition's alone.
    fn misere_outcomes(&self) -> Option<Box<dyn MisereOutcomes + '_>> {
        None
    }

    /// A solver of the misère Grundy values `G-` specialised for this game (a table of every
    /// position whose base case is misère play's), if it has one; misère play is otherwise
    /// searched by the definition (`crate::misere`).
    fn misere_solver(&self) -> Option<Box<dyn Solver + '_>> {
        None
    }

    /// Why the move from `position` to `to` wins, in the words of the game's theory (used by
    /// `play` when the user asks for a hint); `None` when there is nothing beyond "it reaches a
    /// P-position" to say.
    fn explain_move(&self, _position: &[u64], _to: &[u64]) -> Option<String> {
        None
    }

    /// The sequence `seq GAME --to N` prints when no position is given, for a game with several
    /// coordinates whose theory singles one sequence out (`from` defaults to its first index).
    /// `None` (the default): `seq` needs a position, except for one-coordinate games.
    fn default_sequence(
        &self,
        _from: Option<u64>,
        _to: u64,
        _progress: &mut dyn FnMut(u64),
    ) -> Option<Result<DefaultSequence>> {
        None
    }

    /// A lower bound on the number of positions reachable from `position` (itself included),
    /// known without exploring: commands that explore the whole game below a position refuse
    /// at once when it is beyond their limit. The default, 1, knows nothing.
    fn reachable_at_least(&self, _position: &[u64]) -> u128 {
        1
    }

    /// Refuses at once an exploration of the whole game below `position` (the misère search by
    /// the definition, misère canonical forms, remoteness, generations, conjunctive compounds)
    /// that the game knows it cannot finish in reasonable time although no count shows it:
    /// each of its positions is costly (Sprouts: a canonical code per option). The default
    /// accepts every position.
    fn check_whole_exploration(&self, _position: &[u64]) -> Result<()> {
        Ok(())
    }

    /// Refuses at once a (validated) position whose value the game's solver would refuse only
    /// after a long search; `table` and `seq` ask it of their extreme positions before they
    /// start. The default accepts every position.
    fn check_size(&self, _position: &[u64]) -> Result<()> {
        Ok(())
    }

    /// An upper bound on the number of positions reachable from `position`, where the game
    /// knows one; explorations refuse at once when it is beyond their limit (a conservative
    /// refusal, named as such in the error). The default, `None`, knows none.
    fn reachable_at_most(&self, _position: &[u64]) -> Option<u128> {
        None
    }

    /// A lower bound on the numbers [`Ruleset::explored_option_numbers`] hands out, summed over
    /// every position reachable from `position` (itself included): what a search by the
    /// definition of the whole game below it (misère `G-`) lists at the least. A game may stop
    /// counting once the count passes `budget`. The default, 0, knows nothing.
    fn option_numbers_below_at_least(&self, _position: &[u64], _budget: u64) -> u128 {
        0
    }

    /// A lower bound on the number of moves among the positions reachable from `position`
    /// (the edges of the game graph below it), for the same purpose. The default, 0, knows
    /// nothing.
    fn moves_below_at_least(&self, _position: &[u64]) -> u128 {
        0
    }

    /// The first index of [`Ruleset::default_sequence`], for a game that has one.
    fn default_sequence_start(&self) -> Option<u64> {
        None
    }

    /// For `seq --analyze` without `--to`: the last position of the sequence along `template`
    /// (from its first position) for which the game's theory proves the periodicity, found by
    /// computing values until a proof comes (heap games: the octal periodicity theorem);
    /// `progress` gets the values computed. `None` (the default): no such search.
    fn proof_end(
        &self,
        _template: &[Option<u64>],
        _progress: &mut dyn FnMut(u64),
    ) -> Option<Result<u64>> {
        None
    }

    /// The template `seq` uses when no position is given, for a game with several coordinates
    /// whose sequence of interest is along one of them (a heap game: one heap, `_`). `None`
    /// (the default): only one-coordinate games have one.
    fn default_template(&self) -> Option<Vec<Option<u64>>> {
        None
    }

    /// The winning moves of `position` given directly by the game's theory, without valuing
    /// every option; `None` when the theory gives none. `moves` falls back on it for positions
    /// whose options cannot all be valued (e.g. beyond a table).
    fn theory_winning_moves(&self, _position: &[u64]) -> Option<Vec<Move>> {
        None
    }

    /// Whether `table` shows the cell at `position` (the template's `_` filled in). A game whose
    /// coordinates can be permuted may show one cell per orbit, e.g. only row <= column as in
    /// Ho's Table 1; the default shows every cell.
    fn table_cell_shown(&self, _template: &[Option<u64>], _position: &[u64]) -> bool {
        true
    }

    /// Facts the game's theory reads off the values `values` along `template` (varying
    /// coordinate from `from`), one line each, which `seq --analyze` prints after the generic
    /// analysis (e.g. an octal game's rare values and last exception). `periodicity` is the
    /// periodicity found. The default: none.
    fn sequence_notes(
        &self,
        _template: &[Option<u64>],
        _from: u64,
        _values: &[u64],
        _periodicity: Option<&Periodicity>,
    ) -> Vec<String> {
        Vec::new()
    }

    /// If this game's theory proves that the values `values` along `template` (varying
    /// coordinate from `from`) are periodic as `periodicity` says, the reason; `None` when the
    /// periodicity is only observed.
    fn periodicity_proof(
        &self,
        _template: &[Option<u64>],
        _from: u64,
        _values: &[u64],
        _periodicity: &Periodicity,
    ) -> Option<String> {
        None
    }
}

/// A position as every answer writes it in JSON: its numbers, or the text of a board or of a list
/// of edges or vertices ([`Ruleset::position_is_text`]), or the names of a digraph's vertices
/// ([`Ruleset::position_names`]), which [`Ruleset::parse_position`] reads back. It is what `value
/// --json` writes (the Python package and the page of `grundy serve` read it), and every report
/// holds its positions as this type, made by [`PositionJson::new`], so that every command writes
/// a position the same way. It reads as the position's numbers ([`std::ops::Deref`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionJson {
    position: Position,
    written: Written,
}

/// How a [`PositionJson`] is written.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
enum Written {
    Numbers,
    Text(String),
    Names(Vec<String>),
}

impl PositionJson {
    /// `position` of `ruleset`, to be written as the game writes it.
    pub fn new<R: Ruleset + ?Sized>(ruleset: &R, position: Position) -> Self {
        let written = if ruleset.position_is_text() {
            Written::Text(ruleset.show_position(&position))
        } else {
            match ruleset.position_names(&position) {
                Some(names) => Written::Names(names),
                None => Written::Numbers,
            }
        };
        PositionJson { position, written }
    }

    /// Whether the positions of `ruleset` are written as their numbers (a fast writer may then
    /// write the numbers itself).
    pub fn writes_numbers<R: Ruleset + ?Sized>(ruleset: &R, position: &[u64]) -> bool {
        !ruleset.position_is_text() && ruleset.position_names(position).is_none()
    }

    /// The position's numbers.
    pub fn into_position(self) -> Position {
        self.position
    }
}

impl std::ops::Deref for PositionJson {
    type Target = Position;

    fn deref(&self) -> &Position {
        &self.position
    }
}

impl Serialize for PositionJson {
    fn serialize<S: serde::Serializer>(
        &self,
        serializer: S,
    ) -> std::result::Result<S::Ok, S::Error> {
        match &self.written {
            Written::Numbers => self.position.serialize(serializer),
            written => written.serialize(serializer),
        }
    }
}

/// A template (numbers and `_`) as JSON writes it: as the game writes its positions
/// ([`PositionJson`]), the numbers with `null` for `_`, or the text with `_` (`"1,_"`) for a
/// game whose positions are text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum TemplateJson {
    /// The numbers, `null` for each `_`.
    Numbers(Vec<Option<u64>>),
    /// The numbers and `_` joined by commas.
    Text(String),
}

impl TemplateJson {
    /// `template` of `ruleset` as JSON writes it.
    pub fn new<R: Ruleset + ?Sized>(ruleset: &R, template: &[Option<u64>]) -> Self {
        if ruleset.position_is_text() {
            let shown: Vec<String> = template
                .iter()
                .map(|c| c.map_or("_".to_string(), |v| v.to_string()))
                .collect();
            TemplateJson::Text(shown.join(","))
        } else {
            TemplateJson::Numbers(template.to_vec())
        }
    }
}

/// What the numbers of a template stand for ([`Ruleset::template_numbers`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TemplateNumbers {
    /// The position's own coordinates (piles, heads, column heights): `_` stands for one.
    Coordinates,
    /// The numbers of a list the game reads as it reads a typed position
    /// ([`Ruleset::parse_position`] of the numbers joined by commas): the edges left of a Green
    /// Hackenbush picture, the vertices left of a graph. `_` stands for one of them.
    Listed,
    /// `_` cannot stand in a position (a board written as text, vertices with names): why, and
    /// what varies instead.
    Refused(String),
}

/// The position given by `template` with its `_` coordinates replaced, in order, by `fill`.
pub fn fill(template: &[Option<u64>], fill: &[u64]) -> Position {
    let mut values = fill.iter();
    template
        .iter()
        .map(|c| c.unwrap_or_else(|| *values.next().expect("one value per '_'")))
        .collect()
}

/// The position `template` stands for with its `_` filled in by `values`, in order: the
/// numbers themselves, or the position the game reads them as ([`TemplateNumbers`]). Not
/// validated.
pub fn template_position<R: Ruleset + ?Sized>(
    ruleset: &R,
    template: &[Option<u64>],
    values: &[u64],
) -> Result<Position> {
    position_of_numbers(ruleset, fill(template, values))
}

/// The position a template's numbers, `_` filled in, stand for ([`TemplateNumbers`]).
pub fn position_of_numbers<R: Ruleset + ?Sized>(
    ruleset: &R,
    numbers: Position,
) -> Result<Position> {
    match ruleset.template_numbers() {
        TemplateNumbers::Coordinates => Ok(numbers),
        TemplateNumbers::Listed => {
            let shown: Vec<String> = numbers.iter().map(u64::to_string).collect();
            ruleset.parse_position(&shown.join(","))
        }
        TemplateNumbers::Refused(why) => Err(Error::Invalid(why)),
    }
}

/// [`Ruleset::first_invalid`] by reading and validating every position of the line.
pub fn first_invalid_each<R: Ruleset + ?Sized>(
    ruleset: &R,
    template: &[Option<u64>],
    range: RangeInclusive<u64>,
) -> Option<(u64, Error)> {
    range.into_iter().find_map(|n| {
        template_position(ruleset, template, &[n])
            .and_then(|position| ruleset.validate(&position))
            .err()
            .map(|e| (n, e))
    })
}

/// [`Ruleset::first_invalid`] for a game whose `validate` checks only the arity and each
/// coordinate against [`Ruleset::min_coordinate`] (the default `validate`): along a line only
/// one coordinate changes, upward, so every position is valid when the first is.
pub fn first_invalid_by_bounds<R: Ruleset + ?Sized>(
    ruleset: &R,
    template: &[Option<u64>],
    range: RangeInclusive<u64>,
) -> Option<(u64, Error)> {
    if range.is_empty() {
        return None;
    }
    let first = *range.start();
    ruleset
        .validate(&fill(template, &[first]))
        .err()
        .map(|e| (first, e))
}

/// The most coordinates a list of moves may hold in all (moves times the coordinates of a
/// position): 2^24 numbers, 128 MiB, far more than anyone reads.
pub const MAX_LISTED_COORDINATES: u128 = 1 << 24;

/// Refuses to list `moves` moves of positions with `arity` coordinates when they would hold
/// more than [`MAX_LISTED_COORDINATES`] numbers.
pub fn check_listing(moves: u128, arity: usize) -> Result<()> {
    if moves.saturating_mul(arity as u128) > MAX_LISTED_COORDINATES {
        return Err(Error::TooLarge(format!(
            "this position has {moves} moves of {arity} coordinates each, more than the {MAX_LISTED_COORDINATES} numbers a list of moves may hold"
        )));
    }
    Ok(())
}

/// Checks the number of coordinates of a position of `ruleset` (its hint, for the message,
/// asked only when the check fails).
pub fn check_arity_of<R: Ruleset + ?Sized>(ruleset: &R, position: &[u64]) -> Result<()> {
    let arity = ruleset.arity();
    match arity {
        Arity::Exactly(n) if position.len() == n => Ok(()),
        Arity::AtLeast(n) if position.len() >= n => Ok(()),
        _ => check_arity(arity, position, &ruleset.position_hint()),
    }
}

/// Checks the number of coordinates.
pub fn check_arity(arity: Arity, position: &[u64], hint: &str) -> Result<()> {
    let ok = match arity {
        Arity::Exactly(n) => position.len() == n,
        Arity::AtLeast(n) => position.len() >= n,
    };
    if ok {
        Ok(())
    } else {
        let wanted = match arity {
            Arity::Exactly(n) => format!("exactly {n}"),
            Arity::AtLeast(n) => format!("at least {n}"),
        };
        Err(Error::Position(format!(
            "this game's positions have {wanted} coordinate(s), got {}; expected {hint}",
            position.len()
        )))
    }
}
