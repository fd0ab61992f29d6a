//! Survey patterns: a family and the members it ranges over.
//!
//! - `octal:0.???`, `octal:4.?7`, `octal:?.??`: every code with the digits given and each `?`
//!   running over `0..=7` (before the point: `0` and `4`, the digits a code may start with).
//! - `hex:0.??`: the same with digits `0..=F` (before the point `0`, `4`, `8`, `C`).
//! - `subtraction:size=SET:max=M`: every subtraction set with a number of elements in SET
//!   (`3`, `1..3`, `2,4`) drawn from `1..=M`, e.g. `subtraction:size=3:max=20` (1140 sets).
//! - `imark:s=?1..4:d=?2..30`, `sd:...:round=floor|ceil`, `kupin:...`: subtraction–division
//!   games (`games/subdivision`) over ranges of parameters. A key written `?LIST` runs over
//!   each element of LIST (`?2..30`, `?2,3,5`) as a one-element set; written without `?` it is
//!   one fixed set (`s=1,2`); `t=?2..9` in place of `s` runs over `S = {1, ..., t-1}`, the sets
//!   of Sopena's theorem and Friman–Nivasch's Theorem 1.
//!
//! Members come in a fixed order (digits in increasing order, the first `?` slowest; sets in
//! lexicographic order by size, then elements), each once: codes are canonical (`0.370` is
//! `0.37`), so two ways of writing one code give one member.

use crate::family::parse_set;
use crate::games::octal::code::{Base, Rules};
use crate::games::subdivision::{Division, SubDivision};
use crate::Ruleset;
use crate::{Error, Result};

/// The most members a survey may have.
pub const MAX_MEMBERS: usize = 1 << 20;
/// The largest element of a subtraction set in a pattern (its code has that many digits).
pub const MAX_SUBTRACTION: u64 = 4096;

/// What a member is computed as.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expanded {
    /// A heap game given by its code, shown as `name` (`octal:0.137`, `subtraction:s=1,3,4`).
    Heap {
        /// The member's spec.
        name: String,
        /// Its rules (a subtraction set is the code with 3 at each element).
        rules: Rules,
    },
    /// A subtraction–division game, shown as its spec (`imark:s=1:d=3`).
    Division {
        /// The member's spec.
        name: String,
        /// The game.
        game: SubDivision,
    },
}

impl Expanded {
    /// The member's spec.
    pub fn name(&self) -> &str {
        match self {
            Expanded::Heap { name, .. } | Expanded::Division { name, .. } => name,
        }
    }
}

/// The syntax, for error messages.
pub const SYNTAX: &str = "octal:0.??? (each ? any octal digit; ? before the point: 0 and 4), hex:0.?? (hexadecimal digits), subtraction:size=SET:max=M (every set of SET elements from 1..M), or imark:s=?1..4:d=?2..30 (also sd:...:round=floor|ceil, kupin:...; ?LIST runs over each element, t=?2..9 over S = 1..t-1)";

/// The members of `pattern`, in order, each once.
pub fn expand(pattern: &str) -> Result<Vec<Expanded>> {
    let bad = |why: &str| Error::Spec(format!("'{pattern}' is not a survey pattern: {why}"));
    let (family, body) = pattern
        .split_once(':')
        .ok_or_else(|| bad(&format!("expected {SYNTAX}")))?;
    match family.trim().to_ascii_lowercase().as_str() {
        "octal" => codes(body.trim(), Base::Octal, pattern),
        "hex" => codes(body.trim(), Base::Hexadecimal, pattern),
        "subtraction" => subtraction(body.trim(), pattern),
        "imark" => division(body.trim(), Division::Exact, pattern),
        "sd" => division(body.trim(), Division::Floor, pattern),
        "kupin" => division(body.trim(), Division::Kupin, pattern),
        other => Err(bad(&format!(
            "unknown family '{other}'; surveys run over {SYNTAX}"
        ))),
    }
}

