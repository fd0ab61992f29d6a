//! placeholder
use crate::verify::Claim;
use super::SubDivision;

/// The claims.
pub const CLAIMS: &[Claim] = &[];

/// A closed form.
#[derive(Debug, Clone)]
pub enum ClosedForm {}

impl ClosedForm {
    /// The closed form for this game, if any.
    pub fn for_game(_game: &SubDivision) -> Option<ClosedForm> { None }
    /// Value.
    pub fn value(&self, _n: u64) -> u64 { match *self {} }
    /// Source.
    pub fn source(&self) -> String { match *self {} }
    /// Reason.
    pub fn p_position_reason(&self, _n: u64) -> Option<String> { match *self {} }
}
