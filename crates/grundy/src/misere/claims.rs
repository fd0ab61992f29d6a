//! The `verify` claims of misère play: quotients against the definition, the periodicity
//! argument for quotients, and the quotients of the literature.

use std::collections::HashMap;

use super::published::{compare, PUBLISHED};
use super::quotient::Builder;
use crate::games::octal::code::Base;
use crate::games::octal::theory::all_codes;
use crate::games::octal::HeapGame;
use crate::games::sprouts::{theory, Sprouts};
use crate::ruleset::Ruleset;
use crate::spec::parse_game;
use crate::verify::{optional, param, verdict, Claim, Params, Tally, Verdict};
use crate::{Error, Result, Solver};

/// The claims, gathered by [`crate::registry`].
pub const CLAIMS: &[Claim] = &[
    Claim {
        name: "misere-bouton",
        source: "C. L. Bouton, Nim, a game with a complete mathematical theory (1901); Winning Ways ch. 13",
        statement: "a Nim position is a misère P-position exactly when some pile is >= 2 and the nim-sum is 0, or every pile is <= 1 and the number of 1s is odd",
        params: &[param("max-pile", "the largest pile compared", "64")],
        range: "every Nim position (multiset of piles) with total <= to",
        default_to: None,
        check: check_bouton,
    },
    Claim {
        name: "misere-nim-genus",
        source: "J. H. Conway, On Numbers and Games, ch. 12; Winning Ways ch. 13 (the genus of tame games)",
        statement: "a Nim heap of size n has the genus of a tame game: 0^{120}, 1^{031}, or n^{n, n XOR 2} for n >= 2, the superscript alternating",
        params: &[],
        range: "every heap n <= to, superscripts as far as computed",
        default_to: None,
        check: check_nim_genus,
    },
    Claim {
        name: "misere-subtraction-tame",
        source: "Winning Ways ch. 13, as quoted by Plambeck (plambeck.org, misère quaternary games): subtraction games always reduce to nim heaps in misère play",
        statement: "for every finite subtraction set S, each position has the misère outcome of the Nim position of its heaps' normal values (the quotient is tame)",
        params: &[param("digits", "every subtraction set within 1..=digits", "5")],
        range: "every position of heaps <= to, decided exactly through the quotient",
        default_to: None,
        check: check_subtraction_tame,
    },
    Claim {
        name: "misere-quotient-definition",
        source: "Plambeck and Siegel, Misère quotients for impartial games (2008): the quotient decides the misère outcome of every position",
        statement: "the outcome read from the computed quotient is the misère outcome by the definition, for every position of heaps with total <= to",
        params: &[
            param("digits", "every octal code with this many digits after the point or fewer", "2"),
            optional("game", "one heap game instead (e.g. octal:0.123, nim)"),
            param("max-order", "skip games whose quotient to heap `to` has more elements", "256"),
        ],
        range: "every multiset of heaps with total <= to (the quotient is computed for heaps <= to)",
        default_to: None,
        check: check_definition,
    },
    Claim {
        name: "misere-quotient-periodicity",
        source: "the periodicity theorem for misère quotients (Plambeck and Siegel 2008; the argument in misere/quotient.rs)",
        statement: "once the heaps' classes are proven periodic, the quotient computed to larger heaps keeps its order and the period",
        params: &[
            param("digits", "every octal code with this many digits after the point or fewer", "2"),
            param("max-order", "skip games whose quotient has more elements", "256"),
        ],
        range: "heap bounds up to to",
        default_to: None,
        check: check_periodicity,
    },
    Claim {
        name: "misere-published-quotients",
        source: "Plambeck (2005), Plambeck and Siegel (2008), Siegel (2007), Weimerskirch (2015), as stored (see misere/published.rs)",
        statement: "every misère quotient printed in the stored sources is the one computed here (order, |P|, presentation, P-portion, heap classes)",
        params: &[optional("game", "only the entries of this game, e.g. octal:0.07")],
        range: "the largest heap bound compared (entries above it are skipped)",
        default_to: Some(33),
        check: check_published,
    },
    Claim {
        name: "sprouts-misere-outcomes",
        source: "Applegate, Jacobson and Sleator, Computer Analysis of Sprouts (CMU-CS-91-144, 1991) for p <= 9; OEIS A164950 (Lemoine and Viennot, arXiv:0908.4407, and their records) to 20",
        statement: "the first player wins misère Sprouts from p spots for p = 1, 5, 6, 10, 11, 12, 16, 17, 18 and loses for the other p <= 20 (OEIS A164950)",
        params: &[],
        range: "every start of p = 1..to spots: G- by the definition up to 4 spots (12 lives), the misère outcome search over whole positions beyond, small lands by their misère canonical forms (9 spots take seconds, 10 and 11 under a minute)",
        default_to: Some(6),
        check: check_misere,
    },
];

