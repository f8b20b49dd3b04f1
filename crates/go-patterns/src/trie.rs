//! A PATRICIA trie of patterns, exactly as Fractal Go (Carro, Riesco and
//! Rodríguez 2005, §2.3 and ch. 5) describes it.
//!
//! - An `M`-ary trie over symbols `0..M`; symbol 0 is the thesis's "don't
//!   care" and symbols 1 and 2 its two colours (1 White, 2 Black). The
//!   pattern keys of this crate add 3 (empty) and 4 (off the board); see
//!   [`symbol`].
//! - **Collapsed single-child chains** (§2.3.1): a slot holds nothing, a
//!   node, or a *leaf* — a value stored with its full key. Inserting onto a
//!   leaf turns the slot into a node and re-inserts the displaced leaf
//!   from there (repeatedly while the keys agree); a key that ends at a
//!   node stores its value in the node. Two keys `C` and `BCAC` take three
//!   nodes (root and two leaves) instead of six.
//! - **Pattern searches** (§2.3.2) over a *board key* (the symbols a board
//!   shows in the same linear order): at each position the board's symbol
//!   `s` follows branch `s` **and** the don't-care branch; the search goes
//!   as deep as it can and returns the matching value with the **longest
//!   key**; a **leaf test** (the caller's closure: right colour, legal move
//!   …) rejects unusable values during the search; and the **colour-swapped**
//!   search runs the same on the board with colours exchanged and returns
//!   the better of the two.
//!
//! A stored key matches a board key when it is no longer and agrees with it
//! at every position where the stored symbol is not 0. Among equally long
//! matches the search returns the first in depth-first order, which visits
//! a specific symbol's branch before the don't-care branch: the match that
//! is more specific at the first position where they differ.
//!
//! ```
//! use go_patterns::trie::PatriciaTrie;
//! // The thesis's example over {A, B, C} = {0, 1, 2}.
//! let mut trie: PatriciaTrie<u32, 3> = PatriciaTrie::new();
//! trie.insert(&[2], 5)?;             // "C"
//! trie.insert(&[1, 2, 0, 2], 7)?;    // "BCAC"
//! assert_eq!(trie.num_nodes() + trie.num_leaves(), 3);
//! assert_eq!(trie.get(&[1, 2, 0, 2]), Some(&7));
//! assert_eq!(trie.get(&[1, 2]), None);
//! // "BCAC" has a don't-care (A = 0) third symbol: it matches board "BCBC…".
//! let found = trie.longest_match(&[1, 2, 1, 2, 1], |_, _| true).unwrap();
//! assert_eq!((found.key, *found.value), (&[1, 2, 0, 2][..], 7));
//! # Ok::<(), go_patterns::trie::TrieError>(())
//! ```

use std::fmt;

use go_board::{Point, Position};

use crate::cell::Cell;
use crate::error::PatternError;
use crate::pattern::{Pattern, state_at};
use crate::shape::Shape;

/// The symbols of this crate's pattern keys.
///
/// ```
/// use go_patterns::trie::symbol;
/// assert_eq!(symbol::swap_colors(symbol::WHITE), symbol::BLACK);
/// assert_eq!(symbol::swap_colors(symbol::EDGE), symbol::EDGE);
/// ```
pub mod symbol {
    use crate::cell::PointState;

    /// Don't care (the thesis's 0).
    pub const ANY: u8 = 0;
    /// A White stone (the thesis's 1).
    pub const WHITE: u8 = 1;
    /// A Black stone (the thesis's 2).
    pub const BLACK: u8 = 2;
    /// An empty point (an extension: the thesis cannot require one).
    pub const EMPTY: u8 = 3;
    /// Off the board (an extension).
    pub const EDGE: u8 = 4;
    /// The alphabet size of pattern keys.
    pub const ALPHABET: usize = 5;

    /// The symbol a board shows for a state.
    ///
    /// ```
    /// use go_patterns::{PointState, trie::symbol};
    /// assert_eq!(symbol::of_state(PointState::Black), symbol::BLACK);
    /// ```
    #[must_use]
    pub const fn of_state(state: PointState) -> u8 {
        match state {
            PointState::Empty => EMPTY,
            PointState::Black => BLACK,
            PointState::White => WHITE,
            PointState::Edge => EDGE,
        }
    }

