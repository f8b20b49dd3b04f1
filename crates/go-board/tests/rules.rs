//! Rule corner cases: ko, snapback, suicide, superko, edges, extreme sizes.

use go_board::{Board, Color, KoRule, PlayError, Point, Rules, Scoring, SuicideRule};

fn pt(s: &str) -> Point {
    s.parse().unwrap()
}

fn board(diagram: &str) -> Board {
    Board::from_diagram(diagram).unwrap()
}

fn board_with(diagram: &str, rules: Rules) -> Board {
    Board::from_diagram_with_rules(diagram, rules).unwrap()
}

fn rules(ko: KoRule, suicide: SuicideRule) -> Rules {
    Rules {
        ko,
        suicide,
        scoring: Scoring::Area,
        komi: 7.5,
    }
}

/// White B3 has one liberty, C3; Black C3 captures it in a ko shape.
const KO: &str = "
    . . . . .
    . X O . .
    X O . O .
    . X O . .
    . . . . .";

#[test]
fn ko_recapture_is_illegal_immediately() {
    let mut b = board(KO);
    let info = b.play(Color::Black, pt("C3")).unwrap();
    assert_eq!(info.captured, 1);
    assert_eq!(
        info.ko.map(|k| (k.point, k.banned)),
        Some((pt("B3"), Color::White))
    );
    assert_eq!(b.play(Color::White, pt("B3")), Err(PlayError::Ko(pt("B3"))));
    assert!(!b.is_legal(Color::White, pt("B3")));
    b.check_consistency().unwrap();
}

#[test]
fn ko_can_be_retaken_after_a_threat_exchange() {
    let mut b = board(KO);
    b.play(Color::Black, pt("C3")).unwrap();
    b.play(Color::White, pt("E5")).unwrap();
    b.play(Color::Black, pt("E1")).unwrap();
    let info = b.play(Color::White, pt("B3")).unwrap();
    assert_eq!(info.captured, 1);
    assert_eq!(
        info.ko.map(|k| (k.point, k.banned)),
        Some((pt("C3"), Color::Black))
    );
}

#[test]
fn a_pass_ends_the_ko_ban() {
    let mut b = board(KO);
    b.play(Color::Black, pt("C3")).unwrap();
    b.pass();
    b.pass();
    assert_eq!(b.ko(), None);
    assert_eq!(b.play(Color::White, pt("B3")).unwrap().captured, 1);
}

#[test]
fn the_ko_ban_binds_only_the_recapturing_colour() {
    let mut b = board(KO);
    b.play(Color::Black, pt("C3")).unwrap();
    assert!(b.is_legal(Color::Black, pt("B3")));
}

#[test]
fn capturing_two_stones_is_not_a_ko() {
    let mut b = board(
        ". X X O .
         X O O . O
         . X X O .
         . . . . .",
    );
    let info = b.play(Color::Black, pt("D3")).unwrap();
    assert_eq!(info.captured, 2);
    assert_eq!(info.ko, None);
    assert_eq!(b.num_liberties(pt("D3")), 1);
    // White may retake at once: it captures one stone, and that is legal.
    let info = b.play(Color::White, pt("C3")).unwrap();
    assert_eq!(info.captured, 1);
    b.check_consistency().unwrap();
}

#[test]
fn snapback_captures_the_capturing_stones() {
    let mut b = board(
        ". . . . . .
         . X X X X .
         X O O O X .
         X O . . X .",
    );
    // Black throws in at C1 (self-atari); White captures with D1 and is
    // left with one liberty; Black takes five stones back at C1.
    assert_eq!(b.play(Color::Black, pt("C1")).unwrap().captured, 0);
    assert_eq!(b.num_liberties(pt("B2")), 1);
    let info = b.play(Color::White, pt("D1")).unwrap();
    assert_eq!((info.captured, info.ko), (1, None));
    assert_eq!(b.num_liberties(pt("D1")), 1);
    let info = b.play(Color::Black, pt("C1")).unwrap();
    assert_eq!((info.captured, info.ko), (5, None));
    assert_eq!(b.captures(Color::Black), 5);
    b.check_consistency().unwrap();
}

#[test]
fn single_stone_suicide_is_illegal_by_default() {
    let mut b = board(
        ". X .
         X . X
         . X .",
    );
    assert_eq!(
        b.play(Color::White, pt("B2")),
        Err(PlayError::Suicide(pt("B2")))
    );
    assert_eq!(b.color_at(pt("B2")), None);
    b.check_consistency().unwrap();
}

