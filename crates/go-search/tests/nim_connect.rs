//! Every engine agrees with exhaustive minimax on every reachable position of Nim and of a
//! small Connect game (both full of transpositions).

mod common;

use std::collections::HashMap;

use common::check::{Engines, check};
use common::{Connect, absolute, minimax, reachable, replay, unplay};
use go_search::{Game, Player, toys::Nim};

fn check_every_position<G: Game>(game: &mut G, with_pns: bool) -> usize {
    let mut memo = HashMap::new();
    let lines = reachable(game);
    let mut engines = Engines::new(with_pns);
    let child_truth = |g: &mut G| {
        let v = minimax(g, &mut HashMap::new());
        absolute(v, g.to_play())
    };
    for line in &lines {
        replay(game, line);
        let exact = minimax(game, &mut memo);
        let truth = absolute(exact, game.to_play());
        check(
            game,
            &mut engines,
            truth,
            Some(exact),
            Some(&child_truth),
            &format!("{line:?}"),
        );
        unplay(game, line);
    }
    lines.len()
}

#[test]
fn nim_values_follow_the_xor_rule() {
    let mut nim = Nim::new(&[3, 4, 5]);
    let lines = reachable(&mut nim);
    for line in &lines {
        replay(&mut nim, line);
        let xor = nim.heaps().iter().fold(0, |a, &h| a ^ h);
        let v = minimax(&mut nim, &mut HashMap::new());
        assert_eq!(v.is_win(), xor != 0, "{:?}", nim.heaps());
        unplay(&mut nim, line);
    }
}

#[test]
fn every_engine_matches_minimax_on_every_nim_position() {
    let n = check_every_position(&mut Nim::new(&[3, 4, 5]), true);
    // Heap sizes 0..=3 x 0..=4 x 0..=5, each with either side to move (parity allows both).
    assert!(n > 200, "{n} positions");
}

#[test]
fn every_engine_matches_minimax_on_every_connect_position() {
    let mut game = Connect::<4, 3, 3>::new();
    let n = check_every_position(&mut game, true);
    assert!(n > 5000, "{n} positions");
}

#[test]
fn proof_number_search_matches_minimax_on_connect_from_the_start() {
    use go_search::{ProofNumber, ProofNumberOptions, StopReason, WinGoal};
    let mut game = Connect::<4, 3, 3>::new();
    let v = minimax(&mut game, &mut HashMap::new());
    let mut pns = ProofNumber::new(ProofNumberOptions::default());
    let r = pns.solve(&mut game, &WinGoal::new(Player::First));
    let expected = if v.is_win() {
        StopReason::Proved
    } else {
        StopReason::Disproved
    };
    assert_eq!(r.stop, expected);
}
