//! A game under its rules: the [`Board`] with its move history, plus what a
//! whole game adds around it — the handicap, komi checks, SGF loading and
//! recording, the end by two passes.
//!
//! [`Board`] is the search board: the physics (captures, liberties), ko and
//! superko over its own hash history, and exact undo, kept lean because
//! searches play millions of moves on it. [`GameHistory`] is what programs
//! that *play or record* a game hold (a GTP engine, an SGF tool, an analysis
//! of a whole game): it changes the position only through methods that
//! keep the record consistent, so that `undo`, the SGF record and superko
//! always see the whole game. The split follows KataGo's `Board` and
//! `BoardHistory`.

use std::path::Path;

use crate::board::{Board, MoveInfo};
use crate::color::Color;
use crate::error::{HandicapError, KomiError, PlayError, SetupError};
use crate::geometry::{Geometry, SizeError};
use crate::point::{Move, Point};
use crate::point_set::PointSet;
use crate::rules::Rules;
use crate::score::{Score, ScoreError};
use crate::sgf::{GameRecord, SgfError, Until};

/// A game: the [`Board`] with its move history, the position the moves
/// start from (setup and handicap stones) and the handicap. Komi and the
/// rest of the rules live in the board's [`Rules`]; a clock, if a program
/// needs one, lives beside it (as in `go_gtp::TimedGame`).
///
/// Named for what it adds to the board — the game's history under its
/// rules, as KataGo's `BoardHistory` — and not `Game`, the name of the
/// `go_search::Game` trait that every searchable game implements.
///
/// Every change goes through methods that keep the record consistent. An
/// illegal move leaves the game unchanged.
///
/// ```
/// use go_board::{Color, GameHistory, Move};
///
/// let mut game = GameHistory::new(9)?;
/// game.play(Color::Black, "E5".parse()?)?;
/// game.play(Color::White, Move::Pass)?;
/// assert_eq!(game.board().to_play(), Color::Black);
/// assert_eq!(game.moves().count(), 2);
/// game.undo();
/// assert_eq!(game.moves().count(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct GameHistory {
    /// The position and, since the start position, its moves.
    board: Board,
    handicap: Vec<Point>,
}

impl Default for GameHistory {
    /// An empty 19×19 game with the default rules (GNU Go's: simple ko, no
    /// suicide, territory scoring, komi 6.5).
    fn default() -> Self {
        Self::from_board(Board::default())
    }
}

impl From<Board> for GameHistory {
    /// The same as [`GameHistory::from_board`].
    fn from(board: Board) -> Self {
        Self::from_board(board)
    }
}

