//! Static judgement of a group: its enclosed regions (eye spaces), whether it is
//! unconditionally alive (Benson, on the blocks around those regions), how far
//! it can run (escape), and whether it is beyond help.
//!
//! Only [`Judgement::pass_alive`] is a proof; the other figures guide a search
//! and decide its frontier (see [`crate::life`]).

use go_board::{Board, Color, Point, PointSet};
use smallvec::SmallVec;

use crate::eyes::{EyeCount, count};
use crate::links::{Group, group};

/// The largest region (empty points and enemy stones) still taken as an
/// enclosed eye space; anything bigger is the open board.
pub const MAX_EYE_SPACE: usize = 24;

/// The liberties a friendly block needs for the escape measure to count reaching
/// it: one the attacker cannot put in atari at once, let alone capture.
pub const SAFE_FRIEND_LIBERTIES: usize = 4;

/// The escape measure up to which a group counts as shut in: two open points
/// are no room for an eye, let alone a way out.
pub const HOPELESS_ESCAPE: u32 = 2;

/// How far (in steps over empty points) the escape measure looks.
pub const ESCAPE_DISTANCE: usize = 4;

/// A region of points that are not the group's colour, bounded by stones of
/// that colour and the edge only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Enclosure {
    /// Its points (empty points and enemy stones).
    pub points: PointSet,
    /// Its empty points.
    pub empty: PointSet,
    /// The anchors of the blocks (of the owner's colour) that bound it.
    pub boundary: SmallVec<[Point; 4]>,
}

/// The largest area of empty points next to a group still taken as an eye space;
/// anything bigger is open board.
pub const MAX_EYE_ROOM: usize = 16;

/// An eye space of a group: a connected area of empty points next to its stones,
/// and the enemy blocks shut inside it. (go-eye's
/// [`EyeSpace`](go_eye::space::EyeSpace) is the full analysis of one eye space on
/// the board; this is the room a group's judgement counts.)
///
/// Enemy blocks next to the area with a liberty outside it are its *wall*: the
/// area's points next to them are marginal, no room for an eye. Enemy blocks with
/// every liberty inside it are *inside*: they can be captured, and their stones
/// count as room.
///
/// ```
/// use go_board::PointSet;
/// use go_life::judge::GroupEyeSpace;
/// let mut points = PointSet::new();
/// points.insert("A1".parse()?);
/// points.insert("B1".parse()?);
/// points.insert("C1".parse()?);
/// let space = GroupEyeSpace { points, marginal: PointSet::new(), inside: PointSet::new() };
/// assert_eq!((space.room(), space.max_eyes()), (3, 2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupEyeSpace {
    /// Its empty points.
    pub points: PointSet,
    /// The empty points next to wall stones.
    pub marginal: PointSet,
    /// The stones of the enemy blocks inside.
    pub inside: PointSet,
}

impl GroupEyeSpace {
    /// Room for eyes: the points that are not marginal, and the stones inside.
    #[must_use]
    pub fn room(&self) -> usize {
        (self.points - self.marginal).len() + self.inside.len()
    }

    /// The most eyes it can give if its owner moves first in it: none without
    /// room, one for one or two points of room, two for more.
    #[must_use]
    pub fn max_eyes(&self) -> u32 {
        match self.room() {
            0 => 0,
            1 | 2 => 1,
            _ => 2,
        }
    }
}

/// The old name of [`GroupEyeSpace`], which clashed with go-eye's
/// [`EyeSpace`](go_eye::space::EyeSpace).
///
/// ```
/// #![allow(deprecated)]
/// use go_life::judge::{EyeSpace, GroupEyeSpace};
/// let space: EyeSpace = GroupEyeSpace {
///     points: go_board::PointSet::new(),
///     marginal: go_board::PointSet::new(),
///     inside: go_board::PointSet::new(),
/// };
/// assert_eq!(space.max_eyes(), 0);
/// ```
#[deprecated(since = "0.1.0", note = "renamed `GroupEyeSpace`")]
pub type EyeSpace = GroupEyeSpace;

/// The static facts about one group (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// The linked blocks.
    pub group: Group,
    /// The enclosed regions next to the group's stones (for Benson's test).
    pub enclosures: Vec<Enclosure>,
    /// The eye spaces next to the group's stones.
    pub eye_spaces: Vec<GroupEyeSpace>,
    /// The eyes each eye space gives (same order as [`eye_spaces`](Self::eye_spaces)).
    pub eye_counts: Vec<EyeCount>,
    /// Whether the group's first block is pass-alive on the enclosed regions
    /// (Benson's test, which also rules out false eyes): a proof of life.
    pub pass_alive: bool,
    /// Open empty points (no enemy stone next to them) the group reaches within
    /// [`ESCAPE_DISTANCE`] steps from its liberties outside its eye spaces, through
    /// open points, plus four
    /// for each other friendly block reached with [`SAFE_FRIEND_LIBERTIES`] or more.
    /// The liberties themselves are stepped through even when an enemy stone
    /// touches them (they score nothing then): a stone played next to a
    /// group's liberty does not close the open board behind it.
    pub escape: u32,
    /// The fewest liberties among the enemy blocks next to the group.
    pub weakest_neighbour: Option<usize>,
    /// The fewest liberties among the group's own blocks.
    pub fewest_block_liberties: usize,
}

