//! A walk over the positions below a position of a coin-turning game (in a row, or a product of
//! two: [`crate::games::tartan`]) whose coins fit 128 bits, counting what a search by the
//! definition of the whole game below it would list, so that one too large to finish is refused
//! before it starts.
//!
//! A position is a set of coins (bit `i`: coin `i` of the box shows heads) and a move an XOR
//! with a set of coins, listed per coin: the moves whose largest coin is that head. The walk
//! meets every position below the start (itself included) at most once and counts it whole
//! when it meets it, as the search lists it; it stops as soon as a count passes its budget, so
//! it takes a fraction of a second. Every count is a lower bound on the whole game's (exact
//! when the walk is complete):
//!
//! - `positions`: distinct positions met;
//! - `numbers`: the numbers of the options of the positions met, each as long as the option's
//!   form plus one (what [`crate::misere::outcome::PlayEngine`] and the misère canonical forms
//!   count);
//! - `moves`: the moves of every position met (listed or not yet): the edges of the game graph
//!   below the start, what explorations (`remoteness`, `generations`) count.

use std::rc::Rc;

/// What a [`walk`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Walk {
    /// Distinct positions met.
    pub positions: u64,
    /// Numbers of the options of the positions met.
    pub numbers: u128,
    /// Moves of the positions met.
    pub moves: u128,
    /// Whether the walk met every position below (it stops past a budget).
    pub complete: bool,
}

/// Where a [`walk`] stops: once a count passes its bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Numbers of the options of the positions met; `None`: not counted (they stay 0).
    pub numbers: Option<u128>,
    /// Moves of the positions met.
    pub moves: u128,
}

impl Budget {
    /// Stops once the numbers pass `numbers` (moves unbounded).
    pub fn numbers(numbers: u128) -> Self {
        Budget {
            numbers: Some(numbers),
            moves: u128::MAX,
        }
    }

    /// Stops once the moves pass `moves`; the numbers are not counted.
    pub fn moves(moves: u128) -> Self {
        Budget {
            numbers: None,
            moves,
        }
    }
}

/// The most positions a [`walk`] keeps (its table takes 16 bytes each, at most half full), and
/// the most options it lists (a bound on its time, about a fifth of a second): past either it
/// stops with what it counted.
pub const MAX_WALKED_POSITIONS: usize = 1 << 21;
/// See [`MAX_WALKED_POSITIONS`].
pub const MAX_WALKED_OPTIONS: u64 = 1 << 25;

/// The coin game a [`walk`] runs on.
pub trait CoinBox {
    /// The moves whose largest coin is `coin` (a head), each as the set of coins it turns.
    fn moves_of(&self, coin: usize) -> Vec<u128>;
    /// How many they are (without listing them).
    fn count_of(&self, coin: usize) -> u128;
    /// The numbers an option takes in the search: its form's length plus one.
    fn numbers_of(&self, option: u128) -> u128;
}

/// Walks the positions below `start`, counting until a count passes `budget` (or the
/// positions [`MAX_WALKED_POSITIONS`], or the options listed [`MAX_WALKED_OPTIONS`]).
///
/// A position is counted whole when it is first met (its moves, and the numbers of all its
/// options, computed from its heads without looking the options up), so the counts pass a
/// budget after far fewer positions looked up than options listed.
pub fn walk(game: &impl CoinBox, start: u128, budget: Budget) -> Walk {
    // The moves of each coin, listed when the coin first shows heads, and counted.
    let mut lists: Vec<Option<Rc<[u128]>>> = vec![None; 128];
    let counts: Vec<u128> = (0..128).map(|c| game.count_of(c)).collect();
    let mut walk = Walk {
        positions: 1,
        numbers: 0,
        moves: 0,
        complete: false,
    };
    // Counts a position met; false once a count is past its budget.
    let meet = |set: u128, walk: &mut Walk, lists: &mut Vec<Option<Rc<[u128]>>>| -> bool {
        let count = Ones(set)
            .map(|c| counts[c])
            .fold(0u128, u128::saturating_add);
        walk.moves = walk.moves.saturating_add(count);
        if let Some(numbers) = budget.numbers {
            if count > numbers {
                // More options than the budget: more numbers too (one at least each).
                walk.numbers = walk.numbers.saturating_add(count);
                return false;
            }
            for coin in Ones(set) {
                let list = lists[coin].get_or_insert_with(|| game.moves_of(coin).into());
                for &m in list.iter() {
                    walk.numbers += game.numbers_of(set ^ m);
                }
            }
        }
        budget.numbers.is_none_or(|n| walk.numbers <= n) && walk.moves <= budget.moves
    };
    if !meet(start, &mut walk, &mut lists) {
        return walk;
    }
    let mut seen = BitSets::new();
    seen.insert(start);
    // Breadth first: the positions met early are new more often.
    let mut todo = std::collections::VecDeque::from([start]);
    let mut listed = 0u64;
    while let Some(set) = todo.pop_front() {
        for coin in Ones(set) {
            let list = lists[coin]
                .get_or_insert_with(|| game.moves_of(coin).into())
                .clone();
            listed += list.len() as u64;
            for &m in list.iter() {
                let option = set ^ m;
                if seen.insert(option) {
                    walk.positions += 1;
                    if !meet(option, &mut walk, &mut lists) {
                        return walk;
                    }
                    todo.push_back(option);
                }
            }
            if seen.len() >= MAX_WALKED_POSITIONS || listed >= MAX_WALKED_OPTIONS {
                return walk;
            }
        }
    }
    walk.complete = true;
    walk
}

/// The bits set in a set of coins, lowest first.
pub struct Ones(pub u128);

impl Iterator for Ones {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(i)
    }
}

/// A set of 128-bit sets by open addressing (the empty set kept aside, 0 marking a free slot).
struct BitSets {
    slots: Vec<u128>,
    len: usize,
    empty: bool,
}

impl BitSets {
    fn new() -> Self {
        BitSets {
            slots: vec![0; 1 << 10],
            len: 0,
            empty: false,
        }
    }

    fn len(&self) -> usize {
        self.len + usize::from(self.empty)
    }

    fn slot(slots: &[u128], set: u128) -> usize {
        let h = ((set as u64) ^ ((set >> 64) as u64).rotate_left(29))
            .wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (h >> 20) as usize & (slots.len() - 1)
    }

    /// Whether `set` was new.
    fn insert(&mut self, set: u128) -> bool {
        if set == 0 {
            return !std::mem::replace(&mut self.empty, true);
        }
        if 2 * (self.len + 1) > self.slots.len() {
            let grown = vec![0; 2 * self.slots.len()];
            let old = std::mem::replace(&mut self.slots, grown);
            for s in old.into_iter().filter(|&s| s != 0) {
                let mut i = Self::slot(&self.slots, s);
                while self.slots[i] != 0 {
                    i = (i + 1) & (self.slots.len() - 1);
                }
                self.slots[i] = s;
            }
        }
        let mut i = Self::slot(&self.slots, set);
        loop {
            match self.slots[i] {
                0 => {
                    self.slots[i] = set;
                    self.len += 1;
                    return true;
                }
                s if s == set => return false,
                _ => i = (i + 1) & (self.slots.len() - 1),
            }
        }
    }
}
