//! Tactical helpers (TAIL's `GoHelpers`): what a move would do to
//! liberties, self-atari, higher-order and protected liberties, snapback,
//! atari and capturing moves.
//!
//! They are methods of [`Board`], answered from its exact liberty sets
//! without playing the move. The hot ones
//! ([`liberties_after_play`](Board::liberties_after_play),
//! [`is_self_atari`](Board::is_self_atari),
//! [`would_capture`](Board::would_capture)) allocate nothing and stop as
//! soon as the answer is known.
//!
//! All helpers look at the stones only: they ignore the current ko ban and
//! superko (ask [`Board::is_legal`] for those), and a move that would leave
//! its block without liberties counts as impossible, as with the default
//! rule that forbids suicide. The single exception is ko *shape*: a
//! recapture that would retake a ko immediately is no recapture (see
//! [`is_protected`](Board::is_protected) and
//! [`is_snapback`](Board::is_snapback)). Block arguments name a block by
//! any of its stones.
//!
//! ```
//! use go_board::{Board, Color};
//!
//! let board = Board::from_diagram(
//!     ". X O .
//!      X O . O
//!      . X O .
//!      . . . .",
//! )?;
//! let c3 = "C3".parse()?;
//! // Black C3 captures B3 and is left with one liberty: a ko.
//! assert!(board.would_capture(Color::Black, c3));
//! assert_eq!(board.liberties_after_play(Color::Black, c3, 4), 1);
//! assert!(board.is_self_atari(Color::Black, c3));
//! assert_eq!(board.capture_moves("B3".parse()?).iter().collect::<Vec<_>>(), [c3]);
//! // White may not retake at once, so C3 is no protected point of White.
//! assert!(!board.is_protected(Color::White, c3));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use smallvec::SmallVec;

use crate::block::BlockId;
use crate::board::{BORDER, Board, EMPTY, Ko, cell_of};
use crate::color::Color;
use crate::point::Point;
use crate::point_set::PointSet;

/// The blocks around an empty point, each once: at most four of each kind.
struct Contact {
    empty: usize,
    num_friends: usize,
    friends: [BlockId; 4],
    num_captured: usize,
    captured: [BlockId; 4],
}

impl Contact {
    #[inline]
    fn friends(&self) -> &[BlockId] {
        &self.friends[..self.num_friends]
    }

    #[inline]
    fn captured(&self) -> &[BlockId] {
        &self.captured[..self.num_captured]
    }
}

impl Board {
    /// The empty neighbours of `p`, the friendly blocks it touches and the
    /// enemy blocks a stone of `color` there would capture.
    #[inline]
    fn contact(&self, color: Color, p: Point) -> Contact {
        let own = cell_of(color);
        let mut contact = Contact {
            empty: 0,
            num_friends: 0,
            friends: [BlockId::NONE; 4],
            num_captured: 0,
            captured: [BlockId::NONE; 4],
        };
        for q in p.neighbours() {
            let c = self.cell(q);
            if c == EMPTY {
                contact.empty += 1;
                continue;
            }
            if c == BORDER {
                continue;
            }
            let id = self.block_id_of_stone(q);
            if c == own {
                if !contact.friends().contains(&id) {
                    contact.friends[contact.num_friends] = id;
                    contact.num_friends += 1;
                }
            } else if self.data(id).num_libs == 1 && !contact.captured().contains(&id) {
                contact.captured[contact.num_captured] = id;
                contact.num_captured += 1;
            }
        }
        contact
    }

    /// Liberties of the block a stone of `color` at the empty point `p` would
    /// form, counted up to `max` (exact below `max`). Only a stone that joins
    /// two or more friendly blocks needs their union; otherwise the count comes
    /// from the friend's liberty count and the empty neighbours it lacks.
    #[inline]
    fn count_after_play(&self, color: Color, p: Point, max: usize) -> usize {
        let contact = self.contact(color, p);
        if contact.empty >= max {
            return max;
        }
        // A friend keeps every liberty but `p`: enough of them settle the
        // question without any set arithmetic.
        if contact
            .friends()
            .iter()
            .any(|&f| usize::from(self.data(f).num_libs) > max)
        {
            return max;
        }
        let mut n = match *contact.friends() {
            [] => contact.empty,
            [f] => {
                let friend = &self.data(f).liberties;
                let lacked = p
                    .neighbours()
                    .into_iter()
                    .filter(|&q| self.is_empty(q) && !friend.contains(q))
                    .count();
                usize::from(self.data(f).num_libs) - 1 + lacked
            }
            _ => self.joined_liberties(&contact, p).count_up_to(max),
        };
        for &e in contact.captured() {
            if n >= max {
                return max;
            }
            // The captured stones were no one's liberties: each that touches
            // the new block is a new one.
            self.for_each_liberty_gained(color, p, &contact, e, |_| n += 1);
        }
        n.min(max)
    }

