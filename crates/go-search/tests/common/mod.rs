//! Toy games and brute-force oracles shared by the integration tests.
#![allow(dead_code)]

use std::collections::HashMap;
use std::rc::Rc;

pub mod check;

use go_search::{Game, Outcome, Player, Value};

pub fn mix(mut x: u64) -> u64 {
    x ^= x >> 31;
    x = x.wrapping_mul(0x7fb5_d329_728e_a185);
    x ^= x >> 27;
    x = x.wrapping_mul(0x81da_def4_bc2d_d44d);
    x ^ (x >> 33)
}

// ---------------------------------------------------------------- Connect

/// Connect-K on a W×H board with gravity (a small Connect Four).
#[derive(Clone, Debug)]
pub struct Connect<const W: usize, const H: usize, const K: usize> {
    cells: [[Option<Player>; H]; W],
    heights: [usize; W],
    history: Vec<u8>,
}

impl<const W: usize, const H: usize, const K: usize> Connect<W, H, K> {
    pub fn new() -> Self {
        Connect {
            cells: [[None; H]; W],
            heights: [0; W],
            history: Vec::new(),
        }
    }

    fn winner(&self) -> Option<Player> {
        let dirs = [(1i32, 0i32), (0, 1), (1, 1), (1, -1)];
        for x in 0..W as i32 {
            for y in 0..H as i32 {
                let Some(p) = self.cells[x as usize][y as usize] else {
                    continue;
                };
                for (dx, dy) in dirs {
                    let ok = (0..K as i32).all(|k| {
                        let (cx, cy) = (x + dx * k, y + dy * k);
                        cx >= 0
                            && cy >= 0
                            && cx < W as i32
                            && cy < H as i32
                            && self.cells[cx as usize][cy as usize] == Some(p)
                    });
                    if ok {
                        return Some(p);
                    }
                }
            }
        }
        None
    }
}

impl<const W: usize, const H: usize, const K: usize> Game for Connect<W, H, K> {
    type Move = u8;
    fn to_play(&self) -> Player {
        if self.history.len() % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }
    fn generate(&self, out: &mut Vec<u8>) {
        // Centre columns first.
        let mut cols: Vec<u8> = (0..W as u8).collect();
        cols.sort_by_key(|&c| (2 * c as i32 - (W as i32 - 1)).abs());
        out.extend(cols.into_iter().filter(|&c| self.heights[c as usize] < H));
    }
    fn play(&mut self, col: u8) -> bool {
        let c = col as usize;
        if c >= W || self.heights[c] >= H || self.outcome().is_some() {
            return false;
        }
        self.cells[c][self.heights[c]] = Some(self.to_play());
        self.heights[c] += 1;
        self.history.push(col);
        true
    }
    fn undo(&mut self) {
        if let Some(col) = self.history.pop() {
            let c = col as usize;
            self.heights[c] -= 1;
            self.cells[c][self.heights[c]] = None;
        }
    }
    fn hash(&self) -> u64 {
        let mut code = 0u64;
        for col in &self.cells {
            for cell in col {
                code = code * 3
                    + match cell {
                        None => 0,
                        Some(Player::First) => 1,
                        Some(Player::Second) => 2,
                    };
            }
        }
        mix(code)
    }
    fn outcome(&self) -> Option<Outcome> {
        if let Some(p) = self.winner() {
            return Some(Outcome::Win(p));
        }
        (self.history.len() == W * H).then_some(Outcome::Draw)
    }
}

// ---------------------------------------------------------------- Hex

pub const PASS: u8 = u8::MAX;

/// Hex on an N×N rhombus. First joins the top and bottom rows, Second the left and right
/// columns. Has a pass move (for threat search) that generate() never offers.
#[derive(Clone, Debug)]
pub struct Hex<const N: usize> {
    cells: Vec<Option<Player>>,
    to_play: Player,
    history: Vec<u8>,
}

impl<const N: usize> Hex<N> {
    pub fn new() -> Self {
        Hex {
            cells: vec![None; N * N],
            to_play: Player::First,
            history: Vec::new(),
        }
    }

