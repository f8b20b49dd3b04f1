//! Fractal Go's player: pattern first, then the best zone's move.
//!
//! - **Patterns** (§5, §10): if the knowledge's pattern base has a valid
//!   match for the side to move, its move is played.
//! - **Level 0** (§3.1): one random candidate per zone (and one in the open
//!   space), each valued by the evaluation under the objective *win*; the
//!   best is played. Beside its random move a zone also offers the last
//!   liberty of each of its blocks in atari (a capture or an escape: what a
//!   beginner sees first); candidates are [`sensible`] moves.
//! - **Level 1** (§3.2): each zone is read by proof-number search towards
//!   its objective ([`Objective::for_zone`]) to the depth limit; a zone's
//!   move is the proving move, or else its candidate of best evaluation
//!   under the objective; a proved objective adds [`PROOF_BONUS`] to the
//!   value. The open space offers its best point under *win*.
//!
//! The report does not say when its player passes. Here it passes only when
//! no legal move (own eyes aside) has a positive value under *win*: when the
//! zones' candidates offer no gain, every move is scanned before passing,
//! so a random sample that missed a capture does not end the game.
//!
//! The open space (empty points in no zone) is treated as one more zone
//! with the objective *win*: the report leaves it out, but without it a
//! player has no move on an empty board and never takes open ground.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use go_board::zone::{Zone, Zones};
use go_board::{Board, Color, Move, Pcg32, Point, Position};
use go_patterns::territory::Morphology;

use crate::Objective;
use crate::eval::{Factors, Snapshot};
use crate::knowledge::Knowledge;
use crate::search::{ZoneGame, ZoneSearchOptions, candidates, read_game_until, sensible};

/// What a proved objective adds to a zone's value: two points, about what
/// an eye or a capture is worth.
pub const PROOF_BONUS: f64 = 2.0;

/// The player's skill: the report's levels.
///
/// ```
/// use go_fractal::Level;
/// assert_eq!("1".parse::<Level>()?, Level::One);
/// # Ok::<(), go_fractal::FractalError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// One random move per zone, valued by the evaluation.
    Zero,
    /// Proof-number search per zone.
    One,
}

impl std::str::FromStr for Level {
    type Err = crate::FractalError;

    fn from_str(s: &str) -> Result<Level, Self::Err> {
        match s {
            "0" => Ok(Level::Zero),
            "1" => Ok(Level::One),
            _ => Err(crate::FractalError::BadLevel(s.to_string())),
        }
    }
}

/// Options of [`FractalPlayer`].
///
/// ```
/// use go_fractal::{Level, PlayerOptions};
/// let o = PlayerOptions::default().with_level(Level::Zero).with_seed(7);
/// assert_eq!(o.level, Level::Zero);
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct PlayerOptions {
    /// The level.
    pub level: Level,
    /// Seed of the random choices: level 0's moves, and ties between
    /// equally valued moves at both levels.
    pub seed: u64,
    /// Bounds of each zone's search (level 1).
    pub search: ZoneSearchOptions,
    /// Time per move for all zones' searches together, if any (level 1).
    pub time_per_move: Option<Duration>,
    /// The territory estimate of the evaluation.
    pub morphology: Morphology,
    /// Whether patterns are looked up before searching.
    pub patterns: bool,
}

impl Default for PlayerOptions {
    fn default() -> Self {
        PlayerOptions {
            level: Level::One,
            seed: 0x5EED,
            search: ZoneSearchOptions::default(),
            time_per_move: None,
            morphology: Morphology::BOUZY,
            patterns: true,
        }
    }
}

impl PlayerOptions {
    /// Sets the level.
    #[must_use]
    pub fn with_level(mut self, level: Level) -> Self {
        self.level = level;
        self
    }

    /// Sets the seed.
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// Sets the time per move.
    #[must_use]
    pub fn with_time_per_move(mut self, time: Duration) -> Self {
        self.time_per_move = Some(time);
        self
    }

    /// Sets the zone search's bounds.
    #[must_use]
    pub fn with_search(mut self, search: ZoneSearchOptions) -> Self {
        self.search = search;
        self
    }

    /// Turns pattern lookup on or off.
    #[must_use]
    pub fn with_patterns(mut self, patterns: bool) -> Self {
        self.patterns = patterns;
        self
    }
}

/// Where a chosen move came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The pattern base.
    Pattern,
    /// A zone (its index in [`Zones::zones`]).
    Zone(usize),
    /// The open space.
    OpenSpace,
    /// The scan of every move made before passing.
    Scan,
    /// Nothing had a positive value.
    Pass,
}

