//! The local game of an eye space, solved exactly: how many eyes it gives.
//!
//! An eye space is abstracted as a small graph ([`EyeGraph`]) in GNU Go's
//! way (see its `eyes.db`): ordinary points, *marginal* points (where the
//! attacker can play safely, its stone joining live stones outside) and
//! dead attacker stones. The graph is played as real Go:
//!
//! - The owner's surrounding stones are one block, the *wall*, with some
//!   outside liberties the attacker may fill one by one, and possibly one
//!   more *external eye* elsewhere (a liberty the attacker can only fill
//!   with the capturing move).
//! - Both sides play on empty points of the graph, with captures, simple
//!   ko and no suicide. An owner stone on a point next to the wall joins
//!   it; an attacker stone on a marginal point (or joined to one) can never
//!   be captured.
//! - The attacker wins by capturing the wall. The owner may pass; the
//!   attacker's waiting move is filling an outside liberty.
//!
//! The space gives two eyes with a side to move first if the wall lives
//! (seki counts) with no external eye, one eye if it lives only with one
//! external eye, no eye otherwise: exactly the meaning of the number of
//! eyes in GNU Go's eye values. Kos are solved twice, once letting the
//! attacker ignore the ko ban and once the owner; the attacker-first count
//! assumes the attacker wins kos, the defender-first count the owner.
//!
//! Each evaluation is a retrograde analysis (least fixpoint of attacker
//! wins) over every state reachable from the position.

use crate::retrograde::TERNARY;
use go_search::{Dfpn, DfpnOptions, Outcome, Player, SearchLimits, StopReason, WinGoal};

/// Most points an [`EyeGraph`] may have.
///
/// ```
/// use go_eye::space::{EyeGraph, EyeGraphError, MAX_GRAPH_POINTS};
/// let too_many = vec![0u16; MAX_GRAPH_POINTS + 1];
/// assert_eq!(EyeGraph::new(&too_many, 0, 0, 0), Err(EyeGraphError::TooLarge(15)));
/// ```
pub const MAX_GRAPH_POINTS: usize = 14;

/// Outside liberties of the wall in the evaluation: enough for every eye
/// space the tables know (values stop changing at four, see the tables).
pub(crate) const OUTSIDE_LIBERTIES: u8 = 4;

/// Who may retake a ko at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum KoPolicy {
    AttackerIgnoresBan,
    DefenderIgnoresBan,
}

/// A move's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Play {
    Illegal,
    WallCaptured,
    To { a: u16, d: u16, ko: u16 },
}

/// An abstract eye space: up to [`MAX_GRAPH_POINTS`] points with their
/// adjacency, which of them touch the wall, which are marginal, and the
/// dead attacker stones on them.
///
/// ```
/// use go_eye::space::EyeGraph;
/// // A straight three in the open: one eye if the attacker moves first,
/// // two if the owner does, both at the middle point.
/// let graph = EyeGraph::line(3, 0, 0);
/// let v = graph.value().unwrap();
/// assert_eq!((v.min, v.max), (1, 2));
/// assert_eq!((v.attack, v.defence), (Some(1), Some(1)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct EyeGraph {
    /// `adjacent[i]`: bit mask of the points next to point `i`.
    adjacent: Vec<u16>,
    /// Points next to the wall (an owner stone there joins it).
    wall: u16,
    /// Marginal points: an attacker stone there is connected to live stones outside.
    marginal: u16,
    /// Attacker stones on the points.
    enemy: u16,
    /// Outside liberties of the wall.
    liberties: u8,
    /// Owner stones on the points at the start.
    own: u16,
    /// Marginal points out of the owner's reach: not next to the wall.
    shut: u16,
}

/// Why an [`EyeGraph`] cannot be built or solved.
///
/// ```
/// use go_eye::space::{EyeGraph, EyeGraphError};
/// // Point 0 names point 1 as a neighbour, but not the other way round.
/// assert_eq!(EyeGraph::new(&[0b10, 0], 0, 0, 0), Err(EyeGraphError::BadAdjacency(0)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EyeGraphError {
    /// More than [`MAX_GRAPH_POINTS`] points.
    #[error("an eye graph has at most {MAX_GRAPH_POINTS} points, not {0}")]
    TooLarge(usize),
    /// An adjacency list names a point that does not exist, or the point itself.
    #[error("point {0} has a bad neighbour list")]
    BadAdjacency(usize),
    /// A block of the position has no liberty.
    #[error("a block has no liberty in this eye graph")]
    NoLiberty,
    /// The search for a big graph ran out of its node budget.
    #[error("the eye graph is too hard to solve within the search budget")]
    Unsolved,
}

/// The value of an eye space: eyes with each side moving first, and the
/// points (graph indices) to play when they differ.
///
/// ```
/// use go_eye::space::{EyeGraph, GraphValue};
/// let single = EyeGraph::line(1, 0, 0).value().unwrap();
/// assert_eq!((single.min, single.max, single.attack), (1, 1, None));
/// assert_eq!(single.attack_points, 0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GraphValue {
    /// Eyes if the attacker moves first (0, 1 or 2; two means life).
    pub min: u8,
    /// Eyes if the owner moves first.
    pub max: u8,
    /// A point where the attacker keeps the space to `min` eyes, when `min < max`.
    pub attack: Option<usize>,
    /// A point where the owner reaches `max` eyes, when `min < max`.
    pub defence: Option<usize>,
    /// Every point where the attacker keeps the space to `min` eyes (a bit
    /// mask over the graph's points; empty unless `min < max`).
    pub attack_points: u16,
    /// Every point where the owner reaches `max` eyes (a bit mask; empty
    /// unless `min < max`).
    pub defence_points: u16,
}