impl Judgement {
    /// Judges the group of the stone at `p` (nothing when `p` is empty).
    ///
    /// ```
    /// use go_board::Board;
    /// use go_life::judge::Judgement;
    /// let board = Board::from_diagram(
    ///     ". X . X O .
    ///      X X X X O .
    ///      O O O O O .
    ///      . . . . . .",
    /// )?;
    /// let j = Judgement::new(&board, "A3".parse()?).unwrap();
    /// assert!(j.pass_alive);
    /// // The two eyes, and on so small a board the open area as well.
    /// assert_eq!(j.enclosures.len(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn new(board: &Board, p: Point) -> Option<Judgement> {
        let color = board.color_at(p)?;
        let group = group(board, p);
        let enclosures = enclosures(board, color, &group);
        let eye_spaces = eye_spaces(board, color, &group);
        let eye_counts = eye_spaces
            .iter()
            .map(|e| count(board, color, &group, e))
            .collect();
        let pass_alive = benson(board, &group, &enclosures);
        let inside = eye_spaces
            .iter()
            .fold(PointSet::new(), |acc, e| acc | e.points);
        let escape = escape(board, color, &group, &inside);
        let fewest_block_liberties = group
            .blocks
            .iter()
            .map(|&b| board.num_liberties(b))
            .min()
            .unwrap_or(0);
        let mut weakest = None;
        let geo = board.geometry();
        let around = group.stones.grow(geo) - group.stones;
        let mut seen: SmallVec<[Point; 16]> = SmallVec::new();
        for q in around.iter() {
            if board.color_at(q) == Some(color.opposite()) {
                let a = board.anchor(q).unwrap_or(q);
                if seen.contains(&a) {
                    continue;
                }
                seen.push(a);
                let n = board.num_liberties(a);
                weakest = Some(weakest.map_or(n, |w: usize| w.min(n)));
            }
        }
        Some(Judgement {
            group,
            enclosures,
            eye_spaces,
            eye_counts,
            pass_alive,
            escape,
            weakest_neighbour: weakest,
            fewest_block_liberties,
        })
    }

    /// The eyes the group has if the attacker moves first in every eye space
    /// (the sum of the spaces' [`EyeCount::min`]).
    #[must_use]
    pub fn min_eyes(&self) -> u32 {
        self.eye_counts.iter().map(|c| u32::from(c.min)).sum()
    }

    /// The most eyes the eye spaces can give, the owner moving first in each
    /// (the sum of the spaces' [`EyeCount::max`]).
    #[must_use]
    pub fn max_eyes(&self) -> u32 {
        self.eye_counts.iter().map(|c| u32::from(c.max)).sum()
    }

    /// Whether the group has two eyes whoever moves first in its eye spaces, and
    /// no block of it is in atari: alive by sight (a judgement, not a proof).
    /// Alive here includes seki: an eye space with enemy stones inside whose wall
    /// survives counts two eyes even when they share liberties (see
    /// [`two_clear_eyes`](Self::two_clear_eyes)).
    #[must_use]
    pub fn two_eyes(&self) -> bool {
        self.min_eyes() >= 2 && self.fewest_block_liberties >= 2
    }

    /// As [`two_eyes`](Self::two_eyes), counting only the eye spaces with no
    /// enemy stone inside: life of the group's own, not seki.
    #[must_use]
    pub fn two_clear_eyes(&self) -> bool {
        let clear: u32 = self
            .eye_spaces
            .iter()
            .zip(&self.eye_counts)
            .filter(|(e, _)| e.inside.is_empty())
            .map(|(_, c)| u32::from(c.min))
            .sum();
        clear >= 2 && self.fewest_block_liberties >= 2
    }

    /// The group's liberties.
    #[must_use]
    pub fn liberties(&self) -> usize {
        self.group.liberties.len()
    }

    /// Whether the group is beyond help by static signs: no room to run (an escape
    /// measure of [`HOPELESS_ESCAPE`] or less), at most
    /// one eye from its enclosures, and no enemy neighbour short enough of
    /// liberties to be captured first. A judgement, not a proof.
    #[must_use]
    pub fn hopeless(&self) -> bool {
        let libs = self.liberties();
        self.escape <= HOPELESS_ESCAPE
            && self.max_eyes() <= 1
            && self.weakest_neighbour.is_none_or(|w| w > libs + 1)
    }
}

