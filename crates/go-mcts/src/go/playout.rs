//! Go playout policies: light (uniform random, no own-eye filling) and
//! heavy (captures, atari escapes, 3×3 patterns around the last move,
//! self-atari avoidance), with optional ownership statistics.

use std::sync::{Arc, Mutex};

use go_board::{Color, Move, NUM_INDICES, Pcg32, PlayoutBoard, PlayoutOptions, Point, PointState};
use go_patterns::TdEvaluator;
use go_search::tactics::player_of;

use super::patterns::matches_pattern;
use super::state::GoState;
use crate::playout::{Playout, Record};

/// Which playout policy to run.
///
/// ```
/// use go_mcts::go::Policy;
/// assert_eq!(Policy::default(), Policy::Heavy);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Policy {
    /// Uniformly random legal moves that do not fill an own eye: the
    /// fastest, and the weakest.
    Light,
    /// MoGo-style: answer the last move by capturing, escaping ataris and
    /// playing 3×3 shape patterns next to it; otherwise random moves that
    /// are not self-ataris.
    #[default]
    Heavy,
}

/// How often each point ended Black's and White's in the playouts of a
/// search (Tromp-Taylor area at the end of each playout).
///
/// ```
/// use go_mcts::go::Ownership;
/// let o = Ownership::default();
/// assert_eq!(o.playouts, 0);
/// assert_eq!(o.black_share("A1".parse()?), 0.5);
/// # Ok::<(), go_board::ParseVertexError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ownership {
    /// Playouts counted.
    pub playouts: u64,
    /// Per point index: playouts that ended with the point Black's.
    pub black: Vec<u32>,
    /// Per point index: playouts that ended with the point White's.
    pub white: Vec<u32>,
}

impl Default for Ownership {
    fn default() -> Ownership {
        Ownership {
            playouts: 0,
            black: vec![0; NUM_INDICES],
            white: vec![0; NUM_INDICES],
        }
    }
}

impl Ownership {
    /// The share of playouts in which `p` ended Black's (0.5 with none).
    #[must_use]
    pub fn black_share(&self, p: Point) -> f32 {
        if self.playouts == 0 {
            return 0.5;
        }
        self.black[p.index()] as f32 / self.playouts as f32
    }

    /// The share of playouts in which `p` ended White's (0.5 with none).
    #[must_use]
    pub fn white_share(&self, p: Point) -> f32 {
        if self.playouts == 0 {
            return 0.5;
        }
        self.white[p.index()] as f32 / self.playouts as f32
    }

    /// The expected owner of `p` from `color`'s side: 1 always
    /// `color`'s, −1 always the opponent's.
    #[must_use]
    pub fn balance(&self, color: Color, p: Point) -> f32 {
        let b = self.black_share(p) - self.white_share(p);
        if self.playouts == 0 {
            0.0
        } else if color == Color::Black {
            b
        } else {
            -b
        }
    }

    fn add(&mut self, other: &Ownership) {
        self.playouts += other.playouts;
        for (a, b) in self.black.iter_mut().zip(&other.black) {
            *a += b;
        }
        for (a, b) in self.white.iter_mut().zip(&other.white) {
            *a += b;
        }
    }
}

