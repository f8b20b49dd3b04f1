//! Running the analysis: a go-mcts search whose playouts fill the
//! per-node maps, and read access to the tree it leaves.

use std::time::{Duration, Instant};

use go_board::{Board, Color, Move, PlayoutBoard};
use go_mcts::go::{GoExpander, GoPriors, GoState, Policy};
use go_mcts::{Budget, NodeId, Search, SearchOptions, SearchResult, Tree};

use crate::map::ValueMap;
use crate::store::{AnalyzerPlayout, MapStore};

/// The knobs of an analysis.
///
/// ```
/// use go_position_analyzer::AnalyzerOptions;
/// let options = AnalyzerOptions::default().with_playouts(2_000);
/// assert!(!options.search.early_stop); // the whole budget is spent
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct AnalyzerOptions {
    /// Playouts (simulations) to run.
    pub playouts: u64,
    /// A time limit as well (`None`: playouts only).
    pub time: Option<Duration>,
    /// The search (threads, seed, selection, node cap, …).
    pub search: SearchOptions,
    /// The playout policy.
    pub policy: Policy,
    /// The prior knowledge of new nodes.
    pub priors: GoPriors,
    /// Komi (`None`: the board's rules).
    pub komi: Option<f32>,
}

impl Default for AnalyzerOptions {
    /// 10,000 heavy playouts, one thread, seed 1, no early stop (an
    /// analysis wants every playout's map), leaves expanded at their
    /// fourth visit, at most a million nodes. (Expanding at the first
    /// visit, a 19×19 search of 10,000 playouts fills the million nodes,
    /// almost all never visited; at the fourth it makes 365,000 and runs
    /// 17 % faster than at the second, with about as many nodes of 10
    /// visits or more to export.)
    fn default() -> AnalyzerOptions {
        AnalyzerOptions {
            playouts: 10_000,
            time: None,
            search: SearchOptions::default()
                .with_early_stop(false)
                .with_expand_threshold(4)
                .with_max_nodes(1 << 20),
            policy: Policy::Heavy,
            priors: GoPriors::default(),
            komi: None,
        }
    }
}

impl AnalyzerOptions {
    /// Sets [`playouts`](Self::playouts).
    ///
    /// ```
    /// use go_position_analyzer::AnalyzerOptions;
    /// assert_eq!(AnalyzerOptions::default().with_playouts(500).playouts, 500);
    /// ```
    #[must_use]
    pub fn with_playouts(mut self, playouts: u64) -> AnalyzerOptions {
        self.playouts = playouts;
        self
    }
}

/// How far an analysis has gone (for progress bars).
///
/// ```
/// use go_position_analyzer::Progress;
/// let p = Progress { playouts: 500, total: 1000, elapsed: std::time::Duration::ZERO };
/// assert_eq!(p.fraction(), 0.5);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Playouts done.
    pub playouts: u64,
    /// Playouts planned.
    pub total: u64,
    /// Time spent.
    pub elapsed: Duration,
}

impl Progress {
    /// The fraction done, 0..=1.
    #[must_use]
    pub fn fraction(&self) -> f64 {
        if self.total == 0 {
            1.0
        } else {
            (self.playouts as f64 / self.total as f64).min(1.0)
        }
    }
}

/// The statistics of one node, in the thesis's terms.
///
/// ```
/// use go_position_analyzer::{analyze, AnalyzerOptions};
/// let board = go_board::Board::new(5)?;
/// let analysis = analyze(&board, &AnalyzerOptions::default().with_playouts(300));
/// let root = analysis.stats(analysis.tree().root());
/// assert_eq!(root.move_count, 300);
/// assert_eq!(root.to_play, go_board::Color::Black);
/// # Ok::<(), go_board::SizeError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct NodeStats {
    /// The move into the node and who played it (`None` at the root).
    pub mv: Option<(Color, Move)>,
    /// The side to move at the node.
    pub to_play: Color,
    /// Games through the node (Fuego's `MoveCount`).
    pub move_count: u32,
    /// Games through the node that went on into a child (Fuego's
    /// `PosCount`, incremented on the father: the sum of the children's
    /// move counts).
    pub pos_count: u32,
    /// The win ratio for the side to move at the node.
    pub win_ratio: f32,
    /// The win ratio for Black, whoever is to move.
    pub black_win_ratio: f32,
    /// AMAF (RAVE) value of the node's move, for the player who made it
    /// (Fuego's `RaveValue`; 0 at the root).
    pub rave_value: f32,
    /// AMAF samples of the node's move.
    pub rave_count: u32,
    /// Influence maps merged into the node.
    pub num_maps: u32,
}

