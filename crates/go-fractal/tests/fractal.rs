//! Fractal Go's player: objectives, zone games against an independent
//! search, knowledge files, weight lessons.

use go_board::zone::Zones;
use go_board::{Board, Color, Move, Point};
use go_fractal::learn::{Lesson, RefineOptions, refine};
use go_fractal::search::{ZoneGame, ZoneSearchOptions, read_zone};
use go_fractal::{
    FractalError, FractalPlayer, Knowledge, Level, Objective, PlayerOptions, Weights,
};
use go_patterns::territory::Morphology;
use go_search::{AlphaBeta, AlphaBetaOptions, Neutral, SearchLimits};
use proptest::prelude::*;

fn pt(s: &str) -> Point {
    s.parse().unwrap()
}

fn zone_objective(board: &Board, at: &str, color: Color) -> Objective {
    let zones = Zones::new(board);
    Objective::for_zone(board, zones.zone_at(pt(at)).unwrap(), color)
}

#[test]
fn objectives_follow_the_reports_order() {
    // No eye: get one.
    let board = Board::from_diagram(
        ". . . . .
         . X X . .
         . . . . .
         . . . . .
         . . . . .",
    )
    .unwrap();
    assert_eq!(
        zone_objective(&board, "B4", Color::Black),
        Objective::GetEye
    );
    // One eye: get two.
    let board = Board::from_diagram(
        "X . X . .
         X X X . .
         . . . . .
         . . . . .
         . . . . .",
    )
    .unwrap();
    assert_eq!(zone_objective(&board, "A4", Color::Black), Objective::Eyes);
    // Two eyes and a second block in the zone: join them.
    let board = Board::from_diagram(
        "X . X . X
         X X X X X
         . . . . .
         . X . . .
         . . . . .",
    )
    .unwrap();
    let zones = Zones::new(&board);
    assert_eq!(zones.zone_at(pt("A4")), zones.zone_at(pt("B2")));
    assert_eq!(
        zone_objective(&board, "A4", Color::Black),
        Objective::Cohesion
    );
    // Two eyes, one block: gain stones; and a zone without own stones too.
    let board = Board::from_diagram(
        "X . X . X
         X X X X X
         . . . . .
         . . . . .
         . . . O .",
    )
    .unwrap();
    assert_eq!(
        zone_objective(&board, "A4", Color::Black),
        Objective::Points
    );
    assert_eq!(
        zone_objective(&board, "D1", Color::Black),
        Objective::Points
    );
}

/// Alpha-beta on the same zone game, as an independent check of the
/// proof-number answers: a win for the first player within the depth.
fn alpha_beta_proves(game: &mut ZoneGame, depth: u32) -> bool {
    let limits = SearchLimits::default()
        .with_depth(depth)
        .with_nodes(200_000);
    let r = AlphaBeta::new(AlphaBetaOptions::default().with_limits(limits)).search(game, &Neutral);
    r.value.is_win()
}

#[test]
fn proof_number_and_alpha_beta_agree_on_zone_goals() {
    let cases: &[(&str, &str, Color, Objective, bool)] = &[
        // White captures the cut stone.
        (
            ". O . . .
             O X O . .
             . . . . .
             . . . . .
             . . . . .",
            "B4",
            Color::White,
            Objective::Points,
            true,
        ),
        // Black joins its two stones (the diagonal has two ways).
        (
            ". . . . .
             . X . . .
             . . X . .
             . . . . .
             . . . . .",
            "B4",
            Color::Black,
            Objective::Cohesion,
            true,
        ),
        // A two-point eye space: White cannot make two eyes.
        (
            ". X X X X .
             X O O O O X
             X O . . O X
             X O O O O X
             . X X X X .",
            "B4",
            Color::White,
            Objective::Eyes,
            false,
        ),
        // A three-point straight space: White makes two eyes in the middle.
        (
            ". X X X X X .
             X O O O O O X
             X O . . . O X
             X O O O O O X
             . X X X X X .",
            "B4",
            Color::White,
            Objective::Eyes,
            true,
        ),
    ];
    for (i, &(diagram, at, color, objective, expected)) in cases.iter().enumerate() {
        let board = Board::from_diagram(diagram).unwrap();
        let zones = Zones::new(&board);
        let zone = zones.zone_at(pt(at)).unwrap();
        let options = ZoneSearchOptions::default()
            .with_depth(4)
            .with_nodes(100_000);
        let pn = read_zone(&board, zone, color, objective, &options);
        assert_eq!(pn.proved, expected, "case {i}: proof-number");
        let mut game = ZoneGame::new(&board, zone, color, objective);
        assert_eq!(
            alpha_beta_proves(&mut game, 4),
            expected,
            "case {i}: alpha-beta"
        );
    }
}

