//! When two blocks of one colour count as connected: the static links that join
//! blocks into a dragon.
//!
//! A link is a shape the opponent cannot cut in one move without losing the
//! cutting stone at once:
//! - two or more shared liberties (the bamboo joint, a one-point jump's two
//!   sides, any double connection): the opponent fills one, the owner the other;
//! - one shared liberty that the opponent cannot play, or where its stone would
//!   stand in atari (a tiger's mouth, a hanging connection);
//! - a diagonal (kosumi) with both crossing points empty.
//!
//! A block in atari links to nothing: it can be captured at once, and with it
//! the link.
//!
//! With a tactical reader ([`linked_blocks_read`]), links across a *false cut*
//! count too: one shared liberty, or a diagonal with one crossing point empty
//! and the other the opponent's, where the cutting stone would be captured
//! (in a ladder or a net) before it could be used, or where the opponent's
//! stone on the other crossing point would be ([`crossing_lost`]).
//!
//! A dragon ([`crate::Dragons`]) leaves out two one-point links that one peep
//! threatens together (the double cut).

use go_board::{Board, Color, Point, PointSet};
use go_search::tactics::{Reader, ReaderOptions, TacticalCode};
use smallvec::SmallVec;

/// The blocks of `board` linked to the block at `anchor` (one entry per block,
/// by anchor), not counting the block itself.
///
/// ```
/// use go_board::Board;
/// // A bamboo joint: the two black blocks share the liberties B3 and B2.
/// let board = Board::from_diagram(
///     ". . . .
///      X . X .
///      X . X .
///      . . . .",
/// )?;
/// let linked = go_life::links::linked_blocks(&board, "A3".parse()?);
/// assert_eq!(linked.len(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn linked_blocks(board: &Board, anchor: Point) -> SmallVec<[Point; 8]> {
    links_static(board, anchor)
        .iter()
        .map(|l| l.other)
        .collect()
}

/// A link from one block to another: the other block's anchor, and the
/// point where a one-point link could be cut (`None` for links with two
/// ways to connect).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Link {
    pub(crate) other: Point,
    pub(crate) cut: Option<Point>,
}

/// The static links of the block at `anchor` (see [`linked_blocks`]).
pub(crate) fn links_static(board: &Board, anchor: Point) -> SmallVec<[Link; 8]> {
    let mut out: SmallVec<[Link; 8]> = SmallVec::new();
    let Some(color) = board.color_at(anchor) else {
        return out;
    };
    if board.num_liberties(anchor) <= 1 {
        return out;
    }
    let geo = board.geometry();
    let own = board.anchor(anchor).unwrap_or(anchor);
    let liberties = board.liberties(anchor);
    let mut seen: SmallVec<[Point; 8]> = SmallVec::new();
    // Blocks sharing a liberty.
    for l in liberties.iter() {
        for q in geo.neighbours(l) {
            if board.color_at(q) != Some(color) {
                continue;
            }
            let other = board.anchor(q).unwrap_or(q);
            if other == own || seen.contains(&other) {
                continue;
            }
            seen.push(other);
            if let Some(cut) = shared_link(board, color, &liberties, other) {
                out.push(Link { other, cut });
            }
        }
    }
    // Blocks diagonal to a stone, both crossing points empty.
    for s in board.block_stones(anchor) {
        for d in geo.diagonals(s) {
            if board.color_at(d) != Some(color) {
                continue;
            }
            let other = board.anchor(d).unwrap_or(d);
            if other == own || contains(&out, other) || board.num_liberties(other) <= 1 {
                continue;
            }
            let a = Point::new(s.col(), d.row());
            let b = Point::new(d.col(), s.row());
            if board.is_empty(a) && board.is_empty(b) {
                out.push(Link { other, cut: None });
            }
        }
    }
    out
}

/// Whether `links` reach the block at `other`.
fn contains(links: &[Link], other: Point) -> bool {
    links.iter().any(|l| l.other == other)
}

