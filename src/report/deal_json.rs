//! One deal of the JSON report written straight into the report's bytes,
//! as `serde_json`'s pretty printer lays out its [`DealOut`] as an item of
//! `deals`: the same bytes, with no value built first.
//!
//! A deal always stands at the same depth in the report, so what does not
//! change from deal to deal is written as whole runs of bytes: the keys
//! with their indents (constants here), the runs that name a player (made
//! once for the report, from the players' names escaped once), and each
//! list of laws with its brackets (made the first time it is cited: see
//! [`LawLists`]). What is left to write is the numbers and the words.
//!
//! [`DealOut`]: super::json::DealOut

use super::decimal::decimal_bytes;
use super::json::{claims_out, questions_out, rulings_out, write_game, write_partie_in_games};
use super::pretty::{plain, serialize_at, string, Pretty};
use super::ruled::{note_text, write_line_under, Names};
use crate::engine::partie::Standing;
use crate::engine::ruleset::RuleSet;
use crate::engine::{DealRuling, Written};
use crate::notation::{Deal, PlayerId};

/// The depth of a deal's fields (an item of `deals`, in the report's object).
const FIELDS: usize = 3;

/// The start of a deal, up to its number.
const NUMBER: &[u8] = b"{\n      \"number\": ";
const COUNTS: &[u8] = b",\n      \"counts\": ";
const LINES: &[u8] = b",\n      \"lines\": ";
const RULINGS: &[u8] = b",\n      \"rulings\": ";
const NOTES: &[u8] = b",\n      \"notes\": ";
const GAME: &[u8] = b",\n      \"game\": ";
const PARTIE: &[u8] = b",\n      \"partie\": ";
const CLAIMS: &[u8] = b",\n      \"claims\": ";
const QUESTIONS: &[u8] = b",\n      \"questions\": ";
const VOID: &[u8] = b",\n      \"void\": true";
/// The end of a deal.
const DEAL_END: &[u8] = b"\n    }";
/// An empty array.
const EMPTY: &[u8] = b"[]";
/// The end of an array of the deal's (its lines, notes, written scores).
const ARRAY_END: &[u8] = b"\n      ]";
/// The start of an item of such an array, after the first.
const NEXT_ITEM: &[u8] = b",\n        ";
/// The start of the first item of such an array.
const FIRST_ITEM: &[u8] = b"[\n        ";
/// The end of an object in such an array.
const ITEM_END: &[u8] = b"\n        }";
/// After a score line's words, up to its points.
const POINTS: &[u8] = b"\",\n          \"points\": ";
/// After a written score, up to the referee's.
const REFEREE: &[u8] = b",\n          \"referee\": ";
/// The end of a player's value in a map by name (`scores`, `totals`).
const PAIR_END: &[u8] = b"\n      }";

/// The runs of a deal's JSON that name a player, made once for a report.
pub(super) struct DealLayout {
    /// After the number, up to the elder's name and its comma: by the
    /// dealer (none, or the player's index plus one) and the elder.
    head: [[Vec<u8>; 2]; 3],
    /// `scores`, up to the first value.
    scores: Pair,
    /// `totals`, up to the first value.
    totals: Pair,
    /// A partie's `games`, up to the first value.
    games: Pair,
    /// A partie's `winner`, by player.
    winner: [Vec<u8>; 2],
    /// A score line, up to its words, by player: the first of the lines
    /// (with the array's bracket) and the others.
    line: [[Vec<u8>; 2]; 2],
    /// A written score, up to its value, by player: the first and the others.
    written: [[Vec<u8>; 2]; 2],
    /// The laws of the score lines, each list written once.
    laws: LawLists,
}

/// A map of each player's value by name, as `serde_json` writes a
/// `BTreeMap`: in the order of the names, or one entry where they are the same.
struct Pair {
    /// The key of the map and the first name, up to its value.
    open: Vec<u8>,
    /// After the first value, up to the second (none where the names are the same).
    second: Option<Vec<u8>>,
    /// Which player's value comes first, then second.
    order: [usize; 2],
}

