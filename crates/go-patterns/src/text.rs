//! Text renderings of per-point maps: aligned number grids and shaded
//! character maps, with GTP coordinates.
//!
//! ```
//! use go_board::Board;
//! use go_patterns::{Morphology, text};
//! let board = Board::from_diagram(". . .\n. X .\n. . .")?;
//! let t = Morphology::AREA.territory(&board);
//! let grid = text::value_grid(board.geometry(), |p| Some(t.value(p).to_string()));
//! assert!(grid.contains("140")); // 128 + 4 on each of the last three dilations
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt::Write;

use go_board::{Geometry, Point};

const LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// A grid of right-aligned cells (`.` where `cell` gives `None`), top row
/// first, with column letters above and below and row numbers on both
/// sides.
///
/// ```
/// use go_board::Geometry;
/// use go_patterns::text::value_grid;
/// let geo = Geometry::square(2)?;
/// let grid = value_grid(geo, |p| (p.col() == 0).then(|| "-12".to_string()));
/// assert_eq!(grid, "    A   B\n2 -12   . 2\n1 -12   . 1\n    A   B\n");
/// # Ok::<(), go_board::SizeError>(())
/// ```
#[must_use]
pub fn value_grid(geo: &Geometry, cell: impl Fn(Point) -> Option<String>) -> String {
    let cells: Vec<Vec<String>> = (0..geo.height())
        .rev()
        .map(|row| {
            (0..geo.width())
                .map(|col| cell(Point::new(col, row)).unwrap_or_else(|| ".".into()))
                .collect()
        })
        .collect();
    let width = cells
        .iter()
        .flatten()
        .map(|s| s.chars().count())
        .max()
        .unwrap_or(1);
    let label_w = geo.height().to_string().len();
    let mut header = " ".repeat(label_w);
    for &letter in &LETTERS[..geo.width()] {
        let _ = write!(header, " {:>width$}", letter as char);
    }
    let mut out = String::new();
    let _ = writeln!(out, "{header}");
    for (i, row) in cells.iter().enumerate() {
        let n = geo.height() - i;
        let _ = write!(out, "{n:>label_w$}");
        for s in row {
            let _ = write!(out, " {s:>width$}");
        }
        let _ = writeln!(out, " {n}");
    }
    let _ = writeln!(out, "{header}");
    out
}

/// Characters for ranges of values: a value gets the character of the
/// highest threshold it reaches (the first character below every
/// threshold).
///
/// ```
/// use go_patterns::text::Shades;
/// let s = Shades::huertas();
/// assert_eq!(s.shade(0.9), 'O');
/// assert_eq!(s.shade(0.5), '.');
/// assert_eq!(s.shade(0.1), 'X');
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Shades {
    /// Character for values below every threshold.
    pub below: char,
    /// Increasing thresholds with the character from each one up.
    pub steps: Vec<(f64, char)>,
}

impl Shades {
    /// The position analyzer's influence text map (Huertas 2014): values
    /// in 0..=1 with 1 White: `X` < 0.2 ≤ `x` < 0.4 ≤ `.` ≤ 0.6 < `o` ≤
    /// 0.8 < `O` (here a value exactly on a cut-off takes the upper
    /// character except at 0.6 and 0.8, where it takes the lower).
    #[must_use]
    pub fn huertas() -> Shades {
        Shades {
            below: 'X',
            steps: vec![
                (0.2, 'x'),
                (0.4, '.'),
                (f64::from_bits(0.6f64.to_bits() + 1), 'o'),
                (f64::from_bits(0.8f64.to_bits() + 1), 'O'),
            ],
        }
    }

    /// Signed values, positive for Black: `X`/`x` for Black's side
    /// (beyond / within half of `scale`), `.` for 0, `o`/`O` for White's.
    ///
    /// ```
    /// use go_patterns::text::Shades;
    /// let s = Shades::signed(10.0);
    /// assert_eq!((s.shade(7.0), s.shade(1.0), s.shade(0.0), s.shade(-1.0), s.shade(-9.0)), ('X', 'x', '.', 'o', 'O'));
    /// ```
    #[must_use]
    pub fn signed(scale: f64) -> Shades {
        let half = scale.abs() / 2.0;
        Shades {
            below: 'O',
            steps: vec![
                (-half, 'o'),
                (0.0, '.'),
                (f64::MIN_POSITIVE, 'x'),
                (half, 'X'),
            ],
        }
    }

    /// The character for `v`.
    #[must_use]
    pub fn shade(&self, v: f64) -> char {
        self.steps
            .iter()
            .rev()
            .find(|(t, _)| v >= *t)
            .map_or(self.below, |&(_, c)| c)
    }
}

/// A character map: each point shaded by its value (`' '` where `values`
/// gives `None`), top row first, with coordinates.
///
/// ```
/// use go_board::Geometry;
/// use go_patterns::text::{Shades, shade_map};
/// let geo = Geometry::square(2)?;
/// let map = shade_map(geo, |p| Some(if p.col() == 0 { 0.9 } else { 0.1 }), &Shades::huertas());
/// assert_eq!(map, "    A B\n  2 O X 2\n  1 O X 1\n    A B\n");
/// # Ok::<(), go_board::SizeError>(())
/// ```
#[must_use]
pub fn shade_map(geo: &Geometry, values: impl Fn(Point) -> Option<f64>, shades: &Shades) -> String {
    let mut out = String::new();
    go_board::display::write_diagram(&mut out, geo, |p| {
        values(p).map_or(' ', |v| shades.shade(v))
    })
    .expect("writing to a String cannot fail");
    out
}
