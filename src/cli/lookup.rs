//! The lookup commands: `law`, `laws`, `case`, `cases`, as text or JSON.

use crate::laws::BookId;
use crate::laws::{library, Book, Coverage, Found, Library};
use crate::report::documents::{
    to_json, AgreementOut, BookCoverage, CaseDocument, CaseEntry, CasesDocument, Cited,
    CoverageDocument, Hit, LawDocument, LawsDocument, SearchDocument, Version,
};
use crate::{cases, report, Error, Rules};

/// `referee law ID --rules R`, as text or (`json`) as JSON.
pub fn law(id: &str, rules: Rules, json: bool) -> Result<String, Error> {
    let library = library()?;
    let book = library.book(rules.book());
    let (owner, found, amending) = if let Some(found) = book.find(id) {
        (book, found, None)
    } else if let Some((base, found)) = rules
        .base_book()
        .map(|b| library.book(b))
        .and_then(|base| base.find(id).map(|found| (base, found)))
    {
        // Au cent is read over the Portland laws: a Portland number shows that law
        // with the au cent paragraphs that change it.
        (base, found, Some(book))
    } else if let Some((owner, found)) = only_book_with(library, id) {
        // The id says which book where only one book has it: `AC12` is au
        // cent's, whatever `--rules` says.
        (owner, found, None)
    } else {
        return Err(Error::UnknownLaw {
            book: book.title.clone(),
            id: id.to_string(),
            help: book.id_help(),
        });
    };
    let (cases, worked) = cited_in(owner.book, &found)?;
    if json {
        let document = LawDocument::new(owner, &found, amending, &cases, worked);
        return Ok(to_json(&document));
    }
    Ok(report::law_view(owner, &found, amending) + &report::cited_in(&cases, &worked))
}

/// The Cases and Decisions that cite what `found` names (the cases are
/// the Portland laws'), and the worked transcripts in the repository named
/// after it.
fn cited_in(
    book: BookId,
    found: &Found<'_>,
) -> Result<(Vec<&'static cases::Case>, Vec<&'static str>), Error> {
    let id = match found {
        Found::Law(law) => law.id.clone(),
        Found::Paragraph(law, paragraph) => format!("{}.{}", law.id, paragraph.id),
        Found::Article(_) => return Ok((Vec::new(), Vec::new())),
    };
    let cases = match book {
        BookId::Portland => cases::citing(&id)?,
        _ => Vec::new(),
    };
    Ok((cases, crate::laws::worked(book, &id)))
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

/// `referee laws [--rules R] [--search TEXT] [--coverage]`, as text or
/// (`json`) as JSON.
pub fn laws(
    rules: Option<Rules>,
    search: Option<&str>,
    coverage: bool,
    json: bool,
) -> Result<String, Error> {
    let library = library()?;
    if coverage {
        let all: Vec<Coverage<'_>> = library.books().map(Coverage::of).collect();
        if json {
            let books = all.iter().map(BookCoverage::of).collect();
            return Ok(to_json(&CoverageDocument {
                version: Version,
                books,
            }));
        }
        return Ok(report::coverage_table(&all));
    }
    let Some(phrase) = search else {
        let book = library.book(rules.unwrap_or(Rules::Portland).book());
        if json {
            return Ok(to_json(&LawsDocument {
                version: Version,
                book: book.book,
                title: &book.title,
                source: &book.source,
                laws: &book.laws,
            }));
        }
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
            for text in law.texts() {
                for sentence in crate::laws::sentences_with(text, phrase) {
                    found.push(Hit {
                        book: Some(book.book),
                        law: Some(law.id.clone()),
                        case: None,
                        sentence,
                    });
                }
            }
        }
    }
    if rules.is_none() {
        for case in cases::all()? {
            for sentence in case_texts(case).flat_map(|t| crate::laws::sentences_with(t, phrase)) {
                found.push(Hit {
                    book: None,
                    law: None,
                    case: Some(case.roman.clone()),
                    sentence,
                });
            }
        }
    }
    let searched = match rules {
        Some(rules) => library.book(rules.book()).title.clone(),
        None => "the law books and the Cases and Decisions".to_string(),
    };
    if json {
        return Ok(to_json(&SearchDocument {
            version: Version,
            phrase,
            searched: &searched,
            books: books.iter().map(|b| b.book).collect(),
            cases: rules.is_none(),
            found: &found,
        }));
    }
    let places: Vec<(String, String)> = found
        .into_iter()
        .map(|hit| (hit.place(), hit.sentence))
        .collect();
    Ok(report::search_table(&searched, phrase, &places))
}

/// The book's words in a case: the facts, the question, the decision, the note.
fn case_texts(case: &cases::Case) -> impl Iterator<Item = &str> {
    [&case.facts, &case.question, &case.decision]
        .into_iter()
        .map(String::as_str)
        .chain(case.note.as_deref())
}

/// `referee case N`, or with `--transcript` the case's transcript as its
/// file holds it; as text or (`json`) as JSON.
pub fn case(number: &str, transcript: bool, json: bool) -> Result<String, Error> {
    let case = cases::find(number)?;
    if transcript {
        // The case file as it is: its header and the transcript below it.
        return Ok(case.source.1.to_string());
    }
    let portland = library()?.book(BookId::Portland);
    if !json {
        return Ok(report::case_view(case, portland));
    }
    let (ruled, agreement) = cases::rule_case(case);
    let ruling = match ruled {
        Some((transcript, ruled)) => {
            let text = report::ruled_json(&transcript, &ruled);
            Some(serde_json::from_str(&text).map_err(|e| Error::BuiltIn {
                what: case.source.0.to_string(),
                line: 0,
                column: 0,
                message: e.to_string(),
            })?)
        }
        None => None,
    };
    let cited = case
        .laws
        .iter()
        .map(|id| {
            let (law, paragraph) = match portland.find(id) {
                Some(Found::Law(law)) => (Some(law), None),
                Some(Found::Paragraph(law, p)) => (Some(law), Some(p)),
                _ => (None, None),
            };
            Cited { id, law, paragraph }
        })
        .collect();
    Ok(to_json(&CaseDocument {
        version: Version,
        case,
        file: case.source.0,
        cited,
        agreement: AgreementOut::of(&agreement),
        ruling,
    }))
}

/// `referee cases`, as text or (`json`) as JSON.
pub fn cases(json: bool) -> Result<String, Error> {
    let all = cases::all()?;
    if !json {
        return Ok(report::cases_table(all));
    }
    let cases = all
        .iter()
        .map(|case| CaseEntry {
            case,
            agreement: AgreementOut::of(&cases::rule_case(case).1),
        })
        .collect();
    Ok(to_json(&CasesDocument {
        version: Version,
        cases,
    }))
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
