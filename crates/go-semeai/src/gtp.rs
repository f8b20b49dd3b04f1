//! GTP commands (feature `gtp`): the thesis's `solve_semeais` and GNU Go's
//! `analyze_semeai`, so that the STS-RV suites run unchanged.
//!
//! ```
//! use go_gtp::{Engine, GoEngine};
//!
//! let mut registry = GoEngine::registry("demo", "1");
//! go_semeai::gtp::register(&mut registry);
//! let mut engine = Engine::new(registry, GoEngine::new());
//! // Black's corner block has one liberty, its eye at A2; White's has seven.
//! let script = "boardsize 5\n\
//!     play b A3\nplay b B3\nplay b B2\nplay b B1\nplay b A1\n\
//!     play w A4\nplay w B4\nplay w C4\nplay w C3\nplay w C2\nplay w C1\n\
//!     analyze_semeai C3 A3\nanalyze_semeai A3 C3\nsolve_semeais A3 C3\n";
//! let mut out = Vec::new();
//! engine.run(script.as_bytes(), &mut out)?;
//! let text = String::from_utf8(out)?;
//! // White wins without moving; Black loses whatever it does.
//! assert!(text.ends_with("= 1 1 PASS\n\n= 0 0 PASS\n\n= 0 PASS\n\n"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use go_gtp::{GtpError, HasBoard, Registry, Response};

use crate::{BestMove, SemeaiResult, Solver, SolverOptions};

/// Registers `solve_semeais` and `analyze_semeai` with the default
/// [`SolverOptions`].
///
/// ```
/// let mut registry = go_gtp::GoEngine::registry("demo", "1");
/// go_semeai::gtp::register(&mut registry);
/// assert!(registry.contains("analyze_semeai"));
/// assert!(registry.contains("solve_semeais"));
/// ```
pub fn register<S: HasBoard>(registry: &mut Registry<S>) {
    register_with(registry, SolverOptions::default());
}

/// Registers the commands with a solver of these options.
///
/// ```
/// use go_semeai::SolverOptions;
/// let mut registry = go_gtp::GoEngine::registry("demo", "1");
/// go_semeai::gtp::register_with(&mut registry, SolverOptions::thesis());
/// assert!(registry.contains("solve_semeais"));
/// ```
pub fn register_with<S: HasBoard>(registry: &mut Registry<S>, options: SolverOptions) {
    let solver = Solver::new(options);
    registry.register("solve_semeais", move |state: &mut S, args| {
        let a = args.next_point()?;
        let b = args.next_point()?;
        args.end()?;
        let r = solver
            .solve(state.board(), a, b)
            .map_err(|e| GtpError::message(e.to_string()))?;
        Ok(Response::from(solve_semeais_answer(&r)))
    });
    registry.register("analyze_semeai", move |state: &mut S, args| {
        let a = args.next_point()?;
        let b = args.next_point()?;
        args.end()?;
        let r = solver
            .solve(state.board(), a, b)
            .map_err(|e| GtpError::message(e.to_string()))?;
        Ok(Response::from(analyze_semeai_answer(&r)))
    });
}

/// The thesis's answer: `<statusIfPlay code> <vertex|PASS>`.
///
/// ```
/// use go_semeai::{Certainty, BestMove, SemeaiResult, SemeaiStats, Status};
/// use go_semeai::gtp::solve_semeais_answer;
/// let r = SemeaiResult {
///     status_if_play: Status::Seki,
///     status_if_pass: Status::Seki,
///     decision: BestMove::Pass,
///     lives: Certainty::Sure,
///     kills: Certainty::No,
///     stats: SemeaiStats::default(),
/// };
/// assert_eq!(solve_semeais_answer(&r), "2 PASS");
/// ```
#[must_use]
pub fn solve_semeais_answer(r: &SemeaiResult) -> String {
    format!("{} {}", r.status_if_play.code(), r.decision)
}

/// GNU Go's answer: `<defence of A> <attack of B> <move>` — `1 1 M` A's
/// side wins, `1 0 M` seki or both live, `0 0 PASS` A's side loses, 2 and
/// 3 for a ko A takes first or must find the first threat for.
///
/// ```
/// use go_semeai::{Certainty, BestMove, SemeaiResult, SemeaiStats, Status};
/// use go_semeai::gtp::analyze_semeai_answer;
/// let r = SemeaiResult {
///     status_if_play: Status::Winner,
///     status_if_pass: Status::Seki,
///     decision: BestMove::Play("C3".parse()?),
///     lives: Certainty::Sure,
///     kills: Certainty::Sure,
///     stats: SemeaiStats::default(),
/// };
/// assert_eq!(analyze_semeai_answer(&r), "1 1 C3");
/// # Ok::<(), go_board::ParseVertexError>(())
/// ```
#[must_use]
pub fn analyze_semeai_answer(r: &SemeaiResult) -> String {
    let def = r.lives.code();
    let att = r.kills.code();
    let mv = if def == 0 { BestMove::Pass } else { r.decision };
    format!("{def} {att} {mv}")
}
