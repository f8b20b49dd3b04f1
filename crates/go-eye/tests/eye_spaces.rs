//! Eye spaces on hand-built boards: one diagram per rule of the finder,
//! with the value GNU Go's `eval_eye` would give (min max, vital points).

use go_board::{Board, Point};
use go_eye::space::{EyeSpaceValue, EyeSpaces};

fn point(s: &str) -> Point {
    s.parse().expect("a vertex")
}

fn value_at(board: &Board, at: &str) -> EyeSpaceValue {
    let spaces = EyeSpaces::new(board);
    let space = spaces.at(point(at)).expect("an eye space");
    space.value()
}

/// A white eye at D3 between two dead black stones, each in atari there:
/// D4 on a false eye (its diagonals C5 and E5 are black stones that
/// cannot be captured), D2 on an ordinary point. Black D3 would join both
/// stones with no liberty — suicide — and White D3 captures both. The
/// capture is sure and due (D4 cuts White's stones apart), so the space is
/// one eye whoever moves first: D2 after the capture.
#[test]
fn a_sure_capture_of_a_stone_shut_in_on_a_false_eye_is_played() {
    let board = Board::from_diagram(
        ". . . O O . . . .
         . . . O . . . . .
         . . X O X . . . .
         . . X O X . . . .
         . . X O X . . . .
         O O O X O O O O O
         . . O . O . . . .
         . . O X O . . . .
         . . O O O . . . .",
    )
    .expect("a board");
    let v = value_at(&board, "D3");
    assert_eq!((v.min, v.max, v.attack), (1, 1, None), "{v}");
}

/// The same with White D2: Black D4's capture at D3 fills the only other
/// point, and D4 is a false eye: no eye.
#[test]
fn a_sure_capture_that_fills_the_space_leaves_no_eye() {
    let board = Board::from_diagram(
        ". . . O O . . . .
         . . . O . . . . .
         . . X O X . . . .
         . . X O X . . . .
         . . X O X . . . .
         O O O X O O O O O
         . . O . O . . . .
         . . O O O . . . .
         . . . . . . . . .",
    )
    .expect("a board");
    let v = value_at(&board, "D3");
    assert_eq!((v.min, v.max), (0, 0), "{v}");
}

/// With D2 empty, D3 is no dead end: Black D3 is a legal extension of the
/// stone on the false eye (liberty D2), which kills the eye; White D3
/// makes it. The capture is neither sure nor due.
#[test]
fn a_stone_on_a_false_eye_that_can_extend_is_no_sure_capture() {
    let board = Board::from_diagram(
        ". . . O O . . . .
         . . . O . . . . .
         . . X O X . . . .
         . . X O X . . . .
         . . X O X . . . .
         O O O X O O O O O
         . . O . O . . . .
         . . O . O . . . .
         . . O O O . . . .",
    )
    .expect("a board");
    let v = value_at(&board, "D3");
    assert_eq!((v.min, v.max), (0, 1), "{v}");
    assert_eq!(v.attack, Some(point("D3")), "{v}");
}

/// White E5 has four liberties, so no capture reading kills it, but it
/// is shut in a five-point cross by Black stones that cannot be captured,
/// and only E5 itself is away from Black's stones: no room for two eyes,
/// so it is dead and the whole cross is Black's eye space (a crossed
/// five with the enemy on the vital point: one eye).
#[test]
fn stones_shut_in_without_room_for_two_eyes_are_dead() {
    let board = Board::from_diagram(
        ". . . . . . . . .
         . . X X X X X . .
         . . X X X X X . .
         . . X X . X X . .
         . . X . O . X . .
         . . X X . X X . .
         . . X X X X X . .
         . . X X X X X . .
         . . . . . . . . .",
    )
    .expect("a board");
    let spaces = EyeSpaces::new(&board);
    assert!(!spaces.lively_stones().contains(point("E5")));
    let space = spaces.at(point("E6")).expect("an eye space");
    assert_eq!(space.points().len(), 5);
    assert_eq!(space.dead_stones().len(), 1);
    // Black fills the arms and takes the stone: one eye, whoever starts.
    let v = space.value();
    assert_eq!((v.min, v.max), (1, 1), "{v}");
}

/// Two interior points apart leave room: White's stones in a bigger area
/// whose interior has room for two eyes keep their liveliness.
#[test]
fn stones_with_room_for_two_eyes_stay_lively() {
    let board = Board::from_diagram(
        ". . . . . . . . .
         . . . . X X X X X
         . . . . X . . . .
         . . . . X . O . .
         . . . . X . . . .
         . . . . X . O . .
         . . . . X . . . .
         . . . . X X X X X
         . . . . . . . . .",
    )
    .expect("a board");
    let spaces = EyeSpaces::new(&board);
    assert!(spaces.lively_stones().contains(point("G6")));
}

/// A forcing capture at the margin. White G5–J5 is dead in Black's space
/// (its only liberty F5); White C5–E5 is shut in by Black stones with two
/// liberties, F5 and B5, its only way out to White's live stones. Black F5
/// captures three stones and puts C5–E5 in atari: White must connect at
/// B5, and Black's second move (H5) makes two eyes. White moving first
/// connects at B5; Black F5 then captures, White H5 leaves one eye. The
/// space takes in C5–E5 (dead stones) and B5 (a margin Black cannot
/// reach: every neighbour is White): GNU Go's `1 2 B5 F5`.
#[test]
fn a_capture_that_puts_a_shut_in_block_in_atari_is_forcing() {
    let board = Board::from_diagram(
        ". . . . . . . . . .
         . . . . . . . . . .
         O O O O O O O O O .
         O O X X X X X X X X
         O . O O O . O O O X
         O O X X X X X X X X
         . . . . . . . . . .
         . . . . . . . . . .
         . . . . . . . . . .",
    )
    .expect("a board");
    let spaces = EyeSpaces::new(&board);
    let space = spaces.at(point("H5")).expect("an eye space");
    assert_eq!(space.points().len(), 8, "{:?}", space.points());
    assert!(space.marginal_points().contains(point("B5")));
    assert!(space.dead_stones().contains(point("C5")));
    let v = space.value();
    assert_eq!((v.min, v.max), (1, 2), "{v}");
    assert_eq!(
        (v.attack, v.defence),
        (Some(point("B5")), Some(point("F5"))),
        "{v}"
    );
}
