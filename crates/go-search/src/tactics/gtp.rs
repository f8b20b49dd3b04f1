//! GTP commands of the tactical reader (feature `gtp`): GNU Go's `attack` and `defend`,
//! Fuego's `go_ladder` and `go_static_ladder`, and GNU Go's `trymove`/`popgo`, which the
//! reading suites use to set positions up.
//!
//! ```
//! use go_gtp::{Engine, GoEngine, Registry, commands};
//!
//! let mut registry = Registry::new("reader", "1");
//! commands::register_standard(&mut registry);
//! go_search::tactics::gtp::register(&mut registry);
//! go_search::tactics::gtp::register_trymove(&mut registry);
//! let mut engine = Engine::new(registry, GoEngine::new());
//! let script = "boardsize 9\nplay b C3\nplay b B2\nplay b C1\nplay w C2\n\
//!               attack C2\ndefend C2\ngo_ladder C2\ngo_static_ladder C2\nattack A1\n";
//! let mut out = Vec::new();
//! engine.run(script.as_bytes(), &mut out)?;
//! let answers = String::from_utf8(out)?;
//! assert!(answers.ends_with(
//!     "= 1 D2\n\n= 1 D2\n\n= unsettled\n\n= unsettled\n\n? vertex must not be empty\n\n"
//! ));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::sync::{Arc, Mutex, PoisonError};

use go_gtp::commands::next_board_point;
use go_gtp::{AnalyzeKind, ArgError, Args, GtpError, HasBoard, HasGame, Registry, Response};

use super::{CaptureOptions, Reader, ReaderOptions, TacticalResult, TacticsError};

fn gtp_error(e: TacticsError) -> GtpError {
    match e {
        TacticsError::EmptyPoint(_) => GtpError::message("vertex must not be empty"),
        TacticsError::OffBoard(p) => GtpError::Syntax(ArgError::Invalid {
            expected: "a vertex on the board",
            found: p.to_string(),
        }),
    }
}

/// Runs `question` with the shared reader on the point the command names.
fn ask<S: HasBoard>(
    reader: &Mutex<Reader>,
    state: &mut S,
    args: &mut Args<'_>,
    question: impl FnOnce(
        &mut Reader,
        &go_board::Board,
        go_board::Point,
    ) -> Result<String, TacticsError>,
) -> Result<Response, GtpError> {
    let board = state.board();
    let point = next_board_point(args, board)?;
    args.end()?;
    let mut reader = reader.lock().unwrap_or_else(PoisonError::into_inner);
    question(&mut reader, board, point)
        .map(Response::from)
        .map_err(gtp_error)
}

/// Registers `attack V`, `defend V` (answers `<code> <move>` or `0`, as GNU Go),
/// `go_ladder V` and `go_static_ladder V` (`captured`, `escaped` or `unsettled`, as
/// Fuego; the static one is [`static_ladder`](super::static_ladder)), with GoGui analyze
/// entries, and GNU Go's `increase_depths` and `decrease_depths` (one ply more or less
/// before each horizon of the reading, see [`CaptureOptions::increase_depths`]; they
/// stack). The commands share one [`Reader`] with default options; see
/// [`register_with`] for others.
///
/// ```
/// use go_gtp::{Engine, GoEngine, Registry, commands};
/// let mut registry = Registry::<GoEngine>::new("demo", "1");
/// commands::register_standard(&mut registry);
/// go_search::tactics::gtp::register(&mut registry);
/// assert!(registry.contains("attack") && registry.contains("go_ladder"));
/// assert!(registry.contains("go_static_ladder"));
/// let mut engine = Engine::new(registry, GoEngine::new());
/// let script = "boardsize 9\nplay b C3\nplay b B2\nplay b C1\nplay w C2\n\
///               increase_depths\nincrease_depths\nattack C2\n\
///               decrease_depths\ndecrease_depths\nattack C2\n";
/// let mut out = Vec::new();
/// engine.run(script.as_bytes(), &mut out)?;
/// assert!(String::from_utf8(out)?.ends_with("= \n\n= \n\n= 1 D2\n\n= \n\n= \n\n= 1 D2\n\n"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn register<S: HasBoard>(registry: &mut Registry<S>) {
    register_with(registry, ReaderOptions::default());
}

