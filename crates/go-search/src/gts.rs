//! [`Gts`]: Cazenave's generalized threats search (TAIL's `ABGT.h`): an AND/OR alpha-beta
//! for goal-directed games where the attacker only plays moves that carry a threat of
//! bounded order and the defender only answers inside the threat's trace.

use std::collections::HashMap;

use crate::limits::Budget;
use crate::path::{NO_REPETITION, Path};
use crate::tree::{SearchTree, note};
use crate::{Game, Goal, SearchLimits, Stats, StopReason, Verdict, WinGoal};

/// Knowledge for [`Gts`] on top of a [`Goal`]: attack ordering and the trace of a threat.
///
/// The search is sound when a defender move outside a proof's trace cannot change that
/// proof — true of monotone goals such as capture, connection (Hex) or making a line in
/// games without defender wins. The trace the engine builds holds every move played in
/// the proof, both sides'; [`widen_trace`](Threats::widen_trace) adds what the game knows
/// matters besides (for Go: the liberties of the blocks involved, captures that would
/// rescue them).
///
/// ```
/// use go_search::{Goal, Player, Threats, Verdict, WinGoal, toys::Nim};
/// // Any goal gets the default hooks.
/// fn takes<T: Threats<Nim>>(_: &T) {}
/// takes(&WinGoal::new(Player::First));
/// ```
pub trait Threats<G: Game>: Goal<G> {
    /// Orders the attacker's candidate moves, best first.
    fn order_attacks(&self, _game: &G, _moves: &mut [G::Move]) {}

    /// Adds moves that may invalidate a threat to its trace. `game` is the position after
    /// the attacker's threatening move, defender to move.
    fn widen_trace(&self, _game: &G, _trace: &mut Vec<G::Move>) {}
}

impl<G: Game> Threats<G> for WinGoal {}

/// Options of [`Gts`].
///
/// ```
/// use go_search::GtsOptions;
/// let options = GtsOptions::default().with_max_order(5);
/// assert_eq!(options.max_order, 5);
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct GtsOptions {
    /// Depth, node, time and abort limits.
    pub limits: SearchLimits,
    /// Highest threat order tried (orders are tried 0, 1, … in turn).
    pub max_order: u32,
    /// Record the explored tree, up to this many nodes.
    pub record_tree: Option<usize>,
}

impl Default for GtsOptions {
    fn default() -> Self {
        GtsOptions {
            limits: SearchLimits::default(),
            max_order: 3,
            record_tree: None,
        }
    }
}

impl GtsOptions {
    /// Sets the highest threat order.
    ///
    /// ```
    /// use go_search::GtsOptions;
    /// assert_eq!(GtsOptions::default().with_max_order(2).max_order, 2);
    /// ```
    #[must_use]
    pub fn with_max_order(mut self, order: u32) -> Self {
        self.max_order = order;
        self
    }

    /// Sets the limits.
    ///
    /// ```
    /// use go_search::{GtsOptions, SearchLimits};
    /// let o = GtsOptions::default().with_limits(SearchLimits::default().with_nodes(9));
    /// assert_eq!(o.limits.nodes, Some(9));
    /// ```
    #[must_use]
    pub fn with_limits(mut self, limits: SearchLimits) -> Self {
        self.limits = limits;
        self
    }

    /// Records the explored tree (up to `max_nodes`) for SGF export.
    #[must_use]
    pub fn with_tree(mut self, max_nodes: usize) -> Self {
        self.record_tree = Some(max_nodes);
        self
    }
}

/// What a generalized threats search found.
#[derive(Clone, Debug)]
pub struct GtsResult<M> {
    /// `Proved` when the attacker reaches the goal; otherwise why the search gave up.
    /// GTS never disproves: failing with threats up to `max_order` is
    /// [`StopReason::DepthLimit`].
    pub stop: StopReason,
    /// The attacker's winning move (attacker to move at the root).
    pub best_move: Option<M>,
    /// The smallest threat order that wins.
    pub order: Option<u32>,
    /// The trace of the proof: every move it depends on.
    pub trace: Vec<M>,
    /// Counters (`depth` = highest order completed).
    pub stats: Stats,
    /// The explored tree, if it was recorded.
    pub tree: Option<SearchTree<M>>,
}

#[derive(Clone, Debug)]
struct Res<M> {
    win: bool,
    trace: Vec<M>,
    best: Option<M>,
    floor: u32,
    /// Cut by the depth limit or the budget: not a fact about the position.
    limited: bool,
}

impl<M> Res<M> {
    fn fail(floor: u32, limited: bool) -> Self {
        Res {
            win: false,
            trace: Vec::new(),
            best: None,
            floor,
            limited,
        }
    }
}

