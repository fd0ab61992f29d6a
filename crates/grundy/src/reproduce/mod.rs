//! The four papers, and the octal games, misère quotients and board values of the literature,
//! as one report: every numbered table rebuilt from values computed in the run and compared
//! cell by cell with the printed one, the data of the figures, and one row per
//! numbered statement (theorem, lemma, corollary, proposition, conjecture, remark with a
//! formula), checked by its `verify` claim over a stated range or marked "not checkable" with
//! the reason. A row's status uses the words of [`crate::verify::Status`] (holds,
//! counterexample, evidence) and "not checkable"; a row whose claim compares only part of the
//! paper's statement (e.g. the figures a conjecture is based on) is evidence.
//!
//! This module only computes: [`run`] returns a [`Report`] (tables as text cells, figures as
//! numbers); the command line renders it as HTML, Markdown, CSV and pictures. The ranges of each
//! [`Mode`] are fixed here, so `--quick` and the tests run exactly the same checks.

mod boards;
mod imark;
mod misere;
mod nim_fractals;
mod nimstring;
mod notakto;
mod octal;
mod records;
mod sharing_nim;
mod sprouts;
mod takeaway;

use serde::Serialize;

use crate::analysis::GapStats;
use crate::claims;
use crate::nim_fractals::automaton::EvolutionGraph;
use crate::verify::{Params, Verdict};
use crate::{Error, Result};

/// How far the run goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Small ranges: under a minute.
    Quick,
    /// The ranges of the papers where they are stated (e.g. gaps to 2^31 - 1).
    Full,
}

impl Mode {
    /// `quick` in quick mode, `full` otherwise.
    pub fn pick<T>(self, quick: T, full: T) -> T {
        match self {
            Mode::Quick => quick,
            Mode::Full => full,
        }
    }
}

/// One of the four papers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Paper {
    /// N. B. Ho, Three-pile Sharing Nim and the quadratic time winning strategy.
    SharingNim,
    /// A. Holshouser, H. Reiter, One Pile Nim with Arbitrary Move Function.
    Takeaway,
    /// O. Friman, G. Nivasch, Some i-Mark games.
    Imark,
    /// T. Khovanova, J. Xiong, Nim Fractals.
    NimFractals,
    /// Octal games: the known periods (Guy and Smith; Winning Ways; Gangolli and Plambeck;
    /// Flammenkamp), the periodicity theorem, and the record computations (tczajka, Flammenkamp,
    /// Rogalski).
    Octal,
    /// Misère play: the misère quotients of Plambeck and Siegel and the other stored sources.
    Misere,
    /// Boards and graphs: Beling's Cram table, Node-Kayles and Arc-Kayles against the octal
    /// engine, and the Chomp and Node-Kayles values of the literature.
    Boards,
    /// Sprouts: the published outcomes of the starts, normal and misère.
    Sprouts,
    /// Notakto: Plambeck and Whitehead's misère quotient of 3x3 boards.
    Notakto,
    /// Nimstring and Dots-and-Boxes: the values of Winning Ways ch. 16 and Berlekamp's book.
    Nimstring,
}

impl Paper {
    /// Every paper, in report order.
    pub const ALL: [Paper; 10] = [
        Paper::SharingNim,
        Paper::Takeaway,
        Paper::Imark,
        Paper::NimFractals,
        Paper::Octal,
        Paper::Misere,
        Paper::Boards,
        Paper::Sprouts,
        Paper::Notakto,
        Paper::Nimstring,
    ];

