//! Precomputed eye knowledge with O(1) lookup: status with stones inside,
//! vital and end points, the life property and nakade shapes, per position.
//!
//! Every answer comes from an exact solution of the local game of the eye —
//! the eye enclosed by one block of the owner with some outside liberties,
//! captures, suicide (illegal) and ko as in Go — computed once per shape and
//! position on first use and then looked up in O(1). The thesis's own
//! tables ([`thesis`]) are quoted separately and checked against it.
//!
//! ```
//! use go_eye::tables::{Eye, EyeStatus, Stones, VitalPoints};
//! let bulky_five = Eye::centre("##/##/#.".parse().unwrap()).unwrap();
//! assert_eq!(bulky_five.code().to_string(), "12223");
//! assert!(!bulky_five.has_life_property());
//! assert_eq!(bulky_five.vital_points(), VitalPoints::Points(".../#".parse().unwrap()));
//! let on_vital = Stones::enemy("../#.".parse().unwrap());
//! assert_eq!(bulky_five.status(&on_vital, 5).unwrap(), EyeStatus::Nakade);
//! ```

mod eye;
mod on_board;
pub(crate) mod solver;
mod status;
pub mod thesis;
pub(crate) mod variant;

#[cfg(test)]
mod eyes_db;

pub use eye::{Eye, EyeError, VitalPoints};
pub use on_board::BoardFrame;
pub use status::{EyeAnalysis, EyeOutcome, EyeStatus, EyeValue, Stones};

/// Solves now every table for eyes of up to `max_size` points, in every
/// position, instead of on first lookup (about 1 s for `max_size = 7` in a
/// release build; each 7-point table alone takes about 5 ms).
///
/// ```
/// go_eye::tables::prepare(3);
/// ```
pub fn prepare(max_size: usize) {
    for v in variant::all_variants() {
        if v.info().cells.len() <= max_size {
            let _ = v.data();
        }
    }
}
