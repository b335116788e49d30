//! Properties of the notation, over generated transcripts:
//! the canonical form reads back to the same transcript, formatting is
//! idempotent, and no input (random bytes, or a valid transcript mutated)
//! makes the reader panic.

use piquet_referee::cards::{Card, CardRow, Rank, Suit};
use piquet_referee::notation::Call;
use piquet_referee::notation::{
    format, read, read_str, Act, Answer, CardList, Cards, Choice, Claim, Correction, Damage, Deal,
    DealHeader, Declaration, Entry, Event, Game, Hand, Mixed, PackFault, Place, PlaceKind,
    PlayerId, Question, Reply, SetKind, Spanned, Tag, Top, Transcript, Trick,
};
use piquet_referee::Rules;
use proptest::collection::vec;
use proptest::option;
use proptest::prelude::*;

fn card() -> impl Strategy<Value = Card> {
    (0..9usize, 0..4usize).prop_map(|(r, s)| Card::new(Rank::ALL[r], Suit::ALL[s]))
}

fn cards(min: usize) -> impl Strategy<Value = CardRow> {
    vec(card(), min..6).prop_map(CardRow::from)
}

fn rank() -> impl Strategy<Value = Rank> {
    (0..9usize).prop_map(|r| Rank::ALL[r])
}

fn suit() -> impl Strategy<Value = Suit> {
    (0..4usize).prop_map(|s| Suit::ALL[s])
}

fn player() -> impl Strategy<Value = PlayerId> {
    (0..2u8).prop_map(PlayerId)
}

/// Text a player might put in quotes: printable, `"`, `\` and `#` included, no line breaks.
fn quoted_text() -> impl Strategy<Value = String> {
    "[ -~éè♠]{0,24}"
}

/// Text without `#` or surrounding space: comments and `?` questions.
fn plain_text() -> impl Strategy<Value = String> {
    "[A-Za-z0-9?.,' ]{0,20}".prop_map(|s| s.trim().to_string())
}

fn cards_or_count() -> BoxedStrategy<Cards> {
    prop_oneof![
        cards(1).prop_map(Cards::List),
        any::<u8>().prop_map(Cards::Count)
    ]
    .boxed()
}

fn place() -> BoxedStrategy<Place> {
    let kinds = [
        PlaceKind::Stock,
        PlaceKind::StockTop,
        PlaceKind::StockBottom,
        PlaceKind::Left,
        PlaceKind::Hand,
        PlaceKind::Discard,
        PlaceKind::Tricks,
        PlaceKind::Pack,
        PlaceKind::Table,
    ];
    ((0..kinds.len()), option::of(player()))
        .prop_map(move |(k, owner)| Place {
            kind: kinds[k],
            owner,
        })
        .boxed()
}

fn declaration() -> BoxedStrategy<Declaration> {
    let court = prop_oneof![
        Just(Rank::Ten),
        Just(Rank::Knave),
        Just(Rank::Queen),
        Just(Rank::King),
        Just(Rank::Ace)
    ];
    let top = prop_oneof![
        Just(Top::Unstated),
        Just(Top::Major),
        Just(Top::Minor),
        rank().prop_map(Top::To)
    ];
    prop_oneof![
        Just(Declaration::CarteBlanche),
        (
            option::of(any::<u8>()),
            option::of(0..100_000u32),
            option::of(suit())
        )
            .prop_map(|(cards, making, suit)| Declaration::Point {
                cards,
                making,
                suit
            }),
        (3..=9u8, top, option::of(suit())).prop_map(|(length, top, suit)| Declaration::Sequence {
            length,
            top,
            suit
        }),
        (
            prop_oneof![Just(SetKind::Trio), Just(SetKind::Quatorze)],
            option::of(court)
        )
            .prop_map(|(set, rank)| Declaration::Set { set, rank }),
    ]
    .boxed()
}

fn call() -> BoxedStrategy<Call> {
    prop_oneof![
        Just(Call::NoSequence),
        declaration().prop_map(Call::Declare)
    ]
    .boxed()
}

fn reply() -> impl Strategy<Value = Reply> {
    prop_oneof![Just(Reply::Good), Just(Reply::NotGood), Just(Reply::Equal)]
}

