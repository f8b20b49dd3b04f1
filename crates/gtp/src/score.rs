//! Counting a finished position in which every stone is alive.

use std::fmt;

use go_board::{Board, ByColor, Color, PointSet, Scoring};

/// The result of counting a position where every stone on the board is
/// taken as alive (the players have removed the dead ones, as at the end
/// of a game played out under area rules): each empty region bordered by
/// one colour only is that colour's; area scoring adds the stones,
/// territory scoring the prisoners; White adds the komi.
///
/// `Display` writes the result as GNU Go's `final_score` does: `B+3.5`,
/// `W+0.5`, or `0` for a draw.
///
/// ```
/// use go_gtp::{go_board::{Board, Rules}, score::Count};
///
/// let board = Board::from_diagram_with_rules(
///     ". X O .
///      . X O .",
///     Rules::chinese().with_komi(0.5),
/// )?;
/// let count = Count::new(&board);
/// assert_eq!((count.black, count.white), (4.0, 4.5));
/// assert_eq!(count.to_string(), "W+0.5");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Count {
    /// Black's points.
    pub black: f32,
    /// White's points, komi included.
    pub white: f32,
    /// The empty points each colour surrounds alone.
    pub territory: ByColor<u32>,
}

impl Count {
    /// Counts `board` under its own rules (area or territory scoring, its
    /// komi).
    ///
    /// ```
    /// use go_gtp::{go_board::Board, score::Count};
    ///
    /// // Territory scoring (the default): 2 points each, komi 6.5.
    /// let board = Board::from_diagram(". X O .\n. X O .")?;
    /// assert_eq!(Count::new(&board).to_string(), "W+6.5");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn new(board: &Board) -> Self {
        let geo = board.geometry();
        let mut territory = ByColor::<u32>::default();
        let mut empty = board.empty_points();
        while let Some(p) = empty.first() {
            let region: PointSet = empty.component(p, geo);
            empty -= region;
            let border = region.border(geo);
            let touches = |c: Color| border.intersects(board.stones_of(c));
            match (touches(Color::Black), touches(Color::White)) {
                (true, false) => territory[Color::Black] += region.len() as u32,
                (false, true) => territory[Color::White] += region.len() as u32,
                _ => {}
            }
        }
        let points = |c: Color| {
            let extra = match board.rules().scoring {
                Scoring::Area => board.stones_of(c).len() as u32,
                Scoring::Territory => board.captures(c),
            };
            (territory[c] + extra) as f32
        };
        Self {
            black: points(Color::Black),
            white: points(Color::White) + board.rules().komi,
            territory,
        }
    }

    /// Black's points minus White's.
    ///
    /// ```
    /// use go_gtp::{go_board::Board, score::Count};
    ///
    /// assert_eq!(Count::new(&Board::new(9)?).margin(), -6.5);
    /// # Ok::<(), go_gtp::go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn margin(&self) -> f32 {
        self.black - self.white
    }

    /// The winner, `None` for a draw.
    ///
    /// ```
    /// use go_gtp::{go_board::Board, score::Count, Color};
    ///
    /// assert_eq!(Count::new(&Board::new(9)?).winner(), Some(Color::White));
    /// # Ok::<(), go_gtp::go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn winner(&self) -> Option<Color> {
        let margin = self.margin();
        if margin > 0.0 {
            Some(Color::Black)
        } else if margin < 0.0 {
            Some(Color::White)
        } else {
            None
        }
    }
}

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let margin = self.margin();
        match self.winner() {
            None => f.write_str("0"),
            Some(Color::Black) => write!(f, "B+{:.1}", margin),
            Some(Color::White) => write!(f, "W+{:.1}", -margin),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use go_board::Rules;

    #[test]
    fn dame_between_colours_counts_for_nobody() {
        let board = Board::from_diagram_with_rules(
            "X . O
             X . O
             X . O",
            Rules::chinese().with_komi(0.0),
        )
        .unwrap();
        let count = Count::new(&board);
        assert_eq!(count.territory, ByColor::default());
        assert_eq!(count.to_string(), "0");
    }

    #[test]
    fn territory_scoring_counts_prisoners() {
        let mut board = Board::from_diagram(
            ". X .
             X O X
             . . .",
        )
        .unwrap();
        board.set_rules(Rules::japanese().with_komi(0.0));
        board.play(Color::Black, "B1".parse().unwrap()).unwrap();
        // Black: the 5 empty points around its 4 stones and one prisoner.
        assert_eq!(Count::new(&board).to_string(), "B+6.0");
    }
}
