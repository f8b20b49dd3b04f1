//! GTP commands for groups (feature `gtp`): GNU Go's dragon, owl and connection commands.
//!
//! - `dragon_stones V`: the stones of the dragon at V;
//! - `same_dragon A B`: `1` or `0`;
//! - `dragon_data V`: a readable summary ([`DragonData`]);
//! - `owl_attack V`, `owl_defend V`: `<code> <move>` or `0` ([`LifeReader`]);
//! - `owl_does_attack M V`, `owl_does_defend M V`: `1 M` or `0`;
//! - `dragon_status V`: `alive`, `dead` or `critical A D`;
//! - `group_status V`: as `dragon_status`, with `seki` told apart
//!   ([`LifeReader::group_status`]);
//! - `connect A B`, `disconnect A B`: `1 M` or `0`
//!   ([`ConnectionReader`]);
//! - `dragon_status_gfx`: every dragon's status as a GoGui `gfx` view
//!   ([`Survey`](crate::survey::Survey));
//! - `analyze_semeai A B`: `<defend A> <attack B> <move>`
//!   ([`RaceReader::analyze_semeai`](crate::race::RaceReader::analyze_semeai):
//!   go-semeai on blocks, the group race search on groups; it replaces
//!   go-semeai's command when registered after it).
//!
//! ```
//! use go_gtp::{Engine, GoEngine, Registry, commands};
//!
//! let mut registry = Registry::new("groups", "1");
//! commands::register_standard(&mut registry);
//! go_life::gtp::register(&mut registry);
//! let mut engine = Engine::new(registry, GoEngine::new());
//! let script = "boardsize 7\nplay b A2\nplay b B2\nplay b C2\nplay b D2\nplay b D1\n\
//!               play w A3\nplay w B3\nplay w C3\nplay w D3\nplay w E3\nplay w E2\nplay w E1\n\
//!               owl_attack A2\nsame_dragon A2 D1\ndragon_status A2\nowl_attack E7\n";
//! let mut out = Vec::new();
//! engine.run(script.as_bytes(), &mut out)?;
//! let answers = String::from_utf8(out)?;
//! assert!(answers.ends_with(
//!     "= 1 B1\n\n= 1\n\n= critical B1 B1\n\n? vertex must not be empty\n\n"
//! ), "{answers}");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::sync::{Arc, Mutex, PoisonError};

use go_board::{Board, Point};
use go_gtp::commands::next_board_point;
use go_gtp::{AnalyzeKind, ArgError, GtpError, HasBoard, Registry, Response};

use crate::links::cut_reader;
use crate::{ConnectionReader, DragonData, Dragons, LifeError, LifeOptions, LifeReader};

fn gtp_error(e: LifeError) -> GtpError {
    match e {
        LifeError::EmptyPoint(_) => GtpError::message("vertex must not be empty"),
        LifeError::OffBoard(p) => GtpError::Syntax(ArgError::Invalid {
            expected: "a vertex on the board",
            found: p.to_string(),
        }),
        LifeError::Colours(..) => GtpError::message("vertices must have same color"),
        other => GtpError::message(other.to_string()),
    }
}

fn stone(board: &Board, p: Point) -> Result<Point, GtpError> {
    if board.is_empty(p) {
        Err(GtpError::message("vertex must not be empty"))
    } else {
        Ok(p)
    }
}

/// Registers the commands of the module docs, sharing one [`LifeReader`] with
/// default options; see [`register_with`] for others.
///
/// ```
/// use go_gtp::{GoEngine, Registry};
/// let mut registry = Registry::<GoEngine>::new("demo", "1");
/// go_life::gtp::register(&mut registry);
/// assert!(registry.contains("owl_attack") && registry.contains("same_dragon"));
/// ```
pub fn register<S: HasBoard>(registry: &mut Registry<S>) {
    register_with(registry, LifeOptions::default());
}

