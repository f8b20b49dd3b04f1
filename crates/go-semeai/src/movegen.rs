//! The move generator of class p (Table 4.9) and its pruning
//! (`calculateMovesRemove`): inside a big eye only the eye's vital point,
//! one liberty per corridor of equivalent liberties.

use go_board::{Board, Point, PointSet};
use smallvec::SmallVec;

use crate::evaluate::NodeEval;
use crate::gate::Reasons;
use crate::race::{EyeState, Side};

/// Eyes of at least this many points are "big": only their vital point is
/// searched.
const BIG_EYE: usize = 4;

/// Counts of pruned moves: H4 (inside big eyes) and H5 (equivalent
/// liberties).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Pruned {
    pub h4: u64,
    pub h5: u64,
}

/// How far the move generator looks beyond Table 4.9.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reach {
    /// Table 4.9 as printed: the liberties of neighbouring blocks with up
    /// to two liberties.
    Table,
    /// Then, last, the liberties of neighbouring blocks with three
    /// liberties (the thesis stops at two, and cannot solve Hunter's
    /// problem 14 for it).
    Wide,
}

/// Appends the candidate moves at `node` in Table 4.9's order, without
/// duplicates, pruned (H4, H5); returns how many were pruned.
pub(crate) fn generate(
    board: &Board,
    node: &NodeEval,
    out: &mut Vec<Point>,
    reach: Reach,
) -> Pruned {
    let race = &node.race;
    let gate = &node.gate;
    let (p, o) = (&race.player, &race.other);
    let reasons = gate.reasons;
    let adj_atari_player = reasons.contains(Reasons::ADJACENT_IN_ATARI_PLAYER);
    let adj_atari_other = reasons.contains(Reasons::ADJACENT_IN_ATARI_OTHER);
    let np_other = reasons.contains(Reasons::N_PLAIN_LIBS_OTHER);
    let np_player = reasons.contains(Reasons::N_PLAIN_LIBS_PLAYER);

    let mut lists: SmallVec<[PointSet; 16]> = SmallVec::new();
    let unsettled = |eye: EyeState| eye == EyeState::Unsettled;
    if let Some((pc, oc)) = &node.counts {
        // 1, 2: unsettled eyes' vital points (and eyes that need a move now).
        if (unsettled(pc.eye) || pc.urgent)
            && let Some(v) = pc.defence.or(pc.vital)
        {
            lists.push(single(v));
        }
        if (unsettled(oc.eye) || oc.urgent)
            && let Some(v) = oc.attack.or(oc.vital)
        {
            lists.push(single(v));
        }
    }
    // Eyes class e could not count: the points that decide them.
    for &v in &node.eye_points {
        lists.push(single(v));
    }
    // Captures of blocks in atari next to either essential block.
    let mut captures = PointSet::new();
    for side in [p, o] {
        for b in board.adjacent_blocks(side.anchor) {
            if board.in_atari(b) {
                captures |= board.liberties(b);
            }
        }
    }
    lists.push(captures);
    // 3: the other's liberties: outside ones first, then shared ones, then
    // those in its eyes (the nakade-against-nakade order).
    lists.push(o.liberties - race.shared - o.eye_space);
    lists.push(o.liberties & race.shared);
    lists.push(o.liberties);
    // 4: liberties of short blocks next to the player.
    if adj_atari_player {
        lists.push(gate.player.adjacent_weak_libs);
    }
    // 5: approach moves to the other's non-plain liberties.
    if np_other {
        lists.push(gate.other.approach);
    }
    // 6: second liberties of the other.
    lists.push(board.second_order_liberties(o.anchor));
    // 7, 8.
    if adj_atari_other {
        lists.push(gate.other.adjacent_weak_libs);
    }
    if np_player {
        lists.push(gate.player.approach);
    }
    // 9, 10: the player's liberties and second liberties.
    lists.push(p.liberties);
    lists.push(board.second_order_liberties(p.anchor));
    // 11–14: items 4, 5, 7, 8 when their condition does not hold.
    if !adj_atari_player {
        lists.push(gate.player.adjacent_weak_libs);
    }
    if !np_other {
        lists.push(gate.other.approach);
    }
    if !adj_atari_other {
        lists.push(gate.other.adjacent_weak_libs);
    }
    if !np_player {
        lists.push(gate.player.approach);
    }
    // Beyond Table 4.9: the liberties of blocks next to either essential
    // block with three liberties.
    if reach == Reach::Wide {
        lists.push(gate.other.adjacent_loose_libs);
        lists.push(gate.player.adjacent_loose_libs);
    }

    // calculateMovesRemove: big eyes keep their vital point only.
    let mut pruned = Pruned::default();
    let mut banned = PointSet::new();
    let mut keep = PointSet::new();
    for (side, count) in [(p, node.counts.map(|c| c.0)), (o, node.counts.map(|c| c.1))] {
        for region in &side.regions {
            if region.num_points() < BIG_EYE {
                continue;
            }
            let points: PointSet = count
                .iter()
                .flat_map(|c| [c.vital, c.attack, c.defence])
                .flatten()
                .filter(|v| region.points().contains(*v))
                .collect();
            // Only when the side to move can play one of them: a vital
            // point it may not take (a ko it must not retake at once, a
            // suicide) leaves the rest of the eye to search.
            let color = race.player.color;
            if points.iter().any(|v| board.is_legal(color, v)) {
                banned |= *region.points();
                keep |= points;
            }
        }
    }
    let mut seen = PointSet::new();
    let start = out.len();
    for list in &lists {
        for q in list.iter() {
            if !seen.insert(q) {
                continue;
            }
            if banned.contains(q) && !keep.contains(q) && !captures.contains(q) {
                pruned.h4 += 1;
                continue;
            }
            out.push(q);
        }
    }
    pruned.h5 = prune_equivalent(board, p, o, out, start);
    pruned
}

