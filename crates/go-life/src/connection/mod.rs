//! Connection reading: can two stones of one colour be joined, or cut apart?
//! GNU Go's `connect A B` and `disconnect A B` on go-search's df-pn.
//!
//! # The local game ([`ConnectionGame`])
//! The disconnector is [`Player::First`](go_search::Player::First), so a proof
//! says "disconnected". A position is over when
//! - A or B has been captured: disconnected;
//! - A and B stand in one block: joined, unless the disconnector is to move and
//!   the tactical reader captures the block (or, the connector to move, it is
//!   in atari and cannot be saved);
//! - the disconnector is to move and
//!   - A's or B's block of at most two liberties can be captured outright:
//!     disconnected (go-search's tactical [`Reader`](go_search::tactics::Reader),
//!     on a small budget, at the question's position; deeper down only ladders
//!     are read, see [`ConnectionOptions::full_reading_depth`]). A capture
//!     through a ko is played out instead, so that the answer carries the ko's
//!     code;
//!   - the blocks are joined by a chain of links that cannot be cut
//!     ([`crate::links::linked_blocks`]) whose blocks are all safe (three
//!     liberties, or two the reader cannot take) and whose links share no key
//!     point: joined;
//!   - below the question's position, the connection distance (the moves the
//!     connector needs, unanswered, to join the blocks: an empty point costs
//!     one, an opponent block its liberties) is
//!     [`ConnectionOptions::cut_distance`] (four) or more: disconnected (at the
//!     question's position the disconnector must still name a move that cuts);
//! - the connector is to move and A or B is in atari and cannot be saved, or
//!   the distance is more than the cut distance: disconnected;
//! - both sides passed: disconnected.
//!
//! Moves are the empty points on or next to a cheapest path between the two
//! blocks, the targets' liberties while they have three or fewer, and the
//! liberties of cutting blocks short of liberties (see `moves`), the best few
//! of them. The disconnector passes only when it has nothing else; the
//! connector never does.
//!
//! # Answers checked afresh
//! Below the question's position the search reads captures by ladders only
//! and narrows its moves, so a line judged there can read differently as a
//! question of its own. The answer's move is checked by asking the opposite
//! question after it (on a quarter of the budget): a move refuted for certain
//! gives way to the first other root candidate (of the best twelve) after
//! which the opposite question fails for certain, and a question whose
//! search failed within its budget succeeds with such a candidate when there
//! is one. With none, a refuted move gives way to the first candidate not
//! refuted, and the answer says it is uncertain: a move known to fail is not
//! the answer while another is not known to.
//!
//! # Ko
//! Kos are read with go-search's one ko model
//! ([`KoFight`](go_search::tactics::KoFight)), as the life-and-death reader
//! reads them: a question is searched with no ko threats for either side
//! (whoever takes a ko first wins it), and when a ko ban mattered, again with
//! unlimited threats for one side. A success that fails once the other side
//! has threats rests on a ko the asking side takes first (GNU Go's code 2); a
//! failure that succeeds with the asking side's threats is a ko it needs the
//! first threat for (code 3). A position repeated on the search's path counts
//! as disconnected.
//!
//! # Budget
//! Every question has a node budget ([`ConnectionOptions::nodes`]). When it runs
//! out the stones are taken to be disconnected, as GNU Go does, and the answer
//! says so ([`ConnectionResult::certain`] is `false`).
//!
//! ```
//! use go_board::Board;
//! use go_life::connection::ConnectionReader;
//!
//! // A bamboo joint: joined whoever moves first.
//! let board = Board::from_diagram(
//!     ". . . . .
//!      . X . X .
//!      . X . X .
//!      . . . . .",
//! )?;
//! let mut reader = ConnectionReader::default();
//! let (b3, d3) = ("B3".parse()?, "D3".parse()?);
//! assert_eq!(reader.disconnect(&board, b3, d3)?.to_string(), "0");
//! assert!(reader.connect(&board, b3, d3)?.succeeds());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod distance;
mod game;
mod moves;

