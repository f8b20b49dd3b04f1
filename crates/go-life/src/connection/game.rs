//! [`ConnectionGame`]: the fight over whether two stones join, as a [`Game`].

use crate::local::{self, KoMoves};
use go_board::hash::FastMap;
use std::cell::{Cell, RefCell};

use go_board::{Board, Color, Move, Point, PointSet};
use go_search::tactics::{KoThreats, LadderStatus, Reader, ReaderOptions, TacticalCode};
use go_search::{Game, Goal, Outcome, Player, ProofNumbers, Verdict};
use smallvec::SmallVec;

use super::ConnectionOptions;
use super::distance::{FAR, distance};
use super::moves::candidates;
use crate::error::LifeError;
use crate::links::linked_blocks;

/// Tactical questions asked in a search, with their answers kept by position.
#[derive(Debug)]
pub(crate) struct Tactics {
    reader: Reader,
    /// (position hash, block anchor, attack?) → the successful move, if any,
    /// and whether it succeeds only through a ko.
    cache: FastMap<(u64, Point, bool), Option<(Move, bool)>>,
}

impl Tactics {
    pub(crate) fn new(nodes: u64) -> Tactics {
        Tactics {
            reader: Reader::new(
                ReaderOptions::default()
                    .with_nodes(nodes)
                    .with_tt_bits(12)
                    .with_ordered_answers(false),
            ),
            cache: FastMap::default(),
        }
    }

    /// The attacker's capturing move (`attack`) or the owner's saving move of
    /// the block at `p`, if the tactical reader finds one.
    ///
    /// With `full` off only ladders are read (a cheap test deep in a search),
    /// and a successful answer's move is a pass. The flag tells a success that
    /// rests on a ko (GNU Go's codes 2 and 3), or a defence the reader could
    /// not finish.
    fn ask(&mut self, board: &Board, p: Point, attack: bool, full: bool) -> Option<(Move, bool)> {
        let anchor = board.anchor(p)?;
        let key = (board.hash() ^ u64::from(full), anchor, attack);
        if let Some(&answer) = self.cache.get(&key) {
            return answer;
        }
        let answer = if full {
            let result = if attack {
                self.reader.attack(board, anchor)
            } else {
                self.reader.defend(board, anchor)
            };
            match result {
                Ok(r) if r.succeeds() => Some((
                    r.best_move.unwrap_or(Move::Pass),
                    r.code != TacticalCode::Win,
                )),
                // A defence the reader could not finish proves no capture: the
                // owner is taken to save the block, as through a ko (so no
                // answer rests on the move), and the search plays the fight
                // out. An unfinished attack stays a failure: the search goes
                // on either way.
                Ok(r) if !attack && r.budget_exhausted => Some((Move::Pass, true)),
                _ => None,
            }
        } else {
            let status = self.reader.ladder(board, anchor).ok()?;
            let succeeds = if attack {
                status != LadderStatus::Escaped
            } else {
                status != LadderStatus::Captured
            };
            succeeds.then_some((Move::Pass, false))
        };
        if self.cache.len() > 100_000 {
            self.cache.clear();
        }
        self.cache.insert(key, answer);
        answer
    }

    /// Forgets the answers (a new question).
    pub(crate) fn clear(&mut self) {
        self.cache.clear();
    }
}

/// The fight over whether the stones at `a` and `b` (of one colour, the
/// connector's) join, as a [`Game`]: the disconnector is [`Player::First`], so a
/// proof says "disconnected". See the [module docs](super) for the rules.
///
/// ```
/// use go_board::Board;
/// use go_life::connection::{ConnectionGame, ConnectionOptions};
/// use go_search::{Game, Player};
/// let board = Board::from_diagram(". . .\nX . X\n. . .")?;
/// let game = ConnectionGame::new(&board, "A2".parse()?, "C2".parse()?, ConnectionOptions::default())?;
/// assert_eq!(game.to_play(), Player::Second); // Black, the connector, is to move
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct ConnectionGame {
    board: Board,
    a: Point,
    b: Point,
    connector: Color,
    options: ConnectionOptions,
    depth: u32,
    /// The moves played, under the ko threats of both sides.
    moves: KoMoves,
    tactics: RefCell<Tactics>,
    /// The last position's hash and [`distance`](Self::distance).
    last_distance: Cell<Option<(u64, u8)>>,
}

