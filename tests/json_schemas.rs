//! The JSON Schemas in `docs/schemas/`: those generated from the Rust types
//! must be what the types give now (`UPDATE_SCHEMAS=1 cargo test --test
//! json_schemas` writes them again), and the real output of every command
//! that prints JSON, on the project's cases, law transcripts and
//! scoresheets, must validate against its schema.

mod common;

use std::path::{Path, PathBuf};

use common::referee;
use jsonschema::{Retrieve, Uri, Validator};
use piquet_referee::laws::library;
use serde_json::Value;

/// The published schemas.
fn schema_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/schemas")
}

/// The schemas written by hand, for the JSON streamed with no type for the whole.
const BY_HAND: [&str; 3] = ["rule", "check", "parse"];

fn path_of(name: &str) -> PathBuf {
    schema_dir().join(format!("{name}.schema.json"))
}

#[test]
fn the_generated_schemas_are_the_published_ones() {
    let update = std::env::var_os("UPDATE_SCHEMAS").is_some();
    let mut stale = Vec::new();
    let generated = piquet_referee::report::schemas();
    for (name, schema) in &generated {
        let text = serde_json::to_string_pretty(schema).expect("a schema is JSON") + "\n";
        let path = path_of(name);
        if update {
            std::fs::write(&path, &text).expect("docs/schemas is writable");
        } else if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
            stale.push(path.display().to_string());
        }
    }
    assert!(
        stale.is_empty(),
        "the schemas generated from the types differ from {stale:?}: run `UPDATE_SCHEMAS=1 cargo test --test json_schemas` and review the diff"
    );
    // Every published schema is generated or written by hand: none is left over.
    for entry in std::fs::read_dir(schema_dir()).expect("docs/schemas") {
        let file = entry.expect("an entry").file_name();
        let file = file.to_string_lossy();
        let name = file.strip_suffix(".schema.json").unwrap_or(&file);
        assert!(
            BY_HAND.contains(&name) || generated.iter().any(|(g, _)| *g == name),
            "docs/schemas/{file} is neither generated nor written by hand"
        );
    }
}

/// Finds a schema another refers to (`rule.schema.json#/$defs/deal`) in `docs/schemas/`.
struct Published;

impl Retrieve for Published {
    fn retrieve(
        &self,
        uri: &Uri<String>,
    ) -> Result<Value, Box<dyn std::error::Error + Send + Sync>> {
        let path = uri.path().as_str();
        let file = path.rsplit('/').next().unwrap_or(path);
        let text = std::fs::read_to_string(schema_dir().join(file))?;
        Ok(serde_json::from_str(&text)?)
    }
}

/// The validator of a published schema, its references resolved in `docs/schemas/`.
fn validator(name: &str) -> Validator {
    let text = std::fs::read_to_string(path_of(name)).expect("the schema is published");
    let schema: Value = serde_json::from_str(&text).expect("the schema is JSON");
    build(name, &schema)
}

/// A validator of `schema`, read as if it were `docs/schemas/NAME.schema.json`.
fn build(name: &str, schema: &Value) -> Validator {
    let base = format!("file://{}", path_of(name).display());
    jsonschema::options()
        .with_base_uri(base)
        .with_retriever(Published)
        .build(schema)
        .unwrap_or_else(|e| panic!("{name}.schema.json is a valid schema: {e}"))
}

/// Runs `referee ARGS` and checks that what it printed is one JSON
/// document that validates against `schema`, with `version` its first key
/// (or, for several files, each report's). Gives the document.
fn valid(schema: &Validator, args: &[&str]) -> Value {
    let out = referee(args, None);
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    let document: Value = serde_json::from_str(&text).unwrap_or_else(|e| {
        panic!(
            "referee {}: not JSON ({e}): {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr)
        )
    });
    let mut errors: Vec<String> = schema
        .iter_errors(&document)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    if !errors.is_empty() && document.is_object() {
        // A schema that takes one report or an array says only that the
        // document is neither: the report's own errors say where it fails.
        if let Some(name) = BY_HAND.iter().find(|n| args.first() == Some(*n)) {
            let report = serde_json::json!({ "$ref": format!("{name}.schema.json#/$defs/report") });
            // Read from a place of its own, so that the reference is to the published file.
            let detail = build(&format!("{name}-report"), &report);
            errors.extend(
                detail
                    .iter_errors(&document)
                    .map(|e| format!("{} at {}", e, e.instance_path())),
            );
        }
    }
    assert!(
        errors.is_empty(),
        "referee {}: {}",
        args.join(" "),
        errors.join("\n")
    );
    if document.is_object() {
        assert!(
            text.starts_with("{\n  \"version\": \""),
            "referee {}: version is not the first key",
            args.join(" ")
        );
    }
    document
}

