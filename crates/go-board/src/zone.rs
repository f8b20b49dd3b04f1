//! Fractal Go's zones: a position cut into local fights.
//!
//! A **zone** is a set of blocks (chains) together with their liberties,
//! closed under Fractal Go's relation patterns: blocks of one colour that a
//! *union* pattern joins and no *separation* pattern cuts are in one zone,
//! and a group that is *surrounded* by the enemy blocks it touches is read
//! together with them (Carro, Riesco, Rodríguez, *Fractal Go*, 2005, §2.2).
//! The report's pattern figures are lost; the stencils below are this
//! crate's definition of them.
//!
//! # The four stencil sets
//! `X` is a stone of one colour, `O` an enemy stone, `.` an empty point, `?`
//! anything. Every stencil applies in all eight symmetries.
//!
//! **Chain** (orthogonal contact; kept by the board as blocks):
//! ```text
//! X X
//! ```
//! **Union** — two blocks of one colour join when one of their stones pairs
//! with a stone of the other in one of these shapes:
//! ```text
//! diagonal     one-point jump    knight's move
//! X ?          X . X             X . ?
//! ? X                            ? . X
//! ```
//! (a diagonal whose two shared points are not both enemy stones; a jump
//! whose middle point is empty; a knight's move whose two middle points are
//! empty).
//!
//! **Separation** — what cancels a union shape:
//! ```text
//! cross-cut    wedge             knight's cut
//! X O          X O X             X O ?      X . ?
//! O X                            ? . X      ? O X
//! ```
//! The cross-cut is the report's "separation between four chains"; the
//! wedge and the knight's cut are its separation "of white chains": an enemy
//! stone on a linking point.
//!
//! **Contact** — blocks of opposite colours touch when they are orthogonal
//! neighbours or share a liberty:
//! ```text
//! X O          X . O    X .
//!                       . O   (the shared liberty is the empty point)
//! ```
//!
//! # Groups, surrounded groups and zones
//! The union stencils join blocks into **groups**. A group is
//! **surrounded** when every one of its liberties touches an enemy stone:
//! it has no free point to run to, so its fate is decided together with the
//! enemy groups in contact with it, and its zone **merges** with theirs.
//! Zones are the connected components of the union and surround relations;
//! zones in contact that do not merge are **adjacent zones**.
//!
//! Empty points that are no block's liberty (open space) belong to no zone:
//! they are nobody's fight yet, and a player that needs moves there (the
//! opening, large open areas) must look at them separately.
//!
//! ```
//! use go_board::{Board, zone::Zones};
//!
//! // Black's knight's move and diagonal join three stones into one zone;
//! // White's lone stone on the right is a zone of its own, adjacent to it.
//! let board = Board::from_diagram(
//!     ". . . . . . .
//!      . X . . . . .
//!      . . . X . . .
//!      . . X . O . .
//!      . . . . . . .
//!      . . . . . . .
//!      . . . . . . .",
//! )?;
//! let zones = Zones::new(&board);
//! assert_eq!(zones.len(), 2);
//! let black = zones.zone_at("B6".parse()?).unwrap();
//! assert_eq!(black.stones().len(), 3);
//! assert_eq!(black.adjacent(), &[zones.index_at("E4".parse()?).unwrap()]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::board::Board;
use crate::color::Color;
use crate::point::{NUM_INDICES, Point};
use crate::point_set::PointSet;

/// One zone: its blocks, their stones and liberties, and the zones it
/// touches. See the [module docs](self).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Zone {
    blocks: Vec<Point>,
    stones: PointSet,
    liberties: PointSet,
    adjacent: Vec<usize>,
}

