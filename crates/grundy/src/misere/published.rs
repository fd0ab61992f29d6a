//! Misère quotients of heap games as the literature prints them, and their comparison with the
//! quotients computed here ([`super::quotient`]).
//!
//! Each entry names its source and how we read it. The primary papers (Plambeck 2005; Plambeck
//! and Siegel 2008; Siegel's notes) are stored for us only as their first pages, so several
//! entries come from a transcription or a summary by a later author, and say so in
//! `provenance`: a comparison with such an entry checks our computation against that reading of
//! the paper, not against the paper itself. Nothing here is typed in from our own output.

use serde::Serialize;

use super::quotient::{quotient, Builder, Element, Quotient};

/// The size up to which a quotient published as infinite is looked for.
pub const INFINITE_PROBE: usize = 512;
use crate::spec::parse_game;
use crate::{Error, Result};

/// A presentation as printed: generators (each the class of a heap), relations, the P-portion
/// and the classes of heaps `0, 1, 2, ...` as words (`1` or `e` is the identity).
#[derive(Debug, Clone, Copy)]
pub struct PrintedPresentation {
    /// Each generator's name and the heap whose class it is.
    pub generators: &'static [(&'static str, u64)],
    /// Relations `left = right`.
    pub relations: &'static [(&'static str, &'static str)],
    /// The P-portion, as words.
    pub p_portion: &'static [&'static str],
    /// The classes of heaps `0, 1, 2, ...` (as far as printed).
    pub heaps: &'static [&'static str],
}

/// A published quotient.
#[derive(Debug, Clone, Copy)]
pub struct Published {
    /// The game's spec.
    pub game: &'static str,
    /// The heap bound of the printed quotient.
    pub heaps: u64,
    /// Whether the source states that the quotient is the same for every heap bound.
    pub all_heaps: bool,
    /// `|Q|`, or `None` when the source says the quotient is infinite.
    pub order: Option<usize>,
    /// `|P|`, when printed.
    pub p_count: Option<usize>,
    /// The presentation, when printed.
    pub presentation: Option<PrintedPresentation>,
    /// Heaps that are misère P-positions on their own, `<= heaps`, when printed.
    pub single_p: Option<&'static [u64]>,
    /// The source: author, title, place.
    pub source: &'static str,
    /// How we read it: the stored copy, or the later author who transcribed it.
    pub provenance: &'static str,
}

const PS08: &str = "Plambeck and Siegel, Misère quotients for impartial games, JCTA 115 (2008)";
const DAWSON_READING: &str = "secondary: the orders of Q_n(0.07) as listed (with |P| of Q_33 and the single-heap P-positions) in the research repository sneakyweasel/balanced_ternary, file src/research/misere_quotients/reference.py, citing Plambeck-Siegel 2008 and Nowakowski";

/// An order of a partial quotient of Dawson's Kayles as the transcription lists it.
const fn dawson(heaps: u64, order: usize) -> Published {
    Published {
        game: "octal:0.07",
        heaps,
        all_heaps: false,
        order: Some(order),
        p_count: None,
        presentation: None,
        single_p: None,
        source: PS08,
        provenance: DAWSON_READING,
    }
}

