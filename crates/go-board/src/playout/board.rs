//! The playout board itself: stones, blocks with packed pseudo-liberties,
//! captures and simple ko, on compact per-size arrays.

use crate::board::{Ko, MoveInfo};
use crate::color::{ByColor, Color};
use crate::error::PlayError;
use crate::geometry::{Geometry, SizeError};
use crate::point::Point;
use crate::point_set::PointSet;

use super::kernel::{self, SUM_MASK, is_single_lib, lib_count, pack};
use super::layout::Layout;

/// Cell codes. `BLACK ^ 3 == WHITE`, so `own ^ 3` is the enemy.
pub(super) const EMPTY: u8 = 0;
pub(super) const BLACK: u8 = 1;
pub(super) const WHITE: u8 = 2;
pub(super) const BORDER: u8 = 3;

#[inline]
pub(super) const fn cell_of(c: Color) -> u8 {
    match c {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

#[inline]
pub(super) const fn color_of_cell(cell: u8) -> Option<Color> {
    match cell {
        BLACK => Some(Color::Black),
        WHITE => Some(Color::White),
        _ => None,
    }
}

/// What the board keeps per index besides the cell code.
///
/// `root` is 0 (a border index whose node is a scratch sink) for empty and
/// border points, so the hot loop may subtract from `nodes[root].libs`
/// without asking what the neighbour is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Node {
    /// Packed pseudo-liberties (valid at roots).
    pub(super) libs: u64,
    /// Root stone of this stone's block.
    pub(super) root: u16,
    /// Next stone of the same block (a cycle through the block).
    pub(super) next: u16,
    /// Number of stones (valid at roots).
    pub(super) size: u16,
    /// Position of this empty point in the empty list.
    pub(super) empty_pos: u16,
}

/// The scratch node that absorbs updates aimed at empty or border points.
pub(super) const SINK: usize = 0;

/// A lean Go board for Monte-Carlo playouts: no undo history, no hashing,
/// compact arrays, exact legality.
///
/// It plays by the search [`Board`](crate::Board)'s default rules —
/// captures, simple ko, suicide illegal — and agrees with it move by move
/// (a differential test plays random games through both, thousands in its
/// long form, comparing everything after every move). Blocks
/// keep pseudo-liberties with an exact atari test rather than liberty
/// sets, which is all legality needs; exact liberty counts are available
/// on demand ([`num_liberties`](PlayoutBoard::num_liberties)). Superko and
/// allowed suicide are not supported: a board built from a `Board` with
/// those rules plays simple ko without suicide.
///
/// Memory ([`memory_bytes`](PlayoutBoard::memory_bytes)): a 112-byte
/// struct whose arrays live on the heap, sized for the actual board
/// (`(height + 2) × (width + 1) + 1` indices of 17 bytes, plus 2 bytes per
/// point): 7,991 bytes in all for 19×19, 2,161 for 9×9.
/// [`copy_from`](PlayoutBoard::copy_from) reuses a board's arrays, so
/// running many playouts from one root allocates nothing.
///
/// ```
/// use go_board::{Color, PlayoutBoard, Point};
/// let mut board = PlayoutBoard::new(9)?;
/// board.play(Color::Black, "E5".parse()?)?;
/// board.play(Color::White, "E6".parse()?)?;
/// assert_eq!(board.color_at("E5".parse()?), Some(Color::Black));
/// assert_eq!(board.num_liberties("E6".parse()?), 3);
/// assert_eq!(board.to_play(), Color::Black);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct PlayoutBoard {
    pub(super) layout: &'static Layout,
    pub(super) stride: usize,
    /// Cell code per index.
    pub(super) cells: Vec<u8>,
    /// Block and empty-list data per index.
    pub(super) nodes: Vec<Node>,
    /// The empty points, in no particular order.
    pub(super) empties: Vec<u16>,
    pub(super) to_play: Color,
    /// The ko point (0, a border index, when there is none).
    pub(super) ko_point: u16,
    /// The colour that may not retake at `ko_point`.
    pub(super) ko_banned: u8,
    pub(super) captures: ByColor<u32>,
    pub(super) passes: u32,
    pub(super) num_moves: u32,
    /// Index of the last stone played (0, a border index, after a pass or
    /// at the start).
    pub(super) last: u16,
}

