use std::io::Write;
use std::process::ExitCode;

use clap::Parser;
use piquet_referee::cli::{standard_output, Cli};
use piquet_referee::report::style::messages;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let color = cli.stderr_color();
    match standard_output().and_then(|out| cli.run(&mut out.lock())) {
        Ok(outcome) => ExitCode::from(outcome.exit_code()),
        Err(err) => {
            // A standard error that cannot be written (closed, or its
            // reader gone) loses the message, never the exit status.
            let _ = writeln!(std::io::stderr(), "{}", messages(&err.to_string(), color));
            ExitCode::from(err.exit_code())
        }
    }
}
