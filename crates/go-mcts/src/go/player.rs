//! The Go player: move generation with tree reuse, time control, resign
//! and pass policies, and dead stones and scores from ownership.

use std::time::Duration;

use go_board::{Board, ByColor, Color, Move, Point, PointSet};

use super::playout::{GoPlayout, LeafEvaluation, Ownership, Policy};
use super::priors::{GoExpander, GoPriors, LearnedPriors};
use super::state::GoState;
use crate::search::{Budget, Search, SearchOptions, SearchResult};

/// What the player decides: go-board's [`Decision`](go_board::Decision), a
/// move or to resign (until 0.2 this crate's own type, whose `Play` variant
/// is now `Move`).
///
/// ```
/// use go_board::Move;
/// use go_mcts::go::Decision;
/// assert_ne!(Decision::Move(Move::Pass), Decision::Resign);
/// ```
pub use go_board::Decision;

/// The share of the trained TD(λ) evaluation in each playout's value that
/// [`PlayerOptions::default`] mixes in ([`LeafEvaluation::mix`]).
///
/// Measured on 9×9 (komi 7.5, one second a move on two threads, against
/// GNU Go 3.8 level 10, 100 games each, the same build): 97 wins with the
/// mix, 85 without. Mixing a constant ½ at the same weight gained about as
/// much on the Monte-Carlo suites as the trained evaluation did, so much of
/// the gain is the playout values drawn towards ½ (which weighs exploration
/// more against the values) rather than what the evaluation learned.
///
/// ```
/// assert_eq!(go_mcts::go::DEFAULT_EVALUATION_MIX, 0.25);
/// ```
pub const DEFAULT_EVALUATION_MIX: f32 = 0.25;

/// The knobs of a [`GoPlayer`].
///
/// ```
/// use go_mcts::go::PlayerOptions;
/// let o = PlayerOptions::default();
/// assert_eq!(o.resign_below, 0.1);
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct PlayerOptions {
    /// The search (threads, seed, selection, …).
    pub search: SearchOptions,
    /// The playout policy.
    pub policy: Policy,
    /// The hand-written prior weights (for stone moves when
    /// [`learned`](Self::learned) is `None`, and for the pass).
    pub priors: GoPriors,
    /// Priors of stone moves from a learned move model (`None`: the
    /// hand-written ones, for ablation).
    pub learned: Option<LearnedPriors>,
    /// A learned evaluation at the leaves: playouts cut off, or mixed
    /// with it (`None`: playouts alone). The default mixes the trained
    /// TD(λ) evaluation in at a quarter
    /// ([`DEFAULT_EVALUATION_MIX`]).
    pub evaluation: Option<LeafEvaluation>,
    /// Playouts per move (`None`: limited by time only).
    pub playouts_per_move: Option<u64>,
    /// The most time a move may take, whatever the clock allows.
    pub max_time_per_move: Option<Duration>,
    /// Resign when the best move wins less often than this (0 never).
    pub resign_below: f32,
    /// Resign only after this many playouts in the decisive search.
    pub resign_min_playouts: u64,
    /// Pass instead of playing on when the position is decided: winning
    /// at least this often with every point settled (owned by one side in
    /// at least 90 % of the playouts).
    pub pass_when_won_above: f32,
    /// Keep the subtree of the moves played between searches.
    pub reuse_tree: bool,
}

impl Default for PlayerOptions {
    /// Heavy playouts, Fuego-style UCT+RAVE with an expansion threshold of
    /// 2, one second a move at most, resign below 10 %.
    fn default() -> PlayerOptions {
        PlayerOptions {
            search: SearchOptions {
                expand_threshold: 2,
                ..SearchOptions::default()
            },
            policy: Policy::Heavy,
            priors: GoPriors::default(),
            learned: Some(LearnedPriors::default()),
            evaluation: Some(LeafEvaluation::mix(DEFAULT_EVALUATION_MIX)),
            playouts_per_move: None,
            max_time_per_move: Some(Duration::from_secs(1)),
            resign_below: 0.1,
            resign_min_playouts: 2_000,
            pass_when_won_above: 0.95,
            reuse_tree: true,
        }
    }
}

impl PlayerOptions {
    /// Sets [`search`](Self::search).
    #[must_use]
    pub fn with_search(mut self, search: SearchOptions) -> Self {
        self.search = search;
        self
    }

    /// Sets [`policy`](Self::policy).
    #[must_use]
    pub fn with_policy(mut self, policy: Policy) -> Self {
        self.policy = policy;
        self
    }

