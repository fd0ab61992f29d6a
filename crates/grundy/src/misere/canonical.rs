//! Misère canonical forms of impartial games.
//!
//! Two games are *misère-equal*, `G = H`, when `G + X` and `H + X` have the same misère outcome
//! for every game `X`. Grundy and Smith's simplification rule and Conway's theorem (*On Numbers
//! and Games* ch. 12; Siegel, *Combinatorial Game Theory* (2013) ch. V; Siegel, *On the
//! structure of misère impartial games*, arXiv:2012.08554, section 2) give every game a unique
//! simplest form:
//!
//! - An option `G'` of `G` is **reversible** when `G'` has an option `G''` equal to `G`.
//!   Deleting it leaves a game equal to `G`, with **Conway's proviso**: if every option is
//!   deleted the result is `0`, which is a misère N-position, so that deletion is allowed only
//!   when `G` is a misère N-position (has an option that is a misère P-position).
//! - A game whose options are in simplest form and which has no reversible option (the proviso
//!   observed) is in simplest form, and two games in simplest form are equal exactly when they
//!   are identical (Conway).
//!
//! Here every game is built from options already in canonical form and interned (hash-consed),
//! so `G = H` is `id(G) == id(H)`. A set of canonical options `S` reduces as follows (our
//! argument, which is also how CGSuite's `MisereCanonicalGameOps` reduces): `G = 0` when every
//! option has `0` as an option and some option is a misère P-position (the proviso); otherwise
//! `G = K` when `K` is the game of the options of `S` born before a birthday gap of at least 2
//! and every other option has `K` itself as an option. The proof that `K + X` and `G + X` have
//! one outcome for every `X` goes by induction on `X`: a winning move of `G + X` to `R + X`
//! (`R` deleted) is answered by `R`'s move to `K + X`, so `K + X` was not won by that move;
//! every other move exists in both. That these two rules find every reduction follows from
//! uniqueness: a canonical `K = G` is an option of each deleted option, so it is already
//! interned, and it is born at least one day after its own options and one day before theirs.
//!
//! Misère impartial games have no interesting order: if `G != H` some `X` makes `G + X` a
//! P-position and `H + X` an N-position, and some `Y` the reverse (ONAG ch. 12, the "Lemma 75"
//! CGSuite's discriminator cites), so distinct games are incomparable; [`Universe::cmp_games`]
//! is only CGSuite's deterministic order, used to list options.
//!
//! **CGSuite's words.** The *birthday* is the height of the canonical game tree. The *genus*
//! (Conway's `g^{γ0 γ1 ...}`, see [`super::genus`]) is printed as CGSuite prints it: a Nim heap
//! as its size, a tame or restive game as `g^γ0`, any other game with the superscript up to
//! where it alternates (entries of two digits in parentheses, comma-separated). `IsTame` is
//! CGSuite's hereditary tameness of the canonical form: the game and each of its options are
//! Nim heaps or have a tame `(G+, G-)` pair, recursively ([`Phylum`], after Dan Hoey's
//! classification in CGSuite). The canonical form is printed in CGSuite's notation
//! ([`Universe::form`]).

use std::cmp::Ordering;
use std::collections::{BTreeSet, HashMap};

use serde::Serialize;

use crate::ruleset::{Position, Ruleset};
use crate::{Error, Result};

/// A canonical game, an index into its [`Universe`].
pub type GameId = u32;

/// The game `0` (no option).
pub const ZERO: GameId = 0;
/// The game `*` (one option, `0`).
pub const STAR: GameId = 1;

/// The most canonical games one universe interns (each game and its sum with `*`).
pub const MAX_NODES: usize = 2_000_000;

/// The most positions of a game without heaps that one canonical form explores.
pub const MAX_POSITIONS: usize = 1_000_000;

/// The most numbers the exploration of a game without heaps lists for one canonical form: the
/// options of every position below, each as long as its form plus one, as the misère search
/// counts them ([`crate::misere::outcome::MAX_MISERE_WORK`]). About ten seconds of work; counted
/// before exploring where the game can ([`Ruleset::option_numbers_below_at_least`]).
pub const MAX_WORK: u64 = 50_000_000;

/// The most memory the canonical games of one universe take (512 MiB), counted as they are
/// interned: a game's options three times (in two orders and as the index's key, four bytes
/// each) and 160 bytes besides.
pub const MAX_BYTES: usize = 1 << 29;

/// The bytes [`MAX_BYTES`] counts for a game of `options` options.
fn node_bytes(options: usize) -> usize {
    160 + 12 * options
}

/// The most canonical games `grundy seq --genus` interns for CGSuite's columns (past it, the
/// columns of the remaining heaps are left empty).
pub const SEQ_MAX_NODES: usize = 200_000;

/// What `IsTame` means, as the CLI and JSON state it.
pub const CGSUITE_TAMENESS: &str = "IsTame: CGSuite's tameness of the misère canonical form: the form and every follower of it is a Nim heap or has a tame pair (G+, G-), equal or both 0 or 1 (CGSuite's hereditarily tame phylum, after Dan Hoey); a wild follower of the game as played may have been simplified away, so IsTame may hold where genus-tame does not";

/// How canonical forms are written, as the CLI and JSON state it.
pub const NOTATION: &str = "CGSuite's notation: n is the Nim heap *n; a game lists its options (nested ones in parentheses); x# is the game whose only option is x; subscripts in brackets add to the game before them, x[n] = x + *n, x[-n] = the game that plus *n is x, x[1] = x + *";

/// The longest canonical form printed, in characters (the printed tree can be exponentially
/// larger than the interned DAG).
pub const MAX_FORM_CHARS: usize = 100_000;

/// The most options of sums printing one canonical form reads (its `x[n]` subscripts need the
/// sums `x + *n`): about half a second. A form that needs more is not printed.
pub const MAX_FORM_SUM_WORK: u64 = 500_000;

/// The most options of sums [`Forms::new`] reads to build the forms of heaps (each heap's
/// options are sums of smaller heaps): about ten seconds (Lasker's Nim to a heap of about 45).
pub const MAX_SUM_WORK: u64 = 20_000_000;

/// Dan Hoey's classification of misère games (CGSuite's `Phylum`), decided on canonical forms
/// from the options' phyla and the pair `(G+, G-)` (normal and misère Grundy values).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phylum {
    /// A Nim heap `*n`.
    NimHeap,
    /// Every option a Nim heap or hereditarily tame, and a tame pair: `G+ = G-`, or both in
    /// `{0, 1}`.
    HereditarilyTame,
    /// Tame through reversible options (acts like a Nim heap among tame games).
    ReversiblyTame,
    /// Not tame, but determines the genus when added to tame games.
    Tameable,
    /// A tame pair `(G+, G-)`, otherwise wild (only while classifying).
    WildOfTameGenus,
    /// Every option hereditarily tame, `G+` in `{0, 1}` and `G-` not tame with it.
    HereditarilyRestive,
    /// Restive through reversible options.
    ReversiblyRestive,
    /// A restive pair, otherwise wild (only while classifying).
    WildOfRestiveGenus,
    /// Every option tame, `G-` in `{0, 1}` and `G+` at least 2.
    Restless,
    /// A restless pair, otherwise wild (only while classifying).
    WildOfRestlessGenus,
    /// Anything else.
    Wild,
}

impl Phylum {
    fn hereditarily_tame(self) -> bool {
        matches!(self, Phylum::NimHeap | Phylum::HereditarilyTame)
    }

    fn generally_tame(self) -> bool {
        self.hereditarily_tame() || self == Phylum::ReversiblyTame
    }

    fn tameable(self) -> bool {
        self.generally_tame() || self == Phylum::Tameable
    }

    fn generally_restive(self) -> bool {
        matches!(
            self,
            Phylum::HereditarilyRestive | Phylum::ReversiblyRestive
        )
    }

    fn restive_or_tame(self) -> bool {
        self.generally_tame() || self.generally_restive()
    }

