//! The local game of one eye graph: its states, and the eye games' one
//! set of rules (`crate::eye_game::Rules`) on `u16` masks with the graph's
//! marginal points and an external eye.

use super::graph::EyeGraph;
use crate::eye_game::{Mask, Rules as EyeRules};
pub(super) use crate::eye_game::{Side, bits};

/// The rules of one graph.
pub(super) type Rules = EyeRules<u16>;

/// A move's result.
pub(super) type Play = crate::eye_game::Play<u16>;

/// The mask of the first `n` points.
pub(super) fn full_mask(n: usize) -> u16 {
    u16::below(n)
}

/// A state of the local game.
pub(super) type State = crate::eye_game::State<u16>;

impl State {
    /// The state as one number (a hash key for df-pn).
    pub(super) fn pack(self) -> u64 {
        u64::from(self.a)
            | u64::from(self.d) << 16
            | u64::from(self.ko) << 32
            | u64::from(self.libs) << 48
            | u64::from(self.eye) << 56
            | u64::from(self.side == Side::Defender) << 57
    }
}

impl EyeGraph {
    /// The rules of this graph's game, suicide illegal. A marginal point
    /// is next to the wall too: an owner stone there connects (it is what
    /// "taking the margin" means). A shut marginal point is not.
    pub(super) fn rules(&self) -> Rules {
        let wall = self.wall | (self.marginal & !self.shut);
        Rules::new(&self.adjacent, wall, self.marginal, false)
    }
}
