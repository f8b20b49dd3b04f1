//! Fractal Go's level 1 (§3.2): a proof-number search per zone, its
//! objective as the predicate, a depth limit as the resource.
//!
//! [`ZoneGame`] is one zone's fight as a [`go_search::Game`]: the side to
//! move at the root is [`Player::First`] (the report's OR player), moves
//! are the empty points of the zone and its surroundings (the zone's
//! points grown by one) and a pass. The game is won by the first player
//! when its objective holds with it to move — after the opponent's answer,
//! so that an eye the opponent can destroy at once does not count — and
//! lost when the zone's own stones are all captured (for the objectives
//! about a group) or when both sides pass first. Any engine of go-search
//! reads it: [`read_zone`] uses [`ProofNumber`], whose depth limit is
//! Fractal Go's resource and which frees solved subtrees as Fractal Go did; the `pn_vs_alphabeta` example also runs alpha-beta on the
//! same games.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use go_board::zone::Zone;
use go_board::{Board, ByColor, Color, Move, Point, PointSet, Position};
use go_search::{Game, Outcome, Player, ProofNumber, ProofNumberOptions, SearchLimits, WinGoal};

use crate::Objective;
use crate::objective::{blocks_holding, eyes_of};

/// One zone's fight as a game: see the [module docs](self).
///
/// ```
/// use go_board::{Board, Color, zone::Zones};
/// use go_fractal::{Objective, search::ZoneGame};
/// use go_search::{ProofNumber, ProofNumberOptions, SearchLimits, WinGoal, Player};
/// // Black makes two eyes: A1, then C1 or C2.
/// let board = Board::from_diagram(
///     ". . . . . .
///      O O O O O .
///      X X X X O .
///      . X . X O .
///      . X . X O .",
/// )?;
/// let zones = Zones::new(&board);
/// let zone = zones.zone_at("B2".parse()?).unwrap();
/// let mut game = ZoneGame::new(&board, zone, Color::Black, Objective::Eyes);
/// let limits = SearchLimits::default().with_depth(4).with_nodes(10_000);
/// let r = ProofNumber::new(ProofNumberOptions::default().with_limits(limits))
///     .solve(&mut game, &WinGoal::new(Player::First));
/// assert!(r.is_proved());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct ZoneGame {
    board: Board,
    attacker: Color,
    objective: Objective,
    area: PointSet,
    own: PointSet,
    root_blocks: usize,
    root_captures: ByColor<u32>,
}

impl ZoneGame {
    /// The fight in `zone` of `board` for `color` (to move first), towards
    /// `objective`.
    #[must_use]
    pub fn new(board: &Board, zone: &Zone, color: Color, objective: Objective) -> ZoneGame {
        let geo = board.geometry();
        let area = zone.points().grow(geo) & board.empty_points();
        ZoneGame::with_area(board, zone.stones(), area, color, objective)
    }

    /// A fight over open space: moves on `area`, no stones of the zone.
    #[must_use]
    pub fn with_area(
        board: &Board,
        stones: &PointSet,
        area: PointSet,
        color: Color,
        objective: Objective,
    ) -> ZoneGame {
        let mut local = board.clone();
        local.forget_passes();
        local.set_to_play(color);
        let own = *stones & *board.stones_of(color);
        ZoneGame {
            root_blocks: blocks_holding(board, &own, color).len(),
            root_captures: ByColor::new(board.captures(Color::Black), board.captures(Color::White)),
            board: local,
            attacker: color,
            objective,
            area,
            own,
        }
    }

    /// The position now.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side that moved first.
    #[must_use]
    pub fn attacker(&self) -> Color {
        self.attacker
    }

    /// The objective.
    #[must_use]
    pub fn objective(&self) -> Objective {
        self.objective
    }

    /// Prisoners taken by `color` since the root.
    fn gained(&self, color: Color) -> i64 {
        i64::from(self.board.captures(color)) - i64::from(self.root_captures[color])
    }

    /// Whether the objective holds now.
    #[must_use]
    pub fn reached(&self) -> bool {
        let c = self.attacker;
        match self.objective {
            Objective::Eyes | Objective::GetEye => {
                let need = if self.objective == Objective::Eyes {
                    2
                } else {
                    1
                };
                blocks_holding(&self.board, &self.own, c)
                    .iter()
                    .any(|&b| eyes_of(&self.board, b) >= need)
            }
            Objective::Cohesion => {
                self.own.iter().all(|s| self.board.color_at(s) == Some(c))
                    && blocks_holding(&self.board, &self.own, c).len() < self.root_blocks
            }
            Objective::Points | Objective::Win => self.gained(c) > self.gained(c.opposite()),
        }
    }

