//! Driving another GTP engine as a subprocess.
//!
//! A [`Controller`] starts an engine, numbers each command it sends, and
//! waits for the reply with that number, within an optional timeout. Every
//! way the engine can let you down is a typed [`ControllerError`]: it cannot
//! be started, answers `?`, takes too long, dies, or writes something that
//! is not a GTP reply.
//!
//! ```no_run
//! use go_gtp::controller::{Controller, ControllerOptions, EngineCommand};
//! use std::time::Duration;
//!
//! let engine: EngineCommand = "/usr/games/gnugo --mode gtp".parse()?;
//! let options = ControllerOptions::default().with_timeout(Some(Duration::from_secs(10)));
//! let mut gnugo = Controller::spawn(engine.to_command(), options)?;
//! gnugo.send("boardsize 9")?;
//! gnugo.send("play black E5")?;
//! let reply = gnugo.send("genmove white")?;
//! println!("GNU Go answers {reply}");
//! gnugo.quit()?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::ffi::{OsStr, OsString};
use std::fmt;
use std::io::{self, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::str::FromStr;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use crate::protocol::{LineReader, ParseCommandError, Reply, clean_line};

/// A program and its arguments, as given on a command line such as
/// `--engine "gnugo --mode gtp"`.
///
/// Parsing splits at white space; single quotes keep text as it is, double
/// quotes allow `\"` and `\\`, and a backslash outside quotes escapes the
/// next character.
///
/// ```
/// use go_gtp::controller::EngineCommand;
///
/// let engine: EngineCommand = "gnugo --mode gtp --komi '6.5'".parse().unwrap();
/// assert_eq!(engine.program(), "gnugo");
/// assert_eq!(engine.args(), ["--mode", "gtp", "--komi", "6.5"]);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct EngineCommand {
    program: OsString,
    args: Vec<OsString>,
}

/// Why a command line cannot be split into words.
///
/// ```
/// use go_gtp::controller::{EngineCommand, ParseEngineCommandError};
///
/// assert_eq!("".parse::<EngineCommand>(), Err(ParseEngineCommandError::Empty));
/// assert_eq!(
///     "gnugo 'x".parse::<EngineCommand>(),
///     Err(ParseEngineCommandError::UnclosedQuote("gnugo 'x".into()))
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseEngineCommandError {
    /// There is no program.
    #[error("empty engine command")]
    Empty,
    /// A quote is not closed; carries the whole line.
    #[error("unclosed quote in engine command {0:?}")]
    UnclosedQuote(String),
}

impl EngineCommand {
    /// A command running `program` without arguments.
    ///
    /// ```
    /// use go_gtp::controller::EngineCommand;
    ///
    /// let engine = EngineCommand::new("gnugo").arg("--mode").arg("gtp");
    /// assert_eq!(engine.to_string(), "gnugo --mode gtp");
    /// ```
    pub fn new(program: impl Into<OsString>) -> Self {
        Self {
            program: program.into(),
            args: Vec::new(),
        }
    }

    /// The same command with one more argument.
    ///
    /// ```
    /// use go_gtp::controller::EngineCommand;
    ///
    /// assert_eq!(EngineCommand::new("e").arg("--quiet").args(), ["--quiet"]);
    /// ```
    #[must_use]
    pub fn arg(mut self, arg: impl Into<OsString>) -> Self {
        self.args.push(arg.into());
        self
    }

    /// The program.
    ///
    /// ```
    /// use go_gtp::controller::EngineCommand;
    ///
    /// assert_eq!(EngineCommand::new("gnugo").program(), "gnugo");
    /// ```
    #[must_use]
    pub fn program(&self) -> &OsStr {
        &self.program
    }

    /// The arguments.
    ///
    /// ```
    /// use go_gtp::controller::EngineCommand;
    ///
    /// assert!(EngineCommand::new("gnugo").args().is_empty());
    /// ```
    #[must_use]
    pub fn args(&self) -> &[OsString] {
        &self.args
    }

