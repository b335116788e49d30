//! Reading a YAML scoresheet into checked values: every player named is one
//! of the sheet's two, every field is there. Problems come back as
//! [`Diagnostic`]s at `file:line:column`.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::agreements::{Agreements, Refused, Terms};
use crate::notation::{Diagnostic, PlayerId, Span};
use crate::Rules;

/// The sheet as written, before its names are checked.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSheet {
    rules: String,
    #[serde(default)]
    partie: Option<RawPartie>,
    /// 19c: the game's target by agreement, `target: 150`.
    #[serde(default)]
    target: Option<u32>,
    #[serde(default)]
    agreements: Option<RawAgreements>,
    /// Écarté, law 46 by agreement: `stakes: graded`.
    #[serde(default)]
    stakes: Option<String>,
    players: Vec<String>,
    deals: Vec<RawDeal>,
    #[serde(default)]
    result: Option<RawResult>,
}

/// `partie:` a number of deals (`4`, the note to law 71), or `rubicon`
/// (the French rules by agreement, R2-R5).
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum RawPartie {
    Deals(u32),
    Named(String),
}

/// `agreements:` as the tag writes it, `"fours-count-one-less,
/// sevens-to-nines-do-not-count"`, or as a list.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum RawAgreements {
    Written(String),
    Listed(Vec<String>),
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDeal {
    dealer: String,
    scores: BTreeMap<String, u32>,
    #[serde(default)]
    totals: Option<BTreeMap<String, u32>>,
    #[serde(default)]
    transcript: Option<String>,
    #[serde(default)]
    deal: Option<u32>,
    #[serde(default)]
    game: Option<RawGame>,
}

/// A game as written won at a deal (au cent AC28).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGame {
    winner: String,
    #[serde(default)]
    double: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawResult {
    #[serde(default)]
    winner: Option<String>,
    #[serde(default)]
    points: Option<u32>,
    #[serde(default)]
    tied: bool,
    #[serde(default)]
    games: Option<BTreeMap<String, u32>>,
}

/// A scoresheet, its names checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sheet {
    /// The rule set.
    pub rules: Rules,
    /// `partie: 4`: the four-deal partie of the note to law 71.
    pub four_deals: bool,
    /// `agreements:` the agreements that change the scoring (AC25, AC26).
    pub agreements: Agreements,
    /// `target: 150`, `partie: rubicon`: the game's target and the rubicon
    /// partie agreed under the French rules (19c, R2-R5).
    pub terms: Terms,
    /// The two players, as named.
    pub players: [String; 2],
    /// The deals, in order.
    pub deals: Vec<SheetDeal>,
    /// The result as the players wrote it.
    pub result: Option<WrittenResult>,
    /// Écarté, `stakes: graded`: a game counts treble, double or single by
    /// the loser's marks (law 46 by agreement).
    pub graded: bool,
}

/// One deal of a sheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SheetDeal {
    /// Who dealt.
    pub dealer: PlayerId,
    /// The points each player wrote for the deal (not doubled).
    pub scores: [u32; 2],
    /// The running totals as written after the deal, if written.
    pub totals: Option<[u32; 2]>,
    /// The deal's transcript, relative to the sheet, if given.
    pub transcript: Option<String>,
    /// Which deal of the transcript, by its number (the first when not given).
    pub transcript_deal: Option<u32>,
    /// The game as written won at this deal, where the partie is played in
    /// games (au cent AC28): its winner, and whether it is double.
    pub game: Option<(PlayerId, bool)>,
    /// Where the deal's entry stands in the sheet.
    pub span: Span,
}

/// The result as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WrittenResult {
    /// `result: {winner: B, points: 283}`: the winner and the points won.
    Won {
        /// The winner.
        winner: PlayerId,
        /// The points won.
        points: u32,
    },
    /// `result: {tied: true}`: tied again after the two extra deals, so the
    /// partie is concluded with no winner (law 71).
    Tied,
    /// `result: {winner: A, games: {A: 3, B: 1}}`: the winner of a partie
    /// played in games (au cent AC29), with the games each won, if written.
    WonGames {
        /// The winner.
        winner: PlayerId,
        /// The games each player won, doubles counting two, if written.
        games: Option<[u32; 2]>,
    },
}

