//! [`Dfpn`]: depth-first proof-number search (Nagai) with repetition-safe entries.

use std::collections::HashMap;

use super::numbers::{Info, combine_select, solved_deps, sum};
use super::table::{CONDITIONAL, DRAW, DRAW_AS_PROOF, Entry, Key, RECENT, Table};
use super::{ProofResult, ThreeValuedResult};
use crate::error::{OptionsError, check_tt_bits, largest_table};
use crate::limits::Budget;
use crate::path::{NO_REPETITION, Path};
use crate::tree::{SearchTree, note};
use crate::{DrawAs, Game, Goal, ProofNumbers, SearchLimits, Sight, Stats, StopReason, Verdict};

const INF: u32 = ProofNumbers::INFINITY;

/// Options of [`Dfpn`].
///
/// ```
/// use go_search::{DfpnOptions, DrawAs, SearchLimits};
/// let options = DfpnOptions::default()
///     .with_limits(SearchLimits::default().with_nodes(1_000_000))
///     .with_draws(DrawAs::Proof);
/// assert_eq!(options.epsilon, 0.25);
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct DfpnOptions {
    /// Node, time and abort limits (depth is not used).
    pub limits: SearchLimits,
    /// The transposition table holds `2^tt_bits` entries: 1 to
    /// [`MAX_TT_BITS`](crate::MAX_TT_BITS) (see [`Dfpn::new`] and [`Dfpn::try_new`]).
    pub tt_bits: u32,
    /// The 1+ε trick (Pawlewicz & Lew): a child may run until its number exceeds the
    /// second-best sibling's by a factor `1 + epsilon`, which cuts re-expansions. `0.0` is
    /// plain df-pn.
    pub epsilon: f32,
    /// How [`solve`](Dfpn::solve) counts draws.
    pub draws: DrawAs,
    /// Record the explored tree, up to this many nodes.
    pub record_tree: Option<usize>,
    /// The longest principal variation a result carries ([`ProofResult::pv`]); 0 reads
    /// none. The line is read from the table once the search is over, so it costs the
    /// search nothing; reading it plays its moves (and looks at their siblings) on the
    /// game and takes them back.
    pub pv_length: usize,
}

impl Default for DfpnOptions {
    fn default() -> Self {
        DfpnOptions {
            limits: SearchLimits::default(),
            tt_bits: 18,
            epsilon: 0.25,
            draws: DrawAs::Disproof,
            record_tree: None,
            pv_length: 64,
        }
    }
}

impl DfpnOptions {
    /// Sets the limits.
    ///
    /// ```
    /// use go_search::{DfpnOptions, SearchLimits};
    /// let o = DfpnOptions::default().with_limits(SearchLimits::default().with_nodes(5));
    /// assert_eq!(o.limits.nodes, Some(5));
    /// ```
    #[must_use]
    pub fn with_limits(mut self, limits: SearchLimits) -> Self {
        self.limits = limits;
        self
    }

    /// Sets how draws count.
    ///
    /// ```
    /// use go_search::{DfpnOptions, DrawAs};
    /// assert_eq!(DfpnOptions::default().with_draws(DrawAs::Proof).draws, DrawAs::Proof);
    /// ```
    #[must_use]
    pub fn with_draws(mut self, draws: DrawAs) -> Self {
        self.draws = draws;
        self
    }

    /// Records the explored tree (up to `max_nodes`) for SGF export.
    ///
    /// ```
    /// use go_search::DfpnOptions;
    /// assert_eq!(DfpnOptions::default().with_tree(9).record_tree, Some(9));
    /// ```
    #[must_use]
    pub fn with_tree(mut self, max_nodes: usize) -> Self {
        self.record_tree = Some(max_nodes);
        self
    }

    /// Sets [`tt_bits`](Self::tt_bits).
    #[must_use]
    pub fn with_tt_bits(mut self, tt_bits: u32) -> Self {
        self.tt_bits = tt_bits;
        self
    }

    /// Sets [`epsilon`](Self::epsilon).
    #[must_use]
    pub fn with_epsilon(mut self, epsilon: f32) -> Self {
        self.epsilon = epsilon;
        self
    }

    /// Sets [`pv_length`](Self::pv_length), the longest principal variation a result
    /// carries (0: none).
    ///
    /// ```
    /// use go_search::{Dfpn, DfpnOptions, Player, WinGoal, toys::Nim};
    /// let options = DfpnOptions::default().with_pv_length(0);
    /// let r = Dfpn::new(options).solve(&mut Nim::new(&[2, 3]), &WinGoal::new(Player::First));
    /// assert!(r.is_proved() && r.pv.is_empty());
    /// ```
    #[must_use]
    pub fn with_pv_length(mut self, pv_length: usize) -> Self {
        self.pv_length = pv_length;
        self
    }
}

#[derive(Copy, Clone, Debug)]
struct Child<M> {
    mv: M,
    key: Key,
    info: Info,
    /// Solved (terminal, repetition, or proved/disproved): never re-read.
    fixed: bool,
    /// Its first look met a side condition of the game.
    met: bool,
}

