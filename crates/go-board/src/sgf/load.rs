//! Replaying a record to a position, with GNU Go's `loadsgf` semantics.

use std::fmt;
use std::path::Path;
use std::str::FromStr;

use super::error::SgfError;
use super::handicap::fixed_handicap;
use super::record::{GameEvent, GameRecord};
use crate::board::Board;
use crate::color::Color;
use crate::point::{Move, Point};
use crate::point_set::PointSet;

/// How far to replay a record — the optional argument of GTP `loadsgf`.
///
/// ```
/// use go_board::{sgf::Until, Move};
/// assert_eq!("".parse::<Until>()?, Until::End);
/// assert_eq!("12".parse::<Until>()?, Until::BeforeMove(12));
/// assert_eq!("D4".parse::<Until>()?, Until::FirstMoveAt(Move::Play("D4".parse()?)));
/// assert_eq!("pass".parse::<Until>()?, Until::FirstMoveAt(Move::Pass));
/// assert!("0".parse::<Until>().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Until {
    /// The whole main line.
    #[default]
    End,
    /// Up to but not including move `n`, counting moves (passes included)
    /// from 1 in the order played; 0 and 1 both stop before the first move.
    BeforeMove(u32),
    /// Up to but not including the first move at this point (or the first
    /// pass).
    FirstMoveAt(Move),
}

/// Text that is not a `loadsgf` limit.
///
/// ```
/// use go_board::sgf::{ParseUntilError, Until};
/// assert_eq!("Z99".parse::<Until>(), Err(ParseUntilError("Z99".into())));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid loadsgf limit `{0}` (expected a move number from 1, a vertex or pass)")]
pub struct ParseUntilError(pub String);

impl FromStr for Until {
    type Err = ParseUntilError;

    /// Parses GTP `loadsgf`'s second argument: empty for [`Until::End`], a
    /// move number from 1, or a vertex / `pass`. GNU Go reads `0` as a
    /// vertex it cannot parse, which happens to stop at the first pass; we
    /// refuse it.
    fn from_str(s: &str) -> Result<Until, ParseUntilError> {
        let s = s.trim();
        if s.is_empty() {
            return Ok(Until::End);
        }
        if s.bytes().all(|b| b.is_ascii_digit()) {
            return match s.parse::<u32>() {
                Ok(n) if n >= 1 => Ok(Until::BeforeMove(n)),
                _ => Err(ParseUntilError(s.into())),
            };
        }
        s.parse::<Move>()
            .map(Until::FirstMoveAt)
            .map_err(|_| ParseUntilError(s.into()))
    }
}

impl fmt::Display for Until {
    /// The GTP argument form: empty, a number, a vertex or `pass`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Until::End => Ok(()),
            Until::BeforeMove(n) => write!(f, "{n}"),
            Until::FirstMoveAt(mv) => write!(f, "{mv}"),
        }
    }
}

/// Why replaying stopped.
///
/// ```
/// use go_board::sgf::{GameRecord, Stop, Until};
/// let record = GameRecord::parse("(;SZ[9];B[ee];W[dd];B[cc])")?;
/// assert_eq!(record.position(Until::End)?.stop, Stop::End);
/// assert_eq!(record.position(Until::BeforeMove(2))?.stop, Stop::Reached);
/// # Ok::<(), go_board::sgf::SgfError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stop {
    /// The main line ended.
    End,
    /// The requested move was reached.
    Reached,
}

/// A replayed position: the board, the colour to play, and how far the
/// replay went.
///
/// ```
/// use go_board::{sgf::{GameRecord, Stop, Until}, Color};
/// let record = GameRecord::parse("(;SZ[9];B[ee];W[dd])")?;
/// let position = record.position(Until::BeforeMove(2))?;
/// assert_eq!((position.to_play, position.moves_played, position.stop), (Color::White, 1, Stop::Reached));
/// assert_eq!(position.board.to_play(), Color::White);
/// # Ok::<(), go_board::sgf::SgfError>(())
/// ```
#[derive(Clone, Debug)]
pub struct LoadedPosition {
    /// The position, with the record's [rules](GameRecord::rules) and
    /// `to_play` as side to move. Its history ([`Board::moves`],
    /// [`Board::undo`]) holds the moves since the last setup (or
    /// handicap placement).
    pub board: Board,
    /// The colour to play next (GNU Go's answer to `loadsgf`).
    pub to_play: Color,
    /// The moves replayed.
    pub moves_played: u32,
    /// Why replaying stopped.
    pub stop: Stop,
}

