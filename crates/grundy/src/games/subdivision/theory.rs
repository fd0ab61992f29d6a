//! Closed forms and theorems for i-Mark, with the claims `grundy verify` checks.
//!
//! Sources: É. Sopena, *i-Mark: A new subtraction division game*, TCS 627 (2016), as restated
//! in Section 1.4 of O. Friman and G. Nivasch, *Some i-Mark games* (the paper in
//! `papers/002`), and Theorems 1–3, Conjecture 4 and Theorems 5–7 of the latter.
//!
//! - **Sopena** (outcomes only): for i-Mark([1,t-1],{d}), `t, d >= 2`, `d ≢ 1 (mod t)`, the
//!   P-positions are `{qt : 0 <= q < d} ∪ {qt + 1 : q >= d}`.
//! - **Theorem 1** (`d ≡ 1 mod t`): with `α_m = d + ... + d^{m+1}` and
//!   `β_m = d + ... + d^m + t d^{m+1}`, `SG = t` exactly at the `α_m, β_m`; between them the
//!   values run through `0, 1, ..., t-1` (blocks `A_m`) or `1, ..., t-2, 0, t-1` (blocks `B_m`).
//! - **Theorems 2 and 3** (`S = {2}`, `D = {k}`, `k` odd): `SG = 2` exactly on one or two
//!   geometric-like sequences (`c_m = k(c_{m-1} + 2)`, and `a_m = k(a_{m-1} + 2)` when
//!   `k ≡ 1 mod 4`), with the patterns `0,0,1,1` and `1,0,0,1` between them.
//! - **Conjecture 4** (`S = {s}`, `D = {d}`, `gcd(s, d) = 1`): `SG(n) = 2` only at `n = sd`, on
//!   `a_0 = 2ds, a_{i+1} = d(a_i + s)`, or on `b^j_0 = jd, b^j_{i+1} = d(b^j_i + s)`, `1 <= j < s`.
//! - **Theorems 5, 6, 7** (i-Mark({1},{2,3})): every `n > 0` has a 0 among `n-4..n-1`; every
//!   `n > 1` a 1 among `n-10..n-1`; every `n > 3` a 2 among `n-49..n-1`.
//!
//! **When `value` uses a closed form.** Only where the theorem is *proven* for the game's
//! parameters: its hypotheses hold and the statement is not refuted for them. Agreement with
//! brute force below some bound is never a licence (a statement can first fail far out).
//! Theorem 1 is refuted for every `t = 2` (S = {1}, d odd): the first position of `B_0`,
//! `α_0 + 1 = d + 1`, has the value 0 there (the pattern `1, ..., t-2, 0, t-1` starts with 0
//! when `t = 2`), and so does the last position of `A_1`, `α_1 - 1`; the options of
//! `α_1 = d + d^2` are `α_1 - 1` and `α_1 / d = d + 1`, both of value 0, so `SG(α_1) = 1`,
//! not `t = 2` (the tests confirm the first failure is at `α_1` for every odd `d` below 200).
//! The solver therefore uses Theorem 1 for `t >= 3` only, and Theorems 2 and 3 as stated;
//! every other game is valued by brute force (the dense engine). Sopena's theorem gives
//! outcomes, not values, so it only explains moves.

use super::{Division, SubDivision};
use crate::solve::DenseSolver;
use crate::verify::{param, verdict, Claim, Params, Tally, Verdict};
use crate::{Error, Result};

/// A closed form for one game of the family.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClosedForm {
    /// Sopena: outcomes of i-Mark([1,t-1],{d}), `d ≢ 1 (mod t)`.
    Sopena {
        /// `max(S) + 1`.
        t: u64,
        /// The divisor.
        d: u64,
    },
    /// Friman–Nivasch Theorem 1: i-Mark([1,t-1],{d}), `d ≡ 1 (mod t)`.
    Theorem1 {
        /// `max(S) + 1`.
        t: u64,
        /// The divisor.
        d: u64,
    },
    /// Friman–Nivasch Theorem 2: i-Mark({2},{k}), `k ≡ 3 (mod 4)`.
    Theorem2 {
        /// The divisor.
        k: u64,
    },
    /// Friman–Nivasch Theorem 3: i-Mark({2},{k}), `k ≡ 1 (mod 4)`, `k > 1`.
    Theorem3 {
        /// The divisor.
        k: u64,
    },
}

impl ClosedForm {
    /// The theorem whose hypotheses this game meets, if any, whether or not it is proven for
    /// these parameters.
    pub fn matching(game: &SubDivision) -> Option<ClosedForm> {
        if game.division() != Division::Exact || game.d().len() != 1 {
            return None;
        }
        let (s, d) = (game.s(), game.d()[0]);
        let t = s.len() as u64 + 1;
        if s.iter().enumerate().all(|(i, &x)| x == i as u64 + 1) {
            return Some(if d % t == 1 {
                ClosedForm::Theorem1 { t, d }
            } else {
                ClosedForm::Sopena { t, d }
            });
        }
        if s == [2] && d % 2 == 1 {
            return Some(if d % 4 == 3 {
                ClosedForm::Theorem2 { k: d }
            } else {
                ClosedForm::Theorem3 { k: d }
            });
        }
        None
    }

