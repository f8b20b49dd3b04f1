//! The race as a searchable game (class s): go-search's [`Game`] over a
//! board and the two essential blocks. A position ends when a block is
//! captured, after two passes in a row, or when the evaluation function
//! (class p, class e, H0–H3) settles it.

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use go_board::{Board, Color, Point};
use go_search::{Game, Outcome, Player};

use crate::Status;
use crate::evaluate::{EvalOptions, Judge, NodeEval, evaluate};
use crate::eyecount::EyeCounts;
use crate::movegen;

/// A move of the race: a point, a pass, or (for the ko master only) a ko
/// recapture after an outside threat the opponent answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum RaceMove {
    Play(Point),
    Pass,
    /// Threat, answer, recapture.
    KoRetake(Point),
}

/// What a move needs for undo.
#[derive(Clone, Copy, Debug)]
enum Undo {
    /// One board move (a stone or a pass).
    One,
    /// A ko retake: three board moves.
    Three,
}

pub(crate) fn player_of(color: Color) -> Player {
    match color {
        Color::Black => Player::First,
        Color::White => Player::Second,
    }
}

/// Counters the game keeps while searched.
#[derive(Clone, Debug, Default)]
pub(crate) struct Counters {
    pub evaluations: Cell<u64>,
    pub static_leaves: Cell<u64>,
    pub heuristics: [Cell<u64>; 6],
}

/// Options of the game.
#[derive(Clone, Copy, Debug)]
pub(crate) struct GameOptions {
    pub eval: EvalOptions,
    /// Generate a pass at every node (else only where nothing else is legal).
    pub pass_in_tree: bool,
    /// Prune moves inside big eyes and equivalent liberties.
    pub prune: bool,
    /// Also generate the liberties of neighbours with three liberties.
    pub wide: bool,
    /// This colour may retake any ko at once (it has endless threats).
    pub ko_master: Option<Color>,
}

pub(crate) struct RaceGame {
    board: Board,
    a: Point,
    b: Point,
    a_color: Color,
    passes: u32,
    history: Vec<(Undo, u32)>,
    options: GameOptions,
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
        let key = self.board.hash() ^ u64::from(self.passes).wrapping_mul(0x9e37_79b9_7f4a_7c15);
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
        let node = Rc::new(evaluate(
            &self.board,
            player,
            other,
            &self.options.eval,
            &mut self.eye_counts.borrow_mut(),
        ));
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
        let pruned = movegen::generate(
            &self.board,
            &node,
            &mut points,
            self.options.prune,
            self.options.wide,
        );
        let c = &self.counters;
        c.heuristics[4].set(c.heuristics[4].get() + pruned.h4);
        c.heuristics[5].set(c.heuristics[5].get() + pruned.h5);
        let color = self.board.to_play();
        if let Some(j) = node.judged
            && let Some(m) = j.mv
        {
            out.push(RaceMove::Play(m));
        }
        let mut any = false;
        // The ko master retakes at once (after a threat the other answers).
        if self.options.ko_master == Some(color)
            && let Some(k) = self.board.ko().filter(|k| k.banned == color)
        {
            any = true;
            out.push(RaceMove::KoRetake(k.point));
        }
        for p in points {
            if self.board.is_legal(color, p) {
                any = true;
                out.push(RaceMove::Play(p));
            }
        }
        if self.options.pass_in_tree || !any {
            out.push(RaceMove::Pass);
        }
    }

    fn play(&mut self, mv: RaceMove) -> bool {
        let color = self.board.to_play();
        match mv {
            RaceMove::Play(p) => match self.board.play(color, p) {
                Ok(info) => {
                    if info.ko.is_some() {
                        self.saw_ko.set(true);
                    }
                    self.push(Undo::One);
                    self.passes = 0;
                    true
                }
                Err(_) => false,
            },
            RaceMove::Pass => {
                self.board.pass_as(color);
                self.push(Undo::One);
                self.passes += 1;
                true
            }
            RaceMove::KoRetake(p) => {
                if self.options.ko_master != Some(color) {
                    return false;
                }
                self.board.pass_as(color);
                self.board.pass_as(color.opposite());
                if self.board.play(color, p).is_err() {
                    self.board.undo();
                    self.board.undo();
                    return false;
                }
                self.saw_ko.set(true);
                self.push(Undo::Three);
                self.passes = 0;
                true
            }
        }
    }

    fn undo(&mut self) {
        if let Some((undo, passes)) = self.history.pop() {
            let n = match undo {
                Undo::One => 1,
                Undo::Three => 3,
            };
            for _ in 0..n {
                self.board.undo();
            }
            self.passes = passes;
        }
    }

    fn hash(&self) -> u64 {
        self.board.hash() ^ u64::from(self.passes.min(2)).wrapping_mul(0x9e37_79b9_7f4a_7c15)
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
            Status::Looser => Outcome::Win(me.opponent()),
            _ => Outcome::Draw,
        })
    }

    fn pass_move(&self) -> Option<RaceMove> {
        Some(RaceMove::Pass)
    }
}
