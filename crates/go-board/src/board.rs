//! The search board: incremental blocks with exact liberty sets, captures,
//! ko and superko, Zobrist hashing and exact undo.

use smallvec::SmallVec;

use crate::block::{Block, BlockData, BlockId};
use crate::color::{ByColor, Color};
use crate::error::{InvariantError, PlayError, SetupError};
use crate::geometry::{Geometry, SizeError};
use crate::point::{Move, NUM_INDICES, Point};
use crate::point_set::PointSet;
use crate::rules::{KoRule, Rules, SuicideRule};
use crate::zobrist;

/// Cell codes of the padded array.
pub(crate) const EMPTY: u8 = 0;
pub(crate) const BLACK: u8 = 1;
pub(crate) const WHITE: u8 = 2;
pub(crate) const BORDER: u8 = 3;

#[inline]
pub(crate) const fn cell_of(c: Color) -> u8 {
    match c {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

#[inline]
pub(crate) const fn color_of_cell(cell: u8) -> Option<Color> {
    match cell {
        BLACK => Some(Color::Black),
        WHITE => Some(Color::White),
        _ => None,
    }
}

/// A point where one colour may not play because it would retake a ko.
///
/// ```
/// use go_board::{Board, Color, Point};
/// let mut board = Board::from_diagram(
///     ". X O .
///      X O . O
///      . X O .
///      . . . .",
/// )?;
/// board.play(Color::Black, "C3".parse()?)?;
/// let ko = board.ko().unwrap();
/// assert_eq!(ko.point.to_string(), "B3");
/// assert_eq!(ko.banned, Color::White);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ko {
    /// The point of the captured stone.
    pub point: Point,
    /// The colour that may not play there on the next move.
    pub banned: Color,
}

/// What a move did.
///
/// ```
/// use go_board::{Board, Color};
/// let mut board = Board::from_diagram(
///     ". X .
///      X O X
///      . . .",
/// )?;
/// let info = board.play(Color::Black, "B1".parse()?)?;
/// assert_eq!(info.captured, 1);
/// assert_eq!(info.ko, None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveInfo {
    /// Enemy stones captured by the move.
    pub captured: u32,
    /// Own stones removed by a suicide (only when the rules allow it).
    pub suicided: u32,
    /// The ko the move created, if any.
    pub ko: Option<Ko>,
}

/// How the target block of a move came to exist.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Alloc {
    /// The stone extended its one friendly block; undo reverses the change from
    /// the record's `prev_anchor`, `prev_libs` and `gained` (no snapshot).
    Extended,
    /// The stone joined two or more friendly blocks; the one that absorbed the
    /// others was saved.
    Merged,
    /// A new block took a slot from the free list; its previous data was saved.
    Reused,
    /// A new block was appended to the block arena.
    Appended,
}

/// Below this many block slots, the slots of blocks a move removes (captured,
/// merged into another, suicided) are not reused while the move can be undone, so
/// their data need not be saved: undo finds it intact. Beyond it, such slots go
/// on the free list and a new block that reuses one saves its previous data.
/// (Tests use a tiny limit so that both ways are exercised.)
const ARENA_LIMIT: usize = if cfg!(any(test, feature = "extra-checks")) {
    8
} else {
    1024
};

/// Everything needed to take one move back.
#[derive(Clone, Copy, Debug)]
struct UndoRecord {
    /// The stone played, or `None` for a pass.
    point: Option<Point>,
    color: Color,
    prev_to_play: Color,
    prev_ko: Option<Ko>,
    prev_hash: u64,
    prev_captures: ByColor<u32>,
    prev_passes: u8,
    prev_next: u16,
    target: BlockId,
    alloc: Alloc,
    /// For [`Alloc::Extended`]: the friend's anchor and liberty count before the
    /// move, and the empty neighbours (bits over `Point::neighbours` order) that
    /// became its liberties.
    prev_anchor: Point,
    prev_libs: u16,
    gained: u8,
    /// Entries the move pushed on `undo_ids` (merged blocks).
    num_merged: u8,
    /// The enemy blocks next to the stone, each once (`BlockId::NONE` after the
    /// last), and which of them it captured (bits over that order).
    enemies: [BlockId; 4],
    captured: u8,
    suicide: bool,
}

/// What a move touches: the empty neighbours (its first liberties) and the
/// neighbouring blocks of each colour, each once.
#[derive(Clone, Copy, Debug)]
struct Around {
    /// The empty neighbours, as bits over `Point::neighbours` order.
    empty: u8,
    num_new_libs: u16,
    friends: [BlockId; 4],
    num_friends: usize,
    enemies: [BlockId; 4],
    num_enemies: usize,
    /// Whether the stone would have a liberty: an empty neighbour, a friend
    /// with another liberty, or an enemy in atari it captures.
    breathes: bool,
}

impl Around {
    /// Whether the move would be suicide.
    #[inline]
    fn is_suicide(&self) -> bool {
        !self.breathes
    }
}

/// See [`Board::situation_key`].
type SituationKey = (
    (usize, usize),
    Color,
    Option<Ko>,
    (crate::KoRule, crate::SuicideRule, crate::Scoring, u32),
);

/// A Go board for analysis and search.
///
/// It keeps every block (string) with its exact liberty set, captures,
/// the ko point, a Zobrist hash and an undo stack that restores everything
/// exactly. Rules are options ([`Rules`]): simple ko or superko, suicide
/// allowed or not, komi. An illegal move leaves the board unchanged.
///
/// ```
/// use go_board::{Board, Color, Point};
/// let mut board = Board::new(9)?;
/// board.play(Color::Black, "E5".parse()?)?;
/// board.play(Color::White, "E6".parse()?)?;
/// assert_eq!(board.num_liberties("E5".parse()?), 3);
/// assert_eq!(board.to_play(), Color::Black);
/// board.undo();
/// assert_eq!(board.color_at("E6".parse()?), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Board {
    geo: &'static Geometry,
    rules: Rules,
    cells: [u8; NUM_INDICES],
    block_of: [BlockId; NUM_INDICES],
    next_stone: [u16; NUM_INDICES],
    blocks: Vec<BlockData>,
    /// Slots of removed blocks that new blocks may reuse (see [`ARENA_LIMIT`]).
    free_blocks: Vec<BlockId>,
    stones: ByColor<PointSet>,
    hash: u64,
    ko: Option<Ko>,
    to_play: Color,
    captures: ByColor<u32>,
    move_number: u32,
    passes: u8,
    undo_stack: Vec<UndoRecord>,
    /// Block data before a move: of the block that absorbs the others in a merge,
    /// and of a reused slot (see [`ARENA_LIMIT`]).
    saved: Vec<(BlockId, BlockData)>,
    /// Blocks merged into a move's block.
    undo_ids: Vec<BlockId>,
}

/// Iterator over the stones of one block: see [`Board::block_stones`].
#[derive(Clone, Debug)]
pub struct BlockStones<'a> {
    next_stone: &'a [u16; NUM_INDICES],
    start: u16,
    next: Option<u16>,
}

impl Iterator for BlockStones<'_> {
    type Item = Point;

    #[inline]
    fn next(&mut self) -> Option<Point> {
        let s = self.next?;
        let after = self.next_stone[s as usize];
        self.next = (after != self.start).then_some(after);
        Some(Point::from_raw(s as usize))
    }
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{self}")
    }
}

