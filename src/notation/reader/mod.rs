//! Reading a transcript: text in, a [`Transcript`] and any [`Diagnostic`]s out.
//!
//! The reader does syntax only (pgn-reader style): a thirteenth card, a card
//! played twice or a call of what is not held are read without complaint and
//! left to the engine.
//!
//! [`read`] reads the whole text and keeps every deal; [`read_each`] hands
//! each deal on as it ends; [`read_stream`] does the same from a
//! [`std::io::BufRead`], so the text is never held whole (see `stream.rs`).
//!
//! Every line is read on its own. A line that cannot be read is reported,
//! left out, and the deal it stands in is marked unreadable (the
//! diagnostic's `deal`); the lines after it, and the other deals, are still
//! read. So one run reports every error in the file.

mod act;
mod continued;
mod declaration;
mod fast;
mod input;
mod known;
mod line;
mod near;
mod recent;
mod room;
pub mod split;
mod stream;
mod syntax;
mod valid;

pub(crate) use input::split_comment;
pub use input::{MAX_LINE, MEASURED};
use line::{Line, LINE_KEYWORDS};
pub use recent::Lately;
pub use stream::{
    check_stream, check_stream_counted, check_stream_from, check_stream_with, read_stream,
    read_stream_from, read_stream_from_lent, read_stream_lent, read_stream_lent_with, Resume,
};
pub(crate) use syntax::quote as syntax_quote;

use super::diagnostic::Diagnostic;
use super::event::Event;
use super::front_matter::split_front_matter;
use super::span::{Span, Spanned};
use super::transcript::{Deal, DealHeader, Entry, Game, Tag, Transcript};
use crate::agreements::{self, Agreements, Terms};
use crate::Rules;

/// What reading a transcript gave: the transcript, and the problems found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    /// Everything that could be read.
    pub transcript: Transcript,
    /// The problems, in the order of the lines: the first [`KEPT_PROBLEMS`]
    /// of them. Empty when all was read.
    pub errors: Vec<Diagnostic>,
    /// How many problems there were past those kept: counted, not kept, so
    /// a text of nothing but bad lines is not held many times over.
    pub more: usize,
    /// The numbers of the deals that had a line that could not be read.
    unreadable: Vec<u32>,
    /// The text was refused as a whole: no deal of it stands.
    refused: bool,
}

/// How many problems a reading keeps in full.
pub const KEPT_PROBLEMS: usize = 100;

impl Reading {
    /// The numbers of the deals that had a line that could not be read.
    pub fn unreadable_deals(&self) -> &[u32] {
        &self.unreadable
    }

    /// Whether the text was refused as a whole (not UTF-8, a line too
    /// long, nothing in it): no deal of it stands, not even those a stream
    /// handed on before the line that refused it.
    pub fn refused_whole(&self) -> bool {
        self.refused
    }

    /// How many problems were found, kept or only counted.
    pub fn problems(&self) -> usize {
        self.errors.len() + self.more
    }
}

/// Reads a transcript from its bytes.
///
/// A problem with the whole text (not UTF-8, a line over [`MAX_LINE`]
/// bytes, nothing in it) is the only error and no deal is read.
pub fn read(bytes: &[u8]) -> Reading {
    read_into(bytes, None)
}

/// Reads a transcript deal by deal: each deal is handed to `each` as soon as
/// it ends and is not kept, so memory stays flat however many deals there
/// are. The [`Reading`] returned has the tags and every error, but no deals.
pub fn read_each(bytes: &[u8], mut each: impl FnMut(Deal)) -> Reading {
    read_into(
        bytes,
        Some(&mut |deal: &mut Deal| each(std::mem::take(deal))),
    )
}

fn read_into(bytes: &[u8], sink: Sink<'_>) -> Reading {
    match input::check(bytes) {
        Ok(text) => {
            let bom = bytes.len() - text.len();
            let mut reader = Reader::new(bom, sink);
            reader.read_all(text);
            reader.finish(|| {
                let end = text.trim_end();
                (end.lines().count() as u32, end.len())
            })
        }
        Err(diagnostic) => Reading::refused(diagnostic),
    }
}

impl Reading {
    /// The reading of a text refused as a whole: no transcript, one error.
    fn refused(diagnostic: Diagnostic) -> Reading {
        Reading {
            transcript: Reader::new(0, None).transcript,
            errors: vec![diagnostic],
            more: 0,
            unreadable: Vec::new(),
            refused: true,
        }
    }
}

