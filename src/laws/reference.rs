//! Finding a law in a book from what a player types: `54`, `59.IV`, `AC12`, `4b`, `4`.

use super::book::{Book, Law, Paragraph};

/// What an id names in a book.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found<'a> {
    /// A whole law.
    Law(&'a Law),
    /// One numbered paragraph of a law (`59.IV`).
    Paragraph(&'a Law, &'a Paragraph),
    /// An article of the French rules given by its number (`4`): its paragraphs `4a`, `4b`, ….
    Article(Vec<&'a Law>),
}

impl Book {
    /// Finds what `id` names: a law, one of its paragraphs, or an article's paragraphs.
    ///
    /// Ids are matched ignoring case. A paragraph is `law.paragraph`, with the
    /// paragraph as printed or as an arabic number (`59.IV` or `59.4`). Spaces,
    /// and a leading `law`, are ignored, so `Law 59 IV` also finds it.
    pub fn find(&self, id: &str) -> Option<Found<'_>> {
        let id = normalise(id);
        if let Some(law) = self.law(&id) {
            return Some(Found::Law(law));
        }
        if let Some((law, paragraph)) = id.split_once('.').and_then(|(l, p)| {
            let law = self.law(l)?;
            Some((law, law.paragraph(p)?))
        }) {
            return Some(Found::Paragraph(law, paragraph));
        }
        let article: Vec<&Law> = self
            .laws
            .iter()
            .filter(|law| article_of(&law.id).is_some_and(|a| a.eq_ignore_ascii_case(&id)))
            .collect();
        (!article.is_empty()).then_some(Found::Article(article))
    }

    /// The laws of another book (au cent) that amend this book's law `id`.
    pub fn amending<'a>(&'a self, id: &'a str) -> impl Iterator<Item = &'a Law> + 'a {
        self.laws.iter().filter(move |law| law.amends(id))
    }

    /// A short description of the ids this book uses, for help text.
    pub fn id_help(&self) -> String {
        let first = self.laws.first().map_or("", |l| l.id.as_str());
        let last = self.laws.last().map_or("", |l| l.id.as_str());
        format!(
            "{} has {} laws, from `{first}` to `{last}`; `referee laws --rules {}` lists them",
            self.title,
            self.laws.len(),
            rules_name(self)
        )
    }
}

/// The `--rules` value that shows this book.
fn rules_name(book: &Book) -> &'static str {
    crate::Rules::ALL
        .into_iter()
        .find(|r| r.book() == book.book)
        .map_or("portland", |r| r.name())
}

/// `Law 59 IV` → `59.IV`; `law 54` → `54`.
fn normalise(id: &str) -> String {
    let words: Vec<&str> = id
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| {
            !w.is_empty()
                && !["law", "par.", "par"]
                    .iter()
                    .any(|x| w.eq_ignore_ascii_case(x))
        })
        .collect();
    words.join(".").replace("..", ".")
}

/// The article number of a French-rules paragraph id: `4b` → `4`, `15.1a` → `15.1`.
fn article_of(id: &str) -> Option<&str> {
    let article = id.trim_end_matches(|c: char| c.is_ascii_lowercase());
    (article.len() + 1 == id.len() && article.starts_with(|c: char| c.is_ascii_digit()))
        .then_some(article)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalise_forms_of_an_id() {
        let table = [
            ("54", "54"),
            (" law 54 ", "54"),
            ("Law 59, par. IV", "59.IV"),
            ("59 IV", "59.IV"),
            ("59.iv", "59.iv"),
            ("AC12", "AC12"),
            ("15.1a", "15.1a"),
        ];
        for (given, expected) in table {
            assert_eq!(normalise(given), expected, "{given:?}");
        }
    }

    #[test]
    fn article_numbers() {
        let table = [
            ("4b", Some("4")),
            ("15.1a", Some("15.1")),
            ("54", None),
            ("AC1", None),
            ("ranking", None),
            ("O1", None),
        ];
        for (id, expected) in table {
            assert_eq!(article_of(id), expected, "{id}");
        }
    }
}
