//! A parsed GTP command line: `[id] command_name [arguments]`.

use std::fmt;
use std::str::FromStr;

use super::preprocess;

/// One GTP command: an optional numeric id, a name and its arguments.
///
/// Parse a preprocessed line with [`FromStr`], or a raw input line with
/// [`Command::parse_line`]. A first word made only of ASCII digits is the id
/// (GTP 2, section 3.2); `Display` writes the command back in the same form.
///
/// ```
/// use go_gtp::protocol::Command;
///
/// let command: Command = "12 boardsize 19".parse().unwrap();
/// assert_eq!(command.id(), Some(12));
/// assert_eq!(command.name(), "boardsize");
/// assert_eq!(command.args(), ["19"]);
/// assert_eq!(command.to_string(), "12 boardsize 19");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Command {
    id: Option<u32>,
    name: String,
    args: Vec<String>,
}

/// Why a line is not a GTP command.
///
/// ```
/// use go_gtp::protocol::{Command, ParseCommandError};
///
/// assert_eq!("40".parse::<Command>(), Err(ParseCommandError::MissingName { id: 40 }));
/// assert_eq!("  ".parse::<Command>(), Err(ParseCommandError::Empty));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseCommandError {
    /// The line holds no command at all (empty, white space or a comment).
    #[error("empty line")]
    Empty,
    /// The line holds an id but no command name.
    #[error("command {id} has no name")]
    MissingName {
        /// The id that stood alone on the line.
        id: u32,
    },
    /// The id is too large for 32 bits.
    #[error("id {0} is out of range")]
    IdOutOfRange(String),
}

impl ParseCommandError {
    /// The id to echo in the error reply, when the line had a usable one.
    ///
    /// ```
    /// use go_gtp::protocol::ParseCommandError;
    ///
    /// assert_eq!(ParseCommandError::MissingName { id: 3 }.id(), Some(3));
    /// assert_eq!(ParseCommandError::Empty.id(), None);
    /// ```
    #[must_use]
    pub fn id(&self) -> Option<u32> {
        match self {
            Self::MissingName { id } => Some(*id),
            Self::Empty | Self::IdOutOfRange(_) => None,
        }
    }
}

impl Command {
    /// Preprocesses one raw input line (without or with its LF/CR) and parses
    /// it; `Ok(None)` for a line that preprocessing discards.
    ///
    /// # Errors
    /// [`ParseCommandError::MissingName`] for a line holding only an id and
    /// [`ParseCommandError::IdOutOfRange`] for an id above `u32::MAX`.
    ///
    /// ```
    /// use go_gtp::protocol::Command;
    ///
    /// assert_eq!(Command::parse_line(b"# nothing here\n"), Ok(None));
    /// let command = Command::parse_line(b"\tshowboard\r\n").unwrap().unwrap();
    /// assert_eq!(command.name(), "showboard");
    /// ```
    pub fn parse_line(raw: &[u8]) -> Result<Option<Self>, ParseCommandError> {
        match preprocess(raw) {
            None => Ok(None),
            Some(line) => line.parse().map(Some),
        }
    }

    /// The command's id, if it had one.
    ///
    /// ```
    /// use go_gtp::protocol::Command;
    ///
    /// assert_eq!("name".parse::<Command>().unwrap().id(), None);
    /// ```
    #[must_use]
    pub fn id(&self) -> Option<u32> {
        self.id
    }

    /// The command name.
    ///
    /// ```
    /// use go_gtp::protocol::Command;
    ///
    /// assert_eq!("1 list_commands".parse::<Command>().unwrap().name(), "list_commands");
    /// ```
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The arguments, split at spaces.
    ///
    /// ```
    /// use go_gtp::protocol::Command;
    ///
    /// assert_eq!("play  w   Q16".parse::<Command>().unwrap().args(), ["w", "Q16"]);
    /// ```
    #[must_use]
    pub fn args(&self) -> &[String] {
        &self.args
    }

    /// The same command with another id (or none).
    ///
    /// ```
    /// use go_gtp::protocol::Command;
    ///
    /// let command = "genmove b".parse::<Command>().unwrap().with_id(Some(5));
    /// assert_eq!(command.to_string(), "5 genmove b");
    /// ```
    #[must_use]
    pub fn with_id(mut self, id: Option<u32>) -> Self {
        self.id = id;
        self
    }
}

fn is_id(word: &str) -> bool {
    word.bytes().all(|b| b.is_ascii_digit())
}

impl FromStr for Command {
    type Err = ParseCommandError;

    /// Parses a preprocessed line; words are separated by spaces.
    fn from_str(line: &str) -> Result<Self, Self::Err> {
        let mut words = line.split(' ').filter(|word| !word.is_empty());
        let first = words.next().ok_or(ParseCommandError::Empty)?;
        let (id, name) = if is_id(first) {
            let id = first
                .parse::<u32>()
                .map_err(|_| ParseCommandError::IdOutOfRange(first.to_string()))?;
            let name = words.next().ok_or(ParseCommandError::MissingName { id })?;
            (Some(id), name)
        } else {
            (None, first)
        };
        Ok(Self {
            id,
            name: name.to_string(),
            args: words.map(str::to_string).collect(),
        })
    }
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(id) = self.id {
            write!(f, "{id} ")?;
        }
        f.write_str(&self.name)?;
        for arg in &self.args {
            write!(f, " {arg}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leading_zeros_in_id_are_accepted() {
        let command: Command = "007 name".parse().unwrap();
        assert_eq!(command.id(), Some(7));
    }

    #[test]
    fn negative_number_is_a_name_not_an_id() {
        let command: Command = "-1 name".parse().unwrap();
        assert_eq!(command.id(), None);
        assert_eq!(command.name(), "-1");
    }

    #[test]
    fn id_beyond_u32_is_an_error() {
        assert_eq!(
            "99999999999 name".parse::<Command>(),
            Err(ParseCommandError::IdOutOfRange("99999999999".into()))
        );
    }

    #[test]
    fn id_must_be_only_digits() {
        let command: Command = "12abc name".parse().unwrap();
        assert_eq!(command.id(), None);
        assert_eq!(command.name(), "12abc");
    }
}
