//! [`Reader`]: GNU Go's `attack` and `defend` and Fuego's `go_ladder` on the generic
//! engines.
//!
//! ```
//! use go_board::Board;
//! use go_search::tactics::{Reader, ReaderOptions, ReadingEngine};
//!
//! let board = Board::from_diagram(". X .\nX O X\n. . .")?;
//! let options = ReaderOptions::default().with_engine(ReadingEngine::AlphaBeta);
//! let mut reader = Reader::new(options);
//! assert_eq!(reader.attack(&board, "B2".parse()?)?.to_string(), "1 B1");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use std::time::{Duration, Instant};

use go_board::{Board, Color, Move, Point};

use super::game::{LadderCache, READER_LADDER_CACHE_BITS, ladder_cache};
use super::ko::KoThreats;
use super::ladder::{self, LadderRead};
use super::player_of;
use super::{
    CaptureEvaluator, CaptureGame, CaptureGoal, CaptureOptions, TacticalCode, TacticalResult,
    TacticsError,
};
use crate::{
    AlphaBeta, AlphaBetaOptions, Dfpn, DfpnOptions, Game, Gts, GtsOptions, OptionsError,
    SearchLimits, StopReason,
};

/// How much bigger each round of answer checks is than the last.
const CHECK_GROWTH: u64 = 8;

/// The longest principal variation a df-pn answer carries (as
/// [`DfpnOptions::pv_length`]'s default).
const PV_LENGTH: usize = 64;

/// The budget, in df-pn nodes, on which the question's own search is asked about each
/// candidate other than the engine's choice before that choice is checked: when it
/// disproves them all, none could replace the choice, which then needs no check. (A
/// glance: on GNU Go's reading suite it settles 81 of 177 choices, and the suite's
/// searches take 4% fewer nodes.)
const GLANCE_NODES: u64 = 100;

/// Positions per df-pn node in the budget: a df-pn node is an expansion, which plays
/// and judges each child (GNU Go's reading suite averages 5.3 positions an expansion),
/// so df-pn searches get [`nodes`](ReaderOptions::nodes) divided by this.
///
/// ```
/// use go_search::tactics::{DFPN_POSITIONS_PER_NODE, ReaderOptions};
/// assert_eq!(ReaderOptions::default().nodes / DFPN_POSITIONS_PER_NODE, 50_000);
/// ```
pub const DFPN_POSITIONS_PER_NODE: u64 = 4;

/// What a check of an answer found.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Check {
    /// The move keeps the win.
    Holds,
    /// It does not (or it is illegal).
    Fails,
    /// The check ran out of budget.
    OutOfBudget,
}

/// Which generic engine reads the capture game.
///
/// ```
/// use go_search::tactics::ReadingEngine;
/// assert_eq!(ReadingEngine::default(), ReadingEngine::Dfpn);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum ReadingEngine {
    /// [`AlphaBeta`] with iterative deepening, its transposition table and killer moves.
    AlphaBeta,
    /// [`Dfpn`]: depth-first proof-number search (the default: on GNU Go's reading suite
    /// it solves as many problems as alpha-beta in about half the time).
    #[default]
    Dfpn,
    /// [`Gts`]: generalized threats search for the attacker (defences are checked by
    /// trying each defender move and failing to prove the attack after it).
    Gts,
}

/// Options of a [`Reader`].
///
/// ```
/// use go_search::tactics::{ReaderOptions, ReadingEngine};
/// let options = ReaderOptions::default()
///     .with_engine(ReadingEngine::Dfpn)
///     .with_nodes(50_000);
/// assert!(options.capture.ladders);
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct ReaderOptions {
    /// The game's horizon and breadth.
    pub capture: CaptureOptions,
    /// The engine.
    pub engine: ReadingEngine,
    /// Budget of each search, in positions: alpha-beta and GTS count positions, and
    /// df-pn, which counts expansions of about five positions each, gets a quarter of it
    /// (see [`DFPN_POSITIONS_PER_NODE`]). A question runs up to four searches, one per
    /// ko mode, and more to pick its answer among winning moves. A search that runs
    /// out counts as a failure of the side asking. At least 1 (see [`Reader::try_new`]).
    pub nodes: u64,
    /// The transposition tables hold `2^tt_bits` entries: 1 to
    /// [`MAX_TT_BITS`](crate::MAX_TT_BITS) (see [`Reader::new`]).
    pub tt_bits: u32,
    /// Check the answer's move once the question is decided. The engine's own choice
    /// stands unless a check refutes it (see
    /// [`choice_check_nodes`](ReaderOptions::choice_check_nodes)); when it is a pass or
    /// is refuted, the answer is the first candidate, in the capture game's order, that
    /// passes a check (GNU Go answers with a move, and the order prefers natural moves
    /// where the engines prefer quick or cheap proofs).
    pub ordered_answers: bool,
    /// What "as many ko threats as it takes" means: the opponent of the side asking gets
    /// this many for an unconditional result ([`TacticalCode::Win`]), and the side asking
    /// gets this many against none for a ko that needs threats
    /// ([`TacticalCode::KoNeedsThreat`]).
    /// Finite, so that a ko a side can retake forever but never resolve counts as lost
    /// for it (GNU Go's view, and the suites').
    pub ko_threats: u8,
    /// Node budget of the first search that checks an answer when
    /// [`ordered_answers`](ReaderOptions::ordered_answers) is on (df-pn only). A check
    /// that runs out is run again on a bigger budget whenever its result decides the
    /// answer: the engine's own choice stands unless its check refutes it (checked on up
    /// to [`choice_check_nodes`](ReaderOptions::choice_check_nodes)), and another
    /// candidate must pass its check (on up to [`nodes`](ReaderOptions::nodes)).
    pub check_nodes: u64,
    /// The biggest budget, in df-pn nodes, that the engine's own choice of a winning
    /// move is checked on when [`ordered_answers`](ReaderOptions::ordered_answers) is on:
    /// the follow-up question is asked afresh after it, on budgets growing eightfold
    /// from [`check_nodes`](ReaderOptions::check_nodes), and a choice it refutes gives
    /// way to the first other candidate that passes. A choice that no check refutes
    /// stands. 0 (the default) takes the choice unchecked; the other engines check it
    /// on the question's budget unless this is 0.
    ///
    /// The price, measured on GNU Go's `reading.tst`: checks on up to 64,000 nodes add
    /// 36% to the suite's df-pn nodes and refute one choice (in test 38, a check of more
    /// than 16,000 nodes refutes it: the suite passes 216 tests instead of 215); checks
    /// on up to 16,000 nodes add 31%, and on up to 2,000 nodes 12%, and refute none.
    ///
    /// ```
    /// use go_board::Board;
    /// use go_search::tactics::{Reader, ReaderOptions};
    /// let board = Board::from_diagram(". X .\nX O X\n. . .")?;
    /// let careful = ReaderOptions::default().with_choice_check_nodes(64_000);
    /// assert_eq!(Reader::new(careful).attack(&board, "B2".parse()?)?.to_string(), "1 B1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub choice_check_nodes: u64,
}

