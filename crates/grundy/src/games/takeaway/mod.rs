//! One-pile Nim with an arbitrary move function (A. Holshouser and H. Reiter, *One Pile Nim with
//! Arbitrary Move Function*, Electron. J. Combin. 10 (2003) #N7).
//!
//! A position is `(N, x)`: `N` counters, and at most `x` may be taken next. A move takes `k`,
//! `1 <= k <= min(N, x)`, and goes to `(N - k, f(k))`: the move function `f` fixes how many the
//! opponent may take next. `f(k) = 2k` is Fibonacci Nim; `f(k) = k` lets each player take at most
//! what the other just took.
//!
//! - [`direct`]: `g(N)`, the least `x` for which `(N, x)` is a win for the player to move, by the
//!   direct rule `g(N) = min { k : f(k) < g(N - k) }`, `g(0) = infinity`.
//! - [`base`]: the paper's g-base `B_f`, `g0`, the representations of Lemmas 1 and 2 and the main
//!   theorem `g(N) = g0(smallest part of N)`: outcomes and winning moves at any `N` (u128).
//! - [`sg`]: beyond the paper, the SG values `G(N, x)`, non-decreasing in `x`.
//! - [`expr`], [`function`]: `f` as an integer expression in `k` or a table file.
//! - [`theory`]: the known cases and the claims `grundy verify` checks.
//!
//! The ruleset answers values from the SG rows for `N <= `[`sg::MAX_SG_N`], and outcomes with
//! the winning move from the main theorem for every `N`.

pub mod base;
pub mod direct;
pub mod expr;
pub mod function;
pub mod sg;
pub mod spec;
pub mod theory;

use std::sync::Mutex;

use serde::Serialize;

use crate::analysis::Periodicity;
use crate::ruleset::{
    Arity, DefaultSequence, Evaluation, Move, OutcomeEvaluation, Ruleset, Solver, MAX_SEQUENCE_LEN,
};
use crate::solve::SearchSolver;
use crate::{Error, Game, Outcome, Result};

pub use base::{GBase, Representation};
pub use function::MoveFunction;

/// Positions with more moves than this are refused by `moves`.
pub const MAX_LISTED_MOVES: u64 = 1_000_000;

/// The game for one move function, with its g-base built as far as queries need.
#[derive(Debug)]
pub struct Takeaway {
    f: MoveFunction,
    base: Mutex<GBase>,
}

impl Clone for Takeaway {
    fn clone(&self) -> Self {
        Takeaway {
            f: self.f.clone(),
            base: Mutex::new(self.lock_base().clone()),
        }
    }
}

/// The theorem's answer at one position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TheoremAnswer {
    /// `N`.
    pub n: u128,
    /// `x`.
    pub x: u128,
    /// `N`'s representation in the g-base.
    pub representation: Representation,
    /// `g(N) = g0(smallest part)`.
    pub g: u128,
    /// N when `x >= g(N)`, else P.
    pub outcome: Outcome,
    /// The winning move `(N - g, f(g))`, when the outcome is N.
    pub winning_move: Option<(u128, u128)>,
}

impl Takeaway {
    /// The game with move function `f`.
    pub fn new(f: MoveFunction) -> Self {
        Takeaway {
            f,
            base: Mutex::new(GBase::new()),
        }
    }

    /// The move function.
    pub fn function(&self) -> &MoveFunction {
        &self.f
    }

    fn lock_base(&self) -> std::sync::MutexGuard<'_, GBase> {
        // A panic while holding the lock cannot leave a half-built member: members are pushed
        // whole, so the data is usable even if poisoned.
        self.base.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Runs `read` on the g-base built up to `n` at least.
    pub fn with_base<R>(&self, n: u128, read: impl FnOnce(&GBase) -> Result<R>) -> Result<R> {
        let mut base = self.lock_base();
        if !base.covers(n) {
            base.extend_to(&self.f, n)?;
        }
        read(&base)
    }

    /// `g(N)` for `N >= 1` by the main theorem.
    pub fn g(&self, n: u128) -> Result<u128> {
        self.with_base(n, |base| base.g(n))
    }