    /// The short name `--paper` accepts.
    pub fn name(self) -> &'static str {
        match self {
            Paper::SharingNim => "sharing-nim",
            Paper::Takeaway => "takeaway",
            Paper::Imark => "imark",
            Paper::NimFractals => "nim-fractals",
            Paper::Octal => "octal",
            Paper::Misere => "misere",
            Paper::Boards => "boards",
            Paper::Sprouts => "sprouts",
            Paper::Notakto => "notakto",
            Paper::Nimstring => "nimstring",
        }
    }

    /// The paper by its short name.
    pub fn from_name(name: &str) -> Result<Paper> {
        Paper::ALL
            .into_iter()
            .find(|p| p.name() == name)
            .ok_or_else(|| {
                let names: Vec<_> = Paper::ALL.iter().map(|p| p.name()).collect();
                Error::Invalid(format!(
                    "unknown paper '{name}'; the papers are: {}",
                    names.join(", ")
                ))
            })
    }

    /// Authors and title.
    pub fn citation(self) -> &'static str {
        match self {
            Paper::SharingNim => {
                "N. B. Ho, Three-pile Sharing Nim and the quadratic time winning strategy"
            }
            Paper::Takeaway => {
                "A. Holshouser, H. Reiter, One Pile Nim with Arbitrary Move Function (Electron. J. Combin. 10 (2003) #N7)"
            }
            Paper::Imark => "O. Friman, G. Nivasch, Some i-Mark games",
            Paper::NimFractals => "T. Khovanova, J. Xiong, Nim Fractals",
            Paper::Octal => {
                "Octal games: R. K. Guy, C. A. B. Smith, The G-values of various games (1956); Winning Ways, ch. 4; A. Gangolli, T. Plambeck (1989); A. Flammenkamp's tables; the record computations: tczajka/octal-games, A. Flammenkamp's Grundy's game page, Rogalski's rogalski-wmii-uni-lodz-pl/octal"
            }
            Paper::Misere => {
                "Misère play: T. E. Plambeck, Taming the wild in impartial combinatorial games (2005); T. E. Plambeck, A. N. Siegel, Misère quotients for impartial games (2008); A. N. Siegel (2007); M. Weimerskirch (2015)"
            }
            Paper::Boards => {
                "Boards and graphs: J. Beling's table of Cram values (README of beling/impartial-games; the smaller cells first by J. Lemoine and S. Viennot's Glop); Node-Kayles and Arc-Kayles on paths and cycles (Winning Ways ch. 4); Chomp and Node-Kayles values of the literature (A. E. Brouwer; X. Sun 2002; E. Sheiner 2026; OEIS A002187, A316632, A316533, A395126)"
            }
            Paper::Sprouts => {
                "Sprouts: D. Applegate, G. Jacobson, D. Sleator, Computer Analysis of Sprouts (CMU-CS-91-144, 1991); J. Lemoine, S. Viennot, Computer analysis of Sprouts with nimbers (Games of No Chance 4, 2015, arXiv:1008.2320) and Analysis of misère Sprouts game with reduced canonical trees (arXiv:0908.4407); OEIS A164950"
            }
            Paper::Notakto => {
                "Notakto: T. E. Plambeck, G. Whitehead, The Secrets of Notakto: Winning at X-only Tic-Tac-Toe (arXiv:1301.1672, 2013)"
            }
            Paper::Nimstring => {
                "Nimstring and Dots-and-Boxes: E. R. Berlekamp, J. H. Conway, R. K. Guy, Winning Ways, ch. 12 and 16; E. R. Berlekamp, The Dots-and-Boxes Game (2000), p. 50; as stated by A. Medworth, The Dots-and-Boxes Game (github.com/amdw/dotsandboxes)"
            }
        }
    }

    fn rows(self, mode: Mode) -> Vec<Row> {
        match self {
            Paper::SharingNim => sharing_nim::rows(mode),
            Paper::Takeaway => takeaway::rows(mode),
            Paper::Imark => imark::rows(mode),
            Paper::NimFractals => nim_fractals::rows(mode),
            Paper::Octal => octal::rows(mode),
            Paper::Misere => misere::rows(mode),
            Paper::Boards => boards::rows(mode),
            Paper::Sprouts => sprouts::rows(mode),
            Paper::Notakto => notakto::rows(mode),
            Paper::Nimstring => nimstring::rows(mode),
        }
    }

    fn steps(self, mode: Mode) -> u64 {
        let tables_and_figures = match self {
            Paper::SharingNim => sharing_nim::TABLES_AND_FIGURES,
            Paper::Takeaway => takeaway::TABLES_AND_FIGURES,
            Paper::Imark => imark::TABLES_AND_FIGURES,
            Paper::NimFractals => nim_fractals::TABLES_AND_FIGURES,
            Paper::Octal => octal::TABLES_AND_FIGURES,
            Paper::Misere => misere::TABLES_AND_FIGURES,
            Paper::Boards => boards::TABLES_AND_FIGURES,
            Paper::Sprouts => sprouts::TABLES_AND_FIGURES,
            Paper::Notakto => notakto::TABLES_AND_FIGURES,
            Paper::Nimstring => nimstring::TABLES_AND_FIGURES,
        };
        let rows = self.rows(mode);
        let checks = rows.iter().filter(|r| matches!(r, Row::Check(_))).count();
        (checks + tables_and_figures) as u64
    }
}