impl ConnectionGame {
    /// The fight between the stones at `a` and `b`, with the board's side to
    /// move playing first.
    ///
    /// # Errors
    /// [`LifeError::OffBoard`], [`LifeError::EmptyPoint`] or
    /// [`LifeError::Colours`].
    pub fn new(
        board: &Board,
        a: Point,
        b: Point,
        options: ConnectionOptions,
    ) -> Result<ConnectionGame, LifeError> {
        let tactics = Tactics::new(options.capture_nodes);
        ConnectionGame::with_tactics(board, a, b, options, tactics)
    }

    pub(crate) fn with_tactics(
        board: &Board,
        a: Point,
        b: Point,
        options: ConnectionOptions,
        tactics: Tactics,
    ) -> Result<ConnectionGame, LifeError> {
        let connector = pair_colour(board, a, b)?;
        let board = local::local_board(board);
        Ok(ConnectionGame {
            board,
            a,
            b,
            connector,
            options,
            depth: 0,
            moves: KoMoves::default(),
            tactics: RefCell::new(tactics),
            last_distance: Cell::new(None),
        })
    }

    /// Gives the connector (`connector == true`) or the disconnector `threats`:
    /// each lets that side retake a ko at once, as if the opponent had answered
    /// a threat elsewhere (go-search's one ko model, [`KoFight`](go_search::tactics::KoFight)).
    ///
    /// ```
    /// use go_board::Board;
    /// use go_life::connection::{ConnectionGame, ConnectionOptions};
    /// use go_search::tactics::KoThreats;
    /// let board = Board::from_diagram("X . X\n. . .\n. . .")?;
    /// let mut game = ConnectionGame::new(&board, "A3".parse()?, "C3".parse()?, ConnectionOptions::default())?;
    /// game.set_ko_threats(true, KoThreats::Unlimited);
    /// assert_eq!(game.ko_threats(true), KoThreats::Unlimited);
    /// assert_eq!(game.ko_threats(false), KoThreats::Limited(0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_ko_threats(&mut self, connector: bool, threats: KoThreats) {
        let color = if connector {
            self.connector
        } else {
            self.connector.opposite()
        };
        self.moves.set_threats(color, threats);
    }

    /// The ko threats of the connector (`connector == true`) or the disconnector.
    #[must_use]
    pub fn ko_threats(&self, connector: bool) -> KoThreats {
        let color = if connector {
            self.connector
        } else {
            self.connector.opposite()
        };
        self.moves.threats(color)
    }

    /// Whether a ko ban stopped a move, or a threat lifted one, so far.
    pub(crate) fn ko_met(&self) -> bool {
        self.moves.ko_met()
    }

    /// Gives back the tactical reader and its answers.
    pub(crate) fn into_tactics(self) -> Tactics {
        self.tactics.into_inner()
    }

    /// The board as it stands in the search.
    ///
    /// ```
    /// use go_board::Board;
    /// use go_life::connection::{ConnectionGame, ConnectionOptions};
    /// let board = Board::from_diagram("X . X\n. . .\n. . .")?;
    /// let game = ConnectionGame::new(&board, "A3".parse()?, "C3".parse()?, ConnectionOptions::default())?;
    /// assert_eq!(game.board().color_at("A3".parse()?), Some(go_board::Color::Black));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    pub(crate) fn board_mut(&mut self) -> &mut Board {
        &mut self.board
    }

    /// The two stones.
    pub(crate) fn targets(&self) -> (Point, Point) {
        (self.a, self.b)
    }

    pub(crate) fn connector(&self) -> Color {
        self.connector
    }

    pub(crate) fn options(&self) -> &ConnectionOptions {
        &self.options
    }

    fn disconnector_to_move(&self) -> bool {
        self.board.to_play() != self.connector
    }

    /// Whether the disconnector, moving first, captures the block at `p`
    /// outright; with the capturing move. A capture that rests on a ko is no
    /// verdict: the search plays the ko out, so that the answer carries GNU
    /// Go's ko code.
    pub(crate) fn capture_move(&self, p: Point) -> Option<Move> {
        if self.board.num_liberties(p) == 1 {
            let lib = self.board.the_liberty(p)?;
            let retake = self.board.ko().is_some_and(|k| k.point == lib);
            return (!retake).then_some(Move::Play(lib));
        }
        let full = self.depth <= self.options.full_reading_depth;
        match self.tactics.borrow_mut().ask(&self.board, p, true, full) {
            Some((m, false)) => Some(m),
            _ => None,
        }
    }

    /// The disconnector's capture of the block at `p`, read in full (the move
    /// is real), a ko capture included.
    pub(crate) fn full_capture_move(&self, p: Point) -> Option<Move> {
        if self.board.num_liberties(p) == 1 {
            return self.board.the_liberty(p).map(Move::Play);
        }
        self.tactics
            .borrow_mut()
            .ask(&self.board, p, true, true)
            .map(|(m, _)| m)
    }

    /// Whether the block at `p`, its owner to move, can be saved.
    fn savable(&self, p: Point) -> bool {
        let full = self.depth <= self.options.full_reading_depth;
        self.tactics
            .borrow_mut()
            .ask(&self.board, p, false, full)
            .is_some()
    }

    /// Whether the block at `p` survives the disconnector moving first: three or
    /// more liberties, or two that the tactical reader cannot take.
    fn safe(&self, p: Point) -> bool {
        match self.board.num_liberties(p) {
            0 | 1 => false,
            2 => self.capture_move(p).is_none(),
            _ => true,
        }
    }

    /// Whether the blocks of the targets are joined by a chain of links (see
    /// [`linked_blocks`]) whose blocks are all safe and whose links have no key
    /// point in common (one move cannot threaten two of them).
    pub(crate) fn linked(&self) -> bool {
        let board = &self.board;
        let (Some(start), Some(goal)) = (board.anchor(self.a), board.anchor(self.b)) else {
            return false;
        };
        // Breadth-first over linked blocks, a few steps at most.
        let mut nodes: SmallVec<[(Point, usize); 16]> = SmallVec::new();
        nodes.push((start, usize::MAX));
        let mut i = 0;
        let mut found = None;
        while i < nodes.len() && nodes.len() < 16 {
            let (block, _) = nodes[i];
            for other in linked_blocks(board, block) {
                if nodes.iter().any(|&(n, _)| n == other) {
                    continue;
                }
                nodes.push((other, i));
                if other == goal {
                    found = Some(nodes.len() - 1);
                    break;
                }
            }
            if found.is_some() {
                break;
            }
            i += 1;
        }
        let Some(mut at) = found else {
            return false;
        };
        let mut keys = PointSet::new();
        loop {
            let (block, parent) = nodes[at];
            if !self.safe(block) {
                return false;
            }
            if parent == usize::MAX {
                return true;
            }
            let link = link_keys(board, block, nodes[parent].0);
            if link.intersects(&keys) {
                return false;
            }
            keys |= link;
            at = parent;
        }
    }

    /// The connection distance between the targets, up to one more than the
    /// cut distance ([`FAR`] beyond). The judge and the goal's estimate both ask
    /// for it at each position, so the last answer is kept.
    fn distance(&self) -> u8 {
        let key = self.board.hash();
        if let Some((k, d)) = self.last_distance.get() {
            if k == key {
                return d;
            }
        }
        let cap = self.options.cut_distance + 1;
        let d = distance(&self.board, self.connector, self.a, self.b, cap);
        self.last_distance.set(Some((key, d)));
        d
    }

    /// The outcome of the current position, if it is decided (see the module
    /// docs).
    fn judge(&self) -> Option<Outcome> {
        const CUT: Option<Outcome> = Some(Outcome::Win(Player::First));
        const JOINED: Option<Outcome> = Some(Outcome::Win(Player::Second));
        let board = &self.board;
        let (a, b) = (self.a, self.b);
        if board.color_at(a) != Some(self.connector) || board.color_at(b) != Some(self.connector) {
            return CUT;
        }
        let disconnector_moves = self.disconnector_to_move();
        if board.same_block(a, b) {
            return if disconnector_moves {
                if self.capture_move(a).is_some() {
                    CUT
                } else {
                    JOINED
                }
            } else if board.num_liberties(a) >= 2 || self.savable(a) {
                JOINED
            } else {
                CUT
            };
        }
        if board.consecutive_passes() >= 2 {
            return CUT;
        }
        if disconnector_moves {
            for t in [a, b] {
                if board.num_liberties(t) <= 2 && self.capture_move(t).is_some() {
                    return CUT;
                }
            }
            if self.linked() {
                return JOINED;
            }
            // At the question's position the disconnector must name a move
            // that cuts, so the stones' distance only ends the search below it:
            // far stones are cut by any move, but at a monkey jump's distance
            // only some moves stop the connector's slide.
            let cut = self.options.cut_distance;
            if self.depth > 0 && self.distance() >= cut {
                return CUT;
            }
        } else {
            for t in [a, b] {
                if board.num_liberties(t) == 1 && !self.savable(t) {
                    return CUT;
                }
            }
            let cut = self.options.cut_distance;
            if self.distance() > cut {
                return CUT;
            }
        }
        None
    }
}

