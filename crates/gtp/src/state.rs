//! What an engine state offers the commands: a board, a game, a player.
//!
//! Commands are registered generic over the state they act on, bounded by
//! the least they need, so that one `register` function serves
//! [`GoEngine`](crate::GoEngine) and any engine of your own:
//!
//! - [`HasBoard`]: read access to a [`Board`] — enough for analysis
//!   commands (`countlib`, `attack`, `eval_eye`, …), which clone the board
//!   when they need to search.
//! - [`HasGame`]: the [`TimedGame`] to change — setup and play commands.
//! - [`HasMoveGenerator`]: a player — `genmove`, `reg_genmove`.

use go_board::{Board, Color, Decision};

use crate::TimedGame;

/// An engine state that holds a Go position. Analysis crates register
/// their commands for any `S: HasBoard`:
///
/// ```
/// use go_gtp::{HasBoard, Registry, Response};
///
/// /// A crate's `register` function: one command, `num_blocks`.
/// pub fn register<S: HasBoard>(registry: &mut Registry<S>) {
///     registry.register("num_blocks", |state: &mut S, _| {
///         Ok(Response::from(state.board().blocks().count()))
///     });
/// }
///
/// let mut registry = Registry::new("demo", "1");
/// register(&mut registry);
/// let mut board = go_gtp::go_board::Board::from_diagram("X . O\n. X .")?;
/// let command = "num_blocks".parse()?;
/// assert_eq!(registry.call(&mut board, &command)?.text(), "3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait HasBoard {
    /// The current position, with its rules and move history.
    fn board(&self) -> &Board;
}

impl HasBoard for Board {
    fn board(&self) -> &Board {
        self
    }
}

impl HasBoard for TimedGame {
    fn board(&self) -> &Board {
        TimedGame::board(self)
    }
}

/// An engine state that holds a whole [`TimedGame`] the commands may change:
/// the setup and play commands of [`commands::register_game`](crate::commands::register_game)
/// need it.
///
/// ```
/// use go_gtp::{commands, Engine, TimedGame, HasBoard, HasGame, Registry};
///
/// /// A user's engine state: a game and a move counter of its own.
/// #[derive(Default)]
/// struct MyEngine {
///     game: TimedGame,
///     commands_seen: u32,
/// }
///
/// impl HasBoard for MyEngine {
///     fn board(&self) -> &go_gtp::go_board::Board {
///         self.game.board()
///     }
/// }
///
/// impl HasGame for MyEngine {
///     fn game(&self) -> &TimedGame {
///         &self.game
///     }
///     fn game_mut(&mut self) -> &mut TimedGame {
///         &mut self.game
///     }
/// }
///
/// let mut registry = Registry::new("mine", "1");
/// commands::register_game(&mut registry);
/// let mut engine = Engine::new(registry, MyEngine::default());
/// let mut out = Vec::new();
/// engine.run(&b"boardsize 9\nplay b E5\nplay w E5\n"[..], &mut out)?;
/// assert_eq!(String::from_utf8(out)?, "= \n\n= \n\n? illegal move\n\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait HasGame: HasBoard {
    /// The game.
    fn game(&self) -> &TimedGame;
    /// The game, to change.
    fn game_mut(&mut self) -> &mut TimedGame;
}

impl HasGame for TimedGame {
    fn game(&self) -> &TimedGame {
        self
    }

    fn game_mut(&mut self) -> &mut TimedGame {
        self
    }
}

/// A move generator: the engine's player, asked by `genmove` and
/// `reg_genmove`. Plug one into [`GoEngine`](crate::GoEngine), or
/// implement [`HasMoveGenerator`] on your own state.
///
/// The generator must answer a move that is legal for `color` in
/// `game` (or pass, or resign); `genmove` refuses an illegal one with a
/// failure reply.
///
/// ```
/// use go_gtp::{Color, Decision, TimedGame, Move, MoveGenerator};
///
/// /// Plays the first legal point, scanning from A1.
/// struct FirstLegal;
///
/// impl MoveGenerator for FirstLegal {
///     fn generate(&mut self, game: &TimedGame, color: Color) -> Decision {
///         let legal = game.board().legal_moves(color);
///         legal.first().map_or(Move::Pass, Move::Play).into()
///     }
/// }
///
/// let game = TimedGame::new(9)?;
/// assert_eq!(FirstLegal.generate(&game, Color::Black).to_string(), "A1");
/// # Ok::<(), go_gtp::go_board::SizeError>(())
/// ```
pub trait MoveGenerator: Send {
    /// The move `color` plays in `game` (the board, its history, komi,
    /// rules and clock).
    fn generate(&mut self, game: &TimedGame, color: Color) -> Decision;
}

/// An engine state that can choose moves: what `genmove` and
/// `reg_genmove` need.
///
/// ```
/// use go_gtp::{Color, Decision, GoEngine, HasMoveGenerator, Move};
///
/// let mut engine = GoEngine::new();
/// assert_ne!(engine.generate_move(Color::Black), Decision::Move(Move::Pass));
/// ```
pub trait HasMoveGenerator: HasGame {
    /// The move `color` plays in the current game. It must not change the
    /// game (`genmove` plays the move itself).
    fn generate_move(&mut self, color: Color) -> Decision;
}
