//! The periodicity theorem, the known periods of the literature, and the claims of `verify`.
//!
//! **Theorem** (Guy and Smith 1956; *Winning Ways*, ch. 4, "the periodicity theorem"). Let a
//! heap game have a finite code whose last non-zero digit is `d_k` and whose moves leave at most
//! two heaps (every octal code, `d_0` = 0 or 4 included). If `G(n + p) = G(n)` for all `n` with
//! `n0 <= n < 2 n0 + p + k` (`n0 >= 1`, `p >= 1`), then `G(n + p) = G(n)` for every `n >= n0`.
//!
//! *Proof* (by induction on `m >= 2 n0 + p + k`, assuming the relation below `m`). A move from
//! `m + p` takes `t <= k` and leaves nothing, `m + p - t`, or `a + b = m + p - t` (`a <= b`).
//! Emptying needs a heap of exactly `t <= k < m`: neither `m` nor `m + p` has that move.
//! `G(m + p - t) = G(m - t)` because `n0 <= m - t < m`. In a split, `b >= (m + p - t) / 2 >=
//! n0 + p`, so `G(b) = G(b - p)` with `b - p >= n0 >= 1`, and `(a, b - p)` is a split of `m - t`
//! with the same value; conversely a split `(a, b)` of `m - t` with `a <= b` has `b >= n0`, and
//! `(a, b + p)` is a split of `m + p - t` with the same value. The options of `m` and `m + p`
//! have the same values, hence the same mex.
//!
//! **Three heaps** (hexadecimal digits 8 to F). The same induction works with `j` heaps after a
//! move: the largest of them has at least `(m + p - t) / j` tokens, which is `>= n0 + p` once
//! `m >= j n0 + (j - 1) p + k`. So for codes whose moves leave at most three heaps the range to
//! check is `n0 <= n < 3 n0 + 2 p + k`. This is our extension of the argument above (proved here,
//! in these lines); Howse and Nowakowski (*Periodicity and arithmetic-periodicity in hexadecimal
//! games*, Theoret. Comput. Sci. 313 (2004)) study periodicity of hexadecimal games, but we did
//! not have their statement to compare with.
//!
//! Not covered: Grundy's game (two-heap splits must be unequal, and the pairing of splits above
//! can pair an unequal split of `m + p` with the forbidden equal split of `m`), so its periods are
//! only ever reported as observed. `n0 >= 1` keeps `b - p` a heap: a detected preperiod of 0 is
//! checked with `n0 = 1` (and `G(p) = G(0)` directly).

use serde::Serialize;

use super::code::{Base, Rules};
use super::engine::{self, definition, Engine, Run};
use super::period::{self, Proof};
use super::sparse::Split;
use crate::ruleset::HeapShape;
use crate::verify::{optional, param, verdict, Claim, Params, Verdict};
use crate::{Error, Result};

/// What `value` and `seq --analyze` say when the theorem proves a period.
pub fn proof_text(rules: &Rules, proof: &Proof) -> String {
    proof_text_of(rules, proof, true)
}

/// [`proof_text`] for a proof whose preperiod is exact or, from a run that no longer kept the
/// values before it, an upper bound.
pub fn proof_text_of(rules: &Rules, proof: &Proof, exact: bool) -> String {
    let shape = engine::shape(rules).expect("proofs exist only for covered games");
    let bound = proof.checked_to - proof.period;
    let last = match (exact, proof.last_exception()) {
        (false, _) => " at most (the values before it were not kept)".into(),
        (true, Some(e)) => format!(", last exception at {e}"),
        (true, None) => ", no exception".into(),
    };
    let theorem = if shape.heaps >= 3 {
        "periodicity theorem for moves leaving up to 3 heaps (the Guy-Smith argument, see games/octal/theory.rs)"
    } else {
        "octal periodicity theorem (Guy and Smith 1956; Winning Ways, ch. 4)"
    };
    format!(
        "proven period {}, preperiod {}{last}: G(n + {}) = G(n) checked for {} <= n < {bound}, which the {theorem} extends to every n >= {}",
        proof.period,
        proof.preperiod,
        proof.period,
        proof.preperiod.max(1),
        proof.preperiod,
    )
}