    /// Exchanges the colour symbols 1 and 2.
    ///
    /// ```
    /// use go_patterns::trie::symbol;
    /// assert_eq!(symbol::swap_colors(symbol::BLACK), symbol::WHITE);
    /// ```
    #[must_use]
    pub const fn swap_colors(s: u8) -> u8 {
        match s {
            WHITE => BLACK,
            BLACK => WHITE,
            other => other,
        }
    }
}

/// A key the trie cannot hold.
///
/// ```
/// use go_patterns::trie::{PatriciaTrie, TrieError};
/// let mut trie: PatriciaTrie<(), 3> = PatriciaTrie::new();
/// assert_eq!(trie.insert(&[1, 3], ()), Err(TrieError::SymbolOutOfRange { position: 1, symbol: 3 }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TrieError {
    /// A symbol not below the alphabet size.
    #[error("symbol {symbol} at key position {position} is outside the alphabet")]
    SymbolOutOfRange {
        /// Where in the key.
        position: usize,
        /// The symbol.
        symbol: u8,
    },
}

/// A value with its full key.
#[derive(Clone, Debug)]
struct Entry<V> {
    key: Box<[u8]>,
    value: V,
}

/// A child slot: nothing, an internal node, or a collapsed leaf.
#[derive(Clone, Debug)]
enum Slot<V, const M: usize> {
    Empty,
    Node(Box<Node<V, M>>),
    Leaf(Box<Entry<V>>),
}

#[derive(Clone, Debug)]
struct Node<V, const M: usize> {
    /// The value whose key ends at this node.
    value: Option<Box<Entry<V>>>,
    children: [Slot<V, M>; M],
    /// The longest key stored below (for pruning longest-match searches).
    longest: usize,
}

impl<V, const M: usize> Node<V, M> {
    fn new() -> Node<V, M> {
        Node {
            value: None,
            children: std::array::from_fn(|_| Slot::Empty),
            longest: 0,
        }
    }
}

/// A stored key and its value, as a search finds them.
///
/// ```
/// use go_patterns::trie::PatriciaTrie;
/// let mut trie: PatriciaTrie<&str> = PatriciaTrie::new();
/// trie.insert(&[2, 0], "black, then anything")?;
/// let found = trie.longest_match(&[2, 3], |_, _| true).unwrap();
/// assert_eq!(found.key, &[2, 0]);
/// assert_eq!(*found.value, "black, then anything");
/// # Ok::<(), go_patterns::trie::TrieError>(())
/// ```
#[derive(Debug, PartialEq, Eq)]
pub struct Found<'a, V> {
    /// The stored key.
    pub key: &'a [u8],
    /// Its value.
    pub value: &'a V,
}

impl<V> Clone for Found<'_, V> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<V> Copy for Found<'_, V> {}

/// The better of a direct and a colour-swapped search.
///
/// ```
/// use go_patterns::trie::PatriciaTrie;
/// let mut trie: PatriciaTrie<u8> = PatriciaTrie::new();
/// trie.insert(&[1, 1], 9)?; // two White stones
/// let board = [2, 2];        // two Black stones
/// let best = trie.longest_match_either_color(&board, |_, _, _| true).unwrap();
/// assert!(best.swapped);
/// # Ok::<(), go_patterns::trie::TrieError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ColorMatch<'a, V> {
    /// What was found.
    pub found: Found<'a, V>,
    /// Whether it matched the board with colours swapped.
    pub swapped: bool,
}

/// The PATRICIA trie of Fractal Go §2.3 over the alphabet `0..M` (see the
/// [module documentation](self)).
///
/// ```
/// use go_patterns::trie::PatriciaTrie;
/// let mut trie: PatriciaTrie<u32> = PatriciaTrie::new();
/// assert_eq!(trie.insert(&[1, 2, 3], 1)?, None);
/// assert_eq!(trie.insert(&[1, 2, 3], 2)?, Some(1)); // replaced
/// assert_eq!(trie.len(), 1);
/// # Ok::<(), go_patterns::trie::TrieError>(())
/// ```
#[derive(Clone, Debug)]
pub struct PatriciaTrie<V, const M: usize = { symbol::ALPHABET }> {
    root: Node<V, M>,
    len: usize,
    nodes: usize,
}

impl<V, const M: usize> Default for PatriciaTrie<V, M> {
    fn default() -> Self {
        PatriciaTrie::new()
    }
}

