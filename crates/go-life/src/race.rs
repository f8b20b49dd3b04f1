//! Capturing races between whole groups (GNU Go's `analyze_semeai` on dragons):
//! a df-pn search (go-search's [`Dfpn`]) over the local fight between two
//! adjacent groups of opposite colours.
//!
//! # The local game ([`RaceGame`])
//! A's owner moves first and is [`Player::First`]; a race asks one of two
//! questions ([`RaceQuestion`]): can A's side capture B (*kill*), or can it keep
//! A (*survive*: seki, or both living, is enough)? A position is over when
//! - B's stone has been captured: A's side wins both questions, unless A is
//!   still hopeless (shut in, one eye at most: the capture did not save it);
//! - A's stone has been captured: A's side loses both;
//! - both sides passed (seki, or nothing left to do): B survives, and so does A;
//! - a group is unconditionally alive (Benson's test, [`Judgement::pass_alive`]):
//!   that group survives;
//! - a group can run once its opponent has had a move to stop it
//!   ([`RaceOptions::escape`], see [`Judgement::escape`]): it survives;
//! - a group is hopeless ([`Judgement::hopeless`]: shut in, at most one eye, no
//!   enemy neighbour short enough of liberties to be captured first): it dies;
//! - the search is [`RaceOptions::horizon`] plies down: A's side has not shown
//!   what was asked (the answer is then not [`certain`](RaceResult::certain)).
//!
//! Moves are scored by what they do in the race (the classic order: captures,
//! vital points of eye spaces, the opponent's outside liberties, approach
//! moves that let a shared liberty be filled without self-atari, then the
//! shared liberties) and the best [`RaceOptions::width`] are tried, with a pass.
//!
//! # Answers ([`RaceReader`])
//! [`RaceReader::analyze`] first asks *kill*; if that fails, *survive*. The
//! answer is GNU Go's: `1 1 M` (A's side kills B with M), `1 0 M` (it keeps A:
//! seki, or both live), `0 0 PASS` (A dies). When the node budget runs out the
//! question is taken as failed (A's side has not shown it), so an answer out of
//! budget leans to `0 0 PASS` or `1 0`, and [`RaceResult::certain`] is false.
//!
//! ```
//! use go_board::Board;
//! use go_life::race::RaceReader;
//!
//! // Black's group (two blocks linked by the two points between them) has a
//! // two-point eye and nothing else inside White's ring: White wins the race
//! // without a move, and Black, moving first, cannot save it.
//! let board = Board::from_diagram(
//!     ". . . . . . . . .
//!      X X X X X X X . .
//!      O O O O O O X . .
//!      X X O X X O X . .
//!      . . O . . O X . .
//!      X X O X X O X . .
//!      O O O O O O X . .
//!      . . . . X . X . .",
//! )?;
//! let mut reader = RaceReader::default();
//! assert_eq!(reader.analyze(&board, "C5".parse()?, "D5".parse()?)?.to_string(), "1 1 PASS");
//! assert_eq!(reader.analyze(&board, "D5".parse()?, "C5".parse()?)?.to_string(), "0 0 PASS");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::local::{self, KoMoves};
use std::cell::{Cell, RefCell};
use std::fmt;

use go_board::{Board, Color, Move, Point, PointSet};
use go_search::tactics::TacticalCode;
use go_search::{Dfpn, Game, Goal, Outcome, Player, ProofNumbers, StopReason, Verdict};
use thiserror::Error;

use crate::judge::Judgement;

/// The largest eye space whose points are candidate moves (vital points).
pub const SMALL_EYE_SPACE: usize = 8;

/// Why a race cannot be asked.
///
/// ```
/// use go_board::Board;
/// use go_life::race::{RaceError, RaceReader};
/// let board = Board::from_diagram("X . O\n. . .\n. . .")?;
/// let b2 = "B2".parse()?;
/// let mut reader = RaceReader::default();
/// assert_eq!(reader.analyze(&board, b2, "C3".parse()?), Err(RaceError::Empty(b2)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RaceError {
    /// The point is not on the board.
    #[error("{0} is not on the board")]
    OffBoard(Point),
    /// The point holds no stone.
    #[error("{0} is empty")]
    Empty(Point),
    /// The two points hold stones of the same colour.
    #[error("{0} and {1} are stones of the same colour")]
    SameColor(Point, Point),
}