/// What the first look at a child found, before the table and the line are consulted:
/// the game's own verdict, or its estimate.
#[derive(Copy, Clone, Debug)]
struct Kid<M> {
    mv: M,
    key: Key,
    base: Info,
    terminal: bool,
}

/// The children of recently expanded nodes, by node hash (direct-mapped, `2^KID_BITS`
/// slots): a node expanded again needs no move generation and no move played to know
/// its children.
const KID_BITS: u32 = 12;

/// A slot of the children of recently expanded nodes.
#[derive(Clone, Debug)]
struct KidSlot<M> {
    /// The node's hash (0: none).
    hash: u64,
    /// Generating the children refused a move on a side condition of the game.
    cond: bool,
    kids: Vec<Kid<M>>,
}

#[derive(Copy, Clone, Debug)]
struct Solved {
    numbers: ProofNumbers,
    draw: bool,
    cond: bool,
}

/// Depth-first proof-number search.
///
/// Each node's proof and disproof numbers are kept in a transposition table; the search
/// dives under thresholds (Nagai's MID) and widens them by the 1+ε trick. A move that
/// repeats a position of the current line ends the line with
/// [`Goal::repetition`]; solutions that depend on such a repetition above the node are
/// kept in a separate table keyed by the node and the set of positions on the line, so a
/// value proved on one line is never reused on another where it would be wrong (the
/// graph-history-interaction problem, fixed as Kishimoto & Müller propose). Pass–pass and
/// ko cycles are therefore handled correctly, whatever order the search meets them in.
///
/// A solution also records whether it leaned on a side condition of the game, such as
/// the ko threats of the capture game ([`Game::conditions_met`],
/// [`ProofResult::conditional`]). One that did not holds whatever the conditions: it is
/// kept under the position's key without them ([`Game::condition_key`]), so that a
/// search of the same game under other conditions, on the same table
/// ([`solve_again`](Dfpn::solve_again)), reuses it.
///
/// ```
/// use go_search::{Dfpn, DfpnOptions, Player, StopReason, WinGoal, toys::Nim};
/// let mut dfpn = Dfpn::new(DfpnOptions::default());
/// let result = dfpn.solve(&mut Nim::new(&[3, 4, 5]), &WinGoal::new(Player::First));
/// assert_eq!(result.stop, StopReason::Proved); // 3 ^ 4 ^ 5 != 0
/// ```
pub struct Dfpn<G: Game> {
    options: DfpnOptions,
    table: Table,
    lines: HashMap<(u64, u64), Solved>,
    path: Path,
    budget: Budget,
    stats: Stats,
    children_pool: Vec<Vec<Child<G::Move>>>,
    /// Scratch list of generated moves (an expansion does not recurse).
    moves: Vec<G::Move>,
    /// Children of recently expanded nodes; cleared by every run.
    kids: Vec<KidSlot<G::Move>>,
    tree: Option<SearchTree<G::Move>>,
    draws: DrawAs,
    stopped: bool,
    root_best: Option<G::Move>,
    /// The root of the last run and whether it was proved, if it was solved by a search
    /// (not decided before any move): what [`principal_variation`](Dfpn::principal_variation)
    /// reads from.
    solved_root: Option<(u64, bool)>,
}

/// A summary: options, table size and counters, not the table's entries.
impl<G: Game> std::fmt::Debug for Dfpn<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Dfpn")
            .field("options", &self.options)
            .field("table", &self.table)
            .field("solved_lines", &self.lines.len())
            .field("stats", &self.stats)
            .field("tree_nodes", &self.tree.as_ref().map(SearchTree::num_nodes))
            .finish_non_exhaustive()
    }
}

impl<G: Game> Dfpn<G> {
    /// An engine with these options. A [`tt_bits`](DfpnOptions::tt_bits) outside
    /// `1..=`[`MAX_TT_BITS`](crate::MAX_TT_BITS) is clamped into it, and lowered further
    /// while the table cannot be allocated; [`options`](Self::options) reports the size
    /// the table has. [`try_new`](Self::try_new) refuses such options instead. A node
    /// limit of 0 stops every search at once ([`StopReason::NodeLimit`]).
    ///
    /// ```
    /// use go_search::{Dfpn, DfpnOptions, MAX_TT_BITS, toys::Nim};
    /// let dfpn: Dfpn<Nim> = Dfpn::new(DfpnOptions::default());
    /// assert_eq!(dfpn.options().tt_bits, 18);
    /// let clamped: Dfpn<Nim> = Dfpn::new(DfpnOptions::default().with_tt_bits(0));
    /// assert_eq!(clamped.options().tt_bits, 1);
    /// ```
    #[must_use]
    pub fn new(mut options: DfpnOptions) -> Self {
        let (table, bits) = largest_table(options.tt_bits, Table::try_new, Table::new);
        options.tt_bits = bits;
        Self::with_table(options, table)
    }

