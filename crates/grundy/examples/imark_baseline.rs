//! The straightforward computation the i-Mark({1},{2,3}) engine is measured against: one byte
//! per position, then a pass for the gaps. `cargo run --release --example imark_baseline -- N`
//! (see BENCHMARKS.md). The criterion bench `subdivision` includes this file for the same loop.

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or((1 << 31) - 1);
    let (count, max_gap) = byte_array_gaps(n);
    for v in 0..4 {
        println!("value {v}: count {}, max gap {}", count[v], max_gap[v]);
    }
}

/// Counts and maximum gaps of the values 0..3 of i-Mark({1},{2,3}) at positions `0..=n`.
pub fn byte_array_gaps(n: usize) -> ([u64; 4], [usize; 4]) {
    let mut sg = vec![0u8; n + 1];
    for i in 1..=n {
        let mut mask = 1u8 << sg[i - 1];
        if i % 2 == 0 {
            mask |= 1 << sg[i / 2];
        }
        if i % 3 == 0 {
            mask |= 1 << sg[i / 3];
        }
        sg[i] = (!mask).trailing_zeros() as u8;
    }
    let (mut last, mut max_gap, mut count) = ([None::<usize>; 4], [0usize; 4], [0u64; 4]);
    for (i, &v) in sg.iter().enumerate() {
        let v = v as usize;
        if let Some(l) = last[v] {
            max_gap[v] = max_gap[v].max(i - l);
        }
        last[v] = Some(i);
        count[v] += 1;
    }
    (count, max_gap)
}
