//! A game played under misère play, as a [`Ruleset`] of its own.
//!
//! [`Misere`] wraps any ruleset: the positions and moves are the game's, the values are `G-`
//! ([`super::outcome`]), so every question of [`crate::query`] (value, moves, sequences,
//! tables, their analysis) is asked of it unchanged. What belongs to normal play is *not*
//! passed on: the canonical form (it only promises the same normal value), the solver and
//! closed forms, periodicity proofs and notes, the theory's explanations of moves. A closed
//! form for misère play comes only from [`Ruleset::misere_closed_form`] (Nim: Bouton).
//! Its spec is the game's with a `misere-` prefix, which [`parse_game`] reads back.

use std::ops::Range;

use super::canonical_tree::CanonicalTree;
use super::outcome::{PlayEngine, RulesetTree, MAX_MISERE_POSITIONS};
use super::Convention;
use crate::ruleset::{
    Arity, BlockSink, Evaluation, MisereAnswer, Move, OutcomeEvaluation, Position, Ruleset, Solver,
};
use crate::{Error, Result};

/// The prefix of a spec that asks for misère play of the game after it.
pub const PREFIX: &str = "misere-";

/// `game` under misère play.
pub struct Misere<'a> {
    game: &'a dyn Ruleset,
}

impl<'a> Misere<'a> {
    /// The misère version of `game`.
    pub fn new(game: &'a dyn Ruleset) -> Self {
        Misere { game }
    }

    /// The game under normal play.
    pub fn game(&self) -> &dyn Ruleset {
        self.game
    }
}

/// A game with its convention, as a spec string names it (`misere-kayles`) or a flag asks.
pub struct Played {
    game: Box<dyn Ruleset>,
    convention: Convention,
}

impl Played {
    /// `game` played under `convention`.
    pub fn new(game: Box<dyn Ruleset>, convention: Convention) -> Self {
        Played { game, convention }
    }

    /// The game as played under its convention: the game itself, or its [`Misere`] version.
    pub fn ruleset(&self) -> Box<dyn Ruleset + '_> {
        match self.convention {
            Convention::Normal => Box::new(Same(self.game.as_ref())),
            Convention::Misere => Box::new(Misere::new(self.game.as_ref())),
        }
    }

    /// The game under normal play.
    pub fn game(&self) -> &dyn Ruleset {
        self.game.as_ref()
    }

    /// The convention.
    pub fn convention(&self) -> Convention {
        self.convention
    }

    /// The game under normal play, given back.
    pub fn into_game(self) -> Box<dyn Ruleset> {
        self.game
    }
}

/// Parses a spec, reading a `misere-` prefix as misère play; `misere` (a `--misere` flag) asks
/// for misère play too. `misere-misere-...` is refused.
pub fn parse_game(spec: &str, misere: bool) -> Result<Played> {
    let prefixed = spec.len() >= PREFIX.len()
        && spec.is_char_boundary(PREFIX.len())
        && spec[..PREFIX.len()].eq_ignore_ascii_case(PREFIX);
    let rest = if prefixed {
        &spec[PREFIX.len()..]
    } else {
        spec
    };
    if rest.len() >= PREFIX.len()
        && rest.is_char_boundary(PREFIX.len())
        && rest[..PREFIX.len()].eq_ignore_ascii_case(PREFIX)
    {
        return Err(Error::Spec(format!(
            "'{spec}': the {PREFIX} prefix is given once"
        )));
    }
    let game = crate::spec::parse_game(rest)?;
    if game.played_as() == Convention::Misere {
        if prefixed || misere {
            return Err(Error::Spec(format!(
                "'{spec}': {} is misère play already; drop {}",
                game.spec(),
                if prefixed {
                    "the misere- prefix"
                } else {
                    "--misere"
                }
            )));
        }
        return Ok(Played {
            game,
            convention: Convention::Misere,
        });
    }
    Ok(Played {
        game,
        convention: if prefixed || misere {
            Convention::Misere
        } else {
            Convention::Normal
        },
    })
}

/// A game with its convention is itself a ruleset: the game's own under normal play, its
/// [`Misere`] version under misère play (so an owner, e.g. the Python binding, can hold it).
macro_rules! dispatch {
    ($($name:ident($($arg:ident: $ty:ty),*) -> $ret:ty;)*) => {
        $(fn $name(&self, $($arg: $ty),*) -> $ret {
            match self.convention {
                Convention::Normal => self.game.$name($($arg),*),
                Convention::Misere => Misere::new(self.game.as_ref()).$name($($arg),*),
            }
        })*
    };
}

impl Ruleset for Played {
    dispatch! {
        spec() -> String;
        arity() -> Arity;
        position_hint() -> String;
        min_coordinate(index: usize) -> u64;
        coordinate_name(index: usize, count: usize) -> String;
        validate(position: &[u64]) -> Result<()>;
        moves(position: &[u64]) -> Result<Vec<Move>>;
        moves_again(position: &[u64], to: &[u64]) -> bool;
        options(position: &[u64]) -> Result<Vec<Position>>;
        explored_form(position: &[u64]) -> Position;
        explored_options(position: &[u64]) -> Result<Vec<Position>>;
        explored_option_numbers(position: &[u64]) -> Result<u64>;
        heap_options(heap: u64) -> Option<Result<Vec<Vec<u64>>>>;
        heap_shape() -> Option<crate::ruleset::HeapShape>;
        canonical(position: &[u64]) -> Position;
        explain_move(position: &[u64], to: &[u64]) -> Option<String>;
        reachable_at_least(position: &[u64]) -> u128;
        check_size(position: &[u64]) -> Result<()>;
        check_whole_exploration(position: &[u64]) -> Result<()>;
        reachable_at_most(position: &[u64]) -> Option<u128>;
        moves_below_at_least(position: &[u64]) -> u128;
        option_numbers_below_at_least(position: &[u64], budget: u64) -> u128;
        default_sequence_start() -> Option<u64>;
        default_template() -> Option<Vec<Option<u64>>>;
        theory_winning_moves(position: &[u64]) -> Option<Vec<Move>>;
        table_cell_shown(template: &[Option<u64>], position: &[u64]) -> bool;
        misere_closed_form(position: &[u64]) -> Option<MisereAnswer>;
        proof_end(template: &[Option<u64>], progress: &mut dyn FnMut(u64)) -> Option<Result<u64>>;
        default_sequence(from: Option<u64>, to: u64, progress: &mut dyn FnMut(u64)) -> Option<Result<crate::ruleset::DefaultSequence>>;
        sequence_notes(template: &[Option<u64>], from: u64, values: &[u64], periodicity: Option<&crate::analysis::Periodicity>) -> Vec<String>;
        periodicity_proof(template: &[Option<u64>], from: u64, values: &[u64], periodicity: &crate::analysis::Periodicity) -> Option<String>;
        normal_play() -> bool;
        played_as() -> Convention;
        game_parts(position: &[u64]) -> Option<Vec<Position>>;
        numbered_positions(from: u64, to: u64) -> Option<Result<crate::ruleset::NumberedPositions>>;
        parse_position(text: &str) -> Result<Position>;
        show_position(position: &[u64]) -> String;
        start() -> Option<Position>;
        position_is_text() -> bool;
        position_names(position: &[u64]) -> Option<Vec<String>>;
        template_numbers() -> crate::ruleset::TemplateNumbers;
        first_invalid(template: &[Option<u64>], range: std::ops::RangeInclusive<u64>) -> Option<(u64, crate::Error)>;
    }

