//! Class s (Vilà 2004, §4.3.6): the search over the race with the
//! evaluation function of classes p and e, and the answer at the root.

use std::time::Instant;

use go_board::{Board, Color, Point};
use go_search::tactics::KoFight;
use go_search::{
    AlphaBeta, AlphaBetaOptions, DfpnOptions, DrawAs, Evaluator, Goal, Player, SearchLimits,
    StopReason, Value, Verdict as GoalVerdict,
};

use crate::class_e::BiggerEye;
use crate::evaluate::{EvalOptions, Heuristics, Judge};
use crate::game::{GameOptions, RaceGame, RaceMove, ko_master, player_of};
use crate::movegen::Reach;
use crate::{
    BestMove, Certainty, DecidedBy, KoKind, SemeaiError, SemeaiResult, SemeaiStats, Status,
};

/// Which of go-search's engines the solver runs on. Named apart from
/// `go_gtp::Engine`, the GTP engine that serves this crate's commands.
///
/// ```
/// use go_semeai::{SearchEngine, SolverOptions};
/// assert_eq!(SearchEngine::default(), SearchEngine::AlphaBeta);
/// assert_eq!(SolverOptions::default().engine, SearchEngine::Hybrid);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SearchEngine {
    /// go-search's alpha-beta with transposition table, killer moves and
    /// the history heuristic (the thesis's TAIL `GenericAlphaBeta`).
    #[default]
    AlphaBeta,
    /// go-search's df-pn: one proof search for "the side to move wins" and
    /// one for "it does not lose".
    Dfpn,
    /// Alpha-beta, then df-pn on what alpha-beta left unknown.
    Hybrid,
}

/// The old name of [`SearchEngine`], which clashed with `go_gtp::Engine`.
#[deprecated(since = "0.2.0", note = "renamed `SearchEngine`")]
pub type Engine = SearchEngine;

/// Which method the [`Solver`] follows: the thesis's, or this crate's.
///
/// ```
/// use go_semeai::{Profile, SolverOptions};
/// assert_eq!(Profile::default(), Profile::Default);
/// assert_eq!(SolverOptions::from(Profile::Thesis), SolverOptions::thesis());
/// assert_eq!(SolverOptions::thesis().profile(), Profile::Thesis);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Profile {
    /// Vilà's Semeai-01ES as published (2004): alpha-beta alone, 10,000
    /// nodes a search, the heuristics H0–H5. Class e reads its tables
    /// as printed: an eye holding enemy stones gives Table 4.1's liberties
    /// less the stones inside, an unsettled eye is counted as Table 4.5
    /// says, the bigger of two eyes is the one with more points (Table
    /// 4.7), and a position the gate refuses (Table 4.4) is always
    /// searched. The move generator is Table 4.9's: the liberties of
    /// neighbouring blocks count up to two liberties. The root is only
    /// searched with the side to move playing, so the answer never says
    /// passing is as good; kos are read under the simple ko rule, neither
    /// side having threats, and never graded as good or bad.
    Thesis,
    /// This crate's solver: the thesis's method, and besides it asks whether
    /// passing is as good as playing, grades kos by searching again with
    /// each side as ko master, lets the vital point of an unsettled eye
    /// correct class e's counts, counts an eye holding stones by its own
    /// little game, prefers a move at a settled root that puts no own
    /// stones in atari, leaves out moves that join own stones into atari,
    /// judges statically more positions whose verdict cannot change (a
    /// refusal of the gate that only helps the winner, an eye whose fate
    /// does not matter), generates the liberties of neighbours with three
    /// liberties too, and searches with the alpha-beta and df-pn hybrid.
    #[default]
    Default,
}

/// Options of the [`Solver`]: a [`Profile`] and the knobs that may be
/// turned on top of it.
///
/// ```
/// use go_semeai::{Heuristics, Profile, SolverOptions};
/// let thesis = SolverOptions::thesis();
/// assert_eq!(thesis.nodes, 10_000);
/// assert_eq!(thesis.profile(), Profile::Thesis);
/// let fast = SolverOptions::default().with_nodes(1_000).with_heuristics(Heuristics::NONE);
/// assert_eq!(fast.profile(), Profile::Default);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SolverOptions {
    /// Node budget of each search (the thesis: 10,000).
    pub nodes: u64,
    /// The heuristics H0–H3 of class s.
    pub heuristics: Heuristics,
    /// The search engine.
    pub engine: SearchEngine,
    /// With [`SearchEngine::Hybrid`], alpha-beta's share of the hybrid's two
    /// budgets (`2 × nodes` in all), in percent of `nodes` (0..=200; more
    /// counts as 200). df-pn gets the rest when alpha-beta leaves the race
    /// unknown; a share of 0 or 200 runs only one of them, 100 is the even
    /// split. The default, 30, gives df-pn the larger part: on deep,
    /// narrow races df-pn proves more than alpha-beta within the same
    /// nodes, while the races alpha-beta decides it mostly decides early.
    pub alphabeta_share: u8,
    /// At the root of each search, do not let class e count an unsettled
    /// eye that holds enemy stones and whose shape can hold a ko: search
    /// it (the tables know nothing of kos). If the search cannot decide
    /// within the budget, the tables' verdict is the answer.
    pub search_ko_eyes: bool,
    /// "The opponent's vital point is my vital point": when the root is
    /// won by playing and the opponent, moving first, would live or win
    /// with its best move, play that move instead of the search's own
    /// winning move if a search after it proves it wins too (surely, kos
    /// included). Of several winning moves this one takes the opponent's
    /// best try away, so the answer does not depend on the rest of the
    /// search being right. Only a point of the race counts (a liberty of
    /// either essential block), and a move capturing the other block at
    /// once is kept. Needs the pass search at the root of
    /// [`Profile::Default`].
    pub take_vital_point: bool,
    /// Which of two killable eyes class e takes as the bigger one, whose
    /// owner the shared liberties count for (Table 4.7). The thesis
    /// compares sizes in points ([`BiggerEye::Points`]);
    /// [`BiggerEye::PointsAndLiberties`] also asks the bigger of two big
    /// eyes to give at least as many liberties: a six-point eye holding two
    /// enemy stones (5 liberties) against a five-point eye holding two (6)
    /// then races as eyes of one size, as it does on the board.
    pub bigger_eye: BiggerEye,
    /// Class e takes a big eye (four points or more) holding enemy stones
    /// for a small eye (Müller status 1) when its owner gains nothing by
    /// capturing them: its exact count (the eye's own game) is the same
    /// when the owner never captures inside. The bigger eye wins the
    /// shared liberties (Table 4.7, Hunter) because its owner, once the eye
    /// is filled, captures and grows an eye back; such an eye grows
    /// nothing back and is only its liberties (the 2×2 corner eye holding
    /// two diagonal enemy stones: one liberty, seki against a one-point eye
    /// and a shared liberty).
    pub big_eyes_regrow: bool,
    /// The method the rest follows.
    profile: Profile,
}

