//! The principal variation of a df-pn result is a legal line from the root that ends
//! in the proved (or disproved) outcome: on Nim, tic-tac-toe, and a ladder of the
//! capture game.

use go_search::toys::{Nim, TicTacToe};
use go_search::{Dfpn, DfpnOptions, DrawAs, Game, Goal, Player, ProofResult, Verdict, WinGoal};

/// Plays `pv` on `game` (every move must be accepted) and returns the goal's verdict
/// on the position it ends in; the game is left as it was found.
fn verdict_after<G: Game, Q: Goal<G>>(game: &mut G, goal: &Q, pv: &[G::Move]) -> Option<Verdict> {
    for (i, &mv) in pv.iter().enumerate() {
        assert!(
            goal.verdict(game).is_none(),
            "the line goes on after the game ended, at move {i} of {pv:?}"
        );
        assert!(game.play(mv), "move {i} of {pv:?} is illegal");
    }
    let verdict = goal.verdict(game);
    for _ in pv {
        game.undo();
    }
    verdict
}

/// Whether `verdict` is the solved result's, draws counting as `draws` says.
fn agrees(verdict: Option<Verdict>, proved: bool, draws: DrawAs) -> bool {
    match verdict {
        Some(Verdict::Proved) => proved,
        Some(Verdict::Disproved) => !proved,
        Some(Verdict::Draw) => proved == (draws == DrawAs::Proof),
        None => false,
    }
}

/// The result is solved and its line ends in its outcome, starting with its move.
fn check_line<G: Game, Q: Goal<G>>(
    game: &mut G,
    goal: &Q,
    result: &ProofResult<G::Move>,
    draws: DrawAs,
    what: &str,
) {
    assert!(result.stop.is_solved(), "{what}: {:?}", result.stop);
    if let Some(best) = result.best_move {
        assert_eq!(result.pv.first(), Some(&best), "{what}: {:?}", result.pv);
    }
    let verdict = verdict_after(game, goal, &result.pv);
    assert!(
        agrees(verdict, result.is_proved(), draws),
        "{what}: line {:?} ends in {verdict:?}, the search found {:?}",
        result.pv,
        result.stop
    );
}

#[test]
fn nim_lines_end_with_the_winner_taking_the_last_stone() {
    let goal = WinGoal::new(Player::First);
    let mut dfpn = Dfpn::new(DfpnOptions::default());
    for heaps in [
        &[1][..],
        &[2, 3],
        &[2, 2],
        &[1, 2, 3],
        &[3, 4, 5],
        &[1, 4, 4],
    ] {
        let mut nim = Nim::new(heaps);
        let result = dfpn.solve(&mut nim, &goal);
        // The first player wins exactly when the heaps' XOR is not 0.
        let xor = heaps.iter().fold(0, |x, &h| x ^ h);
        assert_eq!(result.is_proved(), xor != 0, "{heaps:?}");
        check_line(
            &mut nim,
            &goal,
            &result,
            DrawAs::Disproof,
            &format!("{heaps:?}"),
        );
        // Nothing ends a game of Nim but the last stone.
        let stones: usize = heaps.iter().map(|&h| usize::from(h)).sum();
        assert!(
            !result.pv.is_empty() && result.pv.len() <= stones,
            "{heaps:?}"
        );
    }
}

#[test]
fn tic_tac_toe_lines_end_in_the_outcome_whatever_draws_count_as() {
    // Every position after at most two moves, both draw rules, both attackers.
    let mut roots = vec![Vec::new()];
    let mut game = TicTacToe::new();
    for a in 0..9u8 {
        roots.push(vec![a]);
        for b in (0..9u8).filter(|&b| b != a) {
            roots.push(vec![a, b]);
        }
    }
    let mut solved = [0usize; 2];
    for draws in [DrawAs::Disproof, DrawAs::Proof] {
        let mut dfpn = Dfpn::new(DfpnOptions::default().with_draws(draws));
        for root in &roots {
            let line: Vec<_> = root
                .iter()
                .map(|&cell| {
                    let mut all = Vec::new();
                    game.generate(&mut all);
                    let mv = all[usize::from(cell) % all.len()];
                    assert!(game.play(mv));
                    mv
                })
                .collect();
            for attacker in [Player::First, Player::Second] {
                let goal = WinGoal::new(attacker);
                let result = dfpn.solve(&mut game, &goal);
                check_line(
                    &mut game,
                    &goal,
                    &result,
                    draws,
                    &format!("{line:?} {draws:?}"),
                );
                solved[usize::from(result.is_proved())] += 1;
            }
            for _ in &line {
                game.undo();
            }
        }
    }
    // Both kinds of lines were checked: the winner's and the loser's to move.
    assert!(solved[0] > 50 && solved[1] > 50, "{solved:?}");
}

#[test]
fn a_three_valued_draw_carries_a_line_that_holds_the_draw() {
    let goal = WinGoal::new(Player::First);
    let mut game = TicTacToe::new();
    let mut dfpn = Dfpn::new(DfpnOptions::default());
    let r = dfpn.solve_three_valued(&mut game, &goal);
    assert_eq!(r.value, Some(Verdict::Draw));
    assert_eq!(r.pv.first(), r.best_move.as_ref());
    // The first player, who can hold the draw, does not lose along it.
    let verdict = verdict_after(&mut game, &goal, &r.pv);
    assert!(
        agrees(verdict, true, DrawAs::Proof),
        "{:?} ends in {verdict:?}",
        r.pv
    );
}

