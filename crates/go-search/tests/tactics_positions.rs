//! The capture game on hand-drawn positions, each asked both ways (`attack` and
//! `defend`), with both engines: ladders that work and ladders broken by a stone on their
//! path, a net, a snapback, kos of both kinds, edge and corner captures. The expected
//! answers were worked out by hand (and agree with GNU Go 3.8's).

#![cfg(feature = "go")]

use go_board::{Board, Color, Move, Point};
use go_search::tactics::{
    LadderStatus, Reader, ReaderOptions, ReadingEngine, TacticalCode, TacticalResult,
};

fn readers() -> Vec<Reader> {
    [ReadingEngine::Dfpn, ReadingEngine::AlphaBeta]
        .into_iter()
        .map(|engine| Reader::new(ReaderOptions::default().with_engine(engine)))
        .collect()
}

fn point(s: &str) -> Point {
    s.parse().unwrap()
}

fn board(diagram: &str) -> Board {
    Board::from_diagram(diagram).unwrap()
}

/// `result` has `code` and one of the moves `moves` (any move if empty), and a
/// principal variation that starts with its move (none on a loss).
fn check(result: &TacticalResult, code: TacticalCode, moves: &[&str], what: &str) {
    assert_eq!(result.code, code, "{what}: got {result}");
    if result.code == TacticalCode::Loss {
        assert!(result.pv.is_empty(), "{what}: a line for a loss");
    } else {
        assert_eq!(result.pv.first().copied(), result.best_move, "{what}: pv");
    }
    if !moves.is_empty() {
        let Some(Move::Play(p)) = result.best_move else {
            panic!("{what}: no move in {result}");
        };
        assert!(
            moves.iter().any(|m| point(m) == p),
            "{what}: {result}, expected one of {moves:?}"
        );
    }
}

/// The question's ko modes were searched strictest first: an unconditional win takes one
/// search (kos met or not), a loss at most two (the second only if the first met a ko).
fn check_searches(reader: &Reader, result: &TacticalResult, what: &str) {
    #[allow(deprecated)]
    let last = reader.principal_variation().to_vec();
    assert_eq!(last, result.pv, "{what}: last pv");
    let stats = reader.stats();
    assert_eq!(
        (result.nodes, result.positions, result.budget_exhausted),
        (stats.nodes, stats.positions, stats.budget_exhausted),
        "{what}: the result's costs are the question's"
    );
    assert!(result.positions > 0, "{what}: no position read");
    let modes = reader.stats().ko_modes;
    match result.code {
        TacticalCode::Win => assert_eq!(modes, 1, "{what}: ko modes for a win"),
        TacticalCode::Loss => assert!(modes <= 2, "{what}: {modes} ko modes for a loss"),
        _ => assert!(
            (3..=4).contains(&modes),
            "{what}: {modes} ko modes for a ko"
        ),
    }
}

/// The answer's move really works: after it, the other side's question fails.
fn check_answer_holds(
    reader: &mut Reader,
    board: &Board,
    target: Point,
    result: &TacticalResult,
    attack: bool,
) {
    let Some(Move::Play(p)) = result.best_move else {
        return;
    };
    let defender = board.color_at(target).unwrap();
    let mover = if attack {
        defender.opposite()
    } else {
        defender
    };
    let mut after = board.clone();
    if after.play(mover, p).is_err() {
        return; // a ko retake that needs a threat first
    }
    if after.color_at(target).is_none() {
        return;
    }
    let reply = if attack {
        reader.defend(&after, target).unwrap()
    } else {
        reader.attack(&after, target).unwrap()
    };
    assert!(
        !reply.succeeds() || result.code != TacticalCode::Win,
        "after {p}, the other side still succeeds: {reply}"
    );
}

struct Case<'a> {
    name: &'a str,
    board: Board,
    target: &'a str,
    attack: (TacticalCode, &'a [&'a str]),
    defend: (TacticalCode, &'a [&'a str]),
    ladder: Option<LadderStatus>,
}

