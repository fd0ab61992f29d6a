//! Sprouts (Conway and Paterson, 1967; Gardner, Scientific American, July 1967): spots are
//! drawn on paper; a move draws a curve from a spot to a spot (or to itself) that crosses no
//! curve and touches no spot on its way, and puts a new spot on it; no spot may have more than
//! three curves at it. Who cannot move loses (normal play); under misère play, who moves last
//! loses. A game of `p` spots lasts at least `2p` and at most `3p - 1` moves: each move uses two
//! lives and adds a spot with one, and the last spot made keeps its life.
//!
//! **Positions** are written in Glop's notation ([`notation`], Lemoine and Viennot): lands,
//! regions, boundaries, spots by their lives, letters for spots seen twice. A bare number `p` is
//! the start with `p` spots. Every position is brought to a canonical form ([`land`]): what can
//! no longer be played dropped, the lands apart, each written as the least of all the ways of
//! writing it, so equal positions are written alike.
//!
//! **Values.** The lands of a position are independent games, so its value is the XOR of
//! theirs (Sprague–Grundy). The board search ([`crate::solve::search`]) values each land by
//! outcome searches of `G + *k` (Lemoine and Viennot, "Computer analysis of Sprouts with
//! nimbers", Games of No Chance 4, 2015, which computed every start to 32 spots so), with a land
//! as a part ([`part`]) of its table: no play from a land of `L` lives is longer than `L - 1`
//! moves, which bounds its value. [`moves`] lists where curves can go.
//!
//! **Published outcomes** ([`theory`]): Applegate, Jacobson and Sleator (Computer Analysis of
//! Sprouts, CMU-CS-91-144, 1991) found normal play won by the first player for `p` = 3, 4, 5,
//! 9, 10, 11 and lost for 1, 2, 6, 7, 8 (the Sprouts conjecture: won exactly when `p mod 6` is
//! 3, 4 or 5); misère play to 9 spots; Lemoine and Viennot extended both (OEIS A164950 for
//! misère play to 20 spots).

pub mod land;
pub mod misere;
pub mod moves;
pub mod notation;
pub mod part;
pub mod spec;
pub mod theory;

#[cfg(test)]
mod reference;

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use land::{Drawing, END_BOUNDARY, END_REGION, LETTER};
use moves::Curve;
use part::{Part, WORDS};

use crate::games::board::{cancel_pairs, Board, BoardSolver};
use crate::ruleset::{Arity, DefaultSequence, Move, Position};
use crate::solve::search::Splittable;
use crate::{Error, Result, Ruleset, Solver};

/// Sprouts: the ruleset, and its lands as the parts of the board search.
#[derive(Debug, Clone, Copy, Default)]
pub struct Sprouts;

/// The lands of a drawing in canonical form, as codes, sorted.
pub fn land_codes(mut drawing: Drawing) -> Result<Vec<Vec<u8>>> {
    drawing.simplify();
    let mut codes = drawing
        .lands()
        .iter()
        .map(Drawing::code)
        .collect::<Result<Vec<_>>>()?;
    codes.sort_unstable();
    Ok(codes)
}

/// The lands' codes with the `i`-th replaced by `lands` (what a move in land `i` leaves).
fn replaced(codes: &[Vec<u8>], i: usize, lands: Vec<Vec<u8>>) -> Vec<Vec<u8>> {
    let mut after: Vec<Vec<u8>> = codes
        .iter()
        .enumerate()
        .filter(|&(j, _)| j != i)
        .map(|(_, c)| c.clone())
        .collect();
    after.extend(lands);
    after
}

/// The lives of a land from its code: 3, 2 and 1 for spots seen once, 1 for each letter.
pub fn code_lives(code: &[u8]) -> u64 {
    let mut lives = 0;
    let mut letters = 0;
    for &s in code {
        match s {
            END_BOUNDARY | END_REGION => {}
            s if s < LETTER => lives += u64::from(3 - s),
            s => letters = letters.max(u64::from(s - LETTER) + 1),
        }
    }
    lives + letters
}

