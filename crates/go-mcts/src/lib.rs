//! Generic UCT/RAVE Monte-Carlo tree search (parallel, compact nodes), Go playouts, ownership and influence maps, and tree export.
//!
//! This crate is not built yet: it only states its purpose. See the
//! workspace `README.md` for the plan.

#![deny(missing_docs)]
#![forbid(unsafe_code)]