/// A move with its reasons.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Choice {
    /// The move.
    pub mv: Move,
    /// Where it came from.
    pub source: Source,
    /// The objective it served.
    pub objective: Objective,
    /// Its value (the evaluation, plus [`PROOF_BONUS`] when proved).
    pub value: f64,
    /// Whether a search proved its objective.
    pub proved: bool,
}

/// Fractal Go's player: see the [module docs](self).
///
/// ```
/// use go_board::{Board, Color, Move};
/// use go_fractal::{FractalPlayer, Knowledge, Level, PlayerOptions};
/// let board = Board::from_diagram(
///     ". . . . .
///      . O . . .
///      O X O . .
///      . . . . .
///      . . . . .",
/// )?;
/// let mut player = FractalPlayer::new(PlayerOptions::default().with_level(Level::One));
/// // White captures at B2.
/// let choice = player.choose(&board, &Knowledge::default(), Color::White);
/// assert_eq!(choice.mv, Move::Play("B2".parse()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct FractalPlayer {
    options: PlayerOptions,
    rng: Pcg32,
}

impl FractalPlayer {
    /// A player with these options.
    #[must_use]
    pub fn new(options: PlayerOptions) -> FractalPlayer {
        FractalPlayer {
            rng: Pcg32::new(options.seed),
            options,
        }
    }

    /// The options.
    #[must_use]
    pub fn options(&self) -> &PlayerOptions {
        &self.options
    }

    /// The move `color` plays on `board` with this knowledge.
    ///
    /// One [`Turn`] does the work: the pattern base first, then each part
    /// of the board in order ([`Turn::part_choice`]), the best kept by
    /// [`Best`], and [`Turn::scan`] before passing. A distributed player
    /// that hands the parts to other processes and offers their answers in
    /// part order chooses the same move.
    pub fn choose(&mut self, board: &Board, knowledge: &Knowledge, color: Color) -> Choice {
        // Drawn before the pattern lookup, so that a player that looks up
        // patterns while the zones are searched draws the same seeds.
        let seed = self.next_seed();
        if self.options.patterns {
            if let Some(c) = pattern_choice(board, knowledge, color) {
                return c;
            }
        }
        let started = Instant::now();
        let mut turn = Turn::new(board, color, knowledge, &self.options, seed);
        let zones = turn.zones().len();
        let mut best = Best::default();
        for k in 0..turn.parts() {
            let time = match self.options.time_per_move {
                Some(total) if k < zones => {
                    Some(total.saturating_sub(started.elapsed()) / (zones - k) as u32)
                }
                _ => None,
            };
            if let Some(c) = turn.part_choice(k, time, None) {
                best.offer(c);
            }
        }
        best.finish(&mut turn)
    }

    /// The seed of the next move's random choices (see [`Turn::new`]).
    pub fn next_seed(&mut self) -> u64 {
        u64::from(self.rng.next_u32()) << 32 | u64::from(self.rng.next_u32())
    }
}

/// The pattern base's move for `color` on `board`, if it has a valid match
/// (§5, §10): a [`Choice`] from [`Source::Pattern`] of infinite value.
#[must_use]
pub fn pattern_choice(board: &Board, knowledge: &Knowledge, color: Color) -> Option<Choice> {
    let legal = |p: Point| board.is_legal(color, p) && !board.is_true_eye(color, p);
    knowledge
        .patterns()
        .suggest(board, color, legal)
        .map(|s| Choice {
            mv: Move::Play(s.point),
            source: Source::Pattern,
            objective: Objective::Win,
            value: f64::INFINITY,
            proved: false,
        })
}

/// The best of the parts' choices so far: a later choice replaces it only
/// when strictly better, so among equal values the first part offered
/// wins. Offering the parts in order (or, from processes that each kept
/// their own best, in the order of their parts) gives the same move.
///
/// ```
/// use go_board::Move;
/// use go_fractal::{Choice, Objective, Source, player::Best};
/// let mut best = Best::default();
/// let c = |k, value| Choice { mv: Move::Pass, source: Source::Zone(k), objective: Objective::Win, value, proved: false };
/// best.offer(c(0, 1.0));
/// best.offer(c(1, 1.0));
/// assert_eq!(best.choice().source, Source::Zone(0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Best(Choice);

impl Default for Best {
    fn default() -> Self {
        Best(Choice {
            mv: Move::Pass,
            source: Source::Pass,
            objective: Objective::Win,
            value: 0.0,
            proved: false,
        })
    }
}

impl Best {
    /// Keeps `c` if it is strictly better.
    pub fn offer(&mut self, c: Choice) {
        if c.value > self.0.value {
            self.0 = c;
        }
    }