    /// The outcome of `(N, x)` and the winning move, by the main theorem.
    pub fn theorem(&self, n: u128, x: u128) -> Result<TheoremAnswer> {
        if n == 0 {
            return Err(Error::Invalid("(0, x) has no move: a P-position".into()));
        }
        let (representation, g) =
            self.with_base(n, |base| Ok((base.representation(n)?, base.g(n)?)))?;
        let winning_move = if x >= g {
            Some((n - g, self.f.eval(g)?))
        } else {
            None
        };
        Ok(TheoremAnswer {
            n,
            x,
            representation,
            g,
            outcome: if x >= g { Outcome::N } else { Outcome::P },
            winning_move,
        })
    }

    /// Whether `(m, y)` is a P-position, by the theorem (`(0, y)` always is).
    fn is_p(&self, m: u128, y: u128) -> Result<bool> {
        Ok(m == 0 || y < self.g(m)?)
    }
}

impl Game for Takeaway {
    type Position = (u64, u64);

    /// The options; a move whose `f(k)` fails or does not fit 64 bits is left out (the
    /// [`Ruleset`] reports it as an error instead).
    fn options(&self, &(n, x): &(u64, u64), out: &mut Vec<(u64, u64)>) {
        for k in 1..=n.min(x) {
            if let Some(y) = self
                .f
                .eval(u128::from(k))
                .ok()
                .and_then(|v| u64::try_from(v).ok())
            {
                out.push((n - k, y));
            }
        }
    }
}

/// Writes `N`'s representation: `3 + 8 + 89`, `1 + 3*2`, with long ones shortened.
pub fn show_representation(r: &Representation, last: Option<u128>) -> String {
    let mut terms: Vec<String> = if r.parts.len() > 8 {
        let mut t: Vec<String> = r.parts[..3].iter().map(u128::to_string).collect();
        t.push(format!("... ({} parts)", r.parts.len()));
        t.extend(r.parts[r.parts.len() - 2..].iter().map(u128::to_string));
        t
    } else {
        r.parts.iter().map(u128::to_string).collect()
    };
    if r.theta > 0 {
        terms.push(format!("{}*{}", r.theta, last.unwrap_or(r.smallest)));
    }
    terms.join(" + ")
}

impl Ruleset for Takeaway {
    fn spec(&self) -> String {
        format!("takeaway:{}", self.f.spec_param())
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
        "N,x: the pile and the most that may be taken next, like 20,3".into()
    }

    fn coordinate_name(&self, index: usize, _count: usize) -> String {
        if index == 0 {
            "N (the pile)".into()
        } else {
            "x (the most that may be taken)".into()
        }
    }

    fn min_coordinate(&self, index: usize) -> u64 {
        u64::from(index == 1)
    }

    fn moves(&self, position: &[u64]) -> Result<Vec<Move>> {
        let (n, x) = (position[0], position[1]);
        let count = n.min(x);
        if count > MAX_LISTED_MOVES {
            return Err(Error::TooLarge(format!(
                "this position has {count} moves, more than the {MAX_LISTED_MOVES} that are listed"
            )));
        }
        (1..=count)
            .map(|k| {
                let fk = self.f.eval(u128::from(k))?;
                let y = u64::try_from(fk).map_err(|_| {
                    Error::Overflow(format!(
                        "f({k}) = {fk} does not fit a 64-bit position coordinate"
                    ))
                })?;
                Ok(Move {
                    to: vec![n - k, y],
                    description: format!("take {k}"),
                })
            })
            .collect()
    }

    /// Taking one counter at a time is always legal (`f(1) >= 1`): `(N - k, f(1))` for
    /// `k = 1..N` and the start itself.
    fn reachable_at_least(&self, position: &[u64]) -> u128 {
        u128::from(position[0]) + 1
    }