/// Reads a YAML scoresheet.
pub fn read(text: &str) -> Result<Sheet, Diagnostic> {
    let source = text;
    let text = &Lines::new(source);
    let raw: RawSheet = crate::yaml::from_str(source).map_err(|e| {
        let line = e.line.unwrap_or(1);
        let column = e.column.unwrap_or(1);
        let message = super::terms::in_sheet_terms(&e.message);
        diagnostic(text, line, column, 1, message, None)
    })?;
    let key_line = |key: &str| text.find_key(key, 0);
    let rules: Rules = raw.rules.parse().map_err(|e: crate::rules::UnknownRules| {
        let (line, column) = key_line("rules:").unwrap_or((1, 1));
        diagnostic(text, line, column, 6, e.to_string(), None)
    })?;
    let players: [String; 2] = match raw.players.as_slice() {
        [a, b] if a != b => [a.clone(), b.clone()],
        _ => {
            let (line, column) = key_line("players:").unwrap_or((1, 1));
            return Err(diagnostic(
                text,
                line,
                column,
                8,
                "a sheet has two players, with different names".to_string(),
                Some("players: [A, B]".to_string()),
            ));
        }
    };
    let partie_at = |message: String, hint: String| {
        let (line, column) = key_line("partie:").unwrap_or((1, 1));
        diagnostic(text, line, column, 7, message, Some(hint))
    };
    let rubicon = match &raw.partie {
        Some(RawPartie::Deals(partie)) if *partie != 4 && *partie != 6 => {
            return Err(partie_at(
                format!(
                    "a partie is of six deals, or four by agreement (note to law 71), not {partie}"
                ),
                "partie: 4".to_string(),
            ));
        }
        Some(RawPartie::Named(named)) => Terms::parse_partie(named)
            .map_err(|refused| partie_at(refused.message, refused.hint))?,
        _ => false,
    };
    let target = raw
        .target
        .map(|t| Terms::parse_target(&t.to_string()))
        .transpose()
        .map_err(|refused| {
            let (line, column) = key_line("target:").unwrap_or((1, 1));
            diagnostic(text, line, column, 7, refused.message, Some(refused.hint))
        })?;
    let terms = Terms { target, rubicon };
    terms.admitted_under(rules).map_err(|refused| {
        let key = if rubicon { "partie:" } else { "target:" };
        let (line, column) = key_line(key).unwrap_or((1, 1));
        diagnostic(text, line, column, 7, refused.message, Some(refused.hint))
    })?;
    let agreements = agreements(raw.agreements.as_ref(), rules).map_err(|refused| {
        let (line, column) = key_line("agreements:").unwrap_or((1, 1));
        diagnostic(text, line, column, 11, refused.message, Some(refused.hint))
    })?;
    let ecarte = rules == Rules::Ecarte;
    let graded = match (raw.stakes.as_deref().map(str::trim), ecarte) {
        (None, _) | (Some("single"), true) => false,
        (Some("graded"), true) => true,
        (Some(other), _) => {
            let (line, column) = key_line("stakes:").unwrap_or((1, 1));
            let (message, hint) = if ecarte {
                (
                    format!(
                        "the stakes are `graded` (law 46 by agreement) or `single`, not `{other}`"
                    ),
                    "stakes: graded",
                )
            } else {
                (
                    "`stakes:` is écarté's agreement (law 46): the sheet is not `rules: ecarte`"
                        .to_string(),
                    "rules: ecarte, or no `stakes:`",
                )
            };
            return Err(diagnostic(
                text,
                line,
                column,
                7,
                message,
                Some(hint.to_string()),
            ));
        }
    };
    if ecarte && raw.result.is_some() {
        // Law 46: games five up, and no partie to write a result of.
        let (line, column) = key_line("result:").unwrap_or((1, 1));
        return Err(diagnostic(
            text,
            line,
            column,
            7,
            "écarté has no partie to write a result of: its games are five up (law 46)".to_string(),
            Some("write each game won at its deal: game: {winner: A}".to_string()),
        ));
    }
    let deals = read_deals(text, &raw.deals, &players)?;
    let games = crate::engine::ruleset::RuleSet::of(rules).is_some_and(|r| {
        matches!(
            r.with_terms(terms).partie,
            crate::engine::ruleset::PartieRule::Games { .. }
        )
    });
    let result = raw
        .result
        .as_ref()
        .map(|r| written_result(text, r, &players, games))
        .transpose()?;
    Ok(Sheet {
        rules,
        four_deals: matches!(raw.partie, Some(RawPartie::Deals(4))),
        agreements,
        terms,
        players,
        deals,
        result,
        graded,
    })
}

