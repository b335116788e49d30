//! One deal ruled on its own: the table replayed event by event, the
//! declarations weighed, the play scored, the rulings gathered with the
//! choices they give, and the claims answered. The partie's running totals
//! are the referee's (`referee.rs`).

use crate::notation::{Act, Deal, Event, PlayerId, Span};
use crate::ruling::{Elected, Irregularity, Otherwise, Penalty, Ruling};

use std::borrow::Cow;

use super::declarations::{self, Declarations, Hands};
use super::ruleset::RuleSet;
use super::score::{self, DealScore, ScoreLine};
use super::table::{PlayedTrick, Table};
use super::{
    answers, conduct, played_again, unspoken, DealRuling, DealtHands, Note, Outcome, Written,
};

/// What the referee knows of a deal before its events: who deals, who is
/// elder, each player's mode of dealing in the partie (law 9), and whether
/// it is dealt out of turn (law 16).
pub(super) struct Start {
    pub dealer: Option<PlayerId>,
    pub elder: PlayerId,
    pub modes: [Option<u8>; 2],
    pub out_of_turn: bool,
    /// Whether a deal of the partie has stood before this one.
    pub partie_begun: bool,
}

/// The lists a deal is ruled with that are not kept in its ruling, kept by
/// the referee from one deal to the next so that ruling a deal allocates
/// none of them (those the ruling keeps are the last ruling's, used again:
/// `rule_deal`).
#[derive(Clone, Debug, Default)]
pub(super) struct Spare {
    /// The last deal's table, dealt again (its lists used again).
    pub table: Option<Table>,
    /// The tricks standing after each event.
    pub standing: Vec<usize>,
}

/// The table of a deal: the last deal's in `slot` dealt again, or a new
/// one; its tricks' list is `tricks`.
fn dealt<'t>(
    slot: &'t mut Option<Table>,
    deal: &Deal,
    elder: PlayerId,
    rules: &RuleSet,
    tricks: Vec<PlayedTrick>,
) -> &'t mut Table {
    match slot {
        Some(table) => {
            table.tricks = tricks;
            table.redeal(deal, elder, rules);
            table
        }
        None => slot.insert(Table::deal(deal, elder, rules)),
    }
}

/// A list of an earlier ruling, emptied for this deal's; a new one with room
/// for `room` where there was none.
fn again<T>(list: &mut Vec<T>, room: usize) -> Vec<T> {
    let mut list = std::mem::take(list);
    list.clear();
    if list.capacity() == 0 {
        list.reserve(room);
    }
    list
}

/// What the replay of a deal's events finds besides the table: the
/// written scores.
struct Replayed<'a> {
    written: Option<Cow<'a, [(PlayerId, u32)]>>,
    /// Law 74: each player's own score, taken where the sheets differ.
    taken: Vec<Taken>,
}

