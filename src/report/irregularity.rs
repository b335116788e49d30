//! Each irregularity in words, as the rulings of a report state it: who
//! did what, in a player's terms. The laws and the penalty are written
//! beside it by the report.

use super::ruled::word;
use crate::notation::{Declaration, PackFault};
use crate::ruling::{Irregularity, Whose};

/// `1 card`, `3 cards`.
fn cards(n: usize) -> String {
    match n {
        1 => "1 card".to_string(),
        n => format!("{n} cards"),
    }
}

/// An irregularity in words.
pub fn irregularity_text(irregularity: &Irregularity, who: Option<&str>) -> String {
    let who = who.unwrap_or("a player");
    match irregularity {
        Irregularity::WrongNumberOfCards { held, expected } => {
            format!("a hand holds {} instead of {expected}; {who} dealt", cards(*held))
        }
        Irregularity::WrongStock { held, expected } => {
            format!("the stock holds {held} cards instead of {expected}")
        }
        Irregularity::CardTwice { card } => format!("{card} is written twice"),
        Irregularity::NotInPack { card } => format!("{card} is not in the pack"),
        Irregularity::NotHeld { card } => {
            format!("{who} is written to discard or play {card}, which he does not hold")
        }
        Irregularity::ExchangesTooMany { discarded, most } => {
            format!("{who} exchanges {}; he may exchange at most {most}", cards(*discarded))
        }
        Irregularity::DiscardsTooFew { discarded, least } => {
            format!("{who} discards {discarded}; he must discard at least {least}")
        }
        Irregularity::ExchangeNotAsPrescribed {
            discarded,
            taken,
            more,
        } => {
            let must = match more {
                1 => "one more than he takes in",
                -1 => "one less than he takes in",
                _ => "as the law prescribes",
            };
            format!(
                "{who} discards {discarded} and takes in {taken}; he must discard {must}"
            )
        }
        Irregularity::TakesMoreThanDiscarded { taken, discarded } => {
            format!("{who} takes in {} after discarding {discarded}", cards(*taken))
        }
        Irregularity::TakesFewerThanDiscarded { taken, discarded } => format!(
            "{who} takes in {} after discarding {discarded}, and so plays with fewer than twelve", cards(*taken)
        ),
        Irregularity::PlaysWithTooManyCards { held } => {
            format!("{who} plays with {held} cards, more than twelve")
        }
        Irregularity::NotFromTheTop { card, top } => match top {
            Some(top) => format!("{who} takes {card}, but the top card of the stock is {top}"),
            None => format!("{who} takes {card}, which is not in the stock"),
        },
        Irregularity::TakesTheYoungerCards { card } => format!(
            "{who}, the elder hand, takes up {card}, one of the bottom three cards of the stock, which are the younger hand's"
        ),
        Irregularity::TakesInLate { card } => format!(
            "{who} takes in {card}, the card he left without announcing it; as in Case XIII he may, and the hand proceeds, unless he has renounced in its suit"
        ),
        Irregularity::RenouncedInLeftSuit { card, led } => format!(
            "{who} played {card} to {led}, renouncing in the suit of the card he had left on the stock"
        ),
        Irregularity::StockTooShort { wanted, left } => {
            format!("{who} takes {wanted} cards, but only {left} are left in the stock")
        }
        Irregularity::CarteBlancheToldLate => format!(
            "{who} tells of his carte blanche only after putting out his discard, though he was bound to tell his adversary as soon as he knew of it; he may still reckon it, as the younger hand does in Case VI"
        ),
        Irregularity::CarteBlancheNotShown => format!(
            "{who} tells of his carte blanche but does not show it by counting the cards face upward; it is scored, and his adversary may require it shown"
        ),
        Irregularity::CarteBlancheDeclaredAfterDiscarding => format!(
            "{who} declares his carte blanche only after discarding, though it may be declared only before; it is not scored"
        ),
        Irregularity::CarteBlancheNeverShown => format!(
            "{who} declares his carte blanche but never shows it; it is worth ten only once shown, and is not scored"
        ),
        Irregularity::CarteBlancheOutOfOrder { what } => format!("{who} {what}"),
        Irregularity::MiscallShown { declaration, shown } => format!(
            "{who} calls {declaration}, which he does not hold, but he had shown the cards before playing a card: no penalty for miscalling what he showed (law 54 gives way to law 55), and the cards shown ({shown}) stand for the call"
        ),
        Irregularity::RefusesToShow => format!(
            "{who} does not show the cards he called when his adversary asks for them, though he must"
        ),
        Irregularity::ShowAskedTooSoon => format!(
            "{who} asks the younger hand to show his cards before the elder hand has led a card; the younger need not show them yet"
        ),
        Irregularity::PointCalledLate { after } => format!(
            "{who}, the elder hand, calls his point after his {after}: he must call his point first, and has lost the right to call it"
        ),
        Irregularity::CorrectsReply { what } => format!(
            "{who} corrects his reply to the {what} before the elder hand has made another call or led a card: in time"
        ),
        Irregularity::ReplyCorrectedLate { what } => format!(
            "{who} corrects his reply to the {what} after the elder hand has made another call or led a card: too late, and his reply stands"
        ),
        Irregularity::CallsWhatIsNotHeld {
            declaration: Declaration::CarteBlanche,
        } => format!(
            "{who} claims a carte blanche, but his hand as dealt holds a king, queen or knave"
        ),
        Irregularity::CallsWhatIsNotHeld { declaration } => {
            format!("{who} calls {}, which he does not hold", declaration)
        }
        Irregularity::CallsWhatCouldNotBeHeld { declaration } => format!(
            "{who} calls {}, which he does not hold and could not possibly have held in his hand and discard taken together: by law 54's exception he is liable to no penalty, and what he does not hold is not scored",
            declaration
        ),
        Irregularity::EqualNotBorneOut { what } => format!(
            "{who} answered equal to the {what}, but his hand holds nothing equal to it: the cards decide, and the call is good"
        ),
        Irregularity::ClaimsBetterWithoutHolding { declaration } => format!(
            "{who} answered not good, but his {} is not better than the call, which is good",
            declaration
        ),
        Irregularity::Misnomer { declaration } => format!(
            "{who} calls {}: he holds one of that counting value but misnames it, a misnomer",
            declaration
        ),
        Irregularity::CallsLessThanHeld { declaration } => format!(
            "{who} calls {}, less than he holds, and does not correct it: he scores what he called",
            declaration
        ),
        Irregularity::Miscounts { said, right } => format!(
            "{who} counts {said} aloud, but what he reckons makes {right}: an error in counting, put right, as it may be until he has seen his next hand; he scores {right}"
        ),
        Irregularity::NotReckoned { what } => format!(
            "{who} answered not good but never reckoned his {what}: what is not reckoned cannot be scored"
        ),
        Irregularity::InquiresWithFewerCards { called, held } => format!(
            "{who} asks what a point of {} cards makes, holding no more than {} of a suit: he is not entitled to reply by inquiring unless he holds at least an equal number of cards",
            word(*called),
            word(*held)
        ),
        Irregularity::BarredByInquiry { declaration } => format!(
            "{who} asked what the point made, which bars him from counting more cards; he reckons {}",
            declaration
        ),
        Irregularity::BarredByEqualReply { declaration } => format!("{who} replied equal to a point called by its number of cards, which bars him from counting more cards (as in Case I); he reckons {}", declaration),
        Irregularity::BarredByAdmission { declaration, admitted } => format!("{who} asked which card of the {} is out, which admits it good (Case VII); he may not then claim {}", admitted, declaration),
        Irregularity::BarredByImplication { declaration, implied } => format!("{who} reckons {}, but the adversary's declarations imply {}, which he may still reckon until the younger hand has played to the first trick (Case IV)", declaration, implied),
        Irregularity::NamesHeldCardOut { declaration, named, missing } => format!("{who} calls {} and says {named} is out, but he holds {named}: his claim is to {missing}, which he has not got (Case VIII)", declaration),
        Irregularity::CallCorrectedLate { called, corrected } => format!("{who} calls {}, less than he holds, and corrects it to {} only after it has been replied to: too late, and the call stands as replied to", called, corrected),
        Irregularity::CorrectsMiscall { called, corrected, before } => format!("{who} calls {} and corrects it to {} {before}; what the reply told him meanwhile is an accident no law reaches (Case IX)", called, corrected),
        Irregularity::Misinforms { suit, said, declared } => format!("{who}, asked how many {}, answers {said}, but holds {declared} of the cards he reckoned good or called equal, to which alone the answer refers: his adversary may have the cards played since taken up and play differently (Cases XV, XVI)", suit.name()),
        Irregularity::LeadsOutOfTurn { card } => format!("{who} leads {card} out of turn"),
        Irregularity::Revoke { card, led } => {
            format!(
                "{who} plays {card} to {led} though he holds a {}: he does not follow suit when able",
                led.suit.name().trim_end_matches('s')
            )
        }
        Irregularity::PlaysTooMany { card } => format!(
            "{who} plays {card}, one card more than the leader led"
        ),
        Irregularity::OutOfOrder { what } => format!("{who} makes {what} after the play has begun"),
        Irregularity::DealsOutOfTurn => format!("{who} deals out of his turn"),
        Irregularity::ShufflesAfterDealer => format!(
            "{who} shuffles after the dealer, who has the right of shuffling last and may shuffle again"
        ),
        Irregularity::CutTooSmall { cards } => {
            format!("{who} cuts {cards} cards: a cut must lift at least two and leave at least two")
        }
        Irregularity::ChoosesWithoutTheCut => format!(
            "{who} makes the choice of deal, though his adversary cut the higher card and the choice is his"
        ),
        Irregularity::ExposesInCuttingForDeal => {
            format!("{who} exposes more than one card in cutting for deal, and must cut again")
        }
        Irregularity::SpoilsTheCut => format!(
            "{who} exposes a card, or confuses the cards, in cutting to the dealer or in reuniting the separated packets: there must be a fresh cut"
        ),
        Irregularity::ChoosesOnVoidCut { own } => format!(
            "{who} makes the choice of deal on a cut that does not count: {} exposed more than one card in cutting for deal and must cut again",
            if *own { "he" } else { "his adversary" }
        ),
        Irregularity::CutsTwice => format!(
            "{who} cuts again after separating the pack; he must abide by his first cut"
        ),
        Irregularity::DealsByWrongNumber { by } => match by {
            0 => format!("{who} deals by a mixed number; he must deal by two or by three"),
            by => format!("{who} deals by {by}; he must deal by two or by three"),
        },
        Irregularity::ChangesMode { was, now } => format!(
            "{who} deals by {now}, having dealt by {was} earlier in the partie: he must not change his mode"
        ),
        Irregularity::Misdeals { cards } => match cards {
            Some(n) => format!("{who} deals {n} card{} wrongly", if *n == 1 { "" } else { "s" }),
            None => format!("{who} deals the cards wrongly"),
        },
        Irregularity::DealerExposes { whose } => match whose {
            Whose::Adversary => format!("{who}, the dealer, exposes a card of his adversary's"),
            Whose::Stock => format!("{who}, the dealer, exposes a card of the stock"),
            Whose::Own => format!("{who}, the dealer, exposes one of his own cards"),
        },
        Irregularity::FacedCard { card } => match card {
            Some(card) => format!("{card} is found faced in the pack or the stock"),
            None => "a faced card is found in the pack or the stock".to_string(),
        },
        Irregularity::WrongPack => format!("{who} deals with the wrong pack"),
        Irregularity::ClaimNotAllowed { what } => {
            format!("{who} takes or claims {what}, which the law does not give him here")
        }
        Irregularity::AltersDiscard => format!(
            "{who} would alter his discard after taking up a card of the stock, which he cannot"
        ),
        Irregularity::RetakesDiscard => format!(
            "{who} takes his discard back into his hand after taking up a card of the stock"
        ),
        Irregularity::MixesWithDiscard { cards } => format!(
            "{who} mixes {cards} card{} of his hand, or due to him, with his discard after taking up a card of the stock",
            if *cards == 1 { "" } else { "s" }
        ),
        Irregularity::MixesAdversaryCards => format!(
            "{who} mixes with his hand cards of the stock that are not his to take: his adversary's, or cards he declared he leaves"
        ),
        Irregularity::TakesUpAdversaryCards => format!(
            "{who} takes up cards of the stock that are his adversary's, before the elder hand has taken in: the elder's are the top five"
        ),
        Irregularity::SeesLeftCards => format!(
            "{who} looks at the cards left, which law 36 does not entitle him to see"
        ),
        Irregularity::FaultyPack { fault } => match fault {
            PackFault::Incorrect => "the pack is found incorrect".to_string(),
            PackFault::Redundant => "the pack is found redundant (a card too many)".to_string(),
            PackFault::Imperfect => "the pack is found imperfect (a card missing)".to_string(),
        },
        Irregularity::DamagedCard { card } => match card {
            Some(card) => format!("{card} is torn or marked, and must be replaced"),
            None => "a card is torn or marked, and must be replaced".to_string(),
        },
        Irregularity::NewCardsTooLate => format!(
            "{who} calls for new cards after the pack was cut to the dealer"
        ),
        Irregularity::LeavesTooLate { shown } => format!(
            "{who}, the elder hand, declares the cards he leaves only after {}, when the younger has discarded: the younger, who has taken up no card of the stock, may alter his discard{}",
            if *shown { "showing his carte blanche" } else { "taking up a card of the stock" },
            if *shown { " (Case V)" } else { "" },
        ),
        Irregularity::LeavesAfterTouchingStock => format!(
            "{who}, the elder hand, declares the cards he leaves only after touching the stock, when the younger has discarded: the younger, who has taken up no card of the stock, may alter his discard"
        ),
        Irregularity::AltersDiscardAfterTouching => format!(
            "{who} would alter his discard after touching the stock, which he cannot"
        ),
        Irregularity::ExposesInCuttingLowestTaken { card } => format!(
            "{who} exposes more than one card in cutting for deal; his adversary treats the lowest of them, {card}, as the card cut"
        ),
        Irregularity::DealsNotByTwo { by } => match by {
            0 => format!("{who} deals by a mixed number; the deal is by two cards at a time"),
            by => format!("{who} deals by {by}; the deal is by two cards at a time"),
        },
        Irregularity::TakesUpUndeclaredLeft => format!(
            "{who} takes up cards the elder hand left on the stock without declaring them: they are of the top five, and not declared left"
        ),
        Irregularity::SeesDeclinedLeftCards => format!(
            "{who} looks at the cards the younger hand left, which the younger elected not to see"
        ),
        Irregularity::SeesBeyondHisCards { seen, could } => format!(
            "{who} looks at {seen} cards of the stock, though he could have taken only {could}"
        ),
        Irregularity::SeesLeftCardsBeforeNaming => format!(
            "{who} looks at the cards the dealer left before naming the suit he will lead first"
        ),
        Irregularity::ExaminesDuringPlay { what } => {
            format!("{who} examines {what} during the play")
        }
        Irregularity::LeadsAgainstNamedSuit { named, led } => format!(
            "{who} leads {led}, though he named {} as the suit he would lead first and holds one",
            named.name()
        ),
        Irregularity::LeadsAgainstCalledSuit { called, led } => format!(
            "{who} leads {led}, though {} were called from him and he holds one",
            called.name()
        ),
        Irregularity::MixesCardsTakenUp => format!(
            "{who} mixes with his hand cards he took up of those the elder left on the stock without declaring them: taking them up incurs no penalty, but mixed with his hand they do"
        ),
        Irregularity::CarteBlancheAfterMixingStock => format!(
            "{who} shows or counts his carte blanche after mixing cards of the stock with his hand: he may show it after taking up cards of the stock only if he has mixed none of them with his hand, showing his hand and his discard apart (Case XX)"
        ),
        Irregularity::TakesCardsDeclaredLeft { cards } => format!(
            "{who} declared that he leaves cards, and then would take in {}: having announced it, he must play with fewer than twelve, as in Case XIII, and his adversary counts as tricks the cards that cannot be played to",
            if *cards == 1 { "the card he left".to_string() } else { format!("{cards} of the cards he left") },
        ),
        Irregularity::TakesCardsLeft { left, held } => format!(
            "{who} took in before the elder declared the cards he leaves: having taken up a card of the stock he cannot alter his discard, and, taking in from the top, he must take {} as well and plays with {} cards (Case XIV)",
            if *left == 1 { "the card left".to_string() } else { format!("the {left} cards left") },
            held,
        ),
        Irregularity::SurplusCard { card } => format!(
            "a card of the other pack, {card}, is found among {who}'s cards; nothing proves the pack was redundant when dealt, so there is no fresh deal, and the card is removed (Cases XVII, XVIII)"
        ),
        Irregularity::SurplusCardPlayed { card } => format!(
            "a card of the other pack, {card}, is found after {who} has played it; nothing proves the pack was redundant when dealt, so there is no fresh deal, and the card is removed before the hands are taken up and played over again (Cases XVII, XVIII; law 75)"
        ),
        Irregularity::ReckonsTooLate => format!(
            "{who} calls or reckons after the younger hand has played to the first trick, too late to reckon anything omitted"
        ),
        Irregularity::RetakesTooLate { card } => format!(
            "{who} takes back {card} after his adversary has played to it: a card once played cannot be taken up, and it stands"
        ),
        Irregularity::OwnScoreMiscounted { written, counted } => format!(
            "{who}'s own score of his hand, {written}, is the one taken as correct where the written scores differ, but by the cards he made {counted}: an error in counting, which, proved, may be rectified until he has seen his next hand; he scores {counted}"
        ),
        Irregularity::AddsUpWrong { stated, carried } => format!(
            "the totals written before this deal, {} and {}, are not what the deals of the game add up to, {} and {}: an error in adding up or in marking the score, proved by the deals, which may be rectified at any time during the game; the totals the deals make are used",
            stated[0], stated[1], carried[0], carried[1]
        ),
        Irregularity::WrittenScoresDiffer => "the players' written scores differ: each player's score of his own hand is taken as correct".to_string(),
        Irregularity::TakesTheOtherPart => format!(
            "{who} exposes or takes up cards of the stock that are his adversary's: the elder's are the top five, the younger's the bottom three"
        ),
        Irregularity::LeavesUndeclared { found } => format!(
            "{who}, the elder hand, did not declare the cards he left, and the younger finds {found} in the stock: the younger may alter his discard and take in the cards left"
        ),
        Irregularity::FreshDealNotGiven => format!(
            "{who} claims a fresh deal, which no law gives him here; where no law gives it, a fresh deal is a matter of agreement, and an offer lapses once the game is carried a step further (Case III)"
        ),
        Irregularity::BystanderSpeaks => "a bystander calls attention to an error; he may be called on to pay the stakes and bets of the player whose interest he prejudiced".to_string(),
        // Au cent, calling and showing (AC15-AC24).
        Irregularity::ReckonsAfterHisCard => format!(
            "{who} calls or reckons after he has led or played a card, too late to reckon anything omitted"
        ),
        Irregularity::MustAbideByReply { what } => format!(
            "{who} corrects his reply to the {what} after allowing a correct call good or equal: he must abide by his answer, and it stands"
        ),
        Irregularity::InsufficientCall { declaration } => {
            let wanting = match declaration {
                Declaration::Point { .. } => "what his point makes",
                Declaration::Sequence { .. } => "to what card his sequence is",
                _ => "the rank of the cards of which it consists",
            };
            format!(
                "{who}, the elder hand, calls {declaration} without stating {wanting}: the call is insufficient, and incomplete until he states it; the younger may ask"
            )
        }
        Irregularity::MustAbideByCall { called, corrected } => format!(
            "{who} calls {called}, less than he holds, and corrects it to {corrected}: he must abide by his call, and it stands"
        ),
        Irregularity::ReckonsAboveCall { declaration, called } => format!(
            "{who} reckons {declaration}, superior to the {called} he called: he cannot reckon anything superior to his call"
        ),
        Irregularity::BarredByShow { declaration, shown } => format!(
            "{who} reckons {declaration}, no better than the {shown} the elder showed, though he called an inferior one: the show bars it"
        ),
        Irregularity::PlaysWithoutShowing { declaration } => format!(
            "{who} said equal or not good to the {declaration} called, and played to the first trick without showing his superiority or equality: the elder may show and reckon what he called, though he has led a card, and what {who} reckoned against it is not scored"
        ),
        Irregularity::ShowsAfterLead { declaration } => format!(
            "{who} shows his {declaration} after his lead: it was disallowed and is found good or equal, so he may show and reckon it though he has led a card"
        ),
        Irregularity::ReckonsAfterNoSequence { declaration } => format!(
            "{who} called no sequence, and then reckons {declaration}: what he did not declare he cannot claim later"
        ),
        Irregularity::SetsCannotTie => format!(
            "{who} answered equal to the quatorze or trio, which cannot be equal: his is better, and the cards decide"
        ),
        Irregularity::NotShownToScore {
            declaration,
            equal: false,
        } => format!(
            "{who} reckons his {declaration} without showing it before his first card: the point and the sequences must be shown to be scored"
        ),
        Irregularity::NotShownToScore {
            declaration,
            equal: true,
        } => format!(
            "{who} holds a {declaration} equal to his adversary's and does not show it before his first card, though what ties must be shown"
        ),
        Irregularity::AnnouncesKingNotHeld => {
            format!("{who} announces the king of trumps, not holding it")
        }
        Irregularity::RetakesCardLed { card } => format!(
            "{who} takes up again {card}, a card led in turn, which cannot be taken up again: it stands"
        ),
        Irregularity::RetakesAfterNextLead { card } => format!(
            "{who} takes up again {card} after another card was led: a card played to a lead may be taken up only before then, and it stands"
        ),
        Irregularity::DoesNotWinTrick { card, led } => format!(
            "{who} plays {card} to {led}, and does not win the trick though he holds a card that would"
        ),
        Irregularity::Ecarte { fault } => fault.text(who),
        Irregularity::CallNotShown { declaration } => format!(
            "{who}, the elder hand, leads a card without showing the cards of his {declaration}, called and good or equal: he cannot reckon it, and his adversary may reckon his own, even though equal or inferior"
        ),
    }
}
