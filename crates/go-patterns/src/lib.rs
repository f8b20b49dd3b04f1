//! Go patterns with their symmetries, PATRICIA tries, pattern learning, and influence and territory estimates.
//!
//! This crate is not built yet: it only states its purpose. See the
//! workspace `README.md` for the plan.

#![deny(missing_docs)]
#![forbid(unsafe_code)]
