//! `grundy play GAME POS`: play against the perfect strategy, reading moves from stdin.
//!
//! Unlike the other commands this one talks as it goes; the game and position are checked before
//! anything is printed, so bad arguments still end with one `error:` line and exit 2.

use std::io::{BufRead, Write};

use super::{show_position, Outcome};
use crate::cli::PlayArgs;
use grundy::query::{self, MoveReport};
use grundy::{spec, Ruleset};

/// Moves are numbered on screen when there are at most this many.
const LISTED: usize = 40;

pub fn run(args: PlayArgs, out: &mut dyn Write) -> Outcome {
    let played = grundy::misere::play::parse_game(&args.game, args.misere)?;
    let misere = played.convention() == grundy::misere::Convention::Misere;
    let game = played.ruleset();
    let mut position = spec::parse_position(&args.position)?;
    let mut moves = query::moves(game.as_ref(), &position)?;
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
    writeln!(out, "Type a move number or the position to move to; 'hint' for the winning move, 'quit' to stop.")?;
    loop {
        let value = query::value(game.as_ref(), &position)?.value;
        writeln!(
            out,
            "\nposition {} (value {value})",
            show_position(&position)
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
                show_position(&choice.to)
            )?;
            match (choice.winning, game.explain_move(&position, &choice.to)) {
                (true, Some(why)) => writeln!(out, " ({why})")?,
                (true, None) => writeln!(out, " (to a P-position)")?,
                (false, _) => writeln!(out, " (no winning move exists; it plays on)")?,
            }
            choice.clone()
        } else {
            let Some(m) = ask(&mut input, out, game.as_ref(), &position, &moves)? else {
                return Ok(());
            };
            if !m.winning {
                if let Some(best) = moves.iter().find(|w| w.winning) {
                    writeln!(
                        out,
                        "you had a winning move ({} -> {}); this one hands the win to the computer.",
                        best.description,
                        show_position(&best.to)
                    )?;
                }
            }
            m
        };
        position = chosen.to;
        moves = query::moves(game.as_ref(), &position)?;
        computer_to_move = !computer_to_move;
    }
}

/// A winning move if there is one; otherwise the move to the largest value (it leaves the
/// opponent the most ways to go wrong).
fn computer_choice(moves: &[MoveReport]) -> &MoveReport {
    moves
        .iter()
        .find(|m| m.winning)
        .or_else(|| moves.iter().max_by_key(|m| m.value))
        .expect("there is a move")
}

/// Reads the user's move; `None` when the input ends or the user quits.
fn ask(
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    game: &dyn Ruleset,
    position: &[u64],
    moves: &[MoveReport],
) -> Result<Option<MoveReport>, super::Failure> {
    if moves.len() <= LISTED {
        for (i, m) in moves.iter().enumerate() {
            writeln!(
                out,
                "  {:>2}. {} -> {}",
                i + 1,
                m.description,
                show_position(&m.to)
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
            return Ok(None);
        }
        let line = line.trim();
        match line {
            "quit" | "q" => return Ok(None),
            "hint" | "h" | "?" => {
                let winning: Vec<&MoveReport> = moves.iter().filter(|m| m.winning).collect();
                if winning.is_empty() {
                    writeln!(
                        out,
                        "hint: this is a P-position; every move loses against perfect play."
                    )?;
                }
                for m in winning {
                    let why = game
                        .explain_move(position, &m.to)
                        .unwrap_or_else(|| "it moves to a P-position (value 0)".into());
                    writeln!(
                        out,
                        "hint: {} -> {}: {why}",
                        m.description,
                        show_position(&m.to)
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
        let by_position = spec::parse_position(line)
            .ok()
            .and_then(|to| moves.iter().find(|m| m.to == to));
        match by_number.or(by_position) {
            Some(m) => return Ok(Some(m.clone())),
            None => writeln!(out, "not a move here: type a number from 1 to {}, a position reachable in one move, 'hint' or 'quit'", moves.len())?,
        }
    }
}
