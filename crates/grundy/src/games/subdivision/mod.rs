//! Subtraction–division games on one pile: subtract an element of `S`, or divide by an element
//! of `D`.
//!
//! Four rules for the division move share this module ([`Division`]):
//!
//! - **i-Mark** (Sopena 2016; Friman and Nivasch, *Some i-Mark games*): `n -> n/d` only when
//!   `d` divides `n` (`n > 0`);
//! - **SD(S, D)** with floor (Mark = SD({1},{2}), Mark-t = SD([1,t-1],{t}), Fraenkel):
//!   `n -> floor(n/d)`, `n > 0`;
//! - **SD(S, D)** with ceiling (UpMark): `n -> ceil(n/d)` when that is smaller than `n`;
//! - **Kupin's** variant: ceiling division, and the game ends at 1 (positions are `n >= 1`, a
//!   subtraction must leave at least 1).
//!
//! `SG(n) = mex({SG(n - s)} ∪ {SG(n / d)})` has at most `|S| + |D|` options, so every value is at
//! most `|S| + |D|` and the dense engine stores them bit-packed. The value at `n` needs only the
//! values at `n - s` and at `n/d`, which is what the streaming engine in [`stream`] exploits (and
//! [`imark23`] for i-Mark({1},{2,3}) at 10^12); [`theory`] holds the closed forms of Sopena and of
//! Friman–Nivasch and the claims `grundy verify` checks.

pub mod imark23;
pub mod spec;
pub mod stream;
pub mod theory;

use std::ops::Range;

use crate::ruleset::{sequence_by_position, Arity, BlockSink, Evaluation, Move, Ruleset, Solver};
use crate::solve::{DenseGame, DenseSolver};
use crate::{Error, Result};

/// How the division move rounds, and where the game ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Division {
    /// i-Mark: `n/d` only when `d | n`.
    Exact,
    /// SD with floor: `floor(n/d)`.
    Floor,
    /// SD with ceiling: `ceil(n/d)` when smaller than `n`.
    Ceil,
    /// Kupin: ceiling division, positions `n >= 1`, the game ends at 1.
    Kupin,
}

/// A one-pile subtraction–division game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubDivision {
    s: Vec<u64>,
    d: Vec<u64>,
    division: Division,
    alias: Option<String>,
}

impl SubDivision {
    /// The game with subtraction set `s` (positive) and divisor set `d` (each at least 2).
    pub fn new(mut s: Vec<u64>, mut d: Vec<u64>, division: Division) -> Result<Self> {
        s.sort_unstable();
        s.dedup();
        d.sort_unstable();
        d.dedup();
        if s.is_empty() {
            return Err(Error::Spec("the subtraction set S is empty".into()));
        }
        if d.is_empty() {
            return Err(Error::Spec("the divisor set D is empty".into()));
        }
        if s[0] == 0 {
            return Err(Error::Spec(
                "subtraction amounts must be positive (s=0 would not change the pile)".into(),
            ));
        }
        if d[0] < 2 {
            return Err(Error::Spec(format!(
                "divisors must be at least 2 (got d={})",
                d[0]
            )));
        }
        Ok(SubDivision {
            s,
            d,
            division,
            alias: None,
        })
    }

    /// The same game, shown under a traditional name (`mark`, `upmark`, `mark-t:t=3`).
    pub fn with_alias(mut self, alias: impl Into<String>) -> Self {
        self.alias = Some(alias.into());
        self
    }

    /// i-Mark(S, D).
    pub fn imark(s: Vec<u64>, d: Vec<u64>) -> Result<Self> {
        Self::new(s, d, Division::Exact)
    }

    /// The subtraction set, sorted.
    pub fn s(&self) -> &[u64] {
        &self.s
    }

    /// The divisor set, sorted.
    pub fn d(&self) -> &[u64] {
        &self.d
    }

    /// The division rule.
    pub fn division(&self) -> Division {
        self.division
    }

    /// The smallest position: 1 for Kupin's game, 0 otherwise.
    pub fn min_position(&self) -> u64 {
        u64::from(self.division == Division::Kupin)
    }

    /// The largest possible SG value, `|S| + |D|`.
    pub fn value_bound(&self) -> u64 {
        (self.s.len() + self.d.len()) as u64
    }