/// Which tree nodes an export or a walk visits.
///
/// ```
/// use go_position_analyzer::TreeLimits;
/// let limits = TreeLimits::default().with_max_depth(Some(3));
/// assert_eq!(limits.min_visits, 1);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct TreeLimits {
    /// The deepest depth visited (root 0; `None`: no limit).
    pub max_depth: Option<usize>,
    /// Nodes with fewer games are left out, with their subtrees (at least
    /// 1: unvisited children carry no statistics).
    pub min_visits: u32,
}

impl Default for TreeLimits {
    /// Every visited node.
    fn default() -> TreeLimits {
        TreeLimits {
            max_depth: None,
            min_visits: 1,
        }
    }
}

impl TreeLimits {
    /// Sets [`max_depth`](Self::max_depth).
    ///
    /// ```
    /// use go_position_analyzer::TreeLimits;
    /// assert_eq!(TreeLimits::default().with_max_depth(Some(2)).max_depth, Some(2));
    /// ```
    #[must_use]
    pub fn with_max_depth(mut self, max_depth: Option<usize>) -> TreeLimits {
        self.max_depth = max_depth;
        self
    }

    /// Sets [`min_visits`](Self::min_visits).
    ///
    /// ```
    /// use go_position_analyzer::TreeLimits;
    /// assert_eq!(TreeLimits::default().with_min_visits(5).min_visits, 5);
    /// ```
    #[must_use]
    pub fn with_min_visits(mut self, min_visits: u32) -> TreeLimits {
        self.min_visits = min_visits;
        self
    }
}

/// One node met by [`Analysis::walk`]: where it is, and the position
/// there.
#[derive(Debug)]
pub struct NodeVisit<'a> {
    /// The node.
    pub id: NodeId,
    /// Its parent (`None` at the root).
    pub parent: Option<NodeId>,
    /// Its depth (root 0).
    pub depth: usize,
    /// Its statistics.
    pub stats: NodeStats,
    /// The position at the node, the path's moves played with captures
    /// under the search's rules (simple ko).
    pub board: &'a PlayoutBoard,
}

/// A finished analysis: the search tree with influence and ownership maps
/// in every visited node.
///
/// ```
/// use go_position_analyzer::{analyze, AnalyzerOptions};
/// use go_board::Board;
/// let board = Board::from_diagram(
///     ". . . . .
///      . X X X .
///      . X . X .
///      . X X X .
///      . . . . .",
/// )?;
/// let analysis = analyze(&board, &AnalyzerOptions::default().with_playouts(500));
/// let influence = analysis.influence(analysis.tree().root()).unwrap();
/// // Black's living group is Black's (0) in every playout.
/// assert_eq!(influence.get("C3".parse()?), Some(&0.0));
/// println!("{}", go_position_analyzer::map::text(&influence));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Analysis {
    board: Board,
    komi: f32,
    search: Search<GoState, AnalyzerPlayout, GoExpander>,
    result: SearchResult<Move>,
    /// When the first run began.
    started: Option<Instant>,
}

/// Analyses `board` for its side to move.
#[must_use]
pub fn analyze(board: &Board, options: &AnalyzerOptions) -> Analysis {
    analyze_with_progress(board, options, |_| {})
}