impl Clone for PlayoutBoard {
    fn clone(&self) -> PlayoutBoard {
        PlayoutBoard {
            layout: self.layout,
            stride: self.stride,
            cells: self.cells.clone(),
            nodes: self.nodes.clone(),
            empties: self.empties.clone(),
            to_play: self.to_play,
            ko_point: self.ko_point,
            ko_banned: self.ko_banned,
            captures: self.captures,
            passes: self.passes,
            num_moves: self.num_moves,
            last: self.last,
        }
    }

    /// Copies into the existing arrays: no allocation when the sizes agree
    /// (the derived `clone_from` would allocate three new vectors).
    fn clone_from(&mut self, other: &PlayoutBoard) {
        self.layout = other.layout;
        self.stride = other.stride;
        self.cells.clone_from(&other.cells);
        self.nodes.clone_from(&other.nodes);
        self.empties.clone_from(&other.empties);
        self.to_play = other.to_play;
        self.ko_point = other.ko_point;
        self.ko_banned = other.ko_banned;
        self.captures = other.captures;
        self.passes = other.passes;
        self.num_moves = other.num_moves;
        self.last = other.last;
    }
}

impl PlayoutBoard {
    /// An empty square board of side `size` (2..=25), Black to play.
    ///
    /// ```
    /// use go_board::PlayoutBoard;
    /// assert_eq!(PlayoutBoard::new(19)?.num_empty(), 361);
    /// assert!(PlayoutBoard::new(1).is_err());
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    pub fn new(size: usize) -> Result<PlayoutBoard, SizeError> {
        Ok(PlayoutBoard::with_geometry(Geometry::square(size)?))
    }

