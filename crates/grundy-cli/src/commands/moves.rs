//! `grundy moves GAME POS`.

use std::io::Write;

use serde_json::json;

use super::{show_position, unsupported, write_json, write_json_loony, Outcome};
use crate::cli::{Format, MovesArgs};
use grundy::games::octal;
use grundy::misere::{play, Convention};
use grundy::query;
use grundy::query::MoveReport;
use grundy::ruleset::PositionJson;

pub fn run(args: MovesArgs, out: &mut dyn Write) -> Outcome {
    let MovesArgs {
        position: args,
        search,
        winning: only_winning,
    } = args;
    // Every flag is checked before a path is chosen.
    let settings = super::search_settings(&search)?;
    let format = args.output.format();
    if format == Format::Bfile {
        return Err(unsupported(format, "moves (b-files are for sequences)"));
    }
    let played = play::parse_game(&args.game, args.misere)?;
    let misere = played.convention() == Convention::Misere;
    let game = played.ruleset();
    super::refuse_db(game.as_ref(), search.db.as_deref())?;
    let position = super::position_or_start(game.as_ref(), args.position.as_deref())?;
    // Heap games under normal play: the winning moves from the theory of sums and the period.
    let heaps = match misere {
        true => None,
        false => octal::spec::parse(&args.game)?,
    };
    let working = crate::progress::delayed("computing");
    if let (true, Some(heaps)) = (only_winning, &heaps) {
        super::refuse_search_flags(
            &search,
            "the winning moves of a heap game (from the theory of sums)",
        )?;
        let found = working.watch(|| octal::winning::winning_moves(heaps, &position, LISTED))?;
        drop(working);
        return write_winning(out, args.output.format(), heaps, &position, &found, None);
    }
    let moves = super::with_search(&settings, Some(&working), || {
        working.watch(|| query::move_outcomes(game.as_ref(), &position))
    });
    drop(working);
    let moves = match moves {
        Ok(moves) if only_winning => moves.into_iter().filter(|m| m.winning).collect(),
        Ok(moves) => moves,
        Err(e @ grundy::Error::TooLarge(_))
            if heaps
                .as_ref()
                .is_some_and(|h| h.move_count(&position) > octal::MAX_LISTED_MOVES) =>
        {
            // Too many moves to list: the winning ones (the rest of the theory's limits apply).
            let heaps = heaps.as_ref().expect("a heap game");
            let working = crate::progress::delayed("computing the winning moves");
            let found =
                working.watch(|| octal::winning::winning_moves(heaps, &position, LISTED))?;
            drop(working);
            return write_winning(
                out,
                args.output.format(),
                heaps,
                &position,
                &found,
                Some(&e),
            );
        }
        Err(e @ grundy::Error::TooLarge(_)) => {
            return match query::theory_winning_moves(game.as_ref(), &position)? {
                Some(winning) => write_partial(
                    out,
                    args.output.format(),
                    game.as_ref(),
                    &position,
                    &winning,
                    &e,
                    misere,
                ),
                None => Err(e.into()),
            };
        }
        Err(e) => return Err(e.into()),
    };
    let winning = moves.iter().filter(|m| m.winning).count();
    match args.output.format() {
        Format::Json => {
            let mut answer = json!({
                "game": game.spec(),
                "position": PositionJson::new(game.as_ref(), position.clone()),
                "moves": moves,
                "winning": winning,
                "complete": !only_winning,
            });
            if misere {
                answer["play"] = json!(Convention::Misere);
            }
            write_json_loony(out, &answer)
        }
        Format::Text => {
            let width = moves.iter().map(|m| m.description.len()).max().unwrap_or(0);
            let to_width = moves
                .iter()
                .map(|m| game.show_position(&m.to).len())
                .max()
                .unwrap_or(0);
            for m in &moves {
                let mark = if m.winning { "  <- winning" } else { "" };
                // where only the outcome is known, say which
                let value = match (m.value, &m.infinite) {
                    _ if m.loony => "value loony".to_string(),
                    (Some(v), _) => format!("value {v}"),
                    (None, Some(finite)) => format!(
                        "value {}, {}-position",
                        grundy::solve::loopy::LoopyValue::Infinite(finite.clone()),
                        m.outcome
                    ),
                    (None, None) => format!("{}-position", m.outcome),
                };
                writeln!(
                    out,
                    "{:<width$}  -> {:<to_width$}  {value}{mark}",
                    m.description,
                    game.show_position(&m.to),
                )?;
            }
            let drawing = moves
                .iter()
                .filter(|m| m.outcome == grundy::Outcome::D)
                .count();
            let verdict = match (moves.len(), winning) {
                (0, _) if misere => "no moves: the player to move has won".to_string(),
                (0, _) => "no moves: the player to move has lost".to_string(),
                (n, 0) if drawing > 0 => {
                    format!("{n} moves, none winning, {drawing} keeping the draw: a D-position")
                }
                (n, 0) => format!("{n} moves, none winning: a P-position"),
                (n, w) => format!("{n} moves, {w} winning"),
            };
            if misere && moves.iter().any(|m| m.value.is_some()) {
                writeln!(out, "{verdict} under misère play (values are G-)")?;
            } else if misere {
                writeln!(out, "{verdict} under misère play")?;
            } else {
                writeln!(out, "{verdict}")?;
            }
            Ok(())
        }
        Format::Csv => {
            writeln!(out, "description,to,value,winning")?;
            for m in &moves {
                writeln!(
                    out,
                    "\"{}\",\"{}\",{},{}",
                    m.description,
                    game.show_position(&m.to),
                    match m.loony {
                        true => "loony".to_string(),
                        false => m.value.map_or(String::new(), |v| v.to_string()),
                    },
                    m.winning
                )?;
            }
            Ok(())
        }
        format @ Format::Bfile => Err(unsupported(format, "moves (b-files are for sequences)")),
    }
}