/// The whole report.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// The mode it was computed in.
    pub mode: Mode,
    /// One section per paper asked for.
    pub papers: Vec<PaperSection>,
}

impl Report {
    /// Every claim row of every paper.
    pub fn rows(&self) -> impl Iterator<Item = &ClaimRow> {
        self.papers.iter().flat_map(|p| p.claims.iter())
    }
}

/// What the run found for one paper.
#[derive(Debug, Clone, Serialize)]
pub struct PaperSection {
    /// Which paper.
    pub paper: Paper,
    /// One row per numbered statement and check.
    pub claims: Vec<ClaimRow>,
    /// The paper's tables, rebuilt.
    pub tables: Vec<Table>,
    /// The data of its figures.
    pub figures: Vec<FigureData>,
}

/// A numbered statement and how it fared.
#[derive(Debug, Clone, Serialize)]
pub struct ClaimRow {
    /// The paper's label, e.g. "Theorem 2" or "Remark 5".
    pub label: String,
    /// What it says (the claim's statement, or a summary).
    pub statement: String,
    /// The outcome.
    pub status: Status,
}

/// The outcome of a row.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Status {
    /// Checked by a `verify` claim.
    Checked {
        /// The claim's name.
        claim: String,
        /// Its parameters, as passed on the command line.
        params: Vec<(String, String)>,
        /// Its bound.
        to: u64,
        /// What the bound covers.
        range: String,
        /// What the claim compares (its statement), when the row states more (an evidence row).
        compares: Option<String>,
        /// The verdict (its status, the first counterexample, what was not compared).
        verdict: Box<Verdict>,
    },
    /// Not checked by computation, with the reason.
    NotCheckable {
        /// Why.
        reason: String,
    },
}

/// The words a row's status is given in: those of [`crate::verify::Status`], and this one.
pub const NOT_CHECKABLE: &str = "not checkable";

impl ClaimRow {
    /// `holds`, `counterexample`, `evidence` (see [`crate::verify::Status`]) or `not checkable`.
    pub fn outcome(&self) -> &'static str {
        match &self.status {
            Status::Checked { verdict, .. } => verdict.status.word(),
            Status::NotCheckable { .. } => NOT_CHECKABLE,
        }
    }

    /// The command that checks this row alone.
    pub fn command(&self) -> Option<String> {
        match &self.status {
            Status::Checked {
                claim, params, to, ..
            } => Some(command(claim, params, *to)),
            Status::NotCheckable { .. } => None,
        }
    }
}

/// `grundy verify CLAIM --k v ... --to N`, quoted for a POSIX shell.
fn command(claim: &str, params: &[(String, String)], to: u64) -> String {
    let mut cmd = format!("grundy verify {claim}");
    for (k, v) in params {
        let quoted = if v.chars().all(|c| c.is_ascii_alphanumeric() || c == ',') {
            v.clone()
        } else {
            format!("'{v}'")
        };
        cmd.push_str(&format!(" --{k} {quoted}"));
    }
    cmd.push_str(&format!(" --to {to}"));
    cmd
}

