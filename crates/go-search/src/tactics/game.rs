//! [`CaptureGame`]: can the block at a point be captured? A [`Game`] for every engine of
//! this crate, with goal-directed move generation, ladder reading at the leaves and ko
//! threats as a resource.
//!
//! ```
//! use go_board::{Board, Color};
//! use go_search::{Dfpn, DfpnOptions};
//! use go_search::tactics::{CaptureGame, CaptureGoal, CaptureOptions};
//!
//! // White B2 has one liberty and Black is to move: a capture.
//! let board = Board::from_diagram(". X .\nX O .\n. X .")?;
//! let mut game = CaptureGame::new(&board, "B2".parse()?, CaptureOptions::default())?;
//! game.set_to_play(Color::Black);
//! let proof = Dfpn::new(DfpnOptions::default()).solve(&mut game, &CaptureGoal::new(Color::Black));
//! assert!(proof.is_proved());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use go_board::{Board, Color, Ko, KoRule, Move, PlayError, Point, Rules, SuicideRule};

use super::helpers::{self, mix};
use super::ko::{KoFight, KoPlay, KoThreats};
use super::ladder::{self, LadderRead};
use super::movegen;
use super::{CaptureGoal, TacticsError, player_of};
use crate::{Game, Outcome, Player};

/// Search horizon and breadth of a [`CaptureGame`], by ply from the root (after GNU Go's
/// reading depths). A block with at least
/// [`escape_liberties`](CaptureOptions::escape_liberties) liberties has escaped, one with
/// four from [`four_liberty_depth`](CaptureOptions::four_liberty_depth) on, one with three
/// from [`three_liberty_depth`](CaptureOptions::three_liberty_depth) on; blocks with one or
/// two liberties are read until [`max_depth`](CaptureOptions::max_depth), with only
/// forcing moves from [`branch_depth`](CaptureOptions::branch_depth) on.
///
/// ```
/// use go_search::tactics::CaptureOptions;
/// let deep = CaptureOptions::default().with_three_liberty_depth(20);
/// assert_eq!(deep.escape_liberties, 5);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct CaptureOptions {
    /// A block with this many liberties has escaped.
    pub escape_liberties: usize,
    /// From this ply on, four liberties are an escape.
    pub four_liberty_depth: u32,
    /// From this ply on, three liberties are an escape.
    pub three_liberty_depth: u32,
    /// From this ply on, only forcing moves are generated.
    pub branch_depth: u32,
    /// Below this ply both sides also look at the liberties of every block next to the
    /// fight (races, connections), whatever their count.
    pub wide_depth: u32,
    /// Below this ply both sides also look one block further in races: the blocks next
    /// to the target's friends, and the blocks holding the attacker's racing blocks. One
    /// ply past [`branch_depth`](CaptureOptions::branch_depth) by default, so that the
    /// answer to a race move played at the last ply that branches may be one too.
    pub race_depth: u32,
    /// At this ply the block counts as escaped.
    pub max_depth: u32,
    /// Read ladders (a fast, forcing search) where the attacker is to move and the
    /// block has two liberties, and stop there when the ladder captures. (Not where the
    /// defender is to move in atari: there a read finds a capture in under 0.1% of the
    /// positions of GNU Go's reading suite, and the next ply of the search reads the
    /// ladders after each of the defender's replies anyway.)
    pub ladders: bool,
    /// Generate every legal move (and the defender's pass) instead of the goal-directed
    /// candidates: for brute-force checks on tiny boards.
    pub full_width: bool,
}

impl Default for CaptureOptions {
    fn default() -> Self {
        CaptureOptions {
            escape_liberties: 5,
            four_liberty_depth: 7,
            three_liberty_depth: 18,
            branch_depth: 13,
            wide_depth: 2,
            race_depth: 14,
            max_depth: 100,
            ladders: true,
            full_width: false,
        }
    }
}

impl CaptureOptions {
    /// Reads one ply deeper before each horizon (GNU Go's `increase_depths`): the
    /// liberty horizons, the branching horizon and the race horizon.
    ///
    /// ```
    /// use go_search::tactics::CaptureOptions;
    /// let mut options = CaptureOptions::default();
    /// options.increase_depths();
    /// assert_eq!(options.three_liberty_depth, CaptureOptions::default().three_liberty_depth + 1);
    /// options.decrease_depths();
    /// assert_eq!(options, CaptureOptions::default());
    /// ```
    pub fn increase_depths(&mut self) {
        self.four_liberty_depth += 1;
        self.three_liberty_depth += 1;
        self.branch_depth += 1;
        self.race_depth += 1;
    }

    /// Undoes [`increase_depths`](CaptureOptions::increase_depths) (GNU Go's
    /// `decrease_depths`); no horizon goes below ply 0.
    ///
    /// ```
    /// use go_search::tactics::CaptureOptions;
    /// let mut options = CaptureOptions::default();
    /// options.decrease_depths();
    /// assert_eq!(options.branch_depth, CaptureOptions::default().branch_depth - 1);
    /// ```
    pub fn decrease_depths(&mut self) {
        self.four_liberty_depth = self.four_liberty_depth.saturating_sub(1);
        self.three_liberty_depth = self.three_liberty_depth.saturating_sub(1);
        self.branch_depth = self.branch_depth.saturating_sub(1);
        self.race_depth = self.race_depth.saturating_sub(1);
    }