impl GameRecord {
    /// Replays the main line up to `until`, with GNU Go's `loadsgf`
    /// semantics for the side to move and the handicap, and the rules of
    /// the record for the moves:
    ///
    /// - Black is to play first, or White when `HA` ≥ 2; `PL` sets the
    ///   colour, and each move makes its colour the one to play, then the
    ///   opponent once it is played. Stopping before a move answers that
    ///   move's colour.
    /// - Properties apply in file order, setup on any node included.
    ///   Setup follows the SGF standard: `AB`, `AW` and `AE` overwrite
    ///   whatever was on the point, and a node's setup applies at once.
    ///   (GNU Go 3.8 skips `AB`/`AW` on occupied points and ignores `AE`;
    ///   no GNU Go suite file depends on that, while Fuego's files written
    ///   by GoGui rely on overwriting.)
    /// - When White is to play (by `PL` or a move) on an empty board and
    ///   `HA` ≥ 2, the [`fixed_handicap`](super::fixed_handicap) stones are
    ///   placed first.
    /// - Every move replayed must be legal under the record's
    ///   [rules](GameRecord::rules), exactly as [`Board::play_move`] judges
    ///   it: a move on an occupied point, a suicide (unless the rules allow
    ///   it), a ko recapture or a superko repetition is refused with
    ///   [`SgfError::IllegalMove`], which names the move's number. Only the
    ///   moves before the limit are replayed, so only they are checked.
    ///   (GNU Go replays suicides and ko recaptures and stops silently at
    ///   an occupied point; none of the 4,295 positions the GNU Go and
    ///   Fuego suites load depends on that.)
    ///
    /// A setup that leaves a block without liberties gives an error (GNU
    /// Go would keep the block); the check is made once a node's setup is
    /// complete.
    ///
    /// # Errors
    /// [`SgfError::BadHandicap`], [`SgfError::Setup`] or
    /// [`SgfError::IllegalMove`]; a record that replays is one whose
    /// moves [`Board::play_move`] accepts in turn.
    ///
    /// ```
    /// use go_board::{sgf::{GameRecord, SgfError, Until}, Color, PlayError};
    /// let record = GameRecord::parse("(;SZ[9]HA[2]AB[cg][gc];W[ee];B[ec];W[ce])")?;
    /// let start = record.position(Until::BeforeMove(1))?;
    /// assert_eq!(start.to_play, Color::White);
    /// assert_eq!(start.board.stones_of(Color::Black).len(), 2);
    /// let at_b = record.position(Until::FirstMoveAt(go_board::Move::Play("C5".parse()?)))?;
    /// assert_eq!(at_b.moves_played, 2);
    ///
    /// // Move 2 is on an occupied point: the record loads only before it.
    /// let record = GameRecord::parse("(;SZ[9];B[ee];W[ee];B[cc])")?;
    /// let err = record.position(Until::End).unwrap_err();
    /// assert!(matches!(err, SgfError::IllegalMove { number: 2, source: PlayError::Occupied(_), .. }));
    /// assert_eq!(err.to_string(), "move 2 (white E5) cannot be played: E5 is occupied");
    /// assert!(record.position(Until::BeforeMove(2)).is_ok());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn position(&self, until: Until) -> Result<LoadedPosition, SgfError> {
        let geo = self.geometry;
        let handicap = self.info.handicap.unwrap_or(0);
        if handicap as usize >= geo.num_points() {
            return Err(SgfError::BadHandicap {
                handicap: i64::from(handicap),
                width: geo.width(),
                height: geo.height(),
            });
        }
        let mut board = Board::with_geometry(geo, self.rules());
        let mut next = if handicap >= 2 {
            Color::White
        } else {
            Color::Black
        };
        let mut played = 0u32;
        let mut stop = Stop::End;
        let setup_error = |moves_played, source| SgfError::Setup {
            moves_played,
            source,
        };
        // Setup of consecutive events (a node's AB/AW/AE) applies at once.
        let mut pending: Vec<(Point, Option<Color>)> = Vec::new();
        for event in &self.events {
            if let GameEvent::Setup { color, points } = event {
                pending.extend(points.iter().map(|&p| (p, *color)));
                continue;
            }
            apply_setup(&mut board, &mut pending, played)?;
            match *event {
                GameEvent::Setup { .. } => {}
                GameEvent::ToPlay(color) => {
                    next = color;
                    place_handicap(&mut board, next, handicap)
                        .map_err(|e| setup_error(played, e))?;
                    // The board's side to move is part of each situation
                    // its history records (situational superko).
                    board.set_to_play(next);
                }
                GameEvent::Move(color, mv) => {
                    next = color;
                    place_handicap(&mut board, next, handicap)
                        .map_err(|e| setup_error(played, e))?;
                    let reached = match until {
                        Until::End => false,
                        Until::BeforeMove(n) => played + 1 >= n,
                        Until::FirstMoveAt(at) => at == mv,
                    };
                    if reached {
                        stop = Stop::Reached;
                        break;
                    }
                    // The mover is the side to move of the position the
                    // move is played in, even when a record repeats a colour.
                    board.set_to_play(color);
                    replay_move(&mut board, color, mv, played + 1)?;
                    played += 1;
                    next = color.opposite();
                }
            }
        }
        apply_setup(&mut board, &mut pending, played)?;
        board.set_to_play(next);
        Ok(LoadedPosition {
            board,
            to_play: next,
            moves_played: played,
            stop,
        })
    }

    /// The position at the end of the main line
    /// ([`position`](GameRecord::position) with [`Until::End`]).
    ///
    /// ```
    /// use go_board::{sgf::GameRecord, Color};
    /// let board = GameRecord::parse("(;SZ[5];B[cc];W[dd])")?.board()?;
    /// assert_eq!(board.color_at("D2".parse()?), Some(Color::White));
    /// assert_eq!(board.to_play(), Color::Black);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn board(&self) -> Result<Board, SgfError> {
        self.position(Until::End).map(|p| p.board)
    }
}