/// The `grundy verify` command of every checked row of `papers` in `mode`, without running them.
pub fn commands(papers: &[Paper], mode: Mode) -> Vec<String> {
    let mut out = Vec::new();
    for &paper in papers {
        for row in paper.rows(mode) {
            if let Row::Check(c) = row {
                let params: Vec<(String, String)> = c
                    .params
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect();
                out.push(command(c.claim, &params, c.to));
            }
        }
    }
    out
}

/// A table of text cells.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Grid {
    /// Column headings.
    pub header: Vec<String>,
    /// Rows of cells (an empty string is a blank cell).
    pub rows: Vec<Vec<String>>,
}

/// A table of a paper, rebuilt.
#[derive(Debug, Clone, Serialize)]
pub struct Table {
    /// A file-name stem, e.g. `sharing-nim-table1` (the CSV is `csv/<id>.csv`).
    pub id: String,
    /// The paper's caption, e.g. "Table 1: ...".
    pub title: String,
    /// What was computed and how it compares with the paper.
    pub note: String,
    /// The table as laid out in the paper.
    pub layout: Grid,
    /// The data behind it, one record per line (written as CSV).
    pub data: Grid,
    /// Whether the computed table agrees with the printed one (None: nothing printed to compare).
    pub agrees: Option<bool>,
    /// Cells to emphasise in the layout, as (row, column) indices (e.g. disagreements).
    pub marked: Vec<(usize, usize)>,
}

/// The data of a figure.
#[derive(Debug, Clone, Serialize)]
pub struct FigureData {
    /// A file-name stem: `figures/<id>.svg`, `figures/<id>.png`, `csv/<id>.csv`.
    pub id: String,
    /// The caption.
    pub title: String,
    /// What the axes and colours mean (the pictures have tick labels only).
    pub note: String,
    /// What to draw.
    pub plot: Plot,
    /// What the axes (and the colours of a heat map) show, written on the picture.
    pub axes: Axes,
    /// The data behind it (written as CSV).
    pub data: Grid,
}

/// The titles a picture's axes carry.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Axes {
    /// The horizontal axis.
    pub x: String,
    /// The vertical axis.
    pub y: String,
    /// The colour bar of a heat map (empty otherwise).
    pub colour: String,
}

impl Axes {
    /// Titles for the two axes and, for a heat map, the colour bar.
    pub fn new(x: &str, y: &str, colour: &str) -> Self {
        Axes {
            x: x.into(),
            y: y.into(),
            colour: colour.into(),
        }
    }
}

/// A series of points.
#[derive(Debug, Clone, Serialize)]
pub struct Series {
    /// What it is.
    pub label: String,
    /// The points `(x, y)`.
    pub points: Vec<(f64, f64)>,
}

/// What a figure draws.
#[derive(Debug, Clone, Serialize)]
pub enum Plot {
    /// Values in colour: `cells[row][column]`, `None` blank; row 0 at the bottom.
    Heatmap {
        /// The cells.
        cells: Vec<Vec<Option<u64>>>,
        /// The coordinates of `cells[0][0]`: (column, row), for the tick labels.
        origin: (u64, u64),
        /// How many coordinates a cell spans (1, or a block of a larger table).
        step: u64,
    },
    /// Points (joined by lines when `lines`), with logarithmic axes when `log_x`, `log_y`.
    Points {
        /// One colour each.
        series: Vec<Series>,
        /// Join the points.
        lines: bool,
        /// Logarithmic x axis (for positive x).
        log_x: bool,
        /// Logarithmic y axis.
        log_y: bool,
    },
    /// An evolution graph (nodes at cells, links parent to child).
    Evolution(EvolutionGraph),
}

/// The gap statistics of a finished run of `grundy gaps imark:s=1:d=2,3 --to N --json`, cited in
/// i-Mark's Table 1 (not computed in the report's run, so checked for consistency first).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CitedGaps {
    /// Where it comes from (the file).
    pub source: String,
    /// The last position counted.
    pub to: u64,
    /// The statistics of each value.
    pub gaps: Vec<GapStats>,
}

/// The game whose gaps may be cited.
pub const CITED_GAME: &str = "imark:s=1:d=2,3";