    /// The theorem that is proven for this game, if any: its hypotheses hold and the statement
    /// is not refuted for these parameters (Theorem 1 is refuted for `t = 2`, see the module
    /// docs).
    pub fn proven(game: &SubDivision) -> Option<ClosedForm> {
        Self::matching(game).filter(|form| !matches!(form, ClosedForm::Theorem1 { t: 2, .. }))
    }

    /// The proven closed form that gives values (not only outcomes), which `value` uses at
    /// every position.
    pub fn for_values(game: &SubDivision) -> Option<ClosedForm> {
        Self::proven(game).filter(|form| !matches!(form, ClosedForm::Sopena { .. }))
    }

    /// The SG value at `n` (for Sopena's form: 0 for P-positions, 1 for the others).
    pub fn value(&self, n: u64) -> u64 {
        match *self {
            ClosedForm::Sopena { t, d } => u64::from(!sopena_p_position(t, d, n)),
            ClosedForm::Theorem1 { t, d } => theorem1(t, d, n),
            ClosedForm::Theorem2 { k } => theorem2(k, n),
            ClosedForm::Theorem3 { k } => theorem3(k, n),
        }
    }

    /// The theorem, for `Evaluation::method`.
    pub fn source(&self) -> String {
        match *self {
            ClosedForm::Sopena { t, d } => {
                format!("Sopena (2016), P-positions of i-Mark([1,{}],{{{d}}})", t - 1)
            }
            ClosedForm::Theorem1 { t, d } => format!(
                "Friman-Nivasch Theorem 1, i-Mark([1,{}],{{{d}}}) (proven for t >= 3; here t = {t})",
                t - 1
            ),
            ClosedForm::Theorem2 { k } => format!(
                "Friman-Nivasch Theorem 2, i-Mark({{2}},{{{k}}}), k = 3 mod 4"
            ),
            ClosedForm::Theorem3 { k } => format!(
                "Friman-Nivasch Theorem 3, i-Mark({{2}},{{{k}}}), k = 1 mod 4"
            ),
        }
    }

    /// Why `n` is a P-position by this theorem, if it is one.
    pub fn p_position_reason(&self, n: u64) -> Option<String> {
        if self.value(n) != 0 {
            return None;
        }
        Some(match *self {
            ClosedForm::Sopena { t, d } if n.is_multiple_of(t) => {
                format!("n = {}*{t} with {} < d = {d} (Sopena)", n / t, n / t)
            }
            ClosedForm::Sopena { t, d } => {
                format!("n = {}*{t} + 1 with {} >= d = {d} (Sopena)", n / t, n / t)
            }
            _ => format!("SG = 0 by {}", self.source()),
        })
    }
}

/// Sopena: whether `n` is a P-position of i-Mark([1,t-1],{d}), `d ≢ 1 (mod t)`.
pub fn sopena_p_position(t: u64, d: u64, n: u64) -> bool {
    let q = n / t;
    (n.is_multiple_of(t) && q < d) || (n % t == 1 && q >= d)
}

/// `a * b + c` or `None` past `u128`.
fn next(k: u128, x: u128, c: u128) -> u128 {
    x.checked_add(c)
        .and_then(|y| y.checked_mul(k))
        .unwrap_or(u128::MAX)
}

/// Theorem 1: the SG value of `n` in i-Mark([1,t-1],{d}), `d ≡ 1 (mod t)`.
pub fn theorem1(t: u64, d: u64, n: u64) -> u64 {
    let (n, t128, d128) = (u128::from(n), u128::from(t), u128::from(d));
    // α_0 = d, β_0 = td, α_{m+1} = d(α_m + 1), β_{m+1} = d(β_m + 1).
    let (mut alpha, mut beta, mut a_start) = (d128, t128 * d128, 0u128);
    loop {
        if n < alpha {
            return ((n - a_start) % t128) as u64; // A_m: 0, 1, ..., t-1, ...
        }
        if n == alpha || n == beta {
            return t;
        }
        if n < beta {
            let i = ((n - alpha - 1) % t128) as u64; // B_m: 1, ..., t-2, 0, t-1, ...
            return if i + 2 < t {
                i + 1
            } else if i + 2 == t {
                0
            } else {
                t - 1
            };
        }
        a_start = beta + 1;
        alpha = next(d128, alpha, 1);
        beta = next(d128, beta, 1);
    }
}

const PATTERN_0011: [u64; 4] = [0, 0, 1, 1];
const PATTERN_1001: [u64; 4] = [1, 0, 0, 1];

/// Theorem 2: the SG value of `n` in i-Mark({2},{k}), `k ≡ 3 (mod 4)`.
pub fn theorem2(k: u64, n: u64) -> u64 {
    let (n, k) = (u128::from(n), u128::from(k));
    let (b, c0) = (2 * k, 4 * k);
    let at = |p: [u64; 4], i: u128| p[(i % 4) as usize];
    if n < b {
        return at(PATTERN_0011, n); // I_0
    }
    if n == b || n == c0 {
        return 2;
    }
    if n < c0 {
        return at(PATTERN_1001, n - b - 1); // I_1
    }
    // I_m = [c_{m-2} + 1, c_{m-1} - 1] for m >= 2: 0011 for m even, 1001 for m odd.
    let (mut lo, mut hi, mut m) = (c0, next(k, c0, 2), 2u64);
    loop {
        if n < hi {
            let p = if m % 2 == 0 {
                PATTERN_0011
            } else {
                PATTERN_1001
            };
            return at(p, n - lo - 1);
        }
        if n == hi {
            return 2;
        }
        lo = hi;
        hi = next(k, hi, 2);
        m += 1;
    }
}

