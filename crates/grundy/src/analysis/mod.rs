//! Pure functions on integer sequences (SG sequences, rows and columns of tables, counts).
//!
//! - [`stats`]: maximum, running maximum and records, value counts;
//! - [`gaps`]: gaps between consecutive equal values, incrementally and mergeable;
//! - [`periodicity`]: the smallest period, preperiod and saltus seen in a computed range;
//! - [`palindrome`]: the palindrome test and the first asymmetric place.
//!
//! [`analyze`] bundles them for one sequence. Nothing here knows about games: whether an
//! observed period is *proven* is for the game's theory to say (see
//! [`crate::Ruleset::periodicity_proof`]).

pub mod gaps;
pub mod palindrome;
pub mod periodicity;
pub mod stats;

pub use gaps::{GapStats, GapTracker};
pub use palindrome::{first_asymmetry, is_palindrome};
pub use periodicity::{find_periodicity, Periodicity};
pub use stats::{records, running_max, value_counts};

use serde::Serialize;

/// The most entries the per-value lists of an [`Analysis`] hold: the statistics of the
/// smallest values, and the first records. A sequence of a million distinct values (Turning
/// Turtles: coin `n` is worth `n`) would otherwise make an analysis, and its JSON, of hundreds
/// of megabytes; the totals say what was left out.
pub const MAX_LISTED: usize = 1024;

/// The standard analysis of a sequence `a(from), a(from + 1), ...`; positions are absolute.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Analysis {
    /// The first index.
    pub from: u64,
    /// The number of values.
    pub len: u64,
    /// The largest value (None for an empty sequence).
    pub max: Option<u64>,
    /// The places where the running maximum increases: `(n, a(n))`, the first
    /// [`MAX_LISTED`].
    pub records: Vec<(u64, u64)>,
    /// How many places the running maximum increases at (all, listed or not).
    pub records_total: u64,
    /// `(value, how many times it occurs)`, by increasing value: the [`MAX_LISTED`] smallest
    /// values.
    pub counts: Vec<(u64, u64)>,
    /// Gap statistics per value, by increasing value: the same values.
    pub gaps: Vec<GapStats>,
    /// Whether `counts` and `gaps` list every value of the sequence.
    pub all_values_listed: bool,
    /// The periodicity seen in the range, if any (preperiod absolute).
    pub periodicity: Option<Periodicity>,
    /// Whether the whole range reads the same backwards.
    pub palindrome: bool,
}

/// Analyses `values`, the terms `a(from), a(from + 1), ...` of a sequence.
pub fn analyze(values: &[u64], from: u64) -> Analysis {
    let mut tracker = GapTracker::with_limit(MAX_LISTED);
    for (i, &v) in values.iter().enumerate() {
        tracker.push(from + i as u64, v);
    }
    let mut gaps = tracker.finish();
    let all_values_listed = tracker.complete() && gaps.len() <= MAX_LISTED;
    gaps.truncate(MAX_LISTED);
    // The records as `records` finds them, the first MAX_LISTED kept.
    let (mut listed, mut records_total, mut best) = (Vec::new(), 0u64, None);
    for (i, &v) in values.iter().enumerate() {
        if best.is_none_or(|b| v > b) {
            best = Some(v);
            records_total += 1;
            if listed.len() < MAX_LISTED {
                listed.push((from + i as u64, v));
            }
        }
    }
    Analysis {
        from,
        len: values.len() as u64,
        max: best,
        records_total,
        records: listed,
        counts: gaps.iter().map(|g| (g.value, g.count)).collect(),
        all_values_listed,
        gaps,
        periodicity: find_periodicity(values).map(|p| Periodicity {
            preperiod: p.preperiod + from,
            ..p
        }),
        palindrome: is_palindrome(values),
    }
}