fn run(case: Case<'_>) {
    let target = point(case.target);
    for mut reader in readers() {
        let engine = reader.options().engine;
        let what = format!("{} ({engine:?})", case.name);
        let a = reader.attack(&case.board, target).unwrap();
        check(&a, case.attack.0, case.attack.1, &format!("{what}: attack"));
        check_searches(&reader, &a, &format!("{what}: attack"));
        check_answer_holds(&mut reader, &case.board, target, &a, true);
        let d = reader.defend(&case.board, target).unwrap();
        check(&d, case.defend.0, case.defend.1, &format!("{what}: defend"));
        check_searches(&reader, &d, &format!("{what}: defend"));
        check_answer_holds(&mut reader, &case.board, target, &d, false);
        if let Some(status) = case.ladder {
            assert_eq!(
                reader.ladder(&case.board, target).unwrap(),
                status,
                "{what}: ladder"
            );
        }
    }
}

const LADDER: &str = ". . . . . . . . . . .
                      . . . . . . . . . . .
                      . . . . . . . . . . .
                      . . . . . . . . . . .
                      . . . . . . . . . . .
                      . . . . . . . . . . .
                      . . . . . . . . . . .
                      . . X O . . . . . . .
                      . . . X X . . . . . .
                      . . . . . . . . . . .
                      . . . . . . . . . . .";

#[test]
fn ladder_that_works_captures_and_is_unsettled() {
    run(Case {
        name: "ladder",
        board: board(LADDER),
        target: "D4",
        attack: (TacticalCode::Win, &["D5"]),
        defend: (TacticalCode::Win, &["D5", "E4"]),
        ladder: Some(LadderStatus::Unsettled),
    });
}

#[test]
fn alpha_beta_answers_carry_the_line_they_read() {
    let b = board(LADDER);
    let target = point("D4");
    let options = ReaderOptions::default().with_engine(ReadingEngine::AlphaBeta);
    let mut reader = Reader::new(options);
    let attack = reader.attack(&b, target).unwrap();
    // The answer and the reply: the capture game reads the rest of a ladder as a leaf.
    let [d5, e4] = [Move::Play(point("D5")), Move::Play(point("E4"))];
    assert_eq!(attack.pv[..2], [d5, e4], "{:?}", attack.pv);
    // The line alternates from the attacker and is legal on the board.
    let mut after = b.clone();
    let mut color = Color::Black;
    for &mv in &attack.pv {
        after.play_move(color, mv).unwrap();
        color = color.opposite();
    }
    // A later question replaces the reader's line, not the answer's.
    let defence = reader.defend(&b, target).unwrap();
    #[allow(deprecated)]
    let last = reader.principal_variation().to_vec();
    assert_eq!(last, defence.pv);
    assert_ne!(attack.pv, defence.pv);
}

#[test]
fn ladder_breaker_on_the_path_saves_the_stone() {
    for breaker in ["H8", "G8"] {
        let mut b = board(LADDER);
        b.play(Color::White, point(breaker)).unwrap();
        run(Case {
            name: breaker,
            board: b,
            target: "D4",
            attack: (TacticalCode::Loss, &[]),
            defend: (TacticalCode::Win, &[]),
            ladder: Some(LadderStatus::Escaped),
        });
    }
}

#[test]
fn net_captures_where_the_ladder_fails() {
    run(Case {
        name: "net",
        board: board(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . O . .
             . . . . . . . . .
             . . X . . . . . .
             . . X O . . . . .
             . . . X X . . . .
             . . . . . . . . .
             . . . . . . . . .",
        ),
        target: "D4",
        attack: (TacticalCode::Win, &["E5"]),
        defend: (TacticalCode::Win, &["D5", "E4"]),
        ladder: Some(LadderStatus::Escaped),
    });
}

#[test]
fn snapback_captures_seven_stones() {
    run(Case {
        name: "snapback",
        board: board(
            ". . . . . .
             . . . . . .
             . . . . . .
             X X X X X X
             X O O O O X
             X O . . O X",
        ),
        target: "B2",
        attack: (TacticalCode::Win, &["C1", "D1"]),
        defend: (TacticalCode::Loss, &[]),
        ladder: None,
    });
}

const KO: &str = ". . . . . .
                  . . . . . .
                  . . . . . .
                  . X O . . .
                  X O . O . .
                  . X O . . .";