    /// An engine with these options, or why they cannot do: a
    /// [`tt_bits`](DfpnOptions::tt_bits) outside `1..=`[`MAX_TT_BITS`](crate::MAX_TT_BITS),
    /// a table that cannot be allocated, a node limit of 0.
    ///
    /// # Errors
    /// [`OptionsError::TtBits`], [`OptionsError::TableAllocation`] or
    /// [`OptionsError::ZeroNodes`].
    ///
    /// ```
    /// use go_search::{Dfpn, DfpnOptions, OptionsError, toys::Nim};
    /// assert_eq!(Dfpn::<Nim>::try_new(DfpnOptions::default())?.options().tt_bits, 18);
    /// let huge = DfpnOptions::default().with_tt_bits(40);
    /// assert_eq!(Dfpn::<Nim>::try_new(huge).err(), Some(OptionsError::TtBits(40)));
    /// # Ok::<(), OptionsError>(())
    /// ```
    pub fn try_new(options: DfpnOptions) -> Result<Self, OptionsError> {
        let bits = check_tt_bits(options.tt_bits)?;
        if options.limits.nodes == Some(0) {
            return Err(OptionsError::ZeroNodes);
        }
        let table = Table::try_new(bits).map_err(|_| OptionsError::TableAllocation(bits))?;
        Ok(Self::with_table(options, table))
    }

    fn with_table(options: DfpnOptions, table: Table) -> Self {
        Dfpn {
            table,
            budget: Budget::new(&options.limits),
            draws: options.draws,
            options,
            lines: HashMap::new(),
            path: Path::default(),
            stats: Stats::default(),
            children_pool: Vec::new(),
            moves: Vec::new(),
            kids: Vec::new(),
            tree: None,
            stopped: false,
            root_best: None,
            solved_root: None,
        }
    }

    /// The options.
    ///
    /// ```
    /// use go_search::{Dfpn, DfpnOptions, toys::Nim};
    /// let dfpn: Dfpn<Nim> = Dfpn::new(DfpnOptions::default().with_epsilon(0.0));
    /// assert_eq!(dfpn.options().epsilon, 0.0);
    /// ```
    #[must_use]
    pub fn options(&self) -> &DfpnOptions {
        &self.options
    }

    /// Changes the limits of the next searches (the table is kept).
    ///
    /// ```
    /// use go_search::{Dfpn, DfpnOptions, SearchLimits, toys::Nim};
    /// let mut dfpn: Dfpn<Nim> = Dfpn::new(DfpnOptions::default());
    /// dfpn.set_limits(SearchLimits::default().with_nodes(500));
    /// assert_eq!(dfpn.options().limits.nodes, Some(500));
    /// ```
    pub fn set_limits(&mut self, limits: SearchLimits) {
        self.options.limits = limits;
    }

    /// Proves or disproves `goal` from `game` (left as it was found). Draws count as the
    /// options say.
    ///
    /// ```
    /// use go_search::{Dfpn, DfpnOptions, DrawAs, Player, WinGoal, toys::TicTacToe};
    /// let options = DfpnOptions::default().with_draws(DrawAs::Proof);
    /// let r = Dfpn::new(options).solve(&mut TicTacToe::new(), &WinGoal::new(Player::Second));
    /// assert!(r.is_proved()); // the second player can hold the draw
    /// ```
    pub fn solve<Q: Goal<G>>(&mut self, game: &mut G, goal: &Q) -> ProofResult<G::Move> {
        self.begin();
        self.draws = self.options.draws;
        self.run_to_result(game, goal)
    }

    /// [`solve`](Dfpn::solve) within `limits`, keeping the transposition table of the
    /// last search: what that search proved or disproved is reused, so asking about a
    /// position it went through (a child of its root, say) is cheap, and answers as that
    /// search would have. The game must hash positions as it did then.
    ///
    /// ```
    /// use go_search::{Dfpn, DfpnOptions, Game, Player, SearchLimits, StopReason, WinGoal};
    /// use go_search::toys::Nim;
    /// let mut dfpn = Dfpn::new(DfpnOptions::default());
    /// let mut nim = Nim::new(&[1, 2]);
    /// let goal = WinGoal::new(Player::First);
    /// assert!(dfpn.solve(&mut nim, &goal).is_proved());
    /// let mut moves = Vec::new();
    /// nim.generate(&mut moves);
    /// assert!(nim.play(moves[0]));
    /// let limits = SearchLimits::default().with_nodes(100);
    /// let again = dfpn.solve_again(&mut nim, &goal, &limits);
    /// assert!(matches!(again.stop, StopReason::Proved | StopReason::Disproved));
    /// ```
    pub fn solve_again<Q: Goal<G>>(
        &mut self,
        game: &mut G,
        goal: &Q,
        limits: &SearchLimits,
    ) -> ProofResult<G::Move> {
        self.budget = Budget::new(limits);
        self.stats = Stats::default();
        self.lines.clear();
        self.tree = None;
        self.draws = self.options.draws;
        self.run_to_result(game, goal)
    }