    /// The liberties of the friendly blocks in `contact` and the empty
    /// neighbours of `p`, less `p`: the block's liberties before captures.
    #[inline]
    fn joined_liberties(&self, contact: &Contact, p: Point) -> PointSet {
        let mut libs = PointSet::new();
        for q in p.neighbours() {
            if self.is_empty(q) {
                libs.insert(q);
            }
        }
        for &f in contact.friends() {
            libs |= self.data(f).liberties;
        }
        // `p` is a liberty of every friend; it is filled by the move.
        libs.remove(p);
        libs
    }

    /// Calls `gained` on each stone of the captured block `e` that becomes a
    /// liberty of the block formed at `p`: one next to `p` or to a friend the
    /// stone joins.
    #[inline]
    fn for_each_liberty_gained(
        &self,
        color: Color,
        p: Point,
        contact: &Contact,
        e: BlockId,
        mut gained: impl FnMut(Point),
    ) {
        self.for_each_stone(self.data(e).anchor, |s| {
            let touches = s.neighbours().into_iter().any(|q| {
                q == p
                    || (self.cell(q) == cell_of(color)
                        && contact.friends().contains(&self.block_id_of_stone(q)))
            });
            if touches {
                gained(s);
            }
        });
    }

    /// The liberties the block at `block` would have after `color` plays at
    /// `p`, with the move's captures: `None` when the move is illegal
    /// (occupied, barred by the ko, suicide), when it captures that block, or
    /// when `block` is empty. Superko is not looked at.
    ///
    /// A reader judges a move against the block it fights over without
    /// playing it.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// let board = Board::from_diagram(
    ///     ". . . .
    ///      X O . .
    ///      . X . .",
    /// )?;
    /// let b2 = "B2".parse()?;
    /// // Black C2 takes one of White B2's two liberties, White C2 extends it.
    /// assert_eq!(board.liberties_of_after_play(Color::Black, "C2".parse()?, b2), Some(1));
    /// assert_eq!(board.liberties_of_after_play(Color::White, "C2".parse()?, b2), Some(4));
    /// assert_eq!(board.liberties_of_after_play(Color::Black, "D3".parse()?, b2), Some(2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn liberties_of_after_play(&self, color: Color, p: Point, block: Point) -> Option<usize> {
        if self.cell(p) != EMPTY
            || self.ko()
                == Some(Ko {
                    point: p,
                    banned: color,
                })
        {
            return None;
        }
        let target = self.block_id(block)?;
        let own = cell_of(color);
        let (mut breathes, mut touches) = (false, false);
        let mut captured = [BlockId::NONE; 4];
        let mut num_captured = 0;
        for q in p.neighbours() {
            let c = self.cell(q);
            if c == EMPTY {
                breathes = true;
                continue;
            }
            if c == BORDER {
                continue;
            }
            let id = self.block_id_of_stone(q);
            let libs = self.data(id).num_libs;
            touches |= id == target;
            if c == own {
                breathes |= libs > 1;
            } else if libs == 1 {
                if id == target {
                    return None;
                }
                breathes = true;
                if !captured[..num_captured].contains(&id) {
                    captured[num_captured] = id;
                    num_captured += 1;
                }
            }
        }
        if !breathes {
            return None;
        }
        let data = self.data(target);
        if touches && data.color == color {
            // The stone joins the block.
            return Some(self.count_after_play(color, p, usize::MAX));
        }
        // Captured stones next to the block become its liberties.
        let mut n = usize::from(data.num_libs) - usize::from(touches);
        for &e in &captured[..num_captured] {
            self.for_each_stone(self.data(e).anchor, |s| {
                let next_to = s.neighbours().into_iter().any(|q| {
                    self.cell(q) == cell_of(data.color) && self.block_id_of_stone(q) == target
                });
                n += usize::from(next_to);
            });
        }
        Some(n)
    }

    /// The number of liberties the block of a stone of `color` at `p` would
    /// have after the move and its captures, counted only up to `max`:
    /// returns `min(liberties, max)` and stops as soon as `max` are found.
    /// 0 means suicide, or that `p` is not an empty point.
    ///
    /// This is the bounded query tactical search spends its time in
    /// (`max = 2` tells atari from safety). It ignores ko.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// let board = Board::from_diagram(
    ///     ". . . .
    ///      . X . .
    ///      . . . .
    ///      . . . .",
    /// )?;
    /// let c3 = "C3".parse()?;
    /// assert_eq!(board.liberties_after_play(Color::Black, c3, 100), 6);
    /// assert_eq!(board.liberties_after_play(Color::Black, c3, 2), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn liberties_after_play(&self, color: Color, p: Point, max: usize) -> usize {
        if !self.is_empty(p) {
            return 0;
        }
        self.count_after_play(color, p, max)
    }

    /// The exact number of liberties the block of a stone of `color` at `p`
    /// would have after the move and its captures (0 for suicide or an
    /// occupied point). Ignores ko.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// // Black A1 captures the White stone at A2 (a corner ko shape).
    /// let board = Board::from_diagram(
    ///     "X . .
    ///      O X .
    ///      . O .",
    /// )?;
    /// assert_eq!(board.num_liberties_after_play(Color::Black, "A1".parse()?), 1);
    /// assert_eq!(board.num_liberties_after_play(Color::White, "A1".parse()?), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn num_liberties_after_play(&self, color: Color, p: Point) -> usize {
        self.liberties_after_play(color, p, usize::MAX)
    }

    /// The liberty set the block of a stone of `color` at `p` would have
    /// after the move and its captures (empty for suicide or an occupied
    /// point). Ignores ko.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// let board = Board::from_diagram(
    ///     ". X .
    ///      X O .
    ///      . X .",
    /// )?;
    /// // Black C2 captures B2, which becomes a liberty.
    /// let libs = board.liberty_set_after_play(Color::Black, "C2".parse()?);
    /// assert!(libs.contains("B2".parse()?));
    /// assert_eq!(libs.len(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn liberty_set_after_play(&self, color: Color, p: Point) -> PointSet {
        if !self.is_empty(p) {
            return PointSet::new();
        }
        let contact = self.contact(color, p);
        let mut libs = self.joined_liberties(&contact, p);
        for &e in contact.captured() {
            self.for_each_liberty_gained(color, p, &contact, e, |s| {
                libs.insert(s);
            });
        }
        libs
    }

    /// Whether a stone of `color` at the empty point `p` would leave its
    /// block with at most one liberty (after captures) — in atari, or
    /// suicide. `false` for an occupied point. Ignores ko.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// let board = Board::from_diagram(
    ///     ". O .
    ///      O . .
    ///      . . .",
    /// )?;
    /// assert!(board.is_self_atari(Color::Black, "A3".parse()?));
    /// assert!(!board.is_self_atari(Color::Black, "B2".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn is_self_atari(&self, color: Color, p: Point) -> bool {
        self.is_empty(p) && self.liberties_after_play(color, p, 2) <= 1
    }

    /// Whether a stone of `color` at the empty point `p` would capture
    /// something: an adjacent enemy block has `p` as its last liberty.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// let board = Board::from_diagram("X O .\n. X .\n. . .")?;
    /// assert!(board.would_capture(Color::Black, "C3".parse()?));
    /// assert!(!board.would_capture(Color::White, "C3".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn would_capture(&self, color: Color, p: Point) -> bool {
        self.is_empty(p)
            && p.neighbours()
                .into_iter()
                .any(|q| self.color_at(q) == Some(color.opposite()) && self.num_liberties(q) == 1)
    }

    /// The number of stones a stone of `color` at the empty point `p` would
    /// capture.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// let board = Board::from_diagram("X O O .\n. X X .\n. . . .")?;
    /// assert_eq!(board.num_captured_by(Color::Black, "D3".parse()?), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn num_captured_by(&self, color: Color, p: Point) -> usize {
        if !self.is_empty(p) {
            return 0;
        }
        self.contact(color, p)
            .captured()
            .iter()
            .map(|&e| usize::from(self.data(e).num_stones))
            .sum()
    }

    /// Whether a stone of `color` at `p` would take a ko: it captures
    /// exactly one stone, joins no friend and is left with one liberty, so
    /// the opponent may not retake at once.
    fn is_ko_capture(&self, color: Color, p: Point, libs_after: usize) -> bool {
        if libs_after != 1 {
            return false;
        }
        let contact = self.contact(color, p);
        contact.num_friends == 0
            && contact
                .captured()
                .iter()
                .map(|&e| self.data(e).num_stones)
                .sum::<u16>()
                == 1
    }

    /// The second-order liberties of the block at `p`: empty points next to
    /// its liberties that are not liberties themselves (TAIL: "the
    /// liberties of its liberties"). Empty if `p` holds no stone.
    ///
    /// ```
    /// use go_board::Board;
    /// let board = Board::from_diagram(
    ///     ". . . . .
    ///      . . . . .
    ///      . . X . .
    ///      . . . . .
    ///      . . . . .",
    /// )?;
    /// assert_eq!(board.second_order_liberties("C3".parse()?).len(), 8);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn second_order_liberties(&self, p: Point) -> PointSet {
        let libs = self.liberties(p);
        (libs.grow(self.geometry()) & self.empty_points()) - libs
    }

    /// The third-order liberties of the block at `p`: empty points next to
    /// its second-order liberties that are neither liberties nor
    /// second-order liberties. Empty if `p` holds no stone.
    ///
    /// ```
    /// use go_board::Board;
    /// let board = Board::from_diagram(
    ///     ". . . . .
    ///      . . . . .
    ///      . . X . .
    ///      . . . . .
    ///      . . . . .",
    /// )?;
    /// // The points at distance 3: two columns or rows away from C3 and
    /// // one across, on each side.
    /// assert_eq!(board.third_order_liberties("C3".parse()?).len(), 8);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn third_order_liberties(&self, p: Point) -> PointSet {
        let libs = self.liberties(p);
        let empty = self.empty_points();
        let geo = self.geometry();
        let second = (libs.grow(geo) & empty) - libs;
        (second.grow(geo) & empty) - second - libs
    }

    /// Whether the empty point `p` is protected for `color`: a stone of the
    /// opponent there could not stay — it would be suicide, or left in
    /// atari where `color` captures it at once (not a ko that `color` may
    /// not retake immediately). Ignores the current ko ban and superko.
    ///
    /// ```
    /// use go_board::{Board, Color};
    /// let board = Board::from_diagram(
    ///     ". X . .
    ///      X . X .
    ///      . X . .
    ///      . . . .",
    /// )?;
    /// assert!(board.is_protected(Color::Black, "A4".parse()?)); // suicide for White
    /// assert!(board.is_protected(Color::Black, "C4".parse()?)); // White would be in atari
    /// assert!(!board.is_protected(Color::Black, "D4".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn is_protected(&self, color: Color, p: Point) -> bool {
        if !self.is_empty(p) {
            return false;
        }
        let enemy = color.opposite();
        let libs = self.liberties_after_play(enemy, p, 2);
        libs == 0 || (libs == 1 && !self.is_ko_capture(enemy, p, libs))
    }

    /// The protected liberties of the block at `p` (see
    /// [`is_protected`](Board::is_protected)): liberties where an enemy
    /// stone would be captured at once or could not be played.
    ///
    /// ```
    /// use go_board::Board;
    /// let board = Board::from_diagram(
    ///     ". X . .
    ///      X X X .
    ///      . . . .",
    /// )?;
    /// let protected = board.protected_liberties("B3".parse()?);
    /// // White would be suicide at A3, in atari at C3 and A1.
    /// assert_eq!(protected.len(), 3);
    /// assert!(!protected.contains("B1".parse()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn protected_liberties(&self, p: Point) -> PointSet {
        let Some(color) = self.color_at(p) else {
            return PointSet::new();
        };
        self.liberties(p)
            .into_iter()
            .filter(|&q| self.is_protected(color, q))
            .collect()
    }

    /// Whether the block at `p` is a snapback (uttegaeshi): it is in atari,
    /// and if the opponent captures it, the capturing block is left in
    /// atari and is recaptured at once (it is not a ko). Ignores the
    /// current ko ban and superko.
    ///
    /// ```
    /// use go_board::Board;
    /// // Black D3 is in atari. If White takes it at D4, White's three
    /// // stones D4-E4-E3 are left with one liberty, D3: Black takes them.
    /// let board = Board::from_diagram(
    ///     ". . X . O
    ///      . . O X O
    ///      . . . O X
    ///      . . . . .",
    /// )?;
    /// assert!(board.is_snapback("D3".parse()?));
    /// assert!(!board.is_snapback("C4".parse()?)); // two liberties
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn is_snapback(&self, p: Point) -> bool {
        let (Some(color), Some(lib)) = (self.color_at(p), self.the_liberty(p)) else {
            return false;
        };
        let enemy = color.opposite();
        let libs = self.liberties_after_play(enemy, lib, 2);
        libs == 1 && !self.is_ko_capture(enemy, lib, libs)
    }

    /// Moves by the opponent of the block at `p` that put it in atari: for
    /// a block with two liberties, those where an enemy stone is not
    /// suicide. Empty for blocks with one or more than two liberties.
    ///
    /// ```
    /// use go_board::Board;
    /// let board = Board::from_diagram(
    ///     "X . X .
    ///      . X . .
    ///      . . . .",
    /// )?;
    /// // White B3 would be suicide; White A2 puts A3 in atari.
    /// let ataris = board.atari_moves("A3".parse()?);
    /// assert_eq!(ataris.iter().collect::<Vec<_>>(), ["A2".parse()?]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn atari_moves(&self, p: Point) -> PointSet {
        let Some(color) = self.color_at(p) else {
            return PointSet::new();
        };
        if self.num_liberties(p) != 2 {
            return PointSet::new();
        }
        // Filling one liberty leaves one: the captures such a move makes are
        // of the block's colour but never adjacent to it (they would be
        // part of it), so they give it nothing back.
        let enemy = color.opposite();
        self.liberties(p)
            .into_iter()
            .filter(|&q| self.liberties_after_play(enemy, q, 1) >= 1)
            .collect()
    }

    /// Moves that capture the block at `p`: its last liberty when it is in
    /// atari (ignoring ko), else none.
    ///
    /// ```
    /// use go_board::Board;
    /// let board = Board::from_diagram("X O .\n. . .")?;
    /// assert_eq!(board.capture_moves("A2".parse()?).iter().collect::<Vec<_>>(), ["A1".parse()?]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn capture_moves(&self, p: Point) -> PointSet {
        match self.the_liberty(p) {
            Some(lib) => [lib].into_iter().collect(),
            None => PointSet::new(),
        }
    }

    /// Anchors of the enemy blocks adjacent to the block at `p` that are in
    /// atari, sorted.
    ///
    /// ```
    /// use go_board::Board;
    /// let board = Board::from_diagram("X O .\nX X .\n. . .")?;
    /// assert_eq!(board.adjacent_blocks_in_atari("A3".parse()?).as_slice(), ["B3".parse()?]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn adjacent_blocks_in_atari(&self, p: Point) -> SmallVec<[Point; 8]> {
        let mut blocks = self.adjacent_blocks(p);
        blocks.retain(|a| self.num_liberties(*a) == 1);
        blocks
    }

    /// Moves with which the owner of the block at `p` captures an adjacent
    /// enemy block in atari — rescues by capture. Never suicide; ignores
    /// ko.
    ///
    /// ```
    /// use go_board::Board;
    /// // Black A3-A2 is in atari; capturing A1 at B1 rescues it.
    /// let board = Board::from_diagram(
    ///     "X O . .
    ///      X . O .
    ///      O . . .",
    /// )?;
    /// let rescues = board.counter_captures("A3".parse()?);
    /// assert_eq!(rescues.iter().collect::<Vec<_>>(), ["B1".parse()?]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[doc(alias = "rescues")]
    #[must_use]
    pub fn counter_captures(&self, p: Point) -> PointSet {
        let mut moves = PointSet::new();
        let Some(color) = self.color_at(p) else {
            return moves;
        };
        let enemy = Some(color.opposite());
        self.for_each_stone(p, |s| {
            for q in s.neighbours() {
                if self.color_at(q) == enemy {
                    if let Some(lib) = self.the_liberty(q) {
                        moves.insert(lib);
                    }
                }
            }
        });
        moves
    }
}
