//! `carcref man`: carcref's manual page, in roff.

use std::io::Write;

use clap::CommandFactory;

use super::EXIT_USAGE;
use crate::cli::Cli;

/// Writes the manual page to `out`.
pub(super) fn run(out: &mut impl Write, err: &mut impl Write) -> u8 {
    let mut page = Vec::new();
    match clap_mangen::Man::new(Cli::command())
        .render(&mut page)
        .and_then(|()| out.write_all(&page))
    {
        Ok(()) => 0,
        Err(e) => {
            let _ = writeln!(err, "error: {e}");
            EXIT_USAGE
        }
    }
}
