//! GTP colours.

use std::fmt;
use std::str::FromStr;

/// A player's colour as GTP writes it.
///
/// Parsing accepts `b`, `black`, `w` and `white` in any case (GTP 2,
/// section 2.7); `Display` writes `black` or `white`.
///
/// ```
/// use go_gtp::Color;
///
/// assert_eq!("B".parse::<Color>(), Ok(Color::Black));
/// assert_eq!("White".parse::<Color>(), Ok(Color::White));
/// assert_eq!(Color::Black.opposite().to_string(), "white");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Black, who moves first.
    Black,
    /// White.
    White,
}

/// A word that is not a GTP colour; carries the word.
///
/// ```
/// use go_gtp::{Color, ParseColorError};
///
/// assert_eq!("red".parse::<Color>(), Err(ParseColorError("red".into())));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a colour: {0:?}")]
pub struct ParseColorError(pub String);

impl Color {
    /// The other colour.
    ///
    /// ```
    /// use go_gtp::Color;
    ///
    /// assert_eq!(Color::White.opposite(), Color::Black);
    /// ```
    #[must_use]
    pub const fn opposite(self) -> Self {
        match self {
            Self::Black => Self::White,
            Self::White => Self::Black,
        }
    }
}

impl FromStr for Color {
    type Err = ParseColorError;

    fn from_str(word: &str) -> Result<Self, Self::Err> {
        if word.eq_ignore_ascii_case("b") || word.eq_ignore_ascii_case("black") {
            Ok(Self::Black)
        } else if word.eq_ignore_ascii_case("w") || word.eq_ignore_ascii_case("white") {
            Ok(Self::White)
        } else {
            Err(ParseColorError(word.to_string()))
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Black => "black",
            Self::White => "white",
        })
    }
}
