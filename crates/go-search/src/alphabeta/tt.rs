//! Transposition table for alpha-beta: Zobrist key, depth, bound, best move; two-way
//! buckets, replacing the older generation first, then the shallower entry.

use crate::Value;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Copy, Clone, Debug)]
pub(crate) struct Entry<M> {
    pub(crate) key: u64,
    /// Relative to the node (see `Value::to_node`).
    pub(crate) value: Value,
    pub(crate) depth: u16,
    pub(crate) bound: Bound,
    /// The value does not depend on the depth (no heuristic leaf below).
    pub(crate) complete: bool,
    pub(crate) best: Option<M>,
    /// Ply plus depth when stored: how far from the root the storing search looked.
    pub(crate) reach: u16,
    pub(crate) generation: u8,
}

pub(crate) struct Table<M> {
    slots: Vec<Option<Entry<M>>>,
    mask: usize,
    generation: u8,
}

/// A summary: the table's size, not its entries.
impl<M> std::fmt::Debug for Table<M> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("entries", &self.slots.len())
            .field("generation", &self.generation)
            .finish_non_exhaustive()
    }
}

impl<M: Copy> Table<M> {
    /// A table of `2^bits` entries (`bits` in `1..=MAX_TT_BITS`); aborts if the
    /// allocation fails.
    pub(crate) fn new(bits: u32) -> Self {
        Self::with_slots(vec![None; 1 << bits])
    }

    /// A table of `2^bits` entries, or the allocation's failure.
    pub(crate) fn try_new(bits: u32) -> Result<Self, std::collections::TryReserveError> {
        let len = 1usize << bits;
        let mut slots = Vec::new();
        slots.try_reserve_exact(len)?;
        slots.resize(len, None);
        Ok(Self::with_slots(slots))
    }

    fn with_slots(slots: Vec<Option<Entry<M>>>) -> Self {
        Table {
            mask: slots.len() - 1,
            slots,
            generation: 0,
        }
    }

    pub(crate) fn generation(&self) -> u8 {
        self.generation
    }

    pub(crate) fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    pub(crate) fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        (key as usize) & self.mask & !1
    }

    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<&Entry<M>> {
        let b = self.bucket(key);
        self.slots[b..b + 2].iter().flatten().find(|e| e.key == key)
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) fn store(
        &mut self,
        key: u64,
        value: Value,
        depth: u32,
        bound: Bound,
        complete: bool,
        best: Option<M>,
        reach: u32,
    ) {
        let b = self.bucket(key);
        let generation = self.generation;
        let entry = Entry {
            key,
            value,
            depth: depth.min(u32::from(u16::MAX)) as u16,
            bound,
            complete,
            best,
            reach: reach.min(u32::from(u16::MAX)) as u16,
            generation,
        };
        let slot = match (&self.slots[b], &self.slots[b + 1]) {
            (Some(e), _) if e.key == key => b,
            (_, Some(e)) if e.key == key => b + 1,
            (None, _) => b,
            (_, None) => b + 1,
            (Some(x), Some(y)) => {
                let score = |e: &Entry<M>| {
                    (u32::from(e.generation == generation) << 17)
                        + (u32::from(e.complete) << 16)
                        + u32::from(e.depth)
                };
                if score(x) <= score(y) { b } else { b + 1 }
            }
        };
        // Keep a best move when the new result has none.
        let best = entry.best.or_else(|| {
            self.slots[slot]
                .filter(|e| e.key == key)
                .and_then(|e| e.best)
        });
        self.slots[slot] = Some(Entry { best, ..entry });
    }
}
