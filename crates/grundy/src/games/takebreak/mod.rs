//! General take-and-break games (CGSuite's codes) and all-but subtraction games.
//!
//! A position is one or more heaps; a move takes `t` tokens from one heap and splits what is
//! left into the number of non-empty heaps the code's digit `d_t` allows, with the digit's
//! constraint on their sizes ([`code`]): `tbreak:0.G` takes one token and leaves exactly four
//! heaps, `tbreak:4=.0` splits a heap into two equal ones, `tbreak:0.[37]` takes any number and
//! may split when it took an even number, `allbut:s=1,3` subtracts any number but 1 and 3.
//!
//! Which engine answers:
//! - codes that are octal or hexadecimal codes (and Grundy's game, `4!.0`) are built as
//!   [`crate::games::octal::HeapGame`]s: the sparse-space engine and the periodicity theorem;
//! - all-but subtraction games (`allbut:s=X`, or a code `0.` of 0s and 3s ending in `[3]`)
//!   run on [`allbut::AllBut`], linear time, arithmetic periods proven by the lemma in
//!   [`theory`];
//! - every other code runs on [`engine::Engine`], exact and quadratic, with a length limit
//!   per kind of split; periods are proven by the Guy-Smith argument for finite codes whose
//!   splits are unconstrained and leave a bounded number of heaps, and observed otherwise.

pub mod allbut;
pub mod code;
pub mod engine;
pub mod reference;
pub mod spec;
pub mod theory;

use std::ops::ControlFlow;

use crate::analysis::Periodicity;
use crate::games::octal::period;
use crate::ruleset::HeapShape;
use crate::ruleset::{Arity, Evaluation, Move, Ruleset, Solver};
use crate::{Error, Result};
use allbut::{AllBut, ArithmeticProof};
use code::Code;
use engine::Engine;

/// Positions with more moves than this are refused by `moves` (the list would not be read).
pub const MAX_LISTED_MOVES: u64 = 1_000_000;

/// A take-and-break game that is not an octal or hexadecimal code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TakeBreak {
    code: Code,
    name: String,
    /// The excluded set, when the game is an all-but subtraction game.
    all_but: Option<Vec<u64>>,
}

impl TakeBreak {
    /// The game of `code`, called `name` in specs and output.
    pub fn new(code: Code, name: impl Into<String>) -> Self {
        let all_but = code.as_all_but();
        TakeBreak {
            code,
            name: name.into(),
            all_but,
        }
    }

    /// The code.
    pub fn code(&self) -> &Code {
        &self.code
    }

    /// What the periodicity theorem needs (`k`, `j`), for finite codes whose splits are
    /// unconstrained and leave a bounded number of heaps.
    pub fn shape(&self) -> Option<HeapShape> {
        if !self.code.is_free() {
            return None;
        }
        Some(HeapShape {
            last_digit: self.code.last_digit()?,
            heaps: self.code.max_heaps()?,
        })
    }

    /// Every option of a heap of `n`: `visit(tokens taken, heaps left)`; stops when `visit`
    /// breaks.
    pub fn each_option(&self, n: u64, visit: &mut dyn FnMut(u64, &[u64]) -> ControlFlow<()>) {
        let mut parts = Vec::new();
        for t in 0..=n {
            let digit = self.code.digit(t);
            if digit.is_zero() {
                if self.code.repeat() == 0 && t as usize >= self.code.digits().len() {
                    return;
                }
                continue;
            }
            let left = n - t;
            for (j, more, c) in digit.atoms() {
                let top = if more { left } else { j };
                for k in j..=top.min(left.max(j)) {
                    let flow = match k {
                        0 if left == 0 => visit(t, &[]),
                        0 => ControlFlow::Continue(()),
                        1 if left >= 1 => visit(t, &[left]),
                        1 => ControlFlow::Continue(()),
                        k => partitions(left, k, 1, c, &mut parts, &mut |p| visit(t, p)),
                    };
                    if flow.is_break() {
                        return;
                    }
                }
            }
        }
    }

