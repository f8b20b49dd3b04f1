//! The local game of one region (Niu, Kishimoto & Müller, §5.3): the
//! attacker tries to capture a boundary block or to live inside; the
//! defender tries to keep both from happening. Moves are the region's empty
//! points and a pass; the outside is the worst case for the defender.

use std::cell::RefCell;

use go_board::{Board, Color, Move, Point, PointSet, Regions, SuicideRule};
use go_eye::benson::PassAlive;
use go_eye::tables::{Eye, EyeOutcome, Stones};
use go_search::tactics::KoThreats;
use go_search::{Game, Outcome, Player};

use super::blocks;
use crate::local::{self, KoMoves};

/// Attacker stones fewer than this cannot hold a pass-alive group (two
/// separate eyes need at least six stones, in a corner).
const FEWEST_LIVING_STONES: usize = 6;

/// Who wins the kos (unlimited threats) and the repetitions of a region game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum KoWinner {
    /// The paper's model: a defender that holds only by a ko or a
    /// repetition is not safe.
    Attacker = 1,
    /// The check of an attacker's seki: stones that live only by a ko or a
    /// repetition are not sure to live.
    Defender = 2,
}

/// The fight for one region of the defender's colour.
///
/// - The attacker moves first. The side `ko` names may retake any ko at
///   once (unlimited ko threats). Otherwise situational superko holds for
///   it (the paper's reading of its ko model): a move of that side that
///   is not a ko capture and repeats a situation of the line is illegal,
///   so it cannot win by going round a cycle that gains it nothing (the
///   paper's seki of type 2, where captures only lead back). The other
///   side's repetitions end the line as a win for the side `ko` names
///   (the search's repetitions).
/// - The defender's blocks next to the region and to no other region of its
///   colour are interior: they may be captured like any stone played
///   inside, and their points then join the region. The others are the
///   boundary.
/// - A boundary block's liberties outside the region do not count, except
///   the single-point eyes in `eyes` (one liberty each, never played: the
///   attacker fills them last, when it captures). Blocks with a stone in
///   `safe` are proved safe elsewhere and cannot be lost.
/// - The attacker wins when it captures a boundary block, when a boundary
///   block is in atari with the attacker to move, or when it has a
///   pass-alive (Benson) group in the region.
/// - The defender wins when its boundary blocks are pass-alive and the
///   region lies in their Benson-safe area, or when both sides pass and no
///   attacker stone is left in the region.
/// - Both passing with attacker stones left in the region is seki (a draw).
pub(crate) struct RegionGame {
    board: Board,
    defender: Color,
    area: PointSet,
    boundary: PointSet,
    eyes: PointSet,
    moves: KoMoves,
    ko: KoWinner,
    /// The defender's small regions outside the area next to its boundary
    /// (fixed during the game): with the area, where its eyes can be.
    outside_eyes: PointSet,
    /// The boundary before each move played, for undo.
    earlier: Vec<(PointSet, PointSet)>,
    /// The situations of the line (board, side to move, ko ban), the root's
    /// first: the ko winner's superko.
    line: Vec<u64>,
    /// The stones of the boundary blocks with a stone in `safe`.
    safe_blocks: PointSet,
    key: u64,
    /// Outcomes judged, by position hash (df-pn visits a position many
    /// times; Benson's test is most of the cost).
    judged: RefCell<Vec<(u64, Option<Outcome>)>>,
}

/// The largest region the game's Benson tests count as a possible eye
/// (larger ones as never healthy, which is sound): the eyes a region's
/// fight makes are small, and the tests flood no further.
const EYE_REGION: usize = 12;

/// The most outside liberties of a wall go-eye's tables solve exactly (they
/// answer more as this many): with more possible, the eye game is not used.
const TABLE_LIBERTIES: u32 = 5;

/// Entries of the outcome cache (a power of two).
const JUDGED: usize = 1 << 12;

