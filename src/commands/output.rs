//! Where the commands write: standard output read by a program that may stop
//! reading (`carcref gen | head -1`), where a closed pipe is a normal end of
//! the run, which then exits 0 and says nothing more; standard error; and
//! [`Sink`], through which the renderers write to either.

use std::io::{ErrorKind, Result, Write};
use std::sync::atomic::{AtomicBool, Ordering};

/// Set once a write to standard output finds its reader gone.
static CLOSED: AtomicBool = AtomicBool::new(false);

/// Whether standard output's reader has gone.
pub(super) fn closed() -> bool {
    CLOSED.load(Ordering::Relaxed)
}

/// Notes a closed pipe among the results of a write to standard output.
fn noted<T>(result: Result<T>) -> Result<T> {
    if let Err(e) = &result
        && e.kind() == ErrorKind::BrokenPipe
    {
        CLOSED.store(true, Ordering::Relaxed);
    }
    result
}

/// Standard output: a write once its reader has gone fails, as before, and is
/// noted ([`closed`]), so that the commands stop as they do on any error of
/// writing and the run ends normally.
#[derive(Debug)]
pub(super) struct Stdout<W: Write>(pub(super) W);

impl<W: Write> Write for Stdout<W> {
    fn write(&mut self, buf: &[u8]) -> Result<usize> {
        noted(self.0.write(buf))
    }

    fn flush(&mut self) -> Result<()> {
        noted(self.0.flush())
    }
}

/// Standard error, silent once standard output's reader has gone: what a
/// command says of its failing writes then is no fault to report.
#[derive(Debug)]
pub(super) struct Stderr<W: Write>(pub(super) W);

impl<W: Write> Write for Stderr<W> {
    fn write(&mut self, buf: &[u8]) -> Result<usize> {
        if closed() {
            return Ok(buf.len());
        }
        self.0.write(buf)
    }

    fn flush(&mut self) -> Result<()> {
        self.0.flush()
    }
}

/// A [`std::fmt::Write`] over an output stream, for the renderers: it keeps
/// the first I/O error (a closed pipe stops the writing, not the program).
pub(super) struct Sink<'a, W: Write> {
    inner: &'a mut W,
    failed: bool,
}

impl<'a, W: Write> Sink<'a, W> {
    pub(super) fn new(inner: &'a mut W) -> Sink<'a, W> {
        Sink {
            inner,
            failed: false,
        }
    }
}

impl<W: Write> std::fmt::Write for Sink<'_, W> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        if self.failed {
            return Err(std::fmt::Error);
        }
        self.inner.write_all(s.as_bytes()).map_err(|_| {
            self.failed = true;
            std::fmt::Error
        })
    }
}