    /// How many moves a position has, counted up to `cap` (more: `cap + 1`).
    fn move_count(&self, position: &[u64], cap: u64) -> u64 {
        let mut count = 0u64;
        for &n in position {
            self.each_option(n, &mut |_, _| {
                count += 1;
                if count > cap {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
            if count > cap {
                break;
            }
        }
        count
    }

    fn check_listing(&self, position: &[u64]) -> Result<()> {
        let count = self.move_count(position, MAX_LISTED_MOVES);
        if count > MAX_LISTED_MOVES {
            return Err(Error::TooLarge(format!(
                "this position has more than {MAX_LISTED_MOVES} moves to list"
            )));
        }
        let longest = self.code.max_heaps().unwrap_or(64).min(64) as usize;
        crate::ruleset::check_listing(u128::from(count), position.len() + longest)
    }
}

/// The partitions of `total` into `k` parts `>= min`, ascending, allowed by `c`.
fn partitions(
    total: u64,
    k: u64,
    min: u64,
    c: code::Constraint,
    parts: &mut Vec<u64>,
    visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    use code::Constraint::*;
    if k == 1 {
        if total < min {
            return ControlFlow::Continue(());
        }
        parts.push(total);
        let ok = parts.len() < 2 || c.allows(parts);
        let flow = if ok {
            visit(parts)
        } else {
            ControlFlow::Continue(())
        };
        parts.pop();
        return flow;
    }
    if c == Equal {
        // Only the split into k equal parts.
        if parts.is_empty() && total.is_multiple_of(k) && total / k >= min {
            let equal = vec![total / k; k as usize];
            return visit(&equal);
        }
        return ControlFlow::Continue(());
    }
    let mut a = min;
    while a.saturating_mul(k) <= total {
        parts.push(a);
        let next = if c == Unequal { a + 1 } else { a };
        let flow = partitions(total - a, k - 1, next, c, parts, visit);
        parts.pop();
        flow?;
        a += 1;
    }
    ControlFlow::Continue(())
}

/// The position with heap `i` replaced by `parts` (no heap left: the position `0`).
fn replace(position: &[u64], i: usize, parts: &[u64]) -> Vec<u64> {
    let mut to: Vec<u64> = position[..i].to_vec();
    to.extend_from_slice(parts);
    to.extend_from_slice(&position[i + 1..]);
    if to.is_empty() {
        to.push(0);
    }
    to
}

fn heaps_text(parts: &[u64]) -> String {
    match parts {
        [a] => format!("a heap of {a}"),
        [rest @ .., last] => {
            let rest: Vec<String> = rest.iter().map(u64::to_string).collect();
            format!("heaps of {} and {last}", rest.join(", "))
        }
        [] => "nothing".into(),
    }
}

impl Ruleset for TakeBreak {
    fn spec(&self) -> String {
        self.name.clone()
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
        Arity::AtLeast(1)
    }

    fn position_hint(&self) -> String {
        "heap sizes, like 3,5,6".into()
    }

    fn coordinate_name(&self, index: usize, count: usize) -> String {
        if count == 1 {
            "heap size".into()
        } else {
            format!("heap {}", index + 1)
        }
    }

    fn moves(&self, position: &[u64]) -> Result<Vec<Move>> {
        self.check_listing(position)?;
        let mut moves = Vec::new();
        for (i, &n) in position.iter().enumerate() {
            self.each_option(n, &mut |t, parts| {
                let heap = i + 1;
                let description = match (t, parts.len()) {
                    (_, 0) => format!("take all {t} from heap {heap}"),
                    (0, _) => format!("split heap {heap} into {}", heaps_text(parts)),
                    _ => format!("take {t} from heap {heap}, leaving {}", heaps_text(parts)),
                };
                moves.push(Move {
                    to: replace(position, i, parts),
                    description,
                });
                ControlFlow::Continue(())
            });
        }
        Ok(moves)
    }

    fn options(&self, position: &[u64]) -> Result<Vec<Vec<u64>>> {
        self.check_listing(position)?;
        let mut options = Vec::new();
        for (i, &n) in position.iter().enumerate() {
            self.each_option(n, &mut |_, parts| {
                options.push(replace(position, i, parts));
                ControlFlow::Continue(())
            });
        }
        Ok(options)
    }

    fn default_template(&self) -> Option<Vec<Option<u64>>> {
        Some(vec![None])
    }

    fn explored_form(&self, position: &[u64]) -> Vec<u64> {
        self.canonical(position)
    }

    fn explored_options(&self, position: &[u64]) -> Result<Vec<Vec<u64>>> {
        let heaps = self.canonical(position);
        let mut distinct = heaps.clone();
        distinct.dedup();
        self.check_listing(&distinct)?;
        let mut options = Vec::new();
        for &h in &distinct {
            let at = heaps.binary_search(&h).expect("a heap of the position");
            self.each_option(h, &mut |_, parts| {
                options.push(self.canonical(&replace(&heaps, at, parts)));
                ControlFlow::Continue(())
            });
        }
        Ok(options)
    }

    fn heap_shape(&self) -> Option<HeapShape> {
        self.shape()
    }

    /// Heaps beyond the engine's limit are refused at once when no theorem can prove a period.
    fn check_size(&self, position: &[u64]) -> Result<()> {
        if self.all_but.is_some() || self.shape().is_some() {
            return Ok(());
        }
        let limit = Engine::new(&self.code).limit();
        match position.iter().find(|&&n| n >= limit) {
            Some(n) => Err(Error::TooLarge(format!(
                "{} computes heaps below {limit} (its engine's limit for this kind of split) and no periodicity theorem covers the code, so a heap of {n} is out of reach",
                self.name
            ))),
            None => Ok(()),
        }
    }

    fn heap_options(&self, heap: u64) -> Option<Result<Vec<Vec<u64>>>> {
        Some(self.check_listing(&[heap]).map(|()| {
            let mut options = Vec::new();
            self.each_option(heap, &mut |_, parts| {
                options.push(parts.to_vec());
                ControlFlow::Continue(())
            });
            options
        }))
    }

    fn canonical(&self, position: &[u64]) -> Vec<u64> {
        let mut heaps: Vec<u64> = position.iter().copied().filter(|&h| h > 0).collect();
        heaps.sort_unstable();
        if heaps.is_empty() {
            heaps.push(0);
        }
        heaps
    }

    fn solver(&self) -> Option<Box<dyn Solver + '_>> {
        Some(Box::new(TakeBreakSolver::new(self)))
    }

    fn periodicity_proof(
        &self,
        template: &[Option<u64>],
        from: u64,
        values: &[u64],
        periodicity: &Periodicity,
    ) -> Option<String> {
        if template.len() != 1 || from != 0 {
            return None;
        }
        if let Some(excluded) = &self.all_but {
            let saltus = u64::try_from(periodicity.saltus).ok()?;
            let proof = allbut::prove_with(
                excluded,
                values,
                periodicity.preperiod,
                periodicity.period,
                saltus,
            )?;
            return Some(theory::all_but_text(excluded, &proof));
        }
        if periodicity.saltus != 0 {
            return None;
        }
        let shape = self.shape()?;
        let proof = period::check(shape, values, periodicity.preperiod, periodicity.period)?;
        Some(theory::periodic_text(shape, &proof))
    }

    fn proof_end(
        &self,
        template: &[Option<u64>],
        progress: &mut dyn FnMut(u64),
    ) -> Option<Result<u64>> {
        if template.len() != 1 {
            return None;
        }
        if self.all_but.is_none() && self.shape().is_none() {
            return Some(Err(Error::Invalid(format!(
                "seq --analyze without --to stops where a period is proven, and no theorem proves one for {}; give --to",
                self.name
            ))));
        }
        let mut solver = TakeBreakSolver::new(self);
        Some(match solver.search_proof(progress) {
            Ok(Some(end)) => Ok(end - 1),
            Ok(None) => Err(Error::TooLarge(format!(
                "no period of {} proven within the {} values its engine computes; give --to",
                self.name,
                solver.limit()
            ))),
            Err(e) => Err(e),
        })
    }
}

/// A proof a solver holds: a period (finite codes) or an arithmetic period (all-but games).
#[derive(Debug, Clone, Copy)]
enum Proof {
    Periodic(HeapShape, period::Proof),
    Arithmetic(ArithmeticProof),
}

enum Values {
    General(Engine),
    AllBut(AllBut),
}

/// Values of heaps from the engine, and of larger heaps through a proven period.
struct TakeBreakSolver<'a> {
    game: &'a TakeBreak,
    values: Values,
    proof: Option<Proof>,
    /// The length at which a proof was last looked for.
    tried: u64,
}

impl<'a> TakeBreakSolver<'a> {
    fn new(game: &'a TakeBreak) -> Self {
        let values = match &game.all_but {
            Some(excluded) => Values::AllBut(AllBut::new(excluded)),
            None => Values::General(Engine::new(&game.code)),
        };
        TakeBreakSolver {
            game,
            values,
            proof: None,
            tried: 0,
        }
    }

