//! GTP commands for any go-gtp engine (feature `gtp`).
//!
//! - `eval_eye V`: GNU Go's eye-space evaluation, `min max [attack
//!   defence]`, or `-1` when `V` is in no eye space of one colour.
//! - `unconditional_status V`: `alive`, `dead`, `undecided`,
//!   `black_territory` or `white_territory` (see [`UnconditionalLife`]).
//! - `go_safe benson [black|white]`: Fuego's count and list of the points
//!   Benson's algorithm proves safe ([`PassAlive::safe_points`]);
//!   `go_safe static [black|white]` the same for the unconditional
//!   territory ([`UnconditionalLife`]).
//! - GoGui analyze entries: the eye spaces as an `sboard`, the Benson-safe
//!   points and the unconditional territory as `gfx`.
//!
//! ```
//! use go_gtp::{GoEngine, Registry};
//!
//! let mut registry = GoEngine::registry("demo", "1");
//! go_eye::gtp::register(&mut registry);
//! let mut engine = go_gtp::Engine::new(registry, GoEngine::new());
//! let script = "boardsize 5\nplay b A4\nplay b B4\nplay b B5\nunconditional_status B4\ngo_safe benson\n";
//! let mut out = Vec::new();
//! engine.run(script.as_bytes(), &mut out)?;
//! assert!(String::from_utf8(out)?.ends_with("= undecided\n\n= 0\n\n"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use go_board::{Board, Color, Point, PointSet};
use go_gtp::commands::next_board_point;
use go_gtp::{AnalyzeKind, GtpError, HasBoard, Registry, Response};

use crate::benson::{PassAlive, UnconditionalLife};
use crate::space::EyeSpaces;

/// Registers the commands of this crate.
///
/// ```
/// use go_gtp::{GoEngine, Registry};
/// let mut registry = GoEngine::registry("demo", "1");
/// go_eye::gtp::register(&mut registry);
/// assert!(registry.contains("eval_eye") && registry.contains("go_safe"));
/// ```
pub fn register<S: HasBoard>(registry: &mut Registry<S>) {
    registry.register("eval_eye", |state: &mut S, args| {
        let board = state.board();
        let p = next_board_point(args, board)?;
        args.end()?;
        let spaces = EyeSpaces::new(board);
        Ok(match spaces.at(p) {
            Some(space) => Response::from(space.value().to_string()),
            None => Response::from("-1"),
        })
    });
    registry
        .register("eye_space", |state: &mut S, args| {
            let board = state.board();
            let p = next_board_point(args, board)?;
            args.end()?;
            let spaces = EyeSpaces::new(board);
            let Some(space) = spaces.at(p) else {
                return Ok(Response::from("none"));
            };
            let half: Vec<String> = space
                .half_eyes()
                .iter()
                .map(|h| format!("{}/{}", h.point, h.key))
                .collect();
            Ok(Response::lines([
                format!("color {}", space.color()),
                format!("points{}", points_text(board, space.points())),
                format!("marginal{}", points_text(board, space.marginal_points())),
                format!("dead{}", points_text(board, space.dead_stones())),
                format!("half_eyes {}", half.join(" ")),
                format!(
                    "value {} ({})",
                    space.value(),
                    if space.value().exact {
                        "exact"
                    } else {
                        "estimated"
                    }
                ),
            ]))
        })
        .add_analyze(AnalyzeKind::String, "Eye space", "eye_space %p");
    registry.register("unconditional_status", |state: &mut S, args| {
        let board = state.board();
        let p = next_board_point(args, board)?;
        args.end()?;
        Ok(Response::from(
            UnconditionalLife::new(board).status(p).to_string(),
        ))
    });
    registry.register("go_safe", |state: &mut S, args| {
        let board = state.board();
        let kind = args.next_string()?;
        let color = args.next_opt::<Color>()?;
        args.end()?;
        let safe = match kind {
            "benson" => {
                let of = |c| PassAlive::new(board, c).safe_points();
                match color {
                    Some(c) => of(c),
                    None => of(Color::Black) | of(Color::White),
                }
            }
            "static" => {
                let life = UnconditionalLife::new(board);
                let of = |c| life.pass_alive(c).stones() | life.territory(c);
                match color {
                    Some(c) => of(c),
                    None => of(Color::Black) | of(Color::White),
                }
            }
            other => return Err(GtpError::message(format!("invalid safety solver: {other}"))),
        };
        Ok(count_and_points(board, safe))
    });
    registry
        .register("eye_benson_gfx", |state: &mut S, args| {
            args.end()?;
            let board = state.board();
            let life = UnconditionalLife::new(board);
            let mut lines = Vec::new();
            for (color, word) in [(Color::Black, "BLACK"), (Color::White, "WHITE")] {
                let safe = life.pass_alive(color).safe_points() | life.territory(color);
                lines.push(format!("{word}{}", points_text(board, safe)));
            }
            Ok(Response::lines(lines))
        })
        .add_analyze(AnalyzeKind::Gfx, "Benson safe points", "eye_benson_gfx");
}

/// `<count> <points…>` with points from the top row down, as Fuego lists them.
fn count_and_points(board: &Board, set: PointSet) -> Response {
    Response::new(format!("{}{}", set.len(), points_text(board, set)))
}

fn points_text(board: &Board, set: PointSet) -> String {
    let mut points: Vec<Point> = set.iter().collect();
    points.sort_by_key(|p| (board.size() - p.row(), p.col()));
    points.iter().map(|p| format!(" {p}")).collect()
}