/// The rare positions of `values` under `split`, in a line: how many, the first few, the last.
pub fn rare_note(split: &Split, values: &[u64]) -> String {
    let rare: Vec<(usize, u64)> = values
        .iter()
        .enumerate()
        .skip(1)
        .filter(|&(n, &v)| split.is_rare(n, v as u32))
        .map(|(n, &v)| (n, v))
        .collect();
    const SHOWN: usize = 40;
    let shown: Vec<String> = rare
        .iter()
        .take(SHOWN)
        .map(|(n, v)| format!("{v}@{n}"))
        .collect();
    let more = if rare.len() > SHOWN {
        format!(
            " ... (last: {}@{})",
            rare[rare.len() - 1].1,
            rare[rare.len() - 1].0
        )
    } else {
        String::new()
    };
    format!(
        "sparse space ({}): {} rare position(s) among 1..{} (value@n): {}{more}",
        split.describe(),
        rare.len(),
        values.len(),
        shown.join(" ")
    )
}

/// A period of the literature.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Known {
    /// The code (octal).
    pub code: &'static str,
    /// Its Winning Ways name, if any.
    pub name: Option<&'static str>,
    /// The period.
    pub period: u64,
    /// The last `n` with `G(n) != G(n + period)` (heap sizes; `None`: purely periodic).
    pub last_exception: Option<u64>,
    /// Where the figures come from.
    pub source: &'static str,
}

/// Known periods, each with its source. The OEIS entries number heaps from the index given as
/// their offset, which is the heap size in every entry used here.
pub const KNOWN: &[Known] = &[
    Known {
        code: "0.77",
        name: Some("Kayles"),
        period: 12,
        last_exception: Some(70),
        source: "Guy and Smith (1956); OEIS A002186: periodic with period 12 from n = 71, exceptions up to n = 70",
    },
    Known {
        code: "0.07",
        name: Some("Dawson's Kayles"),
        period: 34,
        last_exception: Some(52),
        source: "Guy and Smith (1956); OEIS A002187 (Dawson's Chess, last exception 51) with .07 = a(n-1), so 52",
    },
    Known {
        code: "0.137",
        name: Some("Dawson's Chess"),
        period: 34,
        last_exception: Some(51),
        source: "Guy and Smith (1956); OEIS A002187: period 34, exceptions at n = 0, 14, 16, 17, 31, 34, 51",
    },
    Known {
        code: "0.7777",
        name: Some("Double Kayles"),
        period: 24,
        last_exception: Some(141),
        source: "Guy and Smith (1956); OEIS A071074 (E. M. Schmidt): period 24, last exception 141",
    },
    Known {
        code: "0.115",
        name: None,
        period: 14,
        last_exception: Some(0),
        source: "Winning Ways ch. 4, p. 104; OEIS A125829: period 14, the only exception at n = 0",
    },
    Known {
        code: "0.141",
        name: None,
        period: 11,
        last_exception: Some(13),
        source: "Winning Ways ch. 4, p. 104; OEIS A125912: period 11, last exception 13",
    },
    Known {
        code: "0.176",
        name: None,
        period: 8,
        last_exception: Some(23),
        source: "Winning Ways ch. 4, p. 104; OEIS A125920: period 8, last exception 23",
    },
    Known {
        code: "0.117",
        name: None,
        period: 48,
        last_exception: Some(46),
        source: "Winning Ways ch. 4, p. 104; OEIS A071453: period 48, exceptions up to n = 46",
    },
    Known {
        code: "0.1377",
        name: None,
        period: 24,
        last_exception: Some(140),
        source: "Winning Ways ch. 4, p. 102; OEIS A071434: period 24, last exception 140",
    },
    Known {
        code: "0.11377",
        name: None,
        period: 32,
        last_exception: Some(186),
        source: "Winning Ways ch. 4, p. 104; OEIS A071452: period 32, last exception 186",
    },
    Known {
        code: "0.177",
        name: None,
        period: 20,
        last_exception: Some(496),
        source: "Winning Ways ch. 4, p. 102; OEIS A071435: period 20, last exception 496",
    },
    Known {
        code: "0.127",
        name: None,
        period: 4,
        last_exception: Some(46577),
        source: "Gangolli and Plambeck, A note on periodicity in some octal games, Int. J. Game Theory 18 (1989); OEIS A071464",
    },
    Known {
        code: "0.56",
        name: None,
        period: 144,
        last_exception: Some(326637),
        source: "Gangolli and Plambeck (1989); OEIS A071436: period 144, last exception 326637",
    },
    Known {
        code: "0.1777",
        name: None,
        period: 60_620_715,
        last_exception: Some(160_949_017),
        source: "Flammenkamp, Sprague-Grundy values of octal games (web tables); OEIS A071509",
    },
];

