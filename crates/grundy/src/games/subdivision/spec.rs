//! The spec strings of the family: `imark`, `sd`, `kupin` and the aliases `mark`, `upmark`,
//! `mark-t`.

use super::{Division, SubDivision};
use crate::family::{Family, SpecArgs};
use crate::{Error, Result, Ruleset};

/// The folder's registry entries, in the order `--help` lists them.
pub const FAMILIES: &[Family] = &[IMARK, SD, MARK, UPMARK, MARK_T, KUPIN];

/// `imark:s=SET:d=SET`.
pub const IMARK: Family = Family {
    name: "imark",
    keys: &["s", "d"],
    summary: "imark:s=1:d=2,3: one pile, subtract s in S or divide by d in D when d divides it (positions: 10)",
    build,
};

/// `sd:s=SET:d=SET:round=floor|ceil`.
pub const SD: Family = Family {
    name: "sd",
    keys: &["s", "d", "round"],
    summary: "sd:s=1:d=2:round=floor: subtract s in S, or n -> floor(n/d) (round=ceil: ceil, when smaller)",
    build,
};

/// `mark` = `sd:s=1:d=2:round=floor`.
pub const MARK: Family = Family {
    name: "mark",
    keys: &[],
    summary: "mark: Mark, n -> n-1 or floor(n/2) (= sd:s=1:d=2:round=floor)",
    build,
};

/// `upmark` = `sd:s=1:d=2:round=ceil`.
pub const UPMARK: Family = Family {
    name: "upmark",
    keys: &[],
    summary: "upmark: UpMark, n -> n-1 or ceil(n/2) (= sd:s=1:d=2:round=ceil)",
    build,
};

/// `mark-t:t=T` = `sd:s=1..T-1:d=T:round=floor`.
pub const MARK_T: Family = Family {
    name: "mark-t",
    keys: &["t"],
    summary: "mark-t:t=3: Mark-t, subtract 1..t-1 or n -> floor(n/t)",
    build,
};

/// `kupin:s=SET:d=SET`.
pub const KUPIN: Family = Family {
    name: "kupin",
    keys: &["s", "d"],
    summary: "kupin:s=1:d=2: Kupin's game, subtract s (leaving >= 1) or n -> ceil(n/d); ends at 1",
    build,
};

fn build(args: &mut SpecArgs) -> Result<Box<dyn Ruleset>> {
    Ok(Box::new(typed(args)?))
}

/// The typed game for the spec's family and keys.
fn typed(args: &mut SpecArgs) -> Result<SubDivision> {
    let sets = |args: &mut SpecArgs| -> Result<(Vec<u64>, Vec<u64>)> {
        Ok((args.required_set("s")?, args.required_set("d")?))
    };
    match args.family() {
        "imark" => {
            let (s, d) = sets(args)?;
            SubDivision::new(s, d, Division::Exact)
        }
        "kupin" => {
            let (s, d) = sets(args)?;
            SubDivision::new(s, d, Division::Kupin)
        }
        "sd" => {
            let (s, d) = sets(args)?;
            let division = match args.take("round").as_deref() {
                None | Some("floor") => Division::Floor,
                Some("ceil") => Division::Ceil,
                Some(other) => {
                    return Err(Error::Spec(format!(
                        "round: '{other}' is not floor or ceil"
                    )))
                }
            };
            SubDivision::new(s, d, division)
        }
        "mark" => Ok(SubDivision::new(vec![1], vec![2], Division::Floor)?.with_alias("mark")),
        "upmark" => Ok(SubDivision::new(vec![1], vec![2], Division::Ceil)?.with_alias("upmark")),
        _ => {
            let t = args
                .number("t")?
                .ok_or_else(|| Error::Spec("'mark-t' needs the key 't', e.g. mark-t:t=3".into()))?;
            if !(2..=1 << 20).contains(&t) {
                return Err(Error::Spec(format!(
                    "t: Mark-t needs 2 <= t <= 2^20 (got {t})"
                )));
            }
            Ok(
                SubDivision::new((1..t).collect(), vec![t], Division::Floor)?
                    .with_alias(format!("mark-t:t={t}")),
            )
        }
    }
}

/// Parses a spec of this family into the typed game (for the streaming engines); `Ok(None)` when
/// the spec names another family.
pub fn parse(text: &str) -> Result<Option<SubDivision>> {
    let mut args = SpecArgs::parse(text)?;
    let Some(family) = args.select(FAMILIES) else {
        return Ok(None);
    };
    let game = typed(&mut args)?;
    args.finish(family)?;
    Ok(Some(game))
}
