//! Misère quotients of heap games (Plambeck, *Taming the wild in impartial combinatorial games*,
//! INTEGERS 5 (2005) G05; Plambeck and Siegel, *Misère quotients for impartial games*, JCTA 115
//! (2008); Siegel, *Misère games and misère quotients*, Games of No Chance 5 (2017)).
//!
//! Fix a heap game and a bound `n`, and let `A` be the positions made of heaps `<= n` (the
//! *words*: multisets of heaps). Two positions `G`, `H` are *indistinguishable* when
//! `G + X` and `H + X` have the same misère outcome for every `X` in `A`. The classes form a
//! commutative monoid `Q` (the misère quotient), and the classes of misère P-positions its
//! P-portion `P`. The map `Φ` sending a heap to its class (the pretending function) gives the
//! outcome of any position at once: multiply the classes of its heaps and ask whether the
//! product lies in `P`.
//!
//! **Verification** (the argument of Plambeck and Siegel's verification theorem, written out
//! here). Let `(Q, P)` be a finite commutative monoid with a subset, and `Φ` a homomorphism from
//! the words onto `Q`. For a heap `h` let `T(h)` be the classes of its options. Suppose
//! 1. the identity is not in `P` (the empty position is a misère N-position);
//! 2. *no P-position has a P-option*: for every `y` in `Q` and heap `h`, if `y Φ(h)` is in `P`
//!    then `y t` is not, for every `t` in `T(h)`;
//! 3. *every other position with a move has a P-option*: for every word `w` with a move and
//!    `Φ(w)` outside `P`, some option of `w` has its class in `P`.
//!
//! Then, by induction over the words, `Φ(w) ∈ P` exactly when `w` is a misère P-position. If
//! moreover `Q` is *reduced* (for `x != y` some `z` has `xz ∈ P` and `yz ∉ P` or the reverse),
//! `Φ(G) = Φ(H)` exactly when `G` and `H` are indistinguishable, so `(Q, P)` is the quotient.
//! Condition 2 is a finite check. Condition 3 is about infinitely many words, but a word only
//! matters through its *state*: its class `e` and the set `S` of its options' classes, which
//! extend by a heap `h` as `(e, S) -> (e Φ(h), S Φ(h) ∪ e T(h))`. That map is monotone in `S`,
//! so a word whose state has the same class as an earlier word's and a larger set passes
//! whenever that one does, and so do all its extensions: words are enumerated in lexicographic
//! order keeping, per class, the minimal sets seen, which ends because `Q` is finite.
//!
//! **Construction**, incremental in `n` (the approach of Siegel's MisereSolver, our own code):
//! the quotient for `n - 1` is kept if heap `n` can be sent to one of its elements and the
//! result verifies (a *conservative extension*); otherwise a candidate is built with a new
//! generator `a` for heap `n` (`a^4 = a^2`), its P-portion marked word by word by the misère
//! recursion, reduced, and verified; when verification fails, the heaps of the least failing
//! word are given generators of their own with longer cycles and the candidate is rebuilt.
//! Only a verified candidate is ever returned, so the construction can fail (and says so) but
//! never answers wrongly.
//!
//! **Periodicity.** If `Φ(m + p) = Φ(m)` for `n0 <= m < j n0 + (j - 1) p + k` (an octal game
//! whose moves take at most `k` tokens and leave at most `j` heaps), then heap `m` past that
//! range has the same option classes as heap `m - p` (the larger heaps left by its moves are
//! `p` apart, the smaller ones the same), so sending it to `Φ(m - p)` verifies, and by
//! induction the quotient never changes again: the same argument and bound as the periodicity
//! theorem for Grundy values ([`crate::games::octal::theory`]), with products in `Q` for nim-sums.

use std::collections::HashMap;

use serde::Serialize;

use crate::games::octal::period;
use crate::ruleset::HeapShape;
use crate::ruleset::{Position, Ruleset};
use crate::{Error, Result};

/// The largest quotient kept (its multiplication table has `order^2` entries of 4 bytes: 64 MiB).
pub const MAX_ORDER: usize = 1 << 12;
/// The largest candidate monoid built while looking for the next quotient (for quotients of at
/// most [`MAX_ORDER`] elements; proportionally fewer under a lower limit).
pub const MAX_CANDIDATE: usize = 1 << 20;
/// The largest heap bound `quotient` accepts.
pub const MAX_HEAPS: u64 = 1 << 16;
/// How many minimal option sets the verification may keep in all (each a bitset of `Q`).
pub const MAX_STATES: usize = 1 << 22;

/// An element of a quotient: its index in [`Monoid`]'s table.
pub type Element = u32;

/// A finite commutative monoid with identity `0`, as its full multiplication table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Monoid {
    order: usize,
    table: Vec<Element>,
}

impl Monoid {
    /// The monoid of one element.
    fn trivial() -> Self {
        Monoid {
            order: 1,
            table: vec![0],
        }
    }

    /// How many elements.
    pub fn order(&self) -> usize {
        self.order
    }

    /// The product `x y`.
    #[inline]
    pub fn mul(&self, x: Element, y: Element) -> Element {
        self.table[x as usize * self.order + y as usize]
    }
}

/// A word: the number of heaps of each size `0..=n` (index 0 unused).
pub type Word = Vec<u32>;

/// Lexicographic order with the largest heap most significant: every option of a word comes
/// before it (a move replaces a heap by smaller ones).
fn lex_cmp(a: &[u32], b: &[u32]) -> std::cmp::Ordering {
    let len = a.len().max(b.len());
    for i in (0..len).rev() {
        let (x, y) = (
            a.get(i).copied().unwrap_or(0),
            b.get(i).copied().unwrap_or(0),
        );
        if x != y {
            return x.cmp(&y);
        }
    }
    std::cmp::Ordering::Equal
}

/// A verified quotient of the heaps `<= bound` (see the module documentation).
#[derive(Debug, Clone)]
pub struct Quotient {
    monoid: Monoid,
    p_portion: Vec<bool>,
    /// `phi[h]`: the class of heap `h`, `h = 0..=bound`.
    phi: Vec<Element>,
    /// The lexicographically least word of each class.
    words: Vec<Word>,
    /// The proof that the heaps' classes are periodic (and the quotient final), if found.
    proof: Option<period::Proof>,
}

impl Quotient {
    /// The heap bound `n`.
    pub fn bound(&self) -> u64 {
        self.phi.len() as u64 - 1
    }

    /// The monoid `Q`.
    pub fn monoid(&self) -> &Monoid {
        &self.monoid
    }

    /// `|Q|`.
    pub fn order(&self) -> usize {
        self.monoid.order
    }

    /// Whether `x` is in the P-portion.
    pub fn is_p(&self, x: Element) -> bool {
        self.p_portion[x as usize]
    }

    /// The class of each heap `0..=bound`.
    pub fn phi(&self) -> &[Element] {
        &self.phi
    }

    /// The least word (heap counts) of each element.
    pub fn least_words(&self) -> &[Word] {
        &self.words
    }

    /// The proof that the quotient is the same for every heap bound, if one was found.
    pub fn proof(&self) -> Option<period::Proof> {
        self.proof
    }

    /// The class of heap `h`: computed up to the bound, beyond it only through a proven period.
    pub fn heap_class(&self, h: u64) -> Result<Element> {
        let reduced = match self.proof {
            Some(proof) => proof.reduce(h),
            None => h,
        };
        self.phi.get(reduced as usize).copied().ok_or_else(|| {
            Error::Invalid(format!(
                "heap {h} is beyond the heap bound {} of the quotient, which is not proven to stay the same past it; compute it with a larger --heaps",
                self.bound()
            ))
        })
    }

    /// The class of a position (one product per heap: linear time).
    pub fn class_of(&self, heaps: &[u64]) -> Result<Element> {
        heaps
            .iter()
            .try_fold(0, |x, &h| Ok(self.monoid.mul(x, self.heap_class(h)?)))
    }

    /// Whether a position is a misère P-position, from the quotient.
    pub fn is_p_position(&self, heaps: &[u64]) -> Result<bool> {
        Ok(self.is_p(self.class_of(heaps)?))
    }
}

/// A *part system*: parts numbered `1, 2, ...` in an order where every option of a part is a
/// sum (a multiset) of earlier parts, part `0` being the empty game. The quotient of the
/// positions made of parts `<= n` is built on it, whatever the parts are: heaps of a heap game
/// ([`Heaps`]: heap `n`'s options leave smaller heaps), or the parts of a game of parts
/// ([`GameParts`]: the boards of Notakto, each reachable one numbered once).
pub trait PartSource {
    /// What a part is called (`heap`, `part`).
    fn noun(&self) -> &'static str;
    /// The options of part `i >= 1`, each the parts it leaves (numbers below `i`; `0` and
    /// nothing both mean no part), or `None` when there is no part `i`.
    fn options(&self, i: u64) -> Option<Result<Vec<Vec<u64>>>>;
    /// The number of parts, when finite.
    fn count(&self) -> Option<u64>;
}

/// The heaps of a heap game as a part system: heap `n` is part `n`.
pub struct Heaps<'a>(pub &'a dyn Ruleset);

impl PartSource for Heaps<'_> {
    fn noun(&self) -> &'static str {
        "heap"
    }

    fn options(&self, i: u64) -> Option<Result<Vec<Vec<u64>>>> {
        self.0.heap_options(i)
    }

    fn count(&self) -> Option<u64> {
        None
    }
}

/// The most parts a [`GameParts`] explores.
pub const MAX_PARTS: usize = 1 << 16;

