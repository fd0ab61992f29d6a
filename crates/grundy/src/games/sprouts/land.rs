//! The drawing of a Sprouts position as the game sees it: regions, their boundaries, and the
//! lives of the spots on them; what can be dropped without changing the game; the split into
//! lands; and the canonical code of a land (equal lands, equal codes).
//!
//! **The model** (Applegate, Jacobson and Sleator 1991; Lemoine and Viennot's Glop). A region
//! of the plane is bounded by one or more *boundaries*: the connected pieces of the drawing that
//! touch it. Walking along a boundary with the region on the left meets the *sides* of the
//! spots on it in a cyclic order; a spot with `d` curves at it has `max(d, 1)` sides, each in
//! one region, and `3 - d` lives. That cyclic order, for every boundary of every region, is all
//! the game depends on: a move is drawn inside one region from a side of a spot to a side of a
//! spot of the same region, and where it can go follows from the orders alone (see `moves.rs`).
//!
//! **What is dropped** (each drop leaves the same game; the arguments are in the docs of each
//! step of [`Drawing::simplify`]): dead spots; empty boundaries; regions with fewer than two
//! lives in all (no move can be drawn there); a spot met twice in a row along a boundary is met
//! once (its two sides are alike: nothing alive lies between them); and in a region of at most
//! three lives only the spots count, not the boundaries they lie on (Glop's manual: "when inside
//! a region there are 3 lives or less, it is useless to separate boundaries").
//!
//! **Lands.** Regions that share no live spot are independent: whatever is drawn in one leaves
//! the others as they are. A *land* is a class of regions joined by shared spots, and a position
//! is the disjunctive sum of its lands.
//!
//! **The canonical code** of a land ([`Drawing::code`]) is the least string, in a fixed order
//! of symbols, over every way of writing the land: each boundary from any of its sides, the
//! boundaries of a region and the regions of the land in any order, the land or its mirror
//! image (which reverses every boundary), and letters named by first appearance. The search for
//! the least string is limited to the orders that sort regions and boundaries by a
//! shape first: colours of spots refined a few rounds from their symbols and the shapes of the
//! regions they are in (the same for every way of writing the land, so the restricted minimum
//! is still a function of the land alone), which leaves few ties to try. Lands with very many
//! ties (symmetric ones) follow one order: see [`Drawing::code`].

use std::cmp::Ordering;

use crate::{Error, Result};

/// A spot: an index into [`Drawing::lives`].
pub type Spot = u32;

/// One region: its boundaries, each the cyclic order of the spot sides met walking along it
/// with the region on the left.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Region {
    /// The boundaries.
    pub boundaries: Vec<Vec<Spot>>,
}

impl Region {
    /// The spots of the region, each once.
    pub fn spots(&self) -> Vec<Spot> {
        let mut spots: Vec<Spot> = self.boundaries.iter().flatten().copied().collect();
        spots.sort_unstable();
        spots.dedup();
        spots
    }
}

/// Regions and the lives of their spots: one land, or several.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Drawing {
    /// The lives of each spot (3 minus the curves at it); 0: dead.
    pub lives: Vec<u8>,
    /// The regions.
    pub regions: Vec<Region>,
}

/// A symbol of a canonical code: a spot seen once in its land with 3, 2 or 1 lives.
pub const SPOT_0: u8 = 0;
/// A spot with 2 lives (one curve at it).
pub const SPOT_1: u8 = 1;
/// A spot with 1 life seen once in its land.
pub const SPOT_2: u8 = 2;
/// The first letter: letter `i` (a spot with 1 life seen twice) is `LETTER + i`.
pub const LETTER: u8 = 3;
/// The most letters a code names.
pub const MAX_LETTERS: usize = (END_BOUNDARY - LETTER) as usize;
/// The end of a boundary (`.` in Glop's notation).
pub const END_BOUNDARY: u8 = 254;
/// The end of a region (`}`).
pub const END_REGION: u8 = 255;

/// The most lives a region may have for its boundaries not to matter.
pub const SMALL_REGION_LIVES: u32 = 3;