impl EyeGraph {
    /// A graph with `adjacent[i]` the neighbours of point `i`, `wall` the
    /// points next to the wall, `marginal` the marginal points and `enemy`
    /// the points holding attacker stones (each a bit mask over the points).
    ///
    /// ```
    /// use go_eye::space::EyeGraph;
    /// // `!.`: a marginal point next to an ordinary one (a half eye).
    /// let g = EyeGraph::new(&[0b10, 0b01], 0b11, 0b01, 0)?;
    /// let v = g.value()?;
    /// assert_eq!((v.min, v.max, v.attack, v.defence), (0, 1, Some(0), Some(0)));
    /// # Ok::<(), go_eye::space::EyeGraphError>(())
    /// ```
    ///
    /// # Errors
    /// [`EyeGraphError::TooLarge`] beyond [`MAX_GRAPH_POINTS`] points,
    /// [`EyeGraphError::BadAdjacency`] for a neighbour that is not a point
    /// of the graph or not symmetric.
    pub fn new(
        adjacent: &[u16],
        wall: u16,
        marginal: u16,
        enemy: u16,
    ) -> Result<EyeGraph, EyeGraphError> {
        let n = adjacent.len();
        if n > MAX_GRAPH_POINTS {
            return Err(EyeGraphError::TooLarge(n));
        }
        let full = full_mask(n);
        for (i, &m) in adjacent.iter().enumerate() {
            if m & !full != 0 || m >> i & 1 == 1 {
                return Err(EyeGraphError::BadAdjacency(i));
            }
            for j in bits(m) {
                if adjacent[j.trailing_zeros() as usize] >> i & 1 == 0 {
                    return Err(EyeGraphError::BadAdjacency(i));
                }
            }
        }
        Ok(EyeGraph {
            adjacent: adjacent.to_vec(),
            wall: wall & full,
            marginal: marginal & full,
            enemy: enemy & full,
            liberties: OUTSIDE_LIBERTIES,
            own: 0,
            shut: 0,
        })
    }

    /// A line of `n` points, every one next to the wall, with the first
    /// `marginal_ends` ends (0, 1 or 2) marginal and attacker stones on the
    /// points of the mask `enemy`.
    ///
    /// ```
    /// use go_eye::space::EyeGraph;
    /// assert_eq!(EyeGraph::line(4, 0, 0).value().unwrap().min, 2);
    /// ```
    ///
    /// # Panics
    /// If `n` is 0 or above [`MAX_GRAPH_POINTS`] (a program error).
    #[must_use]
    pub fn line(n: usize, marginal_ends: usize, enemy: u16) -> EyeGraph {
        assert!((1..=MAX_GRAPH_POINTS).contains(&n), "line of {n} points");
        let adjacent: Vec<u16> = (0..n)
            .map(|i| {
                let mut m = 0;
                if i > 0 {
                    m |= 1 << (i - 1);
                }
                if i + 1 < n {
                    m |= 1 << (i + 1);
                }
                m
            })
            .collect();
        let mut marginal = 0;
        if marginal_ends >= 1 {
            marginal |= 1;
        }
        if marginal_ends >= 2 {
            marginal |= 1 << (n - 1);
        }
        EyeGraph {
            adjacent,
            wall: full_mask(n),
            marginal,
            enemy: enemy & full_mask(n),
            liberties: OUTSIDE_LIBERTIES,
            own: 0,
            shut: 0,
        }
    }

    /// The same graph with the wall having `liberties` outside liberties
    /// (default 4, where the values of every eye of up to seven points
    /// stop changing).
    ///
    /// ```
    /// use go_eye::space::EyeGraph;
    /// assert_eq!(EyeGraph::line(3, 0, 0).with_outside_liberties(1).value().unwrap().max, 2);
    /// ```
    #[must_use]
    pub fn with_outside_liberties(mut self, liberties: u8) -> EyeGraph {
        self.liberties = liberties.min(15);
        self
    }

    /// The same graph with owner stones on the points of the mask `own`
    /// (points holding attacker stones excluded).
    ///
    /// ```
    /// use go_eye::space::EyeGraph;
    /// // A straight three whose middle the owner holds: two eyes.
    /// let v = EyeGraph::line(3, 0, 0).with_owner_stones(0b010).value().unwrap();
    /// assert_eq!((v.min, v.max), (2, 2));
    /// ```
    #[must_use]
    pub fn with_owner_stones(mut self, own: u16) -> EyeGraph {
        self.own = own & full_mask(self.len()) & !self.enemy;
        self
    }

