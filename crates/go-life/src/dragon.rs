//! Dragons: the blocks of a whole board joined by links (see [`crate::links`]),
//! with their stones, liberties, eye spaces, escape and neighbours.

use std::fmt;

use go_board::{Board, Color, Point, PointSet};
use go_search::tactics::Reader;
use smallvec::SmallVec;

use crate::judge::Judgement;
use crate::links::{Link, links_read, links_static};

/// One dragon: linked blocks of one colour that live or die together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dragon {
    color: Color,
    blocks: SmallVec<[Point; 4]>,
    stones: PointSet,
    liberties: PointSet,
}

impl Dragon {
    /// Its colour.
    #[must_use]
    pub fn color(&self) -> Color {
        self.color
    }

    /// Its first stone in board order: the dragon's name.
    #[must_use]
    pub fn origin(&self) -> Point {
        self.stones.first().unwrap_or(self.blocks[0])
    }

    /// The anchors of its blocks.
    #[must_use]
    pub fn blocks(&self) -> &[Point] {
        &self.blocks
    }

    /// Its stones.
    #[must_use]
    pub fn stones(&self) -> &PointSet {
        &self.stones
    }

    /// The liberties of its blocks.
    #[must_use]
    pub fn liberties(&self) -> &PointSet {
        &self.liberties
    }
}

/// The dragons of both colours on a board.
///
/// ```
/// use go_board::Board;
/// use go_life::Dragons;
/// let board = Board::from_diagram(
///     ". . . . . .
///      . X . X . .
///      . . X . . O
///      . . . . . .",
/// )?;
/// let dragons = Dragons::new(&board);
/// // B3, D3 and C2 are joined by diagonals; White's F2 is alone.
/// assert!(dragons.same_dragon("B3".parse()?, "D3".parse()?));
/// assert_eq!(dragons.at("C2".parse()?).unwrap().stones().len(), 3);
/// assert_eq!(dragons.iter().count(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dragons {
    dragons: Vec<Dragon>,
    /// The dragon index of each point (by point index), `u16::MAX` when empty.
    index: Vec<u16>,
}

impl Dragons {
    /// Joins the blocks of `board` into dragons by the static links
    /// ([`linked_blocks`](crate::links::linked_blocks)).
    #[must_use]
    pub fn new(board: &Board) -> Dragons {
        Dragons::joined_by(board, |anchor| links_static(board, anchor))
    }

