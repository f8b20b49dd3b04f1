//! Goal-directed candidate moves of the capture game, best first.
//!
//! Both sides look at the same local zone, widest near the root: the target's liberties
//! and the points next to them, the liberties of the attacker's blocks next to the
//! target that are short of liberties (the defender may capture them or race them), and
//! the liberties of the defender's blocks one liberty away (they join the target when it
//! extends, so they count in its liberties). The attacker also saves its own blocks in
//! atari next to the target; the defender may pass. From `branch_depth` on only forcing
//! moves remain. A block in atari is saved only by extending or by capturing, so the
//! defender's list is complete there.

use std::cell::RefCell;

use go_board::{Board, Color, Move, Point, PointSet};

use self::score::{PER_LIBERTY, PER_STONE, attack, defense};
use super::CaptureOptions;
use super::helpers::{
    adjacent_blocks_up_to, adjacent_enemies_up_to, liberty_points, mix, would_take_ko,
};

/// The lists move generation works with, kept from call to call (one set per thread:
/// the generators take the game by shared reference) so that no call allocates.
#[derive(Default)]
struct Scratch {
    adjacent: Vec<(Point, usize)>,
    friends: Vec<Point>,
    beyond: Vec<(Point, usize)>,
    around: Vec<(Point, usize)>,
    seen: Vec<Point>,
    libs: Vec<Point>,
    blocks: Vec<Point>,
    list: Vec<(i32, Point)>,
    places: Places,
    counts: Counts,
    /// Move lists of earlier calls.
    lists: Lists,
}

/// Moves a kept list holds at most (a slot is one cache line).
const LIST_MOVES: usize = 27;

/// A kept list: the key of its call and its moves, each a point's index or [`PASS`].
#[derive(Copy, Clone)]
#[repr(align(64))]
struct ListSlot {
    key: u64,
    len: u8,
    moves: [u16; LIST_MOVES],
}

/// A pass in a [`ListSlot`].
const PASS: u16 = u16::MAX;

/// The move lists of earlier calls, by call (direct-mapped, `2^LIST_BITS` slots of
/// one cache line, the moves inline): a list is a function of the board, the target
/// and the [`Horizons`] its ply is below, and searches ask for the same lists again
/// (the ko modes of a question, the checks of its answer, questions on the same
/// position).
#[derive(Default)]
struct Lists {
    slots: Vec<ListSlot>,
}

/// Slots of [`Lists`]: 2 MB a thread. (With two-line slots of four-byte moves, 2^14 of
/// them in the same memory, GNU Go's reading suite made 5% more lists afresh; with 2^12
/// of those it read 5% slower.)
const LIST_BITS: u32 = 15;

impl Lists {
    /// Appends the list of the call with this key to `out`, if it is kept.
    #[inline]
    fn get(&self, key: u64, out: &mut Vec<Move>) -> bool {
        let Some(slot) = self.slots.get(Lists::slot(key)) else {
            return false;
        };
        if slot.key != key {
            return false;
        }
        out.extend(
            slot.moves[..usize::from(slot.len)]
                .iter()
                .map(|&m| Point::from_index(usize::from(m)).map_or(Move::Pass, Move::Play)),
        );
        true
    }

    /// Keeps `moves` as the list of the call with this key (unless it is too long).
    fn keep(&mut self, key: u64, moves: &[Move]) {
        if moves.len() > LIST_MOVES {
            return;
        }
        if self.slots.is_empty() {
            let empty = ListSlot {
                key: 0,
                len: 0,
                moves: [PASS; LIST_MOVES],
            };
            self.slots = vec![empty; 1 << LIST_BITS];
        }
        let slot = &mut self.slots[Lists::slot(key)];
        slot.key = key;
        slot.len = moves.len() as u8;
        for (kept, m) in slot.moves.iter_mut().zip(moves) {
            *kept = match m {
                Move::Play(p) => p.index() as u16,
                Move::Pass => PASS,
            };
        }
    }

    #[inline]
    fn slot(key: u64) -> usize {
        (key >> (64 - LIST_BITS)) as usize
    }
}

/// Move-ordering scores of the candidates: the higher first. Only their order matters;
/// the bonuses per stone or per liberty break ties within one kind of move.
mod score {
    /// Per stone of the block a move saves or captures: the bigger block first.
    pub const PER_STONE: i32 = 10;
    /// Per liberty (up to the generator's cap) the mover's new stone would have: the
    /// safer move first.
    pub const PER_LIBERTY: i32 = 20;