    /// The same graph with the marginal points of the mask `shut` out of
    /// the owner's reach: an attacker stone there still joins the live
    /// stones outside, but an owner stone there does not join the wall
    /// (outside the space, the point touches no owner stone). Points next
    /// to the wall are never shut.
    ///
    /// ```
    /// use go_eye::space::EyeGraph;
    /// // `!XXX.XXX` in a line: a margin, three dead attacker stones, an
    /// // empty point where the owner captures the last three (putting the
    /// // first three in atari), three more dead stones. The attacker
    /// // connects at the margin first; the owner's capture gives two eyes.
    /// let mut adjacent = vec![0u16; 8];
    /// for i in 0..7 {
    ///     adjacent[i] |= 1 << (i + 1);
    ///     adjacent[i + 1] |= 1 << i;
    /// }
    /// let open = EyeGraph::new(&adjacent, 0b1111_1110, 0b1, 0b1110_1110)?;
    /// let v = open.value()?;
    /// assert_eq!((v.min, v.max, v.attack), (1, 2, Some(0)));
    /// // An owner stone on an open margin joins the wall: it defends too.
    /// assert_eq!(v.defence_points, 0b1_0001);
    /// // On a shut margin it would have no liberty: only the capture defends.
    /// let v = open.with_shut_margins(0b1).value()?;
    /// assert_eq!((v.min, v.max, v.defence), (1, 2, Some(4)));
    /// assert_eq!(v.defence_points, 0b1_0000);
    /// # Ok::<(), go_eye::space::EyeGraphError>(())
    /// ```
    #[must_use]
    pub fn with_shut_margins(mut self, shut: u16) -> EyeGraph {
        self.shut = shut & self.marginal & !self.wall;
        self
    }

    /// Number of points.
    ///
    /// ```
    /// use go_eye::space::EyeGraph;
    /// assert_eq!(EyeGraph::line(3, 0, 0).len(), 3);
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.adjacent.len()
    }

    /// Whether the graph has no point.
    ///
    /// ```
    /// use go_eye::space::EyeGraph;
    /// assert!(!EyeGraph::line(1, 0, 0).is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.adjacent.is_empty()
    }

    /// The number of eyes with each side moving first, and the vital points.
    ///
    /// ```
    /// use go_eye::space::EyeGraph;
    /// // A straight three with an attacker stone in the middle: one eye.
    /// let v = EyeGraph::line(3, 0, 0b010).value().unwrap();
    /// assert_eq!((v.min, v.max), (1, 1));
    /// ```
    ///
    /// # Errors
    /// [`EyeGraphError::NoLiberty`] if a block of attacker stones has no
    /// liberty; [`EyeGraphError::Unsolved`] if a big graph's search ran
    /// out of its node budget.
    pub fn value(&self) -> Result<GraphValue, EyeGraphError> {
        let rules = Rules::new(self);
        if !rules.is_legal(self.enemy, self.own) {
            return Err(EyeGraphError::NoLiberty);
        }
        let mut judge = self.judge(&rules);
        let min = self.eyes(&mut *judge, Side::Attacker, None)?;
        let max = self.eyes(&mut *judge, Side::Defender, None)?;
        let mut value = GraphValue {
            min,
            max,
            attack: None,
            defence: None,
            attack_points: 0,
            defence_points: 0,
        };
        if min < max {
            let (attack, defence) = self.needed_moves(&rules, &mut *judge, min, max)?;
            value.attack_points = attack;
            value.defence_points = defence;
            (value.attack, value.defence) = self.pick(attack, defence);
        }
        Ok(value)
    }

    /// The chosen attack and defence points for the thresholds `min` and
    /// `max` (which may come from another graph of the same space).
    pub(crate) fn vital_points(
        &self,
        min: u8,
        max: u8,
    ) -> Result<(Option<usize>, Option<usize>), EyeGraphError> {
        let rules = Rules::new(self);
        if !rules.is_legal(self.enemy, self.own) {
            return Err(EyeGraphError::NoLiberty);
        }
        let mut judge = self.judge(&rules);
        let (attack, defence) = self.needed_moves(&rules, &mut *judge, min, max)?;
        Ok(self.pick(attack, defence))
    }

    fn root(&self, eye: bool, side: Side) -> State {
        State {
            a: self.enemy,
            d: self.own,
            libs: self.liberties,
            ko: 0,
            eye,
            side,
        }
    }

    fn judge<'r>(&self, rules: &'r Rules) -> Box<dyn Judge + 'r> {
        if rules.n <= RETROGRADE_MAX_POINTS {
            let roots: Vec<State> = [false, true]
                .into_iter()
                .flat_map(|eye| {
                    [
                        self.root(eye, Side::Attacker),
                        self.root(eye, Side::Defender),
                    ]
                })
                .collect();
            Box::new(Retrograde {
                rules,
                roots,
                solutions: [None, None],
            })
        } else {
            Box::new(ProofSearch::new(rules))
        }
    }

    /// Eyes with `side` to move from the root, or from the position after
    /// a move (`after`): 2 if the wall lives alone, 1 if it lives with one
    /// external eye, else 0. Kos go to the attacker (see [`OWNER_FIRST_KOS`]).
    fn eyes(
        &self,
        judge: &mut dyn Judge,
        side: Side,
        after: Option<(u16, u16, u16)>,
    ) -> Result<u8, EyeGraphError> {
        let policy = match side {
            Side::Attacker => KoPolicy::AttackerIgnoresBan,
            Side::Defender => OWNER_FIRST_KOS,
        };
        for (eye, count) in [(false, 2), (true, 1)] {
            let mut s = self.root(eye, side);
            if let Some((a, d, ko)) = after {
                (s.a, s.d, s.ko) = (a, d, ko);
            }
            if !judge.attacker_wins(s, policy)? {
                return Ok(count);
            }
        }
        Ok(0)
    }

    /// The needed moves (bit masks): after an attacker move the owner,
    /// moving, gets no more than `min`; after an owner move the attacker,
    /// moving, leaves at least `max`.
    fn needed_moves(
        &self,
        rules: &Rules,
        judge: &mut dyn Judge,
        min: u8,
        max: u8,
    ) -> Result<(u16, u16), EyeGraphError> {
        let (mut attack, mut defence) = (0u16, 0u16);
        let empty = full_mask(self.len()) & !self.enemy & !self.own;
        for p in bits(empty) {
            // The external eye does not change what a move inside does,
            // except that without it the move may capture the wall.
            let reply = |side: Side| match rules.play(side, self.root(true, side), p) {
                Play::To { a, d, ko } => Some((a, d, ko)),
                _ => None,
            };
            if let Some(after) = reply(Side::Attacker) {
                let wall_taken = matches!(
                    rules.play(Side::Attacker, self.root(false, Side::Attacker), p),
                    Play::WallCaptured
                );
                let eyes = if wall_taken {
                    // Dead alone; one eye at most, as judged with the eye.
                    let s = State {
                        a: after.0,
                        d: after.1,
                        ko: after.2,
                        ..self.root(true, Side::Defender)
                    };
                    u8::from(!judge.attacker_wins(s, KoPolicy::AttackerIgnoresBan)?)
                } else {
                    self.eyes(judge, Side::Defender, Some(after))?
                };
                if eyes <= min {
                    attack |= p;
                }
            }
            if let Some(after) = reply(Side::Defender) {
                if self.eyes(judge, Side::Attacker, Some(after))? >= max {
                    defence |= p;
                }
            }
        }
        Ok((attack, defence))
    }

    /// One attack and one defence point from the masks: a point good for
    /// both if there is one, else the point with most neighbours.
    fn pick(&self, attack: u16, defence: u16) -> (Option<usize>, Option<usize>) {
        let best = |m: u16| {
            bits(m)
                .max_by_key(|&p| {
                    let i = p.trailing_zeros() as usize;
                    (self.adjacent[i].count_ones(), std::cmp::Reverse(i))
                })
                .map(|p| p.trailing_zeros() as usize)
        };
        let both = attack & defence;
        if both != 0 {
            let p = best(both);
            (p, p)
        } else {
            (best(attack), best(defence))
        }
    }
}

