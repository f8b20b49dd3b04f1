//! The per-simulation hook and node extension slots: per-node statistics
//! kept outside the tree (the position analyzer's influence maps build on
//! this).

use std::collections::HashMap;
use std::sync::Mutex;

use go_mcts::{
    Adapted, Budget, LegalMoves, NodeId, Pcg32, Playout, RandomPlayout, Record, Search,
    SearchOptions, Tree,
};
use go_search::toys::TicTacToe;

/// Counts, per node, the simulations whose playout ended with the centre
/// taken by the first player: a stand-in for an ownership map.
#[derive(Default)]
struct CentreCounts {
    inner: RandomPlayout,
    counts: Mutex<HashMap<u32, (u64, u64)>>,
}

impl Playout<Adapted<TicTacToe>> for CentreCounts {
    type Worker = Vec<u8>;
    type Rng = Pcg32;

    fn worker(&self, _root: &Adapted<TicTacToe>) -> Vec<u8> {
        Vec::new()
    }

    fn playout(
        &self,
        w: &mut Vec<u8>,
        s: &mut Adapted<TicTacToe>,
        rng: &mut Pcg32,
        r: &mut Record,
    ) -> f32 {
        self.inner.playout(w, s, rng, r)
    }

    fn observe(&self, _w: &mut Vec<u8>, tree: &Tree, path: &[NodeId], end: &Adapted<TicTacToe>) {
        let centre = end.0.cell(4) == Some(go_mcts::Player::First);
        let mut counts = self.counts.lock().unwrap();
        for &id in path {
            let slot = tree.claim_extension(id);
            let e = counts.entry(slot).or_default();
            e.0 += 1;
            e.1 += u64::from(centre);
        }
    }
}

#[test]
fn every_node_on_a_path_sees_the_final_position() {
    let mut search = Search::new(
        SearchOptions::default().with_early_stop(false),
        CentreCounts::default(),
        LegalMoves,
    );
    let root = Adapted(TicTacToe::new());
    let _ = search.run(&root, Budget::playouts(2_000));
    let tree = search.tree();
    let counts = search.playout().counts.lock().unwrap();
    // The root saw every simulation.
    let root_slot = tree.extension(tree.root());
    assert_eq!(counts[&root_slot].0, 2_000);
    // Each child saw exactly its visits; the centre move always ends
    // with the centre taken.
    for c in tree.children(tree.root()) {
        let info = tree.info(c);
        let (n, centre) = counts.get(&tree.extension(c)).copied().unwrap_or((0, 0));
        assert_eq!(n, u64::from(info.visits));
        if info.move_code == 4 {
            assert_eq!(centre, n);
        }
    }
}
