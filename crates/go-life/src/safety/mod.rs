//! Safety of territory with seki, after Niu, Kishimoto and Müller
//! ("Recognizing Seki in Computer Go").
//!
//! [`Safety::new`] proves which points of a position stay each side's
//! whatever the opponent plays, and which stones live in seki:
//!
//! 1. **Static pass.** Benson's pass-alive blocks and their vital regions
//!    (not GNU Go's unconditional territory, which counts kos the owner
//!    may lose).
//! 2. **Local search per region.** Every small region of either colour not
//!    yet safe is read by df-pn with the attacker first, the region's empty
//!    points and a pass as moves, the outside as bad as it can be for the
//!    defender (no outside liberties but single-point eyes), unlimited ko
//!    threats for the attacker. Two searches tell the three results apart
//!    (seki counted for the defender, then for the attacker): the region is
//!    **safe**, **seki** (both sides pass with attacker stones left), or
//!    **unsafe**. See `RegionGame` in the source for the exact rules.
//! 3. **The global fixpoint** (the paper's Fig. 5). A safe region makes its
//!    points and boundary blocks safe, and its attacker stones dead; those
//!    blocks then count as safe in the next searches. A seki region puts its
//!    defender blocks on the *at-least-seki* list and its attacker blocks on
//!    the *at-most-seki* list; an at-least-seki block counts as safe when
//!    another region of its colour is read, if it has no liberty there.
//!    Blocks leave the lists when they are proved safe or dead (a gap of
//!    the paper's pseudo-code). When nothing changes, the attacker blocks
//!    left at most seki and the defender blocks left at least seki that
//!    share liberties with them live in seki; the other at-least-seki
//!    blocks cannot be captured (seki at worst) and count as safe stones.
//!    An attacker block goes on the at-most-seki list only when the
//!    defender's blocks have no liberty outside the region but single-point
//!    eyes (with one more, the defender could fill the shared liberties
//!    from outside and capture it), the attacker's stones around them are
//!    proved safe (the search took them to be), and a third search with the
//!    kos and repetitions given to the defender still reaches seki (the
//!    paper's model gives them to the attacker, which is pessimistic for
//!    the defender's claims only).
//!
//! A point proved safe stays its owner's: its stones cannot be captured and
//! the opponent cannot live there, with the owner answering every move in
//! each region. The one exception is a block of the owner inside its own
//! proved territory, next to no other region (a nakade's stones): the
//! opponent may capture it, but cannot live on its points, which stay the
//! owner's. A seki stone cannot be captured either, but its shared
//! liberties are nobody's. Small open areas (no room for two eyes) walled
//! only by one side's safe or seki stones are that side's.
//!
//! Beyond the paper: interior blocks (next to one region only) may be
//! captured in the region's game, their points joining it, as a nakade's
//! stones are; the union of the small regions one block touches is read
//! too (a seki spanning two regions); once the boundary is safe, a region's
//! game also ends when the attacker's stones are dead — no eye room left
//! away from the boundary, or one eye space walled by one attacker block
//! that go-eye's exact eye game calls dead (nakade), where the search
//! would have to capture the group and then prove the emptied area; after
//! each round of region reads, a block with two liberties next to proved
//! stones of its colour is proved too (miai, Müller 1997), those links
//! then kept out of every later read; a whole solve has a node budget,
//! spent on the smallest regions first. The paper's 45 local and 20 global
//! test positions are lost (the seed has no diagrams); the solver is
//! measured on Fuego's safety suites and checked by brute force and by
//! games played out (`tests/safety.rs`, the root package's `safety_check`
//! example).
//!
//! ```
//! use go_board::{Board, Color};
//! use go_life::safety::{PointSafety, Safety};
//!
//! // Black's corner: a block with an eye at A1 and a three-point space that
//! // White cannot invade.
//! let board = Board::from_diagram(
//!     ". . . . . .
//!      O O O O O .
//!      X X X X O .
//!      . . . X O .
//!      X X . X O .
//!      . X . X O .",
//! )?;
//! let safety = Safety::new(&board);
//! assert_eq!(safety.status("C2".parse()?), PointSafety::Safe(Color::Black));
//! assert!(safety.safe(Color::Black).contains("A1".parse()?));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod game;
#[cfg(feature = "gtp")]
pub(crate) mod gtp;

use std::collections::HashMap;
use std::fmt;

