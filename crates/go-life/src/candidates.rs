//! The moves a life-and-death search tries, best first, and how many.
//!
//! Candidates are the points where the fight is: the group's liberties, the empty
//! points of its small eye spaces, the liberties of short-of-liberty enemy
//! neighbours and the captures that would save them, the liberties of friendly
//! blocks outside the group with two or fewer that wall in one of its eye spaces
//! (an eye is only as strong as its wall), and, while the group has few
//! liberties, the points next to its liberties. Each is scored by what it does
//! for the group, without playing it:
//!
//! | what the move does | score |
//! |---|---|
//! | captures a block of the group (attacker) | 100 |
//! | is a vital point of an eye space for the mover | 60 |
//! | captures an enemy neighbour (defender) or saves one in atari (attacker) | 50 |
//! | puts the group in atari (attacker) or takes it out (defender) | 40 |
//! | takes a wall block of an eye space out of atari (defender) | 40 |
//! | plays inside a small eye space | 20, plus 5 per empty neighbour inside |
//! | ataris an enemy neighbour, the group or a wall block | 15 |
//! | is a liberty of the group | 10 |
//! | gives the group new liberties (defender) | 4 each |
//! | is self-atari outside an eye space | −30 |
//!
//! Like GNU Go's owl, the search then looks only at the best few: a narrower
//! search deeper down (see [`LifeOptions::width`](crate::LifeOptions::width)).

use go_board::{Board, Color, Move, Point, PointSet};

use crate::judge::Judgement;

/// The largest eye space whose inside points are candidates.
pub const SMALL_EYE_SPACE: usize = 8;

/// The score added for a vital point of an eye space (see the module docs).
const VITAL: i32 = 60;

/// Pushes onto `out` at most `width` candidate moves for `mover`, best first.
pub(crate) fn candidates(
    board: &Board,
    j: &Judgement,
    mover: Color,
    defender: Color,
    wide_liberties: usize,
    width: usize,
    out: &mut Vec<Move>,
) {
    let geo = board.geometry();
    let mut eye_space = PointSet::new();
    for e in &j.eye_spaces {
        if e.points.len() <= SMALL_EYE_SPACE {
            eye_space |= e.points;
        }
    }
    let defending = mover == defender;
    let vital = j.eye_counts.iter().fold(PointSet::new(), |acc, c| {
        acc | if defending { c.defence } else { c.attack }
    });
    let mut points = j.group.liberties | eye_space | (vital & board.empty_points());
    let around = j.group.stones.grow(geo) - j.group.stones;
    let mut weak_enemies = PointSet::new();
    for q in around.iter() {
        if board.color_at(q) == Some(defender.opposite()) && board.num_liberties(q) <= 3 {
            weak_enemies |= board.stones(q);
            points |= board.liberties(q);
            // Captures that would save it: defender blocks in atari next to it.
            let stones = board.stones(q);
            for r in (stones.grow(geo) - stones).iter() {
                if board.color_at(r) == Some(defender) && board.num_liberties(r) == 1 {
                    points |= board.liberties(r);
                }
            }
        }
    }
    // Friendly blocks outside the group that wall in one of its eye spaces:
    // an eye is only as strong as its wall, so while such a block is short of
    // liberties, attacking and saving it are moves of the fight.
    let mut wall = PointSet::new();
    for e in &j.eye_spaces {
        let space = e.points | e.inside;
        for q in (space.grow(geo) - space - j.group.stones).iter() {
            if !wall.contains(q)
                && board.color_at(q) == Some(defender)
                && board.num_liberties(q) <= 2
            {
                wall |= board.stones(q);
                points |= board.liberties(q);
            }
        }
    }
    if j.liberties() <= wide_liberties {
        points |= j.group.liberties.grow(geo) & board.empty_points();
    }
    let areas = Areas {
        eye_space,
        weak_enemies,
        wall,
    };
    let mut scored: Vec<(i32, Point)> = points
        .iter()
        // A ko the mover may not retake yet stays a candidate: the game decides
        // whether a threat lets it.
        .filter(|&p| board.is_legal(mover, p) || board.ko().is_some_and(|k| k.point == p))
        .map(|p| {
            let bonus = if vital.contains(p) { VITAL } else { 0 };
            (bonus + score(board, j, &areas, mover, defender, p), p)
        })
        .collect();
    scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    out.extend(scored.into_iter().take(width).map(|(_, p)| Move::Play(p)));
}