impl<V, const M: usize> PatriciaTrie<V, M> {
    /// An empty trie (just the root node).
    ///
    /// ```
    /// use go_patterns::trie::PatriciaTrie;
    /// let trie: PatriciaTrie<()> = PatriciaTrie::new();
    /// assert!(trie.is_empty());
    /// assert_eq!(trie.num_nodes(), 1);
    /// ```
    #[must_use]
    pub fn new() -> PatriciaTrie<V, M> {
        assert!(M >= 1 && M <= 256, "alphabet size must be 1..=256");
        PatriciaTrie {
            root: Node::new(),
            len: 0,
            nodes: 1,
        }
    }

    /// The number of stored keys.
    ///
    /// ```
    /// use go_patterns::trie::PatriciaTrie;
    /// let mut trie: PatriciaTrie<()> = PatriciaTrie::new();
    /// trie.insert(&[], ())?;
    /// assert_eq!(trie.len(), 1);
    /// # Ok::<(), go_patterns::trie::TrieError>(())
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether nothing is stored.
    ///
    /// ```
    /// use go_patterns::trie::PatriciaTrie;
    /// assert!(PatriciaTrie::<u8>::new().is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The number of internal nodes, the root included.
    ///
    /// ```
    /// use go_patterns::trie::PatriciaTrie;
    /// let mut trie: PatriciaTrie<u8, 3> = PatriciaTrie::new();
    /// trie.insert(&[1, 2, 0, 2], 7)?;
    /// trie.insert(&[1, 2, 1, 2], 2)?; // "BCBC" splits the "BCAC" leaf twice
    /// assert_eq!(trie.num_nodes(), 3);
    /// assert_eq!(trie.num_leaves(), 2);
    /// # Ok::<(), go_patterns::trie::TrieError>(())
    /// ```
    #[must_use]
    pub fn num_nodes(&self) -> usize {
        self.nodes
    }

    /// The number of values held in collapsed leaves (the others sit in
    /// nodes).
    ///
    /// ```
    /// use go_patterns::trie::PatriciaTrie;
    /// let mut trie: PatriciaTrie<u8, 3> = PatriciaTrie::new();
    /// trie.insert(&[1], 1)?;
    /// trie.insert(&[1, 1], 2)?; // "B" becomes a node holding its value
    /// assert_eq!((trie.num_nodes(), trie.num_leaves()), (2, 1));
    /// # Ok::<(), go_patterns::trie::TrieError>(())
    /// ```
    #[must_use]
    pub fn num_leaves(&self) -> usize {
        let mut leaves = 0;
        self.walk(&mut |slot_is_leaf, _| leaves += usize::from(slot_is_leaf));
        leaves
    }

    fn walk(&self, f: &mut impl FnMut(bool, &Entry<V>)) {
        fn go<V, const M: usize>(node: &Node<V, M>, f: &mut impl FnMut(bool, &Entry<V>)) {
            if let Some(e) = &node.value {
                f(false, e);
            }
            for slot in &node.children {
                match slot {
                    Slot::Empty => {}
                    Slot::Node(child) => go(child, f),
                    Slot::Leaf(e) => f(true, e),
                }
            }
        }
        go(&self.root, f);
    }

