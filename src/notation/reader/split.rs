//! Where a long transcript may be cut, so that its parts can be read (and
//! ruled) apart, each on a core of its own: before a line `deal 1`, where a
//! partie usually begins.
//!
//! A cut is only a guess that the text may be taken up there: the reading
//! of each part takes it up with the tags read before it
//! ([`read_stream_from`](super::read_stream_from)), and whoever joins the
//! parts must check that the reading of the whole would have stood where the
//! part's began (a deal begun, no line going on into the next, no header
//! still open). The cut is found in the bytes alone, without reading them:
//! a line that is exactly `deal 1` (a `\r` before its end allowed), the line
//! before it not going on into it with a `\`, past the YAML header if the
//! text opens with one.

use std::io::{self, Read, Seek, SeekFrom};

/// How many bytes are looked at, at a time, for a place to cut.
const WINDOW: usize = 8 * 1024;

/// The line a cut is made before.
const DEAL_ONE: &[u8] = b"deal 1";

/// Where in `bytes` a line `deal 1` starts that the text may be cut
/// before, looking from `from` on: the line before it must be in `bytes`
/// too, and not end with a `\`.
pub fn cut_in(bytes: &[u8], from: usize) -> Option<usize> {
    let mut at = from;
    while let Some(found) = bytes.get(at..)?.iter().position(|b| *b == b'\n') {
        let newline = at + found;
        let start = newline + 1;
        if is_deal_one(bytes.get(start..)?) && !goes_on(&bytes[..newline]) {
            return Some(start);
        }
        at = start;
    }
    None
}

/// Whether `rest` begins with the line `deal 1`, whole and ended.
fn is_deal_one(rest: &[u8]) -> bool {
    let Some(after) = rest.strip_prefix(DEAL_ONE) else {
        return false;
    };
    let after = &after[after.iter().take_while(|b| **b == b'\r').count()..];
    after.first() == Some(&b'\n')
}

/// Whether the line ending at the end of `before` goes on in the next: its
/// last byte but the `\r`s is a `\`.
fn goes_on(before: &[u8]) -> bool {
    let kept = before.iter().rposition(|b| *b != b'\r');
    kept.is_some_and(|i| before[i] == b'\\')
}

/// Where cuts may begin: after the YAML header when the text opens with
/// one (`---` lines), or `None` when its end is not within the first
/// [`WINDOW`] bytes; 0 otherwise.
fn after_header(opening: &[u8]) -> Option<usize> {
    let text = opening.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(opening);
    let bom = opening.len() - text.len();
    let is_marker = |line: &[u8]| {
        line.strip_prefix(b"---")
            .is_some_and(|rest| rest.iter().all(u8::is_ascii_whitespace))
    };
    let mut lines = text.split_inclusive(|b| *b == b'\n');
    if !lines.next().is_some_and(is_marker) {
        return Some(0);
    }
    let mut end = bom + text.split_inclusive(|b| *b == b'\n').next()?.len();
    for line in lines {
        end += line.len();
        if is_marker(line) && line.ends_with(b"\n") {
            return Some(end);
        }
    }
    None
}

/// The places to cut a text of `len` bytes into parts of about `every`
/// bytes or more, each where a line `deal 1` starts (none where the text
/// has no such line, or a YAML header too long to look through).
pub fn cut_points(text: &mut (impl Read + Seek), len: u64, every: u64) -> io::Result<Vec<u64>> {
    let opening = window(text, 0)?;
    let Some(start) = after_header(&opening) else {
        return Ok(Vec::new());
    };
    let mut cuts = Vec::new();
    let mut target = (start as u64).max(every);
    while target < len {
        // From the byte before, so that a line starting at `target` is seen whole.
        let mut at = target - 1;
        let limit = target.saturating_add(every).min(len);
        let cut = loop {
            let bytes = window(text, at)?;
            if let Some(found) = cut_in(&bytes, 0) {
                break Some(at + found as u64);
            }
            // The last line may be cut by the window's end: look again from its start.
            let whole = bytes.iter().rposition(|b| *b == b'\n').unwrap_or(0);
            if bytes.len() < WINDOW || at + whole as u64 >= limit || whole == 0 {
                break None;
            }
            at += whole as u64;
        };
        match cut {
            Some(cut) => {
                cuts.push(cut);
                target = cut.saturating_add(every);
            }
            None => target = limit.max(target + 1),
        }
    }
    Ok(cuts)
}