/// Generalized threats search (Cazenave 2002): iterative widening over threat orders.
///
/// At order `n`, the attacker tries each move; after it, the defender's pass is tried
/// first: unless the attacker then wins with order `n − 1` (the move is a threat), the
/// move is dropped. Otherwise the defender may only answer with moves in the trace of
/// that threat (plus [`Threats::widen_trace`]), and the attacker must win after each
/// answer, again with order `n`. Needs [`Game::pass_move`]; without it every defender
/// move is tried. Repetitions end a line with [`Goal::repetition`].
///
/// ```
/// use go_search::{Gts, GtsOptions, Player, StopReason, WinGoal, toys::TicTacToe};
/// use go_search::Game;
/// let mut game = TicTacToe::new();
/// for cell in [0, 4, 1] { assert!(game.play(cell)); }  // X threatens 2; O to move.
/// assert!(game.play(2));                                // O blocks (and threatens 6).
/// let result = Gts::new(GtsOptions::default()).solve(&mut game, &WinGoal::new(Player::First));
/// assert_ne!(result.stop, StopReason::Proved);          // X has no forced win here
/// ```
pub struct Gts<G: Game> {
    options: GtsOptions,
    memo: HashMap<(u64, u32), Option<Vec<G::Move>>>,
    path: Path,
    budget: Budget,
    stats: Stats,
    tree: Option<SearchTree<G::Move>>,
    aborted: bool,
}

/// A summary: options, memo size and counters, not the memo.
impl<G: Game> std::fmt::Debug for Gts<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Gts")
            .field("options", &self.options)
            .field("memo", &self.memo.len())
            .field("stats", &self.stats)
            .field("tree_nodes", &self.tree.as_ref().map(SearchTree::num_nodes))
            .finish_non_exhaustive()
    }
}

impl<G: Game> Gts<G> {
    /// An engine with these options.
    ///
    /// ```
    /// use go_search::{Gts, GtsOptions, toys::Nim};
    /// let gts: Gts<Nim> = Gts::new(GtsOptions::default());
    /// assert_eq!(gts.options().max_order, 3);
    /// ```
    #[must_use]
    pub fn new(options: GtsOptions) -> Self {
        Gts {
            budget: Budget::new(&options.limits),
            options,
            memo: HashMap::new(),
            path: Path::default(),
            stats: Stats::default(),
            tree: None,
            aborted: false,
        }
    }

    /// The options.
    ///
    /// ```
    /// use go_search::{Gts, GtsOptions, toys::Nim};
    /// let gts: Gts<Nim> = Gts::new(GtsOptions::default().with_max_order(1));
    /// assert_eq!(gts.options().max_order, 1);
    /// ```
    #[must_use]
    pub fn options(&self) -> &GtsOptions {
        &self.options
    }

    /// Searches for a win of the attacker with threats of order up to `max_order`.
    ///
    /// ```
    /// use go_search::{Game, Gts, GtsOptions, Player, StopReason, WinGoal, toys::TicTacToe};
    /// let mut game = TicTacToe::new();
    /// for cell in [0, 3, 1] { assert!(game.play(cell)); }  // X: a b _ ; O: d
    /// assert!(game.play(4));                                // O to move played e.
    /// let result = Gts::new(GtsOptions::default()).solve(&mut game, &WinGoal::new(Player::First));
    /// assert_eq!(result.stop, StopReason::Proved);
    /// assert_eq!(result.best_move, Some(2));                // complete the top row
    /// assert_eq!(result.order, Some(0));
    /// ```
    pub fn solve<T: Threats<G>>(&mut self, game: &mut G, threats: &T) -> GtsResult<G::Move> {
        self.budget = Budget::new(&self.options.limits);
        self.stats = Stats::default();
        self.memo.clear();
        self.path.clear();
        self.aborted = false;
        self.tree = self.options.record_tree.map(SearchTree::new);
        let depth = self.options.limits.depth.unwrap_or(crate::Value::MAX_PLY);
        let mut found = None;
        for order in 0..=self.options.max_order {
            let r = self.node(game, threats, order, depth);
            if self.aborted {
                break;
            }
            self.stats.depth = order;
            if r.win {
                found = Some((order, r));
                break;
            }
        }
        self.stats.elapsed = self.budget.elapsed();
        let tree = self.tree.take();
        match found {
            Some((order, r)) => GtsResult {
                stop: StopReason::Proved,
                best_move: r.best,
                order: Some(order),
                trace: r.trace,
                stats: self.stats.clone(),
                tree,
            },
            None => GtsResult {
                stop: self.budget.reason().unwrap_or(StopReason::DepthLimit),
                best_move: None,
                order: None,
                trace: Vec::new(),
                stats: self.stats.clone(),
                tree,
            },
        }
    }

