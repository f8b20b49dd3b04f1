//! The `#? [REGEX]` answer lines of a suite and how a reply scores.

use std::fmt;

use regex::Regex;

use super::ere;
use crate::protocol::Reply;

/// The correct answer to one test: what follows `#?` in a `.tst` file.
///
/// `[REGEX]` is a POSIX extended regex, anchored as `^REGEX$` but *searched*
/// in the first line of the reply (so `[1 1 A15|B15|B14]` accepts `1 1 B14`:
/// the anchors bind to the first and last alternatives only, exactly as GNU
/// Go's scripts do). A leading `!` negates it; a trailing `*` marks a test
/// the suite's own program fails (an expected failure); a trailing `&` marks
/// a test whose result is ignored. A missing `]` (as in `#? [undecided`)
/// leaves the rest of the line as the pattern.
///
/// ```
/// use go_gtp::regress::{Expectation, TestOutcome};
/// use go_gtp::protocol::Reply;
///
/// let answer = Expectation::parse(" [1 1 A15|B15|B14]*");
/// assert!(answer.is_expected_failure());
/// assert_eq!(answer.score(&Reply::success(Some(5), "1 1 B14")), TestOutcome::UnexpectedPass);
/// assert_eq!(answer.score(&Reply::success(Some(5), "0")), TestOutcome::ExpectedFailure);
/// assert_eq!(answer.score(&Reply::failure(Some(5), "unknown command")), TestOutcome::ExpectedFailure);
/// ```
#[derive(Debug, Clone)]
pub struct Expectation {
    pattern: String,
    negated: bool,
    expected_failure: bool,
    ignored: bool,
    regex: Result<Regex, String>,
    /// Set by [`Expectation::count_at_least`]: the pattern gives way to a
    /// least count.
    min_count: Option<u64>,
}

/// How one test came out, in GNU Go's words.
///
/// ```
/// use go_gtp::regress::TestOutcome;
///
/// assert_eq!(TestOutcome::UnexpectedFailure.to_string(), "FAILED");
/// assert!(TestOutcome::UnexpectedPass.is_pass());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TestOutcome {
    /// `passed`: correct, as expected.
    Passed,
    /// `PASSED`: correct, though marked as an expected failure.
    UnexpectedPass,
    /// `failed`: wrong, as the `*` mark expected.
    ExpectedFailure,
    /// `FAILED`: wrong, not marked.
    UnexpectedFailure,
    /// The test is marked `&`: its result does not count.
    Ignored,
}

impl TestOutcome {
    /// Whether the answer was correct (`passed` or `PASSED`).
    ///
    /// ```
    /// use go_gtp::regress::TestOutcome;
    ///
    /// assert!(TestOutcome::Passed.is_pass());
    /// assert!(!TestOutcome::Ignored.is_pass());
    /// ```
    #[must_use]
    pub fn is_pass(self) -> bool {
        matches!(self, Self::Passed | Self::UnexpectedPass)
    }

    /// Whether the answer was wrong (`failed` or `FAILED`).
    ///
    /// ```
    /// use go_gtp::regress::TestOutcome;
    ///
    /// assert!(TestOutcome::ExpectedFailure.is_failure());
    /// ```
    #[must_use]
    pub fn is_failure(self) -> bool {
        matches!(self, Self::ExpectedFailure | Self::UnexpectedFailure)
    }

    /// Whether the result differs from the suite's marks (`PASSED` or
    /// `FAILED`): what a run reports.
    ///
    /// ```
    /// use go_gtp::regress::TestOutcome;
    ///
    /// assert!(TestOutcome::UnexpectedPass.is_unexpected());
    /// assert!(!TestOutcome::ExpectedFailure.is_unexpected());
    /// ```
    #[must_use]
    pub fn is_unexpected(self) -> bool {
        matches!(self, Self::UnexpectedPass | Self::UnexpectedFailure)
    }

    /// The word GNU Go's scripts print: `passed`, `PASSED`, `failed`,
    /// `FAILED`, or `ignored`.
    ///
    /// ```
    /// use go_gtp::regress::TestOutcome;
    ///
    /// assert_eq!(TestOutcome::ExpectedFailure.label(), "failed");
    /// ```
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::Passed => "passed",
            Self::UnexpectedPass => "PASSED",
            Self::ExpectedFailure => "failed",
            Self::UnexpectedFailure => "FAILED",
            Self::Ignored => "ignored",
        }
    }
}

impl fmt::Display for TestOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

