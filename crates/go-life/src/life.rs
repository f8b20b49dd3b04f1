//! Life and death of a whole group: a df-pn search (go-search's [`Dfpn`]) over the
//! local fight around the group, asked GNU Go's owl questions.
//!
//! # The local game ([`LifeGame`])
//! The attacker is [`Player::First`]. A position is over when
//! - the stone asked about has been captured: the attacker wins;
//! - the group is unconditionally alive (Benson's test on its enclosed regions,
//!   false eyes included), or has two eyes whoever moves first in its eye spaces
//!   ([`Judgement::two_eyes`]): the defender wins;
//! - the attacker is to move, has had a move already, and the group can run:
//!   [`LifeOptions::escape`] or more open points within reach (see
//!   [`Judgement::escape`]): the defender wins;
//! - the group is hopeless ([`Judgement::hopeless`]: no room to run, at most one
//!   eye, no weak enemy neighbour) with the attacker to move, below the
//!   question's own position (the defender has had a move to answer): the
//!   attacker wins (the question's position is always read one move deep, as
//!   a ko or a friend to join escapes the static signs);
//! - both sides passed (seki, or nothing left to do): the defender wins.
//!
//! Moves are the best few of the group's liberties, the empty points of its small
//! eye spaces, the liberties of enemy neighbours with three or fewer liberties and,
//! while the group has few liberties, the points next to them, and a pass; the
//! asking side (the side to move at the question's position) keeps more of
//! them at its turns deep in the tree ([`LifeOptions::asking_width`]). Ko follows the board's rules
//! (simple ko): a side banned from retaking may pass and retake later, and a
//! repeated position is a defender win.
//!
//! Positions [`LifeOptions::horizon`] plies down are judged by sight. When the
//! asking side fails by such a judgement, the question is read again with a
//! deeper horizon ([`LifeOptions::horizon_step`]).
//!
//! The terminal rules past Benson's test are judgements, not proofs, as GNU Go's
//! owl is: answers are exact only when every line ends in a capture or in Benson
//! life. Every answer says whether it was found within the node budget
//! ([`LifeResult::certain`]); when the budget runs out, the side that asks fails
//! (an unfinished kill or save is not claimed) and the answer is marked
//! uncertain.

use crate::local::{self, KoMoves};
use std::cell::{Cell, RefCell};
use std::fmt;

use go_board::{Board, Color, Move, Point};
use go_search::tactics::{KoThreats, TacticalCode};
use go_search::{
    Dfpn, Game, Goal, Outcome, Player, ProofNumbers, ProofResult, SearchLimits, StopReason, Verdict,
};

use crate::candidates::candidates;
use crate::error::LifeError;
use crate::judge::Judgement;

/// Bounds and thresholds of a life-and-death search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct LifeOptions {
    /// df-pn nodes per question.
    pub nodes: u64,
    /// Plies below the question's position.
    pub depth: u32,
    /// Transposition-table size (log2 of entries), 1 to [`go_search::MAX_TT_BITS`]; the
    /// search clamps others (see [`go_search::Dfpn::new`]).
    pub tt_bits: u32,
    /// The escape measure at which a group with the attacker to move is taken to
    /// run free: room for two eyes, or a way out.
    pub escape: u32,
    /// The most liberties a group may have for the points next to them to be moves.
    pub wide_liberties: usize,
    /// The most candidate moves tried at a node (see [`crate::life`]), a pass
    /// aside, by the side answering the question; the asking side has
    /// [`asking_width`](Self::asking_width).
    pub width: usize,
    /// The most moves tried at a node less than [`shallow`](Self::shallow)
    /// plies down: near the question's position the key move is often one
    /// that scores low by sight (the other side's vital point, a move that
    /// prepares an eye), and a wide look there costs little next to the
    /// tree below.
    pub shallow_width: usize,
    /// Where the search narrows from [`shallow_width`](Self::shallow_width)
    /// to [`width`](Self::width).
    pub shallow: u32,
    /// The most moves tried at a node [`deep`](Self::deep) plies down or more,
    /// by the side answering the question (the asking side has
    /// [`asking_deep_width`](Self::asking_deep_width)).
    pub deep_width: usize,
    /// Where the search narrows to [`deep_width`](Self::deep_width).
    pub deep: u32,
    /// [`width`](Self::width) for the asking side (the side to move at the
    /// question's position): it must find one move that works, while the
    /// other side needs only a refutation of the moves tried. A cut list
    /// fails the asking side when the move it needs ranks low (an
    /// attacker's second-line placement, a defender's eye-making throw-in),
    /// so its lists are cut later.
    pub asking_width: usize,
    /// [`deep_width`](Self::deep_width) for the asking side.
    pub asking_deep_width: usize,
    /// Plies below the question's position where an open position is judged by
    /// sight: the attacker wins unless the group shows room for two eyes or a way
    /// out (an escape measure of [`escape`](Self::escape)). Answers that lean on such a
    /// judgement are not [`certain`](LifeResult::certain).
    pub horizon: u32,
    /// How much deeper a question is read again when the asking side fails
    /// by a judgement at the horizon: the judgement is a guess, and a kill or
    /// a rescue that takes longer than the horizon to play out looks like a
    /// failure there. The question is read again with the horizon this many
    /// plies deeper, up to [`max_horizon`](Self::max_horizon), while a
    /// quarter of the budget is left; the deeper answer replaces the first
    /// when it is finished. 0 reads once. Only the reading without ko
    /// threats is read again (the readings that grade kos are not).
    pub horizon_step: u32,
    /// The deepest horizon [`horizon_step`](Self::horizon_step) goes to.
    pub max_horizon: u32,
}

