//! Misère Sprouts (who draws the last curve loses) by an outcome search over whole positions,
//! with small lands replaced by their misère canonical forms.
//!
//! Under misère play a sum is not valued by its parts' nimbers, so the lands of a position are
//! searched together: a position is a P-position when every option is an N-position, and a
//! position without moves is an N-position (the player to move has not drawn the last curve).
//! This is the search Applegate, Jacobson and Sleator ran to 9 spots (CMU-CS-91-144, 1991).
//! Two things make it reach further here:
//!
//! - **Small lands by their canonical forms** (the idea of Lemoine and Viennot's *reduced
//!   canonical trees*, arXiv:0908.4407). Misère equality is a congruence for sums (Conway,
//!   *On Numbers and Games* ch. 12), so a land may be replaced by any game misère-equal to it,
//!   and the simplest one is its canonical form: its game tree with reversible options
//!   removed, equal options merged ([`MisereForms`], the misère layer's algebra). A land of at
//!   most [`FORM_LIVES`] lives is valued so (from the forms of its options' lands, added);
//!   a position is then a multiset of the larger lands and of forms, and a move either plays
//!   in a land or replaces a form by one of its options. Many lands share a form, so far fewer
//!   whole positions are searched. Forms `0` are left out and `* + * = 0` is used (a `*` is
//!   folded into another form); a position of one form alone is a P-position exactly when its
//!   `G-` is 0. Lemoine and Viennot reduce the trees further; that is not done here.
//! - **Glop's order of options**: an option already known to be a P-position first, then the
//!   fewest lives and the fewest moves ([`Splittable::difficulty`]; a form counts its birthday
//!   as lives), so that a winning option is usually met first and the other options of an
//!   N-position are never searched.
//!
//! Outcomes are kept in a table of whole positions; when it fills the memory the settings
//! allow, its N-positions are dropped first (which only repeats work). Positions of up to
//! [`super::MAX_EXPLORED_LIVES`] lives are answered by the misère search by the definition
//! instead, which gives the misère value `G-` too; beyond them this search
//! ([`Ruleset::misere_outcomes`]) gives the outcome alone.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use super::part::{Part, WORDS};
use super::Sprouts;
use crate::ruleset::{MisereForms, MisereOutcomes};
use crate::solve::search::{current_settings, Splittable};
use crate::{Error, Outcome, Result, Ruleset};

/// The method line of an outcome found by this search.
pub const METHOD: &str = "misère outcome search over whole positions (lands searched together, never by nimbers; lands of at most 7 lives by their misère canonical forms; options in Glop's order, outcomes kept in a table)";

/// Lands of at most this many lives are replaced by their misère canonical forms.
pub const FORM_LIVES: u64 = 7;

/// The form `0`, and the form `*`.
const ZERO: u32 = 0;
const STAR: u32 = 1;

impl MisereOutcomes for OutcomeSearch {
    /// The positions the search by the definition refuses: more than
    /// [`super::MAX_EXPLORED_LIVES`] lives.
    fn covers(&self, position: &[u64]) -> bool {
        Sprouts.check_whole_exploration(position).is_err()
    }

    fn outcome(&mut self, position: &[u64]) -> Result<Outcome> {
        Ok(match self.is_p(&Sprouts::lands(position))? {
            true => Outcome::P,
            false => Outcome::N,
        })
    }

    fn method(&self) -> String {
        METHOD.into()
    }

    fn use_forms(&mut self, forms: Box<dyn MisereForms>) {
        self.forms = Some(forms);
    }
}

/// Bytes a kept position costs in the table, about (its key's words and the map's overhead).
fn entry_bytes(words: usize) -> u64 {
    (words * 8 + 64) as u64
}

