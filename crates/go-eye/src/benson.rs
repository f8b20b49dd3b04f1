//! Benson's unconditional life: the blocks that no sequence of enemy moves
//! can capture, even if their owner never answers, the regions they make
//! safe, and the unconditional territory and dead stones that follow.
//!
//! Benson ("Life in the game of Go", 1976): the stones of one colour cut
//! the board into *regions* (maximal connected sets of points without such
//! a stone, [`Regions::basic`](go_board::Regions::basic)). A region is
//! *healthy* for an adjacent block when every empty point of the region is
//! a liberty of that block. Repeat until nothing changes: drop every block
//! with fewer than two healthy regions left, and every region next to a
//! dropped block. The blocks left are *pass-alive*; the regions left that
//! are healthy for one of them are their *vital regions*.
//!
//! ```
//! use go_board::{Board, Color};
//! use go_eye::benson::PassAlive;
//!
//! // Black's wall has two eyes, one with a White stone in it: pass-alive,
//! // whatever White does.
//! let board = Board::from_diagram(
//!     ". O . X . X
//!      X X X X X X
//!      . . . . . .
//!      . . . . . .",
//! )?;
//! let black = PassAlive::new(&board, Color::Black);
//! assert!(black.is_alive("B3".parse()?));
//! assert_eq!(black.vital_points().len(), 4); // A4, B4, C4 and E4
//! assert!(PassAlive::new(&board, Color::White).blocks().is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use go_board::{Board, ByColor, Color, NUM_INDICES, Point, PointSet, Rules};

/// The pass-alive blocks of one colour and their vital regions
/// (Benson's algorithm).
///
/// ```
/// use go_board::{Board, Color};
/// use go_eye::benson::PassAlive;
/// let board = Board::from_diagram(". O . X . X\nX X X X X X\n. . . . . .\n. . . . . .")?;
/// let alive = PassAlive::new(&board, Color::Black);
/// assert_eq!(alive.stones().len(), 8);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct PassAlive {
    color: Color,
    blocks: Vec<Point>,
    stones: PointSet,
    vital: PointSet,
}

/// Block and region bookkeeping for one run of Benson's algorithm.
struct Graph {
    /// Anchors of the blocks of the colour.
    anchors: Vec<Point>,
    /// Region points (empty points and enemy stones).
    regions: Vec<PointSet>,
    /// For region `r`, `adjacent[start[r]..start[r + 1]]` lists its blocks
    /// and `healthy` says whether the region is healthy for each.
    start: Vec<u32>,
    adjacent: Vec<u16>,
    healthy: Vec<bool>,
}

impl Graph {
    /// Labels the regions of the stones `own` by one flood fill over the
    /// board, collecting each region's points, its blocks and whether it
    /// is healthy for each.
    fn new(board: &Board, own: PointSet) -> Graph {
        let geo = board.geometry();
        let mut label = [u16::MAX; NUM_INDICES];
        let mut index = [u16::MAX; NUM_INDICES];
        let mut anchors: Vec<Point> = Vec::new();
        let mut liberties: Vec<PointSet> = Vec::new();
        let mut regions: Vec<PointSet> = Vec::new();
        let mut start = vec![0u32];
        let mut adjacent: Vec<u16> = Vec::new();
        let mut healthy: Vec<bool> = Vec::new();
        let mut stack: Vec<Point> = Vec::with_capacity(NUM_INDICES);
        let on_board = *geo.all_points();
        let empty_points = board.empty_points();
        regions.reserve(64);
        for &seed in geo.points() {
            if own.contains(seed) || label[seed.index()] != u16::MAX {
                continue;
            }
            let r = regions.len() as u16;
            let first = adjacent.len();
            let mut points = PointSet::new();
            label[seed.index()] = r;
            stack.push(seed);
            while let Some(p) = stack.pop() {
                points.insert(p);
                for q in p.neighbours() {
                    if !on_board.contains(q) {
                        continue;
                    }
                    if own.contains(q) {
                        let Some(anchor) = board.anchor(q) else {
                            continue;
                        };
                        let b = &mut index[anchor.index()];
                        if *b == u16::MAX {
                            *b = anchors.len() as u16;
                            anchors.push(anchor);
                            liberties.push(board.liberties(anchor));
                        }
                        let b = *b;
                        if !adjacent[first..].contains(&b) {
                            adjacent.push(b);
                        }
                    } else if label[q.index()] == u16::MAX {
                        label[q.index()] = r;
                        stack.push(q);
                    }
                }
            }
            let empty = points & empty_points;
            for &b in &adjacent[first..] {
                healthy.push(empty.is_subset(&liberties[usize::from(b)]));
            }
            regions.push(points);
            start.push(adjacent.len() as u32);
        }
        Graph {
            anchors,
            regions,
            start,
            adjacent,
            healthy,
        }
    }

