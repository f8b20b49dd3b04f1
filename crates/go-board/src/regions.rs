//! Regions in the terminology of Müller and of Niu, Kishimoto & Müller
//! ("Recognizing Seki in Computer Go").
//!
//! The stones of one colour, the *defender*, divide the rest of the board
//! into **basic regions**: maximal connected sets of points without a
//! defender stone (they hold empty points and *attacker* stones). A
//! **merged region** is the union of two or more basic regions of the same
//! colour. A defender block next to only one region of its colour is an
//! **interior block**; one next to several is a **boundary block**. A
//! liberty of a defender block is **internal** to a region when it lies in
//! it and **external** otherwise; a **shared liberty** is an empty point
//! next to both an attacker and a defender block.
//!
//! The safety tests of the paper speak of "the boundary blocks of r" for
//! every defender block next to r; [`Region::defender_blocks`] gives that
//! set, [`Region::boundary_blocks`] and [`Region::interior_blocks`] its two
//! parts by the definition above.
//!
//! A [`Regions`] value is computed from one position; its anchors and
//! point sets describe that position only.
//!
//! [`Board::block_regions`] gives the areas enclosed by one block alone
//! ([`BlockRegion`]: Benson's regions of a single block, the eyes of the
//! thesis's semeai solver), where stones of the block's colour in other
//! blocks lie inside the area rather than on its wall.
//!
//! ```
//! use go_board::{Board, Color, Regions};
//!
//! // Black's wall splits the board: an eye in the corner, and the rest.
//! let board = Board::from_diagram(
//!     ". X . .
//!      X X . .
//!      . . O .
//!      . . . .",
//! )?;
//! let regions = Regions::basic(&board, Color::Black);
//! assert_eq!(regions.len(), 2);
//! let eye = regions.region_at("A4".parse()?).unwrap();
//! assert_eq!(eye.num_points(), 1);
//! let outside = regions.region_at("D1".parse()?).unwrap();
//! assert_eq!(outside.attacker_blocks(), ["C2".parse()?]);
//! // The wall B4-A3-B3 touches both regions: a boundary block of each.
//! assert_eq!(eye.boundary_blocks().collect::<Vec<_>>(), ["A3".parse()?]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::board::Board;
use crate::color::Color;
use crate::point::{NUM_INDICES, Point};
use crate::point_set::PointSet;

/// A region of one colour: a basic region or a union of several.
///
/// ```
/// use go_board::{Board, Color, Regions};
/// let board = Board::from_diagram(
///     ". X .
///      X X .
///      . . .",
/// )?;
/// let regions = Regions::basic(&board, Color::Black);
/// let corner = regions.region_at("A3".parse()?).unwrap();
/// assert_eq!(corner.color(), Color::Black);
/// assert!(corner.is_basic());
/// assert_eq!(corner.defender_blocks(), ["A2".parse()?]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    color: Color,
    points: PointSet,
    defender_blocks: Vec<Point>,
    interior_blocks: Vec<Point>,
    attacker_blocks: Vec<Point>,
    num_basic: usize,
}

/// A point that lies in no region of the requested colour.
///
/// ```
/// use go_board::{Board, Color, RegionError, Regions};
/// let board = Board::from_diagram("X .\n. .")?;
/// let mut regions = Regions::basic(&board, Color::Black);
/// let a2 = "A2".parse()?;
/// assert_eq!(regions.merge(a2, "B1".parse()?).unwrap_err(), RegionError::NotInRegion(a2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RegionError {
    /// The point holds a defender stone or is off the board.
    #[error("{0} is in no region (a defender stone, or off the board)")]
    NotInRegion(Point),
}

/// Anchors of the blocks with a stone in `stones`, sorted.
fn anchors(board: &Board, stones: PointSet) -> Vec<Point> {
    let mut set = PointSet::new();
    for p in stones {
        if let Some(a) = board.anchor(p) {
            set.insert(a);
        }
    }
    set.iter().collect()
}

