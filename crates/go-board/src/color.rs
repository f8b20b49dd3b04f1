//! The two players' colours and per-colour storage.

use std::fmt;
use std::ops::{Index, IndexMut};
use std::str::FromStr;

/// A player's colour: Black or White.
///
/// ```
/// use go_board::Color;
/// assert_eq!(Color::Black.opposite(), Color::White);
/// assert_eq!("w".parse::<Color>(), Ok(Color::White));
/// assert_eq!(Color::Black.to_string(), "black");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Color {
    /// The player who moves first in an even game.
    Black,
    /// The player who receives komi.
    White,
}

impl Color {
    /// Both colours, Black first.
    ///
    /// ```
    /// use go_board::Color;
    /// assert_eq!(Color::ALL.len(), 2);
    /// ```
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    /// The other colour.
    ///
    /// ```
    /// use go_board::Color;
    /// assert_eq!(Color::White.opposite(), Color::Black);
    /// ```
    #[must_use]
    #[inline]
    pub const fn opposite(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// A dense index: Black 0, White 1.
    ///
    /// ```
    /// use go_board::Color;
    /// assert_eq!(Color::White.index(), 1);
    /// ```
    #[must_use]
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The letter used in SGF properties (`B`, `W`).
    ///
    /// ```
    /// use go_board::Color;
    /// assert_eq!(Color::White.sgf_letter(), 'W');
    /// ```
    #[must_use]
    pub const fn sgf_letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }

    /// The character used in text diagrams (`X` Black, `O` White).
    ///
    /// ```
    /// use go_board::Color;
    /// assert_eq!(Color::Black.diagram_char(), 'X');
    /// ```
    #[must_use]
    pub const fn diagram_char(self) -> char {
        match self {
            Color::Black => 'X',
            Color::White => 'O',
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "black",
            Color::White => "white",
        })
    }
}

/// The error of parsing a [`Color`] from text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid color `{0}` (expected b, black, w or white)")]
pub struct ParseColorError(pub String);

impl FromStr for Color {
    type Err = ParseColorError;

    /// Parses `b`, `black`, `w`, `white` in any case, as GTP does.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "b" | "black" => Ok(Color::Black),
            "w" | "white" => Ok(Color::White),
            _ => Err(ParseColorError(s.to_string())),
        }
    }
}

/// One value per colour, indexed by [`Color`].
///
/// ```
/// use go_board::{ByColor, Color};
/// let mut captures = ByColor::new(0, 0);
/// captures[Color::White] += 3;
/// assert_eq!(captures[Color::White], 3);
/// assert_eq!(captures[Color::Black], 0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ByColor<T> {
    black: T,
    white: T,
}

impl<T> ByColor<T> {
    /// Builds from the Black and the White value.
    ///
    /// ```
    /// use go_board::{ByColor, Color};
    /// let names = ByColor::new("Honinbo", "Shusaku");
    /// assert_eq!(names[Color::Black], "Honinbo");
    /// ```
    pub const fn new(black: T, white: T) -> Self {
        ByColor { black, white }
    }

    /// Builds by calling `f` for each colour.
    ///
    /// ```
    /// use go_board::{ByColor, Color};
    /// let v = ByColor::from_fn(|c| c.index() * 10);
    /// assert_eq!(v[Color::White], 10);
    /// ```
    pub fn from_fn(mut f: impl FnMut(Color) -> T) -> Self {
        ByColor {
            black: f(Color::Black),
            white: f(Color::White),
        }
    }

    /// Applies `f` to both values.
    ///
    /// ```
    /// use go_board::{ByColor, Color};
    /// let doubled = ByColor::new(1, 2).map(|x| x * 2);
    /// assert_eq!(doubled[Color::White], 4);
    /// ```
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByColor<U> {
        ByColor {
            black: f(self.black),
            white: f(self.white),
        }
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;
    #[inline]
    fn index(&self, c: Color) -> &T {
        match c {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    #[inline]
    fn index_mut(&mut self, c: Color) -> &mut T {
        match c {
            Color::Black => &mut self.black,
            Color::White => &mut self.white,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_gtp_colors_case_insensitively() {
        for s in ["b", "B", "black", "BLACK", "Black"] {
            assert_eq!(s.parse::<Color>(), Ok(Color::Black));
        }
        for s in ["w", "W", "white", "WHITE"] {
            assert_eq!(s.parse::<Color>(), Ok(Color::White));
        }
        assert!("x".parse::<Color>().is_err());
        assert!("".parse::<Color>().is_err());
    }
}