/// White A4 would join B4 and A3 into a three-stone block without
/// liberties that captures nothing.
const MULTI_SUICIDE: &str = "
    . O X .
    O X X .
    X X . .
    . . . .";

#[test]
fn multi_stone_suicide_is_illegal_by_default() {
    let mut b = board(MULTI_SUICIDE);
    assert_eq!(
        b.play(Color::White, pt("A4")),
        Err(PlayError::Suicide(pt("A4")))
    );
    b.check_consistency().unwrap();
}

#[test]
fn multi_stone_suicide_removes_the_own_block_when_allowed() {
    let mut b = board_with(MULTI_SUICIDE, rules(KoRule::Simple, SuicideRule::Allowed));
    let info = b.play(Color::White, pt("A4")).unwrap();
    assert_eq!((info.captured, info.suicided), (0, 3));
    for p in ["A4", "B4", "A3"] {
        assert!(b.is_empty(pt(p)), "{p} should be empty\n{b}");
    }
    assert_eq!(b.captures(Color::Black), 3);
    b.check_consistency().unwrap();
    b.undo();
    for p in ["B4", "A3"] {
        assert_eq!(b.color_at(pt(p)), Some(Color::White));
    }
    assert!(b.is_empty(pt("A4")));
    assert_eq!(b.captures(Color::Black), 0);
    b.check_consistency().unwrap();
}

#[test]
fn a_move_that_captures_is_not_suicide() {
    let mut b = board(
        ". X O
         X O .
         . . .",
    );
    // White A3 has no empty neighbour but captures B3.
    let info = b.play(Color::White, pt("A3")).unwrap();
    assert_eq!(info.captured, 1);
    assert_eq!(b.liberties(pt("A3")).iter().collect::<Vec<_>>(), [pt("B3")]);
}

#[test]
fn captures_in_the_corner_and_on_the_edge() {
    let mut corner = board(
        ". . . . .
         X O . . .",
    );
    assert_eq!(corner.play(Color::White, pt("A2")).unwrap().captured, 1);
    assert!(corner.is_empty(pt("A1")));
    assert_eq!(corner.captures(Color::White), 1);

    let mut edge = board(
        ". . . . .
         . O X O .",
    );
    assert_eq!(edge.play(Color::White, pt("C2")).unwrap().captured, 1);
    assert!(edge.is_empty(pt("C1")));
    assert_eq!(edge.num_liberties(pt("B1")), 3);
    edge.check_consistency().unwrap();
}

#[test]
fn positional_superko_forbids_recreating_a_position() {
    for ko in [KoRule::PositionalSuperko, KoRule::SituationalSuperko] {
        let mut b = board_with(KO, rules(ko, SuicideRule::Illegal));
        b.play(Color::Black, pt("C3")).unwrap();
        b.pass();
        b.pass();
        // Retaking at B3 recreates the start position (Black to move again).
        assert_eq!(
            b.play(Color::White, pt("B3")),
            Err(PlayError::Superko(pt("B3")))
        );
        assert!(!b.is_legal(Color::White, pt("B3")));
        b.check_consistency().unwrap();
    }
}

#[test]
fn situational_superko_depends_on_the_side_to_move() {
    let diagram = ". X .
                   X . X
                   . X .";
    // A single-stone suicide leaves the stones unchanged.
    let mut sit = board_with(
        diagram,
        rules(KoRule::SituationalSuperko, SuicideRule::Allowed),
    );
    sit.set_to_play(Color::White);
    // The start had White to move; after the suicide Black moves: new.
    assert_eq!(sit.play(Color::White, pt("B2")).unwrap().suicided, 1);
    // Again (GTP lets a colour play twice): "this position, Black to
    // move" now repeats.
    assert_eq!(
        sit.play(Color::White, pt("B2")),
        Err(PlayError::Superko(pt("B2")))
    );

    let mut pos = board_with(
        diagram,
        rules(KoRule::PositionalSuperko, SuicideRule::Allowed),
    );
    assert_eq!(
        pos.play(Color::White, pt("B2")),
        Err(PlayError::Superko(pt("B2")))
    );
}

