//! The moves of a land: where a curve can be drawn and what it leaves.
//!
//! A move draws a curve inside one region from a side of a spot to a side of a spot (the same
//! side for a loop) and puts a new spot `z`, with one life, on it. With `x` and `y` the ends:
//!
//! - **Two boundaries joined.** `x` and `y` lie on different boundaries of the region: the
//!   curve merges them into one, walked `x, (rest of x's boundary), x, z, y, (rest of y's
//!   boundary), y, z`. A spot with no curve yet (three lives) has one side that the curve does
//!   not cut, so it appears once instead of twice.
//! - **A region split.** `x` and `y` lie on the same boundary, `x, S, y, T` in its order: the
//!   curve closes it into two regions, walked `x, S, y, z` and `y, T, x, z`; every other
//!   boundary of the region goes to one side or the other, in every way.
//! - **A loop.** From a side of a spot with two lives or more back to it: inside the loop
//!   `x, z`; outside `x, S, x, z` (`S` the rest of the boundary; a spot that had no curve is
//!   then met once on each side); the other boundaries again in every way.
//!
//! The curve takes a life from each end (two from a loop's spot). Boundaries of a region that
//! are alike and carry no letter (shared spots) are interchangeable, so only how many of them
//! go to a side is chosen, and a curve from one of them stands for all.

use std::collections::HashSet;

use super::land::{Drawing, Region, Spot};
use crate::Result;

/// Where a curve goes: its region, the sides it joins (boundary, index along it), and the other
/// boundaries on the first side of a split (`x, S, y, z`; inside a loop).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Curve {
    /// The region, by index.
    pub region: usize,
    /// The side the curve starts from.
    pub from: (usize, usize),
    /// The side it ends at (`from` for a loop).
    pub to: (usize, usize),
    /// For a split or a loop: the other boundaries that go to the first side.
    pub first_side: Vec<usize>,
}

impl Curve {
    /// Whether the curve joins two boundaries into one.
    pub fn joins_boundaries(&self) -> bool {
        self.from.0 != self.to.0
    }

    /// Whether the curve is a loop.
    pub fn is_loop(&self) -> bool {
        self.from == self.to
    }
}

/// Per boundary of a region: the first boundary alike and without letters (itself if none).
fn classes(drawing: &Drawing, region: &Region) -> Vec<usize> {
    let mut count = vec![0u8; drawing.lives.len()];
    for s in drawing
        .regions
        .iter()
        .flat_map(|r| r.boundaries.iter().flatten())
    {
        count[*s as usize] += 1;
    }
    let plain = |b: &[Spot]| b.iter().all(|&s| count[s as usize] == 1);
    let symbols =
        |b: &[Spot]| -> Vec<u8> { b.iter().map(|&s| drawing.lives[s as usize]).collect() };
    let boundaries = &region.boundaries;
    (0..boundaries.len())
        .map(|b| {
            if !plain(&boundaries[b]) {
                return b;
            }
            (0..b)
                .find(|&j| {
                    plain(&boundaries[j]) && symbols(&boundaries[j]) == symbols(&boundaries[b])
                })
                .unwrap_or(b)
        })
        .collect()
}

/// Every way of sending the boundaries `others` to the first side, up to interchangeable ones
/// (`class` of each boundary).
fn distributions(others: &[usize], class: &[usize]) -> Vec<Vec<usize>> {
    // The classes among `others`, each with its members.
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &b in others {
        match groups.iter_mut().find(|g| class[g[0]] == class[b]) {
            Some(g) => g.push(b),
            None => groups.push(vec![b]),
        }
    }
    let mut out = vec![Vec::new()];
    for group in &groups {
        let mut next = Vec::with_capacity(out.len() * (group.len() + 1));
        for chosen in &out {
            for take in 0..=group.len() {
                let mut c = chosen.clone();
                c.extend_from_slice(&group[..take]);
                next.push(c);
            }
        }
        out = next;
    }
    out
}

/// Every curve of a land, up to interchangeable boundaries (see the module docs).
pub fn curves(drawing: &Drawing) -> Vec<Curve> {
    let mut out = Vec::new();
    for (r, region) in drawing.regions.iter().enumerate() {
        let class = classes(drawing, region);
        let boundaries = &region.boundaries;
        let m = boundaries.len();
        for b1 in (0..m).filter(|&b| class[b] == b) {
            let others: Vec<usize> = (0..m).filter(|&b| b != b1).collect();
            let sides = distributions(&others, &class);
            for k1 in 0..boundaries[b1].len() {
                let x = boundaries[b1][k1];
                let split = |to: (usize, usize), out: &mut Vec<Curve>| {
                    for side in &sides {
                        out.push(Curve {
                            region: r,
                            from: (b1, k1),
                            to,
                            first_side: side.clone(),
                        });
                    }
                };
                if drawing.lives[x as usize] >= 2 {
                    split((b1, k1), &mut out);
                }
                for (k2, &y) in boundaries[b1].iter().enumerate().skip(k1 + 1) {
                    if y != x {
                        split((b1, k2), &mut out);
                    }
                }
                for b2 in b1 + 1..m {
                    // Another class through its first boundary; the same class through the
                    // next boundary of it.
                    let next_of_own =
                        class[b2] == class[b1] && !(b1 + 1..b2).any(|j| class[j] == class[b1]);
                    if class[b2] == b2 || next_of_own {
                        for k2 in 0..boundaries[b2].len() {
                            out.push(Curve {
                                region: r,
                                from: (b1, k1),
                                to: (b2, k2),
                                first_side: Vec::new(),
                            });
                        }
                    }
                }
            }
        }
    }
    out
}

