//! Generalized threats search on Hex, a monotone connection game: every win GTS claims is
//! real, and with a high enough order it finds every win. The other engines agree with
//! minimax on every 3×3 position too.

mod common;

use std::collections::HashMap;

use common::check::{Engines, check};
use common::{Hex, absolute, minimax, reachable, replay, unplay};
use go_search::{Game, Gts, GtsOptions, Player, StopReason, WinGoal};

fn attacker_wins<G: Game>(
    game: &mut G,
    attacker: Player,
    memo: &mut HashMap<u64, go_search::Value>,
) -> bool {
    let v = minimax(game, memo);
    absolute(v, game.to_play()) == if attacker == Player::First { 1 } else { -1 }
}

#[test]
fn every_engine_matches_minimax_on_every_3x3_hex_position() {
    let mut game = Hex::<3>::new();
    let mut memo = HashMap::new();
    let lines = reachable(&mut game);
    let mut engines = Engines::new(true);
    let child_truth = |g: &mut Hex<3>| absolute(minimax(g, &mut HashMap::new()), g.to_play());
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

fn gts_is_sound_and_complete<const N: usize>(lines: &[Vec<u8>]) -> usize {
    let mut game = Hex::<N>::new();
    let mut memo = HashMap::new();
    let mut checked = 0;
    for line in lines {
        replay(&mut game, line);
        if game.outcome().is_none() {
            let empty = N * N - line.len();
            for attacker in [Player::First, Player::Second] {
                let truth = attacker_wins(&mut game, attacker, &mut memo);
                let goal = WinGoal::new(attacker);
                for order in 0..=3u32 {
                    let r = Gts::new(GtsOptions::default().with_max_order(order))
                        .solve(&mut game, &goal);
                    if r.stop == StopReason::Proved {
                        assert!(
                            truth,
                            "{line:?}: GTS order {order} claims a false win for {attacker:?}"
                        );
                        assert!(r.order.is_some_and(|o| o <= order));
                        if game.to_play() == attacker {
                            let mv = r.best_move.expect("winning move");
                            assert!(r.trace.contains(&mv));
                            assert!(game.play(mv));
                            let still = attacker_wins(&mut game, attacker, &mut memo);
                            game.undo();
                            assert!(still, "{line:?}: GTS move {mv} does not win");
                        }
                    } else {
                        assert_eq!(r.stop, StopReason::DepthLimit);
                    }
                }
                let full = Gts::new(GtsOptions::default().with_max_order(empty as u32 + 1))
                    .solve(&mut game, &goal);
                assert_eq!(
                    full.stop == StopReason::Proved,
                    truth,
                    "{line:?}: GTS at full order, attacker {attacker:?}"
                );
                checked += 1;
            }
        }
        unplay(&mut game, line);
    }
    checked
}

/// Positions reached by `count` pseudo-random games of `stones` moves (deterministic).
fn sampled<const N: usize>(count: usize, stones: usize) -> Vec<Vec<u8>> {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut out = Vec::new();
    while out.len() < count {
        let mut g = Hex::<N>::new();
        let mut line = Vec::new();
        while line.len() < stones && g.outcome().is_none() {
            let mut moves = Vec::new();
            g.generate(&mut moves);
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let mv = moves[(seed >> 33) as usize % moves.len()];
            assert!(g.play(mv));
            line.push(mv);
        }
        if g.outcome().is_none() {
            out.push(line);
        }
    }
    out
}

#[test]
fn gts_is_sound_and_complete_on_every_3x3_hex_position() {
    let mut game = Hex::<3>::new();
    let all = reachable(&mut game).len();
    let lines = reachable(&mut game);
    let checked = gts_is_sound_and_complete::<3>(&lines);
    assert!(checked > 0 && all > 1000, "{checked} of {all}");
}

#[test]
fn gts_is_sound_and_complete_on_sampled_4x4_hex_positions() {
    let checked = gts_is_sound_and_complete::<4>(&sampled::<4>(40, 9));
    assert_eq!(checked, 80);
}