impl SolverOptions {
    /// The thesis's module as published ([`Profile::Thesis`]): alpha-beta,
    /// 10,000 nodes, every heuristic, the tables as printed.
    ///
    /// ```
    /// use go_semeai::{BiggerEye, SearchEngine, SolverOptions};
    /// let thesis = SolverOptions::thesis();
    /// assert_eq!(thesis.engine, SearchEngine::AlphaBeta);
    /// assert_eq!(thesis.bigger_eye, BiggerEye::Points);
    /// ```
    #[must_use]
    pub fn thesis() -> SolverOptions {
        SolverOptions {
            nodes: 10_000,
            heuristics: Heuristics::default(),
            engine: SearchEngine::AlphaBeta,
            alphabeta_share: 100,
            search_ko_eyes: false,
            take_vital_point: false,
            bigger_eye: BiggerEye::Points,
            big_eyes_regrow: false,
            profile: Profile::Thesis,
        }
    }

    /// The method these options follow.
    ///
    /// ```
    /// use go_semeai::{Profile, SolverOptions};
    /// assert_eq!(SolverOptions::default().profile(), Profile::Default);
    /// ```
    #[must_use]
    pub fn profile(&self) -> Profile {
        self.profile
    }

    /// Sets the node budget.
    ///
    /// ```
    /// use go_semeai::SolverOptions;
    /// assert_eq!(SolverOptions::default().with_nodes(1_000).nodes, 1_000);
    /// ```
    #[must_use]
    pub fn with_nodes(mut self, nodes: u64) -> SolverOptions {
        self.nodes = nodes;
        self
    }

    /// Sets [`heuristics`](Self::heuristics).
    ///
    /// ```
    /// use go_semeai::{Heuristics, SolverOptions};
    /// let options = SolverOptions::default().with_heuristics(Heuristics::NONE);
    /// assert_eq!(options.heuristics, Heuristics::NONE);
    /// ```
    #[must_use]
    pub fn with_heuristics(mut self, heuristics: Heuristics) -> Self {
        self.heuristics = heuristics;
        self
    }

    /// Sets [`engine`](Self::engine).
    ///
    /// ```
    /// use go_semeai::{SearchEngine, SolverOptions};
    /// assert_eq!(SolverOptions::default().with_engine(SearchEngine::Dfpn).engine, SearchEngine::Dfpn);
    /// ```
    #[must_use]
    pub fn with_engine(mut self, engine: SearchEngine) -> Self {
        self.engine = engine;
        self
    }

    /// Sets [`alphabeta_share`](Self::alphabeta_share).
    ///
    /// ```
    /// use go_semeai::SolverOptions;
    /// assert_eq!(SolverOptions::default().with_alphabeta_share(50).alphabeta_share, 50);
    /// ```
    #[must_use]
    pub fn with_alphabeta_share(mut self, share: u8) -> Self {
        self.alphabeta_share = share;
        self
    }

    /// Sets [`search_ko_eyes`](Self::search_ko_eyes).
    ///
    /// ```
    /// use go_semeai::SolverOptions;
    /// assert!(!SolverOptions::default().with_search_ko_eyes(false).search_ko_eyes);
    /// ```
    #[must_use]
    pub fn with_search_ko_eyes(mut self, search_ko_eyes: bool) -> Self {
        self.search_ko_eyes = search_ko_eyes;
        self
    }

    /// Sets [`take_vital_point`](Self::take_vital_point).
    ///
    /// ```
    /// use go_semeai::SolverOptions;
    /// assert!(!SolverOptions::default().with_take_vital_point(false).take_vital_point);
    /// ```
    #[must_use]
    pub fn with_take_vital_point(mut self, take_vital_point: bool) -> Self {
        self.take_vital_point = take_vital_point;
        self
    }

    /// Sets [`bigger_eye`](Self::bigger_eye).
    ///
    /// ```
    /// use go_semeai::{BiggerEye, SolverOptions};
    /// let options = SolverOptions::default().with_bigger_eye(BiggerEye::Points);
    /// assert_eq!(options.bigger_eye, BiggerEye::Points);
    /// ```
    #[must_use]
    pub fn with_bigger_eye(mut self, bigger_eye: BiggerEye) -> Self {
        self.bigger_eye = bigger_eye;
        self
    }

