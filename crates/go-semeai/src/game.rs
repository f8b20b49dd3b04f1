//! The race as a searchable game (class s): go-search's [`Game`] over a
//! board and the two essential blocks. A position ends when a block is
//! captured, after two passes in a row, or when the evaluation function
//! (class p, class e, H0–H3) settles it.
//!
//! Kos follow the workspace's one ko model, go-search's [`KoFight`]: a side
//! banned from retaking a ko may retake at once while it has a threat left.
//! The solver reads a race with no threats for either side, then, to grade
//! kos, with endless threats for one side ([`ko_master`]).

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use go_board::{Board, Color, Point};
use go_search::tactics::{KoFight, KoPlay, KoThreats};
use go_search::{Game, Outcome, Player};

use crate::Status;
use crate::evaluate::{EvalOptions, Judge, NodeEval, evaluate};
use crate::eyecount::EyeCounts;
use crate::movegen::{self, Reach};

/// A move of the race: a point or a pass. A stone on a point the ko ban
/// forbids is a retake after a ko threat, played by go-search's
/// [`KoFight`] when the side has a threat left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum RaceMove {
    Play(Point),
    Pass,
}

/// What a move needs for undo.
#[derive(Clone, Copy, Debug)]
enum Undo {
    /// A stone of this colour, played by the [`KoFight`] this way.
    Stone(Color, KoPlay),
    /// A pass.
    Pass,
}

/// The fight in which `master` may retake any ko at once (it has endless
/// threats) and the other side may not (none): the ko-master searches
/// that grade kos.
pub(crate) fn ko_master(master: Color) -> KoFight {
    let mut fight = KoFight::default();
    fight.set_threats(master, KoThreats::Unlimited);
    fight
}

/// Whether neither side of `fight` has a threat: the simple ko rule alone.
pub(crate) fn simple_ko(fight: &KoFight) -> bool {
    Color::ALL.iter().all(|&c| !fight.threats(c).available())
}

/// The part of the hash keys the ko threats make ([`KoFight::key`] spread
/// by an odd multiplier, so distinct threat states stay distinct): nothing
/// under the simple ko rule, where the keys are the board's.
fn threats_key(fight: &KoFight) -> u64 {
    fight.key().wrapping_mul(0xbf58_476d_1ce4_e5b9)
}

/// Black is the first player: go-search's one conversion.
pub(crate) use go_search::tactics::player_of;

/// Counters the game keeps while searched.
#[derive(Clone, Debug, Default)]
pub(crate) struct Counters {
    pub evaluations: Cell<u64>,
    pub static_leaves: Cell<u64>,
    pub heuristics: [Cell<u64>; 6],
}

impl Counters {
    /// The counts now, to [`restore`](Self::restore) after work that must
    /// not count (reading a finished search's line).
    pub(crate) fn snapshot(&self) -> (u64, u64, [u64; 6]) {
        (
            self.evaluations.get(),
            self.static_leaves.get(),
            self.heuristics.each_ref().map(Cell::get),
        )
    }

    /// Puts back the counts of a [`snapshot`](Self::snapshot).
    pub(crate) fn restore(&self, (evaluations, static_leaves, heuristics): (u64, u64, [u64; 6])) {
        self.evaluations.set(evaluations);
        self.static_leaves.set(static_leaves);
        for (cell, n) in self.heuristics.iter().zip(heuristics) {
            cell.set(n);
        }
    }
}

/// Options of the game.
#[derive(Clone, Copy, Debug)]
pub(crate) struct GameOptions {
    pub eval: EvalOptions,
    /// How far class p's move generator looks.
    pub reach: Reach,
    /// The ko threats of both sides at the start (see [`ko_master`]).
    pub ko: KoFight,
    /// Negative pruning: leave out moves that join own stones into atari.
    pub negative: bool,
    /// At the root, leave uncounted unsettled eyes with enemy stones whose
    /// shape can hold a ko: search them.
    pub root_ko_eyes: bool,
}

pub(crate) struct RaceGame {
    board: Board,
    a: Point,
    b: Point,
    a_color: Color,
    passes: u32,
    history: Vec<(Undo, u32)>,
    options: GameOptions,
    /// The threats left to both sides.
    ko: KoFight,
    cache: RefCell<Option<(u64, Rc<NodeEval>)>>,
    eye_counts: RefCell<EyeCounts>,
    /// Evaluation count at which to raise the stop flag.
    limit: RefCell<Option<(u64, Arc<AtomicBool>)>>,
    pub counters: Counters,
    /// Whether a ko was taken somewhere in the tree.
    pub saw_ko: Cell<bool>,
}

