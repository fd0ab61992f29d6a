//! Maximum, running maximum, records and value counts.

use std::collections::BTreeMap;

/// `m(i) = max(a(0), ..., a(i))`.
pub fn running_max(values: &[u64]) -> Vec<u64> {
    values
        .iter()
        .scan(0u64, |max, &v| {
            *max = (*max).max(v);
            Some(*max)
        })
        .collect()
}

/// The records: indices `i` with `a(i)` larger than every earlier value, with that value.
pub fn records(values: &[u64]) -> Vec<(usize, u64)> {
    let mut best = None;
    let mut out = Vec::new();
    for (i, &v) in values.iter().enumerate() {
        if best.is_none_or(|b| v > b) {
            best = Some(v);
            out.push((i, v));
        }
    }
    out
}

/// How many times each value occurs, by increasing value.
pub fn value_counts(values: &[u64]) -> BTreeMap<u64, u64> {
    let mut counts = BTreeMap::new();
    for &v in values {
        *counts.entry(v).or_insert(0) += 1;
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn running_max_records_and_counts() {
        let a = [1, 0, 3, 3, 2, 5, 0];
        assert_eq!(running_max(&a), vec![1, 1, 3, 3, 3, 5, 5]);
        assert_eq!(records(&a), vec![(0, 1), (2, 3), (5, 5)]);
        let counts: Vec<_> = value_counts(&a).into_iter().collect();
        assert_eq!(counts, vec![(0, 2), (1, 1), (2, 1), (3, 2), (5, 1)]);
        assert!(records(&[]).is_empty());
    }
}