    /// Like [`Graph::new`], but only the blocks with a stone in `seeds` and
    /// their regions of at most `max_points` points, with a point in
    /// `within` next to the block, and next to no other block; the other
    /// regions are left out (as if never healthy). A flood stops as soon as
    /// its region is too large.
    fn around(
        board: &Board,
        own: PointSet,
        seeds: PointSet,
        within: PointSet,
        max_points: usize,
    ) -> Graph {
        let geo = board.geometry();
        let on_board = *geo.all_points();
        let empty_points = board.empty_points();
        let mut graph = Graph {
            anchors: Vec::new(),
            regions: Vec::new(),
            start: vec![0],
            adjacent: Vec::new(),
            healthy: Vec::new(),
        };
        let mut liberties: Vec<PointSet> = Vec::new();
        let mut index = [u16::MAX; NUM_INDICES];
        let mut add_block = |anchor: Point, graph: &mut Graph, liberties: &mut Vec<PointSet>| {
            let b = &mut index[anchor.index()];
            if *b == u16::MAX {
                *b = graph.anchors.len() as u16;
                graph.anchors.push(anchor);
                liberties.push(board.liberties(anchor));
            }
            *b
        };
        for p in seeds & own {
            if let Some(anchor) = board.anchor(p) {
                add_block(anchor, &mut graph, &mut liberties);
            }
        }
        // Points of regions read, and of regions found too large.
        let mut seen = PointSet::new();
        let mut stack: Vec<Point> = Vec::new();
        let mut next = 0;
        while next < graph.anchors.len() {
            let anchor = graph.anchors[next];
            next += 1;
            // (Only seed blocks are ever added: regions next to others are
            // left out below.)
            let near = (board.stones(anchor).grow(geo) - own) & within;
            for seed in near {
                if seen.contains(seed) {
                    continue;
                }
                let mut points = PointSet::new();
                points.insert(seed);
                stack.clear();
                stack.push(seed);
                let mut blocks: Vec<Point> = Vec::new();
                let mut too_large = false;
                while let Some(p) = stack.pop() {
                    for q in p.neighbours() {
                        if !on_board.contains(q) || points.contains(q) {
                            continue;
                        }
                        if own.contains(q) {
                            if let Some(a) = board.anchor(q)
                                && !blocks.contains(&a)
                            {
                                blocks.push(a);
                            }
                        } else {
                            points.insert(q);
                            stack.push(q);
                        }
                    }
                    if points.len() > max_points {
                        too_large = true;
                        break;
                    }
                }
                seen |= points;
                // A region next to a block outside the seeds' is left out
                // too (as if never healthy): the run stays with the seeds.
                if too_large || blocks.iter().any(|&a| !board.stones(a).intersects(&seeds)) {
                    continue;
                }
                let first = graph.adjacent.len();
                for a in blocks {
                    let b = add_block(a, &mut graph, &mut liberties);
                    graph.adjacent.push(b);
                }
                let empty = points & empty_points;
                for i in first..graph.adjacent.len() {
                    let b = usize::from(graph.adjacent[i]);
                    graph.healthy.push(empty.is_subset(&liberties[b]));
                }
                graph.regions.push(points);
                graph.start.push(graph.adjacent.len() as u32);
            }
        }
        graph
    }

