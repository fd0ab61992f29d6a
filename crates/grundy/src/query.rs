//! The questions the command line asks, answered as data: the value of a position, its moves, a
//! sequence along one coordinate, a table along two, and the analysis of a sequence. Nothing here
//! prints; the CLI formats these results.

use serde::Serialize;

use crate::analysis::{self, Analysis, Periodicity};
use crate::misere::quotient::{Quotient, QuotientReport};
pub use crate::ruleset::{fill, template_position, MAX_SEQUENCE_LEN};
use crate::ruleset::{
    Arity, BlockSink, Move, Position, PositionJson, Ruleset, Solver, TemplateNumbers,
};
use crate::solve::loopy::LoopyValue;
use crate::solve::solver_for;
use crate::{Error, Outcome, Result};

/// The most cells `table` returns in one call.
pub const MAX_TABLE_CELLS: u64 = 1 << 24;
/// The most coordinates the cells of one `table` hold in all (8 bytes each: 512 MiB).
pub const MAX_TABLE_NUMBERS: u128 = 1 << 26;
/// The most cells [`table_rows`] streams (its work: about 7 * 10^10 cells).
pub const MAX_STREAMED_TABLE_CELLS: u128 = 1 << 36;
/// The most columns of one streamed row (the row is held in memory: 16 bytes a cell).
pub const MAX_TABLE_ROW: u128 = 1 << 24;

/// The value of one position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ValueReport {
    /// The game's canonical spec.
    pub game: String,
    /// The position asked about.
    pub position: PositionJson,
    /// Its SG value.
    pub value: u64,
    /// P (value 0) or N.
    pub outcome: Outcome,
    /// How the value was found.
    pub method: String,
}

/// The SG value and outcome of `position`.
pub fn value(ruleset: &dyn Ruleset, position: &[u64]) -> Result<ValueReport> {
    ruleset.validate(position)?;
    let evaluation = solver_for(ruleset).evaluate(position)?;
    Ok(ValueReport {
        game: ruleset.spec(),
        position: PositionJson::new(ruleset, position.to_vec()),
        value: evaluation.value,
        outcome: Outcome::of(evaluation.value),
        method: evaluation.method,
    })
}

/// What is known of one position: its outcome always, its SG value where it can be computed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OutcomeReport {
    /// The game's canonical spec.
    pub game: String,
    /// The position asked about.
    pub position: PositionJson,
    /// Its SG value, or `None` when only the outcome is known (or the value is infinite).
    pub value: Option<u64>,
    /// P, N, or (in a game with cycles) D.
    pub outcome: Outcome,
    /// `∞(K)` in a game with cycles: the finite values `K` of the options.
    #[serde(flatten, serialize_with = "crate::ruleset::serialize_infinite")]
    pub infinite: Option<Vec<u64>>,
    /// Whether the position is loony ([`Solver::loony`]): `value` is then `None`.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub loony: bool,
    /// How it was found.
    pub method: String,
}

/// The outcome of `position`, with its SG value where the game's solver can compute it (for
/// every game without a theory of outcomes, this is [`value`]).
pub fn outcome(ruleset: &dyn Ruleset, position: &[u64]) -> Result<OutcomeReport> {
    report(ruleset, position, false)
}

/// The outcome of `position` alone, asking the solver no more than that
/// ([`Solver::outcome_alone`]: a search asks only whether the value is 0); its value only
/// where the solver knew it anyway.
pub fn outcome_alone(ruleset: &dyn Ruleset, position: &[u64]) -> Result<OutcomeReport> {
    report(ruleset, position, true)
}

fn report(ruleset: &dyn Ruleset, position: &[u64], alone: bool) -> Result<OutcomeReport> {
    ruleset.validate(position)?;
    let mut solver = solver_for(ruleset);
    let evaluation = match alone {
        true => solver.outcome_alone(position)?,
        false => solver.evaluate_outcome(position)?,
    };
    Ok(OutcomeReport {
        loony: is_loony(solver.as_mut(), &evaluation, position)?,
        infinite: evaluation.infinite,
        game: ruleset.spec(),
        position: PositionJson::new(ruleset, position.to_vec()),
        value: evaluation.value,
        outcome: evaluation.outcome,
        method: evaluation.method,
    })
}

/// Whether an evaluated position is loony: only a position with neither a value nor an
/// infinite value is asked.
fn is_loony(
    solver: &mut dyn Solver,
    evaluation: &crate::ruleset::OutcomeEvaluation,
    position: &[u64],
) -> Result<bool> {
    if evaluation.value.is_some() || evaluation.infinite.is_some() {
        return Ok(false);
    }
    solver.loony(position)
}

/// One move with the outcome (and, where computed, the value) of the position it reaches.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MoveOutcome {
    /// The position after the move.
    pub to: PositionJson,
    /// Its SG value, or `None` when only the outcome is known (or the value is infinite).
    pub value: Option<u64>,
    /// `∞(K)` in a game with cycles: the finite values `K` of the options.
    #[serde(flatten, serialize_with = "crate::ruleset::serialize_infinite")]
    pub infinite: Option<Vec<u64>>,
    /// Whether the position reached is loony ([`Solver::loony`]): `value` is then `None`.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub loony: bool,
    /// The outcome of the position reached (P: the move wins; D: it keeps a draw).
    pub outcome: Outcome,
    /// Whether the player who made the move moves again ([`Ruleset::moves_again`]).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub again: bool,
    /// Whether it is a winning move: to a P-position, or to an N-position when the same player
    /// moves again.
    pub winning: bool,
    /// In a game with cycles, Smith's counter of a winning move's target: the winning move of
    /// least counter is the one that makes the play end ([`Solver::progress`]).
    #[serde(skip)]
    pub progress: Option<u64>,
    /// The move in words.
    pub description: String,
}

/// Every move from `position` with the outcome of where it goes (as [`moves`], for games whose
/// values are out of reach but whose outcomes are known).
pub fn move_outcomes(ruleset: &dyn Ruleset, position: &[u64]) -> Result<Vec<MoveOutcome>> {
    each_move(ruleset, position, |solver, m| {
        let evaluation = solver.evaluate_outcome(&m.to)?;
        let again = ruleset.moves_again(position, &m.to);
        let winning = evaluation.outcome == if again { Outcome::N } else { Outcome::P };
        Ok(MoveOutcome {
            loony: is_loony(solver, &evaluation, &m.to)?,
            again,
            infinite: evaluation.infinite,
            progress: if winning {
                solver.progress(&m.to)?
            } else {
                None
            },
            value: evaluation.value,
            outcome: evaluation.outcome,
            winning,
            to: PositionJson::new(ruleset, m.to),
            description: m.description,
        })
    })
}

/// Validates `position`, then maps every move through `report` with one shared solver.
fn each_move<T>(
    ruleset: &dyn Ruleset,
    position: &[u64],
    mut report: impl FnMut(&mut dyn Solver, Move) -> Result<T>,
) -> Result<Vec<T>> {
    ruleset.validate(position)?;
    let mut solver = solver_for(ruleset);
    let moves = ruleset.moves(position)?;
    solver.reserve(position)?;
    moves
        .into_iter()
        .map(|m| report(solver.as_mut(), m))
        .collect()
}

/// One move with the value of the position it reaches.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MoveReport {
    /// The position after the move.
    pub to: PositionJson,
    /// Its SG value.
    pub value: u64,
    /// Whether it is a winning move (to a P-position).
    pub winning: bool,
    /// The move in words.
    pub description: String,
}

