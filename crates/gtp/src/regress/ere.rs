//! POSIX extended regular expressions, translated to the `regex` crate's
//! syntax.
//!
//! The two dialects agree on the operators the suites use (`| ( ) * + ? .
//! ^ $`, bracket expressions, intervals) but differ at the edges, and those
//! are translated here: a backslash before an ordinary character stands for
//! the character itself; inside brackets a backslash, `[`, `&`, `~` and `-`
//! (where not a range) are literal; `[=c=]` and `[.c.]` name the character
//! `c`; a `{` that does not start an interval is literal.

/// Translates a POSIX ERE into an equivalent `regex` pattern.
pub(crate) fn translate(ere: &str) -> Result<String, String> {
    let chars: Vec<char> = ere.chars().collect();
    let mut out = String::with_capacity(ere.len() + 8);
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '\\' => {
                i += 1;
                push_literal(&mut out, chars.get(i).copied().unwrap_or('\\'));
            }
            '[' => {
                i = bracket(&chars, i, &mut out)?;
                continue;
            }
            '{' => match interval_end(&chars, i) {
                Some(end) => {
                    out.extend(&chars[i..=end]);
                    i = end;
                }
                None => push_literal(&mut out, '{'),
            },
            c @ ('.' | '^' | '$' | '(' | ')' | '|' | '*' | '+' | '?') => out.push(c),
            c => push_literal(&mut out, c),
        }
        i += 1;
    }
    Ok(out)
}

fn push_literal(out: &mut String, c: char) {
    out.push_str(&regex::escape(c.encode_utf8(&mut [0; 4])));
}

/// The index of the `}` closing a valid interval `{m}`, `{m,}` or `{m,n}`
/// that opens at `start`.
fn interval_end(chars: &[char], start: usize) -> Option<usize> {
    let mut i = start + 1;
    let digits = |i: &mut usize| {
        let from = *i;
        while chars.get(*i).is_some_and(char::is_ascii_digit) {
            *i += 1;
        }
        *i > from
    };
    if !digits(&mut i) {
        return None;
    }
    if chars.get(i) == Some(&',') {
        i += 1;
        digits(&mut i);
    }
    (chars.get(i) == Some(&'}')).then_some(i)
}

/// One element of a bracket expression.
enum Item {
    Char(char),
    Class(String),
}

/// Translates the bracket expression opening at `start`; returns the index
/// after its closing `]`.
fn bracket(chars: &[char], start: usize, out: &mut String) -> Result<usize, String> {
    let unterminated = || format!("unterminated bracket expression at {start}");
    let mut i = start + 1;
    let negated = chars.get(i) == Some(&'^');
    if negated {
        i += 1;
    }
    let mut items: Vec<(Item, Option<char>)> = Vec::new();
    let mut first = true;
    loop {
        let c = *chars.get(i).ok_or_else(unterminated)?;
        if c == ']' && !first {
            i += 1;
            break;
        }
        first = false;
        let item = if c == '[' && matches!(chars.get(i + 1), Some(':' | '=' | '.')) {
            let kind = chars[i + 1];
            let body_start = i + 2;
            let end = (body_start..chars.len().saturating_sub(1))
                .find(|&j| chars[j] == kind && chars[j + 1] == ']')
                .ok_or_else(unterminated)?;
            let body: String = chars[body_start..end].iter().collect();
            i = end + 2;
            match kind {
                ':' => Item::Class(body),
                _ => {
                    let mut body_chars = body.chars();
                    match (body_chars.next(), body_chars.next()) {
                        (Some(c), None) => Item::Char(c),
                        _ => {
                            return Err(format!(
                                "unsupported collating element [{kind}{body}{kind}]"
                            ));
                        }
                    }
                }
            }
        } else {
            i += 1;
            Item::Char(c)
        };
        // A range `a-z`: the `-` is not last before the closing `]`.
        let range_end = match item {
            Item::Char(_)
                if chars.get(i) == Some(&'-') && chars.get(i + 1).is_some_and(|&e| e != ']') =>
            {
                let end = chars[i + 1];
                i += 2;
                Some(end)
            }
            _ => None,
        };
        items.push((item, range_end));
    }
    out.push('[');
    if negated {
        out.push('^');
    }
    for (item, range_end) in items {
        match item {
            Item::Class(name) => {
                out.push_str("[:");
                out.push_str(&name);
                out.push_str(":]");
            }
            Item::Char(c) => {
                push_literal(out, c);
                if let Some(end) = range_end {
                    out.push('-');
                    push_literal(out, end);
                }
            }
        }
    }
    out.push(']');
    Ok(i)
}

#[cfg(test)]
mod tests {
    use super::translate;

    fn matches(ere: &str, text: &str) -> bool {
        regex::Regex::new(&format!("^{}$", translate(ere).unwrap()))
            .unwrap()
            .is_match(text)
    }

    #[test]
    fn common_suite_patterns_keep_their_meaning() {
        assert!(matches(r"1 (S4|T5)", "1 T5"));
        assert!(matches(r"B\+0\.5", "B+0.5"));
        assert!(!matches(r"B\+0\.5", "B+015"));
        assert!(matches(r"16 .*", "16 A1 B2"));
        assert!(matches(r"[0-3] [A-HJ-T][0-9]+", "2 J12"));
    }

    #[test]
    fn bracket_specials_are_literal() {
        assert!(matches(r"[]a]", "]"));
        assert!(matches(r"[^]a]", "b"));
        assert!(matches(r"[a-]", "-"));
        assert!(matches(r"[\]", "\\"));
        assert!(matches(r"[[]", "["));
        assert!(matches(r"[&&~]", "&"));
        assert!(matches(r"[[:digit:]]+", "42"));
        assert!(matches(r"[[=a=]]", "a"));
    }

    #[test]
    fn stray_braces_and_escapes_are_literal() {
        assert!(matches(r"a{", "a{"));
        assert!(matches(r"a{2}", "aa"));
        assert!(matches(r"a{1,}", "aaa"));
        assert!(matches(r"\d", "d"));
        assert!(matches(r"x}", "x}"));
    }

    #[test]
    fn unterminated_bracket_is_an_error() {
        assert!(translate("[abc").is_err());
        assert!(translate("[[:alpha:]").is_err());
    }
}