/// The folders of worked transcripts, one per book, as far as the project has them.
fn worked_folders() -> Vec<&'static str> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    [
        "tests/laws",
        "tests/au-cent",
        "tests/french",
        "tests/ecarte",
    ]
    .into_iter()
    .filter(|dir| root.join(dir).is_dir())
    .collect()
}

/// The `.pqt` files of a folder of the project, in name order (none where
/// the folder is not there).
fn transcripts(dir: &str) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
        return Vec::new();
    };
    let mut files: Vec<String> = entries
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "pqt"))
        .map(|p| {
            format!(
                "{dir}/{}",
                p.file_name().unwrap_or_default().to_string_lossy()
            )
        })
        .collect();
    files.sort();
    files
}

#[test]
fn law_validates_for_every_law_paragraph_and_article() {
    let schema = validator("law");
    let mut checked = 0;
    for book in library().expect("the books").books() {
        let rules = match book.book.name() {
            "au-cent" => "au-cent",
            "classic" => "classic",
            "ecarte" => "ecarte",
            _ => "portland",
        };
        for law in &book.laws {
            let document = valid(
                &schema,
                &["law", &law.id, "--rules", rules, "--format", "json"],
            );
            assert_eq!(document["laws"][0]["id"], law.id.as_str());
            checked += 1;
            for paragraph in &law.paragraphs {
                let id = format!("{}.{}", law.id, paragraph.id);
                let document = valid(&schema, &["law", &id, "--rules", rules, "--format", "json"]);
                assert_eq!(document["found"], "paragraph");
                assert_eq!(document["paragraph"]["id"], paragraph.id.as_str());
            }
        }
    }
    // An article of the French rules, and a Portland law read under au cent.
    let article = valid(
        &schema,
        &["law", "4", "--rules", "classic", "--format", "json"],
    );
    assert_eq!(article["found"], "article");
    let under = valid(
        &schema,
        &["law", "46", "--rules", "au-cent", "--format", "json"],
    );
    assert_eq!(under["amended_by"]["book"], "au-cent");
    assert!(checked > 150, "only {checked} laws");
}

#[test]
fn laws_validates_for_every_book_search_and_coverage() {
    let list = validator("laws");
    for rules in ["portland", "au-cent", "classic", "ecarte"] {
        let document = valid(&list, &["laws", "--rules", rules, "--format", "json"]);
        assert!(!document["laws"].as_array().expect("laws").is_empty());
    }
    let search = validator("laws-search");
    let everywhere = valid(
        &search,
        &["laws", "--search", "fresh deal", "--format", "json"],
    );
    let found = everywhere["found"].as_array().expect("found");
    assert!(found.iter().any(|h| h.get("case").is_some()));
    assert!(found.iter().any(|h| h.get("law").is_some()));
    valid(
        &search,
        &[
            "laws",
            "--search",
            "carte blanche",
            "--rules",
            "classic",
            "--format",
            "json",
        ],
    );
    valid(
        &search,
        &[
            "laws",
            "--search",
            "no such phrase anywhere",
            "--format",
            "json",
        ],
    );
    let coverage = validator("laws-coverage");
    let document = valid(&coverage, &["laws", "--coverage", "--format", "json"]);
    assert_eq!(document["books"].as_array().map(Vec::len), Some(4));
}

