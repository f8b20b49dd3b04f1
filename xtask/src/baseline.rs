//! The regression baseline: expected pass counts per suite, as a ratchet.
//!
//! The file is a tiny TOML subset, parsed here by hand:
//!
//! ```text
//! # comment
//! args = "--player mcts --threads 1 --playouts 5000 --seed 1"
//! [passed]
//! "gnugo/regression/reading.tst" = 12
//! [scoring]
//! "fuego/regression/static_safety_basics.tst" = "count-at-least"
//! ```
//!
//! Keys are suite paths relative to the peer-suites folder. The optional
//! `args` line, before the sections, gives the default engine (the
//! gtp_engine example) its arguments for this baseline, so that suites
//! answered by a search are run reproducibly (one thread, a playout
//! budget, a seed). The optional `[scoring]` section names the suites not
//! scored exactly (`exact` or `count-at-least`, see
//! [`go_gtp::regress::Scoring`]).

use std::collections::BTreeMap;
use std::fmt;

use go_gtp::regress::Scoring;

/// Pass counts per suite.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Baseline {
    /// Arguments of the default engine for this baseline's suites.
    pub args: Option<String>,
    pub passed: BTreeMap<String, usize>,
    /// How suites are scored, where not exactly.
    pub scoring: BTreeMap<String, Scoring>,
}

/// The section a line of the file is in.
#[derive(Clone, Copy)]
enum Section {
    /// Before any section: only `args`.
    Top,
    Passed,
    Scoring,
}

/// A malformed baseline line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ParseError {}

const HEADER: &str = "\
# Regression baseline: pass counts of `cargo xtask regress` (default engine,
# the gtp_engine example) per peer suite, relative to the peer-suites folder.
# `cargo xtask regress --check-baseline` runs these suites and fails when a
# count drops; `--update-baseline` rewrites the counts after an improvement.
";

const SCORING_HEADER: &str = "
# Suites not scored exactly. count-at-least: a `go_safe benson|static` test
# passes when its count is at least the expected one (Fuego's answers are
# what its solver proves, not the truth).
[scoring]
";

impl Baseline {
    /// How the suite `key` is scored: as listed, else exactly.
    pub fn scoring_of(&self, key: &str) -> Scoring {
        self.scoring.get(key).copied().unwrap_or_default()
    }

    pub fn parse(text: &str) -> Result<Self, ParseError> {
        let mut baseline = Self::default();
        let mut section = Section::Top;
        for (index, raw) in text.lines().enumerate() {
            let error = |message: String| ParseError {
                line: index + 1,
                message,
            };
            let line = strip_comment(raw).trim();
            if line.is_empty() {
                continue;
            }
            if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
                section = match name.trim() {
                    "passed" => Section::Passed,
                    "scoring" => Section::Scoring,
                    _ => return Err(error(format!("unknown section [{name}]"))),
                };
                continue;
            }
            let (key, value) = parse_entry(line).map_err(error)?;
            let listed_twice = match section {
                Section::Top if key == "args" => {
                    if baseline
                        .args
                        .replace(parse_string(value).map_err(error)?)
                        .is_some()
                    {
                        return Err(error("args given twice".into()));
                    }
                    false
                }
                Section::Top => return Err(error("entry outside the sections".into())),
                Section::Passed => {
                    let count = value.parse().map_err(|_| {
                        error(format!("expected a pass count for {key:?}, got {value:?}"))
                    })?;
                    baseline.passed.insert(key.clone(), count).is_some()
                }
                Section::Scoring => {
                    let scoring = parse_string(value)
                        .and_then(|text| text.parse::<Scoring>().map_err(|e| e.to_string()))
                        .map_err(error)?;
                    baseline.scoring.insert(key.clone(), scoring).is_some()
                }
            };
            if listed_twice {
                return Err(error(format!("suite {key:?} listed twice")));
            }
        }
        Ok(baseline)
    }
}

/// The line without a `#` comment (a `#` inside a quoted key stays).
fn strip_comment(line: &str) -> &str {
    let mut quoted = false;
    let mut escaped = false;
    for (i, c) in line.char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            '#' if !quoted => return &line[..i],
            _ => {}
        }
    }
    line
}

/// The string of a quoted text whose opening quote is already read, and
/// the byte offset just past its closing quote.
fn parse_quoted(quoted: &str) -> Result<(String, usize), String> {
    let mut text = String::new();
    let mut chars = quoted.char_indices();
    loop {
        match chars.next() {
            None => return Err("unclosed quote".into()),
            Some((i, '"')) => return Ok((text, i + 1)),
            Some((_, '\\')) => match chars.next() {
                Some((_, c @ ('"' | '\\'))) => text.push(c),
                _ => return Err("unsupported escape".into()),
            },
            Some((_, c)) => text.push(c),
        }
    }
}

/// A whole quoted value: `"text"`.
fn parse_string(value: &str) -> Result<String, String> {
    let quoted = value
        .strip_prefix('"')
        .ok_or_else(|| format!("expected a quoted text, got {value:?}"))?;
    let (text, end) = parse_quoted(quoted)?;
    if !quoted[end..].trim().is_empty() {
        return Err(format!("text after the quoted {text:?}"));
    }
    Ok(text)
}

