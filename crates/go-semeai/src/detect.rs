//! Which races are on the board: pairs of adjacent blocks of opposite
//! colours, both enclosed, neither sure to live.
//!
//! Detection is out of the thesis's scope (§4.3.1: it needs the whole
//! board's knowledge); this is a simple, conservative finder for tools
//! such as the `analyze` example.

use go_board::{Board, Color, Point, PointSet};

use crate::race::Side;

/// Blocks with more liberties than this are not taken to be in a race.
pub const MAX_RACE_LIBERTIES: usize = 10;

/// Areas bigger than this are open board, not an eye of the block around
/// them.
pub const MAX_EYE_AREA: usize = 12;

/// The capturing races between adjacent enclosed blocks: pairs (black
/// block, white block), each named by its anchor stone, where both blocks
/// have at most [`MAX_RACE_LIBERTIES`] liberties, neither has two sure eyes
/// (Benson's vital regions) and neither can gain liberties by extending or
/// reach another block of its colour in two moves. Areas a block encloses
/// alone count as its eyes only up to [`MAX_EYE_AREA`] points: a wall
/// around the open board is not enclosed.
///
/// ```
/// use go_board::Board;
/// use go_semeai::find_races;
/// let board = Board::from_diagram(
///     ". . . . .
///      O O O . .
///      X X O . .
///      . X O . .
///      X X O . .",
/// )?;
/// // Black's corner block is enclosed; White's wall runs out to the open
/// // board, so there is no race between them.
/// assert!(find_races(&board).is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn find_races(board: &Board) -> Vec<(Point, Point)> {
    let mut out = Vec::new();
    let enclosed = |anchor: Point| {
        board.num_liberties(anchor) <= MAX_RACE_LIBERTIES && {
            let mut side = Side::new(board, anchor);
            if side.regions.iter().any(|r| r.points().len() > MAX_EYE_AREA) {
                side.regions.retain(|r| r.points().len() <= MAX_EYE_AREA);
                side.eye_space = side
                    .regions
                    .iter()
                    .fold(PointSet::new(), |s, r| s | *r.points());
            }
            !side.has_two_eyes() && crate::gate::completely_surrounded(board, &side)
        }
    };
    for block in board.blocks() {
        if block.color() != Color::Black || !enclosed(block.anchor()) {
            continue;
        }
        for other in block.adjacent_blocks() {
            if enclosed(other) {
                out.push((block.anchor(), other));
            }
        }
    }
    out
}
