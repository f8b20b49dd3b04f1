//! Properties of the terminal maps: colour swap and board symmetries.

use go_board::{Board, Color, Point};
use go_position_analyzer::features::Stones;
use go_position_analyzer::terminal::influence_half_units;
use proptest::prelude::*;

fn board_from(size: usize, cells: &[u8], swap: bool, transpose: bool) -> Stones {
    let mut board = Stones::from_position(&Board::new(size).unwrap());
    for row in 0..size {
        for col in 0..size {
            let (c, r) = if transpose { (row, col) } else { (col, row) };
            let color = match (cells[row * size + col], swap) {
                (1, false) | (2, true) => Color::Black,
                (2, false) | (1, true) => Color::White,
                _ => continue,
            };
            // Any stones, even without liberties: the map only counts.
            board.set(Point::new(c, r), Some(color));
        }
    }
    board
}

fn map(board: &Stones) -> Vec<u8> {
    let mut out = Vec::new();
    influence_half_units(board, &mut out, &mut Vec::new());
    out
}

proptest! {
    #[test]
    fn swapping_colours_mirrors_the_map(size in 2usize..10, seed in proptest::collection::vec(0u8..3, 100)) {
        let a = map(&board_from(size, &seed, false, false));
        let b = map(&board_from(size, &seed, true, false));
        for (x, y) in a.iter().zip(&b) {
            prop_assert_eq!(*x, 2 - *y);
        }
    }

    #[test]
    fn transposing_the_board_transposes_the_map(size in 2usize..10, seed in proptest::collection::vec(0u8..3, 100)) {
        let a = map(&board_from(size, &seed, false, false));
        let b = map(&board_from(size, &seed, false, true));
        for row in 0..size {
            for col in 0..size {
                prop_assert_eq!(a[row * size + col], b[col * size + row]);
            }
        }
    }
}