fn act() -> BoxedStrategy<Act> {
    let deal_acts = prop_oneof![
        Just(Act::Shuffles),
        (option::of(any::<u8>()), option::of(card()))
            .prop_map(|(cards, card)| Act::Cuts { cards, card }),
        vec(any::<u8>(), 1..3).prop_map(Act::DealsBy),
        vec(any::<u8>(), 1..3).prop_map(Act::AnnouncesDealing),
        Just(Act::ConfusesCards),
        Just(Act::CompletesDeal),
        prop_oneof![
            Just(Choice::Deal),
            Just(Choice::NotDeal),
            Just(Choice::Cards),
            Just(Choice::Seat),
            card().prop_map(Choice::Trump),
            card().prop_map(Choice::Cut),
        ]
        .prop_map(Act::Chooses),
        cards(1).prop_map(Act::TurnsUp),
        Just(Act::TakesUpHand),
        Just(Act::DealsWrongPack),
        Just(Act::DealsOutOfTurn),
        option::of(any::<u8>()).prop_map(Act::Misdeals),
        Just(Act::RectifiesDeal),
        Just(Act::CollectsCards),
        Just(Act::CallsForNewCards),
        any::<u8>().prop_map(Act::AnnouncesCards),
        Just(Act::AnnouncesCarteBlanche),
        Just(Act::ShowsCarteBlanche),
    ]
    .boxed();
    let exchange = prop_oneof![
        cards_or_count().prop_map(Act::Discards),
        any::<u8>().prop_map(Act::Leaves),
        cards_or_count().prop_map(Act::Takes),
        place().prop_map(Act::Touches),
        (cards_or_count(), place()).prop_map(|(cards, from)| Act::TakesUp { cards, from }),
        (option::of(cards_or_count()), place())
            .prop_map(|(cards, place)| Act::Sees { cards, place }),
        (
            prop_oneof![
                cards_or_count().prop_map(Mixed::Cards),
                place().prop_map(Mixed::Place)
            ],
            place()
        )
            .prop_map(|(what, with)| Act::Mixes { what, with }),
        (cards_or_count(), option::of(place()))
            .prop_map(|(cards, from)| Act::Exposes { cards, from }),
        place().prop_map(Act::Examines),
    ]
    .boxed();
    let question = prop_oneof![
        Just(Question::Making),
        rank().prop_map(Question::Which),
        suit().prop_map(Question::HowMany),
        Just(Question::HowManyCards),
        Just(Question::ToWhatCard),
        option::of(declaration()).prop_map(Question::Show),
        quoted_text().prop_map(Question::Other),
    ]
    .boxed();
    let answer = prop_oneof![
        (0..100_000u32).prop_map(Answer::Making),
        card().prop_map(Answer::Card),
        any::<u8>().prop_map(Answer::Count),
        quoted_text().prop_map(Answer::Other),
    ]
    .boxed();
    let calling = prop_oneof![
        call().prop_map(Act::Calls),
        question.prop_map(Act::Asks),
        answer.prop_map(Act::Answers),
        reply().prop_map(Act::Replies),
        prop_oneof![
            call().prop_map(Correction::Call),
            reply().prop_map(Correction::Reply),
            (declaration(), reply()).prop_map(|(to, reply)| Correction::ReplyTo { to, reply })
        ]
        .prop_map(Act::Corrects),
        (vec(declaration(), 0..4), option::of(0..100_000u32))
            .prop_map(|(items, total)| Act::Reckons { items, total }),
        cards(1).prop_map(Act::Shows),
        quoted_text().prop_map(Act::Says),
        suit().prop_map(Act::Names),
        suit().prop_map(Act::Requires),
        (any::<bool>(), place()).prop_map(|(see, place)| Act::Elects { see, place }),
        vec((player(), 0..100_000u32), 1..3).prop_map(Act::Writes),
    ]
    .boxed();
    let claim = prop_oneof![
        Just(Claim::FreshDeal),
        vec(declaration(), 1..3).prop_map(Claim::Score),
        option::of(any::<u8>()).prop_map(Claim::PlayAgain),
        player().prop_map(Claim::ReckonsNothing),
        Just(Claim::Revoke),
        Just(Claim::AlterDiscard),
        quoted_text().prop_map(Claim::Other),
    ]
    .boxed();
    let playing_and_more = prop_oneof![
        cards(1).prop_map(Act::Leads),
        cards(1).prop_map(Act::Plays),
        cards(1).prop_map(Act::Retakes),
        cards(1).prop_map(Act::Drops),
        Just(Act::OffersFreshDeal),
        Just(Act::Accepts),
        Just(Act::Refuses),
        Just(Act::AcceptsConditionally),
        Just(Act::WithdrawsOffer),
        Just(Act::WaivesPenalty),
        Just(Act::Abandons),
        Just(Act::ThrowsDown),
        claim.prop_map(Act::Claims),
        option::of(any::<u8>()).prop_map(Act::Proposes),
        Just(Act::Stands),
        Just(Act::AnnouncesKing),
        Just(Act::MarksKing),
    ]
    .boxed();
    prop_oneof![deal_acts, exchange, calling, playing_and_more].boxed()
}

