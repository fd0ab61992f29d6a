//! A second, deliberately plain Sprouts for the tests: the drawing as a planar map (each spot's
//! curves in their order around it), faces traced from the map, every curve of every region
//! drawn (every pair of corners, every way of sharing the other boundaries), nothing dropped or
//! simplified, no canonical form. It shares nothing with `land.rs` and `moves.rs` but the
//! conversion to a [`Drawing`] at the end, which the tests hand to the canonical form.

use std::collections::HashMap;

use super::land::{Drawing, Region};

/// A boundary of a region: a face of one connected piece, named by one of its darts, or a spot
/// with no curve.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Face {
    /// The face on the left of a dart.
    Dart(usize),
    /// A spot with no curve at it.
    Alone(usize),
}

/// A drawing: spots, curves as pairs of darts (dart `2e` from `from[e]`, `2e + 1` back), and
/// each spot's darts in their order around it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Map {
    /// The spot each dart leaves.
    origin: Vec<usize>,
    /// Per spot, its darts in anticlockwise order.
    around: Vec<Vec<usize>>,
    /// The regions, each the faces that bound it.
    regions: Vec<Vec<Face>>,
}

/// A corner of a face: the spot, and the dart it is before in the spot's order (`None` for a
/// spot with no curve).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Corner {
    spot: usize,
    before: Option<usize>,
}

/// A map's memo key: the lives of its spots and its faces' spots ([`Map::key`]).
pub type MapKey = (Vec<u8>, Vec<Vec<Vec<u32>>>);

impl Map {
    /// `p` spots in one region.
    pub fn start(p: usize) -> Map {
        Map {
            origin: Vec::new(),
            around: vec![Vec::new(); p],
            regions: vec![(0..p).map(Face::Alone).collect()],
        }
    }

    fn lives(&self, spot: usize) -> usize {
        3 - self.around[spot].len()
    }

    /// The dart after `d` along its face: from the end of `d`, the dart after the way back.
    fn next(&self, d: usize) -> usize {
        let back = d ^ 1;
        let at = &self.around[self.origin[back]];
        let i = at
            .iter()
            .position(|&x| x == back)
            .expect("a dart is around its spot");
        at[(i + 1) % at.len()]
    }

    /// The corners of a face in order.
    fn corners(&self, face: Face) -> Vec<Corner> {
        match face {
            Face::Alone(s) => vec![Corner {
                spot: s,
                before: None,
            }],
            Face::Dart(start) => {
                let mut out = Vec::new();
                let mut d = start;
                loop {
                    out.push(Corner {
                        spot: self.origin[d],
                        before: Some(d),
                    });
                    d = self.next(d);
                    if d == start {
                        return out;
                    }
                }
            }
        }
    }

    /// Puts dart `d` in `corner`.
    fn insert(&mut self, corner: Corner, d: usize) {
        let at = &mut self.around[corner.spot];
        match corner.before {
            None => at.push(d),
            Some(b) => {
                let i = at
                    .iter()
                    .position(|&x| x == b)
                    .expect("a dart is around its spot");
                at.insert(i, d);
            }
        }
    }

    /// Every map one curve leads to, from every pair of corners of every region, with every
    /// sharing of the other faces.
    pub fn moves(&self) -> Vec<Map> {
        let mut out = Vec::new();
        for (r, region) in self.regions.iter().enumerate() {
            let corners: Vec<(usize, Corner)> = region
                .iter()
                .enumerate()
                .flat_map(|(f, &face)| self.corners(face).into_iter().map(move |c| (f, c)))
                .collect();
            for i in 0..corners.len() {
                for j in i..corners.len() {
                    let ((f1, c1), (f2, c2)) = (corners[i], corners[j]);
                    // A loop needs two lives at its corner's spot; a curve between two corners
                    // needs a life at each end, and two corners of one spot mean two curves at
                    // it already (one life at most).
                    let allowed = match i == j {
                        true => self.lives(c1.spot) >= 2,
                        false => {
                            c1.spot != c2.spot
                                && self.lives(c1.spot) >= 1
                                && self.lives(c2.spot) >= 1
                        }
                    };
                    if !allowed {
                        continue;
                    }
                    out.extend(self.curve(r, (f1, c1), (f2, c2)));
                }
            }
        }
        out
    }