/// The maximal regions of non-`color` points next to the group's stones that are
/// bounded by `color` stones and the edge, and no bigger than [`MAX_EYE_SPACE`].
fn enclosures(board: &Board, color: Color, group: &Group) -> Vec<Enclosure> {
    let geo = board.geometry();
    let mut out = Vec::new();
    let mut done = group.stones;
    let frontier = group.stones.grow(geo) - group.stones;
    let room = *geo.all_points() - *board.stones_of(color);
    for start in frontier.iter() {
        if done.contains(start) || board.color_at(start) == Some(color) {
            continue;
        }
        let (points, open) = flood(geo, start, &room, &done, MAX_EYE_SPACE);
        done |= points;
        if open {
            continue;
        }
        let mut boundary: SmallVec<[Point; 4]> = SmallVec::new();
        let border = points.grow(geo) - points;
        for b in border.iter() {
            if let Some(a) = board.anchor(b)
                && !boundary.contains(&a)
            {
                boundary.push(a);
            }
        }
        let empty = points & board.empty_points();
        out.push(Enclosure {
            points,
            empty,
            boundary,
        });
    }
    out
}

/// The area of `within` connected to `start`, and whether it is open: bigger
/// than `limit` points, or reaching a point of `done` (an area already found
/// open, so bigger too). A closed area is its whole component; an open one's
/// points are those reached when it was found open. Breadth first over single
/// points: the areas are small and a ring-by-ring growth of whole-board sets
/// costs more.
fn flood(
    geo: &go_board::Geometry,
    start: Point,
    within: &PointSet,
    done: &PointSet,
    limit: usize,
) -> (PointSet, bool) {
    let mut points = PointSet::new();
    points.insert(start);
    let mut queue: SmallVec<[Point; 32]> = SmallVec::new();
    queue.push(start);
    let mut head = 0;
    while let Some(&p) = queue.get(head) {
        head += 1;
        for q in geo.neighbours(p) {
            if !within.contains(q) || points.contains(q) {
                continue;
            }
            points.insert(q);
            if done.contains(q) || queue.len() >= limit {
                return (points, true);
            }
            queue.push(q);
        }
    }
    (points, false)
}

/// The eye spaces next to the group (see [`GroupEyeSpace`]).
fn eye_spaces(board: &Board, color: Color, group: &Group) -> Vec<GroupEyeSpace> {
    let geo = board.geometry();
    let empty = board.empty_points();
    let mut done = PointSet::new();
    let mut areas: Vec<PointSet> = Vec::new();
    for start in group.liberties.iter() {
        if done.contains(start) {
            continue;
        }
        let (points, open) = flood(geo, start, &empty, &done, MAX_EYE_ROOM);
        done |= points;
        if !open {
            areas.push(points);
        }
    }
    join_through_shut_in_blocks(board, color.opposite(), &mut areas);
    areas
        .into_iter()
        .map(|points| {
            let mut marginal = PointSet::new();
            let mut inside = PointSet::new();
            let border = points.grow(geo) - points;
            for b in border.iter() {
                if board.color_at(b) != Some(color.opposite()) || inside.contains(b) {
                    continue;
                }
                let stones = board.stones(b);
                if board.liberties(b).is_subset(&points) {
                    inside |= stones;
                } else {
                    marginal |= (stones.grow(geo) - stones) & points;
                }
            }
            GroupEyeSpace {
                points,
                marginal,
                inside,
            }
        })
        .collect()
}

/// Joins areas that an `enemy` block separates when every liberty of that block
/// lies in them: the block is shut in, and the areas with it are one eye space
/// (an enemy stone played inside an eye splits its empty points, not the eye).
fn join_through_shut_in_blocks(board: &Board, enemy: Color, areas: &mut Vec<PointSet>) {
    let geo = board.geometry();
    let mut i = 0;
    while i < areas.len() {
        let border = areas[i].grow(geo) - areas[i];
        let mut joined = false;
        for b in border.iter() {
            if board.color_at(b) != Some(enemy) {
                continue;
            }
            let libs = board.liberties(b);
            let touching: SmallVec<[usize; 4]> = (0..areas.len())
                .filter(|&k| k != i && areas[k].intersects(&libs))
                .collect();
            if touching.is_empty() {
                continue;
            }
            let union = touching.iter().fold(areas[i], |acc, &k| acc | areas[k]);
            if libs.is_subset(&union) {
                areas[i] = union;
                for &k in touching.iter().rev() {
                    areas.swap_remove(k);
                }
                joined = true;
                break;
            }
        }
        if joined {
            // Start again from the first area: indices moved.
            i = 0;
        } else {
            i += 1;
        }
    }
}

