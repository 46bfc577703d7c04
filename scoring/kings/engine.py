"""The KINGs table tracker: ``apply(state, event) -> state``, refusing illegal events.

This module is the public face; the rules live in modules named after the table's parts:

- :mod:`scoring.kings.state` — the game, the state, the phases of a round;
- :mod:`scoring.kings.draft` — the snake draft and two players' Devil (``draft_choices``,
  ``devil_colors``);
- :mod:`scoring.kings.reveals` — the characters turned up and the bids revealed
  (``front_choices``, ``nine_choices``, ``bid_choices``, ``partner_choices``);
- :mod:`scoring.kings.play` — the play of the tricks (``legal``, ``turn_actions``) and the end of a
  round.

Each of those functions lists what a rule allows; ``apply`` refuses what is outside the lists, the
table is offered what is in them and the simulator chooses among them.

>>> from scoring.kings.events import DraftPick
>>> s = replay(Header(("Aki", "Ben", "Chie", "Dan")), [DraftPick(0, king="red"), DraftPick(1, character="Ninja")])
>>> s.phase, s.kings[0], s.party[1]
('draft', 'red', ('Ninja',))
>>> apply(s, DraftPick(3, character="Healer"))
Traceback (most recent call last):
...
scoring.errors.RuleViolation: It is Chie's pick (snake order), not Dan's. [kings.draft]
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from scoring.kings import draft, play, reveals
from scoring.kings.draft import (
    available_kings,
    devil_chooser,
    devil_colors,
    draft_choices,
    draft_order,
)
from scoring.kings.events import BidsRevealed, CardPlayed, DraftPick, Event, FrontsRevealed
from scoring.kings.play import could_hold, follows, legal, round_summary, turn_actions
from scoring.kings.reveals import (
    BidChoice,
    back_kinds,
    bid_choices,
    bid_count,
    bid_kinds,
    bid_pool,
    bid_targets,
    each_bid_kind,
    front_choices,
    front_pool,
    front_sizes,
    in_play,
    may_aim,
    nine_choices,
    partner_choices,
    party_left,
    reveal_draws,
)
from scoring.kings.state import BIDS, DEVIL, DRAFT, FRONTS, OVER, PLAY, Header, State, new_game, tricks_per_round
from scoring.log import fold

_HANDLERS: dict[type, Callable[[State, Event], State]] = {**draft.HANDLERS, **reveals.HANDLERS, **play.HANDLERS}
# The events whose checks cost the most, applied without them (see ``advance``).
_UNCHECKED: dict[type, Callable[[State, Event], State]] = {
    DraftPick: partial(draft.draft_pick, check=False),
    CardPlayed: partial(play.card_played, check=False),
    FrontsRevealed: partial(reveals.fronts_revealed, check=False),
    BidsRevealed: partial(reveals.bids_revealed, check=False),
}


def replay(game: Header, events: list[Event]) -> State:
    """The state after ``events`` from a new game."""
    return fold(apply, new_game(game), events, handlers=_HANDLERS)


def apply(s: State, e: Event) -> State:
    """The state after one more event, or a ``RuleViolation`` that says which rule it breaks."""
    handler = _HANDLERS.get(type(e))
    if handler is None:
        raise TypeError(f"not a KINGs event: {e!r}")
    return handler(s, e)


def advance(s: State, e: Event) -> State:
    """The state after one more event that the engine's own lists offered, in its spelling: the
    simulator's, which chooses every event among them. ``apply`` without looking again for the
    refusals of a pick, the fronts, the bids or a card; ``apply`` and ``replay`` check every event,
    so a simulated game is checked whenever it is replayed."""
    return _UNCHECKED.get(type(e), apply)(s, e)


__all__ = [
    "BIDS",
    "DEVIL",
    "DRAFT",
    "FRONTS",
    "OVER",
    "PLAY",
    "BidChoice",
    "Header",
    "State",
    "advance",
    "apply",
    "available_kings",
    "back_kinds",
    "bid_choices",
    "bid_count",
    "bid_kinds",
    "bid_pool",
    "bid_targets",
    "could_hold",
    "devil_chooser",
    "devil_colors",
    "draft_choices",
    "draft_order",
    "each_bid_kind",
    "follows",
    "front_choices",
    "front_pool",
    "front_sizes",
    "in_play",
    "legal",
    "may_aim",
    "new_game",
    "nine_choices",
    "partner_choices",
    "party_left",
    "replay",
    "reveal_draws",
    "round_summary",
    "tricks_per_round",
    "turn_actions",
]