    /// Every stored key and value, in depth-first order (by symbol).
    ///
    /// ```
    /// use go_patterns::trie::PatriciaTrie;
    /// let mut trie: PatriciaTrie<char> = PatriciaTrie::new();
    /// trie.insert(&[2], 'b')?;
    /// trie.insert(&[1], 'w')?;
    /// let all: Vec<char> = trie.iter().map(|f| *f.value).collect();
    /// assert_eq!(all, ['w', 'b']);
    /// # Ok::<(), go_patterns::trie::TrieError>(())
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = Found<'_, V>> {
        let mut out = Vec::with_capacity(self.len);
        fn go<'a, V, const M: usize>(node: &'a Node<V, M>, out: &mut Vec<Found<'a, V>>) {
            if let Some(e) = &node.value {
                out.push(found(e));
            }
            for slot in &node.children {
                match slot {
                    Slot::Empty => {}
                    Slot::Node(child) => go(child, out),
                    Slot::Leaf(e) => out.push(found(e)),
                }
            }
        }
        go(&self.root, &mut out);
        out.into_iter()
    }

    fn check(key: &[u8]) -> Result<(), TrieError> {
        match key.iter().position(|&s| s as usize >= M) {
            Some(position) => Err(TrieError::SymbolOutOfRange {
                position,
                symbol: key[position],
            }),
            None => Ok(()),
        }
    }

    /// Stores `value` under `key`, returning the value it replaces.
    ///
    /// # Errors
    /// [`TrieError::SymbolOutOfRange`] for a symbol not below `M`.
    ///
    /// ```
    /// use go_patterns::trie::PatriciaTrie;
    /// let mut trie: PatriciaTrie<i32> = PatriciaTrie::new();
    /// trie.insert(&[1, 0, 2], 10)?;
    /// assert_eq!(trie.get(&[1, 0, 2]), Some(&10));
    /// # Ok::<(), go_patterns::trie::TrieError>(())
    /// ```
    pub fn insert(&mut self, key: &[u8], value: V) -> Result<Option<V>, TrieError> {
        Self::check(key)?;
        let entry = Box::new(Entry {
            key: key.into(),
            value,
        });
        let old = insert_at(&mut self.root, 0, entry, &mut self.nodes);
        if old.is_none() {
            self.len += 1;
        }
        Ok(old)
    }

    /// The value stored under exactly `key` (the thesis's optimised
    /// search: follow the key; on a leaf compare the stored key).
    ///
    /// ```
    /// use go_patterns::trie::PatriciaTrie;
    /// let mut trie: PatriciaTrie<u8> = PatriciaTrie::new();
    /// trie.insert(&[1, 2], 3)?;
    /// assert_eq!(trie.get(&[1, 2]), Some(&3));
    /// assert_eq!(trie.get(&[1]), None);
    /// assert_eq!(trie.get(&[1, 2, 0]), None);
    /// # Ok::<(), go_patterns::trie::TrieError>(())
    /// ```
    #[must_use]
    pub fn get(&self, key: &[u8]) -> Option<&V> {
        let mut node = &self.root;
        let mut depth = 0;
        loop {
            if depth == key.len() {
                return node.value.as_ref().map(|e| &e.value);
            }
            match node.children.get(key[depth] as usize)? {
                Slot::Empty => return None,
                Slot::Node(child) => node = child,
                Slot::Leaf(e) => return (*e.key == *key).then_some(&e.value),
            }
            depth += 1;
        }
    }

    /// Whether `key` is stored.
    ///
    /// ```
    /// use go_patterns::trie::PatriciaTrie;
    /// let mut trie: PatriciaTrie<()> = PatriciaTrie::new();
    /// trie.insert(&[4], ())?;
    /// assert!(trie.contains_key(&[4]));
    /// # Ok::<(), go_patterns::trie::TrieError>(())
    /// ```
    #[must_use]
    pub fn contains_key(&self, key: &[u8]) -> bool {
        self.get(key).is_some()
    }

    /// Every stored entry matching `board` (each stored symbol is 0 or
    /// equal to the board's, and the key is no longer than the board key),
    /// in depth-first order.
    ///
    /// ```
    /// use go_patterns::trie::PatriciaTrie;
    /// let mut trie: PatriciaTrie<u8> = PatriciaTrie::new();
    /// trie.insert(&[2], 1)?;
    /// trie.insert(&[0, 1], 2)?;
    /// trie.insert(&[2, 2], 3)?;
    /// let found: Vec<u8> = trie.matches(&[2, 1]).iter().map(|f| *f.value).collect();
    /// assert_eq!(found, [1, 2]);
    /// # Ok::<(), go_patterns::trie::TrieError>(())
    /// ```
    #[must_use]
    pub fn matches(&self, board: &[u8]) -> Vec<Found<'_, V>> {
        let mut out = Vec::new();
        search(&self.root, 0, board, &mut |e: &Entry<V>| out.push(found(e)));
        out
    }

    /// The matching entry with the longest key among those passing the
    /// leaf test `accept(key, value)` (Fractal Go §2.3.2: "search as deep
    /// as possible", "don't care" branches, validity test on leaves).
    ///
    /// ```
    /// use go_patterns::trie::PatriciaTrie;
    /// let mut trie: PatriciaTrie<&str> = PatriciaTrie::new();
    /// trie.insert(&[2], "short")?;
    /// trie.insert(&[2, 0, 1], "long")?;
    /// let board = [2, 2, 1, 1];
    /// assert_eq!(*trie.longest_match(&board, |_, _| true).unwrap().value, "long");
    /// // The leaf test rejects the long one: the short one is found instead.
    /// let found = trie.longest_match(&board, |_, v| *v != "long").unwrap();
    /// assert_eq!(*found.value, "short");
    /// # Ok::<(), go_patterns::trie::TrieError>(())
    /// ```
    pub fn longest_match(
        &self,
        board: &[u8],
        mut accept: impl FnMut(&[u8], &V) -> bool,
    ) -> Option<Found<'_, V>> {
        let mut best: Option<&Entry<V>> = None;
        longest(&self.root, 0, board, &mut accept, &mut best);
        best.map(found)
    }

    /// The thesis's colour-symmetric search: the longest match on `board`
    /// and on `board` with symbols 1 and 2 exchanged, the longer of the two
    /// (the direct one on a tie). The leaf test receives whether the
    /// search is the swapped one.
    ///
    /// ```
    /// use go_patterns::trie::PatriciaTrie;
    /// let mut trie: PatriciaTrie<&str> = PatriciaTrie::new();
    /// trie.insert(&[2, 1], "black-white")?;
    /// trie.insert(&[1, 2, 2], "white-black-black")?;
    /// let best = trie.longest_match_either_color(&[2, 1, 1], |_, _, _| true).unwrap();
    /// assert!(best.swapped);
    /// assert_eq!(*best.found.value, "white-black-black");
    /// # Ok::<(), go_patterns::trie::TrieError>(())
    /// ```
    pub fn longest_match_either_color(
        &self,
        board: &[u8],
        mut accept: impl FnMut(&[u8], &V, bool) -> bool,
    ) -> Option<ColorMatch<'_, V>> {
        let direct = self.longest_match(board, |k, v| accept(k, v, false));
        let swapped_board: Vec<u8> = board.iter().map(|&s| symbol::swap_colors(s)).collect();
        let swapped = self.longest_match(&swapped_board, |k, v| accept(k, v, true));
        match (direct, swapped) {
            (Some(d), Some(s)) if s.key.len() > d.key.len() => Some(ColorMatch {
                found: s,
                swapped: true,
            }),
            (Some(d), _) => Some(ColorMatch {
                found: d,
                swapped: false,
            }),
            (None, Some(s)) => Some(ColorMatch {
                found: s,
                swapped: true,
            }),
            (None, None) => None,
        }
    }
}

