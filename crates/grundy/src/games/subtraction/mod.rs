//! Subtraction games: one pile; a move subtracts some `s` from a finite set `S`.
//!
//! `SG(n) = mex { SG(n - s) : s in S, s <= n }`. With `k = max(S)`, each value depends on the
//! previous `k` values only, so the sequence is eventually periodic, and a period is *proven* as
//! soon as `k` consecutive values after the preperiod repeat one period later (see [`theory`]).
//! The solver runs the dense engine and, for positions too far for a table, answers from a proven
//! period.

pub mod spec;
pub mod theory;

use crate::analysis::Periodicity;
use std::ops::Range;

use crate::ruleset::{Arity, BlockSink, Evaluation, Move, Ruleset, Solver};
use crate::solve::{DenseGame, DenseSolver, SEQUENCE_BLOCK};
use crate::{Error, Result};

/// The subtraction game with set `S` (sorted, positive, no repetitions).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subtraction {
    set: Vec<u64>,
}

impl Subtraction {
    /// The game with subtraction set `set`; every element must be positive.
    pub fn new(mut set: Vec<u64>) -> Result<Self> {
        set.sort_unstable();
        set.dedup();
        if set.is_empty() {
            return Err(Error::Spec("the subtraction set is empty".into()));
        }
        if set[0] == 0 {
            return Err(Error::Spec(
                "subtraction amounts must be positive (0 would not change the pile)".into(),
            ));
        }
        Ok(Subtraction { set })
    }

    /// The subtraction set, sorted.
    pub fn set(&self) -> &[u64] {
        &self.set
    }

    /// `max(S)`.
    pub fn max_subtraction(&self) -> u64 {
        *self.set.last().expect("the set is not empty")
    }
}

impl DenseGame for &Subtraction {
    fn value_bound(&self) -> u64 {
        self.set.len() as u64
    }

    #[inline]
    fn for_each_option(&self, n: u64, mut visit: impl FnMut(u64)) {
        for &s in &self.set {
            if s > n {
                break;
            }
            visit(n - s);
        }
    }

    fn reach(&self) -> Option<u64> {
        self.set.last().copied()
    }
}

impl Ruleset for Subtraction {
    fn spec(&self) -> String {
        format!("subtraction:s={}", join(&self.set))
    }

    /// `validate` checks only the arity and the smallest coordinates: the first position of a
    /// line decides.
    fn first_invalid(
        &self,
        template: &[Option<u64>],
        range: std::ops::RangeInclusive<u64>,
    ) -> Option<(u64, crate::Error)> {
        crate::ruleset::first_invalid_by_bounds(self, template, range)
    }

    fn arity(&self) -> Arity {
        Arity::Exactly(1)
    }

    fn position_hint(&self) -> String {
        "one pile size, like 10".into()
    }

    /// Subtracting the smallest `s` again and again reaches `n / s + 1` positions.
    fn reachable_at_least(&self, position: &[u64]) -> u128 {
        self.set
            .first()
            .map_or(1, |&s| u128::from(position[0] / s) + 1)
    }

    fn moves(&self, position: &[u64]) -> Result<Vec<Move>> {
        let n = position[0];
        Ok(self
            .set
            .iter()
            .take_while(|&&s| s <= n)
            .map(|&s| Move {
                to: vec![n - s],
                description: format!("subtract {s}"),
            })
            .collect())
    }

    fn solver(&self) -> Option<Box<dyn Solver + '_>> {
        Some(Box::new(SubtractionSolver {
            dense: DenseSolver::new(self),
            period: None,
        }))
    }

    fn periodicity_proof(
        &self,
        template: &[Option<u64>],
        from: u64,
        values: &[u64],
        periodicity: &Periodicity,
    ) -> Option<String> {
        let checked_to = from + values.len() as u64;
        (template.len() == 1
            && theory::proves_periodicity(self.max_subtraction(), periodicity, checked_to))
        .then(|| theory::PROOF.to_string())
    }
}

