//! Fibonacci Nim (M. J. Whinihan 1963): one pile of `n` counters; the first player takes
//! between 1 and `n - 1`, and afterwards each player takes at least one and at most twice what
//! the other just took. Who takes the last counter wins.
//!
//! A position is `n,x`: `n` counters, at most `x` may be taken now (`n` alone is the start,
//! `n, n - 1`). **Outcomes** come from Whinihan's theorem ([`theory`]), via Zeckendorf's
//! representation, for piles of any size, with every winning move. **SG values** have no
//! known closed form: [`FibonacciSolver`] computes them by the definition for piles up to
//! [`theory::MAX_SG_N`] and otherwise gives the outcome alone (0 at a P-position). The game is
//! also `takeaway:f=2*k` (Holshouser and Reiter's move functions), which shares the outcomes.

pub mod spec;
pub mod theory;

use crate::ruleset::{Arity, Evaluation, Move, OutcomeEvaluation, Position, Ruleset, Solver};
use crate::{Error, Outcome, Result};

/// Fibonacci Nim.
#[derive(Debug, Clone, Copy, Default)]
pub struct FibonacciNim;

/// Positions with more moves than this are refused by `moves`; the theorem lists the winning
/// takes up to this many.
pub const MAX_LISTED_MOVES: u64 = 1_000_000;

/// `(n, x)` of a position: `n` alone is the start, at most `n - 1`.
pub fn state(position: &[u64]) -> (u64, u64) {
    match position {
        [n] => (*n, n.saturating_sub(1)),
        [n, x, ..] => (*n, *x),
        [] => (0, 0),
    }
}

fn make_move(n: u64, k: u64) -> Move {
    let counters = if k == 1 { "counter" } else { "counters" };
    Move {
        to: vec![n - k, k.saturating_mul(2)],
        description: format!("take {k} {counters}, leaving {}", n - k),
    }
}

impl Ruleset for FibonacciNim {
    fn spec(&self) -> String {
        "fibonacci-nim".into()
    }

    fn arity(&self) -> Arity {
        Arity::AtLeast(1)
    }

    fn position_hint(&self) -> String {
        "the pile and the most the next take may be, like 20,7 (the pile alone, like 20, is the start)".into()
    }

    fn coordinate_name(&self, index: usize, count: usize) -> String {
        match (index, count) {
            (0, 1) => "pile (start)".into(),
            (0, _) => "pile".into(),
            _ => "largest take".into(),
        }
    }

    fn validate(&self, position: &[u64]) -> Result<()> {
        if position.is_empty() || position.len() > 2 {
            return Err(Error::Position(format!(
                "this game's positions have 1 or 2 coordinates, got {}; expected {}",
                position.len(),
                self.position_hint()
            )));
        }
        Ok(())
    }

    fn moves(&self, position: &[u64]) -> Result<Vec<Move>> {
        let (n, x) = state(position);
        let count = x.min(n);
        if count > MAX_LISTED_MOVES {
            return Err(Error::TooLarge(format!(
                "this position has {count} moves, more than the {MAX_LISTED_MOVES} that are listed"
            )));
        }
        Ok((1..=count).map(|k| make_move(n, k)).collect())
    }

    /// `(n, min(x, n))`: a limit above the pile is the pile.
    fn canonical(&self, position: &[u64]) -> Position {
        let (n, x) = state(position);
        vec![n, x.min(n)]
    }

    fn explored_form(&self, position: &[u64]) -> Position {
        self.canonical(position)
    }

    /// Every position below is some `(m, y)` with `y <= m <= n`.
    fn reachable_at_most(&self, position: &[u64]) -> Option<u128> {
        let n = u128::from(state(position).0) + 1;
        Some(n.saturating_mul(n))
    }

    /// `seq` without a position runs along the starts.
    fn default_template(&self) -> Option<Vec<Option<u64>>> {
        Some(vec![None])
    }

