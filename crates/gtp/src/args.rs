//! Typed reading of command arguments.

use std::fmt;

use go_board::{Color, Move, Point};

/// A value that one argument word can hold, named for error messages.
///
/// Implemented for the GTP 2 entity types: integers, floats, strings,
/// booleans, and go-board's [`Color`], [`Point`] (a vertex that is not a
/// pass) and [`Move`] (a vertex: a point or `pass`). Other crates implement
/// it for their own argument types.
///
/// ```
/// use go_gtp::{Args, FromArg};
///
/// /// A komi in half points.
/// struct HalfPoints(i32);
///
/// impl FromArg for HalfPoints {
///     const KIND: &'static str = "komi";
///     fn from_arg(word: &str) -> Option<Self> {
///         let komi: f64 = word.parse().ok()?;
///         ((komi * 2.0).fract() == 0.0).then(|| HalfPoints((komi * 2.0) as i32))
///     }
/// }
///
/// let words = ["6.5".to_string()];
/// assert_eq!(Args::new(&words).next_as::<HalfPoints>().unwrap().0, 13);
/// ```
pub trait FromArg: Sized {
    /// What the argument is called in errors: `"vertex"`, `"integer"`, ….
    const KIND: &'static str;

    /// The value of one word, or `None` if the word is not of this kind.
    fn from_arg(word: &str) -> Option<Self>;
}

/// What is wrong with a command's arguments. Handlers turn it into the
/// spec's `syntax error` through `?` (see [`crate::GtpError::Syntax`]).
///
/// ```
/// use go_gtp::{ArgError, Args};
///
/// let words = ["Z99".to_string()];
/// let mut args = Args::new(&words);
/// assert_eq!(
///     args.next_vertex(),
///     Err(ArgError::Invalid { expected: "vertex", found: "Z99".into() })
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ArgError {
    /// An argument is missing.
    #[error("missing argument: expected {expected}")]
    Missing {
        /// The kind of argument expected.
        expected: &'static str,
    },
    /// An argument is not of the expected kind.
    #[error("expected {expected}, got {found:?}")]
    Invalid {
        /// The kind of argument expected.
        expected: &'static str,
        /// The word found instead.
        found: String,
    },
    /// There are more arguments than the command takes.
    #[error("unexpected argument {found:?}")]
    Unexpected {
        /// The first extra word.
        found: String,
    },
}

/// A move as GTP writes it: a colour and a vertex (GTP 2, section 2.9), the
/// argument of `play`. `Display` writes a pass as `PASS`, as GNU Go does.
///
/// ```
/// use go_gtp::{Color, ColoredMove, Move};
///
/// let m = ColoredMove { color: Color::White, mv: Move::Pass };
/// assert_eq!(m.to_string(), "white PASS");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ColoredMove {
    /// Who moves.
    pub color: Color,
    /// Where (or a pass).
    pub mv: Move,
}

impl fmt::Display for ColoredMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {}",
            self.color,
            crate::response::vertex_text(self.mv)
        )
    }
}

/// A reader over a command's argument words with typed `next_*` methods.
///
/// Each method consumes one word (two for [`Args::next_move`]) and fails
/// with an [`ArgError`] naming what was expected and what was found.
/// Handlers normally use `?`, which turns the error into the spec's
/// `syntax error` reply.
///
/// ```
/// use go_gtp::{Args, Color};
///
/// let words: Vec<String> = "b D4 7 extra".split(' ').map(String::from).collect();
/// let mut args = Args::new(&words);
/// assert_eq!(args.next_color(), Ok(Color::Black));
/// assert_eq!(args.next_point().unwrap().to_string(), "D4");
/// assert_eq!(args.next_int(), Ok(7));
/// assert!(args.end().is_err()); // "extra" is left over
/// ```
#[derive(Debug, Clone)]
pub struct Args<'a> {
    words: &'a [String],
    next: usize,
}