    /// Sets [`escape_liberties`](Self::escape_liberties).
    #[must_use]
    pub fn with_escape_liberties(mut self, escape_liberties: usize) -> Self {
        self.escape_liberties = escape_liberties;
        self
    }

    /// Sets [`max_depth`](Self::max_depth).
    #[must_use]
    pub fn with_max_depth(mut self, max_depth: u32) -> Self {
        self.max_depth = max_depth;
        self
    }

    /// Sets [`ladders`](Self::ladders).
    #[must_use]
    pub fn with_ladders(mut self, ladders: bool) -> Self {
        self.ladders = ladders;
        self
    }

    /// Sets [`full_width`](Self::full_width).
    #[must_use]
    pub fn with_full_width(mut self, full_width: bool) -> Self {
        self.full_width = full_width;
        self
    }

    /// Sets [`three_liberty_depth`](Self::three_liberty_depth).
    #[must_use]
    pub fn with_three_liberty_depth(mut self, three_liberty_depth: u32) -> Self {
        self.three_liberty_depth = three_liberty_depth;
        self
    }
}

/// The state of a position of the game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Status {
    Open,
    Captured,
    Escaped,
}

#[derive(Copy, Clone, Debug)]
struct Step {
    board_moves: u8,
    /// A pass or a ko retake after a threat: no move of the fight itself.
    free: bool,
    threat: Option<Color>,
    status: Status,
}

/// The capture game (TAIL's `CaptureGame`): the attacker wins by capturing the block at
/// the target point, the defender by getting it enough liberties (see
/// [`CaptureOptions`]) or by repeating a position.
///
/// Moves are `go_board::Move`s; the defender may pass (tenuki), the attacker only while a
/// ko ban keeps it from retaking. A side with [`KoThreats`] left may retake a ko at once,
/// spending one: with few threats, a ko the defender can retake but never resolve is lost
/// for it, as it should be, while a double ko still lives by repetition. The hash covers the
/// board, the side to move, the ko ban, the threats left, the ply and the free moves (passes
/// and threat retakes: the horizons depend on the ply less these) and the target.
///
/// ```
/// use go_board::{Board, Color};
/// use go_search::{AlphaBeta, AlphaBetaOptions, Game, StopReason};
/// use go_search::tactics::{CaptureEvaluator, CaptureGame, CaptureOptions};
///
/// // White C2 has two liberties; Black to move captures it in a ladder-free net.
/// let board = Board::from_diagram(
///     ". . . .
///      . X . .
///      X O . .
///      . X . .",
/// )?;
/// let mut game = CaptureGame::new(&board, "B2".parse()?, CaptureOptions::default())?;
/// game.set_to_play(Color::Black);
/// let mut engine = AlphaBeta::new(AlphaBetaOptions::default());
/// let result = engine.search(&mut game, &CaptureEvaluator);
/// assert_eq!(result.stop, StopReason::Proved);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct CaptureGame {
    board: Board,
    target: Point,
    defender: Color,
    options: CaptureOptions,
    ko: KoFight,
    salt: u64,
    history: Vec<Step>,
    status: Status,
    ko_seen: bool,
    /// Ko bans met and threat counts consulted, ever (see [`Game::conditions_met`]).
    conditions: u64,
    /// Stones captured by the last move.
    last_captured: u32,
    /// Passes and ko retakes after a threat since the root.
    free_moves: u32,
    ladder_nodes: u64,
    positions: u64,
    /// Ladder reads by board hash and target (the side to move is hashed); allocated on
    /// first use, and lent between games by [`Reader`](super::Reader).
    ladder_cache: LadderCache,
    /// Lists the ladder reads work with.
    ladder_scratch: ladder::Scratch,
}

/// Size of the ladder cache a game makes for itself; a [`Reader`](super::Reader) lends
/// its games a bigger one.
const LADDER_CACHE_BITS: u32 = 12;
/// Size of a reader's ladder cache.
pub(crate) const READER_LADDER_CACHE_BITS: u32 = 18;

/// A ladder cache of `2^bits` entries.
pub(crate) fn ladder_cache(bits: u32) -> LadderCache {
    vec![0; 1 << bits]
}

/// A direct-mapped table of ladder reads. An entry packs the key's high bits with the
/// read in its low bits (0: an empty entry): eight bytes, so that a reader's table
/// stays small enough for the caches.
pub(crate) type LadderCache = Vec<u64>;

/// The low bits of a ladder cache entry that hold the read.
const READ_MASK: u64 = 7;