    fn len(&self) -> u64 {
        match &self.values {
            Values::General(e) => e.len(),
            Values::AllBut(a) => a.len(),
        }
    }

    fn limit(&self) -> u64 {
        match &self.values {
            Values::General(e) => e.limit(),
            Values::AllBut(_) => allbut::DIRECT_LIMIT,
        }
    }

    fn extend(&mut self, len: u64, progress: &mut dyn FnMut(u64)) -> Result<()> {
        match &mut self.values {
            Values::General(e) => e.extend(len, progress),
            Values::AllBut(a) => a.extend(len, progress),
        }
    }

    fn values_u64(&self) -> Vec<u64> {
        match &self.values {
            Values::General(e) => e.values().iter().map(|&v| u64::from(v)).collect(),
            Values::AllBut(a) => a.values().to_vec(),
        }
    }

    fn get(&self, n: u64) -> u64 {
        match &self.values {
            Values::General(e) => u64::from(e.get(n)),
            Values::AllBut(a) => a.values()[n as usize],
        }
    }

    /// Looks for a proof in the values computed.
    fn try_prove(&mut self) {
        if self.proof.is_some() || self.len() == self.tried {
            return;
        }
        self.tried = self.len();
        let values = self.values_u64();
        self.proof = match (&self.game.all_but, self.game.shape()) {
            (Some(excluded), _) => allbut::prove(excluded, &values).map(Proof::Arithmetic),
            (None, Some(shape)) => crate::analysis::find_periodicity(&values)
                .filter(|found| found.saltus == 0)
                .and_then(|found| period::check(shape, &values, found.preperiod, found.period))
                .map(|p| Proof::Periodic(shape, p)),
            (None, None) => None,
        };
    }