impl Pair {
    fn new(key: &str, names: &[Vec<u8>; 2], order: [usize; 2], both: bool) -> Self {
        let entry = |n: usize| [b"\n        ".as_slice(), &names[n], b": "].concat();
        let open = [
            format!(",\n      \"{key}\": {{").as_bytes(),
            &entry(order[0]),
        ]
        .concat();
        let second = both.then(|| [b",".as_slice(), &entry(order[1])].concat());
        Pair {
            open,
            second,
            order,
        }
    }

    fn write(&self, out: &mut Vec<u8>, values: [u32; 2]) {
        out.extend_from_slice(&self.open);
        decimal_bytes(out, values[self.order[0]]);
        if let Some(second) = &self.second {
            out.extend_from_slice(second);
            decimal_bytes(out, values[self.order[1]]);
        }
        out.extend_from_slice(PAIR_END);
    }
}

/// A JSON string, escaped as `serde_json` escapes it, quotes and all.
fn quoted(text: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() + 2);
    string(&mut out, text);
    out
}

impl DealLayout {
    /// The runs for the players `names` names.
    pub(super) fn new(names: &Names<'_>) -> Self {
        let name = PlayerId::BOTH.map(|p| quoted(names.of(p)));
        let [first, second] = PlayerId::BOTH.map(|p| names.of(p));
        // Sorted by name as a map sorts them; one name alone keeps the second's value.
        let (order, both) = match first.cmp(second) {
            std::cmp::Ordering::Less => ([0, 1], true),
            std::cmp::Ordering::Greater => ([1, 0], true),
            std::cmp::Ordering::Equal => ([1, 1], false),
        };
        let elder = |dealer: &[u8], elder: usize| {
            [
                b",\n      \"dealer\": ".as_slice(),
                dealer,
                b",\n      \"elder\": ",
                &name[elder],
            ]
            .concat()
        };
        let head = [b"null".as_slice(), &name[0], &name[1]].map(|d| [0, 1].map(|e| elder(d, e)));
        let item = |start: &[u8], player: usize, key: &str| {
            let fields = format!(",\n          \"{key}\": ");
            [
                start,
                b"{\n          \"player\": ",
                &name[player],
                fields.as_bytes(),
            ]
            .concat()
        };
        let items =
            |key: &str| [FIRST_ITEM, NEXT_ITEM].map(|start| [0, 1].map(|p| item(start, p, key)));
        let mut line = items("scores");
        for run in line.iter_mut().flatten() {
            run.push(b'"');
        }
        DealLayout {
            head,
            scores: Pair::new("scores", &name, order, both),
            totals: Pair::new("totals", &name, order, both),
            games: Pair::new("games", &name, order, both),
            winner: [0, 1].map(|p| [b",\n      \"winner\": ".as_slice(), &name[p]].concat()),
            line,
            written: items("written"),
            laws: LawLists::default(),
        }
    }

    /// One deal of the report, appended to `out`.
    pub(super) fn write(
        &mut self,
        out: &mut Vec<u8>,
        deal: &Deal,
        ruling: &DealRuling,
        names: &Names<'_>,
        rules: &RuleSet,
    ) -> serde_json::Result<()> {
        out.extend_from_slice(NUMBER);
        decimal_bytes(out, ruling.number);
        let dealer = ruling.dealer.map_or(0, |d| d.index() + 1);
        out.extend_from_slice(&self.head[dealer][ruling.elder.index()]);
        self.scores.write(out, ruling.score.scores);
        out.extend_from_slice(COUNTS);
        decimal_bytes(out, ruling.counts);
        out.extend_from_slice(LINES);
        self.lines(out, ruling, rules);
        out.extend_from_slice(RULINGS);
        if ruling.rulings.is_empty() {
            out.extend_from_slice(EMPTY);
        } else {
            let rulings = rulings_out(&ruling.rulings, &ruling.outcomes, names);
            serialize_at(out, FIELDS, &rulings)?;
        }
        out.extend_from_slice(NOTES);
        notes(out, deal, ruling, names);
        if !ruling.written.is_empty() {
            self.written(out, &ruling.written);
        }
        self.totals.write(out, ruling.after);
        if let Some(game) = &ruling.game {
            out.extend_from_slice(GAME);
            write_game(&mut Pretty::new(out, FIELDS), game, names);
            out.extend_from_slice(PARTIE);
            write_partie_in_games(&mut Pretty::new(out, FIELDS), game, names);
        }
        if !ruling.answers.is_empty() {
            out.extend_from_slice(CLAIMS);
            serialize_at(out, FIELDS, &claims_out(ruling, names))?;
        }
        let questions = questions_out(deal, ruling, names);
        if !questions.is_empty() {
            out.extend_from_slice(QUESTIONS);
            serialize_at(out, FIELDS, &questions)?;
        }
        if ruling.void {
            out.extend_from_slice(VOID);
        }
        out.extend_from_slice(DEAL_END);
        Ok(())
    }

