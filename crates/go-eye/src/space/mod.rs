//! Eye spaces on a real board: finding them, and how many eyes they give.
//!
//! An *eye space* of a colour (the owner) is a connected area of empty
//! points and dead enemy stones that the owner's stones dominate — an eye
//! enclosed by one block, or an area bounded by several blocks, possibly
//! still open on a side. Its *marginal* points are those the enemy can
//! still reach from outside: an enemy stone played there is connected to
//! live enemy stones. Points whose diagonals the enemy controls are false
//! eyes (marginal too) or half eyes (with the point that decides them).
//!
//! The finder follows GNU Go's eye spaces (`optics.c`, the documentation's
//! "Eyes and half eyes" chapter) in its own terms: stones are *lively*
//! unless a short capture search kills them whatever the owner does;
//! each colour's *domain* grows from its lively stones; eye points lie in
//! one domain (marginal where the other domain touches); topology marks
//! false and half eyes. An enemy block shut in next to the space, which
//! the owner's capture of dead stones would put in atari, joins the space
//! with its way out as a margin: the local game decides whether the enemy
//! must connect there. The value of a space is then exact: the space is
//! abstracted as an [`EyeGraph`] and its local game solved ([`EyeGraph::value`]).
//!
//! ```
//! use go_board::{Board, Color};
//! use go_eye::space::EyeSpaces;
//!
//! // Black's straight three on the edge: one eye if White plays first
//! // (at the middle point), two if Black does.
//! let board = Board::from_diagram(
//!     ". . . . . . .
//!      O O O O O O .
//!      X X X X X O .
//!      X . . . X O .",
//! )?;
//! let spaces = EyeSpaces::new(&board);
//! let eye = spaces.at("C1".parse()?).unwrap();
//! assert_eq!(eye.color(), Color::Black);
//! assert_eq!(eye.points().len(), 3);
//! let value = eye.value();
//! assert_eq!((value.min, value.max), (1, 2));
//! assert_eq!(value.attack, Some("C1".parse()?));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod finder;
mod game;
mod reading;

use go_board::{Board, Color, Geometry, Point, PointSet};

pub use game::{EyeGraph, EyeGraphError, GraphValue, MAX_GRAPH_POINTS};

use finder::{components, domains, eye_points, forcing_captures, lively_stones, topology};
use reading::Reader;

/// A half eye: a point of an eye space whose diagonals make it an eye if
/// the owner plays `key` first, and no eye if the enemy does.
///
/// ```
/// use go_eye::space::HalfEye;
/// let h = HalfEye { point: "A1".parse().unwrap(), key: "B2".parse().unwrap(), ko: false };
/// assert_eq!(h.key.to_string(), "B2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HalfEye {
    /// The point of the eye space.
    pub point: Point,
    /// The point deciding it.
    pub key: Point,
    /// Whether the key is a ko: then the half eye counts as an eye when
    /// the owner moves first (winning the ko), as no eye when the enemy does.
    pub ko: bool,
}

/// One eye space on the board.
///
/// ```
/// use go_board::{Board, Color};
/// use go_eye::space::EyeSpaces;
/// let board = Board::from_diagram(". X . .\nX X . .\n. . . .")?;
/// let spaces = EyeSpaces::new(&board);
/// let corner = spaces.at("A3".parse()?).unwrap();
/// assert_eq!(corner.color(), Color::Black);
/// assert!(corner.marginal_points().is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EyeSpace {
    color: Color,
    points: PointSet,
    marginal: PointSet,
    enemy: PointSet,
    /// Points next to the owner's surrounding stones.
    wall: PointSet,
    /// Owner stones enclosed by the space (not part of the wall).
    inner: PointSet,
    /// False eyes: points the owner will have to fill.
    false_eyes: PointSet,
    half_eyes: Vec<HalfEye>,
    /// For each dead enemy block, one of its liberties outside the space.
    escapes: Vec<(PointSet, Point)>,
    /// Liberties of the surrounding owner blocks outside the space.
    outside_liberties: usize,
    /// Dead enemy stones the owner captures by a sure move that must be
    /// played (see [`sure_capture`]): empty points in the local game.
    taken: PointSet,
    /// Marginal points the owner cannot reach: only enemy stones around
    /// them outside the space (an owner stone there joins no wall).
    shut: PointSet,
}

