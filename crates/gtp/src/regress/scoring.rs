//! How a suite's tests are scored: by their patterns, or by a least count.

use std::fmt;
use std::str::FromStr;

use super::expectation::parse_count;
use super::{Expectation, Step};

/// How the tests of a suite are scored.
///
/// Fuego's safety suites (`static_safety_*.tst`) test `go_safe benson|static
/// [black|white]`, whose answer is `<count> <points...>`, and record the
/// count that Fuego's own solver proves: a stronger solver proves more
/// points safe and fails a pattern that demands Fuego's count exactly.
/// Under [`Scoring::CountAtLeast`] such a test passes when the count is at
/// least the number that starts its pattern (`16` in `[16 .*]`) and at
/// least N where a note `# full answer with seki detection: N` follows the
/// answer line. Every other test (`go_safe_dame_static`, a negated pattern,
/// a pattern not starting with a number) is scored by its pattern, as under
/// [`Scoring::Exact`].
///
/// The text forms are `exact` and `count-at-least`.
///
/// ```
/// use go_gtp::protocol::Reply;
/// use go_gtp::regress::{TestOutcome, Scoring, Suite};
///
/// let suite = Suite::parse("s.tst", b"11 go_safe static white\n#? [16 .*]\n# full answer with seki detection: 19\n");
/// let step = &suite.steps()[0];
/// let reply = Reply::success(Some(11), "19 A1 B1");
/// assert_eq!(Scoring::Exact.expectation(step).unwrap().score(&reply), TestOutcome::UnexpectedFailure);
/// assert_eq!(Scoring::CountAtLeast.expectation(step).unwrap().score(&reply), TestOutcome::Passed);
/// assert_eq!("count-at-least".parse(), Ok(Scoring::CountAtLeast));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Scoring {
    /// Every test by its pattern (GNU Go's rule).
    #[default]
    Exact,
    /// `go_safe benson|static` tests by their count, as a lower bound; the
    /// rest by their patterns.
    CountAtLeast,
}

/// A scoring name other than `exact` and `count-at-least`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown scoring {0:?} (expected exact or count-at-least)")]
pub struct ParseScoringError(pub String);

impl FromStr for Scoring {
    type Err = ParseScoringError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text {
            "exact" => Ok(Self::Exact),
            "count-at-least" => Ok(Self::CountAtLeast),
            _ => Err(ParseScoringError(text.to_string())),
        }
    }
}

impl fmt::Display for Scoring {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Exact => "exact",
            Self::CountAtLeast => "count-at-least",
        })
    }
}

/// The note of Fuego's seki suite giving a count that seki detection
/// would prove.
const SEKI_NOTE: &str = "full answer with seki detection:";

impl Scoring {
    /// The expectation `step` is scored by under this scoring; `None` when
    /// the step is not a test.
    ///
    /// ```
    /// use go_gtp::regress::{Scoring, Suite};
    ///
    /// let suite = Suite::parse("s.tst", b"10 go_safe benson\n#? [48]*\n20 go_safe_dame_static\n#? [E8]\n");
    /// let [safe, dame] = suite.steps() else { unreachable!() };
    /// assert_eq!(Scoring::CountAtLeast.expectation(safe).unwrap().min_count(), Some(48));
    /// assert_eq!(Scoring::CountAtLeast.expectation(dame).unwrap().min_count(), None);
    /// assert_eq!(Scoring::Exact.expectation(safe).unwrap().min_count(), None);
    /// ```
    #[must_use]
    pub fn expectation(self, step: &Step) -> Option<Expectation> {
        let expectation = step.expectation.clone()?;
        Some(match self.min_count(step, &expectation) {
            Some(min) => expectation.count_at_least(min),
            None => expectation,
        })
    }

