//! Eye variants — a shape together with the set of its points that do not
//! touch the enclosing block (what the board position changes) — and their
//! lazily solved tables.

use std::sync::OnceLock;

use super::solver::{Local, is_legal, state};
use super::status::{EyeOutcome, EyeValue};
use crate::eye_game::{KoMaster, Play, Side, Solution, State, bits, solve};
use crate::position::{Edges, cut_off_points, interior_points};
use crate::retrograde::TERNARY;
use crate::shape::catalog::{self, ShapeId};
use crate::shape::{CellSet, MAX_SHAPE_SIZE, Symmetry};

/// Outside liberties the tables distinguish; more count as this many. For
/// every shape of up to seven points in every position the values stop
/// changing at 4 liberties at the latest (corner approach kos) and the
/// needed moves at 5; both agree with those at 9 (checked by the tests).
pub(crate) const MAX_LIBS: u8 = 5;

/// Dense index of a variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct VariantId(pub(crate) u32);

/// The frame change from a caller's cells to the variant's canonical frame:
/// shift to the origin, apply `sym`, shift to the origin again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Frame {
    pre: u32,
    sym: Symmetry,
    post: u32,
}

impl Frame {
    #[inline]
    pub(crate) fn to_canonical(self, set: CellSet) -> CellSet {
        let moved = CellSet::from_bits(set.bits() >> self.pre);
        CellSet::from_bits(self.sym.apply(moved).bits() >> self.post)
    }

    #[inline]
    pub(crate) fn to_caller(self, set: CellSet) -> CellSet {
        let moved = CellSet::from_bits(set.bits() << self.post);
        CellSet::from_bits(self.sym.inverse().apply(moved).bits() << self.pre)
    }
}

const fn shift_of(x: u8, y: u8) -> u32 {
    y as u32 * 8 + x as u32
}

/// Canonical frame of (cells, interior): the symmetry giving the smallest
/// (cells, interior) pair, cells first. Returns the frame and both canonical sets.
#[inline]
pub(crate) fn canonical_frame(cells: CellSet, interior: CellSet) -> (Frame, CellSet, CellSet) {
    let (ox, oy) = cells.origin().unwrap_or((0, 0));
    let pre = shift_of(ox, oy);
    let c0 = CellSet::from_bits(cells.bits() >> pre);
    let i0 = CellSet::from_bits(interior.bits() >> pre);
    // The smallest image of the cells, and every symmetry reaching it.
    let images = crate::shape::symmetry::images(c0.bits());
    let mut best = u64::MAX;
    let mut ties = [(Symmetry::IDENTITY, 0u32); 8];
    let mut k = 0;
    for (sym, image) in Symmetry::ALL.into_iter().zip(images) {
        let c = CellSet::from_bits(image);
        let (sx, sy) = c.origin().unwrap_or((0, 0));
        let post = shift_of(sx, sy);
        let b = image >> post;
        if b < best {
            best = b;
            k = 0;
        }
        if b == best {
            ties[k] = (sym, post);
            k += 1;
        }
    }
    // Among those, the smallest image of the interior points.
    let (mut sym, mut post) = ties[0];
    let mut best_i = CellSet::from_bits(sym.apply(i0).bits() >> post);
    for &(s, p) in &ties[1..k] {
        let i = CellSet::from_bits(s.apply(i0).bits() >> p);
        if i.bits() < best_i.bits() {
            (sym, post, best_i) = (s, p, i);
        }
    }
    (Frame { pre, sym, post }, CellSet::from_bits(best), best_i)
}

/// The points of a canonical shape as a compact `u8` (bit `i` = the `i`-th
/// point in index order).
#[inline]
pub(crate) fn compress(cells: CellSet, set: CellSet) -> u8 {
    let mut out = 0u8;
    for (i, c) in cells.iter().enumerate() {
        if set.contains(c) {
            out |= 1 << i;
        }
    }
    out
}

pub(crate) fn expand(cells: CellSet, m: u8) -> CellSet {
    cells
        .iter()
        .enumerate()
        .filter(|(i, _)| m >> i & 1 == 1)
        .map(|(_, c)| c)
        .collect()
}

/// The bit index of each point of a canonical shape, in index order, for
/// turning a cell set into its compact `u8` form without a data-dependent loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CellIndex {
    index: [u8; 8],
    n: u8,
}

