//! The value of an eye graph: eyes with each side moving first, from the
//! answers of a judge, and the vital points where they differ.

use super::EyeGraphError;
use super::graph::EyeGraph;
use super::judge::Judge;
use super::rules::{Play, Rules, Side, State, bits, full_mask};
use crate::eye_game::KoMaster;

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
        let rules = self.rules();
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
        let rules = self.rules();
        if !rules.is_legal(self.enemy, self.own) {
            return Err(EyeGraphError::NoLiberty);
        }
        let mut judge = self.judge(&rules);
        let (attack, defence) = self.needed_moves(&rules, &mut *judge, min, max)?;
        Ok(self.pick(attack, defence))
    }

    pub(super) fn root(&self, eye: bool, side: Side) -> State {
        State {
            a: self.enemy,
            d: self.own,
            libs: self.liberties,
            ko: 0,
            eye,
            side,
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
        let master = match side {
            Side::Attacker => KoMaster::Attacker,
            Side::Defender => OWNER_FIRST_KOS,
        };
        for (eye, count) in [(false, 2), (true, 1)] {
            let mut s = self.root(eye, side);
            if let Some((a, d, ko)) = after {
                (s.a, s.d, s.ko) = (a, d, ko);
            }
            if !judge.attacker_wins(s, master)? {
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
            let reply = |side: Side| match self.root(true, side).play(rules, side, p) {
                Play::To { a, d, ko } => Some((a, d, ko)),
                _ => None,
            };
            if let Some(after) = reply(Side::Attacker) {
                let wall_taken = matches!(
                    self.root(false, Side::Attacker)
                        .play(rules, Side::Attacker, p),
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
                    u8::from(!judge.attacker_wins(s, KoMaster::Attacker)?)
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
const OWNER_FIRST_KOS: KoMaster = KoMaster::Attacker;

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
}
