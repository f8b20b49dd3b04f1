//! [`Pattern`]: cells at offsets from an anchor, with diagrams, the
//! sixteen transforms and canonical forms.

use std::fmt;
use std::str::FromStr;

use go_board::{Color, Point, Position};

use crate::cell::{Cell, PointState};
use crate::error::PatternError;
use crate::shape::{Shape, check_offset};
use crate::symmetry::{Offset, Transform, TransformSet};

/// Where a pattern is placed when it is matched "at a point", and what its
/// symmetries turn about.
///
/// ```
/// use go_patterns::{Anchor, Pattern};
/// let corner: Pattern = "X X\nX .".parse()?;
/// assert_eq!(corner.anchor(), Anchor::TopLeft);
/// let around: Pattern = "X X\nX *".parse()?;
/// assert_eq!(around.anchor(), Anchor::Origin);
/// # Ok::<(), go_patterns::PatternError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Anchor {
    /// A designated cell (offset (0, 0)), such as the move point:
    /// symmetries turn the pattern about it.
    Origin,
    /// The top-left corner of the pattern's bounding box, recomputed after
    /// every symmetry: a square window turns in place. This is the
    /// thesis's convention (Fractal Go ch. 5; Huertas 2014 §5.3.2.5).
    TopLeft,
}

/// A Go pattern: a [`Cell`] at each of a set of offsets from its anchor.
///
/// A pattern *matches* at a point `p` for a colour `own` when every cell
/// accepts the state of the point at `p` + its offset (off the board counts
/// as [`PointState::Edge`]), relative cells being read against `own`.
///
/// Diagrams list rows from the top; whitespace is ignored; cell characters
/// are those of [`Cell`]. `*` marks the anchor as an empty point and `(c)`
/// marks the cell `c` as the anchor; without a mark the anchor is the top
/// left ([`Anchor::TopLeft`]).
///
/// ```
/// use go_board::{Board, Color};
/// use go_patterns::{Pattern, TransformSet};
/// // A hane: own stone to the south-west, opponent to the south.
/// let hane: Pattern = "? ? ?
///                      . * .
///                      S D ?".parse()?;
/// let board = Board::from_diagram(
///     ". . . .
///      . . . .
///      X O . .
///      . . . .",
/// )?;
/// assert!(hane.matches(&board, "B3".parse()?, Color::Black));
/// assert!(!hane.matches(&board, "B3".parse()?, Color::White));
/// // Its eight rotations and reflections are distinct.
/// assert_eq!(hane.variants(TransformSet::DIHEDRAL).len(), 8);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pattern {
    /// Cells in reading order (north to south, then west to east).
    cells: Vec<(Offset, Cell)>,
    anchor: Anchor,
}

/// Reading order: rows from the top, cells from the left.
fn reading_key(o: Offset) -> (i8, i8) {
    (-o.dy(), o.dx())
}

impl Pattern {
    /// A pattern of the given cells.
    ///
    /// With [`Anchor::TopLeft`] the offsets are shifted so that the top
    /// left of their bounding box is the origin.
    ///
    /// # Errors
    /// [`PatternError::Empty`], [`PatternError::DuplicateOffset`],
    /// [`PatternError::OffsetOutOfRange`].
    ///
    /// ```
    /// use go_patterns::{Anchor, Cell, Offset, Pattern};
    /// let p = Pattern::new([(Offset::new(0, 1), Cell::Own), (Offset::ORIGIN, Cell::Empty)], Anchor::Origin)?;
    /// assert_eq!(p.get(Offset::new(0, 1)), Some(Cell::Own));
    /// assert_eq!(p.len(), 2);
    /// # Ok::<(), go_patterns::PatternError>(())
    /// ```
    pub fn new(
        cells: impl IntoIterator<Item = (Offset, Cell)>,
        anchor: Anchor,
    ) -> Result<Pattern, PatternError> {
        let mut cells: Vec<(Offset, Cell)> = cells.into_iter().collect();
        if cells.is_empty() {
            return Err(PatternError::Empty);
        }
        for &(o, _) in &cells {
            check_offset(o)?;
        }
        cells.sort_by_key(|&(o, _)| reading_key(o));
        if let Some(w) = cells.windows(2).find(|w| w[0].0 == w[1].0) {
            return Err(PatternError::DuplicateOffset(w[0].0));
        }
        let mut pattern = Pattern { cells, anchor };
        if anchor == Anchor::TopLeft {
            pattern.normalise_top_left();
        }
        Ok(pattern)
    }