/// Every move from `position`, with values; the winning ones are those to value 0.
pub fn moves(ruleset: &dyn Ruleset, position: &[u64]) -> Result<Vec<MoveReport>> {
    each_move(ruleset, position, |solver, m| {
        let value = solver.value(&m.to)?;
        let again = ruleset.moves_again(position, &m.to);
        Ok(MoveReport {
            to: PositionJson::new(ruleset, m.to),
            value,
            winning: (value == 0) != again,
            description: m.description,
        })
    })
}

/// One component of a disjunctive sum, valued by its own game's solver.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SumComponent {
    /// The game's canonical spec.
    pub game: String,
    /// The component's position.
    pub position: PositionJson,
    /// Its SG value (`None`: infinite, in a game with cycles, or loony).
    pub value: Option<u64>,
    /// `∞(K)` in a game with cycles: the finite values `K` of the options.
    #[serde(flatten, serialize_with = "crate::ruleset::serialize_infinite")]
    pub infinite: Option<Vec<u64>>,
    /// Whether the component is loony ([`Solver::loony`]).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub loony: bool,
    /// How the value was found.
    pub method: String,
}

/// A winning move of a disjunctive sum: a move in one component.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SumMoveReport {
    /// Which component (0-based, in the order given).
    pub component: usize,
    /// The component's position after the move.
    pub to: PositionJson,
    /// The component's value after the move (the nim-sum of all values becomes 0); `None`
    /// when it is loony, after a move after which the same player moves again.
    pub value: Option<u64>,
    /// Whether the component is loony after the move.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub loony: bool,
    /// Whether the player moves again after it ([`Ruleset::moves_again`]).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub again: bool,
    /// The move in words.
    pub description: String,
}

/// The value of a disjunctive sum (a move is a move in one component of the player's choice)
/// and its winning moves.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SumReport {
    /// The components and their values.
    pub components: Vec<SumComponent>,
    /// The nim-sum of the components' values (Sprague–Grundy theorem); with components of
    /// infinite value, Smith's sum, `None` when infinite.
    pub value: Option<u64>,
    /// `∞(K)` when the sum's generalised value is infinite (Smith's rule).
    #[serde(flatten, serialize_with = "crate::ruleset::serialize_infinite")]
    pub infinite: Option<Vec<u64>>,
    /// Whether a component is loony, which makes the sum loony: a win for the player to move.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub loony: bool,
    /// P (value 0), N, or D (a draw).
    pub outcome: Outcome,
    /// Every winning move: in some component `i`, a move to value `value_i XOR value`.
    pub winning_moves: Vec<SumMoveReport>,
    /// Components whose moves were too many to list (their winning moves are missing).
    pub unlisted: Vec<usize>,
}

/// The disjunctive sum of `components`: the value is the nim-sum of the components' values
/// (Sprague–Grundy theorem), and the winning moves are the moves in any component `i` to an
/// option of value `v_i XOR x` (`x` the nim-sum; such an option exists when `v_i XOR x < v_i`,
/// and may exist above `v_i` too). Components of games with cycles are added by Smith's rule
/// ([`LoopyValue::sum`]): a move wins when it makes the generalised value of the whole 0.
/// Each component is valued by its own game's solver, so closed forms answer huge positions; a component whose
/// moves are too many to list is named in `unlisted` instead of failing the whole sum.
pub fn sum(components: &[(&dyn Ruleset, &[u64])]) -> Result<SumReport> {
    if components.is_empty() {
        return Err(Error::Invalid("a sum needs at least one component".into()));
    }
    // One solver per component serves its value and then its moves.
    let (mut parts, mut solvers, mut generalised) = (Vec::new(), Vec::new(), Vec::new());
    for &(ruleset, position) in components {
        ruleset.validate(position)?;
        let mut solver = solver_for(ruleset);
        solver.reserve(position)?;
        let evaluation = solver.evaluate_outcome(position)?;
        let loony = is_loony(solver.as_mut(), &evaluation, position)?;
        let value = match (evaluation.value, &evaluation.infinite) {
            _ if loony => Worth::Loony,
            (Some(v), _) => Worth::Known(LoopyValue::Finite(v)),
            (None, Some(k)) => Worth::Known(LoopyValue::Infinite(k.clone())),
            // Only the outcome is known: the sum needs the value.
            (None, None) => Worth::Known(LoopyValue::Finite(solver.evaluate(position)?.value)),
        };
        parts.push(SumComponent {
            game: ruleset.spec(),
            position: PositionJson::new(ruleset, position.to_vec()),
            value: value.finite(),
            infinite: evaluation.infinite,
            loony,
            method: evaluation.method,
        });
        generalised.push(value);
        solvers.push(solver);
    }
    let total = Worth::total(generalised.iter())?;
    let (mut winning_moves, mut unlisted) = (Vec::new(), Vec::new());
    // With a total of 0 (or a draw) there is no winning move. Otherwise every component is
    // searched: options above a component's value may reach the target too (only a target
    // below the value is sure to have one, by the mex).
    let searched = if total.outcome() == Outcome::N {
        &mut solvers[..]
    } else {
        &mut solvers[..0]
    };
    for (i, (&(ruleset, position), solver)) in components.iter().zip(searched).enumerate() {
        // The sum of the other components: a move here wins when it leaves the whole a
        // P-position (or an N-position when the same player moves again).
        let others = Worth::total(
            generalised
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, v)| v),
        )?;
        if matches!(others, Worth::Known(LoopyValue::Infinite(_))) {
            continue;
        }
        let options = match ruleset.moves(position) {
            Ok(options) => options,
            Err(Error::TooLarge(_)) => {
                unlisted.push(i);
                continue;
            }
            Err(e) => return Err(e),
        };
        for m in options {
            // An option's value may be infinite even when the component's is finite (a finite
            // value of a game with cycles may have ∞ options): such an option never reaches
            // a P-position of the whole. Where only the outcome is known, the value is asked for.
            let option = solver.evaluate_outcome(&m.to)?;
            let loony = is_loony(solver.as_mut(), &option, &m.to)?;
            let worth = match (option.value, &option.infinite) {
                _ if loony => Worth::Loony,
                (Some(v), _) => Worth::Known(LoopyValue::Finite(v)),
                (None, Some(k)) => Worth::Known(LoopyValue::Infinite(k.clone())),
                (None, None) => Worth::Known(LoopyValue::Finite(solver.value(&m.to)?)),
            };
            let again = ruleset.moves_again(position, &m.to);
            let after = Worth::total([&worth, &others].into_iter())?;
            let wins = after.outcome() == if again { Outcome::N } else { Outcome::P };
            if wins {
                winning_moves.push(SumMoveReport {
                    component: i,
                    to: PositionJson::new(ruleset, m.to),
                    value: worth.finite(),
                    loony,
                    again,
                    description: m.description,
                });
            }
        }
    }
    Ok(SumReport {
        components: parts,
        value: total.finite(),
        infinite: match &total {
            Worth::Known(LoopyValue::Infinite(k)) => Some(k.clone()),
            _ => None,
        },
        loony: total == Worth::Loony,
        outcome: total.outcome(),
        winning_moves,
        unlisted,
    })
}

/// What a component adds to a sum: a (generalised) value, or loony, which makes any sum loony:
/// a win for the player to move (Winning Ways ch. 16).
#[derive(Debug, Clone, PartialEq, Eq)]
enum Worth {
    Known(LoopyValue),
    Loony,
}

