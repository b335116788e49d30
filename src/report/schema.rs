//! The JSON Schemas of the documents whose types are Rust types, generated
//! from those types with schemars, as `docs/schemas/*.schema.json` publishes
//! them (a test compares the two). `rule`, `check` and `parse` stream their
//! JSON with no type for the whole; their schemas are written by hand in
//! `docs/schemas/`.

use schemars::generate::SchemaSettings;
use schemars::transform::RecursiveTransform;
use schemars::{JsonSchema, Schema};

use super::documents::{
    CaseDocument, CasesDocument, CoverageDocument, LawDocument, LawsDocument, SearchDocument,
};
use super::explain::ExplainDocument;

/// A schema for what is serialized, in JSON Schema 2020-12.
fn schema_of<T: JsonSchema>(title: &str, description: &str) -> Schema {
    let mut schema = SchemaSettings::draft2020_12()
        .for_serialize()
        .with_transform(RecursiveTransform(one_line))
        .into_generator()
        .into_root_schema_for::<T>();
    schema.insert("title".into(), title.into());
    schema.insert("description".into(), description.into());
    schema
}

/// Every generated schema, by its file name in `docs/schemas/` (without
/// `.schema.json`).
pub fn schemas() -> Vec<(&'static str, Schema)> {
    vec![
        (
            "law",
            schema_of::<LawDocument<'_>>(
                "referee law --format json",
                "One law (or one paragraph of a law, or an article of the French rules) in full.",
            ),
        ),
        (
            "laws",
            schema_of::<LawsDocument<'_>>(
                "referee laws --format json",
                "The laws of one book, in its order.",
            ),
        ),
        (
            "laws-search",
            schema_of::<SearchDocument<'_>>(
                "referee laws --search PHRASE --format json",
                "Every sentence of the books (and the cases) that holds the phrase.",
            ),
        ),
        (
            "laws-coverage",
            schema_of::<CoverageDocument<'_>>(
                "referee laws --coverage --format json",
                "How far the engine covers each book.",
            ),
        ),
        (
            "case",
            schema_of::<CaseDocument<'_>>(
                "referee case N --format json",
                "One of the Cases and Decisions, with the engine's ruling on its transcript.",
            ),
        ),
        (
            "cases",
            schema_of::<CasesDocument<'_>>(
                "referee cases --format json",
                "The Cases and Decisions I-XXII.",
            ),
        ),
        (
            "explain",
            schema_of::<ExplainDocument<'_>>(
                "referee explain FILE --format json",
                "Every event of every deal with the table after it, and each deal's ruling.",
            ),
        ),
    ]
}

/// A description on one line: the doc comment's line breaks are only where
/// the source wraps it.
fn one_line(schema: &mut Schema) {
    if let Some(serde_json::Value::String(text)) = schema.get_mut("description") {
        *text = text.replace('\n', " ");
    }
}