/// A cache entry for `read` under `key`.
fn pack_read(key: u64, read: LadderRead) -> u64 {
    let code = match read {
        LadderRead::Captured => 1,
        LadderRead::Escaped => 2,
        LadderRead::KoInvolved => 3,
        LadderRead::Unknown => 4,
    };
    (key & !READ_MASK) | code
}

/// The read an entry holds for `key`, if it holds one for that key.
#[inline]
fn unpack_read(entry: u64, key: u64) -> Option<LadderRead> {
    if (entry ^ key) & !READ_MASK != 0 {
        return None;
    }
    match entry & READ_MASK {
        1 => Some(LadderRead::Captured),
        2 => Some(LadderRead::Escaped),
        3 => Some(LadderRead::KoInvolved),
        4 => Some(LadderRead::Unknown),
        _ => None,
    }
}

impl CaptureGame {
    /// A capture game on a copy of `board` against the block at `target`, with the
    /// board's side to move, no ko threat for the attacker and unlimited ones for the
    /// defender. The game is read with simple ko and without suicide, whatever the
    /// board's rules.
    ///
    /// # Errors
    /// [`TacticsError::EmptyPoint`] if no stone is at `target`, [`TacticsError::OffBoard`]
    /// if the point is not on the board.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_search::tactics::{CaptureGame, CaptureOptions};
    /// let board = Board::from_diagram("X O\n. .")?;
    /// let game = CaptureGame::new(&board, "B2".parse()?, CaptureOptions::default())?;
    /// assert_eq!(game.defender(), Color::White);
    /// assert!(CaptureGame::new(&board, "A1".parse()?, CaptureOptions::default()).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(
        board: &Board,
        target: Point,
        options: CaptureOptions,
    ) -> Result<Self, TacticsError> {
        if !board.geometry().contains(target) {
            return Err(TacticsError::OffBoard(target));
        }
        let defender = board
            .color_at(target)
            .ok_or(TacticsError::EmptyPoint(target))?;
        // Reading uses simple ko and forbids suicide whatever the game's rules (GNU Go's
        // reading does the same): superko would make answers depend on the game's
        // history, and costs a scan of it per move.
        let mut board = board.clone();
        board.set_rules(Rules {
            ko: KoRule::Simple,
            suicide: SuicideRule::Illegal,
            ..*board.rules()
        });
        let mut game = CaptureGame {
            board,
            target,
            defender,
            options,
            ko: KoFight::default(),
            salt: 0,
            history: Vec::new(),
            status: Status::Open,
            ko_seen: false,
            conditions: 0,
            last_captured: 0,
            free_moves: 0,
            ladder_nodes: 0,
            positions: 0,
            ladder_cache: Vec::new(),
            ladder_scratch: ladder::Scratch::default(),
        };
        game.set_threats(KoThreats::Limited(0), KoThreats::Unlimited);
        Ok(game)
    }

    /// The current position.
    ///
    /// ```
    /// use go_board::Board;
    /// use go_search::tactics::{CaptureGame, CaptureOptions};
    /// let board = Board::from_diagram("X O\n. .")?;
    /// let game = CaptureGame::new(&board, "A2".parse()?, CaptureOptions::default())?;
    /// assert_eq!(game.board().num_liberties("A2".parse()?), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The point of the target block.
    ///
    /// ```
    /// use go_board::Board;
    /// use go_search::tactics::{CaptureGame, CaptureOptions};
    /// let board = Board::from_diagram("X O\n. .")?;
    /// let game = CaptureGame::new(&board, "A2".parse()?, CaptureOptions::default())?;
    /// assert_eq!(game.target().to_string(), "A2");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn target(&self) -> Point {
        self.target
    }

    /// The colour of the target block.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_search::tactics::{CaptureGame, CaptureOptions};
    /// let board = Board::from_diagram("X O\n. .")?;
    /// let game = CaptureGame::new(&board, "A2".parse()?, CaptureOptions::default())?;
    /// assert_eq!(game.defender(), Color::Black);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn defender(&self) -> Color {
        self.defender
    }

    /// The colour trying to capture.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_search::tactics::{CaptureGame, CaptureOptions};
    /// let board = Board::from_diagram("X O\n. .")?;
    /// let game = CaptureGame::new(&board, "A2".parse()?, CaptureOptions::default())?;
    /// assert_eq!(game.attacker(), Color::White);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn attacker(&self) -> Color {
        self.defender.opposite()
    }

    /// The options.
    ///
    /// ```
    /// use go_board::Board;
    /// use go_search::tactics::{CaptureGame, CaptureOptions};
    /// let board = Board::from_diagram("X O\n. .")?;
    /// let game = CaptureGame::new(&board, "A2".parse()?, CaptureOptions::default())?;
    /// assert!(game.options().ladders);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn options(&self) -> &CaptureOptions {
        &self.options
    }

    /// Sets the side to move. Only at the root: the moves played so far are forgotten
    /// (the board keeps them in its own history).
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_search::{Game, Player};
    /// use go_search::tactics::{CaptureGame, CaptureOptions};
    /// let board = Board::from_diagram("X O\n. .")?;
    /// let mut game = CaptureGame::new(&board, "A2".parse()?, CaptureOptions::default())?;
    /// game.set_to_play(Color::White);
    /// assert_eq!(game.to_play(), Player::Second);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_to_play(&mut self, color: Color) {
        self.rewind();
        self.board.set_to_play(color);
        self.status = self.compute_status();
    }

    /// Sets the ko threats of both sides (at the root: the moves played so far are
    /// forgotten).
    ///
    /// ```
    /// use go_board::Board;
    /// use go_search::tactics::{CaptureGame, CaptureOptions, KoThreats};
    /// let board = Board::from_diagram("X O\n. .")?;
    /// let mut game = CaptureGame::new(&board, "A2".parse()?, CaptureOptions::default())?;
    /// game.set_threats(KoThreats::Limited(1), KoThreats::Limited(0));
    /// assert_eq!(game.threats(go_board::Color::White), KoThreats::Limited(1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_threats(&mut self, attacker: KoThreats, defender: KoThreats) {
        self.rewind();
        self.ko.set_threats(self.defender.opposite(), attacker);
        self.ko.set_threats(self.defender, defender);
        self.salt = salt(self.target, self.options.max_depth);
        self.ko_seen = false;
        self.status = self.compute_status();
    }

    /// Ko threats left to `color`.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_search::tactics::{CaptureGame, CaptureOptions, KoThreats};
    /// let board = Board::from_diagram("X O\n. .")?;
    /// let game = CaptureGame::new(&board, "A2".parse()?, CaptureOptions::default())?;
    /// assert_eq!(game.threats(Color::Black), KoThreats::Unlimited);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn threats(&self, color: Color) -> KoThreats {
        self.ko.threats(color)
    }

    /// Whether some line met a ko ban since the threats were last set: only then can a
    /// search with other threats answer differently.
    ///
    /// ```
    /// use go_board::Board;
    /// use go_search::tactics::{CaptureGame, CaptureOptions};
    /// let board = Board::from_diagram("X O\n. .")?;
    /// let game = CaptureGame::new(&board, "A2".parse()?, CaptureOptions::default())?;
    /// assert!(!game.ko_seen());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn ko_seen(&self) -> bool {
        self.ko_seen
    }

    /// Whether the target block has been captured.
    ///
    /// ```
    /// use go_board::{Board, Move};
    /// use go_search::Game;
    /// use go_search::tactics::{CaptureGame, CaptureOptions};
    /// let board = Board::from_diagram("X O\n. .")?;
    /// let mut game = CaptureGame::new(&board, "A2".parse()?, CaptureOptions::default())?;
    /// game.set_to_play(go_board::Color::White);
    /// assert!(game.play(Move::Play("A1".parse()?)));
    /// assert!(game.is_captured());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn is_captured(&self) -> bool {
        self.board.color_at(self.target) != Some(self.defender)
    }

    /// Moves played by the ladder reader at the leaves since the game was made (they are
    /// not search nodes).
    ///
    /// ```
    /// use go_board::Board;
    /// use go_search::tactics::{CaptureGame, CaptureOptions};
    /// let board = Board::from_diagram("X O\n. .")?;
    /// let game = CaptureGame::new(&board, "A2".parse()?, CaptureOptions::default())?;
    /// assert_eq!(game.ladder_nodes(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn ladder_nodes(&self) -> u64 {
        self.ladder_nodes
    }

    /// Positions entered by [`play`](Game::play) since the game was made, or judged
    /// without playing (by the capture goal's [`look_ahead`](crate::Goal::look_ahead)):
    /// the search nodes of every engine, counted alike.
    ///
    /// ```
    /// use go_board::{Board, Color, Move};
    /// use go_search::Game;
    /// use go_search::tactics::{CaptureGame, CaptureOptions};
    /// let board = Board::from_diagram("X O .\n. . .\n. . .")?;
    /// let mut game = CaptureGame::new(&board, "B3".parse()?, CaptureOptions::default())?;
    /// game.set_to_play(Color::Black);
    /// assert!(game.play(Move::Play("C3".parse()?)));
    /// assert_eq!(game.positions(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn positions(&self) -> u64 {
        self.positions
    }

    /// The goal "capture the block" for the proof-number engines (the attacker proves).
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_search::{Goal, Player};
    /// use go_search::tactics::{CaptureGame, CaptureOptions};
    /// let board = Board::from_diagram("X O\n. .")?;
    /// let game = CaptureGame::new(&board, "A2".parse()?, CaptureOptions::default())?;
    /// assert_eq!(game.capture_goal().attacker(), Player::Second);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn capture_goal(&self) -> CaptureGoal {
        CaptureGoal::new(self.attacker())
    }

    /// Exchanges the ladder cache with `other` (to share it between games).
    pub(crate) fn swap_ladder_cache(&mut self, other: &mut LadderCache) {
        core::mem::swap(&mut self.ladder_cache, other);
    }

    /// Number of moves played since the root.
    pub(crate) fn ply(&self) -> u32 {
        self.history.len() as u32
    }

    /// The depth of the fight for its horizons: the moves since the root, less passes
    /// and ko retakes after a threat (a ko fight must not run the clock out).
    pub(crate) fn depth(&self) -> u32 {
        self.ply() - self.free_moves
    }

    fn rewind(&mut self) {
        while !self.history.is_empty() {
            self.undo();
        }
        self.last_captured = 0;
    }

    /// Runs `f` on the game and forgets what it counted and met: positions, ladder
    /// moves, ko bans and side conditions (the ladder cache keeps what `f` read). For
    /// reading a search's line once it is over, apart from the search.
    pub(crate) fn quietly<R>(&mut self, f: impl FnOnce(&mut CaptureGame) -> R) -> R {
        let kept = (
            self.positions,
            self.ladder_nodes,
            self.ko_seen,
            self.conditions,
        );
        let r = f(self);
        (
            self.positions,
            self.ladder_nodes,
            self.ko_seen,
            self.conditions,
        ) = kept;
        r
    }

    /// A ko ban, or a count of ko threats, decides something here: a search with other
    /// threats may find otherwise.
    fn meet_ko(&mut self) {
        self.ko_seen = true;
        self.conditions += 1;
    }

    /// Whether `color` may play at `p` now, spending a threat on a ko ban if it has one.
    fn may_play(&mut self, color: Color, p: Point) -> bool {
        match self.board.check_move(color, p) {
            Ok(()) => true,
            Err(PlayError::Ko(_)) => {
                self.meet_ko();
                self.ko.threats(color).available()
            }
            Err(_) => false,
        }
    }

    /// The target was just taken in a ko that the defender may retake with a threat.
    pub(crate) fn in_ko_capture(&self) -> bool {
        self.board.is_empty(self.target)
            && self.board.to_play() == self.defender
            && self.board.ko()
                == Some(Ko {
                    point: self.target,
                    banned: self.defender,
                })
            && self.ko.threats(self.defender).available()
    }

    /// The move that just captured the target left its block in atari, and taking it
    /// back would capture more stones than it took (a snapback): the defender takes it
    /// back at once, and the capture was a loss for the attacker.
    fn capture_snapped_back(&self) -> bool {
        match self.board.moves().next_back() {
            Some((color, Move::Play(p))) if color == self.attacker() => {
                self.board.num_liberties(p) == 1
                    && self.board.num_stones(p) > self.last_captured as usize
            }
            _ => false,
        }
    }

    fn compute_status(&mut self) -> Status {
        if self.is_captured() {
            let ko = self.board.ko();
            if ko.is_some_and(|k| k.point == self.target && k.banned == self.defender) {
                // Taken in a ko: with a threat the defender could retake.
                self.meet_ko();
                if self.in_ko_capture() {
                    return Status::Open;
                }
            } else if !self.options.full_width && self.capture_snapped_back() {
                return Status::Escaped;
            }
            return Status::Captured;
        }
        let libs = self.board.num_liberties(self.target);
        let ply = self.ply();
        let depth = self.depth();
        let o = self.options;
        if o.full_width {
            // Brute-force mode: only captures, escapes by liberty count and the horizon.
            if libs >= o.escape_liberties || ply >= o.max_depth {
                return Status::Escaped;
            }
            return Status::Open;
        }
        let to_play = self.board.to_play();
        let attacker = self.attacker();
        if ply == 0 {
            // The root is searched for its best move: only a block the attacker cannot
            // touch ends the game there.
            let escaped = to_play == attacker
                && (!self.attackable(libs, depth) || libs >= o.escape_liberties);
            return if escaped {
                Status::Escaped
            } else {
                Status::Open
            };
        }
        if let Some(status) = self.plain_status(libs, ply, depth, to_play) {
            return status;
        }
        if to_play == attacker && libs == 1 {
            let lib = self.board.the_liberty(self.target);
            // Taking a ko the defender may retake is no capture yet: search it.
            let ko = lib.is_some_and(|l| helpers::would_take_ko(&self.board, attacker, l));
            if ko {
                self.meet_ko();
            }
            // A capture the defender answers by taking the capturing stones back (a
            // snapback) is no capture: search it.
            let snapped =
                !ko && lib.is_some_and(|l| self.board.liberties_after_play(attacker, l, 2) == 1);
            let final_capture =
                lib.is_some() && !snapped && !(ko && self.ko.threats(self.defender).available());
            if final_capture && lib.is_some_and(|l| self.may_play(attacker, l)) {
                return Status::Captured;
            }
        }
        // Hunter to move: the ladder after the defender's replies to an atari is read
        // at the next ply, one reply at a time.
        if o.ladders && to_play == attacker && libs == 2 {
            if self.ladder_cache.is_empty() {
                self.ladder_cache = ladder_cache(LADDER_CACHE_BITS);
            }
            let key = self.board.hash() ^ self.salt;
            let bits = self.ladder_cache.len().trailing_zeros();
            let slot = (key >> (64 - bits)) as usize;
            let read = if let Some(read) = unpack_read(self.ladder_cache[slot], key) {
                read
            } else {
                let mut budget = ladder::DEFAULT_BUDGET;
                let read = ladder::read_in(
                    &mut self.board,
                    self.target,
                    true,
                    &mut budget,
                    &mut self.ladder_scratch,
                );
                self.ladder_nodes += u64::from(ladder::DEFAULT_BUDGET - budget);
                self.ladder_cache[slot] = pack_read(key, read);
                read
            };
            // A ladder that meets a ko proves nothing: the node is searched, and the
            // search meets the ko itself if it matters.
            if read == LadderRead::Captured {
                return Status::Captured;
            }
        }
        Status::Open
    }
}

