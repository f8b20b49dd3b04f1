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

/// Black's group (two blocks linked by a bamboo joint, three outside
/// liberties) against White's (two blocks, two outside liberties), no
/// shared liberty, both shut in by the other colour's walls.
fn three_against_two() -> Board {
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
fn multi_block_race_goes_to_the_side_with_more_liberties() {
    let board = three_against_two();
    println!("{board}");
    assert!(blocks_of(&board, "D5") > 1 || blocks_of(&board, "C5") > 1);
    assert!(!is_block_race(&board, pt("C5"), pt("D5")));
    let mut reader = RaceReader::default();
    let before = board.clone();
    let white = reader.analyze(&board, pt("C5"), pt("D5")).unwrap();
    let black = reader.analyze(&board, pt("D5"), pt("C5")).unwrap();
    println!("white first: {white:?}\nblack first: {black:?}");
    assert_eq!(board, before, "the board is unchanged");
    assert!(black.attack.succeeds(), "Black kills moving first: {black}");
    assert!(!white.defend.succeeds(), "White dies moving first: {white}");
    assert_eq!(white.to_string(), "0 0 PASS");
}

#[test]
fn one_eye_beats_no_eye() {
    // Black's corner group has an eye at A1 and two outside liberties; White's
    // group inside the black wall has no eye and three liberties. With equal
    // outside liberties the eye wins; here it wins even White moving first.
    let board = Board::from_diagram(
        ". . . . . . .
         X X X X X . .
         O O O O X . .
         X X X O X . .
         . . X O X . .
         X . X O X . .
         . X X O X . .",
    )
    .unwrap();
    println!("{board}");
    let mut reader = RaceReader::default();
    let white = reader.analyze(&board, pt("D3"), pt("B1")).unwrap();
    let black = reader.analyze(&board, pt("B1"), pt("D3")).unwrap();
    println!("white first: {white:?}\nblack first: {black:?}");
    assert!(black.attack.succeeds(), "{black}");
    assert_eq!(white.to_string(), "0 0 PASS");
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
    println!("{board}");
    let mut reader = RaceReader::default();
    let r = reader.analyze(&board, pt("C3"), pt("D5")).unwrap();
    println!("{r:?}");
    assert_eq!(r.to_string(), "1 0 PASS");
}

#[test]
fn bad_input_is_refused_and_the_board_is_unchanged() {
    let board = three_against_two();
    let before = board.clone();
    let mut reader = RaceReader::default();
    assert_eq!(
        reader.analyze(&board, pt("A9"), pt("C5")),
        Err(RaceError::Empty(pt("A9")))
    );
    assert_eq!(
        reader.analyze(&board, pt("C5"), pt("A5")),
        Err(RaceError::SameColor(pt("C5"), pt("A5")))
    );
    assert_eq!(
        reader.analyze(&board, pt("C5"), pt("T19")),
        Err(RaceError::OffBoard(pt("T19")))
    );
    assert!(reader.analyze_semeai(&board, pt("C5"), pt("A9")).is_err());
    assert_eq!(board, before);
}
