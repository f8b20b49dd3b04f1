//! Finding eye spaces on a board: liveliness, domains, margins, half eyes.

use go_board::{Board, ByColor, Color, NUM_INDICES, Point, PointSet};

use super::reading::Reader;

/// One colour's view of a point while the spaces are built.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Domains {
    /// Points under the colour's influence.
    pub(crate) black: PointSet,
    pub(crate) white: PointSet,
}

/// The stones that are *lively*: not capturable, or capturable but
/// defensible (GNU Go's notion). Stones that the opponent captures
/// whatever the owner does are dead and may lie inside eye spaces; so are
/// stones shut in an area by enemy stones that cannot be captured, with
/// no room in it for two eyes (see [`room_for_two_eyes`]), however many
/// liberties they have.
pub(crate) fn lively_stones(reader: &mut Reader) -> PointSet {
    let board = reader.board().clone();
    let mut lively = PointSet::new();
    for block in board.blocks() {
        let anchor = block.anchor();
        let alive = block.num_liberties() >= 4 || !reader.attack(anchor) || reader.defend(anchor);
        if alive {
            lively |= block.stones();
        }
    }
    // Stones shut in an area by stones of the other colour that cannot be
    // captured, with no room there for two eyes, are dead however many
    // liberties they have.
    let geo = board.geometry();
    for color in [Color::Black, Color::White] {
        let walls = *board.stones_of(color);
        let near_walls = walls.border(geo);
        for region in (*geo.all_points() - walls).components(geo) {
            let enemy = region & *board.stones_of(color.opposite()) & lively;
            if enemy.is_empty() || room_for_two_eyes(region - near_walls) {
                continue;
            }
            let mut firm = true;
            let mut seen = PointSet::new();
            for q in region.border(geo) {
                if !seen.contains(q) {
                    seen |= board.stones(q);
                    if !lively.contains(q) || reader.attack(q) {
                        firm = false;
                        break;
                    }
                }
            }
            if firm {
                lively -= enemy;
            }
        }
    }
    lively
}

/// Whether the points of `interior` (of an area, the points not next to
/// the stones around it) hold two points that are not neighbours: where
/// two eyes could be. Two eyes need two such points, for an eye point has
/// only its own colour's stones around it. On the grid no three points are
/// pairwise neighbours, so three interior points always have room.
fn room_for_two_eyes(interior: PointSet) -> bool {
    match interior.len() {
        0 | 1 => false,
        2 => {
            let mut it = interior.iter();
            matches!((it.next(), it.next()), (Some(p), Some(q)) if p.distance(q) > 1)
        }
        _ => true,
    }
}

/// Empty points next to stones of both colours where the owner's eye
/// space should not reach: next to a dead enemy stone and to a live enemy
/// stone that cannot be attacked, and the enemy cannot play there safely
/// (GNU Go's *false margins*, `OOOOXX / OXaX..`).
fn false_margins(board: &Board, reader: &mut Reader, lively: PointSet) -> PointSet {
    let geo = board.geometry();
    let mut out = PointSet::new();
    for &p in geo.points() {
        if !board.is_empty(p) {
            continue;
        }
        let colors: Vec<Option<Color>> = geo.neighbours(p).map(|q| board.color_at(q)).collect();
        if !(colors.contains(&Some(Color::Black)) && colors.contains(&Some(Color::White))) {
            continue;
        }
        for owner in [Color::Black, Color::White] {
            let enemy = owner.opposite();
            let enemies: Vec<Point> = geo
                .neighbours(p)
                .filter(|&q| board.color_at(q) == Some(enemy))
                .collect();
            let some_dead = enemies.iter().any(|&q| !lively.contains(q));
            let some_firm = enemies
                .iter()
                .any(|&q| lively.contains(q) && !reader.attack(q));
            if some_dead && some_firm && !reader.safe_move(enemy, p) {
                out.insert(p);
            }
        }
    }
    out
}

/// The domains of influence of both colours (GNU Go's `make_domains`
/// idea): lively stones, points next to them, and points two influenced
/// neighbours reach, held back next to enemy stones and on the edge.
pub(crate) fn domains(board: &Board, reader: &mut Reader, lively: PointSet) -> Domains {
    let false_margins = false_margins(board, reader, lively);
    let mut out = Domains::default();
    for color in [Color::Black, Color::White] {
        let d = domain(board, color, lively, false_margins);
        match color {
            Color::Black => out.black = d,
            Color::White => out.white = d,
        }
    }
    out
}

