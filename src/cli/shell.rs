//! What a shell and a manual reader need: completion scripts
//! (`referee completions bash`), the manual page (`referee man`), and the
//! project's documents, built in (`referee help notation`).

use clap::CommandFactory;
use clap_complete::Shell;

use super::Cli;
use crate::Error;

/// The documents built into the binary, by the name `referee help` takes.
pub const TOPICS: [(&str, &str, &str); 6] = [
    (
        "notation",
        "the transcript language, every line and verb",
        include_str!("../../docs/notation.md"),
    ),
    (
        "scoring",
        "how the referee reads the laws where they are unclear",
        include_str!("../../docs/scoring.md"),
    ),
    (
        "scoresheet",
        "the scoresheet format `referee check` reads",
        include_str!("../../docs/scoresheet.md"),
    ),
    (
        "law-books",
        "the law books as data: ids, status, mendings",
        include_str!("../../docs/law-books.md"),
    ),
    (
        "performance",
        "what the referee costs in time and memory",
        include_str!("../../docs/performance.md"),
    ),
    (
        "casebook",
        "the static site `referee casebook` writes",
        include_str!("../../docs/casebook.md"),
    ),
];

/// `referee completions SHELL`: the completion script for that shell.
pub fn completions(shell: Shell) -> Vec<u8> {
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "referee", &mut out);
    out
}

/// `referee man`: the manual page, in roff: the synopsis, the options,
/// and each command with what it does.
pub fn man() -> Result<Vec<u8>, Error> {
    let mut out = Vec::new();
    clap_mangen::Man::new(Cli::command()).render(&mut out)?;
    Ok(out)
}

/// `referee help [TOPIC]`: a built-in document by name, or the list of
/// them; a command's name gives its help, as `referee COMMAND --help` does.
pub fn help(topic: Option<&str>) -> Result<String, Error> {
    let Some(topic) = topic else {
        return Ok(topic_list());
    };
    if let Some((_, _, text)) = TOPICS
        .iter()
        .find(|(name, ..)| name.eq_ignore_ascii_case(topic))
    {
        return Ok((*text).to_string());
    }
    let mut command = Cli::command();
    command.build();
    match command.find_subcommand_mut(topic) {
        Some(sub) => Ok(sub.render_long_help().to_string()),
        None => Err(Error::UnknownTopic {
            topic: topic.to_string(),
            topics: TOPICS.map(|(name, ..)| name).join(", "),
        }),
    }
}

/// The commands and the documents `referee help` knows.
fn topic_list() -> String {
    let mut text = Cli::command().render_long_help().to_string();
    text.push_str("\nDocuments (referee help TOPIC):\n");
    for (name, what, _) in TOPICS {
        text.push_str(&format!("  {name:<12} {what}\n"));
    }
    text
}