/// Every quotient found in the stored sources.
pub const PUBLISHED: &[Published] = &[
    Published {
        game: "nim",
        heaps: 1,
        all_heaps: false,
        order: Some(2),
        p_count: Some(1),
        presentation: Some(PrintedPresentation {
            generators: &[("a", 1)],
            relations: &[("a^2", "1")],
            p_portion: &["a"],
            heaps: &["1", "a"],
        }),
        single_p: None,
        source: "Bouton's misère Nim in quotient form: E. Jerabek, answer to 'Analysis of Misere Nim?' (MathOverflow): Q = (A x {1}) u (A_0 x {0}), P = {(0,1), (1,0)}, A_0 = {0,1}",
        provenance: "derived from the stored MathOverflow answer: heaps <= 1 give A_0 x {0}",
    },
    Published {
        game: "nim",
        heaps: 3,
        all_heaps: false,
        order: Some(6),
        p_count: Some(2),
        presentation: None,
        single_p: None,
        source: "E. Jerabek (MathOverflow), as above: heaps < 4 give {(0,0),(1,0)} and (v,1) for v < 4",
        provenance: "derived from the stored MathOverflow answer",
    },
    Published {
        game: "nim",
        heaps: 15,
        all_heaps: false,
        order: Some(18),
        p_count: Some(2),
        presentation: None,
        single_p: None,
        source: "E. Jerabek (MathOverflow), as above: heaps < 2^n give 2^n + 2 elements",
        provenance: "derived from the stored MathOverflow answer",
    },
    Published {
        game: "octal:0.33",
        heaps: 20,
        all_heaps: true,
        order: Some(6),
        p_count: Some(2),
        presentation: Some(PrintedPresentation {
            generators: &[("a", 1), ("b", 2)],
            relations: &[("a^2", "1"), ("b^3", "b")],
            p_portion: &["a", "b^2"],
            heaps: &["1", "a", "b", "1", "a", "b", "1", "a", "b"],
        }),
        single_p: None,
        source: "the tame quotient T_2 = <a, b | a^2 = 1, b^3 = b>, P = {a, b^2} (Plambeck and Siegel 2008), realised by 0.33",
        provenance: "secondary: a9lim/ogdoad, writeups/misere_natural_realization.tex (2026 note citing PS08 and Siegel's notes)",
    },
    Published {
        game: "octal:0.75",
        heaps: 30,
        all_heaps: true,
        order: Some(8),
        p_count: None,
        presentation: None,
        single_p: None,
        source: "Siegel, The structure and classification of misère quotients (arXiv math/0703070): exactly one quotient of order 8 (R_8), realised by 0.75 (PS08)",
        provenance: "the order only: Siegel's stored abstract for the uniqueness, a9lim/ogdoad (2026 note) for 0.75 realising R_8; the presentation was not in the stored sources",
    },
    Published {
        game: "octal:0.123",
        heaps: 20,
        all_heaps: true,
        order: Some(20),
        p_count: Some(5),
        presentation: Some(PrintedPresentation {
            generators: &[("x", 1), ("z", 3), ("a", 8), ("b", 9)],
            relations: &[
                ("x^2", "1"),
                ("a^2", "1"),
                ("z^4", "z^2"),
                ("b^4", "b^2"),
                ("abz", "b"),
                ("b^3x", "b^2"),
                ("z^3a", "z^2"),
            ],
            p_portion: &["x", "xa", "b^2", "z^2", "zb"],
            heaps: &[
                "e", "x", "e", "z", "z", "x", "b^2", "e", "a", "b", "x", "b^2", "e", "a", "b", "x",
            ],
        }),
        single_p: None,
        source: "Plambeck, Taming the wild in impartial combinatorial games, INTEGERS 5 (2005) G05, Theorem 1 and Figures 3-4",
        provenance: "secondary: the transcription in sneakyweasel/balanced_ternary (src/research/misere_quotients/reference.py, docs/problems/misere_quotients.md); the stored copy of the paper ends before the theorem",
    },
    dawson(24, 24),
    dawson(26, 144),
    dawson(29, 176),
    Published {
        game: "octal:0.07",
        heaps: 30,
        all_heaps: false,
        order: Some(360),
        p_count: None,
        presentation: None,
        single_p: None,
        source: "A. Siegel, 'Some MisereSolver questions answered' (miseregames.wordpress.com, 28 August 2007): 'Q_30(0.07) has size 360'",
        provenance: "primary: the stored post, Siegel's own words",
    },
    dawson(31, 520),
    dawson(32, 552),
    Published {
        game: "octal:0.07",
        heaps: 33,
        all_heaps: false,
        order: Some(638),
        p_count: Some(109),
        presentation: None,
        single_p: Some(&[2, 3, 7, 8, 12, 16, 17, 21, 22, 26, 30, 31]),
        source: PS08,
        provenance: DAWSON_READING,
    },
    Published {
        game: "grundy-game",
        heaps: 12,
        all_heaps: false,
        order: Some(6),
        p_count: Some(2),
        presentation: Some(PrintedPresentation {
            generators: &[("a", 3), ("b", 5)],
            relations: &[("a^2", "1"), ("b^3", "b")],
            p_portion: &["a", "b^2"],
            heaps: &["1", "1", "1", "a", "1", "b", "a", "1", "b", "a", "1", "b", "a"],
        }),
        single_p: None,
        source: "misère Grundy's game: heaps 1, 2, 4, 7, 10 are 0, heaps 3, 6, 9, 12 are *1, heaps 5, 8, 11 are *2 (Winning Ways pp. 419-421); the quotient through heap 12 is T_2",
        provenance: "secondary: a9lim/ogdoad, writeups/misere_natural_realization.tex (2026 note citing Winning Ways)",
    },
    Published {
        game: "grundy-game",
        heaps: 13,
        all_heaps: false,
        order: Some(12),
        p_count: None,
        presentation: None,
        single_p: None,
        source: "misère Grundy's game, the quotient through heap 13",
        provenance: "secondary: a9lim/ogdoad (2026 note)",
    },
    Published {
        game: "grundy-game",
        heaps: 18,
        all_heaps: false,
        order: Some(24),
        p_count: None,
        presentation: None,
        single_p: None,
        source: "misère Grundy's game, the quotient through heap 18",
        provenance: "secondary: a9lim/ogdoad (2026 note)",
    },
    Published {
        game: "octal:0.3122",
        heaps: 7,
        all_heaps: false,
        order: None,
        p_count: None,
        presentation: None,
        single_p: None,
        source: "M. Weimerskirch, An algorithm for computing indistinguishability quotients in misère impartial combinatorial games, Games of No Chance 4 (2015) 267-278: the quotient of 0.3122 up to heaps of size 7 is infinite",
        provenance: "primary: the stored chapter summary",
    },
];

