//! Games between GTP engines, refereed: the engine room of `cargo xtask
//! match`.
//!
//! [`play_game`] asks each engine in turn for a move (`genmove`), checks it
//! on its own [`TimedGame`] (an illegal move, an unreadable answer, a failure or
//! a timeout loses), tells the opponent (`play`), and stops at two passes
//! in a row, a resignation or a move limit. Finished games are counted by
//! an arbiter engine's `final_score` ([`score_with`]) or by our own count
//! ([`count_outcome`], [`Score::alive`](go_board::score::Score::alive)). Engines are anything that answers GTP ([`Peer`]):
//! a subprocess through a [`Controller`], or an in-process [`Engine`].
//!
//! ```
//! use go_gtp::arena::{play_game, count_outcome, Ending, GameSettings};
//! use go_gtp::{GoEngine, movegen::RandomMoves};
//!
//! let mut black = GoEngine::with_generator(RandomMoves::with_seed(1)).into_engine("b", "1");
//! let mut white = GoEngine::with_generator(RandomMoves::with_seed(2)).into_engine("w", "1");
//! let settings = GameSettings::default().with_size(5);
//! let played = play_game(&mut black, &mut white, &settings)?;
//! assert_eq!(played.ending, Ending::TwoPasses);
//! println!("{}", count_outcome(&played.game));
//! # Ok::<(), go_gtp::arena::ArenaError>(())
//! ```

use std::fmt;

use go_board::{Color, Move, PlayError, Rules};

use crate::controller::{Controller, ControllerError};
use crate::protocol::{Command, Reply};
use crate::{Engine, TimedGame};
use go_board::score::Score;

/// Something that answers GTP commands: an engine to play or to score.
///
/// ```
/// use go_gtp::{arena::Peer, GoEngine};
///
/// let mut engine = GoEngine::new().into_engine("e", "1");
/// let reply = engine.request("boardsize 9")?;
/// assert!(reply.is_success());
/// # Ok::<(), go_gtp::controller::ControllerError>(())
/// ```
pub trait Peer {
    /// Sends one command (without id) and returns the reply.
    ///
    /// # Errors
    /// [`ControllerError`] when no reply comes (the engine died, timed out
    /// or wrote garbage) or the command is malformed.
    fn request(&mut self, command: &str) -> Result<Reply, ControllerError>;
}

impl Peer for Controller {
    fn request(&mut self, command: &str) -> Result<Reply, ControllerError> {
        Controller::request(self, command)
    }
}

impl<S> Peer for Engine<S> {
    fn request(&mut self, command: &str) -> Result<Reply, ControllerError> {
        let parsed: Command = command
            .parse()
            .map_err(|_| ControllerError::InvalidCommand(command.to_string()))?;
        Ok(self.execute(&parsed).reply)
    }
}

/// Sends a command and returns the text of a success reply.
fn send(peer: &mut dyn Peer, command: &str) -> Result<String, ControllerError> {
    let reply = peer.request(command)?;
    if reply.is_success() {
        Ok(reply.into_text())
    } else {
        Err(ControllerError::Failure {
            command: command.to_string(),
            message: reply.into_text(),
        })
    }
}

/// How a game is played.
///
/// ```
/// use go_gtp::arena::GameSettings;
///
/// let settings = GameSettings::default().with_size(13).with_komi(7.5);
/// assert_eq!(settings.max_moves(), 3 * 13 * 13);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub struct GameSettings {
    /// Board side.
    pub size: usize,
    /// Komi, sent to both engines and used in scoring.
    pub komi: f32,
    /// The rules the referee checks moves with (komi aside). The engines
    /// are not told: GTP has no standard rules command; GNU Go plays
    /// simple ko and no suicide, the default here.
    pub rules: Rules,
    /// Moves (passes included) after which the game stops and is scored;
    /// `None` for three times the number of points.
    pub move_limit: Option<usize>,
}

impl Default for GameSettings {
    /// 9×9, komi 6.5, GNU Go's rules, the default move limit.
    fn default() -> Self {
        Self {
            size: 9,
            komi: 6.5,
            rules: Rules::default(),
            move_limit: None,
        }
    }
}

impl GameSettings {
    /// Sets [`size`](Self::size).
    ///
    /// ```
    /// use go_gtp::arena::GameSettings;
    /// assert_eq!(GameSettings::default().with_size(19).size, 19);
    /// ```
    #[must_use]
    pub fn with_size(mut self, size: usize) -> Self {
        self.size = size;
        self
    }

