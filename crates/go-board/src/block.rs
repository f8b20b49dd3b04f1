//! Blocks (strings): maximal sets of connected stones of one colour.

use smallvec::SmallVec;

use crate::board::Board;
use crate::color::Color;
use crate::point::Point;
use crate::point_set::PointSet;

/// Index of a block's slot in the board's arena; valid within one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct BlockId(u16);

impl BlockId {
    pub(crate) const NONE: BlockId = BlockId(u16::MAX);

    #[inline]
    pub(crate) fn new(i: usize) -> BlockId {
        BlockId(i as u16)
    }

    #[inline]
    pub(crate) fn index(self) -> usize {
        self.0 as usize
    }
}

/// What the board stores per block.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BlockData {
    pub(crate) liberties: PointSet,
    pub(crate) anchor: Point,
    pub(crate) num_stones: u16,
    pub(crate) num_libs: u16,
    pub(crate) color: Color,
}

/// A view of one block of a [`Board`].
///
/// ```
/// use go_board::{Board, Color};
/// let board = Board::from_diagram(
///     ". O .
///      X X O
///      . X .",
/// )?;
/// let block = board.block("B2".parse()?).unwrap();
/// assert_eq!(block.anchor().to_string(), "B1");
/// assert_eq!(block.num_stones(), 3);
/// assert_eq!(block.num_liberties(), 3);
/// assert_eq!(block.adjacent_blocks().len(), 2); // B3 and C2
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy)]
pub struct Block<'a> {
    board: &'a Board,
    id: BlockId,
}

impl<'a> Block<'a> {
    pub(crate) fn new(board: &'a Board, id: BlockId) -> Block<'a> {
        Block { board, id }
    }

    fn data(&self) -> &'a BlockData {
        self.board.data(self.id)
    }

    /// The block's colour.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// let board = Board::from_diagram("O .\n. .")?;
    /// assert_eq!(board.block("A2".parse()?).unwrap().color(), Color::White);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn color(&self) -> Color {
        self.data().color
    }

    /// The smallest stone: the block's canonical name in this position.
    ///
    /// ```
    /// use go_board::Board;
    /// let board = Board::from_diagram("X X\n. .")?;
    /// assert_eq!(board.block("B2".parse()?).unwrap().anchor().to_string(), "A2");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn anchor(&self) -> Point {
        self.data().anchor
    }

    /// Number of stones.
    ///
    /// ```
    /// use go_board::Board;
    /// let board = Board::from_diagram("X X\n. .")?;
    /// assert_eq!(board.block("A2".parse()?).unwrap().num_stones(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn num_stones(&self) -> usize {
        usize::from(self.data().num_stones)
    }

    /// The stones.
    ///
    /// ```
    /// use go_board::Board;
    /// let board = Board::from_diagram("X X\n. .")?;
    /// assert!(board.block("A2".parse()?).unwrap().stones().contains("B2".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn stones(&self) -> PointSet {
        self.board.stones(self.anchor())
    }

    /// The exact liberty set.
    ///
    /// ```
    /// use go_board::Board;
    /// let board = Board::from_diagram("X X\n. .")?;
    /// assert_eq!(board.block("A2".parse()?).unwrap().liberties().len(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn liberties(&self) -> &'a PointSet {
        &self.data().liberties
    }

    /// Number of liberties.
    ///
    /// ```
    /// use go_board::Board;
    /// let board = Board::from_diagram("X O\n. .")?;
    /// assert_eq!(board.block("A2".parse()?).unwrap().num_liberties(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn num_liberties(&self) -> usize {
        usize::from(self.data().num_libs)
    }

    /// Whether the block has exactly one liberty.
    ///
    /// ```
    /// use go_board::Board;
    /// let board = Board::from_diagram("X O\n. .")?;
    /// assert!(board.block("A2".parse()?).unwrap().in_atari());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn in_atari(&self) -> bool {
        self.data().num_libs == 1
    }

    /// Anchors of the adjacent blocks of the other colour, sorted.
    ///
    /// ```
    /// use go_board::Board;
    /// let board = Board::from_diagram("X O\n. .\nO .")?;
    /// assert_eq!(board.block("A3".parse()?).unwrap().adjacent_blocks().len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn adjacent_blocks(&self) -> SmallVec<[Point; 8]> {
        self.board.adjacent_blocks(self.anchor())
    }
}

impl std::fmt::Debug for Block<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Block")
            .field("color", &self.color())
            .field("anchor", &self.anchor())
            .field("stones", &self.stones())
            .field("liberties", self.liberties())
            .finish()
    }
}