/// The outcome search over whole positions: lands too large for a form (sorted, pairs kept)
/// beside the forms of the others.
pub struct OutcomeSearch {
    /// Outcomes found: `true` for a P-position.
    known: HashMap<Vec<u64>, bool>,
    /// About the bytes `known` takes, and the most it may take.
    bytes: u64,
    memory: u64,
    /// The algebra of forms (none: every land is searched as a land).
    forms: Option<Box<dyn MisereForms>>,
    /// The form of each land met of at most `form_lives` lives (`None`: the algebra was full).
    land_forms: HashMap<Part, Option<u32>>,
    form_lives: u64,
    /// Positions searched (not answered by the table), and lands given a form.
    pub nodes: u64,
    pub lands_formed: u64,
    stop: Option<fn() -> bool>,
    started: Instant,
    last_report: Instant,
}

impl Default for OutcomeSearch {
    fn default() -> Self {
        Self::new()
    }
}

/// A whole position in the search's terms: its lands and its forms.
type Sum = (Vec<Part>, Vec<u32>);

impl OutcomeSearch {
    /// A search with the settings in force (`--memory`, Ctrl-C), without forms until
    /// [`MisereOutcomes::use_forms`] gives it an algebra.
    pub fn new() -> Self {
        let settings = current_settings();
        OutcomeSearch {
            known: HashMap::new(),
            bytes: 0,
            memory: settings.memory,
            forms: None,
            land_forms: HashMap::new(),
            form_lives: FORM_LIVES,
            nodes: 0,
            lands_formed: 0,
            stop: settings.stop,
            started: Instant::now(),
            last_report: Instant::now(),
        }
    }

    /// The same search valuing lands of at most `lives` lives by their forms in `forms`.
    pub fn with_forms(forms: Box<dyn MisereForms>, lives: u64) -> Self {
        let mut search = Self::new();
        search.forms = Some(forms);
        search.form_lives = lives;
        search
    }

    /// How many forms the algebra holds.
    pub fn forms_interned(&self) -> usize {
        self.forms.as_ref().map_or(0, |f| f.len())
    }

    /// Whether the position of these lands is a misère P-position.
    pub fn is_p(&mut self, lands: &[Part]) -> Result<bool> {
        let sum = self.sum_of(&[], &[], lands)?;
        stacker::maybe_grow(256 << 10, 16 << 20, || self.search(&sum.0, &sum.1))
    }

    /// The misère form of a land, if it has at most `form_lives` lives and the algebra holds
    /// every form its options need.
    pub fn land_form(&mut self, land: &Part) -> Result<Option<u32>> {
        if self.forms.is_none() {
            return Ok(None);
        }
        if let Some(&form) = self.land_forms.get(land) {
            return Ok(form);
        }
        if Sprouts.difficulty(land) >> 32 > self.form_lives {
            // Not kept: the larger lands met are as many as the positions searched.
            return Ok(None);
        }
        let form = self.form_from_moves(land)?;
        self.land_forms.insert(*land, form);
        Ok(form)
    }

    /// The canonical form of a land from its options' forms (each the sum of its lands').
    fn form_from_moves(&mut self, land: &Part) -> Result<Option<u32>> {
        self.lands_formed += 1;
        if self.lands_formed & 0xff == 0 {
            self.tick()?;
        }
        let mut moves = Vec::new();
        Splittable::moves(&Sprouts, land, &mut moves)?;
        let mut options = Vec::with_capacity(moves.len());
        let mut after = Vec::new();
        for mv in moves {
            after.clear();
            Sprouts::play_whole(land, mv, &mut after)?;
            let mut sum = ZERO;
            for part in &after {
                let Some(form) = self.land_form(part)? else {
                    return Ok(None);
                };
                match self.algebra().add(sum, form) {
                    Ok(s) => sum = s,
                    Err(Error::TooLarge(_)) => return Ok(None),
                    Err(e) => return Err(e),
                }
            }
            options.push(sum);
        }
        match self.algebra().game(options) {
            Ok(form) => Ok(Some(form)),
            Err(Error::TooLarge(_)) => Ok(None),
            Err(e) => Err(e),
        }
    }

    fn algebra(&mut self) -> &mut dyn MisereForms {
        self.forms
            .as_deref_mut()
            .expect("forms are asked for only with an algebra")
    }

