//! Capturing races (semeai) after Vilà's Semeai-01ES solver: classes 0, 1, e, p and s; later seki and the safety of territory.
//!
//! This crate is not built yet: it only states its purpose. See the
//! workspace `README.md` for the plan.

#![deny(missing_docs)]
#![forbid(unsafe_code)]
