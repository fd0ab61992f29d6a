//! Two slow references for the tests, written from the definition of a take-and-break move
//! rather than from the engine's recurrences:
//!
//! - [`literal`]: every move listed (every `t`, every heap count the digit allows, every
//!   partition of the rest into that many parts, the constraint checked on the parts), the mex
//!   of the XORs. Exponential in `n`; for `n` up to about 40.
//! - [`definition`]: the same sets of values, partitions counted by their largest part (the
//!   classical recurrence `P(R, m, k) = P(R, m - 1, k) U G(m) XOR P(R - m, m, k - 1)`), so
//!   `n = 300` takes a moment. "Not all equal" takes the largest part `L`, `c` more copies of
//!   it, then at least one smaller part. [`literal`] checks it on small `n`.

#![allow(clippy::needless_range_loop)] // heap sizes index the value table: the loops read as the recurrences

use std::ops::ControlFlow;

use super::code::{Code, Constraint};

/// Words of the reference's bitsets: values below 1024 (checked).
const W: usize = 16;
/// The most heaps a split may leave in [`definition`] (exactly, or "at least").
pub const MAX_K: usize = 8;

type Set = [u64; W];

fn mex(values: &mut Vec<u32>) -> u32 {
    values.sort_unstable();
    values.dedup();
    values
        .iter()
        .enumerate()
        .find(|&(i, &v)| v != i as u32)
        .map_or(values.len() as u32, |(i, _)| i as u32)
}

/// `G(0..len)` by listing every move.
pub fn literal(code: &Code, len: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(len);
    for n in 0..len as u64 {
        let mut options = Vec::new();
        for t in 0..=n {
            let digit = code.digit(t);
            let rest = n - t;
            for k in 0..=rest.max(1) {
                let Some(c) = digit.allows(k) else { continue };
                each_partition(rest, k, rest, &mut Vec::new(), &mut |parts| {
                    let mut sorted = parts.to_vec();
                    sorted.sort_unstable();
                    if sorted.len() < 2 || c.allows(&sorted) {
                        options.push(parts.iter().fold(0, |x, &p| x ^ g[p as usize]));
                    }
                    ControlFlow::Continue(())
                });
            }
        }
        g.push(mex(&mut options));
    }
    g
}

/// The partitions of `total` into exactly `k` positive parts at most `max`, non-increasing.
fn each_partition(
    total: u64,
    k: u64,
    max: u64,
    parts: &mut Vec<u64>,
    visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
) {
    if k == 0 {
        if total == 0 {
            let _ = visit(parts);
        }
        return;
    }
    for p in (1..=max.min(total)).rev() {
        if p * k < total {
            break;
        }
        parts.push(p);
        each_partition(total - p, k - 1, p, parts, visit);
        parts.pop();
    }
}

/// Partition tables: `P(R, m, k)`, the XORs of the partitions of `R` into parts `<= m`, with
/// exactly `k` parts (or at least `k`, saturating), parts distinct or not.
struct Table {
    distinct: bool,
    at_least: bool,
    /// Whether the code needs it (the others stay empty).
    used: bool,
    /// The largest count `k` the code needs.
    k_max: usize,
    /// `rows[R][m * (MAX_K + 1) + k]`, `m <= R`.
    rows: Vec<Vec<Set>>,
}

impl Table {
    fn get(&self, r: usize, m: usize, k: usize) -> &Set {
        let m = m.min(r);
        &self.rows[r][m * (MAX_K + 1) + k]
    }

