//! Exact eye-shape knowledge for the game of Go: the neighbour
//! classification, life property, vital and end points of Vilà and
//! Cazenave, and the status of an eye with stones inside, in O(1).
//!
//! ```
//! use go_eye::{Edges, Eye, EyeStatus, Stones};
//!
//! // A bulky five in the open: unsettled, both sides want the 3-point.
//! let eye = Eye::new("###/##.".parse()?, Edges::NONE)?;
//! assert_eq!(eye.code().to_string(), "12223");
//! let empty = eye.analyse(&Stones::default(), 8)?;
//! assert_eq!(empty.status, EyeStatus::Unsettled);
//! assert_eq!(empty.key_point, go_eye::shape::Cell::new(1, 0));
//!
//! // The attacker on the vital point: nakade.
//! let killed = Stones::enemy(".#./...".parse()?);
//! assert_eq!(eye.status(&killed, 8)?, EyeStatus::Nakade);
//!
//! // A five-point eye with the life property lives whatever is played
//! // inside; with no outside liberty left the owner must capture.
//! let long = Eye::new("#####".parse()?, Edges::NONE)?;
//! assert!(long.has_life_property());
//! assert_eq!(long.status(&Stones::enemy("####.".parse()?), 0)?, EyeStatus::AliveInAtari);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Modules
//! - [`shape`]: cells and bitboards, the eight symmetries, polyomino
//!   enumeration (1..=8 points), canonical keys with O(1) lookup, the
//!   neighbour classification code and its classes.
//! - [`position`]: centre, side and corner eyes, given as the board edges
//!   the eye touches.
//! - [`tables`]: the status of an eye with enemy and own stones inside and
//!   some outside liberties, the needed moves and the single point to play,
//!   vital and end points, the life property, nakade shapes — every answer
//!   from an exact solution of the eye's local game, solved once per shape
//!   and position on first use; and the thesis's own tables ([`tables::thesis`]).
//!
//! Sources: R. Vilà, *Semeai-01ES* (2004), §4.2 (after Vilà & Cazenave,
//! "When one eye is enough", ACG 10, 2003); M. Müller, "Race to Capture" (1999).

#![deny(missing_docs)]
#![warn(missing_debug_implementations)]
#![forbid(unsafe_code)]

pub mod benson;
#[cfg(feature = "gtp")]
pub mod gtp;
pub mod position;
pub mod shape;
pub mod space;
pub mod tables;

pub use position::{Edges, EyePosition};
pub use shape::{CellSet, NeighbourCode, Shape, ShapeKey};
pub use tables::{Eye, EyeAnalysis, EyeError, EyeStatus, EyeValue, Outcome, Stones, VitalPoints};
