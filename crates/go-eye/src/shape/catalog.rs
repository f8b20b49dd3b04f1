//! The catalogue of eye shapes (hole-free polyominoes of 1..=8 points),
//! their neighbour-classification classes, and O(1) lookup by key.

use std::sync::OnceLock;

use super::code::NeighbourCode;
use super::polyomino::{MAX_SHAPE_SIZE, Shape, ShapeKey, polyominoes};
use super::symmetry::SymmetrySet;

/// Dense index of an eye shape in the catalogue (`0..eye_shapes().len()`),
/// ordered by size, then by key.
///
/// ```
/// use go_eye::shape::{Shape, catalog};
/// let id = catalog::shape_id("#".parse::<Shape>().unwrap().key()).unwrap();
/// assert_eq!(id.index(), 0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ShapeId(u16);

impl ShapeId {
    /// The index into [`eye_shapes`].
    ///
    /// ```
    /// use go_eye::shape::catalog;
    /// assert_eq!(catalog::eye_shapes()[3].id.index(), 3);
    /// ```
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The catalogue entry.
    ///
    /// ```
    /// use go_eye::shape::{Shape, catalog};
    /// let s: Shape = "##".parse().unwrap();
    /// assert_eq!(catalog::shape_id(s.key()).unwrap().info().size, 2);
    /// ```
    #[must_use]
    pub fn info(self) -> &'static ShapeInfo {
        &catalog().shapes[self.0 as usize]
    }
}

/// What the catalogue knows about one eye shape, independent of the board.
#[derive(Clone, Debug)]
pub struct ShapeInfo {
    /// Its index.
    pub id: ShapeId,
    /// The shape in canonical orientation.
    pub shape: Shape,
    /// The canonical key.
    pub key: ShapeKey,
    /// Number of points.
    pub size: usize,
    /// Neighbour classification code.
    pub code: NeighbourCode,
    /// The symmetries mapping the canonical shape onto itself.
    pub symmetries: SymmetrySet,
}

/// A neighbour-classification class: every eye shape of one size with one code.
#[derive(Clone, Debug)]
pub struct ShapeClass {
    /// The common code.
    pub code: NeighbourCode,
    /// The members, in catalogue order.
    pub members: Vec<ShapeId>,
}

struct Catalog {
    shapes: Vec<ShapeInfo>,
    /// `size_start[n]..size_start[n + 1]` are the shapes of size `n`.
    size_start: [usize; MAX_SHAPE_SIZE + 2],
    classes: Vec<ShapeClass>,
    class_start: [usize; MAX_SHAPE_SIZE + 2],
    index: KeyIndex,
}

fn catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(build)
}

fn build() -> Catalog {
    let mut shapes = Vec::new();
    let mut size_start = [0; MAX_SHAPE_SIZE + 2];
    let mut classes: Vec<ShapeClass> = Vec::new();
    let mut class_start = [0; MAX_SHAPE_SIZE + 2];
    for size in 1..=MAX_SHAPE_SIZE {
        size_start[size] = shapes.len();
        class_start[size] = classes.len();
        let first_class = classes.len();
        for shape in polyominoes(size).into_iter().filter(|s| !s.has_hole()) {
            let id = ShapeId(shapes.len() as u16);
            let code = shape.code();
            match classes[first_class..].iter_mut().find(|c| c.code == code) {
                Some(class) => class.members.push(id),
                None => classes.push(ShapeClass {
                    code,
                    members: vec![id],
                }),
            }
            shapes.push(ShapeInfo {
                id,
                shape,
                key: shape.key(),
                size,
                code,
                symmetries: shape.symmetries(),
            });
        }
        // Classes ordered by decreasing membership, then by code (Table 4.2 order
        // is by membership too, apart from ties).
        classes[first_class..].sort_by(|a, b| {
            b.members
                .len()
                .cmp(&a.members.len())
                .then(a.code.cmp(&b.code))
        });
    }
    size_start[MAX_SHAPE_SIZE + 1] = shapes.len();
    class_start[MAX_SHAPE_SIZE + 1] = classes.len();
    let index = KeyIndex::new(shapes.iter().map(|s| s.key.bits()));
    Catalog {
        shapes,
        size_start,
        classes,
        class_start,
        index,
    }
}

/// Every eye shape of 1..=8 points (hole-free free polyominoes), by size then key.
///
/// ```
/// use go_eye::shape::catalog;
/// assert_eq!(catalog::eye_shapes().len(), 1 + 1 + 2 + 5 + 12 + 35 + 107 + 363);
/// ```
#[must_use]
pub fn eye_shapes() -> &'static [ShapeInfo] {
    &catalog().shapes
}

