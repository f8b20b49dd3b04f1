//! The game a GTP engine plays: go-board's [`GameHistory`] (the board with
//! its history, handicap, komi and rules) and a clock.

use std::path::Path;
use std::time::Duration;

use go_board::sgf::{GameRecord, Repair, SgfError, Until};
use go_board::{
    Board, ByColor, Color, GameHistory, Geometry, HandicapError, KomiError, Move, MoveInfo,
    PlayError, Point, Rules, SetupError, SizeError,
};

/// The time system of `time_settings` (GTP 2, Canadian byo-yomi).
///
/// ```
/// use go_gtp::TimeSettings;
/// use std::time::Duration;
///
/// let absolute = TimeSettings { main_time: Duration::from_secs(600), ..Default::default() };
/// assert!(!absolute.is_unlimited());
/// assert!(TimeSettings::default().is_unlimited());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TimeSettings {
    /// Main time.
    pub main_time: Duration,
    /// Byo-yomi period, for `byo_yomi_stones` moves.
    pub byo_yomi_time: Duration,
    /// Moves to play in each byo-yomi period; 0 with a non-zero period
    /// means no time limit (GTP 2, section 6.3.4).
    pub byo_yomi_stones: u32,
}

impl TimeSettings {
    /// Whether these settings mean no time limit: the GTP convention of a
    /// byo-yomi period without stones, or no time at all configured (the
    /// default).
    ///
    /// ```
    /// use go_gtp::TimeSettings;
    /// use std::time::Duration;
    ///
    /// let none = TimeSettings { byo_yomi_time: Duration::from_secs(1), ..Default::default() };
    /// assert!(none.is_unlimited());
    /// ```
    #[must_use]
    pub fn is_unlimited(&self) -> bool {
        (self.byo_yomi_stones == 0 && !self.byo_yomi_time.is_zero())
            || (self.main_time.is_zero() && self.byo_yomi_time.is_zero())
    }
}

/// The time a player has left, as `time_left` reports it.
///
/// ```
/// use go_gtp::TimeLeft;
/// use std::time::Duration;
///
/// let left = TimeLeft { time: Duration::from_secs(30), stones: 5 };
/// assert!(left.in_byo_yomi());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TimeLeft {
    /// Time left in the current period.
    pub time: Duration,
    /// Moves left to play in this byo-yomi period, 0 in main time.
    pub stones: u32,
}

impl TimeLeft {
    /// Whether the player is in byo-yomi.
    ///
    /// ```
    /// use go_gtp::TimeLeft;
    ///
    /// assert!(!TimeLeft::default().in_byo_yomi());
    /// ```
    #[must_use]
    pub fn in_byo_yomi(&self) -> bool {
        self.stones > 0
    }
}

/// The clock: time settings and the time each player has left, as the
/// controller last told.
///
/// ```
/// use go_gtp::{Clock, Color, TimeLeft};
/// use std::time::Duration;
///
/// let mut clock = Clock::default();
/// clock.left[Color::Black] = Some(TimeLeft { time: Duration::from_secs(90), stones: 0 });
/// assert_eq!(clock.left[Color::White], None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Clock {
    /// The time system, once `time_settings` was given.
    pub settings: Option<TimeSettings>,
    /// Each player's time left, once `time_left` was given.
    pub left: ByColor<Option<TimeLeft>>,
}

/// A game with a clock, as a GTP engine holds it: go-board's [`GameHistory`] — the
/// [`Board`] with its move history, the start position (setup and handicap
/// stones), the handicap, komi and rules — plus the [`Clock`] that GTP's
/// time commands set. The methods delegate to the history; programs that
/// need rules-level game handling without GTP use [`GameHistory`] itself.
///
/// Every change goes through methods that keep the record consistent, so
/// that `undo`, `printsgf` and superko always see the whole game. An
/// illegal move leaves the game unchanged.
///
/// ```
/// use go_gtp::{Color, TimedGame, Move};
///
/// let mut game = TimedGame::new(9)?;
/// game.play(Color::Black, "E5".parse()?)?;
/// game.play(Color::White, Move::Pass)?;
/// assert_eq!(game.board().to_play(), Color::Black);
/// assert_eq!(game.moves().count(), 2);
/// game.undo();
/// assert_eq!(game.moves().count(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// Named `TimedGame` (it was `Game` until 0.1) so that it does not clash with
/// the `go_search::Game` trait that searchable games implement: what it adds to [`GameHistory`]
/// is the clock.
#[derive(Debug, Clone)]
pub struct TimedGame {
    /// The position, its moves since the start position, the handicap.
    history: GameHistory,
    clock: Clock,
}