/// The value of an eye space: GNU Go's `eval_eye` answer.
///
/// ```
/// use go_eye::space::EyeSpaceValue;
/// let v = EyeSpaceValue { min: 1, max: 1, attack: None, defence: None, exact: true };
/// assert_eq!(v.to_string(), "1 1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EyeSpaceValue {
    /// Eyes if the enemy moves first (0, 1 or 2; two means life).
    pub min: u8,
    /// Eyes if the owner moves first.
    pub max: u8,
    /// Where the enemy plays to keep the space at `min` eyes (when `min < max`).
    pub attack: Option<Point>,
    /// Where the owner plays to reach `max` eyes (when `min < max`).
    pub defence: Option<Point>,
    /// Whether the value is the solution of the local game; `false` for
    /// spaces too big to solve, valued by their size and margins.
    pub exact: bool,
}

impl std::fmt::Display for EyeSpaceValue {
    /// `min max`, then `attack defence` when they differ — GNU Go's format.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.min, self.max)?;
        if let (Some(a), Some(d)) = (self.attack, self.defence) {
            write!(f, " {a} {d}")?;
        }
        Ok(())
    }
}

impl EyeSpace {
    /// The solved value: kos of half eyes count for the owner moving first
    /// and against it otherwise, so `min` comes from the graph with their
    /// keys, `max` from the graph without.
    fn exact_value(&self) -> Option<EyeSpaceValue> {
        let (with, with_nodes) = self.graph_with(true).ok()?;
        let low = with.value().ok()?;
        let has_ko = self.half_eyes.iter().any(|h| h.ko);
        let (high, high_nodes, without) = if has_ko {
            let (without, nodes) = self.graph_with(false).ok()?;
            (without.value().ok()?, nodes, Some(without))
        } else {
            (low, with_nodes.clone(), None)
        };
        let (min, max) = (low.min, high.max.max(low.min));
        let mut value = EyeSpaceValue {
            min,
            max,
            attack: None,
            defence: None,
            exact: true,
        };
        if min < max {
            let (attack, _) = with.vital_points(min, max).ok()?;
            let defence = match &without {
                Some(g) => g.vital_points(min, max).ok()?.1,
                None => with.vital_points(min, max).ok()?.1,
            };
            let point = |nodes: &[Point], i: Option<usize>| i.map(|i| nodes[i]);
            value.attack = point(&with_nodes, attack);
            value.defence = point(&high_nodes, defence).or_else(|| {
                // The owner's move is winning the ko of a half eye.
                self.half_eyes.iter().find(|h| h.ko).map(|h| h.key)
            });
            if value.attack.is_none() {
                value.attack = value.defence;
            }
        }
        Some(value)
    }