    /// The position `n` moves to by dividing by `d`, if that move is legal.
    #[inline]
    pub fn divide(&self, n: u64, d: u64) -> Option<u64> {
        match self.division {
            Division::Exact => (n > 0 && n.is_multiple_of(d)).then(|| n / d),
            Division::Floor => (n > 0).then(|| n / d),
            Division::Ceil | Division::Kupin => {
                let q = n.div_ceil(d);
                (q < n).then_some(q)
            }
        }
    }

    /// The position `n` moves to by subtracting `s`, if that move is legal.
    #[inline]
    pub fn subtract(&self, n: u64, s: u64) -> Option<u64> {
        n.checked_sub(s).filter(|&m| m >= self.min_position())
    }

    /// Every option of `n` (with repetitions when two moves reach the same pile).
    pub fn options(&self, n: u64) -> Vec<u64> {
        let mut out = Vec::new();
        self.for_each_option(n, |m| out.push(m));
        out
    }

    fn for_each_option(&self, n: u64, mut visit: impl FnMut(u64)) {
        for &s in &self.s {
            match self.subtract(n, s) {
                Some(m) => visit(m),
                None => break,
            }
        }
        for &d in &self.d {
            if let Some(m) = self.divide(n, d) {
                visit(m);
            }
        }
    }
}

impl DenseGame for &SubDivision {
    fn value_bound(&self) -> u64 {
        SubDivision::value_bound(self)
    }

    #[inline]
    fn for_each_option(&self, n: u64, visit: impl FnMut(u64)) {
        SubDivision::for_each_option(self, n, visit)
    }
}

/// Comma-joined numbers, with runs of three or more written as ranges (`1..4,7`).
pub(crate) fn show_set(values: &[u64]) -> String {
    let mut parts = Vec::new();
    let mut i = 0;
    while i < values.len() {
        let mut j = i;
        while j + 1 < values.len() && values[j + 1] == values[j] + 1 {
            j += 1;
        }
        if j >= i + 2 {
            parts.push(format!("{}..{}", values[i], values[j]));
        } else {
            parts.extend(values[i..=j].iter().map(u64::to_string));
        }
        i = j + 1;
    }
    parts.join(",")
}

impl Ruleset for SubDivision {
    fn spec(&self) -> String {
        if let Some(alias) = &self.alias {
            return alias.clone();
        }
        let (s, d) = (show_set(&self.s), show_set(&self.d));
        match self.division {
            Division::Exact => format!("imark:s={s}:d={d}"),
            Division::Floor => format!("sd:s={s}:d={d}:round=floor"),
            Division::Ceil => format!("sd:s={s}:d={d}:round=ceil"),
            Division::Kupin => format!("kupin:s={s}:d={d}"),
        }
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
        format!("one pile size, like 10 (at least {})", self.min_position())
    }

    fn min_coordinate(&self, _index: usize) -> u64 {
        self.min_position()
    }

    /// Subtracting the smallest `s` again and again reaches `(n - min) / s + 1` positions.
    fn reachable_at_least(&self, position: &[u64]) -> u128 {
        let span = position[0].saturating_sub(self.min_position());
        self.s.first().map_or(1, |&s| u128::from(span / s) + 1)
    }

    fn moves(&self, position: &[u64]) -> Result<Vec<Move>> {
        let n = position[0];
        let mut moves = Vec::new();
        for &s in &self.s {
            if let Some(m) = self.subtract(n, s) {
                moves.push(Move {
                    to: vec![m],
                    description: format!("subtract {s}"),
                });
            }
        }
        for &d in &self.d {
            if let Some(m) = self.divide(n, d) {
                let how = match self.division {
                    Division::Exact => format!("divide by {d}"),
                    Division::Floor => format!("divide by {d}, rounding down"),
                    Division::Ceil | Division::Kupin => format!("divide by {d}, rounding up"),
                };
                moves.push(Move {
                    to: vec![m],
                    description: how,
                });
            }
        }
        Ok(moves)
    }

