//! Nimstring (Winning Ways ch. 16; Berlekamp, "The Dots-and-Boxes Game", 2000): Dots-and-Boxes
//! played as strings and coins under normal play.
//!
//! **The rules.** A picture is a multigraph of *coins* and *strings*; a string joins two coins,
//! or a coin to the *ground* (vertex `0`). A move cuts one string. A player who cuts a coin
//! free (cuts the last string attached to it) must move again. Who cannot move when it is his
//! turn loses, including a player who must move again and finds no string left. A Dots-and-Boxes
//! board of `R x C` boxes is the picture whose coins are the boxes and whose strings are the
//! lines not yet drawn: a line between two boxes joins their coins, a line on the border joins
//! its box to the ground; drawing a line is cutting its string, completing a box is cutting its
//! coin free.
//!
//! **Values** (the definition implemented here, as A. Medworth, "The Dots-and-Boxes Game",
//! section "Complimenting moves and loony values" (github.com/amdw/dotsandboxes, file
//! `dotsandboxes.tex`) states it from Winning Ways ch. 12 and 16 and Berlekamp's book):
//!
//! - a coin attached by exactly one string is *capturable*;
//! - a *double-dealing move* declines the last two coins of an opened chain: with a capturable
//!   coin `a` whose string goes to a coin `b` attached by exactly two strings, cutting `b`'s
//!   other string `t` without cutting a coin free (`t` goes to the ground or to a coin attached
//!   by two strings or more) leaves the two coins `a`, `b` for the opponent, who must take them
//!   (or not) and then move first in the rest. A position where a double-dealing move is
//!   possible is **loony**, value ☾ ("loony"): the player to move chooses who moves first in
//!   the rest, so a loony position, alone or in any sum, is a win for the player to move
//!   (☾ + G = ☾);
//! - a position that is not loony but has a capturable coin has the value of the position
//!   with that coin captured (its string cut; capturing is free: the capturer moves again);
//! - any other position has the value `mex` of the values of its options (every cut),
//!   loony options left out (a move to a loony position loses, in any sum); the position with no
//!   string has value 0.
//!
//! Values add as nimbers (Sprague–Grundy), ☾ absorbing, so the independent parts of a picture
//! (its connected sets of coins; the ground joins nothing) are valued apart and their values
//! added. Two details the sources leave to the reader are decided here and checked by the
//! tests against a plain recursion of the rules:
//!
//! - capturable coins are captured **one at a time**, the loony test made again after each:
//!   a coin `b` holding two capturable coins and a string to the ground is not loony as it
//!   stands, but it is after one of them is taken, and taking both at once would wrongly
//!   give 0;
//! - an isolated chain of three coins whose two ends are capturable (an opened 3-loop) is not
//!   loony: each of its cuts cuts a coin free, so no double-dealing move exists there, and alone
//!   it is a loss for the player to move.
//!
//! A string from a vertex to itself (a coin to itself, or the ground to the ground) is refused:
//! no line of Dots-and-Boxes is one, and the sources define none.
//!
//! The tests compare every outcome with a plain recursion of the rules (cut a string; a coin
//! cut free means moving again; no move loses) on every picture of up to 7 strings, the sum
//! rule (☾ absorbing, nimbers XOR) on sums of pictures and with Nim heaps, and the values the
//! sources state ([`theory`]).

pub mod board;
pub mod spec;
pub mod theory;

use std::collections::HashMap;
use std::fmt;

use crate::games::board::{for_each_bit, parse_bit_set};
use crate::ruleset::{Arity, Evaluation, Move, OutcomeEvaluation, Position, TemplateNumbers};
use crate::{Error, Outcome, Result, Ruleset, Solver};

/// The most strings of a picture (one bit each in a position).
pub const MAX_STRINGS: usize = 128;

/// The most positions the search stores (a few hundred bytes each at most: about 1.5 GiB).
pub const MAX_STORED: usize = 1 << 23;

/// The vertex that is the ground.
pub const GROUND: u32 = 0;

/// The two ends of a string (vertex numbers, 0 the ground).
pub type Ends = (u32, u32);

