use std::io::Write;
use std::process::ExitCode;

use clap::Parser;
use piquet_referee::cli::{standard_output, Cli};

fn main() -> ExitCode {
    let cli = Cli::parse();
    match standard_output().and_then(|out| cli.run(&mut out.lock())) {
        Ok(outcome) => ExitCode::from(outcome.exit_code()),
        Err(err) => {
            // A standard error that cannot be written (closed, or its
            // reader gone) loses the message, never the exit status.
            let _ = writeln!(std::io::stderr(), "{err}");
            ExitCode::from(err.exit_code())
        }
    }
}
