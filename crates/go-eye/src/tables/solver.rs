//! Exact solver of the local eye game.
//!
//! The game (the setting of Vilà 2004, §4.2.1.III): an eye of `n ≤ 8` points
//! completely surrounded by a single block of the owner (the *wall*), which
//! has `libs` liberties outside the eye. The attacker's surrounding stones
//! are safe. Moves:
//!
//! - the attacker plays an empty eye point, or fills an outside liberty;
//!   passing would let the owner pass too and end the game alive, so it is
//!   the attacker's resignation;
//! - the defender (owner) plays an empty eye point or passes.
//!
//! Captures, suicide (illegal by default, as in GNU Go's rules) and simple
//! ko are those of Go. The attacker wins by capturing the wall. Infinite play
//! is a win for the defender: a repeated position gains the attacker nothing
//! except through ko, and kos are settled by solving twice, once with each
//! side as [`KoMaster`] (the side with unlimited ko threats, which ignores
//! the ko ban). Seki counts as life, as in the thesis.
//!
//! The moves are the eye games' one set of rules (`crate::eye_game::Rules`)
//! on `u8` masks, with no marginal point and no external eye, and the
//! solver is theirs (`crate::eye_game::solve`): a retrograde analysis
//! (least fixpoint) over every state reachable from the requested roots;
//! the result is exact for the model.

use crate::eye_game::{Rules, Side, State};

/// The rules of one eye: adjacency inside the shape, the points touching
/// the wall (points on the first line may touch only the board edge), no
/// marginal point, suicide as the caller says.
pub(crate) type Local = Rules<u8>;

/// Whether a position is legal: every block has a liberty, the wall too.
pub(crate) fn is_legal(local: &Local, a: u8, d: u8, libs: u8) -> bool {
    !(libs == 0 && local.wall_libs(a, d) == 0) && local.is_legal(a, d)
}

/// The state `a`, `d` with `libs` outside liberties and `side` to move,
/// no ko ban.
pub(crate) fn state(a: u8, d: u8, libs: u8, side: Side) -> State<u8> {
    State {
        a,
        d,
        libs,
        ko: 0,
        eye: false,
        side,
    }
}
