//! [`TacticalResult`]: the answer of a tactical question, as GNU Go's `attack` and
//! `defend` give it.

use core::fmt;

use go_board::Move;

/// How well the side asking a tactical question (the attacker of `attack`, the defender
/// of `defend`) does, with its GTP code.
///
/// Ko results assume neither side has a ko threat unless it says so:
/// [`KoTakeFirst`](TacticalCode::KoTakeFirst) succeeds when the side to move takes the ko
/// first and the opponent has no threat; [`KoNeedsThreat`](TacticalCode::KoNeedsThreat)
/// needs one more ko threat than the opponent. [`Win`](TacticalCode::Win) holds even if
/// the opponent has every ko threat it wants.
///
/// ```
/// use go_search::tactics::TacticalCode;
/// assert_eq!(TacticalCode::KoTakeFirst.gtp_code(), 2);
/// assert!(TacticalCode::KoNeedsThreat.is_ko());
/// assert!(TacticalCode::Win.succeeds() && !TacticalCode::Loss.succeeds());
/// assert!(TacticalCode::Win > TacticalCode::KoTakeFirst);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TacticalCode {
    /// It fails (GTP code 0).
    Loss,
    /// It works only if the side to move wins a ko in which it must find the first ko
    /// threat (GTP code 3).
    KoNeedsThreat,
    /// It works through a ko in which the side to move takes first (GTP code 2).
    KoTakeFirst,
    /// It works unconditionally (GTP code 1).
    Win,
}

impl TacticalCode {
    /// The number GNU Go prints: 0 fail, 1 success, 2 and 3 ko.
    ///
    /// ```
    /// use go_search::tactics::TacticalCode;
    /// assert_eq!(TacticalCode::Loss.gtp_code(), 0);
    /// assert_eq!(TacticalCode::KoNeedsThreat.gtp_code(), 3);
    /// ```
    #[must_use]
    pub const fn gtp_code(self) -> u8 {
        match self {
            TacticalCode::Loss => 0,
            TacticalCode::Win => 1,
            TacticalCode::KoTakeFirst => 2,
            TacticalCode::KoNeedsThreat => 3,
        }
    }

    /// Anything but [`Loss`](TacticalCode::Loss).
    ///
    /// ```
    /// use go_search::tactics::TacticalCode;
    /// assert!(TacticalCode::KoTakeFirst.succeeds());
    /// ```
    #[must_use]
    pub const fn succeeds(self) -> bool {
        !matches!(self, TacticalCode::Loss)
    }

    /// One of the two ko results.
    ///
    /// ```
    /// use go_search::tactics::TacticalCode;
    /// assert!(!TacticalCode::Win.is_ko());
    /// ```
    #[must_use]
    pub const fn is_ko(self) -> bool {
        matches!(
            self,
            TacticalCode::KoTakeFirst | TacticalCode::KoNeedsThreat
        )
    }
}

/// The answer to "can this block be captured?" or "can it be saved?": a code and the move
/// that achieves it.
///
/// Its text form is GNU Go's: `0` alone on failure, otherwise the code and the move
/// (`PASS` when no move is needed).
///
/// ```
/// use go_board::Move;
/// use go_search::tactics::{TacticalCode, TacticalResult};
/// let r = TacticalResult { code: TacticalCode::KoTakeFirst, best_move: Some(Move::Play("D19".parse()?)) };
/// assert_eq!(r.to_string(), "2 D19");
/// assert_eq!(TacticalResult::LOSS.to_string(), "0");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct TacticalResult {
    /// How well the side to move does.
    pub code: TacticalCode,
    /// The move that does it (`None` when the code is [`TacticalCode::Loss`]).
    pub best_move: Option<Move>,
}

impl TacticalResult {
    /// Failure, with no move.
    ///
    /// ```
    /// use go_search::tactics::{TacticalCode, TacticalResult};
    /// assert_eq!(TacticalResult::LOSS.code, TacticalCode::Loss);
    /// ```
    pub const LOSS: TacticalResult = TacticalResult {
        code: TacticalCode::Loss,
        best_move: None,
    };

    /// Whether the side to move succeeds in some way (unconditionally or by ko).
    ///
    /// ```
    /// use go_search::tactics::TacticalResult;
    /// assert!(!TacticalResult::LOSS.succeeds());
    /// ```
    #[must_use]
    pub const fn succeeds(&self) -> bool {
        self.code.succeeds()
    }
}

impl fmt::Display for TacticalResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.code, self.best_move) {
            (TacticalCode::Loss, _) => write!(f, "0"),
            (code, Some(Move::Play(p))) => write!(f, "{} {p}", code.gtp_code()),
            (code, _) => write!(f, "{} PASS", code.gtp_code()),
        }
    }
}
