//! The readers' answers carry their principal variation: a legal line from the
//! position asked about, starting with the answer's move, that ends in the
//! answer (the group killed or alive, the stones cut or joined).

use go_board::{Board, Color, Move, Point};
use go_life::connection::{ConnectionGame, ConnectionGoal, ConnectionOptions, ConnectionReader};
use go_life::race::{RaceGame, RaceGoal, RaceOptions, RaceQuestion, RaceReader};
use go_life::{LifeGame, LifeGoal, LifeOptions, LifeReader};
use go_search::{Game, Goal, Verdict};

fn point(s: &str) -> Point {
    s.parse().expect("a vertex")
}

/// Plays `pv` on `game` (each move legal, none after the game ended) and returns
/// the goal's verdict where it ends.
fn verdict_after<G: Game<Move = Move>, Q: Goal<G>>(
    game: &mut G,
    goal: &Q,
    pv: &[Move],
) -> Option<Verdict> {
    for &mv in pv {
        assert!(
            goal.verdict(game).is_none(),
            "the line {pv:?} goes on after the end"
        );
        assert!(game.play(mv), "{mv} of {pv:?} is refused");
    }
    goal.verdict(game)
}

/// Plays `pv` on a copy of `board`, colours alternating from `first`.
fn replay(board: &Board, first: Color, pv: &[Move]) {
    let mut after = board.clone();
    let mut color = first;
    for &mv in pv {
        after
            .play_move(color, mv)
            .unwrap_or_else(|e| panic!("{mv} of {pv:?}: {e}"));
        color = color.opposite();
    }
}

/// Black's straight three in the corner: whoever plays B1 first decides.
const STRAIGHT_THREE: &str = ". . . . . . .
                              O O O O O . .
                              X X X X O . .
                              . . . X O . .";

/// Black's square four: dead whoever moves.
const SQUARE_FOUR: &str = ". . . . . . .
                           O O O O . . .
                           X X X O . . .
                           . . X O . . .
                           . . X O . . .";

/// Black's bulky five: whoever plays B1 first decides.
const BULKY_FIVE: &str = ". . . . . . .
                          O O O O O . .
                          X X X X O . .
                          . . X X O . .
                          . . . X O . .";

#[test]
fn a_kill_and_a_save_carry_lines_that_end_in_them() {
    for (diagram, target) in [(STRAIGHT_THREE, "A2"), (BULKY_FIVE, "A3")] {
        let board = Board::from_diagram(diagram).expect("diagram");
        let target = point(target);
        let mut reader = LifeReader::default();
        for (attacking, first) in [(true, Color::White), (false, Color::Black)] {
            let r = if attacking {
                reader.attack(&board, target)
            } else {
                reader.defend(&board, target)
            }
            .expect("a stone");
            assert!(r.succeeds() && r.certain, "{diagram}\n{r}");
            assert!(matches!(r.best_move, Some(Move::Play(_))), "{r}");
            assert_eq!(r.pv.first(), r.best_move.as_ref(), "{r}: {:?}", r.pv);
            replay(&board, first, &r.pv);
            let mut start = board.clone();
            start.set_to_play(first);
            let mut game = LifeGame::new(&start, target, LifeOptions::default()).expect("game");
            let verdict = verdict_after(&mut game, &LifeGoal, &r.pv);
            // The attacker is the goal's prover.
            let want = if attacking {
                Verdict::Proved
            } else {
                Verdict::Disproved
            };
            assert_eq!(
                verdict,
                Some(want),
                "{diagram}\nattack {attacking}: {:?}",
                r.pv
            );
        }
    }
}

#[test]
fn a_failure_and_a_move_checked_alone_carry_no_line_beyond_it() {
    let mut reader = LifeReader::default();
    let square = Board::from_diagram(SQUARE_FOUR).expect("diagram");
    let defence = reader.defend(&square, point("A3")).expect("a stone");
    assert!(!defence.succeeds(), "{defence}");
    assert!(defence.pv.is_empty());
    let bulky = Board::from_diagram(BULKY_FIVE).expect("diagram");
    let kill = reader
        .does_attack(&bulky, point("B1"), point("A3"))
        .expect("a stone");
    assert!(kill.succeeds(), "{kill}");
    assert_eq!(kill.pv, [Move::Play(point("B1"))]);
}

#[test]
fn a_cut_carries_a_line_that_ends_with_the_stones_apart() {
    // A clean cutting point at C5 with both sides strong.
    let board = Board::from_diagram(
        ". . . . . . . . .
         . . . . . . . . .
         . X X O O O . . .
         . X X O . . . . .
         . O . X X . . . .
         . O . X X . . . .
         . O O . . . . . .
         . . . . . . . . .
         . . . . . . . . .",
    )
    .expect("diagram");
    let (a, b) = (point("B7"), point("D5"));
    let r = ConnectionReader::default()
        .disconnect(&board, a, b)
        .expect("stones");
    assert_eq!(r.to_string(), "1 C5");
    assert_eq!(r.pv.first(), Some(&Move::Play(point("C5"))));
    replay(&board, Color::White, &r.pv);
    let mut start = board.clone();
    start.set_to_play(Color::White);
    let mut game = ConnectionGame::new(&start, a, b, ConnectionOptions::default()).expect("game");
    // The disconnector is the goal's prover.
    let verdict = verdict_after(&mut game, &ConnectionGoal, &r.pv);
    assert_eq!(verdict, Some(Verdict::Proved), "{:?}", r.pv);
}

#[test]
fn a_won_race_carries_a_line_that_ends_in_the_capture() {
    // Black's corner block and White's block around it have two liberties
    // each (A1 and B1, E1 and E2): Black, moving first, captures.
    let board = Board::from_diagram(
        ". . . . . . .
         X X X X X . .
         O O O O X . .
         X X X O . X .
         . . X O . . .",
    )
    .expect("diagram");
    let (a, b) = (point("A2"), point("A3"));
    let r = RaceReader::default().analyze(&board, a, b).expect("groups");
    assert!(r.defend.succeeds(), "{r}");
    assert_eq!(r.pv.first(), r.best_move.as_ref(), "{r}: {:?}", r.pv);
    replay(&board, Color::Black, &r.pv);
    let question = if r.attack.succeeds() {
        RaceQuestion::Kill
    } else {
        RaceQuestion::Survive
    };
    let mut start = board.clone();
    start.set_to_play(Color::Black);
    let mut game = RaceGame::new(&start, a, b, question, RaceOptions::default()).expect("game");
    let verdict = verdict_after(&mut game, &RaceGoal, &r.pv);
    assert_eq!(verdict, Some(Verdict::Proved), "{r}: {:?}", r.pv);
}