impl<'a> Args<'a> {
    /// A reader over `words`, starting at the first.
    ///
    /// ```
    /// use go_gtp::Args;
    ///
    /// assert!(Args::new(&[]).is_empty());
    /// ```
    #[must_use]
    pub fn new(words: &'a [String]) -> Self {
        Self { words, next: 0 }
    }

    /// The next argument as a `T`.
    ///
    /// # Errors
    /// [`ArgError::Missing`] if there is none, [`ArgError::Invalid`] if the
    /// word is not a `T`.
    ///
    /// ```
    /// use go_gtp::Args;
    ///
    /// let words = ["-3".to_string()];
    /// assert_eq!(Args::new(&words).next_as::<i32>(), Ok(-3));
    /// ```
    pub fn next_as<T: FromArg>(&mut self) -> Result<T, ArgError> {
        let word = self
            .words
            .get(self.next)
            .ok_or(ArgError::Missing { expected: T::KIND })?;
        let value = T::from_arg(word).ok_or_else(|| ArgError::Invalid {
            expected: T::KIND,
            found: word.clone(),
        })?;
        self.next += 1;
        Ok(value)
    }

    /// The next argument as a `T` if there is one (for optional trailing
    /// arguments such as `loadsgf FILE [N]`).
    ///
    /// # Errors
    /// [`ArgError::Invalid`] if there is a word and it is not a `T`.
    ///
    /// ```
    /// use go_gtp::Args;
    ///
    /// let words = ["game.sgf".to_string()];
    /// let mut args = Args::new(&words);
    /// assert_eq!(args.next_string(), Ok("game.sgf"));
    /// assert_eq!(args.next_opt::<u32>(), Ok(None));
    /// ```
    pub fn next_opt<T: FromArg>(&mut self) -> Result<Option<T>, ArgError> {
        if self.is_empty() {
            Ok(None)
        } else {
            self.next_as().map(Some)
        }
    }

    /// The next argument as a GTP `int`: an unsigned integer.
    ///
    /// # Errors
    /// As [`Args::next_as`].
    ///
    /// ```
    /// use go_gtp::Args;
    ///
    /// let words = ["19".to_string(), "-1".to_string()];
    /// let mut args = Args::new(&words);
    /// assert_eq!(args.next_int(), Ok(19));
    /// assert!(args.next_int().is_err());
    /// ```
    pub fn next_int(&mut self) -> Result<u32, ArgError> {
        self.next_as()
    }

    /// The next argument as a GTP `float` (finite).
    ///
    /// # Errors
    /// As [`Args::next_as`].
    ///
    /// ```
    /// use go_gtp::Args;
    ///
    /// let words = ["6.5".to_string(), "inf".to_string()];
    /// let mut args = Args::new(&words);
    /// assert_eq!(args.next_float(), Ok(6.5));
    /// assert!(args.next_float().is_err());
    /// ```
    pub fn next_float(&mut self) -> Result<f64, ArgError> {
        self.next_as()
    }