/// The sheet's deals, each found on its line (the lines read on from the
/// last deal's, so a long sheet is read once through), its players named
/// as the sheet names them.
fn read_deals(
    text: &Lines<'_>,
    raw: &[RawDeal],
    players: &[String; 2],
) -> Result<Vec<SheetDeal>, Diagnostic> {
    let deals_at = text.find_key("deals:", 0).map_or(0, |(l, _)| l);
    let mut deals = Vec::with_capacity(raw.len());
    let mut search_from = deals_at;
    for (i, deal) in raw.iter().enumerate() {
        let (line, column) = text
            .find_key("dealer:", search_from)
            .unwrap_or((deals_at.max(1), 1));
        search_from = line + 1;
        deals.push(read_deal(text, i + 1, deal, (line, column), players)?);
    }
    Ok(deals)
}

/// Deal `number` of the sheet, written at `at` (its `dealer:` key).
fn read_deal(
    text: &Lines<'_>,
    number: usize,
    deal: &RawDeal,
    (line, column): (usize, usize),
    players: &[String; 2],
) -> Result<SheetDeal, Diagnostic> {
    let span = text.span_at(line, column, 7);
    let player = |name: &str, what: &str| -> Result<PlayerId, Diagnostic> {
        players
            .iter()
            .position(|p| p == name)
            .map(|i| PlayerId(i as u8))
            .ok_or_else(|| {
                let (l, c) = text.find_word(name, line).unwrap_or((line, column));
                diagnostic(
                    text,
                    l,
                    c,
                    name.chars().count(),
                    if what.starts_with("in ") {
                        format!("deal {number}: `{name}` {what} is not one of the players")
                    } else {
                        format!("deal {number}: {what} `{name}` is not one of the players")
                    },
                    Some(format!("the players are {} and {}", players[0], players[1])),
                )
            })
    };
    let pair = |map: &BTreeMap<String, u32>, what: &str| -> Result<[u32; 2], Diagnostic> {
        let mut out = [None, None];
        for (name, points) in map {
            out[player(name, what)?.index()] = Some(*points);
        }
        match out {
            [Some(a), Some(b)] => Ok([a, b]),
            _ => {
                let missing = if out[0].is_none() {
                    &players[0]
                } else {
                    &players[1]
                };
                Err(diagnostic(
                    text,
                    line,
                    column,
                    7,
                    format!("deal {number}: no figure for `{missing}` {what}"),
                    Some(format!(
                        "write both players: {{{}: 0, {}: 0}}",
                        players[0], players[1]
                    )),
                ))
            }
        }
    };
    if let Some(file) = deal.transcript.as_deref().filter(|f| !inside_the_folder(f)) {
        let (l, c) = text.find_key("transcript:", line).unwrap_or((line, column));
        return Err(diagnostic(
                text,
                l,
                c,
                11,
                format!("deal {number}: `{file}` is not in the sheet's folder"),
                Some("a sheet names its transcripts in its own folder or below it, e.g. `transcript: games/deal-1.pqt`".to_string()),
            ));
    }
    Ok(SheetDeal {
        dealer: player(&deal.dealer, "the dealer")?,
        scores: pair(&deal.scores, "in the scores")?,
        totals: deal
            .totals
            .as_ref()
            .map(|t| pair(t, "in the totals"))
            .transpose()?,
        transcript: deal.transcript.clone(),
        transcript_deal: deal.deal,
        game: deal
            .game
            .as_ref()
            .map(|g| player(&g.winner, "the winner of the game").map(|w| (w, g.double)))
            .transpose()?,
        span,
    })
}