/// A learned evaluation at the leaves (go-patterns's TD(λ) weights, the
/// probability that Black wins): playouts cut off after `cutoff` moves
/// and scored by it instead of played to the end, and/or the result of
/// each playout mixed with its value at the position the playout starts
/// from, `(1 − mix) · result + mix · V(leaf)` (Silver et al.'s mixing).
///
/// The [`Player`](super::Player) mixes at
/// [`DEFAULT_EVALUATION_MIX`](super::DEFAULT_EVALUATION_MIX) by default;
/// a bare [`GoPlayout`] has no evaluation. On the Monte-Carlo suites of
/// `regress/mcts-baseline.toml` (5,000 playouts, one thread, seeds 1–4;
/// without it 262, 256, 263, 262 of 629) cut-offs lose: after 20 moves
/// 202, 212; 40: 235, 232; 60: 258, 258; 100: 261, 260 (seeds 1–2).
/// Mixing gains — at 0.25: 279, 270, 273, 284; at 0.5: 276, 280, 283,
/// 271 — but mostly because values move towards ½, not because of what
/// the weights know: mixing with a constant ½ (all weights 0) passes
/// 270, 265, 270, 278 at 0.25 and 275, 274, 278, 272 at 0.5, and
/// weights trained on other self-play games (`td-train --seed 2`) pass
/// 270, 263, 276, 274 at 0.25, no more than the constant. In games
/// (9×9, komi 7.5, one second a move on two threads, 100 games against
/// GNU Go 3.8 level 10, the same build) the mix at 0.25 won 97, playouts
/// alone 85.
///
/// ```
/// use go_board::{Board, Pcg32};
/// use go_mcts::{Playout, Record};
/// use go_mcts::go::{GoPlayout, GoState, LeafEvaluation, Policy};
///
/// let policy = GoPlayout::new(Policy::Heavy).with_evaluation(Some(LeafEvaluation::cutoff(10)));
/// let root = GoState::new(&Board::new(9)?, 7.0);
/// let mut worker = policy.worker(&root);
/// let mut state = root.clone();
/// let mut record = Record::default();
/// let v = policy.playout(&mut worker, &mut state, &mut Pcg32::new(1), &mut record);
/// assert_eq!(record.len(), 10);
/// assert!(v > 0.0 && v < 1.0); // a probability, not a result
/// # Ok::<(), go_board::SizeError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct LeafEvaluation {
    /// Moves a playout plays before it is scored by the evaluation
    /// (`None`: to the end).
    pub cutoff: Option<usize>,
    /// The evaluation's share of a playout's value, in [0, 1].
    pub mix: f32,
    /// The evaluation.
    pub eval: Arc<TdEvaluator>,
}

impl LeafEvaluation {
    /// Playouts cut off after `moves` moves and scored by go-patterns's
    /// trained weights ([`TdEvaluator::trained`]).
    #[must_use]
    pub fn cutoff(moves: usize) -> LeafEvaluation {
        LeafEvaluation {
            cutoff: Some(moves),
            mix: 0.0,
            eval: Arc::new(TdEvaluator::trained().clone()),
        }
    }

    /// Playouts to the end, their result mixed with the trained
    /// evaluation of the leaf at weight `mix` (clamped to [0, 1]).
    ///
    /// ```
    /// use go_mcts::go::LeafEvaluation;
    /// assert_eq!(LeafEvaluation::mix(2.0).mix, 1.0);
    /// assert_eq!(LeafEvaluation::mix(0.25).cutoff, None);
    /// ```
    #[must_use]
    pub fn mix(mix: f32) -> LeafEvaluation {
        LeafEvaluation {
            cutoff: None,
            mix: if mix.is_nan() {
                0.0
            } else {
                mix.clamp(0.0, 1.0)
            },
            eval: Arc::new(TdEvaluator::trained().clone()),
        }
    }

    /// The same with other weights.
    #[must_use]
    pub fn with_eval(mut self, eval: Arc<TdEvaluator>) -> LeafEvaluation {
        self.eval = eval;
        self
    }
}

/// The Go playout policy used by the search: [`Policy::Light`] or
/// [`Policy::Heavy`] moves, Tromp-Taylor scoring with the state's komi,
/// and, if asked, [`Ownership`] statistics (read them with
/// [`ownership`](GoPlayout::ownership) after a search).
///
/// ```
/// use go_board::{Board, Pcg32};
/// use go_mcts::{Playout, Record};
/// use go_mcts::go::{GoPlayout, GoState, Policy};
///
/// let policy = GoPlayout::new(Policy::Heavy);
/// let root = GoState::new(&Board::new(9)?, 7.0);
/// let mut worker = policy.worker(&root);
/// let mut state = root.clone();
/// let mut record = Record::default();
/// let v = policy.playout(&mut worker, &mut state, &mut Pcg32::new(1), &mut record);
/// assert!(v == 0.0 || v == 1.0);
/// assert_eq!(state.board().consecutive_passes(), 2);
/// # Ok::<(), go_board::SizeError>(())
/// ```
#[derive(Debug)]
pub struct GoPlayout {
    policy: Policy,
    evaluation: Option<LeafEvaluation>,
    track_ownership: bool,
    ownership: Mutex<Ownership>,
}

/// Per-thread data of [`GoPlayout`].
#[derive(Debug)]
pub struct GoWorker {
    moves: Vec<Move>,
    candidates: Vec<Point>,
    ownership: Option<Ownership>,
}

impl GoPlayout {
    /// A policy without ownership statistics.
    #[must_use]
    pub fn new(policy: Policy) -> GoPlayout {
        GoPlayout {
            policy,
            evaluation: None,
            track_ownership: false,
            ownership: Mutex::new(Ownership::default()),
        }
    }

