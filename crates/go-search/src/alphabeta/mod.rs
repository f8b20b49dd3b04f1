//! [`AlphaBeta`]: negamax with principal-variation search, a transposition table,
//! iterative deepening, aspiration windows, null move, killer moves, the history
//! heuristic and a quiescence hook (after TAIL's `GenericAlphaBeta.h`).

mod tt;

use core::cmp::Reverse;

use crate::error::{OptionsError, check_tt_bits, largest_table};
use crate::limits::Budget;
use crate::path::{NO_REPETITION, Path, hash_of, mix};
use crate::tree::{SearchTree, note};
use crate::{Game, Player, SearchLimits, Stats, StopReason, Value};
use tt::{Bound, Table};

/// Judgement for alpha-beta: a heuristic score and, optionally, move-ordering knowledge and
/// quiescence moves. Terminal positions are scored by the engine from
/// [`Game::outcome`]; the evaluator only sees positions that are not over.
///
/// ```
/// use go_search::{Evaluator, Game, Value, toys::Nim};
/// /// Prefers positions with fewer stones left (a made-up heuristic).
/// struct FewStones;
/// impl Evaluator<Nim> for FewStones {
///     fn evaluate(&self, nim: &Nim) -> Value {
///         Value::new(-nim.heaps().iter().map(|&h| i32::from(h)).sum::<i32>())
///     }
/// }
/// assert_eq!(FewStones.evaluate(&Nim::new(&[2, 3])), Value::new(-5));
/// ```
pub trait Evaluator<G: Game> {
    /// Heuristic score of a non-terminal position, from the side to move (see [`Value::new`]).
    fn evaluate(&self, game: &G) -> Value;

    /// Reorders freshly generated moves, best first (default: keep the game's order).
    /// The engine then applies its own history, killer and table moves on top.
    fn order(&self, _game: &G, _moves: &mut [G::Move]) {}

    /// Moves worth searching past the horizon (captures, ataris). Default: none, so the
    /// horizon is the static evaluation.
    fn quiescence_moves(&self, _game: &G, _out: &mut Vec<G::Move>) {}
}

/// The evaluator without knowledge: every unfinished position is worth [`Value::DRAW`].
/// Enough to solve games to the end.
///
/// ```
/// use go_search::{Evaluator, Neutral, Value, toys::Nim};
/// assert_eq!(Neutral.evaluate(&Nim::new(&[3])), Value::DRAW);
/// ```
#[derive(Copy, Clone, Debug, Default)]
pub struct Neutral;

impl<G: Game> Evaluator<G> for Neutral {
    fn evaluate(&self, _game: &G) -> Value {
        Value::DRAW
    }
}

/// Options of [`AlphaBeta`].
///
/// ```
/// use go_search::{AlphaBetaOptions, SearchLimits};
/// let options = AlphaBetaOptions::default()
///     .with_limits(SearchLimits::default().with_depth(8))
///     .with_null_move(Some(2));
/// assert!(options.pvs);
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct AlphaBetaOptions {
    /// Depth, node, time and abort limits. Without a depth limit the search deepens until
    /// the value is exact or another limit stops it.
    pub limits: SearchLimits,
    /// The transposition table holds `2^tt_bits` entries: 1 to
    /// [`MAX_TT_BITS`](crate::MAX_TT_BITS) (see [`AlphaBeta::new`] and [`AlphaBeta::try_new`]).
    pub tt_bits: u32,
    /// Principal-variation search (null windows after the first move).
    pub pvs: bool,
    /// Aspiration window half-width around the previous iteration's value (`None`: full window).
    pub aspiration: Option<i32>,
    /// Null-move pruning with this depth reduction (needs [`Game::pass_move`]). Unsound in
    /// zugzwang positions, so off by default; values it touches are never reported exact.
    pub null_move: Option<u32>,
    /// Killer moves (two per ply).
    pub killers: bool,
    /// History heuristic.
    pub history: bool,
    /// Maximum plies of quiescence search beyond the horizon.
    pub quiescence_depth: u32,
    /// Record the explored tree, up to this many nodes.
    pub record_tree: Option<usize>,
}