/// The old name of [`TimedGame`], kept for one release.
#[deprecated(
    since = "0.1.0",
    note = "renamed `TimedGame`, to stay clear of the `go_search::Game` trait"
)]
pub type Game = TimedGame;

impl Default for TimedGame {
    /// An empty 19×19 game with the default rules (GNU Go's: simple ko, no
    /// suicide, territory scoring, komi 6.5).
    fn default() -> Self {
        Self::from_history(GameHistory::default())
    }
}

impl From<GameHistory> for TimedGame {
    /// The same as [`TimedGame::from_history`].
    fn from(history: GameHistory) -> Self {
        Self::from_history(history)
    }
}

impl TimedGame {
    /// An empty game on a `size`×`size` board with the default rules.
    ///
    /// # Errors
    /// [`SizeError`] unless `size` is in 2..=25.
    ///
    /// ```
    /// use go_gtp::TimedGame;
    ///
    /// assert_eq!(TimedGame::new(13)?.board().size(), 13);
    /// assert!(TimedGame::new(1).is_err());
    /// # Ok::<(), go_gtp::go_board::SizeError>(())
    /// ```
    pub fn new(size: usize) -> Result<Self, SizeError> {
        Self::with_rules(size, Rules::default())
    }

    /// An empty game on a `size`×`size` board with `rules`.
    ///
    /// # Errors
    /// [`SizeError`] unless `size` is in 2..=25.
    ///
    /// ```
    /// use go_gtp::{go_board::Rules, TimedGame};
    ///
    /// let game = TimedGame::with_rules(9, Rules::chinese())?;
    /// assert_eq!(game.rules().komi, 7.5);
    /// # Ok::<(), go_gtp::go_board::SizeError>(())
    /// ```
    pub fn with_rules(size: usize, rules: Rules) -> Result<Self, SizeError> {
        Ok(Self::from_history(GameHistory::with_rules(size, rules)?))
    }

