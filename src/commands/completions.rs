//! `carcref completions`: a shell's completion script for carcref.

use std::io::Write;

use clap::CommandFactory;

use super::EXIT_USAGE;
use crate::cli::Cli;

/// Writes the completion script of `shell` to `out`.
pub(super) fn run(shell: clap_complete::Shell, out: &mut impl Write, err: &mut impl Write) -> u8 {
    // Written whole once made: the generator cannot report a failing write.
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "carcref", &mut script);
    match out.write_all(&script) {
        Ok(()) => 0,
        Err(e) => {
            let _ = writeln!(err, "error: {e}");
            EXIT_USAGE
        }
    }
}