/// Bounds and thresholds of a race search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct RaceOptions {
    /// df-pn nodes per question (a race asks one or two).
    pub nodes: u64,
    /// Plies below the question's position.
    pub depth: u32,
    /// Transposition-table size (log2 of entries), 1 to [`go_search::MAX_TT_BITS`]; the
    /// search clamps others (see [`go_search::Dfpn::new`]).
    pub tt_bits: u32,
    /// The escape measure at which a group, its opponent to move, is taken to
    /// run free (see [`Judgement::escape`]).
    pub escape: u32,
    /// The most moves tried at a node, a pass aside.
    pub width: usize,
    /// Plies below the question's position where the search stops and A's side
    /// is taken not to have shown what was asked.
    pub horizon: u32,
}

impl Default for RaceOptions {
    fn default() -> Self {
        RaceOptions {
            nodes: 5_000,
            depth: 40,
            tt_bits: 16,
            escape: 15,
            width: 7,
            horizon: 24,
        }
    }
}

impl RaceOptions {
    /// Sets the node budget per question.
    ///
    /// ```
    /// let o = go_life::race::RaceOptions::default().with_nodes(500);
    /// assert_eq!(o.nodes, 500);
    /// ```
    #[must_use]
    pub fn with_nodes(mut self, nodes: u64) -> Self {
        self.nodes = nodes;
        self
    }
}

/// What A's side (moving first) tries to show in a [`RaceGame`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RaceQuestion {
    /// Capture B.
    Kill,
    /// Keep A: capture B, seki, or both living.
    Survive,
}

/// A position's hash with the judgements of A's and B's groups.
type Judged = (u64, Option<Judgement>, Option<Judgement>);

/// The fight between the groups of two stones of opposite colours as a
/// [`Game`]: A's side is [`Player::First`] and moves first. See the module docs.
#[derive(Debug)]
pub struct RaceGame {
    board: Board,
    a: Point,
    b: Point,
    ca: Color,
    question: RaceQuestion,
    options: RaceOptions,
    depth: u32,
    /// The moves played (simple ko: neither side has threats).
    moves: KoMoves,
    key: u64,
    judged: RefCell<Option<Judged>>,
    at_horizon: Cell<u64>,
}

fn check(board: &Board, a: Point, b: Point) -> Result<Color, RaceError> {
    let geo = board.geometry();
    for p in [a, b] {
        if !geo.contains(p) {
            return Err(RaceError::OffBoard(p));
        }
    }
    let ca = board.color_at(a).ok_or(RaceError::Empty(a))?;
    let cb = board.color_at(b).ok_or(RaceError::Empty(b))?;
    if ca == cb {
        return Err(RaceError::SameColor(a, b));
    }
    Ok(ca)
}

impl RaceGame {
    /// The race between the groups of `a` and `b`, A's owner to move.
    ///
    /// # Errors
    /// [`RaceError`] when a point is off the board or empty, or both hold
    /// stones of one colour.
    pub fn new(
        board: &Board,
        a: Point,
        b: Point,
        question: RaceQuestion,
        options: RaceOptions,
    ) -> Result<RaceGame, RaceError> {
        let ca = check(board, a, b)?;
        let mut board = local::local_board(board);
        board.set_to_play(ca);
        let mut z = (a.index() as u64 + 1)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .wrapping_add((b.index() as u64 + 7).wrapping_mul(0xbf58_476d_1ce4_e5b9))
            .wrapping_add(match question {
                RaceQuestion::Kill => 0x94d0_49bb_1331_11eb,
                RaceQuestion::Survive => 0x2545_f491_4f6c_dd1d,
            });
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z ^= z >> 31;
        Ok(RaceGame {
            board,
            a,
            b,
            ca,
            question,
            options,
            depth: 0,
            moves: KoMoves::default(),
            key: z,
            judged: RefCell::new(None),
            at_horizon: Cell::new(0),
        })
    }