    /// A game continuing from `board`: its moves since its last setup
    /// become the game's moves (undoable), the position before them the
    /// start.
    ///
    /// ```
    /// use go_gtp::{Color, TimedGame, go_board::Board};
    ///
    /// let mut board = Board::from_diagram(". X\n. .")?;
    /// board.play(Color::White, "A1".parse()?)?;
    /// let mut game = TimedGame::from_board(board);
    /// assert_eq!(game.moves().count(), 1);
    /// assert!(game.undo().is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn from_board(board: Board) -> Self {
        Self::from_history(GameHistory::from_board(board))
    }

    /// A game continuing `history`, with an unset clock.
    ///
    /// ```
    /// use go_gtp::{go_board::GameHistory, Color, TimedGame};
    ///
    /// let mut history = GameHistory::new(9)?;
    /// history.play(Color::Black, "E5".parse()?)?;
    /// let game = TimedGame::from_history(history);
    /// assert_eq!(game.moves().count(), 1);
    /// assert_eq!(game.clock().settings, None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn from_history(history: GameHistory) -> Self {
        Self {
            history,
            clock: Clock::default(),
        }
    }

    /// The game without its clock: the board, its history, the handicap.
    ///
    /// ```
    /// use go_gtp::TimedGame;
    ///
    /// assert!(TimedGame::new(9)?.history().handicap().is_empty());
    /// # Ok::<(), go_gtp::go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn history(&self) -> &GameHistory {
        &self.history
    }

    /// The game without its clock, to change through [`GameHistory`]'s
    /// methods.
    ///
    /// ```
    /// use go_gtp::{Color, TimedGame, Move};
    ///
    /// let mut game = TimedGame::new(9)?;
    /// game.history_mut().play(Color::Black, Move::Pass)?;
    /// assert_eq!(game.moves().count(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn history_mut(&mut self) -> &mut GameHistory {
        &mut self.history
    }

    /// The board: the current position and the moves that led to it.
    ///
    /// ```
    /// use go_gtp::TimedGame;
    ///
    /// assert_eq!(TimedGame::new(9)?.board().empty_points().len(), 81);
    /// # Ok::<(), go_gtp::go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn board(&self) -> &Board {
        self.history.board()
    }

    /// The board's geometry.
    ///
    /// ```
    /// use go_gtp::TimedGame;
    ///
    /// assert_eq!(TimedGame::new(9)?.geometry().num_points(), 81);
    /// # Ok::<(), go_gtp::go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn geometry(&self) -> &'static Geometry {
        self.history.geometry()
    }

    /// The rules, komi included.
    ///
    /// ```
    /// use go_gtp::TimedGame;
    ///
    /// assert_eq!(TimedGame::new(9)?.rules().komi, 6.5);
    /// # Ok::<(), go_gtp::go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn rules(&self) -> &Rules {
        self.history.rules()
    }

    /// Changes the rules (komi included) from the next move on.
    ///
    /// ```
    /// use go_gtp::{go_board::{Rules, SuicideRule}, TimedGame};
    ///
    /// let mut game = TimedGame::new(9)?;
    /// game.set_rules(Rules::tromp_taylor());
    /// assert_eq!(game.rules().suicide, SuicideRule::Allowed);
    /// # Ok::<(), go_gtp::go_board::SizeError>(())
    /// ```
    pub fn set_rules(&mut self, rules: Rules) {
        self.history.set_rules(rules);
    }

    /// Changes the komi only.
    ///
    /// # Errors
    /// [`KomiError`] for a komi that is not finite or beyond
    /// [`Rules::MAX_KOMI`]; the game is then unchanged.
    ///
    /// ```
    /// use go_gtp::TimedGame;
    ///
    /// let mut game = TimedGame::new(9)?;
    /// game.set_komi(0.5)?;
    /// assert_eq!(game.rules().komi, 0.5);
    /// assert!(game.set_komi(f32::INFINITY).is_err());
    /// assert_eq!(game.rules().komi, 0.5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_komi(&mut self, komi: f32) -> Result<(), KomiError> {
        self.history.set_komi(komi)
    }

    /// Starts a new game on a board of another size, keeping rules and
    /// clock settings.
    ///
    /// # Errors
    /// [`SizeError`] unless `size` is in 2..=25; the game is then unchanged.
    ///
    /// ```
    /// use go_gtp::TimedGame;
    ///
    /// let mut game = TimedGame::new(9)?;
    /// game.resize(19)?;
    /// assert_eq!(game.board().size(), 19);
    /// assert!(game.resize(30).is_err());
    /// # Ok::<(), go_gtp::go_board::SizeError>(())
    /// ```
    pub fn resize(&mut self, size: usize) -> Result<(), SizeError> {
        self.history.resize(size)
    }

    /// Empties the board and forgets the moves and the handicap; size,
    /// rules and clock settings stay.
    ///
    /// ```
    /// use go_gtp::{Color, TimedGame};
    ///
    /// let mut game = TimedGame::new(9)?;
    /// game.play(Color::Black, "C3".parse()?)?;
    /// game.clear();
    /// assert!(game.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn clear(&mut self) {
        self.history.clear();
        self.clock.left = ByColor::default();
    }

    /// Whether the board has no stones and no moves were played.
    ///
    /// ```
    /// use go_gtp::TimedGame;
    ///
    /// assert!(TimedGame::new(9)?.is_empty());
    /// # Ok::<(), go_gtp::go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.history.is_empty()
    }

    /// Plays a move (a stone or a pass) for `color`, who need not be the
    /// side to move (as GTP's `play`). Pass is always legal.
    ///
    /// # Errors
    /// [`PlayError`] for an illegal move; the game is then unchanged.
    ///
    /// ```
    /// use go_gtp::{Color, TimedGame, go_board::PlayError};
    ///
    /// let mut game = TimedGame::new(9)?;
    /// let e5 = "E5".parse()?;
    /// game.play(Color::Black, e5)?;
    /// assert_eq!(game.play(Color::White, e5), Err(PlayError::Occupied("E5".parse()?)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&mut self, color: Color, mv: Move) -> Result<MoveInfo, PlayError> {
        self.history.play(color, mv)
    }

    /// Whether `color` may play `mv` now (a pass always may).
    ///
    /// ```
    /// use go_gtp::{Color, TimedGame, Move};
    ///
    /// let game = TimedGame::new(9)?;
    /// assert!(game.is_legal(Color::White, Move::Pass));
    /// assert!(!game.is_legal(Color::White, "K10".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn is_legal(&self, color: Color, mv: Move) -> bool {
        self.history.is_legal(color, mv)
    }

    /// Takes back the last move; `None` when there is none (setup and
    /// handicap stones are not moves).
    ///
    /// ```
    /// use go_gtp::{Color, TimedGame, Move};
    ///
    /// let mut game = TimedGame::new(9)?;
    /// assert_eq!(game.undo(), None);
    /// game.play(Color::Black, Move::Pass)?;
    /// assert_eq!(game.undo(), Some((Color::Black, Move::Pass)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn undo(&mut self) -> Option<(Color, Move)> {
        self.history.undo()
    }

    /// The moves played from the start position, oldest first.
    ///
    /// ```
    /// use go_gtp::{Color, TimedGame, Move};
    ///
    /// let mut game = TimedGame::new(9)?;
    /// game.play(Color::White, Move::Pass)?;
    /// assert_eq!(game.moves().next(), Some((Color::White, Move::Pass)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn moves(&self) -> impl DoubleEndedIterator<Item = (Color, Move)> + '_ {
        self.history.moves()
    }

    /// Whether the game is over by two passes in a row.
    ///
    /// ```
    /// use go_gtp::{Color, TimedGame, Move};
    ///
    /// let mut game = TimedGame::new(9)?;
    /// game.play(Color::Black, Move::Pass)?;
    /// game.play(Color::White, Move::Pass)?;
    /// assert!(game.is_over());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.history.is_over()
    }

    /// Puts handicap stones on the empty board; White moves next.
    ///
    /// # Errors
    /// [`HandicapError`] if the board is not empty, there are fewer than 2
    /// stones or no empty point would be left, or a point is off the board
    /// or repeated. The game is then unchanged.
    ///
    /// ```
    /// use go_gtp::{Color, TimedGame, Point};
    ///
    /// let mut game = TimedGame::new(9)?;
    /// game.set_handicap(&[Point::new(2, 2), Point::new(6, 6)])?;
    /// assert_eq!(game.handicap().len(), 2);
    /// assert_eq!(game.board().to_play(), Color::White);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_handicap(&mut self, stones: &[Point]) -> Result<(), HandicapError> {
        self.history.set_handicap(stones)
    }

    /// The handicap stones placed by [`TimedGame::set_handicap`], in the order
    /// given.
    ///
    /// ```
    /// use go_gtp::TimedGame;
    ///
    /// assert!(TimedGame::new(9)?.handicap().is_empty());
    /// # Ok::<(), go_gtp::go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn handicap(&self) -> &[Point] {
        self.history.handicap()
    }

    /// Adds and removes stones outside the move sequence (SGF `AB`, `AW`,
    /// `AE`). The current position becomes the start: the moves before
    /// cannot be undone any more. The side to move stays.
    ///
    /// # Errors
    /// [`SetupError`] if a point is off the board or a block would have no
    /// liberties; the game is then unchanged.
    ///
    /// ```
    /// use go_gtp::{Color, TimedGame, Point};
    ///
    /// let mut game = TimedGame::new(9)?;
    /// game.play(Color::Black, "E5".parse()?)?;
    /// game.setup([(Point::new(0, 0), Some(Color::White))])?;
    /// assert_eq!(game.board().stones_of(Color::White).len(), 1);
    /// assert!(!game.board().can_undo());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn setup(
        &mut self,
        changes: impl IntoIterator<Item = (Point, Option<Color>)>,
    ) -> Result<(), SetupError> {
        self.history.setup(changes)
    }

    /// Sets the side to move (SGF `PL`).
    ///
    /// ```
    /// use go_gtp::{Color, TimedGame};
    ///
    /// let mut game = TimedGame::new(9)?;
    /// game.set_to_play(Color::White);
    /// assert_eq!(game.board().to_play(), Color::White);
    /// # Ok::<(), go_gtp::go_board::SizeError>(())
    /// ```
    pub fn set_to_play(&mut self, color: Color) {
        self.history.set_to_play(color);
    }

    /// Loads the main line of the SGF file at `path` up to `until`, with
    /// GNU Go's `loadsgf` semantics (see [`GameRecord::position`]), and
    /// returns the colour to play. The record's moves become the game's
    /// (undoable); its rules apply when it names them (`RU`), its komi when
    /// it gives one (`KM`); otherwise the game's stay. The clock stays.
    ///
    /// The file must be a regular file of at most
    /// [`MAX_FILE_SIZE`](go_board::sgf::MAX_FILE_SIZE) bytes, and every
    /// move replayed legal under the record's rules (see
    /// [`go_board::sgf`]: illegal moves are refused with their number,
    /// not repaired).
    ///
    /// # Errors
    /// [`SgfError`] when the file cannot be read, parsed or replayed; the
    /// game is then unchanged.
    ///
    /// ```
    /// use go_gtp::{go_board::sgf::Until, Color, TimedGame};
    ///
    /// let path = std::env::temp_dir().join(format!("go-gtp-doc-{}.sgf", std::process::id()));
    /// std::fs::write(&path, "(;SZ[9]KM[0.5];B[ee];W[ec];B[ce])")?;
    /// let mut game = TimedGame::new(19)?;
    /// assert_eq!(game.load_sgf(&path, Until::BeforeMove(3))?, Color::Black);
    /// assert_eq!((game.board().size(), game.moves().count()), (9, 2));
    /// assert_eq!(game.rules().komi, 0.5);
    /// # std::fs::remove_file(&path)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn load_sgf(&mut self, path: impl AsRef<Path>, until: Until) -> Result<Color, SgfError> {
        self.history.load_sgf(path, until)
    }

    /// [`load_sgf`](Self::load_sgf), and what the lenient SGF reader repaired
    /// or ignored to read the file ([`GameRecord::repairs`]; empty for a clean
    /// file). GTP's `loadsgf` reports them on standard error.
    ///
    /// # Errors
    /// As [`load_sgf`](Self::load_sgf).
    ///
    /// ```
    /// use go_gtp::{go_board::sgf::{Repair, Until}, Color, TimedGame};
    ///
    /// let path = std::env::temp_dir().join(format!("go-gtp-repaired-{}.sgf", std::process::id()));
    /// std::fs::write(&path, "(;SZ[9]KM[abc];B[ee]")?;
    /// let mut game = TimedGame::new(19)?;
    /// let (to_play, repairs) = game.load_sgf_repaired(&path, Until::End)?;
    /// assert_eq!(to_play, Color::White);
    /// assert_eq!(repairs[0], Repair::MissingParentheses(1));
    /// assert_eq!(repairs[1].to_string(), "ignored KM[abc]");
    /// # std::fs::remove_file(&path)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn load_sgf_repaired(
        &mut self,
        path: impl AsRef<Path>,
        until: Until,
    ) -> Result<(Color, Vec<Repair>), SgfError> {
        let record = GameRecord::read_file(path)?;
        let to_play = self.history.load_record(&record, until)?;
        Ok((to_play, record.repairs().to_vec()))
    }

    /// The game as an SGF record: size, komi, rules, handicap, the start
    /// position as setup stones, then the moves. Add players and result
    /// through its `info` before writing it with
    /// [`to_sgf`](GameRecord::to_sgf).
    ///
    /// ```
    /// use go_gtp::{Color, TimedGame, go_board::sgf::GameRecord};
    ///
    /// let mut game = TimedGame::new(9)?;
    /// game.play(Color::Black, "E5".parse()?)?;
    /// let text = game.record().to_sgf();
    /// assert!(text.contains(";B[ee]"));
    /// assert_eq!(GameRecord::parse(&text)?.num_moves(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn record(&self) -> GameRecord {
        self.history.record()
    }

    /// The clock.
    ///
    /// ```
    /// use go_gtp::TimedGame;
    ///
    /// assert_eq!(TimedGame::new(9)?.clock().settings, None);
    /// # Ok::<(), go_gtp::go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// The clock, to update from `time_settings` and `time_left`.
    ///
    /// ```
    /// use go_gtp::{TimedGame, TimeSettings};
    ///
    /// let mut game = TimedGame::new(9)?;
    /// game.clock_mut().settings = Some(TimeSettings::default());
    /// # Ok::<(), go_gtp::go_board::SizeError>(())
    /// ```
    pub fn clock_mut(&mut self) -> &mut Clock {
        &mut self.clock
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[allow(deprecated)]
    fn the_old_name_still_names_the_timed_game() {
        let game: crate::Game = TimedGame::new(9).unwrap();
        assert_eq!(game.board().size(), 9);
    }

    #[test]
    fn clear_forgets_the_time_left_but_keeps_the_settings() {
        let mut game = TimedGame::new(9).unwrap();
        game.clock_mut().settings = Some(TimeSettings::default());
        game.clock_mut().left[Color::Black] = Some(TimeLeft::default());
        game.set_handicap(&[Point::new(2, 2), Point::new(6, 6)])
            .unwrap();
        game.clear();
        assert!(game.is_empty() && game.handicap().is_empty());
        assert_eq!(game.clock().left[Color::Black], None);
        assert!(game.clock().settings.is_some());
    }

    #[test]
    fn resize_keeps_rules_and_clock_settings() {
        let mut game = TimedGame::with_rules(9, Rules::chinese()).unwrap();
        game.clock_mut().settings = Some(TimeSettings::default());
        game.resize(13).unwrap();
        assert_eq!(*game.rules(), Rules::chinese());
        assert!(game.clock().settings.is_some());
    }
}