use crate::local;
use std::fmt;

use go_board::{Board, Color, Move, Point};
use go_search::tactics::{KoThreats, TacticalCode};
use go_search::{Dfpn, Game, SearchLimits, StopReason};

use crate::error::LifeError;
pub use game::{ConnectionGame, ConnectionGoal};
use game::{Tactics, pair_colour};

/// The share of a question's budget that each check of a root move gets (see
/// the module docs).
const CHECK_SHARE: u64 = 4;

/// The most root candidates that the checks try (see the module docs): more
/// than a search node's, since each is read as a question of its own.
const CHECK_WIDTH: usize = 12;

/// Bounds of a connection search.
///
/// ```
/// let o = go_life::connection::ConnectionOptions::default();
/// assert_eq!((o.nodes, o.width, o.deep_width, o.deep), (12_000, 8, 4, 4));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ConnectionOptions {
    /// df-pn nodes per question.
    pub nodes: u64,
    /// Plies below the question's position.
    pub depth: u32,
    /// Transposition-table size (log2 of entries), 1 to [`go_search::MAX_TT_BITS`]; the
    /// search clamps others (see [`go_search::Dfpn::new`]).
    pub tt_bits: u32,
    /// Budget, in positions, of each capture question put to the tactical
    /// reader.
    pub capture_nodes: u64,
    /// The most moves tried at a node.
    pub width: usize,
    /// The most moves tried at a node [`deep`](Self::deep) plies down or more.
    pub deep_width: usize,
    /// Where the search narrows to [`deep_width`](Self::deep_width): a
    /// connection fight is decided in its first exchanges, and below them the
    /// lines worth following are the forcing ones (ataris, captures, the
    /// cutting point), so the budget goes to depth rather than breadth.
    pub deep: u32,
    /// The connection distance at which, the disconnector to move, the stones
    /// count as cut (one more with the connector to move): the connector needs
    /// that many unanswered moves, and every other move is the disconnector's
    /// to block with.
    pub cut_distance: u8,
    /// Down to this many plies below the question, capture questions go to the
    /// full tactical reader; deeper, only ladders are read (they are asked at
    /// most nodes of the search).
    pub full_reading_depth: u32,
}

impl Default for ConnectionOptions {
    fn default() -> Self {
        ConnectionOptions {
            nodes: 12_000,
            depth: 24,
            tt_bits: 16,
            capture_nodes: 2_000,
            width: 8,
            deep_width: 4,
            deep: 4,
            full_reading_depth: 0,
            cut_distance: 4,
        }
    }
}

impl ConnectionOptions {
    /// Sets the node budget per question.
    ///
    /// ```
    /// let o = go_life::connection::ConnectionOptions::default().with_nodes(500);
    /// assert_eq!(o.nodes, 500);
    /// ```
    #[must_use]
    pub fn with_nodes(mut self, nodes: u64) -> Self {
        self.nodes = nodes;
        self
    }
}

/// The answer to a connection question, as GNU Go gives it.
///
/// ```
/// use go_life::connection::ConnectionResult;
/// use go_search::tactics::{KoThreats, TacticalCode};
/// let b2 = "B2".parse().unwrap();
/// let r = ConnectionResult { code: TacticalCode::Win, best_move: Some(b2), pv: vec![b2],
///                            certain: true, nodes: 10 };
/// assert_eq!(r.to_string(), "1 B2");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConnectionResult {
    /// GNU Go's result code: 0 fails, 1 succeeds, 2 and 3 for kos (see the
    /// module docs).
    pub code: TacticalCode,
    /// The move that succeeds (a pass when none is needed).
    pub best_move: Option<Move>,
    /// The principal variation: the line the answer rests on, both sides' moves
    /// from the position asked about, read from the search's table
    /// ([`ProofResult::pv`](go_search::ProofResult::pv), up to 64 moves). Empty
    /// on failure; otherwise it starts with [`best_move`](Self::best_move). A move
    /// found by the root check rather than the search is its own line.
    pub pv: Vec<Move>,
    /// Whether the search finished within its budget.
    pub certain: bool,
    /// df-pn nodes spent.
    pub nodes: u64,
}

