//! Gaps between consecutive occurrences of equal values.
//!
//! If value `v` occurs at positions `n_1 < n_2 < ...`, its gaps are `n_{j+1} - n_j`. This is the
//! statistic of Friman and Nivasch's Table 1 (i-Mark({1},{2,3})): a maximum gap `g` for value
//! `v` means every window of `g` consecutive positions (after the first occurrence) contains a
//! `v`. The tracker is incremental (for streaming runs) and mergeable (for runs split into
//! segments computed in parallel).

use std::collections::BTreeMap;

use serde::Serialize;

/// The statistics of one value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct GapStats {
    /// The value.
    pub value: u64,
    /// How many times it occurs.
    pub count: u64,
    /// Its first position.
    pub first: u64,
    /// Its last position.
    pub last: u64,
    /// The largest gap between consecutive occurrences (None if it occurs once).
    pub max_gap: Option<u64>,
    /// Where the first largest gap starts: occurrences at `max_gap_from` and
    /// `max_gap_from + max_gap`, none between.
    pub max_gap_from: Option<u64>,
}

impl GapStats {
    fn new(value: u64, position: u64) -> Self {
        GapStats {
            value,
            count: 1,
            first: position,
            last: position,
            max_gap: None,
            max_gap_from: None,
        }
    }

    #[inline]
    fn record(&mut self, position: u64) {
        let gap = position - self.last;
        if self.max_gap.is_none_or(|g| gap > g) {
            self.max_gap = Some(gap);
            self.max_gap_from = Some(self.last);
        }
        self.count += 1;
        self.last = position;
    }

    /// Combines the statistics of a range with those of a later, disjoint range.
    fn then(self, later: GapStats) -> GapStats {
        let mut merged = self;
        merged.record(later.first);
        merged.count += later.count - 1;
        if later.max_gap > merged.max_gap {
            merged.max_gap = later.max_gap;
            merged.max_gap_from = later.max_gap_from;
        }
        merged.last = later.last;
        merged
    }
}

/// Values below this are tracked in a vector, larger ones in a map.
const SMALL: u64 = 1024;

/// Accumulates [`GapStats`] for every value of a sequence fed in increasing position order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GapTracker {
    small: Vec<Option<GapStats>>,
    large: BTreeMap<u64, GapStats>,
    /// The most values from [`SMALL`] on that are kept (the smallest), if bounded.
    limit: Option<usize>,
    /// Whether a value was left out for the limit.
    dropped: bool,
}

impl GapTracker {
    /// An empty tracker.
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty tracker that keeps the statistics of the values below 1024 and of the `limit`
    /// smallest values from 1024 on, in bounded memory. The `limit` smallest values of
    /// [`GapTracker::finish`] are then exact: a value is left out (or dropped) only when
    /// `limit` smaller ones are kept, and kept values are only ever replaced by smaller ones,
    /// so a value left out once is never among the `limit` smallest at the end.
    pub fn with_limit(limit: usize) -> Self {
        GapTracker {
            limit: Some(limit.max(1)),
            ..Self::default()
        }
    }

    /// Whether every value met is kept (no value was left out for the limit).
    pub fn complete(&self) -> bool {
        !self.dropped
    }

    /// Records value `value` at `position`; positions must increase from call to call.
    #[inline]
    pub fn push(&mut self, position: u64, value: u64) {
        if value < SMALL {
            let i = value as usize;
            if i >= self.small.len() {
                self.small.resize(i + 1, None);
            }
            match &mut self.small[i] {
                Some(stats) => stats.record(position),
                slot => *slot = Some(GapStats::new(value, position)),
            }
        } else if let Some(stats) = self.large.get_mut(&value) {
            stats.record(position);
        } else {
            if self.limit.is_some_and(|limit| self.large.len() >= limit) {
                self.dropped = true;
                match self.large.last_key_value() {
                    Some((&largest, _)) if largest > value => {
                        self.large.pop_last();
                    }
                    _ => return,
                }
            }
            self.large.insert(value, GapStats::new(value, position));
        }
    }

    /// A tracker holding `stats` (one entry per value, as [`GapTracker::finish`] returns them),
    /// e.g. computed by a specialised scanner or restored from a checkpoint.
    pub fn from_stats(stats: &[GapStats]) -> Self {
        let mut tracker = GapTracker::new();
        for &s in stats {
            if s.value < SMALL {
                let i = s.value as usize;
                if i >= tracker.small.len() {
                    tracker.small.resize(i + 1, None);
                }
                tracker.small[i] = Some(s);
            } else {
                tracker.large.insert(s.value, s);
            }
        }
        tracker
    }

    /// Checks that `stats` can be the statistics of a sequence over the positions `from..next`
    /// with values at most `max_value` (for statistics read back from a file): values
    /// increasing, each value's occurrences inside the range and consistent with its count and
    /// largest gap, and the counts adding up to the number of positions. The reason when not.
    pub fn check_stats(
        stats: &[GapStats],
        from: u64,
        next: u64,
        max_value: u64,
    ) -> std::result::Result<(), String> {
        let mut total: u128 = 0;
        for (i, s) in stats.iter().enumerate() {
            let why = |what: &str| Err(format!("the statistics of value {}: {what}", s.value));
            if s.value > max_value {
                return why("no such value in this game");
            }
            if i > 0 && stats[i - 1].value >= s.value {
                return why("out of order");
            }
            if s.count == 0 || s.first < from || s.first > s.last || s.last >= next {
                return why("positions outside the range counted");
            }
            let span = s.last - s.first;
            match (s.count, s.max_gap, s.max_gap_from) {
                (1, None, None) if span == 0 => {}
                (c, Some(gap), Some(at)) if c >= 2 => {
                    let gaps = c - 1;
                    // Every gap is at least 1, and the largest at least the average.
                    let fits = gaps <= span
                        && gap >= 1
                        && gap <= span - (gaps - 1)
                        && u128::from(gap) * u128::from(gaps) >= u128::from(span)
                        && at >= s.first
                        && at.checked_add(gap).is_some_and(|end| end <= s.last);
                    if !fits {
                        return why("count, first, last and largest gap do not fit together");
                    }
                }
                _ => return why("count, first, last and largest gap do not fit together"),
            }
            total += u128::from(s.count);
        }
        if total != u128::from(next.saturating_sub(from)) {
            return Err(format!(
                "the counts add up to {total}, not to the {} positions counted",
                next.saturating_sub(from)
            ));
        }
        Ok(())
    }

