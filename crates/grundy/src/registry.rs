//! The registry: every family folder's spec entries and `verify` claims, one line per folder.
//!
//! A new family is a folder under `games/` (declared in `games/mod.rs`) whose `spec.rs` lists
//! its [`Family`] entries and whose `theory.rs` lists its [`Claim`]s, plus one line in
//! [`ENTRIES`]. The types these lists hold (`spec::Family`, `verify::Claim`) know no family, so
//! nothing below the registry imports it except to parse a game by name
//! ([`spec::parse_game`](crate::spec::parse_game)).

use crate::spec::Family;
use crate::verify::Claim;
use crate::{count, games, misere, Error, Result};

/// What one folder contributes: its spec entries and its claims.
pub struct Entry {
    /// The families it defines, in the order `--help` lists them.
    pub families: &'static [Family],
    /// The claims `grundy verify` checks for it.
    pub claims: &'static [Claim],
}

impl Entry {
    const fn new(families: &'static [Family], claims: &'static [Claim]) -> Self {
        Entry { families, claims }
    }
}

/// Every folder, in the order `--help` and `verify --list` show them.
#[rustfmt::skip]
pub const ENTRIES: &[Entry] = &[
    Entry::new(games::nim::spec::FAMILIES, games::nim::theory::CLAIMS),
    Entry::new(games::subtraction::spec::FAMILIES, &[]),
    Entry::new(games::takeaway::spec::FAMILIES, games::takeaway::theory::CLAIMS),
    Entry::new(games::subdivision::spec::FAMILIES, games::subdivision::theory::CLAIMS),
    Entry::new(&[], count::claims::CLAIMS),
    Entry::new(games::sharing_nim::spec::FAMILIES, games::sharing_nim::theory::CLAIMS),
    Entry::new(games::octal::spec::FAMILIES, games::octal::theory::CLAIMS),
    Entry::new(games::takebreak::spec::FAMILIES, &[]),
    Entry::new(&[], misere::claims::CLAIMS),
];

/// Every family.
pub fn families() -> impl Iterator<Item = &'static Family> {
    ENTRIES.iter().flat_map(|e| e.families)
}

/// Every claim.
pub fn claims() -> impl Iterator<Item = &'static Claim> {
    ENTRIES.iter().flat_map(|e| e.claims)
}

/// The family called `name`.
pub fn find_family(name: &str) -> Result<&'static Family> {
    families().find(|f| f.name == name).ok_or_else(|| {
        let names: Vec<_> = families().map(|f| f.name).collect();
        Error::Spec(format!(
            "unknown game '{name}'; known games: {}",
            names.join(", ")
        ))
    })
}

/// The claim called `name`.
pub fn find_claim(name: &str) -> Result<&'static Claim> {
    claims().find(|c| c.name == name).ok_or_else(|| {
        let names: Vec<_> = claims().map(|c| c.name).collect();
        Error::Invalid(format!(
            "unknown claim '{name}'; known claims: {}",
            names.join(", ")
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique() {
        let mut names: Vec<_> = families().map(|f| f.name).collect();
        let count = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), count, "family names repeat");
        let mut names: Vec<_> = claims().map(|c| c.name).collect();
        let count = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), count, "claim names repeat");
        assert!(find_family("nim").is_ok() && find_claim("bouton").is_ok());
        let unknown = find_claim("nope").err().map(|e| e.to_string());
        assert!(unknown.is_some_and(|m| m.contains("bouton")));
    }
}
