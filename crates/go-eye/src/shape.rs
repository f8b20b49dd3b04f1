//! Eye shapes: cells and bitboards, the eight symmetries, polyomino
//! enumeration, canonical keys and the neighbour classification.
//!
//! An *eye shape* (Vilà 2004, §4.2.1.III) is the set of points of an eye; for
//! up to seven points the eye shapes are the free polyominoes without holes.
//!
//! ```
//! use go_eye::shape::{Shape, catalog};
//! let rabbity_six: Shape = ".#./###/.##".parse().unwrap();
//! let info = catalog::shape_id(rabbity_six.key()).unwrap().info();
//! assert_eq!(info.code.to_string(), "112224");
//! assert_eq!(info.symmetries.len(), 2);
//! ```

pub mod catalog;
mod cell;
mod code;
mod polyomino;
pub(crate) mod symmetry;

pub use catalog::{ShapeClass, ShapeId, ShapeInfo};
pub use cell::{Cell, CellSet, Cells, FRAME, ParseCellSetError};
pub use code::{NeighbourCode, ParseCodeError};
pub use polyomino::{MAX_SHAPE_SIZE, Shape, ShapeError, ShapeKey, polyominoes};
pub use symmetry::{Symmetry, SymmetrySet};