    fn solver(&self) -> Option<Box<dyn Solver + '_>> {
        Some(Box::new(FibonacciSolver::default()))
    }

    fn explain_move(&self, position: &[u64], to: &[u64]) -> Option<String> {
        let (n, x) = state(position);
        let (m, y) = state(to);
        (theory::is_p_position(m, y) && !theory::is_p_position(n, x)).then(|| {
            if m == 0 {
                return "you took the last counter".into();
            }
            let terms: Vec<String> = theory::zeckendorf(m).iter().map(u64::to_string).collect();
            format!(
                "{m} = {} (Zeckendorf): its smallest term {} is more than the {y} your opponent may take, a P-position (Whinihan 1963)",
                terms.join(" + "),
                theory::smallest_term(m)
            )
        })
    }

    /// Every winning take by the theorem (checking each take, up to [`MAX_LISTED_MOVES`]);
    /// beyond, the take of the smallest Zeckendorf term.
    fn theory_winning_moves(&self, position: &[u64]) -> Option<Vec<Move>> {
        let (n, x) = state(position);
        if theory::is_p_position(n, x) {
            return Some(Vec::new());
        }
        let takes = theory::winning_takes(n, x, MAX_LISTED_MOVES)
            .unwrap_or_else(|| vec![theory::smallest_term(n)]);
        Some(takes.into_iter().map(|k| make_move(n, k)).collect())
    }
}

/// SG values by the definition up to [`theory::MAX_SG_N`] counters (row `n` holds `G(n, x)`
/// for `x <= n`, built in one pass keeping the mex of the takes so far), 0 at the P-positions of
/// Whinihan's theorem beyond, otherwise the outcome alone.
#[derive(Debug, Default)]
pub struct FibonacciSolver {
    rows: Vec<Vec<u16>>,
}

impl FibonacciSolver {
    fn build(&mut self, n: u64) {
        while self.rows.len() as u64 <= n {
            let m = self.rows.len();
            let mut seen = vec![false; m + 2];
            let mut mex = 0usize;
            let mut row = vec![0u16; m + 1];
            for (k, cell) in row.iter_mut().enumerate().skip(1) {
                let option = self.rows[m - k][(2 * k).min(m - k)] as usize;
                seen[option] = true;
                while seen[mex] {
                    mex += 1;
                }
                *cell = mex as u16;
            }
            self.rows.push(row);
        }
    }

    fn searched(&self, n: u64) -> bool {
        n <= theory::MAX_SG_N
    }

    /// Refuses a position whose value [`Solver::value`] would refuse: an N-position (by the
    /// theorem) beyond [`theory::MAX_SG_N`] counters.
    fn check(&self, position: &[u64]) -> Result<()> {
        let (n, x) = state(position);
        if self.searched(n) || theory::is_p_position(n, x) {
            return Ok(());
        }
        Err(Self::refusal(n))
    }

    fn refusal(n: u64) -> Error {
        Error::TooLarge(format!(
            "pile {n}: the SG values of Fibonacci Nim are computed by the definition for piles up to {} (no closed form is known)",
            theory::MAX_SG_N
        ))
    }
}

impl Solver for FibonacciSolver {
    fn value(&mut self, position: &[u64]) -> Result<u64> {
        let (n, x) = state(position);
        if self.searched(n) {
            self.build(n);
            return Ok(u64::from(self.rows[n as usize][x.min(n) as usize]));
        }
        self.check(position)?;
        Ok(0)
    }

    /// A sequence reaching past [`theory::MAX_SG_N`] counters at an N-position is refused
    /// before its first value (issue 50).
    fn sequence_blocks(
        &mut self,
        template: &[Option<u64>],
        range: std::ops::Range<u64>,
        sink: &mut crate::ruleset::BlockSink,
    ) -> Result<()> {
        crate::ruleset::sequence_checked(self, template, range, sink, Self::check)
    }

    fn evaluate(&mut self, position: &[u64]) -> Result<Evaluation> {
        let (n, x) = state(position);
        let value = self.value(position)?;
        Ok(Evaluation {
            value,
            method: if self.searched(n) {
                "search by the definition (no closed form is known for the SG values of Fibonacci Nim)".into()
            } else {
                p_method(n, x)
            },
        })
    }

    fn evaluate_outcome(&mut self, position: &[u64]) -> Result<OutcomeEvaluation> {
        let (n, x) = state(position);
        match self.evaluate(position) {
            Ok(e) => Ok(OutcomeEvaluation {
                infinite: None,
                value: Some(e.value),
                outcome: Outcome::of(e.value),
                method: e.method,
            }),
            Err(Error::TooLarge(why)) => Ok(OutcomeEvaluation {
                infinite: None,
                value: None,
                outcome: Outcome::N,
                method: format!(
                    "Whinihan's theorem (1963): {}, whose smallest term {} is at most the {} that may be taken: an N-position, take {}; SG value out of reach ({why})",
                    zeckendorf_sum(n),
                    theory::smallest_term(n),
                    x.min(n),
                    theory::smallest_term(n)
                ),
            }),
            Err(e) => Err(e),
        }
    }
}

