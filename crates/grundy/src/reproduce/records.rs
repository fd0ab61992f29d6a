//! The record computations of octal games, recomputed with record mode
//! ([`crate::games::octal::record`]) and compared with what they publish.
//!
//! A position `n` is *rare* under a mask `m` when `G(n) & m` has an even number of ones
//! (Winning Ways ch. 4, "Sparse space spells speed"; Flammenkamp's tables). Whether a value is
//! rare depends on the value alone, so the rare positions among `G(0..N)` are counted from the
//! count of each value that record mode publishes per power of two, with the published mask,
//! whatever split the run chose for its own speed. Compared here:
//!
//! - Grundy's game: tczajka's 1274 rare values to 2^21, the last at 82,860 (mask `fe`; G(0)
//!   included), and Flammenkamp's 1287 known rare values (mask `...1110`, to 2^35; G(0) is the
//!   first he lists);
//! - Officers (0.6): tczajka's 1584 rare values to 2^21, the last at 20,627 (mask `1ee`), his
//!   largest value to 2^21, and G(10^6) = 180;
//! - Rogalski's five games: the count of each value among `G(1..=2^k)` (his `results/CODE/2^k`,
//!   `data/rogalski-counts.txt`), at every power of two the run reaches.

use std::collections::BTreeMap;
use std::time::Instant;

use super::{cells, grid, Mode, Table};
use crate::games::octal::code::{Base, Rules};
use crate::games::octal::engine::{Engine, Run};
use crate::games::octal::record::{record, PowerCounts, RecordOptions, RecordReport};
use crate::games::octal::HeapGame;
use crate::survey::published::TCZAJKA;
use crate::{Error, Result};

/// The two tables: rare values and largest values; Rogalski's counts.
pub(crate) const TABLES: usize = 2;

/// Rogalski's published counts, one line per file (see the file's header).
const ROGALSKI: &str = include_str!("data/rogalski-counts.txt");

/// Where Rogalski's counts come from.
pub(crate) const ROGALSKI_SOURCE: &str =
    "rogalski-wmii-uni-lodz-pl/octal @9841c1e, results/CODE/2^k";

/// Rogalski's five games, in the order of his README.
pub(crate) const ROGALSKI_CODES: [&str; 5] = ["0.014", "0.034", "0.161", "0.167", "0.172"];

/// The largest power of two of the data file.
pub(crate) const ROGALSKI_MAX_POWER: u32 = 26;

/// Flammenkamp's page on Grundy's game ("1287 are known", his list starting with G(0)).
const FLAMMENKAMP: &str = "A. Flammenkamp, Sprague-Grundy Values of Grundy's Game (wwwhomes.uni-bielefeld.de/achim/grundy.html)";

/// Flammenkamp's mask for Grundy's game, `...1110`: every bit but the lowest.
const GRUNDY_MASK: u64 = !1;
/// tczajka's mask for 0.6, `1ee` (the same as Flammenkamp's `...11101110` below 512).
const OFFICERS_MASK: u64 = 0x1ee;

/// The count of each value among `G(1..=n)` of `code`, as Rogalski publishes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Published {
    /// The code, e.g. `0.167`.
    pub code: String,
    /// How many values are counted: `G(1), ..., G(n)`.
    pub n: u64,
    /// Value to count, non-zero counts only.
    pub counts: BTreeMap<u64, u64>,
}