    /// Win, loss or draw (seki) for the attacker, by two binary searches (Niu, Kishimoto &
    /// Müller): first with draws counted against the attacker, then, if that fails, with
    /// draws counted for it. The re-search reuses the first search's table: proofs, open
    /// numbers and disproofs that involved no draw carry over; disproofs that did are
    /// searched again.
    ///
    /// ```
    /// use go_search::{Dfpn, DfpnOptions, Player, Verdict, WinGoal, toys::Nim};
    /// let mut dfpn = Dfpn::new(DfpnOptions::default());
    /// let r = dfpn.solve_three_valued(&mut Nim::new(&[2, 2]), &WinGoal::new(Player::First));
    /// assert_eq!(r.value, Some(Verdict::Disproved));
    /// ```
    pub fn solve_three_valued<Q: Goal<G>>(
        &mut self,
        game: &mut G,
        goal: &Q,
    ) -> ThreeValuedResult<G::Move> {
        self.begin();
        let attacker_to_move = game.to_play() == goal.attacker();
        self.draws = DrawAs::Disproof;
        let (stop1, _) = self.run(game, goal);
        self.stats.elapsed = self.budget.elapsed();
        let first = core::mem::take(&mut self.stats);
        let best1 = self.root_best;
        let unknown = |stop, first, second| ThreeValuedResult {
            value: None,
            best_move: None,
            pv: Vec::new(),
            stop,
            first,
            second,
        };
        match stop1 {
            StopReason::Proved => {
                return ThreeValuedResult {
                    value: Some(Verdict::Proved),
                    best_move: best1,
                    pv: self.result_pv(game, goal),
                    stop: StopReason::Proved,
                    first,
                    second: Stats::default(),
                };
            }
            StopReason::Disproved => {}
            other => return unknown(other, first, Stats::default()),
        }
        // Re-search: same generation, so the first search's entries are read through the
        // seki flag; path-dependent solutions are dropped.
        self.lines.clear();
        self.draws = DrawAs::Proof;
        self.root_best = None;
        let start = self.budget.elapsed();
        let (stop2, _) = self.run(game, goal);
        self.stats.elapsed = self.budget.elapsed() - start;
        let second = core::mem::take(&mut self.stats);
        let best2 = self.root_best;
        let (value, stop, best) = match stop2 {
            StopReason::Proved => (
                Verdict::Draw,
                StopReason::Drawn,
                if attacker_to_move { best2 } else { best1 },
            ),
            StopReason::Disproved => (Verdict::Disproved, StopReason::Disproved, best2),
            other => return unknown(other, first, second),
        };
        // The re-search's line (with draws counted for the attacker, a proof is the
        // attacker's draw and a disproof the defender's win), from the answer's move:
        // the defender's that holds a draw comes from the first search.
        let pv = if self.options.pv_length == 0 {
            Vec::new()
        } else {
            self.pv_from(game, goal, best, self.options.pv_length)
        };
        ThreeValuedResult {
            value: Some(value),
            best_move: best,
            pv,
            stop,
            first,
            second,
        }
    }

    fn begin(&mut self) {
        self.budget = Budget::new(&self.options.limits);
        self.stats = Stats::default();
        self.table.new_generation();
        self.lines.clear();
        self.tree = self.options.record_tree.map(SearchTree::new);
    }

    /// One run from the current state, as the result a caller gets (with the tree
    /// recorded since [`begin`](Self::begin), if any).
    fn run_to_result<Q: Goal<G>>(&mut self, game: &mut G, goal: &Q) -> ProofResult<G::Move> {
        let (stop, info) = self.run(game, goal);
        self.stats.elapsed = self.budget.elapsed();
        ProofResult {
            stop,
            best_move: self.root_best,
            pv: self.result_pv(game, goal),
            numbers: info.numbers,
            conditional: info.cond,
            stats: self.stats.clone(),
            tree: self.tree.take(),
        }
    }

    fn run<Q: Goal<G>>(&mut self, game: &mut G, goal: &Q) -> (StopReason, Info) {
        self.path.clear();
        // First looks depend on the goal and the draw rule: a run starts afresh.
        if self.kids.is_empty() {
            self.kids = (0..1usize << KID_BITS)
                .map(|_| KidSlot {
                    hash: 0,
                    cond: false,
                    kids: Vec::new(),
                })
                .collect();
        } else {
            self.kids.iter_mut().for_each(|k| k.hash = 0);
        }
        self.stopped = false;
        self.root_best = None;
        self.solved_root = None;
        let met = game.conditions_met();
        if let Some(v) = goal.verdict(game) {
            let mut info = Info::verdict(v, self.draws, NO_REPETITION);
            info.cond = game.conditions_met() != met;
            return (stop_of(info.numbers, None), info);
        }
        let th = ProofNumbers {
            proof: INF,
            disproof: INF,
        };
        let root_cond = game.conditions_met() != met;
        let root = game.hash();
        let info = self.mid(game, goal, root, th, root_cond);
        if info.numbers.is_solved() {
            self.solved_root = Some((root, info.numbers.is_proved()));
        }
        let reason = self.budget.reason();
        (stop_of(info.numbers, reason), info)
    }