/// The colour of the stones at `a` and `b`, checked to be on the board, not
/// empty and alike.
pub(crate) fn pair_colour(board: &Board, a: Point, b: Point) -> Result<Color, LifeError> {
    let geo = board.geometry();
    for p in [a, b] {
        if !geo.contains(p) {
            return Err(LifeError::OffBoard(p));
        }
    }
    let ca = board.color_at(a).ok_or(LifeError::EmptyPoint(a))?;
    let cb = board.color_at(b).ok_or(LifeError::EmptyPoint(b))?;
    if ca == cb {
        Ok(ca)
    } else {
        Err(LifeError::Colours(a, b))
    }
}

/// The points where a move threatens the link between the blocks at `x` and
/// `y`: their shared liberties and the crossing points of their diagonals.
fn link_keys(board: &Board, x: Point, y: Point) -> PointSet {
    let geo = board.geometry();
    let mut keys = board.liberties(x) & board.liberties(y);
    let ys = board.stones(y);
    for s in board.block_stones(x) {
        for d in geo.diagonals(s) {
            if ys.contains(d) {
                for c in [Point::new(s.col(), d.row()), Point::new(d.col(), s.row())] {
                    if board.is_empty(c) {
                        keys.insert(c);
                    }
                }
            }
        }
    }
    keys
}