impl CellIndex {
    pub(crate) fn new(cells: CellSet) -> CellIndex {
        let mut index = [0u8; 8];
        for (i, c) in cells.iter().enumerate().take(8) {
            index[i] = c.index();
        }
        CellIndex {
            index,
            n: cells.len() as u8,
        }
    }

    /// The compact form of `set` (a subset of the canonical cells).
    #[inline]
    pub(crate) fn compress(self, set: CellSet) -> u8 {
        let b = set.bits();
        let mut out = 0u8;
        for i in 0..self.n as usize {
            out |= ((b >> self.index[i]) as u8 & 1) << i;
        }
        out
    }
}

/// Static facts of one variant.
pub(crate) struct VariantInfo {
    /// The shape.
    pub(crate) shape: ShapeId,
    /// Canonical cells.
    pub(crate) cells: CellSet,
    /// Their bit indices.
    pub(crate) index: CellIndex,
    /// Canonical interior points (touching no point outside the eye).
    pub(crate) interior: CellSet,
    data: OnceLock<VariantData>,
}

struct Variants {
    list: Vec<VariantInfo>,
    /// Every oriented placement, for O(1) classification.
    placements: PlacementIndex,
}

fn variants() -> &'static Variants {
    static VARIANTS: OnceLock<Variants> = OnceLock::new();
    VARIANTS.get_or_init(|| {
        let mut list = Vec::new();
        let mut oriented: Vec<(u64, u64, Placement)> = Vec::new();
        for info in catalog::eye_shapes() {
            let mut mine: Vec<(u64, u32)> = Vec::new();
            for sym in Symmetry::ALL {
                let placed = sym.apply(info.shape.cells()).normalized();
                for e in 0..16u8 {
                    let edges = Edges::from_bits(e);
                    if !super::eye::edges_possible(placed, edges)
                        || !cut_off_points(placed, edges).is_empty()
                    {
                        continue;
                    }
                    let interior = interior_points(placed, Edges::from_bits(e));
                    if interior == placed {
                        continue; // the whole board: nothing encloses it
                    }
                    let (frame, c, i) = canonical_frame(placed, interior);
                    debug_assert_eq!(c, info.shape.cells());
                    let id = match mine.iter().find(|(b, _)| *b == i.bits()) {
                        Some(&(_, id)) => id,
                        None => {
                            let id = list.len() as u32;
                            mine.push((i.bits(), id));
                            list.push(VariantInfo {
                                shape: info.id,
                                cells: c,
                                index: CellIndex::new(c),
                                interior: i,
                                data: OnceLock::new(),
                            });
                            id
                        }
                    };
                    let placement = Placement {
                        variant: VariantId(id),
                        sym: frame.sym,
                        post: frame.post as u8,
                    };
                    oriented.push((placed.bits(), interior.bits(), placement));
                }
            }
        }
        let placements = PlacementIndex::new(&oriented);
        Variants { list, placements }
    })
}

/// How one oriented placement (cells and interior points at the origin)
/// maps to its variant.
#[derive(Clone, Copy, Debug)]
struct Placement {
    variant: VariantId,
    sym: Symmetry,
    post: u8,
}

/// Open-addressed hash from (cells, interior) at the origin to the placement.
struct PlacementIndex {
    slots: Vec<(u64, u64, Placement)>,
    shift: u32,
}

impl PlacementIndex {
    fn new(entries: &[(u64, u64, Placement)]) -> PlacementIndex {
        let bits = (entries.len().max(1) * 2)
            .next_power_of_two()
            .trailing_zeros();
        let empty = Placement {
            variant: VariantId(u32::MAX),
            sym: Symmetry::IDENTITY,
            post: 0,
        };
        let mut slots = vec![(0u64, 0u64, empty); 1 << bits];
        let shift = 64 - bits;
        let mask = slots.len() - 1;
        for &(c, i, p) in entries {
            let mut s = placement_hash(c, i, shift);
            while slots[s].0 != 0 && (slots[s].0, slots[s].1) != (c, i) {
                s = (s + 1) & mask;
            }
            slots[s] = (c, i, p);
        }
        PlacementIndex { slots, shift }
    }

    #[inline]
    fn get(&self, cells: u64, interior: u64) -> Option<Placement> {
        let mask = self.slots.len() - 1;
        let mut s = placement_hash(cells, interior, self.shift);
        loop {
            let (c, i, p) = self.slots[s];
            if c == cells && i == interior {
                return Some(p);
            }
            if c == 0 {
                return None;
            }
            s = (s + 1) & mask;
        }
    }
}

