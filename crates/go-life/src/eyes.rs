//! How many eyes an eye space of a group gives with each side moving first, and
//! the points where that is decided.
//!
//! - A space the group encloses on its own (no enemy wall next to it) of up to
//!   eight points, enemy stones shut inside included, is looked up in go-eye's
//!   exact tables ([`go_eye::Eye`]): nakade, unsettled shapes, kos, the outside
//!   liberties the group has left.
//! - A small space next to enemy stones that can be reached from outside is
//!   abstracted as go-eye's [`EyeGraph`] (its marginal points are where the
//!   attacker plays safely) and its local game solved exactly, once per shape
//!   (the answers are kept for the thread).
//! - Bigger spaces get an estimate from their room: at most two eyes, and no
//!   sure eye (enemy stones inside may be alive, the attacker may make a
//!   living shape inside: only reading tells).
//!
//! Owner blocks standing inside a space (no neighbour outside it) are stones on
//! its points, not its wall. A sure eye needs a wall that holds together
//! outside the space: blocks joined only through its own points may be cut
//! apart there, and such a space gives no sure eye (its `min` is 0).
//!
//! Before that, the diagonals of the points at the ends of a space tell false
//! eyes (an enemy stone played there can never be captured for good, or the
//! group's stones around it are cut apart: taken as a marginal point) and half
//! eyes (a diagonal point whoever takes first decides: the space is valued with
//! the point marginal for the attacker moving first, sound for the owner).

use go_board::hash::FastMap;
use std::cell::RefCell;

use go_board::{Board, Color, Point, PointSet};
use go_eye::space::{EyeGraph, GraphValue, MAX_GRAPH_POINTS};
use go_eye::tables::EyeOutcome;
use go_eye::{Eye, Stones};

use crate::judge::GroupEyeSpace;
use crate::links::Group;

/// The most points (empty points and enemy stones) of a space solved as an
/// [`EyeGraph`]: each new shape costs a retrograde analysis, about a millisecond
/// at five points and four times more per point beyond.
pub const GRAPH_POINTS: usize = 5;

/// The eyes of one eye space: `min` with the attacker moving first, `max` with
/// the owner moving first (each 0, 1 or 2; two means the space alone lives).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EyeCount {
    /// Eyes if the attacker moves first in the space.
    pub min: u8,
    /// Eyes if the owner moves first.
    pub max: u8,
    /// Whether the counts come from an exact local solution (tables or eye graph)
    /// rather than an estimate.
    pub exact: bool,
    /// Points where the attacker keeps the space to `min` (empty unless `min < max`).
    pub attack: PointSet,
    /// Points where the owner reaches `max` (empty unless `min < max`).
    pub defence: PointSet,
}

impl EyeCount {
    fn estimate(min: u8, max: u8) -> EyeCount {
        EyeCount {
            min,
            max,
            ..EyeCount::default()
        }
    }
}

/// What the diagonals of a point say about it as an eye.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Diagonals {
    Sound,
    /// An eye if the owner plays the key first, none if the attacker does.
    Half(Point),
    False,
}

