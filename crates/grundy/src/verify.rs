//! Claims that `grundy verify` checks: a theorem (or conjecture) of a paper compared with brute
//! force over a range, with the first counterexample reported when there is one.
//!
//! This module holds the types only; each family lists its claims in `theory.rs` as `CLAIMS`, and
//! [`crate::registry`] gathers them (one line per family). A claim takes named parameters
//! (`--t 3 --d 4` on the command line), each with its default declared beside it, and a bound
//! `to` (what it bounds is the claim's `range`).
//!
//! **How a verdict's status is decided** ([`Status`]):
//! - `holds`: the whole statement was compared with brute force on every case of the stated
//!   finite range, and no case failed. This is evidence for an infinite statement, not a proof.
//! - `counterexample`: a case where the statement fails (the first is reported; most claims
//!   also count the failures in the whole range).
//! - `evidence`: only part of the statement was compared (a necessary condition, the figures a
//!   paper reports for it, or part of a finite statement beyond the range asked for), and that
//!   part held; `unchecked` says what was not compared.
//!
//! The report of `grundy reproduce` adds a fourth word, `not checkable`, for statements no finite
//! computation decides (each with its reason).

use std::cell::RefCell;
use std::collections::BTreeMap;

use serde::Serialize;

use crate::number::parse_u64;
use crate::{Error, Result};

/// Runs a check up to a bound, reporting progress as a fraction of the work done.
pub type Check = fn(&Params, u64, &mut dyn FnMut(f64)) -> Result<Verdict>;

/// A named parameter of a claim.
#[derive(Debug, Clone, Copy)]
pub struct Param {
    /// The name used on the command line (`--name value`).
    pub name: &'static str,
    /// What it means.
    pub meaning: &'static str,
    /// Its value when not given; `None` when it is absent unless given (e.g. an alternative to
    /// another parameter).
    pub default: Option<&'static str>,
}

/// A parameter with a default.
pub const fn param(name: &'static str, meaning: &'static str, default: &'static str) -> Param {
    Param {
        name,
        meaning,
        default: Some(default),
    }
}

/// A parameter without a default (absent unless given).
pub const fn optional(name: &'static str, meaning: &'static str) -> Param {
    Param {
        name,
        meaning,
        default: None,
    }
}

/// A checkable statement.
pub struct Claim {
    /// The name used on the command line, e.g. `bouton`.
    pub name: &'static str,
    /// Where it comes from (paper and theorem).
    pub source: &'static str,
    /// What it says, in a line.
    pub statement: &'static str,
    /// Its parameters, with their defaults.
    pub params: &'static [Param],
    /// What `to` bounds.
    pub range: &'static str,
    /// The bound used when `--to` is not given (for claims whose check does not need one);
    /// `None`: `--to` is required.
    pub default_to: Option<u64>,
    /// Runs the check up to `to`, reporting progress as a fraction of the work done.
    pub check: Check,
}

/// What a check found (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// The whole statement, on every case of the range: no failure.
    Holds,
    /// A case where the statement fails.
    Counterexample,
    /// Part of the statement, with no failure; the rest is named in `unchecked`.
    Evidence,
}

impl Status {
    /// The word used in text and reports.
    pub fn word(self) -> &'static str {
        match self {
            Status::Holds => "holds",
            Status::Counterexample => "counterexample",
            Status::Evidence => "evidence",
        }
    }
}

/// The outcome of a check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// The claim's name.
    pub claim: String,
    /// Every parameter the check used: given, or its default.
    pub params: BTreeMap<String, String>,
    /// The bound it was checked to (see the claim's `range`).
    pub checked_to: u64,
    /// What was found.
    pub status: Status,
    /// No counterexample was found in what was compared (`status` is `holds` or `evidence`).
    pub holds: bool,
    /// The first counterexample, in words.
    pub counterexample: Option<String>,
    /// How many cases were compared.
    pub cases: u64,
    /// Whether every case of the range was compared (false: the check stopped at the first
    /// counterexample).
    pub complete: bool,
    /// How many of the compared cases fail, when the check counts them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub failures: Option<u64>,
    /// For `evidence`: the part of the statement that was not compared.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unchecked: Option<String>,
    /// What else the check found, one line each (evidence, lists, figures a paper reports).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

impl Verdict {
    /// Marks the verdict as evidence: `unchecked` names the part of the statement not compared
    /// (added to what was already named). A counterexample stays a counterexample.
    pub fn evidence(mut self, unchecked: impl Into<String>) -> Self {
        if self.status == Status::Holds {
            self.status = Status::Evidence;
        }
        let unchecked = unchecked.into();
        self.unchecked = Some(match self.unchecked.take() {
            Some(before) => format!("{before}; {unchecked}"),
            None => unchecked,
        });
        self
    }

    /// Adds notes.
    pub fn with_notes(mut self, notes: Vec<String>) -> Self {
        self.notes.extend(notes);
        self
    }