    /// The same command with a relative program path (one with a directory
    /// part, such as `target/release/examples/gtp_engine`) made absolute
    /// against `base`, so that it still runs from another working directory.
    /// Bare names (`gnugo`) are left to the `PATH` search.
    ///
    /// ```
    /// use go_gtp::controller::EngineCommand;
    /// use std::path::Path;
    ///
    /// let engine = EngineCommand::new("bin/engine").resolved_against(Path::new("/work"));
    /// assert_eq!(engine.program(), "/work/bin/engine");
    /// assert_eq!(EngineCommand::new("gnugo").resolved_against(Path::new("/w")).program(), "gnugo");
    /// ```
    #[must_use]
    pub fn resolved_against(mut self, base: &Path) -> Self {
        let program = Path::new(&self.program);
        if program.is_relative() && program.components().count() > 1 {
            self.program = base.join(program).into_os_string();
        }
        self
    }

    /// A [`std::process::Command`] for this program and arguments, to adjust
    /// (working directory, environment, stderr) and pass to
    /// [`Controller::spawn`].
    ///
    /// ```
    /// use go_gtp::controller::EngineCommand;
    ///
    /// let command = EngineCommand::new("gnugo").arg("--mode").arg("gtp").to_command();
    /// assert_eq!(command.get_program(), "gnugo");
    /// ```
    #[must_use]
    pub fn to_command(&self) -> Command {
        let mut command = Command::new(&self.program);
        command.args(&self.args);
        command
    }
}

impl FromStr for EngineCommand {
    type Err = ParseEngineCommandError;

    fn from_str(line: &str) -> Result<Self, Self::Err> {
        let mut words = split_words(line)?.into_iter();
        let program = words.next().ok_or(ParseEngineCommandError::Empty)?;
        Ok(Self {
            program: program.into(),
            args: words.map(OsString::from).collect(),
        })
    }
}

/// Splits a command line into words with shell-like quoting.
fn split_words(line: &str) -> Result<Vec<String>, ParseEngineCommandError> {
    let unclosed = || ParseEngineCommandError::UnclosedQuote(line.to_string());
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => words.extend(word.take()),
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next().ok_or_else(unclosed)? {
                        '\'' => break,
                        c => w.push(c),
                    }
                }
            }
            '"' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next().ok_or_else(unclosed)? {
                        '"' => break,
                        '\\' => match chars.next().ok_or_else(unclosed)? {
                            c @ ('"' | '\\') => w.push(c),
                            c => {
                                w.push('\\');
                                w.push(c);
                            }
                        },
                        c => w.push(c),
                    }
                }
            }
            '\\' => {
                let w = word.get_or_insert_with(String::new);
                w.extend(chars.next());
            }
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    Ok(words)
}

impl fmt::Display for EngineCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, word) in std::iter::once(&self.program).chain(&self.args).enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            let word = word.to_string_lossy();
            if word.is_empty() || word.contains(|c: char| c.is_whitespace() || "'\"\\".contains(c))
            {
                write!(f, "'{}'", word.replace('\'', r"'\''"))?;
            } else {
                f.write_str(&word)?;
            }
        }
        Ok(())
    }
}

/// Knobs of a [`Controller`].
///
/// ```
/// use go_gtp::controller::ControllerOptions;
/// use std::time::Duration;
///
/// let options = ControllerOptions::default().with_timeout(Some(Duration::from_secs(30)));
/// assert_eq!(options.max_line_len, 1 << 20);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct ControllerOptions {
    /// How long to wait for each reply; `None` (the default) waits as long
    /// as the engine lives.
    pub timeout: Option<Duration>,
    /// Reply lines longer than this many bytes are cut (default 1 MiB).
    pub max_line_len: usize,
}

impl Default for ControllerOptions {
    fn default() -> Self {
        Self {
            timeout: None,
            max_line_len: 1 << 20,
        }
    }
}

