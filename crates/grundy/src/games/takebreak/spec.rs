//! The spec strings: `tbreak:CODE` (CGSuite's take-and-break codes) and `allbut:s=SET`.

use super::code::Code;
use super::TakeBreak;
use crate::family::{Family, SpecArgs};
use crate::games::octal::{code as octal_code, HeapGame};
use crate::{Error, Result, Ruleset};

/// The folder's registry entries, in the order `--help` lists them.
pub const FAMILIES: &[Family] = &[TBREAK, ALLBUT];

/// `tbreak:CODE`.
pub const TBREAK: Family = Family {
    name: "tbreak",
    keys: &["code"],
    summary: "tbreak:CODE: take-and-break code in CGSuite's notation: digits 0-9 A-V, &N;, {2,3}, {2+}, *, modifiers ! ? =, repeating [..], e.g. tbreak:0.G, tbreak:0.[37], tbreak:code=4=.0 (positions: heaps 3,5,6)",
    build: build_tbreak,
};

/// `allbut:s=SET`.
pub const ALLBUT: Family = Family {
    name: "allbut",
    keys: &["s"],
    summary: "allbut:s=2,3,7: one heap, subtract any positive number except those of S (positions: heaps 10)",
    build: build_allbut,
};

/// The code of a `tbreak` spec: bare (`tbreak:0.77`) or `code=` (needed when the code has `=`,
/// which a bare part would split as key=value).
fn code_text(args: &mut SpecArgs) -> Result<String> {
    match (args.take_bare(), args.take("code")) {
        (Some(_), Some(_)) => Err(Error::Spec(
            "give the code once: tbreak:0.77 or tbreak:code=0.77".into(),
        )),
        (Some(code), None) | (None, Some(code)) => Ok(code),
        (None, None) => match args.take_part_with_equals() {
            Some(code) => Ok(code),
            None => Err(Error::Spec(
                "'tbreak' needs a code, e.g. tbreak:0.77 (a code with '=' is written tbreak:code=4=.0)".into(),
            )),
        },
    }
}

fn build_tbreak(args: &mut SpecArgs) -> Result<Box<dyn Ruleset>> {
    let code = Code::parse(&code_text(args)?)?;
    Ok(build(code))
}

/// The game of `code`, on the octal engine when the code is an octal or hexadecimal one.
pub fn build(code: Code) -> Box<dyn Ruleset> {
    let name = format!("tbreak:{}", code.show());
    if code.is_grundy_game() {
        return Box::new(HeapGame::new(octal_code::Rules::grundy_game(), name));
    }
    if let Some((text, hex)) = code.as_octal() {
        let base = if hex {
            octal_code::Base::Hexadecimal
        } else {
            octal_code::Base::Octal
        };
        if let Ok(rules) = octal_code::Rules::parse(&text, base) {
            return Box::new(HeapGame::new(rules, name));
        }
    }
    Box::new(TakeBreak::new(code, name))
}

fn build_allbut(args: &mut SpecArgs) -> Result<Box<dyn Ruleset>> {
    let excluded = args.required_set("s")?;
    if excluded.contains(&0) {
        return Err(Error::Spec(
            "allbut:s=SET lists the positive numbers that may not be subtracted; 0 is never a move"
                .into(),
        ));
    }
    let largest = excluded.last().copied().unwrap_or(0);
    if largest >= super::code::MAX_DIGITS as u64 {
        return Err(Error::TooLarge(format!(
            "allbut excludes numbers below {} (its code has one digit per number)",
            super::code::MAX_DIGITS
        )));
    }
    let name = if excluded.is_empty() {
        "allbut:s=".to_string()
    } else {
        let items: Vec<String> = excluded.iter().map(u64::to_string).collect();
        format!("allbut:s={}", items.join(","))
    };
    let code = all_but_code(&excluded);
    Ok(Box::new(TakeBreak::new(code, name)))
}

/// The code of the all-but game excluding `excluded`: 0 at its members, 3 elsewhere, then
/// `[3]` (CGSuite's `FromSubtractionSet(X, "3", allbut => true)`).
pub fn all_but_code(excluded: &[u64]) -> Code {
    let largest = excluded.iter().copied().max().unwrap_or(0);
    let mut text = String::from("0.");
    for t in 1..=largest {
        text.push(if excluded.contains(&t) { '0' } else { '3' });
    }
    text.push_str("[3]");
    Code::parse(&text).expect("a valid code")
}

#[cfg(test)]
mod tests {
    use crate::spec::parse_game;

    #[test]
    fn specs_parse_to_canonical_names() {
        assert_eq!(parse_game("tbreak:0.77").unwrap().spec(), "tbreak:0.77");
        assert_eq!(parse_game("tbreak:4!").unwrap().spec(), "tbreak:4!.0");
        assert_eq!(
            parse_game("tbreak:code=4=.0").unwrap().spec(),
            "tbreak:4=.0"
        );
        assert_eq!(parse_game("tbreak:4=.0").unwrap().spec(), "tbreak:4=.0");
        assert_eq!(parse_game("tbreak:0.3[33]").unwrap().spec(), "tbreak:0.[3]");
        assert_eq!(
            parse_game("allbut:s=3,2,7").unwrap().spec(),
            "allbut:s=2,3,7"
        );
        assert_eq!(
            super::all_but_code(&[2, 3, 7]).show(),
            "0.3003330[3]",
            "CGSuite's FromSubtractionSet([2,3,7], allbut => true)"
        );
    }

    #[test]
    fn bad_specs_say_why() {
        let err = |s: &str| parse_game(s).err().unwrap().to_string();
        assert!(err("tbreak").contains("needs a code"));
        assert!(err("tbreak:0.W").contains("not a digit"));
        assert!(err("tbreak:0.7:code=0.7").contains("give the code once"));
        assert!(err("allbut").contains("needs the key 's'"));
        assert!(err("allbut:s=0,2").contains("0 is never a move"));
        assert!(err("allbut:s=5000").contains("below"));
    }
}
