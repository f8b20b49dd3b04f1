//! What a pattern asks of one point ([`Cell`]) and what a board has there
//! ([`PointState`]).

use std::fmt;

use go_board::Color;

pub use go_board::PointState;

/// What a pattern requires of one point.
///
/// Absolute cells name a colour; relative cells (`Own`, `Other`, …) are
/// read against the colour a pattern is matched for — usually the side to
/// move — as Kojima and Yoshikawa's `SAME`/`DIFF` objects are (survey
/// §6.4). [`Any`](Cell::Any) is the thesis's "don't care" and matches off
/// the board too.
///
/// Diagram characters (see [`Cell::to_char`]): `.` empty, `X` Black, `O`
/// White, `x` Black or empty, `o` White or empty, `S` own ("same"), `D`
/// other ("different"), `s` own or empty, `d` other or empty, `#` off the
/// board, `?` anything.
///
/// ```
/// use go_board::Color;
/// use go_patterns::{Cell, PointState};
/// assert!(Cell::Own.matches(PointState::White, Color::White));
/// assert!(!Cell::Own.matches(PointState::White, Color::Black));
/// assert!(Cell::BlackOrEmpty.matches(PointState::Empty, Color::White));
/// assert!(Cell::Any.matches(PointState::Edge, Color::Black));
/// assert_eq!(Cell::Own.swap_colors(), Cell::Other);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Cell {
    /// An empty point.
    Empty,
    /// A Black stone.
    Black,
    /// A White stone.
    White,
    /// A Black stone or an empty point.
    BlackOrEmpty,
    /// A White stone or an empty point.
    WhiteOrEmpty,
    /// A stone of the colour the pattern is matched for.
    Own,
    /// A stone of the other colour.
    Other,
    /// An own stone or an empty point.
    OwnOrEmpty,
    /// An opponent stone or an empty point.
    OtherOrEmpty,
    /// Off the board.
    Edge,
    /// Anything, on or off the board ("don't care").
    Any,
}

/// Bit of each [`PointState`] in a state mask.
const E: u8 = 1 << PointState::Empty as u8;
const B: u8 = 1 << PointState::Black as u8;
const W: u8 = 1 << PointState::White as u8;
const G: u8 = 1 << PointState::Edge as u8;

impl Cell {
    /// Every cell, in declaration order.
    pub const ALL: [Cell; 11] = [
        Cell::Empty,
        Cell::Black,
        Cell::White,
        Cell::BlackOrEmpty,
        Cell::WhiteOrEmpty,
        Cell::Own,
        Cell::Other,
        Cell::OwnOrEmpty,
        Cell::OtherOrEmpty,
        Cell::Edge,
        Cell::Any,
    ];

    /// The states this cell accepts when matched for `own`, as a bit mask
    /// (bit `s.code()` for each accepted state `s`).
    ///
    /// ```
    /// use go_board::Color;
    /// use go_patterns::{Cell, PointState};
    /// let mask = Cell::OtherOrEmpty.mask(Color::Black);
    /// assert_eq!(mask, 1 << PointState::Empty.code() | 1 << PointState::White.code());
    /// ```
    #[inline]
    #[must_use]
    pub const fn mask(self, own: Color) -> u8 {
        let (mine, theirs) = match own {
            Color::Black => (B, W),
            Color::White => (W, B),
        };
        match self {
            Cell::Empty => E,
            Cell::Black => B,
            Cell::White => W,
            Cell::BlackOrEmpty => B | E,
            Cell::WhiteOrEmpty => W | E,
            Cell::Own => mine,
            Cell::Other => theirs,
            Cell::OwnOrEmpty => mine | E,
            Cell::OtherOrEmpty => theirs | E,
            Cell::Edge => G,
            Cell::Any => E | B | W | G,
        }
    }

    /// Whether the cell accepts `state` when matched for `own`.
    ///
    /// ```
    /// use go_board::Color;
    /// use go_patterns::{Cell, PointState};
    /// assert!(Cell::Other.matches(PointState::Black, Color::White));
    /// assert!(!Cell::Empty.matches(PointState::Edge, Color::White));
    /// ```
    #[inline]
    #[must_use]
    pub const fn matches(self, state: PointState, own: Color) -> bool {
        self.mask(own) & (1 << state as u8) != 0
    }

    /// The cell with the colours exchanged: Black ↔ White and own ↔ other.
    ///
    /// A pattern with swapped cells matched for a colour matches exactly
    /// where the original matches on the colour-swapped board.
    ///
    /// ```
    /// use go_patterns::Cell;
    /// assert_eq!(Cell::BlackOrEmpty.swap_colors(), Cell::WhiteOrEmpty);
    /// assert_eq!(Cell::Any.swap_colors(), Cell::Any);
    /// ```
    #[inline]
    #[must_use]
    pub const fn swap_colors(self) -> Cell {
        match self {
            Cell::Black => Cell::White,
            Cell::White => Cell::Black,
            Cell::BlackOrEmpty => Cell::WhiteOrEmpty,
            Cell::WhiteOrEmpty => Cell::BlackOrEmpty,
            Cell::Own => Cell::Other,
            Cell::Other => Cell::Own,
            Cell::OwnOrEmpty => Cell::OtherOrEmpty,
            Cell::OtherOrEmpty => Cell::OwnOrEmpty,
            other => other,
        }
    }

    /// Whether the cell is read against the colour matched for.
    ///
    /// ```
    /// use go_patterns::Cell;
    /// assert!(Cell::OwnOrEmpty.is_relative());
    /// assert!(!Cell::Black.is_relative());
    /// ```
    #[inline]
    #[must_use]
    pub const fn is_relative(self) -> bool {
        matches!(
            self,
            Cell::Own | Cell::Other | Cell::OwnOrEmpty | Cell::OtherOrEmpty
        )
    }