/// The eyes of `space`, an eye space of `group` (whose stones are `owner`'s).
pub(crate) fn count(board: &Board, owner: Color, group: &Group, space: &GroupEyeSpace) -> EyeCount {
    let geo = board.geometry();
    let mut all = space.points | space.inside;
    // Owner blocks with no neighbour outside the space stand inside it: own
    // stones on its points, not part of the wall.
    let mut own = PointSet::new();
    for q in (space.points.grow(geo) - all).iter() {
        if board.color_at(q) == Some(owner) && !own.contains(q) {
            let block = board.stones(q);
            if (block.grow(geo) - block).is_subset(&all) {
                own |= block;
            }
        }
    }
    all |= own;
    let outside = (group.liberties - space.points).len();
    // Margins: reachable by the enemy from outside, or next to a friendly block
    // outside the group that is about to be captured.
    let mut marginal = space.marginal;
    for p in space.points.iter() {
        let weak_friend = geo.neighbours(p).any(|q| {
            board.color_at(q) == Some(owner)
                && !group.stones.contains(q)
                && board.num_liberties(q) <= 1
        });
        if weak_friend {
            marginal.insert(p);
        }
    }
    // The diagonals of the points at the ends of the space, empty or holding an
    // enemy stone (once captured, its point may be the eye).
    let (mut half_points, mut keys) = (PointSet::new(), PointSet::new());
    for p in (space.points | space.inside).iter() {
        let inner = geo.neighbours(p).filter(|&q| all.contains(q)).count();
        if inner > 1 {
            continue;
        }
        match diagonals(board, owner, p, &all) {
            Diagonals::Sound => {}
            Diagonals::False => {
                marginal.insert(p);
            }
            Diagonals::Half(key) => {
                half_points.insert(p);
                keys.insert(key);
            }
        }
    }
    let value = |marginal: &PointSet| -> EyeCount {
        if all.len() == 1 {
            return if marginal.is_empty() {
                EyeCount {
                    exact: true,
                    ..EyeCount::estimate(1, 1)
                }
            } else {
                EyeCount::estimate(0, 0)
            };
        }
        if marginal.is_empty()
            && let Some(c) = from_tables(board, owner, &all, &own, outside)
        {
            return c;
        }
        if all.len() <= GRAPH_POINTS.min(MAX_GRAPH_POINTS)
            && let Some(c) = from_graph(board, owner, &all, &own, marginal, outside)
        {
            return c;
        }
        let room = (space.points - *marginal).len() + space.inside.len();
        let max = match room {
            0 => 0,
            1 | 2 => 1,
            _ => 2,
        };
        EyeCount::estimate(0, max)
    };
    let mut c = value(&marginal);
    if !(half_points - marginal).is_empty() {
        // Half eyes: the attacker moving first takes their keys (they turn
        // false, margins), the owner moving first settles them.
        let worse = value(&(marginal | half_points));
        if worse.min < c.max {
            c = EyeCount {
                min: worse.min.min(c.min),
                max: c.max,
                exact: c.exact && worse.exact,
                attack: worse.attack | keys,
                defence: c.defence | keys,
            };
        }
    }
    if c.min > 0 && !one_wall(board, owner, &all) {
        // Sure eyes only inside a wall that cannot be cut apart.
        c.min = 0;
    }
    c
}

/// Whether the wall around the points `all` holds together outside them: one
/// owner block, or blocks that each have two liberties elsewhere. Blocks that
/// touch little but the space are joined only through it, and an enemy stone
/// inside, or an atari from outside, may cut them apart.
fn one_wall(board: &Board, owner: Color, all: &PointSet) -> bool {
    let geo = board.geometry();
    let mut blocks: smallvec::SmallVec<[Point; 8]> = smallvec::SmallVec::new();
    for q in (all.grow(geo) - *all).iter() {
        if board.color_at(q) == Some(owner) {
            let a = board.anchor(q).unwrap_or(q);
            if !blocks.contains(&a) {
                blocks.push(a);
            }
        }
    }
    blocks.len() <= 1
        || blocks
            .iter()
            .all(|&b| (board.liberties(b) - *all).len() >= 2)
}

/// The exact count from go-eye's tables, for a space enclosed by the owner alone.
fn from_tables(
    board: &Board,
    owner: Color,
    all: &PointSet,
    own: &PointSet,
    outside: usize,
) -> Option<EyeCount> {
    let (eye, frame) = Eye::on_board(board.geometry(), all).ok()?;
    let stones = Stones {
        enemy: frame.cells(&(*all & *board.stones_of(owner.opposite()))),
        own: frame.cells(own),
    };
    let libs = u32::try_from(outside).unwrap_or(u32::MAX);
    let a = eye.analyse(&stones, libs).ok()?;
    let min = if a.value.attacker_first == EyeOutcome::Alive {
        2
    } else {
        1
    };
    let max = if a.value.defender_first == EyeOutcome::Dead {
        1
    } else {
        2
    };
    let (attack, defence) = if min < max {
        (
            frame.points(a.attack_points),
            frame.points(a.defence_points),
        )
    } else {
        (PointSet::new(), PointSet::new())
    };
    Some(EyeCount {
        min,
        max,
        exact: true,
        attack,
        defence,
    })
}

thread_local! {
    /// Solved eye graphs: the same small shapes come back all through a search.
    static GRAPHS: RefCell<FastMap<EyeGraph, Option<GraphValue>>> = RefCell::new(FastMap::default());
}

/// Solved graphs kept per thread before the store is emptied.
const GRAPH_STORE: usize = 1 << 16;