impl Region {
    /// The defender: the colour whose stones bound the region.
    ///
    /// ```
    /// use go_board::{Board, Color, Regions};
    /// let board = Board::from_diagram("X .\n. .")?;
    /// let regions = Regions::basic(&board, Color::White);
    /// assert_eq!(regions.iter().next().unwrap().color(), Color::White);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn color(&self) -> Color {
        self.color
    }

    /// The region's points: empty points and attacker stones.
    ///
    /// ```
    /// use go_board::{Board, Color, Regions};
    /// let board = Board::from_diagram("X O\n. .")?;
    /// let regions = Regions::basic(&board, Color::Black);
    /// assert_eq!(regions.iter().next().unwrap().points().len(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn points(&self) -> &PointSet {
        &self.points
    }

    /// Number of points.
    ///
    /// ```
    /// use go_board::{Board, Color, Regions};
    /// let board = Board::from_diagram("X O\n. .")?;
    /// assert_eq!(Regions::basic(&board, Color::White).iter().next().unwrap().num_points(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn num_points(&self) -> usize {
        self.points.len()
    }

    /// Whether `p` is in the region.
    ///
    /// ```
    /// use go_board::{Board, Color, Regions};
    /// let board = Board::from_diagram("X .\n. .")?;
    /// let region = Regions::basic(&board, Color::Black).iter().next().unwrap().clone();
    /// assert!(region.contains("B2".parse()?));
    /// assert!(!region.contains("A2".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn contains(&self, p: Point) -> bool {
        self.points.contains(p)
    }

    /// Whether this is a basic region (not merged).
    ///
    /// ```
    /// use go_board::{Board, Color, Regions};
    /// let board = Board::from_diagram("X .\n. .")?;
    /// assert!(Regions::basic(&board, Color::Black).iter().all(|r| r.is_basic()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn is_basic(&self) -> bool {
        self.num_basic == 1
    }

    /// How many basic regions make up this region (1 for a basic region).
    ///
    /// ```
    /// use go_board::{Board, Color, Regions};
    /// let board = Board::from_diagram(". X .\n. X .\n. X .")?;
    /// let mut regions = Regions::basic(&board, Color::Black);
    /// let merged = regions.merge("A1".parse()?, "C1".parse()?)?;
    /// assert_eq!(merged.num_basic_regions(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn num_basic_regions(&self) -> usize {
        self.num_basic
    }

    /// Anchors of every defender block next to the region, sorted: its
    /// boundary and interior blocks together ("the boundary blocks of r"
    /// of the safety tests).
    ///
    /// ```
    /// use go_board::{Board, Color, Regions};
    /// let board = Board::from_diagram(". X .\n. X .\n. X .")?;
    /// let regions = Regions::basic(&board, Color::Black);
    /// assert_eq!(regions.region_at("A1".parse()?).unwrap().defender_blocks(), ["B1".parse()?]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn defender_blocks(&self) -> &[Point] {
        &self.defender_blocks
    }

    /// Anchors of the defender blocks next to this region and to another
    /// region of the same colour, sorted.
    ///
    /// ```
    /// use go_board::{Board, Color, Regions};
    /// let board = Board::from_diagram(". X .\n. X .\n. X .")?;
    /// let regions = Regions::basic(&board, Color::Black);
    /// let left = regions.region_at("A1".parse()?).unwrap();
    /// assert_eq!(left.boundary_blocks().collect::<Vec<_>>(), ["B1".parse()?]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn boundary_blocks(&self) -> impl Iterator<Item = Point> + '_ {
        self.defender_blocks
            .iter()
            .copied()
            .filter(|a| self.interior_blocks.binary_search(a).is_err())
    }

    /// Anchors of the defender blocks next to this region only, sorted.
    ///
    /// ```
    /// use go_board::{Board, Color, Regions};
    /// // The lone Black stone at B2 touches only Black's one region.
    /// let board = Board::from_diagram(". . .\n. X .\n. . .")?;
    /// let regions = Regions::basic(&board, Color::Black);
    /// assert_eq!(regions.iter().next().unwrap().interior_blocks(), ["B2".parse()?]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn interior_blocks(&self) -> &[Point] {
        &self.interior_blocks
    }

    /// Anchors of the attacker blocks inside the region, sorted.
    ///
    /// ```
    /// use go_board::{Board, Color, Regions};
    /// let board = Board::from_diagram(". X O\n. X .\n. X .")?;
    /// let regions = Regions::basic(&board, Color::Black);
    /// assert_eq!(regions.region_at("C1".parse()?).unwrap().attacker_blocks(), ["C3".parse()?]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn attacker_blocks(&self) -> &[Point] {
        &self.attacker_blocks
    }

    /// The empty points of the region in `board`'s position.
    ///
    /// ```
    /// use go_board::{Board, Color, Regions};
    /// let board = Board::from_diagram(". X O\n. X .\n. X .")?;
    /// let regions = Regions::basic(&board, Color::Black);
    /// assert_eq!(regions.region_at("C1".parse()?).unwrap().empty_points(&board).len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn empty_points(&self, board: &Board) -> PointSet {
        self.points & board.empty_points()
    }

    /// The points of the region next to no defender stone.
    ///
    /// ```
    /// use go_board::{Board, Color, Regions};
    /// let board = Board::from_diagram(
    ///     "X . . .
    ///      . . . .
    ///      . . . .",
    /// )?;
    /// let region = Regions::basic(&board, Color::Black).iter().next().unwrap().clone();
    /// assert_eq!(region.interior_points(&board).len(), 9); // all but A3's neighbours
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn interior_points(&self, board: &Board) -> PointSet {
        self.points - board.stones_of(self.color).border(board.geometry())
    }

    /// The liberties of the block at `block` that lie in the region. For a
    /// defender block next to the region these are its internal liberties.
    ///
    /// ```
    /// use go_board::{Board, Color, Regions};
    /// let board = Board::from_diagram(". X .\n. X .\n. X .")?;
    /// let regions = Regions::basic(&board, Color::Black);
    /// let left = regions.region_at("A1".parse()?).unwrap();
    /// assert_eq!(left.internal_liberties(&board, "B2".parse()?).len(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn internal_liberties(&self, board: &Board, block: Point) -> PointSet {
        board.liberties(block) & self.points
    }

    /// The liberties of the block at `block` outside the region: the
    /// external liberties of a defender block.
    ///
    /// ```
    /// use go_board::{Board, Color, Regions};
    /// let board = Board::from_diagram(". X .\n. X .\n. X .")?;
    /// let regions = Regions::basic(&board, Color::Black);
    /// let left = regions.region_at("A1".parse()?).unwrap();
    /// assert_eq!(left.external_liberties(&board, "B2".parse()?).len(), 3); // column C
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn external_liberties(&self, board: &Board, block: Point) -> PointSet {
        board.liberties(block) - self.points
    }

    /// The shared liberties in the region: empty points next to both a
    /// defender and an attacker stone.
    ///
    /// ```
    /// use go_board::{Board, Color, Regions};
    /// // A seki: Black and White share the liberties B1 and C1.
    /// let board = Board::from_diagram(
    ///     "X X X X
    ///      X O O X
    ///      X . . X",
    /// )?;
    /// let regions = Regions::basic(&board, Color::Black);
    /// let inside = regions.region_at("B1".parse()?).unwrap();
    /// assert_eq!(inside.shared_liberties(&board).len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn shared_liberties(&self, board: &Board) -> PointSet {
        let geo = board.geometry();
        let near_defender = board.stones_of(self.color).border(geo);
        let near_attacker = board.stones_of(self.color.opposite()).border(geo);
        self.empty_points(board) & near_defender & near_attacker
    }
}