impl Worth {
    /// The worth of a sum: loony if a part is, else Smith's sum (the nim-sum of finite values).
    /// A loony part beside a part of infinite value is refused: who moves first in the rest
    /// then decides between a win and a draw, which no value here says.
    fn total<'a>(parts: impl Iterator<Item = &'a Worth>) -> Result<Worth> {
        let (mut sum, mut loony, mut infinite) = (LoopyValue::Finite(0), false, false);
        for part in parts {
            match part {
                Worth::Loony => loony = true,
                Worth::Known(v) => {
                    infinite |= matches!(v, LoopyValue::Infinite(_));
                    sum = sum.sum(v);
                }
            }
        }
        match (loony, infinite) {
            (true, true) => Err(Error::Invalid(
                "a sum of a loony position and a position of infinite value (a game with cycles) is not supported".into(),
            )),
            (true, false) => Ok(Worth::Loony),
            (false, _) => Ok(Worth::Known(sum)),
        }
    }

    fn outcome(&self) -> Outcome {
        match self {
            Worth::Loony => Outcome::N,
            Worth::Known(v) => v.outcome(),
        }
    }

    fn finite(&self) -> Option<u64> {
        match self {
            Worth::Loony => None,
            Worth::Known(v) => v.finite(),
        }
    }
}

/// The misère outcome of a disjunctive sum, its winning moves, and `G-` of the whole sum.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MisereSumReport {
    /// The components (game and position), in the order given.
    pub components: Vec<MisereSumComponent>,
    /// `G-` of the sum as one game, where the search reaches it.
    pub value: Option<u64>,
    /// The misère outcome of the sum.
    pub outcome: Outcome,
    /// How the outcome was found.
    pub method: String,
    /// Every winning move: a move in one component to a misère P-position of the sum.
    pub winning_moves: Vec<MisereSumMove>,
    /// Always "misere".
    pub play: crate::misere::Convention,
}

/// A component of a misère sum.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MisereSumComponent {
    /// The game's canonical spec.
    pub game: String,
    /// The component's position.
    pub position: PositionJson,
}

/// A winning move of a misère sum.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MisereSumMove {
    /// Which component (0-based, in the order given).
    pub component: usize,
    /// The component's position after the move.
    pub to: PositionJson,
    /// The move in words.
    pub description: String,
}

/// The misère sum of `components`: its outcome and winning moves.
///
/// There is no Sprague–Grundy theorem under misère play, so the parts' values do not decide the
/// sum. This is the one place sums are decided; today by the definition over the whole sum
/// (components of one heap game as one position of all their heaps, stored as a multiset;
/// otherwise the sum of the components searched as one game), with a game's proven misère
/// closed form (Nim: Bouton) for sums beyond the search. A misère quotient, where one is
/// computed or proven for the heaps involved, answers here in time linear in the heaps.
pub fn misere_sum(components: &[(&dyn Ruleset, &[u64])]) -> Result<MisereSumReport> {
    use crate::misere::outcome::{PlayEngine, SumTree};
    use crate::misere::Convention;
    if components.is_empty() {
        return Err(Error::Invalid("a sum needs at least one component".into()));
    }
    for &(ruleset, position) in components {
        ruleset.validate(position)?;
    }
    let parts: Vec<MisereSumComponent> = components
        .iter()
        .map(|&(r, p)| MisereSumComponent {
            game: crate::misere::play::Misere::new(r).spec(),
            position: PositionJson::new(r, p.to_vec()),
        })
        .collect();
    let first = components[0].0;
    let one_heap_game =
        first.heap_options(1).is_some() && components.iter().all(|(r, _)| r.spec() == first.spec());
    // Each component's moves, listed once.
    // Each component's moves, listed once (when they can be: a closed form may answer sums
    // whose moves are too many to list).
    let mut moves = Vec::new();
    let mut listing = Ok(());
    for &(ruleset, position) in components {
        match ruleset.moves(position) {
            Ok(list) => moves.push(list),
            Err(e) => {
                listing = Err(e);
                break;
            }
        }
    }
    let replaced = |i: usize, to: &[u64]| -> Vec<Vec<u64>> {
        components
            .iter()
            .enumerate()
            .map(|(j, (_, p))| if i == j { to.to_vec() } else { p.to_vec() })
            .collect()
    };
    let method;
    let (value, outcome, winning) = if one_heap_game {
        let heaps = |positions: &[Vec<u64>]| positions.concat();
        let whole = heaps(
            &components
                .iter()
                .map(|(_, p)| p.to_vec())
                .collect::<Vec<_>>(),
        );
        // Too many moves to list: the outcome of a P-position still has every winning move
        // (none); an N-position's are refused, naming the command that gives the outcome.
        if let Err(Error::TooLarge(why)) = &listing {
            let mut quotient = crate::misere::quotient::Cached::new(first);
            if let Some((p, method)) = quotient.is_p(&whole)? {
                if p {
                    return Ok(MisereSumReport {
                        components: parts,
                        value: None,
                        outcome: Outcome::P,
                        method,
                        winning_moves: Vec::new(),
                        play: Convention::Misere,
                    });
                }
                return Err(Error::TooLarge(format!(
                    "{why}, so the winning moves are not listed; the sum is a misère N-position ({method}): grundy value {} {} --misere gives it alone",
                    first.spec(),
                    first.show_position(&whole)
                )));
            }
        }
        let mut engine = PlayEngine::for_ruleset(first, Convention::Misere);
        let checked = listing
            .clone()
            .and_then(|()| first.check_size(&whole))
            .and_then(|()| crate::misere::play::check_reach(first, &whole));
        // A short search first; beyond it the quotient (linear in the heaps), then the rest.
        let mut quick = PlayEngine::with_limit(
            crate::misere::outcome::RulesetTree::new(first),
            Convention::Misere,
            crate::misere::play::QUICK_POSITIONS,
        );
        if let (Ok(()), Err(Error::TooLarge(_))) = (&checked, quick.value(&whole)) {
            if let Some(report) = misere_sum_by_quotient(components, &parts, &moves, &whole)? {
                return Ok(report);
            }
            // The outcome alone, by the search that stops at the first P option (small
            // positions only): the whole and every option.
            let tokens = whole.iter().try_fold(0u64, |t, &h| t.checked_add(h));
            if tokens.is_some_and(|t| t <= crate::misere::play::OUTCOME_SEARCH_TOKENS) {
                let mut search = crate::misere::outcome::OutcomeSearch::new(
                    crate::misere::outcome::RulesetTree::new(first),
                    crate::misere::outcome::MAX_OUTCOME_POSITIONS,
                );
                let outcomes = (|| -> Result<_> {
                    let p = search.is_p(&whole)?;
                    let mut winning = Vec::new();
                    for (i, list) in moves.iter().enumerate() {
                        for m in list {
                            if search.is_p(&heaps(&replaced(i, &m.to)))? {
                                winning.push((i, m.clone()));
                            }
                        }
                    }
                    Ok((p, winning))
                })();
                match outcomes {
                    Ok((p, winning)) => {
                        return Ok(MisereSumReport {
                            components: parts,
                            value: None,
                            outcome: if p { Outcome::P } else { Outcome::N },
                            method: format!(
                                "the misère outcome by the definition over the sum as one position of {} (memoised search over multisets of heaps that stops at the first P option; G- not computed)",
                                first.spec()
                            ),
                            winning_moves: winning
                                .into_iter()
                                .map(|(component, m)| MisereSumMove {
                                    component,
                                    to: PositionJson::new(components[component].0, m.to),
                                    description: m.description,
                                })
                                .collect(),
                            play: Convention::Misere,
                        })
                    }
                    Err(Error::TooLarge(_)) => {}
                    Err(e) => return Err(e),
                }
            }
        }
        let searched = checked.and_then(|()| engine.value(&whole));
        match searched {
            Ok(value) => {
                let mut winning = Vec::new();
                for (i, list) in moves.iter().enumerate() {
                    for m in list {
                        if engine.value(&heaps(&replaced(i, &m.to)))? == 0 {
                            winning.push((i, m.clone()));
                        }
                    }
                }
                method = format!(
                    "by the definition over the sum as one position of {} (memoised search over multisets of heaps)",
                    first.spec()
                );
                (Some(value), Outcome::of(value), winning)
            }
            Err(e @ Error::TooLarge(_)) => {
                let Some(answer) = first.misere_closed_form(&whole) else {
                    return Err(e);
                };
                // The theory's winning moves of the whole position, each in the component
                // holding the pile it changes (a closed form changes one pile of a Nim sum).
                let mut winning = Vec::new();
                for m in &answer.winning_moves {
                    let Some(at) = (0..whole.len()).find(|&k| m.to.get(k) != Some(&whole[k]))
                    else {
                        continue;
                    };
                    let (mut offset, mut component) = (0, 0);
                    while offset + components[component].1.len() <= at {
                        offset += components[component].1.len();
                        component += 1;
                    }
                    let mut to = components[component].1.to_vec();
                    let local = at - offset;
                    to[local] = m.to[at];
                    let description =
                        format!("take {} from pile {}", whole[at] - m.to[at], local + 1);
                    winning.push((component, crate::ruleset::Move { to, description }));
                }
                method = format!("closed form: {}", answer.method);
                (None, answer.outcome, winning)
            }
            Err(e) => return Err(e),
        }
    } else {
        let games: Vec<&dyn Ruleset> = components.iter().map(|(r, _)| *r).collect();
        for (ruleset, position) in components {
            ruleset.check_size(position)?;
            ruleset.check_whole_exploration(position)?;
        }
        let least = components
            .iter()
            .fold(1u128, |n, (r, p)| n.saturating_mul(r.reachable_at_least(p)));
        let limit = crate::misere::outcome::MAX_MISERE_POSITIONS;
        if least > limit as u128 {
            return Err(Error::TooLarge(format!(
                "at least {least} positions of the sum are reachable, more than the {limit} the misère search by the definition stores"
            )));
        }
        let mut engine = PlayEngine::new(SumTree::new(&games), Convention::Misere);
        let join = |engine: &mut PlayEngine<SumTree>, positions: &[Vec<u64>]| {
            let refs: Vec<&[u64]> = positions.iter().map(Vec::as_slice).collect();
            engine.tree_mut().join(&refs)
        };
        let all: Vec<Vec<u64>> = components.iter().map(|(_, p)| p.to_vec()).collect();
        let joined = join(&mut engine, &all);
        let value = engine.value_of_form(joined)?;
        listing?;
        let mut winning = Vec::new();
        for (i, list) in moves.iter().enumerate() {
            for m in list {
                let joined = join(&mut engine, &replaced(i, &m.to));
                if engine.value_of_form(joined)? == 0 {
                    winning.push((i, m.clone()));
                }
            }
        }
        method = "by the definition over the sum as one game (memoised search)".into();
        (Some(value), Outcome::of(value), winning)
    };
    Ok(MisereSumReport {
        components: parts,
        value,
        outcome,
        method,
        winning_moves: winning
            .into_iter()
            .map(|(component, m)| MisereSumMove {
                component,
                to: PositionJson::new(components[component].0, m.to),
                description: m.description,
            })
            .collect(),
        play: Convention::Misere,
    })
}

