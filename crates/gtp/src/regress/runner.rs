//! Running a suite against an engine and collecting its results.

use std::fmt;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use super::{Scoring, Suite, TestOutcome};
use crate::controller::{Controller, ControllerError, ControllerOptions, EngineCommand};

/// Knobs of a suite run.
///
/// ```
/// use go_gtp::regress::RunOptions;
/// use std::time::Duration;
///
/// let options = RunOptions::default().with_timeout(Some(Duration::from_secs(60)));
/// assert!(!options.show_engine_stderr);
/// assert_eq!(options.scoring, go_gtp::regress::Scoring::Exact);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct RunOptions {
    /// How long one command may take; after a timeout the engine is
    /// restarted. `None` waits forever.
    pub timeout: Option<Duration>,
    /// Let the engine's standard error through (it is discarded by default).
    pub show_engine_stderr: bool,
    /// How the tests are scored (exactly, by their patterns, by default).
    pub scoring: Scoring,
}

impl RunOptions {
    /// Sets [`timeout`](Self::timeout).
    ///
    /// ```
    /// use go_gtp::regress::RunOptions;
    /// use std::time::Duration;
    /// let options = RunOptions::default().with_timeout(Some(Duration::from_secs(9)));
    /// assert_eq!(options.timeout, Some(Duration::from_secs(9)));
    /// ```
    #[must_use]
    pub fn with_timeout(mut self, timeout: Option<Duration>) -> Self {
        self.timeout = timeout;
        self
    }

    /// Sets [`scoring`](Self::scoring).
    ///
    /// ```
    /// use go_gtp::regress::{RunOptions, Scoring};
    /// let options = RunOptions::default().with_scoring(Scoring::CountAtLeast);
    /// assert_eq!(options.scoring, Scoring::CountAtLeast);
    /// ```
    #[must_use]
    pub fn with_scoring(mut self, scoring: Scoring) -> Self {
        self.scoring = scoring;
        self
    }
}

/// What the engine answered to a test.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Got {
    /// A success reply; its first line.
    Answer(String),
    /// A `?` reply; its message.
    Error(String),
    /// No reply: the line held no command, or the engine died, timed out or
    /// answered garbage. Says which.
    Nothing(String),
}

impl fmt::Display for Got {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Answer(text) => f.write_str(text),
            Self::Error(message) => write!(f, "? {message}"),
            Self::Nothing(why) => write!(f, "(no answer: {why})"),
        }
    }
}

/// The result of one test.
///
/// `Display` writes a line in GNU Go's style: `12 passed`, `12 PASSED`, or
/// `12 FAILED: correct '1 G1', got '0'`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestResult {
    /// The test number.
    pub id: u32,
    /// The line of the command in the suite.
    pub line: usize,
    /// The command, without id.
    pub command: String,
    /// The correct answer as written in the suite (with `!` if negated), or
    /// `>= N (go_safe count)` for a test scored by count
    /// ([`super::Expectation::correct`]).
    pub correct: String,
    /// What the engine answered.
    pub got: Got,
    /// How the test came out.
    pub outcome: TestOutcome,
    /// How long the engine took.
    pub elapsed: Duration,
}

impl fmt::Display for TestResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.id, self.outcome)?;
        match self.outcome {
            TestOutcome::Passed | TestOutcome::UnexpectedPass => Ok(()),
            TestOutcome::Ignored => write!(f, ": got '{}'", self.got),
            TestOutcome::ExpectedFailure | TestOutcome::UnexpectedFailure => {
                write!(f, ": correct '{}', got '{}'", self.correct, self.got)
            }
        }
    }
}

/// A setup command (one that is not a test) that the engine refused or did
/// not answer; the tests after it may be meaningless.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupFailure {
    /// The line of the command in the suite.
    pub line: usize,
    /// The command.
    pub command: String,
    /// The engine's error message or why there was no reply.
    pub message: String,
}

/// The results of one suite.
#[derive(Debug, Clone)]
pub struct SuiteReport {
    /// The suite's file.
    pub path: PathBuf,
    /// One result per test, in file order.
    pub results: Vec<TestResult>,
    /// Setup commands that failed.
    pub setup_failures: Vec<SetupFailure>,
    /// How often the engine was restarted after dying or timing out.
    pub restarts: usize,
    /// Wall-clock time of the whole suite.
    pub elapsed: Duration,
}

