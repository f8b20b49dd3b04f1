//! Life and death of textbook eye shapes, enclosed by a wall that lives: the
//! answers every Go book gives.

use go_board::{Board, Move};
use go_life::{LifeReader, LifeStatus};

/// The status, checking that a group alive by GNU Go's measure is alive by
/// itself, not in seki (no shape here shares liberties with a group inside).
fn status(diagram: &str, target: &str) -> LifeStatus {
    let board = Board::from_diagram(diagram).expect("diagram");
    let before = board.clone();
    let mut reader = LifeReader::default();
    let target = target.parse().expect("point");
    let status = reader.status(&board, target).expect("a stone");
    let with_seki = reader.group_status(&board, target).expect("a stone");
    assert_eq!(board.position_hash(), before.position_hash());
    assert_eq!(status, with_seki, "not seki");
    status
}

#[test]
fn groups_sharing_two_liberties_without_eyes_live_in_seki() {
    // Black's C3 group and White's E4 group are shut in by Black's wall, and
    // share A3 and B3: whoever fills one is captured.
    let board = Board::from_diagram(
        ". . . . . . .
         X X X X X X .
         O O O O O X .
         X X X X O X .
         . . X X O X .
         O O O O O X .
         X X X X X X .",
    )
    .expect("diagram");
    let mut reader = LifeReader::default();
    for p in ["C3", "E4"] {
        let p = p.parse().expect("point");
        assert_eq!(
            reader.status(&board, p).expect("a stone"),
            LifeStatus::Alive
        );
        assert_eq!(
            reader.group_status(&board, p).expect("a stone"),
            LifeStatus::Seki
        );
    }
    let wall = "F4".parse().expect("point");
    assert_eq!(
        reader.group_status(&board, wall).expect("a stone"),
        LifeStatus::Alive
    );
}

fn point(s: &str) -> Move {
    Move::Play(s.parse().expect("point"))
}

#[test]
fn two_eyes_live() {
    let s = status(
        ". . . . . . .
         O O O O O . .
         X X X X O . .
         . X . X O . .",
        "A2",
    );
    assert_eq!(s, LifeStatus::Alive);
}

#[test]
fn straight_four_on_the_edge_lives() {
    let s = status(
        ". . . . . . . .
         O O O O O O . .
         X X X X X O . .
         . . . . X O . .",
        "A2",
    );
    assert_eq!(s, LifeStatus::Alive);
}

#[test]
fn straight_three_in_the_corner_is_critical_at_its_middle() {
    let s = status(
        ". . . . . . .
         O O O O O . .
         X X X X O . .
         . . . X O . .",
        "A2",
    );
    assert_eq!(
        s,
        LifeStatus::Critical {
            attack: point("B1"),
            defence: point("B1")
        }
    );
}

#[test]
fn square_four_is_dead() {
    let s = status(
        ". . . . . . .
         O O O O . . .
         X X X O . . .
         . . X O . . .
         . . X O . . .",
        "A3",
    );
    assert_eq!(s, LifeStatus::Dead);
}

#[test]
fn bulky_five_is_critical_at_its_vital_point() {
    let s = status(
        ". . . . . . .
         O O O O O . .
         X X X X O . .
         . . X X O . .
         . . . X O . .",
        "A3",
    );
    assert_eq!(
        s,
        LifeStatus::Critical {
            attack: point("B1"),
            defence: point("B1")
        }
    );
}

#[test]
fn one_eye_without_outside_liberties_is_dead() {
    let s = status(
        ". . . . . . .
         O O O O O . .
         X X X X O . .
         . X X X O . .",
        "B1",
    );
    assert_eq!(s, LifeStatus::Dead);
}

#[test]
fn a_stone_played_inside_an_eye_space_does_not_split_it() {
    // White's A1 touches two parts of Black's space (A2, and B1-C1-C2); they are
    // one eye space with a shut-in stone, and Black lives (GNU Go agrees).
    let s = status(
        ". . . . . . . .
         . . . . . . . .
         O O O O O . . .
         X X X X O . . .
         . X . X O . . .
         O . . X O . . .",
        "A3",
    );
    assert_eq!(s, LifeStatus::Alive);
}

#[test]
fn a_group_that_looks_hopeless_is_still_read_one_move_deep() {
    // White's three stones in the corner have one eye's room by sight and no
    // room to run, but E4 joins them to the stones at C4–D4 and G5 takes
    // the corner's second eye: critical, not dead (GNU Go's ld_owl mixed1).
    let status = status(
        ". X . . X O .
         . X O O . . .
         . X X X O O O
         . . . X X X X
         . . . . . . .",
        "E3",
    );
    assert!(matches!(status, LifeStatus::Critical { .. }), "{status:?}");
}