/// The nim product `*a ⊗ *b` (Conway's field of characteristic 2 on the nimbers; see
/// [`crate::games::nim::product`]).
pub fn nim_product(a: u64, b: u64) -> u64 {
    crate::games::nim::product::nim_product(a, b)
}

/// The winning moves the game's theory gives directly, for positions whose options cannot all
/// be valued (`None` when the theory gives none). The moves reach P-positions, so their value
/// is 0.
pub fn theory_winning_moves(
    ruleset: &dyn Ruleset,
    position: &[u64],
) -> Result<Option<Vec<MoveReport>>> {
    ruleset.validate(position)?;
    Ok(ruleset.theory_winning_moves(position).map(|moves| {
        moves
            .into_iter()
            .map(|m| MoveReport {
                to: PositionJson::new(ruleset, m.to),
                value: 0,
                winning: true,
                description: m.description,
            })
            .collect()
    }))
}

/// The template used when `seq` is given no position: `_` for one-coordinate games, or the
/// game's own ([`Ruleset::default_template`]).
pub fn default_template(ruleset: &dyn Ruleset) -> Result<Vec<Option<u64>>> {
    if let Some(template) = ruleset.default_template() {
        return Ok(template);
    }
    if let crate::ruleset::TemplateNumbers::Refused(why) = ruleset.template_numbers() {
        let note = match ruleset.normal_play() {
            true => "",
            false => " (in normal play; misère values are asked one position at a time)",
        };
        return Err(Error::Position(format!("{why}{note}")));
    }
    match ruleset.arity() {
        Arity::Exactly(1) => Ok(vec![None]),
        _ => Err(Error::Position(format!(
            "give a position with '_' where the coordinate varies ({}; e.g. 0,2,_)",
            ruleset.position_hint()
        ))),
    }
}

/// A template as the user writes it: `0,2,_`.
pub fn show_template(template: &[Option<u64>]) -> String {
    template
        .iter()
        .map(|c| c.map_or("_".to_string(), |v| v.to_string()))
        .collect::<Vec<_>>()
        .join(",")
}

/// Refuses a template in a game whose positions cannot carry a `_` (a board written as text,
/// vertices with names: [`TemplateNumbers::Refused`]).
fn check_template(ruleset: &dyn Ruleset) -> Result<()> {
    match ruleset.template_numbers() {
        TemplateNumbers::Refused(why) => Err(Error::Invalid(why)),
        _ => Ok(()),
    }
}

/// How many positions of a line [`check_line`] checks between two calls of its `stop`.
const LINE_CHECK_BLOCK: u64 = 1 << 16;

/// Refuses the whole line (the one `_` of `template` through `range`) if any of its positions is
/// not one `value` accepts ([`Ruleset::first_invalid`]), naming the first; `stop` is called
/// between blocks of [`LINE_CHECK_BLOCK`] positions, its chance to end a long check.
fn check_line(
    ruleset: &dyn Ruleset,
    template: &[Option<u64>],
    range: std::ops::RangeInclusive<u64>,
    stop: &mut dyn FnMut() -> Result<()>,
) -> Result<()> {
    let (mut from, to) = range.into_inner();
    loop {
        let last = from.saturating_add(LINE_CHECK_BLOCK - 1).min(to);
        if let Some((n, why)) = ruleset.first_invalid(template, from..=last) {
            return Err(refused(template, &[n], &why));
        }
        if last >= to {
            return Ok(());
        }
        stop()?;
        from = last + 1;
    }
}

/// The error for the position of `template` at `values` (its `_` filled in), which a sequence
/// or a table reaches and the game refuses for the reason `why` (its kind kept).
fn refused(template: &[Option<u64>], values: &[u64], why: &Error) -> Error {
    let numbers = show_template(
        &fill(template, values)
            .into_iter()
            .map(Some)
            .collect::<Vec<_>>(),
    );
    let shown: Vec<String> = values.iter().map(u64::to_string).collect();
    let place = match values {
        [n] => format!(
            "the sequence along {} reaches {numbers} (_ = {n})",
            show_template(template)
        ),
        _ => format!(
            "the table of {} reaches {numbers} (the cell {})",
            show_template(template),
            shown.join(", ")
        ),
    };
    why.reworded(|m| {
        format!("{place}, which is not a position: {m} (seq and table give only positions that value accepts)")
    })
}

fn blanks(template: &[Option<u64>]) -> Vec<usize> {
    template
        .iter()
        .enumerate()
        .filter(|(_, c)| c.is_none())
        .map(|(i, _)| i)
        .collect()
}