use go_board::{Board, ByColor, Color, Point, PointSet, Regions};
use go_eye::benson::PassAlive;
use go_search::{Dfpn, DfpnOptions, DrawAs, Player, SearchLimits, Verdict, WinGoal};

use crate::local;
use game::{KoWinner, RegionGame};

/// Budgets of the safety solver.
///
/// ```
/// use go_life::safety::SafetyOptions;
/// let options = SafetyOptions::default().with_nodes(5_000);
/// assert_eq!(options.nodes, 5_000);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SafetyOptions {
    /// Regions with more points than this (empty points and attacker
    /// stones) are not searched.
    pub max_region_points: usize,
    /// Nodes per region search (its two df-pn searches together).
    pub nodes: u64,
    /// Nodes of all the searches of one solve together; the regions are
    /// read smallest first, and those left when it runs out stay unknown.
    pub total_nodes: u64,
}

impl Default for SafetyOptions {
    /// Regions up to 18 points, 25,000 nodes a search, 50,000 in all
    /// (about a second on a 19×19 board at worst).
    fn default() -> Self {
        SafetyOptions {
            max_region_points: 18,
            nodes: 25_000,
            total_nodes: 50_000,
        }
    }
}

impl SafetyOptions {
    /// Only the static pass (Benson and unconditional territory), no search.
    ///
    /// ```
    /// use go_life::safety::SafetyOptions;
    /// assert_eq!(SafetyOptions::static_only().max_region_points, 0);
    /// ```
    #[must_use]
    pub fn static_only() -> Self {
        SafetyOptions {
            max_region_points: 0,
            nodes: 0,
            total_nodes: 0,
        }
    }

    /// The node budget of each region search.
    #[must_use]
    pub fn with_nodes(mut self, nodes: u64) -> Self {
        self.nodes = nodes;
        self
    }

    /// The node budget of a whole solve.
    ///
    /// ```
    /// use go_life::safety::SafetyOptions;
    /// assert_eq!(SafetyOptions::default().with_total_nodes(1_000).total_nodes, 1_000);
    /// ```
    #[must_use]
    pub fn with_total_nodes(mut self, nodes: u64) -> Self {
        self.total_nodes = nodes;
        self
    }

    /// The largest region searched.
    ///
    /// ```
    /// use go_life::safety::SafetyOptions;
    /// assert_eq!(SafetyOptions::default().with_max_region_points(9).max_region_points, 9);
    /// ```
    #[must_use]
    pub fn with_max_region_points(mut self, points: usize) -> Self {
        self.max_region_points = points;
        self
    }
}

/// What the solver proved about one point.
///
/// ```
/// use go_board::Color;
/// use go_life::safety::PointSafety;
/// assert_eq!(PointSafety::Seki(Color::White).to_string(), "white seki");
/// assert_eq!(PointSafety::Dame.to_string(), "dame");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PointSafety {
    /// This colour's for good: its safe stone, or territory (dead enemy
    /// stones included).
    Safe(Color),
    /// A stone of this colour living in seki, or its eye.
    Seki(Color),
    /// An empty point next to safe stones of both colours: nobody's.
    Dame,
    /// Not proved: a shared liberty in seki, or anything still open.
    Unknown,
}

impl fmt::Display for PointSafety {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PointSafety::Safe(c) => write!(f, "{} safe", color_word(*c)),
            PointSafety::Seki(c) => write!(f, "{} seki", color_word(*c)),
            PointSafety::Dame => f.write_str("dame"),
            PointSafety::Unknown => f.write_str("unknown"),
        }
    }
}

fn color_word(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// Counters of one solve.
///
/// ```
/// use go_board::Board;
/// use go_life::safety::Safety;
/// let safety = Safety::new(&Board::new(9)?);
/// assert_eq!(safety.stats().regions_searched, 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct SafetyStats {
    /// Region searches run (each one or two df-pn searches).
    pub regions_searched: usize,
    /// Searches that ran out of nodes, or were not run when the whole
    /// budget was spent.
    pub unknown: usize,
    /// Nodes expanded in all.
    pub nodes: u64,
    /// Rounds of the global fixpoint.
    pub rounds: usize,
}

/// The safe points, seki and dame of a position.
#[derive(Clone, Debug)]
pub struct Safety {
    proved: ByColor<PointSet>,
    seki: ByColor<PointSet>,
    dame: PointSet,
    all: PointSet,
    stats: SafetyStats,
}

/// A region read with the same facts gives the same answer.
type SearchKey = (Color, PointSet, PointSet);