#[test]
fn a_three_valued_draw_with_the_defender_to_move_starts_with_its_drawing_move() {
    let goal = WinGoal::new(Player::First);
    let mut dfpn = Dfpn::new(DfpnOptions::default());
    let mut moves = Vec::new();
    let mut game = TicTacToe::new();
    game.generate(&mut moves);
    for &opening in &moves {
        assert!(game.play(opening));
        // Every opening draws; the second player must answer it right.
        let r = dfpn.solve_three_valued(&mut game, &goal);
        assert_eq!(r.value, Some(Verdict::Draw), "{opening:?}");
        assert!(r.best_move.is_some());
        assert_eq!(
            r.pv.first(),
            r.best_move.as_ref(),
            "{opening:?}: {:?}",
            r.pv
        );
        let verdict = verdict_after(&mut game, &goal, &r.pv);
        assert!(agrees(verdict, true, DrawAs::Proof), "{:?}", r.pv);
        // The line's first move holds the draw.
        let reply = r.pv[0];
        assert!(game.play(reply));
        let after = dfpn.solve_three_valued(&mut game, &goal);
        assert_eq!(after.value, Some(Verdict::Draw), "{opening:?} {reply:?}");
        game.undo();
        game.undo();
    }
}

#[test]
fn the_line_costs_the_search_nothing_and_is_bounded() {
    let goal = WinGoal::new(Player::First);
    let heaps = [3, 4, 6];
    let with = Dfpn::new(DfpnOptions::default()).solve(&mut Nim::new(&heaps), &goal);
    let without =
        Dfpn::new(DfpnOptions::default().with_pv_length(0)).solve(&mut Nim::new(&heaps), &goal);
    assert!(with.is_proved() && without.is_proved());
    assert!(without.pv.is_empty() && with.pv.len() > 2, "{:?}", with.pv);
    assert_eq!(with.stats.nodes, without.stats.nodes);
    assert_eq!(with.best_move, without.best_move);
    let short =
        Dfpn::new(DfpnOptions::default().with_pv_length(2)).solve(&mut Nim::new(&heaps), &goal);
    assert_eq!(short.pv, with.pv[..2]);
}

#[test]
fn an_unsolved_search_has_no_line() {
    let options =
        DfpnOptions::default().with_limits(go_search::SearchLimits::default().with_nodes(2));
    let mut nim = Nim::new(&[5, 6, 7, 9]);
    let r = Dfpn::new(options).solve(&mut nim, &WinGoal::new(Player::First));
    assert!(!r.stop.is_solved());
    assert!(r.pv.is_empty());
}

#[cfg(feature = "go")]
mod capture {
    use super::*;
    use go_board::{Board, Color, Move};
    use go_search::tactics::{CaptureGame, CaptureGoal, CaptureOptions, Reader, TacticalCode};

    /// White's D4 stone in a ladder that works on the empty board.
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

    /// White's three stones in the corner with two liberties, B1 and C2 free:
    /// Black kills by taking the vital point.
    const NET: &str = ". . . . . . .
                       . . . . . . .
                       . . . . . . .
                       X X X X . . .
                       O O O X . . .
                       . X O X . . .
                       . . O X . . .";

    fn point(s: &str) -> go_board::Point {
        s.parse().expect("a vertex")
    }

    /// Plays `pv` from `board`, colours alternating from `first`: every move legal.
    fn replay(board: &Board, first: Color, pv: &[Move]) -> Board {
        let mut after = board.clone();
        let mut color = first;
        for &mv in pv {
            after
                .play_move(color, mv)
                .unwrap_or_else(|e| panic!("{mv} in {pv:?}: {e}"));
            color = color.opposite();
        }
        after
    }

    #[test]
    fn the_ladders_line_ends_with_the_stone_caught() {
        let board = Board::from_diagram(LADDER).expect("diagram");
        let target = point("D4");
        let mut game = CaptureGame::new(&board, target, CaptureOptions::default()).expect("game");
        game.set_to_play(Color::Black);
        let goal = CaptureGoal::new(Color::Black);
        let result = Dfpn::new(DfpnOptions::default()).solve(&mut game, &goal);
        assert!(result.is_proved());
        let [d5, e4] = [Move::Play(point("D5")), Move::Play(point("E4"))];
        assert_eq!(result.pv[..2], [d5, e4], "{:?}", result.pv);
        check_line(&mut game, &goal, &result, DrawAs::Disproof, "ladder");
        replay(&board, Color::Black, &result.pv);
    }

    #[test]
    fn the_readers_answers_carry_lines_that_end_in_their_outcome() {
        for (diagram, target, kill) in [(LADDER, "D4", "D5"), (NET, "B3", "B1")] {
            let board = Board::from_diagram(diagram).expect("diagram");
            let target = point(target);
            let mut reader = Reader::default();
            let attack = reader.attack(&board, target).expect("a block");
            assert_eq!(attack.code, TacticalCode::Win, "{attack}");
            assert_eq!(attack.best_move, Some(Move::Play(point(kill))), "{attack}");
            assert_eq!(attack.pv.first(), attack.best_move.as_ref());
            // On the capture game the line ends with the block caught.
            let mut game =
                CaptureGame::new(&board, target, CaptureOptions::default()).expect("game");
            game.set_to_play(Color::Black);
            for &mv in &attack.pv {
                assert!(game.outcome().is_none(), "{:?}", attack.pv);
                assert!(game.play(mv), "{mv} in {:?}", attack.pv);
            }
            assert_eq!(
                game.outcome().and_then(|o| o.winner()),
                Some(Player::First),
                "{:?}",
                attack.pv
            );
            replay(&board, Color::Black, &attack.pv);
        }
    }
}