    /// Whether the objective can no longer be reached: the group it is
    /// about has been captured.
    fn lost(&self) -> bool {
        matches!(
            self.objective,
            Objective::Eyes | Objective::GetEye | Objective::Cohesion
        ) && !self.own.is_empty()
            && self
                .own
                .iter()
                .all(|s| self.board.color_at(s) != Some(self.attacker))
    }

    fn color_to_play(&self) -> Color {
        self.board.to_play()
    }
}

impl Game for ZoneGame {
    type Move = Move;

    fn to_play(&self) -> Player {
        if self.board.to_play() == self.attacker {
            Player::First
        } else {
            Player::Second
        }
    }

    fn generate(&self, out: &mut Vec<Move>) {
        let color = self.color_to_play();
        let mut urgent: Vec<Move> = Vec::new();
        let mut rest: Vec<Move> = Vec::new();
        for p in self.area & self.board.empty_points() {
            if self.board.is_true_eye(color, p) || !self.board.is_legal(color, p) {
                continue;
            }
            // Liberties of blocks short of liberties first: captures,
            // escapes and the fight for eyes happen there.
            let short = self
                .board
                .geometry()
                .neighbours(p)
                .any(|n| self.board.color_at(n).is_some() && self.board.num_liberties(n) <= 2);
            if short {
                urgent.push(Move::Play(p))
            } else {
                rest.push(Move::Play(p))
            }
        }
        out.extend(urgent);
        out.extend(rest);
        out.push(Move::Pass);
    }

    fn play(&mut self, mv: Move) -> bool {
        let color = self.color_to_play();
        if let Move::Play(p) = mv {
            if !self.area.contains(p) {
                return false;
            }
        }
        self.board.play_move(color, mv).is_ok()
    }

    fn undo(&mut self) {
        self.board.undo();
    }

    fn hash(&self) -> u64 {
        let passes = u64::from(self.board.consecutive_passes().min(2));
        let gained = (self.gained(self.attacker) - self.gained(self.attacker.opposite())) as u64;
        self.board.hash()
            ^ passes.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ gained.wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.lost() {
            return Some(Outcome::Win(Player::Second));
        }
        let first_to_play = self.board.to_play() == self.attacker;
        if (first_to_play || self.board.consecutive_passes() >= 2) && self.reached() {
            return Some(Outcome::Win(Player::First));
        }
        (self.board.consecutive_passes() >= 2).then_some(Outcome::Win(Player::Second))
    }

    fn pass_move(&self) -> Option<Move> {
        Some(Move::Pass)
    }

    fn repetition_outcome(&self) -> Outcome {
        Outcome::Win(Player::Second)
    }
}

/// Bounds of one zone's search.
///
/// ```
/// let o = go_fractal::search::ZoneSearchOptions::default();
/// assert_eq!(o.depth, 4);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ZoneSearchOptions {
    /// Plies below the zone's position (the report's resource).
    pub depth: u32,
    /// Nodes of the search tree at most (memory).
    pub nodes: u64,
    /// Time at most, if any.
    pub time: Option<Duration>,
}

impl Default for ZoneSearchOptions {
    fn default() -> Self {
        ZoneSearchOptions {
            depth: 4,
            nodes: 5_000,
            time: None,
        }
    }
}

impl ZoneSearchOptions {
    /// Sets the depth limit.
    ///
    /// ```
    /// let o = go_fractal::search::ZoneSearchOptions::default().with_depth(2);
    /// assert_eq!(o.depth, 2);
    /// ```
    #[must_use]
    pub fn with_depth(mut self, depth: u32) -> Self {
        self.depth = depth;
        self
    }

    /// Sets the node limit.
    ///
    /// ```
    /// let o = go_fractal::search::ZoneSearchOptions::default().with_nodes(100);
    /// assert_eq!(o.nodes, 100);
    /// ```
    #[must_use]
    pub fn with_nodes(mut self, nodes: u64) -> Self {
        self.nodes = nodes;
        self
    }

    /// Sets the time limit.
    ///
    /// ```
    /// use std::time::Duration;
    /// let o = go_fractal::search::ZoneSearchOptions::default().with_time(Duration::from_millis(5));
    /// assert!(o.time.is_some());
    /// ```
    #[must_use]
    pub fn with_time(mut self, time: Duration) -> Self {
        self.time = Some(time);
        self
    }

    pub(crate) fn limits(&self) -> SearchLimits {
        let mut limits = SearchLimits::default()
            .with_depth(self.depth)
            .with_nodes(self.nodes);
        if let Some(t) = self.time {
            limits = limits.with_time(t);
        }
        limits
    }
}

