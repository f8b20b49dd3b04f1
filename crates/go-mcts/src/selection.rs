//! How the search picks a child: UCB1, or UCT with RAVE blended in as
//! Fuego does.

use crate::node::Node;

/// The blend of AMAF (RAVE) and true statistics, after Fuego's
/// `SgUctSearch`: the RAVE weight of a child with `n` visits and `r` AMAF
/// samples is `β = r / (n·(1/initial + r/final) + r)`, so it starts near 1
/// and fades as the child's own visits grow.
///
/// ```
/// use go_mcts::Rave;
/// let rave = Rave::default();
/// assert!(rave.beta(0, 100) > 0.99);
/// assert!(rave.beta(10_000, 10_000) < 0.5);
/// ```
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Rave {
    /// Fuego's raveWeightInitial: how fast β falls for the first visits.
    pub initial_weight: f32,
    /// Fuego's raveWeightFinal: the number of AMAF samples worth as much
    /// as one real visit asymptotically (roughly the equivalence
    /// parameter of Gelly and Silver).
    pub final_weight: f32,
}

impl Default for Rave {
    /// Fuego's 9×9 defaults: initial weight 0.9, final weight 5,000.
    fn default() -> Rave {
        Rave {
            initial_weight: 0.9,
            final_weight: 5000.0,
        }
    }
}

impl Rave {
    /// The RAVE weight β for a child with `visits` and `rave_visits`.
    ///
    /// ```
    /// assert_eq!(go_mcts::Rave::default().beta(5, 0), 0.0);
    /// ```
    #[must_use]
    #[inline]
    pub fn beta(&self, visits: u32, rave_visits: u32) -> f32 {
        let r = rave_visits as f32;
        if r == 0.0 {
            return 0.0;
        }
        let n = visits as f32;
        r / (n * (1.0 / self.initial_weight + r / self.final_weight) + r)
    }
}

/// The rule that picks the child to descend into.
///
/// ```
/// use go_mcts::{Rave, Selection};
/// let ucb = Selection::Ucb1 { exploration: 1.4 };
/// let fuego = Selection::UctRave { exploration: 0.0, rave: Rave::default() };
/// assert_ne!(ucb, fuego);
/// ```
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Selection {
    /// UCB1 (Kocsis and Szepesvári's UCT): `v/n + c·sqrt(ln N / n)`;
    /// priors count as extra visits of the child.
    Ucb1 {
        /// The exploration constant `c` (√2 in theory).
        exploration: f32,
    },
    /// UCT with RAVE as in Fuego: `β·rave + (1−β)·mean +
    /// c·sqrt(ln N / (n + 1))`; priors count as extra AMAF samples
    /// (Fuego's "knowledge"). Fuego plays with `c = 0`.
    UctRave {
        /// The exploration constant `c` (may be 0).
        exploration: f32,
        /// The RAVE blend.
        rave: Rave,
    },
}

impl Default for Selection {
    /// UCT+RAVE with Fuego's weights and a small exploration term.
    fn default() -> Selection {
        Selection::UctRave {
            exploration: 0.0,
            rave: Rave::default(),
        }
    }
}

/// The scoring of children under a parent, with everything that depends
/// only on the parent computed once.
pub(crate) struct Scorer {
    selection: Selection,
    /// `1 / initial_weight` and `1 / final_weight` of the RAVE blend (0
    /// for UCB1), so that scoring a child divides once.
    inv_rave_weights: (f32, f32),
    log_parent: f32,
    fpu: f32,
    virtual_loss: u32,
}

impl Scorer {
    pub(crate) fn new(
        selection: Selection,
        parent_visits: u32,
        fpu: f32,
        virtual_loss: u32,
    ) -> Scorer {
        let inv_rave_weights = match selection {
            Selection::UctRave { rave, .. } => (1.0 / rave.initial_weight, 1.0 / rave.final_weight),
            Selection::Ucb1 { .. } => (0.0, 0.0),
        };
        Scorer {
            selection,
            inv_rave_weights,
            log_parent: (parent_visits.max(1) as f32).ln(),
            fpu,
            virtual_loss,
        }
    }

    /// The selection score of a child as a fraction `num / den` with
    /// `den > 0`, so that the selection loop compares children by
    /// cross-multiplying instead of dividing for each child: UCT+RAVE
    /// without exploration term is one ratio; other scores come with
    /// denominator 1.
    #[inline]
    pub(crate) fn score_ratio(&self, child: &Node) -> (f32, f32) {
        let (mut n, w) = child.raw_stats();
        if self.virtual_loss > 0 {
            // Virtual losses: descents in flight count as lost games.
            n += u32::from(child.in_flight.load(std::sync::atomic::Ordering::Relaxed))
                * self.virtual_loss;
        }
        let (pn, pv) = child.prior();
        let prior_wins = pv * pn as f32;
        match self.selection {
            Selection::Ucb1 { exploration } => {
                let total = n + pn;
                if total == 0 {
                    return (self.fpu, 1.0);
                }
                let t = total as f32;
                let v = (w + prior_wins) / t + exploration * (self.log_parent / t).sqrt();
                (v, 1.0)
            }
            Selection::UctRave { exploration, .. } => {
                let (rn, rw) = child.raw_rave();
                let rn = rn + pn as f32;
                let rw = rw + prior_wins;
                let n = n as f32;
                if n == 0.0 && rn == 0.0 {
                    return (self.fpu, 1.0);
                }
                // β·(rw/rn) + (1−β)·(w/n) with β = rn / (n·k + rn) and
                // k = 1/initial + rn/final, in one division.
                let (inv_initial, inv_final) = self.inv_rave_weights;
                let k = inv_initial + rn * inv_final;
                let (num, den) = (rw + k * w, n * k + rn);
                if exploration > 0.0 {
                    let v = num / den + exploration * (self.log_parent / (n + 1.0)).sqrt();
                    (v, 1.0)
                } else {
                    (num, den)
                }
            }
        }
    }
}