/// Rules one deal into `out`: its score, rulings, notes and answers. The
/// running totals (`before`, `after`, `counts`, `ended`) are left for the
/// referee. Sets `modes` to each player's mode of dealing after it (law 9).
/// Every field of `out` is set: the lists it held (the last deal's ruling)
/// are used again, emptied, and those only this deal uses are taken from
/// `spare` and go back there.
pub(super) fn rule_deal(
    deal: &Deal,
    start: &Start,
    mut notes: Vec<Note>,
    rules: &RuleSet,
    modes: &mut [Option<u8>; 2],
    spare: &mut Spare,
    out: &mut DealRuling,
) {
    let tricks = again(&mut out.tricks, 12);
    declarations::give_back(std::mem::take(&mut out.declarations.scored));
    let Spare { table, standing } = spare;
    let table = dealt(table, deal, start.elder, rules, tricks);
    let Replayed { written, taken } = replay(deal, start, rules, table, standing);
    mark_analogies(&mut table.rulings, rules);
    *modes = table.conduct.modes;
    for player in PlayerId::BOTH {
        let exchange = table.exchange[player.index()];
        if exchange.assumed {
            notes.push(Note::TakesAssumed(player, exchange.taken));
        }
    }
    let hands = declaring_hands(table);
    notes.extend(
        PlayerId::BOTH
            .into_iter()
            .filter(|p| !hands.known[p.index()])
            .map(Note::HandUnknown),
    );
    let mut declarations = declare(deal, table, &hands, standing, &mut notes, rules);
    mark_analogies(&mut declarations.rulings, rules);
    let lines = again(&mut out.score.lines, 8);
    let (played, complete) = play(
        table,
        &declarations,
        start.elder,
        &mut notes,
        rules,
        false,
        lines,
    );
    // The play as the nearest written law would have it, where an error it
    // calls to be played again is ruled by analogy only.
    let replay_by_analogy = declarations
        .rulings
        .iter()
        .chain(&table.rulings)
        .any(|r| r.analogy.is_some() && matches!(r.penalty, Penalty::PlayAgainFrom(_)));
    let by_analogy = replay_by_analogy.then(|| {
        play(
            table,
            &declarations,
            start.elder,
            &mut Vec::new(),
            rules,
            true,
            Vec::with_capacity(8),
        )
        .0
    });
    let mut rulings = gather(table, &declarations, rules);
    mark_analogies(&mut rulings, rules);
    notes.extend(played_again::replayed(&table.replays, &rulings));
    let struck = penalties(&mut rulings, deal);
    let agreed = table.conduct.agreed;
    let claimed = !table.conduct.fresh_deal_claims.is_empty();
    let void = rulings.iter().any(|r| voids(r, claimed)) || agreed;
    if agreed {
        notes.push(Note::FreshDealAgreed);
    }
    let outcomes = outcomes(&rulings, &played, &struck, by_analogy.as_ref());
    let mut score = played;
    for player in struck {
        score.reckons_nothing(player);
    }
    if void {
        score.void();
        notes.push(Note::Void);
    }
    if !void {
        rulings.extend(miscounted_own(&taken, &score));
        in_order_of_lines(&mut rulings);
    }
    if complete && score.tricks[0] == score.tricks[1] {
        notes.push(Note::Divided);
    }
    notes.extend(
        table
            .uninterpreted
            .iter()
            .filter(|i| !declarations.interpreted.contains(i))
            .map(|i| Note::Uninterpreted(*i)),
    );
    let answers = answers::answer(
        &deal.events,
        &table.claims,
        &answers::Ruled {
            rulings: &rulings,
            declarations: &declarations,
            score: &score,
            void,
            agreed,
            rules,
        },
    );
    let written = compared(written.as_deref(), &score, again(&mut out.written, 2));
    let tricks = std::mem::take(&mut table.tricks);
    // Every field set, so that none keeps the last deal's.
    *out = DealRuling {
        number: deal.header.number,
        span: deal.span,
        dealer: start.dealer,
        elder: start.elder,
        counts: 1,
        written,
        hands: DealtHands {
            dealt: hands.dealt,
            declaring: hands.declaring,
            discards: hands.discards,
        },
        declarations,
        score,
        rulings,
        notes,
        before: [0; 2],
        after: [0; 2],
        tricks,
        void,
        outcomes,
        ended: None,
        answers,
        game: None,
    };
}

/// Replays the events on the table, then settles what can be settled only
/// once the deal is over: the take before the elder's (law 29, Case XIV),
/// the exchange (laws 39-43, 58), leads out of turn (59.III), the conduct
/// laws, and the choices the rulings give (laws 11, 13, 28, 29, 44).
/// The table is `table`, as dealt; the tricks standing after each event
/// (law 59.V counts from them) go into `standing`, emptied first.
fn replay<'a>(
    deal: &'a Deal,
    start: &Start,
    rules: &RuleSet,
    table: &mut Table,
    standing: &mut Vec<usize>,
) -> Replayed<'a> {
    table.conduct.modes = start.modes;
    table.conduct.dealt_out_of_turn = start.out_of_turn;
    table.conduct.partie_begun = start.partie_begun;
    let mut written: Option<Cow<'a, [(PlayerId, u32)]>> = None;
    let mut sheets: [Option<Sheet<'_>>; 2] = [None, None];
    standing.clear();
    standing.reserve(deal.events.len());
    for (index, entry) in deal.events.iter().enumerate() {
        table.apply(index, &entry.event, entry.span, rules);
        standing.push(table.tricks.len());
        match &entry.event {
            Event::Written { scores } => written = Some(Cow::Borrowed(scores)),
            Event::Act {
                player,
                act: Act::Writes(scores),
            } => sheets[player.index()] = Some((scores, entry.span)),
            _ => {}
        }
    }
    let mut taken = Vec::new();
    if let Some((own, ruling)) = own_hands(sheets) {
        // Where the sheets differ, each own score is ruled on with that ruling.
        if let Some(span) = ruling.as_ref().and_then(|r| r.span) {
            taken = own.iter().map(|&(p, points)| (p, points, span)).collect();
        }
        table.rulings.extend(ruling);
        written.get_or_insert(Cow::Owned(own));
    }
    table.settle_early_take(rules);
    table.settle_exchange(rules);
    table.settle_leads_out_of_turn();
    let moment = table.moment(start.dealer, rules);
    let finished = table.conduct.finish(&table.dealt(rules), &moment);
    table.rulings.extend(finished);
    conduct::election::elect(&mut table.rulings, deal, &rules.exchange_rules);
    Replayed { written, taken }
}