    /// The owner.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_eye::space::EyeSpaces;
    /// let board = Board::from_diagram(". O .\nO O .\n. . .")?;
    /// assert_eq!(EyeSpaces::new(&board).at("A3".parse()?).unwrap().color(), Color::White);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn color(&self) -> Color {
        self.color
    }

    /// Every point of the space, marginal points and dead stones included.
    ///
    /// ```
    /// use go_board::Board;
    /// use go_eye::space::EyeSpaces;
    /// let board = Board::from_diagram(". . X .\nX X X .\n. . . .")?;
    /// assert_eq!(EyeSpaces::new(&board).at("A3".parse()?).unwrap().points().len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn points(&self) -> PointSet {
        self.points
    }

    /// The marginal points: where the enemy can play from outside, and
    /// false eyes.
    ///
    /// ```
    /// use go_board::Board;
    /// use go_eye::space::EyeSpaces;
    /// let board = Board::from_diagram(". X .\nX X .\n. . .")?;
    /// assert!(EyeSpaces::new(&board).at("A3".parse()?).unwrap().marginal_points().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn marginal_points(&self) -> PointSet {
        self.marginal
    }

    /// The dead enemy stones inside the space.
    ///
    /// ```
    /// use go_board::Board;
    /// use go_eye::space::EyeSpaces;
    /// let board = Board::from_diagram("O . X .\nX X X .\n. . . .")?;
    /// let space = EyeSpaces::new(&board).at("B3".parse()?).unwrap().clone();
    /// assert_eq!(space.dead_stones().len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn dead_stones(&self) -> PointSet {
        self.enemy
    }

    /// The false eyes of the space: points the enemy can never take but
    /// the owner will have to fill to connect its stones.
    ///
    /// ```
    /// use go_board::Board;
    /// use go_eye::space::EyeSpaces;
    /// let board = Board::from_diagram(". X .\nX X .\n. . .")?;
    /// assert!(EyeSpaces::new(&board).at("A3".parse()?).unwrap().false_eyes().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn false_eyes(&self) -> PointSet {
        self.false_eyes
    }

    /// Owner stones enclosed by the space, apart from the surrounding
    /// stones; the local game plays them as stones that can be captured.
    ///
    /// ```
    /// use go_board::Board;
    /// use go_eye::space::EyeSpaces;
    /// let board = Board::from_diagram(". X .\nX X .\n. . .")?;
    /// assert!(EyeSpaces::new(&board).at("A3".parse()?).unwrap().inner_stones().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn inner_stones(&self) -> PointSet {
        self.inner
    }

    /// The half eyes of the space.
    ///
    /// ```
    /// use go_board::Board;
    /// use go_eye::space::EyeSpaces;
    /// let board = Board::from_diagram(". X .\nX X .\n. . .")?;
    /// assert!(EyeSpaces::new(&board).at("A3".parse()?).unwrap().half_eyes().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn half_eyes(&self) -> &[HalfEye] {
        &self.half_eyes
    }

    /// The space as a table [`Eye`](crate::tables::Eye), the bridge from a
    /// board's eye spaces to the eye tables: its [`points`](Self::points)
    /// on `geometry` (the board the space was found on) with the board
    /// edges they touch, and the [`BoardFrame`](crate::tables::BoardFrame)
    /// that maps the eye's cells to board points. The frame's `x` grows
    /// with the column letter and its `y` with the row number, so its row
    /// 0 lies towards the board's row 1 ([`Edges::NORTH`](crate::Edges::NORTH)
    /// is the board's edge at row 1). The dead stones inside are
    /// `frame.cells(&space.dead_stones())`. The same as
    /// [`Eye::on_board`](crate::tables::Eye::on_board) on the space's points.
    ///
    /// # Errors
    /// Those of [`Eye::on_board`](crate::tables::Eye::on_board): a space of
    /// more than eight points, or one that is not an eye of the tables.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_eye::space::EyeSpaces;
    /// use go_eye::tables::{EyeStatus, Stones};
    /// // Black's square four in the corner, a dead white stone in it.
    /// let board = Board::from_diagram(
    ///     ". O X . .
    ///      . . X . .
    ///      X X X . .",
    /// )?;
    /// let spaces = EyeSpaces::new(&board);
    /// let space = spaces.at("A3".parse()?).unwrap();
    /// let (eye, frame) = space.eye(board.geometry())?;
    /// assert_eq!(eye.size(), 4);
    /// assert_eq!(frame.point(frame.cell("A3".parse()?).unwrap()), "A3".parse()?);
    /// let white = Stones::enemy(frame.cells(&space.dead_stones()));
    /// assert_eq!(eye.analyse(&white, 4)?.status, EyeStatus::Nakade);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn eye(
        &self,
        geometry: &Geometry,
    ) -> Result<(crate::tables::Eye, crate::tables::BoardFrame), crate::tables::EyeError> {
        crate::tables::Eye::on_board(geometry, &self.points)
    }

    /// The space as an eye graph, with the board point of each graph point.
    /// Each half eye adds its key point as a marginal point next to it.
    ///
    /// ```
    /// use go_board::Board;
    /// use go_eye::space::EyeSpaces;
    /// let board = Board::from_diagram(". . X .\nX X X .\n. . . .")?;
    /// let (graph, points) = EyeSpaces::new(&board).at("A3".parse()?).unwrap().graph().unwrap();
    /// assert_eq!((graph.len(), points.len()), (2, 2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`EyeGraphError::TooLarge`] when the space has more than
    /// [`MAX_GRAPH_POINTS`] points with its half-eye keys.
    pub fn graph(&self) -> Result<(EyeGraph, Vec<Point>), EyeGraphError> {
        self.graph_with(true)
    }

    /// The graph, with the keys of ko half eyes (`ko_keys`) or without them
    /// (the owner having won those kos).
    fn graph_with(&self, ko_keys: bool) -> Result<(EyeGraph, Vec<Point>), EyeGraphError> {
        let half_eyes: Vec<HalfEye> = self
            .half_eyes
            .iter()
            .copied()
            .filter(|h| ko_keys || !h.ko)
            .collect();
        // False eyes are the owner's: as if already filled.
        let open = (self.points - self.false_eyes) | self.inner;
        let enemy = (self.enemy - self.taken) & open;
        // An enemy block with no liberty inside keeps one outside: the
        // owner captures it by a move there (a point of the graph).
        let empty = open - enemy - self.inner;
        let captures: Vec<(PointSet, Point)> = self
            .escapes
            .iter()
            .map(|&(block, lib)| (block & enemy, lib))
            .filter(|(block, _)| {
                !block.is_empty()
                    && !block
                        .iter()
                        .any(|q| q.neighbours().iter().any(|n| empty.contains(*n)))
            })
            .collect();
        let mut nodes: Vec<Point> = open.iter().collect();
        for &(_, lib) in &captures {
            if !nodes.contains(&lib) {
                nodes.push(lib);
            }
        }
        for h in &half_eyes {
            if !nodes.contains(&h.key) {
                nodes.push(h.key);
            }
        }
        if nodes.len() > MAX_GRAPH_POINTS {
            return Err(EyeGraphError::TooLarge(nodes.len()));
        }
        let index = |p: Point| nodes.iter().position(|&q| q == p);
        let mut adjacent = vec![0u16; nodes.len()];
        let (mut wall, mut marginal, mut enemy_bits, mut own_bits) = (0u16, 0u16, 0u16, 0u16);
        let mut shut = 0u16;
        let link = |adjacent: &mut Vec<u16>, i: usize, j: usize| {
            if i != j {
                adjacent[i] |= 1 << j;
                adjacent[j] |= 1 << i;
            }
        };
        for (i, &p) in nodes.iter().enumerate() {
            let bit = 1u16 << i;
            if open.contains(p) {
                for q in p.neighbours() {
                    if let Some(j) = index(q).filter(|&j| open.contains(nodes[j])) {
                        link(&mut adjacent, i, j);
                    }
                }
                let by_false_eye = p.neighbours().iter().any(|q| self.false_eyes.contains(*q));
                if self.wall.contains(p) || by_false_eye {
                    wall |= bit;
                }
                if self.marginal.contains(p) {
                    marginal |= bit;
                }
                if self.shut.contains(p) {
                    shut |= bit;
                }
                if enemy.contains(p) {
                    enemy_bits |= bit;
                }
                if self.inner.contains(p) {
                    own_bits |= bit;
                }
            } else if let Some(&(block, _)) = captures.iter().find(|&&(_, lib)| lib == p) {
                // The outside liberty of a dead block: an owner stone there
                // joins the wall; an enemy stone there gains nothing.
                wall |= bit;
                for q in block {
                    if let Some(j) = index(q) {
                        link(&mut adjacent, i, j);
                    }
                }
            } else {
                // A half eye's key point: marginal.
                wall |= bit;
                marginal |= bit;
            }
        }
        for h in &half_eyes {
            if let (Some(i), Some(j)) = (index(h.point), index(h.key)) {
                link(&mut adjacent, i, j);
            }
        }
        let liberties = self
            .outside_liberties
            .min(usize::from(game::OUTSIDE_LIBERTIES)) as u8;
        let graph = EyeGraph::new(&adjacent, wall, marginal, enemy_bits)?
            .with_owner_stones(own_bits)
            .with_shut_margins(shut)
            .with_outside_liberties(liberties);
        Ok((graph, nodes))
    }

    /// The number of eyes with each side moving first, and the vital
    /// points; exact when the space's local game is solved, else a
    /// size-based estimate (GNU Go's: more than three points beyond twice
    /// the margins is two eyes, more than none one, else none).
    ///
    /// ```
    /// use go_board::Board;
    /// use go_eye::space::EyeSpaces;
    /// let board = Board::from_diagram(". . X .\nX X X .\n. . . .")?;
    /// let value = EyeSpaces::new(&board).at("A3".parse()?).unwrap().value();
    /// assert_eq!((value.min, value.max, value.exact), (1, 1, true));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn value(&self) -> EyeSpaceValue {
        if let Some(v) = self.exact_value() {
            return v;
        }
        let effective = self.points.len() as i64 - 2 * self.marginal.len() as i64;
        let eyes = match effective {
            e if e > 3 => 2,
            e if e > 0 => 1,
            _ => 0,
        };
        EyeSpaceValue {
            min: eyes,
            max: eyes,
            attack: None,
            defence: None,
            exact: false,
        }
    }
}

