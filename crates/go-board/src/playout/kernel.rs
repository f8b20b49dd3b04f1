//! The hot loop of the playout board: neighbour masks, the eye rule,
//! legality, placing stones and capturing, on plain slices.
//!
//! Written as free functions over slices so the compiler sees the array
//! lengths once (one assertion instead of a bounds check per neighbour) and
//! with as few data-dependent branches as possible: in random playouts
//! those are unpredictable, and a mispredicted branch costs more than the
//! arithmetic that replaces it.

use super::board::{BORDER, EMPTY, Node, SINK};
use super::rng::Pcg32;

// ----- Packed pseudo-liberties ---------------------------------------------
//
// A block's pseudo-liberties are its (stone, empty neighbour) adjacencies,
// counted with multiplicity. Per block we keep, in one u64, their number
// (bits 0..12), the sum of their indices (bits 12..33) and the sum of the
// squared indices (bits 33..64). Adding or removing a pseudo-liberty is one
// add or subtract of `pack(q)`: at most 4 × 625 = 2500 adjacencies and
// indices below 703 keep the sums below 2^21 and 2^31, so the fields never
// carry into each other.
//
// The block is in atari — all its pseudo-liberties are one point — exactly
// when count × Σq² = (Σq)² (equality in Cauchy–Schwarz), and the liberty
// is then Σq / count. It has no liberty exactly when the count is zero.

const COUNT_MASK: u64 = (1 << 12) - 1;
pub(super) const SUM_MASK: u64 = (1 << 21) - 1;

/// The packed pseudo-liberty record of one adjacency to index `i`.
#[inline(always)]
pub(super) const fn pack(i: usize) -> u64 {
    let q = i as u64;
    1 | (q << 12) | ((q * q) << 33)
}

/// The number of pseudo-liberties in a packed record.
#[inline(always)]
pub(super) const fn lib_count(libs: u64) -> u64 {
    libs & COUNT_MASK
}

/// Whether every pseudo-liberty is the same point (true for none, too).
#[inline(always)]
pub(super) const fn is_single_lib(libs: u64) -> bool {
    let count = libs & COUNT_MASK;
    let sum = (libs >> 12) & SUM_MASK;
    let sum_sq = libs >> 33;
    count * sum_sq == sum * sum
}

/// `u64::MAX` if `b`, else 0.
#[inline(always)]
fn mask_if(b: bool) -> u64 {
    0u64.wrapping_sub(u64::from(b))
}

/// The cell codes of the four neighbours of `i` as a bit mask
/// (`1 << code`).
#[inline(always)]
pub(super) fn neighbour_mask(cells: &[u8], s: usize, i: usize) -> u32 {
    (1u32 << cells[i + 1])
        | (1u32 << cells[i - 1])
        | (1u32 << cells[i + s])
        | (1u32 << cells[i - s])
}

/// Whether the empty point `i` is an eye of `own` by the playout rule
/// (see [`PlayoutBoard::is_eye`](super::PlayoutBoard::is_eye)).
#[inline(always)]
pub(super) fn is_eye(cells: &[u8], s: usize, own: u8, i: usize, mask: u32) -> bool {
    let surrounded = mask & !((1 << own) | (1 << BORDER)) == 0;
    let enemy = own ^ 3;
    let mut enemies = 0;
    let mut borders = 0;
    for d in [i + s + 1, i + s - 1, i - s + 1, i - s - 1] {
        let c = cells[d];
        enemies += u32::from(c == enemy);
        borders += u32::from(c == BORDER);
    }
    surrounded & (enemies + u32::from(borders > 0) < 2)
}

/// Whether the empty point `i`, which has no empty neighbour, is legal for
/// `own` ignoring ko: a friendly neighbour block with another liberty, or
/// an enemy neighbour block in atari that the move captures. All four
/// neighbours are looked at (border ones have root SINK and are masked).
#[inline(always)]
pub(super) fn is_legal_crowded(cells: &[u8], nodes: &[Node], s: usize, own: u8, i: usize) -> bool {
    let mut legal = false;
    for q in [i + 1, i - 1, i + s, i - s] {
        let c = cells[q];
        let atari = is_single_lib(nodes[usize::from(nodes[q].root)].libs);
        legal |= (c != BORDER) & ((c == own) != atari);
    }
    legal
}