    /// The board as it stands in the search.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The judgements of A's and B's groups, cached by hash.
    fn with_judgements<R>(&self, f: impl FnOnce(Option<&Judgement>, Option<&Judgement>) -> R) -> R {
        let hash = self.board.hash();
        let mut cache = self.judged.borrow_mut();
        if !matches!(&*cache, Some((h, _, _)) if *h == hash) {
            *cache = Some((
                hash,
                Judgement::new(&self.board, self.a),
                Judgement::new(&self.board, self.b),
            ));
        }
        let (_, ja, jb) = cache.as_ref().expect("just set");
        f(ja.as_ref(), jb.as_ref())
    }

    fn a_alive(&self) -> bool {
        self.board.color_at(self.a) == Some(self.ca)
    }

    fn b_alive(&self) -> bool {
        self.board.color_at(self.b) == Some(self.ca.opposite())
    }
}

/// The score of `p` for `mover`, whose own group is judged `mine` and whose
/// opponent's is `theirs` (see [`race_moves`]).
fn score(
    board: &Board,
    mine: &Judgement,
    theirs: &Judgement,
    eyes: &PointSet,
    mover: Color,
    p: Point,
) -> i32 {
    let geo = board.geometry();
    let mut s = 0;
    let mut captures = false;
    for n in geo.neighbours(p) {
        match board.color_at(n) {
            Some(c) if c != mover => {
                let libs = board.num_liberties(n);
                if libs == 1 {
                    captures = true;
                    // Capturing a block of the opposing group wins the race;
                    // capturing any other stone next to ours (a cutting stone)
                    // gives our group liberties and joins it.
                    s += if theirs.group.stones.contains(n) {
                        100
                    } else if !(board.stones(n).grow(geo) & mine.group.stones).is_empty() {
                        60
                    } else {
                        20
                    };
                }
            }
            Some(_) if board.num_liberties(n) == 1 && mine.group.stones.contains(n) => {
                // Out of atari: a block of our group that would be taken next.
                s += 50;
            }
            _ => {}
        }
    }
    let theirs_lib = theirs.group.liberties.contains(p);
    let mine_lib = mine.group.liberties.contains(p);
    if theirs_lib && !mine_lib {
        // An outside liberty of theirs: the first thing to fill.
        s += 30;
    } else if theirs_lib && mine_lib {
        // A shared liberty: filled last, as it takes one from both.
        s += 8;
    } else if mine_lib {
        // Our outside liberty: extending gains liberties.
        let new = geo
            .neighbours(p)
            .filter(|&n| board.is_empty(n) && !mine.group.liberties.contains(n))
            .count();
        s += 2 + 6 * new as i32;
    }
    if eyes.contains(p) {
        // A vital point: the more of the eye space it touches, the better.
        s += 15 + 5 * geo.neighbours(p).filter(|&n| eyes.contains(n)).count() as i32;
    }
    if !captures {
        // Self-atari (not a capture): the stone played, with the friendly blocks
        // it joins, would have one liberty left. A liberty-filling move that does
        // this is a gift, except as a throw-in inside an eye.
        let mut libs = PointSet::new();
        for n in geo.neighbours(p) {
            match board.color_at(n) {
                None => {
                    libs.insert(n);
                }
                Some(c) if c == mover => libs |= board.liberties(n),
                _ => {}
            }
        }
        libs.remove(p);
        if libs.len() <= 1 {
            s -= if eyes.contains(p) { 20 } else { 60 };
        }
    }
    s
}

