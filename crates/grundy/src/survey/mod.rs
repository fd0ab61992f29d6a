//! Surveys: every member of a family (every octal code of three digits, every subtraction set
//! of three elements up to 20), each computed until its period is proven or to a bound, one
//! row each.
//!
//! A survey is a list of [`Member`]s ([`members`], from a [`pattern`]), split into groups of
//! members with the same values at every heap ([`equivalence`]: each group is computed once,
//! its other members' rows say `same_as` and why). A group is the unit of work:
//! [`run_group`] is pure and deterministic (apart from the `seconds` column), so any scheduler
//! can run groups anywhere: [`run_all`] runs them on this machine's threads and hands the rows
//! back in member order as they finish; [`in_shard`] picks a deterministic `K`-th of the groups
//! for `--shard I/K` (a batch array runs one shard per job), and the rows of all shards,
//! merged in member order, are the rows of one run ([`rows`] reads and writes them as CSV).
//!
//! A subtraction–division member (i-Mark, SD, Kupin) is computed by the dense engine and checked
//! against the papers' statements about it (`division`). A heap-game member is computed by the octal engine ([`crate::games::octal::engine`]; a subtraction set
//! `S` is the code with digit 3 at each element), exactly as `grundy period` computes it: until
//! the periodicity theorem proves a period (Guy and Smith 1956; one heap: the subtraction-game
//! lemma; three heaps: the extension proved in `games/octal/theory.rs`) or `to` values are known.
//! Without a proof the row reports the period the last quarter of the values shows (as `grundy
//! period` does), else an arithmetic periodicity seen over the second half
//! ([`crate::analysis::find_periodicity`]), else none. Each row is compared with the stored
//! published tables ([`published`]).

mod division;
pub mod equivalence;
pub mod pattern;
pub mod published;
pub mod rows;

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::games::octal::code::{Base, Rules};
use crate::games::octal::engine::{Engine, Run, BLOCK, MAX_LEN_THREE_HEAPS};
use crate::games::octal::period::Proof;
use crate::games::subdivision::SubDivision;
use crate::{Error, Result};
use pattern::Expanded;

/// The most values a survey computes per member (8 bytes a value are kept while a row is made).
pub const MAX_TO: u64 = 1 << 26;
/// Rare positions listed in a row (the count is given in full).
pub const RARE_SHOWN: usize = 8;
/// Codes longer than this are grouped only when identical (saturation computes `G(0..=L)` by
/// the definition for every member).
const MAX_SATURATED_DIGITS: usize = 16;

/// One member of a survey.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Member {
    /// Its place in the survey (rows come in this order).
    pub index: usize,
    /// Its spec as the row shows it (`octal:0.137`, `subtraction:s=1,3,4`).
    pub game: String,
    /// The heap game computed for it (`octal:0.3033` for `subtraction:s=1,3,4`).
    pub code: String,
    /// Its group: members with the same values share one, numbered in order of first member.
    pub group: usize,
    /// The group's first member, when this is not it.
    pub same_as: Option<String>,
    /// Why the values are the same, when `same_as` is set.
    pub why: Option<String>,
}

/// What a member is computed as.
#[derive(Debug, Clone)]
pub enum Kind {
    /// A heap game (octal or hexadecimal code; subtraction sets are codes).
    Heap(Rules),
    /// A subtraction–division game.
    Division(SubDivision),
}

impl Member {
    /// What the member is computed as.
    pub fn kind(&self) -> Result<Kind> {
        match self.code.split_once(':') {
            Some(("octal" | "hex", _)) => self.rules().map(Kind::Heap),
            _ => crate::games::subdivision::spec::parse(&self.code)?
                .map(Kind::Division)
                .ok_or_else(|| Error::Spec(format!("'{}' is not a survey member", self.code))),
        }
    }

    /// The rules of the heap game computed.
    pub fn rules(&self) -> Result<Rules> {
        let (family, code) = self
            .code
            .split_once(':')
            .ok_or_else(|| Error::Spec(format!("'{}' is not a heap game code", self.code)))?;
        let base = if family == "hex" {
            Base::Hexadecimal
        } else {
            Base::Octal
        };
        Rules::parse(code, base)
    }
}

