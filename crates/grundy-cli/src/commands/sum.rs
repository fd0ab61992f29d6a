//! `grundy sum GAME POS [GAME POS ...]`: a disjunctive sum, valued from its components.

use std::io::Write;

use super::{unsupported, write_json, write_json_loony, Outcome};
use crate::cli::{Format, SumArgs};
use grundy::{query, Ruleset};

pub fn run(args: SumArgs, out: &mut dyn Write) -> Outcome {
    let search = crate::cli::SearchArgs {
        memory: None,
        checkpoint: None,
        db: args.db.clone(),
    };
    let settings = super::search_settings(&search)?;
    match args.db.is_some() {
        true => super::with_search(&settings, None, || run_in(args, out)),
        false => run_in(args, out),
    }
}

fn run_in(args: SumArgs, out: &mut dyn Write) -> Outcome {
    let (games, misere_play) = super::parse_sum_components(&args.components, args.misere)?;
    if misere_play && args.db.is_some() {
        return Err(grundy::Error::Invalid(
            "--db has no meaning for sum in misère play; it keeps what the board search proves in normal play".into(),
        )
        .into());
    }
    if misere_play {
        return misere(games, args, out);
    }
    for (game, _) in &games {
        super::refuse_db(game.as_ref(), args.db.as_deref())?;
    }
    let components: Vec<(&dyn Ruleset, &[u64])> = games
        .iter()
        .map(|(g, p)| (g.as_ref(), p.as_slice()))
        .collect();
    let report = {
        let working = crate::progress::delayed("computing");
        working.watch(|| query::sum(&components))?
    };
    match args.output.format() {
        Format::Json => {
            // Through a JSON value: its keys sorted, as ever.
            write_json_loony(out, &serde_json::json!(report))
        }
        Format::Text => {
            for (i, c) in report.components.iter().enumerate() {
                writeln!(
                    out,
                    "  {} {} {}: value {} ({})",
                    i + 1,
                    c.game,
                    games[i].0.show_position(&c.position),
                    shown(c.value, &c.infinite, c.loony),
                    c.method
                )?;
            }
            let meaning = super::meaning(report.outcome);
            writeln!(
                out,
                "sum of {} component(s): value {} ({}), {}-position ({meaning})",
                report.components.len(),
                shown(report.value, &report.infinite, report.loony),
                if report.loony {
                    "a loony component: the player to move wins"
                } else if report.components.iter().all(|c| c.infinite.is_none()) {
                    "the nim-sum"
                } else {
                    "Smith's sum rule"
                },
                report.outcome
            )?;
            for m in &report.winning_moves {
                writeln!(
                    out,
                    "  winning: in component {}, {} -> {} (value {}{})",
                    m.component + 1,
                    m.description,
                    games[m.component].0.show_position(&m.to),
                    shown(m.value, &None, m.loony),
                    if m.again { ", and move again" } else { "" }
                )?;
            }
            for &i in &report.unlisted {
                writeln!(
                    out,
                    "  component {} has too many moves to list; its winning moves are those to value {}",
                    i + 1,
                    report.components[i].value.unwrap_or(0) ^ report.value.unwrap_or(0)
                )?;
            }
            Ok(())
        }
        format => Err(unsupported(format, "sum (use text or json)")),
    }
}

/// A value as text: `3`, `loony`, or Smith's `∞(K)`.
fn shown(value: Option<u64>, infinite: &Option<Vec<u64>>, loony: bool) -> String {
    match (value, infinite) {
        _ if loony => "loony".into(),
        (Some(v), _) => v.to_string(),
        (None, Some(k)) => grundy::solve::loopy::LoopyValue::Infinite(k.clone()).to_string(),
        (None, None) => "?".into(),
    }
}

/// `sum --misere`: the outcome of the whole sum under misère play (`query::misere_sum`).
fn misere(games: Vec<super::Component>, args: SumArgs, out: &mut dyn Write) -> Outcome {
    let components: Vec<(&dyn Ruleset, &[u64])> = games
        .iter()
        .map(|(g, p)| (g.as_ref(), p.as_slice()))
        .collect();
    let report = {
        let working = crate::progress::delayed("computing");
        working.watch(|| query::misere_sum(&components))?
    };
    match args.output.format() {
        Format::Json => {
            // Through a JSON value: its keys sorted, as ever.
            write_json(out, &serde_json::json!(report))
        }
        Format::Text => {
            for (i, c) in report.components.iter().enumerate() {
                writeln!(
                    out,
                    "  {} {} {}",
                    i + 1,
                    c.game,
                    games[i].0.show_position(&c.position)
                )?;
            }
            let meaning = super::meaning(report.outcome);
            let value = report.value.map_or(String::new(), |v| {
                format!("misère value G- {v} (of the whole sum), ")
            });
            writeln!(
                out,
                "misère sum of {} component(s): {value}{}-position ({meaning})",
                report.components.len(),
                report.outcome
            )?;
            writeln!(out, "method: {}", report.method)?;
            for m in &report.winning_moves {
                writeln!(
                    out,
                    "  winning: in component {}, {} -> {}",
                    m.component + 1,
                    m.description,
                    games[m.component].0.show_position(&m.to)
                )?;
            }
            Ok(())
        }
        format => Err(unsupported(format, "sum (use text or json)")),
    }
}