/// Parses the data file: `code n value:count ...` per line, `#` comments.
pub(crate) fn parse_rogalski(text: &str) -> Result<Vec<Published>> {
    let bad = |line: usize, why: &str| {
        Err(Error::Invalid(format!(
            "data/rogalski-counts.txt, line {}: {why}",
            line + 1
        )))
    };
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut words = line.split_whitespace();
        let code = words.next().expect("not empty").to_string();
        let Some(n) = words.next().and_then(|w| w.parse::<u64>().ok()) else {
            return bad(i, "expected the code, then n");
        };
        let mut counts = BTreeMap::new();
        for w in words {
            let pair = w
                .split_once(':')
                .and_then(|(v, c)| Some((v.parse::<u64>().ok()?, c.parse::<u64>().ok()?)));
            let Some((v, c)) = pair else {
                return bad(i, &format!("'{w}' is not value:count"));
            };
            if c == 0 || counts.insert(v, c).is_some() {
                return bad(i, &format!("value {v} listed twice or with count 0"));
            }
        }
        if counts.values().sum::<u64>() != n {
            return bad(i, &format!("the counts do not add up to {n}"));
        }
        out.push(Published { code, n, counts });
    }
    Ok(out)
}

/// Rogalski's counts of `code` among `G(1..=n)`.
fn published(all: &[Published], code: &str, n: u64) -> Result<BTreeMap<u64, u64>> {
    all.iter()
        .find(|p| p.code == code && p.n == n)
        .map(|p| p.counts.clone())
        .ok_or_else(|| {
            Error::Invalid(format!(
                "no published count for {code} at n = {n} in data/rogalski-counts.txt"
            ))
        })
}

/// Whether the value `v` is rare under `mask`: `v AND mask` has an even number of ones.
fn is_rare(v: u64, mask: u64) -> bool {
    (v & mask).count_ones().is_multiple_of(2)
}

/// How many of the counted values are rare under `mask`.
fn rare_in(counts: &[u64], mask: u64) -> u64 {
    counts
        .iter()
        .enumerate()
        .filter(|&(v, _)| is_rare(v as u64, mask))
        .map(|(_, c)| c)
        .sum()
}

/// The counts among `G(0..upto)` of a finished run.
fn counts_to(report: &RecordReport, upto: u64) -> Option<&PowerCounts> {
    report.counts.iter().find(|p| p.upto == upto)
}

/// A record run of `game` over `G(0..to)`, and its seconds.
fn run(game: &HeapGame, to: u64, memory: u64) -> Result<(RecordReport, f64)> {
    let start = Instant::now();
    let options = RecordOptions {
        to,
        memory,
        checkpoint: None,
    };
    let report = record(game, &options, &mut |_| {}, &|| false)?;
    Ok((report, start.elapsed().as_secs_f64()))
}

/// `G(0..len)` of `game` from the engine (all in memory), and its seconds.
fn values(game: &HeapGame, len: u64) -> Result<(Engine, f64)> {
    let start = Instant::now();
    let mut engine = Engine::new(game.rules().clone());
    engine.extend(len, &Run::default(), &mut |_| {})?;
    Ok((engine, start.elapsed().as_secs_f64()))
}

/// `2^k` as text, `2^17` style.
fn power(n: u64) -> String {
    if n.is_power_of_two() {
        format!("2^{}", n.trailing_zeros())
    } else {
        n.to_string()
    }
}

fn seconds(s: f64) -> String {
    format!("{s:.2}")
}

fn verdict(agrees: bool) -> String {
    if agrees { "agrees" } else { "differs" }.to_string()
}

/// One compared figure.
struct Row {
    game: &'static str,
    compared: String,
    bound: String,
    published: String,
    computed: String,
    /// None: not compared (the reason is in `computed`).
    agrees: Option<bool>,
    seconds: f64,
    source: String,
}

impl Row {
    fn cells(&self) -> Vec<String> {
        vec![
            self.game.to_string(),
            self.compared.clone(),
            self.bound.clone(),
            self.published.clone(),
            self.computed.clone(),
            self.agrees.map_or("not compared".into(), verdict),
            seconds(self.seconds),
            self.source.clone(),
        ]
    }
}

/// Why a run did not give its counts: it stopped (the assumption of record mode failed).
fn shortfall(report: &RecordReport, to: u64) -> Option<String> {
    (report.computed < to).then(|| {
        format!(
            "record mode stopped at G({}): {}",
            report.computed,
            report.stopped.as_deref().unwrap_or("interrupted")
        )
    })
}