impl CaptureGame {
    /// Whether the attacker still reads against a target with `libs` liberties at `depth`.
    fn attackable(&self, libs: usize, depth: u32) -> bool {
        let o = &self.options;
        match libs {
            0..=2 => true,
            3 => depth < o.three_liberty_depth,
            4 => depth < o.four_liberty_depth,
            l => l < o.escape_liberties,
        }
    }

    /// The status of a position below the root (not full-width, the target on the board
    /// with `libs` liberties, at `ply` and `depth`, `to_play` to move) when the target's
    /// liberties settle it: escaped past a horizon, or open. `None` when the board must be
    /// looked at: the attacker to move against one liberty (a capture) or two (a ladder).
    fn plain_status(&self, libs: usize, ply: u32, depth: u32, to_play: Color) -> Option<Status> {
        let o = &self.options;
        if !self.attackable(libs, depth) || libs >= o.escape_liberties || ply >= o.max_depth {
            return Some(Status::Escaped);
        }
        if to_play == self.attacker() && (libs == 1 || (o.ladders && libs == 2)) {
            return None;
        }
        Some(Status::Open)
    }

    /// The status, target liberties and hash of the position `mv` leads to, found
    /// without playing it when that is quick: a pass, or a legal stone that leaves the
    /// target on the board, where the target's liberties settle the status or a ladder
    /// read was kept. `None` otherwise (the move is to be played).
    pub(crate) fn quick_look(&mut self, mv: Move) -> Option<QuickLook> {
        let board = &self.board;
        if self.status != Status::Open
            || self.options.full_width
            || board.rules().ko != KoRule::Simple
        {
            return None;
        }
        let color = board.to_play();
        let (libs, depth) = match mv {
            // A pass changes no liberty and does not count in the depth.
            Move::Pass => (board.num_liberties(self.target), self.depth()),
            Move::Play(p) => (
                board.liberties_of_after_play(color, p, self.target)?,
                self.depth() + 1,
            ),
        };
        let ply = self.ply() + 1;
        let plain = self.plain_status(libs, ply, depth, color.opposite());
        if plain.is_none() && (libs != 2 || self.ladder_cache.is_empty()) {
            return None;
        }
        let board_hash = match mv {
            Move::Pass => self.board.hash_after_pass(color),
            Move::Play(p) => self.board.hash_after_play(color, p),
        };
        let status = match plain {
            Some(status) => status,
            None => {
                let key = board_hash ^ self.salt;
                let bits = self.ladder_cache.len().trailing_zeros();
                let slot = (key >> (64 - bits)) as usize;
                match unpack_read(self.ladder_cache[slot], key)? {
                    LadderRead::Captured => Status::Captured,
                    _ => Status::Open,
                }
            }
        };
        let look = QuickLook {
            status,
            libs,
            hash: self.hash_at(board_hash, ply, self.free_moves + u32::from(mv.is_pass())),
        };
        if cfg!(debug_assertions) {
            self.check_quick_look(mv, look);
        }
        self.positions += 1;
        Some(look)
    }