    /// The position of `lands` and `forms` with `more` lands added: each new land by its form
    /// where it has one; forms `0` left out, pairs of `*` cancelled, a last `*` folded into
    /// another form; both sorted.
    fn sum_of(&mut self, lands: &[Part], forms: &[u32], more: &[Part]) -> Result<Sum> {
        let mut lands = lands.to_vec();
        let mut forms = forms.to_vec();
        for land in more {
            match self.land_form(land)? {
                Some(form) => forms.push(form),
                None => lands.push(*land),
            }
        }
        lands.sort_unstable();
        Ok((lands, self.normal_forms(forms)))
    }

    fn normal_forms(&self, mut forms: Vec<u32>) -> Vec<u32> {
        let stars = forms.iter().filter(|&&g| g == STAR).count();
        forms.retain(|&g| g != ZERO && g != STAR);
        if stars % 2 == 1 {
            match forms.first_mut() {
                Some(g) => {
                    let algebra = self.forms.as_deref().expect("forms imply an algebra");
                    *g = algebra.plus_star(*g);
                }
                None => forms.push(STAR),
            }
        }
        forms.sort_unstable();
        forms
    }

    /// The outcome of a position without a search: no land and at most one form, or kept.
    fn known_p(&self, lands: &[Part], forms: &[u32]) -> Option<bool> {
        if lands.is_empty() {
            match forms {
                // No move: the player to move did not draw the last curve, and wins.
                [] => return Some(false),
                [g] => {
                    let algebra = self.forms.as_deref().expect("forms imply an algebra");
                    return Some(algebra.misere_value(*g) == 0);
                }
                _ => {}
            }
        }
        self.known.get(&key(lands, forms)).copied()
    }

    fn search(&mut self, lands: &[Part], forms: &[u32]) -> Result<bool> {
        if let Some(p) = self.known_p(lands, forms) {
            return Ok(p);
        }
        self.nodes += 1;
        if self.nodes & 0xfff == 0 {
            self.tick()?;
        }
        // Every option: a land played in and replaced by the lands its move leaves, or a form
        // replaced by one of its options.
        let mut options: Vec<(u64, Sum)> = Vec::new();
        let (mut moves, mut after) = (Vec::new(), Vec::new());
        for (i, land) in lands.iter().enumerate() {
            if i > 0 && lands[i - 1] == *land {
                continue;
            }
            moves.clear();
            Splittable::moves(&Sprouts, land, &mut moves)?;
            let mut others = lands[..i].to_vec();
            others.extend_from_slice(&lands[i + 1..]);
            for &mv in &moves {
                after.clear();
                Sprouts::play_whole(land, mv, &mut after)?;
                let option = self.sum_of(&others, forms, &after)?;
                // An option known to be a P-position wins at once.
                if self.known_p(&option.0, &option.1) == Some(true) {
                    return Ok(self.keep(lands, forms, false));
                }
                let cost = self.cost(&after);
                options.push((cost, option));
            }
        }
        for (j, &form) in forms.iter().enumerate() {
            if j > 0 && forms[j - 1] == form {
                continue;
            }
            let tos = self.algebra().options(form).to_vec();
            for to in tos {
                let mut next = forms.to_vec();
                next[j] = to;
                let option = (lands.to_vec(), self.normal_forms(next));
                if self.known_p(&option.0, &option.1) == Some(true) {
                    return Ok(self.keep(lands, forms, false));
                }
                let cost = u64::from(self.algebra().birthday(to)) << 32;
                options.push((cost, option));
            }
        }
        options.sort_by_key(|(cost, _)| *cost);
        options.dedup_by(|a, b| a.1 == b.1);
        for (_, (lands_after, forms_after)) in &options {
            if self.search(lands_after, forms_after)? {
                return Ok(self.keep(lands, forms, false));
            }
        }
        Ok(self.keep(lands, forms, true))
    }