/// Who wins kos when the owner moves first: the attacker, as when the
/// attacker moves first. An eye that needs a won ko is not counted (the
/// owner is not assumed to have ko threats), as GNU Go does not trust a
/// ko eye.
const OWNER_FIRST_KOS: KoPolicy = KoPolicy::AttackerIgnoresBan;

/// Graphs up to this size get a table of neighbourhoods.
const TABLE_POINTS: usize = 12;

/// Graphs up to this size are solved by retrograde analysis of every
/// reachable state (at most about 40 ms); bigger ones by df-pn.
const RETROGRADE_MAX_POINTS: usize = 9;

/// Node budget of one df-pn proof for a big graph.
const PROOF_NODES: u64 = 2_000_000;

/// Who wins a state of the local game.
trait Judge {
    /// Whether the attacker captures the wall from `s`, kos as `policy` says.
    fn attacker_wins(&mut self, s: State, policy: KoPolicy) -> Result<bool, EyeGraphError>;
}

/// Retrograde analysis from the roots, per ko policy on first use.
struct Retrograde<'r> {
    rules: &'r Rules,
    roots: Vec<State>,
    solutions: [Option<Solution>; 2],
}

impl Judge for Retrograde<'_> {
    fn attacker_wins(&mut self, s: State, policy: KoPolicy) -> Result<bool, EyeGraphError> {
        let k = usize::from(policy == KoPolicy::DefenderIgnoresBan);
        let (rules, roots) = (self.rules, &self.roots);
        let solution = self.solutions[k].get_or_insert_with(|| solve(rules, roots, policy));
        Ok(solution.wins_reached(s))
    }
}

/// df-pn (go-search) over the local game, one engine per ko policy so
/// that each keeps its transposition table between questions.
struct ProofSearch<'r> {
    rules: &'r Rules,
    engines: [Dfpn<Search<'r>>; 2],
}

impl<'r> ProofSearch<'r> {
    fn new(rules: &'r Rules) -> ProofSearch<'r> {
        let options = || {
            DfpnOptions::default()
                .with_limits(SearchLimits::default().with_nodes(PROOF_NODES))
                .with_tt_bits(20)
        };
        ProofSearch {
            rules,
            engines: [Dfpn::new(options()), Dfpn::new(options())],
        }
    }
}

impl Judge for ProofSearch<'_> {
    fn attacker_wins(&mut self, s: State, policy: KoPolicy) -> Result<bool, EyeGraphError> {
        let mut game = Search {
            rules: self.rules,
            policy,
            state: s,
            captured: false,
            history: Vec::new(),
        };
        let engine = &mut self.engines[usize::from(policy == KoPolicy::DefenderIgnoresBan)];
        let result = engine.solve(&mut game, &WinGoal::new(Player::First));
        match result.stop {
            StopReason::Proved => Ok(true),
            StopReason::Disproved => Ok(false),
            _ => Err(EyeGraphError::Unsolved),
        }
    }
}

/// A move of the local game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum LocalMove {
    /// Play the point (a bit).
    Play(u16),
    /// The attacker fills an outside liberty (or the external eye, to capture).
    Fill,
    /// The owner passes.
    Pass,
}

