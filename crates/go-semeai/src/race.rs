//! The two essential blocks of a race and what the static classes count:
//! liberties (outside, shared, in the eyes) and eyes.

use go_board::{BlockRegion, Board, Color, Point, PointSet};
use go_eye::EyeStatus;
use go_search::tactics::{KoFight, KoThreats};
use smallvec::SmallVec;

use crate::eyecount::EyeCounts;
use crate::eyes::{self, MAX_EYE};

/// One essential block and the areas it encloses.
#[derive(Clone, Debug)]
pub(crate) struct Side {
    /// A stone of the block (the one the caller named).
    pub anchor: Point,
    /// Its colour.
    pub color: Color,
    /// Its stones.
    pub stones: PointSet,
    /// Its liberties.
    pub liberties: PointSet,
    /// The areas it encloses alone.
    pub regions: SmallVec<[BlockRegion; 2]>,
    /// Every point of those areas.
    pub eye_space: PointSet,
}

impl Side {
    /// The block at `anchor` (which must hold a stone).
    pub(crate) fn new(board: &Board, anchor: Point) -> Side {
        let color = board.color_at(anchor).expect("an essential block");
        let stones = board.stones(anchor);
        let regions = eyes::regions(board, anchor);
        let eye_space = regions.iter().fold(PointSet::new(), |s, r| s | *r.points());
        Side {
            anchor,
            color,
            stones,
            liberties: board.liberties(anchor),
            regions,
            eye_space,
        }
    }

    fn drop_regions_holding(&mut self, stones: &PointSet) {
        if self.regions.iter().any(|r| r.points().intersects(stones)) {
            self.regions.retain(|r| !r.points().intersects(stones));
            self.eye_space = self
                .regions
                .iter()
                .fold(PointSet::new(), |s, r| s | *r.points());
        }
    }

    /// Number of liberties.
    pub(crate) fn num_liberties(&self) -> usize {
        self.liberties.len()
    }

    /// Whether the block has two of Benson's vital regions: it cannot be
    /// captured (the thesis's `TwoEyes`, used by H3).
    pub(crate) fn has_two_eyes(&self) -> bool {
        self.regions.iter().filter(|r| r.is_healthy()).count() >= 2
    }
}

/// The race between the side to move (`player`) and the other block.
#[derive(Clone, Debug)]
pub(crate) struct Race {
    /// The block of the side to move.
    pub player: Side,
    /// The other block.
    pub other: Side,
    /// Liberties of both.
    pub shared: PointSet,
}

impl Race {
    /// The race between the blocks at `player` and `other`, both present.
    pub(crate) fn new(board: &Board, player: Point, other: Point) -> Race {
        let mut player = Side::new(board, player);
        let mut other = Side::new(board, other);
        // An area holding the other essential block is the race's own
        // ground, not an eye.
        player.drop_regions_holding(&other.stones);
        other.drop_regions_holding(&player.stones);
        let shared = player.liberties & other.liberties;
        Race {
            player,
            other,
            shared,
        }
    }

    /// The liberties of `side` neither shared nor inside its own eyes.
    pub(crate) fn outside(&self, side: &Side) -> PointSet {
        side.liberties - self.shared - side.eye_space
    }
}

/// The four eye statuses of class e (§4.2.1.III).
///
/// ```
/// use go_semeai::EyeState;
/// assert_eq!(EyeState::default(), EyeState::Nakade);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum EyeState {
    /// One eye at most in the end (or no eye at all).
    #[default]
    Nakade,
    /// Nakade if the opponent moves first there, alive if the owner does.
    Unsettled,
    /// Alive (or seki) whatever happens in the eye.
    Alive,
    /// Alive, but the owner is short of liberties and must play inside now.
    AliveInAtari,
}

