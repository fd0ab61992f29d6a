//! What the stored sources list for a member, compared with what the survey computed.
//!
//! Two sources:
//!
//! - [`crate::games::octal::theory::KNOWN`]: periods and last exceptions of the literature
//!   (Guy and Smith, *Winning Ways*, Gangolli and Plambeck, Flammenkamp, via OEIS), each with
//!   its source.
//! - The tables of tczajka/octal-games (`survey/tczajka/`, copied with their commit in
//!   `PROVENANCE.md`): `GameLookup.md` sends every octal code `0.d1d2d3` and `4.d1d2d3` to a
//!   representative with "the same nim sequence", where a game whose heaps `1..=s` have no move
//!   counts from heap `s` (its values there are all 0: so `G_X(s_X + i) = G_Y(s_Y + i)` for a
//!   code `X` sent to `Y`); `TrivialGames.md` gives each trivial representative's values from
//!   heap 0 (preperiod in full, then the period in parentheses); `SolvedGames.md` the prefix
//!   (preperiod), period, and largest value with its index; `UnsolvedGames.md` the open ones.
//!
//! The comparison states what was compared: every computed value against a trivial entry's
//! sequence (shifted as the lookup says), the proven period and preperiod against the listed
//! ones, the largest value where both are final. Verdicts: `agrees`, `disagrees` (both values
//! given), `unsettled` (listed with a period; the values computed here agree but no period is
//! proven within the run), `open` (listed as unsolved, not proven here either), `new` (listed as
//! unsolved, proven here), `not listed`.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::games::octal::code::{Base, Rules};
use crate::games::octal::theory::KNOWN;

const LOOKUP: &str = include_str!("tczajka/GameLookup.md");
const TRIVIAL: &str = include_str!("tczajka/TrivialGames.md");
const SOLVED: &str = include_str!("tczajka/SolvedGames.md");
const UNSOLVED: &str = include_str!("tczajka/UnsolvedGames.md");

/// Where tczajka's tables come from, as cited in verdicts.
pub const TCZAJKA: &str = "tczajka/octal-games @57e893a";

/// A trivial entry: the values from heap 0.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trivial {
    /// The preperiod.
    pub prefix: u64,
    /// The period.
    pub period: u64,
    /// `G(0..prefix + period)`.
    pub values: Vec<u64>,
}

impl Trivial {
    /// `G(n)` by the listed sequence.
    pub fn value(&self, n: u64) -> u64 {
        let m = if n < self.prefix {
            n
        } else {
            self.prefix + (n - self.prefix) % self.period
        };
        self.values[m as usize]
    }
}

/// A solved entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Solved {
    /// The preperiod (tczajka's "prefix").
    pub prefix: u64,
    /// The period.
    pub period: u64,
    /// Where the largest value first occurs.
    pub largest_at: u64,
    /// The largest value.
    pub largest: u64,
}

/// An unsolved entry, with the range computed when the table gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unsolved {
    /// `G(0..n)` computed, with the largest value and where (when listed).
    pub computed: Option<(u64, u64, u64)>,
}

/// tczajka's tables, parsed.
#[derive(Debug, Default)]
pub struct Tables {
    /// Canonical code -> canonical code of its representative.
    pub lookup: HashMap<String, String>,
    /// Trivial representatives.
    pub trivial: HashMap<String, Trivial>,
    /// Solved representatives.
    pub solved: HashMap<String, Solved>,
    /// Unsolved representatives.
    pub unsolved: HashMap<String, Unsolved>,
}

/// The tables (parsed once; the files are part of the binary).
pub fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| parse_tables().expect("the stored tables parse"))
}

fn canonical(text: &str) -> Option<String> {
    Rules::parse(text.trim(), Base::Octal)
        .ok()
        .map(|r| r.code())
}

/// The cells of a table row (`a | b | c`), or `None` for headers and rules.
fn cells(line: &str) -> Option<Vec<&str>> {
    if !line.contains('|') || line.starts_with(":-") || line.trim_start().starts_with("game") {
        return None;
    }
    Some(line.split('|').map(str::trim).collect())
}

fn digit_value(c: char) -> Option<u64> {
    c.to_digit(36).map(u64::from)
}