impl GameHistory {
    /// An empty game on a `size`×`size` board with the default rules.
    ///
    /// # Errors
    /// [`SizeError`] unless `size` is in 2..=25.
    ///
    /// ```
    /// use go_board::GameHistory;
    ///
    /// assert_eq!(GameHistory::new(13)?.board().size(), 13);
    /// assert!(GameHistory::new(1).is_err());
    /// # Ok::<(), go_board::SizeError>(())
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
    /// use go_board::{GameHistory, Rules};
    ///
    /// let game = GameHistory::with_rules(9, Rules::chinese())?;
    /// assert_eq!(game.rules().komi, 7.5);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    pub fn with_rules(size: usize, rules: Rules) -> Result<Self, SizeError> {
        Ok(Self::from_board(Board::with_rules(size, rules)?))
    }

    /// A game continuing from `board`: its moves since its last setup
    /// become the game's moves (undoable), the position before them the
    /// start. There is no handicap.
    ///
    /// ```
    /// use go_board::{Board, Color, GameHistory};
    ///
    /// let mut board = Board::from_diagram(". X\n. .")?;
    /// board.play(Color::White, "A1".parse()?)?;
    /// let mut game = GameHistory::from_board(board);
    /// assert_eq!(game.moves().count(), 1);
    /// assert!(game.undo().is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn from_board(board: Board) -> Self {
        Self {
            board,
            handicap: Vec::new(),
        }
    }

    /// The board: the current position and the moves that led to it.
    /// Clone it to search or analyse; changes go through the game.
    ///
    /// ```
    /// use go_board::GameHistory;
    ///
    /// assert_eq!(GameHistory::new(9)?.board().empty_points().len(), 81);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The board, giving up the handicap record.
    ///
    /// ```
    /// use go_board::{Color, GameHistory};
    ///
    /// let mut game = GameHistory::new(9)?;
    /// game.play(Color::Black, "E5".parse()?)?;
    /// assert!(game.into_board().can_undo());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn into_board(self) -> Board {
        self.board
    }

    /// The board's geometry.
    ///
    /// ```
    /// use go_board::GameHistory;
    ///
    /// assert_eq!(GameHistory::new(9)?.geometry().num_points(), 81);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn geometry(&self) -> &'static Geometry {
        self.board.geometry()
    }

    /// The rules, komi included.
    ///
    /// ```
    /// use go_board::GameHistory;
    ///
    /// assert_eq!(GameHistory::new(9)?.rules().komi, 6.5);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn rules(&self) -> &Rules {
        self.board.rules()
    }

    /// Changes the rules (komi included) from the next move on.
    ///
    /// ```
    /// use go_board::{GameHistory, Rules, SuicideRule};
    ///
    /// let mut game = GameHistory::new(9)?;
    /// game.set_rules(Rules::tromp_taylor());
    /// assert_eq!(game.rules().suicide, SuicideRule::Allowed);
    /// # Ok::<(), go_board::SizeError>(())
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
    /// use go_board::GameHistory;
    ///
    /// let mut game = GameHistory::new(9)?;
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

    /// Starts a new game on a board of another size, keeping the rules.
    ///
    /// # Errors
    /// [`SizeError`] unless `size` is in 2..=25; the game is then unchanged.
    ///
    /// ```
    /// use go_board::GameHistory;
    ///
    /// let mut game = GameHistory::new(9)?;
    /// game.resize(19)?;
    /// assert_eq!(game.board().size(), 19);
    /// assert!(game.resize(30).is_err());
    /// assert_eq!(game.board().size(), 19);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    pub fn resize(&mut self, size: usize) -> Result<(), SizeError> {
        *self = Self::with_rules(size, *self.rules())?;
        Ok(())
    }

    /// Empties the board and forgets the moves and the handicap; size and
    /// rules stay.
    ///
    /// ```
    /// use go_board::{Color, GameHistory};
    ///
    /// let mut game = GameHistory::new(9)?;
    /// game.play(Color::Black, "C3".parse()?)?;
    /// game.clear();
    /// assert!(game.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn clear(&mut self) {
        self.board.clear();
        self.handicap.clear();
    }

    /// Whether the board has no stones and no moves were played.
    ///
    /// ```
    /// use go_board::{Color, GameHistory, Move};
    ///
    /// let mut game = GameHistory::new(9)?;
    /// assert!(game.is_empty());
    /// game.play(Color::Black, Move::Pass)?;
    /// assert!(!game.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
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
    /// use go_board::{Color, GameHistory, PlayError};
    ///
    /// let mut game = GameHistory::new(9)?;
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
    /// use go_board::{Color, GameHistory, Move};
    ///
    /// let game = GameHistory::new(9)?;
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
    /// use go_board::{Color, GameHistory, Move};
    ///
    /// let mut game = GameHistory::new(9)?;
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
    /// use go_board::{Color, GameHistory, Move};
    ///
    /// let mut game = GameHistory::new(9)?;
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
    /// use go_board::{Color, GameHistory, Move};
    ///
    /// let mut game = GameHistory::new(9)?;
    /// game.play(Color::Black, Move::Pass)?;
    /// assert!(!game.is_over());
    /// game.play(Color::White, Move::Pass)?;
    /// assert!(game.is_over());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.board.consecutive_passes() >= 2
    }

    /// The game's score under its rules ([`Score::by_rules`]: area or
    /// territory, with the rules' komi), the blocks of the stones in `dead`
    /// taken off.
    ///
    /// # Errors
    /// [`ScoreError`] when a point of `dead` holds no stone.
    ///
    /// ```
    /// use go_board::{Board, GameHistory, PointSet, Rules};
    ///
    /// let board = Board::from_diagram_with_rules(". X O .\n. X O .", Rules::chinese().with_komi(0.0))?;
    /// let game = GameHistory::from_board(board);
    /// assert_eq!(game.score(&PointSet::new())?.to_string(), "0");
    /// let dead: PointSet = ["C1".parse()?].into_iter().collect();
    /// assert_eq!(game.score(&dead)?.to_string(), "B+8.0");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn score(&self, dead: &PointSet) -> Result<Score, ScoreError> {
        Score::by_rules(&self.board, dead)
    }

    /// Puts handicap stones on the empty board; White moves next.
    ///
    /// # Errors
    /// [`HandicapError`] if the board is not empty, there are fewer than 2
    /// stones or no empty point would be left, or a point is off the board
    /// or repeated. The game is then unchanged.
    ///
    /// ```
    /// use go_board::{Color, GameHistory, Point};
    ///
    /// let mut game = GameHistory::new(9)?;
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

    /// The handicap stones placed by [`GameHistory::set_handicap`], in the
    /// order given.
    ///
    /// ```
    /// use go_board::GameHistory;
    ///
    /// assert!(GameHistory::new(9)?.handicap().is_empty());
    /// # Ok::<(), go_board::SizeError>(())
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
    /// use go_board::{Color, GameHistory, Point};
    ///
    /// let mut game = GameHistory::new(9)?;
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
    /// use go_board::{Color, GameHistory};
    ///
    /// let mut game = GameHistory::new(9)?;
    /// game.set_to_play(Color::White);
    /// assert_eq!(game.board().to_play(), Color::White);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    pub fn set_to_play(&mut self, color: Color) {
        self.board.set_to_play(color);
    }

    /// Replaces the game by the main line of `record` up to `until`, with
    /// GNU Go's `loadsgf` semantics (see [`GameRecord::position`]), and
    /// returns the colour to play. The record's moves become the game's
    /// (undoable); its rules apply when it names them (`RU`), its komi when
    /// it gives one (`KM`); otherwise the game's stay.
    ///
    /// # Errors
    /// [`SgfError`] when the record cannot be replayed (see
    /// [`crate::sgf`]: illegal moves are refused with their number, not
    /// repaired); the game is then unchanged.
    ///
    /// ```
    /// use go_board::{Color, GameHistory, GameRecord, Rules, Until};
    ///
    /// let record = GameRecord::parse("(;SZ[9];B[ee];W[ec];B[ce])")?;
    /// let mut game = GameHistory::with_rules(19, Rules::chinese())?;
    /// assert_eq!(game.load_record(&record, Until::End)?, Color::White);
    /// assert_eq!((game.board().size(), game.moves().count()), (9, 3));
    /// assert_eq!(game.rules().komi, 7.5); // no KM: the game's komi stays
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn load_record(&mut self, record: &GameRecord, until: Until) -> Result<Color, SgfError> {
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
        *self = Self::from_board(board);
        Ok(position.to_play)
    }

    /// Loads the main line of the SGF file at `path` up to `until`, as
    /// [`GameHistory::load_record`] does, and returns the colour to play.
    ///
    /// The file must be a regular file of at most
    /// [`MAX_FILE_SIZE`](crate::sgf::MAX_FILE_SIZE) bytes.
    ///
    /// # Errors
    /// [`SgfError`] when the file cannot be read, parsed or replayed; the
    /// game is then unchanged.
    ///
    /// ```
    /// use go_board::{Color, GameHistory, Until};
    ///
    /// let path = std::env::temp_dir().join(format!("go-board-doc-{}.sgf", std::process::id()));
    /// std::fs::write(&path, "(;SZ[9]KM[0.5];B[ee];W[ec];B[ce])")?;
    /// let mut game = GameHistory::new(19)?;
    /// assert_eq!(game.load_sgf(&path, Until::BeforeMove(3))?, Color::Black);
    /// assert_eq!((game.board().size(), game.moves().count()), (9, 2));
    /// assert_eq!(game.rules().komi, 0.5);
    /// # std::fs::remove_file(&path)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn load_sgf(&mut self, path: impl AsRef<Path>, until: Until) -> Result<Color, SgfError> {
        self.load_record(&GameRecord::read_file(path)?, until)
    }

    /// The game as an SGF record: size, komi, rules, handicap, the start
    /// position as setup stones, then the moves. Add players and result
    /// through its `info` before writing it with
    /// [`to_sgf`](GameRecord::to_sgf).
    ///
    /// ```
    /// use go_board::{Color, GameHistory, GameRecord, Point};
    ///
    /// let mut game = GameHistory::new(9)?;
    /// game.set_handicap(&[Point::new(2, 2), Point::new(6, 6)])?;
    /// game.play(Color::White, "E5".parse()?)?;
    /// let record = game.record();
    /// assert_eq!(record.info.handicap, Some(2));
    /// let text = record.to_sgf();
    /// assert!(text.contains(";W[ee]"));
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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handicap_on_a_played_board_is_refused() {
        let mut game = GameHistory::new(9).unwrap();
        game.play(Color::Black, Move::Pass).unwrap();
        let stones = [Point::new(2, 2), Point::new(6, 6)];
        assert_eq!(
            game.set_handicap(&stones),
            Err(HandicapError::BoardNotEmpty)
        );
    }

    #[test]
    fn handicap_errors_name_the_point() {
        let mut game = GameHistory::new(9).unwrap();
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
        let mut game = GameHistory::new(2).unwrap();
        let all: Vec<Point> = game.geometry().points().to_vec();
        assert_eq!(game.set_handicap(&all), Err(HandicapError::Count(4)));
        game.set_handicap(&all[..3]).unwrap();
        assert_eq!(game.board().stones_of(Color::Black).len(), 3);
    }

    #[test]
    fn clear_forgets_the_handicap_and_keeps_the_rules() {
        let mut game = GameHistory::with_rules(9, Rules::chinese()).unwrap();
        game.set_handicap(&[Point::new(2, 2), Point::new(6, 6)])
            .unwrap();
        game.clear();
        assert!(game.is_empty() && game.handicap().is_empty());
        assert_eq!(game.board().to_play(), Color::Black);
        assert_eq!(*game.rules(), Rules::chinese());
    }

    #[test]
    fn resize_keeps_the_rules_and_forgets_the_handicap() {
        let mut game = GameHistory::with_rules(9, Rules::chinese()).unwrap();
        game.set_handicap(&[Point::new(2, 2), Point::new(6, 6)])
            .unwrap();
        game.resize(13).unwrap();
        assert_eq!(*game.rules(), Rules::chinese());
        assert!(game.is_empty() && game.handicap().is_empty());
    }

    #[test]
    fn an_illegal_record_leaves_the_game_unchanged() {
        // The second B[aa] plays on an occupied point.
        let record = GameRecord::parse("(;SZ[9];B[aa];W[bb];B[aa])").unwrap();
        let mut game = GameHistory::new(19).unwrap();
        game.play(Color::Black, Move::Pass).unwrap();
        assert!(game.load_record(&record, Until::End).is_err());
        assert_eq!((game.board().size(), game.moves().count()), (19, 1));
    }

    #[test]
    fn undo_goes_back_through_the_whole_game_but_not_the_handicap() {
        let mut game = GameHistory::new(9).unwrap();
        game.set_handicap(&[Point::new(2, 2), Point::new(6, 6)])
            .unwrap();
        game.play(Color::White, "E5".parse().unwrap()).unwrap();
        game.play(Color::Black, Move::Pass).unwrap();
        assert_eq!(game.undo(), Some((Color::Black, Move::Pass)));
        assert!(game.undo().is_some());
        assert_eq!(game.undo(), None);
        assert_eq!(game.board().stones_of(Color::Black).len(), 2);
        assert_eq!(game.handicap().len(), 2);
    }
}
