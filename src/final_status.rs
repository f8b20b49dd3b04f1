//! The final status of every stone, for scoring: the groups' status where
//! go-life settles it, Monte-Carlo ownership (go-mcts) only for the rest.
//!
//! A dragon is settled when go-life's [`Survey`] gives it a status: alive by
//! Benson's test (a proof) or by room to run, or alive, in seki or dead by
//! reading within the survey's budget. Critical and unsettled dragons are
//! judged by the playouts: their stones are dead when they lose most of them.
//! Seki stones are alive, and the liberties they share are no one's.
//!
//! ```
//! use go_analysis::board::{Board, Rules};
//! use go_analysis::final_status::FinalStatus;
//!
//! // White's three stones inside Black's corner have no eye: dead. Black's
//! // corner lives. Nothing is left to the playouts.
//! let board = Board::from_diagram_with_rules(
//!     ". O . X . . .
//!      O O X X . . .
//!      X X X . . . .
//!      . . . . . . .
//!      . . . . . . .
//!      . . . . . . .
//!      . . . . . . .",
//!     Rules::chinese().with_komi(0.5),
//! )?;
//! let status = FinalStatus::new(&board, |_| panic!("no playouts needed"));
//! assert_eq!(status.dead().len(), 3);
//! assert_eq!(status.score(&board)?.to_string(), "B+48.5");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! `register` (GTP) replaces go-mcts's `final_status_list` and
//! `final_score` with these; `examples/gtp_engine.rs` registers it last.

use std::time::Duration;

use go_board::{Board, Color, PointSet, Score, ScoreError};
use go_gtp::{GtpError, HasBoard, Registry, Response};
use go_life::LifeStatus;
use go_life::survey::{Survey, SurveyOptions};
use go_mcts::go::{Player, PlayerOptions};

/// Every stone's final status (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FinalStatus {
    dead: PointSet,
    seki: PointSet,
    settled: PointSet,
}

impl FinalStatus {
    /// The status of every stone of `board`: go-life's survey first, then
    /// `ownership_dead` (the stones the playouts lose, given the stones still
    /// unsettled) for the rest; it is not called when every dragon is settled.
    #[must_use]
    pub fn new(board: &Board, ownership_dead: impl FnOnce(&PointSet) -> PointSet) -> FinalStatus {
        let survey = Survey::new(board, &SurveyOptions::default());
        let (mut dead, mut seki, mut settled) = (PointSet::new(), PointSet::new(), PointSet::new());
        for d in survey.dragons() {
            match d.status {
                Some(LifeStatus::Alive) => settled |= d.stones,
                Some(LifeStatus::Seki) => {
                    settled |= d.stones;
                    seki |= d.stones;
                }
                Some(LifeStatus::Dead) => {
                    settled |= d.stones;
                    dead |= d.stones;
                }
                Some(LifeStatus::Critical { .. }) | None => {}
            }
        }
        let stones = *board.stones_of(Color::Black) | *board.stones_of(Color::White);
        let unsettled = stones - settled;
        if !unsettled.is_empty() {
            dead |= ownership_dead(&unsettled) & unsettled;
        }
        FinalStatus {
            dead,
            seki,
            settled,
        }
    }

    /// The dead stones.
    #[must_use]
    pub fn dead(&self) -> PointSet {
        self.dead
    }

    /// The stones in seki (alive, with no territory from the liberties they
    /// share).
    #[must_use]
    pub fn seki(&self) -> PointSet {
        self.seki
    }

    /// The stones whose status go-life settled (the others are the playouts').
    #[must_use]
    pub fn settled(&self) -> PointSet {
        self.settled
    }

    /// The score by the board's rules with the dead stones taken off.
    ///
    /// # Errors
    /// [`ScoreError`] cannot arise for stones found on `board`; it is passed on
    /// from [`Score::by_rules`].
    pub fn score(&self, board: &Board) -> Result<Score, ScoreError> {
        Score::by_rules(board, &self.dead)
    }
}

/// The stones among `unsettled` that the playouts of a short search mostly
/// lose: every core, 20,000 playouts, at most two seconds.
fn playout_dead(board: &Board, unsettled: &PointSet) -> PointSet {
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let mut options = PlayerOptions::default()
        .with_playouts_per_move(Some(20_000))
        .with_max_time_per_move(Some(Duration::from_secs(2)));
    options.search.threads = threads;
    Player::new(options).dead_stones(board, board.rules().komi) & *unsettled
}

/// Registers `final_status_list alive|dead|seki` and `final_score` (see the
/// module docs), replacing go-mcts's when registered after them.
///
/// ```
/// use go_analysis::gtp::{Engine, GoEngine, Registry, commands};
/// let mut registry = Registry::new("demo", "1");
/// commands::register_standard(&mut registry);
/// go_analysis::final_status::register(&mut registry);
/// let mut engine = Engine::new(registry, GoEngine::new());
/// let mut out = Vec::new();
/// engine.run(&b"boardsize 7\nplay b D4\nfinal_status_list seki\nfinal_status_list nonsense\n"[..], &mut out)?;
/// let text = String::from_utf8(out)?;
/// assert!(text.ends_with("= \n\n? unknown status nonsense\n\n"), "{text}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn register<S: HasBoard>(registry: &mut Registry<S>) {
    registry
        .register("final_status_list", |state: &mut S, args| {
            let status = args.next_string()?.to_ascii_lowercase();
            if !matches!(status.as_str(), "dead" | "alive" | "seki") {
                return Err(GtpError::message(format!("unknown status {status}")));
            }
            args.end()?;
            let board = state.board();
            let fs = FinalStatus::new(board, |u| playout_dead(board, u));
            let stones = *board.stones_of(Color::Black) | *board.stones_of(Color::White);
            let set = match status.as_str() {
                "dead" => fs.dead(),
                "seki" => fs.seki(),
                _ => stones - fs.dead(),
            };
            Ok(Response::words(set.iter()))
        })
        .register("final_score", |state: &mut S, args| {
            args.end()?;
            let board = state.board();
            let fs = FinalStatus::new(board, |u| playout_dead(board, u));
            let score = fs
                .score(board)
                .map_err(|e| GtpError::message(e.to_string()))?;
            Ok(Response::new(score.to_string()))
        });
}
