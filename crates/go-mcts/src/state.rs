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

impl MoveCode for go_search::toys::NimMove {
    const NUM_CODES: usize = 1 << 16;
    fn code(self) -> u32 {
        u32::from(self.heap) << 8 | u32::from(self.take)
    }
    fn from_code(code: u32) -> Self {
        go_search::toys::NimMove {
            heap: (code >> 8) as u8,
            take: code as u8,
        }
    }
}

/// A position the Monte-Carlo search can explore: who moves, the legal
/// moves, playing one (forward only: the search copies the root state at
/// every descent), and the result of a finished game.
///
/// ```
/// use go_mcts::{Adapted, State};
/// use go_search::{Outcome, Player, toys::Nim};
///
/// let mut nim = Adapted(Nim::new(&[1]));
/// let mut moves = Vec::new();
/// nim.legal_moves(&mut moves);
/// nim.play(moves[0]);
/// assert_eq!(nim.outcome(), Some(Outcome::Win(Player::First)));
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
    /// less).
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