/// The parts of a game of parts ([`Ruleset::game_parts`]) reachable from some positions, as a
/// part system: every part that play from them can reach, each once (the game writes a part
/// in a canonical form, so parts alike up to its symmetries are one), numbered by the longest
/// play from them (then by their numbers), so that a part's options are made of earlier parts.
/// Part `0` is the empty game.
#[derive(Debug, Clone)]
pub struct GameParts {
    /// Each part as a position of the game, `parts[0]` the empty position.
    parts: Vec<Position>,
    /// Each part's options, as part numbers.
    options: Vec<Vec<Vec<u64>>>,
    /// A part's number.
    index: HashMap<Position, u64>,
}

impl GameParts {
    /// Every part reachable from `positions` in `game`, which must be a game of parts.
    pub fn explore(game: &dyn Ruleset, positions: &[Position]) -> Result<Self> {
        Self::explore_at_most(game, positions, MAX_PARTS)
    }

    /// The same, refusing ([`Error::TooLarge`]) past `limit` parts (at most [`MAX_PARTS`]).
    pub fn explore_at_most(
        game: &dyn Ruleset,
        positions: &[Position],
        limit: usize,
    ) -> Result<Self> {
        let limit = limit.min(MAX_PARTS);
        let split = |position: &[u64]| {
            game.game_parts(position).ok_or_else(|| {
                Error::Invalid(format!(
                    "{} does not split its positions into parts: misère quotients are computed for heap games and for games of parts (boards, graphs)",
                    game.spec()
                ))
            })
        };
        // Discovery, each part's options as parts.
        let mut found: Vec<Position> = Vec::new();
        let mut number: HashMap<Position, usize> = HashMap::new();
        let mut todo: Vec<usize> = Vec::new();
        let mut add = |part: Position, found: &mut Vec<Position>, todo: &mut Vec<usize>| {
            if let Some(&i) = number.get(&part) {
                return Ok(i);
            }
            if found.len() >= limit {
                return Err(Error::TooLarge(format!(
                    "{} has more than {limit} parts reachable, the most a misère quotient of its parts explores here",
                    game.spec()
                )));
            }
            number.insert(part.clone(), found.len());
            found.push(part);
            todo.push(found.len() - 1);
            Ok(found.len() - 1)
        };
        for position in positions {
            game.validate(position)?;
            for part in split(position)? {
                add(part, &mut found, &mut todo)?;
            }
        }
        let mut raw: Vec<Vec<Vec<usize>>> = Vec::new();
        while let Some(i) = todo.pop() {
            let part = found[i].clone();
            let mut options = Vec::new();
            for option in game.options(&part)? {
                let mut parts = Vec::new();
                for p in split(&option)? {
                    parts.push(add(p, &mut found, &mut todo)?);
                }
                options.push(parts);
            }
            if raw.len() <= i {
                raw.resize(i + 1, Vec::new());
            }
            raw[i] = options;
        }
        raw.resize(found.len(), Vec::new());
        // The longest play from each part: 1 + the most, over its options, of the sum of the
        // longest plays of the option's parts (a part on its own path is a cycle).
        const OPEN: u64 = u64::MAX;
        let mut longest: Vec<Option<u64>> = vec![None; found.len()];
        for root in 0..found.len() {
            let mut stack = vec![(root, false)];
            while let Some((i, done)) = stack.pop() {
                if done {
                    let mut best = 0u64;
                    for option in &raw[i] {
                        let mut sum = 1u64;
                        for &p in option {
                            sum = sum.saturating_add(longest[p].expect("valued first"));
                        }
                        best = best.max(sum);
                    }
                    longest[i] = Some(best);
                    continue;
                }
                match longest[i] {
                    Some(OPEN) => {
                        return Err(Error::Invalid(format!(
                            "{} has a cycle through the part {}: misère quotients are for games that end",
                            game.spec(),
                            game.show_position(&found[i])
                        )))
                    }
                    Some(_) => continue,
                    None => {}
                }
                longest[i] = Some(OPEN);
                stack.push((i, true));
                for option in &raw[i] {
                    for &p in option {
                        if longest[p].is_none() {
                            stack.push((p, false));
                        } else if longest[p] == Some(OPEN) {
                            return Err(Error::Invalid(format!(
                                "{} has a cycle through the part {}: misère quotients are for games that end",
                                game.spec(),
                                game.show_position(&found[p])
                            )));
                        }
                    }
                }
            }
        }
        let mut order: Vec<usize> = (0..found.len()).collect();
        order.sort_by(|&x, &y| (longest[x], &found[x]).cmp(&(longest[y], &found[y])));
        let mut renumber = vec![0u64; found.len()];
        for (k, &i) in order.iter().enumerate() {
            renumber[i] = k as u64 + 1;
        }
        let mut parts = vec![Vec::new()];
        let mut options = vec![Vec::new()];
        for &i in &order {
            parts.push(found[i].clone());
            options.push(
                raw[i]
                    .iter()
                    .map(|o| o.iter().map(|&p| renumber[p]).collect())
                    .collect(),
            );
        }
        let index = parts
            .iter()
            .enumerate()
            .skip(1)
            .map(|(k, p)| (p.clone(), k as u64))
            .collect();
        Ok(GameParts {
            parts,
            options,
            index,
        })
    }

    /// The number of parts (the empty game not counted).
    pub fn len(&self) -> usize {
        self.parts.len() - 1
    }

    /// Whether there is no part.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Part `i` as a position of the game (`0`: the empty position).
    pub fn part(&self, i: u64) -> &[u64] {
        &self.parts[i as usize]
    }

    /// The part numbers of a position of the game (an error names a part not explored).
    pub fn numbers(&self, game: &dyn Ruleset, position: &[u64]) -> Result<Vec<u64>> {
        let parts = game.game_parts(position).unwrap_or_default();
        parts
            .iter()
            .map(|p| {
                self.index.get(p).copied().ok_or_else(|| {
                    Error::Invalid(format!(
                        "the part {} is not among the {} parts the quotient was built from",
                        game.show_position(p),
                        self.len()
                    ))
                })
            })
            .collect()
    }
}

impl PartSource for GameParts {
    fn noun(&self) -> &'static str {
        "part"
    }

    fn options(&self, i: u64) -> Option<Result<Vec<Vec<u64>>>> {
        self.options.get(i as usize).map(|o| Ok(o.clone()))
    }

    fn count(&self) -> Option<u64> {
        Some(self.len() as u64)
    }
}

/// The incremental construction: the quotient of heaps `<= n` for growing `n`.
pub struct Builder<'a> {
    source: Box<dyn PartSource + 'a>,
    /// Heap `h`'s options, each the heaps it leaves.
    options: Vec<Vec<Vec<u64>>>,
    quotient: Quotient,
    /// `|Q_h|` for each heap bound `h` computed.
    orders: Vec<usize>,
    /// The heaps at which the quotient grew (a new generator or a rebuilt candidate).
    expansions: Vec<u64>,
    /// Candidates rejected by verification so far.
    pub rejected: u64,
    /// The largest order accepted ([`MAX_ORDER`] unless lowered).
    max_order: usize,
    /// At most this many heap options listed in all, if set ([`Builder::with_option_budget`]).
    option_budget: Option<u64>,
    /// Heap options listed so far.
    listed: u64,
    /// The option classes of each heap under the quotient (valid until it grows: a
    /// conservative extension keeps the monoid and the earlier heaps' classes).
    classes: Vec<Option<Vec<Element>>>,
}

/// Why building the next quotient stopped.
fn too_large(what: String) -> Error {
    Error::TooLarge(what)
}

impl<'a> Builder<'a> {
    /// Starts at heap bound 0 (the trivial quotient) for a game played on heaps.
    pub fn new(game: &'a dyn Ruleset) -> Result<Self> {
        if game.heap_options(0).is_none() {
            return Err(Error::Invalid(format!(
                "{} is not played on heaps: misère quotients are defined for heap games (octal, hexadecimal, nim, Game.heap)",
                game.spec()
            )));
        }
        Ok(Self::with_source(Box::new(Heaps(game))))
    }

    /// Starts at part 0 (the empty game, the trivial quotient) for the parts `source` lists.
    pub fn with_source(source: Box<dyn PartSource + 'a>) -> Self {
        Builder {
            source,
            options: vec![Vec::new()],
            quotient: Quotient {
                monoid: Monoid::trivial(),
                p_portion: vec![false],
                phi: vec![0],
                words: vec![vec![0]],
                proof: None,
            },
            orders: vec![1],
            expansions: Vec::new(),
            rejected: 0,
            max_order: MAX_ORDER,
            option_budget: None,
            listed: 0,
            classes: Vec::new(),
        }
    }

    /// Extends the quotient to every part of a finite system ([`PartSource::count`]).
    pub fn extend_to_all(&mut self, progress: &mut dyn FnMut(u64)) -> Result<()> {
        let count = self.source.count().ok_or_else(|| {
            Error::Invalid("the parts of a heap game have no end: give the heap bound".into())
        })?;
        self.extend_to(count, progress)
    }

    /// Refuses quotients of more than `max_order` elements (at most [`MAX_ORDER`]), for sweeps
    /// over many games that should skip the large ones quickly.
    pub fn with_max_order(mut self, max_order: usize) -> Self {
        self.max_order = max_order.min(MAX_ORDER);
        self
    }

    /// The same, refusing ([`Error::TooLarge`]) to go on when the heap options listed would
    /// pass `budget`: in all so far, or at the rate of the last heap up to the bound asked
    /// of [`Builder::extend_to`] (a query answered in seconds, not a quotient of hours).
    pub fn with_option_budget(mut self, budget: u64) -> Self {
        self.option_budget = Some(budget);
        self
    }