    fn solver(&self) -> Option<Box<dyn Solver + '_>> {
        Some(Box::new(SubDivisionSolver {
            game: self,
            dense: DenseSolver::new(self),
            closed: theory::ClosedForm::for_values(self),
            far: None,
        }))
    }

    fn explain_move(&self, _position: &[u64], to: &[u64]) -> Option<String> {
        // Words only (the values were decided by the engine): a theorem proven for this game.
        let closed = theory::ClosedForm::proven(self)?;
        closed
            .p_position_reason(to[0])
            .map(|why| format!("{} is a P-position: {why}", to[0]))
    }
}

/// Positions below this are answered from the dense table (2 bits a value: 64 MiB at most for
/// games with values below 4); beyond it from a streaming engine run to the position.
pub const DENSE_LIMIT: u64 = 1 << 28;

/// The largest position `value` streams to: as `gaps` (the block engine of i-Mark({1},{2,3})
/// does 10^12 in 21 minutes; the cursor stream about 40 million positions a second).
fn far_limit(game: &SubDivision) -> u64 {
    if is_imark23(game) {
        MAX_GAPS_BLOCK
    } else {
        MAX_GAPS_STREAM
    }
}

fn is_imark23(game: &SubDivision) -> bool {
    game.division == Division::Exact && game.s == [1] && game.d == [2, 3]
}

/// The values at `n - max(S) ..= n` (what `value` and `moves` at `n` need), from the streaming
/// engine run to `n`: the block engine for i-Mark({1},{2,3}), the cursor stream otherwise.
fn far_window(game: &SubDivision, n: u64) -> Result<(u64, Vec<u64>)> {
    let limit = far_limit(game);
    if n > limit {
        return Err(Error::TooLarge(format!(
            "position {n} is beyond what the streaming engine reaches in days ({limit}) and no proven closed form covers this game"
        )));
    }
    let lo = n
        .saturating_sub(game.s.last().copied().unwrap_or(0))
        .max(game.min_position());
    if is_imark23(game) {
        return Ok((lo, imark23::values_between(lo, n, &mut |_, _| {})?));
    }
    let mut stream = stream::Stream::new(game)?;
    let mut window = Vec::new();
    loop {
        let (p, v) = stream.next_value()?;
        if p >= lo {
            window.push(v);
        }
        if p == n {
            return Ok((lo, window));
        }
    }
}

/// The values at the positions in `range`, in blocks, from the streaming engine run from the
/// start (memory independent of the length): past the dense table.
fn stream_range(game: &SubDivision, range: Range<u64>, sink: &mut BlockSink) -> Result<()> {
    let limit = far_limit(game);
    let last = range.end - 1;
    if last > limit {
        return Err(Error::TooLarge(format!(
            "position {last} is beyond what the streaming engine reaches in days ({limit})"
        )));
    }
    let mut block = Vec::with_capacity(crate::solve::SEQUENCE_BLOCK as usize);
    let mut failed = None;
    let mut push = |p: u64, v: u64, block: &mut Vec<u64>| {
        if p >= range.start && p < range.end && failed.is_none() {
            block.push(v);
            if block.len() as u64 == crate::solve::SEQUENCE_BLOCK {
                if let Err(e) = sink(block) {
                    failed = Some(e);
                }
                block.clear();
            }
        }
    };
    if is_imark23(game) {
        imark23::run(
            last,
            imark23::Config::for_bound(last),
            &imark23::Options::default(),
            &mut |_, _| {},
            &mut |from, words, count| {
                let view = imark23::WordsView::new(from, words);
                for p in from.max(range.start)..(from + count).min(range.end) {
                    push(p, view.value(p), &mut block);
                }
            },
        )?;
    } else {
        let mut stream = stream::Stream::new(game)?;
        loop {
            let (p, v) = stream.next_value()?;
            push(p, v, &mut block);
            if p == last {
                break;
            }
        }
    }
    if let Some(e) = failed {
        return Err(e);
    }
    if !block.is_empty() {
        sink(&block)?;
    }
    Ok(())
}

struct SubDivisionSolver<'a> {
    game: &'a SubDivision,
    dense: DenseSolver<&'a SubDivision>,
    closed: Option<theory::ClosedForm>,
    /// The last window computed past the dense table: its first position and values.
    far: Option<(u64, Vec<u64>)>,
}