/// The agreements of the sheet, read as the `Agreements` tag is: names
/// known, and admitted by the rules (AC25, AC26 are au cent's).
fn agreements(raw: Option<&RawAgreements>, rules: Rules) -> Result<Agreements, Refused> {
    let agreed = match raw {
        None => Agreements::NONE,
        Some(RawAgreements::Written(value)) => Agreements::parse(value)?,
        Some(RawAgreements::Listed(names)) => Agreements::parse(&names.join(","))?,
    };
    agreed.admitted_under(rules)?;
    Ok(agreed)
}

/// The result as written: a winner with his points, or `tied: true`.
fn written_result(
    text: &Lines<'_>,
    raw: &RawResult,
    players: &[String; 2],
    games: bool,
) -> Result<WrittenResult, Diagnostic> {
    let at = |message: String, hint: Option<String>| {
        let (l, c) = text.find_key("result:", 0).unwrap_or((1, 1));
        diagnostic(text, l, c, 7, message, hint)
    };
    let named = |name: &str| {
        players
            .iter()
            .position(|p| p == name)
            .map(|i| PlayerId(i as u8))
            .ok_or_else(|| {
                at(
                    format!("the result names `{name}`, who is not one of the players"),
                    Some(format!("the players are {} and {}", players[0], players[1])),
                )
            })
    };
    if games {
        // AC29: a partie of games is won by games, not points.
        let (false, Some(name), None) = (raw.tied, &raw.winner, raw.points) else {
            return Err(at(
                "a partie played in games is won by a winner, with the games each won if written (AC29)".to_string(),
                Some("result: {winner: A, games: {A: 3, B: 1}}".to_string()),
            ));
        };
        let mut won = [None, None];
        for (name, count) in raw.games.iter().flatten() {
            won[named(name)?.index()] = Some(*count);
        }
        return Ok(WrittenResult::WonGames {
            winner: named(name)?,
            games: match won {
                [Some(a), Some(b)] => Some([a, b]),
                [None, None] => None,
                _ => {
                    return Err(at(
                        "the games of the result are written for both players".to_string(),
                        Some("games: {A: 3, B: 1}".to_string()),
                    ))
                }
            },
        });
    }
    match (raw.tied, &raw.winner, raw.points) {
        (true, None, None | Some(0)) => Ok(WrittenResult::Tied),
        (false, Some(name), Some(points)) => {
            let winner = players.iter().position(|p| p == name).ok_or_else(|| {
                at(
                    format!("the result names `{name}`, who is not one of the players"),
                    Some(format!("the players are {} and {}", players[0], players[1])),
                )
            })?;
            Ok(WrittenResult::Won {
                winner: PlayerId(winner as u8),
                points,
            })
        }
        _ => Err(at(
            "a result is a winner with the points he won, or a tie after the extra deals"
                .to_string(),
            Some("result: {winner: B, points: 283}, or result: {tied: true}".to_string()),
        )),
    }
}

/// Whether a transcript named by a sheet is in the sheet's folder or below
/// it: a relative path that never climbs out (`..`), so a sheet cannot have
/// the referee read, and show lines of, any other file.
fn inside_the_folder(file: &str) -> bool {
    use std::path::Component;
    let path = std::path::Path::new(file);
    !file.is_empty()
        && path
            .components()
            .all(|c| matches!(c, Component::Normal(_) | Component::CurDir))
}