fn event() -> BoxedStrategy<Event> {
    let scores = vec((player(), 0..100_000u32), 1..3);
    prop_oneof![
        6 => (player(), act()).prop_map(|(player, act)| Event::Act { player, act }),
        1 => vec((any::<u8>(), cards(1)).prop_map(|(number, cards)| Trick { number, cards }), 1..4)
            .prop_map(|tricks| Event::Play { tricks }),
        1 => scores.prop_map(|scores| Event::Written { scores }),
        1 => (option::of(card()), place()).prop_map(|(card, place)| Event::Faced { card, place }),
        1 => (option::of(card()), place()).prop_map(|(card, place)| Event::Surplus { card, place }),
        1 => prop_oneof![Just(PackFault::Incorrect), Just(PackFault::Redundant), Just(PackFault::Imperfect)]
            .prop_map(|fault| Event::Pack { fault }),
        1 => (option::of(card()), prop_oneof![Just(Damage::Torn), Just(Damage::Marked)])
            .prop_map(|(card, damage)| Event::Damaged { card, damage }),
        1 => quoted_text().prop_map(|remark| Event::Bystander { remark }),
        1 => plain_text().prop_map(|text| Event::Question { text }),
        1 => any::<u8>().prop_map(|from| Event::Replay { from }),
    ]
    .boxed()
}

/// A hand or stock line: cards, or some cards then `...`, or `...` alone.
fn card_list() -> BoxedStrategy<CardList> {
    // Up to twenty cards: more than a `CardRow` holds inline.
    (vec(card(), 0..20), any::<bool>())
        .prop_map(|(cards, complete)| {
            let complete = complete && !cards.is_empty();
            let cards = CardRow::from(cards);
            CardList { cards, complete }
        })
        .boxed()
}

fn spanned<T>(value: T) -> Spanned<T> {
    Spanned::new(value, Default::default())
}

fn deal() -> BoxedStrategy<Deal> {
    let header = (
        1..1000u32,
        option::of(player()),
        option::of(vec((player(), 0..100_000u32), 1..3)),
        prop_oneof![
            Just(vec![]),
            Just(vec![PlayerId(0)]),
            Just(vec![PlayerId(1), PlayerId(0)]),
            Just(vec![PlayerId(0), PlayerId(1)])
        ],
        vec(card_list(), 2),
        option::of(card_list()),
        option::of(card()),
    );
    let events = vec((event(), option::of(plain_text())), 0..12);
    let comments = vec((0..13usize, plain_text()), 0..3);
    (header, events, comments)
        .prop_map(
            |((number, dealer, score, who, lists, stock, turnup), events, mut comments)| {
                let hands = who
                    .iter()
                    .zip(lists)
                    .map(|(player, cards)| {
                        spanned(Hand {
                            player: *player,
                            cards,
                        })
                    })
                    .collect();
                comments
                    .iter_mut()
                    .for_each(|(at, _)| *at = (*at).min(events.len()));
                comments.sort_by_key(|(at, _)| *at);
                Deal {
                    span: Default::default(),
                    header: DealHeader {
                        number,
                        dealer: dealer.map(spanned),
                        score: score.map(spanned),
                        hands,
                        stock: stock.map(spanned),
                        turnup: turnup.map(spanned),
                    },
                    events: events
                        .into_iter()
                        .map(|(event, comment)| Entry {
                            event,
                            span: Default::default(),
                            comment,
                        })
                        .collect(),
                    comments,
                }
            },
        )
        .boxed()
}

