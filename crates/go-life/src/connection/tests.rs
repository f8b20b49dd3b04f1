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
