//! The five patterns of the position analyzer (Huertas 2014, §2.6
//! "Mapa de patrones" and §5.3.2.5): eye, invaded eye, 2×2 square,
//! incomplete eye and double eye, matched as the thesis does — a k×k
//! window whose top-left corner is the anchor, under the four rotations,
//! each directly and with colours swapped — with exact cells (the thesis
//! has no don't-care: 1 and 0 are the two colours, 0.5 is empty), so a
//! window that leaves the board never matches.
//!
//! ```
//! use go_board::{Board, Color};
//! use go_position_analyzer::patterns::AnalyzerPattern;
//! let board = Board::from_diagram(
//!     "O O O . .
//!      O . O . .
//!      O O O . .
//!      . . . X X
//!      . . . X X",
//! )?;
//! assert_eq!(AnalyzerPattern::Eye.count(&board), 1);
//! assert_eq!(AnalyzerPattern::Square.count(&board), 1);
//! let map = AnalyzerPattern::Square.map(&board);
//! assert!(map.contains("D2".parse()?)); // the window's top-left corner
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::sync::OnceLock;

use go_board::{Color, PointSet, Position};

use go_patterns::matcher::Matcher;
use go_patterns::pattern::Pattern;
use go_patterns::symmetry::TransformSet;

/// One of the analyzer's five patterns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AnalyzerPattern {
    /// Ojo: one colour all around an empty point (3×3).
    Eye,
    /// Ojo invadido: an eye with two opposite corners of the other colour
    /// (3×3).
    InvadedEye,
    /// Cuadrado: a 2×2 block of one colour.
    Square,
    /// Ojo incompleto: the four orthogonal neighbours of an empty point,
    /// empty corners (3×3).
    IncompleteEye,
    /// Doble ojo: two eyes in a 3×5 column, two empty columns beside them
    /// (5×5, read literally: the thesis's columns D and E are empty).
    DoubleEye,
}

impl AnalyzerPattern {
    /// The five, in the thesis's (and ARFF's) order.
    pub const ALL: [AnalyzerPattern; 5] = [
        AnalyzerPattern::Eye,
        AnalyzerPattern::InvadedEye,
        AnalyzerPattern::Square,
        AnalyzerPattern::IncompleteEye,
        AnalyzerPattern::DoubleEye,
    ];

    /// The thesis's diagram (1 as `O`, 0 as `X`, 0.5 as `.`).
    ///
    /// ```
    /// use go_position_analyzer::patterns::AnalyzerPattern;
    /// assert_eq!(AnalyzerPattern::Square.diagram(), "O O\nO O");
    /// ```
    #[must_use]
    pub const fn diagram(self) -> &'static str {
        match self {
            AnalyzerPattern::Eye => "O O O\nO . O\nO O O",
            AnalyzerPattern::InvadedEye => "X O O\nO . O\nO O X",
            AnalyzerPattern::Square => "O O\nO O",
            AnalyzerPattern::IncompleteEye => ". O .\nO . O\n. O .",
            AnalyzerPattern::DoubleEye => "O O O . .\nO . O . .\nO O O . .\nO . O . .\nO O O . .",
        }
    }

    /// The pattern (top-left anchored).
    ///
    /// ```
    /// use go_patterns::Anchor;
    /// use go_position_analyzer::patterns::AnalyzerPattern;
    /// assert_eq!(AnalyzerPattern::DoubleEye.pattern().len(), 25);
    /// assert_eq!(AnalyzerPattern::Eye.pattern().anchor(), Anchor::TopLeft);
    /// ```
    #[must_use]
    pub fn pattern(self) -> Pattern {
        self.diagram()
            .parse()
            .expect("the built-in diagrams are valid")
    }

    /// The compiled matcher (rotations and colour swap), built once.
    ///
    /// ```
    /// use go_position_analyzer::patterns::AnalyzerPattern;
    /// assert_eq!(AnalyzerPattern::Eye.matcher().num_variants(), 2);
    /// assert_eq!(AnalyzerPattern::DoubleEye.matcher().num_variants(), 8);
    /// ```
    #[must_use]
    pub fn matcher(self) -> &'static Matcher {
        static MATCHERS: OnceLock<Vec<Matcher>> = OnceLock::new();
        &MATCHERS.get_or_init(|| {
            AnalyzerPattern::ALL
                .iter()
                .map(|p| Matcher::new(&p.pattern(), TransformSet::ROTATIONS_AND_SWAP))
                .collect()
        })[self as usize]
    }

    /// The anchors (top-left corners) where the pattern is found (the
    /// thesis's pattern map, 1 where present).
    ///
    /// ```
    /// use go_board::Board;
    /// use go_position_analyzer::patterns::AnalyzerPattern;
    /// let board = Board::from_diagram(". O .\nO . O\n. O .")?;
    /// assert_eq!(AnalyzerPattern::IncompleteEye.map(&board).len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn map<P: Position + ?Sized>(self, pos: &P) -> PointSet {
        // Absolute cells: the colour matched for does not matter.
        self.matcher().map(pos, Color::Black)
    }

    /// The number of anchors where the pattern is found (the thesis's
    /// `CountPatternInBoard`; with [`Eye`](AnalyzerPattern::Eye) its
    /// "eye count").
    ///
    /// ```
    /// use go_board::Board;
    /// use go_position_analyzer::patterns::AnalyzerPattern;
    /// let board = Board::new(9)?;
    /// assert_eq!(AnalyzerPattern::Eye.count(&board), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn count<P: Position + ?Sized>(self, pos: &P) -> usize {
        self.matcher().count(pos, Color::Black)
    }

    /// Whether the pattern is anywhere on the board (`ExistsPatternInBoard`).
    ///
    /// ```
    /// use go_board::Board;
    /// use go_position_analyzer::patterns::AnalyzerPattern;
    /// let board = Board::from_diagram("X X .\nX X .\n. . .")?;
    /// assert!(AnalyzerPattern::Square.exists(&board));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn exists<P: Position + ?Sized>(self, pos: &P) -> bool {
        self.matcher().exists(pos, Color::Black)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use go_board::Board;

    #[test]
    fn double_eye_is_found_in_every_rotation_and_colour() {
        let upright = Board::from_diagram(
            ". . . . . .
             . X X X . .
             . X . X . .
             . X X X . .
             . X . X . .
             . X X X . .",
        )
        .unwrap();
        // Its top-left window corner is B5.
        let map = AnalyzerPattern::DoubleEye.map(&upright);
        assert_eq!(map.iter().collect::<Vec<_>>(), ["B5".parse().unwrap()]);
        let lying = Board::from_diagram(
            ". . . . . .
             . . . . . .
             . . . . . .
             O O O O O .
             O . O . O .
             O O O O O .",
        )
        .unwrap();
        // Turned a quarter: the empty columns become the rows above.
        assert_eq!(AnalyzerPattern::DoubleEye.count(&lying), 1);
        assert!(AnalyzerPattern::Eye.count(&lying) == 2);
        assert_eq!(AnalyzerPattern::InvadedEye.count(&lying), 0);
    }

    #[test]
    fn invaded_eye_needs_opposite_corners() {
        let board = Board::from_diagram(
            ". . . . .
             . O X X .
             . X . X .
             . X X O .
             . . . . .",
        )
        .unwrap();
        assert_eq!(AnalyzerPattern::InvadedEye.count(&board), 1);
        assert_eq!(AnalyzerPattern::Eye.count(&board), 0);
    }
}
