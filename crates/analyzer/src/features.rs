//! The per-node attributes of the thesis's dataset (Huertas 2014, §3.6
//! of the extraction, `SaveTreeArff`): the board encoding, the
//! 8-neighbour "liberty map", the five pattern maps and the eye count,
//! with the attribute names; plus true block liberties beside them.

use crate::patterns::AnalyzerPattern;
use go_board::{Color, Geometry, PlayoutBoard, Point, Position};

use crate::map::index_of;
use crate::terminal::NEIGHBOURHOOD_8;

/// Which position the per-node board attributes describe.
///
/// ```
/// use go_position_analyzer::features::BoardMode;
/// assert_eq!(BoardMode::default(), BoardMode::Played);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum BoardMode {
    /// The true position: the path's moves played with captures.
    #[default]
    Played,
    /// The thesis's board (`Include`/`Exclude`, §5.3.2.5): the root's
    /// stones plus the path's stones, captures not applied.
    StonesOnly,
}

/// A plain array of stones on a geometry: a [`Position`] for the
/// attributes of [`BoardMode::StonesOnly`] (which may hold blocks without
/// liberties).
///
/// ```
/// use go_position_analyzer::features::Stones;
/// use go_board::{Board, Color, Position};
/// let board = Board::from_diagram("X .\n. O")?;
/// let mut stones = Stones::from_position(&board);
/// stones.set("B2".parse()?, Some(Color::White));
/// assert_eq!(stones.color_at("B2".parse()?), Some(Color::White));
/// assert_eq!(stones.color_at("A2".parse()?), Some(Color::Black));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Stones {
    geometry: &'static Geometry,
    cells: Vec<Option<Color>>,
}

impl Stones {
    /// The stones of `pos`.
    #[must_use]
    pub fn from_position<P: Position + HasStaticGeometry + ?Sized>(pos: &P) -> Stones {
        let geometry = pos.static_geometry();
        let cells = (0..geometry.num_points())
            .map(|i| pos.color_at(Point::new(i % geometry.width(), i / geometry.width())))
            .collect();
        Stones { geometry, cells }
    }

    /// Puts a stone on `p` (or empties it); points off the board are
    /// ignored.
    pub fn set(&mut self, p: Point, color: Option<Color>) {
        if let Some(i) = index_of(self.geometry, p) {
            self.cells[i] = color;
        }
    }
}

impl Position for Stones {
    fn geometry(&self) -> &Geometry {
        self.geometry
    }

    fn color_at(&self, p: Point) -> Option<Color> {
        index_of(self.geometry, p).and_then(|i| self.cells[i])
    }
}

/// Positions whose geometry is a shared `&'static` one.
pub trait HasStaticGeometry {
    /// The geometry.
    fn static_geometry(&self) -> &'static Geometry;
}

impl HasStaticGeometry for go_board::Board {
    fn static_geometry(&self) -> &'static Geometry {
        self.geometry()
    }
}

impl HasStaticGeometry for PlayoutBoard {
    fn static_geometry(&self) -> &'static Geometry {
        self.geometry()
    }
}

impl HasStaticGeometry for Stones {
    fn static_geometry(&self) -> &'static Geometry {
        self.geometry
    }
}

/// The thesis's board encoding (§5.3.2.5 `Include`/`Exclude`): 1 White, 0
/// Black, 0.5 empty, in the analyzer's point order.
///
/// ```
/// use go_position_analyzer::features::board_encoding;
/// let board = go_board::Board::from_diagram("X .\n. O")?;
/// assert_eq!(board_encoding(&board), [0.5, 1.0, 0.0, 0.5]); // A1 B1 A2 B2
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn board_encoding<P: Position + ?Sized>(pos: &P) -> Vec<f32> {
    points(pos.geometry())
        .map(|p| match pos.color_at(p) {
            Some(Color::White) => 1.0,
            Some(Color::Black) => 0.0,
            None => 0.5,
        })
        .collect()
}

