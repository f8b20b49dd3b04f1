//! The search tree: an arena of compact [`Node`]s in lazily allocated
//! chunks, children in contiguous blocks, a node cap, and subtree copies
//! for tree reuse.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicUsize, Ordering};

use crate::node::{EXPANDED, EXPANDING, LEAF, NO_MOVE, Node, Proof, TERMINAL};

const CHUNK_BITS: usize = 15;
const CHUNK: usize = 1 << CHUNK_BITS;
const MASK: usize = CHUNK - 1;

/// The index of a node in a [`Tree`].
///
/// ```
/// use go_mcts::{NodeId, Tree};
/// let tree = Tree::new(1000);
/// assert_eq!(tree.root(), NodeId::ROOT);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub(crate) u32);

impl NodeId {
    /// The root of every tree.
    pub const ROOT: NodeId = NodeId(0);

    /// The arena index.
    ///
    /// ```
    /// assert_eq!(go_mcts::NodeId::ROOT.index(), 0);
    /// ```
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A read-only view of one node's statistics (values from the side of the
/// player who made the node's move).
///
/// ```
/// use go_mcts::{NodeId, Tree};
/// let tree = Tree::new(10);
/// let info = tree.info(NodeId::ROOT);
/// assert_eq!(info.visits, 0);
/// assert_eq!(info.num_children, 0);
/// ```
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct NodeInfo {
    /// The move's [`MoveCode`](crate::MoveCode) (`u32::MAX` at the root).
    pub move_code: u32,
    /// Games through this node (Fuego's move count).
    pub visits: u32,
    /// Mean result of those games, 0 when there are none.
    pub value: f32,
    /// AMAF (RAVE) samples, prior excluded.
    pub rave_visits: u32,
    /// Mean AMAF result.
    pub rave_value: f32,
    /// Prior knowledge: equivalent visits.
    pub prior_visits: u32,
    /// Prior knowledge: value.
    pub prior_value: f32,
    /// What is proven.
    pub proof: Proof,
    /// Whether the position after the move ends the game.
    pub terminal: bool,
    /// Number of children (0 for a leaf).
    pub num_children: usize,
}

/// An arena of compact nodes shared by the search threads.
///
/// Nodes live in chunks of 32,768 allocated on first use; a node's
/// children are one contiguous block, so a node needs only the index of
/// the first child and their number. The arena never frees single nodes:
/// a new search either keeps the tree or copies the subtree it wants to
/// keep ([`subtree`](Tree::subtree)). When `max_nodes` are in use,
/// expansion stops and the search goes on with the tree it has.
///
/// Memory: 64 bytes a node (one cache line), so a million nodes take
/// 64 MB.
///
/// ```
/// use go_mcts::Tree;
/// let tree = Tree::new(1_000_000);
/// assert_eq!(tree.len(), 1);
/// assert!(tree.memory_bytes() < 4 << 20); // one chunk so far, not 64 MB
/// ```
pub struct Tree {
    chunks: Box<[OnceLock<Box<[Node]>>]>,
    next: AtomicUsize,
    max_nodes: usize,
    full: AtomicBool,
    extensions: AtomicU32,
}

/// A summary: the number of nodes and the capacity, not the nodes.
impl std::fmt::Debug for Tree {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tree")
            .field("len", &self.len())
            .field("max_nodes", &self.max_nodes)
            .finish_non_exhaustive()
    }
}

impl Tree {
    /// A tree with only the root, holding at most `max_nodes` nodes (at
    /// least 1, at most 2³²).
    ///
    /// ```
    /// let tree = go_mcts::Tree::new(100);
    /// assert_eq!(tree.max_nodes(), 100);
    /// ```
    #[must_use]
    pub fn new(max_nodes: usize) -> Tree {
        let max_nodes = max_nodes.clamp(1, u32::MAX as usize);
        let num_chunks = max_nodes.div_ceil(CHUNK);
        let chunks: Box<[OnceLock<Box<[Node]>>]> =
            (0..num_chunks).map(|_| OnceLock::new()).collect();
        let tree = Tree {
            chunks,
            next: AtomicUsize::new(1),
            max_nodes,
            full: AtomicBool::new(false),
            extensions: AtomicU32::new(0),
        };
        tree.ensure_chunk(0);
        tree.get(NodeId::ROOT).mv.store(NO_MOVE, Ordering::Relaxed);
        tree
    }

