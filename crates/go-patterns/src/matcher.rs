//! [`Matcher`]: a pattern compiled with its variants into index offsets
//! and state masks, matched fast on any [`Position`].

use go_board::{Color, Geometry, Point, PointSet, Position, STRIDE};

use crate::cell::PointState;
use crate::pattern::Pattern;
use crate::symmetry::{Transform, TransformSet};

/// One cell of a compiled variant.
#[derive(Clone, Copy, Debug)]
struct CompiledCell {
    dx: i8,
    dy: i8,
    /// Index delta in the padded layout.
    delta: isize,
    /// Accepted states when matched for Black (index 0) and White (1).
    masks: [u8; 2],
}

/// One variant of the pattern, compiled.
#[derive(Clone, Debug)]
struct Variant {
    transform: Transform,
    cells: Vec<CompiledCell>,
    /// Bounding box of the offsets.
    min_dx: i8,
    max_dx: i8,
    min_dy: i8,
    max_dy: i8,
    /// Whether every cell refuses the edge: the extremes of the box are
    /// cells, so such a variant cannot match where its box leaves the board.
    on_board_only: bool,
}

/// Where and how a pattern matched.
///
/// ```
/// use go_board::{Board, Color};
/// use go_patterns::{Matcher, Pattern, TransformSet};
/// let m = Matcher::new(&"X*".parse::<Pattern>()?, TransformSet::DIHEDRAL);
/// let board = Board::from_diagram(". . .\n. X .\n. . .")?;
/// let found = m.find_at(&board, "B3".parse()?, Color::Black).unwrap();
/// assert_eq!(found.point, "B3".parse()?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Match {
    /// The anchor point.
    pub point: Point,
    /// The transform of the pattern that matched.
    pub transform: Transform,
}

/// A pattern compiled for fast matching under a set of transforms.
///
/// Each distinct variant is stored as index deltas into the padded board
/// layout with a bit mask of accepted states per colour, so a match away
/// from the edges is a few array reads and mask tests.
///
/// ```
/// use go_board::{Board, Color};
/// use go_patterns::{Matcher, Pattern, TransformSet};
/// // The position analyzer's "eye": one colour all around an empty point.
/// let eye: Pattern = "O O O\nO . O\nO O O".parse()?;
/// let m = Matcher::new(&eye, TransformSet::ROTATIONS_AND_SWAP);
/// let board = Board::from_diagram(
///     "X X X .
///      X . X .
///      X X X .
///      . . . .",
/// )?;
/// assert_eq!(m.count(&board, Color::Black), 1);
/// assert!(m.find_at(&board, "A4".parse()?, Color::Black).is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Matcher {
    variants: Vec<Variant>,
}

impl Matcher {
    /// Compiles `pattern` with its distinct variants under `set` (an empty
    /// set compiles the pattern alone).
    ///
    /// ```
    /// use go_patterns::{Matcher, Pattern, TransformSet};
    /// let m = Matcher::new(&"XO".parse::<Pattern>()?, TransformSet::ALL);
    /// assert_eq!(m.num_variants(), 4); // XO, OX and the two columns
    /// # Ok::<(), go_patterns::PatternError>(())
    /// ```
    #[must_use]
    pub fn new(pattern: &Pattern, set: TransformSet) -> Matcher {
        let set = if set.is_empty() {
            TransformSet::IDENTITY
        } else {
            set
        };
        let variants = pattern
            .variants(set)
            .into_iter()
            .map(|(transform, p)| compile(transform, &p))
            .collect();
        Matcher { variants }
    }

    /// The number of distinct compiled variants.
    ///
    /// ```
    /// use go_patterns::{Matcher, Pattern, TransformSet};
    /// let m = Matcher::new(&"X".parse::<Pattern>()?, TransformSet::ALL);
    /// assert_eq!(m.num_variants(), 2);
    /// # Ok::<(), go_patterns::PatternError>(())
    /// ```
    #[must_use]
    pub fn num_variants(&self) -> usize {
        self.variants.len()
    }

