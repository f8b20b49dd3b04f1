//! Playout policies: the [`Playout`] trait, the move [`Record`] that feeds
//! AMAF statistics, and [`RandomPlayout`] for any [`State`].

use go_search::{Outcome, Player};

use crate::rng::{Pcg32, Rng};
use crate::state::{MoveCode, State};

/// The moves of one simulation, tree part and playout part, in order:
/// the search reads it to update AMAF (RAVE) statistics.
///
/// ```
/// use go_mcts::{Player, Record};
/// let mut record = Record::default();
/// record.push(Player::First, 42u8);
/// assert_eq!(record.len(), 1);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Record {
    /// Per move: code << 1 | player index.
    entries: Vec<u32>,
}

impl Record {
    /// Appends a move by `player` (moves that are not
    /// [`is_amaf`](MoveCode::is_amaf) keep their place but are not
    /// counted).
    #[inline]
    pub fn push<M: MoveCode>(&mut self, player: Player, mv: M) {
        if mv.is_amaf() {
            self.entries.push(mv.code() << 1 | player.index() as u32);
        } else {
            self.entries.push(u32::MAX);
        }
    }

    /// Appends a move that AMAF should not count (a pass: it is not
    /// "the same move" at another time); it still takes a place in the
    /// order.
    #[inline]
    pub fn push_unrecorded(&mut self) {
        self.entries.push(u32::MAX);
    }

    /// Number of moves.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there are none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub(crate) fn clear(&mut self) {
        self.entries.clear();
    }

    pub(crate) fn entries(&self) -> &[u32] {
        &self.entries
    }
}

/// A playout policy: plays a position to the end and says who won.
///
/// `Worker` is per-thread scratch and statistics (buffers, counts of who
/// owned each point, …); [`finish`](Playout::finish) receives every
/// worker when a search ends, to merge what they gathered. `Rng` is the
/// random-number generator the policy draws from: the search seeds one
/// per thread.
pub trait Playout<S: State>: Send + Sync {
    /// Per-thread data.
    type Worker: Send;

    /// The random-number generator: [`Pcg32`], go-board's, unless the
    /// policy needs another.
    type Rng: Rng;

    /// A worker for a search from `root`.
    fn worker(&self, root: &S) -> Self::Worker;

    /// Plays `state` to the end, appending every move to `record`, and
    /// returns the result for [`Player::First`]: 1 a win, 0 a loss, 0.5
    /// a draw (values in between are allowed).
    fn playout(
        &self,
        worker: &mut Self::Worker,
        state: &mut S,
        rng: &mut Self::Rng,
        record: &mut Record,
    ) -> f32;

    /// Sees every finished simulation after its backup: the tree, the
    /// path of nodes it went through (root first) and the final position
    /// of the playout (default: nothing). This is the hook for per-node
    /// statistics kept outside the compact nodes — ownership or influence
    /// maps per node, say — in storage indexed by
    /// [`Tree::claim_extension`](crate::Tree::claim_extension).
    fn observe(
        &self,
        worker: &mut Self::Worker,
        tree: &crate::Tree,
        path: &[crate::NodeId],
        end: &S,
    ) {
        let _ = (worker, tree, path, end);
    }

    /// Receives the workers when a search ends (default: drops them).
    fn finish(&self, workers: Vec<Self::Worker>) {
        drop(workers);
    }
}

/// The value of an outcome for [`Player::First`].
///
/// ```
/// use go_mcts::{Outcome, Player};
/// assert_eq!(go_mcts::first_player_value(Outcome::Draw), 0.5);
/// assert_eq!(go_mcts::first_player_value(Outcome::Win(Player::Second)), 0.0);
/// ```
#[must_use]
pub fn first_player_value(outcome: Outcome) -> f32 {
    match outcome {
        Outcome::Win(Player::First) => 1.0,
        Outcome::Win(Player::Second) => 0.0,
        Outcome::Draw => 0.5,
    }
}

/// Uniformly random legal moves until the game ends (or a move cap,
/// scored as a draw): the textbook playout, for any [`State`].
///
/// ```
/// use go_mcts::{Adapted, Pcg32, Playout, RandomPlayout, Record, Rng};
/// use go_search::toys::Pile;
///
/// let policy = RandomPlayout::default();
/// let mut state = Adapted(Pile::new(7));
/// let mut worker = Playout::<Adapted<Pile>>::worker(&policy, &state);
/// let mut record = Record::default();
/// let v = policy.playout(&mut worker, &mut state, &mut Pcg32::seeded(1), &mut record);
/// assert!(v == 0.0 || v == 1.0);
/// assert!(!record.is_empty());
/// ```
#[derive(Copy, Clone, Debug)]
pub struct RandomPlayout {
    /// Most moves a playout plays before it is called a draw.
    pub max_moves: usize,
}

impl Default for RandomPlayout {
    /// At most 10,000 moves.
    fn default() -> RandomPlayout {
        RandomPlayout { max_moves: 10_000 }
    }
}

impl<S: State> Playout<S> for RandomPlayout {
    type Worker = Vec<S::Move>;
    type Rng = Pcg32;

    fn worker(&self, _root: &S) -> Vec<S::Move> {
        Vec::new()
    }

    fn playout(
        &self,
        moves: &mut Vec<S::Move>,
        state: &mut S,
        rng: &mut Pcg32,
        record: &mut Record,
    ) -> f32 {
        for _ in 0..self.max_moves {
            if let Some(o) = state.outcome() {
                return first_player_value(o);
            }
            moves.clear();
            state.legal_moves(moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len() as u32) as usize];
            record.push(state.to_play(), mv);
            state.play(mv);
        }
        state.outcome().map_or(0.5, first_player_value)
    }
}