/// Pushes onto `out` at most `width` moves for `mover` in the race between the
/// groups judged `mine` and `theirs`, best first: both groups' liberties, the
/// points of their small eye spaces, the captures of blocks in atari next to
/// either group, and the approach moves next to shared liberties.
fn race_moves(
    board: &Board,
    mine: &Judgement,
    theirs: &Judgement,
    mover: Color,
    width: usize,
    out: &mut Vec<Move>,
) {
    let geo = board.geometry();
    let mut eyes = PointSet::new();
    for e in mine.eye_spaces.iter().chain(&theirs.eye_spaces) {
        if e.points.len() <= SMALL_EYE_SPACE {
            eyes |= e.points;
        }
    }
    let mut points = mine.group.liberties | theirs.group.liberties | eyes;
    // Captures: blocks in atari next to either group.
    let around = (mine.group.stones | theirs.group.stones).grow(geo);
    for q in around.iter() {
        if board.color_at(q).is_some() && board.num_liberties(q) == 1 {
            points |= board.liberties(q);
        }
    }
    // Approach moves: a shared liberty the attacker cannot fill without
    // self-atari is approached from outside, next to it.
    let shared = mine.group.liberties & theirs.group.liberties;
    if mine.liberties() <= 4 || theirs.liberties() <= 4 {
        points |= shared.grow(geo) & board.empty_points();
    }
    let mut scored: Vec<(i32, Point)> = points
        .iter()
        .filter(|&p| board.is_legal(mover, p))
        .map(|p| (score(board, mine, theirs, &eyes, mover, p), p))
        .collect();
    scored.sort_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
    out.extend(scored.into_iter().take(width).map(|(_, p)| Move::Play(p)));
}

impl Game for RaceGame {
    type Move = Move;

    fn to_play(&self) -> Player {
        local::player(self.board.to_play() == self.ca)
    }

    fn generate(&self, out: &mut Vec<Move>) {
        let mover = self.board.to_play();
        let width = self.options.width;
        self.with_judgements(|ja, jb| {
            if let (Some(ja), Some(jb)) = (ja, jb) {
                if mover == self.ca {
                    race_moves(&self.board, ja, jb, mover, width, out);
                } else {
                    race_moves(&self.board, jb, ja, mover, width, out);
                }
            }
        });
        // Either side may pass: to wait (a race won already), for seki, or out
        // of a ko ban.
        out.push(Move::Pass);
    }

    fn play(&mut self, mv: Move) -> bool {
        let played = self.moves.play(&mut self.board, mv);
        self.depth += u32::from(played);
        played
    }

    fn undo(&mut self) {
        if self.moves.undo(&mut self.board) {
            self.depth = self.depth.saturating_sub(1);
        }
    }

    fn hash(&self) -> u64 {
        local::hash(&self.board) ^ self.key
    }

    fn outcome(&self) -> Option<Outcome> {
        let first = Some(Outcome::Win(Player::First));
        let second = Some(Outcome::Win(Player::Second));
        if !self.b_alive() {
            // B is captured; but a capture that leaves A shut in with one eye
            // at most (hopeless) has not saved it: A's side has neither killed
            // B in the race's sense nor kept A, as GNU Go's semeai judges.
            let a_hopeless = Judgement::new(&self.board, self.a).is_some_and(|j| j.hopeless());
            return if a_hopeless { second } else { first };
        }
        if !self.a_alive() {
            return second;
        }
        let kill = self.question == RaceQuestion::Kill;
        if self.board.consecutive_passes() >= 2 {
            // Seki or both alive: B lives, and so does A.
            return if kill { second } else { first };
        }
        let cb = self.ca.opposite();
        let to_play = self.board.to_play();
        let escape = self.options.escape;
        self.with_judgements(|ja, jb| {
            let (ja, jb) = (ja?, jb?);
            if kill {
                let b_runs = self.depth >= 2 && to_play == self.ca && jb.escape >= escape;
                if jb.pass_alive || b_runs {
                    return second;
                }
                if jb.hopeless() {
                    return first;
                }
            } else {
                let a_runs = self.depth >= 2 && to_play == cb && ja.escape >= escape;
                if ja.pass_alive || a_runs {
                    return first;
                }
                if ja.hopeless() {
                    return second;
                }
            }
            if self.depth >= self.options.horizon {
                self.at_horizon.set(self.at_horizon.get() + 1);
                return second;
            }
            None
        })
    }

    fn conditions_met(&self) -> u64 {
        self.at_horizon.get()
    }

    fn pass_move(&self) -> Option<Move> {
        Some(Move::Pass)
    }

    fn repetition_outcome(&self) -> Outcome {
        // A ko fought for ever: B is not captured, A keeps its stones.
        match self.question {
            RaceQuestion::Kill => Outcome::Win(Player::Second),
            RaceQuestion::Survive => Outcome::Win(Player::First),
        }
    }
}