    /// The phylum's name, in words.
    pub fn name(self) -> &'static str {
        match self {
            Phylum::NimHeap => "nim heap",
            Phylum::HereditarilyTame => "hereditarily tame",
            Phylum::ReversiblyTame => "reversibly tame",
            Phylum::Tameable => "tameable",
            Phylum::WildOfTameGenus => "wild of tame genus",
            Phylum::HereditarilyRestive => "hereditarily restive",
            Phylum::ReversiblyRestive => "reversibly restive",
            Phylum::WildOfRestiveGenus => "wild of restive genus",
            Phylum::Restless => "restless",
            Phylum::WildOfRestlessGenus => "wild of restless genus",
            Phylum::Wild => "wild",
        }
    }
}

struct Node {
    /// The options in CGSuite's canonical order.
    options: Vec<GameId>,
    /// The same, sorted by id (for lookups).
    by_id: Vec<GameId>,
    birthday: u32,
    g_plus: u32,
    g_minus: u32,
    /// Whether the game is `E + *` for its last option `E` (CGSuite's odd games).
    odd: bool,
    /// The game plus `*`.
    star: GameId,
    phylum: Phylum,
}

/// A genus as CGSuite keeps it: its phylum, `G+` and the superscript written so far.
#[derive(Debug, Clone)]
struct Genus {
    phylum: Phylum,
    base: u32,
    sup: Vec<u32>,
}

impl Genus {
    /// Entry `i` of the superscript, for any `i`.
    fn digit(&self, i: usize) -> u32 {
        if i < self.sup.len() {
            return self.sup[i];
        }
        let alternate = ((i & 1) << 1) as u32;
        if self.phylum.generally_tame() {
            if i == 0 && self.base < 2 {
                return 1 - self.base;
            }
            return self.base ^ alternate;
        }
        if self.phylum.generally_restive() {
            let low = if self.sup[0] < 4 {
                self.sup[0]
            } else {
                self.base
            };
            return low ^ alternate;
        }
        let n = self.sup.len();
        self.sup[n - 2 + ((n ^ i) & 1)]
    }

    /// The index from which every entry equals the one two before, at the latest.
    fn settles(&self) -> usize {
        if self.phylum.generally_tame() {
            return if self.base < 2 && self.sup.first() != Some(&self.base) {
                2
            } else {
                1
            };
        }
        if self.phylum.generally_restive() {
            return if self.sup[0] < 4 { 1 } else { 2 };
        }
        self.sup.len() - 1
    }

    fn show(&self) -> String {
        let mut out = self.base.to_string();
        if self.sup.is_empty() {
            return out;
        }
        out.push('^');
        let wide = self.sup.iter().any(|&d| d >= 10);
        let digits: Vec<String> = self.sup.iter().map(u32::to_string).collect();
        if wide {
            out.push('(');
            out.push_str(&digits.join(","));
            out.push(')');
        } else {
            out.push_str(&digits.concat());
        }
        out
    }
}

fn mex(values: impl IntoIterator<Item = u32>) -> u32 {
    let set: BTreeSet<u32> = values.into_iter().collect();
    (0..)
        .find(|v| !set.contains(v))
        .expect("a finite set misses a number")
}

/// The interned canonical games, their sums and what CGSuite says of them.
pub struct Universe {
    nodes: Vec<Node>,
    index: HashMap<Vec<GameId>, GameId>,
    sums: HashMap<(GameId, GameId), GameId>,
    nimbers: Vec<GameId>,
    genera: HashMap<GameId, Genus>,
    max_nodes: usize,
    /// Memory taken by the games interned ([`MAX_BYTES`]).
    bytes: usize,
    /// Options read by [`Universe::add`] for sums not yet known, and the most allowed.
    sum_work: u64,
    max_sum_work: u64,
}

impl Default for Universe {
    fn default() -> Self {
        Self::new(MAX_NODES)
    }
}

impl Universe {
    /// An empty universe (holding `0` and `*`) that interns at most `max_nodes` games.
    pub fn new(max_nodes: usize) -> Self {
        let mut universe = Universe {
            nodes: Vec::new(),
            index: HashMap::new(),
            sums: HashMap::new(),
            nimbers: vec![ZERO, STAR],
            genera: HashMap::new(),
            max_nodes: max_nodes.max(2),
            bytes: 2 * node_bytes(1),
            sum_work: 0,
            max_sum_work: u64::MAX,
        };
        universe.nodes.push(Node {
            options: vec![],
            by_id: vec![],
            birthday: 0,
            g_plus: 0,
            g_minus: 1,
            odd: false,
            star: STAR,
            phylum: Phylum::NimHeap,
        });
        universe.nodes.push(Node {
            options: vec![ZERO],
            by_id: vec![ZERO],
            birthday: 1,
            g_plus: 1,
            g_minus: 0,
            odd: true,
            star: ZERO,
            phylum: Phylum::NimHeap,
        });
        universe.index.insert(vec![], ZERO);
        universe.index.insert(vec![ZERO], STAR);
        universe
    }

    /// Refuses ([`Error::TooLarge`]) sums that would read more than `work` options in all
    /// (each new sum reads the options of its two terms): a bound on the time, where
    /// `max_nodes` bounds the memory.
    pub fn limit_sum_work(&mut self, work: u64) {
        self.max_sum_work = work;
    }

    /// How many options [`Universe::add`] has read for sums not yet known (the work that
    /// [`Universe::limit_sum_work`] bounds).
    pub fn sum_work(&self) -> u64 {
        self.sum_work
    }

