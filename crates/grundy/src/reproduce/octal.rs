//! Octal games: the table of known periods (Guy and Smith 1956, *Winning Ways* ch. 4, Gangolli
//! and Plambeck 1989, Flammenkamp), recomputed and proven with the periodicity theorem, the
//! checks of the engine and of the theorem, and the record computations ([`super::records`]).

use super::{cells, check, claim_rows, grid, Mode, PaperSection, Row, Steps, Table};
use crate::games::octal::theory::{recompute, KNOWN};
use crate::reproduce::Paper;
use crate::Result;

/// Four tables (the known periods; the survey against the published lists; the record
/// computations' rare values and Rogalski's counts); no figures.
pub(crate) const TABLES_AND_FIGURES: usize = 2 + super::records::TABLES;

/// The most values computed per game of the table.
fn limit(mode: Mode) -> u64 {
    mode.pick(100_000, 1_000_000)
}

pub(crate) fn rows(mode: Mode) -> Vec<Row> {
    vec![
        check(
            "The periodicity theorem (Guy and Smith 1956)",
            "octal-periodicity-theorem",
            &[("digits", "2")],
            mode.pick(500, 2000),
        ),
        check(
            "The periodicity theorem, three heaps (hexadecimal codes)",
            "octal-periodicity-theorem",
            &[("digits", "1"), ("base", "hex")],
            mode.pick(150, 400),
        ),
        check(
            "G(n) = mex of the options (the engine against the rule)",
            "octal-engine",
            &[("digits", "2")],
            mode.pick(300, 1000),
        ),
        check(
            "The table of known periods",
            "octal-known-periods",
            &[],
            limit(mode),
        ),
    ]
}

pub(crate) fn section(mode: Mode, steps: &mut Steps) -> Result<PaperSection> {
    let claims = claim_rows(rows(mode), steps)?;
    steps.start("known periods");
    let limit = limit(mode);
    let (mut rows, mut marked) = (Vec::new(), Vec::new());
    let mut all_agree = true;
    let mut skipped = 0;
    for (i, known) in KNOWN.iter().enumerate() {
        let needed = known.values_needed().unwrap_or(u64::MAX);
        let published = |e: Option<u64>| e.map_or("none".into(), |e| e.to_string());
        let mut row = vec![
            known.code.to_string(),
            known.name.unwrap_or("").to_string(),
            known.period.to_string(),
            published(known.last_exception),
            needed.to_string(),
        ];
        if needed > limit {
            skipped += 1;
            row.extend(cells([
                "not recomputed here",
                "",
                "",
                "needs more values than this run computes",
            ]));
        } else {
            let found = recompute(known, limit)?;
            match found.proof {
                Some(p) => {
                    let agrees = found.agrees() == Some(true);
                    all_agree &= agrees;
                    if p.period != known.period {
                        marked.push((i, 5));
                    }
                    if p.last_exception() != known.last_exception {
                        marked.push((i, 6));
                    }
                    row.extend([
                        p.period.to_string(),
                        published(p.last_exception()),
                        p.checked_to.to_string(),
                        if agrees { "yes" } else { "NO" }.to_string(),
                    ]);
                }
                None => {
                    all_agree = false;
                    marked.push((i, 5));
                    row.extend(cells([
                        "not proven",
                        "",
                        found.computed.to_string().as_str(),
                        "NO",
                    ]));
                }
            }
        }
        row.push(known.source.to_string());
        rows.push(row);
    }
    let header = [
        "code",
        "name",
        "period (published)",
        "last exception (published)",
        "values the theorem needs",
        "period (proven here)",
        "last exception (proven here)",
        "values used",
        "agrees",
        "source",
    ];
    // "Agrees with the paper" only when every row was compared; with rows left out the note
    // says how many agree and how many were not recomputed.
    let compared = KNOWN.len() - skipped;
    let agrees = match (all_agree, skipped) {
        (false, _) => Some(false),
        (true, 0) => Some(true),
        (true, _) => None,
    };
    let coverage = if skipped > 0 && all_agree {
        format!(
            "The {compared} games recomputed here agree with the published periods and last exceptions; {skipped} are not recomputed in this mode. "
        )
    } else {
        String::new()
    };
    let table = Table {
        id: "octal-known-periods".into(),
        title: "Known periods of octal games, recomputed and proven".into(),
        note: format!(
            "{coverage}Each game is computed until the periodicity theorem proves its period: G(n + p) = G(n) for n0 <= n < 2 n0 + p + k (k the last non-zero digit) implies it for every n >= n0, so the run stops at 2 n0 + 2p + k values. Games needing more than {limit} values are not recomputed in this mode ({}); 0.1777 needs 443139470 values: `grundy period octal:0.1777 --to 4.5e8` (see BENCHMARKS.md for a run on this machine).",
            mode.pick("the full report goes to 10^6", "see the command below")
        ),
        layout: grid(&header, rows.clone()),
        data: grid(&header, rows),
        agrees,
        marked,
    };
    steps.finish();
    steps.start("survey against the published tables");
    let survey = survey_table(mode)?;
    steps.finish();
    steps.start("record computations: rare values of Grundy's game and Officers");
    let rare = super::records::rare_table(mode)?;
    steps.finish();
    steps.start("record computations: Rogalski's counts per power of two");
    let rogalski = super::records::rogalski_table(mode)?;
    steps.finish();
    Ok(PaperSection {
        paper: Paper::Octal,
        claims,
        tables: vec![table, survey, rare, rogalski],
        figures: Vec::new(),
    })
}

