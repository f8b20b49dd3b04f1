//! An eye in a position: its shape, where it lies, and lookups in its table.

use std::fmt;

use thiserror::Error;

use super::status::{EyeAnalysis, EyeStatus, Stones};
use super::variant::{CellIndex, Entry, Frame, VariantData, VariantId, classify, expand};
use crate::position::{Edges, EyePosition, cut_off_points, eye_position};
use crate::shape::catalog::ShapeId;
use crate::shape::{CellSet, NeighbourCode, Shape, ShapeError};

/// Why an eye or its contents were rejected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum EyeError {
    /// The points are not an admissible shape.
    #[error(transparent)]
    Shape(#[from] ShapeError),
    /// The shape encloses a point that is not in it.
    #[error("eye {0:?} has a hole")]
    Holed(CellSet),
    /// Stones given outside the eye.
    #[error("stones {0:?} are outside the eye")]
    StonesOutside(CellSet),
    /// Points given as both enemy and own stones.
    #[error("points {0:?} hold both an enemy and an own stone")]
    Overlap(CellSet),
    /// The eye cannot touch these edges: a shape one point thick between
    /// opposite edges (boards have at least two lines), or an eye spanning
    /// the board from edge to edge, which splits the surrounding stones
    /// into two blocks.
    #[error("an eye touching edges {0} is impossible or not enclosed by one block")]
    ImpossibleEdges(Edges),
    /// The eye and the board edges cut these outside points off from the
    /// rest of the board: no single block encloses the eye (the points
    /// belong to it, as own stones or empty points).
    #[error("points {0:?} are cut off by the eye and the edge; they belong to the eye")]
    CutOff(CellSet),
    /// No point of the eye touches the enclosing block (the eye is the whole board).
    #[error("eye {0:?} touches no enclosing stone")]
    NotEnclosed(CellSet),
    /// A block inside the eye, or the enclosing block, would have no liberty.
    #[error(
        "stones {enemy:?} / own {own:?} with {liberties} outside liberties: a block has no liberty"
    )]
    NoLiberty {
        /// Enemy stones given.
        enemy: CellSet,
        /// Own stones given.
        own: CellSet,
        /// Outside liberties given.
        liberties: u32,
    },
}

/// An eye: a shape of 1..=8 points at a position on the board, ready for O(1)
/// table lookups. Cells are in the caller's frame; every answer comes back in it.
///
/// ```
/// use go_eye::position::{Edges, EyePosition};
/// use go_eye::tables::Eye;
/// let eye = Eye::new("###/##.".parse().unwrap(), Edges::NONE).unwrap();
/// assert_eq!(eye.code().to_string(), "12223");
/// assert_eq!(eye.position(), EyePosition::Centre);
/// assert!(eye.is_nakade_shape());
/// ```
#[derive(Clone, Copy)]
pub struct Eye {
    cells: CellSet,
    edges: Edges,
    shape: ShapeId,
    variant: VariantId,
    frame: Frame,
    index: CellIndex,
}

impl Eye {
    /// The eye with points `cells` whose bounding box touches the board `edges`.
    ///
    /// ```
    /// use go_eye::position::{Edges, EyePosition};
    /// use go_eye::tables::Eye;
    /// let bent_four = Eye::new("#./#./##".parse().unwrap(), Edges::SOUTH | Edges::WEST).unwrap();
    /// assert_eq!(bent_four.position(), EyePosition::Corner);
    /// assert!(Eye::new("#.#".parse().unwrap(), Edges::NONE).is_err());
    /// ```
    pub fn new(cells: CellSet, edges: Edges) -> Result<Eye, EyeError> {
        let n = cells.len();
        if n == 0 {
            return Err(ShapeError::Empty.into());
        }
        if n > crate::shape::MAX_SHAPE_SIZE {
            return Err(ShapeError::TooLarge(n).into());
        }
        if !edges_possible(cells, edges) {
            return Err(EyeError::ImpossibleEdges(edges));
        }
        let interior = interior_mask(cells, edges);
        if edges != Edges::NONE {
            let cut = cut_off_points(cells, edges);
            if !cut.is_empty() {
                return Err(EyeError::CutOff(cut));
            }
        }
        if interior == cells {
            return Err(EyeError::NotEnclosed(cells));
        }
        let Some((variant, frame)) = classify(cells, interior) else {
            // Not an eye shape: disconnected, or holed.
            Shape::new(cells)?;
            return Err(EyeError::Holed(cells));
        };
        let shape = variant.info().shape;
        let index = variant.info().index;
        Ok(Eye {
            cells,
            edges,
            shape,
            variant,
            frame,
            index,
        })
    }