/// The members of `pattern`, in order, with their groups.
pub fn members(pattern: &str) -> Result<Vec<Member>> {
    let expanded = pattern::expand(pattern)?;
    let longest = expanded
        .iter()
        .filter_map(|e| match e {
            Expanded::Heap { rules, .. } => Some(rules.last_digit()),
            Expanded::Division { .. } => None,
        })
        .max()
        .unwrap_or(0);
    let subtraction = pattern
        .trim()
        .to_ascii_lowercase()
        .starts_with("subtraction");
    // Subtraction sets never saturate into each other (no splits, and a digit 3 already takes
    // all): they are grouped only when identical, which expansion already excludes.
    let saturate = !subtraction && longest <= MAX_SATURATED_DIGITS;
    let mut firsts: HashMap<(bool, Vec<u8>), (usize, String, String)> = HashMap::new();
    let mut out = Vec::with_capacity(expanded.len());
    let mut groups = 0;
    for (index, member) in expanded.into_iter().enumerate() {
        let (name, rules) = match member {
            Expanded::Heap { name, rules } => (name, rules),
            // Expansion lists each game once, and no two of these have the same values.
            Expanded::Division { name, .. } => {
                out.push(Member {
                    index,
                    game: name.clone(),
                    code: name,
                    group: groups,
                    same_as: None,
                    why: None,
                });
                groups += 1;
                continue;
            }
        };
        let key_digits = if saturate {
            equivalence::saturate(&rules, longest)
        } else {
            (0..=rules.last_digit()).map(|t| rules.digit(t)).collect()
        };
        let key = (rules.base() == Base::Hexadecimal, key_digits);
        let family = if rules.base() == Base::Hexadecimal {
            "hex"
        } else {
            "octal"
        };
        let code = format!("{family}:{}", rules.code());
        let (group, same_as, why) = match firsts.get(&key) {
            Some((group, first, first_code)) => (
                *group,
                Some(first.clone()),
                Some(format!(
                    "{} and {first_code} both have the values of {}, which adds only moves giving no new option value (survey::equivalence)",
                    rules.code(),
                    equivalence::code_text(&key.1)
                )),
            ),
            None => {
                firsts.insert(key, (groups, name.clone(), rules.code()));
                groups += 1;
                (groups - 1, None, None)
            }
        };
        out.push(Member {
            index,
            game: name,
            code,
            group,
            same_as,
            why,
        });
    }
    Ok(out)
}

/// The members by group, groups in order of their first member.
pub fn groups(members: &[Member]) -> Vec<Vec<Member>> {
    let count = members.iter().map(|m| m.group + 1).max().unwrap_or(0);
    let mut out = vec![Vec::new(); count];
    for m in members {
        out[m.group].push(m.clone());
    }
    out
}

/// Whether group `group` belongs to shard `i` of `k` (`1 <= i <= k`): groups are dealt out in
/// turn, so each shard gets every `k`-th group and a similar mix of easy and hard codes.
pub fn in_shard(group: usize, i: u64, k: u64) -> bool {
    group as u64 % k == i - 1
}

/// Reads `I/K` (`1 <= I <= K`).
pub fn parse_shard(text: &str) -> Result<(u64, u64)> {
    let bad = || {
        Error::Invalid(format!(
            "--shard must be I/K with 1 <= I <= K, not '{text}'"
        ))
    };
    let (i, k) = text.split_once('/').ok_or_else(bad)?;
    let (i, k) = (
        crate::number::parse_u64(i).map_err(|_| bad())?,
        crate::number::parse_u64(k).map_err(|_| bad())?,
    );
    if i == 0 || i > k {
        return Err(bad());
    }
    Ok((i, k))
}

/// What was found for a member.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// The member's spec.
    pub game: String,
    /// The proven period, else the observed one (periodic or arithmetic), else none.
    pub period: Option<u64>,
    /// Its preperiod (the first `n` of the periodic part).
    pub preperiod: Option<u64>,
    /// The last `n` with `G(n) != G(n + period)`, when the period is proven.
    pub last_exception: Option<u64>,
    /// Whether the period is proven.
    pub proven: bool,
    /// The largest value computed.
    pub max: u64,
    /// How many values were computed: `G(0..computed)`.
    pub computed: u64,
    /// Wall-clock seconds (0 for a member whose group's first member was computed).
    pub seconds: f64,
    /// `proven`, `observed` (periodic in the last quarter, not proven; for subtraction–division
    /// games: over the second half), `arithmetic` (observed, with a saltus), `closed form` (every
    /// value given by a theorem proven for the parameters, and brute force agrees to
    /// `computed`), `none` (no period up to `computed`) or `error`.
    pub status: String,
    /// The saltus of an arithmetic periodicity.
    pub saltus: Option<i64>,
    /// Where the largest value first occurs.
    pub max_at: u64,
    /// The first member of this one's group, when this is not it.
    pub same_as: Option<String>,
    /// Why the values are the same as `same_as`'s.
    pub why: Option<String>,
    /// The comparison with the published tables (`agrees`, `disagrees`, `unsettled`, `open`,
    /// `new`, `not listed`; see [`published`]).
    pub published: String,
    /// What was compared, with the sources.
    pub published_detail: String,
    /// The theorem that proves the period (heap games), or that gives every value (status
    /// `closed form`, subtraction–division games).
    pub theorem: Option<String>,
    /// The rare/common split in use (octal codes with two-heap moves).
    pub split: Option<String>,
    /// How many rare positions there are among `1..computed`.
    pub rare_count: Option<u64>,
    /// The first rare positions, `value@n`.
    pub rare: Option<String>,
    /// A limit met, or an error.
    pub note: Option<String>,
    /// The survey's bound.
    pub to: u64,
    /// The member's index in the survey.
    pub member: usize,
}