impl Default for LifeOptions {
    fn default() -> Self {
        LifeOptions {
            nodes: 40_000,
            depth: 40,
            tt_bits: 18,
            escape: 20,
            wide_liberties: 6,
            width: 6,
            shallow_width: 10,
            shallow: 2,
            deep_width: 3,
            deep: 8,
            asking_width: 8,
            asking_deep_width: 4,
            horizon: 10,
            horizon_step: 6,
            max_horizon: 22,
        }
    }
}

impl LifeOptions {
    /// Sets the node budget per question.
    ///
    /// ```
    /// let o = go_life::LifeOptions::default().with_nodes(500);
    /// assert_eq!(o.nodes, 500);
    /// ```
    #[must_use]
    pub fn with_nodes(mut self, nodes: u64) -> Self {
        self.nodes = nodes;
        self
    }
}

/// The local fight around one group as a [`Game`]: the attacker is
/// [`Player::First`]. See the module docs for the rules.
#[derive(Debug)]
pub struct LifeGame {
    board: Board,
    target: Point,
    defender: Color,
    options: LifeOptions,
    /// Moves played since the question's position.
    depth: u32,
    /// Tells this question (target and defender) apart from others in a shared
    /// transposition table.
    question: u64,
    /// Judgements of recent positions by hash, direct-mapped
    /// ([`JUDGED_SLOTS`] slots, made on first use): df-pn looks at a child
    /// when its parent is expanded and again when it descends into it.
    judged: RefCell<Vec<JudgedSlot>>,
    /// Positions decided by sight at the horizon so far.
    judged_at_horizon: Cell<u64>,
    /// The moves played, under the ko threats of both sides.
    moves: KoMoves,
    /// Whether only unconditional life counts for the defender (see
    /// [`LifeGame::set_seki_loses`]).
    seki_loses: bool,
}

impl LifeGame {
    /// The fight for the group of the stone at `target`, with the board's side to
    /// move playing first.
    ///
    /// # Errors
    /// [`LifeError::OffBoard`] or [`LifeError::EmptyPoint`].
    pub fn new(board: &Board, target: Point, options: LifeOptions) -> Result<LifeGame, LifeError> {
        let defender = stone_at(board, target)?;
        let board = local::local_board(board);
        Ok(LifeGame {
            board,
            target,
            defender,
            options,
            depth: 0,
            question: question_key(target, defender)
                ^ u64::from(options.horizon).wrapping_mul(0x2545_f491_4f6c_dd1d),
            judged: RefCell::new(Vec::new()),
            judged_at_horizon: Cell::new(0),
            moves: KoMoves::default(),
            seki_loses: false,
        })
    }

    /// Makes seki a loss for the defender: the attacker may pass too, and when
    /// both sides pass the defender wins only if the group is alive by itself
    /// (Benson, two sure eyes with no enemy stone in them, or room to run). A
    /// group that lives in the usual game and dies in this one lives in seki.
    ///
    /// ```
    /// use go_board::Board;
    /// use go_life::{LifeGame, LifeOptions};
    /// let board = Board::from_diagram(". X O\nX O .\n. X O")?;
    /// let mut game = LifeGame::new(&board, "B2".parse()?, LifeOptions::default())?;
    /// game.set_seki_loses(true);
    /// assert!(game.seki_loses());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_seki_loses(&mut self, seki_loses: bool) {
        self.seki_loses = seki_loses;
    }

    /// Whether seki is a loss for the defender.
    #[must_use]
    pub fn seki_loses(&self) -> bool {
        self.seki_loses
    }

    /// The board as it stands in the search.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    fn attacker(&self) -> Color {
        self.defender.opposite()
    }

    /// Gives the attacker (`attacker == true`) or the defender `threats`.
    ///
    /// ```
    /// use go_board::Board;
    /// use go_life::{LifeGame, LifeOptions};
    /// use go_search::tactics::KoThreats;
    /// let board = Board::from_diagram(". X O\nX O .\n. X O")?;
    /// let mut game = LifeGame::new(&board, "B2".parse()?, LifeOptions::default())?;
    /// game.set_ko_threats(true, KoThreats::Unlimited);
    /// assert_eq!(game.ko_threats(true), KoThreats::Unlimited);
    /// assert_eq!(game.ko_threats(false), KoThreats::Limited(0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_ko_threats(&mut self, attacker: bool, threats: KoThreats) {
        let color = if attacker {
            self.attacker()
        } else {
            self.defender
        };
        self.moves.set_threats(color, threats);
    }

    /// The ko threats of the attacker (`attacker == true`) or the defender.
    #[must_use]
    pub fn ko_threats(&self, attacker: bool) -> KoThreats {
        let color = if attacker {
            self.attacker()
        } else {
            self.defender
        };
        self.moves.threats(color)
    }

    /// The judgement of the current position's group (`None` once it is
    /// captured), cached by hash.
    fn with_judgement<R>(&self, f: impl FnOnce(Option<&Judgement>) -> R) -> R {
        let hash = self.board.hash();
        let mut cache = self.judged.borrow_mut();
        if cache.is_empty() {
            cache.resize_with(JUDGED_SLOTS, || None);
        }
        let slot = &mut cache[(hash % JUDGED_SLOTS as u64) as usize];
        if !matches!(slot, Some((h, _)) if *h == hash) {
            *slot = Some((hash, Judgement::new(&self.board, self.target)));
        }
        f(slot.as_ref().and_then(|(_, j)| j.as_ref()))
    }
}