/// One comparison between the source and our computation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Check {
    /// What is compared.
    pub what: String,
    /// As published.
    pub published: String,
    /// As computed here.
    pub computed: String,
    /// Whether they agree.
    pub agrees: bool,
}

/// A published quotient and what we found.
#[derive(Debug, Clone, Serialize)]
pub struct Comparison {
    /// The game.
    pub game: String,
    /// The heap bound.
    pub heaps: u64,
    /// Every comparison made.
    pub checks: Vec<Check>,
    /// Whether all agree.
    pub agrees: bool,
    /// The source and how we read it.
    pub source: String,
    /// How we read the source.
    pub provenance: String,
    /// Whether our computation proves the quotient final (periodicity argument).
    pub proven: bool,
}

fn check(what: &str, published: impl ToString, computed: impl ToString) -> Check {
    let (published, computed) = (published.to_string(), computed.to_string());
    Check {
        agrees: published == computed,
        what: what.into(),
        published,
        computed,
    }
}

/// The element a printed word names, given the generators' elements.
fn evaluate(q: &Quotient, generators: &[(&str, Element)], word: &str) -> Result<Element> {
    let word = word.trim();
    if word == "1" || word == "e" {
        return Ok(0);
    }
    let bytes = word.as_bytes();
    let (mut x, mut i) = (0, 0);
    while i < bytes.len() {
        let letter = (bytes[i] as char).to_string();
        let &(_, g) = generators
            .iter()
            .find(|(name, _)| *name == letter)
            .ok_or_else(|| {
                Error::Invalid(format!("'{word}' uses an unknown generator {letter}"))
            })?;
        i += 1;
        let mut power = 1;
        if bytes.get(i) == Some(&b'^') {
            let start = i + 1;
            i = start;
            while bytes.get(i).is_some_and(u8::is_ascii_digit) {
                i += 1;
            }
            power = word[start..i]
                .parse()
                .map_err(|_| Error::Invalid(format!("'{word}' has a bad exponent")))?;
        }
        for _ in 0..power {
            x = q.monoid().mul(x, g);
        }
    }
    Ok(x)
}

