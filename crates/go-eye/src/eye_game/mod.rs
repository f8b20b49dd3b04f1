//! What go-eye's two local eye games share: the sides, the ko rule, and
//! the rules themselves over bit masks of any width.
//!
//! The tables' solver (`tables::solver`, one closed eye on `u8` masks) and
//! the eye-space game (`space::game`, an eye graph on `u16` masks) play the
//! same game: an *attacker* tries to capture the wall around an eye, its
//! *defender* (the owner) tries to keep it alive, by the one set of
//! [`Rules`] (captures, simple ko, the wall, marginal points, suicide as an
//! option). Both settle kos the same way, by solving twice, once with each
//! side as [`KoMaster`], and small eyes are solved by the one retrograde
//! [`solve`]r over a dense index of their [`State`]s. What differs is
//! around the game: the tables' eyes have no marginal point and no
//! external eye and are solved from every position at once; eye graphs
//! add both, are solved from one position, and by df-pn when big.

mod mask;
mod rules;
mod solve;

pub(crate) use mask::{Mask, bits};
pub(crate) use rules::{Play, Rules};
pub(crate) use solve::{SOLVE_MAX_POINTS, Solution, State, solve};

use go_search::tactics::KoThreats;

/// The side to move in a local eye game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Side {
    /// The side that tries to capture the wall.
    Attacker,
    /// The owner of the eye, whose wall it is.
    Defender,
}

impl Side {
    /// The other side.
    pub(crate) const fn opponent(self) -> Side {
        match self {
            Side::Attacker => Side::Defender,
            Side::Defender => Side::Attacker,
        }
    }
}

/// Who wins the kos of a local eye game: the ko master may retake a ko at
/// once, its opponent must respect the ko ban.
///
/// In the workspace's one ko model, go-search's [`KoThreats`], the master
/// has [`KoThreats::Unlimited`] threats and its opponent
/// [`KoThreats::Limited`]`(0)` ([`KoMaster::threats`]); the ban binds a side
/// exactly when it has no threat available ([`KoMaster::bans`]). The eye
/// games keep their own type rather than a pair of `KoThreats` because they
/// solve only these two settings: their states (a retrograde analysis of
/// every reachable state, or df-pn) record the ko point but no threat
/// count, so a finite number of threats has no place in them, and neither
/// does a game where both sides respect the ban. A ko is read by solving
/// once with each master and comparing the answers: a wall the attacker
/// kills even when the defender is master is dead, one it kills only as
/// master is a ko (GNU Go's and Vilà's reading of ko in eyes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum KoMaster {
    /// The attacker retakes kos at once; the defender respects the ban.
    Attacker,
    /// The defender retakes kos at once; the attacker respects the ban.
    Defender,
}

impl KoMaster {
    /// The ko threats `side` has in go-search's ko model: unlimited for
    /// the master, none for its opponent.
    #[inline]
    pub(crate) const fn threats(self, side: Side) -> KoThreats {
        match (self, side) {
            (KoMaster::Attacker, Side::Attacker) | (KoMaster::Defender, Side::Defender) => {
                KoThreats::Unlimited
            }
            _ => KoThreats::Limited(0),
        }
    }

    /// Whether the ko ban binds `side`: it has no threat to play before
    /// retaking.
    #[inline]
    pub(crate) const fn bans(self, side: Side) -> bool {
        !self.threats(side).available()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ko_master_has_unlimited_threats_and_its_opponent_none() {
        for (master, side) in [
            (KoMaster::Attacker, Side::Attacker),
            (KoMaster::Defender, Side::Defender),
        ] {
            assert_eq!(master.threats(side), KoThreats::Unlimited);
            assert_eq!(master.threats(side.opponent()), KoThreats::Limited(0));
        }
    }

    #[test]
    fn the_ban_binds_only_the_masters_opponent() {
        assert!(!KoMaster::Attacker.bans(Side::Attacker));
        assert!(KoMaster::Attacker.bans(Side::Defender));
        assert!(KoMaster::Defender.bans(Side::Attacker));
        assert!(!KoMaster::Defender.bans(Side::Defender));
    }
}
