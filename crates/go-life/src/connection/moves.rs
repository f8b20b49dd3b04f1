//! The moves a connection search tries, best first.
//!
//! The fight is where the stones would join: the empty points on or next to a
//! cheapest path between the two blocks (see [`super::distance`]), the
//! liberties of the two blocks while they are short of them, and the liberties
//! of the cutting blocks (opponent blocks next to a target or on a cheapest
//! path) with few liberties, and of the connector's blocks that stand in atari
//! next to them. Each is scored by what it does, without playing it:
//!
//! | what the move does | connector | disconnector |
//! |---|---|---|
//! | captures a target | — | 1000 |
//! | plays a shared liberty of the targets | 100 | 30 |
//! | saves a target in atari | 80 | — |
//! | captures a cutting block | 60 | — |
//! | saves a cutting block in atari | — | 60 |
//! | captures a connector block next to a cutting block in atari | — | 50 |
//! | ataris a target | — | 70 |
//! | ataris a cutting block | 20 | — |
//! | lies on a cheapest path (next to one: less) | 30 (10) | 40 (15) |
//! | liberties after the move, up to 4 | +1 each | +1 each |
//! | stands in atari without capturing | −40 | −30 |
//!
//! With a target in atari the connector plays only moves that save it: any
//! other loses the target at once.

use go_board::{Board, Color, Move, Point, PointSet};

use super::distance::{Distances, FAR};
use super::game::ConnectionGame;

/// Pushes onto `out` at most `width` candidate moves for the side to move,
/// best first.
pub(crate) fn candidates(game: &ConnectionGame, width: usize, out: &mut Vec<Move>) {
    let board = game.board();
    let geo = board.geometry();
    let (a, b) = game.targets();
    let connector = game.connector();
    let mover = board.to_play();
    let connecting = mover == connector;
    let (sa, sb) = (board.stones(a), board.stones(b));
    let cap = game.options().cut_distance + 2;
    let da = Distances::new(board, connector, &sa, cap, None);
    let db = Distances::new(board, connector, &sb, cap, None);
    let total = da.to_set(&sb);

    let mut points = PointSet::new();
    let mut on_path = PointSet::new();
    let mut near_path = PointSet::new();
    let mut cutting = PointSet::new();
    if total != FAR {
        let total = u16::from(total);
        for p in geo.points() {
            let p = *p;
            let (x, y) = (da.at(p), db.at(p));
            if x == FAR || y == FAR {
                continue;
            }
            let step = match board.color_at(p) {
                None => 1,
                Some(c) if c == connector => continue,
                Some(_) => board.num_liberties(p) as u16,
            };
            let through = (u16::from(x) + u16::from(y)).saturating_sub(step);
            if board.is_empty(p) {
                if through <= total {
                    on_path.insert(p);
                } else if through == total + 1 {
                    near_path.insert(p);
                }
            } else if through <= total + 1 && board.num_liberties(p) <= 3 {
                cutting |= board.stones(p);
            }
        }
    }
    points |= on_path | near_path;
    for t in [a, b] {
        let libs = board.liberties(t);
        if libs.len() <= 3 {
            points |= libs;
        }
        // Opponent blocks next to a target, short of liberties: with three,
        // the connector can approach one while it links (capturing the block
        // joins the target beside it).
        let stones = board.stones(t);
        for q in (stones.grow(geo) - stones).iter() {
            if board.color_at(q) == Some(connector.opposite()) && board.num_liberties(q) <= 3 {
                cutting |= board.stones(q);
            }
        }
    }
    // The cutting blocks' liberties, and captures that would save them.
    let mut seen = PointSet::new();
    for q in cutting.iter() {
        if seen.contains(q) {
            continue;
        }
        let stones = board.stones(q);
        seen |= stones;
        points |= board.liberties(q);
        if board.num_liberties(q) == 1 {
            for r in (stones.grow(geo) - stones).iter() {
                if board.color_at(r) == Some(connector) && board.num_liberties(r) == 1 {
                    points |= board.liberties(r);
                }
            }
        }
    }
    // A target in atari: captures that save it.
    let mut in_atari: Vec<Point> = Vec::new();
    for t in [a, b] {
        if board.num_liberties(t) == 1 {
            in_atari.push(t);
            let stones = board.stones(t);
            for r in (stones.grow(geo) - stones).iter() {
                if board.color_at(r) == Some(connector.opposite()) && board.num_liberties(r) == 1 {
                    points |= board.liberties(r);
                }
            }
        }
    }

    let shared = board.liberties(a) & board.liberties(b);
    let ctx = Context {
        board,
        a,
        b,
        connector,
        shared,
        on_path,
        near_path,
        cutting,
    };
    let mut scored: Vec<(i32, Point)> = points
        .iter()
        // A ko the mover may not retake yet stays a candidate: the game decides
        // whether a threat lets it.
        .filter(|&p| board.is_legal(mover, p) || board.ko().is_some_and(|k| k.point == p))
        .filter(|&p| {
            // With a target in atari the connector must save it.
            !connecting
                || in_atari.iter().all(|&t| {
                    board
                        .liberties_of_after_play(mover, p, t)
                        .is_some_and(|l| l >= 2)
                })
        })
        .map(|p| {
            let s = if connecting {
                ctx.connector_score(p)
            } else {
                ctx.disconnector_score(p)
            };
            (s, p)
        })
        .collect();
    scored.sort_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
    out.extend(scored.into_iter().take(width).map(|(_, p)| Move::Play(p)));
}

