use go_board::{Board, Color, Point, PointSet};

use super::{PointSafety, Safety, SafetyOptions};

fn board(diagram: &str) -> Board {
    Board::from_diagram(diagram).expect("diagram")
}

fn points(list: &str) -> PointSet {
    list.split_whitespace()
        .map(|v| v.parse::<Point>().expect("vertex"))
        .collect()
}

fn at(v: &str) -> Point {
    v.parse().expect("vertex")
}

#[test]
fn an_empty_board_has_nothing_safe() {
    let safety = Safety::new(&Board::new(9).expect("size"));
    assert!(safety.safe(Color::Black).is_empty());
    assert!(safety.safe(Color::White).is_empty());
    assert!(safety.dame().is_empty());
    assert_eq!(safety.winner(0.5, Color::Black), None);
}

/// Black's third-line wall across a 6×6 board keeps two rows: White cannot
/// live there and cannot kill the wall, though Benson proves nothing.
#[test]
fn a_wall_with_room_for_two_eyes_is_safe_by_search() {
    let b = board(
        ". . . X . .
         X . . . . .
         X X X X X X
         . . . . . .
         . . . . . .
         . . . . . .",
    );
    let benson = Safety::with_options(&b, SafetyOptions::static_only());
    assert!(benson.safe(Color::Black).is_empty());
    let safety = Safety::new(&b);
    assert_eq!(safety.safe(Color::Black).len(), 18);
    assert_eq!(safety.status(at("B6")), PointSafety::Safe(Color::Black));
    assert_eq!(safety.status(at("B2")), PointSafety::Unknown);
    assert!(safety.stats().regions_searched > 0);
}

/// A straight three in the corner with no other eye: White kills by the
/// vital point, so nothing is safe.
#[test]
fn a_straight_three_without_another_eye_is_not_safe() {
    let b = board(
        ". . . X . .
         X X X X . .
         . . . . . .
         . . . . . .
         . . . . . .
         . . . . . .",
    );
    let safety = Safety::new(&b);
    assert!(safety.safe(Color::Black).is_empty());
}

/// Eye against eye (Fuego's seki-eye-vs-eye): Black's big block and White's
/// two stones share B5; each has one eye (F1, A6). Both live in seki; the
/// shared liberty is nobody's and is no dame.
#[test]
fn eye_against_eye_is_seki() {
    let b = board(
        ". O X O . O
         O . X O O .
         X X X X O O
         O O X X X X
         . O O X X X
         O . O X X .",
    );
    let safety = Safety::new(&b);
    let black_seki = points("C6 C5 A4 B4 C4 D4 C3 D3 E3 F3 D2 E2 F2 D1 E1 F1");
    assert_eq!(safety.seki(Color::Black), black_seki);
    assert_eq!(safety.seki(Color::White), points("A6 B6 A5"));
    assert_eq!(safety.status(at("B5")), PointSafety::Unknown);
    assert_eq!(safety.status(at("A6")), PointSafety::Seki(Color::White));
    assert!(safety.dame().is_empty());
    // Seki stones count as safe; what is proved without seki does not
    // hold them.
    assert_eq!(safety.safe(Color::Black).len(), 16);
    assert_eq!(safety.safe(Color::White).len(), 19);
    assert!(safety.proved(Color::Black).is_empty());
}

/// A seki-like shape where the defender has liberties outside: White's
/// wall shares C4 and G4 with Black's three stones, but White also has
/// liberties below (row 2), so it can fill the shared liberties and capture
/// them. The solver must not claim Black's stones; White's wall is at least
/// seki, so its stones are safe, but nothing says it is in seki.
#[test]
fn an_outside_liberty_keeps_the_attackers_stones_unclaimed() {
    let b = board(
        ". O . X X X . O .
         X O O O O O O O X
         X X . . . . . X X
         . . X X X X X . .",
    );
    let safety = Safety::new(&b);
    assert!(!safety.safe(Color::Black).contains(at("E4")));
    assert_eq!(safety.status(at("E4")), PointSafety::Unknown);
    // White's wall cannot be captured (seki at worst): safe stones.
    assert_eq!(safety.status(at("B3")), PointSafety::Safe(Color::White));
    assert!(safety.seki(Color::White).is_empty());
}

/// Eye against a two-point eye: White throws in, Black captures and is left
/// with one eye, so it is still seki (found by reading both of Black's
/// regions at once).
#[test]
fn a_throw_in_makes_eye_against_two_point_eye_seki() {
    let b = board(
        ". O X O . O
         O . X O O .
         X X X X O O
         O O X X X X
         . O O X X X
         O . O X . .",
    );
    let safety = Safety::new(&b);
    assert!(safety.seki(Color::Black).contains(at("C6")));
    assert_eq!(safety.seki(Color::White), points("A6 B6 A5"));
}

/// Dame: the points between safe black and safe white walls, which neither
/// side can enclose.
#[test]
fn dame_lie_between_safe_walls() {
    let b = board(
        ". O . X .
         O O . X X
         . O . X .
         O O . X X
         . O . X .",
    );
    let safety = Safety::new(&b);
    assert_eq!(safety.dame(), points("C5 C4 C3 C2 C1"));
    assert_eq!(safety.status(at("C2")), PointSafety::Dame);
    assert_eq!(safety.safe(Color::Black).len(), 10);
    assert_eq!(safety.safe(Color::White).len(), 10);
    // Nothing else is open: the side to move fills three of the five dame.
    assert_eq!(safety.winner(0.5, Color::Black), Some(Color::Black));
    assert_eq!(safety.winner(0.5, Color::White), Some(Color::White));
    assert_eq!(safety.winner(1.5, Color::Black), Some(Color::White));
    assert_eq!(safety.winner(1.0, Color::Black), None); // a draw
}

/// A white stone inside the eye of a dead black group lies in White's
/// territory: its point is White's, with the dead group's.
#[test]
fn a_stone_inside_its_own_territory_is_safe() {
    let b = board(
        ". O . O O O O
         O O O O O O O
         X X X X O O O
         . O . X O O O
         X X X X O O O
         O O O O O O O
         . O . O . O .",
    );
    let safety = Safety::new(&b);
    assert_eq!(safety.status(at("A5")), PointSafety::Safe(Color::White));
    assert_eq!(safety.status(at("B4")), PointSafety::Safe(Color::White));
    assert_eq!(safety.safe(Color::White).len(), 49);
}
