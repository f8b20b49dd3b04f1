//! The wire format of GTP 2: preprocessing of input lines, commands, and
//! replies.
//!
//! This layer knows nothing about engines or boards. An engine reads a line,
//! [`preprocess`]es it, parses a [`Command`], and writes a [`Reply`]; a
//! controller writes a command line and parses the [`Reply`] it gets back.
//!
//! ```
//! use go_gtp::protocol::{Command, Reply};
//!
//! let command = Command::parse_line(b"7 play black\tD4 # my move\r").unwrap().unwrap();
//! assert_eq!(command.id(), Some(7));
//! assert_eq!(command.name(), "play");
//! assert_eq!(command.args(), ["black", "D4"]);
//!
//! let reply = Reply::success(command.id(), "");
//! assert_eq!(reply.to_string(), "=7 \n\n");
//! ```

mod command;
mod line;
mod preprocess;
mod reply;

pub use command::{Command, ParseCommandError};
pub use line::{LineReader, RawLine};
pub use preprocess::preprocess;
#[allow(deprecated)]
pub use reply::Status;
pub(crate) use reply::clean_line;
pub use reply::{ParseReplyError, Reply, ReplyStatus};
