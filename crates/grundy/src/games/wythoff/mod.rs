//! Wythoff's game: two piles; a move takes any positive number of tokens from one pile, or the
//! same positive number from both. (A queen on a quarter-infinite board moving left, down or
//! diagonally down-left towards the corner.)
//!
//! **Outcomes** are Wythoff's theorem (1907, [`theory`]): the P-positions are `(A_k, A_k + k)`
//! with `A_k = floor(k phi)`, in exact integer arithmetic for every position of 64-bit piles,
//! with the (at most three) winning moves read off the closed form.
//!
//! **SG values** come from the dense engine of [`table`] (rows 0 and 1 from their closed forms,
//! proven in [`theory`]). Its bitset windows rest on two bounds, for `a <= b`:
//!
//! - `g(a, b) <= b + 2a`: the options' values are `b` distinct ones along the row (two cells of
//!   a row are options one of the other), `a` along the column and `a` along the diagonal, and a
//!   mex is at most the number of values it avoids.
//! - `g(a, b) >= b - 2a`. Take a value `v` and suppose it is absent from row `a` at columns
//!   `0..=J`. A cell `(a, j)` with a value other than `v` either has a value below `v` (at most `v`
//!   cells of a row, whose values are distinct) or has an option of value `v`; not in its row (no
//!   `v` there up to `J`), so in its column, `(i, j)` with `i < a`, or on its diagonal,
//!   `(i, j - a + i)` with `i < a`. Each row `i < a` holds `v` at most once, so columns give at
//!   most `a` such cells and diagonals at most `a`. Hence `J + 1 <= v + 2a`: `v` appears in row `a`
//!   at a column `<= v + 2a`, exactly once; the cell `(a, b)` of value `v` has `b <= v + 2a`.
//!
//! (The bound `g(a, b) <= a + b` stated in OEIS A047708 is checked by `grundy verify
//! wythoff-bounds`, not used.) Rows are additively periodic (Dress, Flammenkamp and Pink 1999;
//! Landman 2002), but no effective bound on the period is used here: `seq --analyze` reports a
//! row's periodicity as proven only for rows 0 and 1.

pub mod spec;
pub mod table;
pub mod theory;

use std::ops::Range;

use crate::analysis::Periodicity;
use crate::ruleset::{
    check_listing, Arity, BlockSink, Evaluation, Move, OutcomeEvaluation, Ruleset, Solver,
};
use crate::{Error, Outcome, Result};

pub use table::Table;

/// Wythoff's game. Positions are the two piles; the canonical form sorts them.
#[derive(Debug, Clone, Copy, Default)]
pub struct Wythoff;

/// Positions with more moves than this are refused by `moves` (the list would not be read);
/// the winning moves then come from the closed form.
pub const MAX_LISTED_MOVES: u128 = 1_000_000;

/// The number of moves of `(a, b)`: `a + b + min(a, b)`.
pub fn move_count(a: u64, b: u64) -> u128 {
    u128::from(a) + u128::from(b) + u128::from(a.min(b))
}

fn describe(pile: Option<usize>, take: u64) -> String {
    match pile {
        Some(i) => format!("take {take} from pile {}", i + 1),
        None => format!("take {take} from both piles"),
    }
}

impl Ruleset for Wythoff {
    fn spec(&self) -> String {
        "wythoff".into()
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
        Arity::Exactly(2)
    }

    fn position_hint(&self) -> String {
        "two pile sizes, like 3,5".into()
    }

    fn moves(&self, position: &[u64]) -> Result<Vec<Move>> {
        let (a, b) = (position[0], position[1]);
        let count = move_count(a, b);
        if count > MAX_LISTED_MOVES {
            return Err(Error::TooLarge(format!(
                "this position has {count} moves, more than the {MAX_LISTED_MOVES} that are listed"
            )));
        }
        check_listing(count, 2)?;
        let mut moves = Vec::with_capacity(count as usize);
        for take in 1..=a {
            moves.push(Move {
                to: vec![a - take, b],
                description: describe(Some(0), take),
            });
        }
        for take in 1..=b {
            moves.push(Move {
                to: vec![a, b - take],
                description: describe(Some(1), take),
            });
        }
        for take in 1..=a.min(b) {
            moves.push(Move {
                to: vec![a - take, b - take],
                description: describe(None, take),
            });
        }
        Ok(moves)
    }

