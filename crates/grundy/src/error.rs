//! The one error type of the library. Every message is written for the person at the terminal:
//! the CLI prints it after `error: ` and exits with code 2.

/// What went wrong, in words a user can act on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// The game spec string is malformed, names an unknown family or key, or has a bad parameter.
    #[error("invalid game spec: {0}")]
    Spec(String),
    /// A position does not parse or is not a position of the game.
    #[error("invalid position: {0}")]
    Position(String),
    /// A number does not parse, or does not fit the type it must fit.
    #[error("invalid number: {0}")]
    Number(String),
    /// The computation would exceed a stated limit (memory, table size, search size).
    #[error("too large: {0}")]
    TooLarge(String),
    /// Exact arithmetic would overflow.
    #[error("overflow: {0}")]
    Overflow(String),
    /// The game graph has a cycle where an engine for finite games met it (the loopy analysis,
    /// [`crate::solve::loopy`], answers such games).
    #[error("{0}")]
    Cycle(String),
    /// A run in bounded memory (record mode) stopped where its assumption failed: the values
    /// it handed out before are valid, the rest is out of its reach (more memory goes on).
    /// The command line ends a sequence already written as a valid, incomplete output (exit
    /// code 3) on it, where any other error leaves the output empty.
    #[error("record mode stopped: {0}")]
    Stopped(String),
    /// A long computation was stopped from outside (Ctrl-C); the message says what was kept.
    #[error("{0}")]
    Interrupted(String),
    /// Any other invalid request (bad option combination, unknown claim, ...).
    #[error("{0}")]
    Invalid(String),
}

impl Error {
    /// The same error with `note` added to its message (after `; `).
    pub fn noted(self, note: &str) -> Error {
        let add = |m: String| format!("{m}; {note}");
        match self {
            Error::Spec(m) => Error::Spec(add(m)),
            Error::Position(m) => Error::Position(add(m)),
            Error::Number(m) => Error::Number(add(m)),
            Error::TooLarge(m) => Error::TooLarge(add(m)),
            Error::Overflow(m) => Error::Overflow(add(m)),
            Error::Cycle(m) => Error::Cycle(add(m)),
            Error::Stopped(m) => Error::Stopped(add(m)),
            Error::Interrupted(m) => Error::Interrupted(add(m)),
            Error::Invalid(m) => Error::Invalid(add(m)),
        }
    }
}

/// The library's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    /// The same kind of error with its message rewritten by `message` (which gets the message
    /// without its kind's prefix), e.g. to say where a refused position came from.
    pub fn reworded(&self, message: impl FnOnce(&str) -> String) -> Error {
        match self {
            Error::Spec(m) => Error::Spec(message(m)),
            Error::Position(m) => Error::Position(message(m)),
            Error::Number(m) => Error::Number(message(m)),
            Error::TooLarge(m) => Error::TooLarge(message(m)),
            Error::Overflow(m) => Error::Overflow(message(m)),
            Error::Cycle(m) => Error::Cycle(message(m)),
            Error::Stopped(m) => Error::Stopped(message(m)),
            Error::Interrupted(m) => Error::Interrupted(message(m)),
            Error::Invalid(m) => Error::Invalid(message(m)),
        }
    }
}