/// What class e needs to know of one side. The default is a block without
/// eye or liberties.
///
/// ```
/// use go_semeai::{EyeState, SideCount};
/// let big = SideCount { eye: EyeState::Nakade, muller: 5, eye_liberties: 8, outside: 2, ..Default::default() };
/// assert_eq!(big.liberties(), 10);
/// assert!(big.has_eye());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideCount {
    /// The status of its eye (`Nakade` with Müller status 0 if it has none).
    pub eye: EyeState,
    /// Müller's status of the eye (Table 4.1): 0 none, 1 small, else the size.
    pub muller: u8,
    /// The liberties the eye gives in the race.
    pub eye_liberties: u32,
    /// Liberties neither shared nor in the eye.
    pub outside: u32,
    /// Whether the block is in atari.
    pub in_atari: bool,
    /// Whether the block must play inside its eye now: in atari, or its eye
    /// `AliveInAtari` (alive only if the owner moves there first).
    pub urgent: bool,
    /// The point to play in the eye (the thesis's `VitalPoint`), if any.
    pub vital: Option<Point>,
    /// The opponent's point in the eye: where it spoils the eye (go-eye's
    /// attack points, preferring one the owner wants too).
    pub attack: Option<Point>,
    /// The owner's point in the eye: where it saves the eye.
    pub defence: Option<Point>,
}

impl SideCount {
    /// Outside liberties plus eye liberties (shared ones not counted).
    ///
    /// ```
    /// use go_semeai::SideCount;
    /// assert_eq!(SideCount { outside: 3, ..Default::default() }.liberties(), 3);
    /// ```
    #[must_use]
    pub fn liberties(&self) -> u32 {
        self.outside + self.eye_liberties
    }

    /// Whether the side has an eye.
    ///
    /// ```
    /// use go_semeai::SideCount;
    /// assert!(!SideCount::default().has_eye());
    /// ```
    #[must_use]
    pub fn has_eye(&self) -> bool {
        self.muller > 0
    }
}

/// Why a side's eyes are beyond class e.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EyeTrouble {
    /// Several enclosed areas, not two sure eyes.
    Several,
    /// An area go-eye cannot judge (too big, or a ko inside).
    Unjudged,
}

