use go_board::{Board, Point};

use super::*;

fn board(d: &str) -> Board {
    Board::from_diagram(d).expect("diagram")
}

fn p(s: &str) -> Point {
    s.parse().expect("point")
}

#[test]
fn bamboo_joint_holds_whoever_moves_first() {
    let b = board(
        ". . . . . .
         . . . . . .
         . X . X . .
         . X . X . .
         . . . . . .
         . . . . . .",
    );
    let mut r = ConnectionReader::default();
    let cut = r.disconnect(&b, p("B4"), p("D3")).unwrap();
    assert_eq!(cut.to_string(), "0");
    assert!(cut.certain);
    assert!(r.connect(&b, p("B4"), p("D3")).unwrap().succeeds());
}

#[test]
fn clean_cut_between_strong_groups_is_cut_when_the_disconnector_moves_first() {
    // Two black squares meet diagonally at C6/D5; White holds the crossing
    // point D6 with a strong wall, and the other crossing point C5 is a clean
    // cut, backed by White's wall on the left.
    let b = board(
        ". . . . . . . . .
         . . . . . . . . .
         . X X O O O . . .
         . X X O . . . . .
         . O . X X . . . .
         . O . X X . . . .
         . O O . . . . . .
         . . . . . . . . .
         . . . . . . . . .",
    );
    let mut r = ConnectionReader::default();
    let cut = r.disconnect(&b, p("B7"), p("D5")).unwrap();
    assert_eq!(cut.to_string(), "1 C5");
    assert!(cut.certain);
    // The connector moving first joins at the cutting point.
    let join = r.connect(&b, p("B7"), p("D5")).unwrap();
    assert_eq!(join.to_string(), "1 C5");
}

#[test]
fn cut_with_a_ladder_capturable_cutting_stone_is_connected() {
    // Black's C4 and D3 touch diagonally; White holds C3, and a White cut at
    // D4 has two liberties (D5, E4): Black's atari at E4 drives it to D5,
    // where the black stones C5 and E5 leave it one liberty. The cut fails.
    let b = board(
        ". . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . X . X . . . .
         . . X . . . . . .
         . . O X . . . . .
         . . . . . . . . .
         . . . . . . . . .",
    );
    let mut r = ConnectionReader::default();
    let cut = r.disconnect(&b, p("C4"), p("D3")).unwrap();
    assert_eq!(cut.to_string(), "0");
}

#[test]
fn hane_cut_decides_by_who_moves_first() {
    // White's hane at C5 (backed by C6) over Black's C4 leaves a cutting point
    // at D4 between Black's C4 and D5: Black D4 joins, White D4 (with E4)
    // cuts, and White's hane stones are too strong to capture.
    let b = board(
        ". . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . O . . . . . .
         . . O X . . . . .
         . . X . O . . . .
         . . X . . . . . .
         . . . . . . . . .
         . . . . . . . . .",
    );
    let mut r = ConnectionReader::default();
    let join = r.connect(&b, p("C4"), p("D5")).unwrap();
    assert_eq!(join.to_string(), "1 D4");
    let cut = r.disconnect(&b, p("C4"), p("D5")).unwrap();
    assert_eq!(cut.to_string(), "1 D4");
}

#[test]
fn already_one_block_connects_with_a_pass() {
    let b = board(". X X .\n. . . .");
    let mut r = ConnectionReader::default();
    assert_eq!(
        r.connect(&b, p("B2"), p("C2")).unwrap().to_string(),
        "1 PASS"
    );
    assert_eq!(r.disconnect(&b, p("B2"), p("C2")).unwrap().to_string(), "0");
}

#[test]
fn bad_input_is_a_typed_error() {
    let b = board("X O .\n. . .");
    let mut r = ConnectionReader::default();
    assert_eq!(
        r.connect(&b, p("A2"), p("C2")),
        Err(LifeError::EmptyPoint(p("C2")))
    );
    assert_eq!(
        r.disconnect(&b, p("A2"), p("B2")),
        Err(LifeError::Colours(p("A2"), p("B2")))
    );
    assert_eq!(
        r.connect(&b, p("A2"), p("H8")),
        Err(LifeError::OffBoard(p("H8")))
    );
    // The reader still works after an error.
    assert_eq!(
        r.connect(&b, p("A2"), p("A2")).unwrap().to_string(),
        "1 PASS"
    );
}