struct Context<'a> {
    board: &'a Board,
    a: Point,
    b: Point,
    connector: Color,
    shared: PointSet,
    on_path: PointSet,
    near_path: PointSet,
    cutting: PointSet,
}

impl Context<'_> {
    fn common(&self, p: Point, mover: Color) -> i32 {
        let board = self.board;
        let libs = board.liberties_after_play(mover, p, 4);
        let captures = board.would_capture(mover, p);
        let mut s = libs.min(4) as i32;
        if libs <= 1 && !captures {
            s -= if mover == self.connector { 40 } else { 30 };
        }
        s
    }

    fn connector_score(&self, p: Point) -> i32 {
        let board = self.board;
        let geo = board.geometry();
        let c = self.connector;
        let mut s = self.common(p, c);
        if self.shared.contains(p) {
            s += 100;
        }
        for t in [self.a, self.b] {
            if board.num_liberties(t) == 1 {
                s += 80;
            }
        }
        for n in geo.neighbours(p) {
            if self.cutting.contains(n) {
                match board.num_liberties(n) {
                    1 => s += 60 + board.num_stones(n) as i32,
                    2 => s += 20,
                    _ => {}
                }
            }
        }
        if self.on_path.contains(p) {
            s += 30;
        } else if self.near_path.contains(p) {
            s += 10;
        }
        s
    }

    fn disconnector_score(&self, p: Point) -> i32 {
        let board = self.board;
        let geo = board.geometry();
        let d = self.connector.opposite();
        let mut s = self.common(p, d);
        for t in [self.a, self.b] {
            if board.num_liberties(t) == 1 && board.liberties(t).contains(p) {
                s += 1000;
            } else if board.liberties_of_after_play(d, p, t) == Some(1) {
                s += 70;
            }
        }
        if self.shared.contains(p) {
            s += 30;
        }
        for n in geo.neighbours(p) {
            if self.cutting.contains(n) && board.num_liberties(n) == 1 {
                // Extending a cutting block in atari.
                if board
                    .liberties_of_after_play(d, p, n)
                    .is_some_and(|l| l >= 2)
                {
                    s += 60;
                }
            } else if board.color_at(n) == Some(self.connector)
                && board.num_liberties(n) == 1
                && self.next_to_cutting_in_atari(n)
            {
                s += 50;
            }
        }
        if self.on_path.contains(p) {
            s += 40;
        } else if self.near_path.contains(p) {
            s += 15;
        }
        s
    }

    /// Whether the block at `q` touches a cutting block in atari.
    fn next_to_cutting_in_atari(&self, q: Point) -> bool {
        let geo = self.board.geometry();
        let stones = self.board.stones(q);
        (stones.grow(geo) - stones)
            .iter()
            .any(|r| self.cutting.contains(r) && self.board.num_liberties(r) == 1)
    }
}