    /// Glop's order for the lands a move leaves: lives, then the moves estimate
    /// ([`Splittable::difficulty`]); a land with a form counts its form's birthday as lives.
    fn cost(&self, after: &[Part]) -> u64 {
        after
            .iter()
            .map(|land| match self.land_forms.get(land) {
                Some(&Some(form)) => {
                    let algebra = self.forms.as_deref().expect("forms imply an algebra");
                    u64::from(algebra.birthday(form)) << 32
                }
                _ => Sprouts.difficulty(land),
            })
            .sum()
    }

    /// Obeys a stop (Ctrl-C) and says, at most twice a second, how far the search has got.
    fn tick(&mut self) -> Result<()> {
        if self.stop.is_some_and(|stop| stop()) {
            return Err(Error::Interrupted(format!(
                "the misère search was interrupted after {} positions",
                self.nodes
            )));
        }
        let now = Instant::now();
        if now.duration_since(self.last_report) >= Duration::from_millis(500) {
            self.last_report = now;
            crate::progress::status(&format!(
                "misère search: {} positions searched in {:.1} s, {} outcomes kept, {} lands valued by {} canonical forms",
                self.nodes,
                now.duration_since(self.started).as_secs_f64(),
                self.known.len(),
                self.lands_formed,
                self.forms_interned()
            ));
        }
        Ok(())
    }

    /// Keeps an outcome and returns it. When the table is full its N-positions go first (one
    /// is proved again by its option known to be a P-position, as Glop keeps only its losing
    /// positions); if the P-positions alone fill half of it, everything goes.
    fn keep(&mut self, lands: &[Part], forms: &[u32], p: bool) -> bool {
        let key = key(lands, forms);
        let bytes = entry_bytes(key.len());
        if self.bytes + bytes > self.memory {
            self.known.retain(|_, p| *p);
            self.bytes = self.known.keys().map(|k| entry_bytes(k.len())).sum();
            if self.bytes + bytes > self.memory / 2 {
                self.known.clear();
                self.bytes = 0;
            }
        }
        self.known.insert(key, p);
        self.bytes += bytes;
        p
    }
}