    /// The principal variation of the last search, read from its transposition table:
    /// both sides' moves from its root, at most `max_len` of them. `game` must be at
    /// that root (as the search left it); the line is empty otherwise, and when the
    /// search was not solved or the root was decided before any move. The game is
    /// left as it was found, but sees the line's moves played and taken back (and
    /// their siblings looked at), as in a search.
    ///
    /// At the winner's nodes the line follows a move that proves the win (at the
    /// root, the result's [`best_move`](ProofResult::best_move); elsewhere the first
    /// in the game's order that the table or the goal shows proving); at the loser's
    /// nodes it follows the reply whose refutation cost the search the most work (the
    /// table's count of nodes below it), the most stubborn resistance. It
    /// ends where the goal's verdict is reached or a position repeats, where the
    /// side to move has no move, or where the table no longer holds the proof
    /// (replaced entries). Results carry this line ([`ProofResult::pv`]) unless
    /// [`DfpnOptions::pv_length`] is 0; this reads it for callers that keep the reading
    /// apart from the search, such as a game that counts the positions it sees.
    ///
    /// ```
    /// use go_search::{Dfpn, DfpnOptions, Game, Player, WinGoal, toys::Nim};
    /// let mut dfpn = Dfpn::new(DfpnOptions::default().with_pv_length(0));
    /// let mut nim = Nim::new(&[1, 2]);
    /// let goal = WinGoal::new(Player::First);
    /// let result = dfpn.solve(&mut nim, &goal);
    /// assert!(result.pv.is_empty());
    /// let pv = dfpn.principal_variation(&mut nim, &goal, 10);
    /// assert_eq!(pv.first(), result.best_move.as_ref());
    /// // The winner takes the last stone.
    /// for &mv in &pv {
    ///     assert!(nim.play(mv));
    /// }
    /// assert!(nim.heaps().iter().all(|&h| h == 0));
    /// ```
    pub fn principal_variation<Q: Goal<G>>(
        &mut self,
        game: &mut G,
        goal: &Q,
        max_len: usize,
    ) -> Vec<G::Move> {
        self.pv_from(game, goal, self.root_best, max_len)
    }

    /// The line of a result, as long as the options allow.
    fn result_pv<Q: Goal<G>>(&mut self, game: &mut G, goal: &Q) -> Vec<G::Move> {
        if self.options.pv_length == 0 {
            return Vec::new();
        }
        self.pv_from(game, goal, self.root_best, self.options.pv_length)
    }

    /// The principal variation from the last run's root, starting with `first` when
    /// the table has it decided the run's way (see [`principal_variation`]).
    ///
    /// [`principal_variation`]: Dfpn::principal_variation
    fn pv_from<Q: Goal<G>>(
        &mut self,
        game: &mut G,
        goal: &Q,
        first: Option<G::Move>,
        max_len: usize,
    ) -> Vec<G::Move> {
        let mut pv = Vec::new();
        let Some((root, proved)) = self.solved_root else {
            return pv;
        };
        let mut hash = game.hash();
        if hash != root {
            return pv;
        }
        self.path.clear();
        let mut moves = Vec::new();
        let mut played = 0;
        while pv.len() < max_len {
            let or = game.to_play() == goal.attacker();
            // The winner needs one proving move; the loser's every move is refuted.
            let winner = or == proved;
            self.path.push(hash);
            moves.clear();
            game.generate(&mut moves);
            // (move, hash, ends the line, work below it)
            let mut chosen: Option<(G::Move, u64, bool, u32)> = None;
            for &mv in &moves {
                let forced = pv.is_empty() && Some(mv) == first;
                // The goal is asked for its verdict only where the table cannot
                // tell (judging a position may cost more than playing it): at the
                // loser's nodes, while no refuted move is known yet.
                let judge = forced || winner || chosen.is_none();
                let Some((child_hash, ends, work)) = self.pv_look(game, goal, mv, proved, judge)
                else {
                    continue;
                };
                if forced || winner {
                    // At the root the answer's move; elsewhere the first proving
                    // move in the game's order (best first).
                    chosen = Some((mv, child_hash, ends, work));
                    break;
                }
                // The loser's most stubborn resistance.
                if chosen.is_none_or(|(_, _, _, w)| work > w) {
                    chosen = Some((mv, child_hash, ends, work));
                }
            }
            let Some((mv, child_hash, ends, _)) = chosen else {
                break;
            };
            if ends || pv.len() + 1 >= max_len {
                // Legal (it was played to look at it), and the last.
                pv.push(mv);
                break;
            }
            if !game.play(mv) {
                break;
            }
            pv.push(mv);
            played += 1;
            hash = child_hash;
        }
        for _ in 0..played {
            game.undo();
        }
        self.path.clear();
        pv
    }