/// The rare values and largest values of Grundy's game and Officers.
pub(crate) fn rare_table(mode: Mode) -> Result<Table> {
    let mut rows = Vec::new();
    let tczajka = format!("{TCZAJKA}, UnsolvedGames.md (n = 2^21)");

    // Grundy's game: the record run, and the engine to 2^17 for the positions.
    let grundy = HeapGame::new(Rules::grundy_game(), "grundy-game");
    let (near, far) = (1u64 << 17, mode.pick(1u64 << 17, 1 << 24));
    // Full mode: 128 MiB keeps 2^24 values in the prefix (the engine, every thread): 120 s in a
    // release build under load, where 16 MiB (the window from 2^22 on, one thread) took 693 s
    // (BENCHMARKS.md, "Record mode").
    let (report, secs) = run(&grundy, far, mode.pick(1 << 20, 1 << 27))?;
    let (engine, engine_secs) = values(&grundy, near)?;
    let last = (0..near)
        .rev()
        .find(|&n| is_rare(u64::from(engine.get(n)), GRUNDY_MASK));
    let stop = shortfall(&report, far);
    let at = |upto: u64| counts_to(&report, upto).map(|p| rare_in(&p.counts, GRUNDY_MASK));
    let (to21, to_near) = (at(1 << 21), at(near));
    // 1274 among G(0..2^21), none after 82860: so 1274 among G(0..N) for 82860 < N <= 2^21.
    let (bound, count) = match to21 {
        Some(c) => (1u64 << 21, Some(c)),
        None => (near, to_near),
    };
    rows.push(Row {
        game: "Grundy's game",
        compared: format!(
            "rare values among G(0..{}) (mask ...1110, G(0) included){}",
            power(bound),
            if bound < 1 << 21 {
                "; the published 1274 among G(0..2^21), the last at 82860, imply 1274 here"
            } else {
                ""
            }
        ),
        bound: power(bound),
        published: "1274".into(),
        computed: stop
            .clone()
            .unwrap_or_else(|| count.map_or(String::new(), |c| c.to_string())),
        agrees: stop.is_none().then_some(count == Some(1274)),
        seconds: secs,
        source: tczajka.clone(),
    });
    // The last below 2^17 from the engine's values; below 2^21 when the run's rare counts at
    // 2^17 and 2^21 are equal (no rare position between).
    let between = to21.zip(to_near).map_or(0, |(c, n)| c - n);
    let bound = if to21.is_some() { 1u64 << 21 } else { near };
    rows.push(Row {
        game: "Grundy's game",
        compared: format!(
            "the last rare position below {} (the engine's G(0..2^17) scanned{})",
            power(bound),
            if bound > near {
                "; the run's rare counts at 2^17 and 2^21 are equal"
            } else {
                "; the published last at 82860 is the last below 2^21"
            }
        ),
        bound: power(bound),
        published: "82860".into(),
        computed: if between > 0 {
            format!("{between} rare positions between 2^17 and 2^21")
        } else {
            last.map_or("none".into(), |n| n.to_string())
        },
        agrees: Some(between == 0 && last == Some(82860)),
        seconds: engine_secs,
        source: tczajka.clone(),
    });
    let found = stop
        .is_none()
        .then(|| counts_to(&report, far).map(|p| rare_in(&p.counts, GRUNDY_MASK)))
        .flatten();
    rows.push(Row {
        game: "Grundy's game",
        compared: format!(
            "how many of the 1287 known rare values (to 2^35, G(0) included) lie below {}: at most 1287; the other 1287 - N lie beyond, by his count (not compared)",
            power(far)
        ),
        bound: power(far),
        published: "1287 (to 2^35)".into(),
        computed: stop
            .clone()
            .unwrap_or_else(|| found.map_or(String::new(), |n| format!("N = {n}"))),
        agrees: found.map(|n| n <= 1287),
        seconds: secs,
        source: FLAMMENKAMP.into(),
    });

    // Officers.
    let officers = HeapGame::new(Rules::parse("0.6", Base::Octal)?, "octal:0.6");
    let (near, far) = (1u64 << 15, mode.pick(1u64 << 15, 1 << 21));
    let (report, secs) = run(&officers, far, mode.pick(1 << 20, 1 << 24))?;
    let (engine, engine_secs) = values(&officers, near)?;
    let last = (0..near)
        .rev()
        .find(|&n| is_rare(u64::from(engine.get(n)), OFFICERS_MASK));
    let stop = shortfall(&report, far);
    let count = counts_to(&report, far).map(|p| rare_in(&p.counts, OFFICERS_MASK));
    let to_near = counts_to(&report, near).map(|p| rare_in(&p.counts, OFFICERS_MASK));
    rows.push(Row {
        game: "Officers (0.6)",
        compared: format!(
            "rare values among G(0..{}) (mask 1ee, G(0) included){}",
            power(far),
            if far < 1 << 21 {
                "; the published 1584 among G(0..2^21), the last at 20627, imply 1584 here"
            } else {
                ""
            }
        ),
        bound: power(far),
        published: "1584".into(),
        computed: stop
            .clone()
            .unwrap_or_else(|| count.map_or(String::new(), |c| c.to_string())),
        agrees: stop.is_none().then_some(count == Some(1584)),
        seconds: secs,
        source: tczajka.clone(),
    });
    let between = count.zip(to_near).map_or(0, |(c, n)| c - n);
    rows.push(Row {
        game: "Officers (0.6)",
        compared: format!(
            "the last rare position below {} (the engine's G(0..2^15) scanned{})",
            power(far),
            if far > near {
                "; the run's rare counts at 2^15 and 2^21 are equal"
            } else {
                "; the published last at 20627 is the last below 2^21"
            }
        ),
        bound: power(far),
        published: "20627".into(),
        computed: if between > 0 {
            format!("{between} rare positions between 2^15 and {}", power(far))
        } else {
            last.map_or("none".into(), |n| n.to_string())
        },
        agrees: Some(between == 0 && last == Some(20627)),
        seconds: engine_secs,
        source: tczajka.clone(),
    });
    if far == 1 << 21 {
        let ok = stop.is_none();
        rows.push(Row {
            game: "Officers (0.6)",
            compared: "the largest value among G(0..2^21), and where it first occurs".into(),
            bound: power(far),
            published: "319 at n = 1274955".into(),
            computed: stop
                .clone()
                .unwrap_or_else(|| format!("{} at n = {}", report.max_value, report.max_at)),
            agrees: ok.then_some((report.max_value, report.max_at) == (319, 1_274_955)),
            seconds: secs,
            source: tczajka.clone(),
        });
    }
    let million = 1_000_000u64;
    match mode {
        Mode::Full => {
            let (engine, secs) = values(&officers, million + 1)?;
            let g = engine.get(million);
            rows.push(Row {
                game: "Officers (0.6)",
                compared: "G(10^6) (the engine, all values in memory)".into(),
                bound: "10^6 + 1".into(),
                published: "180".into(),
                computed: g.to_string(),
                agrees: Some(g == 180),
                seconds: secs,
                source: "issue 30's brief (Officers at record scale; the stored copy of Grossman's paper is its abstract only)".into(),
            });
        }
        Mode::Quick => rows.push(Row {
            game: "Officers (0.6)",
            compared: "G(10^6)".into(),
            bound: "10^6 + 1".into(),
            published: "180".into(),
            computed: "computed by the full report only".into(),
            agrees: None,
            seconds: 0.0,
            source: "issue 30's brief".into(),
        }),
    }

    let header = [
        "game",
        "compared",
        "bound",
        "published",
        "computed here",
        "agrees",
        "seconds",
        "source",
    ];
    let marked = rows
        .iter()
        .enumerate()
        .filter(|(_, r)| r.agrees == Some(false))
        .map(|(i, _)| (i, 5))
        .collect::<Vec<_>>();
    let any_differs = !marked.is_empty();
    let cells: Vec<Vec<String>> = rows.iter().map(Row::cells).collect();
    Ok(Table {
        id: "octal-records-rare".into(),
        title: "Rare values of Grundy's game and Officers, recomputed in record mode".into(),
        note: format!(
            "`grundy record` runs (library: `games::octal::record`) to the bound, in {} of memory; a position is rare when G(n) AND mask has an even number of ones, counted from the run's count of each value with the published mask (whatever split the run used). The last rare positions come from the engine's values (all in memory) below 2^17 (Grundy's game) and 2^15 (0.6), and hold below 2^21 when the rare counts there are equal. Flammenkamp's 1287 are known to 2^35: only how many lie below the bound is compared, and the check is that it does not exceed 1287. Seconds: the record run (the engine's for the last positions and G(10^6)). {}",
            mode.pick("1 MiB", "128 MiB (Grundy's game) and 16 MiB (0.6)"),
            mode.pick(
                "The quick report goes to 2^17 and 2^15; the full report to 2^24 and 2^21.",
                "",
            )
        ),
        layout: grid(&header, cells.clone()),
        data: grid(&header, cells),
        // Flammenkamp's row compares only how many lie below the bound: "agrees with the
        // sources" is never claimed for the whole table, only a difference is.
        agrees: any_differs.then_some(false),
        marked,
    })
}

