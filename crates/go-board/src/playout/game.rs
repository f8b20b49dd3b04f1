//! Random playouts: the eye rule, uniform random moves, games to the end
//! and Tromp-Taylor area scoring.

use crate::color::{ByColor, Color};
use crate::point::{Move, Point};

use super::board::{BLACK, EMPTY, Node, PlayoutBoard, WHITE, cell_of, color_of_cell};
use super::kernel::{self, Turn};
use super::rng::Pcg32;
use super::{PlayoutOptions, PlayoutResult};

impl PlayoutBoard {
    /// Whether the empty point `p` is an eye of `color` that random play
    /// should not fill: its four neighbours are `color`'s stones or the
    /// edge, and it is not a false eye — in the centre at most one
    /// diagonal holds an enemy stone, on the edge or in the corner none
    /// does. (Four neighbours alone are not enough: with two kos the
    /// players would retake for ever.)
    ///
    /// ```
    /// use go_board::{Board, Color, PlayoutBoard};
    /// let board = PlayoutBoard::from(&Board::from_diagram(
    ///     ". X O .
    ///      X . X O
    ///      . X O .
    ///      . . . .",
    /// )?);
    /// assert!(board.is_eye(Color::Black, "A4".parse()?));   // corner, no enemy diagonal
    /// assert!(!board.is_eye(Color::Black, "B3".parse()?));  // C4 and C2 are White: false
    /// assert!(!board.is_eye(Color::White, "B3".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn is_eye(&self, color: Color, p: Point) -> bool {
        match self.index_of(p) {
            Some(i) if self.cells[i] == EMPTY => {
                let mask = kernel::neighbour_mask(&self.cells, self.stride, i);
                kernel::is_eye(&self.cells, self.stride, cell_of(color), i, mask)
            }
            _ => false,
        }
    }

    /// Picks a move for `own`: uniformly among the legal moves that do not
    /// fill an own eye, or `None`. Reorders the empty list.
    fn select(&mut self, own: u8, rng: &mut Pcg32) -> Option<usize> {
        let ko = (usize::from(self.ko_point), self.ko_banned);
        kernel::select(
            &self.cells,
            &mut self.nodes,
            &mut self.empties,
            self.stride,
            own,
            ko,
            rng,
        )
    }

    /// A uniformly random legal move for `color` that does not fill one of
    /// its eyes ([`is_eye`](PlayoutBoard::is_eye)), or a pass when there is
    /// none. The board's position is unchanged (only the internal order of
    /// its empty points).
    ///
    /// ```
    /// use go_board::{Color, Move, PlayoutBoard, Pcg32};
    /// let mut board = PlayoutBoard::new(9)?;
    /// let mut rng = Pcg32::new(1);
    /// let Move::Play(p) = board.random_move(Color::Black, &mut rng) else { unreachable!() };
    /// assert!(board.is_legal(Color::Black, p));
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    pub fn random_move(&mut self, color: Color, rng: &mut Pcg32) -> Move {
        match self.select(cell_of(color), rng) {
            Some(i) => Move::Play(self.layout.point(i)),
            None => Move::Pass,
        }
    }

    /// Plays a [`random_move`](PlayoutBoard::random_move) for the side to
    /// move (passing when there is none) and returns it.
    ///
    /// ```
    /// use go_board::{Color, PlayoutBoard, Pcg32};
    /// let mut board = PlayoutBoard::new(9)?;
    /// let mut rng = Pcg32::new(1);
    /// board.play_random_move(&mut rng);
    /// assert_eq!(board.to_play(), Color::White);
    /// assert_eq!(board.num_empty(), 80);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    pub fn play_random_move(&mut self, rng: &mut Pcg32) -> Move {
        let own = cell_of(self.to_play);
        match self.select(own, rng) {
            Some(i) => {
                self.place(own, i);
                Move::Play(self.layout.point(i))
            }
            None => {
                self.pass();
                Move::Pass
            }
        }
    }

    /// Plays random moves ([`play_random_move`](PlayoutBoard::play_random_move))
    /// until two passes in a row or the move cap, then scores the final
    /// position by area ([`area_score`](PlayoutBoard::area_score)).
    ///
    /// ```
    /// use go_board::{PlayoutBoard, PlayoutOptions, Pcg32};
    /// let root = PlayoutBoard::new(9)?;
    /// let mut board = root.clone();
    /// let mut rng = Pcg32::new(2024);
    /// let mut black_wins = 0;
    /// for _ in 0..100 {
    ///     board.copy_from(&root);
    ///     let result = board.playout(&mut rng, &PlayoutOptions::default());
    ///     assert!(result.num_moves > 0);
    ///     black_wins += u32::from(result.score > 0.0);
    /// }
    /// assert!(black_wins > 0 && black_wins < 100);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    pub fn playout(&mut self, rng: &mut Pcg32, options: &PlayoutOptions) -> PlayoutResult {
        self.playout_with(rng, options, &mut |_| {})
    }

    /// A [`playout`](PlayoutBoard::playout) that also appends every move it
    /// plays, passes included, to `moves` (for AMAF statistics; the
    /// colours alternate from the side to move at the start).
    ///
    /// ```
    /// use go_board::{Move, PlayoutBoard, PlayoutOptions, Pcg32};
    /// let mut board = PlayoutBoard::new(9)?;
    /// let mut moves = Vec::new();
    /// let result = board.playout_recording(&mut Pcg32::new(4), &PlayoutOptions::default(), &mut moves);
    /// assert_eq!(moves.len(), result.num_moves);
    /// assert_eq!(moves[moves.len() - 2..], [Move::Pass, Move::Pass]);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    pub fn playout_recording(
        &mut self,
        rng: &mut Pcg32,
        options: &PlayoutOptions,
        moves: &mut Vec<Move>,
    ) -> PlayoutResult {
        let layout = self.layout;
        self.playout_with(rng, options, &mut |i| {
            moves.push(if i == 0 {
                Move::Pass
            } else {
                Move::Play(layout.point(i))
            });
        })
    }

    #[inline(always)]
    fn playout_with(
        &mut self,
        rng: &mut Pcg32,
        options: &PlayoutOptions,
        record: &mut impl FnMut(usize),
    ) -> PlayoutResult {
        let cap = options.max_moves.unwrap_or(3 * self.layout.points.len());
        let mut turn = Turn {
            own: cell_of(self.to_play),
            ko_point: self.ko_point,
            ko_banned: self.ko_banned,
            passes: self.passes,
            captures: [0, self.captures[Color::Black], self.captures[Color::White]],
            last: self.last,
        };
        // The common sizes get code with the stride and array lengths as
        // constants (no bounds checks, immediate offsets); 9×9 playouts run
        // about 10% faster.
        let sized = match self.stride {
            10 => self.run_sized::<10, 111>(&mut turn, rng, cap, record),
            14 => self.run_sized::<14, 211>(&mut turn, rng, cap, record),
            20 => self.run_sized::<20, 421>(&mut turn, rng, cap, record),
            _ => None,
        };
        let num_moves = sized.unwrap_or_else(|| {
            kernel::run(
                &mut self.cells,
                &mut self.nodes,
                &mut self.empties,
                self.stride,
                &mut turn,
                rng,
                cap,
                record,
            )
        });
        self.to_play = color_of_cell(turn.own).unwrap_or(Color::Black);
        self.ko_point = turn.ko_point;
        self.ko_banned = turn.ko_banned;
        self.passes = turn.passes;
        self.captures = ByColor::new(turn.captures[1], turn.captures[2]);
        self.num_moves += num_moves as u32;
        self.last = turn.last;
        PlayoutResult {
            score: self.area_score(options.komi),
            num_moves,
            reached_move_cap: self.passes < 2,
        }
    }

    /// [`kernel::run`] with the stride `S` and array length `N` known at
    /// compile time; `None` when the board's arrays are not `N` long.
    #[inline(always)]
    fn run_sized<const S: usize, const N: usize>(
        &mut self,
        turn: &mut Turn,
        rng: &mut Pcg32,
        cap: usize,
        record: &mut impl FnMut(usize),
    ) -> Option<usize> {
        let cells: &mut [u8; N] = self.cells.as_mut_slice().try_into().ok()?;
        let nodes: &mut [Node; N] = self.nodes.as_mut_slice().try_into().ok()?;
        Some(kernel::run(
            cells,
            nodes,
            &mut self.empties,
            S,
            turn,
            rng,
            cap,
            record,
        ))
    }

    /// Tromp-Taylor area counts: each colour's stones plus the empty points
    /// from which only that colour's stones can be reached.
    ///
    /// ```
    /// use go_board::{Board, Color, PlayoutBoard};
    /// let board = PlayoutBoard::from(&Board::from_diagram(
    ///     ". X O .
    ///      . X O .
    ///      . X O .
    ///      . X O O",
    /// )?);
    /// let area = board.area_counts();
    /// assert_eq!((area[Color::Black], area[Color::White]), (8, 8));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn area_counts(&self) -> ByColor<u32> {
        let reach = self.area_reach();
        let mut counts = [0u32; 4];
        for &i in &self.layout.points {
            let i = usize::from(i);
            let c = self.cells[i];
            if c != EMPTY {
                counts[usize::from(c)] += 1;
            }
        }
        for &i in &self.empties {
            counts[owner(u32::from(reach[usize::from(i)]))] += 1;
        }
        ByColor::new(counts[usize::from(BLACK)], counts[usize::from(WHITE)])
    }

    /// The Tromp-Taylor score from Black's side: Black's area minus
    /// White's area minus `komi`. Positive means Black wins.
    ///
    /// ```
    /// use go_board::PlayoutBoard;
    /// assert_eq!(PlayoutBoard::new(9)?.area_score(7.5), -7.5);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn area_score(&self, komi: f32) -> f32 {
        let area = self.area_counts();
        area[Color::Black] as f32 - area[Color::White] as f32 - komi
    }
}