/// The smallest legal value of the varying coordinate of a one-`_` template.
pub fn default_from(ruleset: &dyn Ruleset, template: &[Option<u64>]) -> u64 {
    blanks(template)
        .first()
        .map_or(0, |&i| ruleset.min_coordinate(i))
}

/// The values along the one `_` of `template`, for it running from `from` to `to` inclusive.
/// `progress` is told how many values are done from time to time.
pub fn sequence(
    ruleset: &dyn Ruleset,
    template: &[Option<u64>],
    from: u64,
    to: u64,
    progress: &mut dyn FnMut(u64),
) -> Result<Vec<u64>> {
    if to.checked_sub(from).is_some_and(|d| d >= MAX_SEQUENCE_LEN) {
        return Err(Error::TooLarge(format!(
            "a sequence may have at most {MAX_SEQUENCE_LEN} values (use `gaps` for statistics of longer runs)"
        )));
    }
    let mut values = Vec::new();
    sequence_blocks(ruleset, template, from, to, &mut |block| {
        if values.is_empty() {
            values.reserve_exact((to - from + 1) as usize);
        }
        values.extend_from_slice(block);
        progress(values.len() as u64);
        Ok(())
    })?;
    Ok(values)
}

/// The values along the one `_` of `template` for it running from `from` to `to` inclusive,
/// handed to `sink` in consecutive blocks as the game's solver computes them
/// ([`Solver::sequence_blocks`]): no limit on the length, since nothing is kept here. An error
/// returned by `sink` stops the computation and is returned.
pub fn sequence_blocks(
    ruleset: &dyn Ruleset,
    template: &[Option<u64>],
    from: u64,
    to: u64,
    sink: &mut BlockSink,
) -> Result<()> {
    if blanks(template).len() != 1 {
        return Err(Error::Position(
            "a sequence needs exactly one '_' in the position".into(),
        ));
    }
    if from > to {
        return Err(Error::Invalid(format!(
            "--from {from} is larger than --to {to}"
        )));
    }
    let end = to
        .checked_add(1)
        .ok_or_else(|| Error::TooLarge(format!("a sequence must end below {}", u64::MAX)))?;
    check_template(ruleset)?;
    // Every position is one `value` accepts, checked before any is computed (a long check
    // hands `sink` empty blocks, its chance to stop the run).
    check_line(ruleset, template, from..=to, &mut || sink(&[]))?;
    let at = |n: u64| template_position(ruleset, template, &[n]);
    // The search-size refusals of some games grow with the coordinate: the ends decide.
    for end in [from, to] {
        ruleset.check_size(&at(end)?)?;
    }
    // Misère play by the definition: the positions' own options, counted before searching.
    crate::misere::play::check_cells_work(ruleset, &mut (from..end).filter_map(|n| at(n).ok()))?;
    let mut solver = solver_for(ruleset);
    match ruleset.template_numbers() {
        TemplateNumbers::Coordinates => solver.sequence_blocks(template, from..end, sink),
        // Numbers the game reads into its position: one position at a time.
        _ => crate::ruleset::values_of_positions(
            solver.as_mut(),
            from..end,
            &mut |n, position| {
                *position = at(n)?;
                Ok(())
            },
            sink,
        ),
    }
}

/// One cell of a table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Cell {
    /// The value of the template's first `_` (the row).
    #[serde(skip)]
    pub row: u64,
    /// The value of the template's second `_` (the column).
    #[serde(skip)]
    pub col: u64,
    /// The position (the template's `_` filled in, read by the game: [`template_position`]).
    pub position: PositionJson,
    /// Its SG value.
    pub value: u64,
}

/// The values over the two `_` of `template`, each running from its smallest legal value to
/// `max`; row-major (the first `_` varies slowest). Cells the game does not show
/// ([`Ruleset::table_cell_shown`]) are left out. At most [`MAX_TABLE_CELLS`] cells, and at most
/// [`MAX_TABLE_NUMBERS`] coordinates in all (each cell keeps its position); [`table_rows`]
/// hands out rows of values instead, with larger limits.
pub fn table(
    ruleset: &dyn Ruleset,
    template: &[Option<u64>],
    max: u64,
    progress: &mut dyn FnMut(u64),
) -> Result<Vec<Cell>> {
    let (rows, cols) = table_size(ruleset, template, max)?;
    let cells = rows.checked_mul(cols);
    if cells.is_none_or(|cells| cells > u128::from(MAX_TABLE_CELLS)) {
        return Err(Error::TooLarge(format!(
            "a table of {rows} x {cols} cells is more than the limit of {MAX_TABLE_CELLS} cells"
        )));
    }
    let numbers = cells.unwrap_or(0) * template.len() as u128;
    if numbers > MAX_TABLE_NUMBERS {
        return Err(Error::TooLarge(format!(
            "a table of {rows} x {cols} cells of {} coordinates holds {numbers} numbers, more than the limit of {MAX_TABLE_NUMBERS}",
            template.len()
        )));
    }
    let mut out = Vec::new();
    table_rows(ruleset, template, max, &mut |row, first_col, values| {
        for (i, value) in values.iter().enumerate() {
            if let Some(value) = *value {
                let col = first_col + i as u64;
                out.push(Cell {
                    row,
                    col,
                    position: PositionJson::new(
                        ruleset,
                        template_position(ruleset, template, &[row, col])?,
                    ),
                    value,
                });
            }
        }
        progress(out.len() as u64);
        Ok(())
    })?;
    Ok(out)
}

/// The numbers of rows and of columns of a table over the two `_` of `template` up to `max`,
/// counted in `u128` (`max - lo + 1` is 2^64 for `max = 2^64 - 1`).
pub fn table_size(
    ruleset: &dyn Ruleset,
    template: &[Option<u64>],
    max: u64,
) -> Result<(u128, u128)> {
    let blank = blanks(template);
    if blank.len() != 2 {
        return Err(Error::Position(
            "a table needs exactly two '_' in the position".into(),
        ));
    }
    check_template(ruleset)?;
    let side = |lo: u64| {
        u128::from(max)
            .checked_sub(u128::from(lo))
            .map_or(0, |d| d + 1)
    };
    Ok((
        side(ruleset.min_coordinate(blank[0])),
        side(ruleset.min_coordinate(blank[1])),
    ))
}

/// Receives a table's rows: `(row, first_column, values)`.
pub type RowSink<'a> = dyn FnMut(u64, u64, &[Option<u64>]) -> Result<()> + 'a;