/// `n`'s Zeckendorf representation in words, the middle left out beyond four terms.
fn zeckendorf_sum(n: u64) -> String {
    let terms: Vec<String> = theory::zeckendorf(n).iter().map(u64::to_string).collect();
    match terms.len() {
        1 => format!("{n} is a Fibonacci number"),
        len if len <= 4 => format!("{n} = {} (Zeckendorf)", terms.join(" + ")),
        len => format!(
            "{n} = {} + ... + {} (Zeckendorf, {len} terms)",
            terms[0],
            terms[len - 2..].join(" + ")
        ),
    }
}

fn p_method(n: u64, x: u64) -> String {
    format!(
        "Whinihan's theorem (1963): {}, whose smallest term is more than the {} that may be taken: a P-position (value 0)",
        zeckendorf_sum(n),
        x.min(n)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query;
    use proptest::prelude::*;

    #[test]
    fn the_solver_agrees_with_the_definition() {
        let g = theory::by_definition(400);
        let mut solver = FibonacciSolver::default();
        for (n, row) in g.iter().enumerate() {
            for (x, &v) in row.iter().enumerate() {
                assert_eq!(
                    solver.value(&[n as u64, x as u64]).unwrap(),
                    v,
                    "({n}, {x})"
                );
            }
            // A limit above the pile is the pile; the pile alone is the start.
            assert_eq!(solver.value(&[n as u64, 10_000]).unwrap(), row[n]);
            assert_eq!(solver.value(&[n as u64]).unwrap(), row[n.saturating_sub(1)]);
        }
        // By hand: (2, 1) takes 1 to (1, 2), which takes the last: values 1 and 0, so G = 0.
        assert_eq!(g[2][1], 0);
        assert_eq!(g[1][1], 1);
    }

    #[test]
    fn starts_lose_exactly_on_fibonacci_numbers() {
        let losing: Vec<u64> = (1..=100)
            .filter(|&n| query::outcome(&FibonacciNim, &[n]).unwrap().outcome == Outcome::P)
            .collect();
        assert_eq!(losing, [1, 2, 3, 5, 8, 13, 21, 34, 55, 89]);
    }

    #[test]
    fn huge_piles_answer_by_the_theorem() {
        // F(92) = 7540113804746346429: the start loses.
        let f92 = 7_540_113_804_746_346_429u64;
        let e = query::outcome(&FibonacciNim, &[f92]).unwrap();
        assert_eq!((e.value, e.outcome), (Some(0), Outcome::P));
        // 10^18 + 1 = ... + 55 + 21 + 3: N, the winning take 3 (and only it beyond the listing).
        let e = query::outcome(&FibonacciNim, &[1_000_000_000_000_000_001]).unwrap();
        assert_eq!((e.value, e.outcome), (None, Outcome::N));
        let moves = FibonacciNim
            .theory_winning_moves(&[1_000_000_000_000_000_001])
            .unwrap();
        assert_eq!(moves.len(), 1);
        assert_eq!(
            moves[0].description,
            "take 3 counters, leaving 999999999999999998"
        );
        let to = &moves[0].to;
        assert!(theory::is_p_position(to[0], to[1]));
        assert!(FibonacciNim.moves(&[1_000_000_000_000_000_001]).is_err());
        assert!(FibonacciNim.validate(&[1, 2, 3]).is_err());
    }

    proptest! {
        #[test]
        fn theorem_lists_exactly_the_winning_takes(n in 0u64..400, x in 0u64..500) {
            let g = theory::by_definition(n as usize);
            let by_values: Vec<u64> = (1..=x.min(n))
                .filter(|&k| g[(n - k) as usize][(2 * k).min(n - k) as usize] == 0)
                .collect();
            prop_assert_eq!(theory::winning_takes(n, x, u64::MAX).unwrap(), by_values);
            prop_assert_eq!(theory::is_p_position(n, x), g[n as usize][x.min(n) as usize] == 0);
        }
    }
}