/// Analyses `board` for its side to move, calling `progress` about twenty
/// times on the way (the search runs in slices; its tree is kept between
/// them).
///
/// ```
/// use go_position_analyzer::{analyze_with_progress, AnalyzerOptions};
/// let board = go_board::Board::new(5)?;
/// let mut calls = 0;
/// let options = AnalyzerOptions::default().with_playouts(400);
/// let analysis = analyze_with_progress(&board, &options, |p| { calls += 1; assert!(p.playouts <= 400) });
/// assert!(calls >= 2);
/// assert_eq!(analysis.result().root_visits, 400);
/// # Ok::<(), go_board::SizeError>(())
/// ```
pub fn analyze_with_progress(
    board: &Board,
    options: &AnalyzerOptions,
    mut progress: impl FnMut(Progress),
) -> Analysis {
    let mut analysis = Analysis::new(board, options);
    let start = Instant::now();
    let total = options.playouts;
    let slice = (total / 20).max(100);
    let mut done = 0;
    loop {
        let left = total - done;
        let time_left = options.time.map(|t| t.saturating_sub(start.elapsed()));
        if left == 0 || time_left.is_some_and(|t| t.is_zero()) {
            break;
        }
        let budget = Budget::new(Some(left.min(slice)), time_left);
        let stop = analysis.run(budget).stop;
        done = analysis.result.playouts;
        progress(Progress {
            playouts: done,
            total,
            elapsed: start.elapsed(),
        });
        if !matches!(stop, go_mcts::MctsStopReason::Playouts) {
            break;
        }
    }
    analysis
}