    fn span(&self, r: usize) -> std::ops::Range<usize> {
        self.start[r] as usize..self.start[r + 1] as usize
    }

    /// Benson's fixpoint: which blocks stay alive and which regions stay.
    fn fixpoint(&self) -> (Vec<bool>, Vec<bool>) {
        let mut alive = vec![true; self.anchors.len()];
        let mut kept = vec![true; self.regions.len()];
        let mut count = vec![0u32; self.anchors.len()];
        loop {
            for (r, keep) in kept.iter_mut().enumerate() {
                if *keep
                    && self.adjacent[self.span(r)]
                        .iter()
                        .any(|&b| !alive[usize::from(b)])
                {
                    *keep = false;
                }
            }
            count.iter_mut().for_each(|c| *c = 0);
            for (r, _) in kept.iter().enumerate().filter(|(_, k)| **k) {
                {
                    for i in self.span(r) {
                        if self.healthy[i] {
                            count[usize::from(self.adjacent[i])] += 1;
                        }
                    }
                }
            }
            let mut changed = false;
            for (b, a) in alive.iter_mut().enumerate() {
                if *a && count[b] < 2 {
                    *a = false;
                    changed = true;
                }
            }
            if !changed {
                return (alive, kept);
            }
        }
    }
}

impl PassAlive {
    /// Runs Benson's algorithm for the stones of `color`.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_eye::benson::PassAlive;
    /// // One eye only: not pass-alive.
    /// let board = Board::from_diagram(". X .\nX X .\n. . .")?;
    /// assert!(PassAlive::new(&board, Color::Black).blocks().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn new(board: &Board, color: Color) -> PassAlive {
        PassAlive::from_graph(board, color, &Graph::new(board, *board.stones_of(color)))
    }

    /// Benson's algorithm for the blocks of `color` with a stone in
    /// `seeds` alone: their regions larger than `max_points` points, next
    /// to another block, or touching the blocks only outside `within`,
    /// count as never healthy. Much cheaper than [`PassAlive::new`] when a
    /// few blocks are asked about on a large board, and sound: every block
    /// it finds pass-alive is. Seeded with every stone, within the whole
    /// board and without a limit (`max_points` the board's size), it finds
    /// what [`PassAlive::new`] finds.
    ///
    /// ```
    /// use go_board::{Board, Color, PointSet};
    /// use go_eye::benson::PassAlive;
    /// let board = Board::from_diagram(". O . X . X\nX X X X X X\n. . . . . .\n. . . . . .")?;
    /// let seeds: PointSet = ["B3".parse()?].into_iter().collect();
    /// let everywhere = *board.geometry().all_points();
    /// let local = PassAlive::around(&board, Color::Black, seeds, everywhere, 8);
    /// assert_eq!(local.stones(), PassAlive::new(&board, Color::Black).stones());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn around(
        board: &Board,
        color: Color,
        seeds: PointSet,
        within: PointSet,
        max_points: usize,
    ) -> PassAlive {
        let graph = Graph::around(board, *board.stones_of(color), seeds, within, max_points);
        PassAlive::from_graph(board, color, &graph)
    }

    fn from_graph(board: &Board, color: Color, graph: &Graph) -> PassAlive {
        let (alive, kept) = graph.fixpoint();
        let mut blocks = Vec::new();
        let mut stones = PointSet::new();
        for (b, &anchor) in graph.anchors.iter().enumerate() {
            if alive[b] {
                blocks.push(anchor);
                stones |= board.stones(anchor);
            }
        }
        blocks.sort_unstable();
        let mut vital = PointSet::new();
        for (r, region) in graph.regions.iter().enumerate() {
            if kept[r] && graph.span(r).any(|i| graph.healthy[i]) {
                vital |= *region;
            }
        }
        PassAlive {
            color,
            blocks,
            stones,
            vital,
        }
    }

    /// The colour of the blocks.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_eye::benson::PassAlive;
    /// let board = Board::new(5)?;
    /// assert_eq!(PassAlive::new(&board, Color::White).color(), Color::White);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn color(&self) -> Color {
        self.color
    }

    /// Anchors of the pass-alive blocks, sorted.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_eye::benson::PassAlive;
    /// let board = Board::from_diagram(". O . X . X\nX X X X X X\n. . . . . .\n. . . . . .")?;
    /// assert_eq!(PassAlive::new(&board, Color::Black).blocks(), ["A3".parse()?]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn blocks(&self) -> &[Point] {
        &self.blocks
    }

    /// The stones of the pass-alive blocks.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_eye::benson::PassAlive;
    /// let board = Board::from_diagram(". O . X . X\nX X X X X X\n. . . . . .\n. . . . . .")?;
    /// assert!(PassAlive::new(&board, Color::Black).stones().contains("F4".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn stones(&self) -> PointSet {
        self.stones
    }

    /// Whether `p` holds a stone of a pass-alive block.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_eye::benson::PassAlive;
    /// let board = Board::from_diagram(". O . X . X\nX X X X X X\n. . . . . .\n. . . . . .")?;
    /// assert!(!PassAlive::new(&board, Color::Black).is_alive("B4".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn is_alive(&self, p: Point) -> bool {
        self.stones.contains(p)
    }

    /// The points of the vital regions: regions next to pass-alive blocks
    /// only, healthy for at least one of them. They hold empty points and
    /// enemy stones, none of which can ever live.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_eye::benson::PassAlive;
    /// let board = Board::from_diagram(". O . X . X\nX X X X X X\n. . . . . .\n. . . . . .")?;
    /// assert_eq!(PassAlive::new(&board, Color::Black).vital_points().len(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn vital_points(&self) -> PointSet {
        self.vital
    }

    /// The safe points in Fuego's sense (`go_safe benson`): the stones of
    /// the pass-alive blocks and the points of their vital regions.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_eye::benson::PassAlive;
    /// let board = Board::from_diagram(". O . X . X\nX X X X X X\n. . . . . .\n. . . . . .")?;
    /// assert_eq!(PassAlive::new(&board, Color::Black).safe_points().len(), 12);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn safe_points(&self) -> PointSet {
        self.stones | self.vital
    }
}

