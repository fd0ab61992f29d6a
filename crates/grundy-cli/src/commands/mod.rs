//! One module per command: each turns parsed arguments into library calls, then writes the
//! answer in the chosen format. All computing happens before the first byte is written, so an
//! error leaves stdout empty.

mod base;
mod conjunctive;
mod count;
mod db;
pub(crate) mod evolve;
mod games;
mod gaps;
mod generations;
mod genus;
mod moves;
mod nim_product;
mod period;
mod play;
mod quotient;
mod record;
mod remoteness;
mod reproduce;
mod seq;
mod sum;
mod survey;
mod table;
mod uw;
mod value;
mod verify;

use std::io::Write;

use crate::cli::{Cli, Command, Format};

pub use crate::failure::Failure;

pub type Outcome = Result<(), Failure>;

/// Runs a parsed command, writing its answer to `out`.
pub fn run(cli: Cli, out: &mut dyn Write) -> Outcome {
    match cli.command {
        Command::Value(args) => value::run(args, out),
        Command::Moves(args) => moves::run(args, out),
        Command::Seq(args) => seq::run(args, out),
        Command::Table(args) => table::run(args, out),
        Command::Verify(args) => verify::run(args, out),
        Command::Play(args) => play::run(args, out),
        Command::Base(args) => base::run(args, out),
        Command::Gaps(args) => gaps::run(args, out),
        Command::Period(args) => period::run(args, out),
        Command::Record(args) => record::run(args, out),
        Command::Count(args) => count::run(args, out),
        Command::Evolve(args) => evolve::run(args, out),
        Command::Uw(args) => uw::run(args, out),
        Command::Remoteness(args) => remoteness::run(args, out),
        Command::Generations(args) => generations::run(args, out),
        Command::Conjunctive(args) => conjunctive::run(args, out),
        Command::Reproduce(args) => reproduce::run(args, out),
        Command::Games(args) => games::run(args, out),
        Command::Sum(args) => sum::run(args, out),
        Command::Quotient(args) => quotient::run(args, out),
        Command::Survey(args) => survey::run(args, out),
        Command::Db(command) => db::run(command, out),
        Command::Serve(args) => crate::serve::run(args, out),
        Command::NimProduct(args) => nim_product::run(args, out),
    }
}

/// Writes `value` as compact JSON and a newline, serialised as it goes (no document tree).
pub fn write_json(out: &mut dyn Write, value: &impl serde::Serialize) -> Outcome {
    serde_json::to_writer(&mut *out, value).map_err(|e| Failure::Io(e.into()))?;
    writeln!(out)?;
    Ok(())
}

/// Writes `value` as JSON (as [`write_json`]) with the value of every loony position (an object
/// with `"loony": true`) written `"loony"` (CLI.md), where the library leaves it `null`.
pub fn write_json_loony(out: &mut dyn Write, value: &impl serde::Serialize) -> Outcome {
    fn mark(v: &mut serde_json::Value) {
        match v {
            serde_json::Value::Object(map) => {
                if map.get("loony") == Some(&serde_json::Value::Bool(true)) {
                    map.insert("value".into(), "loony".into());
                }
                map.values_mut().for_each(mark);
            }
            serde_json::Value::Array(items) => items.iter_mut().for_each(mark),
            _ => {}
        }
    }
    let mut tree = serde_json::to_value(value).map_err(|e| Failure::Io(e.into()))?;
    mark(&mut tree);
    write_json(out, &tree)
}

/// The error for a format a command does not offer.
pub fn unsupported(format: Format, what: &str) -> Failure {
    let name = match format {
        Format::Text => "text",
        Format::Csv => "csv",
        Format::Json => "json",
        Format::Bfile => "bfile",
    };
    Failure::Grundy(grundy::Error::Invalid(format!(
        "--format {name} is not available for {what}"
    )))
}