    fn solver(&self) -> Option<Box<dyn Solver + '_>> {
        match self.convention {
            Convention::Normal => self.game.solver(),
            Convention::Misere => Some(misere_solver(self.game.as_ref())),
        }
    }

    fn uses_board_search(&self) -> bool {
        self.convention == Convention::Normal && self.game.uses_board_search()
    }

    fn misere_solver(&self) -> Option<Box<dyn Solver + '_>> {
        match self.convention {
            Convention::Normal => self.game.misere_solver(),
            Convention::Misere => None,
        }
    }

    fn misere_outcomes(&self) -> Option<Box<dyn crate::ruleset::MisereOutcomes + '_>> {
        match self.convention {
            Convention::Normal => self.game.misere_outcomes(),
            Convention::Misere => None,
        }
    }
}

/// A borrowed ruleset passed on unchanged (normal play).
struct Same<'a>(&'a dyn Ruleset);

macro_rules! delegate {
    ($($name:ident($($arg:ident: $ty:ty),*) -> $ret:ty;)*) => {
        $(fn $name(&self, $($arg: $ty),*) -> $ret { self.0.$name($($arg),*) })*
    };
}

impl Ruleset for Same<'_> {
    delegate! {
        uses_board_search() -> bool;
        spec() -> String;
        arity() -> Arity;
        position_hint() -> String;
        min_coordinate(index: usize) -> u64;
        coordinate_name(index: usize, count: usize) -> String;
        validate(position: &[u64]) -> Result<()>;
        moves(position: &[u64]) -> Result<Vec<Move>>;
        moves_again(position: &[u64], to: &[u64]) -> bool;
        options(position: &[u64]) -> Result<Vec<Position>>;
        explored_form(position: &[u64]) -> Position;
        explored_options(position: &[u64]) -> Result<Vec<Position>>;
        explored_option_numbers(position: &[u64]) -> Result<u64>;
        heap_options(heap: u64) -> Option<Result<Vec<Vec<u64>>>>;
        normal_play() -> bool;
        played_as() -> Convention;
        game_parts(position: &[u64]) -> Option<Vec<Position>>;
        numbered_positions(from: u64, to: u64) -> Option<Result<crate::ruleset::NumberedPositions>>;
        parse_position(text: &str) -> Result<Position>;
        show_position(position: &[u64]) -> String;
        position_names(position: &[u64]) -> Option<Vec<String>>;
        heap_shape() -> Option<crate::ruleset::HeapShape>;
        canonical(position: &[u64]) -> Position;
        solver() -> Option<Box<dyn Solver + '_>>;
        misere_solver() -> Option<Box<dyn Solver + '_>>;
        misere_outcomes() -> Option<Box<dyn crate::ruleset::MisereOutcomes + '_>>;
        explain_move(position: &[u64], to: &[u64]) -> Option<String>;
        reachable_at_least(position: &[u64]) -> u128;
        check_size(position: &[u64]) -> Result<()>;
        check_whole_exploration(position: &[u64]) -> Result<()>;
        reachable_at_most(position: &[u64]) -> Option<u128>;
        moves_below_at_least(position: &[u64]) -> u128;
        option_numbers_below_at_least(position: &[u64], budget: u64) -> u128;
        default_sequence_start() -> Option<u64>;
        default_template() -> Option<Vec<Option<u64>>>;
        theory_winning_moves(position: &[u64]) -> Option<Vec<Move>>;
        table_cell_shown(template: &[Option<u64>], position: &[u64]) -> bool;
        misere_closed_form(position: &[u64]) -> Option<MisereAnswer>;
        start() -> Option<Position>;
        position_is_text() -> bool;
        template_numbers() -> crate::ruleset::TemplateNumbers;
        first_invalid(template: &[Option<u64>], range: std::ops::RangeInclusive<u64>) -> Option<(u64, crate::Error)>;
    }

    fn default_sequence(
        &self,
        from: Option<u64>,
        to: u64,
        progress: &mut dyn FnMut(u64),
    ) -> Option<Result<crate::ruleset::DefaultSequence>> {
        self.0.default_sequence(from, to, progress)
    }

    fn proof_end(
        &self,
        template: &[Option<u64>],
        progress: &mut dyn FnMut(u64),
    ) -> Option<Result<u64>> {
        self.0.proof_end(template, progress)
    }

    fn sequence_notes(
        &self,
        template: &[Option<u64>],
        from: u64,
        values: &[u64],
        periodicity: Option<&crate::analysis::Periodicity>,
    ) -> Vec<String> {
        self.0.sequence_notes(template, from, values, periodicity)
    }

    fn periodicity_proof(
        &self,
        template: &[Option<u64>],
        from: u64,
        values: &[u64],
        periodicity: &crate::analysis::Periodicity,
    ) -> Option<String> {
        self.0
            .periodicity_proof(template, from, values, periodicity)
    }
}