/// The Nimstring value of a position: a nimber, or loony (☾).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Value {
    /// The nimber `*n`.
    Nimber(u64),
    /// ☾: a double-dealing move is possible.
    Loony,
}

impl Value {
    /// The value of a sum: ☾ absorbs, nimbers add by XOR.
    pub fn plus(self, other: Value) -> Value {
        match (self, other) {
            (Value::Nimber(a), Value::Nimber(b)) => Value::Nimber(a ^ b),
            _ => Value::Loony,
        }
    }

    /// Who wins: the player to move in a loony position or a nonzero nimber (N), else P.
    pub fn outcome(self) -> Outcome {
        match self {
            Value::Nimber(0) => Outcome::P,
            _ => Outcome::N,
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Nimber(n) => write!(f, "{n}"),
            Value::Loony => write!(f, "loony"),
        }
    }
}

/// A Nimstring picture: its strings between named vertices (vertex 0 the ground), or a
/// Dots-and-Boxes board.
#[derive(Debug, Clone)]
pub struct Nimstring {
    /// The two ends of each string (never equal).
    strings: Vec<(u32, u32)>,
    /// The strings at each vertex.
    incident: Vec<u128>,
    /// Vertex names; `names[0]` is the ground.
    names: Vec<String>,
    /// `Some((rows, cols))` for a Dots-and-Boxes board ([`board`]).
    board: Option<(u32, u32)>,
    /// How the spec was written.
    spec: String,
}

/// What the captures of a position lead to ([`Nimstring::settle`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Settled {
    /// A double-dealing move is possible.
    Loony,
    /// No coin is capturable any more: the strings left.
    Strings(u128),
}

impl Nimstring {
    /// A picture with the strings `strings` between named vertices; the vertex named `0` is the
    /// ground.
    pub fn new(strings: &[(String, String)], spec: String) -> Result<Self> {
        if strings.len() > MAX_STRINGS {
            return Err(Error::TooLarge(format!(
                "a Nimstring picture has at most {MAX_STRINGS} strings (one bit each in a position); this one has {}",
                strings.len()
            )));
        }
        let mut names = vec!["0".to_string()];
        let mut ends = Vec::with_capacity(strings.len());
        for (u, v) in strings {
            if u == v {
                return Err(Error::Spec(format!(
                    "the string '{u} {v}' joins a vertex to itself: a string joins two coins, or a coin to the ground (0)"
                )));
            }
            let mut index = |name: &str| match names.iter().position(|n| n == name) {
                Some(i) => i as u32,
                None => {
                    names.push(name.to_string());
                    (names.len() - 1) as u32
                }
            };
            ends.push((index(u), index(v)));
        }
        Ok(Self::from_ends(ends, names, None, spec))
    }

    /// The Dots-and-Boxes board of `rows x cols` boxes ([`board`] numbers its lines).
    pub fn dots(rows: u32, cols: u32) -> Result<Self> {
        let (ends, names) = board::strings(rows, cols)?;
        Ok(Self::from_ends(
            ends,
            names,
            Some((rows, cols)),
            format!("dots:{rows}x{cols}"),
        ))
    }

    fn from_ends(
        strings: Vec<(u32, u32)>,
        names: Vec<String>,
        board: Option<(u32, u32)>,
        spec: String,
    ) -> Self {
        let mut incident = vec![0u128; names.len()];
        for (e, &(u, v)) in strings.iter().enumerate() {
            incident[u as usize] |= 1 << e;
            incident[v as usize] |= 1 << e;
        }
        Nimstring {
            strings,
            incident,
            names,
            board,
            spec,
        }
    }

    /// Every string.
    pub fn all(&self) -> u128 {
        match self.strings.len() {
            MAX_STRINGS => u128::MAX,
            n => (1u128 << n) - 1,
        }
    }

    /// The number of strings of the picture.
    pub fn len(&self) -> usize {
        self.strings.len()
    }

    /// Whether the picture has no string.
    pub fn is_empty(&self) -> bool {
        self.strings.is_empty()
    }

    /// The two ends of string `e`.
    pub fn ends(&self, e: u32) -> (u32, u32) {
        self.strings[e as usize]
    }

    /// The number of vertices (the ground and the coins).
    pub fn vertices(&self) -> usize {
        self.names.len()
    }