/// Comma-joined numbers.
pub(crate) fn join(values: &[u64]) -> String {
    values
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// Positions below this are answered from the table directly.
pub const DIRECT_LIMIT: u64 = 1 << 26;

/// How far the solver computes while looking for a proven period.
pub const PERIOD_SEARCH_LIMIT: u64 = 1 << 26;

struct SubtractionSolver<'a> {
    dense: DenseSolver<&'a Subtraction>,
    period: Option<Periodicity>,
}

impl SubtractionSolver<'_> {
    /// Computes further and further until the values prove a period, up to the limit.
    fn find_period(&mut self) -> Result<Periodicity> {
        if let Some(p) = self.period {
            return Ok(p);
        }
        let k = self.dense.game().max_subtraction();
        let refusal = || {
            Error::TooLarge(format!(
                "no proven period within the first {PERIOD_SEARCH_LIMIT} values, and positions beyond {DIRECT_LIMIT} are only answered through one"
            ))
        };
        // The lemma needs max(S) values past a period: none fits below the limit.
        if k >= PERIOD_SEARCH_LIMIT {
            return Err(refusal());
        }
        let mut len = k.saturating_mul(4).max(1 << 12);
        loop {
            let len_now = len.min(PERIOD_SEARCH_LIMIT);
            self.dense.extend_to(len_now)?;
            let values = self.dense.values().to_vec(0..len_now as usize);
            if let Some(p) = crate::analysis::find_periodicity(&values) {
                if theory::proves_periodicity(k, &p, len_now) {
                    self.period = Some(p);
                    return Ok(p);
                }
            }
            if len_now == PERIOD_SEARCH_LIMIT {
                return Err(refusal());
            }
            len = len.saturating_mul(4);
        }
    }
}

/// The largest position [`stream_value`] runs to: 10^12, an hour or two.
pub const MAX_STREAM_N: u64 = 1_000_000_000_000;

/// The values at the positions in `range` by the definition, from 0, keeping only the last
/// `max(S)` values in a ring (4 bytes each, at most 1 GiB), handed to `sink` in blocks: for a
/// game whose period is not proven within [`PERIOD_SEARCH_LIMIT`] values.
pub fn stream_blocks(game: &Subtraction, range: Range<u64>, sink: &mut BlockSink) -> Result<()> {
    let k = game.max_subtraction();
    let ring_len = k.checked_add(1).and_then(u64::checked_next_power_of_two);
    let Some(ring_len) = ring_len.filter(|&len| len <= 1 << 28) else {
        return Err(Error::TooLarge(format!(
            "streaming keeps the last max(S) = {k} values, more than 2^28 (1 GiB)"
        )));
    };
    if range.end > MAX_STREAM_N {
        return Err(Error::TooLarge(format!(
            "no period is proven within the first {PERIOD_SEARCH_LIMIT} values, and streaming to {} is beyond its limit of {MAX_STREAM_N}",
            range.end - 1
        )));
    }
    let mask = ring_len - 1;
    let mut ring = vec![0u32; ring_len as usize];
    let mut seen: Vec<bool> = vec![false; game.set().len() + 2];
    let mut block = Vec::with_capacity(SEQUENCE_BLOCK as usize);
    for m in 0..range.end {
        seen.iter_mut().for_each(|x| *x = false);
        for &s in game.set().iter().take_while(|&&s| s <= m) {
            seen[ring[((m - s) & mask) as usize] as usize] = true;
        }
        let value = seen.iter().position(|&x| !x).expect("a value is missing") as u32;
        ring[(m & mask) as usize] = value;
        if m >= range.start {
            block.push(u64::from(value));
            if block.len() as u64 == SEQUENCE_BLOCK {
                sink(&block)?;
                block.clear();
            }
        }
    }
    if !block.is_empty() {
        sink(&block)?;
    }
    Ok(())
}

