//! Nim as a cellular automaton (Khovanova and Xiong, *Nim Fractals*, Sections 5.2 and 5.4).
//!
//! A P-position `P1` is a *parent* of `P2` when `P2` has two more counters, one more in each of
//! two piles. Starting from the zero position, the children of the living positions are born at
//! each step, so the P-positions born at step `n` are exactly those with total `2n`: the
//! *generation* is half the total, and `D_k(n)` counts a generation.
//!
//! - Lemma 19: the parents of `P` subtract 1 from two non-empty piles with the same number of
//!   trailing zeros (`p XOR (p - 1) = 2^{t+1} - 1` must be equal for both piles).
//! - Lemma 21: the children add 1 to two piles with the same number of trailing ones.
//! - Corollary 20: with 3 piles every non-zero P-position has exactly one parent; with 4 piles
//!   the number of parents (and of children) is 1, 2 or 6 (Section 5.5, Table 1).
//! - Theorem 23: with 3 piles the evolution is three branches (N, E, W) of the Ulam–Warburton
//!   automaton ([`UlamWarburton`]); [`to_cell`] and [`from_cell`] are the explicit bijection.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::{Error, Result};

/// Whether the piles have nim-sum 0.
pub fn is_p_position(piles: &[u64]) -> bool {
    piles.iter().fold(0, |x, &p| x ^ p) == 0
}

/// The total number of counters (exact: it may exceed `u64`).
pub fn total(piles: &[u64]) -> u128 {
    piles.iter().map(|&p| u128::from(p)).sum()
}

/// The generation in which a P-position is born: half its total.
pub fn generation(piles: &[u64]) -> Result<u128> {
    if !is_p_position(piles) {
        return Err(Error::Position(format!(
            "{piles:?} is not a P-position (its nim-sum is not 0)"
        )));
    }
    Ok(total(piles) / 2)
}

/// The parents of a P-position by Lemma 19: subtract 1 from two non-empty piles with the same
/// number of trailing zeros. Pairs `i < j`, in order.
pub fn parents(piles: &[u64]) -> Vec<Vec<u64>> {
    pairs(piles, |p| (p > 0).then(|| p.trailing_zeros()), |p| p - 1)
}

/// The children of a P-position by Lemma 21: add 1 to two piles with the same number of
/// trailing ones. Errors if a pile would exceed `u64`.
pub fn children(piles: &[u64]) -> Result<Vec<Vec<u64>>> {
    if piles.contains(&u64::MAX) {
        return Err(Error::Overflow(
            "a pile of 2^64 - 1 has no child that fits in 64 bits".into(),
        ));
    }
    Ok(pairs(piles, |p| Some(p.trailing_ones()), |p| p + 1))
}

fn pairs(
    piles: &[u64],
    key: impl Fn(u64) -> Option<u32>,
    step: impl Fn(u64) -> u64,
) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for i in 0..piles.len() {
        for j in i + 1..piles.len() {
            if let (Some(a), Some(b)) = (key(piles[i]), key(piles[j])) {
                if a == b {
                    let mut next = piles.to_vec();
                    next[i] = step(piles[i]);
                    next[j] = step(piles[j]);
                    out.push(next);
                }
            }
        }
    }
    out
}

/// The most steps [`evolve`] may take (P-positions times `k^3`), a few seconds.
pub const MAX_EVOLVE_WORK: u64 = 1 << 30;

