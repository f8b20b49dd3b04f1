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

/// Nakade: White's group (E9…F4) has one eye space in the corner, filled
/// by Black's bulky five, and one outside liberty (E6). Capturing the five
/// leaves a bulky five Black kills at its vital point: the group is dead
/// and all its points are Black's. Reading cannot settle it (after the
/// capture White may invade the whole area again); go-eye's exact eye game
/// does.
#[test]
fn a_group_with_a_nakade_eye_space_is_dead() {
    let b = board(
        "X . X X O O X X X
         . . . X O O O X X
         X X . X X X O O .
         . X . X . O O O O
         X X X X X O X O X
         O X O X O O X X X
         O O O O X X . X X
         O . O . O X X . X
         . . O O O X . X .",
    );
    let safety = Safety::new(&b);
    assert_eq!(safety.status(at("G8")), PointSafety::Safe(Color::Black));
    assert_eq!(safety.status(at("J7")), PointSafety::Safe(Color::Black));
    assert_eq!(safety.status(at("H9")), PointSafety::Safe(Color::Black));
    assert_eq!(safety.safe(Color::Black).len(), 65);
}

/// The same group with an eight-point eye space holding five black stones
/// lives in seki: the eye game says it is not dead, so White's stones and
/// the points around them are not Black's.
#[test]
fn a_group_whose_eye_space_gives_seki_is_not_dead() {
    let b = board(
        "X . X X O O . X X
         . . . X O O X X X
         X X . X X O O . .
         . X . X . O O O O
         X X X X X O X O X
         O X O X O O X X X
         O O O O X X . X X
         O . O . O X X . X
         . . O O O X . X .",
    );
    let safety = Safety::new(&b);
    assert_eq!(safety.status(at("G7")), PointSafety::Safe(Color::White));
    assert!(!safety.safe(Color::Black).contains(at("J7")));
    assert!(!safety.safe(Color::Black).contains(at("F9")));
    assert_eq!(safety.safe(Color::Black).len(), 42);
}

/// White's stones inside Black's area with no point to make an eye on: all
/// their liberties lie next to Black's walls, so they are dead though the
/// area is too wide for the plain room test. The side walls (A7-A5, G7-G5)
/// touch the bottom one only diagonally: Benson proves only the bottom
/// one, and each side wall lives by connecting at A4 or B5 (G4 or F5).
#[test]
fn attacker_stones_without_eye_room_are_dead() {
    let b = board(
        "X . O O O . X
         X O O O O O X
         X . O O O . X
         . X X X X X .
         X X . X . X X
         X X X X X X X
         . . . . . . .",
    );
    let benson = Safety::with_options(&b, SafetyOptions::static_only());
    assert!(!benson.safe(Color::Black).contains(at("A7")));
    let safety = Safety::new(&b);
    assert_eq!(safety.status(at("A7")), PointSafety::Safe(Color::Black));
    assert_eq!(safety.status(at("D6")), PointSafety::Safe(Color::Black));
    assert_eq!(safety.safe(Color::Black).len(), 49);
}

/// A lone black stone (B5) with two liberties next to Black's pass-alive
/// wall (B4 and C5, by the wall's C4): if White takes one, Black joins the
/// wall at the other, so the stone cannot be captured. The open middle
/// stays nobody's.
#[test]
fn a_block_two_links_from_safe_stones_is_safe() {
    let b = board(
        ". O . O . O . O .
         O O O O O O O O O
         . . . . . . . . .
         . X . . . . . . .
         . . X . . . . . .
         X X X X X X X X X
         . X . X . X . X .
         X . X . X . X . X",
    );
    let safety = Safety::new(&b);
    assert_eq!(safety.status(at("B5")), PointSafety::Safe(Color::Black));
    assert_eq!(safety.status(at("B4")), PointSafety::Unknown);
    assert_eq!(safety.status(at("F5")), PointSafety::Unknown);
}

