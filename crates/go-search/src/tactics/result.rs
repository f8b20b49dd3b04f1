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

/// The answer to "can this block be captured?" or "can it be saved?": a code, the move
/// that achieves it, the line the answer rests on, and what reading it cost.
///
/// Its text form is GNU Go's: `0` alone on failure, otherwise the code and the move
/// (`PASS` when no move is needed).
///
/// The costs ([`nodes`](Self::nodes), [`positions`](Self::positions),
/// [`budget_exhausted`](Self::budget_exhausted)) are counts, not times, so the same
/// question asked of readers in the same state gives equal results on every run. A
/// [`Reader`](super::Reader) keeps some tables from one question to the next, so the
/// same question may cost less the second time: compare [`code`](Self::code) and
/// [`best_move`](Self::best_move) to compare answers alone. The reader's
/// [`stats`](super::Reader::stats) has the rest (searches, ko modes, ladder moves,
/// time).
///
/// ```
/// use go_board::Move;
/// use go_search::tactics::{TacticalCode, TacticalResult};
/// let d19 = Move::Play("D19".parse()?);
/// let r = TacticalResult::new(TacticalCode::KoTakeFirst, Some(d19));
/// assert_eq!(r.to_string(), "2 D19");
/// assert_eq!(r.pv, [d19]);
/// assert_eq!(TacticalResult::LOSS.to_string(), "0");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TacticalResult {
    /// How well the side to move does.
    pub code: TacticalCode,
    /// The move that does it (`None` when the code is [`TacticalCode::Loss`]).
    pub best_move: Option<Move>,
    /// The principal variation: the line the answer rests on, both sides' moves from
    /// the position asked about. Empty on a loss; otherwise it starts with
    /// [`best_move`](Self::best_move), and goes on as far as the reading engine keeps a
    /// line: alpha-beta's, df-pn's read from its table
    /// ([`ProofResult::pv`](crate::ProofResult::pv), up to 64 moves); GTS gives the
    /// answer's move alone, as does a reader whose answer is another winning move
    /// than its engine's. The capture game ends a line where the block is captured
    /// (a ladder that works counts) or escapes.
    pub pv: Vec<Move>,
    /// Search nodes spent on the question, as the engine counts them (df-pn counts
    /// expansions): [`ReadingStats::nodes`](super::ReadingStats::nodes). 0 for a
    /// result built by hand.
    pub nodes: u64,
    /// Positions the engines entered, counted alike for every engine:
    /// [`ReadingStats::positions`](super::ReadingStats::positions).
    pub positions: u64,
    /// Whether a budget stopped one of the question's searches: the answer might
    /// differ on a bigger budget (a search that runs out counts as a failure of the
    /// side asking).
    pub budget_exhausted: bool,
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
        pv: Vec::new(),
        nodes: 0,
        positions: 0,
        budget_exhausted: false,
    };

    /// A result whose principal variation is its move alone (none on a loss), with no
    /// cost recorded.
    ///
    /// ```
    /// use go_board::Move;
    /// use go_search::tactics::{TacticalCode, TacticalResult};
    /// let r = TacticalResult::new(TacticalCode::Win, Some(Move::Pass));
    /// assert_eq!(r.pv, [Move::Pass]);
    /// assert!(TacticalResult::new(TacticalCode::Loss, None).pv.is_empty());
    /// ```
    #[must_use]
    pub fn new(code: TacticalCode, best_move: Option<Move>) -> TacticalResult {
        TacticalResult::with_line(code, best_move, Vec::new())
    }

    /// A result whose principal variation is `line` when that line starts with
    /// `best_move`, and `best_move` alone otherwise (a reader that picks another
    /// winning move than its engine's knows no line behind it). A loss has none.
    ///
    /// ```
    /// use go_board::Move;
    /// use go_search::tactics::{TacticalCode, TacticalResult};
    /// let [a, b] = [Move::Play("A1".parse()?), Move::Play("B1".parse()?)];
    /// assert_eq!(TacticalResult::with_line(TacticalCode::Win, Some(a), vec![a, b]).pv, [a, b]);
    /// assert_eq!(TacticalResult::with_line(TacticalCode::Win, Some(b), vec![a, b]).pv, [b]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_line(
        code: TacticalCode,
        best_move: Option<Move>,
        mut line: Vec<Move>,
    ) -> TacticalResult {
        let pv = match best_move {
            _ if code == TacticalCode::Loss => Vec::new(),
            None => Vec::new(),
            Some(m) if line.first() == Some(&m) => line,
            Some(m) => {
                line.clear();
                line.push(m);
                line
            }
        };
        TacticalResult {
            code,
            best_move,
            pv,
            ..TacticalResult::LOSS
        }
    }

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