/// The most an estimate of moves counts in [`Splittable::difficulty`] (a sum of them over the
/// parts of an option never reaches the lives above it).
const ESTIMATE_CAP: u64 = (1 << 24) - 1;

/// An estimate of a land's moves from its code: per region, the square of the sides met
/// along its boundaries (a curve joins two of them).
fn moves_estimate(code: &[u8]) -> u64 {
    let mut estimate = 0u64;
    let mut sides = 0u64;
    for &s in code {
        match s {
            END_REGION => {
                estimate += sides * sides;
                sides = 0;
            }
            END_BOUNDARY => {}
            _ => sides += 1,
        }
    }
    estimate
}

/// The most lives of a position explored whole ([`Ruleset::check_whole_exploration`]).
pub const MAX_EXPLORED_LIVES: u64 = 12;

/// The options of a part, each as its parts (sorted, equal ones kept), kept per thread: the search
/// lists a part's moves, then plays each, and asks the same part again for other values; making
/// an option costs a canonical form, so the options of the parts met last are kept.
type Options = Rc<Result<Vec<Vec<Part>>>>;

/// Parts whose options a thread keeps (a few kilobytes each: at most a few hundred MB); the
/// cache is emptied when full.
const CACHED_PARTS: usize = 1 << 16;

thread_local! {
    static OPTIONS: RefCell<HashMap<Part, Options>> = RefCell::new(HashMap::new());
    static OPTIONS_MADE: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// How many times this thread has made a part's options (the cache missed): the cost that
/// dominates a Sprouts search.
pub fn options_made() -> u64 {
    OPTIONS_MADE.with(|made| made.get())
}

impl Sprouts {
    /// The lands of a position (each one part).
    pub fn lands(position: &[u64]) -> Vec<Part> {
        position
            .chunks_exact(WORDS)
            .map(|c| c.try_into().expect("a chunk of WORDS words"))
            .collect()
    }

    /// A position from its lands' codes.
    pub fn position(codes: &[Vec<u8>]) -> Result<Position> {
        let mut parts = codes
            .iter()
            .map(|c| part::pack(c))
            .collect::<Result<Vec<Part>>>()?;
        parts.sort_unstable();
        Ok(parts.concat())
    }

    /// The codes of a position's lands.
    fn codes(position: &[u64]) -> Vec<Vec<u8>> {
        Self::lands(position)
            .iter()
            .map(|p| part::unpack(p).unwrap_or_default())
            .collect()
    }

    /// The position `p` spots start from.
    pub fn start_position(spots: usize) -> Result<Position> {
        Self::position(&land_codes(Drawing::start(spots))?)
    }

    /// The options of a part, made now.
    fn make_options(part: &Part) -> Result<Vec<Vec<Part>>> {
        let code = part::unpack(part)
            .ok_or_else(|| Error::Invalid("a Sprouts part that is no land's code".into()))?;
        let mut out = Vec::new();
        for (codes, _) in moves::options(&Drawing::from_code(&code))? {
            let mut parts = codes
                .iter()
                .map(|c| part::pack(c))
                .collect::<Result<Vec<Part>>>()?;
            parts.sort_unstable();
            out.push(parts);
        }
        Ok(out)
    }

    /// The lands of the option `mv` of a land, pushed to `out`, equal lands kept (misère play:
    /// a land plus itself is no zero there); [`Splittable::play`] cancels them.
    pub fn play_whole(part: &Part, mv: u32, out: &mut Vec<Part>) -> Result<()> {
        let options = Self::cached_options(part);
        match options.as_ref() {
            Ok(options) => {
                out.extend_from_slice(&options[mv as usize]);
                Ok(())
            }
            Err(e) => Err(e.clone()),
        }
    }

    /// The options of a part, from this thread's cache or made now.
    fn cached_options(part: &Part) -> Options {
        OPTIONS.with(|cache| {
            let mut cache = cache.borrow_mut();
            if let Some(options) = cache.get(part) {
                return Rc::clone(options);
            }
            let options = Rc::new(Self::make_options(part));
            OPTIONS_MADE.with(|made| made.set(made.get() + 1));
            if cache.len() >= CACHED_PARTS {
                cache.clear();
            }
            cache.insert(*part, Rc::clone(&options));
            options
        })
    }

    /// Every distinct option of a position with the words of a move to it.
    fn described_moves(&self, position: &[u64]) -> Result<Vec<Move>> {
        let codes = Self::codes(position);
        let shown = notation::write(&codes);
        let several = codes.len() > 1;
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        for (i, code) in codes.iter().enumerate() {
            if codes[..i].contains(code) {
                continue;
            }
            let drawing = Drawing::from_code(code);
            for (lands, curve) in moves::options(&drawing)? {
                let to = Self::position(&replaced(&codes, i, lands))?;
                if seen.insert(to.clone()) {
                    let land = match several {
                        true => format!(" of land {}", i + 1),
                        false => String::new(),
                    };
                    out.push(Move {
                        description: describe(&drawing, &curve, &land, &shown, i),
                        to,
                    });
                }
            }
        }
        Ok(out)
    }
}

/// The symbol a side is written with in the position as shown (letters by their names there).
fn side_symbol(shown: &str, land: usize, region: usize, boundary: usize, index: usize) -> char {
    let land_text = shown.split(']').nth(land).unwrap_or("");
    let region_text = land_text.split('}').nth(region).unwrap_or("");
    let boundary_text = region_text.split('.').nth(boundary).unwrap_or("");
    boundary_text.chars().nth(index).unwrap_or('?')
}

/// A curve in words: which spots it joins, in which region, and what it encloses.
fn describe(
    drawing: &Drawing,
    curve: &Curve,
    land: &str,
    shown: &str,
    land_index: usize,
) -> String {
    let region = &drawing.regions[curve.region];
    let (b1, k1) = curve.from;
    let (b2, k2) = curve.to;
    let symbol = |b: usize, k: usize| side_symbol(shown, land_index, curve.region, b, k);
    let place = format!("region {}{land}", curve.region + 1);
    let list = |boundaries: &[usize]| match boundaries {
        [] => "no other boundary".to_string(),
        [b] => format!("boundary {}", b + 1),
        _ => {
            let names: Vec<String> = boundaries.iter().map(|b| (b + 1).to_string()).collect();
            format!("boundaries {}", names.join(", "))
        }
    };
    if curve.joins_boundaries() {
        return format!(
            "join {} (boundary {}, spot {}) to {} (boundary {}, spot {}) in {place}: the two boundaries become one",
            symbol(b1, k1),
            b1 + 1,
            k1 + 1,
            symbol(b2, k2),
            b2 + 1,
            k2 + 1
        );
    }
    let mut inside = curve.first_side.clone();
    inside.sort_unstable();
    let outside: Vec<usize> = (0..region.boundaries.len())
        .filter(|b| *b != b1 && !inside.contains(b))
        .collect();
    if curve.is_loop() {
        return format!(
            "loop at {} (boundary {}, spot {}) in {place}, around {}; outside: {}",
            symbol(b1, k1),
            b1 + 1,
            k1 + 1,
            list(&inside),
            list(&outside)
        );
    }
    let n = region.boundaries[b1].len();
    let between: Vec<String> = (1..(k2 + n - k1) % n)
        .map(|d| ((k1 + d) % n + 1).to_string())
        .collect();
    format!(
        "join {} (boundary {}, spot {}) to {} (spot {}) in {place}, splitting it: one side holds spots {} of boundary {} and {}; the other the rest",
        symbol(b1, k1),
        b1 + 1,
        k1 + 1,
        symbol(b2, k2),
        k2 + 1,
        match between.is_empty() {
            true => "between none".to_string(),
            false => between.join(", "),
        },
        b1 + 1,
        list(&inside)
    )
}

impl Splittable for Sprouts {
    type Part = Part;
    type Key = Part;

    fn key(&self, part: &Part) -> Part {
        *part
    }

    fn part_of(&self, key: &Part) -> Part {
        *key
    }

    fn keeps(&self, part: &Part) -> bool {
        part::unpack(part).is_some_and(|code| {
            !code.is_empty() && Drawing::from_code(&code).code().is_ok_and(|c| c == code)
        })
    }

    /// An index into the part's options, made all at once (and kept per thread).
    type Move = u32;

    fn moves(&self, part: &Part, out: &mut Vec<u32>) -> Result<()> {
        let options = Self::cached_options(part);
        match options.as_ref() {
            Ok(options) => {
                out.extend(0..options.len() as u32);
                Ok(())
            }
            Err(e) => Err(e.clone()),
        }
    }

    /// The option's lands with pairs of equal lands cancelled (normal play: `G + G = 0`).
    fn play(&self, part: &Part, mv: u32, out: &mut Vec<Part>) -> Result<()> {
        let start = out.len();
        Self::play_whole(part, mv, out)?;
        cancel_pairs(out, start);
        Ok(())
    }

    /// A land of `L` lives lasts at most `L - 1` moves: each uses two lives and adds one.
    fn bound(&self, part: &Part) -> u64 {
        part::unpack(part).map_or(0, |code| code_lives(&code).saturating_sub(1))
    }

    /// Glop's order (Lemoine and Viennot's program orders a position's children by their
    /// lives, then by an estimate of their moves): the lives of the land first, then the sum,
    /// over its regions, of the square of the sides met along them, about the number of curves
    /// that can be drawn there. The start of 6 spots took 673 search positions so (one
    /// thread), against 95,938 by the squares of the bounds alone, which leave most options
    /// tied (every move takes one life).
    fn difficulty(&self, part: &Part) -> u64 {
        part::unpack(part).map_or(0, |code| {
            (code_lives(&code) << 32) + moves_estimate(&code).min(ESTIMATE_CAP)
        })
    }

    fn write_part(part: &Part, out: &mut Vec<u8>) {
        for word in part {
            out.extend_from_slice(&word.to_le_bytes());
        }
    }

    fn read_part(bytes: &[u8]) -> Option<Part> {
        let mut part = [0u64; WORDS];
        for (i, word) in bytes.chunks_exact(8).enumerate() {
            *part.get_mut(i)? = u64::from_le_bytes(word.try_into().ok()?);
        }
        Some(part)
    }

    const PART_BYTES: usize = 8 * WORDS;
}

impl Ruleset for Sprouts {
    fn spec(&self) -> String {
        "sprouts".into()
    }

    fn arity(&self) -> Arity {
        Arity::AtLeast(0)
    }

    fn position_hint(&self) -> String {
        "a number of spots (5) or a position in Glop's notation (0.0.}]!)".into()
    }

    fn coordinate_name(&self, _index: usize, _count: usize) -> String {
        "spots".into()
    }

    fn validate(&self, position: &[u64]) -> Result<()> {
        if !position.len().is_multiple_of(WORDS)
            || !Self::lands(position).iter().all(|p| self.keeps(p))
        {
            return Err(Error::Position(
                "not a Sprouts position in canonical form".into(),
            ));
        }
        Ok(())
    }

    fn parse_position(&self, text: &str) -> Result<Position> {
        Self::position(&land_codes(notation::parse(text)?)?)
    }

    fn show_position(&self, position: &[u64]) -> String {
        notation::write(&Self::codes(position))
    }

    fn position_is_text(&self) -> bool {
        true
    }

    fn template_numbers(&self) -> crate::ruleset::TemplateNumbers {
        crate::ruleset::TemplateNumbers::Refused(
            "a Sprouts position is a drawing written in Glop's notation, with no number for '_' to stand for; `grundy seq sprouts --to N` goes over the starts of 0 to N spots".into(),
        )
    }

    fn moves(&self, position: &[u64]) -> Result<Vec<Move>> {
        self.described_moves(position)
    }

    fn uses_board_search(&self) -> bool {
        true
    }

    fn solver(&self) -> Option<Box<dyn Solver + '_>> {
        Some(Box::new(BoardSolver::new(self)))
    }

    /// The misère outcome of a position of more than [`MAX_EXPLORED_LIVES`] lives by a search
    /// over whole positions ([`misere`]); smaller ones get `G-` by the definition.
    fn misere_outcomes(&self) -> Option<Box<dyn crate::ruleset::MisereOutcomes + '_>> {
        Some(Box::new(misere::OutcomeSearch::new()))
    }

    /// Whole positions are explored (misère play, remoteness, generations, conjunctive
    /// compounds) up to [`MAX_EXPLORED_LIVES`] lives.
    fn check_whole_exploration(&self, position: &[u64]) -> Result<()> {
        let lives: u64 = Self::codes(position).iter().map(|c| code_lives(c)).sum();
        if lives > MAX_EXPLORED_LIVES {
            return Err(Error::TooLarge(format!(
                "a Sprouts position of {lives} lives explored whole (misère play, remoteness, generations, conjunctive compounds): at most {MAX_EXPLORED_LIVES} lives (the start of 4 spots), as each position costs a canonical code per option (5 spots took 21 s of the misère search, 6 more than 5 minutes); normal play's value splits lands and goes further, and the misère outcome alone (`grundy value` and `moves` with --misere) is searched beyond"
            )));
        }
        Ok(())
    }

    fn default_sequence(
        &self,
        from: Option<u64>,
        to: u64,
        progress: &mut dyn FnMut(u64),
    ) -> Option<Result<DefaultSequence>> {
        let from = from.unwrap_or(0);
        Some((|| {
            if to > notation::MAX_START_SPOTS {
                return Err(Error::TooLarge(format!(
                    "a start of {to} spots: at most {}",
                    notation::MAX_START_SPOTS
                )));
            }
            let mut solver = BoardSolver::new(self);
            let mut values = Vec::new();
            for p in from..=to {
                values.push(solver.value(&Self::start_position(p as usize)?)?);
                progress(p - from + 1);
            }
            Ok(DefaultSequence {
                name: "the value of the start with p spots".into(),
                from,
                values,
            })
        })())
    }

    fn default_sequence_start(&self) -> Option<u64> {
        Some(0)
    }
}