/// Reads a transcript from text (for tests and tools that already hold a `str`).
pub fn read_str(text: &str) -> Reading {
    read(text.as_bytes())
}

/// Where finished deals go: kept in the transcript, or handed on one by one.
/// A deal handed on is lent: one that takes it leaves an empty deal in its
/// place; one that only looks at it leaves it to the reader, which reads
/// the next deal into the same room (see `Reader::spare`).
type Sink<'s> = Option<&'s mut dyn FnMut(&mut Deal)>;

/// Reads lines one by one into a transcript; the lines come from the whole
/// text ([`read`]) or from a stream (`read_stream`).
struct Reader<'s> {
    /// Streaming: each deal is handed here when it ends, and not kept.
    sink: Sink<'s>,
    /// Whether the deals' events and comments are kept: false when the
    /// reading is for its problems only (`check_stream`), which need none
    /// of them but the events of a deal opened before any `deal` line.
    keep_events: bool,
    /// How many deals have been read (kept or handed on).
    deals_read: usize,
    /// Bytes before the text in the original input (a byte-order mark).
    offset: usize,
    transcript: Transcript,
    errors: Vec<Diagnostic>,
    /// Problems past the first [`KEPT_PROBLEMS`], counted.
    more: usize,
    /// The deals with a problem, each once.
    unreadable: Vec<u32>,
    /// The deal read now, boxed so that handing it on and taking it back
    /// moves a pointer, not the deal.
    deal: Option<Box<Deal>>,
    seen_deal: bool,
    /// Whether the deal read now was opened by a line before any `deal` line.
    implicit: bool,
    /// The most events a deal has had: room is made for as many in the next.
    events_hint: usize,
    /// A line that ends with `\\`, waiting for the line that goes on from it.
    continued: Option<continued::Continued>,
    /// The short lines read lately, with what the fast path made of them.
    recent: recent::Recent,
    /// The declarations a reading for problems only read lately without a
    /// problem, by their text.
    said: valid::Said,
    /// The last deal handed on, its box and lists used again for the next
    /// deal, which so allocates none for its events and hands.
    spare: Option<Box<Deal>>,
}

impl<'s> Reader<'s> {
    fn new(offset: usize, sink: Sink<'s>) -> Self {
        Reader {
            sink,
            keep_events: true,
            deals_read: 0,
            offset,
            transcript: Transcript {
                front_matter: None,
                tags: Vec::new(),
                game: Game::Piquet,
                rules: Rules::Portland,
                players: ["A".to_string(), "B".to_string()],
                comments: Vec::new(),
                deals: Vec::new(),
            },
            errors: Vec::new(),
            more: 0,
            unreadable: Vec::new(),
            deal: None,
            seen_deal: false,
            implicit: false,
            events_hint: 0,
            continued: None,
            recent: recent::Recent::default(),
            said: valid::Said::default(),
            spare: None,
        }
    }

    /// A reader taking up a transcript at a `deal` line, after `head`:
    /// its tags, game, rules and players as read up to there.
    fn resume(offset: usize, sink: Sink<'s>, head: &Transcript) -> Self {
        let mut reader = Reader::new(offset, sink);
        let transcript = &mut reader.transcript;
        transcript.tags.clone_from(&head.tags);
        (transcript.game, transcript.rules) = (head.game, head.rules);
        transcript.players.clone_from(&head.players);
        reader.seen_deal = true;
        reader
    }

    /// The input is over: the last line and the last deal are read.
    fn end_lines(&mut self) {
        // The last line ends with `\\`, and nothing follows.
        if let Some(joined) = self.continued.take() {
            self.read_continued(joined);
        }
        self.end_deal();
    }

    /// Takes up what a reader of another part of the transcript, or of
    /// another transcript, learned: its lines read lately are kept only
    /// where they were read with the same players as these.
    fn take_up(&mut self, lately: Lately) {
        let same_players = lately.players.as_ref() == Some(&self.transcript.players);
        self.recent = lately.recent;
        if !same_players {
            self.recent.forget();
        }
        self.said = lately.said;
        self.spare = lately.spare;
        self.events_hint = lately.events_hint;
    }