/// The value at `n` by [`stream_blocks`].
pub fn stream_value(game: &Subtraction, n: u64) -> Result<u64> {
    let mut value = 0;
    // Past the streaming limit either way (`n + 1` would not fit for the largest `n`).
    let end = n.saturating_add(1);
    stream_blocks(game, n..end, &mut |block| {
        value = block[0];
        Ok(())
    })?;
    Ok(value)
}

impl Solver for SubtractionSolver<'_> {
    fn value(&mut self, position: &[u64]) -> Result<u64> {
        Ok(self.evaluate(position)?.value)
    }

    fn evaluate(&mut self, position: &[u64]) -> Result<Evaluation> {
        let n = position[0];
        if n < DIRECT_LIMIT {
            return Ok(Evaluation {
                value: self.dense.value(n)?,
                method: "dense table".into(),
            });
        }
        let p = match self.find_period() {
            Ok(p) => p,
            Err(Error::TooLarge(_)) => {
                return Ok(Evaluation {
                    value: stream_value(self.dense.game(), n)?,
                    method: format!("streamed from 0 to {n} by the definition (no period proven within the first {PERIOD_SEARCH_LIMIT} values)"),
                })
            }
            Err(e) => return Err(e),
        };
        let index = theory::periodic_index(&p, n);
        Ok(Evaluation {
            value: self.dense.values().get(index as usize),
            method: format!(
                "proven periodicity: period {}, preperiod {} (n reduced to {index})",
                p.period, p.preperiod
            ),
        })
    }

    /// The dense table's values below [`DIRECT_LIMIT`], then the proven period's.
    fn sequence_blocks(
        &mut self,
        _template: &[Option<u64>],
        range: Range<u64>,
        sink: &mut BlockSink,
    ) -> Result<()> {
        let direct = range.start.min(DIRECT_LIMIT)..range.end.min(DIRECT_LIMIT);
        self.dense.for_each_block(direct, sink)?;
        if range.end <= DIRECT_LIMIT {
            return Ok(());
        }
        let p = match self.find_period() {
            Ok(p) => p,
            Err(Error::TooLarge(_)) => {
                let rest = range.start.max(DIRECT_LIMIT)..range.end;
                return stream_blocks(self.dense.game(), rest, sink);
            }
            Err(e) => return Err(e),
        };
        let start = range.start.max(DIRECT_LIMIT);
        // Beyond the table the values run through one period, from the place of `start` in it.
        let period = self
            .dense
            .values()
            .to_vec(p.preperiod as usize..(p.preperiod + p.period) as usize);
        let mut at = (theory::periodic_index(&p, start) - p.preperiod) as usize;
        let mut block = Vec::with_capacity(SEQUENCE_BLOCK as usize);
        for _ in start..range.end {
            block.push(period[at]);
            at = if at + 1 == period.len() { 0 } else { at + 1 };
            if block.len() as u64 == SEQUENCE_BLOCK {
                sink(&block)?;
                block.clear();
            }
        }
        if !block.is_empty() {
            sink(&block)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{solver_for, SearchSolver};
    use proptest::prelude::*;

    /// The streaming fallback is the definition: it agrees with the dense engine.
    #[test]
    fn streamed_values_match_the_dense_engine() {
        for set in [vec![1, 3, 4], vec![2, 5, 7], vec![3, 5, 9, 11, 100]] {
            let game = Subtraction::new(set.clone()).unwrap();
            let mut dense = DenseSolver::new(&game);
            for n in [0, 1, 99, 100, 101, 12_345] {
                assert_eq!(
                    stream_value(&game, n).unwrap(),
                    dense.value(n).unwrap(),
                    "{set:?} at {n}"
                );
            }
        }
    }

    /// Past the direct table the value comes from the proven period alone; it equals the value
    /// the dense engine computes there by the definition.
    #[test]
    fn values_past_the_table_come_from_the_proven_period_and_are_right() {
        for set in [
            vec![1, 3, 4],
            vec![2, 5, 7],
            vec![3, 5, 9, 11],
            vec![4, 7, 11, 12, 20],
        ] {
            let game = Subtraction::new(set.clone()).unwrap();
            let mut solver = game.solver().unwrap();
            let mut dense = DenseSolver::new(&game);
            for n in [DIRECT_LIMIT, DIRECT_LIMIT + 1, DIRECT_LIMIT + 977] {
                let far = solver.evaluate(&[n]).unwrap();
                assert!(
                    far.method.starts_with("proven periodicity"),
                    "{}",
                    far.method
                );
                assert_eq!(far.value, dense.value(n).unwrap(), "S = {set:?}, n = {n}");
            }
        }
    }

    #[test]
    fn s_1_3_4_has_period_7() {
        let game = Subtraction::new(vec![1, 3, 4]).unwrap();
        let mut solver = solver_for(&game);
        let values: Vec<u64> = (0..14).map(|n| solver.value(&[n]).unwrap()).collect();
        // By hand: 0 has no move; 1 -> 0; 2 -> 1; 3 -> 2, 0; 4 -> 3, 1, 0; ...
        assert_eq!(values, vec![0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]);
        // Far away, the proven period answers: 10^18 = 7 * 142857142857142857 + 1.
        let far = solver.evaluate(&[1_000_000_000_000_000_000]).unwrap();
        assert_eq!(far.value, 1);
        assert!(far.method.contains("period 7"));
    }

    /// Across `DIRECT_LIMIT` the blocks go from the table to the period without a seam (the
    /// values one at a time reduce each position by `periodic_index`).
    #[test]
    fn blocks_cross_the_table_limit() {
        let game = Subtraction::new(vec![2, 5, 7]).unwrap();
        let mut solver = solver_for(&game);
        let (start, end) = (DIRECT_LIMIT - 40, DIRECT_LIMIT + 60);
        let mut blocks = Vec::new();
        solver
            .sequence_blocks(&[None], start..end, &mut |b| {
                blocks.extend_from_slice(b);
                Ok(())
            })
            .unwrap();
        let one_by_one: Vec<u64> = (start..end).map(|n| solver.value(&[n]).unwrap()).collect();
        assert_eq!(blocks, one_by_one);
    }

    proptest! {
        /// Dense, memoised and periodic answers agree with each other for random sets.
        #[test]
        fn dense_and_search_agree(set in prop::collection::btree_set(1u64..12, 1..5), n in 0u64..300) {
            let game = Subtraction::new(set.into_iter().collect()).unwrap();
            let mut dense = solver_for(&game);
            let mut search = SearchSolver::new(&game);
            prop_assert_eq!(dense.value(&[n]).unwrap(), search.value(&[n]).unwrap());
        }

        /// Blocks (from the table, or from the period beyond `DIRECT_LIMIT`) give the values
        /// asked one position at a time (`query` tests a range across the limit).
        #[test]
        fn blocks_match_values_one_by_one(
            set in prop::collection::btree_set(1u64..10, 1..4),
            start in prop_oneof![0u64..1000, DIRECT_LIMIT..DIRECT_LIMIT + 1_000_000],
            len in 0u64..3000,
        ) {
            let game = Subtraction::new(set.into_iter().collect()).unwrap();
            let mut blocks = Vec::new();
            solver_for(&game)
                .sequence_blocks(&[None], start..start + len, &mut |b| {
                    blocks.extend_from_slice(b);
                    Ok(())
                })
                .unwrap();
            let mut solver = solver_for(&game);
            let one_by_one: Vec<u64> = (start..start + len).map(|n| solver.value(&[n]).unwrap()).collect();
            prop_assert_eq!(blocks, one_by_one);
        }

        #[test]
        fn the_period_answers_like_the_table(set in prop::collection::btree_set(1u64..10, 1..4), n in 0u64..200_000) {
            let game = Subtraction::new(set.into_iter().collect()).unwrap();
            let mut solver = SubtractionSolver { dense: DenseSolver::new(&game), period: None };
            let p = solver.find_period().unwrap();
            let expected = solver.dense.value(n).unwrap();
            prop_assert_eq!(solver.dense.values().get(theory::periodic_index(&p, n) as usize), expected);
        }
    }
}