/// The hands the players declare from.
fn declaring_hands(table: &Table) -> Hands {
    Hands {
        declaring: PlayerId::BOTH.map(|p| table.declaring_hand(p)),
        dealt: table.dealt,
        discards: table.discards,
        known: PlayerId::BOTH.map(|p| table.hand_known(p)),
        elder: table.elder,
    }
}

/// Laws 46-56, 61-64: the declarations weighed, with law 59.V's trick
/// counted on the table and a carte blanche barred by mixing the stock.
fn declare(
    deal: &Deal,
    table: &Table,
    hands: &Hands,
    standing: &[usize],
    notes: &mut Vec<Note>,
    rules: &RuleSet,
) -> Declarations {
    // A void deal is known before the declarations are weighed: every
    // ruling that voids one is on the cards or the conduct.
    let claimed = !table.conduct.fresh_deal_claims.is_empty();
    let fresh = table.rulings.iter().any(|r| voids(r, claimed)) || table.conduct.agreed;
    let (mut declarations, unassumed) =
        unspoken::declarations(&deal.events, table, hands, fresh, rules);
    misinformed_from(&mut declarations.rulings, deal, standing, rules);
    unscore_barred_carte_blanche(&mut declarations, &table.rulings);
    if declarations.assumed {
        notes.push(if hands.known.iter().all(|known| *known) {
            Note::AssumedDeclarations
        } else {
            Note::AssumedCarteBlancheOnly
        });
    }
    if unassumed == Some(unspoken::Unassumed::ExchangeIncomplete) {
        notes.push(Note::ExchangeIncomplete);
    }
    declarations
}

/// Laws 65-69: the deal scored from the tricks that stand (those before an
/// error that calls for a replay not written), and whether the play was
/// complete so that the cards are scored. Laws 30, 57: a player short of
/// cards; his adversary counts as tricks the cards that cannot be played to.
/// An error ruled by analogy only (the French rules) leaves the play as
/// played, unless `by_analogy` asks for the play as the analogy has it.
fn play(
    table: &Table,
    declarations: &Declarations,
    elder: PlayerId,
    notes: &mut Vec<Note>,
    rules: &RuleSet,
    by_analogy: bool,
    lines: Vec<ScoreLine>,
) -> (DealScore, bool) {
    let rulings = table
        .rulings
        .iter()
        .chain(&declarations.rulings)
        .filter(|r| by_analogy || r.analogy.is_none());
    let replay_from = played_again::stands_until(&table.replays, rulings);
    let tricks = match replay_from {
        Some(trick) => {
            &table.tricks[..usize::from(trick).saturating_sub(1).min(table.tricks.len())]
        }
        None => &table.tricks[..],
    };
    let complete = replay_from.is_none() && table.play_finished(rules);
    match replay_from {
        Some(trick) => notes.push(Note::NotPlayedAgain(trick)),
        None if !complete => notes.push(Note::PlayIncomplete(table.tricks.len())),
        None => {}
    }
    let extra = if complete && tricks.len() < rules.hand {
        table.cannot_be_played_to()
    } else {
        [0, 0]
    };
    let played = score::score_with(declarations, tricks, extra, complete, elder, rules, lines);
    (played, complete)
}

/// Every ruling of the deal, in the order of its lines: the table's, the
/// declarations', law 56 giving way to law 54, and the fresh deals
/// claimed and not given.
fn gather(table: &Table, declarations: &Declarations, rules: &RuleSet) -> Vec<Ruling> {
    let mut rulings = table.rulings.clone();
    rulings.extend(declarations.rulings.iter().cloned());
    late_reckonings(&mut rulings, rules);
    // AC21, AC22: a reckoning after the lead the declarations admit.
    rulings.retain(|r| {
        !(r.irregularity == rules.calling.omitted.too_late()
            && r.span
                .is_some_and(|s| declarations.admitted_late.contains(&s)))
    });
    let unfounded = conduct::unfounded_claims(&table.conduct, &rulings);
    rulings.extend(unfounded);
    in_order_of_lines(&mut rulings);
    rulings
}