impl ConnectionResult {
    /// Whether the connection (or the cut) succeeds.
    ///
    /// ```
    /// use go_life::connection::ConnectionResult;
    /// use go_search::tactics::{KoThreats, TacticalCode};
    /// let r = ConnectionResult {
    ///     code: TacticalCode::Loss, best_move: None, pv: Vec::new(), certain: true, nodes: 1,
    /// };
    /// assert!(!r.succeeds());
    /// ```
    #[must_use]
    pub fn succeeds(&self) -> bool {
        self.code.succeeds()
    }
}

impl fmt::Display for ConnectionResult {
    /// GNU Go's answer: `0`, or the code and the move (`1 B2`, `1 PASS`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.code, self.best_move) {
            (TacticalCode::Loss, _) => write!(f, "0"),
            (code, Some(Move::Play(p))) => write!(f, "{} {p}", code.gtp_code()),
            (code, _) => write!(f, "{} PASS", code.gtp_code()),
        }
    }
}

/// One question: the stones `a` and `b`, the side that moves `first`, and
/// whether it asks to connect (else to disconnect).
#[derive(Clone, Copy, Debug)]
struct Question {
    a: Point,
    b: Point,
    first: Color,
    connecting: bool,
}

/// Asks connection questions: GNU Go's `connect` and `disconnect`.
///
/// ```
/// use go_board::Board;
/// use go_life::connection::ConnectionReader;
///
/// // Black's stones meet diagonally at B2/C3 with White on both sides of the
/// // crossing points: whoever plays C2 first decides.
/// let board = Board::from_diagram(
///     ". . . . .
///      . O X O .
///      . X . O .
///      . O . . .
///      . . . . .",
/// )?;
/// let mut reader = ConnectionReader::default();
/// let (c4, b3) = ("C4".parse()?, "B3".parse()?);
/// assert_eq!(reader.connect(&board, c4, b3)?.to_string(), "1 C3");
/// assert_eq!(reader.disconnect(&board, c4, b3)?.to_string(), "1 C3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct ConnectionReader {
    options: ConnectionOptions,
    dfpn: Dfpn<ConnectionGame>,
    tactics: Option<Tactics>,
}

impl Default for ConnectionReader {
    fn default() -> Self {
        ConnectionReader::new(ConnectionOptions::default())
    }
}

impl ConnectionReader {
    /// A reader with `options`.
    ///
    /// ```
    /// use go_life::connection::{ConnectionOptions, ConnectionReader};
    /// let reader = ConnectionReader::new(ConnectionOptions::default().with_nodes(100));
    /// assert_eq!(reader.options().nodes, 100);
    /// ```
    #[must_use]
    pub fn new(options: ConnectionOptions) -> ConnectionReader {
        let dfpn = local::dfpn(options.nodes, options.depth, options.tt_bits);
        ConnectionReader {
            options,
            dfpn,
            tactics: Some(Tactics::new(options.capture_nodes)),
        }
    }

    /// A reader with `options`, or why their sizes are refused
    /// ([`new`](Self::new) clamps a [`tt_bits`](ConnectionOptions::tt_bits)
    /// out of range).
    ///
    /// # Errors
    /// The [`OptionsError`](go_search::OptionsError) of a
    /// [`tt_bits`](ConnectionOptions::tt_bits) outside 1 to
    /// [`MAX_TT_BITS`](go_search::MAX_TT_BITS), a table that cannot be
    /// allocated, or a node budget of 0.
    ///
    /// ```
    /// use go_life::connection::{ConnectionOptions, ConnectionReader};
    /// assert!(ConnectionReader::try_new(ConnectionOptions::default().with_nodes(0)).is_err());
    /// assert!(ConnectionReader::try_new(ConnectionOptions::default()).is_ok());
    /// ```
    pub fn try_new(
        options: ConnectionOptions,
    ) -> Result<ConnectionReader, go_search::OptionsError> {
        let dfpn = local::try_dfpn(options.nodes, options.depth, options.tt_bits)?;
        Ok(ConnectionReader {
            options,
            dfpn,
            tactics: Some(Tactics::new(options.capture_nodes)),
        })
    }

