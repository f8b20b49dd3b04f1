//! 3×3 shape patterns around the last move, after MoGo (Gelly, Wang,
//! Munos and Teytaud, "Modification of UCT with patterns in Monte-Carlo
//! Go", 2006): hane, cuts and edge moves. Written here as diagrams and
//! compiled into a 65,536-entry table indexed by the [`Code3x3`] of
//! [`PlayoutBoard::neighbourhood`](go_board::PlayoutBoard::neighbourhood)
//! (atari flags ignored).

use std::sync::OnceLock;

use go_board::Code3x3;

/// The patterns, centre = the candidate move (empty), for one colour
/// `X` and the other `O`; both colourings and all 8 symmetries match.
/// `.` empty, `?` anything (edge included), `x` not `X` (on the board),
/// `o` not `O` (on the board), `#` off the board.
const PATTERNS: [&str; 13] = [
    // Hane enclosing a stone.
    "XOX\
     ...\
     ???",
    // Hane that does not cut.
    "XO.\
     ...\
     ?.?",
    // Magari: turning around the opponent's stone.
    "XO?\
     X..\
     x.?",
    // Thin hane.
    "XOO\
     ...\
     ?.?",
    // Cut 1: the cut of a diagonal, when the cutter is not itself cut.
    "XO?\
     O.o\
     ?o?",
    // Cut 2: the push-through between two stones.
    "?X?\
     O.O\
     ooo",
    // Edge: blocking the opponent's crawl.
    "X.?\
     O.?\
     ###",
    // Edge: blocking a cut along the edge.
    "OX?\
     X.O\
     ###",
    // Edge: connecting under.
    "?X?\
     x.O\
     ###",
    // Edge: descending (sagari) next to the opponent.
    "?XO\
     x.x\
     ###",
    // Edge: the cut along the edge.
    "?OX\
     X.O\
     ###",
    // Diagonal attachment next to a stone of the other colour.
    ".O.\
     X..\
     ...",
    // Cut of a knight's move.
    "OX?\
     o.O\
     ???",
];

/// Allowed cell codes (bit `1 << code`: 0 empty, 1 Black, 2 White, 3
/// edge) of one pattern character, with `X` meaning `own`.
fn allowed(ch: char, own: u8) -> u8 {
    let other = own ^ 3;
    match ch {
        '.' => 1,
        'X' => 1 << own,
        'O' => 1 << other,
        'x' => 1 | (1 << other),
        'o' => 1 | (1 << own),
        '#' => 1 << 3,
        _ => 0b1111,
    }
}

/// Ring positions (N, NE, E, SE, S, SW, W, NW) of the diagram cells
/// (row by row, top first; the centre is skipped).
const RING_OF_CELL: [Option<usize>; 9] = [
    Some(7),
    Some(0),
    Some(1),
    Some(6),
    None,
    Some(2),
    Some(5),
    Some(4),
    Some(3),
];

fn build() -> Vec<u64> {
    let mut table = vec![0u64; 1 << 10];
    for pattern in PATTERNS {
        let cells: Vec<char> = pattern.chars().filter(|c| !c.is_whitespace()).collect();
        debug_assert_eq!(cells.len(), 9);
        for own in [1u8, 2] {
            let mut ring = [0u8; 8];
            for (k, &ch) in cells.iter().enumerate() {
                if let Some(r) = RING_OF_CELL[k] {
                    ring[r] = allowed(ch, own);
                }
            }
            for reflect in [false, true] {
                for turn in 0..4 {
                    // Position r of the pattern lands on ring position
                    // (±r + 2·turn) mod 8.
                    let mut placed = [0u8; 8];
                    for (r, &a) in ring.iter().enumerate() {
                        let from = if reflect { (8 - r) % 8 } else { r };
                        placed[(from + 2 * turn) % 8] = a;
                    }
                    mark(&mut table, &placed, 0, 0);
                }
            }
        }
    }
    table
}

/// Marks every code whose ring positions `k..` take allowed values.
fn mark(table: &mut [u64], ring: &[u8; 8], k: usize, code: u32) {
    if k == 8 {
        table[(code >> 6) as usize] |= 1 << (code & 63);
        return;
    }
    for v in 0..4u32 {
        if ring[k] & (1 << v) != 0 {
            mark(table, ring, k + 1, code | (v << (2 * k)));
        }
    }
}

fn table() -> &'static [u64] {
    static TABLE: OnceLock<Vec<u64>> = OnceLock::new();
    TABLE.get_or_init(build)
}

/// Whether the 3×3 neighbourhood `code` (of an empty point; its atari
/// flags are ignored) matches one of the shape patterns, for either
/// colour.
///
/// ```
/// use go_board::{Board, PlayoutBoard};
/// use go_mcts::go::matches_pattern;
/// let board = PlayoutBoard::from(&Board::from_diagram(
///     ". . . . .
///      . X O X .
///      . . . . .
///      . . . . .",
/// )?);
/// // C2 under the White stone, between two Black ones: an enclosing hane.
/// assert!(matches_pattern(board.neighbourhood("C2".parse()?)));
/// assert!(!matches_pattern(board.neighbourhood("E1".parse()?)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
#[inline]
pub fn matches_pattern(code: Code3x3) -> bool {
    let bits = code.without_atari().bits();
    table()[(bits >> 6) as usize] & (1 << (bits & 63)) != 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use go_board::{Board, PlayoutBoard};

    fn code_at(diagram: &str, vertex: &str) -> Code3x3 {
        let b = PlayoutBoard::from(&Board::from_diagram(diagram).unwrap());
        b.neighbourhood(vertex.parse().unwrap())
    }

    #[test]
    fn hane_matches_in_every_orientation_and_colour() {
        let shapes = [
            ". . . . .\n. X O X .\n. . . . .\n. . . . .\n. . . . .",
            ". . . . .\n. O X O .\n. . . . .\n. . . . .\n. . . . .",
        ];
        for d in shapes {
            assert!(matches_pattern(code_at(d, "C3")), "{d}");
        }
        // Rotated: the stones in a column, the move to their right.
        let turned = ". . . . .\n. X . . .\n. O . . .\n. X . . .\n. . . . .";
        assert!(matches_pattern(code_at(turned, "C3")));
    }

    #[test]
    fn empty_surroundings_do_not_match() {
        let d = ". . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . .";
        assert!(!matches_pattern(code_at(d, "C3")));
        assert!(!matches_pattern(code_at(d, "A1")));
    }

    #[test]
    fn edge_block_matches_only_on_the_edge() {
        // Black B2 above White B1? Edge "X.? / O.? / ###": X at A2, O at A1, move B1.
        let on_edge = ". . . . .\n. . . . .\n. . . . .\nX . . . .\nO . . . .";
        assert!(matches_pattern(code_at(on_edge, "B1")));
    }
}
