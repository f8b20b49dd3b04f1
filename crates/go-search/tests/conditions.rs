//! A result the proof-number engines do not mark conditional holds whatever the game's
//! side conditions ([`Game::conditions_met`]): checked against brute force on a
//! subtraction game with two such conditions, one on moves and one on outcomes, under
//! every setting of them.

use std::cell::Cell;
use std::collections::HashMap;

use go_search::{
    Dfpn, DfpnOptions, Game, Outcome, Player, ProofNumber, ProofNumberOptions, ProofResult,
    StopReason, WinGoal,
};

/// The side conditions: whether each player may take three tokens from a pile of at
/// least [`BIG`], and whether a move that leaves exactly five tokens wins on the spot
/// (`None`: the game has no such rule, and never asks).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
struct Rules {
    three: [bool; 2],
    five_wins: Option<bool>,
}

impl Rules {
    /// Every setting of the conditions, with or without the rule of five.
    fn all(with_five: bool) -> Vec<Rules> {
        let fives: &[Option<bool>] = if with_five {
            &[Some(false), Some(true)]
        } else {
            &[None]
        };
        let mut all = Vec::new();
        for &five_wins in fives {
            for bits in 0..4u8 {
                all.push(Rules {
                    three: [bits & 1 != 0, bits & 2 != 0],
                    five_wins,
                });
            }
        }
        all
    }
}

/// Piles from which three tokens may be taken, where the rules allow.
const BIG: u32 = 8;

/// Take one, two or (where the rules allow) three tokens; whoever takes the last wins.
#[derive(Clone, Debug)]
struct Toll {
    tokens: u32,
    to_play: Player,
    rules: Rules,
    taken: Vec<u32>,
    /// Times a rule of [`Rules`] decided something.
    met: Cell<u64>,
}

impl Toll {
    fn new(tokens: u32, rules: Rules) -> Toll {
        Toll {
            tokens,
            to_play: Player::First,
            rules,
            taken: Vec::new(),
            met: Cell::new(0),
        }
    }

    fn meet(&self) {
        self.met.set(self.met.get() + 1);
    }

    /// Over, without counting the look at the rules.
    fn is_over(&self) -> bool {
        self.tokens == 0
            || (self.tokens == 5 && !self.taken.is_empty() && self.rules.five_wins == Some(true))
    }
}

impl Game for Toll {
    type Move = u32;

    fn to_play(&self) -> Player {
        self.to_play
    }

    fn generate(&self, out: &mut Vec<u32>) {
        if !self.is_over() {
            // Three is listed even where the rules refuse it: `play` says no.
            out.extend(1..=self.tokens.min(if self.tokens >= BIG { 3 } else { 2 }));
        }
    }

    fn play(&mut self, take: u32) -> bool {
        if self.is_over() || take == 0 || take > self.tokens.min(3) {
            return false;
        }
        if take == 3 && self.tokens < BIG {
            return false;
        }
        if take == 3 {
            self.meet();
            if !self.rules.three[self.to_play.index()] {
                return false;
            }
        }
        self.tokens -= take;
        self.taken.push(take);
        self.to_play = self.to_play.opponent();
        true
    }

    fn undo(&mut self) {
        if let Some(take) = self.taken.pop() {
            self.tokens += take;
            self.to_play = self.to_play.opponent();
        }
    }

    fn hash(&self) -> u64 {
        (u64::from(self.tokens) * 2 + self.to_play.index() as u64 + 1)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ self.condition_key()
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.tokens == 0 {
            return Some(Outcome::Win(self.to_play.opponent()));
        }
        if let Some(five_wins) = self.rules.five_wins
            && self.tokens == 5
            && !self.taken.is_empty()
        {
            self.meet();
            if five_wins {
                return Some(Outcome::Win(self.to_play.opponent()));
            }
        }
        None
    }

    fn conditions_met(&self) -> u64 {
        self.met.get()
    }

    fn condition_key(&self) -> u64 {
        let r = self.rules;
        let bits = u64::from(r.three[0])
            | u64::from(r.three[1]) << 1
            | match r.five_wins {
                None => 0,
                Some(false) => 1 << 2,
                Some(true) => 2 << 2,
            };
        (bits + 1).wrapping_mul(0xd6e8_feb8_6659_fd93)
    }
}

/// Whether the player to move wins `tokens` under `rules` (`root`: no move played yet).
fn wins(
    tokens: u32,
    mover: usize,
    rules: Rules,
    root: bool,
    memo: &mut HashMap<u32, bool>,
) -> bool {
    let key = tokens * 4 + mover as u32 * 2 + u32::from(root);
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let over = tokens == 0 || (tokens == 5 && !root && rules.five_wins == Some(true));
    let w = !over
        && (1..=tokens.min(3))
            .filter(|&t| t < 3 || (tokens >= BIG && rules.three[mover]))
            .any(|t| !wins(tokens - t, 1 - mover, rules, false, memo));
    memo.insert(key, w);
    w
}

