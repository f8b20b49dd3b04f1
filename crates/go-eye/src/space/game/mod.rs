//! The local game of an eye space, solved exactly: how many eyes it gives.
//!
//! An eye space is abstracted as a small graph ([`EyeGraph`]) in GNU Go's
//! way (see its `eyes.db`): ordinary points, *marginal* points (where the
//! attacker can play safely, its stone joining live stones outside) and
//! dead attacker stones. The graph is played as real Go:
//!
//! - The owner's surrounding stones are one block, the *wall*, with some
//!   outside liberties the attacker may fill one by one, and possibly one
//!   more *external eye* elsewhere (a liberty the attacker can only fill
//!   with the capturing move).
//! - Both sides play on empty points of the graph, with captures, simple
//!   ko and no suicide. An owner stone on a point next to the wall joins
//!   it; an attacker stone on a marginal point (or joined to one) can never
//!   be captured.
//! - The attacker wins by capturing the wall. The owner may pass; the
//!   attacker's waiting move is filling an outside liberty.
//!
//! The space gives two eyes with a side to move first if the wall lives
//! (seki counts) with no external eye, one eye if it lives only with one
//! external eye, no eye otherwise: exactly the meaning of the number of
//! eyes in GNU Go's eye values. Kos go to the attacker, with either side
//! moving first: the attacker is the ko master (`crate::eye_game::KoMaster`,
//! unlimited ko threats in go-search's model), so an eye that needs a won
//! ko is not counted, as GNU Go does not trust a ko eye.
//!
//! Graphs of up to nine points are evaluated by retrograde analysis
//! (least fixpoint of attacker wins) over every state reachable from the
//! position, bigger ones by df-pn proofs within a node budget.
//!
//! The tables' solver (`tables::solver`) plays the same game by the same
//! rules and solver (`crate::eye_game`, there on `u8` masks): one closed
//! eye of at most eight points, no marginal point, no external eye,
//! suicide as a rule option, solved from every position at once.
//!
//! # Modules
//! - `graph`: the [`EyeGraph`] and its builders, checked on construction.
//! - `rules`: the game's states, and the eye games' rules on `u16` masks.
//! - `value`: [`EyeGraph::value`], eyes with each side first and the vital
//!   points, from the answers of a judge.
//! - `judge`: the question "does the attacker win this state?" and the
//!   solver chosen to answer it by the graph's size.
//! - `retrograde`: the judge of small graphs, the eye games' retrograde
//!   solver over every state reachable from the graph's roots.
//! - `proof`: the df-pn adapter for big graphs (go-search).
//! - `timing` and `against_tables` (tests): a timing probe, and the game
//!   checked against the tables' solver.

#[cfg(test)]
mod against_tables;
mod graph;
mod judge;
mod proof;
mod retrograde;
mod rules;
#[cfg(test)]
mod timing;
mod value;

pub(crate) use graph::OUTSIDE_LIBERTIES;
pub use graph::{EyeGraph, EyeGraphError, MAX_GRAPH_POINTS};
pub use value::GraphValue;
