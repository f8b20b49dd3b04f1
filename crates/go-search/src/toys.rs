//! Small games with known values, for examples, tests and benchmarks.

use crate::{Game, Outcome, Player};

/// Normal-play Nim: take any number of stones from one heap; whoever cannot move loses.
///
/// The side to move wins exactly when the XOR of the heap sizes is not zero.
///
/// ```
/// use go_search::{Game, toys::Nim};
/// let mut nim = Nim::new(&[1, 2, 3]);
/// let mut moves = Vec::new();
/// nim.generate(&mut moves);
/// assert_eq!(moves.len(), 6);
/// assert!(nim.play(moves[0]));
/// ```
#[derive(Clone, Debug)]
pub struct Nim {
    heaps: Vec<u8>,
    to_play: Player,
    history: Vec<NimMove>,
}

/// A Nim move: take `take` stones from heap `heap`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct NimMove {
    /// Heap index.
    pub heap: u8,
    /// Stones taken (at least one).
    pub take: u8,
}

impl Nim {
    /// A game with these heaps, [`Player::First`] to move.
    ///
    /// ```
    /// use go_search::toys::Nim;
    /// assert_eq!(Nim::new(&[4, 5]).heaps(), &[4, 5]);
    /// ```
    #[must_use]
    pub fn new(heaps: &[u8]) -> Nim {
        Nim {
            heaps: heaps.to_vec(),
            to_play: Player::First,
            history: Vec::new(),
        }
    }

    /// The heap sizes.
    ///
    /// ```
    /// use go_search::toys::Nim;
    /// assert_eq!(Nim::new(&[2]).heaps(), &[2]);
    /// ```
    #[must_use]
    pub fn heaps(&self) -> &[u8] {
        &self.heaps
    }
}

impl Game for Nim {
    type Move = NimMove;

    fn to_play(&self) -> Player {
        self.to_play
    }

    fn generate(&self, out: &mut Vec<NimMove>) {
        for (i, &h) in self.heaps.iter().enumerate() {
            for take in (1..=h).rev() {
                out.push(NimMove {
                    heap: i as u8,
                    take,
                });
            }
        }
    }

    fn play(&mut self, mv: NimMove) -> bool {
        match self.heaps.get_mut(mv.heap as usize) {
            Some(h) if mv.take >= 1 && mv.take <= *h => {
                *h -= mv.take;
                self.history.push(mv);
                self.to_play = self.to_play.opponent();
                true
            }
            _ => false,
        }
    }

    fn undo(&mut self) {
        if let Some(mv) = self.history.pop() {
            self.heaps[mv.heap as usize] += mv.take;
            self.to_play = self.to_play.opponent();
        }
    }

    fn hash(&self) -> u64 {
        let mut h = self.to_play.index() as u64;
        for &x in &self.heaps {
            h = h
                .wrapping_mul(0x100_0000_01b3)
                .wrapping_add(u64::from(x) + 1);
        }
        crate::path::mix(h)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.heaps
            .iter()
            .all(|&h| h == 0)
            .then_some(Outcome::Win(self.to_play.opponent()))
    }
}

/// Take one or two stones from a single pile; whoever cannot move loses. The
/// [`Game`] trait's own example, with plain `u32` moves (the number taken).
///
/// The side to move wins exactly when the pile is not a multiple of three: the
/// winning move leaves one.
///
/// ```
/// use go_search::{Game, Outcome, Player, toys::Pile};
/// let mut pile = Pile::new(4);
/// let mut moves = Vec::new();
/// pile.generate(&mut moves);
/// assert_eq!(moves, [1, 2]);
/// assert!(pile.play(1) && pile.play(2) && pile.play(1)); // first takes the last
/// assert_eq!(pile.outcome(), Some(Outcome::Win(Player::First)));
/// ```
#[derive(Clone, Debug)]
pub struct Pile {
    stones: u32,
    to_play: Player,
    taken: Vec<u32>,
}

impl Pile {
    /// A pile of `stones`, [`Player::First`] to move.
    ///
    /// ```
    /// use go_search::toys::Pile;
    /// assert_eq!(Pile::new(7).stones(), 7);
    /// ```
    #[must_use]
    pub fn new(stones: u32) -> Pile {
        Pile {
            stones,
            to_play: Player::First,
            taken: Vec::new(),
        }
    }

