//! GNU Go's inspection commands: read-only questions about the position.

use go_board::{Board, Color, Move, Point};

use super::{next_board_point, next_board_vertex};
use crate::handicap::gnugo_order;
use crate::{AnalyzeKind, ColoredMove, GtpError, HasBoard, Registry, Response};

/// Registers GNU Go's read-only inspection commands, for any state with a
/// board, with answers exactly as GNU Go gives them:
///
/// | command | answer |
/// | --- | --- |
/// | `is_legal C V` | `1` or `0` (a pass is legal) |
/// | `all_legal C` | the legal points of C |
/// | `list_stones C` | the stones of C |
/// | `captures C` | stones captured *by* C |
/// | `countlib V`, `findlib V` | liberties of the block at V (`vertex must not be empty`) |
/// | `color V` | `black`, `white` or `empty` |
/// | `worm_stones [C\|V]` | blocks, one per line (all, of a colour, or the one at V) |
/// | `last_move` | `C V`, or `no previous move known` |
/// | `query_boardsize`, `get_komi` | |
/// | `block_liberties` | liberty counts as a GoGui `sboard` |
///
/// Point lists go from the top row down, left to right, as GNU Go's. It
/// also adds GoGui analyze entries for them.
///
/// ```
/// use go_gtp::{commands, go_board::Board, protocol::Command, Registry};
///
/// let mut registry = Registry::new("inspector", "1");
/// commands::register_inspection(&mut registry);
/// let mut board = Board::from_diagram(". X .\nX O X\n. . .")?;
/// let ask = |registry: &Registry<Board>, board: &mut Board, line: &str| {
///     registry.call(board, &line.parse::<Command>().unwrap()).map(|r| r.into_text())
/// };
/// assert_eq!(ask(&registry, &mut board, "findlib B2")?, "B1");
/// assert_eq!(ask(&registry, &mut board, "is_legal white B1")?, "1");
/// assert_eq!(ask(&registry, &mut board, "list_stones black")?, "B3 A2 C2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn register_inspection<S: HasBoard>(registry: &mut Registry<S>) {
    registry
        .register("is_legal", |state: &mut S, args| {
            let color = args.next_color()?;
            let legal = match next_board_vertex(args, state.board())? {
                Move::Pass => true,
                Move::Play(p) => state.board().is_legal(color, p),
            };
            Ok(Response::from(u8::from(legal)))
        })
        .register("all_legal", |state: &mut S, args| {
            let color = args.next_color()?;
            Ok(Response::words(gnugo_order(
                state.board().legal_moves(color),
            )))
        })
        .register("list_stones", |state: &mut S, args| {
            let color = args.next_color()?;
            Ok(Response::words(gnugo_order(
                *state.board().stones_of(color),
            )))
        })
        .register("captures", |state: &mut S, args| {
            let color = args.next_color()?;
            Ok(Response::from(state.board().captures(color)))
        })
        .register("countlib", |state: &mut S, args| {
            let p = stone_point(args, state.board())?;
            Ok(Response::from(state.board().num_liberties(p)))
        })
        .register("findlib", |state: &mut S, args| {
            let p = stone_point(args, state.board())?;
            Ok(Response::words(gnugo_order(state.board().liberties(p))))
        })
        .register("color", |state: &mut S, args| {
            let p = next_board_point(args, state.board())?;
            Ok(Response::from(match state.board().color_at(p) {
                Some(color) => color.to_string(),
                None => "empty".to_string(),
            }))
        })
        .register("worm_stones", |state: &mut S, args| {
            let board = state.board();
            if args.is_empty() {
                return Ok(Response::lines(blocks_text(board, |_| true)));
            }
            let word = args.clone().next_string()?;
            if let Ok(color) = word.parse::<Color>() {
                args.next_string()?;
                return Ok(Response::lines(blocks_text(board, |c| c == color)));
            }
            let p = next_board_point(args, board)?;
            if board.color_at(p).is_none() {
                return Err(GtpError::message("worm_stones called on an empty vertex"));
            }
            Ok(Response::words(gnugo_order(board.stones(p))))
        })
        .register("last_move", |state: &mut S, _| {
            state
                .board()
                .moves()
                .next_back()
                .map(|(color, mv)| Response::from(ColoredMove { color, mv }))
                .ok_or_else(|| GtpError::message("no previous move known"))
        })
        .register("query_boardsize", |state: &mut S, _| {
            Ok(Response::from(state.board().size()))
        })
        .register("get_komi", |state: &mut S, _| {
            Ok(Response::from(state.board().rules().komi))
        })
        .register("block_liberties", |state: &mut S, _| {
            Ok(Response::new(liberty_sboard(state.board())))
        })
        .add_analyze(AnalyzeKind::Plist, "Legal moves", "all_legal %c")
        .add_analyze(AnalyzeKind::Sboard, "Liberty counts", "block_liberties")
        .add_analyze(AnalyzeKind::Plist, "Block liberties", "findlib %p")
        .add_analyze(AnalyzeKind::Plist, "Block stones", "worm_stones %p")
        .add_analyze(AnalyzeKind::String, "Liberty count", "countlib %p");
}