impl ControllerOptions {
    /// Sets [`timeout`](Self::timeout).
    ///
    /// ```
    /// use go_gtp::controller::ControllerOptions;
    /// use std::time::Duration;
    /// let options = ControllerOptions::default().with_timeout(Some(Duration::from_secs(5)));
    /// assert_eq!(options.timeout, Some(Duration::from_secs(5)));
    /// ```
    #[must_use]
    pub fn with_timeout(mut self, timeout: Option<Duration>) -> Self {
        self.timeout = timeout;
        self
    }
}

/// What went wrong talking to an engine. Each variant names the command.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ControllerError {
    /// The engine could not be started.
    #[error("cannot start engine {program:?}: {source}")]
    Spawn {
        /// The program that failed to start.
        program: OsString,
        /// Why.
        #[source]
        source: io::Error,
    },
    /// The command is empty, spans lines, or carries its own id (the
    /// controller numbers commands itself).
    #[error("not a single GTP command without id: {0:?}")]
    InvalidCommand(String),
    /// The engine answered `?`.
    #[error("engine failed `{command}`: {message}")]
    Failure {
        /// The command sent.
        command: String,
        /// The engine's error message.
        message: String,
    },
    /// No reply came within the timeout. The engine still runs; its late
    /// reply is skipped before the next one is read.
    #[error("engine did not answer `{command}` within {timeout:?}")]
    Timeout {
        /// The command sent.
        command: String,
        /// The timeout in force.
        timeout: Duration,
    },
    /// The engine closed its output (it exited or crashed) before replying.
    #[error("engine exited while running `{command}` (status: {})", describe_status(*.status))]
    Exited {
        /// The command sent.
        command: String,
        /// The exit status, if the engine had exited within a second.
        status: Option<ExitStatus>,
    },
    /// The engine wrote something that is not a GTP reply.
    #[error("engine sent a malformed reply to `{command}`: {line:?}")]
    Garbled {
        /// The command sent.
        command: String,
        /// The offending line.
        line: String,
    },
    /// Reading from or writing to the engine failed otherwise.
    #[error("I/O error talking to the engine: {0}")]
    Io(#[from] io::Error),
}

fn describe_status(status: Option<ExitStatus>) -> String {
    status.map_or_else(|| "unknown".to_string(), |s| s.to_string())
}

enum Event {
    Line(String),
    Eof,
    Error(io::Error),
}

/// A GTP engine running as a subprocess.
///
/// Commands are sent with increasing ids and each reply is matched by id,
/// so a reply that arrives after its timeout is recognised and skipped. The
/// engine is killed when the controller is dropped; [`Controller::quit`]
/// ends it politely.
#[derive(Debug)]
pub struct Controller {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Event>,
    options: ControllerOptions,
    next_id: u32,
    /// Replies still owed for commands that timed out.
    stale: usize,
    /// A timeout struck inside a reply: skip to its end first.
    mid_reply: bool,
    /// The reply to the current command has begun.
    own_started: bool,
    /// The engine closed its output.
    eof: bool,
}

impl fmt::Debug for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Line(line) => write!(f, "Line({line:?})"),
            Self::Eof => f.write_str("Eof"),
            Self::Error(e) => write!(f, "Error({e})"),
        }
    }
}

/// The largest id GTP allows (a GTP `int`).
const MAX_ID: u32 = (1 << 31) - 1;