/// The cell code owning an empty region whose boundary has the codes in
/// `reach` (`1 << code`): Black or White alone, else EMPTY (no one).
#[inline]
fn owner(reach: u32) -> usize {
    let stones = reach & ((1 << BLACK) | (1 << WHITE));
    if stones == 1 << BLACK {
        usize::from(BLACK)
    } else if stones == 1 << WHITE {
        usize::from(WHITE)
    } else {
        usize::from(EMPTY)
    }
}

#[cfg(test)]
mod tests {
    use crate::{Board, Color, PlayoutBoard, Point};

    fn board(diagram: &str) -> PlayoutBoard {
        PlayoutBoard::from(&Board::from_diagram(diagram).unwrap())
    }

    fn pt(s: &str) -> Point {
        s.parse().unwrap()
    }

    #[test]
    fn a_centre_eye_survives_one_enemy_diagonal() {
        let b = board(
            ". . . . .
             . O X . .
             . X . X .
             . . X . .
             . . . . .",
        );
        assert!(b.is_eye(Color::Black, pt("C3")));
        assert!(!b.is_eye(Color::White, pt("C3")));
    }

    #[test]
    fn two_enemy_diagonals_make_a_centre_eye_false() {
        let b = board(
            ". . . . .
             . O X . .
             . X . X .
             . . X O .
             . . . . .",
        );
        assert!(!b.is_eye(Color::Black, pt("C3")));
    }