impl Default for ReaderOptions {
    fn default() -> Self {
        ReaderOptions {
            capture: CaptureOptions::default(),
            engine: ReadingEngine::default(),
            nodes: 200_000,
            tt_bits: 14,
            ko_threats: 5,
            check_nodes: 2_000,
            choice_check_nodes: 0,
            ordered_answers: true,
        }
    }
}

impl ReaderOptions {
    /// Sets [`capture`](Self::capture).
    #[must_use]
    pub fn with_capture(mut self, capture: CaptureOptions) -> Self {
        self.capture = capture;
        self
    }

    /// Sets [`engine`](Self::engine).
    #[must_use]
    pub fn with_engine(mut self, engine: ReadingEngine) -> Self {
        self.engine = engine;
        self
    }

    /// Sets [`nodes`](Self::nodes).
    #[must_use]
    pub fn with_nodes(mut self, nodes: u64) -> Self {
        self.nodes = nodes;
        self
    }

    /// Sets [`tt_bits`](Self::tt_bits).
    #[must_use]
    pub fn with_tt_bits(mut self, tt_bits: u32) -> Self {
        self.tt_bits = tt_bits;
        self
    }

    /// Sets [`ko_threats`](Self::ko_threats).
    #[must_use]
    pub fn with_ko_threats(mut self, ko_threats: u8) -> Self {
        self.ko_threats = ko_threats;
        self
    }

    /// Sets [`ordered_answers`](Self::ordered_answers).
    #[must_use]
    pub fn with_ordered_answers(mut self, ordered_answers: bool) -> Self {
        self.ordered_answers = ordered_answers;
        self
    }

    /// Sets [`choice_check_nodes`](Self::choice_check_nodes).
    #[must_use]
    pub fn with_choice_check_nodes(mut self, choice_check_nodes: u64) -> Self {
        self.choice_check_nodes = choice_check_nodes;
        self
    }
}

/// What the last question cost.
///
/// ```
/// use go_search::tactics::ReadingStats;
/// assert_eq!(ReadingStats::default().nodes, 0);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReadingStats {
    /// Search nodes as the engine counts them (df-pn counts expansions).
    pub nodes: u64,
    /// Positions the engines entered (moves played in the capture game): the nodes of
    /// every engine, counted alike.
    pub positions: u64,
    /// Moves played by the ladder reader at the leaves.
    pub ladder_nodes: u64,
    /// Searches run: the ko modes and the checks of the answer.
    pub searches: u32,
    /// Ko modes searched (strictest first): one for an unconditional win, at most two
    /// for a loss, three or four for a ko.
    pub ko_modes: u32,
    /// Whether a budget stopped a search.
    pub budget_exhausted: bool,
    /// Wall-clock time.
    pub elapsed: Duration,
}

/// Fuego's answer to `go_ladder`: how the block fares in a ladder.
///
/// ```
/// use go_search::tactics::LadderStatus;
/// assert_eq!(LadderStatus::Unsettled.to_string(), "unsettled");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum LadderStatus {
    /// Captured in a ladder even if the block's owner moves first.
    Captured,
    /// Not captured in a ladder even if the hunter moves first.
    Escaped,
    /// Captured if the hunter moves first, escapes if the owner does.
    Unsettled,
}

impl fmt::Display for LadderStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LadderStatus::Captured => "captured",
            LadderStatus::Escaped => "escaped",
            LadderStatus::Unsettled => "unsettled",
        })
    }
}

