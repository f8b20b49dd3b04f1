//! Eye shapes for the game of Go: neighbour classification, life property,
//! vital and end points (after Vilà and Cazenave).

#![deny(missing_docs)]
#![warn(missing_debug_implementations)]
#![forbid(unsafe_code)]

pub mod position;
pub mod shape;
pub mod tables;