    /// Panics unless playing `mv` finds what [`quick_look`](Self::quick_look) did.
    fn check_quick_look(&mut self, mv: Move, look: QuickLook) {
        let (positions, conditions) = (self.positions, self.conditions);
        assert!(self.play(mv), "quick look at an illegal {mv:?}");
        let played = (
            self.status,
            self.board.num_liberties(self.target),
            self.hash(),
        );
        self.undo();
        // A quick look meets no ko: the move played to check it must not have either.
        assert_eq!(self.conditions, conditions, "quick look at {mv:?} met a ko");
        self.positions = positions;
        assert_eq!(
            (look.status, look.libs, look.hash),
            played,
            "quick look at {mv:?}\n{}",
            self.board
        );
    }

    /// The game's hash of a position with this board hash at `ply`, `free_moves` of them
    /// passes or ko retakes after a threat (with the threats left now).
    #[inline]
    fn hash_at(&self, board_hash: u64, ply: u32, free_moves: u32) -> u64 {
        board_hash
            ^ mix(self.salt ^ (u64::from(ply) << 20 | u64::from(free_moves) << 40))
            ^ self.threats_key()
    }

    /// The part of the hash the ko threats left to both sides make.
    #[inline]
    fn threats_key(&self) -> u64 {
        mix(THREATS_SALT ^ self.ko.key())
    }