    /// Sets [`big_eyes_regrow`](Self::big_eyes_regrow).
    ///
    /// ```
    /// use go_semeai::SolverOptions;
    /// assert!(!SolverOptions::default().with_big_eyes_regrow(false).big_eyes_regrow);
    /// ```
    #[must_use]
    pub fn with_big_eyes_regrow(mut self, big_eyes_regrow: bool) -> Self {
        self.big_eyes_regrow = big_eyes_regrow;
        self
    }

    /// Whether this crate's additions to the thesis's method apply.
    fn ours(&self) -> bool {
        self.profile == Profile::Default
    }

    /// Whether the root is searched with the opponent to move too, so that
    /// passing is chosen when it is as good (the thesis's future work).
    fn asks_pass(&self) -> bool {
        self.ours()
    }

    /// Whether a race in which a ko appeared is searched again with each
    /// side allowed to retake kos at once (endless threats), to report good
    /// and bad kos.
    fn grades_kos(&self) -> bool {
        self.ours()
    }

    /// Whether, when class e settles the root with a move, a move that puts
    /// no own stones in atari (outside liberties, then shared ones) is
    /// preferred to Table 4.8's if the position after it keeps the status.
    fn checks_root_move(&self) -> bool {
        self.ours()
    }

    fn eval(&self) -> EvalOptions {
        let ours = self.ours();
        EvalOptions {
            heuristics: self.heuristics,
            unsettled_correction: ours,
            exact_eye_liberties: ours,
            ko_eyes_unjudged: false,
            one_sided: ours,
            bounded_eyes: ours,
            ko: KoFight::default(),
            own_stone_eyes: ours,
            plain_ko_counts: ours,
            bigger_eye: self.bigger_eye,
            big_eyes_regrow: self.big_eyes_regrow,
        }
    }
}

impl From<Profile> for SolverOptions {
    /// The options of a profile, its knobs as it sets them.
    fn from(profile: Profile) -> Self {
        match profile {
            Profile::Thesis => SolverOptions::thesis(),
            Profile::Default => SolverOptions::default(),
        }
    }
}

impl Default for SolverOptions {
    /// [`Profile::Default`]: the hybrid engine, every knob on.
    fn default() -> Self {
        SolverOptions {
            engine: SearchEngine::Hybrid,
            alphabeta_share: 30,
            search_ko_eyes: true,
            take_vital_point: true,
            bigger_eye: BiggerEye::PointsAndLiberties,
            big_eyes_regrow: true,
            profile: Profile::Default,
            ..SolverOptions::thesis()
        }
    }
}

/// The capturing-race solver.
///
/// ```
/// use go_board::Board;
/// use go_semeai::{Solver, SolverOptions, Status};
/// let board = Board::from_diagram(
///     ". . . O X . . .
///      X X X O X O O O
///      O O O O X O . .
///      X X X X X O . .
///      . . . . . O . .",
/// )?;
/// let solver = Solver::new(SolverOptions::default());
/// // White's block A3-D5 has one liberty, C5, shared with Black's block A4-C4.
/// let r = solver.solve(&board, "B3".parse()?, "A4".parse()?)?;
/// assert_eq!(r.status_if_play, Status::Loser);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Solver {
    options: SolverOptions,
}

/// Solves the race between the blocks at `a` and `b` with the side of `a`
/// to move, with the default [`SolverOptions`].
///
/// # Errors
/// [`SemeaiError`] when a point is off the board or empty, both hold stones
/// of one colour, or the blocks are in no race (neither adjacent nor with a
/// liberty in common: [`SemeaiError::Unrelated`]).
///
/// ```
/// use go_board::Board;
/// use go_semeai::{Status, solve};
/// let board = Board::from_diagram(
///     ". . . O X . . .
///      X X X O X O O O
///      O O O O X O . .
///      X X X X X O . .
///      . . . . . O . .",
/// )?;
/// let r = solve(&board, "A4".parse()?, "B3".parse()?)?;
/// assert_eq!(r.status_if_play, Status::Winner);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve(board: &Board, a: Point, b: Point) -> Result<SemeaiResult, SemeaiError> {
    Solver::default().solve(board, a, b)
}

/// The colour of `a`'s block, if `a` and `b` name blocks of opposite
/// colours in a race: adjacent, or with a liberty in common.
fn check_race(board: &Board, a: Point, b: Point) -> Result<Color, SemeaiError> {
    let geo = board.geometry();
    for p in [a, b] {
        if !geo.contains(p) {
            return Err(SemeaiError::OffBoard(p));
        }
    }
    let ca = board.color_at(a).ok_or(SemeaiError::Empty(a))?;
    let cb = board.color_at(b).ok_or(SemeaiError::Empty(b))?;
    if ca == cb {
        return Err(SemeaiError::SameColor(a, b));
    }
    let adjacent = board
        .adjacent_blocks(a)
        .contains(&board.anchor(b).unwrap_or(b));
    if !adjacent && board.common_liberties(a, b).is_empty() {
        return Err(SemeaiError::Unrelated(a, b));
    }
    Ok(ca)
}

/// What one search found for its side to move.
#[derive(Clone, Debug)]
struct Found {
    status: Status,
    best: Option<RaceMove>,
    pv: Vec<RaceMove>,
    /// A ko was taken somewhere in the search.
    saw_ko: bool,
}

