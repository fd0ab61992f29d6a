//! Holshouser and Reiter, *One Pile Nim with Arbitrary Move Function*. The paper has no numbered
//! tables (its examples are cut off in the text we have), so the report shows the g-base `B_f`
//! with `g0` for the two known cases `f(k) = k`, `f(k) = 2k` and for an example with a finite
//! base, and `g(N)` for small `N` under all three.

use super::{cells, check, claim_rows, grid, not_checkable, Mode, PaperSection, Row, Steps, Table};
use crate::games::takeaway::base::GBase;
use crate::games::takeaway::function::MoveFunction;
use crate::reproduce::Paper;
use crate::Result;

/// Three g-base tables and the table of g(N); no figures.
pub(crate) const TABLES_AND_FIGURES: usize = 4;

/// The move functions shown: the two known cases and an example whose base is finite and whose
/// `g0` is not the identity.
pub const FUNCTIONS: [(&str, &str); 3] = [
    ("k", "f(k) = k (powers of two)"),
    ("2*k", "f(k) = 2k (Fibonacci Nim)"),
    ("k%3+1", "f(k) = (k mod 3) + 1 (a finite g-base)"),
];

/// `g(N)` is tabulated for `N = 1..=G_TABLE_N`.
pub const G_TABLE_N: u64 = 64;

pub(crate) fn rows(mode: Mode) -> Vec<Row> {
    let n = mode.pick(20_000, 1_000_000);
    vec![
        check(
            "Lemma 1 (infinite base, f = 2k)",
            "takeaway-lemmas-1-2",
            &[("f", "2*k")],
            n,
        ),
        check(
            "Lemma 2 (finite base, f = k mod 3 + 1)",
            "takeaway-lemmas-1-2",
            &[("f", "k%3+1")],
            n,
        ),
        not_checkable(
            "Definition 3",
            "g(N) is the smallest part of N in the base (b_t when N = theta b_t)",
            "a definition",
        ),
        not_checkable(
            "Definition 4",
            "g0(N) = g0(g(N)) for every N",
            "a definition",
        ),
        check(
            "Main theorem (f = k)",
            "takeaway-main-theorem",
            &[("f", "k")],
            n,
        ),
        check(
            "Main theorem (f = 2k)",
            "takeaway-main-theorem",
            &[("f", "2*k")],
            n,
        ),
        check(
            "Main theorem (f = k mod 3 + 1)",
            "takeaway-main-theorem",
            &[("f", "k%3+1")],
            n,
        ),
        check(
            "Main theorem (f = k^2 mod 7 + 1)",
            "takeaway-main-theorem",
            &[("f", "k*k%7+1")],
            n,
        ),
        check(
            "The direct algorithm for g(N) (p. 3)",
            "takeaway-direct-rule",
            &[("f", "k*k%7+1")],
            mode.pick(2000, 20_000),
        ),
        check("Known case f(k) = k", "takeaway-powers-of-two", &[], n),
        check("Known case f(k) = 2k", "takeaway-fibonacci", &[], n),
        check(
            "Simple base (p. 3): f non-decreasing, f = k^2 + 1",
            "takeaway-simple-base",
            &[("f", "k^2+1")],
            n,
        ),
        check(
            "Simple base (p. 3): f(n+1) - f(n) >= -1, f = k mod 3 + floor(k/3)",
            "takeaway-simple-base",
            &[("f", "k%3+k/3")],
            n,
        ),
        check(
            "The winning move (N, x) -> (N - g0(N), f(g0(N))) (p. 3)",
            "takeaway-winning-move",
            &[("f", "k*k%7+1")],
            mode.pick(2000, 20_000),
        ),
        check(
            "The winning move, f = 2k",
            "takeaway-winning-move",
            &[("f", "2*k")],
            mode.pick(2000, 20_000),
        ),
        check(
            "Conjecture (p. 3, unnumbered)",
            "takeaway-growth-conjecture",
            &[],
            mode.pick(1_000_000, 1_000_000_000_000),
        ),
    ]
}

pub(crate) fn section(mode: Mode, steps: &mut Steps) -> Result<PaperSection> {
    let claims = claim_rows(rows(mode), steps)?;
    let bound: u128 = mode.pick(1_000_000, 1_000_000_000_000);
    let mut tables = Vec::new();
    let mut bases = Vec::new();
    for (expr, name) in FUNCTIONS {
        steps.start(&format!("g-base of f = {expr}"));
        let f = MoveFunction::expression(expr)?;
        let mut base = GBase::new();
        base.extend_to(&f, bound.max(G_TABLE_N as u128))?;
        tables.push(base_table(expr, name, &f, &base, bound)?);
        bases.push(base);
        steps.finish();
    }
    steps.start("g(N)");
    let mut rows = Vec::new();
    for n in 1..=G_TABLE_N {
        let mut row = vec![n.to_string()];
        for base in &bases {
            row.push(base.g(u128::from(n))?.to_string());
        }
        rows.push(row);
    }
    let header: Vec<String> = std::iter::once("N".to_string())
        .chain(FUNCTIONS.iter().map(|(e, _)| format!("g(N), f = {e}")))
        .collect();
    let header_ref: Vec<&str> = header.iter().map(String::as_str).collect();
    tables.push(Table {
        id: "takeaway-g".into(),
        title: format!("g(N) for N = 1..{G_TABLE_N}: the least x such that (N, x) is a win for the player to move"),
        note: "From the g-base by the main theorem, g(N) = g0(smallest part of N). The position (N, x) is lost for the player to move exactly when x < g(N); the winning move is to (N - g(N), f(g(N))).".into(),
        layout: grid(&header_ref, rows.clone()),
        data: grid(&header_ref, rows),
        agrees: None,
        marked: Vec::new(),
    });
    steps.finish();
    Ok(PaperSection {
        paper: Paper::Takeaway,
        claims,
        tables,
        figures: Vec::new(),
    })
}

fn base_table(
    expr: &str,
    name: &str,
    f: &MoveFunction,
    base: &GBase,
    bound: u128,
) -> Result<Table> {
    let mut rows = Vec::new();
    for (i, (&b, &g0)) in base.members().iter().zip(base.g0()).enumerate() {
        if b > bound {
            break;
        }
        rows.push(cells([i as u128, b, g0, f.eval(b)?]));
    }
    let ending = match base.finite() {
        Some(true) => format!(
            "The base is finite: it ends at b_{} = {}, so g(N) depends on N mod {} only (Lemma 2).",
            base.members().len() - 1,
            base.members().last().expect("non-empty"),
            base.members().last().expect("non-empty")
        ),
        _ => format!(
            "The base goes on beyond {bound}: the next member is {}.",
            base.next_member()
                .map_or("not computed".into(), |b| b.to_string())
        ),
    };
    let identity = base.g0().iter().zip(base.members()).all(|(g, b)| g == b);
    let id = match expr {
        "k" => "takeaway-base-k",
        "2*k" => "takeaway-base-2k",
        _ => "takeaway-base-example",
    };
    Ok(Table {
        id: id.into(),
        title: format!("The g-base B_f and g0 for {name}, members up to {bound}"),
        note: format!(
            "{ending} g0 is {} on the base.",
            if identity {
                "the identity"
            } else {
                "not the identity"
            }
        ),
        layout: grid(&["i", "b_i", "g0(b_i)", "f(b_i)"], rows.clone()),
        data: grid(&["i", "b_i", "g0", "f_of_b"], rows),
        agrees: None,
        marked: Vec::new(),
    })
}