impl Known {
    /// The game's rules.
    pub fn rules(&self) -> Rules {
        Rules::parse(self.code, Base::Octal).expect("the table's codes parse")
    }

    /// How many values the theorem needs to prove the known period (`None` if it overflows).
    pub fn values_needed(&self) -> Option<u64> {
        let rules = self.rules();
        let shape = engine::shape(&rules)?;
        let n0 = self.last_exception.map_or(0, |e| e + 1);
        shape.needed(n0, self.period)
    }
}

/// What a run found for a known game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Recomputed {
    /// The known figures.
    pub known: Known,
    /// The proof found, if the run reached it.
    pub proof: Option<Proof>,
    /// How many values were computed.
    pub computed: u64,
}

impl Recomputed {
    /// Whether the proof found gives the known period and last exception.
    pub fn agrees(&self) -> Option<bool> {
        self.proof.map(|p| {
            p.period == self.known.period && p.last_exception() == self.known.last_exception
        })
    }
}

/// Computes a known game until its period is proven or `limit` values are known.
pub fn recompute(known: &Known, limit: u64) -> Result<Recomputed> {
    let mut engine = Engine::new(known.rules());
    let run = Run {
        stop_at_proof: true,
        ..Run::default()
    };
    engine.extend(limit, &run, &mut |_| {})?;
    Ok(Recomputed {
        known: *known,
        proof: engine.proof(),
        computed: engine.len(),
    })
}

/// The claims `grundy verify` checks for heap games.
pub const CLAIMS: &[Claim] = &[
    Claim {
        name: "octal-known-periods",
        source: "Guy and Smith (1956), Winning Ways ch. 4, Gangolli and Plambeck (1989), Flammenkamp; via the OEIS entries named per game",
        statement: "the octal games of the table of known results have the published period and last exception",
        params: &[optional(
            "game",
            "one code of the table, e.g. 0.127 (default: every game whose proof needs at most `to` values)",
        )],
        range: "the most values computed per game (the theorem needs 2 n0 + 2p + k of them)",
        default_to: None,
        check: check_known_periods,
    },
    Claim {
        name: "octal-engine",
        source: "the rule G(n) = mex over the moves (Guy and Smith 1956)",
        statement: "the sparse-space engine gives the values of the definition",
        params: &[
            param("digits", "every code with this many digits after the point or fewer", "2"),
            param("base", "octal or hex", "octal"),
        ],
        default_to: None,
        range: "every heap n <= to",
        check: check_engine,
    },
    Claim {
        name: "octal-periodicity-theorem",
        source: "Guy and Smith (1956); Winning Ways ch. 4 (three heaps: games/octal/theory.rs)",
        statement: "once the theorem proves a period, the values computed further keep it",
        params: &[
            param("digits", "every code with this many digits after the point or fewer", "3"),
            param("base", "octal or hex", "octal"),
        ],
        default_to: None,
        range: "every heap n < to, for the codes the theorem settles below to",
        check: check_theorem,
    },
];

fn claim(name: &str) -> &'static Claim {
    CLAIMS.iter().find(|c| c.name == name).expect("listed")
}

