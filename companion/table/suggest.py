"""What could be typed next: the pick-list of the table screen (F3), from the game's legal moves.

Each choice comes with the line it leaves in the entry line:

* nothing typed — the entries that may come next;
* a line the game can continue (a Trickster hero card, ``fronts Aki=Healer``, ``Aki=``) — what
  continues it, added after it;
* a word being typed (``RG``, ``pick Ber``) — the choices for that word that start with it, in its
  place.

A line nothing can continue offers nothing: a pick never turns it into a line the rules refuse.
Phantom after ``Aki=`` offers its cards, and ``Aki=1`` narrows them:

>>> from scoring.registry import get
>>> sheriff = get("sheriff")
>>> p = sheriff.new({"players": ["Aki", "Ben", "Chie"]})
>>> p = sheriff.apply(p, sheriff.parse("deal joker=Ben Aki=mayor Ben=sheriff Chie=robber trump=spades", p))
>>> [line for _, _, line in completions(p, "K")]
['Ks', 'Kh', 'Kd', 'Kc']
>>> completions(p, "Kh")
[]
>>> phantom = get("phantom")
>>> q = phantom.new({"players": ["Aki", "Ben", "Chie"]})
>>> [line for _, _, line in completions(q, "Aki=1")], [line for _, _, line in completions(q, "Aki=10:")]
(['Aki=10'], ['Aki=10:blue'])
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring import contract
from scoring.errors import RuleViolation
from scoring.game import Position
from scoring.registry import get
from scoring.words import say, say_all

BINDING = ("=", ":", ",", ">")  # a line ending in one of these goes on without a space (Aki=8:red, Aki>Ben)


def completions(position: Position, typed: str = "", lang: str = "en") -> list[tuple[str, str, str]]:
    """(what to pick, what it is, the line it leaves) for each choice F3 offers."""
    game = get(position.game)
    line = typed.strip()
    if not line:
        return [(m.text, say(m.label, lang), m.text) for m in game.completions(position, "")]
    moves = game.completions(position, line)
    if line.endswith(BINDING):  # a value comes next (Aki=Healer, robber:K): never a part of its own
        moves = [m for m in moves if "=" not in m.text]
    if moves:  # glued on after NAME= or CARD: and before a word that starts so (,trap:0: another card)
        return [(m.text, say(m.label, lang), line + _glue(line, m.text) + m.text) for m in moves]
    if typed.endswith(" "):
        return []
    head, _, word = line.rpartition(" ")
    bound = max(line.rfind(b) for b in BINDING)
    if bound >= len(line) - len(word):  # a value being typed after NAME= or CARD: (Aki=Ma)
        head, word = line[: bound + 1], line[bound + 1 :]
    glue = "" if not head or head.endswith(BINDING) else " "
    return [
        (m.text, say(m.label, lang), (head + glue + m.text) if head else m.text)
        for m in game.completions(position, head.strip())
        if m.text.lower().startswith(word.lower()) and m.text.lower() != word.lower()
    ]


def _glue(line: str, text: str) -> str:
    return "" if line.endswith(BINDING) or text.startswith(BINDING) else " "


def said_once(labels: Sequence[str]) -> str:
    """What every one of several choices' words starts with, up to its ``: `` or ``：``: said once
    above them (the laptop's choices line, the phone's buttons), each choice then saying only what
    tells it apart.

    >>> said_once(["trash 1/6: red Brigand", "trash 1/6: orange Brigand"]), said_once(["red", "blue"])
    ('trash 1/6: ', '')
    >>> said_once(["捨て札 1/6：赤の野盗", "捨て札 1/6：橙の野盗"])
    '捨て札 1/6：'
    """
    if len(labels) < 2:
        return ""
    shared = labels[0]
    for label in labels[1:]:
        while not label.startswith(shared):
            shared = shared[:-1]
    cut = max(shared.rfind(": ") + 1, shared.rfind("："))
    return shared[: cut + 1] if cut > 0 else ""


def what_it_does(position: Position, after: Position, lang: str = "en") -> str:
    """What an entry that leads from ``position`` to ``after`` does, in the table's words: the first
    thing the table is told of it (``YSAI Chie`` alone moves a card from Chie's hand to the
    player's), as the laptop's line says it beside a longer choice and a phone's button under
    "Record …"; "" when the game tells nothing of it, and in a game with cards lying face down
    (LOUDER TRICKSTAR): there what a line would do before it is recorded may tell a face-down card
    (``use trickster at 0,1`` would say what the flip collects), and a player could try cell after
    cell without recording one."""
    game = get(position.game)
    if contract.secrecy(game) is not None:
        return ""
    try:
        told = say_all(game.told(position, after), lang)
    except (RuleViolation, KeyError, ValueError, TypeError, IndexError):  # a telling that cannot be said
        return ""
    return told[0] if told else ""
