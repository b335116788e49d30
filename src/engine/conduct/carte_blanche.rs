//! Carte blanche told and shown: laws 19 and 20.
//!
//! Law 18 (what a carte blanche is) and law 61 (it scores ten) are weighed
//! with the other declarations in [`crate::engine::declarations`]. These two laws
//! are about conduct: when the holder must tell his adversary, and how he
//! proves it. A carte blanche is told by any line that names it (`announces`,
//! `shows`, or a call, reckoning or claim of it); it is shown by `shows
//! carte blanche`. A transcript that never names a carte blanche says nothing
//! of these laws: the holder simply does not score it.

use crate::notation::{Act, Call, Claim, Declaration, PlayerId, Span};
use crate::ruling::{Irregularity, Penalty, Ruling};

use super::{ruling, Conduct, Moment};
use crate::engine::ruleset::BlancheNotice;

/// What each player has said and shown of his carte blanche in this deal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Notice {
    /// The first line that told the adversary.
    told: [Option<Span>; 2],
    /// Whether he showed it.
    shown: [bool; 2],
    /// Whether he discarded after the adversary had discarded and touched
    /// the stock (AC6).
    discarded_after_touch: [bool; 2],
}

impl Notice {
    /// Whether the player has shown his carte blanche.
    pub fn shown(&self, player: PlayerId) -> bool {
        self.shown[player.index()]
    }
}

/// The acts [`act`] reads: a carte blanche shown or told, and a discard
/// (laws 19, 20; 4g, 4h). The rest are nothing to these laws.
pub fn reads(act: &Act) -> bool {
    matches!(act, Act::ShowsCarteBlanche | Act::Discards(_)) || tells(act)
}

/// Rules a line that tells or shows a carte blanche.
#[inline]
pub fn act(
    conduct: &mut Conduct,
    player: PlayerId,
    act: &Act,
    span: Span,
    moment: &Moment,
    out: &mut Vec<Ruling>,
) {
    let p = player.index();
    let notice = &mut conduct.carte_blanche;
    if matches!(act, Act::ShowsCarteBlanche) {
        notice.shown[p] = true;
    }
    let other = player.other().index();
    if matches!(act, Act::Discards(_)) && moment.discarded[other] && moment.touched[other] {
        notice.discarded_after_touch[p] = true;
    }
    if moment.rules.blanche_notice.ordered() && moment.blanche[p] {
        out.extend(out_of_order(player, act, notice, span, moment));
    }
    if !tells(act) || notice.told[p].is_some() {
        return;
    }
    notice.told[p] = Some(span);
    out.extend(late(player, span, moment, notice.discarded_after_touch[p]));
}