impl Drawing {
    /// `spots` spots, each with 3 lives, in one region: the start of the game.
    pub fn start(spots: usize) -> Drawing {
        Drawing {
            lives: vec![3; spots],
            regions: vec![Region {
                boundaries: (0..spots as Spot).map(|s| vec![s]).collect(),
            }],
        }
    }

    /// The lives of a region: those of its spots, each counted once.
    pub fn region_lives(&self, region: &Region) -> u32 {
        region
            .spots()
            .iter()
            .map(|&s| u32::from(self.lives[s as usize]))
            .sum()
    }

    /// The lives of the whole drawing, each spot counted once.
    pub fn total_lives(&self) -> u32 {
        let mut seen = vec![false; self.lives.len()];
        let mut total = 0;
        for s in self
            .regions
            .iter()
            .flat_map(|r| r.boundaries.iter().flatten())
        {
            if !std::mem::replace(&mut seen[*s as usize], true) {
                total += u32::from(self.lives[*s as usize]);
            }
        }
        total
    }

    /// Drops what can no longer change the game:
    ///
    /// 1. Dead spots, then empty boundaries: nothing can be drawn to a spot without lives, and
    ///    a boundary of dead spots only separates nothing.
    /// 2. Regions with fewer than two lives: every move needs two lives in one region (two
    ///    spots with one each, or one spot with two for a loop), and lives are never added to
    ///    a region from outside, so nothing will ever be drawn there. A spot shared with such a
    ///    region keeps its lives and its other sides.
    /// 3. In a region of at most three lives, the boundaries are merged into one and each spot
    ///    kept once. A move there uses two of its lives and makes a spot `z` on the new curve,
    ///    which borders every region the move leaves; at most one other life is left, so
    ///    whatever remains is `z` beside at most one spot, in the same region, and all that
    ///    still matters is which spots (with which other regions) are there.
    /// 4. A spot seen twice in a row along a boundary (nothing alive between its two sides) is
    ///    seen once: it has one life, and a curve from either side leaves the same orders of
    ///    the live sides once the spot is dead.
    /// 5. Two regions of at most three lives with the same spots are one: the spots (one life
    ///    each, since each is in both) can be joined in either region to the same effect (by 3,
    ///    only which spots are joined matters), which empties the other region of all but one
    ///    life at most. (A curve that cuts a region whose spot has both its sides there can
    ///    leave one side in each part: `AB.}AB.}` is then `22.}`.)
    pub fn simplify(&mut self) {
        let lives = &self.lives;
        for region in &mut self.regions {
            for boundary in &mut region.boundaries {
                boundary.retain(|&s| lives[s as usize] > 0);
            }
            region.boundaries.retain(|b| !b.is_empty());
        }
        let playable: Vec<bool> = self
            .regions
            .iter()
            .map(|r| self.region_lives(r) >= 2)
            .collect();
        let mut i = 0;
        self.regions.retain(|_| {
            i += 1;
            playable[i - 1]
        });
        for r in 0..self.regions.len() {
            if self.region_lives(&self.regions[r]) <= SMALL_REGION_LIVES {
                let region = &mut self.regions[r];
                if region.boundaries.len() > 1 || has_repeat(&region.boundaries[0]) {
                    region.boundaries = vec![region.spots()];
                }
            } else {
                for boundary in &mut self.regions[r].boundaries {
                    drop_repeats(boundary);
                }
            }
        }
        let small: Vec<Option<Vec<Spot>>> = self
            .regions
            .iter()
            .map(|r| (self.region_lives(r) <= SMALL_REGION_LIVES).then(|| r.spots()))
            .collect();
        let twin = |r: usize| (0..r).any(|q| small[q].is_some() && small[q] == small[r]);
        let twins: Vec<bool> = (0..self.regions.len()).map(twin).collect();
        let mut i = 0;
        self.regions.retain(|_| {
            i += 1;
            !twins[i - 1]
        });
    }

