//! The df-pn transposition table: proof numbers per position, two-way buckets, replacing
//! stale generations first, then unsolved entries with the least work below them.

use crate::ProofNumbers;

/// The solution depends on a draw verdict (Niu–Kishimoto–Müller's seki flag).
pub(crate) const DRAW: u8 = 1;
/// Written by a search that counted draws as proofs.
pub(crate) const DRAW_AS_PROOF: u8 = 2;
/// The solution leaned on a side condition of the game (`Game::conditions_met`).
pub(crate) const CONDITIONAL: u8 = 4;
/// Kept under the position's key without its side conditions: a solution that leaned on
/// none holds whatever they are.
const SHARED: u8 = 8;

/// A position's keys: its full hash, and the hash without the setting of the game's side
/// conditions ([`Game::condition_key`](crate::Game::condition_key)). A position goes to
/// the bucket of its shared key, so that it is found whatever the conditions.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Key {
    pub(crate) full: u64,
    pub(crate) shared: u64,
}

impl Key {
    /// The keys of a position whose game has no side conditions set.
    #[cfg(test)]
    pub(crate) fn plain(hash: u64) -> Key {
        Key {
            full: hash,
            shared: hash,
        }
    }
}

/// A slot is empty until written: its generation is 0, which no search uses.
#[derive(Copy, Clone, Debug, Default)]
struct Slot {
    key: u64,
    proof: u32,
    disproof: u32,
    work: u32,
    generation: u8,
    flags: u8,
}

#[derive(Copy, Clone, Debug)]
pub(crate) struct Entry {
    pub(crate) numbers: ProofNumbers,
    pub(crate) flags: u8,
    /// Nodes the search spent below the position when it stored the entry.
    pub(crate) work: u32,
}

/// The table remembers the keys of its last `RECENT` stores.
pub(crate) const RECENT: u64 = 4;

pub(crate) struct Table {
    /// Two-way buckets: a key goes to bucket `(key >> 1) & mask`.
    buckets: Vec<[Slot; 2]>,
    mask: usize,
    generation: u8,
    /// Number of stores so far.
    stores: u64,
    /// Keys of the last stores: store `i` at `i % RECENT`.
    recent: [u64; RECENT as usize],
}

/// A summary: the table's size and use, not its entries.
impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("entries", &(2 * self.buckets.len()))
            .field("generation", &self.generation)
            .field("stores", &self.stores)
            .finish_non_exhaustive()
    }
}

impl Table {
    /// A table of `2^bits` entries (`bits` in `1..=MAX_TT_BITS`); aborts if the
    /// allocation fails.
    pub(crate) fn new(bits: u32) -> Table {
        Table::with_buckets(vec![[Slot::default(); 2]; 1 << (bits - 1)])
    }

    /// A table of `2^bits` entries, or the allocation's failure.
    pub(crate) fn try_new(bits: u32) -> Result<Table, std::collections::TryReserveError> {
        let len = 1usize << (bits - 1);
        let mut buckets = Vec::new();
        buckets.try_reserve_exact(len)?;
        buckets.resize(len, [Slot::default(); 2]);
        Ok(Table::with_buckets(buckets))
    }

    fn with_buckets(buckets: Vec<[Slot; 2]>) -> Table {
        Table {
            mask: buckets.len() - 1,
            buckets,
            generation: 1,
            stores: 0,
            recent: [0; RECENT as usize],
        }
    }

    /// Number of stores so far: a mark for [`stored_since`](Table::stored_since).
    #[inline]
    pub(crate) fn stores(&self) -> u64 {
        self.stores
    }

    /// Whether `key` was stored since the table had made `mark` stores, at most
    /// [`RECENT`] stores ago. Only such a store can give a caller that read `key` then
    /// new numbers for it (a replaced entry is just no longer found).
    #[inline]
    pub(crate) fn stored_since(&self, mark: u64, key: u64) -> bool {
        debug_assert!(self.stores - mark <= RECENT);
        (mark..self.stores).any(|i| self.recent[(i % RECENT) as usize] == key)
    }

