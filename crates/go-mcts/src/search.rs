//! The search: options, budgets, worker threads, backup with AMAF and
//! proofs, tree reuse, and the result table.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use go_search::{Outcome, Player};

use crate::expand::{Candidate, Expander, LegalMoves, Widening};
use crate::node::{Proof, rave_sample};
use crate::playout::{Playout, Record, first_player_value};
use crate::rng::Rng;
use crate::selection::{Scorer, Selection};
use crate::state::{MoveCode, State};
use crate::tree::{NodeId, Tree};

/// The knobs of a [`Search`].
///
/// ```
/// use go_mcts::SearchOptions;
/// let options = SearchOptions::default().with_threads(2).with_seed(7);
/// assert_eq!(options.expand_threshold, 1);
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct SearchOptions {
    /// How children are chosen.
    pub selection: Selection,
    /// The score of a child with no visits and no prior or AMAF
    /// knowledge (first-play urgency; 1 or more tries every move once).
    pub first_play_urgency: f32,
    /// A leaf gets children once it has this many visits (the root at
    /// once).
    pub expand_threshold: u32,
    /// Search threads (tree parallelism); 1 is deterministic for a given
    /// seed and playout budget.
    pub threads: usize,
    /// Seed of the playout random numbers (thread `t` uses a stream
    /// derived from it).
    pub seed: u64,
    /// Losses a descent in flight counts for, to spread threads over the
    /// tree (0: none). Unused with one thread.
    pub virtual_loss: u32,
    /// The node cap; when reached the tree stops growing and the search
    /// goes on (default 4 Mi nodes: 256 MiB at 64 bytes a node). A tree
    /// too small to hold the root's children names no move: the result's
    /// [`best`](SearchResult::best) is `None` and its
    /// [`tree_full`](SearchResult::tree_full) says why.
    /// [`Search::try_new`] refuses a cap below 2 (the root and one child),
    /// [`Search::new`] takes it as 1.
    pub max_nodes: usize,
    /// Progressive widening (`None`: every child is considered at once).
    pub widening: Option<Widening>,
    /// Stop as soon as no remaining playout could change the most visited
    /// move.
    pub early_stop: bool,
    /// How much less an AMAF sample counts when its move came late in the
    /// simulation: weight `1 − amaf_decay · k / n` for a move `k` of the
    /// `n` plies after the node (0: every sample counts 1; Fuego's
    /// weighting is 0.5).
    pub amaf_decay: f32,
}

impl Default for SearchOptions {
    /// UCT+RAVE, first-play urgency 1, expand at the first visit, one
    /// thread, seed 1, virtual loss 1, 4 million nodes (160 MB at most),
    /// no widening, early stop on, no AMAF decay.
    fn default() -> SearchOptions {
        SearchOptions {
            selection: Selection::default(),
            first_play_urgency: 1.0,
            expand_threshold: 1,
            threads: 1,
            seed: 1,
            virtual_loss: 1,
            max_nodes: 4 << 20,
            widening: None,
            early_stop: true,
            amaf_decay: 0.0,
        }
    }
}

impl SearchOptions {
    /// Sets [`selection`](Self::selection).
    ///
    /// ```
    /// use go_mcts::{SearchOptions, Selection};
    /// let options = SearchOptions::default().with_selection(Selection::Ucb1 { exploration: 1.0 });
    /// assert_eq!(options.selection, Selection::Ucb1 { exploration: 1.0 });
    /// ```
    #[must_use]
    pub fn with_selection(mut self, selection: Selection) -> SearchOptions {
        self.selection = selection;
        self
    }

    /// Sets [`first_play_urgency`](Self::first_play_urgency).
    ///
    /// ```
    /// use go_mcts::SearchOptions;
    /// let options = SearchOptions::default().with_first_play_urgency(0.5);
    /// assert_eq!(options.first_play_urgency, 0.5);
    /// ```
    #[must_use]
    pub fn with_first_play_urgency(mut self, first_play_urgency: f32) -> SearchOptions {
        self.first_play_urgency = first_play_urgency;
        self
    }

    /// Sets [`expand_threshold`](Self::expand_threshold).
    ///
    /// ```
    /// use go_mcts::SearchOptions;
    /// let options = SearchOptions::default().with_expand_threshold(4);
    /// assert_eq!(options.expand_threshold, 4);
    /// ```
    #[must_use]
    pub fn with_expand_threshold(mut self, expand_threshold: u32) -> SearchOptions {
        self.expand_threshold = expand_threshold;
        self
    }