fn transcript() -> BoxedStrategy<Transcript> {
    let names = prop_oneof![
        Just(["A", "B"]),
        Just(["Ann", "Bob"]),
        Just(["P1", "P2"]),
        Just(["B", "A"]),
    ];
    let other_tags = vec(("[A-Z][a-z]{1,8}", quoted_text()), 0..3).prop_filter(
        "known tags are chosen below",
        |tags| {
            tags.iter()
                .all(|(n, _)| !["game", "rules", "players"].contains(&n.to_lowercase().as_str()))
        },
    );
    (
        names,
        other_tags,
        vec(plain_text(), 0..2),
        vec(deal(), 1..4),
    )
        .prop_map(|(names, other, comments, deals)| {
            let spanned = |name: &str, value: &str| {
                Spanned::new(
                    Tag {
                        name: name.into(),
                        value: value.into(),
                    },
                    Default::default(),
                )
            };
            let mut tags = vec![spanned("Players", &format!("{} {}", names[0], names[1]))];
            tags.extend(other.iter().map(|(n, v)| spanned(n, v)));
            Transcript {
                front_matter: None,
                tags,
                game: Game::Piquet,
                rules: Rules::Portland,
                players: [names[0].to_string(), names[1].to_string()],
                comments,
                deals,
            }
        })
        .boxed()
}

/// The transcript as the reader sees it: without spans, which formatting moves.
fn shape(t: &Transcript) -> serde_json::Value {
    let comments: Vec<_> = t.deals.iter().map(|d| d.comments.clone()).collect();
    serde_json::json!({ "transcript": t, "deal_comments": comments, "comments": t.comments })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn canonical_form_reads_back_to_the_same_transcript(t in transcript()) {
        let text = format(&t);
        let reading = read_str(&text);
        prop_assert!(reading.errors.is_empty(), "{:?}\n{text}", reading.errors);
        prop_assert_eq!(shape(&reading.transcript), shape(&t), "{}", text);
    }

    #[test]
    fn formatting_is_idempotent(t in transcript()) {
        let once = format(&t);
        let twice = format(&read_str(&once).transcript);
        prop_assert_eq!(once, twice);
    }

    #[test]
    fn random_bytes_never_panic(bytes in vec(any::<u8>(), 0..2000)) {
        let _ = read(&bytes);
    }

    #[test]
    fn random_text_never_panics(text in "(\\PC|\n|#|\"|\\[|\\]|\\.|,|:| ){0,400}") {
        let _ = read_str(&text);
    }

    #[test]
    fn mutated_transcripts_never_panic(
        t in transcript(),
        edits in vec((any::<prop::sample::Index>(), 0..4u8, "[ -~\n♠é\"#\\[\\]]{0,3}"), 1..8),
    ) {
        let mut text = format(&t);
        for (at, kind, insert) in edits {
            let boundaries: Vec<usize> = text.char_indices().map(|(i, _)| i).chain([text.len()]).collect();
            let i = boundaries[at.index(boundaries.len())];
            match kind {
                0 => text.insert_str(i, &insert),
                1 => { let end = text[i..].chars().next().map_or(i, |c| i + c.len_utf8()); text.replace_range(i..end, ""); }
                2 => { let end = text[i..].chars().next().map_or(i, |c| i + c.len_utf8()); text.replace_range(i..end, &insert); }
                _ => text.truncate(i),
            }
        }
        let reading = read_str(&text);
        // Whatever was read formats and reads again without panicking.
        let _ = read_str(&format(&reading.transcript));
    }
}

#[test]
fn a_megabyte_line_is_refused_at_once() {
    let mut text = String::from("[Players \"A B\"]\ndeal 1\nA leads ");
    text.push_str(&"AS ".repeat(350_000));
    let reading = read_str(&text);
    assert_eq!(reading.errors.len(), 1);
    assert!(
        reading.errors[0]
            .message
            .starts_with("line 3 is more than 1048576 bytes long"),
        "{}",
        reading.errors[0].message
    );
    assert!(reading.transcript.deals.is_empty());
}