    /// The next argument as a string (any word).
    ///
    /// # Errors
    /// [`ArgError::Missing`] if there is none.
    ///
    /// ```
    /// use go_gtp::Args;
    ///
    /// let words = ["games/x.sgf".to_string()];
    /// assert_eq!(Args::new(&words).next_string(), Ok("games/x.sgf"));
    /// ```
    pub fn next_string(&mut self) -> Result<&'a str, ArgError> {
        let word = self
            .words
            .get(self.next)
            .ok_or(ArgError::Missing { expected: "string" })?;
        self.next += 1;
        Ok(word)
    }

    /// The next argument as a GTP `boolean`: `true` or `false`.
    ///
    /// # Errors
    /// As [`Args::next_as`].
    ///
    /// ```
    /// use go_gtp::Args;
    ///
    /// let words = ["false".to_string()];
    /// assert_eq!(Args::new(&words).next_bool(), Ok(false));
    /// ```
    pub fn next_bool(&mut self) -> Result<bool, ArgError> {
        self.next_as()
    }

    /// The next argument as a colour.
    ///
    /// # Errors
    /// As [`Args::next_as`].
    ///
    /// ```
    /// use go_gtp::{Args, Color};
    ///
    /// let words = ["W".to_string()];
    /// assert_eq!(Args::new(&words).next_color(), Ok(Color::White));
    /// ```
    pub fn next_color(&mut self) -> Result<Color, ArgError> {
        self.next_as()
    }

    /// The next argument as a vertex: a point or `pass`.
    ///
    /// # Errors
    /// As [`Args::next_as`].
    ///
    /// ```
    /// use go_gtp::{Args, Move};
    ///
    /// let words = ["PASS".to_string()];
    /// assert_eq!(Args::new(&words).next_vertex(), Ok(Move::Pass));
    /// ```
    pub fn next_vertex(&mut self) -> Result<Move, ArgError> {
        self.next_as()
    }

    /// The next argument as a point: a vertex that is not a pass. Whether it
    /// lies on the board is for the command to check.
    ///
    /// # Errors
    /// As [`Args::next_as`].
    ///
    /// ```
    /// use go_gtp::{Args, Point};
    ///
    /// let words = ["t19".to_string(), "pass".to_string()];
    /// let mut args = Args::new(&words);
    /// assert_eq!(args.next_point(), Ok(Point::new(18, 18)));
    /// assert!(args.next_point().is_err());
    /// ```
    pub fn next_point(&mut self) -> Result<Point, ArgError> {
        self.next_as()
    }

    /// The next two arguments as a move: a colour and a vertex.
    ///
    /// # Errors
    /// As [`Args::next_as`], for either word; nothing is consumed on error.
    ///
    /// ```
    /// use go_gtp::{Args, Color, Move, Point};
    ///
    /// let words = ["black".to_string(), "Q16".to_string()];
    /// let m = Args::new(&words).next_move().unwrap();
    /// assert_eq!((m.color, m.mv), (Color::Black, Move::Play(Point::new(15, 15))));
    /// ```
    pub fn next_move(&mut self) -> Result<ColoredMove, ArgError> {
        let start = self.next;
        let parsed = self.next_color().and_then(|color| {
            Ok(ColoredMove {
                color,
                mv: self.next_vertex()?,
            })
        });
        if parsed.is_err() {
            self.next = start;
        }
        parsed
    }

    /// All remaining words, consuming them.
    ///
    /// ```
    /// use go_gtp::Args;
    ///
    /// let words: Vec<String> = ["A1", "B2"].map(String::from).to_vec();
    /// assert_eq!(Args::new(&words).rest(), ["A1", "B2"]);
    /// ```
    pub fn rest(&mut self) -> &'a [String] {
        let rest = &self.words[self.next.min(self.words.len())..];
        self.next = self.words.len();
        rest
    }

    /// How many words are left.
    ///
    /// ```
    /// use go_gtp::Args;
    ///
    /// let words = ["x".to_string()];
    /// assert_eq!(Args::new(&words).remaining(), 1);
    /// ```
    #[must_use]
    pub fn remaining(&self) -> usize {
        self.words.len().saturating_sub(self.next)
    }

    /// Whether every word has been read.
    ///
    /// ```
    /// use go_gtp::Args;
    ///
    /// assert!(Args::new(&[]).is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.remaining() == 0
    }

    /// Checks that every word has been read, for commands that reject extra
    /// arguments (GTP 2 leaves this to the engine; the standard commands
    /// ignore extras, as GNU Go does).
    ///
    /// # Errors
    /// [`ArgError::Unexpected`] with the first unread word.
    ///
    /// ```
    /// use go_gtp::Args;
    ///
    /// assert!(Args::new(&[]).end().is_ok());
    /// ```
    pub fn end(&self) -> Result<(), ArgError> {
        match self.words.get(self.next) {
            None => Ok(()),
            Some(word) => Err(ArgError::Unexpected {
                found: word.clone(),
            }),
        }
    }
}