    /// The lands of a simplified drawing: classes of regions joined by shared spots, each with
    /// the lives of all the spots (the spots are not renumbered).
    pub fn lands(self) -> Vec<Drawing> {
        let n = self.regions.len();
        // The first region each spot was met in; regions joined through a spot share a root.
        let mut first = vec![usize::MAX; self.lives.len()];
        let mut parent: Vec<usize> = (0..n).collect();
        fn root(parent: &mut [usize], mut r: usize) -> usize {
            while parent[r] != r {
                parent[r] = parent[parent[r]];
                r = parent[r];
            }
            r
        }
        for (r, region) in self.regions.iter().enumerate() {
            for &s in region.boundaries.iter().flatten() {
                let f = &mut first[s as usize];
                if *f == usize::MAX {
                    *f = r;
                } else {
                    let (a, b) = (root(&mut parent, *f), root(&mut parent, r));
                    parent[a.max(b)] = a.min(b);
                }
            }
        }
        let mut lands: Vec<Drawing> = Vec::new();
        let mut index = vec![usize::MAX; n];
        for (r, region) in self.regions.into_iter().enumerate() {
            let top = root(&mut parent, r);
            if index[top] == usize::MAX {
                index[top] = lands.len();
                lands.push(Drawing {
                    lives: self.lives.clone(),
                    regions: Vec::new(),
                });
            }
            lands[index[top]].regions.push(region);
        }
        lands
    }

    /// The canonical code of a simplified land (one class of [`Drawing::lands`]): see the
    /// module docs. Refused past [`MAX_LETTERS`] letters.
    ///
    /// The least code is searched over every order the refined shapes leave open when there
    /// are at most [`MAX_TIE_ORDERS`] of them (a number that depends on the land alone); a
    /// land with more (many alike parts, such as six loops each around a spot) follows the
    /// first order of each tie. Its code is then still an exact writing of the land, but
    /// another writing of the same land may get another code: the search values such a land
    /// once per code, never wrongly.
    pub fn code(&self) -> Result<Vec<u8>> {
        Canon::new(self)?.run()
    }

    /// Whether [`Drawing::code`] searches every order the shapes leave open, so that every
    /// writing of the land gets the same code (`false`: too many orders, one followed).
    pub fn code_is_unique(&self) -> Result<bool> {
        let canon = Canon::new(self)?;
        Ok([false, true]
            .into_iter()
            .all(|mirror| Canon::ties(&canon.refined(mirror).1) <= MAX_TIE_ORDERS))
    }

    /// The land of a canonical code, its spots numbered in order of appearance.
    pub fn from_code(code: &[u8]) -> Drawing {
        let mut drawing = Drawing::default();
        let mut letters: Vec<Spot> = Vec::new();
        let mut boundary = Vec::new();
        let mut region = Region::default();
        for &symbol in code {
            match symbol {
                END_BOUNDARY => region.boundaries.push(std::mem::take(&mut boundary)),
                END_REGION => drawing.regions.push(std::mem::take(&mut region)),
                SPOT_0 | SPOT_1 | SPOT_2 => {
                    boundary.push(drawing.lives.len() as Spot);
                    drawing.lives.push(3 - symbol);
                }
                letter => {
                    let i = usize::from(letter - LETTER);
                    if i == letters.len() {
                        letters.push(drawing.lives.len() as Spot);
                        drawing.lives.push(1);
                    }
                    boundary.push(letters[i]);
                }
            }
        }
        drawing
    }
}

/// Whether a boundary meets a spot twice.
fn has_repeat(boundary: &[Spot]) -> bool {
    let mut seen = boundary.to_vec();
    seen.sort_unstable();
    seen.windows(2).any(|w| w[0] == w[1])
}

/// Keeps one of two sides of a spot met in a row along a (cyclic) boundary.
fn drop_repeats(boundary: &mut Vec<Spot>) {
    let mut i = 0;
    while boundary.len() >= 2 && i < boundary.len() {
        let next = (i + 1) % boundary.len();
        if boundary[i] == boundary[next] {
            boundary.remove(next);
        } else {
            i += 1;
        }
    }
}