    /// The range line: how many cases, whether the check went through all of them, and how
    /// many failed when counted.
    pub fn cases_in_words(&self) -> String {
        let cases = plural(self.cases, "case");
        match (self.complete, self.failures, self.status) {
            (false, _, _) => format!("stopped at the first counterexample, after {cases}"),
            (true, Some(0), _) | (true, _, Status::Holds | Status::Evidence) => cases,
            (true, Some(n), _) if n == self.cases => match n {
                1 => format!("{cases}, which fails"),
                _ => format!("{cases}, all of which fail"),
            },
            (true, Some(n), _) => format!("{cases}, {n} of them fail"),
            (true, None, _) => {
                format!("{cases}; the first counterexample is reported, the others not counted")
            }
        }
    }
}

fn plural(n: u64, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

/// A claim's named parameters: those given on the command line, and the defaults the check
/// read (so a verdict shows every parameter it depended on).
#[derive(Debug, Clone, Default)]
pub struct Params {
    declared: &'static [Param],
    given: BTreeMap<String, String>,
    used: RefCell<BTreeMap<String, String>>,
}

impl Params {
    /// Parameters from `(name, value)` pairs; names must be among `claim.params`.
    pub fn new(claim: &Claim, pairs: impl IntoIterator<Item = (String, String)>) -> Result<Self> {
        let mut given = BTreeMap::new();
        for (key, value) in pairs {
            if !claim.params.iter().any(|p| p.name == key) {
                let names: Vec<_> = claim
                    .params
                    .iter()
                    .map(|p| format!("--{}", p.name))
                    .collect();
                let accepted = if names.is_empty() {
                    "none".to_string()
                } else {
                    names.join(", ")
                };
                return Err(Error::Invalid(format!(
                    "claim '{}' has no parameter --{key}; its parameters: {accepted}",
                    claim.name
                )));
            }
            given.insert(key, value);
        }
        Ok(Params {
            declared: claim.params,
            given,
            used: RefCell::new(BTreeMap::new()),
        })
    }

    /// The value of `key`: given, else its declared default (recorded as used).
    fn value(&self, key: &str) -> Option<String> {
        let value = self.given.get(key).cloned().or_else(|| {
            self.declared
                .iter()
                .find(|p| p.name == key)
                .and_then(|p| p.default)
                .map(str::to_string)
        })?;
        self.used
            .borrow_mut()
            .insert(key.to_string(), value.clone());
        Some(value)
    }

    /// A numeric parameter: given, else its declared default.
    pub fn number(&self, key: &str) -> Result<u64> {
        let value = self
            .value(key)
            .ok_or_else(|| Error::Invalid(format!("this claim needs --{key}")))?;
        parse_u64(&value).map_err(|e| Error::Invalid(format!("--{key}: {e}")))
    }

    /// A text parameter: given, else its declared default, else `None`.
    pub fn text(&self, key: &str) -> Option<String> {
        self.value(key)
    }

    /// A parameter only if it was given on the command line.
    pub fn given(&self, key: &str) -> Option<&str> {
        self.given.get(key).map(String::as_str)
    }

    /// The parameters as given.
    pub fn as_map(&self) -> &BTreeMap<String, String> {
        &self.given
    }

    /// Every parameter used so far: given, or by default.
    pub fn used(&self) -> BTreeMap<String, String> {
        let mut all = self.used.borrow().clone();
        all.extend(self.given.clone());
        all
    }
}

/// A verdict from a check that stops at the first counterexample (if any) after `cases`
/// compared cases.
pub fn verdict(
    claim: &Claim,
    params: &Params,
    checked_to: u64,
    cases: u64,
    counterexample: Option<String>,
) -> Verdict {
    let holds = counterexample.is_none();
    Verdict {
        claim: claim.name.to_string(),
        params: params.used(),
        checked_to,
        status: if holds {
            Status::Holds
        } else {
            Status::Counterexample
        },
        holds,
        counterexample,
        cases,
        complete: holds,
        failures: holds.then_some(0),
        unchecked: None,
        notes: Vec::new(),
    }
}

/// Counts the cases of a check that goes through the whole range, keeping the first failure.
#[derive(Debug, Default)]
pub struct Tally {
    cases: u64,
    failures: u64,
    first: Option<String>,
}

impl Tally {
    /// No cases yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// One case compared: it fails unless `ok`; `describe` says how (called for the first only).
    pub fn check(&mut self, ok: bool, describe: impl FnOnce() -> String) {
        self.cases += 1;
        if !ok {
            self.failures += 1;
            if self.first.is_none() {
                self.first = Some(describe());
            }
        }
    }

    /// One case compared, failing when `failure` is `Some` (its description).
    pub fn case(&mut self, failure: Option<String>) {
        self.check(failure.is_none(), || failure.unwrap_or_default());
    }

    /// The cases compared so far.
    pub fn cases(&self) -> u64 {
        self.cases
    }

    /// The failures so far.
    pub fn failures(&self) -> u64 {
        self.failures
    }

    /// This tally followed by `other`: cases and failures add up; the first failure is this
    /// one's if it has one, else `other`'s.
    pub fn and(mut self, other: Tally) -> Tally {
        self.cases += other.cases;
        self.failures += other.failures;
        if self.first.is_none() {
            self.first = other.first;
        }
        self
    }

    /// The verdict over every case of the range.
    pub fn verdict(self, claim: &Claim, params: &Params, checked_to: u64) -> Verdict {
        let mut v = verdict(claim, params, checked_to, self.cases, self.first);
        v.complete = true;
        v.failures = Some(self.failures);
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn never(_: &Params, _: u64, _: &mut dyn FnMut(f64)) -> Result<Verdict> {
        unreachable!()
    }

    const CLAIM: Claim = Claim {
        name: "test",
        source: "",
        statement: "",
        params: &[param("n", "a number", "3"), optional("f", "a text")],
        range: "",
        default_to: None,
        check: never,
    };

    #[test]
    fn defaults_are_declared_and_shown_once_used() {
        let p = Params::new(&CLAIM, []).unwrap();
        assert!(p.used().is_empty());
        assert_eq!(p.number("n").unwrap(), 3);
        assert_eq!(p.text("f"), None);
        assert_eq!(p.used(), BTreeMap::from([("n".into(), "3".into())]));
        let p = Params::new(&CLAIM, [("f".into(), "k".into())]).unwrap();
        assert_eq!(p.given("f"), Some("k"));
        assert_eq!(p.given("n"), None);
        assert_eq!(p.used(), BTreeMap::from([("f".into(), "k".into())]));
        let e = Params::new(&CLAIM, [("x".into(), "1".into())]).unwrap_err();
        assert!(e.to_string().contains("--n, --f"), "{e}");
    }

    /// A small bound for each claim, with its default parameters.
    fn small_bound(name: &str) -> u64 {
        match name {
            "nim-theorem1" => 2,
            "nim-parents" | "nim-bounds" | "sharing-complement" | "sharing-lemma1" => 4,
            "digraph-outcomes" | "digraph-smith-sums" => 3,
            "lemma-22" | "remoteness-generation" | "conjunctive" => 6,
            "hackenbush-fusion" => 4,
            "staircase-odd-steps" | "tartan-theorem" => 3,
            "northcott-gaps" => 5,
            "sprouts-normal-outcomes" | "sprouts-misere-outcomes" => 4,
            // Every picture of up to N strings: at most 7 are accepted.
            "nimstring-rules" => 4,
            "fibonacci-nim-zeckendorf" => 30,
            "hackenbush-stalks"
            | "turning-turtles-nim"
            | "mock-turtles-odious"
            | "ruler-values" => 8,
            "nim-max-counts" | "nim-total-counts" | "nim-lemma18" => 10,
            _ if name.starts_with("imark") => 1000,
            _ => 20,
        }
    }

    #[test]
    fn every_claim_reports_progress_with_its_defaults() {
        // The command line draws a bar from these reports; each claim must give some, between 0
        // and 1, and run with its declared defaults.
        let mut silent = Vec::new();
        for claim in crate::claims::all() {
            let params = Params::new(claim, []).unwrap();
            let mut reports = Vec::new();
            let to = small_bound(claim.name);
            let v = (claim.check)(&params, to, &mut |f| reports.push(f))
                .unwrap_or_else(|e| panic!("{}: {e}", claim.name));
            if reports.is_empty() {
                silent.push(claim.name);
            }
            assert!(
                reports.iter().all(|f| (0.0..=1.0).contains(f)),
                "{}: {reports:?}",
                claim.name
            );
            // Every declared default the check used is shown.
            for (k, value) in &v.params {
                let p = claim.params.iter().find(|p| p.name == k).unwrap();
                assert_eq!(p.default, Some(value.as_str()), "{}", claim.name);
            }
        }
        assert!(silent.is_empty(), "no progress reported: {silent:?}");
    }

    #[test]
    fn statuses_and_counts() {
        let p = Params::new(&CLAIM, []).unwrap();
        let mut t = Tally::new();
        for n in 0..10u64 {
            t.check(n % 4 != 3, || format!("n = {n}"));
        }
        let v = t.verdict(&CLAIM, &p, 9);
        assert_eq!(
            (v.status, v.holds, v.cases, v.failures),
            (Status::Counterexample, false, 10, Some(2))
        );
        assert_eq!(v.counterexample.as_deref(), Some("n = 3"));
        assert_eq!(v.cases_in_words(), "10 cases, 2 of them fail");
        let v = verdict(&CLAIM, &p, 9, 4, Some("n = 3".into()));
        assert!(!v.complete);
        assert_eq!(
            v.cases_in_words(),
            "stopped at the first counterexample, after 4 cases"
        );
        let v = verdict(&CLAIM, &p, 9, 10, None).evidence("the rest");
        assert_eq!((v.status, v.holds), (Status::Evidence, true));
        let v = verdict(&CLAIM, &p, 9, 4, Some("x".into())).evidence("the rest");
        assert_eq!(v.status, Status::Counterexample);
    }
}
