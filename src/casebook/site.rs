//! The casebook's pages as data: what each page shows and where it links,
//! taken from the law books ([`crate::laws`]) and the Cases and Decisions
//! ([`crate::cases`]). Nothing here is HTML: the templates lay it out
//! (`render.rs`).
//!
//! Every `href` is relative to the site's root folder; a page's template
//! puts its own way back to the root (`root`) before it, so the site works
//! from `file://` wherever it is copied.

use serde::Serialize;

use crate::cases::{self, Agreement, Case};
use crate::laws::{self, Book, BookId, Coverage, Law, Status};
use crate::report::{case_ruling, law_label, opening_words, verdict};
use crate::Error;

/// The whole site: the index, and a page per law and per case.
#[derive(Clone, Debug, Serialize)]
pub struct Site {
    /// Every book, in [`BookId::ALL`] order, for the index.
    pub books: Vec<BookEntry>,
    /// A page per law of every book.
    pub laws: Vec<LawPage>,
    /// A page per case, I to XXII.
    pub cases: Vec<CasePage>,
}

/// A book on the index: its sections, each with its laws.
#[derive(Clone, Debug, Serialize)]
pub struct BookEntry {
    /// The book's short name (`portland`), also its folder in the site.
    pub name: &'static str,
    /// The book's title.
    pub title: String,
    /// Where the text comes from.
    pub source: String,
    /// What the book's editors (ours) say about it.
    pub editorial: String,
    /// How many laws the engine implements, cannot decide, or not yet.
    pub implemented: usize,
    /// Laws a transcript cannot decide.
    pub not_decidable: usize,
    /// Laws still to do.
    pub not_yet: usize,
    /// The book's sections in order, each with its laws.
    pub sections: Vec<SectionEntry>,
}

/// One section of a book, as the book heads it.
#[derive(Clone, Debug, Serialize)]
pub struct SectionEntry {
    /// The heading.
    pub name: String,
    /// Its laws, in the book's order.
    pub laws: Vec<LawEntry>,
}

/// A law's line on the index.
#[derive(Clone, Debug, Serialize)]
pub struct LawEntry {
    /// `Law 54`, `Au cent AC12`, `Article 4b`.
    pub label: String,
    /// The law's title, or its opening words.
    pub title: String,
    /// Its coverage, in words.
    pub status: &'static str,
    /// Its coverage, as a CSS class.
    pub status_class: &'static str,
    /// Its page.
    pub href: String,
}

/// A link with the words it shows.
#[derive(Clone, Debug, Serialize)]
pub struct Link {
    /// The words.
    pub label: String,
    /// Where it goes, from the site's root.
    pub href: String,
}

/// A numbered paragraph of a law, with its anchor on the law's page.
#[derive(Clone, Debug, Serialize)]
pub struct ParagraphEntry {
    /// `IV`.
    pub id: String,
    /// The anchor (`p-IV`).
    pub anchor: String,
    /// The paragraph, verbatim.
    pub text: String,
}

/// A scanning error of the source, and how the book mends it.
#[derive(Clone, Debug, Serialize)]
pub struct MendingEntry {
    /// As scanned.
    pub seed: String,
    /// As mended.
    pub mended: String,
}

/// A law of a book amending this one (au cent's paragraphs over a Portland law).
#[derive(Clone, Debug, Serialize)]
pub struct AmendingEntry {
    /// The amending law and its page.
    pub link: Link,
    /// `replaces` or `adds to`.
    pub how: &'static str,
    /// Its text.
    pub text: String,
}

