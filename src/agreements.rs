//! The agreements the players may make before they play that change the
//! scoring, as named by the `[Agreements "…"]` tag of a transcript and the
//! `agreements:` key of a scoresheet (au cent AC25, AC26).
//!
//! This names them and says which book provides each; the rule set each
//! makes is the engine's ([`crate::engine::ruleset::RuleSet::agreed`]).

use std::fmt;

use crate::laws::BookId;
use crate::Rules;

/// One agreement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Agreement {
    /// AC25: "By agreement, points ending in four count one less than the
    /// number of cards."
    FoursCountOneLess,
    /// AC26: "By agreement, in playing the cards, nines, eights, and sevens
    /// are not counting cards."
    SevensToNinesDoNotCount,
    /// M4: "Some rules specify that the point for the last trick is not
    /// counted in the event of a capot" (modern piquet).
    NoLastOnCapot,
}

impl Agreement {
    /// Every agreement, in the order the docs list them.
    pub const ALL: [Agreement; 3] = [
        Agreement::FoursCountOneLess,
        Agreement::SevensToNinesDoNotCount,
        Agreement::NoLastOnCapot,
    ];

    /// The name written in the tag.
    pub fn name(self) -> &'static str {
        match self {
            Agreement::FoursCountOneLess => "fours-count-one-less",
            Agreement::SevensToNinesDoNotCount => "sevens-to-nines-do-not-count",
            Agreement::NoLastOnCapot => "no-last-on-capot",
        }
    }

    /// The paragraph that provides it.
    pub fn law(self) -> &'static str {
        match self {
            Agreement::FoursCountOneLess => "AC25",
            Agreement::SevensToNinesDoNotCount => "AC26",
            Agreement::NoLastOnCapot => "M4",
        }
    }

    /// The book whose paragraph provides it: only a rule set ruled from
    /// that book may agree it.
    pub fn book(self) -> BookId {
        match self {
            Agreement::FoursCountOneLess | Agreement::SevensToNinesDoNotCount => BookId::AuCent,
            Agreement::NoLastOnCapot => BookId::Classic,
        }
    }

    /// The rule set that admits it: au cent's paragraphs AC25 and AC26;
    /// M4, which speaks of modern piquet only, under `modern`.
    pub fn rules(self) -> Rules {
        match self {
            Agreement::FoursCountOneLess | Agreement::SevensToNinesDoNotCount => Rules::AuCent,
            Agreement::NoLastOnCapot => Rules::Modern,
        }
    }

    fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// The agreements made: none, one, or both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Agreements(u8);

/// Something wrong with an agreements value, in words, with a hint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    /// What is wrong.
    pub message: String,
    /// How to write it instead.
    pub hint: String,
}

impl Agreements {
    /// No agreement: the laws of the rule set as they stand.
    pub const NONE: Agreements = Agreements(0);

    /// Just this agreement.
    pub fn of(agreement: Agreement) -> Agreements {
        Agreements(agreement.bit())
    }

    /// These agreements and `agreement` besides.
    pub fn with(self, agreement: Agreement) -> Agreements {
        Agreements(self.0 | agreement.bit())
    }

    /// Whether `agreement` was made.
    pub fn has(self, agreement: Agreement) -> bool {
        self.0 & agreement.bit() != 0
    }

    /// Whether none was made.
    pub fn is_none(self) -> bool {
        self.0 == 0
    }

    /// Each agreement made, in the order of [`Agreement::ALL`].
    pub fn iter(self) -> impl Iterator<Item = Agreement> {
        Agreement::ALL.into_iter().filter(move |a| self.has(*a))
    }