    /// How many canonical games are interned.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether only `0` and `*` are interned.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() <= 2
    }

    fn node(&self, g: GameId) -> &Node {
        &self.nodes[g as usize]
    }

    /// The options of a canonical game, in CGSuite's order.
    pub fn options(&self, g: GameId) -> &[GameId] {
        &self.node(g).options
    }

    /// The birthday: the height of the canonical game tree.
    pub fn birthday(&self, g: GameId) -> u32 {
        self.node(g).birthday
    }

    /// `G+`, the normal-play Grundy value.
    pub fn nim_value(&self, g: GameId) -> u32 {
        self.node(g).g_plus
    }

    /// `G-`, the misère Grundy value (0 exactly for misère P-positions).
    pub fn misere_value(&self, g: GameId) -> u32 {
        self.node(g).g_minus
    }

    /// CGSuite's phylum of the game.
    pub fn phylum(&self, g: GameId) -> Phylum {
        self.node(g).phylum
    }

    /// The canonical form of `G + *`, interned with `G` (no new game).
    pub fn plus_star(&self, g: GameId) -> GameId {
        self.node(g).star
    }

    /// CGSuite's `IsTame`: the game is hereditarily tame.
    pub fn is_tame(&self, g: GameId) -> bool {
        self.phylum(g).hereditarily_tame()
    }

    fn has_option(&self, g: GameId, option: GameId) -> bool {
        self.node(g).by_id.binary_search(&option).is_ok()
    }

    fn even(&self, g: GameId) -> GameId {
        if self.node(g).odd {
            self.node(g).star
        } else {
            g
        }
    }

    /// CGSuite's deterministic order of canonical games (by the even part's birthday, number
    /// of options, `G+`, `G-`, options; then even before odd). Not a misère comparison: distinct
    /// games are incomparable in misère play (see the module docs).
    pub fn cmp_games(&self, a: GameId, b: GameId) -> Ordering {
        if a == b {
            return Ordering::Equal;
        }
        let (ea, eb) = (self.even(a), self.even(b));
        if ea == eb {
            return self.node(a).odd.cmp(&self.node(b).odd);
        }
        let (x, y) = (self.node(ea), self.node(eb));
        x.birthday
            .cmp(&y.birthday)
            .then(x.options.len().cmp(&y.options.len()))
            .then(x.g_plus.cmp(&y.g_plus))
            .then(x.g_minus.cmp(&y.g_minus))
            .then_with(|| {
                x.options
                    .iter()
                    .zip(&y.options)
                    .map(|(&p, &q)| self.cmp_games(p, q))
                    .find(|o| *o != Ordering::Equal)
                    .unwrap_or(Ordering::Equal)
            })
    }

    /// The canonical form of the game whose options are `options` (each canonical).
    pub fn game(&mut self, mut options: Vec<GameId>) -> Result<GameId> {
        options.sort_unstable();
        options.dedup();
        if let Some(&g) = self.index.get(&options) {
            return Ok(g);
        }
        // Every option reverses through 0, and the proviso holds: G = 0.
        if options.iter().all(|&o| self.has_option(o, ZERO))
            && options.iter().any(|&o| self.misere_value(o) == 0)
        {
            return Ok(ZERO);
        }
        // The options born before a gap of two days form K, and every later one has K itself
        // as an option: G = K.
        let mut days: Vec<u32> = options.iter().map(|&o| self.birthday(o)).collect();
        days.sort_unstable();
        days.dedup();
        for pair in days.windows(2) {
            if pair[1] < pair[0] + 2 {
                continue;
            }
            let early: Vec<GameId> = options
                .iter()
                .copied()
                .filter(|&o| self.birthday(o) <= pair[0])
                .collect();
            if let Some(&k) = self.index.get(&early) {
                if options
                    .iter()
                    .filter(|&&o| self.birthday(o) > pair[0])
                    .all(|&o| self.has_option(o, k))
                {
                    return Ok(k);
                }
            }
        }
        self.intern(options)
    }

    /// Interns a new canonical game (even, in CGSuite's sense) and its sum with `*`.
    fn intern(&mut self, by_id: Vec<GameId>) -> Result<GameId> {
        if self.nodes.len() + 2 > self.max_nodes {
            return Err(Error::TooLarge(format!(
                "more than {} canonical games (the limit on misère canonical forms, MAX_NODES)",
                self.max_nodes
            )));
        }
        // The game and its sum with `*` (one option more).
        let bytes = node_bytes(by_id.len()) + node_bytes(by_id.len() + 1);
        if self.bytes + bytes > MAX_BYTES {
            return Err(Error::TooLarge(format!(
                "the canonical games interned would take more than {} MiB, after {} games (the limit on misère canonical forms, MAX_BYTES)",
                MAX_BYTES >> 20,
                self.nodes.len()
            )));
        }
        self.bytes += bytes;
        let g = self.nodes.len() as GameId;
        let node = self.make_node(by_id.clone(), false, g + 1, None);
        self.nodes.push(node);
        self.index.insert(by_id, g);
        // G + * has the options G and G' + *.
        let mut plus: Vec<GameId> = self
            .node(g)
            .by_id
            .iter()
            .map(|&o| self.node(o).star)
            .collect();
        plus.push(g);
        plus.sort_unstable();
        plus.dedup();
        let phylum = self.phylum(g);
        let node = self.make_node(plus.clone(), true, g, Some(phylum));
        self.nodes.push(node);
        self.index.insert(plus, g + 1);
        Ok(g)
    }

    fn make_node(
        &self,
        by_id: Vec<GameId>,
        odd: bool,
        star: GameId,
        phylum: Option<Phylum>,
    ) -> Node {
        let mut options = by_id.clone();
        options.sort_by(|&a, &b| self.cmp_games(a, b));
        let birthday = 1 + options.iter().map(|&o| self.birthday(o)).max().unwrap_or(0);
        let g_plus = mex(options.iter().map(|&o| self.nim_value(o)));
        let g_minus = mex(options.iter().map(|&o| self.misere_value(o)));
        let phylum = phylum.unwrap_or_else(|| self.classify(&options, g_plus, g_minus));
        Node {
            options,
            by_id,
            birthday,
            g_plus,
            g_minus,
            odd,
            star,
            phylum,
        }
    }

    /// The phylum of a new game with these options and values, as CGSuite decides it.
    fn classify(&self, options: &[GameId], gp: u32, gm: u32) -> Phylum {
        use Phylum::*;
        let own = if gp == gm || (gp | gm) < 2 {
            WildOfTameGenus
        } else if gp < 2 {
            WildOfRestiveGenus
        } else if gm < 2 {
            WildOfRestlessGenus
        } else {
            Wild
        };
        // The wildest option's phylum, as far as the options are all (generally) tame.
        let mut wildest = NimHeap;
        for &o in options {
            if wildest.generally_tame() {
                wildest = wildest.max(self.phylum(o));
            }
        }
        if wildest == NimHeap && own == WildOfTameGenus && (gp > 1 || gp != gm) {
            return NimHeap;
        }
        if wildest.hereditarily_tame() {
            match own {
                WildOfTameGenus => return HereditarilyTame,
                WildOfRestiveGenus => return HereditarilyRestive,
                _ => {}
            }
        }
        if wildest.generally_tame() {
            match own {
                WildOfTameGenus => return ReversiblyTame,
                WildOfRestiveGenus => return ReversiblyRestive,
                WildOfRestlessGenus => return Restless,
                _ => {}
            }
        }
        if own == WildOfTameGenus || own == WildOfRestiveGenus {
            if let Some(p) = self.reversibly(options, gp, gm, own) {
                return p;
            }
        }
        Wild
    }

    /// Whether a game of tame or restive pair whose options are not all tame still acts tame
    /// (or restive, or is tameable) through options reversing to games of its own pair.
    fn reversibly(&self, options: &[GameId], gp: u32, gm: u32, own: Phylum) -> Option<Phylum> {
        use Phylum::*;
        let mut possible: Vec<Phylum> = if own == WildOfTameGenus {
            vec![ReversiblyTame, Tameable]
        } else {
            vec![ReversiblyRestive]
        };
        let (mut plus, mut minus) = (BTreeSet::new(), BTreeSet::new());
        let (mut t_plus, mut t_minus) = (BTreeSet::new(), BTreeSet::new());
        for &o in options {
            let po = self.phylum(o);
            if po.generally_tame() {
                plus.insert(self.nim_value(o));
                minus.insert(self.misere_value(o));
                continue;
            }
            let (mut t_m, mut t_p) = (false, false);
            if possible.contains(&Tameable) && po == Tameable {
                // CGSuite records the even part's values here.
                let e = self.even(o);
                t_minus.insert(self.misere_value(e));
                t_plus.insert(self.nim_value(e));
                t_m = true;
                t_p = true;
            }
            let (mut found_m, mut found_p) = (false, false);
            for &s in self.options(o) {
                let ps = self.phylum(s);
                let eligible = ps.generally_tame()
                    || (possible.contains(&ReversiblyRestive) && ps.restive_or_tame())
                    || (possible.contains(&Tameable) && ps.tameable());
                if !eligible {
                    continue;
                }
                let (sm, sp) = (self.misere_value(s), self.nim_value(s));
                if ps.generally_tame() && own == WildOfTameGenus {
                    found_m |= gm == sm;
                    found_p |= gp == sp;
                } else if ps.restive_or_tame() && own == WildOfRestiveGenus {
                    found_m |= gm == sm && (sp < 2 || (sp ^ gm) < 2);
                    found_p |= gp == sp && (sm < 2 || (sm ^ gm) < 2);
                } else if ps == Tameable && possible.contains(&Tameable) {
                    t_m |= gm == sm;
                    t_p |= gp == sp;
                }
            }
            if !(found_m && found_p) {
                possible.retain(|&p| p != ReversiblyTame && p != ReversiblyRestive);
                if !(t_m && t_p) {
                    possible.retain(|&p| p != Tameable);
                }
                if possible.is_empty() {
                    return None;
                }
            }
        }
        if gp != mex(plus.iter().copied()) || gm != mex(minus.iter().copied()) {
            possible.retain(|&p| p != ReversiblyTame && p != ReversiblyRestive);
        }
        if possible.contains(&Tameable) {
            plus.extend(t_plus);
            minus.extend(t_minus);
            if (gp != mex(plus.iter().copied()) || gm != mex(minus.iter().copied()))
                && (!plus.is_empty() || gp > 0)
            {
                possible.retain(|&p| p != Tameable);
            }
        }
        possible.first().copied()
    }

    /// The Nim heap `*n`.
    pub fn nimber(&mut self, n: usize) -> Result<GameId> {
        while self.nimbers.len() <= n {
            let k = self.nimbers.len();
            let g = if k % 2 == 1 {
                self.node(self.nimbers[k - 1]).star
            } else {
                self.game(self.nimbers.clone())?
            };
            self.nimbers.push(g);
        }
        Ok(self.nimbers[n])
    }

    /// The canonical form of the disjunctive sum `G + H`.
    pub fn add(&mut self, a: GameId, b: GameId) -> Result<GameId> {
        let flip = self.node(a).odd != self.node(b).odd;
        let (a, b) = (self.even(a), self.even(b));
        let even_sum = if a == ZERO || b == ZERO {
            a.max(b)
        } else {
            let key = (a.min(b), a.max(b));
            match self.sums.get(&key) {
                Some(&s) => s,
                None => {
                    self.sum_work += (self.options(a).len() + self.options(b).len()) as u64;
                    if self.sum_work > self.max_sum_work {
                        return Err(Error::TooLarge(format!(
                            "the misère canonical sums would read more than {} options (the limit on their work, MAX_SUM_WORK)",
                            self.max_sum_work
                        )));
                    }
                    let mut options = Vec::new();
                    for o in self.options(a).to_vec() {
                        options.push(self.add(o, b)?);
                    }
                    for o in self.options(b).to_vec() {
                        options.push(self.add(a, o)?);
                    }
                    let s = self.game(options)?;
                    self.sums.insert(key, s);
                    s
                }
            }
        };
        Ok(if flip {
            self.node(even_sum).star
        } else {
            even_sum
        })
    }

    /// The game `D` with `D + H = G`, if there is one (misère cancellation makes it unique);
    /// sought among the options of `G`, where it lies when `H` has an option `0`.
    fn subtract(&mut self, g: GameId, h: GameId) -> Result<Option<GameId>> {
        for d in self.options(g).to_vec() {
            if self.add(d, h)? == g {
                return Ok(Some(d));
            }
        }
        Ok(None)
    }

    /// The genus as CGSuite prints it: a Nim heap as its size, a tame or restive game as
    /// `g^γ0`, any other with its superscript up to where it alternates.
    pub fn genus_cgsuite(&mut self, g: GameId) -> String {
        self.genus(g).show()
    }

    /// The superscript `γ0, γ1, ...` (the misère values of `G` plus 0, 1, ... copies of `*2`),
    /// its first `count` entries.
    pub fn superscript(&mut self, g: GameId, count: usize) -> Vec<u32> {
        let genus = self.genus(g);
        (0..count).map(|i| genus.digit(i)).collect()
    }

    /// Conway's notation of the genus, as `grundy seq --genus` writes it (`0^{120}`).
    pub fn genus_conway(&mut self, g: GameId) -> String {
        let genus = self.genus(g);
        let count = genus.settles().max(1) + super::genus::ALTERNATION + 3;
        let entries: Vec<u64> = (0..count).map(|i| genus.digit(i) as u64).collect();
        let settled = super::genus::settled(&entries);
        super::genus::notation(self.nim_value(g) as u64, &entries, settled)
    }

    fn genus(&mut self, g: GameId) -> Genus {
        let phylum = self.phylum(g);
        if phylum.restive_or_tame() {
            return Genus {
                phylum,
                base: self.nim_value(g),
                sup: if phylum == Phylum::NimHeap {
                    vec![]
                } else {
                    vec![self.misere_value(g)]
                },
            };
        }
        if let Some(genus) = self.genera.get(&g) {
            return genus.clone();
        }
        let options: Vec<Genus> = self
            .options(g)
            .to_vec()
            .into_iter()
            .map(|o| self.genus(o))
            .collect();
        let base = mex(options.iter().map(|o| o.base));
        let mut last = 2 + options.iter().map(Genus::settles).max().unwrap_or(1).max(1);
        let mut sup = vec![mex(options.iter().map(|o| o.digit(0)))];
        for i in 1..=last {
            let w = sup[i - 1];
            sup.push(mex(options.iter().map(|o| o.digit(i)).chain([w, w ^ 1])));
        }
        while last > 1 && sup[last] == sup[last - 2] {
            last -= 1;
        }
        sup.truncate(last + 1);
        let genus = Genus {
            phylum: Phylum::Wild,
            base,
            sup,
        };
        self.genera.insert(g, genus.clone());
        genus
    }

    /// The canonical form in CGSuite's notation, `*[...]`: a Nim heap is its size (`&n;` from
    /// 10 on); a game of several options lists them, the last in CGSuite's order first,
    /// parenthesised when nested; `x#` is the game whose only option is `x`; subscripts in
    /// brackets add to the game before them: `x[n]` is `x + *n`, `x[-n]` the game that plus
    /// `*n` is `x`, `x[1]` is `x + *`, and several apply left to right (`2[#1]` is `{*2} + *`).
    pub fn form(&mut self, g: GameId) -> Result<String> {
        let mut out = String::from("*[");
        let mut sub = false;
        let limit = self.max_sum_work;
        let budget = self.sum_work.saturating_add(MAX_FORM_SUM_WORK);
        self.max_sum_work = limit.min(budget);
        let written = self.write_form(g, &mut out, false, &mut sub);
        self.max_sum_work = limit;
        match written {
            Err(Error::TooLarge(_)) if out.len() <= MAX_FORM_CHARS && self.sum_work > budget => {
                return Err(Error::TooLarge(format!(
                    "writing the canonical form needs the sums of more than {MAX_FORM_SUM_WORK} options (MAX_FORM_SUM_WORK)"
                )))
            }
            written => written?,
        }
        if sub {
            out.push(']');
        }
        out.push(']');
        Ok(out)
    }

    fn write_form(
        &mut self,
        g: GameId,
        out: &mut String,
        paren: bool,
        sub: &mut bool,
    ) -> Result<()> {
        if out.len() > MAX_FORM_CHARS {
            return Err(Error::TooLarge(format!(
                "the canonical form is longer than {MAX_FORM_CHARS} characters (MAX_FORM_CHARS)"
            )));
        }
        let b = self.birthday(g);
        if g == self.nimber(b as usize)? {
            out.push_str(&digit(b));
            if *sub {
                out.push('[');
            }
            return Ok(());
        }
        let first = if self.node(g).odd { 3 } else { 2 };
        for i in (first..b).step_by(2) {
            let n = self.nimber(i as usize)?;
            if let Some(d) = self.subtract(g, n)? {
                if self.birthday(d) < b {
                    *sub = true;
                    self.write_form(d, out, true, sub)?;
                    out.push_str(&digit(i));
                    return Ok(());
                }
            }
            let s = self.add(g, n)?;
            if self.birthday(s) < b {
                *sub = true;
                self.write_form(s, out, true, sub)?;
                out.push('-');
                out.push_str(&digit(i));
                return Ok(());
            }
        }
        if self.node(g).odd {
            *sub = true;
            let even = self.even(g);
            self.write_form(even, out, true, sub)?;
            out.push('1');
            return Ok(());
        }
        let options = self.options(g).to_vec();
        if options.len() == 1 {
            self.write_form(options[0], out, true, sub)?;
            out.push('#');
            return Ok(());
        }
        if paren {
            out.push('(');
        }
        for &o in options.iter().rev() {
            let mut inner = false;
            self.write_form(o, out, true, &mut inner)?;
            if inner {
                out.push(']');
            }
        }
        if paren {
            out.push(')');
        }
        if *sub {
            out.push('[');
        }
        Ok(())
    }
}