impl Ruleset for Misere<'_> {
    /// The game's spec with the `misere-` prefix, or the game's own when its name stands for
    /// misère play already (`notakto`).
    fn spec(&self) -> String {
        match self.game.played_as() {
            Convention::Misere => self.game.spec(),
            Convention::Normal => format!("{PREFIX}{}", self.game.spec()),
        }
    }

    fn game_parts(&self, position: &[u64]) -> Option<Vec<Position>> {
        self.game.game_parts(position)
    }

    fn numbered_positions(
        &self,
        from: u64,
        to: u64,
    ) -> Option<Result<crate::ruleset::NumberedPositions>> {
        self.game.numbered_positions(from, to)
    }

    fn default_sequence_start(&self) -> Option<u64> {
        self.game.default_sequence_start()
    }

    /// The misère values of the positions the game numbers ([`Ruleset::numbered_positions`]).
    fn default_sequence(
        &self,
        from: Option<u64>,
        to: u64,
        progress: &mut dyn FnMut(u64),
    ) -> Option<Result<crate::ruleset::DefaultSequence>> {
        let from = from.or(self.game.default_sequence_start()).unwrap_or(0);
        let numbered = self.game.numbered_positions(from, to)?;
        Some((|| {
            let numbered = numbered?;
            for position in &numbered.positions {
                self.check_size(position)?;
            }
            let mut solver = misere_solver(self.game);
            let mut values = Vec::with_capacity(numbered.positions.len());
            for (i, position) in numbered.positions.iter().enumerate() {
                values.push(solver.value(position)?);
                progress(i as u64 + 1);
            }
            Ok(crate::ruleset::DefaultSequence {
                name: format!("the misère value G- of {}", numbered.name),
                from,
                values,
            })
        })())
    }

    fn normal_play(&self) -> bool {
        false
    }

    fn parse_position(&self, text: &str) -> Result<Position> {
        self.game.parse_position(text)
    }

    fn show_position(&self, position: &[u64]) -> String {
        self.game.show_position(position)
    }

    fn start(&self) -> Option<Position> {
        self.game.start()
    }

    fn position_is_text(&self) -> bool {
        self.game.position_is_text()
    }

    fn position_names(&self, position: &[u64]) -> Option<Vec<String>> {
        self.game.position_names(position)
    }

    fn template_numbers(&self) -> crate::ruleset::TemplateNumbers {
        self.game.template_numbers()
    }

    fn first_invalid(
        &self,
        template: &[Option<u64>],
        range: std::ops::RangeInclusive<u64>,
    ) -> Option<(u64, crate::Error)> {
        self.game.first_invalid(template, range)
    }

    fn arity(&self) -> Arity {
        self.game.arity()
    }

    fn position_hint(&self) -> String {
        self.game.position_hint()
    }

    fn min_coordinate(&self, index: usize) -> u64 {
        self.game.min_coordinate(index)
    }

    fn coordinate_name(&self, index: usize, count: usize) -> String {
        self.game.coordinate_name(index, count)
    }

    fn validate(&self, position: &[u64]) -> Result<()> {
        self.game.validate(position)
    }

    fn moves(&self, position: &[u64]) -> Result<Vec<Move>> {
        self.game.moves(position)
    }

    fn options(&self, position: &[u64]) -> Result<Vec<Position>> {
        self.game.options(position)
    }

    fn explored_form(&self, position: &[u64]) -> Position {
        self.game.explored_form(position)
    }

    fn explored_options(&self, position: &[u64]) -> Result<Vec<Position>> {
        self.game.explored_options(position)
    }

    fn explored_option_numbers(&self, position: &[u64]) -> Result<u64> {
        self.game.explored_option_numbers(position)
    }

    fn heap_options(&self, heap: u64) -> Option<Result<Vec<Vec<u64>>>> {
        self.game.heap_options(heap)
    }

    fn heap_shape(&self) -> Option<crate::ruleset::HeapShape> {
        self.game.heap_shape()
    }

    fn solver(&self) -> Option<Box<dyn Solver + '_>> {
        Some(misere_solver(self.game))
    }

    fn reachable_at_least(&self, position: &[u64]) -> u128 {
        self.game.reachable_at_least(position)
    }

    fn reachable_at_most(&self, position: &[u64]) -> Option<u128> {
        self.game.reachable_at_most(position)
    }

    fn check_whole_exploration(&self, position: &[u64]) -> Result<()> {
        self.game.check_whole_exploration(position)
    }

    fn moves_below_at_least(&self, position: &[u64]) -> u128 {
        self.game.moves_below_at_least(position)
    }

    fn option_numbers_below_at_least(&self, position: &[u64], budget: u64) -> u128 {
        self.game.option_numbers_below_at_least(position, budget)
    }

    /// The game's own refusals (the state space is the same under both conventions), and
    /// positions with more reachable positions than the search by the definition stores
    /// (unless a closed form answers them).
    fn check_size(&self, position: &[u64]) -> Result<()> {
        if self.game.misere_closed_form(position).is_some() {
            return Ok(());
        }
        if self.game.misere_solver().is_some()
            || self
                .game
                .misere_outcomes()
                .is_some_and(|own| own.covers(position))
        {
            // The game's own table or outcome search, not the search by the definition,
            // answers it.
            return self.game.check_size(position);
        }
        self.game.check_size(position)?;
        if let Err(refusal) = check_reach(self.game, position) {
            // A game of parts whose quotient is within reach answers outcomes beyond the
            // search (the solver builds it again, or keeps it).
            return match part_quotient_covers(self.game, position)? {
                true => Ok(()),
                false => Err(refusal),
            };
        }
        if self.game.heap_options(0).is_none() {
            let bound = self
                .game
                .option_numbers_below_at_least(position, super::outcome::MAX_MISERE_WORK);
            if bound > u128::from(super::outcome::MAX_MISERE_WORK) {
                return Err(work_refusal(self.game, position, bound));
            }
        }
        Ok(())
    }

    fn default_template(&self) -> Option<Vec<Option<u64>>> {
        self.game.default_template()
    }

    fn theory_winning_moves(&self, position: &[u64]) -> Option<Vec<Move>> {
        self.game
            .misere_closed_form(position)
            .map(|a| a.winning_moves)
    }

    fn table_cell_shown(&self, template: &[Option<u64>], position: &[u64]) -> bool {
        self.game.table_cell_shown(template, position)
    }

    fn explain_move(&self, position: &[u64], to: &[u64]) -> Option<String> {
        let answer = self.game.misere_closed_form(to)?;
        (answer.outcome == crate::Outcome::P && self.game.misere_closed_form(position).is_some())
            .then(|| format!("it leaves a misère P-position ({})", answer.method))
    }
}

/// The solver of `game`'s misère values: its own ([`Ruleset::misere_solver`]), else the search
/// by the definition ([`MisereSolver`]).
fn misere_solver<'a>(game: &'a dyn Ruleset) -> Box<dyn Solver + 'a> {
    game.misere_solver()
        .unwrap_or_else(|| Box::new(MisereSolver::new(game)))
}

/// Whether misère play of `game` beyond the search is answered from the quotient of its parts:
/// a game of parts named for its misère play (`notakto`, [`Ruleset::played_as`]), whose parts
/// are few. Other games of parts (Node-Kayles under `--misere`) keep their refusals, which name
/// `grundy quotient` (a quotient of their pieces may take long to build or not exist).
fn answers_from_part_quotient(game: &dyn Ruleset, position: &[u64]) -> bool {
    game.played_as() == Convention::Misere && game.game_parts(position).is_some()
}

/// Whether a game of parts has a quotient of its parts within the misère solver's limits
/// ([`FALLBACK_PARTS`], [`super::quotient::FALLBACK_ORDER`]) that covers `position`.
fn part_quotient_covers(game: &dyn Ruleset, position: &[u64]) -> Result<bool> {
    if !answers_from_part_quotient(game, position) {
        return Ok(false);
    }
    let mut from: Vec<Position> = game.start().into_iter().collect();
    from.push(position.to_vec());
    match super::quotient::part_quotient_at_most(
        game,
        &from,
        super::quotient::FALLBACK_ORDER,
        FALLBACK_PARTS,
        Some(FALLBACK_OPTIONS),
        &mut |_| {},
    ) {
        Ok(_) => Ok(true),
        Err(Error::TooLarge(_)) => Ok(false),
        Err(e) => Err(e),
    }
}