impl fmt::Debug for PassAlive {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PassAlive")
            .field("color", &self.color)
            .field("blocks", &self.blocks)
            .field("vital", &self.vital)
            .finish()
    }
}

/// The unconditional status of a point (GNU Go's `unconditional_status`).
///
/// ```
/// use go_eye::benson::UnconditionalStatus;
/// assert_eq!(UnconditionalStatus::Territory(go_board::Color::White).to_string(), "white_territory");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnconditionalStatus {
    /// A stone of a pass-alive block.
    Alive,
    /// A stone inside the other colour's unconditional territory.
    Dead,
    /// An empty point of this colour's unconditional territory.
    Territory(Color),
    /// Anything else.
    Undecided,
}

impl fmt::Display for UnconditionalStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            UnconditionalStatus::Alive => "alive",
            UnconditionalStatus::Dead => "dead",
            UnconditionalStatus::Territory(Color::Black) => "black_territory",
            UnconditionalStatus::Territory(Color::White) => "white_territory",
            UnconditionalStatus::Undecided => "undecided",
        })
    }
}

/// Unconditional life for both colours, as GNU Go's `unconditional_status`
/// reports it: the pass-alive blocks, and the territory and dead stones
/// that follow when the other colour fills every point it can.
///
/// For each colour `C` (White first, then Black, whose answers win where
/// both speak), on a scratch copy of the board:
///
/// 1. The other colour `X` captures every block of `C` that is not
///    pass-alive, where it can: it plays on all the block's liberties, and
///    on the last one if only one is left (tried block by block until no
///    more falls).
/// 2. `X` plays on every liberty of the pass-alive blocks where that is
///    legal, then extends each of its strings in atari while it can.
/// 3. An `X` string left with two adjacent liberties (a two-point eye)
///    fills one of them.
///
/// `C`'s *unconditional territory* is then every liberty of its pass-alive
/// blocks and every `X` string left in atari, with that string's last
/// liberty: `X` cannot make two eyes there even if it plays every move.
/// In the original position, a stone of `C` on such a point is *alive*
/// (it is never captured for good), a stone of `X` is *dead*, an empty
/// point is `C`'s territory.
///
/// ```
/// use go_board::{Board, Color};
/// use go_eye::benson::{UnconditionalLife, UnconditionalStatus};
/// let board = Board::from_diagram(
///     ". O . X . X
///      X X X X X X
///      . . . . . .
///      . . . . . .",
/// )?;
/// let life = UnconditionalLife::new(&board);
/// assert_eq!(life.status("B3".parse()?), UnconditionalStatus::Alive);
/// assert_eq!(life.status("B4".parse()?), UnconditionalStatus::Dead);
/// assert_eq!(life.status("C4".parse()?), UnconditionalStatus::Territory(Color::Black));
/// assert_eq!(life.status("A1".parse()?), UnconditionalStatus::Undecided);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnconditionalLife {
    alive: ByColor<PassAlive>,
    /// Points each colour's run marks: its pass-alive stones, its
    /// territory, and the stones on it.
    marked: ByColor<PointSet>,
    black: PointSet,
    white: PointSet,
}