// `referee fmt` never changes what a transcript means: for every transcript
// that reads, the referee rules the canonical form as it rules the
// transcript, and the canonical form is its own canonical form. The
// transcripts are written as people write them: header lines among the
// events, tens as `T`, tricks as `1.AS`, and lines near the length limit.

use piquet_referee::engine::{self, ruleset::RuleSet};
use piquet_referee::notation::{Span, MAX_LINE};
use piquet_referee::report::ruled_json;

/// The lines of a text, as `referee generate` writes legal deals, or as
/// `fmt` writes a generated transcript (random events, most of them odd).
fn written() -> BoxedStrategy<Vec<String>> {
    let portland = RuleSet::of(Rules::Portland).expect("portland is ruled");
    let legal = (1..4u32, any::<u64>())
        .prop_map(move |(deals, seed)| piquet_referee::generate::transcript(deals, seed, portland));
    let odd = transcript().prop_map(|t| format(&t));
    prop_oneof![legal, odd]
        .prop_map(|text| text.lines().map(str::to_string).collect())
        .boxed()
}

fn is_header(line: &str) -> bool {
    let word = line.split([' ', ':']).next().unwrap_or_default();
    ["dealer", "score", "hand", "stock", "turnup"].contains(&word)
}

/// Moves the header line at `from` (if it is one) down past `by` lines of its deal.
fn move_down(lines: &mut Vec<String>, from: usize, by: usize) {
    if from >= lines.len() || !is_header(&lines[from]) {
        return;
    }
    let mut to = from;
    while to + 1 < lines.len() && to - from < by && !lines[to + 1].starts_with("deal ") {
        to += 1;
    }
    let line = lines.remove(from);
    lines.insert(to, line);
}

/// A line spelled another way the reader takes: tens as `T`, tricks as `1.AS`.
fn respell(line: &str) -> String {
    let words: Vec<String> = line
        .split(' ')
        .map(|w| match w.strip_prefix("10") {
            Some(suit) if w.parse::<Card>().is_ok() => format!("T{suit}"),
            _ => w.to_string(),
        })
        .collect();
    let mut out = words.join(" ");
    if out.starts_with("play ") {
        out = out.replace(". ", ".");
    }
    out
}

/// A line made as long as the reader takes, or nearly: cards added to a
/// hand or stock, quoted text full of escapes, tricks, a comment.
fn lengthen(line: &str, kind: u8, fill: usize) -> Option<String> {
    let room = MAX_LINE - fill.min(40);
    let grow = |mut s: String, unit: &str| {
        while s.len() + unit.len() <= room {
            s.push_str(unit);
        }
        s
    };
    match kind {
        0 if line.starts_with("hand ") || line.starts_with("stock") => {
            let (cards, open) = match line.strip_suffix(" ...") {
                Some(cards) => (cards, " ..."),
                None => (line, ""),
            };
            let grown = grow(cards.to_string(), " TS");
            Some(format!(
                "{}{open}",
                &grown[..grown.len() - open.len().min(grown.len() - cards.len())]
            ))
        }
        1 => Some(grow("A says \"".to_string(), "\\x").to_string() + "\""),
        2 => Some(grow("play".to_string(), " 1.TS TH")),
        3 => Some(grow(format!("{line}  #"), "c")),
        4 => Some(grow("#".to_string(), "x ")),
        _ => None,
    }
}