#[test]
fn ko_the_attacker_takes_first_is_code_2() {
    run(Case {
        name: "ko, attacker takes",
        board: board(KO),
        target: "B2",
        attack: (TacticalCode::KoTakeFirst, &["C2"]),
        // Capturing B1 (or connecting at C2) saves it outright.
        defend: (TacticalCode::Win, &["A1", "C2"]),
        ladder: None,
    });
}

#[test]
fn ko_the_attacker_must_retake_is_code_3() {
    // White has just taken the ko at B2: Black needs a threat before retaking at C2.
    let mut b = board(
        ". . . . . .
         . . . . . .
         . . . . . .
         . X O . . .
         X . X O . .
         . X O . . .",
    );
    b.play(Color::White, point("B2")).unwrap();
    assert!(b.ko().is_some());
    run(Case {
        name: "ko, attacker needs a threat",
        board: b,
        target: "B2",
        attack: (TacticalCode::KoNeedsThreat, &["C2"]),
        defend: (TacticalCode::Win, &["A1", "C2"]),
        ladder: None,
    });
}

#[test]
fn edge_stone_is_captured_towards_the_corner() {
    run(Case {
        name: "edge",
        board: board(
            ". . . . . . .
             . . . . . . .
             . . . . . . .
             . . . . . . .
             O X . . . . .
             . . . . . . .
             . . . . . . .",
        ),
        target: "A3",
        attack: (TacticalCode::Win, &["A2"]),
        // A2 looks natural but fails: Black B2, White A4, Black B4, ... drives the
        // string up the A column; at A7 it has A1 and B7 left, Black B7 ataris and
        // Black A1 captures at the twelfth ply after A2.
        defend: (TacticalCode::Win, &["B2", "B4"]),
        ladder: Some(LadderStatus::Unsettled),
    });
}

#[test]
fn corner_stone_in_atari_cannot_be_saved() {
    run(Case {
        name: "corner",
        board: board(
            ". . . . . . .
             . . . . . . .
             . . . . . . .
             . . . . . . .
             . . . . . . .
             . . . . . . .
             O X . . . . .",
        ),
        target: "A1",
        attack: (TacticalCode::Win, &["A2"]),
        defend: (TacticalCode::Loss, &[]),
        ladder: Some(LadderStatus::Captured),
    });
}

#[test]
fn strong_block_is_not_attacked() {
    let b = board(
        ". . . . .
         . . . . .
         . . O . .
         . . . . .
         . . . . .",
    );
    for mut reader in readers() {
        let a = reader.attack(&b, point("C3")).unwrap();
        assert_eq!((a.code, a.best_move), (TacticalCode::Loss, None));
        assert!(a.pv.is_empty());
        let d = reader.defend(&b, point("C3")).unwrap();
        assert_eq!(d.code, TacticalCode::Win);
        assert_eq!(
            reader.ladder(&b, point("C3")).unwrap(),
            LadderStatus::Escaped
        );
    }
}

#[test]
fn questions_about_empty_points_are_errors() {
    let b = board(". .\n. .");
    let mut reader = Reader::default();
    assert!(reader.attack(&b, point("A1")).is_err());
    assert!(reader.defend(&b, point("A1")).is_err());
    assert!(reader.ladder(&b, point("A1")).is_err());
    assert!(reader.attack(&b, point("T19")).is_err());
}

#[test]
fn atari_beside_a_self_atari_liberty_wins_the_race_by_ko() {
    // White B5 (four liberties) races Black C4 (two: D3 and D1). White D1 would be
    // suicide beside Black E1-F1, so White first takes a liberty of those stones at G1:
    // D1 then captures them, Black retakes one at E1, White F1 and D1 take the ko, and
    // the race is White's if Black has no threat (GNU Go agrees: `2 G1`).
    run(Case {
        name: "approach by atari",
        board: board(
            ". . . . . . . .
             X X X X X X . .
             X . . . . X . .
             X O O O O X O .
             X O X X X O O .
             X O X . X O . .
             X O X X O O O .
             X O X . X X . .",
        ),
        target: "B5",
        attack: (TacticalCode::Win, &[]),
        defend: (TacticalCode::KoTakeFirst, &["G1"]),
        ladder: None,
    });
}