    /// The outcome of a position with this status.
    pub(crate) fn outcome_of(&self, status: Status) -> Option<Outcome> {
        match status {
            Status::Open => None,
            Status::Captured => Some(Outcome::Win(player_of(self.attacker()))),
            Status::Escaped => Some(Outcome::Win(player_of(self.defender))),
        }
    }
}

/// What [`CaptureGame::quick_look`] finds.
#[derive(Copy, Clone, Debug)]
pub(crate) struct QuickLook {
    pub(crate) status: Status,
    /// The target's liberties.
    pub(crate) libs: usize,
    /// The game's hash.
    pub(crate) hash: u64,
}

/// Keeps the threats' part of the hash apart from the rest.
const THREATS_SALT: u64 = 0x6a09_e667_f3bc_c909;

/// The key of a target (and of the options that shape the game) for the hash.
fn salt(target: Point, max_depth: u32) -> u64 {
    mix(0x9e37_79b9_7f4a_7c15 ^ (target.index() as u64) << 8 ^ u64::from(max_depth) << 24)
}

impl Game for CaptureGame {
    type Move = Move;

    fn to_play(&self) -> Player {
        player_of(self.board.to_play())
    }

    fn generate(&self, out: &mut Vec<Move>) {
        if self.status != Status::Open {
            return;
        }
        let to_play = self.board.to_play();
        if self.options.full_width {
            movegen::all_moves(&self.board, to_play, to_play == self.defender, out);
        } else if self.in_ko_capture() {
            out.push(Move::Play(self.target));
        } else if to_play == self.defender {
            movegen::defense_moves(&self.board, self.target, self.depth(), &self.options, out);
        } else {
            movegen::attack_moves(&self.board, self.target, self.depth(), &self.options, out);
            // Waiting for a ko: play elsewhere (a threat, or a move the defender must
            // answer) and retake later.
            if self.board.ko().is_some_and(|k| k.banned == to_play) {
                out.push(Move::Pass);
            }
        }
    }

