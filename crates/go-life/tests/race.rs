//! Hand-built races between groups (go-life's `race` module).

use go_board::{Board, Point};
use go_life::Dragons;
use go_life::race::{RaceError, RaceReader, is_block_race};

fn pt(s: &str) -> Point {
    s.parse().unwrap()
}

fn blocks_of(board: &Board, p: &str) -> usize {
    Dragons::new(board).at(pt(p)).unwrap().blocks().len()
}

/// Black's group of two blocks (D5-E5 and D3-E3, linked by the two points
/// between them) is shut inside White's ring with those two points as its only
/// liberties: a two-point eye, one eye at most. White's ring has many outside
/// liberties.
fn two_blocks_in_a_ring() -> Board {
    Board::from_diagram(
        ". . . . . . . . .
         . . . . . . . . .
         X X X X X X X . .
         O O O O O O X . .
         X X O X X O X . .
         . . O . . O X . .
         X X O X X O X . .
         O O O O O O X . .
         . . . . X . X . .",
    )
    .unwrap()
}

#[test]
fn multi_block_group_with_one_small_eye_loses_to_many_liberties() {
    let board = two_blocks_in_a_ring();
    assert!(blocks_of(&board, "D5") > 1, "the black group is two blocks");
    assert!(!is_block_race(&board, pt("C5"), pt("D5")));
    let mut reader = RaceReader::default();
    let before = (board.hash(), board.to_string());
    let white = reader.analyze(&board, pt("C5"), pt("D5")).unwrap();
    let black = reader.analyze(&board, pt("D5"), pt("C5")).unwrap();
    assert_eq!(
        (board.hash(), board.to_string()),
        before,
        "the board is unchanged"
    );
    // White kills without a move; Black, moving first, cannot save its group.
    assert_eq!(white.to_string(), "1 1 PASS");
    assert!(white.certain);
    assert_eq!(black.to_string(), "0 0 PASS");
    let answer = reader.analyze_semeai(&board, pt("D5"), pt("C5")).unwrap();
    assert!(answer.starts_with("0 0"), "{answer}");
}

#[test]
fn seki_with_two_shared_liberties() {
    // Two groups, each shut in with no eye and no outside liberty, share two
    // liberties: whoever fills one is captured, so both live in seki.
    let board = Board::from_diagram(
        ". . . . . . .
         X X X X X X .
         O O O O O X .
         X X X X O X .
         . . X X O X .
         O O O O O X .
         X X X X X X .",
    )
    .unwrap();
    let mut reader = RaceReader::default();
    let r = reader.analyze(&board, pt("C3"), pt("D5")).unwrap();
    println!("{r:?}");
    assert_eq!(r.to_string(), "1 0 PASS");
}

#[test]
fn bad_input_is_refused_and_the_board_is_unchanged() {
    let board = two_blocks_in_a_ring();
    let before = board.clone();
    let mut reader = RaceReader::default();
    assert_eq!(
        reader.analyze(&board, pt("A9"), pt("C5")),
        Err(RaceError::Empty(pt("A9")))
    );
    assert_eq!(
        reader.analyze(&board, pt("C5"), pt("F4")),
        Err(RaceError::SameColor(pt("C5"), pt("F4")))
    );
    assert_eq!(
        reader.analyze(&board, pt("C5"), pt("T19")),
        Err(RaceError::OffBoard(pt("T19")))
    );
    assert!(reader.analyze_semeai(&board, pt("C5"), pt("A9")).is_err());
    assert_eq!(
        (board.hash(), board.to_string()),
        (before.hash(), before.to_string())
    );
}

#[test]
fn blocks_in_no_race_get_the_group_answer_without_a_panic() {
    // go-semeai refuses two stones far apart (no race between the blocks);
    // the hand-over answers as it did when go-semeai answered `Unknown`:
    // single-block groups, so A's side gives up (`0 0 PASS`).
    let board = Board::from_diagram(
        ". . . . . . .
         . X . . . . .
         . . . . . . .
         . . . . . O .
         . . . . . . .
         . . . . . . .
         . . . . . . .",
    )
    .unwrap();
    let mut reader = RaceReader::default();
    let answer = reader.analyze_semeai(&board, pt("B6"), pt("F4"));
    assert_eq!(answer.as_deref(), Ok("0 0 PASS"));
}
