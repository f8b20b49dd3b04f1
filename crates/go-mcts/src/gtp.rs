//! GTP for the Go player (feature `gtp`): [`MctsPlayer`], go-gtp's move
//! generator for `genmove` and `reg_genmove`, and [`register`], which adds
//! the analysis commands and ownership-based scoring to any engine whose
//! state holds a board.
//!
//! ```
//! use go_gtp::{Engine, GoEngine, commands};
//! use go_mcts::go::PlayerOptions;
//! use go_mcts::gtp::{MctsPlayer, register};
//!
//! let options = PlayerOptions::default()
//!     .with_playouts_per_move(Some(500))
//!     .with_max_time_per_move(None);
//! let mut registry = GoEngine::registry("demo", "1");
//! register(&mut registry);
//! let mut engine = Engine::new(registry, GoEngine::with_generator(MctsPlayer::new(options)));
//! let mut out = Vec::new();
//! engine.run(&b"boardsize 5\nclear_board\ngenmove b\n"[..], &mut out)?;
//! let text = String::from_utf8(out)?;
//! assert!(text.ends_with("\n\n") && text.matches('=').count() == 3);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::time::Duration;

use go_board::{Board, Color, PlayoutBoard, Point};
use go_gtp::{GtpError, HasBoard, MoveGenerator, Registry, Response, TimedGame};

use crate::go::{GoPlayer, PlayerOptions, matches_pattern};
use crate::search::Budget;

/// The Monte-Carlo player as go-gtp's [`MoveGenerator`]: reads komi from
/// the game's rules and the clock from `time_settings`/`time_left`, and
/// keeps its tree between moves.
#[derive(Debug)]
pub struct MctsPlayer {
    player: GoPlayer,
}

impl MctsPlayer {
    /// A player with these options.
    #[must_use]
    pub fn new(options: PlayerOptions) -> MctsPlayer {
        MctsPlayer {
            player: GoPlayer::new(options),
        }
    }

    /// The player.
    #[must_use]
    pub fn player(&self) -> &GoPlayer {
        &self.player
    }
}

impl MoveGenerator for MctsPlayer {
    fn generate(&mut self, game: &TimedGame, color: Color) -> go_gtp::Decision {
        let clock = game.clock();
        match clock.settings {
            Some(s) if !s.is_unlimited() => {
                self.player
                    .set_time_settings(s.main_time, s.byo_yomi_time, s.byo_yomi_stones);
                for c in Color::ALL {
                    if let Some(left) = clock.left[c] {
                        self.player.set_time_left(c, left.time, left.stones);
                    }
                }
            }
            _ => self
                .player
                .set_time_settings(Duration::ZERO, Duration::ZERO, 0),
        }
        self.player
            .genmove(game.board(), color, game.board().rules().komi)
    }
}

/// The most playouts `mcts_analyze` and `mcts_ownership` accept; a larger
/// budget is a GTP error. (About two minutes on 19×19 with two threads.)
pub const MAX_ANALYSIS_PLAYOUTS: u32 = 1_000_000;

/// The most wall-clock time `mcts_analyze` and `mcts_ownership` search,
/// whatever their playouts; the answer then covers the playouts made
/// (`mcts_analyze` reports their number).
pub const MAX_ANALYSIS_TIME: Duration = Duration::from_secs(60);

/// The playouts argument of the analysis commands: default 20,000, at
/// most [`MAX_ANALYSIS_PLAYOUTS`].
fn analysis_playouts(args: &mut go_gtp::Args<'_>) -> Result<u64, GtpError> {
    let playouts = args.next_opt::<u32>()?.unwrap_or(20_000);
    if playouts > MAX_ANALYSIS_PLAYOUTS {
        return Err(GtpError::message(format!(
            "at most {MAX_ANALYSIS_PLAYOUTS} playouts, got {playouts}"
        )));
    }
    Ok(u64::from(playouts))
}

/// The budget of the analysis commands.
fn analysis_budget(playouts: u64) -> Budget {
    Budget::playouts(playouts).with_time(MAX_ANALYSIS_TIME)
}

/// Options of the searches the analysis commands run: every core, at most
/// `playouts` playouts and two seconds.
fn analysis_player(playouts: u64) -> GoPlayer {
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let mut options = PlayerOptions {
        playouts_per_move: Some(playouts),
        max_time_per_move: Some(Duration::from_secs(2)),
        ..PlayerOptions::default()
    };
    options.search.threads = threads;
    GoPlayer::new(options)
}