impl Solver for SubDivisionSolver<'_> {
    fn value(&mut self, position: &[u64]) -> Result<u64> {
        Ok(self.evaluate(position)?.value)
    }

    fn evaluate(&mut self, position: &[u64]) -> Result<Evaluation> {
        let n = position[0];
        if let Some(closed) = &self.closed {
            return Ok(Evaluation {
                value: closed.value(n),
                method: format!("closed form: {}", closed.source()),
            });
        }
        if n < DENSE_LIMIT {
            return Ok(Evaluation {
                value: self.dense.value(n)?,
                method: "dense table".into(),
            });
        }
        let cached = |far: &Option<(u64, Vec<u64>)>| {
            far.as_ref().and_then(|(lo, values)| {
                n.checked_sub(*lo)
                    .and_then(|i| values.get(i as usize).copied())
            })
        };
        if cached(&self.far).is_none() {
            self.far = Some(far_window(self.game, n)?);
        }
        let engine = if is_imark23(self.game) {
            "the i-Mark({1},{2,3}) block engine"
        } else {
            "the cursor stream"
        };
        Ok(Evaluation {
            value: cached(&self.far).expect("the window covers n"),
            method: format!(
                "streamed by {engine} from 0 to {n} (past the dense table's {DENSE_LIMIT})"
            ),
        })
    }

    /// The dense table's values in blocks; a closed form answers position by position.
    fn sequence_blocks(
        &mut self,
        template: &[Option<u64>],
        range: Range<u64>,
        sink: &mut BlockSink,
    ) -> Result<()> {
        if self.closed.is_some() {
            return sequence_by_position(self, template, range, sink);
        }
        if range.end <= DENSE_LIMIT {
            return self.dense.for_each_block(range, sink);
        }
        stream_range(self.game, range, sink)
    }
}

/// Gap statistics of a game's SG sequence for positions up to `to`, from a streaming engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GapsReport {
    /// The game's spec.
    pub game: String,
    /// The last position counted.
    pub to: u64,
    /// Per value, by increasing value.
    pub gaps: Vec<crate::analysis::GapStats>,
    /// Which engine computed it.
    pub engine: String,
    /// Why the final checkpoint could not be saved, if it could not (the result stands).
    pub checkpoint_error: Option<String>,
}

/// The largest `--to` of `gaps` on the block engine of i-Mark({1},{2,3}): 10^14, about 35 hours
/// at the measured 21 minutes per 10^12 (BENCHMARKS.md), resumable.
pub const MAX_GAPS_BLOCK: u64 = 100_000_000_000_000;
/// The largest `--to` of `gaps` on the cursor stream: 10^13, about three days at the 40 million
/// positions a second measured for i-Mark({1},{2}) and Mark, resumable.
pub const MAX_GAPS_STREAM: u64 = 10_000_000_000_000;

