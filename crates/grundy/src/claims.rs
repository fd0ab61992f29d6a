//! Every claim `grundy verify` checks, by paper.
//!
//! The family folders' claims are listed with their families in the [`registry`], one line per
//! folder. The conventions and surveys above the families (misère play, Nim Fractals) have
//! claims too, but they take any game by its spec and so parse through the registry: they are
//! listed here, after the folders, which keeps every import pointing down (ARCHITECTURE.md,
//! "Layers").

use crate::registry::{self, did_you_mean, Entry};
use crate::verify::Claim;
use crate::{misere, nim_fractals, Error, Result};

/// The papers of the conventions and surveys above the families, after the folders' own.
#[rustfmt::skip]
const ABOVE_THE_FAMILIES: &[Entry] = &[
    Entry::new("Nim Fractals (Khovanova and Xiong)", &[], nim_fractals::claims::CLAIMS),
    Entry::new("Misère play (Conway; Plambeck and Siegel)", &[], misere::claims::CLAIMS),
];

/// Every paper with claims (title and claims), in the order `verify --help` and `verify
/// --list` show them: the family folders in the registry's order, then misère play and Nim
/// Fractals. Folders without claims are left out.
pub fn papers() -> impl Iterator<Item = &'static Entry> {
    registry::ENTRIES
        .iter()
        .chain(ABOVE_THE_FAMILIES)
        .filter(|e| !e.claims.is_empty())
}

/// Every claim.
pub fn all() -> impl Iterator<Item = &'static Claim> {
    papers().flat_map(|e| e.claims)
}

/// The claim called `name`, whatever its case.
pub fn find(name: &str) -> Result<&'static Claim> {
    all()
        .find(|c| c.name.eq_ignore_ascii_case(name))
        .ok_or_else(|| {
            let names: Vec<_> = all().map(|c| c.name).collect();
            Error::Invalid(format!(
                "unknown claim '{name}'{}; known claims: {}",
                did_you_mean(name, &names),
                names.join(", ")
            ))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_found_whatever_their_case() {
        let mut names: Vec<_> = all().map(|c| c.name).collect();
        let count = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), count, "claim names repeat");
        assert!(find("bouton").is_ok() && find("BOUTON").is_ok());
        // The claims above the families are there too.
        assert!(find("misere-bouton").is_ok() && find("lemma-22").is_ok());
        let unknown = find("nope").err().map(|e| e.to_string());
        assert!(unknown.is_some_and(|m| m.contains("bouton")));
        let claim = find("buoton").err().unwrap().to_string();
        assert!(claim.contains("did you mean 'bouton'?"), "{claim}");
    }
}