impl CitedGaps {
    /// The statistics of a run of `game` over `0..=to`, refused unless they are consistent: the
    /// game is i-Mark({1},{2,3}); each value is at most 3 (no position has more than three
    /// options) and listed once; its occurrences lie in `0..=to`, with a largest gap between two
    /// of them that fits, and `count - 1` gaps of at most that size spanning `first..=last`;
    /// position 0 has the value 0; and the counts add up to `to + 1`, the size of the range.
    pub fn new(source: &str, game: &str, to: u64, gaps: Vec<GapStats>) -> Result<CitedGaps> {
        let bad = |why: String| Err(Error::Invalid(format!("{source}: {why}")));
        if game != CITED_GAME {
            return bad(format!("a run of {game}, not of {CITED_GAME}"));
        }
        let mut total: u64 = 0;
        for (i, g) in gaps.iter().enumerate() {
            let v = g.value;
            if v > 3 {
                return bad(format!(
                    "value {v}: i-Mark({{1}},{{2,3}}) has values 0 to 3 only"
                ));
            }
            if gaps[..i].iter().any(|h| h.value == v) {
                return bad(format!("value {v} is listed twice"));
            }
            if g.count == 0 || g.first > g.last || g.last > to {
                return bad(format!(
                    "value {v}: count {}, first {}, last {} do not fit 0..={to}",
                    g.count, g.first, g.last
                ));
            }
            if g.count - 1 > g.last - g.first {
                return bad(format!(
                    "value {v}: {} occurrences cannot fit between {} and {}",
                    g.count, g.first, g.last
                ));
            }
            match (g.count, g.max_gap, g.max_gap_from) {
                (1, None, None) if g.first == g.last => {}
                (2.., Some(gap), Some(from))
                    if gap >= 1
                        && from >= g.first
                        && from.checked_add(gap).is_some_and(|end| end <= g.last)
                        && u128::from(g.count - 1) * u128::from(gap)
                            >= u128::from(g.last - g.first) => {}
                _ => {
                    return bad(format!(
                        "value {v}: the largest gap {:?} from {:?} does not fit {} occurrences in {}..={}",
                        g.max_gap, g.max_gap_from, g.count, g.first, g.last
                    ))
                }
            }
            total = total
                .checked_add(g.count)
                .ok_or_else(|| Error::Invalid(format!("{source}: the counts overflow")))?;
        }
        if !gaps.iter().any(|g| g.value == 0 && g.first == 0) {
            return bad("position 0 must have the value 0".into());
        }
        if u128::from(total) != u128::from(to) + 1 {
            return bad(format!(
                "the counts add up to {total}, but 0..={to} has {} positions",
                u128::from(to) + 1
            ));
        }
        Ok(CitedGaps {
            source: source.to_string(),
            to,
            gaps,
        })
    }

    /// The largest gap of `value` and where it starts.
    pub fn max_gap(&self, value: u64) -> Option<(u64, u64)> {
        let g = self.gaps.iter().find(|g| g.value == value)?;
        Some((g.max_gap?, g.max_gap_from?))
    }
}

/// Options beyond the mode.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// A finished gaps run of i-Mark({1},{2,3}) to cite in Table 1.
    pub cited_gaps: Option<CitedGaps>,
}

/// Progress: `(done, total, what is running)`.
pub type Progress<'a> = &'a mut dyn FnMut(u64, u64, &str);

/// Counts finished steps.
pub(crate) struct Steps<'a> {
    done: u64,
    total: u64,
    report: Progress<'a>,
}

impl Steps<'_> {
    /// Announces the step about to run.
    pub(crate) fn start(&mut self, what: &str) {
        (self.report)(self.done, self.total, what);
    }

    /// One more step done.
    pub(crate) fn finish(&mut self) {
        self.done += 1;
        (self.report)(self.done, self.total, "");
    }
}

/// How many steps (claims + tables + figures) a run over `papers` takes.
pub fn steps(papers: &[Paper], mode: Mode) -> u64 {
    papers.iter().map(|p| p.steps(mode)).sum()
}