/// A's side's goal in a [`RaceGame`]: the game's outcome, with proof and
/// disproof numbers seeded from both groups' liberties and eyes.
#[derive(Clone, Copy, Debug, Default)]
pub struct RaceGoal;

impl Goal<RaceGame> for RaceGoal {
    fn attacker(&self) -> Player {
        Player::First
    }

    fn verdict(&self, game: &RaceGame) -> Option<Verdict> {
        game.outcome()
            .map(|o| Verdict::from_outcome(o, Player::First))
    }

    fn estimate(&self, game: &RaceGame) -> ProofNumbers {
        game.with_judgements(|ja, jb| {
            let (Some(ja), Some(jb)) = (ja, jb) else {
                return ProofNumbers::UNIT;
            };
            let strength = |j: &Judgement| (j.liberties().min(8) as u32, j.max_eyes().min(2));
            // The weaker the group to be shown dead, the cheaper the proof.
            let (target, other) = match game.question {
                RaceQuestion::Kill => (strength(jb), strength(ja)),
                RaceQuestion::Survive => (strength(ja), strength(jb)),
            };
            let (tl, te) = target;
            let (ol, oe) = other;
            match game.question {
                RaceQuestion::Kill => ProofNumbers {
                    proof: 1 + tl / 2 + 2 * te,
                    disproof: 1 + ol / 2 + 2 * oe,
                },
                RaceQuestion::Survive => ProofNumbers {
                    proof: 1 + ol / 2 + 2 * oe,
                    disproof: 1 + tl / 2 + 2 * te,
                },
            }
        })
    }
}

/// The answer to a race, as GNU Go's `analyze_semeai` gives it.
///
/// ```
/// use go_life::race::RaceResult;
/// use go_search::tactics::TacticalCode;
/// let b2 = "B2".parse().unwrap();
/// let r = RaceResult {
///     defend: TacticalCode::Win,
///     attack: TacticalCode::Win,
///     best_move: Some(b2),
///     pv: vec![b2],
///     certain: true,
///     nodes: 10,
/// };
/// assert_eq!(r.to_string(), "1 1 B2");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RaceResult {
    /// Whether A's side, moving first, keeps A (GNU Go's first code).
    pub defend: TacticalCode,
    /// Whether A's side, moving first, captures B (GNU Go's second code).
    pub attack: TacticalCode,
    /// The move that does it (a pass when nothing need be played).
    pub best_move: Option<Move>,
    /// The principal variation of the search that found
    /// [`best_move`](Self::best_move): both sides' moves from the position,
    /// starting with it, read from the search's table
    /// ([`ProofResult::pv`](go_search::ProofResult::pv), up to 64 moves). Empty
    /// when A dies.
    pub pv: Vec<Move>,
    /// Whether every search finished within its budget and horizon.
    pub certain: bool,
    /// df-pn nodes spent.
    pub nodes: u64,
}

impl fmt::Display for RaceResult {
    /// `<defend> <attack> <move>`, the move `PASS` when A dies.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = self.defend.gtp_code();
        let a = self.attack.gtp_code();
        match self.best_move {
            Some(Move::Play(p)) if self.defend.succeeds() => write!(f, "{d} {a} {p}"),
            _ => write!(f, "{d} {a} PASS"),
        }
    }
}

/// Whether the race between the stones at `a` and `b` is one between blocks:
/// each stone's dragon is its block alone (no other block linked to it), so that
/// go-semeai's block races answer it exactly as GNU Go's semeai would.
///
/// ```
/// use go_board::Board;
/// use go_life::race::is_block_race;
/// let board = Board::from_diagram(
///     ". . . . .
///      O O O . .
///      X X O . .
///      . X O . .
///      X X O . .",
/// )?;
/// assert!(is_block_race(&board, "C3".parse()?, "A3".parse()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn is_block_race(board: &Board, a: Point, b: Point) -> bool {
    let dragons = crate::Dragons::new(board);
    [a, b]
        .iter()
        .all(|&p| dragons.at(p).is_some_and(|d| d.blocks().len() <= 1))
}

