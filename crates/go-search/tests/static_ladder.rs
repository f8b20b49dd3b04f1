//! The static ladder against the tactical reader: on an edge ladder with stones
//! scattered around it, a capture the static ladder claims is one the reader's full
//! search finds too (`captured`: no defence; `unsettled`: an unconditional attack), on
//! every side of the board. The reader's own ladder is no oracle: it counts some ladders
//! whose prey joins other stones as escapes.

#![cfg(feature = "go")]

use go_board::{Board, Color, Point};
use go_search::tactics::{LadderStatus, Reader, TacticalCode, static_ladder};
use proptest::prelude::*;

/// The eight symmetries of the 9×9 board.
fn transform(symmetry: usize, col: usize, row: usize) -> Point {
    let (c, r) = if symmetry & 4 == 0 {
        (col, row)
    } else {
        (row, col)
    };
    let c = if symmetry & 1 == 0 { c } else { 8 - c };
    let r = if symmetry & 2 == 0 { r } else { 8 - r };
    Point::new(c, r)
}

/// A 9×9 board with Black B1 and White C1 (the prey, running right along the first
/// line), and then `stones` near that edge, each played if legal; `None` if they
/// captured the prey. All seen through `symmetry`.
fn position(stones: &[(bool, usize, usize)], symmetry: usize) -> Option<Board> {
    let mut board = Board::new(9).ok()?;
    board.play(Color::Black, transform(symmetry, 1, 0)).ok()?;
    board.play(Color::White, transform(symmetry, 2, 0)).ok()?;
    for &(black, col, row) in stones {
        let color = if black { Color::Black } else { Color::White };
        let _ = board.play(color, transform(symmetry, col, row));
    }
    board.color_at(transform(symmetry, 2, 0)).map(|_| board)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn static_captures_are_real_captures(
        stones in prop::collection::vec((any::<bool>(), 0..9usize, 0..4usize), 0..14),
        symmetry in 0..8usize,
    ) {
        let Some(board) = position(&stones, symmetry) else { return Ok(()) };
        let prey = transform(symmetry, 2, 0);
        let fast = static_ladder(&board, prey).unwrap();
        let mut reader = Reader::default();
        match fast {
            LadderStatus::Captured => {
                let defence = reader.defend(&board, prey).unwrap();
                prop_assert_eq!(defence.code, TacticalCode::Loss, "defend {}:\n{}", defence, board);
            }
            LadderStatus::Unsettled => {
                let attack = reader.attack(&board, prey).unwrap();
                prop_assert_eq!(attack.code, TacticalCode::Win, "attack {}:\n{}", attack, board);
            }
            LadderStatus::Escaped => {}
        }
    }

    #[test]
    fn static_ladder_is_the_same_on_every_symmetry(
        stones in prop::collection::vec((any::<bool>(), 0..9usize, 0..4usize), 0..14),
    ) {
        let Some(board) = position(&stones, 0) else { return Ok(()) };
        let status = static_ladder(&board, transform(0, 2, 0)).unwrap();
        for symmetry in 1..8 {
            let turned = position(&stones, symmetry).unwrap();
            let prey = transform(symmetry, 2, 0);
            prop_assert_eq!(static_ladder(&turned, prey).unwrap(), status, "{}", turned);
        }
    }
}

#[test]
fn fuego_edge_ladder_and_its_breaker() {
    // Fuego's ladder.tst 45 and 55: White C1 against Black B1 on 19×19, then with a
    // White stone at P2 on the ladder's path.
    let mut board = Board::new(19).unwrap();
    board.play(Color::Black, "B1".parse().unwrap()).unwrap();
    board.play(Color::White, "C1".parse().unwrap()).unwrap();
    let c1 = "C1".parse().unwrap();
    assert_eq!(static_ladder(&board, c1), Ok(LadderStatus::Unsettled));
    board.play(Color::White, "P2".parse().unwrap()).unwrap();
    assert_eq!(static_ladder(&board, c1), Ok(LadderStatus::Escaped));
}