    /// The rows and columns of a Dots-and-Boxes board.
    pub fn board(&self) -> Option<(u32, u32)> {
        self.board
    }

    /// How many strings of `set` hold coin `v`.
    pub fn valency(&self, set: u128, v: u32) -> u32 {
        (self.incident[v as usize] & set).count_ones()
    }

    /// The coins cut free by cutting string `e` from `set`.
    pub fn freed(&self, set: u128, e: u32) -> Vec<u32> {
        let (u, v) = self.ends(e);
        [u, v]
            .into_iter()
            .filter(|&w| w != GROUND && self.valency(set, w) == 1)
            .collect()
    }

    /// Whether a double-dealing move declines the capturable coin `a` of `set` (attached by
    /// the one string `s`): `s` goes to a coin `b` of two strings whose other string can be cut
    /// without cutting a coin free.
    fn double_deal(&self, set: u128, a: u32) -> bool {
        let s = self.incident[a as usize] & set;
        let b = self.other_end(s.trailing_zeros(), a);
        if b == GROUND || self.valency(set, b) != 2 {
            return false;
        }
        let t = self.incident[b as usize] & set & !s;
        let x = self.other_end(t.trailing_zeros(), b);
        x == GROUND || self.valency(set, x) >= 2
    }

    fn other_end(&self, e: u32, v: u32) -> u32 {
        let (a, b) = self.ends(e);
        if a == v {
            b
        } else {
            a
        }
    }

    /// Loony if a double-dealing move is possible now or after captures; otherwise the strings
    /// left once every capturable coin is captured, one at a time (the loony test made again
    /// after each capture).
    pub fn settle(&self, mut set: u128) -> Settled {
        loop {
            let mut capture = None;
            for a in 1..self.names.len() as u32 {
                if self.valency(set, a) == 1 {
                    if self.double_deal(set, a) {
                        return Settled::Loony;
                    }
                    capture.get_or_insert(a);
                }
            }
            match capture {
                Some(a) => set &= !self.incident[a as usize],
                None => return Settled::Strings(set),
            }
        }
    }

    /// The independent parts of `set`: its strings grouped by connected sets of coins (the
    /// ground joins nothing).
    pub fn parts(&self, set: u128) -> Vec<u128> {
        let mut parts = Vec::new();
        let mut left = set;
        while left != 0 {
            let first = left.trailing_zeros();
            let (u, v) = self.ends(first);
            let start = if u == GROUND { v } else { u };
            let mut part = 0u128;
            let mut reached = vec![start];
            let mut seen = vec![false; self.names.len()];
            seen[start as usize] = true;
            while let Some(c) = reached.pop() {
                let new = self.incident[c as usize] & left & !part;
                part |= new;
                for_each_bit(new, |e| {
                    let w = self.other_end(e, c);
                    if w != GROUND && !seen[w as usize] {
                        seen[w as usize] = true;
                        reached.push(w);
                    }
                });
            }
            parts.push(part);
            left &= !part;
        }
        parts
    }

    /// The position of the string set `set` (two 64-bit halves).
    pub fn position(set: u128) -> Position {
        vec![set as u64, (set >> 64) as u64]
    }

    /// The string set of a position.
    pub fn set(position: &[u64]) -> u128 {
        u128::from(position[0]) | u128::from(position[1]) << 64
    }

    fn string_name(&self, e: u32) -> String {
        let (u, v) = self.ends(e);
        format!(
            "{e} ({} {})",
            self.names[u as usize], self.names[v as usize]
        )
    }

    /// What cutting string `e` from `set` does, in words.
    fn describe(&self, set: u128, e: u32) -> String {
        let freed = self.freed(set, e);
        match self.board {
            Some(size) => board::describe(size, e, &freed),
            None => {
                let cut = format!("cut string {}", self.string_name(e));
                let names: Vec<&str> = freed
                    .iter()
                    .map(|&c| self.names[c as usize].as_str())
                    .collect();
                match names[..] {
                    [] => cut,
                    [c] => format!("{cut}; coin {c} is cut free: move again"),
                    _ => format!(
                        "{cut}; coins {} are cut free: move again",
                        names.join(" and ")
                    ),
                }
            }
        }
    }
}

