//! Class p (Vilà 2004, §4.3.5): the gate that decides whether class e may
//! judge a position, with the six rules of the thesis. It errs on the side
//! of "not evaluable": a position it refuses is searched further, one it
//! wrongly accepts is judged wrongly.

use std::fmt;

use go_board::{Board, Color, Point, PointSet};

use crate::race::{Race, Side};

/// Why class e may not judge a position: the thesis's nine reasons
/// (`isClassE_t.reasons`), as a set.
///
/// ```
/// use go_semeai::Reasons;
/// let r = Reasons::ADJACENT_IN_ATARI_PLAYER | Reasons::NOT_SURROUNDED;
/// assert!(r.contains(Reasons::NOT_SURROUNDED));
/// assert!(!r.is_empty());
/// assert_eq!(r.to_string(), "not completely surrounded; player has adjacent string(s) in atari");
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Reasons(u16);

impl Reasons {
    /// No reason: class e may judge.
    pub const NONE: Reasons = Reasons(0);
    /// The player's block connects to another own block in one move.
    pub const MORE_1_EB_PLAYER: Reasons = Reasons(1);
    /// The other block connects to another own block in one move.
    pub const MORE_1_EB_OTHER: Reasons = Reasons(2);
    /// The player's block has liberties the opponent cannot fill at once.
    pub const N_PLAIN_LIBS_PLAYER: Reasons = Reasons(4);
    /// The other block has liberties the opponent cannot fill at once.
    pub const N_PLAIN_LIBS_OTHER: Reasons = Reasons(8);
    /// A block can gain liberties or connect out in two moves.
    pub const NOT_SURROUNDED: Reasons = Reasons(16);
    /// A block next to the player's is in atari.
    pub const ADJACENT_IN_ATARI_PLAYER: Reasons = Reasons(32);
    /// A block next to the other's is in atari.
    pub const ADJACENT_IN_ATARI_OTHER: Reasons = Reasons(64);
    /// The player's block runs along the second line over empty points.
    pub const SECOND_LINE_CORRIDOR_PLAYER: Reasons = Reasons(128);
    /// The other block runs along the second line over empty points.
    pub const SECOND_LINE_CORRIDOR_OTHER: Reasons = Reasons(256);
    /// A weak group surrounds a block (rule 5).
    pub const WEAK_SURROUNDING: Reasons = Reasons(512);
    /// An eye class e cannot judge (several areas, too big, a ko inside).
    pub const EYES: Reasons = Reasons(1024);

    const NAMES: [&'static str; 11] = [
        "more than one EB for player",
        "more than one EB for other",
        "non plain liberties for player",
        "non plain liberties for other",
        "not completely surrounded",
        "player has adjacent string(s) in atari",
        "other has adjacent string(s) in atari",
        "player has a second line corridor",
        "other has a second line corridor",
        "weak surrounding group",
        "eyes beyond class e",
    ];

    /// Whether every reason of `other` is in `self`.
    ///
    /// ```
    /// use go_semeai::Reasons;
    /// assert!(Reasons::EYES.contains(Reasons::NONE));
    /// ```
    #[must_use]
    pub const fn contains(self, other: Reasons) -> bool {
        self.0 & other.0 == other.0
    }

    /// Whether there is no reason.
    ///
    /// ```
    /// use go_semeai::Reasons;
    /// assert!(Reasons::NONE.is_empty());
    /// ```
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The reasons without those of `other`.
    ///
    /// ```
    /// use go_semeai::Reasons;
    /// let r = Reasons::EYES | Reasons::NOT_SURROUNDED;
    /// assert_eq!(r.without(Reasons::EYES), Reasons::NOT_SURROUNDED);
    /// ```
    #[must_use]
    pub const fn without(self, other: Reasons) -> Reasons {
        Reasons(self.0 & !other.0)
    }

    /// The reason for the player's side or the other's.
    const fn of(player: Reasons, other: Reasons, is_player: bool) -> Reasons {
        if is_player { player } else { other }
    }
}

impl std::ops::BitOr for Reasons {
    type Output = Reasons;
    fn bitor(self, rhs: Reasons) -> Reasons {
        Reasons(self.0 | rhs.0)
    }
}