impl UnconditionalLife {
    /// Computes unconditional life and territory for both colours.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_eye::benson::UnconditionalLife;
    /// let life = UnconditionalLife::new(&Board::new(9)?);
    /// assert!(life.territory(Color::Black).is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn new(board: &Board) -> UnconditionalLife {
        let alive = ByColor::from_fn(|c| PassAlive::new(board, c));
        let marked = ByColor::from_fn(|c| marked_points(board, c, &alive[c]));
        UnconditionalLife {
            alive,
            marked,
            black: *board.stones_of(Color::Black),
            white: *board.stones_of(Color::White),
        }
    }

    /// The pass-alive blocks of `color`.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_eye::benson::UnconditionalLife;
    /// let life = UnconditionalLife::new(&Board::new(9)?);
    /// assert!(life.pass_alive(Color::White).blocks().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn pass_alive(&self, color: Color) -> &PassAlive {
        &self.alive[color]
    }

    fn stones(&self, color: Color) -> PointSet {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    /// Which colour's run decides the point: Black's when it marks it.
    fn owner(&self, p: Point) -> Option<Color> {
        [Color::Black, Color::White]
            .into_iter()
            .find(|&c| self.marked[c].contains(p))
    }

    /// The unconditional territory of `color`: its empty points.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_eye::benson::UnconditionalLife;
    /// let board = Board::from_diagram(". O . X . X\nX X X X X X\n. . . . . .\n. . . . . .")?;
    /// let life = UnconditionalLife::new(&board);
    /// assert_eq!(life.territory(Color::Black).len(), 3); // A4, C4 and E4
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn territory(&self, color: Color) -> PointSet {
        let empty = !(self.black | self.white);
        let mut out = self.marked[color] & empty;
        if color == Color::White {
            out -= self.marked[Color::Black];
        }
        out
    }

    /// The stones of `color` that are unconditionally dead: on points the
    /// other colour's run marks.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_eye::benson::UnconditionalLife;
    /// let board = Board::from_diagram(". O . X . X\nX X X X X X\n. . . . . .\n. . . . . .")?;
    /// let life = UnconditionalLife::new(&board);
    /// assert_eq!(life.dead(Color::White).len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn dead(&self, color: Color) -> PointSet {
        self.stones(color)
            .iter()
            .filter(|&p| self.owner(p) == Some(color.opposite()))
            .collect()
    }

    /// The status of the point `p`.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_eye::benson::{UnconditionalLife, UnconditionalStatus};
    /// let board = Board::from_diagram(". O . X . X\nX X X X X X\n. . . . . .\n. . . . . .")?;
    /// let life = UnconditionalLife::new(&board);
    /// assert_eq!(life.status("E4".parse()?), UnconditionalStatus::Territory(Color::Black));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn status(&self, p: Point) -> UnconditionalStatus {
        let Some(owner) = self.owner(p) else {
            return UnconditionalStatus::Undecided;
        };
        if self.stones(owner).contains(p) {
            UnconditionalStatus::Alive
        } else if self.stones(owner.opposite()).contains(p) {
            UnconditionalStatus::Dead
        } else {
            UnconditionalStatus::Territory(owner)
        }
    }
}

