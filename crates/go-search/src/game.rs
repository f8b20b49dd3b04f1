//! What a searchable game can do: [`Player`], [`Outcome`] and the [`Game`] trait.

use core::fmt::Debug;
use core::hash::Hash;

use crate::Value;

/// One of the two players. For Go, the convention is `First` = Black.
///
/// ```
/// use go_search::Player;
/// assert_eq!(Player::First.opponent(), Player::Second);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// The player who moves first in a fresh game (Black in Go).
    First,
    /// The other player (White in Go).
    Second,
}

/// `first` or `second`.
///
/// ```
/// assert_eq!(go_search::Player::Second.to_string(), "second");
/// ```
impl core::fmt::Display for Player {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Player::First => "first",
            Player::Second => "second",
        })
    }
}

impl Player {
    /// The other player.
    ///
    /// ```
    /// use go_search::Player;
    /// assert_eq!(Player::Second.opponent(), Player::First);
    /// ```
    #[must_use]
    pub const fn opponent(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }

    /// 0 for `First`, 1 for `Second`: an index for per-player tables.
    ///
    /// ```
    /// use go_search::Player;
    /// assert_eq!(Player::Second.index(), 1);
    /// ```
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Player::First => 0,
            Player::Second => 1,
        }
    }
}

/// The absolute result of a finished game (not relative to the side to move; see [`Value`]).
///
/// ```
/// use go_search::{Outcome, Player, Value};
/// let o = Outcome::Win(Player::First);
/// assert_eq!(o.winner(), Some(Player::First));
/// assert_eq!(o.value_for(Player::Second), Value::LOSS);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// This player has won.
    Win(Player),
    /// Nobody has won (a draw, or seki in a local Go fight).
    Draw,
}

/// `first wins`, `second wins` or `draw`.
///
/// ```
/// use go_search::{Outcome, Player};
/// assert_eq!(Outcome::Win(Player::First).to_string(), "first wins");
/// assert_eq!(Outcome::Draw.to_string(), "draw");
/// ```
impl core::fmt::Display for Outcome {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Outcome::Win(p) => write!(f, "{p} wins"),
            Outcome::Draw => f.write_str("draw"),
        }
    }
}

impl Outcome {
    /// The winner, if any.
    ///
    /// ```
    /// use go_search::Outcome;
    /// assert_eq!(Outcome::Draw.winner(), None);
    /// ```
    #[must_use]
    pub const fn winner(self) -> Option<Player> {
        match self {
            Outcome::Win(p) => Some(p),
            Outcome::Draw => None,
        }
    }

    /// The outcome seen by `player`: [`Value::WIN`], [`Value::DRAW`] or [`Value::LOSS`].
    ///
    /// ```
    /// use go_search::{Outcome, Player, Value};
    /// assert_eq!(Outcome::Win(Player::Second).value_for(Player::Second), Value::WIN);
    /// ```
    #[must_use]
    pub fn value_for(self, player: Player) -> Value {
        match self {
            Outcome::Win(p) if p == player => Value::WIN,
            Outcome::Win(_) => Value::LOSS,
            Outcome::Draw => Value::DRAW,
        }
    }
}

