//! The eyes of one block on a board (the thesis's `Eye::initmin` and
//! `Eye::init`, §4.2.2): the areas it encloses alone, and their status from
//! go-eye's exact tables.
//!
//! An eye of a block is a connected set of points that are not its stones
//! and are bordered only by its stones and the board edge; it may hold
//! enemy stones, own stones of other blocks and empty points not adjacent
//! to the block (§4.2.1.III). These are Benson's regions of a single block,
//! found by go-board ([`Board::block_regions`]).

use go_board::{BlockRegion, Board, Point, PointSet};
use go_eye::shape::{Cell, CellSet};
use go_eye::tables::thesis::muller_eye;
use go_eye::{Edges, Eye, EyeStatus, Stones};
use smallvec::SmallVec;

/// The largest area still taken as enclosed; bigger areas are the outside.
pub(crate) const MAX_REGION: usize = 20;
/// The largest eye go-eye's tables know.
pub(crate) const MAX_EYE: usize = 8;

/// The areas enclosed by the block at `anchor` alone, of at most
/// [`MAX_REGION`] points.
pub(crate) fn regions(board: &Board, anchor: Point) -> SmallVec<[BlockRegion; 2]> {
    board.block_regions(anchor, MAX_REGION).collect()
}

/// What go-eye says of one region as an eye.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct EyeReport {
    /// The status at the block's outside liberties.
    pub status: EyeStatus,
    /// The point to play inside (the thesis's `VitalPoint`), if any.
    pub key_point: Option<Point>,
    /// Points where the attacker reaches the attacker-first result.
    pub attack_points: PointSet,
    /// Points where the owner reaches the owner-first result.
    pub defence_points: PointSet,
    /// Some set of enemy stones in the shape leads to a ko.
    pub has_ko: bool,
}

/// The frame mapping a small region to go-eye's cells.
struct Frame {
    col0: usize,
    row0: usize,
}

impl Frame {
    fn cell(&self, p: Point) -> Option<Cell> {
        Cell::new((p.col() - self.col0) as u8, (p.row() - self.row0) as u8)
    }

    fn cells(&self, set: &PointSet) -> Option<CellSet> {
        let mut cells = CellSet::EMPTY;
        for p in set.iter() {
            cells.insert(self.cell(p)?);
        }
        Some(cells)
    }

    fn points(&self, cells: CellSet) -> PointSet {
        cells
            .iter()
            .map(|c| Point::new(self.col0 + c.x() as usize, self.row0 + c.y() as usize))
            .collect()
    }
}

/// Looks the region up in go-eye's tables with the block having
/// `outside_liberties` liberties outside it. `None` when the region is too
/// big or not an eye shape go-eye knows (or the stones inside are not a
/// legal position of its local game).
pub(crate) fn analyse(
    board: &Board,
    region: &BlockRegion,
    outside_liberties: usize,
) -> Option<EyeReport> {
    analyse_with(board, region, &PointSet::new(), outside_liberties)
}

/// As [`analyse`], with enemy stones added on the empty points `extra`.
pub(crate) fn analyse_with(
    board: &Board,
    region: &BlockRegion,
    extra: &PointSet,
    outside_liberties: usize,
) -> Option<EyeReport> {
    if region.num_points() > MAX_EYE {
        return None;
    }
    let geo = board.geometry();
    let col0 = region.points().iter().map(|p| p.col()).min()?;
    let row0 = region.points().iter().map(|p| p.row()).min()?;
    let col1 = region.points().iter().map(|p| p.col()).max()?;
    let row1 = region.points().iter().map(|p| p.row()).max()?;
    let frame = Frame { col0, row0 };
    let mut edges = Edges::NONE;
    if row0 == 0 {
        edges = edges | Edges::NORTH;
    }
    if row1 + 1 == geo.height() {
        edges = edges | Edges::SOUTH;
    }
    if col0 == 0 {
        edges = edges | Edges::WEST;
    }
    if col1 + 1 == geo.width() {
        edges = edges | Edges::EAST;
    }
    let eye = Eye::new(frame.cells(region.points())?, edges).ok()?;
    let stones = Stones {
        enemy: frame.cells(&(*region.attacker_stones() | *extra))?,
        own: frame.cells(region.defender_stones())?,
    };
    let analysis = eye
        .analyse(&stones, u32::try_from(outside_liberties).ok()?)
        .ok()?;
    Some(EyeReport {
        status: analysis.status,
        key_point: analysis
            .key_point
            .map(|c| Point::new(frame.col0 + c.x() as usize, frame.row0 + c.y() as usize)),
        attack_points: frame.points(analysis.attack_points),
        defence_points: frame.points(analysis.defence_points),
        has_ko: eye.has_ko(),
    })
}

/// Müller's status of an eye of `size` points (Table 4.1): 0 for no eye, 1
/// for small eyes, the size from four points on.
pub(crate) fn muller_status(size: usize) -> u8 {
    match muller_eye(size) {
        Some(m) => m.status,
        None => u8::try_from(size).unwrap_or(u8::MAX),
    }
}

/// The liberties an empty eye of `size` points gives in a race (Table 4.1;
/// beyond seven points, Müller's formula `(n−1)(n−2)/2 + 2`).
pub(crate) fn muller_liberties(size: usize) -> u32 {
    match muller_eye(size) {
        Some(m) => m.liberties,
        None => {
            let n = size as u32;
            (n - 1) * (n - 2) / 2 + 2
        }
    }
}

/// The opponent's best point inside the eye `region` of a block with
/// `outside_liberties` liberties outside it: a point after which the eye is
/// a nakade even if the owner had plenty of liberties (not an end point),
/// else one after which it is a nakade now; among them, one the owner would
/// want too. `None` if no empty point spoils the eye.
pub(crate) fn spoil_point(
    board: &Board,
    region: &BlockRegion,
    report: &EyeReport,
    outside_liberties: usize,
) -> Option<Point> {
    let empty = region.empty_points() & board.empty_points();
    let mut order: Vec<Point> = (empty & report.defence_points).iter().collect();
    order.extend((empty - report.defence_points).iter());
    let mut extra = PointSet::new();
    for libs in [outside_liberties + 8, outside_liberties] {
        for &q in &order {
            extra.clear();
            extra.insert(q);
            if analyse_with(board, region, &extra, libs)
                .is_some_and(|r| r.status == EyeStatus::Nakade)
            {
                return Some(q);
            }
        }
    }
    None
}