    /// Sets [`komi`](Self::komi).
    ///
    /// ```
    /// use go_gtp::arena::GameSettings;
    /// assert_eq!(GameSettings::default().with_komi(0.5).komi, 0.5);
    /// ```
    #[must_use]
    pub fn with_komi(mut self, komi: f32) -> Self {
        self.komi = komi;
        self
    }

    /// Sets [`rules`](Self::rules).
    ///
    /// ```
    /// use go_gtp::{arena::GameSettings, go_board::Rules};
    /// let settings = GameSettings::default().with_rules(Rules::default());
    /// assert_eq!(settings.rules, Rules::default());
    /// ```
    #[must_use]
    pub fn with_rules(mut self, rules: Rules) -> Self {
        self.rules = rules;
        self
    }

    /// Sets [`move_limit`](Self::move_limit).
    ///
    /// ```
    /// use go_gtp::arena::GameSettings;
    /// assert_eq!(GameSettings::default().with_move_limit(Some(7)).max_moves(), 7);
    /// ```
    #[must_use]
    pub fn with_move_limit(mut self, move_limit: Option<usize>) -> Self {
        self.move_limit = move_limit;
        self
    }

    /// The move limit in force.
    ///
    /// ```
    /// use go_gtp::arena::GameSettings;
    ///
    /// let settings = GameSettings::default().with_move_limit(Some(10));
    /// assert_eq!(settings.max_moves(), 10);
    /// ```
    #[must_use]
    pub fn max_moves(&self) -> usize {
        self.move_limit.unwrap_or(3 * self.size * self.size)
    }
}

/// Why a game ended. `Display` says it in words.
///
/// ```
/// use go_gtp::{arena::Ending, Color};
///
/// assert_eq!(Ending::TimedOut(Color::White).to_string(), "white ran out of time");
/// assert_eq!(Ending::TwoPasses.to_string(), "two passes");
/// ```
#[derive(Debug, Clone, PartialEq)]
pub enum Ending {
    /// Two passes in a row: the game is to be counted.
    TwoPasses,
    /// The move limit was reached: the game is counted as it stands.
    MoveLimit,
    /// This colour resigned.
    Resigned(Color),
    /// This colour answered an illegal move.
    IllegalMove {
        /// Who played it.
        color: Color,
        /// The move.
        mv: Move,
        /// Why it is illegal.
        error: PlayError,
    },
    /// This colour answered something that is not a vertex or `resign`.
    BadAnswer {
        /// Who answered.
        color: Color,
        /// The answer.
        answer: String,
    },
    /// This colour's engine took longer than the timeout.
    TimedOut(Color),
    /// This colour's engine failed (answered `?`, died, or wrote garbage).
    Failed {
        /// Whose engine.
        color: Color,
        /// What went wrong.
        error: String,
    },
    /// This colour's engine refused its opponent's move, which the referee
    /// found legal: the engines play by other rules, the game is void.
    Rejected {
        /// The engine that refused.
        color: Color,
        /// The refused move.
        mv: Move,
        /// Its error message.
        message: String,
    },
}

impl Ending {
    /// Whether the game is to be counted (two passes or the move limit).
    ///
    /// ```
    /// use go_gtp::{arena::Ending, Color};
    ///
    /// assert!(Ending::TwoPasses.needs_count());
    /// assert!(!Ending::Resigned(Color::Black).needs_count());
    /// ```
    #[must_use]
    pub fn needs_count(&self) -> bool {
        matches!(self, Self::TwoPasses | Self::MoveLimit)
    }