/// The engine's results for one code, shared by the rows of its group.
struct Computed {
    values: Vec<u64>,
    proof: Option<Proof>,
    observed: Option<(u64, u64)>,
    arithmetic: Option<crate::analysis::Periodicity>,
    max: (u64, u64),
    heaps: u64,
    split: Option<(String, u64, String)>,
    note: Option<String>,
    /// For subtraction–division games: the papers' statements checked (in place of the
    /// published tables of octal codes).
    claims: Option<published::Verdict>,
    /// The proven theorem giving every value, when it agreed with brute force.
    closed_form: Option<String>,
}

/// Computes `rules` as `grundy period --to to` does (the same steps, so the same values and
/// proof), keeping the values; `progress` is told the values known after every block.
fn compute(rules: &Rules, to: u64, progress: &mut dyn FnMut(u64)) -> Result<Computed> {
    let three = rules.max_heaps() >= 3;
    let limit = if three {
        to.min(MAX_LEN_THREE_HEAPS)
    } else {
        to
    };
    let note = (limit < to).then(|| {
        format!("codes with three-heap moves are computed to at most {MAX_LEN_THREE_HEAPS} values")
    });
    let mut engine = Engine::new(rules.clone());
    let run = Run {
        stop_at_proof: true,
        ..Run::default()
    };
    // The steps of `octal::period_search`.
    while engine.len() < limit && engine.proof().is_none() {
        let step = (engine.len() / 16).max(BLOCK as u64 * 8);
        engine.extend(limit.min(engine.len() + step), &run, progress)?;
    }
    let len = engine.len();
    let values = engine.table().to_vec(0, len as usize);
    let mut max = (0, 0);
    for (n, &v) in values.iter().enumerate() {
        if v > max.0 {
            max = (v, n as u64);
        }
    }
    let proof = engine.proof();
    let observed = if proof.is_none() {
        engine.observed_period()
    } else {
        None
    };
    let arithmetic = if proof.is_none() && observed.is_none() {
        crate::analysis::find_periodicity(&values).filter(|p| p.saltus != 0)
    } else {
        None
    };
    let split = (!rules.takes(2).is_empty()).then(|| {
        let rare = engine.rare_positions();
        let shown: Vec<String> = rare
            .iter()
            .take(RARE_SHOWN)
            .map(|&n| format!("{}@{n}", values[n]))
            .collect();
        (
            engine.split().describe(),
            rare.len() as u64,
            shown.join(" "),
        )
    });
    Ok(Computed {
        values,
        proof,
        observed,
        arithmetic,
        max,
        heaps: u64::from(rules.max_heaps()),
        split,
        note,
        claims: None,
        closed_form: None,
    })
}

fn theorem(heaps: u64) -> &'static str {
    match heaps {
        0 | 1 => {
            "periodicity theorem, one heap left (the subtraction-game lemma; Winning Ways ch. 4)"
        }
        2 => "octal periodicity theorem (Guy and Smith 1956; Winning Ways ch. 4)",
        _ => "periodicity theorem for moves leaving three heaps (games/octal/theory.rs)",
    }
}

