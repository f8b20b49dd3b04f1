//! A Go position for the search: a [`PlayoutBoard`] and komi.

use go_board::{Board, Move, NUM_INDICES, PlayoutBoard, Point};
use go_search::tactics::player_of;
use go_search::{Outcome, Player};

use crate::state::{MoveCode, State};

impl MoveCode for Move {
    const NUM_CODES: usize = NUM_INDICES;

    /// The point's dense index; 0 (never a point) for a pass.
    fn code(self) -> u32 {
        match self {
            Move::Play(p) => p.index() as u32,
            Move::Pass => 0,
        }
    }

    fn from_code(code: u32) -> Move {
        Point::from_index(code as usize).map_or(Move::Pass, Move::Play)
    }

    /// A pass is not a point: AMAF does not count it.
    fn is_amaf(self) -> bool {
        !self.is_pass()
    }
}

/// A Go position the search can explore: simple ko, suicide illegal,
/// the game ends after two passes in a row and is scored by area
/// (Tromp-Taylor) with `komi`.
///
/// The moves offered to the tree are every legal point except the
/// mover's own eyes ([`PlayoutBoard::is_eye`]), and the pass.
///
/// ```
/// use go_board::{Board, Move};
/// use go_mcts::State;
/// use go_mcts::go::GoState;
/// let state = GoState::new(&Board::new(5)?, 7.0);
/// let mut moves = Vec::new();
/// state.legal_moves(&mut moves);
/// assert_eq!(moves.len(), 26);
/// assert!(moves.contains(&Move::Pass));
/// # Ok::<(), go_board::SizeError>(())
/// ```
#[derive(Clone, Debug)]
pub struct GoState {
    board: PlayoutBoard,
    komi: f32,
    /// The stone of the move before the last (`None`: a pass, or not
    /// known); the board knows the last.
    previous: Option<Point>,
}

impl GoState {
    /// The position of `board` (stones, side to move, ko, passes).
    #[must_use]
    pub fn new(board: &Board, komi: f32) -> GoState {
        let previous = match board.moves().nth_back(1) {
            Some((_, Move::Play(p))) => Some(p),
            _ => None,
        };
        GoState {
            board: PlayoutBoard::from(board),
            komi,
            previous,
        }
    }

    /// A state on a playout board.
    ///
    /// ```
    /// use go_board::PlayoutBoard;
    /// let s = go_mcts::go::GoState::from_playout_board(PlayoutBoard::new(9)?, 7.5);
    /// assert_eq!(s.komi(), 7.5);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn from_playout_board(board: PlayoutBoard, komi: f32) -> GoState {
        GoState {
            board,
            komi,
            previous: None,
        }
    }

    /// The stone played by the move before the last, if known (`None`
    /// after a pass, and on states made from a bare playout board).
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_mcts::State;
    /// use go_mcts::go::GoState;
    /// let mut board = Board::new(9)?;
    /// board.play(Color::Black, "E5".parse()?)?;
    /// let mut state = GoState::new(&board, 7.0);
    /// assert_eq!(state.previous_move(), None);
    /// state.play(go_board::Move::Play("C3".parse()?));
    /// assert_eq!(state.previous_move(), Some("E5".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn previous_move(&self) -> Option<Point> {
        self.previous
    }

    /// The board.
    #[must_use]
    pub fn board(&self) -> &PlayoutBoard {
        &self.board
    }

    /// The board, to change.
    pub fn board_mut(&mut self) -> &mut PlayoutBoard {
        &mut self.board
    }

    /// Komi.
    #[must_use]
    pub fn komi(&self) -> f32 {
        self.komi
    }

    /// The value for Black of a final area score (Black minus White minus
    /// komi).
    #[must_use]
    pub fn black_value(score: f32) -> f32 {
        if score > 0.0 {
            1.0
        } else if score < 0.0 {
            0.0
        } else {
            0.5
        }
    }
}

impl State for GoState {
    type Move = Move;

    fn to_play(&self) -> Player {
        player_of(self.board.to_play())
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        if self.board.consecutive_passes() >= 2 {
            return;
        }
        let color = self.board.to_play();
        for p in &self.board.empty_points() {
            if !self.board.is_eye(color, p) && self.board.is_legal(color, p) {
                out.push(Move::Play(p));
            }
        }
        out.push(Move::Pass);
    }

    fn play(&mut self, mv: Move) {
        self.previous = self.board.last_move();
        match mv {
            Move::Play(p) => {
                let color = self.board.to_play();
                let played = self.board.play(color, p);
                debug_assert!(played.is_ok(), "the search plays only legal moves");
            }
            Move::Pass => self.board.pass(),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.board.consecutive_passes() < 2 {
            return None;
        }
        let score = self.board.area_score(self.komi);
        Some(if score > 0.0 {
            Outcome::Win(Player::First)
        } else if score < 0.0 {
            Outcome::Win(Player::Second)
        } else {
            Outcome::Draw
        })
    }
}