fn domain(board: &Board, color: Color, lively: PointSet, false_margins: PointSet) -> PointSet {
    let geo = board.geometry();
    let own = *board.stones_of(color) & lively;
    let enemy = *board.stones_of(color.opposite()) & lively;
    let mut inhibit = vec![0u8; NUM_INDICES];
    let mut domain = own;
    let near_own = own.border(geo);
    let near_enemy = enemy.border(geo);
    for &p in geo.points() {
        if own.contains(p) {
            continue;
        }
        if enemy.contains(p) {
            inhibit[p.index()] = 1;
            continue;
        }
        if near_own.contains(p) && !(board.is_empty(p) && false_margins.contains(p)) {
            domain.insert(p);
        }
        if near_enemy.contains(p) {
            inhibit[p.index()] = 2;
        } else if geo.line(p) == 1 {
            inhibit[p.index()] = 1;
        }
    }
    // Two adjoining influenced points (an orthogonal neighbour and a
    // diagonal next to it) spread influence, unless enemy stones nearby
    // raise the bar.
    let offsets: [((isize, isize), (isize, isize)); 8] = [
        ((0, -1), (1, -1)),
        ((0, -1), (-1, -1)),
        ((-1, 0), (-1, -1)),
        ((-1, 0), (-1, 1)),
        ((0, 1), (-1, 1)),
        ((0, 1), (1, 1)),
        ((1, 0), (1, 1)),
        ((1, 0), (1, -1)),
    ];
    let at = |p: Point, (dx, dy): (isize, isize)| -> Option<Point> {
        let col = p.col().checked_add_signed(dx)?;
        let row = p.row().checked_add_signed(dy)?;
        Point::try_new(col, row).filter(|&q| geo.contains(q))
    };
    loop {
        let mut grown = false;
        for &p in geo.points() {
            if domain.contains(p) || enemy.contains(p) || false_margins.contains(p) {
                continue;
            }
            let inh = |q: Option<Point>| q.map_or(0, |q| inhibit[q.index()]);
            let dom = |q: Option<Point>| q.is_some_and(|q| domain.contains(q));
            let reached = offsets.iter().any(|&(o, d)| {
                let (a, b) = (at(p, o), at(p, d));
                b.is_some()
                    && u8::from(dom(a)) + u8::from(dom(b))
                        > u8::from(inhibit[p.index()] > 1)
                            + u8::from(inh(a) > 0)
                            + u8::from(inh(b) > 0)
            });
            if reached {
                domain.insert(p);
                grown = true;
            }
        }
        if !grown {
            return domain;
        }
    }
}

/// The raw eye points of each colour and their marginal points.
pub(crate) struct EyePoints {
    pub(crate) points: ByColor<PointSet>,
    pub(crate) marginal: ByColor<PointSet>,
}

/// Eye points: points that are not lively stones, in one colour's domain
/// only, or in both and next to a point of one colour's domain only (then
/// marginal). A point of one domain only next to a point of the other's
/// only is marginal too.
pub(crate) fn eye_points(board: &Board, lively: PointSet, d: &Domains) -> EyePoints {
    let geo = board.geometry();
    let all = *geo.all_points() - lively;
    let only_black = d.black - d.white;
    let only_white = d.white - d.black;
    let both = d.black & d.white;
    let near = |set: PointSet| set.grow(geo);
    let black = all & (only_black | (both & near(only_black)));
    let white = all & (only_white | (both & near(only_white)));
    EyePoints {
        points: ByColor::new(black, white),
        marginal: ByColor::new(
            black & (both | near(only_white)),
            white & (both | near(only_black)),
        ),
    }
}

/// The connected eye spaces of the eye points of one colour: points
/// joined orthogonally, except two marginal points, which do not connect.
pub(crate) fn components(board: &Board, points: PointSet, marginal: PointSet) -> Vec<PointSet> {
    let geo = board.geometry();
    let mut rest = points;
    let mut out = Vec::new();
    while let Some(start) = rest.first() {
        let mut comp = PointSet::new();
        comp.insert(start);
        let mut stack = vec![start];
        while let Some(p) = stack.pop() {
            for q in geo.neighbours(p) {
                if rest.contains(q)
                    && !comp.contains(q)
                    && !(marginal.contains(p) && marginal.contains(q))
                {
                    comp.insert(q);
                    stack.push(q);
                }
            }
        }
        rest -= comp;
        out.push(comp);
    }
    out
}

