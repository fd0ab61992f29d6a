//! The streaming engine for any subtraction–division game: values in increasing order of `n`,
//! in memory logarithmic in `n`.
//!
//! `SG(n)` needs `SG(n - s)` (the last `max(S)` values) and `SG(n/d)`. The positions `n/d` are
//! not stored: a *cursor* node indexed by `m` (a product of elements of `D`) runs through the
//! same sequence at rate `1/m`, itself fed by cursors `m·d`. This works because rounding
//! composes: `floor(floor(n/a)/b) = floor(n/(ab))` and likewise for `ceil`, so every path to the
//! product `m` asks for the same position, and the cursors form a DAG over the products (one
//! cursor for `6` serves both `2·3` and `3·2`). With exact division (i-Mark) a cursor is only
//! asked at multiples, and the same positions `n/m` arise. The cursors compute
//! `n (1 + Σ 1/m)` values in all, `3n` for `D = {2,3}`; the state is one ring of `max(S)` values
//! per cursor.

use std::collections::HashMap;

use super::SubDivision;
use crate::solve::mex;
use crate::{Error, Result};

/// The most memory the cursors may take (rings and child links), 1 GiB.
pub const MAX_STREAM_BYTES: u64 = 1 << 30;

/// One cursor: the sequence at positions up to `pos`, keeping the last `ring.len()` values.
#[derive(Debug, Clone)]
struct Node {
    /// The last computed position (`None` before the first).
    pos: Option<u64>,
    /// `ring[p % len]` is the value at `p` for the last `len` positions.
    ring: Vec<u64>,
    /// The product of divisors this cursor stands for.
    m: u128,
    /// The cursor for `m·d`, per divisor (created on first use).
    children: Vec<Option<usize>>,
}

/// Produces `SG(min), SG(min + 1), ...` of a game, one value at a time.
pub struct Stream<'a> {
    game: &'a SubDivision,
    nodes: Vec<Node>,
    index: HashMap<u128, usize>,
    ring_len: usize,
}

impl<'a> Stream<'a> {
    /// A stream positioned before the game's smallest position; refused when one cursor alone
    /// would take more than [`MAX_STREAM_BYTES`] (a ring of `max(S)` values).
    pub fn new(game: &'a SubDivision) -> Result<Self> {
        let ring_len = game.s().last().map_or(1, |&s| s).max(1);
        let mut stream = Stream {
            game,
            nodes: Vec::new(),
            index: HashMap::new(),
            ring_len: 0,
        };
        if stream.node_bytes_for(ring_len) > MAX_STREAM_BYTES {
            return Err(Error::TooLarge(format!(
                "the cursor stream keeps the last max(S) = {ring_len} values per cursor, more than its memory limit of {} MiB",
                MAX_STREAM_BYTES >> 20
            )));
        }
        stream.ring_len = ring_len as usize;
        stream.node(1)?;
        Ok(stream)
    }

    /// The bytes one cursor takes with a ring of `ring_len` values.
    fn node_bytes_for(&self, ring_len: u64) -> u64 {
        let links = self.game.d().len() as u64 * 16;
        ring_len
            .saturating_mul(8)
            .saturating_add(links)
            .saturating_add(96)
    }

    /// The last position produced (`None` before the first).
    pub fn position(&self) -> Option<u64> {
        self.nodes[0].pos
    }

    /// The number of cursors in use (the state that crosses from one position to the next).
    pub fn cursors(&self) -> usize {
        self.nodes.len()
    }

    fn node(&mut self, m: u128) -> Result<usize> {
        if let Some(&i) = self.index.get(&m) {
            return Ok(i);
        }
        let per_node = self.node_bytes_for(self.ring_len as u64);
        if (self.nodes.len() as u64 + 1).saturating_mul(per_node) > MAX_STREAM_BYTES {
            return Err(Error::TooLarge(format!(
                "the cursor stream needs more than {} cursors (one per product of divisors reached) of {per_node} bytes each, more than its memory limit of {} MiB",
                self.nodes.len(),
                MAX_STREAM_BYTES >> 20
            )));
        }
        self.nodes.push(Node {
            pos: None,
            ring: vec![0; self.ring_len],
            m,
            children: vec![None; self.game.d().len()],
        });
        self.index.insert(m, self.nodes.len() - 1);
        Ok(self.nodes.len() - 1)
    }

