//! Per-node maps kept beside the compact search tree, and the playout
//! policy that fills them.
//!
//! go-mcts nodes are 40 bytes of atomics; a 19×19 map is 361 numbers. The
//! maps therefore live in a [`MapStore`] indexed by each node's extension
//! slot ([`Tree::claim_extension`]), allocated lazily the first time a
//! playout reaches the node (the thesis's "null" map, §5.3.2.1), and kept
//! across tree reuse (slots survive [`Tree::subtree`]).

use std::sync::{Mutex, MutexGuard, OnceLock};

use go_board::{Geometry, Pcg32};
use go_mcts::go::{GoPlayout, GoState, GoWorker};
use go_mcts::{NodeId, Playout, Record, Tree};

use crate::map::ValueMap;
use crate::terminal::{influence_half_units, ownership_half_units};

const SLOT_BITS: usize = 12;
const SLOTS_PER_CHUNK: usize = 1 << SLOT_BITS;

/// The sums of one node: the number of maps merged and, per point, the
/// sums of the influence and ownership maps in half units.
#[derive(Debug)]
struct Sums {
    count: u32,
    /// Influence sums (points 0..n), then ownership sums (n..2n).
    half_units: Vec<u32>,
}

/// The maps of every node of a tree: per node, the exact mean of the
/// terminal influence maps (Huertas 2014 Ec. 5: the running mean
/// `(Inf·n + New)/(n + 1)` is the arithmetic mean, kept here as integer
/// sums so no rounding accumulates) and of the true area ownership of
/// every playout that went through it.
///
/// Thread-safe: each node's sums sit behind their own mutex, taken once
/// per node per playout.
///
/// ```
/// use go_position_analyzer::MapStore;
/// use go_board::Geometry;
/// let store = MapStore::new(Geometry::square(9)?, 1000);
/// assert_eq!(store.num_maps(0), 0);
/// assert!(store.influence(0).is_none()); // never reached: no map
/// # Ok::<(), go_board::SizeError>(())
/// ```
#[derive(Debug)]
pub struct MapStore {
    geometry: &'static Geometry,
    chunks: Box<[OnceLock<Chunk>]>,
}

/// A chunk of lazily created slots.
type Chunk = Box<[OnceLock<Mutex<Sums>>]>;

impl MapStore {
    /// A store for a tree of at most `max_nodes` nodes on `geometry`.
    #[must_use]
    pub fn new(geometry: &'static Geometry, max_nodes: usize) -> MapStore {
        let num_chunks = (max_nodes + 1).div_ceil(SLOTS_PER_CHUNK).max(1);
        MapStore {
            geometry,
            chunks: (0..num_chunks).map(|_| OnceLock::new()).collect(),
        }
    }

    /// The board geometry.
    ///
    /// ```
    /// let store = go_position_analyzer::MapStore::new(go_board::Geometry::square(5)?, 10);
    /// assert_eq!(store.geometry().num_points(), 25);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn geometry(&self) -> &'static Geometry {
        self.geometry
    }

    fn slot(&self, slot: u32) -> Option<&Mutex<Sums>> {
        let s = slot as usize;
        let chunk = self.chunks.get(s >> SLOT_BITS)?.get()?;
        chunk[s & (SLOTS_PER_CHUNK - 1)].get()
    }

    fn slot_or_init(&self, slot: u32) -> Option<&Mutex<Sums>> {
        let s = slot as usize;
        let chunk = self
            .chunks
            .get(s >> SLOT_BITS)?
            .get_or_init(|| (0..SLOTS_PER_CHUNK).map(|_| OnceLock::new()).collect());
        let n = self.geometry.num_points();
        Some(chunk[s & (SLOTS_PER_CHUNK - 1)].get_or_init(|| {
            Mutex::new(Sums {
                count: 0,
                half_units: vec![0; 2 * n],
            })
        }))
    }

    /// Merges one playout's maps (half units, analyzer order) into the
    /// node with extension slot `slot`; false if the slot is beyond the
    /// store's capacity.
    ///
    /// ```
    /// let store = go_position_analyzer::MapStore::new(go_board::Geometry::square(2)?, 10);
    /// assert!(store.merge(3, &[2, 2, 0, 1], &[2, 2, 0, 0]));
    /// assert!(store.merge(3, &[0, 2, 0, 1], &[2, 2, 0, 0]));
    /// assert_eq!(store.num_maps(3), 2);
    /// assert!(store.influence(3).unwrap().values().eq(&[0.5, 1.0, 0.0, 0.5]));
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    pub fn merge(&self, slot: u32, influence: &[u8], ownership: &[u8]) -> bool {
        let Some(cell) = self.slot_or_init(slot) else {
            return false;
        };
        let mut sums = cell
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let n = influence.len().min(sums.half_units.len() / 2);
        let (inf, own) = sums.half_units.split_at_mut(n);
        for (s, &v) in inf.iter_mut().zip(influence) {
            *s += u32::from(v);
        }
        for (s, &v) in own.iter_mut().zip(ownership) {
            *s += u32::from(v);
        }
        sums.count += 1;
        true
    }

    /// The number of maps merged into the slot (the thesis's
    /// `m_nuInfluence`).
    #[must_use]
    pub fn num_maps(&self, slot: u32) -> u32 {
        self.slot(slot).map_or(0, |m| {
            m.lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .count
        })
    }

    /// The slot's sums once some map reached it (a poisoned lock is
    /// taken as it is: the sums are plain counters).
    fn filled(&self, slot: u32) -> Option<MutexGuard<'_, Sums>> {
        let sums = self
            .slot(slot)?
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        (sums.count > 0).then_some(sums)
    }

    fn mean(&self, slot: u32, part: usize) -> Option<ValueMap> {
        let sums = self.filled(slot)?;
        let n = self.geometry.num_points();
        let scale = 1.0 / (2.0 * f64::from(sums.count));
        let values = sums.half_units[part * n..(part + 1) * n]
            .iter()
            .map(|&s| (f64::from(s) * scale) as f32)
            .collect();
        ValueMap::from_values(self.geometry, values)
    }

    /// The slot's ownership sums: the number of maps merged and, per
    /// point in the map's order, the sum of the ownership in half units
    /// (0 Black, 1 dame, 2 White) — exact, so that the sums of several
    /// searches of the same position add up to their pooled mean
    /// (root-parallel analysis); `None` before any playout reached it.
    ///
    /// ```
    /// let store = go_position_analyzer::MapStore::new(go_board::Geometry::square(2)?, 10);
    /// assert!(store.merge(3, &[2, 2, 0, 1], &[2, 2, 0, 1]));
    /// assert!(store.merge(3, &[0, 2, 0, 1], &[2, 0, 0, 1]));
    /// assert_eq!(store.ownership_sums(3), Some((2, vec![4, 2, 0, 2])));
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn ownership_sums(&self, slot: u32) -> Option<(u32, Vec<u32>)> {
        let sums = self.filled(slot)?;
        let n = self.geometry.num_points();
        Some((sums.count, sums.half_units[n..2 * n].to_vec()))
    }

    /// The mean influence map of the slot (1 White, 0 Black, 0.5
    /// disputed); `None` before any playout reached it.
    #[must_use]
    pub fn influence(&self, slot: u32) -> Option<ValueMap> {
        self.mean(slot, 0)
    }

    /// The mean area ownership of the slot (1 White, 0 Black, 0.5 dame);
    /// `None` before any playout reached it.
    #[must_use]
    pub fn ownership(&self, slot: u32) -> Option<ValueMap> {
        self.mean(slot, 1)
    }
}

