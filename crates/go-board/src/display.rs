//! Text diagrams: printing a board and reading one back.

use std::fmt;

use crate::board::Board;
use crate::color::Color;
use crate::error::SetupError;
use crate::geometry::{Geometry, SizeError};
use crate::point::Point;
use crate::point_set::PointSet;
use crate::rules::Rules;

const LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// The conventional star points (hoshi) of a board: the 3-3 or 4-4 points,
/// the centre on odd sizes, and the side stars on odd sizes from 15.
///
/// ```
/// use go_board::{display::star_points, Geometry};
/// assert_eq!(star_points(Geometry::square(19)?).len(), 9);
/// assert_eq!(star_points(Geometry::square(9)?).len(), 5);
/// # Ok::<(), go_board::SizeError>(())
/// ```
#[must_use]
pub fn star_points(geo: &Geometry) -> PointSet {
    let (w, h) = (geo.width(), geo.height());
    let mut set = PointSet::new();
    if w != h || w < 7 {
        return set;
    }
    let d = if w >= 13 { 3 } else { 2 };
    let far = w - 1 - d;
    let mid = w / 2;
    for (c, r) in [(d, d), (d, far), (far, d), (far, far)] {
        set.insert(Point::new(c, r));
    }
    if w % 2 == 1 {
        set.insert(Point::new(mid, mid));
        if w >= 15 {
            for (c, r) in [(mid, d), (mid, far), (d, mid), (far, mid)] {
                set.insert(Point::new(c, r));
            }
        }
    }
    set
}

/// Writes a diagram of `geo` where `cell` gives each point's character.
///
/// ```
/// use go_board::{display::write_diagram, Geometry};
/// let geo = Geometry::square(2)?;
/// let mut s = String::new();
/// write_diagram(&mut s, geo, |_| '.')?;
/// assert!(s.contains(" 2 . . 2"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_diagram(
    out: &mut impl fmt::Write,
    geo: &Geometry,
    mut cell: impl FnMut(Point) -> char,
) -> fmt::Result {
    let (w, h) = (geo.width(), geo.height());
    let header = {
        let mut s = String::from("   ");
        for &letter in &LETTERS[..w] {
            s.push(' ');
            s.push(letter as char);
        }
        s
    };
    writeln!(out, "{header}")?;
    for row in (0..h).rev() {
        write!(out, "{:>3}", row + 1)?;
        for col in 0..w {
            write!(out, " {}", cell(Point::new(col, row)))?;
        }
        writeln!(out, " {}", row + 1)?;
    }
    writeln!(out, "{header}")
}

impl fmt::Display for Board {
    /// A diagram with GTP coordinates: `X` Black, `O` White, `.` empty,
    /// `+` an empty star point.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let stars = star_points(self.geometry());
        write_diagram(f, self.geometry(), |p| match self.color_at(p) {
            Some(c) => c.diagram_char(),
            None if stars.contains(p) => '+',
            None => '.',
        })
    }
}

/// A text diagram that does not describe a board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DiagramError {
    /// No board rows were found.
    #[error("the diagram has no rows")]
    Empty,
    /// Rows of different lengths.
    #[error("row {row} has {found} points, expected {expected}")]
    RaggedRow {
        /// The row, counted from the top from 1.
        row: usize,
        /// Points in the first row.
        expected: usize,
        /// Points in this row.
        found: usize,
    },
    /// A character that is not a stone or an empty point.
    #[error("unexpected character `{0}` in diagram")]
    UnknownChar(char),
    /// The size is not supported.
    #[error(transparent)]
    Size(#[from] SizeError),
    /// A block without liberties.
    #[error(transparent)]
    Setup(#[from] SetupError),
}

fn cell_from_char(c: char) -> Result<Option<Color>, DiagramError> {
    match c {
        'X' | 'x' | '#' | '@' => Ok(Some(Color::Black)),
        'O' | 'o' => Ok(Some(Color::White)),
        '.' | '+' | ',' | '-' => Ok(None),
        other => Err(DiagramError::UnknownChar(other)),
    }
}

impl Board {
    /// Reads a position from a text diagram: rows from top to bottom, `X`
    /// (or `x`, `#`, `@`) Black, `O` (or `o`) White, `.` `+` `,` empty,
    /// with or without spaces between points. Coordinate rows and row
    /// numbers such as [`Display`](fmt::Display) prints are skipped, so a
    /// printed board reads back. Black is to move; default rules.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// let board = Board::from_diagram(
    ///     ". X O
    ///      X O .
    ///      . . .",
    /// )?;
    /// assert_eq!(board.size(), 3);
    /// assert_eq!(board.color_at("B3".parse()?), Some(Color::Black));
    /// let again = Board::from_diagram(&board.to_string())?;
    /// assert_eq!(again.position_hash(), board.position_hash());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_diagram(text: &str) -> Result<Board, DiagramError> {
        Board::from_diagram_with_rules(text, Rules::default())
    }

    /// [`Board::from_diagram`] with the given rules.
    ///
    /// ```
    /// use go_board::{Board, Rules};
    /// let board = Board::from_diagram_with_rules(". .\n. .", Rules::chinese())?;
    /// assert_eq!(board.rules().komi, 7.5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_diagram_with_rules(text: &str, rules: Rules) -> Result<Board, DiagramError> {
        let mut rows: Vec<Vec<Option<Color>>> = Vec::new();
        for line in text.lines() {
            let tokens: Vec<&str> = line.split_whitespace().collect();
            if tokens.is_empty() {
                continue;
            }
            let is_header = tokens[0] == "A"
                && tokens
                    .iter()
                    .all(|t| t.len() == 1 && t.chars().all(|c| c.is_ascii_uppercase()));
            if is_header {
                continue;
            }
            let mut row = Vec::new();
            for (i, t) in tokens.iter().enumerate() {
                let numeric = t.chars().all(|c| c.is_ascii_digit());
                if numeric && (i == 0 || i == tokens.len() - 1) {
                    continue;
                }
                for c in t.chars() {
                    row.push(cell_from_char(c)?);
                }
            }
            if !row.is_empty() {
                rows.push(row);
            }
        }
        let height = rows.len();
        if height == 0 {
            return Err(DiagramError::Empty);
        }
        let width = rows[0].len();
        for (i, r) in rows.iter().enumerate() {
            if r.len() != width {
                return Err(DiagramError::RaggedRow {
                    row: i + 1,
                    expected: width,
                    found: r.len(),
                });
            }
        }
        let geo = Geometry::new(width, height)?;
        let mut board = Board::with_geometry(geo, rules);
        let changes = rows.iter().enumerate().flat_map(|(i, r)| {
            r.iter()
                .enumerate()
                .filter_map(move |(col, c)| c.map(|c| (Point::new(col, height - 1 - i), Some(c))))
        });
        board.setup(changes)?;
        Ok(board)
    }
}