#[test]
fn the_player_captures_and_passes_when_nothing_gains() {
    let knowledge = Knowledge::default();
    // Level 1 proves White's capture of the stone in atari.
    let board = Board::from_diagram(
        ". . . . .
         . . O . .
         . O X O .
         . . . . .
         . . . . .",
    )
    .unwrap();
    let mut player = FractalPlayer::new(PlayerOptions::default().with_level(Level::One));
    let c = player.choose(&board, &knowledge, Color::White);
    assert_eq!((c.mv, c.proved), (Move::Play(pt("C2")), true));
    for level in [Level::Zero, Level::One] {
        let mut player = FractalPlayer::new(PlayerOptions::default().with_level(level));
        // A finished position: every point is territory or an eye.
        let board = Board::from_diagram(
            ". X O .
             X X O O
             . X O .
             X X O O",
        )
        .unwrap();
        let c = player.choose(&board, &knowledge, Color::Black);
        assert_eq!(c.mv, Move::Pass, "{level:?} {c:?}");
    }
}

#[test]
fn a_taught_pattern_overrides_the_search() {
    let mut knowledge = Knowledge::default();
    let teach = Board::from_diagram(
        ". . . . .
         . . . . .
         . . X . .
         . . . . .
         . . . . .",
    )
    .unwrap();
    knowledge
        .teach_pattern(&teach, Color::White, pt("E5"))
        .unwrap();
    let mut board = Board::new(9).unwrap();
    board.play(Color::Black, pt("E5")).unwrap();
    let mut player = FractalPlayer::new(PlayerOptions::default());
    let c = player.choose(&board, &knowledge, Color::White);
    assert_eq!(c.source, go_fractal::Source::Pattern);
    // The taught move is two points up and two right of the stone.
    assert_eq!(c.mv, Move::Play(pt("G7")));
    let mut off = FractalPlayer::new(PlayerOptions::default().with_patterns(false));
    assert_ne!(
        off.choose(&board, &knowledge, Color::White).source,
        go_fractal::Source::Pattern
    );
}

#[test]
fn the_starter_knowledge_loads_whole() {
    let text = include_str!("../data/starter.txt");
    let k = Knowledge::from_text(text).unwrap();
    let lines = text.lines().filter(|l| l.starts_with("pattern")).count();
    assert!(lines > 100);
    assert_eq!(k.examples().len(), lines);
    assert_eq!(Knowledge::starter().patterns().len(), k.patterns().len());
}

#[test]
fn bad_knowledge_and_weights_are_typed_errors() {
    for (text, line) in [
        ("weights eyes 1 2 3", 1),
        ("\nweights sight 1 1 1 1 1 1", 2),
        ("pattern 30 B A1", 1),
        ("pattern 9 B Z9 black A1", 1),
        ("pattern 9 B A1 A2", 1),
        ("pattern 9 B A1 black A1", 1),
        ("pattern 9 B A1", 1),
        ("cheese", 1),
    ] {
        match Knowledge::from_text(text) {
            Err(FractalError::BadKnowledge { line: l, .. }) => assert_eq!(l, line, "{text:?}"),
            other => panic!("{text:?}: {other:?}"),
        }
    }
    assert!(matches!(
        "win 1 1 1 1 1 inf".parse::<Weights>(),
        Err(FractalError::BadWeights { .. })
    ));
    assert!(Knowledge::load("/nonexistent/knowledge.txt").is_err());
}

#[test]
fn a_lesson_ranks_the_taught_move_no_worse() {
    let board = Board::from_diagram(
        ". . . . . . .
         . . . . . . .
         . . X . O . .
         . . . . . . .
         . . X . . . .
         . . . . . . .
         . . . . . . .",
    )
    .unwrap();
    for target in ["D4", "C4", "E4", "F2"] {
        let r = refine(
            &Weights::default(),
            &board,
            Color::White,
            pt(target),
            Objective::Win,
            &RefineOptions::default(),
        );
        assert!(r.moves > 30);
        assert!(r.rank_after <= r.rank_before, "{target}: {r:?}");
    }
    // An illegal target teaches nothing.
    let lesson = Lesson::new(&board, Color::White, pt("C3"), &Morphology::BOUZY);
    assert!(lesson.is_none());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn knowledge_text_round_trips(size in 5usize..=13, moves in prop::collection::vec((0usize..13, 0usize..13), 2..12), at in (0usize..13, 0usize..13)) {
        let mut board = Board::new(size).unwrap();
        let mut color = Color::Black;
        for (c, r) in moves {
            if c < size && r < size && board.play(color, Point::new(c, r)).is_ok() {
                color = color.opposite();
            }
        }
        let target = Point::new(at.0 % size, at.1 % size);
        let mut k = Knowledge::default();
        let taught = k.teach_pattern(&board, color, target).is_ok();
        let back = Knowledge::from_text(&k.to_text()).unwrap();
        prop_assert_eq!(back.examples(), k.examples());
        prop_assert_eq!(back.patterns().len(), k.patterns().len());
        prop_assert_eq!(back.weights(), k.weights());
        prop_assert_eq!(taught, board.is_legal(color, target) && !board.stones_of(Color::Black).is_empty() | !board.stones_of(Color::White).is_empty());
    }

    #[test]
    fn knowledge_parsing_never_panics(text in "(weights|pattern|[a-z0-9 .#-]){0,40}(\n(weights|pattern|[a-zA-Z0-9 .#-]){0,40}){0,4}") {
        let _ = Knowledge::from_text(&text);
        let _ = text.parse::<Weights>();
    }
}