/// Reads races between groups (see the module docs).
///
/// ```
/// use go_board::Board;
/// use go_life::race::RaceReader;
///
/// // Two groups with no eye and no outside liberty share two liberties:
/// // whoever fills one is captured, so they live in seki.
/// let board = Board::from_diagram(
///     ". . . . . . .
///      X X X X X X .
///      O O O O O X .
///      X X X X O X .
///      . . X X O X .
///      O O O O O X .
///      X X X X X X .",
/// )?;
/// let mut reader = RaceReader::default();
/// assert_eq!(reader.analyze(&board, "C3".parse()?, "D5".parse()?)?.to_string(), "1 0 PASS");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct RaceReader {
    options: RaceOptions,
    dfpn: Dfpn<RaceGame>,
    blocks: go_semeai::Solver,
}

impl Default for RaceReader {
    fn default() -> Self {
        RaceReader::new(RaceOptions::default())
    }
}

impl RaceReader {
    /// A reader with `options`. A [`tt_bits`](RaceOptions::tt_bits) out of
    /// range is clamped; [`try_new`](Self::try_new) refuses it, and a node
    /// budget of 0.
    #[must_use]
    pub fn new(options: RaceOptions) -> RaceReader {
        let dfpn = local::dfpn(options.nodes, options.depth, options.tt_bits);
        RaceReader {
            options,
            dfpn,
            blocks: go_semeai::Solver::default(),
        }
    }

    /// A reader with `options`, or why their sizes are refused.
    ///
    /// # Errors
    /// The [`OptionsError`](go_search::OptionsError) of a
    /// [`tt_bits`](RaceOptions::tt_bits) outside 1 to
    /// [`MAX_TT_BITS`](go_search::MAX_TT_BITS), a table that cannot be
    /// allocated, or a node budget of 0.
    ///
    /// ```
    /// use go_life::race::{RaceOptions, RaceReader};
    /// assert!(RaceReader::try_new(RaceOptions::default().with_nodes(0)).is_err());
    /// assert!(RaceReader::try_new(RaceOptions::default()).is_ok());
    /// ```
    pub fn try_new(options: RaceOptions) -> Result<RaceReader, go_search::OptionsError> {
        let dfpn = local::try_dfpn(options.nodes, options.depth, options.tt_bits)?;
        Ok(RaceReader {
            options,
            dfpn,
            blocks: go_semeai::Solver::default(),
        })
    }

    /// The options.
    #[must_use]
    pub fn options(&self) -> &RaceOptions {
        &self.options
    }

    /// The race between the groups of `a` and `b`, A's owner moving first.
    ///
    /// # Errors
    /// [`RaceError`] when a point is off the board or empty, or both hold
    /// stones of one colour.
    pub fn analyze(&mut self, board: &Board, a: Point, b: Point) -> Result<RaceResult, RaceError> {
        let kill = self.solve(board, a, b, RaceQuestion::Kill)?;
        if kill.proved {
            return Ok(RaceResult {
                defend: TacticalCode::Win,
                attack: TacticalCode::Win,
                pv: local::answer_line(kill.best, kill.pv),
                best_move: kill.best,
                certain: kill.certain,
                nodes: kill.nodes,
            });
        }
        let live = self.solve(board, a, b, RaceQuestion::Survive)?;
        let best_move = if live.proved { live.best } else { None };
        Ok(RaceResult {
            defend: if live.proved {
                TacticalCode::Win
            } else {
                TacticalCode::Loss
            },
            attack: TacticalCode::Loss,
            best_move,
            pv: local::answer_line(best_move, live.pv),
            certain: kill.certain && live.certain,
            nodes: kill.nodes + live.nodes,
        })
    }