    /// The attacker's candidates.
    pub mod attack {
        /// Captures the target (in atari).
        pub const CAPTURE: i32 = 2000;
        /// Saves an own block next to the target, in atari, by capturing one of its
        /// attackers in atari.
        pub const SAVE_ADJACENT_BY_CAPTURE: i32 = 950;
        /// Saves an own block next to the target, in atari, by extending (plus
        /// [`PER_STONE`](super::PER_STONE) a stone saved).
        pub const SAVE_ADJACENT_BY_EXTENDING: i32 = 900;
        /// Captures a block in atari that is short of liberties against an own block
        /// next to the target: the own block gets liberties back.
        pub const CAPTURE_BESIDE_ADJACENT: i32 = 800;
        /// Saves an own block next to a friend of the target, in atari, by capturing
        /// one of its attackers in atari.
        pub const SAVE_BEYOND_BY_CAPTURE: i32 = 750;
        /// Saves an own block next to a friend of the target, in atari, by extending
        /// (plus [`PER_STONE`](super::PER_STONE) a stone saved).
        pub const SAVE_BEYOND_BY_EXTENDING: i32 = 700;
        /// Fills one of the target's liberties (plus
        /// [`PER_LIBERTY`](super::PER_LIBERTY) the filling stone keeps).
        pub const FILL_LIBERTY: i32 = 500;
        /// With the target on two liberties: per liberty the defender's extension at
        /// the other one falls short of three, fill this one first.
        pub const PER_LIBERTY_EXTENSION_LACKS: i32 = 60;
        /// Extends an own block next to the target out of reach of a counter-atari.
        pub const EXTEND_ADJACENT: i32 = 250;
        /// An approach or net move next to one of the target's liberties (plus
        /// [`PER_LIBERTY`](super::PER_LIBERTY) the stone keeps).
        pub const APPROACH: i32 = 200;
        /// Less, per liberty of the target beyond two: the farther from a capture,
        /// the later an approach.
        pub const APPROACH_PER_TARGET_LIBERTY: i32 = 50;
        /// Extends an own block on two liberties next to a friend of the target.
        pub const EXTEND_BEYOND: i32 = 150;
        /// Fills a liberty of a friend the target would join (plus
        /// [`PER_LIBERTY`](super::PER_LIBERTY) the filling stone keeps).
        pub const FILL_FRIEND_LIBERTY: i32 = 150;
        /// Shortens a block that would atari an own block on two liberties next to the
        /// target, so that its atari becomes a self-atari.
        pub const SHORTEN_ATARI_THREAT: i32 = 120;
        /// A throw-in on one of the target's liberties (it may set up a snapback or a
        /// false eye, but is usually a gift).
        pub const THROW_IN: i32 = 100;
        /// More for a throw-in against a target on two liberties.
        pub const THROW_IN_TWO_LIBERTIES: i32 = 100;
        /// An atari on a friend of the target with a stone that is in atari itself: a
        /// ko or a snapback sometimes.
        pub const ATARI_INTO_ATARI: i32 = 60;
        /// Takes a ko that captures the target: the defender may retake.
        pub const CAPTURE_BY_KO: i32 = 50;
    }