/// Reads capture fights: [`attack`](Reader::attack), [`defend`](Reader::defend) and
/// [`ladder`](Reader::ladder). Build it once and ask many questions: its tables are
/// allocated once, and the alpha-beta transposition table, the ladder cache and the
/// move generators' kept lists carry over (positions and targets are part of their
/// keys); df-pn's table starts afresh for each question, and its ko modes share it: a
/// solution that leaned on no ko holds in every mode
/// ([`Game::condition_key`]).
///
/// A question searches the [`CaptureGame`] in ko modes, strictest first. First with no
/// ko threat for the side asking and [`ko_threats`](ReaderOptions::ko_threats) for the
/// opponent: a win there is unconditional ([`TacticalCode::Win`]), and so is a loss that
/// met no ko ban, or whose disproof (df-pn's) leaned on none (the threats never
/// mattered: [`ProofResult::conditional`](crate::ProofResult::conditional)). Any other
/// loss is searched again with `ko_threats` threats for the side asking and none for the
/// opponent: a loss there is a loss, a win a ko (one that needs several threats, the
/// opponent having forcing moves of its own between the retakes, is still a ko). Its
/// code comes from the modes in between: one threat for the side asking (a win there
/// that met no ko ban is unconditional after all), then no threats on either side
/// ([`TacticalCode::KoTakeFirst`]); failing that, a ko that needs a threat
/// ([`TacticalCode::KoNeedsThreat`]).
///
/// ```
/// use go_board::Board;
/// use go_search::tactics::Reader;
/// let board = Board::from_diagram(
///     ". . . . .
///      . . . . .
///      . . X . .
///      . X O X .
///      . . . . .",
/// )?;
/// let mut reader = Reader::default();
/// let c2 = "C2".parse()?;
/// assert_eq!(reader.attack(&board, c2)?.to_string(), "1 C1");
/// assert_eq!(reader.defend(&board, c2)?.to_string(), "0");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Reader {
    options: ReaderOptions,
    alphabeta: AlphaBeta<CaptureGame>,
    dfpn: Dfpn<CaptureGame>,
    /// df-pn with the smaller budget of answer checks.
    check_dfpn: Dfpn<CaptureGame>,
    checking: bool,
    /// Whether the question's next ko mode may build on the table of the last (results
    /// that leaned on no ko hold in every mode, and are kept under keys every mode
    /// reads).
    mode_table_kept: bool,
    /// The last search (df-pn's) disproved the side asking without leaning on a ko ban
    /// or a count of threats: no ko mode can turn it round.
    clean_loss: bool,
    /// Whether the next check may build on the table of the last one (checks of the same
    /// question ask the same goal of positions keyed alike).
    check_table_kept: bool,
    gts: Gts<CaptureGame>,
    stats: ReadingStats,
    pv: Vec<Move>,
    extra_positions: u64,
    extra_ladder_nodes: u64,
    ladder_cache: LadderCache,
}

/// A summary: options, the engines' summaries and counters, not their tables.
impl fmt::Debug for Reader {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Reader")
            .field("options", &self.options)
            .field("alphabeta", &self.alphabeta)
            .field("dfpn", &self.dfpn)
            .field("check_dfpn", &self.check_dfpn)
            .field("gts", &self.gts)
            .field("stats", &self.stats)
            .field("pv", &self.pv)
            .field("ladder_cache_entries", &self.ladder_cache.len())
            .finish_non_exhaustive()
    }
}

impl Default for Reader {
    fn default() -> Self {
        Reader::new(ReaderOptions::default())
    }
}

impl Reader {
    /// A reader with these options. Its engines clamp
    /// [`tt_bits`](ReaderOptions::tt_bits) as [`AlphaBeta::new`] and [`Dfpn::new`] do, and
    /// [`options`](Self::options) reports the size their tables have; with
    /// [`nodes`](ReaderOptions::nodes) 0 every search runs out at once, so every question
    /// fails. [`try_new`](Self::try_new) refuses such options instead.
    ///
    /// ```
    /// use go_search::tactics::{Reader, ReaderOptions};
    /// let reader = Reader::new(ReaderOptions::default().with_nodes(10_000));
    /// assert_eq!(reader.options().nodes, 10_000);
    /// let clamped = Reader::new(ReaderOptions::default().with_tt_bits(0));
    /// assert_eq!(clamped.options().tt_bits, 1);
    /// ```
    #[must_use]
    pub fn new(options: ReaderOptions) -> Self {
        let engines = EngineOptions::of(&options);
        Reader::with_engines(
            options,
            AlphaBeta::new(engines.alphabeta),
            Dfpn::new(engines.dfpn),
            Dfpn::new(engines.check),
            Gts::new(engines.gts),
        )
    }

