//! [`Value`]: a score from the point of view of the side to move.

use core::fmt;
use core::ops::Neg;

/// A score relative to the side to move: positive is good for the player to move.
///
/// Decisive values carry the distance to the end of the game, so a quicker win scores
/// higher: `Value::win_in(3) > Value::win_in(5)`. Heuristic scores from an
/// [`Evaluator`](crate::Evaluator) live strictly between [`Value::MAX_HEURISTIC`] and its
/// negation.
///
/// ```
/// use go_search::Value;
/// assert!(Value::win_in(3) > Value::win_in(5));
/// assert!(Value::win_in(3).is_win());
/// assert_eq!(-Value::win_in(3), Value::loss_in(3));
/// assert!(Value::new(12) < Value::win_in(900));
/// ```
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Value(i32);

impl Value {
    /// Longest line (in plies) whose length decisive values can carry.
    pub const MAX_PLY: u32 = 10_000;
    /// A win right now.
    pub const WIN: Value = Value(1_000_000);
    /// A loss right now.
    pub const LOSS: Value = Value(-1_000_000);
    /// A draw.
    pub const DRAW: Value = Value(0);
    /// The largest heuristic score; [`Value::new`] clamps into `-MAX_HEURISTIC..=MAX_HEURISTIC`.
    pub const MAX_HEURISTIC: Value = Value(1_000_000 - 10_000 - 1);
    /// Above every value (an open alpha-beta window bound).
    pub(crate) const INFINITE: Value = Value(1_000_001);

    /// A heuristic score, clamped into the heuristic range.
    ///
    /// ```
    /// use go_search::Value;
    /// assert_eq!(Value::new(5).raw(), 5);
    /// assert_eq!(Value::new(i32::MAX), Value::MAX_HEURISTIC);
    /// ```
    #[must_use]
    pub const fn new(score: i32) -> Value {
        let m = Value::MAX_HEURISTIC.0;
        Value(if score > m {
            m
        } else if score < -m {
            -m
        } else {
            score
        })
    }

    /// A win `plies` moves from now.
    ///
    /// ```
    /// use go_search::Value;
    /// assert_eq!(Value::win_in(0), Value::WIN);
    /// ```
    #[must_use]
    pub const fn win_in(plies: u32) -> Value {
        let p = if plies > Value::MAX_PLY {
            Value::MAX_PLY
        } else {
            plies
        };
        Value(Value::WIN.0 - p as i32)
    }

    /// A loss `plies` moves from now.
    ///
    /// ```
    /// use go_search::Value;
    /// assert!(Value::loss_in(4).is_loss());
    /// ```
    #[must_use]
    pub const fn loss_in(plies: u32) -> Value {
        Value(-Value::win_in(plies).0)
    }

    /// The raw integer.
    ///
    /// ```
    /// use go_search::Value;
    /// assert_eq!(Value::DRAW.raw(), 0);
    /// ```
    #[must_use]
    pub const fn raw(self) -> i32 {
        self.0
    }

    /// A forced win for the side to move.
    ///
    /// ```
    /// use go_search::Value;
    /// assert!(Value::WIN.is_win() && !Value::new(3).is_win());
    /// ```
    #[must_use]
    pub const fn is_win(self) -> bool {
        self.0 > Value::MAX_HEURISTIC.0
    }

    /// A forced loss for the side to move.
    ///
    /// ```
    /// use go_search::Value;
    /// assert!(Value::LOSS.is_loss());
    /// ```
    #[must_use]
    pub const fn is_loss(self) -> bool {
        self.0 < -Value::MAX_HEURISTIC.0
    }

    /// A win or a loss.
    ///
    /// ```
    /// use go_search::Value;
    /// assert!(!Value::DRAW.is_decisive());
    /// ```
    #[must_use]
    pub const fn is_decisive(self) -> bool {
        self.is_win() || self.is_loss()
    }

    /// Plies to the end of the game for a decisive value.
    ///
    /// ```
    /// use go_search::Value;
    /// assert_eq!(Value::loss_in(7).plies_to_end(), Some(7));
    /// assert_eq!(Value::new(3).plies_to_end(), None);
    /// ```
    #[must_use]
    pub const fn plies_to_end(self) -> Option<u32> {
        if self.is_win() {
            Some((Value::WIN.0 - self.0) as u32)
        } else if self.is_loss() {
            Some((Value::WIN.0 + self.0) as u32)
        } else {
            None
        }
    }

    /// A node-relative value (distance counted from the node) made relative to the root,
    /// the node being `ply` plies below it.
    pub(crate) const fn node_to_root(self, ply: u32) -> Value {
        if self.is_win() {
            Value(self.0 - ply as i32)
        } else if self.is_loss() {
            Value(self.0 + ply as i32)
        } else {
            self
        }
    }

    /// Inverse of [`Value::node_to_root`].
    pub(crate) const fn root_to_node(self, ply: u32) -> Value {
        if self.is_win() {
            Value(self.0 + ply as i32)
        } else if self.is_loss() {
            Value(self.0 - ply as i32)
        } else {
            self
        }
    }

    pub(crate) const fn add(self, d: i32) -> Value {
        Value(self.0.saturating_add(d))
    }
}

impl Neg for Value {
    type Output = Value;
    fn neg(self) -> Value {
        Value(-self.0)
    }
}

impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// `win in 3`, `loss in 2`, or the number.
impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.plies_to_end() {
            Some(p) if self.is_win() => write!(f, "win in {p}"),
            Some(p) => write!(f, "loss in {p}"),
            None => write!(f, "{}", self.0),
        }
    }
}