    /// Computes in doubling steps until a proof comes or the engine's limit; the length the
    /// proof read, if one came.
    fn search_proof(&mut self, progress: &mut dyn FnMut(u64)) -> Result<Option<u64>> {
        if self.game.all_but.is_none() && self.game.shape().is_none() {
            return Ok(None);
        }
        loop {
            self.try_prove();
            if let Some(proof) = self.proof {
                return Ok(Some(match proof {
                    Proof::Periodic(_, p) => p.checked_to,
                    // Long enough for `seq --analyze` to see the periodicity (a tail of two
                    // periods and half the range).
                    Proof::Arithmetic(p) => p.checked_to.max(2 * p.preperiod + 2 * p.period).max(8),
                }));
            }
            if self.len() >= self.limit() {
                return Ok(None);
            }
            // Small first steps: the widths they show bound the cost of the rest.
            let next = (2 * self.len()).max(256).min(self.limit());
            if let Values::General(engine) = &self.values {
                engine.check_period_search(next)?;
            }
            self.extend(next, progress)?;
        }
    }

    /// `G(n)` and, when a proof answered, the proof's words.
    fn heap(&mut self, n: u64) -> Result<(u64, Option<String>)> {
        if n >= self.len() {
            self.game.check_size(&[n])?;
        }
        loop {
            if n < self.len() {
                return Ok((self.get(n), None));
            }
            if let Some(proof) = self.proof {
                return match proof {
                    Proof::Periodic(shape, p) => Ok((
                        self.get(p.reduce(n)),
                        Some(format!(
                            "{} (heap {n} -> {})",
                            theory::periodic_text(shape, &p),
                            p.reduce(n)
                        )),
                    )),
                    Proof::Arithmetic(p) => {
                        let excluded = self.game.all_but.clone().unwrap_or_default();
                        let values = self.values_u64();
                        Ok((
                            p.value(n, &values)?,
                            Some(theory::all_but_text(&excluded, &p)),
                        ))
                    }
                };
            }
            // The values are computed up to the heap, or up to the engine's limit while a
            // proof is looked for: long for codes that split into many heaps, so the watcher
            // of the question (the command line's bar) is told how far it is.
            let limit = self.limit();
            let mut progress = |done: u64| crate::progress::report(done, limit);
            if n < limit {
                let next = (n + 1).max(2 * self.len()).min(limit);
                self.extend(next, &mut progress)?;
                continue;
            }
            if self.search_proof(&mut progress)?.is_none() {
                return Err(Error::TooLarge(format!(
                    "{} computes heaps up to {} and answers larger ones only through a proven period, and none is proven ({})",
                    self.game.name,
                    self.limit(),
                    if self.game.all_but.is_some() || self.game.shape().is_some() {
                        "none found within that range"
                    } else {
                        "no periodicity theorem covers this code"
                    }
                )));
            }
        }
    }
}

impl Solver for TakeBreakSolver<'_> {
    fn value(&mut self, position: &[u64]) -> Result<u64> {
        Ok(self.evaluate(position)?.value)
    }

