//! Reading a `.tst` file into the commands it sends and the tests it scores.

use std::path::{Path, PathBuf};

use super::Expectation;
use crate::protocol::{Command, ParseCommandError};

/// One command line of a suite, with its answer if it is a test.
#[derive(Debug, Clone)]
pub struct Step {
    /// The line number in the file, from 1.
    pub line: usize,
    /// The command's id (the test number), if the line had one.
    pub id: Option<u32>,
    /// The command without its id, preprocessed; empty for a line that held
    /// only an id.
    pub command: String,
    /// The `#?` answer on the next line, kept only after a numbered command
    /// (GNU Go's scripts ignore it elsewhere).
    pub expectation: Option<Expectation>,
    /// The comment lines after the `#?` line, up to the next command,
    /// without their `#` and trimmed; empty for a step that is not a test.
    ///
    /// ```
    /// use go_gtp::regress::Suite;
    ///
    /// let suite = Suite::parse("t.tst", b"10 go_safe static black\n#? [0]\n# full answer with seki detection: 16\n");
    /// assert_eq!(suite.steps()[0].notes, ["full answer with seki detection: 16"]);
    /// ```
    pub notes: Vec<String>,
}

impl Step {
    /// The test number, if this step is a test: a numbered command followed
    /// by an answer line.
    ///
    /// ```
    /// use go_gtp::regress::Suite;
    ///
    /// let suite = Suite::parse("t.tst", b"loadsgf x.sgf\n3 attack A1\n#? [0]\n");
    /// let tests: Vec<_> = suite.steps().iter().filter_map(|s| s.test_id()).collect();
    /// assert_eq!(tests, [3]);
    /// ```
    #[must_use]
    pub fn test_id(&self) -> Option<u32> {
        self.expectation.as_ref().and(self.id)
    }
}

/// A parsed `.tst` file: a GTP script whose numbered commands followed by
/// `#? [REGEX]` lines are tests.
///
/// Lines are preprocessed as GTP does (comments, control characters, tabs),
/// and a `#?` line counts only right after a numbered command, as in GNU
/// Go's own scripts. A line holding only an id becomes a step with an empty
/// command (a test that fails). Lines with an id too large for GTP are
/// skipped.
///
/// ```
/// use go_gtp::regress::Suite;
///
/// let text = b"# incident 2\nloadsgf games/incident2.sgf 212\n1 attack E3\n#? [0]\n\n2 attack F1\n#? [1 G1]*\n";
/// let suite = Suite::parse("reading.tst", text);
/// assert_eq!(suite.steps().len(), 3);
/// assert_eq!(suite.num_tests(), 2);
/// let last = &suite.steps()[2];
/// assert_eq!((last.line, last.id, last.command.as_str()), (6, Some(2), "attack F1"));
/// assert!(last.expectation.as_ref().unwrap().is_expected_failure());
/// ```
#[derive(Debug, Clone)]
pub struct Suite {
    path: PathBuf,
    steps: Vec<Step>,
}

impl Suite {
    /// Reads and parses the file at `path`.
    ///
    /// # Errors
    /// The I/O error if the file cannot be read.
    ///
    /// ```no_run
    /// use go_gtp::regress::Suite;
    ///
    /// let suite = Suite::load("../shared/peer-suites/gnugo/regression/reading.tst")?;
    /// println!("{} tests", suite.num_tests());
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn load(path: impl AsRef<Path>) -> std::io::Result<Self> {
        let path = path.as_ref();
        Ok(Self::parse(path, &std::fs::read(path)?))
    }