    fn canonical(&self, position: &[u64]) -> Vec<u64> {
        let mut sorted = position.to_vec();
        sorted.sort_unstable();
        sorted
    }

    /// Every `(a', b')` with `a' <= a`, `b' <= b` is reachable (one pile, then the other).
    fn reachable_at_least(&self, position: &[u64]) -> u128 {
        (u128::from(position[0]) + 1).saturating_mul(u128::from(position[1]) + 1)
    }

    fn reachable_at_most(&self, position: &[u64]) -> Option<u128> {
        Some(self.reachable_at_least(position))
    }

    fn check_size(&self, position: &[u64]) -> Result<()> {
        let (x, y) = (position[0].min(position[1]), position[0].max(position[1]));
        if x <= 1 {
            return Ok(());
        }
        Table::check_size(x, y)
    }

    fn solver(&self) -> Option<Box<dyn Solver + '_>> {
        Some(Box::new(WythoffSolver::default()))
    }

    fn explain_move(&self, _position: &[u64], to: &[u64]) -> Option<String> {
        let (x, y) = (to[0].min(to[1]), to[0].max(to[1]));
        theory::is_p_position(x, y).then(|| {
            let k = y - x;
            format!(
                "({}, {}) is a P-position of Wythoff's theorem (1907): with k = {y} - {x} = {k}, the smaller pile is floor({k} phi) = {x}",
                to[0], to[1]
            )
        })
    }

    fn theory_winning_moves(&self, position: &[u64]) -> Option<Vec<Move>> {
        Some(
            theory::winning_moves(position[0], position[1])
                .into_iter()
                .map(|m| Move {
                    to: m.to.to_vec(),
                    description: describe(m.pile, m.take),
                })
                .collect(),
        )
    }

    fn sequence_notes(
        &self,
        template: &[Option<u64>],
        _from: u64,
        _values: &[u64],
        periodicity: Option<&Periodicity>,
    ) -> Vec<String> {
        match fixed_row(template) {
            Some(row) if row >= 2 && periodicity.is_some() => vec![format!(
                "every row of Wythoff's game is additively periodic (Dress, Flammenkamp and Pink 1999; Landman 2002), but no bound proves this period of row {row}: it is observed only"
            )],
            _ => Vec::new(),
        }
    }

    /// Rows 0 and 1 have closed forms ([`theory`]): `g(0, b) = b` is additively periodic with
    /// every period, `g(1, b)` with every multiple of 3, always with saltus equal to the period
    /// and from `b = 0`.
    fn periodicity_proof(
        &self,
        template: &[Option<u64>],
        _from: u64,
        _values: &[u64],
        periodicity: &Periodicity,
    ) -> Option<String> {
        let p = periodicity.period;
        if periodicity.saltus != i128::from(p) {
            return None;
        }
        match fixed_row(template)? {
            0 => Some(format!("g(0, b) = b (Nim), so g(0, b + {p}) = g(0, b) + {p} for every b")),
            1 if p.is_multiple_of(3) => Some(format!(
                "g(1, b) = b + 1, b + 1, b - 2 as b mod 3 = 0, 1, 2 (proven by induction on b in the docs of games/wythoff/theory.rs), so g(1, b + {p}) = g(1, b) + {p} for every b"
            )),
            _ => None,
        }
    }
}

/// The fixed pile of a template with one `_`.
fn fixed_row(template: &[Option<u64>]) -> Option<u64> {
    match template {
        [None, Some(row)] | [Some(row), None] => Some(*row),
        _ => None,
    }
}

/// The values of Wythoff's game: closed forms for rows 0 and 1 and for P-positions, the dense
/// table (grown on demand) for the rest.
#[derive(Debug, Default)]
pub struct WythoffSolver {
    table: Option<Table>,
}