/// The eye shapes of `size` points (empty outside `1..=8`).
///
/// ```
/// use go_eye::shape::catalog;
/// let counts: Vec<usize> = (1..=7).map(|n| catalog::eye_shapes_of_size(n).len()).collect();
/// assert_eq!(counts, [1, 1, 2, 5, 12, 35, 107]);
/// ```
#[must_use]
pub fn eye_shapes_of_size(size: usize) -> &'static [ShapeInfo] {
    if size == 0 || size > MAX_SHAPE_SIZE {
        return &[];
    }
    let c = catalog();
    &c.shapes[c.size_start[size]..c.size_start[size + 1]]
}

/// Every neighbour-classification class, by size, then by decreasing membership.
///
/// ```
/// use go_eye::shape::catalog;
/// let up_to_seven = catalog::classes().iter().filter(|c| c.code.size() <= 7).count();
/// assert_eq!(up_to_seven, 30);
/// ```
#[must_use]
pub fn classes() -> &'static [ShapeClass] {
    &catalog().classes
}

/// The classes of `size`-point shapes.
///
/// ```
/// use go_eye::shape::catalog;
/// let codes: Vec<String> = catalog::classes_of_size(5).iter().map(|c| c.code.to_string()).collect();
/// assert_eq!(codes, ["11222", "11123", "11114", "12223"]);
/// ```
#[must_use]
pub fn classes_of_size(size: usize) -> &'static [ShapeClass] {
    if size == 0 || size > MAX_SHAPE_SIZE {
        return &[];
    }
    let c = catalog();
    &c.classes[c.class_start[size]..c.class_start[size + 1]]
}

/// The class with this code, if any eye shape has it.
///
/// ```
/// use go_eye::shape::catalog;
/// let rabbity = catalog::class_of("112224".parse().unwrap()).unwrap();
/// assert_eq!(rabbity.members.len(), 1);
/// ```
#[must_use]
pub fn class_of(code: NeighbourCode) -> Option<&'static ShapeClass> {
    classes_of_size(code.size()).iter().find(|c| c.code == code)
}

/// O(1) lookup of a canonical key (a multiplicative hash into an
/// open-addressed table, at most a few probes).
///
/// ```
/// use go_eye::shape::{Shape, catalog};
/// let s: Shape = "#.#/###".parse().unwrap();
/// let id = catalog::shape_id(s.key()).unwrap();
/// assert_eq!(id.info().code.to_string(), "11222");
/// ```
#[must_use]
#[inline]
pub fn shape_id(key: ShapeKey) -> Option<ShapeId> {
    catalog().index.get(key.bits()).map(ShapeId)
}

/// Open-addressed hash from canonical key bits to a dense index.
pub(crate) struct KeyIndex {
    slots: Vec<(u64, u16)>,
    shift: u32,
}

impl KeyIndex {
    pub(crate) fn new(keys: impl Iterator<Item = u64>) -> KeyIndex {
        let keys: Vec<u64> = keys.collect();
        let bits = (keys.len().max(1) * 4).next_power_of_two().trailing_zeros();
        let mut slots = vec![(0u64, 0u16); 1 << bits];
        let shift = 64 - bits;
        let mask = slots.len() - 1;
        for (i, &k) in keys.iter().enumerate() {
            debug_assert_ne!(k, 0, "key 0 marks an empty slot");
            let mut s = hash(k, shift);
            while slots[s].0 != 0 {
                s = (s + 1) & mask;
            }
            slots[s] = (k, i as u16);
        }
        KeyIndex { slots, shift }
    }

    #[inline]
    pub(crate) fn get(&self, key: u64) -> Option<u16> {
        let mask = self.slots.len() - 1;
        let mut s = hash(key, self.shift);
        loop {
            let (k, v) = self.slots[s];
            if k == key {
                return Some(v);
            }
            if k == 0 {
                return None;
            }
            s = (s + 1) & mask;
        }
    }
}

#[inline]
fn hash(key: u64, shift: u32) -> usize {
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> shift) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_catalogued_key_is_found_at_its_own_index() {
        for info in eye_shapes() {
            assert_eq!(shape_id(info.key), Some(info.id));
        }
        // A holed heptomino is not an eye shape.
        let ring: Shape = "###/#.#/##.".parse().unwrap();
        assert!(ring.has_hole());
        assert_eq!(shape_id(ring.key()), None);
    }

    #[test]
    fn class_counts_by_size() {
        let counts: Vec<usize> = (1..=7).map(|n| classes_of_size(n).len()).collect();
        assert_eq!(counts, [1, 1, 1, 3, 4, 8, 12]);
    }
}