impl Safety {
    /// Solves `board` with [`SafetyOptions::default`].
    #[must_use]
    pub fn new(board: &Board) -> Safety {
        Safety::with_options(board, SafetyOptions::default())
    }

    /// Solves `board` within `options`.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_life::safety::{Safety, SafetyOptions};
    /// let board = Board::from_diagram(". X . X\nX X X X\n. . . .\n. . . .")?;
    /// let safety = Safety::with_options(&board, SafetyOptions::static_only());
    /// assert_eq!(safety.safe(Color::Black).len(), 8);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_options(board: &Board, options: SafetyOptions) -> Safety {
        let mut solver = Solver::new(board, options);
        solver.run();
        solver.finish()
    }

    /// The points safe for `color` or living in seki as `color`'s: what
    /// Fuego's `go_safe static` counts.
    #[must_use]
    pub fn safe(&self, color: Color) -> PointSet {
        self.proved[color] | self.seki[color]
    }

    /// The points safe for `color` without seki: stones that cannot be
    /// captured and territory the opponent cannot live in.
    #[must_use]
    pub fn proved(&self, color: Color) -> PointSet {
        self.proved[color]
    }

    /// The stones (and their eyes) of `color` that live in seki.
    #[must_use]
    pub fn seki(&self, color: Color) -> PointSet {
        self.seki[color]
    }

    /// The dame (Müller 1995, Fuego's `go_safe_dame_static`): empty points
    /// next to safe points of both colours, next to no stone that is not
    /// safe, whose empty neighbours are all next to safe points of both
    /// colours too. Whoever fills them, nothing else changes.
    #[must_use]
    pub fn dame(&self) -> PointSet {
        self.dame
    }

    /// What was proved about `p`.
    #[must_use]
    pub fn status(&self, p: Point) -> PointSafety {
        for c in [Color::Black, Color::White] {
            if self.proved[c].contains(p) {
                return PointSafety::Safe(c);
            }
            if self.seki[c].contains(p) {
                return PointSafety::Seki(c);
            }
        }
        if self.dame.contains(p) {
            PointSafety::Dame
        } else {
            PointSafety::Unknown
        }
    }

    /// The side that wins by area scoring whatever happens on the points
    /// not proved, with `komi` for White and `to_play` to move: Black if
    /// its safe points beat everything else plus komi, White likewise,
    /// else `None`. When every point is safe or dame, the dame are shared
    /// out exactly: each side fills one in turn, the side to move first.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_life::safety::Safety;
    /// assert_eq!(Safety::new(&Board::new(9)?).winner(7.5, Color::Black), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn winner(&self, komi: f64, to_play: Color) -> Option<Color> {
        let black = self.safe(Color::Black).len();
        let white = self.safe(Color::White).len();
        let dame = self.dame.len();
        let all = self.all.len();
        let open = all - (black + white + dame).min(all);
        // The lowest score each side can be held to.
        let (black_least, white_least) = if open == 0 {
            let (first, second) = (dame.div_ceil(2), dame / 2);
            match to_play {
                Color::Black => (black + first, white + second),
                Color::White => (black + second, white + first),
            }
        } else {
            (black, white)
        };
        let margin = |least: usize| 2.0 * least as f64 - all as f64;
        if margin(black_least) - komi > 0.0 {
            Some(Color::Black)
        } else if margin(white_least) + komi > 0.0 {
            Some(Color::White)
        } else {
            None
        }
    }

    /// Counters of the solve.
    #[must_use]
    pub fn stats(&self) -> SafetyStats {
        self.stats
    }
}

/// The state of the global fixpoint.
struct Solver<'a> {
    board: &'a Board,
    options: SafetyOptions,
    proved: ByColor<PointSet>,
    /// Defender blocks of seki regions, by their colour.
    at_least_seki: ByColor<PointSet>,
    /// Attacker blocks of seki regions, by their colour.
    at_most_seki: ByColor<PointSet>,
    /// Each colour's single-point eyes (the board does not change).
    eyes: ByColor<PointSet>,
    /// Answers of earlier searches.
    answers: HashMap<SearchKey, Option<Verdict>>,
    /// The two liberties of each block proved safe by miai (see
    /// `connect_by_miai`): the owner must keep them for the answer, so no
    /// region holding one is read afterwards.
    links: PointSet,
    stats: SafetyStats,
}