fn codes(body: &str, base: Base, pattern: &str) -> Result<Vec<Expanded>> {
    let bad = |why: String| Error::Spec(format!("'{pattern}' is not a survey pattern: {why}"));
    let (whole, fraction) = body
        .split_once('.')
        .ok_or_else(|| bad("the code needs a point, as in 0.???".into()))?;
    let (radix, heads): (u8, &[u8]) = match base {
        Base::Octal => (8, &[0, 4]),
        Base::Hexadecimal => (16, &[0, 4, 8, 12]),
    };
    let head_choices: Vec<u8> = match whole {
        "?" => heads.to_vec(),
        "" => vec![0],
        w => {
            let d = single_digit(w, radix).ok_or_else(|| {
                bad(format!(
                    "'{w}' before the point must be one of {} or ?",
                    heads
                        .iter()
                        .map(|&h| format!("{h:X}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ))
            })?;
            vec![d]
        }
    };
    if fraction.is_empty() {
        return Err(bad("no digit after the point".into()));
    }
    let mut places: Vec<Vec<u8>> = Vec::new();
    for c in fraction.chars() {
        if c == '?' {
            places.push((0..radix).collect());
        } else {
            let d = single_digit(&c.to_string(), radix).ok_or_else(|| {
                bad(format!(
                    "'{c}' is not a{} digit or ?",
                    if radix == 8 {
                        "n octal"
                    } else {
                        " hexadecimal"
                    }
                ))
            })?;
            places.push(vec![d]);
        }
    }
    let count = places
        .iter()
        .try_fold(head_choices.len(), |n, p| n.checked_mul(p.len()))
        .filter(|&n| n <= MAX_MEMBERS);
    if count.is_none() {
        return Err(Error::TooLarge(format!(
            "'{pattern}' has more than {MAX_MEMBERS} members (the most a survey runs)"
        )));
    }
    let family = if base == Base::Octal { "octal" } else { "hex" };
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for &head in &head_choices {
        // Odometer over the places, the first place slowest.
        let mut index = vec![0usize; places.len()];
        loop {
            let mut text = format!("{head:X}.");
            for (place, &i) in places.iter().zip(&index) {
                text.push_str(&format!("{:X}", place[i]));
            }
            let rules = Rules::parse(&text, base)?;
            let name = format!("{family}:{}", rules.code());
            if seen.insert(name.clone()) {
                out.push(Expanded::Heap { name, rules });
            }
            let mut place = places.len();
            loop {
                if place == 0 {
                    break;
                }
                place -= 1;
                index[place] += 1;
                if index[place] < places[place].len() {
                    break;
                }
                index[place] = 0;
            }
            if index.iter().all(|&i| i == 0) {
                break;
            }
        }
    }
    Ok(out)
}

fn single_digit(text: &str, radix: u8) -> Option<u8> {
    let mut chars = text.chars();
    let c = chars.next()?;
    if chars.next().is_some() {
        return None;
    }
    let d = c.to_digit(16)? as u8;
    (d < radix).then_some(d)
}

fn subtraction(body: &str, pattern: &str) -> Result<Vec<Expanded>> {
    let bad = |why: String| Error::Spec(format!("'{pattern}' is not a survey pattern: {why}"));
    let (mut sizes, mut max) = (None, None);
    for part in body.split(':') {
        let (key, value) = part.split_once('=').ok_or_else(|| {
            bad(format!(
                "'{part}' is not of the form key=value (size=SET, max=M)"
            ))
        })?;
        match key.trim() {
            "size" => sizes = Some(parse_set(value)?),
            "max" => max = Some(crate::number::parse_u64(value)?),
            other => {
                return Err(bad(format!(
                    "unknown key '{other}'; subtraction surveys take size=SET and max=M"
                )))
            }
        }
    }
    let sizes = sizes.ok_or_else(|| bad("size=SET is missing".into()))?;
    let max = max.ok_or_else(|| bad("max=M is missing".into()))?;
    if max == 0 || max > MAX_SUBTRACTION {
        return Err(Error::TooLarge(format!(
            "max must be between 1 and {MAX_SUBTRACTION} (a set's code has max digits)"
        )));
    }
    let mut total: u128 = 0;
    for &k in &sizes {
        if k == 0 || k > max {
            return Err(bad(format!(
                "a set of {k} elements from 1..{max} does not exist"
            )));
        }
        total = total.saturating_add(binomial(max, k));
    }
    if total > MAX_MEMBERS as u128 {
        return Err(Error::TooLarge(format!(
            "'{pattern}' has {total} members, more than the {MAX_MEMBERS} a survey runs"
        )));
    }
    let mut out = Vec::new();
    for &k in &sizes {
        let k = k as usize;
        let mut set: Vec<u64> = (1..=k as u64).collect();
        loop {
            out.push(subtraction_member(&set)?);
            // The next k-subset of 1..=max in lexicographic order: raise the rightmost element
            // that can rise, and put the ones after it right behind it.
            match (0..k).rev().find(|&i| set[i] < max - (k - 1 - i) as u64) {
                Some(i) => {
                    set[i] += 1;
                    for j in i + 1..k {
                        set[j] = set[j - 1] + 1;
                    }
                }
                None => break,
            }
        }
    }
    Ok(out)
}

/// The subtraction game with set `set` as a heap game: digit 3 (leave nothing or one heap) at
/// each element.
pub fn subtraction_member(set: &[u64]) -> Result<Expanded> {
    let last = *set.last().expect("not empty") as usize;
    let mut text = String::from("0.");
    for t in 1..=last {
        text.push(if set.contains(&(t as u64)) { '3' } else { '0' });
    }
    let rules = Rules::parse(&text, Base::Octal)?;
    let list: Vec<String> = set.iter().map(u64::to_string).collect();
    Ok(Expanded::Heap {
        name: format!("subtraction:s={}", list.join(",")),
        rules,
    })
}

/// One key of a subtraction–division pattern: the sets it runs over.
fn choices(key: &str, value: &str, bad: &dyn Fn(String) -> Error) -> Result<Vec<Vec<u64>>> {
    let value = value.trim();
    let sets: Vec<Vec<u64>> = match value.strip_prefix('?') {
        Some(list) => parse_set(list)?.into_iter().map(|x| vec![x]).collect(),
        None => vec![parse_set(value)?],
    };
    if key != "t" {
        return Ok(sets);
    }
    // t runs over S = {1, ..., t-1}.
    sets.into_iter()
        .map(|set| match set[..] {
            [t] if (2..=1 << 16).contains(&t) => Ok((1..t).collect()),
            [t] => Err(bad(format!("t = {t}: t must be between 2 and 65536"))),
            _ => Err(bad(format!(
                "t={value} names several values; write t=?{value} to run over each"
            ))),
        })
        .collect()
}

fn division(body: &str, mut division: Division, pattern: &str) -> Result<Vec<Expanded>> {
    let bad = |why: String| Error::Spec(format!("'{pattern}' is not a survey pattern: {why}"));
    let (mut s, mut d) = (None, None);
    for part in body.split(':') {
        let (key, value) = part.split_once('=').ok_or_else(|| {
            bad(format!(
                "'{part}' is not of the form key=value (s=?LIST or t=?LIST, d=?LIST)"
            ))
        })?;
        match (key.trim(), division) {
            (key @ ("s" | "t"), _) => {
                if s.is_some() {
                    return Err(bad("give one of s= and t=, once".into()));
                }
                s = Some(choices(key, value, &bad)?);
            }
            ("d", _) => d = Some(choices("d", value, &bad)?),
            ("round", Division::Floor | Division::Ceil) => {
                division = match value.trim() {
                    "floor" => Division::Floor,
                    "ceil" => Division::Ceil,
                    other => return Err(bad(format!("round: '{other}' is not floor or ceil"))),
                }
            }
            (other, _) => {
                return Err(bad(format!(
                    "unknown key '{other}'; these surveys take s= (or t=), d={}",
                    if matches!(division, Division::Floor | Division::Ceil) {
                        " and round="
                    } else {
                        ""
                    }
                )))
            }
        }
    }
    let s = s.ok_or_else(|| bad("s=?LIST (or t=?LIST) is missing".into()))?;
    let d = d.ok_or_else(|| bad("d=?LIST is missing".into()))?;
    if s.len().saturating_mul(d.len()) > MAX_MEMBERS {
        return Err(Error::TooLarge(format!(
            "'{pattern}' has {} members, more than the {MAX_MEMBERS} a survey runs",
            s.len() as u128 * d.len() as u128
        )));
    }
    let mut out = Vec::with_capacity(s.len() * d.len());
    let mut seen = std::collections::HashSet::new();
    for s in &s {
        for d in &d {
            let game = SubDivision::new(s.clone(), d.clone(), division)?;
            let name = game.spec();
            if seen.insert(name.clone()) {
                out.push(Expanded::Division { name, game });
            }
        }
    }
    Ok(out)
}

/// `C(n, k)`, or `u128::MAX` when it does not fit (far more members than allowed anyway).
fn binomial(n: u64, k: u64) -> u128 {
    let k = k.min(n - k);
    let mut r: u128 = 1;
    for i in 0..k {
        // r * (n - i) / (i + 1) is C(n, i + 1), exact at every step.
        match r.checked_mul(u128::from(n - i)) {
            Some(m) => r = m / u128::from(i + 1),
            None => return u128::MAX,
        }
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(pattern: &str) -> Vec<String> {
        expand(pattern)
            .unwrap()
            .into_iter()
            .map(|e| e.name().to_string())
            .collect()
    }

    #[test]
    fn octal_patterns_list_every_canonical_code_once() {
        let all = names("octal:0.???");
        assert_eq!(all.len(), 512);
        assert_eq!(all[0], "octal:0.0");
        assert_eq!(all[1], "octal:0.001");
        assert_eq!(all[8], "octal:0.01");
        assert_eq!(all[511], "octal:0.777");
        assert_eq!(names("octal:?.??").len(), 128);
        assert_eq!(
            names("octal:4.?7"),
            (0..8).map(|d| format!("octal:4.{d}7")).collect::<Vec<_>>()
        );
        // Trailing zeros are dropped: 0.?0 gives 0.0, 0.1, ..., 0.7.
        assert_eq!(names("octal:.?0")[3], "octal:0.3");
        assert_eq!(names("hex:0.??").len(), 256);
        assert_eq!(names("hex:?.?").len(), 64);
        assert_eq!(names("hex:0.?F")[10], "hex:0.AF");
    }

    #[test]
    fn subtraction_patterns_list_every_set() {
        let all = names("subtraction:size=3:max=20");
        assert_eq!(all.len(), 1140);
        assert_eq!(all[0], "subtraction:s=1,2,3");
        assert_eq!(all[1], "subtraction:s=1,2,4");
        assert_eq!(all[1139], "subtraction:s=18,19,20");
        assert_eq!(names("subtraction:size=1..2:max=4").len(), 4 + 6);
        let Expanded::Heap { rules, .. } = subtraction_member(&[1, 3, 4]).unwrap() else {
            panic!("a subtraction set is a heap game")
        };
        assert_eq!(rules.code(), "0.3033");
    }

    #[test]
    fn subtraction_division_patterns_run_over_each_parameter() {
        let all = names("imark:s=?1..3:d=?2..5");
        assert_eq!(all.len(), 12);
        assert_eq!(all[0], "imark:s=1:d=2");
        assert_eq!(all[1], "imark:s=1:d=3");
        assert_eq!(all[11], "imark:s=3:d=5");
        // t runs over S = 1..t-1; a fixed set stays one set.
        assert_eq!(
            names("imark:t=?2..4:d=5"),
            ["imark:s=1:d=5", "imark:s=1,2:d=5", "imark:s=1..3:d=5"]
        );
        assert_eq!(
            names("imark:s=1,2:d=?2,3"),
            ["imark:s=1,2:d=2", "imark:s=1,2:d=3"]
        );
        assert_eq!(
            names("sd:s=1:d=?2..3:round=ceil"),
            ["sd:s=1:d=2:round=ceil", "sd:s=1:d=3:round=ceil"]
        );
        assert_eq!(names("sd:s=1:d=?2..3")[0], "sd:s=1:d=2:round=floor");
        assert_eq!(names("kupin:s=?1,2:d=2").len(), 2);
        let err = |p: &str| expand(p).unwrap_err().to_string();
        assert!(err("imark:d=?2..5").contains("missing"));
        assert!(err("imark:s=1:t=?2..3:d=2").contains("one of"));
        assert!(err("imark:t=2..4:d=2").contains("t=?2..4"));
        assert!(err("imark:t=?1..3:d=2").contains("between 2"));
        assert!(err("imark:s=1:d=?1..3").contains("at least 2"));
        assert!(err("imark:s=1:d=2:round=ceil").contains("unknown key"));
        assert!(err("sd:s=1:d=2:round=up").contains("floor or ceil"));
        assert!(err("imark:s=?1..2000:d=?2..2000").contains("more than"));
    }

    #[test]
    fn bad_patterns_are_refused_with_the_reason() {
        let err = |p: &str| expand(p).unwrap_err().to_string();
        assert!(err("octal").contains("expected"));
        assert!(err("octal:0.8?").contains("'8'"));
        assert!(err("octal:2.?").contains("before the point"));
        assert!(err("octal:0.").contains("no digit"));
        assert!(err("octal:0?").contains("point"));
        assert!(err("nim:0.?").contains("unknown family"));
        assert!(err("subtraction:size=3").contains("max"));
        assert!(err("subtraction:size=5:max=4").contains("does not exist"));
        assert!(err("subtraction:size=3:max=10^6").contains("between"));
        assert!(err("subtraction:size=10:max=4000").contains("more than"));
        assert!(err(&format!("octal:0.{}", "?".repeat(8))).contains("more than"));
        assert!(err("subtraction:sizes=3:max=4").contains("unknown key"));
    }
}