/// A slot of a [`LifeGame`]'s cache of judgements: a position's hash and its
/// group's judgement (`None` once the group is captured).
type JudgedSlot = Option<(u64, Option<Judgement>)>;

/// Slots of a [`LifeGame`]'s cache of judgements.
const JUDGED_SLOTS: usize = 256;

/// A hash key for the question about the group of `target` owned by `defender`.
fn question_key(target: Point, defender: Color) -> u64 {
    let x = (target.index() as u64 + 1) * 2 + u64::from(defender == Color::White);
    // SplitMix64's finaliser spreads the few bits over the word.
    let mut z = x.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

fn stone_at(board: &Board, p: Point) -> Result<Color, LifeError> {
    if !board.geometry().contains(p) {
        return Err(LifeError::OffBoard(p));
    }
    board.color_at(p).ok_or(LifeError::EmptyPoint(p))
}

impl Game for LifeGame {
    type Move = Move;

    fn to_play(&self) -> Player {
        local::player(self.board.to_play() == self.attacker())
    }

    fn generate(&self, out: &mut Vec<Move>) {
        let o = self.options;
        // Passes count as moves, so the asking side moves at even depths.
        let asking = self.depth % 2 == 0;
        let width = match (self.depth < o.shallow, self.depth < o.deep, asking) {
            (true, _, _) => o.shallow_width,
            (false, true, true) => o.asking_width,
            (false, true, false) => o.width,
            (false, false, true) => o.asking_deep_width,
            (false, false, false) => o.deep_width,
        };
        let mover = self.board.to_play();
        self.with_judgement(|j| {
            if let Some(j) = j {
                candidates(
                    &self.board,
                    j,
                    mover,
                    self.defender,
                    o.wide_liberties,
                    width,
                    out,
                );
            }
        });
        // The defender may pass (seki, or nothing to gain); the attacker only to
        // wait out a ko ban, or where seki loses (to leave a seki as it is).
        if mover == self.defender
            || self.seki_loses
            || self.board.ko().is_some_and(|k| k.banned == mover)
        {
            out.push(Move::Pass);
        }
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
        let seki = if self.seki_loses {
            0x6a09_e667_f3bc_c909
        } else {
            0
        };
        local::hash(&self.board) ^ self.question ^ self.moves.key() ^ seki
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.board.color_at(self.target) != Some(self.defender) {
            return Some(Outcome::Win(Player::First));
        }
        let passed_out = self.board.consecutive_passes() >= 2;
        if passed_out && !self.seki_loses {
            return Some(Outcome::Win(Player::Second));
        }
        // A group can only run once the attacker has had a move to stop it.
        let may_run = self.depth >= 2 && self.board.to_play() == self.attacker();
        let escape = self.options.escape;
        self.with_judgement(|j| {
            let j = j?;
            if passed_out {
                // Seki loses: only life of the group's own counts.
                let alive = j.pass_alive || j.two_clear_eyes() || j.escape >= escape;
                return Some(Outcome::Win(if alive {
                    Player::Second
                } else {
                    Player::First
                }));
            }
            let two_eyes = if self.seki_loses {
                j.two_clear_eyes()
            } else {
                j.two_eyes()
            };
            if j.pass_alive || two_eyes || (may_run && j.escape >= escape) {
                Some(Outcome::Win(Player::Second))
            } else if j.hopeless() && self.depth > 0 && self.board.to_play() == self.attacker() {
                // Only once the defender has had a move to answer: a group one
                // move from a friend or an eye looks hopeless until it plays
                // there (and never at the question's own position).
                Some(Outcome::Win(Player::First))
            } else if self.depth >= self.options.horizon {
                // The horizon: judge by sight, and mark the answer as uncertain.
                self.judged_at_horizon.set(self.judged_at_horizon.get() + 1);
                let shut_in = j.max_eyes() <= 1 && j.escape < escape;
                Some(Outcome::Win(if shut_in {
                    Player::First
                } else {
                    Player::Second
                }))
            } else {
                None
            }
        })
    }

    fn conditions_met(&self) -> u64 {
        self.judged_at_horizon.get()
    }

    fn pass_move(&self) -> Option<Move> {
        Some(Move::Pass)
    }

    fn repetition_outcome(&self) -> Outcome {
        Outcome::Win(Player::Second)
    }
}

/// The attacker's goal in a [`LifeGame`]: the game's outcome, with proof and
/// disproof numbers seeded from the group's static judgement (a weak group is
/// cheap to kill, a strong one cheap to save).
#[derive(Clone, Copy, Debug, Default)]
pub struct LifeGoal;

impl Goal<LifeGame> for LifeGoal {
    fn attacker(&self) -> Player {
        Player::First
    }

    fn verdict(&self, game: &LifeGame) -> Option<Verdict> {
        game.outcome()
            .map(|o| Verdict::from_outcome(o, Player::First))
    }

    fn estimate(&self, game: &LifeGame) -> ProofNumbers {
        game.with_judgement(|j| {
            let Some(j) = j else {
                return ProofNumbers::UNIT;
            };
            let eyes = (j.min_eyes() + j.max_eyes()).min(4);
            let libs = j.liberties().min(8) as u32;
            let escape = j.escape.min(20);
            ProofNumbers {
                proof: 1 + eyes + libs / 2 + escape / 4,
                disproof: 1 + (4 - eyes) + (8 - libs) / 3,
            }
        })
    }
}

/// The answer to a life-and-death question, as GNU Go's owl gives it.
///
/// ```
/// use go_life::LifeResult;
/// use go_search::tactics::{KoThreats, TacticalCode};
/// let b2 = "B2".parse().unwrap();
/// let r = LifeResult { code: TacticalCode::Win, best_move: Some(b2), pv: vec![b2],
///                      certain: true, nodes: 10 };
/// assert_eq!(r.to_string(), "1 B2");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LifeResult {
    /// GNU Go's result code: 0 fails, 1 succeeds, 2 and 3 for kos.
    pub code: TacticalCode,
    /// The move that succeeds (a pass when the group lives without one).
    pub best_move: Option<Move>,
    /// The principal variation: the line the answer rests on, both sides' moves
    /// from the position asked about, read from the search's table
    /// ([`ProofResult::pv`], up to 64 moves). Empty on failure; otherwise it
    /// starts with [`best_move`](Self::best_move) and ends where the group is
    /// captured, lives or is judged at the horizon, or where the table no longer
    /// holds the proof. A move checked alone
    /// ([`does_attack`](LifeReader::does_attack)) is its own line.
    pub pv: Vec<Move>,
    /// Whether the search finished within its budget and below its horizon.
    /// A search that ran out of budget answers that the asking side fails.
    pub certain: bool,
    /// df-pn nodes spent.
    pub nodes: u64,
}