    /// Sets [`threads`](Self::threads).
    ///
    /// ```
    /// use go_mcts::SearchOptions;
    /// let options = SearchOptions::default().with_threads(2);
    /// assert_eq!(options.threads, 2);
    /// ```
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> SearchOptions {
        self.threads = threads;
        self
    }

    /// Sets [`seed`](Self::seed).
    ///
    /// ```
    /// use go_mcts::SearchOptions;
    /// let options = SearchOptions::default().with_seed(7);
    /// assert_eq!(options.seed, 7);
    /// ```
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> SearchOptions {
        self.seed = seed;
        self
    }

    /// Sets [`virtual_loss`](Self::virtual_loss).
    ///
    /// ```
    /// use go_mcts::SearchOptions;
    /// let options = SearchOptions::default().with_virtual_loss(3);
    /// assert_eq!(options.virtual_loss, 3);
    /// ```
    #[must_use]
    pub fn with_virtual_loss(mut self, virtual_loss: u32) -> SearchOptions {
        self.virtual_loss = virtual_loss;
        self
    }

    /// Sets [`max_nodes`](Self::max_nodes).
    ///
    /// ```
    /// use go_mcts::SearchOptions;
    /// let options = SearchOptions::default().with_max_nodes(1 << 16);
    /// assert_eq!(options.max_nodes, 1 << 16);
    /// ```
    #[must_use]
    pub fn with_max_nodes(mut self, max_nodes: usize) -> SearchOptions {
        self.max_nodes = max_nodes;
        self
    }

    /// Sets [`widening`](Self::widening).
    ///
    /// ```
    /// use go_mcts::{SearchOptions, Widening};
    /// let options = SearchOptions::default().with_widening(Some(Widening { initial: 2, growth: 1.0 }));
    /// assert_eq!(options.widening, Some(Widening { initial: 2, growth: 1.0 }));
    /// ```
    #[must_use]
    pub fn with_widening(mut self, widening: Option<Widening>) -> SearchOptions {
        self.widening = widening;
        self
    }

    /// Sets [`early_stop`](Self::early_stop).
    ///
    /// ```
    /// use go_mcts::SearchOptions;
    /// let options = SearchOptions::default().with_early_stop(false);
    /// assert_eq!(options.early_stop, false);
    /// ```
    #[must_use]
    pub fn with_early_stop(mut self, early_stop: bool) -> SearchOptions {
        self.early_stop = early_stop;
        self
    }

    /// Sets [`amaf_decay`](Self::amaf_decay).
    ///
    /// ```
    /// use go_mcts::SearchOptions;
    /// let options = SearchOptions::default().with_amaf_decay(0.5);
    /// assert_eq!(options.amaf_decay, 0.5);
    /// ```
    #[must_use]
    pub fn with_amaf_decay(mut self, amaf_decay: f32) -> SearchOptions {
        self.amaf_decay = amaf_decay;
        self
    }
}

/// How long a search may run: a number of playouts, a time, or both
/// (whichever ends first). With neither (the default), a search runs
/// [`Budget::DEFAULT_PLAYOUTS`] playouts.
///
/// The Monte-Carlo counterpart of go-search's
/// [`SearchLimits`](go_search::SearchLimits), the budget of the exact
/// engines (alpha-beta, df-pn, GTS), and kept apart from it on purpose:
///
/// - a Monte-Carlo search counts *playouts* (games simulated to their end,
///   a hundred moves or more on 9×9), the exact engines *nodes* (positions
///   or expansions): one number cannot mean both;
/// - it has no depth to limit, and needs no abort flag of the caller's:
///   it stops itself once the best move cannot change
///   ([`SearchOptions::early_stop`]) or the root is proven;
/// - an empty budget means [`Budget::DEFAULT_PLAYOUTS`], where an empty
///   `SearchLimits` means unlimited (a proof search may run to its end, a
///   Monte-Carlo search never ends by itself);
/// - it is `Copy` (`SearchLimits` holds the shared stop flag).
///
/// Both take a wall-clock `time`, with the same meaning.
///
/// ```
/// use go_mcts::Budget;
/// use std::time::Duration;
/// let b = Budget::playouts(10_000).with_time(Duration::from_secs(1));
/// assert_eq!(b.playouts, Some(10_000));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct Budget {
    /// Most playouts (simulations) in this run.
    pub playouts: Option<u64>,
    /// Most wall-clock time.
    pub time: Option<Duration>,
}