/// Two boards are equal when they hold the same situation under the same rules: the
/// same geometry, the same stones, the same side to move, the same ko ban
/// ([`ko`](Board::ko)) and the same [`Rules`] (komi compared bit for bit, so that
/// equality stays an equivalence).
///
/// How each board got there is not compared: its undo history, move number, the
/// prisoners each side has taken ([`captures`](Board::captures), which territory
/// scoring adds) and the passes in a row. So a position reached by two move orders, or
/// set up from a diagram, compares equal to itself; under a superko rule, where the
/// history bans moves, equal boards may still differ in their legal moves. [`Hash`]
/// agrees with this equality (it hashes the stones through the Zobrist
/// [`position_hash`](Board::position_hash)), so boards can key a `HashSet` or
/// `HashMap`; the comparison costs two point sets and a few fields.
///
/// ```
/// use go_board::{Board, Color};
/// let mut a = Board::new(9)?;
/// a.play(Color::Black, "C3".parse()?)?;
/// a.play(Color::White, "G7".parse()?)?;
/// let mut b = Board::new(9)?;
/// b.pass(); // White moves first here: another history, the same situation
/// b.play(Color::White, "G7".parse()?)?;
/// b.play(Color::Black, "C3".parse()?)?;
/// assert_ne!(a, b); // Black to move in `a`, White in `b`
/// b.pass_as(Color::White);
/// assert_eq!(a, b);
/// assert_eq!(a.move_number(), 2);
/// assert_eq!(b.move_number(), 4);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.situation_key() == other.situation_key() && self.stones == other.stones
    }
}

impl Eq for Board {}

impl std::hash::Hash for Board {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.situation_key().hash(state);
        // Equal stones have equal Zobrist hashes.
        self.hash.hash(state);
    }
}

impl Default for Board {
    /// An empty 19×19 board with the default rules.
    fn default() -> Board {
        Board::with_geometry(
            Geometry::square(19).expect("19 is a valid size"),
            Rules::default(),
        )
    }
}

impl Board {
    /// An empty square board of side `size` (2..=25) with the default rules
    /// (simple ko, suicide illegal, komi 6.5).
    ///
    /// ```
    /// use go_board::Board;
    /// assert_eq!(Board::new(13)?.size(), 13);
    /// assert!(Board::new(26).is_err());
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    pub fn new(size: usize) -> Result<Board, SizeError> {
        Ok(Board::with_geometry(
            Geometry::square(size)?,
            Rules::default(),
        ))
    }