/// The French rules, 4g: the dealer's carte blanche is declared "once the
/// elder hand has made his discard and completed his hand from the stock";
/// 4h: "So that the dealer cannot make his discard after having seen the
/// elder hand's cards", the elder who declared it announces the number he
/// will discard, and "it is then up to the dealer to make his discard";
/// the elder discards after him. The text gives no penalty. Old piquet, O5:
/// "it is possible for both players to hold carte blanche": the dealer
/// then declares his before his discard, which 4h puts first.
fn out_of_order(
    player: PlayerId,
    act: &Act,
    notice: &Notice,
    span: Span,
    moment: &Moment,
) -> Option<Ruling> {
    let p = player.index();
    let elder = player == moment.elder;
    let (what, laws): (&'static str, &'static [&'static str]) = match act {
        // Under 4h the dealer discards before the elder takes in: where
        // both hold carte blanche (old piquet, O5), the dealer's is declared
        // before his discard (4f), the elder's already declared.
        act if !elder
            && tells(act)
            && notice.told[p].is_none()
            && notice.told[moment.elder.index()].is_none()
            && !moment.taken_in[moment.elder.index()] =>
        {
            (
                "declares his carte blanche before the elder hand has discarded and taken in",
                &["4g"],
            )
        }
        Act::Discards(_)
            if elder && notice.told[p].is_some() && !moment.discarded[player.other().index()] =>
        {
            (
                "discards before the dealer, having declared carte blanche: the dealer discards first",
                &["4h"],
            )
        }
        _ => return None,
    };
    Some(ruling(
        Irregularity::CarteBlancheOutOfOrder { what },
        Some(player),
        laws,
        Penalty::NoneStated,
        span,
    ))
}

/// Whether a line names a carte blanche to the adversary.
#[inline]
fn tells(act: &Act) -> bool {
    let names = |items: &[Declaration]| {
        items
            .iter()
            .any(|item| matches!(item, Declaration::CarteBlanche))
    };
    match act {
        Act::AnnouncesCarteBlanche | Act::ShowsCarteBlanche => true,
        Act::Calls(Call::Declare(declaration)) => {
            matches!(declaration, Declaration::CarteBlanche)
        }
        Act::Reckons { items, .. } => names(items),
        Act::Claims(Claim::Score(items)) => names(items),
        _ => false,
    }
}

/// Law 20: "As soon as a player is aware that he has a carte blanche, he is
/// bound to inform his adversary." A player who has put out his own discard
/// has looked through his hand, so he told his adversary late. The law
/// states no penalty, and Case VI lets the younger hand reckon a carte
/// blanche he told late; it is ruled and still scored. The younger who tells
/// it after the elder has taken in, but before his own discard, may not have
/// known sooner (Case VI: "the younger hand cannot be required to do an
/// impossibility"), and is not ruled.
///
/// The French rules, 4f: "he may declare carte blanche, but only before
/// discarding": declared after, it is not scored.
///
/// AC6: "If the younger hand have a carte blanche, he need not declare it
/// until his adversary has discarded and touched the stock": the younger
/// who discarded before that tells in time; one who discarded after it
/// knew, and tells late.
pub fn late(
    player: PlayerId,
    span: Span,
    moment: &Moment,
    discarded_after_touch: bool,
) -> Option<Ruling> {
    let p = player.index();
    let elder = player == moment.elder;
    let way = moment.rules.younger_blanche;
    let late = if elder {
        moment.discarded[p]
    } else {
        way.late(moment.discarded[p], discarded_after_touch)
    };
    let notice = moment.rules.blanche_notice;
    let (laws, penalty) = notice.late(elder, way);
    let irregularity = match notice {
        BlancheNotice::Laws19And20 => Irregularity::CarteBlancheToldLate,
        BlancheNotice::French => Irregularity::CarteBlancheDeclaredAfterDiscarding,
    };
    (moment.blanche[p] && late).then(|| ruling(irregularity, Some(player), laws, penalty, span))
}

/// 4j under the French rules: carte blanche "is worth 10 points to whoever
/// declares it, as soon as he has shown it": never shown, it is not scored.
///
/// Law 19: "Carte blanche must be shown by counting the cards, one by one,
/// face upward on the table." Ruled once the deal is read: a carte blanche
/// told or reckoned but never shown. The law states no penalty; it is still
/// scored, and the adversary may require it shown. A carte blanche shown
/// that the hand dealt does not bear out is not scored at all: see
/// [`crate::engine::declarations`].
pub fn finish(conduct: &Conduct, moment: &Moment, out: &mut Vec<Ruling>) {
    let notice = &conduct.carte_blanche;
    for player in PlayerId::BOTH {
        let p = player.index();
        if let (Some(span), false, true) = (notice.told[p], notice.shown[p], moment.blanche[p]) {
            let way = moment.rules.blanche_notice;
            let (laws, penalty) = way.not_shown();
            let irregularity = match way {
                BlancheNotice::Laws19And20 => Irregularity::CarteBlancheNotShown,
                BlancheNotice::French => Irregularity::CarteBlancheNeverShown,
            };
            out.push(ruling(irregularity, Some(player), laws, penalty, span));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::start;
    use super::*;

    fn span() -> Span {
        Span::default()
    }

    /// (what A holds, whether A has discarded, the line, whether law 20 rules it)
    #[test]
    fn law_20_told_late_only_after_the_holders_own_discard() {
        let announce = Act::AnnouncesCarteBlanche;
        let reckon = Act::Reckons {
            items: vec![Declaration::CarteBlanche],
            total: None,
        };
        let table = [
            (true, false, &announce, false),
            (true, true, &announce, true),
            (true, true, &reckon, true),
            (false, true, &announce, false),
            (true, true, &Act::Refuses, false),
        ];
        for (blanche, discarded, act, ruled) in table {
            let mut conduct = Conduct::new();
            let moment = Moment {
                blanche: [blanche, false],
                discarded: [discarded, false],
                ..start()
            };
            let mut out = Vec::new();
            super::act(&mut conduct, PlayerId(0), act, span(), &moment, &mut out);
            assert_eq!(
                !out.is_empty(),
                ruled,
                "{act:?} blanche {blanche} discarded {discarded}"
            );
            if ruled {
                assert_eq!(out[0].laws, &["20"]);
            }
        }
    }

    /// (the lines A says, whether law 19 rules a carte blanche not shown)
    #[test]
    fn law_19_told_and_never_shown() {
        let table: [(&[Act], bool); 4] = [
            (&[Act::AnnouncesCarteBlanche], true),
            (&[Act::AnnouncesCarteBlanche, Act::ShowsCarteBlanche], false),
            (&[Act::ShowsCarteBlanche], false),
            (&[], false),
        ];
        for (acts, ruled) in table {
            let mut conduct = Conduct::new();
            let moment = Moment {
                blanche: [true, false],
                ..start()
            };
            let mut out = Vec::new();
            for act in acts {
                super::act(&mut conduct, PlayerId(0), act, span(), &moment, &mut out);
            }
            finish(&conduct, &moment, &mut out);
            assert_eq!(out.iter().any(|r| r.laws == ["19"]), ruled, "{acts:?}");
        }
    }
}