/// The drawing after `curve` (not simplified): the new spot is the last.
pub fn draw(drawing: &Drawing, curve: &Curve) -> Drawing {
    let mut d = drawing.clone();
    let z = d.lives.len() as Spot;
    d.lives.push(1);
    let region = &drawing.regions[curve.region];
    let (b1, k1) = curve.from;
    let (b2, k2) = curve.to;
    let rotated = |b: usize, k: usize| -> Vec<Spot> {
        let boundary = &region.boundaries[b];
        boundary[k..]
            .iter()
            .chain(&boundary[..k])
            .copied()
            .collect()
    };
    let x = region.boundaries[b1][k1];
    let y = region.boundaries[b2][k2];
    // A spot with no curve yet has one side the curve does not cut: met once, not twice.
    let fresh = |s: Spot| drawing.lives[s as usize] == 3;
    if curve.joins_boundaries() {
        let mut merged = rotated(b1, k1);
        if !fresh(x) {
            merged.push(x);
        }
        merged.push(z);
        merged.extend(rotated(b2, k2));
        if !fresh(y) {
            merged.push(y);
        }
        merged.push(z);
        let mut boundaries: Vec<Vec<Spot>> = region
            .boundaries
            .iter()
            .enumerate()
            .filter(|&(b, _)| b != b1 && b != b2)
            .map(|(_, b)| b.clone())
            .collect();
        boundaries.push(merged);
        d.regions[curve.region] = Region { boundaries };
        d.lives[x as usize] -= 1;
        d.lives[y as usize] -= 1;
        return d;
    }
    let (mut first, mut second) = if curve.is_loop() {
        let outside = match fresh(x) {
            true => vec![x, z],
            false => {
                let mut o = rotated(b1, k1);
                o.extend([x, z]);
                o
            }
        };
        d.lives[x as usize] -= 2;
        (vec![vec![x, z]], vec![outside])
    } else {
        let around = rotated(b1, k1);
        let j = (k2 + region.boundaries[b1].len() - k1) % region.boundaries[b1].len();
        let mut one: Vec<Spot> = around[..=j].to_vec();
        one.push(z);
        let mut two: Vec<Spot> = around[j..].to_vec();
        two.extend([x, z]);
        d.lives[x as usize] -= 1;
        d.lives[y as usize] -= 1;
        (vec![one], vec![two])
    };
    for (b, boundary) in region.boundaries.iter().enumerate() {
        if b == b1 {
            continue;
        }
        match curve.first_side.contains(&b) {
            true => first.push(boundary.clone()),
            false => second.push(boundary.clone()),
        }
    }
    d.regions[curve.region] = Region { boundaries: first };
    d.regions.push(Region { boundaries: second });
    d
}

/// The lands a curve leaves, each as its canonical code, sorted.
pub fn result(drawing: &Drawing, curve: &Curve) -> Result<Vec<Vec<u8>>> {
    super::land_codes(draw(drawing, curve))
}

/// The distinct options of a land, each with the first curve that leads to it.
pub fn options(drawing: &Drawing) -> Result<Vec<(Vec<Vec<u8>>, Curve)>> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for curve in curves(drawing) {
        let codes = result(drawing, &curve)?;
        if seen.insert(codes.clone()) {
            out.push((codes, curve));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_spots_have_three_first_moves() {
        // A loop around no spot (or both: the same on the sphere), a loop around one, and a
        // curve joining two spots (Gardner 1967; Applegate, Jacobson and Sleator 1991).
        let options = options(&Drawing::start(3)).unwrap();
        assert_eq!(options.len(), 3);
        assert_eq!(options.iter().filter(|(_, c)| c.is_loop()).count(), 2);
    }

    #[test]
    fn one_spot_lasts_two_moves() {
        // The loop leaves two regions sharing the spot and the new one, each with one life:
        // one more curve, in either region, ends the game.
        let start = Drawing::start(1);
        let first = options(&start).unwrap();
        assert_eq!(first.len(), 1);
        let (lands, _) = &first[0];
        assert_eq!(lands.len(), 1);
        let second = options(&Drawing::from_code(&lands[0])).unwrap();
        assert_eq!(second.len(), 1);
        assert!(second[0].0.is_empty());
    }
}
