//! Judgement of the capture game for each engine: [`CaptureGoal`] (proof-number engines
//! and GTS) and [`CaptureEvaluator`] (alpha-beta).
//!
//! ```
//! use go_board::{Board, Color};
//! use go_search::{Gts, GtsOptions, StopReason};
//! use go_search::tactics::{CaptureGame, CaptureGoal, CaptureOptions};
//!
//! // Generalized threats search finds the capture of White B2 (in atari).
//! let board = Board::from_diagram(". X . .\nX O . .\n. X . .\n. . . .")?;
//! let mut game = CaptureGame::new(&board, "B3".parse()?, CaptureOptions::default())?;
//! game.set_to_play(Color::Black);
//! let result = Gts::new(GtsOptions::default()).solve(&mut game, &CaptureGoal::new(Color::Black));
//! assert_eq!(result.stop, StopReason::Proved);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use go_board::{Color, Move};

use super::CaptureGame;
use super::player_of;
use crate::{
    Evaluator, Game, Goal, Player, ProofNumbers, Sight, Threats, Value, Verdict,
    look_ahead_by_playing,
};

/// The goal of one side of a [`CaptureGame`]: the attacker's "capture the block", or the
/// defender's "keep it on the board".
///
/// ```
/// use go_board::Color;
/// use go_search::{Goal, Player};
/// use go_search::tactics::{CaptureGame, CaptureGoal};
/// let goal = CaptureGoal::new(Color::White);
/// assert_eq!(Goal::<CaptureGame>::attacker(&goal), Player::Second);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct CaptureGoal {
    prover: Color,
}

impl CaptureGoal {
    /// The goal of `prover`, whichever side of the fight it is.
    ///
    /// ```
    /// use go_board::Color;
    /// use go_search::tactics::CaptureGoal;
    /// assert_eq!(CaptureGoal::new(Color::Black).prover(), Color::Black);
    /// ```
    #[must_use]
    pub const fn new(prover: Color) -> Self {
        CaptureGoal { prover }
    }

    /// The side trying to reach the goal.
    ///
    /// ```
    /// use go_board::Color;
    /// use go_search::tactics::CaptureGoal;
    /// assert_eq!(CaptureGoal::new(Color::White).prover(), Color::White);
    /// ```
    #[must_use]
    pub const fn prover(&self) -> Color {
        self.prover
    }

    /// Initial proof numbers against a target with `libs` liberties: the attacker needs
    /// about one move a liberty, the defender one.
    fn numbers(&self, game: &CaptureGame, libs: usize) -> ProofNumbers {
        let (capture, save) = (libs.max(1) as u32, 1);
        if self.prover == game.defender() {
            ProofNumbers {
                proof: save,
                disproof: capture,
            }
        } else {
            ProofNumbers {
                proof: capture,
                disproof: save,
            }
        }
    }
}

impl Goal<CaptureGame> for CaptureGoal {
    fn attacker(&self) -> Player {
        player_of(self.prover)
    }

    fn verdict(&self, game: &CaptureGame) -> Option<Verdict> {
        game.outcome()
            .map(|o| Verdict::from_outcome(o, player_of(self.prover)))
    }

    /// Few liberties: easy to capture, hard to save.
    fn estimate(&self, game: &CaptureGame) -> ProofNumbers {
        self.numbers(game, game.board().num_liberties(game.target()))
    }

    /// Most moves are judged without being played (see `CaptureGame::quick_look`): a
    /// stone that captures nothing, where the target's liberties or a ladder read the
    /// game kept settle the position. The others are played.
    fn look_ahead(&self, game: &mut CaptureGame, mv: Move) -> Option<(Sight, u64)> {
        let Some(look) = game.quick_look(mv) else {
            return look_ahead_by_playing(self, game, mv);
        };
        let sight = match game.outcome_of(look.status) {
            Some(o) => Sight::Over(Verdict::from_outcome(o, player_of(self.prover))),
            None => Sight::Open(self.numbers(game, look.libs)),
        };
        Some((sight, look.hash))
    }
}

impl Threats<CaptureGame> for CaptureGoal {
    /// The liberties of the target and of the attacker's blocks next to it with few
    /// liberties: a defender move elsewhere does not touch a capture proof.
    fn widen_trace(&self, game: &CaptureGame, trace: &mut Vec<Move>) {
        let board = game.board();
        let target = game.target();
        let mut add = |p| {
            let m = Move::Play(p);
            if !trace.contains(&m) {
                trace.push(m);
            }
        };
        for l in board.liberties(target).iter() {
            add(l);
        }
        for a in board.adjacent_blocks(target) {
            if board.num_liberties(a) <= 2 {
                for l in board.liberties(a).iter() {
                    add(l);
                }
            }
        }
    }
}

/// Alpha-beta's judgement of the capture game: a position at the search horizon counts
/// as nearly won for the defender, so only real captures prove an attack.
///
/// ```
/// use go_board::{Board, Color};
/// use go_search::{Evaluator, Value};
/// use go_search::tactics::{CaptureEvaluator, CaptureGame, CaptureOptions};
/// let board = Board::from_diagram("X O\n. .")?;
/// let mut game = CaptureGame::new(&board, "B2".parse()?, CaptureOptions::default())?;
/// game.set_to_play(Color::Black); // the attacker
/// assert!(CaptureEvaluator.evaluate(&game) < Value::DRAW);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, Default)]
pub struct CaptureEvaluator;

impl Evaluator<CaptureGame> for CaptureEvaluator {
    fn evaluate(&self, game: &CaptureGame) -> Value {
        if game.board().to_play() == game.defender() {
            Value::MAX_HEURISTIC
        } else {
            -Value::MAX_HEURISTIC
        }
    }
}