/// Recomputes `published` and compares every printed figure, element by element where a
/// presentation is printed: the generators go to the classes of their heaps, and then every
/// relation must hold, the P-portion must be ours, and each heap's printed word must name its
/// class. With the orders equal, relations that hold make the printed monoid and ours
/// isomorphic (a map onto a monoid of the same finite order).
pub fn compare(published: &Published) -> Result<Comparison> {
    let game = parse_game(published.game)?;
    let mut checks = Vec::new();
    let mut proven = false;
    let Some(order) = published.order else {
        // An infinite quotient: no finite one of a generous size may be found.
        let mut builder = Builder::new(game.as_ref())?.with_max_order(INFINITE_PROBE);
        checks.push(match builder.extend_to(published.heaps, &mut |_| {}) {
            Err(Error::TooLarge(why)) => Check {
                what: "order".into(),
                published: "infinite".into(),
                computed: format!(
                    "no finite quotient of at most {INFINITE_PROBE} elements found ({why})"
                ),
                agrees: true,
            },
            Err(e) => return Err(e),
            Ok(()) => check("order", "infinite", builder.quotient().order()),
        });
        return Ok(Comparison {
            game: published.game.into(),
            heaps: published.heaps,
            agrees: checks.iter().all(|c| c.agrees),
            checks,
            source: published.source.into(),
            provenance: published.provenance.into(),
            proven,
        });
    };
    let computed = quotient(
        game.as_ref(),
        published.heaps,
        game.heap_shape(),
        super::quotient::MAX_ORDER,
        &mut |_| {},
    );
    match computed {
        Err(e) => return Err(e),
        Ok((q, report)) => {
            proven = report.proven;
            checks.push(check("order |Q|", order, q.order()));
            if let Some(p) = published.p_count {
                checks.push(check("|P|", p, report.p_count));
            }
            if let Some(single) = published.single_p {
                let ours: Vec<String> = (1..=published.heaps)
                    .filter(|&h| q.is_p(q.phi()[h as usize]))
                    .map(|h| h.to_string())
                    .collect();
                let theirs: Vec<String> = single.iter().map(u64::to_string).collect();
                checks.push(check(
                    "single heaps that are P-positions",
                    theirs.join(" "),
                    ours.join(" "),
                ));
            }
            if let Some(printed) = &published.presentation {
                compare_presentation(&q, printed, &mut checks)?;
            }
            if published.all_heaps {
                checks.push(Check {
                    what: "the same for every heap bound".into(),
                    published: "yes".into(),
                    computed: if report.proven {
                        "proven here (periodicity argument)".into()
                    } else {
                        format!("not proven here by heap {}", published.heaps)
                    },
                    agrees: report.proven,
                });
            }
        }
    }
    Ok(Comparison {
        game: published.game.into(),
        heaps: published.heaps,
        agrees: checks.iter().all(|c| c.agrees),
        checks,
        source: published.source.into(),
        provenance: published.provenance.into(),
        proven,
    })
}