/// The regions of one colour in one position: the basic regions, some of
/// them possibly merged.
///
/// ```
/// use go_board::{Board, Color, Regions};
/// let board = Board::from_diagram(
///     ". X . X .
///      X X . X X
///      . . . . .",
/// )?;
/// let regions = Regions::basic(&board, Color::Black);
/// assert_eq!(regions.len(), 3); // two eyes and the rest
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Regions {
    color: Color,
    regions: Vec<Region>,
}

impl Regions {
    /// The basic regions of `color`: the maximal connected sets of points
    /// without a stone of `color`, ordered by their smallest point.
    ///
    /// ```
    /// use go_board::{Board, Color, Regions};
    /// let board = Board::from_diagram(". X .\n. X .\n. X .")?;
    /// assert_eq!(Regions::basic(&board, Color::Black).len(), 2);
    /// assert_eq!(Regions::basic(&board, Color::White).len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn basic(board: &Board, color: Color) -> Regions {
        let geo = board.geometry();
        let defender = *board.stones_of(color);
        let attacker = *board.stones_of(color.opposite());
        let mut regions: Vec<Region> = (*geo.all_points() - defender)
            .components(geo)
            .into_iter()
            .map(|points| Region {
                color,
                points,
                defender_blocks: anchors(board, points.border(geo) & defender),
                interior_blocks: Vec::new(),
                attacker_blocks: anchors(board, points & attacker),
                num_basic: 1,
            })
            .collect();
        // How many regions each defender block touches.
        let mut touching = vec![0u16; NUM_INDICES];
        for r in &regions {
            for a in &r.defender_blocks {
                touching[a.index()] += 1;
            }
        }
        for r in &mut regions {
            r.interior_blocks = r
                .defender_blocks
                .iter()
                .copied()
                .filter(|a| touching[a.index()] == 1)
                .collect();
        }
        Regions { color, regions }
    }

    /// The defender colour of these regions.
    ///
    /// ```
    /// use go_board::{Board, Color, Regions};
    /// let board = Board::new(5)?;
    /// assert_eq!(Regions::basic(&board, Color::White).color(), Color::White);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn color(&self) -> Color {
        self.color
    }

    /// Number of regions.
    ///
    /// ```
    /// use go_board::{Board, Color, Regions};
    /// let board = Board::new(5)?;
    /// assert_eq!(Regions::basic(&board, Color::Black).len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.regions.len()
    }

    /// Whether there is no region (the colour's stones fill the board).
    ///
    /// ```
    /// use go_board::{Board, Color, Regions};
    /// let board = Board::new(5)?;
    /// assert!(!Regions::basic(&board, Color::Black).is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.regions.is_empty()
    }

    /// The regions, ordered by their smallest point.
    ///
    /// ```
    /// use go_board::{Board, Color, Regions};
    /// let board = Board::from_diagram(". X .\n. X .\n. X .")?;
    /// let sizes: Vec<usize> = Regions::basic(&board, Color::Black).iter().map(|r| r.num_points()).collect();
    /// assert_eq!(sizes, [3, 3]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn iter(&self) -> std::slice::Iter<'_, Region> {
        self.regions.iter()
    }

    /// The region containing `p`, if any (`None` for a defender stone or a
    /// point off the board).
    ///
    /// ```
    /// use go_board::{Board, Color, Regions};
    /// let board = Board::from_diagram(". X .\n. X .\n. X .")?;
    /// let regions = Regions::basic(&board, Color::Black);
    /// assert!(regions.region_at("A1".parse()?).is_some());
    /// assert!(regions.region_at("B1".parse()?).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn region_at(&self, p: Point) -> Option<&Region> {
        self.index_of(p).map(|i| &self.regions[i])
    }

    fn index_of(&self, p: Point) -> Option<usize> {
        self.regions.iter().position(|r| r.points.contains(p))
    }

    /// Merges the regions containing `a` and `b` into one and returns it
    /// (if they are the same region, returns it unchanged). Defender blocks
    /// next to both and to no other region become interior blocks of the
    /// merged region. The merged region takes the place of the one with
    /// the smaller first point.
    ///
    /// ```
    /// use go_board::{Board, Color, Regions};
    /// let board = Board::from_diagram(". X .\n. X .\n. X .")?;
    /// let mut regions = Regions::basic(&board, Color::Black);
    /// let merged = regions.merge("A1".parse()?, "C3".parse()?)?;
    /// assert_eq!(merged.num_points(), 6);
    /// assert_eq!(merged.interior_blocks(), ["B1".parse()?]);
    /// assert_eq!(regions.len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn merge(&mut self, a: Point, b: Point) -> Result<&Region, RegionError> {
        let i = self.index_of(a).ok_or(RegionError::NotInRegion(a))?;
        let j = self.index_of(b).ok_or(RegionError::NotInRegion(b))?;
        if i == j {
            return Ok(&self.regions[i]);
        }
        let (keep, gone) = (i.min(j), i.max(j));
        let other = self.regions.remove(gone);
        let merged = &mut self.regions[keep];
        merged.points |= other.points;
        merged.num_basic += other.num_basic;
        merged.defender_blocks.extend(other.defender_blocks);
        merged.defender_blocks.sort_unstable();
        merged.defender_blocks.dedup();
        merged.attacker_blocks.extend(other.attacker_blocks);
        merged.attacker_blocks.sort_unstable();
        let blocks = merged.defender_blocks.clone();
        let interior: Vec<Point> = blocks
            .into_iter()
            .filter(|blk| {
                self.regions
                    .iter()
                    .enumerate()
                    .all(|(k, r)| k == keep || r.defender_blocks.binary_search(blk).is_err())
            })
            .collect();
        self.regions[keep].interior_blocks = interior;
        Ok(&self.regions[keep])
    }
}