    /// What this reader learned, for the reader of another part or file.
    fn put_down(&mut self) -> Lately {
        Lately {
            players: Some(self.transcript.players.clone()),
            recent: std::mem::take(&mut self.recent),
            said: std::mem::take(&mut self.said),
            spare: self.spare.take(),
            events_hint: self.events_hint,
        }
    }

    /// Reads the whole text (after any byte-order mark).
    fn read_all(&mut self, text: &str) {
        let (body, body_offset, first_line) = match split_front_matter(text) {
            Ok(Some(front)) => {
                self.transcript.front_matter = Some(front.header.to_string());
                (front.body, front.body_offset, front.body_line)
            }
            Ok(None) => (text, 0, 1),
            Err(unclosed) => return self.unclosed(unclosed),
        };
        self.read_lines(body, body_offset, first_line as u32);
    }

    /// The YAML header is never closed: no line is read.
    fn unclosed(&mut self, unclosed: super::front_matter::UnclosedFrontMatter) {
        self.error(
            self.span(1, 0, 0, 3),
            unclosed.to_string(),
            Some("close the YAML header with a line `---`"),
        );
    }

    /// Reads the lines of `text`, whose first line is line `number` and starts
    /// at byte `start` of the transcript; gives where the line after them
    /// would start, and its number.
    fn read_lines(&mut self, text: &str, mut start: usize, mut number: u32) -> (usize, u32) {
        let mut rest = text;
        while !rest.is_empty() {
            // One scan finds the end of the line, or first a `#` that may open a comment.
            let bytes = rest.as_bytes();
            let (len, may_comment) = match input::find_any(bytes, [b'\n', b'#']) {
                Some(i) if bytes[i] == b'\n' => (i + 1, false),
                Some(i) => {
                    let end = input::find_any(&bytes[i..], [b'\n']);
                    (end.map_or(bytes.len(), |end| i + end + 1), true)
                }
                None => (bytes.len(), false),
            };
            let (raw, after) = rest.split_at(len);
            self.physical_line(number, start, trim_line_end(raw), may_comment);
            start += raw.len();
            number += 1;
            rest = after;
        }
        (start, number)
    }

    /// Reads the line `number` of the text, which starts at byte `start`, or
    /// keeps it to be joined with the next when it ends with `\\`.
    fn physical_line(&mut self, number: u32, start: usize, raw: &str, may_comment: bool) {
        if self.continued.is_none() && !continued::may_go_on(raw) {
            return self.read_line(number, start, raw, may_comment);
        }
        let (joined, goes_on) =
            continued::Continued::join(self.continued.take(), number, start, raw);
        if joined.text.len() > continued::MAX_JOINED {
            // A runaway line, continued without end, is refused where it
            // starts and dropped, so it never holds more than the limit.
            return self.problem(continued::too_long(&joined, self.offset));
        }
        match goes_on {
            true => self.continued = Some(joined),
            false => self.read_continued(joined),
        }
    }

    /// Reads a line joined from the lines that went on into it: it is where
    /// its first line is, and a problem in it on the line it was written on.
    fn read_continued(&mut self, joined: continued::Continued) {
        let may_comment = joined.text.contains('#');
        let before = self.errors.len();
        self.read_line(joined.number, joined.start, &joined.text, may_comment);
        for error in &mut self.errors[before..] {
            error.span = joined.place(error.span, self.offset);
        }
    }

    /// Reads the line `number`, which starts at byte `start`; only a line
    /// with a `#` in it (`may_comment`) can have a comment.
    fn read_line(&mut self, number: u32, start: usize, raw: &str, may_comment: bool) {
        let (content, comment) = match may_comment {
            true => input::split_comment(raw),
            false => (input::trim_end(raw), None),
        };
        let trimmed = input::trim_start(content);
        let content_start = start + (content.len() - trimmed.len());
        let content = trimmed;
        if content.is_empty() {
            if let Some(comment) = comment {
                self.comment(comment);
            }
            return;
        }
        // The commonest lines, written plainly, are read by the fast path, the
        // others (and every line with an error) by the grammar.
        // Where the line is, worked out before it is read, so that an event
        // read is moved once, into its entry.
        let span = self.span_in(number, raw, start, content_start, content.len());
        match self.recent.line(content, &self.transcript.players) {
            // An event of the deal read now, the commonest line: pushed at once.
            Some(Line::Event(event)) if comment.is_none() && self.keep_events && !self.implicit => {
                return match &mut self.deal {
                    Some(deal) => deal.events.push(Entry {
                        event,
                        span,
                        comment: None,
                    }),
                    None => self.event(event, span, None),
                };
            }
            Some(parsed) => return self.apply(parsed, span, raw, comment),
            None => {}
        }
        // The error borrows the player names: turn it into owned values before `self` changes.
        let parsed = line::grammar_line(content, &self.transcript.players).map_err(|err| {
            let at = content_start + (content.len() - err.at.len());
            let (message, hint) = describe(&err);
            // Underline the whole token where the error did not say how much.
            let len = match err.len {
                0 => syntax::token(err.at).map_or(0, |(_, t)| t.len()),
                n => n,
            };
            (at, len, message, hint)
        });
        match parsed {
            Ok(parsed) => self.apply(parsed, span, raw, comment),
            Err((at, len, message, hint)) => {
                let span = self.span_in(number, raw, start, at, len);
                self.error(span, message, hint);
            }
        }
    }