/// Two stones (B5, D5) whose links to the wall share C5: White's C5
/// leaves each one link, and Black can answer only one of the cuts that
/// follow. Only one of the stones is proved.
#[test]
fn a_link_serves_one_block_only() {
    let b = board(
        ". O . O . O . O .
         O O O O O O O O O
         . . . . . . . . .
         . X . X . . . . .
         . . X . . . . . .
         X X X X X X X X X
         . X . X . X . X .
         X . X . X . X . X",
    );
    let safety = Safety::new(&b);
    let black = safety.safe(Color::Black);
    assert!(black.contains(at("B5")) != black.contains(at("D5")));
}

/// GNU Go's unconditional territory counts a ko as the wall's: Black's F4
/// captures F5, and White's retake is a ko (White's A6-B6 capture is
/// another). F5 can be captured, so it is not White's safe stone, nor F4
/// White's territory; White's pass-alive group is.
#[test]
fn a_stone_black_captures_in_a_ko_is_not_safe() {
    let b = board(
        "X . X . X X
         O X X X X O
         O O O O O .
         O O O O O O
         O . O O . O
         . O O . O .",
    );
    let safety = Safety::new(&b);
    assert_ne!(safety.status(at("F5")), PointSafety::Safe(Color::White));
    assert_ne!(safety.status(at("F4")), PointSafety::Safe(Color::White));
    assert_eq!(safety.status(at("E4")), PointSafety::Safe(Color::White));
}

/// go-eye's eye game forbids suicide: under rules that allow it, the
/// nakade above is not settled by the tables (and the search alone cannot
/// settle it).
#[test]
fn the_eye_tables_are_not_used_when_suicide_is_legal() {
    let mut b = board(
        "X . X X O O X X X
         . . . X O O O X X
         X X . X X X O O .
         . X . X . O O O O
         X X X X X O X O X
         O X O X O O X X X
         O O O O X X . X X
         O . O . O X X . X
         . . O O O X . X .",
    );
    let mut rules = *b.rules();
    rules.suicide = go_board::SuicideRule::Allowed;
    b.set_rules(rules);
    let safety = Safety::new(&b);
    assert_ne!(safety.status(at("G8")), PointSafety::Safe(Color::Black));
}

/// Müller's dame: a point between safe stones of both colours whose empty
/// neighbours cannot be enclosed either is dame, though the open area it
/// belongs to reaches further. C6 is not: after it is filled, C5 (next to
/// White only) may still be enclosed.
#[test]
fn a_dame_point_needs_only_unsurroundable_neighbours() {
    let b = board(
        ". O . X . X .
         O O . X X X X
         . O . . . . .
         O O . . . . .
         . . . . . . .
         . . . . . . .
         . . . . . . .",
    );
    let safety = Safety::new(&b);
    assert_eq!(safety.dame(), points("C7"));
    assert_eq!(safety.status(at("C6")), PointSafety::Unknown);
}

/// A seki of the paper's second type (from a game on KGS, Black to move):
/// Black's four stones inside White's wall at the bottom can throw in at
/// C1 and retake at D1 after White captures, but that only leads back to
/// the same position. The throw-in gains Black nothing, so White's wall
/// cannot be captured: it is at least seki. Before superko held for the
/// side with the ko threats, going round that cycle counted as a capture.
#[test]
fn captures_that_only_lead_back_are_a_seki() {
    let b = board(
        ". . . . . . . . .
         . O . . O . O . .
         O X O O . . . . .
         . X X . X . X . .
         . X . . X . X O .
         . . X . X O X X .
         . X O O O O O X .
         X O O O X X O O X
         . O . X . X . O .",
    );
    let safety = Safety::new(&b);
    let wall = points("F4 C3 D3 E3 F3 G3 B2 C2 D2 G2 H2 B1 H1");
    assert!(wall.is_subset(&safety.safe(Color::White)));
    for v in ["D1", "E2", "F2", "F1", "C1", "E1", "G1"] {
        assert!(!safety.safe(Color::Black).contains(at(v)), "{v}");
    }
}