/// The generations `0..=last` of the k-pile automaton: `result[n]` lists the P-positions born at
/// step `n` (sorted), found by taking the children of the previous generation. At most
/// `max_positions` P-positions are kept, fewer with more than four piles (at most
/// `4 * max_positions` pile sizes in all).
pub fn evolve(piles: usize, last: u64, max_positions: usize) -> Result<Vec<Vec<Vec<u64>>>> {
    if piles == 0 {
        return Err(Error::Invalid(
            "the number of piles must be at least 1".into(),
        ));
    }
    let max_positions = max_positions.saturating_mul(4) / piles.max(4);
    // One list per generation and A_k(last) P-positions will be stored: refuse at once when
    // that is too many (with one pile every generation after 0 is empty, but still a list).
    if last >= max_positions as u64 {
        return Err(Error::TooLarge(format!(
            "{last} generations: at most {} are kept (one list each)",
            max_positions - 1
        )));
    }
    let needed = super::nim::total_at_most(piles, u128::from(last))?;
    if needed > max_positions.into() {
        return Err(Error::TooLarge(format!(
            "generations 0..={last} of {piles}-pile Nim hold {needed} P-positions, more than the {max_positions} kept for {piles} piles"
        )));
    }
    // Each P-position's children take about k^3 steps (pairs of piles, each a copy).
    let work = needed.clone() * num_bigint::BigUint::from(piles).pow(3);
    if work > num_bigint::BigUint::from(MAX_EVOLVE_WORK) {
        return Err(Error::TooLarge(format!(
            "generations 0..={last} of {piles}-pile Nim hold {needed} P-positions, whose children take about {work} steps, more than the {MAX_EVOLVE_WORK} allowed"
        )));
    }
    let mut generations = vec![vec![vec![0u64; piles]]];
    let mut stored = 1usize;
    for n in 1..=last {
        let mut born = Vec::new();
        for p in generations.last().expect("generation 0 exists") {
            born.extend(children(p)?);
        }
        born.sort_unstable();
        born.dedup();
        stored += born.len();
        if stored > max_positions {
            return Err(Error::TooLarge(format!(
                "generations 0..={n} of {piles}-pile Nim hold more than {max_positions} P-positions"
            )));
        }
        generations.push(born);
    }
    Ok(generations)
}

/// P-positions with a given number of parents and of children.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Kinship {
    /// The number of parents.
    pub parents: usize,
    /// The number of children.
    pub children: usize,
    /// How many P-positions (ordered tuples) of generations `1..=last` have them.
    pub count: u64,
    /// The first one with piles in non-decreasing order, by total then lexicographically.
    pub example: Option<Vec<u64>>,
}

/// Counts the non-zero P-positions of generations `1..=last` by (parents, children).
pub fn kinship_table(generations: &[Vec<Vec<u64>>]) -> Result<Vec<Kinship>> {
    let mut table: BTreeMap<(usize, usize), Kinship> = BTreeMap::new();
    for positions in generations.iter().skip(1) {
        for p in positions {
            let key = (parents(p).len(), children(p)?.len());
            let entry = table.entry(key).or_insert(Kinship {
                parents: key.0,
                children: key.1,
                count: 0,
                example: None,
            });
            entry.count += 1;
            if entry.example.is_none() && p.windows(2).all(|w| w[0] <= w[1]) {
                entry.example = Some(p.clone());
            }
        }
    }
    Ok(table.into_values().collect())
}

/// Table 1 of the paper: four-pile P-positions printed as examples of (parents, children).
pub const TABLE_1: [([u64; 4], usize, usize); 9] = [
    ([0, 1, 2, 3], 1, 1),
    ([0, 0, 1, 1], 1, 2),
    ([0, 0, 2, 2], 1, 6),
    ([0, 1, 4, 5], 2, 1),
    ([1, 1, 2, 2], 2, 2),
    ([2, 2, 4, 4], 2, 6),
    ([1, 3, 5, 7], 6, 1),
    ([1, 1, 3, 3], 6, 2),
    ([1, 1, 1, 1], 6, 6),
];

/// A cell of the plane grid.
pub type Cell = (i128, i128);

/// Which way the turns of Theorem 23 go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Turns {
    /// As in the paper's worked example ((14,11,5) -> (10,-3)): going from the pair of piles
    /// without pile `m` to the pair without pile `m + 1 (mod 3)` turns left.
    AsInTheExample,
    /// As in the paper's list of left and right turns, which is the mirror image of its example:
    /// (0,1,1) -> (1,1,0), i.e. from the pair without pile 1 to the pair without pile 3, is left.
    AsListed,
}

/// A direction of the grid: 0 East, 1 North, 2 West, 3 South (a left turn adds 1).
type Direction = u8;

const EAST: Direction = 0;
const NORTH: Direction = 1;
const WEST: Direction = 2;

fn left(d: Direction) -> Direction {
    (d + 1) % 4
}

fn right(d: Direction) -> Direction {
    (d + 3) % 4
}

