//! [`ProofNumber`]: Allis's best-first proof-number search on an explicit tree.

use std::collections::HashMap;

use super::ProofResult;
use super::numbers::{Info, combine, select, solved_deps};
use crate::limits::Budget;
use crate::path::{NO_REPETITION, Path};
use crate::tree::SearchTree;
use crate::{DrawAs, Game, Goal, Player, ProofNumbers, SearchLimits, Stats, StopReason, Verdict};

/// Options of [`ProofNumber`].
///
/// ```
/// use go_search::{ProofNumberOptions, SearchLimits};
/// let options = ProofNumberOptions::default()
///     .with_limits(SearchLimits::default().with_nodes(100_000).with_depth(30));
/// assert_eq!(options.limits.depth, Some(30));
/// ```
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct ProofNumberOptions {
    /// `nodes` caps the tree size (memory); `depth` stops expansion at that many plies,
    /// as Fractal Go does (a disproof that leans on the cut is reported as
    /// [`StopReason::DepthLimit`], never as a disproof).
    pub limits: SearchLimits,
    /// How draws count.
    pub draws: DrawAs,
    /// Export the final tree, up to this many nodes.
    pub record_tree: Option<usize>,
}

impl ProofNumberOptions {
    /// Sets the limits.
    #[must_use]
    pub fn with_limits(mut self, limits: SearchLimits) -> Self {
        self.limits = limits;
        self
    }

    /// Sets how draws count.
    #[must_use]
    pub fn with_draws(mut self, draws: DrawAs) -> Self {
        self.draws = draws;
        self
    }

    /// Records the explored tree (up to `max_nodes`) for SGF export.
    #[must_use]
    pub fn with_tree(mut self, max_nodes: usize) -> Self {
        self.record_tree = Some(max_nodes);
        self
    }
}

#[derive(Copy, Clone, Debug)]
struct Node<M> {
    mv: Option<M>,
    player: Player,
    parent: u32,
    first: u32,
    len: u32,
    info: Info,
    expanded: bool,
    /// The disproof leans on the depth limit.
    cut: bool,
}

/// Best-first proof-number search (Allis): the tree is kept in memory; each step descends
/// to the most-proving node (minimum proof number at OR nodes, minimum disproof number at
/// AND nodes, ties to the first child), expands it with immediate evaluation and updates
/// the numbers back to the root.
///
/// Solved positions are remembered in a table and reused when met again; solutions that
/// lean on a repetition above them stay in the tree only, where their line is fixed.
/// As in Fractal Go, the subtree below a solved node is freed (the node keeps its
/// numbers): the tree in memory is the unsolved part, and the arena is compacted when
/// freed nodes outnumber live ones. The node budget and [`Stats::nodes`] count every
/// node created. Nothing is freed when the tree is recorded
/// ([`ProofNumberOptions::with_tree`]), so that the export shows it whole.
///
/// ```
/// use go_search::{Player, ProofNumber, ProofNumberOptions, WinGoal, toys::TicTacToe};
/// let mut pns = ProofNumber::new(ProofNumberOptions::default());
/// let result = pns.solve(&mut TicTacToe::new(), &WinGoal::new(Player::First));
/// assert!(result.is_disproved());
/// ```
pub struct ProofNumber<G: Game> {
    options: ProofNumberOptions,
    nodes: Vec<Node<G::Move>>,
    solved: HashMap<u64, (ProofNumbers, bool)>,
    path: Path,
    budget: Budget,
    stats: Stats,
    moves: Vec<G::Move>,
    /// Nodes created in this search (the budget and `Stats::nodes` count
    /// these, freed or not).
    created: usize,
    /// Nodes of the arena still reachable from the root.
    live: usize,
}

/// A summary: options, tree size and counters, not the nodes.
impl<G: Game> std::fmt::Debug for ProofNumber<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProofNumber")
            .field("options", &self.options)
            .field("nodes", &self.nodes.len())
            .field("solved", &self.solved.len())
            .field("stats", &self.stats)
            .finish_non_exhaustive()
    }
}

impl<G: Game> ProofNumber<G> {
    /// An engine with these options.
    ///
    /// ```
    /// use go_search::{ProofNumber, ProofNumberOptions, toys::Nim};
    /// let pns: ProofNumber<Nim> = ProofNumber::new(ProofNumberOptions::default());
    /// assert!(pns.options().limits.nodes.is_none());
    /// ```
    #[must_use]
    pub fn new(options: ProofNumberOptions) -> Self {
        ProofNumber {
            budget: Budget::new(&options.limits),
            options,
            nodes: Vec::new(),
            solved: HashMap::new(),
            path: Path::default(),
            stats: Stats::default(),
            moves: Vec::new(),
            created: 0,
            live: 0,
        }
    }

