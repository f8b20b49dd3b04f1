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
/// whatever the owner does are dead and may lie inside eye spaces.
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
    lively
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