impl std::fmt::Debug for RaceGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RaceGame")
            .field("a", &self.a)
            .field("b", &self.b)
            .field("passes", &self.passes)
            .finish()
    }
}

impl RaceGame {
    /// The race between the blocks at `a` and `b` on `board`, with the side
    /// to move as the board says and `passes` passes just made.
    pub(crate) fn new(
        board: Board,
        a: Point,
        b: Point,
        passes: u32,
        options: GameOptions,
    ) -> RaceGame {
        let a_color = board.color_at(a).expect("block a");
        RaceGame {
            board,
            a,
            b,
            a_color,
            passes,
            history: Vec::new(),
            ko: options.ko,
            options,
            cache: RefCell::new(None),
            eye_counts: RefCell::new(EyeCounts::default()),
            limit: RefCell::new(None),
            counters: Counters::default(),
            saw_ko: Cell::new(false),
        }
    }

    /// The captured block's colour, if one is gone.
    fn captured(&self) -> Option<Color> {
        if self.board.color_at(self.a) != Some(self.a_color) {
            Some(self.a_color)
        } else if self.board.color_at(self.b) != Some(self.a_color.opposite()) {
            Some(self.a_color.opposite())
        } else {
            None
        }
    }

    /// The evaluation of the current position (cached by hash).
    pub(crate) fn node(&self) -> Rc<NodeEval> {
        let key = self.board.hash()
            ^ u64::from(self.passes).wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ threats_key(&self.ko);
        if let Some((k, n)) = &*self.cache.borrow()
            && *k == key
        {
            return Rc::clone(n);
        }
        let to_play = self.board.to_play();
        let (player, other) = if to_play == self.a_color {
            (self.a, self.b)
        } else {
            (self.b, self.a)
        };
        let eval = EvalOptions {
            ko_eyes_unjudged: self.options.root_ko_eyes && self.history.is_empty(),
            // At the root the move matters: search it.
            one_sided: self.options.eval.one_sided && !self.history.is_empty(),
            // At the root the move matters: search it.
            bounded_eyes: self.options.eval.bounded_eyes && !self.history.is_empty(),
            ko: self.ko,
            own_stone_eyes: self.options.eval.own_stone_eyes && !self.history.is_empty(),
            plain_ko_counts: self.options.eval.plain_ko_counts && simple_ko(&self.ko),
            ..self.options.eval
        };
        let node = Rc::new(evaluate(
            &self.board,
            player,
            other,
            &eval,
            &mut self.eye_counts.borrow_mut(),
        ));
        // A verdict over an eye whose count may hang on a ko: let the
        // ko-master searches grade it.
        if node.uncountable_eye {
            self.saw_ko.set(true);
        }
        let c = &self.counters;
        c.evaluations.set(c.evaluations.get() + 1);
        if let Some((limit, stop)) = &*self.limit.borrow()
            && c.evaluations.get() >= *limit
        {
            stop.store(true, Ordering::Relaxed);
        }
        if let Some(j) = node.judged {
            c.static_leaves.set(c.static_leaves.get() + 1);
            let h = match j.judge {
                Judge::H0 => Some(0),
                Judge::H1 => Some(1),
                Judge::H3 => Some(3),
                _ => None,
            };
            if let Some(h) = h {
                c.heuristics[h].set(c.heuristics[h].get() + 1);
            }
        }
        *self.cache.borrow_mut() = Some((key, Rc::clone(&node)));
        node
    }

    /// Raises the returned flag once `more` further positions are evaluated.
    pub(crate) fn set_evaluation_limit(&self, more: u64) -> Arc<AtomicBool> {
        let stop = Arc::new(AtomicBool::new(false));
        let at = self.counters.evaluations.get() + more;
        *self.limit.borrow_mut() = Some((at, Arc::clone(&stop)));
        stop
    }

    pub(crate) fn clear_evaluation_limit(&self) {
        *self.limit.borrow_mut() = None;
    }

    /// Negative pruning (the thesis's future work, Chapter 6): a move that
    /// joins own stones into a block in atari, captures nothing and is not
    /// inside the other's eye (a nakade) only hands the opponent a capture.
    /// Single stones and two-stone blocks in atari stay: throw-ins, kos
    /// and two-stone sacrifices (which make the other spend a move to
    /// capture, or shorten its eye) start that way.
    fn joins_into_atari(&self, color: Color, p: Point, node: &NodeEval) -> bool {
        self.board.is_self_atari(color, p)
            && !self.board.would_capture(color, p)
            && !node.race.other.eye_space.contains(p)
            && self.joined_stones(color, p) > 2
    }

