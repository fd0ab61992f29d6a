//! `grundy play GAME POS`: play against the perfect strategy, reading moves from stdin.
//!
//! Unlike the other commands this one talks as it goes; the game and position are checked before
//! anything is printed, so bad arguments still end with one `error:` line and exit 2.

use std::io::{BufRead, Write};

use super::Outcome;
use crate::cli::PlayArgs;
use grundy::query::{self, MoveOutcome};
use grundy::solve::loopy::LoopyValue;
use grundy::Ruleset;

/// Moves are numbered on screen when there are at most this many.
const LISTED: usize = 40;

pub fn run(args: PlayArgs, out: &mut dyn Write) -> Outcome {
    let settings = super::search_settings(&args.search)?;
    let played = grundy::misere::play::parse_game(&args.game, args.misere)?;
    let misere = played.convention() == grundy::misere::Convention::Misere;
    let game = played.ruleset();
    super::refuse_db(game.as_ref(), args.search.db.as_deref())?;
    let mut position = super::position_or_start(game.as_ref(), args.position.as_deref())?;
    super::with_search(&settings, None, || {
        play(&args, game.as_ref(), misere, &mut position, out)
    })
}

fn play(
    args: &PlayArgs,
    game: &dyn Ruleset,
    misere: bool,
    position: &mut Vec<u64>,
    out: &mut dyn Write,
) -> Outcome {
    // A long first search shows a spinner on a terminal (stdout stays empty until it is done,
    // so a refusal leaves it empty).
    let mut moves = thinking(|| query::move_outcomes(game, position))?;
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut computer_to_move = args.computer_first;
    let rule = if misere {
        "misère play: the player who cannot move wins (whoever makes the last move loses)"
    } else {
        "the player who cannot move loses"
    };
    writeln!(
        out,
        "{}: you play against the perfect strategy; {rule}.",
        game.spec()
    )?;
    writeln!(out, "Type a move number or the position to move to; 'hint' for the winning moves and why, 'undo' to take back your last move and the computer's answer, 'quit' to stop.")?;
    // The positions where you were to move, before each of your moves: 'undo' goes back to the
    // last one.
    let mut yours: Vec<Vec<u64>> = Vec::new();
    loop {
        let report = thinking(|| query::outcome(game, position))?;
        // "an N-position", "a P-position".
        let outcome = report.outcome.to_string();
        let article = if outcome.starts_with('N') { "an" } else { "a" };
        let value = match (report.value, report.infinite) {
            _ if report.loony => format!("loony, {article} {outcome}-position"),
            (Some(v), _) => v.to_string(),
            (None, Some(finite)) => format!(
                "{}, {article} {outcome}-position",
                LoopyValue::Infinite(finite)
            ),
            (None, None) => format!("unknown, {article} {outcome}-position"),
        };
        writeln!(
            out,
            "\nposition {} (value {value})",
            game.show_position(position)
        )?;
        if moves.is_empty() {
            // The player to move has lost under normal play, won under misère play.
            let winner = if computer_to_move != misere {
                "you win"
            } else {
                "the computer wins"
            };
            writeln!(out, "no moves left: {winner}.")?;
            return Ok(());
        }
        let chosen = if computer_to_move {
            let choice = computer_choice(&moves);
            write!(
                out,
                "computer: {} -> {}",
                choice.description,
                game.show_position(&choice.to)
            )?;
            match (choice.winning, game.explain_move(position, &choice.to)) {
                (true, Some(why)) => writeln!(out, " ({why})")?,
                (true, None) if choice.again => {
                    writeln!(out, " (it moves again, from an N-position)")?
                }
                (true, None) => writeln!(out, " (to a P-position)")?,
                (false, _) if choice.outcome == grundy::Outcome::D => {
                    writeln!(out, " (no winning move exists; it keeps the draw)")?
                }
                (false, _) => writeln!(out, " (no winning move exists; it plays on)")?,
            }
            choice.clone()
        } else {
            let m = match ask(&mut input, out, game, position, &moves)? {
                Answer::Quit => return Ok(()),
                Answer::Undo => {
                    match yours.pop() {
                        Some(before) => {
                            writeln!(
                                out,
                                "undone: back to {}, your move.",
                                game.show_position(&before)
                            )?;
                            *position = before;
                            moves = thinking(|| query::move_outcomes(game, position))?;
                        }
                        None => writeln!(out, "nothing to undo: you have not moved yet.")?,
                    }
                    continue;
                }
                Answer::Move(m) => m,
            };
            yours.push(position.clone());
            if !m.winning {
                if let Some(best) = moves.iter().find(|w| w.winning) {
                    writeln!(
                        out,
                        "you had a winning move ({} -> {}); this one hands the win to the computer.",
                        best.description,
                        game.show_position(&best.to)
                    )?;
                }
            }
            m
        };
        *position = chosen.to.into_position();
        moves = thinking(|| query::move_outcomes(game, position))?;
        // After a complimenting move (a coin cut free in Nimstring) the same player moves again.
        if chosen.again {
            writeln!(
                out,
                "{} again.",
                if computer_to_move {
                    "the computer moves"
                } else {
                    "you move"
                }
            )?;
        } else {
            computer_to_move = !computer_to_move;
        }
    }
}

