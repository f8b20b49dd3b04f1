//! Eye spaces on a real board: finding them, and how many eyes they give.

mod game;

pub use game::{EyeGraph, EyeGraphError, GraphValue, MAX_GRAPH_POINTS};
