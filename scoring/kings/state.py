"""The KINGs table's state: the game (players, house rules, king numbers), the phases of a round,
and the state the table tracker folds every event into.

>>> s = new_game(Header(("Aki", "Ben", "Chie", "Dan")))
>>> s.phase, s.round, tricks_per_round(4)
('draft', 1, 5)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, cached_property

from scoring.errors import RuleViolation
from scoring.kings.cards import deck, game_data, kings
from scoring.kings.scoring import standings
from scoring.kings.settings import HouseRules
from scoring.kings.words import fact
from scoring.slotstate import SlotState
from scoring.standings import Standings

DRAFT, DEVIL, FRONTS, BIDS, PLAY, OVER = "draft", "devil", "fronts", "bids", "play", "over"


#: one printed back of a character: a bid of (tricks, points), or "copy"
Back = tuple[int, int] | str


def refuse(rule: str, key: str, **values: object) -> RuleViolation:
    """The table refuses an entry: the rule it breaks, and why (``kings.refused.<key>``, said in each
    viewer's language from :mod:`scoring.kings.words`)."""
    return RuleViolation(rule, fact(f"refused.{key}", **values))


def put(t: tuple, i: int, v: object) -> tuple:
    """``t`` with item ``i`` (a seat, so an index of ``t``) replaced by ``v`` (a state's fields are
    tuples, never edited)."""
    items = list(t)
    items[i] = v
    return tuple(items)


def need_phase(s: State, phase: str) -> None:
    """Refuse what is done at ``phase`` (``kings.doing.<phase>``) unless the game is there, saying
    where it is (``kings.at.<phase>``)."""
    if s.phase != phase:
        raise refuse("kings.rounds", "not_now", what=fact(f"doing.{phase}"), at=fact(f"at.{s.phase}"))


@cache
def tricks_per_round(n: int) -> int:
    """The tricks of a round with ``n`` players, which is also the cards each is dealt."""
    return game_data()["table"]["tricks"][str(n)]


@cache
def turn_order(first: int, n: int) -> tuple[int, ...]:
    """The turns of a trick that ``first`` leads: every seat once, clockwise."""
    return tuple((first + i) % n for i in range(n))


@dataclass(frozen=True)
class Header:
    """Players in clockwise seat order, house rules, and king numbers typed from the table's own
    cards (``{"red": (4, 9)}``: front and used side) where they differ from the data."""

    players: tuple[str, ...]
    rules: HouseRules = field(default_factory=HouseRules)
    king_numbers: dict[str, tuple[int, int]] = field(default_factory=dict)
    #: how many cards of a character the table's own set holds, where the table said it (the
    #: data's counts are unverified: a character not named here is limited only if it is single)
    copies: dict[str, int] = field(default_factory=dict)
    #: what the backs of the table's own characters print, where the table said it: each a bid of
    #: ``(tricks, points)`` or ``"copy"`` (the data's values are placeholders, and which back is
    #: the Copy unknown: a character not named here may bid any of them)
    backs: dict[str, tuple[Back, ...]] = field(default_factory=dict)

    @cached_property
    def two(self) -> bool:
        return len(self.players) == 2

    @cached_property
    def deck(self) -> frozenset[int]:
        """The playing cards in use at this table (:func:`scoring.kings.cards.deck`)."""
        return deck(len(self.players))

    def king_number(self, color: str, used: bool) -> int:
        if color in self.king_numbers:
            return self.king_numbers[color][int(used)]
        k = kings()[color]
        return k.number_used if used else k.number


class State(SlotState):
    __slots__ = (
        "bid_cards",
        "bids",
        "captured",
        "cheer",
        "deck_left",
        "devil",
        "fronts",
        "game",
        "gift",
        "hermit",
        "history",
        "items",
        "items_used",
        "king_round",
        "kings",
        "lead",
        "leader",
        "nine",
        "partners",
        "party",
        "phase",
        "picks",
        "played",
        "round",
        "scores",
        "summaries",
        "trick",
        "tricks",
        "tricks_done",
        "turns",
        "voids",
    )

    def copy(self) -> State:
        """A shallow copy for the engine to edit (every field is immutable)."""
        new = State.__new__(State)
        new.game = self.game
        new.phase = self.phase
        new.round = self.round
        new.picks = self.picks
        new.kings = self.kings
        new.party = self.party
        new.items = self.items
        new.fronts = self.fronts
        new.history = self.history
        new.bid_cards = self.bid_cards
        new.bids = self.bids
        new.partners = self.partners
        new.nine = self.nine
        new.devil = self.devil
        new.king_round = self.king_round
        new.items_used = self.items_used
        new.gift = self.gift
        new.hermit = self.hermit
        new.cheer = self.cheer
        new.trick = self.trick
        new.leader = self.leader
        new.turns = self.turns
        new.played = self.played
        new.voids = self.voids
        new.tricks = self.tricks
        new.captured = self.captured
        new.scores = self.scores
        new.deck_left = self.deck_left
        new.tricks_done = self.tricks_done
        new.lead = self.lead
        new.summaries = self.summaries
        return new

    @property
    def to_play(self) -> int | None:
        return self.turns[0] if self.phase == PLAY and self.turns else None

    def standings(self) -> Standings:
        numbers = {}
        for p, who in enumerate(self.players):
            color = self.kings[p]
            if color:
                numbers[who] = self.game.king_number(color, self.king_round[p] is not None)
        return standings(self.players, self.scores, numbers)


def new_game(game: Header) -> State:
    n = len(game.players)
    if n not in (2, 4, 5):
        raise refuse("kings.overview", "players", n=n)
    s = _blank(n).copy()  # a copy: the cached blank is never handed out
    s.game = game
    return s


@cache
def _blank(n: int) -> State:
    """A new game's state for ``n`` players, but for the game (the same for every game)."""
    s = State.__new__(State)
    values = dict(
        game=None,
        phase=DRAFT,
        round=1,
        picks=(),
        kings=(None,) * n,
        party=((),) * n,
        items=(frozenset(),) * n,
        fronts=((),) * n,
        history=(),
        bid_cards=((),) * n,
        bids=((),) * n,
        partners=(None,) * n,
        nine=frozenset(),
        devil=None,
        king_round=(None,) * n,
        items_used=frozenset(),
        gift=(False,) * n,
        hermit=(False,) * n,
        cheer=(False,) * n,
        trick=(),
        leader=0,
        turns=(),
        played=frozenset(),
        voids=(frozenset(),) * n,
        tricks=(0,) * n,
        captured=((0,) * 6,) * n,
        scores=(),
        deck_left=0,
        tricks_done=0,
        summaries=(),
        lead=None,
    )
    for key, value in values.items():
        setattr(s, key, value)
    return s