/// The least rotations of `items`: the offsets where the rotation is least, and the rotation.
fn least_rotations(items: &[u32]) -> (Vec<usize>, Vec<u32>) {
    let n = items.len();
    let rotation = |k: usize| items[k..].iter().chain(&items[..k]).copied();
    let mut best = 0;
    let mut offsets = vec![0];
    for k in 1..n {
        match rotation(k).cmp(rotation(best)) {
            Ordering::Less => {
                best = k;
                offsets.clear();
                offsets.push(k);
            }
            Ordering::Equal => offsets.push(k),
            Ordering::Greater => {}
        }
    }
    (offsets, rotation(best).collect())
}

/// The most orders the search for the least code tries (an invariant of the land, see
/// `Canon::ties`); past it one order is followed (see [`Drawing::code`]).
pub const MAX_TIE_ORDERS: u64 = 1 << 12;

/// Rounds of colour refinement before the search.
const REFINE_ROUNDS: usize = 4;

/// One way of reading a region for the canonical search: its boundaries (reversed in the
/// mirror image), their shapes (refined colours, least rotation), and the region's shape.
struct RegionView {
    /// Whether the region is small (its boundaries merged, its spots a multiset).
    small: bool,
    boundaries: Vec<Vec<Spot>>,
    /// Per boundary: its least rotation of colours and the offsets that give it.
    shapes: Vec<(Vec<u32>, Vec<usize>)>,
    /// Boundary indices sorted by shape.
    order: Vec<usize>,
    /// The shapes in order, each ended, and whether small: the region's shape.
    key: Vec<u32>,
    /// Whether a boundary has a letter.
    lettered: Vec<bool>,
    /// Whether the region is small and each of its letters is also in a region that is not:
    /// those regions come first in every order, so its letters are named before it is written
    /// and its code is fixed (equal-shaped ones are then ordered by their codes, which the
    /// search does by pruning, without trying their orders).
    determined: bool,
}

/// The search for the least code of a land.
struct Canon<'a> {
    drawing: &'a Drawing,
    /// Per spot: whether it is a letter (seen twice).
    letter: Vec<bool>,
    /// Per spot: its first colour: its symbol, or one of two letter kinds.
    token: Vec<u32>,
    /// Per spot: whether it is in a region that is not small.
    in_large: Vec<bool>,
    /// The letter names given so far (`u8::MAX`: none), and the spots named, in order.
    names: Vec<u8>,
    named: Vec<Spot>,
    current: Vec<u8>,
    best: Vec<u8>,
    /// The length at which `current` became less than `best` (`None`: equal so far).
    less_at: Option<usize>,
    /// Whether ties are broken by the first candidate only (too many orders to try).
    first_only: bool,
}

/// Colour tokens of letters: seen twice on one boundary, or in two regions.
const LOWER: u32 = 3;
const UPPER: u32 = 4;

/// Ranks of items: equal items equal ranks, in the items' order.
fn ranks<T: Ord + Clone>(items: &[T]) -> Vec<u32> {
    let mut sorted = items.to_vec();
    sorted.sort();
    sorted.dedup();
    items
        .iter()
        .map(|x| sorted.binary_search(x).expect("an item of the list") as u32)
        .collect()
}

impl<'a> Canon<'a> {
    fn new(drawing: &'a Drawing) -> Result<Self> {
        let n = drawing.lives.len();
        let mut count = vec![0u8; n];
        let mut place = vec![(usize::MAX, usize::MAX); n];
        let mut token: Vec<u32> = drawing.lives.iter().map(|&l| 3 - u32::from(l)).collect();
        let mut letter = vec![false; n];
        let mut letters = 0;
        for (r, region) in drawing.regions.iter().enumerate() {
            for (b, boundary) in region.boundaries.iter().enumerate() {
                for &s in boundary {
                    let s = s as usize;
                    count[s] += 1;
                    if count[s] == 2 {
                        letters += 1;
                        letter[s] = true;
                        token[s] = if place[s] == (r, b) { LOWER } else { UPPER };
                    }
                    place[s] = (r, b);
                }
            }
        }
        if letters > MAX_LETTERS {
            return Err(Error::TooLarge(format!(
                "a land with {letters} spots of one life seen twice, more than the {MAX_LETTERS} a code names"
            )));
        }
        let mut in_large = vec![false; n];
        for region in &drawing.regions {
            if drawing.region_lives(region) > SMALL_REGION_LIVES {
                for &s in region.boundaries.iter().flatten() {
                    in_large[s as usize] = true;
                }
            }
        }
        Ok(Canon {
            drawing,
            letter,
            token,
            in_large,
            names: vec![u8::MAX; n],
            named: Vec::new(),
            current: Vec::new(),
            best: Vec::new(),
            less_at: None,
            first_only: false,
        })
    }