impl<'a> IntoIterator for &'a Regions {
    type Item = &'a Region;
    type IntoIter = std::slice::Iter<'a, Region>;
    fn into_iter(self) -> Self::IntoIter {
        self.regions.iter()
    }
}

/// An area enclosed by one block alone: a connected set of points that are
/// not the block's stones, bordered only by the block and the board edge
/// (Benson's regions of a single block; Vilà 2004, §4.2.1.III, the eyes of
/// a block). It may hold empty points, stones of the other colour (the
/// *attacker*) and stones of the block's own colour in other blocks.
///
/// Unlike a [`Region`], which is bounded by every stone of a colour, the
/// points of a block region may hold own stones: they stand inside the
/// block's eye and do not wall it. Computed by [`Board::block_regions`].
///
/// ```
/// use go_board::Board;
///
/// // Black's block B3-C3-D3-D2-D1 encloses A1-C3's seven points, with a
/// // White stone at B1 and a lone Black stone at A2 inside.
/// let board = Board::from_diagram(
///     ". X X X . . .
///      X . . X . . .
///      . O . X . . .",
/// )?;
/// // The nine points right of the block are the open board.
/// let regions: Vec<_> = board.block_regions("D1".parse()?, 8).collect();
/// assert_eq!(regions.len(), 1);
/// let eye = &regions[0];
/// assert_eq!(eye.num_points(), 7);
/// assert_eq!(eye.attacker_stones().len(), 1);
/// assert_eq!(eye.defender_stones().len(), 1);
/// assert_eq!(eye.empty_points().len(), 5);
/// // A1 is empty but not a liberty of the block: not healthy.
/// assert!(!eye.is_healthy());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlockRegion {
    points: PointSet,
    attacker: PointSet,
    defender: PointSet,
    healthy: bool,
}