local::impl_ko_coded!(LifeResult);

impl LifeResult {
    /// Whether the attack or defence succeeds.
    #[must_use]
    pub fn succeeds(&self) -> bool {
        self.code.succeeds()
    }
}

impl fmt::Display for LifeResult {
    /// GNU Go's answer: `0`, or the code and the move (`1 B2`, `1 PASS`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.code, self.best_move) {
            (TacticalCode::Loss, _) => write!(f, "0"),
            (code, Some(Move::Play(p))) => write!(f, "{} {p}", code.gtp_code()),
            (code, _) => write!(f, "{} PASS", code.gtp_code()),
        }
    }
}

/// The status of a group, after GNU Go's `dragon_status`, with seki told apart
/// by [`LifeReader::group_status`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LifeStatus {
    /// No attack works.
    Alive,
    /// No attack works, but the group lives only because neither side can
    /// approach: it has no life of its own (two eyes or room to run), and the
    /// liberties it shares are no one's territory.
    Seki,
    /// Whoever moves first decides: the attack and the defence.
    Critical {
        /// The attacker's killing move.
        attack: Move,
        /// The defender's saving move.
        defence: Move,
    },
    /// No defence works.
    Dead,
}

impl fmt::Display for LifeStatus {
    /// `alive`, `seki`, `dead` or `critical A D`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LifeStatus::Alive => write!(f, "alive"),
            LifeStatus::Seki => write!(f, "seki"),
            LifeStatus::Dead => write!(f, "dead"),
            LifeStatus::Critical { attack, defence } => write!(f, "critical {attack} {defence}"),
        }
    }
}