impl Zone {
    /// The anchors of the zone's blocks (as [`Board::anchor`] gives them), in
    /// increasing order.
    ///
    /// ```
    /// use go_board::{Board, zone::Zones};
    /// let board = Board::from_diagram(". X .\n. . X\n. . .")?;
    /// assert_eq!(Zones::new(&board).zones()[0].blocks().len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn blocks(&self) -> &[Point] {
        &self.blocks
    }

    /// The zone's stones, of both colours when groups merged.
    ///
    /// ```
    /// use go_board::{Board, zone::Zones};
    /// let board = Board::from_diagram(". X .\n. . X\n. . .")?;
    /// assert_eq!(Zones::new(&board).zones()[0].stones().len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn stones(&self) -> &PointSet {
        &self.stones
    }

    /// The liberties of the zone's blocks. A liberty shared with a block of
    /// another zone belongs to both zones.
    ///
    /// ```
    /// use go_board::{Board, zone::Zones};
    /// let board = Board::from_diagram(". . .\n. X .\n. . .")?;
    /// assert_eq!(Zones::new(&board).zones()[0].liberties().len(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn liberties(&self) -> &PointSet {
        &self.liberties
    }

    /// Stones and liberties: the zone's points.
    ///
    /// ```
    /// use go_board::{Board, zone::Zones};
    /// let board = Board::from_diagram(". . .\n. X .\n. . .")?;
    /// assert_eq!(Zones::new(&board).zones()[0].points().len(), 5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn points(&self) -> PointSet {
        self.stones | self.liberties
    }

    /// The indices (into [`Zones::zones`]) of the adjacent zones: those with a
    /// block in contact with a block of this one, in increasing order.
    ///
    /// ```
    /// use go_board::{Board, zone::Zones};
    /// let board = Board::from_diagram(". . . .\n. X O .\n. . . .")?;
    /// let zones = Zones::new(&board);
    /// assert_eq!(zones.zones()[0].adjacent(), &[1]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn adjacent(&self) -> &[usize] {
        &self.adjacent
    }

    /// How many of the zone's blocks have stones of `color`.
    ///
    /// ```
    /// use go_board::{Board, Color, zone::Zones};
    /// let board = Board::from_diagram(". X .\n. . X\n. . .")?;
    /// let zones = Zones::new(&board);
    /// let zone = &zones.zones()[0];
    /// assert_eq!(zone.num_blocks(&board, Color::Black), 2);
    /// assert_eq!(zone.num_blocks(&board, Color::White), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn num_blocks(&self, board: &Board, color: Color) -> usize {
        self.blocks
            .iter()
            .filter(|&&b| board.color_at(b) == Some(color))
            .count()
    }
}

/// A position's zones, in a canonical order: by their lowest stone.
///
/// Two `Zones` of the same position are equal however they were computed;
/// see the [module docs](self) for the definition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Zones {
    zones: Vec<Zone>,
    /// The zone of each stone, `u16::MAX` elsewhere.
    of_stone: Vec<u16>,
}

const NO_ZONE: u16 = u16::MAX;