    /// Merges the tracker of a later, disjoint range of positions into this one.
    pub fn merge(&mut self, later: &GapTracker) {
        for stats in later.finish() {
            if stats.value < SMALL {
                let i = stats.value as usize;
                if i >= self.small.len() {
                    self.small.resize(i + 1, None);
                }
                let slot = &mut self.small[i];
                *slot = Some(slot.map_or(stats, |earlier| earlier.then(stats)));
            } else {
                let merged = match self.large.remove(&stats.value) {
                    Some(earlier) => earlier.then(stats),
                    None => stats,
                };
                self.large.insert(stats.value, merged);
            }
        }
    }

    /// The statistics by increasing value.
    pub fn finish(&self) -> Vec<GapStats> {
        self.small
            .iter()
            .flatten()
            .copied()
            .chain(self.large.values().copied())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The definition, spelled out: positions of each value, then differences.
    fn reference(values: &[u64]) -> Vec<GapStats> {
        let mut positions: BTreeMap<u64, Vec<u64>> = BTreeMap::new();
        for (i, &v) in values.iter().enumerate() {
            positions.entry(v).or_default().push(i as u64);
        }
        positions
            .into_iter()
            .map(|(value, at)| {
                let mut max_gap = None;
                let mut max_gap_from = None;
                for w in at.windows(2) {
                    if max_gap.is_none_or(|g| w[1] - w[0] > g) {
                        max_gap = Some(w[1] - w[0]);
                        max_gap_from = Some(w[0]);
                    }
                }
                GapStats {
                    value,
                    count: at.len() as u64,
                    first: at[0],
                    last: *at.last().unwrap(),
                    max_gap,
                    max_gap_from,
                }
            })
            .collect()
    }

    #[test]
    fn a_small_example() {
        let mut t = GapTracker::new();
        for (i, v) in [0, 1, 0, 0, 2, 1, 0].into_iter().enumerate() {
            t.push(i as u64, v);
        }
        let g = t.finish();
        assert_eq!(
            (g[0].count, g[0].max_gap, g[0].max_gap_from),
            (4, Some(3), Some(3))
        );
        assert_eq!((g[1].first, g[1].last, g[1].max_gap), (1, 5, Some(4)));
        assert_eq!((g[2].count, g[2].max_gap), (1, None));
    }

    proptest! {
        #[test]
        fn tracker_and_merge_match_the_definition(
            values in prop::collection::vec(prop_oneof![0u64..5, 1020u64..1030], 0..200),
            cut in 0usize..200,
        ) {
            let cut = cut.min(values.len());
            let mut whole = GapTracker::new();
            let (mut left, mut right) = (GapTracker::new(), GapTracker::new());
            for (i, &v) in values.iter().enumerate() {
                whole.push(i as u64, v);
                if i < cut { left.push(i as u64, v) } else { right.push(i as u64, v) }
            }
            left.merge(&right);
            let expected = reference(&values);
            prop_assert_eq!(whole.finish(), expected.clone());
            prop_assert_eq!(left.finish(), expected);
        }

        /// A bounded tracker keeps the values below 1024 and the `limit` smallest others
        /// exactly, whatever the order in which values come.
        #[test]
        fn a_bounded_tracker_keeps_the_smallest_values_exactly(
            values in prop::collection::vec(prop_oneof![0u64..3, 1024u64..1040], 0..200),
            limit in 1usize..6,
        ) {
            let mut t = GapTracker::with_limit(limit);
            for (i, &v) in values.iter().enumerate() {
                t.push(i as u64, v);
            }
            let expected = reference(&values);
            let small = expected.iter().filter(|s| s.value < SMALL).count();
            let kept = t.finish();
            prop_assert_eq!(&kept[..], &expected[..kept.len()]);
            prop_assert_eq!(kept.len(), expected.len().min(small + limit));
            prop_assert_eq!(t.complete(), expected.len() <= small + limit);
        }

        /// Statistics of a real sequence pass the check; an edit that changes a count, moves
        /// an occurrence out of the range, names an impossible value or drops a value's line
        /// is caught (other edits can give the statistics of another sequence, which only the
        /// checkpoint's checksum catches).
        #[test]
        fn check_stats_accepts_real_statistics_and_rejects_edits(
            values in prop::collection::vec(0u64..4, 1..120),
            field in 0usize..5,
            delta in 1u64..5,
            which in 0usize..4,
        ) {
            let stats = reference(&values);
            let n = values.len() as u64;
            prop_assert!(GapTracker::check_stats(&stats, 0, n, 3).is_ok());
            let mut edited = stats.clone();
            let i = which % edited.len();
            let s = &mut edited[i];
            match field {
                0 => s.count += delta,
                1 => s.count -= 1,
                2 => s.last += n,
                3 => s.value = 4 + delta,
                _ => { edited.remove(i); }
            }
            prop_assert!(GapTracker::check_stats(&edited, 0, n, 3).is_err(), "{:?}", edited);
        }
    }
}
