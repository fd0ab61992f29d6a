//! The misère outcome of a sum of heaps searched on the heaps' misère canonical forms.
//!
//! Misère equality is a congruence: if `G = H` (no `X` tells `G + X` from `H + X`) then
//! `G + K = H + K` for every `K` (Conway, *On Numbers and Games* ch. 12; Siegel,
//! *Combinatorial Game Theory* ch. V). So a sum of heaps has the misère outcome of the sum of
//! the heaps' canonical forms ([`super::canonical`]), and each option of that sum replaces one
//! form by one of its canonical options. The forms have far fewer options than the heaps (the
//! reversible ones are gone, equal ones merged) and many heaps share a form, so the
//! [`OutcomeSearch`](super::outcome::OutcomeSearch) on them stores far fewer positions.
//! Three exact reductions on the way, each an equality of games or a theorem:
//!
//! - a part `0` is left out, and a part `*` is added into another part (`G + *` is interned
//!   with `G`); two `*`s make `0` (`* + * = 0` in misère play: `{*}` has the option `*`, a
//!   P-position whose only option is `0`, the proviso of the simplification rule);
//! - one part alone: its outcome is its misère Grundy value `G-` being 0, known for every
//!   interned game;
//! - Nim heaps only: Bouton's misère rule (Bouton 1901; Winning Ways ch. 13).

use super::canonical::{Forms, GameId, Phylum, STAR, ZERO};
use super::outcome::Tree;
use crate::ruleset::{Position, Ruleset};
use crate::Result;

/// A heap game's positions as sorted sums of canonical forms (each a [`GameId`] as `u64`).
pub struct CanonicalTree<'a> {
    forms: Forms<'a>,
}

impl<'a> CanonicalTree<'a> {
    /// The tree of a heap game `ruleset`, interning at most `max_nodes` canonical games and
    /// reading at most `max_work` options to add the forms of heaps' parts
    /// ([`super::canonical::Universe::limit_sum_work`]).
    pub fn new(ruleset: &'a dyn Ruleset, max_nodes: usize, max_work: u64) -> Self {
        let mut forms = Forms::with_limits(ruleset, max_nodes, 0);
        forms.universe.limit_sum_work(max_work);
        CanonicalTree { forms }
    }

    /// The stored form of a position of heaps: the heaps' canonical forms, reduced.
    pub fn form_of(&mut self, heaps: &[u64]) -> Result<Position> {
        let mut parts = Vec::with_capacity(heaps.len());
        for &h in heaps {
            parts.push(u64::from(self.forms.heap(h)?));
        }
        Ok(self.reduced(parts))
    }

    /// How many canonical games are interned.
    pub fn interned(&self) -> usize {
        self.forms.universe.len()
    }

    /// `0` left out, the `*`s added into another part, sorted.
    fn reduced(&self, mut parts: Position) -> Position {
        let stars = parts.iter().filter(|&&g| g == u64::from(STAR)).count();
        parts.retain(|&g| g != u64::from(ZERO) && g != u64::from(STAR));
        if stars % 2 == 1 {
            match parts.first_mut() {
                Some(g) => *g = u64::from(self.forms.universe.plus_star(*g as GameId)),
                None => parts.push(u64::from(STAR)),
            }
        }
        parts.sort_unstable();
        parts
    }
}