    /// Joins the blocks of `board` into dragons by the static links and the
    /// links across false cuts that `reader` refutes ([`linked_blocks_read`](crate::links::linked_blocks_read)):
    /// GNU Go's dragons, which a cutting stone caught in a ladder does not split.
    ///
    /// ```
    /// use go_board::Board;
    /// use go_life::Dragons;
    /// use go_search::tactics::Reader;
    /// // White cutting at C2 is caught on the edge: B2 and C3 are one dragon.
    /// let board = Board::from_diagram(
    ///     ". . . . . .
    ///      . . . . . .
    ///      . O X . . .
    ///      . X . . . .
    ///      . . . . . .",
    /// )?;
    /// let (b2, c3) = ("B2".parse()?, "C3".parse()?);
    /// assert!(!Dragons::new(&board).same_dragon(b2, c3));
    /// assert!(Dragons::read(&board, &mut Reader::default()).same_dragon(b2, c3));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn read(board: &Board, reader: &mut Reader) -> Dragons {
        Dragons::joined_by(board, |anchor| links_read(board, anchor, reader))
    }

    /// Joins blocks into dragons, `links` naming the blocks linked to a block.
    ///
    /// A one-point link (a tiger's mouth, a false cut) holds against one cut,
    /// not against two: where the cutting stones of two such links would
    /// share a liberty, the opponent's stone there (a peep) makes both cuts
    /// real at once, and the owner can mend only one — the double cut.
    /// Neither link joins blocks then. The peep must leave the cutting stone
    /// two liberties besides the two cutting points, else the cut after the
    /// owner's mend is captured at once.
    fn joined_by(board: &Board, mut links: impl FnMut(Point) -> SmallVec<[Link; 8]>) -> Dragons {
        let geo = board.geometry();
        let mut index = vec![u16::MAX; go_board::NUM_INDICES];
        let mut dragons = Vec::new();
        let mut linked: Vec<(Point, SmallVec<[Link; 8]>)> = Vec::new();
        let mut seen = PointSet::new();
        for &p in geo.points() {
            if board.color_at(p).is_none() || seen.contains(p) {
                continue;
            }
            seen |= board.stones(p);
            let anchor = board.anchor(p).unwrap_or(p);
            linked.push((anchor, links(anchor)));
        }
        let broken = double_cuts(board, &linked);
        let mut slot = vec![usize::MAX; go_board::NUM_INDICES];
        for (i, (anchor, _)) in linked.iter().enumerate() {
            slot[anchor.index()] = i;
        }
        let links_of = |anchor: Point| {
            linked
                .get(slot[anchor.index()])
                .into_iter()
                .flat_map(|(_, l)| l.iter())
                .filter(|l| l.cut.is_none_or(|c| !broken.contains(c)))
                .map(|l| l.other)
        };
        for &p in geo.points() {
            if index[p.index()] != u16::MAX {
                continue;
            }
            let Some(color) = board.color_at(p) else {
                continue;
            };
            let id = dragons.len() as u16;
            let mut blocks: SmallVec<[Point; 4]> = SmallVec::new();
            blocks.push(board.anchor(p).unwrap_or(p));
            let mut i = 0;
            while i < blocks.len() {
                for other in links_of(blocks[i]) {
                    if !blocks.contains(&other) {
                        blocks.push(other);
                    }
                }
                i += 1;
            }
            let mut stones = PointSet::new();
            let mut liberties = PointSet::new();
            for &b in &blocks {
                stones |= board.stones(b);
                liberties |= board.liberties(b);
            }
            for s in stones.iter() {
                index[s.index()] = id;
            }
            dragons.push(Dragon {
                color,
                blocks,
                stones,
                liberties,
            });
        }
        Dragons { dragons, index }
    }

    /// The dragon of the stone at `p`.
    #[must_use]
    pub fn at(&self, p: Point) -> Option<&Dragon> {
        let i = *self.index.get(p.index())?;
        self.dragons.get(usize::from(i))
    }

    /// Whether the stones at `a` and `b` are in one dragon.
    #[must_use]
    pub fn same_dragon(&self, a: Point, b: Point) -> bool {
        match (self.index.get(a.index()), self.index.get(b.index())) {
            (Some(&x), Some(&y)) => x != u16::MAX && x == y,
            _ => false,
        }
    }

    /// Every dragon, in board order of their first stones.
    pub fn iter(&self) -> impl Iterator<Item = &Dragon> + '_ {
        self.dragons.iter()
    }

    /// The enemy dragons touching `dragon`.
    #[must_use]
    pub fn neighbours(&self, board: &Board, dragon: &Dragon) -> Vec<&Dragon> {
        let around = dragon.stones.grow(board.geometry()) - dragon.stones;
        let mut out: Vec<&Dragon> = Vec::new();
        for q in around.iter() {
            if let Some(d) = self.at(q)
                && d.color != dragon.color
                && !out.iter().any(|o| std::ptr::eq(*o, d))
            {
                out.push(d);
            }
        }
        out
    }
}

/// A readable summary of a dragon (GTP `dragon_data`).
#[derive(Clone, Debug)]
pub struct DragonData<'a> {
    board: &'a Board,
    dragons: &'a Dragons,
    dragon: &'a Dragon,
}

impl<'a> DragonData<'a> {
    /// The summary of `dragon`.
    #[must_use]
    pub fn new(board: &'a Board, dragons: &'a Dragons, dragon: &'a Dragon) -> Self {
        DragonData {
            board,
            dragons,
            dragon,
        }
    }
}

impl fmt::Display for DragonData<'_> {
    /// One `key value` line each: colour, origin, stones, blocks, liberties, eye
    /// spaces, escape, Benson life and neighbours.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let d = self.dragon;
        let color = match d.color {
            Color::Black => "black",
            Color::White => "white",
        };
        writeln!(f, "color {color}")?;
        writeln!(f, "origin {}", d.origin())?;
        writeln!(f, "size {}", d.stones.len())?;
        write!(f, "blocks")?;
        for b in &d.blocks {
            write!(f, " {b}")?;
        }
        writeln!(f)?;
        writeln!(f, "liberties {}", d.liberties.len())?;
        if let Some(j) = Judgement::new(self.board, d.origin()) {
            writeln!(f, "eye_spaces {}", j.eye_spaces.len())?;
            writeln!(f, "max_eyes {}", j.max_eyes())?;
            writeln!(f, "escape {}", j.escape)?;
            writeln!(f, "pass_alive {}", j.pass_alive)?;
        }
        write!(f, "neighbours")?;
        for n in self.dragons.neighbours(self.board, d) {
            write!(f, " {}", n.origin())?;
        }
        Ok(())
    }
}