    fn solver(&self) -> Option<Box<dyn Solver + '_>> {
        Some(Box::new(TakeawaySolver {
            game: self,
            rows: sg::SgRows::new(),
            search: None,
        }))
    }

    fn explain_move(&self, position: &[u64], to: &[u64]) -> Option<String> {
        let (n, x) = (u128::from(position[0]), u128::from(position[1]));
        let k = n.checked_sub(u128::from(to[0]))?;
        if k == 0 || k > x {
            return None;
        }
        let fk = self.f.eval(k).ok()?;
        let left = n - k;
        if !self.is_p(left, fk).ok()? {
            return None;
        }
        let why_p = if left == 0 {
            "it takes the last counter".to_string()
        } else {
            format!(
                "it leaves ({left}, {fk}), a P-position since f({k}) = {fk} < g({left}) = {}",
                self.g(left).ok()?
            )
        };
        let answer = self.theorem(n, x).ok()?;
        let last = self
            .with_base(n, |b| Ok(b.members().last().copied()))
            .ok()?;
        let theorem = format!(
            "{n} = {} in the g-base B_f, smallest part {}, so g({n}) = g0({}) = {} (Holshouser-Reiter, main theorem)",
            show_representation(&answer.representation, last),
            answer.representation.smallest,
            answer.representation.smallest,
            answer.g
        );
        Some(if k == answer.g {
            format!("take g({n}) = {k}: {theorem}; {why_p}")
        } else {
            format!(
                "take {k}: {why_p} (the theorem's move takes g({n}) = {}; {theorem})",
                answer.g
            )
        })
    }

    /// The sequence `g(N)` (empty template), from the values alone. By the direct rule
    /// `g(N) = min { k : f(k) < g(N - k) }`. Let `M` be the largest value from the preperiod `e`
    /// on. If `g(N) <= M`, the least `k` is at most `M`, so `g(N)` is decided by
    /// `g(N - M), ..., g(N - 1)` alone (for `N > M`, none of them is `g(0) = infinity`). So once
    /// those `M` values repeat one period later, at some `N0 >= max(e + M, M + 1)`, and every
    /// value of the period from `N0` is at most `M`, the same choices repeat for ever
    /// (induction on `N`). The main theorem is not used.
    fn periodicity_proof(
        &self,
        template: &[Option<u64>],
        from: u64,
        values: &[u64],
        periodicity: &Periodicity,
    ) -> Option<String> {
        if !template.is_empty() || periodicity.saltus != 0 || values.is_empty() {
            return None;
        }
        let (e, p) = (periodicity.preperiod, periodicity.period);
        let last = from + values.len() as u64 - 1;
        let tail = values.get(e.checked_sub(from)? as usize..)?;
        let m = *tail.iter().max()?;
        let n0 = e.checked_add(m)?.max(m + 1);
        (n0.checked_add(p)? - 1 <= last).then(|| {
            format!(
                "g(N) = min {{ k : f(k) < g(N-k) }} is at most {m} from N = {e} on, so it is decided by the {m} values before N; those values repeat with period {p} at N = {n0}, so the period holds for ever"
            )
        })
    }

    fn default_sequence(
        &self,
        from: Option<u64>,
        to: u64,
        progress: &mut dyn FnMut(u64),
    ) -> Option<Result<DefaultSequence>> {
        Some(self.g_sequence(from.unwrap_or(1), to, progress))
    }

    fn default_sequence_start(&self) -> Option<u64> {
        Some(1)
    }
}

impl Takeaway {
    /// `g(from..=to)`: by the direct rule up to [`direct::MAX_DIRECT_N`], by the main theorem
    /// beyond.
    pub fn g_sequence(
        &self,
        from: u64,
        to: u64,
        progress: &mut dyn FnMut(u64),
    ) -> Result<DefaultSequence> {
        if from == 0 {
            return Err(Error::Invalid(
                "g(0) is infinite ((0, x) has no move); start at --from 1".into(),
            ));
        }
        if from > to {
            return Err(Error::Invalid(format!(
                "--from {from} is larger than --to {to}"
            )));
        }
        if to - from >= MAX_SEQUENCE_LEN {
            return Err(Error::TooLarge(format!(
                "a sequence may have at most {MAX_SEQUENCE_LEN} values"
            )));
        }
        let values = if to <= direct::MAX_DIRECT_N {
            let g = direct::g_values(&self.f, to, progress)?;
            g[from as usize..].iter().map(|&v| u64::from(v)).collect()
        } else {
            self.with_base(u128::from(to), |base| {
                (from..=to)
                    .map(|n| base.g(u128::from(n)).map(|g| g as u64))
                    .collect()
            })?
        };
        Ok(DefaultSequence {
            name: "g(N), the least x for which (N, x) is a win for the player to move".into(),
            from,
            values,
        })
    }
}