fn digit(n: u32) -> String {
    if n < 10 {
        n.to_string()
    } else {
        format!("&{n};")
    }
}

/// The algebra a game's own misère search values its parts in ([`crate::ruleset::MisereOutcomes::use_forms`]).
impl crate::ruleset::MisereForms for Universe {
    fn game(&mut self, options: Vec<u32>) -> Result<u32> {
        Universe::game(self, options)
    }
    fn add(&mut self, a: u32, b: u32) -> Result<u32> {
        Universe::add(self, a, b)
    }
    fn options(&self, g: u32) -> &[u32] {
        Universe::options(self, g)
    }
    fn misere_value(&self, g: u32) -> u32 {
        Universe::misere_value(self, g)
    }
    fn plus_star(&self, g: u32) -> u32 {
        Universe::plus_star(self, g)
    }
    fn birthday(&self, g: u32) -> u32 {
        Universe::birthday(self, g)
    }
    fn len(&self) -> usize {
        Universe::len(self)
    }
}

/// The canonical forms of the positions of one game, built in a [`Universe`].
pub struct Forms<'a> {
    ruleset: &'a dyn Ruleset,
    /// The games interned so far.
    pub universe: Universe,
    heaps: Vec<GameId>,
    positions: HashMap<Position, GameId>,
    max_positions: usize,
    /// Numbers listed by the explorations so far ([`MAX_WORK`]).
    work: u64,
}

