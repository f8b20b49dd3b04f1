//! Tables printed in Vilà (2004): Table 4.1 (Müller's eye status and eye
//! liberties) and Table 4.2 (neighbour classification and life property of
//! centre eyes), and the nakade shapes of §4.2.1.IV. They are quoted, not
//! computed; the tests check the solver against them.

use crate::shape::NeighbourCode;

/// One row of Table 4.2: a class of centre eye shapes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClassRow {
    /// The neighbour classification code (the thesis prints `[121]` for `112`).
    pub code: u32,
    /// Number of member shapes.
    pub members: usize,
    /// Whether the class has the life property in the centre.
    pub life_property: bool,
}

const fn row(code: u32, members: usize, life_property: bool) -> ClassRow {
    ClassRow {
        code,
        members,
        life_property,
    }
}

/// Table 4.2 of Vilà (2004): the 30 classes of centre eye shapes of 1..=7 points.
///
/// ```
/// use go_eye::tables::thesis::TABLE_4_2;
/// assert_eq!(TABLE_4_2.len(), 30);
/// assert_eq!(TABLE_4_2.iter().map(|r| r.members).sum::<usize>(), 163);
/// ```
pub const TABLE_4_2: [ClassRow; 30] = [
    row(0, 1, false),
    row(11, 1, false),
    row(112, 2, false),
    row(1122, 3, false),
    row(1113, 1, false),
    row(2222, 1, false),
    row(11222, 7, true),
    row(11123, 3, false),
    row(11114, 1, false),
    row(12223, 1, false),
    row(112222, 13, true),
    row(111223, 12, true),
    row(111133, 1, true),
    row(112233, 4, false),
    row(122223, 2, false),
    row(112224, 1, false),
    row(111124, 1, false),
    row(222233, 1, false),
    row(1122222, 30, true),
    row(1112223, 40, true),
    row(1122233, 11, true),
    row(1111233, 8, true),
    row(1222223, 5, true),
    row(1111224, 4, true),
    row(1112333, 2, true),
    row(1222333, 2, true),
    row(1112234, 2, false),
    row(1222234, 1, false),
    row(1122224, 1, false),
    row(2222224, 1, false),
];

/// The life property of a class of centre eyes of 1..=7 points (Table 4.2),
/// or `None` for a code not in the table. O(1) through a tiny scan of at most
/// 12 rows of the right size.
///
/// ```
/// use go_eye::tables::thesis::life_property;
/// assert_eq!(life_property("11222".parse().unwrap()), Some(true));
/// assert_eq!(life_property("112224".parse().unwrap()), Some(false));
/// assert_eq!(life_property("11111111".parse().unwrap()), None);
/// ```
#[must_use]
pub fn life_property(code: NeighbourCode) -> Option<bool> {
    TABLE_4_2
        .iter()
        .find(|r| r.code == code.value() && code.size() <= 7)
        .map(|r| r.life_property)
}

/// The nakade shapes of §4.2.1.IV (one or zero vital points), by class:
/// every member of these classes is a nakade shape, and no other shape of
/// up to seven points is.
///
/// ```
/// use go_eye::tables::thesis::NAKADE_CLASSES;
/// assert!(NAKADE_CLASSES.contains(&112224)); // the rabbity six
/// ```
pub const NAKADE_CLASSES: [u32; 8] = [0, 11, 112, 2222, 1113, 12223, 11114, 112224];

/// Müller's status and liberties of a plain eye of `size` points (Table 4.1,
/// from Müller, *Race to Capture*, p. 3), for sizes 0..=7.
///
/// ```
/// use go_eye::tables::thesis::{MullerEye, muller_eye};
/// assert_eq!(muller_eye(6), Some(MullerEye { status: 6, liberties: 12 }));
/// assert_eq!(muller_eye(8), None);
/// ```
#[must_use]
pub const fn muller_eye(size: usize) -> Option<MullerEye> {
    const STATUS: [u8; 8] = [0, 1, 1, 1, 4, 5, 6, 7];
    const LIBERTIES: [u32; 8] = [0, 1, 2, 3, 5, 8, 12, 17];
    if size < 8 {
        Some(MullerEye {
            status: STATUS[size],
            liberties: LIBERTIES[size],
        })
    } else {
        None
    }
}

/// One column of Table 4.1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MullerEye {
    /// Müller's eye status: 0 for no eye, 1 for small eyes (up to 3 points),
    /// the size for bigger ones; a bigger status wins a race against a smaller one.
    pub status: u8,
    /// Liberties the eye gives in a race (moves the opponent needs to fill it).
    pub liberties: u32,
}