    /// A centre eye (touching no edge).
    ///
    /// ```
    /// use go_eye::tables::Eye;
    /// assert!(Eye::centre("##/##".parse().unwrap()).unwrap().vital_points().is_empty());
    /// ```
    pub fn centre(cells: CellSet) -> Result<Eye, EyeError> {
        Eye::new(cells, Edges::NONE)
    }

    /// The points, as given.
    ///
    /// ```
    /// use go_eye::tables::Eye;
    /// assert_eq!(Eye::centre("##".parse().unwrap()).unwrap().cells().len(), 2);
    /// ```
    #[must_use]
    pub const fn cells(&self) -> CellSet {
        self.cells
    }

    /// The edges, as given.
    ///
    /// ```
    /// use go_eye::{position::Edges, tables::Eye};
    /// assert_eq!(Eye::centre("#".parse().unwrap()).unwrap().edges(), Edges::NONE);
    /// ```
    #[must_use]
    pub const fn edges(&self) -> Edges {
        self.edges
    }

    /// Number of points.
    ///
    /// ```
    /// use go_eye::tables::Eye;
    /// assert_eq!(Eye::centre("###".parse().unwrap()).unwrap().size(), 3);
    /// ```
    #[must_use]
    pub const fn size(&self) -> usize {
        self.cells.len()
    }

    /// The catalogued shape.
    ///
    /// ```
    /// use go_eye::tables::Eye;
    /// let eye = Eye::centre("#./##".parse().unwrap()).unwrap();
    /// assert_eq!(eye.shape_id().info().size, 3);
    /// ```
    #[must_use]
    pub const fn shape_id(&self) -> ShapeId {
        self.shape
    }

    /// The neighbour classification code.
    ///
    /// ```
    /// use go_eye::tables::Eye;
    /// assert_eq!(Eye::centre("###".parse().unwrap()).unwrap().code().to_string(), "112");
    /// ```
    #[must_use]
    pub fn code(&self) -> NeighbourCode {
        self.shape.info().code
    }

    /// Centre, side or corner.
    ///
    /// ```
    /// use go_eye::{position::{Edges, EyePosition}, tables::Eye};
    /// let e = Eye::new("####".parse().unwrap(), Edges::NORTH).unwrap();
    /// assert_eq!(e.position(), EyePosition::Side);
    /// ```
    #[must_use]
    pub fn position(&self) -> EyePosition {
        eye_position(self.cells, self.edges)
    }

    /// The points that touch only eye points or the board edge (not the
    /// enclosing block); an own stone there is not connected to the block.
    ///
    /// ```
    /// use go_eye::tables::Eye;
    /// let plus = Eye::centre(".#./###/.#.".parse().unwrap()).unwrap();
    /// assert_eq!(plus.interior_points().len(), 1);
    /// ```
    #[must_use]
    pub fn interior_points(&self) -> CellSet {
        CellSet::from_bits(interior_mask(self.cells, self.edges).bits())
    }

    /// Whether the eye has the life property here: whatever enemy stones are
    /// inside, its status is only ever alive or alive in atari (Vilà 2004,
    /// §4.2.1.III). For centre eyes of up to seven points this is a class
    /// invariant (Table 4.2); on the side and in the corner it is not.
    ///
    /// ```
    /// use go_eye::tables::Eye;
    /// assert!(Eye::centre("#####".parse().unwrap()).unwrap().has_life_property());
    /// assert!(!Eye::centre("####".parse().unwrap()).unwrap().has_life_property());
    /// ```
    #[must_use]
    pub fn has_life_property(&self) -> bool {
        self.variant.data().life_property
    }

    /// Whether the shape is a *nakade shape* here: it has one or zero vital
    /// points (so the opponent can kill it by playing first).
    ///
    /// ```
    /// use go_eye::tables::Eye;
    /// assert!(Eye::centre(".#./###/.##".parse().unwrap()).unwrap().is_nakade_shape());
    /// assert!(!Eye::centre("####".parse().unwrap()).unwrap().is_nakade_shape());
    /// ```
    #[must_use]
    pub fn is_nakade_shape(&self) -> bool {
        matches!(self.variant.data().killing_sets[..], [v] if v.count_ones() <= 1)
    }

