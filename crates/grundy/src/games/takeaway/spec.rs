//! `takeaway:f=EXPR` or `takeaway:table=FILE`.

use super::{MoveFunction, Takeaway};
use crate::family::{Family, SpecArgs};
use crate::{Error, Result, Ruleset};

/// The folder's registry entries, in the order `--help` lists them.
pub const FAMILIES: &[Family] = &[FAMILY];

/// The registry entry.
pub const FAMILY: Family = Family {
    name: "takeaway",
    keys: &["f", "table"],
    summary: "takeaway:f=2*k: one pile, take k <= x, the opponent may then take f(k) (positions: N,x; also takeaway:table=FILE)",
    build,
};

fn build(args: &mut SpecArgs) -> Result<Box<dyn Ruleset>> {
    Ok(Box::new(parse(args)?))
}

/// The move function from `f=EXPR` or `table=FILE` (exactly one of them).
fn parse(args: &mut SpecArgs) -> Result<Takeaway> {
    let f = match (args.take("f"), args.take("table")) {
        (Some(expr), None) => MoveFunction::expression(&expr)?,
        (None, Some(path)) => MoveFunction::table_file(&path)?,
        (Some(_), Some(_)) => {
            return Err(Error::Spec(
                "takeaway takes f=EXPR or table=FILE, not both".into(),
            ))
        }
        (None, None) => {
            return Err(Error::Spec(
                "'takeaway' needs f=EXPR (e.g. takeaway:f=2*k) or table=FILE".into(),
            ))
        }
    };
    Ok(Takeaway::new(f))
}

/// Parses a `takeaway` spec into the typed game (for the commands only this family has).
pub fn parse_takeaway(text: &str) -> Result<Takeaway> {
    let mut args = SpecArgs::parse(text)?;
    if args.select(std::slice::from_ref(&FAMILY)).is_none() {
        return Err(Error::Invalid(format!(
            "this command is for takeaway games (takeaway:f=EXPR), not '{}'",
            args.family()
        )));
    }
    let game = parse(&mut args)?;
    args.finish(&FAMILY)?;
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs() {
        let game = crate::spec::parse_game("takeaway:f=2*k").unwrap();
        assert_eq!(game.spec(), "takeaway:f=2*k");
        let err = |s: &str| crate::spec::parse_game(s).err().unwrap().to_string();
        assert!(err("takeaway").contains("needs f=EXPR"));
        assert!(err("takeaway:f=k:table=x").contains("not both"));
        assert!(err("takeaway:f=k:g=2").contains("accepted keys: f, table"));
        assert!(err("takeaway:f=2*").contains("ends too early"));
        assert!(err("takeaway:table=/nonexistent/file").contains("cannot read"));
        assert!(parse_takeaway("nim")
            .unwrap_err()
            .to_string()
            .contains("takeaway games"));
        assert!(parse_takeaway("takeaway:f=k:x=1").is_err());
    }
}