#[test]
fn ko_that_needs_several_threats_is_still_code_3() {
    // After White C1, Black D1 ataris B1-C1 and the fight runs through two kos (A1/A2
    // and D1/E1): White wins it with two ko threats against none, not with one. That is
    // still a result that depends on ko, not a plain loss (GNU Go agrees: `3 C1`).
    // Black to move captures at C1, A1 or D1: a full-width search to depth 14 with five
    // ko threats for White and none for Black finds each of them winning (GNU Go
    // answers `1 C1`, and `0` to `defend B1` after A1).
    run(Case {
        name: "ko needing several threats",
        board: board(
            "O O X . X
             . . O . X
             X X O . .
             O X X O .
             . O . . X",
        ),
        target: "B1",
        attack: (TacticalCode::Win, &["C1", "A1", "D1"]),
        defend: (TacticalCode::KoNeedsThreat, &["C1"]),
        ladder: None,
    });
}

#[test]
fn atari_on_the_attackers_of_a_holding_block_saves_the_target() {
    // White G2 (three liberties) races Black F2-F3-E3 (two), which White E2 holds; E2 is
    // in atari from Black D2. White B1 captures A1-A2 and ataris D2: if Black takes E2 at
    // E1, White E2 takes four stones back, so Black has no time for the race. (GNU Go
    // answers `0` to `defend G2` but `0` to `attack G2` after B1 as well.)
    run(Case {
        name: "atari on the attackers of a holding block",
        board: board(
            "X . O O X . X
             X X O O X X X
             O O O X O X .
             . O . X . . O
             O O O O X X O
             X O O X O X O
             X . X X . O .",
        ),
        target: "G2",
        attack: (TacticalCode::Win, &["F4", "G5"]),
        defend: (TacticalCode::Win, &["B1"]),
        ladder: None,
    });
}

#[test]
fn throw_in_in_an_even_race_is_tried() {
    // White A1-B1 (two liberties) is saved by B2, which takes A2, and a fight on the
    // right that runs through a ko and a throw-in (White F1, a move into atari against a
    // black block no longer in liberties than White's); the defender did not try such
    // throw-ins in an even race (GNU Go agrees: `3 B2`).
    run(Case {
        name: "throw-in in an even race",
        board: board(
            ". . X X . X X
             X X O X . X O
             O O O X . X O
             . X X X X O O
             O X X O O X .
             X . O O O X O
             O O . O X . O",
        ),
        target: "A1",
        attack: (TacticalCode::Win, &[]),
        defend: (TacticalCode::KoNeedsThreat, &["B2"]),
        ladder: None,
    });
}

#[test]
fn atari_on_a_block_pressing_a_holding_block_with_two_liberties() {
    // White A1-A2 (two liberties) is next to Black B1, in atari but held by White C1-D1-D2,
    // which has two liberties; Black C2 (two liberties) presses it. White C3 ataris C2,
    // which cannot run (B2 is a self-atari), and B2 then takes B1 and C2 together. White
    // B2 at once takes B1 alone and loses the race after Black C3 (GNU Go agrees: `1 C3`).
    run(Case {
        name: "atari on a block pressing a holding block",
        board: board(
            "O X . X O . O
             . O X O . O .
             O . X . X O .
             X X O . X . X
             . . . X . . X
             O . X O . X .
             O X O O . . .",
        ),
        target: "A1",
        attack: (TacticalCode::Win, &["B2"]),
        defend: (TacticalCode::Win, &["C3"]),
        ladder: None,
    });
}

#[test]
fn fresh_readers_answer_alike_with_their_costs() {
    // A ladder: the answers and what they cost are counts, equal run after run.
    let b = board(
        ". . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . X . . . . . .
         . X O . . . . . .
         . . X . . . . . .",
    );
    for engine in [
        ReadingEngine::Dfpn,
        ReadingEngine::AlphaBeta,
        ReadingEngine::Gts,
    ] {
        let ask = || {
            let mut reader = Reader::new(ReaderOptions::default().with_engine(engine));
            let attack = reader.attack(&b, point("C2")).unwrap();
            let defend = reader.defend(&b, point("C2")).unwrap();
            (attack, defend)
        };
        let (first, second) = (ask(), ask());
        assert_eq!(first, second, "{engine:?}");
        assert!(first.0.nodes > 0 && first.0.positions > 0, "{engine:?}");
        assert!(!first.0.budget_exhausted, "{engine:?}");
    }
}