/// The last power of two compared for `code`: `2^16` in quick mode; in full mode as far as
/// about a minute of the release build reaches on the 2-core VM (BENCHMARKS.md).
pub(crate) fn rogalski_power(mode: Mode, code: &str) -> u32 {
    let full = match code {
        "0.167" => 24,
        "0.161" => 22,
        _ => 21,
    };
    mode.pick(16, full).min(ROGALSKI_MAX_POWER)
}

/// The comparison of one game at one power of two.
struct PowerRow {
    n: u64,
    agrees: bool,
    /// What differs (`value v: published a, computed b`), or empty.
    differs: String,
}

/// Compares Rogalski's counts for `code` at `2^1 .. 2^k`: one record run over `G(0..=2^k)`
/// (its counts among `G(0..2^j)`), and `G(2^j)` for `j < k` from the engine, give the count of
/// each value among `G(1..=2^j)`, his form.
fn compare_rogalski(
    all: &[Published],
    code: &str,
    k: u32,
    memory: u64,
) -> Result<(Vec<PowerRow>, f64, Option<String>)> {
    let game = HeapGame::new(Rules::parse(code, Base::Octal)?, format!("octal:{code}"));
    let to = (1u64 << k) + 1;
    let start = Instant::now();
    let (report, _) = run(&game, to, memory)?;
    let (engine, _) = values(&game, (1u64 << (k - 1)) + 1)?;
    let secs = start.elapsed().as_secs_f64();
    let stop = shortfall(&report, to);
    let mut rows = Vec::new();
    for j in 1..=k {
        let n = 1u64 << j;
        let (upto, extra) = if j == k {
            (to, None)
        } else {
            (n, Some(u64::from(engine.get(n))))
        };
        let Some(ours) = counts_to(&report, upto) else {
            break;
        };
        // Among G(1..=n): drop G(0) = 0, add G(n) when the run's counts end before it.
        let mut computed: BTreeMap<u64, u64> = ours
            .counts
            .iter()
            .enumerate()
            .map(|(v, &c)| (v as u64, c))
            .collect();
        *computed.entry(0).or_default() -= 1;
        if let Some(v) = extra {
            *computed.entry(v).or_default() += 1;
        }
        computed.retain(|_, c| *c > 0);
        let theirs = published(all, code, n)?;
        let mut differs = Vec::new();
        let values: std::collections::BTreeSet<u64> =
            theirs.keys().chain(computed.keys()).copied().collect();
        for v in values {
            let (a, b) = (
                theirs.get(&v).copied().unwrap_or(0),
                computed.get(&v).copied().unwrap_or(0),
            );
            if a != b {
                differs.push(format!("value {v}: published {a}, computed {b}"));
            }
        }
        rows.push(PowerRow {
            n,
            agrees: differs.is_empty(),
            differs: differs.join("; "),
        });
    }
    Ok((rows, secs, stop))
}

