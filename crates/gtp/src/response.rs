//! The result text of a successful command.

use std::fmt;

use go_board::{Color, Move, Point};

use crate::ColoredMove;

/// What a successful command answers: its result text, possibly several
/// lines. The engine writes it after `=id `.
///
/// Build one from a string, a value with a GTP text form (booleans, numbers,
/// colours, points, vertices), or a list of lines. A pass is written `PASS`,
/// as GNU Go writes it and as the peer regression suites expect.
///
/// ```
/// use go_gtp::{Move, Response};
///
/// assert_eq!(Response::from(true).text(), "true");
/// assert_eq!(Response::from(Move::Pass).text(), "PASS");
/// assert_eq!(Response::lines(["a", "b"]).text(), "a\nb");
/// assert_eq!(Response::empty().text(), "");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Response(String);

impl Response {
    /// A response with the given text.
    ///
    /// ```
    /// use go_gtp::Response;
    ///
    /// assert_eq!(Response::new("B+7.5").text(), "B+7.5");
    /// ```
    pub fn new(text: impl Into<String>) -> Self {
        Self(text.into())
    }

    /// A response with no text (most setup commands).
    ///
    /// ```
    /// use go_gtp::Response;
    ///
    /// assert!(Response::empty().text().is_empty());
    /// ```
    #[must_use]
    pub fn empty() -> Self {
        Self(String::new())
    }

    /// One line per item.
    ///
    /// ```
    /// use go_gtp::Response;
    ///
    /// assert_eq!(Response::lines(1..=3).text(), "1\n2\n3");
    /// ```
    pub fn lines<I>(lines: I) -> Self
    where
        I: IntoIterator,
        I::Item: fmt::Display,
    {
        Self::joined(lines, "\n")
    }

    /// The items on one line separated by spaces (vertex lists).
    ///
    /// ```
    /// use go_gtp::{Point, Response};
    ///
    /// let stones = [Point::new(0, 0), Point::new(1, 1)];
    /// assert_eq!(Response::words(stones).text(), "A1 B2");
    /// ```
    pub fn words<I>(words: I) -> Self
    where
        I: IntoIterator,
        I::Item: fmt::Display,
    {
        Self::joined(words, " ")
    }

    fn joined<I>(items: I, separator: &str) -> Self
    where
        I: IntoIterator,
        I::Item: fmt::Display,
    {
        let mut text = String::new();
        for (i, item) in items.into_iter().enumerate() {
            if i > 0 {
                text.push_str(separator);
            }
            text.push_str(&item.to_string());
        }
        Self(text)
    }

    /// The text.
    ///
    /// ```
    /// use go_gtp::Response;
    ///
    /// assert_eq!(Response::from("2").text(), "2");
    /// ```
    #[must_use]
    pub fn text(&self) -> &str {
        &self.0
    }

    /// The text, consuming the response.
    ///
    /// ```
    /// use go_gtp::Response;
    ///
    /// assert_eq!(Response::from(7u32).into_text(), "7");
    /// ```
    #[must_use]
    pub fn into_text(self) -> String {
        self.0
    }
}

impl From<String> for Response {
    fn from(text: String) -> Self {
        Self(text)
    }
}

impl From<&str> for Response {
    fn from(text: &str) -> Self {
        Self(text.to_string())
    }
}

impl From<()> for Response {
    fn from((): ()) -> Self {
        Self::empty()
    }
}

macro_rules! response_from_display {
    ($($t:ty),*) => {$(
        impl From<$t> for Response {
            fn from(value: $t) -> Self {
                Self(value.to_string())
            }
        }
    )*};
}

response_from_display!(
    bool,
    u8,
    u16,
    u32,
    u64,
    usize,
    i8,
    i16,
    i32,
    i64,
    isize,
    f32,
    f64,
    Color,
    Point,
    ColoredMove
);

impl From<Move> for Response {
    fn from(mv: Move) -> Self {
        Self(vertex_text(mv))
    }
}

/// A vertex as GTP responses write it: the point, or `PASS` (GNU Go's
/// spelling; GTP reads vertices in any case).
pub(crate) fn vertex_text(mv: Move) -> String {
    match mv {
        Move::Play(point) => point.to_string(),
        Move::Pass => "PASS".to_string(),
    }
}

impl fmt::Display for Response {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}