fn compare_presentation(
    q: &Quotient,
    printed: &PrintedPresentation,
    checks: &mut Vec<Check>,
) -> Result<()> {
    let generators: Vec<(&str, Element)> = printed
        .generators
        .iter()
        .map(|&(name, heap)| (name, q.phi()[heap as usize]))
        .collect();
    for &(left, right) in printed.relations {
        let (l, r) = (
            evaluate(q, &generators, left)?,
            evaluate(q, &generators, right)?,
        );
        checks.push(Check {
            what: format!("relation {left} = {right}"),
            published: "printed".into(),
            computed: if l == r { "satisfied" } else { "fails" }.into(),
            agrees: l == r,
        });
    }
    let mut printed_p: Vec<Element> = printed
        .p_portion
        .iter()
        .map(|w| evaluate(q, &generators, w))
        .collect::<Result<_>>()?;
    printed_p.sort_unstable();
    printed_p.dedup();
    let ours: Vec<Element> = (0..q.order() as Element).filter(|&x| q.is_p(x)).collect();
    checks.push(Check {
        what: "P-portion".into(),
        published: printed.p_portion.join(", "),
        computed: if printed_p == ours {
            "the same elements".into()
        } else {
            format!("{} elements, not the same", ours.len())
        },
        agrees: printed_p == ours,
    });
    let mut wrong = Vec::new();
    for (h, word) in printed.heaps.iter().enumerate() {
        if evaluate(q, &generators, word)? != q.heap_class(h as u64)? {
            wrong.push(h.to_string());
        }
    }
    checks.push(Check {
        what: format!("classes of heaps 0..{}", printed.heaps.len() - 1),
        published: printed.heaps.join(" "),
        computed: if wrong.is_empty() {
            "the same".into()
        } else {
            format!("differ at heaps {}", wrong.join(", "))
        },
        agrees: wrong.is_empty(),
    });
    Ok(())
}

/// The elements four (or more) generators must take for a presentation printed without heaps
/// (a game of parts: Notakto) to be `q`'s: every assignment with `fixed` (a generator's name
/// and its element) is tried, and the first under which every relation holds, the generators
/// generate `q` and the printed P-portion is `q`'s is returned (`None`: none). With `q` of
/// the order the relations allow at most, such an assignment is an isomorphism.
pub fn find_presentation(
    q: &Quotient,
    printed: &crate::games::xonly::theory::Presentation,
    fixed: (char, Element),
) -> Result<Option<Vec<Element>>> {
    let order = q.order() as Element;
    let k = printed.generators.len();
    let names: Vec<String> = printed.generators.iter().map(|c| c.to_string()).collect();
    let ours: Vec<Element> = (0..order).filter(|&x| q.is_p(x)).collect();
    let free: Vec<usize> = (0..k)
        .filter(|&i| printed.generators[i] != fixed.0)
        .collect();
    let mut assignment = vec![fixed.1; k];
    let total = (order as u64)
        .checked_pow(free.len() as u32)
        .ok_or_else(|| Error::TooLarge("too many assignments of generators to try".into()))?;
    for mut code in 0..total {
        for &i in &free {
            assignment[i] = (code % u64::from(order)) as Element;
            code /= u64::from(order);
        }
        let generators: Vec<(&str, Element)> = names
            .iter()
            .map(String::as_str)
            .zip(assignment.iter().copied())
            .collect();
        let mut holds = true;
        for &(left, right) in printed.relations {
            if evaluate(q, &generators, left)? != evaluate(q, &generators, right)? {
                holds = false;
                break;
            }
        }
        if !holds {
            continue;
        }
        let mut p: Vec<Element> = printed
            .p_portion
            .iter()
            .map(|w| evaluate(q, &generators, w))
            .collect::<Result<_>>()?;
        p.sort_unstable();
        p.dedup();
        if p != ours {
            continue;
        }
        // The generators generate q.
        let mut reached = vec![false; order as usize];
        reached[0] = true;
        let mut todo = vec![0 as Element];
        while let Some(x) = todo.pop() {
            for &g in &assignment {
                let y = q.monoid().mul(x, g);
                if !reached[y as usize] {
                    reached[y as usize] = true;
                    todo.push(y);
                }
            }
        }
        if reached.iter().all(|&r| r) {
            return Ok(Some(assignment));
        }
    }
    Ok(None)
}

