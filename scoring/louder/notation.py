"""LOUDER TRICKSTAR's typed notation: the line a player types at the table, and the line for a turn."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from scoring import notation
from scoring.errors import RuleViolation
from scoring.louder.engine import parse_card
from scoring.louder.words import fact
from scoring.notation import NameWords, named, once, unreadable, words_of

HIDDEN = "■"  # how the screen shows a placement's card while it is typed
SAME = "same"  # says same: announced as the card placed, whatever it is


class _Names(NameWords):
    """LOUDER's words for a typed name that fits several players, or none: its catalogue's
    ``refused.name_several`` and ``refused.name_unknown`` (the templates a NameWords holds are
    not used)."""

    def refusal(self, typed: str, names: Sequence[str], line: str, several: bool) -> RuleViolation:
        if several:
            return unreadable(fact("refused.name_several", typed=typed, names=tuple(names)))
        return unreadable(fact("refused.name_unknown", typed=typed, players=tuple(names)))


NAMES = _Names()


def player(name: str, players: Sequence[str]) -> str:
    """The player a typed name means (:func:`scoring.notation.player`, in LOUDER's words).

    >>> player("b", ["Aki", "Ben", "Chie"]), player("CHIE", ["Aki", "Ben", "Chie"]), player("Ben", ["Ben", "Benji"])
    ('Ben', 'Chie', 'Ben')
    >>> player("Be", ["Aki", "Ben", "Benji"])
    Traceback (most recent call last):
    ...
    scoring.errors.RuleViolation: 'Be' could be Ben or Benji: type more of the name. [record-format]
    """
    return notation.player(name, players, words=NAMES)


def parse_line(line: str, players: Sequence[str] | None = None) -> dict:
    """One LOUDER TRICKSTAR turn; with the ``players``, a name in ``hands`` may be the start of one
    in any case (``hands a=score:2 b=`` names Aki and Ben).

    >>> parse_line("place score:3 at 0,1 says score:5"), parse_line("use trickster at 0,1 0,0")
    ({'place': 'score:3', 'at': [0, 1], 'says': 'score:5'}, {'use': 'trickster', 'flip': [[0, 1], [0, 0]]})
    >>> parse_line("draw"), parse_line("hands a=score:2,seeker BEN=", ["Aki", "Ben", "Chie"])
    ({'draw': True}, {'hands': {'Aki': ['score:2', 'seeker'], 'Ben': []}})
    """
    words = words_of(line)
    read = _KINDS_OF_LINE.get(words[0].lower())
    if read is None:
        raise RuleViolation("record-format", fact("refused.line"))
    return read(words, line, players)


def _cell(text: str) -> list[int]:
    """A typed cell, column,row."""
    x, _, y = text.partition(",")
    try:
        return [int(x), int(y)]
    except ValueError:
        raise RuleViolation("record-format", fact("refused.cell", text=text)) from None


def _draw(words: list[str], line: str, players: Sequence[str] | None) -> dict:
    """``draw``: the player whose turn it is draws one card."""
    if len(words) > 1:
        raise unreadable(fact("refused.draw_alone"))
    return {"draw": True}


def _place(words: list[str], line: str, players: Sequence[str] | None) -> dict:
    """``place CARD at X,Y says CARD``: after the card, each of at and says once, with its value.
    A card may be typed short (``s3``) and is kept as its code; ``says same`` announces the card
    placed. The rules say a placement is announced, so a typed line says what it announces (a
    record written before may lack it).

    >>> parse_line("place s3 at 0,0 says s5"), parse_line("place e-2 at 1,0 says same")["says"]
    ({'place': 'score:3', 'at': [0, 0], 'says': 'score:5'}, 'enemy:-2')
    """
    pairs = [(key.lower(), value) for key, value in zip(words[2::2], words[3::2], strict=False)]
    keys = [key for key, _ in pairs]
    if (
        len(words) < 2
        or len(words) % 2
        or "at" not in keys
        or len(set(keys)) != len(keys)
        or not set(keys) <= {"at", "says"}
    ):
        raise unreadable(fact("refused.place_form"))
    if words[1] == HIDDEN:
        raise unreadable(fact("refused.place_hidden", hidden=HIDDEN))
    card = _code(words[1])
    turn = {"place": card, **{key: _cell(value) if key == "at" else _code(value, card) for key, value in pairs}}
    if "says" not in keys:
        raise RuleViolation("louder.place", fact("refused.place_unsaid"))
    return {key: turn[key] for key in ("place", "at", "says") if key in turn}


def _code(typed: str, placed: str = "") -> str:
    """A card as the record keeps it: a placement card's code however typed (``s3`` is
    ``score:3``), ``same`` the card ``placed``; anything else as typed, for the rules to judge."""
    if placed and typed.lower() == SAME:
        return placed
    try:
        card = parse_card(typed)
    except RuleViolation:
        return typed
    return card.code() if card.placement and card.known else typed


def _use(words: list[str], line: str, players: Sequence[str] | None) -> dict:
    """``use CARD [at X,Y …]``: a strategy card and the cells it flips, in order (``at`` may be
    left out: ``use trickster 0,1 0,0`` is read the same).

    >>> parse_line("use trickster 0,1 0,0") == parse_line("use trickster at 0,1 0,0"), parse_line("use seeker")
    (True, {'use': 'seeker'})
    """
    cells = words[3:] if len(words) > 2 and words[2].lower() == "at" else words[2:]
    if len(words) < 2 or (len(words) > 2 and not cells):
        raise unreadable(fact("refused.use_form"))
    turn: dict = {"use": words[1]}
    if cells:
        turn["flip"] = [_cell(w) for w in cells]
    return turn


def _hands(words: list[str], line: str, players: Sequence[str] | None) -> dict:
    """``hands NAME=CARD,… …``: the cards each player holds."""
    pairs = named(words[1:], line, "hands Aki=score:2,seeker Ben=")
    if players is not None:
        pairs = [(player(who, players), cards) for who, cards in pairs]
        once([who for who, _ in pairs], line)
    return {"hands": {who: [c for c in cards.split(",") if c] for who, cards in pairs}}


# each kind of line by its first word
_KINDS_OF_LINE: dict[str, Callable[[list[str], str, Sequence[str] | None], dict]] = {
    "draw": _draw,
    "place": _place,
    "use": _use,
    "hands": _hands,
}


def line_for(turn: dict) -> str:
    """The quick line for a LOUDER TRICKSTAR turn (the inverse of ``parse_line``).

    >>> for line in ("draw", "place score:3 at 0,1 says score:5", "place trap:0 at 1,1 says trap:0",
    ...              "use trickster at 0,1 0,0", "use seeker", "hands Aki=score:2 Ben="):
    ...     assert line_for(parse_line(line)) == line
    """
    if "draw" in turn:
        return "draw"
    if "place" in turn:
        says = f" says {turn['says']}" if "says" in turn else ""
        return f"place {turn['place']} at {turn['at'][0]},{turn['at'][1]}{says}"
    if "use" in turn:
        cells = [f"{x},{y}" for x, y in turn.get("flip", [])]
        return " ".join([f"use {turn['use']}", *(["at", *cells] if cells else [])])
    return "hands " + " ".join(f"{who}={','.join(cards)}" for who, cards in turn["hands"].items())