impl Default for AlphaBetaOptions {
    fn default() -> Self {
        AlphaBetaOptions {
            limits: SearchLimits::default(),
            tt_bits: 18,
            pvs: true,
            aspiration: Some(50),
            null_move: None,
            killers: true,
            history: true,
            quiescence_depth: 8,
            record_tree: None,
        }
    }
}

impl AlphaBetaOptions {
    /// Sets the limits.
    ///
    /// ```
    /// use go_search::{AlphaBetaOptions, SearchLimits};
    /// let o = AlphaBetaOptions::default().with_limits(SearchLimits::default().with_depth(3));
    /// assert_eq!(o.limits.depth, Some(3));
    /// ```
    #[must_use]
    pub fn with_limits(mut self, limits: SearchLimits) -> Self {
        self.limits = limits;
        self
    }

    /// Sets the transposition-table size to `2^bits` entries.
    ///
    /// ```
    /// use go_search::AlphaBetaOptions;
    /// assert_eq!(AlphaBetaOptions::default().with_tt_bits(10).tt_bits, 10);
    /// ```
    #[must_use]
    pub fn with_tt_bits(mut self, bits: u32) -> Self {
        self.tt_bits = bits;
        self
    }

    /// Records the explored tree (up to `max_nodes`) for SGF export.
    ///
    /// ```
    /// use go_search::AlphaBetaOptions;
    /// assert_eq!(AlphaBetaOptions::default().with_tree(50).record_tree, Some(50));
    /// ```
    #[must_use]
    pub fn with_tree(mut self, max_nodes: usize) -> Self {
        self.record_tree = Some(max_nodes);
        self
    }

    /// Sets [`pvs`](Self::pvs).
    #[must_use]
    pub fn with_pvs(mut self, pvs: bool) -> Self {
        self.pvs = pvs;
        self
    }

    /// Sets [`aspiration`](Self::aspiration).
    #[must_use]
    pub fn with_aspiration(mut self, aspiration: Option<i32>) -> Self {
        self.aspiration = aspiration;
        self
    }

    /// Sets [`null_move`](Self::null_move).
    #[must_use]
    pub fn with_null_move(mut self, null_move: Option<u32>) -> Self {
        self.null_move = null_move;
        self
    }

    /// Sets [`killers`](Self::killers).
    #[must_use]
    pub fn with_killers(mut self, killers: bool) -> Self {
        self.killers = killers;
        self
    }

    /// Sets [`history`](Self::history).
    #[must_use]
    pub fn with_history(mut self, history: bool) -> Self {
        self.history = history;
        self
    }

    /// Sets [`quiescence_depth`](Self::quiescence_depth).
    #[must_use]
    pub fn with_quiescence_depth(mut self, quiescence_depth: u32) -> Self {
        self.quiescence_depth = quiescence_depth;
        self
    }
}

/// What an alpha-beta search found ([`AlphaBeta::search`]). Named for its engine, as
/// [`GtsResult`](crate::GtsResult) and [`ProofResult`](crate::ProofResult) are, and apart
/// from `go_mcts::SearchResult`.
#[derive(Clone, Debug)]
pub struct AlphaBetaResult<M> {
    /// Value of the root for the side to move there, from the deepest completed iteration.
    pub value: Value,
    /// Best move at the root (`None` if the root is over or no iteration finished).
    pub best_move: Option<M>,
    /// Principal variation, starting with `best_move`.
    pub pv: Vec<M>,
    /// Why the search ended: `Proved`/`Disproved`/`Drawn` when `value` is exact.
    pub stop: StopReason,
    /// Counters.
    pub stats: Stats,
    /// The explored tree, if it was recorded.
    pub tree: Option<SearchTree<M>>,
}

