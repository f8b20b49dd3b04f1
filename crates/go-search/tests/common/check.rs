//! Runs every engine on a position and compares it with the truth.

use go_search::{
    AlphaBeta, AlphaBetaOptions, Dfpn, DfpnOptions, DrawAs, Game, Neutral, Player, ProofNumber,
    ProofNumberOptions, StopReason, Value, Verdict, WinGoal,
};

use super::absolute;

pub struct Engines<G: Game> {
    pub ab: AlphaBeta<G>,
    pub dfpn: Dfpn<G>,
    pub dfpn_draw_ok: Dfpn<G>,
    pub pns: ProofNumber<G>,
    pub pns_draw_ok: ProofNumber<G>,
    pub with_pns: bool,
}

impl<G: Game> Engines<G> {
    pub fn new(with_pns: bool) -> Self {
        Engines {
            ab: AlphaBeta::new(AlphaBetaOptions::default().with_tt_bits(16)),
            dfpn: Dfpn::new(DfpnOptions::default().with_tt_bits(16)),
            dfpn_draw_ok: Dfpn::new(
                DfpnOptions::default()
                    .with_tt_bits(16)
                    .with_draws(DrawAs::Proof),
            ),
            pns: ProofNumber::new(ProofNumberOptions::default()),
            pns_draw_ok: ProofNumber::new(ProofNumberOptions::default().with_draws(DrawAs::Proof)),
            with_pns,
        }
    }
}

/// `truth` is the value for First (-1, 0, 1); `exact` the side-to-move value with distance
/// when known; `child_truth` gives the truth after a move (acyclic games only).
pub fn check<G: Game>(
    game: &mut G,
    engines: &mut Engines<G>,
    truth: i32,
    exact: Option<Value>,
    child_truth: Option<&dyn Fn(&mut G) -> i32>,
    ctx: &str,
) {
    let hash = game.hash();
    let me = game.to_play();
    let ab = engines.ab.search(game, &Neutral);
    assert_eq!(game.hash(), hash, "{ctx}: alpha-beta left the game changed");
    assert!(
        ab.stop.is_solved(),
        "{ctx}: alpha-beta stopped with {:?}",
        ab.stop
    );
    assert_eq!(
        absolute(ab.value, me),
        truth,
        "{ctx}: alpha-beta value {}",
        ab.value
    );
    if let Some(v) = exact {
        assert_eq!(ab.value, v, "{ctx}: alpha-beta distance");
    }
    if let (Some(mv), Some(ct)) = (ab.best_move, child_truth) {
        assert!(game.play(mv));
        let t = ct(game);
        game.undo();
        assert_eq!(t, truth, "{ctx}: alpha-beta best move {mv:?} is not best");
        assert_eq!(ab.pv.first(), Some(&mv));
    }

    for attacker in [Player::First, Player::Second] {
        let goal = WinGoal::new(attacker);
        let score = if attacker == Player::First {
            truth
        } else {
            -truth
        };
        let attacker_to_move = me == attacker;
        let mut binary: Vec<(&str, DrawAs, go_search::ProofResult<G::Move>)> = vec![
            ("dfpn", DrawAs::Disproof, engines.dfpn.solve(game, &goal)),
            (
                "dfpn draw-ok",
                DrawAs::Proof,
                engines.dfpn_draw_ok.solve(game, &goal),
            ),
        ];
        if engines.with_pns {
            binary.push(("pns", DrawAs::Disproof, engines.pns.solve(game, &goal)));
            binary.push((
                "pns draw-ok",
                DrawAs::Proof,
                engines.pns_draw_ok.solve(game, &goal),
            ));
        }
        for (name, draws, r) in binary {
            assert_eq!(game.hash(), hash, "{ctx}: {name} left the game changed");
            let want = match draws {
                DrawAs::Disproof => score == 1,
                DrawAs::Proof => score >= 0,
            };
            let expected = if want {
                StopReason::Proved
            } else {
                StopReason::Disproved
            };
            assert_eq!(
                r.stop, expected,
                "{ctx}: {name} attacker {attacker:?} (truth {truth})"
            );
            let decisive = (want && attacker_to_move) || (!want && !attacker_to_move);
            if decisive && game.outcome().is_none() {
                let mv = r
                    .best_move
                    .unwrap_or_else(|| panic!("{ctx}: {name} gave no move"));
                if let Some(ct) = child_truth {
                    assert!(game.play(mv));
                    let t = ct(game);
                    game.undo();
                    let s = if attacker == Player::First { t } else { -t };
                    let ok = match draws {
                        DrawAs::Disproof => s == 1,
                        DrawAs::Proof => s >= 0,
                    };
                    assert_eq!(
                        ok, want,
                        "{ctx}: {name} move {mv:?} does not keep the result"
                    );
                }
            }
        }
        let three = engines.dfpn.solve_three_valued(game, &goal);
        assert_eq!(
            game.hash(),
            hash,
            "{ctx}: three-valued left the game changed"
        );
        let expected = match score {
            1 => Verdict::Proved,
            0 => Verdict::Draw,
            _ => Verdict::Disproved,
        };
        assert_eq!(
            three.value,
            Some(expected),
            "{ctx}: three-valued attacker {attacker:?}"
        );
        if game.outcome().is_none()
            && let (Some(mv), Some(ct)) = (three.best_move, child_truth)
        {
            assert!(game.play(mv));
            let t = ct(game);
            game.undo();
            let s = if attacker == Player::First { t } else { -t };
            assert_eq!(
                s, score,
                "{ctx}: three-valued move {mv:?} does not keep the value"
            );
        }
    }
}
