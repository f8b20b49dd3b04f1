//! Budgets stop every engine with the right reason; explored trees export as valid SGF.

mod common;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use common::{Connect, Hex};
use go_search::toys::{Nim, TicTacToe};
use go_search::{
    AlphaBeta, AlphaBetaOptions, DebugNamer, Dfpn, DfpnOptions, Evaluator, Game, Gts, GtsOptions,
    MoveNamer, Neutral, Player, ProofNumber, ProofNumberOptions, SearchLimits, StopReason, Value,
    WinGoal,
};

struct Cells;
impl MoveNamer<u8> for Cells {
    fn sgf_point(&self, cell: u8) -> String {
        format!("{}{}", (b'a' + cell % 3) as char, (b'a' + cell / 3) as char)
    }
    fn sgf_header(&self) -> String {
        "SZ[3]".to_string()
    }
}

fn parses(sgf: &str) -> usize {
    let trees = sgf_parse::parse(sgf).unwrap_or_else(|e| panic!("invalid SGF {e}: {sgf}"));
    assert_eq!(trees.len(), 1);
    fn count(node: &sgf_parse::SgfNode<sgf_parse::go::Prop>) -> usize {
        1 + node.children().map(count).sum::<usize>()
    }
    count(trees[0].as_go_node().expect("a Go game tree"))
}

#[test]
fn every_engine_exports_its_tree_as_valid_sgf() {
    let mut game = TicTacToe::new();
    let ab = AlphaBeta::new(AlphaBetaOptions::default().with_tree(500)).search(&mut game, &Neutral);
    let tree = ab.tree.expect("recorded");
    assert_eq!(parses(&tree.to_sgf(&Cells)), tree.num_nodes());

    let df = Dfpn::new(DfpnOptions::default().with_tree(500))
        .solve(&mut game, &WinGoal::new(Player::First));
    let tree = df.tree.expect("recorded");
    assert_eq!(parses(&tree.to_sgf(&Cells)), tree.num_nodes());
    assert!(tree.to_sgf(&Cells).contains("C[pn "));

    let pns_options = ProofNumberOptions::default().with_tree(300);
    let pn = ProofNumber::new(pns_options).solve(&mut game, &WinGoal::new(Player::First));
    let tree = pn.tree.expect("recorded");
    assert_eq!(tree.num_nodes(), 300);
    assert_eq!(parses(&tree.to_sgf(&Cells)), 300);

    let mut hex = Hex::<3>::new();
    let gts_options = GtsOptions::default().with_tree(200);
    let gts = Gts::new(gts_options).solve(&mut hex, &WinGoal::new(Player::First));
    assert_eq!(
        gts.stop,
        StopReason::Proved,
        "the first player wins 3x3 Hex"
    );
    let tree = gts.tree.expect("recorded");
    assert_eq!(parses(&tree.to_sgf(&Cells)), tree.num_nodes());
}

#[test]
fn debug_names_are_escaped_into_valid_sgf() {
    let r = AlphaBeta::new(AlphaBetaOptions::default().with_tree(100))
        .search(&mut Nim::new(&[2, 1]), &Neutral);
    let sgf = r.tree.expect("recorded").to_sgf(&DebugNamer);
    assert!(sgf.contains("NimMove"));
    assert!(sgf_parse::parse(&sgf).is_ok(), "{sgf}");
}

#[test]
fn node_budgets_stop_every_engine() {
    let mut game = Connect::<5, 4, 4>::new();
    let limits = SearchLimits::default().with_nodes(500);
    let ab = AlphaBeta::new(AlphaBetaOptions::default().with_limits(limits.clone()))
        .search(&mut game, &Neutral);
    assert_eq!(ab.stop, StopReason::NodeLimit);
    assert!(ab.stats.nodes <= 500);
    assert!(
        ab.best_move.is_some(),
        "a move from the last finished iteration"
    );
    let df = Dfpn::new(DfpnOptions::default().with_limits(limits.clone()))
        .solve(&mut game, &WinGoal::new(Player::First));
    assert_eq!(df.stop, StopReason::NodeLimit);
    assert!(df.stats.nodes <= 500);
    let three = Dfpn::new(DfpnOptions::default().with_limits(limits.clone()))
        .solve_three_valued(&mut game, &WinGoal::new(Player::First));
    assert_eq!((three.value, three.stop), (None, StopReason::NodeLimit));
    let pn = ProofNumber::new(ProofNumberOptions::default().with_limits(limits.clone()))
        .solve(&mut game, &WinGoal::new(Player::First));
    assert_eq!(pn.stop, StopReason::NodeLimit);
    let mut hex = Hex::<5>::new();
    let gts = Gts::new(GtsOptions::default().with_limits(limits))
        .solve(&mut hex, &WinGoal::new(Player::First));
    assert_eq!(gts.stop, StopReason::NodeLimit);
    assert_eq!(
        game.hash(),
        Connect::<5, 4, 4>::new().hash(),
        "the game is restored"
    );
}

