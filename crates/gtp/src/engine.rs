//! The engine loop: read commands, answer replies.

use std::any::Any;
use std::io::{self, BufRead, Write};
use std::panic::{self, AssertUnwindSafe};

use crate::protocol::{Command, LineReader, ParseCommandError, Reply, preprocess};
use crate::{GtpError, Registry};

/// Knobs of the engine loop.
///
/// ```
/// use go_gtp::EngineOptions;
///
/// let options = EngineOptions::default().with_max_line_len(4096);
/// assert_eq!(options.max_line_len, 4096);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct EngineOptions {
    /// Input lines longer than this many bytes are answered with an error
    /// (`line too long`) instead of being run; the default is 1 MiB.
    pub max_line_len: usize,
}

impl Default for EngineOptions {
    fn default() -> Self {
        Self {
            max_line_len: 1 << 20,
        }
    }
}

impl EngineOptions {
    /// Sets [`max_line_len`](Self::max_line_len).
    #[must_use]
    pub fn with_max_line_len(mut self, max_line_len: usize) -> Self {
        self.max_line_len = max_line_len;
        self
    }
}

/// What the engine answers to one command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// The reply to write.
    pub reply: Reply,
    /// Whether the engine stops after writing it (`quit`).
    pub quit: bool,
}

/// A GTP engine: a [`Registry`] of commands and the state they act on,
/// driven line by line or over any input/output pair.
///
/// Every command line gets exactly one reply; empty and comment lines get
/// none; `quit` and end of input end the loop cleanly.
///
/// ```
/// use go_gtp::{Engine, Registry, Response};
///
/// let mut registry = Registry::new("greeter", "1.0");
/// registry.register("greet", |greetings: &mut u32, args| {
///     let name = args.next_string()?;
///     *greetings += 1;
///     Ok(Response::new(format!("hello, {name}")))
/// });
/// let mut engine = Engine::new(registry, 0);
///
/// let mut output = Vec::new();
/// engine.run(&b"1 greet world\n2 greet\n3 quit\n"[..], &mut output).unwrap();
/// assert_eq!(
///     String::from_utf8(output).unwrap(),
///     "=1 hello, world\n\n?2 syntax error\n\n=3 \n\n"
/// );
/// assert_eq!(*engine.state(), 1);
/// ```
#[derive(Debug)]
pub struct Engine<S> {
    registry: Registry<S>,
    state: S,
    options: EngineOptions,
}

impl<S> Engine<S> {
    /// An engine answering the commands of `registry` over `state`.
    ///
    /// ```
    /// use go_gtp::{Engine, Registry};
    ///
    /// let engine = Engine::new(Registry::new("e", "1"), ());
    /// assert_eq!(engine.registry().name(), "e");
    /// ```
    pub fn new(registry: Registry<S>, state: S) -> Self {
        Self {
            registry,
            state,
            options: EngineOptions::default(),
        }
    }

    /// The same engine with other options.
    ///
    /// ```
    /// use go_gtp::{Engine, EngineOptions, Registry};
    ///
    /// let engine = Engine::new(Registry::new("e", "1"), ())
    ///     .with_options(EngineOptions::default().with_max_line_len(100));
    /// ```
    #[must_use]
    pub fn with_options(mut self, options: EngineOptions) -> Self {
        self.options = options;
        self
    }

    /// The command registry.
    ///
    /// ```
    /// use go_gtp::{Engine, Registry};
    ///
    /// assert!(Engine::new(Registry::new("e", "1"), ()).registry().contains("quit"));
    /// ```
    #[must_use]
    pub fn registry(&self) -> &Registry<S> {
        &self.registry
    }

    /// The command registry, to add commands.
    ///
    /// ```
    /// use go_gtp::{Engine, Registry, Response};
    ///
    /// let mut engine = Engine::new(Registry::new("e", "1"), ());
    /// engine.registry_mut().register("ping", |_, _| Ok(Response::from("pong")));
    /// ```
    pub fn registry_mut(&mut self) -> &mut Registry<S> {
        &mut self.registry
    }

    /// The engine state.
    ///
    /// ```
    /// use go_gtp::{Engine, Registry};
    ///
    /// assert_eq!(*Engine::new(Registry::new("e", "1"), 5).state(), 5);
    /// ```
    #[must_use]
    pub fn state(&self) -> &S {
        &self.state
    }

    /// The engine state, mutably.
    ///
    /// ```
    /// use go_gtp::{Engine, Registry};
    ///
    /// let mut engine = Engine::new(Registry::new("e", "1"), 5);
    /// *engine.state_mut() += 1;
    /// assert_eq!(engine.into_state(), 6);
    /// ```
    pub fn state_mut(&mut self) -> &mut S {
        &mut self.state
    }