impl<'a> Solver<'a> {
    fn new(board: &'a Board, options: SafetyOptions) -> Self {
        // Benson only: GNU Go's unconditional territory also counts an
        // opponent string left in atari after a capture as dead, which is
        // a ko the opponent may win (the wall's stone taken for good).
        let proved = ByColor::from_fn(|c| {
            let alive = PassAlive::new(board, c);
            alive.safe_points() | alive.stones()
        });
        Solver {
            board,
            options,
            proved,
            at_least_seki: ByColor::default(),
            at_most_seki: ByColor::default(),
            eyes: ByColor::from_fn(|c| single_point_eyes(board, c)),
            answers: HashMap::new(),
            links: PointSet::new(),
            stats: SafetyStats::default(),
        }
    }

    fn run(&mut self) {
        if self.options.max_region_points == 0 {
            return;
        }
        let areas = ByColor::from_fn(|c| self.areas(c));
        loop {
            self.stats.rounds += 1;
            let mut updated = false;
            for defender in [Color::Black, Color::White] {
                for &area in &areas[defender] {
                    updated |= self.read(defender, area);
                }
            }
            updated |= self.connect_by_miai();
            if !updated {
                break;
            }
        }
    }

    /// The areas of `defender` to read: its small basic regions, then for
    /// each block next to several of them their union (a block that needs
    /// liberties or eyes in two regions at once, as in a seki spanning
    /// them), if it is small enough.
    fn areas(&self, defender: Color) -> Vec<PointSet> {
        let board = self.board;
        let max = self.options.max_region_points;
        // Regions settled by the static pass (either side's) are left out.
        let settled = self.proved[Color::Black] | self.proved[Color::White];
        let small: Vec<PointSet> = Regions::basic(board, defender)
            .iter()
            .map(|r| *r.points())
            .filter(|a| a.len() <= max && !a.is_subset(&settled))
            .collect();
        let mut areas = small.clone();
        let geo = board.geometry();
        let mut blocks_seen = PointSet::new();
        for p in *board.stones_of(defender) {
            if blocks_seen.contains(p) {
                continue;
            }
            let block: PointSet = board.block_stones(p).collect();
            blocks_seen |= block;
            let near = block.grow(geo);
            let touching: Vec<&PointSet> = small.iter().filter(|a| a.intersects(&near)).collect();
            if touching.len() < 2 {
                continue;
            }
            let union = touching.iter().fold(PointSet::new(), |u, a| u | **a);
            if union.len() <= max && !areas.contains(&union) {
                areas.push(union);
            }
        }
        // Smallest first: the budget goes where answers come cheap.
        areas.sort_by_key(PointSet::len);
        areas
    }

    /// Reads one region of `defender`; whether anything changed.
    fn read(&mut self, defender: Color, area: PointSet) -> bool {
        let board = self.board;
        if area.is_subset(&self.proved[defender])
            || area.len() > self.options.max_region_points
            || area.intersects(&self.links)
        {
            return false;
        }
        let attacker = defender.opposite();
        let (boundary, interior) = game::defender_blocks(board, defender, area);
        // At-least-seki blocks count as safe where they have no liberty.
        let mut known = self.proved[defender] & boundary;
        for p in self.at_least_seki[defender] & boundary {
            if !board.liberties(p).intersects(&area) {
                known.insert(p);
            }
        }
        let key = (defender, area, known);
        let verdict = match self.answers.get(&key) {
            Some(v) => *v,
            None => {
                let v = self.search(defender, area, known);
                self.answers.insert(key, v);
                v
            }
        };
        if std::env::var_os("SAFETY_DEBUG").is_some() {
            eprintln!("#DBG {defender:?} {area:?} known {known:?} -> {verdict:?}");
        }
        let inside = |c: Color| *board.stones_of(c) & area;
        match verdict {
            Some(Verdict::Disproved) => {
                let won = area | boundary | interior;
                self.proved[defender] |= won;
                for c in [Color::Black, Color::White] {
                    self.at_least_seki[c] -= won;
                    self.at_most_seki[c] -= won;
                }
                true
            }
            Some(Verdict::Draw) => {
                // The attacker's stones are only sure of seki when the
                // boundary has no liberty outside the region but its eyes:
                // one more would let the defender fill the shared liberties.
                // The region's search took the outside as the attacker's
                // safe stones and let it win every ko: its stones' seki
                // holds only if its stones around the boundary are proved
                // safe, and when the defender wins the kos.
                let eyes = self.eyes[defender];
                let closed = blocks_liberties(board, boundary).is_subset(&(area | eyes));
                let walls = (boundary.grow(board.geometry()) - area) & *board.stones_of(attacker);
                let walled = walls.is_subset(&self.proved[attacker]);
                if closed && walled && self.holds_without_kos(defender, area, known) {
                    self.at_most_seki[attacker] |= inside(attacker);
                }
                let new = boundary - self.proved[defender] - self.at_least_seki[defender];
                self.at_least_seki[defender] |= new;
                !new.is_empty()
            }
            _ => false,
        }
    }

