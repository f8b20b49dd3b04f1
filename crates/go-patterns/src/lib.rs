//! Go patterns with their symmetries, PATRICIA tries, pattern learning, and
//! influence and territory estimates.

#![deny(missing_docs)]
#![warn(missing_debug_implementations)]
#![forbid(unsafe_code)]

pub mod cell;
pub mod database;
pub mod error;
pub mod hash3x3;
pub mod influence;
pub mod learn;
pub mod map;
pub mod matcher;
pub mod pattern;
pub mod shape;
pub mod svg;
pub mod symmetry;
pub mod territory;
pub mod text;
pub mod trie;

pub use cell::{Cell, PointState};
pub use database::PatternBase;
pub use error::PatternError;
pub use hash3x3::{Code3x3, Table3x3};
pub use influence::{Decay, DecayInfluence, Metric, ZobristInfluence};
pub use map::PointMap;
pub use matcher::{Match, Matcher};
pub use pattern::{Anchor, Pattern};
pub use shape::Shape;
pub use symmetry::{Offset, Symmetry, Transform, TransformSet};
pub use territory::{Morphology, Territory};
