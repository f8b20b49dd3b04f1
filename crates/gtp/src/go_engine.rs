//! The ready-made engine state: a game and a pluggable move generator.

use std::fmt;

use go_board::Color;

use crate::movegen::RandomMoves;
use crate::{
    Decision, Engine, HasBoard, HasGame, HasMoveGenerator, MoveGenerator, Registry, TimedGame,
    commands,
};

/// A board-backed engine state: a [`TimedGame`] and a [`MoveGenerator`]
/// (by default [`RandomMoves`]). [`GoEngine::registry`] gives every
/// standard command; analysis crates add theirs with their `register`
/// functions, generic over [`HasBoard`].
///
/// ```
/// use go_gtp::{Engine, GoEngine};
///
/// let mut engine = Engine::new(GoEngine::registry("demo", "1.0"), GoEngine::new());
/// let mut out = Vec::new();
/// engine.run(&b"boardsize 9\nplay black E5\ncountlib E5\n"[..], &mut out)?;
/// assert_eq!(String::from_utf8(out)?, "= \n\n= \n\n= 4\n\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct GoEngine {
    game: TimedGame,
    generator: Box<dyn MoveGenerator>,
}

impl Default for GoEngine {
    fn default() -> Self {
        Self::new()
    }
}

impl GoEngine {
    /// An empty 19×19 game (GNU Go's default rules) and the random player
    /// with a fixed seed.
    ///
    /// ```
    /// use go_gtp::{GoEngine, HasBoard};
    ///
    /// assert_eq!(GoEngine::new().board().size(), 19);
    /// ```
    #[must_use]
    pub fn new() -> Self {
        Self::with_generator(RandomMoves::default())
    }

    /// An empty 19×19 game played by `generator`.
    ///
    /// ```
    /// use go_gtp::{Color, Decision, TimedGame, GoEngine, HasMoveGenerator, Move};
    ///
    /// let mut engine = GoEngine::with_generator(|_: &TimedGame, _: Color| Decision::Move(Move::Pass));
    /// assert_eq!(engine.generate_move(Color::Black), Decision::Move(Move::Pass));
    /// ```
    #[must_use]
    pub fn with_generator(generator: impl MoveGenerator + 'static) -> Self {
        Self {
            game: TimedGame::default(),
            generator: Box::new(generator),
        }
    }

    /// Replaces the move generator.
    ///
    /// ```
    /// use go_gtp::{movegen::RandomMoves, GoEngine};
    ///
    /// let mut engine = GoEngine::new();
    /// engine.set_generator(RandomMoves::with_seed(7));
    /// ```
    pub fn set_generator(&mut self, generator: impl MoveGenerator + 'static) {
        self.generator = Box::new(generator);
    }

    /// A registry with every standard command
    /// ([`commands::register_standard`]) under the engine name and
    /// version given.
    ///
    /// ```
    /// use go_gtp::GoEngine;
    ///
    /// let registry = GoEngine::registry("demo", "1.0");
    /// assert!(registry.contains("play") && registry.contains("gogui-analyze_commands"));
    /// ```
    #[must_use]
    pub fn registry(name: &str, version: &str) -> Registry<Self> {
        let mut registry = Registry::new(name, version);
        commands::register_standard(&mut registry);
        registry
    }

    /// An engine running this state with the standard commands.
    ///
    /// ```
    /// use go_gtp::GoEngine;
    ///
    /// let mut engine = GoEngine::new().into_engine("demo", "1.0");
    /// let answer = engine.handle_line(b"query_boardsize").unwrap();
    /// assert_eq!(answer.reply.to_string(), "= 19\n\n");
    /// ```
    #[must_use]
    pub fn into_engine(self, name: &str, version: &str) -> Engine<Self> {
        Engine::new(Self::registry(name, version), self)
    }
}

impl fmt::Debug for GoEngine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GoEngine")
            .field("game", &self.game)
            .finish_non_exhaustive()
    }
}

impl HasBoard for GoEngine {
    fn board(&self) -> &go_board::Board {
        self.game.board()
    }
}

impl HasGame for GoEngine {
    fn game(&self) -> &TimedGame {
        &self.game
    }

    fn game_mut(&mut self) -> &mut TimedGame {
        &mut self.game
    }
}

impl HasMoveGenerator for GoEngine {
    fn generate_move(&mut self, color: Color) -> Decision {
        self.generator.generate(&self.game, color)
    }
}

/// Any `FnMut(&TimedGame, Color) -> Decision + Send` is a move generator.
impl<F> MoveGenerator for F
where
    F: FnMut(&TimedGame, Color) -> Decision + Send,
{
    fn generate(&mut self, game: &TimedGame, color: Color) -> Decision {
        self(game, color)
    }
}
