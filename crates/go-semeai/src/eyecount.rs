//! The liberties an eye gives in a race, counted exactly.
//!
//! Table 4.1 gives them for empty eyes (3, 5, 8, 12, 17 for three to seven
//! points); with stones already inside, the thesis does not say. Here the
//! count is the value of the eye's own little game: the opponent plays
//! inside the eye until the owner's block (with no liberty left outside) is
//! captured; the owner may capture inside or pass. Each opponent move
//! counts one, each owner move inside takes one back (it is a tempo the
//! owner does not spend on the race). The opponent minimises, the owner
//! maximises; an eye the opponent cannot kill has no count.

use go_board::hash::FastMap;

use go_board::{BlockRegion, Board, Point, PointSet};

/// Above any real count: the opponent cannot capture.
const ALIVE: i32 = 1000;
/// Plies searched at most.
const MAX_DEPTH: u32 = 64;
/// Largest eye counted exactly.
pub(crate) const MAX_CELLS: usize = 10;

/// Positions one eye count may search before it gives up (the count is then
/// unknown, as for a region of more than [`MAX_CELLS`] cells): a few tens of
/// milliseconds. Regions of up to ten cells with stones of both sides inside
/// can otherwise take seconds, and a finished game has dozens of them.
const COUNT_NODES: u64 = 30_000;

/// Positions all the eye counts of one [`EyeCounts`] (one race question) may
/// search together, about a tenth of a second: past it, a count not already
/// known is unknown. A race among big regions with stones of both sides
/// inside (the end of a game) otherwise asks for dozens of counts that each
/// run out.
const QUESTION_NODES: u64 = 150_000;

/// The most counts [`COUNTS`] keeps before it starts again.
const MAX_COUNTS: usize = 1 << 16;

thread_local! {
    /// Every count made on this thread, by the eye's shape, contents and rules
    /// (a count depends on nothing else): the races of one position, and of the
    /// positions after it, share their regions. A count that ran out of its
    /// budget is kept as unknown, and not tried again.
    static COUNTS: std::cell::RefCell<FastMap<(u64, u16, u16), Option<u32>>> =
        std::cell::RefCell::new(FastMap::default());
}

/// The eye as a small graph.
struct Shape {
    n: usize,
    /// Neighbours of each cell inside the eye.
    nbr: [u16; MAX_CELLS],
    /// Cells next to the enclosing block.
    edge: u16,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct State {
    att: u16,
    own: u16,
    /// The cell the side to move may not retake (`u8::MAX` for none).
    ko: u8,
    /// Liberties of the block outside the eye, left to fill.
    ext: u8,
}

/// Counts of eyes in races (memoised per thread, see [`COUNTS`]), for one
/// race question (within [`QUESTION_NODES`]).
#[derive(Debug, Default)]
pub(crate) struct EyeCounts {
    /// The owner may not capture (see `count_without_captures`).
    no_capture: bool,
    /// Positions searched so far by this question's counts.
    spent: u64,
}

impl EyeCounts {
    /// The liberties `region` gives its owner's block in a race, or `None`
    /// when the opponent cannot capture through it (or it is too big). With
    /// `owner_first` the owner may play inside before the opponent starts
    /// (it may always pass instead): right for an eye that is a nakade
    /// whoever moves first, where the owner chooses when to capture inside;
    /// an unsettled eye is counted with the opponent first, on its vital
    /// point.
    pub(crate) fn count(
        &mut self,
        board: &Board,
        block: &PointSet,
        region: &BlockRegion,
        owner_first: bool,
    ) -> Option<u32> {
        self.count_with(board, block, region, owner_first, None, 0)
    }

    /// The count with the opponent first and free to retake any ko at once
    /// (the owner still may not): the least the eye gives its owner
    /// however a ko inside it ends. `None` when even then the opponent
    /// cannot capture through it.
    pub(crate) fn count_ko_lost(
        &mut self,
        board: &Board,
        block: &PointSet,
        region: &BlockRegion,
    ) -> Option<u32> {
        self.count_with(board, block, region, false, Some(false), 0)
    }