/// `at + 2^r` steps in direction `d` (no multiplications: this runs millions of times in tests).
fn walk(at: Cell, d: Direction, r: u32) -> Cell {
    let step = 1i128 << r;
    match d {
        EAST => (at.0 + step, at.1),
        NORTH => (at.0, at.1 + step),
        WEST => (at.0 - step, at.1),
        _ => (at.0, at.1 - step),
    }
}

/// The coordinate of `at` along `d` and the absolute value of the other one.
fn forward_lateral(at: Cell, d: Direction) -> (i128, i128) {
    match d {
        EAST => (at.0, at.1.abs()),
        NORTH => (at.1, at.0.abs()),
        WEST => (-at.0, at.1.abs()),
        _ => (-at.1, at.0.abs()),
    }
}

/// The first direction of a walk whose first pair of piles leaves out pile `missing`:
/// (0,1,1) West, (1,0,1) North, (1,1,0) East, as the paper places generation 1.
fn first_direction(missing: usize) -> Direction {
    [WEST, NORTH, EAST][missing]
}

/// The Ulam–Warburton cell of a three-pile P-position (Theorem 23, with the example's turns).
///
/// Each bit `2^r` of the generation `n` is present in exactly two piles; reading the bits from
/// the top, the walk moves `2^r` steps, straight on while the pair of piles stays the same and
/// turning left or right when it changes.
///
/// ```
/// use grundy::nim_fractals::automaton::to_cell;
/// assert_eq!(to_cell([14, 11, 5]).unwrap(), (10, -3));
/// ```
pub fn to_cell(piles: [u64; 3]) -> Result<Cell> {
    to_cell_with(piles, Turns::AsInTheExample)
}

/// [`to_cell`] with a choice of turn convention.
pub fn to_cell_with(piles: [u64; 3], turns: Turns) -> Result<Cell> {
    let mut at: Cell = (0, 0);
    legs(piles, turns, |r, _, direction| at = walk(at, direction, r))?;
    Ok(at)
}

/// One straight piece of the walk of Theorem 23.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Leg {
    /// How many steps (a power of 2, one bit of the generation).
    pub steps: u128,
    /// "N", "E", "S" or "W".
    pub direction: &'static str,
    /// The two piles this bit is in (1) and the one it is not in (0).
    pub piles: [u8; 3],
}

/// The walk from the origin to the cell of a three-pile P-position, one leg per bit of its
/// generation (legs with the same pair of piles are kept apart, as in the paper's example).
pub fn walk_of(piles: [u64; 3]) -> Result<Vec<Leg>> {
    let mut out = Vec::new();
    legs(piles, Turns::AsInTheExample, |r, missing, direction| {
        let mut pair = [1u8; 3];
        pair[missing] = 0;
        out.push(Leg {
            steps: 1 << r,
            direction: ["E", "N", "W", "S"][direction as usize],
            piles: pair,
        });
    })?;
    Ok(out)
}

/// Calls `visit(r, missing, direction)` for each bit `2^r` of the generation, from the top:
/// the pile without the bit and the direction the walk takes.
fn legs(piles: [u64; 3], turns: Turns, mut visit: impl FnMut(u32, usize, Direction)) -> Result<()> {
    let mut n = generation(&piles)?;
    let mut heading: Option<(usize, Direction)> = None;
    while n != 0 {
        let r = 127 - n.leading_zeros();
        n ^= 1 << r;
        let missing = if piles[0] >> r & 1 == 0 {
            0
        } else if piles[1] >> r & 1 == 0 {
            1
        } else {
            2
        };
        let direction = match heading {
            None => first_direction(missing),
            Some((m, d)) if m == missing => d,
            Some((m, d)) => {
                let turns_left = (missing == (m + 1) % 3) == (turns == Turns::AsInTheExample);
                if turns_left {
                    left(d)
                } else {
                    right(d)
                }
            }
        };
        heading = Some((missing, direction));
        visit(r, missing, direction);
    }
    Ok(())
}

