//! Sprouts: the outcomes of the starts of `p` spots, normal and misère, recomputed and compared
//! with Applegate, Jacobson and Sleator (1991), Lemoine and Viennot (2015, and OEIS A164950 for
//! misère play). Every outcome in the table is computed in the run; the published ones beyond
//! the run's bound are listed as not recomputed.

use std::time::Instant;

use super::{check, claim_rows, not_checkable, Grid, Mode, Paper, PaperSection, Row, Steps, Table};
use crate::games::sprouts::{theory, Sprouts};
use crate::misere::play::MisereSolver;
use crate::{Result, Ruleset, Solver};

pub(crate) const TABLES_AND_FIGURES: usize = 1;

/// The starts valued in normal play: 1..=this.
fn normal_to(mode: Mode) -> u64 {
    mode.pick(6, 11)
}

/// The starts valued in misère play: 1..=this.
fn misere_to(mode: Mode) -> u64 {
    mode.pick(6, 11)
}

pub(crate) fn rows(mode: Mode) -> Vec<Row> {
    vec![
        check(
            "Normal outcomes (AJS 1991 to 11; Lemoine and Viennot to 32)",
            "sprouts-normal-outcomes",
            &[],
            normal_to(mode),
        ),
        check(
            "Misère outcomes (AJS 1991 to 9; OEIS A164950 to 20)",
            "sprouts-misere-outcomes",
            &[],
            misere_to(mode),
        ),
        not_checkable(
            "The Sprouts conjecture (AJS 1991)",
            "the first player wins normal Sprouts from p spots exactly when p mod 6 is 3, 4 or 5",
            "a statement about every p; the run compares the starts it values with the published outcomes",
        ),
    ]
}

fn word(wins: bool) -> &'static str {
    match wins {
        true => "first player wins",
        false => "first player loses",
    }
}

/// The outcomes table: each start valued in the run (normal by the board search, misère by the
/// search over whole positions) beside the published outcome.
fn outcomes_table(mode: Mode) -> Result<Table> {
    let game = Sprouts;
    let mut normal = game.solver().expect("Sprouts has its solver");
    let mut misere = MisereSolver::new(&game);
    let last = theory::NORMAL_FIRST_PLAYER_WINS.len() as u64;
    let header: Vec<String> = [
        "spots",
        "normal (published)",
        "normal (computed)",
        "seconds",
        "misère (published)",
        "misère (computed)",
        "seconds",
    ]
    .map(String::from)
    .to_vec();
    let mut rows = Vec::new();
    let mut marked = Vec::new();
    let mut agrees = true;
    for p in 1..=last {
        let start = Sprouts::start_position(p as usize)?;
        let mut row = vec![p.to_string()];
        let published = theory::NORMAL_FIRST_PLAYER_WINS[p as usize - 1];
        row.push(word(published).into());
        if p <= normal_to(mode) {
            let clock = Instant::now();
            let wins = normal.outcome_alone(&start)?.outcome == crate::Outcome::N;
            row.push(word(wins).into());
            row.push(format!("{:.2}", clock.elapsed().as_secs_f64()));
            if wins != published {
                agrees = false;
                marked.push((rows.len(), 2));
            }
        } else {
            row.extend(["not recomputed".into(), String::new()]);
        }
        match theory::MISERE_FIRST_PLAYER_WINS.get(p as usize - 1) {
            Some(&published) => {
                row.push(word(published).into());
                if p <= misere_to(mode) {
                    let clock = Instant::now();
                    let wins = misere.evaluate_outcome(&start)?.outcome == crate::Outcome::N;
                    row.push(word(wins).into());
                    row.push(format!("{:.2}", clock.elapsed().as_secs_f64()));
                    if wins != published {
                        agrees = false;
                        marked.push((rows.len(), 5));
                    }
                } else {
                    row.extend(["not recomputed".into(), String::new()]);
                }
            }
            None => row.extend(["not published".into(), String::new(), String::new()]),
        }
        rows.push(row);
    }
    let grid = Grid { header, rows };
    Ok(Table {
        id: "sprouts-outcomes".into(),
        title: "Sprouts: the outcome of the start of p spots, normal and misère play".into(),
        note: format!(
            "Computed in this run: normal play for p = 1..{} (the board search over lands, asked only whether the value is 0), misère play for p = 1..{} (G- by the definition over whole positions to 4 spots, the misère outcome search over whole positions beyond, lands of at most 7 lives by their misère canonical forms); published: AJS 1991 (normal to 11, misère to 9), Lemoine and Viennot 2015 (normal to 32), OEIS A164950 (misère to 20). The other rows are the published outcomes only.",
            normal_to(mode),
            misere_to(mode)
        ),
        layout: grid.clone(),
        data: grid,
        agrees: Some(agrees),
        marked,
    })
}

pub(crate) fn section(mode: Mode, steps: &mut Steps) -> Result<PaperSection> {
    let claims = claim_rows(rows(mode), steps)?;
    steps.start("Sprouts outcomes");
    let table = outcomes_table(mode)?;
    steps.finish();
    Ok(PaperSection {
        paper: Paper::Sprouts,
        claims,
        tables: vec![table],
        figures: Vec::new(),
    })
}