/// The local game as a go-search [`go_search::Game`]: the attacker is
/// the first player; a repeated position is the owner's win.
struct Search<'r> {
    rules: &'r Rules,
    policy: KoPolicy,
    state: State,
    captured: bool,
    history: Vec<(State, bool)>,
}

impl Search<'_> {
    /// Whether filling an outside liberty (or the eye) is possible, and
    /// whether it captures.
    fn fill(&self) -> Option<bool> {
        let s = self.state;
        let inside = self.rules.wall_libs(s.a, s.d);
        if s.libs > 0 {
            Some(!s.eye && s.libs == 1 && inside == 0)
        } else if s.eye && inside == 0 {
            Some(true)
        } else {
            None
        }
    }

    fn banned(&self, p: u16) -> bool {
        p == self.state.ko
            && match self.state.side {
                Side::Attacker => self.policy == KoPolicy::DefenderIgnoresBan,
                Side::Defender => self.policy == KoPolicy::AttackerIgnoresBan,
            }
    }
}

impl go_search::Game for Search<'_> {
    type Move = LocalMove;

    fn to_play(&self) -> Player {
        match self.state.side {
            Side::Attacker => Player::First,
            Side::Defender => Player::Second,
        }
    }

    fn generate(&self, out: &mut Vec<LocalMove>) {
        if self.captured {
            return;
        }
        let s = self.state;
        let empty = self.rules.full & !s.a & !s.d;
        // Points with more neighbours first: usually the vital ones.
        let mut points: Vec<u16> = bits(empty).filter(|&p| !self.banned(p)).collect();
        points.sort_by_key(|&p| {
            std::cmp::Reverse(self.rules.adjacent[p.trailing_zeros() as usize].count_ones())
        });
        match s.side {
            Side::Attacker => {
                out.extend(points.into_iter().map(LocalMove::Play));
                if self.fill().is_some() {
                    out.push(LocalMove::Fill);
                }
            }
            Side::Defender => {
                out.extend(points.into_iter().map(LocalMove::Play));
                out.push(LocalMove::Pass);
            }
        }
    }

    fn play(&mut self, mv: LocalMove) -> bool {
        if self.captured {
            return false;
        }
        let s = self.state;
        let next = match (mv, s.side) {
            (LocalMove::Pass, Side::Defender) => Some((
                State {
                    ko: 0,
                    side: Side::Attacker,
                    ..s
                },
                false,
            )),
            (LocalMove::Fill, Side::Attacker) => match self.fill() {
                Some(true) => Some((s, true)),
                Some(false) => Some((
                    State {
                        libs: s.libs - 1,
                        ko: 0,
                        side: Side::Defender,
                        ..s
                    },
                    false,
                )),
                None => None,
            },
            (LocalMove::Play(p), side) if !self.banned(p) => match self.rules.play(side, s, p) {
                Play::Illegal => None,
                Play::WallCaptured => Some((s, true)),
                Play::To { a, d, ko } => Some((
                    State {
                        a,
                        d,
                        ko,
                        side: match side {
                            Side::Attacker => Side::Defender,
                            Side::Defender => Side::Attacker,
                        },
                        ..s
                    },
                    false,
                )),
            },
            _ => None,
        };
        let Some((state, captured)) = next else {
            return false;
        };
        self.history.push((self.state, self.captured));
        self.state = state;
        self.captured = captured;
        true
    }

    fn undo(&mut self) {
        if let Some((state, captured)) = self.history.pop() {
            self.state = state;
            self.captured = captured;
        }
    }

    fn hash(&self) -> u64 {
        self.state.pack() | u64::from(self.captured) << 60
    }

    fn outcome(&self) -> Option<Outcome> {
        self.captured.then_some(Outcome::Win(Player::First))
    }

    fn repetition_outcome(&self) -> Outcome {
        Outcome::Win(Player::Second)
    }
}

fn full_mask(n: usize) -> u16 {
    if n >= 16 { u16::MAX } else { (1u16 << n) - 1 }
}

/// The set bits of `m`, one bit each, lowest first.
fn bits(mut m: u16) -> impl Iterator<Item = u16> {
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let b = m & m.wrapping_neg();
            m &= m - 1;
            Some(b)
        }
    })
}

/// Side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Side {
    Attacker,
    Defender,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct State {
    a: u16,
    d: u16,
    libs: u8,
    /// The point the side to move may not take (0 = none).
    ko: u16,
    /// Whether the wall has an external eye.
    eye: bool,
    side: Side,
}

impl State {
    fn pack(self) -> u64 {
        u64::from(self.a)
            | u64::from(self.d) << 16
            | u64::from(self.ko) << 32
            | u64::from(self.libs) << 48
            | u64::from(self.eye) << 56
            | u64::from(self.side == Side::Defender) << 57
    }
}

/// The rules of one graph.
struct Rules {
    n: usize,
    full: u16,
    adjacent: Vec<u16>,
    /// `table[m]`: the neighbours of the points of `m` (graphs of up to
    /// [`TABLE_POINTS`] points).
    table: Vec<u16>,
    wall: u16,
    marginal: u16,
}

