//! What a game must offer the search: [`State`], moves with dense codes
//! ([`MoveCode`]), and an adapter for go-search's [`Game`].

use core::fmt::Debug;

use go_search::{Game, Outcome, Player};

/// A move with a dense numeric code, so that a compact tree node can store
/// it in 32 bits and AMAF (RAVE) statistics can index tables by it.
///
/// Codes must be below [`NUM_CODES`](MoveCode::NUM_CODES) and
/// `from_code(m.code()) == m`. Two moves with the same code are "the same
/// move" for AMAF: a Go point is the same whoever plays it and whenever.
///
/// ```
/// use go_mcts::MoveCode;
/// assert_eq!(u8::from_code(7u8.code()), 7);
/// assert!(usize::from(200u8) < u8::NUM_CODES);
/// ```
pub trait MoveCode: Copy + Eq + Debug + Send + Sync + 'static {
    /// One more than the largest code.
    const NUM_CODES: usize;
    /// The code of this move.
    fn code(self) -> u32;
    /// The move with this code.
    fn from_code(code: u32) -> Self;
    /// Whether AMAF statistics treat this move as "the same move" whenever
    /// it is played (default true; a pass is not).
    fn is_amaf(self) -> bool {
        true
    }
}

impl MoveCode for u8 {
    const NUM_CODES: usize = 256;
    fn code(self) -> u32 {
        u32::from(self)
    }
    fn from_code(code: u32) -> u8 {
        code as u8
    }
}

impl MoveCode for u16 {
    const NUM_CODES: usize = 1 << 16;
    fn code(self) -> u32 {
        u32::from(self)
    }
    fn from_code(code: u32) -> u16 {
        code as u16
    }
}

/// The largest code a search can record, plus one: the AMAF record packs a
/// code and a player into 32 bits and keeps `u32::MAX` for "not counted".
const WIDE_CODES: usize = (1 << 31) - 1;

/// Moves that are plain numbers (go-search's [`Pile`](go_search::toys::Pile)
/// takes a `u32`): codes below 2³¹ − 1. The search's AMAF scratch grows
/// with the largest code played, so keep them small and dense.
///
/// ```
/// use go_mcts::MoveCode;
/// assert_eq!(u32::from_code(12u32.code()), 12);
/// ```
impl MoveCode for u32 {
    const NUM_CODES: usize = WIDE_CODES;
    fn code(self) -> u32 {
        debug_assert!((self as usize) < Self::NUM_CODES, "move {self} has no code");
        self
    }
    fn from_code(code: u32) -> u32 {
        code
    }
}

/// Moves that are indices, as for `u32`: codes below 2³¹ − 1.
///
/// ```
/// use go_mcts::MoveCode;
/// assert_eq!(usize::from_code(3usize.code()), 3);
/// ```
impl MoveCode for usize {
    const NUM_CODES: usize = WIDE_CODES;
    fn code(self) -> u32 {
        debug_assert!(self < Self::NUM_CODES, "move {self} has no code");
        self as u32
    }
    fn from_code(code: u32) -> usize {
        code as usize
    }
}

/// A position the Monte-Carlo search can explore: who moves, the legal
/// moves, playing one (forward only: the search copies the root state at
/// every descent), and the result of a finished game.
///
/// ```
/// use go_mcts::{Adapted, Outcome, Player, State};
/// use go_search::toys::Pile;
///
/// let mut pile = Adapted(Pile::new(2));
/// let mut moves = Vec::new();
/// pile.legal_moves(&mut moves);
/// assert_eq!(moves, [1, 2]);
/// pile.play(2);
/// assert_eq!(pile.outcome(), Some(Outcome::Win(Player::First)));
/// ```
pub trait State: Clone + Send + Sync {
    /// A move.
    type Move: MoveCode;

    /// The side to move.
    fn to_play(&self) -> Player;

    /// Appends the moves the search may try here. Empty exactly when the
    /// game is over ([`outcome`](State::outcome) is `Some`).
    fn legal_moves(&self, out: &mut Vec<Self::Move>);

    /// Plays a move that [`legal_moves`](State::legal_moves) offered.
    fn play(&mut self, mv: Self::Move);

    /// `Some` when the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// One more than the largest [`MoveCode`] of a move in this game (by
    /// default the move type's bound; a Go board of one size may say
    /// less). The search sizes its per-thread AMAF scratch from it, up to
    /// a few thousand codes, and grows it if larger codes are played.
    fn num_move_codes(&self) -> usize {
        Self::Move::NUM_CODES
    }
}

/// Any cloneable [`go_search::Game`] as a [`State`]: candidates that the
/// game rejects are filtered out, and a position without a playable move
/// and without an outcome is a loss for the side to move, as go-search's
/// engines read it.
///
/// ```
/// use go_mcts::{Adapted, State};
/// use go_search::toys::TicTacToe;
///
/// let game = Adapted(TicTacToe::new());
/// let mut moves = Vec::new();
/// game.legal_moves(&mut moves);
/// assert_eq!(moves.len(), 9);
/// ```
#[derive(Clone, Debug)]
pub struct Adapted<G>(pub G);

impl<G> State for Adapted<G>
where
    G: Game + Clone + Send + Sync,
    G::Move: MoveCode,
{
    type Move = G::Move;

    fn to_play(&self) -> Player {
        self.0.to_play()
    }

    fn legal_moves(&self, out: &mut Vec<G::Move>) {
        if self.0.outcome().is_some() {
            return;
        }
        let mut candidates = Vec::new();
        self.0.generate(&mut candidates);
        let mut probe = self.0.clone();
        for mv in candidates {
            if !out.contains(&mv) && probe.play(mv) {
                probe.undo();
                out.push(mv);
            }
        }
    }

    fn play(&mut self, mv: G::Move) {
        let played = self.0.play(mv);
        debug_assert!(played, "the search plays only legal moves");
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some(o) = self.0.outcome() {
            return Some(o);
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves
            .is_empty()
            .then(|| Outcome::Win(self.0.to_play().opponent()))
    }
}
