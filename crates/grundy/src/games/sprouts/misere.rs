//! Misère Sprouts (who draws the last curve loses) by an outcome search over whole positions.
//!
//! Under misère play a sum is not valued by its parts' nimbers, so the lands of a position are
//! searched together: a position (its lands, sorted, pairs kept, since `G + G` is not a misère
//! zero) is a P-position when every option is an N-position, and a position without moves is
//! an N-position (the player to move has not drawn the last curve). This is the search
//! Applegate, Jacobson and Sleator ran to 9 spots (CMU-CS-91-144, 1991); what makes it reach
//! further here is the order of the options, Glop's (Lemoine and Viennot): an option already
//! known to be a P-position first, then the fewest lives and the fewest moves
//! ([`Splittable::difficulty`]), so that a winning option is usually met first and the other
//! options of an N-position are never searched.
//!
//! Outcomes are kept in a table of whole positions (emptied when it fills the memory the
//! settings allow, which only repeats work). Positions of up to
//! [`super::MAX_EXPLORED_LIVES`] lives are answered by the misère search by the definition
//! instead, which gives the misère value `G-` too; beyond them this search
//! ([`Ruleset::misere_outcomes`]) gives the outcome alone.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use super::part::Part;
use super::Sprouts;
use crate::ruleset::MisereOutcomes;
use crate::solve::search::{current_settings, Splittable};
use crate::{Error, Outcome, Result, Ruleset};

/// The method line of an outcome found by this search.
pub const METHOD: &str = "misère outcome search over whole positions (lands searched together, never by nimbers; options in Glop's order, outcomes kept in a table)";

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
}

/// Bytes a kept position costs in the table, about (the key's lands and the map's overhead).
fn entry_bytes(lands: usize) -> u64 {
    (lands * std::mem::size_of::<Part>() + 64) as u64
}

/// The outcome search over whole positions (lands sorted, pairs kept).
pub struct OutcomeSearch {
    /// Outcomes found: `true` for a P-position.
    known: HashMap<Vec<Part>, bool>,
    /// About the bytes `known` takes, and the most it may take.
    bytes: u64,
    memory: u64,
    /// Positions searched (not answered by the table).
    pub nodes: u64,
    stop: Option<fn() -> bool>,
    started: Instant,
    last_report: Instant,
}

impl Default for OutcomeSearch {
    fn default() -> Self {
        Self::new()
    }
}

impl OutcomeSearch {
    /// A search with the settings in force (`--memory`, Ctrl-C).
    pub fn new() -> Self {
        let settings = current_settings();
        OutcomeSearch {
            known: HashMap::new(),
            bytes: 0,
            memory: settings.memory,
            nodes: 0,
            stop: settings.stop,
            started: Instant::now(),
            last_report: Instant::now(),
        }
    }

    /// Whether the position of these lands is a misère P-position.
    pub fn is_p(&mut self, lands: &[Part]) -> Result<bool> {
        let mut lands = lands.to_vec();
        lands.sort_unstable();
        stacker::maybe_grow(256 << 10, 16 << 20, || self.search(&lands))
    }

    fn search(&mut self, lands: &[Part]) -> Result<bool> {
        if lands.is_empty() {
            // No move: the player to move did not draw the last curve, and wins.
            return Ok(false);
        }
        if let Some(&p) = self.known.get(lands) {
            return Ok(p);
        }
        self.nodes += 1;
        if self.nodes & 0xfff == 0 {
            self.tick()?;
        }
        // Every option: the land played in replaced by the lands its move leaves.
        let mut options: Vec<(u64, Vec<Part>)> = Vec::new();
        let (mut moves, mut after) = (Vec::new(), Vec::new());
        for (i, land) in lands.iter().enumerate() {
            if i > 0 && lands[i - 1] == *land {
                continue;
            }
            moves.clear();
            Splittable::moves(&Sprouts, land, &mut moves)?;
            for &mv in &moves {
                after.clear();
                Sprouts::play_whole(land, mv, &mut after)?;
                let cost = after.iter().map(|p| Sprouts.difficulty(p)).sum();
                let mut option: Vec<Part> = lands[..i].to_vec();
                option.extend_from_slice(&lands[i + 1..]);
                option.extend_from_slice(&after);
                option.sort_unstable();
                // An option known to be a P-position wins at once. (An option without
                // moves never wins: whoever moved there drew the last curve.)
                if self.known.get(&option) == Some(&true) {
                    return Ok(self.keep(lands, false));
                }
                options.push((cost, option));
            }
        }
        options.sort_by_key(|(cost, _)| *cost);
        options.dedup_by(|a, b| a.1 == b.1);
        for (_, option) in &options {
            if self.search(option)? {
                return Ok(self.keep(lands, false));
            }
        }
        Ok(self.keep(lands, true))
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
                "misère search: {} positions searched in {:.1} s, {} outcomes kept",
                self.nodes,
                now.duration_since(self.started).as_secs_f64(),
                self.known.len()
            ));
        }
        Ok(())
    }

    /// Keeps an outcome (emptying the table first when it is full) and returns it.
    fn keep(&mut self, lands: &[Part], p: bool) -> bool {
        let bytes = entry_bytes(lands.len());
        if self.bytes + bytes > self.memory {
            self.known.clear();
            self.bytes = 0;
        }
        self.known.insert(lands.to_vec(), p);
        self.bytes += bytes;
        p
    }
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

    #[test]
    fn starts_have_the_published_misere_outcomes() {
        // OEIS A164950 (Applegate, Jacobson and Sleator 1991 to 9 spots): the first player
        // wins for 1, 5 and 6 spots, and loses for 2, 3, 4 and 7; written here from the
        // source.
        let published = [true, false, false, false, true, true, false];
        let mut search = OutcomeSearch::new();
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
