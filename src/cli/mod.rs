//! The `referee` command line: arguments, and which report each command prints.

#[cfg(unix)]
mod closed;
mod desk;
mod ecarte;
mod lookup;
mod many;
mod ordered;
mod parts;
mod shell;
mod source;
mod transcript;
mod warnings;

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

use clap::{Parser, Subcommand};

use crate::agreements::Agreements;
use crate::report::style::{self, Style};
use crate::{Error, Outcome, Rules};
use desk::Desk;
use many::Kind;

/// A laws referee for Piquet and Écarté.
///
/// Quotes the laws of the Portland Club (Piquet, 1-78), Piquet au cent, the
/// French rules and the laws of Écarté, and the Cases and Decisions I-XXII.
#[derive(Debug, Parser)]
#[command(
    name = "referee",
    version,
    propagate_version = true,
    disable_help_subcommand = true,
    after_help = "Examples:\n  referee rule game.pqt\n  referee law 54\n  referee law 59.IV\n  referee laws --search \"fresh deal\"\n  referee case XXII\n\nExit status: 0 ruled, 1 a checked score is wrong, 2 unreadable input or bad usage."
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Colour in the reports and messages: auto (on a terminal, unless NO_COLOR is set), always, never.
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto)]
    color: ColorChoice,
    /// Draw tables with plain ASCII (`+`, `-`, `|`), for mail and old terminals.
    #[arg(long, global = true)]
    ascii: bool,
    /// How many cores to work on, for several files or one long transcript: 0 (the default) for all the process may use.
    #[arg(
        long,
        short = 'j',
        global = true,
        value_name = "N",
        default_value_t = 0
    )]
    threads: usize,
}

/// The game `generate` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum GameArg {
    /// Piquet, under `--rules`.
    Piquet,
    /// Écarté (laws 1-51).
    Ecarte,
}

/// Écarté's stakes (law 46).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum StakesArg {
    /// Every game counts one.
    Single,
    /// By agreement: treble, double or single by the loser's marks.
    Graded,
}

/// When to colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum ColorChoice {
    /// On a terminal, unless `NO_COLOR` is set.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