/// The rows of a table over the two `_` of `template` up to `max`, in increasing order of the
/// first `_`: `sink(row, first_column, values)` with one value per column from `first_column`
/// (`None` where the game does not show the cell). Only one row is kept, so the memory is that
/// of a row (at most [`MAX_TABLE_ROW`] columns) whatever the number of rows; the work is bounded
/// by [`MAX_STREAMED_TABLE_CELLS`] cells. An error from `sink` stops the table and is returned.
pub fn table_rows(
    ruleset: &dyn Ruleset,
    template: &[Option<u64>],
    max: u64,
    sink: &mut RowSink,
) -> Result<()> {
    let blank = blanks(template);
    let (rows, cols) = table_size(ruleset, template, max)?;
    if rows
        .checked_mul(cols)
        .is_none_or(|cells| cells > MAX_STREAMED_TABLE_CELLS)
    {
        return Err(Error::TooLarge(format!(
            "a table of {rows} x {cols} cells is more than the limit of {MAX_STREAMED_TABLE_CELLS} cells for streamed output (JSON, CSV)"
        )));
    }
    if cols > MAX_TABLE_ROW {
        return Err(Error::TooLarge(format!(
            "a table row of {cols} cells is more than the limit of {MAX_TABLE_ROW} cells a row"
        )));
    }
    let (lo_row, lo_col) = (
        ruleset.min_coordinate(blank[0]),
        ruleset.min_coordinate(blank[1]),
    );
    if lo_row > max || lo_col > max {
        return Ok(());
    }
    // Every cell is a position `value` accepts, checked row by row before any is computed.
    for row in lo_row..=max {
        let mut line = template.to_vec();
        line[blank[0]] = Some(row);
        if let Some((col, why)) = ruleset.first_invalid(&line, lo_col..=max) {
            return Err(refused(template, &[row, col], &why));
        }
    }
    let at = |row: u64, col: u64| template_position(ruleset, template, &[row, col]);
    // The search-size refusals of some games grow with the coordinates, largest at a corner.
    for [row, col] in [[lo_row, lo_col], [lo_row, max], [max, lo_col], [max, max]] {
        ruleset.check_size(&at(row, col)?)?;
    }
    let shown =
        |row: u64, col: u64| ruleset.table_cell_shown(template, &fill(template, &[row, col]));
    // Misère play by the definition: the cells' own options, counted before searching.
    crate::misere::play::check_cells_work(
        ruleset,
        &mut (lo_row..=max).flat_map(|row| {
            (lo_col..=max)
                .filter(move |&col| shown(row, col))
                .filter_map(move |col| at(row, col).ok())
        }),
    )?;
    let mut solver = solver_for(ruleset);
    solver.reserve(&at(max, max)?)?;
    let mut values = Vec::new();
    for row in lo_row..=max {
        values.clear();
        for col in lo_col..=max {
            values.push(if shown(row, col) {
                Some(solver.value(&at(row, col)?)?)
            } else {
                None
            });
        }
        sink(row, lo_col, &values)?;
    }
    Ok(())
}

/// The analysis of a sequence with the game's verdict on its periodicity.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SequenceReport {
    /// The game-independent analysis of the values asked for (`from..=to`); its periodicity
    /// is the one seen from [`SequenceReport::periodicity_from`] on.
    pub analysis: Analysis,
    /// Where the periodicity was looked for: the game's first position when the values before
    /// `from` could be computed (so the preperiod is the game's), else `from` (then the preperiod
    /// is only an upper bound).
    pub periodicity_from: u64,
    /// Whether `periodicity_from` is the first position of the sequence.
    pub from_first_position: bool,
    /// Whether the game's theory proves the observed periodicity.
    pub proven: bool,
    /// The reason, when proven.
    pub proof: Option<String>,
    /// What the game's theory reads off the values ([`Ruleset::sequence_notes`]).
    pub notes: Vec<String>,
}

/// Analyses a sequence computed along `template` from `from` (an empty template: the game's
/// [`Ruleset::default_sequence`]). Counts, gaps and records are those of `values`; the
/// periodicity is a property of the game's sequence, so it is measured from the sequence's first
/// position: the values before `from` are computed too when that is within
/// [`MAX_SEQUENCE_LEN`] values in all.
pub fn analyze(
    ruleset: &dyn Ruleset,
    template: &[Option<u64>],
    from: u64,
    values: &[u64],
) -> Result<SequenceReport> {
    let mut analysis = analysis::analyze(values, from);
    let prefix = values_before(ruleset, template, from, values.len() as u64)?;
    let (periodicity_from, from_first_position, proof, notes) = match prefix {
        Some((first, mut whole)) => {
            whole.extend_from_slice(values);
            analysis.periodicity = analysis::find_periodicity(&whole).map(|p| Periodicity {
                preperiod: p.preperiod + first,
                ..p
            });
            let periodicity = analysis.periodicity.as_ref();
            let proof =
                periodicity.and_then(|p| ruleset.periodicity_proof(template, first, &whole, p));
            let notes = ruleset.sequence_notes(template, first, &whole, periodicity);
            (first, true, proof, notes)
        }
        None => {
            let periodicity = analysis.periodicity.as_ref();
            let proof =
                periodicity.and_then(|p| ruleset.periodicity_proof(template, from, values, p));
            let notes = ruleset.sequence_notes(template, from, values, periodicity);
            (from, false, proof, notes)
        }
    };
    Ok(SequenceReport {
        analysis,
        periodicity_from,
        from_first_position,
        proven: proof.is_some(),
        proof,
        notes,
    })
}

/// The sequence's first position and its values before `from` (empty when `from` is the
/// first), or `None` when they would make the whole longer than [`MAX_SEQUENCE_LEN`].
fn values_before(
    ruleset: &dyn Ruleset,
    template: &[Option<u64>],
    from: u64,
    len: u64,
) -> Result<Option<(u64, Vec<u64>)>> {
    let first = if template.is_empty() {
        match ruleset.default_sequence_start() {
            Some(first) => first,
            None => return Ok(None),
        }
    } else {
        default_from(ruleset, template)
    };
    if from <= first {
        return Ok(Some((from, Vec::new())));
    }
    if (from - first).saturating_add(len) > MAX_SEQUENCE_LEN {
        return Ok(None);
    }
    let before = if template.is_empty() {
        match ruleset.default_sequence(Some(first), from - 1, &mut |_| {}) {
            Some(s) => s?.values,
            None => return Ok(None),
        }
    } else {
        sequence(ruleset, template, first, from - 1, &mut |_| {})?
    };
    Ok(Some((first, before)))
}

/// A misère sum of components of one heap game from the game's quotient for heaps up to the
/// largest one involved, when a verified quotient is found (`None` otherwise): the outcome and
/// the winning moves, each move's position looked up in time linear in its heaps.
fn misere_sum_by_quotient(
    components: &[(&dyn Ruleset, &[u64])],
    parts: &[MisereSumComponent],
    moves: &[Vec<Move>],
    whole: &[u64],
) -> Result<Option<MisereSumReport>> {
    let mut quotient = crate::misere::quotient::Cached::new(components[0].0);
    let Some((p, method)) = quotient.is_p(whole)? else {
        return Ok(None);
    };
    let mut winning_moves = Vec::new();
    if !p {
        for (i, list) in moves.iter().enumerate() {
            for m in list {
                let after: Vec<u64> = components
                    .iter()
                    .enumerate()
                    .flat_map(|(j, (_, position))| {
                        if i == j {
                            m.to.clone()
                        } else {
                            position.to_vec()
                        }
                    })
                    .collect();
                if quotient.is_p(&after)?.is_some_and(|(p, _)| p) {
                    winning_moves.push(MisereSumMove {
                        component: i,
                        to: PositionJson::new(components[i].0, m.to.clone()),
                        description: m.description.clone(),
                    });
                }
            }
        }
    }
    Ok(Some(MisereSumReport {
        components: parts.to_vec(),
        value: None,
        outcome: if p { Outcome::P } else { Outcome::N },
        winning_moves,
        method,
        play: crate::misere::Convention::Misere,
    }))
}

/// The misère quotient of a heap game for heaps `<= heaps`, with its presentation and, where the
/// periodicity argument applies ([`Ruleset::heap_shape`]), the proof that it never changes
/// again (see [`crate::misere::quotient`]); refused past `max_order` elements. `progress` gets
/// each heap bound done.
pub fn quotient(
    ruleset: &dyn Ruleset,
    heaps: u64,
    max_order: usize,
    progress: &mut dyn FnMut(u64),
) -> Result<(Quotient, QuotientReport)> {
    crate::misere::quotient::quotient(ruleset, heaps, ruleset.heap_shape(), max_order, progress)
}