fn row(member: &Member, to: u64, c: &Computed, seconds: f64) -> Result<Row> {
    let (status, period, preperiod, saltus) = match (c.proof, c.observed, c.arithmetic) {
        _ if c.closed_form.is_some() => ("closed form", None, None, None),
        (Some(p), _, _) => ("proven", Some(p.period), Some(p.preperiod), None),
        (None, Some((p, n0)), _) => ("observed", Some(p), Some(n0), None),
        (None, None, Some(a)) => (
            "arithmetic",
            Some(a.period),
            Some(a.preperiod),
            i64::try_from(a.saltus).ok(),
        ),
        _ => ("none", None, None, None),
    };
    let verdict = match (&c.claims, member.kind()?) {
        (None, Kind::Heap(rules)) => published::compare(
            &rules,
            &published::Found {
                values: &c.values,
                proven: c.proof.map(|p| (p.period, p.preperiod)),
                max: c.max,
            },
        ),
        (claims, _) => claims.clone().unwrap_or(published::Verdict {
            word: "not listed",
            detail: String::new(),
        }),
    };
    let detail = if verdict.detail.is_empty() || member.game == member.code {
        verdict.detail
    } else {
        format!("{} is {}: {}", member.game, member.code, verdict.detail)
    };
    Ok(Row {
        game: member.game.clone(),
        period,
        preperiod,
        last_exception: c.proof.and_then(|p| p.last_exception()),
        proven: c.proof.is_some(),
        max: c.max.0,
        computed: c.values.len() as u64,
        seconds,
        status: status.into(),
        saltus,
        max_at: c.max.1,
        same_as: member.same_as.clone(),
        why: member.why.clone(),
        published: verdict.word.into(),
        published_detail: detail,
        theorem: c
            .proof
            .map(|_| theorem(c.heaps).to_string())
            .or_else(|| c.closed_form.clone()),
        split: c.split.as_ref().map(|s| s.0.clone()),
        rare_count: c.split.as_ref().map(|s| s.1),
        rare: c.split.as_ref().map(|s| s.2.clone()),
        note: c.note.clone(),
        to,
        member: member.index,
    })
}

/// Checks `to` against [`MAX_TO`].
pub fn check_to(to: u64) -> Result<()> {
    if to == 0 {
        return Err(Error::Invalid(
            "--to must be at least 1 (the values G(0), ..., G(N-1) are computed)".into(),
        ));
    }
    if to > MAX_TO {
        return Err(Error::TooLarge(format!(
            "--to must be between 1 and {MAX_TO} values per member in a survey (`grundy period` runs one game further)"
        )));
    }
    Ok(())
}

/// The rows of one group (its members, first member first): the first member is computed,
/// the others share its values (each is still compared with the published tables as itself).
/// An error of the engine becomes a row with status `error` and the message as its note.
pub fn run_group(group: &[Member], to: u64) -> Vec<Row> {
    run_group_with(group, to, &mut |_| {})
}

/// [`run_group`], telling `progress` how many values of the group's first member are known
/// as they are computed (after every block of a heap game; at the end for a
/// subtraction–division game), so that a long member shows where it is.
pub fn run_group_with(group: &[Member], to: u64, progress: &mut dyn FnMut(u64)) -> Vec<Row> {
    let start = Instant::now();
    let computed = group[0].kind().and_then(|kind| match kind {
        Kind::Heap(rules) => compute(&rules, to, progress),
        Kind::Division(game) => {
            let computed = division::compute(&game, to);
            progress(to);
            computed
        }
    });
    let seconds = start.elapsed().as_secs_f64();
    group
        .iter()
        .enumerate()
        .map(|(i, member)| {
            let seconds = if i == 0 { seconds } else { 0.0 };
            match &computed {
                Ok(c) => row(member, to, c, seconds).unwrap_or_else(|e| error_row(member, to, &e)),
                Err(e) => error_row(member, to, e),
            }
        })
        .collect()
}

/// The row of one member computed on its own.
pub fn run_member(member: &Member, to: u64) -> Row {
    run_group(std::slice::from_ref(member), to).remove(0)
}

fn error_row(member: &Member, to: u64, e: &Error) -> Row {
    Row {
        game: member.game.clone(),
        period: None,
        preperiod: None,
        last_exception: None,
        proven: false,
        max: 0,
        computed: 0,
        seconds: 0.0,
        status: "error".into(),
        saltus: None,
        max_at: 0,
        same_as: member.same_as.clone(),
        why: member.why.clone(),
        published: String::new(),
        published_detail: String::new(),
        theorem: None,
        split: None,
        rare_count: None,
        rare: None,
        note: Some(e.to_string()),
        to,
        member: member.index,
    }
}

/// What [`run_all`] tells its caller.
pub enum Event<'a> {
    /// A group is done (in any order): its rows, for a checkpoint.
    Computed(&'a [Row]),
    /// The next row in member order.
    Ready(&'a Row),
    /// Where the run is, a few times a second and after each group: values computed, out of
    /// `to` per group still to compute when the run started less what the finished groups did
    /// not need (a group stops early at a proof). Only computed values count as done, so an
    /// estimate of the time left from the rate of `done` is not fooled by early proofs.
    Progress {
        /// Values done.
        done: u64,
        /// Values in all.
        total: u64,
    },
}

/// How [`run_all`] ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    /// Every row was handed over.
    Complete,
    /// `stop` said so; the rows handed over are whole.
    Stopped,
}