    /// The whole state as numbers (for a checkpoint): per cursor its product, position, ring
    /// and children.
    pub fn state(&self) -> Vec<u64> {
        let none = u64::MAX;
        let mut out = vec![self.nodes.len() as u64];
        for node in &self.nodes {
            out.extend([
                node.m as u64,
                (node.m >> 64) as u64,
                node.pos.unwrap_or(none),
            ]);
            out.extend(&node.ring);
            out.extend(node.children.iter().map(|c| c.map_or(none, |c| c as u64)));
        }
        out
    }

    /// The stream of `game` in the state `state` (from [`Stream::state`] for the same game);
    /// `None` if it does not fit the game.
    pub fn restore(game: &'a SubDivision, state: &[u64]) -> Option<Self> {
        let mut stream = Stream::new(game).ok()?;
        let (ring_len, kids) = (stream.ring_len, game.d().len());
        let count = usize::try_from(*state.first()?).ok()?;
        let mut at = 1usize;
        let mut take = |k: usize| -> Option<&[u64]> {
            let part = state.get(at..at.checked_add(k)?)?;
            at += k;
            Some(part)
        };
        stream.nodes.clear();
        stream.index.clear();
        for i in 0..count {
            let head = take(3)?;
            let m = u128::from(head[0]) | u128::from(head[1]) << 64;
            let pos = (head[2] != u64::MAX).then_some(head[2]);
            let ring = take(ring_len)?.to_vec();
            let children = take(kids)?
                .iter()
                .map(|&c| (c != u64::MAX).then_some(c as usize))
                .collect::<Vec<_>>();
            if children.iter().flatten().any(|&c| c >= count)
                || ring.iter().any(|&v| v > game.value_bound())
            {
                return None;
            }
            if stream.index.insert(m, i).is_some() {
                return None;
            }
            stream.nodes.push(Node {
                pos,
                ring,
                m,
                children,
            });
        }
        // Each child link leads to the cursor of the product times its divisor.
        let links_fit = stream.nodes.iter().all(|node| {
            node.children.iter().zip(game.d()).all(|(c, &d)| {
                c.is_none_or(|c| node.m.checked_mul(u128::from(d)) == Some(stream.nodes[c].m))
            })
        });
        (at == state.len() && count > 0 && stream.nodes[0].m == 1 && links_fit).then_some(stream)
    }

    /// The next position and its value; an error when a new cursor would pass the memory
    /// limit.
    pub fn next_value(&mut self) -> Result<(u64, u64)> {
        self.advance(0)?;
        let node = &self.nodes[0];
        let p = node.pos.expect("advanced");
        Ok((p, node.ring[p as usize % self.ring_len]))
    }

    /// The value at `q` from cursor `i`, advancing it to `q` (requests never go backwards).
    fn value_at(&mut self, i: usize, q: u64) -> Result<u64> {
        while self.nodes[i].pos.is_none_or(|p| p < q) {
            self.advance(i)?;
        }
        let node = &self.nodes[i];
        debug_assert_eq!(
            node.pos,
            Some(q),
            "cursor {} asked for an old position",
            node.m
        );
        Ok(node.ring[q as usize % self.ring_len])
    }

