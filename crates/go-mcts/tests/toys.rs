//! The generic engine on small games with known values: perfect play
//! found, proofs, determinism, tree reuse, node cap, threads.

use go_mcts::{
    Adapted, Budget, LegalMoves, MctsStopReason, Proof, RandomPlayout, Rave, Search, SearchOptions,
    Selection, State,
};
use go_mcts::{Outcome, Player};
use go_search::toys::{Nim, NimMove, Pile, TicTacToe};
use go_search::{Dfpn, DfpnOptions, Game, StopReason as ProofStop, WinGoal};

fn search<S: State>(options: SearchOptions) -> Search<S, RandomPlayout, LegalMoves> {
    Search::new(options, RandomPlayout::default(), LegalMoves)
}

/// go-search's Nim with its moves as numbers, `heap << 8 | take`, so that
/// the search can code them (go-mcts codes integers and Go moves, not
/// go-search's toy move type).
#[derive(Clone, Debug)]
struct CodedNim(Nim);

impl CodedNim {
    fn new(heaps: &[u8]) -> Adapted<CodedNim> {
        Adapted(CodedNim(Nim::new(heaps)))
    }
}

/// The heap and the stones taken of a coded move.
fn nim_move(code: u16) -> (u8, u8) {
    ((code >> 8) as u8, code as u8)
}

impl Game for CodedNim {
    type Move = u16;

    fn to_play(&self) -> Player {
        self.0.to_play()
    }

    fn generate(&self, out: &mut Vec<u16>) {
        let mut moves = Vec::new();
        self.0.generate(&mut moves);
        out.extend(
            moves
                .into_iter()
                .map(|m| u16::from(m.heap) << 8 | u16::from(m.take)),
        );
    }

    fn play(&mut self, code: u16) -> bool {
        let (heap, take) = nim_move(code);
        self.0.play(NimMove { heap, take })
    }

    fn undo(&mut self) {
        self.0.undo();
    }

    fn hash(&self) -> u64 {
        self.0.hash()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }
}

/// The winning Nim moves (XOR of the heaps becomes zero), brute force.
fn winning_nim_moves(heaps: &[u8]) -> Vec<(u8, u8)> {
    let x = heaps.iter().fold(0, |a, &h| a ^ h);
    let mut out = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        for take in 1..=h {
            if x ^ h ^ (h - take) == 0 {
                out.push((i as u8, take));
            }
        }
    }
    out
}

#[test]
fn nim_winning_moves_are_found_and_proven() {
    for heaps in [&[1u8, 2][..], &[3, 4], &[2, 3, 4], &[1, 4, 6]] {
        let root = CodedNim::new(heaps);
        let mut s = search(SearchOptions::default());
        let result = s.run(&root, Budget::playouts(60_000));
        let best = nim_move(result.best.unwrap());
        let winners = winning_nim_moves(heaps);
        assert!(
            winners.contains(&best),
            "{heaps:?}: {best:?} not in {winners:?}"
        );
        assert_eq!(result.proof, Proof::Win, "{heaps:?} {:?}", result.stop);
        assert_eq!(result.stop, MctsStopReason::Proven);
        assert_eq!(result.value, 1.0);
    }
}

#[test]
fn lost_nim_positions_are_proven_lost() {
    let root = CodedNim::new(&[2, 2]);
    let mut s = search(SearchOptions::default());
    let result = s.run(&root, Budget::playouts(50_000));
    assert_eq!(result.proof, Proof::Loss);
    assert!(result.moves.iter().all(|m| m.proof == Proof::Loss));
}

/// go-search's Pile, as it is (`u32` moves), against go-search's own
/// solver: df-pn's winning move where the side to move wins, a proven loss
/// where it loses.
#[test]
fn pile_winning_moves_match_go_searchs_solver() {
    let mut dfpn = Dfpn::new(DfpnOptions::default());
    for stones in [1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 15] {
        let truth = dfpn.solve(&mut Pile::new(stones), &WinGoal::new(Player::First));
        let mut s = search(SearchOptions::default());
        let result = s.run(&Adapted(Pile::new(stones)), Budget::playouts(20_000));
        if truth.stop == ProofStop::Proved {
            assert_eq!(result.best, truth.best_move, "{stones} stones");
            assert_eq!(result.proof, Proof::Win, "{stones} stones");
        } else {
            assert_eq!(truth.stop, ProofStop::Disproved, "{stones} stones");
            assert_eq!(result.proof, Proof::Loss, "{stones} stones");
        }
    }
}

/// Tic-tac-toe positions whose only non-losing move is known.
#[test]
fn tic_tac_toe_finds_the_only_good_move() {
    // (moves so far, the move that must be played)
    let cases: [(&[u8], &[u8]); 3] = [
        // X 0, O 4, X 8: O must not take a corner... any edge move draws.
        (&[0, 4, 8], &[1, 3, 5, 7]),
        // X threatens 0-1-2: O must block at 2.
        (&[0, 4, 1], &[2]),
        // X to move can win at 2 (0, 1 taken by X).
        (&[0, 3, 1, 4], &[2]),
    ];
    for (moves, good) in cases {
        let mut game = TicTacToe::new();
        for &m in moves {
            assert!(game.play(m));
        }
        let root = Adapted(game);
        let mut s =
            search(SearchOptions::default().with_selection(Selection::Ucb1 { exploration: 1.0 }));
        let result = s.run(&root, Budget::playouts(30_000));
        assert!(
            good.contains(&result.best.unwrap()),
            "{moves:?}: {:?}",
            result.moves
        );
    }
}