impl BlockRegion {
    /// Every point of the region, stones inside it included.
    ///
    /// ```
    /// use go_board::Board;
    /// let board = Board::from_diagram(". X .\nX X .\n. . .")?;
    /// let eye = board.block_regions("B2".parse()?, 4).next().unwrap();
    /// assert_eq!(eye.points().iter().collect::<Vec<_>>(), ["A3".parse()?]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn points(&self) -> &PointSet {
        &self.points
    }

    /// Number of points.
    ///
    /// ```
    /// use go_board::Board;
    /// let board = Board::from_diagram(". X .\nX X .\n. . .")?;
    /// assert_eq!(board.block_regions("B2".parse()?, 4).next().unwrap().num_points(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn num_points(&self) -> usize {
        self.points.len()
    }

    /// The stones of the other colour in the region.
    ///
    /// ```
    /// use go_board::Board;
    /// let board = Board::from_diagram(
    ///     ". O . X . .
    ///      X X X X . .
    ///      . . . . . .",
    /// )?;
    /// let eye = board.block_regions("A2".parse()?, 4).next().unwrap();
    /// assert_eq!(eye.attacker_stones().iter().collect::<Vec<_>>(), ["B3".parse()?]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn attacker_stones(&self) -> &PointSet {
        &self.attacker
    }

    /// The stones of the block's colour in the region: other blocks, shut
    /// in by this one.
    ///
    /// ```
    /// use go_board::Board;
    /// let board = Board::from_diagram(
    ///     "X . . X . .
    ///      . . . X . .
    ///      X X X X . .
    ///      . . . . . .",
    /// )?;
    /// let eye = board.block_regions("D4".parse()?, 8).next().unwrap();
    /// assert_eq!(eye.defender_stones().iter().collect::<Vec<_>>(), ["A4".parse()?]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn defender_stones(&self) -> &PointSet {
        &self.defender
    }

    /// The empty points of the region (in the position it was computed
    /// from).
    ///
    /// ```
    /// use go_board::Board;
    /// let board = Board::from_diagram(
    ///     ". O . X . .
    ///      X X X X . .
    ///      . . . . . .",
    /// )?;
    /// let eye = board.block_regions("A2".parse()?, 4).next().unwrap();
    /// assert_eq!(eye.empty_points().len(), 2); // A3 and C3
    /// assert!(eye.is_healthy());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn empty_points(&self) -> PointSet {
        self.points - self.attacker - self.defender
    }

    /// Whether the region is *healthy* for the block (Benson 1976): it has
    /// an empty point, and every empty point is a liberty of the block. A
    /// block with two healthy regions is unconditionally alive when it
    /// is the only block bounding them.
    ///
    /// ```
    /// use go_board::Board;
    /// let board = Board::from_diagram(
    ///     ". . . X . .
    ///      . . . X . .
    ///      X X X X . .
    ///      . . . . . .",
    /// )?;
    /// // A4 and B4 are empty and touch no stone of the block.
    /// let eye = board.block_regions("D4".parse()?, 8).next().unwrap();
    /// assert!(!eye.is_healthy());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn is_healthy(&self) -> bool {
        self.healthy
    }
}