fn check_known_periods(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let chosen: Vec<&Known> = match params.text("game") {
        Some(code) => {
            let rules = Rules::parse(&code, Base::Octal)?;
            let known = KNOWN.iter().find(|k| k.rules() == rules).ok_or_else(|| {
                let codes: Vec<_> = KNOWN.iter().map(|k| k.code).collect();
                Error::Invalid(format!(
                    "--game {code} is not in the table of known periods ({})",
                    codes.join(", ")
                ))
            })?;
            if known.values_needed().is_none_or(|n| n > to) {
                return Err(Error::Invalid(format!(
                    "proving the period of {} needs {} values; give --to at least that",
                    known.code,
                    known
                        .values_needed()
                        .map_or("more than 2^64".into(), |n| n.to_string())
                )));
            }
            vec![known]
        }
        None => KNOWN.iter().collect(),
    };
    let (mut cases, mut counterexample, mut notes) = (0, None, Vec::new());
    let (mut skipped, mut failures) = (Vec::new(), 0);
    for (i, known) in chosen.iter().enumerate() {
        let needed = known.values_needed().unwrap_or(u64::MAX);
        if needed > to {
            notes.push(format!(
                "{}: not checked, its proof needs {needed} values (--to {to})",
                known.code
            ));
            skipped.push(known.code);
            progress((i + 1) as f64 / chosen.len() as f64);
            continue;
        }
        let found = recompute(known, to)?;
        cases += 1;
        match (found.proof, found.agrees()) {
            (Some(p), Some(true)) => notes.push(format!(
                "{}: period {}, last exception {}, proven with {} values",
                known.code,
                p.period,
                p.last_exception().map_or("none".into(), |e| e.to_string()),
                p.checked_to
            )),
            (Some(p), _) => {
                failures += 1;
                counterexample.get_or_insert(format!(
                    "{}: computed period {} with last exception {}, published {} and {}",
                    known.code,
                    p.period,
                    p.last_exception().map_or("none".into(), |e| e.to_string()),
                    known.period,
                    known
                        .last_exception
                        .map_or("none".into(), |e| e.to_string())
                ));
            }
            (None, _) => {
                failures += 1;
                counterexample.get_or_insert(format!(
                    "{}: no period proven within {} values, although the published one needs only {needed}",
                    known.code, found.computed
                ));
            }
        }
        progress((i + 1) as f64 / chosen.len() as f64);
    }
    let mut v = verdict(
        claim("octal-known-periods"),
        params,
        to,
        cases,
        counterexample,
    );
    // Every game is compared, a failure or not: the verdict says so rather than "stopped".
    v.complete = true;
    v.failures = Some(failures);
    v.notes = notes;
    if !skipped.is_empty() {
        v = v.evidence(format!(
            "the games whose proof needs more than {to} values: {}",
            skipped.join(", ")
        ));
    }
    Ok(v)
}

/// Every code with `1..=digits` digits after the point (the last non-zero) and `d_0` 0 or 4
/// (hexadecimal: 0, 4, 8 or C), in a fixed order.
pub fn all_codes(digits: u32, base: Base) -> Vec<Rules> {
    let (radix, heads): (u32, &[u8]) = match base {
        Base::Octal => (8, &[0, 4]),
        Base::Hexadecimal => (16, &[0, 4, 8, 12]),
    };
    let mut codes = Vec::new();
    for &head in heads {
        for len in 1..=digits {
            for body in 0..radix.pow(len) {
                let mut text = String::new();
                text.push(char::from_digit(u32::from(head), 16).expect("digit"));
                text.push('.');
                let mut rest = body;
                let mut ds = Vec::new();
                for _ in 0..len {
                    ds.push(rest % radix);
                    rest /= radix;
                }
                if ds[0] == 0 {
                    continue; // the last digit is non-zero, so each code appears once
                }
                for d in ds.iter().rev() {
                    text.push(char::from_digit(*d, 16).expect("digit"));
                }
                codes.push(Rules::parse(&text, base).expect("generated codes parse"));
            }
        }
    }
    codes
}

fn base_param(params: &Params) -> Result<Base> {
    match params.text("base").unwrap_or_default().as_str() {
        "octal" => Ok(Base::Octal),
        "hex" => Ok(Base::Hexadecimal),
        other => Err(Error::Invalid(format!(
            "--base must be octal or hex, not '{other}'"
        ))),
    }
}