/// The misère quotient of a game of parts ([`Ruleset::game_parts`]): of every part reachable
/// from the game's start and from `positions` (see [`crate::misere::quotient::GameParts`]).
pub struct PartQuotient {
    /// The quotient.
    pub quotient: Quotient,
    /// The parts it was built from.
    pub parts: crate::misere::quotient::GameParts,
    /// What `grundy quotient` prints.
    pub report: QuotientReport,
}

/// A position's misère answer from a quotient of parts.
#[derive(Debug, Clone, Serialize)]
pub struct QuotientPosition {
    /// The position.
    pub position: PositionJson,
    /// Its element's name.
    pub element: String,
    /// Its misère outcome.
    pub outcome: Outcome,
    /// The moves to a position whose element is in the P-portion (none from a P-position).
    pub winning_moves: Vec<QuotientMove>,
}

/// A winning move found by the quotient.
#[derive(Debug, Clone, Serialize)]
pub struct QuotientMove {
    /// The position it leaves.
    pub to: PositionJson,
    /// That position's element.
    pub element: String,
    /// The move in words.
    pub description: String,
}

/// The misère quotient of a game of parts, built from its start and `positions`; refused past
/// `max_order` elements. `progress` gets each part done.
pub fn part_quotient(
    ruleset: &dyn Ruleset,
    positions: &[Position],
    max_order: usize,
    progress: &mut dyn FnMut(u64),
) -> Result<PartQuotient> {
    let mut from: Vec<Position> = ruleset.start().into_iter().collect();
    from.extend(positions.iter().cloned());
    let (quotient, parts, report) =
        crate::misere::quotient::part_quotient(ruleset, &from, max_order, progress)?;
    Ok(PartQuotient {
        quotient,
        parts,
        report,
    })
}