    /// The quotient so far.
    pub fn quotient(&self) -> &Quotient {
        &self.quotient
    }

    /// `|Q_h|` for `h = 0..=bound`.
    pub fn orders(&self) -> &[usize] {
        &self.orders
    }

    /// The heaps where the quotient changed.
    pub fn expansions(&self) -> &[u64] {
        &self.expansions
    }

    /// The options of every heap so far.
    pub fn heap_options(&self) -> &[Vec<Vec<u64>>] {
        &self.options
    }

    /// Extends the quotient to heaps `<= n`, reporting each heap done to `progress`.
    pub fn extend_to(&mut self, n: u64, progress: &mut dyn FnMut(u64)) -> Result<()> {
        if n > MAX_HEAPS {
            return Err(too_large(format!(
                "a quotient is computed for heaps up to {MAX_HEAPS}, not {n}"
            )));
        }
        while self.quotient.bound() < n {
            let listed = self.step()?;
            let heap = self.quotient.bound();
            if let Some(budget) = self.option_budget {
                let ahead = listed.saturating_mul(n - heap);
                let total = self.listed.saturating_add(ahead);
                if total > budget {
                    return Err(too_large(format!(
                        "the misère quotient of heaps up to {n} would list more than {budget} heap options ({} so far; heap {heap} alone has {listed})",
                        self.listed
                    )));
                }
                // Each new heap's classes are compared with those of every smaller heap and
                // its candidate verified on every option listed: about `total * n / 2` reads.
                let work = total.saturating_mul(n) / 2;
                let work_budget = budget.saturating_mul(QUOTIENT_WORK_PER_OPTION);
                if work > work_budget {
                    return Err(too_large(format!(
                        "the misère quotient of heaps up to {n} would take about {work} option reads (its {total} heap options, each read again for every larger heap), more than {work_budget}"
                    )));
                }
            }
            progress(heap);
        }
        Ok(())
    }

    /// Adds the next heap; answers how many options it has.
    fn step(&mut self) -> Result<u64> {
        let heap = self.quotient.bound() + 1;
        let noun = self.source.noun();
        let mut options = self
            .source
            .options(heap)
            .ok_or_else(|| Error::Invalid(format!("there is no {noun} {heap}")))??
            .into_iter()
            .map(|mut o| {
                o.retain(|&h| h > 0);
                o.sort_unstable();
                o
            })
            .collect::<Vec<_>>();
        options.sort();
        options.dedup();
        if let Some(bad) = options.iter().flatten().find(|&&h| h >= heap) {
            return Err(Error::Invalid(format!(
                "{noun} {heap} has an option leaving {noun} {bad}: a quotient needs every option of a {noun} to leave earlier {noun}s"
            )));
        }
        let count = options.len() as u64;
        self.listed += count;
        self.options.push(options);
        if let Some(q) = self.conservative_extension() {
            self.quotient = q;
        } else {
            self.quotient = self.expand(heap)?;
            self.classes.clear();
            self.expansions.push(heap);
        }
        self.orders.push(self.quotient.order());
        Ok(count)
    }

    /// The quotient with the newest heap sent to an existing element, if one verifies.
    fn conservative_extension(&mut self) -> Option<Quotient> {
        let q = &self.quotient;
        let heap = self.options.len() - 1;
        let options = &self.options[heap];
        if options.is_empty() {
            // A heap with no move is the empty game.
            let mut next = q.clone();
            next.phi.push(0);
            return Some(next);
        }
        let targets = option_classes(&q.monoid, &q.phi, options);
        let heap_is_p = targets.iter().all(|&t| !q.is_p(t));
        let order = q.monoid.order;
        // Heaps already present with the same option classes: heap `h`'s class serves.
        self.classes.resize(heap, None);
        for h in 1..heap {
            if self.options[h].is_empty() {
                continue;
            }
            let classes = self.classes[h]
                .get_or_insert_with(|| option_classes(&q.monoid, &q.phi, &self.options[h]));
            if *classes == targets {
                let mut next = q.clone();
                next.phi.push(q.phi[h]);
                return Some(next);
            }
        }
        let mut phi = q.phi.clone();
        phi.push(0);
        for x in 0..order as Element {
            if q.is_p(x) != heap_is_p {
                continue;
            }
            // Condition 2 for the new heap, which is cheap, before the enumeration.
            let p_ok = (0..order as Element).all(|y| {
                !q.is_p(q.monoid.mul(y, x)) || targets.iter().all(|&t| !q.is_p(q.monoid.mul(y, t)))
            });
            if !p_ok {
                continue;
            }
            phi[heap] = x;
            let candidate = Quotient {
                monoid: q.monoid.clone(),
                p_portion: q.p_portion.clone(),
                phi: phi.clone(),
                words: q.words.clone(),
                proof: None,
            };
            // The smaller heaps' classes are the quotient's: only the new heap's differ.
            match verify_known(&candidate, &self.options, &self.classes) {
                Ok(None) => return Some(candidate),
                _ => self.rejected += 1,
            }
        }
        None
    }

    /// A larger quotient for the newest heap: a new generator, then recalibration until a
    /// candidate verifies.
    fn expand(&mut self, heap: u64) -> Result<Quotient> {
        let old = &self.quotient;
        let mut cycles = vec![(heap as usize, 2usize)];
        let base_phi = {
            let mut phi = old.phi.clone();
            phi.push(0);
            phi
        };
        let mut candidate = build_candidate(
            &old.monoid,
            &base_phi,
            &cycles,
            &self.options,
            self.max_order,
        )?
        .ok_or_else(|| self.stuck(heap, "the first candidate is inconsistent"))?;
        loop {
            let failure = verify(&candidate, &self.options)?;
            let Some(word) = failure else {
                return Ok(candidate);
            };
            self.rejected += 1;
            let should_be_p = !candidate.is_p(word_class(&candidate, &word));
            let involved: Vec<usize> = (1..word.len()).filter(|&h| word[h] > 0).collect();
            let (mut next, mut hit_limit) = (None, false);
            'sizes: for size in 1..=involved.len() {
                for subset in combinations(&involved, size) {
                    cycles = subset
                        .iter()
                        .map(|&h| {
                            let index = power_index(&candidate.monoid, candidate.phi[h])
                                .max(word[h].saturating_sub(1) as usize)
                                .max(2);
                            (h, index)
                        })
                        .collect();
                    let trial = match build_candidate(
                        &candidate.monoid,
                        &candidate.phi,
                        &cycles,
                        &self.options,
                        self.max_order,
                    ) {
                        Ok(Some(trial)) => trial,
                        // Too large or inconsistent: a smaller or other choice may do.
                        Ok(None) => continue,
                        Err(Error::TooLarge(_)) => {
                            hit_limit = true;
                            continue;
                        }
                        Err(e) => return Err(e),
                    };
                    if trial.is_p(word_class(&trial, &word)) == should_be_p {
                        next = Some(trial);
                        break 'sizes;
                    }
                }
            }
            candidate = next.ok_or_else(|| {
                self.stuck(
                    heap,
                    &format!(
                        "no candidate{} corrects the failing position {}; the quotient may be infinite",
                        if hit_limit {
                            format!(" of at most {} elements", self.max_order)
                        } else {
                            String::new()
                        },
                        word_text(&word)
                    ),
                )
            })?;
        }
    }

    fn stuck(&self, heap: u64, why: &str) -> Error {
        Error::TooLarge(format!(
            "the misère quotient could not be extended to heap {heap} ({why}); it has order {} for heaps up to {}",
            self.quotient.order(),
            self.quotient.bound()
        ))
    }

    /// The period of the pretending function proven by the periodicity argument (module
    /// documentation), for a game whose moves have a [`HeapShape`].
    /// (The candidates: the period of the last quarter of the classes, else the one
    /// [`Builder::observed_period`] sees; any candidate the check accepts is a proof.)
    pub fn proof(&self, shape: HeapShape) -> Option<period::Proof> {
        let phi: Vec<u64> = self.quotient.phi.iter().map(|&x| u64::from(x)).collect();
        let candidates = [
            period::tail_period(&self.quotient.phi),
            self.repeating_tail(),
        ];
        candidates
            .into_iter()
            .flatten()
            .find_map(|(p, n0)| period::check(shape, &phi, n0 as u64, p as u64))
    }

    /// The smallest `p` whose repetition `Φ(m + p) = Φ(m)` holds over the last `2p` heaps at
    /// least, with the first heap `n0` from which it holds to the bound.
    fn repeating_tail(&self) -> Option<(usize, usize)> {
        let phi = &self.quotient.phi;
        let len = phi.len();
        (1..=len / 2).find_map(|p| {
            let mut n0 = len - p;
            while n0 > 0 && phi[n0 - 1] == phi[n0 - 1 + p] {
                n0 -= 1;
            }
            (len - n0 >= 2 * p).then_some((p, n0))
        })
    }

    /// The period the heaps' classes show at the end of the range computed (repeated over the
    /// last two periods at least), when the periodicity argument does not prove it yet:
    /// `(period, preperiod, heap bound)`, the heap bound being the one the same argument
    /// ([`Builder::proof`]) needs to prove it, if the classes keep that period up to there.
    pub fn observed_period(&self, shape: HeapShape) -> Option<(u64, u64, u64)> {
        let (p, n0) = self.repeating_tail()?;
        let needed = shape.needed(n0 as u64, p as u64)?;
        Some((p as u64, n0 as u64, needed - 1))
    }
}