impl Rules {
    fn new(g: &EyeGraph) -> Rules {
        let adjacent = g.adjacent.clone();
        // A marginal point is next to the wall too: an owner stone there
        // connects (it is what "taking the margin" means).
        // A shut marginal point is not.
        let (wall, marginal) = (g.wall | (g.marginal & !g.shut), g.marginal);
        let n = adjacent.len();
        let mut table = Vec::new();
        if n <= TABLE_POINTS {
            table = vec![0u16; 1 << n];
            for m in 1..table.len() {
                let low = m.trailing_zeros() as usize;
                table[m] = table[m & (m - 1)] | adjacent[low];
            }
        }
        Rules {
            n,
            full: full_mask(n),
            adjacent,
            table,
            // A marginal point is next to the wall too: an owner stone there
            // connects (it is what "taking the margin" means).
            wall,
            marginal,
        }
    }

    #[inline]
    fn adj(&self, m: u16) -> u16 {
        if let Some(&t) = self.table.get(usize::from(m)) {
            return t;
        }
        let mut out = 0;
        for b in bits(m) {
            out |= self.adjacent[b.trailing_zeros() as usize];
        }
        out
    }

    #[inline]
    fn flood(&self, seed: u16, within: u16) -> u16 {
        let mut cur = seed & within;
        loop {
            let next = (cur | self.adj(cur)) & within;
            if next == cur {
                return cur;
            }
            cur = next;
        }
    }

    /// Owner stones connected to the wall.
    fn wall_group(&self, d: u16) -> u16 {
        self.flood(d & self.wall, d)
    }

    /// Empty points that are liberties of the wall.
    fn wall_libs(&self, a: u16, d: u16) -> u16 {
        let empty = self.full & !a & !d;
        empty & (self.wall | self.adj(self.wall_group(d)))
    }

    /// Attacker stones that can never be captured: blocks touching a
    /// marginal point (joined to the live stones outside; a dead stone
    /// already standing on a marginal point, GNU Go's `$`, counts as
    /// joined too).
    fn immortal(&self, a: u16) -> u16 {
        self.flood(a & self.marginal, a)
    }

    fn is_legal(&self, a: u16, d: u16) -> bool {
        if a & d != 0 {
            return false;
        }
        let empty = self.full & !a & !d;
        let mut rest = a & !self.immortal(a);
        while rest != 0 {
            let blk = self.flood(rest & rest.wrapping_neg(), a);
            rest &= !blk;
            if self.adj(blk) & empty == 0 {
                return false;
            }
        }
        let mut rest = d & !self.wall_group(d);
        while rest != 0 {
            let blk = self.flood(rest & rest.wrapping_neg(), d);
            rest &= !blk;
            if self.adj(blk) & empty == 0 {
                return false;
            }
        }
        true
    }

    /// `side` plays the point `p` (a bit).
    fn play(&self, side: Side, s: State, p: u16) -> Play {
        let (a, d, eye, libs) = (s.a, s.d, s.eye, s.libs);
        if (a | d) & p != 0 {
            return Play::Illegal;
        }
        match side {
            Side::Attacker => {
                let a2 = a | p;
                let empty2 = self.full & !a2 & !d;
                let wg = self.wall_group(d);
                // The wall dies when it has no liberty left at all.
                if !eye && libs == 0 && empty2 & (self.wall | self.adj(wg)) == 0 {
                    return Play::WallCaptured;
                }
                let inner = d & !wg;
                let captured = self.captured(p, inner, empty2);
                let empty3 = empty2 | captured;
                let own = self.flood(p, a2);
                if own & self.immortal(a2) == 0 && self.adj(own) & empty3 == 0 {
                    return Play::Illegal;
                }
                let ko = self.ko_point(p, own, captured, empty3);
                Play::To {
                    a: a2,
                    d: d & !captured,
                    ko,
                }
            }
            Side::Defender => {
                let d2 = d | p;
                let empty2 = self.full & !a & !d2;
                let mortal = a & !self.immortal(a);
                let captured = self.captured(p, mortal, empty2);
                let a2 = a & !captured;
                let empty3 = empty2 | captured;
                let wg = self.wall_group(d2);
                if wg & p != 0 {
                    if !eye && libs == 0 && empty3 & (self.wall | self.adj(wg)) == 0 {
                        return Play::Illegal; // filling the wall's last liberty
                    }
                    return Play::To {
                        a: a2,
                        d: d2,
                        ko: 0,
                    };
                }
                let own = self.flood(p, d2);
                if self.adj(own) & empty3 == 0 {
                    return Play::Illegal;
                }
                let ko = self.ko_point(p, own, captured, empty3);
                Play::To { a: a2, d: d2, ko }
            }
        }
    }

    /// Blocks of `enemies` next to `p` left without a liberty in `empty`.
    fn captured(&self, p: u16, enemies: u16, empty: u16) -> u16 {
        let mut cand = self.adj(p) & enemies;
        let mut captured = 0;
        while cand != 0 {
            let blk = self.flood(cand & cand.wrapping_neg(), enemies);
            cand &= !blk;
            if self.adj(blk) & empty == 0 {
                captured |= blk;
            }
        }
        captured
    }

    fn ko_point(&self, p: u16, own: u16, captured: u16, empty: u16) -> u16 {
        if captured.count_ones() == 1 && own == p && self.adj(p) & empty == captured {
            captured
        } else {
            0
        }
    }
}

/// Attacker wins of every state reachable from the roots, under one ko policy.
struct Solution {
    ids: Dense,
    win: Vec<bool>,
}

