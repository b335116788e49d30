//! A transcript: its tags and its deals.

use serde::Serialize;

use super::event::{Event, PlayerId};
use super::span::{Span, Spanned};
use crate::cards::{Card, CardRow};
use crate::Rules;

/// The game a transcript records.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Game {
    /// Piquet, under one of its rule sets.
    #[default]
    Piquet,
    /// Écarté.
    Ecarte,
}

/// A tag pair: `[Event "Case XXII"]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Tag {
    /// The tag's name, as written.
    pub name: String,
    /// Its value, without the quotes.
    pub value: String,
}

/// Cards as listed on a `hand` or `stock` line; `...` at the end means more, unknown.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct CardList {
    /// The cards named.
    pub cards: CardRow,
    /// False when the line ends with `...`: the list is known only in part.
    pub complete: bool,
}

/// A player's hand as dealt.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Hand {
    /// Whose hand.
    pub player: PlayerId,
    /// The cards.
    #[serde(flatten)]
    pub cards: CardList,
}

/// The lines that open a deal. Each is optional: a transcript may leave out what is unknown.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct DealHeader {
    /// `deal 1`.
    pub number: u32,
    /// `dealer B`.
    pub dealer: Option<Spanned<PlayerId>>,
    /// `score A 62, B 92`: the running totals before this deal.
    pub score: Option<Spanned<Vec<(PlayerId, u32)>>>,
    /// `hand A: …`, in the order written.
    pub hands: Vec<Spanned<Hand>>,
    /// `stock: …`, top card first.
    pub stock: Option<Spanned<CardList>>,
    /// `turnup: KH` (écarté).
    pub turnup: Option<Spanned<Card>>,
}

/// An event and where it was written, with the comment at the end of its line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Entry {
    /// The event.
    #[serde(flatten)]
    pub event: Event,
    /// Where the line stands.
    #[serde(skip)]
    pub span: Span,
    /// The comment after `#` on the same line, without the `#`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
}

/// One deal: its header and its events.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Deal {
    /// Where the `deal` line stands.
    #[serde(skip)]
    pub span: Span,
    /// The opening lines.
    #[serde(flatten)]
    pub header: DealHeader,
    /// What happened, in order.
    pub events: Vec<Entry>,
    /// Comment lines in the deal, with the index of the event they stand before.
    #[serde(skip)]
    pub comments: Vec<(usize, String)>,
}

impl Deal {
    /// The hand line of `player`, if written.
    pub fn hand(&self, player: PlayerId) -> Option<&Spanned<Hand>> {
        self.header.hands.iter().find(|h| h.value.player == player)
    }
}

/// A whole transcript.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Transcript {
    /// The YAML header of a case file, as written (between the `---` lines).
    #[serde(skip)]
    pub front_matter: Option<String>,
    /// Every tag, in order, known or not.
    pub tags: Vec<Spanned<Tag>>,
    /// The `Game` tag (Piquet when absent).
    pub game: Game,
    /// The `Rules` tag (portland for piquet, ecarte for écarté, when absent).
    pub rules: Rules,
    /// The two player ids of the `Players` tag (`A B` when absent).
    pub players: [String; 2],
    /// Comment lines before the first deal.
    #[serde(skip)]
    pub comments: Vec<String>,
    /// The deals, in order.
    pub deals: Vec<Deal>,
}

impl Transcript {
    /// The id a player is written as.
    pub fn name(&self, player: PlayerId) -> &str {
        &self.players[player.index()]
    }
}