/// Up to [`WINDOW`] bytes of the text from `at`.
fn window(text: &mut (impl Read + Seek), at: u64) -> io::Result<Vec<u8>> {
    text.seek(SeekFrom::Start(at))?;
    let mut bytes = Vec::with_capacity(WINDOW);
    text.by_ref().take(WINDOW as u64).read_to_end(&mut bytes)?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where a cut is found in a text, looking from its start.
    #[test]
    fn a_cut_is_made_before_a_whole_line_deal_one_only() {
        let table: [(&str, Option<usize>); 9] = [
            ("x\ndeal 1\n", Some(2)),
            ("x\r\ndeal 1\r\n", Some(3)),
            ("x\ndeal 12\n", None),
            ("x\ndeal 1 # first\n", None),
            ("x\n deal 1\n", None),
            ("x \\\ndeal 1\n", None),
            ("x \\\r\ndeal 1\n", None),
            ("x\ndeal 1", None),
            ("deal 1\nx\ndeal 2\ny\ndeal 1\n", Some(18)),
        ];
        for (text, expected) in table {
            assert_eq!(cut_in(text.as_bytes(), 0), expected, "{text:?}");
        }
    }

    /// Cuts begin after the YAML header; a header not closed allows none.
    #[test]
    fn cuts_begin_after_the_header() {
        let table: [(&str, Option<usize>); 4] = [
            ("[Players \"A B\"]\n", Some(0)),
            ("---\nx: 1\n---\ndeal 1\n", Some(13)),
            ("\u{feff}---\n---\n", Some(11)),
            ("---\nx: 1\n", None),
        ];
        for (text, expected) in table {
            assert_eq!(after_header(text.as_bytes()), expected, "{text:?}");
        }
    }

    /// A text of many parties cut every so many bytes: each cut at a line
    /// `deal 1`, in order, about as far apart as asked.
    #[test]
    fn cut_points_fall_on_deal_one_lines_about_as_far_apart_as_asked() {
        let rules = &crate::engine::ruleset::PORTLAND;
        let text = crate::generate::transcript(600, 3, rules);
        let len = text.len() as u64;
        for every in [1, 5_000, 40_000, 100_000, len] {
            let mut cursor = io::Cursor::new(text.as_bytes());
            let cuts = cut_points(&mut cursor, len, every).unwrap();
            let mut last = 0;
            for cut in &cuts {
                assert!(
                    text[*cut as usize..].starts_with("deal 1\n"),
                    "{every}: {cut}"
                );
                assert!(*cut >= last + every, "{every}: {cut} after {last}");
                last = *cut;
            }
            let parties = text.matches("\ndeal 1\n").count();
            match every {
                1 => assert_eq!(cuts.len(), parties, "before every deal 1"),
                e if e >= len => assert!(cuts.is_empty()),
                e => assert!(cuts.len() as u64 >= len / e / 2, "{e}: {}", cuts.len()),
            }
        }
    }

    /// Reads `text` in parts, cut before every line `deal 1` past the
    /// first: the deals, and whether every part read without a problem.
    fn read_in_parts(text: &str) -> (Vec<crate::notation::Deal>, bool) {
        let mut cursor = io::Cursor::new(text.as_bytes());
        let cuts = cut_points(&mut cursor, text.len() as u64, 1).unwrap();
        let bounds: Vec<usize> = std::iter::once(0)
            .chain(cuts.iter().map(|c| *c as usize).skip(1))
            .chain([text.len()])
            .collect();
        let mut deals = Vec::new();
        let head = &text.as_bytes()[..bounds[1]];
        let first = super::super::read_stream(head, |d| deals.push(d)).unwrap();
        let mut clean = first.errors.is_empty();
        let bom = text.len() - text.trim_start_matches('\u{feff}').len();
        let mut line = 1 + text[..bounds[1]].matches('\n').count() as u32;
        // Checked, the first part counts the deals read and its lines.
        let mut counted = 0;
        let checked = super::super::check_stream_counted(head, |_| counted += 1).unwrap();
        assert_eq!(checked, (first, line), "the first part checked as read");
        assert_eq!(counted, deals.len(), "the first part's deals counted");
        // What the readings of the parts before learned, carried from part to
        // part as a core does: one for the checks, one for the readings lent.
        let (mut checking, mut reading_lent) = Default::default();
        for part in bounds[1..].windows(2) {
            let at = super::super::Resume {
                head: &first_head(text, bounds[1]),
                start: part[0],
                line,
                bom,
            };
            let bytes = &text.as_bytes()[part[0]..part[1]];
            let before = deals.len();
            let (reading, next) =
                super::super::read_stream_from(bytes, &at, |d| deals.push(d)).unwrap();
            let checked = super::super::check_stream_from(bytes, &at, &mut checking).unwrap();
            assert_eq!(checked, (reading.clone(), next), "checked as read");
            // Lent, each deal is the deal given, and the reading the same.
            let mut lent = Vec::new();
            let read_lent =
                super::super::read_stream_from_lent(bytes, &at, &mut reading_lent, |d| {
                    lent.push(d.clone())
                })
                .unwrap();
            assert_eq!(read_lent, (reading.clone(), next), "read lent as given");
            assert!(
                lent == deals[before..],
                "the deals lent are the deals given"
            );
            clean &= reading.errors.is_empty();
            line = next;
        }
        (deals, clean)
    }

    /// The head of a text: its reading up to `end`, without its deals.
    fn first_head(text: &str, end: usize) -> crate::notation::Transcript {
        super::super::read_each(&text.as_bytes()[..end], drop).transcript
    }

    /// Every transcript of the project, followed by parties of generated
    /// deals, read whole and in parts: the same deals with the same spans,
    /// and a problem in the whole is a problem in a part (then the referee
    /// reads it whole, and reports it as it always has).
    #[test]
    fn reading_in_parts_gives_the_deals_of_the_whole() {
        use crate::engine::ruleset::{AU_CENT, CLASSIC, PORTLAND};
        let texts: Vec<String> = crate::testing::transcripts_in(&[
            "cases",
            "tests/laws",
            "tests/au-cent",
            "tests/french",
            "tests/fixtures",
        ])
        .iter()
        .map(|path| std::fs::read_to_string(path).unwrap_or_default())
        .collect();
        let more = crate::generate::transcript(14, 5, &PORTLAND);
        let deals = &more[more.find("\ndeal 1\n").unwrap()..];
        let mut checked = 0;
        for text in &texts {
            let text = format!("{text}\n{deals}");
            let whole = super::super::read_str(&text);
            let (parts, clean) = read_in_parts(&text);
            assert_eq!(whole.errors.is_empty(), clean, "{text}");
            if clean {
                let mut kept = Vec::new();
                super::super::read_each(text.as_bytes(), |d| kept.push(d));
                assert_eq!(parts, kept, "{text}");
                checked += 1;
            }
        }
        for rules in [&PORTLAND, &AU_CENT, &CLASSIC] {
            let text = format!("\u{feff}{}", crate::generate::transcript(40, 9, rules));
            let (parts, clean) = read_in_parts(&text);
            let mut kept = Vec::new();
            assert!(super::super::read_each(text.as_bytes(), |d| kept.push(d))
                .errors
                .is_empty());
            assert!(clean);
            assert_eq!(parts, kept);
        }
        assert!(checked > 100, "only {checked} transcripts read in parts");
    }

    /// What the reading of a part learned, handed to the reading of a part
    /// of a transcript whose players are others (here the same two names,
    /// the other way round), is read there as a fresh reading reads it: a
    /// line kept as said by the first player is not taken as his when he
    /// is now the second.
    #[test]
    fn what_was_learned_is_forgotten_for_other_players() {
        use super::super::{read_each, read_stream_from_lent, Lately, Resume};
        let head = |players: &str| {
            let tag = format!("[Players \"{players}\"]\n");
            read_each(tag.as_bytes(), drop).transcript
        };
        let (ab, ba) = (head("A B"), head("B A"));
        let part = "deal 2\ndealer A\nA leads AS\nB plays 7S\n".as_bytes();
        let at = |head| Resume {
            head,
            start: 0,
            line: 1,
            bom: 0,
        };
        let read = |head, lately: &mut Lately| {
            let mut deals = Vec::new();
            let reading = read_stream_from_lent(part, &at(head), lately, |d| deals.push(d.clone()));
            (reading.unwrap(), deals)
        };
        let mut lately = Lately::default();
        let first = read(&ab, &mut lately);
        let carried = read(&ba, &mut lately);
        let fresh = read(&ba, &mut Lately::default());
        assert_ne!(first.1, fresh.1, "the players' order changes the deal");
        assert_eq!(carried, fresh);
    }
}