impl Board for Sprouts {
    type Game = Sprouts;

    fn game(&self) -> &Sprouts {
        self
    }

    fn parts(&self, position: &[u64]) -> Vec<Part> {
        let mut lands = Self::lands(position);
        cancel_pairs(&mut lands, 0);
        lands
    }

    fn part_name(&self) -> &'static str {
        "land"
    }

    fn identity(&self) -> String {
        "sprouts".into()
    }
}

#[cfg(test)]
mod tests {
    use super::land::Region;
    use super::reference::Map;
    use super::*;
    use proptest::prelude::*;
    use std::collections::{BTreeSet, HashMap};

    /// The canonical position of a drawing (its lands' codes, sorted).
    fn canonical(drawing: &Drawing) -> Vec<Vec<u8>> {
        land_codes(drawing.clone()).unwrap()
    }

    /// The canonical options of a canonical position by the main implementation.
    fn options_of(position: &[Vec<u8>]) -> BTreeSet<Vec<Vec<u8>>> {
        let mut out = BTreeSet::new();
        for (i, code) in position.iter().enumerate() {
            for (lands, _) in moves::options(&Drawing::from_code(code)).unwrap() {
                let mut after = replaced(position, i, lands);
                after.sort_unstable();
                out.insert(after);
            }
        }
        out
    }

