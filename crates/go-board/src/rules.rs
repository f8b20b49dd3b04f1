//! Rule options: ko, suicide, scoring and komi.

use std::fmt;
use std::str::FromStr;

/// Which repetitions are forbidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum KoRule {
    /// Only the immediate recapture of a single stone is forbidden (GNU Go's
    /// default, Japanese rules).
    #[default]
    Simple,
    /// No move may recreate an earlier board position.
    PositionalSuperko,
    /// No move may recreate an earlier board position with the same player
    /// to move.
    SituationalSuperko,
}

/// Whether a move may leave its own block without liberties.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum SuicideRule {
    /// Suicide is illegal (GNU Go's default, most rule sets).
    #[default]
    Illegal,
    /// Suicide is legal and removes the suicidal block, single or
    /// multi-stone (Tromp-Taylor, New Zealand).
    Allowed,
}

/// How the game is scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Scoring {
    /// Stones plus surrounded empty points (Chinese, Tromp-Taylor).
    Area,
    /// Surrounded empty points plus prisoners (Japanese; GNU Go's default).
    #[default]
    Territory,
}

/// A rule set.
///
/// ```
/// use go_board::{KoRule, Rules, SuicideRule};
/// let rules = Rules::default();
/// assert_eq!(rules.ko, KoRule::Simple);
/// assert_eq!(rules.suicide, SuicideRule::Illegal);
/// assert_eq!(rules.komi, 6.5);
/// let tt = Rules::tromp_taylor();
/// assert_eq!(tt.ko, KoRule::PositionalSuperko);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rules {
    /// The ko rule.
    pub ko: KoRule,
    /// The suicide rule.
    pub suicide: SuicideRule,
    /// The scoring method.
    pub scoring: Scoring,
    /// Points given to White.
    pub komi: f32,
}

impl Default for Rules {
    /// GNU Go's defaults: simple ko, no suicide, territory scoring, komi 6.5.
    fn default() -> Rules {
        Rules {
            ko: KoRule::Simple,
            suicide: SuicideRule::Illegal,
            scoring: Scoring::Territory,
            komi: 6.5,
        }
    }
}

impl Rules {
    /// Japanese rules: simple ko, no suicide, territory scoring, komi 6.5.
    ///
    /// ```
    /// use go_board::{Rules, Scoring};
    /// assert_eq!(Rules::japanese().scoring, Scoring::Territory);
    /// ```
    #[must_use]
    pub fn japanese() -> Rules {
        Rules::default()
    }

    /// Chinese rules: positional superko, no suicide, area scoring, komi 7.5.
    ///
    /// ```
    /// use go_board::{Rules, Scoring};
    /// assert_eq!(Rules::chinese().scoring, Scoring::Area);
    /// ```
    #[must_use]
    pub fn chinese() -> Rules {
        Rules {
            ko: KoRule::PositionalSuperko,
            suicide: SuicideRule::Illegal,
            scoring: Scoring::Area,
            komi: 7.5,
        }
    }

    /// Tromp-Taylor rules: positional superko, suicide allowed, area
    /// scoring, komi 7.5.
    ///
    /// ```
    /// use go_board::{Rules, SuicideRule};
    /// assert_eq!(Rules::tromp_taylor().suicide, SuicideRule::Allowed);
    /// ```
    #[must_use]
    pub fn tromp_taylor() -> Rules {
        Rules {
            ko: KoRule::PositionalSuperko,
            suicide: SuicideRule::Allowed,
            scoring: Scoring::Area,
            komi: 7.5,
        }
    }

    /// New Zealand rules: situational superko, suicide allowed, area
    /// scoring, komi 7.
    ///
    /// ```
    /// use go_board::{KoRule, Rules};
    /// assert_eq!(Rules::new_zealand().ko, KoRule::SituationalSuperko);
    /// ```
    #[must_use]
    pub fn new_zealand() -> Rules {
        Rules {
            ko: KoRule::SituationalSuperko,
            suicide: SuicideRule::Allowed,
            scoring: Scoring::Area,
            komi: 7.0,
        }
    }

    /// The largest komi, in absolute value, that GTP `komi` and SGF `KM`
    /// accept: 1,000 points, beyond the area of any board (25×25 = 625)
    /// and so beyond any score a game can have.
    ///
    /// ```
    /// use go_board::Rules;
    /// assert!(Rules::is_valid_komi(-7.5) && Rules::is_valid_komi(Rules::MAX_KOMI));
    /// ```
    pub const MAX_KOMI: f32 = 1000.0;

    /// Whether `komi` is a number a game can use: finite and at most
    /// [`MAX_KOMI`](Rules::MAX_KOMI) in absolute value.
    ///
    /// ```
    /// use go_board::Rules;
    /// assert!(Rules::is_valid_komi(6.5));
    /// assert!(!Rules::is_valid_komi(f32::NAN));
    /// assert!(!Rules::is_valid_komi(f32::INFINITY));
    /// assert!(!Rules::is_valid_komi(1e39_f64 as f32));
    /// assert!(!Rules::is_valid_komi(-1000.5));
    /// ```
    #[must_use]
    pub fn is_valid_komi(komi: f32) -> bool {
        komi.is_finite() && komi.abs() <= Self::MAX_KOMI
    }

    /// The same rules with another komi.
    ///
    /// ```
    /// use go_board::Rules;
    /// assert_eq!(Rules::default().with_komi(0.5).komi, 0.5);
    /// ```
    #[must_use]
    pub fn with_komi(mut self, komi: f32) -> Rules {
        self.komi = komi;
        self
    }
}

/// An unknown rule-set name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown rules `{0}` (expected japanese, chinese, tromp-taylor or new-zealand)")]
pub struct ParseRulesError(pub String);

impl FromStr for Rules {
    type Err = ParseRulesError;

    /// Parses a rule-set name: `japanese`, `chinese`, `tromp-taylor`,
    /// `new-zealand` (case and `_`/`-` insensitive).
    fn from_str(s: &str) -> Result<Rules, ParseRulesError> {
        let key = s.to_ascii_lowercase().replace(['_', ' '], "-");
        match key.as_str() {
            "japanese" | "jp" | "gnugo" => Ok(Rules::japanese()),
            "chinese" | "cn" => Ok(Rules::chinese()),
            "tromp-taylor" | "trompt-taylor" | "tt" => Ok(Rules::tromp_taylor()),
            "new-zealand" | "nz" => Ok(Rules::new_zealand()),
            _ => Err(ParseRulesError(s.to_string())),
        }
    }
}

impl fmt::Display for KoRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            KoRule::Simple => "simple",
            KoRule::PositionalSuperko => "positional-superko",
            KoRule::SituationalSuperko => "situational-superko",
        })
    }
}
