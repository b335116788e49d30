//! The casebook's pages rendered to HTML by the templates in
//! `templates/casebook/` (minijinja, HTML escaping on), compiled in.

use minijinja::value::Serde;
use minijinja::{context, Environment, Value};

use super::site::Site;
use crate::Error;

/// The templates, by name, as compiled in.
const TEMPLATES: [(&str, &str); 6] = [
    (
        "base.html",
        include_str!("../../templates/casebook/base.html"),
    ),
    (
        "index.html",
        include_str!("../../templates/casebook/index.html"),
    ),
    (
        "law.html",
        include_str!("../../templates/casebook/law.html"),
    ),
    (
        "case.html",
        include_str!("../../templates/casebook/case.html"),
    ),
    (
        "case-body.html",
        include_str!("../../templates/casebook/case-body.html"),
    ),
    (
        "cases.html",
        include_str!("../../templates/casebook/cases.html"),
    ),
];

/// The stylesheet, written beside the index (screen and print).
pub const STYLESHEET: &str = include_str!("../../templates/casebook/style.css");

/// The stylesheet's path from the site's root.
pub const STYLESHEET_PATH: &str = "style.css";

/// The page that holds every case, to print.
pub const ALL_CASES_PATH: &str = "cases/all.html";

/// Every file of the site: its path from the site's root, and its text.
pub fn render(site: &Site) -> Result<Vec<(String, String)>, Error> {
    let env = environment()?;
    let version = env!("CARGO_PKG_VERSION");
    let page = |template: &str, path: &str, ctx: Value| -> Result<(String, String), Error> {
        let html = env
            .get_template(template)
            .and_then(|t| t.render(ctx))
            .map_err(|e| template_error(&e))?;
        Ok((path.to_string(), html))
    };
    let mut files = vec![(STYLESHEET_PATH.to_string(), STYLESHEET.to_string())];
    files.push(page(
        "index.html",
        "index.html",
        context! { root => "", version, books => Value::from(Serde(&site.books)), cases => Value::from(Serde(&site.cases)) },
    )?);
    for law in &site.laws {
        files.push(page(
            "law.html",
            &law.path,
            context! { root => up(&law.path), version, law => Value::from(Serde(law)) },
        )?);
    }
    for case in &site.cases {
        files.push(page(
            "case.html",
            &case.path,
            context! { root => up(&case.path), version, case => Value::from(Serde(case)) },
        )?);
    }
    files.push(page(
        "cases.html",
        ALL_CASES_PATH,
        context! { root => up(ALL_CASES_PATH), version, cases => Value::from(Serde(&site.cases)) },
    )?);
    Ok(files)
}

/// The way back to the site's root from a page at `path`: `../` for each folder.
fn up(path: &str) -> String {
    "../".repeat(path.matches('/').count())
}

/// The templates, each checked as it is added.
fn environment() -> Result<Environment<'static>, Error> {
    let mut env = Environment::new();
    for (name, source) in TEMPLATES {
        env.add_template(name, source)
            .map_err(|e| template_error(&e))?;
    }
    Ok(env)
}

/// A template that does not compile or render: a bug in the tool.
fn template_error(e: &minijinja::Error) -> Error {
    Error::BuiltIn {
        what: format!("templates/casebook/{}", e.name().unwrap_or("?")),
        line: e.line().unwrap_or(0),
        column: 0,
        message: e.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_way_back_to_the_root() {
        let table = [
            ("index.html", ""),
            ("cases/case-07.html", "../"),
            ("a/b/c.html", "../../"),
        ];
        for (path, expected) in table {
            assert_eq!(up(path), expected, "{path}");
        }
    }

    #[test]
    fn every_template_compiles() {
        let env = environment().unwrap();
        for (name, _) in TEMPLATES {
            assert!(env.get_template(name).is_ok(), "{name}");
        }
    }

    #[test]
    fn text_is_escaped_in_the_html() {
        let env = environment().unwrap();
        let law = context! { label => "Law <1>", text => "A & B", book_title => "", section => "", status => "", status_class => "", paragraphs => Vec::<String>::new(), replaces => Vec::<String>::new(), adds_to => Vec::<String>::new(), amended_by => Vec::<String>::new(), mendings => Vec::<String>::new(), cases => Vec::<String>::new(), worked => Vec::<String>::new() };
        let html = env
            .get_template("law.html")
            .and_then(|t| t.render(context! { root => "../", version => "0", law }))
            .unwrap();
        assert!(html.contains("Law &lt;1&gt;"), "{html}");
        assert!(html.contains("A &amp; B"), "{html}");
        assert!(!html.contains("Law <1>"), "{html}");
    }
}