    /// An empty board of any geometry, Black to play.
    ///
    /// ```
    /// use go_board::{Geometry, PlayoutBoard};
    /// let board = PlayoutBoard::with_geometry(Geometry::new(7, 5)?);
    /// assert_eq!(board.num_empty(), 35);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn with_geometry(geo: &'static Geometry) -> PlayoutBoard {
        let layout = Layout::of(geo);
        let len = layout.len;
        let mut cells = vec![BORDER; len];
        for &i in &layout.points {
            cells[usize::from(i)] = EMPTY;
        }
        let mut board = PlayoutBoard {
            layout,
            stride: layout.stride,
            cells,
            nodes: vec![Node::default(); len],
            empties: Vec::with_capacity(layout.points.len()),
            to_play: Color::Black,
            ko_point: 0,
            ko_banned: EMPTY,
            captures: ByColor::default(),
            passes: 0,
            num_moves: 0,
            last: 0,
        };
        board.rebuild();
        board
    }

    /// Makes `self` a copy of `other` without allocating when both have the
    /// same geometry (use it to restart playouts from a root position).
    ///
    /// ```
    /// use go_board::{Color, PlayoutBoard};
    /// let root = PlayoutBoard::new(9)?;
    /// let mut board = root.clone();
    /// board.play(Color::Black, "C3".parse()?)?;
    /// board.copy_from(&root);
    /// assert_eq!(board.num_empty(), 81);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn copy_from(&mut self, other: &PlayoutBoard) {
        self.clone_from(other);
    }

    /// Bytes used by the board: the struct and its arrays.
    ///
    /// ```
    /// use go_board::PlayoutBoard;
    /// assert!(PlayoutBoard::new(19)?.memory_bytes() < 8 * 1024);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn memory_bytes(&self) -> usize {
        std::mem::size_of::<PlayoutBoard>()
            + self.cells.capacity()
            + self.nodes.capacity() * std::mem::size_of::<Node>()
            + self.empties.capacity() * std::mem::size_of::<u16>()
    }

    /// Recomputes blocks, pseudo-liberties and the empty list from `cells`.
    pub(super) fn rebuild(&mut self) {
        let s = self.stride;
        self.empties.clear();
        let mut seen = vec![false; self.cells.len()];
        let mut stack: Vec<usize> = Vec::new();
        for &p in &self.layout.points {
            let p = usize::from(p);
            let c = self.cells[p];
            if c == EMPTY {
                self.nodes[p].root = SINK as u16;
                self.nodes[p].empty_pos = self.empties.len() as u16;
                self.empties.push(p as u16);
                continue;
            }
            if seen[p] {
                continue;
            }
            // Flood the block from p, threading the stone cycle.
            seen[p] = true;
            stack.push(p);
            let mut last = p;
            let mut size = 0u16;
            let mut libs = 0u64;
            while let Some(x) = stack.pop() {
                self.nodes[x].root = p as u16;
                self.nodes[last].next = x as u16;
                last = x;
                size += 1;
                for q in [x + 1, x - 1, x + s, x - s] {
                    let qc = self.cells[q];
                    if qc == EMPTY {
                        libs += pack(q);
                    } else if qc == c && !seen[q] {
                        seen[q] = true;
                        stack.push(q);
                    }
                }
            }
            self.nodes[last].next = p as u16;
            self.nodes[p].size = size;
            self.nodes[p].libs = libs;
        }
    }

    // ----- Queries --------------------------------------------------------

    /// The board's geometry.
    ///
    /// ```
    /// use go_board::PlayoutBoard;
    /// assert_eq!(PlayoutBoard::new(9)?.geometry().num_points(), 81);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn geometry(&self) -> &'static Geometry {
        self.layout.geo
    }

    /// The compact index of `p`, or `None` when `p` is off the board.
    #[inline]
    pub(super) fn index_of(&self, p: Point) -> Option<usize> {
        if self.layout.geo.contains(p) {
            Some(self.layout.index(p))
        } else {
            None
        }
    }

    /// The colour to move next.
    ///
    /// ```
    /// use go_board::{Color, PlayoutBoard};
    /// assert_eq!(PlayoutBoard::new(9)?.to_play(), Color::Black);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn to_play(&self) -> Color {
        self.to_play
    }

    /// Sets the colour to move next. The ko ban stays.
    ///
    /// ```
    /// use go_board::{Color, PlayoutBoard};
    /// let mut board = PlayoutBoard::new(9)?;
    /// board.set_to_play(Color::White);
    /// assert_eq!(board.to_play(), Color::White);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    pub fn set_to_play(&mut self, color: Color) {
        self.to_play = color;
    }

    /// The stone at `p`, if any (`None` also off the board).
    ///
    /// ```
    /// use go_board::{Color, PlayoutBoard, Point};
    /// let mut board = PlayoutBoard::new(9)?;
    /// board.play(Color::White, Point::new(2, 2))?;
    /// assert_eq!(board.color_at(Point::new(2, 2)), Some(Color::White));
    /// assert_eq!(board.color_at(Point::new(20, 2)), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn color_at(&self, p: Point) -> Option<Color> {
        self.index_of(p).and_then(|i| color_of_cell(self.cells[i]))
    }

    /// Whether `p` is an empty point of the board.
    ///
    /// ```
    /// use go_board::{PlayoutBoard, Point};
    /// let board = PlayoutBoard::new(9)?;
    /// assert!(board.is_empty(Point::new(8, 8)));
    /// assert!(!board.is_empty(Point::new(9, 9)));
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn is_empty(&self, p: Point) -> bool {
        self.index_of(p).is_some_and(|i| self.cells[i] == EMPTY)
    }

    /// Number of empty points.
    ///
    /// ```
    /// use go_board::PlayoutBoard;
    /// assert_eq!(PlayoutBoard::new(9)?.num_empty(), 81);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn num_empty(&self) -> usize {
        self.empties.len()
    }

    /// The empty points.
    ///
    /// ```
    /// use go_board::{Color, PlayoutBoard, Point};
    /// let mut board = PlayoutBoard::new(9)?;
    /// board.play(Color::Black, Point::new(0, 0))?;
    /// assert!(!board.empty_points().contains(Point::new(0, 0)));
    /// assert_eq!(board.empty_points().len(), 80);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn empty_points(&self) -> PointSet {
        self.empties
            .iter()
            .map(|&i| self.layout.point(usize::from(i)))
            .collect()
    }

    /// All stones of `color`.
    ///
    /// ```
    /// use go_board::{Color, PlayoutBoard, Point};
    /// let mut board = PlayoutBoard::new(9)?;
    /// board.play(Color::Black, Point::new(4, 4))?;
    /// assert_eq!(board.stones_of(Color::Black).len(), 1);
    /// assert!(board.stones_of(Color::White).is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn stones_of(&self, color: Color) -> PointSet {
        let cell = cell_of(color);
        self.layout
            .points
            .iter()
            .filter(|&&i| self.cells[usize::from(i)] == cell)
            .map(|&i| self.layout.point(usize::from(i)))
            .collect()
    }

    /// Stones captured so far *by* `color`.
    ///
    /// ```
    /// use go_board::{Color, PlayoutBoard};
    /// assert_eq!(PlayoutBoard::new(9)?.captures(Color::White), 0);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn captures(&self, color: Color) -> u32 {
        self.captures[color]
    }

    /// The current ko ban, if the last move took a ko.
    ///
    /// ```
    /// use go_board::{Board, Color, PlayoutBoard};
    /// let board = Board::from_diagram(
    ///     ". X O .
    ///      X O . O
    ///      . X O .
    ///      . . . .",
    /// )?;
    /// let mut board = PlayoutBoard::from(&board);
    /// board.play(Color::Black, "C3".parse()?)?;
    /// assert_eq!(board.ko().unwrap().point.to_string(), "B3");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn ko(&self) -> Option<Ko> {
        color_of_cell(self.ko_banned)
            .filter(|_| self.ko_point != 0)
            .map(|banned| Ko {
                point: self.layout.point(usize::from(self.ko_point)),
                banned,
            })
    }

    /// Number of passes in a row at the end of the move sequence.
    ///
    /// ```
    /// use go_board::PlayoutBoard;
    /// let mut board = PlayoutBoard::new(9)?;
    /// board.pass();
    /// assert_eq!(board.consecutive_passes(), 1);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn consecutive_passes(&self) -> u32 {
        self.passes
    }

    /// Number of moves (passes included) played on this board since it was
    /// made.
    ///
    /// ```
    /// use go_board::{Color, PlayoutBoard, Point};
    /// let mut board = PlayoutBoard::new(9)?;
    /// board.play(Color::Black, Point::new(0, 0))?;
    /// board.pass();
    /// assert_eq!(board.num_moves(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn num_moves(&self) -> u32 {
        self.num_moves
    }

    /// The root index of the block at `p`, if `p` holds a stone.
    fn root_of(&self, p: Point) -> Option<usize> {
        let i = self.index_of(p)?;
        color_of_cell(self.cells[i])?;
        Some(usize::from(self.nodes[i].root))
    }

    /// Whether the block at `p` has exactly one liberty (exact, O(1)).
    ///
    /// ```
    /// use go_board::{Board, PlayoutBoard};
    /// let board = PlayoutBoard::from(&Board::from_diagram("X X O\n. . .")?);
    /// assert!(board.in_atari("C2".parse()?));
    /// assert!(!board.in_atari("A2".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn in_atari(&self, p: Point) -> bool {
        self.root_of(p).is_some_and(|r| {
            let l = self.nodes[r].libs;
            lib_count(l) > 0 && is_single_lib(l)
        })
    }

    /// The only liberty of the block at `p`, if it has exactly one.
    ///
    /// ```
    /// use go_board::{Board, PlayoutBoard};
    /// let board = PlayoutBoard::from(&Board::from_diagram("X O\n. .")?);
    /// assert_eq!(board.the_liberty("B2".parse()?), Some("B1".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn the_liberty(&self, p: Point) -> Option<Point> {
        let r = self.root_of(p)?;
        let l = self.nodes[r].libs;
        let count = lib_count(l);
        if count > 0 && is_single_lib(l) {
            let sum = (l >> 12) & SUM_MASK;
            Some(self.layout.point((sum / count) as usize))
        } else {
            None
        }
    }

    /// The number of pseudo-liberties of the block at `p`: (stone, empty
    /// neighbour) pairs, an empty point counted once per adjacent stone.
    /// An upper bound of the liberty count, in O(1).
    ///
    /// ```
    /// use go_board::{Board, PlayoutBoard};
    /// let board = PlayoutBoard::from(&Board::from_diagram("X X\n. .")?);
    /// assert_eq!(board.pseudo_liberties("A2".parse()?), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn pseudo_liberties(&self, p: Point) -> usize {
        self.root_of(p)
            .map_or(0, |r| lib_count(self.nodes[r].libs) as usize)
    }

    /// Calls `f` with the index of every stone of the block with root `r`.
    pub(super) fn for_each_stone(&self, r: usize, mut f: impl FnMut(usize)) {
        let mut x = r;
        loop {
            f(x);
            x = usize::from(self.nodes[x].next);
            if x == r {
                break;
            }
        }
    }

    /// The stones of the block at `p` (empty if `p` is empty).
    ///
    /// ```
    /// use go_board::{Board, PlayoutBoard};
    /// let board = PlayoutBoard::from(&Board::from_diagram("X X\n. X")?);
    /// assert_eq!(board.stones("A2".parse()?).len(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn stones(&self, p: Point) -> PointSet {
        let mut set = PointSet::new();
        if let Some(r) = self.root_of(p) {
            self.for_each_stone(r, |x| {
                set.insert(self.layout.point(x));
            });
        }
        set
    }

    /// The exact liberties of the block at `p` (empty if `p` is empty);
    /// walks the block.
    ///
    /// ```
    /// use go_board::{Board, PlayoutBoard};
    /// let board = PlayoutBoard::from(&Board::from_diagram("X X\n. .")?);
    /// assert_eq!(board.liberties("A2".parse()?).len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn liberties(&self, p: Point) -> PointSet {
        let mut set = PointSet::new();
        if let Some(r) = self.root_of(p) {
            let s = self.stride;
            self.for_each_stone(r, |x| {
                for q in [x + 1, x - 1, x + s, x - s] {
                    if self.cells[q] == EMPTY {
                        set.insert(self.layout.point(q));
                    }
                }
            });
        }
        set
    }

    /// The exact number of liberties of the block at `p` (0 if empty);
    /// walks the block.
    ///
    /// ```
    /// use go_board::{Board, PlayoutBoard};
    /// let board = PlayoutBoard::from(&Board::from_diagram("X X\n. .")?);
    /// assert_eq!(board.num_liberties("B2".parse()?), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn num_liberties(&self, p: Point) -> usize {
        self.liberties(p).len()
    }

    // ----- Legality -------------------------------------------------------

    /// Whether the empty point `i` is legal for `own`.
    pub(super) fn is_legal_at(&self, own: u8, i: usize) -> bool {
        let s = self.stride;
        if kernel::neighbour_mask(&self.cells, s, i) & (1 << EMPTY) != 0 {
            // A liberty of its own; the ko point never has one.
            return true;
        }
        if i == usize::from(self.ko_point) && own == self.ko_banned {
            return false;
        }
        kernel::is_legal_crowded(&self.cells, &self.nodes, s, own, i)
    }

    /// Checks a move without playing it.
    ///
    /// ```
    /// use go_board::{Board, Color, PlayError, PlayoutBoard};
    /// let board = PlayoutBoard::from(&Board::from_diagram(". X\nX .")?);
    /// let a2 = "A2".parse()?;
    /// assert_eq!(board.check_move(Color::White, a2), Err(PlayError::Suicide(a2)));
    /// assert!(board.check_move(Color::Black, a2).is_ok());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check_move(&self, color: Color, p: Point) -> Result<(), PlayError> {
        let i = self.index_of(p).ok_or(PlayError::OffBoard(p))?;
        if self.cells[i] != EMPTY {
            return Err(PlayError::Occupied(p));
        }
        let own = cell_of(color);
        if i == usize::from(self.ko_point) && own == self.ko_banned {
            return Err(PlayError::Ko(p));
        }
        if self.is_legal_at(own, i) {
            Ok(())
        } else {
            Err(PlayError::Suicide(p))
        }
    }

    /// Whether `color` may play at `p`.
    ///
    /// ```
    /// use go_board::{Color, PlayoutBoard, Point};
    /// let board = PlayoutBoard::new(9)?;
    /// assert!(board.is_legal(Color::Black, Point::new(4, 4)));
    /// assert!(!board.is_legal(Color::Black, Point::new(9, 9)));
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn is_legal(&self, color: Color, p: Point) -> bool {
        self.check_move(color, p).is_ok()
    }

    // ----- Playing --------------------------------------------------------

    /// Plays a stone of `color` at `p` (any colour, as GTP's `play`; the
    /// opponent moves next), or returns why it is illegal and leaves the
    /// board unchanged.
    ///
    /// ```
    /// use go_board::{Board, Color, PlayError, PlayoutBoard};
    /// let mut board = PlayoutBoard::from(&Board::from_diagram(
    ///     ". X O .
    ///      X O . O
    ///      . X O .",
    /// )?);
    /// let info = board.play(Color::Black, "C2".parse()?)?;
    /// assert_eq!(info.captured, 1);
    /// let b2 = "B2".parse()?;
    /// assert_eq!(board.play(Color::White, b2), Err(PlayError::Ko(b2)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&mut self, color: Color, p: Point) -> Result<MoveInfo, PlayError> {
        self.check_move(color, p)?;
        let i = self.layout.index(p);
        let captured = self.place(cell_of(color), i);
        Ok(MoveInfo {
            captured,
            suicided: 0,
            ko: self.ko(),
        })
    }

    /// The side to move passes; any ko ban ends.
    ///
    /// ```
    /// use go_board::{Color, PlayoutBoard};
    /// let mut board = PlayoutBoard::new(9)?;
    /// board.pass();
    /// assert_eq!(board.to_play(), Color::White);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    pub fn pass(&mut self) {
        self.ko_point = 0;
        self.last = 0;
        self.to_play = self.to_play.opposite();
        self.passes += 1;
        self.num_moves += 1;
    }

    /// Places a stone of cell code `own` at the empty index `i`, which must
    /// be legal; returns the number of stones captured.
    #[inline(always)]
    pub(super) fn place(&mut self, own: u8, i: usize) -> u32 {
        let placed = kernel::place(
            &mut self.cells,
            &mut self.nodes,
            &mut self.empties,
            self.stride,
            own,
            i,
        );
        self.ko_point = placed.ko;
        self.ko_banned = own ^ 3;
        if let Some(c) = color_of_cell(own) {
            self.captures[c] += placed.captured;
            self.to_play = c.opposite();
        }
        self.passes = 0;
        self.num_moves += 1;
        self.last = i as u16;
        placed.captured
    }
}

impl std::fmt::Display for PlayoutBoard {
    /// A diagram with GTP coordinates: `X` Black, `O` White, `.` empty.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        crate::display::write_diagram(f, self.geometry(), |p| match self.color_at(p) {
            Some(c) => c.diagram_char(),
            None => '.',
        })
    }
}

impl std::fmt::Debug for PlayoutBoard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{self}")
    }
}