    /// Sets [`priors`](Self::priors).
    #[must_use]
    pub fn with_priors(mut self, priors: GoPriors) -> Self {
        self.priors = priors;
        self
    }

    /// Sets [`learned`](Self::learned).
    ///
    /// ```
    /// use go_mcts::go::PlayerOptions;
    /// // The hand-written priors alone.
    /// let o = PlayerOptions::default().with_learned(None);
    /// assert!(o.learned.is_none());
    /// ```
    #[must_use]
    pub fn with_learned(mut self, learned: Option<LearnedPriors>) -> Self {
        self.learned = learned;
        self
    }

    /// Sets [`evaluation`](Self::evaluation).
    ///
    /// ```
    /// use go_mcts::go::{LeafEvaluation, PlayerOptions};
    /// let mix = PlayerOptions::default().evaluation.map(|e| e.mix);
    /// assert_eq!(mix, Some(go_mcts::go::DEFAULT_EVALUATION_MIX));
    /// // Playouts alone.
    /// assert!(PlayerOptions::default().with_evaluation(None).evaluation.is_none());
    /// let o = PlayerOptions::default().with_evaluation(Some(LeafEvaluation::cutoff(40)));
    /// assert_eq!(o.evaluation.and_then(|e| e.cutoff), Some(40));
    /// ```
    #[must_use]
    pub fn with_evaluation(mut self, evaluation: Option<LeafEvaluation>) -> Self {
        self.evaluation = evaluation;
        self
    }

    /// Sets [`playouts_per_move`](Self::playouts_per_move).
    #[must_use]
    pub fn with_playouts_per_move(mut self, playouts_per_move: Option<u64>) -> Self {
        self.playouts_per_move = playouts_per_move;
        self
    }

    /// Sets [`max_time_per_move`](Self::max_time_per_move).
    #[must_use]
    pub fn with_max_time_per_move(mut self, max_time_per_move: Option<Duration>) -> Self {
        self.max_time_per_move = max_time_per_move;
        self
    }

    /// Sets [`resign_below`](Self::resign_below).
    #[must_use]
    pub fn with_resign_below(mut self, resign_below: f32) -> Self {
        self.resign_below = resign_below;
        self
    }

    /// Sets [`resign_min_playouts`](Self::resign_min_playouts).
    #[must_use]
    pub fn with_resign_min_playouts(mut self, resign_min_playouts: u64) -> Self {
        self.resign_min_playouts = resign_min_playouts;
        self
    }

    /// Sets [`reuse_tree`](Self::reuse_tree).
    #[must_use]
    pub fn with_reuse_tree(mut self, reuse_tree: bool) -> Self {
        self.reuse_tree = reuse_tree;
        self
    }
}

/// GTP-style time settings: main time, then `byoyomi` for every
/// `byoyomi_stones` moves (0 stones: no byo-yomi).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
struct Clock {
    main: Duration,
    byoyomi: Duration,
    byoyomi_stones: u32,
    /// Time and stones left per colour, from `time_left`.
    left: ByColor<Option<(Duration, u32)>>,
}

/// The position at the root of the search tree.
#[derive(Clone, Debug, PartialEq)]
struct TreeRoot {
    /// The game moves that led to it.
    history: Vec<(Color, Move)>,
    /// The side to move there.
    to_play: Color,
    komi: f32,
}

/// A Go player on the Monte-Carlo search.
///
/// ```
/// use go_board::{Board, Color, Move};
/// use go_mcts::go::{Decision, GoPlayer, PlayerOptions};
/// use go_mcts::Budget;
///
/// let mut player = GoPlayer::new(
///     PlayerOptions::default()
///         .with_playouts_per_move(Some(2_000))
///         .with_max_time_per_move(None),
/// );
/// let board = Board::new(9)?;
/// let Decision::Move(Move::Play(p)) = player.genmove(&board, Color::Black, 7.0) else {
///     panic!("an empty board has moves");
/// };
/// assert!(board.is_legal(Color::Black, p));
/// # Ok::<(), go_board::SizeError>(())
/// ```
#[derive(Debug)]
pub struct GoPlayer {
    options: PlayerOptions,
    search: Search<GoState, GoPlayout, GoExpander>,
    /// The position at the tree's root.
    root: Option<TreeRoot>,
    clock: Option<Clock>,
    last: Option<SearchResult<Move>>,
}