    /// Every position the reference reaches from `p` spots, one map per canonical position,
    /// and checks that the main implementation's options are the reference's, canonical.
    fn compare_options(p: usize) -> usize {
        let mut seen: HashMap<Vec<Vec<u8>>, ()> = HashMap::new();
        let mut stack = vec![Map::start(p)];
        seen.insert(canonical(&stack[0].drawing()), ());
        while let Some(map) = stack.pop() {
            let here = canonical(&map.drawing());
            let children = map.moves();
            let reference: BTreeSet<Vec<Vec<u8>>> =
                children.iter().map(|m| canonical(&m.drawing())).collect();
            assert_eq!(
                options_of(&here),
                reference,
                "options of {}",
                notation::write(&here)
            );
            for child in children {
                let key = canonical(&child.drawing());
                if seen.insert(key, ()).is_none() {
                    stack.push(child);
                }
            }
        }
        seen.len()
    }

    #[test]
    fn options_are_those_of_the_plain_map_from_up_to_three_spots() {
        for p in 0..=3 {
            assert!(compare_options(p) >= 1);
        }
    }

    /// Run by `cargo test --release -p grundy -- --ignored sprouts`.
    #[test]
    #[ignore]
    fn options_are_those_of_the_plain_map_from_four_spots() {
        compare_options(4);
    }

