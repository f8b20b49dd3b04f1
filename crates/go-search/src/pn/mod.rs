//! Proof-number engines: [`ProofNumber`] (Allis's best-first PN search) and [`Dfpn`]
//! (Nagai's depth-first version with a transposition table, the 1+ε threshold trick and
//! repetition-safe, path-dependent entries), plus the three-valued re-search of Niu,
//! Kishimoto & Müller.
//!
//! Both engines treat a move that repeats a position of the current line as ending the line
//! with [`Goal::repetition`](crate::Goal::repetition). A result that depends on such a
//! repetition above the node is path-dependent: it is stored under the node *and* the set
//! of positions on the line (Kishimoto & Müller's fix of the graph-history-interaction
//! problem); other results go to the ordinary table and are reused everywhere.

mod dfpn;
mod numbers;
mod pns;
mod table;

pub use dfpn::{Dfpn, DfpnOptions};
pub use pns::{ProofNumber, ProofNumberOptions};

use crate::{ProofNumbers, SearchTree, Stats, StopReason, Verdict};

/// What a binary proof search found.
///
/// ```
/// use go_search::{Dfpn, DfpnOptions, Player, WinGoal, toys::Nim};
/// let result = Dfpn::new(DfpnOptions::default()).solve(&mut Nim::new(&[2, 3]), &WinGoal::new(Player::First));
/// assert!(result.is_proved());
/// assert!(result.best_move.is_some());
/// ```
#[derive(Clone, Debug)]
pub struct ProofResult<M> {
    /// `Proved`, `Disproved`, or the budget that ran out.
    pub stop: StopReason,
    /// The attacker's winning move when proved with the attacker to move; the defender's
    /// refutation when disproved with the defender to move.
    pub best_move: Option<M>,
    /// The principal variation of a solved search: both sides' moves from the root, as
    /// far as the (dis)proof goes, at most [`DfpnOptions::pv_length`] moves. Empty when
    /// the search was not solved or the root was decided before any move.
    ///
    /// [`Dfpn`] reads it from its transposition table once the search is over (see
    /// [`Dfpn::principal_variation`]): at the winner's nodes it follows a move that
    /// proves the win, at the loser's nodes the reply whose refutation cost the search
    /// the most work, the most stubborn resistance. It ends where the goal's verdict
    /// is reached (or a position repeats), or where the table no longer holds the
    /// proof. [`ProofNumber`] frees solved subtrees as it goes, so its line is
    /// [`best_move`](Self::best_move) alone.
    pub pv: Vec<M>,
    /// Proof and disproof numbers of the root when the search stopped.
    pub numbers: ProofNumbers,
    /// Whether the proof or disproof leaned on a position or move where the game
    /// consulted a side condition ([`Game::conditions_met`](crate::Game::conditions_met)),
    /// such as the capture game's ko threats. A result that is not conditional holds
    /// whatever the condition: the same tree proves it. [`Dfpn`] tracks
    /// this through its (dis)proof tree; [`ProofNumber`] counts any
    /// condition met during the search. Meaningless when the search was not solved.
    pub conditional: bool,
    /// Counters (`nodes` = expanded nodes).
    pub stats: Stats,
    /// The explored tree, if it was recorded.
    pub tree: Option<SearchTree<M>>,
}

impl<M> ProofResult<M> {
    /// The goal is proved.
    ///
    /// ```
    /// # use go_search::{Dfpn, DfpnOptions, Player, WinGoal, toys::Nim};
    /// # let r = Dfpn::new(DfpnOptions::default()).solve(&mut Nim::new(&[1]), &WinGoal::new(Player::First));
    /// assert!(r.is_proved());
    /// ```
    #[must_use]
    pub fn is_proved(&self) -> bool {
        self.stop == StopReason::Proved
    }

    /// The goal is disproved.
    ///
    /// ```
    /// # use go_search::{Dfpn, DfpnOptions, Player, WinGoal, toys::Nim};
    /// # let r = Dfpn::new(DfpnOptions::default()).solve(&mut Nim::new(&[1, 1]), &WinGoal::new(Player::First));
    /// assert!(r.is_disproved());
    /// ```
    #[must_use]
    pub fn is_disproved(&self) -> bool {
        self.stop == StopReason::Disproved
    }
}

/// What a three-valued search ([`Dfpn::solve_three_valued`]) found.
///
/// ```
/// use go_search::{Dfpn, DfpnOptions, Player, Verdict, WinGoal, toys::TicTacToe};
/// let mut dfpn = Dfpn::new(DfpnOptions::default());
/// let r = dfpn.solve_three_valued(&mut TicTacToe::new(), &WinGoal::new(Player::First));
/// assert_eq!(r.value, Some(Verdict::Draw));
/// ```
#[derive(Clone, Debug)]
pub struct ThreeValuedResult<M> {
    /// `Proved` (attacker wins), `Disproved` (attacker loses), `Draw` (seki), or `None`
    /// if a budget ran out.
    pub value: Option<Verdict>,
    /// A move for the side to move that achieves `value`.
    pub best_move: Option<M>,
    /// The principal variation behind `value` (see [`ProofResult::pv`]), starting with
    /// [`best_move`](Self::best_move) when there is one, read from the search that
    /// settled it. For a draw that is the re-search, where draws count for the
    /// attacker: the line shows the attacker holding at least the draw, and the
    /// defender's replies along it are those that cost that search most, which may
    /// lose where another would draw. Empty when `value` is `None`.
    pub pv: Vec<M>,
    /// `Proved`, `Disproved`, `Drawn`, or the budget that ran out.
    pub stop: StopReason,
    /// Counters of the first search (draws count against the attacker).
    pub first: Stats,
    /// Counters of the re-search (draws count for the attacker), if it ran.
    pub second: Stats,
}
