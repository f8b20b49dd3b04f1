//! The command registry: names, handlers and the framework's own commands.

use std::collections::BTreeMap;
use std::fmt;

use crate::protocol::Command;
use crate::{AnalyzeCommand, AnalyzeKind, Args, GtpError, Response};

/// The GTP protocol version this crate speaks.
pub const PROTOCOL_VERSION: u32 = 2;

type Handler<S> = Box<dyn Fn(&mut S, &mut Args<'_>) -> Result<Response, GtpError> + Send + Sync>;

/// The framework commands every engine has; their answers come from the
/// registry itself, so they cannot be registered again.
const BUILTINS: [(&str, Builtin); 6] = [
    ("protocol_version", Builtin::ProtocolVersion),
    ("name", Builtin::Name),
    ("version", Builtin::Version),
    ("known_command", Builtin::KnownCommand),
    ("list_commands", Builtin::ListCommands),
    ("quit", Builtin::Quit),
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Builtin {
    ProtocolVersion,
    Name,
    Version,
    KnownCommand,
    ListCommands,
    Quit,
    /// `gogui-analyze_commands`: present once an analyze command is added.
    AnalyzeCommands,
}

/// The name of GoGui's command listing the analyze commands.
const ANALYZE_COMMANDS: &str = "gogui-analyze_commands";

enum Entry<S> {
    Builtin(Builtin),
    Handler(Handler<S>),
}

/// Why a command cannot be registered.
///
/// ```
/// use go_gtp::{RegisterError, Registry, Response};
///
/// let mut registry = Registry::<()>::new("demo", "1");
/// let err = registry.try_register("two words", |_, _| Ok(Response::empty()));
/// assert_eq!(err.unwrap_err(), RegisterError::InvalidName("two words".into()));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RegisterError {
    /// A GTP command name is one word of printable characters without `#`,
    /// and not only digits (that would read as an id).
    #[error("not a valid GTP command name: {0:?}")]
    InvalidName(String),
    /// The name belongs to a framework command (`protocol_version`, `name`,
    /// `version`, `known_command`, `list_commands`, `quit`).
    #[error("{0:?} is a framework command and cannot be replaced")]
    Reserved(String),
    /// A GoGui analyze entry has an empty label or command, or one with a
    /// line break, or a label with `/` (the field separator).
    #[error("not a valid GoGui analyze entry: {0:?}")]
    InvalidAnalyze(String),
}

/// A typed command registry over an engine state `S`.
///
/// Each command is a name and a handler `Fn(&mut S, &mut Args) ->
/// Result<Response, GtpError>`: the handler reads its arguments with the
/// typed [`Args`] methods (a wrong argument becomes `syntax error` through
/// `?`) and answers a [`Response`] or a [`GtpError`]. Crates add their
/// commands with a `register(&mut Registry<S>)` function, generic over the
/// states they can work on.
///
/// The framework commands `protocol_version`, `name`, `version`,
/// `known_command`, `list_commands` and `quit` are always present and
/// reflect the registry.
///
/// ```
/// use go_gtp::{protocol::Command, Registry, Response};
///
/// let mut registry = Registry::new("counter", "1.0");
/// registry.register("add", |total: &mut i64, args| {
///     *total += args.next_as::<i64>()?;
///     Ok(Response::from(*total))
/// });
///
/// let mut total = 0;
/// let add: Command = "add 5".parse().unwrap();
/// assert_eq!(registry.call(&mut total, &add).unwrap().text(), "5");
/// let list: Command = "list_commands".parse().unwrap();
/// assert!(registry.call(&mut total, &list).unwrap().text().contains("add"));
/// ```
pub struct Registry<S> {
    name: String,
    version: String,
    commands: BTreeMap<String, Entry<S>>,
    analyze: Vec<AnalyzeCommand>,
}

impl<S> Registry<S> {
    /// A registry holding only the framework commands; `name` and `version`
    /// are what the commands of those names answer.
    ///
    /// ```
    /// use go_gtp::Registry;
    ///
    /// let registry = Registry::<()>::new("my engine", "0.1");
    /// assert!(registry.contains("known_command"));
    /// assert_eq!(registry.len(), 6);
    /// ```
    pub fn new(name: impl Into<String>, version: impl Into<String>) -> Self {
        let commands = BUILTINS
            .iter()
            .map(|&(name, builtin)| (name.to_string(), Entry::Builtin(builtin)))
            .collect();
        Self {
            name: name.into(),
            version: version.into(),
            commands,
            analyze: Vec::new(),
        }
    }

    /// Registers (or replaces) the command `name`.
    ///
    /// # Panics
    /// If `name` is not a valid command name or is a framework command (see
    /// [`RegisterError`]): command names are part of a program, not input.
    /// Use [`Registry::try_register`] for names from elsewhere.
    ///
    /// ```
    /// use go_gtp::{Registry, Response};
    ///
    /// let mut registry = Registry::<()>::new("demo", "1");
    /// registry
    ///     .register("hello", |_, _| Ok(Response::from("hi")))
    ///     .register("echo", |_, args| Ok(Response::words(args.rest())));
    /// assert!(registry.contains("echo"));
    /// ```
    pub fn register<F>(&mut self, name: &str, handler: F) -> &mut Self
    where
        F: Fn(&mut S, &mut Args<'_>) -> Result<Response, GtpError> + Send + Sync + 'static,
    {
        if let Err(e) = self.try_register(name, handler) {
            panic!("{e}");
        }
        self
    }

    /// Registers (or replaces) the command `name`.
    ///
    /// # Errors
    /// [`RegisterError`] if `name` is not a valid command name or is a
    /// framework command.
    ///
    /// ```
    /// use go_gtp::{RegisterError, Registry, Response};
    ///
    /// let mut registry = Registry::<()>::new("demo", "1");
    /// assert!(registry.try_register("my_cmd", |_, _| Ok(Response::empty())).is_ok());
    /// assert_eq!(
    ///     registry.try_register("quit", |_, _| Ok(Response::empty())).unwrap_err(),
    ///     RegisterError::Reserved("quit".into())
    /// );
    /// ```
    pub fn try_register<F>(&mut self, name: &str, handler: F) -> Result<&mut Self, RegisterError>
    where
        F: Fn(&mut S, &mut Args<'_>) -> Result<Response, GtpError> + Send + Sync + 'static,
    {
        if !is_valid_name(name) {
            return Err(RegisterError::InvalidName(name.to_string()));
        }
        if BUILTINS.iter().any(|&(builtin, _)| builtin == name) {
            return Err(RegisterError::Reserved(name.to_string()));
        }
        self.commands
            .insert(name.to_string(), Entry::Handler(Box::new(handler)));
        Ok(self)
    }

    /// Removes a registered command; framework commands stay. Returns
    /// whether a command was removed.
    ///
    /// ```
    /// use go_gtp::{Registry, Response};
    ///
    /// let mut registry = Registry::<()>::new("demo", "1");
    /// registry.register("x", |_, _| Ok(Response::empty()));
    /// assert!(registry.unregister("x"));
    /// assert!(!registry.unregister("quit"));
    /// ```
    pub fn unregister(&mut self, name: &str) -> bool {
        match self.commands.get(name) {
            Some(Entry::Handler(_)) => self.commands.remove(name).is_some(),
            Some(Entry::Builtin(_)) | None => false,
        }
    }

    /// Whether a command of this name exists (what `known_command` answers).
    ///
    /// ```
    /// use go_gtp::Registry;
    ///
    /// assert!(!Registry::<()>::new("demo", "1").contains("play"));
    /// ```
    #[must_use]
    pub fn contains(&self, name: &str) -> bool {
        self.commands.contains_key(name)
    }

    /// The command names in alphabetical order (what `list_commands`
    /// answers).
    ///
    /// ```
    /// use go_gtp::Registry;
    ///
    /// let registry = Registry::<()>::new("demo", "1");
    /// assert_eq!(registry.names().next(), Some("known_command"));
    /// ```
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.commands.keys().map(String::as_str)
    }

    /// The number of commands, framework commands included.
    ///
    /// ```
    /// use go_gtp::Registry;
    ///
    /// assert_eq!(Registry::<()>::new("demo", "1").len(), 6);
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.commands.len()
    }

    /// Always false: the framework commands are always there.
    ///
    /// ```
    /// use go_gtp::Registry;
    ///
    /// assert!(!Registry::<()>::new("demo", "1").is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.commands.is_empty()
    }

    /// The engine name that `name` answers.
    ///
    /// ```
    /// use go_gtp::Registry;
    ///
    /// assert_eq!(Registry::<()>::new("demo", "1").name(), "demo");
    /// ```
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The engine version that `version` answers.
    ///
    /// ```
    /// use go_gtp::Registry;
    ///
    /// assert_eq!(Registry::<()>::new("demo", "1.2").version(), "1.2");
    /// ```
    #[must_use]
    pub fn version(&self) -> &str {
        &self.version
    }

    /// Adds a GoGui analyze command: a line of `gogui-analyze_commands`
    /// telling GoGui how to call a command and how to show its answer. The
    /// first time, it also adds the
    /// command `gogui-analyze_commands` itself (unless a handler of that
    /// name is registered, which then answers instead).
    ///
    /// `command` is the command line GoGui sends, with its wildcards (`%p`
    /// a point the user picks, `%c` the colour to move, `%s` a string …).
    /// Adding the same command line twice keeps the first entry.
    ///
    /// # Panics
    /// If the entry is malformed (see [`AnalyzeCommand::new`]): analyze
    /// entries are part of a program, not input.
    ///
    /// ```
    /// use go_gtp::{AnalyzeKind, protocol::Command, Registry, Response};
    ///
    /// let mut registry = Registry::<()>::new("demo", "1");
    /// registry
    ///     .register("mark_star", |_, _| Ok(Response::from("D4 Q16")))
    ///     .add_analyze(AnalyzeKind::Plist, "Star points", "mark_star");
    /// let list: Command = "gogui-analyze_commands".parse().unwrap();
    /// assert_eq!(registry.call(&mut (), &list).unwrap().text(), "plist/Star points/mark_star");
    /// ```
    pub fn add_analyze(&mut self, kind: AnalyzeKind, label: &str, command: &str) -> &mut Self {
        match AnalyzeCommand::new(kind, label, command) {
            Ok(entry) => self.push_analyze(entry),
            Err(e) => panic!("{e}"),
        }
    }

    /// Adds a ready-made analyze entry (see [`Registry::add_analyze`]).
    ///
    /// ```
    /// use go_gtp::{AnalyzeCommand, AnalyzeKind, Registry};
    ///
    /// let mut registry = Registry::<()>::new("demo", "1");
    /// let entry = AnalyzeCommand::new(AnalyzeKind::String, "Liberties", "countlib %p")?;
    /// registry.push_analyze(entry);
    /// assert!(registry.contains("gogui-analyze_commands"));
    /// # Ok::<(), go_gtp::RegisterError>(())
    /// ```
    pub fn push_analyze(&mut self, entry: AnalyzeCommand) -> &mut Self {
        self.commands
            .entry(ANALYZE_COMMANDS.to_string())
            .or_insert(Entry::Builtin(Builtin::AnalyzeCommands));
        if !self.analyze.iter().any(|e| e.command == entry.command) {
            self.analyze.push(entry);
        }
        self
    }

    /// The analyze commands, in the order they were added (what
    /// `gogui-analyze_commands` answers).
    ///
    /// ```
    /// use go_gtp::{AnalyzeKind, Registry};
    ///
    /// let mut registry = Registry::<()>::new("demo", "1");
    /// registry.add_analyze(AnalyzeKind::String, "Colour", "color %p");
    /// assert_eq!(registry.analyze_commands()[0].command(), "color %p");
    /// ```
    #[must_use]
    pub fn analyze_commands(&self) -> &[AnalyzeCommand] {
        &self.analyze
    }

    /// Runs `command` on `state`. The command's id plays no part; `quit`
    /// answers an empty response here and the engine loop stops after it.
    ///
    /// # Errors
    /// [`GtpError::UnknownCommand`] if no command has this name, or the
    /// handler's error.
    ///
    /// ```
    /// use go_gtp::{protocol::Command, GtpError, Registry};
    ///
    /// let registry = Registry::<()>::new("demo", "1");
    /// let command: Command = "1 genmove b".parse().unwrap();
    /// assert_eq!(
    ///     registry.call(&mut (), &command),
    ///     Err(GtpError::UnknownCommand("genmove".into()))
    /// );
    /// ```
    pub fn call(&self, state: &mut S, command: &Command) -> Result<Response, GtpError> {
        let entry = self
            .commands
            .get(command.name())
            .ok_or_else(|| GtpError::UnknownCommand(command.name().to_string()))?;
        let mut args = Args::new(command.args());
        match entry {
            Entry::Handler(handler) => handler(state, &mut args),
            Entry::Builtin(builtin) => self.call_builtin(*builtin, &mut args),
        }
    }

    fn call_builtin(&self, builtin: Builtin, args: &mut Args<'_>) -> Result<Response, GtpError> {
        Ok(match builtin {
            Builtin::ProtocolVersion => Response::from(PROTOCOL_VERSION),
            Builtin::Name => Response::new(self.name.as_str()),
            Builtin::Version => Response::new(self.version.as_str()),
            Builtin::KnownCommand => Response::from(self.contains(args.next_string()?)),
            Builtin::ListCommands => Response::lines(self.names()),
            Builtin::Quit => Response::empty(),
            Builtin::AnalyzeCommands => Response::lines(&self.analyze),
        })
    }
}

