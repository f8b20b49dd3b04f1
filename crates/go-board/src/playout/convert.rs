//! Conversions between the playout board and the search board, and the
//! from-scratch consistency check.

use crate::board::Board;
use crate::color::Color;
use crate::error::InvariantError;
use crate::rules::Rules;

use super::board::{BORDER, EMPTY, PlayoutBoard, cell_of, color_of_cell};
use super::kernel::lib_count;

impl From<&Board> for PlayoutBoard {
    /// The position of a search board: stones, side to move, ko ban,
    /// captures and consecutive passes. The playout board plays simple ko
    /// with suicide illegal whatever the board's rules.
    ///
    /// ```
    /// use go_board::{Board, Color, PlayoutBoard};
    /// let board = Board::from_diagram(
    ///     ". X .
    ///      X O X
    ///      . . .",
    /// )?;
    /// let playout = PlayoutBoard::from(&board);
    /// assert_eq!(playout.stones_of(Color::Black), *board.stones_of(Color::Black));
    /// assert!(playout.in_atari("B2".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn from(board: &Board) -> PlayoutBoard {
        let mut out = PlayoutBoard::with_geometry(board.geometry());
        for &i in &out.layout.points {
            let i = usize::from(i);
            let p = out.layout.point(i);
            out.cells[i] = board.color_at(p).map_or(EMPTY, cell_of);
        }
        out.rebuild();
        out.to_play = board.to_play();
        if let Some(ko) = board.ko() {
            out.ko_point = out.layout.index(ko.point) as u16;
            out.ko_banned = cell_of(ko.banned);
        }
        for c in Color::ALL {
            out.captures[c] = board.captures(c);
        }
        out.passes = board.consecutive_passes();
        if let Some((_, crate::point::Move::Play(p))) = board.moves().next_back() {
            if board.color_at(p).is_some() {
                out.last = out.layout.index(p) as u16;
            }
        }
        out
    }
}

impl PlayoutBoard {
    /// A search board with this position (stones and side to move) and the
    /// given rules. The ko ban, capture counts and move count are not
    /// carried over: a new `Board` starts its history at this position.
    ///
    /// ```
    /// use go_board::{Color, PlayoutBoard, Pcg32, Rules};
    /// let mut playout = PlayoutBoard::new(9)?;
    /// let mut rng = Pcg32::new(1);
    /// for _ in 0..20 {
    ///     playout.play_random_move(&mut rng);
    /// }
    /// let board = playout.to_board(Rules::chinese());
    /// assert_eq!(*board.stones_of(Color::White), playout.stones_of(Color::White));
    /// assert_eq!(board.to_play(), playout.to_play());
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn to_board(&self, rules: Rules) -> Board {
        let mut board = Board::with_geometry(self.geometry(), rules);
        let stones = self.layout.points.iter().filter_map(|&i| {
            let i = usize::from(i);
            color_of_cell(self.cells[i]).map(|c| (self.layout.point(i), Some(c)))
        });
        board
            .setup(stones)
            .expect("every block of a playout board has a liberty");
        board.set_to_play(self.to_play);
        board
    }

    /// Recomputes blocks, pseudo-liberties and the empty list from the
    /// stones and reports the first disagreement (tests call it after
    /// every move).
    ///
    /// ```
    /// use go_board::{PlayoutBoard, Pcg32};
    /// let mut board = PlayoutBoard::new(9)?;
    /// let mut rng = Pcg32::new(5);
    /// for _ in 0..50 {
    ///     board.play_random_move(&mut rng);
    /// }
    /// assert!(board.check_consistency().is_ok());
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    pub fn check_consistency(&self) -> Result<(), InvariantError> {
        let fail = |msg: String| Err(InvariantError(msg));
        let mut fresh = self.clone();
        fresh.rebuild();
        let mut on_board = vec![false; self.cells.len()];
        for &i in &self.layout.points {
            on_board[usize::from(i)] = true;
        }
        for (i, &on) in on_board.iter().enumerate() {
            if on == (self.cells[i] == BORDER) {
                return fail(format!("border cell wrong at index {i}"));
            }
        }
        let mut empties = self.empties.clone();
        let mut expected = fresh.empties.clone();
        empties.sort_unstable();
        expected.sort_unstable();
        if empties != expected {
            return fail("empty list differs from the empty points".into());
        }
        for (pos, &i) in self.empties.iter().enumerate() {
            if usize::from(self.nodes[usize::from(i)].empty_pos) != pos {
                return fail(format!("empty position of index {i} is wrong"));
            }
        }
        for &i in &self.layout.points {
            let i = usize::from(i);
            if self.cells[i] == EMPTY {
                continue;
            }
            let p = self.layout.point(i);
            let r = usize::from(self.nodes[i].root);
            let fr = usize::from(fresh.nodes[i].root);
            // Same partition into blocks: roots correspond one to one.
            let mut stones = Vec::new();
            self.for_each_stone(r, |x| stones.push(x));
            let mut expected = Vec::new();
            fresh.for_each_stone(fr, |x| expected.push(x));
            stones.sort_unstable();
            expected.sort_unstable();
            if stones != expected {
                return fail(format!("block at {p}: stone cycle differs"));
            }
            if stones.iter().any(|&x| usize::from(self.nodes[x].root) != r) {
                return fail(format!("block at {p}: stones with other roots"));
            }
            if self.nodes[r].size != fresh.nodes[fr].size {
                return fail(format!("block at {p}: size differs"));
            }
            if self.nodes[r].libs != fresh.nodes[fr].libs {
                return fail(format!("block at {p}: pseudo-liberties differ"));
            }
            if lib_count(self.nodes[r].libs) == 0 {
                return fail(format!("block at {p} has no liberties"));
            }
        }
        if self.ko_point != 0 {
            let k = usize::from(self.ko_point);
            if self.cells[k] != EMPTY || !on_board[k] {
                return fail(format!("ko point index {k} is not an empty point"));
            }
        }
        Ok(())
    }
}