/// Theorem 3: the SG value of `n` in i-Mark({2},{k}), `k ≡ 1 (mod 4)`, `k > 1`.
pub fn theorem3(k: u64, n: u64) -> u64 {
    let (n, k) = (u128::from(n), u128::from(k));
    let (a0, b, c0) = (k, 2 * k, 4 * k);
    let at = |p: [u64; 4], i: u128| p[(i % 4) as usize];
    if n == a0 || n == b || n == c0 {
        return 2;
    }
    if n < a0 {
        return at(PATTERN_0011, n); // X
    }
    if n < b {
        return at(PATTERN_1001, n - a0 - 1); // Y
    }
    if n < c0 {
        return at(PATTERN_0011, n - b - 1); // Z
    }
    // A_m = [c_{m-1} + 1, a_m - 1], C_m = [a_m + 1, c_m - 1], both 1001, for m >= 1.
    let (mut c_prev, mut a, mut c) = (c0, next(k, a0, 2), next(k, c0, 2));
    loop {
        if n == a || n == c {
            return 2;
        }
        if n < a {
            return at(PATTERN_1001, n - c_prev - 1);
        }
        if n < c {
            return at(PATTERN_1001, n - a - 1);
        }
        c_prev = c;
        a = next(k, a, 2);
        c = next(k, c, 2);
    }
}