/// The three-pile P-position of a cell of the three branches (the inverse of [`to_cell`]);
/// `Ok(None)` when the cell is not a cell of the automaton.
///
/// The walk is read back from its first step: a walk starting with `2^r` steps East ends with
/// `x > |y|` and `2^r <= x + |y| < 2^{r+1}`, because the rest of the walk is shorter than `2^r`
/// and never starts by going back; the same holds for every later step in the frame of the
/// previous direction.
///
/// ```
/// use grundy::nim_fractals::automaton::from_cell;
/// assert_eq!(from_cell((10, -3)).unwrap(), Some([14, 11, 5]));
/// assert_eq!(from_cell((1, 1)).unwrap(), None);
/// ```
pub fn from_cell(cell: Cell) -> Result<Option<[u64; 3]>> {
    let mut rest = cell;
    let mut piles = [0u128; 3];
    // The previous step: its length exponent, direction and the pile it left out.
    let mut previous: Option<(u32, Direction, usize)> = None;
    while rest != (0, 0) {
        let allowed = match previous {
            None => [WEST, NORTH, EAST],
            Some((_, d, _)) => [d, left(d), right(d)],
        };
        let mut step = None;
        for (choice, &d) in allowed.iter().enumerate() {
            let (forward, lateral) = forward_lateral(rest, d);
            if forward > lateral {
                step = Some((choice, d, forward + lateral));
                break;
            }
        }
        let Some((choice, d, reach)) = step else {
            return Ok(None);
        };
        let r = 127 - (reach as u128).leading_zeros();
        let missing = match previous {
            Some((previous_r, _, _)) if r >= previous_r => return Ok(None),
            // The first step: West, North, East leave out piles 1, 2, 3.
            None => choice,
            // Straight on, left, right.
            Some((_, _, m)) => (m + choice) % 3,
        };
        rest = walk(rest, (d + 2) % 4, r);
        for (i, pile) in piles.iter_mut().enumerate() {
            if i != missing {
                *pile += 1 << r;
            }
        }
        previous = Some((r, d, missing));
    }
    let fit = |p: u128| {
        u64::try_from(p).map_err(|_| {
            Error::Overflow(format!(
                "the cell {cell:?} is a P-position with piles beyond 2^64"
            ))
        })
    };
    Ok(Some([fit(piles[0])?, fit(piles[1])?, fit(piles[2])?]))
}

/// The most generations [`UlamWarburton::run`] simulates (the grid has `(2g + 1)^2` cells).
pub const MAX_UW_GENERATIONS: u32 = 4096;

/// The Ulam–Warburton automaton, simulated on a grid: starting from the cell `(0, 0)`, at each
/// step every empty cell with exactly one live orthogonal neighbour is born. With
/// `three_branches`, cells with `y < 0` and `y <= -|x|` (the South branch) are never born, as in
/// the paper's Figure 1.
pub struct UlamWarburton {
    /// Cells within this distance of the origin on each axis are on the grid (one more than the
    /// number of generations, so every neighbour of a live cell is on the grid).
    radius: i128,
    side: usize,
    birth: Vec<u16>,
    /// Grid indices of the cells born at each step.
    born: Vec<Vec<usize>>,
}

const UNBORN: u16 = u16::MAX;

impl UlamWarburton {
    /// Runs `generations` steps.
    pub fn run(generations: u32, three_branches: bool) -> Result<Self> {
        if generations > MAX_UW_GENERATIONS {
            return Err(Error::TooLarge(format!(
                "at most {MAX_UW_GENERATIONS} generations of the Ulam-Warburton automaton"
            )));
        }
        let radius = i128::from(generations) + 1;
        let side = 2 * radius as usize + 1;
        let mut birth = vec![UNBORN; side * side];
        let r = radius as usize;
        let origin = r * side + r;
        birth[origin] = 0;
        let mut born = vec![vec![origin]];
        let offsets = [1, side.wrapping_neg(), side, 1usize.wrapping_neg()];
        for g in 1..=generations as u16 {
            let mut next = Vec::new();
            for &i in born.last().expect("generation 0 exists") {
                for &o in &offsets {
                    let c = i.wrapping_add(o);
                    if birth[c] != UNBORN {
                        continue;
                    }
                    if three_branches {
                        let (x, y) = (c % side, c / side);
                        // y < 0 and y <= -|x|, in grid coordinates (the origin at (r, r)).
                        if y < r && r - y >= x.abs_diff(r) {
                            continue;
                        }
                    }
                    let live = u8::from(birth[c + 1] < g)
                        + u8::from(birth[c - 1] < g)
                        + u8::from(birth[c + side] < g)
                        + u8::from(birth[c - side] < g);
                    if live == 1 {
                        birth[c] = g;
                        next.push(c);
                    }
                }
            }
            born.push(next);
        }
        Ok(UlamWarburton {
            radius,
            side,
            birth,
            born,
        })
    }

