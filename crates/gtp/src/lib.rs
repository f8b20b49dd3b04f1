//! Go Text Protocol (GTP 2): an engine framework with a typed command registry, a controller for other engines, and a regression-suite runner.
//!
//! This crate is not built yet: it only states its purpose. See the
//! workspace `README.md` for the plan.

#![deny(missing_docs)]
#![forbid(unsafe_code)]
