//! Who wins a state of the local game: the question every evaluation
//! asks, and the choice of the solver that answers it.

use super::EyeGraphError;
use super::graph::EyeGraph;
use super::proof::ProofSearch;
use super::retrograde::{RETROGRADE_MAX_POINTS, Retrograde};
use super::rules::{Rules, Side, State};
use crate::eye_game::KoMaster;

/// Who wins a state of the local game.
pub(super) trait Judge {
    /// Whether the attacker captures the wall from `s`, kos won by `master`.
    fn attacker_wins(&mut self, s: State, master: KoMaster) -> Result<bool, EyeGraphError>;
}

impl EyeGraph {
    /// The judge of this graph's game: the retrograde solver up to
    /// [`RETROGRADE_MAX_POINTS`] points, df-pn beyond.
    pub(super) fn judge<'r>(&self, rules: &'r Rules) -> Box<dyn Judge + 'r> {
        if rules.n <= RETROGRADE_MAX_POINTS {
            let roots: Vec<State> = [false, true]
                .into_iter()
                .flat_map(|eye| {
                    [
                        self.root(eye, Side::Attacker),
                        self.root(eye, Side::Defender),
                    ]
                })
                .collect();
            Box::new(Retrograde::new(rules, roots))
        } else {
            Box::new(ProofSearch::new(rules))
        }
    }
}