/// Solves every pile with every engine under every setting of the rules, and checks each
/// solved result against brute force, and each result not marked conditional against
/// brute force under every other setting.
fn check(
    solve: &mut dyn FnMut(&mut Toll) -> ProofResult<u32>,
    name: &str,
    with_five: bool,
) -> (usize, usize) {
    let rules = Rules::all(with_five);
    let truth: Vec<Vec<bool>> = rules
        .iter()
        .map(|&r| {
            let mut memo = HashMap::new();
            (0..=24).map(|n| wins(n, 0, r, true, &mut memo)).collect()
        })
        .collect();
    let differing = (1..=24)
        .filter(|&n| truth.iter().any(|t| t[n] != truth[0][n]))
        .count();
    let mut unconditional = 0;
    for (i, &r) in rules.iter().enumerate() {
        for n in 1..=24u32 {
            let mut game = Toll::new(n, r);
            let result = solve(&mut game);
            let answers: Vec<bool> = truth.iter().map(|t| t[n as usize]).collect();
            assert!(
                matches!(result.stop, StopReason::Proved | StopReason::Disproved),
                "{name}: {n} tokens under {r:?}: {:?}",
                result.stop
            );
            assert_eq!(
                result.is_proved(),
                answers[i],
                "{name}: {n} tokens under {r:?}"
            );
            if !result.conditional {
                unconditional += 1;
                assert!(
                    answers.iter().all(|&a| a == answers[i]),
                    "{name}: {n} tokens under {r:?} is not marked conditional, but the \
                     answers under the settings are {answers:?}"
                );
            }
        }
    }
    (unconditional, differing)
}

#[test]
fn dfpn_marks_every_result_a_condition_decides() {
    let goal = WinGoal::new(Player::First);
    let mut dfpn = Dfpn::new(DfpnOptions::default());
    for with_five in [true, false] {
        let (unconditional, differing) = check(&mut |g| dfpn.solve(g, &goal), "df-pn", with_five);
        // The conditions decide some piles, and df-pn tells the others apart.
        assert!(differing > 5, "{differing} piles depend on the rules");
        assert!(
            unconditional > 10,
            "{unconditional} results not conditional"
        );
    }
}

#[test]
fn dfpn_keeps_the_marks_in_its_table_across_searches() {
    // `solve_again` reads the entries of earlier searches under the same rules.
    let goal = WinGoal::new(Player::First);
    let mut dfpn = Dfpn::new(DfpnOptions::default());
    let limits = DfpnOptions::default().limits;
    for with_five in [true, false] {
        let mut last = None;
        let (unconditional, _) = check(
            &mut |g| {
                if last != Some(g.rules) {
                    last = Some(g.rules);
                    dfpn.solve(g, &goal)
                } else {
                    dfpn.solve_again(g, &goal, &limits)
                }
            },
            "df-pn again",
            with_five,
        );
        assert!(unconditional > 0);
    }
}

#[test]
fn proof_number_search_marks_any_result_that_met_a_condition() {
    let goal = WinGoal::new(Player::First);
    let mut pns = ProofNumber::new(ProofNumberOptions::default());
    for with_five in [true, false] {
        let (unconditional, _) = check(&mut |g| pns.solve(g, &goal), "pns", with_five);
        assert!(unconditional > 0);
    }
}

#[test]
fn dfpn_shares_what_met_no_condition_between_settings() {
    // One table for every setting, pile after pile: solutions that leaned on no
    // condition carry over; the others must not.
    let goal = WinGoal::new(Player::First);
    let limits = DfpnOptions::default().limits;
    for with_five in [true, false] {
        let rules = Rules::all(with_five);
        let mut shared = Dfpn::new(DfpnOptions::default());
        let mut fresh = Dfpn::new(DfpnOptions::default());
        let (mut shared_nodes, mut fresh_nodes) = (0, 0);
        for n in 1..=24u32 {
            for &r in &rules {
                let truth = wins(n, 0, r, true, &mut HashMap::new());
                let mut game = Toll::new(n, r);
                let result = if n == 1 && r == rules[0] {
                    shared.solve(&mut game, &goal)
                } else {
                    shared.solve_again(&mut game, &goal, &limits)
                };
                assert_eq!(result.is_proved(), truth, "{n} tokens under {r:?}");
                assert!(matches!(
                    result.stop,
                    StopReason::Proved | StopReason::Disproved
                ));
                shared_nodes += result.stats.nodes;
                fresh_nodes += fresh.solve(&mut Toll::new(n, r), &goal).stats.nodes;
            }
        }
        // The table did carry solutions over.
        assert!(
            shared_nodes * 2 < fresh_nodes,
            "{shared_nodes} nodes on one table, {fresh_nodes} afresh"
        );
    }
}