fn check_bouton(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    if to > 64 {
        return Err(Error::TooLarge(
            "Nim positions of total at most 64 are compared; lower --to".into(),
        ));
    }
    let nim = parse_game("nim")?;
    let mut definition = Definition::new(nim.as_ref());
    let mut tally = Tally::new();
    let max = to.min(params.number("max-pile")?);
    each_multiset(max, to, &mut |piles| {
        let truth = definition.is_p(piles)?;
        let rule = crate::games::nim::misere::outcome(piles) == crate::Outcome::P;
        tally.check(truth == rule, || {
            format!(
                "piles {piles:?}: {} by Bouton's rule, {} by the definition",
                if rule { "P" } else { "N" },
                if truth { "P" } else { "N" }
            )
        });
        Ok(())
    })?;
    progress(1.0);
    Ok(tally.verdict(claim("misere-bouton"), params, to))
}

/// The genus of a Nim position, by Conway's theorem for tame games: `0^{120}` or `1^{031}`
/// when every pile is 0 or 1 (as the number of 1s is even or odd), otherwise `g^{g, g XOR 2}`
/// for the nim-sum `g`, the superscript alternating from there.
fn nim_genus(piles: &[u64], len: usize) -> Vec<u64> {
    let g = piles.iter().fold(0, |x, &p| x ^ p);
    let head: Vec<u64> = if piles.iter().all(|&p| p <= 1) {
        if g == 0 {
            vec![1, 2, 0]
        } else {
            vec![0, 3, 1]
        }
    } else {
        vec![g, g ^ 2]
    };
    (0..len)
        .map(|k| {
            if k < head.len() {
                head[k]
            } else {
                head[head.len() - 2 + (k - head.len()) % 2]
            }
        })
        .collect()
}

fn check_nim_genus(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    if to > 64 {
        return Err(Error::TooLarge(
            "Nim heaps up to 64 are compared; lower --to".into(),
        ));
    }
    let nim = parse_game("nim")?;
    let genus = super::genus::genus_sequence(nim.as_ref(), 0, to, &mut |h| {
        progress(h as f64 / (to + 1) as f64)
    })?;
    let mut tally = Tally::new();
    for heap in &genus {
        let expected = nim_genus(&[heap.heap], heap.genus.len());
        tally.check(heap.genus == expected && heap.value == heap.heap, || {
            format!(
                "heap {}: genus {} computed, {}^{:?} by the theorem",
                heap.heap, heap.notation, heap.heap, expected
            )
        });
    }
    Ok(tally.verdict(claim("misere-nim-genus"), params, to))
}