    /// Reads a list separated by commas, without regard to case:
    /// `fours-count-one-less, sevens-to-nines-do-not-count`. An empty value
    /// is no agreement; an unknown name is refused.
    pub fn parse(value: &str) -> Result<Agreements, Refused> {
        let mut out = Agreements::NONE;
        for item in value.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let found = Agreement::ALL
                .into_iter()
                .find(|a| a.name().eq_ignore_ascii_case(item));
            match found {
                Some(agreement) => out = out.with(agreement),
                None => {
                    return Err(Refused {
                        message: format!("unknown agreement `{item}`"),
                        hint: HINT.to_string(),
                    })
                }
            }
        }
        Ok(out)
    }

    /// Whether a transcript or sheet under `rules` may make these
    /// agreements: each is provided by a book for one rule set, and only
    /// that rule set admits it (AC25 and AC26 are au cent's, M4 modern
    /// piquet's).
    pub fn admitted_under(self, rules: Rules) -> Result<(), Refused> {
        match self.iter().find(|a| a.rules() != rules) {
            None => Ok(()),
            Some(agreement) => Err(Refused {
                message: format!(
                    "`{}` is an agreement of the rules `{}` ({}), not of `{rules}`",
                    agreement.name(),
                    agreement.rules().name(),
                    agreement.law(),
                ),
                hint: format!(
                    "agree it under [Rules \"{}\"], or leave it out",
                    agreement.rules().name()
                ),
            }),
        }
    }

    /// The agreements of a transcript's `Agreements` tags, all of them
    /// together; a name not known is passed over (the reader reports it).
    pub fn of_tags<'t>(tags: impl IntoIterator<Item = (&'t str, &'t str)>) -> Agreements {
        tags.into_iter()
            .filter(|(name, _)| name.eq_ignore_ascii_case(TAG))
            .flat_map(|(_, value)| value.split(','))
            .filter_map(|item| {
                Agreement::ALL
                    .into_iter()
                    .find(|a| a.name().eq_ignore_ascii_case(item.trim()))
            })
            .fold(Agreements::NONE, Agreements::with)
    }
}

/// The name of the tag: `[Agreements "…"]`.
pub const TAG: &str = "Agreements";

/// `fours-count-one-less, sevens-to-nines-do-not-count`: as written in the tag.
impl fmt::Display for Agreements {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.iter().map(Agreement::name).collect();
        f.write_str(&names.join(", "))
    }
}

/// What to write instead of an unknown agreement.
pub const HINT: &str = "the agreements are `fours-count-one-less` (AC25) and `sevens-to-nines-do-not-count` (AC26) under au cent, and `no-last-on-capot` (M4) under modern piquet, separated by commas";

/// The name of the tag of the game's target: `[Target "150"]` (19c).
pub const TARGET_TAG: &str = "Target";

/// The name of the tag of the partie's form: `[Partie "rubicon"]` (R2-R5),
/// `[Partie "4"]` (the note to Portland law 71).
pub const PARTIE_TAG: &str = "Partie";

/// The length of the game and the form of the partie, as the players
/// agreed them by tag: the game's target (19c: "usually 100 points, though
/// it may also be set at 150 or 200") and the rubicon partie (R2-R5). Both
/// are the French book's; `[Partie "4"]` is the Portland partie of four
/// deals (the note to law 71), read where the partie is ruled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Terms {
    /// 19c: the game's points agreed, where a tag names them.
    pub target: Option<u32>,
    /// R2-R5: the partie is rubicon, six deals, not games.
    pub rubicon: bool,
}

impl Terms {
    /// No term agreed: the rule set's own game and partie.
    pub const NONE: Terms = Terms {
        target: None,
        rubicon: false,
    };

    /// 19c: the targets a game may be played to.
    pub const TARGETS: [u32; 3] = [100, 150, 200];

    /// Reads a `Target` value: `100`, `150` or `200` (19c).
    pub fn parse_target(value: &str) -> Result<u32, Refused> {
        value
            .trim()
            .parse::<u32>()
            .ok()
            .filter(|t| Terms::TARGETS.contains(t))
            .ok_or_else(|| Refused {
                message: format!("the game is not played to `{}`", value.trim()),
                hint: TARGET_HINT.to_string(),
            })
    }

    /// Reads a `Partie` value: `rubicon` (R2-R5) is a term; `4` (the note
    /// to law 71) is the Portland partie of four deals, no term here.
    pub fn parse_partie(value: &str) -> Result<bool, Refused> {
        match value.trim() {
            v if v.eq_ignore_ascii_case("rubicon") => Ok(true),
            "4" | "6" => Ok(false),
            v => Err(Refused {
                message: format!("unknown partie `{v}`"),
                hint: PARTIE_HINT.to_string(),
            }),
        }
    }

