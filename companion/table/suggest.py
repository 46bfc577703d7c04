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

from scoring.game import Position
from scoring.registry import get
from scoring.words import say

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
    if moves:
        glue = "" if line.endswith(BINDING) else " "
        return [(m.text, say(m.label, lang), line + glue + m.text) for m in moves]
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