    /// The defender's candidates.
    pub mod defense {
        /// Captures an attacker next to the target, in atari (plus
        /// [`PER_STONE`](super::PER_STONE) a stone captured).
        pub const CAPTURE_ADJACENT: i32 = 1000;
        /// Captures an attacker in atari next to a friend the target would join (plus
        /// [`PER_STONE`](super::PER_STONE) a stone captured).
        pub const CAPTURE_BEYOND: i32 = 700;
        /// Captures an attacker in atari next to an own block in atari that holds an
        /// attacker of the target.
        pub const CAPTURE_FOR_HOLDING_IN_ATARI: i32 = 650;
        /// Extends an own block in atari that holds an attacker of the target (plus
        /// [`PER_STONE`](super::PER_STONE) a stone saved).
        pub const SAVE_HOLDING: i32 = 600;
        /// Extends the target at one of its liberties (plus
        /// [`PER_EXTENSION_LIBERTY`] the target would then have).
        pub const EXTEND: i32 = 500;
        /// Per liberty of the target after an extension.
        pub const PER_EXTENSION_LIBERTY: i32 = 40;
        /// Ataris an attacker on two liberties next to the target (plus
        /// [`PER_LIBERTY`](super::PER_LIBERTY) the atari stone keeps).
        pub const COUNTER_ATARI: i32 = 300;
        /// Takes a liberty of an attacker next to the target with three liberties or
        /// more (less [`RACE_PER_ATTACKER_LIBERTY`] a liberty it has, plus
        /// [`PER_LIBERTY`](super::PER_LIBERTY) the stone keeps).
        pub const RACE_ADJACENT: i32 = 150;
        /// Less, per liberty of the attacker raced: the shortest first.
        pub const RACE_PER_ATTACKER_LIBERTY: i32 = 20;
        /// More for a counter-atari or race move on one of the target's own
        /// liberties: it gains a liberty and takes one.
        pub const ON_TARGET_LIBERTY: i32 = 100;
        /// Ataris an attacker on two liberties next to a friend the target would join
        /// (plus [`PER_LIBERTY`](super::PER_LIBERTY) the stone keeps).
        pub const ATARI_BEYOND: i32 = 200;
        /// Captures an attacker in atari next to an own block on two liberties that
        /// holds an attacker of the target.
        pub const CAPTURE_FOR_HOLDING: i32 = 160;
        /// Extends an own block on two liberties that holds an attacker of the target,
        /// before it is in atari.
        pub const EXTEND_HOLDING: i32 = 140;
        /// Prepares a counter-atari that would be a self-atari, from next door.
        pub const PREPARE_COUNTER_ATARI: i32 = 120;
        /// Ataris a stone beside a self-atari counter-atari point, so that the
        /// counter-atari captures it.
        pub const ATARI_BESIDE_COUNTER_ATARI: i32 = 110;
        /// Adds a liberty to a friend the target would join (plus
        /// [`PER_LIBERTY`](super::PER_LIBERTY) the stone keeps).
        pub const FRIEND_LIBERTY: i32 = 100;
        /// Shortens an attacker on three liberties next to a friend the target would
        /// join, from outside, before it ataris (plus
        /// [`PER_LIBERTY`](super::PER_LIBERTY) the stone keeps).
        pub const SHORTEN_BEYOND: i32 = 90;
        /// A loose extension, connection or eye-space move on a second-order liberty of
        /// the target (plus [`PER_LIBERTY`](super::PER_LIBERTY) the stone keeps).
        pub const SECOND_LIBERTY: i32 = 80;
        /// Ataris an attacker whose capture frees a liberty of (or sets up a snapback
        /// for) an own block holding an attacker of the target.
        pub const ATARI_FOR_HOLDING: i32 = 70;
        /// A counter-atari with a stone in atari itself: a ko or a snapback sometimes.
        pub const ATARI_INTO_ATARI: i32 = 60;
        /// An atari with a stone in atari itself on an attacker next to a friend the
        /// target would join.
        pub const ATARI_BEYOND_INTO_ATARI: i32 = 50;
        /// A throw-in into an attacker's eye: the recapture fills a liberty of its own.
        pub const THROW_IN: i32 = 40;
    }
}

/// Which horizons of the capture game a ply is below: all a generator's list depends on
/// besides the board and the target.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Horizons {
    /// Below [`branch_depth`](CaptureOptions::branch_depth): not only forcing moves.
    shallow: bool,
    /// Below [`wide_depth`](CaptureOptions::wide_depth).
    wide: bool,
    /// Below [`race_depth`](CaptureOptions::race_depth).
    race: bool,
}

impl Horizons {
    /// The horizons `ply` is below.
    fn at(ply: u32, options: &CaptureOptions) -> Horizons {
        Horizons {
            shallow: ply < options.branch_depth,
            wide: ply < options.wide_depth,
            race: ply < options.race_depth,
        }
    }
}

/// The key of a call of a generator: everything its list depends on (the whole
/// situation on the board, the board's size, the target and the horizons).
#[inline]
fn list_key(board: &Board, target: Point, horizons: Horizons) -> u64 {
    let h =
        u64::from(horizons.shallow) | u64::from(horizons.wide) << 1 | u64::from(horizons.race) << 2;
    let call = (target.index() as u64) << 16 ^ (board.size() as u64) << 8 ^ h;
    // 0 marks an empty slot.
    (board.hash() ^ mix(call)).max(1)
}

/// A generator's list for this call: kept from an earlier call, or made and kept.
fn remembered(
    board: &Board,
    target: Point,
    horizons: Horizons,
    out: &mut Vec<Move>,
    generator: fn(&Board, Point, Horizons, &mut Vec<Move>, &mut Scratch),
) {
    SCRATCH.with_borrow_mut(|s| {
        let key = list_key(board, target, horizons);
        if s.lists.get(key, out) {
            return;
        }
        let start = out.len();
        generator(board, target, horizons, out, s);
        s.lists.keep(key, &out[start..]);
    });
}

/// Liberty counts after a move, remembered for one call of a generator (the same point
/// is often asked about several times, with different caps).
#[derive(Default)]
struct Counts {
    /// By point index: (stamp, colour, cap asked, count found).
    entries: Vec<(u32, Color, u8, u8)>,
    stamp: u32,
}