    /// The outcome of a game that ended without a count: the opponent of
    /// a colour that resigned, played illegally, answered nonsense, timed
    /// out or failed wins; a refused move voids the game. `None` for games
    /// to be counted.
    ///
    /// ```
    /// use go_gtp::{arena::{Ending, GameOutcome, WinBy}, Color};
    ///
    /// assert_eq!(
    ///     Ending::Resigned(Color::Black).outcome(),
    ///     Some(GameOutcome::Win { winner: Color::White, by: WinBy::Resignation })
    /// );
    /// ```
    #[must_use]
    pub fn outcome(&self) -> Option<GameOutcome> {
        let win = |loser: Color, by| GameOutcome::Win {
            winner: loser.opposite(),
            by,
        };
        match self {
            Self::TwoPasses | Self::MoveLimit => None,
            Self::Resigned(color) => Some(win(*color, WinBy::Resignation)),
            Self::TimedOut(color) => Some(win(*color, WinBy::Time)),
            Self::IllegalMove { color, .. }
            | Self::BadAnswer { color, .. }
            | Self::Failed { color, .. } => Some(win(*color, WinBy::Forfeit)),
            Self::Rejected { .. } => Some(GameOutcome::Void),
        }
    }
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TwoPasses => f.write_str("two passes"),
            Self::MoveLimit => f.write_str("move limit"),
            Self::Resigned(color) => write!(f, "{color} resigned"),
            Self::IllegalMove { color, mv, error } => {
                write!(f, "{color} played the illegal move {mv} ({error})")
            }
            Self::BadAnswer { color, answer } => write!(f, "{color} answered {answer:?}"),
            Self::TimedOut(color) => write!(f, "{color} ran out of time"),
            Self::Failed { color, error } => write!(f, "{color}'s engine failed: {error}"),
            Self::Rejected { color, mv, message } => {
                write!(f, "{color} refused the legal move {mv}: {message}")
            }
        }
    }
}

/// How a game was won.
///
/// ```
/// use go_gtp::{arena::{GameOutcome, WinBy}, Color};
///
/// let outcome = GameOutcome::Win { winner: Color::Black, by: WinBy::Time };
/// assert_eq!(outcome.to_string(), "B+T");
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum WinBy {
    /// By this many points.
    Points(f32),
    /// The opponent resigned.
    Resignation,
    /// The opponent ran out of time.
    Time,
    /// The opponent forfeited (illegal move, failure).
    Forfeit,
}

/// The result of a game. `Display` writes it as SGF's `RE`: `B+3.5`,
/// `W+R`, `B+T`, `W+F`, `0` (draw) or `Void`.
///
/// ```
/// use go_gtp::{arena::{GameOutcome, WinBy}, Color};
///
/// let outcome = GameOutcome::Win { winner: Color::White, by: WinBy::Points(0.5) };
/// assert_eq!(outcome.to_string(), "W+0.5");
/// assert_eq!(outcome.winner(), Some(Color::White));
/// assert_eq!(GameOutcome::Draw.to_string(), "0");
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum GameOutcome {
    /// One side won.
    Win {
        /// The winner.
        winner: Color,
        /// How.
        by: WinBy,
    },
    /// A draw (jigo).
    Draw,
    /// No result.
    Void,
}

impl GameOutcome {
    /// The winner, if there is one.
    ///
    /// ```
    /// use go_gtp::arena::GameOutcome;
    ///
    /// assert_eq!(GameOutcome::Void.winner(), None);
    /// ```
    #[must_use]
    pub fn winner(&self) -> Option<Color> {
        match self {
            Self::Win { winner, .. } => Some(*winner),
            Self::Draw | Self::Void => None,
        }
    }

    /// Reads a `final_score` answer: `B+3.5`, `W+12`, `0` (also `B+0`), as
    /// GNU Go writes them; `None` for anything else.
    ///
    /// ```
    /// use go_gtp::{arena::{GameOutcome, WinBy}, Color};
    ///
    /// assert_eq!(
    ///     GameOutcome::parse_score("B+7.5"),
    ///     Some(GameOutcome::Win { winner: Color::Black, by: WinBy::Points(7.5) })
    /// );
    /// assert_eq!(GameOutcome::parse_score("0"), Some(GameOutcome::Draw));
    /// assert_eq!(GameOutcome::parse_score("B+-3"), None);
    /// assert_eq!(GameOutcome::parse_score("Black wins"), None);
    /// ```
    #[must_use]
    pub fn parse_score(text: &str) -> Option<Self> {
        let text = text.trim();
        if text == "0" {
            return Some(Self::Draw);
        }
        let (color, margin) = text.split_once('+')?;
        let winner = match color {
            "B" | "b" => Color::Black,
            "W" | "w" => Color::White,
            _ => return None,
        };
        if !margin.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
            return None;
        }
        let margin: f32 = margin.parse().ok().filter(|m: &f32| m.is_finite())?;
        Some(if margin == 0.0 {
            Self::Draw
        } else {
            Self::Win {
                winner,
                by: WinBy::Points(margin),
            }
        })
    }
}

