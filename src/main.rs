//! The `carcref` binary: parses the command line and hands it to the library.

use clap::Parser;

fn main() -> std::process::ExitCode {
    carcref::commands::run(carcref::cli::Cli::parse())
}