impl Budget {
    /// The playouts of a search given neither limit.
    pub const DEFAULT_PLAYOUTS: u64 = 10_000;

    /// At most `playouts` playouts and `time` of wall-clock time, each
    /// if given.
    ///
    /// ```
    /// use go_mcts::Budget;
    /// use std::time::Duration;
    /// let b = Budget::new(Some(500), Some(Duration::from_secs(2)));
    /// assert_eq!(b, Budget::playouts(500).with_time(Duration::from_secs(2)));
    /// assert_eq!(Budget::new(None, None), Budget::default());
    /// ```
    #[must_use]
    pub const fn new(playouts: Option<u64>, time: Option<Duration>) -> Budget {
        Budget { playouts, time }
    }

    /// At most `n` playouts.
    #[must_use]
    pub const fn playouts(n: u64) -> Budget {
        Budget {
            playouts: Some(n),
            time: None,
        }
    }

    /// At most `t` of wall-clock time.
    ///
    /// ```
    /// let b = go_mcts::Budget::time(std::time::Duration::from_millis(5));
    /// assert!(b.playouts.is_none());
    /// ```
    #[must_use]
    pub const fn time(t: Duration) -> Budget {
        Budget {
            playouts: None,
            time: Some(t),
        }
    }

    /// This budget with a time limit too.
    #[must_use]
    pub const fn with_time(self, t: Duration) -> Budget {
        Budget {
            time: Some(t),
            ..self
        }
    }
}

/// Why a [`Search`] run stopped. Named apart from `go_search::StopReason`, the stop of
/// the exact engines (alpha-beta, df-pn, GTS): a Monte-Carlo search stops on playouts,
/// time or a settled best move.
///
/// ```
/// assert_ne!(go_mcts::MctsStopReason::Time, go_mcts::MctsStopReason::Playouts);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MctsStopReason {
    /// The playout budget is spent.
    Playouts,
    /// The time budget is spent.
    Time,
    /// The most visited move cannot change any more.
    BestMoveFixed,
    /// The root's value is proven.
    Proven,
    /// The root position is over: there is nothing to search.
    GameOver,
}

/// The old name of [`MctsStopReason`], which clashed with `go_search::StopReason`.
#[deprecated(since = "0.2.0", note = "renamed `MctsStopReason`")]
pub type StopReason = MctsStopReason;

/// In words: `playouts`, `time`, `best move fixed`, `proven` or
/// `game over`.
///
/// ```
/// assert_eq!(go_mcts::MctsStopReason::BestMoveFixed.to_string(), "best move fixed");
/// ```
impl std::fmt::Display for MctsStopReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            MctsStopReason::Playouts => "playouts",
            MctsStopReason::Time => "time",
            MctsStopReason::BestMoveFixed => "best move fixed",
            MctsStopReason::Proven => "proven",
            MctsStopReason::GameOver => "game over",
        })
    }
}

/// What the search knows about one move at the root.
///
/// ```
/// use go_mcts::{MoveStats, Proof};
/// let m = MoveStats { mv: 4u8, visits: 10, value: 0.6, rave_visits: 30, rave_value: 0.55,
///                     prior_visits: 0, prior_value: 0.5, proof: Proof::Unknown };
/// assert!(m.value > 0.5);
/// ```
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct MoveStats<M> {
    /// The move.
    pub mv: M,
    /// Games through it.
    pub visits: u32,
    /// Its win rate for the side to move at the root.
    pub value: f32,
    /// AMAF samples (prior excluded).
    pub rave_visits: u32,
    /// AMAF win rate.
    pub rave_value: f32,
    /// Prior equivalent visits.
    pub prior_visits: u32,
    /// Prior value.
    pub prior_value: f32,
    /// What is proven about it, for the side to move.
    pub proof: Proof,
}

/// The result of [`Search::run`].
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult<M> {
    /// The most visited move (a proven win first); `None` when the root
    /// position is over, or when the tree could not hold the root's
    /// children ([`tree_full`](Self::tree_full), a
    /// [`max_nodes`](SearchOptions::max_nodes) too small).
    pub best: Option<M>,
    /// The side to move at the root.
    pub to_play: Player,
    /// The win rate of the best move for the side to move.
    pub value: f32,
    /// The same from [`Player::First`]'s fixed view (Black's in Go).
    pub first_player_value: f32,
    /// What is proven about the root, for the side to move.
    pub proof: Proof,
    /// Every root move, most visited first.
    pub moves: Vec<MoveStats<M>>,
    /// The principal variation: the most visited child, repeatedly.
    pub pv: Vec<M>,
    /// Playouts (simulations) in this run.
    pub playouts: u64,
    /// Visits of the root, earlier runs (tree reuse) included.
    pub root_visits: u32,
    /// Nodes in the tree.
    pub nodes: usize,
    /// Whether the node cap was reached.
    pub tree_full: bool,
    /// Wall-clock time of this run.
    pub elapsed: Duration,
    /// Why it stopped.
    pub stop: MctsStopReason,
}