#[test]
fn a_raised_stop_flag_aborts() {
    let flag = Arc::new(AtomicBool::new(true));
    let limits = SearchLimits::default().with_stop_flag(flag);
    let mut game = Connect::<5, 4, 4>::new();
    let ab = AlphaBeta::new(AlphaBetaOptions::default().with_limits(limits.clone()))
        .search(&mut game, &Neutral);
    assert_eq!(ab.stop, StopReason::Aborted);
    let df = Dfpn::new(DfpnOptions::default().with_limits(limits))
        .solve(&mut game, &WinGoal::new(Player::First));
    assert_eq!(df.stop, StopReason::Aborted);
}

#[test]
fn depth_limits_are_reported_as_such() {
    let mut game = TicTacToe::new();
    let ab = AlphaBeta::new(
        AlphaBetaOptions::default().with_limits(SearchLimits::default().with_depth(3)),
    )
    .search(&mut game, &Neutral);
    assert_eq!((ab.stop, ab.stats.depth), (StopReason::DepthLimit, 3));
    let options = ProofNumberOptions::default().with_limits(SearchLimits::default().with_depth(3));
    let pn = ProofNumber::new(options).solve(&mut game, &WinGoal::new(Player::First));
    assert_eq!(
        pn.stop,
        StopReason::DepthLimit,
        "a disproof that leans on the cut is no disproof"
    );
    // A win within the depth limit is still a proof.
    let mut nim = Nim::new(&[1, 2]);
    let options = ProofNumberOptions::default().with_limits(SearchLimits::default().with_depth(3));
    assert!(
        ProofNumber::new(options)
            .solve(&mut nim, &WinGoal::new(Player::First))
            .is_proved()
    );
}

/// A constant heuristic with centre-first ordering and one quiescence move per node.
struct Centre;
impl Evaluator<Connect<5, 4, 4>> for Centre {
    fn evaluate(&self, _game: &Connect<5, 4, 4>) -> Value {
        Value::new(1)
    }
    fn order(&self, _game: &Connect<5, 4, 4>, moves: &mut [u8]) {
        moves.sort_by_key(|&c| (i32::from(c) - 2).abs());
    }
    fn quiescence_moves(&self, game: &Connect<5, 4, 4>, out: &mut Vec<u8>) {
        game.generate(out);
        out.truncate(1);
    }
}

#[test]
fn null_move_quiescence_and_heuristics_still_solve_exactly() {
    // Null move needs a pass: Hex has one. Solving 3x3 Hex exactly with every option on.
    let options = AlphaBetaOptions::default()
        .with_null_move(Some(1))
        .with_aspiration(Some(1));
    let mut hex = Hex::<3>::new();
    let r = AlphaBeta::new(options).search(&mut hex, &Neutral);
    assert_eq!(r.stop, StopReason::Proved);
    // A heuristic evaluator with quiescence on a bigger board, depth-limited.
    let options = AlphaBetaOptions::default().with_limits(SearchLimits::default().with_depth(4));
    let mut game = Connect::<5, 4, 4>::new();
    let r = AlphaBeta::new(options).search(&mut game, &Centre);
    assert_eq!(r.stop, StopReason::DepthLimit);
    assert_eq!(r.pv.first().copied(), r.best_move);
    assert!(!r.value.is_decisive());
}

/// Freeing solved subtrees (and compacting the arena) must not change the
/// search: the same answer, move and node count as with the whole tree kept
/// (recording the tree keeps it).
#[test]
fn freeing_solved_subtrees_changes_nothing_but_memory() {
    fn both<G: go_search::Game>(mut game: G)
    where
        G::Move: PartialEq + std::fmt::Debug,
    {
        let goal = WinGoal::new(Player::First);
        let freed = ProofNumber::new(ProofNumberOptions::default()).solve(&mut game, &goal);
        let kept = ProofNumber::new(ProofNumberOptions::default().with_tree(usize::MAX))
            .solve(&mut game, &goal);
        assert_eq!(freed.stop, kept.stop);
        assert_eq!(freed.best_move, kept.best_move);
        assert_eq!(freed.stats.nodes, kept.stats.nodes);
        assert!(
            freed.stats.nodes > 1024,
            "the arena was compacted at least once"
        );
    }
    both(TicTacToe::new());
    both(Nim::new(&[3, 4, 5]));
    both(Hex::<3>::new());
}