    /// A partie's result, as its `PartieOut`, appended to `out` at the
    /// depth of a deal (an item of `earlier`).
    pub(super) fn partie(&self, out: &mut Vec<u8>, standing: &Standing) {
        out.extend_from_slice(if standing.complete {
            b"{\n      \"complete\": true"
        } else {
            b"{\n      \"complete\": false"
        });
        if let Some(games) = &standing.games {
            self.games.write(out, games.won);
        }
        if let Some(winner) = standing.winner {
            out.extend_from_slice(&self.winner[winner.index()]);
        }
        if let Some(points) = standing.points {
            out.extend_from_slice(b",\n      \"points\": ");
            decimal_bytes(out, points);
        }
        if standing.tied {
            out.extend_from_slice(b",\n      \"tied\": true");
        }
        let laws = standing.laws();
        if !laws.is_empty() {
            out.extend_from_slice(b",\n      \"laws\": ");
            for (i, law) in laws.iter().enumerate() {
                out.extend_from_slice(if i == 0 { FIRST_ITEM } else { NEXT_ITEM });
                string(out, law);
            }
            out.extend_from_slice(ARRAY_END);
        }
        out.extend_from_slice(DEAL_END);
    }

    /// The deal's score lines, each with its words and its laws.
    fn lines(&mut self, out: &mut Vec<u8>, ruling: &DealRuling, rules: &RuleSet) {
        let lines = &ruling.score.lines;
        for (i, line) in lines.iter().enumerate() {
            out.extend_from_slice(&self.line[usize::from(i > 0)][line.player.index()]);
            let words = out.len();
            write_line_under(out, line, rules);
            // A score line's words are the report's own: nothing to escape.
            debug_assert!(std::str::from_utf8(&out[words..]).is_ok_and(plain));
            out.extend_from_slice(POINTS);
            decimal_bytes(out, line.points);
            self.laws.write(out, line.laws);
        }
        out.extend_from_slice(if lines.is_empty() { EMPTY } else { ARRAY_END });
    }

    /// The written scores beside the referee's, as `WrittenOut`s.
    fn written(&self, out: &mut Vec<u8>, written: &[Written]) {
        out.extend_from_slice(b",\n      \"written\": ");
        for (i, w) in written.iter().enumerate() {
            out.extend_from_slice(&self.written[usize::from(i > 0)][w.player.index()]);
            decimal_bytes(out, w.written);
            out.extend_from_slice(REFEREE);
            decimal_bytes(out, w.referee);
            out.extend_from_slice(ITEM_END);
        }
        out.extend_from_slice(ARRAY_END);
    }
}

/// The deal's notes, in words.
fn notes(out: &mut Vec<u8>, deal: &Deal, ruling: &DealRuling, names: &Names<'_>) {
    if ruling.notes.is_empty() {
        out.extend_from_slice(EMPTY);
        return;
    }
    for (i, note) in ruling.notes.iter().enumerate() {
        out.extend_from_slice(if i == 0 { FIRST_ITEM } else { NEXT_ITEM });
        string(out, &note_text(note, deal, names));
    }
    out.extend_from_slice(ARRAY_END);
}

/// The most lists of laws kept written: more than the engine cites.
const KEPT: usize = 256;