    #[test]
    fn values_are_those_of_the_plain_map_by_the_definition() {
        let mut memo = HashMap::new();
        let mut solver = BoardSolver::new(&Sprouts);
        for p in 0..=3 {
            let start = Map::start(p);
            let expected = start.value(&mut memo);
            let got = solver.value(&Sprouts::start_position(p).unwrap()).unwrap();
            assert_eq!(got, expected, "{p} spots");
            // Every position one and two moves deep, as the map has it.
            for child in start.moves() {
                let position = Sprouts::position(&canonical(&child.drawing())).unwrap();
                assert_eq!(solver.value(&position).unwrap(), child.value(&mut memo));
                for grandchild in child.moves().iter().take(40) {
                    let position = Sprouts::position(&canonical(&grandchild.drawing())).unwrap();
                    assert_eq!(
                        solver.value(&position).unwrap(),
                        grandchild.value(&mut memo)
                    );
                }
            }
        }
    }

    /// Misère outcomes of the starts to 4 spots and of every position one move from them:
    /// the misère search over whole positions against the plain map's misère recursion.
    #[test]
    fn misere_outcomes_are_those_of_the_plain_map() {
        let mut memo = HashMap::new();
        let mut solver = crate::misere::play::MisereSolver::new(&Sprouts);
        for p in 0..=4 {
            let start = Map::start(p);
            let got = solver.value(&Sprouts::start_position(p).unwrap()).unwrap() != 0;
            assert_eq!(got, start.misere_wins(&mut memo), "{p} spots");
            if p <= 3 {
                for child in start.moves() {
                    let position = Sprouts::position(&canonical(&child.drawing())).unwrap();
                    let got = solver.value(&position).unwrap() != 0;
                    assert_eq!(got, child.misere_wins(&mut memo));
                }
            }
        }
    }

