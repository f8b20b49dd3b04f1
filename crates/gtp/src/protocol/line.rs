//! Reading input lines of bounded length.

use std::io::{self, BufRead};

/// One line read by a [`LineReader`], without its line feed.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RawLine {
    /// The bytes of the line, at most the reader's limit.
    pub bytes: Vec<u8>,
    /// Whether the line was longer than the limit (the rest was skipped).
    pub truncated: bool,
}

/// Reads LF-terminated lines from a [`BufRead`] while keeping at most a
/// fixed number of bytes per line, so a peer sending an endless line cannot
/// exhaust memory. The final line needs no LF.
///
/// ```
/// use go_gtp::protocol::LineReader;
///
/// let mut reader = LineReader::new(&b"name\r\nversion"[..], 1024);
/// assert_eq!(reader.read_line().unwrap().unwrap().bytes, b"name\r");
/// assert_eq!(reader.read_line().unwrap().unwrap().bytes, b"version");
/// assert_eq!(reader.read_line().unwrap(), None);
/// ```
#[derive(Debug)]
pub struct LineReader<R> {
    inner: R,
    max_len: usize,
}

impl<R: BufRead> LineReader<R> {
    /// A reader keeping at most `max_len` bytes of each line.
    ///
    /// ```
    /// use go_gtp::protocol::LineReader;
    ///
    /// let mut reader = LineReader::new(&b"abcdef\nx\n"[..], 3);
    /// let line = reader.read_line().unwrap().unwrap();
    /// assert_eq!((line.bytes.as_slice(), line.truncated), (&b"abc"[..], true));
    /// assert_eq!(reader.read_line().unwrap().unwrap().bytes, b"x");
    /// ```
    pub fn new(inner: R, max_len: usize) -> Self {
        Self { inner, max_len }
    }

    /// The next line, or `None` at end of input.
    ///
    /// # Errors
    /// Any I/O error of the underlying reader other than `Interrupted`.
    ///
    /// ```
    /// use go_gtp::protocol::LineReader;
    ///
    /// let mut reader = LineReader::new(&b""[..], 10);
    /// assert_eq!(reader.read_line().unwrap(), None);
    /// ```
    pub fn read_line(&mut self) -> io::Result<Option<RawLine>> {
        let mut line = RawLine::default();
        let mut seen_any = false;
        loop {
            let available = match self.inner.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                return Ok(seen_any.then_some(line));
            }
            seen_any = true;
            let (chunk, used, done) = match available.iter().position(|&b| b == b'\n') {
                Some(end) => (&available[..end], end + 1, true),
                None => (available, available.len(), false),
            };
            let room = self.max_len.saturating_sub(line.bytes.len());
            if chunk.len() > room {
                line.truncated = true;
            }
            line.bytes
                .extend_from_slice(&chunk[..chunk.len().min(room)]);
            self.inner.consume(used);
            if done {
                return Ok(Some(line));
            }
        }
    }

    /// The underlying reader.
    ///
    /// ```
    /// use go_gtp::protocol::LineReader;
    ///
    /// let reader = LineReader::new(&b"rest"[..], 10);
    /// assert_eq!(reader.into_inner(), b"rest");
    /// ```
    pub fn into_inner(self) -> R {
        self.inner
    }
}
