//! The df-pn adapter: the local game of a big graph as a go-search
//! [`go_search::Game`], proved by go-search's df-pn.

use super::EyeGraphError;
use super::judge::Judge;
use super::rules::{Play, Rules, Side, State, bits};
use crate::eye_game::KoMaster;
use go_search::{Dfpn, DfpnOptions, Outcome, Player, SearchLimits, StopReason, WinGoal};

/// Node budget of one df-pn proof for a big graph.
const PROOF_NODES: u64 = 2_000_000;

/// df-pn (go-search) over the local game, one engine per ko master so
/// that each keeps its transposition table between questions.
pub(super) struct ProofSearch<'r> {
    rules: &'r Rules,
    engines: [Dfpn<Search<'r>>; 2],
}

impl<'r> ProofSearch<'r> {
    pub(super) fn new(rules: &'r Rules) -> ProofSearch<'r> {
        let options = || {
            // Only the verdict is used: no principal variation is read.
            DfpnOptions::default()
                .with_limits(SearchLimits::default().with_nodes(PROOF_NODES))
                .with_tt_bits(20)
                .with_pv_length(0)
        };
        ProofSearch {
            rules,
            engines: [Dfpn::new(options()), Dfpn::new(options())],
        }
    }
}

impl Judge for ProofSearch<'_> {
    fn attacker_wins(&mut self, s: State, master: KoMaster) -> Result<bool, EyeGraphError> {
        let mut game = Search {
            rules: self.rules,
            master,
            state: s,
            captured: false,
            history: Vec::new(),
        };
        let engine = &mut self.engines[usize::from(master == KoMaster::Defender)];
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
    master: KoMaster,
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
        p == self.state.ko && self.master.bans(self.state.side)
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
            (LocalMove::Play(p), side) if !self.banned(p) => match s.play(self.rules, side, p) {
                Play::Illegal => None,
                Play::WallCaptured => Some((s, true)),
                Play::To { a, d, ko } => Some((
                    State {
                        a,
                        d,
                        ko,
                        side: side.opponent(),
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
