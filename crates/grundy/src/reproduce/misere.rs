//! Misère play: the quotients printed in the stored sources (Plambeck 2005, Plambeck and Siegel
//! 2008, Siegel 2007, Weimerskirch 2015, and later transcriptions, each named), recomputed and
//! compared element by element, and the checks of the quotient engine against the definition.

use super::{check, claim_rows, grid, Mode, PaperSection, Row, Steps, Table};
use crate::misere::published::{compare, PUBLISHED};
use crate::reproduce::Paper;
use crate::Result;

/// One table; no figures.
pub(crate) const TABLES_AND_FIGURES: usize = 1;

/// The largest heap bound recomputed (Dawson's Kayles to heap 33 takes seconds in release).
fn limit(mode: Mode) -> u64 {
    mode.pick(26, 33)
}

pub(crate) fn rows(mode: Mode) -> Vec<Row> {
    vec![
        check(
            "Bouton's misère rule",
            "misere-bouton",
            &[],
            mode.pick(24, 40),
        ),
        check(
            "The genus of Nim heaps (tame genera)",
            "misere-nim-genus",
            &[],
            mode.pick(16, 32),
        ),
        check(
            "Subtraction games are tame in misère play",
            "misere-subtraction-tame",
            &[("digits", "5")],
            mode.pick(40, 100),
        ),
        check(
            "The quotient gives the misère outcome of every position (two-digit octal codes)",
            "misere-quotient-definition",
            &[("digits", "2")],
            mode.pick(12, 16),
        ),
        check(
            "The quotient gives the misère outcome of every position (three-digit octal codes)",
            "misere-quotient-definition",
            &[("digits", "3")],
            mode.pick(8, 16),
        ),
        check(
            "The periodicity theorem for misère quotients",
            "misere-quotient-periodicity",
            &[("digits", "2")],
            mode.pick(30, 60),
        ),
        check(
            "The published quotients",
            "misere-published-quotients",
            &[],
            limit(mode),
        ),
    ]
}

pub(crate) fn section(mode: Mode, steps: &mut Steps) -> Result<PaperSection> {
    let claims = claim_rows(rows(mode), steps)?;
    steps.start("published misère quotients");
    let limit = limit(mode);
    let (mut rows, mut marked) = (Vec::new(), Vec::new());
    let (mut all_agree, mut skipped) = (true, 0);
    for published in PUBLISHED {
        let head = [published.game.to_string(), published.heaps.to_string()];
        let source = [
            published.source.to_string(),
            published.provenance.to_string(),
        ];
        if published.heaps > limit {
            skipped += 1;
            let mut row = head.to_vec();
            row.extend(["not recomputed in this mode", "", "", ""].map(String::from));
            row.extend(source);
            rows.push(row);
            continue;
        }
        let comparison = compare(published)?;
        all_agree &= comparison.agrees;
        for (i, c) in comparison.checks.into_iter().enumerate() {
            if !c.agrees {
                marked.push((rows.len(), 5));
            }
            let mut row = head.to_vec();
            row.extend([
                c.what,
                c.published,
                c.computed,
                if c.agrees { "yes" } else { "NO" }.to_string(),
            ]);
            // The source once per quotient.
            row.extend(if i == 0 {
                source.clone()
            } else {
                [String::new(), String::new()]
            });
            rows.push(row);
        }
    }
    let header = [
        "game",
        "heaps up to",
        "compared",
        "published",
        "computed here",
        "agrees",
        "source",
        "read from",
    ];
    let table = Table {
        id: "misere-quotients".into(),
        title: "Misère quotients of the literature, recomputed".into(),
        note: format!(
            "Each quotient is computed here for the printed heap bound and compared: its order, |P|, and where a presentation is printed, its generators sent to the classes of their heaps, every relation, the P-portion and every heap's class. 'read from' says whether the figure comes from the stored copy of the source or from a later author's transcription of it (the stored copies of Plambeck 2005 and Plambeck-Siegel 2008 end after their first page). Bounds above {limit} are {}.",
            mode.pick("recomputed by the full report", "beyond this report")
        ),
        layout: grid(&header, rows.clone()),
        data: grid(&header, rows),
        // "Agrees" only when every printed quotient was recomputed.
        agrees: (skipped == 0 || !all_agree).then_some(all_agree),
        marked,
    };
    steps.finish();
    Ok(PaperSection {
        paper: Paper::Misere,
        claims,
        tables: vec![table],
        figures: Vec::new(),
    })
}