/// Simple ko, suicide illegal: GNU Go's rules, under which the races are
/// read.
fn local_rules(board: &mut Board) {
    let rules = go_board::Rules {
        ko: go_board::KoRule::Simple,
        suicide: go_board::SuicideRule::Illegal,
        ..*board.rules()
    };
    board.set_rules(rules);
}

/// The hybrid's budgets: alpha-beta gets `share` percent of `nodes`
/// (at most 200), df-pn the rest of `2 × nodes`.
fn hybrid_split(nodes: u64, share: u8) -> (u64, u64) {
    let total = nodes.saturating_mul(2);
    let share = u128::from(nodes) * u128::from(share.min(200)) / 100;
    let first = u64::try_from(share).map_or(total, |f| f.min(total));
    (first, total - first)
}

/// The longest line a df-pn search of the race reads.
const PV_LENGTH: usize = 64;

/// The line behind a df-pn search's move: its principal variation when that
/// starts with the move, else the move alone (none without a move).
fn answer_line(best: Option<RaceMove>, pv: Vec<RaceMove>) -> Vec<RaceMove> {
    match best {
        Some(m) if pv.first() == Some(&m) => pv,
        other => other.into_iter().collect(),
    }
}

/// Alpha-beta on the race with `nodes` nodes.
fn alphabeta(game: &mut RaceGame, nodes: u64, stats: &mut SemeaiStats) -> Found {
    let limits = SearchLimits::default().with_nodes(nodes);
    let mut engine = AlphaBeta::new(
        AlphaBetaOptions::default()
            .with_limits(limits)
            .with_tt_bits(16),
    );
    let r = engine.search(game, &LibertyBalance);
    stats.nodes += r.stats.nodes;
    stats.depth = stats.depth.max(r.stats.depth);
    let status = match r.stop {
        StopReason::Proved => Status::Winner,
        StopReason::Disproved => Status::Loser,
        StopReason::Drawn => Status::Seki,
        _ => Status::Unknown,
    };
    Found {
        status,
        best: r.best_move,
        pv: r.pv,
        saw_ko: false,
    }
}

/// df-pn on the race: "the side to move wins", then "it does not lose",
/// with `evaluations` positions evaluated at most over both (df-pn's own
/// node count is of expanded nodes, each of which evaluates all its
/// children: positions evaluated are what alpha-beta's nodes count).
fn dfpn(game: &mut RaceGame, to_play: Color, evaluations: u64, stats: &mut SemeaiStats) -> Found {
    let goal = RaceGoal {
        attacker: player_of(to_play),
    };
    let start = game.counters.evaluations.get();
    let run = |game: &mut RaceGame, draws: DrawAs, limit: u64| {
        let stop = game.set_evaluation_limit(limit);
        let limits = SearchLimits::default()
            .with_nodes(limit.max(1))
            .with_stop_flag(stop);
        // The line is read apart from the search, its evaluations uncounted:
        // they would eat into the second search's budget.
        let mut engine = go_search::Dfpn::new(
            DfpnOptions::default()
                .with_limits(limits)
                .with_draws(draws)
                .with_tt_bits(16)
                .with_pv_length(0),
        );
        let mut r = engine.solve(game, &goal);
        game.clear_evaluation_limit();
        if r.stop.is_solved() {
            let counted = game.counters.snapshot();
            r.pv = engine.principal_variation(game, &goal, PV_LENGTH);
            game.counters.restore(counted);
        }
        r
    };
    let w = run(game, DrawAs::Disproof, evaluations);
    stats.depth = stats.depth.max(w.stats.depth);
    let found = if w.is_proved() {
        Found {
            status: Status::Winner,
            best: w.best_move,
            pv: answer_line(w.best_move, w.pv),
            saw_ko: false,
        }
    } else {
        let used = game.counters.evaluations.get() - start;
        let left = evaluations.saturating_sub(used).max(evaluations / 4);
        let h = run(game, DrawAs::Proof, left);
        stats.depth = stats.depth.max(h.stats.depth);
        let status = match (w.is_disproved(), h.is_proved(), h.is_disproved()) {
            (true, true, _) => Status::Seki,
            (_, _, true) => Status::Loser,
            _ => Status::Unknown,
        };
        Found {
            status,
            best: h.best_move,
            pv: answer_line(h.best_move, h.pv),
            saw_ko: false,
        }
    };
    stats.nodes += game.counters.evaluations.get() - start;
    found
}

/// How surely a goal is reached when the plain search (`plain`, nobody
/// may retake a ko at once) saw a ko: `Sure` if it holds with the
/// opponent as ko master (`theirs`), `GoodKo` if only without, `BadKo`
/// if only with the side to move as ko master (`ours`). When the
/// opponent-master search cannot decide within the budget, the ko is not
/// shown to matter: the plain search's result is taken as sure.
fn grade_ko(
    goal: &dyn Fn(Status) -> bool,
    plain: &Found,
    theirs: &Found,
    ours: Option<&Found>,
) -> (Certainty, Option<RaceMove>) {
    if goal(theirs.status) {
        (Certainty::Sure, theirs.best)
    } else if !theirs.status.is_known() && goal(plain.status) {
        (Certainty::Sure, plain.best)
    } else if goal(plain.status) {
        (Certainty::GoodKo, plain.best)
    } else if let Some(o) = ours.filter(|o| goal(o.status)) {
        (Certainty::BadKo, o.best)
    } else if [Some(theirs), Some(plain), ours]
        .into_iter()
        .flatten()
        .any(|f| !f.status.is_known())
    {
        (Certainty::Unknown, plain.best)
    } else {
        (Certainty::No, None)
    }
}