/// As [`linked_blocks`], and also the blocks linked across a false cut: a single
/// shared liberty, or the empty crossing point of a diagonal whose other
/// crossing point holds an opponent's stone, where the cutting stone would be
/// captured by `reader` ([`false_cut`]) or, for a diagonal, the stone on the
/// other crossing point would ([`crossing_lost`]).
///
/// ```
/// use go_board::Board;
/// use go_search::tactics::Reader;
/// // B2 and C3 are diagonal, White holds B3: White cutting at C2 would have two
/// // liberties, and Black chases it along the edge (D2, then B1 or D1).
/// let board = Board::from_diagram(
///     ". . . . . .
///      . . . . . .
///      . O X . . .
///      . X . . . .
///      . . . . . .",
/// )?;
/// let mut reader = Reader::default();
/// let b2 = "B2".parse()?;
/// assert!(go_life::links::linked_blocks(&board, b2).is_empty());
/// assert_eq!(go_life::links::linked_blocks_read(&board, b2, &mut reader).len(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn linked_blocks_read(
    board: &Board,
    anchor: Point,
    reader: &mut Reader,
) -> SmallVec<[Point; 8]> {
    links_read(board, anchor, reader)
        .iter()
        .map(|l| l.other)
        .collect()
}

/// The links of the block at `anchor`, false cuts included (see
/// [`linked_blocks_read`]).
pub(crate) fn links_read(board: &Board, anchor: Point, reader: &mut Reader) -> SmallVec<[Link; 8]> {
    let mut out = links_static(board, anchor);
    let Some(color) = board.color_at(anchor) else {
        return out;
    };
    if board.num_liberties(anchor) <= 1 {
        return out;
    }
    let geo = board.geometry();
    let own = board.anchor(anchor).unwrap_or(anchor);
    let enemy = color.opposite();
    let liberties = board.liberties(anchor);
    let link = |other: Point, cut: Point, reader: &mut Reader, out: &mut SmallVec<[Link; 8]>| {
        if other == own || contains(out, other) || board.num_liberties(other) <= 1 {
            return;
        }
        if false_cut(board, reader, enemy, cut) {
            out.push(Link {
                other,
                cut: Some(cut),
            });
        }
    };
    // One shared liberty the opponent can play.
    for l in liberties.iter() {
        for q in geo.neighbours(l) {
            if board.color_at(q) != Some(color) {
                continue;
            }
            let other = board.anchor(q).unwrap_or(q);
            if (liberties & board.liberties(other)).len() == 1 {
                link(other, l, reader, &mut out);
            }
        }
    }
    // A diagonal half cut: one crossing point empty, the other the opponent's.
    for s in board.block_stones(anchor) {
        for d in geo.diagonals(s) {
            if board.color_at(d) != Some(color) {
                continue;
            }
            let other = board.anchor(d).unwrap_or(d);
            let a = Point::new(s.col(), d.row());
            let b = Point::new(d.col(), s.row());
            let (cut, crossing) = match (board.color_at(a), board.color_at(b)) {
                (None, Some(c)) if c == enemy => (a, b),
                (Some(c), None) if c == enemy => (b, a),
                _ => continue,
            };
            if other != own
                && !contains(&out, other)
                && board.num_liberties(other) >= 2
                && crossing_lost(board, reader, enemy, cut, crossing)
            {
                out.push(Link { other, cut: None });
                continue;
            }
            link(other, cut, reader, &mut out);
        }
    }
    out
}

/// The tactical reader's budget, in positions, for each false cut the dragons
/// read ([`cut_reader`]).
pub const CUT_NODES: u64 = 2_000;

/// A tactical reader for false cuts: [`CUT_NODES`] positions a question and a
/// small table, so that reading every cut of a board stays cheap.
///
/// ```
/// assert_eq!(go_life::links::cut_reader().options().nodes, go_life::links::CUT_NODES);
/// ```
#[must_use]
pub fn cut_reader() -> Reader {
    Reader::new(
        ReaderOptions::default()
            .with_nodes(CUT_NODES)
            .with_tt_bits(12),
    )
}

/// Whether a cut by `cutter` at the empty point `p` is false: the stone cannot
/// be played there, or it would capture nothing, have at most two liberties, and
/// be captured by `reader` with its opponent to move (unconditionally: a ko is
/// a real cut). A stone with three liberties or more is taken to cut.
///
/// ```
/// use go_board::{Board, Color};
/// use go_search::tactics::Reader;
/// let board = Board::from_diagram(
///     ". . . . . .
///      . . . . . .
///      . O X . . .
///      . X . . . .
///      . . . . . .",
/// )?;
/// let mut reader = Reader::default();
/// // White at C2 is caught on the edge; White at D3 has room.
/// assert!(go_life::links::false_cut(&board, &mut reader, Color::White, "C2".parse()?));
/// assert!(!go_life::links::false_cut(&board, &mut reader, Color::White, "D3".parse()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn false_cut(board: &Board, reader: &mut Reader, cutter: Color, p: Point) -> bool {
    if !board.is_empty(p) {
        return false;
    }
    let mut after = board.clone();
    let captured_before = after.captures(cutter);
    if after.play(cutter, p).is_err() {
        return true;
    }
    if after.captures(cutter) != captured_before || after.num_liberties(p) > 2 {
        return false;
    }
    after.set_to_play(cutter.opposite());
    matches!(reader.attack(&after, p), Ok(r) if r.code == TacticalCode::Win)
}

