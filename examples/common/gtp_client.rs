//! A small GTP client for driving the `gtp_engine` example as a subprocess,
//! with timeouts: the stream-stop latency example and the reliability
//! tests share it.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// The `gtp_engine` example, release build, in the target directory of
/// the running executable (a test in `target/PROFILE/deps`, an example in
/// `target/PROFILE/examples`), built first with cargo so that it is never
/// stale (a no-op when it is up to date).
pub fn engine_path() -> Result<PathBuf, String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let target = exe
        .parent()
        .and_then(Path::parent)
        .and_then(Path::parent)
        .ok_or("no target directory")?;
    let binary = target.join("release").join("examples").join("gtp_engine");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let status = Command::new(cargo)
        .args(["build", "--quiet", "--release", "--example", "gtp_engine"])
        .arg("--target-dir")
        .arg(target)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if status.success() && binary.exists() {
        Ok(binary)
    } else {
        Err(format!("cannot build {}", binary.display()))
    }
}

/// A running engine: its input, and its output lines on a channel.
pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    /// Starts the engine at `path` with `args` in `dir`.
    pub fn start(path: &Path, args: &[&str], dir: &Path) -> Result<Engine, String> {
        let mut child = Command::new(path)
            .args(args)
            .current_dir(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", path.display()))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Engine {
            child,
            stdin,
            lines,
        })
    }

    /// Sends one command line.
    pub fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("cannot send {line:?}: {e}"))
    }

    /// The next output line within `timeout`.
    pub fn line(&mut self, timeout: Duration) -> Result<String, String> {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(format!("no output within {timeout:?}")),
            Err(RecvTimeoutError::Disconnected) => Err("the engine closed its output".into()),
        }
    }

    /// The next reply (`=…` or `?…` up to its blank line) within
    /// `timeout`, as its lines joined by `\n`; lines before it that start
    /// neither reply (the rest of a stream) are skipped.
    pub fn reply(&mut self, timeout: Duration) -> Result<String, String> {
        let deadline = Instant::now() + timeout;
        let mut reply: Vec<String> = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self.line(left)?;
            if reply.is_empty() {
                if line.starts_with('=') || line.starts_with('?') {
                    reply.push(line);
                }
                continue;
            }
            if line.is_empty() {
                return Ok(reply.join("\n"));
            }
            reply.push(line);
        }
    }

    /// Sends `line` and waits for its reply.
    pub fn ask(&mut self, line: &str, timeout: Duration) -> Result<String, String> {
        self.send(line)?;
        self.reply(timeout)
    }

    /// Skips output lines until one starts with `prefix`.
    pub fn skip_until(&mut self, prefix: &str, timeout: Duration) -> Result<String, String> {
        let deadline = Instant::now() + timeout;
        loop {
            let line = self.line(deadline.saturating_duration_since(Instant::now()))?;
            if line.starts_with(prefix) {
                return Ok(line);
            }
        }
    }

    /// Starts a stream (`lz-analyze`, `kata-analyze`), waits for its first
    /// `info` line or `wait`, whichever is first, then sends `next` and
    /// returns the time until `next`'s reply and that reply.
    pub fn stop_stream(
        &mut self,
        stream: &str,
        wait: Duration,
        next: &str,
        timeout: Duration,
    ) -> Result<(Duration, String), String> {
        self.send(stream)?;
        let header = self.line(timeout)?;
        if !header.starts_with('=') {
            return Err(format!("{stream}: {header}"));
        }
        // Either the first line comes within `wait` or the stream runs on
        // silently (a long interval); both are streams to stop.
        let _ = self.line(wait);
        let sent = Instant::now();
        self.send(next)?;
        // The stream ends with a blank line; then comes the reply.
        loop {
            let line = self.line(timeout)?;
            if line.is_empty() {
                break;
            }
        }
        let reply = self.reply(timeout)?;
        Ok((sent.elapsed(), reply))
    }

    /// Sends `quit` and waits for the process to end.
    pub fn quit(&mut self) -> Result<(), String> {
        self.ask("quit", Duration::from_secs(10))?;
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(10) {
            if let Ok(Some(_)) = self.child.try_wait() {
                return Ok(());
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        Err("the engine did not end after quit".into())
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}