impl WythoffSolver {
    /// A table covering `(x, y)`, `x <= y`: the one kept, or a new one at least as large, with
    /// a dimension that grows at least doubled when the limit allows (so a sweep of growing
    /// queries costs a constant factor).
    fn table_for(&mut self, x: u64, y: u64) -> Result<&Table> {
        let (rows, cols) = self.table.as_ref().map_or((0, 0), |t| (t.rows(), t.cols()));
        if self.table.is_none() || x > rows || y > cols {
            let need_cols = y.max(cols);
            let need_rows = x.max(rows);
            Table::check_size(need_rows, need_cols)?;
            let mut new_cols = if y > cols {
                need_cols.max(cols.saturating_mul(2))
            } else {
                cols
            };
            let mut new_rows = if x > rows {
                need_rows.max(rows.saturating_mul(2)).min(new_cols)
            } else {
                rows
            };
            if Table::check_size(new_rows, new_cols).is_err() {
                (new_rows, new_cols) = (need_rows, need_cols);
            }
            new_rows = new_rows.min(new_cols);
            self.table = Some(Table::compute(new_rows, new_cols, &mut |_| {})?);
        }
        Ok(self.table.as_ref().expect("just built"))
    }
}

/// The method of a value read from the table.
const TABLE_METHOD: &str = "dense table (mex over row, column and diagonal bitsets)";

/// How a value was found.
enum Method {
    Row(u64),
    Table,
    Wythoff,
}

impl WythoffSolver {
    /// The value of `(x, y)`, `x <= y`, and how it was found (no allocation on the table's
    /// path: `table` asks this for every cell).
    fn find(&mut self, x: u64, y: u64) -> Result<(u64, Method)> {
        if let Some(value) = theory::row_value(x, y) {
            return Ok((value?, Method::Row(x)));
        }
        if let Some(value) = self.table.as_ref().and_then(|t| t.get(x, y)) {
            return Ok((value, Method::Table));
        }
        if theory::is_p_position(x, y) {
            return Ok((0, Method::Wythoff));
        }
        let value = self.table_for(x, y)?.get(x, y).expect("covered");
        Ok((value, Method::Table))
    }
}

impl Solver for WythoffSolver {
    fn value(&mut self, position: &[u64]) -> Result<u64> {
        let (x, y) = (position[0].min(position[1]), position[0].max(position[1]));
        Ok(self.find(x, y)?.0)
    }

    fn evaluate(&mut self, position: &[u64]) -> Result<Evaluation> {
        let (x, y) = (position[0].min(position[1]), position[0].max(position[1]));
        let (value, method) = self.find(x, y)?;
        let method = match method {
            Method::Row(0) => "closed form: g(0, b) = b (Nim)".into(),
            Method::Row(_) => {
                "closed form: row 1, g(1, b) = b + 1, b + 1, b - 2 as b mod 3 = 0, 1, 2".into()
            }
            Method::Table => TABLE_METHOD.into(),
            Method::Wythoff => p_method(x, y),
        };
        Ok(Evaluation { value, method })
    }

    /// The value when the table can hold the position, else the outcome by Wythoff's theorem
    /// (value 0 for a P-position, unknown for an N-position).
    fn evaluate_outcome(&mut self, position: &[u64]) -> Result<OutcomeEvaluation> {
        match self.evaluate(position) {
            Ok(e) => Ok(OutcomeEvaluation {
                infinite: None,
                value: Some(e.value),
                outcome: Outcome::of(e.value),
                method: e.method,
            }),
            Err(Error::TooLarge(why)) => {
                let (x, y) = (position[0].min(position[1]), position[0].max(position[1]));
                let k = y - x;
                let a_k = theory::lower(k);
                Ok(OutcomeEvaluation {
                    infinite: None,
                    value: None,
                    outcome: Outcome::N,
                    method: format!(
                        "closed form: Wythoff's theorem (1907): with k = {y} - {x} = {k}, floor(k phi) = {a_k} is not the smaller pile, so not a P-position; SG value out of reach ({why})"
                    ),
                })
            }
            Err(e) => Err(e),
        }
    }