impl Controller {
    /// Starts `command` with piped standard input and output (its standard
    /// error is left as configured: inherited unless you set it).
    ///
    /// # Errors
    /// [`ControllerError::Spawn`] if the program cannot be started.
    ///
    /// ```no_run
    /// use go_gtp::controller::{Controller, ControllerOptions};
    /// use std::process::{Command, Stdio};
    ///
    /// let mut command = Command::new("/usr/games/gnugo");
    /// command.args(["--mode", "gtp"]).stderr(Stdio::null());
    /// let mut engine = Controller::spawn(command, ControllerOptions::default())?;
    /// assert_eq!(engine.send("protocol_version")?, "2");
    /// # Ok::<(), go_gtp::controller::ControllerError>(())
    /// ```
    pub fn spawn(
        mut command: Command,
        options: ControllerOptions,
    ) -> Result<Self, ControllerError> {
        command.stdin(Stdio::piped()).stdout(Stdio::piped());
        let mut child = command.spawn().map_err(|source| ControllerError::Spawn {
            program: command.get_program().to_os_string(),
            source,
        })?;
        let (stdin, stdout) = match (child.stdin.take(), child.stdout.take()) {
            (Some(stdin), Some(stdout)) => (stdin, stdout),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(ControllerError::Io(io::Error::other(
                    "engine pipes missing",
                )));
            }
        };
        let (sender, lines) = mpsc::channel();
        let max_line_len = options.max_line_len;
        // The reader thread ends when the engine closes its output or the
        // controller is gone (the send fails).
        thread::spawn(move || {
            let mut reader = LineReader::new(BufReader::new(stdout), max_line_len);
            loop {
                let event = match reader.read_line() {
                    Ok(Some(line)) => {
                        Event::Line(clean_line(&String::from_utf8_lossy(&line.bytes)))
                    }
                    Ok(None) => Event::Eof,
                    Err(e) => Event::Error(e),
                };
                let last = !matches!(event, Event::Line(_));
                if sender.send(event).is_err() || last {
                    break;
                }
            }
        });
        Ok(Self {
            child,
            stdin: Some(stdin),
            lines,
            options,
            next_id: 1,
            stale: 0,
            mid_reply: false,
            own_started: false,
            eof: false,
        })
    }

    /// Sends `command` (without id) and returns the text of a success reply.
    ///
    /// # Errors
    /// [`ControllerError::Failure`] when the engine answers `?`, and any
    /// error of [`Controller::request`].
    ///
    /// ```no_run
    /// # use go_gtp::controller::{Controller, ControllerOptions, EngineCommand};
    /// # let mut engine = Controller::spawn(EngineCommand::new("gnugo").arg("--mode").arg("gtp").to_command(), ControllerOptions::default())?;
    /// assert_eq!(engine.send("known_command play")?, "true");
    /// # Ok::<(), go_gtp::controller::ControllerError>(())
    /// ```
    pub fn send(&mut self, command: &str) -> Result<String, ControllerError> {
        let reply = self.request(command)?;
        if reply.is_success() {
            Ok(reply.into_text())
        } else {
            Err(ControllerError::Failure {
                command: command.to_string(),
                message: reply.into_text(),
            })
        }
    }

    /// Sends `command` (without id) and returns the engine's reply, success
    /// or failure.
    ///
    /// # Errors
    /// [`ControllerError::InvalidCommand`] for an empty or multi-line command
    /// or one carrying an id; [`ControllerError::Timeout`],
    /// [`ControllerError::Exited`], [`ControllerError::Garbled`] or
    /// [`ControllerError::Io`] when no proper reply comes.
    ///
    /// ```no_run
    /// # use go_gtp::controller::{Controller, ControllerOptions, EngineCommand};
    /// # let mut engine = Controller::spawn(EngineCommand::new("gnugo").arg("--mode").arg("gtp").to_command(), ControllerOptions::default())?;
    /// let reply = engine.request("play black Z99")?;
    /// assert!(!reply.is_success());
    /// # Ok::<(), go_gtp::controller::ControllerError>(())
    /// ```
    pub fn request(&mut self, command: &str) -> Result<Reply, ControllerError> {
        check_command(command)?;
        if self.eof {
            return Err(self.exited(command));
        }
        let id = self.next_id;
        self.next_id = if id >= MAX_ID { 1 } else { id + 1 };
        if let Err(e) = self.write_line(&format!("{id} {command}\n")) {
            return Err(if e.kind() == io::ErrorKind::BrokenPipe {
                self.eof = true;
                self.exited(command)
            } else {
                ControllerError::Io(e)
            });
        }
        let deadline = self.options.timeout.map(|t| Instant::now() + t);
        self.read_reply(command, id, deadline)
    }

    /// Changes the reply timeout.
    ///
    /// ```no_run
    /// # use go_gtp::controller::{Controller, ControllerOptions, EngineCommand};
    /// # use std::time::Duration;
    /// # let mut engine = Controller::spawn(EngineCommand::new("gnugo").to_command(), ControllerOptions::default())?;
    /// engine.set_timeout(Some(Duration::from_secs(60)));
    /// # Ok::<(), go_gtp::controller::ControllerError>(())
    /// ```
    pub fn set_timeout(&mut self, timeout: Option<Duration>) {
        self.options.timeout = timeout;
    }

    /// The engine's process id.
    ///
    /// ```no_run
    /// # use go_gtp::controller::{Controller, ControllerOptions, EngineCommand};
    /// # let engine = Controller::spawn(EngineCommand::new("gnugo").to_command(), ControllerOptions::default())?;
    /// println!("engine runs as process {}", engine.pid());
    /// # Ok::<(), go_gtp::controller::ControllerError>(())
    /// ```
    #[must_use]
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Sends `quit`, closes the engine's input and waits for it to exit: up
    /// to the timeout (or 5 seconds without one), then kills it.
    ///
    /// # Errors
    /// [`ControllerError::Io`] if waiting for the process fails.
    ///
    /// ```no_run
    /// # use go_gtp::controller::{Controller, ControllerOptions, EngineCommand};
    /// # let engine = Controller::spawn(EngineCommand::new("gnugo").arg("--mode").arg("gtp").to_command(), ControllerOptions::default())?;
    /// let status = engine.quit()?;
    /// assert!(status.success());
    /// # Ok::<(), go_gtp::controller::ControllerError>(())
    /// ```
    pub fn quit(mut self) -> Result<ExitStatus, ControllerError> {
        let grace = self.options.timeout.unwrap_or(Duration::from_secs(5));
        self.options.timeout = Some(grace);
        if !self.eof {
            // The reply does not matter: the engine may already be gone.
            let _ = self.request("quit");
        }
        self.stdin = None;
        if let Some(status) = self.wait_for_exit(grace)? {
            return Ok(status);
        }
        self.child.kill()?;
        Ok(self.child.wait()?)
    }

    fn write_line(&mut self, line: &str) -> io::Result<()> {
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| io::Error::from(io::ErrorKind::BrokenPipe))?;
        stdin.write_all(line.as_bytes())?;
        stdin.flush()
    }

    /// The next line from the engine, or the error that ends the wait.
    fn next_line(
        &mut self,
        command: &str,
        deadline: Option<Instant>,
    ) -> Result<String, ControllerError> {
        let event = match deadline {
            None => self.lines.recv().unwrap_or(Event::Eof),
            Some(deadline) => {
                let left = deadline.saturating_duration_since(Instant::now());
                match self.lines.recv_timeout(left) {
                    Ok(event) => event,
                    Err(RecvTimeoutError::Disconnected) => Event::Eof,
                    Err(RecvTimeoutError::Timeout) => {
                        return Err(ControllerError::Timeout {
                            command: command.to_string(),
                            timeout: self.options.timeout.unwrap_or_default(),
                        });
                    }
                }
            }
        };
        match event {
            Event::Line(line) => Ok(line),
            Event::Eof => {
                self.eof = true;
                Err(self.exited(command))
            }
            Event::Error(e) => {
                self.eof = true;
                Err(ControllerError::Io(e))
            }
        }
    }

    /// Skips lines up to and including the next empty one.
    fn skip_reply_body(
        &mut self,
        command: &str,
        deadline: Option<Instant>,
    ) -> Result<(), ControllerError> {
        self.mid_reply = true;
        while !self.next_line(command, deadline)?.is_empty() {}
        self.mid_reply = false;
        Ok(())
    }

    fn read_reply(
        &mut self,
        command: &str,
        id: u32,
        deadline: Option<Instant>,
    ) -> Result<Reply, ControllerError> {
        self.own_started = false;
        let result = self.read_reply_inner(command, id, deadline);
        if matches!(result, Err(ControllerError::Timeout { .. })) && !self.own_started {
            // Our own reply has not started: it is owed and will be skipped.
            self.stale += 1;
        }
        result
    }

    fn read_reply_inner(
        &mut self,
        command: &str,
        id: u32,
        deadline: Option<Instant>,
    ) -> Result<Reply, ControllerError> {
        if self.mid_reply {
            self.skip_reply_body(command, deadline)?;
        }
        loop {
            let first = self.next_line(command, deadline)?;
            if first.is_empty() {
                continue; // blank lines between replies
            }
            let mut reply = match Reply::parse_header(&first) {
                Ok(reply) => reply,
                Err(_) => {
                    self.skip_reply_body(command, deadline)?;
                    return Err(ControllerError::Garbled {
                        command: command.to_string(),
                        line: first,
                    });
                }
            };
            let ours = match reply.id() {
                Some(reply_id) => reply_id == id,
                // An engine that does not echo ids: the reply is ours unless
                // an earlier one is still owed.
                None => self.stale == 0,
            };
            if !ours {
                if self.stale == 0 {
                    self.skip_reply_body(command, deadline)?;
                    return Err(ControllerError::Garbled {
                        command: command.to_string(),
                        line: first,
                    });
                }
                self.stale -= 1;
                self.skip_reply_body(command, deadline)?;
                continue;
            }
            self.own_started = true;
            self.mid_reply = true;
            loop {
                let line = self.next_line(command, deadline)?;
                if line.is_empty() {
                    self.mid_reply = false;
                    // A timeout here means our reply was cut: the rest is
                    // skipped by the next request, nothing more is owed.
                    return Ok(reply);
                }
                reply.push_line(&line);
            }
        }
    }

    fn exited(&mut self, command: &str) -> ControllerError {
        // Output closes just before the process ends: give it a moment.
        let status = self.wait_for_exit(Duration::from_secs(1)).ok().flatten();
        ControllerError::Exited {
            command: command.to_string(),
            status,
        }
    }

    fn wait_for_exit(&mut self, grace: Duration) -> io::Result<Option<ExitStatus>> {
        let deadline = Instant::now() + grace;
        loop {
            if let Some(status) = self.child.try_wait()? {
                return Ok(Some(status));
            }
            if Instant::now() >= deadline {
                return Ok(None);
            }
            thread::sleep(Duration::from_millis(5));
        }
    }
}