impl<'a> Forms<'a> {
    /// Canonical forms of the positions of `ruleset`, within the default limits (the sums
    /// read to build the forms of heaps within [`MAX_SUM_WORK`]).
    pub fn new(ruleset: &'a dyn Ruleset) -> Self {
        let mut forms = Self::with_limits(ruleset, MAX_NODES, MAX_POSITIONS);
        forms.universe.limit_sum_work(MAX_SUM_WORK);
        forms
    }

    /// The same with other limits on interned games and explored positions.
    pub fn with_limits(ruleset: &'a dyn Ruleset, max_nodes: usize, max_positions: usize) -> Self {
        Forms {
            ruleset,
            universe: Universe::new(max_nodes),
            heaps: vec![ZERO],
            positions: HashMap::new(),
            max_positions,
            work: 0,
        }
    }

    /// The canonical form of one heap of a heap game (its options are sums of smaller heaps).
    /// A watcher ([`crate::progress`]) is told the heaps done.
    pub fn heap(&mut self, h: u64) -> Result<GameId> {
        while self.heaps.len() as u64 <= h {
            let k = self.heaps.len() as u64;
            crate::progress::report(k, h.saturating_add(1));
            let moves = match self.ruleset.heap_options(k) {
                Some(moves) => moves?,
                None => return Err(Error::Invalid("not a heap game".into())),
            };
            let mut options = Vec::with_capacity(moves.len());
            for parts in moves {
                let mut sum = ZERO;
                for part in parts {
                    let part = *self.heaps.get(part as usize).ok_or_else(|| {
                        Error::Invalid(format!("heap {k} has an option with a heap of {part}"))
                    })?;
                    sum = self.universe.add(sum, part)?;
                }
                options.push(sum);
            }
            let g = self.universe.game(options)?;
            self.heaps.push(g);
        }
        Ok(self.heaps[h as usize])
    }

    /// The canonical form of a position: of a heap game, the sum of its heaps' forms; of any
    /// other game, built from its options by exploring every position below it.
    pub fn position(&mut self, position: &[u64]) -> Result<GameId> {
        self.ruleset.validate(position)?;
        if self.ruleset.heap_options(0).is_some() {
            let mut sum = ZERO;
            for &h in position {
                let g = self.heap(h)?;
                sum = self.universe.add(sum, g)?;
            }
            return Ok(sum);
        }
        if self.positions.is_empty() {
            self.check_below(position)?;
        }
        self.explore(position)
    }

    /// Refuses at once a first exploration that the game's own counts show passes
    /// [`MAX_POSITIONS`] or [`MAX_WORK`].
    fn check_below(&self, position: &[u64]) -> Result<()> {
        self.ruleset.check_whole_exploration(position)?;
        let shown = self.ruleset.show_position(position);
        let least = self.ruleset.reachable_at_least(position);
        if least > self.max_positions as u128 {
            return Err(Error::TooLarge(format!(
                "at least {least} positions lie below {shown} (counted before exploring), more than the {} one misère canonical form explores (MAX_POSITIONS); use a smaller position",
                self.max_positions
            )));
        }
        let numbers = self
            .ruleset
            .option_numbers_below_at_least(position, MAX_WORK);
        if numbers > u128::from(MAX_WORK) {
            return Err(Error::TooLarge(format!(
                "the misère canonical form would list at least {numbers} numbers of positions below {shown} (counted before exploring), more than its limit of {MAX_WORK} (MAX_WORK); use a smaller position"
            )));
        }
        Ok(())
    }

    /// The options of a position met by [`Forms::explore`], counted against [`MAX_WORK`].
    fn options_counted(&mut self, position: &[u64]) -> Result<Vec<Position>> {
        let options = self.ruleset.explored_options(position)?;
        self.work = options
            .iter()
            .fold(self.work, |w, o| w.saturating_add(o.len() as u64 + 1));
        if self.work > MAX_WORK {
            return Err(Error::TooLarge(format!(
                "the misère canonical form lists more than {MAX_WORK} numbers of positions (MAX_WORK); use a smaller position"
            )));
        }
        Ok(options)
    }

    fn explore(&mut self, root: &[u64]) -> Result<GameId> {
        let root = self.ruleset.explored_form(root);
        if let Some(&g) = self.positions.get(&root) {
            return Ok(g);
        }
        let mut stack: Vec<(Position, Vec<Position>, usize)> = Vec::new();
        let options = self.options_counted(&root)?;
        stack.push((root.clone(), options, 0));
        let mut on_stack: std::collections::HashSet<Position> = std::collections::HashSet::new();
        on_stack.insert(root.clone());
        while let Some(top) = stack.last_mut() {
            if top.2 < top.1.len() {
                let next = top.1[top.2].clone();
                top.2 += 1;
                if self.positions.contains_key(&next) {
                    continue;
                }
                if on_stack.contains(&next) {
                    return Err(Error::Invalid(
                        "the game has a cycle: misère canonical forms are for finite acyclic games"
                            .into(),
                    ));
                }
                if self.positions.len() + stack.len() >= self.max_positions {
                    return Err(Error::TooLarge(format!(
                        "more than {} positions below the position (the limit on misère canonical forms, MAX_POSITIONS)",
                        self.max_positions
                    )));
                }
                let options = self.options_counted(&next)?;
                on_stack.insert(next.clone());
                stack.push((next, options, 0));
                continue;
            }
            let (position, options, _) = stack.pop().expect("the stack is not empty");
            let ids: Vec<GameId> = options.iter().map(|o| self.positions[o]).collect();
            let g = self.universe.game(ids)?;
            on_stack.remove(&position);
            self.positions.insert(position, g);
        }
        Ok(self.positions[&root])
    }

    /// The full report on a position.
    pub fn report(&mut self, position: &[u64]) -> Result<CanonicalReport> {
        let g = self.position(position)?;
        self.universe.describe(g)
    }
}

/// What grundy says of one canonical game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CanonicalReport {
    /// The canonical form in CGSuite's notation ([`Universe::form`]); `None` when printing it
    /// meets a limit (the tree printed can be exponentially larger than the DAG).
    pub form: Option<String>,
    /// Why the form is not printed, naming the limit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub form_omitted: Option<String>,
    /// The birthday of the canonical form.
    pub birthday: u32,
    /// `G+`, the normal-play Grundy value.
    pub nim_value: u32,
    /// `G-`, the misère Grundy value.
    pub misere_value: u32,
    /// The genus in Conway's notation, as `grundy seq --genus` writes it.
    pub genus: String,
    /// The genus as CGSuite prints it.
    pub genus_cgsuite: String,
    /// CGSuite's phylum.
    pub phylum: Phylum,
    /// CGSuite's `IsTame` (hereditarily tame canonical form).
    pub cgsuite_tame: bool,
    /// How many canonical games the universe interned to get here.
    pub interned: usize,
}