    /// The absolute cell this relative cell becomes for `own` (absolute
    /// cells are returned unchanged).
    ///
    /// ```
    /// use go_board::Color;
    /// use go_patterns::Cell;
    /// assert_eq!(Cell::Own.resolve(Color::White), Cell::White);
    /// assert_eq!(Cell::OtherOrEmpty.resolve(Color::White), Cell::BlackOrEmpty);
    /// ```
    #[must_use]
    pub const fn resolve(self, own: Color) -> Cell {
        let black = matches!(own, Color::Black);
        match self {
            Cell::Own if black => Cell::Black,
            Cell::Own => Cell::White,
            Cell::Other if black => Cell::White,
            Cell::Other => Cell::Black,
            Cell::OwnOrEmpty if black => Cell::BlackOrEmpty,
            Cell::OwnOrEmpty => Cell::WhiteOrEmpty,
            Cell::OtherOrEmpty if black => Cell::WhiteOrEmpty,
            Cell::OtherOrEmpty => Cell::BlackOrEmpty,
            other => other,
        }
    }

    /// The cell that accepts exactly `state` (an absolute cell).
    ///
    /// ```
    /// use go_patterns::{Cell, PointState};
    /// assert_eq!(Cell::exactly(PointState::Edge), Cell::Edge);
    /// ```
    #[must_use]
    pub const fn exactly(state: PointState) -> Cell {
        match state {
            PointState::Empty => Cell::Empty,
            PointState::Black => Cell::Black,
            PointState::White => Cell::White,
            PointState::Edge => Cell::Edge,
        }
    }

    /// The cell for `state` read relative to `own`: stones become
    /// [`Own`](Cell::Own) or [`Other`](Cell::Other).
    ///
    /// ```
    /// use go_board::Color;
    /// use go_patterns::{Cell, PointState};
    /// assert_eq!(Cell::relative(PointState::Black, Color::White), Cell::Other);
    /// assert_eq!(Cell::relative(PointState::Empty, Color::White), Cell::Empty);
    /// ```
    #[must_use]
    pub const fn relative(state: PointState, own: Color) -> Cell {
        match (state, own) {
            (PointState::Black, Color::Black) | (PointState::White, Color::White) => Cell::Own,
            (PointState::Black, Color::White) | (PointState::White, Color::Black) => Cell::Other,
            (PointState::Empty, _) => Cell::Empty,
            (PointState::Edge, _) => Cell::Edge,
        }
    }

    /// The diagram character.
    ///
    /// ```
    /// use go_patterns::Cell;
    /// let text: String = Cell::ALL.iter().map(|c| c.to_char()).collect();
    /// assert_eq!(text, ".XOxoSDsd#?");
    /// ```
    #[must_use]
    pub const fn to_char(self) -> char {
        match self {
            Cell::Empty => '.',
            Cell::Black => 'X',
            Cell::White => 'O',
            Cell::BlackOrEmpty => 'x',
            Cell::WhiteOrEmpty => 'o',
            Cell::Own => 'S',
            Cell::Other => 'D',
            Cell::OwnOrEmpty => 's',
            Cell::OtherOrEmpty => 'd',
            Cell::Edge => '#',
            Cell::Any => '?',
        }
    }

    /// The cell of a diagram character (`+` and `,` also read as empty).
    ///
    /// ```
    /// use go_patterns::Cell;
    /// assert_eq!(Cell::from_char('d'), Some(Cell::OtherOrEmpty));
    /// assert_eq!(Cell::from_char('+'), Some(Cell::Empty));
    /// assert_eq!(Cell::from_char('!'), None);
    /// ```
    #[must_use]
    pub const fn from_char(c: char) -> Option<Cell> {
        Some(match c {
            '.' | '+' | ',' => Cell::Empty,
            'X' => Cell::Black,
            'O' => Cell::White,
            'x' => Cell::BlackOrEmpty,
            'o' => Cell::WhiteOrEmpty,
            'S' => Cell::Own,
            'D' => Cell::Other,
            's' => Cell::OwnOrEmpty,
            'd' => Cell::OtherOrEmpty,
            '#' => Cell::Edge,
            '?' => Cell::Any,
            _ => return None,
        })
    }
}

impl fmt::Display for Cell {
    /// The diagram character.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chars_round_trip() {
        for cell in Cell::ALL {
            assert_eq!(Cell::from_char(cell.to_char()), Some(cell));
        }
    }

    #[test]
    fn swapping_colours_mirrors_the_mask() {
        for cell in Cell::ALL {
            for own in Color::ALL {
                for state in PointState::ALL {
                    assert_eq!(
                        cell.matches(state, own),
                        cell.swap_colors().matches(state.swap_colors(), own),
                        "{cell:?} {own:?} {state:?}"
                    );
                    assert_eq!(
                        cell.matches(state, own),
                        cell.resolve(own).matches(state, own.opposite()),
                    );
                    // Relative cells: matching for the other colour equals
                    // matching the swapped cell.
                    assert_eq!(
                        cell.matches(state, own.opposite()),
                        if cell.is_relative() {
                            cell.swap_colors().matches(state, own)
                        } else {
                            cell.matches(state, own)
                        }
                    );
                }
            }
        }
    }

    #[test]
    fn relative_and_exact_cells_accept_their_state() {
        for own in Color::ALL {
            for state in PointState::ALL {
                assert!(Cell::exactly(state).matches(state, own));
                assert!(Cell::relative(state, own).matches(state, own));
                assert_eq!(Cell::exactly(state).mask(own).count_ones(), 1);
            }
        }
    }
}