impl Counts {
    /// Forgets the counts of the last call.
    fn start(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.entries.clear();
            self.stamp = 1;
        }
        if self.entries.len() < go_board::NUM_INDICES {
            self.entries
                .resize(go_board::NUM_INDICES, (0, Color::Black, 0, 0));
        }
    }

    /// `board.liberties_after_play(color, p, max)`, from memory when a count asked
    /// with a cap at least as high, or found below its cap, is known.
    #[inline]
    fn after_play(&mut self, board: &Board, color: Color, p: Point, max: usize) -> usize {
        let i = p.index();
        // Sized by `start` for every point.
        let entry = &mut self.entries[i];
        let (stamp, c, cap, n) = *entry;
        if stamp == self.stamp && c == color && (n < cap || usize::from(cap) >= max) {
            return usize::from(n).min(max);
        }
        let n = board.liberties_after_play(color, p, max);
        *entry = (self.stamp, color, max as u8, n as u8);
        n
    }
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// Where each candidate of a generator's call stands in its list, by point index:
/// (stamp of the call, position).
#[derive(Default)]
struct Places {
    entries: Vec<(u32, u16)>,
    stamp: u32,
}

/// Candidates with scores, best first once sorted.
struct Candidates<'a> {
    list: &'a mut Vec<(i32, Point)>,
    places: &'a mut Places,
}

impl<'a> Candidates<'a> {
    fn new(list: &'a mut Vec<(i32, Point)>, places: &'a mut Places) -> Self {
        list.clear();
        places.stamp = places.stamp.wrapping_add(1);
        if places.stamp == 0 {
            places.entries.clear();
            places.stamp = 1;
        }
        if places.entries.len() < go_board::NUM_INDICES {
            places.entries.resize(go_board::NUM_INDICES, (0, 0));
        }
        Candidates { list, places }
    }

    #[inline]
    fn add(&mut self, p: Point, score: i32) {
        let stamp = self.places.stamp;
        match self.places.entries.get_mut(p.index()) {
            Some((s, at)) if *s == stamp => {
                let c = &mut self.list[usize::from(*at)];
                c.0 = c.0.max(score);
            }
            Some(place) => {
                *place = (stamp, self.list.len() as u16);
                self.list.push((score, p));
            }
            None => self.list.push((score, p)),
        }
    }

    fn emit(self, out: &mut Vec<Move>) {
        // Best first, ties in the order of their first addition: an insertion sort,
        // as lists are short.
        let list = &mut *self.list;
        for i in 1..list.len() {
            let x = list[i];
            let mut j = i;
            while j > 0 && list[j - 1].0 < x.0 {
                list[j] = list[j - 1];
                j -= 1;
            }
            list[j] = x;
        }
        out.extend(self.list.iter().map(|&(_, p)| Move::Play(p)));
    }
}

/// Every legal-looking move (empty points) and, for the defender, a pass.
pub(crate) fn all_moves(board: &Board, color: Color, pass: bool, out: &mut Vec<Move>) {
    for p in board.empty_points().iter() {
        if board.liberties_after_play(color, p, 1) > 0 {
            out.push(Move::Play(p));
        }
    }
    if pass {
        out.push(Move::Pass);
    }
}

/// The blocks of the target's neighbourhood.
struct Zone<'a> {
    libs: PointSet,
    /// The target's liberties in point order.
    lib_points: &'a [Point],
    n: usize,
    /// Attacker blocks next to the target with at most five liberties, or two more than
    /// the target, by anchor, with their liberty counts.
    adjacent: &'a [(Point, usize)],
    /// Defender blocks other than the target next to one of its liberties.
    friends: &'a [Point],
    /// Attacker blocks with at most three liberties next to a friend but not to the
    /// target, with their liberty counts.
    beyond: &'a [(Point, usize)],
}

/// The zone of the block at `target`, in the given lists (`around` is a spare).
#[allow(clippy::too_many_arguments)]
fn zone<'a>(
    board: &Board,
    target: Point,
    defender: Color,
    lib_points: &'a mut Vec<Point>,
    adjacent: &'a mut Vec<(Point, usize)>,
    friends: &'a mut Vec<Point>,
    beyond: &'a mut Vec<(Point, usize)>,
    around: &mut Vec<(Point, usize)>,
) -> Zone<'a> {
    let libs = board.liberties(target);
    lib_points.clear();
    lib_points.extend(libs.into_iter().take(board.num_liberties(target)));
    // The generators look at blocks with up to five liberties, or two more than the
    // target's (and those next to friends with up to three).
    let n = lib_points.len();
    adjacent_enemies_up_to(board, target, (n + 2).max(5), adjacent);
    friends.clear();
    let own = board.anchor(target);
    for &l in lib_points.iter() {
        for q in l.neighbours() {
            if board.color_at(q) == Some(defender)
                && let Some(a) = board.anchor(q)
                && Some(a) != own
                && !friends.contains(&a)
            {
                friends.push(a);
            }
        }
    }
    beyond.clear();
    for &f in friends.iter() {
        // The generators look only at those with three liberties or fewer.
        adjacent_enemies_up_to(board, f, 3, around);
        for &(a, l) in around.iter() {
            if !adjacent.iter().any(|&(b, _)| b == a) && !beyond.iter().any(|&(b, _)| b == a) {
                beyond.push((a, l));
            }
        }
    }
    Zone {
        n,
        libs,
        lib_points,
        adjacent,
        friends,
        beyond,
    }
}

