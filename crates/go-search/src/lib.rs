//! Generic alpha-beta, proof-number and df-pn search engines over small game traits (in the style of Cazenave's TAIL templates), with tactical Go games (capture, escape, ladders) built on them.
//!
//! This crate is not built yet: it only states its purpose. See the
//! workspace `README.md` for the plan.

#![deny(missing_docs)]
#![forbid(unsafe_code)]