/// A command the controller can send: one non-empty line without an id.
fn check_command(command: &str) -> Result<(), ControllerError> {
    let invalid = || ControllerError::InvalidCommand(command.to_string());
    if command.chars().any(|c| c.is_control() && c != '\t') {
        return Err(invalid());
    }
    match command.parse::<crate::protocol::Command>() {
        Ok(parsed) if parsed.id().is_none() => Ok(()),
        Ok(_) | Err(ParseCommandError::Empty | ParseCommandError::MissingName { .. }) => {
            Err(invalid())
        }
        Err(ParseCommandError::IdOutOfRange(_)) => Err(invalid()),
    }
}

impl Drop for Controller {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_split_with_quotes_and_escapes() {
        assert_eq!(
            split_words(r#"a "b c" 'd "e"' f\ g "h\"i""#).unwrap(),
            ["a", "b c", r#"d "e""#, "f g", "h\"i"]
        );
        assert_eq!(split_words("  ").unwrap(), Vec::<String>::new());
        assert_eq!(split_words("''").unwrap(), [""]);
    }

    #[test]
    fn display_quotes_words_that_need_it() {
        let engine: EngineCommand = r#"my\ engine --x "it's""#.parse().unwrap();
        assert_eq!(engine.to_string(), r"'my engine' --x 'it'\''s'");
    }

    #[test]
    fn commands_with_ids_or_line_breaks_are_refused() {
        for bad in ["", "  ", "5 name", "name\nquit", "name\r", "7"] {
            assert!(check_command(bad).is_err(), "{bad:?}");
        }
        assert!(check_command("play b A1").is_ok());
    }
}
