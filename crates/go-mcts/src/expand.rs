//! Expansion: which children a node gets, with what prior knowledge, and
//! progressive widening.

use crate::state::State;

/// Prior knowledge about a move: `visits` games' worth of experience at
/// `value` (from the side of the player making the move), added to the
/// move's statistics (Gelly and Silver's "equivalent experience").
///
/// ```
/// use go_mcts::Prior;
/// assert_eq!(Prior::NONE.visits, 0);
/// let good = Prior::new(20, 0.9);
/// assert!(good.value > 0.5);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Default)]
pub struct Prior {
    /// Equivalent visits.
    pub visits: u16,
    /// Value in [0, 1].
    pub value: f32,
}

impl Prior {
    /// No knowledge.
    pub const NONE: Prior = Prior {
        visits: 0,
        value: 0.5,
    };

    /// `visits` equivalent games at `value`.
    #[must_use]
    pub const fn new(visits: u16, value: f32) -> Prior {
        Prior { visits, value }
    }
}

/// A child to create: a move and its prior.
///
/// ```
/// use go_mcts::{Candidate, Prior};
/// let c = Candidate { mv: 3u8, prior: Prior::NONE };
/// assert_eq!(c.mv, 3);
/// ```
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Candidate<M> {
    /// The move.
    pub mv: M,
    /// What is known about it beforehand.
    pub prior: Prior,
}

/// Says which children a node gets and their priors.
///
/// The children are kept in the order given; with progressive widening
/// ([`Widening`]) the search considers only a prefix of them, so give the
/// most promising first.
pub trait Expander<S: State>: Send + Sync {
    /// Appends the children of `state` (empty exactly when the game is
    /// over).
    fn expand(&self, state: &S, out: &mut Vec<Candidate<S::Move>>);
}

/// Every legal move, no prior: the plain expander.
///
/// ```
/// use go_mcts::{Adapted, Expander, LegalMoves};
/// use go_search::toys::TicTacToe;
/// let mut out = Vec::new();
/// LegalMoves.expand(&Adapted(TicTacToe::new()), &mut out);
/// assert_eq!(out.len(), 9);
/// ```
#[derive(Copy, Clone, Debug, Default)]
pub struct LegalMoves;

impl<S: State> Expander<S> for LegalMoves {
    fn expand(&self, state: &S, out: &mut Vec<Candidate<S::Move>>) {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        out.extend(moves.into_iter().map(|mv| Candidate {
            mv,
            prior: Prior::NONE,
        }));
    }
}

/// Progressive widening: a node with `n` visits considers only its first
/// `initial + ⌊growth · ln(1 + n)⌋` children (in expander order).
///
/// ```
/// use go_mcts::Widening;
/// let w = Widening { initial: 4, growth: 2.0 };
/// assert_eq!(w.width(0), 4);
/// assert!(w.width(1000) > 15);
/// ```
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Widening {
    /// Children considered from the start.
    pub initial: usize,
    /// Children added per unit of `ln(1 + visits)`.
    pub growth: f32,
}

impl Widening {
    /// The number of children a node with `visits` considers.
    #[must_use]
    pub fn width(&self, visits: u32) -> usize {
        self.initial + (self.growth * (1.0 + visits as f32).ln()) as usize
    }
}