/// The owner's sure capture of a dead enemy stone `p` on a false eye of the
/// space `comp`, when it is due: `p` is a single stone in atari, shut in
/// by the owner's stones but for its last liberty `L` in the space, and
/// `L` is a dead end for the enemy — no empty neighbour, every enemy block
/// next to it in atari there — so an enemy stone on `L` would be suicide
/// now and forever, while the owner's stone there captures those blocks.
/// The enemy can neither stop nor answer that move, and the owner must
/// play it in time: the stone on the margin cuts the owner's stones
/// apart. So the space is valued as after it: `p` and `L` filled by the
/// owner (`p` is a false eye), the other captured blocks empty.
/// Returns `L` and the captured stones.
fn sure_capture(board: &Board, comp: PointSet, p: Point) -> Option<(Point, PointSet)> {
    let geo = board.geometry();
    let owner = board.color_at(p)?.opposite();
    let liberty = board.the_liberty(p)?;
    let shut = board.num_stones(p) == 1
        && comp.contains(liberty)
        && geo
            .neighbours(p)
            .all(|q| q == liberty || board.color_at(q) == Some(owner));
    if !shut {
        return None;
    }
    let mut captured = PointSet::new();
    for q in geo.neighbours(liberty) {
        match board.color_at(q) {
            None => return None,
            Some(c) if c == owner => {}
            Some(_) => {
                if board.num_liberties(q) != 1 || !comp.contains(q) {
                    return None;
                }
                captured |= board.stones(q);
            }
        }
    }
    captured.remove(p);
    Some((liberty, captured))
}