    /// Whether the search decided the child `mv` leads to the run's way (proved when
    /// `proved`, else disproved), from the table, the line or (`judge`) the goal's
    /// verdict: its hash, whether the line ends there, and the work the search spent
    /// below it. The game is at the parent, the line up to it in
    /// [`path`](Self::path); `None` when the move is refused or the child is not
    /// known to be decided that way.
    fn pv_look<Q: Goal<G>>(
        &self,
        game: &mut G,
        goal: &Q,
        mv: G::Move,
        proved: bool,
        judge: bool,
    ) -> Option<(u64, bool, u32)> {
        if !game.play(mv) {
            return None;
        }
        let child_hash = game.hash();
        let decided = |n: ProofNumbers| {
            if proved {
                n.is_proved()
            } else {
                n.is_disproved()
            }
        };
        let found = if self.path.find(child_hash).is_some() {
            let info = Info::verdict(goal.repetition(game), self.draws, 0);
            decided(info.numbers).then_some((child_hash, true, 0))
        } else if let Some(s) = self.lines.get(&(child_hash, self.path.key())) {
            decided(s.numbers).then_some((child_hash, false, 0))
        } else {
            // The keys the search stored the child under, read at the child.
            let key = Key {
                full: child_hash,
                shared: child_hash ^ game.condition_key(),
            };
            let entry = self
                .table
                .lookup(key)
                .and_then(|e| self.interpret(e).map(|i| (i.numbers, e.work)));
            match entry {
                Some((numbers, work)) => decided(numbers).then_some((child_hash, false, work)),
                // Not searched below: a position the goal decides, or unknown.
                None if judge => goal
                    .verdict(game)
                    .map(|v| Info::verdict(v, self.draws, 0).numbers)
                    .filter(|&n| decided(n))
                    .map(|_| (child_hash, true, 0)),
                None => None,
            }
        };
        game.undo();
        found
    }

    fn interpret(&self, entry: Entry) -> Option<Info> {
        let same_mode = (entry.flags & DRAW_AS_PROOF != 0) == (self.draws == DrawAs::Proof);
        let draw = entry.flags & DRAW != 0;
        if entry.numbers.is_solved() && draw && !same_mode {
            // A solution that leaned on draws under the other draw rule: search again.
            return None;
        }
        Some(Info {
            numbers: entry.numbers,
            floor: NO_REPETITION,
            draw,
            cond: entry.flags & CONDITIONAL != 0,
        })
    }

    /// What a child position is worth before the table and the line are consulted: the
    /// goal's verdict, or its estimate (see [`Goal::look_ahead`]).
    fn first_look(&self, sight: Sight) -> (Info, bool) {
        match sight {
            Sight::Over(v) => (Info::verdict(v, self.draws, NO_REPETITION), true),
            Sight::Open(numbers) => (Info::open(numbers), false),
        }
    }

    /// Numbers of a child position given its first look (the line holds its parent; the
    /// game may be at the child or at the parent).
    fn look<Q: Goal<G>>(
        &mut self,
        game: &G,
        goal: &Q,
        key: Key,
        (base, terminal): (Info, bool),
    ) -> (Info, bool) {
        let hash = key.full;
        if let Some(i) = self.path.find(hash) {
            // The same verdict for every position (see `Goal::repetition`).
            return (Info::verdict(goal.repetition(game), self.draws, i), true);
        }
        if terminal {
            return (base, true);
        }
        if !self.lines.is_empty()
            && let Some(s) = self.lines.get(&(hash, self.path.key()))
        {
            self.stats.tt_hits += 1;
            // What the first look met holds wherever the position was solved from.
            let info = Info {
                numbers: s.numbers,
                floor: 0,
                draw: s.draw,
                cond: s.cond || base.cond,
            };
            return (info, true);
        }
        if let Some(mut info) = self.table.lookup(key).and_then(|e| self.interpret(e)) {
            self.stats.tt_hits += 1;
            info.cond |= base.cond;
            return (info, info.numbers.is_solved());
        }
        (base, false)
    }

    /// Reads the numbers of the unsolved `children` from the table again: those stored
    /// since the table had made `mark` stores (when it can tell), or all.
    #[inline]
    fn refresh(&self, children: &mut [Child<G::Move>], mark: u64) {
        let count = self.table.stores() - mark;
        if count == 1 {
            // Usually the searched child's own store: only a child of the same position
            // can have changed.
            let key = self.table.last_stored();
            for c in children
                .iter_mut()
                .filter(|c| !c.fixed && c.key.full == key)
            {
                self.reread(c);
            }
            return;
        }
        let recent = count <= RECENT;
        for c in children.iter_mut().filter(|c| !c.fixed) {
            if recent && !self.table.stored_since(mark, c.key.full) {
                // Its entry is as it was when last read, or replaced: nothing to read.
                continue;
            }
            self.reread(c);
        }
    }