/// Options a [`Search`] refuses to be built with ([`Search::try_new`]).
///
/// ```
/// use go_mcts::{Adapted, LegalMoves, MctsOptionsError, RandomPlayout, Search, SearchOptions};
/// use go_search::toys::Pile;
/// let options = SearchOptions::default().with_max_nodes(0);
/// let refused = Search::<Adapted<Pile>, _>::try_new(options, RandomPlayout::default(), LegalMoves);
/// assert_eq!(refused.err(), Some(MctsOptionsError::MaxNodes(0)));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum MctsOptionsError {
    /// A node cap below 2: the tree could hold no child of the root, and
    /// the search could name no move.
    #[error("max_nodes {0} leaves no room for a move: the tree needs the root and its children")]
    MaxNodes(usize),
}

/// A parallel UCT/RAVE search over states `S`, with playout policy `P`
/// and expander `E`. It keeps its tree between runs: call
/// [`advance`](Search::advance) with the moves played since the last run
/// to reuse the subtree, or [`clear`](Search::clear).
///
/// ```
/// use go_mcts::{Adapted, Budget, Search, SearchOptions, RandomPlayout, LegalMoves};
/// use go_search::toys::Pile;
///
/// // Take one or two from seven: the only winning move leaves six.
/// let root = Adapted(Pile::new(7));
/// let mut search = Search::new(SearchOptions::default(), RandomPlayout::default(), LegalMoves);
/// let result = search.run(&root, Budget::playouts(2_000));
/// assert_eq!(result.best, Some(1));
/// ```
#[derive(Debug)]
pub struct Search<S: State, P: Playout<S>, E: Expander<S> = LegalMoves> {
    options: SearchOptions,
    playout: P,
    expander: E,
    tree: Tree,
    runs: u64,
    _state: std::marker::PhantomData<fn() -> S>,
}

/// Most entries a worker's AMAF table starts with (games whose move codes
/// go higher grow it as they play them): enough for every Go board.
const FIRST_TABLE_START: usize = 1 << 12;

/// Per-thread state of a search.
struct Worker<S: State, W, R> {
    state: S,
    rng: R,
    record: Record,
    path: Vec<NodeId>,
    players: Vec<Player>,
    first: Vec<u64>,
    generation: u64,
    candidates: Vec<Candidate<S::Move>>,
    playout: W,
}

/// What the threads share during a run.
struct Shared {
    stop: AtomicBool,
    playouts: AtomicU64,
    reason: std::sync::Mutex<Option<MctsStopReason>>,
}

impl<S: State, P: Playout<S>, E: Expander<S>> Search<S, P, E> {
    /// A search with an empty tree. A [`max_nodes`](SearchOptions::max_nodes)
    /// of 0 is taken as 1: such a search names no move, and its results say
    /// so ([`SearchResult::tree_full`]); [`try_new`](Self::try_new) refuses it.
    ///
    /// ```
    /// use go_mcts::{Adapted, Budget, LegalMoves, RandomPlayout, Search, SearchOptions};
    /// use go_search::toys::Pile;
    /// let options = SearchOptions::default().with_max_nodes(0);
    /// let mut search = Search::new(options, RandomPlayout::default(), LegalMoves);
    /// let result = search.run(&Adapted(Pile::new(7)), Budget::playouts(100));
    /// assert_eq!(result.best, None);
    /// assert!(result.tree_full);
    /// ```
    #[must_use]
    pub fn new(options: SearchOptions, playout: P, expander: E) -> Self {
        let tree = Tree::new(options.max_nodes);
        Search {
            options,
            playout,
            expander,
            tree,
            runs: 0,
            _state: std::marker::PhantomData,
        }
    }