/// Every octal code of the survey's pattern, computed as `grundy survey` does, against the
/// published lists (`survey::published`: the known periods, tczajka/octal-games' trivial,
/// solved and unsolved lists): a count per verdict, then every member that does not simply
/// agree, with both figures.
fn survey_table(mode: Mode) -> Result<Table> {
    use crate::survey;
    let (pattern, to) = mode.pick(("octal:?.??", 1u64 << 14), ("octal:?.???", 1 << 16));
    let members = survey::members(pattern)?;
    let mut rows: Vec<survey::Row> = Vec::with_capacity(members.len());
    survey::run_all(
        survey::groups(&members),
        to,
        &Default::default(),
        &mut |event| {
            if let survey::Event::Ready(row) = event {
                rows.push(row.clone());
            }
            Ok(())
        },
        &|| false,
    )?;
    let mut counts: std::collections::BTreeMap<&str, usize> = Default::default();
    for row in &rows {
        *counts.entry(row.published.as_str()).or_default() += 1;
    }
    let disagreements = counts.get("disagrees").copied().unwrap_or(0);
    let show = |v: Option<u64>| v.map_or(String::new(), |v| v.to_string());
    // The counts by verdict first (the code column names the verdict), then the members.
    let mut layout: Vec<Vec<String>> = counts
        .iter()
        .map(|(word, n)| {
            cells([
                format!("all: {word}"),
                format!("{n} members"),
                String::new(),
                String::new(),
                word.to_string(),
                String::new(),
            ])
        })
        .collect();
    let mut marked = Vec::new();
    for row in rows.iter().filter(|r| r.published != "agrees") {
        if row.published == "disagrees" {
            marked.push((layout.len(), 4));
        }
        layout.push(vec![
            row.game.clone(),
            row.status.clone(),
            show(row.period),
            show(row.preperiod),
            row.published.clone(),
            row.published_detail.clone(),
        ]);
    }
    let header = [
        "game",
        "status",
        "period",
        "preperiod",
        "last_exception",
        "proven",
        "max",
        "computed",
        "published",
        "compared",
    ];
    let data = rows
        .iter()
        .map(|r| {
            vec![
                r.game.clone(),
                r.status.clone(),
                show(r.period),
                show(r.preperiod),
                show(r.last_exception),
                r.proven.to_string(),
                r.max.to_string(),
                r.computed.to_string(),
                r.published.clone(),
                r.published_detail.clone(),
            ]
        })
        .collect();
    Ok(Table {
        id: "octal-survey-published".into(),
        title: format!("Every code {pattern} against the published tables"),
        note: format!(
            "`grundy survey {pattern} --to {to}`: each code computed until the periodicity theorem proves its period or {to} values, then compared with the table of known periods and tczajka/octal-games (trivial games: every computed value; solved games: period, prefix and largest value; unsolved games: open, or new when a period is proven here). The first rows count the members by verdict ({disagreements} disagree); the rows after them are every member that does not simply agree, with what was compared. `unsettled` needs more values than this run computes; `new` is a period proven here for a game the 2018 list calls unsolved."
        ),
        layout: grid(
            &["code", "status", "period", "preperiod", "published", "compared"],
            layout,
        ),
        data: grid(&header, data),
        // Only a disagreement is a verdict on the whole table: with none, open and unsettled
        // rows still compare nothing, so the table does not claim to agree cell by cell.
        agrees: (disagreements > 0).then_some(false),
        marked,
    })
}