    /// Whether a transcript or sheet under `rules` may agree these terms:
    /// the target and the rubicon partie are the French book's (19c,
    /// R2-R5), and a rubicon partie of six deals has no target.
    pub fn admitted_under(self, rules: Rules) -> Result<(), Refused> {
        let french = rules.book() == BookId::Classic;
        let refused = |what: &str, law: &str| Refused {
            message: format!(
                "{what} is an agreement of the French rules ({law}), not of `{rules}`"
            ),
            hint: "agree it under [Rules \"classic\"], \"modern\" or \"old\", or leave it out"
                .to_string(),
        };
        match self {
            Terms {
                target: Some(target),
                ..
            } if !french => Err(refused(&format!("a game of {target} up"), "19c")),
            Terms { rubicon: true, .. } if !french => Err(refused("the rubicon partie", "R2-R5")),
            Terms {
                target: Some(target),
                rubicon: true,
            } => Err(Refused {
                message: format!("a rubicon partie is six deals (R3), not a game of {target} up"),
                hint: "leave out the `Target` tag, or the `Partie` tag".to_string(),
            }),
            _ => Ok(()),
        }
    }

    /// The terms of a transcript's tags; a value not known is passed over
    /// (the reader reports it).
    pub fn of_tags<'t>(tags: impl IntoIterator<Item = (&'t str, &'t str)>) -> Terms {
        let mut out = Terms::NONE;
        for (name, value) in tags {
            if name.eq_ignore_ascii_case(TARGET_TAG) {
                out.target = Terms::parse_target(value).ok().or(out.target);
            } else if name.eq_ignore_ascii_case(PARTIE_TAG) {
                out.rubicon |= Terms::parse_partie(value).unwrap_or(false);
            }
        }
        out
    }
}

/// What to write instead of an unknown target.
pub const TARGET_HINT: &str =
    "the game is a hundred up, or by agreement 150 or 200 (19c): [Target \"150\"]";

/// What to write instead of an unknown partie.
pub const PARTIE_HINT: &str = "the partie is `4` (four deals, the note to law 71) or, under the French rules, `rubicon` (R2-R5)";

#[cfg(test)]
mod tests {
    use super::*;

    const FOURS: Agreement = Agreement::FoursCountOneLess;
    const SEVENS: Agreement = Agreement::SevensToNinesDoNotCount;
    const M4: Agreement = Agreement::NoLastOnCapot;

    #[test]
    fn values_are_read_as_a_list() {
        let both = Agreements::of(FOURS).with(SEVENS);
        let table: [(&str, Option<Agreements>); 7] = [
            ("fours-count-one-less", Some(Agreements::of(FOURS))),
            ("sevens-to-nines-do-not-count", Some(Agreements::of(SEVENS))),
            (
                "fours-count-one-less, sevens-to-nines-do-not-count",
                Some(both),
            ),
            (
                "Sevens-To-Nines-Do-Not-Count,FOURS-COUNT-ONE-LESS",
                Some(both),
            ),
            ("", Some(Agreements::NONE)),
            ("fours-count-one-less, sixes", None),
            ("fours count one less", None),
        ];
        for (value, expected) in table {
            assert_eq!(Agreements::parse(value).ok(), expected, "{value}");
        }
    }

    #[test]
    fn the_hint_names_every_agreement() {
        for agreement in Agreement::ALL {
            let named = format!("`{}` ({})", agreement.name(), agreement.law());
            assert!(HINT.contains(&named), "{named}");
        }
    }

    #[test]
    fn only_au_cent_admits_them() {
        let table = [
            (Rules::AuCent, Agreements::of(FOURS).with(SEVENS), true),
            (Rules::Portland, Agreements::of(SEVENS), false),
            (Rules::Classic, Agreements::of(FOURS), false),
            (Rules::Portland, Agreements::NONE, true),
            (Rules::Modern, Agreements::of(M4), true),
            (Rules::Classic, Agreements::of(M4), false),
            (Rules::Old, Agreements::of(M4), false),
            (Rules::AuCent, Agreements::of(M4), false),
            (Rules::Modern, Agreements::of(SEVENS), false),
        ];
        for (rules, agreements, admitted) in table {
            assert_eq!(
                agreements.admitted_under(rules).is_ok(),
                admitted,
                "{rules} {agreements}"
            );
        }
    }