/// The old name of [`AlphaBetaResult`], which clashed with `go_mcts::SearchResult`.
#[deprecated(since = "0.2.0", note = "renamed `AlphaBetaResult`")]
pub type SearchResult<M> = AlphaBetaResult<M>;

#[derive(Copy, Clone, Debug)]
struct Found {
    /// Relative to the root (decisive values count plies from the root).
    value: Value,
    /// Some heuristic leaf (horizon, null move, budget) influenced the value.
    horizon: bool,
    /// Lowest index on the line of a repeated position this value depends on.
    floor: u32,
}

const HISTORY_SLOTS: usize = 4096;

/// Negamax alpha-beta engine. Build it once, search many positions: the transposition
/// table, killers and history persist between searches (use [`AlphaBeta::clear`] when the
/// evaluator changes).
///
/// Repetitions end a line with [`Game::repetition_outcome`]. Results that depend on which
/// positions are on the line are stored under a key that includes that set (after Kishimoto
/// & Müller), so transpositions never carry a value to a line where it is wrong.
///
/// ```
/// use go_search::{AlphaBeta, AlphaBetaOptions, Neutral, StopReason, toys::Nim};
/// let mut engine = AlphaBeta::new(AlphaBetaOptions::default());
/// let result = engine.search(&mut Nim::new(&[1, 2, 3]), &Neutral);
/// assert_eq!(result.stop, StopReason::Disproved); // 1 ^ 2 ^ 3 == 0: the mover loses
/// assert!(result.value.is_loss());
/// ```
pub struct AlphaBeta<G: Game> {
    options: AlphaBetaOptions,
    table: Table<G::Move>,
    killers: Vec<[Option<G::Move>; 2]>,
    history: Vec<u32>,
    path: Path,
    budget: Budget,
    stats: Stats,
    pv: Vec<Vec<G::Move>>,
    buffers: Vec<Vec<G::Move>>,
    tree: Option<SearchTree<G::Move>>,
    path_entries: bool,
    aborted: bool,
    iteration: u32,
}

/// A summary: options, table size and counters, not the table's entries.
impl<G: Game> std::fmt::Debug for AlphaBeta<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AlphaBeta")
            .field("options", &self.options)
            .field("table", &self.table)
            .field("stats", &self.stats)
            .field("iteration", &self.iteration)
            .field("tree_nodes", &self.tree.as_ref().map(SearchTree::num_nodes))
            .finish_non_exhaustive()
    }
}

impl<G: Game> AlphaBeta<G> {
    /// An engine with these options. A [`tt_bits`](AlphaBetaOptions::tt_bits) outside
    /// `1..=`[`MAX_TT_BITS`](crate::MAX_TT_BITS) is clamped into it, and lowered further
    /// while the table cannot be allocated; [`options`](Self::options) reports the size
    /// the table has. [`try_new`](Self::try_new) refuses such options instead. A node
    /// limit of 0 stops every search at once ([`StopReason::NodeLimit`]).
    ///
    /// ```
    /// use go_search::{AlphaBeta, AlphaBetaOptions, MAX_TT_BITS, toys::TicTacToe};
    /// let engine: AlphaBeta<TicTacToe> = AlphaBeta::new(AlphaBetaOptions::default());
    /// assert!(engine.options().pvs);
    /// let clamped: AlphaBeta<TicTacToe> = AlphaBeta::new(AlphaBetaOptions::default().with_tt_bits(0));
    /// assert_eq!(clamped.options().tt_bits, 1);
    /// ```
    #[must_use]
    pub fn new(mut options: AlphaBetaOptions) -> Self {
        let (table, bits) = largest_table(options.tt_bits, Table::try_new, Table::new);
        options.tt_bits = bits;
        Self::with_table(options, table)
    }