/// Refuses at once a position from which more positions are reachable than the search stores.
pub(crate) fn check_reach(game: &dyn Ruleset, position: &[u64]) -> Result<()> {
    game.check_whole_exploration(position)?;
    let least = game.reachable_at_least(position);
    if least > MAX_MISERE_POSITIONS as u128 {
        return Err(Error::TooLarge(format!(
            "{} positions are reachable, more than the {MAX_MISERE_POSITIONS} the misère search by the definition stores{}",
            show_at_least(least),
            quotient_hint(game, position)
        )));
    }
    Ok(())
}

/// "at least `n`", or "at least 2^128 - 1" for a count that saturated.
fn show_at_least(n: u128) -> String {
    if n == u128::MAX {
        "at least 2^128 - 1".into()
    } else {
        format!("at least {n}")
    }
}

/// Where the misère search or a quotient may still answer (other games than heap games: a
/// smaller position). For a heap game: the `grundy quotient` command
/// with the heap bound that covers `position` (its largest heap), or, past the largest bound
/// computed, that only a quotient proven for every heap size answers.
pub(crate) fn quotient_hint(game: &dyn Ruleset, position: &[u64]) -> String {
    use super::quotient::{MAX_HEAPS, PROOF_HEAPS};
    if game.heap_options(0).is_none() {
        return "; misère play answers positions with fewer positions below them (a smaller position, or a smaller range for a sequence or table)".into();
    }
    let largest = position.iter().copied().max().unwrap_or(0);
    let spec = game.spec();
    if largest <= MAX_HEAPS {
        format!(
            "; the misère quotient may answer: grundy quotient {spec} --heaps {largest} --position {}",
            game.show_position(position)
        )
    } else {
        format!(
            "; heaps above {MAX_HEAPS} are answered only from a misère quotient proven for every heap size, and heaps up to {PROOF_HEAPS} prove none (grundy quotient {spec} --heaps N says which N would)"
        )
    }
}

/// The positions a short search stores before a heap game's outcome is asked of its quotient.
pub const QUICK_POSITIONS: usize = 100_000;

/// The positions the misère outcome search stores before the quotient is tried (then the
/// search goes on, from what it stored, to [`super::outcome::MAX_OUTCOME_POSITIONS`]).
pub const QUICK_OUTCOME_POSITIONS: usize = 1_000_000;

/// Positions of at most this many non-empty heaps try the outcome search before the quotient.
pub const FEW_HEAPS: usize = 4;

/// The largest misère quotient tried before the outcome search (Kayles' has 40 elements, so
/// `value kayles 100,120 --misere` answers in milliseconds): building one this small, or
/// giving up on a larger one, takes a fraction of a second, where the outcome search on a
/// tame or nearly tame game can take a minute.
pub const SMALL_QUOTIENT_ORDER: usize = 128;

/// `G-` by the definition ([`PlayEngine`]), with the game's misère closed form, or a heap
/// game's misère quotient, for outcomes beyond the search.
pub struct MisereSolver<'a> {
    game: &'a dyn Ruleset,
    engine: PlayEngine<RulesetTree<'a>>,
    /// The heap game's misère quotient, for outcomes beyond the search.
    quotient: super::quotient::Cached<'a>,
    /// The same of at most [`SMALL_QUOTIENT_ORDER`] elements, tried before any long search.
    small_quotient: super::quotient::Cached<'a>,
    /// The outcome search, kept between questions (the options of one position share it).
    outcomes: super::outcome::OutcomeSearch<RulesetTree<'a>>,
    /// The outcome search on the heaps' misère canonical forms, once built (`None` inside:
    /// the forms passed their limit, or the game is not a heap game).
    canonical: Option<Option<super::outcome::OutcomeSearch<CanonicalTree<'a>>>>,
    /// The last position's [`heap_search_work_at_least`].
    work_bound: Option<(Position, u128)>,
    /// Whether the options of the position last reserved are answered from the game's misère
    /// closed form alone ([`QUICK_SEARCH_WORK`]).
    theory_only: bool,
    /// A game of parts' quotient, once built ([`MisereSolver::part_quotient_outcome`]).
    parts: Option<(super::quotient::Quotient, super::quotient::GameParts)>,
    /// The game's own outcome search, for the positions it covers
    /// ([`Ruleset::misere_outcomes`]).
    own: Option<Box<dyn crate::ruleset::MisereOutcomes + 'a>>,
}

/// The most parts of a game of parts whose quotient the misère solver builds for outcomes
/// beyond the search (Notakto's 3x3 boards are far fewer; `grundy quotient` has no such limit).
pub const FALLBACK_PARTS: usize = 256;

/// The most part options such a quotient lists (a fraction of a second of building).
pub const FALLBACK_OPTIONS: u64 = 100_000;

impl<'a> MisereSolver<'a> {
    /// The misère solver of `game`.
    pub fn new(game: &'a dyn Ruleset) -> Self {
        MisereSolver {
            game,
            engine: PlayEngine::for_ruleset(game, Convention::Misere),
            quotient: super::quotient::Cached::new(game),
            small_quotient: super::quotient::Cached::with_max_order(game, SMALL_QUOTIENT_ORDER),
            outcomes: super::outcome::OutcomeSearch::new(
                RulesetTree::new(game),
                super::outcome::MAX_OUTCOME_POSITIONS,
            ),
            canonical: None,
            work_bound: None,
            theory_only: false,
            parts: None,
            own: game.misere_outcomes().map(|mut own| {
                own.use_forms(Box::new(super::canonical::Universe::default()));
                own
            }),
        }
    }

    /// A game of parts' misère outcome from the quotient of its parts (every part reachable
    /// from its start and the position, at most [`FALLBACK_PARTS`] of them and
    /// [`super::quotient::FALLBACK_ORDER`] elements), kept between questions and rebuilt when
    /// a position has a part it lacks; `None` when the game has no parts or no such quotient.
    fn part_quotient_outcome(&mut self, position: &[u64]) -> Result<Option<OutcomeEvaluation>> {
        if !answers_from_part_quotient(self.game, position) {
            return Ok(None);
        }
        let known = |q: &(super::quotient::Quotient, super::quotient::GameParts)| {
            q.1.numbers(self.game, position).ok()
        };
        if self.parts.as_ref().and_then(known).is_none() {
            let mut from: Vec<Position> = self.game.start().into_iter().collect();
            from.push(position.to_vec());
            match super::quotient::part_quotient_at_most(
                self.game,
                &from,
                super::quotient::FALLBACK_ORDER,
                FALLBACK_PARTS,
                Some(FALLBACK_OPTIONS),
                &mut |_| {},
            ) {
                Ok((q, parts, _)) => self.parts = Some((q, parts)),
                Err(Error::TooLarge(_)) => return Ok(None),
                Err(e) => return Err(e),
            }
        }
        let (q, parts) = self.parts.as_ref().expect("built above");
        let numbers = parts.numbers(self.game, position)?;
        Ok(Some(quotient_outcome((
            q.is_p_position(&numbers)?,
            format!(
                "from the misère quotient of the game's {} parts reachable (order {}, verified; Plambeck and Siegel), the search by the definition being out of reach; G- not computed",
                parts.len(),
                q.order()
            ),
        ))))
    }