#[inline]
fn placement_hash(cells: u64, interior: u64, shift: u32) -> usize {
    let h =
        cells.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ interior.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    (h.rotate_left(17).wrapping_mul(0x1656_67B1_9E37_79F9) >> shift) as usize
}

/// The variant and frame of an eye given in any orientation, at any offset:
/// one hash probe. `None` for a set that is no admissible eye placement.
#[inline]
pub(crate) fn classify(cells: CellSet, interior: CellSet) -> Option<(VariantId, Frame)> {
    let (ox, oy) = cells.origin()?;
    let pre = shift_of(ox, oy);
    let p = variants()
        .placements
        .get(cells.bits() >> pre, interior.bits() >> pre)?;
    Some((
        p.variant,
        Frame {
            pre,
            sym: p.sym,
            post: u32::from(p.post),
        },
    ))
}

/// Every variant (for tests and for precomputing).
pub(crate) fn all_variants() -> impl Iterator<Item = VariantId> {
    (0..variants().list.len() as u32).map(VariantId)
}

impl VariantId {
    pub(crate) fn info(self) -> &'static VariantInfo {
        &variants().list[self.0 as usize]
    }

    /// The solved table, computed on first use.
    pub(crate) fn data(self) -> &'static VariantData {
        let info = self.info();
        info.data
            .get_or_init(|| VariantData::solve(info.cells, info.interior, false))
    }
}

/// One table entry: the value and the needed moves, for one content and liberty count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Entry {
    /// bit 7 = valid; bits 0–1 attacker-first outcome, bits 2–3 defender-first.
    code: u8,
    pub(crate) attack: u8,
    pub(crate) defence: u8,
}

impl Entry {
    pub(crate) fn is_valid(self) -> bool {
        self.code & 0x80 != 0
    }

    pub(crate) fn value(self) -> EyeValue {
        EyeValue {
            attacker_first: outcome(self.code & 3),
            defender_first: outcome(self.code >> 2 & 3),
        }
    }
}

fn outcome(v: u8) -> EyeOutcome {
    match v {
        0 => EyeOutcome::Dead,
        1 => EyeOutcome::Ko,
        _ => EyeOutcome::Alive,
    }
}

fn code_of(o: EyeOutcome) -> u8 {
    match o {
        EyeOutcome::Dead => 0,
        EyeOutcome::Ko => 1,
        EyeOutcome::Alive => 2,
    }
}

#[inline]
fn content_index(a: u8, d: u8) -> usize {
    TERNARY[a as usize] as usize + 2 * TERNARY[d as usize] as usize
}

/// The solved table of one variant.
pub(crate) struct VariantData {
    /// Largest outside-liberty count stored.
    max_libs: u8,
    /// Indexed by `content_index(a, d) * (max_libs + 1) + libs`.
    entries: Vec<Entry>,
    /// Inclusion-minimal sets of enemy stones that make the empty eye nakade
    /// (plenty of liberties, no own stones).
    pub(crate) killing_sets: Vec<u8>,
    /// End points when there is a single killing set.
    pub(crate) end_points: u8,
    /// Whether every set of enemy stones leaves the eye alive or alive in atari.
    pub(crate) life_property: bool,
    /// Whether some set of enemy stones (no own stones), at some number of
    /// outside liberties, gives a ko.
    pub(crate) has_ko: bool,
}

impl VariantData {
    #[inline]
    pub(crate) fn entry(&self, a: u8, d: u8, libs: u32) -> Entry {
        let l = libs.min(u32::from(self.max_libs)) as usize;
        self.entries
            .get(content_index(a, d) * (self.max_libs as usize + 1) + l)
            .copied()
            .unwrap_or_default()
    }

    /// Solves the local game of the canonical `cells` with `interior` points.
    pub(crate) fn solve(cells: CellSet, interior: CellSet, suicide_allowed: bool) -> VariantData {
        VariantData::solve_up_to(cells, interior, suicide_allowed, MAX_LIBS)
    }