impl fmt::Display for GameOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Win { winner, by } => {
                write!(f, "{}+", winner.sgf_letter())?;
                match by {
                    WinBy::Points(points) => write!(f, "{points}"),
                    WinBy::Resignation => f.write_str("R"),
                    WinBy::Time => f.write_str("T"),
                    WinBy::Forfeit => f.write_str("F"),
                }
            }
            Self::Draw => f.write_str("0"),
            Self::Void => f.write_str("Void"),
        }
    }
}

/// A game that could not start.
///
/// ```
/// use go_gtp::arena::{play_game, ArenaError, GameSettings};
/// use go_gtp::GoEngine;
///
/// let mut black = GoEngine::new().into_engine("b", "1");
/// let mut white = GoEngine::new().into_engine("w", "1");
/// let settings = GameSettings::default().with_size(30);
/// let error = play_game(&mut black, &mut white, &settings).unwrap_err();
/// assert!(matches!(error, ArenaError::Settings(_)));
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ArenaError {
    /// An engine refused or failed the setup (`boardsize`, `clear_board`,
    /// `komi`).
    #[error("{color}'s engine failed the game setup: {source}")]
    Setup {
        /// Whose engine.
        color: Color,
        /// What went wrong.
        #[source]
        source: ControllerError,
    },
    /// The settings are impossible (board size).
    #[error("invalid game settings: {0}")]
    Settings(String),
}

/// A finished game: the moves (in [`TimedGame`]) and why it ended.
///
/// ```
/// use go_gtp::arena::{play_game, GameSettings};
/// use go_gtp::GoEngine;
///
/// let mut black = GoEngine::new().into_engine("b", "1");
/// let mut white = GoEngine::new().into_engine("w", "1");
/// let settings = GameSettings::default().with_size(3);
/// let played = play_game(&mut black, &mut white, &settings)?;
/// println!("{} moves, {}", played.game.moves().count(), played.ending);
/// # Ok::<(), go_gtp::arena::ArenaError>(())
/// ```
#[derive(Debug, Clone)]
pub struct PlayedGame {
    /// The game as the referee saw it.
    pub game: TimedGame,
    /// Why it ended.
    pub ending: Ending,
}

/// Plays one game between `black` and `white` (each told `boardsize`,
/// `clear_board` and `komi` first), refereed as the [module](self) says.
///
/// # Errors
/// [`ArenaError`] if the settings are impossible or an engine fails the
/// setup. Failures during the game lose it instead.
///
/// ```
/// use go_gtp::arena::{play_game, Ending, GameSettings};
/// use go_gtp::{Color, Decision, TimedGame, GoEngine};
///
/// let resigner = |_: &TimedGame, _: Color| Decision::Resign;
/// let mut black = GoEngine::with_generator(resigner).into_engine("quitter", "1");
/// let mut white = GoEngine::new().into_engine("random", "1");
/// let played = play_game(&mut black, &mut white, &GameSettings::default())?;
/// assert_eq!(played.ending, Ending::Resigned(Color::Black));
/// assert_eq!(played.ending.outcome().unwrap().to_string(), "W+R");
/// # Ok::<(), go_gtp::arena::ArenaError>(())
/// ```
pub fn play_game(
    black: &mut dyn Peer,
    white: &mut dyn Peer,
    settings: &GameSettings,
) -> Result<PlayedGame, ArenaError> {
    let mut game = TimedGame::with_rules(settings.size, settings.rules.with_komi(settings.komi))
        .map_err(|e| ArenaError::Settings(e.to_string()))?;
    let setup = |peer: &mut dyn Peer, color: Color| {
        for command in [
            format!("boardsize {}", settings.size),
            "clear_board".to_string(),
            format!("komi {}", settings.komi),
        ] {
            send(peer, &command).map_err(|source| ArenaError::Setup { color, source })?;
        }
        Ok(())
    };
    setup(black, Color::Black)?;
    setup(white, Color::White)?;
    let mut color = Color::Black;
    let ending = loop {
        if game.moves().count() >= settings.max_moves() {
            break Ending::MoveLimit;
        }
        let (mover, opponent): (&mut dyn Peer, &mut dyn Peer) = match color {
            Color::Black => (&mut *black, &mut *white),
            Color::White => (&mut *white, &mut *black),
        };
        let answer = match send(mover, &format!("genmove {color}")) {
            Ok(answer) => answer,
            Err(ControllerError::Timeout { .. }) => break Ending::TimedOut(color),
            Err(e) => {
                break Ending::Failed {
                    color,
                    error: e.to_string(),
                };
            }
        };
        let answer = answer.trim();
        if answer.eq_ignore_ascii_case("resign") {
            break Ending::Resigned(color);
        }
        let Ok(mv) = answer.parse::<Move>() else {
            break Ending::BadAnswer {
                color,
                answer: answer.to_string(),
            };
        };
        if let Err(error) = game.play(color, mv) {
            break Ending::IllegalMove { color, mv, error };
        }
        let told = format!("play {color} {}", crate::response::vertex_text(mv));
        match opponent.request(&told) {
            Ok(reply) if reply.is_success() => {}
            Ok(reply) => {
                break Ending::Rejected {
                    color: color.opposite(),
                    mv,
                    message: reply.into_text(),
                };
            }
            Err(ControllerError::Timeout { .. }) => break Ending::TimedOut(color.opposite()),
            Err(e) => {
                break Ending::Failed {
                    color: color.opposite(),
                    error: e.to_string(),
                };
            }
        }
        if game.is_over() {
            break Ending::TwoPasses;
        }
        color = color.opposite();
    };
    Ok(PlayedGame { game, ending })
}

