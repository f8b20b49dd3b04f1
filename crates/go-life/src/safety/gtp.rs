//! GTP commands of the safety solver: Fuego's `go_safe`,
//! `go_safe_dame_static`, `go_safe_winner` and `go_safe_gfx`, and
//! `safety_status`.

use go_board::{Board, Color, PointSet};
use go_eye::benson::PassAlive;
use go_gtp::commands::next_board_point;
use go_gtp::{AnalyzeKind, GtpError, HasBoard, Registry, Response};

use super::Safety;
use crate::gtp_view::points_text;

/// Registers the safety commands:
/// - `go_safe benson|static [black|white]` → `<count> <points…>`: Benson's
///   pass-alive points, or this solver's safe points with seki (both
///   colours without a colour argument);
/// - `go_safe_dame_static` → the dame points;
/// - `go_safe_winner` → `black`, `white` or `unknown`: the side whose safe
///   points alone win by area with the board's komi;
/// - `go_safe_gfx` → GoGui's view of the safe points, seki and dame;
/// - `safety_status V` → `black safe`, `white seki`, `dame`, `unknown`.
pub(crate) fn register<S: HasBoard>(registry: &mut Registry<S>) {
    registry.register("go_safe", |state: &mut S, args| {
        let board = state.board();
        let kind = args.next_string()?;
        let color = args.next_opt::<Color>()?;
        args.end()?;
        let of: Box<dyn Fn(Color) -> PointSet> = match kind {
            "benson" => Box::new(|c| PassAlive::new(board, c).safe_points()),
            "static" => {
                let safety = Safety::new(board);
                Box::new(move |c| safety.safe(c))
            }
            other => return Err(GtpError::message(format!("invalid safety solver: {other}"))),
        };
        let safe = match color {
            Some(c) => of(c),
            None => of(Color::Black) | of(Color::White),
        };
        Ok(count_and_points(board, safe))
    });
    registry
        .register("go_safe_dame_static", |state: &mut S, args| {
            args.end()?;
            let board = state.board();
            Ok(Response::new(
                points_text(board, Safety::new(board).dame())
                    .trim_start()
                    .to_string(),
            ))
        })
        .add_analyze(AnalyzeKind::Plist, "Safe dame", "go_safe_dame_static");
    registry.register("go_safe_winner", |state: &mut S, args| {
        args.end()?;
        let board = state.board();
        let komi = f64::from(board.rules().komi);
        Ok(Response::new(
            match Safety::new(board).winner(komi, board.to_play()) {
                Some(Color::Black) => "black",
                Some(Color::White) => "white",
                None => "unknown",
            },
        ))
    });
    registry
        .register("go_safe_gfx", |state: &mut S, args| {
            args.end()?;
            let board = state.board();
            let safety = Safety::new(board);
            let seki = safety.seki(Color::Black) | safety.seki(Color::White);
            let line = |word: &str, set: PointSet| format!("{word}{}", points_text(board, set));
            Ok(Response::lines(vec![
                line("BLACK", safety.proved(Color::Black)),
                line("WHITE", safety.proved(Color::White)),
                line("CIRCLE", seki),
                line("SQUARE", safety.dame()),
                format!(
                    "TEXT safe black {}, white {}, seki {}, dame {}",
                    safety.proved(Color::Black).len(),
                    safety.proved(Color::White).len(),
                    seki.len(),
                    safety.dame().len()
                ),
            ]))
        })
        .add_analyze(AnalyzeKind::Gfx, "Safe points and seki", "go_safe_gfx");
    registry
        .register("safety_status", |state: &mut S, args| {
            let board = state.board();
            let p = next_board_point(args, board)?;
            args.end()?;
            Ok(Response::new(Safety::new(board).status(p).to_string()))
        })
        .add_analyze(AnalyzeKind::String, "Safety status", "safety_status %p");
}

/// `<count> <points…>` from the top row down, as Fuego lists them.
fn count_and_points(board: &Board, set: PointSet) -> Response {
    Response::new(format!("{}{}", set.len(), points_text(board, set)))
}
