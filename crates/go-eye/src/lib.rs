//! Eye shapes (neighbour classification, life property, vital and end points after Vilà and Cazenave), eye spaces on a board, and Benson's unconditional life.
//!
//! This crate is not built yet: it only states its purpose. See the
//! workspace `README.md` for the plan.

#![deny(missing_docs)]
#![forbid(unsafe_code)]