/// Benson's test on the blocks around the enclosures: blocks with fewer than two
/// regions all of whose empty points are their liberties are removed, with the
/// regions they bound, until none is; the group's first block must remain.
fn benson(board: &Board, group: &Group, enclosures: &[Enclosure]) -> bool {
    let Some(&first) = group.blocks.first() else {
        return false;
    };
    if enclosures.len() < 2 {
        return false;
    }
    let mut blocks: SmallVec<[Point; 16]> = SmallVec::new();
    for e in enclosures {
        for &b in &e.boundary {
            if !blocks.contains(&b) {
                blocks.push(b);
            }
        }
    }
    if !blocks.contains(&first) {
        return false;
    }
    let mut usable: SmallVec<[bool; 16]> = enclosures.iter().map(|_| true).collect();
    loop {
        let mut removed = false;
        blocks.retain(|b| {
            let libs = board.liberties(*b);
            let vital = enclosures
                .iter()
                .zip(usable.iter())
                .filter(|(e, u)| **u && e.boundary.contains(b) && e.empty.is_subset(&libs))
                .count();
            if vital < 2 {
                removed = true;
                false
            } else {
                true
            }
        });
        if !removed {
            break;
        }
        for (e, u) in enclosures.iter().zip(usable.iter_mut()) {
            if *u && e.boundary.iter().any(|b| !blocks.contains(b)) {
                *u = false;
            }
        }
    }
    blocks.contains(&first)
}

/// The escape measure of [`Judgement::escape`].
fn escape(board: &Board, color: Color, group: &Group, inside: &PointSet) -> u32 {
    let geo = board.geometry();
    let enemy = color.opposite();
    let mut seen = group.stones | *inside;
    let mut layer: SmallVec<[Point; 32]> = SmallVec::new();
    for l in (group.liberties - *inside).iter() {
        seen.insert(l);
        layer.push(l);
    }
    let contact = board.stones_of(enemy).grow(geo);
    let mut score = 0;
    let mut friends: SmallVec<[Point; 8]> = SmallVec::new();
    for _ in 0..ESCAPE_DISTANCE {
        let mut next: SmallVec<[Point; 32]> = SmallVec::new();
        for &q in &layer {
            if contact.contains(q) {
                // A liberty an enemy stone touches is no room, but the group
                // still steps through it: only the liberties are owned by the
                // group this way, anything further needs open points.
                if !group.liberties.contains(q) {
                    continue;
                }
            } else {
                score += 1;
            }
            for n in geo.neighbours(q) {
                if seen.contains(n) {
                    continue;
                }
                seen.insert(n);
                match board.color_at(n) {
                    None => next.push(n),
                    Some(c) if c == color => {
                        let a = board.anchor(n).unwrap_or(n);
                        if !friends.contains(&a) && board.num_liberties(a) >= SAFE_FRIEND_LIBERTIES
                        {
                            friends.push(a);
                            score += 4;
                        }
                    }
                    Some(_) => {}
                }
            }
        }
        layer = next;
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judge(d: &str, p: &str) -> Judgement {
        let b = Board::from_diagram(d).expect("diagram");
        Judgement::new(&b, p.parse().unwrap()).expect("a stone")
    }

    #[test]
    fn three_small_eyes_are_pass_alive() {
        let j = judge(
            ". . . . . .
             O O O O . .
             X X X O . .
             . X . X O .
             X . X X O .",
            "A1",
        );
        assert!(j.pass_alive);
        // The three eyes, and on this small board the outside too.
        assert_eq!(j.enclosures.len(), 4);
    }

    #[test]
    fn eyes_around_a_block_in_atari_are_not_pass_alive() {
        let j = judge(
            ". . . . . .
             O O O O . .
             X X X O . .
             . X . X O .
             X . X O O .",
            "A1",
        );
        assert!(!j.pass_alive);
    }

    #[test]
    fn surrounded_one_eye_group_is_hopeless() {
        let j = judge(
            ". . . . . . .
             . O O O O O .
             . O X X X O .
             . O X . X O .
             . O X X X O .
             . O O O O O .
             . . . . . . .",
            "C3",
        );
        assert!(!j.pass_alive);
        assert_eq!(j.escape, 0);
        assert_eq!(j.max_eyes(), 1);
        assert!(j.hopeless());
    }

    #[test]
    fn open_group_escapes() {
        let j = judge(
            ". . . . . . .
             . . . . . . .
             . . . . . . .
             . . . X . . .
             . . . . . . .
             . . . . . . .
             . . . . . . .",
            "D4",
        );
        assert!(j.escape >= 10, "{}", j.escape);
        assert!(!j.hopeless());
    }
}