/// The g-base of a game up to a bound, as `grundy base` reports it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BaseReport {
    /// The game's canonical spec.
    pub game: String,
    /// The bound: every member `<= to` is listed.
    pub to: u128,
    /// The members `b_0, b_1, ... <= to`.
    pub base: Vec<u128>,
    /// `g0` of each member.
    pub g0: Vec<u128>,
    /// Whether the base ends (at its last listed member); `false` means it goes on past `to`.
    pub finite: bool,
    /// The first member past `to`, when the base goes on.
    pub next: Option<u128>,
}

/// The g-base `B_f` and `g0` of the takeaway game `spec`, every member `<= to`.
pub fn base_report(spec: &str, to: u128) -> Result<BaseReport> {
    let game = spec::parse_takeaway(spec)?;
    game.with_base(to, |base| {
        let count = base.members().partition_point(|&b| b <= to);
        let finite = base.finite() == Some(true) && count == base.members().len();
        Ok(BaseReport {
            game: game.spec(),
            to,
            base: base.members()[..count].to_vec(),
            g0: base.g0()[..count].to_vec(),
            finite,
            next: if finite {
                None
            } else {
                base.members().get(count).copied().or(base.next_member())
            },
        })
    })
}

/// Values from the SG rows, outcomes beyond them from the main theorem; a table `f` shorter
/// than the pile goes to the memoised search, which reads `f` only where a move needs it.
struct TakeawaySolver<'a> {
    game: &'a Takeaway,
    rows: sg::SgRows,
    search: Option<SearchSolver<'a>>,
}

impl TakeawaySolver<'_> {
    /// Whether the rows would need `f` beyond its table (rows to `N` read `f(1..=N)`).
    fn table_too_short(&self, n: u64) -> bool {
        self.game.f.table_len().is_some_and(|len| n > len)
    }
}

