//! The Go player: positions for the search ([`GoState`]), light and heavy
//! playouts with ownership statistics ([`GoPlayout`]), priors hand-written
//! or learned ([`GoExpander`], [`LearnedPriors`]), 3×3 shape patterns, and the move generator with time
//! control, resign and pass policies ([`GoPlayer`]).

mod patterns;
mod player;
mod playout;
mod priors;
mod state;

pub use patterns::matches_pattern;
pub use player::{DEFAULT_EVALUATION_MIX, Decision, GoPlayer, PlayerOptions};

/// The Go player's old name, which clashed with the crate root's
/// [`Player`](crate::Player) (go-search's first or second player).
///
/// ```
/// #![allow(deprecated)]
/// use go_mcts::go::{Player, PlayerOptions};
/// let _player = Player::new(PlayerOptions::default());
/// ```
#[deprecated(since = "0.1.0", note = "renamed `GoPlayer`")]
pub type Player = GoPlayer;
pub use playout::{GoPlayout, GoWorker, LeafEvaluation, Ownership, Policy};
pub use priors::{GoExpander, GoPriors, LearnedPriors};
pub use state::GoState;
// Go's colours as go-search's players (Black is the first player): the
// one conversion every Go game on the engines shares.
pub use go_search::tactics::{color_of, player_of};