    /// An empty square board with the given rules.
    ///
    /// ```
    /// use go_board::{Board, Rules};
    /// let board = Board::with_rules(9, Rules::chinese())?;
    /// assert_eq!(board.rules().komi, 7.5);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    pub fn with_rules(size: usize, rules: Rules) -> Result<Board, SizeError> {
        Ok(Board::with_geometry(Geometry::square(size)?, rules))
    }

    /// An empty board of any geometry (rectangular boards too).
    ///
    /// ```
    /// use go_board::{Board, Geometry, Rules};
    /// let board = Board::with_geometry(Geometry::new(7, 5)?, Rules::default());
    /// assert_eq!(board.geometry().num_points(), 35);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn with_geometry(geo: &'static Geometry, rules: Rules) -> Board {
        let mut cells = [BORDER; NUM_INDICES];
        for &p in geo.points() {
            cells[p.index()] = EMPTY;
        }
        Board {
            geo,
            rules,
            cells,
            block_of: [BlockId::NONE; NUM_INDICES],
            next_stone: [0; NUM_INDICES],
            blocks: Vec::new(),
            free_blocks: Vec::new(),
            stones: ByColor::default(),
            hash: 0,
            ko: None,
            to_play: Color::Black,
            captures: ByColor::default(),
            move_number: 0,
            passes: 0,
            undo_stack: Vec::new(),
            saved: Vec::new(),
            undo_ids: Vec::new(),
        }
    }

    /// What equality compares besides the stones: geometry, side to move, ko ban and
    /// rules (komi by its bits).
    fn situation_key(&self) -> SituationKey {
        let rules = self.rules;
        (
            (self.geo.width(), self.geo.height()),
            self.to_play,
            self.ko,
            (rules.ko, rules.suicide, rules.scoring, rules.komi.to_bits()),
        )
    }

    // ----- Basic queries -------------------------------------------------

    /// The board's geometry.
    ///
    /// ```
    /// use go_board::Board;
    /// assert_eq!(Board::new(9)?.geometry().num_points(), 81);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn geometry(&self) -> &'static Geometry {
        self.geo
    }

    /// The board's width (its side, on the usual square boards).
    ///
    /// ```
    /// use go_board::Board;
    /// assert_eq!(Board::new(9)?.size(), 9);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn size(&self) -> usize {
        self.geo.width()
    }

    /// The rules in force.
    ///
    /// ```
    /// use go_board::{Board, KoRule};
    /// assert_eq!(Board::new(9)?.rules().ko, KoRule::Simple);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Changes the rules (komi, ko, suicide, scoring) from now on.
    ///
    /// ```
    /// use go_board::{Board, Rules};
    /// let mut board = Board::new(9)?;
    /// board.set_rules(Rules::default().with_komi(0.5));
    /// assert_eq!(board.rules().komi, 0.5);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    pub fn set_rules(&mut self, rules: Rules) {
        self.rules = rules;
    }

    /// The stone at `p`, if any (`None` also for points off the board).
    ///
    /// ```
    /// use go_board::{Board, Color, Point};
    /// let mut board = Board::new(9)?;
    /// board.play(Color::White, Point::new(2, 2))?;
    /// assert_eq!(board.color_at(Point::new(2, 2)), Some(Color::White));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn color_at(&self, p: Point) -> Option<Color> {
        color_of_cell(self.cells[p.index()])
    }

    /// Whether `p` is an empty point of the board.
    ///
    /// ```
    /// use go_board::{Board, Point};
    /// let board = Board::new(9)?;
    /// assert!(board.is_empty(Point::new(0, 0)));
    /// assert!(!board.is_empty(Point::new(9, 0))); // off the board
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn is_empty(&self, p: Point) -> bool {
        self.cells[p.index()] == EMPTY
    }

    /// All stones of `color`.
    ///
    /// ```
    /// use go_board::{Board, Color, Point};
    /// let mut board = Board::new(9)?;
    /// board.play(Color::Black, Point::new(2, 2))?;
    /// assert_eq!(board.stones_of(Color::Black).len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn stones_of(&self, color: Color) -> &PointSet {
        &self.stones[color]
    }

    /// All empty points of the board.
    ///
    /// ```
    /// use go_board::Board;
    /// assert_eq!(Board::new(9)?.empty_points().len(), 81);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn empty_points(&self) -> PointSet {
        *self.geo.all_points() - self.stones[Color::Black] - self.stones[Color::White]
    }

    /// The colour to move next.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// assert_eq!(Board::new(9)?.to_play(), Color::Black);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn to_play(&self) -> Color {
        self.to_play
    }

    /// Sets the colour to move next (as SGF's `PL` does). The ko ban stays.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// let mut board = Board::new(9)?;
    /// board.set_to_play(Color::White);
    /// assert_eq!(board.to_play(), Color::White);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[inline]
    pub fn set_to_play(&mut self, color: Color) {
        self.to_play = color;
    }

    /// Stones captured so far *by* `color` (suicided stones count for the
    /// opponent).
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// assert_eq!(Board::new(9)?.captures(Color::Black), 0);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn captures(&self, color: Color) -> u32 {
        self.captures[color]
    }

    /// Number of moves (passes included, setup excluded) played since the
    /// start or the last setup.
    ///
    /// ```
    /// use go_board::{Board, Color, Point};
    /// let mut board = Board::new(9)?;
    /// board.play(Color::Black, Point::new(0, 0))?;
    /// board.pass();
    /// assert_eq!(board.move_number(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// Number of passes in a row at the end of the move sequence.
    ///
    /// ```
    /// use go_board::Board;
    /// let mut board = Board::new(9)?;
    /// board.pass();
    /// board.pass();
    /// assert_eq!(board.consecutive_passes(), 2);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn consecutive_passes(&self) -> u32 {
        u32::from(self.passes)
    }

    /// Forgets the passes at the end of the move sequence, so that a search
    /// starting from a finished game (both sides passed) does not see its
    /// first position as already ended. The moves, the ko ban and the side
    /// to move stay; undoing later moves comes back to zero passes.
    ///
    /// ```
    /// use go_board::Board;
    /// let mut board = Board::new(9)?;
    /// board.pass();
    /// board.pass();
    /// board.forget_passes();
    /// assert_eq!(board.consecutive_passes(), 0);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    pub fn forget_passes(&mut self) {
        self.passes = 0;
    }

    /// The current ko ban, if the last move took a ko.
    ///
    /// ```
    /// use go_board::Board;
    /// assert_eq!(Board::new(9)?.ko(), None);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn ko(&self) -> Option<Ko> {
        self.ko
    }

    /// The Zobrist hash of the stones alone (what positional superko
    /// compares).
    ///
    /// ```
    /// use go_board::{Board, Color, Point};
    /// let mut board = Board::new(9)?;
    /// let empty = board.position_hash();
    /// board.play(Color::Black, Point::new(0, 0))?;
    /// assert_ne!(board.position_hash(), empty);
    /// board.undo();
    /// assert_eq!(board.position_hash(), empty);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn position_hash(&self) -> u64 {
        self.hash
    }

    /// The Zobrist hash of the whole situation: stones, side to move and ko
    /// ban. Equal situations have equal hashes; use it for transposition
    /// tables.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// let mut board = Board::new(9)?;
    /// let h = board.hash();
    /// board.set_to_play(Color::White);
    /// assert_ne!(board.hash(), h);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn hash(&self) -> u64 {
        let mut h = self.hash;
        if self.to_play == Color::White {
            h ^= zobrist::white_to_play();
        }
        if let Some(ko) = self.ko {
            h ^= zobrist::ko(ko.point);
        }
        h
    }

    // ----- Blocks ---------------------------------------------------------

    #[inline]
    pub(crate) fn block_id(&self, p: Point) -> Option<BlockId> {
        if color_of_cell(self.cells[p.index()]).is_some() {
            Some(self.block_of[p.index()])
        } else {
            None
        }
    }

    /// The cell code at `p` (`EMPTY`, `BLACK`, `WHITE` or `BORDER`).
    #[inline]
    pub(crate) fn cell(&self, p: Point) -> u8 {
        self.cells[p.index()]
    }

    /// The block id at `p`, meaningful only where `p` holds a stone.
    #[inline]
    pub(crate) fn block_id_of_stone(&self, p: Point) -> BlockId {
        self.block_of[p.index()]
    }

    #[inline]
    pub(crate) fn data(&self, id: BlockId) -> &BlockData {
        &self.blocks[id.index()]
    }

    /// The block at `p`, if `p` holds a stone.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// let board = Board::from_diagram(
    ///     ". . .
    ///      X X .
    ///      . . .",
    /// )?;
    /// let block = board.block("A2".parse()?).unwrap();
    /// assert_eq!(block.color(), Color::Black);
    /// assert_eq!(block.num_stones(), 2);
    /// assert_eq!(block.num_liberties(), 5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn block(&self, p: Point) -> Option<Block<'_>> {
        self.block_id(p).map(|id| Block::new(self, id))
    }

    /// Every block on the board, ordered by anchor.
    ///
    /// ```
    /// use go_board::Board;
    /// let board = Board::from_diagram(
    ///     "X . O
    ///      X . O
    ///      . . .",
    /// )?;
    /// assert_eq!(board.blocks().count(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn blocks(&self) -> impl Iterator<Item = Block<'_>> + '_ {
        let all = self.stones[Color::Black] | self.stones[Color::White];
        all.into_iter()
            .filter(move |&p| self.data(self.block_of[p.index()]).anchor == p)
            .map(move |p| Block::new(self, self.block_of[p.index()]))
    }

    /// The anchor (smallest stone) of the block at `p`; the canonical name
    /// of a block within a position.
    ///
    /// ```
    /// use go_board::{Board, Point};
    /// let board = Board::from_diagram("X X\n. .")?;
    /// assert_eq!(board.anchor("B2".parse()?), Some("A2".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn anchor(&self, p: Point) -> Option<Point> {
        self.block_id(p).map(|id| self.data(id).anchor)
    }

    /// Liberty count of the block at `p` (0 if `p` is empty).
    ///
    /// ```
    /// use go_board::Board;
    /// let board = Board::from_diagram("X .\n. .")?;
    /// assert_eq!(board.num_liberties("A2".parse()?), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn num_liberties(&self, p: Point) -> usize {
        self.block_id(p)
            .map_or(0, |id| usize::from(self.data(id).num_libs))
    }

    /// The liberties of the block at `p` (empty if `p` is empty).
    ///
    /// ```
    /// use go_board::Board;
    /// let board = Board::from_diagram("X .\n. .")?;
    /// let libs = board.liberties("A2".parse()?);
    /// assert!(libs.contains("B2".parse()?) && libs.contains("A1".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn liberties(&self, p: Point) -> PointSet {
        self.block_id(p)
            .map_or_else(PointSet::new, |id| self.data(id).liberties)
    }

    /// The stones of the block at `p`, one by one without building a set
    /// (none if `p` is empty). The order is the board's own: `p` first,
    /// then around the block's internal ring.
    ///
    /// ```
    /// use go_board::{Board, Point};
    /// let board = Board::from_diagram("X X\n. X")?;
    /// let stones: Vec<Point> = board.block_stones("A2".parse()?).collect();
    /// assert_eq!(stones.len(), 3);
    /// assert_eq!(stones[0].to_string(), "A2");
    /// assert!(stones.contains(&"B1".parse()?));
    /// assert_eq!(board.block_stones("A1".parse()?).count(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn block_stones(&self, p: Point) -> BlockStones<'_> {
        let start = p.index() as u16;
        BlockStones {
            next_stone: &self.next_stone,
            start,
            next: self.block_id(p).map(|_| start),
        }
    }

    /// The stones of the block at `p` (empty if `p` is empty).
    ///
    /// ```
    /// use go_board::Board;
    /// let board = Board::from_diagram("X X\n. X")?;
    /// assert_eq!(board.stones("A2".parse()?).len(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn stones(&self, p: Point) -> PointSet {
        let mut set = PointSet::new();
        if self.block_id(p).is_some() {
            self.for_each_stone(p, |s| {
                set.insert(s);
            });
        }
        set
    }

    /// Calls `f` for every stone of the block containing the stone `p`.
    #[inline]
    pub(crate) fn for_each_stone(&self, p: Point, mut f: impl FnMut(Point)) {
        let start = p.index() as u16;
        let mut s = start;
        loop {
            f(Point::from_raw(s as usize));
            s = self.next_stone[s as usize];
            if s == start {
                break;
            }
        }
    }

    /// Number of stones of the block at `p` (0 if empty).
    ///
    /// ```
    /// use go_board::Board;
    /// let board = Board::from_diagram("X X\n. X")?;
    /// assert_eq!(board.num_stones("B1".parse()?), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn num_stones(&self, p: Point) -> usize {
        self.block_id(p)
            .map_or(0, |id| usize::from(self.data(id).num_stones))
    }

    /// Whether the block at `p` has exactly one liberty.
    ///
    /// ```
    /// use go_board::Board;
    /// let board = Board::from_diagram("X O\n. .")?;
    /// assert!(board.in_atari("A2".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn in_atari(&self, p: Point) -> bool {
        self.num_liberties(p) == 1
    }

    /// The only liberty of the block at `p`, if it has exactly one.
    ///
    /// ```
    /// use go_board::Board;
    /// let board = Board::from_diagram("X O\n. .")?;
    /// assert_eq!(board.the_liberty("B2".parse()?), Some("B1".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn the_liberty(&self, p: Point) -> Option<Point> {
        let id = self.block_id(p)?;
        let data = self.data(id);
        if data.num_libs == 1 {
            data.liberties.first()
        } else {
            None
        }
    }

    /// Whether two points hold stones of the same block.
    ///
    /// ```
    /// use go_board::Board;
    /// let board = Board::from_diagram("X X\nX .")?;
    /// assert!(board.same_block("A2".parse()?, "A1".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn same_block(&self, a: Point, b: Point) -> bool {
        match (self.block_id(a), self.block_id(b)) {
            (Some(x), Some(y)) => x == y,
            _ => false,
        }
    }

    /// Anchors of the blocks of the other colour adjacent to the block at
    /// `p`, sorted.
    ///
    /// ```
    /// use go_board::Board;
    /// let board = Board::from_diagram(
    ///     "X O .
    ///      X . O
    ///      . . .",
    /// )?;
    /// assert_eq!(board.adjacent_blocks("A3".parse()?).len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn adjacent_blocks(&self, p: Point) -> SmallVec<[Point; 8]> {
        let mut out: SmallVec<[Point; 8]> = SmallVec::new();
        let Some(color) = self.color_at(p) else {
            return out;
        };
        let enemy = cell_of(color.opposite());
        self.for_each_stone(p, |s| {
            for q in s.neighbours() {
                if self.cells[q.index()] == enemy {
                    let a = self.data(self.block_of[q.index()]).anchor;
                    if !out.contains(&a) {
                        out.push(a);
                    }
                }
            }
        });
        out.sort_unstable();
        out
    }

    /// Liberties shared by the blocks at `a` and `b`.
    ///
    /// ```
    /// use go_board::Board;
    /// let board = Board::from_diagram(
    ///     "X . O
    ///      . . .
    ///      . . .",
    /// )?;
    /// let common = board.common_liberties("A3".parse()?, "C3".parse()?);
    /// assert_eq!(common.iter().collect::<Vec<_>>(), ["B3".parse()?]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn common_liberties(&self, a: Point, b: Point) -> PointSet {
        self.liberties(a) & self.liberties(b)
    }

    // ----- Legality -------------------------------------------------------

    /// Checks a move without playing it: `Ok(())` if `color` may play at
    /// `p` under the board's rules.
    ///
    /// ```
    /// use go_board::{Board, Color, PlayError};
    /// let board = Board::from_diagram(
    ///     ". X
    ///      X .",
    /// )?;
    /// let a2 = "A2".parse()?;
    /// assert_eq!(board.check_move(Color::White, a2), Err(PlayError::Suicide(a2)));
    /// assert!(board.check_move(Color::Black, a2).is_ok());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn check_move(&self, color: Color, p: Point) -> Result<(), PlayError> {
        if !self.geo.contains_index(p.index()) {
            return Err(PlayError::OffBoard(p));
        }
        if self.cells[p.index()] != EMPTY {
            return Err(PlayError::Occupied(p));
        }
        if self.ko
            == Some(Ko {
                point: p,
                banned: color,
            })
        {
            return Err(PlayError::Ko(p));
        }
        let suicide = self.is_suicide(color, p);
        if suicide && self.rules.suicide == SuicideRule::Illegal {
            return Err(PlayError::Suicide(p));
        }
        if self.rules.ko != KoRule::Simple {
            let h = self.position_hash_after(color, p, suicide);
            if self.repeats(h, color.opposite()) {
                return Err(PlayError::Superko(p));
            }
        }
        Ok(())
    }

    /// Whether `color` may play at `p` under the board's rules.
    ///
    /// ```
    /// use go_board::{Board, Color, Point};
    /// let board = Board::new(9)?;
    /// assert!(board.is_legal(Color::Black, Point::new(4, 4)));
    /// assert!(!board.is_legal(Color::Black, Point::new(9, 9)));
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn is_legal(&self, color: Color, p: Point) -> bool {
        self.check_move(color, p).is_ok()
    }

    /// Every point where `color` may legally play.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// assert_eq!(Board::new(9)?.legal_moves(Color::Black).len(), 81);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    pub fn legal_moves(&self, color: Color) -> PointSet {
        self.empty_points()
            .into_iter()
            .filter(|&p| self.is_legal(color, p))
            .collect()
    }

    /// Whether a stone of `color` at the empty point `p` would have no
    /// liberties after its captures (ignoring ko).
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// let board = Board::from_diagram(". X\nX .")?;
    /// assert!(board.is_suicide(Color::White, "A2".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn is_suicide(&self, color: Color, p: Point) -> bool {
        let own = cell_of(color);
        for q in p.neighbours() {
            let c = self.cells[q.index()];
            if c == EMPTY {
                return false;
            }
            if c == BORDER {
                continue;
            }
            let libs = self.data(self.block_of[q.index()]).num_libs;
            if (c == own) == (libs > 1) {
                // A friendly block with another liberty, or an enemy block
                // in atari that the move captures.
                return false;
            }
        }
        true
    }

    /// The [`hash`](Board::hash) the board would have after `color` plays at
    /// `p`, found without playing: the stone, the stones it captures, the side
    /// to move and the new ko ban. The move is assumed legal (see
    /// [`check_move`](Board::check_move)).
    ///
    /// A search can key a position it has not entered yet by it.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// // Black C2 takes the ko: White may not retake at B2 at once.
    /// let mut board = Board::from_diagram(
    ///     ". X O .
    ///      X O . O
    ///      . X O .",
    /// )?;
    /// let c2 = "C2".parse()?;
    /// let expected = board.hash_after_play(Color::Black, c2);
    /// board.play(Color::Black, c2)?;
    /// assert_eq!(board.hash(), expected);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn hash_after_play(&self, color: Color, p: Point) -> u64 {
        let h = if color.opposite() == Color::White {
            zobrist::white_to_play()
        } else {
            0
        };
        // Most moves capture nothing and are no suicide: the stone alone changes the
        // position, and there is no ko.
        let own = cell_of(color);
        let (mut captures, mut breathes) = (false, false);
        for q in p.neighbours() {
            let c = self.cells[q.index()];
            if c == EMPTY {
                breathes = true;
            } else if c != BORDER {
                let libs = self.data(self.block_of[q.index()]).num_libs;
                breathes |= c == own && libs > 1;
                captures |= c != own && libs == 1;
            }
        }
        if breathes && !captures {
            h ^ self.hash ^ zobrist::stone(p, color)
        } else {
            h ^ self.hash_after_capture_or_suicide(color, p)
        }
    }

    /// The [`hash`](Board::hash) the board would have after `color` passes (see
    /// [`pass_as`](Board::pass_as)): the same stones, the other side to move and no ko
    /// ban.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// let mut board = Board::new(9)?;
    /// let expected = board.hash_after_pass(Color::Black);
    /// board.pass_as(Color::Black);
    /// assert_eq!(board.hash(), expected);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn hash_after_pass(&self, color: Color) -> u64 {
        if color.opposite() == Color::White {
            self.hash ^ zobrist::white_to_play()
        } else {
            self.hash
        }
    }

    /// [`Board::hash_after_play`] of a move that captures or is suicide, without the
    /// side to move.
    #[cold]
    fn hash_after_capture_or_suicide(&self, color: Color, p: Point) -> u64 {
        let suicide = self.is_suicide(color, p);
        let mut h = self.position_hash_after(color, p, suicide);
        if let Some(ko) = self.ko_after_play(color, p, suicide) {
            h ^= zobrist::ko(ko);
        }
        h
    }

    /// The ko point a legal move of `color` at `p` would leave (as
    /// [`Board::place`] sets it): one stone captured by a lone stone left with
    /// one liberty.
    fn ko_after_play(&self, color: Color, p: Point, suicide: bool) -> Option<Point> {
        if suicide {
            return None;
        }
        let own = cell_of(color);
        let mut captured = None;
        let mut num_captured = 0;
        let mut liberties = 0;
        for q in p.neighbours() {
            let c = self.cells[q.index()];
            if c == EMPTY {
                liberties += 1;
            } else if c == own {
                // The stone joins a block: no ko.
                return None;
            } else if c != BORDER && self.data(self.block_of[q.index()]).num_libs == 1 {
                let data = self.data(self.block_of[q.index()]);
                if captured != Some(data.anchor) {
                    num_captured += usize::from(data.num_stones);
                    captured = Some(data.anchor);
                }
                // The captured stone's point becomes a liberty.
                liberties += 1;
            }
        }
        (num_captured == 1 && liberties == 1)
            .then_some(captured)
            .flatten()
    }

    /// The position hash after `color` plays at `p` (assumed legal apart
    /// from superko), without playing.
    fn position_hash_after(&self, color: Color, p: Point, suicide: bool) -> u64 {
        let mut h = self.hash ^ zobrist::stone(p, color);
        let enemy = cell_of(color.opposite());
        let mut seen: SmallVec<[BlockId; 4]> = SmallVec::new();
        for q in p.neighbours() {
            let c = self.cells[q.index()];
            if c == EMPTY || c == BORDER {
                continue;
            }
            let id = self.block_of[q.index()];
            if seen.contains(&id) {
                continue;
            }
            seen.push(id);
            let data = self.data(id);
            let removed = if c == enemy {
                data.num_libs == 1
            } else {
                suicide
            };
            if removed {
                self.for_each_stone(q, |s| h ^= zobrist::stone(s, data.color));
            }
        }
        if suicide {
            h ^= zobrist::stone(p, color);
        }
        h
    }

    /// Whether the position `hash` with `to_play` to move repeats an earlier
    /// position under the board's superko rule.
    fn repeats(&self, hash: u64, to_play: Color) -> bool {
        let situational = self.rules.ko == KoRule::SituationalSuperko;
        let same = |h: u64, c: Color| h == hash && (!situational || c == to_play);
        same(self.hash, self.to_play)
            || self
                .undo_stack
                .iter()
                .any(|r| same(r.prev_hash, r.prev_to_play))
    }

    // ----- Playing --------------------------------------------------------

    /// Plays a stone of `color` at `p`, or returns why it is illegal and
    /// leaves the board unchanged. `color` need not be [`to_play`]
    /// (as with GTP's `play`); the opponent moves next.
    ///
    /// [`to_play`]: Board::to_play
    ///
    /// ```
    /// use go_board::{Board, Color, PlayError};
    /// let mut board = Board::from_diagram(
    ///     ". X O .
    ///      X O . O
    ///      . X O .",
    /// )?;
    /// let b2 = "B2".parse()?;
    /// let c2 = "C2".parse()?;
    /// let info = board.play(Color::Black, c2)?; // takes the ko
    /// assert_eq!(info.captured, 1);
    /// assert_eq!(board.play(Color::White, b2), Err(PlayError::Ko(b2)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&mut self, color: Color, p: Point) -> Result<MoveInfo, PlayError> {
        if !self.geo.contains_index(p.index()) {
            return Err(PlayError::OffBoard(p));
        }
        if self.cells[p.index()] != EMPTY {
            return Err(PlayError::Occupied(p));
        }
        if self.ko
            == Some(Ko {
                point: p,
                banned: color,
            })
        {
            return Err(PlayError::Ko(p));
        }
        let around = self.around(color, p);
        if self.rules.suicide == SuicideRule::Illegal && around.is_suicide() {
            return Err(PlayError::Suicide(p));
        }
        let info = self.place(color, p, &around);
        if self.rules.ko != KoRule::Simple {
            let last = self.undo_stack.len() - 1;
            let (hash, to_play) = (self.hash, self.to_play);
            let situational = self.rules.ko == KoRule::SituationalSuperko;
            let repeated = self.undo_stack[..=last]
                .iter()
                .any(|r| r.prev_hash == hash && (!situational || r.prev_to_play == to_play));
            if repeated {
                self.undo();
                return Err(PlayError::Superko(p));
            }
        }
        #[cfg(feature = "extra-checks")]
        if let Err(e) = self.check_consistency() {
            panic!("after {color} {p}: {e}");
        }
        Ok(info)
    }

    /// Plays a [`Move`] (a stone or a pass) for `color`.
    ///
    /// ```
    /// use go_board::{Board, Color, Move};
    /// let mut board = Board::new(9)?;
    /// board.play_move(Color::Black, "pass".parse()?)?;
    /// assert_eq!(board.to_play(), Color::White);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_move(&mut self, color: Color, mv: Move) -> Result<MoveInfo, PlayError> {
        match mv {
            Move::Play(p) => self.play(color, p),
            Move::Pass => {
                self.pass_as(color);
                Ok(MoveInfo::default())
            }
        }
    }

    /// The side to move passes.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// let mut board = Board::new(9)?;
    /// board.pass();
    /// assert_eq!(board.to_play(), Color::White);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    pub fn pass(&mut self) {
        self.pass_as(self.to_play);
    }

    /// `color` passes; the opponent moves next and any ko ban ends.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// let mut board = Board::new(9)?;
    /// board.pass_as(Color::White);
    /// assert_eq!(board.to_play(), Color::Black);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    pub fn pass_as(&mut self, color: Color) {
        self.undo_stack.push(UndoRecord {
            point: None,
            color,
            prev_to_play: self.to_play,
            prev_ko: self.ko,
            prev_hash: self.hash,
            prev_captures: self.captures,
            prev_passes: self.passes,
            prev_next: 0,
            target: BlockId::NONE,
            alloc: Alloc::Extended,
            prev_anchor: Point::from_raw(0),
            prev_libs: 0,
            gained: 0,
            num_merged: 0,
            enemies: [BlockId::NONE; 4],
            captured: 0,
            suicide: false,
        });
        self.ko = None;
        self.to_play = color.opposite();
        self.passes = self.passes.saturating_add(1);
        self.move_number += 1;
    }

    /// What a stone of `color` at the empty point `p` would touch.
    #[inline]
    fn around(&self, color: Color, p: Point) -> Around {
        let own = cell_of(color);
        let mut around = Around {
            empty: 0,
            num_new_libs: 0,
            friends: [BlockId::NONE; 4],
            num_friends: 0,
            enemies: [BlockId::NONE; 4],
            num_enemies: 0,
            breathes: false,
        };
        for (i, q) in p.neighbours().into_iter().enumerate() {
            let c = self.cells[q.index()];
            if c == EMPTY {
                around.empty |= 1 << i;
                around.num_new_libs += 1;
                around.breathes = true;
            } else if c != BORDER {
                let id = self.block_of[q.index()];
                let libs = self.data(id).num_libs;
                if c == own {
                    // A friend with another liberty keeps the stone alive.
                    around.breathes |= libs > 1;
                    if !around.friends[..around.num_friends].contains(&id) {
                        around.friends[around.num_friends] = id;
                        around.num_friends += 1;
                    }
                } else {
                    // An enemy in atari is captured, which gives a liberty.
                    around.breathes |= libs == 1;
                    if !around.enemies[..around.num_enemies].contains(&id) {
                        around.enemies[around.num_enemies] = id;
                        around.num_enemies += 1;
                    }
                }
            }
        }
        around
    }

    /// Places a stone that has passed the occupancy, ko and suicide checks;
    /// `around` is what [`Board::around`] found there.
    fn place(&mut self, color: Color, p: Point, around: &Around) -> MoveInfo {
        let own = cell_of(color);
        let pi = p.index();
        let mut record = UndoRecord {
            point: Some(p),
            color,
            prev_to_play: self.to_play,
            prev_ko: self.ko,
            prev_hash: self.hash,
            prev_captures: self.captures,
            prev_passes: self.passes,
            prev_next: self.next_stone[pi],
            target: BlockId::NONE,
            alloc: Alloc::Extended,
            prev_anchor: p,
            prev_libs: 0,
            gained: 0,
            num_merged: 0,
            enemies: [BlockId::NONE; 4],
            captured: 0,
            suicide: false,
        };

        // Neighbouring blocks, each once (enemies are undone point by point).
        let friends = &around.friends[..around.num_friends];
        let enemies = &around.enemies[..around.num_enemies];
        let empty = around.empty;

        // The stone itself.
        self.cells[pi] = own;
        self.stones[color].insert(p);
        self.hash ^= zobrist::stone(p, color);
        self.next_stone[pi] = pi as u16;

        let target = match *friends {
            [] => {
                let data = BlockData {
                    liberties: PointSet::new(),
                    anchor: p,
                    num_stones: 1,
                    num_libs: around.num_new_libs,
                    color,
                };
                let (id, alloc) = self.allocate(data);
                record.alloc = alloc;
                let libs = &mut self.blocks[id.index()].liberties;
                for (i, q) in p.neighbours().into_iter().enumerate() {
                    if empty & (1 << i) != 0 {
                        libs.insert(q);
                    }
                }
                id
            }
            [t] => {
                // One friend: it takes the stone, loses `p` and gains the new
                // liberties it lacked; the record says how to take that back.
                let anchor = self.data(t).anchor;
                self.splice(p, anchor);
                let data = &mut self.blocks[t.index()];
                record.prev_anchor = anchor;
                record.prev_libs = data.num_libs;
                let mut gained = 0;
                let mut num_gained = 0;
                for (i, q) in p.neighbours().into_iter().enumerate() {
                    if empty & (1 << i) != 0 && data.liberties.insert(q) {
                        gained |= 1 << i;
                        num_gained += 1;
                    }
                }
                data.liberties.remove(p);
                data.num_libs = data.num_libs - 1 + num_gained;
                data.num_stones += 1;
                data.anchor = anchor.min(p);
                record.gained = gained;
                t
            }
            _ => {
                // Two or more friends: the biggest one absorbs the others; it is
                // saved before any change (the others' slots stay as they are).
                let t = *friends
                    .iter()
                    .max_by_key(|id| self.data(**id).num_stones)
                    .expect("two or more friends");
                self.saved.push((t, self.blocks[t.index()]));
                record.alloc = Alloc::Merged;
                let anchor = self.data(t).anchor;
                self.splice(p, anchor);
                let data = &mut self.blocks[t.index()];
                data.num_stones += 1;
                data.anchor = data.anchor.min(p);
                for &f in friends {
                    if f == t {
                        continue;
                    }
                    let (f_anchor, f_stones) = (self.data(f).anchor, self.data(f).num_stones);
                    self.relabel(f_anchor, t);
                    self.splice(p, f_anchor);
                    let f_libs = self.blocks[f.index()].liberties;
                    let data = &mut self.blocks[t.index()];
                    data.liberties |= f_libs;
                    data.num_stones += f_stones;
                    data.anchor = data.anchor.min(f_anchor);
                    self.undo_ids.push(f);
                    self.release(f);
                    record.num_merged += 1;
                }
                let data = &mut self.blocks[t.index()];
                for (i, q) in p.neighbours().into_iter().enumerate() {
                    if empty & (1 << i) != 0 {
                        data.liberties.insert(q);
                    }
                }
                data.liberties.remove(p);
                data.num_libs = data.liberties.count_up_to(usize::MAX) as u16;
                t
            }
        };
        record.target = target;
        self.block_of[pi] = target;

        // Enemies lose the liberty; those left without any are captured.
        let mut captured = 0;
        let mut last_captured = p;
        // (One pass: a capture gives liberties only to the mover's blocks.)
        for (i, &e) in enemies.iter().enumerate() {
            let data = &mut self.blocks[e.index()];
            data.liberties.remove(p);
            data.num_libs -= 1;
            if data.num_libs == 0 {
                last_captured = data.anchor;
                record.captured |= 1 << i;
                captured += self.remove_block(e);
            }
        }
        record.enemies = around.enemies;
        self.captures[color] += captured;

        // Suicide (only reached when the rules allow it).
        let mut suicided = 0;
        if self.data(target).num_libs == 0 {
            suicided = self.remove_block(target);
            self.captures[color.opposite()] += suicided;
            record.suicide = true;
        }

        let target_data = self.data(target);
        self.ko = if captured == 1
            && suicided == 0
            && target_data.num_stones == 1
            && target_data.num_libs == 1
        {
            Some(Ko {
                point: last_captured,
                banned: color.opposite(),
            })
        } else {
            None
        };
        self.to_play = color.opposite();
        self.passes = 0;
        self.move_number += 1;
        self.undo_stack.push(record);
        MoveInfo {
            captured,
            suicided,
            ko: self.ko,
        }
    }

    /// Takes a slot for a new block: a new one at the end of the arena, or above
    /// [`ARENA_LIMIT`] a free one, whose data is saved first.
    fn allocate(&mut self, data: BlockData) -> (BlockId, Alloc) {
        if self.blocks.len() >= ARENA_LIMIT {
            if let Some(id) = self.free_blocks.pop() {
                let old = std::mem::replace(&mut self.blocks[id.index()], data);
                self.saved.push((id, old));
                return (id, Alloc::Reused);
            }
        }
        let id = BlockId::new(self.blocks.len());
        self.blocks.push(data);
        (id, Alloc::Appended)
    }

    /// The block `id` left the board: above [`ARENA_LIMIT`] its slot may be
    /// reused.
    #[inline]
    fn release(&mut self, id: BlockId) {
        if self.blocks.len() >= ARENA_LIMIT {
            self.free_blocks.push(id);
        }
    }

    /// The block `id` comes back on undo: its slot leaves the free list if
    /// [`Board::release`] put it there (it is then the last entry: undo goes in
    /// reverse order, and a reused slot is given back before).
    #[inline]
    fn reclaim(&mut self, id: BlockId) {
        if self.free_blocks.last() == Some(&id) {
            self.free_blocks.pop();
        }
    }

    /// Joins the stone cycles through `a` and `b` (or splits them again
    /// when called a second time with the same points).
    #[inline]
    fn splice(&mut self, a: Point, b: Point) {
        self.next_stone.swap(a.index(), b.index());
    }

    /// Sets the block id of every stone in the cycle through `start`.
    fn relabel(&mut self, start: Point, id: BlockId) {
        let start = start.index() as u16;
        let mut s = start;
        loop {
            self.block_of[s as usize] = id;
            s = self.next_stone[s as usize];
            if s == start {
                break;
            }
        }
    }

    /// Removes the block `id` from the board, giving its points back as
    /// liberties to the neighbouring blocks. Returns the number of stones
    /// removed.
    fn remove_block(&mut self, id: BlockId) -> u32 {
        let data = self.blocks[id.index()];
        let other = cell_of(data.color.opposite());
        let start = data.anchor.index() as u16;
        let mut s = start;
        loop {
            let sp = Point::from_raw(s as usize);
            self.cells[s as usize] = EMPTY;
            self.stones[data.color].remove(sp);
            self.hash ^= zobrist::stone(sp, data.color);
            for q in sp.neighbours() {
                if self.cells[q.index()] == other {
                    let nd = &mut self.blocks[self.block_of[q.index()].index()];
                    if nd.liberties.insert(sp) {
                        nd.num_libs += 1;
                    }
                }
            }
            s = self.next_stone[s as usize];
            if s == start {
                break;
            }
        }
        self.release(id);
        u32::from(data.num_stones)
    }

    /// Puts back the stones of the removed block `id` (its slot holds its data
    /// as it was removed), taking their points back from the liberties of
    /// the neighbouring blocks: the inverse of [`Board::remove_block`].
    fn restore_block(&mut self, id: BlockId) {
        self.reclaim(id);
        let data = self.blocks[id.index()];
        let cell = cell_of(data.color);
        let other = cell_of(data.color.opposite());
        let start = data.anchor.index() as u16;
        let mut s = start;
        loop {
            let sp = Point::from_raw(s as usize);
            self.cells[s as usize] = cell;
            self.block_of[s as usize] = id;
            self.stones[data.color].insert(sp);
            for q in sp.neighbours() {
                if self.cells[q.index()] == other {
                    let nd = &mut self.blocks[self.block_of[q.index()].index()];
                    if nd.liberties.remove(sp) {
                        nd.num_libs -= 1;
                    }
                }
            }
            s = self.next_stone[s as usize];
            if s == start {
                break;
            }
        }
    }

    /// Whether there is a move to take back.
    ///
    /// ```
    /// use go_board::Board;
    /// let mut board = Board::new(9)?;
    /// assert!(!board.can_undo());
    /// board.pass();
    /// assert!(board.can_undo());
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn can_undo(&self) -> bool {
        !self.undo_stack.is_empty()
    }

    /// Takes back the last move, restoring everything exactly; returns the
    /// move and its colour, or `None` when there is nothing to undo.
    ///
    /// ```
    /// use go_board::{Board, Color, Move, Point};
    /// let mut board = Board::new(9)?;
    /// let before = board.hash();
    /// board.play(Color::Black, Point::new(4, 4))?;
    /// assert_eq!(board.undo(), Some((Color::Black, Move::Play(Point::new(4, 4)))));
    /// assert_eq!(board.hash(), before);
    /// assert_eq!(board.undo(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn undo(&mut self) -> Option<(Color, Move)> {
        let r = self.undo_stack.pop()?;
        if let Some(p) = r.point {
            // The block that absorbed the others in a merge gets its data back (the
            // others' slots still hold theirs).
            if r.alloc == Alloc::Merged {
                if let Some((id, data)) = self.saved.pop() {
                    self.blocks[id.index()] = data;
                }
            }
            // Blocks removed by the move come back, last removed first, and take their
            // points back from their neighbours' liberties. (The stone at `p` and its
            // friends still belong to the move's block, whose data is discarded,
            // restored above without these points, or reversed below.) The slots of
            // removed blocks hold their data as the move left it: a captured block
            // just lacks `p` as its one liberty.
            if r.suicide {
                self.restore_block(r.target);
            }
            for (i, &e) in r.enemies.iter().enumerate().rev() {
                if e == BlockId::NONE {
                    continue;
                }
                if r.captured & (1 << i) != 0 {
                    self.restore_block(e);
                }
                let data = &mut self.blocks[e.index()];
                data.liberties.insert(p);
                data.num_libs += 1;
            }
            // Split the merged blocks off again, in reverse order.
            for _ in 0..r.num_merged {
                let Some(f) = self.undo_ids.pop() else { break };
                let anchor = self.data(f).anchor;
                self.splice(p, anchor);
                self.relabel(anchor, f);
                self.reclaim(f);
            }
            match r.alloc {
                Alloc::Extended => {
                    // The friend's data is as the move left it (captures and suicide
                    // were undone above): take back `p` and the liberties it gained.
                    let data = &mut self.blocks[r.target.index()];
                    for (i, q) in p.neighbours().into_iter().enumerate() {
                        if r.gained & (1 << i) != 0 {
                            data.liberties.remove(q);
                        }
                    }
                    data.liberties.insert(p);
                    data.num_libs = r.prev_libs;
                    data.num_stones -= 1;
                    data.anchor = r.prev_anchor;
                    self.splice(p, r.prev_anchor);
                }
                Alloc::Merged => {
                    let anchor = self.data(r.target).anchor;
                    self.splice(p, anchor);
                }
                Alloc::Reused => {
                    if let Some((id, data)) = self.saved.pop() {
                        self.blocks[id.index()] = data;
                        self.free_blocks.push(id);
                    }
                }
                Alloc::Appended => {
                    self.blocks.pop();
                }
            }
            self.next_stone[p.index()] = r.prev_next;
            self.cells[p.index()] = EMPTY;
            self.stones[r.color].remove(p);
        }
        self.hash = r.prev_hash;
        self.ko = r.prev_ko;
        self.to_play = r.prev_to_play;
        self.captures = r.prev_captures;
        self.passes = r.prev_passes;
        self.move_number -= 1;
        Some((r.color, r.point.map_or(Move::Pass, Move::Play)))
    }

    /// The moves played since the start or the last setup, oldest first.
    ///
    /// ```
    /// use go_board::{Board, Color, Move};
    /// let mut board = Board::new(9)?;
    /// board.pass();
    /// assert_eq!(board.moves().collect::<Vec<_>>(), [(Color::Black, Move::Pass)]);
    /// # Ok::<(), go_board::SizeError>(())
    /// ```
    pub fn moves(&self) -> impl DoubleEndedIterator<Item = (Color, Move)> + '_ {
        self.undo_stack
            .iter()
            .map(|r| (r.color, r.point.map_or(Move::Pass, Move::Play)))
    }

    /// Plays `p` for `color`, runs `f` on the new position, then undoes the
    /// move. Returns `Err` (without calling `f`) if the move is illegal.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// let mut board = Board::from_diagram("X .\n. .")?;
    /// let libs = board.with_move(Color::Black, "B2".parse()?, |b| b.num_liberties("A2".parse().unwrap()))?;
    /// assert_eq!(libs, 2);
    /// assert!(board.is_empty("B2".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_move<R>(
        &mut self,
        color: Color,
        p: Point,
        f: impl FnOnce(&mut Board) -> R,
    ) -> Result<R, PlayError> {
        self.play(color, p)?;
        let r = f(self);
        self.undo();
        Ok(r)
    }

    // ----- Setup ----------------------------------------------------------

    /// Adds and removes stones outside the move sequence (SGF `AB`, `AW`,
    /// `AE`): each `(point, Some(color))` puts a stone, `(point, None)`
    /// empties the point. No captures happen; a result with a block
    /// without liberties is refused. Setup clears the undo history, the ko
    /// ban and the move count; the side to move is kept.
    ///
    /// ```
    /// use go_board::{Board, Color, Point, SetupError};
    /// let mut board = Board::new(9)?;
    /// board.setup([(Point::new(0, 0), Some(Color::Black))])?;
    /// assert_eq!(board.color_at(Point::new(0, 0)), Some(Color::Black));
    /// let bad = [(Point::new(0, 1), Some(Color::White)), (Point::new(1, 0), Some(Color::White))];
    /// assert!(matches!(board.setup(bad), Err(SetupError::NoLiberties { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn setup(
        &mut self,
        changes: impl IntoIterator<Item = (Point, Option<Color>)>,
    ) -> Result<(), SetupError> {
        let mut cells = self.cells;
        for (p, c) in changes {
            if !self.geo.contains_index(p.index()) {
                return Err(SetupError::OffBoard(p));
            }
            cells[p.index()] = c.map_or(EMPTY, cell_of);
        }
        let saved = std::mem::replace(&mut self.cells, cells);
        if let Err(e) = self.rebuild() {
            self.cells = saved;
            self.rebuild().expect("the previous position was valid");
            return Err(e);
        }
        self.ko = None;
        self.passes = 0;
        self.move_number = 0;
        self.undo_stack.clear();
        self.saved.clear();
        self.undo_ids.clear();
        Ok(())
    }

    /// Empties the board and forgets the history (rules and size stay).
    ///
    /// ```
    /// use go_board::{Board, Color, Point};
    /// let mut board = Board::new(9)?;
    /// board.play(Color::Black, Point::new(1, 1))?;
    /// board.clear();
    /// assert_eq!(board.empty_points().len(), 81);
    /// assert_eq!(board.to_play(), Color::Black);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn clear(&mut self) {
        *self = Board::with_geometry(self.geo, self.rules);
    }

    /// Rebuilds every block, the stone sets and the hash from `cells`.
    fn rebuild(&mut self) -> Result<(), SetupError> {
        self.blocks.clear();
        self.free_blocks.clear();
        self.stones = ByColor::default();
        self.hash = 0;
        for &p in self.geo.points() {
            if let Some(c) = color_of_cell(self.cells[p.index()]) {
                self.stones[c].insert(p);
                self.hash ^= zobrist::stone(p, c);
            }
        }
        let mut seen = PointSet::new();
        for &p in self.geo.points() {
            let Some(color) = color_of_cell(self.cells[p.index()]) else {
                continue;
            };
            if seen.contains(p) {
                continue;
            }
            let stones = self.stones[color].component(p, self.geo);
            seen |= stones;
            let liberties = stones.border(self.geo) & self.empty_points();
            if liberties.is_empty() {
                return Err(SetupError::NoLiberties { point: p, color });
            }
            let id = BlockId::new(self.blocks.len());
            self.blocks.push(BlockData {
                liberties,
                anchor: p,
                num_stones: stones.len() as u16,
                num_libs: liberties.len() as u16,
                color,
            });
            let list: Vec<Point> = stones.iter().collect();
            for (i, &s) in list.iter().enumerate() {
                self.block_of[s.index()] = id;
                self.next_stone[s.index()] = list[(i + 1) % list.len()].index() as u16;
            }
        }
        Ok(())
    }

    // ----- Consistency ----------------------------------------------------

    /// Recomputes every incremental structure from the stones and reports
    /// the first disagreement. Tests call it after every move; the
    /// `extra-checks` feature makes [`play`](Board::play) call it.
    ///
    /// ```
    /// use go_board::{Board, Color, Point};
    /// let mut board = Board::new(9)?;
    /// board.play(Color::Black, Point::new(1, 1))?;
    /// assert!(board.check_consistency().is_ok());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check_consistency(&self) -> Result<(), InvariantError> {
        let fail = |msg: String| Err(InvariantError(msg));
        let mut hash = 0;
        for color in Color::ALL {
            let mut from_cells = PointSet::new();
            for &p in self.geo.points() {
                if self.color_at(p) == Some(color) {
                    from_cells.insert(p);
                    hash ^= zobrist::stone(p, color);
                }
            }
            if from_cells != self.stones[color] {
                return fail(format!("{color} stone set differs from the cells"));
            }
        }
        if hash != self.hash {
            return fail("position hash differs from a recomputation".into());
        }
        for i in 0..NUM_INDICES {
            let on = self.geo.contains_index(i);
            if on == (self.cells[i] == BORDER) {
                return fail(format!("border cell wrong at index {i}"));
            }
        }
        let empty = self.empty_points();
        let mut seen = PointSet::new();
        let mut used = Vec::new();
        for &p in self.geo.points() {
            let Some(color) = self.color_at(p) else {
                continue;
            };
            if seen.contains(p) {
                continue;
            }
            let stones = self.stones[color].component(p, self.geo);
            seen |= stones;
            let libs = stones.border(self.geo) & empty;
            let id = self.block_of[p.index()];
            used.push(id);
            let data = self.data(id);
            if stones.iter().any(|s| self.block_of[s.index()] != id) {
                return fail(format!("block at {p} has stones with other ids"));
            }
            if data.color != color {
                return fail(format!("block at {p} has the wrong colour"));
            }
            if data.liberties != libs {
                return fail(format!(
                    "block at {p}: liberties {:?}, expected {:?}",
                    data.liberties, libs
                ));
            }
            if usize::from(data.num_libs) != libs.len() {
                return fail(format!("block at {p}: liberty count wrong"));
            }
            if usize::from(data.num_stones) != stones.len() {
                return fail(format!("block at {p}: stone count wrong"));
            }
            if Some(data.anchor) != stones.first() {
                return fail(format!("block at {p}: anchor is not the smallest stone"));
            }
            if libs.is_empty() {
                return fail(format!("block at {p} has no liberties"));
            }
            if self.stones(p) != stones {
                return fail(format!("block at {p}: stone cycle differs"));
            }
        }
        for id in &used {
            if self.free_blocks.contains(id) {
                return fail(format!("block slot {} is used and free", id.index()));
            }
        }
        if let Some(ko) = self.ko {
            if !self.is_empty(ko.point) {
                return fail(format!("ko point {} is not empty", ko.point));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stone_in_the_corner_has_two_liberties() {
        let mut b = Board::new(9).unwrap();
        b.play(Color::Black, Point::new(0, 0)).unwrap();
        assert_eq!(b.num_liberties(Point::new(0, 0)), 2);
        b.check_consistency().unwrap();
    }

    /// Everything observable about the blocks, for before/after comparisons.
    fn block_state(b: &Board) -> Vec<(Point, usize, PointSet, usize, Color)> {
        b.blocks()
            .map(|k| {
                (
                    k.anchor(),
                    k.num_stones(),
                    *k.liberties(),
                    k.num_liberties(),
                    k.color(),
                )
            })
            .collect()
    }

    /// Plays `moves`, checks that the last one went through the one-friend path
    /// (no snapshot), then undoes them all and compares with the start.
    fn extend_and_undo(mut b: Board, moves: &[(Color, &str)]) -> Board {
        let before = block_state(&b);
        let hash = b.hash();
        for &(color, p) in moves {
            b.play(color, p.parse().unwrap()).unwrap();
            b.check_consistency().unwrap();
        }
        let last = b.undo_stack.last().unwrap();
        assert_eq!(last.alloc, Alloc::Extended);
        assert!(b.saved.is_empty(), "no snapshot");
        let after = b.clone();
        for _ in moves {
            b.undo();
            b.check_consistency().unwrap();
        }
        assert_eq!(block_state(&b), before);
        assert_eq!(b.hash(), hash);
        after
    }

    #[test]
    fn extending_one_block_is_undone_without_a_snapshot() {
        let b = Board::from_diagram(
            ". . . .
             . X . .
             . . . .
             . . . .",
        )
        .unwrap();
        // B2 joins B3: two new liberties (A2, C2), B1 too; it loses B2.
        let after = extend_and_undo(b.clone(), &[(Color::Black, "B2")]);
        assert_eq!(after.num_liberties("B3".parse().unwrap()), 6);
        // An extension along the edge whose new stone becomes the anchor.
        extend_and_undo(
            b,
            &[
                (Color::Black, "B4"),
                (Color::White, "C3"),
                (Color::Black, "A4"),
            ],
        );
    }

    #[test]
    fn an_extension_that_captures_is_undone() {
        let b = Board::from_diagram(
            "X O .
             . X X
             . . .",
        )
        .unwrap();
        let after = extend_and_undo(b, &[(Color::Black, "C3")]);
        assert_eq!(after.captures(Color::Black), 1);
        assert_eq!(after.num_liberties("C3".parse().unwrap()), 4);
    }

    #[test]
    fn a_suicidal_extension_is_undone() {
        let rules = Rules {
            suicide: SuicideRule::Allowed,
            ..Rules::default()
        };
        let b = Board::from_diagram_with_rules(
            "O . . .
             . O . .
             X O . .
             X O . .",
            rules,
        )
        .unwrap();
        let after = extend_and_undo(b, &[(Color::Black, "A3")]);
        assert_eq!(after.captures(Color::White), 3);
        assert!(after.is_empty("A3".parse().unwrap()));
    }

    #[test]
    fn merging_three_blocks_and_undoing_restores_them() {
        let mut b = Board::from_diagram(
            ". . . . .
             . X . X .
             . . . . .
             . . X . .
             . . . . .",
        )
        .unwrap();
        let before = b.clone();
        b.play(Color::Black, "C4".parse().unwrap()).unwrap();
        b.check_consistency().unwrap();
        b.play(Color::White, "C3".parse().unwrap()).unwrap();
        b.play(Color::Black, "B3".parse().unwrap()).unwrap();
        b.check_consistency().unwrap();
        assert_eq!(b.num_stones("B4".parse().unwrap()), 4);
        b.undo();
        b.undo();
        b.undo();
        b.check_consistency().unwrap();
        assert_eq!(b.hash(), before.hash());
        assert_eq!(b.stones_of(Color::Black), before.stones_of(Color::Black));
    }
}