    fn method(&self) -> String {
        if RulesetTree::new(self.game).is_heap_game() {
            "misère Grundy value G- by the definition (memoised search over multisets of heaps)"
                .into()
        } else {
            "misère Grundy value G- by the definition (memoised search)".into()
        }
    }
}

/// The most tokens a position may hold for [`MisereSolver`] to try the outcome search
/// ([`super::outcome::OutcomeSearch`]) when `G-` is out of reach: a few heaps below 64 and more.
pub const OUTCOME_SEARCH_TOKENS: u64 = 512;

/// The largest heap whose misère canonical form [`MisereSolver`] builds for the outcome search.
pub const CANONICAL_SEARCH_HEAP: u64 = 128;

/// The most canonical games [`MisereSolver`] interns for the outcome search on canonical forms
/// (past it, the search on heaps goes on alone).
pub const CANONICAL_SEARCH_NODES: usize = 300_000;

/// The most options [`MisereSolver`] reads to add the canonical forms of the heaps' parts (a
/// bound on the seconds the forms take; past it, the search on heaps goes on alone).
pub const CANONICAL_SEARCH_WORK: u64 = 3_000_000;

/// The options of a position (`moves`, `play`) whose search by the definition would list more
/// numbers than this (counted before searching) are answered from the game's misère closed form
/// when it has one (Nim: Bouton's rule), without `G-`: each option may need a search of its own
/// (a tenth of a second each), and a position has thousands of options.
pub const QUICK_SEARCH_WORK: u64 = 2_000_000;

/// The most heap options [`heap_search_work_at_least`] lists (a fraction of a second).
pub const WORK_BOUND_OPTIONS: u64 = 5_000_000;

/// A lower bound on the numbers the search by the definition of `G-`
/// ([`super::outcome::PlayEngine`] on [`RulesetTree`]) lists for a position of a heap game,
/// found by listing at most `budget` heap options: 0 for other games.
///
/// The search lists every option of every reachable position (sorted non-empty heaps), each
/// option as its heaps and one more number. From each heap `h_i` of the `k` non-empty heaps
/// the heaps reached by moves that leave one heap (found by a walk over the listed options) are
/// reachable, alone, and moves in different heaps commute; so every choice of one such heap
/// `m_i` for each `i` is a reachable position. Shared sizes are given to one heap only, so
/// the choices are distinct positions (a heap left with no size of its own is kept as it is:
/// the others still tell the positions apart). Each lists the options of its heaps, and an
/// option keeps the `k - 1` other heaps: at least `k` numbers per option. Summed over the
/// choices: `k * sum_i c_i * prod_{j != i} n_j`, with `n_i` the sizes given to heap `i` and
/// `c_i` their options. A walk stopped at `budget` only counts less.
pub fn heap_search_work_at_least(game: &dyn Ruleset, position: &[u64], budget: u64) -> u128 {
    let mut heaps: Vec<u64> = position.iter().copied().filter(|&h| h > 0).collect();
    if heaps.is_empty() || game.heap_options(0).is_none() {
        return 0;
    }
    heaps.sort_unstable_by(|a, b| b.cmp(a));
    // The single heaps each distinct size reaches (itself included), with their option counts.
    let mut counts: std::collections::HashMap<u64, Option<u64>> = Default::default();
    let mut reach: Vec<Vec<u64>> = Vec::new();
    let mut listed = 0u64;
    let mut distinct = heaps.clone();
    distinct.dedup();
    let mut reach_of: std::collections::HashMap<u64, usize> = Default::default();
    // The smallest heaps first: a large heap's walk may spend the budget alone.
    for &h in distinct.iter().rev() {
        let mut seen = std::collections::HashSet::from([h]);
        let mut todo = vec![h];
        while let Some(m) = todo.pop() {
            if listed >= budget {
                break;
            }
            let options = match game.heap_options(m) {
                Some(Ok(options)) => options,
                _ => break,
            };
            listed += options.len() as u64;
            counts.insert(m, Some(options.len() as u64));
            for parts in options {
                let mut alive = parts.iter().filter(|&&p| p > 0);
                if let (Some(&p), None) = (alive.next(), alive.next()) {
                    if seen.insert(p) {
                        todo.push(p);
                    }
                }
            }
        }
        let mut found: Vec<u64> = seen.into_iter().collect();
        found.sort_unstable_by(|a, b| b.cmp(a));
        reach_of.insert(h, reach.len());
        reach.push(found);
    }
    // Each size goes to one heap that reaches it, the one with the fewest sizes so far.
    let k = heaps.len();
    let mut sizes = vec![0u128; k];
    let mut options = vec![0u128; k];
    let mut all: Vec<u64> = reach.iter().flatten().copied().collect();
    all.sort_unstable_by(|a, b| b.cmp(a));
    all.dedup();
    let sets: Vec<std::collections::HashSet<u64>> =
        reach.iter().map(|r| r.iter().copied().collect()).collect();
    for m in all {
        let holder = (0..k)
            .filter(|&i| sets[reach_of[&heaps[i]]].contains(&m))
            .min_by_key(|&i| sizes[i]);
        if let Some(i) = holder {
            sizes[i] += 1;
            options[i] += u128::from(counts.get(&m).copied().flatten().unwrap_or(0));
        }
    }
    let mut total = 0u128;
    for (i, &c) in options.iter().enumerate() {
        let others = (0..k)
            .filter(|&j| j != i)
            // A heap given no size of its own stays as it is (one choice).
            .fold(1u128, |p, j| p.saturating_mul(sizes[j].max(1)));
        total = total.saturating_add(c.saturating_mul(others));
    }
    total.saturating_mul(k as u128)
}

/// The most cells [`check_cells_work`] reads (those beyond are not counted).
pub const CELLS_COUNTED: usize = 2_000_000;