impl ColorChoice {
    /// Whether to colour what goes to a stream that is (or is not) a terminal.
    fn on(self, terminal: bool) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => terminal && !style::no_color_env(),
        }
    }
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Print one law (or one paragraph of a law) in full, with its section.
    #[command(
        after_help = "Examples:\n  referee law 54\n  referee law 59.IV\n  referee law 26 --rules ecarte\n  referee law 46 --rules au-cent   # law 46 and the au cent paragraphs that change it\n  referee law 4 --rules classic    # every paragraph of article 4"
    )]
    Law {
        /// The law: `54`, a paragraph `59.IV`, an au cent paragraph `AC12`, an article `4` or `4b`.
        id: String,
        /// The rule set whose book to read.
        #[arg(long, short, value_enum, default_value_t = Rules::Portland)]
        rules: Rules,
        /// The output format.
        #[arg(long, value_enum, default_value_t = RuleFormat::Text)]
        format: RuleFormat,
    },
    /// List the laws of a book as a table, or search them, or show coverage.
    #[command(
        after_help = "Examples:\n  referee laws\n  referee laws --rules ecarte\n  referee laws --search \"fresh deal\"              # every book and the cases\n  referee laws --search \"carte blanche\" --rules classic\n  referee laws --coverage"
    )]
    Laws {
        /// The rule set whose book to list (portland when not given) or search (every book and the cases when not given).
        #[arg(long, short, value_enum)]
        rules: Option<Rules>,
        /// The sentences containing this phrase (case-insensitive), the phrase marked [like this].
        #[arg(long, short)]
        search: Option<String>,
        /// For every book, how many laws the engine implements, cannot decide, or not yet.
        #[arg(long, conflicts_with_all = ["search"])]
        coverage: bool,
        /// The output format.
        #[arg(long, value_enum, default_value_t = RuleFormat::Text)]
        format: RuleFormat,
    },
    /// Show one of the Cases and Decisions I-XXII: facts, question, the book's decision.
    #[command(
        after_help = "Examples:\n  referee case 7\n  referee case VII\n  referee case 14 --transcript > case-14.pqt   # then: referee rule case-14.pqt"
    )]
    Case {
        /// The case: `7`, `07` or `VII`.
        number: String,
        /// Print the case's transcript (with its header), to rule or edit, instead of the case.
        #[arg(long)]
        transcript: bool,
        /// The output format (`--transcript` prints the transcript as it is).
        #[arg(long, value_enum, default_value_t = RuleFormat::Text, conflicts_with = "transcript")]
        format: RuleFormat,
    },
    /// List the Cases and Decisions I-XXII, one line each.
    #[command(after_help = "Examples:\n  referee cases\n  referee cases --format json")]
    Cases {
        /// The output format.
        #[arg(long, value_enum, default_value_t = RuleFormat::Text)]
        format: RuleFormat,
    },
    /// Rule a transcript: each deal's score with its laws, the rulings, and the partie.
    #[command(
        after_help = "Examples:\n  referee rule game.pqt\n  referee rule game.pqt --format json\n  referee rule game.pqt --explain\n  referee rule game.pqt --strict\n\nA transcript that contradicts itself (a card written twice, a card played that it never gave the player) is ruled as written, with a warning on standard error for each place; `--strict` refuses it instead (status 2).\n\nThe transcript language is described in docs/notation.md (`referee help notation`)."
    )]
    Rule {
        /// The transcripts, or `-` for standard input; a folder gives its `.pqt` files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// The output format.
        #[arg(long, value_enum, default_value_t = RuleFormat::Text)]
        format: RuleFormat,
        /// Print every event with the state after it, as `referee explain` does.
        #[arg(long, conflicts_with = "format")]
        explain: bool,
        /// Refuse a transcript that contradicts itself, instead of warning and ruling it.
        #[arg(long)]
        strict: bool,
    },
    /// Step through a transcript: every event in order, with the cards held and the score after it.
    #[command(
        after_help = "Examples:\n  referee explain game.pqt\n  referee explain game.pqt --format json"
    )]
    Explain {
        /// The transcript, or `-` for standard input.
        file: PathBuf,
        /// The output format: JSON is one object, written deal by deal.
        #[arg(long, value_enum, default_value_t = RuleFormat::Text)]
        format: RuleFormat,

        /// Refuse a transcript that contradicts itself, instead of warning and explaining it.
        #[arg(long)]
        strict: bool,
    },
    /// Check a scoresheet: the dealers, each deal's scores, the totals and the result.
    #[command(
        after_help = "Examples:\n  referee check sheet.yaml\n  referee check sheet.yaml --format json\n  referee check game.pqt          # a transcript's `written` lines\n\nThe sheet format is described in docs/scoresheet.md (`referee help scoresheet`).\nExit status: 0 all right, 1 something written is wrong, 2 the sheet cannot be read."
    )]
    Check {
        /// YAML scoresheets (`.yaml`, `.yml`) or transcripts with `written` lines; a folder gives its files of these kinds.
        #[arg(required = true)]
        sheets: Vec<PathBuf>,
        /// The output format.
        #[arg(long, value_enum, default_value_t = RuleFormat::Text)]
        format: RuleFormat,
        /// Refuse a transcript that contradicts itself, instead of warning and checking it.
        #[arg(long)]
        strict: bool,
    },
    /// Write random, legal deals as a transcript: truthful calls, play that follows suit.
    #[command(
        after_help = "Examples:\n  referee generate --deals 6 --seed 1\n  referee generate --deals 100000 --seed 7 > corpus.pqt\n  referee generate --rules au-cent --agreements fours-count-one-less,sevens-to-nines-do-not-count\n  referee generate --game ecarte --deals 20 --stakes graded\n\nThe same seed always gives the same transcript."
    )]
    Generate {
        /// How many deals (numbered 1 to 6 in each partie).
        #[arg(long, default_value_t = 6)]
        deals: u32,
        /// The seed of the shuffle.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The rule set.
        #[arg(long, short, value_enum, default_value_t = Rules::Portland)]
        rules: Rules,
        /// Agreements that change the scoring, written in the `Agreements` tag (au cent: fours-count-one-less, sevens-to-nines-do-not-count; separated by commas).
        #[arg(long, value_parser = agreements_arg, default_value = "")]
        agreements: Agreements,
        /// The game: `ecarte` is the same as `--rules ecarte`.
        #[arg(long, value_enum)]
        game: Option<GameArg>,
        /// Écarté's stakes: `graded`, a game counting treble, double or single (law 46), written in the `Stakes` tag.
        #[arg(long, value_enum)]
        stakes: Option<StakesArg>,
    },
    /// Print a transcript in canonical form: tags first, one event per line, cards as `10S KH`.
    #[command(
        after_help = "Examples:\n  referee fmt game.pqt\n  referee fmt - < game.pqt\n\nThe file is never written: redirect the output to keep it."
    )]
    Fmt {
        /// The transcripts, or `-` for standard input; a folder gives its `.pqt` files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Print a transcript's tags, deals and events, for tools and debugging.
    #[command(after_help = "Example:\n  referee parse game.pqt --format json")]
    Parse {
        /// The transcripts, or `-` for standard input; a folder gives its `.pqt` files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// The output format.
        #[arg(long, value_enum, default_value_t = Format::Json)]
        format: Format,
    },
    /// A quiz: a case or worked transcript set without its decision; answer the ruling, the law and the score by number.
    #[command(
        after_help = "Examples:\n  referee quiz\n  referee quiz --case 7 --seed 1\n  referee quiz --rules au-cent --questions 3\n  printf '2\\n1\\n' | referee quiz --case 7 --seed 1\n\nThe answers are read from standard input, one number a line; the same seed sets the same quiz. The quiz is described in docs/quiz.md."
    )]
    Quiz {
        /// The rule set: its worked transcripts, and for portland the Cases and Decisions.
        #[arg(long, short, value_enum, default_value_t = Rules::Portland)]
        rules: Rules,
        /// One of the Cases and Decisions only: `7` or `VII` (the Portland laws').
        #[arg(long, conflicts_with_all = ["rules", "questions"])]
        case: Option<String>,
        /// The seed: the same seed sets the same problems, questions and order (the time when not given).
        #[arg(long)]
        seed: Option<u64>,
        /// How many problems (cases or worked transcripts) to set.
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u16).range(1..))]
        questions: u16,
    },
    /// Write the casebook: a static site of the law books and the Cases and Decisions, to read or print.
    #[command(
        after_help = "Example:\n  referee casebook --out casebook && xdg-open casebook/index.html\n\nThe folder must not exist yet, or be empty: the casebook never overwrites files (status 2 otherwise).\nThe site needs no server, no network and no JavaScript: open index.html from the folder, or copy the folder anywhere."
    )]
    Casebook {
        /// The folder to write the site into: one that does not exist yet, or an empty one.
        #[arg(long)]
        out: PathBuf,
    },
    /// Print a shell's completion script for referee.
    #[command(
        after_help = "Examples:\n  referee completions bash > ~/.local/share/bash-completion/completions/referee\n  referee completions zsh > ~/.zfunc/_referee\n  referee completions fish > ~/.config/fish/completions/referee.fish"
    )]
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print the manual page, in roff.
    #[command(after_help = "Example:\n  referee man > referee.1 && man ./referee.1")]
    Man,
    /// Print the help of a command, or one of the documents built in (the notation, the scoring readings, the scoresheet format).
    #[command(
        after_help = "Examples:\n  referee help\n  referee help notation\n  referee help scoring\n  referee help rule"
    )]
    Help {
        /// A document (notation, scoring, scoresheet, law-books, json, performance) or a command.
        topic: Option<String>,
    },
}

