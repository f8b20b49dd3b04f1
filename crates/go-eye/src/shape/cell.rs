//! Cells of an 8×8 shape frame and sets of them as 64-bit bitboards.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// Width and height of the frame every shape lives in: an eye shape of up to
/// eight points always fits in an 8×8 square.
pub const FRAME: u8 = 8;

/// A point of a shape frame: column `x` and row `y`, both in `0..8`.
///
/// The frame is local to a shape; which way `y` runs on the board is the
/// caller's business, as long as [`Edges`](crate::position::Edges) use the
/// same convention (`NORTH` is the side of row 0).
///
/// ```
/// use go_eye::shape::Cell;
/// let c = Cell::new(2, 1).unwrap();
/// assert_eq!((c.x(), c.y()), (2, 1));
/// assert!(Cell::new(8, 0).is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

impl Cell {
    /// The cell at column `x`, row `y`, or `None` outside the 8×8 frame.
    ///
    /// ```
    /// use go_eye::shape::Cell;
    /// assert_eq!(Cell::new(0, 0).map(|c| c.index()), Some(0));
    /// ```
    #[must_use]
    pub const fn new(x: u8, y: u8) -> Option<Cell> {
        if x < FRAME && y < FRAME {
            Some(Cell(y * FRAME + x))
        } else {
            None
        }
    }

    /// The cell with bit index `index = y * 8 + x`, or `None` if `index >= 64`.
    ///
    /// ```
    /// use go_eye::shape::Cell;
    /// assert_eq!(Cell::from_index(9), Cell::new(1, 1));
    /// ```
    #[must_use]
    pub const fn from_index(index: u8) -> Option<Cell> {
        if index < 64 { Some(Cell(index)) } else { None }
    }

    /// Column, `0..8`.
    ///
    /// ```
    /// use go_eye::shape::Cell;
    /// assert_eq!(Cell::new(5, 2).unwrap().x(), 5);
    /// ```
    #[must_use]
    pub const fn x(self) -> u8 {
        self.0 % FRAME
    }

    /// Row, `0..8`.
    ///
    /// ```
    /// use go_eye::shape::Cell;
    /// assert_eq!(Cell::new(5, 2).unwrap().y(), 2);
    /// ```
    #[must_use]
    pub const fn y(self) -> u8 {
        self.0 / FRAME
    }

    /// Bit index `y * 8 + x` in a [`CellSet`].
    ///
    /// ```
    /// use go_eye::shape::Cell;
    /// assert_eq!(Cell::new(3, 2).unwrap().index(), 19);
    /// ```
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x(), self.y())
    }
}

const FILE_0: u64 = 0x0101_0101_0101_0101;
const FILE_7: u64 = FILE_0 << 7;

/// A set of cells of the 8×8 frame, as a bitboard (bit `y * 8 + x`).
///
/// Text form: rows separated by `/` or newlines, `#` for a member and `.`
/// for a non-member (spaces are ignored).
///
/// ```
/// use go_eye::shape::CellSet;
/// let bent_three: CellSet = "##/#.".parse().unwrap();
/// assert_eq!(bent_three.len(), 3);
/// assert_eq!(bent_three.to_string(), "##\n#.");
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CellSet(u64);

impl CellSet {
    /// The empty set.
    pub const EMPTY: CellSet = CellSet(0);
    /// Every cell of the frame.
    pub const ALL: CellSet = CellSet(u64::MAX);

    /// The set whose bitboard is `bits` (bit `y * 8 + x`).
    ///
    /// ```
    /// use go_eye::shape::CellSet;
    /// assert_eq!(CellSet::from_bits(0b11).len(), 2);
    /// ```
    #[must_use]
    pub const fn from_bits(bits: u64) -> CellSet {
        CellSet(bits)
    }

    /// The bitboard (bit `y * 8 + x`).
    ///
    /// ```
    /// use go_eye::shape::CellSet;
    /// assert_eq!("##".parse::<CellSet>().unwrap().bits(), 0b11);
    /// ```
    #[must_use]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// Number of cells.
    ///
    /// ```
    /// use go_eye::shape::CellSet;
    /// assert_eq!(CellSet::EMPTY.len(), 0);
    /// ```
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set has no cell.
    ///
    /// ```
    /// use go_eye::shape::CellSet;
    /// assert!(CellSet::EMPTY.is_empty());
    /// ```
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `cell` is a member.
    ///
    /// ```
    /// use go_eye::shape::{Cell, CellSet};
    /// let s: CellSet = ".#".parse().unwrap();
    /// assert!(s.contains(Cell::new(1, 0).unwrap()));
    /// ```
    #[must_use]
    pub const fn contains(self, cell: Cell) -> bool {
        self.0 >> cell.0 & 1 == 1
    }

