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

/// The standard analysis of a sequence `a(from), a(from + 1), ...`; positions are absolute.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Analysis {
    /// The first index.
    pub from: u64,
    /// The number of values.
    pub len: u64,
    /// The largest value (None for an empty sequence).
    pub max: Option<u64>,
    /// The places where the running maximum increases: `(n, a(n))`.
    pub records: Vec<(u64, u64)>,
    /// `(value, how many times it occurs)`, by increasing value.
    pub counts: Vec<(u64, u64)>,
    /// Gap statistics per value, by increasing value.
    pub gaps: Vec<GapStats>,
    /// The periodicity seen in the range, if any (preperiod absolute).
    pub periodicity: Option<Periodicity>,
    /// Whether the whole range reads the same backwards.
    pub palindrome: bool,
}

/// Analyses `values`, the terms `a(from), a(from + 1), ...` of a sequence.
pub fn analyze(values: &[u64], from: u64) -> Analysis {
    let mut tracker = GapTracker::new();
    for (i, &v) in values.iter().enumerate() {
        tracker.push(from + i as u64, v);
    }
    let gaps = tracker.finish();
    Analysis {
        from,
        len: values.len() as u64,
        max: values.iter().copied().max(),
        records: records(values)
            .into_iter()
            .map(|(i, v)| (from + i as u64, v))
            .collect(),
        counts: gaps.iter().map(|g| (g.value, g.count)).collect(),
        gaps,
        periodicity: find_periodicity(values).map(|p| Periodicity {
            preperiod: p.preperiod + from,
            ..p
        }),
        palindrome: is_palindrome(values),
    }
}
