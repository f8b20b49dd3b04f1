//! The main job: analyse a Go position.
//!
//! ```text
//! cargo run --release --example analyze [-- FILE.sgf [MOVE]]
//! ```
//!
//! With no file, an embedded position is analysed. The report grows as the
//! crates grow: today it prints the board, every block with its
//! liberties, the captures, the basic regions of each colour, each
//! colour's eye spaces with their eye values (and the shape class and
//! status of plain eyes), Benson's pass-alive blocks and the
//! unconditional territory, a count of the position as it stands, and
//! each capturing race between adjacent enclosed blocks with its result
//! (go-semeai).

use go_analysis::board::regions::Regions;
use go_analysis::board::score::Score;
use go_analysis::board::sgf::{self, Until};
use go_analysis::board::{Board, Color, PointSet};
use std::process::ExitCode;

/// A middle-game 9×9 position with captures, atari and a ko.
const DEFAULT_POSITION: &str = "
    . . X O . . . . .
    . X . X O . O . .
    . X O O X O . . .
    X . X O X O . . .
    . X X O X X O . .
    . X O O O X O . .
    . X O . O X X O .
    . . X O . X O . .
    . . . . . . . . .";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match load(&args) {
        Ok(board) => {
            report(&board);
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("error: {message}");
            eprintln!("usage: analyze [FILE.sgf [MOVE|VERTEX]]");
            ExitCode::FAILURE
        }
    }
}

/// The position to analyse: `FILE [MOVE]` with GNU Go `loadsgf`
/// semantics (up to but not including move MOVE), or the embedded one.
fn load(args: &[String]) -> Result<Board, String> {
    match args {
        [] => Board::from_diagram(DEFAULT_POSITION).map_err(|e| format!("embedded position: {e}")),
        [file, rest @ ..] if rest.len() <= 1 => {
            let until: Until = match rest.first() {
                Some(n) => n.parse().map_err(|e| format!("`{n}`: {e}"))?,
                None => Until::End,
            };
            let loaded = sgf::load_file(file, until).map_err(|e| format!("{file}: {e}"))?;
            Ok(loaded.board)
        }
        _ => Err("too many arguments".into()),
    }
}

fn report(board: &Board) {
    println!("{board}");
    println!("{} to play", board.to_play());
    println!(
        "captures: black {}, white {}",
        board.captures(Color::Black),
        board.captures(Color::White)
    );
    println!("\nblocks:");
    for block in board.blocks() {
        let libs: Vec<String> = block.liberties().iter().map(|p| p.to_string()).collect();
        println!(
            "  {:<5} {:>2} stone(s) at {:<4} {} liberties: {}{}",
            block.color().to_string(),
            block.num_stones(),
            block.anchor().to_string(),
            block.num_liberties(),
            libs.join(" "),
            if block.in_atari() { "  (atari)" } else { "" }
        );
    }
    report_regions(board);
    report_eyes(board);
    report_score(board);
    report_semeais(board);
}

/// Each race between adjacent enclosed blocks, solved with each side to
/// move first.
fn report_semeais(board: &Board) {
    let races = go_analysis::semeai::find_races(board);
    println!("\ncapturing races (semeai): {}", races.len());
    for (black, white) in races {
        let text = |a, b| match go_analysis::semeai::solve(board, a, b) {
            Ok(r) => format!(
                "{} if it plays ({}), {} if it passes",
                r.status_if_play, r.decision, r.status_if_pass
            ),
            Err(e) => format!("error: {e}"),
        };
        println!(
            "  black {} ({} libs) vs white {} ({} libs)",
            black,
            board.num_liberties(black),
            white,
            board.num_liberties(white)
        );
        println!("    black first: {}", text(black, white));
        println!("    white first: {}", text(white, black));
    }
}

fn points_text(points: &PointSet, max: usize) -> String {
    let mut text: Vec<String> = points.iter().take(max).map(|p| p.to_string()).collect();
    if points.len() > max {
        text.push(format!("... ({} more)", points.len() - max));
    }
    text.join(" ")
}

fn report_regions(board: &Board) {
    for color in Color::ALL {
        let regions = Regions::basic(board, color);
        println!(
            "\n{color} regions (areas free of {color} stones): {}",
            regions.len()
        );
        for region in regions.iter() {
            let empty = region.empty_points(board);
            println!(
                "  {:>3} point(s), {:>3} empty, {} boundary / {} interior block(s): {}",
                region.num_points(),
                empty.len(),
                region.boundary_blocks().count(),
                region.interior_blocks().len(),
                points_text(region.points(), 12)
            );
        }
    }
}