#[test]
fn case_and_cases_validate() {
    let schema = validator("case");
    for n in 1..=22 {
        let document = valid(&schema, &["case", &n.to_string(), "--format", "json"]);
        assert_eq!(document["case"], n);
    }
    let cases = validator("cases");
    let document = valid(&cases, &["cases", "--format", "json"]);
    assert_eq!(document["cases"].as_array().map(Vec::len), Some(22));
}

#[test]
fn explain_validates_on_every_case_and_law_transcript() {
    let schema = validator("explain");
    let mut explained = 0;
    let folders = ["cases", "tests/fixtures", "tests/fixtures/rule"];
    for dir in folders.into_iter().chain(worked_folders()) {
        for file in transcripts(dir) {
            let out = referee(&["explain", &file, "--format", "json"], None);
            if out.status.code() != Some(0) {
                // A transcript that cannot be read or ruled prints nothing.
                assert!(out.stdout.is_empty(), "{file}");
                continue;
            }
            let document = valid(&schema, &["explain", &file, "--format", "json"]);
            for deal in document["deals"].as_array().expect("deals") {
                let events = deal["events"].as_array().expect("events");
                let last = events.last().map_or(&Value::Null, |e| &e["line"]);
                assert!(events.is_empty() || last.is_u64(), "{file}");
            }
            explained += 1;
        }
    }
    assert!(explained > 150, "only {explained} explained");
}

#[test]
fn rule_validates_one_file_and_a_folder_and_keeps_the_notation_contract() {
    let schema = validator("rule");
    for file in transcripts("cases")
        .iter()
        .chain(&transcripts("tests/fixtures"))
    {
        if referee(&["rule", file], None).status.code() != Some(0) {
            continue;
        }
        let report = valid(&schema, &["rule", file, "--format", "json"]);
        // The contract of shared/NOTATION.md.
        assert!(report["rules"].is_string(), "{file}");
        for deal in report["deals"].as_array().expect("deals") {
            for key in ["number", "dealer", "elder", "scores"] {
                assert!(deal.get(key).is_some(), "{file}: {key}");
            }
        }
        assert!(report["totals"].is_object(), "{file}");
    }
    for dir in worked_folders().into_iter().chain(["tests/fixtures/rule"]) {
        let all = valid(&schema, &["rule", dir, "--format", "json"]);
        assert_eq!(
            all.as_array().map(Vec::len),
            Some(transcripts(dir).len()),
            "{dir}"
        );
    }
}

#[test]
fn check_validates_on_every_sheet() {
    let schema = validator("check");
    let dir = "tests/fixtures/sheets";
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut checked = 0;
    for entry in std::fs::read_dir(root).expect("the sheets") {
        let path = entry.expect("an entry").path();
        if path.extension().is_none_or(|e| e != "yaml") {
            continue;
        }
        let file = format!(
            "{dir}/{}",
            path.file_name().unwrap_or_default().to_string_lossy()
        );
        if !matches!(referee(&["check", &file], None).status.code(), Some(0 | 1)) {
            continue;
        }
        valid(&schema, &["check", &file, "--format", "json"]);
        checked += 1;
    }
    assert!(checked > 15, "only {checked} sheets");
    valid(&schema, &["check", dir, "--format", "json"]);
    // An écarté transcript's written marks are checked in the rule report's shape.
    for file in transcripts("tests/ecarte") {
        if matches!(referee(&["check", &file], None).status.code(), Some(0 | 1)) {
            valid(&schema, &["check", &file, "--format", "json"]);
        }
    }
    valid(
        &schema,
        &[
            "check",
            "tests/fixtures/sheets/transcripts",
            "--format",
            "json",
        ],
    );
}

#[test]
fn parse_validates_one_file_and_a_folder() {
    let schema = validator("parse");
    for file in transcripts("cases")
        .iter()
        .chain(&transcripts("tests/fixtures"))
    {
        valid(&schema, &["parse", file, "--format", "json"]);
    }
    valid(&schema, &["parse", "tests/laws", "--format", "json"]);
    valid(
        &schema,
        &["parse", "tests/fixtures/errors", "--format", "json"],
    );
}