impl Tree for CanonicalTree<'_> {
    /// Not used: positions enter by [`CanonicalTree::form_of`].
    fn form(&self, position: &[u64]) -> Position {
        position.to_vec()
    }

    fn options(&mut self, form: &[u64]) -> Result<Vec<Position>> {
        let mut out = Vec::new();
        for (i, &g) in form.iter().enumerate() {
            if i > 0 && form[i - 1] == g {
                continue;
            }
            for &o in self.forms.universe.options(g as GameId) {
                let mut next = Vec::with_capacity(form.len());
                next.extend_from_slice(&form[..i]);
                next.extend_from_slice(&form[i + 1..]);
                next.push(u64::from(o));
                out.push(self.reduced(next));
            }
        }
        Ok(out)
    }

    fn pruned_options(&mut self, form: &[u64]) -> Result<Vec<Position>> {
        self.options(form)
    }

    /// The tame rule on the parts' normal values (a guess, see [`Tree::likely_p`]).
    fn likely_p(&mut self, form: &[u64]) -> bool {
        let (mut sum, mut big) = (0u32, false);
        for &g in form {
            let v = self.forms.universe.nim_value(g as GameId);
            sum ^= v;
            big |= v >= 2;
        }
        sum == u32::from(!big)
    }

    fn known_p(&mut self, form: &[u64]) -> Option<bool> {
        let universe = &self.forms.universe;
        match form {
            [] => Some(false),
            [g] => Some(universe.misere_value(*g as GameId) == 0),
            _ if form
                .iter()
                .all(|&g| universe.phylum(g as GameId) == Phylum::NimHeap) =>
            {
                // Bouton: the Nim-sum decides when a heap is 2 or more, else the parity.
                let values: Vec<u32> = form
                    .iter()
                    .map(|&g| universe.nim_value(g as GameId))
                    .collect();
                let sum = values.iter().fold(0, |x, &v| x ^ v);
                Some(if values.iter().any(|&v| v >= 2) {
                    sum == 0
                } else {
                    sum == 1
                })
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::misere::outcome::OutcomeSearch;
    use crate::spec::parse_game;
    use proptest::prelude::*;
    use std::collections::HashMap;

    /// The misère outcome by the definition on the game's own moves (ordered positions,
    /// memoised on the position as listed): `true` when the player to move wins.
    fn wins(game: &dyn Ruleset, position: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
        if let Some(&w) = memo.get(position) {
            return w;
        }
        let moves = game.moves(position).unwrap();
        let w = moves.is_empty() || moves.iter().any(|m| !wins(game, &m.to, memo));
        memo.insert(position.to_vec(), w);
        w
    }

    fn search_p(game: &dyn Ruleset, heaps: &[u64]) -> bool {
        let mut search = OutcomeSearch::new(CanonicalTree::new(game, 100_000, u64::MAX), 1 << 20);
        let form = search.tree_mut().form_of(heaps).unwrap();
        search.is_p_of_form(form).unwrap()
    }

    #[test]
    fn dawson_kayles_three_heaps_agree_with_the_definition() {
        let game = parse_game("dawson-kayles").unwrap();
        let mut memo = HashMap::new();
        for a in 0..9u64 {
            for b in a..9 {
                for c in b..9 {
                    let heaps = [a, b, c];
                    assert_eq!(
                        search_p(game.as_ref(), &heaps),
                        !wins(game.as_ref(), &heaps, &mut memo),
                        "{heaps:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn nim_heaps_go_by_bouton_s_rule() {
        // Misère Nim by the definition: its canonical forms are Nim heaps, decided by Bouton.
        let nim = parse_game("nim").unwrap();
        let mut memo = HashMap::new();
        for heaps in [
            [1, 1, 1],
            [1, 1, 0],
            [2, 2, 0],
            [1, 2, 3],
            [3, 5, 6],
            [1, 4, 5],
        ] {
            assert_eq!(
                search_p(nim.as_ref(), &heaps),
                !wins(nim.as_ref(), &heaps, &mut memo),
                "{heaps:?}"
            );
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Any octal code of up to three digits: the search on canonical forms against the
        /// definition, up to four heaps of total at most 18.
        #[test]
        fn octal_sums_agree_with_the_definition(
            code in "0\\.[0-7]{1,3}",
            heaps in prop::collection::vec(0u64..=9, 1..=4),
        ) {
            prop_assume!(heaps.iter().sum::<u64>() <= 18);
            let Ok(game) = parse_game(&format!("octal:{code}")) else {
                return Ok(());
            };
            let mut memo = HashMap::new();
            prop_assert_eq!(
                search_p(game.as_ref(), &heaps),
                !wins(game.as_ref(), &heaps, &mut memo)
            );
        }
    }
}