/// What placing a stone did.
pub(super) struct Placed {
    /// Stones captured.
    pub(super) captured: u32,
    /// The new ko point, 0 for none.
    pub(super) ko: u16,
}

/// Places a stone of `own` at the empty index `i`, which must be legal:
/// takes it out of the empty list, updates pseudo-liberties, captures and
/// joins blocks.
#[inline(always)]
pub(super) fn place(
    cells: &mut [u8],
    nodes: &mut [Node],
    empties: &mut Vec<u16>,
    s: usize,
    own: u8,
    i: usize,
) -> Placed {
    assert!(i > s && i < cells.len() - s - 1 && nodes.len() == cells.len());
    // Out of the empty list.
    let pos = usize::from(nodes[i].empty_pos);
    if let Some(last) = empties.pop() {
        if usize::from(last) != i {
            empties[pos] = last;
            nodes[usize::from(last)].empty_pos = pos as u16;
        }
    }
    cells[i] = own;

    // The stone's own pseudo-liberties; neighbouring blocks lose one per
    // adjacency. Empty and border neighbours have root SINK, so this needs
    // no branch on what the neighbour is.
    let enemy = own ^ 3;
    let neighbours = [i + 1, i - 1, i + s, i - s];
    let here = pack(i);
    let mut libs = 0;
    let mut friends = 0u32;
    for (k, q) in neighbours.into_iter().enumerate() {
        let c = cells[q];
        let r = usize::from(nodes[q].root);
        nodes[r].libs = nodes[r].libs.wrapping_sub(here);
        libs += pack(q) & mask_if(c == EMPTY);
        friends |= u32::from(c == own) << k;
    }
    nodes[i] = Node {
        libs,
        root: i as u16,
        next: i as u16,
        size: 1,
        empty_pos: 0,
    };

    // Enemy neighbours left without liberties, found without branching;
    // captures themselves are rare.
    let mut dead = 0u32;
    for (k, q) in neighbours.into_iter().enumerate() {
        let no_libs = lib_count(nodes[usize::from(nodes[q].root)].libs) == 0;
        dead |= u32::from((cells[q] == enemy) & no_libs) << k;
    }
    let mut captured = 0;
    let mut ko = 0;
    if dead != 0 {
        while dead != 0 {
            let q = neighbours[(dead.trailing_zeros() & 3) as usize];
            dead &= dead - 1;
            // Two neighbours may belong to the same block.
            if cells[q] == enemy {
                captured += remove_block(cells, nodes, empties, s, usize::from(nodes[q].root));
                ko = q;
            }
        }
        // A single stone that captured a single stone and has that point
        // as its only liberty: the capture may not be retaken at once.
        if !(captured == 1 && friends == 0 && lib_count(nodes[i].libs) == 1) {
            ko = 0;
        }
    }

    // Join friendly blocks: the stone joins the first one, which then
    // merges with any other.
    if friends != 0 {
        let q = neighbours[(friends.trailing_zeros() & 3) as usize];
        friends &= friends - 1;
        let a = usize::from(nodes[q].root);
        let stone_libs = nodes[i].libs;
        nodes[i].root = a as u16;
        nodes[i].next = nodes[a].next;
        let block = &mut nodes[a];
        block.next = i as u16;
        block.size += 1;
        block.libs += stone_libs;
        while friends != 0 {
            let q = neighbours[(friends.trailing_zeros() & 3) as usize];
            friends &= friends - 1;
            merge(
                nodes,
                usize::from(nodes[i].root),
                usize::from(nodes[q].root),
            );
        }
    }
    Placed {
        captured,
        ko: ko as u16,
    }
}

/// Joins the blocks with roots `a` and `b`; the bigger one absorbs the
/// smaller.
#[inline]
fn merge(nodes: &mut [Node], a: usize, b: usize) {
    if a == b {
        return;
    }
    let (big, small) = if nodes[a].size >= nodes[b].size {
        (a, b)
    } else {
        (b, a)
    };
    let mut x = small;
    loop {
        nodes[x].root = big as u16;
        x = usize::from(nodes[x].next);
        if x == small {
            break;
        }
    }
    let big_next = nodes[big].next;
    nodes[big].next = nodes[small].next;
    nodes[small].next = big_next;
    nodes[big].size += nodes[small].size;
    nodes[big].libs += nodes[small].libs;
}

