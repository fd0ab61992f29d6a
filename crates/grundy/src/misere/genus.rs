//! Conway's genus of the heaps of a heap game.
//!
//! The genus of a game `G` (Conway, *On Numbers and Games*, ch. 12; Winning Ways, ch. 13) is
//! `g^{γ0 γ1 γ2 ...}`: `g` its normal value and `γk = G-(G + k copies of *2)`, the misère
//! Grundy value of `G` played beside `k` Nim heaps of size 2 (so `γ0 = G-(G)`). Conway writes
//! the superscript up to where it starts to alternate between its last two entries (`0^{120}`
//! is `0` with `1, 2, 0, 2, 0, ...`); ONAG shows it always ends that way.
//!
//! **Computed, not assumed.** Every `γk` printed here is computed by the definition: positions
//! are (multiset of heaps, copies of `*2`, copies of `*1`), since a move on a `*2` leaves a `*1`
//! or nothing, searched by the same engine as every misère value ([`super::outcome`]). How far
//! the superscript goes: until its last [`ALTERNATION`] entries alternate, at most [`MAX_K`]
//! copies. That the alternation *continues* past the computed entries is Conway's theorem for
//! some index we could not pin down in a source we can cite with a bound, so the notation
//! says where it was seen (`settled_at`) and that it is observed (`proven: false`).
//!
//! **Tameness.** A game is tame when every position reachable from it has the genus of a Nim
//! position: `0^{120}`, `1^{031}`, or `a^{a b}` with `b = a XOR 2` (`0^{02}`, `1^{13}`,
//! `2^{20}`, `3^{31}`, `4^{46}`, ...) (ONAG ch. 12, WW ch. 13).
//! The normal value of a position of heaps is the XOR of its heaps' values and each `γk` is
//! exact, so a reachable position whose computed entries differ from the tame genus with its
//! normal value proves the heap *not* tame (the witness is reported). That every entry agrees
//! would need the whole infinite superscript of every follower, so "tame" is never claimed:
//! without a witness the answer is "not decided".

use std::collections::{HashMap, HashSet};

use serde::Serialize;

use super::outcome::{heap_multiset, PlayEngine, Tree};
use super::Convention;
use crate::ruleset::{solver_for, Position, Ruleset};
use crate::{Error, Result};

/// The most copies of `*2` computed for one heap.
pub const MAX_K: usize = 16;

/// How many final entries must alternate before the superscript stops (two full periods).
pub const ALTERNATION: usize = 4;

/// The most heaps a genus sequence covers.
pub const MAX_HEAPS: u64 = 1 << 12;

/// The most positions reachable from one heap that the tameness check visits.
pub const MAX_FOLLOWERS: usize = 200_000;

/// The positions `X + a *2 + b *1`, stored as `[a, b, heaps...]`.
struct GenusTree<'a> {
    ruleset: &'a dyn Ruleset,
    heaps: HashMap<u64, Vec<Vec<u64>>>,
}

impl GenusTree<'_> {
    fn heap_options(&mut self, h: u64) -> Result<&Vec<Vec<u64>>> {
        if let std::collections::hash_map::Entry::Vacant(slot) = self.heaps.entry(h) {
            slot.insert(self.ruleset.heap_options(h).ok_or_else(not_a_heap_game)??);
        }
        Ok(&self.heaps[&h])
    }

    /// The heap options of a multiset, each a multiset.
    fn heap_moves(&mut self, heaps: &[u64]) -> Result<Vec<Position>> {
        let mut out = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            if i > 0 && heaps[i - 1] == h {
                continue;
            }
            for parts in self.heap_options(h)?.clone() {
                let mut next: Vec<u64> = heaps[..i].to_vec();
                next.extend_from_slice(&heaps[i + 1..]);
                next.extend(parts.into_iter().filter(|&p| p > 0));
                next.sort_unstable();
                out.push(next);
            }
        }
        Ok(out)
    }
}