/// Gap statistics for positions `min .. to`. i-Mark({1},{2,3}) runs on the parallel engine of
/// [`imark23`] (resumable with `checkpoint`: a file and the seconds between saves); every other game on the cursor stream of
/// [`stream`]. `progress(done, total)` is called from time to time.
pub fn gaps(
    game: &SubDivision,
    to: u64,
    checkpoint: Option<(&std::path::Path, f64)>,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<GapsReport> {
    let min = game.min_position();
    if to < min {
        return Err(Error::Invalid(format!(
            "--to {to} is below the smallest position {min}"
        )));
    }
    let block_engine = is_imark23(game);
    let (limit, speed) = if block_engine {
        (MAX_GAPS_BLOCK, "about 21 minutes per 10^12 on 2 cores")
    } else {
        (MAX_GAPS_STREAM, "about 40 million positions a second")
    };
    if to > limit {
        return Err(Error::TooLarge(format!(
            "--to {to} is beyond what this engine finishes in days: its limit is {limit} ({speed})"
        )));
    }
    if block_engine {
        let options = imark23::Options {
            checkpoint: checkpoint.map(|(path, _)| path),
            save_every: checkpoint.map_or(60.0, |(_, every)| every),
            max_batches: None,
        };
        let run = imark23::gaps(to, imark23::Config::for_bound(to), &options, progress)?;
        return Ok(GapsReport {
            game: game.spec(),
            to,
            gaps: run.gaps,
            engine: "i-Mark({1},{2,3}) block engine (parallel, resumable)".into(),
            checkpoint_error: run.checkpoint_error,
        });
    }
    let mut tracker = crate::analysis::GapTracker::new();
    let mut stream = stream::Stream::new(game)?;
    let mut next = min;
    if let Some((path, _)) = checkpoint {
        if path.exists() {
            (stream, tracker, next) = load_stream(game, to, path)?;
        } else {
            crate::files::check_checkpoint_writable(path)?;
        }
    }
    let total = to - min + 1;
    let mut last_save = std::time::Instant::now();
    // `next` is one past the last position counted (`to + 1` when finished).
    let mut done = next > to;
    while !done {
        let (n, v) = stream.next_value()?;
        tracker.push(n, v);
        done = n == to;
        next = n.saturating_add(1);
        if n % (1 << 22) == 0 {
            progress(n - min, total);
            if let Some((path, every)) = checkpoint {
                if last_save.elapsed().as_secs_f64() >= every {
                    save_stream(game, to, path, &stream, &tracker, next)?;
                    last_save = std::time::Instant::now();
                }
            }
        }
    }
    // The result stands even when its final save fails; the caller reports the failure.
    let checkpoint_error = checkpoint
        .and_then(|(path, _)| save_stream(game, to, path, &stream, &tracker, next).err())
        .map(|e| e.to_string());
    progress(total, total);
    Ok(GapsReport {
        game: game.spec(),
        to,
        gaps: tracker.finish(),
        engine: format!("cursor stream ({} cursors)", stream.cursors()),
        checkpoint_error,
    })
}

/// The run a checkpoint belongs to, for [`crate::files`]: the game and the bound.
fn stream_params(game: &SubDivision, to: u64) -> String {
    format!("game {} to {to}", game.spec())
}

/// Saves a cursor-stream run: numbers as text (the next position, the gap statistics, the
/// stream state) in a checkpoint envelope with a checksum ([`crate::files`]).
fn save_stream(
    game: &SubDivision,
    to: u64,
    path: &std::path::Path,
    stream: &stream::Stream,
    tracker: &crate::analysis::GapTracker,
    next: u64,
) -> Result<()> {
    let mut text = format!("{next}\n");
    for g in tracker.finish() {
        let opt = |x: Option<u64>| x.map_or("-".to_string(), |x| x.to_string());
        text.push_str(&format!(
            "{} {} {} {} {} {}\n",
            g.value,
            g.count,
            g.first,
            g.last,
            opt(g.max_gap),
            opt(g.max_gap_from)
        ));
    }
    text.push_str("state");
    for x in stream.state() {
        text.push_str(&format!(" {x}"));
    }
    text.push('\n');
    crate::files::save_checkpoint(
        path,
        "cursor-stream",
        &stream_params(game, to),
        text.as_bytes(),
    )
}

/// Reads what [`save_stream`] wrote, for the same game and bound, validating every field: the
/// next position within the run, gap statistics that fit positions `min..next`
/// ([`GapTracker::check_stats`](crate::analysis::GapTracker::check_stats)), and a stream state
/// of the game's shape whose top cursor stands at `next - 1`.
fn load_stream<'a>(
    game: &'a SubDivision,
    to: u64,
    path: &std::path::Path,
) -> Result<(stream::Stream<'a>, crate::analysis::GapTracker, u64)> {
    let bad = |why: &str| Error::Invalid(format!("checkpoint {}: {why}", path.display()));
    let payload = crate::files::load_checkpoint(path, "cursor-stream", &stream_params(game, to))?;
    let text = String::from_utf8(payload).map_err(|_| bad("damaged"))?;
    let mut lines = text.lines();
    let number = |t: &str| t.parse::<u64>().map_err(|_| bad("damaged"));
    let next = number(lines.next().unwrap_or(""))?;
    let min = game.min_position();
    if next < min || next > to.saturating_add(1) {
        return Err(bad("its position is outside the run"));
    }
    let mut stats = Vec::new();
    let mut state = None;
    for line in lines {
        if let Some(rest) = line.strip_prefix("state") {
            if state.is_some() {
                return Err(bad("damaged"));
            }
            state = Some(
                rest.split_whitespace()
                    .map(number)
                    .collect::<Result<Vec<_>>>()?,
            );
            continue;
        }
        let f: Vec<&str> = line.split(' ').collect();
        if f.len() != 6 || state.is_some() {
            return Err(bad("damaged"));
        }
        let opt = |t: &str| {
            if t == "-" {
                Ok(None)
            } else {
                number(t).map(Some)
            }
        };
        stats.push(crate::analysis::GapStats {
            value: number(f[0])?,
            count: number(f[1])?,
            first: number(f[2])?,
            last: number(f[3])?,
            max_gap: opt(f[4])?,
            max_gap_from: opt(f[5])?,
        });
    }
    crate::analysis::GapTracker::check_stats(&stats, min, next, game.value_bound())
        .map_err(|why| bad(&why))?;
    let state = state.ok_or_else(|| bad("damaged (no stream state)"))?;
    let stream = stream::Stream::restore(game, &state).ok_or_else(|| bad("damaged state"))?;
    if stream.position() != next.checked_sub(1).filter(|&p| p >= min) {
        return Err(bad("its stream does not stand where its statistics end"));
    }
    Ok((
        stream,
        crate::analysis::GapTracker::from_stats(&stats),
        next,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The streamed window `value` uses past the dense table, against the dense engine, for the
    /// block engine and the cursor stream.
    #[test]
    fn streamed_windows_match_the_dense_engine() {
        let games = [
            SubDivision::imark(vec![1], vec![2, 3]).unwrap(),
            SubDivision::new(vec![1], vec![2], Division::Floor).unwrap(),
            SubDivision::new(vec![1, 3], vec![2, 5], Division::Kupin).unwrap(),
            SubDivision::imark(vec![2, 7], vec![3]).unwrap(),
        ];
        for game in &games {
            let mut dense = DenseSolver::new(game);
            for n in [1_000_003u64, 777_777] {
                let (lo, window) = far_window(game, n).unwrap();
                assert_eq!(lo, n - game.s().last().unwrap());
                for (i, &v) in window.iter().enumerate() {
                    assert_eq!(
                        v,
                        dense.value(lo + i as u64).unwrap(),
                        "{game:?} at {}",
                        lo + i as u64
                    );
                }
            }
        }
    }

    /// Sequences past the dense table come from the streaming engines in blocks; the same
    /// values as the dense engine, across a block boundary.
    #[test]
    fn streamed_ranges_match_the_dense_engine() {
        for game in [
            SubDivision::imark(vec![1], vec![2, 3]).unwrap(),
            SubDivision::new(vec![1, 2], vec![3], Division::Ceil).unwrap(),
        ] {
            let mut dense = DenseSolver::new(&game);
            let range = 200_000..200_000 + crate::solve::SEQUENCE_BLOCK + 77;
            let mut got = Vec::new();
            stream_range(&game, range.clone(), &mut |b| {
                got.extend_from_slice(b);
                Ok(())
            })
            .unwrap();
            let expected: Vec<u64> = range.map(|n| dense.value(n).unwrap()).collect();
            assert_eq!(got, expected, "{game:?}");
        }
    }

    /// `cargo test --release -p grundy -- --ignored value_past_the_dense_table`: i-Mark({1},{2,3})
    /// at 3*10^8 (the example) by `value`, against the straightforward byte loop.
    #[test]
    #[ignore]
    fn value_past_the_dense_table() {
        let game = SubDivision::imark(vec![1], vec![2, 3]).unwrap();
        let n = 300_000_000usize;
        let mut values = vec![0u8; n + 1];
        for m in 1..=n {
            let mut mask = 1u8 << values[m - 1];
            if m % 2 == 0 {
                mask |= 1 << values[m / 2];
            }
            if m % 3 == 0 {
                mask |= 1 << values[m / 3];
            }
            values[m] = (!mask).trailing_zeros() as u8;
        }
        let mut solver = game.solver().unwrap();
        for m in [n - 2, n - 1, n] {
            let at = solver.evaluate(&[m as u64]).unwrap();
            assert!(at.method.contains("block engine"), "{}", at.method);
            assert_eq!(at.value, u64::from(values[m]), "at {m}");
        }
    }
}
