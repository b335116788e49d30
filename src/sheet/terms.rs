//! What the YAML reader says of a sheet, put in the sheet's own terms: the
//! deals counted from one and named as the players name them (`deal 5:
//! scores: A: expected a number, found the text "x"`), not the reader's
//! (`deals[4].scores.A: invalid type: string "x", expected u32`).

/// The reader's message in the sheet's terms.
pub fn in_sheet_terms(message: &str) -> String {
    let (path, body) = match message.split_once(": ") {
        Some((path, body)) if is_path(path) => (Some(path), body),
        _ => (None, message),
    };
    let body = body_in_terms(body);
    match path {
        Some(path) => format!("{}: {body}", path_in_terms(path)),
        None => body,
    }
}

/// Whether the text before the first `: ` is a path into the sheet
/// (`deals[4].scores`), not words.
fn is_path(text: &str) -> bool {
    !text.is_empty()
        && !text.contains(' ')
        && text
            .chars()
            .all(|c| c.is_alphanumeric() || "_-.[]".contains(c))
}

/// `deals[4].scores.A` → `deal 5: scores: A`.
fn path_in_terms(path: &str) -> String {
    path.split('.')
        .map(|part| match part.split_once('[') {
            Some((key, index)) => {
                let n = index
                    .trim_end_matches(']')
                    .parse::<usize>()
                    .map_or(0, |n| n + 1);
                match key {
                    "deals" => format!("deal {n}"),
                    "players" => format!("player {n}"),
                    _ => format!("{key}: item {n}"),
                }
            }
            None => part.to_string(),
        })
        .collect::<Vec<_>>()
        .join(": ")
}

/// The reader's words for a problem, in a player's.
fn body_in_terms(body: &str) -> String {
    if let Some(field) = between(body, "missing field `", "`") {
        return format!("`{field}` is missing");
    }
    if let Some(field) = between(body, "unknown field `", "`") {
        let known: Vec<&str> = body
            .split_once("expected ")
            .map(|(_, list)| list.split('`').skip(1).step_by(2).collect())
            .unwrap_or_default();
        return match known.is_empty() {
            true => format!("unknown key `{field}`"),
            false => format!(
                "unknown key `{field}`; the keys here are {}",
                known.join(", ")
            ),
        };
    }
    if let Some(rest) = body.strip_prefix("invalid type: ") {
        if let Some((found, expected)) = rest.split_once(", expected ") {
            return format!("expected {}, found {}", wanted(expected), what(found));
        }
    }
    if let Some(rest) = body.strip_prefix("invalid value: ") {
        if let Some((found, expected)) = rest.split_once(", expected ") {
            return format!("expected {}, found {}", wanted(expected), what(found));
        }
    }
    if let Some(rest) = body.strip_prefix("invalid length ") {
        if let Some((n, expected)) = rest.split_once(", expected ") {
            return format!("expected {}, found {n}", wanted(expected));
        }
    }
    body.to_string()
}

/// The text between `open` and the next `close`.
fn between<'a>(text: &'a str, open: &str, close: &str) -> Option<&'a str> {
    let rest = &text[text.find(open)? + open.len()..];
    Some(&rest[..rest.find(close)?])
}

/// What the sheet should have held, from the reader's name for a type.
fn wanted(expected: &str) -> String {
    let expected = expected.trim();
    let number = ["u8", "u16", "u32", "u64", "usize", "i32", "i64"];
    if number.contains(&expected) {
        return "a number of nought or more".to_string();
    }
    match expected {
        "a sequence" => "a list".to_string(),
        "a string" => "a name or a word".to_string(),
        "a boolean" => "true or false".to_string(),
        e if e.starts_with("struct ") || e == "a map" => "keys and values".to_string(),
        e if e.starts_with("a sequence of") || e.starts_with("an array of") => e
            .replace("a sequence of", "a list of")
            .replace("an array of", "a list of"),
        e if e.ends_with("elements") || e.starts_with("a sequence") => {
            e.replace("a sequence", "a list")
        }
        e => e.to_string(),
    }
}

/// What the sheet held, from the reader's description of a value.
fn what(found: &str) -> String {
    let found = found.trim();
    if let Some(text) = found.strip_prefix("string ") {
        return format!("the text {text}");
    }
    for kind in ["integer ", "floating point "] {
        if let Some(n) = found.strip_prefix(kind) {
            return format!("the number {}", n.trim_matches('`'));
        }
    }
    match found {
        "map" => "keys and values".to_string(),
        "sequence" => "a list".to_string(),
        "unit value" => "nothing".to_string(),
        f => f.trim_matches('`').to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_readers_words_in_the_sheets() {
        let table = [
            (
                "deals[0]: missing field `scores`",
                "deal 1: `scores` is missing",
            ),
            ("missing field `players`", "`players` is missing"),
            (
                "deals[4].scores.A: invalid type: string \"x\", expected u32",
                "deal 5: scores: A: expected a number of nought or more, found the text \"x\"",
            ),
            (
                "deals[1].scores.B: invalid value: integer `-3`, expected u32",
                "deal 2: scores: B: expected a number of nought or more, found the number -3",
            ),
            (
                "deals[2]: unknown field `scorez`, expected one of `dealer`, `scores`, `totals`",
                "deal 3: unknown key `scorez`; the keys here are dealer, scores, totals",
            ),
            (
                "deals: invalid type: map, expected a sequence",
                "deals: expected a list, found keys and values",
            ),
            (
                "players: invalid type: string \"A B\", expected a sequence",
                "players: expected a list, found the text \"A B\"",
            ),
            (
                "did not find expected ',' or '}'",
                "did not find expected ',' or '}'",
            ),
        ];
        for (reader, sheet) in table {
            assert_eq!(in_sheet_terms(reader), sheet, "{reader}");
        }
    }
}
