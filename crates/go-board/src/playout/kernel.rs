//! The hot loop of the playout board: neighbour masks, the eye rule,
//! legality, placing stones and capturing, on plain slices.
//!
//! Written as free functions over slices so the compiler sees the array
//! lengths once (one assertion instead of a bounds check per neighbour) and
//! with as few data-dependent branches as possible: in random playouts
//! those are unpredictable, and a mispredicted branch costs more than the
//! arithmetic that replaces it.

use super::board::{BORDER, EMPTY, Node, SINK};

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
    assert!(i > s && i + s + 1 < cells.len() && nodes.len() == cells.len());
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
        assert!(x > s && x + s < cells.len() && nodes.len() == cells.len());
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
