//! What the local searches of this crate (life, connection, race) share: the
//! board they search on, how a move is played, the position's hash, and the
//! df-pn engine built from a budget.

use go_board::{Board, KoRule, Move, Rules};
use go_search::{Dfpn, DfpnOptions, Game, SearchLimits};

/// A copy of `board` for a local search: simple ko, the search's path telling
/// longer repetitions apart.
pub(crate) fn local_board(board: &Board) -> Board {
    let mut board = board.clone();
    let mut rules: Rules = *board.rules();
    rules.ko = KoRule::Simple;
    board.set_rules(rules);
    board
}

/// Plays `mv` for the side to move: a pass, or a stone if it is legal.
pub(crate) fn play(board: &mut Board, mv: Move) -> bool {
    let color = board.to_play();
    match mv {
        Move::Pass => {
            board.pass_as(color);
            true
        }
        Move::Play(p) => board.play(color, p).is_ok(),
    }
}

/// [`play`], counting a move played in `depth`.
pub(crate) fn play_counting(board: &mut Board, depth: &mut u32, mv: Move) -> bool {
    let played = play(board, mv);
    *depth += u32::from(played);
    played
}

/// Takes back the last move, counting it off `depth`.
pub(crate) fn undo_counting(board: &mut Board, depth: &mut u32) {
    if board.undo().is_some() {
        *depth = depth.saturating_sub(1);
    }
}

/// The board's hash, with a pass just played told apart (two passes end a
/// local game).
pub(crate) fn hash(board: &Board) -> u64 {
    let passed = if board.consecutive_passes() > 0 {
        0x9e37_79b9_7f4a_7c15
    } else {
        0
    };
    board.hash() ^ passed
}

/// A df-pn engine with a node budget, a depth limit and a table of
/// `2^tt_bits` entries.
pub(crate) fn dfpn<G: Game>(nodes: u64, depth: u32, tt_bits: u32) -> Dfpn<G> {
    let limits = SearchLimits::default().with_nodes(nodes).with_depth(depth);
    Dfpn::new(
        DfpnOptions::default()
            .with_limits(limits)
            .with_tt_bits(tt_bits),
    )
}