    /// The span of `len` bytes at byte `at` of a line starting at `line_start`.
    fn span_in(&self, number: u32, raw: &str, line_start: usize, at: usize, len: usize) -> Span {
        let before = &raw[..(at - line_start).min(raw.len())];
        // Most lines are not indented: nothing to count.
        let column = if before.is_empty() || before.is_ascii() {
            before.len()
        } else {
            before.chars().count()
        } as u32
            + 1;
        self.span(number, at, len, column)
    }

    fn span(&self, line: u32, at: usize, len: usize, column: u32) -> Span {
        Span {
            line,
            column,
            start: self.offset + at,
            end: self.offset + at + len,
        }
    }

    fn error(&mut self, span: Span, message: String, hint: Option<&str>) {
        self.problem(Diagnostic {
            span,
            message: shorten_quoted(message),
            hint: hint.map(str::to_string),
            deal: self.deal.as_ref().map(|d| d.header.number),
        });
    }

    /// A problem found: kept among the first [`KEPT_PROBLEMS`], or counted.
    fn problem(&mut self, diagnostic: Diagnostic) {
        if let Some(deal) = diagnostic.deal {
            if self.unreadable.last() != Some(&deal) {
                self.unreadable.push(deal);
            }
        }
        match self.errors.len() < KEPT_PROBLEMS {
            true => self.errors.push(diagnostic),
            false => self.more += 1,
        }
    }

    fn comment(&mut self, comment: &str) {
        match &mut self.deal {
            Some(_) if !self.keep_events => {}
            Some(deal) => deal.comments.push((deal.events.len(), comment.to_string())),
            None => self.transcript.comments.push(comment.to_string()),
        }
    }

    /// Keeps what a line says; `span` is where its content is, `raw` the
    /// whole line.
    fn apply(&mut self, parsed: Line, span: Span, raw: &str, comment: Option<&str>) {
        let duplicate = match parsed {
            Line::Tag(tag) => {
                if let Some(comment) = comment {
                    self.transcript.comments.push(comment.to_string());
                }
                return self.tag(tag, span);
            }
            Line::Deal(n) => {
                let asked = self.before_first_deal();
                self.start_deal(n, span);
                if let Some(deal) = &mut self.deal {
                    deal.events.extend(asked);
                }
                if let Some(comment) = comment {
                    self.comment(comment);
                }
                return;
            }
            Line::Event(event) => return self.event(event, span, comment),
            Line::Dealer(p) => set_once(
                &mut self.current_deal(span).header.dealer,
                Spanned::new(p, span),
            ),
            Line::Score(s) => set_once(
                &mut self.current_deal(span).header.score,
                Spanned::new(s, span),
            ),
            Line::Stock(s) => set_once(
                &mut self.current_deal(span).header.stock,
                Spanned::new(s, span),
            ),
            Line::Turnup(c) => set_once(
                &mut self.current_deal(span).header.turnup,
                Spanned::new(c, span),
            ),
            Line::Hand(hand) => {
                let hands = &mut self.current_deal(span).header.hands;
                let earlier = hands
                    .iter()
                    .find(|h| h.value.player == hand.player)
                    .map(|h| h.span.line);
                if earlier.is_none() {
                    if hands.is_empty() {
                        // Two hands at most: each player's once.
                        hands.reserve_exact(2);
                    }
                    hands.push(Spanned::new(hand, span));
                }
                earlier
            }
        };
        if let Some(comment) = comment {
            self.comment(comment);
        }
        if let Some(earlier) = duplicate {
            let what = raw
                .split_whitespace()
                .next()
                .unwrap_or("line")
                .trim_end_matches(':')
                .to_lowercase();
            self.error(
                span,
                format!("the deal already has this `{what}` line (line {earlier})"),
                Some("give each header line once per deal"),
            );
        }
    }