    fn play(&mut self, mv: Move) -> bool {
        if self.status != Status::Open {
            return false;
        }
        let color = self.board.to_play();
        let mut step = Step {
            board_moves: 1,
            free: mv.is_pass(),
            threat: None,
            status: self.status,
        };
        let captures_before = self.board.captures(color);
        match mv {
            Move::Pass => self.board.pass_as(color),
            Move::Play(p) => match self.ko.play(&mut self.board, color, p) {
                Ok(KoPlay::Plain) => {}
                Ok(KoPlay::AfterThreat) => {
                    // A threat answered elsewhere lifted the ban.
                    self.meet_ko();
                    step.board_moves = 2;
                    step.threat = Some(color);
                    step.free = true;
                }
                Err(PlayError::Ko(_)) => {
                    self.meet_ko();
                    return false;
                }
                Err(_) => return false,
            },
        }
        self.free_moves += u32::from(step.free);
        self.history.push(step);
        self.positions += 1;
        self.last_captured = self.board.captures(color) - captures_before;
        self.status = self.compute_status();
        true
    }

    fn undo(&mut self) {
        if let Some(step) = self.history.pop() {
            self.free_moves -= u32::from(step.free);
            for _ in 0..step.board_moves {
                self.board.undo();
            }
            if let Some(c) = step.threat {
                self.ko.give_back(c, KoPlay::AfterThreat);
            }
            self.status = step.status;
        }
    }

    fn hash(&self) -> u64 {
        self.hash_at(self.board.hash(), self.ply(), self.free_moves)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome_of(self.status)
    }

    fn pass_move(&self) -> Option<Move> {
        Some(Move::Pass)
    }

    /// A repeated position means the attacker could not force the capture.
    fn repetition_outcome(&self) -> Outcome {
        Outcome::Win(player_of(self.defender))
    }

    /// Ko bans met and ko threat counts consulted so far: a result that leaned on none
    /// holds whatever threats either side has.
    fn conditions_met(&self) -> u64 {
        self.conditions
    }

