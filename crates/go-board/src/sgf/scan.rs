//! A syntax pass over SGF text before `sgf-parse` sees it.
//!
//! It finds the first game tree (skipping a byte-order mark and any text
//! before it, ignoring anything after it), reports syntax errors with their
//! line and column (which `sgf-parse` cannot), checks the game type `GM`
//! itself and supplies closing parentheses missing at the very end of a
//! truncated file — as GNU Go's reader does.

use std::ops::Range;

use super::error::{SgfError, SyntaxProblem};
use super::repair::Repair;

/// The first game tree of `text`, cleaned for `sgf-parse`: without its root
/// `GM` properties (checked here) and with missing final `)` supplied.
#[cfg(test)]
pub(crate) fn first_game_tree(text: &str) -> Result<String, SgfError> {
    first_game_tree_repaired(text).map(|(cleaned, _)| cleaned)
}

/// [`first_game_tree`] and what it repaired: missing `)`, text around the
/// tree that is not another game tree.
pub(crate) fn first_game_tree_repaired(text: &str) -> Result<(String, Vec<Repair>), SgfError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let bytes = text.as_bytes();
    let start = find_start(bytes).ok_or(SgfError::NoGameTree)?;
    let syntax = |at: usize, problem: SyntaxProblem| {
        let (line, column) = line_column(text, at);
        SgfError::Syntax {
            line,
            column,
            problem,
        }
    };
    let mut i = start;
    let mut depth = 0usize;
    let mut in_node = false;
    let mut nodes = 0usize;
    let mut game_types: Vec<(Range<usize>, Vec<Range<usize>>)> = Vec::new();
    let mut end = None;
    while i < bytes.len() {
        match bytes[i] {
            b'(' => {
                depth += 1;
                in_node = false;
                let next = skip_whitespace(bytes, i + 1);
                if bytes.get(next) != Some(&b';') {
                    return Err(syntax(next, SyntaxProblem::TreeWithoutNode));
                }
                i += 1;
            }
            b')' => {
                depth -= 1;
                in_node = false;
                i += 1;
                if depth == 0 {
                    end = Some(i);
                    break;
                }
            }
            b';' => {
                in_node = true;
                nodes += 1;
                i += 1;
            }
            b if b.is_ascii_whitespace() => i += 1,
            b if b.is_ascii_alphabetic() => {
                let prop_start = i;
                while i < bytes.len() && bytes[i].is_ascii_alphabetic() {
                    i += 1;
                }
                let ident = &text[prop_start..i];
                if !in_node {
                    return Err(syntax(
                        prop_start,
                        SyntaxProblem::PropertyOutsideNode(ident.into()),
                    ));
                }
                let mut next = skip_whitespace(bytes, i);
                if bytes.get(next) != Some(&b'[') {
                    return Err(syntax(next, SyntaxProblem::MissingValue(ident.into())));
                }
                let mut values = Vec::new();
                while bytes.get(next) == Some(&b'[') {
                    let close = value_end(bytes, next + 1).ok_or_else(|| {
                        syntax(next, SyntaxProblem::UnterminatedValue(ident.into()))
                    })?;
                    values.push(next + 1..close);
                    i = close + 1;
                    next = skip_whitespace(bytes, i);
                }
                // sgf-parse reads FF[3] identifiers such as `GaMe` by their
                // capitals; so do we.
                let is_game_type = ident.bytes().filter(u8::is_ascii_uppercase).eq(*b"GM");
                if nodes == 1 && is_game_type {
                    game_types.push((prop_start..i, values));
                }
            }
            _ => {
                let c = text[i..].chars().next().unwrap_or('\u{fffd}');
                return Err(syntax(i, SyntaxProblem::UnexpectedChar(c)));
            }
        }
    }
    for (_, values) in &game_types {
        for value in values {
            let v = text[value.clone()].trim();
            if v != "1" {
                return Err(SgfError::NotGo(v.to_string()));
            }
        }
    }
    // Without GM, sgf-parse takes the tree for Go; this also spares it the
    // repeated `GM[1]GM[1]` some servers wrote, which it refuses.
    let mut repairs = Vec::new();
    let outside_before = text[..start].chars().any(|c| !c.is_whitespace());
    let outside_after = end.is_some_and(|e| {
        let rest = text[e..].trim_start();
        !rest.is_empty() && !rest.starts_with('(')
    });
    if outside_before || outside_after {
        repairs.push(Repair::IgnoredText);
    }
    if depth > 0 {
        repairs.push(Repair::MissingParentheses(depth));
    }
    let end = end.unwrap_or(bytes.len());
    let mut cleaned = String::with_capacity(end - start + depth);
    let mut from = start;
    for (range, _) in &game_types {
        cleaned.push_str(&text[from..range.start]);
        from = range.end;
    }
    cleaned.push_str(&text[from..end]);
    for _ in 0..depth {
        cleaned.push(')');
    }
    Ok((cleaned, repairs))
}