    /// The pattern over `shape` with the cell `cell(offset)` at each
    /// offset; `Cell::Any` cells are kept.
    ///
    /// ```
    /// use go_patterns::{Anchor, Cell, Pattern, Shape};
    /// let ring = Pattern::from_shape(&Shape::diamond(1)?, Anchor::Origin, |o| {
    ///     if o.manhattan() == 0 { Cell::Empty } else { Cell::Own }
    /// })?;
    /// assert_eq!(ring.to_string(), "?S?\nS*S\n?S?\n");
    /// # Ok::<(), go_patterns::PatternError>(())
    /// ```
    pub fn from_shape(
        shape: &Shape,
        anchor: Anchor,
        mut cell: impl FnMut(Offset) -> Cell,
    ) -> Result<Pattern, PatternError> {
        Pattern::new(shape.offsets().iter().map(|&o| (o, cell(o))), anchor)
    }

    /// The pattern `shape` sees around `p` on `pos` (the shape's origin at
    /// `p`): exact states, stones as [`Own`](Cell::Own)/[`Other`](Cell::Other)
    /// when `relative_to` names a colour, as Black/White otherwise.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_patterns::{Pattern, Shape};
    /// let board = Board::from_diagram("X O .\n. . .\n. . .")?;
    /// let seen = Pattern::read(&board, "B2".parse()?, &Shape::centred_square(1)?, Some(Color::White));
    /// assert_eq!(seen.to_string(), "DS.\n.*.\n...\n");
    /// assert!(seen.matches(&board, "B2".parse()?, Color::White));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn read<P: Position + ?Sized>(
        pos: &P,
        p: Point,
        shape: &Shape,
        relative_to: Option<Color>,
    ) -> Pattern {
        let cells = shape.offsets().iter().map(|&o| {
            let state = state_at(pos, p, o);
            let cell = match relative_to {
                Some(own) => Cell::relative(state, own),
                None => Cell::exactly(state),
            };
            (o, cell)
        });
        // Shapes have distinct, in-range offsets: this cannot fail.
        let mut cells: Vec<(Offset, Cell)> = cells.collect();
        cells.sort_by_key(|&(o, _)| reading_key(o));
        Pattern {
            cells,
            anchor: Anchor::Origin,
        }
    }

    /// The anchor convention.
    ///
    /// ```
    /// use go_patterns::{Anchor, Pattern};
    /// assert_eq!("S*".parse::<Pattern>()?.anchor(), Anchor::Origin);
    /// # Ok::<(), go_patterns::PatternError>(())
    /// ```
    #[must_use]
    pub fn anchor(&self) -> Anchor {
        self.anchor
    }

    /// The same cells under another anchor convention (switching to
    /// [`Anchor::TopLeft`] shifts the offsets to the top-left corner).
    ///
    /// ```
    /// use go_patterns::{Anchor, Offset, Pattern};
    /// let p: Pattern = "S*".parse()?;
    /// assert_eq!(p.get(Offset::new(-1, 0)), Some(go_patterns::Cell::Own));
    /// let q = p.with_anchor(Anchor::TopLeft);
    /// assert_eq!(q.get(Offset::ORIGIN), Some(go_patterns::Cell::Own));
    /// # Ok::<(), go_patterns::PatternError>(())
    /// ```
    #[must_use]
    pub fn with_anchor(mut self, anchor: Anchor) -> Pattern {
        self.anchor = anchor;
        if anchor == Anchor::TopLeft {
            self.normalise_top_left();
        }
        self
    }

    fn normalise_top_left(&mut self) {
        let min_dx = self.cells.iter().map(|c| c.0.dx()).min().unwrap_or(0);
        let max_dy = self.cells.iter().map(|c| c.0.dy()).max().unwrap_or(0);
        let shift = Offset::new(-min_dx, -max_dy);
        for c in &mut self.cells {
            c.0 = c.0.plus(shift);
        }
    }

    /// The cells with their offsets, in reading order (rows from the top).
    ///
    /// ```
    /// use go_patterns::{Cell, Offset, Pattern};
    /// let p: Pattern = "XO".parse()?;
    /// let cells: Vec<_> = p.cells().collect();
    /// assert_eq!(cells, [(Offset::ORIGIN, Cell::Black), (Offset::new(1, 0), Cell::White)]);
    /// # Ok::<(), go_patterns::PatternError>(())
    /// ```
    pub fn cells(&self) -> impl ExactSizeIterator<Item = (Offset, Cell)> + '_ {
        self.cells.iter().copied()
    }

    /// The number of cells.
    ///
    /// ```
    /// use go_patterns::Pattern;
    /// assert_eq!("XO\n..".parse::<Pattern>()?.len(), 4);
    /// # Ok::<(), go_patterns::PatternError>(())
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Always false: a pattern has at least one cell.
    ///
    /// ```
    /// use go_patterns::Pattern;
    /// assert!(!"?".parse::<Pattern>()?.is_empty());
    /// # Ok::<(), go_patterns::PatternError>(())
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The cell at `offset`, if the pattern has one there.
    ///
    /// ```
    /// use go_patterns::{Cell, Offset, Pattern};
    /// let p: Pattern = "X\nO".parse()?; // top-left anchor: O is one row south
    /// assert_eq!(p.get(Offset::new(0, -1)), Some(Cell::White));
    /// assert_eq!(p.get(Offset::new(0, 1)), None);
    /// # Ok::<(), go_patterns::PatternError>(())
    /// ```
    #[must_use]
    pub fn get(&self, offset: Offset) -> Option<Cell> {
        self.cells.iter().find(|c| c.0 == offset).map(|c| c.1)
    }

    /// Whether any cell is relative to the colour matched for.
    ///
    /// ```
    /// use go_patterns::Pattern;
    /// assert!("S.".parse::<Pattern>()?.is_relative());
    /// assert!(!"X.".parse::<Pattern>()?.is_relative());
    /// # Ok::<(), go_patterns::PatternError>(())
    /// ```
    #[must_use]
    pub fn is_relative(&self) -> bool {
        self.cells.iter().any(|c| c.1.is_relative())
    }

    /// The pattern seen through `t`: offsets moved by its symmetry (about
    /// the anchor), colours swapped if it says so.
    ///
    /// ```
    /// use go_patterns::{Pattern, Symmetry, Transform};
    /// let p: Pattern = "XO\n..".parse()?;
    /// let turned = p.transformed(Transform::new(Symmetry::Rotate90, false));
    /// assert_eq!(turned.to_string(), "O.\nX.\n");
    /// let swapped = p.transformed(Transform::new(Symmetry::Identity, true));
    /// assert_eq!(swapped.to_string(), "OX\n..\n");
    /// # Ok::<(), go_patterns::PatternError>(())
    /// ```
    #[must_use]
    pub fn transformed(&self, t: Transform) -> Pattern {
        let s = t.symmetry();
        let mut cells: Vec<(Offset, Cell)> = self
            .cells
            .iter()
            .map(|&(o, c)| {
                let c = if t.swaps_colors() { c.swap_colors() } else { c };
                (s.apply(o), c)
            })
            .collect();
        cells.sort_by_key(|&(o, _)| reading_key(o));
        let mut out = Pattern {
            cells,
            anchor: self.anchor,
        };
        if self.anchor == Anchor::TopLeft {
            out.normalise_top_left();
        }
        out
    }

    /// The distinct patterns seen through the transforms of `set`, each
    /// with the first transform (in [`Transform::ALL`] order) giving it.
    ///
    /// ```
    /// use go_patterns::{Pattern, TransformSet};
    /// let eye: Pattern = "S S S\nS . S\nS S S".parse()?;
    /// assert_eq!(eye.variants(TransformSet::ALL).len(), 2); // itself and its colour swap
    /// # Ok::<(), go_patterns::PatternError>(())
    /// ```
    #[must_use]
    pub fn variants(&self, set: TransformSet) -> Vec<(Transform, Pattern)> {
        let mut out: Vec<(Transform, Pattern)> = Vec::new();
        for t in set.iter() {
            let v = self.transformed(t);
            if !out.iter().any(|(_, q)| *q == v) {
                out.push((t, v));
            }
        }
        out
    }

    /// The canonical representative of the pattern's class under `set`:
    /// the smallest variant (in the derived order of patterns), with a
    /// transform that maps `self` onto it. Two patterns are equivalent
    /// under a group of transforms exactly when their canonical forms are
    /// equal.
    ///
    /// ```
    /// use go_patterns::{Pattern, TransformSet};
    /// let a: Pattern = "X.\n..".parse()?;
    /// let b: Pattern = "..\n.O".parse()?;
    /// assert_ne!(a.canonical(TransformSet::DIHEDRAL).1, b.canonical(TransformSet::DIHEDRAL).1);
    /// assert_eq!(a.canonical(TransformSet::ALL).1, b.canonical(TransformSet::ALL).1);
    /// # Ok::<(), go_patterns::PatternError>(())
    /// ```
    #[must_use]
    pub fn canonical(&self, set: TransformSet) -> (Transform, Pattern) {
        let mut best = (Transform::IDENTITY, self.clone());
        let mut first = true;
        for t in set.iter() {
            let v = self.transformed(t);
            if first || v < best.1 {
                best = (t, v);
                first = false;
            }
        }
        best
    }

    /// Whether the pattern matches at `p` on `pos` for `own` (direct,
    /// uncompiled test; see [`Matcher`](crate::Matcher) for the fast one).
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_patterns::Pattern;
    /// let corner: Pattern = "#  #  #\n#  *  S\n#  S  ?".parse()?;
    /// let board = Board::from_diagram("X . .\n. . .\n. . .")?;
    /// assert!(!corner.matches(&board, "A3".parse()?, Color::Black));
    /// let board = Board::from_diagram(". X .\nX . .\n. . .")?;
    /// assert!(corner.matches(&board, "A3".parse()?, Color::Black));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn matches<P: Position + ?Sized>(&self, pos: &P, p: Point, own: Color) -> bool {
        self.cells
            .iter()
            .all(|&(o, cell)| cell.matches(state_at(pos, p, o), own))
    }

    /// The bounding box `(min_dx, max_dx, min_dy, max_dy)`.
    pub(crate) fn bounds(&self) -> (i8, i8, i8, i8) {
        let xs = self.cells.iter().map(|c| c.0.dx());
        let ys = self.cells.iter().map(|c| c.0.dy());
        (
            xs.clone().min().unwrap_or(0),
            xs.max().unwrap_or(0),
            ys.clone().min().unwrap_or(0),
            ys.max().unwrap_or(0),
        )
    }
}