    /// The options.
    ///
    /// ```
    /// use go_life::connection::ConnectionReader;
    /// assert_eq!(ConnectionReader::default().options().depth, 24);
    /// ```
    #[must_use]
    pub fn options(&self) -> &ConnectionOptions {
        &self.options
    }

    /// Can the stones at `a` and `b` be joined, their owner moving first?
    /// `1 M` with the joining move (`1 PASS` when they stand in one block), or
    /// `0`.
    ///
    /// # Errors
    /// [`LifeError::OffBoard`], [`LifeError::EmptyPoint`], or
    /// [`LifeError::Colours`] when the stones differ in colour.
    ///
    /// ```
    /// use go_board::Board;
    /// use go_life::{LifeError, connection::ConnectionReader};
    /// let board = Board::from_diagram("X X O\n. . .")?;
    /// let mut reader = ConnectionReader::default();
    /// assert_eq!(reader.connect(&board, "A2".parse()?, "B2".parse()?)?.to_string(), "1 PASS");
    /// assert!(matches!(reader.connect(&board, "A2".parse()?, "C2".parse()?), Err(LifeError::Colours(..))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn connect(
        &mut self,
        board: &Board,
        a: Point,
        b: Point,
    ) -> Result<ConnectionResult, LifeError> {
        let connector = pair_colour(board, a, b)?;
        if board.same_block(a, b) {
            return Ok(ConnectionResult {
                code: TacticalCode::Win,
                best_move: Some(Move::Pass),
                pv: vec![Move::Pass],
                certain: true,
                nodes: 0,
            });
        }
        self.answer(
            board,
            Question {
                a,
                b,
                first: connector,
                connecting: true,
            },
        )
    }

    /// Can the stones at `a` and `b` be cut apart, their opponent moving
    /// first? `1 M` with the cutting move, or `0`.
    ///
    /// # Errors
    /// As [`connect`](Self::connect).
    ///
    /// ```
    /// use go_board::Board;
    /// use go_life::connection::ConnectionReader;
    /// // A clean cutting point at C5 with both sides strong.
    /// let board = Board::from_diagram(
    ///     ". . . . . . . . .
    ///      . . . . . . . . .
    ///      . X X O O O . . .
    ///      . X X O . . . . .
    ///      . O . X X . . . .
    ///      . O . X X . . . .
    ///      . O O . . . . . .
    ///      . . . . . . . . .
    ///      . . . . . . . . .",
    /// )?;
    /// let mut reader = ConnectionReader::default();
    /// let r = reader.disconnect(&board, "B7".parse()?, "D5".parse()?)?;
    /// assert_eq!(r.to_string(), "1 C5");
    /// assert!(r.succeeds() && r.certain);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn disconnect(
        &mut self,
        board: &Board,
        a: Point,
        b: Point,
    ) -> Result<ConnectionResult, LifeError> {
        // Asked even of one block: it may be captured.
        let connector = pair_colour(board, a, b)?;
        self.answer(
            board,
            Question {
                a,
                b,
                first: connector.opposite(),
                connecting: false,
            },
        )
    }

    /// The answer of [`solve`](Self::solve), its move checked afresh (see the
    /// module docs): at the root the full tactical reader and every candidate
    /// come back, where the search below it read ladders only and fewer
    /// moves. A success whose move the opposite question, asked after it,
    /// refutes for certain gives way to the first other candidate after which
    /// the opposite question fails for certain; a failure found within the
    /// budget where such a candidate exists becomes a success with it. (GNU Go's answers are
    /// judged the same way: the move, played, must stand against the other
    /// side's question.)
    fn answer(&mut self, board: &Board, q: Question) -> Result<ConnectionResult, LifeError> {
        let Question {
            a,
            b,
            first,
            connecting,
        } = q;
        let result = self.solve(board, a, b, first, connecting)?;
        let check = self.options.nodes / CHECK_SHARE;
        let mut nodes = result.nodes;
        if result.succeeds() {
            let Some(Move::Play(m)) = result.best_move else {
                return Ok(result);
            };
            let reply = self.reply(board, q, m, check)?;
            nodes += reply.as_ref().map_or(0, |r| r.nodes);
            if !reply.is_some_and(|r| r.succeeds() && r.certain) {
                return Ok(ConnectionResult { nodes, ..result });
            }
        }
        if !result.succeeds() && !result.certain {
            // A search that ran out of budget: checks on a share of it would
            // not finish either.
            return Ok(result);
        }
        // The search's own answer failed, or its move was refuted: look for a
        // root candidate after which the opposite question fails for certain.
        let mut start = local::local_board(board);
        start.set_to_play(first);
        let mut moves = Vec::new();
        let wide = ConnectionOptions {
            width: self.options.width.max(CHECK_WIDTH),
            ..self.options
        };
        ConnectionGame::new(&start, a, b, wide)?.generate(&mut moves);
        // A refuted success falls back on the first candidate not refuted.
        let mut unrefuted = None;
        for mv in moves {
            let Move::Play(m) = mv else { continue };
            if result.best_move == Some(mv) {
                continue;
            }
            let Some(reply) = self.reply(board, q, m, check)? else {
                continue;
            };
            nodes += reply.nodes;
            if !reply.succeeds() && reply.certain {
                return Ok(ConnectionResult {
                    code: TacticalCode::Win,
                    best_move: Some(mv),
                    pv: vec![mv],
                    certain: true,
                    nodes,
                });
            }
            if unrefuted.is_none() && !(reply.succeeds() && reply.certain) {
                unrefuted = Some(mv);
            }
        }
        Ok(settle(ConnectionResult { nodes, ..result }, unrefuted))
    }

    /// The opposite question's answer after the asking side plays `m`, on a
    /// budget of `nodes`; `None` when `m` cannot be played.
    fn reply(
        &mut self,
        board: &Board,
        q: Question,
        m: Point,
        nodes: u64,
    ) -> Result<Option<ConnectionResult>, LifeError> {
        let mut after = board.clone();
        if after.play(q.first, m).is_err() {
            return Ok(None);
        }
        if after.color_at(q.a).is_none() || after.color_at(q.b).is_none() {
            // A target was captured: the cut stands.
            return Ok(Some(ConnectionResult {
                code: if q.connecting {
                    TacticalCode::Win
                } else {
                    TacticalCode::Loss
                },
                best_move: None,
                pv: Vec::new(),
                certain: true,
                nodes: 0,
            }));
        }
        let o = self.options;
        let limits = |n| SearchLimits::default().with_nodes(n).with_depth(o.depth);
        self.dfpn.set_limits(limits(nodes));
        let r = self.solve(&after, q.a, q.b, q.first.opposite(), !q.connecting);
        self.dfpn.set_limits(limits(o.nodes));
        r.map(Some)
    }

    /// The answer with `first` to move; `connecting` tells which side asks:
    /// one search with no ko threats, and with GNU Go's ko codes where a ko ban
    /// mattered (see the module docs).
    fn solve(
        &mut self,
        board: &Board,
        a: Point,
        b: Point,
        first: Color,
        connecting: bool,
    ) -> Result<ConnectionResult, LifeError> {
        let (plain, ko_met) = self.search(board, a, b, first, connecting, None)?;
        let plain_certain = plain.certain;
        let coded = local::ko_coded(plain, ko_met, |asking| {
            let connector = if asking { connecting } else { !connecting };
            Ok(self
                .search(board, a, b, first, connecting, Some(connector))?
                .0)
        })?;
        // A failure is certain only if the search without threats finished
        // too: the one with the asking side's threats may end where it did not.
        let certain = coded.certain && (coded.succeeds() || plain_certain);
        Ok(ConnectionResult { certain, ..coded })
    }

    /// One df-pn search with `first` to move; `connecting` tells which side
    /// asks, `unlimited` which side has unlimited ko threats (`Some(true)` the
    /// connector). Also says whether a ko ban mattered.
    fn search(
        &mut self,
        board: &Board,
        a: Point,
        b: Point,
        first: Color,
        connecting: bool,
        unlimited: Option<bool>,
    ) -> Result<(ConnectionResult, bool), LifeError> {
        let mut tactics = self
            .tactics
            .take()
            .unwrap_or_else(|| Tactics::new(self.options.capture_nodes));
        tactics.clear();
        let mut game = match ConnectionGame::with_tactics(board, a, b, self.options, tactics) {
            Ok(g) => g,
            Err(e) => {
                self.tactics = Some(Tactics::new(self.options.capture_nodes));
                return Err(e);
            }
        };
        game.board_mut().set_to_play(first);
        if let Some(connector) = unlimited {
            game.set_ko_threats(connector, KoThreats::Unlimited);
        }
        let mut proof = self.dfpn.solve(&mut game, &ConnectionGoal);
        let ko_met = game.ko_met();
        let nodes = proof.stats.nodes;
        let certain = proof.stop.is_solved();
        // Proved, or out of budget: not connected.
        let cut = proof.stop != StopReason::Disproved;
        let code = if cut == connecting {
            TacticalCode::Loss
        } else {
            TacticalCode::Win
        };
        let best_move = if code.succeeds() {
            proof
                .best_move
                .or_else(|| root_move(&mut game, connecting))
                .or(Some(Move::Pass))
        } else {
            None
        };
        // The line is read once the search's ko bans are known: reading it plays
        // moves on the game.
        if code.succeeds() && certain {
            proof.pv = self
                .dfpn
                .principal_variation(&mut game, &ConnectionGoal, local::PV_LENGTH);
        }
        self.tactics = Some(game.into_tactics());
        let result = ConnectionResult {
            code,
            best_move,
            pv: local::answer_line(best_move, proof.pv),
            certain,
            nodes,
        };
        Ok((result, ko_met))
    }
}