impl Game for ConnectionGame {
    type Move = Move;

    fn to_play(&self) -> Player {
        local::player(self.disconnector_to_move())
    }

    fn generate(&self, out: &mut Vec<Move>) {
        let o = &self.options;
        let width = if self.depth < o.deep {
            o.width
        } else {
            o.deep_width
        };
        let start = out.len();
        candidates(self, width, out);
        // The disconnector may wait when it has nothing to play: the connector
        // must still join. The connector never passes (a connection that needs no
        // move is found one ply down by the link test).
        if out.len() == start && self.disconnector_to_move() {
            out.push(Move::Pass);
        }
    }

    fn play(&mut self, mv: Move) -> bool {
        let played = self.moves.play(&mut self.board, mv);
        self.depth += u32::from(played);
        played
    }

    fn undo(&mut self) {
        if self.moves.undo(&mut self.board) {
            self.depth = self.depth.saturating_sub(1);
        }
    }

    fn hash(&self) -> u64 {
        local::hash(&self.board) ^ self.moves.key()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.judge()
    }

    fn pass_move(&self) -> Option<Move> {
        Some(Move::Pass)
    }

    fn repetition_outcome(&self) -> Outcome {
        // A ko fought forever: the stones are not joined.
        Outcome::Win(Player::First)
    }
}

/// The disconnector's goal in a [`ConnectionGame`]: the game's outcome, with
/// proof and disproof numbers seeded from the connection distance (close
/// stones are cheap to join, far ones cheap to cut).
///
/// ```
/// use go_life::connection::ConnectionGoal;
/// use go_search::{Goal, Player};
/// assert_eq!(<ConnectionGoal as Goal<go_life::connection::ConnectionGame>>::attacker(&ConnectionGoal), Player::First);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct ConnectionGoal;

impl Goal<ConnectionGame> for ConnectionGoal {
    fn attacker(&self) -> Player {
        Player::First
    }

    fn verdict(&self, game: &ConnectionGame) -> Option<Verdict> {
        game.outcome()
            .map(|o| Verdict::from_outcome(o, Player::First))
    }

    fn estimate(&self, game: &ConnectionGame) -> ProofNumbers {
        let board = &game.board;
        let cut = game.options.cut_distance;
        let d = game.distance();
        let d = if d == FAR { cut + 1 } else { d };
        let d = u32::from(d.min(cut));
        let libs = board
            .num_liberties(game.a)
            .min(board.num_liberties(game.b))
            .min(4) as u32;
        ProofNumbers {
            proof: 1 + 2 * (u32::from(cut) - d) + libs / 2,
            disproof: 1 + 2 * d + (4 - libs) / 2,
        }
    }
}
