"""What a KINGs table records. Players are seat indices; characters are English names."""

from __future__ import annotations

from dataclasses import dataclass

from scoring.kings.scoring import Bid


@dataclass(frozen=True, slots=True)
class DraftPick:
    """One pick of the open draft: a king (by colour) or a character."""

    player: int
    king: str | None = None
    character: str | None = None


@dataclass(frozen=True, slots=True)
class DevilContracted:
    """Two players: an unpicked king's colour becomes the Devil's for this round."""

    player: int
    color: str


@dataclass(frozen=True, slots=True)
class FrontsRevealed:
    """The characters each player turns face up this round (3–5 players: one new front each;
    2 players: two, or one when bidding twice in round 3), and who takes the Berserker's 9."""

    fronts: tuple[tuple[str, ...], ...]
    berserker_nine: tuple[bool, ...] = ()


@dataclass(frozen=True, slots=True)
class BidsRevealed:
    """Every player's bid card (a character's back) and what it bids; ``partners`` names the
    player each Cheerleader hands the partner card to."""

    cards: tuple[tuple[str, ...], ...]
    bids: tuple[tuple[Bid, ...], ...]
    partners: tuple[int | None, ...] = ()


@dataclass(frozen=True, slots=True)
class LeadNamed:
    """A Ninja about to lead names another lead player (or themself)."""

    player: int
    lead: int


@dataclass(frozen=True, slots=True)
class CardPlayed:
    """A card into the trick, with a king placed on it, the King's Sword, a Resistance
    declaration ("nine", "one", "rare", "flag") or the Fairy's Gift used this turn."""

    player: int
    card: int
    king: bool = False
    sword: bool = False
    declare: str | None = None
    gift: bool = False


@dataclass(frozen=True, slots=True)
class HermitDrew:
    """A Hermit draws 3 and discards 3 on their turn (once per round)."""

    player: int


@dataclass(frozen=True, slots=True)
class CheerExchanged:
    """A Cheerleader and the partner trade a card face down (once per round)."""

    player: int


Event = (
    DraftPick | DevilContracted | FrontsRevealed | BidsRevealed | LeadNamed | CardPlayed | HermitDrew | CheerExchanged
)
