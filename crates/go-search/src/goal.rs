//! Judgement for the proof-number engines: [`Goal`], [`Verdict`], [`ProofNumbers`].

use crate::{Game, Outcome, Player};

/// A goal's verdict on a position, for the attacker (the player trying to reach it).
///
/// `Draw` is neither (pass–pass, seki, a repetition); a binary search maps it through
/// [`DrawAs`], the three-valued search keeps it.
///
/// ```
/// use go_search::{Outcome, Player, Verdict};
/// assert_eq!(Verdict::from_outcome(Outcome::Win(Player::First), Player::First), Verdict::Proved);
/// assert_eq!(Verdict::from_outcome(Outcome::Draw, Player::First), Verdict::Draw);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The attacker has reached the goal.
    Proved,
    /// The attacker can no longer reach it.
    Disproved,
    /// Neither: a draw, or seki in a local fight.
    Draw,
}

/// `proved`, `disproved` or `draw`.
///
/// ```
/// assert_eq!(go_search::Verdict::Disproved.to_string(), "disproved");
/// ```
impl core::fmt::Display for Verdict {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Verdict::Proved => "proved",
            Verdict::Disproved => "disproved",
            Verdict::Draw => "draw",
        })
    }
}

impl Verdict {
    /// The verdict of a finished game for `attacker`.
    ///
    /// ```
    /// use go_search::{Outcome, Player, Verdict};
    /// let v = Verdict::from_outcome(Outcome::Win(Player::Second), Player::First);
    /// assert_eq!(v, Verdict::Disproved);
    /// ```
    #[must_use]
    pub fn from_outcome(outcome: Outcome, attacker: Player) -> Verdict {
        match outcome {
            Outcome::Win(p) if p == attacker => Verdict::Proved,
            Outcome::Win(_) => Verdict::Disproved,
            Outcome::Draw => Verdict::Draw,
        }
    }
}

/// How a binary proof search counts a [`Verdict::Draw`].
///
/// ```
/// use go_search::DrawAs;
/// assert_eq!(DrawAs::default(), DrawAs::Disproof);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum DrawAs {
    /// A draw is a failure for the attacker (the usual "can the attacker win?").
    #[default]
    Disproof,
    /// A draw is good enough for the attacker ("can the attacker avoid losing?").
    Proof,
}

/// Proof and disproof numbers of a node: how many leaves must still be proved (disproved)
/// to prove (disprove) it. `0` means done, [`ProofNumbers::INFINITY`] impossible.
///
/// ```
/// use go_search::ProofNumbers;
/// assert!(ProofNumbers::PROVED.is_proved());
/// assert!(!ProofNumbers::UNIT.is_solved());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ProofNumbers {
    /// Proof number.
    pub proof: u32,
    /// Disproof number.
    pub disproof: u32,
}

impl ProofNumbers {
    /// "Cannot be done".
    pub const INFINITY: u32 = u32::MAX;
    /// A fresh leaf: (1, 1).
    pub const UNIT: ProofNumbers = ProofNumbers {
        proof: 1,
        disproof: 1,
    };
    /// A proved node: (0, ∞).
    pub const PROVED: ProofNumbers = ProofNumbers {
        proof: 0,
        disproof: ProofNumbers::INFINITY,
    };
    /// A disproved node: (∞, 0).
    pub const DISPROVED: ProofNumbers = ProofNumbers {
        proof: ProofNumbers::INFINITY,
        disproof: 0,
    };

    /// Proof number is 0.
    ///
    /// ```
    /// use go_search::ProofNumbers;
    /// assert!(!ProofNumbers::DISPROVED.is_proved());
    /// ```
    #[must_use]
    pub const fn is_proved(self) -> bool {
        self.proof == 0
    }

    /// Disproof number is 0.
    ///
    /// ```
    /// use go_search::ProofNumbers;
    /// assert!(ProofNumbers::DISPROVED.is_disproved());
    /// ```
    #[must_use]
    pub const fn is_disproved(self) -> bool {
        self.disproof == 0
    }

    /// Proved or disproved.
    ///
    /// ```
    /// use go_search::ProofNumbers;
    /// assert!(ProofNumbers::PROVED.is_solved());
    /// ```
    #[must_use]
    pub const fn is_solved(self) -> bool {
        self.proof == 0 || self.disproof == 0
    }
}

/// What a proof-number search tries to prove, and how it judges positions.
///
/// OR nodes are those where [`attacker`](Goal::attacker) is to move. For Go tactics the
/// attacker of a capture goal is the player trying to capture, [`verdict`](Goal::verdict)
/// says `Proved` once the block is captured and `Disproved` once it has escaped (enough
/// liberties), and ko is left to the game's own rules and hash.
///
/// ```
/// use go_search::{Game, Goal, Player, Verdict, toys::Nim};
/// /// The first player wants to empty heap 0 by his own move.
/// struct EmptyFirstHeap;
/// impl Goal<Nim> for EmptyFirstHeap {
///     fn attacker(&self) -> Player { Player::First }
///     fn verdict(&self, nim: &Nim) -> Option<Verdict> {
///         if nim.heaps()[0] != 0 { return None; }
///         Some(if nim.to_play() == Player::Second { Verdict::Proved } else { Verdict::Disproved })
///     }
/// }
/// assert_eq!(EmptyFirstHeap.verdict(&Nim::new(&[0, 1])), Some(Verdict::Disproved));
/// ```
pub trait Goal<G: Game> {
    /// The player trying to reach the goal.
    fn attacker(&self) -> Player;