/// The written scores beside the referee's, into `out` (cleared first).
fn compared(
    written: Option<&[(PlayerId, u32)]>,
    score: &DealScore,
    mut out: Vec<Written>,
) -> Vec<Written> {
    out.clear();
    out.extend(
        written
            .into_iter()
            .flatten()
            .map(|&(player, points)| Written {
                player,
                written: points,
                referee: score.scores[player.index()],
            }),
    );
    out
}

/// Law 59.V: after misinformation "the adversary may retake all cards
/// played subsequently to the misinformation": the play again is from the
/// trick after those standing when the answer was given (tricks taken up
/// and played again before it are counted once). `standing` is the number
/// of tricks standing after each event.
fn misinformed_from(rulings: &mut [Ruling], deal: &Deal, standing: &[usize], rules: &RuleSet) {
    for ruling in rulings.iter_mut() {
        let (Penalty::PlayAgainFrom(_), Some(span)) = (ruling.penalty, ruling.span) else {
            continue;
        };
        if ruling.laws != rules.cite.misinformation {
            continue;
        }
        let answer = deal.events.iter().position(|e| e.span.line == span.line);
        if let Some(tricks) = answer.and_then(|i| standing.get(i)) {
            let from = u8::try_from(tricks + 1).unwrap_or(u8::MAX);
            ruling.penalty = Penalty::PlayAgainFrom(from);
        }
    }
}

/// Law 44: "When a player subjects himself to the penalty of reckoning
/// nothing that deal, the adversary has the option of not enforcing the
/// penalty." A `waives penalty` line by the adversary waives it; otherwise
/// the players who reckon nothing are returned.
fn penalties(rulings: &mut [Ruling], deal: &Deal) -> Vec<PlayerId> {
    let waives = |player: PlayerId| {
        deal.events.iter().any(|e| {
            matches!(&e.event, Event::Act { player: p, act: crate::notation::Act::WaivesPenalty } if *p == player)
        })
    };
    let mut out = Vec::new();
    // Issue 15: a penalty the book does not give, shown by analogy, is
    // not applied.
    for ruling in rulings.iter_mut().filter(|r| r.analogy.is_none()) {
        // AC9, AC10: a player who loses the game scores nothing in the deal
        // either; law 44's waiver is of reckoning nothing only.
        if let (Penalty::LosesTheGame, Some(offender)) = (ruling.penalty, ruling.offender) {
            if !out.contains(&offender) {
                out.push(offender);
            }
            continue;
        }
        if !ruling.penalty.reckons_nothing() {
            continue;
        }
        let Some(offender) = ruling.offender else {
            continue;
        };
        if waives(offender.other()) {
            ruling.penalty = Penalty::Waived;
        } else if !out.contains(&offender) {
            out.push(offender);
        }
    }
    out
}

/// Issue 15: each ruling that cites a law the rule set's book does not
/// hold, where the book gives none (the French rules state no penalties),
/// is marked as applying that law by analogy (`RuleSet::analogy`).
fn mark_analogies(rulings: &mut [Ruling], rules: &RuleSet) {
    for ruling in rulings {
        ruling.analogy = rules.analogy(ruling.laws);
    }
}

/// Whether a ruling makes the deal void: a fresh deal the law requires or
/// the adversary chose. By analogy only (the French rules), the deal is
/// void only where the players took the fresh deal: one chosen, or one
/// claimed where the nearest law requires it.
fn voids(ruling: &Ruling, claimed: bool) -> bool {
    match (ruling.analogy, ruling.penalty) {
        (None, penalty) => penalty.voids_deal(),
        (Some(_), Penalty::FreshDeal) => claimed,
        (Some(_), penalty) => penalty.voids_deal(),
    }
}

/// The rulings in the order of the lines they rule on, as a referee
/// takes them up; a ruling on the deal as a whole comes last.
fn in_order_of_lines(rulings: &mut [Ruling]) {
    rulings.sort_by_key(|r| r.span.map_or(usize::MAX, |s| s.start));
}