    /// The same, gathering ownership statistics.
    #[must_use]
    pub fn with_ownership(mut self) -> GoPlayout {
        self.track_ownership = true;
        self
    }

    /// The same, with a learned evaluation at the leaves (`None`:
    /// playouts alone).
    #[must_use]
    pub fn with_evaluation(mut self, evaluation: Option<LeafEvaluation>) -> GoPlayout {
        self.evaluation = evaluation;
        self
    }

    /// The evaluation at the leaves, if any.
    #[must_use]
    pub fn evaluation(&self) -> Option<&LeafEvaluation> {
        self.evaluation.as_ref()
    }

    /// The policy.
    #[must_use]
    pub fn policy(&self) -> Policy {
        self.policy
    }

    /// Ownership gathered by the searches since the last
    /// [`reset_ownership`](GoPlayout::reset_ownership).
    #[must_use]
    pub fn ownership(&self) -> Ownership {
        self.ownership
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }

    /// Forgets the ownership statistics.
    pub fn reset_ownership(&self) {
        *self
            .ownership
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Ownership::default();
    }
}

impl Playout<GoState> for GoPlayout {
    type Worker = GoWorker;
    /// go-board's generator, which its playouts draw from.
    type Rng = Pcg32;

    fn worker(&self, _root: &GoState) -> GoWorker {
        GoWorker {
            moves: Vec::with_capacity(1024),
            candidates: Vec::with_capacity(64),
            ownership: self.track_ownership.then(Ownership::default),
        }
    }

    fn playout(
        &self,
        w: &mut GoWorker,
        state: &mut GoState,
        rng: &mut Pcg32,
        record: &mut Record,
    ) -> f32 {
        let komi = state.komi();
        let board = state.board_mut();
        let mut cap = 3 * board.geometry().num_points();
        let mut leaf = None;
        if let Some(e) = &self.evaluation {
            if let Some(moves) = e.cutoff {
                cap = cap.min(moves);
            }
            if e.mix > 0.0 {
                leaf = Some(e.eval.value(board, komi));
            }
        }
        let score = match self.policy {
            Policy::Light => {
                w.moves.clear();
                let mut player = player_of(board.to_play());
                let options = PlayoutOptions::default()
                    .with_komi(komi)
                    .with_max_moves(Some(cap));
                let result = board.playout_recording(rng, &options, &mut w.moves);
                for &mv in &w.moves {
                    record.push(player, mv);
                    player = player.opponent();
                }
                result.score
            }
            Policy::Heavy => {
                let mut n = 0;
                while board.consecutive_passes() < 2 && n < cap {
                    let color = board.to_play();
                    let mv = heavy_move(board, color, rng, &mut w.candidates);
                    record.push(player_of(color), mv);
                    match mv {
                        Move::Play(p) => {
                            let played = board.play(color, p);
                            debug_assert!(played.is_ok());
                        }
                        Move::Pass => board.pass(),
                    }
                    n += 1;
                }
                board.area_score(komi)
            }
        };
        let mix = |e: &LeafEvaluation, v: f32| match leaf {
            Some(l) => (1.0 - e.mix) * v + e.mix * l,
            None => v,
        };
        if let Some(e) = &self.evaluation {
            if board.consecutive_passes() < 2 && e.cutoff.is_some() {
                // Cut off: the evaluation's probability; the ownership
                // statistics count finished playouts only.
                return mix(e, e.eval.value(board, komi));
            }
        }
        if let Some(own) = &mut w.ownership {
            own.playouts += 1;
            board.for_each_area_owner(|p, owner| match owner {
                Some(Color::Black) => own.black[p.index()] += 1,
                Some(Color::White) => own.white[p.index()] += 1,
                None => {}
            });
        }
        let value = GoState::black_value(score);
        match &self.evaluation {
            Some(e) => mix(e, value),
            None => value,
        }
    }

    fn finish(&self, workers: Vec<GoWorker>) {
        let mut total = self
            .ownership
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        for w in workers {
            if let Some(o) = &w.ownership {
                total.add(o);
            }
        }
    }
}

/// Whether `color` playing at `p` is a self-atari worth avoiding: the new
/// block would have one liberty and the move captures nothing.
#[inline]
pub(crate) fn is_bad_self_atari(board: &PlayoutBoard, color: Color, p: Point) -> bool {
    if board.liberties_after(color, p, 2) != 1 {
        return false;
    }
    // A capture (an adjacent enemy block in atari) is fine.
    let code = board.neighbourhood_with_atari(p);
    let enemy = PointState::of(Some(color.opposite()));
    !(0..4).any(|k| code.atari(k) && code.orthogonal(k) == enemy)
}