    /// Whether some set of enemy stones inside the eye leads to a ko, at
    /// some number of outside liberties.
    ///
    /// ```
    /// use go_eye::tables::Eye;
    /// // The 7-point shape [1222234] can hold a ko in the centre (Vilà, Fig. 4.14).
    /// assert!(Eye::centre("##./###/##.".parse().unwrap()).unwrap().has_ko());
    /// ```
    #[must_use]
    pub fn has_ko(&self) -> bool {
        self.variant.data().has_ko
    }

    /// The vital points (Vilà 2004, §4.2.1.III): the minimal set of points
    /// the opponent must occupy to make the eye nakade.
    ///
    /// ```
    /// use go_eye::tables::{Eye, VitalPoints};
    /// let rabbity_six = Eye::centre(".#./###/.##".parse().unwrap()).unwrap();
    /// assert_eq!(rabbity_six.vital_points(), VitalPoints::Points("../.#".parse().unwrap()));
    /// ```
    #[must_use]
    pub fn vital_points(&self) -> VitalPoints {
        let data = self.variant.data();
        let cells = self.variant.info().cells;
        match &data.killing_sets[..] {
            [] => VitalPoints::Unkillable,
            [v] => VitalPoints::Points(self.frame.to_caller(expand(cells, *v))),
            many => VitalPoints::Alternatives(
                many.iter()
                    .map(|v| self.frame.to_caller(expand(cells, *v)))
                    .collect(),
            ),
        }
    }

    /// The end points: points that, taken by the opponent right after the
    /// vital points, spoil the kill (so they must be left to the end).
    /// Empty unless the vital points are a single set.
    ///
    /// ```
    /// use go_eye::tables::Eye;
    /// // [11123]: the end point is the 1-point next to the 2-point (Vilà, Fig. 4.11).
    /// let eye = Eye::centre("####/.#..".parse().unwrap()).unwrap();
    /// assert_eq!(eye.end_points(), "...#".parse().unwrap());
    /// ```
    #[must_use]
    pub fn end_points(&self) -> CellSet {
        let data = self.variant.data();
        self.frame
            .to_caller(expand(self.variant.info().cells, data.end_points))
    }

    /// The status and moves of the eye with `stones` inside and the owner's
    /// block having `outside_liberties` liberties outside the eye.
    ///
    /// ```
    /// use go_eye::tables::{Eye, EyeStatus, Stones};
    /// let straight_three = Eye::centre("###".parse().unwrap()).unwrap();
    /// let middle = Stones::enemy(".#.".parse().unwrap());
    /// assert_eq!(straight_three.analyse(&middle, 10).unwrap().status, EyeStatus::Nakade);
    /// ```
    pub fn analyse(
        &self,
        stones: &Stones,
        outside_liberties: u32,
    ) -> Result<EyeAnalysis, EyeError> {
        self.analyse_in(self.variant.data(), stones, outside_liberties)
    }

    /// As [`Eye::analyse`], answering from `data` (a table of this eye's variant).
    pub(crate) fn analyse_in(
        &self,
        data: &VariantData,
        stones: &Stones,
        outside_liberties: u32,
    ) -> Result<EyeAnalysis, EyeError> {
        let (entry, plenty) = self.entries_in(data, stones, outside_liberties)?;
        let value = entry.value();
        let status = EyeStatus::classify(value, plenty.value());
        let cells = self.variant.info().cells;
        let attack = entry.attack;
        let defence = entry.defence;
        let key = if attack & defence != 0 {
            attack & defence
        } else if defence != 0 {
            defence
        } else {
            attack
        };
        let key_point = if key == 0 {
            None
        } else {
            self.frame
                .to_caller(expand(cells, key & key.wrapping_neg()))
                .first()
        };
        Ok(EyeAnalysis {
            status,
            value,
            attack_points: self.frame.to_caller(expand(cells, attack)),
            defence_points: self.frame.to_caller(expand(cells, defence)),
            key_point,
        })
    }

    /// Only the status (see [`Eye::analyse`]).
    ///
    /// ```
    /// use go_eye::tables::{Eye, EyeStatus, Stones};
    /// let eye = Eye::centre("#####".parse().unwrap()).unwrap();
    /// let four = Stones::enemy("####.".parse().unwrap());
    /// assert_eq!(eye.status(&four, 10).unwrap(), EyeStatus::Alive);
    /// assert_eq!(eye.status(&four, 0).unwrap(), EyeStatus::AliveInAtari);
    /// ```
    #[inline]
    pub fn status(&self, stones: &Stones, outside_liberties: u32) -> Result<EyeStatus, EyeError> {
        let (entry, plenty) = self.entries(stones, outside_liberties)?;
        Ok(EyeStatus::classify(entry.value(), plenty.value()))
    }