/// What a zone's search found.
///
/// ```
/// use go_board::{Board, Color, zone::Zones};
/// use go_fractal::{Objective, search::{read_zone, ZoneSearchOptions}};
/// let board = Board::from_diagram(
///     ". O . .
///      O X O .
///      . . . .
///      . . . .",
/// )?;
/// let zones = Zones::new(&board);
/// let zone = zones.zone_at("B3".parse()?).unwrap();
/// // White captures the black stone at B2.
/// let r = read_zone(&board, zone, Color::White, Objective::Points, &ZoneSearchOptions::default());
/// assert!(r.proved);
/// assert_eq!(r.best_move, Some(go_board::Move::Play("B2".parse()?)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ZoneReading {
    /// The objective was proved within the depth.
    pub proved: bool,
    /// The proving move, when proved.
    pub best_move: Option<Move>,
    /// Nodes expanded.
    pub nodes: u64,
}

/// Reads `zone` for `color` towards `objective` with proof-number search.
#[must_use]
pub fn read_zone(
    board: &Board,
    zone: &Zone,
    color: Color,
    objective: Objective,
    options: &ZoneSearchOptions,
) -> ZoneReading {
    let mut game = ZoneGame::new(board, zone, color, objective);
    read_game(&mut game, options)
}

/// Reads a prepared [`ZoneGame`] with proof-number search.
#[must_use]
pub fn read_game(game: &mut ZoneGame, options: &ZoneSearchOptions) -> ZoneReading {
    read_game_until(game, options, None)
}

/// Reads a prepared [`ZoneGame`] like [`read_game`], aborting soon after
/// `stop` (if any) becomes `true`: cooperative cancellation, as Fractal
/// Go's zone clients stopped when the pattern searcher had found a move
/// (§7.4.3). An aborted search proves nothing.
///
/// ```
/// use std::sync::{Arc, atomic::AtomicBool};
/// use go_board::{Board, Color, zone::Zones};
/// use go_fractal::{Objective, search::{ZoneGame, ZoneSearchOptions, read_game_until}};
/// let mut board = go_board::Board::new(9)?;
/// board.play(Color::Black, "E5".parse()?)?;
/// let zones = Zones::new(&board);
/// let mut game = ZoneGame::new(&board, &zones.zones()[0], Color::White, Objective::Eyes);
/// let deep = ZoneSearchOptions::default().with_depth(12).with_nodes(10_000_000);
/// // Stopped before it starts: the flag is read every few hundred nodes.
/// let stopped = Arc::new(AtomicBool::new(true));
/// let r = read_game_until(&mut game, &deep, Some(stopped));
/// assert!(!r.proved && r.nodes < 10_000);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn read_game_until(
    game: &mut ZoneGame,
    options: &ZoneSearchOptions,
    stop: Option<Arc<AtomicBool>>,
) -> ZoneReading {
    let mut limits = options.limits();
    if let Some(flag) = stop {
        limits = limits.with_stop_flag(flag);
    }
    let pn_options = ProofNumberOptions::default().with_limits(limits);
    let r = ProofNumber::new(pn_options).solve(game, &WinGoal::new(Player::First));
    let proved = r.is_proved();
    ZoneReading {
        proved,
        best_move: if proved { r.best_move } else { None },
        nodes: r.stats.nodes,
    }
}

/// The candidate points of `zone` for `color`: empty points of the zone
/// grown by one that are [`sensible`].
///
/// ```
/// use go_board::{Board, Color, zone::Zones};
/// use go_fractal::search::candidates;
/// let board = Board::from_diagram(". . . .\n. X . .\n. . . .\n. . . .")?;
/// let zones = Zones::new(&board);
/// assert_eq!(candidates(&board, &zones.zones()[0], Color::White).len(), 10);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn candidates(board: &Board, zone: &Zone, color: Color) -> Vec<Point> {
    let area = zone.points().grow(board.geometry()) & board.empty_points();
    area.iter().filter(|&p| sensible(board, color, p)).collect()
}

/// Whether `color` may sensibly play at `p`: a legal move that neither
/// fills one of its own eyes nor puts its own stones in atari without
/// capturing (the opponent would take them at once).
///
/// ```
/// use go_board::{Board, Color};
/// use go_fractal::search::sensible;
/// let board = Board::from_diagram(". O .\nO . .\n. . .")?;
/// assert!(!sensible(&board, Color::Black, "A3".parse()?));
/// assert!(sensible(&board, Color::Black, "B2".parse()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn sensible(board: &Board, color: Color, p: Point) -> bool {
    board.is_legal(color, p)
        && !board.is_true_eye(color, p)
        && (!board.is_self_atari(color, p) || board.would_capture(color, p))
}