/// Whether the opponent's best move `vital` should replace our winning
/// move `best` ([`SolverOptions::take_vital_point`]): `vital` is a point
/// of the race (a liberty of either essential block) and `best` does not
/// capture the other essential block at once (nothing is left to take
/// away then).
fn takes_vital_point(
    root: &Board,
    a: Point,
    b: Point,
    best: Option<RaceMove>,
    vital: Point,
) -> bool {
    let in_race = root.liberties(a).contains(vital) || root.liberties(b).contains(vital);
    let captures = match best {
        Some(RaceMove::Play(p)) => {
            let mut after = root.clone();
            after.play(root.to_play(), p).is_ok() && after.color_at(b).is_none()
        }
        _ => false,
    };
    in_race && !captures
}

/// `Sure` or `No`.
fn sure_if(yes: bool) -> Certainty {
    if yes { Certainty::Sure } else { Certainty::No }
}

/// How surely `status` (exact or not) reaches a goal.
fn certainty(status: Status, goal: impl Fn(Status) -> bool) -> Certainty {
    if !status.is_known() {
        Certainty::Unknown
    } else {
        sure_if(goal(status))
    }
}

fn board_move(m: RaceMove) -> go_board::Move {
    match m {
        RaceMove::Play(p) => go_board::Move::Play(p),
        RaceMove::Pass => go_board::Move::Pass,
    }
}

/// The alpha-beta horizon: liberties of the side to move against the other's.
struct LibertyBalance;

impl Evaluator<RaceGame> for LibertyBalance {
    fn evaluate(&self, game: &RaceGame) -> Value {
        let node = game.node();
        let mine = node.race.player.num_liberties() as i32;
        let theirs = node.race.other.num_liberties() as i32;
        Value::new(10 * (mine - theirs))
    }
}

/// The goal "the side `attacker` wins the race" read from the game's outcome.
struct RaceGoal {
    attacker: Player,
}

impl Goal<RaceGame> for RaceGoal {
    fn attacker(&self) -> Player {
        self.attacker
    }

    fn verdict(&self, game: &RaceGame) -> Option<GoalVerdict> {
        use go_search::Game;
        game.outcome()
            .map(|o| GoalVerdict::from_outcome(o, self.attacker))
    }
}

impl Solver {
    /// A solver with these options.
    ///
    /// ```
    /// use go_semeai::{Solver, SolverOptions};
    /// let solver = Solver::new(SolverOptions::thesis());
    /// assert_eq!(solver.options().nodes, 10_000);
    /// ```
    #[must_use]
    pub fn new(options: SolverOptions) -> Solver {
        Solver { options }
    }

    /// The options.
    ///
    /// ```
    /// use go_semeai::{Profile, Solver};
    /// assert_eq!(Solver::default().options().profile(), Profile::Default);
    /// ```
    #[must_use]
    pub fn options(&self) -> &SolverOptions {
        &self.options
    }

    /// Solves the race between the block at `a` and the block at `b`, the
    /// side of `a` to move: its status if it plays and if it passes, and
    /// what to do.
    ///
    /// # Errors
    /// [`SemeaiError`] when a point is off the board or empty, both hold stones
    /// of one colour, or the blocks are in no race (neither adjacent nor with a
    /// liberty in common: [`SemeaiError::Unrelated`]).
    ///
    /// ```
    /// use go_board::Board;
    /// use go_semeai::{BestMove, Solver, Status};
    /// // Black's corner block has one liberty, its eye at A2; White can
    /// // capture it whenever it likes, so it passes.
    /// let board = Board::from_diagram(
    ///     ". . . . .
    ///      O O O . .
    ///      X X O . .
    ///      . X O . .
    ///      X X O . .",
    /// )?;
    /// let r = Solver::default().solve(&board, "C3".parse()?, "A3".parse()?)?;
    /// assert_eq!(r.status_if_play, Status::Winner);
    /// assert_eq!(r.status_if_pass, Status::Winner);
    /// assert_eq!(r.decision, BestMove::Pass);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve(&self, board: &Board, a: Point, b: Point) -> Result<SemeaiResult, SemeaiError> {
        let start = Instant::now();
        let ca = check_race(board, a, b)?;
        let stats = SemeaiStats::default();

