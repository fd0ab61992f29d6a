//! `moore:k=K`, K at least 1.

use super::Moore;
use crate::family::{Family, SpecArgs};
use crate::number::parse_u64;
use crate::{Error, Result, Ruleset};

/// The folder's registry entries, in the order `--help` lists them.
pub const FAMILIES: &[Family] = &[FAMILY];

/// The registry entry.
pub const FAMILY: Family = Family {
    name: "moore",
    keys: &["k"],
    summary:
        "moore:k=2: Moore's Nim_k, take from at least one and at most K piles (positions: 3,5,6)",
    build,
};

fn build(args: &mut SpecArgs) -> Result<Box<dyn Ruleset>> {
    let text = args.take("k").ok_or_else(|| {
        Error::Spec("moore needs k=K, the most piles a move may take from (e.g. moore:k=2)".into())
    })?;
    let k = parse_u64(&text).map_err(|e| Error::Spec(format!("k: {e}")))?;
    if k == 0 {
        return Err(Error::Spec("k must be at least 1 (k=1 is Nim)".into()));
    }
    Ok(Box::new(Moore::new(k)))
}