    #[test]
    fn every_value_is_the_mex_of_its_options() {
        let mut solver = BoardSolver::new(&Sprouts);
        let mut stack = vec![Sprouts::start_position(3).unwrap()];
        let mut seen = HashSet::new();
        while let Some(position) = stack.pop() {
            let moves = Ruleset::moves(&Sprouts, &position).unwrap();
            let values: Vec<u64> = moves.iter().map(|m| solver.value(&m.to).unwrap()).collect();
            assert_eq!(
                solver.value(&position).unwrap(),
                crate::solve::mex(values),
                "{}",
                Sprouts.show_position(&position)
            );
            for m in moves {
                if seen.insert(m.to.clone()) {
                    stack.push(m.to);
                }
            }
        }
        assert!(seen.len() > 10);
    }

    #[test]
    fn starts_have_the_published_outcomes() {
        starts_to(7);
    }

    /// Release only (about a minute): `cargo test --release -p grundy --lib sprouts --
    /// --ignored`.
    #[test]
    #[ignore]
    fn starts_have_the_published_outcomes_to_eleven() {
        starts_to(11);
    }

    /// The normal outcomes from 1 to `to` spots against the published ones.
    fn starts_to(to: usize) {
        let mut solver = BoardSolver::new(&Sprouts);
        for p in 1..=to {
            let value = solver.value(&Sprouts::start_position(p).unwrap()).unwrap();
            assert_eq!(
                value != 0,
                theory::NORMAL_FIRST_PLAYER_WINS[p - 1],
                "{p} spots"
            );
        }
    }