/// A position's element and misère outcome from a quotient of parts, with its winning moves
/// (each a move to a P-element).
pub fn quotient_position(
    ruleset: &dyn Ruleset,
    q: &PartQuotient,
    position: &[u64],
) -> Result<QuotientPosition> {
    ruleset.validate(position)?;
    let element = |p: &[u64]| -> Result<u32> { q.quotient.class_of(&q.parts.numbers(ruleset, p)?) };
    let x = element(position)?;
    let mut winning_moves = Vec::new();
    if !q.quotient.is_p(x) {
        for m in ruleset.moves(position)? {
            let y = element(&m.to)?;
            if q.quotient.is_p(y) {
                winning_moves.push(QuotientMove {
                    element: q.report.elements[y as usize].clone(),
                    description: m.description,
                    to: PositionJson::new(ruleset, m.to),
                });
            }
        }
    }
    Ok(QuotientPosition {
        position: PositionJson::new(ruleset, position.to_vec()),
        element: q.report.elements[x as usize].clone(),
        outcome: if q.quotient.is_p(x) {
            Outcome::P
        } else {
            Outcome::N
        },
        winning_moves,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::parse_game;
    use proptest::prelude::*;
    use std::collections::HashMap;

    /// The value of the pair (a, b) of two subtraction games by the definition: the mex over
    /// the moves in either component.
    fn pair_value(
        s1: &[u64],
        s2: &[u64],
        a: u64,
        b: u64,
        memo: &mut HashMap<(u64, u64), u64>,
    ) -> u64 {
        if let Some(&v) = memo.get(&(a, b)) {
            return v;
        }
        let mut seen = Vec::new();
        for &s in s1.iter().filter(|&&s| s <= a) {
            seen.push(pair_value(s1, s2, a - s, b, memo));
        }
        for &s in s2.iter().filter(|&&s| s <= b) {
            seen.push(pair_value(s1, s2, a, b - s, memo));
        }
        let v = (0..).find(|v| !seen.contains(v)).unwrap();
        memo.insert((a, b), v);
        v
    }

    fn spec(set: &[u64]) -> String {
        let items: Vec<String> = set.iter().map(u64::to_string).collect();
        format!("subtraction:s={}", items.join(","))
    }

    proptest! {
        /// The sum's value and winning moves against the definition on the combined game.
        #[test]
        fn sums_of_two_subtraction_games_match_the_definition(
            s1 in prop::collection::btree_set(1u64..8, 1..4),
            s2 in prop::collection::btree_set(1u64..8, 1..4),
            a in 0u64..40,
            b in 0u64..40,
        ) {
            let (s1, s2): (Vec<u64>, Vec<u64>) = (s1.into_iter().collect(), s2.into_iter().collect());
            let (g1, g2) = (parse_game(&spec(&s1)).unwrap(), parse_game(&spec(&s2)).unwrap());
            let report = sum(&[(g1.as_ref(), &[a][..]), (g2.as_ref(), &[b][..])]).unwrap();
            let mut memo = HashMap::new();
            prop_assert_eq!(report.value, Some(pair_value(&s1, &s2, a, b, &mut memo)));
            let mut expected = Vec::new();
            for &s in s1.iter().filter(|&&s| s <= a) {
                if pair_value(&s1, &s2, a - s, b, &mut memo) == 0 {
                    expected.push((0, a - s));
                }
            }
            for &s in s2.iter().filter(|&&s| s <= b) {
                if pair_value(&s1, &s2, a, b - s, &mut memo) == 0 {
                    expected.push((1, b - s));
                }
            }
            let mut got: Vec<(usize, u64)> =
                report.winning_moves.iter().map(|m| (m.component, m.to[0])).collect();
            got.sort_unstable();
            expected.sort_unstable();
            prop_assert_eq!(got, expected);
            prop_assert!(report.unlisted.is_empty());
        }
    }

    /// Every family's solver hands out by blocks the values it gives one position at a time
    /// (the dense tables, the closed forms, the memoised search, the period beyond a table).
    #[test]
    fn sequence_blocks_match_values_one_by_one_in_every_family() {
        let cases: &[(&str, &str, u64, u64)] = &[
            ("nim", "3,_", 0, 100),
            ("subtraction:s=1,3,4", "_", 0, 70_000),
            ("subtraction:s=2,5,7", "_", 1 << 26, (1 << 26) + 50),
            ("takeaway:f=2*k", "_,3", 0, 200),
            ("imark:s=1:d=2,3", "_", 0, 70_000),
            ("imark:s=1,2:d=4", "_", 0, 300),
            ("sd:s=1:d=2:round=floor", "_", 5, 300),
            ("upmark", "_", 0, 300),
            ("kupin:s=1:d=2", "_", 1, 300),
            ("sharing-nim", "0,3,_", 0, 60),
            ("sharing-nim", "0,1,2,_", 0, 12),
            ("graph-nim:edges=0>1,1>2,2-0", "1,0,_", 0, 12),
        ];
        for &(spec, template, from, to) in cases {
            let game = parse_game(spec).unwrap();
            let template = crate::spec::parse_template(template).unwrap();
            let mut blocks = Vec::new();
            let mut calls = 0;
            sequence_blocks(game.as_ref(), &template, from, to, &mut |block| {
                calls += 1;
                blocks.extend_from_slice(block);
                Ok(())
            })
            .unwrap();
            let mut solver = solver_for(game.as_ref());
            let one_by_one: Vec<u64> = (from..=to)
                .map(|n| solver.value(&fill(&template, &[n])).unwrap())
                .collect();
            assert_eq!(blocks, one_by_one, "{spec}");
            assert!(calls >= 1, "{spec}");
        }
    }

    #[test]
    fn a_sink_error_stops_the_sequence() {
        let game = parse_game("subtraction:s=1,3,4").unwrap();
        let mut calls = 0;
        let result = sequence_blocks(game.as_ref(), &[None], 0, 1 << 20, &mut |_| {
            calls += 1;
            Err(Error::Invalid("stop".into()))
        });
        assert_eq!(result, Err(Error::Invalid("stop".into())));
        assert_eq!(calls, 1);
        assert!(sequence_blocks(game.as_ref(), &[None], 0, u64::MAX, &mut |_| Ok(())).is_err());
    }

    #[test]
    fn a_nim_position_split_into_components_keeps_its_value_and_winning_moves() {
        let nim = parse_game("nim").unwrap();
        // 3,5,7 as the sum of 3,5 and 7: value 1, and the same three winning moves as 3,5,7.
        let report = sum(&[(nim.as_ref(), &[3, 5][..]), (nim.as_ref(), &[7][..])]).unwrap();
        assert_eq!(report.value, Some(3 ^ 5 ^ 7));
        let whole = moves(nim.as_ref(), &[3, 5, 7]).unwrap();
        assert_eq!(
            report.winning_moves.len(),
            whole.iter().filter(|m| m.winning).count()
        );
        assert!(sum(&[]).is_err());
    }
}

/// Where a spec has its varying size: the byte index of a `_` standing alone between the
/// spec's separators (`node-kayles:graph=cycle:_`, `cram:4x_`), not inside a number (`1_000`).
pub fn spec_hole(spec: &str) -> Option<usize> {
    let bytes = spec.as_bytes();
    let separator =
        |b: Option<&u8>| b.is_none_or(|b| matches!(b, b':' | b'=' | b'x' | b'X' | b','));
    let holes: Vec<usize> = (0..bytes.len())
        .filter(|&i| {
            bytes[i] == b'_'
                && separator(i.checked_sub(1).and_then(|j| bytes.get(j)))
                && separator(bytes.get(i + 1))
        })
        .collect();
    match holes[..] {
        [one] => Some(one),
        _ => None,
    }
}

/// The game a spec with a hole names at size `n`.
pub fn spec_at(template: &str, n: u64) -> Result<Box<dyn Ruleset>> {
    let hole = spec_hole(template).ok_or_else(|| {
        Error::Spec(format!(
            "'{template}' has no single '_' where a size varies"
        ))
    })?;
    crate::spec::parse_game(&format!(
        "{}{n}{}",
        &template[..hole],
        &template[hole + 1..]
    ))
}

/// The smallest size at most 64 for which the spec with a hole names a game (a cycle has at
/// least 3 vertices): the default start of a sequence along a size.
pub fn spec_sequence_start(template: &str) -> Result<u64> {
    let mut last = None;
    for n in 0..=64 {
        match spec_at(template, n) {
            Ok(_) => return Ok(n),
            Err(e) => last = Some(e),
        }
    }
    Err(last.expect("tried at least once"))
}

/// The values of the starting positions (the empty board, the whole graph) of the games a spec
/// with a hole names, sizes `from..=to` (`grundy seq node-kayles:graph=cycle:_ --to 40`).
pub fn spec_sequence(
    template: &str,
    from: u64,
    to: u64,
    progress: &mut dyn FnMut(u64),
) -> Result<Vec<u64>> {
    if to < from {
        return Err(Error::Invalid(format!("--to {to} is below --from {from}")));
    }
    // Every size's limits before the first value: a size past a limit is refused at once,
    // not after hours of smaller boards.
    if let Err(e) = start_at(template, to) {
        return Err(match largest_size(template, from, to) {
            Some(largest) => e.noted(&format!(
                "the largest size this sequence reaches is {largest} (--to {largest})"
            )),
            None => e,
        });
    }
    for n in from..to {
        start_at(template, n)?;
    }
    let mut values = Vec::new();
    for n in from..=to {
        let (game, start) = start_at(template, n)?;
        values.push(solver_for(game.as_ref()).value(&start)?);
        progress(n - from + 1);
    }
    Ok(values)
}

/// The analysis of a sequence along a size in the spec (`values` at sizes `from..`, as
/// [`spec_sequence`] gives them), like any sequence's: records, counts, gaps, palindrome, and
/// the periodicity seen from `from` (the spec's first size when `from` is it). No theorem
/// speaks of such a sequence, so a period is only observed, never proven (issue 52).
pub fn analyze_spec_sequence(template: &str, from: u64, values: &[u64]) -> Result<SequenceReport> {
    let first = spec_sequence_start(template)?;
    let mut notes = vec![
        "a sequence along a size in the spec: any period is observed in this range, not proven (no theorem applies)".to_string(),
    ];
    if from > first {
        notes.push(format!(
            "the periodicity is looked for from size {from}, not from the first size {first}: the preperiod is an upper bound"
        ));
    }
    Ok(SequenceReport {
        analysis: analysis::analyze(values, from),
        periodicity_from: from,
        from_first_position: from <= first,
        proven: false,
        proof: None,
        notes,
    })
}

/// The game a spec with a hole names at size `n` and its starting position, validated and
/// within the game's own limits ([`Ruleset::check_size`]).
fn start_at(template: &str, n: u64) -> Result<(Box<dyn Ruleset>, Vec<u64>)> {
    let game = spec_at(template, n)?;
    let start = game.start().ok_or_else(|| {
        Error::Invalid(format!(
            "{} has no starting position: a sequence along a size in the spec is for boards and graphs",
            game.spec()
        ))
    })?;
    game.validate(&start)?;
    game.check_size(&start)?;
    Ok((game, start))
}

/// The largest size in `from..to` at which the spec with a hole names a game, when `from` is
/// one (found by bisection: sizes are legal up to a bound).
fn largest_size(template: &str, from: u64, to: u64) -> Option<u64> {
    start_at(template, from).ok()?;
    let (mut legal, mut past) = (from, to);
    while past - legal > 1 {
        let middle = legal + (past - legal) / 2;
        match start_at(template, middle) {
            Ok(_) => legal = middle,
            Err(_) => past = middle,
        }
    }
    Some(legal)
}

#[cfg(test)]
mod spec_sequence_tests {
    use super::*;

    #[test]
    fn holes_stand_alone() {
        assert_eq!(spec_hole("node-kayles:graph=cycle:_"), Some(24));
        assert_eq!(spec_hole("cram:4x_"), Some(7));
        assert_eq!(spec_hole("subtraction:s=1_000"), None);
        assert_eq!(spec_hole("cram:_x_"), None);
        assert_eq!(spec_sequence_start("node-kayles:graph=cycle:_").unwrap(), 3);
        // Arc-Kayles on cycles: mex of a heap of n - 2 in 0.07 (Dawson's Kayles: 0, 0, 1, 1, 2,
        // 0, 3, 1, 1, 0, ... from Winning Ways' table).
        let dawson = [0u64, 0, 1, 1, 2, 0, 3, 1, 1, 0];
        let values = spec_sequence("arc-kayles:graph=cycle:_", 3, 11, &mut |_| {}).unwrap();
        let expected: Vec<u64> = (3..=11).map(|n| u64::from(dawson[n - 2] == 0)).collect();
        assert_eq!(values, expected);
    }

    #[test]
    fn every_size_is_checked_before_the_first_value() {
        // 3 x 43 has 129 cells, past a Cram board's 128: refused before 3 x 14 is searched
        // (no progress reported), naming the largest size.
        let mut computed = 0;
        let e = spec_sequence("cram:3x_", 14, 43, &mut |_| computed += 1)
            .unwrap_err()
            .to_string();
        assert_eq!(computed, 0);
        assert!(e.contains("128") && e.contains("--to 42"), "{e}");
        // Chomp: rows plus columns at most 126, so 121 x 5 is the largest.
        let e = spec_sequence("chomp:_x5", 7, u64::MAX, &mut |_| computed += 1)
            .unwrap_err()
            .to_string();
        assert_eq!(computed, 0);
        assert!(e.contains("--to 121"), "{e}");
    }
}