/// The thesis's "liberty map" (§2.6 "Mapa de libertades", Ilustr. 12 and
/// 31, `LibertiesPoint`): for a stone, the number of empty points among
/// its on-board 8 neighbours; −1 for an empty point. Not the Go notion of
/// liberties; see [`block_liberties`].
///
/// ```
/// use go_position_analyzer::features::liberty_map;
/// // Ilustr. 31 (4×4): 4, 7, 2 and 4 empty points around the stones.
/// let board = go_board::Board::from_diagram(
///     ". X . .
///      . . O .
///      . . . .
///      O X . .",
/// )?;
/// let libs = liberty_map(&board);
/// assert_eq!(libs[12..16], [-1, 4, -1, -1]); // row 4
/// assert_eq!(libs[8..12], [-1, -1, 7, -1]); // row 3
/// assert_eq!(libs[0..4], [2, 4, -1, -1]); // row 1
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn liberty_map<P: Position + ?Sized>(pos: &P) -> Vec<i8> {
    let geo = pos.geometry();
    let (w, h) = (geo.width() as isize, geo.height() as isize);
    points(geo)
        .map(|p| {
            if pos.color_at(p).is_none() {
                return -1;
            }
            let (c, r) = (p.col() as isize, p.row() as isize);
            NEIGHBOURHOOD_8
                .iter()
                .filter(|&&(dc, dr)| {
                    let (nc, nr) = (c + dc, r + dr);
                    nc >= 0
                        && nr >= 0
                        && nc < w
                        && nr < h
                        && pos.color_at(Point::new(nc as usize, nr as usize)).is_none()
                })
                .count() as i8
        })
        .collect()
}

/// True block liberties: for a stone, the number of liberties of its
/// block; −1 for an empty point (as the liberty map).
///
/// ```
/// use go_position_analyzer::features::block_liberties;
/// use go_board::{Board, PlayoutBoard};
/// let board = PlayoutBoard::from(&Board::from_diagram("X X .\n. O .\n. . .")?);
/// assert_eq!(block_liberties(&board)[6..9], [2, 2, -1]); // A3 B3 C3
/// assert_eq!(block_liberties(&board)[4], 3); // B2
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn block_liberties(board: &PlayoutBoard) -> Vec<i16> {
    points(board.geometry())
        .map(|p| {
            if board.color_at(p).is_none() {
                -1
            } else {
                board.num_liberties(p) as i16
            }
        })
        .collect()
}

/// The pattern map of one of the five patterns (§2.6 "Mapa de
/// patrones"): 1 at each anchor (the top-left corner of a k×k window)
/// where the pattern is found under a rotation, directly or with colours
/// swapped; 0 elsewhere, including the anchors where the window does not
/// fit (so the map has one value per point, as the ARFF's N² columns).
///
/// ```
/// use go_position_analyzer::features::pattern_map;
/// use go_position_analyzer::patterns::AnalyzerPattern;
/// let board = go_board::Board::from_diagram("X X .\nX X .\n. . .")?;
/// assert_eq!(pattern_map(&board, AnalyzerPattern::Square), [0, 0, 0, 0, 0, 0, 1, 0, 0]); // A3
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn pattern_map<P: Position + ?Sized>(pos: &P, pattern: AnalyzerPattern) -> Vec<u8> {
    let found = pattern.map(pos);
    points(pos.geometry())
        .map(|p| u8::from(found.contains(p)))
        .collect()
}

/// The eye count (`CountPatternInBoard(Eye)`): anchors where the 3×3 eye
/// pattern is found, either colour.
///
/// ```
/// use go_position_analyzer::features::eye_count;
/// let board = go_board::Board::from_diagram("O O O\nO . O\nO O O")?;
/// assert_eq!(eye_count(&board), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn eye_count<P: Position + ?Sized>(pos: &P) -> usize {
    AnalyzerPattern::Eye.count(pos)
}

/// The points of `geo` in the analyzer's order (A1, B1, …).
pub(crate) fn points(geo: &Geometry) -> impl Iterator<Item = Point> + '_ {
    (0..geo.num_points()).map(move |i| Point::new(i % geo.width(), i / geo.width()))
}

/// The ARFF/CSV name prefix of each of the five pattern maps.
pub const PATTERN_PREFIXES: [&str; 5] =
    ["eye", "invadedEye", "square", "incompleteEye", "doubleEye"];