macro_rules! unsigned_from_arg {
    ($($t:ty),*) => {$(
        impl FromArg for $t {
            const KIND: &'static str = "integer";
            fn from_arg(word: &str) -> Option<Self> {
                // Digits only: `str::parse` would also take a leading `+`.
                if word.bytes().all(|b| b.is_ascii_digit()) { word.parse().ok() } else { None }
            }
        }
    )*};
}

macro_rules! signed_from_arg {
    ($($t:ty),*) => {$(
        impl FromArg for $t {
            const KIND: &'static str = "integer";
            fn from_arg(word: &str) -> Option<Self> {
                let digits = word.strip_prefix('-').unwrap_or(word);
                if digits.bytes().all(|b| b.is_ascii_digit()) { word.parse().ok() } else { None }
            }
        }
    )*};
}

unsigned_from_arg!(u8, u16, u32, u64, usize);
signed_from_arg!(i8, i16, i32, i64, isize);

macro_rules! float_from_arg {
    ($($t:ty),*) => {$(
        impl FromArg for $t {
            const KIND: &'static str = "float";
            fn from_arg(word: &str) -> Option<Self> {
                word.parse::<$t>().ok().filter(|x| x.is_finite())
            }
        }
    )*};
}

float_from_arg!(f32, f64);

impl FromArg for String {
    const KIND: &'static str = "string";
    fn from_arg(word: &str) -> Option<Self> {
        Some(word.to_string())
    }
}

impl FromArg for bool {
    const KIND: &'static str = "boolean";
    fn from_arg(word: &str) -> Option<Self> {
        match word {
            "true" => Some(true),
            "false" => Some(false),
            _ => None,
        }
    }
}

impl FromArg for Color {
    const KIND: &'static str = "color";
    fn from_arg(word: &str) -> Option<Self> {
        word.parse().ok()
    }
}

impl FromArg for Point {
    const KIND: &'static str = "vertex";
    fn from_arg(word: &str) -> Option<Self> {
        // go-board's parser trims; an argument word never has spaces anyway.
        word.parse().ok()
    }
}

impl FromArg for Move {
    const KIND: &'static str = "vertex";
    fn from_arg(word: &str) -> Option<Self> {
        word.parse().ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<String> {
        line.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn failed_read_consumes_nothing() {
        let w = words("x 5");
        let mut args = Args::new(&w);
        assert!(args.next_int().is_err());
        assert_eq!(args.next_string(), Ok("x"));
        assert_eq!(args.next_int(), Ok(5));
        assert_eq!(
            args.next_int(),
            Err(ArgError::Missing {
                expected: "integer"
            })
        );
    }

    #[test]
    fn failed_move_rewinds_both_words() {
        let w = words("black Z99");
        let mut args = Args::new(&w);
        assert!(args.next_move().is_err());
        assert_eq!(args.remaining(), 2);
    }

    #[test]
    fn integers_reject_signs_and_overflow() {
        assert_eq!(u32::from_arg("+5"), None);
        assert_eq!(u32::from_arg("4294967296"), None);
        assert_eq!(i32::from_arg("-0"), Some(0));
        assert_eq!(i32::from_arg("--1"), None);
        assert_eq!(u32::from_arg(""), None);
    }

    #[test]
    fn vertices_follow_gtp() {
        assert_eq!(Move::from_arg("pass"), Some(Move::Pass));
        assert_eq!(Move::from_arg("j1"), Some(Move::Play(Point::new(8, 0))));
        for bad in ["I5", "A0", "A26", "Z99", "", "passe", "A+1"] {
            assert_eq!(Move::from_arg(bad), None, "{bad:?}");
        }
        assert_eq!(Point::from_arg("pass"), None);
        assert_eq!(Point::from_arg("Z25"), Some(Point::new(24, 24)));
    }

    #[test]
    fn floats_must_be_finite() {
        for word in ["nan", "inf", "-infinity", "1e999"] {
            assert_eq!(f64::from_arg(word), None, "{word}");
        }
        assert_eq!(f64::from_arg("-0.5"), Some(-0.5));
    }
}