    /// Parses the text of a suite; `path` says where it lives (its folder is
    /// the engine's working directory when the suite runs).
    ///
    /// ```
    /// use go_gtp::regress::Suite;
    ///
    /// let suite = Suite::parse("dir/s.tst", b"1 name\n#? [GNU Go]\n");
    /// assert_eq!(suite.path().to_str(), Some("dir/s.tst"));
    /// ```
    #[must_use]
    pub fn parse(path: impl Into<PathBuf>, text: &[u8]) -> Self {
        let mut steps: Vec<Step> = Vec::new();
        // The step made from the line just before, if it was numbered.
        let mut previous_numbered: Option<usize> = None;
        // The test whose answer line came last, until the next command: the
        // comments in between are its notes.
        let mut annotated: Option<usize> = None;
        for (index, raw) in text.split(|&b| b == b'\n').enumerate() {
            let numbered = previous_numbered.take();
            if let Some(answer) = raw.strip_prefix(b"#?") {
                if let Some(i) = numbered {
                    let answer = String::from_utf8_lossy(answer);
                    steps[i].expectation = Some(Expectation::parse(&answer));
                    annotated = Some(i);
                }
                continue;
            }
            if let (Some(i), Some(note)) = (annotated, raw.trim_ascii_start().strip_prefix(b"#")) {
                steps[i]
                    .notes
                    .push(String::from_utf8_lossy(note).trim().to_string());
                continue;
            }
            let (id, command) = match Command::parse_line(raw) {
                Ok(None) | Err(ParseCommandError::Empty | ParseCommandError::IdOutOfRange(_)) => {
                    continue;
                }
                Ok(Some(command)) => (command.id(), command.with_id(None).to_string()),
                Err(ParseCommandError::MissingName { id }) => (Some(id), String::new()),
            };
            annotated = None;
            if id.is_some() {
                previous_numbered = Some(steps.len());
            }
            steps.push(Step {
                line: index + 1,
                id,
                command,
                expectation: None,
                notes: Vec::new(),
            });
        }
        Self {
            path: path.into(),
            steps,
        }
    }

    /// Where the suite lives.
    ///
    /// ```
    /// use go_gtp::regress::Suite;
    ///
    /// assert_eq!(Suite::parse("a.tst", b"").path().to_str(), Some("a.tst"));
    /// ```
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Every command in file order.
    ///
    /// ```
    /// use go_gtp::regress::Suite;
    ///
    /// assert_eq!(Suite::parse("a.tst", b"boardsize 9\nclear_board\n").steps().len(), 2);
    /// ```
    #[must_use]
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The number of tests.
    ///
    /// ```
    /// use go_gtp::regress::Suite;
    ///
    /// assert_eq!(Suite::parse("a.tst", b"1 name\n2 name\n#? [x]\n").num_tests(), 1);
    /// ```
    #[must_use]
    pub fn num_tests(&self) -> usize {
        self.steps.iter().filter(|s| s.test_id().is_some()).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answer_after_unnumbered_command_is_ignored() {
        let suite = Suite::parse("t", b"reg_genmove b\n#? [D3]\n");
        assert_eq!(suite.num_tests(), 0);
        assert_eq!(suite.steps()[0].command, "reg_genmove b");
    }

    #[test]
    fn answer_must_follow_its_command_directly() {
        let suite = Suite::parse("t", b"1 name\n\n#? [x]\n2 name\n# c\n#? [x]\n");
        assert_eq!(suite.num_tests(), 0);
    }

    #[test]
    fn lone_id_is_a_test_without_command() {
        let suite = Suite::parse("t", b"40\n#? [C9]*\n");
        assert_eq!(suite.num_tests(), 1);
        assert_eq!(suite.steps()[0].command, "");
    }

    #[test]
    fn answer_before_any_command_is_ignored() {
        let suite = Suite::parse("t", b"#10 uct_policy\n#? [A1]*\n");
        assert!(suite.steps().is_empty());
    }

    #[test]
    fn comments_after_an_answer_are_its_notes_until_the_next_command() {
        let text = b"1 name\n#? [x]\n# first\n\n  #  second \r\nboardsize 9\n# not a note\n2 name\n#? [y]\n";
        let suite = Suite::parse("t", text);
        assert_eq!(suite.steps()[0].notes, ["first", "second"]);
        assert!(suite.steps()[1].notes.is_empty());
        assert!(suite.steps()[2].notes.is_empty());
    }

    #[test]
    fn comments_after_a_command_without_answer_are_no_notes() {
        let suite = Suite::parse("t", b"1 name\n# a comment\n#? [x]\n");
        assert_eq!(suite.num_tests(), 0);
        assert!(suite.steps()[0].notes.is_empty());
    }

    #[test]
    fn crlf_lines_parse_like_lf_lines() {
        let suite = Suite::parse("t", b"1 attack A1\r\n#? [0]\r\n");
        assert_eq!(suite.num_tests(), 1);
        assert_eq!(
            suite.steps()[0].expectation.as_ref().unwrap().pattern(),
            "0"
        );
    }
}