        // The root with a's side to move, read with simple ko and suicide
        // illegal whatever the board's rules (superko would forbid every
        // ko recapture a search tries).
        let mut root = board.clone();
        local_rules(&mut root);
        if root.to_play() != ca {
            root.set_to_play(ca);
        }
        // The evaluation at the root, counting every eye.
        let tables_only = Solver::new(SolverOptions {
            search_ko_eyes: false,
            ..self.options
        });
        let game = RaceGame::new(
            root.clone(),
            a,
            b,
            0,
            tables_only.game_options(KoFight::default()),
        );
        let node = game.node();
        if let Some(j) = node.judged.filter(|j| j.verdict.if_pass.is_known()) {
            // Settled statically: class 0, class e or a sure heuristic;
            // unless the tables advise a pass (a lost race included) while
            // an eye with enemy stones can hold a ko: then search, the
            // tables' verdict standing if the search cannot decide (a side
            // the tables call lost may still get a ko there).
            let ko_prone = self.options.search_ko_eyes
                && !j.verdict.must_play()
                && RaceGame::new(root.clone(), a, b, 0, self.game_options(KoFight::default()))
                    .node()
                    .judged
                    .is_none();
            if !ko_prone {
                return Ok(self.static_result(&root, a, b, &node, j, stats, start));
            }
            return Ok(self.searched(&root, a, b, Some(node), stats, start));
        }
        Ok(tables_only.searched(&root, a, b, None, stats, start))
    }

    /// The search at a root the evaluation does not settle (`tables`: its
    /// verdict when it would, the answer if the search cannot decide).
    fn searched(
        &self,
        root: &Board,
        a: Point,
        b: Point,
        tables: Option<std::rc::Rc<crate::evaluate::NodeEval>>,
        mut stats: SemeaiStats,
        start: Instant,
    ) -> SemeaiResult {
        let root = root.clone();
        let ca = root.to_play();
        let cb = ca.opposite();
        let plain = self.search(root.clone(), a, b, 0, KoFight::default(), &mut stats);
        stats.pv = plain.pv.iter().map(|&m| board_move(m)).collect();
        let mut lives = certainty(plain.status, |s| s != Status::Loser);
        let mut kills = certainty(plain.status, |s| s == Status::Winner);
        let mut best = plain.best;
        let mut ko = false;
        if self.options.grades_kos() && plain.saw_ko && plain.status.is_known() {
            // The same race when the other side, then this side, has
            // endless ko threats (may retake any ko at once).
            let theirs = self.search(root.clone(), a, b, 0, ko_master(cb), &mut stats);
            let ours = if theirs.status == Status::Winner {
                None
            } else {
                Some(self.search(root.clone(), a, b, 0, ko_master(ca), &mut stats))
            };
            let grade =
                |goal: &dyn Fn(Status) -> bool| grade_ko(goal, &plain, &theirs, ours.as_ref());
            let (l, lm) = grade(&|s| s == Status::Winner || s == Status::Seki);
            let (k, km) = grade(&|s| s == Status::Winner);
            lives = l;
            kills = k;
            ko = !matches!(l, Certainty::Sure | Certainty::No)
                || !matches!(k, Certainty::Sure | Certainty::No);
            best = if k.is_possible() { km } else { lm }.or(best);
        }
        let status_if_play = match (lives, kills) {
            (_, Certainty::Sure) => Status::Winner,
            (_, Certainty::GoodKo) | (Certainty::GoodKo, _) => Status::Ko(KoKind::Good),
            (_, Certainty::BadKo) | (Certainty::BadKo, _) => Status::Ko(KoKind::Bad),
            (Certainty::Sure, _) => Status::Seki,
            (Certainty::No, _) => Status::Loser,
            _ => Status::Unknown,
        };
        if !status_if_play.is_known()
            && let Some(node) = tables
            && let Some(j) = node.judged
        {
            return self.static_result(&root, a, b, &node, j, stats, start);
        }
        // The status if passing only matters when playing is settled.
        let mut their_best = None;
        let status_if_pass = if self.options.asks_pass() && status_if_play.is_known() {
            let mut passed = root.clone();
            passed.pass_as(ca);
            let plain_pass = self.search(passed.clone(), a, b, 0, KoFight::default(), &mut stats);
            their_best = plain_pass.best;
            let status = plain_pass.status.opponent();
            if self.options.grades_kos() && plain_pass.saw_ko && status.is_known() {
                // A ko after the pass: passing keeps the status only if it
                // holds when the opponent, now first, has endless threats.
                let worst = self
                    .search(passed, a, b, 0, ko_master(cb), &mut stats)
                    .status
                    .opponent();
                if worst == status {
                    status
                } else if worst.is_known() {
                    Status::Ko(KoKind::Bad)
                } else {
                    Status::Unknown
                }
            } else {
                status
            }
        } else {
            Status::Unknown
        };
        if self.options.take_vital_point
            && !ko
            && kills == Certainty::Sure
            && status_if_pass.is_known()
            && status_if_pass != Status::Winner
            && let Some(RaceMove::Play(vital)) = their_best
            && best != Some(RaceMove::Play(vital))
            && takes_vital_point(&root, a, b, best, vital)
            && let Some(reply) = self.wins_after(&root, a, b, vital, &mut stats)
        {
            best = Some(RaceMove::Play(vital));
            stats.pv = std::iter::once(go_board::Move::Play(vital))
                .chain(reply.iter().map(|&m| board_move(m)))
                .collect();
        }
        let decision = if self.options.asks_pass()
            && !ko
            && status_if_pass.is_known()
            && (status_if_pass == status_if_play || !status_if_play.is_known())
        {
            BestMove::Pass
        } else {
            match best {
                Some(RaceMove::Play(p)) => BestMove::Play(p),
                _ => BestMove::Pass,
            }
        };
        stats.decided_by = DecidedBy::Search;
        stats.elapsed = start.elapsed();
        SemeaiResult {
            status_if_play,
            status_if_pass,
            decision,
            lives,
            kills,
            stats,
        }
    }

    /// Whether the side to move at `root` surely wins the race by playing
    /// `p`: the search after it (with the opponent as ko master too, if it
    /// met a ko) finds the opponent lost. The opponent's line if so.
    fn wins_after(
        &self,
        root: &Board,
        a: Point,
        b: Point,
        p: Point,
        stats: &mut SemeaiStats,
    ) -> Option<Vec<RaceMove>> {
        let ca = root.to_play();
        let mut after = root.clone();
        after.play(ca, p).ok()?;
        if [a, b].iter().any(|&q| after.color_at(q).is_none()) {
            // A capture of the other essential block wins; our own
            // block cannot vanish by our move.
            return (after.color_at(a) == Some(ca)).then(Vec::new);
        }
        let reply = self.search(after.clone(), a, b, 0, KoFight::default(), stats);
        if reply.status != Status::Loser {
            return None;
        }
        let sure = !(self.options.grades_kos() && reply.saw_ko)
            || self
                .search(after, a, b, 0, ko_master(ca.opposite()), stats)
                .status
                == Status::Loser;
        sure.then_some(reply.pv)
    }

    /// The answer of a root the evaluation settles.
    #[allow(clippy::too_many_arguments)]
    fn static_result(
        &self,
        root: &Board,
        a: Point,
        b: Point,
        node: &crate::evaluate::NodeEval,
        j: crate::evaluate::Judged,
        mut stats: SemeaiStats,
        start: Instant,
    ) -> SemeaiResult {
        stats.evaluations += 1;
        stats.static_leaves += 1;
        stats.decided_by = match j.judge {
            Judge::Class0 => DecidedBy::Class0,
            Judge::ClassE => DecidedBy::ClassE,
            _ => DecidedBy::Heuristic,
        };
        let decision = match j.mv {
            Some(p) if j.verdict.must_play() => {
                if self.options.checks_root_move() {
                    BestMove::Play(self.root_move(root, a, b, node, p, j.verdict.if_play))
                } else {
                    BestMove::Play(p)
                }
            }
            _ => BestMove::Pass,
        };
        stats.elapsed = start.elapsed();
        let if_play = j.verdict.if_play;
        SemeaiResult {
            status_if_play: if_play,
            status_if_pass: j.verdict.if_pass,
            decision,
            lives: sure_if(if_play != Status::Loser),
            kills: sure_if(if_play == Status::Winner),
            stats,
        }
    }

    /// The move at a statically settled root: Table 4.8's move unless it
    /// puts own stones in atari and a quieter move (an outside liberty of
    /// the other block, a shared liberty) keeps the status `want`, as the
    /// evaluation of the position after it says.
    fn root_move(
        &self,
        board: &Board,
        a: Point,
        b: Point,
        node: &crate::evaluate::NodeEval,
        table: Point,
        want: Status,
    ) -> Point {
        let color = node.race.player.color;
        let bad = |p: Point| board.is_self_atari(color, p) && !board.would_capture(color, p);
        if !bad(table) {
            return table;
        }
        let race = &node.race;
        let mut quiet: Vec<Point> = race
            .outside(&race.other)
            .iter()
            .chain(race.shared.iter())
            .filter(|&p| !bad(p) && board.is_legal(color, p))
            .collect();
        quiet.dedup();
        let eval = self.options.eval();
        let mut counts = crate::eyecount::EyeCounts::default();
        for p in quiet {
            let mut after = board.clone();
            if after.play(color, p).is_err() {
                continue;
            }
            let keeps = if after.color_at(b) != Some(color.opposite()) {
                true
            } else {
                let reply = crate::evaluate::evaluate(&after, b, a, &eval, &mut counts);
                reply
                    .judged
                    .is_some_and(|j| j.verdict.if_play.opponent() == want)
            };
            if keeps {
                return p;
            }
        }
        table
    }

    fn game_options(&self, ko: KoFight) -> GameOptions {
        GameOptions {
            eval: self.options.eval(),
            reach: if self.options.ours() {
                Reach::Wide
            } else {
                Reach::Table
            },
            ko,
            negative: self.options.ours(),
            root_ko_eyes: self.options.search_ko_eyes,
        }
    }

    /// Searches the race on `board` for its side to move.
    fn search(
        &self,
        board: Board,
        a: Point,
        b: Point,
        passes: u32,
        ko: KoFight,
        stats: &mut SemeaiStats,
    ) -> Found {
        let to_play: Color = board.to_play();
        let mut game = RaceGame::new(board, a, b, passes, self.game_options(ko));
        stats.searches += 1;
        let budget = self.options.nodes;
        let found = match self.options.engine {
            SearchEngine::AlphaBeta => alphabeta(&mut game, budget, stats),
            SearchEngine::Dfpn => dfpn(&mut game, to_play, budget, stats),
            SearchEngine::Hybrid => {
                let (first_nodes, second_nodes) =
                    hybrid_split(budget, self.options.alphabeta_share);
                if first_nodes == 0 {
                    dfpn(&mut game, to_play, second_nodes, stats)
                } else {
                    let first = alphabeta(&mut game, first_nodes, stats);
                    if first.status.is_known() || second_nodes == 0 {
                        first
                    } else {
                        let second = dfpn(&mut game, to_play, second_nodes, stats);
                        if second.status.is_known() {
                            second
                        } else {
                            first
                        }
                    }
                }
            }
        };
        let c = &game.counters;
        stats.evaluations += c.evaluations.get();
        stats.static_leaves += c.static_leaves.get();
        for (s, h) in stats.heuristics.iter_mut().zip(&c.heuristics) {
            *s += h.get();
        }
        // A root the evaluation settles has no search move: take its own.
        let best = found
            .best
            .or_else(|| game.node().judged.and_then(|j| j.mv).map(RaceMove::Play));
        if std::env::var_os("SEMEAI_TRACE").is_some() {
            eprintln!(
                "search {} to play, passes {passes}, threats {}/{}: {} pv {}",
                to_play,
                ko.threats(Color::Black),
                ko.threats(Color::White),
                found.status,
                found
                    .pv
                    .iter()
                    .map(|&m| board_move(m).to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            );
        }
        Found {
            best,
            saw_ko: game.saw_ko.get(),
            ..found
        }
    }
}

