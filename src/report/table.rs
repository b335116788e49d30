//! Tables of laws: `referee laws` and `referee laws --coverage`.

use std::fmt::Write;

use comfy_table::{presets, Attribute, Cell, ContentArrangement, Table};

use super::style::Style;
use super::{wrap, WIDTH};
use crate::laws::{compress_ids, Coverage, Law};

/// A new table in the house style: Unicode lines, or ASCII with
/// `--ascii`; as wide as the terminal, or a hundred columns where the
/// report does not go to one; the header bold where colour is on.
pub(super) fn new_table(header: &[&str]) -> Table {
    table_in(header, super::style::get())
}

/// A new table in the house style under a given style.
pub(super) fn table_in(header: &[&str], style: Style) -> Table {
    let mut table = Table::new();
    table
        .load_preset(if style.ascii {
            presets::ASCII_FULL_CONDENSED
        } else {
            presets::UTF8_FULL_CONDENSED
        })
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_width(style.width.unwrap_or(WIDTH as u16 + 20));
    if style.color {
        table.enforce_styling();
        table.set_header(
            header
                .iter()
                .map(|h| Cell::new(h).add_attribute(Attribute::Bold)),
        );
    } else {
        table.set_header(header.iter().copied());
    }
    table
}

/// The first words of `text`, cut at a word boundary to about `max` characters.
pub(crate) fn opening_words(text: &str, max: usize) -> String {
    let mut out = String::new();
    for word in text.split_whitespace() {
        if out.chars().count() + word.chars().count() + 1 > max {
            out.push_str(" …");
            return out;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// `referee laws`: id, section and opening words of each law.
pub fn laws_table<'a>(laws: impl IntoIterator<Item = &'a Law>, amends_column: bool) -> String {
    let mut header = vec!["Law", "Section", "Opening words"];
    if amends_column {
        header.push("Portland laws");
    }
    let mut table = new_table(&header);
    for law in laws {
        let mut row = vec![
            law.id.clone(),
            law.section.clone(),
            opening_words(&law.text, 60),
        ];
        if amends_column {
            let ids = law.replaces.iter().chain(&law.adds_to).map(String::as_str);
            row.push(compress_ids(ids));
        }
        table.add_row(row);
    }
    format!("{table}\n")
}

/// `referee laws --search`: each sentence that holds the phrase, marked,
/// with the law or case it stands in.
pub fn search_table(searched: &str, phrase: &str, found: &[(String, String)]) -> String {
    if found.is_empty() {
        return format!("Nothing in {searched} contains \"{phrase}\".\n");
    }
    let mut table = new_table(&["Where", "Sentence"]);
    for (place, sentence) in found {
        table.add_row(vec![place.as_str(), sentence.as_str()]);
    }
    let count = found.len();
    let s = if count == 1 { "" } else { "s" };
    format!("\"{phrase}\" in {searched}: {count} sentence{s}\n{table}\n")
}

/// `referee laws --coverage`: counts per book, then which laws are in each state.
pub fn coverage_table(coverages: &[Coverage<'_>]) -> String {
    let mut table = new_table(&["Book", "Implemented", "Not decidable", "Not yet", "Laws"]);
    for c in coverages {
        table.add_row(vec![
            c.book.book.to_string(),
            c.implemented.len().to_string(),
            c.not_decidable.len().to_string(),
            c.not_yet.len().to_string(),
            c.total().to_string(),
        ]);
    }
    let mut out = format!("{table}\n");
    for c in coverages {
        let ids = |laws: &[&Law]| compress_ids(laws.iter().map(|l| l.id.as_str()));
        let _ = writeln!(out, "\n{} ({})", c.book.title, c.book.book);
        out.push_str(&wrap(
            &format!("implemented: {}", ids(&c.implemented)),
            "  ",
            WIDTH,
        ));
        out.push_str(&wrap(&format!("not yet: {}", ids(&c.not_yet)), "  ", WIDTH));
        let undecidable = format!("not decidable from a transcript: {}", ids(&c.not_decidable));
        out.push_str(&wrap(&undecidable, "  ", WIDTH));
        for law in &c.not_decidable {
            let reason = law.reason.as_deref().unwrap_or_default();
            out.push_str(&wrap(&format!("{}: {reason}", law.id), "    ", WIDTH));
        }
        let in_part: Vec<&Law> = c
            .implemented
            .iter()
            .copied()
            .filter(|l| l.in_part.is_some())
            .collect();
        if !in_part.is_empty() {
            let heading = format!("implemented, but in part not decidable: {}", ids(&in_part));
            out.push_str(&wrap(&heading, "  ", WIDTH));
            for law in in_part {
                let part = law.in_part.as_deref().unwrap_or_default();
                out.push_str(&wrap(&format!("{}: {part}", law.id), "    ", WIDTH));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opening_words_cut_at_a_word() {
        let table = [
            ("Each player has a right", 40, "Each player has a right"),
            (
                "Each player has a right to shuffle",
                20,
                "Each player has a …",
            ),
            ("", 10, ""),
        ];
        for (text, max, expected) in table {
            assert_eq!(opening_words(text, max), expected, "{text:?}");
        }
    }
}