    /// As [`VariantData::solve`], storing `0..=max_libs` outside liberties.
    pub(crate) fn solve_up_to(
        cells: CellSet,
        interior: CellSet,
        suicide_allowed: bool,
        max_libs: u8,
    ) -> VariantData {
        let local = local_of(cells, interior, suicide_allowed);
        let n = local.n;
        let full = local.full;
        let mut roots = Vec::new();
        for a in 0..=full {
            for d in bits_subsets(full & !a) {
                for libs in 0..=max_libs {
                    if is_legal(&local, a, d, libs) {
                        roots.push(state(a, d, libs, Side::Attacker));
                        roots.push(state(a, d, libs, Side::Defender));
                    }
                }
            }
        }
        let dik = solve(&local, &roots, KoMaster::Defender);
        let aik = solve(&local, &roots, KoMaster::Attacker);
        let size3 = 3usize.pow(n as u32);
        let stride = max_libs as usize + 1;
        let mut entries = vec![Entry::default(); size3 * stride];
        for r in roots.iter().filter(|r| r.side == Side::Attacker) {
            entries[content_index(r.a, r.d) * stride + r.libs as usize] =
                evaluate(&local, &dik, &aik, r.a, r.d, r.libs);
        }
        let mut data = VariantData {
            max_libs,
            entries,
            killing_sets: Vec::new(),
            end_points: 0,
            life_property: false,
            has_ko: false,
        };
        data.derive(&local);
        data
    }

    fn derive(&mut self, local: &Local) {
        let full = local.full;
        let plenty = u32::from(self.max_libs);
        let this = &*self;
        let valid = |a: u8| this.entry(a, 0, plenty).is_valid();
        let nakade =
            |a: u8| valid(a) && this.entry(a, 0, plenty).value().defender_first == EyeOutcome::Dead;
        let dead: Vec<u8> = (0..=full).filter(|&a| nakade(a)).collect();
        let killing_sets: Vec<u8> = dead
            .iter()
            .copied()
            .filter(|&s| !dead.iter().any(|&t| t != s && t & s == t))
            .collect();
        let end_points = match killing_sets[..] {
            [v] => bits(full & !v)
                .filter(|&p| valid(v | p) && !nakade(v | p))
                .fold(0, |m, p| m | p),
            _ => 0,
        };
        let alive = EyeValue {
            attacker_first: EyeOutcome::Alive,
            defender_first: EyeOutcome::Alive,
        };
        let life_property = (0..=full).filter(|&a| valid(a)).all(|a| {
            this.entry(a, 0, plenty).value() == alive
                && (0..plenty).all(|l| {
                    let e = this.entry(a, 0, l);
                    !e.is_valid() || e.value().defender_first == EyeOutcome::Alive
                })
        });
        let has_ko = (0..=full).any(|a| {
            (0..=plenty).any(|l| {
                let e = this.entry(a, 0, l);
                let v = e.value();
                e.is_valid()
                    && (v.attacker_first == EyeOutcome::Ko || v.defender_first == EyeOutcome::Ko)
            })
        });
        self.killing_sets = killing_sets;
        self.end_points = end_points;
        self.life_property = life_property;
        self.has_ko = has_ko;
    }
}

/// All subsets of `m`, including 0 and `m`.
fn bits_subsets(m: u8) -> impl Iterator<Item = u8> {
    let mut next = Some(0u8);
    std::iter::from_fn(move || {
        let cur = next?;
        next = if cur == m {
            None
        } else {
            Some((cur.wrapping_sub(m)) & m)
        };
        Some(cur)
    })
}

pub(crate) fn local_of(cells: CellSet, interior: CellSet, suicide_allowed: bool) -> Local {
    let list: Vec<_> = cells.iter().collect();
    let nbr: Vec<u8> = list
        .iter()
        .map(|c| compress(cells, CellSet::from_bits(1 << c.index()).border() & cells))
        .collect();
    let wall = compress(cells, cells - interior);
    Local::new(&nbr, wall, 0, suicide_allowed)
}