/// Computes the report for `papers`.
pub fn run(papers: &[Paper], mode: Mode, options: &Options, progress: Progress) -> Result<Report> {
    let mut steps = Steps {
        done: 0,
        total: self::steps(papers, mode),
        report: progress,
    };
    let mut sections = Vec::new();
    for &paper in papers {
        let section = match paper {
            Paper::SharingNim => sharing_nim::section(mode, &mut steps)?,
            Paper::Takeaway => takeaway::section(mode, &mut steps)?,
            Paper::Imark => imark::section(mode, options, &mut steps)?,
            Paper::NimFractals => nim_fractals::section(mode, &mut steps)?,
            Paper::Octal => octal::section(mode, &mut steps)?,
            Paper::Misere => misere::section(mode, &mut steps)?,
            Paper::Boards => boards::section(mode, &mut steps)?,
            Paper::Sprouts => sprouts::section(mode, &mut steps)?,
            Paper::Notakto => notakto::section(mode, &mut steps)?,
            Paper::Nimstring => nimstring::section(mode, &mut steps)?,
        };
        sections.push(section);
    }
    Ok(Report {
        mode,
        papers: sections,
    })
}

/// A statement checked by a claim: `(label, claim name, parameters, bound)`, and for an evidence
/// row the paper's statement and what the claim leaves out of it.
pub(crate) struct Check {
    pub label: &'static str,
    pub claim: &'static str,
    pub params: &'static [(&'static str, &'static str)],
    pub to: u64,
    pub evidence_for: Option<EvidenceFor>,
}

/// The paper's statement of an evidence row, and the part of it no finite check compares.
pub(crate) struct EvidenceFor {
    pub statement: &'static str,
    pub unchecked: &'static str,
}

/// A row for each statement: checked ones run their claim, the others say why not.
pub(crate) enum Row {
    Check(Check),
    NotCheckable {
        label: &'static str,
        statement: &'static str,
        reason: &'static str,
    },
}

/// Shorthand for a checked row.
pub(crate) fn check(
    label: &'static str,
    claim: &'static str,
    params: &'static [(&'static str, &'static str)],
    to: u64,
) -> Row {
    Row::Check(Check {
        label,
        claim,
        params,
        to,
        evidence_for: None,
    })
}

/// A row whose claim is evidence for the paper's `statement`: the claim compares figures or a
/// part of it, and `unchecked` says what it leaves out.
pub(crate) fn evidence(
    label: &'static str,
    statement: &'static str,
    unchecked: &'static str,
    claim: &'static str,
    params: &'static [(&'static str, &'static str)],
    to: u64,
) -> Row {
    Row::Check(Check {
        label,
        claim,
        params,
        to,
        evidence_for: Some(EvidenceFor {
            statement,
            unchecked,
        }),
    })
}

/// Shorthand for a row that is not checked.
pub(crate) fn not_checkable(
    label: &'static str,
    statement: &'static str,
    reason: &'static str,
) -> Row {
    Row::NotCheckable {
        label,
        statement,
        reason,
    }
}

/// Runs the rows' claims in order.
pub(crate) fn claim_rows(rows: Vec<Row>, steps: &mut Steps) -> Result<Vec<ClaimRow>> {
    let mut out = Vec::new();
    for row in rows {
        match row {
            Row::Check(c) => {
                let claim = claims::find(c.claim)?;
                steps.start(&format!("{} ({})", c.claim, c.label));
                let pairs = c.params.iter().map(|(k, v)| (k.to_string(), v.to_string()));
                let params = Params::new(claim, pairs)?;
                let mut verdict = (claim.check)(&params, c.to, &mut |_| {})?;
                steps.finish();
                let (statement, compares) = match &c.evidence_for {
                    Some(e) => {
                        verdict = verdict.evidence(e.unchecked);
                        (e.statement, Some(claim.statement.to_string()))
                    }
                    None => (claim.statement, None),
                };
                out.push(ClaimRow {
                    label: c.label.to_string(),
                    statement: statement.to_string(),
                    status: Status::Checked {
                        claim: claim.name.to_string(),
                        params: c
                            .params
                            .iter()
                            .map(|(k, v)| (k.to_string(), v.to_string()))
                            .collect(),
                        to: c.to,
                        range: claim.range.to_string(),
                        compares,
                        verdict: Box::new(verdict),
                    },
                });
            }
            Row::NotCheckable {
                label,
                statement,
                reason,
            } => out.push(ClaimRow {
                label: label.to_string(),
                statement: statement.to_string(),
                status: Status::NotCheckable {
                    reason: reason.to_string(),
                },
            }),
        }
    }
    Ok(out)
}