/// Applies pending setup changes (later ones win on the same point) in one
/// [`Board::setup`], skipping it when nothing changes so as to keep the
/// board's history.
fn apply_setup(
    board: &mut Board,
    pending: &mut Vec<(Point, Option<Color>)>,
    played: u32,
) -> Result<(), SgfError> {
    if pending.is_empty() {
        return Ok(());
    }
    let mut seen = PointSet::new();
    let mut changes = Vec::new();
    for &(p, color) in pending.iter().rev() {
        if seen.insert(p) && board.color_at(p) != color {
            changes.push((p, color));
        }
    }
    pending.clear();
    if changes.is_empty() {
        return Ok(());
    }
    board.setup(changes).map_err(|source| SgfError::Setup {
        moves_played: played,
        source,
    })
}

/// GNU Go places the fixed handicap when White is to play on an empty
/// board of a handicap game.
fn place_handicap(
    board: &mut Board,
    next: Color,
    handicap: u32,
) -> Result<(), crate::error::SetupError> {
    let empty =
        board.stones_of(Color::Black).is_empty() && board.stones_of(Color::White).is_empty();
    if next == Color::White && empty && handicap >= 2 {
        let stones = fixed_handicap(board.geometry(), handicap);
        if !stones.is_empty() {
            board.setup(stones.into_iter().map(|p| (p, Some(Color::Black))))?;
        }
    }
    Ok(())
}

/// Plays a move of the file under the board's rules (the record's).
fn replay_move(board: &mut Board, color: Color, mv: Move, number: u32) -> Result<(), SgfError> {
    match board.play_move(color, mv) {
        Ok(_) => Ok(()),
        Err(source) => Err(SgfError::IllegalMove {
            number,
            color,
            point: source.point(),
            source,
        }),
    }
}

/// Reads SGF text and replays its first game up to `until` (GNU Go's
/// `loadsgf`).
///
/// ```
/// use go_board::{sgf::{self, Until}, Color};
/// let position = sgf::load("(;SZ[9];B[ee];W[dd];B[cc])", Until::BeforeMove(3))?;
/// assert_eq!(position.to_play, Color::Black);
/// assert_eq!(position.board.stones_of(Color::Black).len(), 1);
/// # Ok::<(), go_board::sgf::SgfError>(())
/// ```
pub fn load(text: &str, until: Until) -> Result<LoadedPosition, SgfError> {
    GameRecord::parse(text)?.position(until)
}

/// Reads an SGF file and replays its first game up to `until`, like GTP
/// `loadsgf FILE [N|VERTEX]`.
///
/// ```
/// use go_board::sgf::{self, SgfError, Until};
/// assert!(matches!(sgf::load_file("missing.sgf", Until::End), Err(SgfError::Io { .. })));
/// ```
pub fn load_file(path: impl AsRef<Path>, until: Until) -> Result<LoadedPosition, SgfError> {
    GameRecord::read_file(path)?.position(until)
}