/// A position as the user writes it: `3,5,6`.
pub fn show_position(position: &[u64]) -> String {
    position
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// Parses a number argument.
pub fn number(text: &str) -> Result<u64, grundy::Error> {
    grundy::number::parse_u64(text)
}

/// A component of a compound game: its rules and position.
pub type Component = (Box<dyn grundy::Ruleset>, Vec<u64>);

/// The pairs `GAME POS GAME POS ...` of a compound game, parsed.
pub fn parse_components(words: &[String]) -> Result<Vec<Component>, Failure> {
    if !words.len().is_multiple_of(2) {
        return Err(grundy::Error::Invalid(format!(
            "components come in pairs GAME POS; got {} arguments",
            words.len()
        ))
        .into());
    }
    let mut games = Vec::new();
    for pair in words.chunks(2) {
        let game = grundy::spec::parse_game(&pair[0])?;
        let position = game.parse_position(&pair[1])?;
        games.push((game, position));
    }
    Ok(games)
}

/// The pairs of a sum, where a game may carry the `misere-` prefix: the components (normal
/// rules) and whether the sum is played under misère play. A sum has one convention: the
/// prefix on every component, or on none (then `--misere`, `flag`, decides); a prefix on some
/// components only is refused unless `--misere` is given.
pub fn parse_sum_components(
    words: &[String],
    flag: bool,
) -> Result<(Vec<Component>, bool), Failure> {
    if !words.len().is_multiple_of(2) {
        return parse_components(words).map(|games| (games, flag));
    }
    let mut games = Vec::new();
    let mut prefixed = Vec::new();
    // A game whose name is its misère play (notakto) makes the whole sum misère.
    let mut named = false;
    for pair in words.chunks(2) {
        let played = grundy::misere::play::parse_game(&pair[0], false)?;
        if played.game().played_as() == grundy::misere::Convention::Misere {
            named = true;
        } else {
            prefixed.push(played.convention() == grundy::misere::Convention::Misere);
        }
        let game = played.into_game();
        let position = game.parse_position(&pair[1])?;
        games.push((game, position));
    }
    let all = !prefixed.is_empty() && prefixed.iter().all(|&p| p);
    if named && !flag && !all && prefixed.iter().any(|&p| p) {
        return Err(grundy::Error::Invalid(format!(
            "a sum is played under one convention: a game named for its misère play makes the sum misère; put the {} prefix on every other component, or none",
            grundy::misere::play::PREFIX
        ))
        .into());
    }
    let all = all || named;
    if !flag && !all && prefixed.iter().any(|&p| p) {
        return Err(grundy::Error::Invalid(format!(
            "a sum is played under one convention: put the {} prefix on every component, or none and add --misere",
            grundy::misere::play::PREFIX
        ))
        .into());
    }
    Ok((games, flag || all))
}

/// What an outcome means for the player to move, in words.
pub fn meaning(outcome: grundy::Outcome) -> &'static str {
    match outcome {
        grundy::Outcome::P => "the player to move loses",
        grundy::Outcome::N => "the player to move wins",
        grundy::Outcome::D => "a draw: neither player can force a win, play goes on for ever",
    }
}

/// The position typed, or the game's starting position when none was (boards and graphs).
pub fn position_or_start(
    game: &dyn grundy::Ruleset,
    text: Option<&str>,
) -> Result<Vec<u64>, grundy::Error> {
    match text {
        Some(text) => game.parse_position(text),
        None => game.start().ok_or_else(|| {
            grundy::Error::Position(format!(
                "give a position: {} has no single starting position ({})",
                game.spec(),
                game.position_hint()
            ))
        }),
    }
}

/// Memory sizes: a number of bytes with an optional K, M, G or T (powers of 1024), e.g. 512M.
pub fn parse_memory(text: &str) -> Result<u64, grundy::Error> {
    let text = text.trim();
    let (digits, shift) = match text.char_indices().last() {
        Some((i, c)) if c.is_ascii_alphabetic() => {
            let shift = match c.to_ascii_uppercase() {
                'K' => 10,
                'M' => 20,
                'G' => 30,
                'T' => 40,
                _ => {
                    return Err(grundy::Error::Number(format!(
                        "'{text}' is not a memory size (like 512M or 4G)"
                    )))
                }
            };
            (&text[..i], shift)
        }
        _ => (text, 0),
    };
    let n = grundy::number::parse_u64(digits)?;
    n.checked_mul(1 << shift)
        .filter(|&b| b >= 1 << 16)
        .ok_or_else(|| {
            grundy::Error::Number(format!(
                "memory '{text}': at least 64K and at most 2^64 bytes"
            ))
        })
}