fn quote(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

/// A `key = value` line: the key (quoted or bare) and the value's text.
fn parse_entry(line: &str) -> Result<(String, &str), String> {
    let (key, rest) = if let Some(quoted) = line.strip_prefix('"') {
        let (key, end) = parse_quoted(quoted)?;
        (key, &quoted[end..])
    } else {
        let end = line
            .find(|c: char| c == '=' || c.is_whitespace())
            .unwrap_or(line.len());
        (line[..end].to_string(), &line[end..])
    };
    if key.is_empty() {
        return Err("empty key".into());
    }
    let value = rest
        .trim_start()
        .strip_prefix('=')
        .ok_or_else(|| format!("expected `=` after {key:?}"))?
        .trim();
    Ok((key, value))
}

impl fmt::Display for Baseline {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(HEADER)?;
        if let Some(args) = &self.args {
            writeln!(f, "\nargs = {}", quote(args))?;
        }
        f.write_str("\n[passed]\n")?;
        for (key, value) in &self.passed {
            writeln!(f, "{} = {value}", quote(key))?;
        }
        if !self.scoring.is_empty() {
            f.write_str(SCORING_HEADER)?;
            for (key, value) in &self.scoring {
                writeln!(f, "{} = {}", quote(key), quote(&value.to_string()))?;
            }
        }
        Ok(())
    }
}

/// How one suite's measured count compares with its baseline.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Fewer passes than recorded: the ratchet fails.
    Dropped {
        was: usize,
        now: usize,
    },
    /// More passes than recorded: time to update the baseline.
    Rose {
        was: usize,
        now: usize,
    },
    Same(usize),
    /// Not in the baseline.
    New(usize),
}

/// Compares measured pass counts with the baseline, suite by suite.
pub fn compare(baseline: &Baseline, measured: &BTreeMap<String, usize>) -> Vec<(String, Verdict)> {
    measured
        .iter()
        .map(|(key, &now)| {
            let verdict = match baseline.passed.get(key) {
                None => Verdict::New(now),
                Some(&was) if now < was => Verdict::Dropped { was, now },
                Some(&was) if now > was => Verdict::Rose { was, now },
                Some(&was) => Verdict::Same(was),
            };
            (key.clone(), verdict)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_quoted_and_bare_keys_with_comments() {
        let text = "# header\n\n[passed]\n\"gnugo/regression/reading.tst\" = 12 # note\nfuego/ladder.tst=3\n\"a#b\" = 0\n";
        let baseline = Baseline::parse(text).unwrap();
        assert_eq!(baseline.passed["gnugo/regression/reading.tst"], 12);
        assert_eq!(baseline.passed["fuego/ladder.tst"], 3);
        assert_eq!(baseline.passed["a#b"], 0);
    }

    #[test]
    fn written_baseline_parses_back() {
        let mut baseline = Baseline {
            args: Some("--player mcts --playouts 5000 --name \"x\"".into()),
            ..Baseline::default()
        };
        baseline.passed.insert("x/\"odd\" name.tst".into(), 7);
        baseline.passed.insert("gnugo/regression/owl.tst".into(), 0);
        assert_eq!(Baseline::parse(&baseline.to_string()).unwrap(), baseline);
        baseline
            .scoring
            .insert("a.tst".into(), Scoring::CountAtLeast);
        baseline
            .scoring
            .insert("x/\"odd\" name.tst".into(), Scoring::Exact);
        let text = baseline.to_string();
        assert!(
            text.contains("[scoring]\n\"a.tst\" = \"count-at-least\"\n"),
            "{text}"
        );
        assert_eq!(Baseline::parse(&text).unwrap(), baseline);
    }

    #[test]
    fn parses_the_scoring_section() {
        let text = "[scoring]\n\"a.tst\" = \"count-at-least\" # Fuego\nb.tst = \"exact\"\n[passed]\n\"a.tst\" = 3\n";
        let baseline = Baseline::parse(text).unwrap();
        assert_eq!(baseline.passed["a.tst"], 3);
        assert_eq!(baseline.scoring_of("a.tst"), Scoring::CountAtLeast);
        assert_eq!(baseline.scoring_of("b.tst"), Scoring::Exact);
        assert_eq!(baseline.scoring_of("unlisted.tst"), Scoring::Exact);
    }

    #[test]
    fn malformed_lines_name_their_line() {
        for (text, line) in [
            ("[passed]\n\"x\" = -1\n", 2),
            ("\"x\" = 1\n", 1),
            ("[passed]\n\"x = 1\n", 2),
            ("[other]\n", 1),
            ("[passed]\nx = 1\nx = 2\n", 3),
            ("[passed]\nx 1\n", 2),
            ("args = \"a\"\nargs = \"b\"\n", 2),
            ("args = a\n", 1),
            ("args = \"a\" b\n[passed]\n", 1),
            ("[passed]\nx = 1\n[scoring]\nx = \"at-least\"\n", 4),
            ("[scoring]\nx = count-at-least\n", 2),
            ("[scoring]\nx = \"exact\" y\n", 2),
            ("[scoring]\nx = \"exact\"\nx = \"exact\"\n", 3),
            ("[scoring]\nx = 3\n", 2),
            ("[scoring]\nargs = \"a\"\n", 2),
        ] {
            assert_eq!(Baseline::parse(text).unwrap_err().line, line, "{text:?}");
        }
    }

    #[test]
    fn a_drop_is_reported_and_a_rise_too() {
        let baseline = Baseline::parse("[passed]\na = 5\nb = 5\nc = 5\n").unwrap();
        let measured: BTreeMap<String, usize> = [("a", 4), ("b", 6), ("c", 5), ("d", 1)]
            .map(|(k, v)| (k.to_string(), v))
            .into();
        let verdicts: BTreeMap<_, _> = compare(&baseline, &measured).into_iter().collect();
        assert_eq!(verdicts["a"], Verdict::Dropped { was: 5, now: 4 });
        assert_eq!(verdicts["b"], Verdict::Rose { was: 5, now: 6 });
        assert_eq!(verdicts["c"], Verdict::Same(5));
        assert_eq!(verdicts["d"], Verdict::New(1));
    }
}
