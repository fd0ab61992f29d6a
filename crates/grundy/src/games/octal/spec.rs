//! The spec strings: `octal:CODE`, `hex:CODE`, `grundy-game`, and the Winning Ways names of
//! classic codes (*Winning Ways*, ch. 4; the OEIS entries cited in [`super::theory::KNOWN`] use
//! the same names).

use super::code::{Base, Rules};
use super::HeapGame;
use crate::family::{Family, SpecArgs};
use crate::{Error, Result, Ruleset};

/// The folder's registry entries, in the order `--help` lists them.
pub const FAMILIES: &[Family] = &[
    OCTAL,
    HEX,
    GRUNDY_GAME,
    KAYLES,
    DAWSON_KAYLES,
    DAWSON_CHESS,
    DOUBLE_KAYLES,
];

/// The classic games by name: `(name, octal code)`.
pub const ALIASES: &[(&str, &str)] = &[
    ("kayles", "0.77"),
    ("dawson-kayles", "0.07"),
    ("dawson-chess", "0.137"),
    ("double-kayles", "0.7777"),
];

/// `octal:CODE`.
pub const OCTAL: Family = Family {
    name: "octal",
    keys: &["code"],
    summary: "octal:CODE: take-and-break game on heaps in octal code, e.g. octal:0.137, octal:4.7 (positions: heaps 3,5,6)",
    build: build_octal,
};

/// `hex:CODE`.
pub const HEX: Family = Family {
    name: "hex",
    keys: &["code"],
    summary: "hex:CODE: hexadecimal code, digit 8 = leave three heaps, e.g. hex:0.F8 (positions: heaps 3,5,6)",
    build: build_hex,
};

/// `grundy-game`.
pub const GRUNDY_GAME: Family = Family {
    name: "grundy-game",
    keys: &[],
    summary: "grundy-game: split a heap into two unequal heaps (positions: heaps 7,9)",
    build: |_| Ok(Box::new(HeapGame::new(Rules::grundy_game(), "grundy-game"))),
};

/// `kayles` = `octal:0.77`.
pub const KAYLES: Family = alias(
    "kayles",
    "kayles: = octal:0.77, knock down one or two adjacent pins (positions: rows 3,5)",
);
/// `dawson-kayles` = `octal:0.07`.
pub const DAWSON_KAYLES: Family = alias(
    "dawson-kayles",
    "dawson-kayles: = octal:0.07, knock down two adjacent pins (positions: rows 3,5)",
);
/// `dawson-chess` = `octal:0.137`.
pub const DAWSON_CHESS: Family = alias(
    "dawson-chess",
    "dawson-chess: = octal:0.137, Dawson's Chess as a heap game (positions: heaps 3,5)",
);
/// `double-kayles` = `octal:0.7777`.
pub const DOUBLE_KAYLES: Family = alias(
    "double-kayles",
    "double-kayles: = octal:0.7777, knock down one to four adjacent pins (positions: rows 3,5)",
);

const fn alias(name: &'static str, summary: &'static str) -> Family {
    Family {
        name,
        keys: &[],
        summary,
        build: build_alias,
    }
}

fn build_alias(args: &mut SpecArgs) -> Result<Box<dyn Ruleset>> {
    let name = args.family().to_string();
    let code = ALIASES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, code)| *code)
        .expect("every alias family is listed");
    let rules = Rules::parse(code, Base::Octal)?;
    Ok(Box::new(HeapGame::new(rules, name)))
}

fn code(args: &mut SpecArgs, family: &str, example: &str) -> Result<String> {
    match (args.take_bare(), args.take("code")) {
        (Some(_), Some(_)) => Err(Error::Spec(format!(
            "give the code once: {family}:{example} or {family}:code={example}"
        ))),
        (Some(code), None) | (None, Some(code)) => Ok(code),
        (None, None) => Err(Error::Spec(format!(
            "'{family}' needs a code, e.g. {family}:{example}"
        ))),
    }
}

fn build_octal(args: &mut SpecArgs) -> Result<Box<dyn Ruleset>> {
    let rules = Rules::parse(&code(args, "octal", "0.137")?, Base::Octal)?;
    let name = format!("octal:{}", rules.code());
    Ok(Box::new(HeapGame::new(rules, name)))
}

fn build_hex(args: &mut SpecArgs) -> Result<Box<dyn Ruleset>> {
    let rules = Rules::parse(&code(args, "hex", "0.F8")?, Base::Hexadecimal)?;
    let name = format!("hex:{}", rules.code());
    Ok(Box::new(HeapGame::new(rules, name)))
}

/// Parses a spec of this folder into the typed game (`Ok(None)` when it names another family).
pub fn parse(text: &str) -> Result<Option<HeapGame>> {
    let mut args = SpecArgs::parse(text)?;
    let Some(family) = args.select(FAMILIES) else {
        return Ok(None);
    };
    // Every check a spec gets; then the typed game from the canonical spec.
    let spec = crate::family::build(family, &mut args)?.spec();
    let rules = match family.name {
        "grundy-game" => Rules::grundy_game(),
        "octal" | "hex" => {
            let (family, code) = spec
                .split_once(':')
                .expect("octal and hex specs have a code");
            let base = if family == "hex" {
                Base::Hexadecimal
            } else {
                Base::Octal
            };
            Rules::parse(code, base)?
        }
        alias => Rules::parse(
            ALIASES.iter().find(|(n, _)| *n == alias).expect("listed").1,
            Base::Octal,
        )?,
    };
    Ok(Some(HeapGame::new(rules, spec)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::parse_game;

    #[test]
    fn specs_parse_to_canonical_names() {
        assert_eq!(parse_game("octal:.07").unwrap().spec(), "octal:0.07");
        assert_eq!(
            parse_game("octal:code=0.137").unwrap().spec(),
            "octal:0.137"
        );
        assert_eq!(parse_game("hex:0.f8").unwrap().spec(), "hex:0.F8");
        assert_eq!(parse_game("kayles").unwrap().spec(), "kayles");
        let kayles = parse("kayles").unwrap().unwrap();
        assert_eq!(kayles.title(), "kayles (octal:0.77)");
        assert_eq!(
            parse("grundy-game").unwrap().unwrap().title(),
            "grundy-game"
        );
        assert!(parse("nim").unwrap().is_none());
    }

    #[test]
    fn bad_specs_say_why() {
        let err = |s: &str| parse_game(s).err().unwrap().to_string();
        assert!(err("octal").contains("needs a code"));
        assert!(err("octal:0.8").contains("not a octal digit"));
        assert!(err("octal:0.7:code=0.7").contains("give the code once"));
        assert!(err("kayles:0.7").contains("not of the form key=value"));
        assert!(err("octal:0.7:x=1").contains("accepted keys: code"));
        assert!(err("subtraction:s").contains("key=value"));
    }
}