impl Tree for GenusTree<'_> {
    fn form(&self, position: &[u64]) -> Position {
        let mut out = position[..2].to_vec();
        out.extend(heap_multiset(&position[2..]));
        out
    }

    fn options(&mut self, form: &[u64]) -> Result<Vec<Position>> {
        let (twos, ones) = (form[0], form[1]);
        let mut out = Vec::new();
        for heaps in self.heap_moves(&form[2..])? {
            let mut next = vec![twos, ones];
            next.extend(heaps);
            out.push(next);
        }
        let heaps = &form[2..];
        let with = |a: u64, b: u64| {
            let mut next = vec![a, b];
            next.extend_from_slice(heaps);
            next
        };
        if twos > 0 {
            out.push(with(twos - 1, ones + 1));
            out.push(with(twos - 1, ones));
        }
        if ones > 0 {
            out.push(with(twos, ones - 1));
        }
        Ok(out)
    }
}

fn not_a_heap_game() -> Error {
    Error::Invalid(
        "the genus is computed for heap games (octal, hex, grundy-game, kayles, nim, ...), whose positions are sums of heaps".into(),
    )
}

/// One heap's genus.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HeapGenus {
    /// The heap size.
    pub heap: u64,
    /// Its normal value `g`.
    pub value: u64,
    /// `γ0, γ1, ...`: the misère values of the heap plus 0, 1, ... copies of `*2`, as computed.
    pub genus: Vec<u64>,
    /// Conway's notation, e.g. `0^{120}`.
    pub notation: String,
    /// The first index from which the computed superscript alternates (`None`: it never did
    /// within [`MAX_K`] copies).
    pub settled_at: Option<usize>,
    /// Whether the continuation of the alternation is proven (never, see the module docs).
    pub proven: bool,
    /// `Some(false)`: proven not tame (see `wild`); `None`: not decided.
    pub tame: Option<bool>,
    /// A reachable position whose genus is not a tame one, with what was computed.
    pub wild: Option<String>,
}

/// The genus of the heaps `from..=to` of a heap game.
pub fn genus_sequence(
    ruleset: &dyn Ruleset,
    from: u64,
    to: u64,
    progress: &mut dyn FnMut(u64),
) -> Result<Vec<HeapGenus>> {
    if ruleset.heap_options(1).is_none() {
        return Err(not_a_heap_game());
    }
    if from > to {
        return Err(Error::Invalid(format!(
            "--from {from} is larger than --to {to}"
        )));
    }
    if to > MAX_HEAPS {
        return Err(Error::TooLarge(format!(
            "the genus is computed by the definition for heaps up to {MAX_HEAPS}; --to {to} is beyond"
        )));
    }
    let mut normal = solver_for(ruleset);
    let mut engine = PlayEngine::new(
        GenusTree {
            ruleset,
            heaps: HashMap::new(),
        },
        Convention::Misere,
    );
    let mut out = Vec::new();
    for heap in from..=to {
        let value = normal.value(&[heap])?;
        let genus = superscript(&mut engine, &[heap])?;
        let settled_at = settled(&genus);
        let notation = notation(value, &genus, settled_at);
        let wild = wild_follower(&mut engine, normal.as_mut(), heap, genus.len())?;
        out.push(HeapGenus {
            heap,
            value,
            notation,
            settled_at,
            proven: false,
            tame: wild.as_ref().map(|_| false),
            wild,
            genus,
        });
        progress(heap - from + 1);
    }
    Ok(out)
}

/// `γ0, γ1, ...` of `heaps` until the last [`ALTERNATION`] entries alternate, or [`MAX_K`].
fn superscript(engine: &mut PlayEngine<GenusTree>, heaps: &[u64]) -> Result<Vec<u64>> {
    let mut genus: Vec<u64> = Vec::new();
    for k in 0..=MAX_K as u64 {
        let mut form = vec![k, 0];
        form.extend(heap_multiset(heaps));
        genus.push(engine.value_of_form(form)?);
        if genus.len() >= ALTERNATION + 2 && alternates(&genus[genus.len() - ALTERNATION - 2..]) {
            break;
        }
    }
    Ok(genus)
}