    fn ensure_chunk(&self, c: usize) -> &[Node] {
        let len = CHUNK.min(self.max_nodes - c * CHUNK);
        self.chunks[c].get_or_init(|| (0..len).map(|_| Node::default()).collect())
    }

    /// The root.
    ///
    /// ```
    /// assert_eq!(go_mcts::Tree::new(5).root().index(), 0);
    /// ```
    #[must_use]
    pub fn root(&self) -> NodeId {
        NodeId::ROOT
    }

    #[inline]
    pub(crate) fn get(&self, id: NodeId) -> &Node {
        let i = id.index();
        let chunk = self.chunks[i >> CHUNK_BITS]
            .get()
            .expect("node ids point into allocated chunks");
        &chunk[i & MASK]
    }

    /// The number of nodes allocated (the root included).
    ///
    /// ```
    /// assert_eq!(go_mcts::Tree::new(5).len(), 1);
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.next.load(Ordering::Relaxed).min(self.max_nodes)
    }

    /// Whether only the root exists.
    ///
    /// ```
    /// assert!(go_mcts::Tree::new(5).is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() <= 1
    }

    /// The node cap.
    ///
    /// ```
    /// assert_eq!(go_mcts::Tree::new(7).max_nodes(), 7);
    /// ```
    #[must_use]
    pub fn max_nodes(&self) -> usize {
        self.max_nodes
    }

    /// Whether an expansion found no room (the search then stops
    /// expanding and keeps searching).
    ///
    /// ```
    /// assert!(!go_mcts::Tree::new(7).is_full());
    /// ```
    #[must_use]
    pub fn is_full(&self) -> bool {
        self.full.load(Ordering::Relaxed)
    }

    /// Bytes held by the arena's allocated chunks.
    ///
    /// ```
    /// let tree = go_mcts::Tree::new(100);
    /// assert_eq!(tree.memory_bytes(), 100 * 64);
    /// ```
    #[must_use]
    pub fn memory_bytes(&self) -> usize {
        self.chunks
            .iter()
            .filter_map(|c| c.get())
            .map(|c| std::mem::size_of_val(&**c))
            .sum()
    }

    /// Reserves `k` contiguous nodes; `None` when the cap is reached.
    pub(crate) fn alloc(&self, k: usize) -> Option<usize> {
        debug_assert!(k > 0 && k <= CHUNK);
        let mut start = self.next.load(Ordering::Relaxed);
        loop {
            // A block never straddles two chunks.
            let s = if (start & MASK) + k > CHUNK {
                (start | MASK) + 1
            } else {
                start
            };
            let end = s + k;
            if end > self.max_nodes {
                self.full.store(true, Ordering::Relaxed);
                return None;
            }
            match self
                .next
                .compare_exchange_weak(start, end, Ordering::Relaxed, Ordering::Relaxed)
            {
                Ok(_) => {
                    self.ensure_chunk(s >> CHUNK_BITS);
                    return Some(s);
                }
                Err(now) => start = now,
            }
        }
    }

    /// Claims the right to expand `id` (false when another thread has it,
    /// or it is expanded or terminal).
    #[inline]
    pub(crate) fn begin_expand(&self, id: NodeId) -> bool {
        self.get(id)
            .state
            .compare_exchange(LEAF, EXPANDING, Ordering::Acquire, Ordering::Relaxed)
            .is_ok()
    }

    /// Gives up an expansion begun with `begin_expand`.
    pub(crate) fn abandon_expand(&self, id: NodeId) {
        self.get(id).state.store(LEAF, Ordering::Release);
    }

    /// Publishes the children `first..first + n` of `id`.
    pub(crate) fn finish_expand(&self, id: NodeId, first: usize, n: usize) {
        let node = self.get(id);
        node.first_child.store(first as u32, Ordering::Relaxed);
        node.num_children.store(n as u16, Ordering::Relaxed);
        node.state.store(EXPANDED, Ordering::Release);
    }

    pub(crate) fn mark_terminal(&self, id: NodeId, proof: Proof) {
        let node = self.get(id);
        node.set_proof(proof);
        node.state.store(TERMINAL, Ordering::Release);
    }

    /// The children of `id` (empty for a leaf).
    ///
    /// ```
    /// let tree = go_mcts::Tree::new(10);
    /// assert_eq!(tree.children(tree.root()).count(), 0);
    /// ```
    #[inline]
    pub fn children(&self, id: NodeId) -> impl ExactSizeIterator<Item = NodeId> + use<> {
        let (first, n) = self.child_range(id);
        (first..first + n).map(|i| NodeId(i as u32))
    }

    /// (first child index, number of children); (0, 0) for a leaf.
    #[inline]
    pub(crate) fn child_range(&self, id: NodeId) -> (usize, usize) {
        let node = self.get(id);
        if node.state.load(Ordering::Acquire) == EXPANDED {
            (
                node.first_child.load(Ordering::Relaxed) as usize,
                usize::from(node.num_children.load(Ordering::Relaxed)),
            )
        } else {
            (0, 0)
        }
    }

    /// The children of `id` as a slice of nodes, with the arena index of
    /// the first (a block never straddles two chunks).
    #[inline]
    pub(crate) fn child_slice(&self, id: NodeId) -> (usize, &[Node]) {
        let (first, n) = self.child_range(id);
        if n == 0 {
            return (0, &[]);
        }
        let chunk = self.chunks[first >> CHUNK_BITS]
            .get()
            .expect("child blocks are allocated");
        let start = first & MASK;
        (first, &chunk[start..start + n])
    }

    /// Whether `id` has children.
    #[inline]
    pub(crate) fn is_expanded(&self, id: NodeId) -> bool {
        self.get(id).state.load(Ordering::Acquire) == EXPANDED
    }

    /// Whether the position at `id` ends the game.
    #[inline]
    pub(crate) fn is_terminal(&self, id: NodeId) -> bool {
        self.get(id).state.load(Ordering::Acquire) == TERMINAL
    }

    /// The statistics of a node.
    ///
    /// ```
    /// let tree = go_mcts::Tree::new(10);
    /// assert_eq!(tree.info(tree.root()).move_code, u32::MAX);
    /// ```
    #[must_use]
    pub fn info(&self, id: NodeId) -> NodeInfo {
        let node = self.get(id);
        let (visits, value) = node.stats();
        let (rave_visits, rave_value) = node.rave();
        let (prior_visits, prior_value) = node.prior();
        NodeInfo {
            move_code: node.mv.load(Ordering::Relaxed),
            visits,
            value,
            rave_visits,
            rave_value,
            prior_visits,
            prior_value,
            proof: node.proof(),
            terminal: node.state.load(Ordering::Relaxed) == TERMINAL,
            num_children: self.child_range(id).1,
        }
    }

    /// The child of `id` whose move has code `code`.
    ///
    /// ```
    /// let tree = go_mcts::Tree::new(10);
    /// assert_eq!(tree.child_with_move(tree.root(), 3), None);
    /// ```
    #[must_use]
    pub fn child_with_move(&self, id: NodeId, code: u32) -> Option<NodeId> {
        self.children(id)
            .find(|&c| self.get(c).mv.load(Ordering::Relaxed) == code)
    }

    /// The extension slot of a node: a number the node keeps for data
    /// stored outside the tree (per-node maps, counters), 0 when unset.
    /// Slots survive [`subtree`](Tree::subtree) copies.
    ///
    /// ```
    /// let tree = go_mcts::Tree::new(10);
    /// let root = tree.root();
    /// assert_eq!(tree.extension(root), 0);
    /// let slot = tree.claim_extension(root);
    /// assert_eq!(tree.extension(root), slot);
    /// assert_eq!(tree.claim_extension(root), slot); // claimed once
    /// ```
    #[must_use]
    pub fn extension(&self, id: NodeId) -> u32 {
        self.get(id).ext.load(Ordering::Acquire)
    }

    /// The node's extension slot, claiming a fresh one (1, 2, …) the first
    /// time; thread-safe, so lazily allocated per-node data needs no lock
    /// on the tree.
    pub fn claim_extension(&self, id: NodeId) -> u32 {
        let ext = &self.get(id).ext;
        let now = ext.load(Ordering::Acquire);
        if now != 0 {
            return now;
        }
        let fresh = self.extensions.fetch_add(1, Ordering::Relaxed) + 1;
        match ext.compare_exchange(0, fresh, Ordering::AcqRel, Ordering::Acquire) {
            Ok(_) => fresh,
            Err(other) => other,
        }
    }

    /// A new tree (same cap) holding a copy of the subtree at `id`, with
    /// `id` as its root. For tree reuse: after moves are played, keep what
    /// the search learned below the new position. Not to be called while
    /// a search runs on `self`.
    ///
    /// ```
    /// let tree = go_mcts::Tree::new(10);
    /// let copy = tree.subtree(tree.root());
    /// assert_eq!(copy.len(), 1);
    /// ```
    #[must_use]
    pub fn subtree(&self, id: NodeId) -> Tree {
        let out = Tree::new(self.max_nodes);
        out.extensions
            .store(self.extensions.load(Ordering::Relaxed), Ordering::Relaxed);
        let root = out.get(NodeId::ROOT);
        root.copy_data_from(self.get(id));
        root.mv.store(NO_MOVE, Ordering::Relaxed);
        let mut stack = vec![(id, NodeId::ROOT)];
        while let Some((old, new)) = stack.pop() {
            let (first, n) = self.child_range(old);
            if n == 0 {
                continue;
            }
            let Some(start) = out.alloc(n) else {
                continue;
            };
            for k in 0..n {
                let from = NodeId((first + k) as u32);
                let to = NodeId((start + k) as u32);
                out.get(to).copy_data_from(self.get(from));
                stack.push((from, to));
            }
            out.finish_expand(new, start, n);
        }
        out.full.store(false, Ordering::Relaxed);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_never_straddle_chunks() {
        let tree = Tree::new(3 * CHUNK);
        let mut starts = Vec::new();
        while let Some(s) = tree.alloc(1000) {
            assert_eq!(s >> CHUNK_BITS, (s + 999) >> CHUNK_BITS);
            starts.push(s);
        }
        assert!(tree.is_full());
        assert!(starts.len() >= 3 * (CHUNK / 1000) - 3);
    }

    #[test]
    fn subtree_copies_statistics_and_shape() {
        let tree = Tree::new(100);
        assert!(tree.begin_expand(NodeId::ROOT));
        let s = tree.alloc(3).unwrap();
        for k in 0..3 {
            tree.get(NodeId((s + k) as u32))
                .mv
                .store(k as u32, Ordering::Relaxed);
        }
        tree.finish_expand(NodeId::ROOT, s, 3);
        let child = NodeId((s + 1) as u32);
        tree.get(child).add_result(1.0);
        assert!(tree.begin_expand(child));
        let t = tree.alloc(2).unwrap();
        tree.finish_expand(child, t, 2);
        tree.get(NodeId(t as u32)).add_result(0.0);
        let copy = tree.subtree(child);
        assert_eq!(copy.len(), 3);
        assert_eq!(copy.info(copy.root()).visits, 1);
        let kids: Vec<_> = copy.children(copy.root()).collect();
        assert_eq!(kids.len(), 2);
        assert_eq!(copy.info(kids[0]).visits, 1);
        assert_eq!(copy.info(kids[0]).value, 0.0);
    }
}