/// Every span replaced by its rank among the spans of header lines and
/// events: the lines keep their order and lose their numbers, which
/// formatting changes. (A `deal` line, which `fmt` writes where the
/// transcript left it out, takes the rank of the line after it.)
fn renumber(t: &mut Transcript) {
    let mut starts: Vec<usize> = Vec::new();
    for deal in &t.deals {
        starts.extend(deal.events.iter().map(|e| e.span.start));
        let h = &deal.header;
        starts.extend(h.dealer.iter().map(|s| s.span.start));
        starts.extend(h.score.iter().map(|s| s.span.start));
        starts.extend(h.hands.iter().map(|s| s.span.start));
        starts.extend(h.stock.iter().map(|s| s.span.start));
        starts.extend(h.turnup.iter().map(|s| s.span.start));
    }
    starts.sort_unstable();
    starts.dedup();
    let rank = |span: &mut Span| {
        let n = starts.binary_search(&span.start).unwrap_or_else(|i| i) + 1;
        *span = Span {
            line: n as u32,
            column: 1,
            start: n,
            end: n,
        };
    };
    for deal in &mut t.deals {
        rank(&mut deal.span);
        deal.events.iter_mut().for_each(|e| rank(&mut e.span));
        let h = &mut deal.header;
        h.dealer.iter_mut().for_each(|s| rank(&mut s.span));
        h.score.iter_mut().for_each(|s| rank(&mut s.span));
        h.hands.iter_mut().for_each(|s| rank(&mut s.span));
        h.stock.iter_mut().for_each(|s| rank(&mut s.span));
        h.turnup.iter_mut().for_each(|s| rank(&mut s.span));
    }
}

/// What the referee rules, as `referee rule --format json` prints it, the
/// lines numbered by their order.
fn ruled(text: &str) -> String {
    let mut t = read_str(text).transcript;
    renumber(&mut t);
    let ruled = engine::rule(&t).expect("portland is ruled");
    ruled_json(&t, &ruled)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn formatting_never_changes_the_ruling(
        mut lines in written(),
        moves in vec((any::<prop::sample::Index>(), 1..12usize), 0..6),
        respelt in vec(any::<prop::sample::Index>(), 0..8),
        long in vec((any::<prop::sample::Index>(), 0..6u8, 0..60usize), 0..3),
        misdealt in vec(any::<prop::sample::Index>(), 0..2),
    ) {
        // A hand dealt a card short (laws 11, 12): a ruling on the hand line,
        // and a choice for the adversary read from the lines after it.
        for at in misdealt {
            let i = at.index(lines.len());
            if lines[i].starts_with("hand ") && !lines[i].ends_with("...") {
                if let Some((rest, _)) = lines[i].rsplit_once(' ') {
                    lines[i] = rest.to_string();
                }
            }
        }
        for (at, by) in moves {
            let from = at.index(lines.len());
            move_down(&mut lines, from, by);
        }
        for at in respelt {
            let i = at.index(lines.len());
            lines[i] = respell(&lines[i]);
        }
        for (at, kind, fill) in long {
            let i = at.index(lines.len());
            if let Some(line) = lengthen(&lines[i], kind, fill) {
                let deal_started = lines[..=i].iter().any(|l| l.starts_with("deal "));
                let i = if kind == 0 || deal_started { i } else { lines.len() };
                if kind == 0 { lines[i] = line } else { lines.insert(i, line) }
            }
        }
        let x = lines.join("\n") + "\n";
        let reading = read_str(&x);
        prop_assume!(reading.errors.is_empty());
        let once = format(&reading.transcript);
        prop_assert!(once.lines().all(|l| l.len() <= MAX_LINE), "a line of fmt is too long");
        let again = read_str(&once);
        prop_assert!(again.errors.is_empty(), "{:?}", again.errors);
        prop_assert!(ruled(&once) == ruled(&x), "the ruling changed:\n{}\n---\n{}", x, once);
        prop_assert!(format(&again.transcript) == once, "fmt is not idempotent:\n{}", once);
    }
}

/// Laws 11 and 12: A's hand of thirteen is written after he has taken in.
/// The book gives B the choice of a fresh deal; what B did after the hand
/// line stands (he claimed one), and `fmt` keeps the hand line after
/// `A takes 1`, so the ruling on the canonical form is the same.
#[test]
fn a_hand_line_among_the_events_keeps_its_place() {
    let x = "[Players \"A B\"]\ndeal 1\ndealer B\nA discards 7C\nA takes 1\n\
             hand A: AS KS QS JS 9S KH JH JC AD QD JD 10D 7C\nB claims fresh deal\n";
    let once = format(&read_str(x).transcript);
    let lines: Vec<&str> = once.lines().collect();
    let at = |prefix: &str| lines.iter().position(|l| l.starts_with(prefix));
    assert!(at("A takes 1") < at("hand A:"), "{once}");
    assert_eq!(ruled(&once), ruled(x));
}
