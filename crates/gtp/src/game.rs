//! The game a GTP engine plays: a board with its history, handicap, komi,
//! rules and clock.

use std::path::Path;
use std::time::Duration;

use go_board::sgf::{GameRecord, SgfError, Until};
use go_board::{
    Board, ByColor, Color, Geometry, Move, MoveInfo, PlayError, Point, PointSet, Rules, SetupError,
    SizeError,
};

/// Why handicap stones cannot be placed.
///
/// ```
/// use go_gtp::{Game, HandicapError, Point};
///
/// let mut game = Game::new(9)?;
/// assert_eq!(game.set_handicap(&[Point::new(2, 2)]), Err(HandicapError::Count(1)));
/// # Ok::<(), go_gtp::go_board::SizeError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum HandicapError {
    /// Stones are already on the board (or moves were played).
    #[error("board not empty")]
    BoardNotEmpty,
    /// The number of stones is impossible: fewer than 2, more than the
    /// board can take, or a fixed placement the size does not have.
    #[error("invalid number of handicap stones: {0}")]
    Count(u32),
    /// A point is not on the board.
    #[error("{0} is off the board")]
    OffBoard(Point),
    /// A point is given twice.
    #[error("{0} is given twice")]
    Repeated(Point),
}

/// A komi a game cannot use: not a finite number, or beyond
/// [`Rules::MAX_KOMI`] (1,000 points) in absolute value.
///
/// ```
/// use go_gtp::{Game, KomiError};
///
/// let mut game = Game::new(9)?;
/// assert_eq!(game.set_komi(f32::NAN).unwrap_err().to_string(),
///            "komi must be a finite number from -1000 to 1000, got NaN");
/// assert_eq!(game.rules().komi, 6.5);
/// # Ok::<(), go_gtp::go_board::SizeError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
#[error("komi must be a finite number from -{max} to {max}, got {0}", max = Rules::MAX_KOMI)]
pub struct KomiError(pub f64);

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

/// A game: the [`Board`] with its move history, plus what GTP adds around
/// it — the position the moves start from (setup and handicap stones), the
/// handicap, the clock. Komi and rules live in the board's [`Rules`].
///
/// Every change goes through methods that keep the record consistent, so
/// that `undo`, `printsgf` and superko always see the whole game. An
/// illegal move leaves the game unchanged.
///
/// ```
/// use go_gtp::{Color, Game, Move};
///
/// let mut game = Game::new(9)?;
/// game.play(Color::Black, "E5".parse()?)?;
/// game.play(Color::White, Move::Pass)?;
/// assert_eq!(game.board().to_play(), Color::Black);
/// assert_eq!(game.moves().count(), 2);
/// game.undo();
/// assert_eq!(game.moves().count(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Game {
    /// The position and, since the start position, its moves.
    board: Board,
    handicap: Vec<Point>,
    clock: Clock,
}

impl Default for Game {
    /// An empty 19×19 game with the default rules (GNU Go's: simple ko, no
    /// suicide, territory scoring, komi 6.5).
    fn default() -> Self {
        Self::from_board(Board::default())
    }
}

impl Game {
    /// An empty game on a `size`×`size` board with the default rules.
    ///
    /// # Errors
    /// [`SizeError`] unless `size` is in 2..=25.
    ///
    /// ```
    /// use go_gtp::Game;
    ///
    /// assert_eq!(Game::new(13)?.board().size(), 13);
    /// assert!(Game::new(1).is_err());
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
    /// use go_gtp::{go_board::Rules, Game};
    ///
    /// let game = Game::with_rules(9, Rules::chinese())?;
    /// assert_eq!(game.rules().komi, 7.5);
    /// # Ok::<(), go_gtp::go_board::SizeError>(())
    /// ```
    pub fn with_rules(size: usize, rules: Rules) -> Result<Self, SizeError> {
        Ok(Self::from_board(Board::with_rules(size, rules)?))
    }

