//! [`StaticVerdict`]: the thesis's triple (move, statusIfPlay, statusIfPass).

use std::fmt;

use crate::Status;

/// A static evaluator's answer for the side to move (Vilà 2004, Tables
/// 4.3–4.7): whether it must play, and its status if it plays and if it
/// passes. The statuses are only [`Status::Winner`], [`Status::Seki`] and
/// [`Status::Loser`].
///
/// The thesis writes it `(Y,W,L)`: `Y` play or `P` pass, then the two
/// statuses; its [`Display`](fmt::Display) does the same.
///
/// ```
/// use go_semeai::{Status, StaticVerdict};
/// let v = StaticVerdict::new(Status::Winner, Status::Loser);
/// assert!(v.must_play());
/// assert_eq!(v.to_string(), "(Y,W,L)");
/// assert_eq!(StaticVerdict::new(Status::Seki, Status::Seki).to_string(), "(P,S,S)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StaticVerdict {
    /// Status if the side to move plays the right move.
    pub if_play: Status,
    /// Status if it passes.
    pub if_pass: Status,
}

impl StaticVerdict {
    /// The triple with these statuses; the move is `Y` exactly when they
    /// differ (§4.3.1).
    ///
    /// ```
    /// use go_semeai::{Status, StaticVerdict};
    /// assert!(!StaticVerdict::new(Status::Winner, Status::Winner).must_play());
    /// ```
    #[must_use]
    pub const fn new(if_play: Status, if_pass: Status) -> StaticVerdict {
        StaticVerdict { if_play, if_pass }
    }

    /// Whether the side to move must play to get `if_play`.
    ///
    /// ```
    /// use go_semeai::{Status, StaticVerdict};
    /// assert!(StaticVerdict::new(Status::Seki, Status::Loser).must_play());
    /// ```
    #[must_use]
    pub fn must_play(self) -> bool {
        self.if_play != self.if_pass
    }
}

fn letter(s: Status) -> char {
    match s {
        Status::Winner => 'W',
        Status::Loser => 'L',
        Status::Seki => 'S',
        Status::Ko(_) => 'K',
        Status::Unknown => 'U',
    }
}

impl fmt::Display for StaticVerdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = if self.must_play() { 'Y' } else { 'P' };
        write!(f, "({m},{},{})", letter(self.if_play), letter(self.if_pass))
    }
}

/// Shorthands for the tables: `W`, `S`, `L` and the triples.
pub(crate) mod t {
    use super::StaticVerdict;
    use crate::Status;

    pub(crate) const W: Status = Status::Winner;
    pub(crate) const S: Status = Status::Seki;
    pub(crate) const L: Status = Status::Loser;

    /// `(P,W,W)`.
    pub(crate) const PWW: StaticVerdict = StaticVerdict::new(W, W);
    /// `(P,S,S)`.
    pub(crate) const PSS: StaticVerdict = StaticVerdict::new(S, S);
    /// `(P,L,L)`.
    pub(crate) const PLL: StaticVerdict = StaticVerdict::new(L, L);
    /// `(Y,W,L)`.
    pub(crate) const YWL: StaticVerdict = StaticVerdict::new(W, L);
    /// `(Y,W,S)`.
    pub(crate) const YWS: StaticVerdict = StaticVerdict::new(W, S);
    /// `(Y,S,L)`.
    pub(crate) const YSL: StaticVerdict = StaticVerdict::new(S, L);
}