/// A page for one law: its text, its coverage, and where it is worked.
#[derive(Clone, Debug, Serialize)]
pub struct LawPage {
    /// The page's path from the site's root.
    pub path: String,
    /// The book's title.
    pub book_title: String,
    /// `Law 54`, `Au cent AC12`, `Article 4b`.
    pub label: String,
    /// The section the law stands under.
    pub section: String,
    /// The law's own title, where the book gives one.
    pub heading: Option<String>,
    /// The law, verbatim.
    pub text: String,
    /// Its numbered paragraphs.
    pub paragraphs: Vec<ParagraphEntry>,
    /// The note printed with it.
    pub note: Option<String>,
    /// Its coverage, in words.
    pub status: &'static str,
    /// Its coverage, as a CSS class.
    pub status_class: &'static str,
    /// Why a transcript cannot decide it.
    pub reason: Option<String>,
    /// The part of an implemented law a transcript cannot show.
    pub in_part: Option<String>,
    /// Au cent: the Portland laws it replaces.
    pub replaces: Vec<Link>,
    /// Au cent: the Portland laws it adds to.
    pub adds_to: Vec<Link>,
    /// The au cent paragraphs that replace or add to this Portland law.
    pub amended_by: Vec<AmendingEntry>,
    /// Scanning errors mended in its text.
    pub mendings: Vec<MendingEntry>,
    /// The Cases and Decisions that cite it (as `referee law` lists them).
    pub cases: Vec<Link>,
    /// The worked transcripts in the repository named after it, by path.
    pub worked: Vec<String>,
    /// The previous and next law of the book.
    pub previous: Option<Link>,
    /// The next law of the book.
    pub next: Option<Link>,
}

/// A law a case cites, quoted on the case's page.
#[derive(Clone, Debug, Serialize)]
pub struct CitedEntry {
    /// The law (or paragraph) and its page.
    pub link: Link,
    /// Its text.
    pub text: String,
}

/// A page for one case: the book's words, the transcript, the book's
/// decision beside the engine's ruling, and the laws it cites.
#[derive(Clone, Debug, Serialize)]
pub struct CasePage {
    /// The page's path from the site's root.
    pub path: String,
    /// 1 to 22.
    pub number: u32,
    /// `Case VII`.
    pub title: String,
    /// One line, ours.
    pub summary: String,
    /// What happened, verbatim.
    pub facts: String,
    /// The question.
    pub question: String,
    /// The question is ours: the book asks none.
    pub question_is_editorial: bool,
    /// The book's decision, verbatim.
    pub decision: String,
    /// The book's note.
    pub note: Option<String>,
    /// The book calls it a matter of etiquette.
    pub etiquette: bool,
    /// The book says the decision has been much disputed.
    pub disputed: bool,
    /// What the transcript invents where the book gives only part of the deal.
    pub invented: Option<String>,
    /// The case file's name in the repository.
    pub file: &'static str,
    /// The transcript: the case file below its header.
    pub transcript: Option<String>,
    /// The engine's ruling, as `referee case N` prints it.
    pub ruling: String,
    /// `agrees`, `differs`, `not compared`, ….
    pub agreement: &'static str,
    /// The agreement as a CSS class.
    pub agreement_class: &'static str,
    /// The agreement in a sentence.
    pub verdict: String,
    /// The laws the book cites in the case, quoted.
    pub laws: Vec<CitedEntry>,
    /// The previous case.
    pub previous: Option<Link>,
    /// The next case.
    pub next: Option<Link>,
}

impl Site {
    /// The site from the books and cases compiled in.
    pub fn build() -> Result<Site, Error> {
        let library = laws::library()?;
        let portland = library.book(BookId::Portland);
        let amending = library.book(BookId::AuCent);
        let mut books = Vec::new();
        let mut pages = Vec::new();
        for book in library.books() {
            books.push(book_entry(book));
            for (i, law) in book.laws.iter().enumerate() {
                let link = |at: Option<&Law>| at.map(|l| law_link(book.book, l));
                let mut page = law_page(book, law, amending)?;
                page.previous = link(i.checked_sub(1).and_then(|p| book.laws.get(p)));
                page.next = link(book.laws.get(i + 1));
                pages.push(page);
            }
        }
        let all = cases::all()?;
        let mut case_pages: Vec<CasePage> = all.iter().map(|c| case_page(c, portland)).collect();
        for (i, page) in case_pages.iter_mut().enumerate() {
            page.previous = i.checked_sub(1).and_then(|p| all.get(p)).map(case_link);
            page.next = all.get(i + 1).map(case_link);
        }
        Ok(Site {
            books,
            laws: pages,
            cases: case_pages,
        })
    }
}