    fn is_small(&self, region: &Region) -> bool {
        self.drawing.region_lives(region) <= SMALL_REGION_LIVES
    }

    /// The regions as read with spot colours `colors` (mirrored or not), sorted by shape.
    fn views(&self, colors: &[u32], mirror: bool) -> Vec<RegionView> {
        let mut views: Vec<RegionView> = self
            .drawing
            .regions
            .iter()
            .map(|region| {
                let small = self.is_small(region);
                let mut boundaries = region.boundaries.clone();
                if small {
                    // One boundary whose order does not matter: by colour (letters' order
                    // among themselves is chosen in the search).
                    let mut spots: Vec<Spot> = boundaries.concat();
                    spots.sort_by_key(|&s| colors[s as usize]);
                    boundaries = vec![spots];
                } else if mirror {
                    for b in &mut boundaries {
                        b.reverse();
                    }
                }
                let shapes: Vec<(Vec<u32>, Vec<usize>)> = boundaries
                    .iter()
                    .map(|b| {
                        let c: Vec<u32> = b.iter().map(|&s| colors[s as usize]).collect();
                        match small {
                            true => (c, vec![0]),
                            false => {
                                let (offsets, shape) = least_rotations(&c);
                                (shape, offsets)
                            }
                        }
                    })
                    .collect();
                let mut order: Vec<usize> = (0..boundaries.len()).collect();
                order.sort_by(|&a, &b| shapes[a].0.cmp(&shapes[b].0));
                let mut key = vec![u32::from(small)];
                for &b in &order {
                    key.extend_from_slice(&shapes[b].0);
                    key.push(u32::MAX);
                }
                let lettered = boundaries
                    .iter()
                    .map(|b| b.iter().any(|&s| self.letter[s as usize]))
                    .collect();
                let determined = small
                    && region
                        .boundaries
                        .iter()
                        .flatten()
                        .all(|&s| !self.letter[s as usize] || self.in_large[s as usize]);
                RegionView {
                    small,
                    boundaries,
                    shapes,
                    order,
                    key,
                    lettered,
                    determined,
                }
            })
            .collect();
        views.sort_by(|a, b| a.key.cmp(&b.key));
        views
    }

    /// The spot colours after refinement: a spot's colour joined with the shapes of the
    /// regions it is seen in, a few times over (each round splits classes of spots that look
    /// alike locally but not in their surroundings). Every step depends on the land alone, not
    /// on how it is written, so the colours and the orders they sort are invariants.
    ///
    /// Rounds stop as soon as the orders leave no tie (or the classes stop splitting): the
    /// rule depends on the land alone too, and most lands need no round at all.
    fn refined(&self, mirror: bool) -> (Vec<u32>, Vec<RegionView>) {
        let mut colors = self.token.clone();
        let mut classes = ranks(&colors).iter().max().map_or(0, |m| m + 1);
        let mut views = self.views(&colors, mirror);
        for _ in 0..REFINE_ROUNDS {
            if Self::ties(&views) == 1 {
                break;
            }
            let keys: Vec<Vec<u32>> = views.iter().map(|v| v.key.clone()).collect();
            let region_color = ranks(&keys);
            let mut seen: Vec<Vec<u32>> = vec![Vec::new(); colors.len()];
            for (v, view) in views.iter().enumerate() {
                for &s in view.boundaries.iter().flatten() {
                    seen[s as usize].push(region_color[v]);
                }
            }
            let signatures: Vec<(u32, Vec<u32>)> = colors
                .iter()
                .zip(seen)
                .map(|(&c, mut around)| {
                    around.sort_unstable();
                    (c, around)
                })
                .collect();
            let next = ranks(&signatures);
            let next_classes = next.iter().max().map_or(0, |m| m + 1);
            if next_classes == classes {
                break;
            }
            colors = next;
            classes = next_classes;
            views = self.views(&colors, mirror);
        }
        (colors, views)
    }