impl Solver for TakeawaySolver<'_> {
    fn value(&mut self, position: &[u64]) -> Result<u64> {
        Ok(self.evaluate(position)?.value)
    }

    fn evaluate(&mut self, position: &[u64]) -> Result<Evaluation> {
        let (n, x) = (position[0], position[1]);
        if self.table_too_short(n) {
            let game = self.game;
            let search = self.search.get_or_insert_with(|| SearchSolver::new(game));
            return Ok(Evaluation {
                value: search.value(position)?,
                method: "memoised search over the positions reachable (the table of f is shorter than the pile; f is read only where a move needs it)".into(),
            });
        }
        self.rows.extend_to(&self.game.f, n)?;
        Ok(Evaluation {
            value: self.rows.get(n as usize, x),
            method: "SG rows (G(N, x) is non-decreasing in x: each row kept as its thresholds)"
                .into(),
        })
    }

    fn evaluate_outcome(&mut self, position: &[u64]) -> Result<OutcomeEvaluation> {
        let (n, x) = (position[0], position[1]);
        if n <= sg::MAX_SG_N || self.table_too_short(n) {
            let evaluation = self.evaluate(position)?;
            return Ok(OutcomeEvaluation {
                infinite: None,
                value: Some(evaluation.value),
                outcome: Outcome::of(evaluation.value),
                method: evaluation.method,
            });
        }
        let answer = self.game.theorem(u128::from(n), u128::from(x))?;
        let last = self
            .game
            .with_base(u128::from(n), |b| Ok(b.members().last().copied()))?;
        let head = format!(
            "main theorem (Holshouser-Reiter): N = {} in the g-base, g(N) = g0({}) = {}",
            show_representation(&answer.representation, last),
            answer.representation.smallest,
            answer.g
        );
        let method = match answer.winning_move {
            Some((m, y)) => format!(
                "{head} <= x: winning move take {} to ({m},{y}); SG value computed for N <= {} only",
                answer.g,
                sg::MAX_SG_N
            ),
            None => format!(
                "{head} > x: every move loses; SG value computed for N <= {} only",
                sg::MAX_SG_N
            ),
        };
        Ok(OutcomeEvaluation {
            infinite: None,
            value: None,
            outcome: answer.outcome,
            method,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query;
    use proptest::prelude::*;

    fn game(text: &str) -> Takeaway {
        Takeaway::new(MoveFunction::expression(text).unwrap())
    }

    #[test]
    fn moves_follow_the_rules() {
        let g = game("2*k");
        let moves = g.moves(&[5, 3]).unwrap();
        let to: Vec<Vec<u64>> = moves.iter().map(|m| m.to.clone()).collect();
        assert_eq!(to, vec![vec![4, 2], vec![3, 4], vec![2, 6]]);
        assert!(g.moves(&[0, 3]).unwrap().is_empty());
        assert!(game("k - 2")
            .moves(&[5, 3])
            .unwrap_err()
            .to_string()
            .contains("f(1) = -1"));
        assert!(g.validate(&[5, 0]).is_err());
        assert!(g.validate(&[5]).is_err());
    }

    proptest! {
        /// The solver's values agree with the memoised engine over the ruleset's moves.
        #[test]
        fn solver_agrees_with_search(values in prop::collection::vec(1u64..15, 30..31), n in 0u64..30, x in 1u64..35) {
            let g = Takeaway::new(MoveFunction::table("random", values).unwrap());
            let mut fast = g.solver().unwrap();
            let mut search = SearchSolver::new(&g);
            prop_assert_eq!(fast.value(&[n, x]).unwrap(), search.value(&[n, x]).unwrap());
        }

        /// A periodicity proven from the first values of g (the window argument of
        /// `periodicity_proof`) holds far beyond them, by the direct rule as written.
        #[test]
        fn a_proven_period_of_g_holds_further(period in 1u64..9, values in prop::collection::vec(1u32..7, 9)) {
            // f periodic in k (any period up to 9), values 1..6: g has a finite range of choices.
            let f: Vec<u32> = (0..3000u64).map(|k| values[(k % period) as usize]).collect();
            let text: Vec<String> = f[1..].iter().map(u32::to_string).collect();
            let g = Takeaway::new(MoveFunction::table("periodic", f[1..].iter().map(|&v| u64::from(v)).collect()).unwrap());
            let first: Vec<u64> = direct::g_values_naive(&f[..301]).iter().skip(1).map(|&v| u64::from(v)).collect();
            let report = query::analyze(&g, &[], 1, &first).unwrap();
            if report.proven {
                let p = report.analysis.periodicity.unwrap();
                let far = direct::g_values_naive(&f);
                for n in p.preperiod as usize..far.len() - p.period as usize {
                    prop_assert_eq!(far[n], far[n + p.period as usize], "f = {:?}, n = {}", &text[..10], n);
                }
            }
        }

        /// Beyond the SG rows, outcomes come from the theorem; they agree with the direct rule.
        #[test]
        fn theorem_outcomes_agree_with_the_direct_rule(n in 1u64..3000, x in 1u64..3000) {
            let g = game("if(k % 3 == 0, 2*k, k + 1)");
            let direct = direct::g_values(g.function(), 3000, &mut |_| {}).unwrap();
            let answer = g.theorem(u128::from(n), u128::from(x)).unwrap();
            prop_assert_eq!(answer.outcome == Outcome::N, x >= u64::from(direct[n as usize]));
        }
    }

    /// Beyond the SG rows the outcome comes from the main theorem alone; at every N up to
    /// 300000 (fifteen times past the rows) it agrees with the direct rule, for move functions
    /// with an infinite g-base and with a finite one (k % 3 + 1, whose base ends).
    #[test]
    fn outcomes_beyond_the_sg_rows_agree_with_the_direct_rule() {
        for f in ["2*k", "k", "k % 3 + 1", "if(k % 3 == 0, 2*k, k + 1)", "k*k"] {
            let g = game(f);
            let direct = direct::g_values(g.function(), 300_000, &mut |_| {}).unwrap();
            for n in (sg::MAX_SG_N + 1..=300_000).step_by(97) {
                let gn = u64::from(direct[n as usize]);
                for x in [gn - 1, gn, gn + 1] {
                    if x == 0 {
                        continue;
                    }
                    let report = query::outcome(&g, &[n, x]).unwrap();
                    assert_eq!(report.outcome == Outcome::N, x >= gn, "f = {f}, ({n}, {x})");
                }
            }
        }
    }

    #[test]
    fn huge_positions_answer_outcome_and_winning_move() {
        let g = game("2*k");
        // 10^18 in Zeckendorf form; its smallest part decides. Independently: the smallest
        // Fibonacci part by the greedy algorithm on a freshly generated list.
        let n: u64 = 1_000_000_000_000_000_000;
        let mut fib = vec![1u64, 2];
        while let Some(next) = fib[fib.len() - 1].checked_add(fib[fib.len() - 2]) {
            fib.push(next);
        }
        let (mut rest, mut smallest) = (n, 0);
        for &b in fib.iter().rev() {
            if b <= rest {
                rest -= b;
                smallest = b;
            }
        }
        let report = query::outcome(&g, &[n, smallest]).unwrap();
        assert_eq!(report.value, None);
        assert_eq!(report.outcome, Outcome::N);
        assert!(
            report.method.contains(&format!(
                "take {smallest} to ({},{})",
                n - smallest,
                2 * smallest
            )),
            "{}",
            report.method
        );
        let report = query::outcome(&g, &[n, smallest - 1]).unwrap();
        assert_eq!(report.outcome, Outcome::P);
        // Explanation of the winning move.
        let why = g
            .explain_move(&[n, smallest], &[n - smallest, 2 * smallest])
            .unwrap();
        assert!(why.contains("main theorem"), "{why}");
        // The moves from (N, 5): only the theorem's one wins (its k is g(N) <= 5 here? check).
        let moves = query::move_outcomes(&g, &[n, 5]).unwrap();
        assert_eq!(moves.len(), 5);
        for m in &moves {
            let k = n - m.to[0];
            let expected = u128::from(m.to[1]) < g.g(u128::from(m.to[0])).unwrap();
            assert_eq!(m.winning, expected, "take {k}");
        }
    }

    /// A table of f only needs the values the moves reach: with f(1..3) = 1, 2, 3 every
    /// position (N, x <= 3) is valued, the same as with f(k) = k, whatever N.
    #[test]
    fn a_short_table_values_what_its_moves_reach() {
        let short = Takeaway::new(MoveFunction::table("short", vec![1, 2, 3]).unwrap());
        let full = game("k");
        let (mut a, mut b) = (short.solver().unwrap(), full.solver().unwrap());
        for n in 0..300 {
            for x in 1..=3 {
                assert_eq!(
                    a.value(&[n, x]).unwrap(),
                    b.value(&[n, x]).unwrap(),
                    "({n}, {x})"
                );
            }
        }
        // A move that needs f(4) is an error naming it.
        let err = a.value(&[8, 4]).unwrap_err().to_string();
        assert!(err.contains("f(4)"), "{err}");
    }

    #[test]
    fn small_positions_have_values() {
        let g = game("k");
        let report = query::outcome(&g, &[6, 2]).unwrap();
        // g(6) = 2 for f(k) = k (6 = 4 + 2): (6, 2) is an N-position.
        assert_eq!(report.outcome, Outcome::N);
        assert!(report.value.unwrap() > 0);
        assert_eq!(query::outcome(&g, &[6, 1]).unwrap().value, Some(0));
    }

    #[test]
    fn g_of_a_finite_base_is_proven_periodic() {
        let g = game("k % 3 + 1");
        let s = g.default_sequence(None, 100, &mut |_| {}).unwrap().unwrap();
        let report = query::analyze(&g, &[], s.from, &s.values).unwrap();
        let p = report.analysis.periodicity.unwrap();
        assert_eq!((p.period, p.preperiod), (7, 1));
        assert!(report.proven, "{report:?}");
        // too short a range proves nothing
        let s = g.default_sequence(None, 12, &mut |_| {}).unwrap().unwrap();
        assert!(!query::analyze(&g, &[], s.from, &s.values).unwrap().proven);
        // f(k) = k: no finite base, nothing proven
        let g = game("k");
        let s = g.default_sequence(None, 64, &mut |_| {}).unwrap().unwrap();
        assert!(!query::analyze(&g, &[], s.from, &s.values).unwrap().proven);
    }

    #[test]
    fn seq_without_position_is_g() {
        let g = game("k");
        let s = g.default_sequence(None, 8, &mut |_| {}).unwrap().unwrap();
        assert_eq!((s.from, s.values), (1, vec![1, 2, 1, 4, 1, 2, 1, 8]));
        let s = g
            .default_sequence(Some(1 << 40), (1 << 40) + 3, &mut |_| {})
            .unwrap()
            .unwrap();
        assert_eq!(s.values, vec![1 << 40, 1, 2, 1]);
        assert!(g
            .default_sequence(Some(0), 8, &mut |_| {})
            .unwrap()
            .is_err());
    }
}