/// Asks life-and-death questions: GNU Go's `owl_attack`, `owl_defend`,
/// `owl_does_attack`, `owl_does_defend` and `dragon_status`.
///
/// ```
/// use go_board::Board;
/// use go_life::{LifeReader, LifeStatus};
///
/// // Black's straight three in the corner: whoever plays B1 first decides.
/// let board = Board::from_diagram(
///     ". . . . . .
///      O O O O O .
///      X X X X O .
///      . . . X O .",
/// )?;
/// let mut reader = LifeReader::default();
/// let a1 = "A2".parse()?;
/// assert_eq!(reader.attack(&board, a1)?.to_string(), "1 B1");
/// assert_eq!(reader.defend(&board, a1)?.to_string(), "1 B1");
/// assert!(matches!(reader.status(&board, a1)?, LifeStatus::Critical { .. }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct LifeReader {
    options: LifeOptions,
    dfpn: Dfpn<LifeGame>,
}

impl Default for LifeReader {
    fn default() -> Self {
        LifeReader::new(LifeOptions::default())
    }
}

impl LifeReader {
    /// A reader with `options`. A [`tt_bits`](LifeOptions::tt_bits) out of
    /// range is clamped, a node budget of 0 answers every question with a
    /// failure marked uncertain; [`try_new`](Self::try_new) refuses both.
    #[must_use]
    pub fn new(options: LifeOptions) -> LifeReader {
        let dfpn = local::dfpn(options.nodes, options.depth, options.tt_bits);
        LifeReader { options, dfpn }
    }

    /// A reader with `options`, or why their sizes are refused.
    ///
    /// # Errors
    /// [`OptionsError::TtBits`](go_search::OptionsError::TtBits) for a
    /// [`tt_bits`](LifeOptions::tt_bits) outside 1 to
    /// [`MAX_TT_BITS`](go_search::MAX_TT_BITS),
    /// [`OptionsError::TableAllocation`](go_search::OptionsError::TableAllocation)
    /// when the table cannot be allocated,
    /// [`OptionsError::ZeroNodes`](go_search::OptionsError::ZeroNodes) for a
    /// node budget of 0.
    ///
    /// ```
    /// use go_life::{LifeOptions, LifeReader};
    /// use go_search::OptionsError;
    /// let mut huge = LifeOptions::default();
    /// huge.tt_bits = 63;
    /// assert_eq!(LifeReader::try_new(huge).err(), Some(OptionsError::TtBits(63)));
    /// assert!(LifeReader::try_new(LifeOptions::default().with_nodes(0)).is_err());
    /// assert!(LifeReader::try_new(LifeOptions::default()).is_ok());
    /// ```
    pub fn try_new(options: LifeOptions) -> Result<LifeReader, go_search::OptionsError> {
        let dfpn = local::try_dfpn(options.nodes, options.depth, options.tt_bits)?;
        Ok(LifeReader { options, dfpn })
    }

    /// The options.
    #[must_use]
    pub fn options(&self) -> &LifeOptions {
        &self.options
    }

    /// Can the group of the stone at `target` be killed, its opponent moving first?
    /// `1 M` with the killing move, or `0`.
    ///
    /// # Errors
    /// [`LifeError`] when `target` is off the board or empty.
    pub fn attack(&mut self, board: &Board, target: Point) -> Result<LifeResult, LifeError> {
        let defender = stone_at(board, target)?;
        self.solve(board, target, defender.opposite(), true)
    }

    /// Can the group of the stone at `target` be saved, its owner moving first?
    /// `1 M` with the saving move, or `0`. The answer is `1 PASS` when the
    /// group lives as it stands by sight (Benson, two eyes, room to run);
    /// a group that lives anyway but only reading shows it gets a move that
    /// keeps it alive (GNU Go answers `1 PASS` there too: ask
    /// [`attack`](Self::attack) to tell the two apart).
    ///
    /// # Errors
    /// [`LifeError`] when `target` is off the board or empty.
    pub fn defend(&mut self, board: &Board, target: Point) -> Result<LifeResult, LifeError> {
        let defender = stone_at(board, target)?;
        self.solve(board, target, defender, false)
    }

    /// Does the attacker's move `mv` kill the group of `target`? `1 mv` or `0`.
    ///
    /// # Errors
    /// [`LifeError`] when `target` is off the board or empty, or `mv` is illegal.
    pub fn does_attack(
        &mut self,
        board: &Board,
        mv: Point,
        target: Point,
    ) -> Result<LifeResult, LifeError> {
        let defender = stone_at(board, target)?;
        self.after(board, defender.opposite(), mv, target, true)
    }

    /// Does the defender's move `mv` save the group of `target`? `1 mv` or `0`.
    ///
    /// # Errors
    /// [`LifeError`] when `target` is off the board or empty, or `mv` is illegal.
    pub fn does_defend(
        &mut self,
        board: &Board,
        mv: Point,
        target: Point,
    ) -> Result<LifeResult, LifeError> {
        let defender = stone_at(board, target)?;
        self.after(board, defender, mv, target, false)
    }

