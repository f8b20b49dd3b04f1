//! What the solver answers: [`Status`], [`BestMove`], [`SemeaiResult`] and
//! the counters of [`SemeaiStats`].

use std::fmt;

use go_board::Point;

/// Who has the upper hand in a ko the race depends on, seen from the side
/// whose status it is.
///
/// ```
/// use go_semeai::{KoKind, Status};
/// let status = Status::Ko(KoKind::Good);
/// assert_eq!(status.code(), 4);
/// assert_eq!(status.to_string(), "ko (good)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KoKind {
    /// This side takes the ko first: the opponent must find the first
    /// outside ko threat (GNU Go's code 2).
    Good,
    /// This side must find the first outside ko threat (GNU Go's code 3).
    Bad,
}

/// The status of a capturing race for one side (Vilà 2004, §4.3.1).
///
/// Seki is taken in the thesis's wide sense: neither block is captured,
/// whether they share life or both live independently.
///
/// ```
/// use go_semeai::Status;
/// assert_eq!(Status::Winner.code(), 1);
/// assert_eq!(Status::Loser.opponent(), Status::Winner);
/// assert_eq!(Status::Seki.opponent(), Status::Seki);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// This side captures the other block (the thesis's `Winner`).
    Winner,
    /// This side's block is captured (the thesis spells it `Looser`).
    Loser,
    /// Neither block is captured: seki, or both live.
    Seki,
    /// The result depends on a ko this side wins: [`KoKind`] says whether
    /// it takes the ko first.
    Ko(KoKind),
    /// Not decided within the budget.
    Unknown,
}

impl Status {
    /// The code of the thesis's `solve_semeais` command: 0 Loser,
    /// 1 Winner, 2 Seki, 3 Unknown, 4 Ko.
    ///
    /// ```
    /// use go_semeai::Status;
    /// assert_eq!(Status::Loser.code(), 0);
    /// assert_eq!(Status::Unknown.code(), 3);
    /// ```
    #[must_use]
    pub const fn code(self) -> u8 {
        match self {
            Status::Loser => 0,
            Status::Winner => 1,
            Status::Seki => 2,
            Status::Unknown => 3,
            Status::Ko(_) => 4,
        }
    }

    /// The same race seen from the other side (a ko this side wins is one
    /// the other loses, reported as [`Status::Unknown`] from there: the
    /// other side's own ko status is asked separately).
    ///
    /// ```
    /// use go_semeai::{KoKind, Status};
    /// assert_eq!(Status::Winner.opponent(), Status::Loser);
    /// assert_eq!(Status::Ko(KoKind::Bad).opponent(), Status::Unknown);
    /// ```
    #[must_use]
    pub const fn opponent(self) -> Status {
        match self {
            Status::Winner => Status::Loser,
            Status::Loser => Status::Winner,
            Status::Seki => Status::Seki,
            Status::Ko(_) | Status::Unknown => Status::Unknown,
        }
    }

    /// Whether the status is exact (not [`Status::Unknown`]).
    ///
    /// ```
    /// use go_semeai::Status;
    /// assert!(Status::Seki.is_known());
    /// assert!(!Status::Unknown.is_known());
    /// ```
    #[must_use]
    pub const fn is_known(self) -> bool {
        !matches!(self, Status::Unknown)
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Status::Winner => "winner",
            Status::Loser => "loser",
            Status::Seki => "seki",
            Status::Ko(KoKind::Good) => "ko (good)",
            Status::Ko(KoKind::Bad) => "ko (bad)",
            Status::Unknown => "unknown",
        })
    }
}

/// What the side to move should do: play a point, or pass (tenuki).
///
/// The thesis plays exactly when the status if playing differs from the
/// status if passing (§4.3.1).
///
/// ```
/// use go_semeai::BestMove;
/// let d = BestMove::Play("C3".parse()?);
/// assert_eq!(d.to_string(), "C3");
/// assert_eq!(BestMove::Pass.to_string(), "PASS");
/// assert_eq!(d.point().map(|p| p.to_string()), Some("C3".to_string()));
/// # Ok::<(), go_board::ParseVertexError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BestMove {
    /// Play this point.
    Play(Point),
    /// Pass: the race is as good without a move.
    Pass,
}

impl BestMove {
    /// The point to play, if any.
    ///
    /// ```
    /// use go_semeai::BestMove;
    /// assert_eq!(BestMove::Pass.point(), None);
    /// ```
    #[must_use]
    pub const fn point(self) -> Option<Point> {
        match self {
            BestMove::Play(p) => Some(p),
            BestMove::Pass => None,
        }
    }
}

impl fmt::Display for BestMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BestMove::Play(p) => write!(f, "{p}"),
            BestMove::Pass => f.write_str("PASS"),
        }
    }
}

/// Which part of the solver settled the root.
///
/// ```
/// use go_semeai::DecidedBy;
/// assert_eq!(DecidedBy::ClassE.to_string(), "class e");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DecidedBy {
    /// The class-0 tables (no eyes, plain liberties; Tables 4.3–4.4).
    Class0,
    /// The class-e tables (eyes; Tables 4.5–4.8).
    ClassE,
    /// A heuristic of class s (H0, H1 or H3) at the root.
    Heuristic,
    /// A capture or unconditional life already on the board.
    Settled,
    /// The search (class s).
    #[default]
    Search,
}