/// A sheet's text with where each line starts, found once, so that a key
/// is looked for from a line on without reading the lines before it again:
/// a sheet of many deals is read in time linear in its length.
pub(super) struct Lines<'a> {
    text: &'a str,
    /// The byte where each line starts.
    starts: Vec<usize>,
}

impl<'a> Lines<'a> {
    pub(super) fn new(text: &'a str) -> Self {
        let breaks = text.match_indices('\n').map(|(at, _)| at + 1);
        let starts = std::iter::once(0).chain(breaks).collect();
        Lines { text, starts }
    }

    /// Line `n` (1-based), without its line break.
    fn line(&self, n: usize) -> Option<&'a str> {
        let start = *self.starts.get(n.checked_sub(1)?)?;
        let end = self.starts.get(n).map_or(self.text.len(), |next| next - 1);
        Some(self.text[start..end].trim_end_matches('\r'))
    }

    /// The lines from line `from` (1-based) on, with their numbers.
    fn from(&self, from: usize) -> impl Iterator<Item = (usize, &'a str)> + '_ {
        (from.max(1)..=self.starts.len()).filter_map(|n| self.line(n).map(|l| (n, l)))
    }

    /// The 1-based line and column of the first `key` on line `from` (1-based) or after.
    fn find_key(&self, key: &str, from: usize) -> Option<(usize, usize)> {
        self.from(from)
            .find_map(|(n, line)| line.find(key).map(|c| (n, line[..c].chars().count() + 1)))
    }

    /// The line and column of `word` as a whole word, from line `from` on.
    fn find_word(&self, word: &str, from: usize) -> Option<(usize, usize)> {
        self.from(from).find_map(|(n, line)| {
            line.match_indices(word).find_map(|(at, _)| {
                let before = line[..at].chars().next_back();
                let after = line[at + word.len()..].chars().next();
                let edge = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric());
                (edge(before) && edge(after)).then(|| (n, line[..at].chars().count() + 1))
            })
        })
    }

    /// A span at a 1-based line and column, `len` characters long.
    fn span_at(&self, line: usize, column: usize, len: usize) -> Span {
        let start_of_line = line
            .checked_sub(1)
            .and_then(|i| self.starts.get(i))
            .map_or(self.text.len(), |s| *s);
        let line_text = self.line(line).unwrap_or("");
        let offset: usize = line_text
            .chars()
            .take(column.saturating_sub(1))
            .map(char::len_utf8)
            .sum();
        let start = start_of_line + offset;
        let end = start
            + line_text[offset.min(line_text.len())..]
                .chars()
                .take(len)
                .map(char::len_utf8)
                .sum::<usize>();
        Span {
            line: line as u32,
            column: column as u32,
            start,
            end,
        }
    }
}