/// The classes of `options` (each a list of heaps) under `phi`, sorted and without repeats.
fn option_classes(monoid: &Monoid, phi: &[Element], options: &[Vec<u64>]) -> Vec<Element> {
    distinct(
        options
            .iter()
            .map(|o| o.iter().fold(0, |x, &h| monoid.mul(x, phi[h as usize]))),
    )
}

/// The elements given, sorted and without repeats (marked in a bitset: a heap has thousands of
/// options and a quotient at most a few thousand elements, so this is linear where a sort
/// was not).
fn distinct(elements: impl Iterator<Item = Element>) -> Vec<Element> {
    let mut marks: Vec<u64> = Vec::new();
    for x in elements {
        let word = x as usize / 64;
        if word >= marks.len() {
            marks.resize(word + 1, 0);
        }
        marks[word] |= 1 << (x % 64);
    }
    let mut out = Vec::new();
    for (i, &w) in marks.iter().enumerate() {
        let mut w = w;
        while w != 0 {
            out.push((i * 64) as Element + w.trailing_zeros());
            w &= w - 1;
        }
    }
    out
}

/// The class of a word.
fn word_class(q: &Quotient, word: &[u32]) -> Element {
    let mut x = 0;
    for (h, &count) in word.iter().enumerate().skip(1) {
        for _ in 0..count {
            x = q.monoid.mul(x, q.phi[h]);
        }
    }
    x
}

/// `3 + 5 + 5`, with `5 (x12)` for many equal heaps, or `0` for the empty word.
pub fn word_text(word: &[u32]) -> String {
    let mut parts = Vec::new();
    for (h, &count) in word.iter().enumerate().skip(1) {
        if count > 3 {
            parts.push(format!("{h} (x{count})"));
        } else {
            for _ in 0..count {
                parts.push(h.to_string());
            }
        }
    }
    if parts.is_empty() {
        "0".into()
    } else {
        parts.join(" + ")
    }
}

/// The least `i` with `x^(i+2) = x^i` (every element of a misère quotient has one), or a
/// larger cycle's index.
fn power_index(monoid: &Monoid, x: Element) -> usize {
    let mut powers = vec![0 as Element];
    loop {
        let next = monoid.mul(*powers.last().expect("one power"), x);
        if let Some(i) = powers.iter().position(|&y| y == next) {
            return i;
        }
        powers.push(next);
    }
}

fn combinations(items: &[usize], size: usize) -> Vec<Vec<usize>> {
    if size == 0 {
        return vec![Vec::new()];
    }
    let mut all = Vec::new();
    for (i, &first) in items.iter().enumerate() {
        for mut rest in combinations(&items[i + 1..], size - 1) {
            rest.insert(0, first);
            all.push(rest);
        }
    }
    all
}

/// The heaps that matter for enumerating words: one per distinct (class, option classes),
/// heaps with no move left out (they are the empty game). Returns `(heap, class, option
/// classes)`, smallest heap of each kind.
fn heap_kinds(
    monoid_mul: &dyn Fn(Element, Element) -> Element,
    phi: &[Element],
    options: &[Vec<Vec<u64>>],
) -> Vec<(usize, Element, Vec<Element>)> {
    heap_kinds_known(monoid_mul, phi, options, &[])
}

/// [`heap_kinds`], with the option classes of heap `h` taken from `known[h]` where given
/// (computed under the same monoid and the same classes of smaller heaps).
fn heap_kinds_known(
    monoid_mul: &dyn Fn(Element, Element) -> Element,
    phi: &[Element],
    options: &[Vec<Vec<u64>>],
    known: &[Option<Vec<Element>>],
) -> Vec<(usize, Element, Vec<Element>)> {
    let mut seen: HashMap<(Element, Vec<Element>), ()> = HashMap::new();
    let mut kinds = Vec::new();
    for h in 1..phi.len() {
        if options[h].is_empty() {
            continue;
        }
        let targets = match known.get(h) {
            Some(Some(classes)) => classes.clone(),
            _ => distinct(
                options[h]
                    .iter()
                    .map(|o| o.iter().fold(0, |x, &g| monoid_mul(x, phi[g as usize]))),
            ),
        };
        if seen.insert((phi[h], targets.clone()), ()).is_none() {
            kinds.push((h, phi[h], targets));
        }
    }
    kinds
}

/// Checks conditions 1-3 of the module documentation for `q` (which is reduced and onto by
/// construction). `Ok(None)`: verified; `Ok(Some(word))`: the least failing word found.
pub fn verify(q: &Quotient, options: &[Vec<Vec<u64>>]) -> Result<Option<Word>> {
    verify_known(q, options, &[])
}

/// [`verify`], with the option classes of heap `h` taken from `known[h]` where given (see
/// [`heap_kinds_known`]).
fn verify_known(
    q: &Quotient,
    options: &[Vec<Vec<u64>>],
    known: &[Option<Vec<Element>>],
) -> Result<Option<Word>> {
    let monoid = &q.monoid;
    let mul = |x, y| monoid.mul(x, y);
    if q.is_p(0) {
        return Ok(Some(vec![0; q.phi.len()]));
    }
    let kinds = heap_kinds_known(&mul, &q.phi, options, known);
    let order = monoid.order;
    let mut least: Option<Word> = None;
    let consider = |word: Word, least: &mut Option<Word>| {
        if least
            .as_ref()
            .is_none_or(|l| lex_cmp(&word, l) == std::cmp::Ordering::Less)
        {
            *least = Some(word);
        }
    };
    // Condition 2.
    for y in 0..order as Element {
        for (h, g, targets) in &kinds {
            if q.is_p(mul(y, *g)) && targets.iter().any(|&t| q.is_p(mul(y, t))) {
                let mut word = q.words[y as usize].clone();
                word.resize(q.phi.len(), 0);
                word[*h] += 1;
                consider(word, &mut least);
            }
        }
    }
    // Condition 3, by the enumeration of states.
    if let Some(word) = n_failure(q, &kinds, least.as_ref())? {
        consider(word, &mut least);
    }
    Ok(least)
}

/// A set of elements as a bitset.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Set(Vec<u64>);

impl Set {
    fn empty(order: usize) -> Self {
        Set(vec![0; order.div_ceil(64)])
    }
    fn insert(&mut self, x: Element) {
        self.0[x as usize / 64] |= 1 << (x % 64);
    }
    fn is_subset(&self, other: &Set) -> bool {
        self.0.iter().zip(&other.0).all(|(a, b)| a & !b == 0)
    }
    fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    fn iter(&self) -> impl Iterator<Item = Element> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let b = w.trailing_zeros();
                    w &= w - 1;
                    (i * 64) as Element + b
                })
            })
        })
    }
}

/// Condition 3: words in lexicographic order, each heap kind's count raised until the state
/// `(class, option classes)` is no smaller than one kept for its class (module documentation).
/// Stops at `limit` (a failure already found) since only the least failure matters.
fn n_failure(
    q: &Quotient,
    kinds: &[(usize, Element, Vec<Element>)],
    limit: Option<&Word>,
) -> Result<Option<Word>> {
    let order = q.monoid.order;
    let mut kept: Vec<Vec<Set>> = vec![Vec::new(); order];
    let mut states = 0usize;
    let mut word = vec![0u32; q.phi.len()];
    let mut found = None;
    let mut search = NSearch {
        q,
        kinds,
        kept: &mut kept,
        states: &mut states,
        word: &mut word,
        limit,
        found: &mut found,
    };
    search.level(kinds.len(), 0, Set::empty(order))?;
    Ok(found)
}

struct NSearch<'s> {
    q: &'s Quotient,
    kinds: &'s [(usize, Element, Vec<Element>)],
    kept: &'s mut Vec<Vec<Set>>,
    states: &'s mut usize,
    word: &'s mut Word,
    limit: Option<&'s Word>,
    found: &'s mut Option<Word>,
}

impl NSearch<'_> {
    /// Enumerates the counts of kinds `0..level` (the largest heap kind varies slowest), the
    /// counts of the others fixed in `word`, from class `e` and option classes `s`.
    fn level(&mut self, level: usize, e: Element, s: Set) -> Result<bool> {
        if level == 0 {
            if !s.is_empty() && !self.q.is_p(e) && !s.iter().any(|t| self.q.is_p(t)) {
                *self.found = Some(self.word.clone());
                return Ok(true);
            }
            return Ok(false);
        }
        let (heap, g, ref targets) = self.kinds[level - 1];
        let (mut e, mut s) = (e, s);
        let start = self.word[heap];
        loop {
            if self.level(level - 1, e, s.clone())? {
                self.word[heap] = start;
                return Ok(true);
            }
            // One more heap of this kind.
            let mut next = Set::empty(self.q.monoid.order);
            for t in s.iter() {
                next.insert(self.q.monoid.mul(t, g));
            }
            for &t in targets {
                next.insert(self.q.monoid.mul(e, t));
            }
            e = self.q.monoid.mul(e, g);
            s = next;
            self.word[heap] += 1;
            if self
                .limit
                .is_some_and(|l| lex_cmp(self.word, l) != std::cmp::Ordering::Less)
            {
                break;
            }
            if !self.keep(e, &s)? {
                break;
            }
        }
        self.word[heap] = start;
        Ok(false)
    }

    /// Records `s` among the minimal option sets of class `e`; false when one kept is smaller.
    fn keep(&mut self, e: Element, s: &Set) -> Result<bool> {
        let list = &mut self.kept[e as usize];
        if list.iter().any(|old| old.is_subset(s)) {
            return Ok(false);
        }
        list.retain(|old| !s.is_subset(old));
        list.push(s.clone());
        *self.states += 1;
        if *self.states > MAX_STATES {
            return Err(too_large(format!(
                "verifying a quotient of order {} needed more than {MAX_STATES} option sets",
                self.q.monoid.order
            )));
        }
        Ok(true)
    }
}