/// Two-stone blocks of `color` away from the edge with no other stone of
/// `color` among their eight neighbours: they may hold a seki inside an
/// enemy eye, so the run neither captures them early nor counts them.
fn potential_sekis(board: &Board, color: Color) -> Vec<[Point; 2]> {
    let geo = board.geometry();
    let mut out = Vec::new();
    for b in board.blocks() {
        if b.color() != color || b.num_stones() != 2 {
            continue;
        }
        let stones = b.stones();
        let isolated = stones.iter().all(|s| {
            s.neighbours().into_iter().chain(s.diagonals()).all(|q| {
                geo.contains(q) && (board.color_at(q) != Some(color) || stones.contains(q))
            })
        });
        if isolated {
            let mut pair: Vec<Point> = stones.iter().collect();
            // The upper stone first (then the left one): the seki test
            // looks from it towards the other.
            pair.sort_by_key(|p| (std::cmp::Reverse(p.row()), p.col()));
            out.push([pair[0], pair[1]]);
        }
    }
    out
}

/// The point one step from `p` in direction `(dx, dy)`, on the board.
fn step(geo: &go_board::Geometry, p: Point, dx: isize, dy: isize) -> Option<Point> {
    let col = p.col().checked_add_signed(dx)?;
    let row = p.row().checked_add_signed(dy)?;
    Point::try_new(col, row).filter(|&q| geo.contains(q))
}

/// The seki test for a potential seki `[a, b]` after the enemy has filled
/// the outside: with `b` next to `a` in direction `up`, both ends empty,
/// and one pair of flanking points empty while enemy stones on the other
/// pair are one string, the pair lives in seki inside the enemy eye unless
/// it grows; it then grows by one stone at `a`'s end.
fn extend_critical_seki(work: &mut Board, color: Color, [a, b]: [Point; 2]) {
    let geo = work.geometry();
    let other = color.opposite();
    let up = (
        b.col() as isize - a.col() as isize,
        b.row() as isize - a.row() as isize,
    );
    let at = |p: Point, dx: isize, dy: isize| step(geo, p, dx, dy);
    let (Some(beyond), Some(behind)) = (at(b, up.0, up.1), at(a, -up.0, -up.1)) else {
        return;
    };
    if !work.is_empty(beyond) || !work.is_empty(behind) {
        return;
    }
    // The two perpendicular directions.
    for right in [(up.1, -up.0), (-up.1, up.0)] {
        let (Some(a_right), Some(b_left), Some(a_left), Some(b_right)) = (
            at(a, right.0, right.1),
            at(b, -right.0, -right.1),
            at(a, -right.0, -right.1),
            at(b, right.0, right.1),
        ) else {
            continue;
        };
        if !work.is_empty(a_right) || !work.is_empty(b_left) {
            continue;
        }
        let mut played = 0;
        for q in [a_left, b_right] {
            if work.is_empty(q) && work.play(other, q).is_ok() {
                played += 1;
            }
        }
        let critical = work.color_at(a_left) == Some(other)
            && work.color_at(b_right) == Some(other)
            && work.same_block(a_left, b_right);
        for _ in 0..played {
            work.undo();
        }
        if critical {
            let _ = work.play(color, behind);
            return;
        }
    }
}