/// [`register`] with a reader built from `options`.
///
/// ```
/// use go_gtp::{GoEngine, Registry};
/// use go_search::tactics::{ReaderOptions, ReadingEngine};
/// let mut registry = Registry::<GoEngine>::new("demo", "1");
/// let options = ReaderOptions::default().with_engine(ReadingEngine::AlphaBeta);
/// go_search::tactics::gtp::register_with(&mut registry, options);
/// assert!(registry.contains("defend"));
/// ```
pub fn register_with<S: HasBoard>(registry: &mut Registry<S>, options: ReaderOptions) {
    let reader = Arc::new(Mutex::new(Reader::new(options)));
    let (r1, r2, r3) = (reader.clone(), reader.clone(), reader.clone());
    let (r4, r5) = (reader.clone(), reader);
    registry
        .register("attack", move |state: &mut S, args| {
            ask(&r1, state, args, |reader, board, p| {
                reader
                    .attack(board, p)
                    .map(|r: TacticalResult| r.to_string())
            })
        })
        .add_analyze(AnalyzeKind::String, "Attack", "attack %p")
        .register("defend", move |state: &mut S, args| {
            ask(&r2, state, args, |reader, board, p| {
                reader.defend(board, p).map(|r| r.to_string())
            })
        })
        .add_analyze(AnalyzeKind::String, "Defend", "defend %p")
        .register("go_ladder", move |state: &mut S, args| {
            ask(&r3, state, args, |reader, board, p| {
                reader.ladder(board, p).map(|s| s.to_string())
            })
        })
        .add_analyze(AnalyzeKind::String, "Ladder", "go_ladder %p")
        .register("go_static_ladder", |state: &mut S, args| {
            let board = state.board();
            let point = next_board_point(args, board)?;
            args.end()?;
            super::static_ladder(board, point)
                .map(|s| Response::from(s.to_string()))
                .map_err(gtp_error)
        })
        .add_analyze(AnalyzeKind::String, "Static ladder", "go_static_ladder %p")
        .register("increase_depths", move |_: &mut S, args| {
            args.end()?;
            change_depths(&r4, CaptureOptions::increase_depths);
            Ok(Response::empty())
        })
        .register("decrease_depths", move |_: &mut S, args| {
            args.end()?;
            change_depths(&r5, CaptureOptions::decrease_depths);
            Ok(Response::empty())
        });
}

/// Applies `change` to the shared reader's capture options.
fn change_depths(reader: &Mutex<Reader>, change: fn(&mut CaptureOptions)) {
    let mut reader = reader.lock().unwrap_or_else(PoisonError::into_inner);
    let mut capture = reader.options().capture;
    change(&mut capture);
    reader.set_capture_options(capture);
}

/// Registers GNU Go's `trymove COLOR VERTEX` (play a move to read from, answering
/// `illegal move` if it is one) and `popgo` (take it back; `Stack empty.` when no
/// `trymove` is left), as the reading suites use them.
///
/// ```
/// use go_gtp::{Engine, GoEngine, Registry, commands};
/// let mut registry = Registry::new("demo", "1");
/// commands::register_standard(&mut registry);
/// go_search::tactics::gtp::register_trymove(&mut registry);
/// let mut engine = Engine::new(registry, GoEngine::new());
/// let mut out = Vec::new();
/// engine.run(&b"trymove b D4\npopgo\npopgo\n"[..], &mut out)?;
/// assert_eq!(String::from_utf8(out)?, "= \n\n= \n\n? Stack empty.\n\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn register_trymove<S: HasGame>(registry: &mut Registry<S>) {
    // Moves played by trymove and not yet taken back, per engine state: kept as the
    // move count of the game after each trymove, so that a `play` or `undo` in between
    // does not make popgo take back the wrong move.
    let stack: Arc<Mutex<Vec<usize>>> = Arc::default();
    let pushed = stack.clone();
    registry
        .register("trymove", move |state: &mut S, args| {
            let color = args.next_color()?;
            let point = next_board_point(args, state.board())?;
            args.end()?;
            let mv = go_board::Move::Play(point);
            state
                .game_mut()
                .play(color, mv)
                .map_err(|_| GtpError::IllegalMove(go_gtp::ColoredMove { color, mv }))?;
            let played = state.game().moves().count();
            pushed
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .push(played);
            Ok(Response::empty())
        })
        .register("popgo", move |state: &mut S, args| {
            args.end()?;
            let mut stack = stack.lock().unwrap_or_else(PoisonError::into_inner);
            let played = state.game().moves().count();
            // Forget trymoves that a later undo, loadsgf or clear_board took away.
            while stack.last().is_some_and(|&n| n > played) {
                stack.pop();
            }
            match stack.last() {
                Some(&n) if n == played => {
                    stack.pop();
                    state.game_mut().undo();
                    Ok(Response::empty())
                }
                _ => Err(GtpError::message("Stack empty.")),
            }
        });
}

#[cfg(test)]
mod tests {
    use go_gtp::{Engine, GoEngine, Registry, commands};

    fn run(script: &str) -> String {
        let mut registry = Registry::new("test", "1");
        commands::register_standard(&mut registry);
        super::register(&mut registry);
        let mut engine = Engine::new(registry, GoEngine::new());
        let mut out = Vec::new();
        engine.run(script.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn go_static_ladder_answers_as_fuego() {
        // Fuego's ladder.tst 45 and 55: an edge ladder, then broken by White P2.
        let answers = run("play b B1\nplay w C1\n1 go_static_ladder C1\n\
                           play w P2\n2 go_static_ladder C1\n");
        assert!(
            answers.ends_with("=1 unsettled\n\n= \n\n=2 escaped\n\n"),
            "{answers}"
        );
    }

    #[test]
    fn go_static_ladder_refuses_bad_vertices() {
        let answers = run(
            "1 go_static_ladder E5\n2 go_static_ladder\n3 go_static_ladder Z9\n\
                           4 go_static_ladder E5 E6\n",
        );
        let replies: Vec<&str> = answers.split("\n\n").filter(|r| !r.is_empty()).collect();
        assert_eq!(replies.len(), 4, "{answers}");
        assert_eq!(replies[0], "?1 vertex must not be empty");
        assert!(replies[1..].iter().all(|r| r.starts_with('?')), "{answers}");
    }
}