/// The state of the point `o` away from `p` (off the board: edge).
#[inline]
pub(crate) fn state_at<P: Position + ?Sized>(pos: &P, p: Point, o: Offset) -> PointState {
    match o.from(p) {
        Some(q) => PointState::at(pos, q),
        None => PointState::Edge,
    }
}

impl FromStr for Pattern {
    type Err = PatternError;

    /// Reads a pattern diagram (see [`Pattern`]).
    fn from_str(text: &str) -> Result<Pattern, PatternError> {
        let mut rows: Vec<Vec<Cell>> = Vec::new();
        let mut anchor: Option<(usize, usize)> = None;
        for line in text.lines() {
            let mut row = Vec::new();
            let mut chars = line.chars().filter(|c| !c.is_whitespace());
            while let Some(c) = chars.next() {
                let (cell, marked) = match c {
                    '*' => (Cell::Empty, true),
                    '(' => {
                        let inner = chars.next().ok_or(PatternError::UnclosedAnchor)?;
                        let cell =
                            Cell::from_char(inner).ok_or(PatternError::UnknownChar(inner))?;
                        if chars.next() != Some(')') {
                            return Err(PatternError::UnclosedAnchor);
                        }
                        (cell, true)
                    }
                    other => (
                        Cell::from_char(other).ok_or(PatternError::UnknownChar(other))?,
                        false,
                    ),
                };
                if marked {
                    if anchor.is_some() {
                        return Err(PatternError::MultipleAnchors);
                    }
                    anchor = Some((rows.len(), row.len()));
                }
                row.push(cell);
            }
            if !row.is_empty() {
                rows.push(row);
            }
        }
        let width = rows.first().ok_or(PatternError::Empty)?.len();
        if let Some((i, r)) = rows.iter().enumerate().find(|(_, r)| r.len() != width) {
            return Err(PatternError::RaggedRow {
                row: i + 1,
                expected: width,
                found: r.len(),
            });
        }
        if width > crate::shape::MAX_EXTENT || rows.len() > crate::shape::MAX_EXTENT {
            return Err(PatternError::BadExtent(width.max(rows.len())));
        }
        let (origin, kind) = match anchor {
            Some(at) => (at, Anchor::Origin),
            None => ((0, 0), Anchor::TopLeft),
        };
        let cells = rows.iter().enumerate().flat_map(|(i, row)| {
            row.iter().enumerate().map(move |(j, &cell)| {
                let o = Offset::new(j as i8 - origin.1 as i8, origin.0 as i8 - i as i8);
                (o, cell)
            })
        });
        Pattern::new(cells, kind)
    }
}

