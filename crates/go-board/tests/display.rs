//! Snapshots of the text diagram and of SGF output (`insta`).

use go_board::sgf::{self, GameRecord};
use go_board::{Board, Color, Geometry, Point, Rules};

fn pt(s: &str) -> Point {
    s.parse().unwrap()
}

/// A 19×19 opening with stones on and beside the star points.
fn opening() -> Board {
    let mut board = Board::new(19).unwrap();
    let moves = [
        "Q16", "D4", "Q3", "D16", "R5", "C10", "K10", "Q10", "R9", "R11", "O17", "T1",
    ];
    for (i, v) in moves.iter().enumerate() {
        board.play(Color::ALL[i % 2], pt(v)).unwrap();
    }
    board
}

#[test]
fn empty_nine_by_nine_diagram() {
    insta::assert_snapshot!(Board::new(9).unwrap().to_string());
}

#[test]
fn nineteen_by_nineteen_diagram_with_stones_and_star_points() {
    insta::assert_snapshot!(opening().to_string());
}

#[test]
fn seven_by_five_rectangle_diagram() {
    let mut board = Board::with_geometry(Geometry::new(7, 5).unwrap(), Rules::default());
    board
        .setup([
            (pt("A1"), Some(Color::Black)),
            (pt("G5"), Some(Color::White)),
            (pt("D3"), Some(Color::Black)),
            (pt("E3"), Some(Color::White)),
        ])
        .unwrap();
    insta::assert_snapshot!(board.to_string());
}

#[test]
fn diagram_of_a_loaded_sgf_position() {
    let text = "(;SZ[9]AB[cc][dd]AW[ee];B[ff];W[gg];B[cd])";
    let board = sgf::load(text, sgf::Until::BeforeMove(3)).unwrap().board;
    insta::assert_snapshot!(board.to_string());
}

#[test]
fn sgf_of_a_position() {
    insta::assert_snapshot!(sgf::write_position(&opening()));
}

#[test]
fn sgf_of_a_game_with_setup() {
    let mut board = Board::with_rules(13, Rules::chinese().with_komi(7.5)).unwrap();
    board
        .setup([
            (pt("D4"), Some(Color::Black)),
            (pt("K10"), Some(Color::Black)),
        ])
        .unwrap();
    board.set_to_play(Color::White);
    let moves = [
        "K4", "D10", "C6", "F3", "L6", "F11", "K12", "H10", "G6", "J4", "J3", "H3", "K3", "pass",
    ];
    for v in moves {
        board
            .play_move(board.to_play(), v.parse().unwrap())
            .unwrap();
    }
    insta::assert_snapshot!(sgf::write_game(&board));
}

#[test]
fn sgf_of_a_record_with_game_information() {
    let text =
        "(;GM[1]FF[4]SZ[7:5]KM[0.5]RU[Japanese]PB[Honinbo \\] Shusaku]PW[Gennan\nInseki]RE[B+2]
                AB[aa:bb]AW[gd];B[dc];W[ec];AE[aa]PL[B];B[ab])";
    let record = GameRecord::parse(text).unwrap();
    insta::assert_snapshot!(record.to_sgf());
}