    /// The first variant (in [`Transform::ALL`] order) matching at `p` for
    /// `own` (the colour relative cells refer to; absolute patterns ignore
    /// it). `None` when none matches or `p` is off the board.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_patterns::{Matcher, Pattern, Symmetry, TransformSet};
    /// let m = Matcher::new(&"S\n*".parse::<Pattern>()?, TransformSet::ROTATIONS);
    /// let board = Board::from_diagram(". . .\n. . X\n. . .")?;
    /// let found = m.find_at(&board, "B2".parse()?, Color::Black).unwrap();
    /// assert_eq!(found.transform.symmetry(), Symmetry::Rotate270); // north turned to east
    /// assert!(m.find_at(&board, "B2".parse()?, Color::White).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn find_at<P: Position + ?Sized>(&self, pos: &P, p: Point, own: Color) -> Option<Match> {
        let geo = pos.geometry();
        if !geo.contains(p) {
            return None;
        }
        self.variants
            .iter()
            .find(|v| v.matches(pos, geo, p, own))
            .map(|v| Match {
                point: p,
                transform: v.transform,
            })
    }

    /// Whether some variant matches at `p` for `own`.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_patterns::{Matcher, Pattern, TransformSet};
    /// let m = Matcher::new(&"X X\nX X".parse::<Pattern>()?, TransformSet::SWAP);
    /// let board = Board::from_diagram("O O .\nO O .\n. . .")?;
    /// assert!(m.matches_at(&board, "A3".parse()?, Color::Black));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn matches_at<P: Position + ?Sized>(&self, pos: &P, p: Point, own: Color) -> bool {
        self.find_at(pos, p, own).is_some()
    }

    /// Every on-board anchor where some variant matches, in point order.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_patterns::{Matcher, Pattern, TransformSet};
    /// let m = Matcher::new(&"S*".parse::<Pattern>()?, TransformSet::ROTATIONS);
    /// let board = Board::from_diagram(". . .\n. X .\n. . .")?;
    /// assert_eq!(m.find_all(&board, Color::Black).len(), 4); // the four liberties
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn find_all<P: Position + ?Sized>(&self, pos: &P, own: Color) -> Vec<Match> {
        pos.geometry()
            .points()
            .iter()
            .filter_map(|&p| self.find_at(pos, p, own))
            .collect()
    }

    /// The anchors where some variant matches (the analyzer's "pattern
    /// map"), as a point set.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_patterns::{Matcher, Pattern, TransformSet};
    /// let m = Matcher::new(&"X X\nX X".parse::<Pattern>()?, TransformSet::SWAP);
    /// let board = Board::from_diagram("O O O\nO O O\n. . .")?;
    /// assert_eq!(m.map(&board, Color::Black).len(), 2); // A3 and B3
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn map<P: Position + ?Sized>(&self, pos: &P, own: Color) -> PointSet {
        self.find_all(pos, own)
            .into_iter()
            .map(|m| m.point)
            .collect()
    }

    /// The number of anchors where some variant matches (the analyzer's
    /// `CountPatternInBoard`).
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_patterns::{Matcher, Pattern, TransformSet};
    /// let m = Matcher::new(&"S*".parse::<Pattern>()?, TransformSet::ROTATIONS);
    /// let board = Board::from_diagram("X . .\n. . .\n. . .")?;
    /// assert_eq!(m.count(&board, Color::Black), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn count<P: Position + ?Sized>(&self, pos: &P, own: Color) -> usize {
        pos.geometry()
            .points()
            .iter()
            .filter(|&&p| self.find_at(pos, p, own).is_some())
            .count()
    }

    /// Whether some anchor matches (the analyzer's `ExistsPatternInBoard`,
    /// stopping at the first).
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_patterns::{Matcher, Pattern, TransformSet};
    /// let m = Matcher::new(&"S S".parse::<Pattern>()?, TransformSet::ROTATIONS);
    /// let board = Board::from_diagram("X .\nX .")?;
    /// assert!(m.exists(&board, Color::Black));
    /// assert!(!m.exists(&board, Color::White));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn exists<P: Position + ?Sized>(&self, pos: &P, own: Color) -> bool {
        pos.geometry()
            .points()
            .iter()
            .any(|&p| self.find_at(pos, p, own).is_some())
    }
}

