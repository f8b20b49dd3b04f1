//! What the lenient reader mended or left out.

use std::fmt;

/// Something [`GameRecord::parse`](super::GameRecord::parse) repaired or
/// ignored to read a file, as GNU Go would; [`GameRecord::repairs`](super::GameRecord::repairs)
/// lists them and [`GameRecord::parse_strict`](super::GameRecord::parse_strict)
/// refuses a file that needs any.
///
/// ```
/// use go_board::sgf::{GameRecord, Repair};
/// let record = GameRecord::parse("(;SZ[9]KM[abc];B[ee]")?;
/// assert_eq!(
///     record.repairs(),
///     [
///         Repair::MissingParentheses(1),
///         Repair::IgnoredValue { property: "KM".into(), value: "abc".into() },
///     ]
/// );
/// assert_eq!(record.repairs()[1].to_string(), "ignored KM[abc]");
/// # Ok::<(), go_board::sgf::SgfError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Repair {
    /// The game tree ended before this many `)` closed it; they were
    /// supplied.
    MissingParentheses(usize),
    /// Text that is not a game tree, before the first one or after it, was
    /// skipped (mail headers, a truncated second game, stray characters).
    IgnoredText,
    /// A property value that could not be read was ignored: `KM` or `HA`
    /// that is not a number, `PL` that names no colour.
    IgnoredValue {
        /// The property.
        property: String,
        /// Its value as written.
        value: String,
    },
}

impl fmt::Display for Repair {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Repair::MissingParentheses(n) => write!(f, "supplied {n} missing `)`"),
            Repair::IgnoredText => f.write_str("skipped text outside the game tree"),
            Repair::IgnoredValue { property, value } => write!(f, "ignored {property}[{value}]"),
        }
    }
}
