//! Standard output read by a program that may stop reading (`carcref gen |
//! head -1`): a closed pipe is a normal end of the run, which then exits 0
//! and says nothing more.

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