impl RegionGame {
    /// The fight for the region `area` of `defender`, whose boundary stones
    /// are `boundary`, with the attacker to move.
    ///
    /// `ko`: who wins kos and repetitions — the attacker in the paper's model
    /// (pessimistic for the defender's claims), the defender when an
    /// attacker's claim (its stones live in seki) is checked.
    pub(crate) fn new(
        board: &Board,
        defender: Color,
        area: PointSet,
        safe: PointSet,
        eyes: PointSet,
        ko: KoWinner,
    ) -> RegionGame {
        let mut local = local::local_board(board);
        local.set_to_play(defender.opposite());
        let root = local.hash();
        let (boundary, interior) = defender_blocks(board, defender, area);
        // A captured interior block's points join the region.
        let area = area | interior;
        let mut moves = KoMoves::default();
        let ko_winner = match ko {
            KoWinner::Attacker => defender.opposite(),
            KoWinner::Defender => defender,
        };
        moves.set_threats(ko_winner, KoThreats::Unlimited);
        let key = set_key(&area, 1) ^ set_key(&safe, 2) ^ set_key(&eyes, 3) ^ ko as u64;
        let near = boundary.grow(board.geometry());
        let outside_eyes = Regions::basic(board, defender)
            .iter()
            .map(|r| *r.points())
            .filter(|r| r.len() <= EYE_REGION && r.intersects(&near) && !r.intersects(&area))
            .fold(PointSet::new(), |all, r| all | r);
        RegionGame {
            board: local,
            outside_eyes,
            defender,
            area,
            boundary,
            eyes,
            moves,
            ko,
            earlier: Vec::new(),
            line: vec![root],
            safe_blocks: blocks(board, boundary & safe),
            key,
            judged: RefCell::new(vec![(0, None); JUDGED]),
        }
    }

    fn attacker(&self) -> Color {
        self.defender.opposite()
    }

    /// The side that wins the kos.
    fn ko_winner(&self) -> Color {
        match self.ko {
            KoWinner::Attacker => self.attacker(),
            KoWinner::Defender => self.defender,
        }
    }

    /// Whether the stone just played at `p` by the ko winner breaks its
    /// superko: it is no ko capture and repeats a situation of the line.
    fn repeats_without_ko(&self, p: Point) -> bool {
        self.board.color_at(p) == Some(self.ko_winner())
            && self.board.ko().is_none()
            && self.line.contains(&self.board.hash())
    }

    /// Whether a boundary block is lost: captured, or in atari with the
    /// attacker to move, counting only liberties in the region and eyes.
    /// `safe_blocks`: the boundary blocks proved safe elsewhere.
    fn boundary_lost(&self, safe_blocks: PointSet) -> bool {
        let stones = self.board.stones_of(self.defender);
        if !self.boundary.is_subset(stones) {
            return true;
        }
        let attacker_to_move = self.board.to_play() == self.attacker();
        let counted = self.area | self.eyes;
        let mut anchors = PointSet::new();
        for p in self.boundary - safe_blocks {
            let Some(anchor) = self.board.anchor(p) else {
                return true;
            };
            if anchors.contains(anchor) {
                continue;
            }
            anchors.insert(anchor);
            let liberties = (self.board.liberties(p) & counted).count_up_to(2);
            if liberties == 0 || (liberties == 1 && attacker_to_move) {
                return true;
            }
        }
        false
    }
}

/// The stones of the defender's blocks next to the region `area`: those
/// that also touch other regions (the boundary, which must survive) and
/// those that touch only this one (interior: expendable, as a stone played
/// inside would be).
pub(crate) fn defender_blocks(
    board: &Board,
    defender: Color,
    area: PointSet,
) -> (PointSet, PointSet) {
    let geo = board.geometry();
    let all = blocks(board, area.border(geo) & *board.stones_of(defender));
    let mut boundary = PointSet::new();
    let mut interior = PointSet::new();
    let mut rest = all;
    while let Some(p) = rest.first() {
        let block: PointSet = board.block_stones(p).collect();
        rest -= block;
        if block.border(geo).is_subset(&area) {
            interior |= block;
        } else {
            boundary |= block;
        }
    }
    (boundary, interior)
}

/// Whether the attacker could make two eyes in `area` against the safe
/// defender stones `walls`: an eye point cannot touch a safe enemy stone,
/// and two eyes need two such points apart (two points of a grid that touch
/// are one eye space).
pub(crate) fn room_for_two_eyes(board: &Board, area: PointSet, walls: PointSet) -> bool {
    let geo = board.geometry();
    let room = area - walls.grow(geo);
    let mut points = room.iter();
    match (points.next(), points.next(), points.next()) {
        (Some(_), Some(_), Some(_)) => true,
        (Some(a), Some(b), None) => !geo.neighbours(a).any(|n| n == b),
        _ => false,
    }
}