/// A candidate monoid: `base` times one cyclic monoid `<a | a^(i+2) = a^i>` for each heap in
/// `cycles` (`(heap, i)`); the other heaps keep their class in `base`.
struct Product<'b> {
    base: &'b Monoid,
    /// The number of elements of each cycle, `i + 2`.
    sizes: Vec<usize>,
    indices: Vec<usize>,
}

impl Product<'_> {
    fn order(&self) -> usize {
        self.sizes
            .iter()
            .fold(self.base.order, |acc, &s| acc.saturating_mul(s))
    }

    fn mul(&self, x: usize, y: usize) -> usize {
        let (mut x, mut y) = (x, y);
        let b = self.base.order;
        let base = self.base.mul((x % b) as Element, (y % b) as Element) as usize;
        x /= b;
        y /= b;
        let (mut result, mut radix) = (base, b);
        for (&size, &index) in self.sizes.iter().zip(&self.indices) {
            let (i, j) = (x % size, y % size);
            x /= size;
            y /= size;
            let mut k = i + j;
            if k >= size {
                k = index + (k - index) % 2;
            }
            result += k * radix;
            radix *= size;
        }
        result
    }
}

/// Builds a reduced candidate: the words' classes in the product monoid, the P-portion marked
/// along the words in lexicographic order by the misère recursion (each class decided by its
/// least word, whose options all come before it), then merged by indistinguishability.
/// `None` when the marking meets an option class not yet decided (the candidate cannot be
/// consistent).
fn build_candidate(
    base: &Monoid,
    base_phi: &[Element],
    cycles: &[(usize, usize)],
    options: &[Vec<Vec<u64>>],
    max_order: usize,
) -> Result<Option<Quotient>> {
    let product = Product {
        base,
        sizes: cycles.iter().map(|&(_, i)| i + 2).collect(),
        indices: cycles.iter().map(|&(_, i)| i).collect(),
    };
    let order = product.order();
    let cap = max_order.saturating_mul(MAX_CANDIDATE / MAX_ORDER);
    if order > cap {
        return Err(too_large(format!(
            "a candidate quotient would have {order} elements, more than the {cap} allowed"
        )));
    }
    let mut phi: Vec<usize> = base_phi.iter().map(|&x| x as usize).collect();
    let mut radix = base.order;
    for (&(heap, _), &size) in cycles.iter().zip(&product.sizes) {
        phi[heap] = radix; // the generator a of this cycle
        radix *= size;
    }
    // Heap kinds in the product (classes up to `order`, which may exceed u32 only past the cap).
    let mul = |x: Element, y: Element| product.mul(x as usize, y as usize) as Element;
    let phi32: Vec<Element> = phi.iter().map(|&x| x as Element).collect();
    let kinds = heap_kinds(&mul, &phi32, options);
    let mut marking = Marking {
        mul: &mul,
        kinds: &kinds,
        decided: vec![None; order],
        first: Vec::new(),
        word: vec![0; phi.len()],
        words: HashMap::new(),
        consistent: true,
    };
    marking.level(kinds.len(), 0, Vec::new());
    if !marking.consistent {
        return Ok(None);
    }
    let reached = marking.first.clone();
    let p_of = |x: Element| marking.decided[x as usize] == Some(true);
    // Indistinguishability, by refining {P, not P} until the generators' actions agree.
    let generators: Vec<Element> = {
        let mut g: Vec<Element> = kinds.iter().map(|k| k.1).collect();
        g.sort_unstable();
        g.dedup();
        g
    };
    // Work on the reached elements renumbered 0..r in the order reached (least words first),
    // with each generator's action as a table.
    const NONE: u32 = u32::MAX;
    let mut index = vec![NONE; order];
    for (i, &x) in reached.iter().enumerate() {
        index[x as usize] = i as u32;
    }
    let mut actions = Vec::with_capacity(generators.len());
    for &g in &generators {
        let mut action = Vec::with_capacity(reached.len());
        for &x in &reached {
            let y = index[mul(x, g) as usize];
            // Every word's class was reached; a product outside them means the marking went
            // wrong, and the candidate is dropped.
            if y == NONE {
                return Ok(None);
            }
            action.push(y);
        }
        actions.push(action);
    }
    let mut block: Vec<u32> = reached.iter().map(|&x| u32::from(p_of(x))).collect();
    let mut count = renumber(&mut block);
    // Moore's refinement: split blocks by where one generator sends them, until a whole round
    // over the generators splits nothing.
    loop {
        let before = count;
        for action in &actions {
            let mut pairs: HashMap<(u32, u32), u32> = HashMap::with_capacity(count * 2);
            let next: Vec<u32> = (0..reached.len())
                .map(|i| {
                    let len = pairs.len() as u32;
                    *pairs
                        .entry((block[i], block[action[i] as usize]))
                        .or_insert(len)
                })
                .collect();
            block = next;
            count = pairs.len();
        }
        if count == before {
            break;
        }
    }
    // Blocks are numbered in the order of their least words (the identity first).
    renumber(&mut block);
    let classes = count;
    if classes > max_order {
        return Err(too_large(format!(
            "the quotient would have more than {max_order} elements"
        )));
    }
    let mut representatives = vec![0 as Element; classes];
    for (i, &b) in block.iter().enumerate().rev() {
        representatives[b as usize] = reached[i];
    }
    let class = |x: Element| block[index[x as usize] as usize];
    let mut table = vec![0; classes * classes];
    for (i, &x) in representatives.iter().enumerate() {
        for (j, &y) in representatives.iter().enumerate().skip(i) {
            let c = class(mul(x, y));
            table[i * classes + j] = c;
            table[j * classes + i] = c;
        }
    }
    let words = representatives
        .iter()
        .map(|x| marking.words[x].clone())
        .collect();
    let p_portion = representatives.iter().map(|&x| p_of(x)).collect();
    phi.iter_mut()
        .for_each(|x| *x = class(*x as Element) as usize);
    Ok(Some(Quotient {
        monoid: Monoid {
            order: classes,
            table,
        },
        p_portion,
        phi: phi.iter().map(|&x| x as Element).collect(),
        words,
        proof: None,
    }))
}

/// Renumbers block ids in order of first appearance; returns how many there are.
fn renumber(block: &mut [u32]) -> usize {
    let mut ids: HashMap<u32, u32> = HashMap::new();
    for b in block.iter_mut() {
        let len = ids.len() as u32;
        *b = *ids.entry(*b).or_insert(len);
    }
    ids.len()
}

/// The word enumeration that marks the P-portion of a candidate.
struct Marking<'m> {
    mul: &'m dyn Fn(Element, Element) -> Element,
    kinds: &'m [(usize, Element, Vec<Element>)],
    /// For each element reached: whether it is P.
    decided: Vec<Option<bool>>,
    /// The elements in the order they were reached.
    first: Vec<Element>,
    word: Word,
    words: HashMap<Element, Word>,
    consistent: bool,
}

impl Marking<'_> {
    fn level(&mut self, level: usize, e: Element, s: Vec<Element>) {
        if !self.consistent {
            return;
        }
        if level == 0 {
            if self.decided[e as usize].is_none() {
                let mut p = !s.is_empty();
                for &t in &s {
                    match self.decided[t as usize] {
                        Some(true) => p = false,
                        Some(false) => {}
                        None => {
                            self.consistent = false;
                            return;
                        }
                    }
                }
                self.decided[e as usize] = Some(p);
                self.first.push(e);
                self.words.insert(e, self.word.clone());
            }
            return;
        }
        let (heap, g, ref targets) = self.kinds[level - 1];
        let (mut e, mut s) = (e, s);
        let start = self.word[heap];
        loop {
            self.level(level - 1, e, s.clone());
            if !self.consistent {
                break;
            }
            let mut next: Vec<Element> = s.iter().map(|&t| (self.mul)(t, g)).collect();
            next.extend(targets.iter().map(|&t| (self.mul)(e, t)));
            next.sort_unstable();
            next.dedup();
            e = (self.mul)(e, g);
            s = next;
            self.word[heap] += 1;
            if self.decided[e as usize].is_some() {
                break;
            }
        }
        self.word[heap] = start;
    }
}

/// Whether every position of heaps `<= bound` has the misère outcome of the Nim position made
/// of its heaps' normal values `values[h]` (Bouton: misère P exactly when the nim-sum is 0 and
/// some heap is 2 or more, or when every heap is 0 or 1 and their number of 1s is odd): the
/// quotient is then a tame one, the misère quotient of those Nim heaps (Plambeck and Siegel).
/// Decided exactly over the states (class, nim-sum, some value >= 2) reachable from the empty
/// position; `Some(word)` is a position where the two outcomes differ.
pub fn nim_counterexample(q: &Quotient, values: &[u64]) -> Option<Word> {
    let n = q.phi.len();
    let mut seen: HashMap<(Element, u64, bool), usize> = HashMap::new();
    // Each state with the state and heap it was reached from, for the witness.
    let mut states: Vec<((Element, u64, bool), usize, usize)> = vec![((0, 0, false), 0, 0)];
    seen.insert((0, 0, false), 0);
    let mut next = 0;
    while next < states.len() {
        let ((x, v, big), _, _) = states[next];
        let bouton = if big { v == 0 } else { v == 1 };
        if q.is_p(x) != bouton {
            let mut word = vec![0u32; n];
            let mut at = next;
            while at != 0 {
                let (_, parent, heap) = states[at];
                word[heap] += 1;
                at = parent;
            }
            return Some(word);
        }
        for (h, (&g, &value)) in q.phi.iter().zip(values).enumerate().skip(1) {
            let state = (q.monoid.mul(x, g), v ^ value, big || value >= 2);
            if let std::collections::hash_map::Entry::Vacant(slot) = seen.entry(state) {
                slot.insert(states.len());
                states.push((state, next, h));
            }
        }
        next += 1;
    }
    None
}