    /// Reads the numbers of an unsolved child from the table again.
    #[inline]
    fn reread(&self, c: &mut Child<G::Move>) {
        if let Some(e) = self.table.lookup(c.key) {
            let same_mode = (e.flags & DRAW_AS_PROOF != 0) == (self.draws == DrawAs::Proof);
            if !e.numbers.is_solved() || same_mode || e.flags & DRAW == 0 {
                c.info = Info {
                    numbers: e.numbers,
                    floor: NO_REPETITION,
                    draw: e.flags & DRAW != 0,
                    cond: e.flags & CONDITIONAL != 0 || c.met,
                };
                c.fixed = e.numbers.is_solved();
            }
        }
    }

    fn grow(&self, second: u32) -> u32 {
        grow(second, self.options.epsilon)
    }

    /// Nagai's MID: searches the node (the game is at it, `hash` is its hash) until its
    /// numbers reach a threshold. `conditional`: playing into the node met a side
    /// condition of the game.
    fn mid<Q: Goal<G>>(
        &mut self,
        game: &mut G,
        goal: &Q,
        hash: u64,
        th: ProofNumbers,
        conditional: bool,
    ) -> Info {
        let depth = self.path.len();
        self.stats.depth = self.stats.depth.max(depth);
        self.stats.nodes += 1;
        let key = Key {
            full: hash,
            shared: hash ^ game.condition_key(),
        };
        if self.budget.exhausted(self.stats.nodes) {
            self.stopped = true;
            let info = self.table.lookup(key).and_then(|e| self.interpret(e));
            return info.map_or(Info::open(ProofNumbers::UNIT), |i| Info {
                cond: i.cond || conditional,
                ..i
            });
        }
        let work_start = self.stats.nodes;
        let me = game.to_play();
        let or = me == goal.attacker();

        let mut children = self.children_pool.pop().unwrap_or_default();
        children.clear();
        self.path.push(hash);
        let slot = (hash >> (64 - KID_BITS)) as usize;
        let mut kids = core::mem::take(&mut self.kids[slot].kids);
        // Whether `kids` holds every child (a list cut short is not kept for later).
        let mut complete = true;
        // Whether the node's move list met a side condition (a move refused for it).
        let mut node_cond = self.kids[slot].cond;
        if self.kids[slot].hash != hash || hash == 0 {
            node_cond = false;
            // First expansion (or the slot was taken): generate and look at each child,
            // up to the first that wins outright for the side to move (the node is then
            // solved whatever the others are worth).
            kids.clear();
            let mut moves = core::mem::take(&mut self.moves);
            moves.clear();
            game.generate(&mut moves);
            kids.reserve(moves.len());
            let condition_key = game.condition_key();
            for &mv in &moves {
                let met = game.conditions_met();
                let look = goal.look_ahead(game, mv);
                let cond = game.conditions_met() != met;
                let Some((sight, child_hash)) = look else {
                    node_cond |= cond;
                    continue;
                };
                let (mut base, terminal) = self.first_look(sight);
                // A verdict the condition decided, or an open position the condition
                // left open.
                base.cond = cond;
                let wins = terminal
                    && if or {
                        base.numbers.is_proved()
                    } else {
                        base.numbers.is_disproved()
                    };
                // A move that met no condition leaves the setting as it was; one that
                // did (a ko threat spent, say) is played again to read it.
                let mut shared = child_hash ^ condition_key;
                if cond && !terminal && game.play(mv) {
                    shared = game.hash() ^ game.condition_key();
                    game.undo();
                }
                kids.push(Kid {
                    mv,
                    key: Key {
                        full: child_hash,
                        shared,
                    },
                    base,
                    terminal,
                });
                if wins && self.path.find(child_hash).is_none() {
                    complete = false;
                    break;
                }
            }
            self.moves = moves;
        }
        for k in &kids {
            let (info, fixed) = self.look(game, goal, k.key, (k.base, k.terminal));
            children.push(Child {
                mv: k.mv,
                key: k.key,
                info,
                fixed,
                met: k.base.cond,
            });
        }
        self.kids[slot] = KidSlot {
            hash: if complete { hash } else { 0 },
            cond: node_cond,
            kids,
        };

        let result = loop {
            let scan = combine_select(or, children.iter().map(|c| &c.info));
            let numbers = scan.numbers;
            if numbers.is_solved() {
                let (floor, draw, cond) =
                    solved_deps(or, numbers, children.iter().map(|c| &c.info));
                if depth == 0 {
                    self.root_best = children
                        .iter()
                        .find(|c| {
                            if or {
                                numbers.is_proved() && c.info.numbers.is_proved()
                            } else {
                                numbers.is_disproved() && c.info.numbers.is_disproved()
                            }
                        })
                        .map(|c| c.mv);
                }
                break Info {
                    numbers,
                    floor,
                    draw,
                    cond: cond || node_cond || conditional,
                };
            }
            if numbers.proof >= th.proof || numbers.disproof >= th.disproof || self.stopped {
                self.stats.cutoffs += 1;
                break Info::open(numbers);
            }
            let (best, second) = (scan.best, scan.second);
            let c = children[best];
            let child_th = if or {
                ProofNumbers {
                    proof: th.proof.min(self.grow(second)),
                    disproof: relax(th.disproof, numbers.disproof, c.info.numbers.disproof),
                }
            } else {
                ProofNumbers {
                    proof: relax(th.proof, numbers.proof, c.info.numbers.proof),
                    disproof: th.disproof.min(self.grow(second)),
                }
            };
            let met = game.conditions_met();
            if !game.play(c.mv) {
                // The game changed its mind about a move it accepted: drop it.
                node_cond |= game.conditions_met() != met;
                children.swap_remove(best);
                continue;
            }
            let child_cond = c.met || game.conditions_met() != met;
            if let Some(t) = &mut self.tree {
                t.enter(me, c.mv);
            }
            let mark = self.table.stores();
            // The child's hash is known from its first look.
            let r = self.mid(game, goal, c.key.full, child_th, child_cond);
            note(&mut self.tree, || {
                format!(
                    "pn {} dn {}",
                    show(r.numbers.proof),
                    show(r.numbers.disproof)
                )
            });
            if let Some(t) = &mut self.tree {
                t.leave();
            }
            game.undo();
            children[best].info = r;
            children[best].fixed = r.numbers.is_solved();
            // The child's search may have changed the others' numbers too, through
            // transpositions. (Before it, they were fresh from the table.)
            self.refresh(&mut children, mark);
        };
        self.path.pop();
        self.children_pool.push(children);

        let work = self.stats.nodes - work_start + 1;
        let mode = if self.draws == DrawAs::Proof {
            DRAW_AS_PROOF
        } else {
            0
        };
        if result.numbers.is_solved() {
            let flags = mode
                | if result.draw { DRAW } else { 0 }
                | if result.cond { CONDITIONAL } else { 0 };
            if result.floor >= depth {
                self.table.store(key, result.numbers, work, flags);
                return Info {
                    floor: NO_REPETITION,
                    ..result
                };
            }
            self.lines.insert(
                (hash, self.path.key()),
                Solved {
                    numbers: result.numbers,
                    draw: result.draw,
                    cond: result.cond,
                },
            );
            return result;
        }
        self.table.store(key, result.numbers, work, mode);
        result
    }
}