    /// A reader with these options, or why they cannot do: a node budget of 0, a
    /// [`tt_bits`](ReaderOptions::tt_bits) outside `1..=`[`MAX_TT_BITS`](crate::MAX_TT_BITS),
    /// tables that cannot be allocated.
    ///
    /// # Errors
    /// [`OptionsError::ZeroNodes`], [`OptionsError::TtBits`] or
    /// [`OptionsError::TableAllocation`].
    ///
    /// ```
    /// use go_search::OptionsError;
    /// use go_search::tactics::{Reader, ReaderOptions};
    /// assert!(Reader::try_new(ReaderOptions::default()).is_ok());
    /// let none = ReaderOptions::default().with_nodes(0);
    /// assert_eq!(Reader::try_new(none).err(), Some(OptionsError::ZeroNodes));
    /// let huge = ReaderOptions::default().with_tt_bits(63);
    /// assert_eq!(Reader::try_new(huge).err(), Some(OptionsError::TtBits(63)));
    /// ```
    pub fn try_new(options: ReaderOptions) -> Result<Self, OptionsError> {
        if options.nodes == 0 {
            return Err(OptionsError::ZeroNodes);
        }
        let engines = EngineOptions::of(&options);
        Ok(Reader::with_engines(
            options,
            AlphaBeta::try_new(engines.alphabeta)?,
            Dfpn::try_new(engines.dfpn)?,
            Dfpn::try_new(engines.check)?,
            Gts::new(engines.gts),
        ))
    }

    fn with_engines(
        mut options: ReaderOptions,
        alphabeta: AlphaBeta<CaptureGame>,
        dfpn: Dfpn<CaptureGame>,
        check_dfpn: Dfpn<CaptureGame>,
        gts: Gts<CaptureGame>,
    ) -> Self {
        // The size the tables have, if the engines had to clamp it.
        options.tt_bits = [
            alphabeta.options().tt_bits,
            dfpn.options().tt_bits,
            check_dfpn.options().tt_bits,
        ]
        .into_iter()
        .min()
        .unwrap_or(options.tt_bits);
        Reader {
            alphabeta,
            dfpn,
            check_dfpn,
            checking: false,
            mode_table_kept: false,
            clean_loss: false,
            check_table_kept: false,
            gts,
            options,
            stats: ReadingStats::default(),
            pv: Vec::new(),
            extra_positions: 0,
            extra_ladder_nodes: 0,
            ladder_cache: ladder_cache(READER_LADDER_CACHE_BITS),
        }
    }

    /// The options.
    ///
    /// ```
    /// use go_search::tactics::{Reader, ReadingEngine};
    /// assert_eq!(Reader::default().options().engine, ReadingEngine::Dfpn);
    /// ```
    #[must_use]
    pub fn options(&self) -> &ReaderOptions {
        &self.options
    }

    /// Sets the horizons and breadth of the capture game for the next questions. The
    /// transposition tables start afresh (their entries were read with the old horizons;
    /// the hash covers the target and the ply, not the options).
    ///
    /// ```
    /// use go_search::tactics::Reader;
    /// let mut reader = Reader::default();
    /// let mut capture = reader.options().capture;
    /// capture.increase_depths();
    /// reader.set_capture_options(capture);
    /// assert_eq!(reader.options().capture, capture);
    /// ```
    pub fn set_capture_options(&mut self, capture: CaptureOptions) {
        if capture != self.options.capture {
            let options = ReaderOptions {
                capture,
                ..self.options.clone()
            };
            *self = Reader::new(options);
        }
    }