    /// Keeps an event in the deal read now. A reading for its problems only
    /// keeps none but those of a deal opened before any `deal` line, which
    /// may turn out to belong to the next deal (see `before_first_deal`).
    fn event(&mut self, event: Event, span: Span, comment: Option<&str>) {
        // No deal yet: this event opens deal 1 without a `deal` line.
        let before_any_deal = self.deal.is_none() || self.implicit;
        if self.keep_events || before_any_deal {
            let comment = comment.map(str::to_string);
            let events = &mut self.current_deal(span).events;
            events.push(Entry {
                event,
                span,
                comment,
            });
        }
    }

    /// The deal a header line or event belongs to. Lines before the first
    /// `deal` line open deal 1 (a transcript may leave the `deal` line out).
    fn current_deal(&mut self, span: Span) -> &mut Deal {
        if self.deal.is_none() {
            self.open_deal_one(span);
        }
        self.deal.get_or_insert_with(Box::default)
    }

    /// A line before any `deal` line opens deal 1 (seldom: kept out of the way).
    #[cold]
    #[inline(never)]
    fn open_deal_one(&mut self, span: Span) {
        self.start_deal(1, span);
        self.implicit = true;
    }

    /// Questions, and the shuffle and cut for the deal, written before the
    /// first `deal` line, and nothing else but comments: they are put to the
    /// deal that line opens, not to a deal of their own (`A cuts 9S`, `B
    /// cuts KH`, then `deal 1`, `dealer A`).
    fn before_first_deal(&mut self) -> Vec<Entry> {
        let implicit = std::mem::take(&mut self.implicit);
        let only = self.deal.as_ref().is_some_and(|deal| {
            implicit
                && deal.header
                    == DealHeader {
                        number: 1,
                        ..DealHeader::default()
                    }
                && deal.events.iter().all(|e| before_the_deal(&e.event))
        });
        match only {
            true => self.deal.take().map(|deal| deal.events).unwrap_or_default(),
            false => Vec::new(),
        }
    }

    /// The current deal is over: keep it, or hand it on.
    fn end_deal(&mut self) {
        if let Some(done) = self.deal.take() {
            self.deals_read += 1;
            self.events_hint = self.events_hint.max(done.events.len()).min(256);
            let mut done = done;
            match &mut self.sink {
                Some(sink) => sink(&mut done),
                None => {
                    // Kept: give back the room it did not use.
                    let mut kept = std::mem::take(&mut *done);
                    kept.events.shrink_to_fit();
                    self.transcript.deals.push(kept);
                }
            }
            self.spare = Some(done);
        }
    }

    fn start_deal(&mut self, number: u32, span: Span) {
        self.end_deal();
        if !self.seen_deal {
            self.check_game_and_rules();
        }
        self.seen_deal = true;
        let mut deal = self.spared();
        deal.span = span;
        deal.header.number = number;
        deal.events.reserve(self.events_hint);
        self.deal = Some(deal);
    }

    /// An empty deal, in the room of the last one handed on where the sink
    /// left it: the same as `Deal::default()` but for its lists' capacity
    /// (and its events' lists are kept in `Recent::room`).
    fn spared(&mut self) -> Box<Deal> {
        let mut deal = self.spare.take().unwrap_or_default();
        let Deal {
            span,
            header,
            events,
            comments,
        } = &mut *deal;
        *span = Span::default();
        let mut hands = std::mem::take(&mut header.hands);
        hands.clear();
        *header = DealHeader {
            hands,
            ..DealHeader::default()
        };
        // The lists its events own are kept for the next deal's.
        self.recent.room.take_back(events);
        comments.clear();
        deal
    }