    /// The reader refuses an unknown agreement, and an agreement the rules
    /// do not admit, at the tag's line.
    #[test]
    fn the_reader_checks_the_tag() {
        // (tags, the problem, at which line)
        let table = [
            ("[Rules \"au-cent\"]\n[Agreements \"fours-count-one-less\"]", None),
            (
                "[Agreements \"sevens-to-nines-do-not-count\"]\n[Rules \"au-cent\"]",
                None,
            ),
            (
                "[Rules \"au-cent\"]\n[Agreements \"sixes\"]",
                Some(("unknown agreement `sixes`", 2)),
            ),
            (
                "[Agreements \"fours-count-one-less\"]",
                Some(("`fours-count-one-less` is an agreement of the rules `au-cent` (AC25), not of `portland`", 1)),
            ),
            (
                "[Rules \"portland\"]\n[Event \"x\"]\n[Agreements \"\"]",
                None,
            ),
            ("[Rules \"modern\"]\n[Agreements \"no-last-on-capot\"]", None),
            (
                "[Rules \"classic\"]\n[Agreements \"no-last-on-capot\"]",
                Some(("`no-last-on-capot` is an agreement of the rules `modern` (M4), not of `classic`", 2)),
            ),
        ];
        for (tags, expected) in table {
            let found = first_problem(tags);
            let found = found.as_ref().map(|(m, l)| (m.as_str(), *l));
            assert_eq!(found, expected, "{tags}");
        }
    }

    /// The reader's first problem with these tags before a deal, and its line.
    fn first_problem(tags: &str) -> Option<(String, u32)> {
        let text = format!("{tags}\n[Players \"A B\"]\n\ndeal 1\ndealer B\n");
        let reading = crate::notation::read_str(&text);
        let first = reading.errors.first()?;
        Some((first.message.clone(), first.span.line))
    }

    #[test]
    fn tags_together_and_written_back() {
        let tags = [
            ("Event", "fours-count-one-less"),
            ("agreements", "sevens-to-nines-do-not-count"),
            ("Agreements", " fours-count-one-less ,nonsense"),
        ];
        let read = Agreements::of_tags(tags);
        assert_eq!(read, Agreements::of(FOURS).with(SEVENS));
        assert_eq!(
            read.to_string(),
            "fours-count-one-less, sevens-to-nines-do-not-count"
        );
        assert_eq!(Agreements::parse(&read.to_string()), Ok(read));
    }

    /// 19c, R2-R5: the reader refuses a target or partie not known, and
    /// one the rules do not admit, at the tag's line.
    #[test]
    fn the_reader_checks_the_target_and_the_partie() {
        // (tags, the problem, at which line)
        let table = [
            ("[Rules \"classic\"]\n[Target \"150\"]", None),
            ("[Target \"200\"]\n[Rules \"old\"]", None),
            ("[Rules \"modern\"]\n[Partie \"rubicon\"]", None),
            ("[Rules \"portland\"]\n[Partie \"4\"]", None),
            (
                "[Rules \"classic\"]\n[Target \"120\"]",
                Some(("the game is not played to `120`", 2)),
            ),
            (
                "[Rules \"classic\"]\n[Partie \"belle\"]",
                Some(("unknown partie `belle`", 2)),
            ),
            (
                "[Rules \"au-cent\"]\n[Target \"150\"]",
                Some(("a game of 150 up is an agreement of the French rules (19c), not of `au-cent`", 2)),
            ),
            (
                "[Partie \"rubicon\"]",
                Some(("the rubicon partie is an agreement of the French rules (R2-R5), not of `portland`", 1)),
            ),
            (
                "[Rules \"classic\"]\n[Partie \"rubicon\"]\n[Target \"200\"]",
                Some(("a rubicon partie is six deals (R3), not a game of 200 up", 3)),
            ),
        ];
        for (tags, expected) in table {
            let found = first_problem(tags);
            let found = found.as_ref().map(|(m, l)| (m.as_str(), *l));
            assert_eq!(found, expected, "{tags}");
        }
    }

    #[test]
    fn terms_from_the_tags() {
        let table = [
            (
                vec![("Target", "150")],
                Terms {
                    target: Some(150),
                    rubicon: false,
                },
            ),
            (
                vec![("partie", "Rubicon")],
                Terms {
                    target: None,
                    rubicon: true,
                },
            ),
            (vec![("Partie", "4"), ("Target", "nonsense")], Terms::NONE),
            (vec![("Event", "200")], Terms::NONE),
        ];
        for (tags, expected) in table {
            assert_eq!(Terms::of_tags(tags.clone()), expected, "{tags:?}");
        }
    }
}