    /// Computes the next position of cursor `i`.
    fn advance(&mut self, i: usize) -> Result<()> {
        let game = self.game;
        let p = self.nodes[i].pos.map_or(game.min_position(), |p| p + 1);
        // Values below 64 go to a bit mask; larger bounds collect the values for `mex`.
        let narrow = game.value_bound() < 64;
        let (mut mask, mut wide) = (0u64, Vec::new());
        let mut add = |v: u64, wide: &mut Vec<u64>| {
            if narrow {
                mask |= 1 << v;
            } else {
                wide.push(v);
            }
        };
        for &s in game.s() {
            if game.subtract(p, s).is_none() {
                break;
            }
            add(
                self.nodes[i].ring[(p - s) as usize % self.ring_len],
                &mut wide,
            );
        }
        for (k, &d) in game.d().iter().enumerate() {
            if let Some(q) = game.divide(p, d) {
                let child = match self.nodes[i].children[k] {
                    Some(c) => c,
                    None => {
                        let c = self.node(self.nodes[i].m * u128::from(d))?;
                        self.nodes[i].children[k] = Some(c);
                        c
                    }
                };
                add(self.value_at(child, q)?, &mut wide);
            }
        }
        let value = if narrow {
            u64::from((!mask).trailing_zeros())
        } else {
            mex(wide)
        };
        let ring_len = self.ring_len;
        let node = &mut self.nodes[i];
        node.ring[p as usize % ring_len] = value;
        node.pos = Some(p);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::Division;
    use super::*;
    use crate::solve::DenseSolver;
    use proptest::prelude::*;

    fn agree(game: &SubDivision, len: u64) -> Result<(), String> {
        let mut dense = DenseSolver::new(game);
        dense.extend_to(len).unwrap();
        let mut stream = Stream::new(game).unwrap();
        for n in game.min_position()..len {
            let (p, v) = stream.next_value().unwrap();
            let expected = dense.values().get(n as usize);
            if p != n || v != expected {
                return Err(format!(
                    "{game:?} at {n}: stream ({p}, {v}), dense {expected}"
                ));
            }
        }
        Ok(())
    }

    #[test]
    fn imark_1_23_matches_the_dense_engine() {
        let game = SubDivision::imark(vec![1], vec![2, 3]).unwrap();
        agree(&game, 200_000).unwrap();
        // SG(3) = 2, as the proof of Theorem 7 says; the first values by hand:
        // 0:0, 1:{0}->1, 2:{1,1}->0, 3:{0,1}->2, 4:{2,0}->1, 5:{1}->0, 6:{0,2,0}->1.
        let mut stream = Stream::new(&game).unwrap();
        let values: Vec<u64> = (0..7).map(|_| stream.next_value().unwrap().1).collect();
        assert_eq!(values, vec![0, 1, 0, 2, 1, 0, 1]);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]
        #[test]
        fn random_games_match_the_dense_engine(
            s in prop::collection::btree_set(1u64..7, 1..4),
            d in prop::collection::btree_set(2u64..8, 1..4),
            rule in 0usize..4,
        ) {
            let division = [Division::Exact, Division::Floor, Division::Ceil, Division::Kupin][rule];
            let game = SubDivision::new(s.into_iter().collect(), d.into_iter().collect(), division).unwrap();
            prop_assert!(agree(&game, 20_000).is_ok(), "{:?}", agree(&game, 20_000));
        }
    }

    #[test]
    fn a_restored_stream_continues_identically() {
        let game = SubDivision::new(vec![1, 3], vec![2, 5], Division::Ceil).unwrap();
        let mut stream = Stream::new(&game).unwrap();
        for _ in 0..12_345 {
            stream.next_value().unwrap();
        }
        let mut copy = Stream::restore(&game, &stream.state()).unwrap();
        for _ in 0..50_000 {
            assert_eq!(stream.next_value().unwrap(), copy.next_value().unwrap());
        }
        let other = SubDivision::new(vec![1], vec![2], Division::Ceil).unwrap();
        assert!(Stream::restore(&other, &stream.state()).is_none());
    }

    /// `cargo test --release -p grundy -- --ignored stream_agrees_to_ten_million`
    #[test]
    #[ignore]
    fn stream_agrees_to_ten_million() {
        let mut rng = 0x9e3779b97f4a7c15u64;
        let mut next = |k: u64| {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng % k
        };
        for _ in 0..12 {
            let s: Vec<u64> = (0..1 + next(3)).map(|_| 1 + next(6)).collect();
            let d: Vec<u64> = (0..1 + next(3)).map(|_| 2 + next(6)).collect();
            let division = [
                Division::Exact,
                Division::Floor,
                Division::Ceil,
                Division::Kupin,
            ][next(4) as usize];
            let game = SubDivision::new(s, d, division).unwrap();
            agree(&game, 10_000_000).unwrap();
        }
    }
}