/// Counts a finished game with an arbiter engine: replays it there
/// (`boardsize`, `clear_board`, `komi`, `play`…) and reads its
/// `final_score`.
///
/// # Errors
/// [`ControllerError`] when the arbiter fails a command or answers a score
/// it cannot read (as [`ControllerError::Garbled`]), or the game has setup
/// stones (which plain GTP cannot replay; handicap games are not played
/// here).
///
/// ```no_run
/// use go_gtp::arena::{play_game, score_with, GameSettings};
/// use go_gtp::controller::{Controller, ControllerOptions, EngineCommand};
/// use go_gtp::GoEngine;
///
/// let mut black = GoEngine::new().into_engine("b", "1");
/// let mut white = GoEngine::new().into_engine("w", "1");
/// let played = play_game(&mut black, &mut white, &GameSettings::default())?;
/// let gnugo: EngineCommand = "/usr/games/gnugo --mode gtp".parse()?;
/// let mut arbiter = Controller::spawn(gnugo.to_command(), ControllerOptions::default())?;
/// println!("{}", score_with(&mut arbiter, &played.game)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn score_with(
    arbiter: &mut dyn Peer,
    game: &TimedGame,
) -> Result<GameOutcome, ControllerError> {
    let mut start = game.board().clone();
    while start.undo().is_some() {}
    if start.empty_points().len() != start.geometry().num_points() {
        return Err(ControllerError::InvalidCommand(
            "a game with setup stones cannot be replayed to an arbiter".to_string(),
        ));
    }
    send(arbiter, &format!("boardsize {}", game.board().size()))?;
    send(arbiter, "clear_board")?;
    send(arbiter, &format!("komi {}", game.rules().komi))?;
    for (color, mv) in game.moves() {
        send(
            arbiter,
            &format!("play {color} {}", crate::response::vertex_text(mv)),
        )?;
    }
    let answer = send(arbiter, "final_score")?;
    GameOutcome::parse_score(&answer).ok_or(ControllerError::Garbled {
        command: "final_score".to_string(),
        line: answer,
    })
}