/// The points `color`'s run marks (see [`UnconditionalLife`]).
fn marked_points(board: &Board, color: Color, alive: &PassAlive) -> PointSet {
    if alive.blocks().is_empty() {
        return PointSet::new();
    }
    let other = color.opposite();
    let sekis = potential_sekis(board, color);
    let seki_stones: PointSet = sekis.iter().flatten().copied().collect();
    let mut work = board.clone();
    work.set_rules(Rules::default());
    // 1. Capture what can be captured of the rest of `color`.
    loop {
        let mut captured = false;
        let anchors: Vec<Point> = work
            .blocks()
            .filter(|b| {
                b.color() == color
                    && !alive.is_alive(b.anchor())
                    && !seki_stones.contains(b.anchor())
            })
            .map(|b| b.anchor())
            .collect();
        for anchor in anchors {
            if work.color_at(anchor) != Some(color) {
                continue;
            }
            let mut played = 0;
            for lib in work.liberties(anchor) {
                if work.play(other, lib).is_ok() {
                    played += 1;
                }
            }
            if work.color_at(anchor) == Some(color) && work.num_liberties(anchor) == 1 {
                if let Some(lib) = work.the_liberty(anchor) {
                    if work.play(other, lib).is_ok() {
                        played += 1;
                    }
                }
            }
            if work.color_at(anchor) == Some(color) {
                for _ in 0..played {
                    work.undo();
                }
            } else {
                captured = true;
            }
        }
        if !captured {
            break;
        }
    }
    // 2. Fill the liberties of the pass-alive blocks, then extend strings in atari.
    for &anchor in alive.blocks() {
        for lib in work.liberties(anchor) {
            let _ = work.play(other, lib);
        }
    }
    loop {
        let atari: Vec<Point> = work
            .blocks()
            .filter(|b| b.color() == other && b.in_atari())
            .filter_map(|b| b.liberties().first())
            .collect();
        let mut extended = false;
        for lib in atari {
            if work.is_empty(lib) && work.play(other, lib).is_ok() {
                extended = true;
            }
        }
        if !extended {
            break;
        }
    }
    // 3. Sekis inside enemy eyes, then capture the potential sekis.
    for &pair in &sekis {
        if work.color_at(pair[0]) == Some(color) && work.same_block(pair[0], pair[1]) {
            extend_critical_seki(&mut work, color, pair);
        }
    }
    for &[a, _] in &sekis {
        if work.color_at(a) == Some(color) {
            for lib in work.liberties(a) {
                let _ = work.play(other, lib);
            }
        }
    }
    // 4. Reduce two-point eyes to one point.
    let pairs: Vec<(Point, Point)> = work
        .blocks()
        .filter(|b| b.color() == other && b.num_liberties() == 2)
        .filter_map(|b| {
            let mut libs = b.liberties().iter();
            let (a, c) = (libs.next()?, libs.next()?);
            (a.distance(c) == 1).then_some((a, c))
        })
        .collect();
    for (a, c) in pairs {
        if work.is_empty(a) && work.is_empty(c) && work.play(other, a).is_err() {
            let _ = work.play(other, c);
        }
    }
    // Mark.
    let mut marked = PointSet::new();
    for &anchor in alive.blocks() {
        marked |= work.stones(anchor) | work.liberties(anchor);
    }
    for b in work.blocks() {
        if b.color() == other && b.in_atari() {
            marked |= b.stones() | *b.liberties();
        }
    }
    marked
}
