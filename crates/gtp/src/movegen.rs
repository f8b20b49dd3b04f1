//! The default player: uniformly random legal moves that keep own eyes.

use go_board::{Board, Color, Move, Pcg32, Point, Position};

use crate::{Decision, MoveGenerator, TimedGame};

/// Whether the empty point `p` is an eye of `color` in the usual playout
/// sense: every neighbour is a stone of `color`, and the enemy holds at
/// most one diagonal point (none on the edge or in the corner), so the eye
/// cannot be made false. Filling such a point is never useful; random
/// players that avoid it end their games.
///
/// This is go-board's one true-eye test,
/// [`Position::is_true_eye`], under its
/// old name here: call that instead.
///
/// ```
/// #![allow(deprecated)]
/// use go_gtp::{movegen::is_own_eye, Color};
/// use go_gtp::go_board::{Board, Position};
///
/// let board = Board::from_diagram(
///     ". X . .
///      X X . .
///      . . O .
///      . . . .",
/// )?;
/// assert!(is_own_eye(&board, Color::Black, "A4".parse()?));
/// assert!(board.is_true_eye(Color::Black, "A4".parse()?));
/// assert!(!is_own_eye(&board, Color::White, "A4".parse()?));
/// assert!(!is_own_eye(&board, Color::Black, "C4".parse()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[deprecated(
    since = "0.1.0",
    note = "the workspace's one true-eye test is `go_board::Position::is_true_eye`"
)]
#[must_use]
pub fn is_own_eye(board: &Board, color: Color, p: Point) -> bool {
    board.is_true_eye(color, p)
}

/// The default move generator: a uniformly random legal move that does not
/// fill one of the mover's own eyes ([`Position::is_true_eye`]); pass when there is
/// none. It never resigns.
///
/// ```
/// use go_gtp::{movegen::RandomMoves, Color, Decision, TimedGame, Move, MoveGenerator};
///
/// let mut player = RandomMoves::with_seed(42);
/// let game = TimedGame::new(9)?;
/// let Decision::Move(Move::Play(p)) = player.generate(&game, Color::Black) else {
///     panic!("an empty board has legal moves");
/// };
/// assert!(game.board().is_legal(Color::Black, p));
/// # Ok::<(), go_gtp::go_board::SizeError>(())
/// ```
#[derive(Debug, Clone)]
pub struct RandomMoves {
    rng: Pcg32,
}

impl Default for RandomMoves {
    /// Seeded with 0: the same game against the same opponent every time.
    fn default() -> Self {
        Self::with_seed(0)
    }
}

impl RandomMoves {
    /// A generator with a fixed seed (reproducible games).
    ///
    /// ```
    /// use go_gtp::{movegen::RandomMoves, Color, TimedGame, MoveGenerator};
    ///
    /// let game = TimedGame::new(19)?;
    /// let a = RandomMoves::with_seed(5).generate(&game, Color::White);
    /// let b = RandomMoves::with_seed(5).generate(&game, Color::White);
    /// assert_eq!(a, b);
    /// # Ok::<(), go_gtp::go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn with_seed(seed: u64) -> Self {
        Self {
            rng: Pcg32::new(seed),
        }
    }

    /// A generator seeded differently in every run.
    ///
    /// ```
    /// use go_gtp::movegen::RandomMoves;
    ///
    /// let _player = RandomMoves::from_entropy();
    /// ```
    #[must_use]
    pub fn from_entropy() -> Self {
        Self {
            rng: Pcg32::from_entropy(),
        }
    }

    /// The candidate moves: legal, not filling an own eye.
    fn candidates(board: &Board, color: Color) -> Vec<Point> {
        board
            .empty_points()
            .into_iter()
            .filter(|&p| !board.is_true_eye(color, p) && board.is_legal(color, p))
            .collect()
    }
}

impl MoveGenerator for RandomMoves {
    fn generate(&mut self, game: &TimedGame, color: Color) -> Decision {
        let candidates = Self::candidates(game.board(), color);
        if candidates.is_empty() {
            Decision::Move(Move::Pass)
        } else {
            // A board has at most 625 points: the count fits in u32.
            let i = self.rng.below(candidates.len() as u32) as usize;
            Decision::Move(Move::Play(candidates[i]))
        }
    }
}

#[cfg(test)]
#[allow(deprecated)]
mod tests {
    use super::*;

    #[test]
    fn edge_eye_with_an_enemy_diagonal_is_false() {
        let board = Board::from_diagram(
            ". X O .
             X X . .
             . . . .",
        )
        .unwrap();
        // A3 has one diagonal (B2), black: a real eye.
        assert!(is_own_eye(&board, Color::Black, "A3".parse().unwrap()));
        let board = Board::from_diagram(
            "X . X .
             O X . .
             . . . .",
        )
        .unwrap();
        // B3 on the edge with the enemy on A2: false.
        assert!(!is_own_eye(&board, Color::Black, "B3".parse().unwrap()));
    }

    #[test]
    fn centre_eye_tolerates_one_enemy_diagonal() {
        let board = Board::from_diagram(
            ". . . . .
             . O X . .
             . X . X .
             . . X . .
             . . . . .",
        )
        .unwrap();
        assert!(is_own_eye(&board, Color::Black, "C3".parse().unwrap()));
        let board = Board::from_diagram(
            ". . . . .
             . O X . .
             . X . X .
             . . X O .
             . . . . .",
        )
        .unwrap();
        assert!(!is_own_eye(&board, Color::Black, "C3".parse().unwrap()));
    }

    #[test]
    fn random_moves_are_uniform_over_candidates() {
        let game = TimedGame::new(3).unwrap();
        let mut player = RandomMoves::with_seed(1);
        let mut counts = std::collections::HashMap::new();
        for _ in 0..9000 {
            *counts
                .entry(player.generate(&game, Color::Black))
                .or_insert(0) += 1;
        }
        assert_eq!(counts.len(), 9);
        // Each of 9 points: 1000 expected, sd ~ 31.6; 6 sd bounds.
        assert!(
            counts.values().all(|&n| (810..=1190).contains(&n)),
            "{counts:?}"
        );
    }

    #[test]
    fn random_player_passes_when_only_eyes_are_left() {
        let board = Board::from_diagram(
            ". X .
             X X X
             . X .",
        )
        .unwrap();
        let game = TimedGame::from_board(board);
        let mut player = RandomMoves::with_seed(9);
        assert_eq!(
            player.generate(&game, Color::Black),
            Decision::Move(Move::Pass)
        );
        // White may only play where it captures nothing and is suicide:
        // every point is suicide, so White passes too.
        assert_eq!(
            player.generate(&game, Color::White),
            Decision::Move(Move::Pass)
        );
    }
}