    /// The key of the last store (0 before the first).
    #[inline]
    pub(crate) fn last_stored(&self) -> u64 {
        self.recent[(self.stores.wrapping_sub(1) % RECENT) as usize]
    }

    /// Forgets everything (lazily, through the generation counter).
    pub(crate) fn new_generation(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.buckets
                .iter_mut()
                .for_each(|b| *b = [Slot::default(); 2]);
            self.generation = 1;
        }
    }

    #[inline]
    fn bucket(&self, key: Key) -> usize {
        (key.shared >> 1) as usize & self.mask
    }

    /// Whether slot `s` holds the position with these keys (in this generation or an
    /// earlier one).
    #[inline]
    fn holds(s: &Slot, key: Key) -> bool {
        if s.flags & SHARED != 0 {
            s.key == key.shared
        } else {
            s.key == key.full
        }
    }

    #[inline]
    pub(crate) fn lookup(&self, key: Key) -> Option<Entry> {
        let pair = &self.buckets[self.bucket(key)];
        // The search's generation is never 0, so an empty slot never matches. A
        // position may have a shared solution and an unsolved entry of its own: the
        // solution wins.
        let live = |s: &Slot| s.generation == self.generation && Table::holds(s, key);
        let s = match (live(&pair[0]), live(&pair[1])) {
            (true, true) if pair[1].flags & SHARED != 0 => &pair[1],
            (true, _) => &pair[0],
            (false, true) => &pair[1],
            (false, false) => return None,
        };
        Some(Entry {
            numbers: ProofNumbers {
                proof: s.proof,
                disproof: s.disproof,
            },
            flags: s.flags,
            work: s.work,
        })
    }

    /// Keeps `numbers` for the position with these keys: a solution that leaned on no
    /// side condition under the shared key, anything else under the full one.
    pub(crate) fn store(&mut self, key: Key, numbers: ProofNumbers, work: u64, flags: u8) {
        self.recent[(self.stores % RECENT) as usize] = key.full;
        self.stores += 1;
        let b = self.bucket(key);
        let shared = numbers.is_solved() && flags & CONDITIONAL == 0;
        let (stored_key, flags) = if shared {
            (key.shared, flags | SHARED)
        } else {
            (key.full, flags)
        };
        let generation = self.generation;
        let pair = &mut self.buckets[b];
        let score = |s: &Slot| -> u64 {
            if s.generation != generation {
                return 0;
            }
            let solved = s.proof == 0 || s.disproof == 0;
            (u64::from(solved) << 32) + u64::from(s.work) + 1
        };
        let holds = |s: &Slot| s.generation != 0 && Table::holds(s, key);
        let i = if holds(&pair[0]) {
            0
        } else if holds(&pair[1]) {
            1
        } else {
            usize::from(score(&pair[0]) > score(&pair[1]))
        };
        pair[i] = Slot {
            key: stored_key,
            proof: numbers.proof,
            disproof: numbers.disproof,
            work: work.min(u64::from(u32::MAX)) as u32,
            generation,
            flags,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `stored_since` names exactly the keys stored after the mark, `last_stored` the last.
    #[test]
    fn stored_since_names_the_keys_stored_after_the_mark_and_last_stored_the_last() {
        let mut table = Table::new(4);
        let unit = ProofNumbers::UNIT;
        for round in 0..10u64 {
            let mark = table.stores();
            let keys: Vec<u64> = (0..round % (RECENT + 1)).map(|i| 100 * round + i).collect();
            for &k in &keys {
                table.store(Key::plain(k), unit, 1, 0);
            }
            for probe in 0..1_000 {
                assert_eq!(table.stored_since(mark, probe), keys.contains(&probe));
            }
            if let Some(&last) = keys.last() {
                assert_eq!(table.last_stored(), last);
            }
        }
    }
}