fn komi(board: &Board) -> f32 {
    board.rules().komi
}

/// Registers the go-mcts commands for any state with a board:
///
/// - `mcts_analyze [PLAYOUTS]` — search the position for the side to move
///   (default 20,000 playouts) and list the moves: visits, win rate, AMAF
///   visits and win rate; a last line with the principal variation.
/// - `mcts_ownership [PLAYOUTS]` — GoGui `gfx` influence: per point the
///   expected owner from the playouts, 1 Black, −1 White.
///
///   Both take at most [`MAX_ANALYSIS_PLAYOUTS`] (more is a GTP error) and
///   stop after [`MAX_ANALYSIS_TIME`] whatever the playouts.
/// - `uct_patterns` — Fuego's command: the empty points whose 3×3
///   neighbourhood matches one of the playouts' shape patterns
///   ([`matches_pattern`]), row by row from
///   the bottom.
/// - `final_score`, `final_status_list dead|alive|seki` — from playout
///   ownership: a stone is dead when the opponent owned its point in most
///   playouts (replacing go-gtp's static versions).
pub fn register<S: HasBoard + 'static>(registry: &mut Registry<S>) {
    registry.register("mcts_analyze", |state: &mut S, args| {
        let playouts = analysis_playouts(args)?;
        let board = state.board();
        let color = board.to_play();
        let mut player = analysis_player(playouts);
        let r = player.analyze(board, color, komi(board), analysis_budget(playouts));
        let mut lines: Vec<String> = r
            .moves
            .iter()
            .take(12)
            .map(|m| {
                format!(
                    "{} visits {} win {:.3} amaf {} {:.3}",
                    m.mv, m.visits, m.value, m.rave_visits, m.rave_value
                )
            })
            .collect();
        lines.push(format!(
            "pv {} (win {:.3} for {color}, {:.3} for black, {} playouts)",
            r.pv.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(" "),
            r.value,
            r.first_player_value,
            r.playouts
        ));
        Ok(Response::lines(lines))
    });
    registry.register("mcts_ownership", |state: &mut S, args| {
        let playouts = analysis_playouts(args)?;
        let board = state.board();
        let mut player = analysis_player(playouts);
        let _ = player.analyze(
            board,
            board.to_play(),
            komi(board),
            analysis_budget(playouts),
        );
        let own = player.ownership();
        let mut words = vec!["INFLUENCE".to_string()];
        for &p in board.geometry().points() {
            words.push(p.to_string());
            words.push(format!("{:.2}", own.balance(Color::Black, p)));
        }
        Ok(Response::words(words))
    });
    registry.register("uct_patterns", |state: &mut S, _| {
        let board = state.board();
        let playout = PlayoutBoard::from(board);
        let mut points: Vec<Point> = board
            .geometry()
            .points()
            .iter()
            .copied()
            .filter(|&p| board.is_empty(p) && matches_pattern(playout.neighbourhood(p)))
            .collect();
        points.sort_by_key(|p| (p.row(), p.col()));
        Ok(Response::words(points))
    });
    registry.register("final_score", |state: &mut S, _| {
        let board = state.board();
        let score = analysis_player(20_000).final_score(board, komi(board));
        Ok(Response::new(if score > 0.0 {
            format!("B+{score}")
        } else if score < 0.0 {
            format!("W+{}", -score)
        } else {
            "0".to_string()
        }))
    });
    registry.register("final_status_list", |state: &mut S, args| {
        let status = args.next_string()?.to_ascii_lowercase();
        if !matches!(status.as_str(), "dead" | "alive" | "seki") {
            return Err(GtpError::message(format!("unknown status {status}")));
        }
        let board = state.board();
        let dead = analysis_player(20_000).dead_stones(board, komi(board));
        let stones: Vec<Point> = board
            .geometry()
            .points()
            .iter()
            .copied()
            .filter(|&p| board.color_at(p).is_some())
            .filter(|&p| match status.as_str() {
                "dead" => dead.contains(p),
                "alive" => !dead.contains(p),
                // Seki is not told apart yet: shared points count for no one
                // and their stones are alive.
                _ => false,
            })
            .collect();
        Ok(Response::words(stones))
    });
}