/// The key of `pattern` in the order of `shape`: each offset's cell as a
/// [`symbol`] (no cell: don't care).
///
/// # Errors
/// [`PatternError::UnsupportedCell`] for a cell that is not one state or
/// don't care (`x`, `o`, relative cells), since a key position holds one
/// symbol.
///
/// ```
/// use go_patterns::{Pattern, Shape, trie::{pattern_key, symbol}};
/// let p: Pattern = "X O\n. ?".parse()?;
/// let key = pattern_key(&p, &Shape::square(2)?)?;
/// assert_eq!(key, [symbol::BLACK, symbol::WHITE, symbol::ANY, symbol::EMPTY]);
/// # Ok::<(), go_patterns::PatternError>(())
/// ```
pub fn pattern_key(pattern: &Pattern, shape: &Shape) -> Result<Vec<u8>, PatternError> {
    shape
        .offsets()
        .iter()
        .map(|&o| match pattern.get(o) {
            None | Some(Cell::Any) => Ok(symbol::ANY),
            Some(Cell::Empty) => Ok(symbol::EMPTY),
            Some(Cell::Black) => Ok(symbol::BLACK),
            Some(Cell::White) => Ok(symbol::WHITE),
            Some(Cell::Edge) => Ok(symbol::EDGE),
            Some(cell) => Err(PatternError::UnsupportedCell { offset: o, cell }),
        })
        .collect()
}

/// The board key: the state of each offset of `shape` from `p` as a
/// [`symbol`], off the board as [`symbol::EDGE`].
///
/// ```
/// use go_board::Board;
/// use go_patterns::{Shape, trie::{board_key, symbol}};
/// let board = Board::from_diagram("X .\n. O")?;
/// let key = board_key(&board, "A2".parse()?, &Shape::square(3)?);
/// assert_eq!(&key[..4], [symbol::BLACK, symbol::EMPTY, symbol::WHITE, symbol::EMPTY]);
/// assert_eq!(key[4], symbol::EDGE);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn board_key<P: Position + ?Sized>(pos: &P, p: Point, shape: &Shape) -> Vec<u8> {
    let mut key = Vec::with_capacity(shape.len());
    board_key_into(pos, p, shape, &mut key);
    key
}