fn check_subtraction_tame(
    params: &Params,
    to: u64,
    progress: &mut dyn FnMut(f64),
) -> Result<Verdict> {
    let digits = params.number("digits")?;
    if digits == 0 || digits > 8 {
        return Err(Error::Invalid("--digits must be between 1 and 8".into()));
    }
    if to > 200 {
        return Err(Error::TooLarge(
            "heaps up to 200 are checked; lower --to".into(),
        ));
    }
    // Every finite subtraction set S within 1..=digits: the octal code with 3 at each member.
    let sets: Vec<Vec<u8>> = (1u32..1 << digits)
        .map(|mask| {
            (0..digits as u32)
                .map(|i| if mask >> i & 1 == 1 { 3 } else { 0 })
                .collect()
        })
        .collect();
    let (mut cases, mut counterexample, mut proven) = (0u64, None, 0);
    for (i, code) in sets.iter().enumerate() {
        let code: String = code.iter().map(|d| char::from(b'0' + d)).collect();
        let code = code.trim_end_matches('0');
        let game = parse_game(&format!("octal:0.{code}"))?;
        let (_, report) = super::quotient::quotient(
            game.as_ref(),
            to,
            game.heap_shape(),
            super::quotient::MAX_ORDER,
            &mut |_| {},
        )?;
        cases += 1;
        proven += u64::from(report.proven);
        if let Some(witness) = report.tame_counterexample {
            counterexample.get_or_insert(format!(
                "octal:0.{code}: the position {witness} has another misère outcome than the Nim position of its heaps' values"
            ));
        }
        progress((i + 1) as f64 / sets.len() as f64);
    }
    Ok(
        verdict(claim("misere-subtraction-tame"), params, to, cases, counterexample).with_notes(
            vec![format!(
                "{cases} subtraction sets, each for every position of heaps <= {to}; {proven} of their quotients proven final"
            )],
        ),
    )
}

fn claim(name: &str) -> &'static Claim {
    CLAIMS.iter().find(|c| c.name == name).expect("listed")
}

/// The misère outcomes of multisets of heaps by the definition alone (a position with no move
/// is won by the player to move; otherwise it is P when every option is N), written without the
/// quotient code, as its reference.
pub struct Definition<'g> {
    game: &'g dyn Ruleset,
    options: HashMap<u64, Vec<Vec<u64>>>,
    memo: HashMap<Vec<u64>, bool>,
}

impl<'g> Definition<'g> {
    /// The reference for a heap game.
    pub fn new(game: &'g dyn Ruleset) -> Self {
        Definition {
            game,
            options: HashMap::new(),
            memo: HashMap::new(),
        }
    }

    /// How many positions it has decided.
    pub fn len(&self) -> usize {
        self.memo.len()
    }

    /// Whether it has decided nothing yet.
    pub fn is_empty(&self) -> bool {
        self.memo.is_empty()
    }

    /// Whether `heaps` is a misère P-position.
    pub fn is_p(&mut self, heaps: &[u64]) -> Result<bool> {
        let mut key: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
        key.sort_unstable();
        if let Some(&p) = self.memo.get(&key) {
            return Ok(p);
        }
        let (mut has_move, mut p) = (false, true);
        for i in 0..key.len() {
            if i > 0 && key[i] == key[i - 1] {
                continue;
            }
            if !self.options.contains_key(&key[i]) {
                let options = self
                    .game
                    .heap_options(key[i])
                    .ok_or_else(|| Error::Invalid("not a heap game".into()))??;
                self.options.insert(key[i], options);
            }
            for option in self.options[&key[i]].clone() {
                has_move = true;
                let mut next = key.clone();
                next.remove(i);
                next.extend(option);
                if self.is_p(&next)? {
                    p = false;
                }
            }
        }
        let p = p && has_move;
        self.memo.insert(key, p);
        Ok(p)
    }
}

/// Every multiset of heaps in `1..=max` with total at most `total`, visited in turn.
pub fn each_multiset(
    max: u64,
    total: u64,
    visit: &mut dyn FnMut(&[u64]) -> Result<()>,
) -> Result<()> {
    fn go(
        max: u64,
        left: u64,
        current: &mut Vec<u64>,
        visit: &mut dyn FnMut(&[u64]) -> Result<()>,
    ) -> Result<()> {
        visit(current)?;
        for h in 1..=max.min(left) {
            current.push(h);
            go(h, left - h, current, visit)?;
            current.pop();
        }
        Ok(())
    }
    go(max, total, &mut Vec::new(), visit)
}

/// The games a sweep covers: `--game`, or every octal code of `--digits` digits or fewer.
fn games(params: &Params) -> Result<Vec<Box<dyn Ruleset>>> {
    if let Some(spec) = params.text("game") {
        return Ok(vec![parse_game(&spec)?]);
    }
    let digits = params.number("digits")?;
    if digits == 0 || digits > 3 {
        return Err(Error::Invalid(
            "--digits must be between 1 and 3 (8^3 codes already)".into(),
        ));
    }
    Ok(all_codes(digits as u32, Base::Octal)
        .into_iter()
        .map(|rules| {
            let name = format!("octal:{}", rules.code());
            Box::new(HeapGame::new(rules, name)) as Box<dyn Ruleset>
        })
        .collect())
}