    /// The least count that passes `step`, when this scoring scores it by
    /// count.
    fn min_count(self, step: &Step, expectation: &Expectation) -> Option<u64> {
        if self != Self::CountAtLeast || expectation.is_negated() {
            return None;
        }
        let mut words = step.command.split_whitespace();
        if words.next() != Some("go_safe") || !matches!(words.next(), Some("benson" | "static")) {
            return None;
        }
        let expected = expectation
            .pattern()
            .split_whitespace()
            .next()
            .and_then(parse_count)?;
        let seki = step
            .notes
            .iter()
            .filter_map(|note| parse_count(note.strip_prefix(SEKI_NOTE)?.trim()))
            .max();
        Some(seki.map_or(expected, |seki| seki.max(expected)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Reply;
    use crate::regress::{Suite, TestOutcome};

    /// How `reply` to the only test of `suite` scores under count-at-least.
    fn score(suite: &str, reply: &Reply) -> TestOutcome {
        let suite = Suite::parse("t.tst", suite.as_bytes());
        let step = suite.steps().iter().find(|s| s.test_id().is_some());
        let expectation = step.and_then(|s| Scoring::CountAtLeast.expectation(s));
        expectation.expect("a test").score(reply)
    }

    fn ok(text: &str) -> Reply {
        Reply::success(Some(1), text)
    }

    const STATIC_16: &str = "1 go_safe static white\n#? [16 .*]\n";

    #[test]
    fn a_count_above_the_expected_one_passes() {
        assert_eq!(score(STATIC_16, &ok("19 A1 B1")), TestOutcome::Passed);
    }

    #[test]
    fn the_expected_count_passes() {
        assert_eq!(score(STATIC_16, &ok("16 A1")), TestOutcome::Passed);
    }

    #[test]
    fn a_count_below_the_expected_one_fails() {
        assert_eq!(
            score(STATIC_16, &ok("15 A1")),
            TestOutcome::UnexpectedFailure
        );
    }

    #[test]
    fn a_seki_note_raises_the_bar() {
        let suite = "1 go_safe static white\n#? [16 .*]\n# full answer with seki detection: 19\n";
        assert_eq!(score(suite, &ok("18 A1")), TestOutcome::UnexpectedFailure);
        assert_eq!(score(suite, &ok("19 A1")), TestOutcome::Passed);
    }

    #[test]
    fn a_seki_note_after_a_blank_line_still_counts() {
        let suite = "1 go_safe static black\n#? [0]\n\n# full answer with seki detection: 12\nloadsgf x.sgf\n";
        assert_eq!(score(suite, &ok("0")), TestOutcome::UnexpectedFailure);
        assert_eq!(score(suite, &ok("12 A1")), TestOutcome::Passed);
    }

    #[test]
    fn zero_accepts_any_count() {
        let suite = "1 go_safe benson\n#? [0]\n";
        assert_eq!(score(suite, &ok("0")), TestOutcome::Passed);
        assert_eq!(score(suite, &ok("7 A1 B2")), TestOutcome::Passed);
    }

    #[test]
    fn the_expected_failure_mark_keeps_its_meaning() {
        let suite = "1 go_safe benson black\n#? [48]*\n";
        assert_eq!(score(suite, &ok("50 A1")), TestOutcome::UnexpectedPass);
        assert_eq!(score(suite, &ok("47 A1")), TestOutcome::ExpectedFailure);
    }

    #[test]
    fn an_error_or_a_reply_without_count_fails() {
        let failure = Reply::failure(Some(1), "unknown command");
        assert_eq!(score(STATIC_16, &failure), TestOutcome::UnexpectedFailure);
        for reply in ["", "A1 16", "+17 A1", "-1", "16.5", "many"] {
            assert_eq!(
                score(STATIC_16, &ok(reply)),
                TestOutcome::UnexpectedFailure,
                "{reply:?}"
            );
        }
    }

    #[test]
    fn other_commands_are_scored_by_their_pattern() {
        let dame = "1 go_safe_dame_static\n#? [16]\n";
        assert_eq!(score(dame, &ok("17")), TestOutcome::UnexpectedFailure);
        assert_eq!(score(dame, &ok("16")), TestOutcome::Passed);
        let winner = "1 go_safe_winner\n#? [0]\n";
        assert_eq!(score(winner, &ok("3")), TestOutcome::UnexpectedFailure);
        let other = "1 go_safe shared_liberties\n#? [0]\n";
        assert_eq!(score(other, &ok("3")), TestOutcome::UnexpectedFailure);
    }

    #[test]
    fn a_negated_pattern_is_scored_by_the_pattern() {
        let suite = "1 go_safe benson\n#? [!0]\n";
        assert_eq!(score(suite, &ok("0")), TestOutcome::UnexpectedFailure);
        assert_eq!(score(suite, &ok("3 A1")), TestOutcome::Passed);
    }

    #[test]
    fn a_pattern_not_starting_with_a_number_is_scored_by_the_pattern() {
        for (pattern, reply) in [("[1|2]", "5"), ("[16.*]", "17"), ("[x16 .*]", "17 A1")] {
            let suite = format!("1 go_safe static\n#? {pattern}\n");
            let outcome = score(&suite, &ok(reply));
            assert_eq!(outcome, TestOutcome::UnexpectedFailure, "{pattern} {reply}");
        }
    }

    #[test]
    fn exact_scoring_ignores_counts_and_notes() {
        let suite = Suite::parse("t", STATIC_16.as_bytes());
        let answer = Scoring::Exact.expectation(&suite.steps()[0]);
        assert_eq!(
            answer.map(|a| a.score(&ok("19 A1"))),
            Some(TestOutcome::UnexpectedFailure)
        );
    }

    #[test]
    fn steps_that_are_not_tests_have_no_expectation() {
        let suite = Suite::parse("t", b"loadsgf x.sgf\n");
        assert!(
            Scoring::CountAtLeast
                .expectation(&suite.steps()[0])
                .is_none()
        );
    }

    #[test]
    fn text_forms_round_trip() {
        for scoring in [Scoring::Exact, Scoring::CountAtLeast] {
            assert_eq!(scoring.to_string().parse(), Ok(scoring));
        }
        assert_eq!(
            "at-least".parse::<Scoring>(),
            Err(ParseScoringError("at-least".into()))
        );
    }
}