fn alternates(tail: &[u64]) -> bool {
    (2..tail.len()).all(|i| tail[i] == tail[i - 2])
}

/// The least index `m >= 1` from which every computed entry equals the one two before (so
/// the superscript is written up to entry `m`), when the superscript ends with
/// [`ALTERNATION`] alternating entries.
fn settled(genus: &[u64]) -> Option<usize> {
    let n = genus.len();
    if n < ALTERNATION + 2 || !alternates(&genus[n - ALTERNATION - 2..]) {
        return None;
    }
    (1..n).find(|&m| (m + 1..n).all(|i| genus[i] == genus[i - 2]))
}

/// Conway's abbreviated notation: the superscript up to where it alternates (a constant
/// superscript as one entry); entries are separated by commas when one has several digits.
fn notation(value: u64, genus: &[u64], settled_at: Option<usize>) -> String {
    let shown: &[u64] = match settled_at {
        Some(_) if genus.iter().all(|&v| v == genus[0]) => &genus[..1],
        Some(m) => &genus[..=m],
        None => genus,
    };
    let wide = shown.iter().any(|&v| v >= 10);
    let digits: Vec<String> = shown.iter().map(u64::to_string).collect();
    let sep = if wide { "," } else { "" };
    let more = if settled_at.is_none() { "..." } else { "" };
    format!("{value}^{{{}{more}}}", digits.join(sep))
}

/// Entry `k` of the tame genus of normal value `g`: `g^{g, g XOR 2}` (a Nim position with a
/// heap of 2 or more: `0^{02}`, `1^{13}`, `2^{20}`, `4^{46}`, ...), or, `fickle`, the genus
/// of a Nim position of heaps of 1 (`0^{120}`, `1^{031}`), which differs at `k = 0` only.
fn tame_entry(g: u64, k: usize, fickle: bool) -> u64 {
    match k {
        0 if fickle => g ^ 1,
        _ if k % 2 == 1 => g ^ 2,
        _ => g,
    }
}

