//! Notakto: Plambeck and Whitehead's misère quotient of `3 x 3` boards (18 elements, 4
//! P-elements), recomputed from the rules and compared with the paper's presentation
//! ([`crate::misere::published::compare_notakto`]).

use super::{claim_rows, not_checkable, Grid, Mode, Paper, PaperSection, Row, Steps, Table};
use crate::misere::published::compare_notakto;
use crate::Result;

pub(crate) const TABLES_AND_FIGURES: usize = 1;

pub(crate) fn rows(_mode: Mode) -> Vec<Row> {
    vec![not_checkable(
        "Notakto on any number of boards (Plambeck and Whitehead 2013)",
        "a position of any number of 3x3 boards is a misère P-position exactly when the product of its boards' elements is a, b^2, bc or c^2",
        "a statement about every number of boards; the quotient's verification (Plambeck and Siegel's conditions over every sum of boards) proves it, and the table compares the quotient with the paper's",
    )]
}

pub(crate) fn section(mode: Mode, steps: &mut Steps) -> Result<PaperSection> {
    let claims = claim_rows(rows(mode), steps)?;
    steps.start("the Notakto quotient");
    let comparison = compare_notakto()?;
    let header: Vec<String> = ["compared", "published", "computed here", "agrees"]
        .map(String::from)
        .to_vec();
    let mut rows = Vec::new();
    let mut marked = Vec::new();
    for c in comparison.checks {
        if !c.agrees {
            marked.push((rows.len(), 3));
        }
        rows.push(vec![
            c.what,
            c.published,
            c.computed,
            if c.agrees { "yes" } else { "NO" }.to_string(),
        ]);
    }
    let grid = Grid { header, rows };
    let table = Table {
        id: "notakto-quotient".into(),
        title: "Notakto: the misère quotient of 3x3 boards, recomputed".into(),
        note: format!(
            "The quotient of every sum of the {} boards reachable (up to symmetry) is computed from the rules and verified; the paper's presentation is matched by an assignment of its generators (the empty board being c) under which every relation holds, the generators generate ours and the printed P-portion is ours: with 18 elements, an isomorphism. Source: {}; {}.",
            comparison.heaps, comparison.source, comparison.provenance
        ),
        layout: grid.clone(),
        data: grid,
        agrees: Some(comparison.agrees),
        marked,
    };
    steps.finish();
    Ok(PaperSection {
        paper: Paper::Notakto,
        claims,
        tables: vec![table],
        figures: Vec::new(),
    })
}