fn parse_tables() -> Result<Tables, String> {
    let mut tables = Tables::default();
    for line in LOOKUP.lines() {
        let Some(cells) = cells(line) else { continue };
        let label = cells[0];
        if !label.ends_with('x') {
            continue;
        }
        for (i, entry) in cells[1..].iter().enumerate().take(7) {
            let code = canonical(&label.replace('x', &(i + 1).to_string()))
                .ok_or_else(|| format!("lookup label {label}"))?;
            let rep = match *entry {
                "-" => code.clone(),
                e => canonical(e).ok_or_else(|| format!("lookup entry {e}"))?,
            };
            tables.lookup.insert(code, rep);
        }
    }
    for line in TRIVIAL.lines() {
        let Some(cells) = cells(line) else { continue };
        if cells.len() < 4 {
            continue;
        }
        let code = canonical(cells[0]).ok_or_else(|| format!("trivial {}", cells[0]))?;
        let prefix: u64 = cells[1].parse().map_err(|_| format!("prefix {line}"))?;
        let period: u64 = cells[2].parse().map_err(|_| format!("period {line}"))?;
        let (pre, rest) = cells[3].split_once('(').ok_or(format!("nimbers {line}"))?;
        let per = rest.strip_suffix(')').ok_or(format!("nimbers {line}"))?;
        let values: Option<Vec<u64>> = pre.chars().chain(per.chars()).map(digit_value).collect();
        let values = values.ok_or(format!("nimbers {line}"))?;
        if pre.len() as u64 != prefix || per.len() as u64 != period {
            return Err(format!("lengths in {line}"));
        }
        tables.trivial.insert(
            code,
            Trivial {
                prefix,
                period,
                values,
            },
        );
    }
    for line in SOLVED.lines() {
        let Some(cells) = cells(line) else { continue };
        if cells.len() < 5 {
            continue;
        }
        let number = |i: usize| -> Result<u64, String> {
            cells[i].parse().map_err(|_| format!("solved {line}"))
        };
        let code = canonical(cells[0]).ok_or_else(|| format!("solved {}", cells[0]))?;
        tables.solved.insert(
            code,
            Solved {
                prefix: number(1)?,
                period: number(2)?,
                largest_at: number(3)?,
                largest: number(4)?,
            },
        );
    }
    for line in UNSOLVED.lines() {
        let Some(cells) = cells(line) else { continue };
        let Some(code) = canonical(cells[0]) else {
            continue; // Grundy's game
        };
        let computed = (cells.len() >= 4 && !cells[1].is_empty())
            .then(|| {
                let n = crate::number::parse_u64(cells[1]).ok()?;
                Some((n, cells[2].parse().ok()?, cells[3].parse().ok()?))
            })
            .flatten();
        tables.unsolved.insert(code, Unsolved { computed });
    }
    Ok(tables)
}

/// How many heaps `1..=s` at the start have no move (tczajka's normalisation drops them).
pub fn leading_dead_heaps(rules: &Rules) -> u64 {
    let has_move = |n: u64| {
        rules.kinds().any(|k| {
            let t = k.take as u64;
            match k.heaps {
                0 => n == t,
                1 => n > t,
                2 => n >= t + 2,
                _ => n >= t + 3,
            }
        })
    };
    let limit = rules.last_digit() as u64 + 3;
    (1..=limit).take_while(|&n| !has_move(n)).count() as u64
}

/// What the survey found, as the comparison needs it.
#[derive(Debug, Clone, Copy)]
pub struct Found<'a> {
    /// `G(0..len)`.
    pub values: &'a [u64],
    /// The proven `(period, preperiod)`, if any.
    pub proven: Option<(u64, u64)>,
    /// The largest value and where it first occurs among the computed values.
    pub max: (u64, u64),
}

/// The verdict on one member: a word and what was compared.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// `agrees`, `disagrees`, `unsettled`, `open`, `new` or `not listed`.
    pub word: &'static str,
    /// The sources and the figures compared.
    pub detail: String,
}