/// The attacker's candidates against the block at `target`.
pub(crate) fn attack_moves(
    board: &Board,
    target: Point,
    ply: u32,
    options: &CaptureOptions,
    out: &mut Vec<Move>,
) {
    remembered(
        board,
        target,
        Horizons::at(ply, options),
        out,
        attack_moves_in,
    );
}

fn attack_moves_in(
    board: &Board,
    target: Point,
    horizons: Horizons,
    out: &mut Vec<Move>,
    s: &mut Scratch,
) {
    let Some(defender) = board.color_at(target) else {
        return;
    };
    let attacker = defender.opposite();
    let Scratch {
        adjacent,
        friends,
        beyond,
        around,
        libs,
        blocks,
        list,
        places,
        counts,
        ..
    } = s;
    counts.start();
    let z = zone(
        board, target, defender, libs, adjacent, friends, beyond, around,
    );
    let n = z.n;
    let Horizons {
        shallow,
        wide,
        race,
    } = horizons;
    let mut c = Candidates::new(list, places);

    // Own blocks next to the target in atari: the defender would capture them.
    for &(a, libs) in z.adjacent {
        if libs == 1 {
            save_in_atari(
                board,
                counts,
                blocks,
                &mut c,
                attacker,
                target,
                a,
                (
                    attack::SAVE_ADJACENT_BY_EXTENDING,
                    attack::SAVE_ADJACENT_BY_CAPTURE,
                ),
            );
        } else if (shallow && n >= 2 && libs <= n.max(2)) || (wide && libs <= n + 2) {
            // Out of reach of a counter-atari, or ahead in the race: extend, or take
            // liberties back by capturing a neighbour.
            for l in liberty_points(board, a) {
                if counts.after_play(board, attacker, l, 4) >= 3 {
                    c.add(l, attack::EXTEND_ADJACENT);
                }
            }
            adjacent_enemies_up_to(board, a, if race && libs == 2 { 3 } else { 1 }, around);
            for &(b, blibs) in around.iter() {
                if board.same_block(b, target) {
                    continue;
                }
                if blibs == 1
                    && let Some(bl) = board.the_liberty(b)
                {
                    c.add(bl, attack::CAPTURE_BESIDE_ADJACENT);
                } else if race && blibs <= 3 && libs == 2 {
                    // Shorten the blocks that would atari ours, so that their atari
                    // becomes a self-atari.
                    for q in liberty_points(board, b) {
                        if counts.after_play(board, attacker, q, 3) >= 2 {
                            c.add(q, attack::SHORTEN_ATARI_THREAT);
                        }
                    }
                }
            }
        }
    }

    // Own blocks next to the friends the target would join: save those in atari, and
    // those the defender could atari when there is time.
    for &(a, libs) in z.beyond {
        if libs == 1 {
            save_in_atari(
                board,
                counts,
                blocks,
                &mut c,
                attacker,
                target,
                a,
                (
                    attack::SAVE_BEYOND_BY_EXTENDING,
                    attack::SAVE_BEYOND_BY_CAPTURE,
                ),
            );
        } else if libs == 2 && race {
            for l in liberty_points(board, a) {
                if counts.after_play(board, attacker, l, 4) >= 3 {
                    c.add(l, attack::EXTEND_BEYOND);
                }
            }
        }
    }

    // The liberties.
    for &l in z.lib_points {
        let own = counts.after_play(board, attacker, l, 3);
        if own == 0 {
            continue;
        }
        let mut score = attack::FILL_LIBERTY + PER_LIBERTY * own as i32;
        if n == 2 {
            // How far the defender gets by extending at the other liberty; `l` is
            // counted among its liberties but will be taken.
            if let Some(&o) = z.lib_points.iter().find(|&&o| o != l) {
                let d = counts.after_play(board, defender, o, 4) as i32 - 1;
                score += attack::PER_LIBERTY_EXTENSION_LACKS * (3 - d.clamp(0, 3));
            }
        }
        if n == 1 {
            // The capture itself, unless it only takes a ko.
            let ko = super::helpers::would_take_ko(board, attacker, l);
            c.add(
                l,
                if ko {
                    attack::CAPTURE_BY_KO
                } else {
                    attack::CAPTURE
                },
            );
            continue;
        }
        if own == 1 && !board.would_capture(attacker, l) {
            // A throw-in: a snapback or a false eye sometimes, usually a gift.
            if !shallow && n > 2 {
                continue;
            }
            score = attack::THROW_IN
                + if n == 2 {
                    attack::THROW_IN_TWO_LIBERTIES
                } else {
                    0
                };
        }
        c.add(l, score);
    }

    if (shallow && n <= 3) || wide {
        // Approach and net moves next to the liberties.
        for &l in z.lib_points {
            for q in l.neighbours() {
                if !board.is_empty(q) || z.libs.contains(q) {
                    continue;
                }
                let own = counts.after_play(board, attacker, q, 3);
                if own >= 2 {
                    c.add(
                        q,
                        attack::APPROACH + PER_LIBERTY * own as i32
                            - attack::APPROACH_PER_TARGET_LIBERTY * (n as i32 - 2),
                    );
                }
            }
        }
        // The liberties of friends the target would join.
        for &f in z.friends {
            if board.num_liberties(f) > 3 && !wide {
                continue;
            }
            let flibs = board.num_liberties(f);
            for q in liberty_points(board, f) {
                let own = counts.after_play(board, attacker, q, 3);
                if own >= 2 || board.would_capture(attacker, q) {
                    c.add(q, attack::FILL_FRIEND_LIBERTY + PER_LIBERTY * own as i32);
                } else if own == 1 && flibs == 2 {
                    // An atari into atari: a ko or a snapback sometimes.
                    c.add(q, attack::ATARI_INTO_ATARI);
                }
            }
        }
    }
    c.emit(out);
}

