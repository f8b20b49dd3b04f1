//! The eye graph: an eye space abstracted as a few points with their
//! adjacency, the points next to the wall, the marginal points and the
//! stones on them, built and checked.

use super::rules::{bits, full_mask};

/// Most points an [`EyeGraph`] may have.
///
/// ```
/// use go_eye::space::{EyeGraph, EyeGraphError, MAX_GRAPH_POINTS};
/// let too_many = vec![0u16; MAX_GRAPH_POINTS + 1];
/// assert_eq!(EyeGraph::new(&too_many, 0, 0, 0), Err(EyeGraphError::TooLarge(15)));
/// ```
pub const MAX_GRAPH_POINTS: usize = 14;

/// Outside liberties of the wall in the evaluation: enough for every eye
/// space the tables know (values stop changing at four, see the tables).
pub(crate) const OUTSIDE_LIBERTIES: u8 = 4;

/// An abstract eye space: up to [`MAX_GRAPH_POINTS`] points with their
/// adjacency, which of them touch the wall, which are marginal, and the
/// dead attacker stones on them.
///
/// ```
/// use go_eye::space::EyeGraph;
/// // A straight three in the open: one eye if the attacker moves first,
/// // two if the owner does, both at the middle point.
/// let graph = EyeGraph::line(3, 0, 0);
/// let v = graph.value().unwrap();
/// assert_eq!((v.min, v.max), (1, 2));
/// assert_eq!((v.attack, v.defence), (Some(1), Some(1)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct EyeGraph {
    /// `adjacent[i]`: bit mask of the points next to point `i`.
    pub(super) adjacent: Vec<u16>,
    /// Points next to the wall (an owner stone there joins it).
    pub(super) wall: u16,
    /// Marginal points: an attacker stone there is connected to live stones outside.
    pub(super) marginal: u16,
    /// Attacker stones on the points.
    pub(super) enemy: u16,
    /// Outside liberties of the wall.
    pub(super) liberties: u8,
    /// Owner stones on the points at the start.
    pub(super) own: u16,
    /// Marginal points out of the owner's reach: not next to the wall.
    pub(super) shut: u16,
}

/// Why an [`EyeGraph`] cannot be built or solved.
///
/// ```
/// use go_eye::space::{EyeGraph, EyeGraphError};
/// // Point 0 names point 1 as a neighbour, but not the other way round.
/// assert_eq!(EyeGraph::new(&[0b10, 0], 0, 0, 0), Err(EyeGraphError::BadAdjacency(0)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EyeGraphError {
    /// More than [`MAX_GRAPH_POINTS`] points.
    #[error("an eye graph has at most {MAX_GRAPH_POINTS} points, not {0}")]
    TooLarge(usize),
    /// An adjacency list names a point that does not exist, or the point itself.
    #[error("point {0} has a bad neighbour list")]
    BadAdjacency(usize),
    /// A block of the position has no liberty.
    #[error("a block has no liberty in this eye graph")]
    NoLiberty,
    /// The search for a big graph ran out of its node budget.
    #[error("the eye graph is too hard to solve within the search budget")]
    Unsolved,
}

impl EyeGraph {
    /// A graph with `adjacent[i]` the neighbours of point `i`, `wall` the
    /// points next to the wall, `marginal` the marginal points and `enemy`
    /// the points holding attacker stones (each a bit mask over the points).
    ///
    /// ```
    /// use go_eye::space::EyeGraph;
    /// // `!.`: a marginal point next to an ordinary one (a half eye).
    /// let g = EyeGraph::new(&[0b10, 0b01], 0b11, 0b01, 0)?;
    /// let v = g.value()?;
    /// assert_eq!((v.min, v.max, v.attack, v.defence), (0, 1, Some(0), Some(0)));
    /// # Ok::<(), go_eye::space::EyeGraphError>(())
    /// ```
    ///
    /// # Errors
    /// [`EyeGraphError::TooLarge`] beyond [`MAX_GRAPH_POINTS`] points,
    /// [`EyeGraphError::BadAdjacency`] for a neighbour that is not a point
    /// of the graph or not symmetric.
    pub fn new(
        adjacent: &[u16],
        wall: u16,
        marginal: u16,
        enemy: u16,
    ) -> Result<EyeGraph, EyeGraphError> {
        let n = adjacent.len();
        if n > MAX_GRAPH_POINTS {
            return Err(EyeGraphError::TooLarge(n));
        }
        let full = full_mask(n);
        for (i, &m) in adjacent.iter().enumerate() {
            if m & !full != 0 || m >> i & 1 == 1 {
                return Err(EyeGraphError::BadAdjacency(i));
            }
            for j in bits(m) {
                if adjacent[j.trailing_zeros() as usize] >> i & 1 == 0 {
                    return Err(EyeGraphError::BadAdjacency(i));
                }
            }
        }
        Ok(EyeGraph {
            adjacent: adjacent.to_vec(),
            wall: wall & full,
            marginal: marginal & full,
            enemy: enemy & full,
            liberties: OUTSIDE_LIBERTIES,
            own: 0,
            shut: 0,
        })
    }