    /// An engine with these options, or why they cannot do: a
    /// [`tt_bits`](AlphaBetaOptions::tt_bits) outside `1..=`[`MAX_TT_BITS`](crate::MAX_TT_BITS),
    /// a table that cannot be allocated, a node limit of 0.
    ///
    /// # Errors
    /// [`OptionsError::TtBits`], [`OptionsError::TableAllocation`] or
    /// [`OptionsError::ZeroNodes`].
    ///
    /// ```
    /// use go_search::{AlphaBeta, AlphaBetaOptions, OptionsError, SearchLimits, toys::Nim};
    /// let options = AlphaBetaOptions::default().with_tt_bits(12);
    /// assert_eq!(AlphaBeta::<Nim>::try_new(options.clone())?.options().tt_bits, 12);
    /// let none = options.with_limits(SearchLimits::default().with_nodes(0));
    /// assert_eq!(AlphaBeta::<Nim>::try_new(none).err(), Some(OptionsError::ZeroNodes));
    /// # Ok::<(), OptionsError>(())
    /// ```
    pub fn try_new(options: AlphaBetaOptions) -> Result<Self, OptionsError> {
        let bits = check_tt_bits(options.tt_bits)?;
        if options.limits.nodes == Some(0) {
            return Err(OptionsError::ZeroNodes);
        }
        let table = Table::try_new(bits).map_err(|_| OptionsError::TableAllocation(bits))?;
        Ok(Self::with_table(options, table))
    }

    fn with_table(options: AlphaBetaOptions, table: Table<G::Move>) -> Self {
        AlphaBeta {
            table,
            budget: Budget::new(&options.limits),
            options,
            killers: Vec::new(),
            history: vec![0; 2 * HISTORY_SLOTS],
            path: Path::default(),
            stats: Stats::default(),
            pv: Vec::new(),
            buffers: Vec::new(),
            tree: None,
            path_entries: false,
            aborted: false,
            iteration: 0,
        }
    }

    /// The options.
    ///
    /// ```
    /// use go_search::{AlphaBeta, AlphaBetaOptions, toys::Nim};
    /// let e: AlphaBeta<Nim> = AlphaBeta::new(AlphaBetaOptions::default().with_tt_bits(8));
    /// assert_eq!(e.options().tt_bits, 8);
    /// ```
    #[must_use]
    pub fn options(&self) -> &AlphaBetaOptions {
        &self.options
    }

    /// Forgets the transposition table, killers and history.
    ///
    /// ```
    /// use go_search::{AlphaBeta, AlphaBetaOptions, toys::Nim};
    /// let mut e: AlphaBeta<Nim> = AlphaBeta::new(AlphaBetaOptions::default());
    /// e.clear();
    /// ```
    pub fn clear(&mut self) {
        self.table.clear();
        self.killers.clear();
        self.history.iter_mut().for_each(|h| *h = 0);
    }