    /// The stones left.
    ///
    /// ```
    /// use go_search::{Game, toys::Pile};
    /// let mut pile = Pile::new(5);
    /// assert!(pile.play(2));
    /// assert_eq!(pile.stones(), 3);
    /// ```
    #[must_use]
    pub fn stones(&self) -> u32 {
        self.stones
    }
}

impl Game for Pile {
    type Move = u32;

    fn to_play(&self) -> Player {
        self.to_play
    }

    fn generate(&self, out: &mut Vec<u32>) {
        out.extend((1..=2).filter(|&k| k <= self.stones));
    }

    fn play(&mut self, k: u32) -> bool {
        if k == 0 || k > 2 || k > self.stones {
            return false;
        }
        self.stones -= k;
        self.taken.push(k);
        self.to_play = self.to_play.opponent();
        true
    }

    fn undo(&mut self) {
        if let Some(k) = self.taken.pop() {
            self.stones += k;
            self.to_play = self.to_play.opponent();
        }
    }

    fn hash(&self) -> u64 {
        crate::path::mix(u64::from(self.stones) * 2 + self.to_play.index() as u64)
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.stones == 0).then_some(Outcome::Win(self.to_play.opponent()))
    }
}

/// Tic-tac-toe on cells `0..9` (row by row); a draw with best play.
///
/// ```
/// use go_search::{Game, Outcome, Player, toys::TicTacToe};
/// let mut t = TicTacToe::new();
/// for cell in [0, 3, 1, 4, 2] {
///     assert!(t.play(cell));
/// }
/// assert_eq!(t.outcome(), Some(Outcome::Win(Player::First)));
/// ```
#[derive(Clone, Debug, Default)]
pub struct TicTacToe {
    cells: [Option<Player>; 9],
    history: Vec<u8>,
}

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

impl TicTacToe {
    /// The empty board, [`Player::First`] to move.
    ///
    /// ```
    /// use go_search::toys::TicTacToe;
    /// assert_eq!(TicTacToe::new().cell(4), None);
    /// ```
    #[must_use]
    pub fn new() -> TicTacToe {
        TicTacToe::default()
    }

    /// Who holds `cell` (`None` if empty or off the board).
    ///
    /// ```
    /// use go_search::{Game, Player, toys::TicTacToe};
    /// let mut t = TicTacToe::new();
    /// assert!(t.play(4));
    /// assert_eq!(t.cell(4), Some(Player::First));
    /// ```
    #[must_use]
    pub fn cell(&self, cell: u8) -> Option<Player> {
        self.cells.get(cell as usize).copied().flatten()
    }
}

impl Game for TicTacToe {
    type Move = u8;

    fn to_play(&self) -> Player {
        if self.history.len() % 2 == 0 {
            Player::First
        } else {
            Player::Second
        }
    }

    fn generate(&self, out: &mut Vec<u8>) {
        // Centre, corners, then edges: a sensible order for every engine.
        out.extend(
            [4u8, 0, 2, 6, 8, 1, 3, 5, 7]
                .into_iter()
                .filter(|&c| self.cells[c as usize].is_none()),
        );
    }

    fn play(&mut self, cell: u8) -> bool {
        if self.outcome().is_some() || self.cell(cell).is_some() || cell >= 9 {
            return false;
        }
        self.cells[cell as usize] = Some(self.to_play());
        self.history.push(cell);
        true
    }

    fn undo(&mut self) {
        if let Some(c) = self.history.pop() {
            self.cells[c as usize] = None;
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
        crate::path::mix(code)
    }

    fn outcome(&self) -> Option<Outcome> {
        for line in LINES {
            if let Some(p) = self.cells[line[0]]
                && self.cells[line[1]] == Some(p)
                && self.cells[line[2]] == Some(p)
            {
                return Some(Outcome::Win(p));
            }
        }
        (self.history.len() == 9).then_some(Outcome::Draw)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Dfpn, DfpnOptions, WinGoal};

    #[test]
    fn a_pile_is_won_exactly_when_not_a_multiple_of_three() {
        let mut dfpn = Dfpn::new(DfpnOptions::default());
        for stones in 0..12 {
            let proof = dfpn.solve(&mut Pile::new(stones), &WinGoal::new(Player::First));
            assert_eq!(proof.is_proved(), stones % 3 != 0, "{stones} stones");
        }
    }
}