    /// The best so far (a pass of value 0 when nothing was better).
    #[must_use]
    pub fn choice(&self) -> Choice {
        self.0
    }

    /// The move: the best, or when no part offered a gain the scan of
    /// every move ([`Turn::scan`]), or a pass.
    pub fn finish(self, turn: &mut Turn<'_>) -> Choice {
        if self.0.source == Source::Pass {
            turn.scan().unwrap_or(self.0)
        } else {
            self.0
        }
    }
}

/// One move's work, split into parts that can be done apart (in any
/// order, by other threads or processes): the zones of the board in
/// [`Zones::zones`] order, then the open space as one more part.
///
/// Each part draws its random choices from its own generator, seeded by
/// the turn's seed and the part's index, so that a part's answer does not
/// depend on which parts were done before it or where.
///
/// ```
/// use go_board::{Board, Color};
/// use go_fractal::{Knowledge, PlayerOptions, player::{Best, Turn}};
/// let board = Board::from_diagram(
///     ". . . . .
///      . O . . .
///      O X O . .
///      . . . . .
///      . . . . .",
/// )?;
/// let (knowledge, options) = (Knowledge::default(), PlayerOptions::default());
/// let mut turn = Turn::new(&board, Color::White, &knowledge, &options, 1);
/// let mut best = Best::default();
/// for k in 0..turn.parts() {
///     turn.part_choice(k, None, None).map(|c| best.offer(c));
/// }
/// assert_eq!(best.finish(&mut turn).mv, go_board::Move::Play("B2".parse()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Turn<'a> {
    board: &'a Board,
    color: Color,
    options: &'a PlayerOptions,
    zones: Zones,
    seed: u64,
    valuer: Valuer<'a>,
}

impl<'a> Turn<'a> {
    /// The work of choosing `color`'s move on `board` with `seed` for the
    /// random choices.
    #[must_use]
    pub fn new(
        board: &'a Board,
        color: Color,
        knowledge: &'a Knowledge,
        options: &'a PlayerOptions,
        seed: u64,
    ) -> Turn<'a> {
        Turn {
            board,
            color,
            options,
            zones: Zones::new(board),
            seed,
            valuer: Valuer::new(board, color, &options.morphology, knowledge),
        }
    }

    /// The zones.
    #[must_use]
    pub fn zones(&self) -> &Zones {
        &self.zones
    }

    /// The number of parts: the zones and the open space.
    #[must_use]
    pub fn parts(&self) -> usize {
        self.zones.len() + 1
    }

    /// The random generator of part `k`.
    fn rng(&self, k: usize) -> Pcg32 {
        Pcg32::new(self.seed ^ (k as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15))
    }

    /// The choice of part `k` (a zone, or the open space when `k` is the
    /// number of zones), if it has a candidate: see the [module
    /// docs](self). `time` bounds a zone's search; `stop`, when set,
    /// aborts it (the zone then offers its best evaluated candidate).
    pub fn part_choice(
        &mut self,
        k: usize,
        time: Option<Duration>,
        stop: Option<&Arc<AtomicBool>>,
    ) -> Option<Choice> {
        let mut rng = self.rng(k);
        let (board, color) = (self.board, self.color);
        let Some(zone) = self.zones.zones().get(k) else {
            return self.open_space_choice(&mut rng);
        };
        let moves = candidates(board, zone, color);
        if moves.is_empty() {
            return None;
        }
        match self.options.level {
            Level::Zero => {
                let random = moves[rng.below(moves.len() as u32) as usize];
                let mut best = Best::default();
                // The random move first: ties keep it, as when each was
                // offered to the whole turn's best in turn.
                let mut first = true;
                for p in std::iter::once(random).chain(ataris(board, zone, color)) {
                    let c = Choice {
                        mv: Move::Play(p),
                        source: Source::Zone(k),
                        objective: Objective::Win,
                        value: self.valuer.value(p, Objective::Win),
                        proved: false,
                    };
                    if first {
                        best = Best(c);
                        first = false;
                    } else {
                        best.offer(c);
                    }
                }
                Some(best.0)
            }
            Level::One => {
                let objective = Objective::for_zone(board, zone, color);
                let mut search = self.options.search;
                if time.is_some() {
                    search.time = time;
                }
                let mut game = ZoneGame::new(board, zone, color, objective);
                let reading = if game.reached() {
                    None
                } else {
                    Some(read_game_until(&mut game, &search, stop.cloned()))
                };
                let proved = reading.and_then(|r| r.best_move).and_then(Move::point);
                Some(match proved {
                    Some(p) => Choice {
                        mv: Move::Play(p),
                        source: Source::Zone(k),
                        objective,
                        value: self.valuer.value(p, objective) + PROOF_BONUS,
                        proved: true,
                    },
                    None => {
                        let (p, value) = self.valuer.best(&moves, objective, &mut rng);
                        Choice {
                            mv: Move::Play(p),
                            source: Source::Zone(k),
                            objective,
                            value,
                            proved: false,
                        }
                    }
                })
            }
        }
    }

    /// The open space's choice: its best point under *win* (a random one
    /// at level 0).
    fn open_space_choice(&mut self, rng: &mut Pcg32) -> Option<Choice> {
        let (board, color) = (self.board, self.color);
        let open: Vec<Point> = self
            .zones
            .open_space(board)
            .iter()
            .filter(|&p| sensible(board, color, p))
            .collect();
        if open.is_empty() {
            return None;
        }
        let (p, value) = match self.options.level {
            Level::Zero => {
                let p = open[rng.below(open.len() as u32) as usize];
                (p, self.valuer.value(p, Objective::Win))
            }
            Level::One => self.valuer.best(&open, Objective::Win, rng),
        };
        Some(Choice {
            mv: Move::Play(p),
            source: Source::OpenSpace,
            objective: Objective::Win,
            value,
            proved: false,
        })
    }

    /// The scan made before passing: the best of every sensible move
    /// under *win*, if it has a positive value.
    pub fn scan(&mut self) -> Option<Choice> {
        let (board, color) = (self.board, self.color);
        let all: Vec<Point> = board
            .legal_moves(color)
            .iter()
            .filter(|&p| sensible(board, color, p))
            .collect();
        if all.is_empty() {
            return None;
        }
        let mut rng = self.rng(self.parts());
        let (p, value) = self.valuer.best(&all, Objective::Win, &mut rng);
        (value > 0.0).then_some(Choice {
            mv: Move::Play(p),
            source: Source::Scan,
            objective: Objective::Win,
            value,
            proved: false,
        })
    }
}