    /// The part of the hash the ko threats left to both sides make.
    fn condition_key(&self) -> u64 {
        self.threats_key()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tactics::CaptureGoal;
    use crate::tactics::helpers::testing::{XorShift, random_board, stones};
    use crate::{Dfpn, DfpnOptions, SearchLimits, StopReason};

    /// A df-pn disproof not marked conditional holds with any ko threats: the side
    /// asking, given threats and facing none, does no better. On random crowded boards,
    /// where kos are common: the threats do turn some disproofs round, and those must
    /// be marked. And a search with threats on the table of one without finds what a
    /// search afresh finds.
    #[test]
    fn a_disproof_that_met_no_ko_holds_with_any_threats() {
        let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
        let options = DfpnOptions {
            limits: SearchLimits::default().with_nodes(3_000),
            tt_bits: 12,
            ..DfpnOptions::default()
        };
        let mut dfpn = Dfpn::new(options.clone());
        let mut fresh = Dfpn::new(options.clone());
        let (none, five) = (KoThreats::Limited(0), KoThreats::Limited(5));
        let (mut clean, mut marked, mut turned, mut compared) = (0, 0, 0, 0);
        for round in 0..600 {
            let size = 5 + round % 3;
            let board = random_board(&mut rng, size, 2 * size as u64, size as u64);
            let stones = stones(&board);
            if stones.is_empty() {
                continue;
            }
            let target = stones[(rng.next() % stones.len() as u64) as usize];
            if board.num_liberties(target) > 3 {
                continue;
            }
            let Ok(mut game) = CaptureGame::new(&board, target, CaptureOptions::default()) else {
                continue;
            };
            for prover in [game.attacker(), game.defender()] {
                let goal = CaptureGoal::new(prover);
                // The prover's threats first, then the opponent's.
                let mode = |game: &mut CaptureGame, mine, theirs| {
                    if prover == game.attacker() {
                        game.set_threats(mine, theirs);
                    } else {
                        game.set_threats(theirs, mine);
                    }
                    game.set_to_play(prover);
                };
                mode(&mut game, none, five);
                let strict = dfpn.solve(&mut game, &goal);
                if strict.stop != StopReason::Disproved {
                    continue;
                }
                mode(&mut game, five, none);
                let lenient = fresh.solve(&mut game, &goal);
                let on_the_table = dfpn.solve_again(&mut game, &goal, &options.limits);
                let solved = |stop| matches!(stop, StopReason::Proved | StopReason::Disproved);
                if solved(lenient.stop) && solved(on_the_table.stop) {
                    compared += 1;
                    assert_eq!(
                        lenient.stop, on_the_table.stop,
                        "{prover:?} on {target}\n{board}"
                    );
                }
                if strict.conditional {
                    marked += 1;
                    turned += usize::from(lenient.is_proved());
                } else {
                    clean += 1;
                    assert!(
                        !lenient.is_proved(),
                        "{prover:?} proves {target} with threats after a clean disproof\n{board}"
                    );
                }
            }
        }
        assert!(
            clean > 60 && marked > 60 && turned > 5 && compared > 100,
            "{clean} clean disproofs, {marked} marked, {turned} turned round by threats, \
             {compared} compared on one table"
        );
    }

    /// Two lines to the same board at the same ply, one with a pass, reach different
    /// depths and so different horizons: their hashes differ.
    #[test]
    fn the_hash_tells_lines_with_passes_apart() {
        // White's B4 is a self-atari that Black's B3 takes (joining A3: no ko).
        let board = Board::from_diagram(
            ". X . . .
             X . X . .
             X . . . O
             . . . . .
             . . . . .",
        )
        .unwrap();
        let (b3, b4) = (
            Move::Play("B3".parse().unwrap()),
            Move::Play("B4".parse().unwrap()),
        );
        let line = |moves: [Move; 2]| {
            let mut game =
                CaptureGame::new(&board, "E3".parse().unwrap(), CaptureOptions::default()).unwrap();
            game.set_to_play(Color::White);
            for mv in moves {
                assert!(game.play(mv), "{mv:?}");
            }
            game
        };
        let passed = line([Move::Pass, b3]);
        let captured = line([b4, b3]);
        assert_eq!(passed.board().hash(), captured.board().hash());
        assert_eq!(passed.ply(), captured.ply());
        assert_ne!(passed.depth(), captured.depth());
        assert_ne!(passed.hash(), captured.hash());
    }

    /// Every quick look finds what playing the move finds (status, the target's
    /// liberties, hash), along random lines of random capture games: captures, passes,
    /// ladders kept from earlier reads and horizons included.
    #[test]
    fn quick_looks_match_played_moves() {
        let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
        let (mut quick, mut looked) = (0, 0);
        for round in 0..300 {
            let size = 5 + round % 5;
            let board = random_board(&mut rng, size, 10, 3 * size as u64);
            let stones = stones(&board);
            if stones.is_empty() {
                continue;
            }
            let target = stones[(rng.next() % stones.len() as u64) as usize];
            let Ok(mut game) = CaptureGame::new(&board, target, CaptureOptions::default()) else {
                continue;
            };
            game.set_to_play(if rng.next() % 2 == 0 {
                Color::Black
            } else {
                Color::White
            });
            for _ in 0..8 {
                let mut moves = Vec::new();
                game.generate(&mut moves);
                if moves.is_empty() {
                    break;
                }
                for &mv in &moves {
                    looked += 1;
                    let Some(look) = game.quick_look(mv) else {
                        continue;
                    };
                    quick += 1;
                    assert!(game.play(mv), "{mv:?} looked at but illegal");
                    let played = (game.status, game.board.num_liberties(target), game.hash());
                    game.undo();
                    assert_eq!((look.status, look.libs, look.hash), played, "{mv:?}");
                }
                let mv = moves[(rng.next() % moves.len() as u64) as usize];
                if !game.play(mv) {
                    break;
                }
            }
        }
        assert!(
            quick > 2000 && quick < looked,
            "{quick} quick looks of {looked}"
        );
    }
}