    /// How many stones the block of a `color` stone at `p` would hold.
    fn joined_stones(&self, color: Color, p: Point) -> usize {
        let mut stones = go_board::PointSet::new();
        stones.insert(p);
        for n in self.board.geometry().neighbours(p) {
            if self.board.color_at(n) == Some(color) {
                stones |= self.board.stones(n);
            }
        }
        stones.len()
    }

    fn push(&mut self, undo: Undo) {
        self.history.push((undo, self.passes));
    }
}

impl Game for RaceGame {
    type Move = RaceMove;

    fn to_play(&self) -> Player {
        player_of(self.board.to_play())
    }

    fn generate(&self, out: &mut Vec<RaceMove>) {
        let node = self.node();
        let mut points = Vec::new();
        let pruned = movegen::generate(&self.board, &node, &mut points, self.options.reach);
        let c = &self.counters;
        c.heuristics[4].set(c.heuristics[4].get() + pruned.h4);
        c.heuristics[5].set(c.heuristics[5].get() + pruned.h5);
        let color = self.board.to_play();
        let judged = node.judged.and_then(|j| j.mv);
        if let Some(m) = judged {
            out.push(RaceMove::Play(m));
        }
        // A side with a threat left retakes a ko at once (the threat is
        // answered elsewhere): tried first after the evaluation's move.
        if self.ko.threats(color).available()
            && let Some(k) = self.board.ko().filter(|k| k.banned == color)
            && judged != Some(k.point)
        {
            out.push(RaceMove::Play(k.point));
        }
        for p in points {
            if self.options.negative && self.joins_into_atari(color, p, &node) {
                continue;
            }
            if self.board.is_legal(color, p) {
                out.push(RaceMove::Play(p));
            }
        }
        // A pass at every node (the thesis's): filling a liberty can be
        // worse than waiting, as in a seki.
        out.push(RaceMove::Pass);
    }

    fn play(&mut self, mv: RaceMove) -> bool {
        let color = self.board.to_play();
        match mv {
            RaceMove::Play(p) => match self.ko.play(&mut self.board, color, p) {
                Ok(played) => {
                    // A ko taken, or retaken after a threat.
                    if played == KoPlay::AfterThreat || self.board.ko().is_some() {
                        self.saw_ko.set(true);
                    }
                    self.push(Undo::Stone(color, played));
                    self.passes = 0;
                    true
                }
                Err(_) => false,
            },
            RaceMove::Pass => {
                self.board.pass_as(color);
                self.push(Undo::Pass);
                self.passes += 1;
                true
            }
        }
    }

    fn undo(&mut self) {
        if let Some((undo, passes)) = self.history.pop() {
            match undo {
                Undo::Stone(color, played) => self.ko.take_back(&mut self.board, color, played),
                Undo::Pass => {
                    self.board.undo();
                }
            }
            self.passes = passes;
        }
    }

    fn hash(&self) -> u64 {
        self.board.hash()
            ^ u64::from(self.passes.min(2)).wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ threats_key(&self.ko)
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some(c) = self.captured() {
            return Some(Outcome::Win(player_of(c.opposite())));
        }
        if self.passes >= 2 {
            return Some(Outcome::Draw);
        }
        let status = self.node().judged.map(|j| j.verdict.if_play)?;
        let me = self.to_play();
        Some(match status {
            Status::Winner => Outcome::Win(me),
            Status::Loser => Outcome::Win(me.opponent()),
            _ => Outcome::Draw,
        })
    }