/// A winning move if there is one (in a game with cycles, the one of least counter, which
/// makes the play end); otherwise a move that keeps a draw; otherwise the move to the largest
/// value (it leaves the opponent the most ways to go wrong).
fn computer_choice(moves: &[MoveOutcome]) -> &MoveOutcome {
    moves
        .iter()
        .filter(|m| m.winning)
        .min_by_key(|m| m.progress)
        .or_else(|| moves.iter().find(|m| m.outcome == grundy::Outcome::D))
        .or_else(|| moves.iter().max_by_key(|m| m.value))
        .expect("there is a move")
}

/// What the user typed at their turn.
enum Answer {
    Move(MoveOutcome),
    /// Take back the user's last move and the computer's answer.
    Undo,
    /// The input ended or the user quit.
    Quit,
}

/// Reads the user's move, an undo, or the end.
fn ask(
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    game: &dyn Ruleset,
    position: &[u64],
    moves: &[MoveOutcome],
) -> Result<Answer, super::Failure> {
    if moves.len() <= LISTED {
        for (i, m) in moves.iter().enumerate() {
            writeln!(
                out,
                "  {:>2}. {} -> {}",
                i + 1,
                m.description,
                game.show_position(&m.to)
            )?;
        }
    }
    loop {
        write!(out, "your move: ")?;
        out.flush()?;
        let mut line = String::new();
        let read = input.read_line(&mut line).map_err(|e| {
            super::Failure::Grundy(grundy::Error::Invalid(format!(
                "cannot read your move: {e}"
            )))
        })?;
        if read == 0 {
            writeln!(out, "\ninput ended; stopping.")?;
            return Ok(Answer::Quit);
        }
        let line = line.trim();
        match line {
            "quit" | "q" => return Ok(Answer::Quit),
            "undo" | "u" => return Ok(Answer::Undo),
            "hint" | "h" | "?" => {
                let winning: Vec<&MoveOutcome> = moves.iter().filter(|m| m.winning).collect();
                let drawing = moves.iter().find(|m| m.outcome == grundy::Outcome::D);
                match (winning.is_empty(), drawing) {
                    (true, Some(m)) => writeln!(
                        out,
                        "hint: no move wins, but {} -> {} keeps the draw (play need never end).",
                        m.description,
                        game.show_position(&m.to)
                    )?,
                    (true, None) => writeln!(
                        out,
                        "hint: this is a P-position; every move loses against perfect play."
                    )?,
                    _ => {}
                }
                for m in winning {
                    let why = game.explain_move(position, &m.to).unwrap_or_else(|| {
                        if m.again {
                            "you move again, from an N-position".into()
                        } else {
                            "it moves to a P-position (value 0)".into()
                        }
                    });
                    writeln!(
                        out,
                        "hint: {} -> {}: {why}",
                        m.description,
                        game.show_position(&m.to)
                    )?;
                }
                continue;
            }
            _ => {}
        }
        let by_number = line
            .parse::<usize>()
            .ok()
            .filter(|&i| (1..=moves.len()).contains(&i))
            .map(|i| &moves[i - 1]);
        let by_position = game
            .parse_position(line)
            .ok()
            .and_then(|to| moves.iter().find(|m| *m.to == to));
        match by_number.or(by_position) {
            Some(m) => return Ok(Answer::Move(m.clone())),
            None => writeln!(out, "not a move here: type a number from 1 to {}, a position reachable in one move, 'hint', 'undo' or 'quit'", moves.len())?,
        }
    }
}

/// Runs a search with a spinner on stderr if it takes more than a second (on a terminal).
fn thinking<T>(work: impl FnOnce() -> T) -> T {
    crate::progress::delayed("thinking").watch(work)
}