/// The first `(` followed (after white space) by `;`.
fn find_start(bytes: &[u8]) -> Option<usize> {
    (0..bytes.len())
        .find(|&i| bytes[i] == b'(' && bytes.get(skip_whitespace(bytes, i + 1)) == Some(&b';'))
}

fn skip_whitespace(bytes: &[u8], mut i: usize) -> usize {
    while i < bytes.len() && bytes[i].is_ascii_whitespace() {
        i += 1;
    }
    i
}

/// The index of the `]` closing a value that starts at `i`, honouring `\`
/// escapes; `None` if the text ends first.
fn value_end(bytes: &[u8], mut i: usize) -> Option<usize> {
    while i < bytes.len() {
        match bytes[i] {
            b']' => return Some(i),
            b'\\' => i += 2,
            _ => i += 1,
        }
    }
    None
}

/// Line and column (in characters), both from 1, of byte offset `at`.
fn line_column(text: &str, at: usize) -> (usize, usize) {
    let at = at.min(text.len());
    let before = text.get(..at).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |p| p + 1);
    let column = before[line_start..].chars().count() + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(text: &str) -> (usize, usize, SyntaxProblem) {
        match first_game_tree(text) {
            Err(SgfError::Syntax {
                line,
                column,
                problem,
            }) => (line, column, problem),
            other => panic!("{text:?}: {other:?}"),
        }
    }

    #[test]
    fn text_around_the_first_tree_is_ignored() {
        let text = "\u{feff}Game record:\n(;GM[1]SZ[9];B[cc])(;B[dd])\n---";
        assert_eq!(first_game_tree(text).unwrap(), "(;SZ[9];B[cc])");
    }

    #[test]
    fn truncated_files_are_closed() {
        assert_eq!(
            first_game_tree("(;SZ[9](;B[cc];W[dd]").unwrap(),
            "(;SZ[9](;B[cc];W[dd]))"
        );
    }

    #[test]
    fn escaped_brackets_stay_inside_values() {
        assert_eq!(
            first_game_tree("(;C[a \\] b \\\\]B[aa])x").unwrap(),
            "(;C[a \\] b \\\\]B[aa])"
        );
    }

    #[test]
    fn syntax_errors_carry_their_position() {
        assert_eq!(
            problem("(;B[aa]\n  (B[bb]))").2,
            SyntaxProblem::TreeWithoutNode
        );
        assert_eq!(
            problem("(;B[aa]\n ;W[bb] 7)"),
            (2, 9, SyntaxProblem::UnexpectedChar('7'))
        );
        assert_eq!(
            problem("(;B[aa](;W[bb])C[x])"),
            (1, 16, SyntaxProblem::PropertyOutsideNode("C".into()))
        );
        assert_eq!(
            problem("(;B aa)"),
            (1, 5, SyntaxProblem::MissingValue("B".into()))
        );
        assert_eq!(
            problem("(;C[ä\\]"),
            (1, 4, SyntaxProblem::UnterminatedValue("C".into()))
        );
    }

    #[test]
    fn game_type_other_than_go_is_refused() {
        assert!(matches!(first_game_tree("(;GM[2])"), Err(SgfError::NotGo(v)) if v == "2"));
        assert!(first_game_tree("(;GM[1]GM[1]FF[4])").is_ok());
        assert!(matches!(first_game_tree(""), Err(SgfError::NoGameTree)));
        assert!(matches!(
            first_game_tree("( B[aa])"),
            Err(SgfError::NoGameTree)
        ));
    }
}