    /// The options.
    ///
    /// ```
    /// use go_search::{DrawAs, ProofNumber, ProofNumberOptions, toys::Nim};
    /// let pns: ProofNumber<Nim> = ProofNumber::new(ProofNumberOptions::default().with_draws(DrawAs::Proof));
    /// assert_eq!(pns.options().draws, DrawAs::Proof);
    /// ```
    #[must_use]
    pub fn options(&self) -> &ProofNumberOptions {
        &self.options
    }

    /// Proves or disproves `goal` from `game` (left as it was found).
    ///
    /// ```
    /// use go_search::{Player, ProofNumber, ProofNumberOptions, WinGoal, toys::Nim};
    /// let mut pns = ProofNumber::new(ProofNumberOptions::default());
    /// assert!(pns.solve(&mut Nim::new(&[1, 2]), &WinGoal::new(Player::First)).is_proved());
    /// ```
    pub fn solve<Q: Goal<G>>(&mut self, game: &mut G, goal: &Q) -> ProofResult<G::Move> {
        self.budget = Budget::new(&self.options.limits);
        self.stats = Stats::default();
        self.nodes.clear();
        self.solved.clear();
        self.path.clear();
        let draws = self.options.draws;
        let conditions_before = game.conditions_met();
        let root_hash = game.hash();
        let root_info = match goal.verdict(game) {
            Some(v) => Info::verdict(v, draws, NO_REPETITION),
            None => Info::open(goal.estimate(game)),
        };
        self.nodes.push(Node {
            mv: None,
            player: game.to_play().opponent(),
            parent: 0,
            first: 0,
            len: 0,
            info: root_info,
            expanded: false,
            cut: false,
        });
        self.path.push(root_hash);
        self.created = 1;
        self.live = 1;
        let mut reason = None;
        while !self.nodes[0].info.numbers.is_solved() {
            if self.budget.exhausted(self.created as u64) {
                reason = self.budget.reason();
                break;
            }
            // Descend to the most-proving node.
            let mut x = 0usize;
            while self.nodes[x].expanded {
                let node = self.nodes[x];
                let or = game.to_play() == goal.attacker();
                let range = node.first as usize..(node.first + node.len) as usize;
                let (i, _) = select(or, self.nodes[range].iter().map(|n| &n.info));
                x = node.first as usize + i;
                let mv = self.nodes[x].mv.expect("children carry moves");
                let accepted = game.play(mv);
                debug_assert!(accepted, "a move accepted once must be accepted again");
                self.path.push(game.hash());
            }
            self.expand(game, goal, x);
            // Update the numbers back to the root.
            loop {
                self.update(game, goal, x);
                if x == 0 {
                    break;
                }
                game.undo();
                self.path.pop();
                x = self.nodes[x].parent as usize;
            }
            // Freed subtrees leave holes: close them once they outnumber
            // the live tree.
            if self.nodes.len() > 1024 && self.nodes.len() > 2 * self.live {
                self.compact();
            }
        }
        self.stats.nodes = self.created as u64;
        self.stats.elapsed = self.budget.elapsed();
        let root = self.nodes[0];
        let or = game.to_play() == goal.attacker();
        let n = root.info.numbers;
        let stop = if n.is_proved() {
            StopReason::Proved
        } else if n.is_disproved() && root.cut {
            StopReason::DepthLimit
        } else if n.is_disproved() {
            StopReason::Disproved
        } else {
            reason.unwrap_or(StopReason::NodeLimit)
        };
        let children = &self.nodes[root.first as usize..(root.first + root.len) as usize];
        let best_move = children
            .iter()
            .find(|c| {
                (or && n.is_proved() && c.info.numbers.is_proved())
                    || (!or
                        && stop == StopReason::Disproved
                        && c.info.numbers.is_disproved()
                        && !c.cut)
            })
            .and_then(|c| c.mv);
        ProofResult {
            stop,
            best_move,
            pv: best_move.into_iter().collect(),
            numbers: n,
            // Not tracked node by node here: any condition met anywhere counts.
            conditional: game.conditions_met() != conditions_before,
            stats: self.stats.clone(),
            tree: self.options.record_tree.map(|limit| self.export(limit)),
        }
    }