/// Counts one side for class e: the status of its eye from go-eye's tables
/// and the liberties it gives (Table 4.1, less the enemy stones already
/// inside). With `big_eyes_regrow`, a big eye holding enemy stones its
/// owner gains nothing by capturing is a small eye (Müller status 1).
pub(crate) fn count_side(
    board: &Board,
    race: &Race,
    side: &Side,
    exact: Option<&mut EyeCounts>,
    ko_eyes_unjudged: bool,
    own_stone_eyes: bool,
    big_eyes_regrow: bool,
) -> Result<SideCount, EyeTrouble> {
    let outside = race.outside(side).len() as u32;
    let in_atari = side.num_liberties() == 1;
    let nothing = SideCount {
        eye: EyeState::Nakade,
        muller: 0,
        eye_liberties: 0,
        outside,
        in_atari,
        urgent: in_atari,
        vital: None,
        attack: None,
        defence: None,
    };
    match side.regions.len() {
        0 => Ok(nothing),
        _ if side.has_two_eyes() => Ok(SideCount {
            eye: EyeState::Alive,
            muller: side
                .regions
                .iter()
                .map(|r| eyes::muller_status(r.num_points()))
                .max()
                .unwrap_or(0),
            ..nothing
        }),
        1 => {
            let region = &side.regions[0];
            if region.num_points() > MAX_EYE {
                // A big enclosed area with at most one enemy stone inside:
                // no nakade shape of more than 7 points exists (§4.2.1.IV).
                return if region.attacker_stones().len() <= 1 && region.defender_stones().is_empty()
                {
                    Ok(SideCount {
                        eye: EyeState::Alive,
                        muller: eyes::muller_status(region.num_points()),
                        ..nothing
                    })
                } else {
                    Err(EyeTrouble::Unjudged)
                };
            }
            let inside_libs = (side.liberties & *region.points()).len();
            let report = eyes::analyse(board, region, side.num_liberties() - inside_libs)
                .ok_or(EyeTrouble::Unjudged)?;
            let eye = match report.status {
                EyeStatus::Nakade => EyeState::Nakade,
                EyeStatus::Unsettled => EyeState::Unsettled,
                EyeStatus::Alive => EyeState::Alive,
                EyeStatus::AliveInAtari => EyeState::AliveInAtari,
                EyeStatus::AttackerKo | EyeStatus::DefenderKo | EyeStatus::Ko => {
                    return Err(EyeTrouble::Unjudged);
                }
            };
            // At the root, an eye that may turn into a ko is left to the
            // search: an unsettled one go-eye marks as ko-prone, and any
            // killable one holding three or more enemy stones (captures
            // among them can end in a ko go-eye's flag misses, as in the
            // 2×3 edge eye holding three stones).
            if ko_eyes_unjudged
                && ((report.has_ko
                    && !region.attacker_stones().is_empty()
                    && eye == EyeState::Unsettled)
                    || (region.attacker_stones().len() >= 3
                        && matches!(eye, EyeState::Nakade | EyeState::Unsettled)))
            {
                return Err(EyeTrouble::Unjudged);
            }
            let killable = matches!(eye, EyeState::Nakade | EyeState::Unsettled);
            // Own stones inside: only the exact count knows what they do
            // (they may be captured, or fill the eye's vital point).
            if killable
                && !region.defender_stones().is_empty()
                && (exact.is_none() || !own_stone_eyes)
            {
                return Err(EyeTrouble::Unjudged);
            }
            // The opponent's point, and the owner's — the same point when
            // one is good for both (the thesis's single vital point).
            let geo = board.geometry();
            let central = |set: PointSet| {
                set.iter().max_by_key(|&q| {
                    let n = geo
                        .neighbours(q)
                        .filter(|&r| region.points().contains(r))
                        .count();
                    (n, std::cmp::Reverse(q))
                })
            };
            let prefer = |first: PointSet, second: PointSet| {
                central(first & second).or_else(|| central(first))
            };
            let attack = prefer(report.attack_points, report.defence_points).or_else(|| {
                eyes::spoil_point(board, region, &report, side.num_liberties() - inside_libs)
            });
            let defence = match attack {
                Some(a) if report.defence_points.contains(a) => Some(a),
                _ => prefer(report.defence_points, report.attack_points),
            };
            let size = region.num_points();
            let table = || {
                eyes::muller_liberties(size).saturating_sub(region.attacker_stones().len() as u32)
            };
            let mut exact = exact;
            let eye_liberties = match (killable, exact.as_deref_mut()) {
                (false, _) => 0,
                (true, Some(counts)) => counts
                    .count(board, &side.stones, region, eye == EyeState::Nakade)
                    .unwrap_or_else(table),
                (true, None) => table(),
            };
            // Hunter's bigger eye wins the shared liberties because its
            // owner, once the eye is filled, captures inside and grows an
            // eye back. A big eye whose enemy stones the owner gains
            // nothing by capturing (it gives as many liberties when the
            // owner never captures) grows nothing back: a small eye.
            let mut muller = eyes::muller_status(size);
            if big_eyes_regrow
                && killable
                && muller >= 4
                && !region.attacker_stones().is_empty()
                && let Some(counts) = exact
                && counts.count_without_captures(board, &side.stones, region) == Some(eye_liberties)
            {
                muller = 1;
            }
            Ok(SideCount {
                eye,
                muller,
                eye_liberties,
                vital: report.key_point,
                attack,
                defence,
                urgent: in_atari || eye == EyeState::AliveInAtari,
                ..nothing
            })
        }
        _ => Err(EyeTrouble::Several),
    }
}