impl fmt::Display for DecidedBy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DecidedBy::Class0 => "class 0",
            DecidedBy::ClassE => "class e",
            DecidedBy::Heuristic => "heuristic",
            DecidedBy::Settled => "settled",
            DecidedBy::Search => "search",
        })
    }
}

/// Counters of one solve (the columns of the thesis's Appendix E).
///
/// ```
/// use go_semeai::SemeaiStats;
/// let stats = SemeaiStats::default();
/// assert_eq!(stats.nodes, 0);
/// assert_eq!(stats.heuristics, [0; 6]);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SemeaiStats {
    /// Search nodes visited, over every search of the solve (NN).
    pub nodes: u64,
    /// Calls of the evaluation function (FE).
    pub evaluations: u64,
    /// Positions the evaluation settled (class 0, class e or a heuristic).
    pub static_leaves: u64,
    /// Depth of the deepest completed iteration of the search (PB).
    pub depth: u32,
    /// Uses of the heuristics H0..H5 (H4 and H5 count pruned moves).
    pub heuristics: [u64; 6],
    /// Number of searches run (play and pass, ko variants).
    pub searches: u32,
    /// Which part of the solver settled the root.
    pub decided_by: DecidedBy,
    /// Wall-clock time.
    pub elapsed: std::time::Duration,
    /// The principal variation of the search with the first block's side
    /// to move (empty when the root was settled statically).
    pub pv: Vec<go_board::Move>,
}

/// How surely one side reaches a result: unconditionally, through a ko it
/// takes first, through a ko for which it needs the first outside threat,
/// or not at all (GNU Go's result codes 1, 2, 3 and 0).
///
/// ```
/// use go_semeai::Certainty;
/// assert_eq!(Certainty::Sure.code(), 1);
/// assert_eq!(Certainty::GoodKo.code(), 2);
/// assert_eq!(Certainty::BadKo.code(), 3);
/// assert_eq!(Certainty::No.code(), 0);
/// assert!(Certainty::GoodKo.is_possible());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Certainty {
    /// Whatever the ko threats.
    Sure,
    /// By a ko this side takes first: the opponent needs the first threat.
    GoodKo,
    /// By a ko for which this side needs the first outside threat.
    BadKo,
    /// Not at all.
    No,
    /// Not decided within the budget.
    #[default]
    Unknown,
}

/// In words: `sure`, `good ko`, `bad ko`, `no` or `unknown`.
///
/// ```
/// assert_eq!(go_semeai::Certainty::GoodKo.to_string(), "good ko");
/// ```
impl fmt::Display for Certainty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Certainty::Sure => "sure",
            Certainty::GoodKo => "good ko",
            Certainty::BadKo => "bad ko",
            Certainty::No => "no",
            Certainty::Unknown => "unknown",
        })
    }
}

impl Certainty {
    /// GNU Go's code: 1 sure, 2 good ko, 3 bad ko, 0 no (and unknown).
    ///
    /// ```
    /// use go_semeai::Certainty;
    /// assert_eq!(Certainty::Unknown.code(), 0);
    /// ```
    #[must_use]
    pub const fn code(self) -> u8 {
        match self {
            Certainty::Sure => 1,
            Certainty::GoodKo => 2,
            Certainty::BadKo => 3,
            Certainty::No | Certainty::Unknown => 0,
        }
    }

    /// Whether the result can be reached (surely or by a ko).
    ///
    /// ```
    /// use go_semeai::Certainty;
    /// assert!(!Certainty::No.is_possible());
    /// ```
    #[must_use]
    pub const fn is_possible(self) -> bool {
        matches!(self, Certainty::Sure | Certainty::GoodKo | Certainty::BadKo)
    }
}

/// The answer for a race: the statuses if the side to move plays and if it
/// passes, the decision, and counters.
///
/// ```
/// use go_board::Board;
/// use go_semeai::{BestMove, Status, solve};
///
/// // White's block A3-D5 has one liberty, C5, shared with Black's A4-C4.
/// let board = Board::from_diagram(
///     ". . . O X . . .
///      X X X O X O O O
///      O O O O X O . .
///      X X X X X O . .
///      . . . . . O . .",
/// )?;
/// let result = solve(&board, "A4".parse()?, "B3".parse()?)?;
/// assert_eq!(result.status_if_play, Status::Winner);
/// assert_eq!(result.decision, BestMove::Pass);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SemeaiResult {
    /// The status of the first block's side if it moves now.
    pub status_if_play: Status,
    /// Its status if it passes (the opponent moves first).
    pub status_if_pass: Status,
    /// Play a point or pass.
    pub decision: BestMove,
    /// Whether the first block's side, moving first, keeps its block (seki
    /// or better), and how surely.
    pub lives: Certainty,
    /// Whether it captures the other block, and how surely.
    pub kills: Certainty,
    /// Counters.
    pub stats: SemeaiStats,
}