impl fmt::Display for Pattern {
    /// The diagram: rows from the top, one character per cell (`?` where
    /// the pattern has no cell), the anchor of an [`Anchor::Origin`]
    /// pattern as `*` if empty or `(c)` otherwise. It reads back to an
    /// equivalent pattern.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (min_dx, max_dx, min_dy, max_dy) = if self.anchor == Anchor::Origin {
            let (a, b, c, d) = self.bounds();
            (a.min(0), b.max(0), c.min(0), d.max(0))
        } else {
            self.bounds()
        };
        for dy in (min_dy..=max_dy).rev() {
            for dx in min_dx..=max_dx {
                let o = Offset::new(dx, dy);
                let cell = self.get(o);
                if self.anchor == Anchor::Origin && o == Offset::ORIGIN {
                    match cell {
                        Some(Cell::Empty) => f.write_str("*")?,
                        Some(c) => write!(f, "({c})")?,
                        None => f.write_str("(?)")?,
                    }
                } else {
                    write!(f, "{}", cell.unwrap_or(Cell::Any))?;
                }
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symmetry::Symmetry;
    use go_board::Board;

    #[test]
    fn diagrams_round_trip() {
        for text in ["XO.\n?#x\n", "S*D\n...\n", "(X)O\n", "?S?\nS(.)S\n"] {
            let p: Pattern = text.parse().unwrap();
            let again: Pattern = p.to_string().parse().unwrap();
            assert_eq!(again, p, "{text}");
        }
    }

    #[test]
    fn diagram_errors_name_the_problem() {
        assert_eq!(
            "XO\nX".parse::<Pattern>(),
            Err(PatternError::RaggedRow {
                row: 2,
                expected: 2,
                found: 1
            })
        );
        assert_eq!("**".parse::<Pattern>(), Err(PatternError::MultipleAnchors));
        assert_eq!("(X".parse::<Pattern>(), Err(PatternError::UnclosedAnchor));
        assert_eq!("".parse::<Pattern>(), Err(PatternError::Empty));
    }

    #[test]
    fn top_left_patterns_turn_in_place() {
        // The thesis analyzer's in-place rotation of a k×k window.
        let p: Pattern = "XO.\n...\n...".parse().unwrap();
        let r = p.transformed(Transform::new(Symmetry::Rotate90, false));
        assert_eq!(r.to_string(), "...\nO..\nX..\n");
        let (min_dx, max_dx, min_dy, max_dy) = r.bounds();
        assert_eq!((min_dx, max_dx, min_dy, max_dy), (0, 2, -2, 0));
    }

    #[test]
    fn a_pattern_matches_where_its_transform_matches_the_transformed_board() {
        let board = Board::from_diagram(
            ". . . . .
             . X O . .
             . . X . .
             . . . O .
             . . . . .",
        )
        .unwrap();
        let geo = board.geometry();
        let centre = Point::new(2, 2);
        let p = Pattern::read(
            &board,
            centre,
            &Shape::centred_square(2).unwrap(),
            Some(Color::Black),
        );
        for s in Symmetry::ALL {
            let turned = p.transformed(Transform::new(s, false));
            let mut moved = Board::new(5).unwrap();
            let stones: Vec<_> = geo
                .points()
                .iter()
                .filter_map(|&q| {
                    board
                        .color_at(q)
                        .map(|c| (s.apply_point(geo, q).unwrap(), Some(c)))
                })
                .collect();
            moved.setup(stones).unwrap();
            assert!(turned.matches(&moved, centre, Color::Black), "{s}");
            let swapped = p.transformed(Transform::new(s, true));
            assert!(swapped.matches(&moved, centre, Color::White), "{s}");
        }
    }
}