/// Candidates that save the attacker's block `a`, in atari: extending from its liberty
/// when that gives two liberties (`scores.0` plus [`PER_STONE`] a stone), and capturing any
/// neighbour in atari other than the target (`scores.1`).
#[allow(clippy::too_many_arguments)]
fn save_in_atari(
    board: &Board,
    counts: &mut Counts,
    blocks: &mut Vec<Point>,
    c: &mut Candidates<'_>,
    attacker: Color,
    target: Point,
    a: Point,
    scores: (i32, i32),
) {
    let Some(l) = board.the_liberty(a) else {
        return;
    };
    if counts.after_play(board, attacker, l, 2) >= 2 {
        c.add(l, scores.0 + PER_STONE * board.num_stones(a) as i32);
    }
    adjacent_blocks_up_to(board, a, 1, blocks);
    for &b in blocks.iter() {
        if !board.same_block(b, target)
            && let Some(bl) = board.the_liberty(b)
        {
            c.add(bl, scores.1);
        }
    }
}

/// The defender's candidates for the block at `target`.
pub(crate) fn defense_moves(
    board: &Board,
    target: Point,
    ply: u32,
    options: &CaptureOptions,
    out: &mut Vec<Move>,
) {
    remembered(
        board,
        target,
        Horizons::at(ply, options),
        out,
        defense_moves_in,
    );
}