    /// A game continuing from `board`: its moves since its last setup
    /// become the game's moves (undoable), the position before them the
    /// start.
    ///
    /// ```
    /// use go_gtp::{Color, Game, go_board::Board};
    ///
    /// let mut board = Board::from_diagram(". X\n. .")?;
    /// board.play(Color::White, "A1".parse()?)?;
    /// let mut game = Game::from_board(board);
    /// assert_eq!(game.moves().count(), 1);
    /// assert!(game.undo().is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn from_board(board: Board) -> Self {
        Self {
            board,
            handicap: Vec::new(),
            clock: Clock::default(),
        }
    }

    /// The board: the current position and the moves that led to it.
    ///
    /// ```
    /// use go_gtp::Game;
    ///
    /// assert_eq!(Game::new(9)?.board().empty_points().len(), 81);
    /// # Ok::<(), go_gtp::go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The board's geometry.
    ///
    /// ```
    /// use go_gtp::Game;
    ///
    /// assert_eq!(Game::new(9)?.geometry().num_points(), 81);
    /// # Ok::<(), go_gtp::go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn geometry(&self) -> &'static Geometry {
        self.board.geometry()
    }

    /// The rules, komi included.
    ///
    /// ```
    /// use go_gtp::Game;
    ///
    /// assert_eq!(Game::new(9)?.rules().komi, 6.5);
    /// # Ok::<(), go_gtp::go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn rules(&self) -> &Rules {
        self.board.rules()
    }

    /// Changes the rules (komi included) from the next move on.
    ///
    /// ```
    /// use go_gtp::{go_board::{Rules, SuicideRule}, Game};
    ///
    /// let mut game = Game::new(9)?;
    /// game.set_rules(Rules::tromp_taylor());
    /// assert_eq!(game.rules().suicide, SuicideRule::Allowed);
    /// # Ok::<(), go_gtp::go_board::SizeError>(())
    /// ```
    pub fn set_rules(&mut self, rules: Rules) {
        self.board.set_rules(rules);
    }

    /// Changes the komi only.
    ///
    /// # Errors
    /// [`KomiError`] for a komi that is not finite or beyond
    /// [`Rules::MAX_KOMI`]; the game is then unchanged.
    ///
    /// ```
    /// use go_gtp::Game;
    ///
    /// let mut game = Game::new(9)?;
    /// game.set_komi(0.5)?;
    /// assert_eq!(game.rules().komi, 0.5);
    /// assert!(game.set_komi(f32::INFINITY).is_err());
    /// assert_eq!(game.rules().komi, 0.5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_komi(&mut self, komi: f32) -> Result<(), KomiError> {
        if !Rules::is_valid_komi(komi) {
            return Err(KomiError(f64::from(komi)));
        }
        let rules = self.rules().with_komi(komi);
        self.board.set_rules(rules);
        Ok(())
    }

    /// Starts a new game on a board of another size, keeping rules and
    /// clock settings.
    ///
    /// # Errors
    /// [`SizeError`] unless `size` is in 2..=25; the game is then unchanged.
    ///
    /// ```
    /// use go_gtp::Game;
    ///
    /// let mut game = Game::new(9)?;
    /// game.resize(19)?;
    /// assert_eq!(game.board().size(), 19);
    /// assert!(game.resize(30).is_err());
    /// # Ok::<(), go_gtp::go_board::SizeError>(())
    /// ```
    pub fn resize(&mut self, size: usize) -> Result<(), SizeError> {
        let board = Board::with_rules(size, *self.rules())?;
        *self = Self {
            clock: self.clock,
            ..Self::from_board(board)
        };
        Ok(())
    }

    /// Empties the board and forgets the moves and the handicap; size,
    /// rules and clock settings stay.
    ///
    /// ```
    /// use go_gtp::{Color, Game};
    ///
    /// let mut game = Game::new(9)?;
    /// game.play(Color::Black, "C3".parse()?)?;
    /// game.clear();
    /// assert!(game.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn clear(&mut self) {
        self.board.clear();
        self.handicap.clear();
        self.clock.left = ByColor::default();
    }

    /// Whether the board has no stones and no moves were played.
    ///
    /// ```
    /// use go_gtp::Game;
    ///
    /// assert!(Game::new(9)?.is_empty());
    /// # Ok::<(), go_gtp::go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.board.empty_points().len() == self.geometry().num_points() && !self.board.can_undo()
    }

    /// Plays a move (a stone or a pass) for `color`, who need not be the
    /// side to move (as GTP's `play`). Pass is always legal.
    ///
    /// # Errors
    /// [`PlayError`] for an illegal move; the game is then unchanged.
    ///
    /// ```
    /// use go_gtp::{Color, Game, go_board::PlayError};
    ///
    /// let mut game = Game::new(9)?;
    /// let e5 = "E5".parse()?;
    /// game.play(Color::Black, e5)?;
    /// assert_eq!(game.play(Color::White, e5), Err(PlayError::Occupied("E5".parse()?)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&mut self, color: Color, mv: Move) -> Result<MoveInfo, PlayError> {
        self.board.play_move(color, mv)
    }

    /// Whether `color` may play `mv` now (a pass always may).
    ///
    /// ```
    /// use go_gtp::{Color, Game, Move};
    ///
    /// let game = Game::new(9)?;
    /// assert!(game.is_legal(Color::White, Move::Pass));
    /// assert!(!game.is_legal(Color::White, "K10".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn is_legal(&self, color: Color, mv: Move) -> bool {
        match mv {
            Move::Pass => true,
            Move::Play(p) => self.board.is_legal(color, p),
        }
    }

    /// Takes back the last move; `None` when there is none (setup and
    /// handicap stones are not moves).
    ///
    /// ```
    /// use go_gtp::{Color, Game, Move};
    ///
    /// let mut game = Game::new(9)?;
    /// assert_eq!(game.undo(), None);
    /// game.play(Color::Black, Move::Pass)?;
    /// assert_eq!(game.undo(), Some((Color::Black, Move::Pass)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn undo(&mut self) -> Option<(Color, Move)> {
        self.board.undo()
    }

    /// The moves played from the start position, oldest first.
    ///
    /// ```
    /// use go_gtp::{Color, Game, Move};
    ///
    /// let mut game = Game::new(9)?;
    /// game.play(Color::White, Move::Pass)?;
    /// assert_eq!(game.moves().next(), Some((Color::White, Move::Pass)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn moves(&self) -> impl DoubleEndedIterator<Item = (Color, Move)> + '_ {
        self.board.moves()
    }

    /// Whether the game is over by two passes in a row.
    ///
    /// ```
    /// use go_gtp::{Color, Game, Move};
    ///
    /// let mut game = Game::new(9)?;
    /// game.play(Color::Black, Move::Pass)?;
    /// game.play(Color::White, Move::Pass)?;
    /// assert!(game.is_over());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.board.consecutive_passes() >= 2
    }

    /// Puts handicap stones on the empty board; White moves next.
    ///
    /// # Errors
    /// [`HandicapError`] if the board is not empty, there are fewer than 2
    /// stones or no empty point would be left, or a point is off the board
    /// or repeated. The game is then unchanged.
    ///
    /// ```
    /// use go_gtp::{Color, Game, Point};
    ///
    /// let mut game = Game::new(9)?;
    /// game.set_handicap(&[Point::new(2, 2), Point::new(6, 6)])?;
    /// assert_eq!(game.handicap().len(), 2);
    /// assert_eq!(game.board().to_play(), Color::White);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_handicap(&mut self, stones: &[Point]) -> Result<(), HandicapError> {
        if !self.is_empty() {
            return Err(HandicapError::BoardNotEmpty);
        }
        let count = u32::try_from(stones.len()).unwrap_or(u32::MAX);
        if count < 2 || stones.len() >= self.geometry().num_points() {
            return Err(HandicapError::Count(count));
        }
        let mut seen = PointSet::new();
        for &p in stones {
            if !self.geometry().contains(p) {
                return Err(HandicapError::OffBoard(p));
            }
            if !seen.insert(p) {
                return Err(HandicapError::Repeated(p));
            }
        }
        // Stones of one colour with an empty point left always have
        // liberties, so the setup cannot fail.
        self.setup(stones.iter().map(|&p| (p, Some(Color::Black))))
            .map_err(|_| HandicapError::Count(count))?;
        self.board.set_to_play(Color::White);
        self.handicap = stones.to_vec();
        Ok(())
    }

    /// The handicap stones placed by [`Game::set_handicap`], in the order
    /// given.
    ///
    /// ```
    /// use go_gtp::Game;
    ///
    /// assert!(Game::new(9)?.handicap().is_empty());
    /// # Ok::<(), go_gtp::go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn handicap(&self) -> &[Point] {
        &self.handicap
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
    /// use go_gtp::{Color, Game, Point};
    ///
    /// let mut game = Game::new(9)?;
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
        self.board.setup(changes)
    }

    /// Sets the side to move (SGF `PL`).
    ///
    /// ```
    /// use go_gtp::{Color, Game};
    ///
    /// let mut game = Game::new(9)?;
    /// game.set_to_play(Color::White);
    /// assert_eq!(game.board().to_play(), Color::White);
    /// # Ok::<(), go_gtp::go_board::SizeError>(())
    /// ```
    pub fn set_to_play(&mut self, color: Color) {
        self.board.set_to_play(color);
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
    /// use go_gtp::{go_board::sgf::Until, Color, Game};
    ///
    /// let path = std::env::temp_dir().join(format!("go-gtp-doc-{}.sgf", std::process::id()));
    /// std::fs::write(&path, "(;SZ[9]KM[0.5];B[ee];W[ec];B[ce])")?;
    /// let mut game = Game::new(19)?;
    /// assert_eq!(game.load_sgf(&path, Until::BeforeMove(3))?, Color::Black);
    /// assert_eq!((game.board().size(), game.moves().count()), (9, 2));
    /// assert_eq!(game.rules().komi, 0.5);
    /// # std::fs::remove_file(&path)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn load_sgf(&mut self, path: impl AsRef<Path>, until: Until) -> Result<Color, SgfError> {
        let record = GameRecord::read_file(path)?;
        let position = record.position(until)?;
        let mut rules = if record.info.rules.is_some() {
            record.rules()
        } else {
            *self.rules()
        };
        rules.komi = record.info.komi.unwrap_or(self.rules().komi);
        let mut board = position.board;
        board.set_rules(rules);
        board.set_to_play(position.to_play);
        *self = Self {
            clock: self.clock,
            ..Self::from_board(board)
        };
        Ok(position.to_play)
    }

    /// The game as an SGF record: size, komi, rules, handicap, the start
    /// position as setup stones, then the moves. Add players and result
    /// through its `info` before writing it with
    /// [`to_sgf`](GameRecord::to_sgf).
    ///
    /// ```
    /// use go_gtp::{Color, Game, go_board::sgf::GameRecord};
    ///
    /// let mut game = Game::new(9)?;
    /// game.play(Color::Black, "E5".parse()?)?;
    /// let text = game.record().to_sgf();
    /// assert!(text.contains(";B[ee]"));
    /// assert_eq!(GameRecord::parse(&text)?.num_moves(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn record(&self) -> GameRecord {
        let mut record = GameRecord::from_board(&self.board);
        if !self.handicap.is_empty() {
            record.info.handicap = u32::try_from(self.handicap.len()).ok();
        }
        record
    }

    /// The clock.
    ///
    /// ```
    /// use go_gtp::Game;
    ///
    /// assert_eq!(Game::new(9)?.clock().settings, None);
    /// # Ok::<(), go_gtp::go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// The clock, to update from `time_settings` and `time_left`.
    ///
    /// ```
    /// use go_gtp::{Game, TimeSettings};
    ///
    /// let mut game = Game::new(9)?;
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
    fn handicap_on_a_played_board_is_refused() {
        let mut game = Game::new(9).unwrap();
        game.play(Color::Black, Move::Pass).unwrap();
        let stones = [Point::new(2, 2), Point::new(6, 6)];
        assert_eq!(
            game.set_handicap(&stones),
            Err(HandicapError::BoardNotEmpty)
        );
    }

    #[test]
    fn handicap_errors_name_the_point() {
        let mut game = Game::new(9).unwrap();
        let a1 = Point::new(0, 0);
        assert_eq!(
            game.set_handicap(&[a1, a1]),
            Err(HandicapError::Repeated(a1))
        );
        let off = Point::new(9, 0);
        assert_eq!(
            game.set_handicap(&[a1, off]),
            Err(HandicapError::OffBoard(off))
        );
        assert!(game.is_empty());
    }

    #[test]
    fn handicap_may_fill_all_but_one_point() {
        let mut game = Game::new(2).unwrap();
        let all: Vec<Point> = game.geometry().points().to_vec();
        assert_eq!(game.set_handicap(&all), Err(HandicapError::Count(4)));
        game.set_handicap(&all[..3]).unwrap();
        assert_eq!(game.board().stones_of(Color::Black).len(), 3);
    }

    #[test]
    fn resize_keeps_rules_and_clock_settings() {
        let mut game = Game::with_rules(9, Rules::chinese()).unwrap();
        game.clock_mut().settings = Some(TimeSettings::default());
        game.resize(13).unwrap();
        assert_eq!(*game.rules(), Rules::chinese());
        assert!(game.clock().settings.is_some());
    }
}