fn diagnostic(
    text: &Lines<'_>,
    line: usize,
    column: usize,
    len: usize,
    message: String,
    hint: Option<String>,
) -> Diagnostic {
    Diagnostic {
        span: text.span_at(line, column, len),
        message,
        hint,
        deal: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agreements::Agreement;

    const SHEET: &str = "rules: portland\nplayers: [A, B]\ndeals:\n  - {dealer: B, scores: {A: 29, B: 0}}\n  - dealer: A\n    scores: {A: 5, B: 33}\n    transcript: deal2.pqt\nresult: {winner: B, points: 283}\n";

    #[test]
    fn reads_a_sheet() {
        let sheet = read(SHEET).unwrap();
        assert_eq!(sheet.rules, Rules::Portland);
        assert_eq!(sheet.deals.len(), 2);
        assert_eq!(sheet.deals[0].dealer, PlayerId(1));
        assert_eq!(sheet.deals[1].scores, [5, 33]);
        assert_eq!(sheet.deals[1].span.line, 5);
        assert_eq!(sheet.deals[1].transcript.as_deref(), Some("deal2.pqt"));
        assert_eq!(
            sheet.result,
            Some(WrittenResult::Won {
                winner: PlayerId(1),
                points: 283
            })
        );
    }

    /// AC25, AC26: `agreements:` written as the tag is, or as a list;
    /// refused where unknown or not provided by the rules.
    #[test]
    fn reads_the_agreements() {
        let fours = Agreements::of(Agreement::FoursCountOneLess);
        let both = fours.with(Agreement::SevensToNinesDoNotCount);
        let au_cent = SHEET
            .replace("rules: portland", "rules: au-cent")
            .replace("result: {winner: B, points: 283}", "result: {winner: B}");
        // (rules and agreements, what is read, or the words of the problem)
        let table = [
            ("rules: au-cent", Ok(Agreements::NONE)),
            ("rules: au-cent\nagreements: fours-count-one-less", Ok(fours)),
            (
                "rules: au-cent\nagreements: \"fours-count-one-less, sevens-to-nines-do-not-count\"",
                Ok(both),
            ),
            (
                "rules: au-cent\nagreements: [sevens-to-nines-do-not-count, fours-count-one-less]",
                Ok(both),
            ),
            (
                "rules: au-cent\nagreements: [sixes]",
                Err("unknown agreement `sixes`"),
            ),
            (
                "rules: portland\nagreements: fours-count-one-less",
                Err("not of `portland`"),
            ),
        ];
        for (head, expected) in table {
            let text = au_cent.replace("rules: au-cent", head);
            match (read(&text), expected) {
                (Ok(sheet), Ok(agreed)) => assert_eq!(sheet.agreements, agreed, "{head}"),
                (Err(d), Err(words)) => {
                    assert!(d.message.contains(words), "{head}: {}", d.message);
                    assert_eq!(d.span.line, 2, "{head}");
                }
                (got, _) => panic!("{head}: {got:?}"),
            }
        }
    }

    #[test]
    fn transcripts_are_named_inside_the_sheets_folder() {
        let table = [
            ("deal2.pqt", true),
            ("games/deal2.pqt", true),
            ("./deal2.pqt", true),
            ("../deal2.pqt", false),
            ("games/../../x.pqt", false),
            ("/etc/passwd", false),
            ("", false),
        ];
        for (file, inside) in table {
            assert_eq!(inside_the_folder(file), inside, "{file}");
        }
    }

    #[test]
    fn reads_a_tie() {
        let sheet = read(&SHEET.replace("{winner: B, points: 283}", "{tied: true}")).unwrap();
        assert_eq!(sheet.result, Some(WrittenResult::Tied));
    }

    #[test]
    fn problems_are_placed() {
        // (sheet, line, column, words in the message)
        let table = [
            (
                SHEET.replace("{A: 5,", "{C: 5,"),
                6,
                14,
                "`C` in the scores is not one of the players",
            ),
            (
                SHEET.replace("rules: portland", "rules: whist"),
                1,
                1,
                "unknown rule set",
            ),
            (
                SHEET.replace("players: [A, B]", "players: [A]"),
                2,
                1,
                "two players",
            ),
            (
                SHEET.replace("dealer: A\n", "dealr: A\n"),
                5,
                5,
                "unknown key `dealr`",
            ),
            (
                SHEET.replace("    scores: {A: 5, B: 33}\n", ""),
                5,
                5,
                "`scores` is missing",
            ),
            (
                SHEET.replace("{A: 29, B: 0}", "{A: 29}"),
                4,
                6,
                "no figure for `B`",
            ),
            (
                SHEET.replace("result: {winner: B, points: 283}", "result: {winner: B}"),
                8,
                1,
                "a winner with the points he won, or a tie",
            ),
            (
                SHEET.replace("winner: B, points: 283", "winner: B, points: 0, tied: true"),
                8,
                1,
                "a winner with the points he won, or a tie",
            ),
        ];
        for (text, line, column, words) in table {
            let d = read(&text).unwrap_err();
            assert!(d.message.contains(words), "{}", d.message);
            assert_eq!(
                (d.span.line as usize, d.span.column as usize),
                (line, column),
                "{}",
                d.message
            );
        }
    }
}