impl Analysis {
    /// An analysis of `board` for its side to move that has not searched
    /// yet: call [`run`](Analysis::run) (as often as wanted; the tree grows
    /// with each run).
    ///
    /// ```
    /// use go_position_analyzer::{Analysis, AnalyzerOptions};
    /// use go_mcts::Budget;
    /// let mut analysis = Analysis::new(&go_board::Board::new(5)?, &AnalyzerOptions::default());
    /// analysis.run(Budget::playouts(100));
    /// analysis.run(Budget::playouts(100));
    /// assert_eq!(analysis.result().playouts, 200);
    /// assert_eq!(analysis.num_maps(analysis.tree().root()), 200);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn new(board: &Board, options: &AnalyzerOptions) -> Analysis {
        let komi = options.komi.unwrap_or(board.rules().komi);
        let playout =
            AnalyzerPlayout::new(options.policy, board.geometry(), options.search.max_nodes);
        let search = Search::new(
            options.search.clone(),
            playout,
            GoExpander::new(options.priors),
        );
        let state = GoState::new(board, komi);
        let mut result = search.result(&state);
        result.playouts = 0;
        Analysis {
            board: board.clone(),
            komi,
            search,
            result,
            started: None,
        }
    }

    /// Searches on within `budget`, keeping the tree and its maps; returns
    /// the updated result table, whose `playouts` and `elapsed` count every
    /// run so far.
    pub fn run(&mut self, budget: Budget) -> &SearchResult<Move> {
        let started = *self.started.get_or_insert_with(Instant::now);
        let before = self.result.playouts;
        let state = GoState::new(&self.board, self.komi);
        let mut r = self.search.run(&state, budget);
        r.playouts += before;
        r.elapsed = started.elapsed();
        self.result = r;
        &self.result
    }

    /// The analysed position.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Komi of the playouts.
    #[must_use]
    pub fn komi(&self) -> f32 {
        self.komi
    }

    /// The side to move at the root.
    #[must_use]
    pub fn to_play(&self) -> Color {
        self.board.to_play()
    }

    /// The search's result table (moves, win rates, principal variation);
    /// `playouts` and `elapsed` cover the whole analysis.
    #[must_use]
    pub fn result(&self) -> &SearchResult<Move> {
        &self.result
    }

    /// The search tree.
    #[must_use]
    pub fn tree(&self) -> &Tree {
        self.search.tree()
    }

    /// The per-node maps.
    #[must_use]
    pub fn store(&self) -> &MapStore {
        self.search.playout().store()
    }

    /// The mean terminal influence map of the playouts through `id` (1
    /// White, 0 Black, 0.5 even); `None` for a node no playout reached.
    #[must_use]
    pub fn influence(&self, id: NodeId) -> Option<ValueMap> {
        let slot = self.tree().extension(id);
        (slot != 0).then(|| self.store().influence(slot)).flatten()
    }

    /// The mean area ownership of the playouts through `id` (1 White, 0
    /// Black, 0.5 dame).
    #[must_use]
    pub fn ownership(&self, id: NodeId) -> Option<ValueMap> {
        let slot = self.tree().extension(id);
        (slot != 0).then(|| self.store().ownership(slot)).flatten()
    }

    /// The number of maps merged into `id`.
    #[must_use]
    pub fn num_maps(&self, id: NodeId) -> u32 {
        match self.tree().extension(id) {
            0 => 0,
            slot => self.store().num_maps(slot),
        }
    }

    /// The thesis's difference map `(parent − child + 1)/2` of the
    /// influence maps.
    #[must_use]
    pub fn influence_diff(&self, parent: NodeId, child: NodeId) -> Option<ValueMap> {
        Some(crate::map::diff(
            &self.influence(parent)?,
            &self.influence(child)?,
        ))
    }

    /// The color to move at depth `depth`.
    fn to_play_at(&self, depth: usize) -> Color {
        if depth % 2 == 0 {
            self.to_play()
        } else {
            self.to_play().opposite()
        }
    }

    /// The statistics of the root (depth 0) or of a node at `depth`.
    fn stats_at(&self, id: NodeId, depth: usize) -> NodeStats {
        let tree = self.tree();
        let info = tree.info(id);
        let to_play = self.to_play_at(depth);
        let mover = to_play.opposite();
        // Node values are for the player who made the move; the root's
        // "mover" is the opponent of the side to move.
        let mover_value = info.value;
        let win_ratio = if info.visits == 0 {
            0.5
        } else {
            1.0 - mover_value
        };
        let black_win_ratio = if to_play == Color::Black {
            win_ratio
        } else {
            1.0 - win_ratio
        };
        let mv = (id != tree.root()).then(|| {
            (
                mover,
                <Move as go_mcts::MoveCode>::from_code(info.move_code),
            )
        });
        NodeStats {
            mv,
            to_play,
            move_count: info.visits,
            pos_count: tree.children(id).map(|c| tree.info(c).visits).sum(),
            win_ratio,
            black_win_ratio,
            rave_value: if mv.is_some() { info.rave_value } else { 0.0 },
            rave_count: info.rave_visits,
            num_maps: self.num_maps(id),
        }
    }

    /// The statistics of a node. Its depth is found by a walk from the
    /// root, so prefer [`walk`](Analysis::walk) for many nodes.
    #[must_use]
    pub fn stats(&self, id: NodeId) -> NodeStats {
        let depth = self.depth_of(id).unwrap_or(0);
        self.stats_at(id, depth)
    }

    fn depth_of(&self, id: NodeId) -> Option<usize> {
        let tree = self.tree();
        let mut stack = vec![(tree.root(), 0)];
        while let Some((n, d)) = stack.pop() {
            if n == id {
                return Some(d);
            }
            stack.extend(tree.children(n).map(|c| (c, d + 1)));
        }
        None
    }

    /// Visits the nodes within `limits` depth first (root first, children
    /// in tree order), with the position at each.
    ///
    /// ```
    /// use go_position_analyzer::{analyze, AnalyzerOptions, TreeLimits};
    /// let board = go_board::Board::new(5)?;
    /// let analysis = analyze(&board, &AnalyzerOptions::default().with_playouts(300));
    /// let mut depths = Vec::new();
    /// analysis.walk(TreeLimits::default().with_max_depth(Some(1)), |v| depths.push(v.depth));
    /// assert_eq!(depths[0], 0);
    /// assert!(depths[1..].iter().all(|&d| d == 1));
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    pub fn walk(&self, limits: TreeLimits, mut visit: impl FnMut(&NodeVisit<'_>)) {
        let root = PlayoutBoard::from(&self.board);
        self.walk_from(self.tree().root(), None, 0, &root, limits, &mut visit);
    }

    fn walk_from(
        &self,
        id: NodeId,
        parent: Option<NodeId>,
        depth: usize,
        board: &PlayoutBoard,
        limits: TreeLimits,
        visit: &mut impl FnMut(&NodeVisit<'_>),
    ) {
        let stats = self.stats_at(id, depth);
        visit(&NodeVisit {
            id,
            parent,
            depth,
            stats,
            board,
        });
        if limits.max_depth.is_some_and(|d| depth >= d) {
            return;
        }
        let tree = self.tree();
        let min = limits.min_visits.max(1);
        for child in tree.children(id) {
            let info = tree.info(child);
            if info.visits < min {
                continue;
            }
            let mut next = board.clone();
            let color = self.to_play_at(depth);
            match <Move as go_mcts::MoveCode>::from_code(info.move_code) {
                Move::Play(p) => {
                    if next.play(color, p).is_err() {
                        continue;
                    }
                }
                Move::Pass => next.pass(),
            }
            self.walk_from(child, Some(id), depth + 1, &next, limits, visit);
        }
    }
}