    /// How many orders the search would try at most (saturating): the orders of regions and of
    /// boundaries alike in shape (those without letters count once, being written alike), the
    /// least rotations of boundaries with letters, the orders of a small region's letters
    /// (none for a determined region, see [`RegionView::determined`]).
    fn ties(views: &[RegionView]) -> u64 {
        fn factorial(n: usize) -> u64 {
            (1..=n as u64).fold(1u64, |f, k| f.saturating_mul(k))
        }
        fn group_orders(keys: &[&Vec<u32>], lettered: &[bool]) -> u64 {
            let mut product = 1u64;
            let mut i = 0;
            while i < keys.len() {
                let j = (i..keys.len())
                    .find(|&j| keys[j] != keys[i])
                    .unwrap_or(keys.len());
                let with_letters = lettered[i..j].iter().filter(|&&l| l).count();
                let plain = usize::from(with_letters < j - i);
                product = product.saturating_mul(factorial(with_letters + plain));
                i = j;
            }
            product
        }
        let keys: Vec<&Vec<u32>> = views.iter().map(|v| &v.key).collect();
        let region_letters: Vec<bool> = views
            .iter()
            .map(|v| v.lettered.iter().any(|&l| l) && !v.determined)
            .collect();
        let mut product = group_orders(&keys, &region_letters);
        for v in views {
            let shapes: Vec<&Vec<u32>> = v.order.iter().map(|&b| &v.shapes[b].0).collect();
            let lettered: Vec<bool> = v.order.iter().map(|&b| v.lettered[b]).collect();
            product = product.saturating_mul(group_orders(&shapes, &lettered));
            for (b, shape) in v.shapes.iter().enumerate() {
                if v.lettered[b] && !v.determined {
                    let choices = match v.small {
                        true => factorial(v.boundaries[b].len()),
                        false => shape.1.len() as u64,
                    };
                    product = product.saturating_mul(choices);
                }
            }
        }
        product
    }

    fn run(mut self) -> Result<Vec<u8>> {
        let views: Vec<Vec<RegionView>> = [false, true]
            .into_iter()
            .map(|mirror| self.refined(mirror).1)
            .collect();
        self.first_only = views.iter().map(|v| Self::ties(v)).max().unwrap_or(1) > MAX_TIE_ORDERS;
        for views in &views {
            let mut used = vec![false; views.len()];
            self.regions(views, 0, &mut used);
        }
        Ok(self.best)
    }

    /// Appends a symbol; `false` when the code is now above the best one (prune).
    fn push(&mut self, symbol: u8) -> bool {
        let at = self.current.len();
        self.current.push(symbol);
        if self.less_at.is_none() && !self.best.is_empty() {
            match symbol.cmp(&self.best[at]) {
                Ordering::Greater => return false,
                Ordering::Less => self.less_at = Some(at),
                Ordering::Equal => {}
            }
        }
        true
    }

    /// Takes the code back to `len` symbols and `named` letter names.
    fn truncate(&mut self, len: usize, named: usize) {
        self.current.truncate(len);
        if self.less_at.is_some_and(|at| at >= len) {
            self.less_at = None;
        }
        while self.named.len() > named {
            let s = self.named.pop().expect("a name to take back");
            self.names[s as usize] = u8::MAX;
        }
    }