    /// Proves safe the blocks that connect to proved stones of their colour
    /// by either of two liberties (miai, Müller 1997): when the opponent
    /// takes one, the owner plays the other, and the block joins stones
    /// that cannot be captured. The two points lie in no proved or seki
    /// region, so no region's proof needs the owner's answer there (those
    /// proofs take the outside as the opponent's anyway), and each point
    /// serves one block only, so one move never threatens two connections.
    /// Whether anything changed.
    fn connect_by_miai(&mut self) -> bool {
        let board = self.board;
        let geo = board.geometry();
        let taken = self.proved[Color::Black]
            | self.proved[Color::White]
            | self.at_least_seki[Color::Black]
            | self.at_least_seki[Color::White]
            | self.at_most_seki[Color::Black]
            | self.at_most_seki[Color::White];
        let free = board.empty_points() - taken;
        let mut updated = false;
        for color in [Color::Black, Color::White] {
            let safe_stones = self.proved[color] & *board.stones_of(color);
            let near_safe = safe_stones.grow(geo) & free;
            let mut rest = *board.stones_of(color) - taken;
            while let Some(p) = rest.first() {
                let block = board.stones(p);
                rest -= block;
                let mut links = (board.liberties(p) & (near_safe - self.links)).iter();
                if let (Some(a), Some(b)) = (links.next(), links.next()) {
                    self.links.insert(a);
                    self.links.insert(b);
                    self.proved[color] |= block;
                    updated = true;
                }
            }
        }
        updated
    }

    /// The three-valued local search: `Proved` unsafe, `Disproved` safe,
    /// `Draw` seki, `None` out of nodes.
    fn search(&mut self, defender: Color, area: PointSet, known: PointSet) -> Option<Verdict> {
        let left = self.options.total_nodes.saturating_sub(self.stats.nodes);
        let nodes = self.options.nodes.min(left);
        if nodes == 0 {
            self.stats.unknown += 1;
            return None;
        }
        let eyes = self.eyes[defender] - area;
        let mut game = RegionGame::new(self.board, defender, area, known, eyes, KoWinner::Attacker);
        let mut dfpn = local::dfpn(nodes, 200, 18);
        let result = dfpn.solve_three_valued(&mut game, &WinGoal::new(Player::First));
        self.stats.regions_searched += 1;
        self.stats.nodes += result.first.nodes + result.second.nodes;
        if result.value.is_none() {
            self.stats.unknown += 1;
        }

        result.value
    }

    /// Whether the attacker still reaches seki (or better) in the region
    /// when the defender wins every ko and repetition.
    fn holds_without_kos(&mut self, defender: Color, area: PointSet, known: PointSet) -> bool {
        let left = self.options.total_nodes.saturating_sub(self.stats.nodes);
        let nodes = self.options.nodes.min(left);
        if nodes == 0 {
            return false;
        }
        let eyes = self.eyes[defender] - area;
        let mut game = RegionGame::new(self.board, defender, area, known, eyes, KoWinner::Defender);
        let limits = SearchLimits::default().with_nodes(nodes).with_depth(200);
        // Only the verdict is used: no principal variation is read.
        let options = DfpnOptions::default()
            .with_limits(limits)
            .with_tt_bits(18)
            .with_draws(DrawAs::Proof)
            .with_pv_length(0);
        let mut dfpn = Dfpn::new(options);
        let result = dfpn.solve(&mut game, &WinGoal::new(Player::First));
        self.stats.nodes += result.stats.nodes;
        result.is_proved()
    }