/// A hash of a point set, different per `salt`.
fn set_key(set: &PointSet, salt: u64) -> u64 {
    set.iter()
        .fold(salt.wrapping_mul(0x9e37_79b9_7f4a_7c15), |h, p| {
            let mut z = (h ^ (p.index() as u64 + 1)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z ^= z >> 31;
            z.wrapping_mul(0x94d0_49bb_1331_11eb) ^ (z >> 29)
        })
}

impl Game for RegionGame {
    type Move = Move;

    fn to_play(&self) -> Player {
        local::player(self.board.to_play() == self.attacker())
    }

    fn generate(&self, out: &mut Vec<Move>) {
        let empty = self.area & self.board.empty_points();
        // Liberties of the boundary first: where both sides fight.
        let near = empty & self.boundary.grow(self.board.geometry());
        out.extend(near.iter().map(Move::Play));
        out.extend((empty - near).iter().map(Move::Play));
        out.push(Move::Pass);
    }

    fn play(&mut self, mv: Move) -> bool {
        let played = self.moves.play(&mut self.board, mv);
        // The superko ban depends on the line, which df-pn's table does not
        // see (its own repetitions it handles by path): a value stored on one
        // line may reach another where the banned move is legal. The ban
        // only meets cycles that gain the ko winner nothing, so it is kept
        // to that side's moves and to situations already on the line.
        if played
            && let Move::Play(p) = mv
            && self.repeats_without_ko(p)
        {
            self.moves.undo(&mut self.board);
            return false;
        }
        if played {
            self.line.push(self.board.hash());
            self.earlier.push((self.boundary, self.safe_blocks));
            // A defender stone next to the boundary joins it, and a safe
            // block makes the joined block safe.
            if let Move::Play(p) = mv
                && self.board.color_at(p) == Some(self.defender)
            {
                let near =
                    |set: &PointSet| self.board.geometry().neighbours(p).any(|q| set.contains(q));
                let (joins_boundary, joins_safe) = (near(&self.boundary), near(&self.safe_blocks));
                if joins_boundary || joins_safe {
                    let block = self.board.stones(p);
                    if joins_boundary {
                        self.boundary |= block;
                    }
                    if joins_safe {
                        self.safe_blocks |= block;
                    }
                }
            }
        }
        played
    }

    fn undo(&mut self) {
        if self.moves.undo(&mut self.board) {
            self.line.pop();
            if let Some((boundary, safe_blocks)) = self.earlier.pop() {
                self.boundary = boundary;
                self.safe_blocks = safe_blocks;
            }
        }
    }

    fn hash(&self) -> u64 {
        local::hash(&self.board) ^ self.moves.key() ^ self.key
    }

    fn pass_move(&self) -> Option<Move> {
        Some(Move::Pass)
    }

    fn repetition_outcome(&self) -> Outcome {
        match self.ko {
            KoWinner::Attacker => Outcome::Win(Player::First),
            KoWinner::Defender => Outcome::Win(Player::Second),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        let hash = self.hash();
        let slot = (hash as usize) & (JUDGED - 1);
        if let Some(&(h, outcome)) = self.judged.borrow().get(slot)
            && h == hash
        {
            return outcome;
        }
        let outcome = self.judge();
        if let Some(entry) = self.judged.borrow_mut().get_mut(slot) {
            *entry = (hash, outcome);
        }
        outcome
    }
}

impl RegionGame {
    /// Whether a block of `stones` has fewer than two liberties in the
    /// region and its eyes (so it cannot have two vital regions there, and
    /// one liberty outside would not be enough either).
    fn short_of_liberties(&self, stones: PointSet) -> bool {
        let counted = self.area | self.eyes;
        let mut anchors = PointSet::new();
        for p in stones {
            let Some(anchor) = self.board.anchor(p) else {
                continue;
            };
            if anchors.contains(anchor) {
                continue;
            }
            anchors.insert(anchor);
            if (self.board.liberties(p) & counted).count_up_to(2) < 2 {
                return true;
            }
        }
        false
    }

    /// The outcome of the position, if it is over (see the type's docs).
    fn judge(&self) -> Option<Outcome> {
        let safe_blocks = self.safe_blocks;
        if self.boundary_lost(safe_blocks) {
            return Some(Outcome::Win(Player::First));
        }
        let attacker_stones = *self.board.stones_of(self.attacker()) & self.area;
        if self.board.consecutive_passes() >= 2 {
            return Some(if attacker_stones.is_empty() {
                Outcome::Win(Player::Second)
            } else {
                Outcome::Draw
            });
        }
        if attacker_stones.len() >= FEWEST_LIVING_STONES {
            let alive = PassAlive::around(
                &self.board,
                self.attacker(),
                attacker_stones,
                self.area,
                EYE_REGION,
            )
            .stones();
            if alive.intersects(&attacker_stones) {
                return Some(Outcome::Win(Player::First));
            }
        }
        // The boundary is safe: proved elsewhere, or pass-alive here.
        // Benson's test costs most of a node: it is only asked when the
        // attacker is to move (a defender that is safe with the move stays
        // safe one move later), and when no unsafe block is short of two
        // liberties in the region and its eyes.
        let unsafe_stones = self.boundary - safe_blocks;
        if !unsafe_stones.is_empty()
            && (self.board.to_play() != self.attacker() || self.short_of_liberties(unsafe_stones))
        {
            return None;
        }
        let alive = (!unsafe_stones.is_empty()).then(|| {
            let within = self.area | self.outside_eyes;
            PassAlive::around(
                &self.board,
                self.defender,
                unsafe_stones,
                within,
                EYE_REGION,
            )
        });
        if alive
            .as_ref()
            .is_some_and(|a| !unsafe_stones.is_subset(&a.stones()))
        {
            return None;
        }
        // Then the attacker must live, and it cannot: no room for two eyes,
        // the region lies in the pass-alive blocks' vital regions, or the
        // attacker's stones are dead.
        let no_room = !room_for_two_eyes(&self.board, self.area, self.boundary);
        if no_room
            || alive.is_some_and(|a| self.area.is_subset(&a.safe_points()))
            || self.attacker_is_dead(attacker_stones)
        {
            return Some(Outcome::Win(Player::Second));
        }
        None
    }

    /// Whether the attacker's stones in the region are dead, the boundary
    /// being safe: they can never get two eyes nor seki, and the defender
    /// can capture them whenever it likes.
    ///
    /// An attacker eye is a region of non-attacker points inside the area;
    /// it cannot touch a boundary stone (the region would run out through
    /// it), so every eye the attacker can ever have lies in the area's
    /// points away from the boundary that its stones do not occupy now (the
    /// defender need never capture an attacker stone outside them). When
    /// there is no such point, the attacker's liberties all lie next to the
    /// safe boundary, where the defender fills them. When they make one eye
    /// space of at most eight points whose neighbours are all stones of one
    /// attacker block, the eye game of go-eye's tables is this fight
    /// exactly (Vilà 2004, §4.2.1.III: the wall one block, the defender's
    /// stones inside, the wall's liberties outside the eye — at most the
    /// area's other empty points — filled by the defender from its safe
    /// boundary); if the wall dies there even moving first and winning every
    /// ko (nakade), it is dead here.
    fn attacker_is_dead(&self, attacker_stones: PointSet) -> bool {
        if attacker_stones.is_empty() {
            return false;
        }
        let geo = self.board.geometry();
        let eye_room = self.area - self.boundary.grow(geo) - attacker_stones;
        if eye_room.is_empty() {
            return true;
        }
        // The tables' eye game forbids suicide.
        if self.board.rules().suicide != SuicideRule::Illegal {
            return false;
        }
        let wall_points = eye_room.border(geo);
        let Some(first) = wall_points.first() else {
            return false;
        };
        if self.board.color_at(first) != Some(self.attacker()) {
            return false;
        }
        let wall: PointSet = self.board.block_stones(first).collect();
        if !wall_points.is_subset(&wall) {
            return false;
        }
        let Ok((eye, frame)) = Eye::on_board(geo, &eye_room) else {
            return false;
        };
        let outside = (self.area & self.board.empty_points()) - eye_room;
        let Ok(libs) = u32::try_from(outside.len()) else {
            return false;
        };
        if libs > TABLE_LIBERTIES {
            return false;
        }
        let inside = eye_room & *self.board.stones_of(self.defender);
        let stones = Stones::enemy(frame.cells(&inside));
        eye.analyse(&stones, libs)
            .is_ok_and(|a| a.value.defender_first == EyeOutcome::Dead)
    }
}