/// Every eye space on a board, of both colours.
///
/// ```
/// use go_board::{Board, Color};
/// use go_eye::space::EyeSpaces;
/// let board = Board::from_diagram(
///     ". X . X O .
///      X X X X O .
///      O O O O O .",
/// )?;
/// let spaces = EyeSpaces::new(&board);
/// assert_eq!(spaces.of(Color::Black).len(), 2);
/// assert!(spaces.at("A3".parse()?).is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EyeSpaces {
    black: Vec<EyeSpace>,
    white: Vec<EyeSpace>,
    lively: PointSet,
}

impl EyeSpaces {
    /// Finds the eye spaces of both colours.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_eye::space::EyeSpaces;
    /// let spaces = EyeSpaces::new(&Board::new(9)?);
    /// assert!(spaces.of(Color::White).is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn new(board: &Board) -> EyeSpaces {
        let geo = board.geometry();
        let mut reader = Reader::new(board);
        let lively = lively_stones(&mut reader);
        let domains = domains(board, &mut reader, lively);
        let eye = eye_points(board, lively, &domains);
        let mut out = EyeSpaces {
            black: Vec::new(),
            white: Vec::new(),
            lively,
        };
        for color in [Color::Black, Color::White] {
            let own = *board.stones_of(color) & lively;
            let enemy_stones = *board.stones_of(color.opposite());
            let mut marginal = eye.marginal[color];
            let mut spaces = Vec::new();
            for found in components(board, eye.points[color], marginal) {
                let mut comp = found;
                // Enemy blocks the owner's captures put in atari, and their
                // ways out (margins, shut when no owner stone is next to
                // them: an owner stone there joins no wall).
                let mut shut = PointSet::new();
                for f in forcing_captures(board, color, comp, eye.points[color] - found, lively) {
                    comp |= f.block;
                    comp.insert(f.capture);
                    comp.insert(f.way_out);
                    marginal.insert(f.way_out);
                    shut.insert(f.way_out);
                }
                shut = shut
                    .iter()
                    .filter(|&m| geo.neighbours(m).all(|q| board.color_at(q) != Some(color)))
                    .collect();
                let mut half_eyes = Vec::new();
                let mut false_eyes = PointSet::new();
                let mut false_points = PointSet::new();
                // Topology as found: an enemy block taken in for a forcing
                // capture still bounds the points next to it.
                for p in found - marginal {
                    let inside = geo.neighbours(p).filter(|&q| found.contains(q)).count();
                    if inside > 1 {
                        continue;
                    }
                    let t = topology(board, &mut reader, color, p, found);
                    if t.sum >= 16 {
                        false_points.insert(p);
                        // A false eye the enemy can reach is a marginal
                        // point; one it cannot is the owner's to fill.
                        let enemy = color.opposite();
                        if comp.len() == 1
                            || board.color_at(p) == Some(enemy)
                            || board.is_legal(enemy, p)
                        {
                            marginal.insert(p);
                        } else {
                            false_eyes.insert(p);
                        }
                    } else if t.sum > 8 {
                        if let Some(key) = t.key {
                            half_eyes.push(HalfEye {
                                point: p,
                                key,
                                ko: t.ko,
                            });
                        }
                    }
                }
                // Dead stones shut in on false eyes: the owner's capture of
                // them is sure and due; value the space after it.
                let mut taken = PointSet::new();
                for p in false_points & enemy_stones {
                    if let Some((liberty, captured)) = sure_capture(board, comp, p) {
                        false_eyes.insert(p);
                        false_eyes.insert(liberty);
                        taken |= captured;
                    }
                }
                marginal -= false_eyes;
                // Owner blocks all of whose neighbours are in the space are
                // inside it, not part of the surrounding wall.
                let mut inner = PointSet::new();
                for p in comp.border(geo) & own {
                    if inner.contains(p) {
                        continue;
                    }
                    let block = board.stones(p);
                    if block.border(geo).is_subset(&comp) {
                        inner |= block;
                    }
                }
                let mut escapes = Vec::new();
                let mut seen = PointSet::new();
                for p in comp & enemy_stones {
                    if seen.contains(p) {
                        continue;
                    }
                    let block = board.stones(p);
                    seen |= block;
                    if let Some(lib) = (board.liberties(p) - comp).first() {
                        escapes.push((block, lib));
                    }
                }
                let mut outside = PointSet::new();
                for p in comp.border(geo) & (own - inner) {
                    outside |= board.liberties(p);
                }
                spaces.push(EyeSpace {
                    color,
                    points: comp,
                    marginal: comp & marginal,
                    enemy: comp & enemy_stones,
                    wall: comp & (own - inner).border(geo),
                    inner,
                    false_eyes,
                    half_eyes,
                    escapes,
                    outside_liberties: (outside - comp).len(),
                    taken,
                    shut,
                });
            }
            match color {
                Color::Black => out.black = spaces,
                Color::White => out.white = spaces,
            }
        }
        out
    }

    /// The eye spaces of `color`.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// use go_eye::space::EyeSpaces;
    /// // Black's three stones in the corner are dead: their area is
    /// // White's, and so is the open board.
    /// let board = Board::from_diagram(". X O . .\nX X O . .\nO O O . .\n. . . . .")?;
    /// let spaces = EyeSpaces::new(&board);
    /// assert_eq!(spaces.of(Color::White).len(), 2);
    /// assert!(spaces.of(Color::Black).is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn of(&self, color: Color) -> &[EyeSpace] {
        match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }

    /// The eye space containing `p`: Black's if there is one, else
    /// White's (as GNU Go's `eval_eye` looks them up).
    ///
    /// ```
    /// use go_board::Board;
    /// use go_eye::space::EyeSpaces;
    /// let board = Board::from_diagram(". X O . .\nX X O . .\nO O O . .\n. . . . .")?;
    /// let spaces = EyeSpaces::new(&board);
    /// assert_eq!(spaces.at("A4".parse()?).unwrap().dead_stones().len(), 3);
    /// assert!(spaces.at("C3".parse()?).is_none()); // a live stone
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn at(&self, p: Point) -> Option<&EyeSpace> {
        self.black
            .iter()
            .chain(&self.white)
            .find(|s| s.points.contains(p))
    }

    /// The stones judged lively (not captured whatever their owner does).
    ///
    /// ```
    /// use go_board::Board;
    /// use go_eye::space::EyeSpaces;
    /// let board = Board::from_diagram(". X O . .\nX X O . .\nO O O . .\n. . . . .")?;
    /// let spaces = EyeSpaces::new(&board);
    /// assert!(!spaces.lively_stones().contains("B3".parse()?));
    /// assert!(spaces.lively_stones().contains("C3".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn lively_stones(&self) -> PointSet {
        self.lively
    }
}