impl Expectation {
    /// Parses the text after `#?` (leading spaces and trailing white space
    /// are ignored).
    ///
    /// ```
    /// use go_gtp::regress::Expectation;
    ///
    /// let answer = Expectation::parse(" [!PASS]&");
    /// assert!(answer.is_negated() && answer.is_ignored());
    /// assert_eq!(answer.pattern(), "!PASS");
    /// assert_eq!(Expectation::parse(" [undecided").pattern(), "undecided");
    /// ```
    #[must_use]
    pub fn parse(answer: &str) -> Self {
        let body = answer.trim_start_matches(' ').trim_end();
        // As GNU Go's scripts: the last character alone decides the marks.
        let ignored = body.ends_with('&');
        let expected_failure = body.ends_with('*');
        let mut pattern = body.strip_prefix('[').unwrap_or(body);
        let unmarked = pattern.trim_end_matches(['*', '&']);
        if let Some(inner) = unmarked.strip_suffix(']') {
            pattern = inner;
        }
        let pattern = pattern.to_string();
        let (negated, regex_source) = match pattern.strip_prefix('!') {
            Some(rest) => (true, rest),
            None => (false, pattern.as_str()),
        };
        let regex = ere::translate(regex_source)
            .and_then(|source| Regex::new(&format!("^{source}$")).map_err(|e| e.to_string()));
        Self {
            pattern,
            negated,
            expected_failure,
            ignored,
            regex,
            min_count: None,
        }
    }

    /// The same test scored by a count instead of the pattern: an answer is
    /// correct when its first word is an unsigned integer of at least `min`
    /// (the marks `*` and `&` keep their meaning). This is how
    /// [`Scoring::CountAtLeast`](super::Scoring::CountAtLeast) scores
    /// Fuego's `go_safe` tests.
    ///
    /// ```
    /// use go_gtp::regress::{Expectation, TestOutcome};
    /// use go_gtp::protocol::Reply;
    ///
    /// let answer = Expectation::parse("[16 .*]*").count_at_least(16);
    /// assert_eq!(answer.score(&Reply::success(None, "19 A1 B1")), TestOutcome::UnexpectedPass);
    /// assert_eq!(answer.score(&Reply::success(None, "15 A1")), TestOutcome::ExpectedFailure);
    /// assert_eq!(answer.correct(), ">= 16 (go_safe count)");
    /// ```
    #[must_use]
    pub fn count_at_least(self, min: u64) -> Self {
        Self {
            min_count: Some(min),
            ..self
        }
    }

    /// The least count a correct answer has, if the test is scored by
    /// count ([`Expectation::count_at_least`]).
    ///
    /// ```
    /// use go_gtp::regress::Expectation;
    ///
    /// assert_eq!(Expectation::parse("[3 .*]").min_count(), None);
    /// assert_eq!(Expectation::parse("[3 .*]").count_at_least(5).min_count(), Some(5));
    /// ```
    #[must_use]
    pub fn min_count(&self) -> Option<u64> {
        self.min_count
    }

    /// The correct answer as reports show it: the pattern as written (with
    /// `!` if negated), or `>= N (go_safe count)` for a test scored by count.
    ///
    /// ```
    /// use go_gtp::regress::Expectation;
    ///
    /// assert_eq!(Expectation::parse("[!PASS]*").correct(), "!PASS");
    /// assert_eq!(Expectation::parse("[0]").count_at_least(16).correct(), ">= 16 (go_safe count)");
    /// ```
    #[must_use]
    pub fn correct(&self) -> String {
        match self.min_count {
            Some(min) => format!(">= {min} (go_safe count)"),
            None => self.pattern.clone(),
        }
    }

    /// The pattern as written between the brackets, `!` included.
    ///
    /// ```
    /// use go_gtp::regress::Expectation;
    ///
    /// assert_eq!(Expectation::parse("[1 G1]*").pattern(), "1 G1");
    /// ```
    #[must_use]
    pub fn pattern(&self) -> &str {
        &self.pattern
    }

    /// Whether the pattern is negated (`!`): any answer but a match is right.
    ///
    /// ```
    /// use go_gtp::regress::Expectation;
    ///
    /// assert!(Expectation::parse("[!PASS]").is_negated());
    /// ```
    #[must_use]
    pub fn is_negated(&self) -> bool {
        self.negated
    }

    /// Whether the test is marked `*`, an expected failure.
    ///
    /// ```
    /// use go_gtp::regress::Expectation;
    ///
    /// assert!(!Expectation::parse("[PASS]").is_expected_failure());
    /// ```
    #[must_use]
    pub fn is_expected_failure(&self) -> bool {
        self.expected_failure
    }

    /// Whether the test is marked `&`, its result ignored.
    ///
    /// ```
    /// use go_gtp::regress::Expectation;
    ///
    /// assert!(Expectation::parse("[x]&").is_ignored());
    /// ```
    #[must_use]
    pub fn is_ignored(&self) -> bool {
        self.ignored
    }

    /// Why the pattern is not a valid regex, if it is not (such a test
    /// always fails).
    ///
    /// ```
    /// use go_gtp::regress::Expectation;
    ///
    /// assert!(Expectation::parse("[(unclosed]").regex_error().is_some());
    /// assert!(Expectation::parse("[1 (A1|B2)]").regex_error().is_none());
    /// ```
    #[must_use]
    pub fn regex_error(&self) -> Option<&str> {
        self.regex.as_ref().err().map(String::as_str)
    }