/// A position reachable from `heap` whose computed genus entries (the first `k`) are not
/// those of a tame genus, if there is one ([`tame_entry`]).
fn wild_follower(
    engine: &mut PlayEngine<GenusTree>,
    normal: &mut dyn crate::ruleset::Solver,
    heap: u64,
    k: usize,
) -> Result<Option<String>> {
    let mut seen: HashSet<Position> = HashSet::new();
    let mut stack = vec![heap_multiset(&[heap])];
    while let Some(x) = stack.pop() {
        if !seen.insert(x.clone()) {
            continue;
        }
        if seen.len() > MAX_FOLLOWERS {
            return Ok(None);
        }
        let g = x
            .iter()
            .map(|&h| normal.value(&[h]))
            .try_fold(0, |acc, v| v.map(|v| acc ^ v))?;
        let mut entries = Vec::with_capacity(k);
        for a in 0..k as u64 {
            let mut form = vec![a, 0];
            form.extend_from_slice(&x);
            entries.push(engine.value_of_form(form)?);
        }
        let fits = |fickle: bool| {
            entries
                .iter()
                .enumerate()
                .all(|(i, &v)| v == tame_entry(g, i, fickle))
        };
        if !(fits(false) || (g <= 1 && fits(true))) {
            let shown: Vec<String> = entries.iter().map(u64::to_string).collect();
            return Ok(Some(format!(
                "the position {} has genus {g}^{{{}}}, not a tame genus",
                if x.is_empty() {
                    "0".to_string()
                } else {
                    x.iter().map(u64::to_string).collect::<Vec<_>>().join("+")
                },
                shown.join(",")
            )));
        }
        stack.extend(engine.tree_mut().heap_moves(&x)?);
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::parse_game;

    /// `G-` of heaps plus `a` copies of `*2`, by plain recursion over ordered lists (the
    /// ruleset's own moves for the heaps; a `*2` moves to `*1` or `0`).
    fn reference(game: &dyn Ruleset, heaps: &[u64], twos: u64, ones: u64) -> u64 {
        let mut values = Vec::new();
        for m in game.moves(heaps).unwrap() {
            values.push(reference(game, &m.to, twos, ones));
        }
        if twos > 0 {
            values.push(reference(game, heaps, twos - 1, ones + 1));
            values.push(reference(game, heaps, twos - 1, ones));
        }
        if ones > 0 {
            values.push(reference(game, heaps, twos, ones - 1));
        }
        if values.is_empty() {
            return 1;
        }
        (0..).find(|v| !values.contains(v)).unwrap()
    }

    #[test]
    fn nim_heaps_have_the_genus_of_nim() {
        // ONAG ch. 12: *0 is 0^{120}, *1 is 1^{031}, *n is n^{n, n XOR 2} for n >= 2.
        let nim = parse_game("nim").unwrap();
        let genus = genus_sequence(nim.as_ref(), 0, 6, &mut |_| {}).unwrap();
        let notations: Vec<&str> = genus.iter().map(|h| h.notation.as_str()).collect();
        assert_eq!(
            notations,
            ["0^{120}", "1^{031}", "2^{20}", "3^{31}", "4^{46}", "5^{57}", "6^{64}"]
        );
        assert!(genus.iter().all(|h| h.tame.is_none()));
    }

    #[test]
    fn the_superscript_agrees_with_the_definition() {
        for code in ["kayles", "dawson-kayles", "octal:0.137", "octal:0.07"] {
            let game = parse_game(code).unwrap();
            let genus = genus_sequence(game.as_ref(), 0, 6, &mut |_| {}).unwrap();
            for h in &genus {
                for (k, &v) in h.genus.iter().enumerate().take(4) {
                    assert_eq!(
                        v,
                        reference(game.as_ref(), &[h.heap], k as u64, 0),
                        "{code} {}",
                        h.heap
                    );
                }
            }
        }
    }

    #[test]
    fn kayles_is_proven_wild_at_its_heap_of_5() {
        // Kayles' heap of 5 has normal value 4 but G- = 1 (both exact, the second checked by
        // the reference above): no tame genus has g = 4 and γ0 = 1.
        let game = parse_game("kayles").unwrap();
        let genus = genus_sequence(game.as_ref(), 0, 5, &mut |_| {}).unwrap();
        assert_eq!((genus[5].value, genus[5].genus[0]), (4, 1));
        assert_eq!(genus[5].tame, Some(false));
        assert!(genus[5].wild.as_deref().unwrap().contains("position 5 "));
        // Below it every follower's computed entries are tame ones: not decided, never "tame".
        assert!(genus[..5].iter().all(|h| h.tame.is_none()));
    }

    #[test]
    fn the_notation_abbreviates_at_the_alternation() {
        assert_eq!(
            notation(0, &[1, 2, 0, 2, 0, 2, 0], settled(&[1, 2, 0, 2, 0, 2, 0])),
            "0^{120}"
        );
        assert_eq!(
            notation(2, &[2, 0, 2, 0, 2, 0], settled(&[2, 0, 2, 0, 2, 0])),
            "2^{20}"
        );
        assert_eq!(
            notation(3, &[3, 3, 3, 3, 3, 3], settled(&[3, 3, 3, 3, 3, 3])),
            "3^{3}"
        );
        assert_eq!(
            notation(4, &[4, 6, 4, 6, 4, 6], settled(&[4, 6, 4, 6, 4, 6])),
            "4^{46}"
        );
        assert_eq!(
            notation(1, &[4, 3, 1, 3, 1, 3, 1], settled(&[4, 3, 1, 3, 1, 3, 1])),
            "1^{431}"
        );
    }

    #[test]
    fn games_without_heaps_are_refused() {
        let game = parse_game("subtraction:s=1,2").unwrap();
        assert!(genus_sequence(game.as_ref(), 0, 3, &mut |_| {}).is_err());
    }
}