/// The stone moves that answer the last move: capture it if it is in
/// atari, save own blocks it put in atari (by capturing an attacker or
/// extending to at least two liberties).
fn tactical_replies(board: &PlayoutBoard, color: Color, last: Point, out: &mut Vec<Point>) {
    let geo = board.geometry();
    // The last move's block in atari: take it.
    if let Some(lib) = board.the_liberty(last) {
        if board.is_legal(color, lib) {
            out.push(lib);
        }
    }
    for q in geo.neighbours(last) {
        if board.color_at(q) != Some(color) {
            continue;
        }
        let Some(lib) = board.the_liberty(q) else {
            continue;
        };
        // Capture a neighbouring enemy block in atari.
        board.for_each_adjacent_block(q, |e| {
            if let Some(l) = board.the_liberty(e) {
                if board.is_legal(color, l) {
                    out.push(l);
                }
            }
        });
        // Extend, if that gives two liberties or more.
        if board.liberties_after(color, lib, 2) >= 2 && board.is_legal(color, lib) {
            out.push(lib);
        }
    }
}

/// A heavy-policy move for `color`.
fn heavy_move(
    board: &mut PlayoutBoard,
    color: Color,
    rng: &mut Pcg32,
    cand: &mut Vec<Point>,
) -> Move {
    if let Some(last) = board.last_move() {
        cand.clear();
        tactical_replies(board, color, last, cand);
        if !cand.is_empty() {
            return Move::Play(cand[rng.below(cand.len() as u32) as usize]);
        }
        // Shape: 3×3 patterns on the points around the last move.
        let geo = board.geometry();
        for q in last.neighbours().into_iter().chain(last.diagonals()) {
            if geo.contains(q)
                && board.is_empty(q)
                && matches_pattern(board.neighbourhood(q))
                && board.is_legal(color, q)
                && !board.is_eye(color, q)
                && !is_bad_self_atari(board, color, q)
            {
                cand.push(q);
            }
        }
        if !cand.is_empty() {
            return Move::Play(cand[rng.below(cand.len() as u32) as usize]);
        }
    }
    // Random moves, avoiding self-ataris (a few tries; single-stone
    // self-ataris, which make nakade and throw-ins, pass now and then).
    let mut fallback = Move::Pass;
    for attempt in 0..4 {
        let mv = board.random_move(color, rng);
        let Move::Play(p) = mv else {
            return mv;
        };
        if !is_bad_self_atari(board, color, p) {
            return mv;
        }
        if attempt == 0 {
            fallback = mv;
        }
        let single = board
            .geometry()
            .neighbours(p)
            .all(|q| board.color_at(q) != Some(color));
        if single && rng.below(4) == 0 {
            return mv;
        }
    }
    fallback
}

#[cfg(test)]
mod tests {
    use super::*;
    use go_board::Board;

    /// One heavy playout from the empty 9×9 board with seed 1.
    fn value(evaluation: Option<LeafEvaluation>) -> (f32, usize) {
        let policy = GoPlayout::new(Policy::Heavy).with_evaluation(evaluation);
        let root = GoState::new(&Board::new(9).unwrap(), 7.0);
        let mut worker = policy.worker(&root);
        let mut state = root.clone();
        let mut record = Record::default();
        let v = policy.playout(&mut worker, &mut state, &mut Pcg32::new(1), &mut record);
        (v, record.len())
    }

    #[test]
    fn mixing_weighs_the_result_and_the_leaf_value() {
        let (result, moves) = value(None);
        assert!(result == 0.0 || result == 1.0);
        let leaf = TdEvaluator::trained().value(&PlayoutBoard::new(9).unwrap(), 7.0);
        // The same playout (same seed), its value mixed.
        let (all, n) = value(Some(LeafEvaluation::mix(1.0)));
        assert_eq!((all, n), (leaf, moves));
        let (half, _) = value(Some(LeafEvaluation::mix(0.5)));
        assert!((half - (0.5 * result + 0.5 * leaf)).abs() < 1e-6);
    }

    #[test]
    fn a_cutoff_longer_than_the_game_changes_nothing() {
        let (result, moves) = value(None);
        assert_eq!(
            value(Some(LeafEvaluation::cutoff(10 * moves))),
            (result, moves)
        );
        let (v, n) = value(Some(LeafEvaluation::cutoff(moves / 2)));
        assert_eq!(n, moves / 2);
        assert!(v > 0.0 && v < 1.0);
    }
}
