use std::process::ExitCode;

use clap::Parser;
use piquet_referee::cli::Cli;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut out = std::io::stdout().lock();
    match cli.run(&mut out) {
        Ok(outcome) => ExitCode::from(outcome.exit_code()),
        Err(err) => {
            eprintln!("{err}");
            ExitCode::from(err.exit_code())
        }
    }
}
