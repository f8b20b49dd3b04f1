//! GNU Go-style `.tst` regression suites: parse, run, score.
//!
//! A `.tst` file is a GTP script; a numbered command followed by a line
//! `#? [REGEX]` is a test whose correct answer the regex describes (see
//! [`Expectation`] for the exact matching rules, [`Suite`] for the file
//! format). [`run_suite`] sends every command to an engine started in the
//! suite's folder and scores each test as `passed`, `PASSED` (correct but
//! marked as an expected failure), `failed` (wrong, as expected) or `FAILED`
//! ([`TestOutcome`]). [`Scoring::CountAtLeast`] scores Fuego's `go_safe` tests
//! by a least count instead of their patterns. `cargo xtask regress` is the
//! command-line front end.
//!
//! ```
//! use go_gtp::protocol::Reply;
//! use go_gtp::regress::{TestOutcome, Suite};
//!
//! let suite = Suite::parse("reading.tst", b"loadsgf games/x.sgf 12\n5 attack E19\n#? [2 D19]*\n");
//! let step = &suite.steps()[1];
//! let answer = step.expectation.as_ref().unwrap();
//! assert_eq!(answer.score(&Reply::success(Some(5), "2 D19")), TestOutcome::UnexpectedPass);
//! ```

mod ere;
mod expectation;
mod runner;
mod scoring;
mod suite;

pub use expectation::{Expectation, TestOutcome};
pub use runner::{Got, RegressError, RunOptions, SetupFailure, SuiteReport, TestResult, run_suite};
pub use scoring::{ParseScoringError, Scoring};
pub use suite::{Step, Suite};

/// The old name of [`TestOutcome`], which clashed with `go_search::Outcome` (a game's
/// result) and the batch analyser's job outcome.
#[deprecated(since = "0.2.0", note = "renamed `TestOutcome`")]
pub type Outcome = TestOutcome;