    /// Searches `game` (left as it was found) and returns its value for the side to move.
    ///
    /// ```
    /// use go_search::{AlphaBeta, AlphaBetaOptions, Neutral, StopReason, toys::TicTacToe};
    /// let mut engine = AlphaBeta::new(AlphaBetaOptions::default());
    /// let result = engine.search(&mut TicTacToe::new(), &Neutral);
    /// assert_eq!(result.stop, StopReason::Drawn);
    /// ```
    pub fn search<E: Evaluator<G>>(&mut self, game: &mut G, eval: &E) -> AlphaBetaResult<G::Move> {
        self.budget = Budget::new(&self.options.limits);
        self.stats = Stats::default();
        self.path.clear();
        self.table.new_search();
        self.tree = self.options.record_tree.map(SearchTree::new);
        self.aborted = false;
        self.path_entries = false;
        for h in &mut self.history {
            *h /= 8;
        }
        let max_depth = self
            .options
            .limits
            .depth
            .unwrap_or(Value::MAX_PLY - 1)
            .max(1);
        let mut last: Option<(Found, Vec<G::Move>)> = None;
        for depth in 1..=max_depth {
            self.iteration = depth;
            let full = (-Value::INFINITE, Value::INFINITE);
            let window = match (self.options.aspiration, &last) {
                (Some(w), Some((f, _))) if !f.value.is_decisive() && w > 0 => {
                    (f.value.add(-w), f.value.add(w))
                }
                _ => full,
            };
            let mut found = self.negamax(game, eval, depth, window.0, window.1, true);
            if !self.aborted
                && window != full
                && (found.value <= window.0 || found.value >= window.1)
            {
                found = self.negamax(game, eval, depth, full.0, full.1, true);
            }
            if self.aborted {
                break;
            }
            self.stats.depth = depth;
            let pv = self.pv.first().cloned().unwrap_or_default();
            // A decisive value is final once the horizon covers it; before that a table
            // entry from another search may have supplied a longer win than one at hand.
            let exact = !found.horizon || found.value.plies_to_end().is_some_and(|p| p <= depth);
            last = Some((found, pv));
            if exact {
                break;
            }
        }
        self.stats.elapsed = self.budget.elapsed();
        let tree = self.tree.take();
        let stats = self.stats.clone();
        match last {
            Some((found, pv)) => {
                let stop = if found.value.is_win() {
                    StopReason::Proved
                } else if found.value.is_loss() {
                    StopReason::Disproved
                } else if !found.horizon {
                    StopReason::Drawn
                } else {
                    self.budget.reason().unwrap_or(StopReason::DepthLimit)
                };
                AlphaBetaResult {
                    value: found.value,
                    best_move: pv.first().copied(),
                    pv,
                    stop,
                    stats,
                    tree,
                }
            }
            None => AlphaBetaResult {
                value: Value::DRAW,
                best_move: None,
                pv: Vec::new(),
                stop: self.budget.reason().unwrap_or(StopReason::NodeLimit),
                stats,
                tree,
            },
        }
    }

    /// Repetition and game-over checks on entering a node.
    fn leaf(&self, game: &G, hash: u64, ply: u32) -> Option<Found> {
        if let Some(i) = self.path.find(hash) {
            let v = game.repetition_outcome().value_for(game.to_play());
            return Some(Found {
                value: v.node_to_root(ply),
                horizon: false,
                floor: i,
            });
        }
        game.outcome().map(|o| Found {
            value: o.value_for(game.to_play()).node_to_root(ply),
            horizon: false,
            floor: NO_REPETITION,
        })
    }

    fn tick(&mut self) -> bool {
        self.stats.nodes += 1;
        if self.budget.exhausted(self.stats.nodes) {
            self.aborted = true;
        }
        self.aborted
    }

    fn ensure_ply(&mut self, ply: usize) {
        while self.pv.len() <= ply + 1 {
            self.pv.push(Vec::new());
        }
        while self.killers.len() <= ply {
            self.killers.push([None, None]);
        }
        while self.buffers.len() <= ply {
            self.buffers.push(Vec::new());
        }
    }

    /// Searches a child and returns its value from `me`'s point of view.
    #[allow(clippy::too_many_arguments)]
    fn child<E: Evaluator<G>>(
        &mut self,
        game: &mut G,
        eval: &E,
        me: Player,
        depth: u32,
        alpha: Value,
        beta: Value,
        allow_null: bool,
    ) -> Found {
        if game.to_play() == me {
            self.negamax(game, eval, depth, alpha, beta, allow_null)
        } else {
            let f = self.negamax(game, eval, depth, -beta, -alpha, allow_null);
            Found {
                value: -f.value,
                ..f
            }
        }
    }

    fn history_slot(me: Player, mv: &G::Move) -> usize {
        me.index() * HISTORY_SLOTS + (hash_of(mv) as usize & (HISTORY_SLOTS - 1))
    }