    /// Appends a spot; `false` to prune.
    fn push_spot(&mut self, s: Spot) -> bool {
        let symbol = match self.letter[s as usize] {
            false => 3 - self.drawing.lives[s as usize],
            true => {
                if self.names[s as usize] == u8::MAX {
                    self.names[s as usize] = self.named.len() as u8;
                    self.named.push(s);
                }
                LETTER + self.names[s as usize]
            }
        };
        self.push(symbol)
    }

    /// The regions from the `slot`-th on, each chosen among the unused ones of the slot's shape.
    fn regions(&mut self, views: &[RegionView], slot: usize, used: &mut [bool]) {
        if slot == views.len() {
            if self.best.is_empty() || self.less_at.is_some() {
                self.best = self.current.clone();
                self.less_at = None;
            }
            return;
        }
        let key = &views[slot].key;
        let mut tried_plain = false;
        for r in 0..views.len() {
            if used[r] || views[r].key != *key {
                continue;
            }
            // Regions without letters of the same shape write the same: one is enough.
            if !views[r].lettered.iter().any(|&l| l) {
                if tried_plain {
                    continue;
                }
                tried_plain = true;
            }
            used[r] = true;
            let mut done = vec![false; views[r].boundaries.len()];
            self.boundaries(views, slot, r, 0, &mut done, used);
            used[r] = false;
            if self.first_only {
                break;
            }
        }
    }

    /// The boundaries of region `r` (in slot `slot`) from the `k`-th on.
    fn boundaries(
        &mut self,
        views: &[RegionView],
        slot: usize,
        r: usize,
        k: usize,
        done: &mut [bool],
        used: &mut [bool],
    ) {
        let view = &views[r];
        let (len, named) = (self.current.len(), self.named.len());
        if k == view.boundaries.len() {
            if self.push(END_REGION) {
                self.regions(views, slot + 1, used);
            }
            self.truncate(len, named);
            return;
        }
        let shape = &view.shapes[view.order[k]].0;
        let mut tried_plain = false;
        for b in 0..view.boundaries.len() {
            if done[b] || view.shapes[b].0 != *shape {
                continue;
            }
            let boundary = &view.boundaries[b];
            let plain = !view.lettered[b];
            if plain {
                if tried_plain {
                    continue;
                }
                tried_plain = true;
            }
            done[b] = true;
            if view.small {
                self.small_boundary(views, slot, r, k, done, used, boundary);
            } else {
                let offsets: &[usize] = match plain || self.first_only {
                    true => &view.shapes[b].1[..1],
                    false => &view.shapes[b].1,
                };
                for &offset in offsets {
                    let n = boundary.len();
                    let fits = (0..n).all(|i| self.push_spot(boundary[(offset + i) % n]))
                        && self.push(END_BOUNDARY);
                    if fits {
                        self.boundaries(views, slot, r, k + 1, done, used);
                    }
                    self.truncate(len, named);
                }
            }
            done[b] = false;
            if self.first_only {
                break;
            }
        }
    }

    /// The one boundary of a small region: generic spots by symbol, then the letters named
    /// already by name, then the new ones in every order (by colour, in the first order only
    /// when there are too many orders to try).
    #[allow(clippy::too_many_arguments)]
    fn small_boundary(
        &mut self,
        views: &[RegionView],
        slot: usize,
        r: usize,
        k: usize,
        done: &mut [bool],
        used: &mut [bool],
        spots: &[Spot],
    ) {
        let (len, named) = (self.current.len(), self.named.len());
        let (letters, mut generic): (Vec<Spot>, Vec<Spot>) =
            spots.iter().partition(|&&s| self.letter[s as usize]);
        generic.sort_by_key(|&s| 3 - self.drawing.lives[s as usize]);
        let (mut old, new): (Vec<Spot>, Vec<Spot>) = letters
            .into_iter()
            .partition(|&s| self.names[s as usize] != u8::MAX);
        old.sort_by_key(|&s| self.names[s as usize]);
        let fits =
            generic.iter().all(|&s| self.push_spot(s)) && old.iter().all(|&s| self.push_spot(s));
        if fits {
            let before = (self.current.len(), self.named.len());
            let orders = match self.first_only {
                true => vec![new.clone()],
                false => permutations(&new),
            };
            for order in orders {
                if order.iter().all(|&s| self.push_spot(s)) && self.push(END_BOUNDARY) {
                    self.boundaries(views, slot, r, k + 1, done, used);
                }
                self.truncate(before.0, before.1);
            }
        }
        self.truncate(len, named);
    }
}