/// What the evaluation function (classes p and e, H0–H3) says of a race
/// without searching: the gate's reasons, the class-e counts and the
/// verdict if it settles the position.
///
/// ```
/// use go_board::Board;
/// use go_semeai::{Reasons, Solver};
/// let board = Board::from_diagram(
///     ". . . O X . . .
///      X X X O X O O O
///      O O O O X O . .
///      X X X X X O . .
///      . . . . . O . .",
/// )?;
/// let report = Solver::default().inspect(&board, "A4".parse()?, "B3".parse()?)?;
/// // A5 and B5 outside, C5 shared; a White stone on A5 would be in atari.
/// assert_eq!(report.player.map(|c| c.outside), Some(2));
/// assert_eq!(report.shared, 1);
/// assert!(report.reasons.contains(Reasons::N_PLAIN_LIBS_PLAYER));
/// assert_eq!(report.verdict, None); // class e may not judge: search
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StaticReport {
    /// Why class e may not judge (empty if it may).
    pub reasons: crate::Reasons,
    /// The class-e counts of the first block, if its eyes are judged.
    pub player: Option<crate::SideCount>,
    /// The class-e counts of the second block.
    pub other: Option<crate::SideCount>,
    /// Shared liberties.
    pub shared: usize,
    /// The verdict, if the evaluation settles the position.
    pub verdict: Option<crate::StaticVerdict>,
    /// The move of the verdict.
    pub mv: Option<Point>,
    /// What settled it.
    pub decided_by: Option<DecidedBy>,
}

