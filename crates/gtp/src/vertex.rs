//! GTP vertices: board coordinates such as `D4`, or `pass`.
//!
//! These are protocol values, independent of any board: a [`Coord`] is
//! checked against the largest size GTP allows (25) and a board-backed
//! command checks it against its own board with [`Coord::is_on_board`].

use std::fmt;
use std::str::FromStr;

/// The largest board side GTP can address (letters `A`..`Z` without `I`).
pub const MAX_BOARD_SIZE: u8 = 25;

/// Column letters in order: `I` is skipped to avoid confusion with `J`.
const LETTERS: &[u8; MAX_BOARD_SIZE as usize] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// A point on a board of up to 25×25, by column and row counted from 0.
///
/// Column 0 is `A`, row 0 is `1`, at the bottom of the board as GTP sees it.
///
/// ```
/// use go_gtp::Coord;
///
/// let c = Coord::new(8, 2).unwrap();
/// assert_eq!(c.to_string(), "J3");
/// assert!(c.is_on_board(9));
/// assert!(!c.is_on_board(8));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coord {
    col: u8,
    row: u8,
}

impl Coord {
    /// The coordinate at `col`, `row` (from 0), if both are below 25.
    ///
    /// ```
    /// use go_gtp::Coord;
    ///
    /// assert!(Coord::new(24, 24).is_some());
    /// assert!(Coord::new(25, 0).is_none());
    /// ```
    #[must_use]
    pub const fn new(col: u8, row: u8) -> Option<Self> {
        if col < MAX_BOARD_SIZE && row < MAX_BOARD_SIZE {
            Some(Self { col, row })
        } else {
            None
        }
    }

    /// The column, from 0 (`A`).
    ///
    /// ```
    /// use go_gtp::Coord;
    ///
    /// assert_eq!("K10".parse::<Coord>().unwrap().col(), 9); // `I` is skipped
    /// ```
    #[must_use]
    pub const fn col(self) -> u8 {
        self.col
    }

    /// The row, from 0 (`1`, the bottom row).
    ///
    /// ```
    /// use go_gtp::Coord;
    ///
    /// assert_eq!("K10".parse::<Coord>().unwrap().row(), 9);
    /// ```
    #[must_use]
    pub const fn row(self) -> u8 {
        self.row
    }

    /// Whether the coordinate lies on a board of side `size`.
    ///
    /// ```
    /// use go_gtp::Coord;
    ///
    /// assert!("T19".parse::<Coord>().unwrap().is_on_board(19));
    /// assert!(!"T19".parse::<Coord>().unwrap().is_on_board(13));
    /// ```
    #[must_use]
    pub const fn is_on_board(self, size: u8) -> bool {
        self.col < size && self.row < size
    }
}

/// A GTP vertex: a board coordinate or a pass.
///
/// Parsing is case-insensitive (GTP 2, section 2.8). `Display` writes
/// coordinates in capitals and a pass as `PASS`, as GNU Go does and as the
/// peer regression suites expect.
///
/// ```
/// use go_gtp::{Coord, Vertex};
///
/// assert_eq!("pass".parse::<Vertex>(), Ok(Vertex::Pass));
/// assert_eq!("d4".parse::<Vertex>(), Ok(Vertex::Coord(Coord::new(3, 3).unwrap())));
/// assert_eq!(Vertex::Pass.to_string(), "PASS");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Vertex {
    /// A pass.
    Pass,
    /// A point on the board.
    Coord(Coord),
}

/// A word that is not a GTP vertex; carries the word.
///
/// ```
/// use go_gtp::{ParseVertexError, Vertex};
///
/// assert_eq!("I5".parse::<Vertex>(), Err(ParseVertexError("I5".into())));
/// assert!("A26".parse::<Vertex>().is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a vertex: {0:?}")]
pub struct ParseVertexError(pub String);

impl FromStr for Coord {
    type Err = ParseVertexError;

    fn from_str(word: &str) -> Result<Self, Self::Err> {
        let error = || ParseVertexError(word.to_string());
        let bytes = word.as_bytes();
        let (&letter, digits) = bytes.split_first().ok_or_else(error)?;
        let col = LETTERS
            .iter()
            .position(|&l| l == letter.to_ascii_uppercase())
            .ok_or_else(error)?;
        if digits.is_empty() || digits.len() > 2 || !digits.iter().all(u8::is_ascii_digit) {
            return Err(error());
        }
        let row = digits.iter().fold(0u8, |n, d| n * 10 + (d - b'0'));
        if row == 0 {
            return Err(error());
        }
        // `col` < 25 by construction; `new` checks the row.
        Self::new(col as u8, row - 1).ok_or_else(error)
    }
}

impl FromStr for Vertex {
    type Err = ParseVertexError;

    fn from_str(word: &str) -> Result<Self, Self::Err> {
        if word.eq_ignore_ascii_case("pass") {
            Ok(Self::Pass)
        } else {
            word.parse().map(Self::Coord)
        }
    }
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            LETTERS[usize::from(self.col)] as char,
            self.row + 1
        )
    }
}

impl fmt::Display for Vertex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Pass => f.write_str("PASS"),
            Self::Coord(c) => c.fmt(f),
        }
    }
}

impl From<Coord> for Vertex {
    fn from(c: Coord) -> Self {
        Self::Coord(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_coordinate_round_trips() {
        for col in 0..MAX_BOARD_SIZE {
            for row in 0..MAX_BOARD_SIZE {
                let c = Coord::new(col, row).unwrap();
                assert_eq!(c.to_string().parse::<Coord>(), Ok(c));
                assert_eq!(c.to_string().to_lowercase().parse::<Coord>(), Ok(c));
            }
        }
    }

    #[test]
    fn letter_i_is_skipped() {
        assert_eq!("H1".parse::<Coord>().unwrap().col(), 7);
        assert_eq!("J1".parse::<Coord>().unwrap().col(), 8);
        assert!("i1".parse::<Coord>().is_err());
    }

    #[test]
    fn malformed_vertices_are_rejected() {
        for word in [
            "", "A", "A0", "A+1", "A-1", "1A", "AA1", "A1x", "Z26", "A100", "é1", "passe",
        ] {
            assert!(word.parse::<Vertex>().is_err(), "{word:?}");
        }
    }

    #[test]
    fn z25_is_the_last_vertex() {
        assert_eq!("Z25".parse::<Coord>(), Ok(Coord::new(24, 24).unwrap()));
    }
}
