//! A small capture reader: can a block be captured, can it be saved?
//!
//! Only what the eye-space finder needs — which stones are alive enough to
//! bound an eye space and which are dead inside one, and who controls the
//! diagonal points of an eye. Blocks with four or more liberties are safe;
//! below that the reader tries the block's liberties (and, for the owner,
//! captures of the attacker's weak neighbours) to a fixed depth, with a
//! node budget. When the budget runs out it answers "not captured".

use go_board::{Board, Color, Point};

/// Depth in attacker moves.
const DEPTH: u32 = 8;
/// Nodes per question.
const BUDGET: u32 = 4_000;

/// Reads captures on a scratch board.
pub(crate) struct Reader {
    board: Board,
    nodes: u32,
}

impl Reader {
    pub(crate) fn new(board: &Board) -> Reader {
        Reader {
            board: board.clone(),
            nodes: 0,
        }
    }

    /// The scratch board (equal to the original between questions).
    pub(crate) fn board(&self) -> &Board {
        &self.board
    }

    /// Whether the block at `target` can be captured with its enemy to move.
    pub(crate) fn attack(&mut self, target: Point) -> bool {
        self.nodes = 0;
        self.attack_at(target, DEPTH)
    }

    /// Whether the owner of the block at `target`, moving first, keeps it
    /// from capture.
    pub(crate) fn defend(&mut self, target: Point) -> bool {
        self.nodes = 0;
        self.defend_at(target, DEPTH)
    }

    /// Whether a stone of `color` played at the empty point `p` is safe:
    /// legal, and not capturable with the opponent to move.
    /// A move that takes a ko (captures one stone and is left alone with
    /// that point as its only liberty) is not safe: it can be taken back.
    pub(crate) fn safe_move(&mut self, color: Color, p: Point) -> bool {
        let Ok(info) = self.board.play(color, p) else {
            return false;
        };
        let ko =
            info.captured == 1 && self.board.num_stones(p) == 1 && self.board.num_liberties(p) == 1;
        self.nodes = 0;
        let captured = ko || self.attack_at(p, DEPTH);
        self.board.undo();
        !captured
    }

    /// Whether `color` playing at `p` takes a ko: captures one stone and is
    /// left a lone stone in atari.
    pub(crate) fn ko_move(&mut self, color: Color, p: Point) -> bool {
        let Ok(info) = self.board.play(color, p) else {
            return false;
        };
        let ko =
            info.captured == 1 && self.board.num_stones(p) == 1 && self.board.num_liberties(p) == 1;
        self.board.undo();
        ko
    }

    /// Whether the enemy stone at `q` is a single stone in atari whose
    /// capture is a ko (the capturing stone is left alone in atari):
    /// returns the capturing point.
    pub(crate) fn ko_capture(&mut self, q: Point) -> Option<Point> {
        let owner = self.board.color_at(q)?.opposite();
        if self.board.num_stones(q) != 1 || self.board.num_liberties(q) != 1 {
            return None;
        }
        let m = self.board.the_liberty(q)?;
        let info = self.board.play(owner, m).ok()?;
        let ko =
            info.captured == 1 && self.board.num_stones(m) == 1 && self.board.num_liberties(m) == 1;
        self.board.undo();
        ko.then_some(m)
    }

    fn attack_at(&mut self, target: Point, depth: u32) -> bool {
        let Some(owner) = self.board.color_at(target) else {
            return true;
        };
        let attacker = owner.opposite();
        let libs = self.board.liberties(target);
        if libs.len() == 1 {
            let lib = libs.first().expect("one liberty");
            if self.board.play(attacker, lib).is_ok() {
                self.board.undo();
                return true;
            }
        }
        if libs.len() >= 4 || depth == 0 || self.nodes >= BUDGET {
            return false;
        }
        for m in libs {
            self.nodes += 1;
            if self.board.play(attacker, m).is_err() {
                continue;
            }
            let won = self.board.color_at(target).is_none() || !self.defend_at(target, depth - 1);
            self.board.undo();
            if won {
                return true;
            }
        }
        false
    }

    fn defend_at(&mut self, target: Point, depth: u32) -> bool {
        let Some(owner) = self.board.color_at(target) else {
            return false;
        };
        let libs = self.board.liberties(target);
        if libs.len() >= 4 {
            return true;
        }
        if !self.attack_at(target, depth) {
            return true;
        }
        if depth == 0 || self.nodes >= BUDGET {
            return false;
        }
        // Extend, or capture (or atari) a weak neighbour.
        let mut moves: Vec<Point> = libs.iter().collect();
        for a in self.board.adjacent_blocks(target) {
            if self.board.num_liberties(a) <= 2 {
                for lib in self.board.liberties(a) {
                    if !moves.contains(&lib) {
                        moves.push(lib);
                    }
                }
            }
        }
        for m in moves {
            self.nodes += 1;
            if self.board.play(owner, m).is_err() {
                continue;
            }
            let saved = self.board.color_at(target).is_some() && !self.attack_at(target, depth - 1);
            self.board.undo();
            if saved {
                return true;
            }
        }
        false
    }
}
