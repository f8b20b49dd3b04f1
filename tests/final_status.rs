//! Final status for scoring: go-life's settled statuses first, the playouts
//! (here a stand-in) only for what go-life leaves open.

use go_analysis::board::{Board, PointSet, Rules};
use go_analysis::final_status::FinalStatus;

fn pt(s: &str) -> go_analysis::board::Point {
    s.parse().expect("point")
}

#[test]
fn seki_stones_are_alive_and_their_liberties_no_ones() {
    let board = Board::from_diagram_with_rules(
        ". . . . . . .
         X X X X X X .
         O O O O O X .
         X X X X O X .
         . . X X O X .
         O O O O O X .
         X X X X X X .",
        Rules::chinese().with_komi(0.5),
    )
    .expect("diagram");
    let status = FinalStatus::new(&board, |_| panic!("every dragon is settled"));
    assert!(status.dead().is_empty());
    assert!(status.seki().contains(pt("C3")) && status.seki().contains(pt("E4")));
    assert!(!status.seki().contains(pt("F4")));
    // Area: Black's 16 wall stones, 13 empty points and 6 seki stones; White's
    // 12 seki stones; A3 and B3 nobody's.
    let score = status.score(&board).expect("score");
    assert_eq!((score.black, score.white), (35.0, 12.5));
}

#[test]
fn only_unsettled_stones_go_to_the_playouts() {
    // Black's straight three in the corner is critical: the playouts decide.
    let board = Board::from_diagram(
        ". . . . . . .
         . . . . . . .
         . . . . . . .
         O O O O O . .
         X X X X O . .
         . . . X O . .
         . . . . . . .",
    )
    .expect("diagram");
    let mut asked = PointSet::new();
    let status = FinalStatus::new(&board, |unsettled| {
        asked = *unsettled;
        *unsettled
    });
    assert!(asked.contains(pt("A3")));
    assert!(!asked.contains(pt("A4")), "White's wall is settled");
    assert_eq!(status.dead(), asked);
    assert!(status.settled().contains(pt("A4")));
}