/// Counts a finished game ourselves ([`Score::alive`]: every stone alive, the
/// game's rules and komi) — for games played out to the end, when no
/// arbiter engine is at hand.
///
/// ```
/// use go_gtp::{arena::count_outcome, TimedGame};
///
/// assert_eq!(count_outcome(&TimedGame::new(9)?).to_string(), "W+6.5");
/// # Ok::<(), go_gtp::go_board::SizeError>(())
/// ```
#[must_use]
pub fn count_outcome(game: &TimedGame) -> GameOutcome {
    let count = Score::alive(game.board());
    match count.winner() {
        None => GameOutcome::Draw,
        Some(winner) => GameOutcome::Win {
            winner,
            by: WinBy::Points(count.margin().abs()),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Decision, GoEngine};

    fn engine_playing(moves: &'static [&'static str]) -> Engine<GoEngine> {
        let mut next = 0;
        let generator = move |_: &TimedGame, _: Color| {
            let answer = moves.get(next).copied().unwrap_or("pass");
            next += 1;
            Decision::Move(answer.parse().unwrap())
        };
        GoEngine::with_generator(generator).into_engine("scripted", "1")
    }

    #[test]
    fn an_illegal_move_forfeits() {
        // White answers the point Black just took.
        let mut black = engine_playing(&["E5"]);
        let mut white = engine_playing(&["E5"]);
        // Our engine refuses to play an illegal generated move itself, so
        // White's genmove fails: a forfeit either way.
        let played = play_game(&mut black, &mut white, &GameSettings::default()).unwrap();
        assert!(
            matches!(
                played.ending,
                Ending::Failed {
                    color: Color::White,
                    ..
                }
            ),
            "{:?}",
            played.ending
        );
        assert_eq!(played.ending.outcome().unwrap().to_string(), "B+F");
    }

    /// A peer answering fixed replies to `genmove`, accepting everything.
    struct Scripted(Vec<&'static str>);

    impl Peer for Scripted {
        fn request(&mut self, command: &str) -> Result<Reply, ControllerError> {
            if command.starts_with("genmove") {
                let answer = if self.0.is_empty() {
                    "pass"
                } else {
                    self.0.remove(0)
                };
                Ok(Reply::success(None, answer))
            } else {
                Ok(Reply::success(None, ""))
            }
        }
    }

    #[test]
    fn the_referee_catches_illegal_and_unreadable_answers() {
        let settings = GameSettings::default();
        let played = play_game(
            &mut Scripted(vec!["E5"]),
            &mut Scripted(vec!["e5"]),
            &settings,
        )
        .unwrap();
        assert!(matches!(
            played.ending,
            Ending::IllegalMove {
                color: Color::White,
                error: PlayError::Occupied(_),
                ..
            }
        ));
        let played = play_game(
            &mut Scripted(vec!["E5"]),
            &mut Scripted(vec!["Z99"]),
            &settings,
        )
        .unwrap();
        assert_eq!(
            played.ending,
            Ending::BadAnswer {
                color: Color::White,
                answer: "Z99".to_string()
            }
        );
        let played =
            play_game(&mut Scripted(vec!["K10"]), &mut Scripted(vec![]), &settings).unwrap();
        assert!(matches!(
            played.ending,
            Ending::IllegalMove {
                color: Color::Black,
                error: PlayError::OffBoard(_),
                ..
            }
        ));
    }

    #[test]
    fn two_passes_end_the_game_and_the_limit_stops_it() {
        let settings = GameSettings::default();
        let played = play_game(&mut Scripted(vec![]), &mut Scripted(vec![]), &settings).unwrap();
        assert_eq!(played.ending, Ending::TwoPasses);
        assert_eq!(played.game.moves().count(), 2);
        let limited = settings.with_move_limit(Some(3));
        let played = play_game(
            &mut Scripted(vec!["A1", "B1", "C1"]),
            &mut Scripted(vec!["A2", "B2"]),
            &limited,
        )
        .unwrap();
        assert_eq!(played.ending, Ending::MoveLimit);
        assert_eq!(played.game.moves().count(), 3);
    }

    #[test]
    fn a_refused_legal_move_voids_the_game() {
        struct Refuser;
        impl Peer for Refuser {
            fn request(&mut self, command: &str) -> Result<Reply, ControllerError> {
                if command.starts_with("play") {
                    Ok(Reply::failure(None, "illegal move"))
                } else {
                    Ok(Reply::success(None, "pass"))
                }
            }
        }
        let played = play_game(
            &mut Scripted(vec!["E5"]),
            &mut Refuser,
            &GameSettings::default(),
        )
        .unwrap();
        assert_eq!(played.ending.outcome(), Some(GameOutcome::Void));
    }

    #[test]
    fn scores_round_trip_through_text() {
        for text in ["B+0.5", "W+12", "W+R", "B+T", "B+F", "0", "Void"] {
            let outcome = match text {
                "W+R" => GameOutcome::Win {
                    winner: Color::White,
                    by: WinBy::Resignation,
                },
                "B+T" => GameOutcome::Win {
                    winner: Color::Black,
                    by: WinBy::Time,
                },
                "B+F" => GameOutcome::Win {
                    winner: Color::Black,
                    by: WinBy::Forfeit,
                },
                "Void" => GameOutcome::Void,
                _ => GameOutcome::parse_score(text).unwrap(),
            };
            assert_eq!(outcome.to_string(), text);
        }
        assert_eq!(GameOutcome::parse_score("B+0"), Some(GameOutcome::Draw));
        assert_eq!(GameOutcome::parse_score("W+inf"), None);
    }
}