fn defense_moves_in(
    board: &Board,
    target: Point,
    horizons: Horizons,
    out: &mut Vec<Move>,
    s: &mut Scratch,
) {
    let Some(defender) = board.color_at(target) else {
        return;
    };
    let Scratch {
        adjacent,
        friends,
        beyond,
        around,
        seen,
        libs,
        blocks,
        list,
        places,
        counts,
        ..
    } = s;
    counts.start();
    let z = zone(
        board, target, defender, libs, adjacent, friends, beyond, around,
    );
    // A block in atari whose capture would only take a ko is not lost yet: the defender
    // has the time for the moves of a block with two liberties.
    let ko_atari = z.n == 1
        && z.lib_points
            .first()
            .copied()
            .is_some_and(|l| would_take_ko(board, defender.opposite(), l));
    let n = if ko_atari { 2 } else { z.n };
    let Horizons {
        shallow,
        wide,
        race,
    } = horizons;
    let mut c = Candidates::new(list, places);

    // Captures of adjacent attackers in atari; counter-ataris and races against those
    // short of liberties.
    for &(a, libs) in z.adjacent {
        match libs {
            1 => {
                if let Some(l) = board.the_liberty(a) {
                    c.add(
                        l,
                        defense::CAPTURE_ADJACENT + PER_STONE * board.num_stones(a) as i32,
                    );
                }
            }
            // In atari, a counter-atari can still set up a snapback or a ko.
            l if l >= 2
                && (n >= 2 || l == 2)
                && (l == 2 || (shallow && l <= (n + 1).max(3)) || (wide && l <= 5)) =>
            {
                let alibs = board.liberties(a);
                for q in alibs.iter().take(libs) {
                    let own = counts.after_play(board, defender, q, 3);
                    let good = own >= 2 || board.would_capture(defender, q);
                    if good {
                        let bonus = if z.libs.contains(q) {
                            defense::ON_TARGET_LIBERTY
                        } else {
                            0
                        };
                        let base = if libs == 2 {
                            defense::COUNTER_ATARI
                        } else {
                            defense::RACE_ADJACENT
                                - defense::RACE_PER_ATTACKER_LIBERTY * libs as i32
                        };
                        c.add(q, base + PER_LIBERTY * own as i32 + bonus);
                    } else if libs == 2 && own == 1 {
                        // A counter-atari into atari: a ko or a snapback sometimes.
                        c.add(q, defense::ATARI_INTO_ATARI);
                    } else if own == 1 && race && libs >= n {
                        // A throw-in into its eye: the recapture fills a liberty of its
                        // own (in an even race too, where the tempo decides).
                        c.add(q, defense::THROW_IN);
                    }
                    if !good && libs == 2 && shallow {
                        // The atari is a self-atari: prepare it from next door, or
                        // atari a stone beside it so that the atari captures it.
                        for r in q.neighbours() {
                            if board.is_empty(r) {
                                if !alibs.contains(r)
                                    && counts.after_play(board, defender, r, 2) >= 2
                                {
                                    c.add(r, defense::PREPARE_COUNTER_ATARI);
                                }
                            } else if board.color_at(r) == Some(defender.opposite())
                                && !board.same_block(r, a)
                                && board.num_liberties(r) == 2
                            {
                                for s in liberty_points(board, r) {
                                    if s != q && counts.after_play(board, defender, s, 2) >= 2 {
                                        c.add(s, defense::ATARI_BESIDE_COUNTER_ATARI);
                                    }
                                }
                            }
                        }
                    }
                }
            }
            _ => {}
        }
    }

    // Own blocks in atari that hold the attacker blocks racing the target: extend them,
    // or capture their attackers in atari.
    if race {
        seen.clear();
        for &(a, libs) in z.adjacent {
            if libs > 3 {
                continue;
            }
            adjacent_enemies_up_to(board, a, 2, around);
            for &(b, blibs) in around.iter() {
                if board.same_block(b, target) || seen.contains(&b) {
                    continue;
                }
                seen.push(b);
                // Captures of its attackers in atari give it liberties; ataris on
                // those with two may set up a snapback (when it is in atari) or free a
                // liberty (when it has two).
                adjacent_blocks_up_to(board, b, 2, blocks);
                for &e in blocks.iter() {
                    match board.num_liberties(e) {
                        1 => {
                            if let Some(el) = board.the_liberty(e) {
                                c.add(
                                    el,
                                    if blibs == 1 {
                                        defense::CAPTURE_FOR_HOLDING_IN_ATARI
                                    } else {
                                        defense::CAPTURE_FOR_HOLDING
                                    },
                                );
                            }
                        }
                        2 => {
                            let mut elibs = liberty_points(board, e);
                            let (Some(e0), Some(e1)) = (elibs.next(), elibs.next()) else {
                                continue;
                            };
                            for (el, o) in [(e0, e1), (e1, e0)] {
                                // Ataris: to set up a snapback when the holding block
                                // is in atari; to free its liberty when it has two,
                                // unless the attacker escapes by extending to three
                                // liberties or more.
                                if (blibs == 1
                                    || counts.after_play(board, defender.opposite(), o, 3) < 3)
                                    && counts.after_play(board, defender, el, 2) >= 2
                                {
                                    c.add(el, defense::ATARI_FOR_HOLDING);
                                }
                            }
                        }
                        _ => {}
                    }
                }
                if blibs == 2 {
                    // Short of liberties: extend before it is in atari.
                    for l in liberty_points(board, b) {
                        if counts.after_play(board, defender, l, 3) >= 3 {
                            c.add(l, defense::EXTEND_HOLDING);
                        }
                    }
                    continue;
                }
                if let Some(l) = board.the_liberty(b)
                    && counts.after_play(board, defender, l, 2) >= 2
                {
                    c.add(
                        l,
                        defense::SAVE_HOLDING + PER_STONE * board.num_stones(b) as i32,
                    );
                }
            }
        }
    }

    // Captures of attackers in atari next to the friends the target would join, and
    // ataris against those with two liberties.
    for &(a, libs) in z.beyond {
        if libs == 1 {
            if let Some(l) = board.the_liberty(a) {
                c.add(
                    l,
                    defense::CAPTURE_BEYOND + PER_STONE * board.num_stones(a) as i32,
                );
            }
        } else if libs == 2 && race {
            for q in liberty_points(board, a) {
                let own = counts.after_play(board, defender, q, 3);
                if own >= 2 || board.would_capture(defender, q) {
                    c.add(q, defense::ATARI_BEYOND + PER_LIBERTY * own as i32);
                } else if own == 1 {
                    c.add(q, defense::ATARI_BEYOND_INTO_ATARI);
                }
            }
        } else if libs == 3 && race {
            // A race one block further: shorten it from outside before it ataris.
            for q in liberty_points(board, a) {
                let own = counts.after_play(board, defender, q, 3);
                if own >= 2 {
                    c.add(q, defense::SHORTEN_BEYOND + PER_LIBERTY * own as i32);
                }
            }
        }
    }

    // Extensions.
    for &l in z.lib_points {
        let after = counts.after_play(board, defender, l, 6);
        if after <= 1 && board.num_captured_by(defender, l) == 0 {
            continue;
        }
        if after <= n && n >= 2 && !shallow {
            continue;
        }
        c.add(
            l,
            defense::EXTEND + defense::PER_EXTENSION_LIBERTY * after as i32,
        );
    }

    if n >= 2 && shallow {
        // Second-order liberties: loose extensions, connections, eye space.
        for &l in z.lib_points {
            for q in l.neighbours() {
                if !board.is_empty(q) || z.libs.contains(q) {
                    continue;
                }
                let own = counts.after_play(board, defender, q, 4);
                if own >= 2 {
                    c.add(q, defense::SECOND_LIBERTY + PER_LIBERTY * own as i32);
                }
            }
        }
        // More liberties for the friends the target would join.
        for &f in z.friends {
            if board.num_liberties(f) > 3 && !wide {
                continue;
            }
            for q in liberty_points(board, f) {
                let own = counts.after_play(board, defender, q, 4);
                if own >= 2 {
                    c.add(q, defense::FRIEND_LIBERTY + PER_LIBERTY * own as i32);
                }
            }
        }
    }
    c.emit(out);
    if n >= 2 {
        out.push(Move::Pass);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tactics::helpers::testing::{XorShift, random_board, stones};

    /// A point added twice keeps its first place and its best score, over several
    /// calls sharing one table.
    #[test]
    fn candidates_keep_first_place_and_best_score() {
        let (mut list, mut places) = (Vec::new(), Places::default());
        let p = |v: &str| v.parse::<Point>().expect("vertex");
        for _ in 0..3 {
            let mut c = Candidates::new(&mut list, &mut places);
            c.add(p("C3"), 100);
            c.add(p("D4"), 300);
            c.add(p("C3"), 400);
            c.add(p("E5"), 300);
            c.add(p("D4"), 50);
            let mut out = Vec::new();
            c.emit(&mut out);
            let want: Vec<Move> = ["C3", "D4", "E5"].map(|v| Move::Play(p(v))).into();
            assert_eq!(out, want);
        }
    }

    /// The lists kept from earlier calls are the lists a fresh call makes, at every ply
    /// and for both sides, on random positions.
    #[test]
    fn kept_lists_are_the_lists_generated_afresh() {
        let mut rng = XorShift(0x5851_f42d_4c95_7f2d);
        let options = CaptureOptions::default();
        let mut checked = 0;
        for _ in 0..40 {
            let board = random_board(&mut rng, 9, 10, 40);
            let stones = stones(&board);
            for &target in stones.iter().take(6) {
                for ply in [0, 1, 2, 13, 14, 20] {
                    // The second round reads the list kept by the first.
                    for round in 0..2 {
                        let mut kept = Vec::new();
                        let mut fresh = Vec::new();
                        let s = &mut Scratch::default();
                        if board.color_at(target) != Some(board.to_play()) {
                            attack_moves(&board, target, ply, &options, &mut kept);
                            attack_moves_in(
                                &board,
                                target,
                                Horizons::at(ply, &options),
                                &mut fresh,
                                s,
                            );
                        } else {
                            defense_moves(&board, target, ply, &options, &mut kept);
                            defense_moves_in(
                                &board,
                                target,
                                Horizons::at(ply, &options),
                                &mut fresh,
                                s,
                            );
                        }
                        assert_eq!(kept, fresh, "{target} ply {ply} round {round}\n{board}");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 1000, "only {checked} lists checked");
    }
}