/// The most positions (games times positions of a game) `misere-quotient-definition` compares.
pub const MAX_DEFINITION_WORK: u128 = 1_500_000;

fn max_order(params: &Params) -> Result<usize> {
    Ok(params
        .number("max-order")?
        .clamp(2, super::quotient::MAX_ORDER as u64) as usize)
}

fn check_definition(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let games = games(params)?;
    // The definition visits every multiset of total <= to: sum of the partition numbers.
    let multisets = {
        let mut p = vec![0u128; to.min(200) as usize + 1];
        p[0] = 1;
        for part in 1..p.len() {
            for n in part..p.len() {
                p[n] += p[n - part];
            }
        }
        p.iter().sum::<u128>()
    };
    let work = multisets.saturating_mul(games.len() as u128);
    if to > 200 || work > MAX_DEFINITION_WORK {
        return Err(Error::TooLarge(format!(
            "{} game(s) of {multisets} positions each (total <= {to}) is more than the {MAX_DEFINITION_WORK} positions this claim compares; lower --to or --digits",
            games.len()
        )));
    }
    let limit = max_order(params)?;
    let mut tally = Tally::new();
    let (mut skipped, mut compared) = (Vec::new(), 0u64);
    for (i, game) in games.iter().enumerate() {
        let mut builder = Builder::new(game.as_ref())?.with_max_order(limit);
        match builder.extend_to(to, &mut |_| {}) {
            Ok(()) => {}
            Err(Error::TooLarge(_)) => {
                skipped.push(game.spec());
                continue;
            }
            Err(e) => return Err(e),
        }
        compared += 1;
        let q = builder.quotient();
        let mut definition = Definition::new(game.as_ref());
        each_multiset(to, to, &mut |heaps| {
            let ours = q.is_p_position(heaps)?;
            let truth = definition.is_p(heaps)?;
            tally.check(ours == truth, || {
                format!(
                    "{}: heaps {heaps:?} are {} by the quotient, {} by the definition",
                    game.spec(),
                    if ours { "P" } else { "N" },
                    if truth { "P" } else { "N" }
                )
            });
            Ok(())
        })?;
        progress((i + 1) as f64 / games.len() as f64);
    }
    let mut notes = vec![format!(
        "{compared} games compared, {} skipped (no quotient of at most {limit} elements found for heaps <= {to})",
        skipped.len()
    )];
    if !skipped.is_empty() {
        notes.push(format!("skipped: {}", skipped.join(", ")));
    }
    Ok(tally
        .verdict(claim("misere-quotient-definition"), params, to)
        .with_notes(notes))
}

fn check_periodicity(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    if to > 200 {
        return Err(Error::TooLarge(
            "heap bounds up to 200 are checked; lower --to".into(),
        ));
    }
    let games = games(params)?;
    let limit = max_order(params)?;
    let (mut cases, mut proven, mut counterexample) = (0u64, 0u64, None);
    for (i, game) in games.iter().enumerate() {
        progress(i as f64 / games.len() as f64);
        let Some(shape) = game.heap_shape() else {
            continue;
        };
        let mut builder = Builder::new(game.as_ref())?.with_max_order(limit);
        let mut proof = None;
        let mut at = 0;
        for n in 1..=to {
            if builder.extend_to(n, &mut |_| {}).is_err() {
                break;
            }
            if let Some(p) = builder.proof(shape) {
                proof = Some((p, builder.quotient().order()));
                at = n;
                break;
            }
        }
        let Some((proof, order)) = proof else {
            continue;
        };
        proven += 1;
        if let Err(e) = builder.extend_to(to, &mut |_| {}) {
            counterexample.get_or_insert(format!(
                "{}: proven final at heap {at}, but extending to {to} failed: {e}",
                game.spec()
            ));
            continue;
        }
        let q = builder.quotient();
        cases += to - at;
        if q.order() != order {
            counterexample.get_or_insert(format!(
                "{}: proven final at heap {at} with order {order}, but the quotient to heap {to} has order {}",
                game.spec(),
                q.order()
            ));
        }
        let phi = q.phi();
        if let Some(h) = (proof.preperiod..=to - proof.period)
            .find(|&h| phi[h as usize] != phi[(h + proof.period) as usize])
        {
            counterexample.get_or_insert(format!(
                "{}: proven period {} from heap {} at heap {at}, but heaps {h} and {} differ at bound {to}",
                game.spec(),
                proof.period,
                proof.preperiod,
                h + proof.period
            ));
        }
    }
    Ok(verdict(
        claim("misere-quotient-periodicity"),
        params,
        to,
        cases,
        counterexample,
    )
    .with_notes(vec![format!(
        "{proven} of {} games proven final below heap {to}",
        games.len()
    )]))
}