    fn index(&self, (x, y): Cell) -> Option<usize> {
        (x.abs() <= self.radius && y.abs() <= self.radius)
            .then(|| (y + self.radius) as usize * self.side + (x + self.radius) as usize)
    }

    fn cell(&self, i: usize) -> Cell {
        (
            (i % self.side) as i128 - self.radius,
            (i / self.side) as i128 - self.radius,
        )
    }

    /// The step at which `cell` was born, if it was.
    pub fn birth(&self, cell: Cell) -> Option<u32> {
        let b = self.birth[self.index(cell)?];
        (b != UNBORN).then_some(u32::from(b))
    }

    /// The cells born at step `g`, sorted.
    pub fn born(&self, g: u32) -> Vec<Cell> {
        let mut cells: Vec<Cell> = self
            .born
            .get(g as usize)
            .map_or_else(Vec::new, |b| b.iter().map(|&i| self.cell(i)).collect());
        cells.sort_unstable();
        cells
    }

    /// How many cells were born at step `g`.
    pub fn born_count(&self, g: u32) -> usize {
        self.born.get(g as usize).map_or(0, Vec::len)
    }

    /// The parent of a live cell: its one neighbour alive when it was born (none for the origin).
    pub fn parent(&self, (x, y): Cell) -> Option<Cell> {
        let b = self.birth((x, y))?;
        [(1, 0), (-1, 0), (0, 1), (0, -1)]
            .into_iter()
            .map(|(dx, dy)| (x + dx, y + dy))
            .find(|&c| self.birth(c).is_some_and(|bc| bc < b))
    }
}

/// Where the evolution graph puts its nodes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Layout {
    /// Three piles only: each P-position at its Ulam–Warburton cell (Theorem 23, Figure 1).
    UlamWarburton,
    /// Any number of piles: generation `n` on row `n`, its positions side by side in
    /// lexicographic order.
    Layers,
}

/// A P-position placed in the plane.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Node {
    /// The piles.
    pub position: Vec<u64>,
    /// Half the total.
    pub generation: u64,
    /// Horizontal coordinate (grid units).
    pub x: f64,
    /// Vertical coordinate (grid units, up).
    pub y: f64,
}

/// The evolution of k-pile Nim up to some generation, with its parent–child links.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EvolutionGraph {
    /// The number of piles.
    pub piles: usize,
    /// The layout used.
    pub layout: Layout,
    /// Every P-position of generations `0..=last`.
    pub nodes: Vec<Node>,
    /// `(parent, child)` pairs of indices into `nodes`.
    pub edges: Vec<(usize, usize)>,
    /// How many P-positions each generation has.
    pub born: Vec<u64>,
}