    /// The entries of row `r` for parts `<= m`, `m` in `from..=to` (`G(..=to)` known).
    fn fill(&mut self, g: &[u32], r: usize, from: usize, to: usize) {
        if self.rows.len() <= r {
            self.rows.push(vec![[0; W]; (r + 1) * (MAX_K + 1)]);
        }
        if !self.used {
            return;
        }
        for m in from..=to.min(r) {
            for k in 0..=self.k_max {
                let mut set: Set = [0; W];
                if r == 0 {
                    if k == 0 {
                        set[0] = 1;
                    }
                } else if m >= 1 {
                    set = *self.get(r, m - 1, k);
                    let fewer = if self.at_least {
                        k.saturating_sub(1)
                    } else {
                        k.wrapping_sub(1)
                    };
                    if (self.at_least || k >= 1) && r >= m {
                        let below = if self.distinct { m - 1 } else { m };
                        let rest = *self.get(r - m, below, fewer);
                        xor_into(&rest, g[m], &mut set);
                    }
                }
                self.rows[r][m * (MAX_K + 1) + k] = set;
            }
        }
    }
}

fn xor_into(src: &Set, x: u32, dst: &mut Set) {
    for (i, &word) in src.iter().enumerate() {
        let mut w = word;
        while w != 0 {
            let y = (i as u32 * 64 + w.trailing_zeros()) ^ x;
            dst[(y >> 6) as usize] |= 1 << (y & 63);
            w &= w - 1;
        }
    }
}

fn bits(set: &Set) -> Vec<u32> {
    let mut out = Vec::new();
    xor_list(set, &mut out);
    out
}

fn xor_list(set: &Set, out: &mut Vec<u32>) {
    for (i, &word) in set.iter().enumerate() {
        let mut w = word;
        while w != 0 {
            out.push(i as u32 * 64 + w.trailing_zeros());
            w &= w - 1;
        }
    }
}

/// `G(0..len)` of `code` by the partition recurrences (heap counts up to [`MAX_K`], values
/// below 1024).
pub fn definition(code: &Code, len: usize) -> Vec<u32> {
    let mut tables: Vec<Table> = [(false, false), (false, true), (true, false), (true, true)]
        .into_iter()
        .map(|(distinct, at_least)| Table {
            distinct,
            at_least,
            used: false,
            k_max: 0,
            rows: Vec::new(),
        })
        .collect();
    for digit in code.digits() {
        for (j, more, c) in digit.atoms() {
            if j >= 2 && c != Constraint::Equal {
                let distinct = c == Constraint::Unequal;
                let table = &mut tables[2 * usize::from(distinct) + usize::from(more)];
                table.used = true;
                table.k_max = table.k_max.max(j as usize);
            }
        }
    }
    // The split sets of each heap size, once computed (they need parts below it only).
    let mut cache: std::collections::HashMap<(usize, usize, bool, Constraint), Set> =
        std::collections::HashMap::new();
    let mut g: Vec<u32> = Vec::with_capacity(len);
    for n in 0..len {
        for table in &mut tables {
            table.fill(&g, n, 0, n.saturating_sub(1));
        }
        let mut options: Set = [0; W];
        let add = |v: u32, options: &mut Set| options[(v >> 6) as usize] |= 1 << (v & 63);
        for t in 0..=n {
            let rest = n - t;
            for (j, more, c) in code.digit(t as u64).atoms() {
                let j = j as usize;
                assert!(j <= MAX_K, "the reference handles up to {MAX_K} heaps");
                match (j, more) {
                    (0, false) if rest == 0 => add(0, &mut options),
                    (0, false) => {}
                    (1, false) if rest >= 1 => add(g[rest], &mut options),
                    (1, false) => {}
                    _ => {
                        let set = cache
                            .entry((rest, j, more, c))
                            .or_insert_with(|| splits(&tables, &g, rest, j, more, c));
                        for (o, s) in options.iter_mut().zip(set.iter()) {
                            *o |= s;
                        }
                    }
                }
            }
        }
        let mut options = bits(&options);
        let v = mex(&mut options);
        assert!(v < 1024, "the reference holds values below 1024");
        g.push(v);
        for table in &mut tables {
            table.fill(&g, n, n, n);
        }
    }
    g
}