fn compile(transform: Transform, pattern: &Pattern) -> Variant {
    let cells: Vec<CompiledCell> = pattern
        .cells()
        .map(|(o, cell)| CompiledCell {
            dx: o.dx(),
            dy: o.dy(),
            delta: o.dx() as isize + o.dy() as isize * STRIDE as isize,
            masks: [cell.mask(Color::Black), cell.mask(Color::White)],
        })
        .collect();
    let (min_dx, max_dx, min_dy, max_dy) = pattern.bounds();
    let edge = 1 << PointState::Edge as u8;
    let on_board_only = cells.iter().all(|c| c.masks.iter().all(|m| m & edge == 0));
    Variant {
        transform,
        cells,
        min_dx,
        max_dx,
        min_dy,
        max_dy,
        on_board_only,
    }
}

impl Variant {
    #[inline]
    fn matches<P: Position + ?Sized>(&self, pos: &P, geo: &Geometry, p: Point, own: Color) -> bool {
        let c = own.index();
        let (col, row) = (p.col() as isize, p.row() as isize);
        let (w, h) = (geo.width() as isize, geo.height() as isize);
        let (min_dx, max_dx) = (isize::from(self.min_dx), isize::from(self.max_dx));
        let (min_dy, max_dy) = (isize::from(self.min_dy), isize::from(self.max_dy));
        let inside = col + min_dx >= 0 && col + max_dx < w && row + min_dy >= 0 && row + max_dy < h;
        if inside {
            // Every cell is on the board: index arithmetic only.
            let base = p.index() as isize;
            self.cells.iter().all(|cell| {
                let q = (base + cell.delta) as usize;
                let state = match Point::from_index(q).and_then(|q| pos.color_at(q)) {
                    None => PointState::Empty,
                    Some(Color::Black) => PointState::Black,
                    Some(Color::White) => PointState::White,
                };
                cell.masks[c] & (1 << state as u8) != 0
            })
        } else {
            if self.on_board_only {
                return false;
            }
            self.cells.iter().all(|cell| {
                let x = col + isize::from(cell.dx);
                let y = row + isize::from(cell.dy);
                let state = if x < 0 || y < 0 || x >= w || y >= h {
                    PointState::Edge
                } else {
                    PointState::of(pos.color_at(Point::new(x as usize, y as usize)))
                };
                cell.masks[c] & (1 << state as u8) != 0
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Shape;
    use go_board::Board;

    fn random_board(size: usize, seed: u64, fill: u64) -> Board {
        let mut board = Board::new(size).unwrap();
        let mut s = seed | 1;
        let mut color = Color::Black;
        for _ in 0..size * size * 2 {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            if s % 100 >= fill {
                continue;
            }
            let p = board.geometry().points()[(s >> 8) as usize % (size * size)];
            if board.play(color, p).is_ok() {
                color = color.opposite();
            }
        }
        board
    }

    #[test]
    fn compiled_matching_agrees_with_the_direct_test() {
        let patterns: Vec<Pattern> = [
            "S S S\nS . S\nS S S",
            "? D ?\nS * s\n# # #",
            "X O\nO X",
            "x . o\n. (?) .",
            "# #\n# *",
            "S",
        ]
        .iter()
        .map(|t| t.parse().unwrap())
        .collect();
        for seed in 1..20u64 {
            let board = random_board(7, seed * 7919, 60);
            for pattern in &patterns {
                let m = Matcher::new(pattern, TransformSet::ALL);
                let variants = pattern.variants(TransformSet::ALL);
                for &p in board.geometry().points() {
                    for own in Color::ALL {
                        let direct = variants
                            .iter()
                            .find(|(_, v)| v.matches(&board, p, own))
                            .map(|(t, _)| *t);
                        assert_eq!(
                            m.find_at(&board, p, own).map(|m| m.transform),
                            direct,
                            "{pattern} at {p}\n{board}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_read_pattern_matches_where_it_was_read() {
        let board = random_board(9, 42, 50);
        let shape = Shape::diamond(3).unwrap();
        for &p in board.geometry().points() {
            let seen = Pattern::read(&board, p, &shape, Some(Color::White));
            let m = Matcher::new(&seen, TransformSet::IDENTITY);
            assert!(m.matches_at(&board, p, Color::White));
        }
    }
}
