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
//! # Updating after a move
//! [`Zones::update`] (or [`Zones::play`] / [`Zones::undo`]) brings the zones
//! of one position to the next: only the groups near the changed points
//! are rebuilt, and the result equals [`Zones::new`] exactly (the tests
//! check it after every move and undo of the peer suites' game records).
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

use crate::board::{Board, MoveInfo};
use crate::color::Color;
use crate::error::PlayError;
use crate::geometry::Geometry;
use crate::point::{Move, NUM_INDICES, Point};
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
    /// A zone with nothing in it yet.
    fn empty() -> Zone {
        Zone {
            blocks: Vec::new(),
            stones: PointSet::new(),
            liberties: PointSet::new(),
            adjacent: Vec::new(),
        }
    }

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
/// Two `Zones` of the same position are equal however they were computed
/// ([`Zones::new`] from scratch, or [`Zones::update`] / [`Zones::play`] /
/// [`Zones::undo`] move by move); see the [module docs](self) for the
/// definition. Equality compares the zones alone, not the groups kept for
/// updates.
#[derive(Clone, Debug)]
pub struct Zones {
    zones: Vec<Zone>,
    /// The zone of each stone, `NONE` elsewhere.
    of_stone: Vec<u16>,
    /// The position's groups (slots; `None` is a free slot), kept so that an
    /// update rebuilds only the groups near a change.
    groups: Vec<Option<Group>>,
    /// Free slots of `groups`.
    free: Vec<u16>,
    /// The group slot of each stone, `NONE` elsewhere.
    group_of: Vec<u16>,
    /// Every stone of the position the zones describe.
    stones: PointSet,
}

impl PartialEq for Zones {
    fn eq(&self, other: &Zones) -> bool {
        // `of_stone` follows from the zones; the groups are a cache.
        self.zones == other.zones
    }
}

impl Eq for Zones {}

/// One group: blocks of one colour joined by the union stencils, with what
/// the surround rule and the zones' contacts need of it.
#[derive(Clone, Debug)]
struct Group {
    /// Anchors of its blocks, increasing.
    blocks: Vec<Point>,
    stones: PointSet,
    liberties: PointSet,
    /// The enemy stones in contact: orthogonal neighbours of its stones or
    /// of its liberties.
    contacts: PointSet,
    /// Whether every liberty touches an enemy stone.
    surrounded: bool,
}

const NONE: u16 = u16::MAX;

