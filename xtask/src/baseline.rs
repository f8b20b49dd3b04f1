//! The regression baseline: expected pass counts per suite, as a ratchet.
//!
//! The file is a tiny TOML subset, parsed here by hand:
//!
//! ```text
//! # comment
//! args = "--player mcts --threads 1 --playouts 5000 --seed 1"
//! [passed]
//! "gnugo/regression/reading.tst" = 12
//! ```
//!
//! Keys are suite paths relative to the peer-suites folder. The optional
//! `args` line, before the section, gives the default engine (the
//! gtp_engine example) its arguments for this baseline, so that suites
//! answered by a search are run reproducibly (one thread, a playout
//! budget, a seed).

use std::collections::BTreeMap;
use std::fmt;

/// Pass counts per suite.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Baseline {
    /// Arguments of the default engine for this baseline's suites.
    pub args: Option<String>,
    pub passed: BTreeMap<String, usize>,
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

impl Baseline {
    pub fn parse(text: &str) -> Result<Self, ParseError> {
        let mut passed = BTreeMap::new();
        let mut args = None;
        let mut in_section = false;
        for (index, raw) in text.lines().enumerate() {
            let error = |message: String| ParseError {
                line: index + 1,
                message,
            };
            let line = strip_comment(raw).trim();
            if line.is_empty() {
                continue;
            }
            if let Some(section) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
                if section.trim() != "passed" {
                    return Err(error(format!("unknown section [{section}]")));
                }
                in_section = true;
                continue;
            }
            if !in_section {
                if let Some(rest) = line.strip_prefix("args") {
                    let quoted = rest
                        .trim_start()
                        .strip_prefix('=')
                        .map(str::trim_start)
                        .and_then(|r| r.strip_prefix('"'))
                        .ok_or_else(|| error("expected `args = \"...\"`".into()))?;
                    let (value, end) = parse_quoted(quoted).map_err(error)?;
                    if !quoted[end..].trim().is_empty() {
                        return Err(error("text after the quoted args".into()));
                    }
                    if args.replace(value).is_some() {
                        return Err(error("args given twice".into()));
                    }
                    continue;
                }
                return Err(error("entry outside the [passed] section".into()));
            }
            let (key, value) = parse_entry(line).map_err(error)?;
            if passed.insert(key.clone(), value).is_some() {
                return Err(error(format!("suite {key:?} listed twice")));
            }
        }
        Ok(Self { args, passed })
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

fn quote(text: &str) -> String {
    format!("\"{}\"", text.replace('\\', "\\\\").replace('"', "\\\""))
}

fn parse_entry(line: &str) -> Result<(String, usize), String> {
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
    let value = value
        .parse::<usize>()
        .map_err(|_| format!("expected a pass count for {key:?}, got {value:?}"))?;
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