/// Whether `name` can be a GTP command name: one word of printable
/// characters without `#`, not all digits.
fn is_valid_name(name: &str) -> bool {
    !name.is_empty()
        && !name.bytes().all(|b| b.is_ascii_digit())
        && name
            .chars()
            .all(|c| !c.is_control() && !c.is_whitespace() && c != '#')
}

impl<S> fmt::Debug for Registry<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Registry")
            .field("name", &self.name)
            .field("version", &self.version)
            .field("commands", &self.commands.keys().collect::<Vec<_>>())
            .field("analyze", &self.analyze)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_names_are_single_printable_words() {
        for bad in ["", "a b", "a\tb", "x#y", "123", "a\u{7}"] {
            assert!(!is_valid_name(bad), "{bad:?}");
        }
        for good in [
            "play",
            "gogui-analyze_commands",
            "reg_genmove",
            "3d",
            "kgs-genmove_cleanup",
        ] {
            assert!(is_valid_name(good), "{good:?}");
        }
    }

    #[test]
    fn replacing_a_command_keeps_one_entry() {
        let mut registry = Registry::<u32>::new("t", "0");
        registry.register("x", |_, _| Ok(Response::from("1")));
        registry.register("x", |_, _| Ok(Response::from("2")));
        assert_eq!(registry.len(), 7);
        let command: Command = "x".parse().unwrap();
        assert_eq!(registry.call(&mut 0, &command).unwrap().text(), "2");
    }
}