/// The XORs of the splits of `rest` into `j` parts (or at least `j`) under `c`, parts below
/// `rest` (`j >= 2`).
fn splits(tables: &[Table], g: &[u32], rest: usize, j: usize, more: bool, c: Constraint) -> Set {
    let mut set: Set = [0; W];
    let table =
        |distinct: bool, at_least: bool| &tables[2 * usize::from(distinct) + usize::from(at_least)];
    match c {
        Constraint::Free => set = *table(false, more).get(rest, rest.saturating_sub(1), j),
        Constraint::Unequal => set = *table(true, more).get(rest, rest.saturating_sub(1), j),
        Constraint::Equal => {
            for k in j..=if more { rest } else { j } {
                if k >= 1 && rest >= k && rest.is_multiple_of(k) {
                    let v = if k % 2 == 1 { g[rest / k] } else { 0 };
                    set[(v >> 6) as usize] |= 1 << (v & 63);
                }
            }
        }
        Constraint::NotAllEqual => {
            // Largest part l, c more copies of it, then k' >= 1 smaller parts.
            let free = table(false, more);
            for l in 1..rest {
                let mut copies = 0;
                while (copies + 2) * l <= rest + l
                    && 1 + copies < j.max(1) + usize::from(more) * rest
                {
                    let left = rest - (copies + 1) * l;
                    if left == 0 {
                        break;
                    }
                    let needed = j as i64 - 1 - copies as i64;
                    let k = if more {
                        needed.max(1) as usize
                    } else if needed >= 1 {
                        needed as usize
                    } else {
                        break;
                    };
                    if k <= MAX_K {
                        let x = if (copies + 1) % 2 == 1 { g[l] } else { 0 };
                        xor_into(free.get(left, l - 1, k), x, &mut set);
                    }
                    copies += 1;
                }
            }
        }
    }
    set
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_two_references_agree() {
        for text in [
            "0.77",
            "4!.0",
            "4=.0",
            "8?.0",
            "8!.0",
            "0.F?",
            "0.{2+}",
            "{2+}!.0",
            "{2+}?.0",
            "{2+}=.0",
            "0.*",
            "0.[3]",
            "0.7[03]",
            "0.G",
            "0.[37]",
            "4.{3?,4+}",
            "0.&32;!",
            "0.{2!,3?,4=}",
        ] {
            let code = Code::parse(text).unwrap();
            assert_eq!(definition(&code, 36), literal(&code, 36), "{text}");
        }
    }

    /// Values published by other sources, against the literal reference.
    #[test]
    fn literature_sequences() {
        // Grundy's game, 4!.0: OEIS A002188 (n = 0..20); CGSuite's GameHeapTest lists the same.
        let grundy = Code::parse("4!.0").unwrap();
        assert_eq!(
            literal(&grundy, 21),
            [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]
        );
        // Kayles, 0.77: OEIS A002186 (n = 0..15).
        let kayles = Code::parse("0.77").unwrap();
        assert_eq!(
            literal(&kayles, 16),
            [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7]
        );
        // CGSuite's GameHeapTest (lib/core/src/test/scala/org/cgsuite/lang/GameHeapTest.scala,
        // A. Siegel): G(1..20) of the hexadecimal code 0.3F, and of the all-but game
        // excluding {2, 3, 7} (code 0.3003330[3]).
        let hex = Code::parse("0.3F").unwrap();
        assert_eq!(
            literal(&hex, 21)[1..],
            [1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5, 6, 7, 8, 6, 7, 8, 9, 10, 11]
        );
        let all_but = Code::parse("0.3003330[3]").unwrap();
        assert_eq!(
            literal(&all_but, 21)[1..],
            [1, 0, 1, 2, 3, 2, 3, 4, 5, 4, 5, 6, 7, 6, 7, 8, 9, 8, 9, 10]
        );
        // Nim, 0.[3]: G(n) = n.
        let nim = Code::parse("0.[3]").unwrap();
        assert_eq!(literal(&nim, 20), (0..20).collect::<Vec<u32>>());
    }
}