fn check_published(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let game = params.text("game");
    let chosen: Vec<_> = PUBLISHED
        .iter()
        .filter(|p| game.as_deref().is_none_or(|g| g == p.game))
        .collect();
    if chosen.is_empty() {
        let games: Vec<_> = PUBLISHED.iter().map(|p| p.game).collect();
        return Err(Error::Invalid(format!(
            "no published quotient of that game; known: {}",
            games.join(", ")
        )));
    }
    let (mut cases, mut counterexample, mut notes) = (0u64, None, Vec::new());
    for (i, published) in chosen.iter().enumerate() {
        progress(i as f64 / chosen.len() as f64);
        if published.heaps > to {
            notes.push(format!(
                "{} to heap {}: not compared (--to {to})",
                published.game, published.heaps
            ));
            continue;
        }
        let comparison = compare(published)?;
        cases += comparison.checks.len() as u64;
        for c in &comparison.checks {
            if !c.agrees {
                counterexample.get_or_insert(format!(
                    "{} to heap {}: {}: published {}, computed {}",
                    published.game, published.heaps, c.what, c.published, c.computed
                ));
            }
        }
        notes.push(format!(
            "{} to heap {}: {} ({} checks; source read as: {})",
            published.game,
            published.heaps,
            if comparison.agrees {
                "agrees"
            } else {
                "DISAGREES"
            },
            comparison.checks.len(),
            published.provenance
        ));
    }
    Ok(
        verdict(claim("misere-published-quotients"), params, to, cases, counterexample)
            .with_notes(notes)
            .evidence(
                "the statements as read from the stored sources, several through a later author's transcription (named per entry); 0.3122 is compared only in that no finite quotient is found, which does not prove it infinite",
            ),
    )
}