/// The cutting points of one-point links that a single move threatens
/// together with another's (see `Dragons::joined_by`).
fn double_cuts(board: &Board, linked: &[(Point, SmallVec<[Link; 8]>)]) -> PointSet {
    // Each cutting point once, with the cutter's colour.
    let mut cuts: SmallVec<[(Point, Color, PointSet); 16]> = SmallVec::new();
    for (anchor, links) in linked {
        let Some(owner) = board.color_at(*anchor) else {
            continue;
        };
        let cutter = owner.opposite();
        for cut in links.iter().filter_map(|l| l.cut) {
            if !cuts.iter().any(|(c, _, _)| *c == cut) {
                cuts.push((cut, cutter, board.liberty_set_after_play(cutter, cut)));
            }
        }
    }
    let mut broken = PointSet::new();
    for (i, (a, cutter, libs_a)) in cuts.iter().enumerate() {
        for (b, other_cutter, libs_b) in &cuts[i + 1..] {
            if cutter != other_cutter {
                continue;
            }
            // The peep at `l` must survive the owner mending one cut: the
            // stone cutting at the other then still has two liberties.
            let mut cutting = PointSet::new();
            cutting.insert(*a);
            cutting.insert(*b);
            let threat = |l: Point| (board.liberty_set_after_play(*cutter, l) - cutting).len() >= 2;
            if (*libs_a & *libs_b).iter().any(threat) {
                broken.insert(*a);
                broken.insert(*b);
            }
        }
    }
    broken
}

#[cfg(test)]
mod tests {
    use go_board::{Board, Point};
    use go_search::tactics::Reader;

    use super::Dragons;

    fn at(v: &str) -> Point {
        v.parse().expect("vertex")
    }

    /// Two tiger's mouths (C5 and D4) whose cutting stones would both have
    /// C4 as their only liberty: Black at C4 (joined to B4 and C3) makes both
    /// cuts real, and White can mend only one.
    const DOUBLE_CUT: &str = ". . . . . . .
                              . O O X . . .
                              . O . O X . .
                              . X . . O . .
                              . . X O O . .
                              . . . . . . .
                              . . . . . . .";

    #[test]
    fn a_double_cut_joins_nothing() {
        let board = Board::from_diagram(DOUBLE_CUT).expect("diagram");
        for dragons in [
            Dragons::new(&board),
            Dragons::read(&board, &mut Reader::default()),
        ] {
            assert!(!dragons.same_dragon(at("B5"), at("D5")));
            assert!(!dragons.same_dragon(at("D5"), at("E4")));
            assert!(!dragons.same_dragon(at("B5"), at("E4")));
        }
    }

    #[test]
    fn one_tiger_mouth_joins() {
        // The same shape without White's lower stones: C5 alone is a link.
        let board = Board::from_diagram(
            ". . . . . . .
             . O O X . . .
             . O . O X . .
             . X . . . . .
             . . X . . . .
             . . . . . . .
             . . . . . . .",
        )
        .expect("diagram");
        assert!(Dragons::new(&board).same_dragon(at("B5"), at("D5")));
    }

    #[test]
    fn a_peep_that_cannot_stand_threatens_nothing() {
        // White's stones at B4 and C3 leave Black at C4 only the two cutting
        // points: after White mends one, Black's cut at the other is in
        // atari, so both tiger's mouths hold. (C4 itself is no link: Black
        // can play there with two liberties.)
        let board = Board::from_diagram(
            ". . . . . . .
             . O O X . . .
             . O . O X . .
             . O . . O . .
             . X O O O . .
             . . . . . . .
             . . . . . . .",
        )
        .expect("diagram");
        assert!(Dragons::new(&board).same_dragon(at("B6"), at("E4")));
    }
}