/// Conjecture 4's candidates for `SG = 2` in i-Mark({s},{d}) up to `to`, sorted.
pub fn conjecture4_candidates(s: u64, d: u64, to: u64) -> Vec<u64> {
    let (s, d, to) = (u128::from(s), u128::from(d), u128::from(to));
    let mut out = vec![s * d];
    let mut starts = vec![2 * d * s];
    starts.extend((1..s).map(|j| j * d).take_while(|&x| x <= to));
    for mut x in starts {
        while x <= to {
            out.push(x);
            x = next(d, x, s);
        }
    }
    let mut out: Vec<u64> = out
        .into_iter()
        .filter(|&x| x <= to)
        .map(|x| x as u64)
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The claims of [`CLAIMS`] whose hypotheses `game` meets, with the parameters that name it
/// (what a survey checks for each member of a family): Sopena's theorem or Theorem 1 for
/// i-Mark([1,t-1],{d}), Theorem 2 or 3 for i-Mark({2},{k}) with `k` odd, Conjecture 4 for
/// i-Mark({s},{d}) with `gcd(s, d) = 1`, and Theorems 5-7 and Lemma 8 for i-Mark({1},{2,3}).
pub fn claims_for(game: &SubDivision) -> Result<Vec<(&'static Claim, Params)>> {
    let mut out = Vec::new();
    if game.division() != Division::Exact {
        return Ok(out);
    }
    let mut add = |name: &str, pairs: &[(&str, u64)]| -> Result<()> {
        let claim = CLAIMS
            .iter()
            .find(|c| c.name == name)
            .expect("a claim of this module");
        let pairs = pairs.iter().map(|(k, v)| (k.to_string(), v.to_string()));
        out.push((claim, Params::new(claim, pairs)?));
        Ok(())
    };
    let (s, d) = (game.s(), game.d());
    let t = s.len() as u64 + 1;
    let interval = s.iter().enumerate().all(|(i, &x)| x == i as u64 + 1);
    if let [d] = *d {
        if interval && t <= 1 << 16 {
            let name = if d % t == 1 {
                "imark-theorem1"
            } else {
                "imark-sopena"
            };
            add(name, &[("t", t), ("d", d)])?;
        }
        if s == [2] && d % 2 == 1 {
            let name = if d % 4 == 3 {
                "imark-theorem2"
            } else {
                "imark-theorem3"
            };
            add(name, &[("k", d)])?;
        }
        if let [s] = *s {
            if gcd(s, d) == 1 {
                add("imark-conjecture4", &[("s", s), ("d", d)])?;
            }
        }
    }
    if s == [1] && d == [2, 3] {
        for name in [
            "imark-theorem5",
            "imark-theorem6",
            "imark-theorem7",
            "imark-lemma8",
        ] {
            add(name, &[])?;
        }
    }
    Ok(out)
}

// ---- claims --------------------------------------------------------------------------------

/// The claims `grundy verify` checks for this family.
pub const CLAIMS: &[Claim] = &[
    Claim {
        name: "imark-sopena",
        source: "Sopena (2016), restated in Friman-Nivasch Section 1.4",
        statement: "i-Mark([1,t-1],{d}), d != 1 mod t: the P-positions are qt (q < d) and qt+1 (q >= d)",
        params: &[
            param("t", "max(S) + 1, from 2 to 65536", "3"),
            param("d", "the divisor, d != 1 mod t", "2"),
        ],
        range: "every n <= to",
        default_to: None,
        check: check_sopena,
    },
    Claim {
        name: "imark-theorem1",
        source: "Friman-Nivasch, Theorem 1",
        statement: "i-Mark([1,t-1],{d}), d = 1 mod t: SG = t exactly at alpha_m, beta_m; A_m, B_m patterns between",
        params: &[
            param("t", "max(S) + 1, from 2 to 65536", "3"),
            param("d", "the divisor, d = 1 mod t", "4"),
        ],
        range: "every n <= to",
        default_to: None,
        check: check_theorem1,
    },
    Claim {
        name: "imark-theorem2",
        source: "Friman-Nivasch, Theorem 2",
        statement: "i-Mark({2},{k}), k = 3 mod 4: SG = 2 exactly at 2k and c_m (c_0 = 4k, c_m = k(c_{m-1}+2))",
        params: &[param("k", "the divisor, k = 3 mod 4", "3")],
        range: "every n <= to",
        default_to: None,
        check: check_theorem2,
    },
    Claim {
        name: "imark-theorem3",
        source: "Friman-Nivasch, Theorem 3",
        statement: "i-Mark({2},{k}), k = 1 mod 4, k > 1: SG = 2 exactly at 2k, a_m and c_m",
        params: &[param("k", "the divisor, k = 1 mod 4, k > 1", "5")],
        range: "every n <= to",
        default_to: None,
        check: check_theorem3,
    },
    Claim {
        name: "imark-conjecture4",
        source: "Friman-Nivasch, Conjecture 4 (both of its sentences)",
        statement: "i-Mark({s},{d}), gcd(s,d) = 1: (1) SG(n) = 2 only at sd, a_i (a_0 = 2ds) and b^j_i (b^j_0 = jd, 1 <= j < s), x -> d(x+s); (2) the other values come in runs of s zeros and s ones, alternately (read: a run is shorter only next to a 2 or at an end of the range)",
        params: &[
            param("s", "the subtraction", "3"),
            param("d", "the divisor, coprime to s", "2"),
        ],
        range: "every n <= to",
        default_to: None,
        check: check_conjecture4,
    },
    Claim {
        name: "imark-theorem5",
        source: "Friman-Nivasch, Theorem 5",
        statement: "i-Mark({1},{2,3}): every n > 0 has SG(n-i) = 0 for some 1 <= i <= 4",
        params: &[],
        range: "every n <= to",
        default_to: None,
        check: check_theorem5,
    },
    Claim {
        name: "imark-theorem6",
        source: "Friman-Nivasch, Theorem 6",
        statement: "i-Mark({1},{2,3}): every n > 1 has SG(n-i) = 1 for some 1 <= i <= 10",
        params: &[],
        range: "every n <= to",
        default_to: None,
        check: check_theorem6,
    },
    Claim {
        name: "imark-theorem7",
        source: "Friman-Nivasch, Theorem 7",
        statement: "i-Mark({1},{2,3}): every n > 3 has SG(n-i) = 2 for some 1 <= i <= 49",
        params: &[],
        range: "every n <= to",
        default_to: None,
        check: check_theorem7,
    },
    Claim {
        name: "imark-lemma8",
        source: "Friman-Nivasch, Lemma 8 (in the proof of Theorem 7)",
        statement: "i-Mark({1},{2,3}): if m = 5 mod 6 and SG(m-i) != 2 for 0 <= i <= 7, then SG(m) = 0",
        params: &[],
        range: "every m <= to (to < 2^31)",
        default_to: None,
        check: check_lemma8,
    },
];

/// The most positions a dense comparison runs over.
pub const VERIFY_DENSE_LIMIT: u64 = 1 << 31;

fn dense_values(game: &SubDivision, to: u64) -> Result<DenseSolver<&SubDivision>> {
    if to >= VERIFY_DENSE_LIMIT {
        return Err(Error::TooLarge(format!(
            "--to {to}: this claim compares with the dense engine, which goes up to {}",
            VERIFY_DENSE_LIMIT - 1
        )));
    }
    let mut dense = DenseSolver::new(game);
    dense.extend_to(to + 1)?;
    Ok(dense)
}

fn params_t_d(params: &Params) -> Result<(u64, u64)> {
    let (t, d) = (params.number("t")?, params.number("d")?);
    if !(2..=1 << 16).contains(&t) || d < 2 {
        return Err(Error::Invalid(format!(
            "need 2 <= t <= 65536 and d >= 2 (got t = {t}, d = {d})"
        )));
    }
    Ok((t, d))
}

/// Compares `closed(n)` with the dense values of `game` for every `n <= to`.
fn compare(
    claim: &'static Claim,
    params: &Params,
    game: &SubDivision,
    to: u64,
    progress: &mut dyn FnMut(f64),
    closed: impl Fn(u64) -> u64,
    brute: impl Fn(u64) -> u64,
) -> Result<Verdict> {
    let dense = dense_values(game, to)?;
    let mut tally = Tally::new();
    for n in 0..=to {
        let (got, want) = (closed(n), brute(dense.values().get(n as usize)));
        tally.check(got == want, || {
            format!("n = {n}: the theorem gives {got}, brute force {want}")
        });
        if n % (1 << 20) == 0 {
            progress(n as f64 / (to as f64 + 1.0));
        }
    }
    Ok(tally.verdict(claim, params, to))
}

fn check_sopena(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let (t, d) = params_t_d(params)?;
    if d % t == 1 {
        return Err(Error::Invalid(format!(
            "Sopena's theorem needs d != 1 mod t (d = {d}, t = {t}: see imark-theorem1)"
        )));
    }
    let game = SubDivision::imark((1..t).collect(), vec![d])?;
    compare(
        &CLAIMS[0],
        params,
        &game,
        to,
        progress,
        |n| u64::from(!sopena_p_position(t, d, n)),
        |v| u64::from(v != 0),
    )
}

fn check_theorem1(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let (t, d) = params_t_d(params)?;
    if d % t != 1 {
        return Err(Error::Invalid(format!(
            "Theorem 1 needs d = 1 mod t (d = {d}, t = {t}: see imark-sopena)"
        )));
    }
    let game = SubDivision::imark((1..t).collect(), vec![d])?;
    compare(
        &CLAIMS[1],
        params,
        &game,
        to,
        progress,
        |n| theorem1(t, d, n),
        |v| v,
    )
}

fn param_k(params: &Params, residue: u64) -> Result<u64> {
    let k = params.number("k")?;
    if k % 4 != residue || k < 2 {
        return Err(Error::Invalid(format!(
            "this theorem needs k = {residue} mod 4 and k > 1 (got k = {k})"
        )));
    }
    Ok(k)
}

fn check_theorem2(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let k = param_k(params, 3)?;
    let game = SubDivision::imark(vec![2], vec![k])?;
    compare(
        &CLAIMS[2],
        params,
        &game,
        to,
        progress,
        |n| theorem2(k, n),
        |v| v,
    )
}

fn check_theorem3(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let k = param_k(params, 1)?;
    let game = SubDivision::imark(vec![2], vec![k])?;
    compare(
        &CLAIMS[3],
        params,
        &game,
        to,
        progress,
        |n| theorem3(k, n),
        |v| v,
    )
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Conjecture 4, both sentences: (1) `SG(n) = 2` only at the candidates; (2) away from the 2s,
/// the values run in blocks of `s` zeros and `s` ones, alternately. Sentence 2 ("the rest of the
/// SG values iterate in s-tuples of zeros and ones") is read as: each maximal run of equal values
/// between two 2s has length `s`, and may be shorter only where it meets a 2, position 0 or `to`.
fn check_conjecture4(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let (s, d) = (params.number("s")?, params.number("d")?);
    if s == 0 || d < 2 || gcd(s, d) != 1 {
        return Err(Error::Invalid(format!(
            "Conjecture 4 needs s >= 1, d >= 2 and gcd(s, d) = 1 (got s = {s}, d = {d})"
        )));
    }
    let game = SubDivision::imark(vec![s], vec![d])?;
    let dense = dense_values(&game, to)?;
    let sg = |n: u64| dense.values().get(n as usize);
    let candidates = conjecture4_candidates(s, d, to);
    let (mut twos, mut runs) = (Tally::new(), Tally::new());
    let mut run_start = 0;
    for n in 0..=to {
        let v = sg(n);
        if v == 2 {
            twos.check(candidates.binary_search(&n).is_ok(), || {
                format!("SG({n}) = 2, but {n} is not sd nor on the conjectured sequences")
            });
        }
        // A run of equal values other than 2 ends at n when the next value differs or n = to.
        if v != 2 && (n == to || sg(n + 1) != v) {
            let length = n - run_start + 1;
            let cut = run_start == 0 || sg(run_start - 1) == 2 || n == to || sg(n + 1) == 2;
            runs.check(v < 2 && (length == s || (length < s && cut)), || {
                format!(
                    "SG = {v} on {run_start}..={n}: a run of {length} between other values, not {s} (the second sentence)"
                )
            });
        }
        if v == 2 || n == to || sg(n + 1) != v {
            run_start = n + 1;
        }
        if n % (1 << 20) == 0 {
            progress(n as f64 / (to as f64 + 1.0));
        }
    }
    let notes = vec![
        format!(
            "sentence 1 (SG = 2 only on the sequences): {} positions with value 2, {} of them off the sequences",
            twos.cases(),
            twos.failures()
        ),
        format!(
            "sentence 2 (runs of {s} zeros and {s} ones): {} runs, {} of them wrong",
            runs.cases(),
            runs.failures()
        ),
    ];
    // The first sentence's first failure is reported first (it is the conjecture's main part).
    let v = twos.and(runs).verdict(&CLAIMS[4], params, to);
    Ok(v.with_notes(notes))
}
/// Theorems 5-7: every `n` with `from <= n <= to` has the value `v` among `n-c .. n-1`. Runs on
/// the gap statistics of positions `0 .. to-1` from the i-Mark({1},{2,3}) engine.
fn check_window(
    claim: &'static Claim,
    params: &Params,
    to: u64,
    progress: &mut dyn FnMut(f64),
    (v, c, from): (u64, u64, u64),
) -> Result<Verdict> {
    if to < from {
        return Ok(verdict(claim, params, to, 0, None));
    }
    let run = super::imark23::gaps(
        to - 1,
        super::imark23::Config::for_bound(to),
        &super::imark23::Options::default(),
        &mut |done, total| progress(done as f64 / total as f64),
    )?;
    let cases = to - from + 1;
    let Some(g) = run.gaps.iter().find(|g| g.value == v) else {
        let mut never = verdict(
            claim,
            params,
            to,
            cases,
            Some(format!("the value {v} never occurs below {to}")),
        );
        (never.complete, never.failures) = (true, Some(cases));
        return Ok(never);
    };
    // With occurrences o_1 < o_2 < ..., the window of n misses v exactly when n <= o_1, when
    // o_j + c < n <= o_{j+1} (a gap larger than c), or when n > last + c. Every n is covered by
    // the gap statistics, but only the first largest gap is known, so a counterexample after it
    // need not be the first one, and failures are not counted.
    let window = |n: u64| {
        format!(
            "n = {n}: no position among {}..{} has the value {v}",
            n.saturating_sub(c),
            n - 1
        )
    };
    let counterexample = if from <= g.first {
        Some(window(from))
    } else if let (Some(gap), Some(at)) = (g.max_gap.filter(|&gap| gap > c), g.max_gap_from) {
        Some(format!(
            "{} (after the first largest gap, {gap} from {at}; an earlier, smaller gap may fail too)",
            window((at + c + 1).max(from))
        ))
    } else {
        (g.last + c < to).then(|| window(g.last + c + 1))
    };
    let mut found = verdict(claim, params, to, cases, counterexample);
    found.complete = true;
    Ok(found)
}

fn check_theorem5(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    check_window(&CLAIMS[5], params, to, progress, (0, 4, 1))
}

fn check_theorem6(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    check_window(&CLAIMS[6], params, to, progress, (1, 10, 2))
}

fn check_theorem7(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    check_window(&CLAIMS[7], params, to, progress, (2, 49, 4))
}

fn check_lemma8(params: &Params, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Verdict> {
    let claim = &CLAIMS[8];
    progress(0.0);
    let game = SubDivision::imark(vec![1], vec![2, 3])?;
    let dense = dense_values(&game, to)?;
    let sg = |n: u64| dense.values().get(n as usize);
    let mut tally = Tally::new();
    let mut m = 11;
    while m <= to {
        if (0..=7).all(|i| sg(m - i) != 2) {
            tally.check(sg(m) == 0, || {
                format!(
                    "m = {m}: no 2 among SG({})..SG({m}), but SG({m}) = {}",
                    m - 7,
                    sg(m)
                )
            });
        }
        if m % (1 << 22) == 5 {
            progress(m as f64 / to as f64);
        }
        m += 6;
    }
    Ok(tally.verdict(claim, params, to))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn dense(game: &SubDivision, len: u64) -> Vec<u64> {
        let mut solver = DenseSolver::new(game);
        solver.extend_to(len).unwrap();
        solver.values().to_vec(0..len as usize)
    }

    #[test]
    fn lemma8_counts_the_cases_a_plain_loop_finds() {
        // SG of i-Mark({1},{2,3}) by the definition, in a plain vector.
        let to = 200_000u64;
        let mut sg = vec![0u64; to as usize + 1];
        for n in 1..=to as usize {
            let mut seen = [false; 5];
            seen[sg[n - 1] as usize] = true;
            if n % 2 == 0 {
                seen[sg[n / 2] as usize] = true;
            }
            if n % 3 == 0 {
                seen[sg[n / 3] as usize] = true;
            }
            sg[n] = seen.iter().position(|s| !s).unwrap() as u64;
        }
        let (mut cases, mut failures) = (0, 0);
        for m in (11..=to as usize).filter(|m| m % 6 == 5) {
            if (0..=7).all(|i| sg[m - i] != 2) {
                cases += 1;
                failures += u64::from(sg[m] != 0);
            }
        }
        let claim = CLAIMS.iter().find(|c| c.name == "imark-lemma8").unwrap();
        let v = (claim.check)(&Params::default(), to, &mut |_| {}).unwrap();
        assert_eq!(failures, 0);
        assert!(cases > 0);
        assert_eq!((v.holds, v.cases), (true, cases));
    }

    /// i-Mark({s},{d}) by the definition, in a plain vector.
    fn imark_s_d(s: u64, d: u64, to: u64) -> Vec<u64> {
        let mut sg: Vec<u64> = Vec::new();
        for n in 0..=to {
            let mut seen = [false; 4];
            if n >= s {
                seen[sg[(n - s) as usize] as usize] = true;
            }
            if n > 0 && n % d == 0 {
                seen[sg[(n / d) as usize] as usize] = true;
            }
            sg.push(seen.iter().position(|x| !x).unwrap() as u64);
        }
        sg
    }

    fn conjecture4(s: u64, d: u64, to: u64) -> Verdict {
        let claim = CLAIMS
            .iter()
            .find(|c| c.name == "imark-conjecture4")
            .unwrap();
        let params = Params::new(
            claim,
            [("s".into(), s.to_string()), ("d".into(), d.to_string())],
        )
        .unwrap();
        (claim.check)(&params, to, &mut |_| {}).unwrap()
    }

    #[test]
    fn conjecture4_both_sentences_against_a_plain_loop() {
        // s = 2, d = 3: 0011002100112001100110011...: the 2s at 6 = sd, 12 = a_0, 42, 132
        // (x -> 3(x + 2)); between them runs of two 0s and two 1s, cut next to a 2.
        let sg = imark_s_d(2, 3, 200);
        let twos: Vec<usize> = (0..=200).filter(|&n| sg[n] == 2).collect();
        assert_eq!(twos, [6, 12, 42, 132]);
        assert_eq!(&sg[..16], &[0, 0, 1, 1, 0, 0, 2, 1, 0, 0, 1, 1, 2, 0, 0, 1]);
        let v = conjecture4(2, 3, 100_000);
        assert!(v.holds && v.complete, "{v:?}");
        // s = 4, d = 3: the 2s are at 12 = sd, 24 = a_0, 84, 264 (sentence 1 holds), but after
        // 24 the values run 0,0,1,0,1,1,0,1,...: a run of one 1 at 27, not four.
        let sg = imark_s_d(4, 3, 300);
        let twos: Vec<usize> = (0..=300).filter(|&n| sg[n] == 2).collect();
        assert_eq!(twos, [12, 24, 84, 264]);
        assert_eq!(&sg[25..30], &[0, 0, 1, 0, 1]);
        let v = conjecture4(4, 3, 300);
        assert_eq!(
            v.counterexample.as_deref(),
            Some("SG = 1 on 27..=27: a run of 1 between other values, not 4 (the second sentence)")
        );
        assert!(v.notes[0].ends_with("4 positions with value 2, 0 of them off the sequences"));
        // s = 3, d = 2: the first sentence fails first (SG(16) = 2 is on no sequence).
        let sg = imark_s_d(3, 2, 20);
        assert_eq!(sg[16], 2);
        assert!(!conjecture4_candidates(3, 2, 20).contains(&16));
        let v = conjecture4(3, 2, 1000);
        assert!(v.counterexample.unwrap().starts_with("SG(16) = 2"));
    }

    #[test]
    fn theorem1_by_hand() {
        // t = 2, d = 3: alpha_0 = 3, beta_0 = 6, alpha_1 = 12, beta_1 = 21.
        // 0:0 1:1 2:0 3:{0, SG(1)=1}->2 4:{2}->0 5:{0}->1 6:{1, SG(2)=0}->2 7:{2}->0.
        let got: Vec<u64> = (0..8).map(|n| theorem1(2, 3, n)).collect();
        assert_eq!(got, vec![0, 1, 0, 2, 0, 1, 2, 0]);
        assert_eq!((theorem1(2, 3, 12), theorem1(2, 3, 21)), (2, 2));
    }

    #[test]
    fn closed_forms_match_the_dense_engine_over_ranges() {
        for t in 2..=6u64 {
            for d in 2..=40u64 {
                if t == 2 && d % 2 == 1 {
                    continue; // Theorem 1 fails for t = 2: see theorem1_fails_for_t_2
                }
                let game = SubDivision::imark((1..t).collect(), vec![d]).unwrap();
                let values = dense(&game, 20_000);
                for (n, &v) in values.iter().enumerate() {
                    let n = n as u64;
                    if d % t == 1 {
                        assert_eq!(theorem1(t, d, n), v, "Theorem 1, t={t} d={d} n={n}");
                    } else {
                        assert_eq!(
                            sopena_p_position(t, d, n),
                            v == 0,
                            "Sopena t={t} d={d} n={n}"
                        );
                    }
                }
            }
        }
        for k in (3..=61u64).step_by(2) {
            let game = SubDivision::imark(vec![2], vec![k]).unwrap();
            for (n, &v) in dense(&game, 50_000).iter().enumerate() {
                let closed = if k % 4 == 3 {
                    theorem2(k, n as u64)
                } else {
                    theorem3(k, n as u64)
                };
                assert_eq!(closed, v, "k={k} n={n}");
            }
        }
    }

    /// For t = 2 (S = {1}, d odd) the first element of B_{m-1} has the value 0, not 1, so the
    /// proof's step for alpha_m breaks: by hand, i-Mark({1},{3}) has SG(11) = 0 and
    /// SG(12 / 3) = SG(4) = 0, so SG(12) = 1, while Theorem 1 says SG(alpha_1 = 12) = t = 2.
    #[test]
    fn theorem1_fails_for_t_2() {
        assert_eq!(theorem1(2, 3, 12), 2);
        let claim = &CLAIMS[1];
        let params =
            Params::new(claim, [("t".into(), "2".into()), ("d".into(), "3".into())]).unwrap();
        let verdict = (claim.check)(&params, 1000, &mut |_| {}).unwrap();
        assert!(!verdict.holds);
        assert_eq!(
            verdict.counterexample.unwrap(),
            "n = 12: the theorem gives 2, brute force 1"
        );
        // So the solver does not use it for t = 2, nor explain moves with it.
        let game = SubDivision::imark(vec![1], vec![3]).unwrap();
        assert_eq!(
            ClosedForm::matching(&game),
            Some(ClosedForm::Theorem1 { t: 2, d: 3 })
        );
        assert_eq!(ClosedForm::proven(&game), None);
        assert_eq!(ClosedForm::for_values(&game), None);
        assert_eq!(crate::Ruleset::explain_move(&game, &[14], &[13]), None);
    }

    /// The module docs' argument, checked: for every odd d the statement holds below
    /// alpha_1 = d + d^2 and fails there (brute force 1, the theorem 2).
    #[test]
    fn theorem1_with_t_2_first_fails_at_alpha_1_for_every_odd_d() {
        for d in (3..200u64).step_by(2) {
            let game = SubDivision::imark(vec![1], vec![d]).unwrap();
            let alpha1 = d + d * d;
            let values = dense(&game, alpha1 + 1);
            let first = (0..=alpha1).find(|&n| theorem1(2, d, n) != values[n as usize]);
            assert_eq!(first, Some(alpha1), "d = {d}");
            assert_eq!((theorem1(2, d, alpha1), values[alpha1 as usize]), (2, 1));
            assert_eq!(ClosedForm::for_values(&game), None, "d = {d}");
        }
    }

    /// The error a licence by agreement below a fixed bound made: with d = 513 the first
    /// failure (263682) lies beyond 2^18, and `value` said 2 where brute force says 1.
    #[test]
    fn a_refuted_case_whose_first_failure_is_far_out_is_valued_by_brute_force() {
        use crate::{Ruleset, Solver};
        let game = SubDivision::imark(vec![1], vec![513]).unwrap();
        let mut solver = game.solver().unwrap();
        let at = solver.evaluate(&[263_682]).unwrap();
        let mut brute = crate::solve::SearchSolver::new(&game);
        assert_eq!(at.value, brute.value(&[263_682]).unwrap());
        assert_eq!(at.value, 1);
        assert!(!at.method.contains("Theorem"), "{}", at.method);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn closed_forms_at_random_parameters(t in 3u64..12, q in 1u64..30, k in 1u64..200, n in 0u64..100_000) {
            let d = q * t + 1;
            let game = SubDivision::imark((1..t).collect(), vec![d]).unwrap();
            let mut solver = DenseSolver::new(&game);
            prop_assert_eq!(theorem1(t, d, n), solver.value(n).unwrap());
            let k = 2 * k + 1;
            let game = SubDivision::imark(vec![2], vec![k]).unwrap();
            let mut solver = DenseSolver::new(&game);
            let closed = if k % 4 == 3 { theorem2(k, n) } else { theorem3(k, n) };
            prop_assert_eq!(closed, solver.value(n).unwrap());
        }
    }

    #[test]
    fn the_solver_uses_a_proven_closed_form() {
        use crate::Ruleset;
        let game = SubDivision::imark(vec![1, 2], vec![4]).unwrap();
        let mut solver = game.solver().unwrap();
        let far = solver.evaluate(&[u64::MAX]).unwrap();
        assert!(far.method.contains("Theorem 1"), "{}", far.method);
        assert_eq!(far.value, theorem1(3, 4, u64::MAX));
        // Sopena gives outcomes only: values come from the dense table.
        let game = SubDivision::imark(vec![1, 2], vec![2]).unwrap();
        assert_eq!(ClosedForm::for_values(&game), None);
        // t = 3, d = 2: P-positions 0, 3, then 7, 10, 13, ...
        assert!(game.explain_move(&[8], &[7]).unwrap().contains("Sopena"));
        assert_eq!(game.explain_move(&[7], &[6]), None);
    }

    #[test]
    fn claims_hold_in_small_ranges() {
        for claim in CLAIMS {
            let params = Params::new(claim, []).unwrap();
            let verdict = (claim.check)(&params, 100_000, &mut |_| {}).unwrap();
            assert!(
                verdict.holds || claim.name == "imark-conjecture4",
                "{verdict:?}"
            );
        }
    }

    #[test]
    fn windows_match_a_direct_check() {
        // Theorems 5-7 by the definition on the dense values.
        let game = SubDivision::imark(vec![1], vec![2, 3]).unwrap();
        let values = dense(&game, 200_000);
        // Table 1's maximum gaps 4, 8, 19 are reached below 200000, so windows one shorter fail.
        for (v, c, from, table1) in [(0u64, 4u64, 1u64, 4u64), (1, 10, 2, 8), (2, 49, 4, 19)] {
            for n in from..200_000u64 {
                let lo = n.saturating_sub(c);
                assert!((lo..n).any(|m| values[m as usize] == v), "v={v} n={n}");
            }
            // With a smaller window the claim fails, and the check says where.
            let claim = &CLAIMS[5 + v as usize];
            let params = Params::new(claim, []).unwrap();
            let held =
                check_window(claim, &params, 200_000, &mut |_| {}, (v, table1, from)).unwrap();
            assert!(held.holds, "{held:?}");
            let small =
                check_window(claim, &params, 200_000, &mut |_| {}, (v, table1 - 1, from)).unwrap();
            let n: u64 = small.counterexample.as_ref().unwrap()[4..]
                .split(':')
                .next()
                .unwrap()
                .parse()
                .unwrap();
            let lo = n.saturating_sub(table1 - 1);
            assert!(!(lo..n).any(|m| values[m as usize] == v), "{small:?}");
        }
    }
}