/// [`board_key`] into a reused buffer (cleared first).
///
/// ```
/// use go_board::Board;
/// use go_patterns::{Shape, trie::board_key_into};
/// let board = Board::new(9)?;
/// let mut key = Vec::new();
/// board_key_into(&board, "E5".parse()?, &Shape::diamond(2)?, &mut key);
/// assert_eq!(key.len(), 13);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn board_key_into<P: Position + ?Sized>(pos: &P, p: Point, shape: &Shape, key: &mut Vec<u8>) {
    key.clear();
    key.extend(
        shape
            .offsets()
            .iter()
            .map(|&o| symbol::of_state(state_at(pos, p, o))),
    );
}

fn found<V>(e: &Entry<V>) -> Found<'_, V> {
    Found {
        key: &e.key,
        value: &e.value,
    }
}

/// Inserts below `node` (reached by `entry.key[..depth]`), splitting leaves
/// met on the way; returns the replaced value.
fn insert_at<V, const M: usize>(
    node: &mut Node<V, M>,
    depth: usize,
    entry: Box<Entry<V>>,
    nodes: &mut usize,
) -> Option<V> {
    node.longest = node.longest.max(entry.key.len());
    if depth == entry.key.len() {
        return match &mut node.value {
            Some(old) => Some(std::mem::replace(&mut old.value, entry.value)),
            None => {
                node.value = Some(entry);
                None
            }
        };
    }
    let s = entry.key[depth] as usize;
    match &mut node.children[s] {
        Slot::Empty => {
            node.children[s] = Slot::Leaf(entry);
            None
        }
        Slot::Node(child) => insert_at(child, depth + 1, entry, nodes),
        Slot::Leaf(leaf) if leaf.key == entry.key => {
            Some(std::mem::replace(&mut leaf.value, entry.value))
        }
        Slot::Leaf(_) => {
            // §2.3.1: a node replaces the leaf, the displaced value is
            // re-inserted from it, then the insertion goes on.
            let Slot::Leaf(displaced) = std::mem::replace(&mut node.children[s], Slot::Empty)
            else {
                unreachable!("the slot holds a leaf")
            };
            let mut child = Box::new(Node::new());
            *nodes += 1;
            insert_at(&mut child, depth + 1, displaced, nodes);
            let old = insert_at(&mut child, depth + 1, entry, nodes);
            node.children[s] = Slot::Node(child);
            old
        }
    }
}

/// Whether a leaf's key, already matched before `from`, matches `board`.
#[inline]
fn leaf_matches(key: &[u8], board: &[u8], from: usize) -> bool {
    key.len() <= board.len()
        && key[from..]
            .iter()
            .zip(&board[from..])
            .all(|(&k, &b)| k == symbol::ANY || k == b)
}

/// Visits every matching entry below `node` in depth-first order: the
/// node's own value, then the board symbol's branch, then don't care.
fn search<'a, V, const M: usize>(
    node: &'a Node<V, M>,
    depth: usize,
    board: &[u8],
    visit: &mut impl FnMut(&'a Entry<V>),
) {
    if let Some(e) = &node.value {
        visit(e);
    }
    if depth == board.len() {
        return;
    }
    let s = board[depth];
    for branch in branches(s) {
        match node.children.get(branch as usize) {
            None | Some(Slot::Empty) => {}
            Some(Slot::Node(child)) => search(child, depth + 1, board, visit),
            Some(Slot::Leaf(e)) => {
                if leaf_matches(&e.key, board, depth + 1) {
                    visit(e);
                }
            }
        }
    }
}

/// The branches a board symbol follows: its own, then don't care.
#[inline]
fn branches(s: u8) -> impl Iterator<Item = u8> {
    [s, symbol::ANY]
        .into_iter()
        .take(if s == symbol::ANY { 1 } else { 2 })
}