/// go-mcts's Go playout policy with the analyzer's maps: after each
/// simulation, the terminal influence map and the area ownership of the
/// final position are merged, exactly once, into every node of the path
/// from the root down (the thesis's `UpdateTree` → `AddGameResults` →
/// `MergeInfluence`, root included).
///
/// Only finished games give maps (the thesis takes maps from the final
/// positions of playouts, §5.2.3): a simulation that stops inside the
/// tree at a proven node, or a playout cut at its move cap (three moves
/// per point), merges nothing.
///
/// ```
/// use go_position_analyzer::AnalyzerPlayout;
/// use go_board::{Board, Geometry};
/// use go_mcts::go::{GoExpander, GoState, Policy};
/// use go_mcts::{Budget, Search, SearchOptions};
///
/// let board = Board::new(5)?;
/// let playout = AnalyzerPlayout::new(Policy::Light, board.geometry(), 10_000);
/// let options = SearchOptions::default().with_early_stop(false);
/// let mut search = Search::new(options, playout, GoExpander::default());
/// search.run(&GoState::new(&board, 0.5), Budget::playouts(200));
/// let root = search.tree().root();
/// let maps = search.playout().store().num_maps(search.tree().extension(root));
/// // One map per finished playout (none for a stop at a proven node).
/// assert!(maps > 0 && maps <= search.tree().info(root).visits);
/// # Ok::<(), go_board::SizeError>(())
/// ```
#[derive(Debug)]
pub struct AnalyzerPlayout {
    inner: GoPlayout,
    store: MapStore,
}

/// Per-thread data of [`AnalyzerPlayout`].
#[derive(Debug)]
pub struct AnalyzerWorker {
    inner: GoWorker,
    influence: Vec<u8>,
    ownership: Vec<u8>,
    scratch: Vec<i16>,
}

impl AnalyzerPlayout {
    /// Playouts of `policy` on boards of `geometry`, with room for the
    /// maps of `max_nodes` nodes.
    #[must_use]
    pub fn new(
        policy: go_mcts::go::Policy,
        geometry: &'static Geometry,
        max_nodes: usize,
    ) -> AnalyzerPlayout {
        AnalyzerPlayout {
            inner: GoPlayout::new(policy),
            store: MapStore::new(geometry, max_nodes),
        }
    }

    /// The maps gathered so far.
    #[must_use]
    pub fn store(&self) -> &MapStore {
        &self.store
    }
}

impl Playout<GoState> for AnalyzerPlayout {
    type Worker = AnalyzerWorker;
    type Rng = Pcg32;

    fn worker(&self, root: &GoState) -> AnalyzerWorker {
        AnalyzerWorker {
            inner: self.inner.worker(root),
            influence: Vec::new(),
            ownership: Vec::new(),
            scratch: Vec::new(),
        }
    }

    fn playout(
        &self,
        worker: &mut AnalyzerWorker,
        state: &mut GoState,
        rng: &mut Pcg32,
        record: &mut Record,
    ) -> f32 {
        self.inner.playout(&mut worker.inner, state, rng, record)
    }

    fn observe(&self, worker: &mut AnalyzerWorker, tree: &Tree, path: &[NodeId], end: &GoState) {
        let board = end.board();
        // Only finished games (two passes) have a final position: not a
        // stop at a proven node inside the tree, nor a playout cut at its
        // move cap. (Decided on the state, not on the tree, which other
        // threads may be expanding.)
        if board.consecutive_passes() < 2 {
            return;
        }
        influence_half_units(board, &mut worker.influence, &mut worker.scratch);
        ownership_half_units(board, &mut worker.ownership);
        for &id in path {
            let slot = tree.claim_extension(id);
            self.store.merge(slot, &worker.influence, &worker.ownership);
        }
    }

    fn finish(&self, workers: Vec<AnalyzerWorker>) {
        self.inner
            .finish(workers.into_iter().map(|w| w.inner).collect());
    }
}