impl Solver {
    /// The evaluation function's view of the race between the blocks at
    /// `a` (to move) and `b`, without search.
    ///
    /// # Errors
    /// [`SemeaiError`] when a point is off the board or empty, both hold stones
    /// of one colour, or the blocks are in no race (neither adjacent nor with a
    /// liberty in common: [`SemeaiError::Unrelated`]).
    ///
    /// ```
    /// use go_board::Board;
    /// use go_semeai::{Reasons, Solver};
    /// let board = Board::from_diagram(
    ///     ". . . . .
    ///      . . . . .
    ///      X X . . .
    ///      O O X . .
    ///      . O X . .",
    /// )?;
    /// let report = Solver::default().inspect(&board, "A2".parse()?, "A3".parse()?)?;
    /// assert!(report.reasons.contains(Reasons::NOT_SURROUNDED)); // Black runs out
    /// assert_eq!(report.verdict, None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn inspect(&self, board: &Board, a: Point, b: Point) -> Result<StaticReport, SemeaiError> {
        let ca = check_race(board, a, b)?;
        let mut root = board.clone();
        local_rules(&mut root);
        root.set_to_play(ca);
        // Without H0 and H1, which settle some positions before the gate runs.
        let mut eval = self.options.eval();
        eval.heuristics.h0 = false;
        eval.heuristics.h1 = false;
        // As at the solver's root: the gate's refusals stand.
        eval.one_sided = false;
        let mut counts = crate::eyecount::EyeCounts::default();
        let node = crate::evaluate::evaluate(&root, a, b, &eval, &mut counts);
        Ok(StaticReport {
            reasons: node.gate.reasons,
            player: node.counts.map(|c| c.0),
            other: node.counts.map(|c| c.1),
            shared: node.race.shared.len(),
            verdict: node.judged.map(|j| j.verdict),
            mv: node.judged.and_then(|j| j.mv),
            decided_by: node.judged.map(|j| match j.judge {
                Judge::Class0 => DecidedBy::Class0,
                Judge::ClassE => DecidedBy::ClassE,
                _ => DecidedBy::Heuristic,
            }),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(status: Status, best: &str) -> Found {
        let p: Point = best.parse().expect("a vertex");
        Found {
            status,
            best: Some(RaceMove::Play(p)),
            pv: Vec::new(),
            saw_ko: true,
        }
    }

    #[test]
    fn the_hybrid_split_gives_alphabeta_its_share_and_dfpn_the_rest() {
        assert_eq!(hybrid_split(10_000, 30), (3_000, 17_000));
        assert_eq!(hybrid_split(10_000, 100), (10_000, 10_000));
        assert_eq!(hybrid_split(10_000, 0), (0, 20_000));
        assert_eq!(hybrid_split(10_000, 200), (20_000, 0));
        // Out-of-range shares are clamped to the two budgets.
        assert_eq!(hybrid_split(10_000, 255), (20_000, 0));
        // Huge budgets saturate instead of overflowing.
        assert_eq!(hybrid_split(u64::MAX, 200), (u64::MAX, 0));
    }

    #[test]
    fn a_ko_the_opponent_master_search_cannot_decide_leaves_the_result_sure() {
        let kills = |s: Status| s == Status::Winner;
        let plain = found(Status::Winner, "A1");
        // The opponent as ko master refutes: a good ko.
        let refuted = found(Status::Loser, "B1");
        assert_eq!(
            grade_ko(&kills, &plain, &refuted, None),
            (Certainty::GoodKo, plain.best)
        );
        // The opponent as ko master still loses: sure.
        let holds = found(Status::Winner, "C1");
        assert_eq!(
            grade_ko(&kills, &plain, &holds, None),
            (Certainty::Sure, holds.best)
        );
        // Undecided within the budget: no ko shown to matter, sure.
        let open = found(Status::Unknown, "D1");
        assert_eq!(
            grade_ko(&kills, &plain, &open, None),
            (Certainty::Sure, plain.best)
        );
        // Nothing reaches the goal, one search undecided: unknown.
        let lost = found(Status::Loser, "E1");
        assert_eq!(
            grade_ko(&kills, &lost, &open, Some(&lost)).0,
            Certainty::Unknown
        );
    }
}
