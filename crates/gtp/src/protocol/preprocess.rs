//! GTP 2 preprocessing of one input line (specification, section 3.1).

/// Applies GTP 2 preprocessing to one input line, given without its line feed.
///
/// The specification's four steps, in order: remove control characters
/// other than HT and LF, cut the line at the first `#`, turn HT into a space,
/// and discard lines that are empty or only white space (`None`). Leading and
/// trailing spaces are trimmed. Bytes that are not UTF-8 become U+FFFD, so
/// binary garbage still yields a (probably unknown) command rather than an
/// error.
///
/// ```
/// use go_gtp::protocol::preprocess;
///
/// assert_eq!(preprocess(b"1 genmove\tb  # think hard\r").as_deref(), Some("1 genmove b"));
/// assert_eq!(preprocess(b"   # a comment"), None);
/// assert_eq!(preprocess(b"na\x07me"), Some("name".to_string()));
/// ```
#[must_use]
pub fn preprocess(raw: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(raw);
    let mut line = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '#' => break,
            '\t' => line.push(' '),
            // A stray LF can only come from a caller passing several lines;
            // it is a control character like CR and goes too.
            c if c.is_control() => {}
            c => line.push(c),
        }
    }
    let trimmed = line.trim_matches(' ');
    if trimmed.is_empty() {
        None
    } else if trimmed.len() == line.len() {
        Some(line)
    } else {
        Some(trimmed.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::preprocess;

    #[test]
    fn control_characters_other_than_tab_are_dropped() {
        assert_eq!(
            preprocess(b"\x00bo\x1bard\x7fsize 9\r").as_deref(),
            Some("boardsize 9")
        );
    }

    #[test]
    fn tab_becomes_space() {
        assert_eq!(preprocess(b"play\tb\tA1").as_deref(), Some("play b A1"));
    }

    #[test]
    fn comment_is_cut_before_tabs_turn_into_spaces() {
        assert_eq!(preprocess(b"name#\tversion").as_deref(), Some("name"));
    }

    #[test]
    fn whitespace_only_lines_are_discarded() {
        assert_eq!(preprocess(b""), None);
        assert_eq!(preprocess(b" \t \r"), None);
        assert_eq!(preprocess(b"#only a comment"), None);
    }

    #[test]
    fn invalid_utf8_is_replaced_not_rejected() {
        assert_eq!(
            preprocess(b"\xff\xfe name").as_deref(),
            Some("\u{fffd}\u{fffd} name")
        );
    }
}