impl SuiteReport {
    /// How many tests came out `outcome`.
    ///
    /// ```
    /// use go_gtp::regress::{TestOutcome, SuiteReport};
    ///
    /// let report = SuiteReport::empty("a.tst");
    /// assert_eq!(report.count(TestOutcome::Passed), 0);
    /// ```
    #[must_use]
    pub fn count(&self, outcome: TestOutcome) -> usize {
        self.results.iter().filter(|r| r.outcome == outcome).count()
    }

    /// Correct answers: `passed` plus `PASSED`.
    ///
    /// ```
    /// use go_gtp::regress::SuiteReport;
    ///
    /// assert_eq!(SuiteReport::empty("a.tst").passed(), 0);
    /// ```
    #[must_use]
    pub fn passed(&self) -> usize {
        self.results.iter().filter(|r| r.outcome.is_pass()).count()
    }

    /// Wrong answers: `failed` plus `FAILED`.
    ///
    /// ```
    /// use go_gtp::regress::SuiteReport;
    ///
    /// assert_eq!(SuiteReport::empty("a.tst").failed(), 0);
    /// ```
    #[must_use]
    pub fn failed(&self) -> usize {
        self.results
            .iter()
            .filter(|r| r.outcome.is_failure())
            .count()
    }

    /// A report with no results, to fill in.
    ///
    /// ```
    /// use go_gtp::regress::SuiteReport;
    ///
    /// assert!(SuiteReport::empty("a.tst").results.is_empty());
    /// ```
    pub fn empty(path: impl Into<PathBuf>) -> Self {
        Self {
            path: path.into(),
            results: Vec::new(),
            setup_failures: Vec::new(),
            restarts: 0,
            elapsed: Duration::ZERO,
        }
    }

    /// One line of totals: `193 passed, 42 failed (2 PASSED, 5 FAILED, 0
    /// ignored) in 12.3 s`.
    ///
    /// ```
    /// use go_gtp::regress::SuiteReport;
    ///
    /// assert_eq!(
    ///     SuiteReport::empty("a.tst").summary(),
    ///     "0 passed, 0 failed (0 PASSED, 0 FAILED, 0 ignored) in 0.0 s"
    /// );
    /// ```
    #[must_use]
    pub fn summary(&self) -> String {
        let mut summary = format!(
            "{} passed, {} failed ({} PASSED, {} FAILED, {} ignored) in {:.1} s",
            self.passed(),
            self.failed(),
            self.count(TestOutcome::UnexpectedPass),
            self.count(TestOutcome::UnexpectedFailure),
            self.count(TestOutcome::Ignored),
            self.elapsed.as_secs_f64()
        );
        if self.restarts > 0 {
            summary.push_str(&format!(", {} engine restarts", self.restarts));
        }
        if !self.setup_failures.is_empty() {
            summary.push_str(&format!(
                ", {} setup commands failed",
                self.setup_failures.len()
            ));
        }
        summary
    }
}

/// Why a suite could not be run.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RegressError {
    /// The engine could not be started (or restarted).
    #[error("cannot start the engine for {path}: {source}")]
    Engine {
        /// The suite.
        path: PathBuf,
        /// Why.
        #[source]
        source: ControllerError,
    },
    /// The current directory cannot be read (to resolve the engine path).
    #[error("cannot read the current directory: {0}")]
    CurrentDir(#[source] std::io::Error),
}

/// The engine of one suite run, restarted with the setup replayed when it
/// dies or hangs.
struct Session<'a> {
    engine: &'a EngineCommand,
    folder: &'a Path,
    options: &'a RunOptions,
    controller: Controller,
    /// Setup commands sent so far, replayed after a restart.
    setup: Vec<&'a str>,
    restarts: usize,
}

impl<'a> Session<'a> {
    fn start(
        engine: &'a EngineCommand,
        folder: &'a Path,
        options: &'a RunOptions,
    ) -> Result<Self, ControllerError> {
        Ok(Self {
            engine,
            folder,
            options,
            controller: Self::spawn(engine, folder, options)?,
            setup: Vec::new(),
            restarts: 0,
        })
    }

    fn spawn(
        engine: &EngineCommand,
        folder: &Path,
        options: &RunOptions,
    ) -> Result<Controller, ControllerError> {
        let mut command = engine.to_command();
        command.current_dir(folder);
        if !options.show_engine_stderr {
            command.stderr(Stdio::null());
        }
        let controller_options = ControllerOptions {
            timeout: options.timeout,
            ..ControllerOptions::default()
        };
        Controller::spawn(command, controller_options)
    }