    /// The count with the opponent first and the owner free to retake any
    /// ko at once (the opponent may not): the least the eye gives its
    /// owner when the owner wins every ko. `None` when the opponent then
    /// cannot capture through it.
    pub(crate) fn count_ko_won(
        &mut self,
        board: &Board,
        block: &PointSet,
        region: &BlockRegion,
    ) -> Option<u32> {
        self.count_with(board, block, region, false, Some(true), 0)
    }

    /// The count with the owner never capturing inside (it may only pass
    /// or fill): what the eye gives if its owner cannot or does not grow
    /// it back. `None` when the opponent cannot capture even so.
    pub(crate) fn count_without_captures(
        &mut self,
        board: &Board,
        block: &PointSet,
        region: &BlockRegion,
    ) -> Option<u32> {
        self.no_capture = true;
        let r = self.count_with(board, block, region, true, None, 0);
        self.no_capture = false;
        r
    }

    /// The count of the eye's game with `outside` liberties of the block
    /// outside the eye that only the opponent fills (each fill a move the
    /// count does not keep), the owner first or not, `master` saying who
    /// may retake any ko at once (`Some(true)` the owner, `Some(false)` the
    /// opponent).
    pub(crate) fn count_in_race(
        &mut self,
        board: &Board,
        block: &PointSet,
        region: &BlockRegion,
        owner_first: bool,
        master: Option<bool>,
        outside: u8,
    ) -> Option<u32> {
        self.count_with(board, block, region, owner_first, master, outside)
    }

    fn count_with(
        &mut self,
        board: &Board,
        block: &PointSet,
        region: &BlockRegion,
        owner_first: bool,
        master: Option<bool>,
        ext: u8,
    ) -> Option<u32> {
        let cells: Vec<Point> = region.points().iter().collect();
        if cells.len() > MAX_CELLS {
            return None;
        }
        let geo = board.geometry();
        let index = |p: Point| cells.iter().position(|&q| q == p);
        let mut shape = Shape {
            n: cells.len(),
            nbr: [0; MAX_CELLS],
            edge: 0,
        };
        let mut att = 0u16;
        let mut own = 0u16;
        for (i, &p) in cells.iter().enumerate() {
            for q in geo.neighbours(p) {
                if let Some(j) = index(q) {
                    shape.nbr[i] |= 1 << j;
                } else if block.contains(q) {
                    shape.edge |= 1 << i;
                }
            }
            if region.attacker_stones().contains(p) {
                att |= 1 << i;
            } else if region.defender_stones().contains(p) {
                own |= 1 << i;
            }
        }
        // The key: the shape's adjacency (16 bits per cell would not fit;
        // hash the masks).
        let mut key = shape.edge as u64 ^ (shape.n as u64) << 56;
        for (i, m) in shape.nbr[..shape.n].iter().enumerate() {
            key = key.rotate_left(13).wrapping_mul(0x9e37_79b9_7f4a_7c15)
                ^ (u64::from(*m) << (i % 4 * 16));
        }
        let mode = match master {
            None => 0,
            Some(false) => 1,
            Some(true) => 2,
        };
        let key = key
            ^ u64::from(owner_first)
            ^ mode << 1
            ^ u64::from(ext) << 3
            ^ u64::from(self.no_capture) << 12;
        if let Some(v) = COUNTS.with(|c| c.borrow().get(&(key, att, own)).copied()) {
            return v;
        }
        if self.spent >= QUESTION_NODES {
            return None;
        }
        let mut search = Search {
            shape: &shape,
            attacker_master: master == Some(false),
            owner_master: master == Some(true),
            no_capture: self.no_capture,
            memo: FastMap::default(),
            path: Vec::new(),
            nodes: 0,
        };
        let start = State {
            att,
            own,
            ko: u8::MAX,
            ext,
        };
        let (v, _) = search.value(start, !owner_first, MAX_DEPTH);
        // A count that ran out of its budget is unknown, as for a region too big.
        self.spent += search.nodes;
        let exhausted = search.nodes > COUNT_NODES;
        let result = (v < ALIVE / 2 && !exhausted).then(|| (v - i32::from(ext)).max(0) as u32);
        COUNTS.with(|c| {
            let mut c = c.borrow_mut();
            if c.len() >= MAX_COUNTS {
                c.clear();
            }
            c.insert((key, att, own), result);
        });
        result
    }
}

impl Shape {
    fn full(&self) -> u16 {
        ((1u32 << self.n) - 1) as u16
    }