/// A law's page, from the site's root: `portland/law-59.html`. Ids keep
/// their letters, digits, dots and hyphens; anything else becomes `_`.
pub fn law_path(book: BookId, id: &str) -> String {
    let file: String = id
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '.' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!("{}/law-{file}.html", book.name())
}

/// A case's page, from the site's root: `cases/case-07.html`.
pub fn case_path(case: u32) -> String {
    format!("cases/case-{case:02}.html")
}

fn law_link(book: BookId, law: &Law) -> Link {
    Link {
        label: law_label(book, &law.id),
        href: law_path(book, &law.id),
    }
}

fn case_link(case: &Case) -> Link {
    Link {
        label: format!("Case {}", case.roman),
        href: case_path(case.case),
    }
}

/// The words and CSS class of a law's coverage.
fn status(law: &Law) -> (&'static str, &'static str) {
    let class = match law.status {
        Status::Implemented => "implemented",
        Status::NotDecidable => "not-decidable",
        Status::NotYet => "not-yet",
    };
    (law.status.describe(), class)
}

fn book_entry(book: &Book) -> BookEntry {
    let coverage = Coverage::of(book);
    let mut sections: Vec<SectionEntry> = Vec::new();
    for law in &book.laws {
        let (status, status_class) = status(law);
        let entry = LawEntry {
            label: law_label(book.book, &law.id),
            title: law
                .heading
                .clone()
                .unwrap_or_else(|| opening_words(&law.text, 90)),
            status,
            status_class,
            href: law_path(book.book, &law.id),
        };
        match sections.last_mut() {
            Some(section) if section.name == law.section => section.laws.push(entry),
            _ => sections.push(SectionEntry {
                name: law.section.clone(),
                laws: vec![entry],
            }),
        }
    }
    BookEntry {
        name: book.book.name(),
        title: book.title.clone(),
        source: book.source.clone(),
        editorial: book.editorial.clone(),
        implemented: coverage.implemented.len(),
        not_decidable: coverage.not_decidable.len(),
        not_yet: coverage.not_yet.len(),
        sections,
    }
}

/// A law's page: its text and coverage, the au cent paragraphs over it,
/// and the cases and worked transcripts that cite it, as `referee law` names them.
fn law_page(book: &Book, law: &Law, au_cent: &Book) -> Result<LawPage, Error> {
    let (status, status_class) = status(law);
    let portland_links = |ids: &[String]| -> Vec<Link> {
        ids.iter()
            .map(|id| Link {
                label: law_label(BookId::Portland, id),
                href: law_path(BookId::Portland, id),
            })
            .collect()
    };
    let amended_by = match book.book {
        BookId::Portland => au_cent
            .amending(&law.id)
            .map(|paragraph| AmendingEntry {
                link: law_link(BookId::AuCent, paragraph),
                how: if paragraph.replaces.contains(&law.id) {
                    "replaces"
                } else {
                    "adds to"
                },
                text: paragraph.text.clone(),
            })
            .collect(),
        _ => Vec::new(),
    };
    let cases = match book.book {
        // The cases are the Portland laws'.
        BookId::Portland => cases::citing(&law.id)?
            .into_iter()
            .map(|case| Link {
                label: format!("Case {}: {}", case.roman, case.summary.trim()),
                href: case_path(case.case),
            })
            .collect(),
        _ => Vec::new(),
    };
    Ok(LawPage {
        path: law_path(book.book, &law.id),
        book_title: book.title.clone(),
        label: law_label(book.book, &law.id),
        section: law.section.clone(),
        heading: law.heading.clone(),
        text: law.text.clone(),
        paragraphs: law
            .paragraphs
            .iter()
            .map(|p| ParagraphEntry {
                id: p.id.clone(),
                anchor: format!("p-{}", p.id),
                text: p.text.clone(),
            })
            .collect(),
        note: law.note.clone(),
        status,
        status_class,
        reason: law.reason.clone(),
        in_part: law.in_part.clone(),
        replaces: portland_links(&law.replaces),
        adds_to: portland_links(&law.adds_to),
        amended_by,
        mendings: book
            .mendings_of(&law.id)
            .map(|m| MendingEntry {
                seed: m.seed.clone(),
                mended: m.mended.clone(),
            })
            .collect(),
        cases,
        worked: laws::worked(book.book, &law.id)
            .into_iter()
            .map(str::to_string)
            .collect(),
        previous: None,
        next: None,
    })
}

