//! A small ladder reader on the [`PlayoutBoard`], for the move model's
//! `ladder` feature.
//!
//! go-search reads ladders exactly (`go_search::tactics`), but on the full
//! [`Board`](go_board::Board) and from a crate go-patterns does not depend
//! on (go-patterns needs only go-board, so go-mcts can use the model
//! without the tactical readers). The move model asks one question many
//! times a position — "is the block just put in atari, or just extended
//! out of atari, caught in a ladder?" — so this reader is the plain one of
//! the Monte-Carlo programs (Pachi's `is_ladder`, Fuego's simple ladder):
//! the prey runs to its one liberty, or escapes by capturing a hunter block
//! in atari next to it; the hunter ataris from either side of a prey with
//! two liberties; a prey with three liberties or more is out. No ko
//! fights, no snapbacks, no sacrifice by the prey; a budget of reading
//! steps bounds the work, and a read that runs out of it counts as an
//! escape.
//!
//! ```
//! use go_board::{Board, Color, PlayoutBoard};
//! use go_patterns::ladder::prey_escapes;
//! // Black F4 has put White E4 in atari: it runs down to the edge and dies.
//! let board = PlayoutBoard::from(&Board::from_diagram(
//!     ". . . . . . . . .
//!      . . . . . . . . .
//!      . . . . . . . . .
//!      . . . . . . . . .
//!      . . . . X . . . .
//!      . . . X O X . . .
//!      . . . . . X . . .
//!      . . . . . . . . .
//!      . . . . . . . . .",
//! )?);
//! assert!(!prey_escapes(&board, "E4".parse()?, 200));
//! // A white stone on the ladder's path breaks it.
//! let mut broken = board.clone();
//! broken.play(Color::White, "C2".parse()?)?;
//! assert!(prey_escapes(&broken, "E4".parse()?, 200));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use go_board::{Color, PlayoutBoard, Point};

/// Reading steps a ladder question may take by default (a ladder across a
/// 19×19 board takes about 40).
pub const DEFAULT_BUDGET: u32 = 200;

/// Whether the block at `prey`, in atari with its owner to move, escapes
/// the ladder within `budget` reading steps (running out counts as an
/// escape; a block with two liberties or more has escaped; an empty point
/// has nothing to catch and escapes).
///
/// See the [module documentation](self) for what is read.
#[must_use]
pub fn prey_escapes(board: &PlayoutBoard, prey: Point, budget: u32) -> bool {
    let Some(owner) = board.color_at(prey) else {
        return true;
    };
    let mut budget = budget;
    escapes(board, prey, owner, &mut budget)
}

/// Whether the block at `prey`, with exactly two liberties and the hunter
/// to move, is caught in a ladder: the hunter ataris from one side and the
/// prey cannot [escape](prey_escapes). A block with other than two
/// liberties, or an empty point, is not caught.
///
/// ```
/// use go_board::{Board, PlayoutBoard};
/// use go_patterns::ladder::hunter_catches;
/// // White B2 has two liberties, B1 and C2; Black ataris at C2 and the
/// // ladder runs to the edge.
/// let board = PlayoutBoard::from(&Board::from_diagram(
///     ". . . . .
///      . . . . .
///      . X . . .
///      X O . . .
///      . . . . .",
/// )?);
/// assert!(hunter_catches(&board, "B2".parse()?, 200));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn hunter_catches(board: &PlayoutBoard, prey: Point, budget: u32) -> bool {
    let Some(owner) = board.color_at(prey) else {
        return false;
    };
    if board.num_liberties(prey) != 2 {
        return false;
    }
    let mut budget = budget;
    catches(board, prey, owner, &mut budget)
}