    /// The component of `stones` holding the cells of `seed`.
    fn closure(&self, stones: u16, seed: u16) -> u16 {
        let mut comp = seed & stones;
        loop {
            let mut grown = comp;
            for i in 0..self.n {
                if comp >> i & 1 == 1 {
                    grown |= self.nbr[i] & stones;
                }
            }
            if grown == comp {
                return comp;
            }
            comp = grown;
        }
    }

    fn neighbours(&self, set: u16) -> u16 {
        let mut out = 0;
        for i in 0..self.n {
            if set >> i & 1 == 1 {
                out |= self.nbr[i];
            }
        }
        out
    }

    /// The owner's stones joined to the enclosing block.
    fn main(&self, own: u16) -> u16 {
        self.closure(own, own & self.edge)
    }

    /// The liberties of the enclosing block (and the own stones joined to it).
    fn main_liberties(&self, att: u16, own: u16) -> u16 {
        let empty = self.full() & !att & !own;
        (self.edge | self.neighbours(self.main(own))) & empty
    }

    fn liberties(&self, comp: u16, att: u16, own: u16) -> u16 {
        self.neighbours(comp) & self.full() & !att & !own
    }

    /// Removes the components of `stones` without liberties; returns the
    /// stones left and the cells captured.
    fn remove_dead(&self, stones: u16, att: u16, own: u16, skip_main: bool) -> (u16, u16) {
        let mut left = stones;
        let mut captured = 0;
        let mut rest = stones;
        let main = if skip_main { self.main(own) } else { 0 };
        while rest != 0 {
            let seed = rest & rest.wrapping_neg();
            let comp = self.closure(stones, seed);
            rest &= !comp;
            if comp & main != 0 {
                continue;
            }
            if self.liberties(comp, att, own) == 0 {
                left &= !comp;
                captured |= comp;
            }
        }
        (left, captured)
    }
}

/// The count's search: memo by position, repetition on the line.
struct Search<'a> {
    shape: &'a Shape,
    /// The opponent may retake any ko at once.
    attacker_master: bool,
    /// The owner may retake any ko at once.
    owner_master: bool,
    /// The owner may not capture.
    no_capture: bool,
    /// Value, remaining depth it was computed with, and whether a cut
    /// (depth limit or repetition) touched it.
    memo: FastMap<(State, bool), (i32, u32, bool)>,
    path: Vec<(State, bool)>,
    /// Positions searched so far (see [`COUNT_NODES`]).
    nodes: u64,
}

