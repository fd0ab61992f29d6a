//! The registry: every family folder's spec entries and `verify` claims, one line per folder.
//!
//! A new family is a folder under `games/` (declared in `games/mod.rs`) whose `spec.rs` lists
//! its [`Family`] entries and whose `theory.rs` lists its [`Claim`]s, plus one line in
//! [`ENTRIES`]. The types these lists hold (`family::Family`, `verify::Claim`) know no family,
//! so no family imports the registry; [`spec::parse_game`](crate::spec::parse_game) finds a
//! family here by name.
//!
//! The registry sits just above the families and below the conventions and surveys (misère
//! play, Nim Fractals, surveys), which take any game by its spec and so parse through it. Their
//! own claims are therefore not listed here but in [`crate::claims`], which lists every claim
//! `grundy verify` knows.

use crate::family::Family;
use crate::verify::Claim;
use crate::{games, Error, Result};

/// What one folder contributes: its spec entries and its claims.
pub struct Entry {
    /// What the folder is about, with the paper its claims come from (the heading of its
    /// claims in `verify --help` and `--list`, [`crate::claims::papers`]).
    pub title: &'static str,
    /// The families it defines, in the order `--help` lists them.
    pub families: &'static [Family],
    /// The claims `grundy verify` checks for it.
    pub claims: &'static [Claim],
}

impl Entry {
    /// An entry (`families` empty for the papers of [`crate::claims`] above the families).
    pub const fn new(
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

/// Every family folder, in the order `--help` and `verify --list` show them.
#[rustfmt::skip]
pub const ENTRIES: &[Entry] = &[
    Entry::new("Nim (Bouton 1901)", games::nim::spec::FAMILIES, games::nim::theory::CLAIMS),
    Entry::new("Subtraction games", games::subtraction::spec::FAMILIES, &[]),
    Entry::new("Take-away games with a move function (Holshouser and Reiter 2003)", games::takeaway::spec::FAMILIES, games::takeaway::theory::CLAIMS),
    Entry::new("i-Mark and subtraction-division games (Sopena 2016; Friman and Nivasch)", games::subdivision::spec::FAMILIES, games::subdivision::theory::CLAIMS),
    Entry::new("Sharing Nim and Graph Nim (Ho)", games::sharing_nim::spec::FAMILIES, games::sharing_nim::claims::CLAIMS),
    Entry::new("Octal and hexadecimal games (Guy and Smith 1956; Winning Ways)", games::octal::spec::FAMILIES, games::octal::theory::CLAIMS),
    Entry::new("Take-and-break codes (CGSuite notation)", games::takebreak::spec::FAMILIES, &[]),
    Entry::new("Games on a directed graph (Smith 1966; Fraenkel and Yesha)", games::digraph::spec::FAMILIES, games::digraph::theory::CLAIMS),
    Entry::new("Wythoff's game (Wythoff 1907)", games::wythoff::spec::FAMILIES, games::wythoff::theory::CLAIMS),
    Entry::new("Moore's Nim_k (Moore 1910; Winning Ways ch. 15)", games::moore::spec::FAMILIES, games::moore::theory::CLAIMS),
    Entry::new("Staircase Nim (Ferguson, Game Theory, Part I)", games::staircase::spec::FAMILIES, games::staircase::theory::CLAIMS),
    Entry::new("Fibonacci Nim (Whinihan 1963)", games::fibonacci::spec::FAMILIES, games::fibonacci::theory::CLAIMS),
    Entry::new("Northcott's game (impartial: checkers slide toward each other)", games::northcott::spec::FAMILIES, games::northcott::theory::CLAIMS),
    Entry::new("Lasker's Nim (Winning Ways ch. 4)", games::lasker::spec::FAMILIES, games::lasker::theory::CLAIMS),
    Entry::new("Euclid's game (Cole and Davie 1969)", games::euclid::spec::FAMILIES, games::euclid::theory::CLAIMS),
    Entry::new("Cram (Gardner 1974; Winning Ways ch. 22)", games::cram::spec::FAMILIES, games::cram::theory::CLAIMS),
    Entry::new("Chomp (Gale 1974)", games::chomp::spec::FAMILIES, games::chomp::theory::CLAIMS),
    Entry::new("Node-Kayles and Arc-Kayles on graphs (Schaefer 1978)", games::graph_kayles::spec::FAMILIES, games::graph_kayles::theory::CLAIMS),
    Entry::new("Sprouts (Conway and Paterson 1967; Applegate, Jacobson and Sleator 1991; Lemoine and Viennot 2015)", games::sprouts::spec::FAMILIES, games::sprouts::theory::CLAIMS),
    Entry::new("X-only tic-tac-toe and Notakto (Plambeck and Whitehead 2013)", games::xonly::spec::FAMILIES, games::xonly::theory::CLAIMS),
    Entry::new("Green Hackenbush (Winning Ways ch. 7)", games::hackenbush::spec::FAMILIES, games::hackenbush::theory::CLAIMS),
    Entry::new("Nimstring and Dots-and-Boxes (Winning Ways ch. 16; Berlekamp 2000)", games::nimstring::spec::FAMILIES, games::nimstring::theory::CLAIMS),
    Entry::new("Coin-turning games (Winning Ways ch. 14)", games::coins::spec::FAMILIES, games::coins::theory::CLAIMS),
    Entry::new("Two-dimensional coin-turning games: Turning Corners and the Tartan theorem (Winning Ways ch. 14)", games::tartan::spec::FAMILIES, games::tartan::theory::CLAIMS),
];

/// Every family.
pub fn families() -> impl Iterator<Item = &'static Family> {
    ENTRIES.iter().flat_map(|e| e.families)
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
        assert!(find_family("nim").is_ok());
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
    }
}