/// The words and CSS class of an agreement.
fn agreement_class(agreement: &Agreement) -> &'static str {
    match agreement {
        Agreement::Agrees => "agrees",
        Agreement::Differs(_) | Agreement::Unreadable(_) => "differs",
        Agreement::NotCompared | Agreement::NoTranscript => "not-compared",
    }
}

/// A case's page; the ruling is `referee case N`'s.
fn case_page(case: &Case, portland: &Book) -> CasePage {
    let (ruling, agreement) = case_ruling(case, portland);
    let transcript = crate::notation::split_front_matter(case.source.1)
        .ok()
        .flatten()
        .map(|front| front.body.trim().to_string())
        .filter(|body| !body.is_empty());
    CasePage {
        path: case_path(case.case),
        number: case.case,
        title: format!("Case {}", case.roman),
        summary: case.summary.trim().to_string(),
        facts: case.facts.trim().to_string(),
        question: case.question.trim().to_string(),
        question_is_editorial: case.question_is_editorial,
        decision: case.decision.trim().to_string(),
        note: case.note.as_ref().map(|n| n.trim().to_string()),
        etiquette: case.etiquette,
        disputed: case.disputed,
        invented: case.invented.as_ref().map(|i| i.trim().to_string()),
        file: case.source.0,
        transcript,
        ruling,
        agreement: agreement.short(),
        agreement_class: agreement_class(&agreement),
        verdict: verdict(&agreement),
        laws: case.laws.iter().map(|id| cited(portland, id)).collect(),
        previous: None,
        next: None,
    }
}

/// A law or paragraph a case cites, linked to its page (a paragraph to its anchor).
fn cited(portland: &Book, id: &str) -> CitedEntry {
    use crate::laws::Found;
    let (href, text) = match portland.find(id) {
        Some(Found::Law(law)) => (law_path(BookId::Portland, &law.id), law.text.clone()),
        Some(Found::Paragraph(law, p)) => (
            format!("{}#p-{}", law_path(BookId::Portland, &law.id), p.id),
            p.text.clone(),
        ),
        // The cases cite only the Portland laws (a test of `cases` holds
        // them to it); an id that is not there links to the index.
        _ => ("index.html".to_string(), String::new()),
    };
    CitedEntry {
        link: Link {
            label: law_label(BookId::Portland, id),
            href,
        },
        text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_keep_ids_readable_and_safe() {
        let table = [
            (BookId::Portland, "59", "portland/law-59.html"),
            (BookId::AuCent, "AC12", "au-cent/law-AC12.html"),
            (BookId::Classic, "15.1a", "classic/law-15.1a.html"),
            (BookId::Ecarte, "ranking", "ecarte/law-ranking.html"),
            (BookId::Portland, "../x y", "portland/law-.._x_y.html"),
        ];
        for (book, id, expected) in table {
            assert_eq!(law_path(book, id), expected, "{id}");
        }
        assert_eq!(case_path(7), "cases/case-07.html");
        assert_eq!(case_path(22), "cases/case-22.html");
    }

    #[test]
    fn every_law_has_one_page_of_its_own() {
        let site = Site::build().unwrap();
        let library = laws::library().unwrap();
        let total: usize = library.books().map(|b| b.laws.len()).sum();
        assert_eq!(site.laws.len(), total);
        let mut paths: Vec<&str> = site.laws.iter().map(|p| p.path.as_str()).collect();
        paths.sort_unstable();
        paths.dedup();
        assert_eq!(paths.len(), total, "two laws share a page");
        assert_eq!(site.cases.len(), 22);
    }
}