/// The exact count from the space's eye graph.
fn from_graph(
    board: &Board,
    owner: Color,
    all: &PointSet,
    own: &PointSet,
    marginal: &PointSet,
    outside: usize,
) -> Option<EyeCount> {
    let geo = board.geometry();
    let nodes: Vec<Point> = all.iter().collect();
    let index = |p: Point| nodes.iter().position(|&q| q == p);
    let mut adjacent = vec![0u16; nodes.len()];
    let (mut wall, mut margin, mut enemy, mut mine) = (0u16, 0u16, 0u16, 0u16);
    for (i, &p) in nodes.iter().enumerate() {
        let bit = 1u16 << i;
        for q in geo.neighbours(p) {
            if let Some(j) = index(q) {
                adjacent[i] |= 1 << j;
            } else if board.color_at(q) == Some(owner) {
                wall |= bit;
            }
        }
        if marginal.contains(p) {
            margin |= bit;
        }
        if board.color_at(p) == Some(owner.opposite()) {
            enemy |= bit;
        } else if own.contains(p) {
            mine |= bit;
        }
    }
    let liberties = u8::try_from(outside.min(4)).unwrap_or(4);
    let graph = EyeGraph::new(&adjacent, wall, margin, enemy)
        .ok()?
        .with_owner_stones(mine)
        .with_shut_margins(margin & !wall)
        .with_outside_liberties(liberties);
    let value = GRAPHS.with(|store| {
        if let Some(v) = store.borrow().get(&graph) {
            return *v;
        }
        let v = graph.value().ok();
        let mut store = store.borrow_mut();
        if store.len() >= GRAPH_STORE {
            store.clear();
        }
        store.insert(graph, v);
        v
    })?;
    let points = |mask: u16| -> PointSet {
        nodes
            .iter()
            .enumerate()
            .filter(|(i, _)| mask >> i & 1 == 1)
            .map(|(_, &p)| p)
            .collect()
    };
    Some(EyeCount {
        min: value.min,
        max: value.max,
        exact: true,
        attack: points(value.attack_points),
        defence: points(value.defence_points),
    })
}

/// The diagonals of `p`, a point of the eye space `space` of `owner`, after GNU
/// Go's topology (in quarters): an enemy stone with two or more liberties counts
/// 8, one in atari 4, an empty point where an enemy stone would not stand in
/// atari 4, the edge 8 in all. Sixteen or more is a false eye; more than eight a
/// half eye, decided at the diagonal point the enemy could take.
fn diagonals(board: &Board, owner: Color, p: Point, space: &PointSet) -> Diagonals {
    let geo = board.geometry();
    let enemy = owner.opposite();
    let (w, h) = (geo.width() as isize, geo.height() as isize);
    let mut sum = 0u8;
    let mut key = None;
    for (dx, dy) in [(1isize, 1isize), (1, -1), (-1, 1), (-1, -1)] {
        let (c, r) = (p.col() as isize + dx, p.row() as isize + dy);
        let col_on = (0..w).contains(&c);
        let row_on = (0..h).contains(&r);
        if !col_on || !row_on {
            if col_on || row_on {
                sum += 4;
            }
            continue;
        }
        let q = Point::new(c as usize, r as usize);
        if space.contains(q) {
            continue;
        }
        match board.color_at(q) {
            Some(c) if c == owner => {}
            Some(_) => {
                if board.num_liberties(q) >= 2 {
                    sum += 8;
                } else {
                    sum += 4;
                    key = key.or_else(|| board.the_liberty(q));
                }
            }
            None => {
                if board.is_legal(enemy, q) && liberties_after(board, enemy, q) >= 2 {
                    sum += 4;
                    key = key.or(Some(q));
                }
            }
        }
    }
    match (sum, key) {
        (16.., _) => Diagonals::False,
        (9.., Some(k)) => Diagonals::Half(k),
        _ => Diagonals::Sound,
    }
}