    fn order_moves(&self, moves: &mut [G::Move], tt_move: Option<G::Move>, ply: usize, me: Player) {
        if self.options.history {
            moves.sort_by_key(|m| Reverse(self.history[Self::history_slot(me, m)]));
        }
        let mut to_front = |m: G::Move| {
            if let Some(pos) = moves.iter().position(|&x| x == m) {
                moves[..=pos].rotate_right(1);
            }
        };
        if self.options.killers {
            for k in self.killers[ply].iter().rev().flatten() {
                to_front(*k);
            }
        }
        if let Some(t) = tt_move {
            to_front(t);
        }
    }

    fn negamax<E: Evaluator<G>>(
        &mut self,
        game: &mut G,
        eval: &E,
        depth: u32,
        alpha: Value,
        beta: Value,
        allow_null: bool,
    ) -> Found {
        let ply = self.path.len();
        let p = ply as usize;
        self.ensure_ply(p);
        self.pv[p].clear();
        if self.tick() {
            return Found {
                value: Value::DRAW,
                horizon: true,
                floor: NO_REPETITION,
            };
        }
        let hash = game.hash();
        if let Some(found) = self.leaf(game, hash, ply) {
            note(&mut self.tree, || {
                format!("{}", found.value.root_to_node(ply))
            });
            return found;
        }
        if depth == 0 {
            return self.quiesce(game, eval, alpha, beta, self.options.quiescence_depth);
        }

        // Transposition table: the plain key, then the key of this line's position set.
        let line_key = hash ^ mix(self.path.key() ^ 0x5851_f42d_4c95_7f2d);
        let mut tt_move = None;
        let keys = [Some(hash), self.path_entries.then_some(line_key)];
        for key in keys.into_iter().flatten() {
            if let Some(e) = self.table.probe(key) {
                tt_move = tt_move.or(e.best);
                // A depth-limited value is reused only within this search and when it
                // looked at least as far from the root as this iteration does: values from
                // shallower iterations reached at other plies (cycles, transpositions
                // across plies) would otherwise keep the horizon alive forever.
                let deep_enough = u32::from(e.depth) >= depth
                    && e.generation == self.table.generation()
                    && u32::from(e.reach) >= self.iteration;
                if e.complete || deep_enough {
                    let v = e.value.node_to_root(ply);
                    let usable = match e.bound {
                        Bound::Exact => true,
                        Bound::Lower => v >= beta,
                        Bound::Upper => v <= alpha,
                    };
                    if usable {
                        self.stats.tt_hits += 1;
                        return Found {
                            value: v,
                            horizon: !e.complete,
                            floor: if key == hash { NO_REPETITION } else { 0 },
                        };
                    }
                }
            }
        }

        let me = game.to_play();

        // Null move: let the opponent move twice; if we still reach beta, cut.
        if let (true, Some(r), Some(pass)) = (allow_null, self.options.null_move, game.pass_move())
            && depth > r
            && beta.raw() - alpha.raw() == 1
            && !beta.is_decisive()
            && game.play(pass)
        {
            self.path.push(hash);
            let f = self.child(game, eval, me, depth - 1 - r, beta.add(-1), beta, false);
            self.path.pop();
            game.undo();
            if !self.aborted && f.value >= beta {
                self.stats.cutoffs += 1;
                return Found {
                    value: beta,
                    horizon: true,
                    floor: f.floor,
                };
            }
        }

        let mut moves = core::mem::take(&mut self.buffers[p]);
        moves.clear();
        game.generate(&mut moves);
        eval.order(game, &mut moves);
        self.order_moves(&mut moves, tt_move, p, me);

        let alpha0 = alpha;
        let mut alpha = alpha;
        let mut best = Value::LOSS.node_to_root(ply);
        let mut best_move = None;
        let mut horizon = false;
        let mut floor = NO_REPETITION;
        let mut legal = 0u32;
        self.path.push(hash);
        for &mv in &moves {
            if !game.play(mv) {
                continue;
            }
            legal += 1;
            if let Some(t) = &mut self.tree {
                t.enter(me, mv);
            }
            let f = if legal == 1 || !self.options.pvs {
                self.child(game, eval, me, depth - 1, alpha, beta, true)
            } else {
                let f = self.child(game, eval, me, depth - 1, alpha, alpha.add(1), true);
                if !self.aborted && f.value > alpha && f.value < beta {
                    self.child(game, eval, me, depth - 1, alpha, beta, true)
                } else {
                    f
                }
            };
            if let Some(t) = &mut self.tree {
                t.leave();
            }
            game.undo();
            if self.aborted {
                break;
            }
            horizon |= f.horizon;
            floor = floor.min(f.floor);
            if f.value > best {
                best = f.value;
                best_move = Some(mv);
                if f.value > alpha {
                    alpha = f.value;
                    let (head, tail) = self.pv.split_at_mut(p + 1);
                    head[p].clear();
                    head[p].push(mv);
                    head[p].extend_from_slice(&tail[0]);
                }
            }
            if alpha >= beta {
                self.stats.cutoffs += 1;
                if self.options.killers && self.killers[p][0] != Some(mv) {
                    self.killers[p][1] = self.killers[p][0];
                    self.killers[p][0] = Some(mv);
                }
                if self.options.history {
                    let slot = Self::history_slot(me, &mv);
                    self.history[slot] = self.history[slot].saturating_add(depth * depth);
                }
                break;
            }
        }
        self.path.pop();
        self.buffers[p] = moves;
        if self.aborted {
            return Found {
                value: best,
                horizon: true,
                floor,
            };
        }
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let key = if floor >= ply {
            hash
        } else {
            self.path_entries = true;
            line_key
        };
        self.table.store(
            key,
            best.root_to_node(ply),
            depth,
            bound,
            !horizon,
            best_move,
            ply + depth,
        );
        note(&mut self.tree, || {
            format!("{} ({bound:?}, depth {depth})", best.root_to_node(ply))
        });
        Found {
            value: best,
            horizon,
            floor,
        }
    }