    /// A search with an empty tree, or why these options cannot make one.
    ///
    /// # Errors
    /// [`MctsOptionsError::MaxNodes`] for a
    /// [`max_nodes`](SearchOptions::max_nodes) below 2.
    ///
    /// ```
    /// use go_mcts::{Adapted, Budget, LegalMoves, RandomPlayout, Search, SearchOptions};
    /// use go_search::toys::Pile;
    /// let options = SearchOptions::default().with_max_nodes(1 << 10);
    /// let mut search = Search::try_new(options, RandomPlayout::default(), LegalMoves)?;
    /// assert!(search.run(&Adapted(Pile::new(7)), Budget::playouts(500)).best.is_some());
    /// # Ok::<(), go_mcts::MctsOptionsError>(())
    /// ```
    pub fn try_new(
        options: SearchOptions,
        playout: P,
        expander: E,
    ) -> Result<Self, MctsOptionsError> {
        if options.max_nodes < 2 {
            return Err(MctsOptionsError::MaxNodes(options.max_nodes));
        }
        Ok(Self::new(options, playout, expander))
    }

    /// The options.
    #[must_use]
    pub fn options(&self) -> &SearchOptions {
        &self.options
    }

    /// Changes the options (a new node cap applies from the next
    /// [`clear`](Search::clear)).
    pub fn set_options(&mut self, options: SearchOptions) {
        self.options = options;
    }

    /// The tree.
    #[must_use]
    pub fn tree(&self) -> &Tree {
        &self.tree
    }

    /// The playout policy (and whatever it gathered).
    #[must_use]
    pub fn playout(&self) -> &P {
        &self.playout
    }

    /// The expander.
    #[must_use]
    pub fn expander(&self) -> &E {
        &self.expander
    }

    /// Forgets the tree.
    pub fn clear(&mut self) {
        self.tree = Tree::new(self.options.max_nodes);
    }

    /// Moves the root down along `moves` (played since the last run),
    /// keeping that subtree; returns whether it was in the tree (if not,
    /// the tree is cleared).
    ///
    /// ```
    /// use go_mcts::{Adapted, Budget, Search, SearchOptions, RandomPlayout, LegalMoves};
    /// use go_search::toys::TicTacToe;
    /// let mut search = Search::new(SearchOptions::default(), RandomPlayout::default(), LegalMoves);
    /// let root = Adapted(TicTacToe::new());
    /// search.run(&root, Budget::playouts(500));
    /// assert!(search.advance(&[4]));
    /// assert!(search.tree().info(search.tree().root()).visits > 0);
    /// ```
    pub fn advance(&mut self, moves: &[S::Move]) -> bool {
        let mut id = self.tree.root();
        for &mv in moves {
            match self.tree.child_with_move(id, mv.code()) {
                Some(c) => id = c,
                None => {
                    self.clear();
                    return false;
                }
            }
        }
        if id != self.tree.root() {
            self.tree = self.tree.subtree(id);
        }
        true
    }