/// Whether a cut by `cutter` at the empty crossing point `p` of a diagonal
/// fails because the cutter's stone on the other crossing point, `crossing`,
/// is lost: after the cut its owner's opponent, moving next, captures the
/// block at `crossing` (unconditionally, by `reader`), and the cut left each
/// of the diagonal's stones at least two liberties, so the capture comes
/// first. The captured point then joins the diagonal's stones.
///
/// ```
/// use go_board::{Board, Color};
/// use go_search::tactics::Reader;
/// // White's C3 between Black's B3 and C2 has one liberty left (D3): a White
/// // cut at B2 is answered by D3, which captures C3 and joins the diagonal.
/// let board = Board::from_diagram(
///     ". . . . . .
///      . . X . . .
///      . X O . . .
///      . . X X . .
///      . . . . . .",
/// )?;
/// let mut reader = Reader::default();
/// let (b2, c3) = ("B2".parse()?, "C3".parse()?);
/// assert!(go_life::links::crossing_lost(&board, &mut reader, Color::White, b2, c3));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn crossing_lost(
    board: &Board,
    reader: &mut Reader,
    cutter: Color,
    p: Point,
    crossing: Point,
) -> bool {
    if !board.is_empty(p) || board.color_at(crossing) != Some(cutter) {
        return false;
    }
    let mut after = board.clone();
    if after.play(cutter, p).is_err() {
        return false;
    }
    let geo = board.geometry();
    let owner = cutter.opposite();
    for q in geo.neighbours(p) {
        if after.color_at(q) == Some(owner) && after.num_liberties(q) < 2 {
            return false;
        }
    }
    if after.color_at(crossing) != Some(cutter) || after.same_block(p, crossing) {
        return false;
    }
    after.set_to_play(owner);
    matches!(reader.attack(&after, crossing), Ok(r) if r.code == TacticalCode::Win)
}

/// Whether the block at `other` is linked through shared liberties to a block
/// with `liberties` (at least two, or one the opponent cannot safely play):
/// `Some` with the cutting point of a one-point link, `Some(None)` for two
/// shared liberties or more, `None` when not linked.
fn shared_link(
    board: &Board,
    color: Color,
    liberties: &PointSet,
    other: Point,
) -> Option<Option<Point>> {
    if board.num_liberties(other) <= 1 {
        return None;
    }
    let shared = *liberties & board.liberties(other);
    match shared.len() {
        0 => None,
        1 => shared
            .first()
            .filter(|&l| unplayable_for(board, color.opposite(), l))
            .map(Some),
        _ => Some(None),
    }
}

/// Whether a stone of `color` at the empty point `p` would be suicide or stand
/// in atari without capturing anything: the point is no real cut.
#[must_use]
pub fn unplayable_for(board: &Board, color: Color, p: Point) -> bool {
    let geo = board.geometry();
    let mut empty = 0;
    for q in geo.neighbours(p) {
        match board.color_at(q) {
            None => empty += 1,
            Some(c) if c == color => return false,
            Some(_) => {
                if board.num_liberties(q) <= 1 {
                    // It captures.
                    return false;
                }
            }
        }
    }
    empty <= 1
}

/// The blocks of the colour at `p` joined to the block at `p` by chains of
/// links: the group a search treats as one (see [`linked_blocks`]).
///
/// ```
/// use go_board::Board;
/// let board = Board::from_diagram(
///     ". . . . .
///      X . X . X
///      . X . . .
///      . . . . .",
/// )?;
/// // A3 - B2 - C3 by diagonals; E3 is a two-point jump from C3 (one shared liberty D3
/// // that White can play): not linked.
/// let group = go_life::links::group(&board, "A3".parse()?);
/// assert_eq!(group.blocks.len(), 3);
/// assert_eq!(group.stones.len(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn group(board: &Board, p: Point) -> Group {
    let mut g = Group::default();
    let Some(first) = board.anchor(p) else {
        return g;
    };
    g.blocks.push(first);
    let mut i = 0;
    while i < g.blocks.len() {
        let b = g.blocks[i];
        for other in linked_blocks(board, b) {
            if !g.blocks.contains(&other) {
                g.blocks.push(other);
            }
        }
        i += 1;
    }
    for &b in &g.blocks {
        g.stones |= board.stones(b);
        g.liberties |= board.liberties(b);
    }
    g
}