    /// Keeps the tag; the `Game`, `Rules` and `Players` tags also set the transcript's.
    fn tag(&mut self, tag: Tag, span: Span) {
        if self.seen_deal {
            return self.error(
                span,
                format!("the tag `{}` comes after a deal", tag.name),
                Some("tags come before the first deal"),
            );
        }
        let result = match tag.name.to_ascii_lowercase().as_str() {
            "game" => match fold(&tag.value).as_str() {
                "piquet" => {
                    self.set_game(Game::Piquet);
                    Ok(())
                }
                "ecarte" => {
                    self.set_game(Game::Ecarte);
                    Ok(())
                }
                _ => Err((
                    format!("unknown game `{}`", tag.value),
                    "the game is `Piquet` or `Ecarte`",
                )),
            },
            "rules" => tag
                .value
                .parse::<Rules>()
                .map(|rules| self.transcript.rules = rules)
                .map_err(|e| (e.to_string(), "see `referee laws --help` for the rule sets")),
            "players" => players(&tag.value).map(|p| {
                // What a line kept says depends on the players' ids.
                if p != self.transcript.players {
                    self.recent.forget();
                }
                self.transcript.players = p;
            }),
            "agreements" => Agreements::parse(&tag.value)
                .map(|_| ())
                .map_err(|e| (e.message, agreements::HINT)),
            "target" => Terms::parse_target(&tag.value)
                .map(|_| ())
                .map_err(|e| (e.message, agreements::TARGET_HINT)),
            "partie" => Terms::parse_partie(&tag.value)
                .map(|_| ())
                .map_err(|e| (e.message, agreements::PARTIE_HINT)),
            _ => Ok(()),
        };
        self.transcript.tags.push(Spanned::new(tag, span));
        if let Err((message, hint)) = result {
            self.error(span, message, Some(hint));
        }
    }

    /// Once the tags are read: is the game played under the rules named?
    fn check_game_and_rules(&mut self) {
        // `[Rules "ecarte"]` without a Game tag says which game it is.
        let game_tag = self
            .transcript
            .tags
            .iter()
            .any(|t| t.value.name.eq_ignore_ascii_case("game"));
        if !game_tag && self.transcript.rules == Rules::Ecarte {
            self.transcript.game = Game::Ecarte;
        }
        let consistent = match (self.transcript.game, self.transcript.rules) {
            (Game::Ecarte, rules) => rules == Rules::Ecarte,
            (Game::Piquet, rules) => rules != Rules::Ecarte,
        };
        if !consistent {
            self.game_and_rules_differ();
        }
        self.check_agreements();
    }

    /// Once the tags are read: are the agreements made ones the rules admit?
    /// An agreement is its book's (AC25 and AC26 are au cent's).
    fn check_agreements(&mut self) {
        let rules = self.transcript.rules;
        let refused = self
            .transcript
            .tags
            .iter()
            .filter(|t| t.value.name.eq_ignore_ascii_case(agreements::TAG))
            .find_map(|t| {
                let agreed = Agreements::parse(&t.value.value).ok()?;
                agreed.admitted_under(rules).err().map(|e| (t.span, e))
            });
        if let Some((span, refused)) = refused {
            self.error(span, refused.message, Some(&refused.hint));
        }
        // 19c, R2-R5: the target and the rubicon partie are the French
        // book's; refused at the last tag that makes them.
        let tags = &self.transcript.tags;
        let terms = Terms::of_tags(tags.iter().map(|t| (&*t.value.name, &*t.value.value)));
        if let Err(refused) = terms.admitted_under(rules) {
            let span = tags
                .iter()
                .rev()
                .find(|t| {
                    let name = &t.value.name;
                    (name.eq_ignore_ascii_case(agreements::TARGET_TAG)
                        || name.eq_ignore_ascii_case(agreements::PARTIE_TAG))
                        && Terms::of_tags([(&*t.value.name, &*t.value.value)]) != Terms::NONE
                })
                .map_or_else(Span::default, |t| t.span);
            self.error(span, refused.message, Some(&refused.hint));
        }
    }

    /// The game is not played under the rules named: said at the `Rules` tag.
    fn game_and_rules_differ(&mut self) {
        let tags = &self.transcript.tags;
        let named = |name: &str| {
            tags.iter()
                .find(|t| t.value.name.eq_ignore_ascii_case(name))
        };
        let span = named("rules")
            .or_else(|| named("game"))
            .map_or_else(Span::default, |t| t.span);
        let message = format!(
            "the game {:?} is not played under the rules `{}`",
            self.transcript.game, self.transcript.rules
        );
        let hint = "écarté has its own rules, `ecarte`; piquet's are portland, au-cent, classic, modern or old";
        self.error(span, message, Some(hint));
    }