/// The topological value of a point of an eye space (GNU Go's "eye
/// topology"), in quarters: each diagonal point outside the space counts
/// 8 if an enemy stone there cannot be captured, 5 if the owner can take
/// it only by a ko, 4 if the enemy can play there safely or has a stone
/// there both sides can fight over, 0 otherwise; off the board 4 beside an
/// edge, 0 beyond a corner. 16 or more is a false eye, more than 8 a half
/// eye. An empty diagonal the enemy can take only by a ko counts 3, and
/// is a ko key (GNU Go's ko values: 3/4 when the ko is good for the
/// owner, 5/4 when it is good for the enemy).
pub(crate) fn topology(
    board: &Board,
    reader: &mut Reader,
    color: Color,
    p: Point,
    space: PointSet,
) -> Topology {
    let geo = board.geometry();
    let enemy = color.opposite();
    let mut sum = 0u8;
    let mut key = None;
    let mut ko = false;
    for (dx, dy) in [(1isize, 1isize), (1, -1), (-1, 1), (-1, -1)] {
        let col = p.col().checked_add_signed(dx);
        let row = p.row().checked_add_signed(dy);
        let on = |c: Option<usize>, limit: usize| c.is_some_and(|c| c < limit);
        let col_on = on(col, geo.width());
        let row_on = on(row, geo.height());
        if !col_on || !row_on {
            if col_on || row_on {
                sum += 4;
            }
            continue;
        }
        let q = Point::new(col.unwrap_or(0), row.unwrap_or(0));
        if space.contains(q) {
            continue;
        }
        match board.color_at(q) {
            Some(c) if c == color => {}
            Some(_) => {
                if !reader.attack(q) {
                    sum += 8;
                } else if let Some(m) = reader.ko_capture(q) {
                    sum += 5;
                    if key.is_none() {
                        key = Some(m);
                        ko = true;
                    }
                } else if reader.defend(q) {
                    sum += 4;
                    key = key.or_else(|| capture_point(board, reader, q));
                }
            }
            None => {
                if reader.safe_move(enemy, q) {
                    sum += 4;
                    key = key.or(Some(q));
                } else if reader.ko_move(enemy, q) {
                    sum += 3;
                    if key.is_none() {
                        key = Some(q);
                        ko = true;
                    }
                }
            }
        }
    }
    Topology { sum, key, ko }
}

/// What the diagonals say about a point of an eye space.
pub(crate) struct Topology {
    /// The sum of the diagonal values, in quarters.
    pub(crate) sum: u8,
    /// The point deciding a half eye.
    pub(crate) key: Option<Point>,
    /// Whether the key is a ko.
    pub(crate) ko: bool,
}

/// A move that captures the enemy block at `q` (the owner's way to settle
/// a diagonal the enemy holds): one of its liberties.
fn capture_point(board: &Board, reader: &mut Reader, q: Point) -> Option<Point> {
    let owner = board.color_at(q)?.opposite();
    let libs = board.liberties(q);
    let mut scratch = board.clone();
    for lib in libs {
        if scratch.play(owner, lib).is_ok() {
            let gone = scratch.color_at(q).is_none() || {
                let mut r = Reader::new(&scratch);
                !r.defend(q)
            };
            scratch.undo();
            if gone {
                return Some(lib);
            }
        }
    }
    let _ = reader;
    board.liberties(q).first()
}

/// A forcing capture at the edge of an eye space (see [`forcing_captures`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ForcingCapture {
    /// The enemy block the capture puts in atari.
    pub(crate) block: PointSet,
    /// Where the owner captures dead stones of the space.
    pub(crate) capture: Point,
    /// The block's other liberty: its only way out, to other enemy stones.
    pub(crate) way_out: Point,
}

/// Forcing captures at the edge of an eye space of `color`: an enemy
/// block outside the space, shut in by the owner's stones, with two
/// liberties — one where the owner captures a dead block of the space in
/// atari (so the capture puts the block in atari too), the other its only
/// way out, next to other enemy stones. The block lives only if the enemy
/// answers the capture by connecting out, or connects first: the local
/// game decides it once the block and both liberties are in the space,
/// the way out as a margin (GNU Go's dead stones with a marginal point).
/// Points of the colour's `other` spaces are never taken in.
pub(crate) fn forcing_captures(
    board: &Board,
    color: Color,
    space: PointSet,
    other: PointSet,
    lively: PointSet,
) -> Vec<ForcingCapture> {
    let geo = board.geometry();
    let enemy = color.opposite();
    let mut out: Vec<ForcingCapture> = Vec::new();
    let mut seen = PointSet::new();
    for p in space & *board.stones_of(enemy) {
        if seen.contains(p) {
            continue;
        }
        let dead = board.stones(p);
        seen |= dead;
        let Some(capture) = board.the_liberty(p) else {
            continue;
        };
        for q in geo.neighbours(capture) {
            if board.color_at(q) != Some(enemy) || dead.contains(q) || space.contains(q) {
                continue;
            }
            let block = board.stones(q);
            if !lively.contains(q) || out.iter().any(|f| f.block == block) {
                continue;
            }
            let libs = board.liberties(q);
            let Some(way_out) = libs.iter().find(|&l| l != capture) else {
                continue;
            };
            let shut_in = libs.len() == 2
                && libs.contains(capture)
                && block
                    .border(geo)
                    .iter()
                    .all(|s| libs.contains(s) || board.color_at(s) == Some(color));
            let outside = (*board.stones_of(enemy) & lively) - block;
            let joins = geo.neighbours(way_out).any(|s| outside.contains(s));
            let mut taken = block;
            taken.insert(capture);
            taken.insert(way_out);
            let free = !space.contains(way_out)
                && (taken & other).is_empty()
                && geo.neighbours(way_out).all(|s| !dead.contains(s));
            if shut_in && joins && free {
                out.push(ForcingCapture {
                    block,
                    capture,
                    way_out,
                });
            }
        }
    }
    out
}
