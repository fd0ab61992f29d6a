//! The registry: every family folder's spec entries and `verify` claims, one line per folder.
//!
//! A new family is a folder under `games/` (declared in `games/mod.rs`) whose `spec.rs` lists
//! its [`Family`] entries and whose `theory.rs` lists its [`Claim`]s, plus one line in
//! [`ENTRIES`]. The types these lists hold (`spec::Family`, `verify::Claim`) know no family, so
//! nothing below the registry imports it except to parse a game by name
//! ([`spec::parse_game`](crate::spec::parse_game)).

use crate::spec::Family;
use crate::verify::Claim;
use crate::{games, misere, nim_fractals, Error, Result};

/// What one folder contributes: its spec entries and its claims.
pub struct Entry {
    /// What the folder is about, with the paper its claims come from (the heading of its
    /// claims in `verify --help` and `--list`).
    pub title: &'static str,
    /// The families it defines, in the order `--help` lists them.
    pub families: &'static [Family],
    /// The claims `grundy verify` checks for it.
    pub claims: &'static [Claim],
}

impl Entry {
    const fn new(
        title: &'static str,
        families: &'static [Family],
        claims: &'static [Claim],
    ) -> Self {
        Entry {
            title,
            families,
            claims,
        }
    }
}

/// Every folder, in the order `--help` and `verify --list` show them.
#[rustfmt::skip]
pub const ENTRIES: &[Entry] = &[
    Entry::new("Nim (Bouton 1901)", games::nim::spec::FAMILIES, games::nim::theory::CLAIMS),
    Entry::new("Subtraction games", games::subtraction::spec::FAMILIES, &[]),
    Entry::new("Take-away games with a move function (Holshouser and Reiter 2003)", games::takeaway::spec::FAMILIES, games::takeaway::theory::CLAIMS),
    Entry::new("i-Mark and subtraction-division games (Sopena 2016; Friman and Nivasch)", games::subdivision::spec::FAMILIES, games::subdivision::theory::CLAIMS),
    Entry::new("Nim Fractals (Khovanova and Xiong)", &[], nim_fractals::claims::CLAIMS),
    Entry::new("Sharing Nim and Graph Nim (Ho)", games::sharing_nim::spec::FAMILIES, games::sharing_nim::claims::CLAIMS),
    Entry::new("Octal and hexadecimal games (Guy and Smith 1956; Winning Ways)", games::octal::spec::FAMILIES, games::octal::theory::CLAIMS),
    Entry::new("Take-and-break codes (CGSuite notation)", games::takebreak::spec::FAMILIES, &[]),
    Entry::new("Misère play (Conway; Plambeck and Siegel)", &[], misere::claims::CLAIMS),
    Entry::new("Games on a directed graph (Smith 1966; Fraenkel and Yesha)", games::digraph::spec::FAMILIES, games::digraph::theory::CLAIMS),
    Entry::new("Wythoff's game (Wythoff 1907)", games::wythoff::spec::FAMILIES, games::wythoff::theory::CLAIMS),
    Entry::new("Cram (Gardner 1974; Winning Ways ch. 22)", games::cram::spec::FAMILIES, games::cram::theory::CLAIMS),
    Entry::new("Chomp (Gale 1974)", games::chomp::spec::FAMILIES, games::chomp::theory::CLAIMS),
    Entry::new("Node-Kayles and Arc-Kayles on graphs (Schaefer 1978)", games::graph_kayles::spec::FAMILIES, games::graph_kayles::theory::CLAIMS),
];

/// Every family.
pub fn families() -> impl Iterator<Item = &'static Family> {
    ENTRIES.iter().flat_map(|e| e.families)
}

/// Every claim.
pub fn claims() -> impl Iterator<Item = &'static Claim> {
    ENTRIES.iter().flat_map(|e| e.claims)
}

/// The family called `name`, whatever its case (`Kayles` is `kayles`).
pub fn find_family(name: &str) -> Result<&'static Family> {
    families()
        .find(|f| f.name.eq_ignore_ascii_case(name))
        .ok_or_else(|| {
            let names: Vec<_> = families().map(|f| f.name).collect();
            Error::Spec(format!(
                "unknown game '{name}'{}; known games: {} (`grundy games` shows an example of each)",
                did_you_mean(name, &names),
                names.join(", ")
            ))
        })
}

/// The claim called `name`, whatever its case.
pub fn find_claim(name: &str) -> Result<&'static Claim> {
    claims()
        .find(|c| c.name.eq_ignore_ascii_case(name))
        .ok_or_else(|| {
            let names: Vec<_> = claims().map(|c| c.name).collect();
            Error::Invalid(format!(
                "unknown claim '{name}'{}; known claims: {}",
                did_you_mean(name, &names),
                names.join(", ")
            ))
        })
}

/// `; did you mean 'kayles'?` for the known name closest to `name` (Jaro–Winkler similarity at
/// least 0.8, as clap suggests subcommands), or nothing.
pub fn did_you_mean(name: &str, known: &[&str]) -> String {
    let name = name.to_ascii_lowercase();
    known
        .iter()
        .map(|k| (strsim::jaro_winkler(&name, k), *k))
        .filter(|&(score, _)| score >= 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map_or(String::new(), |(_, k)| format!("; did you mean '{k}'?"))
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

    #[test]
    fn names_ignore_case_and_unknown_ones_get_a_suggestion() {
        assert_eq!(find_family("Kayles").unwrap().name, "kayles");
        assert_eq!(find_family("Sharing-NIM").unwrap().name, "sharing-nim");
        let message = |name: &str| find_family(name).err().unwrap().to_string();
        assert!(
            message("kayls").contains("did you mean 'kayles'?"),
            "{}",
            message("kayls")
        );
        assert!(message("sharingnim").contains("did you mean 'sharing-nim'?"));
        assert!(!message("chess").contains("did you mean"));
        assert!(find_claim("BOUTON").is_ok());
        let claim = find_claim("buoton").err().unwrap().to_string();
        assert!(claim.contains("did you mean 'bouton'?"), "{claim}");
    }
}