/// Cells from anything printable.
pub(crate) fn cells<T: ToString>(values: impl IntoIterator<Item = T>) -> Vec<String> {
    values.into_iter().map(|v| v.to_string()).collect()
}

/// A grid from a header and rows.
pub(crate) fn grid(header: &[&str], rows: Vec<Vec<String>>) -> Grid {
    Grid {
        header: header.iter().map(|h| h.to_string()).collect(),
        rows,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paper_names_round_trip() {
        for p in Paper::ALL {
            assert_eq!(Paper::from_name(p.name()).unwrap(), p);
        }
        let e = Paper::from_name("wythoff").unwrap_err().to_string();
        assert!(e.contains("wythoff") && e.contains("nim-fractals"), "{e}");
    }

    #[test]
    fn the_progress_steps_add_up() {
        let mut last = (0, 0);
        let report = run(
            &[Paper::Takeaway],
            Mode::Quick,
            &Options::default(),
            &mut |d, t, _| last = (d, t),
        )
        .unwrap();
        assert_eq!(last.0, last.1);
        assert_eq!(last.1, steps(&[Paper::Takeaway], Mode::Quick));
        let section = &report.papers[0];
        let checks = section
            .claims
            .iter()
            .filter(|r| matches!(r.status, Status::Checked { .. }))
            .count();
        assert_eq!(
            last.1 as usize,
            checks + section.tables.len() + section.figures.len()
        );
        for p in Paper::ALL {
            let (tables_and_figures, rows) = match p {
                Paper::SharingNim => (
                    sharing_nim::TABLES_AND_FIGURES,
                    sharing_nim::rows(Mode::Quick),
                ),
                Paper::Takeaway => (takeaway::TABLES_AND_FIGURES, takeaway::rows(Mode::Quick)),
                Paper::Imark => (imark::TABLES_AND_FIGURES, imark::rows(Mode::Quick)),
                Paper::NimFractals => (
                    nim_fractals::TABLES_AND_FIGURES,
                    nim_fractals::rows(Mode::Quick),
                ),
                Paper::Octal => (octal::TABLES_AND_FIGURES, octal::rows(Mode::Quick)),
                Paper::Misere => (misere::TABLES_AND_FIGURES, misere::rows(Mode::Quick)),
                Paper::Boards => (boards::TABLES_AND_FIGURES, boards::rows(Mode::Quick)),
                Paper::Sprouts => (sprouts::TABLES_AND_FIGURES, sprouts::rows(Mode::Quick)),
                Paper::Notakto => (notakto::TABLES_AND_FIGURES, notakto::rows(Mode::Quick)),
                Paper::Nimstring => (nimstring::TABLES_AND_FIGURES, nimstring::rows(Mode::Quick)),
            };
            // Every claim named exists, and the counts match the step totals.
            for row in &rows {
                if let Row::Check(c) = row {
                    claims::find(c.claim).unwrap();
                }
            }
            assert!(tables_and_figures > 0 && !rows.is_empty());
        }
    }

    #[test]
    fn command_quotes_expressions() {
        let claim = claims::find("takeaway-main-theorem").unwrap();
        let params = Params::new(claim, []).unwrap();
        let row = ClaimRow {
            label: "Main theorem".into(),
            statement: String::new(),
            status: Status::Checked {
                claim: "takeaway-main-theorem".into(),
                params: vec![("f".into(), "k%3+1".into())],
                to: 100,
                range: String::new(),
                compares: None,
                verdict: Box::new(crate::verify::verdict(claim, &params, 100, 100, None)),
            },
        };
        assert_eq!(
            row.command().unwrap(),
            "grundy verify takeaway-main-theorem --f 'k%3+1' --to 100"
        );
        assert_eq!(row.outcome(), "holds");
        let all = commands(&Paper::ALL, Mode::Quick);
        assert!(all.contains(&"grundy verify nim-uw-turns --to 1".to_string()));
        assert!(all.contains(
            &"grundy verify lemma-22 --game 'subtraction:s=3,4,9,10' --position '_' --to 40"
                .to_string()
        ));
    }

    #[test]
    fn an_evidence_row_says_what_it_leaves_out() {
        let mut steps = Steps {
            done: 0,
            total: 1,
            report: &mut |_, _, _| {},
        };
        let rows = vec![evidence(
            "Conjecture 1",
            "the nim-values of each row of Table 1 are bounded",
            "boundedness itself",
            "sharing-row-maxima",
            &[("rows", "0")],
            510,
        )];
        let row = &claim_rows(rows, &mut steps).unwrap()[0];
        assert_eq!(row.outcome(), "evidence");
        assert_eq!(
            row.statement,
            "the nim-values of each row of Table 1 are bounded"
        );
        let Status::Checked {
            verdict, compares, ..
        } = &row.status
        else {
            panic!("checked")
        };
        assert!(verdict.holds && compares.as_deref().unwrap().starts_with("row maxima"));
        let unchecked = verdict.unchecked.as_deref().unwrap();
        assert!(unchecked.starts_with("the reported maxima of row 0, b = 0..999"));
        assert!(unchecked.ends_with("; boundedness itself"), "{unchecked}");
    }

    fn gaps(value: u64, count: u64, first: u64, last: u64, gap: Option<(u64, u64)>) -> GapStats {
        GapStats {
            value,
            count,
            first,
            last,
            max_gap: gap.map(|g| g.0),
            max_gap_from: gap.map(|g| g.1),
        }
    }

    #[test]
    fn cited_gaps_must_add_up() {
        // i-Mark({1},{2,3}) for n <= 10, by hand: 0 1 0 2 1 0 1 0 2 0 1 (SG(3) = mex{SG(2),
        // SG(1)} = 2, SG(8) = mex{SG(7), SG(4)} = 2; the gaps between equal values follow).
        let good = vec![
            gaps(0, 5, 0, 9, Some((3, 2))),
            gaps(1, 4, 1, 10, Some((4, 6))),
            gaps(2, 2, 3, 8, Some((5, 3))),
        ];
        let cited = CitedGaps::new("f", CITED_GAME, 10, good.clone()).unwrap();
        assert_eq!(cited.max_gap(1), Some((4, 6)));
        let refused = |gaps: Vec<GapStats>, to: u64, game: &str, why: &str| {
            let e = CitedGaps::new("f", game, to, gaps).unwrap_err().to_string();
            assert!(e.contains(why), "{e}");
        };
        refused(good.clone(), 10, "imark:s=1:d=2", "not of imark:s=1:d=2,3");
        refused(
            good.clone(),
            11,
            CITED_GAME,
            "add up to 11, but 0..=11 has 12",
        );
        let mut wrong = good.clone();
        wrong[0].count = 6;
        refused(wrong, 10, CITED_GAME, "add up to 12");
        let mut wrong = good.clone();
        wrong[2].max_gap = Some(6);
        refused(wrong, 10, CITED_GAME, "largest gap");
        let mut wrong = good.clone();
        wrong[1].last = 11;
        refused(wrong, 10, CITED_GAME, "do not fit 0..=10");
        let mut wrong = good.clone();
        wrong[2].value = 0;
        refused(wrong, 10, CITED_GAME, "listed twice");
        let mut wrong = good;
        wrong[2].value = 7;
        refused(wrong, 10, CITED_GAME, "values 0 to 3");
    }
}
