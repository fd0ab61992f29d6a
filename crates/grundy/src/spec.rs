//! Spec strings (`family:key=value:key=value`): [`parse_game`] finds the family by name in
//! [`crate::registry`]. What a family declares and the parsers of sets and positions are in
//! [`crate::family`] (re-exported here).
//!
//! A new family is one folder under `games/` whose `spec.rs` lists its [`Family`] entries, plus
//! one line in the [`registry`].

pub use crate::family::{parse_position, parse_set, parse_template, Family, SpecArgs, MAX_SET_LEN};
use crate::{registry, Result, Ruleset};

/// Parses a spec string into a ruleset.
///
/// ```
/// let game = grundy::spec::parse_game("subtraction:s=1,3,4").unwrap();
/// assert_eq!(game.spec(), "subtraction:s=1,3,4");
/// assert!(grundy::spec::parse_game("chess").is_err());
/// ```
pub fn parse_game(text: &str) -> Result<Box<dyn Ruleset>> {
    let mut args = SpecArgs::parse(text)?;
    let family = registry::find_family(args.family())?;
    // The name as registered, whatever case it was typed in.
    args.select(std::slice::from_ref(family));
    crate::family::build(family, &mut args)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_errors_name_the_problem() {
        let err = |s: &str| parse_game(s).err().unwrap().to_string();
        assert!(err("chess").contains("known games: nim"));
        assert!(err("nim:x=1").contains("takes no keys"));
        assert!(err("subtraction").contains("needs the key 's'"));
        assert!(err("subtraction:s=1:t=2").contains("accepted keys: s"));
        assert!(err("subtraction:s=1:s=2").contains("twice"));
        assert!(err("subtraction:s").contains("key=value"));
        assert!(err("").contains("no game name"));
        // Names and keys are read whatever their case.
        assert_eq!(
            parse_game("Subtraction:S=1,3,4").unwrap().spec(),
            "subtraction:s=1,3,4"
        );
        assert_eq!(parse_game("KAYLES").unwrap().spec(), "kayles");
        assert!(err("subtraction:s=1:S=2").contains("twice"));
    }
}