    /// A line of `n` points, every one next to the wall, with the first
    /// `marginal_ends` ends (0, 1 or 2) marginal and attacker stones on the
    /// points of the mask `enemy`.
    ///
    /// ```
    /// use go_eye::space::EyeGraph;
    /// assert_eq!(EyeGraph::line(4, 0, 0).value().unwrap().min, 2);
    /// ```
    ///
    /// # Panics
    /// If `n` is 0 or above [`MAX_GRAPH_POINTS`] (a program error).
    #[must_use]
    pub fn line(n: usize, marginal_ends: usize, enemy: u16) -> EyeGraph {
        assert!((1..=MAX_GRAPH_POINTS).contains(&n), "line of {n} points");
        let adjacent: Vec<u16> = (0..n)
            .map(|i| {
                let mut m = 0;
                if i > 0 {
                    m |= 1 << (i - 1);
                }
                if i + 1 < n {
                    m |= 1 << (i + 1);
                }
                m
            })
            .collect();
        let mut marginal = 0;
        if marginal_ends >= 1 {
            marginal |= 1;
        }
        if marginal_ends >= 2 {
            marginal |= 1 << (n - 1);
        }
        EyeGraph {
            adjacent,
            wall: full_mask(n),
            marginal,
            enemy: enemy & full_mask(n),
            liberties: OUTSIDE_LIBERTIES,
            own: 0,
            shut: 0,
        }
    }

    /// The same graph with the wall having `liberties` outside liberties
    /// (default 4, where the values of every eye of up to seven points
    /// stop changing).
    ///
    /// ```
    /// use go_eye::space::EyeGraph;
    /// assert_eq!(EyeGraph::line(3, 0, 0).with_outside_liberties(1).value().unwrap().max, 2);
    /// ```
    #[must_use]
    pub fn with_outside_liberties(mut self, liberties: u8) -> EyeGraph {
        self.liberties = liberties.min(15);
        self
    }

    /// The same graph with owner stones on the points of the mask `own`
    /// (points holding attacker stones excluded).
    ///
    /// ```
    /// use go_eye::space::EyeGraph;
    /// // A straight three whose middle the owner holds: two eyes.
    /// let v = EyeGraph::line(3, 0, 0).with_owner_stones(0b010).value().unwrap();
    /// assert_eq!((v.min, v.max), (2, 2));
    /// ```
    #[must_use]
    pub fn with_owner_stones(mut self, own: u16) -> EyeGraph {
        self.own = own & full_mask(self.len()) & !self.enemy;
        self
    }

    /// The same graph with the marginal points of the mask `shut` out of
    /// the owner's reach: an attacker stone there still joins the live
    /// stones outside, but an owner stone there does not join the wall
    /// (outside the space, the point touches no owner stone). Points next
    /// to the wall are never shut.
    ///
    /// ```
    /// use go_eye::space::EyeGraph;
    /// // `!XXX.XXX` in a line: a margin, three dead attacker stones, an
    /// // empty point where the owner captures the last three (putting the
    /// // first three in atari), three more dead stones. The attacker
    /// // connects at the margin first; the owner's capture gives two eyes.
    /// let mut adjacent = vec![0u16; 8];
    /// for i in 0..7 {
    ///     adjacent[i] |= 1 << (i + 1);
    ///     adjacent[i + 1] |= 1 << i;
    /// }
    /// let open = EyeGraph::new(&adjacent, 0b1111_1110, 0b1, 0b1110_1110)?;
    /// let v = open.value()?;
    /// assert_eq!((v.min, v.max, v.attack), (1, 2, Some(0)));
    /// // An owner stone on an open margin joins the wall: it defends too.
    /// assert_eq!(v.defence_points, 0b1_0001);
    /// // On a shut margin it would have no liberty: only the capture defends.
    /// let v = open.with_shut_margins(0b1).value()?;
    /// assert_eq!((v.min, v.max, v.defence), (1, 2, Some(4)));
    /// assert_eq!(v.defence_points, 0b1_0000);
    /// # Ok::<(), go_eye::space::EyeGraphError>(())
    /// ```
    #[must_use]
    pub fn with_shut_margins(mut self, shut: u16) -> EyeGraph {
        self.shut = shut & self.marginal & !self.wall;
        self
    }

    /// Number of points.
    ///
    /// ```
    /// use go_eye::space::EyeGraph;
    /// assert_eq!(EyeGraph::line(3, 0, 0).len(), 3);
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.adjacent.len()
    }

    /// Whether the graph has no point.
    ///
    /// ```
    /// use go_eye::space::EyeGraph;
    /// assert!(!EyeGraph::line(1, 0, 0).is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.adjacent.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_graphs_are_rejected() {
        assert_eq!(
            EyeGraph::new(&[0b10, 0], 0, 0, 0),
            Err(EyeGraphError::BadAdjacency(0))
        );
        assert_eq!(
            EyeGraph::new(&[0; 15], 0, 0, 0),
            Err(EyeGraphError::TooLarge(15))
        );
        let g = EyeGraph::new(&[0], 1, 0, 1).unwrap();
        assert_eq!(g.value(), Err(EyeGraphError::NoLiberty));
    }
}