/// How a ruling is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum RuleFormat {
    /// Tables and reasons, for people.
    Text,
    /// JSON, for tools.
    Json,
}

/// How a report is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    /// JSON, for tools.
    Json,
}

impl Cli {
    /// Runs the command, writing its report to `out` and its warnings to
    /// standard error, in the look the options and the terminal ask for.
    pub fn run(self, out: &mut impl Write) -> Result<Outcome, Error> {
        // The casebook's pages are files: no colour, and the plain width.
        let files = matches!(self.command, Command::Casebook { .. });
        let terminal = io::stdout().is_terminal() && !files;
        style::set(Style {
            color: self.color.on(terminal) && !files,
            messages_color: self.stderr_color(),
            ascii: self.ascii,
            width: terminal.then(terminal_width).flatten(),
        });
        ordered::set_threads(self.threads);
        self.run_with(out, &mut io::stderr().lock())
    }

    /// Whether messages on standard error are coloured, as `--color` and
    /// the terminal ask.
    pub fn stderr_color(&self) -> bool {
        self.color.on(io::stderr().is_terminal())
    }

    /// Runs the command, writing its report to `out` and its warnings to `warn`.
    pub fn run_with(self, out: &mut impl Write, warn: &mut dyn Write) -> Result<Outcome, Error> {
        let text = match self.command {
            Command::Law { id, rules, format } => {
                lookup::law(&id, rules, format == RuleFormat::Json)?
            }
            Command::Laws {
                rules,
                search,
                coverage,
                format,
            } => lookup::laws(
                rules,
                search.as_deref(),
                coverage,
                format == RuleFormat::Json,
            )?,
            Command::Case {
                number,
                transcript,
                format,
            } => lookup::case(&number, transcript, format == RuleFormat::Json)?,
            Command::Cases { format } => lookup::cases(format == RuleFormat::Json)?,
            Command::Casebook { out } => lookup::casebook(&out)?,
            Command::Help { topic } => shell::help(topic.as_deref())?,
            Command::Completions { shell } => {
                write_all(out, &shell::completions(shell))?;
                return Ok(Outcome::Ruled);
            }
            Command::Quiz {
                rules,
                case,
                seed,
                questions,
            } => {
                let options = crate::quiz::Options {
                    rules,
                    case,
                    seed: seed.unwrap_or_else(time_seed),
                    problems: usize::from(questions),
                };
                crate::quiz::run(&options, &mut io::stdin().lock(), out)?;
                return Ok(Outcome::Ruled);
            }
            Command::Man => {
                write_all(out, &shell::man()?)?;
                return Ok(Outcome::Ruled);
            }
            Command::Rule {
                files,
                format,
                explain,
                strict,
            } => {
                let shape = match (explain, format) {
                    (true, _) => transcript::Shape::Explain,
                    (false, RuleFormat::Json) => transcript::Shape::Json,
                    (false, _) => transcript::Shape::Text,
                };
                let json = shape == transcript::Shape::Json;
                return many::run(
                    &files,
                    Kind::Transcripts,
                    json,
                    "ruled",
                    out,
                    warn,
                    |file, desk, out, warn| {
                        let warnings = transcript::Warnings { strict, warn };
                        transcript::rule(file, shape, desk, out, warnings)?;
                        Ok(Outcome::Ruled)
                    },
                );
            }
            Command::Explain {
                file,
                format,
                strict,
            } => {
                let warnings = transcript::Warnings { strict, warn };
                let shape = match format {
                    RuleFormat::Json => transcript::Shape::ExplainJson,
                    RuleFormat::Text => transcript::Shape::Explain,
                };
                transcript::rule(&file, shape, &mut Desk::default(), out, warnings)?;
                return Ok(Outcome::Ruled);
            }
            Command::Check {
                sheets,
                format,
                strict,
            } => {
                let json = format == RuleFormat::Json;
                return many::run(
                    &sheets,
                    Kind::Checkable,
                    json,
                    "checked",
                    out,
                    warn,
                    |file, _, out, warn| {
                        transcript::check(file, json, out, transcript::Warnings { strict, warn })
                    },
                );
            }
            Command::Generate {
                deals,
                seed,
                rules,
                agreements,
                game,
                stakes,
            } => {
                let rules = match game {
                    Some(GameArg::Ecarte) => Rules::Ecarte,
                    Some(GameArg::Piquet) | None => rules,
                };
                let graded = stakes == Some(StakesArg::Graded);
                transcript::generate(out, deals, seed, rules, agreements, graded)?;
                return Ok(Outcome::Ruled);
            }
            Command::Fmt { files } => {
                return many::run(
                    &files,
                    Kind::Transcripts,
                    false,
                    "written",
                    out,
                    warn,
                    |file, _, out, _| {
                        transcript::fmt(file, out)?;
                        Ok(Outcome::Ruled)
                    },
                );
            }
            Command::Parse {
                files,
                format: Format::Json,
            } => {
                return many::run(
                    &files,
                    Kind::Transcripts,
                    true,
                    "parsed",
                    out,
                    warn,
                    |file, _, out, _| {
                        transcript::parse_json(file, out)?;
                        Ok(Outcome::Ruled)
                    },
                );
            }
        };
        write_all(out, text.as_bytes())?;
        Ok(Outcome::Ruled)
    }
}