    /// What the last question cost. An answer of [`attack`](Self::attack) or
    /// [`defend`](Self::defend) carries its counts itself
    /// ([`TacticalResult::nodes`] and the next fields); this adds the searches, ko
    /// modes, ladder moves and time, and covers [`ladder`](Self::ladder) too.
    ///
    /// ```
    /// use go_board::Board;
    /// use go_search::tactics::Reader;
    /// let board = Board::from_diagram("X O .\n. . .\n. . .")?;
    /// let mut reader = Reader::default();
    /// let result = reader.attack(&board, "A3".parse()?)?;
    /// assert!(reader.stats().nodes > 0);
    /// assert_eq!(result.nodes, reader.stats().nodes);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn stats(&self) -> &ReadingStats {
        &self.stats
    }

    /// The principal variation of the last answer of [`attack`](Self::attack) or
    /// [`defend`](Self::defend): the same line as its [`TacticalResult::pv`]. Empty
    /// before the first question and after a loss. Deprecated: the answer carries its
    /// own line, which a later question does not replace.
    ///
    /// ```
    /// use go_board::Board;
    /// use go_search::tactics::Reader;
    /// let board = Board::from_diagram("X O .\n. . .\n. . .")?;
    /// let mut reader = Reader::default();
    /// let result = reader.attack(&board, "A3".parse()?)?;
    /// #[allow(deprecated)]
    /// let last = reader.principal_variation().to_vec();
    /// assert_eq!(last, result.pv);
    /// assert_eq!(result.pv.first().copied(), result.best_move);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[deprecated(
        since = "0.1.0",
        note = "use the answer's own line, `TacticalResult::pv`"
    )]
    pub fn principal_variation(&self) -> &[Move] {
        &self.pv
    }

    /// Can the block at `target` be captured if its opponent moves first? GNU Go's
    /// `attack`.
    ///
    /// # Errors
    /// [`TacticsError`] if there is no block at `target`.
    ///
    /// ```
    /// use go_board::Board;
    /// use go_search::tactics::{Reader, TacticalCode};
    /// let board = Board::from_diagram(
    ///     "X O . .
    ///      . . . .
    ///      . . . .
    ///      . . . .",
    /// )?;
    /// let result = Reader::default().attack(&board, "A4".parse()?)?;
    /// assert_eq!(result.code, TacticalCode::Win);
    /// assert_eq!(result.to_string(), "1 A3");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn attack(&mut self, board: &Board, target: Point) -> Result<TacticalResult, TacticsError> {
        let mut game = CaptureGame::new(board, target, self.options.capture)?;
        let attacker = game.attacker();
        game.set_to_play(attacker);
        Ok(self.question(&mut game, attacker))
    }

    /// Can the block at `target` be saved if its owner moves first? GNU Go's `defend`.
    /// A block that needs no help gets a move that keeps it safe, as in GNU Go.
    ///
    /// # Errors
    /// [`TacticsError`] if there is no block at `target`.
    ///
    /// ```
    /// use go_board::Board;
    /// use go_search::tactics::Reader;
    /// let board = Board::from_diagram(
    ///     ". . . . . . . . .
    ///      . . . . . . . . .
    ///      . . . . . . . . .
    ///      . . . . . . . . .
    ///      . . . . . . . . .
    ///      . . . . . . . . .
    ///      . . X . . . . . .
    ///      . X O . . . . . .
    ///      . . X . . . . . .",
    /// )?;
    /// let mut reader = Reader::default();
    /// assert_eq!(reader.defend(&board, "C2".parse()?)?.to_string(), "1 D2");
    /// assert_eq!(reader.attack(&board, "C2".parse()?)?.to_string(), "1 D2");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn defend(&mut self, board: &Board, target: Point) -> Result<TacticalResult, TacticsError> {
        let mut game = CaptureGame::new(board, target, self.options.capture)?;
        let defender = game.defender();
        game.set_to_play(defender);
        Ok(self.question(&mut game, defender))
    }

    /// How the block at `target` fares in a ladder (Fuego's `go_ladder`): read with the
    /// hunter to move, then with the block's owner to move. Only blocks with one or two
    /// liberties can be caught in a ladder.
    ///
    /// # Errors
    /// [`TacticsError`] if there is no block at `target`.
    ///
    /// ```
    /// use go_board::Board;
    /// use go_search::tactics::{LadderStatus, Reader};
    /// let board = Board::from_diagram(
    ///     ". . . . . . . . .
    ///      . . . . . . . . .
    ///      . . . . . . . . .
    ///      . . . . . . . . .
    ///      . . . . . . . . .
    ///      . . . . . . . . .
    ///      . . X . . . . . .
    ///      . X O . . . . . .
    ///      . . X . . . . . .",
    /// )?;
    /// // A ladder towards the empty upper right: it works on an empty board.
    /// assert_eq!(Reader::default().ladder(&board, "C2".parse()?)?, LadderStatus::Unsettled);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn ladder(&mut self, board: &Board, target: Point) -> Result<LadderStatus, TacticsError> {
        if !board.geometry().contains(target) {
            return Err(TacticsError::OffBoard(target));
        }
        if board.color_at(target).is_none() {
            return Err(TacticsError::EmptyPoint(target));
        }
        let start = Instant::now();
        let mut board = board.clone();
        board.set_rules(go_board::Rules {
            ko: go_board::KoRule::Simple,
            suicide: go_board::SuicideRule::Illegal,
            ..*board.rules()
        });
        let libs = board.num_liberties(target);
        let mut budget = 100 * ladder::DEFAULT_BUDGET;
        let status = if libs >= 3
            || ladder::read(&mut board, target, true, &mut budget) != LadderRead::Captured
        {
            LadderStatus::Escaped
        } else if ladder::read(&mut board, target, false, &mut budget) == LadderRead::Captured {
            LadderStatus::Captured
        } else {
            LadderStatus::Unsettled
        };
        self.stats = ReadingStats {
            ladder_nodes: u64::from(100 * ladder::DEFAULT_BUDGET - budget),
            elapsed: start.elapsed(),
            ..ReadingStats::default()
        };
        Ok(status)
    }

    /// Win, or a ko result, or loss for `prover`, who is to move in `game`.
    fn question(&mut self, game: &mut CaptureGame, prover: Color) -> TacticalResult {
        let start = Instant::now();
        self.stats = ReadingStats::default();
        self.extra_positions = 0;
        self.extra_ladder_nodes = 0;
        self.mode_table_kept = false;
        game.swap_ladder_cache(&mut self.ladder_cache);
        let opponent = prover.opposite();
        let win = (
            KoThreats::Limited(0),
            KoThreats::Limited(self.options.ko_threats),
            TacticalCode::Win,
        );
        let take_first = (
            KoThreats::Limited(0),
            KoThreats::Limited(0),
            TacticalCode::KoTakeFirst,
        );
        let needs_threats = |n: u8| {
            (
                KoThreats::Limited(n),
                KoThreats::Limited(0),
                TacticalCode::KoNeedsThreat,
            )
        };
        let most = self.options.ko_threats.max(1);
        // The strictest mode first: a win there is unconditional whether or not it met a
        // ko, and a loss that met no ko, or whose disproof leaned on none, is a loss in
        // every mode (the threats never mattered: the same tree disproves it). Another
        // loss is searched again in the most lenient mode, as many threats as it takes:
        // a loss there is a loss. A win there is a ko, and the modes in between tell its
        // code and in which mode the answer is picked.
        if let Some(first) = self.mode(game, prover, opponent, win, false) {
            self.set_mode(game, prover, win);
            let best_move = self.answer(game, prover, opponent, first.best_move);
            let result = TacticalResult::with_line(TacticalCode::Win, best_move, first.pv);
            return self.finish(game, start, result);
        }
        if !game.ko_seen() || self.clean_loss {
            return self.finish(game, start, TacticalResult::LOSS);
        }
        let lenient = if most > 1 {
            match self.mode(game, prover, opponent, needs_threats(most), false) {
                Some(r) => Some(r),
                None => return self.finish(game, start, TacticalResult::LOSS),
            }
        } else {
            None
        };
        let result = if let Some(one) = self.mode(game, prover, opponent, needs_threats(1), false) {
            let unconditional = !game.ko_seen();
            let stricter = if unconditional {
                None
            } else {
                self.mode(game, prover, opponent, take_first, true)
            };
            stricter.unwrap_or_else(|| {
                // The search with one threat proved this mode already: only its answer
                // is left to pick. (A win that met no ko needed no threat: it is checked
                // as an unconditional one.)
                let (mode, code) = if unconditional {
                    (win, TacticalCode::Win)
                } else {
                    (needs_threats(1), TacticalCode::KoNeedsThreat)
                };
                self.set_mode(game, prover, mode);
                let best_move = self.answer(game, prover, opponent, one.best_move);
                TacticalResult::with_line(code, best_move, one.pv)
            })
        } else if let Some(choice) = lenient {
            self.set_mode(game, prover, needs_threats(most));
            let best_move = self.answer(game, prover, opponent, choice.best_move);
            TacticalResult::with_line(TacticalCode::KoNeedsThreat, best_move, choice.pv)
        } else {
            TacticalResult::LOSS
        };
        self.finish(game, start, result)
    }

    /// Ends a question: hands the ladder cache back, records the statistics (in the
    /// result too) and keeps the answer's line for the deprecated
    /// `principal_variation`.
    fn finish(
        &mut self,
        game: &mut CaptureGame,
        start: Instant,
        mut result: TacticalResult,
    ) -> TacticalResult {
        game.swap_ladder_cache(&mut self.ladder_cache);
        self.stats.ladder_nodes = game.ladder_nodes() + self.extra_ladder_nodes;
        self.stats.positions = game.positions() + self.extra_positions;
        self.stats.elapsed = start.elapsed();
        result.nodes = self.stats.nodes;
        result.positions = self.stats.positions;
        result.budget_exhausted = self.stats.budget_exhausted;
        self.pv.clone_from(&result.pv);
        result
    }

    /// The search of one ko mode (the prover's threats, the opponent's, the code a win
    /// earns); with `answer`, the answer's move is chosen among the winning ones. A win
    /// carries the search's line when it starts with the chosen move.
    fn mode(
        &mut self,
        game: &mut CaptureGame,
        prover: Color,
        opponent: Color,
        (mine, theirs, code): (KoThreats, KoThreats, TacticalCode),
        answer: bool,
    ) -> Option<TacticalResult> {
        self.set_mode(game, prover, (mine, theirs, code));
        self.stats.ko_modes += 1;
        let (won, best) = self.search(game, prover, opponent);
        if !won {
            return None;
        }
        let best_move = if answer {
            self.answer(game, prover, opponent, best)
        } else {
            best.or(Some(Move::Pass))
        };
        let line = core::mem::take(&mut self.pv);
        Some(TacticalResult::with_line(code, best_move, line))
    }

    /// Sets the threats of a ko mode.
    fn set_mode(
        &mut self,
        game: &mut CaptureGame,
        prover: Color,
        (mine, theirs, _): (KoThreats, KoThreats, TacticalCode),
    ) {
        if prover == game.attacker() {
            game.set_threats(mine, theirs);
        } else {
            game.set_threats(theirs, mine);
        }
    }

    /// The answer's move, given the engine's choice of a winning move.
    fn answer(
        &mut self,
        game: &mut CaptureGame,
        prover: Color,
        opponent: Color,
        engine_choice: Option<Move>,
    ) -> Option<Move> {
        let best = if self.options.ordered_answers {
            self.first_good_move(game, prover, opponent, engine_choice)
                .or(engine_choice)
        } else {
            engine_choice
        };
        best.or(Some(Move::Pass))
    }

    /// One search: does `prover` (to move) reach its goal, and with which move?
    fn search(
        &mut self,
        game: &mut CaptureGame,
        prover: Color,
        opponent: Color,
    ) -> (bool, Option<Move>) {
        self.stats.searches += 1;
        self.pv.clear();
        self.clean_loss = false;
        match self.options.engine {
            ReadingEngine::AlphaBeta => {
                let r = self.alphabeta.search(game, &CaptureEvaluator);
                self.account(r.stats.nodes, r.stop);
                self.pv = r.pv;
                (r.value.is_win(), r.best_move)
            }
            ReadingEngine::Dfpn => {
                let goal = CaptureGoal::new(prover);
                let r = if !self.checking {
                    if self.mode_table_kept {
                        let limits = self.dfpn.options().limits.clone();
                        self.dfpn.solve_again(game, &goal, &limits)
                    } else {
                        self.mode_table_kept = true;
                        self.dfpn.solve(game, &goal)
                    }
                } else if self.check_table_kept {
                    let limits = self.check_dfpn.options().limits.clone();
                    self.check_dfpn.solve_again(game, &goal, &limits)
                } else {
                    self.check_table_kept = true;
                    self.check_dfpn.solve(game, &goal)
                };
                self.account(r.stats.nodes, r.stop);
                self.clean_loss = r.stop == StopReason::Disproved && !r.conditional;
                if r.is_proved() && !self.checking {
                    let dfpn = &mut self.dfpn;
                    self.pv = game.quietly(|g| dfpn.principal_variation(g, &goal, PV_LENGTH));
                }
                (r.is_proved(), r.best_move)
            }
            ReadingEngine::Gts => {
                let goal = CaptureGoal::new(game.attacker());
                if prover == game.attacker() {
                    let r = self.gts.solve(game, &goal);
                    self.account(r.stats.nodes, r.stop);
                    (r.stop == StopReason::Proved, r.best_move)
                } else {
                    // A defence is a defender move after which the attack is not proved.
                    let _ = opponent;
                    let mut moves = Vec::new();
                    game.generate(&mut moves);
                    for mv in moves {
                        if !game.play(mv) {
                            continue;
                        }
                        let r = self.gts.solve(game, &goal);
                        game.undo();
                        self.account(r.stats.nodes, r.stop);
                        if r.stop != StopReason::Proved {
                            return (true, Some(mv));
                        }
                    }
                    (false, None)
                }
            }
        }
    }

    /// The first of `prover`'s candidates, in the game's order, that keeps the win: the
    /// most natural answer among equals (the engines prefer quick or cheap proofs).
    ///
    /// The engine's choice is checked first, on budgets growing [`CHECK_GROWTH`]-fold
    /// from [`check_nodes`](ReaderOptions::check_nodes) up to
    /// [`choice_check_nodes`](ReaderOptions::choice_check_nodes) (or the question's own,
    /// if smaller): it stands unless a check refutes it (a check that merely ran out of
    /// budget does not settle it). It is not checked at all when `choice_check_nodes` is
    /// 0, or when the question's own search disproves every other candidate at a glance
    /// ([`GLANCE_NODES`] each): none of them could take its place. Once it is refuted,
    /// the other candidates are checked in order on the small budget; when none passes,
    /// those whose checks ran out are checked again on bigger budgets.
    fn first_good_move(
        &mut self,
        game: &mut CaptureGame,
        prover: Color,
        opponent: Color,
        engine_choice: Option<Move>,
    ) -> Option<Move> {
        let mut moves = Vec::new();
        game.generate(&mut moves);
        // The engine's own choice first, unless it is a pass (a move that works is the
        // answer GNU Go gives).
        if let Some(m) = engine_choice.filter(|m| !m.is_pass())
            && let Some(i) = moves.iter().position(|&x| x == m)
        {
            moves[..=i].rotate_right(1);
        }
        let pv = core::mem::take(&mut self.pv);
        // The first check starts a fresh table; the others build on it.
        self.check_table_kept = false;
        let dfpn = self.options.engine == ReadingEngine::Dfpn;
        let full = if dfpn {
            dfpn_budget(&self.options)
        } else {
            self.options.nodes.max(1)
        };
        // Only df-pn's checks run on their own budget; the other engines check on the
        // question's.
        let mut budget = if dfpn {
            self.options.check_nodes.clamp(1, full)
        } else {
            full
        };
        let mut found = None;
        // The engine's choice stands unless a check refutes it: its check grows until it
        // is settled or has had the question's budget.
        if let Some(m) = engine_choice.filter(|m| !m.is_pass())
            && moves.first() == Some(&m)
        {
            moves.remove(0);
            let cap = match self.options.choice_check_nodes {
                0 => 0,
                n if dfpn => n.min(full),
                _ => full,
            };
            let mut b = budget.min(cap);
            // A refutation matters only if another candidate could take the choice's
            // place: none can when the question's search disproves them all at a
            // glance.
            if cap == 0 || (dfpn && self.all_lose(game, prover, &moves, GLANCE_NODES)) {
                found = Some(m);
            }
            while found.is_none() {
                self.check_dfpn
                    .set_limits(SearchLimits::default().with_nodes(b));
                match self.check(game, prover, opponent, m, engine_choice, b) {
                    Check::Holds => found = Some(m),
                    Check::Fails => {}
                    Check::OutOfBudget if b < cap => {
                        b = b.saturating_mul(CHECK_GROWTH).min(cap);
                        continue;
                    }
                    Check::OutOfBudget => found = Some(m),
                }
                break;
            }
        }
        while found.is_none() {
            self.check_dfpn
                .set_limits(SearchLimits::default().with_nodes(budget));
            let mut open = Vec::new();
            for &mv in &moves {
                match self.check(game, prover, opponent, mv, engine_choice, budget) {
                    Check::Holds => {
                        found = Some(mv);
                        break;
                    }
                    Check::Fails => {}
                    Check::OutOfBudget => open.push(mv),
                }
            }
            if open.is_empty() || budget >= full {
                break;
            }
            moves = open;
            budget = budget.saturating_mul(CHECK_GROWTH).min(full);
        }
        self.check_dfpn
            .set_limits(SearchLimits::default().with_nodes(self.options.check_nodes));
        self.pv = pv;
        found
    }

    /// Whether every one of `prover`'s `moves` loses the question's game, as its own
    /// search proves on `budget` nodes each: then none of them can pass a check (a
    /// check asks the question's search first, and a move it disproves fails), so the
    /// answer is the engine's choice whatever a check of it would find.
    fn all_lose(
        &mut self,
        game: &mut CaptureGame,
        prover: Color,
        moves: &[Move],
        budget: u64,
    ) -> bool {
        let limits = SearchLimits::default().with_nodes(budget);
        for &mv in moves {
            if !game.play(mv) {
                continue;
            }
            let lost = match game.outcome() {
                Some(o) => o.winner() != Some(player_of(prover)),
                None => {
                    let r = self
                        .dfpn
                        .solve_again(game, &CaptureGoal::new(prover), &limits);
                    self.stats.nodes += r.stats.nodes;
                    r.stop == StopReason::Disproved
                }
            };
            game.undo();
            if !lost {
                return false;
            }
        }
        true
    }

    /// Whether `prover`'s move `mv` keeps the win, asked as the follow-up question
    /// would be, on a budget of `budget` nodes (df-pn's checks).
    fn check(
        &mut self,
        game: &mut CaptureGame,
        prover: Color,
        opponent: Color,
        mv: Move,
        engine_choice: Option<Move>,
        budget: u64,
    ) -> Check {
        if !game.play(mv) {
            return Check::Fails;
        }
        let in_search = self.options.engine == ReadingEngine::Dfpn;
        if in_search && Some(mv) != engine_choice && game.outcome().is_none() {
            // First the question's own search, from its table: a move it disproves is
            // not checked further.
            let limits = SearchLimits::default().with_nodes(budget);
            let r = self
                .dfpn
                .solve_again(game, &CaptureGoal::new(prover), &limits);
            self.stats.nodes += r.stats.nodes;
            if !r.is_proved() {
                game.undo();
                return if r.stop == StopReason::Disproved {
                    Check::Fails
                } else {
                    Check::OutOfBudget
                };
            }
        }
        let check = match game.outcome() {
            Some(o) if o.winner() == Some(player_of(prover)) => Check::Holds,
            Some(_) => Check::Fails,
            None => {
                let exhausted = self.stats.budget_exhausted;
                self.stats.budget_exhausted = false;
                // Asked afresh, as the follow-up question would be: the same horizon as
                // any question, so that the answer stands up to it.
                let fresh = CaptureGame::new(game.board(), game.target(), self.options.capture);
                let lost = match fresh {
                    Ok(mut child) => {
                        // Lend the question's ladder cache to the child.
                        game.swap_ladder_cache(&mut self.ladder_cache);
                        child.swap_ladder_cache(&mut self.ladder_cache);
                        let attacker = child.attacker();
                        child.set_threats(game.threats(attacker), game.threats(child.defender()));
                        self.checking = true;
                        let lost = self.search(&mut child, opponent, prover).0;
                        self.checking = false;
                        // Give the cache back to the question's game.
                        child.swap_ladder_cache(&mut self.ladder_cache);
                        game.swap_ladder_cache(&mut self.ladder_cache);
                        self.extra_positions += child.positions();
                        self.extra_ladder_nodes += child.ladder_nodes();
                        lost
                    }
                    Err(_) => self.search(game, opponent, prover).0,
                };
                let out_of_budget = self.stats.budget_exhausted;
                self.stats.budget_exhausted = exhausted;
                if lost {
                    Check::Fails
                } else if out_of_budget {
                    Check::OutOfBudget
                } else {
                    Check::Holds
                }
            }
        };
        game.undo();
        check
    }

    fn account(&mut self, nodes: u64, stop: StopReason) {
        self.stats.nodes += nodes;
        if matches!(
            stop,
            StopReason::NodeLimit | StopReason::TimeLimit | StopReason::Aborted
        ) {
            self.stats.budget_exhausted = true;
        }
    }
}