    #[inline]
    fn entries(&self, stones: &Stones, libs: u32) -> Result<(Entry, Entry), EyeError> {
        self.entries_in(self.variant.data(), stones, libs)
    }

    #[inline]
    fn entries_in(
        &self,
        data: &VariantData,
        stones: &Stones,
        libs: u32,
    ) -> Result<(Entry, Entry), EyeError> {
        let outside = (stones.enemy | stones.own) - self.cells;
        if !outside.is_empty() {
            return Err(EyeError::StonesOutside(outside));
        }
        let both = stones.enemy & stones.own;
        if !both.is_empty() {
            return Err(EyeError::Overlap(both));
        }
        let compress = |set: CellSet| {
            if set.is_empty() {
                0
            } else {
                self.index.compress(self.frame.to_canonical(set))
            }
        };
        let a = compress(stones.enemy);
        let d = compress(stones.own);
        let entry = data.entry(a, d, libs);
        if !entry.is_valid() {
            return Err(EyeError::NoLiberty {
                enemy: stones.enemy,
                own: stones.own,
                liberties: libs,
            });
        }
        Ok((entry, data.entry(a, d, u32::MAX)))
    }
}

impl Eye {
    /// The variant (shape and interior points) whose table answers for this eye.
    #[cfg(test)]
    pub(crate) fn variant(&self) -> VariantId {
        self.variant
    }
}

impl fmt::Debug for Eye {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Eye")
            .field("cells", &self.cells)
            .field("edges", &self.edges)
            .field("code", &self.code())
            .field("position", &self.position())
            .finish()
    }
}

/// The vital points of an eye.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VitalPoints {
    /// No set of enemy stones makes the eye nakade.
    Unkillable,
    /// The unique minimal set (empty when the empty eye is already nakade).
    Points(CellSet),
    /// Several minimal sets, none contained in another.
    Alternatives(Vec<CellSet>),
}

impl VitalPoints {
    /// Whether the eye is nakade as it stands (no vital point).
    ///
    /// ```
    /// use go_eye::tables::VitalPoints;
    /// assert!(VitalPoints::Points(Default::default()).is_empty());
    /// assert!(!VitalPoints::Unkillable.is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        matches!(self, VitalPoints::Points(s) if s.is_empty())
    }

    /// The unique set, if there is one.
    ///
    /// ```
    /// use go_eye::tables::Eye;
    /// let eye = Eye::centre("###".parse().unwrap()).unwrap();
    /// assert_eq!(eye.vital_points().unique().map(|s| s.len()), Some(1));
    /// ```
    #[must_use]
    pub fn unique(&self) -> Option<CellSet> {
        match self {
            VitalPoints::Points(s) => Some(*s),
            _ => None,
        }
    }
}

/// Whether a shape can touch these edges on a board of at least 2×2 and
/// still be enclosed by one block.
pub(crate) fn edges_possible(cells: CellSet, edges: Edges) -> bool {
    let (w, h) = cells.extent();
    let (n, so, we, e) = (
        edges.contains(Edges::NORTH),
        edges.contains(Edges::SOUTH),
        edges.contains(Edges::WEST),
        edges.contains(Edges::EAST),
    );
    let thin = (h == 1 && n && so) || (w == 1 && we && e);
    // From north to south with open board on both the west and the east
    // side: the stones around are two blocks. Likewise west to east.
    let split = (n && so && !we && !e) || (we && e && !n && !so);
    !thin && !split
}

/// The points not adjacent to the enclosing block: all four neighbours are
/// eye points or off the board.
#[inline]
fn interior_mask(cells: CellSet, edges: Edges) -> CellSet {
    const FILE_0: u64 = 0x0101_0101_0101_0101;
    const FILE_7: u64 = FILE_0 << 7;
    let b = cells.bits();
    let (ox, oy) = cells.origin().unwrap_or((0, 0));
    let (w, h) = cells.extent();
    let row = |y: u8| 0xffu64 << (8 * u32::from(y));
    let col = |x: u8| FILE_0 << x;
    let edge = |e: Edges, m: u64| if edges.contains(e) { m } else { 0 };
    let north = (b << 8) | edge(Edges::NORTH, row(oy));
    let south = (b >> 8) | edge(Edges::SOUTH, row(oy + h - 1));
    let west = ((b << 1) & !FILE_0) | edge(Edges::WEST, col(ox));
    let east = ((b >> 1) & !FILE_7) | edge(Edges::EAST, col(ox + w - 1));
    CellSet::from_bits(b & north & south & west & east)
}