    /// GNU Go's `analyze_semeai A B` answer, with the hand-over between the two
    /// solvers: go-semeai (Vilà's exact classes and its search on the blocks of
    /// A and B) answers, except where A's side loses (or go-semeai cannot tell)
    /// in a race that is not between two single-block groups (see
    /// [`is_block_race`]): there the group search ([`analyze`](Self::analyze))
    /// answers if it finishes certain.
    ///
    /// ```
    /// use go_board::Board;
    /// use go_life::race::RaceReader;
    /// // Black's corner block has one liberty, its eye at A2; White's has seven.
    /// let board = Board::from_diagram(
    ///     ". . . . .
    ///      O O O . .
    ///      X X O . .
    ///      . X O . .
    ///      X X O . .",
    /// )?;
    /// let mut reader = RaceReader::default();
    /// assert_eq!(reader.analyze_semeai(&board, "C3".parse()?, "A3".parse()?)?, "1 1 PASS");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`RaceError`] when a point is off the board or empty, or both hold
    /// stones of one colour.
    pub fn analyze_semeai(
        &mut self,
        board: &Board,
        a: Point,
        b: Point,
    ) -> Result<String, RaceError> {
        check(board, a, b)?;
        let r = match self.blocks.solve(board, a, b) {
            Ok(r) => Some(r),
            Err(go_semeai::SemeaiError::OffBoard(p)) => return Err(RaceError::OffBoard(p)),
            Err(go_semeai::SemeaiError::Empty(p)) => return Err(RaceError::Empty(p)),
            Err(go_semeai::SemeaiError::SameColor(p, q)) => {
                return Err(RaceError::SameColor(p, q));
            }
            // Blocks in no race of their own (`Unrelated`): their groups may
            // be in one. go-semeai knows nothing of it.
            Err(_) => None,
        };
        let (def, att, mv) = match &r {
            Some(r) if r.lives.code() != 0 => (r.lives.code(), r.kills.code(), r.decision),
            Some(r) => (0, r.kills.code(), go_semeai::BestMove::Pass),
            None => (0, 0, go_semeai::BestMove::Pass),
        };
        let blocks_answer = format!("{def} {att} {mv}");
        // go-semeai's failure on groups is to give A's block up (`0 0`) where
        // the group it belongs to, or a block of B's group, changes the race;
        // there the group search answers, when it is certain.
        let unknown = r
            .as_ref()
            .is_none_or(|r| !r.lives.is_possible() && r.lives != go_semeai::Certainty::No);
        if (def == 0 || unknown) && !is_block_race(board, a, b) {
            let group = self.analyze(board, a, b)?;
            if group.certain {
                return Ok(group.to_string());
            }
        }
        Ok(blocks_answer)
    }

    /// One df-pn search: whether A's side shows `question`.
    fn solve(
        &mut self,
        board: &Board,
        a: Point,
        b: Point,
        question: RaceQuestion,
    ) -> Result<RaceSearch, RaceError> {
        let mut game = RaceGame::new(board, a, b, question, self.options)?;
        let proof = self.dfpn.solve(&mut game, &RaceGoal);
        let proved = proof.stop == StopReason::Proved;
        let certain = proof.stop.is_solved() && !proof.conditional;
        let (best, pv) = if proved {
            let pv = self
                .dfpn
                .principal_variation(&mut game, &RaceGoal, local::PV_LENGTH);
            (Some(proof.best_move.unwrap_or(Move::Pass)), pv)
        } else {
            (None, Vec::new())
        };
        Ok(RaceSearch {
            proved,
            best,
            pv,
            certain,
            nodes: proof.stats.nodes,
        })
    }
}

/// One search of a race: whether A's side shows the question, its move and
/// line, whether the search was certain, and its nodes.
struct RaceSearch {
    proved: bool,
    best: Option<Move>,
    pv: Vec<Move>,
    certain: bool,
    nodes: u64,
}

/// GTP: `analyze_semeai A B` by [`RaceReader::analyze_semeai`], replacing
/// go-semeai's command of the same name when registered after it.
#[cfg(feature = "gtp")]
pub(crate) fn register<S: go_gtp::HasBoard>(registry: &mut go_gtp::Registry<S>) {
    use go_gtp::commands::next_board_point;
    use go_gtp::{GtpError, Response};
    use std::sync::{Mutex, PoisonError};

    let reader = Mutex::new(RaceReader::default());
    registry.register("analyze_semeai", move |state: &mut S, args| {
        let board = state.board();
        let a = next_board_point(args, board)?;
        let b = next_board_point(args, board)?;
        args.end()?;
        let mut reader = reader.lock().unwrap_or_else(PoisonError::into_inner);
        let answer = reader
            .analyze_semeai(board, a, b)
            .map_err(|e| GtpError::message(e.to_string()))?;
        Ok(Response::from(answer))
    });
}