/// Rogalski's counts per power of two for his five games.
pub(crate) fn rogalski_table(mode: Mode) -> Result<Table> {
    let all = parse_rogalski(ROGALSKI)?;
    let memory = mode.pick(1u64 << 20, 1 << 24);
    let (mut layout, mut data, mut marked) = (Vec::new(), Vec::new(), Vec::new());
    let mut all_agree = true;
    for code in ROGALSKI_CODES {
        let k = rogalski_power(mode, code);
        let (rows, secs, stop) = compare_rogalski(&all, code, k, memory)?;
        let differing: Vec<&PowerRow> = rows.iter().filter(|r| !r.agrees).collect();
        let agrees = differing.is_empty() && stop.is_none();
        all_agree &= agrees;
        if !agrees {
            marked.push((layout.len(), 4));
        }
        let reached = rows.last().map_or("none".to_string(), |r| power(r.n));
        layout.push(vec![
            format!("octal:{code}"),
            format!("2^1 .. {reached} ({} powers)", rows.len()),
            format!("G(1..=2^{k})"),
            seconds(secs),
            match (&stop, differing.len()) {
                (Some(why), _) => format!("not reached: {why}"),
                (None, 0) => "agrees".into(),
                (None, d) => format!("differs at {d} powers"),
            },
            differing
                .iter()
                .map(|r| format!("{}: {}", power(r.n), r.differs))
                .collect::<Vec<_>>()
                .join(" | "),
            ROGALSKI_SOURCE.to_string(),
        ]);
        for r in &rows {
            data.push(cells([
                format!("octal:{code}"),
                r.n.to_string(),
                verdict(r.agrees),
                r.differs.clone(),
            ]));
        }
    }
    Ok(Table {
        id: "octal-records-rogalski".into(),
        title: "Rogalski's counts of each value per power of two, recomputed in record mode".into(),
        note: format!(
            "His file results/CODE/n counts each value among G(1), ..., G(n) (heaps 1 to n). One `grundy record` run per game over G(0..=2^k) ({} of memory) gives the counts among G(0..2^j) for every j <= k; G(0) = 0 is taken out and G(2^j) (from the engine, all in memory, to 2^(k-1)) put in, and every count of every power 2^1 .. 2^k is compared with his (data/rogalski-counts.txt in the library, from his commit 9841c1e, to 2^26; his files go on to 2^36 .. 2^40). Seconds: the record run and the engine's. The data CSV has one row per power.",
            mode.pick("1 MiB", "16 MiB")
        ),
        layout: grid(
            &[
                "game",
                "powers compared",
                "values",
                "seconds",
                "agrees",
                "what differs",
                "source",
            ],
            layout,
        ),
        data: grid(&["game", "n", "agrees", "what differs"], data),
        agrees: Some(all_agree),
        marked,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_data_file_gives_the_published_counts() {
        let all = parse_rogalski(ROGALSKI).unwrap();
        // results/0.167/65536 at 9841c1e, its first lines: "0 1", "1 4705", "2 10", "3 4690",
        // "4 2687", "5 8", "6 2705"; and "19 0" (a zero count, left out of the data file).
        let c = published(&all, "0.167", 65536).unwrap();
        let first: Vec<(u64, u64)> = c.iter().take(7).map(|(&v, &c)| (v, c)).collect();
        assert_eq!(
            first,
            [
                (0, 1),
                (1, 4705),
                (2, 10),
                (3, 4690),
                (4, 2687),
                (5, 8),
                (6, 2705)
            ]
        );
        assert!(!c.contains_key(&19));
        // Every game at every power 2^1 .. 2^26, the counts adding up to n.
        for code in ROGALSKI_CODES {
            for k in 1..=ROGALSKI_MAX_POWER {
                assert_eq!(
                    published(&all, code, 1 << k).unwrap().values().sum::<u64>(),
                    1 << k
                );
            }
        }
        assert_eq!(all.len(), 5 * ROGALSKI_MAX_POWER as usize);
        // 0.167's file 4 counts G(1..4) = 1, 0, 2, 2 (by the rules: 0.167 takes one from a heap
        // of one, two leaving one or two heaps, three leaving none, one or two).
        let four = published(&all, "0.167", 4).unwrap();
        assert_eq!(four, BTreeMap::from([(0, 1), (1, 1), (2, 2)]));
        for code in ROGALSKI_CODES {
            for mode in [Mode::Quick, Mode::Full] {
                assert!(rogalski_power(mode, code) <= ROGALSKI_MAX_POWER);
            }
        }
    }

    #[test]
    fn malformed_lines_are_refused() {
        for (text, why) in [
            ("0.167 4 0:1 1:1 2:1", "add up to 4"),
            ("0.167 x", "the code, then n"),
            ("0.167 2 0:1 1", "not value:count"),
            ("0.167 2 0:1 0:1", "listed twice"),
        ] {
            let e = parse_rogalski(text).unwrap_err().to_string();
            assert!(e.contains(why) && e.contains("line 1"), "{e}");
        }
    }

    #[test]
    fn rare_values_are_counted_with_the_mask() {
        // Values 0..4 with counts 1, 2, 3, 4: under ...1110, 0 and 1 (no high bit) are rare,
        // 2 and 3 are not: 3 rare.
        assert_eq!(rare_in(&[1, 2, 3, 4], GRUNDY_MASK), 3);
        // Under 1ee: 0 and 1 rare, 2 (bit 1) and 3 common.
        assert_eq!(rare_in(&[1, 2, 3, 4], OFFICERS_MASK), 3);
        // 0x22: bits 1 and 5, both in 1ee (1 1110 1110): two ones, rare; 0x12: bit 4 is not
        // in 1ee, one one left, common.
        let mut counts = vec![0; 0x23];
        counts[0x22] = 5;
        counts[0x12] = 7;
        assert_eq!(rare_in(&counts, OFFICERS_MASK), 5);
        // Under ...1110 both have two ones: rare.
        assert_eq!(rare_in(&counts, GRUNDY_MASK), 12);
    }

    #[test]
    fn the_quick_comparisons_agree_with_the_published_figures() {
        let rare = rare_table(Mode::Quick).unwrap();
        // The expected figures are those of the sources (tczajka's table, Flammenkamp's page).
        let row = |i: usize| &rare.layout.rows[i];
        assert_eq!((row(0)[3].as_str(), row(0)[5].as_str()), ("1274", "agrees"));
        assert_eq!(row(0)[4], "1274");
        assert_eq!((row(1)[3].as_str(), row(1)[4].as_str()), ("82860", "82860"));
        assert_eq!(row(1)[5], "agrees");
        assert_eq!(row(2)[5], "agrees");
        assert_eq!((row(3)[3].as_str(), row(3)[4].as_str()), ("1584", "1584"));
        assert_eq!((row(4)[3].as_str(), row(4)[4].as_str()), ("20627", "20627"));
        assert_eq!(row(5)[5], "not compared");
        assert_eq!(rare.agrees, None);
        let rogalski = rogalski_table(Mode::Quick).unwrap();
        assert_eq!(rogalski.layout.rows.len(), 5);
        for r in &rogalski.layout.rows {
            assert_eq!(r[4], "agrees", "{r:?}");
            assert_eq!(r[1], "2^1 .. 2^16 (16 powers)");
        }
        assert_eq!(rogalski.data.rows.len(), 5 * 16);
        assert_eq!(rogalski.agrees, Some(true));
    }
}