    /// The engine state, consuming the engine.
    ///
    /// ```
    /// use go_gtp::{Engine, Registry};
    ///
    /// assert_eq!(Engine::new(Registry::new("e", "1"), "s").into_state(), "s");
    /// ```
    pub fn into_state(self) -> S {
        self.state
    }

    /// Runs one parsed command.
    ///
    /// ```
    /// use go_gtp::Engine;
    /// use go_gtp::{protocol::Command, Registry};
    ///
    /// let mut engine = Engine::new(Registry::new("e", "1"), ());
    /// let answer = engine.execute(&"4 protocol_version".parse::<Command>().unwrap());
    /// assert_eq!(answer.reply.to_string(), "=4 2\n\n");
    /// assert!(!answer.quit);
    /// ```
    pub fn execute(&mut self, command: &Command) -> Answer {
        // A bug in one handler must not kill the engine: its panic becomes
        // a failure reply. The state may have been left half-updated, which
        // the reply says.
        let (registry, state) = (&self.registry, &mut self.state);
        let outcome = panic::catch_unwind(AssertUnwindSafe(|| registry.call(state, command)));
        let reply = match outcome {
            Ok(Ok(response)) => Reply::success(command.id(), response.into_text()),
            Ok(Err(error)) => Reply::failure(command.id(), error.to_string()),
            Err(payload) => Reply::failure(command.id(), panic_message(payload.as_ref())),
        };
        // `quit` is a framework command and cannot be replaced, so its name
        // is enough; it stops the engine only once it succeeded.
        let quit = command.name() == "quit" && reply.is_success();
        Answer { reply, quit }
    }

    /// Handles one raw input line (with or without its line end): `None` for
    /// lines that preprocessing discards, otherwise the answer, an error
    /// reply for malformed lines included.
    ///
    /// ```
    /// use go_gtp::{Engine, Registry};
    ///
    /// let mut engine = Engine::new(Registry::new("e", "1"), ());
    /// assert!(engine.handle_line(b"  # just a comment\r\n").is_none());
    /// let answer = engine.handle_line(b"9 frobnicate\r\n").unwrap();
    /// assert_eq!(answer.reply.to_string(), "?9 unknown command\n\n");
    /// ```
    pub fn handle_line(&mut self, raw: &[u8]) -> Option<Answer> {
        match Command::parse_line(raw) {
            Ok(None) => None,
            Ok(Some(command)) => Some(self.execute(&command)),
            Err(error) => Some(Answer {
                reply: malformed_reply(&error),
                quit: false,
            }),
        }
    }

    /// Answers commands from `input` on `output` until `quit` or the end of
    /// input. Each reply is flushed as soon as it is written.
    ///
    /// # Errors
    /// I/O errors of `input` or `output` (a closed output pipe, for example).
    ///
    /// ```
    /// use go_gtp::{Engine, Registry};
    ///
    /// let mut engine = Engine::new(Registry::new("e", "1"), ());
    /// let mut output = Vec::new();
    /// engine.run(&b"name\r\nquit\r\nname\r\n"[..], &mut output).unwrap();
    /// assert_eq!(output, b"= e\n\n= \n\n");
    /// ```
    pub fn run<R: BufRead, W: Write>(&mut self, input: R, mut output: W) -> io::Result<()> {
        let mut lines = LineReader::new(input, self.options.max_line_len);
        while let Some(line) = lines.read_line()? {
            let answer = if line.truncated {
                Some(Answer {
                    reply: Reply::failure(leading_id(&line.bytes), "line too long"),
                    quit: false,
                })
            } else {
                self.handle_line(&line.bytes)
            };
            if let Some(answer) = answer {
                write!(output, "{}", answer.reply)?;
                output.flush()?;
                if answer.quit {
                    break;
                }
            }
        }
        Ok(())
    }
}

/// The failure message for a handler that panicked, on one line.
fn panic_message(payload: &(dyn Any + Send)) -> String {
    let what = payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("unknown panic");
    let what: String = what
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    format!("internal error (the command panicked; the engine state may be inconsistent): {what}")
}

/// The reply to a line that is not a command: an id without a name is an
/// unknown (empty) command; an id that does not fit cannot be echoed.
fn malformed_reply(error: &ParseCommandError) -> Reply {
    let message = match error {
        ParseCommandError::MissingName { .. } | ParseCommandError::Empty => {
            GtpError::UnknownCommand(String::new()).to_string()
        }
        ParseCommandError::IdOutOfRange(_) => "syntax error".to_string(),
    };
    Reply::failure(error.id(), message)
}

/// The id at the start of a (truncated) line, if it has one.
fn leading_id(raw: &[u8]) -> Option<u32> {
    let line = preprocess(raw)?;
    line.split(' ').next()?.parse().ok()
}