/// A game the engines can search: mutate in place with [`play`](Game::play), then
/// [`undo`](Game::undo).
///
/// Rules the engines rely on:
/// - [`hash`](Game::hash) identifies everything that decides the legal moves and the
///   outcome, including the side to move and rule state such as a ko point or a
///   consecutive-pass count. Equal hashes are treated as equal positions.
/// - [`generate`](Game::generate) may yield candidates that [`play`](Game::play) then
///   rejects; a rejected move leaves the game unchanged.
/// - A position with no playable move and no [`outcome`](Game::outcome) is a loss for the
///   side to move.
/// - History-dependent rules (superko, draws by repetition) are left to the engines: a
///   move that recreates a position already on the current line from the search root ends
///   the line with [`repetition_outcome`](Game::repetition_outcome), which must be the same
///   for every position (the engines' transposition tables rely on that).
///
/// Turns need not alternate: the engines read [`to_play`](Game::to_play) at every node.
///
/// ```
/// use go_search::{Game, Outcome, Player};
///
/// /// Take 1 or 2 from a pile; whoever cannot move loses.
/// struct Pile { stones: u32, to_play: Player, taken: Vec<u32> }
///
/// impl Game for Pile {
///     type Move = u32;
///     fn to_play(&self) -> Player { self.to_play }
///     fn generate(&self, out: &mut Vec<u32>) { out.extend((1..=2).filter(|&k| k <= self.stones)); }
///     fn play(&mut self, k: u32) -> bool {
///         if k > self.stones { return false; }
///         self.stones -= k; self.taken.push(k); self.to_play = self.to_play.opponent();
///         true
///     }
///     fn undo(&mut self) {
///         if let Some(k) = self.taken.pop() { self.stones += k; self.to_play = self.to_play.opponent(); }
///     }
///     fn hash(&self) -> u64 { u64::from(self.stones) * 2 + self.to_play.index() as u64 }
///     fn outcome(&self) -> Option<Outcome> {
///         (self.stones == 0).then(|| Outcome::Win(self.to_play.opponent()))
///     }
/// }
///
/// let mut pile = Pile { stones: 4, to_play: Player::First, taken: vec![] };
/// assert!(pile.play(1));
/// assert_eq!(pile.to_play(), Player::Second);
/// pile.undo();
/// assert_eq!(pile.stones, 4);
/// ```
pub trait Game {
    /// A move. Moves of both players live in one type; [`Gts`](crate::Gts) compares them
    /// across players (a Go point is the same location whoever plays it).
    type Move: Copy + Eq + Hash + Debug;

    /// The side to move.
    fn to_play(&self) -> Player;

    /// Appends candidate moves for the side to move to `out`, best first if the game knows.
    fn generate(&self, out: &mut Vec<Self::Move>);

    /// Plays `mv` and returns `true`, or returns `false` and leaves the game unchanged.
    #[must_use]
    fn play(&mut self, mv: Self::Move) -> bool;

    /// Takes back the last move that [`play`](Game::play) accepted.
    fn undo(&mut self);

    /// A hash of the position (see the trait docs for what it must cover).
    fn hash(&self) -> u64;

    /// `Some` when the game is over here.
    fn outcome(&self) -> Option<Outcome>;

    /// The pass move, if the game has one. Used by null-move pruning in
    /// [`AlphaBeta`](crate::AlphaBeta) and by threat verification in [`Gts`](crate::Gts).
    fn pass_move(&self) -> Option<Self::Move> {
        None
    }

    /// How a line ends when it repeats a position (default: a draw). Must not depend on the
    /// position.
    fn repetition_outcome(&self) -> Outcome {
        Outcome::Draw
    }

    /// How many times so far the rules consulted a side condition that callers may vary
    /// between searches of the same position, such as the ko threats each side may
    /// spend in the capture game: when a position's outcome, or whether a move may be
    /// played, depends on it. A count that only grows ([`undo`](Game::undo) included).
    /// [`Dfpn`](crate::Dfpn) marks a result that leaned on a move or position where the
    /// count grew ([`ProofResult::conditional`](crate::ProofResult::conditional)); a
    /// result that is not conditional holds whatever the condition. The default, 0, is
    /// for games without such conditions.
    ///
    /// ```
    /// use go_search::{Game, toys::Nim};
    /// assert_eq!(Nim::new(&[1, 2]).conditions_met(), 0);
    /// ```
    fn conditions_met(&self) -> u64 {
        0
    }

    /// The part of [`hash`](Game::hash) that the current setting of the side conditions
    /// contributes (see [`conditions_met`](Game::conditions_met)), XORed into it:
    /// `hash() ^ condition_key()` is the same for a position whatever the conditions.
    /// [`Dfpn`](crate::Dfpn) keeps solutions that leaned on no condition under that key,
    /// so that searches of the same position under other conditions (on one table, with
    /// [`solve_again`](crate::Dfpn::solve_again)) reuse them. The default, 0, is for
    /// games without such conditions.
    ///
    /// ```
    /// use go_search::{Game, toys::Nim};
    /// assert_eq!(Nim::new(&[1, 2]).condition_key(), 0);
    /// ```
    fn condition_key(&self) -> u64 {
        0
    }
}