impl Universe {
    /// Everything grundy says of `g`.
    pub fn describe(&mut self, g: GameId) -> Result<CanonicalReport> {
        let (form, form_omitted) = match self.form(g) {
            Ok(form) => (Some(form), None),
            Err(Error::TooLarge(why)) => (None, Some(why)),
            Err(e) => return Err(e),
        };
        Ok(CanonicalReport {
            form,
            form_omitted,
            birthday: self.birthday(g),
            nim_value: self.nim_value(g),
            misere_value: self.misere_value(g),
            genus: self.genus_conway(g),
            genus_cgsuite: self.genus_cgsuite(g),
            phylum: self.phylum(g),
            cgsuite_tame: self.is_tame(g),
            interned: self.len(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::parse_game;
    use std::collections::HashMap;

    /// A game given the way CGSuite's tests write it: a number is a Nim heap, a list the game
    /// of those options, `Sum` a disjunctive sum.
    enum Spec {
        N(usize),
        L(Vec<Spec>),
        Sum(Box<Spec>, Box<Spec>),
    }
    use Spec::{L, N};

    fn sum(a: Spec, b: Spec) -> Spec {
        Spec::Sum(Box::new(a), Box::new(b))
    }

    fn build(u: &mut Universe, spec: &Spec) -> GameId {
        match spec {
            N(n) => u.nimber(*n).unwrap(),
            L(options) => {
                let ids = options.iter().map(|o| build(u, o)).collect();
                u.game(ids).unwrap()
            }
            Spec::Sum(a, b) => {
                let (a, b) = (build(u, a), build(u, b));
                u.add(a, b).unwrap()
            }
        }
    }

    #[test]
    fn cgsuite_test_cases() {
        // aaron-siegel/cgsuite, lib/core/src/test/scala/org/cgsuite/lang/
        // MisereCanonicalGameTestCase.scala: input, printed form, birthday, genus, IsTame,
        // misère value G-, nim value G+.
        let cases: Vec<(Spec, &str, u32, &str, bool, u32, u32)> = vec![
            (N(0), "*[0]", 0, "0", true, 1, 0),
            (N(1), "*[1]", 1, "1", true, 0, 1),
            (N(2), "*[2]", 2, "2", true, 2, 2),
            (L(vec![N(2)]), "*[2#]", 3, "0^0", true, 0, 0),
            (L(vec![L(vec![N(2)])]), "*[2##]", 4, "1^1", true, 1, 1),
            (sum(N(2), N(2)), "*[2[2]]", 4, "0^0", true, 0, 0),
            (
                L(vec![sum(N(2), L(vec![N(2)]))]),
                "*[2[#2#]]",
                6,
                "0^0",
                true,
                0,
                0,
            ),
            (
                L(vec![L(vec![N(2)]), N(0)]),
                "*[2#0]",
                4,
                "1^2",
                false,
                2,
                1,
            ),
            (
                L(vec![L(vec![N(2)]), N(1)]),
                "*[2#1]",
                4,
                "2^1420",
                false,
                1,
                2,
            ),
            (L(vec![sum(N(4), N(2))]), "*[4[2#]]", 7, "0^0", true, 0, 0),
            (
                L(vec![L(vec![L(vec![N(2)])]), L(vec![L(vec![N(2)]), N(1)])]),
                "*[(2#1)2##]",
                5,
                "0^0",
                false,
                0,
                0,
            ),
            (
                L(vec![
                    L(vec![L(vec![N(2)])]),
                    L(vec![L(vec![L(vec![N(2)]), N(0)]), N(0), N(1)]),
                ]),
                "*[((2#0)10)2##]",
                6,
                "0^0",
                false,
                0,
                0,
            ),
            (
                L(vec![
                    sum(L(vec![L(vec![N(2)]), N(1)]), N(1)),
                    L(vec![
                        L(vec![N(2)]),
                        sum(L(vec![N(2)]), N(1)),
                        L(vec![L(vec![N(2)]), N(0)]),
                    ]),
                ]),
                "*[((2#0)2[#1]2#)(2#1)[1]]",
                6,
                "0^120",
                false,
                1,
                0,
            ),
            (
                L(vec![
                    L(vec![L(vec![N(2)]), N(2), N(0)]),
                    L(vec![L(vec![N(2)]), N(3)]),
                    N(1),
                ]),
                "*[(2#20)2[#1]1]",
                5,
                "0^2",
                false,
                2,
                0,
            ),
        ];
        let mut u = Universe::default();
        for (spec, form, birthday, genus, tame, minus, plus) in cases {
            let g = build(&mut u, &spec);
            assert_eq!(u.form(g).unwrap(), form);
            assert_eq!(u.birthday(g), birthday, "{form}");
            assert_eq!(u.genus_cgsuite(g), genus, "{form}");
            assert_eq!(u.is_tame(g), tame, "{form}");
            assert_eq!((u.misere_value(g), u.nim_value(g)), (minus, plus), "{form}");
        }
    }

    #[test]
    fn cgsuite_heap_genus_sequences() {
        // aaron-siegel/cgsuite, lib/core/src/test/scala/org/cgsuite/lang/GameHeapTest.scala:
        // [G(n).Genus for n from 0 to 20] and [G(n).MisereNimValue ...].
        let published = [
            (
                "kayles",
                "0,1,2,3,1,4^146,3,2^2,1^1,4^046,2^2,6^46,4^046,1^1,2^2,7^57,1^13,4^64,3^31,2^20,1^031",
                "1,0,2,3,0,1,3,2,1,0,2,4,0,1,2,5,1,6,3,2,0",
            ),
            (
                "dawson-kayles",
                "0,0,1,1,2,0,3,1,1,0,3^1431,3,2^0520,2,4^146,0,5^057,2^0520,2,3^1431,3",
                "1,1,0,0,2,1,3,0,0,1,1,3,0,2,1,1,0,0,2,1,3",
            ),
            (
                "grundy-game",
                "0,0,0,1,0,2,1,0,2,1,0,2,1,3^1431,2,1,3^1431,2,4^0564,3^1431,0^20",
                "1,1,1,0,1,2,0,1,2,0,1,2,0,1,2,0,1,2,0,1,2",
            ),
            (
                "hex:0.3F",
                "0,1,2,0,1,2,3^1431,4^0564,5^46,3^1431,4^0564,5^4875,6^(1,9,10,8),7^075,8^6875,6^(1,9,10,8),7^075,8^(6,10,8),9^(1,9,12,11,9),10^(0,11,13,9,11),11^(6,10,8)",
                "1,0,2,1,0,2,1,0,4,1,0,4,1,0,6,1,0,6,1,0,6",
            ),
        ];
        for (code, genus, minus) in published {
            let game = parse_game(code).unwrap();
            let mut forms = Forms::new(game.as_ref());
            let mut got_genus = Vec::new();
            let mut got_minus = Vec::new();
            for n in 0..=20u64 {
                let g = forms.position(&[n]).unwrap();
                got_genus.push(forms.universe.genus_cgsuite(g));
                got_minus.push(forms.universe.misere_value(g).to_string());
            }
            // The genus list splits at commas outside parentheses.
            let mut want = Vec::new();
            let mut depth = 0;
            let mut current = String::new();
            for c in genus.chars() {
                match c {
                    '(' => depth += 1,
                    ')' => depth -= 1,
                    ',' if depth == 0 => {
                        want.push(std::mem::take(&mut current));
                        continue;
                    }
                    _ => {}
                }
                current.push(c);
            }
            want.push(current);
            assert_eq!(got_genus, want, "{code}");
            assert_eq!(got_minus.join(","), minus, "{code}");
        }
    }

    #[test]
    fn cgsuite_grundys_game_22() {
        // GameHeapTest.scala: game.heap.GrundysGame(22).MisereCanonicalForm.
        let game = parse_game("grundy-game").unwrap();
        let mut forms = Forms::new(game.as_ref());
        let g = forms.position(&[22]).unwrap();
        assert_eq!(
            forms.universe.form(g).unwrap(),
            "*[(((2[2]21)[2](2[2]21)20)(2[2]21)3)((2[2]21)[2](2[2]21)20)(2[2]21)[1]2[2]1]"
        );
    }

    #[test]
    fn kayles_6_and_8_are_tame_in_cgsuites_sense() {
        // Issue 29: CGSuite's IsTame calls Kayles 6 and 8 tame (grundy's genus-tameness calls
        // them wild, through the follower 5). 6 is the Nim heap *3 (GameHeapTest's genus "3").
        let game = parse_game("kayles").unwrap();
        let mut forms = Forms::new(game.as_ref());
        let six = forms.position(&[6]).unwrap();
        assert_eq!(six, forms.universe.nimber(3).unwrap());
        let eight = forms.position(&[8]).unwrap();
        assert!(forms.universe.is_tame(six) && forms.universe.is_tame(eight));
        let five = forms.position(&[5]).unwrap();
        assert!(!forms.universe.is_tame(five));
    }

    /// Games as plain trees (each its list of options, indices into one arena), with misère
    /// outcomes of sums by the definition.
    struct Trees {
        options: Vec<Vec<usize>>,
        memo: HashMap<Vec<usize>, bool>,
        sums: HashMap<(usize, usize), usize>,
        forms: HashMap<usize, GameId>,
    }

    impl Trees {
        fn add(&mut self, options: Vec<usize>) -> usize {
            self.options.push(options);
            self.options.len() - 1
        }

        /// Whether the sum of `parts` is a misère P-position.
        fn p_position(&mut self, parts: &[usize]) -> bool {
            let mut key = parts.to_vec();
            key.sort_unstable();
            if let Some(&p) = self.memo.get(&key) {
                return p;
            }
            let mut any_move = false;
            let mut p = true;
            for i in 0..key.len() {
                for &o in &self.options[key[i]].clone() {
                    any_move = true;
                    let mut next = key.clone();
                    next[i] = o;
                    if self.p_position(&next) {
                        p = false;
                    }
                }
            }
            // No move at all: the player to move has won (misère).
            let p = any_move && p;
            self.memo.insert(key, p);
            p
        }

        /// The canonical form, by reducing the tree from its leaves up.
        fn canonical(&mut self, u: &mut Universe, t: usize) -> GameId {
            if let Some(&g) = self.forms.get(&t) {
                return g;
            }
            let ids = self.options[t]
                .clone()
                .into_iter()
                .map(|o| self.canonical(u, o))
                .collect();
            let g = u.game(ids).unwrap();
            self.forms.insert(t, g);
            g
        }

        /// `a + b` as a tree, by the definition: every option of one beside the other.
        fn sum(&mut self, a: usize, b: usize) -> usize {
            if let Some(&s) = self.sums.get(&(a, b)) {
                return s;
            }
            let mut options = Vec::new();
            for o in self.options[a].clone() {
                options.push(self.sum(o, b));
            }
            for o in self.options[b].clone() {
                options.push(self.sum(a, o));
            }
            let s = self.add(options);
            self.sums.insert((a, b), s);
            s
        }
    }

    /// Every game of birthday at most 3 as a tree (one per set of options): 0; 0, *; the
    /// four sets of those; the sixteen sets of those.
    fn small_trees() -> (Trees, Vec<usize>) {
        let mut t = Trees {
            options: Vec::new(),
            memo: HashMap::new(),
            sums: HashMap::new(),
            forms: HashMap::new(),
        };
        let mut day = vec![t.add(vec![])];
        for _ in 0..3 {
            let mut next = Vec::new();
            for mask in 0..(1u32 << day.len()) {
                let options: Vec<usize> = (0..day.len())
                    .filter(|i| mask & (1 << i) != 0)
                    .map(|i| day[i])
                    .collect();
                next.push(t.add(options));
            }
            day = next;
        }
        (t, day)
    }

    #[test]
    fn equality_agrees_with_the_definition_on_games_born_by_day_3() {
        // Equal canonical forms: no X (here every game born by day 3, and sums of two of
        // them) tells the games apart. Different forms: some X does, both ways (ONAG ch. 12:
        // a P-N and an N-P discriminator exist).
        let (mut t, games) = small_trees();
        let mut u = Universe::default();
        let ids: Vec<GameId> = games.iter().map(|&g| t.canonical(&mut u, g)).collect();
        let mut tests: Vec<Vec<usize>> = games.iter().map(|&x| vec![x]).collect();
        for (i, &x) in games.iter().enumerate() {
            for &y in &games[i..] {
                tests.push(vec![x, y]);
            }
        }
        let mut distinct = 0;
        for a in 0..games.len() {
            for b in a + 1..games.len() {
                let (mut pn, mut np) = (false, false);
                for x in &tests {
                    let mut with_a = x.clone();
                    with_a.push(games[a]);
                    let mut with_b = x.clone();
                    with_b.push(games[b]);
                    let (pa, pb) = (t.p_position(&with_a), t.p_position(&with_b));
                    pn |= pa && !pb;
                    np |= !pa && pb;
                }
                if ids[a] == ids[b] {
                    assert!(!pn && !np, "games {a} and {b}: equal forms, told apart");
                } else {
                    distinct += 1;
                    assert!(
                        pn && np,
                        "games {a} and {b}: different forms, not told apart"
                    );
                }
            }
        }
        assert!(distinct > 0);
    }

    #[test]
    fn canonical_forms_are_fixed_points_and_sums_agree() {
        let (mut t, games) = small_trees();
        let mut u = Universe::default();
        for &a in &games {
            for &b in &games {
                // The sum as a tree, reduced from scratch, against the sum of the forms.
                let sum = t.sum(a, b);
                let direct = t.canonical(&mut u, sum);
                let (ga, gb) = (t.canonical(&mut u, a), t.canonical(&mut u, b));
                assert_eq!(u.add(ga, gb).unwrap(), direct);
            }
        }
        // Reduction is idempotent: every interned game is the canonical form of its options.
        for g in 0..u.len() as GameId {
            assert_eq!(u.game(u.options(g).to_vec()).unwrap(), g);
        }
    }

    /// The 32 games whose options are a set of the five games born by day 3 (one tree for
    /// each, the first of its form among [`small_trees`]; the forms of games born by day 3 are
    /// checked against the definition above), and the tests `X = Y + Z` for every two of them.
    fn day_4_sets(
        t: &mut Trees,
        u: &mut Universe,
        games: &[usize],
    ) -> (Vec<usize>, Vec<Vec<usize>>) {
        let mut reps: Vec<usize> = Vec::new();
        let mut seen = Vec::new();
        for &g in games {
            let id = t.canonical(u, g);
            if !seen.contains(&id) {
                seen.push(id);
                reps.push(g);
            }
        }
        assert_eq!(
            reps.len(),
            5,
            "0, *, *2, *3 and {{*2}}: five games born by day 3"
        );
        let sets: Vec<usize> = (0..1u32 << reps.len())
            .map(|mask| {
                let options = (0..reps.len())
                    .filter(|i| mask & (1 << i) != 0)
                    .map(|i| reps[i])
                    .collect();
                t.add(options)
            })
            .collect();
        let mut tests = Vec::new();
        for (i, &y) in sets.iter().enumerate() {
            for &z in &sets[i..] {
                tests.push(vec![y, z]);
            }
        }
        (sets, tests)
    }

    /// Whether some `X` makes `a + X` a P-position and `b + X` an N-position, and whether
    /// some `X` does the reverse.
    fn told_apart(t: &mut Trees, a: usize, b: usize, tests: &[Vec<usize>]) -> (bool, bool) {
        let (mut pn, mut np) = (false, false);
        for x in tests {
            let mut with_a = x.clone();
            with_a.push(a);
            let mut with_b = x.clone();
            with_b.push(b);
            let (pa, pb) = (t.p_position(&with_a), t.p_position(&with_b));
            pn |= pa && !pb;
            np |= !pa && pb;
        }
        (pn, np)
    }

    #[test]
    fn day_4_has_the_22_games_of_grundy_and_smith_each_told_apart_both_ways() {
        // Grundy and Smith's count, in ONAG pp. 139-140: 1, 2, 3, 5 and 22 games in simplest
        // form are born by days 0 to 4. By the definition: two of the 32 sets have one form
        // exactly when no sum of two of them tells them apart, and distinct forms are told
        // apart both ways (a P-N and an N-P discriminator, ONAG ch. 12).
        let (mut t, games) = small_trees();
        let mut u = Universe::default();
        let (sets, tests) = day_4_sets(&mut t, &mut u, &games);
        let ids: Vec<GameId> = sets.iter().map(|&g| t.canonical(&mut u, g)).collect();
        let mut distinct = ids.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), 22);
        for a in 0..sets.len() {
            for b in a + 1..sets.len() {
                let (pn, np) = told_apart(&mut t, sets[a], sets[b], &tests);
                if ids[a] == ids[b] {
                    assert!(!pn && !np, "sets {a} and {b}: equal forms, told apart");
                } else {
                    assert!(
                        pn && np,
                        "sets {a} and {b}: different forms, not told apart"
                    );
                }
            }
        }
    }

    #[test]
    fn the_day_4_pair_once_left_open_is_told_apart() {
        // {0, *, *2, *3, {*2}} (the tree of mask 28424) and *4 (mask 16411) have different
        // forms; no game born by day 4 and no sum of three born by day 3 tells them apart, but
        // X = *2 + {*, {*2}} does: *4 + X is a P-position, the other an N-position; and
        // X = *3 + {*, {*2}} the reverse. Found by a search over sums of two day-4 games.
        let (mut t, games) = small_trees();
        let mut u = Universe::default();
        let pick = |t: &mut Trees, mask: u32| {
            let options = (0..16)
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| games[i])
                .collect();
            t.add(options)
        };
        let (a, b) = (pick(&mut t, 28424), pick(&mut t, 16411));
        assert_ne!(t.canonical(&mut u, a), t.canonical(&mut u, b));
        // games[i] is the set of day-2 trees [0, *, {*}, *2] in the bits of i.
        let (star, star2, star3) = (games[0b0001], games[0b0011], games[0b1011]);
        let f = games[0b1000];
        let x = t.add(vec![star, f]);
        assert!(t.p_position(&[b, star2, x]) && !t.p_position(&[a, star2, x]));
        assert!(t.p_position(&[a, star3, x]) && !t.p_position(&[b, star3, x]));
    }

    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Random games born on day 4 (sets of the 16 trees born by day 3): equal forms exactly
        /// when no sum of two of the 32 day-4 sets tells them apart, distinct forms told apart
        /// both ways (every such game equals one of the 32 sets, which these X separate, see
        /// above); the sum of the forms is the form of the sum.
        #[test]
        fn random_day_4_games_agree_with_the_definition(a in 1u32..(1 << 16), b in 1u32..(1 << 16)) {
            let (mut t, games) = small_trees();
            let mut u = Universe::default();
            let pick = |t: &mut Trees, mask: u32| {
                let options = (0..16).filter(|i| mask & (1 << i) != 0).map(|i| games[i]).collect();
                t.add(options)
            };
            let (ga, gb) = (pick(&mut t, a), pick(&mut t, b));
            let (ia, ib) = (t.canonical(&mut u, ga), t.canonical(&mut u, gb));
            let (_, tests) = day_4_sets(&mut t, &mut u, &games);
            let (pn, np) = told_apart(&mut t, ga, gb, &tests);
            if ia == ib {
                prop_assert!(!pn && !np);
            } else {
                prop_assert!(pn && np);
            }
            let sum = t.sum(ga, gb);
            let direct = t.canonical(&mut u, sum);
            prop_assert_eq!(u.add(ia, ib).unwrap(), direct);
        }
    }