/// Refuses at once a misère table (or sequence) of a game that is not played on heaps when
/// its cells alone would make the search by the definition list more than
/// [`super::outcome::MAX_MISERE_WORK`] numbers: the table's one search stores each position
/// once and lists its options once, so the options of the distinct cells (in the form the
/// search stores, [`Ruleset::explored_form`]) are a lower bound on its work. Counted until
/// the limit is passed or [`CELLS_COUNTED`] cells are read, so at most about a second; cells
/// a closed form answers are left out.
/// Heap games are left to their quotients and [`heap_search_work_at_least`].
pub fn check_cells_work(
    ruleset: &dyn Ruleset,
    cells: &mut dyn Iterator<Item = Position>,
) -> Result<()> {
    if ruleset.normal_play() || ruleset.heap_options(0).is_some() {
        return Ok(());
    }
    let mut seen = std::collections::HashSet::new();
    let (mut numbers, mut count) = (0u64, 0u64);
    for cell in cells.take(CELLS_COUNTED) {
        let form = ruleset.explored_form(&cell);
        if ruleset.theory_winning_moves(&form).is_some() || !seen.insert(form.clone()) {
            continue;
        }
        count += 1;
        numbers += match ruleset.explored_option_numbers(&form) {
            Ok(n) => n,
            // A refusal to list is the search's own, met when it gets there.
            Err(_) => return Ok(()),
        };
        if numbers > super::outcome::MAX_MISERE_WORK {
            return Err(Error::TooLarge(format!(
                "the misère search by the definition would list more than {} numbers of positions for the options of the first {count} distinct cells alone (counted before searching), its limit; use a smaller range",
                super::outcome::MAX_MISERE_WORK
            )));
        }
    }
    Ok(())
}

/// The refusal of a search whose work is bounded below by `bound`
/// ([`heap_search_work_at_least`], or [`Ruleset::option_numbers_below_at_least`] for games not
/// played on heaps).
fn work_refusal(game: &dyn Ruleset, position: &[u64], bound: u128) -> Error {
    if game.heap_options(0).is_none() {
        return Error::TooLarge(format!(
            "the misère search by the definition would list {} numbers of positions below {} (counted before searching), more than its limit of {}{}",
            show_at_least(bound),
            game.show_position(position),
            super::outcome::MAX_MISERE_WORK,
            quotient_hint(game, position)
        ));
    }
    Error::TooLarge(format!(
        "the search by the definition would list at least {bound} numbers of positions (counted before searching, from the heaps each heap reaches alone), more than its limit of {}; use smaller heaps{}",
        super::outcome::MAX_MISERE_WORK,
        quotient_hint(game, position)
    ))
}

/// An answer that is an outcome alone, P or N, with no value (G- is not computed): an outcome
/// search's or a misère quotient's.
fn outcome_only(p: bool, method: impl Into<String>) -> OutcomeEvaluation {
    OutcomeEvaluation {
        infinite: None,
        value: None,
        outcome: if p {
            crate::Outcome::P
        } else {
            crate::Outcome::N
        },
        method: method.into(),
    }
}

/// The answer of a misère closed form: the outcome, no value.
fn closed_form_outcome(answer: &MisereAnswer) -> OutcomeEvaluation {
    OutcomeEvaluation {
        infinite: None,
        value: None,
        outcome: answer.outcome,
        method: format!("closed form: {}", answer.method),
    }
}

/// The answer of a misère quotient: P or N, no value.
fn quotient_outcome((p, method): (bool, String)) -> OutcomeEvaluation {
    outcome_only(p, method)
}

/// The method of an outcome found by the search on canonical forms.
pub const CANONICAL_SEARCH_METHOD: &str = "misère outcome by the definition on the sum of the heaps' misère canonical forms (equal games leave the outcome of every sum unchanged: Conway, ONAG ch. 12), memoised search that stops at the first P option; G- not computed: its search needs every option's value";

impl MisereSolver<'_> {
    /// The misère outcome of a position of a heap game by the search that stops at the first P
    /// option (no `G-`), storing at most `limit` positions, when the position is small enough
    /// to try; `None` when it is not, or the search met its limit (below
    /// [`super::outcome::MAX_OUTCOME_POSITIONS`] what it stored is kept for a longer search).
    fn outcome_search(
        &mut self,
        position: &[u64],
        limit: usize,
    ) -> Result<Option<OutcomeEvaluation>> {
        let tokens = position
            .iter()
            .try_fold(0u64, |total, &h| total.checked_add(h));
        if tokens.is_none_or(|t| t > OUTCOME_SEARCH_TOKENS) {
            return Ok(None);
        }
        if let Some(p) = self.canonical_search(position)? {
            return Ok(Some(outcome_only(p, CANONICAL_SEARCH_METHOD)));
        }
        let search = &mut self.outcomes;
        search.set_limit(limit);
        match search.is_p(position) {
            Ok(p) => Ok(Some(outcome_only(
                p,
                "misère outcome by the definition (memoised search over multisets of heaps that stops at the first P option; G- not computed: its search needs every option's value)",
            ))),
            Err(Error::TooLarge(_)) if limit < super::outcome::MAX_OUTCOME_POSITIONS => Ok(None),
            Err(Error::TooLarge(_)) => {
                // Full: start afresh for the next question.
                *search = super::outcome::OutcomeSearch::new(
                    RulesetTree::new(self.game),
                    super::outcome::MAX_OUTCOME_POSITIONS,
                );
                Ok(None)
            }
            Err(e) => Err(e),
        }
    }

    /// The misère outcome (P: `true`) by the search on the heaps' canonical forms
    /// ([`CanonicalTree`]), when every heap is at most [`CANONICAL_SEARCH_HEAP`], the forms
    /// take at most [`CANONICAL_SEARCH_NODES`] games and the search at most
    /// [`super::outcome::MAX_OUTCOME_POSITIONS`] positions; `None` otherwise.
    fn canonical_search(&mut self, position: &[u64]) -> Result<Option<bool>> {
        if position.iter().any(|&h| h > CANONICAL_SEARCH_HEAP) {
            return Ok(None);
        }
        let game = self.game;
        let slot = self.canonical.get_or_insert_with(|| {
            (game.heap_options(0).is_some()).then(|| {
                super::outcome::OutcomeSearch::new(
                    CanonicalTree::new(game, CANONICAL_SEARCH_NODES, CANONICAL_SEARCH_WORK),
                    super::outcome::MAX_OUTCOME_POSITIONS,
                )
            })
        });
        let Some(search) = slot else {
            return Ok(None);
        };
        let form = match search.tree_mut().form_of(position) {
            Ok(form) => form,
            Err(Error::TooLarge(_)) => {
                // The forms are too large for this game: never again.
                self.canonical = Some(None);
                return Ok(None);
            }
            Err(e) => return Err(e),
        };
        match search.is_p_of_form(form) {
            Ok(p) => Ok(Some(p)),
            Err(Error::TooLarge(_)) => {
                *search = super::outcome::OutcomeSearch::new(
                    CanonicalTree::new(game, CANONICAL_SEARCH_NODES, CANONICAL_SEARCH_WORK),
                    super::outcome::MAX_OUTCOME_POSITIONS,
                );
                Ok(None)
            }
            Err(e) => Err(e),
        }
    }

    /// `G-` by the search, after the game's own refusals of positions too large to search
    /// and of positions whose search would pass its work limit
    /// ([`heap_search_work_at_least`]).
    fn search(&mut self, position: &[u64]) -> Result<u64> {
        if let Some(value) = self.engine.stored(position) {
            return Ok(value);
        }
        self.game.check_size(position)?;
        if self.own.as_ref().is_some_and(|own| own.covers(position)) {
            // The game's own search gives the outcome alone there (`evaluate_outcome`); `G-`
            // is the definition's, which the game refuses for such positions.
            self.game.check_whole_exploration(position)?;
        }
        if answers_from_part_quotient(self.game, position) {
            // Not refused by the misère ruleset's check_size (the quotient answers outcomes).
            check_reach(self.game, position)?;
        }
        let bound = self.work_at_least(position);
        if bound > u128::from(super::outcome::MAX_MISERE_WORK) {
            return Err(work_refusal(self.game, position, bound));
        }
        self.engine.value(position)
    }

    /// [`heap_search_work_at_least`] of the position (other games:
    /// [`Ruleset::option_numbers_below_at_least`]), computed once per position asked.
    fn work_at_least(&mut self, position: &[u64]) -> u128 {
        let form = super::outcome::heap_multiset(position);
        if let Some((last, bound)) = &self.work_bound {
            if *last == form {
                return *bound;
            }
        }
        let bound = if self.game.heap_options(0).is_some() {
            heap_search_work_at_least(self.game, position, WORK_BOUND_OPTIONS)
        } else {
            self.game
                .option_numbers_below_at_least(position, super::outcome::MAX_MISERE_WORK)
        };
        self.work_bound = Some((form, bound));
        bound
    }
}