/// Runs `groups` on this machine's threads (groups taken in order, one per thread at a time)
/// and hands every row to `events`: [`Event::Computed`] as each group finishes, then
/// [`Event::Ready`] in member order, as soon as every earlier row is there, and
/// [`Event::Progress`] in values computed, also within a member. Rows in `done`
/// (a checkpoint's, by member index) are not computed again. `stop` is asked a few times a
/// second; when it says so, no new group starts and `run_all` returns at once ([`Ended::
/// Stopped`]; the groups running go on in the background until they finish). An error from
/// `events` stops the run the same way and is returned.
pub fn run_all(
    groups: Vec<Vec<Member>>,
    to: u64,
    done: &BTreeMap<usize, Row>,
    events: &mut dyn FnMut(Event) -> Result<()>,
    stop: &dyn Fn() -> bool,
) -> Result<Ended> {
    let mut order: Vec<usize> = groups.iter().flatten().map(|m| m.index).collect();
    order.sort_unstable();
    let mut ready: BTreeMap<usize, Row> = BTreeMap::new();
    let mut todo = Vec::new();
    for group in groups {
        if group.iter().all(|m| done.contains_key(&m.index)) {
            for m in &group {
                ready.insert(m.index, done[&m.index].clone());
            }
        } else {
            todo.push(group);
        }
    }
    let cancel = Arc::new(AtomicBool::new(false));
    let (sender, receiver) = mpsc::channel::<Vec<Row>>();
    let remaining = todo.len();
    let total = (remaining as u64).saturating_mul(to);
    // Values computed by the workers, and the values finished groups did not need.
    let values = Arc::new(AtomicU64::new(0));
    let unneeded = Arc::new(AtomicU64::new(0));
    if !todo.is_empty() {
        let cancel = cancel.clone();
        let (values, unneeded) = (values.clone(), unneeded.clone());
        std::thread::spawn(move || {
            let next = AtomicUsize::new(0);
            let workers = rayon::current_num_threads().min(todo.len());
            rayon::scope(|scope| {
                for _ in 0..workers {
                    scope.spawn(|_| loop {
                        if cancel.load(Ordering::SeqCst) {
                            return;
                        }
                        let i = next.fetch_add(1, Ordering::SeqCst);
                        let Some(group) = todo.get(i) else { return };
                        let mut counted = 0;
                        let rows = run_group_with(group, to, &mut |known| {
                            let known = known.min(to);
                            values.fetch_add(known.saturating_sub(counted), Ordering::Relaxed);
                            counted = counted.max(known);
                        });
                        unneeded.fetch_add(to - counted, Ordering::Relaxed);
                        if sender.send(rows).is_err() {
                            return;
                        }
                    });
                }
            });
        });
    } else {
        drop(sender);
    }
    let mut position = 0;
    let mut received = 0;
    let result = (|| -> Result<Ended> {
        hand_over(&order, &mut ready, &mut position, events)?;
        let progress = || {
            let total = total - unneeded.load(Ordering::Relaxed).min(total);
            Event::Progress {
                done: values.load(Ordering::Relaxed).min(total),
                total,
            }
        };
        while received < remaining {
            if stop() {
                return Ok(Ended::Stopped);
            }
            match receiver.recv_timeout(Duration::from_millis(100)) {
                Ok(rows) => {
                    received += 1;
                    events(Event::Computed(&rows))?;
                    for row in rows {
                        ready.insert(row.member, row);
                    }
                    hand_over(&order, &mut ready, &mut position, events)?;
                    events(progress())?;
                }
                Err(mpsc::RecvTimeoutError::Timeout) => events(progress())?,
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(Error::Invalid(
                        "a survey worker ended without its rows".into(),
                    ))
                }
            }
        }
        Ok(Ended::Complete)
    })();
    cancel.store(true, Ordering::SeqCst);
    result
}

/// Hands over the rows in `ready` that come next in `order`, from `position` on.
fn hand_over(
    order: &[usize],
    ready: &mut BTreeMap<usize, Row>,
    position: &mut usize,
    events: &mut dyn FnMut(Event) -> Result<()>,
) -> Result<()> {
    while let Some(row) = order.get(*position).and_then(|i| ready.remove(i)) {
        events(Event::Ready(&row))?;
        *position += 1;
    }
    Ok(())
}