    /// The maps a curve from corner `a` to corner `b` of region `r` leads to.
    fn curve(&self, r: usize, a: (usize, Corner), b: (usize, Corner)) -> Vec<Map> {
        let mut m = self.clone();
        let z = m.around.len();
        m.around.push(Vec::new());
        // Curve x - z (darts e0 = x->z, e0+1) and z - y (darts e0+2 = z->y, e0+3).
        let e0 = m.origin.len();
        m.origin.extend([a.1.spot, z, z, b.1.spot]);
        m.around[z] = vec![e0 + 1, e0 + 2];
        m.insert(a.1, e0);
        // At the same corner (a loop) the second end goes after the first.
        let second = match a == b {
            true => Corner {
                spot: a.1.spot,
                before: a.1.before,
            },
            false => b.1,
        };
        m.insert(second, e0 + 3);
        let faces = &self.regions[r];
        let others: Vec<Face> = faces
            .iter()
            .enumerate()
            .filter(|&(f, _)| f != a.0 && f != b.0)
            .map(|(_, &f)| f)
            .collect();
        if a.0 != b.0 {
            // Two faces joined into one.
            let mut region = others;
            region.push(Face::Dart(e0));
            m.regions[r] = region;
            return vec![m];
        }
        let mut out = Vec::new();
        for mask in 0u64..1 << others.len() {
            let mut m = m.clone();
            let (mut one, mut two) = (vec![Face::Dart(e0)], vec![Face::Dart(e0 + 3)]);
            for (k, &f) in others.iter().enumerate() {
                match mask >> k & 1 {
                    1 => one.push(f),
                    _ => two.push(f),
                }
            }
            m.regions[r] = one;
            m.regions.push(two);
            out.push(m);
        }
        out
    }

    /// The drawing of the map for the canonical form: each face as the spots of its corners.
    pub fn drawing(&self) -> Drawing {
        Drawing {
            lives: (0..self.around.len())
                .map(|s| self.lives(s) as u8)
                .collect(),
            regions: self
                .regions
                .iter()
                .map(|faces| Region {
                    boundaries: faces
                        .iter()
                        .map(|&f| self.corners(f).iter().map(|c| c.spot as u32).collect())
                        .collect(),
                })
                .collect(),
        }
    }

    /// The map's faces as they are traced (regions and faces in their order, each face from
    /// its named dart), spots renumbered by first appearance: a key for memos, with no symmetry
    /// (maps reached by moves in another order often meet, nothing more).
    pub fn key(&self) -> MapKey {
        let mut number = vec![u32::MAX; self.around.len()];
        let mut lives = Vec::new();
        let regions = self
            .regions
            .iter()
            .map(|faces| {
                faces
                    .iter()
                    .map(|&f| {
                        self.corners(f)
                            .iter()
                            .map(|c| {
                                if number[c.spot] == u32::MAX {
                                    number[c.spot] = lives.len() as u32;
                                    lives.push(self.lives(c.spot) as u8);
                                }
                                number[c.spot]
                            })
                            .collect()
                    })
                    .collect()
            })
            .collect();
        (lives, regions)
    }

    /// The value by the definition, memoised on [`Map::key`].
    pub fn value(&self, memo: &mut HashMap<MapKey, u64>) -> u64 {
        let key = self.key();
        if let Some(&v) = memo.get(&key) {
            return v;
        }
        let options: Vec<u64> = self.moves().iter().map(|m| m.value(memo)).collect();
        let v = crate::solve::mex(options);
        memo.insert(key, v);
        v
    }

    /// The misère outcome by the definition (whether the player to move wins), memoised on
    /// [`Map::key`].
    pub fn misere_wins(&self, memo: &mut HashMap<MapKey, bool>) -> bool {
        let key = self.key();
        if let Some(&w) = memo.get(&key) {
            return w;
        }
        let moves = self.moves();
        let w = moves.is_empty() || moves.iter().any(|m| !m.misere_wins(memo));
        memo.insert(key, w);
        w
    }
}