/// The order up to which [`Cached`] looks for a quotient when the definition is out of reach.
pub const FALLBACK_ORDER: usize = 1024;

/// The quotient of a heap game, kept between questions and grown to the largest heap asked:
/// what the misère engines use for positions the search by the definition cannot reach.
pub struct Cached<'a> {
    game: &'a dyn Ruleset,
    builder: Option<Builder<'a>>,
    /// A heap bound at which no quotient was found (nothing larger is tried again).
    failed: Option<u64>,
    /// Whether a proof for every heap size was looked for ([`Cached::proven`]).
    proof_tried: bool,
    /// The largest order accepted ([`FALLBACK_ORDER`] unless lowered).
    max_order: usize,
}

/// The largest heap bound [`Cached`] extends a quotient to, looking for the proof that it is
/// the same for every heap size (Kayles needs 167; a larger bound is `grundy quotient`'s job).
pub const PROOF_HEAPS: u64 = 256;

/// The most heap options a quotient built to answer a query ([`Cached`]) lists: beyond it
/// (seconds of work) the query is refused at once, or goes to another method, instead of
/// building for minutes; `grundy quotient` has no such limit.
pub const QUERY_OPTION_BUDGET: u64 = 20_000_000;

/// A builder with an option budget ([`Builder::with_option_budget`]) also stops when its
/// estimated reads of heap options (each heap's options are read again for every larger
/// heap) pass this many times the budget.
pub const QUOTIENT_WORK_PER_OPTION: u64 = 50;

impl<'a> Cached<'a> {
    /// Nothing computed yet.
    pub fn new(game: &'a dyn Ruleset) -> Self {
        Self::with_max_order(game, FALLBACK_ORDER)
    }

    /// The same, giving up on quotients of more than `max_order` elements: a small bound is a
    /// quick first try (a tame or small quotient in milliseconds, a large one refused at once).
    pub fn with_max_order(game: &'a dyn Ruleset, max_order: usize) -> Self {
        Cached {
            game,
            builder: None,
            failed: None,
            proof_tried: false,
            max_order,
        }
    }

    /// Whether a quotient was already needed and covers `heaps` (then asking it is cheaper than
    /// any search): computed up to the largest heap, or beyond that through a proven period.
    pub fn covers(&self, heaps: &[u64]) -> bool {
        let largest = heaps.iter().copied().max().unwrap_or(0);
        self.builder
            .as_ref()
            .is_some_and(|b| b.quotient().bound() >= largest || b.quotient().proof.is_some())
    }

    /// The builder, made on first use (a field borrow, so `failed` stays writable).
    fn builder<'b>(
        slot: &'b mut Option<Builder<'a>>,
        game: &'a dyn Ruleset,
        max_order: usize,
    ) -> Result<&'b mut Builder<'a>> {
        if slot.is_none() {
            *slot = Some(
                Builder::new(game)?
                    .with_max_order(max_order)
                    .with_option_budget(QUERY_OPTION_BUDGET),
            );
        }
        Ok(slot.as_mut().expect("made above"))
    }

    /// The quotient, proven the same for every heap size by the periodicity argument, if the
    /// game has a [`HeapShape`] and heaps up to [`PROOF_HEAPS`] prove it: the quotient is
    /// extended to the bound the period the classes show needs, as long as that is within
    /// reach. Looked for once.
    pub fn proven(&mut self) -> Result<Option<&Quotient>> {
        if !self.proof_tried {
            self.proof_tried = true;
            if let Some(shape) = self.game.heap_shape() {
                self.prove(shape)?;
            }
        }
        Ok(self
            .builder
            .as_ref()
            .map(Builder::quotient)
            .filter(|q| q.proof.is_some()))
    }

    fn prove(&mut self, shape: HeapShape) -> Result<()> {
        let failed = self.failed;
        let builder = Self::builder(&mut self.builder, self.game, self.max_order)?;
        // Start where a small period would show, then go to the bound it needs; a longer
        // period or preperiod seen on the way asks for a larger bound, tried while in reach.
        let mut target = (shape.last_digit + 1) * 8;
        loop {
            target = target.min(PROOF_HEAPS);
            if failed.is_some_and(|f| target >= f) {
                return Ok(());
            }
            match builder.extend_to(target.max(builder.quotient().bound()), &mut |_| {}) {
                Ok(()) => {}
                Err(Error::TooLarge(_)) => {
                    self.failed = Some(builder.quotient().bound() + 1);
                    return Ok(());
                }
                Err(e) => return Err(e),
            }
            if let Some(proof) = builder.proof(shape) {
                builder.quotient.proof = Some(proof);
                return Ok(());
            }
            let bound = builder.quotient().bound();
            match builder.observed_period(shape) {
                Some((_, _, needed)) if needed > bound && needed <= PROOF_HEAPS => target = needed,
                _ if bound < PROOF_HEAPS => target = (bound * 2).min(PROOF_HEAPS),
                _ => return Ok(()),
            }
        }
    }

    /// The misère outcome of `heaps` (P: `true`) and how it was found, from the quotient for
    /// heaps up to the largest of them, or from a proven quotient ([`Cached::proven`]) when a
    /// heap is larger than [`PROOF_HEAPS`]; `None` when the game is not played on heaps or no
    /// verified quotient of at most [`FALLBACK_ORDER`] elements is found.
    pub fn is_p(&mut self, heaps: &[u64]) -> Result<Option<(bool, String)>> {
        if self.game.heap_options(0).is_none() {
            return Ok(None);
        }
        let largest = heaps.iter().copied().max().unwrap_or(0);
        let beyond = self
            .builder
            .as_ref()
            .is_none_or(|b| b.quotient().bound() < largest);
        if beyond && (largest > PROOF_HEAPS || self.proof_tried) {
            if let Some(q) = self.proven()? {
                let proof = q.proof.expect("proven");
                return Ok(Some((
                    q.is_p_position(heaps)?,
                    format!(
                        "misère quotient (proven for every heap size: the heaps' classes have period {} from heap {} on, checked to heap {}; order {}, verified; Plambeck and Siegel); G- not computed",
                        proof.period,
                        proof.preperiod,
                        proof.checked_to - 1,
                        q.order()
                    ),
                )));
            }
        }
        if largest > MAX_HEAPS || self.failed.is_some_and(|f| largest >= f) {
            return Ok(None);
        }
        let builder = Self::builder(&mut self.builder, self.game, self.max_order)?;
        match builder.extend_to(largest, &mut |_| {}) {
            Ok(()) => {}
            Err(Error::TooLarge(_)) => {
                self.failed = Some(builder.quotient().bound() + 1);
                return Ok(None);
            }
            Err(e) => return Err(e),
        }
        let q = builder.quotient();
        let method = match q.proof {
            Some(proof) => format!(
                "misère quotient (proven for every heap size: the heaps' classes have period {} from heap {} on, checked to heap {}; order {}, verified; Plambeck and Siegel); G- not computed",
                proof.period,
                proof.preperiod,
                proof.checked_to - 1,
                q.order()
            ),
            None => format!(
                "from the misère quotient of heaps up to {} (order {}, verified; Plambeck and Siegel), the search by the definition being out of reach",
                q.bound(),
                q.order()
            ),
        };
        Ok(Some((q.is_p_position(heaps)?, method)))
    }
}

/// Everything `grundy quotient` prints about a quotient.
#[derive(Debug, Clone, Serialize)]
pub struct QuotientReport {
    /// The game's spec.
    pub game: String,
    /// The heap bound `n`.
    pub heaps_to: u64,
    /// `|Q|`.
    pub order: usize,
    /// `|P|`.
    pub p_count: usize,
    /// Each element's name, a word in the generators (`1` for the identity).
    pub elements: Vec<String>,
    /// The generators: name and the heap whose class it is.
    pub generators: Vec<Generator>,
    /// Relations `left = right` that present `Q` with those generators.
    pub relations: Vec<String>,
    /// The names of the elements of the P-portion.
    pub p_portion: Vec<String>,
    /// Each heap's element (index into `elements`), heaps `0..=n`.
    pub heaps: Vec<Element>,
    /// The multiplication table: `table[x][y]` is the index of `x y`.
    pub table: Vec<Vec<Element>>,
    /// `|Q_h|` for each `h = 0..=n`.
    pub orders: Vec<usize>,
    /// The least heap bound from which the quotient no longer changed up to `n`.
    pub stable_from: u64,
    /// Whether the periodicity argument proves that the quotient is the same for every bound.
    pub proven: bool,
    /// The period and preperiod of the heaps' classes, when proven.
    pub period: Option<u64>,
    /// The preperiod of the heaps' classes, when proven.
    pub preperiod: Option<u64>,
    /// The heap bound the periodicity argument needs: the one it checked to when proven, else
    /// the one that proves the period the classes show so far, if they keep it (`None` when
    /// no period is seen or the argument does not apply).
    pub proof_heaps: Option<u64>,
    /// How the result is known, in words.
    pub status: String,
    /// Whether every position of heaps `<= n` has the misère outcome of the Nim position of
    /// its heaps' normal values (the quotient is tame), decided exactly.
    pub tame: bool,
    /// When not tame: a position whose misère outcome is not that of its Nim position.
    pub tame_counterexample: Option<String>,
    /// For a game of parts: each part as a position of the game (`heaps[i]` is part `i`'s
    /// element; part 0 is the empty game, `0`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parts: Option<Vec<String>>,
}