    fn expand<Q: Goal<G>>(&mut self, game: &mut G, goal: &Q, x: usize) {
        let depth = self.path.len() - 1;
        self.stats.depth = self.stats.depth.max(depth);
        self.nodes[x].expanded = true;
        if self.options.limits.depth.is_some_and(|d| depth >= d) {
            // Fractal Go's resource limit: no expansion below the depth limit.
            self.nodes[x].info = Info::verdict(Verdict::Disproved, DrawAs::Disproof, NO_REPETITION);
            self.nodes[x].cut = true;
            self.nodes[x].len = 0;
            return;
        }
        let draws = self.options.draws;
        let me = game.to_play();
        let mut moves = core::mem::take(&mut self.moves);
        moves.clear();
        game.generate(&mut moves);
        let first = self.nodes.len() as u32;
        for &mv in &moves {
            if !game.play(mv) {
                continue;
            }
            let h = game.hash();
            let info = if let Some(i) = self.path.find(h) {
                Info::verdict(goal.repetition(game), draws, i)
            } else if let Some(v) = goal.verdict(game) {
                Info::verdict(v, draws, NO_REPETITION)
            } else if let Some(&(numbers, draw)) = self.solved.get(&h) {
                self.stats.tt_hits += 1;
                Info {
                    numbers,
                    floor: NO_REPETITION,
                    draw,
                    cond: false,
                }
            } else {
                Info::open(goal.estimate(game))
            };
            game.undo();
            self.nodes.push(Node {
                mv: Some(mv),
                player: me,
                parent: x as u32,
                first: 0,
                len: 0,
                info,
                expanded: info.numbers.is_solved(),
                cut: false,
            });
        }
        self.moves = moves;
        self.nodes[x].first = first;
        self.nodes[x].len = self.nodes.len() as u32 - first;
        self.created += self.nodes[x].len as usize;
        self.live += self.nodes[x].len as usize;
    }

    /// Frees the subtree below the solved node `x` (Fractal Go's memory
    /// optimisation): its numbers are final, and solutions that hold
    /// wherever they are met are in the table.
    fn release(&mut self, x: usize) {
        let mut stack = vec![x];
        let mut freed = 0;
        while let Some(y) = stack.pop() {
            let node = self.nodes[y];
            let range = node.first as usize..(node.first + node.len) as usize;
            freed += range.len();
            stack.extend(range);
        }
        self.live -= freed;
        self.nodes[x].len = 0;
    }

    /// Rebuilds the arena from the live tree, breadth first, so that each
    /// node's children stay contiguous.
    fn compact(&mut self) {
        let mut nodes = Vec::with_capacity(self.live);
        nodes.push(self.nodes[0]);
        let mut i = 0;
        while i < nodes.len() {
            let node: Node<G::Move> = nodes[i];
            let range = node.first as usize..(node.first + node.len) as usize;
            let first = nodes.len() as u32;
            for c in range {
                let mut child = self.nodes[c];
                child.parent = i as u32;
                nodes.push(child);
            }
            nodes[i].first = first;
            i += 1;
        }
        self.nodes = nodes;
        self.live = self.nodes.len();
    }

    fn update<Q: Goal<G>>(&mut self, game: &G, goal: &Q, x: usize) {
        let node = self.nodes[x];
        if node.cut {
            return;
        }
        let or = game.to_play() == goal.attacker();
        let range = node.first as usize..(node.first + node.len) as usize;
        let numbers = combine(or, self.nodes[range.clone()].iter().map(|n| &n.info));
        let mut info = Info::open(numbers);
        info.numbers = numbers;
        let mut cut = false;
        if numbers.is_solved() {
            let kids = &self.nodes[range];
            // Prefer a deciding child that does not lean on the depth cut.
            let (floor, draw, _) =
                solved_deps(or, numbers, kids.iter().filter(|k| !k.cut).map(|k| &k.info));
            let all_must_hold = (or && numbers.is_disproved()) || (!or && numbers.is_proved());
            let decided_by_clean = kids.iter().any(|k| {
                !k.cut
                    && if or {
                        k.info.numbers.is_proved()
                    } else {
                        k.info.numbers.is_disproved()
                    }
            });
            cut = if all_must_hold {
                kids.iter().any(|k| k.cut)
            } else {
                !decided_by_clean
            };
            info.floor = floor;
            info.draw = draw;
            let depth = self.path.len() - 1;
            if info.floor >= depth && !cut {
                info.floor = NO_REPETITION;
                if let Some(h) = self.path.last() {
                    self.solved.insert(h, (numbers, draw));
                }
            }
        }
        self.nodes[x].info = info;
        self.nodes[x].cut = cut;
        if x != 0 && numbers.is_solved() && node.len > 0 && self.options.record_tree.is_none() {
            self.release(x);
        }
    }

    fn export(&self, limit: usize) -> SearchTree<G::Move> {
        let mut tree = SearchTree::new(limit);
        let label = |n: &Node<G::Move>| {
            let show = |v: u32| {
                if v == ProofNumbers::INFINITY {
                    "inf".to_string()
                } else {
                    v.to_string()
                }
            };
            format!(
                "pn {} dn {}",
                show(n.info.numbers.proof),
                show(n.info.numbers.disproof)
            )
        };
        tree.annotate(|| label(&self.nodes[0]));
        // Depth-first walk with an explicit stack: (node, entering).
        let mut stack = vec![(0usize, true)];
        while let Some((x, entering)) = stack.pop() {
            let node = &self.nodes[x];
            if entering {
                if let Some(mv) = node.mv {
                    tree.enter(node.player, mv);
                    tree.annotate(|| label(node));
                    stack.push((x, false));
                }
                for c in (node.first..node.first + node.len).rev() {
                    stack.push((c as usize, true));
                }
            } else {
                tree.leave();
            }
        }
        tree
    }
}