fn check_misere(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let claim = claim("sprouts-misere-outcomes");
    if to > theory::MISERE_FIRST_PLAYER_WINS.len() as u64 {
        return Err(crate::Error::TooLarge(format!(
            "{}: outcomes are published for p <= {}; --to {to} is refused",
            claim.name,
            theory::MISERE_FIRST_PLAYER_WINS.len()
        )));
    }
    let game = Sprouts;
    let mut solver = super::play::MisereSolver::new(&game);
    let mut tally = Tally::new();
    for p in 1..=to {
        progress((p - 1) as f64 / to as f64);
        let outcome = solver
            .evaluate_outcome(&Sprouts::start_position(p as usize)?)?
            .outcome;
        let published = theory::MISERE_FIRST_PLAYER_WINS[p as usize - 1];
        tally.check((outcome == crate::Outcome::N) == published, || {
            format!(
                "{p} spots: misère outcome {outcome:?}, but the first player is published to {}",
                if published { "win" } else { "lose" }
            )
        });
    }
    Ok(tally.verdict(claim, params, to))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::Status;
    use proptest::prelude::*;

    fn run(name: &str, pairs: &[(&str, &str)], to: u64) -> Verdict {
        let claim = claim(name);
        let params = Params::new(
            claim,
            pairs.iter().map(|&(k, v)| (k.to_string(), v.to_string())),
        )
        .unwrap();
        (claim.check)(&params, to, &mut |_| {}).unwrap()
    }

    /// The bar: every octal code of up to three digits whose quotient (of at most 256
    /// elements) is found for heaps <= 16, on every position of total <= 16.
    #[test]
    fn quotients_of_every_three_digit_code_give_the_definitions_outcomes() {
        let verdict = run("misere-quotient-definition", &[("digits", "3")], 16);
        assert_eq!(verdict.status, Status::Holds, "{verdict:?}");
        assert!(verdict.cases > 700_000, "{verdict:?}");
    }

    #[test]
    fn proven_quotients_stay_the_same() {
        let verdict = run("misere-quotient-periodicity", &[("digits", "2")], 30);
        assert_eq!(verdict.status, Status::Holds, "{verdict:?}");
        assert!(verdict.cases > 0);
    }

    #[test]
    fn published_quotients_agree_as_far_as_compared() {
        let verdict = run("misere-published-quotients", &[], 26);
        assert_eq!(verdict.status, Status::Evidence, "{verdict:?}");
        assert!(verdict.counterexample.is_none());
    }

    /// Tameness as the quotient decides it, against the definition and Bouton's rule directly.
    #[test]
    fn tameness_agrees_with_bouton_on_the_definitions_outcomes() {
        use crate::misere::quotient::{nim_counterexample, quotient, MAX_ORDER};
        let bouton = |values: &[u64]| {
            let v = values.iter().fold(0, |x, y| x ^ y);
            if values.iter().any(|&g| g >= 2) {
                v == 0
            } else {
                v == 1
            }
        };
        for (spec, n) in [
            ("nim", 7),
            ("octal:0.33", 12),
            ("grundy-game", 12),
            ("octal:0.75", 12),
            ("kayles", 12),
            ("dawson-kayles", 14),
        ] {
            let game = parse_game(spec).unwrap();
            let (q, report) = quotient(game.as_ref(), n, None, MAX_ORDER, &mut |_| {}).unwrap();
            let mut solver = crate::solve::solver_for(game.as_ref());
            let values: Vec<u64> = (0..=n).map(|h| solver.value(&[h]).unwrap()).collect();
            let mut definition = Definition::new(game.as_ref());
            let mut nim_like = true;
            each_multiset(n, 14, &mut |heaps| {
                let g: Vec<u64> = heaps.iter().map(|&h| values[h as usize]).collect();
                nim_like &= definition.is_p(heaps)? == bouton(&g);
                Ok(())
            })
            .unwrap();
            match nim_counterexample(&q, &values) {
                None => {
                    assert!(report.tame && nim_like, "{spec}");
                }
                Some(word) => {
                    assert!(!report.tame, "{spec}");
                    let heaps: Vec<u64> = word
                        .iter()
                        .enumerate()
                        .flat_map(|(h, &c)| std::iter::repeat_n(h as u64, c as usize))
                        .collect();
                    let g: Vec<u64> = heaps.iter().map(|&h| values[h as usize]).collect();
                    assert_ne!(
                        definition.is_p(&heaps).unwrap(),
                        bouton(&g),
                        "{spec} {heaps:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn bouton_and_the_genus_of_nim_hold() {
        let verdict = run("misere-bouton", &[], 20);
        assert_eq!(verdict.status, Status::Holds, "{verdict:?}");
        assert!(verdict.cases > 2000);
        let verdict = run("misere-nim-genus", &[], 12);
        assert_eq!(verdict.status, Status::Holds, "{verdict:?}");
        let verdict = run("misere-subtraction-tame", &[("digits", "4")], 30);
        assert_eq!(verdict.status, Status::Holds, "{verdict:?}");
        assert_eq!(verdict.cases, 15);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        /// Larger random positions (up to 7 heaps of up to 14) of games whose quotient is proven.
        #[test]
        fn random_positions_of_proven_games(
            game in prop::sample::select(vec!["octal:0.75", "octal:0.123", "dawson-kayles", "octal:0.33"]),
            heaps in prop::collection::vec(1u64..=14, 1..=7),
        ) {
            let ruleset = parse_game(game).unwrap();
            let mut builder = Builder::new(ruleset.as_ref()).unwrap();
            builder.extend_to(14, &mut |_| {}).unwrap();
            let mut definition = Definition::new(ruleset.as_ref());
            prop_assert_eq!(
                builder.quotient().is_p_position(&heaps).unwrap(),
                definition.is_p(&heaps).unwrap(),
                "{} {:?}", game, heaps
            );
        }
    }
}
