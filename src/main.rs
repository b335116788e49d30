use std::io::Write;
use std::process::ExitCode;

use clap::Parser;
use piquet_referee::cli::Cli;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut out = std::io::stdout().lock();
    match cli.run(&mut out) {
        Ok(outcome) => ExitCode::from(outcome.exit_code()),
        Err(err) => {
            // A standard error that cannot be written (closed, or its
            // reader gone) loses the message, never the exit status.
            let _ = writeln!(std::io::stderr(), "{err}");
            ExitCode::from(err.exit_code())
        }
    }
}