fn single(p: Point) -> PointSet {
    let mut s = PointSet::new();
    s.insert(p);
    s
}

/// Removes all but one of each corridor of equivalent liberties: empty
/// points next to each other, each a liberty of exactly the same blocks,
/// with no other empty neighbour. Returns how many were removed.
fn prune_equivalent(
    board: &Board,
    p: &Side,
    o: &Side,
    moves: &mut Vec<Point>,
    start: usize,
) -> u64 {
    let geo = board.geometry();
    let outside = |s: &Side| s.liberties - s.eye_space;
    let candidates = (outside(p) ^ outside(o)) & board.empty_points();
    let key = |q: Point| -> Option<(SmallVec<[Point; 4]>, usize)> {
        let mut blocks: SmallVec<[Point; 4]> = SmallVec::new();
        let mut empty = 0;
        for n in geo.neighbours(q) {
            match board.anchor(n) {
                Some(a) => {
                    if !blocks.contains(&a) {
                        blocks.push(a);
                    }
                }
                None => empty += 1,
            }
        }
        blocks.sort_unstable();
        Some((blocks, empty))
    };
    // Every empty neighbour lies on the same corridor (a liberty of the
    // same blocks).
    let corridor = |q: Point, k: &SmallVec<[Point; 4]>| {
        geo.neighbours(q)
            .filter(|&m| board.anchor(m).is_none())
            .all(|m| candidates.contains(m) && key(m).is_some_and(|(km, _)| &km == k))
    };
    let mut removed = PointSet::new();
    let mut count = 0;
    for q in candidates.iter() {
        if removed.contains(q) {
            continue;
        }
        let Some((kq, eq)) = key(q) else { continue };
        if eq > 2 {
            continue;
        }
        for n in geo.neighbours(q) {
            if !candidates.contains(n) || removed.contains(n) || n < q {
                continue;
            }
            if let Some((kn, en)) = key(n)
                && kn == kq
                && en <= 2
                && corridor(q, &kq)
                && corridor(n, &kq)
            {
                removed.insert(n);
            }
        }
    }
    if !removed.is_empty() {
        let before = moves.len();
        let mut i = start;
        while i < moves.len() {
            if removed.contains(moves[i]) {
                moves.remove(i);
            } else {
                i += 1;
            }
        }
        count = (before - moves.len()) as u64;
    }
    count
}