/// The attribute names of the thesis's dataset on a `width`×`height`
/// board, in order: `toPlay`, `move`, `inf{c}z{r}`, `infDiff{c}z{r}`,
/// `board{c}z{r}`, `lib{c}z{r}`, `moveCount`, `posCount`, `eyeCount`, the
/// five pattern maps, `raveValue`, `class` — 9·N²+7 on N×N. Per-point
/// names give the column `c` (A = 1, I skipped) and the row `r` from the
/// bottom, both from 1, in the order A1, B1, …
///
/// With `extended`, three blocks come before the class: `own{c}z{r}`
/// (mean area ownership), `blockLib{c}z{r}` (true block liberties) and
/// `blackWinRatio`.
///
/// ```
/// use go_position_analyzer::features::attribute_names;
/// let names = attribute_names(19, 19, false);
/// assert_eq!(names.len(), 9 * 19 * 19 + 7); // 3,256
/// assert_eq!(names[2], "inf1z1");
/// assert_eq!(names[3], "inf2z1");
/// assert_eq!(names.last().map(String::as_str), Some("class"));
/// assert_eq!(attribute_names(9, 9, true).len(), 11 * 81 + 8);
/// ```
#[must_use]
pub fn attribute_names(width: usize, height: usize, extended: bool) -> Vec<String> {
    let per_point = |prefix: &str, out: &mut Vec<String>| {
        for r in 1..=height {
            for c in 1..=width {
                out.push(format!("{prefix}{c}z{r}"));
            }
        }
    };
    let mut names = vec!["toPlay".to_string(), "move".to_string()];
    for prefix in ["inf", "infDiff", "board", "lib"] {
        per_point(prefix, &mut names);
    }
    names.extend(["moveCount", "posCount", "eyeCount"].map(String::from));
    for prefix in PATTERN_PREFIXES {
        per_point(prefix, &mut names);
    }
    names.push("raveValue".into());
    if extended {
        per_point("own", &mut names);
        per_point("blockLib", &mut names);
        names.push("blackWinRatio".into());
    }
    names.push("class".into());
    names
}

#[cfg(test)]
mod tests {
    use super::*;
    use go_board::Board;

    #[test]
    fn attribute_counts_are_nine_n_squared_plus_seven() {
        for n in 2..=25 {
            assert_eq!(attribute_names(n, n, false).len(), 9 * n * n + 7);
        }
        let names = attribute_names(19, 19, false);
        let mut sorted = names.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), names.len(), "names are unique");
        // The thesis's names from its M5P models exist.
        for n in [
            "inf7z7",
            "infDiff17z16",
            "board3z7",
            "lib18z15",
            "moveCount",
            "raveValue",
        ] {
            assert!(names.iter().any(|x| x == n), "{n}");
        }
    }

    #[test]
    fn liberty_map_counts_diagonals_and_edges() {
        let board = Board::from_diagram(
            "X . .
             . X .
             . . O",
        )
        .unwrap();
        let libs = liberty_map(&board);
        // A3 (corner): B3 empty, A2 empty, B2 black: 2.
        assert_eq!(libs[6], 2);
        // B2 (centre): 8 around minus A3 and C1: 6.
        assert_eq!(libs[4], 6);
        // C1: B1, B2(black), C2: 2 empty.
        assert_eq!(libs[2], 2);
        assert_eq!(libs[0], -1);
    }

    #[test]
    fn stones_only_keeps_captured_stones() {
        let board = Board::from_diagram(
            ". X .
             X O X
             . . .",
        )
        .unwrap();
        let mut stones = Stones::from_position(&board);
        // Black captures B2 by B1; the thesis's board keeps B2 white.
        stones.set("B1".parse().unwrap(), Some(Color::Black));
        assert_eq!(board_encoding(&stones)[4], 1.0);
        let mut played = PlayoutBoard::from(&board);
        played.play(Color::Black, "B1".parse().unwrap()).unwrap();
        assert_eq!(board_encoding(&played)[4], 0.5);
    }
}