/// The evolution graph of generations `0..=last`.
pub fn evolution_graph(
    piles: usize,
    last: u64,
    layout: Layout,
    max_positions: usize,
) -> Result<EvolutionGraph> {
    if layout == Layout::UlamWarburton && piles != 3 {
        return Err(Error::Invalid(format!(
            "the Ulam-Warburton layout needs 3 piles (got {piles}); use the layers layout"
        )));
    }
    let generations = evolve(piles, last, max_positions)?;
    let mut index: std::collections::HashMap<Vec<u64>, usize> = Default::default();
    let mut nodes = Vec::new();
    for (n, positions) in generations.iter().enumerate() {
        let width = positions.len() as f64;
        for (i, p) in positions.iter().enumerate() {
            let (x, y) = match layout {
                Layout::UlamWarburton => {
                    let (x, y) = to_cell([p[0], p[1], p[2]])?;
                    (x as f64, y as f64)
                }
                Layout::Layers => (i as f64 - (width - 1.0) / 2.0, n as f64),
            };
            index.insert(p.clone(), nodes.len());
            nodes.push(Node {
                position: p.clone(),
                generation: n as u64,
                x,
                y,
            });
        }
    }
    let mut edges = Vec::new();
    for (child, node) in nodes.iter().enumerate() {
        for parent in parents(&node.position) {
            edges.push((index[&parent], child));
        }
    }
    Ok(EvolutionGraph {
        piles,
        layout,
        nodes,
        edges,
        born: generations.iter().map(|g| g.len() as u64).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nim_fractals::nim;

    /// The definition: P-positions with two fewer counters, one fewer in each of two piles.
    fn parents_by_definition(p: &[u64]) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for i in 0..p.len() {
            for j in i + 1..p.len() {
                if p[i] > 0 && p[j] > 0 {
                    let mut q = p.to_vec();
                    q[i] -= 1;
                    q[j] -= 1;
                    if is_p_position(&q) {
                        out.push(q);
                    }
                }
            }
        }
        out
    }

    fn children_by_definition(p: &[u64]) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for i in 0..p.len() {
            for j in i + 1..p.len() {
                let mut q = p.to_vec();
                q[i] += 1;
                q[j] += 1;
                if is_p_position(&q) {
                    out.push(q);
                }
            }
        }
        out
    }

    /// Every k-pile P-position with piles <= max, by brute force.
    fn p_positions(k: usize, max: u64) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        let mut p = vec![0u64; k];
        loop {
            if is_p_position(&p) {
                out.push(p.clone());
            }
            let mut i = 0;
            loop {
                if i == k {
                    return out;
                }
                p[i] += 1;
                if p[i] <= max {
                    break;
                }
                p[i] = 0;
                i += 1;
            }
        }
    }

    #[test]
    fn lemmas_19_and_21_match_the_definition() {
        for k in 2..=5 {
            for p in p_positions(k, if k <= 3 { 15 } else { 7 }) {
                assert_eq!(parents(&p), parents_by_definition(&p), "{p:?}");
                assert_eq!(children(&p).unwrap(), children_by_definition(&p), "{p:?}");
                // Lemma 19: every non-zero P-position has a parent.
                assert_eq!(parents(&p).is_empty(), p.iter().all(|&x| x == 0));
                if k == 3 && p.iter().any(|&x| x > 0) {
                    // Corollary 20, and the 0, 1 or 3 children of Section 5.2.
                    assert_eq!(parents(&p).len(), 1, "{p:?}");
                }
                if k == 3 {
                    assert!([0, 1, 3].contains(&children(&p).unwrap().len()), "{p:?}");
                }
                if k == 4 {
                    assert!([1, 2, 6].contains(&children(&p).unwrap().len()), "{p:?}");
                    if p.iter().any(|&x| x > 0) {
                        assert!([1, 2, 6].contains(&parents(&p).len()), "{p:?}");
                    }
                }
            }
        }
        assert!(children(&[u64::MAX, u64::MAX]).is_err());
    }

    #[test]
    fn the_automaton_generations_are_the_totals() {
        for k in 1..=5 {
            let last = if k <= 3 { 40 } else { 12 };
            let generations = evolve(k, last, 1 << 22).unwrap();
            let all = p_positions(k, last);
            for (n, positions) in generations.iter().enumerate() {
                // Every P-position of total 2n, and nothing else, is born at step n.
                let mut expected: Vec<Vec<u64>> = all
                    .iter()
                    .filter(|p| total(p) == 2 * n as u128)
                    .cloned()
                    .collect();
                expected.sort();
                assert_eq!(positions, &expected, "k={k} n={n}");
                assert_eq!(
                    nim::total_exactly(k, n as u128).unwrap(),
                    (positions.len() as u64).into()
                );
                for p in positions {
                    assert_eq!(generation(p).unwrap(), n as u128);
                }
            }
        }
        assert!(evolve(4, 40, 1000).is_err());
    }

    #[test]
    fn table_1_examples() {
        let mut wrong = Vec::new();
        for (p, parents_claimed, children_claimed) in TABLE_1 {
            assert!(is_p_position(&p));
            let counts = (parents(&p).len(), children(&p).unwrap().len());
            if counts != (parents_claimed, children_claimed) {
                wrong.push((p, counts));
            }
        }
        // By hand: in (0,1,4,5) only 1 and 5 share their trailing zeros (none), so one parent,
        // (0,0,4,4); 0,4 and 1,5 share their trailing ones, so two children. The paper puts it
        // in the row "2 parents", column "1 child".
        assert_eq!(wrong, vec![([0, 1, 4, 5], (1, 2))]);
        // (2,3,6,7): trailing zeros 1,0,1,0 (two parents), trailing ones 0,2,0,3 (one child).
        assert_eq!(
            (
                parents(&[2, 3, 6, 7]).len(),
                children(&[2, 3, 6, 7]).unwrap().len()
            ),
            (2, 1)
        );
    }

    #[test]
    fn four_pile_kinship_table_has_nine_cells() {
        let generations = evolve(4, 24, 1 << 22).unwrap();
        let table = kinship_table(&generations).unwrap();
        let cells: Vec<(usize, usize)> = table.iter().map(|k| (k.parents, k.children)).collect();
        let mut expected = Vec::new();
        for p in [1, 2, 6] {
            for c in [1, 2, 6] {
                expected.push((p, c));
            }
        }
        assert_eq!(cells, expected);
        let total: u64 = table.iter().map(|k| k.count).sum();
        assert_eq!(
            u128::from(total) + 1,
            u128::try_from(nim::total_at_most(4, 24).unwrap()).unwrap()
        );
        for k in &table {
            let e = k.example.as_ref().unwrap();
            assert_eq!(
                (parents(e).len(), children(e).unwrap().len()),
                (k.parents, k.children)
            );
        }
    }

    #[test]
    fn the_worked_example_of_theorem_23() {
        assert_eq!(to_cell([14, 11, 5]).unwrap(), (10, -3));
        assert_eq!(from_cell((10, -3)).unwrap(), Some([14, 11, 5]));
        // The turn rule as listed in the paper walks the mirror image: 8 East, 4 North, 2 East,
        // 1 South.
        assert_eq!(to_cell_with([14, 11, 5], Turns::AsListed).unwrap(), (10, 3));
        // Generation 1 as the paper places it.
        assert_eq!(to_cell([0, 1, 1]).unwrap(), (-1, 0));
        assert_eq!(to_cell([1, 0, 1]).unwrap(), (0, 1));
        assert_eq!(to_cell([1, 1, 0]).unwrap(), (1, 0));
        assert!(to_cell([1, 2, 4]).is_err());
        assert_eq!(from_cell((0, -1)).unwrap(), None);
        assert_eq!(from_cell((0, 0)).unwrap(), Some([0, 0, 0]));
        let legs: Vec<(u128, &str)> = walk_of([14, 11, 5])
            .unwrap()
            .iter()
            .map(|l| (l.steps, l.direction))
            .collect();
        assert_eq!(legs, [(8, "E"), (4, "S"), (2, "E"), (1, "N")]);
    }

    #[test]
    fn theorem_23_on_every_p_position_up_to_total_2_pow_12() {
        let last = 1u32 << 11;
        let uw = UlamWarburton::run(last, true).unwrap();
        let mut per_generation = vec![0u64; last as usize + 1];
        let limit = 1u64 << 12;
        for p0 in 0..=limit {
            for p1 in 0..=limit - p0 {
                let p2 = p0 ^ p1;
                if p0 + p1 + p2 > limit {
                    continue;
                }
                let p = [p0, p1, p2];
                let n = (p0 + p1 + p2) / 2;
                let cell = to_cell(p).unwrap();
                assert_eq!(uw.birth(cell), Some(n as u32), "{p:?} -> {cell:?}");
                assert_eq!(from_cell(cell).unwrap(), Some(p));
                per_generation[n as usize] += 1;
                // Parent to parent (up to total 2^10, to keep the debug build quick).
                if n > 0 && n < 512 {
                    let parent = parents(&p).pop().unwrap();
                    let parent_cell = to_cell([parent[0], parent[1], parent[2]]).unwrap();
                    assert_eq!(uw.parent(cell), Some(parent_cell), "{p:?}");
                }
            }
        }
        // Injective (each P-position landed on a cell born in its generation) and onto (as many
        // P-positions as cells, generation by generation).
        for (n, &count) in per_generation.iter().enumerate() {
            assert_eq!(uw.born_count(n as u32) as u64, count, "generation {n}");
            assert_eq!(count, 3u64.pow((n as u32).count_ones()));
        }
    }

    /// Run: `cargo test --release -p grundy -- --ignored theorem_23_up_to_total_2_pow_13`.
    #[test]
    #[ignore]
    fn theorem_23_up_to_total_2_pow_13() {
        let last = 1u32 << 12;
        let uw = UlamWarburton::run(last, true).unwrap();
        let mut per_generation = vec![0u64; last as usize + 1];
        let limit = 1u64 << 13;
        for p0 in 0..=limit {
            for p1 in 0..=limit - p0 {
                let p = [p0, p1, p0 ^ p1];
                let n = (p0 + p1 + p[2]) / 2;
                if n > u64::from(last) {
                    continue;
                }
                let cell = to_cell(p).unwrap();
                assert_eq!(uw.birth(cell), Some(n as u32), "{p:?}");
                assert_eq!(from_cell(cell).unwrap(), Some(p));
                if n > 0 {
                    let parent = parents(&p).pop().unwrap();
                    let parent_cell = to_cell([parent[0], parent[1], parent[2]]).unwrap();
                    assert_eq!(uw.parent(cell), Some(parent_cell), "{p:?}");
                }
                per_generation[n as usize] += 1;
            }
        }
        for (n, &count) in per_generation.iter().enumerate() {
            assert_eq!(uw.born_count(n as u32) as u64, count, "generation {n}");
        }
    }

    #[test]
    fn from_cell_rejects_every_cell_that_is_not_born() {
        let uw = UlamWarburton::run(64, true).unwrap();
        for x in -64i128..=64 {
            for y in -64i128..=64 {
                let decoded = from_cell((x, y)).unwrap();
                match uw.birth((x, y)) {
                    Some(_) => assert!(decoded.is_some(), "({x},{y})"),
                    None if x.abs() + y.abs() <= 64 => assert_eq!(decoded, None, "({x},{y})"),
                    None => {}
                }
            }
        }
    }

    #[test]
    fn the_three_branches_are_the_full_automaton_without_its_south_branch() {
        let (full, three) = (
            UlamWarburton::run(200, false).unwrap(),
            UlamWarburton::run(200, true).unwrap(),
        );
        for g in 1..=200u32 {
            let kept: Vec<Cell> = full
                .born(g)
                .into_iter()
                .filter(|&(x, y)| !(y < 0 && y <= -x.abs()))
                .collect();
            assert_eq!(kept, three.born(g));
            assert_eq!(three.born_count(g) as u64, 3u64.pow(g.count_ones()));
            // Four branches: 4 * 3^(wt(g) - 1) cells per generation.
            assert_eq!(full.born(g).len() as u64, 4 * 3u64.pow(g.count_ones() - 1));
        }
    }

    proptest::proptest! {
        #[test]
        fn theorem_23_round_trips_far_out(p0 in 0u64..1 << 62, p1 in 0u64..1 << 62) {
            let p = [p0, p1, p0 ^ p1];
            let cell = to_cell(p).unwrap();
            proptest::prop_assert_eq!(from_cell(cell).unwrap(), Some(p));
            // The parent's cell is a neighbour: one step back along the last leg.
            if let Some(parent) = parents(&p).pop() {
                let q = to_cell([parent[0], parent[1], parent[2]]).unwrap();
                proptest::prop_assert_eq!((q.0 - cell.0).abs() + (q.1 - cell.1).abs(), 1);
            }
        }
    }

    #[test]
    fn evolution_graph_links_each_child_to_its_parents() {
        let graph = evolution_graph(3, 6, Layout::UlamWarburton, 1 << 20).unwrap();
        assert_eq!(graph.born, vec![1, 3, 3, 9, 3, 9, 9]);
        assert_eq!(graph.nodes.len(), 37);
        assert_eq!(graph.edges.len(), 36, "a tree");
        for &(parent, child) in &graph.edges {
            let (p, c) = (&graph.nodes[parent], &graph.nodes[child]);
            assert_eq!(p.generation + 1, c.generation);
            // Neighbouring cells.
            assert_eq!((p.x - c.x).abs() + (p.y - c.y).abs(), 1.0);
        }
        let four = evolution_graph(4, 5, Layout::Layers, 1 << 20).unwrap();
        assert_eq!(four.born, vec![1, 6, 7, 36, 13, 42]);
        assert!(evolution_graph(4, 5, Layout::UlamWarburton, 1 << 20).is_err());
    }
}
