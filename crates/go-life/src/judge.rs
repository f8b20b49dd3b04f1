//! Static judgement of a group: its enclosed regions (eye spaces), whether it is
//! unconditionally alive (Benson, on the blocks around those regions), how far
//! it can run (escape), and whether it is beyond help.
//!
//! Only [`Judgement::pass_alive`] is a proof; the other figures guide a search
//! and decide its frontier (see [`crate::life`]).

use go_board::{Board, Color, Point, PointSet};
use smallvec::SmallVec;

use crate::links::{Group, group};

/// The largest region (empty points and enemy stones) still taken as an
/// enclosed eye space; anything bigger is the open board.
pub const MAX_EYE_SPACE: usize = 24;

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
    /// Room for eyes: its empty points and the stones of enemy blocks in atari.
    pub room: usize,
    /// The anchors of the blocks (of the owner's colour) that bound it.
    pub boundary: SmallVec<[Point; 4]>,
}

impl Enclosure {
    /// The most eyes the region can give its owner if the owner moves first in
    /// it, by its [`room`](Self::room): none without room, one for one or two
    /// points, two for more. Enemy blocks that are not in atari take room away;
    /// false eyes are not seen.
    #[must_use]
    pub fn max_eyes(&self) -> u32 {
        match self.room {
            0 => 0,
            1 | 2 => 1,
            _ => 2,
        }
    }
}

/// The static facts about one group (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// The linked blocks.
    pub group: Group,
    /// The enclosed regions next to the group's stones.
    pub enclosures: Vec<Enclosure>,
    /// Whether the group's first block is pass-alive on the enclosed regions
    /// (Benson's test, which also rules out false eyes): a proof of life.
    pub pass_alive: bool,
    /// Open empty points (no enemy stone next to them) the group reaches within
    /// [`ESCAPE_DISTANCE`] steps from its liberties outside its enclosures, plus four
    /// for each other friendly block reached that is not in atari.
    pub escape: u32,
    /// The fewest liberties among the enemy blocks next to the group.
    pub weakest_neighbour: Option<usize>,
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
        let pass_alive = benson(board, &group, &enclosures);
        let inside = enclosures
            .iter()
            .fold(PointSet::new(), |acc, e| acc | e.points);
        let escape = escape(board, color, &group, &inside);
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
            pass_alive,
            escape,
            weakest_neighbour: weakest,
        })
    }

    /// The most eyes the enclosures can give (see [`Enclosure::max_eyes`]).
    #[must_use]
    pub fn max_eyes(&self) -> u32 {
        self.enclosures.iter().map(Enclosure::max_eyes).sum()
    }

    /// The group's liberties.
    #[must_use]
    pub fn liberties(&self) -> usize {
        self.group.liberties.len()
    }

    /// Whether the group is beyond help by static signs: no room to run, at most
    /// one eye from its enclosures, and no enemy neighbour short enough of
    /// liberties to be captured first. A judgement, not a proof.
    #[must_use]
    pub fn hopeless(&self) -> bool {
        let libs = self.liberties();
        self.escape == 0
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
    for start in frontier.iter() {
        if done.contains(start) || board.color_at(start) == Some(color) {
            continue;
        }
        // Flood over non-`color` points, giving up past the size limit.
        let mut points = PointSet::new();
        let mut stack: SmallVec<[Point; 32]> = SmallVec::new();
        stack.push(start);
        points.insert(start);
        let mut open = false;
        while let Some(q) = stack.pop() {
            for n in geo.neighbours(q) {
                if board.color_at(n) == Some(color) || points.contains(n) {
                    continue;
                }
                points.insert(n);
                if points.len() > MAX_EYE_SPACE {
                    open = true;
                    break;
                }
                stack.push(n);
            }
            if open {
                break;
            }
        }
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
        let mut room = empty.len();
        for q in (points - empty).iter() {
            if board.num_liberties(q) == 1 {
                room += 1;
            }
        }
        out.push(Enclosure {
            points,
            empty,
            room,
            boundary,
        });
    }
    out
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
    let mut score = 0;
    let mut friends: SmallVec<[Point; 8]> = SmallVec::new();
    for _ in 0..ESCAPE_DISTANCE {
        let mut next: SmallVec<[Point; 32]> = SmallVec::new();
        for &q in &layer {
            if geo.neighbours(q).any(|n| board.color_at(n) == Some(enemy)) {
                continue;
            }
            score += 1;
            for n in geo.neighbours(q) {
                if seen.contains(n) {
                    continue;
                }
                seen.insert(n);
                match board.color_at(n) {
                    None => next.push(n),
                    Some(c) if c == color => {
                        let a = board.anchor(n).unwrap_or(n);
                        if !friends.contains(&a) && board.num_liberties(a) > 1 {
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