/// A generator of the presentation.
#[derive(Debug, Clone, Serialize)]
pub struct Generator {
    /// `a`, `b`, ...
    pub name: String,
    /// The first heap (part) whose class it is.
    pub heap: u64,
    /// For a game of parts: that part, as a position of the game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub part: Option<String>,
}

/// The misère quotient of `game` for heaps `<= heaps`, with its presentation.
pub fn quotient(
    game: &dyn Ruleset,
    heaps: u64,
    shape: Option<HeapShape>,
    max_order: usize,
    progress: &mut dyn FnMut(u64),
) -> Result<(Quotient, QuotientReport)> {
    if max_order > MAX_ORDER {
        return Err(too_large(format!(
            "quotients of at most {MAX_ORDER} elements are computed, not {max_order}"
        )));
    }
    let mut builder = Builder::new(game)?.with_max_order(max_order);
    builder.extend_to(heaps, progress)?;
    let proof = shape.and_then(|s| builder.proof(s));
    let mut q = builder.quotient().clone();
    q.proof = proof;
    let presentation = Presentation::of(&q);
    let mut normal = crate::solve::solver_for(game);
    let values = (0..=heaps)
        .map(|h| normal.value(&[h]))
        .collect::<Result<Vec<u64>>>()?;
    let tame_counterexample = nim_counterexample(&q, &values).map(|w| word_text(&w));
    let orders = builder.orders().to_vec();
    let stable_from = builder.expansions().last().copied().unwrap_or(0);
    let observed = match (&proof, shape) {
        (None, Some(shape)) => builder.observed_period(shape),
        _ => None,
    };
    let status = match (&proof, observed) {
        (Some(p), _) => format!(
            "proven: the heaps' classes have period {} from heap {} on, checked to heap {} as the periodicity theorem requires, so the quotient is the same for every heap bound",
            p.period, p.preperiod, p.checked_to - 1
        ),
        (None, Some((p, n0, bound))) => format!(
            "observed: the quotient is unchanged from heap {stable_from} to {heaps}; not proven for larger heaps (the heaps' classes repeat with period {p} from heap {n0} on; --heaps {bound} proves it if they still do up to heap {bound})"
        ),
        (None, None) if shape.is_none() => format!(
            "observed: the quotient is unchanged from heap {stable_from} to {heaps}; not proven for larger heaps (the periodicity argument does not apply to this game)"
        ),
        (None, None) => format!(
            "observed: the quotient is unchanged from heap {stable_from} to {heaps}; not proven for larger heaps (no period of the heaps' classes is seen yet)"
        ),
    };
    let mut report = report_of(game, &q, presentation, tame_counterexample, status);
    report.orders = orders;
    report.stable_from = stable_from;
    report.proven = proof.is_some();
    report.period = proof.map(|p| p.period);
    report.preperiod = proof.map(|p| p.preperiod);
    report.proof_heaps = proof.map(|p| p.checked_to - 1).or(observed.map(|o| o.2));
    Ok((q, report))
}

/// The report's fields that come from the quotient and its presentation (the others as for a
/// quotient computed whole, not grown by heaps: set by the caller where they differ).
fn report_of(
    game: &dyn Ruleset,
    q: &Quotient,
    presentation: Presentation,
    tame_counterexample: Option<String>,
    status: String,
) -> QuotientReport {
    QuotientReport {
        game: game.spec(),
        heaps_to: q.bound(),
        order: q.order(),
        p_count: q.p_portion.iter().filter(|&&p| p).count(),
        p_portion: (0..q.order())
            .filter(|&x| q.p_portion[x])
            .map(|x| presentation.names[x].clone())
            .collect(),
        elements: presentation.names,
        generators: presentation.generators,
        relations: presentation.relations,
        heaps: q.phi.clone(),
        table: (0..q.order())
            .map(|x| {
                (0..q.order())
                    .map(|y| q.monoid.mul(x as Element, y as Element))
                    .collect()
            })
            .collect(),
        orders: Vec::new(),
        stable_from: 0,
        proven: true,
        period: None,
        preperiod: None,
        proof_heaps: None,
        status,
        tame: tame_counterexample.is_none(),
        tame_counterexample,
        parts: None,
    }
}

/// The misère quotient of the closed set generated by the parts of a game of parts
/// ([`Ruleset::game_parts`]) reachable from `positions` ([`GameParts`]), with its presentation:
/// every sum of those parts is a misère P-position exactly when its element is in the
/// P-portion, for any number of parts.
pub fn part_quotient(
    game: &dyn Ruleset,
    positions: &[Position],
    max_order: usize,
    progress: &mut dyn FnMut(u64),
) -> Result<(Quotient, GameParts, QuotientReport)> {
    if max_order > MAX_ORDER {
        return Err(too_large(format!(
            "quotients of at most {MAX_ORDER} elements are computed, not {max_order}"
        )));
    }
    part_quotient_at_most(game, positions, max_order, MAX_PARTS, None, progress)
}

/// [`part_quotient`] of at most `max_parts` parts, listing at most `option_budget` options if
/// given ([`Builder::with_option_budget`]).
pub fn part_quotient_at_most(
    game: &dyn Ruleset,
    positions: &[Position],
    max_order: usize,
    max_parts: usize,
    option_budget: Option<u64>,
    progress: &mut dyn FnMut(u64),
) -> Result<(Quotient, GameParts, QuotientReport)> {
    if max_order > MAX_ORDER {
        return Err(too_large(format!(
            "quotients of at most {MAX_ORDER} elements are computed, not {max_order}"
        )));
    }
    let parts = GameParts::explore_at_most(game, positions, max_parts)?;
    let count = parts.len() as u64;
    let mut builder = Builder::with_source(Box::new(parts.clone())).with_max_order(max_order);
    if let Some(budget) = option_budget {
        builder = builder.with_option_budget(budget);
    }
    builder.extend_to_all(progress)?;
    let q = builder.quotient().clone();
    let mut presentation = Presentation::of(&q);
    for g in &mut presentation.generators {
        g.part = Some(game.show_position(parts.part(g.heap)));
    }
    let mut normal = crate::solve::solver_for(game);
    // Part 0 is the empty game (value 0), which a game need not accept as a position.
    let values = std::iter::once(Ok(0))
        .chain((1..=count).map(|i| normal.value(parts.part(i))))
        .collect::<Result<Vec<u64>>>()?;
    let shown = |i: u64| match i {
        0 => "0".to_string(),
        i => game.show_position(parts.part(i)),
    };
    let tame_counterexample = nim_counterexample(&q, &values).map(|w| {
        let mut words = Vec::new();
        for (i, &k) in w.iter().enumerate().skip(1) {
            for _ in 0..k {
                words.push(shown(i as u64));
            }
        }
        words.join(" + ")
    });
    let status = format!(
        "complete: the {count} parts reachable (each once up to the game's symmetries), every sum of them verified (Plambeck and Siegel's conditions), so the quotient holds for any number of parts"
    );
    let mut report = report_of(game, &q, presentation, tame_counterexample, status);
    report.orders = builder.orders().to_vec();
    report.stable_from = builder.expansions().last().copied().unwrap_or(0);
    report.parts = Some((0..=count).map(&shown).collect());
    Ok((q, parts, report))
}

/// A presentation of a quotient: generators (the classes of the heaps that are not products
/// of earlier heaps' classes), each element's least word in them (by degree, then with earlier
/// generators first), and the relations `w = nf(w)` for the minimal words `w` that are not
/// least words. Least words are closed under taking parts (the order is a monomial order), so
/// these relations rewrite any word to its least word: they present `Q`.
pub struct Presentation {
    /// Element names.
    pub names: Vec<String>,
    /// The generators.
    pub generators: Vec<Generator>,
    /// The relations.
    pub relations: Vec<String>,
}

