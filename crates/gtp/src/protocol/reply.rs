//! GTP replies: `=[id] result` or `?[id] error_message`, ended by an empty line.

use std::fmt;

/// Whether a reply reports success (`=`) or failure (`?`).
///
/// ```
/// use go_gtp::protocol::{Reply, ReplyStatus};
/// assert_eq!(Reply::success(None, "").status(), ReplyStatus::Success);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReplyStatus {
    /// `=`: the command succeeded.
    Success,
    /// `?`: the command failed; the text is the error message.
    Failure,
}

/// The old name of [`ReplyStatus`], which clashed with go-semeai's `Status`
/// (a side's result in a semeai).
///
/// ```
/// #![allow(deprecated)]
/// use go_gtp::protocol::{Reply, Status};
/// assert_eq!(Reply::failure(None, "no").status(), Status::Failure);
/// ```
#[deprecated(since = "0.1.0", note = "renamed `ReplyStatus`")]
pub type Status = ReplyStatus;

/// One GTP reply: status, the id echoed from the command, and its text.
///
/// `Display` writes the exact wire form: the status character, the id if
/// any, one space, the text, and the empty line that ends every reply. A
/// reply's text cannot contain an empty line (that would end it early), so
/// blank lines after the first are left out when writing; trailing newlines
/// are dropped too.
///
/// ```
/// use go_gtp::protocol::Reply;
///
/// assert_eq!(Reply::success(Some(3), "GNU Go").to_string(), "=3 GNU Go\n\n");
/// assert_eq!(Reply::failure(None, "unknown command").to_string(), "? unknown command\n\n");
/// assert_eq!(Reply::success(None, "a\n\nb\n").to_string(), "= a\nb\n\n");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Reply {
    status: ReplyStatus,
    id: Option<u32>,
    text: String,
}

/// Why a block of lines is not a GTP reply.
///
/// ```
/// use go_gtp::protocol::{ParseReplyError, Reply};
///
/// assert_eq!(Reply::parse("hello"), Err(ParseReplyError::BadStatus("hello".into())));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseReplyError {
    /// There was no line at all.
    #[error("empty reply")]
    Empty,
    /// The first line starts with neither `=` nor `?`.
    #[error("reply does not start with '=' or '?': {0:?}")]
    BadStatus(String),
    /// The id after the status character is too large for 32 bits.
    #[error("reply id out of range: {0:?}")]
    IdOutOfRange(String),
}

impl Reply {
    /// A success reply (`=`).
    ///
    /// ```
    /// use go_gtp::protocol::{Reply, ReplyStatus};
    ///
    /// let reply = Reply::success(Some(1), "2");
    /// assert_eq!((reply.status(), reply.id(), reply.text()), (ReplyStatus::Success, Some(1), "2"));
    /// ```
    pub fn success(id: Option<u32>, text: impl Into<String>) -> Self {
        Self {
            status: ReplyStatus::Success,
            id,
            text: text.into(),
        }
    }

    /// A failure reply (`?`) with an error message.
    ///
    /// ```
    /// use go_gtp::protocol::Reply;
    ///
    /// assert!(!Reply::failure(Some(2), "illegal move").is_success());
    /// ```
    pub fn failure(id: Option<u32>, message: impl Into<String>) -> Self {
        Self {
            status: ReplyStatus::Failure,
            id,
            text: message.into(),
        }
    }

    /// Parses one reply from its lines (joined by `\n`, without the empty
    /// line that ends it). Each line gets the controller side of GTP
    /// preprocessing (section 3.1, steps 1 and 3: control characters other
    /// than HT go, so CRs do; HT becomes a space), and the spaces between the
    /// id and the text are dropped.
    ///
    /// # Errors
    /// [`ParseReplyError`] when the block is empty, starts with another
    /// character than `=`/`?`, or has an id above `u32::MAX`.
    ///
    /// ```
    /// use go_gtp::protocol::Reply;
    ///
    /// let reply = Reply::parse("=8 \r\n   A B\r\n 2 . .").unwrap();
    /// assert_eq!(reply.id(), Some(8));
    /// assert_eq!(reply.text(), "\n   A B\n 2 . .");
    /// assert_eq!(reply.first_line(), "");
    /// ```
    pub fn parse(block: &str) -> Result<Self, ParseReplyError> {
        let mut lines = block.split('\n').map(clean_line);
        let first = lines
            .next()
            .filter(|l| !l.is_empty())
            .ok_or(ParseReplyError::Empty)?;
        let mut reply = Self::parse_header(&first)?;
        for line in lines {
            reply.push_line(&line);
        }
        Ok(reply)
    }