/// The checkpoint's run parameters: a checkpoint belongs to one pattern, bound and shard.
fn checkpoint_params(pattern: &str, to: u64, shard: Option<(u64, u64)>, members: usize) -> String {
    let shard = shard.map_or("all".into(), |(i, k)| format!("{i}/{k}"));
    format!("pattern {pattern} to {to} shard {shard} members {members}")
}

/// Saves the rows finished so far (the checkpoint envelope of [`crate::files`], kind `survey`,
/// rows as CSV).
pub fn save_checkpoint(
    path: &std::path::Path,
    pattern: &str,
    to: u64,
    shard: Option<(u64, u64)>,
    members: &[Member],
    rows: &BTreeMap<usize, Row>,
) -> Result<()> {
    let mut payload = String::new();
    rows::write_header(&mut payload);
    for row in rows.values() {
        rows::write_row(&mut payload, row);
    }
    crate::files::save_checkpoint(
        path,
        "survey",
        &checkpoint_params(pattern, to, shard, members.len()),
        payload.as_bytes(),
    )
}

/// The rows a checkpoint holds (none when the file does not exist), each checked against the
/// survey's members and bound.
pub fn load_checkpoint(
    path: &std::path::Path,
    pattern: &str,
    to: u64,
    shard: Option<(u64, u64)>,
    members: &[Member],
) -> Result<BTreeMap<usize, Row>> {
    if !path.exists() {
        return Ok(BTreeMap::new());
    }
    let payload = crate::files::load_checkpoint(
        path,
        "survey",
        &checkpoint_params(pattern, to, shard, members.len()),
    )?;
    let text = String::from_utf8(payload)
        .map_err(|_| Error::Invalid(format!("checkpoint {}: not text", path.display())))?;
    let mut out = BTreeMap::new();
    for row in rows::read(&text)? {
        check_row(&row, members, to)
            .map_err(|e| Error::Invalid(format!("checkpoint {}: {e}", path.display())))?;
        out.insert(row.member, row);
    }
    Ok(out)
}

/// Checks that `row` is the row of member `row.member` of this survey, for this bound.
pub fn check_row(row: &Row, members: &[Member], to: u64) -> Result<()> {
    let member = members.get(row.member).ok_or_else(|| {
        Error::Invalid(format!(
            "a row names member {} of a survey of {}",
            row.member,
            members.len()
        ))
    })?;
    if member.game != row.game {
        return Err(Error::Invalid(format!(
            "member {} is {}, not {}: the rows are from another survey",
            row.member, member.game, row.game
        )));
    }
    if row.to != to {
        return Err(Error::Invalid(format!(
            "the row of {} was computed with --to {}, not {to}",
            row.game, row.to
        )));
    }
    if row.computed > to {
        return Err(Error::Invalid(format!(
            "the row of {} says {} values were computed, more than --to {to}",
            row.game, row.computed
        )));
    }
    Ok(())
}