/// The variable that sizes rayon's global pool, which `--threads` sets.
pub const THREADS_VARIABLE: &str = "RAYON_NUM_THREADS";

/// The threads of the parallel computations: `--threads` ([`THREADS_VARIABLE`]), else one per
/// processor (rayon's own rule, read without building its pool).
pub fn threads() -> usize {
    std::env::var(THREADS_VARIABLE)
        .ok()
        .and_then(|n| n.parse::<usize>().ok())
        .filter(|&n| n > 0)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// The board search's (and record runs') settings from `--memory` and `--checkpoint`, checked
/// the same way whatever path the command then takes (issue 50): each command asks for them
/// before it chooses one, so a size that does not parse or is out of range, or a checkpoint
/// that cannot be written, is refused even where the path would not have used it.
pub fn search_settings(
    args: &crate::cli::SearchArgs,
) -> Result<grundy::solve::search::Settings, grundy::Error> {
    let mut settings = grundy::solve::search::Settings {
        // `--threads`: that many searches of each question share the table.
        threads: threads(),
        ..Default::default()
    };
    if let Some(memory) = &args.memory {
        settings.memory = parse_memory(memory)?;
        settings.memory_set = true;
    }
    if let Some(path) = &args.checkpoint {
        grundy::files::check_checkpoint_writable(path)?;
        settings.checkpoint = Some(path.clone());
        settings.stop = Some(crate::stream::interrupted);
    }
    if let Some(path) = &args.db {
        // A new file must be creatable, an existing one a database (its game is checked when
        // a search opens it).
        match path.exists() {
            true => grundy::solve::db::check(path)?,
            false => grundy::files::check_checkpoint_writable(path)?,
        }
        settings.db = Some(path.clone());
        settings.stop = Some(crate::stream::interrupted);
    }
    Ok(settings)
}

/// Refuses `--memory` and `--checkpoint` on a path that uses neither (`path` names it): a flag
/// is never ignored in silence.
pub fn refuse_search_flags(args: &crate::cli::SearchArgs, path: &str) -> Result<(), Failure> {
    let given: Vec<&str> = [
        ("--memory", args.memory.is_some()),
        ("--checkpoint", args.checkpoint.is_some()),
        ("--db", args.db.is_some()),
    ]
    .into_iter()
    .filter_map(|(flag, set)| set.then_some(flag))
    .collect();
    if given.is_empty() {
        return Ok(());
    }
    Err(grundy::Error::Invalid(format!(
        "{} has no meaning for {path}; --memory and --checkpoint set the board search and the record runs of heap games, --db the board search",
        given.join(" and ")
    ))
    .into())
}

/// Refuses `--db` for a game whose values do not come from the board search (a flag is never
/// ignored in silence).
pub fn refuse_db(game: &dyn grundy::Ruleset, db: Option<&std::path::Path>) -> Result<(), Failure> {
    match db.is_some() && !game.uses_board_search() {
        true => Err(grundy::Error::Invalid(format!(
            "--db has no meaning for {}: it keeps what the board search proves (boards, graphs and Sprouts, in normal play)",
            game.spec()
        ))
        .into()),
        false => Ok(()),
    }
}

/// Runs `work` with the board search set up as `settings` say ([`search_settings`]): its
/// memory, its checkpoint (and then Ctrl-C saves it and stops), and its status line on the
/// spinner `spinner`.
pub fn with_search<T>(
    settings: &grundy::solve::search::Settings,
    spinner: Option<&crate::progress::Delayed>,
    work: impl FnOnce() -> T,
) -> T {
    if settings.checkpoint.is_some() || settings.db.is_some() {
        crate::stream::watch_interrupt();
    }
    let status = spinner.map(|s| s.status_watcher());
    grundy::solve::search::with_settings(settings.clone(), || match status {
        Some(watcher) => grundy::progress::status_watched(watcher, work),
        None => work(),
    })
}