    /// Adds `cell`; returns whether the set changed.
    ///
    /// ```
    /// use go_eye::shape::{Cell, CellSet};
    /// let mut s = CellSet::EMPTY;
    /// assert!(s.insert(Cell::new(0, 0).unwrap()));
    /// assert!(!s.insert(Cell::new(0, 0).unwrap()));
    /// ```
    pub fn insert(&mut self, cell: Cell) -> bool {
        let before = self.0;
        self.0 |= 1 << cell.0;
        before != self.0
    }

    /// Removes `cell`; returns whether the set changed.
    ///
    /// ```
    /// use go_eye::shape::{Cell, CellSet};
    /// let mut s: CellSet = "#".parse().unwrap();
    /// assert!(s.remove(Cell::new(0, 0).unwrap()));
    /// assert!(s.is_empty());
    /// ```
    pub fn remove(&mut self, cell: Cell) -> bool {
        let before = self.0;
        self.0 &= !(1 << cell.0);
        before != self.0
    }

    /// Whether every member of `self` is in `other`.
    ///
    /// ```
    /// use go_eye::shape::CellSet;
    /// let a: CellSet = "#.".parse().unwrap();
    /// let b: CellSet = "##".parse().unwrap();
    /// assert!(a.is_subset(b) && !b.is_subset(a));
    /// ```
    #[must_use]
    pub const fn is_subset(self, other: CellSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// Whether `self` and `other` have no member in common.
    ///
    /// ```
    /// use go_eye::shape::CellSet;
    /// let a: CellSet = "#.".parse().unwrap();
    /// let b: CellSet = ".#".parse().unwrap();
    /// assert!(a.is_disjoint(b) && !a.is_disjoint(a));
    /// ```
    #[must_use]
    pub const fn is_disjoint(self, other: CellSet) -> bool {
        self.0 & other.0 == 0
    }

    /// The cells orthogonally adjacent to a member and not members themselves.
    ///
    /// ```
    /// use go_eye::shape::CellSet;
    /// let one: CellSet = "#".parse().unwrap();
    /// assert_eq!(one.border().to_string(), ".#\n#.");
    /// ```
    #[must_use]
    pub const fn border(self) -> CellSet {
        CellSet(self.grow_bits() & !self.0)
    }

    /// The members plus every cell orthogonally adjacent to one (within the frame).
    ///
    /// ```
    /// use go_eye::shape::CellSet;
    /// assert_eq!("#".parse::<CellSet>().unwrap().grow().len(), 3);
    /// ```
    #[must_use]
    pub const fn grow(self) -> CellSet {
        CellSet(self.grow_bits())
    }

    const fn grow_bits(self) -> u64 {
        let b = self.0;
        b | (b << 8) | (b >> 8) | ((b << 1) & !FILE_0) | ((b >> 1) & !FILE_7)
    }

    /// Number of members orthogonally adjacent to `cell`.
    ///
    /// ```
    /// use go_eye::shape::{Cell, CellSet};
    /// let l: CellSet = "##/#.".parse().unwrap();
    /// assert_eq!(l.num_neighbours(Cell::new(0, 0).unwrap()), 2);
    /// ```
    #[must_use]
    pub const fn num_neighbours(self, cell: Cell) -> u32 {
        (CellSet(1 << cell.0).border().0 & self.0).count_ones()
    }

    /// The members 4-connected to `seed` (the empty set if `seed` is not a member).
    ///
    /// ```
    /// use go_eye::shape::{Cell, CellSet};
    /// let two: CellSet = "#.#".parse().unwrap();
    /// assert_eq!(two.component(Cell::new(0, 0).unwrap()).len(), 1);
    /// ```
    #[must_use]
    pub fn component(self, seed: Cell) -> CellSet {
        if !self.contains(seed) {
            return CellSet::EMPTY;
        }
        let mut comp = CellSet(1 << seed.0);
        loop {
            let next = CellSet(comp.grow_bits() & self.0);
            if next == comp {
                return comp;
            }
            comp = next;
        }
    }

    /// Whether the set is non-empty and 4-connected.
    ///
    /// ```
    /// use go_eye::shape::CellSet;
    /// assert!("##/.#".parse::<CellSet>().unwrap().is_connected());
    /// assert!(!"#./.#".parse::<CellSet>().unwrap().is_connected());
    /// ```
    #[must_use]
    pub fn is_connected(self) -> bool {
        match self.first() {
            Some(c) => self.component(c) == self,
            None => false,
        }
    }

    /// The member with the lowest index, if any.
    ///
    /// ```
    /// use go_eye::shape::{Cell, CellSet};
    /// assert_eq!(".#/#.".parse::<CellSet>().unwrap().first(), Cell::new(1, 0));
    /// ```
    #[must_use]
    pub const fn first(self) -> Option<Cell> {
        if self.0 == 0 {
            None
        } else {
            Some(Cell(self.0.trailing_zeros() as u8))
        }
    }

    /// The members in index order (row by row).
    ///
    /// ```
    /// use go_eye::shape::CellSet;
    /// let xs: Vec<u8> = "#.#".parse::<CellSet>().unwrap().iter().map(|c| c.x()).collect();
    /// assert_eq!(xs, [0, 2]);
    /// ```
    pub fn iter(self) -> Cells {
        Cells(self.0)
    }

    /// The smallest column and row holding a member, or `None` for the empty set.
    ///
    /// ```
    /// use go_eye::shape::CellSet;
    /// assert_eq!("../.#".parse::<CellSet>().unwrap().origin(), Some((1, 1)));
    /// ```
    #[must_use]
    pub const fn origin(self) -> Option<(u8, u8)> {
        if self.0 == 0 {
            return None;
        }
        let y = (self.0.trailing_zeros() / 8) as u8;
        let x = fold_columns(self.0).trailing_zeros() as u8;
        Some((x, y))
    }

    /// Width and height of the bounding box (`(0, 0)` for the empty set).
    ///
    /// ```
    /// use go_eye::shape::CellSet;
    /// assert_eq!("##./.##".parse::<CellSet>().unwrap().extent(), (3, 2));
    /// ```
    #[must_use]
    pub const fn extent(self) -> (u8, u8) {
        if self.0 == 0 {
            return (0, 0);
        }
        let cols = fold_columns(self.0);
        let w = 8 - cols.leading_zeros() as u8 - cols.trailing_zeros() as u8;
        let h = 8 - (self.0.leading_zeros() / 8) as u8 - (self.0.trailing_zeros() / 8) as u8;
        (w, h)
    }

    /// The set shifted so that its smallest column and row are 0.
    ///
    /// ```
    /// use go_eye::shape::CellSet;
    /// let s: CellSet = "../.#".parse().unwrap();
    /// assert_eq!(s.normalized().to_string(), "#");
    /// ```
    #[must_use]
    pub const fn normalized(self) -> CellSet {
        match self.origin() {
            Some((x, y)) => CellSet((self.0 >> (8 * y as u32)) >> x as u32),
            None => self,
        }
    }

    /// The set moved by `(dx, dy)`, or `None` if a member would leave the frame.
    ///
    /// ```
    /// use go_eye::shape::CellSet;
    /// let s: CellSet = "#".parse().unwrap();
    /// assert_eq!(s.translated(1, 1).unwrap().to_string(), "..\n.#");
    /// assert!(s.translated(-1, 0).is_none());
    /// ```
    #[must_use]
    pub fn translated(self, dx: i32, dy: i32) -> Option<CellSet> {
        let mut out = CellSet::EMPTY;
        for c in self.iter() {
            let x = i32::from(c.x()) + dx;
            let y = i32::from(c.y()) + dy;
            let x = u8::try_from(x).ok()?;
            let y = u8::try_from(y).ok()?;
            out.insert(Cell::new(x, y)?);
        }
        Some(out)
    }
}

/// OR of the eight rows of a bitboard: bit `x` is set if column `x` has a member.
pub(crate) const fn fold_columns(b: u64) -> u8 {
    let mut v = b;
    v |= v >> 32;
    v |= v >> 16;
    v |= v >> 8;
    v as u8
}

impl std::ops::BitOr for CellSet {
    type Output = CellSet;
    fn bitor(self, rhs: CellSet) -> CellSet {
        CellSet(self.0 | rhs.0)
    }
}

impl std::ops::BitAnd for CellSet {
    type Output = CellSet;
    fn bitand(self, rhs: CellSet) -> CellSet {
        CellSet(self.0 & rhs.0)
    }
}

impl std::ops::Sub for CellSet {
    type Output = CellSet;
    fn sub(self, rhs: CellSet) -> CellSet {
        CellSet(self.0 & !rhs.0)
    }
}

impl std::ops::BitOrAssign for CellSet {
    fn bitor_assign(&mut self, rhs: CellSet) {
        self.0 |= rhs.0;
    }
}

impl std::ops::BitAndAssign for CellSet {
    fn bitand_assign(&mut self, rhs: CellSet) {
        self.0 &= rhs.0;
    }
}

impl FromIterator<Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> CellSet {
        let mut s = CellSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

impl IntoIterator for CellSet {
    type Item = Cell;
    type IntoIter = Cells;
    fn into_iter(self) -> Cells {
        self.iter()
    }
}

/// Iterator over the members of a [`CellSet`], in index order.
///
/// ```
/// use go_eye::shape::CellSet;
/// assert_eq!("##".parse::<CellSet>().unwrap().iter().len(), 2);
/// ```
#[derive(Clone, Debug)]
pub struct Cells(u64);

impl Iterator for Cells {
    type Item = Cell;
    fn next(&mut self) -> Option<Cell> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Cell(i))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Cells {}

/// Why a [`CellSet`] diagram did not parse.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseCellSetError {
    /// A character other than `#`, `.`, space, `/` or newline.
    #[error("unexpected character {0:?} in a cell diagram (use '#' and '.')")]
    BadChar(char),
    /// A row longer than the 8-cell frame.
    #[error("row {0} is wider than 8 cells")]
    TooWide(usize),
    /// More than 8 rows.
    #[error("diagram has {0} rows, more than 8")]
    TooTall(usize),
}

impl FromStr for CellSet {
    type Err = ParseCellSetError;
    fn from_str(s: &str) -> Result<CellSet, ParseCellSetError> {
        let rows: Vec<&str> = s
            .split(['/', '\n'])
            .map(str::trim_end)
            .filter(|r| !r.trim().is_empty())
            .collect();
        if rows.len() > 8 {
            return Err(ParseCellSetError::TooTall(rows.len()));
        }
        let mut set = CellSet::EMPTY;
        for (y, row) in rows.iter().enumerate() {
            let mut x = 0usize;
            for ch in row.chars() {
                match ch {
                    ' ' | '\t' | '\r' => continue,
                    '#' | '.' => {
                        if x >= 8 {
                            return Err(ParseCellSetError::TooWide(y));
                        }
                        if ch == '#' {
                            set.0 |= 1 << (y * 8 + x);
                        }
                        x += 1;
                    }
                    other => return Err(ParseCellSetError::BadChar(other)),
                }
            }
        }
        Ok(set)
    }
}

impl fmt::Display for CellSet {
    /// The bounding box from the frame origin: rows of `#` and `.`, joined by newlines.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return Ok(());
        }
        let (ox, oy) = self.origin().unwrap_or((0, 0));
        let (w, h) = self.extent();
        for y in 0..oy + h {
            if y > 0 {
                writeln!(f)?;
            }
            for x in 0..ox + w {
                let c = Cell(y * 8 + x);
                f.write_str(if self.contains(c) { "#" } else { "." })?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CellSet(\"{}\")", self.to_string().replace('\n', "/"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_display_round_trip() {
        let s: CellSet = ".#./##.".parse().unwrap();
        assert_eq!(s.to_string(), ".#\n##");
        assert_eq!(s.len(), 3);
        assert_eq!("#.#".parse::<CellSet>().unwrap().to_string(), "#.#");
    }

    #[test]
    fn parse_errors_carry_the_offending_value() {
        assert_eq!(
            "#x".parse::<CellSet>(),
            Err(ParseCellSetError::BadChar('x'))
        );
        assert_eq!(
            "#########".parse::<CellSet>(),
            Err(ParseCellSetError::TooWide(0))
        );
        assert_eq!(
            "#/#/#/#/#/#/#/#/#".parse::<CellSet>(),
            Err(ParseCellSetError::TooTall(9))
        );
    }

    #[test]
    fn grow_does_not_wrap_around_the_frame() {
        let right_edge = CellSet::from_bits(1 << 7);
        assert_eq!(right_edge.grow().len(), 3);
        let left_edge = CellSet::from_bits(1 << 8);
        assert_eq!(left_edge.grow().len(), 4);
    }

    #[test]
    fn extent_and_origin() {
        let s: CellSet = "..../..#./.###".parse().unwrap();
        assert_eq!(s.origin(), Some((1, 1)));
        assert_eq!(s.extent(), (3, 2));
        assert_eq!(s.normalized().to_string(), ".#.\n###");
    }
}
