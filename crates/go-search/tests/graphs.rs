//! Games with cycles, repetitions and draws: every engine agrees with retrograde analysis
//! (and with exhaustive minimax over lines) from every node, on a hand-made graph and on
//! random graphs. This is where the graph-history-interaction problem bites.

mod common;

use std::rc::Rc;

use common::check::{Engines, check};
use common::{GraphGame, GraphNode, outcome_of, path_minimax, retrograde};
use go_search::{Outcome, Player};
use proptest::prelude::*;

const REPETITIONS: [Outcome; 3] = [
    Outcome::Draw,
    Outcome::Win(Player::First),
    Outcome::Win(Player::Second),
];

fn node(to_play: Player, succ: &[usize]) -> GraphNode {
    GraphNode {
        to_play,
        outcome: None,
        succ: succ.to_vec(),
    }
}

fn terminal(o: Outcome) -> GraphNode {
    GraphNode {
        to_play: Player::First,
        outcome: Some(o),
        succ: Vec::new(),
    }
}

fn check_graph(nodes: Vec<GraphNode>, with_pns: bool) {
    let nodes = Rc::new(nodes);
    for rep in REPETITIONS {
        let truth = retrograde(&nodes, rep);
        let mut engines = Engines::new(with_pns);
        for (start, &value) in truth.iter().enumerate() {
            assert_eq!(
                path_minimax(&nodes, start, rep),
                value,
                "retrograde and line minimax disagree at {start} (repetition {rep:?}) in {nodes:?}"
            );
            let mut game = GraphGame::new(nodes.clone(), start, rep);
            let ctx = format!(
                "node {start}, repetition {rep:?}, truth {:?}, graph {nodes:?}",
                outcome_of(value)
            );
            check(&mut game, &mut engines, value, None, None, &ctx);
        }
    }
}

/// The shape of Kishimoto & Müller's GHI example (Niu et al., Fig. 3): H's value depends
/// on the path. Reached through B, H's pass back to E repeats E (a seki under the draw
/// rule); reached through C, E is new and the attacker goes on to G and wins.
#[test]
fn ghi_example_is_solved_on_both_paths() {
    let (b, c, e, f, h, g) = (1, 2, 3, 4, 5, 6);
    let att = Player::First;
    let def = Player::Second;
    let nodes = vec![
        node(att, &[b, c]), // A
        node(def, &[e]),    // B
        node(def, &[f]),    // C
        node(att, &[h, g]), // E: pass to H, or G
        node(att, &[h]),    // F
        node(def, &[e]),    // H: pass back to E
        terminal(Outcome::Win(Player::First)),
    ];
    check_graph(nodes, true);
}

#[test]
fn pass_pass_cycles_and_long_cycles() {
    let p1 = Player::First;
    let p2 = Player::Second;
    let nodes = vec![
        node(p1, &[1, 2]), // 0
        node(p2, &[0, 3]), // 1: back to 0 (a pass–pass cycle)
        node(p2, &[4]),    // 2
        node(p1, &[5, 1]), // 3
        node(p1, &[2, 6]), // 4: same mover twice
        terminal(Outcome::Win(Player::Second)),
        node(p2, &[7, 0]),       // 6
        terminal(Outcome::Draw), // 7
        node(p1, &[]),           // 8: no move, loss for the mover
    ];
    check_graph(nodes, true);
}

fn graph_strategy(acyclic: bool) -> impl Strategy<Value = Vec<GraphNode>> {
    (2usize..13).prop_flat_map(move |n| {
        proptest::collection::vec(
            (any::<bool>(), 0u8..8, proptest::collection::vec(0..n, 0..5)),
            n,
        )
        .prop_map(move |raw| {
            raw.into_iter()
                .enumerate()
                .map(|(i, (first, kind, succ))| {
                    let to_play = if first { Player::First } else { Player::Second };
                    let outcome = match kind {
                        0 => Some(Outcome::Win(Player::First)),
                        1 => Some(Outcome::Win(Player::Second)),
                        2 => Some(Outcome::Draw),
                        _ => None,
                    };
                    let mut succ: Vec<usize> =
                        succ.into_iter().filter(|&s| !acyclic || s > i).collect();
                    succ.sort_unstable();
                    succ.dedup();
                    GraphNode {
                        to_play,
                        outcome,
                        succ,
                    }
                })
                .collect()
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    #[test]
    fn engines_match_retrograde_on_random_cyclic_graphs(nodes in graph_strategy(false)) {
        check_graph(nodes, true);
    }

    #[test]
    fn engines_match_retrograde_on_random_dags(nodes in graph_strategy(true)) {
        check_graph(nodes, true);
    }
}