    #[test]
    fn one_enemy_diagonal_makes_an_edge_eye_false() {
        let b = board(
            ". . . . .
             . . . . .
             . . . . .
             . X . O .
             X . X . .",
        );
        // B1: neighbours A1, C1, B2 Black; diagonals A2 empty, C2 empty.
        assert!(b.is_eye(Color::Black, pt("B1")));
        let b = board(
            ". . . . .
             . . . . .
             . . . . .
             O X . . .
             X . X . .",
        );
        // A2 White on the diagonal of the edge point B1.
        assert!(!b.is_eye(Color::Black, pt("B1")));
    }

    #[test]
    fn an_enemy_diagonal_makes_a_corner_eye_false() {
        let clean = board(
            ". . . .
             . . . .
             O O . .
             . O . .",
        );
        assert!(clean.is_eye(Color::White, pt("A1")));
        let spoiled = board(
            ". . . .
             . . . .
             O X . .
             . O . .",
        );
        assert!(!spoiled.is_eye(Color::White, pt("A1")));
        assert!(!spoiled.is_eye(Color::Black, pt("A1")));
    }

    #[test]
    fn points_with_an_empty_or_enemy_neighbour_are_not_eyes() {
        let b = board(
            ". X . .
             X . X .
             . O . .
             . . . .",
        );
        assert!(!b.is_eye(Color::Black, pt("B3")));
        assert!(!b.is_eye(Color::Black, pt("A1")));
        assert!(!b.is_eye(Color::Black, pt("B4"))); // occupied
        assert!(!b.is_eye(Color::Black, pt("Z25"))); // off the board
    }

    #[test]
    fn both_sides_pass_when_only_eyes_and_suicides_are_left() {
        let mut b = board(
            ". X . X .
             X X X X X
             O O O O O
             . O . O .
             O . O . O",
        );
        let mut rng = crate::Pcg32::new(3);
        assert_eq!(b.random_move(Color::Black, &mut rng), crate::Move::Pass);
        assert_eq!(b.random_move(Color::White, &mut rng), crate::Move::Pass);
        let result = b.playout(&mut rng, &crate::PlayoutOptions::default());
        assert_eq!(result.num_moves, 2);
        assert_eq!(result.score, 10.0 - 15.0 - 7.5);
    }
}
