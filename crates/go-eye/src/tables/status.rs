//! Eye values and statuses.

use std::fmt;

use crate::shape::{Cell, CellSet};

/// What becomes of the owner of an eye when one given side moves first in
/// it (the enclosing block's life, seki counting as life as in Vilà 2004).
///
/// ```
/// use go_eye::tables::EyeOutcome;
/// assert!(EyeOutcome::Alive > EyeOutcome::Ko && EyeOutcome::Ko > EyeOutcome::Dead);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum EyeOutcome {
    /// The attacker captures the enclosing block, even if the owner wins every ko.
    Dead,
    /// The result depends on a ko: the owner dies if the attacker has more
    /// ko threats, lives otherwise.
    Ko,
    /// The owner lives (two eyes or seki), even if the attacker wins every ko.
    Alive,
}

impl fmt::Display for EyeOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EyeOutcome::Dead => "dead",
            EyeOutcome::Ko => "ko",
            EyeOutcome::Alive => "alive",
        })
    }
}

/// The exact value of an eye: the owner's outcome with the attacker moving
/// first and with the owner (defender) moving first.
///
/// ```
/// use go_eye::tables::{EyeValue, EyeOutcome};
/// let unsettled = EyeValue { attacker_first: EyeOutcome::Dead, defender_first: EyeOutcome::Alive };
/// assert!(!unsettled.is_settled());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EyeValue {
    /// The outcome if the attacker plays first.
    pub attacker_first: EyeOutcome,
    /// The outcome if the owner plays first.
    pub defender_first: EyeOutcome,
}

impl EyeValue {
    /// Whether the outcome does not depend on who moves first.
    ///
    /// ```
    /// use go_eye::tables::{EyeValue, EyeOutcome};
    /// let alive = EyeValue { attacker_first: EyeOutcome::Alive, defender_first: EyeOutcome::Alive };
    /// assert!(alive.is_settled());
    /// ```
    #[must_use]
    pub fn is_settled(self) -> bool {
        self.attacker_first == self.defender_first
    }
}

impl fmt::Display for EyeValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.attacker_first, self.defender_first)
    }
}

/// The status of an eye (Vilà 2004, §4.2.1.III), extended with ko statuses.
///
/// ```
/// use go_eye::tables::{Eye, EyeStatus, Stones};
/// let straight_three = Eye::centre("###".parse().unwrap()).unwrap();
/// let empty = straight_three.analyse(&Stones::default(), 10).unwrap();
/// assert_eq!(empty.status, EyeStatus::Unsettled);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EyeStatus {
    /// The eye ends as a single eye whoever moves first.
    Nakade,
    /// Nakade if the attacker moves first, alive if the owner does
    /// (Landman's 1½ε).
    Unsettled,
    /// Alive whoever moves first and whatever the outside liberties.
    Alive,
    /// Alive with plenty of outside liberties, but the owner is short of
    /// them (one or none left): the owner must now play inside — usually
    /// capture the stones there — and then lives.
    AliveInAtari,
    /// The attacker moving first gets a ko; the owner moving first lives
    /// (the thesis's "Unsettled-Ko" of side eyes).
    AttackerKo,
    /// The attacker moving first kills; the owner moving first gets a ko.
    DefenderKo,
    /// A ko whoever moves first.
    Ko,
}

impl EyeStatus {
    /// Whether a ko decides the eye.
    ///
    /// ```
    /// use go_eye::tables::EyeStatus;
    /// assert!(EyeStatus::AttackerKo.is_ko());
    /// assert!(!EyeStatus::Unsettled.is_ko());
    /// ```
    #[must_use]
    pub const fn is_ko(self) -> bool {
        matches!(
            self,
            EyeStatus::AttackerKo | EyeStatus::DefenderKo | EyeStatus::Ko
        )
    }

    /// The status of a value at the given liberties, knowing the value with
    /// plenty of liberties.
    pub(crate) fn classify(value: EyeValue, plenty: EyeValue) -> EyeStatus {
        use EyeOutcome::*;
        match (value.attacker_first, value.defender_first) {
            (Alive, Alive) => EyeStatus::Alive,
            (_, Alive)
                if plenty
                    == (EyeValue {
                        attacker_first: Alive,
                        defender_first: Alive,
                    }) =>
            {
                EyeStatus::AliveInAtari
            }
            (Dead, Alive) => EyeStatus::Unsettled,
            (Ko, Alive) => EyeStatus::AttackerKo,
            (Dead, Dead) => EyeStatus::Nakade,
            (Dead, Ko) => EyeStatus::DefenderKo,
            // The owner moving first can pass, so defender_first ≥ attacker_first.
            (Ko, Ko) | (Ko, Dead) | (Alive, Ko) | (Alive, Dead) => EyeStatus::Ko,
        }
    }
}

impl fmt::Display for EyeStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EyeStatus::Nakade => "nakade",
            EyeStatus::Unsettled => "unsettled",
            EyeStatus::Alive => "alive",
            EyeStatus::AliveInAtari => "alive in atari",
            EyeStatus::AttackerKo => "attacker ko",
            EyeStatus::DefenderKo => "defender ko",
            EyeStatus::Ko => "ko",
        })
    }
}

/// Stones inside an eye, in the caller's frame (the same frame as the eye's cells).
///
/// `own` are the owner's stones in the enclosed area (stones of the
/// enclosing block itself may be listed too: they merge with it).
///
/// ```
/// use go_eye::tables::Stones;
/// let s = Stones::enemy("#..".parse().unwrap());
/// assert_eq!(s.enemy.len(), 1);
/// assert!(s.own.is_empty());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Stones {
    /// The attacker's stones.
    pub enemy: CellSet,
    /// The owner's stones.
    pub own: CellSet,
}

impl Stones {
    /// Only enemy stones.
    ///
    /// ```
    /// use go_eye::tables::Stones;
    /// assert_eq!(Stones::enemy("##".parse().unwrap()).enemy.len(), 2);
    /// ```
    #[must_use]
    pub const fn enemy(enemy: CellSet) -> Stones {
        Stones {
            enemy,
            own: CellSet::EMPTY,
        }
    }
}

/// Everything the tables say about one eye with given stones and outside liberties.
///
/// ```
/// use go_eye::tables::{Eye, EyeStatus, Stones};
/// let bulky_five = Eye::centre("##/##/#.".parse().unwrap()).unwrap();
/// let a = bulky_five.analyse(&Stones::default(), 10).unwrap();
/// assert_eq!(a.status, EyeStatus::Unsettled);
/// // Both sides play the 3-point.
/// assert_eq!(a.key_point, go_eye::shape::Cell::new(0, 1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EyeAnalysis {
    /// The status.
    pub status: EyeStatus,
    /// The exact value at these outside liberties.
    pub value: EyeValue,
    /// Empty points where the attacker reaches `value.attacker_first` and
    /// filling an outside liberty would not (empty when no inside move is needed).
    pub attack_points: CellSet,
    /// Empty points where the owner reaches `value.defender_first` and
    /// passing would not (empty when no inside move is needed).
    pub defence_points: CellSet,
    /// The single point to play in the eye (the thesis's `VitalPoint`): a
    /// point good for both sides if there is one, else a defence point, else
    /// an attack point; `None` when neither side needs to play inside.
    pub key_point: Option<Cell>,
}
