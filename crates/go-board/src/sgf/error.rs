//! What can go wrong reading or replaying an SGF file.

use std::fmt;
use std::path::PathBuf;

use crate::color::Color;
use crate::error::{PlayError, SetupError};
use crate::point::Point;

/// Why SGF text could not be read, or a record not replayed.
///
/// Every variant names the offending value. Loading never panics: any text
/// gives either a record or one of these.
///
/// ```
/// use go_board::sgf::{GameRecord, SgfError};
/// let err = GameRecord::parse("(;GM[1]SZ[30])").unwrap_err();
/// assert!(matches!(err, SgfError::UnsupportedSize { width: 30, height: 30 }));
/// assert_eq!(err.to_string(), "unsupported board size SZ[30:30] (sides must be 2 to 25)");
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SgfError {
    /// The text holds no game tree (no `(` followed by `;`), for example an
    /// empty file.
    #[error("no SGF game tree found (expected `(;`)")]
    NoGameTree,
    /// The text is not well-formed SGF.
    #[error("SGF syntax error at line {line}, column {column}: {problem}")]
    Syntax {
        /// Line of the problem, from 1.
        line: usize,
        /// Column (in characters) of the problem, from 1.
        column: usize,
        /// What is wrong there.
        problem: SyntaxProblem,
    },
    /// `sgf-parse` refused the text (it reports no position).
    #[error("SGF parse error: {0}")]
    Parse(String),
    /// [`GameRecord::parse_strict`](super::GameRecord::parse_strict): the
    /// file reads only with this repair.
    #[error("the SGF needs a repair: {0}")]
    NeedsRepair(super::Repair),
    /// The game type `GM` is not 1 (Go).
    #[error("not a Go game: GM[{0}]")]
    NotGo(String),
    /// The board size `SZ` is outside 2..=25.
    #[error("unsupported board size SZ[{width}:{height}] (sides must be 2 to 25)")]
    UnsupportedSize {
        /// The requested width.
        width: u32,
        /// The requested height.
        height: u32,
    },
    /// A point value that is malformed or off the board.
    #[error("bad point `{value}` in {property}")]
    BadPoint {
        /// The property identifier (`B`, `AB`, ...).
        property: String,
        /// The offending value.
        value: String,
    },
    /// A property value that cannot be read.
    #[error("bad value `{value}` for {property}")]
    BadProperty {
        /// The property identifier.
        property: String,
        /// The offending value.
        value: String,
    },
    /// The handicap `HA` is negative or exceeds the board's points minus one
    /// (GNU Go refuses such files too).
    #[error("handicap HA[{handicap}] does not fit a {width}x{height} board")]
    BadHandicap {
        /// The handicap.
        handicap: i64,
        /// Board width.
        width: usize,
        /// Board height.
        height: usize,
    },
    /// A move (`B` or `W`) of the file lies off the board. (`tt` on boards
    /// up to 19×19 is a pass, as in FF\[3\], and not an error.)
    #[error("move {number} ({color} [{value}]) is off the {width}x{height} board")]
    OffBoardMove {
        /// The move's number in the main line, from 1.
        number: u32,
        /// The mover.
        color: Color,
        /// The value as written.
        value: String,
        /// Board width.
        width: usize,
        /// Board height.
        height: usize,
    },
    /// A point of a record built in code lies off its board.
    #[error("{0} is off the board")]
    OffBoard(Point),
    /// Setup stones (`AB`/`AW`/`AE`) leave a block without liberties.
    #[error("setup after {moves_played} moves: {source}")]
    Setup {
        /// Moves replayed before this setup.
        moves_played: u32,
        /// The board's refusal.
        source: SetupError,
    },
    /// A move of the record that its rules forbid: on an occupied point,
    /// suicide, a ko recapture or a superko repetition (see
    /// [`GameRecord::position`](super::GameRecord::position)).
    #[error("move {number} ({color} {point}) cannot be played: {source}")]
    IllegalMove {
        /// The move's number, from 1.
        number: u32,
        /// The mover.
        color: Color,
        /// The point.
        point: Point,
        /// The board's refusal.
        source: PlayError,
    },
    /// The path is not a regular file (a directory, a device such as
    /// `/dev/zero`, a FIFO, a socket): it is refused before reading.
    #[error("cannot read {}: not a regular file", path.display())]
    NotAFile {
        /// The path.
        path: PathBuf,
    },
    /// The file is larger than [`MAX_FILE_SIZE`](super::MAX_FILE_SIZE).
    #[error("cannot read {}: larger than {limit} bytes", path.display())]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// The limit in bytes.
        limit: u64,
    },
    /// The file could not be read.
    #[error("cannot read {}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The operating system's error.
        source: std::io::Error,
    },
}

/// What is wrong at the place a [`SgfError::Syntax`] points to.
///
/// ```
/// use go_board::sgf::{GameRecord, SgfError, SyntaxProblem};
/// match GameRecord::parse("(;GM[1]\nB[aa") {
///     Err(SgfError::Syntax { line, column, problem }) => {
///         assert_eq!((line, column), (2, 2));
///         assert_eq!(problem, SyntaxProblem::UnterminatedValue("B".into()));
///     }
///     other => panic!("{other:?}"),
/// }
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SyntaxProblem {
    /// A character that cannot start anything here.
    UnexpectedChar(char),
    /// `(` not followed by a node `;`.
    TreeWithoutNode,
    /// A property between `)` and `(`, outside any node.
    PropertyOutsideNode(String),
    /// A property identifier without a `[value]`.
    MissingValue(String),
    /// A `[value` of this property that never closes.
    UnterminatedValue(String),
}

impl fmt::Display for SyntaxProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SyntaxProblem::UnexpectedChar(c) => write!(f, "unexpected character {c:?}"),
            SyntaxProblem::TreeWithoutNode => {
                f.write_str("game tree without a node (`(` not followed by `;`)")
            }
            SyntaxProblem::PropertyOutsideNode(p) => write!(f, "property {p} outside a node"),
            SyntaxProblem::MissingValue(p) => write!(f, "property {p} has no [value]"),
            SyntaxProblem::UnterminatedValue(p) => {
                write!(f, "value of {p} never closes (missing `]`)")
            }
        }
    }
}