/// How far a change reaches: a stencil, a liberty or a contact that a
/// changed point takes part in has all its stones within this Chebyshev
/// distance of it (see [`Zones::update`]).
const REACH: isize = 2;

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
        let mut zones = Zones {
            zones: Vec::new(),
            of_stone: vec![NONE; NUM_INDICES],
            groups: Vec::new(),
            free: Vec::new(),
            group_of: vec![NONE; NUM_INDICES],
            stones: PointSet::new(),
        };
        let all = all_stones(board);
        zones.stones = all;
        zones.add_groups(board, all);
        zones.assemble();
        zones
    }

    /// Brings the zones up to date after a change of position: `board` is
    /// the new position, `changed` every point whose content changed since
    /// the position these zones describe — after a move, the stone played and
    /// the stones it captured (or suicided); after [`Board::undo`], the stone
    /// taken back and the stones put back. [`Zones::changed`] computes it
    /// from the two positions, and [`Zones::play`] / [`Zones::undo`] do the
    /// whole step. Any set of changes works (setup too); points that did not
    /// change may be included, at some cost.
    ///
    /// The result equals [`Zones::new(board)`](Zones::new). Only the groups
    /// with a stone within distance 2 (a 5×5 square) of a changed point are
    /// rebuilt: every union stencil, liberty, surround test and contact that
    /// a changed point takes part in has all its stones that close, so a
    /// group farther away keeps its blocks, links, liberties, surround
    /// status and contacts. Zones are then re-formed from the groups (the
    /// surround rule's merges reach across the board).
    ///
    /// ```
    /// use go_board::{Board, Color, zone::Zones};
    /// let mut board = Board::from_diagram(
    ///     ". . . . .
    ///      . X . . .
    ///      . . . O .
    ///      . . . . .
    ///      . . . . .",
    /// )?;
    /// let mut zones = Zones::new(&board);
    /// let before = board.clone();
    /// board.play(Color::Black, "C3".parse()?)?; // a diagonal to B4
    /// zones.update(&board, &Zones::changed(&before, &board));
    /// assert_eq!(zones, Zones::new(&board));
    /// assert_eq!(zones.zone_at("B4".parse()?).unwrap().stones().len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn update(&mut self, board: &Board, changed: &PointSet) {
        if changed.is_empty() {
            return;
        }
        let geo = board.geometry();
        let mut dissolved = PointSet::new();
        for c in changed {
            for dr in -REACH..=REACH {
                for dc in -REACH..=REACH {
                    let Some(p) = offset(geo, c, dc, dr) else {
                        continue;
                    };
                    let g = self.group_of[p.index()];
                    if g == NONE {
                        continue;
                    }
                    let group = self.groups[usize::from(g)]
                        .take()
                        .expect("a stone's group is live");
                    for s in group.stones {
                        self.group_of[s.index()] = NONE;
                    }
                    dissolved |= group.stones;
                    self.free.push(g);
                }
            }
        }
        let all = all_stones(board);
        // The kept groups' stones are unchanged: the rest is rebuilt.
        let fresh = all - (self.stones - dissolved);
        self.stones = all;
        self.add_groups(board, fresh);
        self.assemble();
        #[cfg(feature = "extra-checks")]
        assert_eq!(*self, Zones::new(board), "incremental zones differ");
    }

    /// The points whose content differs between two positions of one
    /// geometry: the `changed` argument of [`Zones::update`].
    ///
    /// ```
    /// use go_board::{Board, Color, zone::Zones};
    /// let before = Board::from_diagram(". X .\nX O X\n. . .")?;
    /// let mut after = before.clone();
    /// after.play(Color::Black, "B1".parse()?)?; // captures B2
    /// let changed = Zones::changed(&before, &after);
    /// assert_eq!(changed.len(), 2);
    /// assert!(changed.contains("B1".parse()?) && changed.contains("B2".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn changed(before: &Board, after: &Board) -> PointSet {
        Color::ALL.into_iter().fold(PointSet::new(), |acc, c| {
            acc | (*before.stones_of(c) ^ *after.stones_of(c))
        })
    }

    /// Plays `color` at `p` on `board` and updates the zones (see
    /// [`Zones::update`]); on an illegal move, neither changes.
    ///
    /// # Errors
    /// The board's [`PlayError`] when the move is illegal.
    ///
    /// ```
    /// use go_board::{Board, Color, zone::Zones};
    /// let mut board = Board::new(9)?;
    /// let mut zones = Zones::new(&board);
    /// zones.play(&mut board, Color::Black, "C3".parse()?)?;
    /// zones.play(&mut board, Color::White, "D4".parse()?)?;
    /// assert_eq!(zones.len(), 2);
    /// assert_eq!(zones, Zones::new(&board));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(
        &mut self,
        board: &mut Board,
        color: Color,
        p: Point,
    ) -> Result<MoveInfo, PlayError> {
        let before = stone_sets(board);
        let info = board.play(color, p)?;
        self.update(board, &changed_since(&before, board));
        Ok(info)
    }

    /// Takes back `board`'s last move ([`Board::undo`]) and updates the
    /// zones; returns what was undone.
    ///
    /// ```
    /// use go_board::{Board, Color, zone::Zones};
    /// let mut board = Board::from_diagram(". X .\nX O X\n. . .")?;
    /// let mut zones = Zones::new(&board);
    /// let start = zones.clone();
    /// zones.play(&mut board, Color::Black, "B1".parse()?)?; // captures B2
    /// assert_eq!(zones.len(), 1);
    /// assert!(zones.undo(&mut board).is_some());
    /// assert_eq!(zones, start);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn undo(&mut self, board: &mut Board) -> Option<(Color, Move)> {
        let before = stone_sets(board);
        let undone = board.undo()?;
        self.update(board, &changed_since(&before, board));
        Some(undone)
    }

    /// Builds the groups of the `fresh` stones (whole blocks, joined by the
    /// union stencils only to one another) into free slots.
    fn add_groups(&mut self, board: &Board, fresh: PointSet) {
        let geo = board.geometry();
        // The fresh blocks, by anchor; `group_of` holds each stone's block
        // index until the groups are known.
        let mut blocks: Vec<(Point, PointSet)> = Vec::new();
        let mut rest = fresh;
        while let Some(p) = rest.first() {
            debug_assert_eq!(board.anchor(p), Some(p), "fresh stones are whole blocks");
            let stones = board.stones(p);
            for s in stones {
                self.group_of[s.index()] = blocks.len() as u16;
            }
            blocks.push((p, stones));
            rest -= stones;
        }
        let mut links = UnionFind::new(blocks.len());
        for s in fresh {
            let i = usize::from(self.group_of[s.index()]);
            forward_partners(board, s, |t| {
                debug_assert!(fresh.contains(t), "a union link leaves the rebuilt groups");
                links.union(i, usize::from(self.group_of[t.index()]));
            });
        }
        let mut slot_of_root = vec![NONE; blocks.len()];
        let mut slots = Vec::new();
        for (i, &(anchor, stones)) in blocks.iter().enumerate() {
            let root = links.find(i);
            if slot_of_root[root] == NONE {
                let group = Group {
                    blocks: Vec::new(),
                    stones: PointSet::new(),
                    liberties: PointSet::new(),
                    contacts: PointSet::new(),
                    surrounded: false,
                };
                let slot = match self.free.pop() {
                    Some(slot) => {
                        self.groups[usize::from(slot)] = Some(group);
                        slot
                    }
                    None => {
                        self.groups.push(Some(group));
                        (self.groups.len() - 1) as u16
                    }
                };
                slot_of_root[root] = slot;
                slots.push(slot);
            }
            let group = self.groups[usize::from(slot_of_root[root])]
                .as_mut()
                .expect("just made");
            // Blocks come by increasing anchor, so `blocks` stays sorted.
            group.blocks.push(anchor);
            group.stones |= stones;
            group.liberties |= board.liberties(anchor);
        }
        // Points next to each colour's stones, for the surround test.
        let reach = [Color::Black, Color::White].map(|c| board.stones_of(c).grow(geo));
        for slot in slots {
            let group = self.groups[usize::from(slot)].as_mut().expect("just made");
            let color = board.color_at(group.blocks[0]).expect("a stone");
            let enemy = color.opposite();
            group.contacts = (group.stones | group.liberties).grow(geo) & *board.stones_of(enemy);
            group.surrounded = group.liberties.is_subset(&reach[enemy.index()]);
            for s in group.stones {
                self.group_of[s.index()] = slot;
            }
        }
    }

    /// Forms the zones from the groups: surrounded groups merge with the
    /// groups of the enemy stones they touch; then the canonical order, the
    /// stone index and the adjacent zones.
    fn assemble(&mut self) {
        let n = self.groups.len();
        let mut merged = UnionFind::new(n);
        for (g, group) in self.groups.iter().enumerate() {
            let Some(group) = group.as_ref().filter(|group| group.surrounded) else {
                continue;
            };
            let mut contacts = group.contacts;
            while let Some(e) = contacts.first() {
                let h = usize::from(self.group_of[e.index()]);
                merged.union(g, h);
                contacts -= self.groups[h].as_ref().expect("live").stones;
            }
        }
        let mut zone_of_root = vec![NONE; n];
        // Each zone with the enemy stones its groups touch.
        let mut zones: Vec<(Zone, PointSet)> = Vec::new();
        for (g, group) in self.groups.iter().enumerate() {
            let Some(group) = group else { continue };
            let root = merged.find(g);
            if zone_of_root[root] == NONE {
                zone_of_root[root] = zones.len() as u16;
                zones.push((Zone::empty(), PointSet::new()));
            }
            let (zone, contacts) = &mut zones[usize::from(zone_of_root[root])];
            zone.blocks.extend_from_slice(&group.blocks);
            zone.stones |= group.stones;
            zone.liberties |= group.liberties;
            *contacts |= group.contacts;
        }
        zones.sort_unstable_by_key(|(zone, _)| zone.stones.first());
        self.of_stone.fill(NONE);
        for (k, (zone, _)) in zones.iter_mut().enumerate() {
            zone.blocks.sort_unstable();
            for s in zone.stones {
                self.of_stone[s.index()] = k as u16;
            }
        }
        for k in 0..zones.len() {
            let mut contacts = zones[k].1 - zones[k].0.stones;
            let mut adjacent = Vec::new();
            while let Some(e) = contacts.first() {
                let j = usize::from(self.of_stone[e.index()]);
                adjacent.push(j);
                contacts -= zones[j].0.stones;
            }
            adjacent.sort_unstable();
            zones[k].0.adjacent = adjacent;
        }
        self.zones = zones.into_iter().map(|(zone, _)| zone).collect();
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
            Some(&k) if k != NONE => Some(usize::from(k)),
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

/// Every stone of the position.
fn all_stones(board: &Board) -> PointSet {
    *board.stones_of(Color::Black) | *board.stones_of(Color::White)
}

/// Each colour's stones, black then white.
fn stone_sets(board: &Board) -> [PointSet; 2] {
    [Color::Black, Color::White].map(|c| *board.stones_of(c))
}

/// The points whose content changed since `before` (from [`stone_sets`]).
fn changed_since(before: &[PointSet; 2], board: &Board) -> PointSet {
    let after = stone_sets(board);
    (before[0] ^ after[0]) | (before[1] ^ after[1])
}

/// The on-board point `(dc, dr)` away from `p`.
fn offset(geo: &Geometry, p: Point, dc: isize, dr: isize) -> Option<Point> {
    let c = p.col().checked_add_signed(dc)?;
    let r = p.row().checked_add_signed(dr)?;
    let q = Point::try_new(c, r)?;
    geo.contains(q).then_some(q)
}

/// Calls `f` with the stones of `s`'s colour that a union stencil pairs
/// with `s` (of its own block too), looking only up and to the right: the
/// stencils are symmetric, so every linked pair is met once, from its
/// lower stone's side or the other.
fn forward_partners(board: &Board, s: Point, mut f: impl FnMut(Point)) {
    // One of each pair of opposite offsets: diagonals, jumps, knight's moves.
    const FORWARD: [(isize, isize); 8] = [
        (1, 1),
        (-1, 1),
        (2, 0),
        (0, 2),
        (1, 2),
        (-1, 2),
        (2, 1),
        (-2, 1),
    ];
    let geo = board.geometry();
    let color = board.color_at(s);
    let enemy = color.map(Color::opposite);
    let at = |dc: isize, dr: isize| offset(geo, s, dc, dr);
    let empty = |p: Option<Point>| p.is_some_and(|p| board.is_empty(p));
    let is_enemy = |p: Option<Point>| p.is_some_and(|p| board.color_at(p) == enemy);
    for (dc, dr) in FORWARD {
        let Some(t) = at(dc, dr) else { continue };
        if board.color_at(t) != color {
            continue;
        }
        let linked = match (dc.abs(), dr.abs()) {
            // Diagonal: cut only when both shared points are enemy stones.
            (1, 1) => !(is_enemy(at(dc, 0)) && is_enemy(at(0, dr))),
            // Jump: the middle point empty.
            (2, 0) | (0, 2) => empty(at(dc / 2, dr / 2)),
            // Knight's move: one step along the long side from each end.
            (1, 2) => empty(at(0, dr / 2)) && empty(at(dc, dr / 2)),
            _ => empty(at(dc / 2, 0)) && empty(at(dc / 2, dr)),
        };
        if linked {
            f(t);
        }
    }
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

/// The first from-scratch computation, block by block with no bitsets:
/// the unit tests' independent oracle for [`Zones::new`].
#[cfg(test)]
mod reference {
    use super::{UnionFind, Zone};
    use crate::board::Board;
    use crate::color::Color;
    use crate::point::{NUM_INDICES, Point};
    use crate::point_set::PointSet;

    /// The zones of `board` in canonical order.
    pub(super) fn zones(board: &Board) -> Vec<Zone> {
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
        from_partition(board, &blocks, &mut zones, block_of)
    }

    fn from_partition(
        board: &Board,
        blocks: &[Point],
        partition: &mut UnionFind,
        block_of: impl Fn(Point) -> Option<usize>,
    ) -> Vec<Zone> {
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
                let mut zone = Zone::empty();
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
        let mut of_root = vec![u16::MAX; blocks.len()];
        for (k, (_, r)) in zones.iter().enumerate() {
            of_root[*r] = k as u16;
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
        result
    }

    /// The anchors of the enemy blocks in contact with block `b`.
    fn contacts(board: &Board, b: Point) -> Vec<Point> {
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

    /// Whether a group of `color` with these liberties is surrounded.
    fn surrounded(board: &Board, color: Option<Color>, libs: &PointSet) -> bool {
        let enemy = color.map(Color::opposite);
        libs.iter().all(|l| {
            board
                .geometry()
                .neighbours(l)
                .any(|n| enemy.is_some() && board.color_at(n) == enemy)
        })
    }

    /// The stones of `s`'s colour that a union stencil pairs with `s` (stones of
    /// other blocks, or of its own block: callers skip those).
    pub(super) fn union_partners(board: &Board, s: Point) -> impl Iterator<Item = Point> + '_ {
        let color = board.color_at(s);
        let enemy = color.map(Color::opposite);
        let geo = board.geometry();
        let at = move |dc: isize, dr: isize| super::offset(geo, s, dc, dr);
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
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The zones of a diagram, checked against the reference computation.
    fn zones_of(diagram: &str) -> (Board, Zones) {
        let board = Board::from_diagram(diagram).unwrap();
        let zones = Zones::new(&board);
        assert_eq!(zones.zones(), reference::zones(&board), "\n{board}");
        (board, zones)
    }

    fn pt(s: &str) -> Point {
        s.parse().unwrap()
    }

    fn same_zone(zones: &Zones, a: &str, b: &str) -> bool {
        let (a, b) = (zones.index_at(pt(a)), zones.index_at(pt(b)));
        assert!(a.is_some() && b.is_some(), "stones expected");
        a == b
    }

    /// Plays the move on the diagram's board; the updated zones must equal
    /// a recomputation, and undoing must give back the first zones.
    fn after_move(diagram: &str, color: Color, p: &str) -> (Zones, Zones) {
        let (mut board, zones) = zones_of(diagram);
        let mut updated = zones.clone();
        updated.play(&mut board, color, pt(p)).unwrap();
        assert_eq!(updated, Zones::new(&board), "\n{board}");
        let mut undone = updated.clone();
        undone.undo(&mut board).unwrap();
        assert_eq!(undone, zones);
        (zones, updated)
    }

    #[test]
    fn diagonal_joins_two_stones() {
        let (_, zones) = zones_of(
            ". . . . .
             . X . . .
             . . X . .
             . . . . .
             . . . . .",
        );
        assert_eq!(zones.len(), 1);
        assert_eq!(zones.zones()[0].blocks().len(), 2);
    }

    #[test]
    fn diagonal_with_one_enemy_stone_between_still_joins() {
        let (_, zones) = zones_of(
            ". . . . .
             . X O . .
             . . X . .
             . . . . .
             . . . . .",
        );
        assert!(same_zone(&zones, "B4", "C3"));
        assert_eq!(zones.len(), 2);
    }

    #[test]
    fn cross_cut_separates_both_diagonals() {
        let (_, zones) = zones_of(
            ". . . . . .
             . . . . . .
             . . X O . .
             . . O X . .
             . . . . . .
             . . . . . .",
        );
        assert_eq!(zones.len(), 4);
        assert!(!same_zone(&zones, "C4", "D3"));
        assert!(!same_zone(&zones, "D4", "C3"));
        // Each stone touches the two enemy stones beside it.
        for zone in zones.zones() {
            assert_eq!(zone.adjacent().len(), 2);
        }
    }

    #[test]
    fn one_point_jump_joins() {
        let (_, zones) = zones_of(
            ". . . . .
             . . . . .
             . X . X .
             . . . . .
             . . . . .",
        );
        assert_eq!(zones.len(), 1);
    }

    #[test]
    fn wedge_separates_a_jump() {
        let (_, zones) = zones_of(
            ". . . . .
             . . . . .
             . X O X .
             . . . . .
             . . . . .",
        );
        assert_eq!(zones.len(), 3);
        assert!(!same_zone(&zones, "B3", "D3"));
        let white = zones.index_at(pt("C3")).unwrap();
        assert_eq!(zones.zones()[white].adjacent().len(), 2);
    }

    #[test]
    fn knights_move_joins() {
        let (_, zones) = zones_of(
            ". . . . .
             . X . . .
             . . . X .
             . . . . .
             . . . . .",
        );
        assert_eq!(zones.len(), 1);
        let (_, zones) = zones_of(
            ". . . . .
             . X . . .
             . . . . .
             . . X . .
             . . . . .",
        );
        assert_eq!(zones.len(), 1);
    }

    #[test]
    fn knights_cut_on_either_middle_point_separates() {
        for diagram in [
            ". . . . .
             . X O . .
             . . . X .
             . . . . .
             . . . . .",
            ". . . . .
             . X . . .
             . . O X .
             . . . . .
             . . . . .",
        ] {
            let (_, zones) = zones_of(diagram);
            assert!(!same_zone(&zones, "B4", "D3"), "{diagram}");
            assert_eq!(zones.len(), 3);
        }
    }

    #[test]
    fn stones_too_far_apart_are_separate_zones() {
        let (_, zones) = zones_of(
            ". . . . .
             . X . . .
             . . . . .
             . . . X .
             . . . . .",
        );
        assert_eq!(zones.len(), 2);
        assert!(zones.zones()[0].adjacent().is_empty());
    }

    #[test]
    fn contact_by_a_shared_liberty_makes_adjacent_zones() {
        let (_, zones) = zones_of(
            ". . . . .
             . . . . .
             X . O . .
             . . . . .
             . . . . .",
        );
        assert_eq!(zones.len(), 2);
        assert_eq!(zones.zones()[0].adjacent(), &[1]);
        assert_eq!(zones.zones()[1].adjacent(), &[0]);
        assert_eq!(zones.zones_touching(pt("B3")), [0, 1]);
        // Diagonal stones of both colours share two liberties.
        let (_, zones) = zones_of(
            ". . . . .
             . . . . .
             . X . . .
             . . O . .
             . . . . .",
        );
        assert_eq!(zones.zones()[0].adjacent(), &[1]);
    }

    #[test]
    fn no_shared_liberty_no_contact() {
        let (_, zones) = zones_of(
            ". . . . .
             . . . . .
             X . . O .
             . . . . .
             . . . . .",
        );
        assert_eq!(zones.len(), 2);
        assert!(zones.zones().iter().all(|z| z.adjacent().is_empty()));
    }

    #[test]
    fn surrounded_group_merges_with_the_groups_it_touches() {
        // Black's liberties B2, D2 and C3 each touch White: the three
        // white stones, linked to nothing (B1–D1 is wedged), join its zone.
        let (_, zones) = zones_of(
            ". . . . .
             . . O . .
             . . . . .
             . . X . .
             . O X O .",
        );
        assert_eq!(zones.len(), 1);
        assert_eq!(zones.zones()[0].blocks().len(), 4);
        // Without C4, C3 is a free liberty: four zones around Black's.
        let (_, zones) = zones_of(
            ". . . . .
             . . . . .
             . . . . .
             . . X . .
             . O X O .",
        );
        assert_eq!(zones.len(), 3);
        let black = zones.index_at(pt("C1")).unwrap();
        assert_eq!(zones.zones()[black].adjacent().len(), 2);
    }

    #[test]
    fn captured_link_splits_a_zone() {
        // C3 links B1 and D1 by knight's moves through its last liberty
        // C2; capturing it leaves them apart (the jump B1–D1 is wedged).
        let (before, after) = after_move(
            ". . . . .
             . . O . .
             . O X O .
             . . . . .
             . X O X .",
            Color::White,
            "C2",
        );
        assert!(same_zone(&before, "B1", "D1"));
        assert!(!same_zone(&after, "B1", "D1"));
        assert_eq!((before.len(), after.len()), (2, 3));
    }

    #[test]
    fn capture_frees_a_surrounded_group_and_splits_its_zone() {
        // White E2's liberties E3 and D2 touch Black: surrounded, it merges
        // Black's stones into one zone. Capturing E1 gives it a free liberty.
        let (before, after) = after_move(
            ". . . . O
             . . . . X
             . . . . .
             . . X . O
             . . . . X",
            Color::White,
            "D1",
        );
        assert!(same_zone(&before, "E4", "C2"));
        assert!(!same_zone(&after, "E4", "C2"));
    }

    #[test]
    fn stencils_stop_at_the_edge() {
        // E3 and A2 are far apart although their indices are close.
        let (_, zones) = zones_of(
            ". . . . .
             . . . . .
             . . . . X
             X . . . .
             . . . . .",
        );
        assert_eq!(zones.len(), 2);
        // A jump along the edge joins; a cross-cut on the edge separates.
        let (_, zones) = zones_of(
            "X . X . .
             . . . . .
             . . . . .
             . O X . .
             . X O . .",
        );
        assert!(same_zone(&zones, "A5", "C5"));
        assert!(!same_zone(&zones, "B1", "C2"));
        assert!(!same_zone(&zones, "B2", "C1"));
    }

    #[test]
    fn surrounded_on_the_edge() {
        // A1's one liberty, B1, touches the white stone C1.
        let (_, zones) = zones_of(
            ". . .
             O . .
             X . O",
        );
        assert_eq!(zones.len(), 1);
    }

    #[test]
    fn update_after_play_and_undo_matches_from_scratch() {
        let (_, after) = after_move(
            ". . . . .
             . X . . .
             . . . O .
             . . . . .
             . . . . .",
            Color::Black,
            "C3",
        );
        assert_eq!(after.len(), 2);
    }

    /// A tiny xorshift generator for the random positions below.
    fn rng(seed: u64) -> impl FnMut() -> u64 {
        let mut state = seed | 1;
        move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        }
    }

    #[test]
    fn from_scratch_equals_the_reference_on_random_games() {
        let mut next = rng(0x2545_F491_4F6C_DD1D);
        for size in [5, 7, 9, 13, 19] {
            for _ in 0..6 {
                let mut board = Board::new(size).unwrap();
                for _ in 0..size * size {
                    let color = board.to_play();
                    let legal: Vec<Point> = board.legal_moves(color).iter().collect();
                    if legal.is_empty() {
                        break;
                    }
                    let p = legal[(next() % legal.len() as u64) as usize];
                    board.play(color, p).unwrap();
                    assert_eq!(Zones::new(&board).zones(), reference::zones(&board));
                }
            }
        }
    }
}
