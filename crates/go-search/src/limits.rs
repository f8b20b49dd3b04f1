//! Budgets: [`SearchLimits`] (what the caller allows) and [`StopReason`] (why a search ended).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How much a search may spend. Every limit is optional; `Default` is unlimited.
///
/// `depth` is in plies and applies to [`AlphaBeta`](crate::AlphaBeta), [`Gts`](crate::Gts)
/// and [`ProofNumber`](crate::ProofNumber); `nodes` counts visited nodes (tree nodes for
/// `ProofNumber`). The stop flag is an abort hook: set it from another thread to stop.
///
/// Monte-Carlo tree search has its own budget, go-mcts's `Budget`: it counts playouts
/// (games simulated to their end, many moves each) rather than nodes, has no
/// depth, and runs a default number of playouts when given no limit, where an empty
/// `SearchLimits` is unlimited. Only the wall-clock `time` means the same in both.
///
/// ```
/// use std::time::Duration;
/// use go_search::SearchLimits;
/// let limits = SearchLimits::default().with_nodes(100_000).with_time(Duration::from_millis(50));
/// assert_eq!(limits.nodes, Some(100_000));
/// ```
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct SearchLimits {
    /// Maximum depth in plies.
    pub depth: Option<u32>,
    /// Maximum number of nodes.
    pub nodes: Option<u64>,
    /// Maximum wall-clock time.
    pub time: Option<Duration>,
    /// Abort hook: the search stops soon after this flag becomes `true`.
    pub stop: Option<Arc<AtomicBool>>,
}

impl SearchLimits {
    /// Sets the depth limit.
    ///
    /// ```
    /// use go_search::SearchLimits;
    /// assert_eq!(SearchLimits::default().with_depth(6).depth, Some(6));
    /// ```
    #[must_use]
    pub fn with_depth(mut self, depth: u32) -> Self {
        self.depth = Some(depth);
        self
    }

    /// Sets the node limit.
    ///
    /// ```
    /// use go_search::SearchLimits;
    /// assert_eq!(SearchLimits::default().with_nodes(10).nodes, Some(10));
    /// ```
    #[must_use]
    pub fn with_nodes(mut self, nodes: u64) -> Self {
        self.nodes = Some(nodes);
        self
    }

    /// Sets the time limit.
    ///
    /// ```
    /// use std::time::Duration;
    /// use go_search::SearchLimits;
    /// let l = SearchLimits::default().with_time(Duration::from_secs(1));
    /// assert_eq!(l.time, Some(Duration::from_secs(1)));
    /// ```
    #[must_use]
    pub fn with_time(mut self, time: Duration) -> Self {
        self.time = Some(time);
        self
    }

    /// Sets the abort flag.
    ///
    /// ```
    /// use std::sync::{Arc, atomic::AtomicBool};
    /// use go_search::SearchLimits;
    /// let flag = Arc::new(AtomicBool::new(false));
    /// let l = SearchLimits::default().with_stop_flag(flag.clone());
    /// assert!(l.stop.is_some());
    /// ```
    #[must_use]
    pub fn with_stop_flag(mut self, flag: Arc<AtomicBool>) -> Self {
        self.stop = Some(flag);
        self
    }
}

/// Why a search ended.
///
/// For [`AlphaBeta`](crate::AlphaBeta), `Proved`/`Disproved`/`Drawn` are from the side to
/// move at the root (win/loss/draw, exact). For the proof-number engines and
/// [`Gts`](crate::Gts) they are about the goal of the attacker.
///
/// ```
/// use go_search::StopReason;
/// assert!(StopReason::Proved.is_solved());
/// assert!(!StopReason::NodeLimit.is_solved());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum StopReason {
    /// The goal is reached (or the side to move wins).
    Proved,
    /// The goal cannot be reached (or the side to move loses).
    Disproved,
    /// The exact value is a draw (alpha-beta; three-valued df-pn: seki).
    Drawn,
    /// The depth limit was reached before the value was known exactly.
    DepthLimit,
    /// The node budget ran out.
    NodeLimit,
    /// The time budget ran out.
    TimeLimit,
    /// The stop flag was raised.
    Aborted,
}

/// In words: `proved`, `disproved`, `drawn`, `depth limit`, `node limit`,
/// `time limit` or `aborted`.
///
/// ```
/// assert_eq!(go_search::StopReason::NodeLimit.to_string(), "node limit");
/// ```
impl std::fmt::Display for StopReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            StopReason::Proved => "proved",
            StopReason::Disproved => "disproved",
            StopReason::Drawn => "drawn",
            StopReason::DepthLimit => "depth limit",
            StopReason::NodeLimit => "node limit",
            StopReason::TimeLimit => "time limit",
            StopReason::Aborted => "aborted",
        })
    }
}

impl StopReason {
    /// The game-theoretic answer is known.
    ///
    /// ```
    /// use go_search::StopReason;
    /// assert!(StopReason::Drawn.is_solved());
    /// ```
    #[must_use]
    pub const fn is_solved(self) -> bool {
        matches!(
            self,
            StopReason::Proved | StopReason::Disproved | StopReason::Drawn
        )
    }
}

/// Running budget of one search.
#[derive(Debug)]
pub(crate) struct Budget {
    start: Instant,
    deadline: Option<Instant>,
    nodes: Option<u64>,
    stop: Option<Arc<AtomicBool>>,
    exceeded: Option<StopReason>,
}

impl Budget {
    pub(crate) fn new(limits: &SearchLimits) -> Budget {
        let start = Instant::now();
        Budget {
            start,
            deadline: limits.time.map(|t| start + t),
            nodes: limits.nodes,
            stop: limits.stop.clone(),
            exceeded: None,
        }
    }

    /// Checks the budget after `nodes` nodes; returns `true` once it is exhausted.
    #[inline]
    pub(crate) fn exhausted(&mut self, nodes: u64) -> bool {
        if self.exceeded.is_some() {
            return true;
        }
        if self.nodes.is_some_and(|n| nodes >= n) {
            self.exceeded = Some(StopReason::NodeLimit);
        } else if nodes % 256 == 0 {
            if self
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed))
            {
                self.exceeded = Some(StopReason::Aborted);
            } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
                self.exceeded = Some(StopReason::TimeLimit);
            }
        }
        self.exceeded.is_some()
    }

    pub(crate) fn reason(&self) -> Option<StopReason> {
        self.exceeded
    }

    pub(crate) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
}