/// The table's key of a position: the count of lands, their words, then the forms.
fn key(lands: &[Part], forms: &[u32]) -> Vec<u64> {
    let mut key = Vec::with_capacity(1 + lands.len() * WORDS + forms.len());
    key.push(lands.len() as u64);
    for land in lands {
        key.extend_from_slice(land);
    }
    key.extend(forms.iter().map(|&g| u64::from(g)));
    key
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Ruleset;

    /// A plain misère recursion over whole positions through the ruleset's own moves (the
    /// lands rewritten from their drawings at each move): P when every option is N, N with no
    /// move.
    fn plain_is_p(position: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
        if let Some(&p) = memo.get(position) {
            return p;
        }
        let moves = Ruleset::moves(&Sprouts, position).unwrap();
        let p = !moves.is_empty() && moves.iter().all(|m| !plain_is_p(&m.to, memo));
        memo.insert(position.to_vec(), p);
        p
    }

    #[test]
    fn outcomes_equal_a_plain_recursion_on_every_position_from_four_spots() {
        // Every position reachable from 1 to 4 spots, through the ruleset's moves.
        let mut memo = HashMap::new();
        let mut search = OutcomeSearch::new();
        for spots in 1..=4 {
            let start = Sprouts::start_position(spots).unwrap();
            let mut stack = vec![start];
            let mut seen = std::collections::HashSet::new();
            while let Some(position) = stack.pop() {
                if !seen.insert(position.clone()) {
                    continue;
                }
                let expected = plain_is_p(&position, &mut memo);
                assert_eq!(
                    search.is_p(&Sprouts::lands(&position)).unwrap(),
                    expected,
                    "{}",
                    Sprouts.show_position(&position)
                );
                for m in Ruleset::moves(&Sprouts, &position).unwrap() {
                    stack.push(m.to);
                }
            }
        }
    }

    /// `G-` by the definition over whole positions: 1 without a move, else the mex of the
    /// options' values.
    fn plain_g_minus(position: &[u64], memo: &mut HashMap<Vec<u64>, u32>) -> u32 {
        if let Some(&g) = memo.get(position) {
            return g;
        }
        let moves = Ruleset::moves(&Sprouts, position).unwrap();
        let g = if moves.is_empty() {
            1
        } else {
            let seen: std::collections::HashSet<u32> =
                moves.iter().map(|m| plain_g_minus(&m.to, memo)).collect();
            (0..).find(|v| !seen.contains(v)).unwrap()
        };
        memo.insert(position.to_vec(), g);
        g
    }

    /// Every position reachable from 1 to `spots` spots, through the ruleset's moves.
    fn reachable_positions(spots: usize) -> Vec<Vec<u64>> {
        let mut seen = std::collections::HashSet::new();
        for p in 1..=spots {
            let mut stack = vec![Sprouts::start_position(p).unwrap()];
            while let Some(position) = stack.pop() {
                if seen.insert(position.clone()) {
                    for m in Ruleset::moves(&Sprouts, &position).unwrap() {
                        stack.push(m.to);
                    }
                }
            }
        }
        let mut all: Vec<_> = seen.into_iter().collect();
        all.sort();
        all
    }

    fn with_forms(lives: u64) -> OutcomeSearch {
        OutcomeSearch::with_forms(
            Box::new(crate::misere::canonical::Universe::default()),
            lives,
        )
    }

    #[test]
    fn forms_of_lands_and_their_sums_have_the_misere_values_of_the_definition() {
        // Each land's form, and the sum of the forms of a position's lands, against `G-` by
        // the definition on the whole position: equal `G-` on every position from 3 spots
        // (and equal outcomes beside any game, which the next test checks through searches).
        let mut memo = HashMap::new();
        let mut search = with_forms(12);
        for position in reachable_positions(3) {
            let mut sum = ZERO;
            for land in Sprouts::lands(&position) {
                let form = search.land_form(&land).unwrap().expect("a form");
                assert_eq!(
                    search.algebra().misere_value(form),
                    plain_g_minus(&land, &mut memo),
                    "the land {}",
                    Sprouts.show_position(&land)
                );
                sum = search.algebra().add(sum, form).unwrap();
            }
            assert_eq!(
                search.algebra().misere_value(sum),
                plain_g_minus(&position, &mut memo),
                "{}",
                Sprouts.show_position(&position)
            );
        }
    }

    #[test]
    fn outcomes_with_forms_equal_a_plain_recursion_on_every_position_from_four_spots() {
        // Lands of at most 3, 7 and 12 lives by their forms: mixes of lands and forms.
        let mut memo = HashMap::new();
        let positions = reachable_positions(4);
        for (lives, memory) in [(3, None), (7, None), (12, None), (7, Some(4096))] {
            let mut search = with_forms(lives);
            // A table of a few entries: N-positions dropped, then everything, as it fills.
            if let Some(bytes) = memory {
                search.memory = bytes;
            }
            for position in &positions {
                assert_eq!(
                    search.is_p(&Sprouts::lands(position)).unwrap(),
                    plain_is_p(position, &mut memo),
                    "{} with forms to {lives} lives, memory {memory:?}",
                    Sprouts.show_position(position)
                );
            }
        }
    }

    #[test]
    fn starts_have_the_published_misere_outcomes() {
        // OEIS A164950 (Applegate, Jacobson and Sleator 1991 to 9 spots): the first player
        // wins for 1, 5 and 6 spots, and loses for 2, 3, 4 and 7; written here from the
        // source.
        let published = [true, false, false, false, true, true, false];
        for mut search in [OutcomeSearch::new(), with_forms(6), with_forms(FORM_LIVES)] {
            for (i, &first_wins) in published.iter().enumerate() {
                let start = Sprouts::start_position(i + 1).unwrap();
                assert_eq!(
                    !search.is_p(&Sprouts::lands(&start)).unwrap(),
                    first_wins,
                    "{} spots",
                    i + 1
                );
            }
        }
    }
}
