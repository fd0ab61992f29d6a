//! Claims that `grundy verify` checks: a theorem (or conjecture) of a paper compared with brute
//! force over a range, with the first counterexample reported when there is one.
//!
//! This module holds the types only; each family lists its claims in `theory.rs` as `CLAIMS`, and
//! [`crate::registry`] gathers them (one line per family). A claim takes named parameters
//! (`--t 3 --d 4` on the command line) and a bound `to`.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::number::parse_u64;
use crate::{Error, Result};

/// Runs a check up to a bound, reporting progress as a fraction of the work done.
pub type Check = fn(&Params, u64, &mut dyn FnMut(f64)) -> Result<Verdict>;

/// A checkable statement.
pub struct Claim {
    /// The name used on the command line, e.g. `bouton`.
    pub name: &'static str,
    /// Where it comes from (paper and theorem).
    pub source: &'static str,
    /// What it says, in a line.
    pub statement: &'static str,
    /// Its parameters: (name, meaning and default).
    pub params: &'static [(&'static str, &'static str)],
    /// What `to` bounds.
    pub range: &'static str,
    /// Runs the check up to `to`, reporting progress as a fraction of the work done.
    pub check: Check,
}

/// The outcome of a check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// The claim's name.
    pub claim: String,
    /// The parameters it was checked with.
    pub params: BTreeMap<String, String>,
    /// The bound it was checked to (see the claim's `range`).
    pub checked_to: u64,
    /// Whether it held everywhere checked.
    pub holds: bool,
    /// The first counterexample, in words, when it does not hold.
    pub counterexample: Option<String>,
    /// How many cases were compared.
    pub cases: u64,
    /// What else the check found, one line each (evidence, lists, figures a paper reports).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// A claim's named parameters, as given on the command line.
#[derive(Debug, Clone, Default)]
pub struct Params {
    values: BTreeMap<String, String>,
}

impl Params {
    /// Parameters from `(name, value)` pairs; names must be among `claim.params`.
    pub fn new(claim: &Claim, pairs: impl IntoIterator<Item = (String, String)>) -> Result<Self> {
        let mut values = BTreeMap::new();
        for (key, value) in pairs {
            if !claim.params.iter().any(|(name, _)| *name == key) {
                let names: Vec<_> = claim.params.iter().map(|(n, _)| format!("--{n}")).collect();
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
            values.insert(key, value);
        }
        Ok(Params { values })
    }

    /// A numeric parameter, or `default` when absent.
    pub fn number(&self, key: &str, default: u64) -> Result<u64> {
        self.values.get(key).map_or(Ok(default), |v| {
            parse_u64(v).map_err(|e| Error::Invalid(format!("--{key}: {e}")))
        })
    }

    /// A text parameter, if given.
    pub fn text(&self, key: &str) -> Option<&str> {
        self.values.get(key).map(String::as_str)
    }

    /// The parameters as given.
    pub fn as_map(&self) -> &BTreeMap<String, String> {
        &self.values
    }
}

/// A verdict from the first counterexample found (if any) over `cases` compared cases.
pub fn verdict(
    claim: &Claim,
    params: &Params,
    checked_to: u64,
    cases: u64,
    counterexample: Option<String>,
) -> Verdict {
    Verdict {
        claim: claim.name.to_string(),
        params: params.as_map().clone(),
        checked_to,
        holds: counterexample.is_none(),
        counterexample,
        cases,
        notes: Vec::new(),
    }
}
