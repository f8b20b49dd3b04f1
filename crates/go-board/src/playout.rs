//! Fast Monte-Carlo playouts: a lean board without undo history, uniform
//! random moves that spare true eyes, and area scoring.
//!
//! [`PlayoutBoard`] plays by the same rules as the search
//! [`Board`](crate::Board) (captures, simple ko, suicide illegal) on compact
//! arrays: blocks keep pseudo-liberties with an exact atari test, empty
//! points live in a list, and nothing allocates while a game runs. Build
//! one from a `Board` (`PlayoutBoard::from(&board)`), restart from a root
//! with [`copy_from`](PlayoutBoard::copy_from), and drive it with your own
//! [`Pcg32`].
//!
//! ```
//! use go_board::{Board, Color, PlayoutBoard, PlayoutOptions, Pcg32};
//!
//! let board = Board::new(9)?;
//! let root = PlayoutBoard::from(&board);
//! let mut scratch = root.clone();
//! let mut rng = Pcg32::new(7);
//! let options = PlayoutOptions::default().with_komi(7.5);
//! let mut black_wins = 0;
//! for _ in 0..1000 {
//!     scratch.copy_from(&root);
//!     let result = scratch.playout(&mut rng, &options);
//!     if result.winner() == Some(Color::Black) {
//!         black_wins += 1;
//!     }
//! }
//! println!("Black wins {:.1}%", black_wins as f64 / 10.0);
//! # Ok::<(), go_board::SizeError>(())
//! ```
//!
//! Submodules: `board` (stones, blocks, legality), `game` (the eye rule,
//! random moves, playouts, scoring), `tactics` (local queries for heavy
//! policies: last move, 3×3 codes, ataris, liberties after a move), `convert` (to and from
//! [`Board`](crate::Board)), `layout` (compact arrays), `rng` ([`Pcg32`]).

mod board;
mod convert;
mod game;
mod kernel;
mod layout;
mod rng;
mod tactics;

pub use board::PlayoutBoard;
pub use rng::{Pcg32, SplitMix64};

use crate::color::Color;

/// How to run a [`playout`](PlayoutBoard::playout).
///
/// ```
/// use go_board::PlayoutOptions;
/// let options = PlayoutOptions::default().with_max_moves(Some(100));
/// assert_eq!(options.komi, 7.5);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct PlayoutOptions {
    /// Points given to White in the final area count.
    pub komi: f32,
    /// The most moves (passes included) a playout may play; `None` means
    /// three times the number of points.
    pub max_moves: Option<usize>,
}

impl Default for PlayoutOptions {
    /// Komi 7.5 (area scoring), a cap of three moves per point.
    fn default() -> PlayoutOptions {
        PlayoutOptions {
            komi: 7.5,
            max_moves: None,
        }
    }
}

impl PlayoutOptions {
    /// Sets [`komi`](Self::komi).
    ///
    /// ```
    /// use go_board::PlayoutOptions;
    /// assert_eq!(PlayoutOptions::default().with_komi(0.5).komi, 0.5);
    /// ```
    #[must_use]
    pub fn with_komi(mut self, komi: f32) -> PlayoutOptions {
        self.komi = komi;
        self
    }

    /// Sets [`max_moves`](Self::max_moves).
    ///
    /// ```
    /// use go_board::PlayoutOptions;
    /// let options = PlayoutOptions::default().with_max_moves(Some(50));
    /// assert_eq!(options.max_moves, Some(50));
    /// ```
    #[must_use]
    pub fn with_max_moves(mut self, max_moves: Option<usize>) -> PlayoutOptions {
        self.max_moves = max_moves;
        self
    }
}

/// How a playout ended.
///
/// ```
/// use go_board::{Color, PlayoutBoard, PlayoutOptions, Pcg32};
/// let mut board = PlayoutBoard::new(9)?;
/// let result = board.playout(&mut Pcg32::new(3), &PlayoutOptions::default());
/// assert_eq!(result.winner(), Some(if result.score > 0.0 { Color::Black } else { Color::White }));
/// assert!(!result.reached_move_cap);
/// # Ok::<(), go_board::SizeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayoutResult {
    /// Black's area minus White's area minus komi (Tromp-Taylor).
    pub score: f32,
    /// Moves played, passes included.
    pub num_moves: usize,
    /// Whether the game stopped at the move cap rather than at two passes.
    pub reached_move_cap: bool,
}

impl PlayoutResult {
    /// The winner, or `None` for a draw (only possible with integer komi).
    ///
    /// ```
    /// use go_board::{Color, PlayoutResult};
    /// let r = PlayoutResult { score: -0.5, num_moves: 100, reached_move_cap: false };
    /// assert_eq!(r.winner(), Some(Color::White));
    /// ```
    #[must_use]
    pub fn winner(&self) -> Option<Color> {
        if self.score > 0.0 {
            Some(Color::Black)
        } else if self.score < 0.0 {
            Some(Color::White)
        } else {
            None
        }
    }
}