    fn neighbours(i: usize) -> impl Iterator<Item = usize> {
        let (x, y) = ((i % N) as i32, (i / N) as i32);
        [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)]
            .into_iter()
            .map(move |(dx, dy)| (x + dx, y + dy))
            .filter(|&(a, b)| a >= 0 && b >= 0 && a < N as i32 && b < N as i32)
            .map(|(a, b)| (b as usize) * N + a as usize)
    }

    fn connected(&self, p: Player) -> bool {
        let start: Vec<usize> = (0..N)
            .map(|k| if p == Player::First { k } else { k * N })
            .collect();
        let goal = |i: usize| {
            if p == Player::First {
                i / N == N - 1
            } else {
                i % N == N - 1
            }
        };
        let mut seen = vec![false; N * N];
        let mut stack: Vec<usize> = start
            .into_iter()
            .filter(|&i| self.cells[i] == Some(p))
            .collect();
        for &i in &stack {
            seen[i] = true;
        }
        while let Some(i) = stack.pop() {
            if goal(i) {
                return true;
            }
            for j in Self::neighbours(i) {
                if !seen[j] && self.cells[j] == Some(p) {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        false
    }
}

impl<const N: usize> Game for Hex<N> {
    type Move = u8;
    fn to_play(&self) -> Player {
        self.to_play
    }
    fn generate(&self, out: &mut Vec<u8>) {
        out.extend((0..(N * N) as u8).filter(|&i| self.cells[i as usize].is_none()));
    }
    fn play(&mut self, mv: u8) -> bool {
        if self.outcome().is_some() {
            return false;
        }
        if mv != PASS {
            match self.cells.get(mv as usize) {
                Some(None) => self.cells[mv as usize] = Some(self.to_play),
                _ => return false,
            }
        }
        self.history.push(mv);
        self.to_play = self.to_play.opponent();
        true
    }
    fn undo(&mut self) {
        if let Some(mv) = self.history.pop() {
            if mv != PASS {
                self.cells[mv as usize] = None;
            }
            self.to_play = self.to_play.opponent();
        }
    }
    fn hash(&self) -> u64 {
        let code = self.cells.iter().fold(0u64, |acc, c| {
            acc * 3
                + match c {
                    None => 0,
                    Some(Player::First) => 1,
                    Some(Player::Second) => 2,
                }
        });
        mix(code * 2 + self.to_play.index() as u64)
    }
    fn outcome(&self) -> Option<Outcome> {
        [Player::First, Player::Second]
            .into_iter()
            .find(|&p| self.connected(p))
            .map(Outcome::Win)
    }
    fn pass_move(&self) -> Option<u8> {
        Some(PASS)
    }
}

// ---------------------------------------------------------------- Graph game

/// A node of an explicit game graph.
#[derive(Clone, Debug)]
pub struct GraphNode {
    pub to_play: Player,
    /// `Some` for terminal nodes (their successors are ignored).
    pub outcome: Option<Outcome>,
    pub succ: Vec<usize>,
}

/// A game on an explicit directed graph, cycles allowed. Turns need not alternate.
#[derive(Clone, Debug)]
pub struct GraphGame {
    nodes: Rc<Vec<GraphNode>>,
    stack: Vec<usize>,
    repetition: Outcome,
}

impl GraphGame {
    pub fn new(nodes: Rc<Vec<GraphNode>>, start: usize, repetition: Outcome) -> Self {
        GraphGame {
            nodes,
            stack: vec![start],
            repetition,
        }
    }
    pub fn node(&self) -> usize {
        *self.stack.last().unwrap()
    }
}

impl Game for GraphGame {
    type Move = usize;
    fn to_play(&self) -> Player {
        self.nodes[self.node()].to_play
    }
    fn generate(&self, out: &mut Vec<usize>) {
        let n = &self.nodes[self.node()];
        if n.outcome.is_none() {
            out.extend(n.succ.iter().copied());
        }
    }
    fn play(&mut self, mv: usize) -> bool {
        let n = &self.nodes[self.node()];
        if n.outcome.is_some() || !n.succ.contains(&mv) {
            return false;
        }
        self.stack.push(mv);
        true
    }
    fn undo(&mut self) {
        if self.stack.len() > 1 {
            self.stack.pop();
        }
    }
    fn hash(&self) -> u64 {
        mix(self.node() as u64 + 1)
    }
    fn outcome(&self) -> Option<Outcome> {
        self.nodes[self.node()].outcome
    }
    fn repetition_outcome(&self) -> Outcome {
        self.repetition
    }
}

/// Score of an outcome for First: -1, 0, 1.
pub fn score(o: Outcome) -> i32 {
    match o {
        Outcome::Win(Player::First) => 1,
        Outcome::Draw => 0,
        Outcome::Win(Player::Second) => -1,
    }
}

pub fn outcome_of(score: i32) -> Outcome {
    match score {
        1 => Outcome::Win(Player::First),
        0 => Outcome::Draw,
        _ => Outcome::Win(Player::Second),
    }
}

/// Retrograde analysis: the value (for First) of every node when a line that repeats a
/// position ends with `repetition` (equivalently: infinite play is worth `repetition`).
pub fn retrograde(nodes: &[GraphNode], repetition: Outcome) -> Vec<i32> {
    let n = nodes.len();
    // Payoff of terminal-like nodes: real terminals, and dead ends (loss for the mover).
    let payoff = |i: usize| -> Option<i32> {
        let node = &nodes[i];
        match node.outcome {
            Some(o) => Some(score(o)),
            None if node.succ.is_empty() => {
                Some(if node.to_play == Player::First { -1 } else { 1 })
            }
            None => None,
        }
    };
    let r = score(repetition);
    // Attractor of player `p` to the target terminals.
    let attractor = |p: Player, target: &dyn Fn(i32) -> bool| -> Vec<bool> {
        let mut inside: Vec<bool> = (0..n).map(|i| payoff(i).is_some_and(target)).collect();
        loop {
            let mut changed = false;
            for i in 0..n {
                if inside[i] || payoff(i).is_some() {
                    continue;
                }
                let node = &nodes[i];
                let hit = if node.to_play == p {
                    node.succ.iter().any(|&s| inside[s])
                } else {
                    node.succ.iter().all(|&s| inside[s])
                };
                if hit {
                    inside[i] = true;
                    changed = true;
                }
            }
            if !changed {
                return inside;
            }
        }
    };
    // v >= t for t in {0, 1}.
    let at_least = |t: i32| -> Vec<bool> {
        if r >= t {
            let bad = attractor(Player::Second, &|s| s < t);
            bad.into_iter().map(|b| !b).collect()
        } else {
            attractor(Player::First, &|s| s >= t)
        }
    };
    let (ge0, ge1) = (at_least(0), at_least(1));
    (0..n)
        .map(|i| -1 + i32::from(ge0[i]) + i32::from(ge1[i]))
        .collect()
}

/// Exhaustive minimax over lines (no table), repetitions ending the line: the definition.
pub fn path_minimax(nodes: &[GraphNode], start: usize, repetition: Outcome) -> i32 {
    fn go(nodes: &[GraphNode], i: usize, line: &mut Vec<usize>, r: i32) -> i32 {
        if line.contains(&i) {
            return r;
        }
        let node = &nodes[i];
        if let Some(o) = node.outcome {
            return score(o);
        }
        if node.succ.is_empty() {
            return if node.to_play == Player::First { -1 } else { 1 };
        }
        line.push(i);
        let vals = node
            .succ
            .iter()
            .map(|&s| go(nodes, s, line, r))
            .collect::<Vec<_>>();
        line.pop();
        if node.to_play == Player::First {
            *vals.iter().max().unwrap()
        } else {
            *vals.iter().min().unwrap()
        }
    }
    go(nodes, start, &mut Vec::new(), score(repetition))
}

// ---------------------------------------------------------------- generic oracles

/// One more ply from the parent's view of a child's node-relative value.
fn step(v: Value, same_side: bool) -> Value {
    let v = if same_side { v } else { -v };
    match v.plies_to_end() {
        Some(p) if v.is_win() => Value::win_in(p + 1),
        Some(p) => Value::loss_in(p + 1),
        None => v,
    }
}

/// Exact minimax of an acyclic game, with distances (shortest win, longest loss), memoised
/// by hash. Values are for the side to move.
pub fn minimax<G: Game>(game: &mut G, memo: &mut HashMap<u64, Value>) -> Value {
    let h = game.hash();
    if let Some(&v) = memo.get(&h) {
        return v;
    }
    let me = game.to_play();
    let v = if let Some(o) = game.outcome() {
        o.value_for(me)
    } else {
        let mut moves = Vec::new();
        game.generate(&mut moves);
        let mut best = Value::LOSS;
        for mv in moves {
            if game.play(mv) {
                let same = game.to_play() == me;
                let c = minimax(game, memo);
                game.undo();
                best = best.max(step(c, same));
            }
        }
        best
    };
    memo.insert(h, v);
    v
}

/// Every reachable position (by hash) with a line of moves that reaches it.
pub fn reachable<G: Game>(game: &mut G) -> Vec<Vec<G::Move>> {
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    let mut line = Vec::new();
    fn go<G: Game>(
        g: &mut G,
        seen: &mut std::collections::HashSet<u64>,
        out: &mut Vec<Vec<G::Move>>,
        line: &mut Vec<G::Move>,
    ) {
        if !seen.insert(g.hash()) {
            return;
        }
        out.push(line.clone());
        if g.outcome().is_some() {
            return;
        }
        let mut moves = Vec::new();
        g.generate(&mut moves);
        for mv in moves {
            if g.play(mv) {
                line.push(mv);
                go(g, seen, out, line);
                line.pop();
                g.undo();
            }
        }
    }
    go(game, &mut seen, &mut out, &mut line);
    out
}

/// Plays a line of moves.
pub fn replay<G: Game>(game: &mut G, line: &[G::Move]) {
    for &mv in line {
        assert!(game.play(mv), "replay of {mv:?} failed");
    }
}

pub fn unplay<G: Game>(game: &mut G, line: &[G::Move]) {
    for _ in line {
        game.undo();
    }
}

/// Value for First (-1, 0, 1) of a side-to-move value.
pub fn absolute(v: Value, to_play: Player) -> i32 {
    let s = if v.is_win() {
        1
    } else if v.is_loss() {
        -1
    } else {
        0
    };
    if to_play == Player::First { s } else { -s }
}