#[test]
fn tic_tac_toe_from_the_start_is_about_a_draw() {
    let root = Adapted(TicTacToe::new());
    for selection in [
        Selection::Ucb1 { exploration: 0.7 },
        Selection::UctRave {
            exploration: 0.2,
            rave: Rave::default(),
        },
    ] {
        let mut s = search(SearchOptions::default().with_selection(selection));
        let result = s.run(&root, Budget::playouts(40_000));
        assert!(
            (0.35..0.75).contains(&result.value),
            "{selection:?}: {}",
            result.value
        );
        assert!(result.pv.len() >= 3);
    }
}

#[test]
fn one_thread_with_a_seed_is_deterministic() {
    let root = Adapted(TicTacToe::new());
    let run = || {
        let mut s = search(
            SearchOptions::default()
                .with_seed(42)
                .with_early_stop(false),
        );
        s.run(&root, Budget::playouts(3_000))
    };
    let a = run();
    let b = run();
    assert_eq!(a.moves, b.moves);
    assert_eq!(a.playouts, 3_000);
}

#[test]
fn two_threads_search_the_same_tree() {
    let root = CodedNim::new(&[2, 3, 4]);
    let mut s = search(
        SearchOptions::default()
            .with_threads(2)
            .with_early_stop(false),
    );
    let result = s.run(&root, Budget::playouts(40_000));
    let best = nim_move(result.best.unwrap());
    assert!(
        winning_nim_moves(&[2, 3, 4]).contains(&best),
        "{best:?} {:?} {:?} {:?}",
        result.proof,
        result.stop,
        &result.moves[..3]
    );
    let visits: u32 = result.moves.iter().map(|m| m.visits).sum();
    assert!(
        visits as u64 <= result.playouts && result.playouts <= 40_000,
        "{visits} {} {:?}",
        result.playouts,
        result.stop
    );
}

#[test]
fn the_node_cap_stops_growth_but_not_the_search() {
    let root = Adapted(TicTacToe::new());
    let mut s = search(
        SearchOptions::default()
            .with_max_nodes(200)
            .with_early_stop(false),
    );
    let result = s.run(&root, Budget::playouts(5_000));
    assert!(result.tree_full);
    assert!(result.nodes <= 200);
    assert_eq!(result.playouts, 5_000);
    assert_eq!(result.root_visits, 5_000);
}

#[test]
fn tree_reuse_keeps_the_subtree() {
    let mut game = TicTacToe::new();
    let mut s = search(SearchOptions::default().with_early_stop(false));
    let r1 = s.run(&Adapted(game.clone()), Budget::playouts(5_000));
    let best = r1.best.unwrap();
    let child_visits = r1.moves[0].visits;
    assert!(s.advance(&[best]));
    assert!(game.play(best));
    assert_eq!(s.tree().info(s.tree().root()).visits, child_visits);
    let r2 = s.run(&Adapted(game.clone()), Budget::playouts(1_000));
    assert_eq!(r2.root_visits, child_visits + 1_000);
    assert_eq!(r2.to_play, Player::Second);
    // A move that is not in the tree clears it.
    assert!(!s.advance(&[200]));
    assert!(s.tree().is_empty());
}

#[test]
fn a_finished_game_is_not_searched() {
    let root = CodedNim::new(&[]);
    assert_eq!(root.outcome(), Some(Outcome::Win(Player::Second)));
    let mut s = search(SearchOptions::default());
    let result = s.run(&root, Budget::playouts(100));
    assert_eq!(result.stop, MctsStopReason::GameOver);
    assert_eq!(result.best, None);
}

#[test]
fn time_budgets_stop_the_search() {
    let root = Adapted(TicTacToe::new());
    let mut s = search(SearchOptions::default().with_early_stop(false));
    let result = s.run(&root, Budget::time(std::time::Duration::from_millis(50)));
    assert!(result.stop == MctsStopReason::Time || result.stop == MctsStopReason::Proven);
    assert!(result.elapsed < std::time::Duration::from_millis(500));
}

#[test]
fn progressive_widening_holds_back_later_children() {
    let root = Adapted(TicTacToe::new());
    let mut s = search(
        SearchOptions::default()
            .with_widening(Some(go_mcts::Widening {
                initial: 2,
                growth: 0.0,
            }))
            .with_early_stop(false),
    );
    let result = s.run(&root, Budget::playouts(2_000));
    let visited = result.moves.iter().filter(|m| m.visits > 0).count();
    assert_eq!(visited, 2);
}

#[test]
fn an_empty_budget_runs_the_default_playouts() {
    let root = Adapted(TicTacToe::new());
    let mut s = search(SearchOptions::default().with_early_stop(false));
    let result = s.run(&root, Budget::default());
    assert!(result.playouts <= Budget::DEFAULT_PLAYOUTS);
    assert!(result.stop == MctsStopReason::Playouts || result.stop == MctsStopReason::Proven);
}

#[test]
fn a_tree_with_no_room_for_a_move_is_refused_or_says_so() {
    for max_nodes in [0, 1] {
        let options = SearchOptions::default().with_max_nodes(max_nodes);
        let refused = Search::<Adapted<Pile>, _>::try_new(
            options.clone(),
            RandomPlayout::default(),
            LegalMoves,
        );
        assert_eq!(
            refused.err(),
            Some(go_mcts::MctsOptionsError::MaxNodes(max_nodes))
        );
        let result =
            search::<Adapted<Pile>>(options).run(&Adapted(Pile::new(7)), Budget::playouts(100));
        assert_eq!(result.best, None);
        assert!(result.tree_full, "max_nodes {max_nodes}");
    }
    // Room for the root's two children: a move.
    let options = SearchOptions::default().with_max_nodes(3);
    let mut s = Search::try_new(options, RandomPlayout::default(), LegalMoves).unwrap();
    assert!(
        s.run(&Adapted(Pile::new(7)), Budget::playouts(100))
            .best
            .is_some()
    );
}