/// Three ko shapes on 9×9: ko 1 and ko 3 hold a white stone Black can
/// capture, ko 2 a black stone White can capture.
fn triple_ko(rules: Rules) -> Board {
    let mut rows = vec![vec!['.'; 9]; 9];
    let mut shape = |ox: usize, oy: usize, white_inside: bool| {
        let mut put = |c: usize, r: usize, ch: char| rows[8 - (oy + r)][ox + c] = ch;
        put(1, 2, 'X');
        put(2, 2, 'O');
        put(0, 1, 'X');
        put(3, 1, 'O');
        put(1, 0, 'X');
        put(2, 0, 'O');
        if white_inside {
            put(1, 1, 'O');
        } else {
            put(2, 1, 'X');
        }
    };
    shape(0, 0, true);
    shape(5, 0, false);
    shape(0, 5, true);
    let text: Vec<String> = rows.iter().map(|r| r.iter().collect()).collect();
    Board::from_diagram_with_rules(&text.join("\n"), rules).unwrap()
}

const TRIPLE_KO_CYCLE: [(Color, &str); 6] = [
    (Color::Black, "C2"), // takes ko 1
    (Color::White, "G2"), // takes ko 2
    (Color::Black, "C7"), // takes ko 3
    (Color::White, "B2"), // retakes ko 1
    (Color::Black, "H2"), // retakes ko 2
    (Color::White, "B7"), // retakes ko 3: the start position again
];

#[test]
fn simple_ko_lets_a_triple_ko_cycle() {
    let mut b = triple_ko(Rules::default());
    let start = b.position_hash();
    for (color, v) in TRIPLE_KO_CYCLE {
        let info = b.play(color, pt(v)).unwrap();
        assert_eq!(info.captured, 1, "{color} {v}\n{b}");
    }
    assert_eq!(b.position_hash(), start);
    b.check_consistency().unwrap();
}

#[test]
fn superko_forbids_closing_a_triple_ko_cycle() {
    for ko in [KoRule::PositionalSuperko, KoRule::SituationalSuperko] {
        let mut b = triple_ko(rules(ko, SuicideRule::Illegal));
        for (color, v) in &TRIPLE_KO_CYCLE[..5] {
            b.play(*color, pt(v)).unwrap();
        }
        let (color, v) = TRIPLE_KO_CYCLE[5];
        assert_eq!(b.play(color, pt(v)), Err(PlayError::Superko(pt(v))));
        assert!(!b.legal_moves(color).contains(pt(v)));
        b.check_consistency().unwrap();
    }
}

#[test]
fn size_two_board_plays_to_a_capture() {
    let mut b = Board::new(2).unwrap();
    b.play(Color::Black, pt("A1")).unwrap();
    b.play(Color::White, pt("B2")).unwrap();
    b.play(Color::Black, pt("B1")).unwrap();
    assert_eq!(b.num_liberties(pt("B2")), 1);
    let info = b.play(Color::White, pt("A2")).unwrap();
    assert_eq!(info.captured, 2);
    b.check_consistency().unwrap();
    assert_eq!(b.legal_moves(Color::Black).len(), 2);
}

#[test]
fn size_twenty_five_uses_every_corner() {
    let mut b = Board::new(25).unwrap();
    for (color, v) in [
        (Color::Black, "Z25"),
        (Color::White, "A1"),
        (Color::Black, "Z1"),
        (Color::White, "A25"),
    ] {
        b.play(color, pt(v)).unwrap();
        assert_eq!(b.num_liberties(pt(v)), 2);
    }
    assert!("A26".parse::<Point>().is_err());
    b.check_consistency().unwrap();
}

#[test]
fn off_board_points_are_refused() {
    let mut b = Board::new(9).unwrap();
    let k10 = pt("K10");
    assert_eq!(b.play(Color::Black, k10), Err(PlayError::OffBoard(k10)));
    assert_eq!(
        b.check_move(Color::Black, pt("J10")),
        Err(PlayError::OffBoard(pt("J10")))
    );
}

#[test]
fn occupied_points_are_refused_and_the_board_is_unchanged() {
    let mut b = board(KO);
    let h = b.hash();
    assert_eq!(
        b.play(Color::Black, pt("B3")),
        Err(PlayError::Occupied(pt("B3")))
    );
    assert_eq!(b.hash(), h);
    assert_eq!(b.move_number(), 0);
}