    fn pass_move(&self) -> Option<RaceMove> {
        Some(RaceMove::Pass)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Heuristics;

    fn options(negative: bool) -> GameOptions {
        GameOptions {
            eval: EvalOptions {
                heuristics: Heuristics::default(),
                unsettled_correction: true,
                exact_eye_liberties: true,
                ko_eyes_unjudged: false,
                one_sided: true,
                bounded_eyes: true,
                ko: KoFight::default(),
                own_stone_eyes: true,
                plain_ko_counts: true,
                bigger_eye: crate::class_e::BiggerEye::PointsAndLiberties,
                big_eyes_regrow: true,
            },
            reach: movegen::Reach::Wide,
            ko: KoFight::default(),
            negative,
            root_ko_eyes: false,
        }
    }

    fn moves(diagram: &str, a: &str, b: &str, negative: bool) -> Vec<RaceMove> {
        let board = Board::from_diagram(diagram).expect("a diagram");
        let options = options(negative);
        let game = RaceGame::new(
            board,
            a.parse().expect("a vertex"),
            b.parse().expect("a vertex"),
            0,
            options,
        );
        let mut out = Vec::new();
        game.generate(&mut out);
        out
    }

    #[test]
    fn negative_pruning_drops_joins_into_atari() {
        // Black to move. Black's block D6-F6 has two liberties, E5 and F5,
        // both shared with White's block, which also has F3 (next to
        // Black's outer wall). Black on E5 or F5 joins its block into
        // atari and captures nothing: pruned. F3 stays.
        let diagram = "\
            . . . . . . . . .
             . X X X X X X X .
             . X O O O O O X .
             . X O X X X O X .
             . X O X . . O X .
             . X O O O O O X .
             . X O O O . O X .
             . X X X X X X X .
             . . . . . . . . .";
        let play = |p: &str| RaceMove::Play(p.parse().expect("a vertex"));
        let all = moves(diagram, "D6", "C7", false);
        let pruned = moves(diagram, "D6", "C7", true);
        assert!(all.contains(&play("E5")), "{all:?}");
        assert!(!pruned.contains(&play("E5")), "{pruned:?}");
        assert!(!pruned.contains(&play("F5")), "{pruned:?}");
        assert!(pruned.contains(&play("F3")), "{pruned:?}");
    }

    #[test]
    fn equivalent_liberties_are_pruned_only_along_a_closed_corridor() {
        // Black's block C2-C7 (with D2) has D3 and D4 beside White's E3-E4:
        // both are liberties of exactly those two blocks. D3's only other
        // empty neighbour is D4, but D4 also opens on D5, off the corridor:
        // playing D4 is not the same as playing D3, so both are searched.
        // Closed at D5 by a Black stone, the two are equivalent: one stays.
        let open = "\
            . . . . . . . . .
             . . . . . . . . .
             . O X . . . . . .
             . O X . . . . . .
             . O X . . . . . .
             . O X . O . . . .
             . O X . O . . . .
             . O X X . . . . .
             . O O O . . . . .";
        let closed = "\
            . . . . . . . . .
             . . . . . . . . .
             . O X . . . . . .
             . O X . . . . . .
             . O X X . . . . .
             . O X . O . . . .
             . O X . O . . . .
             . O X X . . . . .
             . O O O . . . . .";
        let play = |p: &str| RaceMove::Play(p.parse().expect("a vertex"));
        let all = moves(open, "C2", "B2", true);
        assert!(all.contains(&play("D3")), "{all:?}");
        assert!(all.contains(&play("D4")), "{all:?}");
        let one = moves(closed, "C2", "B2", true);
        assert_eq!(
            [play("D3"), play("D4")]
                .iter()
                .filter(|m| one.contains(m))
                .count(),
            1,
            "{one:?}"
        );
    }

    #[test]
    fn negative_pruning_keeps_two_stone_sacrifices() {
        // White to move. Black's corner block A1-B4 has two liberties, A2
        // and A4, beside White's lone stone A3. White A2 joins A3 into a
        // two-stone block in atari without capturing: a sacrifice that
        // can shorten Black's liberties (Black must spend a move to take
        // it), so it stays. Joining three or more stones is still pruned
        // (negative_pruning_drops_joins_into_atari).
        let diagram = "\
            . . . . . . .
             . . . . . . .
             O O O . . . .
             . X O . . . .
             O X O . . . .
             . X O . . . .
             X X O . . . .";
        let mut board = Board::from_diagram(diagram).expect("a diagram");
        board.set_to_play(Color::White);
        let at = |p: &str| -> Point { p.parse().expect("a vertex") };
        let game = RaceGame::new(board, at("C1"), at("B1"), 0, options(true));
        let mut out = Vec::new();
        game.generate(&mut out);
        assert!(out.contains(&RaceMove::Play(at("A2"))), "{out:?}");
    }

    #[test]
    fn a_big_eye_whose_vital_point_is_a_ko_is_searched_whole() {
        // White's block D7-G5 (liberties E5 and F4 outside) has the eye
        // E7-G6 holding Black's F7. White played G7, Black took it back
        // from G6: a ko White may not retake at once. The eye's vital point
        // G7 is then no move for White, so the rest of the eye (E7, which
        // ataris both Black stones) is not pruned.
        let board = ko_banned_for_white();
        let at = |p: &str| -> Point { p.parse().expect("a vertex") };
        assert!(board.ko().is_some());
        let game = RaceGame::new(board, at("D7"), at("C7"), 0, options(false));
        let mut out = Vec::new();
        game.generate(&mut out);
        assert!(out.contains(&RaceMove::Play(at("E7"))), "{out:?}");
    }

    /// The race of `a_big_eye_whose_vital_point_is_a_ko_is_searched_whole`:
    /// White to move, banned from retaking the ko at G7.
    fn ko_banned_for_white() -> Board {
        let diagram = "\
            . O X O . X .
             . O X O O O .
             . O X X . O O
             . O . . X . X
             . O O O O O O
             . . . . . . .
             . . . . . . .";
        let mut board = Board::from_diagram(diagram).expect("a diagram");
        let at = |p: &str| -> Point { p.parse().expect("a vertex") };
        board.play(Color::White, at("G7")).expect("legal");
        board.play(Color::Black, at("G6")).expect("legal");
        board
    }

    #[test]
    fn the_ko_master_retakes_at_once_and_the_other_side_may_not() {
        let at = |p: &str| -> Point { p.parse().expect("a vertex") };
        let g7 = RaceMove::Play(at("G7"));
        // Plain rules: the ban holds.
        let mut plain = RaceGame::new(ko_banned_for_white(), at("D7"), at("C7"), 0, options(false));
        let mut out = Vec::new();
        plain.generate(&mut out);
        assert!(!out.contains(&g7), "{out:?}");
        assert!(!plain.play(g7));
        // Black as master changes nothing for White.
        let black = GameOptions {
            ko: ko_master(Color::Black),
            ..options(false)
        };
        let mut game = RaceGame::new(ko_banned_for_white(), at("D7"), at("C7"), 0, black);
        assert!(!game.play(g7));
        // White as master retakes (after a threat Black answers), once in
        // the list, and keeps its endless threats.
        let white = GameOptions {
            ko: ko_master(Color::White),
            ..options(false)
        };
        let mut game = RaceGame::new(ko_banned_for_white(), at("D7"), at("C7"), 0, white);
        let before = game.board.clone();
        let mut out = Vec::new();
        game.generate(&mut out);
        assert_eq!(out.iter().filter(|&&m| m == g7).count(), 1, "{out:?}");
        assert!(game.play(g7));
        assert_eq!(game.board.color_at(at("G7")), Some(Color::White));
        assert_eq!(game.board.to_play(), Color::Black);
        assert!(game.saw_ko.get());
        assert_eq!(game.ko.threats(Color::White), KoThreats::Unlimited);
        game.undo();
        assert_eq!(game.board, before);
        assert_eq!(game.board.hash(), before.hash());
    }

    #[test]
    fn the_hash_tells_the_ko_threats_apart() {
        let at = |p: &str| -> Point { p.parse().expect("a vertex") };
        let hash = |ko: KoFight| {
            let options = GameOptions {
                ko,
                ..options(false)
            };
            RaceGame::new(ko_banned_for_white(), at("D7"), at("C7"), 0, options).hash()
        };
        let plain = hash(KoFight::default());
        let white = hash(ko_master(Color::White));
        let black = hash(ko_master(Color::Black));
        assert_ne!(plain, white);
        assert_ne!(plain, black);
        assert_ne!(white, black);
    }

    #[test]
    fn the_decisive_points_of_an_eye_class_e_cannot_count_come_first() {
        // White's block D7-G5 (one liberty outside, E5) has the corner eye
        // E7-G6 holding Black's F7. Its status hangs on a ko, so class e
        // does not count it; the generator starts with the point go-eye's
        // tables give White for it (G7), before the liberties (E5 first).
        let diagram = "\
            . O X O . X .
             . O X O O O .
             . O X X . O O
             . O . . X X X
             . O O O O O O
             . . . . . . .
             . . . . . . .";
        let board = Board::from_diagram(diagram).expect("a diagram");
        let at = |p: &str| -> Point { p.parse().expect("a vertex") };
        let game = RaceGame::new(board, at("D7"), at("C7"), 0, options(true));
        let node = game.node();
        assert!(node.counts.is_none());
        assert_eq!(node.eye_points.as_slice(), &[at("G7")]);
        let mut out = Vec::new();
        game.generate(&mut out);
        assert_eq!(out.first(), Some(&RaceMove::Play(at("G7"))), "{out:?}");
    }
}