/// The node budget of the question's df-pn searches.
/// The options of a reader's engines.
struct EngineOptions {
    alphabeta: AlphaBetaOptions,
    dfpn: DfpnOptions,
    check: DfpnOptions,
    gts: GtsOptions,
}

impl EngineOptions {
    fn of(options: &ReaderOptions) -> EngineOptions {
        let limits = SearchLimits::default().with_nodes(options.nodes);
        let alphabeta = AlphaBetaOptions {
            limits: limits.clone(),
            tt_bits: options.tt_bits,
            aspiration: None,
            quiescence_depth: 0,
            history: false,
            ..AlphaBetaOptions::default()
        };
        // The reader reads a winning search's line itself, apart from the game's counts.
        let dfpn = DfpnOptions {
            limits: SearchLimits::default().with_nodes(dfpn_budget(options)),
            tt_bits: options.tt_bits,
            pv_length: 0,
            ..DfpnOptions::default()
        };
        // Checks run on at least one node (see `Reader::answer`).
        let check = DfpnOptions {
            limits: SearchLimits::default().with_nodes(options.check_nodes.max(1)),
            ..dfpn.clone()
        };
        let gts = GtsOptions {
            limits,
            max_order: 3,
            record_tree: None,
        };
        EngineOptions {
            alphabeta,
            dfpn,
            check,
            gts,
        }
    }
}

fn dfpn_budget(options: &ReaderOptions) -> u64 {
    (options.nodes / DFPN_POSITIONS_PER_NODE).max(1)
}