/// Only the winning moves, from the game's theory, when not every option can be valued.
fn write_partial(
    out: &mut dyn Write,
    format: Format,
    game: &dyn grundy::Ruleset,
    position: &[u64],
    moves: &[MoveReport],
    why: &grundy::Error,
    misere: bool,
) -> Outcome {
    match format {
        Format::Json => {
            let mut answer = json!({
                "game": game.spec(),
                "position": PositionJson::new(game, position.to_vec()),
                "moves": moves,
                "winning": moves.len(),
                "complete": false,
                "why": why.to_string(),
            });
            if misere {
                answer["play"] = json!(Convention::Misere);
            }
            write_json(out, &answer)
        }
        Format::Text => {
            for m in moves {
                writeln!(
                    out,
                    "{}  -> {}  value 0  <- winning",
                    m.description,
                    game.show_position(&m.to)
                )?;
            }
            let verdict = if moves.is_empty() {
                "no winning move: a P-position (closed form)"
            } else {
                "only the winning move is listed (closed form)"
            };
            writeln!(out, "{verdict}; the other moves are not valued: {why}")?;
            Ok(())
        }
        Format::Csv => {
            writeln!(out, "description,to,value,winning")?;
            for m in moves {
                writeln!(
                    out,
                    "\"{}\",\"{}\",0,true",
                    m.description,
                    game.show_position(&m.to)
                )?;
            }
            Ok(())
        }
        format @ Format::Bfile => Err(unsupported(format, "moves (b-files are for sequences)")),
    }
}

/// Winning moves (and classes of splits) listed one by one at most.
const LISTED: usize = 1000;

/// The winning moves of a sum of heaps: listed ones, then classes of splits.
fn write_winning(
    out: &mut dyn Write,
    format: Format,
    game: &octal::HeapGame,
    position: &[u64],
    found: &octal::winning::WinningMoves,
    why: Option<&grundy::Error>,
) -> Outcome {
    use grundy::ruleset::Ruleset;
    let reason = match why {
        Some(e) => format!("only the winning moves are listed: {e}"),
        None => "only the winning moves are listed (--winning)".to_string(),
    };
    let total = match u64::try_from(found.total) {
        Ok(n) => json!(n),
        Err(_) => json!(found.total.to_string()),
    };
    let period = found.proof.map(|p| {
        format!(
            "values of large heaps from the proven period {} (preperiod {})",
            p.period, p.preperiod
        )
    });
    match format {
        Format::Json => {
            let moves: Vec<_> = found
                .moves
                .iter()
                .map(|m| json!({"to": PositionJson::new(game, m.to.clone()), "value": 0, "winning": true, "description": m.description}))
                .collect();
            write_json(
                out,
                &json!({
                    "game": game.spec(),
                    "position": PositionJson::new(game, position.to_vec()),
                    "value": found.value,
                    "moves": moves,
                    "classes": found.classes,
                    "winning": total,
                    "complete": false,
                    "winning_complete": found.complete,
                    "why": reason,
                    "period": found.proof.map(|p| json!({"period": p.period, "preperiod": p.preperiod})),
                }),
            )
        }
        Format::Text => {
            for m in &found.moves {
                writeln!(
                    out,
                    "{}  -> {}  value 0  <- winning",
                    m.description,
                    show_position(&m.to)
                )?;
            }
            for c in &found.classes {
                writeln!(out, "{}  value 0  <- winning", c.description)?;
            }
            if found.value == 0 {
                writeln!(out, "value 0: no winning move, a P-position; {reason}")?;
            } else {
                let left = if found.complete {
                    String::new()
                } else {
                    format!(
                        " (the first {LISTED} moves and {LISTED} classes are shown; --json has the same)"
                    )
                };
                writeln!(
                    out,
                    "value {}: {} winning move(s): {} listed, {} in classes of splits{left}; {reason}",
                    found.value,
                    found.total,
                    found.moves.len(),
                    found.classes.len()
                )?;
            }
            if let Some(period) = period {
                writeln!(out, "{period}")?;
            }
            Ok(())
        }
        Format::Csv => {
            writeln!(out, "description,to,value,winning")?;
            for m in &found.moves {
                writeln!(
                    out,
                    "\"{}\",\"{}\",0,true",
                    m.description,
                    show_position(&m.to)
                )?;
            }
            for c in &found.classes {
                writeln!(out, "\"{}\",,0,true", c.description)?;
            }
            Ok(())
        }
        format @ Format::Bfile => Err(unsupported(format, "moves (b-files are for sequences)")),
    }
}