/// Threshold for the chosen child on the summed number: what is left of the parent's
/// threshold once the other children are counted.
fn relax(th: u32, total: u32, child: u32) -> u32 {
    if th == INF {
        INF
    } else {
        sum(th.saturating_sub(total), child)
    }
}

/// The 1+ε threshold on a selection number from the second-best sibling's: at least one
/// more than it, `⌈second·(1+ε)⌉` below infinity.
fn grow(second: u32, epsilon: f32) -> u32 {
    if second >= INF - 1 {
        return INF;
    }
    let scaled = f64::from(second) * (1.0 + f64::from(epsilon.max(0.0)));
    // The ceiling, clamped below infinity; by hand, as `f64::ceil` may be a library call.
    let scaled = if scaled > f64::from(INF - 2) {
        INF - 1
    } else {
        let whole = scaled as u32;
        if f64::from(whole) < scaled {
            whole + 1
        } else {
            whole
        }
    };
    scaled.max(second + 1)
}

fn show(n: u32) -> String {
    if n == INF {
        "inf".to_string()
    } else {
        n.to_string()
    }
}

fn stop_of(numbers: ProofNumbers, reason: Option<StopReason>) -> StopReason {
    if numbers.is_proved() {
        StopReason::Proved
    } else if numbers.is_disproved() {
        StopReason::Disproved
    } else {
        reason.unwrap_or(StopReason::NodeLimit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The threshold as `f64::ceil` gives it.
    fn grow_by_ceil(second: u32, epsilon: f32) -> u32 {
        if second >= INF - 1 {
            return INF;
        }
        let scaled = (f64::from(second) * (1.0 + f64::from(epsilon.max(0.0)))).ceil();
        let scaled = if scaled >= f64::from(INF - 1) {
            INF - 1
        } else {
            scaled as u32
        };
        scaled.max(second + 1)
    }

    #[test]
    fn grow_agrees_with_the_ceiling() {
        let epsilons = [
            0.0,
            0.25,
            0.5,
            1.0,
            1.0 / 3.0,
            1e-7,
            3.0,
            1e9,
            -1.0,
            f32::NAN,
            f32::INFINITY,
        ];
        let mut seconds: Vec<u32> = (0..2_000).collect();
        seconds.extend((0..64).map(|k| 1u32 << (k % 32)));
        seconds.extend([INF / 2, INF / 4 * 3, INF - 3, INF - 2, INF - 1, INF]);
        seconds.extend((1..200).map(|k| INF - k));
        for &e in &epsilons {
            for &s in &seconds {
                assert_eq!(grow(s, e), grow_by_ceil(s, e), "second {s} epsilon {e}");
            }
        }
    }
}