    #[test]
    fn positions_are_shown_canonically_and_read_back() {
        let game = Sprouts;
        for text in [
            "0.0.}]!",
            "0.0.}]",
            "2",
            "12.AB.}AB.}]0.2ABC.}0.1ab1bc2ca.ACB.}]!",
            "!",
        ] {
            let position = game.parse_position(text).unwrap();
            let shown = game.show_position(&position);
            assert_eq!(game.parse_position(&shown).unwrap(), position, "{text}");
            assert_eq!(
                game.show_position(&game.parse_position(&shown).unwrap()),
                shown
            );
        }
        assert_eq!(
            game.show_position(&game.parse_position("2").unwrap()),
            "0.0.}]!"
        );
        assert_eq!(game.show_position(&game.parse_position("0").unwrap()), "!");
    }

    /// A random drawing of the same land: spots renumbered, regions and boundaries reordered,
    /// boundaries rotated, maybe mirrored.
    fn shuffled(d: &Drawing, seed: u64) -> Drawing {
        let mut rng = seed | 1;
        let mut next = move |n: usize| {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            (rng % n.max(1) as u64) as usize
        };
        let n = d.lives.len();
        let mut perm: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            perm.swap(i, next(i + 1));
        }
        let mirror = next(2) == 1;
        let mut lives = vec![0; n];
        for s in 0..n {
            lives[perm[s]] = d.lives[s];
        }
        let mut regions: Vec<Region> = d
            .regions
            .iter()
            .map(|r| {
                let mut boundaries: Vec<Vec<u32>> = r
                    .boundaries
                    .iter()
                    .map(|b| {
                        let mut b: Vec<u32> = b.iter().map(|&s| perm[s as usize] as u32).collect();
                        if mirror {
                            b.reverse();
                        }
                        let k = next(b.len());
                        b.rotate_left(k);
                        b
                    })
                    .collect();
                for i in (1..boundaries.len()).rev() {
                    boundaries.swap(i, next(i + 1));
                }
                Region { boundaries }
            })
            .collect();
        for i in (1..regions.len()).rev() {
            regions.swap(i, next(i + 1));
        }
        Drawing { lives, regions }
    }

    /// The symbols of a code with every letter written alike, sorted: the same for every
    /// writing of a land.
    fn symbols(code: &[u8]) -> Vec<u8> {
        let mut out: Vec<u8> = code
            .iter()
            .map(|&s| match s {
                END_BOUNDARY | END_REGION => s,
                s => s.min(LETTER),
            })
            .collect();
        out.sort_unstable();
        out
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Random games from `p` spots: every position keeps the invariants (each spot has one
        /// to three lives, each letter is seen twice, codes read back), every game lasts from
        /// 2p to 3p - 1 moves, and a position written another way has the same code.
        #[test]
        fn random_games_keep_the_invariants(p in 1usize..=8, seed in any::<u64>()) {
            let mut rng = seed | 1;
            let mut position = canonical(&Drawing::start(p));
            let mut played = 0;
            loop {
                for code in &position {
                    let d = Drawing::from_code(code);
                    prop_assert!(d.lives.iter().all(|&l| (1..=3).contains(&l)));
                    let mut seen = vec![0; d.lives.len()];
                    for s in d.regions.iter().flat_map(|r| r.boundaries.iter().flatten()) {
                        seen[*s as usize] += 1;
                    }
                    for (s, &count) in seen.iter().enumerate() {
                        prop_assert!(count == 1 || (count == 2 && d.lives[s] == 1));
                    }
                    prop_assert_eq!(&d.code().unwrap(), code);
                    // Another writing, the same code (unless the land has too many symmetric
                    // orders for the search to try them all: then it is only read back).
                    let other = shuffled(&d, rng).code().unwrap();
                    match d.code_is_unique().unwrap() {
                        true => prop_assert_eq!(&other, code),
                        false => prop_assert_eq!(symbols(&other), symbols(code)),
                    }
                }
                let options: Vec<_> = options_of(&position).into_iter().collect();
                if options.is_empty() {
                    break;
                }
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                position = options[(rng % options.len() as u64) as usize].clone();
                played += 1;
            }
            prop_assert!(played >= 2 * p && played < 3 * p, "{} spots: {} moves", p, played);
        }
    }
}