    fn finish(self) -> Safety {
        let board = self.board;
        let geo = board.geometry();
        let proved = self.proved;
        // What is proved for both (never, if the solver is sound) is nobody's.
        let both = proved[Color::Black] & proved[Color::White];
        let mut proved = ByColor::from_fn(|c| proved[c] - both);
        // A block walled in by its own side's proved points (its stones in
        // its own territory, as a throw-in inside a dead group's eye) is on
        // points that side keeps.
        for c in [Color::Black, Color::White] {
            let mut rest = *board.stones_of(c) - proved[c];
            while let Some(p) = rest.first() {
                let block: PointSet = board.block_stones(p).collect();
                rest -= block;
                if block.border(geo).is_subset(&proved[c]) {
                    proved[c] |= block;
                }
            }
        }
        let settled = proved[Color::Black] | proved[Color::White];
        // Seki: the attacker blocks left at most seki, and the blocks left
        // at least seki that share a liberty with them. The other blocks
        // left at least seki cannot be captured, but whether they live in
        // seki or better is not known: they count as safe stones.
        let at_most = ByColor::from_fn(|c| self.at_most_seki[c] - settled);
        let mut seki = ByColor::from_fn(|c| {
            let partners = blocks_liberties(board, at_most[c.opposite()]);
            let mut sharing = PointSet::new();
            let mut rest = self.at_least_seki[c] - settled;
            while let Some(p) = rest.first() {
                let block: PointSet = board.block_stones(p).collect();
                rest -= block;
                if board.liberties(p).intersects(&partners) {
                    sharing |= block;
                }
            }
            at_most[c] | sharing
        });
        for c in [Color::Black, Color::White] {
            proved[c] |= self.at_least_seki[c] - settled - seki[c];
        }
        // Small open areas walled by one colour's safe or seki stones only
        // are that colour's: the opponent cannot capture the wall nor make
        // two eyes inside. Seki stones' eyes are seki points.
        let settled = proved[Color::Black] | proved[Color::White];
        let open = board.empty_points() - settled - seki[Color::Black] - seki[Color::White];
        for area in open.components(geo) {
            let wall = area.border(geo);
            for c in [Color::Black, Color::White] {
                let own = (proved[c] | seki[c]) & *board.stones_of(c);
                if wall.is_subset(&own) && !game::room_for_two_eyes(board, area, wall) {
                    if wall.intersects(&seki[c]) {
                        seki[c] |= area;
                    } else {
                        proved[c] |= area;
                    }
                }
            }
        }
        let settled = proved[Color::Black] | proved[Color::White];
        // Dame (Müller 1995, as Fuego's `go_safe_dame_static`): an open point
        // next to safe points of both colours can never be enclosed by
        // either side ("unsurroundable"). It is dame when, besides, it
        // touches no stone that is not proved safe (filling it would change
        // that stone's liberties) and every empty neighbour is
        // unsurroundable too (filling it cannot help enclose anything).
        let empty = board.empty_points();
        let open = empty - settled - seki[Color::Black] - seki[Color::White];
        let unsurroundable = open & proved[Color::Black].grow(geo) & proved[Color::White].grow(geo);
        let unsafe_stones = (*board.stones_of(Color::Black) | *board.stones_of(Color::White))
            - proved[Color::Black]
            - proved[Color::White];
        let mut dame = PointSet::new();
        for p in (unsurroundable - unsafe_stones.grow(geo)).iter() {
            if geo
                .neighbours(p)
                .all(|n| !empty.contains(n) || unsurroundable.contains(n))
            {
                dame.insert(p);
            }
        }
        Safety {
            proved,
            seki,
            dame,
            stats: self.stats,
            all: *geo.all_points(),
        }
    }
}

/// The stones of the blocks with a stone in `stones` (empty points skipped).
fn blocks(board: &Board, stones: PointSet) -> PointSet {
    let mut out = PointSet::new();
    for p in stones {
        if !out.contains(p) && board.color_at(p).is_some() {
            out |= board.block_stones(p).collect::<PointSet>();
        }
    }
    out
}

/// The liberties of the blocks of `stones` (whole blocks).
fn blocks_liberties(board: &Board, stones: PointSet) -> PointSet {
    let mut out = PointSet::new();
    for p in stones {
        out |= board.liberties(p);
    }
    out
}

/// Empty points of `color` whose neighbours are all stones of one block of
/// `color`: an eye the opponent can only fill to capture that block.
fn single_point_eyes(board: &Board, color: Color) -> PointSet {
    let geo = board.geometry();
    let mut out = PointSet::new();
    for p in board.empty_points() {
        let mut anchor = None;
        let eye = geo.neighbours(p).all(|q| {
            board.color_at(q) == Some(color) && {
                let a = board.anchor(q);
                *anchor.get_or_insert(a) == a
            }
        });
        if eye {
            out.insert(p);
        }
    }
    out
}

#[cfg(test)]
mod tests;