/// Liberties of `color`'s stone at the empty point `p` once played, counting a
/// capture as one: its empty neighbours and the other liberties of the blocks it
/// joins.
fn liberties_after(board: &Board, color: Color, p: Point) -> usize {
    let geo = board.geometry();
    let mut libs = PointSet::new();
    let mut captures = 0;
    for q in geo.neighbours(p) {
        match board.color_at(q) {
            None => {
                libs.insert(q);
            }
            Some(c) if c == color => libs |= board.liberties(q),
            Some(_) => {
                if board.num_liberties(q) == 1 {
                    captures += 1;
                }
            }
        }
    }
    libs.remove(p);
    libs.len() + captures
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::Judgement;

    fn counts(d: &str, p: &str) -> Vec<(u8, u8)> {
        let b = Board::from_diagram(d).expect("diagram");
        let j = Judgement::new(&b, p.parse().unwrap()).expect("a stone");
        let mut v: Vec<(u8, u8)> = j.eye_counts.iter().map(|c| (c.min, c.max)).collect();
        v.sort_unstable();
        v
    }

    #[test]
    fn straight_three_in_the_corner_is_unsettled() {
        let b = Board::from_diagram(
            ". . . . . .
             O O O O O .
             X X X X O .
             . . . X O .",
        )
        .unwrap();
        let j = Judgement::new(&b, "A2".parse().unwrap()).unwrap();
        let c = j.eye_counts[0];
        assert_eq!((c.min, c.max), (1, 2));
        assert!(c.attack.contains("B1".parse().unwrap()));
        assert!(c.defence.contains("B1".parse().unwrap()));
    }

    #[test]
    fn two_separate_eyes() {
        assert_eq!(
            counts(
                ". . . . . . .
                 O O O O O O .
                 X X X X X O .
                 . X . X X O .",
                "A2",
            ),
            vec![(1, 1), (1, 1)]
        );
    }

    /// The count of the eye space at `eye` of the group of `stone`.
    fn count_of(d: &str, stone: &str, eye: &str) -> EyeCount {
        let b = Board::from_diagram(d).expect("diagram");
        let j = Judgement::new(&b, stone.parse().unwrap()).expect("a stone");
        let eye: Point = eye.parse().unwrap();
        let k = j
            .eye_spaces
            .iter()
            .position(|e| e.points.contains(eye))
            .expect("an eye space");
        j.eye_counts[k]
    }

    /// [`count_of`]'s `(min, max)`.
    fn count_at(d: &str, stone: &str, eye: &str) -> (u8, u8) {
        let c = count_of(d, stone, eye);
        (c.min, c.max)
    }

    #[test]
    fn an_edge_eye_with_an_enemy_diagonal_is_false() {
        // B1 is no eye: White's C2 holds its diagonal, and on the edge one
        // diagonal is enough.
        let d = ". . . . . . . . .
                 X X O . . . . . .
                 X . X . . . . . .";
        assert_eq!(count_at(d, "A1", "B1"), (0, 0));
    }

    #[test]
    fn an_eye_next_to_a_friend_in_atari_is_none() {
        // C1 is in atari: White takes it from B1's side, and B1 is gone.
        let d = ". . . . . . . . .
                 X X O . . . . . .
                 X . X O . . . . .";
        assert_eq!(count_at(d, "A1", "B1"), (0, 0));
    }

    #[test]
    fn a_stone_on_the_vital_point_of_a_bulky_five_kills() {
        let d = ". . . . . . . .
                 X X X X X O . .
                 X . O . X O . .
                 X . . X X O . .
                 X X X X X O . .";
        assert_eq!(count_at(d, "A1", "B2"), (1, 1));
    }

    #[test]
    fn a_space_with_a_margin_solves_as_a_graph() {
        // A1-B1 next to White's C1, which runs out: a half eye at best.
        let d = ". . . . . . . . .
                 X X O . . . . . .
                 . . O . . . . . .";
        let c = count_of(d, "A2", "A1");
        assert!(c.exact);
        assert!(c.max <= 1);
    }

    #[test]
    fn a_stone_standing_inside_the_space_is_no_wall() {
        // C1 touches only the space: with it the space is six points, two eyes
        // whatever White plays (B1 and D1 are C1's liberties and the wall's).
        let d = ". . . . . . . .
                 X X X X X O . .
                 X . . . X O . .
                 X . X . X O . .";
        let c = count_of(d, "A1", "B1");
        assert!(c.exact);
        assert_eq!((c.min, c.max), (2, 2), "{c:?}");
    }

    #[test]
    fn an_eye_whose_wall_can_be_cut_is_not_sure() {
        // The bent three B1-C1-C2 is one eye at least while A1-B2 holds; with
        // White at A3, B3 puts A1-B2 in atari and C2 must join it: no sure eye.
        let cut = ". . . . . .
                   . . . . . .
                   O . X X . .
                   X X . X . .
                   X . . X . .";
        assert_eq!(count_at(cut, "A1", "B1"), (0, 2));
        let sound = cut.replacen('O', ".", 1);
        assert_eq!(count_at(&sound, "A1", "B1"), (1, 2));
    }

    #[test]
    fn a_half_eye_at_the_end_of_a_space_is_the_attackers_first() {
        // A1-B1 is an eye while C1 holds to B2; White at C2 cuts them apart
        // (B1 turns false), Black at C2 makes it sure.
        let d = ". . . . . . . . .
                 X X . . . . . . .
                 . . X . . . . . .";
        let c = count_of(d, "A2", "A1");
        assert_eq!((c.min, c.max), (0, 1));
        assert!(c.attack.contains("C2".parse().unwrap()));
        assert!(c.defence.contains("C2".parse().unwrap()));
    }
}