/// Plambeck and Whitehead's quotient of Notakto on `3 x 3` boards
/// ([`crate::games::xonly::theory::PRESENTATION`]), recomputed from the rules and compared:
/// the order, the P-portion's size, the presentation (an assignment of `a, b, c, d` with `c`
/// the empty board under which every relation holds, they generate ours and the printed
/// P-portion is ours), and the paper's one-board play (the first player wins, by the centre
/// only).
pub fn compare_notakto() -> Result<Comparison> {
    use crate::games::xonly::theory::{PRESENTATION, SOURCE};
    let game = parse_game("notakto")?;
    let start = game.start().unwrap_or_default();
    let (q, parts, report) = super::quotient::part_quotient(
        game.as_ref(),
        std::slice::from_ref(&start),
        super::quotient::MAX_ORDER,
        &mut |_| {},
    )?;
    let mut checks = vec![
        check("order", PRESENTATION.order, report.order),
        check(
            "P-portion's size",
            PRESENTATION.p_portion.len(),
            report.p_count,
        ),
    ];
    let class = |position: &[u64]| q.class_of(&parts.numbers(game.as_ref(), position)?);
    let empty = class(&start)?;
    let found = find_presentation(&q, &PRESENTATION, ('c', empty))?;
    checks.push(Check {
        what: "presentation <a, b, c, d | a^2 = 1, b^3 = b, b^2c = c, c^3 = ac^2, b^2d = d, cd = ad, d^2 = c^2>, P = {a, b^2, bc, c^2}, the empty board c".into(),
        published: "printed".into(),
        computed: match &found {
            Some(a) => format!(
                "ours, with a b c d = {}",
                a.iter()
                    .map(|&x| report.elements[x as usize].clone())
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
            None => "no assignment fits".into(),
        },
        agrees: found.is_some(),
    });
    let mut winning = Vec::new();
    for m in game.moves(&start)? {
        if q.is_p(class(&m.to)?) {
            winning.push(m.description);
        }
    }
    checks.push(check(
        "one empty board",
        "first player wins, by the centre only",
        match (q.is_p(empty), winning.as_slice()) {
            (false, [only]) if only.contains("the centre") => {
                "first player wins, by the centre only".to_string()
            }
            (p, moves) => format!(
                "{}, winning moves: {}",
                if p { "P" } else { "N" },
                moves.join("; ")
            ),
        },
    ));
    Ok(Comparison {
        game: "notakto".into(),
        heaps: parts.len() as u64,
        agrees: checks.iter().all(|c| c.agrees),
        checks,
        source: SOURCE.into(),
        provenance: "the stored copies give the paper's first page (the one-board play) and Plambeck's blog (18 elements, 4 P-position types); the presentation and P-portion are typed from the paper's quotient as commonly quoted (Wikipedia's Notakto article), not read from a stored copy of that page".into(),
        proven: true,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notakto_is_plambeck_and_whiteheads_quotient() {
        let comparison = compare_notakto().unwrap();
        assert!(comparison.agrees, "{comparison:#?}");
    }

    /// Each printed quotient, recomputed (debug builds: the finite ones to heap 26; the
    /// Dawson's Kayles orders past heap 26 and the infinite 0.3122 run in the release-only test
    /// below).
    #[test]
    fn small_published_quotients_are_recomputed() {
        for published in PUBLISHED
            .iter()
            .filter(|p| p.heaps <= 26 && p.order.is_some())
        {
            let comparison = compare(published).unwrap();
            assert!(comparison.agrees, "{comparison:#?}");
        }
    }

    #[test]
    #[ignore = "release only: cargo test --release -p grundy --lib published -- --ignored"]
    fn every_published_quotient_is_recomputed() {
        for published in PUBLISHED {
            let comparison = compare(published).unwrap();
            assert!(comparison.agrees, "{comparison:#?}");
        }
    }

    #[test]
    fn a_wrong_printed_relation_is_reported() {
        let mut wrong = PUBLISHED
            .iter()
            .find(|p| p.game == "octal:0.123")
            .copied()
            .unwrap();
        let mut presentation = wrong.presentation.unwrap();
        presentation.relations = &[("z^3", "z")];
        wrong.presentation = Some(presentation);
        let comparison = compare(&wrong).unwrap();
        assert!(!comparison.agrees);
        assert!(comparison
            .checks
            .iter()
            .any(|c| c.what == "relation z^3 = z" && c.computed == "fails"));
    }
}
