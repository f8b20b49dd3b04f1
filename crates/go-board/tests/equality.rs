//! What `Board` equality compares: stones, side to move, ko ban, rules and geometry —
//! not the history (undo stack, move number, prisoners, passes). `Hash` agrees.

use std::collections::HashSet;
use std::hash::{BuildHasher, RandomState};

use go_board::{Board, Color, Geometry, KoRule, Point, Rules};
use proptest::prelude::*;

fn pt(s: &str) -> Point {
    s.parse().unwrap()
}

/// The standard hash of a board, as a `HashSet` would take it.
fn std_hash(state: &RandomState, board: &Board) -> u64 {
    state.hash_one(board)
}

#[test]
fn a_position_set_up_equals_the_same_position_played() {
    let mut played = Board::new(5).unwrap();
    played.play(Color::Black, pt("B2")).unwrap();
    played.play(Color::White, pt("D4")).unwrap();
    let drawn = Board::from_diagram(
        ". . . . .
         . . . O .
         . . . . .
         . X . . .
         . . . . .",
    )
    .unwrap();
    // The diagram's board has Black to move, as does the played one.
    assert_eq!(played, drawn);
    let state = RandomState::new();
    assert_eq!(std_hash(&state, &played), std_hash(&state, &drawn));
    let set: HashSet<Board> = [played, drawn].into_iter().collect();
    assert_eq!(set.len(), 1);
}

#[test]
fn prisoners_and_move_numbers_are_not_compared() {
    // Black takes White's A1 stone: the same stones as a board where it was never
    // played, but one prisoner and three moves more.
    let mut took = Board::new(5).unwrap();
    took.play(Color::Black, pt("A2")).unwrap();
    took.play(Color::White, pt("A1")).unwrap();
    took.play(Color::Black, pt("B1")).unwrap();
    assert_eq!(took.captures(Color::Black), 1);
    let mut plain = Board::new(5).unwrap();
    plain.play(Color::Black, pt("A2")).unwrap();
    plain.play(Color::White, pt("E5")).unwrap();
    plain.play(Color::Black, pt("B1")).unwrap();
    plain.setup([(pt("E5"), None)]).unwrap();
    plain.set_to_play(Color::White);
    assert_eq!(took.ko(), None);
    assert_eq!(took, plain);
    assert_ne!(took.captures(Color::Black), plain.captures(Color::Black));
}

#[test]
fn side_to_move_ko_ban_rules_and_size_are_compared() {
    let board = Board::new(9).unwrap();
    let mut white = board.clone();
    white.set_to_play(Color::White);
    assert_ne!(board, white);

    let komi = Board::with_rules(9, Rules::default().with_komi(7.5)).unwrap();
    assert_ne!(board, komi);
    let superko = Rules {
        ko: KoRule::PositionalSuperko,
        ..Rules::default()
    };
    assert_ne!(board, Board::with_rules(9, superko).unwrap());
    assert_ne!(board, Board::new(13).unwrap());
    let wide = Board::with_geometry(Geometry::new(9, 13).unwrap(), Rules::default());
    let tall = Board::with_geometry(Geometry::new(13, 9).unwrap(), Rules::default());
    assert_ne!(wide, tall);

    // A ko: White takes at B2; Black may not retake at once. The same stones without
    // the ban differ.
    let mut ko = Board::from_diagram(
        ". X O .
         X . X O
         . X O .
         . . . .",
    )
    .unwrap();
    ko.set_to_play(Color::White);
    ko.play(Color::White, pt("B3")).unwrap();
    assert!(ko.ko().is_some());
    let mut no_ban = Board::from_diagram(
        ". X O .
         X O . O
         . X O .
         . . . .",
    )
    .unwrap();
    assert_eq!(ko.stones_of(Color::White), no_ban.stones_of(Color::White));
    assert_eq!(ko.stones_of(Color::Black), no_ban.stones_of(Color::Black));
    assert_ne!(ko, no_ban);
    no_ban.set_to_play(Color::Black);
    assert_ne!(ko, no_ban, "the ko ban still differs");
}

#[test]
fn a_nan_komi_still_equals_itself() {
    let board = Board::with_rules(9, Rules::default().with_komi(f32::NAN)).unwrap();
    assert_eq!(board, board.clone());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// A move and its undo give back an equal board, with an equal hash; a legal move
    /// gives a different one.
    #[test]
    fn undo_gives_back_an_equal_board(
        moves in proptest::collection::vec((0usize..7, 0usize..7), 0..60),
    ) {
        let state = RandomState::new();
        let mut board = Board::new(7).unwrap();
        for (col, row) in moves {
            let p = Point::new(col, row);
            let color = board.to_play();
            let before = board.clone();
            if board.play(color, p).is_ok() {
                prop_assert_ne!(&board, &before);
                let after = board.clone();
                board.undo();
                prop_assert_eq!(&board, &before);
                prop_assert_eq!(std_hash(&state, &board), std_hash(&state, &before));
                board = after;
            }
        }
    }
}