/// A point holding a stone; GNU Go's message for an empty one.
fn stone_point(args: &mut crate::Args<'_>, board: &Board) -> Result<Point, GtpError> {
    let p = next_board_point(args, board)?;
    if board.color_at(p).is_none() {
        return Err(GtpError::message("vertex must not be empty"));
    }
    Ok(p)
}

/// The blocks whose colour passes `keep`, one line each with its stones;
/// blocks ordered by their first stone, all in GNU Go's order.
pub(super) fn blocks_text(board: &Board, keep: impl Fn(Color) -> bool) -> Vec<String> {
    let mut blocks: Vec<Vec<Point>> = board
        .blocks()
        .filter(|block| keep(block.color()))
        .map(|block| gnugo_order(block.stones()))
        .collect();
    blocks.sort_by_key(|stones| {
        let first = stones[0];
        (std::cmp::Reverse(first.row()), first.col())
    });
    blocks
        .into_iter()
        .map(|stones| {
            stones
                .iter()
                .map(Point::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

/// A GoGui `sboard`: each stone labelled with its block's liberty count,
/// empty points with `""`.
fn liberty_sboard(board: &Board) -> String {
    let size = board.size();
    let mut rows = Vec::with_capacity(size);
    for row in (0..size).rev() {
        let cells: Vec<String> = (0..size)
            .map(|col| {
                let p = Point::new(col, row);
                if board.color_at(p).is_some() {
                    board.num_liberties(p).to_string()
                } else {
                    "\"\"".to_string()
                }
            })
            .collect();
        rows.push(cells.join(" "));
    }
    format!("\n{}", rows.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Command;

    fn ask(board: &mut Board, line: &str) -> Result<String, GtpError> {
        let mut registry = Registry::new("t", "0");
        register_inspection(&mut registry);
        let command: Command = line.parse().unwrap();
        registry.call(board, &command).map(|r| r.into_text())
    }

    /// GNU Go 3.8 on the same position (`boardsize 7`, `play b A1`, `play
    /// b A2`, `play w B1`, `play w D4`).
    #[test]
    fn answers_match_gnugo_transcript() {
        let mut board = Board::new(7).unwrap();
        for (c, p) in [
            (Color::Black, "A1"),
            (Color::Black, "A2"),
            (Color::White, "B1"),
            (Color::White, "D4"),
        ] {
            board.play(c, p.parse().unwrap()).unwrap();
        }
        assert_eq!(ask(&mut board, "worm_stones"), Ok("D4\nA2 A1\nB1".into()));
        assert_eq!(ask(&mut board, "worm_stones A1"), Ok("A2 A1".into()));
        assert_eq!(ask(&mut board, "worm_stones black"), Ok("A2 A1".into()));
        assert_eq!(
            ask(&mut board, "worm_stones C3"),
            Err(GtpError::message("worm_stones called on an empty vertex"))
        );
        assert_eq!(ask(&mut board, "last_move"), Ok("white D4".into()));
        assert_eq!(ask(&mut board, "query_boardsize"), Ok("7".into()));
        assert_eq!(
            ask(&mut board, "countlib C3"),
            Err(GtpError::message("vertex must not be empty"))
        );
        assert_eq!(ask(&mut board, "findlib A1"), Ok("A3 B2".into()));
        assert!(ask(&mut board, "color H1").is_err());
        assert!(ask(&mut board, "is_legal b H1").is_err());
        assert_eq!(ask(&mut board, "is_legal b pass"), Ok("1".into()));
        assert_eq!(ask(&mut board, "is_legal b B1"), Ok("0".into()));
    }

    #[test]
    fn liberty_board_labels_stones_only() {
        let mut board = Board::from_diagram("X .\n. O").unwrap();
        assert_eq!(
            ask(&mut board, "block_liberties"),
            Ok("\n2 \"\"\n\"\" 2".into())
        );
    }

    #[test]
    fn last_move_without_moves_fails() {
        let mut board = Board::new(9).unwrap();
        assert!(ask(&mut board, "last_move").is_err());
    }
}
