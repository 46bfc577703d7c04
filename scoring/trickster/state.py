"""The state of a Trickster game as a table sees it.

Public zones (trash, tableaus, pot) are exact. A hand is the cards known to be in it plus a count
of cards nobody has seen; the deck is a row of slots, top first, each a known card or ``UNKNOWN``,
and so is the Timeline (front first) when the setup left its cards to be typed as each leads.
``unseen`` holds every card whose place is not public. With a simulator's full deal nothing is
unseen and the same state is exact everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from scoring.slotstate import SlotState
from scoring.trickster.cards import Deck
from scoring.trickster.settings import HouseRules

UNKNOWN = -1

# follow patterns (§3.4); PATTERN_NONE while the pot holds fewer than two cards
PATTERN_NONE, SAME_SUIT, SAME_HERO, NO_MATCH = 0, 1, 2, 3

# phases of play; LEAD: a trick of the Timeline variant waits for the Timeline's front card, which
# the setup left to be typed as it leads
SETUP, LEAD, TRICK, REVEAL, OVER = "setup", "lead", "trick", "reveal", "over"


class Void(NamedTuple):
    """What a bust showed: none of ``cards`` was in the buster's hand then (§3.5).

    ``slack`` counts the cards that have entered that hand unseen since, any of which may be one of
    them; a card that enters it openly is taken out of ``cards``. So while ``slack`` is 0, any of
    ``cards`` shown from that hand makes the record impossible.
    """

    cards: frozenset[int]
    slack: int
    round: int
    trick: int
    pot: tuple[int, ...]


class Hand(NamedTuple):
    """The cards known to be in a hand, and how many more nobody has seen."""

    known: frozenset[int]
    hidden: int = 0

    @property
    def size(self) -> int:
        return len(self.known) + self.hidden


EMPTY_HAND = Hand(frozenset())  # a hand that ran out (``hand == EMPTY_HAND`` iff ``not hand.size``)


@dataclass(frozen=True)
class Header:
    """The session header: players in clockwise seat order, the seven heroes, house rules.

    ``first_player`` is the oldest player: the first Leader (4–7 players) or the first holder of
    the Trickster token (2–3 players, the Timeline variant).
    """

    players: tuple[str, ...]
    deck: Deck
    first_player: int = 0
    rules: HouseRules = field(default_factory=HouseRules)

    @property
    def timeline_variant(self) -> bool:
        return len(self.players) <= 3


@dataclass(frozen=True, slots=True)
class RoundScore:
    """One round's result: per player the tableau count of each suit, the sole majorities and
    the trouble points."""

    counts: tuple[tuple[int, ...], ...]
    exempt: tuple[int | None, ...]
    trouble: tuple[int, ...]


class State(SlotState):
    """One moment of a game. Never mutated once returned by the engine; compare with ``==``."""

    __slots__ = (
        "deck",
        "game",
        "hands",
        "last_buster",
        "leader",
        "pattern",
        "pattern_value",
        "phase",
        "pot",
        "round",
        "scores",
        "special_case",
        "stays",
        "tableaus",
        "timeline",
        "trash",
        "tricks",
        "trickster",
        "turns",
        "unseen",
        "voids",
    )

    game: Header
    round: int
    phase: str
    trash: tuple[int, ...]
    tableaus: tuple[tuple[int, ...], ...]
    hands: tuple[Hand, ...]
    deck: tuple[int, ...]
    timeline: tuple[int, ...]
    pot: tuple[int, ...]
    pattern: int
    pattern_value: int
    special_case: bool
    leader: int | None
    trickster: int
    turns: tuple[int, ...]
    last_buster: int | None
    scores: tuple[RoundScore, ...]
    unseen: frozenset[int]
    tricks: int
    voids: tuple[tuple[Void, ...], ...]  # per player, what their busts this round showed
    # the cards whose effect an Archivist or General is using while that effect resolves: they stay
    # where they are (house rule copied_card_moves off); empty in every state the engine returns
    stays: frozenset[int]

    def copy(self) -> State:
        """A shallow copy for the engine to edit (zones are tuples, never changed in place)."""
        new = State.__new__(State)
        new.game = self.game
        new.round = self.round
        new.phase = self.phase
        new.trash = self.trash
        new.tableaus = self.tableaus
        new.hands = self.hands
        new.deck = self.deck
        new.timeline = self.timeline
        new.pot = self.pot
        new.pattern = self.pattern
        new.pattern_value = self.pattern_value
        new.special_case = self.special_case
        new.leader = self.leader
        new.trickster = self.trickster
        new.turns = self.turns
        new.last_buster = self.last_buster
        new.scores = self.scores
        new.unseen = self.unseen
        new.tricks = self.tricks
        new.voids = self.voids
        new.stays = self.stays
        return new

    def __repr__(self) -> str:
        return (
            f"State(round={self.round}, phase={self.phase}, pot={self.pot}, "
            f"turns={self.turns}, sizes={[h.size for h in self.hands]})"
        )

    @property
    def to_play(self) -> int | None:
        """Whose turn it is, or None between tricks."""
        return self.turns[0] if self.phase == TRICK and self.turns else None

    def location_count(self) -> int:
        """Cards in every zone; always 56 once a round has started."""
        return (
            len(self.trash)
            + sum(map(len, self.tableaus))
            + sum(h.size for h in self.hands)
            + len(self.deck)
            + len(self.timeline)
            + len(self.pot)
        )


def new_game(game: Header) -> State:
    """The state before round 1 is set up."""
    s = State.__new__(State)
    n = len(game.players)
    values = dict(
        game=game,
        round=0,
        phase=SETUP,
        trash=(),
        tableaus=((),) * n,
        hands=(EMPTY_HAND,) * n,
        deck=(),
        timeline=(),
        pot=(),
        pattern=PATTERN_NONE,
        pattern_value=0,
        special_case=False,
        leader=None,
        trickster=game.first_player,
        turns=(),
        last_buster=None,
        scores=(),
        unseen=game.deck.card_set,
        tricks=0,
        voids=((),) * n,
        stays=frozenset(),
    )
    for key, value in values.items():
        setattr(s, key, value)
    return s
