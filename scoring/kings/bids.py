"""A KINGs bid as both records write it: ``{"tricks": 2, "points": 50}`` as printed on the card's
back, or a special back, ``{"special": "devil_miss"}``, ``{"special": "copy", "of": NAME}``,
``{"special": "bond", "partner": NAME}``. The scoresheet and the trick-by-trick record share it.

>>> players = ("Aki", "Ben", "Chie")
>>> read_bid({"tricks": 2, "points": 50}, players, 0, 5)
Bid(kind='tricks', tricks=2, points=50, other=None)
>>> b = read_bid({"special": "copy", "of": "Chie"}, players, 0, 5)
>>> b, bid_json(b, players)
(Bid(kind='copy', tricks=0, points=0, other=2), {'special': 'copy', 'of': 'Chie'})
>>> read_bid({"special": "bond", "partner": "Aki"}, players, 0, 5)
Traceback (most recent call last):
...
scoring.errors.RuleViolation: a bond bid names another player, not yourself. [kings.bids]
"""

from __future__ import annotations

from typing import Any

from scoring.errors import RuleViolation
from scoring.kings.cards import character
from scoring.kings.scoring import Bid
from scoring.kings.state import Back
from scoring.kings.words import fact
from scoring.recordkit import bad, need_dict, need_int, only_keys, seat
from scoring.words import say, spoken

SPECIAL = ("devil_miss", "copy", "bond")


def read_bid(obj: Any, players: tuple[str, ...], me: int, max_tricks: int) -> Bid:
    """One bid of player ``me``, checked: a number of tricks from 0 to ``max_tricks``, or a special
    back naming another player."""
    obj = need_dict(obj, "a bid")
    if "special" in obj:
        kind = obj["special"]
        if kind == "devil_miss":
            only_keys(obj, {"special"}, "a bid-miss bid")
            return Bid("devil_miss")
        if kind in ("copy", "bond"):
            key = "of" if kind == "copy" else "partner"
            only_keys(obj, {"special", key}, f"a {kind} bid")
            other = seat(players, obj.get(key))
            if other == me:
                raise RuleViolation("kings.bids", fact("refused.aimed_at_self", kind=kind))
            return Bid(kind, other=other)
        raise bad(fact("refused.special_bid", kind=kind))
    only_keys(obj, {"tricks", "points"}, "a bid")
    return Bid(
        "tricks",
        need_int(obj.get("tricks"), "bid tricks", 0, max_tricks),
        need_int(obj.get("points"), "bid points", 0, 1000),
    )


def bid_json(b: Bid, players: tuple[str, ...]) -> dict:
    """A bid as the records write it (the inverse of :func:`read_bid`)."""
    if b.kind == "tricks":
        return {"tricks": b.tricks, "points": b.points}
    if b.kind == "devil_miss":
        return {"special": "devil_miss"}
    return {"special": b.kind, ("of" if b.kind == "copy" else "partner"): players[b.other]}


def read_backs(obj: Any) -> dict[str, tuple[Back, ...]]:
    """What the backs of the table's own characters print (the header's ``backs``), by character,
    each named in any language the data gives (its English name kept). A character's backs are a
    bid ``2/50`` (or ``[2, 50]``), ``copy``, or several copies' backs joined by ``+`` or in a list
    (``0/50+2/50``); a Devil or a Cheerleader prints no number (its back is its own), so none is
    taken for it.

    >>> read_backs({"Hermit": "0/50+2/50", "neme": "copy", "Healer": [3, 70], "Samurai": ["1/40", [2, 50]]})
    {'Hermit': ((0, 50), (2, 50)), 'Neme': ('copy',), 'Healer': ((3, 70),), 'Samurai': ((1, 40), (2, 50))}
    >>> read_backs({"Devil": "2/50"})
    Traceback (most recent call last):
    ...
    scoring.errors.RuleViolation: The Devil's back is its own (devil miss): it prints no bid to give. [record-format]
    """
    out = {}
    for name, given in need_dict(obj, "backs").items():
        c = character(str(name))
        if c.back != "bid":
            raise bad(fact("refused.back_own", character=fact("character", name=c.name), back=fact(f"back.{c.back}")))
        if isinstance(given, list) and len(given) == 2 and all(isinstance(v, int) for v in given):
            given = [given]  # one back as [tricks, points]
        pieces = given.split("+") if isinstance(given, str) else _listed(given, c.name)
        out[c.name] = tuple(_back(piece, c.name) for piece in pieces)
    return out


def _listed(value: Any, name: str) -> list:
    if not isinstance(value, list) or not value:
        raise bad(fact("refused.back_form", character=fact("character", name=name), typed=str(value)))
    return value


def _back(piece: Any, name: str) -> Back:
    """One printed back: ``2/50`` or ``[2, 50]`` (a bid of tricks and points) or ``copy`` (in any
    language the games speak)."""
    if isinstance(piece, str) and piece.strip().lower() in {say(fact("line.copy"), lang).lower() for lang in spoken()}:
        return "copy"
    pair = piece.strip().split("/") if isinstance(piece, str) else piece
    try:
        tricks, points = (int(v) for v in pair)
    except (TypeError, ValueError):
        raise bad(fact("refused.back_form", character=fact("character", name=name), typed=str(piece))) from None
    if not (0 <= tricks <= 9 and 0 <= points <= 1000):
        raise bad(fact("refused.back_form", character=fact("character", name=name), typed=str(piece)))
    return tricks, points