/// A dense index of the states of a graph of up to
/// [`RETROGRADE_MAX_POINTS`] points: contents in base 3, then outside
/// liberties, external eye, side to move and ko point.
struct Dense {
    n: usize,
    libs: usize,
    slots: Vec<u32>,
}

impl Dense {
    fn new(n: usize, libs: u8) -> Dense {
        let libs = usize::from(libs);
        let size = 3usize.pow(n as u32) * (libs + 1) * 4 * (n + 1);
        Dense {
            n,
            libs,
            slots: vec![u32::MAX; size],
        }
    }

    #[inline]
    fn key(&self, s: State) -> usize {
        // Base 3 over up to 16 points: low byte, then high byte times 3^8.
        let tern = |m: u16| {
            usize::from(TERNARY[usize::from(m & 0xff)])
                + 6561 * usize::from(TERNARY[usize::from(m >> 8)])
        };
        let t = tern(s.a) + 2 * tern(s.d);
        let ko = if s.ko == 0 {
            0
        } else {
            s.ko.trailing_zeros() as usize + 1
        };
        let side = usize::from(s.side == Side::Defender);
        (((t * (self.libs + 1) + usize::from(s.libs)) * 2 + usize::from(s.eye)) * 2 + side)
            * (self.n + 1)
            + ko
    }

    #[inline]
    fn get(&self, s: State) -> Option<u32> {
        self.slots
            .get(self.key(s))
            .copied()
            .filter(|&i| i != u32::MAX)
    }
}

impl Solution {
    /// Whether the attacker wins from a reached state; unreached states
    /// (kos the policy ignores) are looked up without the ban.
    fn wins_reached(&self, s: State) -> bool {
        match self.ids.get(s) {
            Some(i) => self.win[i as usize],
            None => self
                .ids
                .get(State { ko: 0, ..s })
                .is_some_and(|i| self.win[i as usize]),
        }
    }
}

fn solve(game: &Rules, roots: &[State], policy: KoPolicy) -> Solution {
    let libs = roots.iter().map(|r| r.libs).max().unwrap_or(0);
    let mut ids = Dense::new(game.n, libs);
    let mut states: Vec<State> = Vec::new();
    let intern = |s: State, ids: &mut Dense, states: &mut Vec<State>| {
        let k = ids.key(s);
        if ids.slots[k] == u32::MAX {
            ids.slots[k] = states.len() as u32;
            states.push(s);
        }
        ids.slots[k]
    };
    for &r in roots {
        intern(r, &mut ids, &mut states);
    }
    let mut succ_start: Vec<u32> = vec![0];
    let mut succ: Vec<u32> = Vec::new();
    let mut immediate: Vec<bool> = Vec::new();
    let mut i = 0;
    while i < states.len() {
        let s = states[i];
        let mut won = false;
        let empty = game.full & !s.a & !s.d;
        match s.side {
            Side::Attacker => {
                // Fill an outside liberty (the external eye only to capture).
                if s.libs > 0 {
                    let t = State {
                        libs: s.libs - 1,
                        ko: 0,
                        side: Side::Defender,
                        ..s
                    };
                    succ.push(intern(t, &mut ids, &mut states));
                } else if s.eye && game.wall_libs(s.a, s.d) == 0 {
                    won = true;
                }
                if !s.eye && s.libs == 1 && game.wall_libs(s.a, s.d) == 0 {
                    won = true;
                }
                for p in bits(empty) {
                    if p == s.ko && policy == KoPolicy::DefenderIgnoresBan {
                        continue;
                    }
                    match game.play(Side::Attacker, s, p) {
                        Play::Illegal => {}
                        Play::WallCaptured => won = true,
                        Play::To { a, d, ko } => {
                            let ko = if policy == KoPolicy::AttackerIgnoresBan {
                                ko
                            } else {
                                0
                            };
                            let t = State {
                                a,
                                d,
                                ko,
                                side: Side::Defender,
                                ..s
                            };
                            succ.push(intern(t, &mut ids, &mut states));
                        }
                    }
                }
            }
            Side::Defender => {
                let pass = State {
                    ko: 0,
                    side: Side::Attacker,
                    ..s
                };
                succ.push(intern(pass, &mut ids, &mut states));
                for p in bits(empty) {
                    if p == s.ko && policy == KoPolicy::AttackerIgnoresBan {
                        continue;
                    }
                    if let Play::To { a, d, ko } = game.play(Side::Defender, s, p) {
                        let ko = if policy == KoPolicy::DefenderIgnoresBan {
                            ko
                        } else {
                            0
                        };
                        let t = State {
                            a,
                            d,
                            ko,
                            side: Side::Attacker,
                            ..s
                        };
                        succ.push(intern(t, &mut ids, &mut states));
                    }
                }
            }
        }
        immediate.push(won);
        succ_start.push(succ.len() as u32);
        i += 1;
    }
    let _ = game.n;
    let win = crate::retrograde::attacker_wins(&succ_start, &succ, &immediate, |p| {
        states[p].side == Side::Attacker
    });
    Solution { ids, win }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(g: &EyeGraph) -> (u8, u8) {
        let v = g.value().unwrap();
        (v.min, v.max)
    }

    #[test]
    fn lines_give_gnu_go_values() {
        // eyes.db: `.` 1111, `..` 1111, `...` 1122, `....` 2222.
        assert_eq!(value(&EyeGraph::line(1, 0, 0)), (1, 1));
        assert_eq!(value(&EyeGraph::line(2, 0, 0)), (1, 1));
        assert_eq!(value(&EyeGraph::line(3, 0, 0)), (1, 2));
        assert_eq!(value(&EyeGraph::line(4, 0, 0)), (2, 2));
        // `!` 0000, `!.` 0011, `!..` 0111 (one eye), `!...` 1122.
        assert_eq!(value(&EyeGraph::line(1, 1, 0)), (0, 0));
        assert_eq!(value(&EyeGraph::line(2, 1, 0)), (0, 1));
        assert_eq!(value(&EyeGraph::line(3, 1, 0)), (1, 1));
        assert_eq!(value(&EyeGraph::line(4, 1, 0)), (1, 1));
        // `X.X` 2222.
        assert_eq!(value(&EyeGraph::line(3, 0, 0b101)), (2, 2));
    }

    #[test]
    fn a_dead_stone_in_a_straight_three_leaves_one_eye() {
        assert_eq!(value(&EyeGraph::line(3, 0, 0b010)), (1, 1));
        assert_eq!(value(&EyeGraph::line(3, 0, 0b001)), (1, 2));
    }

    #[test]
    fn bad_graphs_are_rejected() {
        assert_eq!(
            EyeGraph::new(&[0b10, 0], 0, 0, 0),
            Err(EyeGraphError::BadAdjacency(0))
        );
        assert_eq!(
            EyeGraph::new(&[0; 15], 0, 0, 0),
            Err(EyeGraphError::TooLarge(15))
        );
        let g = EyeGraph::new(&[0], 1, 0, 1).unwrap();
        assert_eq!(g.value(), Err(EyeGraphError::NoLiberty));
    }
}