impl GoPlayer {
    /// A player with these options.
    #[must_use]
    pub fn new(options: PlayerOptions) -> GoPlayer {
        let search = Search::new(
            options.search.clone(),
            GoPlayout::new(options.policy)
                .with_evaluation(options.evaluation.clone())
                .with_ownership(),
            GoExpander::new(options.priors).with_learned(options.learned.clone()),
        );
        GoPlayer {
            options,
            search,
            root: None,
            clock: None,
            last: None,
        }
    }

    /// The options.
    #[must_use]
    pub fn options(&self) -> &PlayerOptions {
        &self.options
    }

    /// The result of the last search.
    #[must_use]
    pub fn last_result(&self) -> Option<&SearchResult<Move>> {
        self.last.as_ref()
    }

    /// Ownership statistics of the last search.
    #[must_use]
    pub fn ownership(&self) -> Ownership {
        self.search.playout().ownership()
    }

    /// GTP `time_settings`: main time, byo-yomi time per `stones` moves.
    pub fn set_time_settings(&mut self, main: Duration, byoyomi: Duration, stones: u32) {
        self.clock = if main.is_zero() && byoyomi.is_zero() && stones == 0 {
            // GTP: 0 0 0 means no time limits... but byo-yomi time 0 with
            // stones > 0 means no limit too; keep the per-move cap only.
            None
        } else {
            Some(Clock {
                main,
                byoyomi,
                byoyomi_stones: stones,
                left: ByColor::default(),
            })
        };
    }

    /// GTP `time_left`: time left for `color` and stones left in the
    /// byo-yomi period (0 in main time).
    pub fn set_time_left(&mut self, color: Color, left: Duration, stones: u32) {
        if let Some(clock) = &mut self.clock {
            clock.left[color] = Some((left, stones));
        }
    }

    /// The time to spend on a move on `board`.
    #[must_use]
    pub fn time_for_move(&self, board: &Board, color: Color) -> Option<Duration> {
        let cap = self.options.max_time_per_move;
        let Some(clock) = self.clock else {
            return cap;
        };
        let (left, stones) = clock.left[color].unwrap_or((clock.main, 0));
        let planned = if stones > 0 {
            // Byo-yomi: share the period's time over its stones.
            left.mul_f64(0.85) / stones
        } else {
            // Main time: spread over the moves likely left, keeping the
            // byo-yomi for later.
            let moves_left = (board.empty_points().len() as u32 / 3).max(10);
            let extra = if clock.byoyomi_stones > 0 {
                clock.byoyomi / clock.byoyomi_stones
            } else {
                Duration::ZERO
            };
            left / moves_left + extra.mul_f64(0.8)
        };
        let planned = planned.max(Duration::from_millis(20));
        Some(cap.map_or(planned, |c| c.min(planned)))
    }

    /// Searches the position of `board` for `color` within `budget`,
    /// reusing the tree when the game went on from the last search.
    pub fn analyze(
        &mut self,
        board: &Board,
        color: Color,
        komi: f32,
        budget: Budget,
    ) -> SearchResult<Move> {
        let history: Vec<(Color, Move)> = board.moves().collect();
        self.reuse_or_clear(&history, color, komi);
        let mut position = board.clone();
        position.set_to_play(color);
        let state = GoState::new(&position, komi);
        self.search.playout().reset_ownership();
        let result = self.search.run(&state, budget);
        self.root = Some(TreeRoot {
            history,
            to_play: color,
            komi,
        });
        self.last = Some(result.clone());
        result
    }

    fn reuse_or_clear(&mut self, history: &[(Color, Move)], color: Color, komi: f32) {
        let reused = match &self.root {
            Some(TreeRoot {
                history: old,
                to_play: old_color,
                komi: old_komi,
            }) if self.options.reuse_tree
                && *old_komi == komi
                && history.len() >= old.len()
                && history[..old.len()] == old[..] =>
            {
                let extra = &history[old.len()..];
                let mut expected = *old_color;
                let alternating = extra.iter().all(|&(c, _)| {
                    let ok = c == expected;
                    expected = c.opposite();
                    ok
                }) && expected == color;
                alternating && {
                    let moves: Vec<Move> = extra.iter().map(|&(_, m)| m).collect();
                    self.search.advance(&moves)
                }
            }
            _ => false,
        };
        if !reused {
            self.search.clear();
        }
    }

