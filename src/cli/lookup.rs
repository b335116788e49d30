//! The lookup commands: `law`, `laws`, `case`, `cases`.

use crate::laws::BookId;
use crate::laws::{library, Book, Coverage, Found, Library};
use crate::{cases, report, Error, Rules};

/// `referee law ID --rules R`.
pub fn law(id: &str, rules: Rules) -> Result<String, Error> {
    let library = library()?;
    let book = library.book(rules.book());
    if let Some(found) = book.find(id) {
        return Ok(report::law_view(book, &found, None) + &cited_in(book.book, &found)?);
    }
    // Au cent is read over the Portland laws: a Portland number shows that law
    // with the au cent paragraphs that change it.
    if let Some(base) = rules.base_book().map(|b| library.book(b)) {
        if let Some(found) = base.find(id) {
            return Ok(report::law_view(base, &found, Some(book)) + &cited_in(base.book, &found)?);
        }
    }
    // The id says which book where only one book has it: `AC12` is au
    // cent's, whatever `--rules` says.
    if let Some((owner, found)) = only_book_with(library, id) {
        return Ok(report::law_view(owner, &found, None) + &cited_in(owner.book, &found)?);
    }
    Err(Error::UnknownLaw {
        book: book.title.clone(),
        id: id.to_string(),
        help: book.id_help(),
    })
}

/// The Cases and Decisions that cite what `found` names (the cases are
/// the Portland laws'), and the worked transcripts in the repository named
/// after it.
fn cited_in(book: BookId, found: &Found<'_>) -> Result<String, Error> {
    let id = match found {
        Found::Law(law) => law.id.clone(),
        Found::Paragraph(law, paragraph) => format!("{}.{}", law.id, paragraph.id),
        Found::Article(_) => return Ok(String::new()),
    };
    let cases = match book {
        BookId::Portland => cases::citing(&id)?,
        _ => Vec::new(),
    };
    Ok(report::cited_in(&cases, &crate::laws::worked(book, &id)))
}

/// The one book that has `id` as its own law or paragraph, if only one has
/// it: au cent's `AC` paragraphs, the classic articles `4a`.
fn only_book_with<'l>(library: &'l Library, id: &str) -> Option<(&'l Book, Found<'l>)> {
    let mut holding = library
        .books()
        .filter_map(|b| b.find(id).map(|found| (b, found)));
    let first = holding.next()?;
    holding.next().is_none().then_some(first)
}

/// `referee laws [--rules R] [--search TEXT] [--coverage]`.
pub fn laws(rules: Option<Rules>, search: Option<&str>, coverage: bool) -> Result<String, Error> {
    let library = library()?;
    if coverage {
        let all: Vec<Coverage<'_>> = library.books().map(Coverage::of).collect();
        return Ok(report::coverage_table(&all));
    }
    let Some(phrase) = search else {
        let book = library.book(rules.unwrap_or(Rules::Portland).book());
        let amends_column = book.book == BookId::AuCent;
        let title = format!("{}\n", book.title);
        return Ok(title + &report::laws_table(&book.laws, amends_column));
    };
    let mut found = Vec::new();
    let books: Vec<&Book> = match rules {
        Some(rules) => vec![library.book(rules.book())],
        None => library.books().collect(),
    };
    for book in &books {
        for law in &book.laws {
            let place = format!("{} {}", book.book, law.id);
            for text in law.texts() {
                for sentence in crate::laws::sentences_with(text, phrase) {
                    found.push((place.clone(), sentence));
                }
            }
        }
    }
    if rules.is_none() {
        for case in cases::all()? {
            for sentence in case_texts(case).flat_map(|t| crate::laws::sentences_with(t, phrase)) {
                found.push((format!("case {}", case.roman), sentence));
            }
        }
    }
    let searched = match rules {
        Some(rules) => library.book(rules.book()).title.clone(),
        None => "the law books and the Cases and Decisions".to_string(),
    };
    Ok(report::search_table(&searched, phrase, &found))
}

/// The book's words in a case: the facts, the question, the decision, the note.
fn case_texts(case: &cases::Case) -> impl Iterator<Item = &str> {
    [&case.facts, &case.question, &case.decision]
        .into_iter()
        .map(String::as_str)
        .chain(case.note.as_deref())
}

/// `referee case N`, or with `--transcript` the case's transcript as its file holds it.
pub fn case(number: &str, transcript: bool) -> Result<String, Error> {
    let case = cases::find(number)?;
    if transcript {
        // The case file as it is: its header and the transcript below it.
        return Ok(case.source.1.to_string());
    }
    Ok(report::case_view(case, library()?.book(BookId::Portland)))
}

/// `referee cases`.
pub fn cases() -> Result<String, Error> {
    Ok(report::cases_table(cases::all()?))
}

/// `referee casebook --out DIR`: the site written, and where to open it.
pub fn casebook(out: &std::path::Path) -> Result<String, Error> {
    let written = crate::casebook::write(out)?;
    Ok(format!(
        "Wrote the casebook ({} files) to {}\nOpen {}\n",
        written.files,
        out.display(),
        written.index.display()
    ))
}