    fn set_game(&mut self, game: Game) {
        self.transcript.game = game;
        let explicit_rules = self
            .transcript
            .tags
            .iter()
            .any(|t| t.value.name.eq_ignore_ascii_case("rules"));
        if !explicit_rules {
            self.transcript.rules = match game {
                Game::Piquet => Rules::Portland,
                Game::Ecarte => Rules::Ecarte,
            };
        }
    }

    /// The last deal is over. `last_text` gives where the text ends: the line
    /// of its last character that is not white space, and the byte after
    /// it; a transcript without a deal is reported there.
    fn finish(mut self, last_text: impl FnOnce() -> (u32, usize)) -> Reading {
        self.end_lines();
        if !self.seen_deal {
            self.check_game_and_rules();
        }
        if self.deals_read == 0 && self.errors.is_empty() {
            let (line, end) = last_text();
            self.error(
                self.span(line.max(1), end, 0, 1),
                "the transcript has no deal".to_string(),
                Some("a deal opens with `deal 1`, `dealer B` and the hands"),
            );
        }
        Reading {
            transcript: self.transcript,
            errors: self.errors,
            more: self.more,
            unreadable: self.unreadable,
            refused: false,
        }
    }
}

/// Whether an event may be written before the first `deal` line and belong
/// to it: a question, or the shuffle, the cut and the choices made on it
/// (laws 1-8; AC1, AC30).
fn before_the_deal(event: &Event) -> bool {
    use super::event::Act;
    match event {
        Event::Question { .. } => true,
        Event::Act { act, .. } => matches!(
            act,
            Act::Shuffles | Act::Cuts { .. } | Act::Chooses(_) | Act::Exposes { .. }
        ),
        _ => false,
    }
}

/// A line without the `\n` and `\r` at its end (`trim_end_matches(['\n', '\r'])`, on bytes).
fn trim_line_end(raw: &str) -> &str {
    let bytes = raw.as_bytes();
    let kept = bytes
        .iter()
        .rposition(|b| *b != b'\n' && *b != b'\r')
        .map_or(0, |i| i + 1);
    // `\n` and `\r` are ASCII, so the cut is on a character boundary.
    &raw[..kept]
}

/// The words a message quotes between backquotes, each cut to at most
/// [`QUOTED`] characters: a continued line may hold a token of any length,
/// and the caret shows it in place.
fn shorten_quoted(message: String) -> String {
    if message.len() <= QUOTED * 2 {
        return message;
    }
    let parts: Vec<String> = message
        .split('`')
        .enumerate()
        .map(
            |(i, part)| match i % 2 == 1 && part.chars().count() > QUOTED {
                true => format!("{}…", part.chars().take(QUOTED).collect::<String>()),
                false => part.to_string(),
            },
        )
        .collect();
    parts.join("`")
}

/// The most characters of the line a message quotes.
const QUOTED: usize = 40;

/// Records a header value once; gives the line of the earlier one if there was one.
fn set_once<T>(slot: &mut Option<Spanned<T>>, value: Spanned<T>) -> Option<u32> {
    match slot {
        Some(earlier) => Some(earlier.span.line),
        None => {
            *slot = Some(value);
            None
        }
    }
}

/// `Écarté` → `ecarte`.
fn fold(text: &str) -> String {
    text.trim().to_lowercase().replace(['é', 'É'], "e")
}

/// The `Players` tag's two ids: each a letter then letters or digits, not a keyword, different.
fn players(value: &str) -> Result<[String; 2], (String, &'static str)> {
    let hint = "two ids, e.g. [Players \"A B\"] or [Players \"Ann Bob\"]";
    let ids: Vec<&str> = value.split_whitespace().collect();
    let [a, b] = ids.as_slice() else {
        return Err((
            format!("the Players tag needs two player ids, not {}", ids.len()),
            hint,
        ));
    };
    for id in [a, b] {
        let well_formed =
            id.starts_with(|c: char| c.is_alphabetic()) && id.chars().all(char::is_alphanumeric);
        if !well_formed {
            return Err((
                format!("`{id}` is not a player id: a letter followed by letters or digits"),
                hint,
            ));
        }
        // Words a line could read as something else: articles, prepositions, numbers.
        let other_words = [
            "the", "an", "his", "her", "own", "of", "in", "from", "with", "to", "zero",
        ];
        let reserved = LINE_KEYWORDS
            .iter()
            .chain(act::VERBS)
            .chain(&other_words)
            .any(|k| k.eq_ignore_ascii_case(id))
            || syntax::number_word(id).is_some();
        if reserved {
            return Err((
                format!("`{id}` is a word of the notation and cannot be a player id"),
                hint,
            ));
        }
    }
    if let Some(card) = [a, b]
        .into_iter()
        .find(|id| id.parse::<crate::cards::Card>().is_ok())
    {
        return Err((
            format!("`{card}` reads as a card and cannot be a player id"),
            hint,
        ));
    }
    if a.eq_ignore_ascii_case(b) {
        return Err((format!("the two players are both `{a}`"), hint));
    }
    Ok([a.to_string(), b.to_string()])
}

