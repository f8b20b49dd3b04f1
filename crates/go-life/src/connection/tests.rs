use go_board::{Board, Color, Move, Point};

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

#[test]
fn cut_through_a_ko_capture_carries_the_ko_code() {
    // White's D3 cuts Black's D2 from E3 but stands in atari; Black's capture
    // at D4 is a ko (D4 would stand in atari inside White's wall). White's E2
    // ataris E3, Black takes the ko, and White needs the first threat to
    // retake: GNU Go's code 3, not an outright cut.
    let b = board(
        ". . . . . . .
         . O O O O O .
         . . O . O . .
         . . X O X . O
         . . . X . . .
         . . . . . . .",
    );
    let mut r = ConnectionReader::default();
    let cut = r.disconnect(&b, p("D2"), p("E3")).unwrap();
    assert_eq!(cut.to_string(), "3 E2");
}

#[test]
fn disconnect_names_a_move_that_cuts_a_monkey_jump() {
    // White's wall at B2 reaches G1 along the first line through D1: four
    // empty points (C2 or B1, C1, E1, F1), far enough that any disconnector's
    // move below the search counts as a cut. At the question's position the
    // answer must still be a move that cuts: after it White cannot join.
    let b = board(
        ". . . . . . . . .
         O O O . . . . . .
         O O X X X X X X X
         O O . . . . . . X
         . . . O . . O . X",
    );
    let mut r = ConnectionReader::default();
    let cut = r.disconnect(&b, p("B2"), p("G1")).unwrap();
    assert!(cut.succeeds());
    let Some(Move::Play(m)) = cut.best_move else {
        panic!("no cutting move: {cut}");
    };
    let mut after = b.clone();
    after.play(Color::Black, m).unwrap();
    let join = r.connect(&after, p("B2"), p("G1")).unwrap();
    assert!(
        !join.succeeds(),
        "{m} does not cut: White joins with {join}"
    );
}

#[test]
fn a_success_that_survives_the_opponents_threats_gives_that_searchs_move() {
    // The plain search (no threats) joined with a ko move at B2; with the
    // disconnector holding every threat, C3 still joins. The answer is the
    // unconditional C3, not the ko.
    let result = |code, m: &str, nodes| ConnectionResult {
        code,
        best_move: Some(Move::Play(p(m))),
        pv: vec![Move::Play(p(m))],
        certain: true,
        nodes,
    };
    let plain = result(TacticalCode::Win, "B2", 10);
    let coded = local::ko_coded(plain, true, |asking| {
        assert!(!asking, "only the other side's threats are tried");
        Ok::<_, LifeError>(result(TacticalCode::Win, "C3", 20))
    })
    .unwrap();
    assert_eq!(coded.to_string(), "1 C3");
    assert_eq!(coded.pv, [Move::Play(p("C3"))]);
    assert_eq!(coded.nodes, 30);
}

#[test]
fn a_root_candidate_checked_afresh_overturns_a_failed_search() {
    // White's M6 reaches L1 down the right side past Black's K4-L4-L5 wall,
    // and M3 joins them. Below the root the search reads captures by ladders
    // only and tries fewer moves, and alone it finds no joining move; asked
    // afresh after M3, with the full reader and every candidate, the
    // disconnect question fails for certain, so the connection stands with M3.
    let b = board(
        ". . . . . . . . . . . . .
         . . . . . . . . . . . . .
         . . . . . . . . . . . . .
         . . . . . . . . . . . . .
         . . . . O X . . O . . . .
         . . . . O X X . . . O . .
         . . . . O O . X X . . O .
         . . . . O . . O . X . O .
         . . . O . O . . O . X . .
         . . X O O O X . . X X O .
         . . X . X X . . X . O . .
         . . . . X . . . X O . . .
         . . . . . . . . X X O . .",
    );
    let mut r = ConnectionReader::default();
    let (plain, _) = r
        .search(&b, p("M6"), p("L1"), Color::White, true, None)
        .unwrap();
    assert!(!plain.succeeds(), "the search alone: {plain}");
    let join = r.connect(&b, p("M6"), p("L1")).unwrap();
    assert_eq!(join.to_string(), "1 M3");
    let mut after = b.clone();
    after.play(Color::White, p("M3")).unwrap();
    assert_eq!(
        r.disconnect(&after, p("M6"), p("L1")).unwrap().to_string(),
        "0"
    );
}

#[test]
fn a_rescue_the_reader_cannot_finish_is_not_a_capture() {
    // Black's D3 stands in atari, and D4 joins it to D5 with three liberties.
    // On a capture budget too small to finish reading the rescue, the reader
    // proves nothing: the stones are not taken for lost, and the search joins
    // them.
    let b = board(
        ". . . . . . .
         . . . . . . .
         . . . X . . .
         . . O . O . .
         . . O X O . .
         . . . O . . .
         . . . . . . .",
    );
    let options = ConnectionOptions {
        capture_nodes: 1,
        ..ConnectionOptions::default()
    };
    let mut r = ConnectionReader::new(options);
    let (plain, _) = r
        .search(&b, p("D3"), p("D5"), Color::Black, true, None)
        .unwrap();
    assert_eq!(plain.to_string(), "1 D4");
}

#[test]
fn the_connector_approaches_a_cutting_stone_beside_a_target() {
    // Black's H5 sits on White's H4 with three liberties, and Black's wall
    // from E2 to F5 closes the way round on the left. White H6 links to G7
    // diagonally and takes a liberty of H5: capturing H5 then joins H4 from
    // below. H6 is a liberty of a cutting block with three liberties beside
    // a target, and among the root candidates checked afresh.
    let b = board(
        ". X . X . . . . .
         . . X . . . . . .
         . X . . X . O . .
         . . . . . . . . .
         . . . . . X . X .
         . X . X . X . O .
         . . . . X X X O .
         . O . O X O O . .
         . . . . O . . . .",
    );
    let mut r = ConnectionReader::default();
    assert_eq!(r.connect(&b, p("H4"), p("G7")).unwrap().to_string(), "1 H6");
    let mut after = b.clone();
    after.play(Color::White, p("H6")).unwrap();
    assert_eq!(
        r.disconnect(&after, p("H4"), p("G7")).unwrap().to_string(),
        "0"
    );
}

#[test]
fn a_refuted_move_gives_way_to_one_not_known_to_fail() {
    // The search succeeded with M13 (out of budget: the disconnector's
    // success), the check refuted M13 for certain, and no candidate was
    // proved to cut; L12's check did not finish. The answer is L12, uncertain,
    // rather than a move known to fail.
    let result = |code, m: Option<&str>, certain| ConnectionResult {
        code,
        best_move: m.map(|m| Move::Play(p(m))),
        pv: m.map(|m| Move::Play(p(m))).into_iter().collect(),
        certain,
        nodes: 100,
    };
    let refuted = result(TacticalCode::Win, Some("M13"), false);
    let settled = settle(refuted.clone(), Some(Move::Play(p("L12"))));
    assert_eq!(settled.to_string(), "1 L12");
    assert_eq!(settled.pv, [Move::Play(p("L12"))]);
    assert!(!settled.certain);
    // With every candidate refuted, or a failed question, the result stands.
    assert_eq!(settle(refuted.clone(), None).to_string(), "1 M13");
    let failed = result(TacticalCode::Loss, None, true);
    assert_eq!(settle(failed.clone(), Some(Move::Play(p("L12")))), failed);
}
