//! A complete, exact, fast Go board (being built).

#![deny(missing_docs)]
#![forbid(unsafe_code)]