    /// Chooses a move for `color` on `board` (GTP `genmove`).
    pub fn genmove(&mut self, board: &Board, color: Color, komi: f32) -> Decision {
        let budget = Budget {
            playouts: self.options.playouts_per_move,
            time: self.time_for_move(board, color),
        };
        let result = self.analyze(board, color, komi, budget);
        let Some(best) = result.best else {
            return Decision::Move(Move::Pass);
        };
        if self.options.resign_below > 0.0
            && result.value < self.options.resign_below
            && result.root_visits as u64 >= self.options.resign_min_playouts
        {
            return Decision::Resign;
        }
        if self.should_pass(board, color, &result) {
            return Decision::Move(Move::Pass);
        }
        // The search plays simple ko; the game may have stricter rules.
        let legal = |m: Move| match m {
            Move::Play(p) => board.is_legal(color, p),
            Move::Pass => true,
        };
        if legal(best) {
            return Decision::Move(best);
        }
        Decision::Move(
            result
                .moves
                .iter()
                .map(|m| m.mv)
                .find(|&m| legal(m))
                .unwrap_or(Move::Pass),
        )
    }

    /// Whether the game is decided in `color`'s favour, so that playing on
    /// is pointless: the search wins often enough, every point is settled
    /// (owned by one side in at least 90 % of the playouts), the best move
    /// would only fill `color`'s own area, and the count of the board as
    /// it stands (dead stones removed by ownership) wins.
    fn should_pass(&self, board: &Board, color: Color, result: &SearchResult<Move>) -> bool {
        if result.value < self.options.pass_when_won_above {
            return false;
        }
        let Some(Move::Play(best)) = result.best else {
            return false;
        };
        let own = self.ownership();
        if own.playouts == 0 || own.balance(color, best) < 0.8 {
            return false;
        }
        let settled = board
            .geometry()
            .points()
            .iter()
            .all(|&p| own.balance(color, p).abs() >= 0.8);
        settled && self.estimated_score(board, result_komi(self.root.as_ref())) * sign(color) > 0.0
    }

    /// Stones that the playouts of the last search mostly lost (the
    /// search is run first if there is none for this position).
    pub fn dead_stones(&mut self, board: &Board, komi: f32) -> PointSet {
        self.ensure_ownership(board, komi);
        let own = self.ownership();
        let mut dead = PointSet::new();
        for &p in board.geometry().points() {
            if let Some(c) = board.color_at(p) {
                if own.balance(c, p) < -0.3 {
                    dead.insert(p);
                }
            }
        }
        dead
    }

    /// The final score from ownership (Black minus White minus komi):
    /// every point counts for the side that owned it in most playouts.
    pub fn final_score(&mut self, board: &Board, komi: f32) -> f32 {
        self.ensure_ownership(board, komi);
        self.estimated_score(board, komi)
    }

    fn estimated_score(&self, board: &Board, komi: f32) -> f32 {
        let own = self.ownership();
        let mut score = -komi;
        for &p in board.geometry().points() {
            let b = own.balance(Color::Black, p);
            if b > 0.0 {
                score += 1.0;
            } else if b < 0.0 {
                score -= 1.0;
            }
        }
        score
    }

    fn ensure_ownership(&mut self, board: &Board, komi: f32) {
        let history: Vec<(Color, Move)> = board.moves().collect();
        let fresh = self.root.as_ref().is_some_and(|r| {
            r.history == history && r.to_play == board.to_play() && r.komi == komi
        });
        if !fresh || self.ownership().playouts < 1000 {
            let budget =
                Budget::playouts(self.options.playouts_per_move.unwrap_or(20_000).max(5_000))
                    .with_time(
                        self.options
                            .max_time_per_move
                            .unwrap_or(Duration::from_secs(2)),
                    );
            let _ = self.analyze(board, board.to_play(), komi, budget);
        }
    }

    /// The point-by-point owner estimate: `Some(color)` when a side owned
    /// the point in more than `threshold` of the playouts.
    #[must_use]
    pub fn owner(&self, p: Point, threshold: f32) -> Option<Color> {
        let own = self.ownership();
        if own.black_share(p) > threshold {
            Some(Color::Black)
        } else if own.white_share(p) > threshold {
            Some(Color::White)
        } else {
            None
        }
    }
}

fn result_komi(root: Option<&TreeRoot>) -> f32 {
    root.map_or(7.0, |r| r.komi)
}

fn sign(color: Color) -> f32 {
    if color == Color::Black { 1.0 } else { -1.0 }
}
