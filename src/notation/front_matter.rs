//! A transcript may open with a YAML header between two `---` lines: the case
//! files in `cases/` keep the book's question and decision there.

/// A transcript split into its YAML header and the transcript proper.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FrontMatter<'a> {
    /// The YAML between the `---` lines.
    pub header: &'a str,
    /// The 1-based line on which the header's first line stands.
    pub header_line: usize,
    /// The transcript after the closing `---`.
    pub body: &'a str,
    /// The byte offset of `body` in the whole text.
    pub body_offset: usize,
    /// The 1-based line on which `body` starts.
    pub body_line: usize,
}

/// A header opened by `---` on the first line and never closed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the header opened by `---` on line 1 has no closing `---` line")]
pub struct UnclosedFrontMatter;

/// Splits off the YAML header, if the text opens with a `---` line.
///
/// Returns `Ok(None)` for a transcript without a header.
pub fn split_front_matter(text: &str) -> Result<Option<FrontMatter<'_>>, UnclosedFrontMatter> {
    let Some(after_open) = strip_marker_line(text) else {
        return Ok(None);
    };
    let header_start = text.len() - after_open.len();
    let mut offset = header_start;
    for (line, raw) in (2..).zip(after_open.split_inclusive('\n')) {
        if let Some(rest) = strip_marker_line(raw) {
            let body_offset = offset + raw.len() - rest.len();
            return Ok(Some(FrontMatter {
                header: &text[header_start..offset],
                header_line: 2,
                body: &text[body_offset..],
                body_offset,
                body_line: line + 1,
            }));
        }
        offset += raw.len();
    }
    Err(UnclosedFrontMatter)
}

/// If `text` starts with a line that is exactly `---` (trailing spaces allowed), what follows it.
fn strip_marker_line(text: &str) -> Option<&str> {
    let rest = text.strip_prefix("---")?;
    let line_end = rest.find('\n').map_or(rest.len(), |i| i + 1);
    rest[..line_end]
        .trim()
        .is_empty()
        .then(|| &rest[line_end..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_a_header_off() {
        let text = "---\ncase: 1\nroman: I\n---\ndeal 1\n";
        let fm = split_front_matter(text).unwrap().unwrap();
        assert_eq!(fm.header, "case: 1\nroman: I\n");
        assert_eq!(fm.body, "deal 1\n");
        assert_eq!(fm.body_line, 5);
        assert_eq!(&text[fm.body_offset..], fm.body);
    }

    #[test]
    fn no_header_and_edge_cases() {
        type Split<'a> = Result<Option<(&'a str, &'a str)>, UnclosedFrontMatter>;
        let table: [(&str, Split); 6] = [
            ("deal 1\n", Ok(None)),
            ("", Ok(None)),
            ("----\n", Ok(None)),
            ("---\r\na: 1\r\n---\r\nbody", Ok(Some(("a: 1\r\n", "body")))),
            ("---\n---\n", Ok(Some(("", "")))),
            ("---\ncase: 1\n", Err(UnclosedFrontMatter)),
        ];
        for (text, expected) in table {
            let got = split_front_matter(text).map(|o| o.map(|fm| (fm.header, fm.body)));
            assert_eq!(got, expected, "{text:?}");
        }
    }
}
