//! The Go player on small positions whose answer is checked by hand: the
//! only winning move, obvious captures, passing at the end.

#![cfg(feature = "go")]

use go_board::{Board, Color, Move};
use go_mcts::go::{Decision, GoExpander, GoPlayer, GoPlayout, GoState, PlayerOptions, Policy};
use go_mcts::{Budget, Proof, Search, SearchOptions};

fn best_move(diagram: &str, to_play: Color, komi: f32, policy: Policy, playouts: u64) -> Move {
    let mut board = Board::from_diagram(diagram).unwrap();
    board.set_to_play(to_play);
    let root = GoState::new(&board, komi);
    let options = SearchOptions::default()
        .with_seed(5)
        .with_expand_threshold(1);
    let mut search = Search::new(options, GoPlayout::new(policy), GoExpander::default());
    let result = search.run(&root, Budget::playouts(playouts));
    result.best.unwrap()
}

/// Black's big group has a straight-three eye space B2-D2: only the
/// middle point gives it two eyes. Alive, Black owns rows 1-4 (28 points
/// against 21); dead, White owns the board.
const STRAIGHT_THREE: &str = "
    . . . . . . .
    . . . . . . .
    O O O O O O O
    X X X X X X X
    X X X X X X X
    X . . . X X X
    X X X X X X X";

#[test]
fn the_vital_point_of_a_straight_three_is_the_only_winning_move() {
    for policy in [Policy::Heavy, Policy::Light] {
        let mv = best_move(STRAIGHT_THREE, Color::Black, 5.5, policy, 20_000);
        assert_eq!(mv, Move::Play("C2".parse().unwrap()), "{policy:?}");
    }
}

#[test]
fn white_kills_at_the_same_vital_point() {
    let mv = best_move(STRAIGHT_THREE, Color::White, 5.5, Policy::Heavy, 20_000);
    assert_eq!(mv, Move::Play("C2".parse().unwrap()));
}

/// White D3 cuts into Black's area and is in atari at D4. Capturing wins
/// (Black 16 points against 9); letting White connect at D4 leaves Black
/// 14 against 11, short of komi 3.5.
const CUTTING_STONE: &str = "
    . . . . .
    O O O . O
    X X X O X
    X . X X X
    X X X . X";

#[test]
fn the_cutting_stone_in_atari_is_captured() {
    for policy in [Policy::Heavy, Policy::Light] {
        let mv = best_move(CUTTING_STONE, Color::Black, 3.5, policy, 20_000);
        assert_eq!(mv, Move::Play("D4".parse().unwrap()), "{policy:?}");
    }
}

#[test]
fn a_big_group_in_atari_is_captured() {
    // White's five stones in the centre have one liberty, E3.
    let diagram = "
        . . . . . . .
        . X X X X X .
        . X O O O X .
        . X O O X X .
        . X X . X . .
        . . . . . . .
        . . . . . . .";
    let mv = best_move(diagram, Color::Black, 7.0, Policy::Heavy, 5_000);
    assert_eq!(mv, Move::Play("D3".parse().unwrap()));
}

#[test]
fn passing_after_a_pass_is_proven_when_the_count_wins() {
    // Black owns 15 points and White 10; White has just passed.
    let mut board = Board::from_diagram(
        ". . . . .
         O O O O O
         X X X X X
         X . X . X
         X X X X X",
    )
    .unwrap();
    board.set_to_play(Color::White);
    board.pass();
    let root = GoState::new(&board, 0.5);
    let mut search = Search::new(
        SearchOptions::default(),
        GoPlayout::new(Policy::Heavy),
        GoExpander::default(),
    );
    let result = search.run(&root, Budget::playouts(2_000));
    assert_eq!(result.best, Some(Move::Pass));
    assert_eq!(result.proof, Proof::Win);
    assert_eq!(result.first_player_value, 1.0);
}

#[test]
fn the_player_resigns_a_hopeless_game_and_plays_legal_moves() {
    // White owns almost everything.
    let board = Board::from_diagram(
        ". . . . .
         . O O O .
         . O . O .
         . O O O .
         . . . . X",
    )
    .unwrap();
    let mut player = GoPlayer::new(
        PlayerOptions::default()
            .with_playouts_per_move(Some(3_000))
            .with_max_time_per_move(None)
            .with_resign_min_playouts(1_000),
    );
    assert_eq!(player.genmove(&board, Color::Black, 7.0), Decision::Resign);
    let Decision::Move(mv) = player.genmove(&board, Color::White, 7.0) else {
        panic!("White is winning");
    };
    if let Move::Play(p) = mv {
        assert!(board.is_legal(Color::White, p));
    }
}

#[test]
fn dead_stones_are_read_from_ownership() {
    // The Black stone at D5 is in atari and cannot escape (D4 is a
    // suicide).
    let board = Board::from_diagram(
        ". . . . . . .
         . . O O O . .
         . . O X O . .
         . . O . O . .
         O O O O O O O
         X X X X X X X
         . . . . . . .",
    )
    .unwrap();
    let mut player = GoPlayer::new(
        PlayerOptions::default()
            .with_playouts_per_move(Some(4_000))
            .with_max_time_per_move(None),
    );
    let dead = player.dead_stones(&board, 0.5);
    assert!(dead.contains("D5".parse().unwrap()));
    assert_eq!(dead.len(), 1);
}

#[test]
fn tree_reuse_follows_the_game() {
    let mut player = GoPlayer::new(
        PlayerOptions::default()
            .with_playouts_per_move(Some(2_000))
            .with_max_time_per_move(None)
            .with_search(PlayerOptions::default().search.with_early_stop(false)),
    );
    let mut board = Board::new(7).unwrap();
    let Decision::Move(first) = player.genmove(&board, Color::Black, 7.0) else {
        panic!()
    };
    board.play_move(Color::Black, first).unwrap();
    let reply = player.last_result().unwrap().pv.get(1).copied().unwrap();
    board.play_move(Color::White, reply).unwrap();
    let _ = player.genmove(&board, Color::Black, 7.0);
    let r = player.last_result().unwrap();
    // The root kept the visits of the expected reply from the first search.
    assert!(r.root_visits > 2_000, "{}", r.root_visits);
}