/// Law 56's exception, "except as provided in Law 54": against a player
/// whose call allowed good proves not to be held, his adversary "may reckon
/// anything he has good" after the first trick. Law 56 then gives way: its
/// ruling on that adversary's late reckoning is withdrawn (what he may
/// reckon is weighed with his `claims to score` line).
fn late_reckonings(rulings: &mut Vec<Ruling>, rules: &RuleSet) {
    let miscalled: Vec<PlayerId> = rulings
        .iter()
        .filter(|r| r.laws == rules.cite.miscall)
        .filter_map(|r| r.offender)
        .collect();
    rulings.retain(|r| {
        !(r.irregularity == Irregularity::ReckonsTooLate
            && r.offender.is_some_and(|p| miscalled.contains(&p.other())))
    });
}

/// The options rulings give, side by side, each with the deal's score
/// under it: a fresh deal or standing the deal (laws 11, 13, 28, 29), and
/// enforcing "reckons nothing" or not (law 44). `played` is the score
/// before any penalty; `struck` the players who reckon nothing as ruled.
/// A ruling by analogy gives no choice: the deal as played, and beside it
/// what the nearest written law would give (`analogy_outcomes`).
fn outcomes(
    rulings: &[Ruling],
    played: &DealScore,
    struck: &[PlayerId],
    by_analogy: Option<&DealScore>,
) -> Vec<Outcome> {
    let with = |players: &[PlayerId]| {
        let mut score = played.clone();
        for player in players {
            score.reckons_nothing(*player);
        }
        score.scores
    };
    let mut out = Vec::new();
    let mut enforced = Vec::new();
    for (index, ruling) in rulings.iter().enumerate() {
        let Some(offender) = ruling.offender else {
            continue;
        };
        let chooser = offender.other();
        let others: Vec<PlayerId> = struck.iter().copied().filter(|p| *p != offender).collect();
        let mut both = others.clone();
        both.push(offender);
        let analogy = ruling.analogy.is_some();
        let mut push = |option, scores, taken| {
            out.push(Outcome {
                ruling: index,
                chooser,
                option,
                scores,
                taken,
                analogy,
            });
        };
        if analogy {
            let as_played = with(struck);
            let by = match ruling.penalty {
                penalty if penalty.reckons_nothing() => {
                    Some(("by analogy: the offender reckons nothing", with(&both)))
                }
                Penalty::FreshDeal | Penalty::FreshDealOption { chosen: None, .. } => {
                    Some(("by analogy: a fresh deal", [0, 0]))
                }
                Penalty::PlayAgainFrom(_) => by_analogy.map(|score| {
                    let mut score = score.clone();
                    for player in struck {
                        score.reckons_nothing(*player);
                    }
                    (
                        "by analogy: played again, not written so: scored to the trick before",
                        score.scores,
                    )
                }),
                _ => None,
            };
            if let Some((option, scores)) = by {
                push("as played: the book gives no penalty", as_played, true);
                push(option, scores, false);
            }
            continue;
        }
        match ruling.penalty {
            Penalty::FreshDealOption { otherwise, chosen } => {
                let fresh = chosen == Some(Elected::FreshDeal);
                push("a fresh deal", [0, 0], fresh);
                let stand = match otherwise {
                    Otherwise::ReckonsNothing => with(&both),
                    Otherwise::DealStands | Otherwise::AlterDiscard => with(struck),
                };
                let label = match otherwise {
                    Otherwise::ReckonsNothing => "stand the deal; the offender reckons nothing",
                    Otherwise::DealStands => "stand the deal",
                    Otherwise::AlterDiscard => "stand the deal, altering his discard or not",
                };
                push(label, stand, chosen == Some(Elected::Stand));
            }
            // One choice a player, however many rulings make him reckon nothing.
            Penalty::ReckonsNothing | Penalty::Waived if !enforced.contains(&offender) => {
                enforced.push(offender);
                let waived = ruling.penalty == Penalty::Waived;
                push(
                    "enforce the penalty: the offender reckons nothing",
                    with(&both),
                    !waived,
                );
                push("waive the penalty (law 44)", with(&others), waived);
            }
            _ => {}
        }
    }
    out
}

/// A player's own score sheet for a deal (`A writes A 29, B 0`), and where.
type Sheet<'a> = (&'a [(PlayerId, u32)], Span);

