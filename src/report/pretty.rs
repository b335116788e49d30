//! JSON laid out as `serde_json`'s pretty printer lays it out (two spaces an
//! indent, `": "` after a key, `[]` and `{}` when empty), written straight
//! into a buffer at any depth: a deal of a report is written already
//! indented as an item of its `deals`, with no value built first and no
//! second pass to indent it.
//!
//! [`Pretty`] writes a value field by field; [`AtDepth`] is the same layout
//! as a `serde_json` formatter, for a value written through serde.

use std::io;

use serde::Serialize;
use serde_json::ser::Formatter;

/// One level of indent.
const INDENT: &[u8] = b"  ";

/// A comma, a line break and the indent of the lines of a report, as deep
/// as they go (a line deeper is indented level by level).
const BREAK: &[u8] = b",\n                                ";

/// What ends an item (a comma, if `comma`) and starts a line at `depth`.
fn line_break(comma: bool, depth: usize) -> Option<&'static [u8]> {
    BREAK.get(usize::from(!comma)..2 + depth * INDENT.len())
}

/// Starts a new line at `depth`, after a comma if `comma`.
fn new_line(out: &mut (impl io::Write + ?Sized), comma: bool, depth: usize) -> io::Result<()> {
    if let Some(bytes) = line_break(comma, depth) {
        return out.write_all(bytes);
    }
    out.write_all(if comma { b",\n" } else { b"\n" })?;
    (0..depth).try_for_each(|_| out.write_all(INDENT))
}

/// `serde_json`'s `PrettyFormatter` starting at `depth` levels of indent
/// rather than none: a value serialized through it is the pretty JSON of
/// the value with every line break followed by `depth` more indents.
pub(super) struct AtDepth {
    depth: usize,
    has_value: bool,
}

impl AtDepth {
    pub(super) fn new(depth: usize) -> Self {
        AtDepth {
            depth,
            has_value: false,
        }
    }

    fn open<W: ?Sized + io::Write>(&mut self, writer: &mut W, bracket: &[u8]) -> io::Result<()> {
        self.depth += 1;
        self.has_value = false;
        writer.write_all(bracket)
    }

    fn close<W: ?Sized + io::Write>(&mut self, writer: &mut W, bracket: &[u8]) -> io::Result<()> {
        self.depth -= 1;
        if self.has_value {
            new_line(writer, false, self.depth)?;
        }
        writer.write_all(bracket)
    }

    fn item<W: ?Sized + io::Write>(&mut self, writer: &mut W, first: bool) -> io::Result<()> {
        new_line(writer, !first, self.depth)
    }
}

impl Formatter for AtDepth {
    fn begin_array<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.open(writer, b"[")
    }

    fn end_array<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.close(writer, b"]")
    }

    fn begin_array_value<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.item(writer, first)
    }

    fn end_array_value<W: ?Sized + io::Write>(&mut self, _writer: &mut W) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }

    fn begin_object<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.open(writer, b"{")
    }

    fn end_object<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.close(writer, b"}")
    }

    fn begin_object_key<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.item(writer, first)
    }

    fn begin_object_value<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        writer.write_all(b": ")
    }

    fn end_object_value<W: ?Sized + io::Write>(&mut self, _writer: &mut W) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }
}

/// Appends the pretty JSON of `value` to `out`, `depth` levels in: the
/// bytes of `serde_json::to_writer_pretty` with `depth` indents after each
/// line break.
pub(super) fn serialize_at(
    out: &mut Vec<u8>,
    depth: usize,
    value: &(impl Serialize + ?Sized),
) -> serde_json::Result<()> {
    let mut serializer = serde_json::Serializer::with_formatter(out, AtDepth::new(depth));
    value.serialize(&mut serializer)
}

/// The bytes JSON escapes in a string: a quote, a backslash, a control character.
const ESCAPED: [bool; 256] = {
    let mut escaped = [false; 256];
    let mut byte = 0;
    while byte < 0x20 {
        escaped[byte] = true;
        byte += 1;
    }
    escaped[b'"' as usize] = true;
    escaped[b'\\' as usize] = true;
    escaped
};

/// Whether a string is written in JSON as it is, between quotes.
pub(super) fn plain(text: &str) -> bool {
    !text.bytes().any(|b| ESCAPED[usize::from(b)])
}

/// Appends `text` as a JSON string, escaped as `serde_json` escapes it,
/// quotes and all.
pub(super) fn string(out: &mut Vec<u8>, text: &str) {
    if plain(text) {
        out.reserve(text.len() + 2);
        out.push(b'"');
        out.extend_from_slice(text.as_bytes());
        out.push(b'"');
    } else {
        // Rare: a quote or a control character. A string always serializes.
        let _ = serde_json::to_writer(&mut *out, text);
    }
}

/// A JSON value written into a buffer as it goes, laid out as
/// `serde_json`'s pretty printer would lay it out: the caller opens and
/// closes the objects and arrays and names the fields in order.
pub(super) struct Pretty<'o> {
    out: &'o mut Vec<u8>,
    /// The levels of indent of the items in the object or array open.
    depth: usize,
    /// Nothing written yet in the object or array open.
    first: bool,
}