    #[test]
    fn the_values_are_those_of_the_definition() {
        // G- and G+ of Kayles heaps from the forms, against plain recursion over the rules.
        fn minus(game: &dyn Ruleset, heaps: &[u64], normal: bool) -> u64 {
            let values: Vec<u64> = game
                .moves(heaps)
                .unwrap()
                .into_iter()
                .map(|m| minus(game, &m.to, normal))
                .collect();
            if values.is_empty() {
                return if normal { 0 } else { 1 };
            }
            (0..).find(|v| !values.contains(v)).unwrap()
        }
        let game = parse_game("kayles").unwrap();
        let mut forms = Forms::new(game.as_ref());
        for heaps in [
            vec![3],
            vec![4, 2],
            vec![5],
            vec![6],
            vec![5, 1],
            vec![7],
            vec![2, 2, 3],
        ] {
            let g = forms.position(&heaps).unwrap();
            assert_eq!(
                forms.universe.misere_value(g) as u64,
                minus(game.as_ref(), &heaps, false)
            );
            assert_eq!(
                forms.universe.nim_value(g) as u64,
                minus(game.as_ref(), &heaps, true)
            );
        }
    }

    #[test]
    fn limits_are_named() {
        let game = parse_game("kayles").unwrap();
        let mut forms = Forms::with_limits(game.as_ref(), 20, MAX_POSITIONS);
        let e = forms.position(&[30]).unwrap_err().to_string();
        assert!(e.contains("MAX_NODES"), "{e}");
    }