/// Scores by player, as a sheet or `written` line gives them.
type Scores = Vec<(PlayerId, u32)>;

/// Law 74: "In case of a difference in the written scores, a player's
/// score of his own hand shall be taken as correct." From each player's
/// sheet (`A writes A 29, B 0`), the scores as taken, and a ruling where
/// the two sheets differ.
fn own_hands(sheets: [Option<Sheet<'_>>; 2]) -> Option<(Scores, Option<Ruling>)> {
    let sheet = |p: PlayerId| sheets[p.index()].map(|(s, _)| s);
    let of = |sheet: &[(PlayerId, u32)], p: PlayerId| {
        sheet
            .iter()
            .find(|(q, _)| *q == p)
            .map(|(_, points)| *points)
    };
    let own: Vec<(PlayerId, u32)> = PlayerId::BOTH
        .into_iter()
        .filter_map(|p| sheet(p).and_then(|s| of(s, p)).map(|points| (p, points)))
        .collect();
    if own.is_empty() {
        return None;
    }
    let (Some(a), Some(b)) = (sheet(PlayerId(0)), sheet(PlayerId(1))) else {
        return Some((own, None));
    };
    let differ = PlayerId::BOTH.into_iter().any(|p| of(a, p) != of(b, p));
    let ruling = differ.then(|| Ruling {
        irregularity: Irregularity::WrittenScoresDiffer,
        offender: None,
        laws: &["74"],
        penalty: Penalty::NoneStated,
        span: sheets[1].map(|(_, span)| span),
        analogy: None,
    });
    Some((own, ruling))
}

/// A player's own score, taken as correct (law 74), and the line where the
/// sheets are found to differ.
type Taken = (PlayerId, u32, Span);

/// Law 70: "Errors in counting the hand, if proved, may be rectified at
/// any time before the player in error has seen his next hand." A score
/// of his own hand taken under law 74 that is not what he made by the
/// cards is such an error, proved by the transcript: he scores what he made.
fn miscounted_own<'a>(
    taken: &'a [Taken],
    score: &'a DealScore,
) -> impl Iterator<Item = Ruling> + 'a {
    taken.iter().filter_map(|&(player, written, span)| {
        let counted = score.scores[player.index()];
        (written != counted).then_some(Ruling {
            irregularity: Irregularity::OwnScoreMiscounted { written, counted },
            offender: Some(player),
            laws: &["70"],
            penalty: Penalty::None,
            span: Some(span),
            analogy: None,
        })
    })
}

/// Cases XX, XXI: a carte blanche shown after the holder mixed cards of the
/// stock with his hand is not scored, nor does it count toward or save a
/// pique or repique (law 18). Under the French rules, one declared after
/// discarding (4f) or never shown (4j) likewise.
fn unscore_barred_carte_blanche(declarations: &mut declarations::Declarations, rulings: &[Ruling]) {
    for ruling in rulings {
        // 4f, 4j: a carte blanche declared after discarding, or never shown.
        if let (
            Irregularity::CarteBlancheAfterMixingStock
            | Irregularity::CarteBlancheDeclaredAfterDiscarding
            | Irregularity::CarteBlancheNeverShown,
            Some(player),
        ) = (&ruling.irregularity, ruling.offender)
        {
            declarations.scored.retain(|s| {
                !(s.player == player && s.holding == declarations::Holding::CarteBlanche)
            });
            declarations.bars[declarations::Category::CarteBlanche as usize][player.index()] =
                false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Laws 74 and 70, the referee making it A 76, B 2: (each player's own
    /// score as taken, the players put right).
    #[test]
    fn law_70_an_own_score_taken_under_law_74_put_right() {
        let score = DealScore {
            scores: [76, 2],
            ..DealScore::default()
        };
        let table: [(&[u32; 2], Vec<PlayerId>); 3] = [
            (&[76, 2], vec![]),
            (&[70, 2], vec![PlayerId(0)]),
            (&[80, 0], vec![PlayerId(0), PlayerId(1)]),
        ];
        for (own, wrong) in table {
            let taken: Vec<Taken> = PlayerId::BOTH
                .into_iter()
                .map(|p| (p, own[p.index()], Span::default()))
                .collect();
            let ruled: Vec<PlayerId> = miscounted_own(&taken, &score)
                .filter_map(|r| r.offender)
                .collect();
            assert_eq!(ruled, wrong, "{own:?}");
        }
    }
}