/// The regions enclosed by one block: see [`Board::block_regions`].
#[derive(Clone, Debug)]
pub struct BlockRegions<'a> {
    board: &'a Board,
    /// The block's colour (`None` for an empty point: no regions).
    color: Option<Color>,
    liberties: PointSet,
    /// Every on-board point but the block's stones.
    room: PointSet,
    /// The block's neighbours not yet in a region found.
    boundary: PointSet,
    /// Areas found open: too big, or joined to one that is.
    outside: PointSet,
    max_points: usize,
}

impl Board {
    /// The areas the block at `block` encloses alone, of at most
    /// `max_points` points each (see [`BlockRegion`]), ordered by their
    /// smallest point next to the block. An area bigger than `max_points`
    /// is taken as the open board and left out. None when `block` is empty
    /// or off the board.
    ///
    /// Each area grows a ring at a time over the bitset; growth stops as
    /// soon as it is too big or reaches an area already found open, so an
    /// answer costs about `max_points` rings per area, not the whole board.
    ///
    /// ```
    /// use go_board::Board;
    ///
    /// // Two eyes, and the open board's ten points.
    /// let board = Board::from_diagram(
    ///     ". X . X . .
    ///      X X X X . .
    ///      . . . . . .",
    /// )?;
    /// let eyes: Vec<_> = board.block_regions("B3".parse()?, 8).collect();
    /// assert_eq!(eyes.len(), 2);
    /// assert!(eyes.iter().all(|e| e.num_points() == 1 && e.is_healthy()));
    /// // With a limit of 0 points, no area counts as enclosed.
    /// assert_eq!(board.block_regions("B3".parse()?, 0).count(), 0);
    /// assert_eq!(board.block_regions("B3".parse()?, 10).count(), 3);
    /// // An empty point encloses nothing.
    /// assert_eq!(board.block_regions("F1".parse()?, 10).count(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn block_regions(&self, block: Point, max_points: usize) -> BlockRegions<'_> {
        let geo = self.geometry();
        let color = self.color_at(block);
        let stones = if color.is_some() {
            self.stones(block)
        } else {
            PointSet::new()
        };
        BlockRegions {
            board: self,
            color,
            liberties: self.liberties(block),
            room: *geo.all_points() - stones,
            boundary: stones.border(geo),
            outside: PointSet::new(),
            max_points,
        }
    }
}

impl Iterator for BlockRegions<'_> {
    type Item = BlockRegion;

    fn next(&mut self) -> Option<BlockRegion> {
        let board = self.board;
        let geo = board.geometry();
        let color = self.color?;
        while let Some(start) = self.boundary.pop_first() {
            let mut area = PointSet::new();
            area.insert(start);
            let open = self.max_points == 0
                || loop {
                    let next = area.grow(geo) & self.room;
                    if next == area {
                        break false;
                    }
                    area = next;
                    if area.intersects(&self.outside) || area.len() > self.max_points {
                        break true;
                    }
                };
            self.boundary -= area;
            if open {
                self.outside |= area;
                continue;
            }
            let attacker = area & *board.stones_of(color.opposite());
            let defender = area & *board.stones_of(color);
            let empty = area - attacker - defender;
            return Some(BlockRegion {
                points: area,
                attacker,
                defender,
                healthy: !empty.is_empty() && empty.is_subset(&self.liberties),
            });
        }
        None
    }
}