/// Merges rows of shards (any order) into the rows of the whole survey, in member order:
/// every member exactly once, each row checked against the survey.
pub fn merge(rows: Vec<Row>, members: &[Member], to: u64) -> Result<Vec<Row>> {
    let mut by_member: BTreeMap<usize, Row> = BTreeMap::new();
    for row in rows {
        check_row(&row, members, to)?;
        if by_member.contains_key(&row.member) {
            return Err(Error::Invalid(format!(
                "{} appears twice in the shards merged",
                row.game
            )));
        }
        by_member.insert(row.member, row);
    }
    if by_member.len() < members.len() {
        let missing: Vec<&str> = members
            .iter()
            .filter(|m| !by_member.contains_key(&m.index))
            .map(|m| m.game.as_str())
            .collect();
        return Err(Error::Invalid(format!(
            "the shards hold {} of the {} members; missing {} (first: {}): was every shard run?",
            by_member.len(),
            members.len(),
            missing.len(),
            missing[0]
        )));
    }
    Ok(by_member.into_values().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn members_are_grouped_by_saturation() {
        let all = members("octal:0.??").unwrap();
        assert_eq!(all.len(), 64);
        let by_game: HashMap<&str, &Member> = all.iter().map(|m| (m.game.as_str(), m)).collect();
        // 0.6, 0.61, 0.62, 0.63 share the values of 0.63 (L = 2).
        let six = by_game["octal:0.6"];
        for g in ["octal:0.61", "octal:0.62", "octal:0.63"] {
            assert_eq!(by_game[g].group, six.group, "{g}");
            assert_eq!(by_game[g].same_as.as_deref(), Some("octal:0.6"));
        }
        assert_eq!(six.same_as, None);
        assert!(by_game["octal:0.77"].same_as.is_none());
        // Groups are numbered in order of their first member.
        let mut last = None;
        for m in all.iter().filter(|m| m.same_as.is_none()) {
            assert_eq!(m.group, last.map_or(0, |g| g + 1));
            last = Some(m.group);
        }
    }

    #[test]
    fn shards_partition_the_groups() {
        let all = members("octal:?.??").unwrap();
        let groups = groups(&all);
        for k in 1..=5 {
            let mut seen = vec![0; all.len()];
            for i in 1..=k {
                for group in groups.iter().filter(|g| in_shard(g[0].group, i, k)) {
                    for m in group {
                        seen[m.index] += 1;
                    }
                }
            }
            assert!(seen.iter().all(|&s| s == 1), "k = {k}");
        }
        assert_eq!(parse_shard("2/3").unwrap(), (2, 3));
        for bad in ["0/3", "4/3", "3", "a/b", "1/0"] {
            assert!(parse_shard(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_row_agrees_with_the_period_search_of_grundy_period() {
        use crate::games::octal::{self, HeapGame, SearchOptions};
        for code in ["0.137", "0.6", "0.56", "4.7", "0.004"] {
            let member = &members(&format!("octal:{code}")).unwrap()[0];
            let to = 1 << 14;
            let row = run_member(member, to);
            let game = HeapGame::new(member.rules().unwrap(), member.game.clone());
            let report = octal::period_search(
                &game,
                &SearchOptions {
                    to,
                    stop_at_proof: true,
                    checkpoint: None,
                },
                &mut |_, _| {},
            )
            .unwrap();
            assert_eq!(row.computed, report.computed, "{code}");
            assert_eq!(row.proven, report.proof.is_some(), "{code}");
            let period = report
                .proof
                .map(|p| p.period)
                .or(report.observed.map(|o| o.0));
            let preperiod = report
                .proof
                .map(|p| p.preperiod)
                .or(report.observed.map(|o| o.1));
            if row.status != "arithmetic" {
                assert_eq!((row.period, row.preperiod), (period, preperiod), "{code}");
            }
            assert_eq!(row.max, report.max_value, "{code}");
            assert_eq!(row.max_at, report.max_at, "{code}");
            assert_eq!(row.rare_count, Some(report.rare_count), "{code}");
        }
    }

    /// Subtraction games by the octal engine against the definition of the subtraction game
    /// (the smallest period and preperiod of `SG(n) = mex SG(n - s)`).
    #[test]
    fn subtraction_rows_match_the_definition() {
        for m in members("subtraction:size=1..3:max=7").unwrap() {
            let row = run_member(&m, 4096);
            assert!(row.proven, "{}", m.game);
            let set: Vec<u64> = m.game["subtraction:s=".len()..]
                .split(',')
                .map(|s| s.parse().unwrap())
                .collect();
            let mut g = vec![0u64; 600];
            for n in 0..g.len() {
                let options: Vec<u64> = set
                    .iter()
                    .filter(|&&s| s <= n as u64)
                    .map(|&s| g[n - s as usize])
                    .collect();
                g[n] = (0..).find(|v| !options.contains(v)).unwrap();
            }
            let p = crate::analysis::find_periodicity(&g).unwrap();
            assert_eq!(
                (row.period, row.preperiod),
                (Some(p.period), Some(p.preperiod)),
                "{}",
                m.game
            );
        }
    }

    /// Two periods this survey proves (at `--to 2^16`) for codes tczajka's UnsolvedGames (2018)
    /// lists as unsolved, checked on values of the plain rule (`engine::definition`, not the
    /// sparse engine): `G(n + p) = G(n)` over the theorem's whole range `n0 <= n < 2 n0 + p + k`
    /// and not at `n0 - 1`, and no smaller period.
    #[test]
    fn the_new_periods_hold_by_the_definition() {
        use crate::games::octal::engine::{definition, shape};
        for (code, p, n0) in [("4.344", 51u64, 998u64), ("4.364", 62, 11687)] {
            let rules = Rules::parse(code, Base::Octal).unwrap();
            let needed = shape(&rules).unwrap().needed(n0, p).unwrap();
            let g = definition(&rules, needed as usize);
            let end = (needed - p) as usize;
            let (p, n0) = (p as usize, n0 as usize);
            assert!((n0..end).all(|n| g[n + p] == g[n]), "{code}");
            assert_ne!(g[n0 - 1 + p], g[n0 - 1], "{code}");
            for d in (1..p).filter(|d| p % d == 0) {
                assert!(
                    (n0..end - p).any(|n| g[n + d] != g[n]),
                    "{code}: period {d}"
                );
            }
            let row = run_member(&members(&format!("octal:{code}")).unwrap()[0], 1 << 16);
            assert_eq!(
                (row.period, row.preperiod),
                (Some(p as u64), Some(n0 as u64))
            );
            assert_eq!(row.published, "new", "{}", row.published_detail);
        }
    }

    #[test]
    fn progress_is_reported_within_a_member() {
        // 0.06 has no period to 2^16: every value is computed, in steps of blocks.
        let member = &members("octal:0.06").unwrap()[0];
        let mut seen = Vec::new();
        let rows = run_group_with(std::slice::from_ref(member), 1 << 16, &mut |n| seen.push(n));
        assert_eq!(rows[0].computed, 1 << 16);
        let within: Vec<u64> = seen.iter().copied().filter(|&n| n < 1 << 16).collect();
        assert!(within.len() >= 4, "{seen:?}");
        assert!(seen.windows(2).all(|w| w[0] <= w[1]), "{seen:?}");
        assert_eq!(seen.last(), Some(&(1 << 16)));
    }

    #[test]
    fn run_all_reports_progress_in_values_up_to_the_total() {
        let groups = groups(&members("octal:0.0?").unwrap());
        let count = groups.len() as u64;
        let mut last = None;
        let ended = run_all(
            groups,
            1 << 12,
            &BTreeMap::new(),
            &mut |event| {
                if let Event::Progress { done, total } = event {
                    assert!(done <= total);
                    assert!(last.is_none_or(|(d, _)| d <= done));
                    last = Some((done, total));
                }
                Ok(())
            },
            &|| false,
        )
        .unwrap();
        assert_eq!(ended, Ended::Complete);
        // At the end every value counted was computed: the total is what the groups needed.
        let (done, total) = last.unwrap();
        assert_eq!(done, total);
        assert!(total > 0 && total < count << 12, "{total}");
    }

    #[test]
    fn run_all_hands_rows_over_in_member_order_and_skips_finished_ones() {
        let all = members("octal:0.??").unwrap();
        let to = 1 << 10;
        let mut ready = Vec::new();
        let mut computed = 0;
        let ended = run_all(
            groups(&all),
            to,
            &BTreeMap::new(),
            &mut |e| {
                match e {
                    Event::Ready(row) => ready.push(row.clone()),
                    Event::Computed(rows) => computed += rows.len(),
                    Event::Progress { .. } => {}
                }
                Ok(())
            },
            &|| false,
        )
        .unwrap();
        assert_eq!(ended, Ended::Complete);
        assert_eq!(computed, all.len());
        let games: Vec<&str> = ready.iter().map(|r| r.game.as_str()).collect();
        let expected: Vec<&str> = all.iter().map(|m| m.game.as_str()).collect();
        assert_eq!(games, expected);
        // A member of a group has its first member's figures.
        let six = &ready[all.iter().position(|m| m.game == "octal:0.6").unwrap()];
        let sixty_two = &ready[all.iter().position(|m| m.game == "octal:0.62").unwrap()];
        assert_eq!(
            (six.period, six.preperiod, six.max),
            (sixty_two.period, sixty_two.preperiod, sixty_two.max)
        );
        // With half the rows done, only the rest is computed and the rows are the same.
        let done: BTreeMap<usize, Row> = ready
            .iter()
            .filter(|r| all[r.member].group.is_multiple_of(2))
            .map(|r| (r.member, r.clone()))
            .collect();
        let mut again = Vec::new();
        let mut computed_again = 0;
        run_all(
            groups(&all),
            to,
            &done,
            &mut |e| {
                match e {
                    Event::Ready(row) => again.push(row.clone()),
                    Event::Computed(rows) => computed_again += rows.len(),
                    Event::Progress { .. } => {}
                }
                Ok(())
            },
            &|| false,
        )
        .unwrap();
        assert_eq!(computed_again, all.len() - done.len());
        let strip = |rows: &[Row]| -> Vec<Row> {
            rows.iter()
                .map(|r| Row {
                    seconds: 0.0,
                    ..r.clone()
                })
                .collect()
        };
        assert_eq!(strip(&again), strip(&ready));
        assert_eq!(merge(again.clone(), &all, to).unwrap(), again);
        assert!(merge(again[1..].to_vec(), &all, to)
            .unwrap_err()
            .to_string()
            .contains("missing 1"));
    }
}