/// The stones and points a candidate's score looks at.
struct Areas {
    /// The empty points of the group's small eye spaces.
    eye_space: PointSet,
    /// The enemy neighbours short of liberties.
    weak_enemies: PointSet,
    /// The friendly blocks outside the group, short of liberties, that wall in
    /// an eye space.
    wall: PointSet,
}

fn score(
    board: &Board,
    j: &Judgement,
    areas: &Areas,
    mover: Color,
    defender: Color,
    p: Point,
) -> i32 {
    let Areas {
        eye_space,
        weak_enemies,
        wall,
    } = areas;
    let geo = board.geometry();
    let defending = mover == defender;
    let group_libs = j.liberties();
    let mut s = 0;
    let mut captures = false;
    for n in geo.neighbours(p) {
        match board.color_at(n) {
            Some(c) if c != mover => {
                let libs = board.num_liberties(n);
                if libs == 1 {
                    captures = true;
                    s += if j.group.stones.contains(n) { 100 } else { 50 };
                } else if libs == 2
                    && (weak_enemies.contains(n) || j.group.stones.contains(n) || wall.contains(n))
                {
                    s += 15;
                }
            }
            Some(_) if defending && board.num_liberties(n) == 1 && wall.contains(n) => {
                // The defender saves a wall block in atari.
                s += 40;
            }
            Some(_) if !defending && board.num_liberties(n) == 1 && weak_enemies.contains(n) => {
                // The attacker saves a block in atari next to the group.
                s += 50;
            }
            _ => {}
        }
    }
    if j.group.liberties.contains(p) {
        s += 10;
        if !defending && group_libs == 2 {
            s += 40;
        }
    }
    if defending && group_libs == 1 && j.group.liberties.contains(p) {
        s += 40;
    }
    if eye_space.contains(p) {
        s += 20;
        s += 5 * geo.neighbours(p).filter(|&n| eye_space.contains(n)).count() as i32;
    } else if !captures {
        let empty = geo.neighbours(p).filter(|&n| board.is_empty(n)).count();
        if defending {
            let new = geo
                .neighbours(p)
                .filter(|&n| board.is_empty(n) && !j.group.liberties.contains(n))
                .count();
            s += 4 * new as i32;
        }
        let friends_libs: usize = geo
            .neighbours(p)
            .filter(|&n| board.color_at(n) == Some(mover))
            .map(|n| board.num_liberties(n).saturating_sub(1))
            .max()
            .unwrap_or(0);
        if empty + friends_libs <= 1 {
            s -= 30;
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(diagram: &str, target: &str, mover: Color) -> Vec<Move> {
        let board = Board::from_diagram(diagram).expect("diagram");
        let j = Judgement::new(&board, target.parse().expect("point")).expect("a stone");
        let defender = board.color_at(j.group.blocks[0]).expect("a stone");
        let mut out = Vec::new();
        candidates(&board, &j, mover, defender, 6, 6, &mut out);
        out
    }

    /// Black's eye at A5 (after capturing A5) needs the A6–A7 stones, which are
    /// not linked to the group and have two liberties: attacking them is the
    /// attacker's move, and saving them the defender's.
    const WEAK_WALL: &str = ". . . . . . . . . .
                             . O . . . . . . . .
                             . O O . . . . . . .
                             X . O . . . . . . .
                             X O O . . . . . . .
                             O X O . . . . . . .
                             . X O . . . . . . .
                             X X O . . . . . . .
                             O X O O . . . . . .
                             . X . . . . . . . .";

    #[test]
    fn a_weak_block_walling_an_eye_is_attacked_and_saved() {
        let wall =
            |m: &Move| matches!(m, Move::Play(p) if ["A8", "B7"].contains(&p.to_string().as_str()));
        assert!(moves(WEAK_WALL, "B3", Color::White).iter().any(wall));
        assert!(moves(WEAK_WALL, "B3", Color::Black).iter().any(wall));
    }
}