/// go-eye: each colour's eye spaces with their value, then Benson's
/// pass-alive blocks and the unconditional territory.
fn report_eyes(board: &Board) {
    use go_analysis::eye::benson::UnconditionalLife;
    use go_analysis::eye::space::EyeSpaces;

    let spaces = EyeSpaces::new(board);
    for color in Color::ALL {
        println!("\n{color} eye spaces: {}", spaces.of(color).len());
        for space in spaces.of(color) {
            let value = space.value();
            let mut notes = Vec::new();
            if !space.marginal_points().is_empty() {
                notes.push(format!(
                    "marginal {}",
                    points_text(&space.marginal_points(), 6)
                ));
            }
            if !space.dead_stones().is_empty() {
                notes.push(format!("dead {}", points_text(&space.dead_stones(), 6)));
            }
            for h in space.half_eyes() {
                notes.push(format!(
                    "half eye {} (key {}{})",
                    h.point,
                    h.key,
                    if h.ko { ", ko" } else { "" }
                ));
            }
            // A plain eye enclosed by one block: its class and status from the tables.
            if let Some(class) = shape_class(board, space) {
                notes.push(class);
            }
            println!(
                "  {:<28} eyes {}{}{}",
                points_text(&space.points(), 8),
                value,
                if value.exact { "" } else { " (estimated)" },
                if notes.is_empty() {
                    String::new()
                } else {
                    format!("  [{}]", notes.join("; "))
                }
            );
        }
    }
    let life = UnconditionalLife::new(board);
    for color in Color::ALL {
        let alive = life.pass_alive(color);
        let blocks: Vec<String> = alive.blocks().iter().map(|p| p.to_string()).collect();
        println!(
            "\n{color} pass-alive blocks (Benson): {}; safe points {}, unconditional territory {}, dead {} stone(s)",
            if blocks.is_empty() {
                "none".to_string()
            } else {
                blocks.join(" ")
            },
            alive.safe_points().len(),
            life.territory(color).len(),
            life.dead(color).len()
        );
    }
}

/// The neighbour code and table status of an eye space that is a plain
/// eye shape (no marginal point, at most 8 points), in the local frame.
fn shape_class(board: &Board, space: &go_analysis::eye::space::EyeSpace) -> Option<String> {
    use go_analysis::eye::position::Edges;
    use go_analysis::eye::shape::{Cell, CellSet};
    use go_analysis::eye::tables::{Eye, Stones};

    if !space.marginal_points().is_empty() || space.points().len() > 8 {
        return None;
    }
    let points: Vec<_> = space.points().iter().collect();
    let (min_c, max_c) = (
        points.iter().map(|p| p.col()).min()?,
        points.iter().map(|p| p.col()).max()?,
    );
    let (min_r, max_r) = (
        points.iter().map(|p| p.row()).min()?,
        points.iter().map(|p| p.row()).max()?,
    );
    if max_c - min_c >= 8 || max_r - min_r >= 8 {
        return None;
    }
    // Local frame: x from the west, y from the north.
    let cell =
        |p: &go_analysis::board::Point| Cell::new((p.col() - min_c) as u8, (max_r - p.row()) as u8);
    let cells: CellSet = points.iter().filter_map(cell).collect();
    let enemy: CellSet = space
        .dead_stones()
        .iter()
        .filter_map(|p| cell(&p))
        .collect();
    let size = board.size();
    let mut edges = Edges::NONE;
    if max_r == size - 1 {
        edges = edges | Edges::NORTH;
    }
    if min_r == 0 {
        edges = edges | Edges::SOUTH;
    }
    if min_c == 0 {
        edges = edges | Edges::WEST;
    }
    if max_c == size - 1 {
        edges = edges | Edges::EAST;
    }
    let eye = Eye::new(cells, edges).ok()?;
    let status = eye.status(&Stones::enemy(enemy), 4).ok()?;
    Some(format!("shape {} {}, {status}", eye.code(), eye.position()))
}

fn report_score(board: &Board) {
    let score = Score::alive(board);
    println!(
        "\ncount with every stone alive ({:?} scoring, komi {}): black {}, white {}, {} dame -> {}",
        score.scoring, score.komi, score.black, score.white, score.dame, score
    );
}