    /// Sends a command; after an error that leaves the engine unusable
    /// (death, timeout), restarts it and replays the setup.
    fn request(
        &mut self,
        command: &str,
    ) -> Result<crate::protocol::Reply, (ControllerError, bool)> {
        match self.controller.request(command) {
            Ok(reply) => Ok(reply),
            Err(error @ (ControllerError::Garbled { .. } | ControllerError::InvalidCommand(_))) => {
                Err((error, false))
            }
            Err(error) => Err((error, true)),
        }
    }

    fn restart(&mut self) -> Result<(), ControllerError> {
        self.restarts += 1;
        self.controller = Self::spawn(self.engine, self.folder, self.options)?;
        for command in &self.setup {
            // Replies do not matter: they were already recorded once.
            match self.controller.request(command) {
                Ok(_) | Err(ControllerError::Garbled { .. }) => {}
                Err(error) => return Err(error),
            }
        }
        Ok(())
    }
}

/// Runs `suite` against `engine`, started in the suite's folder, calling
/// `on_result` after each test.
///
/// Setup commands (those that are not tests) are sent as they come; a test's
/// reply is scored by its [`super::Expectation`] under `options.scoring`
/// ([`Scoring::expectation`]). When the engine dies or
/// times out, the test fails, the engine is restarted and the setup
/// commands sent so far are replayed, so one crash costs one test.
///
/// # Errors
/// [`RegressError`] when the engine cannot be started, or cannot be
/// restarted with the setup replayed.
///
/// ```no_run
/// use go_gtp::controller::EngineCommand;
/// use go_gtp::regress::{run_suite, RunOptions, Suite};
///
/// let suite = Suite::load("../shared/peer-suites/gnugo/regression/capture.tst")?;
/// let gnugo: EngineCommand = "/usr/games/gnugo --quiet --mode gtp".parse()?;
/// let report = run_suite(&suite, &gnugo, &RunOptions::default(), |result| {
///     if result.outcome.is_unexpected() {
///         println!("{result}");
///     }
/// })?;
/// println!("{}", report.summary());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn run_suite(
    suite: &Suite,
    engine: &EngineCommand,
    options: &RunOptions,
    mut on_result: impl FnMut(&TestResult),
) -> Result<SuiteReport, RegressError> {
    let started = Instant::now();
    let cwd = std::env::current_dir().map_err(RegressError::CurrentDir)?;
    let engine = engine.clone().resolved_against(&cwd);
    let folder = match suite.path().parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let engine_error = |source| RegressError::Engine {
        path: suite.path().to_path_buf(),
        source,
    };
    let mut session = Session::start(&engine, &folder, options).map_err(engine_error)?;
    let mut report = SuiteReport::empty(suite.path());
    for step in suite.steps() {
        let (Some(id), Some(expectation)) = (step.test_id(), options.scoring.expectation(step))
        else {
            if step.command.is_empty() {
                continue;
            }
            let failure = match session.request(&step.command) {
                Ok(reply) if reply.is_success() => None,
                Ok(reply) => Some(reply.into_text()),
                Err((error, restart)) => {
                    if restart {
                        session.restart().map_err(engine_error)?;
                    }
                    Some(error.to_string())
                }
            };
            if let Some(message) = failure {
                report.setup_failures.push(SetupFailure {
                    line: step.line,
                    command: step.command.clone(),
                    message,
                });
            }
            session.setup.push(&step.command);
            continue;
        };
        let asked = Instant::now();
        let (got, outcome) = if step.command.is_empty() {
            (
                Got::Nothing("no command on the line".into()),
                expectation.score_missing(),
            )
        } else {
            match session.request(&step.command) {
                Ok(reply) => {
                    let outcome = expectation.score(&reply);
                    let got = if reply.is_success() {
                        Got::Answer(reply.first_line().to_string())
                    } else {
                        Got::Error(reply.into_text())
                    };
                    (got, outcome)
                }
                Err((error, restart)) => {
                    if restart {
                        session.restart().map_err(engine_error)?;
                    }
                    (Got::Nothing(error.to_string()), expectation.score_missing())
                }
            }
        };
        let result = TestResult {
            id,
            line: step.line,
            command: step.command.clone(),
            correct: expectation.correct(),
            got,
            outcome,
            elapsed: asked.elapsed(),
        };
        on_result(&result);
        report.results.push(result);
    }
    report.restarts = session.restarts;
    // A polite end; a stubborn engine is killed when the controller drops.
    let _ = session.controller.quit();
    report.elapsed = started.elapsed();
    Ok(report)
}