    #[test]
    fn coin_games_are_refused_before_exploring_and_answered_inside() {
        // The positions: past the work limit, counted before any exploration.
        for (spec, position) in [
            ("mock-turtles", vec![25u64]),
            ("ruler", vec![28]),
            ("tartan:rulerxmock-turtles", vec![4, 10]),
        ] {
            let game = parse_game(spec).unwrap();
            let e = Forms::new(game.as_ref())
                .position(&position)
                .unwrap_err()
                .to_string();
            let named = e.contains("MAX_WORK") || e.contains("MAX_POSITIONS");
            assert!(named && e.contains("counted before"), "{e}");
        }
        // Inside: G- and G+ of one head of Mock Turtles (turn one, two or three coins from 0,
        // the rightmost from heads to tails), by a plain recursion over sets of coins.
        fn value(set: u32, misere: bool, memo: &mut HashMap<(u32, bool), u64>) -> u64 {
            if let Some(&v) = memo.get(&(set, misere)) {
                return v;
            }
            let mut seen = Vec::new();
            for top in (0..32).filter(|t| set >> t & 1 == 1) {
                let off = set & !(1 << top);
                seen.push(value(off, misere, memo));
                for m in 0..top {
                    seen.push(value(off ^ 1 << m, misere, memo));
                    for l in 0..m {
                        seen.push(value(off ^ 1 << m ^ 1 << l, misere, memo));
                    }
                }
            }
            let v = match (seen.is_empty(), misere) {
                (true, true) => 1,
                _ => (0..).find(|v| !seen.contains(v)).unwrap(),
            };
            memo.insert((set, misere), v);
            v
        }
        let game = parse_game("mock-turtles").unwrap();
        let mut memo = HashMap::new();
        for heads in [vec![9u64], vec![2, 5, 8], vec![0, 10]] {
            let mut forms = Forms::new(game.as_ref());
            let g = forms.position(&heads).unwrap();
            let set = heads.iter().fold(0u32, |s, &h| s | 1 << h);
            assert_eq!(
                u64::from(forms.universe.misere_value(g)),
                value(set, true, &mut memo)
            );
            assert_eq!(
                u64::from(forms.universe.nim_value(g)),
                value(set, false, &mut memo)
            );
        }
    }

    #[test]
    fn heap_forms_and_their_printing_are_bounded_in_work() {
        // Lasker's Nim: the forms of heaps grow fast; past the work allowed, the error names it.
        let game = parse_game("lasker").unwrap();
        let mut forms = Forms::new(game.as_ref());
        forms.universe.limit_sum_work(100_000);
        let e = forms.heap(60).unwrap_err().to_string();
        assert!(e.contains("MAX_SUM_WORK"), "{e}");
        // The form of a heap of 30 is built, but printing it would need far more sums than
        // MAX_FORM_SUM_WORK (and characters): the report says so, and the rest is given.
        let mut forms = Forms::new(game.as_ref());
        let report = forms.report(&[30]).unwrap();
        assert!(report.form.is_none());
        let why = report.form_omitted.unwrap();
        assert!(
            why.contains("MAX_FORM_SUM_WORK") || why.contains("MAX_FORM_CHARS"),
            "{why}"
        );
        assert!(forms.universe.sum_work() <= 289_336 + MAX_FORM_SUM_WORK + 1_000);
        // G+ of a heap of 30 is Lasker's formula: 30 = 4k + 2 is worth itself.
        assert_eq!(report.nim_value, 30);
    }
}