    /// The group's status as GNU Go's `dragon_status` gives it: alive if no
    /// attack works, else critical if a defence works, else dead. Never
    /// [`LifeStatus::Seki`]: see [`group_status`](Self::group_status).
    ///
    /// # Errors
    /// [`LifeError`] when `target` is off the board or empty.
    pub fn status(&mut self, board: &Board, target: Point) -> Result<LifeStatus, LifeError> {
        let attack = self.attack(board, target)?;
        if !attack.succeeds() {
            return Ok(LifeStatus::Alive);
        }
        let defence = self.defend(board, target)?;
        Ok(match (defence.succeeds(), defence.best_move) {
            (true, Some(d)) => LifeStatus::Critical {
                attack: attack.best_move.unwrap_or(Move::Pass),
                defence: d,
            },
            _ => LifeStatus::Dead,
        })
    }

    /// Can the group of the stone at `target` be kept from life of its own
    /// (Benson, two eyes with no enemy stone in them, or room to run), its
    /// opponent moving first and seki counting as the attacker's win? `1 M` or
    /// `0`. A group that [`attack`](Self::attack) cannot kill but this can lives
    /// in seki.
    ///
    /// # Errors
    /// [`LifeError`] when `target` is off the board or empty.
    pub fn strict_attack(&mut self, board: &Board, target: Point) -> Result<LifeResult, LifeError> {
        let defender = stone_at(board, target)?;
        Ok(self
            .search(board, target, defender.opposite(), true, None, true)?
            .result)
    }

    /// The group's status with seki told apart: as [`status`](Self::status),
    /// and when no attack works, [`LifeStatus::Seki`] if the attacker wins the
    /// stricter game where seki loses ([`LifeGame::set_seki_loses`]).
    ///
    /// ```
    /// use go_board::Board;
    /// use go_life::{LifeReader, LifeStatus};
    /// // Black's C3 group and White's E4 group, each shut in with no eye, share
    /// // A3 and B3: whoever fills one is captured. Seki.
    /// let board = Board::from_diagram(
    ///     ". . . . . . .
    ///      X X X X X X .
    ///      O O O O O X .
    ///      X X X X O X .
    ///      . . X X O X .
    ///      O O O O O X .
    ///      X X X X X X .",
    /// )?;
    /// let mut reader = LifeReader::default();
    /// assert_eq!(reader.group_status(&board, "C3".parse()?)?, LifeStatus::Seki);
    /// assert_eq!(reader.group_status(&board, "E4".parse()?)?, LifeStatus::Seki);
    /// assert_eq!(reader.status(&board, "C3".parse()?)?, LifeStatus::Alive);
    /// // The wall around them lives by itself.
    /// assert_eq!(reader.group_status(&board, "F4".parse()?)?, LifeStatus::Alive);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`LifeError`] when `target` is off the board or empty.
    pub fn group_status(&mut self, board: &Board, target: Point) -> Result<LifeStatus, LifeError> {
        let status = self.status(board, target)?;
        if status != LifeStatus::Alive {
            return Ok(status);
        }
        Ok(if self.strict_attack(board, target)?.succeeds() {
            LifeStatus::Seki
        } else {
            LifeStatus::Alive
        })
    }

    fn after(
        &mut self,
        board: &Board,
        color: Color,
        mv: Point,
        target: Point,
        attacking: bool,
    ) -> Result<LifeResult, LifeError> {
        if !board.geometry().contains(mv) {
            return Err(LifeError::OffBoard(mv));
        }
        let mut after = board.clone();
        after
            .play(color, mv)
            .map_err(|e| LifeError::Illegal(mv, e.to_string()))?;
        let reply = if after.color_at(target).is_none() {
            // The move captured the group (or, for the defender, was suicide).
            LifeResult {
                code: if attacking {
                    TacticalCode::Loss
                } else {
                    TacticalCode::Win
                },
                best_move: None,
                pv: Vec::new(),
                certain: true,
                nodes: 0,
            }
        } else {
            self.solve(&after, target, color.opposite(), !attacking)?
        };
        let code = if reply.succeeds() {
            TacticalCode::Loss
        } else {
            TacticalCode::Win
        };
        let best_move = code.succeeds().then_some(Move::Play(mv));
        Ok(LifeResult {
            code,
            best_move,
            pv: best_move.into_iter().collect(),
            certain: reply.certain,
            nodes: reply.nodes,
        })
    }