/// The message and hint for a line that could not be read.
fn describe(err: &syntax::SyntaxError<'_>) -> (String, Option<&'static str>) {
    let (expected, hint) = syntax::describe(err.expected.unwrap_or("something else"));
    let message = match &err.message {
        Some(message) => message.clone(),
        None => {
            let token = syntax::token(err.at.trim_start()).ok().map(|(_, t)| t);
            let found = token.map_or("the end of the line".to_string(), |t| format!("`{t}`"));
            let meant = token.and_then(|t| near::nearest(t, near::words_for(expected)));
            match meant {
                Some(meant) => {
                    format!("expected {expected}, found {found}: did you mean `{meant}`?")
                }
                None => format!("expected {expected}, found {found}"),
            }
        }
    };
    (message, hint)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_quote_at_most_forty_characters_of_a_word() {
        let table = [
            ("`KX` is not a card", "`KX` is not a card".to_string()),
            (
                &*format!("unexpected `{}` at the end of the line", "x".repeat(5000)),
                format!("unexpected `{}…` at the end of the line", "x".repeat(40)),
            ),
        ];
        for (message, expected) in table {
            assert_eq!(shorten_quoted(message.to_string()), expected);
        }
    }

    /// A word of ten thousand characters, over three lines: the problem is short.
    #[test]
    fn a_long_word_in_a_continued_line_is_quoted_in_part() {
        let x = "x".repeat(4000);
        let text = format!("deal 1\nA leads {x}\\\n{x}\\\n{x}\n");
        let reading = read_str(&text);
        assert_eq!(reading.errors.len(), 1);
        assert!(
            reading.errors[0].message.len() < 200,
            "{}",
            reading.errors[0].message
        );
    }

    /// A deal lent to the caller is the deal given: the room of one deal
    /// used again for the next leaves nothing of it behind (hands, score,
    /// comments, events), over every transcript of the fixtures.
    #[test]
    fn a_deal_lent_is_the_deal_given() {
        let root = format!("{}/tests/fixtures", env!("CARGO_MANIFEST_DIR"));
        let mut dirs = vec![std::path::PathBuf::from(root)];
        let mut read = 0;
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).expect("a fixture folder") {
                let path = entry.expect("an entry").path();
                if path.is_dir() {
                    dirs.push(path);
                    continue;
                }
                if path.extension().is_none_or(|e| e != "pqt") {
                    continue;
                }
                let bytes = std::fs::read(&path).expect("a fixture");
                let (mut given, mut lent) = (Vec::new(), Vec::new());
                let a = read_stream(&bytes[..], |deal| given.push(deal)).expect("read");
                let b = read_stream_lent(&bytes[..], |deal| lent.push(deal.clone())).expect("read");
                assert_eq!(given, lent, "{path:?}");
                assert_eq!(a, b, "{path:?}");
                read += given.len();
            }
        }
        assert!(read > 100, "only {read} deals read");
    }

    /// A line continued without end is refused at its first line once it
    /// passes the limit, and what follows is read afresh.
    #[test]
    fn a_runaway_continued_line_is_refused() {
        let x = "x".repeat(4000);
        let runaway = format!("A says \"{x}\\\n").repeat(20);
        let text = format!("[Players \"A B\"]\ndeal 1\n{runaway}\"\nA leads AS\n");
        let reading = read_str(&text);
        let first = &reading.errors[0];
        assert_eq!(first.span.line, 3, "{}", first.message);
        assert!(
            first.message.contains("goes on past 65536 bytes"),
            "{}",
            first.message
        );
    }
}