impl Ruleset for Nimstring {
    fn spec(&self) -> String {
        self.spec.clone()
    }

    fn arity(&self) -> Arity {
        Arity::Exactly(2)
    }

    fn position_hint(&self) -> String {
        match self.board {
            Some(_) => board::HINT.into(),
            None => "the strings left, by number from 0 in the order given, like 0,2,3 ('none' for no string; all by default)".into(),
        }
    }

    fn validate(&self, position: &[u64]) -> Result<()> {
        crate::ruleset::check_arity_of(self, position)?;
        if Self::set(position) & !self.all() != 0 {
            return Err(Error::Position(format!(
                "a string beyond the picture's {} (strings are numbered from 0)",
                self.strings.len()
            )));
        }
        Ok(())
    }

    fn parse_position(&self, text: &str) -> Result<Position> {
        if let Some(size) = self.board {
            return board::parse(size, text).map(Self::position);
        }
        let set = parse_bit_set(text, "string", |word| {
            let e = crate::number::parse_u64(word).ok();
            e.filter(|&e| e < self.strings.len() as u64)
                .map(|e| e as u32)
                .ok_or_else(|| {
                    Error::Position(format!(
                        "'{word}' is not a string of {} (its strings are 0 to {})",
                        self.spec,
                        self.strings.len().saturating_sub(1)
                    ))
                })
        })?;
        Ok(Self::position(set))
    }

    fn show_position(&self, position: &[u64]) -> String {
        let set = Self::set(position);
        if let Some(size) = self.board {
            return board::show(size, set);
        }
        if set == 0 {
            return "none".into();
        }
        let mut numbers = Vec::new();
        for_each_bit(set, |e| numbers.push(e.to_string()));
        numbers.join(",")
    }

    fn template_numbers(&self) -> TemplateNumbers {
        match self.board {
            Some(_) => TemplateNumbers::Refused(
                "a Dots-and-Boxes position is a board, not numbers: vary the board's size instead (grundy seq 'dots:1x_' --to 8)".into(),
            ),
            None => TemplateNumbers::Listed,
        }
    }

    fn position_is_text(&self) -> bool {
        true
    }

    fn start(&self) -> Option<Position> {
        Some(Self::position(self.all()))
    }

    fn moves(&self, position: &[u64]) -> Result<Vec<Move>> {
        self.validate(position)?;
        let set = Self::set(position);
        let mut moves = Vec::new();
        for_each_bit(set, |e| {
            moves.push(Move {
                to: Self::position(set & !(1u128 << e)),
                description: self.describe(set, e),
            })
        });
        Ok(moves)
    }

    fn moves_again(&self, position: &[u64], to: &[u64]) -> bool {
        let (set, after) = (Self::set(position), Self::set(to));
        let cut = set & !after;
        cut.count_ones() == 1 && !self.freed(set, cut.trailing_zeros()).is_empty()
    }

    /// Explorations of the game graph (remoteness, generations, misère play by the definition)
    /// read the moves alone, which do not say that a player who cuts a coin free moves again.
    fn check_whole_exploration(&self, _position: &[u64]) -> Result<()> {
        Err(Error::Invalid(format!(
            "{}: a player who cuts a coin free moves again (Nimstring), so the game graph of its cuts alone is not its game: only value, moves, sum, play and seq over a board size answer it",
            self.spec
        )))
    }

    fn check_size(&self, position: &[u64]) -> Result<()> {
        check_search(self, Self::set(position))
    }

    fn solver(&self) -> Option<Box<dyn Solver + '_>> {
        Some(Box::new(NimstringSolver::new(self)))
    }
}

/// The most strings of one part (after captures) the search takes on: the empty 3x3 board, 24
/// strings, takes 16 s (BENCHMARKS.md); a part of 31 strings (3x4) does not end in minutes.
pub const MAX_PART_STRINGS: u32 = 24;