impl Presentation {
    /// Computes the presentation of `q`.
    pub fn of(q: &Quotient) -> Self {
        let m = &q.monoid;
        // Generators: heaps whose class is not yet generated.
        let mut generated = vec![false; m.order];
        generated[0] = true;
        let mut gens: Vec<(u64, Element)> = Vec::new();
        for (h, &x) in q.phi.iter().enumerate() {
            if !generated[x as usize] {
                gens.push((h as u64, x));
                // Close the generated set under the new generator.
                let mut frontier: Vec<Element> = (0..m.order as Element)
                    .filter(|&y| generated[y as usize])
                    .collect();
                while let Some(y) = frontier.pop() {
                    for &(_, g) in &gens {
                        let z = m.mul(y, g);
                        if !generated[z as usize] {
                            generated[z as usize] = true;
                            frontier.push(z);
                        }
                    }
                }
            }
        }
        let k = gens.len();
        // Least words, by degree then by exponents of earlier generators first.
        let mut normal: Vec<Option<Vec<u32>>> = vec![None; m.order];
        normal[0] = Some(vec![0; k]);
        let mut least: std::collections::HashSet<Vec<u32>> = [vec![0; k]].into_iter().collect();
        let mut layer: Vec<(Vec<u32>, Element)> = vec![(vec![0; k], 0)];
        let mut reached = 1;
        let mut relations = Vec::new();
        while reached < m.order && !layer.is_empty() {
            // Next degree: every least word times a generator, in the order of the words.
            let mut candidates: Vec<(Vec<u32>, Element)> = Vec::new();
            for (w, x) in &layer {
                for (i, &(_, g)) in gens.iter().enumerate() {
                    let mut v = w.clone();
                    v[i] += 1;
                    candidates.push((v, m.mul(*x, g)));
                }
            }
            candidates.sort_by(|a, b| b.0.cmp(&a.0));
            candidates.dedup_by(|a, b| a.0 == b.0);
            let mut next = Vec::new();
            for (v, x) in candidates {
                // Only words all of whose parts are least words are least or relation heads.
                let minimal = (0..k).filter(|&i| v[i] > 0).all(|i| {
                    let mut part = v.clone();
                    part[i] -= 1;
                    least.contains(&part)
                });
                if !minimal {
                    continue;
                }
                if normal[x as usize].is_none() {
                    normal[x as usize] = Some(v.clone());
                    least.insert(v.clone());
                    reached += 1;
                    next.push((v, x));
                } else {
                    relations.push((v, x));
                }
            }
            layer = next;
        }
        // Words at the last degree that are not least words are relations too.
        for (w, x) in &layer {
            for (i, &(_, g)) in gens.iter().enumerate() {
                let mut v = w.clone();
                v[i] += 1;
                let minimal = (0..k).filter(|&j| v[j] > 0).all(|j| {
                    let mut part = v.clone();
                    part[j] -= 1;
                    least.contains(&part)
                });
                let y = m.mul(*x, g);
                if minimal && normal[y as usize].as_ref() != Some(&v) {
                    relations.push((v, y));
                }
            }
        }
        relations.sort();
        relations.dedup();
        let letters: Vec<String> = (0..k).map(generator_name).collect();
        let name = |v: &[u32]| -> String {
            let mut s = String::new();
            for (i, &e) in v.iter().enumerate() {
                match e {
                    0 => {}
                    1 => s.push_str(&letters[i]),
                    _ => s.push_str(&format!("{}^{e}", letters[i])),
                }
            }
            if s.is_empty() {
                "1".into()
            } else {
                s
            }
        };
        let names: Vec<String> = normal
            .iter()
            .map(|w| name(w.as_ref().expect("the generators generate Q")))
            .collect();
        let relations = relations
            .iter()
            .map(|(v, x)| format!("{} = {}", name(v), names[*x as usize]))
            .collect();
        Presentation {
            generators: gens
                .iter()
                .enumerate()
                .map(|(i, &(heap, _))| Generator {
                    name: letters[i].clone(),
                    heap,
                    part: None,
                })
                .collect(),
            names,
            relations,
        }
    }
}

/// `a`, `b`, ..., `z`, then `a1`, `b1`, ...
fn generator_name(i: usize) -> String {
    let letter = (b'a' + (i % 26) as u8) as char;
    if i < 26 {
        letter.to_string()
    } else {
        format!("{letter}{}", i / 26)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::parse_game;
    use std::collections::HashMap;

    /// The misère outcome of a multiset of heaps by the definition alone: P when it has a
    /// move and every move leads to an N-position (heaps sorted, empty heaps dropped).
    struct Reference<'g> {
        game: &'g dyn Ruleset,
        memo: HashMap<Vec<u64>, bool>,
    }

    impl Reference<'_> {
        fn is_p(&mut self, heaps: &[u64]) -> bool {
            let mut key: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
            key.sort_unstable();
            if let Some(&p) = self.memo.get(&key) {
                return p;
            }
            let mut has_move = false;
            let mut p = true;
            for i in 0..key.len() {
                if i > 0 && key[i] == key[i - 1] {
                    continue;
                }
                for option in self.game.heap_options(key[i]).unwrap().unwrap() {
                    has_move = true;
                    let mut next = key.clone();
                    next.remove(i);
                    next.extend(option);
                    if self.is_p(&next) {
                        p = false;
                    }
                }
            }
            let p = p && has_move;
            self.memo.insert(key, p);
            p
        }
    }

    /// Every multiset of heaps in `1..=max` with total at most `total`.
    fn multisets(max: u64, total: u64) -> Vec<Vec<u64>> {
        fn go(max: u64, left: u64, current: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
            out.push(current.clone());
            for h in 1..=max.min(left) {
                current.push(h);
                go(h, left - h, current, out);
                current.pop();
            }
        }
        let mut out = Vec::new();
        go(max, total, &mut Vec::new(), &mut out);
        out
    }

    /// Whether the quotient's outcomes are the definition's on every position of heaps
    /// `<= bound` with total `<= total`.
    fn agrees(spec: &str, bound: u64, total: u64) -> Quotient {
        let game = parse_game(spec).unwrap();
        let (q, _) = quotient(game.as_ref(), bound, None, MAX_ORDER, &mut |_| {}).unwrap();
        let mut reference = Reference {
            game: game.as_ref(),
            memo: HashMap::new(),
        };
        for heaps in multisets(bound, total) {
            let x = q.class_of(&heaps).unwrap();
            assert_eq!(
                q.is_p(x),
                reference.is_p(&heaps),
                "{spec}: heaps {heaps:?} (quotient to {bound})"
            );
        }
        q
    }

    /// Whether two elements are distinguished by some element (the quotient is reduced).
    fn reduced(q: &Quotient) -> bool {
        let m = q.order() as Element;
        (0..m).all(|x| {
            (0..x).all(|y| (0..m).any(|z| q.is_p(q.monoid.mul(x, z)) != q.is_p(q.monoid.mul(y, z))))
        })
    }

    #[test]
    fn a_budgeted_quotient_refuses_at_once_when_its_option_reads_would_pass_the_budget() {
        // Nim to heap 1000 lists 1 + ... + 1000 options; at the rate of heap 1 the estimate is
        // 1000 options (within a budget of 5000), each read again by the larger heaps: about
        // 1000 * 1000 / 2 reads, more than 50 * 5000. Refused after heap 1, not at heap 1000.
        let nim = parse_game("nim").unwrap();
        let mut builder = Builder::new(nim.as_ref()).unwrap().with_option_budget(5000);
        let err = builder.extend_to(1000, &mut |_| {}).unwrap_err();
        assert!(
            matches!(&err, Error::TooLarge(m) if m.contains("option reads")),
            "{err}"
        );
        assert_eq!(builder.quotient().bound(), 1);
        // Without a budget the same builder goes on.
        let mut free = Builder::new(nim.as_ref()).unwrap();
        free.extend_to(8, &mut |_| {}).unwrap();
        assert_eq!(free.quotient().bound(), 8);
    }

    #[test]
    fn nim_quotients_give_the_outcomes_of_the_definition() {
        for bound in 0..=5 {
            let q = agrees("nim", bound, 16);
            assert!(reduced(&q));
        }
    }

    #[test]
    fn classic_octal_quotients_give_the_outcomes_of_the_definition() {
        for spec in [
            "octal:0.75",
            "kayles",
            "dawson-kayles",
            "octal:0.31",
            "octal:0.45",
        ] {
            let q = agrees(spec, 10, 18);
            assert!(reduced(&q), "{spec}");
            assert_eq!(q.order() % 2, 0, "{spec}: misère quotients have even order");
        }
    }

    #[test]
    fn every_two_digit_octal_code_agrees_with_the_definition() {
        for d1 in 0..8 {
            for d2 in 0..8 {
                let spec = format!("octal:0.{d1}{d2}");
                agrees(&spec, 8, 16);
            }
        }
    }

    /// Node-Kayles on a path is Dawson's Kayles (octal 0.137: a vertex goes with its
    /// neighbours), and the connected pieces reachable from paths of 9 and 8 vertices are the
    /// paths of at most 9 (a move on a path of `n` leaves at most `n - 2` vertices, so 8 is
    /// given): the quotient of that game of parts is the heap quotient of 0.137 for heaps up
    /// to 9, and every position of two paths has the outcome of the definition.
    #[test]
    fn a_game_of_parts_has_the_quotient_of_the_same_heaps() {
        let nodes = parse_game("node-kayles:graph=path:9").unwrap();
        let start = nodes.start().unwrap();
        let eight = nodes.parse_position("0,1,2,3,4,5,6,7").unwrap();
        let (q, parts, report) =
            part_quotient(nodes.as_ref(), &[start, eight], MAX_ORDER, &mut |_| {}).unwrap();
        assert_eq!(parts.len(), 9);
        let dawson = agrees("octal:0.137", 9, 4);
        assert_eq!(report.order, dawson.order());
        assert_eq!(
            report.p_count,
            dawson.p_portion.iter().filter(|&&p| p).count()
        );
        // Each part is a path; its element's outcome alone and with another path is the
        // heap's.
        let length = |i: u64| {
            let p = parts.part(i);
            (u128::from(p[0]) | u128::from(p[1]) << 64).count_ones() as u64
        };
        for i in 1..=9u64 {
            for j in 0..=9u64 {
                let x = q.monoid().mul(q.phi()[i as usize], q.phi()[j as usize]);
                let heaps: Vec<u64> = [length(i), if j == 0 { 0 } else { length(j) }].to_vec();
                assert_eq!(
                    q.is_p(x),
                    dawson.is_p_position(&heaps).unwrap(),
                    "{heaps:?}"
                );
            }
        }
    }

    #[test]
    fn presentations_rewrite_every_element_to_its_name() {
        let game = parse_game("octal:0.75").unwrap();
        let (q, report) = quotient(game.as_ref(), 12, None, MAX_ORDER, &mut |_| {}).unwrap();
        assert_eq!(report.elements.len(), q.order());
        assert_eq!(report.elements[0], "1");
        // Names are distinct and every heap's element is named.
        let mut names = report.elements.clone();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), q.order());
    }
}