/// The prey (of colour `owner`) is in atari and moves.
fn escapes(board: &PlayoutBoard, prey: Point, owner: Color, budget: &mut u32) -> bool {
    if *budget == 0 {
        return true;
    }
    *budget -= 1;
    if board.num_liberties(prey) >= 2 || can_capture_around(board, prey, owner) {
        return true;
    }
    let Some(liberty) = board.the_liberty(prey) else {
        return true;
    };
    let mut next = board.clone();
    if next.play(owner, liberty).is_err() {
        // Running is illegal (a ko ban or suicide): caught.
        return false;
    }
    match next.num_liberties(prey) {
        0 | 1 => false,
        2 => !catches(&next, prey, owner, budget),
        _ => true,
    }
}

/// The prey has two liberties and the hunter moves: it catches the prey
/// if one of its two ataris leaves the prey no escape.
fn catches(board: &PlayoutBoard, prey: Point, owner: Color, budget: &mut u32) -> bool {
    let hunter = owner.opposite();
    for atari in &board.liberties(prey) {
        if *budget == 0 {
            return false;
        }
        let mut next = board.clone();
        if next.play(hunter, atari).is_err() || next.color_at(prey) != Some(owner) {
            continue;
        }
        if next.num_liberties(prey) == 1 && !escapes(&next, prey, owner, budget) {
            return true;
        }
    }
    false
}

/// Whether the prey can capture a hunter block in atari next to it.
fn can_capture_around(board: &PlayoutBoard, prey: Point, owner: Color) -> bool {
    let hunter = owner.opposite();
    let geo = board.geometry();
    board.stones(prey).iter().any(|s| {
        geo.neighbours(s)
            .any(|q| board.color_at(q) == Some(hunter) && board.in_atari(q))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use go_board::Board;

    fn board(diagram: &str) -> PlayoutBoard {
        PlayoutBoard::from(&Board::from_diagram(diagram).unwrap())
    }

    #[test]
    fn a_prey_that_can_capture_a_hunter_in_atari_escapes() {
        // White B2 in atari next to the black stone B1, itself in atari.
        let b = board(
            ". . . . .
             . . . . .
             . X . . .
             X O . . .
             . X O . .",
        );
        assert!(prey_escapes(&b, "B2".parse().unwrap(), DEFAULT_BUDGET));
    }

    #[test]
    fn a_ladder_in_the_centre_runs_to_the_edge() {
        let b = board(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . X . . . .
             . . . X O . . . .
             . . . . . X . . .
             . . . . . . . . .
             . . . . . . . . .",
        );
        // White E4 has two liberties: Black ataris at F4 and the ladder
        // runs down to the edge.
        assert!(hunter_catches(&b, "E4".parse().unwrap(), DEFAULT_BUDGET));
    }

    #[test]
    fn a_ladder_breaker_saves_the_prey() {
        // The ladder of White E4 runs down and left, through C2 and D2;
        // breakers on the other side do not help.
        let b = board(
            ". . . . . . . . .
             . . . . . . . . O
             . . . . . . . . .
             . . . . . . . . .
             . . . . X . . . .
             . . . X O X . . .
             . . . . . X . . .
             . . O . . . . . .
             . . . . . . . . .",
        );
        assert!(prey_escapes(&b, "E4".parse().unwrap(), DEFAULT_BUDGET));
        let far = board(
            ". . . . . . . . .
             . . . . . . . . O
             . . . . . . . . .
             . . . . . . . . .
             . . . . X . . . .
             . . . X O X . . .
             . . . . . X . . .
             . . . . . . . . .
             . . . . . . . . .",
        );
        assert!(!prey_escapes(&far, "E4".parse().unwrap(), DEFAULT_BUDGET));
    }

    #[test]
    fn running_out_of_budget_counts_as_an_escape() {
        let b = board(
            ". . . . . . .
             . . . . . . .
             . . . . . . .
             . . . . . . .
             . X . . . . .
             X O . . . . .
             . X . . . . .",
        );
        assert!(prey_escapes(&b, "B2".parse().unwrap(), 1));
    }
}