    fn node<T: Threats<G>>(&mut self, game: &mut G, t: &T, order: u32, depth: u32) -> Res<G::Move> {
        self.stats.nodes += 1;
        if self.budget.exhausted(self.stats.nodes) {
            self.aborted = true;
            return Res::fail(NO_REPETITION, true);
        }
        let hash = game.hash();
        if let Some(i) = self.path.find(hash) {
            let win = t.repetition(game) == Verdict::Proved;
            return Res {
                win,
                ..Res::fail(i, false)
            };
        }
        if let Some(v) = t.verdict(game) {
            return Res {
                win: v == Verdict::Proved,
                ..Res::fail(NO_REPETITION, false)
            };
        }
        if depth == 0 {
            return Res::fail(NO_REPETITION, true);
        }
        if let Some(m) = self.memo.get(&(hash, order)) {
            self.stats.tt_hits += 1;
            return match m {
                Some(trace) => Res {
                    win: true,
                    trace: trace.clone(),
                    ..Res::fail(NO_REPETITION, false)
                },
                None => Res::fail(NO_REPETITION, false),
            };
        }
        let ply = self.path.len();
        let mut r = if game.to_play() == t.attacker() {
            self.attack(game, t, hash, order, depth)
        } else {
            self.defend(game, t, hash, order, depth)
        };
        if !r.limited && r.floor >= ply {
            r.floor = NO_REPETITION;
            self.memo
                .insert((hash, order), r.win.then(|| r.trace.clone()));
        }
        note(&mut self.tree, || {
            format!("order {order}: {}", if r.win { "win" } else { "fail" })
        });
        r
    }

    fn attack<T: Threats<G>>(
        &mut self,
        game: &mut G,
        t: &T,
        hash: u64,
        order: u32,
        depth: u32,
    ) -> Res<G::Move> {
        let me = game.to_play();
        let mut moves = Vec::new();
        game.generate(&mut moves);
        t.order_attacks(game, &mut moves);
        let mut result = Res::fail(NO_REPETITION, false);
        self.path.push(hash);
        for mv in moves {
            if !game.play(mv) {
                continue;
            }
            if let Some(tr) = &mut self.tree {
                tr.enter(me, mv);
            }
            let r = self.node(game, t, order, depth - 1);
            if let Some(tr) = &mut self.tree {
                tr.leave();
            }
            game.undo();
            result.floor = result.floor.min(r.floor);
            result.limited |= r.limited;
            if r.win {
                let mut trace = r.trace;
                push_unique(&mut trace, mv);
                result = Res {
                    win: true,
                    trace,
                    best: Some(mv),
                    floor: r.floor,
                    limited: false,
                };
                self.stats.cutoffs += 1;
                break;
            }
            if self.aborted {
                break;
            }
        }
        self.path.pop();
        result
    }

    fn defend<T: Threats<G>>(
        &mut self,
        game: &mut G,
        t: &T,
        hash: u64,
        order: u32,
        depth: u32,
    ) -> Res<G::Move> {
        if order == 0 {
            return Res::fail(NO_REPETITION, false);
        }
        let me = game.to_play();
        self.path.push(hash);
        let mut floor = NO_REPETITION;
        // Is there a threat? Let the defender pass.
        let mut trace = None;
        if let Some(pass) = game.pass_move()
            && game.play(pass)
        {
            let r = self.node(game, t, order - 1, depth - 1);
            game.undo();
            floor = r.floor;
            if !r.win {
                self.path.pop();
                return Res::fail(floor, r.limited);
            }
            let mut tr = r.trace;
            t.widen_trace(game, &mut tr);
            trace = Some(tr);
        }
        let mut moves = Vec::new();
        game.generate(&mut moves);
        if let Some(tr) = &trace {
            moves.retain(|m| tr.contains(m));
        }
        let mut proof = trace.unwrap_or_default();
        let mut result = None;
        for mv in moves {
            if !game.play(mv) {
                continue;
            }
            if let Some(tr) = &mut self.tree {
                tr.enter(me, mv);
            }
            let r = self.node(game, t, order, depth - 1);
            if let Some(tr) = &mut self.tree {
                tr.leave();
            }
            game.undo();
            floor = floor.min(r.floor);
            if !r.win {
                self.stats.cutoffs += 1;
                result = Some(Res {
                    best: Some(mv),
                    ..Res::fail(floor, r.limited)
                });
                break;
            }
            push_unique(&mut proof, mv);
            for m in r.trace {
                push_unique(&mut proof, m);
            }
        }
        self.path.pop();
        result.unwrap_or(Res {
            win: true,
            trace: proof,
            best: None,
            floor,
            limited: false,
        })
    }
}

fn push_unique<M: PartialEq>(v: &mut Vec<M>, m: M) {
    if !v.contains(&m) {
        v.push(m);
    }
}
