//! What the sources state of Nimstring values, and its claims.

use crate::verify::Claim;

/// The folder's claims.
pub const CLAIMS: &[Claim] = &[];