    fn evaluate(&mut self, position: &[u64]) -> Result<Evaluation> {
        let mut value = 0;
        let mut used = None;
        for &n in position {
            let (v, proof) = self.heap(n)?;
            value ^= v;
            if proof.is_some() {
                used = proof;
            }
        }
        let engine = if self.game.all_but.is_some() {
            "all-but engine"
        } else {
            "take-and-break engine"
        };
        let method = match used {
            Some(text) => text,
            None if position.len() == 1 => format!("computed value ({engine})"),
            None => format!("nim-sum of the heaps' computed values ({engine})"),
        };
        Ok(Evaluation { value, method })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    #[test]
    fn a_long_heap_question_reports_its_progress() {
        // Splits into up to 63 heaps: a value costs a set operation per level and smaller
        // heap, so the values up to a large heap take long and the watcher must hear of them.
        let game = TakeBreak::new(Code::parse("4.3&9223372036854775808;5").unwrap(), "t");
        let heard = Arc::new(Mutex::new(Vec::new()));
        let log = heard.clone();
        let mut solver = game.solver().unwrap();
        let value = crate::progress::watched(
            Box::new(move |done, total| log.lock().unwrap().push((done, total))),
            || solver.value(&[300]),
        );
        assert!(value.is_ok());
        let heard = heard.lock().unwrap();
        assert!(heard.len() >= 4, "{heard:?}");
        assert!(heard.windows(2).all(|w| w[0].0 <= w[1].0), "{heard:?}");
        assert!(heard
            .iter()
            .all(|&(done, total)| done <= total && total > 300));
    }
}