fn evaluate(local: &Local, dik: &Solution, aik: &Solution, a: u8, d: u8, libs: u8) -> Entry {
    let outcome_of = |side: Side| {
        if dik.attacker_wins(state(a, d, libs, side)) == Some(true) {
            EyeOutcome::Dead
        } else if aik.attacker_wins(state(a, d, libs, side)) == Some(true) {
            EyeOutcome::Ko
        } else {
            EyeOutcome::Alive
        }
    };
    let af = outcome_of(Side::Attacker);
    let df = outcome_of(Side::Defender);
    let empty = local.full & !a & !d;
    // The attacker's inside moves reaching `af`, when filling an outside liberty does not.
    let mut attack = 0u8;
    if af != EyeOutcome::Alive {
        let (sol, master) = if af == EyeOutcome::Dead {
            (dik, KoMaster::Defender)
        } else {
            (aik, KoMaster::Attacker)
        };
        let wins_after = |play: Play<u8>| match play {
            Play::Illegal => false,
            Play::WallCaptured => true,
            Play::To { a, d, ko } => {
                // As the solver keeps it: only a ko point that binds the defender.
                let ko = if master.bans(Side::Defender) { ko } else { 0 };
                sol.attacker_wins(State {
                    ko,
                    ..state(a, d, libs, Side::Defender)
                }) == Some(true)
            }
        };
        let waiting = libs > 0
            && (libs == 1 && local.wall_libs(a, d) == 0
                || sol.attacker_wins(state(a, d, libs - 1, Side::Defender)) == Some(true));
        if !waiting {
            for p in bits(empty) {
                if wins_after(local.play(Side::Attacker, a, d, libs, false, p)) {
                    attack |= p;
                }
            }
        }
    }
    // The owner's inside moves reaching `df`, when passing does not.
    let mut defence = 0u8;
    if df != EyeOutcome::Dead && af != df {
        let (sol, master) = if df == EyeOutcome::Alive {
            (aik, KoMaster::Attacker)
        } else {
            (dik, KoMaster::Defender)
        };
        for p in bits(empty) {
            if let Play::To { a, d, ko } = local.play(Side::Defender, a, d, libs, false, p) {
                let ko = if master.bans(Side::Attacker) { ko } else { 0 };
                let after = State {
                    ko,
                    ..state(a, d, libs, Side::Attacker)
                };
                if sol.attacker_wins(after) == Some(false) {
                    defence |= p;
                }
            }
        }
    }
    Entry {
        code: 0x80 | code_of(af) | code_of(df) << 2,
        attack,
        defence,
    }
}

const _: () = assert!(MAX_SHAPE_SIZE <= 8);

#[cfg(test)]
mod tests {
    use super::*;

    fn check_saturation(max_size: usize) {
        for v in all_variants().filter(|v| v.info().cells.len() <= max_size) {
            let info = v.info();
            let wide = VariantData::solve_up_to(info.cells, info.interior, false, 9);
            let table = v.data();
            let full = (1u16 << info.cells.len()) - 1;
            for a in 0..=full as u8 {
                for d in bits_subsets(full as u8 & !a) {
                    for libs in 4..=9 {
                        // Values settle at 4 liberties; the needed moves one
                        // later (the attacker's waiting move looks one liberty down).
                        let (ours, theirs) = (table.entry(a, d, libs), wide.entry(a, d, 9));
                        assert_eq!(ours.value(), theirs.value());
                        if libs >= 5 {
                            assert_eq!(ours, theirs);
                        }
                        assert_eq!(
                            ours.is_valid(),
                            theirs.is_valid(),
                            "{} interior {} a {a:#b} d {d:#b} libs {libs}",
                            info.cells,
                            info.interior
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn the_placement_index_agrees_with_canonicalisation_everywhere() {
        let mut n = 0;
        for info in catalog::eye_shapes() {
            for sym in Symmetry::ALL {
                let placed = sym.apply(info.shape.cells()).normalized();
                for e in 0..16u8 {
                    let edges = Edges::from_bits(e);
                    let interior = interior_points(placed, edges);
                    let admissible = super::super::eye::edges_possible(placed, edges)
                        && cut_off_points(placed, edges).is_empty()
                        && interior != placed;
                    let (w, h) = placed.extent();
                    // Anywhere in the frame, not only at the origin.
                    let (dx, dy) = (i32::from(8 - w) / 2, i32::from(8 - h));
                    let moved = placed.translated(dx, dy).unwrap();
                    let moved_interior = interior.translated(dx, dy).unwrap();
                    if !admissible {
                        continue; // Eye::new rejects these before classifying
                    }
                    let (v, frame) = classify(moved, moved_interior)
                        .expect("every admissible placement is indexed");
                    let (_, c, i) = canonical_frame(placed, interior);
                    assert_eq!((v.info().cells, v.info().interior), (c, i));
                    assert_eq!(frame.to_canonical(moved), c);
                    assert_eq!(frame.to_caller(c), moved);
                    n += 1;
                }
            }
        }
        assert!(n > 20_000);
    }

    #[test]
    fn four_outside_liberties_are_as_good_as_nine_up_to_six_points() {
        check_saturation(6);
    }

    #[test]
    #[ignore = "solves every 7-point variant twice (about 3 s with optimisations)"]
    fn four_outside_liberties_are_as_good_as_nine_up_to_seven_points() {
        check_saturation(7);
    }
}