    /// The verdict on `game`, or `None` if the search must go on.
    fn verdict(&self, game: &G) -> Option<Verdict>;

    /// The verdict on a line that repeats a position (default: from
    /// [`Game::repetition_outcome`]). Must be the same for every position.
    fn repetition(&self, game: &G) -> Verdict {
        Verdict::from_outcome(game.repetition_outcome(), self.attacker())
    }

    /// Initial proof numbers of a fresh leaf (default (1, 1)); knowledge such as a block's
    /// liberty count speeds the search up without changing its answers.
    fn estimate(&self, _game: &G) -> ProofNumbers {
        ProofNumbers::UNIT
    }

    /// What the position `mv` leads to is worth at first sight, with its hash, or `None`
    /// if `mv` is illegal; `game` is left as it was. [`Dfpn`](crate::Dfpn) looks at every
    /// child of a node this way before it searches any.
    ///
    /// The default plays the move, asks [`verdict`](Goal::verdict) (else
    /// [`estimate`](Goal::estimate)) and the hash, and takes the move back. A goal that
    /// can tell the same without playing, for some moves, answers faster.
    ///
    /// ```
    /// use go_search::{Game, Goal, Player, Sight, Verdict, WinGoal, toys::Nim};
    /// let mut nim = Nim::new(&[1]);
    /// let mut moves = Vec::new();
    /// nim.generate(&mut moves);
    /// // Taking the last stone wins for the first player.
    /// let (sight, _hash) = WinGoal::new(Player::First).look_ahead(&mut nim, moves[0]).unwrap();
    /// assert_eq!(sight, Sight::Over(Verdict::Proved));
    /// ```
    fn look_ahead(&self, game: &mut G, mv: G::Move) -> Option<(Sight, u64)> {
        look_ahead_by_playing(self, game, mv)
    }
}

/// [`Goal::look_ahead`] the plain way: plays `mv`, asks the goal's
/// [`verdict`](Goal::verdict) (else its [`estimate`](Goal::estimate)) and the game's hash,
/// and takes the move back. For goals that look ahead faster at some moves only.
///
/// ```
/// use go_search::{Game, Player, Sight, Verdict, WinGoal, look_ahead_by_playing, toys::Nim};
/// let mut nim = Nim::new(&[2]);
/// let mut moves = Vec::new();
/// nim.generate(&mut moves);
/// let looks: Vec<_> = moves
///     .iter()
///     .map(|&mv| look_ahead_by_playing(&WinGoal::new(Player::First), &mut nim, mv))
///     .collect();
/// // Taking both stones wins at once; taking one does not end the game.
/// assert!(looks.iter().any(|l| matches!(l, Some((Sight::Over(Verdict::Proved), _)))));
/// assert!(looks.iter().any(|l| matches!(l, Some((Sight::Open(_), _)))));
/// ```
pub fn look_ahead_by_playing<G: Game, Q: Goal<G> + ?Sized>(
    goal: &Q,
    game: &mut G,
    mv: G::Move,
) -> Option<(Sight, u64)> {
    if !game.play(mv) {
        return None;
    }
    let sight = match goal.verdict(game) {
        Some(v) => Sight::Over(v),
        None => Sight::Open(goal.estimate(game)),
    };
    let hash = game.hash();
    game.undo();
    Some((sight, hash))
}

/// What a position is worth at first sight, before any search below it: see
/// [`Goal::look_ahead`].
///
/// ```
/// use go_search::{ProofNumbers, Sight, Verdict};
/// assert_ne!(Sight::Over(Verdict::Proved), Sight::Open(ProofNumbers::UNIT));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Sight {
    /// The goal's verdict there.
    Over(Verdict),
    /// No verdict yet: the search goes on from these proof numbers.
    Open(ProofNumbers),
}

/// The goal "`attacker` wins the game" read from [`Game::outcome`].
///
/// ```
/// use go_search::{Goal, Player, WinGoal, toys::Nim};
/// let goal = WinGoal::new(Player::Second);
/// assert_eq!(Goal::<Nim>::attacker(&goal), Player::Second);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct WinGoal {
    attacker: Player,
}

impl WinGoal {
    /// The goal of `attacker` winning.
    ///
    /// ```
    /// use go_search::{Player, WinGoal};
    /// let _ = WinGoal::new(Player::First);
    /// ```
    #[must_use]
    pub const fn new(attacker: Player) -> WinGoal {
        WinGoal { attacker }
    }
}

impl<G: Game> Goal<G> for WinGoal {
    fn attacker(&self) -> Player {
        self.attacker
    }

    fn verdict(&self, game: &G) -> Option<Verdict> {
        game.outcome()
            .map(|o| Verdict::from_outcome(o, self.attacker))
    }
}