/// Every order of a few items (a small region has at most three letters).
fn permutations(items: &[Spot]) -> Vec<Vec<Spot>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut all = Vec::new();
    for i in 0..items.len() {
        let mut rest = items.to_vec();
        let first = rest.remove(i);
        for mut tail in permutations(&rest) {
            tail.insert(0, first);
            all.push(tail);
        }
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A drawing from regions written as lists of boundaries of spot numbers, with lives.
    fn drawing(lives: &[u8], regions: &[&[&[Spot]]]) -> Drawing {
        Drawing {
            lives: lives.to_vec(),
            regions: regions
                .iter()
                .map(|r| Region {
                    boundaries: r.iter().map(|b| b.to_vec()).collect(),
                })
                .collect(),
        }
    }

    #[test]
    fn dead_spots_empty_boundaries_and_unplayable_regions_go() {
        // Spot 0 is dead; region 2 holds one life only.
        let mut d = drawing(&[0, 2, 1, 1, 3], &[&[&[0, 1, 0, 2], &[4]], &[&[3]]]);
        d.simplify();
        assert_eq!(d.regions.len(), 1);
        assert_eq!(d.regions[0].boundaries, vec![vec![1, 2], vec![4]]);
    }

    #[test]
    fn small_regions_merge_their_boundaries_and_repeats_go() {
        let mut d = drawing(&[2, 1], &[&[&[1], &[0]]]);
        d.simplify();
        assert_eq!(d.regions[0].boundaries, vec![vec![0, 1]]);
        // A spot of one life seen twice in a row along a boundary of a large region.
        let mut d = drawing(&[1, 3, 3], &[&[&[0, 0], &[1], &[2]]]);
        d.simplify();
        assert_eq!(d.regions[0].boundaries, vec![vec![0], vec![1], vec![2]]);
        let mut d = drawing(&[1, 2, 2, 1], &[&[&[0, 1, 2, 3, 0]]]);
        d.simplify();
        assert_eq!(d.regions[0].boundaries, vec![vec![1, 2, 3, 0]]);
    }

    #[test]
    fn lands_are_classes_of_regions_sharing_spots() {
        let d = drawing(
            &[1, 1, 3, 3],
            &[&[&[0, 1]], &[&[2]], &[&[0, 1]], &[&[3], &[2]]],
        );
        let lands = d.lands();
        assert_eq!(lands.len(), 2);
        assert_eq!(lands[0].regions.len(), 2);
        assert_eq!(lands[1].regions.len(), 2);
    }

    #[test]
    fn codes_do_not_depend_on_how_the_land_is_written() {
        // Two regions sharing spots A and B (one life each), a third spot of two lives.
        let a = drawing(&[1, 1, 2, 3], &[&[&[0, 2, 1], &[3]], &[&[1, 0]]]);
        // The same with spots renumbered, regions and boundaries reordered, rotated.
        let b = drawing(&[3, 2, 1, 1], &[&[&[2, 3]], &[&[0], &[3, 2, 1]]]);
        // Its mirror image.
        let c = drawing(&[1, 1, 2, 3], &[&[&[1, 2, 0], &[3]], &[&[0, 1]]]);
        let code = a.code().unwrap();
        assert_eq!(b.code().unwrap(), code);
        assert_eq!(c.code().unwrap(), code);
        // Decoding and coding again gives the code back.
        assert_eq!(Drawing::from_code(&code).code().unwrap(), code);
        // A different land: the spot of two lives on the other side.
        let d = drawing(&[1, 1, 2, 3], &[&[&[0, 1], &[3]], &[&[1, 2, 0]]]);
        assert_ne!(d.code().unwrap(), code);
    }
}
