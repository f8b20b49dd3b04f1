//! Every engine agrees with exhaustive minimax on every reachable tic-tac-toe position.

mod common;

use std::collections::HashMap;

use common::check::{Engines, check};
use common::{absolute, minimax, reachable, replay, unplay};
use go_search::{Game, toys::TicTacToe};

#[test]
fn every_engine_matches_minimax_on_every_position() {
    let mut game = TicTacToe::new();
    let mut memo = HashMap::new();
    let root = minimax(&mut game, &mut memo);
    assert_eq!(root, go_search::Value::DRAW);
    let lines = reachable(&mut game);
    assert_eq!(
        lines.len(),
        5478,
        "tic-tac-toe has 5478 reachable positions"
    );
    let mut engines = Engines::new(true);
    let child_truth = |g: &mut TicTacToe| {
        let v = minimax(g, &mut HashMap::new());
        absolute(v, g.to_play())
    };
    for line in &lines {
        replay(&mut game, line);
        let exact = minimax(&mut game, &mut memo);
        let truth = absolute(exact, game.to_play());
        check(
            &mut game,
            &mut engines,
            truth,
            Some(exact),
            Some(&child_truth),
            &format!("{line:?}"),
        );
        unplay(&mut game, line);
    }
}