    fn quiesce<E: Evaluator<G>>(
        &mut self,
        game: &mut G,
        eval: &E,
        alpha: Value,
        beta: Value,
        qdepth: u32,
    ) -> Found {
        let ply = self.path.len();
        let stand = Found {
            value: eval.evaluate(game),
            horizon: true,
            floor: NO_REPETITION,
        };
        if qdepth == 0 || stand.value >= beta {
            return stand;
        }
        let p = ply as usize;
        self.ensure_ply(p);
        let mut moves = core::mem::take(&mut self.buffers[p]);
        moves.clear();
        eval.quiescence_moves(game, &mut moves);
        let me = game.to_play();
        let hash = game.hash();
        let mut best = stand;
        let mut alpha = alpha.max(stand.value);
        self.path.push(hash);
        for &mv in &moves {
            if !game.play(mv) {
                continue;
            }
            let f = if self.tick() {
                stand
            } else {
                let h = game.hash();
                match self.leaf(game, h, ply + 1) {
                    Some(f) if game.to_play() == me => f,
                    Some(f) => Found {
                        value: -f.value,
                        ..f
                    },
                    None if game.to_play() == me => {
                        self.quiesce(game, eval, alpha, beta, qdepth - 1)
                    }
                    None => {
                        let f = self.quiesce(game, eval, -beta, -alpha, qdepth - 1);
                        Found {
                            value: -f.value,
                            ..f
                        }
                    }
                }
            };
            game.undo();
            if self.aborted {
                break;
            }
            best.floor = best.floor.min(f.floor);
            if f.value > best.value {
                best.value = f.value;
                alpha = alpha.max(f.value);
            }
            if alpha >= beta {
                self.stats.cutoffs += 1;
                break;
            }
        }
        self.path.pop();
        self.buffers[p] = moves;
        best
    }
}