/// The standard output, to write the report to. A standard output that was
/// closed (`referee rule game.pqt >&-`) is an error before anything is done,
/// for the report would be lost with a status of 0 (see `closed`).
pub fn standard_output() -> Result<io::Stdout, Error> {
    #[cfg(unix)]
    if closed::was_closed() {
        return Err(Error::Io(io::Error::from_raw_os_error(libc::EBADF)));
    }
    Ok(io::stdout())
}

/// The width of the terminal standard output goes to, in columns.
#[cfg(unix)]
fn terminal_width() -> Option<u16> {
    use std::os::fd::AsRawFd;
    let mut size = libc::winsize {
        ws_row: 0,
        ws_col: 0,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    // SAFETY: TIOCGWINSZ only writes the window size into `size`.
    let read = unsafe { libc::ioctl(io::stdout().as_raw_fd(), libc::TIOCGWINSZ, &mut size) };
    (read == 0 && size.ws_col >= 40).then_some(size.ws_col)
}

/// The width of the terminal: not known off Unix.
#[cfg(not(unix))]
fn terminal_width() -> Option<u16> {
    None
}

/// Writes the report; a reader that has gone away (`referee laws | head`) is not an error.
fn write_all(out: &mut impl Write, text: &[u8]) -> Result<(), Error> {
    match out.write_all(text).and_then(|()| out.flush()) {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => Ok(other?),
    }
}

/// A seed for a quiz not given one: the clock's seconds.
fn time_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_secs() % 100_000)
}

/// `--agreements`: the names the `Agreements` tag takes.
fn agreements_arg(value: &str) -> Result<Agreements, String> {
    Agreements::parse(value).map_err(|refused| format!("{}; {}", refused.message, refused.hint))
}