    /// Parses the first line of a reply; a controller appends later lines
    /// with [`Reply::push_line`].
    pub(crate) fn parse_header(first: &str) -> Result<Self, ParseReplyError> {
        let status = match first.as_bytes().first() {
            Some(b'=') => ReplyStatus::Success,
            Some(b'?') => ReplyStatus::Failure,
            Some(_) => return Err(ParseReplyError::BadStatus(first.to_string())),
            None => return Err(ParseReplyError::Empty),
        };
        let rest = &first[1..];
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let id = if digits == 0 {
            None
        } else {
            let id = &rest[..digits];
            Some(
                id.parse::<u32>()
                    .map_err(|_| ParseReplyError::IdOutOfRange(id.to_string()))?,
            )
        };
        let text = rest[digits..].trim_start_matches(' ');
        Ok(Self {
            status,
            id,
            text: text.to_string(),
        })
    }

    /// Appends one more line of text (controllers build multi-line replies).
    pub(crate) fn push_line(&mut self, line: &str) {
        self.text.push('\n');
        self.text.push_str(line);
    }

    /// Success or failure.
    ///
    /// ```
    /// use go_gtp::protocol::{Reply, ReplyStatus};
    ///
    /// assert_eq!(Reply::parse("?5 cannot undo").unwrap().status(), ReplyStatus::Failure);
    /// ```
    #[must_use]
    pub fn status(&self) -> ReplyStatus {
        self.status
    }

    /// Whether the status is [`ReplyStatus::Success`].
    ///
    /// ```
    /// use go_gtp::protocol::Reply;
    ///
    /// assert!(Reply::parse("= ").unwrap().is_success());
    /// ```
    #[must_use]
    pub fn is_success(&self) -> bool {
        self.status == ReplyStatus::Success
    }

    /// The id echoed from the command.
    ///
    /// ```
    /// use go_gtp::protocol::Reply;
    ///
    /// assert_eq!(Reply::parse("=  true").unwrap().id(), None);
    /// ```
    #[must_use]
    pub fn id(&self) -> Option<u32> {
        self.id
    }

    /// The text: the result of a success, the message of a failure. Lines are
    /// separated by `\n`.
    ///
    /// ```
    /// use go_gtp::protocol::Reply;
    ///
    /// assert_eq!(Reply::parse("=1 A1 B2\nC3").unwrap().text(), "A1 B2\nC3");
    /// ```
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The first line of the text (what regression suites match).
    ///
    /// ```
    /// use go_gtp::protocol::Reply;
    ///
    /// assert_eq!(Reply::parse("=1 A1 B2\nC3").unwrap().first_line(), "A1 B2");
    /// ```
    #[must_use]
    pub fn first_line(&self) -> &str {
        self.text.split('\n').next().unwrap_or_default()
    }

    /// The text, consuming the reply.
    ///
    /// ```
    /// use go_gtp::protocol::Reply;
    ///
    /// assert_eq!(Reply::success(None, "x").into_text(), "x");
    /// ```
    #[must_use]
    pub fn into_text(self) -> String {
        self.text
    }
}

/// The controller side of GTP preprocessing for one reply line: drop control
/// characters other than HT, turn HT into a space.
pub(crate) fn clean_line(line: &str) -> String {
    line.chars()
        .filter(|&c| c == '\t' || !c.is_control())
        .map(|c| if c == '\t' { ' ' } else { c })
        .collect()
}

impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.status {
            ReplyStatus::Success => "=",
            ReplyStatus::Failure => "?",
        })?;
        if let Some(id) = self.id {
            write!(f, "{id}")?;
        }
        // GNU Go and most engines put a space after the status and id even
        // before an empty text; GNU Go's own regression scripts rely on it.
        f.write_str(" ")?;
        let mut lines = self.text.trim_end_matches(['\n', '\r']).split('\n');
        f.write_str(lines.next().unwrap_or_default())?;
        for line in lines.filter(|line| !line.trim().is_empty()) {
            write!(f, "\n{line}")?;
        }
        f.write_str("\n\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_result_keeps_the_space_after_the_id() {
        assert_eq!(Reply::success(Some(12), "").to_string(), "=12 \n\n");
        assert_eq!(Reply::success(None, "").to_string(), "= \n\n");
    }

    #[test]
    fn multi_line_text_keeps_an_empty_first_line() {
        let reply = Reply::success(Some(1), "\n A B\n 1 . .\n");
        assert_eq!(reply.to_string(), "=1 \n A B\n 1 . .\n\n");
    }

    #[test]
    fn written_reply_parses_back() {
        for reply in [
            Reply::success(Some(4), "A1 B2"),
            Reply::failure(None, "syntax error"),
            Reply::success(Some(0), "x\ny"),
        ] {
            let wire = reply.to_string();
            assert_eq!(Reply::parse(wire.trim_end_matches('\n')).unwrap(), reply);
        }
    }

    #[test]
    fn reply_lines_are_preprocessed_for_the_controller() {
        let reply = Reply::parse("=1\tA1\x07\r\nB2\tC3\r").unwrap();
        assert_eq!(reply.text(), "A1\nB2 C3");
    }

    #[test]
    fn reply_without_space_after_id_still_parses() {
        let reply = Reply::parse("=3").unwrap();
        assert_eq!((reply.id(), reply.text()), (Some(3), ""));
    }
}
