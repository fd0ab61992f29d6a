//! Nimstring and Dots-and-Boxes: the values Winning Ways and Berlekamp's book state (through
//! Medworth's account, the stored source) and the values derived by hand, each recomputed in
//! the run with its source named, and the values of empty Dots-and-Boxes boards as far as the
//! search reaches in the mode's budget, with the time each took.

use std::time::Instant;

use super::{check, claim_rows, Grid, Mode, Paper, PaperSection, Row, Steps, Table};
use crate::games::nimstring::theory::REFERENCES;
use crate::games::nimstring::{spec, Nimstring, NimstringSolver};
use crate::{Result, Ruleset};

pub(crate) const TABLES_AND_FIGURES: usize = 2;

pub(crate) fn rows(mode: Mode) -> Vec<Row> {
    vec![check(
        "Values with loony (Winning Ways ch. 16; Berlekamp 2000): outcomes alone and beside a Nim heap",
        "nimstring-rules",
        &[],
        mode.pick(6, 7),
    )]
}

/// The empty boards valued: `(rows, cols)`, the largest last.
fn boards(mode: Mode) -> &'static [(u32, u32)] {
    mode.pick(
        &[(1, 1), (1, 2), (1, 3), (1, 4), (2, 2), (2, 3)],
        &[
            (1, 1),
            (1, 2),
            (1, 3),
            (1, 4),
            (1, 5),
            (1, 6),
            (2, 2),
            (2, 3),
            (3, 3),
        ],
    )
}

/// Every reference position: its value stated (or derived by hand) beside the value computed.
fn references_table() -> Result<Table> {
    let header: Vec<String> = [
        "position",
        "spec",
        "strings left",
        "stated",
        "computed",
        "source",
    ]
    .map(String::from)
    .to_vec();
    let (mut rows, mut marked, mut agrees) = (Vec::new(), Vec::new(), true);
    for r in REFERENCES {
        let game = spec::build_text(r.spec)?;
        let position = match r.position {
            "" => game.start().expect("a picture starts with every string"),
            text => game.parse_position(text)?,
        };
        let computed = NimstringSolver::new(&game).nimstring_value(Nimstring::set(&position))?;
        if computed != r.value {
            agrees = false;
            marked.push((rows.len(), 4));
        }
        rows.push(vec![
            r.name.to_string(),
            r.spec.to_string(),
            game.show_position(&position),
            r.value.to_string(),
            computed.to_string(),
            r.source.to_string(),
        ]);
    }
    let grid = Grid { header, rows };
    Ok(Table {
        id: "nimstring-values".into(),
        title: "Nimstring values of chains, loops, the dipper, the earmuffs and Berlekamp's p. 50 areas".into(),
        note: "Each value computed in this run by the definition (captures, loony, mex over the non-loony cuts, parts added) beside the value its source states; rows marked \"derived by hand\" are derived in the module nimstring::theory from the definition, Winning Ways' own figures not being in the stored literature.".into(),
        layout: grid.clone(),
        data: grid,
        agrees: Some(agrees),
        marked,
    })
}

/// The empty boards of the mode, valued with the time and the parts stored.
fn boards_table(mode: Mode) -> Result<Table> {
    let header: Vec<String> = [
        "board",
        "lines",
        "value",
        "outcome",
        "parts stored",
        "seconds",
    ]
    .map(String::from)
    .to_vec();
    let mut rows = Vec::new();
    for &(r, c) in boards(mode) {
        let game = Nimstring::dots(r, c)?;
        let mut solver = NimstringSolver::new(&game);
        let clock = Instant::now();
        let value = solver.nimstring_value(game.all())?;
        rows.push(vec![
            format!("{r}x{c}"),
            game.len().to_string(),
            value.to_string(),
            value.outcome().to_string(),
            solver.stored().to_string(),
            format!("{:.2}", clock.elapsed().as_secs_f64()),
        ]);
    }
    let grid = Grid { header, rows };
    Ok(Table {
        id: "nimstring-boards".into(),
        title: "Nimstring values of empty Dots-and-Boxes boards".into(),
        note: "Computed in this run (no published table of these values is in the stored literature: nothing to compare); the outcomes are those of Dots-and-Boxes played as Nimstring (whoever completes the last box loses).".into(),
        layout: grid.clone(),
        data: grid,
        agrees: None,
        marked: Vec::new(),
    })
}

pub(crate) fn section(mode: Mode, steps: &mut Steps) -> Result<PaperSection> {
    let claims = claim_rows(rows(mode), steps)?;
    steps.start("Nimstring values");
    let references = references_table()?;
    steps.finish();
    steps.start("Dots-and-Boxes boards");
    let boards = boards_table(mode)?;
    steps.finish();
    Ok(PaperSection {
        paper: Paper::Nimstring,
        claims,
        tables: vec![references, boards],
        figures: Vec::new(),
    })
}
