//! SVG pictures of an analysis: the board with an influence, ownership or
//! difference heat map and a legend, drawn by go-patterns' renderer.

use go_board::{Board, Color, Point};
use go_patterns::svg::{HeatMap, heat_map};

use crate::map::ValueMap;

/// Which map a picture shows.
///
/// ```
/// use go_position_analyzer::export::svg::Picture;
/// assert_eq!(Picture::Influence.file_suffix(), "influence");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Picture {
    /// The thesis's mean 3×3-majority influence (0 Black, 1 White).
    Influence,
    /// Mean area ownership (0 Black, 1 White).
    Ownership,
    /// The difference `(parent − child + 1)/2` from a node to a child.
    Difference,
}

impl Picture {
    /// A short name for file names (`influence`, `ownership`,
    /// `difference`).
    #[must_use]
    pub const fn file_suffix(self) -> &'static str {
        match self {
            Picture::Influence => "influence",
            Picture::Ownership => "ownership",
            Picture::Difference => "difference",
        }
    }

    fn options(self, title: &str) -> HeatMap {
        let base = HeatMap::unit().with_title(title);
        match self {
            Picture::Influence | Picture::Ownership => base.with_labels("Black", "White"),
            Picture::Difference => base.with_labels("Black lost", "White lost"),
        }
    }
}

/// An SVG picture of `board` with `map` as a heat map (blue Black, red
/// White) and a legend titled `title`.
///
/// ```
/// use go_position_analyzer::ValueMap;
/// use go_position_analyzer::export::svg::{Picture, picture};
/// let board = go_board::Board::from_diagram("X .\n. O")?;
/// let map = ValueMap::from_values(board.geometry(), vec![0.5, 0.9, 0.1, 0.5]).unwrap();
/// let svg = picture(&board, &map, Picture::Influence, "root influence");
/// assert!(svg.starts_with("<svg") && svg.contains("root influence"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn picture(board: &Board, map: &ValueMap, kind: Picture, title: &str) -> String {
    heat_map(
        board.geometry(),
        |p: Point| -> Option<Color> { board.color_at(p) },
        |p| map.get(p).copied().map(f64::from),
        &kind.options(title),
    )
}