#[cfg(test)]
mod timing {
    use super::*;
    #[test]
    #[ignore = "timing probe"]
    fn time_sizes() {
        for n in 4..=12 {
            let t = std::time::Instant::now();
            let v = EyeGraph::line(n, 1, 0).value().unwrap();
            println!("line {n}: {:?} {:?}", (v.min, v.max), t.elapsed());
        }
        // 2 x k blocks
        for k in 2..=6 {
            let n = 2 * k;
            let adj: Vec<u16> = (0..n)
                .map(|i| {
                    let (x, y) = (i % k, i / k);
                    let mut m = 0u16;
                    if x > 0 {
                        m |= 1 << (i - 1);
                    }
                    if x + 1 < k {
                        m |= 1 << (i + 1);
                    }
                    if y == 0 {
                        m |= 1 << (i + k);
                    } else {
                        m |= 1 << (i - k);
                    }
                    m
                })
                .collect();
            let g = EyeGraph::new(&adj, full_mask(n), 1, 0).unwrap();
            let t = std::time::Instant::now();
            let v = g.value().unwrap();
            println!("2x{k}: {:?} {:?}", (v.min, v.max), t.elapsed());
        }
    }
}

#[cfg(test)]
mod against_tables {
    use super::*;
    use crate::position::Edges;
    use crate::shape::{CellSet, Symmetry, catalog};
    use crate::tables::{Eye, Stones};

    /// A plain eye of the tables as a graph: its points, those touching the
    /// enclosing block, no marginal point.
    fn graph_of(eye: &Eye, enemy: CellSet) -> EyeGraph {
        let cells: Vec<_> = eye.cells().iter().collect();
        let interior = eye.interior_points();
        let index = |c| cells.iter().position(|&d| d == c);
        let mut adjacent = vec![0u16; cells.len()];
        let (mut wall, mut enemy_bits) = (0u16, 0u16);
        for (i, &c) in cells.iter().enumerate() {
            let one: CellSet = [c].into_iter().collect();
            for n in one.border() {
                if let Some(j) = index(n) {
                    adjacent[i] |= 1 << j;
                }
            }
            if !interior.contains(c) {
                wall |= 1 << i;
            }
            if enemy.contains(c) {
                enemy_bits |= 1 << i;
            }
        }
        EyeGraph::new(&adjacent, wall, 0, enemy_bits).unwrap()
    }

    /// The two solvers are written apart: the graph's "two eyes" must be
    /// the tables' "alive", for every eye of up to five points in every
    /// position and every set of enemy stones.
    #[test]
    fn two_eyes_is_alive_in_the_tables() {
        let mut checked = 0;
        for size in 1..=5 {
            for info in catalog::eye_shapes_of_size(size) {
                for sym in Symmetry::ALL {
                    let cells = sym.apply(info.shape.cells()).normalized();
                    for edges in [Edges::NONE, Edges::NORTH, Edges::NORTH | Edges::WEST] {
                        let Ok(eye) = Eye::new(cells, edges) else {
                            continue;
                        };
                        for m in 0u32..1 << size {
                            let enemy: CellSet = cells
                                .iter()
                                .enumerate()
                                .filter(|(i, _)| m >> i & 1 == 1)
                                .map(|(_, c)| c)
                                .collect();
                            let Ok(a) = eye.analyse(&Stones::enemy(enemy), 4) else {
                                continue;
                            };
                            let v = graph_of(&eye, enemy).value().unwrap();
                            let alive = crate::tables::EyeOutcome::Alive;
                            assert_eq!(
                                (v.min == 2, v.max == 2),
                                (
                                    a.value.attacker_first == alive,
                                    a.value.defender_first == alive
                                ),
                                "{cells:?} {edges} enemy {enemy:?}"
                            );
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 1000);
    }
}