/// [`register`] with a reader built from `options`.
///
/// ```
/// use go_gtp::{GoEngine, Registry};
/// let mut registry = Registry::<GoEngine>::new("demo", "1");
/// go_life::gtp::register_with(&mut registry, go_life::LifeOptions::default().with_nodes(100));
/// assert!(registry.contains("dragon_status"));
/// ```
pub fn register_with<S: HasBoard>(registry: &mut Registry<S>, options: LifeOptions) {
    let reader = Arc::new(Mutex::new(LifeReader::new(options)));
    let (r1, r2, r3, r4) = (
        reader.clone(),
        reader.clone(),
        reader.clone(),
        reader.clone(),
    );
    let (r5, r6) = (reader.clone(), reader);
    register_connection(registry);
    crate::gtp_view::register(registry);
    crate::race::register(registry);
    crate::safety::gtp::register(registry);
    registry
        .register("dragon_stones", |state: &mut S, args| {
            let board = state.board();
            let p = stone(board, next_board_point(args, board)?)?;
            args.end()?;
            let dragons = Dragons::read(board, &mut cut_reader());
            let stones = dragons.at(p).map(|d| *d.stones()).unwrap_or_default();
            let text: Vec<String> = stones.iter().map(|s| s.to_string()).collect();
            Ok(Response::from(text.join(" ")))
        })
        .add_analyze(AnalyzeKind::Plist, "Dragon stones", "dragon_stones %p")
        .register("same_dragon", |state: &mut S, args| {
            let board = state.board();
            let a = stone(board, next_board_point(args, board)?)?;
            let b = stone(board, next_board_point(args, board)?)?;
            args.end()?;
            let same = Dragons::read(board, &mut cut_reader()).same_dragon(a, b);
            Ok(Response::from(if same { "1" } else { "0" }))
        })
        .register("dragon_data", |state: &mut S, args| {
            let board = state.board();
            let p = stone(board, next_board_point(args, board)?)?;
            args.end()?;
            let dragons = Dragons::read(board, &mut cut_reader());
            let dragon = dragons
                .at(p)
                .ok_or_else(|| GtpError::message("vertex must not be empty"))?;
            Ok(Response::from(
                DragonData::new(board, &dragons, dragon).to_string(),
            ))
        })
        .add_analyze(AnalyzeKind::String, "Dragon data", "dragon_data %p")
        .register("owl_attack", move |state: &mut S, args| {
            let board = state.board();
            let p = next_board_point(args, board)?;
            args.end()?;
            let mut reader = r1.lock().unwrap_or_else(PoisonError::into_inner);
            let r = reader.attack(board, p).map_err(gtp_error)?;
            Ok(Response::from(r.to_string()))
        })
        .add_analyze(AnalyzeKind::String, "Owl attack", "owl_attack %p")
        .register("owl_defend", move |state: &mut S, args| {
            let board = state.board();
            let p = next_board_point(args, board)?;
            args.end()?;
            let mut reader = r2.lock().unwrap_or_else(PoisonError::into_inner);
            let r = reader.defend(board, p).map_err(gtp_error)?;
            Ok(Response::from(r.to_string()))
        })
        .add_analyze(AnalyzeKind::String, "Owl defend", "owl_defend %p")
        .register("owl_does_attack", move |state: &mut S, args| {
            let board = state.board();
            let m = next_board_point(args, board)?;
            let p = next_board_point(args, board)?;
            args.end()?;
            let mut reader = r3.lock().unwrap_or_else(PoisonError::into_inner);
            let r = reader.does_attack(board, m, p).map_err(gtp_error)?;
            Ok(Response::from(r.to_string()))
        })
        .register("owl_does_defend", move |state: &mut S, args| {
            let board = state.board();
            let m = next_board_point(args, board)?;
            let p = next_board_point(args, board)?;
            args.end()?;
            let mut reader = r4.lock().unwrap_or_else(PoisonError::into_inner);
            let r = reader.does_defend(board, m, p).map_err(gtp_error)?;
            Ok(Response::from(r.to_string()))
        })
        .register("dragon_status", move |state: &mut S, args| {
            let board = state.board();
            let p = next_board_point(args, board)?;
            args.end()?;
            let mut reader = r5.lock().unwrap_or_else(PoisonError::into_inner);
            let s = reader.status(board, p).map_err(gtp_error)?;
            Ok(Response::from(s.to_string()))
        })
        .add_analyze(AnalyzeKind::String, "Dragon status", "dragon_status %p")
        .register("group_status", move |state: &mut S, args| {
            let board = state.board();
            let p = next_board_point(args, board)?;
            args.end()?;
            let mut reader = r6.lock().unwrap_or_else(PoisonError::into_inner);
            let s = reader.group_status(board, p).map_err(gtp_error)?;
            Ok(Response::from(s.to_string()))
        })
        .add_analyze(
            AnalyzeKind::String,
            "Group status (seki)",
            "group_status %p",
        );
}

/// Registers `connect A B` and `disconnect A B` (GNU Go's answers: `0`, or
/// `1 M`), sharing one [`ConnectionReader`] with default options.
fn register_connection<S: HasBoard>(registry: &mut Registry<S>) {
    let reader = Arc::new(Mutex::new(ConnectionReader::default()));
    for (name, connecting) in [("connect", true), ("disconnect", false)] {
        let reader = reader.clone();
        registry.register(name, move |state: &mut S, args| {
            let board = state.board();
            let a = next_board_point(args, board)?;
            let b = next_board_point(args, board)?;
            args.end()?;
            let mut reader = reader.lock().unwrap_or_else(PoisonError::into_inner);
            let r = if connecting {
                reader.connect(board, a, b)
            } else {
                reader.disconnect(board, a, b)
            };
            Ok(Response::from(r.map_err(gtp_error)?.to_string()))
        });
    }
}