    /// The answer with `first` to move; `attacking` tells which side asks. A search
    /// in which neither side has ko threats (so whoever takes a ko first wins it).
    /// When a ko ban stopped a move there, a second search tells the kos apart:
    /// - the asking side succeeded: the other side gets unlimited threats; if the
    ///   success then surely fails it rests on a ko the asking side takes first
    ///   (GNU Go's code 2), else it is unconditional (1);
    /// - the asking side failed: it gets unlimited threats; success there is a ko
    ///   in which it needs the first threat (code 3).
    fn solve(
        &mut self,
        board: &Board,
        target: Point,
        first: Color,
        attacking: bool,
    ) -> Result<LifeResult, LifeError> {
        let plain = self.search(board, target, first, attacking, None, false)?;
        local::ko_coded(plain.result, plain.ko_met, |asking| {
            let side = if asking { attacking } else { !attacking };
            Ok(self
                .search(board, target, first, attacking, Some(side), false)?
                .result)
        })
    }

    /// One df-pn search; `unlimited` names the side with unlimited ko threats
    /// (`Some(true)` the attacker); `seki_loses` makes seki a loss for the
    /// defender.
    fn search(
        &mut self,
        board: &Board,
        target: Point,
        first: Color,
        attacking: bool,
        unlimited: Option<bool>,
        seki_loses: bool,
    ) -> Result<Searched, LifeError> {
        let mut options = self.options;
        let (mut proof, mut ko_met) = self.read_once(
            board,
            target,
            (first, attacking),
            options,
            unlimited,
            seki_loses,
            0,
        )?;
        let mut spent = proof.stats.nodes;
        // The asking side failed by a judgement at the horizon: read deeper
        // while the budget lasts (see `LifeOptions::horizon_step`). Only the
        // plain reading: the readings with unlimited ko threats only grade
        // an answer as a ko, and with retakes free their lines run long, so
        // a deeper horizon there mostly finds kos won by threats the side
        // would not have.
        loop {
            let asking_failed = match proof.stop {
                StopReason::Proved => !attacking,
                StopReason::Disproved => attacking,
                _ => false,
            };
            let deeper = options.horizon.saturating_add(options.horizon_step);
            if !asking_failed
                || unlimited.is_some()
                || !proof.conditional
                || options.horizon_step == 0
                || deeper > options.max_horizon
                || spent.saturating_mul(4) > self.options.nodes.saturating_mul(3)
            {
                break;
            }
            options.horizon = deeper;
            let (again, again_ko_met) = self.read_once(
                board,
                target,
                (first, attacking),
                options,
                unlimited,
                seki_loses,
                spent,
            )?;
            spent += again.stats.nodes;
            if !again.stop.is_solved() {
                // A deeper reading that did not finish leaves the first answer.
                break;
            }
            (proof, ko_met) = (again, again_ko_met);
        }
        let nodes = spent;
        let certain = proof.stop.is_solved() && !proof.conditional;
        // Out of budget, the asking side's goal is not reached: a kill or a
        // save the reading did not finish is not claimed (GNU Go's owl does
        // the same at its node limit). The answer is marked uncertain.
        let attacker_wins = match proof.stop {
            StopReason::Proved => true,
            StopReason::Disproved => false,
            _ => !attacking,
        };
        let code = if attacker_wins == attacking {
            TacticalCode::Win
        } else {
            TacticalCode::Loss
        };
        let best_move = match (code.succeeds(), proof.best_move) {
            (false, _) => None,
            (true, Some(m)) => Some(m),
            // Decided before any move: the group lives (or dies) as it stands.
            (true, None) => Some(Move::Pass),
        };
        Ok(Searched {
            result: LifeResult {
                code,
                best_move,
                pv: local::answer_line(best_move, proof.pv),
                certain,
                nodes,
            },
            ko_met,
        })
    }
}

impl LifeReader {
    /// One df-pn reading of the question under `options` with the nodes
    /// left after `spent`, `first` to move and `attacking` telling which side
    /// asks: the answer, with its line when the asking side succeeds, and
    /// whether a ko ban stopped a move in the search (before the line was
    /// read).
    #[allow(clippy::too_many_arguments)]
    fn read_once(
        &mut self,
        board: &Board,
        target: Point,
        (first, attacking): (Color, bool),
        options: LifeOptions,
        unlimited: Option<bool>,
        seki_loses: bool,
        spent: u64,
    ) -> Result<(ProofResult<Move>, bool), LifeError> {
        let mut game = LifeGame::new(board, target, options)?;
        game.board.set_to_play(first);
        game.set_seki_loses(seki_loses);
        if let Some(side) = unlimited {
            game.set_ko_threats(side, KoThreats::Unlimited);
        }
        self.dfpn.set_limits(
            SearchLimits::default()
                .with_nodes(self.options.nodes.saturating_sub(spent))
                .with_depth(self.options.depth),
        );
        let mut proof = self.dfpn.solve(&mut game, &LifeGoal);
        let ko_met = game.moves.ko_met();
        // Only a success has a line to show.
        let asking_succeeded = match proof.stop {
            StopReason::Proved => attacking,
            StopReason::Disproved => !attacking,
            _ => false,
        };
        if asking_succeeded {
            proof.pv = self
                .dfpn
                .principal_variation(&mut game, &LifeGoal, local::PV_LENGTH);
        }
        Ok((proof, ko_met))
    }
}