/// Each list of laws a score line cites, written once with what follows a
/// line's points (its `laws` key, the list, the end of the line) and then
/// copied whole. The lists are the engine's own constants, so a list is
/// known by where it is (the same place, the same laws).
#[derive(Default)]
struct LawLists {
    /// Each list by its address and length, and where its bytes are in `bytes`.
    known: Vec<(usize, usize, u32, u32)>,
    bytes: Vec<u8>,
}

impl LawLists {
    /// A line's `laws` and the end of the line, appended to `out`.
    fn write(&mut self, out: &mut Vec<u8>, laws: &'static [&'static str]) {
        let key = (laws.as_ptr() as usize, laws.len());
        let found = self.known.iter().find(|k| (k.0, k.1) == key);
        if let Some(&(_, _, start, end)) = found {
            out.extend_from_slice(&self.bytes[start as usize..end as usize]);
        } else if self.known.len() < KEPT {
            let start = self.bytes.len();
            line_laws(&mut self.bytes, laws);
            let end = self.bytes.len();
            out.extend_from_slice(&self.bytes[start..end]);
            self.known.push((key.0, key.1, start as u32, end as u32));
        } else {
            line_laws(out, laws);
        }
    }
}

/// A score line's `laws`, and the end of the line.
fn line_laws(out: &mut Vec<u8>, laws: &[&str]) {
    out.extend_from_slice(b",\n          \"laws\": ");
    if laws.is_empty() {
        out.extend_from_slice(EMPTY);
    } else {
        for (i, law) in laws.iter().enumerate() {
            out.extend_from_slice(if i == 0 { b"[" } else { b"," });
            out.extend_from_slice(b"\n            ");
            string(out, law);
        }
        out.extend_from_slice(b"\n          ]");
    }
    out.extend_from_slice(ITEM_END);
}

#[cfg(test)]
mod tests {
    use super::super::json::{deal_out, partie_out};
    use super::super::pretty::serialize_at;
    use super::*;
    use crate::engine::ruleset::{AU_CENT, CLASSIC, MODERN, OLD, PORTLAND};
    use crate::notation::read_str;

    /// Players' names that sort either way, are the same, or need escaping.
    const PLAYERS: [[&str; 2]; 5] = [
        ["A", "B"],
        ["Zed", "Alf"],
        ["Same", "Same"],
        ["\"Quoted\"", "Tab\there"],
        ["é", "♠\\"],
    ];

    /// Every deal of generated parties, under every rule set and with
    /// names of every kind: written here, and serde's JSON of its `DealOut`;
    /// the same for each partie that ended and the partie at the end.
    #[test]
    fn a_deal_is_byte_for_byte_serdes_json_of_it() {
        let (mut deals, mut parties) = (0, 0);
        for rules in [&PORTLAND, &AU_CENT, &CLASSIC, &MODERN, &OLD] {
            let generated = crate::generate::transcript(12, 11, rules);
            let mut reading = read_str(&generated);
            let ruled = crate::engine::rule(&reading.transcript).unwrap();
            for players in PLAYERS {
                reading.transcript.players = players.map(String::from);
                let names = Names(&reading.transcript);
                let mut layout = DealLayout::new(&names);
                for (deal, ruling) in reading.transcript.deals.iter().zip(&ruled.deals) {
                    let mut direct = Vec::new();
                    let rules = ruled.rules;
                    layout
                        .write(&mut direct, deal, ruling, &names, rules)
                        .unwrap();
                    let mut serde = Vec::new();
                    let value = deal_out(deal, ruling, &names, rules);
                    serialize_at(&mut serde, 2, &value).unwrap();
                    let [direct, serde] = [direct, serde].map(|b| String::from_utf8(b).unwrap());
                    assert_eq!(direct, serde, "{players:?}");
                    deals += 1;
                    for standing in ruling.ended.iter().chain([&ruled.standing]) {
                        let mut direct = Vec::new();
                        layout.partie(&mut direct, standing);
                        let mut serde = Vec::new();
                        serialize_at(&mut serde, 2, &partie_out(standing, &names)).unwrap();
                        assert_eq!(direct, serde, "{players:?}");
                        parties += 1;
                    }
                }
            }
        }
        assert!(deals >= 5 * 5 * 12, "{deals} deals");
        assert!(parties > deals, "{parties} parties");
    }
}