    /// Whether `first_line` is a correct answer (negation applied); `false`
    /// when the pattern is invalid. For a test scored by count, whether the
    /// first word is an unsigned integer of at least the least count.
    ///
    /// ```
    /// use go_gtp::regress::Expectation;
    ///
    /// let answer = Expectation::parse("[1 1 A15|B15|B14]");
    /// assert!(answer.accepts("1 1 A15"));
    /// assert!(answer.accepts("1 1 B14"));
    /// assert!(answer.accepts("B15 anything")); // searched: the middle alternative is unanchored
    /// assert!(!answer.accepts("1 1 C3"));
    /// ```
    #[must_use]
    pub fn accepts(&self, first_line: &str) -> bool {
        if let Some(min) = self.min_count {
            return first_line
                .split_whitespace()
                .next()
                .and_then(parse_count)
                .is_some_and(|count| count >= min);
        }
        match &self.regex {
            Ok(regex) => regex.is_match(first_line) != self.negated,
            Err(_) => false,
        }
    }

    /// Scores a reply: only the first line of a success reply is matched; a
    /// `?` reply is always wrong.
    ///
    /// ```
    /// use go_gtp::regress::{Expectation, TestOutcome};
    /// use go_gtp::protocol::Reply;
    ///
    /// let answer = Expectation::parse("[!PASS]");
    /// assert_eq!(answer.score(&Reply::success(None, "D4")), TestOutcome::Passed);
    /// assert_eq!(answer.score(&Reply::failure(None, "unknown command")), TestOutcome::UnexpectedFailure);
    /// ```
    #[must_use]
    pub fn score(&self, reply: &Reply) -> TestOutcome {
        self.outcome(reply.is_success() && self.accepts(reply.first_line()))
    }

    /// The outcome when there is no reply at all (the engine died or timed
    /// out): a failure, unless the test is ignored.
    ///
    /// ```
    /// use go_gtp::regress::{Expectation, TestOutcome};
    ///
    /// assert_eq!(Expectation::parse("[0]*").score_missing(), TestOutcome::ExpectedFailure);
    /// ```
    #[must_use]
    pub fn score_missing(&self) -> TestOutcome {
        self.outcome(false)
    }

    fn outcome(&self, correct: bool) -> TestOutcome {
        match (self.ignored, correct, self.expected_failure) {
            (true, _, _) => TestOutcome::Ignored,
            (false, true, false) => TestOutcome::Passed,
            (false, true, true) => TestOutcome::UnexpectedPass,
            (false, false, true) => TestOutcome::ExpectedFailure,
            (false, false, false) => TestOutcome::UnexpectedFailure,
        }
    }
}

/// An unsigned integer written in digits only (`u64::from_str` would also
/// take a leading `+`).
pub(super) fn parse_count(word: &str) -> Option<u64> {
    if word.is_empty() || !word.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    word.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(text: &str) -> Reply {
        Reply::success(Some(1), text)
    }

    #[test]
    fn only_the_first_reply_line_is_matched() {
        let answer = Expectation::parse("[A1]");
        assert_eq!(answer.score(&ok("A1\nB2")), TestOutcome::Passed);
        assert_eq!(answer.score(&ok("B2\nA1")), TestOutcome::UnexpectedFailure);
    }

    #[test]
    fn anchors_bind_only_to_outer_alternatives() {
        let answer = Expectation::parse("[1 1 A15|B15|B14]");
        assert!(answer.accepts("1 1 B14"));
        assert!(answer.accepts("xx B15 yy"));
        assert!(!answer.accepts("x 1 1 A15"));
        assert!(!answer.accepts("B14 x"));
    }

    #[test]
    fn negated_pattern_passes_on_anything_else() {
        let answer = Expectation::parse("[!PASS]*");
        assert_eq!(answer.score(&ok("D4")), TestOutcome::UnexpectedPass);
        assert_eq!(answer.score(&ok("PASS")), TestOutcome::ExpectedFailure);
    }

    #[test]
    fn error_reply_fails_even_a_negated_test() {
        let answer = Expectation::parse("[!PASS]");
        assert_eq!(
            answer.score(&Reply::failure(Some(1), "x")),
            TestOutcome::UnexpectedFailure
        );
    }

    #[test]
    fn ignored_tests_ignore_everything() {
        let answer = Expectation::parse("[x]&");
        assert_eq!(answer.score(&ok("x")), TestOutcome::Ignored);
        assert_eq!(answer.score_missing(), TestOutcome::Ignored);
    }

    #[test]
    fn unclosed_bracket_quirk_reads_the_rest_as_pattern() {
        let answer = Expectation::parse(" [undecided");
        assert_eq!(answer.pattern(), "undecided");
        assert_eq!(answer.score(&ok("undecided")), TestOutcome::Passed);
        assert_eq!(answer.score(&ok("alive")), TestOutcome::UnexpectedFailure);
    }

    #[test]
    fn trailing_spaces_in_reply_are_not_forgiven() {
        assert_eq!(
            Expectation::parse("[B+0.5]").score(&ok("B+0.5 ")),
            TestOutcome::UnexpectedFailure
        );
    }

    #[test]
    fn empty_pattern_matches_only_empty_answer() {
        let answer = Expectation::parse("[]");
        assert!(answer.accepts(""));
        assert!(!answer.accepts("x"));
    }
}