impl Zones {
    /// The zones of `board`, computed from scratch.
    ///
    /// ```
    /// use go_board::{Board, zone::Zones};
    /// let board = Board::new(9)?;
    /// assert!(Zones::new(&board).is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn new(board: &Board) -> Zones {
        let blocks: Vec<Point> = board.blocks().map(|b| b.anchor()).collect();
        let mut index = vec![u16::MAX; NUM_INDICES];
        for (i, &b) in blocks.iter().enumerate() {
            for s in board.block_stones(b) {
                index[s.index()] = i as u16;
            }
        }
        let block_of = |p: Point| -> Option<usize> {
            let i = index[p.index()];
            (i != u16::MAX).then_some(i as usize)
        };
        // Groups: blocks joined by the union stencils.
        let mut groups = UnionFind::new(blocks.len());
        for &b in &blocks {
            for s in board.block_stones(b) {
                for t in union_partners(board, s) {
                    if let (Some(x), Some(y)) = (block_of(s), block_of(t)) {
                        groups.union(x, y);
                    }
                }
            }
        }
        // Zones: groups, merged when surrounded with the groups they touch.
        let mut zones = groups.clone();
        let mut group_libs = vec![PointSet::new(); blocks.len()];
        for (i, &b) in blocks.iter().enumerate() {
            let root = groups.find(i);
            group_libs[root] |= board.liberties(b);
        }
        for (i, &b) in blocks.iter().enumerate() {
            let root = groups.find(i);
            let color = board.color_at(b);
            if root != i || !surrounded(board, color, &group_libs[root]) {
                continue;
            }
            for (j, &c) in blocks.iter().enumerate() {
                if groups.find(j) != root {
                    continue;
                }
                for e in contacts(board, c) {
                    if board.color_at(e) != color {
                        if let Some(k) = block_of(e) {
                            zones.union(i, k);
                        }
                    }
                }
            }
        }
        Zones::from_partition(board, &blocks, &mut zones, block_of)
    }

    /// Builds the canonical zones from a partition of `blocks`.
    fn from_partition(
        board: &Board,
        blocks: &[Point],
        partition: &mut UnionFind,
        block_of: impl Fn(Point) -> Option<usize>,
    ) -> Zones {
        let mut roots: Vec<usize> = Vec::new();
        let mut members: Vec<Vec<usize>> = vec![Vec::new(); blocks.len()];
        for i in 0..blocks.len() {
            let r = partition.find(i);
            if members[r].is_empty() {
                roots.push(r);
            }
            members[r].push(i);
        }
        let mut zones: Vec<(Zone, usize)> = roots
            .iter()
            .map(|&r| {
                let mut zone = Zone {
                    blocks: Vec::new(),
                    stones: PointSet::new(),
                    liberties: PointSet::new(),
                    adjacent: Vec::new(),
                };
                for &i in &members[r] {
                    zone.blocks.push(blocks[i]);
                    zone.stones |= board.stones(blocks[i]);
                    zone.liberties |= board.liberties(blocks[i]);
                }
                zone.blocks.sort_unstable();
                (zone, r)
            })
            .collect();
        zones.sort_unstable_by_key(|(z, _)| z.stones.first());
        let mut of_stone = vec![NO_ZONE; NUM_INDICES];
        let mut of_root = vec![NO_ZONE; blocks.len()];
        for (k, (zone, r)) in zones.iter().enumerate() {
            of_root[*r] = k as u16;
            for s in zone.stones {
                of_stone[s.index()] = k as u16;
            }
        }
        let mut result: Vec<Zone> = zones.into_iter().map(|(z, _)| z).collect();
        for (k, zone) in result.iter_mut().enumerate() {
            let mut adjacent = Vec::new();
            for &b in &zone.blocks {
                for e in contacts(board, b) {
                    if let Some(j) = block_of(e) {
                        let other = of_root[partition.find(j)] as usize;
                        if other != k && !adjacent.contains(&other) {
                            adjacent.push(other);
                        }
                    }
                }
            }
            adjacent.sort_unstable();
            zone.adjacent = adjacent;
        }
        Zones {
            zones: result,
            of_stone,
        }
    }

    /// The zones, in canonical order.
    ///
    /// ```
    /// use go_board::{Board, zone::Zones};
    /// let board = Board::from_diagram("X . . . O\n. . . . .\n. . . . .")?;
    /// assert_eq!(Zones::new(&board).zones().len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn zones(&self) -> &[Zone] {
        &self.zones
    }

    /// How many zones there are.
    ///
    /// ```
    /// use go_board::{Board, zone::Zones};
    /// let board = Board::from_diagram("X . . . O\n. . . . .\n. . . . .")?;
    /// assert_eq!(Zones::new(&board).len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.zones.len()
    }

    /// Whether there are no zones (no stones).
    ///
    /// ```
    /// use go_board::{Board, zone::Zones};
    /// assert!(Zones::new(&Board::new(5)?).is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.zones.is_empty()
    }

    /// The index of the zone of the stone at `p`, `None` for an empty or
    /// off-board point (a liberty may belong to several zones: see
    /// [`Zones::zones_touching`]).
    ///
    /// ```
    /// use go_board::{Board, zone::Zones};
    /// let board = Board::from_diagram("X . . . O\n. . . . .\n. . . . .")?;
    /// let zones = Zones::new(&board);
    /// assert_eq!(zones.index_at("E3".parse()?), Some(1));
    /// assert_eq!(zones.index_at("C3".parse()?), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn index_at(&self, p: Point) -> Option<usize> {
        match self.of_stone.get(p.index()) {
            Some(&k) if k != NO_ZONE => Some(usize::from(k)),
            _ => None,
        }
    }

    /// The zone of the stone at `p` (see [`Zones::index_at`]).
    ///
    /// ```
    /// use go_board::{Board, zone::Zones};
    /// let board = Board::from_diagram("X . . . O\n. . . . .\n. . . . .")?;
    /// assert_eq!(Zones::new(&board).zone_at("A3".parse()?).unwrap().stones().len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn zone_at(&self, p: Point) -> Option<&Zone> {
        self.index_at(p).map(|k| &self.zones[k])
    }

    /// The indices of the zones whose points include `p`: the zone of a
    /// stone, or every zone with `p` as a liberty.
    ///
    /// ```
    /// use go_board::{Board, zone::Zones};
    /// let board = Board::from_diagram("X . O\n. . .")?;
    /// assert_eq!(Zones::new(&board).zones_touching("B2".parse()?), [0, 1]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn zones_touching(&self, p: Point) -> Vec<usize> {
        if let Some(k) = self.index_at(p) {
            return vec![k];
        }
        (0..self.zones.len())
            .filter(|&k| self.zones[k].liberties.contains(p))
            .collect()
    }

    /// The empty points in no zone: open space, no block's liberty.
    ///
    /// ```
    /// use go_board::{Board, zone::Zones};
    /// let board = Board::from_diagram("X . .\n. . .\n. . .")?;
    /// assert_eq!(Zones::new(&board).open_space(&board).len(), 6);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn open_space(&self, board: &Board) -> PointSet {
        let mut open = board.empty_points();
        for zone in &self.zones {
            open -= zone.liberties;
        }
        open
    }
}