fn codes_param(params: &Params, to: u64) -> Result<Vec<Rules>> {
    let digits = params.number("digits")?;
    let base = base_param(params)?;
    let max_digits = if base == Base::Octal { 5 } else { 3 };
    if digits == 0 || digits > max_digits {
        return Err(Error::Invalid(format!(
            "--digits must be between 1 and {max_digits} for {} codes",
            if base == Base::Octal {
                "octal"
            } else {
                "hexadecimal"
            }
        )));
    }
    let codes = all_codes(digits as u32, base);
    // The definition is quadratic (cubic with three heaps): bound the work up front.
    let per_code = (to as u128 + 1).pow(if base == Base::Octal { 2 } else { 3 });
    if per_code * codes.len() as u128 > 1 << 40 {
        return Err(Error::TooLarge(format!(
            "{} codes up to {to} is too much work for the definition; lower --to or --digits",
            codes.len()
        )));
    }
    Ok(codes)
}

fn check_engine(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let codes = codes_param(params, to)?;
    let len = to as usize + 1;
    let mut counterexample = None;
    for (i, rules) in codes.iter().enumerate() {
        let reference = definition(rules, len);
        let mut engine = Engine::new(rules.clone());
        engine.extend(len as u64, &Run::default(), &mut |_| {})?;
        if let Some(n) = (0..len).find(|&n| engine.get(n as u64) != reference[n]) {
            counterexample = Some(format!(
                "{}: G({n}) is {} by the engine, {} by the definition",
                rules.code(),
                engine.get(n as u64),
                reference[n]
            ));
            break;
        }
        progress((i + 1) as f64 / codes.len() as f64);
    }
    Ok(verdict(
        claim("octal-engine"),
        params,
        to,
        codes.len() as u64 * len as u64,
        counterexample,
    ))
}

fn check_theorem(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let codes = codes_param(params, to)?;
    let len = to as usize + 1;
    let (mut cases, mut proven, mut counterexample) = (0u64, 0u64, None);
    for (i, rules) in codes.iter().enumerate() {
        let values: Vec<u64> = definition(rules, len).into_iter().map(u64::from).collect();
        let shape: HeapShape = engine::shape(rules).expect("codes are covered");
        // The first prefix on which the theorem settles a period, as the engine's watch sees it.
        let mut watch = period::Watch::new(Some(shape));
        let narrow: Vec<u32> = values.iter().map(|&v| v as u32).collect();
        let mut proof = None;
        for end in 1..=len {
            watch.observe(&narrow[..end]);
            if let Some(p) = watch.proof() {
                proof = Some(p);
                break;
            }
        }
        let Some(proof) = proof else { continue };
        proven += 1;
        for n in 0..len as u64 {
            cases += 1;
            let m = proof.reduce(n);
            if values[n as usize] != values[m as usize] {
                counterexample.get_or_insert(format!(
                    "{}: the theorem proved period {} from {} with {} values, but G({n}) = {} and G({m}) = {}",
                    rules.code(),
                    proof.period,
                    proof.preperiod,
                    proof.checked_to,
                    values[n as usize],
                    values[m as usize]
                ));
            }
        }
        progress((i + 1) as f64 / codes.len() as f64);
    }
    let mut v = verdict(
        claim("octal-periodicity-theorem"),
        params,
        to,
        cases,
        counterexample,
    );
    v.notes.push(format!(
        "{proven} of {} codes had a period proven within {len} values",
        codes.len()
    ));
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_codes_are_covered_and_needs_are_finite() {
        for known in KNOWN {
            assert!(known.values_needed().is_some(), "{}", known.code);
        }
        let kayles = &KNOWN[0];
        assert_eq!(kayles.values_needed(), Some(2 * 71 + 12 + 2 + 12));
    }

    #[test]
    fn small_known_periods_are_recomputed() {
        for known in KNOWN.iter().filter(|k| k.values_needed().unwrap() < 2000) {
            let found = recompute(known, 4000).unwrap();
            assert_eq!(found.agrees(), Some(true), "{found:?}");
        }
    }

    #[test]
    fn all_codes_lists_each_code_once() {
        let codes = all_codes(2, Base::Octal);
        // d0 in {0, 4}; one digit: 7 non-zero; two digits: 8 * 7.
        assert_eq!(codes.len(), 2 * (7 + 56));
        let mut texts: Vec<String> = codes.iter().map(|r| r.code()).collect();
        texts.sort();
        texts.dedup();
        assert_eq!(texts.len(), codes.len());
    }
}