/// The extremes of a side whose single eye class e cannot count (a ko in
/// it, own stones inside, too big for the tables): what the eye may give
/// its owner at best and at worst, whatever happens inside it.
///
/// At best the eye is alive. At worst it gives the liberties of its own
/// little game with the opponent first and free to retake every ko
/// ([`EyeCounts::count_ko_lost`], played as if the block had no liberty
/// left outside, which only takes moves from the owner; without exact
/// counts, the block's liberties inside: the opponent must put a stone on each before the
/// capture even if the owner never plays there), whether it ends as a
/// nakade of any size (every Müller status up to the area's) or as no eye
/// at all (those liberties then count as outside ones). When the owner has
/// unlimited threats in `ko` (a ko master: it may retake any ko at once)
/// the least is the same game with the owner retaking every ko
/// ([`EyeCounts::count_ko_won`]). An eye the opponent cannot kill even so
/// has only the first extreme.
///
/// With `plain_count`, when neither side has a threat (the simple ko rule
/// alone), the eye is not bounded but counted by its own game under that
/// rule ([`plain_ko_count`]): a single count, which the search then treats
/// as having met a ko. `None` when the side is not one such eye.
pub(crate) fn side_bounds(
    board: &Board,
    race: &Race,
    side: &Side,
    mut exact: Option<&mut EyeCounts>,
    ko: &KoFight,
    plain_count: bool,
) -> Option<SmallVec<[SideCount; 8]>> {
    let [region] = side.regions.as_slice() else {
        return None;
    };
    let outside = race.outside(side).len() as u32;
    let in_atari = side.num_liberties() == 1;
    let mut inside = (side.liberties & *region.points()).len() as u32;
    let mut killable = true;
    if let Some(counts) = exact
        .as_deref_mut()
        .filter(|_| region.num_points() <= crate::eyecount::MAX_CELLS)
    {
        // Fewer threats than endless ones cannot promise every retake: the
        // least is then the opponent's.
        let least = if ko.threats(side.color) == KoThreats::Unlimited {
            counts.count_ko_won(board, &side.stones, region)
        } else {
            counts.count_ko_lost(board, &side.stones, region)
        };
        match least {
            Some(c) => inside = inside.max(c),
            None => killable = false,
        }
    }
    let top = eyes::muller_status(region.num_points());
    let base = SideCount {
        eye: EyeState::Nakade,
        muller: 0,
        eye_liberties: 0,
        outside: outside + inside,
        in_atari,
        urgent: in_atari,
        vital: None,
        attack: None,
        defence: None,
    };
    let mut out: SmallVec<[SideCount; 8]> = SmallVec::new();
    // Without threats, the eye's own game under the simple ko rule.
    if plain_count
        && crate::game::simple_ko(ko)
        && region.num_points() <= crate::eyecount::MAX_CELLS
        && let Some(counts) = exact
    {
        out.push(plain_ko_count(board, side, region, counts, outside, base));
        return Some(out);
    }
    out.push(SideCount {
        eye: EyeState::Alive,
        muller: top,
        outside,
        ..base
    });
    if !killable {
        return Some(out);
    }
    out.push(base);
    for m in (1..=top).filter(|&m| m == 1 || m >= 4) {
        out.push(SideCount {
            muller: m,
            eye_liberties: inside,
            outside,
            ..base
        });
    }
    Some(out)
}

/// Liberties outside its eye a block is granted in the eye's own game
/// (more cost the search, and change nothing once the owner is free to
/// play inside).
const RACE_OUTSIDE: usize = 4;

/// The count of `region` in a search without a ko master: the eye's own
/// game under the simple ko rule, the block keeping its liberties outside
/// the eye (up to [`RACE_OUTSIDE`]) for the opponent to fill, so that the
/// owner may play inside as in the race; alive if the opponent cannot
/// capture through it moving first, unsettled if only the owner moving
/// first saves it, else a nakade of the area's Müller status.
fn plain_ko_count(
    board: &Board,
    side: &Side,
    region: &BlockRegion,
    counts: &mut EyeCounts,
    outside: u32,
    base: SideCount,
) -> SideCount {
    let inside = (side.liberties & *region.points()).len();
    let k = (side.num_liberties() - inside).min(RACE_OUTSIDE) as u8;
    let muller = eyes::muller_status(region.num_points());
    let stones = &side.stones;
    let (eye, eye_liberties) = match counts.count_in_race(board, stones, region, false, None, k) {
        None => (EyeState::Alive, 0),
        Some(first) => match counts.count_in_race(board, stones, region, true, None, k) {
            None => (EyeState::Unsettled, first),
            Some(c) => (EyeState::Nakade, c),
        },
    };
    SideCount {
        eye,
        muller,
        eye_liberties,
        outside,
        ..base
    }
}