impl Solver for MisereSolver<'_> {
    fn value(&mut self, position: &[u64]) -> Result<u64> {
        self.search(position)
    }

    /// The options of `corner` are about to be valued: from the game's misère closed form
    /// alone when the search below `corner` would pass [`QUICK_SEARCH_WORK`].
    fn reserve(&mut self, corner: &[u64]) -> Result<()> {
        self.theory_only = self.game.misere_closed_form(corner).is_some()
            && self.work_at_least(corner) > u128::from(QUICK_SEARCH_WORK);
        Ok(())
    }

    fn evaluate(&mut self, position: &[u64]) -> Result<Evaluation> {
        Ok(Evaluation {
            value: self.search(position)?,
            method: self.method(),
        })
    }

    /// The value by the search where it is within reach, checked against the closed form when
    /// there is one; beyond the search, the closed form's outcome alone.
    fn evaluate_outcome(&mut self, position: &[u64]) -> Result<OutcomeEvaluation> {
        if let Some(own) = self.own.as_mut().filter(|own| own.covers(position)) {
            return Ok(OutcomeEvaluation {
                value: None,
                outcome: own.outcome(position)?,
                infinite: None,
                method: own.method(),
            });
        }
        let theory = self.game.misere_closed_form(position);
        if let (true, Some(answer)) = (self.theory_only, &theory) {
            return Ok(closed_form_outcome(answer));
        }
        // A heap game without a closed form: G- by a short search, else the outcome from the
        // quotient (microseconds where the search takes minutes), else the whole search.
        if theory.is_none() && self.game.heap_options(0).is_some() {
            // A quotient already built for these heaps (the small one, or the large one)
            // answers at once.
            let built = match (
                self.small_quotient.covers(position),
                self.quotient.covers(position),
            ) {
                (true, _) => Some(&mut self.small_quotient),
                (false, true) => Some(&mut self.quotient),
                (false, false) => None,
            };
            if let Some(quotient) = built {
                if let Some(answer) = quotient.is_p(position)? {
                    return Ok(quotient_outcome(answer));
                }
            }
            let mut quick = PlayEngine::with_limit(
                RulesetTree::new(self.game),
                Convention::Misere,
                QUICK_POSITIONS,
            );
            // Beyond the search's work limit (a lower bound counted before any search): only
            // the quotients and the outcome search may answer.
            let beyond = self.work_at_least(position) > u128::from(super::outcome::MAX_MISERE_WORK);
            match self.game.check_size(position).and_then(|()| {
                if beyond {
                    Err(Error::TooLarge(String::new()))
                } else {
                    quick.value(position)
                }
            }) {
                Ok(value) => {
                    return Ok(OutcomeEvaluation {
                        infinite: None,
                        value: Some(value),
                        outcome: crate::Outcome::of(value),
                        method: self.method(),
                    })
                }
                Err(Error::TooLarge(_)) => {
                    // The small quotient first, unless the large one comes next anyway (no
                    // search can run in between).
                    let heaps = position.iter().filter(|&&h| h > 0).count();
                    let searchable = !beyond
                        || (heaps <= FEW_HEAPS
                            && position
                                .iter()
                                .try_fold(0u64, |t, &h| t.checked_add(h))
                                .is_some_and(|t| t <= OUTCOME_SEARCH_TOKENS));
                    if searchable {
                        if let Some(answer) = self.small_quotient.is_p(position)? {
                            return Ok(quotient_outcome(answer));
                        }
                    }
                    // A few heaps: the outcome search usually answers before the quotient
                    // is built (seconds for a large quotient); many heaps: the quotient
                    // (linear in the heaps once built) first.
                    if heaps <= FEW_HEAPS {
                        if let Some(answer) =
                            self.outcome_search(position, QUICK_OUTCOME_POSITIONS)?
                        {
                            return Ok(answer);
                        }
                    }
                    if let Some(answer) = self.quotient.is_p(position)? {
                        return Ok(quotient_outcome(answer));
                    }
                    if let Some(answer) =
                        self.outcome_search(position, super::outcome::MAX_OUTCOME_POSITIONS)?
                    {
                        return Ok(answer);
                    }
                }
                Err(e) => return Err(e),
            }
        }
        let searched = check_reach(self.game, position).and_then(|()| self.search(position));
        match (searched, theory) {
            (Ok(value), Some(answer)) => {
                debug_assert_eq!(crate::Outcome::of(value), answer.outcome);
                Ok(OutcomeEvaluation {
                    infinite: None,
                    value: Some(value),
                    outcome: answer.outcome,
                    method: format!("{}; outcome: {}", self.method(), answer.method),
                })
            }
            (Ok(value), None) => Ok(OutcomeEvaluation {
                infinite: None,
                value: Some(value),
                outcome: crate::Outcome::of(value),
                method: self.method(),
            }),
            (Err(Error::TooLarge(_)), Some(answer)) => Ok(closed_form_outcome(&answer)),
            (Err(Error::TooLarge(why)), None) => match self.part_quotient_outcome(position)? {
                Some(answer) => Ok(answer),
                None => Err(Error::TooLarge(why)),
            },
            (Err(e), _) => Err(e),
        }
    }

    fn sequence_blocks(
        &mut self,
        template: &[Option<u64>],
        range: Range<u64>,
        sink: &mut BlockSink,
    ) -> Result<()> {
        crate::ruleset::sequence_by_position(self, template, range, sink)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::parse_game;
    use proptest::prelude::*;

    /// The search's own count: what the engine lists for the position from nothing stored.
    fn listed(game: &dyn Ruleset, position: &[u64]) -> u64 {
        let mut engine = PlayEngine::for_ruleset(game, Convention::Misere);
        engine.value(position).unwrap();
        engine.listed()
    }

    #[test]
    fn the_work_bound_is_below_the_search_s_count() {
        for (spec, position) in [
            ("allbut:s=3,12", vec![0u64, 60, 27]),
            ("allbut:s=3,12", vec![40, 40]),
            ("kayles", vec![9, 7, 3]),
            ("dawson-kayles", vec![12, 12, 5]),
            ("lasker", vec![8, 5]),
            ("nim", vec![6, 5, 4, 3]),
        ] {
            let game = parse_game(spec).unwrap();
            let bound = heap_search_work_at_least(game.as_ref(), &position, u64::MAX);
            let count = listed(game.as_ref(), &position);
            assert!(bound > 0, "{spec} {position:?}");
            assert!(
                bound <= u128::from(count),
                "{spec} {position:?}: {bound} > {count}"
            );
        }
        // The audit's all-but position: past the limit before any search.
        let game = parse_game("allbut:s=3,12").unwrap();
        let bound = heap_search_work_at_least(game.as_ref(), &[0, 2941, 27], WORK_BOUND_OPTIONS);
        assert!(bound > u128::from(super::super::outcome::MAX_MISERE_WORK));
    }

    #[test]
    fn a_product_s_count_is_the_search_s_own() {
        // In a box of at most 128 coins the count is exact: what the search lists.
        for (spec, position) in [
            ("tartan:turning-turtlesxtwins", vec![3u64, 5]),
            ("tartan:turning-turtlesxtwins", vec![2, 4, 3, 1]),
            ("turning-corners", vec![3, 3]),
            ("tartan:rulerxmock-turtles", vec![3, 2, 1, 3]),
        ] {
            let game = parse_game(spec).unwrap();
            let count = game.option_numbers_below_at_least(&position, u64::MAX);
            assert_eq!(
                count,
                u128::from(listed(game.as_ref(), &position)),
                "{spec} {position:?}"
            );
        }
        // The audit's sequence: its first and last heads are refused before searching, the
        // head at (4, 5) is searched.
        let misere = super::parse_game("tartan:turning-turtlesxtwins", true).unwrap();
        for x in [5, 8, 179] {
            let err = misere.check_size(&[x, 5]).unwrap_err().to_string();
            assert!(
                err.contains("answers positions with fewer positions below"),
                "{err}"
            );
        }
        assert!(misere.check_size(&[4, 5]).is_ok());
    }

    #[test]
    fn the_cells_work_is_below_the_search_s_count() {
        // Sharing Nim is not played on heaps: the search stores its explored forms.
        let game = parse_game("sharing-nim").unwrap();
        let cells: Vec<Vec<u64>> = (0..=14u64)
            .flat_map(|a| (0..=14u64).map(move |b| vec![a, b, 5]))
            .collect();
        let mut engine = PlayEngine::for_ruleset(game.as_ref(), Convention::Misere);
        for cell in &cells {
            engine.value(cell).unwrap();
        }
        let mut seen = std::collections::HashSet::new();
        let mut own = 0;
        for cell in &cells {
            let form = game.explored_form(cell);
            if seen.insert(form.clone()) {
                own += game.explored_option_numbers(&form).unwrap();
            }
        }
        assert!(
            own > 0 && own <= engine.listed(),
            "{own} > {}",
            engine.listed()
        );
        // The audit's table is refused before searching, a small one is not.
        let misere = super::parse_game("sharing-nim", true).unwrap();
        let table = |max: u64| (0..=max).flat_map(move |a| (0..=max).map(move |b| vec![a, b, 5]));
        assert!(matches!(
            check_cells_work(&misere, &mut table(618)),
            Err(Error::TooLarge(_))
        ));
        assert!(check_cells_work(&misere, &mut table(40)).is_ok());
    }

    /// Whether the player to move loses `heaps` of Nim under misère play (who makes the last
    /// move loses), by the definition over sorted heaps.
    fn nim_misere_p(heaps: &[u64], memo: &mut std::collections::HashMap<Vec<u64>, bool>) -> bool {
        let mut key = heaps.to_vec();
        key.sort_unstable();
        if let Some(&p) = memo.get(&key) {
            return p;
        }
        let mut any_move = false;
        let mut p = true;
        'moves: for i in 0..key.len() {
            for smaller in 0..key[i] {
                any_move = true;
                let mut next = key.clone();
                next[i] = smaller;
                if nim_misere_p(&next, memo) {
                    p = false;
                    break 'moves;
                }
            }
        }
        // No move: the player to move has won.
        let p = any_move && p;
        memo.insert(key, p);
        p
    }

    #[test]
    fn the_options_of_a_large_nim_position_come_from_bouton_s_rule() {
        let misere = super::parse_game("nim", true).unwrap();
        let game = misere.ruleset();
        let mut memo = std::collections::HashMap::new();
        for position in [vec![40u64, 50, 60], vec![35, 52, 60], vec![44, 59, 60]] {
            // Past the quick search: the options are answered by the closed form alone.
            let nim = parse_game("nim").unwrap();
            let bound = heap_search_work_at_least(nim.as_ref(), &position, WORK_BOUND_OPTIONS);
            assert!(
                bound > u128::from(QUICK_SEARCH_WORK),
                "{position:?}: {bound}"
            );
            let moves = crate::query::move_outcomes(game.as_ref(), &position).unwrap();
            assert_eq!(moves.len() as u64, position.iter().sum::<u64>());
            for m in &moves {
                assert_eq!(m.value, None, "{position:?} -> {:?}", m.to);
                let p = nim_misere_p(&m.to, &mut memo);
                assert_eq!(m.winning, p, "{position:?} -> {:?}", m.to);
            }
        }
        // The position: the one winning move leaves two equal heaps.
        let moves = crate::query::move_outcomes(game.as_ref(), &[27, 2172]).unwrap();
        let winning: Vec<&[u64]> = moves
            .iter()
            .filter(|m| m.winning)
            .map(|m| &m.to[..])
            .collect();
        assert_eq!(winning, [&[27u64, 27][..]]);
        // A small position is still searched: its options carry G-.
        let moves = crate::query::move_outcomes(game.as_ref(), &[2, 3, 4]).unwrap();
        assert!(moves.iter().all(|m| m.value.is_some()));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Any octal code of up to three digits, up to four heaps: never above the count.
        #[test]
        fn the_work_bound_never_passes_the_count(
            code in "0\\.[0-7]{1,3}",
            heaps in prop::collection::vec(0u64..=12, 1..=4),
            budget in prop::sample::select(vec![10u64, 1000, u64::MAX]),
        ) {
            prop_assume!(heaps.iter().sum::<u64>() <= 24);
            let Ok(game) = parse_game(&format!("octal:{code}")) else {
                return Ok(());
            };
            let bound = heap_search_work_at_least(game.as_ref(), &heaps, budget);
            prop_assert!(bound <= u128::from(listed(game.as_ref(), &heaps)));
        }
    }
}