/// Compares a heap game with every source that lists it.
pub fn compare(rules: &Rules, found: &Found) -> Verdict {
    let mut parts: Vec<(&'static str, String)> = Vec::new();
    if rules.base() == Base::Octal && !rules.unequal() {
        if let Some(known) = KNOWN.iter().find(|k| &k.rules() == rules) {
            parts.push(compare_known(known, found));
        }
        if let Some(part) = compare_tczajka(rules, found) {
            parts.push(part);
        }
    }
    if parts.is_empty() {
        return Verdict {
            word: "not listed",
            detail: String::new(),
        };
    }
    // The strongest word wins: a disagreement anywhere, then news, then agreement.
    let order = ["disagrees", "new", "agrees", "unsettled", "open"];
    let word = order
        .iter()
        .find(|w| parts.iter().any(|(p, _)| p == *w))
        .copied()
        .unwrap_or("agrees");
    let detail = parts
        .iter()
        .map(|(w, d)| format!("{w}: {d}"))
        .collect::<Vec<_>>()
        .join("; ");
    Verdict { word, detail }
}

fn show(e: Option<u64>) -> String {
    e.map_or("none".into(), |e| e.to_string())
}

fn compare_known(
    known: &crate::games::octal::theory::Known,
    found: &Found,
) -> (&'static str, String) {
    let listed = format!(
        "period {}, last exception {} ({})",
        known.period,
        show(known.last_exception),
        known.source
    );
    match found.proven {
        Some((p, n0)) => {
            let last = n0.checked_sub(1);
            if p == known.period && last == known.last_exception {
                ("agrees", listed)
            } else {
                (
                    "disagrees",
                    format!(
                        "here period {p}, last exception {}; listed {listed}",
                        show(last)
                    ),
                )
            }
        }
        None => ("unsettled", format!("listed {listed}; not proven here")),
    }
}

fn compare_tczajka(rules: &Rules, found: &Found) -> Option<(&'static str, String)> {
    let tables = tables();
    let code = rules.code();
    // A code the lookup has no row for (4.0, written "4") may be a representative itself.
    let listed = |c: &String| {
        tables.trivial.contains_key(c)
            || tables.solved.contains_key(c)
            || tables.unsolved.contains_key(c)
    };
    let rep = match tables.lookup.get(&code) {
        Some(rep) => rep,
        None if listed(&code) => &code,
        None => return None,
    };
    let rep_rules = Rules::parse(rep, Base::Octal).expect("parsed before");
    let (s_x, s_y) = (leading_dead_heaps(rules), leading_dead_heaps(&rep_rules));
    let via = if rep == &code {
        String::new()
    } else {
        format!(
            " (GameLookup: as {rep}, heaps shifted by {})",
            s_x as i64 - s_y as i64
        )
    };
    // Heap n of this code is heap n - s_x + s_y of the representative (n >= s_x).
    let shift = |m: u64| (m + s_x).checked_sub(s_y);
    if let Some(t) = tables.trivial.get(rep) {
        let expected = |n: u64| {
            if n < s_x {
                0
            } else {
                t.value(n - s_x + s_y)
            }
        };
        if let Some(n) =
            (0..found.values.len() as u64).find(|&n| found.values[n as usize] != expected(n))
        {
            return Some((
                "disagrees",
                format!(
                    "G({n}) = {} here, {} by {TCZAJKA} TrivialGames{via}",
                    found.values[n as usize],
                    expected(n)
                ),
            ));
        }
        // The listed sequence of this code is periodic with t.period; its preperiod is where
        // the periodic relation starts, looked for over the listed part and two periods.
        let end = s_x + t.prefix + 2 * t.period + 2;
        let mut n0 = end - t.period;
        while n0 > 0 && expected(n0 - 1) == expected(n0 - 1 + t.period) {
            n0 -= 1;
        }
        let listed = format!(
            "{TCZAJKA} TrivialGames{via}: period {}, preperiod {n0}, every value G(0), ..., G({}) equal",
            t.period,
            found.values.len().saturating_sub(1)
        );
        return Some(match found.proven {
            Some((p, e)) if p == t.period && e == n0 => ("agrees", listed),
            Some((p, e)) if t.period % p == 0 && e == n0 => (
                "agrees",
                format!("{listed} (the listed period is a multiple of {p})"),
            ),
            Some((p, e)) => (
                "disagrees",
                format!("here period {p}, preperiod {e}; {listed}"),
            ),
            None => ("unsettled", format!("{listed}; no period proven here")),
        });
    }
    if let Some(s) = tables.solved.get(rep) {
        let prefix = shift(s.prefix);
        let largest_at = shift(s.largest_at);
        let listed = format!(
            "{TCZAJKA} SolvedGames{via}: period {}, prefix {}, largest {} at {}",
            s.period,
            show(prefix),
            s.largest,
            show(largest_at)
        );
        return Some(match found.proven {
            Some((p, e)) => {
                if p == s.period
                    && Some(e) == prefix
                    && (found.max.0, Some(found.max.1)) == (s.largest, largest_at)
                {
                    ("agrees", listed)
                } else {
                    (
                        "disagrees",
                        format!(
                            "here period {p}, preperiod {e}, largest {} at {}; {listed}",
                            found.max.0, found.max.1
                        ),
                    )
                }
            }
            None => ("unsettled", format!("{listed}; not proven here")),
        });
    }
    if let Some(u) = tables.unsolved.get(rep) {
        let mut detail = format!("{TCZAJKA} UnsolvedGames lists it as unsolved{via}");
        if let Some((n, at, largest)) = u.computed {
            if let (Some(n), Some(at)) = (shift(n), shift(at)) {
                if found.values.len() as u64 >= n {
                    let (mut max, mut max_at) = (0, 0);
                    for (i, &v) in found.values[..n as usize].iter().enumerate() {
                        if v > max {
                            (max, max_at) = (v, i as u64);
                        }
                    }
                    if (max, max_at) != (largest, at) {
                        return Some((
                            "disagrees",
                            format!("largest of G(0), ..., G({}) here {max} at {max_at}; {detail} with largest {largest} at {at}", n.saturating_sub(1)),
                        ));
                    }
                    detail.push_str(&format!(
                        ", largest of G(0), ..., G({}) {largest} at {at} (equal here)",
                        n.saturating_sub(1)
                    ));
                }
            }
        }
        return Some(match found.proven {
            Some((p, e)) => (
                "new",
                format!("{detail}; proven here: period {p}, preperiod {e}"),
            ),
            None => ("open", detail),
        });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::octal::engine::definition;

    fn octal(code: &str) -> Rules {
        Rules::parse(code, Base::Octal).unwrap()
    }

    #[test]
    fn the_tables_parse_completely() {
        let t = tables();
        // Every code of one to three digits, the last non-zero, with d0 = 0 or 4.
        assert_eq!(t.lookup.len(), 2 * (7 + 56 + 448));
        assert_eq!(t.lookup["0.07"], "0.4");
        assert_eq!(t.lookup["0.4"], "0.4");
        assert_eq!(t.trivial.len(), 82);
        assert_eq!(t.trivial["0.77"].period, 12);
        assert_eq!(t.solved.len(), 10);
        assert_eq!(t.solved["0.56"].prefix, 326640);
        assert!(t.unsolved.contains_key("0.6"));
        assert_eq!(t.unsolved["0.6"].computed, Some((1 << 21, 1274955, 319)));
        // Every representative is listed in one of the three tables.
        for rep in t.lookup.values() {
            assert!(
                t.trivial.contains_key(rep)
                    || t.solved.contains_key(rep)
                    || t.unsolved.contains_key(rep),
                "{rep}"
            );
        }
    }

    #[test]
    fn dead_heaps_are_counted_from_the_rules() {
        assert_eq!(leading_dead_heaps(&octal("0.07")), 1);
        assert_eq!(leading_dead_heaps(&octal("0.4")), 2);
        assert_eq!(leading_dead_heaps(&octal("0.77")), 0);
        assert_eq!(leading_dead_heaps(&octal("0.45")), 1);
    }

    /// The comparison against the plain definition (not the engine): every code of up to two
    /// digits whose representative is trivial agrees on 0..300 with the shifted listed values.
    #[test]
    fn trivial_entries_agree_with_the_definition() {
        let t = tables();
        let mut compared = 0;
        for rules in crate::games::octal::theory::all_codes(2, Base::Octal) {
            let Some(rep) = t.lookup.get(&rules.code()) else {
                continue;
            };
            if !t.trivial.contains_key(rep) {
                continue;
            }
            let values: Vec<u64> = definition(&rules, 300).into_iter().map(u64::from).collect();
            let found = Found {
                values: &values,
                proven: None,
                max: (0, 0),
            };
            let v = compare(&rules, &found);
            assert_eq!(v.word, "unsettled", "{}: {}", rules.code(), v.detail);
            compared += 1;
        }
        assert!(compared > 60, "{compared}");
    }

    #[test]
    fn a_wrong_value_or_period_is_a_disagreement() {
        let rules = octal("0.07");
        let mut values: Vec<u64> = definition(&rules, 200).into_iter().map(u64::from).collect();
        let right = Found {
            values: &values,
            proven: Some((34, 53)),
            max: (0, 0),
        };
        let v = compare(&rules, &right);
        assert_eq!(v.word, "agrees", "{}", v.detail);
        assert!(v.detail.contains("as 0.4"), "{}", v.detail);
        let wrong_period = Found {
            proven: Some((34, 52)),
            ..right
        };
        assert_eq!(compare(&rules, &wrong_period).word, "disagrees");
        assert_eq!(compare(&octal("0.1234"), &right).word, "not listed");
        values[100] ^= 1;
        let wrong_value = Found {
            values: &values,
            proven: Some((34, 53)),
            max: (0, 0),
        };
        let v = compare(&rules, &wrong_value);
        assert_eq!(v.word, "disagrees");
        assert!(v.detail.contains("G(100)"), "{}", v.detail);
    }
}