    fn sequence_blocks(
        &mut self,
        template: &[Option<u64>],
        range: Range<u64>,
        sink: &mut BlockSink,
    ) -> Result<()> {
        const BLOCK: u64 = 4096;
        let Some(row) = fixed_row(template) else {
            return crate::ruleset::sequence_by_position(self, template, range, sink);
        };
        if row >= 2 && !range.is_empty() {
            let last = range.end - 1;
            let (x, y) = if last <= row {
                (last.max(range.start), row)
            } else {
                (row, last)
            };
            self.table_for(x.min(y), x.max(y))?;
        }
        let mut block = Vec::with_capacity(BLOCK as usize);
        let mut start = range.start;
        while start < range.end {
            let end = range.end.min(start.saturating_add(BLOCK));
            block.clear();
            for b in start..end {
                block.push(self.value(&[row, b])?);
            }
            sink(&block)?;
            start = end;
        }
        Ok(())
    }

    fn reserve(&mut self, corner: &[u64]) -> Result<()> {
        if let [a, b] = corner {
            let (x, y) = ((*a).min(*b), (*a).max(*b));
            if x >= 2 && Table::check_size(x, y).is_ok() {
                self.table_for(x, y)?;
            }
        }
        Ok(())
    }
}

fn p_method(x: u64, y: u64) -> String {
    let k = y - x;
    format!(
        "closed form: Wythoff's theorem (1907): with k = {y} - {x} = {k}, the smaller pile is floor(k phi) = {x}, a P-position"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query;
    use proptest::prelude::*;

    #[test]
    fn p_positions_of_the_closed_form_are_the_engines_zeros() {
        let n = 2000u64;
        let table = Table::compute(n, n, &mut |_| {}).unwrap();
        for a in 0..=n {
            for b in a..=n {
                let g = table.get(a, b).unwrap();
                assert_eq!(g == 0, theory::is_p_position(a, b), "({a}, {b}): {g}");
            }
        }
    }

    /// Issue 20's bar, to 10^4 x 10^4 (5 * 10^7 positions, about 10 s):
    /// `cargo test --release -p grundy --lib wythoff -- --ignored`.
    #[test]
    #[ignore]
    fn p_positions_of_the_closed_form_are_the_engines_zeros_to_ten_thousand() {
        let n = 10_000u64;
        let table = Table::compute(n, n, &mut |_| {}).unwrap();
        let mut zeros = 0;
        for a in 0..=n {
            for b in a..=n {
                let g = table.get(a, b).unwrap();
                assert_eq!(g == 0, theory::is_p_position(a, b), "({a}, {b}): {g}");
                zeros += u64::from(g == 0);
            }
        }
        // k = 0..=3820: B_3820 = 10^4 (computed apart with Python's math.isqrt).
        assert_eq!(zeros, 3821);
    }

    #[test]
    fn rows_zero_and_one_agree_with_the_engine() {
        let table = Table::compute(1, 20_000, &mut |_| {}).unwrap();
        for a in 0..=1 {
            for b in 0..=20_000 {
                assert_eq!(
                    table.get(a, b).unwrap(),
                    theory::row_value(a, b).unwrap().unwrap()
                );
            }
        }
    }

    #[test]
    fn huge_positions_answer_by_the_closed_form() {
        let mut solver = WythoffSolver::default();
        // (A_k, B_k) for k = 3 * 10^18: past every table.
        let k = 3_000_000_000_000_000_000u64;
        let (a, b) = (theory::lower(k) as u64, theory::upper(k) as u64);
        let e = solver.evaluate_outcome(&[b, a]).unwrap();
        assert_eq!((e.value, e.outcome), (Some(0), Outcome::P));
        let e = solver.evaluate_outcome(&[a, b + 1]).unwrap();
        assert_eq!((e.value, e.outcome), (None, Outcome::N));
        assert!(solver.table.is_none(), "no table was built");
        // The winning move from (a + 5, b) takes 5 from pile 1 (or a move elsewhere).
        let moves = Wythoff.theory_winning_moves(&[a + 5, b]).unwrap();
        assert!(moves
            .iter()
            .any(|m| m.to == [a, b] && m.description == "take 5 from pile 1"));
        assert!(Wythoff.moves(&[a, b]).is_err());
        // Value near 2^63 of the brief's example: an outcome, at once.
        let (x, y) = (9_223_372_036_854_775_000, 9_223_372_036_854_775_807);
        let e = solver.evaluate_outcome(&[x, y]).unwrap();
        assert_eq!((e.value, e.outcome), (None, Outcome::N));
        assert!(!theory::is_p_position(x, y));
    }

    #[test]
    fn moves_and_hints() {
        let moves = Wythoff.moves(&[2, 3]).unwrap();
        let described: Vec<_> = moves.iter().map(|m| m.description.as_str()).collect();
        assert_eq!(
            described,
            [
                "take 1 from pile 1",
                "take 2 from pile 1",
                "take 1 from pile 2",
                "take 2 from pile 2",
                "take 3 from pile 2",
                "take 1 from both piles",
                "take 2 from both piles"
            ]
        );
        let winning: Vec<_> = query::moves(&Wythoff, &[2, 3])
            .unwrap()
            .into_iter()
            .filter(|m| m.winning)
            .map(|m| m.to.into_position())
            .collect();
        let theory: Vec<_> = Wythoff
            .theory_winning_moves(&[2, 3])
            .unwrap()
            .into_iter()
            .map(|m| m.to)
            .collect();
        assert_eq!(winning, theory);
        // (1, 2) is the first P-position past (0, 0): reached from pile 2 or from both.
        assert_eq!(winning, [vec![2, 1], vec![1, 2]]);
        assert!(Wythoff
            .explain_move(&[2, 3], &[2, 1])
            .unwrap()
            .contains("P-position"));
        assert!(Wythoff.explain_move(&[2, 3], &[2, 2]).is_none());
    }

    #[test]
    fn sequences_and_tables_use_the_table() {
        let seq = query::sequence(&Wythoff, &[Some(13), None], 0, 13, &mut |_| {}).unwrap();
        // Nivasch's table, row 13.
        assert_eq!(seq, [13, 14, 12, 11, 16, 15, 17, 2, 0, 5, 6, 19, 20, 9]);
        let mirrored = query::sequence(&Wythoff, &[None, Some(13)], 0, 13, &mut |_| {}).unwrap();
        assert_eq!(seq, mirrored);
        let reference = table::by_definition(40);
        let cells = query::table(&Wythoff, &[None, None], 40, &mut |_| {}).unwrap();
        for cell in cells {
            let (a, b) = (cell.position[0] as usize, cell.position[1] as usize);
            assert_eq!(cell.value, reference[a][b]);
        }
    }

    #[test]
    fn row_proofs_only_for_rows_zero_and_one() {
        for (row, proven) in [(0, true), (1, true), (2, false), (3, false)] {
            let template = [Some(row), None];
            let values = query::sequence(&Wythoff, &template, 0, 600, &mut |_| {}).unwrap();
            let report = query::analyze(&Wythoff, &template, 0, &values).unwrap();
            assert_eq!(report.proven, proven, "row {row}");
            if let Some(p) = &report.analysis.periodicity {
                assert_eq!(p.saltus, i128::from(p.period), "row {row}");
            }
        }
    }

    proptest! {
        #[test]
        fn closed_form_outcome_matches_the_engine(a in 0u64..1500, b in 0u64..1500) {
            let mut solver = WythoffSolver::default();
            let g = solver.value(&[a, b]).unwrap();
            prop_assert_eq!(g == 0, theory::is_p_position(a, b));
            let reference = Table::compute(a.min(b), a.max(b), &mut |_| {}).unwrap();
            prop_assert_eq!(reference.get(a, b), Some(g));
        }

        #[test]
        fn winning_moves_are_the_moves_to_zero(a in 0u64..60, b in 0u64..60) {
            let by_values: Vec<Vec<u64>> = query::moves(&Wythoff, &[a, b]).unwrap()
                .into_iter().filter(|m| m.winning).map(|m| m.to.into_position()).collect();
            let theory: Vec<Vec<u64>> = Wythoff.theory_winning_moves(&[a, b]).unwrap()
                .into_iter().map(|m| m.to).collect();
            prop_assert_eq!(by_values, theory);
        }
    }
}