    /// Searches from `root` (the position of the tree's root) within
    /// `budget`.
    pub fn run(&mut self, root: &S, budget: Budget) -> SearchResult<S::Move> {
        let start = Instant::now();
        let budget = if budget.playouts.is_none() && budget.time.is_none() {
            Budget::playouts(Budget::DEFAULT_PLAYOUTS)
        } else {
            budget
        };
        self.runs += 1;
        let shared = Shared {
            stop: AtomicBool::new(false),
            playouts: AtomicU64::new(0),
            reason: std::sync::Mutex::new(None),
        };
        let threads = self.options.threads.max(1);
        let mut reason = None;
        if root.outcome().is_some() {
            reason = Some(MctsStopReason::GameOver);
        } else {
            let this = &*self;
            let workers: Vec<P::Worker> = std::thread::scope(|scope| {
                let handles: Vec<_> = (1..threads)
                    .map(|t| {
                        let shared = &shared;
                        scope.spawn(move || this.work(t, root, budget, start, shared))
                    })
                    .collect();
                let mut out = vec![this.work(0, root, budget, start, &shared)];
                for h in handles {
                    match h.join() {
                        Ok(w) => out.push(w),
                        Err(panic) => std::panic::resume_unwind(panic),
                    }
                }
                out
            });
            self.playout.finish(workers);
            reason = reason.or(*shared
                .reason
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner));
        }
        let mut result = self.result(root);
        result.playouts = shared.playouts.load(Ordering::Relaxed);
        result.elapsed = start.elapsed();
        result.stop = reason.unwrap_or(MctsStopReason::Playouts);
        result
    }

    /// The result table of the current tree for the root position `root`
    /// (what [`run`](Search::run) returns, without the run's counters).
    #[must_use]
    pub fn result(&self, root: &S) -> SearchResult<S::Move> {
        let tree = &self.tree;
        let to_play = root.to_play();
        let mut moves: Vec<MoveStats<S::Move>> = tree
            .children(tree.root())
            .map(|c| {
                let i = tree.info(c);
                MoveStats {
                    mv: S::Move::from_code(i.move_code),
                    visits: i.visits,
                    value: i.value,
                    rave_visits: i.rave_visits,
                    rave_value: i.rave_value,
                    prior_visits: i.prior_visits,
                    prior_value: i.prior_value,
                    proof: i.proof,
                }
            })
            .collect();
        moves.sort_by(|a, b| b.visits.cmp(&a.visits).then(b.value.total_cmp(&a.value)));
        let proof = tree.info(tree.root()).proof.flipped();
        let best = moves
            .iter()
            .find(|m| m.proof == Proof::Win)
            .or_else(|| moves.iter().find(|m| m.proof != Proof::Loss))
            .or(moves.first())
            .copied();
        let value = match best {
            Some(m) if m.proof == Proof::Win => 1.0,
            Some(m) if m.proof == Proof::Loss => 0.0,
            Some(m) => m.value,
            None => 0.5,
        };
        let mut pv = Vec::new();
        if let Some(b) = best {
            pv.push(b.mv);
            let mut id = tree.child_with_move(tree.root(), b.mv.code());
            while let Some(node) = id {
                let next = tree.children(node).max_by_key(|&c| tree.info(c).visits);
                match next {
                    Some(c) if tree.info(c).visits > 0 => {
                        pv.push(S::Move::from_code(tree.info(c).move_code));
                        id = Some(c);
                    }
                    _ => break,
                }
            }
        }
        SearchResult {
            best: best.map(|m| m.mv),
            to_play,
            value,
            first_player_value: if to_play == Player::First {
                value
            } else {
                1.0 - value
            },
            proof,
            moves,
            pv,
            playouts: 0,
            root_visits: tree.info(tree.root()).visits,
            nodes: tree.len(),
            tree_full: tree.is_full(),
            elapsed: Duration::ZERO,
            stop: MctsStopReason::Playouts,
        }
    }

    /// One thread's search loop.
    fn work(
        &self,
        t: usize,
        root: &S,
        budget: Budget,
        start: Instant,
        shared: &Shared,
    ) -> P::Worker {
        let seed = self
            .options
            .seed
            .wrapping_add((t as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15))
            .wrapping_add(self.runs.wrapping_mul(0xbf58_476d_1ce4_e5b9));
        let mut w = Worker {
            state: root.clone(),
            rng: P::Rng::seeded(seed),
            record: Record::default(),
            path: Vec::new(),
            players: Vec::new(),
            first: vec![0; root.num_move_codes().min(FIRST_TABLE_START)],
            generation: 0,
            candidates: Vec::new(),
            playout: self.playout.worker(root),
        };
        let mut iterations = 0u64;
        while !shared.stop.load(Ordering::Relaxed) {
            if let Some(limit) = budget.playouts {
                // Claim a playout before running it, so the count is exact.
                if shared.playouts.fetch_add(1, Ordering::Relaxed) >= limit {
                    shared.playouts.fetch_sub(1, Ordering::Relaxed);
                    self.stop(shared, MctsStopReason::Playouts);
                    break;
                }
            } else {
                shared.playouts.fetch_add(1, Ordering::Relaxed);
            }
            self.simulate(root, &mut w);
            iterations += 1;
            if t == 0 && iterations % 16 == 0 {
                self.check(budget, start, shared);
            }
        }
        w.playout
    }

    fn stop(&self, shared: &Shared, reason: MctsStopReason) {
        let mut r = shared
            .reason
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if r.is_none() {
            *r = Some(reason);
        }
        shared.stop.store(true, Ordering::Relaxed);
    }

    /// The periodic checks of thread 0: time, proof, early stop.
    fn check(&self, budget: Budget, start: Instant, shared: &Shared) {
        let tree = &self.tree;
        let root = tree.get(tree.root());
        if root.proof() != Proof::Unknown {
            self.stop(shared, MctsStopReason::Proven);
            return;
        }
        let elapsed = start.elapsed();
        if budget.time.is_some_and(|t| elapsed >= t) {
            self.stop(shared, MctsStopReason::Time);
            return;
        }
        if !self.options.early_stop {
            return;
        }
        let done = shared.playouts.load(Ordering::Relaxed);
        let mut remaining = u64::MAX;
        if let Some(limit) = budget.playouts {
            remaining = limit.saturating_sub(done);
        }
        if let Some(t) = budget.time {
            let rate = done as f64 / elapsed.as_secs_f64().max(1e-6);
            let left = (t.saturating_sub(elapsed)).as_secs_f64() * rate;
            remaining = remaining.min(left as u64);
        }
        if remaining == u64::MAX || done < 64 {
            return;
        }
        let mut first = 0u32;
        let mut second = 0u32;
        for c in tree.children(tree.root()) {
            let v = tree.get(c).stats().0;
            if v > first {
                second = first;
                first = v;
            } else if v > second {
                second = v;
            }
        }
        if u64::from(first - second) > remaining {
            self.stop(shared, MctsStopReason::BestMoveFixed);
        }
    }

    /// One simulation: descend, expand, play out, back up.
    fn simulate(&self, root: &S, w: &mut Worker<S, P::Worker, P::Rng>) {
        let tree = &self.tree;
        let use_vl = self.options.threads > 1 && self.options.virtual_loss > 0;
        w.state.clone_from(root);
        w.path.clear();
        w.players.clear();
        w.record.clear();
        let mut id = tree.root();
        let value = loop {
            let to_play = w.state.to_play();
            w.path.push(id);
            w.players.push(to_play);
            let node = tree.get(id);
            let mover = mover_of(&w.players);
            if tree.is_terminal(id) {
                break proof_value(node.proof(), mover);
            }
            if id != tree.root() {
                match node.proof() {
                    Proof::Win | Proof::Loss => break proof_value(node.proof(), mover),
                    _ => {}
                }
            }
            if !tree.is_expanded(id) {
                if let Some(o) = w.state.outcome() {
                    let proof = match o {
                        Outcome::Win(p) if p == mover => Proof::Win,
                        Outcome::Win(_) => Proof::Loss,
                        Outcome::Draw => Proof::Draw,
                    };
                    tree.mark_terminal(id, proof);
                    break first_player_value(o);
                }
                let visits = node.stats().0;
                if (id == tree.root() || visits >= self.options.expand_threshold)
                    && !tree.is_full()
                    && tree.begin_expand(id)
                {
                    self.expand(id, &w.state, &mut w.candidates);
                }
                if !tree.is_expanded(id) {
                    break self.playout.playout(
                        &mut w.playout,
                        &mut w.state,
                        &mut w.rng,
                        &mut w.record,
                    );
                }
            }
            let child = self.select(id, use_vl);
            if use_vl {
                tree.get(child).in_flight.fetch_add(1, Ordering::Relaxed);
            }
            let mv = S::Move::from_code(tree.get(child).mv.load(Ordering::Relaxed));
            w.record.push(to_play, mv);
            w.state.play(mv);
            id = child;
        };
        self.backup(w, value, use_vl);
        self.playout
            .observe(&mut w.playout, tree, &w.path, &w.state);
    }

    /// Creates the children of `id` (whose expansion this thread owns).
    fn expand(&self, id: NodeId, state: &S, candidates: &mut Vec<Candidate<S::Move>>) {
        let tree = &self.tree;
        candidates.clear();
        self.expander.expand(state, candidates);
        let n = candidates.len().min(usize::from(u16::MAX));
        if n == 0 {
            tree.abandon_expand(id);
            return;
        }
        let Some(first) = tree.alloc(n) else {
            tree.abandon_expand(id);
            return;
        };
        for (k, c) in candidates.iter().take(n).enumerate() {
            let node = tree.get(NodeId((first + k) as u32));
            node.mv.store(c.mv.code(), Ordering::Relaxed);
            node.set_prior(c.prior.visits, c.prior.value);
        }
        tree.finish_expand(id, first, n);
    }

    /// The child of `id` to descend into.
    #[inline]
    fn select(&self, id: NodeId, use_vl: bool) -> NodeId {
        let tree = &self.tree;
        let (first, children) = tree.child_slice(id);
        let n = children.len();
        let visits = tree.get(id).stats().0;
        let width = self
            .options
            .widening
            .map_or(n, |wd| wd.width(visits).clamp(1, n));
        let scorer = Scorer::new(
            self.options.selection,
            visits,
            self.options.first_play_urgency,
            if use_vl { self.options.virtual_loss } else { 0 },
        );
        let mut best = usize::MAX;
        // The best score as a fraction (denominators are positive).
        let (mut best_num, mut best_den) = (f32::NEG_INFINITY, 1.0);
        for (k, node) in children[..width].iter().enumerate() {
            match node.proof() {
                Proof::Win => return NodeId((first + k) as u32),
                Proof::Loss => continue,
                _ => {}
            }
            let (num, den) = scorer.score_ratio(node);
            if num * best_den > best_num * den {
                (best_num, best_den) = (num, den);
                best = k;
            }
        }
        if best == usize::MAX {
            // Every considered child is lost: take the most visited of all.
            best = (0..n).max_by_key(|&k| children[k].stats().0).unwrap_or(0);
        }
        NodeId((first + best) as u32)
    }

    /// Adds the result to the path's nodes, AMAF values to their children,
    /// and propagates proofs.
    fn backup(&self, w: &mut Worker<S, P::Worker, P::Rng>, value: f32, use_vl: bool) {
        let tree = &self.tree;
        let for_player = |p: Player| {
            if p == Player::First {
                value
            } else {
                1.0 - value
            }
        };
        for (i, &id) in w.path.iter().enumerate() {
            let mover = mover_of(&w.players[..=i]);
            let node = tree.get(id);
            node.add_result(for_player(mover));
            if use_vl && i > 0 {
                node.in_flight.fetch_sub(1, Ordering::Relaxed);
            }
        }
        // AMAF: a child of the node at depth i gets the result if its move
        // was first played, from ply i on, by the player to move there.
        // With `amaf_decay` d, a move first played k plies after the node,
        // in a sequence of n more plies, weighs 1 − d·k/n (Fuego's
        // weighted RAVE updates: early moves say more about the node).
        w.generation += 1;
        let g = w.generation << 21;
        let decay = self.options.amaf_decay;
        let entries = w.record.entries();
        let len = entries.len();
        let mut j = len;
        for i in (0..w.path.len()).rev() {
            while j > i {
                j -= 1;
                let e = entries[j];
                if e != u32::MAX {
                    let code = (e >> 1) as usize;
                    if code >= w.first.len() {
                        // Moves with wide codes (u32, usize): grow on demand.
                        w.first.resize((code + 1).next_power_of_two(), 0);
                    }
                    w.first[code] = g | ((j as u64) << 1) | u64::from(e & 1);
                }
            }
            let (_, children) = tree.child_slice(w.path[i]);
            if children.is_empty() {
                continue;
            }
            let p = w.players[i];
            let v = for_player(p);
            let wanted = (w.generation, p.index() as u64);
            let played = |code: u32| {
                w.first
                    .get(code as usize)
                    .copied()
                    .filter(|&f| (f >> 21, f & 1) == wanted)
            };
            if decay == 0.0 {
                // Every sample weighs 1: pack it once.
                let delta = rave_sample(v, 1.0);
                for child in children {
                    if played(child.mv.load(Ordering::Relaxed)).is_some() {
                        child.add_rave_packed(delta);
                    }
                }
            } else {
                let scale = decay / (len - i).max(1) as f32;
                for child in children {
                    if let Some(f) = played(child.mv.load(Ordering::Relaxed)) {
                        let ply = ((f >> 1) & 0xf_ffff) as usize;
                        child.add_rave(v, 1.0 - scale * (ply - i) as f32);
                    }
                }
            }
        }
        // Proofs, bottom up, while they change.
        for i in (0..w.path.len().saturating_sub(1)).rev() {
            let parent = tree.get(w.path[i]);
            if parent.proof() != Proof::Unknown {
                break;
            }
            let child = tree.get(w.path[i + 1]);
            let proven = match child.proof() {
                // The player to move at the parent has a winning move.
                Proof::Win => Proof::Loss,
                Proof::Loss => {
                    if tree
                        .children(w.path[i])
                        .all(|c| tree.get(c).proof() == Proof::Loss)
                    {
                        Proof::Win
                    } else {
                        break;
                    }
                }
                _ => break,
            };
            parent.set_proof(proven);
        }
    }
}

/// The player who made the move into the last node of a path whose
/// players-to-move are `players` (the root's "mover" is the opponent of
/// the side to move).
#[inline]
fn mover_of(players: &[Player]) -> Player {
    match players.len() {
        0 | 1 => players.first().map_or(Player::Second, |p| p.opponent()),
        n => players[n - 2],
    }
}

/// The value for [`Player::First`] of a proven node whose move `mover`
/// made.
fn proof_value(proof: Proof, mover: Player) -> f32 {
    let for_mover = match proof {
        Proof::Win => 1.0,
        Proof::Loss => 0.0,
        _ => 0.5,
    };
    if mover == Player::First {
        for_mover
    } else {
        1.0 - for_mover
    }
}