impl<'o> Pretty<'o> {
    /// A value written to `out`, whose lines after the first are `depth`
    /// levels in (so that it can stand as an item `depth` levels in).
    pub(super) fn new(out: &'o mut Vec<u8>, depth: usize) -> Self {
        Pretty {
            out,
            depth,
            first: true,
        }
    }

    /// Opens an object.
    pub(super) fn open_object(&mut self) {
        self.open(b'{');
    }

    /// Closes the object open.
    pub(super) fn close_object(&mut self) {
        self.close(b'}');
    }

    /// Opens an array.
    pub(super) fn open_array(&mut self) {
        self.open(b'[');
    }

    /// Closes the array open.
    pub(super) fn close_array(&mut self) {
        self.close(b']');
    }

    fn open(&mut self, bracket: u8) {
        self.out.push(bracket);
        self.depth += 1;
        self.first = true;
    }

    fn close(&mut self, bracket: u8) {
        self.depth -= 1;
        if !self.first {
            self.new_line(false);
        }
        self.out.push(bracket);
        // The object or array is a value of the one around it.
        self.first = false;
    }

    fn new_line(&mut self, comma: bool) {
        // Writing to memory does not fail.
        let _ = new_line(self.out, comma, self.depth);
    }

    /// Starts the next item of the array open.
    pub(super) fn item(&mut self) {
        self.new_line(!self.first);
        self.first = false;
    }

    /// Starts the field `key` of the object open, one of the report's own
    /// names (nothing in it to escape): its value is written next. (A key
    /// of a known length is copied with no call to copy it.)
    pub(super) fn key<const N: usize>(&mut self, key: &[u8; N]) {
        debug_assert!(std::str::from_utf8(key).is_ok_and(plain));
        self.item();
        self.out.push(b'"');
        self.out.extend_from_slice(key);
        self.out.extend_from_slice(b"\": ");
    }

    /// Starts the field keyed by `name`, escaped: its value is written next.
    pub(super) fn name_key(&mut self, name: &str) {
        self.item();
        self.string(name);
        self.out.extend_from_slice(b": ");
    }

    /// A string, escaped as `serde_json` escapes it.
    pub(super) fn string(&mut self, text: &str) {
        string(self.out, text);
    }

    /// A number.
    pub(super) fn number(&mut self, n: u32) {
        super::decimal::decimal_bytes(self.out, n);
    }

    /// `true` or `false`.
    pub(super) fn boolean(&mut self, value: bool) {
        let text: &[u8] = if value { b"true" } else { b"false" };
        self.out.extend_from_slice(text);
    }

    /// An array of strings.
    pub(super) fn strings<'s>(&mut self, items: impl IntoIterator<Item = &'s str>) {
        self.open_array();
        for item in items {
            self.item();
            self.string(item);
        }
        self.close_array();
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    /// `value` pretty-printed by serde_json, `depth` levels in.
    fn reference(value: &serde_json::Value, depth: usize) -> String {
        let pretty = serde_json::to_string_pretty(value).unwrap();
        pretty.replace('\n', &format!("\n{}", "  ".repeat(depth)))
    }

    #[test]
    fn serialized_at_a_depth_is_the_pretty_json_indented() {
        let values = [
            json!({"a": [], "b": {}, "c": [1, [2, {}], {"d": null}], "e": "x\"\n\u{1}é"}),
            json!([]),
            json!({}),
            json!("text"),
            json!([[[]], [{"k": [true, false]}]]),
        ];
        for value in &values {
            for depth in 0..4 {
                let mut out = Vec::new();
                serialize_at(&mut out, depth, value).unwrap();
                assert_eq!(String::from_utf8(out).unwrap(), reference(value, depth));
            }
        }
    }

    #[test]
    fn written_field_by_field_is_the_pretty_json_indented() {
        let texts = [
            "plain",
            "",
            "a \"quote\"",
            "back\\slash",
            "tab\there",
            "é → ♠",
            "\u{7f}\u{1f}",
        ];
        // In the order of the keys: serde_json's map may sort them.
        let value = json!({
            "big": u32::MAX,
            "empty": [],
            "n": 0,
            "nested": [{"no": false, "yes": true}, [], [[7]]],
            "nothing": {},
            "texts": texts,
        });
        for depth in 0..4 {
            let mut out = Vec::new();
            let mut json = Pretty::new(&mut out, depth);
            json.open_object();
            json.key(b"big");
            json.number(u32::MAX);
            json.key(b"empty");
            json.open_array();
            json.close_array();
            json.key(b"n");
            json.number(0);
            json.key(b"nested");
            json.open_array();
            json.item();
            json.open_object();
            json.key(b"no");
            json.boolean(false);
            json.key(b"yes");
            json.boolean(true);
            json.close_object();
            json.item();
            json.open_array();
            json.close_array();
            json.item();
            json.open_array();
            json.item();
            json.open_array();
            json.item();
            json.number(7);
            json.close_array();
            json.close_array();
            json.close_array();
            json.key(b"nothing");
            json.open_object();
            json.close_object();
            json.name_key("texts");
            json.strings(texts);
            json.close_object();
            assert_eq!(String::from_utf8(out).unwrap(), reference(&value, depth));
        }
    }
}