local::impl_ko_coded!(ConnectionResult);

/// The answer when no root candidate was proved to work: a success whose
/// search's move the check refuted (the search ran out of budget, or read
/// the line differently) answers with the first candidate not refuted,
/// `unrefuted`, and says it is uncertain; a move known to fail is never the
/// answer when another is not. Other results stand.
fn settle(result: ConnectionResult, unrefuted: Option<Move>) -> ConnectionResult {
    match unrefuted {
        Some(m) if result.succeeds() => ConnectionResult {
            best_move: Some(m),
            pv: vec![m],
            certain: false,
            ..result
        },
        _ => result,
    }
}

/// The move to give when the search names none (the root was decided before
/// any move, or the budget ran out): for the disconnector, the tactical
/// reader's capture of a target, else its first candidate.
fn root_move(game: &mut ConnectionGame, connecting: bool) -> Option<Move> {
    if !connecting {
        let (a, b) = game.targets();
        for t in [a, b] {
            if game.board().color_at(t).is_some() && game.board().num_liberties(t) <= 2 {
                if let Some(m) = game.full_capture_move(t) {
                    return Some(m);
                }
            }
        }
    }
    let mut moves = Vec::new();
    game.generate(&mut moves);
    moves.into_iter().find(|m| !m.is_pass())
}

#[cfg(test)]
mod tests;