/// Refuses at once a position with a part (after captures) of more than [`MAX_PART_STRINGS`]
/// strings.
fn check_search(game: &Nimstring, set: u128) -> Result<()> {
    let Settled::Strings(settled) = game.settle(set) else {
        return Ok(());
    };
    for part in game.parts(settled) {
        if part.count_ones() > MAX_PART_STRINGS {
            return Err(Error::TooLarge(format!(
                "a part of this position has {} strings once its capturable coins are taken; the search answers parts of at most {MAX_PART_STRINGS} strings",
                part.count_ones()
            )));
        }
    }
    Ok(())
}

/// Values by the definition above, memoised by part.
pub struct NimstringSolver<'a> {
    game: &'a Nimstring,
    /// The values of capture-free parts.
    memo: HashMap<u128, u64>,
}

impl<'a> NimstringSolver<'a> {
    /// A solver with nothing stored.
    pub fn new(game: &'a Nimstring) -> Self {
        NimstringSolver {
            game,
            memo: HashMap::new(),
        }
    }

    /// The Nimstring value of the strings `set`.
    pub fn nimstring_value(&mut self, set: u128) -> Result<Value> {
        match self.game.settle(set) {
            Settled::Loony => Ok(Value::Loony),
            Settled::Strings(left) => {
                let mut total = 0;
                for part in self.game.parts(left) {
                    total ^= self.part_value(part)?;
                }
                Ok(Value::Nimber(total))
            }
        }
    }

    /// The value of one capture-free part: the mex of its non-loony options.
    fn part_value(&mut self, part: u128) -> Result<u64> {
        if let Some(&v) = self.memo.get(&part) {
            return Ok(v);
        }
        if self.memo.len() >= MAX_STORED {
            return Err(Error::TooLarge(format!(
                "the search stored {MAX_STORED} parts, its limit"
            )));
        }
        let mut seen = Vec::new();
        let mut error = None;
        for_each_bit(part, |e| {
            if error.is_some() {
                return;
            }
            match self.nimstring_value(part & !(1u128 << e)) {
                Ok(Value::Nimber(n)) => {
                    let n = n as usize;
                    if n >= seen.len() {
                        seen.resize(n + 1, false);
                    }
                    seen[n] = true;
                }
                Ok(Value::Loony) => {}
                Err(e) => error = Some(e),
            }
        });
        if let Some(e) = error {
            return Err(e);
        }
        let mex = seen.iter().position(|s| !s).unwrap_or(seen.len()) as u64;
        self.memo.insert(part, mex);
        Ok(mex)
    }

    /// How many parts are stored.
    pub fn stored(&self) -> usize {
        self.memo.len()
    }

    fn checked_value(&mut self, position: &[u64]) -> Result<Value> {
        let set = Nimstring::set(position);
        check_search(self.game, set)?;
        self.nimstring_value(set)
    }
}

/// The method every value names.
pub const METHOD: &str = "Nimstring values (Winning Ways ch. 16; Berlekamp 2000): loony if a double-dealing move is possible, captures taken, mex over the non-loony cuts, parts added as nimbers";

impl Solver for NimstringSolver<'_> {
    fn value(&mut self, position: &[u64]) -> Result<u64> {
        match self.checked_value(position)? {
            Value::Nimber(n) => Ok(n),
            Value::Loony => Err(Error::Invalid(format!(
                "the position {} is loony (a double-dealing move is possible): its value is loony, not a nimber",
                self.game.show_position(position)
            ))),
        }
    }

    fn evaluate(&mut self, position: &[u64]) -> Result<Evaluation> {
        Ok(Evaluation {
            value: self.value(position)?,
            method: METHOD.into(),
        })
    }

    fn evaluate_outcome(&mut self, position: &[u64]) -> Result<OutcomeEvaluation> {
        let value = self.checked_value(position)?;
        Ok(OutcomeEvaluation {
            value: match value {
                Value::Nimber(n) => Some(n),
                Value::Loony => None,
            },
            outcome: value.outcome(),
            infinite: None,
            method: match value {
                Value::Loony => "loony: a double-dealing move is possible, so the player to move wins alone and in any sum (Winning Ways ch. 16; Berlekamp 2000)".into(),
                Value::Nimber(_) => METHOD.into(),
            },
        })
    }

    fn loony(&mut self, position: &[u64]) -> Result<bool> {
        Ok(self.checked_value(position)? == Value::Loony)
    }
}

#[cfg(test)]
mod tests;