impl Search<'_> {
    /// The value for the opponent (attacker) of the eye: tempo it needs to
    /// capture the owner, with `remaining` plies at most. The flag says
    /// whether a cut touched it.
    fn value(&mut self, st: State, attacker: bool, remaining: u32) -> (i32, bool) {
        let key = (st, attacker);
        if let Some(&(v, r, cut)) = self.memo.get(&key)
            && (!cut || r >= remaining)
        {
            return (v, cut);
        }
        self.nodes += 1;
        // A repetition (passes, kos) never helps the opponent: it fails. Past
        // the budget every position does, and the count is dropped.
        if remaining == 0 || self.nodes > COUNT_NODES || self.path.contains(&key) {
            return (ALIVE, true);
        }
        self.path.push(key);
        let (result, cut) = if attacker {
            self.attacker_moves(st, remaining)
        } else {
            self.owner_moves(st, remaining)
        };
        self.path.pop();
        self.memo.insert(key, (result, remaining, cut));
        (result, cut)
    }

    fn attacker_moves(&mut self, st: State, remaining: u32) -> (i32, bool) {
        let shape = self.shape;
        let empty = shape.full() & !st.att & !st.own;
        let mut cut = false;
        let mut best = ALIVE;
        for i in 0..shape.n {
            let bit = 1u16 << i;
            if empty & bit == 0 || (st.ko as usize == i && !self.attacker_master) {
                continue;
            }
            let att = st.att | bit;
            // Capture of the owner's block ends the count.
            if st.ext == 0 && shape.main_liberties(att, st.own) == 0 {
                return (1, cut);
            }
            let (own, captured) = shape.remove_dead(st.own, att, st.own, true);
            let comp = shape.closure(att, bit);
            let libs = shape.liberties(comp, att, own);
            if libs == 0 {
                continue; // suicide
            }
            let ko = if captured.count_ones() == 1 && comp == bit && libs.count_ones() == 1 {
                captured.trailing_zeros() as u8
            } else {
                u8::MAX
            };
            let (v, c) = self.value(State { att, own, ko, ..st }, false, remaining - 1);
            cut |= c;
            best = best.min(v.saturating_add(1));
        }
        // Filling a liberty outside.
        if st.ext > 0 {
            if st.ext == 1 && shape.main_liberties(st.att, st.own) == 0 {
                return (1, cut);
            }
            let next = State {
                ext: st.ext - 1,
                ko: u8::MAX,
                ..st
            };
            let (v, c) = self.value(next, false, remaining - 1);
            cut |= c;
            best = best.min(v.saturating_add(1));
        }
        // Passing wastes a tempo.
        let (v, c) = self.value(State { ko: u8::MAX, ..st }, false, remaining - 1);
        cut |= c;
        best = best.min(v.saturating_add(1));
        (best.min(ALIVE), cut)
    }

    fn owner_moves(&mut self, st: State, remaining: u32) -> (i32, bool) {
        let shape = self.shape;
        let empty = shape.full() & !st.att & !st.own;
        let (v, mut cut) = self.value(State { ko: u8::MAX, ..st }, true, remaining - 1);
        let mut best = v;
        if best >= ALIVE {
            return (ALIVE, cut);
        }
        for i in 0..shape.n {
            let bit = 1u16 << i;
            if empty & bit == 0 || (st.ko as usize == i && !self.owner_master) {
                continue;
            }
            let own = st.own | bit;
            let (att, captured) = shape.remove_dead(st.att, st.att, own, false);
            if self.no_capture && captured != 0 {
                continue;
            }
            // Suicide of the owner's block or of the new stone.
            let comp = shape.closure(own, bit);
            let main = shape.main(own);
            let joined = comp & main != 0 || bit & shape.edge != 0;
            let libs = if joined {
                shape.main_liberties(att, own)
            } else {
                shape.liberties(comp, att, own)
            };
            if libs == 0 && !(joined && st.ext > 0) {
                continue;
            }
            let ko = if captured.count_ones() == 1 && libs.count_ones() == 1 && comp == bit {
                captured.trailing_zeros() as u8
            } else {
                u8::MAX
            };
            let (v, c) = self.value(State { att, own, ko, ..st }, true, remaining - 1);
            cut |= c;
            best = best.max(v - 1);
            if best >= ALIVE - 1 {
                return (ALIVE, cut);
            }
        }
        (best, cut)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eyes::regions;

    /// The count of the eye of the block at `stone` in `diagram`, the
    /// opponent first (as for unsettled eyes).
    fn count(diagram: &str, stone: &str) -> Option<u32> {
        count_with(diagram, stone, false)
    }

    /// The count with the owner first (as for nakade eyes).
    fn count_owner_first(diagram: &str, stone: &str) -> Option<u32> {
        count_with(diagram, stone, true)
    }

    fn count_with(diagram: &str, stone: &str, owner_first: bool) -> Option<u32> {
        let (board, stones, eye) = one_eye(diagram, stone);
        EyeCounts::default().count(&board, &stones, &eye, owner_first)
    }

    /// The board of `diagram`, the block at `stone` and its only eye.
    fn one_eye(diagram: &str, stone: &str) -> (Board, PointSet, BlockRegion) {
        let board = Board::from_diagram(diagram).unwrap();
        let p: Point = stone.parse().unwrap();
        let stones = board.stones(p);
        let mut regions = regions(&board, p);
        assert_eq!(regions.len(), 1, "one eye");
        let eye = regions.remove(0);
        (board, stones, eye)
    }

    #[test]
    fn a_question_past_its_budget_counts_only_what_is_known() {
        let three = "X X X X X . .
                     X . . . X . .
                     X X X X X . .
                     . . . . . . .
                     . . . . . . .
                     . . . . . . .
                     . . . . . . .";
        let (board, stones, eye) = one_eye(three, "A7");
        let spent = || EyeCounts {
            spent: QUESTION_NODES,
            ..EyeCounts::default()
        };
        // Not counted on this thread yet: unknown.
        assert_eq!(spent().count(&board, &stones, &eye, false), None);
        // Counted once, the count is known to every question after.
        assert_eq!(
            EyeCounts::default().count(&board, &stones, &eye, false),
            Some(3)
        );
        assert_eq!(spent().count(&board, &stones, &eye, false), Some(3));
    }

    /// Seven by seven boards: the empty rest is too big to be an eye.
    #[test]
    fn empty_eyes_give_table_4_1s_liberties() {
        // Straight three.
        let three = "X X X X X . .
                     X . . . X . .
                     X X X X X . .
                     . . . . . . .
                     . . . . . . .
                     . . . . . . .
                     . . . . . . .";
        assert_eq!(count(three, "A7"), Some(3));
        // Pyramid four.
        let pyramid = "X X X X X . .
                       X . . . X . .
                       X X . X X . .
                       . X X X . . .
                       . . . . . . .
                       . . . . . . .
                       . . . . . . .";
        assert_eq!(count(pyramid, "A7"), Some(5));
        // Bulky five.
        let bulky = "X X X X X . .
                     X . . . X . .
                     X . . X X . .
                     X X X X . . .
                     . . . . . . .
                     . . . . . . .
                     . . . . . . .";
        assert_eq!(count(bulky, "A7"), Some(8));
        // Rabbity six.
        let rabbity = "X X X X . . .
                       X X . X X . .
                       X . . . X . .
                       X . . X X . .
                       X X X X . . .
                       . . . . . . .
                       . . . . . . .";
        assert_eq!(count(rabbity, "B7"), Some(12));
    }

    #[test]
    fn stones_inside_take_liberties_away() {
        // Five enemy stones in atari in a six-point eye: the owner captures
        // them (one tempo) and is left with a cross-shaped nakade (8).
        let full = "X X X X X . .
                    X . O O X . .
                    X O O O X . .
                    X X X X X . .
                    . . . . . . .
                    . . . . . . .
                    . . . . . . .";
        assert_eq!(count_owner_first(full, "A7"), Some(7));
        // Straight three with the enemy on the vital point.
        let three = "X X X X X . .
                     X . O . X . .
                     X X X X X . .
                     . . . . . . .
                     . . . . . . .
                     . . . . . . .
                     . . . . . . .";
        assert_eq!(count_owner_first(three, "A7"), Some(2));
        // Unsettled eyes live if the owner moves first.
        let empty_three = three.replace('O', ".");
        assert_eq!(count_owner_first(&empty_three, "A7"), None);
        // Bulky five with two enemy stones on its middle.
        let bulky = "X X X X X . .
                     X . O . X . .
                     X . O X X . .
                     X X X X . . .
                     . . . . . . .
                     . . . . . . .
                     . . . . . . .";
        assert_eq!(count_owner_first(bulky, "A7"), Some(6));
    }

    #[test]
    fn the_count_of_an_eye_with_a_ko_depends_on_who_retakes() {
        // White's corner eye E7-G6 holds Black's F7. White G7 ataris it,
        // Black G6 takes back: a ko. Under the simple ko rule the eye
        // gives White four liberties, as when White may retake any ko at
        // once; when Black may, only two.
        let eye = ". . . O . X .
                   . . . O O O .
                   . . . . . O O
                   . . . . . . .
                   . . . . . . .
                   . . . . . . .
                   . . . . . . .";
        let (board, stones, eye) = one_eye(eye, "D7");
        let mut counts = EyeCounts::default();
        assert_eq!(counts.count(&board, &stones, &eye, false), Some(4));
        assert_eq!(counts.count_ko_lost(&board, &stones, &eye), Some(2));
        assert_eq!(counts.count_ko_won(&board, &stones, &eye), Some(4));
        // With a liberty outside left to fill, the same: the liberty is
        // not counted, and the owner is never short of liberties here.
        assert_eq!(
            counts.count_in_race(&board, &stones, &eye, false, None, 1),
            Some(4)
        );
    }

    #[test]
    fn the_owner_keeps_its_outside_liberties_in_the_race() {
        // White's six-point eye on the top edge holds Black's B7 and D7.
        // Played as if White had no liberty outside, the count is three:
        // Black's stones filling the eye capture White before White can
        // take them. In the race White keeps a liberty outside while Black
        // fills (Black must fill it too, uncounted here): it answers Black
        // D6 after C6 by taking C6-D6-D7 from C7, and the eye gives six.
        let eye = "O X . X O . .
                   O . . . O . .
                   O O O O O . .
                   . . . . . . .
                   . . . . . . .
                   . . . . . . .
                   . . . . . . .";
        let (board, stones, eye) = one_eye(eye, "A7");
        let mut counts = EyeCounts::default();
        assert_eq!(counts.count(&board, &stones, &eye, false), Some(3));
        assert_eq!(
            counts.count_in_race(&board, &stones, &eye, false, None, 1),
            Some(6)
        );
    }

    #[test]
    fn an_eye_grows_back_only_if_its_owner_captures() {
        let counts_of = |diagram: &str, stone: &str| {
            let (board, stones, eye) = one_eye(diagram, stone);
            let mut counts = EyeCounts::default();
            (
                counts.count(&board, &stones, &eye, true),
                counts.count_without_captures(&board, &stones, &eye),
            )
        };
        // A bulky five holding two White stones on its middle: six
        // liberties, three if Black never took White's stones.
        let bulky = "X X X X X . .
                     X . O . X . .
                     X . O X X . .
                     X X X X . . .
                     . . . . . . .
                     . . . . . . .
                     . . . . . . .";
        assert_eq!(counts_of(bulky, "A7"), (Some(6), Some(3)));
        // A 2×2 corner eye holding two diagonal enemy stones: one
        // liberty, and capturing them never pays.
        let sealed = ". O X X . . .
                      O . X X . . .
                      X X X . . . .
                      . . . . . . .
                      . . . . . . .
                      . . . . . . .
                      . . . . . . .";
        assert_eq!(counts_of(sealed, "C7"), (Some(1), Some(1)));
    }

    #[test]
    fn a_straight_four_cannot_be_killed() {
        let four = "X X X X X X .
                    X . . . . X .
                    X X X X X X .
                    . . . . . . .
                    . . . . . . .
                    . . . . . . .
                    . . . . . . .";
        assert_eq!(count(four, "A7"), None);
    }
}
