//! The neighbour classification code of Vilà and Cazenave.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::cell::CellSet;

/// The neighbour classification NC(e) of an eye shape (Vilà & Cazenave 2003;
/// Vilà 2004, §4.2.1.IV): for each point, the number of its orthogonal
/// neighbours inside the shape, sorted ascending and read as a number.
///
/// Shapes with the same code form a *class*; for centre eyes of up to seven
/// points the life property is a class invariant (Theorem 1).
///
/// ```
/// use go_eye::shape::{NeighbourCode, Shape};
/// let rabbity_six: Shape = ".#./###/.##".parse().unwrap();
/// assert_eq!(rabbity_six.code().to_string(), "112224");
/// assert_eq!("112224".parse::<NeighbourCode>().unwrap(), rabbity_six.code());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NeighbourCode {
    digits: u32,
    len: u8,
}

impl NeighbourCode {
    /// The code of an arbitrary cell set (each member counts its neighbours
    /// among the members). Sets of more than 9 cells do not fit and give `None`.
    ///
    /// ```
    /// use go_eye::shape::{CellSet, NeighbourCode};
    /// let square: CellSet = "##/##".parse().unwrap();
    /// assert_eq!(NeighbourCode::of(square).unwrap().value(), 2222);
    /// ```
    #[must_use]
    pub fn of(set: CellSet) -> Option<NeighbourCode> {
        if set.len() > 9 {
            return None;
        }
        let mut counts = [0u8; 5];
        for c in set.iter() {
            counts[set.num_neighbours(c) as usize] += 1;
        }
        let mut digits = 0u32;
        for (d, &k) in counts.iter().enumerate() {
            for _ in 0..k {
                digits = digits * 10 + d as u32;
            }
        }
        Some(NeighbourCode {
            digits,
            len: set.len() as u8,
        })
    }

    /// The code as a number, e.g. `112224` (`0` for the one-point eye).
    ///
    /// ```
    /// use go_eye::shape::NeighbourCode;
    /// assert_eq!("11222".parse::<NeighbourCode>().unwrap().value(), 11222);
    /// ```
    #[must_use]
    pub const fn value(self) -> u32 {
        self.digits
    }

    /// Number of digits, i.e. the size of the shapes in the class.
    ///
    /// ```
    /// use go_eye::shape::NeighbourCode;
    /// assert_eq!("0".parse::<NeighbourCode>().unwrap().size(), 1);
    /// ```
    #[must_use]
    pub const fn size(self) -> usize {
        self.len as usize
    }

    /// How many points have `k` neighbours in the shape (`k` in `0..=4`).
    ///
    /// ```
    /// use go_eye::shape::NeighbourCode;
    /// let c: NeighbourCode = "112224".parse().unwrap();
    /// assert_eq!((c.count(1), c.count(2), c.count(4)), (2, 3, 1));
    /// ```
    #[must_use]
    pub fn count(self, k: u32) -> usize {
        let mut v = self.digits;
        let mut n = 0;
        for _ in 0..self.len {
            if v % 10 == k {
                n += 1;
            }
            v /= 10;
        }
        n
    }
}

impl fmt::Display for NeighbourCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:0width$}", self.digits, width = self.len as usize)
    }
}

impl fmt::Debug for NeighbourCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{self}]")
    }
}

/// Why a neighbour code did not parse.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseCodeError {
    /// Empty text.
    #[error("empty neighbour code")]
    Empty,
    /// More than nine digits.
    #[error("neighbour code {0:?} has more than nine digits")]
    TooLong(String),
    /// A character that is not a digit `0..=4`.
    #[error("neighbour code {0:?} has a digit outside 0..=4")]
    BadDigit(String),
    /// Digits not in ascending order.
    #[error("neighbour code {0:?} is not sorted ascending")]
    NotSorted(String),
}

impl FromStr for NeighbourCode {
    type Err = ParseCodeError;
    /// Parses `112224` or `[112224]`.
    fn from_str(s: &str) -> Result<NeighbourCode, ParseCodeError> {
        let t = s.trim().trim_start_matches('[').trim_end_matches(']');
        if t.is_empty() {
            return Err(ParseCodeError::Empty);
        }
        if t.len() > 9 {
            return Err(ParseCodeError::TooLong(s.to_owned()));
        }
        let mut digits = 0u32;
        let mut prev = 0u32;
        for ch in t.chars() {
            let d = match ch.to_digit(10) {
                Some(d) if d <= 4 => d,
                _ => return Err(ParseCodeError::BadDigit(s.to_owned())),
            };
            if d < prev {
                return Err(ParseCodeError::NotSorted(s.to_owned()));
            }
            prev = d;
            digits = digits * 10 + d;
        }
        Ok(NeighbourCode {
            digits,
            len: t.len() as u8,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_round_trips_through_text() {
        for text in ["0", "11", "112", "2222", "1122233", "2222224"] {
            let code: NeighbourCode = text.parse().unwrap();
            assert_eq!(code.to_string(), text);
        }
    }

    #[test]
    fn bad_codes_are_rejected_with_the_text() {
        assert_eq!(
            "121".parse::<NeighbourCode>(),
            Err(ParseCodeError::NotSorted("121".into()))
        );
        assert_eq!(
            "115".parse::<NeighbourCode>(),
            Err(ParseCodeError::BadDigit("115".into()))
        );
        assert_eq!("".parse::<NeighbourCode>(), Err(ParseCodeError::Empty));
    }
}