/// The last liberties of the zone's blocks in atari where `color` may play
/// ([`sensible`]): captures and escapes, which level 0 weighs beside its
/// random move.
fn ataris<'a>(board: &'a Board, zone: &'a Zone, color: Color) -> impl Iterator<Item = Point> + 'a {
    zone.blocks()
        .iter()
        .filter_map(|&b| board.the_liberty(b))
        .filter(move |&p| sensible(board, color, p))
}

/// Values one-move lines from a root position.
#[derive(Debug)]
pub(crate) struct Valuer<'a> {
    board: Board,
    color: Color,
    morphology: &'a Morphology,
    knowledge: &'a Knowledge,
    root: Snapshot,
}

impl<'a> Valuer<'a> {
    pub(crate) fn new(
        board: &Board,
        color: Color,
        morphology: &'a Morphology,
        knowledge: &'a Knowledge,
    ) -> Valuer<'a> {
        let mut board = board.clone();
        board.set_to_play(color);
        Valuer {
            root: Snapshot::of(&board, color, morphology),
            board,
            color,
            morphology,
            knowledge,
        }
    }

    /// The factors of `color` playing at `p` (all zero if illegal).
    pub(crate) fn factors(&mut self, p: Point) -> Option<Factors> {
        self.board.play(self.color, p).ok()?;
        let now = Snapshot::of(&self.board, self.color, self.morphology);
        self.board.undo();
        Some(Factors::between(&self.root, &now))
    }

    /// The value of playing at `p` under `objective` (−∞ if illegal).
    pub(crate) fn value(&mut self, p: Point, objective: Objective) -> f64 {
        self.factors(p).map_or(f64::NEG_INFINITY, |f| {
            self.knowledge.weights().evaluate(&f, objective)
        })
    }

    /// The best of `moves` (not empty) under `objective`; equal values
    /// are broken at random by `rng` (so that games between deterministic
    /// players differ from seed to seed).
    pub(crate) fn best(
        &mut self,
        moves: &[Point],
        objective: Objective,
        rng: &mut Pcg32,
    ) -> (Point, f64) {
        let mut best = (moves[0], f64::NEG_INFINITY);
        let mut ties = 0;
        for &p in moves {
            let v = self.value(p, objective);
            if v > best.1 + 1e-9 {
                best = (p, v);
                ties = 1;
            } else if (v - best.1).abs() <= 1e-9 {
                ties += 1;
                if rng.below(ties) == 0 {
                    best.0 = p;
                }
            }
        }
        best
    }
}