/// The stones of `s`'s colour that a union stencil pairs with `s` (stones of
/// other blocks, or of its own block: callers skip those).
pub(crate) fn union_partners(board: &Board, s: Point) -> impl Iterator<Item = Point> + '_ {
    let color = board.color_at(s);
    let enemy = color.map(Color::opposite);
    let geo = board.geometry();
    let at = move |dc: isize, dr: isize| -> Option<Point> {
        let c = s.col().checked_add_signed(dc)?;
        let r = s.row().checked_add_signed(dr)?;
        let p = Point::try_new(c, r)?;
        geo.contains(p).then_some(p)
    };
    let empty = move |p: Option<Point>| p.is_some_and(|p| board.is_empty(p));
    let is_enemy = move |p: Option<Point>| p.is_some_and(|p| board.color_at(p) == enemy);
    const DIAGONALS: [(isize, isize); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
    const JUMPS: [(isize, isize); 4] = [(2, 0), (-2, 0), (0, 2), (0, -2)];
    const KNIGHTS: [(isize, isize); 8] = [
        (1, 2),
        (2, 1),
        (-1, 2),
        (-2, 1),
        (1, -2),
        (2, -1),
        (-1, -2),
        (-2, -1),
    ];
    let diagonal = DIAGONALS.into_iter().filter_map(move |(dc, dr)| {
        let t = at(dc, dr)?;
        let cut = is_enemy(at(dc, 0)) && is_enemy(at(0, dr));
        (board.color_at(t) == color && !cut).then_some(t)
    });
    let jump = JUMPS.into_iter().filter_map(move |(dc, dr)| {
        let t = at(dc, dr)?;
        (board.color_at(t) == color && empty(at(dc / 2, dr / 2))).then_some(t)
    });
    let knight = KNIGHTS.into_iter().filter_map(move |(dc, dr)| {
        let t = at(dc, dr)?;
        // The two points between: one step along the long side, from each end.
        let (m1, m2) = if dc.abs() == 1 {
            (at(0, dr / 2), at(dc, dr / 2))
        } else {
            (at(dc / 2, 0), at(dc / 2, dr))
        };
        (board.color_at(t) == color && empty(m1) && empty(m2)).then_some(t)
    });
    diagonal.chain(jump).chain(knight)
}

/// The anchors of the enemy blocks in contact with block `b`: orthogonal
/// neighbours of its stones or sharing one of its liberties.
pub(crate) fn contacts(board: &Board, b: Point) -> Vec<Point> {
    let color = board.color_at(b);
    let mut out: Vec<Point> = Vec::new();
    let mut push = |p: Point| {
        if board.color_at(p).is_some() && board.color_at(p) != color {
            if let Some(a) = board.anchor(p) {
                if !out.contains(&a) {
                    out.push(a);
                }
            }
        }
    };
    for s in board.block_stones(b) {
        for n in board.geometry().neighbours(s) {
            push(n);
        }
    }
    for l in board.liberties(b) {
        for n in board.geometry().neighbours(l) {
            push(n);
        }
    }
    out
}

/// Whether a group of `color` with these liberties is surrounded: each of
/// them touches an enemy stone.
fn surrounded(board: &Board, color: Option<Color>, libs: &PointSet) -> bool {
    let enemy = color.map(Color::opposite);
    libs.iter().all(|l| {
        board
            .geometry()
            .neighbours(l)
            .any(|n| enemy.is_some() && board.color_at(n) == enemy)
    })
}

/// A plain union-find over block indices.
#[derive(Clone, Debug)]
struct UnionFind {
    parent: Vec<usize>,
}

impl UnionFind {
    fn new(n: usize) -> UnionFind {
        UnionFind {
            parent: (0..n).collect(),
        }
    }

    fn find(&mut self, mut i: usize) -> usize {
        while self.parent[i] != i {
            self.parent[i] = self.parent[self.parent[i]];
            i = self.parent[i];
        }
        i
    }

    fn union(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            // The lower index is the root, so roots are stable.
            let (lo, hi) = if ra < rb { (ra, rb) } else { (rb, ra) };
            self.parent[hi] = lo;
        }
    }
}