/// One search's answer, and whether a ko ban stopped a move in it.
struct Searched {
    result: LifeResult,
    ko_met: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Black's ring around one eye, shut in by a wall with many liberties:
    /// hopeless by sight.
    const ONE_EYE: &str = ". . . . . . .
                           . O O O O O .
                           . O X X X O .
                           . O X . X O .
                           . O X X X O .
                           . O O O O O .
                           . . . . . . .";

    /// A middle-game position (White's E4 group in the lower left; GNU Go's
    /// game incident218, before move 136). Black kills with F1, and the line
    /// needs a second Black move that ranks low among Black's candidates.
    const WIDE_KILL: &str = ". . . . . . . . . . . . . . . . . . .
                             . . . . . O O . O . O . O X . X O . .
                             . . . . . X . O X . . O X O O X . O .
                             . X X X . . . O . X . O X O X X . . .
                             . X O . . . . . . . X . X X O X O . .
                             . X O X . O . . . . . . X O O X O . .
                             . . X O O . . . O X X . . O . X X O .
                             . . X X O O . X . O O O . . . . . . .
                             . X X O O X X . . . . . . O X X O O .
                             . . . X O O . X . X . . . O . X O X .
                             . . . . . O X . . . . O . . . X . X .
                             . . X . . O X . . . X . . O . . X . .
                             . . X . . O X . . . . . . . O O X X .
                             . . . . X O X . . . . X . O . X O O .
                             . . . X X O X . . X . X O . . X . . .
                             . X O X O X X . . X . . O X . X O . .
                             . X X O O O X . . . . . X . . X O . .
                             O O O O . O X . . . . . . . . . O . .
                             . . . . X . . . . . . . . . . . . . .";

    #[test]
    fn the_asking_side_tries_more_moves_deep_in_the_tree() {
        let board = Board::from_diagram(WIDE_KILL).expect("diagram");
        let e4: Point = "E4".parse().expect("point");
        let o = LifeOptions::default();
        let narrow = LifeOptions {
            asking_width: o.width,
            asking_deep_width: o.deep_width,
            ..o
        };
        let cut = LifeReader::new(narrow).attack(&board, e4).expect("a stone");
        assert!(!cut.succeeds(), "{cut}");
        let attack = LifeReader::default().attack(&board, e4).expect("a stone");
        assert_eq!(attack.to_string(), "1 F1");
    }

    /// With the horizon four plies down, the kill's line (F1, then a second
    /// Black move that ranks low) is cut off before the group looks shut in:
    /// read once, the attack fails by the horizon's judgement; read again
    /// deeper, it succeeds.
    #[test]
    fn a_failure_at_the_horizon_is_read_deeper() {
        let board = Board::from_diagram(WIDE_KILL).expect("diagram");
        let e4: Point = "E4".parse().expect("point");
        let shallow = LifeOptions {
            horizon: 4,
            horizon_step: 0,
            ..LifeOptions::default()
        };
        let once = LifeReader::new(shallow)
            .attack(&board, e4)
            .expect("a stone");
        assert!(!once.succeeds(), "{once}");
        let deeper = LifeOptions {
            horizon_step: 4,
            ..shallow
        };
        let again = LifeReader::new(deeper).attack(&board, e4).expect("a stone");
        assert_eq!(again.to_string(), "1 F1");
        assert!(again.nodes > once.nodes);
    }

    #[test]
    fn an_unfinished_reading_claims_nothing() {
        let board = Board::from_diagram(WIDE_KILL).expect("diagram");
        let e4: Point = "E4".parse().expect("point");
        for nodes in [1, 10, 100, 1_000, 5_000] {
            let mut reader = LifeReader::new(LifeOptions::default().with_nodes(nodes));
            for answer in [reader.attack(&board, e4), reader.defend(&board, e4)] {
                let answer = answer.expect("a stone");
                assert!(
                    answer.certain || !answer.succeeds(),
                    "{nodes} nodes: {answer} claimed unfinished"
                );
            }
        }
    }

    #[test]
    fn a_hopeless_group_is_given_up_only_after_its_owner_has_answered() {
        let mut board = Board::from_diagram(ONE_EYE).expect("diagram");
        board.set_to_play(Color::White);
        let c3: Point = "C3".parse().expect("point");
        let mut game = LifeGame::new(&board, c3, LifeOptions::default()).expect("a stone");
        assert!(Judgement::new(game.board(), c3).is_some_and(|j| j.hopeless()));
        // White has moved (a pass): Black, to move, may still find a friend or
        // an eye, so the position stays open.
        assert!(game.play(Move::Pass));
        assert_eq!(game.outcome(), None);
        // Black has answered far away: now the group is given up.
        assert!(game.play(Move::Play("A1".parse().expect("point"))));
        assert_eq!(game.outcome(), Some(Outcome::Win(Player::First)));
    }
}