/// Removes the captured block with root `r`; its points become empty and
/// pseudo-liberties of the capturer's neighbouring blocks. Returns the
/// number of stones.
fn remove_block(
    cells: &mut [u8],
    nodes: &mut [Node],
    empties: &mut Vec<u16>,
    s: usize,
    r: usize,
) -> u32 {
    let size = u32::from(nodes[r].size);
    let mut x = r;
    loop {
        assert!(x > s && x < cells.len() - s - 1 && nodes.len() == cells.len());
        cells[x] = EMPTY;
        nodes[x].root = SINK as u16;
        nodes[x].empty_pos = empties.len() as u16;
        empties.push(x as u16);
        // The neighbours are the capturer's stones, stones of this block
        // (root r, whose counts no longer matter), removed stones and the
        // border (root SINK): no need to ask which.
        let here = pack(x);
        for q in [x + 1, x - 1, x + s, x - s] {
            let root = usize::from(nodes[q].root);
            nodes[root].libs = nodes[root].libs.wrapping_add(here);
        }
        x = usize::from(nodes[x].next);
        if x == r {
            break;
        }
    }
    size
}

/// Picks a move for `own`: uniformly among the legal moves that do not
/// fill an own eye, or `None`. `ko` is the ko point (0 for none) and the
/// colour banned there. Reorders the empty list.
#[inline(always)]
pub(super) fn select(
    cells: &[u8],
    nodes: &mut [Node],
    empties: &mut [u16],
    s: usize,
    own: u8,
    ko: (usize, u8),
    rng: &mut Pcg32,
) -> Option<usize> {
    // A partial Fisher-Yates shuffle of the empty list: draw from the
    // untried points, move each rejected one behind them.
    let mut untried = empties.len();
    while untried > 0 {
        let j = rng.below(untried as u32) as usize;
        let i = usize::from(empties[j]);
        assert!(i > s && i < cells.len() - s - 1 && nodes.len() == cells.len());
        let mask = neighbour_mask(cells, s, i);
        if mask & (1 << EMPTY) != 0 {
            return Some(i);
        }
        let banned = (i == ko.0) & (own == ko.1);
        if !is_eye(cells, s, own, i, mask) & !banned & is_legal_crowded(cells, nodes, s, own, i) {
            return Some(i);
        }
        untried -= 1;
        let last = empties[untried];
        empties[j] = last;
        empties[untried] = i as u16;
        nodes[usize::from(last)].empty_pos = j as u16;
        nodes[i].empty_pos = untried as u16;
    }
    None
}

/// The game state outside the arrays, for [`run`].
#[derive(Clone, Copy, Debug)]
pub(super) struct Turn {
    /// The cell code of the side to move.
    pub(super) own: u8,
    /// The ko point, 0 for none.
    pub(super) ko_point: u16,
    /// The cell code banned from the ko point.
    pub(super) ko_banned: u8,
    /// Consecutive passes.
    pub(super) passes: u32,
    /// Stones captured, indexed by the capturer's cell code.
    pub(super) captures: [u32; 3],
    /// Index of the last stone played, 0 after a pass.
    pub(super) last: u16,
}

/// Plays random moves until two passes in a row or `cap` moves; returns
/// the number of moves played. `record` sees the index of every move, 0
/// for a pass.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub(super) fn run(
    cells: &mut [u8],
    nodes: &mut [Node],
    empties: &mut Vec<u16>,
    s: usize,
    turn: &mut Turn,
    rng: &mut Pcg32,
    cap: usize,
    record: &mut impl FnMut(usize),
) -> usize {
    let mut num_moves = 0;
    while turn.passes < 2 && num_moves < cap {
        let own = turn.own;
        match select(
            cells,
            nodes,
            empties,
            s,
            own,
            (usize::from(turn.ko_point), turn.ko_banned),
            rng,
        ) {
            Some(i) => {
                let placed = place(cells, nodes, empties, s, own, i);
                turn.ko_point = placed.ko;
                turn.ko_banned = own ^ 3;
                turn.captures[usize::from(own)] += placed.captured;
                turn.passes = 0;
                turn.last = i as u16;
                record(i);
            }
            None => {
                turn.ko_point = 0;
                turn.passes += 1;
                turn.last = 0;
                record(0);
            }
        }
        turn.own = own ^ 3;
        num_moves += 1;
    }
    num_moves
}