/// Linked blocks of one colour: their anchors, stones and liberties.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Group {
    /// One point of each block (the board's anchor), the first the block asked for.
    pub blocks: SmallVec<[Point; 8]>,
    /// All the stones.
    pub stones: PointSet,
    /// All the liberties.
    pub liberties: PointSet,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(d: &str) -> Board {
        Board::from_diagram(d).expect("diagram")
    }

    #[test]
    fn tiger_mouth_links_but_open_single_liberty_does_not() {
        // B2 is a shared liberty of A2 and C2; White at B2 would have B1 only: linked.
        let b = board(
            ". . . .
             . X . .
             X . X .
             . . . .",
        );
        assert_eq!(linked_blocks(&b, "A2".parse().unwrap()).len(), 2);
        // Two stones a two-point jump apart on the second line: one shared empty
        // point with room around it: not linked.
        let b = board(
            ". . . . .
             . . . . .
             X . . X .
             . . . . .",
        );
        assert!(linked_blocks(&b, "A2".parse().unwrap()).is_empty());
    }

    #[test]
    fn block_in_atari_links_to_nothing() {
        let b = board(
            ". O . .
             O X . X
             . O . .",
        );
        assert!(linked_blocks(&b, "B2".parse().unwrap()).is_empty());
    }

    #[test]
    fn a_second_line_jump_links_when_the_cut_is_caught_on_the_edge() {
        // White at B2 between A2 and C2 is chased along the first line.
        let b = board(
            ". . . . . .
             . . . . . .
             . . . . . .
             X . X . . .
             . . . . . .",
        );
        let a2 = "A2".parse().unwrap();
        assert!(linked_blocks(&b, a2).is_empty());
        assert_eq!(linked_blocks_read(&b, a2, &mut cut_reader()).len(), 1);
        // The same jump on the fourth line: the cutting stone runs away.
        let b = board(
            ". . . . . . .
             . . . . . . .
             . . . . . . .
             X . X . . . .
             . . . . . . .
             . . . . . . .
             . . . . . . .",
        );
        assert!(linked_blocks_read(&b, "A4".parse().unwrap(), &mut cut_reader()).is_empty());
    }

    #[test]
    fn a_half_cut_diagonal_links_when_the_crossing_stone_is_lost() {
        // C5 and D4 meet diagonally; White's D5 on one crossing point has one
        // liberty. White's cut at C4 escapes towards B3, but it loses D5 to
        // E5, and the captured point joins C5 and D4.
        let b = board(
            ". . . . . . . .
             . . . . . . . .
             . . . X . . . .
             . . X O . . . .
             . . . X X . . .
             . O . . . . . .
             . . . . . . . .
             . . . . . . . .",
        );
        let (c5, d4, c4) = (
            "C5".parse().unwrap(),
            "D4".parse().unwrap(),
            "C4".parse().unwrap(),
        );
        let d4 = b.anchor(d4).unwrap();
        assert!(!linked_blocks(&b, c5).contains(&d4));
        assert!(!false_cut(&b, &mut cut_reader(), Color::White, c4));
        assert!(linked_blocks_read(&b, c5, &mut cut_reader()).contains(&d4));
        // With D5 safe (E5 and F5 White's), the same cut stands.
        let b = board(
            ". . . . . . . .
             . . . . . . . .
             . . . X . . . .
             . . X O O O . .
             . . . X X . . .
             . O . . . . . .
             . . . . . . . .
             . . . . . . . .",
        );
        assert!(!linked_blocks_read(&b, c5, &mut cut_reader()).contains(&d4));
    }

    #[test]
    fn cut_diagonal_is_not_a_link() {
        let b = board(
            ". . . .
             . X O .
             . O X .
             . . . .",
        );
        assert!(linked_blocks(&b, "B3".parse().unwrap()).is_empty());
    }
}