impl std::ops::BitOrAssign for Reasons {
    fn bitor_assign(&mut self, rhs: Reasons) {
        self.0 |= rhs.0;
    }
}

impl fmt::Display for Reasons {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("class e");
        }
        let mut first = true;
        for (i, name) in Reasons::NAMES.iter().enumerate() {
            if self.0 >> i & 1 == 1 {
                if !first {
                    f.write_str("; ")?;
                }
                f.write_str(name)?;
                first = false;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Reasons {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Reasons({self})")
    }
}

/// What class p found about one side.
#[derive(Clone, Debug, Default)]
pub(crate) struct SideFindings {
    /// Liberties the opponent cannot fill at once (both passes).
    pub non_plain: PointSet,
    /// Enemy blocks next to the side's block in atari (their liberties).
    pub adjacent_atari_libs: PointSet,
    /// Liberties of enemy blocks next to the side's block with at most two
    /// liberties, and of blocks in atari next to those (Table 4.9, item 4).
    pub adjacent_weak_libs: PointSet,
    /// Approach moves to the side's non-plain liberties.
    pub approach: PointSet,
    /// Liberties of enemy blocks next to the side's block with three
    /// liberties (beyond the thesis's threshold of two).
    pub adjacent_loose_libs: PointSet,
    /// Rule 6 fired for the side: it may gain liberties by extending.
    pub open: bool,
}

/// The gate's answer for a position.
#[derive(Clone, Debug, Default)]
pub(crate) struct GateReport {
    pub reasons: Reasons,
    pub player: SideFindings,
    pub other: SideFindings,
}

/// Runs the six rules on both blocks.
pub(crate) fn check(board: &Board, race: &Race) -> GateReport {
    let mut report = GateReport::default();
    for is_player in [true, false] {
        let (me, them) = if is_player {
            (&race.player, &race.other)
        } else {
            (&race.other, &race.player)
        };
        let findings = if is_player {
            &mut report.player
        } else {
            &mut report.other
        };
        let mut reasons = Reasons::NONE;
        // A block with two sure eyes lives whatever its liberties: the rules
        // only matter for blocks that can be captured.
        if me.has_two_eyes() {
            continue;
        }
        // Rule 1: more than one essential block.
        if linked(board, me) {
            reasons |= Reasons::of(
                Reasons::MORE_1_EB_PLAYER,
                Reasons::MORE_1_EB_OTHER,
                is_player,
            );
        }
        // Rule 2: non-plain liberties.
        findings.non_plain = non_plain_liberties(board, me, them);
        if !findings.non_plain.is_empty() {
            reasons |= Reasons::of(
                Reasons::N_PLAIN_LIBS_PLAYER,
                Reasons::N_PLAIN_LIBS_OTHER,
                is_player,
            );
            findings.approach = approach_moves(board, me, &findings.non_plain);
        }
        // Rule 3: adjacent blocks in atari.
        let (atari, weak, loose) = adjacent_short_blocks(board, me, them);
        findings.adjacent_atari_libs = atari;
        findings.adjacent_weak_libs = weak;
        findings.adjacent_loose_libs = loose;
        if !atari.is_empty() {
            reasons |= Reasons::of(
                Reasons::ADJACENT_IN_ATARI_PLAYER,
                Reasons::ADJACENT_IN_ATARI_OTHER,
                is_player,
            );
        }
        // Rule 4: second-line corridors.
        if second_line_corridor(board, me, them) {
            reasons |= Reasons::of(
                Reasons::SECOND_LINE_CORRIDOR_PLAYER,
                Reasons::SECOND_LINE_CORRIDOR_OTHER,
                is_player,
            );
        }
        // Rule 5: weak surrounding groups.
        if weak_surrounding_group(board, me, them) {
            reasons |= Reasons::WEAK_SURROUNDING;
        }
        // Rule 6: not completely surrounded.
        if !enclosed_for_counting(board, me) {
            reasons |= Reasons::NOT_SURROUNDED;
            findings.open = true;
        }
        report.reasons |= reasons;
    }
    report
}

/// Rule 1 (`findLinked`): an own stone of another block next to a
/// liberty outside the block's eyes, when connecting there gains the block
/// at least two liberties net. A connection gaining one is worth the move
/// that fills one of the opponent's liberties: the count of the race stays
/// right and class e may judge.
fn linked(board: &Board, me: &Side) -> bool {
    let geo = board.geometry();
    let now = me.liberties.len();
    (me.liberties - me.eye_space).iter().any(|lib| {
        geo.neighbours(lib)
            .any(|q| board.color_at(q) == Some(me.color) && !me.stones.contains(q))
            && board.num_liberties_after_play(me.color, lib) > now + 1
    })
}

/// Whether a stone of `color` at `p` is not a plain filling of a liberty
/// of `me`: suicide, or left in atari, unless it captures `me` or joins the
/// other essential block (then the race itself counts it).
fn fill_is_awkward(board: &Board, color: Color, p: Point, me: &Side, them: &Side) -> bool {
    if me.liberties.len() == 1 && me.liberties.contains(p) {
        return false;
    }
    let libs = board.liberties_after_play(color, p, 2);
    if libs >= 2 {
        return false;
    }
    let joins_them = board
        .geometry()
        .neighbours(p)
        .any(|q| them.stones.contains(q));
    !(joins_them && libs >= 1)
}

/// Rule 2 (`findLibsNotPlain`), in two passes: liberties the opponent
/// cannot fill one by one, then connected sets of liberties it cannot fill
/// all together.
fn non_plain_liberties(board: &Board, me: &Side, them: &Side) -> PointSet {
    let geo = board.geometry();
    let opp = me.color.opposite();
    let libs = me.liberties - me.eye_space;
    let mut non_plain: PointSet = libs
        .iter()
        .filter(|&p| fill_is_awkward(board, opp, p, me, them))
        .collect();
    // Second pass: fill each connected set of the remaining liberties at once.
    for set in (libs - non_plain).components(geo) {
        if set.len() < 2 {
            continue;
        }
        if set.is_superset_of(&me.liberties) {
            continue; // filling them all captures the block
        }
        // The block the filling stones form, with the opponent's blocks they join.
        let mut stones = set;
        let mut libs_after = PointSet::new();
        for p in set.iter() {
            for q in geo.neighbours(p) {
                match board.color_at(q) {
                    None => {
                        libs_after.insert(q);
                    }
                    Some(c) if c == opp && !stones.contains(q) => {
                        libs_after |= board.liberties(q);
                        stones |= board.stones(q);
                    }
                    _ => {}
                }
            }
        }
        libs_after -= set;
        let joins_them = stones.intersects(&them.stones);
        if libs_after.len() <= 1 && (!joins_them || libs_after.is_empty()) {
            non_plain |= set;
        }
    }
    non_plain
}

/// Approach moves to non-plain liberties: the other empty points next to
/// them, the liberties of the opponent's blocks beside them, and the
/// liberties of the block's own other blocks beside them (a liberty walled
/// in by such a block is filled only after capturing it).
fn approach_moves(board: &Board, me: &Side, non_plain: &PointSet) -> PointSet {
    let geo = board.geometry();
    let mut out = PointSet::new();
    for p in non_plain.iter() {
        for q in geo.neighbours(p) {
            match board.color_at(q) {
                None => {
                    out.insert(q);
                }
                Some(c) if c != me.color => out |= board.liberties(q),
                Some(_) if !me.stones.contains(q) => out |= board.liberties(q),
                _ => {}
            }
        }
    }
    out - *non_plain
}

/// Rule 3 (`findAdjacentsAtari`) and Table 4.9's item 4: enemy blocks next
/// to `me` (not the other essential block, not inside `me`'s eyes) in
/// atari, and the liberties of those with at most two liberties together
/// with the liberties of own blocks in atari next to them.
fn adjacent_short_blocks(board: &Board, me: &Side, them: &Side) -> (PointSet, PointSet, PointSet) {
    let mut atari = PointSet::new();
    let mut weak = PointSet::new();
    let mut loose = PointSet::new();
    for anchor in board.adjacent_blocks(me.anchor) {
        if them.stones.contains(anchor) || me.eye_space.contains(anchor) {
            continue;
        }
        let libs = board.liberties(anchor);
        if libs.len() == 1 {
            atari |= libs;
        }
        if libs.len() <= 2 {
            weak |= libs;
            for b in board.adjacent_blocks(anchor) {
                if board.in_atari(b) && !me.stones.contains(b) {
                    weak |= board.liberties(b);
                }
            }
        } else if libs.len() == 3 {
            loose |= libs;
        }
    }
    (atari, weak, loose)
}

/// Rule 4 (`findSecondLineCorridors`): two or more connected stones of the
/// block on the second line whose first-line points are empty (outside its
/// eyes) or hold unsafe enemy stones.
fn second_line_corridor(board: &Board, me: &Side, them: &Side) -> bool {
    let geo = board.geometry();
    let mut candidates = PointSet::new();
    for s in me.stones.iter() {
        if geo.line(s) != 2 {
            continue;
        }
        let firsts: Vec<Point> = geo.neighbours(s).filter(|&q| geo.line(q) == 1).collect();
        let open = firsts.iter().all(|&f| match board.color_at(f) {
            None => !me.eye_space.contains(f),
            Some(c) if c == me.color => false,
            Some(_) => !(them.stones.contains(f) || board.num_liberties(f) >= 3),
        });
        if open && !firsts.is_empty() {
            candidates.insert(s);
        }
    }
    candidates.components(geo).iter().any(|c| c.len() >= 2)
}

/// Rule 5 (`findWeakSurroundingGroups`): an enemy block next to `me`
/// without eyes, all its liberties on the first two lines, at most two of
/// them not shared with `me`, and one of those unprotected.
fn weak_surrounding_group(board: &Board, me: &Side, them: &Side) -> bool {
    let geo = board.geometry();
    board.adjacent_blocks(me.anchor).into_iter().any(|anchor| {
        if them.stones.contains(anchor) || me.eye_space.contains(anchor) {
            return false;
        }
        let liberties = board.liberties(anchor);
        if liberties.iter().any(|p| geo.line(p) > 2) {
            return false;
        }
        let own = liberties - me.liberties;
        let color = me.color.opposite();
        if own.len() > 2 || !own.iter().any(|p| !board.is_protected(color, p)) {
            return false;
        }
        // Last, the dearest test: no eye.
        board
            .block_regions(anchor, crate::eyes::MAX_REGION)
            .next()
            .is_none()
    })
}

/// Rule 6 (`isCompSurrounded`) as the gate applies it: the block can
/// neither gain two liberties net by extending (one is worth the move that
/// fills an opponent's liberty, as in rule 1) nor reach another own block
/// in two moves.
fn enclosed_for_counting(board: &Board, me: &Side) -> bool {
    surrounded_within(board, me, 1)
}

/// Rule 6 (`isCompSurrounded`): the block can neither gain liberties by
/// extending nor reach another own block in two moves.
pub(crate) fn completely_surrounded(board: &Board, me: &Side) -> bool {
    surrounded_within(board, me, 0)
}

/// Rule 6 with `slack`: no extension gains more than `slack` liberties net,
/// and no own block is two moves away.
fn surrounded_within(board: &Board, me: &Side, slack: usize) -> bool {
    let geo = board.geometry();
    let libs = me.liberties - me.eye_space;
    let now = me.liberties.len();
    for lib in libs.iter() {
        if board.num_liberties_after_play(me.color, lib) > now + slack {
            return false;
        }
        for q in geo.neighbours(lib) {
            if !board.is_empty(q) || me.liberties.contains(q) {
                continue;
            }
            if geo
                .neighbours(q)
                .any(|r| board.color_at(r) == Some(me.color) && !me.stones.contains(r))
            {
                return false;
            }
        }
    }
    true
}

/// A small extension of [`PointSet`] used here.
trait Superset {
    fn is_superset_of(&self, other: &PointSet) -> bool;
}

impl Superset for PointSet {
    fn is_superset_of(&self, other: &PointSet) -> bool {
        other.is_subset(self)
    }
}