/// Longest accepted match below `node`; keeps the first found on ties and
/// skips subtrees that cannot hold a longer key.
fn longest<'a, V, const M: usize>(
    node: &'a Node<V, M>,
    depth: usize,
    board: &[u8],
    accept: &mut impl FnMut(&[u8], &V) -> bool,
    best: &mut Option<&'a Entry<V>>,
) {
    let beats = |len: usize, best: &Option<&Entry<V>>| best.is_none_or(|b| len > b.key.len());
    if !beats(node.longest.min(board.len()), best) {
        return;
    }
    if let Some(e) = &node.value {
        if beats(e.key.len(), best) && accept(&e.key, &e.value) {
            *best = Some(e);
        }
    }
    if depth == board.len() || !beats(node.longest.min(board.len()), best) {
        return;
    }
    let s = board[depth];
    for branch in branches(s) {
        match node.children.get(branch as usize) {
            None | Some(Slot::Empty) => {}
            Some(Slot::Node(child)) => {
                if beats(child.longest.min(board.len()), best) {
                    longest(child, depth + 1, board, accept, best);
                }
            }
            Some(Slot::Leaf(e)) => {
                if beats(e.key.len(), best)
                    && leaf_matches(&e.key, board, depth + 1)
                    && accept(&e.key, &e.value)
                {
                    *best = Some(e);
                }
            }
        }
    }
}

impl<V: fmt::Debug, const M: usize> PatriciaTrie<V, M> {
    /// A text dump of the trie structure, one line per node value or leaf,
    /// indented by depth (for debugging and documentation).
    ///
    /// ```
    /// use go_patterns::trie::PatriciaTrie;
    /// let mut trie: PatriciaTrie<u8, 3> = PatriciaTrie::new();
    /// trie.insert(&[2], 5)?;
    /// trie.insert(&[1, 2, 0, 2], 7)?;
    /// assert_eq!(trie.dump(), "1: leaf [1, 2, 0, 2] = 7\n2: leaf [2] = 5\n");
    /// # Ok::<(), go_patterns::trie::TrieError>(())
    /// ```
    #[must_use]
    pub fn dump(&self) -> String {
        fn go<V: fmt::Debug, const M: usize>(node: &Node<V, M>, depth: usize, out: &mut String) {
            use std::fmt::Write;
            let pad = "  ".repeat(depth);
            if let Some(e) = &node.value {
                let _ = writeln!(out, "{pad}value {:?} = {:?}", e.key, e.value);
            }
            for (s, slot) in node.children.iter().enumerate() {
                match slot {
                    Slot::Empty => {}
                    Slot::Node(child) => {
                        let _ = writeln!(out, "{pad}{s}: node");
                        go(child, depth + 1, out);
                    }
                    Slot::Leaf(e) => {
                        let _ = writeln!(out, "{pad}{s}: leaf {:?} = {:?}", e.key, e.value);
                    }
                }
            }
        }
        let mut out = String::new();
        go(&self.root, 0, &mut out);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_thesis_example_splits_as_figure_2_8() {
        let mut trie: PatriciaTrie<u32, 3> = PatriciaTrie::new();
        trie.insert(&[2], 5).unwrap();
        trie.insert(&[1, 2, 0, 2], 7).unwrap();
        assert_eq!(trie.num_nodes(), 1);
        trie.insert(&[1, 2, 1, 2], 2).unwrap();
        // Root, B, BC nodes; leaves C, BCAC, BCBC.
        assert_eq!(trie.num_nodes(), 3);
        assert_eq!(trie.num_leaves(), 3);
        assert_eq!(
            trie.dump(),
            "1: node\n  2: node\n    0: leaf [1, 2, 0, 2] = 7\n    1: leaf [1, 2, 1, 2] = 2\n2: leaf [2] = 5\n"
        );
        for (k, v) in [(&[2][..], 5), (&[1, 2, 0, 2], 7), (&[1, 2, 1, 2], 2)] {
            assert_eq!(trie.get(k), Some(&v));
        }
        assert_eq!(trie.get(&[1, 2, 2, 2]), None);
    }

    #[test]
    fn keys_ending_at_nodes_keep_their_values() {
        let mut trie: PatriciaTrie<u32> = PatriciaTrie::new();
        trie.insert(&[1, 1, 1], 3).unwrap();
        trie.insert(&[1, 1, 1, 1, 1], 5).unwrap();
        trie.insert(&[1], 1).unwrap();
        trie.insert(&[], 0).unwrap();
        assert_eq!(trie.len(), 4);
        for n in [0usize, 1, 3, 5] {
            assert_eq!(trie.get(&vec![1; n]), Some(&(n as u32)));
        }
        assert_eq!(trie.get(&[1, 1]), None);
        let all: Vec<u32> = trie.matches(&[1; 6]).iter().map(|f| *f.value).collect();
        assert_eq!(all, [0, 1, 3, 5]);
        assert_eq!(*trie.longest_match(&[1; 4], |_, _| true).unwrap().value, 3);
    }
}
