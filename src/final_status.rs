//! The final status of every stone, for scoring: the groups' status where
//! go-life settles it, Monte-Carlo ownership (go-mcts) only for the rest.
//!
//! A stone is settled when go-life's safety solver ([`Safety`]) proves it
//! safe, dead (inside the other side's proved territory) or in seki, or when
//! its dragon gets a status from go-life's [`Survey`]: alive by Benson's
//! test (a proof) or by room to run, or alive, in seki or dead by reading
//! within the survey's budget. The proofs win where the two differ. Critical and unsettled dragons are
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
use go_life::safety::Safety;
use go_life::survey::{Survey, SurveyOptions};
use go_mcts::go::{GoPlayer, PlayerOptions};

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
        // What the safety solver proves overrides the survey's reading.
        let safety = Safety::new(board);
        for c in [Color::Black, Color::White] {
            let own = *board.stones_of(c);
            let alive = safety.proved(c) & own;
            let in_seki = safety.seki(c) & own;
            let lost = safety.proved(c.opposite()) & own;
            dead = (dead - alive - in_seki) | lost;
            seki = (seki - alive - lost) | in_seki;
            settled |= alive | in_seki | lost;
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

    /// The score's bounds: the lowest and the highest score for Black that
    /// the stones go-life did not settle allow — White's unsettled stones all
    /// alive and Black's all dead, then the other way round. Equal when every
    /// dragon is settled; the playouts' [`score`](Self::score) lies between.
    ///
    /// ```
    /// use go_analysis::board::{Board, Rules};
    /// use go_analysis::final_status::FinalStatus;
    /// // A lone stone on an open board: whose the board is, no survey can say.
    /// let board = Board::from_diagram_with_rules(
    ///     ". . . . .
    ///      . . . . .
    ///      . . X . .
    ///      . . . . .
    ///      . . . . .",
    ///     Rules::chinese().with_komi(0.5),
    /// )?;
    /// let status = FinalStatus::new(&board, |_| Default::default());
    /// let (low, high) = status.score_range(&board)?;
    /// assert!(low.margin() <= status.score(&board)?.margin());
    /// assert!(status.score(&board)?.margin() <= high.margin());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`score`](Self::score).
    pub fn score_range(&self, board: &Board) -> Result<(Score, Score), ScoreError> {
        let settled_dead = self.dead & self.settled;
        let unsettled = |c: Color| *board.stones_of(c) - self.settled;
        let low = Score::by_rules(board, &(settled_dead | unsettled(Color::Black)))?;
        let high = Score::by_rules(board, &(settled_dead | unsettled(Color::White)))?;
        Ok((low, high))
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
    GoPlayer::new(options).dead_stones(board, board.rules().komi) & *unsettled
}

/// Registers `final_status_list alive|dead|seki` and `final_score` (see the
/// module docs), replacing go-mcts's when registered after them, and
/// `final_score_range`: the lowest and highest score for Black that the
/// dragons go-life leaves unsettled allow (`W+12.5 B+3.5`; the same twice
/// when every dragon is settled), without playouts, so the same every time.
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
        })
        .register("final_score_range", |state: &mut S, args| {
            args.end()?;
            let board = state.board();
            let fs = FinalStatus::new(board, |_| PointSet::new());
            let (low, high) = fs
                .score_range(board)
                .map_err(|e| GtpError::message(e.to_string()))?;
            Ok(Response::new(format!("{low} {high}")))
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use go_board::Rules;
    use go_gtp::{Engine, GoEngine};

    #[test]
    fn the_score_range_is_one_score_when_every_dragon_is_settled() {
        // Black's living corner and White's dead three stones inside it.
        let board = Board::from_diagram_with_rules(
            ". O . X . . .
             O O X X . . .
             X X X . . . .
             . . . . . . .
             . . . . . . .
             . . . . . . .
             . . . . . . .",
            Rules::chinese().with_komi(0.5),
        )
        .unwrap();
        let status = FinalStatus::new(&board, |_| PointSet::new());
        let (low, high) = status.score_range(&board).unwrap();
        assert_eq!(low, high);
        assert_eq!(low, status.score(&board).unwrap());
    }

    #[test]
    fn an_unsettled_group_spans_the_range() {
        // Black's straight three in the corner: whoever plays B1 first decides.
        let board = Board::from_diagram_with_rules(
            ". . . . . .
             O O O O O .
             X X X X O .
             . . . X O .",
            Rules::chinese().with_komi(0.5),
        )
        .unwrap();
        let status = FinalStatus::new(&board, |_| PointSet::new());
        let black = *board.stones_of(Color::Black);
        assert!(status.settled().is_disjoint(&black));
        let (low, high) = status.score_range(&board).unwrap();
        assert_eq!(low, Score::by_rules(&board, &black).unwrap());
        assert_eq!(high, Score::by_rules(&board, &PointSet::new()).unwrap());
        assert!(low.margin() < high.margin());
    }

    #[test]
    fn the_safety_solvers_seki_is_final() {
        // Eye against a two-point eye: Black's block (E1-F1) and White's two
        // stones (eye A6) share B5. White throws in at E1 and, once Black
        // takes, it is eye against eye. White's other groups live.
        let board = Board::from_diagram_with_rules(
            ". O X O . O
             O . X O O .
             X X X X O O
             O O X X X X
             . O O X X X
             O . O X . .",
            Rules::chinese().with_komi(0.5),
        )
        .unwrap();
        let status = FinalStatus::new(&board, |_| panic!("all settled"));
        let black = *board.stones_of(Color::Black);
        assert!(black.is_subset(&status.seki()));
        for v in ["A5", "B6"] {
            assert!(status.seki().contains(v.parse().unwrap()));
        }
        assert!(status.dead().is_empty());
    }

    #[test]
    fn final_score_range_answers_two_scores_over_gtp() {
        let mut registry = go_gtp::Registry::new("test", "1");
        go_gtp::commands::register_standard(&mut registry);
        register(&mut registry);
        let mut engine = Engine::new(registry, GoEngine::new());
        let mut out = Vec::new();
        engine
            .run(
                &b"boardsize 9\nplay b E5\nfinal_score_range\nfinal_score_range x\n"[..],
                &mut out,
            )
            .unwrap();
        let text = String::from_utf8(out).unwrap();
        let answers: Vec<&str> = text.split("\n\n").collect();
        let scores: Vec<&str> = answers[2].trim_start_matches("= ").split(' ').collect();
        assert_eq!(scores.len(), 2, "{text}");
        assert!(
            scores
                .iter()
                .all(|s| s.starts_with("B+") || s.starts_with("W+") || *s == "0"),
            "{text}"
        );
        assert!(answers[3].starts_with('?'), "{text}");
    }
}
